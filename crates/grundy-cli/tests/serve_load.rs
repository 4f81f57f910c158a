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
