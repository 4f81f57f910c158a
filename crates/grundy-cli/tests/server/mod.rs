//! What the `grundy serve` tests share: the real server on a free port of 127.0.0.1, and a small
//! HTTP/1.1 client over `std::net::TcpStream` (one request per connection).

#![allow(dead_code, reason = "each test file uses its own part")]

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// The header of a JSON body.
pub const JSON: (&str, &str) = ("Content-Type", "application/json");

/// The binary under test.
pub const BINARY: &str = env!("CARGO_BIN_EXE_grundy");

/// A running `grundy serve`, stopped (killed) when dropped.
pub struct Server {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
}

impl Server {
    /// Starts `grundy serve --port 0 ARGS` and waits for its `listening on` line.
    pub fn start(args: &[&str]) -> Server {
        Server::start_with(args, &[])
    }

    /// [`Server::start`] with environment variables set.
    pub fn start_with(args: &[&str], environment: &[(&str, &str)]) -> Server {
        let mut child = Command::new(BINARY)
            .args(["serve", "--port", "0"])
            .args(args)
            .envs(environment.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the server prints a line");
        let url = line
            .trim_end()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("the first line names the address: {line:?}"))
            .to_owned();
        let address = url
            .strip_prefix("http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .expect("the address is http://HOST:PORT/")
            .to_owned();
        Server {
            child,
            address,
            url,
        }
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Response {
        request(&self.address, "GET", path, &[], b"")
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, body: &str) -> Response {
        request(&self.address, "POST", path, &[JSON], body.as_bytes())
    }

    /// `POST path` with a `serde_json` value.
    pub fn post_json(&self, path: &str, body: &serde_json::Value) -> Response {
        self.post(path, &body.to_string())
    }

    /// The server's resident memory now and at its peak, in KiB (`VmRSS`, `VmHWM`).
    pub fn memory_kib(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc/PID/status is readable");
        let field = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|kib| kib.parse().ok())
                .unwrap_or_else(|| panic!("{name} is in /proc/PID/status"))
        };
        (field("VmRSS:"), field("VmHWM:"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// The body as UTF-8 text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("the body is UTF-8")
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|error| panic!("the body is JSON ({error}): {}", self.text()))
    }

    /// A header's value (names compare without case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// Sends one request on a new connection (`Connection: close`) and reads the whole response.
pub fn request(
    address: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Response {
    let mut stream = TcpStream::connect(address).expect("the server accepts connections");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(name);
        head.push_str(": ");
        head.push_str(value);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    stream
        .write_all(head.as_bytes())
        .expect("the request is sent");
    // A server that answers before reading all of a large body may close the connection: the
    // response is read whatever happens to the rest of the body.
    let _ = stream.write_all(body);
    read_response(&mut stream)
}

/// Reads one response: its head, then its body by Content-Length, by chunks, or to the end of
/// the connection (a peer may keep the connection open after it, so the end is not awaited).
pub fn read_response(stream: &mut TcpStream) -> Response {
    let mut bytes = Vec::new();
    let mut buffer = vec![0u8; 64 << 10];
    loop {
        if let Some(length) = complete(&bytes) {
            bytes.truncate(length);
            break;
        }
        // A reset after the response (the unread rest of a large body) still leaves the
        // response read so far.
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(read) => bytes.extend_from_slice(&buffer[..read]),
        }
    }
    parse_response(&bytes)
}

/// The length of the response at the start of `bytes` once all of it is there.
fn complete(bytes: &[u8]) -> Option<usize> {
    let split = bytes.windows(4).position(|window| window == b"\r\n\r\n")? + 4;
    let head = String::from_utf8_lossy(&bytes[..split]).to_ascii_lowercase();
    let header = |name: &str| {
        head.split("\r\n")
            .filter_map(|line| line.split_once(':'))
            .find(|(key, _)| key.trim() == name)
            .map(|(_, value)| value.trim().to_owned())
    };
    if let Some(length) = header("content-length").and_then(|value| value.parse::<usize>().ok()) {
        return (bytes.len() >= split + length).then_some(split + length);
    }
    if header("transfer-encoding").is_some_and(|value| value == "chunked") {
        let end = bytes[split..]
            .windows(5)
            .position(|window| window == b"0\r\n\r\n")?;
        return Some(split + end + 5);
    }
    None
}

/// Parses `HTTP/1.1 STATUS …\r\nheaders\r\n\r\nbody` (the body by Content-Length or to the end,
/// chunked bodies joined).
pub fn parse_response(bytes: &[u8]) -> Response {
    let split = bytes
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("a response: {:?}", String::from_utf8_lossy(bytes)));
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().expect("a status line");
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("a status: {status_line}"));
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_owned(), value.trim().to_owned()))
        .collect();
    let mut body = bytes[split + 4..].to_vec();
    let chunked = headers.iter().any(|(name, value)| {
        name.eq_ignore_ascii_case("transfer-encoding") && value.eq_ignore_ascii_case("chunked")
    });
    if chunked {
        body = dechunk(&body);
    }
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut bytes: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let Some(end) = bytes.windows(2).position(|window| window == b"\r\n") else {
            return body;
        };
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&bytes[..end])
                .split(';')
                .next()
                .unwrap_or("0")
                .trim(),
            16,
        )
        .unwrap_or(0);
        if size == 0 {
            return body;
        }
        let start = end + 2;
        body.extend_from_slice(&bytes[start..start + size]);
        bytes = &bytes[start + size + 2..];
    }
}
