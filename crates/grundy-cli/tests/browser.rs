//! The playground in a real browser: headless Chromium driven over `WebDriver` (the W3C protocol,
//! JSON over HTTP, spoken by the small client of `server`), against the real `grundy serve`.
//! Without `chromium` and `chromedriver` the test says SKIPPED — and fails when `CI` is set.
//! With `GRUNDY_SCREENSHOT=path` it also saves its screenshot there (docs/images/serve.png).

mod server;

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};
use server::Server;

/// The browser and its driver, where Debian's `chromium` and `chromium-driver` put them.
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The W3C name of an element reference in `WebDriver`'s JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A running chromedriver, killed when dropped.
struct Driver {
    child: Child,
    address: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser session.
struct Session<'a> {
    driver: &'a Driver,
    id: String,
}

impl Driver {
    /// Starts chromedriver on a free port of 127.0.0.1 and waits until it is ready.
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .args([
                format!("--port={port}"),
                "--allowed-ips=127.0.0.1".to_owned(),
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs");
        let driver = Driver {
            child,
            address: format!("127.0.0.1:{port}"),
        };
        // Ready when /status says so; until it listens, connections are refused.
        for _ in 0..2000 {
            if std::net::TcpStream::connect(&driver.address).is_ok()
                && driver.call("GET", "/status", None)["ready"] == true
            {
                return driver;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("chromedriver did not become ready");
    }

    /// A `WebDriver` command: its `value`.
    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let body = body.map(Value::to_string).unwrap_or_default();
        let response = server::request(
            &self.address,
            method,
            path,
            &[("Content-Type", "application/json")],
            body.as_bytes(),
        );
        let answer = response.json();
        assert_eq!(response.status, 200, "{method} {path}: {answer}");
        answer["value"].clone()
    }

    /// A headless Chromium with a fresh profile in `profile`.
    fn session(&self, profile: &Path) -> Session<'_> {
        let arguments = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1100,1500",
            "--hide-scrollbars",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let capabilities = json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": { "binary": CHROMIUM, "args": arguments },
                }
            }
        });
        let value = self.call("POST", "/session", Some(&capabilities));
        Session {
            driver: self,
            id: value["sessionId"]
                .as_str()
                .expect("a session id")
                .to_owned(),
        }
    }
}

impl Session<'_> {
    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        self.driver
            .call(method, &format!("/session/{}{path}", self.id), body)
    }

    /// The element `css` selects, if there is one now.
    fn find(&self, css: &str) -> Option<String> {
        let path = format!("/session/{}/element", self.id);
        let body = json!({ "using": "css selector", "value": css }).to_string();
        let response = server::request(
            &self.driver.address,
            "POST",
            &path,
            &[("Content-Type", "application/json")],
            body.as_bytes(),
        );
        (response.status == 200).then(|| {
            response.json()["value"][ELEMENT]
                .as_str()
                .expect("an element reference")
                .to_owned()
        })
    }

    /// Waits for the element `css` selects (the page answers asynchronously).
    fn wait_for(&self, css: &str) -> String {
        for _ in 0..3000 {
            if let Some(element) = self.find(css) {
                return element;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("{css} never appeared");
    }

    fn text(&self, element: &str) -> String {
        self.call("GET", &format!("/element/{element}/text"), None)
            .as_str()
            .expect("text")
            .to_owned()
    }

    /// Replaces a field's text by typing `keys` (`WebDriver`'s key codes: \u{E007} is Enter).
    fn type_into(&self, element: &str, keys: &str) {
        self.call(
            "POST",
            &format!("/element/{element}/clear"),
            Some(&json!({})),
        );
        self.call(
            "POST",
            &format!("/element/{element}/value"),
            Some(&json!({ "text": keys })),
        );
    }

    /// The viewport as PNG bytes.
    fn screenshot(&self) -> Vec<u8> {
        let encoded = self.call("GET", "/screenshot", None);
        base64_decode(encoded.as_str().expect("base64 text"))
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let _ = server::request(
            &self.driver.address,
            "DELETE",
            &format!("/session/{}", self.id),
            &[],
            b"",
        );
    }
}

/// Standard base64 (with padding), as `WebDriver` sends screenshots.
fn base64_decode(text: &str) -> Vec<u8> {
    let digit = |c: u8| match c {
        b'A'..=b'Z' => u32::from(c - b'A'),
        b'a'..=b'z' => u32::from(c - b'a') + 26,
        b'0'..=b'9' => u32::from(c - b'0') + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
    let symbols: Vec<u8> = text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    for group in symbols.chunks(4) {
        let mut word = 0u32;
        for (i, &c) in group.iter().enumerate() {
            word |= digit(c) << (18 - 6 * i);
        }
        let [_, a, b, c] = word.to_be_bytes();
        bytes.extend_from_slice(&[a, b, c][..group.len() - 1]);
    }
    bytes
}

#[test]
fn base64_decodes_as_webdriver_encodes() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGk="), b"hi");
    assert_eq!(base64_decode("YWJj"), b"abc");
}

#[test]
fn the_page_solves_subtraction_1_3_4_at_10_18_in_chromium() {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but {CHROMIUM} or {CHROMEDRIVER} is missing: install chromium and chromium-driver"
        );
        eprintln!(
            "SKIPPED: the browser test needs {CHROMIUM} and {CHROMEDRIVER} (Debian: apt-get install chromium chromium-driver)"
        );
        return;
    }
    let server = Server::start(&[]);
    let driver = Driver::start();
    let profile = tempfile::tempdir().expect("a profile directory");
    let session = driver.session(profile.path());
    session.call("POST", "/url", Some(&json!({ "url": server.url })));
    assert_eq!(session.call("GET", "/title", None), "grundy playground");
    // The examples come from /api/games.
    session.wait_for("#example option[value='0']");
    let game = session.wait_for("#game");
    session.type_into(&game, "subtraction:1,3,4");
    // Enter in the position field submits the form: the keyboard is enough.
    let position = session.wait_for("#position");
    session.type_into(&position, "10^18\u{E007}");
    let verdict = session.wait_for("#verdict");
    assert_eq!(session.text(&verdict), "The player to move wins.");
    let moves = session.text(&session.wait_for("#winning-moves"));
    assert_eq!(moves, "take 1 → 999999999999999999");
    let reason = session.text(&session.wait_for("#reason"));
    assert!(reason.contains("period 7"), "{reason}");
    let answer = session.text(&session.wait_for("#answer"));
    assert!(
        answer.contains("Grundy value\n1") || answer.contains("Grundy value 1"),
        "{answer}"
    );
    let period = session.text(&session.wait_for("#period-text"));
    assert!(
        period.contains("period") && period.contains('7'),
        "{period}"
    );
    let table = session.text(&session.wait_for("#table table"));
    assert!(table.starts_with('n'), "{table}");
    let explanation = session.text(&session.wait_for("#explanation-text"));
    assert!(
        explanation.contains("10^18") || explanation.contains("1000000000000000000"),
        "{explanation}"
    );
    // A bad spec shows the command line's caret message in the page.
    session.type_into(&game, "subtraction:1,x\u{E007}");
    let error = session.wait_for("#answer .error");
    let error = session.text(&error);
    assert!(
        error.contains("error: invalid game spec") && error.contains('^'),
        "{error}"
    );
    session.type_into(&game, "subtraction:1,3,4\u{E007}");
    session.wait_for("#verdict");
    session.wait_for("#explanation-text");
    let picture = session.screenshot();
    assert!(
        picture.starts_with(b"\x89PNG\r\n\x1a\n"),
        "a PNG screenshot"
    );
    let saved = profile.path().join("serve.png");
    std::fs::write(&saved, &picture).expect("the screenshot is saved");
    if let Some(path) = std::env::var_os("GRUNDY_SCREENSHOT") {
        std::fs::write(&path, &picture).expect("the screenshot is saved at GRUNDY_SCREENSHOT");
        eprintln!("screenshot saved at {}", Path::new(&path).display());
    }
}
