//! `grundy serve` under load: 200 concurrent requests on loopback mixing cheap questions and
//! questions its limits refuse, beyond its turns and queue; each is answered (200), refused by a
//! limit (422) or turned away (503) — which of them depends on the scheduling, so only the kinds
//! are checked; afterwards it still answers, and its memory stayed bounded. The figures
//! (BENCHMARKS.md) are printed, never asserted on.

mod server;

use std::sync::{Arc, Barrier};

use server::Server;

/// The requests, in turn: a cheap answer, and two the server's `--max 1000` refuses (one after
/// computing up to its limit, one before computing anything).
const REQUESTS: [(&str, &str); 4] = [
    (
        "/api/solve",
        r#"{"game": "subtraction:1,3,4", "position": "10^18"}"#,
    ),
    ("/api/table", r#"{"game": "0.6", "to": 5000}"#),
    (
        "/api/solve",
        r#"{"game": "subtraction:primes", "position": "1000000"}"#,
    ),
    (
        "/api/table",
        r#"{"game": "subtraction:1,3,4", "to": "10^12"}"#,
    ),
];

#[test]
fn two_hundred_concurrent_requests_leave_the_server_answering_within_its_memory() {
    let server = Server::start(&["--max", "1000", "--max-memory", "64M"]);
    let expected = server.post(REQUESTS[0].0, REQUESTS[0].1).text();
    let (before, _) = server.memory_kib();
    let clients = 200;
    let start = Arc::new(Barrier::new(clients));
    let began = std::time::Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|i| {
            let (address, start) = (server.address.clone(), Arc::clone(&start));
            std::thread::spawn(move || {
                let (path, body) = REQUESTS[i % REQUESTS.len()];
                start.wait();
                let answer =
                    server::request(&address, "POST", path, &[server::JSON], body.as_bytes());
                (i % REQUESTS.len(), answer)
            })
        })
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    for thread in threads {
        let (kind, answer) = thread.join().expect("a client");
        *counts.entry(answer.status).or_insert(0) += 1;
        match answer.status {
            200 => {
                assert_eq!(
                    kind,
                    0,
                    "only the cheap question is answered: {}",
                    answer.text()
                );
                assert_eq!(answer.text(), expected);
            }
            422 => assert_ne!(
                kind,
                0,
                "the cheap question is not refused: {}",
                answer.text()
            ),
            503 => assert!(
                answer.json()["error"]
                    .as_str()
                    .is_some_and(|e| e.starts_with("the server is busy"))
            ),
            status => panic!("status {status}: {}", answer.text()),
        }
    }
    let seconds = began.elapsed().as_secs_f64();
    let (after, peak) = server.memory_kib();
    println!(
        "{clients} concurrent requests in {seconds:.2} s: {counts:?} (status: count); VmRSS {before} KiB before, {after} KiB after, VmHWM {peak} KiB"
    );
    // Still answering, and every turn given back.
    assert_eq!(server.post(REQUESTS[0].0, REQUESTS[0].1).text(), expected);
    let status = server.get("/api/status").json();
    assert_eq!(
        (status["running"].as_u64(), status["waiting"].as_u64()),
        (Some(0), Some(0))
    );
    // Bounded: at most a few computations of 64 MiB each, and the connections' buffers.
    assert!(peak < 512 * 1024, "VmHWM {peak} KiB");
}

/// Sends a whole request on a new connection and returns the connection unread: the request
/// runs on the server until its answer is read or the connection is dropped.
fn send(address: &str, path: &str, body: &str) -> std::net::TcpStream {
    use std::io::Write as _;
    let mut stream = std::net::TcpStream::connect(address).expect("the server accepts");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("sent");
    stream.write_all(body.as_bytes()).expect("sent");
    stream
}

/// Waits (on the server's own status, never on a clock) until `long` computations are in the
/// lane of long ones.
fn wait_for_long(server: &Server, long: u64) {
    while server.get("/api/status").json()["long"] != long {
        std::thread::yield_now();
    }
}

/// Issue 27: with two expensive computations running on a server of two turns (as on a
/// two-core machine), fifty cheap questions are answered while both still run — they moved to
/// the lane of long computations and gave their turns back. The latencies are printed (for
/// BENCHMARKS.md), never asserted on.
#[test]
fn two_long_computations_leave_every_turn_to_cheap_questions() {
    let server = Server::start(&["--max-concurrent", "2", "--queue", "4", "--timeout", "300"]);
    // No certificate exists and each value costs more than the one before: each runs until
    // its deadline.
    let expensive = r#"{"game": "0.2!b!6e!"}"#;
    let long: Vec<_> = (0..2)
        .map(|_| send(&server.address, "/api/period", expensive))
        .collect();
    wait_for_long(&server, 2);
    let clients = 5;
    let threads: Vec<_> = (0..clients)
        .map(|_| {
            let address = server.address.clone();
            std::thread::spawn(move || {
                (0..10)
                    .map(|_| {
                        let began = std::time::Instant::now();
                        let answer = server::request(
                            &address,
                            "POST",
                            "/api/solve",
                            &[server::JSON],
                            br#"{"game": "nim", "position": "1,2"}"#,
                        );
                        assert_eq!(answer.status, 200, "{}", answer.text());
                        began.elapsed()
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut latencies: Vec<_> = threads
        .into_iter()
        .flat_map(|thread| thread.join().expect("a client"))
        .collect();
    // Both expensive computations were running all along.
    let status = server.get("/api/status").json();
    assert_eq!(status["long"], 2, "{status}");
    latencies.sort();
    let p95 = latencies[latencies.len() * 95 / 100 - 1];
    println!(
        "50 cheap requests beside 2 long computations: median {:?}, p95 {p95:?}, slowest {:?}",
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1]
    );
    drop(long);
}
