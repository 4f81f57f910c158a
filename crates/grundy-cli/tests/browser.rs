//! The playground in a real browser: headless Chromium driven over `WebDriver` (the W3C protocol,
//! JSON over HTTP, spoken by the small client of `server`), against the real `grundy serve`.
//! Without `chromium` and `chromedriver` the test fails, saying what to install.
//! With `GRUNDY_SCREENSHOT=path` it also saves its screenshot there (docs/images/serve.png).

mod common;
mod server;

use std::io::{BufRead, BufReader};
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
        let mut child = Command::new(CHROMEDRIVER)
            .args([
                format!("--port={port}"),
                "--allowed-ips=127.0.0.1".to_owned(),
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs");
        // Ready when it says so on stdout ("ChromeDriver was started successfully on port N.");
        // the rest of what it prints is read on a thread, so that its pipe never fills.
        let mut lines = BufReader::new(child.stdout.take().expect("its stdout")).lines();
        let started = lines
            .by_ref()
            .map_while(Result::ok)
            .any(|line| line.contains("started successfully"));
        assert!(started, "chromedriver ended without saying it started");
        std::thread::spawn(move || lines.for_each(drop));
        let driver = Driver {
            child,
            address: format!("127.0.0.1:{port}"),
        };
        assert_eq!(driver.call("GET", "/status", None)["ready"], true);
        driver
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
            "--window-size=1100,2900",
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
        let session = Session {
            driver: self,
            id: value["sessionId"]
                .as_str()
                .expect("a session id")
                .to_owned(),
        };
        // How long the page may take to show what a step waits for (`wait_until`): generous for
        // a loaded machine; a page that never gets there fails the call.
        session.call(
            "POST",
            "/timeouts",
            Some(&json!({ "script": 120_000, "pageLoad": 120_000 })),
        );
        session
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

    /// Waits for the element `css` selects (the page answers asynchronously), and returns it.
    fn wait_for(&self, css: &str) -> String {
        self.wait_until(css, None);
        self.find(css)
            .unwrap_or_else(|| panic!("{css} appeared and went"))
    }

    /// Waits until the element `css` selects holds `needle` in its text, and returns that text.
    fn wait_for_text(&self, css: &str, needle: &str) -> String {
        self.wait_until(css, Some(needle));
        self.text(&self.wait_for(css))
    }

    /// Returns when the page has an element `css` (whose text holds `needle`, if given): the
    /// browser itself waits, on a `MutationObserver` of the document, and the session's script
    /// timeout (set when it starts) turns a page that never gets there into a failed call.
    fn wait_until(&self, css: &str, needle: Option<&str>) {
        let script = "const [css, needle, done] = arguments;
            const there = () => { const e = document.querySelector(css);
                return e !== null && (needle === null || e.innerText.includes(needle)); };
            if (there()) { done(true); return; }
            const observer = new MutationObserver(() => {
                if (there()) { observer.disconnect(); done(true); } });
            observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });";
        self.call(
            "POST",
            "/execute/async",
            Some(&json!({ "script": script, "args": [css, needle] })),
        );
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

impl Session<'_> {
    fn click(&self, element: &str) {
        self.call(
            "POST",
            &format!("/element/{element}/click"),
            Some(&json!({})),
        );
    }

    fn attribute(&self, element: &str, name: &str) -> Value {
        self.call("GET", &format!("/element/{element}/attribute/{name}"), None)
    }

    /// A DOM property of an element, as text.
    fn property(&self, element: &str, name: &str) -> String {
        self.call("GET", &format!("/element/{element}/property/{name}"), None)
            .as_str()
            .expect("a text property")
            .to_owned()
    }

    /// All the text of an element, shown or not (`text` is only what is shown).
    fn text_content(&self, element: &str) -> String {
        self.property(element, "textContent")
    }

    /// Clicks the first move button `css` selects under `#play-moves` on your turn, then waits
    /// for your next turn (after the computer's answer) or the end of the game: the number of
    /// the move clicked.
    fn play_turn(&self, css: &str) -> String {
        self.play_turn_by(css, false)
    }

    /// [`Session::play_turn`], by the mouse or by the keyboard (Tab to the button, then Enter).
    fn play_turn_by(&self, css: &str, keyboard: bool) -> String {
        let status = self.wait_for("#play-status[data-state='your-move']");
        let turn: u64 = self
            .attribute(&status, "data-turn")
            .as_str()
            .and_then(|turn| turn.parse().ok())
            .expect("the turn");
        let button = self.wait_for(&format!("#play-moves {css}"));
        let label = self.text(&button);
        if keyboard {
            // Focus is on the first move of your turn; Tab walks the buttons to the one chosen.
            let focused = self.call("GET", "/element/active", None);
            let first = self.wait_for("#play-moves button:not([disabled])");
            assert_eq!(
                focused[ELEMENT].as_str(),
                Some(first.as_str()),
                "the first move has the focus"
            );
            let mut focused = first;
            for _ in 0..100 {
                if focused == button {
                    break;
                }
                self.call(
                    "POST",
                    "/actions",
                    Some(&json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
                        { "type": "keyDown", "value": "\u{E004}" }, { "type": "keyUp", "value": "\u{E004}" }
                    ] }] })),
                );
                self.call("GET", "/element/active", None)[ELEMENT]
                    .as_str()
                    .expect("an element has the focus")
                    .clone_into(&mut focused);
            }
            assert_eq!(focused, button, "Tab reaches the move");
            self.call(
                "POST",
                "/actions",
                Some(&json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
                    { "type": "keyDown", "value": "\u{E007}" }, { "type": "keyUp", "value": "\u{E007}" }
                ] }] })),
            );
        } else {
            self.click(&button);
        }
        self.wait_for(&format!(
            "#play-result, #play-status[data-state='your-move'][data-turn='{}']",
            turn + 2
        ));
        label.split('.').next().expect("a number").to_owned()
    }

    /// The texts of every element `css` selects, in order.
    fn texts(&self, css: &str) -> Vec<String> {
        let elements = self.call(
            "POST",
            "/elements",
            Some(&json!({ "using": "css selector", "value": css })),
        );
        elements
            .as_array()
            .expect("a list")
            .iter()
            .map(|element| self.text(element[ELEMENT].as_str().expect("an element reference")))
            .collect()
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
        let why = format!(
            "it needs {CHROMIUM} and {CHROMEDRIVER} (Debian: apt-get install chromium chromium-driver)"
        );
        common::missing_tool("the browser test", &why);
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
    // Under the table, the rule grundy pattern finds, certified by the period.
    let rule = session.wait_for_text("#rule", "mod 7");
    assert!(
        rule.contains("loses iff n ≡ 0 or 2 (mod 7)") && rule.contains("certified"),
        "{rule}"
    );
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
    // Integers beyond 2^53 stay exact in the page (JSON numbers of any size).
    session.type_into(&game, "nim");
    session.type_into(&position, "1000000000000000001,0\u{E007}");
    let answer = session.wait_for_text("#answer", "1000000000000000001");
    assert!(!answer.contains("1000000000000000000"), "{answer}");
    valid_games_show_no_error(&session, &game, &position);
    session.type_into(&position, "10^18");
    session.type_into(&game, "subtraction:1,3,4\u{E007}");
    session.wait_for("#verdict");
    session.wait_for("#explanation-text");
    the_plot_renders(&session);
    let clicked = two_moves_against_the_computer(&session);
    session.call(
        "POST",
        "/execute/sync",
        Some(&json!({ "script": "window.scrollTo(0, 0); return true;", "args": [] })),
    );
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
    the_games_end_as_in_the_terminal(&session, clicked);
}

/// Valid games whose sections do not all apply (no period for Nim, Wythoff or the contest game;
/// no one-heap table for misère Nim) show a neutral line there and no error box, at the
/// desktop's width and at a phone's 390 px, where nothing runs off the side of the page. A large
/// table shows a page of values with a button for more.
fn valid_games_show_no_error(session: &Session<'_>, game: &str, position: &str) {
    let settled = "return document.getElementById('busy').textContent === 'done' && !document.querySelector('.pending');";
    let wait_settled = || loop {
        if session.call(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": settled, "args": [] })),
        ) == true
        {
            break;
        }
        session.wait_until("#busy", Some("done"));
    };
    let errors = "return Array.from(document.querySelectorAll('.error')).map((e) => e.innerText).join(' | ');";
    for width in [1280, 390] {
        session.call(
            "POST",
            "/window/rect",
            Some(&json!({ "width": width, "height": 2000 })),
        );
        for (spec, at, section) in [
            ("nim", "3,4,5", "#period"),
            ("wythoff", "3,5", "#period"),
            ("oddball:1,2,3", "20", "#period"),
            ("misere:nim", "1,2,3", "#table"),
        ] {
            session.type_into(game, spec);
            session.type_into(position, &format!("{at}\u{E007}"));
            session.wait_for(&format!("{section} .not-applicable"));
            wait_settled();
            let shown = session.call(
                "POST",
                "/execute/sync",
                Some(&json!({ "script": errors, "args": [] })),
            );
            assert_eq!(shown, "", "{spec} at {width} px shows an error box");
            if spec == "wythoff" {
                // Oriented as the plot: heap a across, heap b up.
                let corner = session.text(&session.wait_for("#grid thead th"));
                assert_eq!(corner, "b \\ a");
                let top = session.text(&session.wait_for("#grid tbody tr th"));
                assert_eq!(top, "30", "the top row is the largest b");
            }
            let overflow = session.call(
                "POST",
                "/execute/sync",
                Some(&json!({ "script": "return document.documentElement.scrollWidth - window.innerWidth;", "args": [] })),
            );
            assert!(
                overflow.as_i64().is_some_and(|o| o <= 0),
                "{spec} at {width} px runs {overflow} px off the page"
            );
        }
    }
    session.call(
        "POST",
        "/window/rect",
        Some(&json!({ "width": 1100, "height": 2900 })),
    );
    // A long table comes a page at a time.
    session.type_into(game, "subtraction:1,3,4");
    session.type_into(&session.wait_for("#table-to"), "5000");
    session.type_into(position, "10\u{E007}");
    let more = session.wait_for("#table-more");
    assert!(
        session.text(&more).contains("4489 not shown"),
        "{}",
        session.text(&more)
    );
    session.click(&more);
    session.wait_for_text("#table-more", "3977 not shown");
    session.type_into(&session.wait_for("#table-to"), "30");
}

/// The plot of the game solved, drawn from `/api/plot`.
fn the_plot_renders(session: &Session<'_>) {
    // The plot: the strip of {1,3,4} from 0 to the table's last heap, drawn from /api/plot's SVG,
    // with its legend and caption as text.
    let image = session.wait_for("#plot-image");
    let source = session.attribute(&image, "src");
    assert!(
        source
            .as_str()
            .is_some_and(|src| src.starts_with("data:image/svg+xml") && src.contains("P-position")),
        "{source}"
    );
    let drawn = session.call(
        "POST",
        "/execute/sync",
        Some(&json!({ "script": "const i = document.getElementById('plot-image'); return i.complete && i.naturalWidth;", "args": [] })),
    );
    assert_eq!(drawn, 1000, "the SVG loads as an image 1000 pixels wide");
    // A click opens it full size; the SVG and the PNG can be kept.
    let full = session.attribute(&session.wait_for("#plot-full"), "href");
    assert!(
        full.as_str().is_some_and(|href| href.starts_with("blob:")),
        "{full}"
    );
    let saved = session.attribute(&session.wait_for("#plot-svg"), "download");
    assert!(
        saved
            .as_str()
            .is_some_and(|name| Path::new(name).extension().is_some_and(|e| e == "svg")),
        "{saved}"
    );
    session.wait_for("#plot-png");
    // The legend and the caption, drawn in the picture, are also text for screen readers.
    let legend = session.text_content(&session.wait_for("#plot-legend"));
    assert!(legend.contains("P-position (G = 0): 10"), "{legend}");
    let caption = session.text_content(&session.wait_for("#plot-caption"));
    assert!(caption.contains("period 7"), "{caption}");
    // A kind that does not fit is a message, not a broken image.
    session.click(&session.wait_for("#plot-kind"));
    session.click(&session.wait_for("#plot-kind option[value='outcomes']"));
    let refusal = session.text(&session.wait_for("#plot .error"));
    assert!(refusal.contains("has no ties"), "{refusal}");
    assert!(session.find("#plot-image").is_none());
    session.click(&session.wait_for("#plot-kind option[value='']"));
    session.wait_for("#plot-image");
}

/// A game of subtraction:1,3,4 from 10 against the computer, two moves in: the numbers of
/// the moves clicked.
fn two_moves_against_the_computer(session: &Session<'_>) -> Vec<String> {
    // A game against the computer: subtraction:1,3,4 from 10, you first, hints on.
    // The answer's position, 10^18, is too large to play out: the start stays at the last
    // small position solved.
    let start = session.wait_for("#play-position");
    assert_eq!(
        session.property(&start, "value"),
        "10",
        "the start of a game"
    );
    session.type_into(&start, "10");
    session.click(&session.wait_for("#play-first-me"));
    session.click(&session.wait_for("#play-start"));
    session.wait_for("#play-status[data-state='your-move'][data-turn='1']");
    assert_eq!(session.texts("#play-board .heap-size"), ["10"]);
    // With hints the winning moves are green: take 1 or 3, leaving the P-positions 9 and 7;
    // taking 4 loses.
    let winning = session.texts("#play-moves button.move-win");
    assert_eq!(winning.len(), 2, "{winning:?}");
    assert!(
        winning[1].starts_with("2. take 3 → 7") && winning[1].ends_with("win in 5"),
        "{winning:?}"
    );
    let losing = session.texts("#play-moves button.move-lose");
    assert_eq!(losing.len(), 1, "{losing:?}");
    assert!(losing[0].starts_with("3. take 4 → 6"), "{losing:?}");
    let mut clicked = vec![session.play_turn("li:nth-child(2) button.move-win")];
    // The computer's reply is announced (a live region), as the terminal prints it.
    let announced = session.wait_for_text("#play-announce", "The computer played");
    assert!(
        announced.starts_with("The computer played take"),
        "{announced}"
    );
    // The computer answered (its `best`): your turn again, at the third position of the game.
    let history = session.texts("#play-history tbody tr");
    assert_eq!(history.len(), 3, "{history:?}");
    assert!(
        history[0].starts_with("1 10 you win in 5 take 3 → 7"),
        "{history:?}"
    );
    assert!(
        history[1].starts_with("2 7 computer lose in 4 "),
        "{history:?}"
    );
    assert!(
        history[2].starts_with("3 ") && history[2].contains(" you win in 3"),
        "{history:?}"
    );
    // A second winning move, by the keyboard, and the computer's second answer.
    clicked.push(session.play_turn_by("button.move-win", true));
    let history = session.texts("#play-history tbody tr");
    assert_eq!(history.len(), 5, "{history:?}");
    assert!(history[3].contains(" computer lose in "), "{history:?}");
    let value = session.text(&session.wait_for("#play-value"));
    assert!(value.contains("you to move: win in "), "{value}");
    // Undo takes back your move and the computer's answer; redo plays them again.
    session.click(&session.wait_for("#play-undo"));
    session.wait_for("#play-status[data-state='your-move'][data-turn='3']");
    session.click(&session.wait_for("#play-redo"));
    session.wait_for("#play-status[data-state='your-move'][data-turn='5']");
    clicked
}

/// The game played to its end, then a game lost by a mistake: the closing lines are the
/// terminal's.
fn the_games_end_as_in_the_terminal(session: &Session<'_>, mut clicked: Vec<String>) {
    // The last move ends the game; the closing line is the terminal's for the same moves.
    while session.find("#play-result").is_none() {
        clicked.push(session.play_turn("button.move-win"));
    }
    let result = session.text(&session.wait_for("#play-result"));
    assert_eq!(result, cli_result("subtraction:1,3,4", "10", &clicked));
    assert_eq!(result, "you won; the computer never had a winning position");
    // A game lost by a mistake: the closing line says where, as the terminal does.
    session.click(&session.wait_for("#play-start"));
    session.wait_for("#play-status[data-state='your-move'][data-turn='1']");
    let mut clicked = vec![session.play_turn("button.move-lose")];
    while session.find("#play-result").is_none() {
        clicked.push(session.play_turn("button.move"));
    }
    let result = session.text(&session.wait_for("#play-result"));
    assert_eq!(result, cli_result("subtraction:1,3,4", "10", &clicked));
    assert_eq!(
        result,
        "the computer won; you went wrong at move 1: take 4 from 10 turned a win into a loss"
    );
}

/// The closing line of `grundy play GAME POSITION` given the moves numbered `moves`.
fn cli_result(game: &str, position: &str, moves: &[String]) -> String {
    use std::io::Write as _;
    let mut child = Command::new(server::BINARY)
        .args(["play", game, position])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let lines = moves.join("\n") + "\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(lines.as_bytes())
        .expect("the moves are sent");
    let output = child.wait_with_output().expect("the game ends");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    stdout
        .lines()
        .find_map(|line| line.strip_prefix("result: "))
        .unwrap_or_else(|| panic!("a result line: {stdout}"))
        .to_owned()
}
