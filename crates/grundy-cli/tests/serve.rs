//! `grundy serve` end to end: the real binary on a free port of 127.0.0.1, every endpoint, its
//! JSON against the command line's, its errors against the command line's, and its bounds
//! (413, 422, 503; never a 500 for what a user sends).

mod server;

use std::io::Write as _;
use std::net::TcpStream;
use std::process::Command;

use serde_json::{Value, json};
use server::{BINARY, JSON, Server};

/// What `grundy ARGS` prints: stdout, stderr.
fn cli(args: &[&str]) -> (String, String) {
    let output = Command::new(BINARY)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

/// The command line's stderr for an error answer: `error: …` and its hint.
fn as_cli_error(answer: &Value) -> String {
    let mut text = format!("error: {}\n", answer["error"].as_str().expect("an error"));
    if let Some(hint) = answer["hint"].as_str() {
        text.push_str("  hint: ");
        text.push_str(hint);
        text.push('\n');
    }
    text
}

#[test]
fn listens_on_loopback_by_default_and_serves_the_page() {
    let server = Server::start(&[]);
    assert!(
        server.url.starts_with("http://127.0.0.1:"),
        "{}",
        server.url
    );
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let html = page.text();
    assert!(html.contains("<title>grundy playground</title>"), "{html}");
    assert!(html.contains(r#"<label for="game">Game</label>"#));
    assert!(html.contains(r#"<label for="position">Position</label>"#));
    // Nothing from elsewhere: the page's files are this server's.
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "{html}"
    );
    assert!(
        page.header("content-security-policy")
            .is_some_and(|csp| csp.starts_with("default-src 'self'"))
    );
    let script = server.get("/app.js");
    assert_eq!(script.status, 200);
    assert_eq!(
        script.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(script.text().contains("/api/solve"));
    let style = server.get("/style.css");
    assert_eq!(style.status, 200);
    assert_eq!(
        style.header("content-type"),
        Some("text/css; charset=utf-8")
    );
}

#[test]
fn solve_answers_with_the_command_lines_json() {
    let server = Server::start(&[]);
    let cases: &[(&str, Option<&str>)] = &[
        ("subtraction:1,3,4", Some("1000000000000000000")),
        ("bash:3", Some("10^100")),
        ("nim", Some("3,4,5")),
        ("misere:nim", Some("1,1,5")),
        ("wythoff", Some("3,5")),
        ("fibonacci-nim", Some("20/4")),
        ("norepeat:1,2,3", Some("100/2")),
        ("oddball:1,2,3", Some("4")),
        ("kayles", Some("100")),
        ("subtraction:1,3,4[10] + wythoff[3,5] + nim[7]", None),
    ];
    for &(game, position) in cases {
        let mut args = vec!["solve", game];
        args.extend(position);
        args.extend(["--json", "--threads", "1"]);
        let (expected, _) = cli(&args);
        let mut request = json!({ "game": game });
        if let Some(position) = position {
            request["position"] = json!(position);
        }
        let answer = server.post_json("/api/solve", &request);
        assert_eq!(answer.status, 200, "{game}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some("application/json"));
        assert_eq!(answer.text(), expected, "{game} {position:?}");
    }
    // A position may be a JSON number, exact at any size.
    let answer = server.post(
        "/api/solve",
        r#"{"game": "bash:3", "position": 100000000000000000000000000001}"#,
    );
    assert_eq!(answer.json()["position"], "100000000000000000000000000001");
    assert_eq!(answer.json()["grundy"], 1);
    // The text rendering is the command line's text.
    let (text, _) = cli(&["solve", "nim", "3,4,5"]);
    let answer = server.post_json(
        "/api/solve",
        &json!({ "game": "nim", "position": "3,4,5", "format": "text" }),
    );
    assert_eq!(answer.json()["text"], text);
}

/// `path` answers `request` with 200 and exactly the command line's output for `args`.
fn same_as_cli(server: &Server, path: &str, request: &Value, args: &[&str]) {
    let (expected, stderr) = cli(args);
    let answer = server.post_json(path, request);
    assert_eq!(
        answer.status,
        200,
        "{path} {request}: {} / {stderr}",
        answer.text()
    );
    assert_eq!(answer.text(), expected, "{path} {request}");
}

#[test]
fn pattern_answers_with_the_command_lines_json() {
    let server = Server::start(&[]);
    let same =
        |path: &str, request: Value, args: &[&str]| same_as_cli(&server, path, &request, args);
    same(
        "/api/pattern",
        json!({ "game": "subtraction:1,2,9", "to": 100 }),
        &["pattern", "subtraction:1,2,9", "--to", "100", "--json"],
    );
    // Without "to", the brief range of an explanation.
    same(
        "/api/pattern",
        json!({ "game": "wythoff" }),
        &[
            "pattern",
            "wythoff",
            "--to",
            "24",
            "--check-to",
            "48",
            "--json",
        ],
    );
    let refused = server.post_json("/api/pattern", &json!({ "game": "nim[3] + nim[4]" }));
    assert_eq!(refused.status, 422, "{}", refused.text());
}

#[test]
fn table_grid_period_explain_and_verify_answer_with_the_command_lines_json() {
    let server = Server::start(&[]);
    let same =
        |path: &str, request: Value, args: &[&str]| same_as_cli(&server, path, &request, args);
    same(
        "/api/table",
        json!({ "game": "subtraction:1,3,4", "to": 14 }),
        &["table", "subtraction:1,3,4", "--to", "14", "--json"],
    );
    same(
        "/api/table",
        json!({ "game": "subtraction:1,3,4", "from": "10^18", "to": "1000000000000000020" }),
        &[
            "table",
            "subtraction:1,3,4",
            "--from",
            "10^18",
            "--to",
            "1000000000000000020",
            "--json",
        ],
    );
    same(
        "/api/table",
        json!({ "game": "wythoff", "to": 9 }),
        &["table", "wythoff", "--to", "9", "--json"],
    );
    same(
        "/api/grid",
        json!({ "game": "wythoff", "to": 9 }),
        &["table", "wythoff", "--to", "9", "--json"],
    );
    same(
        "/api/period",
        json!({ "game": "subtraction:2,5,7" }),
        &["period", "subtraction:2,5,7", "--json"],
    );
    same(
        "/api/period",
        json!({ "game": "0.77" }),
        &["period", "0.77", "--json", "--threads", "1"],
    );
    same(
        "/api/period",
        json!({ "game": "allbut:2,3,7" }),
        &["period", "allbut:2,3,7", "--json"],
    );
    same(
        "/api/explain",
        json!({ "game": "nim", "position": "3,4,5", "format": "json" }),
        &["explain", "nim", "3,4,5", "--json"],
    );
    same(
        "/api/verify",
        json!({ "game": "subtraction:1,3,4", "to": 60 }),
        &["verify", "subtraction:1,3,4", "--to", "60", "--json"],
    );
    // Text and Markdown explanations carry the command line's text.
    for (lang, format) in [("en", "text"), ("zh", "text"), ("en", "markdown")] {
        let (text, _) = cli(&[
            "explain",
            "subtraction:1,3,4",
            "10^18",
            "--lang",
            lang,
            "--format",
            format,
        ]);
        let answer = server.post_json(
            "/api/explain",
            &json!({ "game": "subtraction:1,3,4", "position": "10^18", "lang": lang, "format": format }),
        );
        assert_eq!(answer.status, 200, "{}", answer.text());
        let answer = answer.json();
        assert_eq!(answer["text"], text, "{lang} {format}");
        assert_eq!(
            (answer["language"].as_str(), answer["format"].as_str()),
            (Some(lang), Some(format))
        );
    }
    let (text, _) = cli(&["period", "subtraction:1,3,4"]);
    assert_eq!(
        server
            .post_json(
                "/api/period",
                &json!({ "game": "subtraction:1,3,4", "format": "text" })
            )
            .json()["text"],
        text
    );
}

/// Every endpoint answers as its command does, byte for byte, for the games whose answers take
/// another path: misère take-and-break codes (their period is a misère quotient, their table has
/// genera), Wythoff's grid under misère play, sums given in the spec, the contest game, scripts,
/// and the defaults each command fills in (the position of a sum, how far `verify` goes).
#[test]
fn every_endpoint_answers_as_its_command_for_every_kind_of_game() {
    // A limit far beyond what a question here takes, so that a slow moment of a busy machine
    // does not stop the server's answer short of the command's (its default is 10 s).
    let server = Server::start(&["--timeout", "600"]);
    let same = |path: &str, request: Value, args: &[&str]| {
        let (expected, stderr) = cli(args);
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        let answer = server.post_json(path, &request);
        assert_eq!(answer.status, 200, "{path} {request}: {}", answer.text());
        assert_eq!(answer.text(), expected, "{path} {request}");
    };
    let text = |path: &str, request: Value, args: &[&str]| {
        let (expected, stderr) = cli(args);
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        let answer = server.post_json(path, &request);
        assert_eq!(answer.status, 200, "{path} {request}: {}", answer.text());
        assert_eq!(answer.json()["text"], expected, "{path} {request}");
    };
    for (game, heaps) in [
        ("misere:0.77", None),
        ("misere:0.07", None),
        ("misere:0.77", Some(12)),
    ] {
        let mut request = json!({ "game": game });
        // The server's limit, for the command's answer not to stop short of it either.
        let mut args = vec!["period", game, "--timeout", "600"];
        let heaps_text = heaps.map(|n: u32| n.to_string());
        if let (Some(n), Some(heaps_text)) = (heaps, &heaps_text) {
            request["heaps"] = json!(n);
            args.extend(["--heaps", heaps_text]);
        }
        let mut json_args = args.clone();
        json_args.push("--json");
        same("/api/period", request.clone(), &json_args);
        request["format"] = json!("text");
        text("/api/period", request, &args);
    }
    // Tables with genera, a grid under misère play (its text too), and a searched family.
    for game in ["misere:0.77", "misere:wythoff", "divisor"] {
        let request = json!({ "game": game, "to": 5 });
        same(
            "/api/table",
            request,
            &["table", game, "--to", "5", "--json"],
        );
    }
    text(
        "/api/table",
        json!({ "game": "misere:wythoff", "to": 5, "format": "text" }),
        &["table", "misere:wythoff", "--to", "5"],
    );
    for (game, position) in [
        ("misere:kayles", Some("10")),
        ("nim[3] + kayles[4]", None),
        ("misere:nim[3] + bash:3[5]", None),
        ("oddball:1,2,3", Some("4")),
        ("fibonacci-nim", Some("20/4")),
        ("norepeat:1,2,3", Some("10/2")),
        ("wythoff", Some("3,5")),
        ("divisor", Some("12")),
        ("divisor[12] + nim[2]", None),
    ] {
        let mut request = json!({ "game": game });
        let mut args = vec!["solve", game];
        if let Some(position) = position {
            request["position"] = json!(position);
            args.push(position);
        }
        let mut json_args = args.clone();
        json_args.push("--json");
        same("/api/solve", request.clone(), &json_args);
        request["format"] = json!("text");
        text("/api/solve", request, &args);
    }
    // A grid starts at (0, 0): the same refusal, with the field to drop named as the API names it.
    let answer = server.post_json(
        "/api/table",
        &json!({ "game": "misere:wythoff", "from": 2, "to": 5 }),
    );
    assert_eq!(answer.status, 400, "{}", answer.text());
    assert_eq!(
        answer.json()["error"],
        "a grid of two heaps always starts at (0, 0): drop \"from\""
    );
    same(
        "/api/explain",
        json!({ "game": "nim[3] + kayles[4]", "format": "json" }),
        &["explain", "nim[3] + kayles[4]", "--json"],
    );
    for game in ["wythoff", "oddball:1,2,3", "0.07"] {
        same(
            "/api/verify",
            json!({ "game": game }),
            &["verify", game, "--json"],
        );
    }
    // `heaps` is a plain JSON integer: anything else is a bad request, never a 500.
    for heaps in [
        json!(-1),
        json!(1.5),
        json!("12"),
        json!(18_446_744_073_709_551_615u64 as f64),
    ] {
        let request = json!({ "game": "misere:0.77", "heaps": heaps });
        let answer = server.post_json("/api/period", &request);
        assert_eq!(answer.status, 400, "{request}: {}", answer.text());
    }
}

#[test]
fn bad_input_is_a_400_with_the_command_lines_caret_message() {
    let server = Server::start(&[]);
    let cases: &[(&str, Value, &[&str])] = &[
        (
            "/api/solve",
            json!({ "game": "subtraction:1,x", "position": "5" }),
            &["solve", "subtraction:1,x", "5"],
        ),
        (
            "/api/solve",
            json!({ "game": "nmi", "position": "5" }),
            &["solve", "nmi", "5"],
        ),
        (
            "/api/solve",
            json!({ "game": "wythoff", "position": "3,x" }),
            &["solve", "wythoff", "3,x"],
        ),
        (
            "/api/solve",
            json!({ "game": "subtraction:1,3,4", "position": "-5" }),
            &["solve", "subtraction:1,3,4", "-5"],
        ),
        (
            "/api/table",
            json!({ "game": "bash:3", "to": "1x" }),
            &["table", "bash:3", "--to", "1x"],
        ),
        (
            "/api/period",
            json!({ "game": "0.7x7" }),
            &["period", "0.7x7"],
        ),
        (
            "/api/explain",
            json!({ "game": "nim", "position": "3,,4" }),
            &["explain", "nim", "3,,4"],
        ),
        (
            "/api/plot",
            json!({ "game": "subtraction:1,3,4", "to": "1x" }),
            &[
                "plot",
                "subtraction:1,3,4",
                "--to",
                "1x",
                "--out",
                "unwritten.svg",
            ],
        ),
        (
            "/api/plot",
            json!({ "game": "subtraction:1,3,4", "to": "10^9" }),
            &[
                "plot",
                "subtraction:1,3,4",
                "--to",
                "10^9",
                "--out",
                "unwritten.svg",
            ],
        ),
        (
            "/api/plot",
            json!({ "game": "nmi", "to": 10 }),
            &["plot", "nmi", "--to", "10", "--out", "unwritten.svg"],
        ),
        (
            "/api/options",
            json!({ "game": "nim", "position": "3,x" }),
            &["play", "nim", "3,x"],
        ),
        (
            "/api/options",
            json!({ "game": "subtraction:1,y" , "position": "3" }),
            &["play", "subtraction:1,y", "3"],
        ),
    ];
    for (path, request, args) in cases {
        let (_, stderr) = cli(args);
        let answer = server.post_json(path, request);
        assert_eq!(answer.status, 400, "{path} {request}: {}", answer.text());
        let answer = answer.json();
        // The option a number was given to is named as the request's field (`to`, not `--to`).
        let expected = stderr.replace("--to", "to");
        assert_eq!(as_cli_error(&answer), expected, "{path} {request}");
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|error| error.contains('^')),
            "{answer}"
        );
    }
}

/// `grundy plot ARGS --out FILE --json` in a fresh directory: its JSON and the file it wrote.
fn cli_plot(args: &[&str], extension: &str) -> (Value, Vec<u8>) {
    let directory = tempfile::tempdir().expect("a directory");
    let file = directory.path().join(format!("plot.{extension}"));
    let file_text = file.to_str().expect("a UTF-8 path");
    let mut arguments = vec!["plot"];
    arguments.extend(args);
    arguments.extend(["--out", file_text, "--json", "--threads", "1"]);
    let (stdout, stderr) = cli(&arguments);
    let json: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|error| panic!("{args:?}: {error}: {stdout} {stderr}"));
    (json, std::fs::read(&file).expect("the plot was written"))
}

#[test]
fn plot_answers_with_the_command_lines_json_and_picture() {
    let server = Server::start(&[]);
    let cases: &[(Value, &[&str])] = &[
        (
            json!({ "game": "subtraction:1,3,4", "to": 70 }),
            &["subtraction:1,3,4", "--to", "70"],
        ),
        (
            json!({ "game": "subtraction:1,3,4", "to": "30", "kind": "scatter", "width": 600, "height": "400" }),
            &[
                "subtraction:1,3,4",
                "--to",
                "30",
                "--kind",
                "scatter",
                "--width",
                "600",
                "--height",
                "400",
            ],
        ),
        (
            json!({ "game": "wythoff", "to": 20 }),
            &["wythoff", "--to", "20"],
        ),
        (
            json!({ "game": "0.77", "to": 12, "kind": "grid" }),
            &["0.77", "--to", "12", "--kind", "grid"],
        ),
        (
            json!({ "game": "oddball:1,2,3", "to": 20 }),
            &["oddball:1,2,3", "--to", "20"],
        ),
        (
            json!({ "game": "0.6", "to": "2^14" }),
            &["0.6", "--to", "2^14"],
        ),
    ];
    for (request, args) in cases {
        let (mut expected, file) = cli_plot(args, "svg");
        let answer = server.post_json("/api/plot", request);
        assert_eq!(answer.status, 200, "{request}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some("application/json"));
        let mut answer = answer.json();
        // The description is the command line's; the drawing is its file's, with the SVG in
        // place of the path.
        let mut image = answer
            .as_object_mut()
            .and_then(|object| object.remove("image"))
            .expect("an image");
        let mut written = expected
            .as_object_mut()
            .and_then(|object| object.remove("file"))
            .expect("a file");
        assert_eq!(answer, expected, "{request}");
        assert_eq!(
            image["svg"].as_str().map(str::as_bytes),
            Some(file.as_slice()),
            "{request}"
        );
        image.as_object_mut().map(|object| object.remove("svg"));
        written.as_object_mut().map(|object| object.remove("path"));
        assert_eq!(image, written, "{request}");
        // The picture alone, as --out writes it.
        let mut svg = request.clone();
        svg["format"] = json!("svg");
        let answer = server.post_json("/api/plot", &svg);
        assert_eq!(answer.status, 200);
        assert_eq!(answer.header("content-type"), Some("image/svg+xml"));
        assert_eq!(answer.body, file, "{request}");
    }
    let (_, png) = cli_plot(&["subtraction:1,3,4", "--to", "70"], "png");
    let answer = server.post_json(
        "/api/plot",
        &json!({ "game": "subtraction:1,3,4", "to": 70, "format": "png" }),
    );
    assert_eq!(answer.header("content-type"), Some("image/png"));
    assert_eq!(answer.body, png);
}

#[test]
fn a_plot_that_does_not_fit_is_refused_as_on_the_command_line() {
    let server = Server::start(&[]);
    // A kind that does not fit: the library's refusal, its remedy in the request's terms.
    let (_, stderr) = cli(&[
        "plot",
        "wythoff",
        "--to",
        "9",
        "--kind",
        "strip",
        "--out",
        "unwritten.svg",
    ]);
    let answer = server.post_json(
        "/api/plot",
        &json!({ "game": "wythoff", "to": 9, "kind": "strip" }),
    );
    assert_eq!(answer.status, 422, "{}", answer.text());
    let answer = answer.json();
    assert_eq!(
        as_cli_error(&answer),
        stderr.replace("--kind grid", "\"kind\": \"grid\""),
    );
    for (request, args) in [
        (
            json!({ "game": "subtraction:1,3,4", "to": 9, "kind": "outcomes" }),
            vec!["subtraction:1,3,4", "--kind", "outcomes"],
        ),
        (
            json!({ "game": "kayles[3] + nim[2]", "to": 9 }),
            vec!["kayles[3] + nim[2]"],
        ),
    ] {
        let (_, stderr) = cli(&[
            &["plot"],
            args.as_slice(),
            &["--to", "9", "--out", "unwritten.svg"],
        ]
        .concat());
        let answer = server.post_json("/api/plot", &request);
        assert_eq!(answer.status, 422, "{request}: {}", answer.text());
        assert_eq!(as_cli_error(&answer.json()), stderr, "{request}");
    }
    for (request, field) in [
        (json!({ "game": "nim", "to": 9, "kind": "pie" }), "pie"),
        (
            json!({ "game": "nim", "to": 9, "width": 5 }),
            "invalid width",
        ),
        (
            json!({ "game": "nim", "to": 9, "height": "10^9" }),
            "invalid height",
        ),
        (json!({ "game": "nim", "to": 9, "format": "gif" }), "gif"),
    ] {
        let answer = server.post_json("/api/plot", &request);
        assert_eq!(answer.status, 400, "{request}");
        assert!(
            answer.json()["error"]
                .as_str()
                .is_some_and(|error| error.contains(field)),
            "{request}: {}",
            answer.text()
        );
    }
    assert!(!std::path::Path::new("unwritten.svg").exists());
}

/// The options of `grundy play ARGS --json`'s first position line.
fn cli_options(args: &[&str]) -> Value {
    let mut child = Command::new(BINARY)
        .arg("play")
        .args(args)
        .args(["--json", "--threads", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"quit\n")
        .expect("the line is sent");
    let output = child.wait_with_output().expect("the game ends");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let first: Value = serde_json::from_str(stdout.lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["event"], "position", "{stdout}");
    first["options"].clone()
}

#[test]
fn options_answer_with_the_command_lines_json_and_lead_on_to_the_end() {
    let server = Server::start(&[]);
    let cases: &[(&str, Option<&str>)] = &[
        ("nim", Some("3,4,5")),
        ("subtraction:1,3,4", Some("10")),
        ("subtraction:1,3,4", Some("10^18")),
        ("wythoff", Some("3,5")),
        ("kayles", Some("1")),
        ("misere:nim", Some("1,1,2")),
        ("fibonacci-nim", Some("10")),
        ("oddball:1,2,3", Some("5")),
        ("subtraction:1,3,4[10] + wythoff[3,5] + nim[7]", None),
    ];
    for &(game, position) in cases {
        let mut args = vec![game];
        args.extend(position);
        let expected = cli_options(&args);
        let mut request = json!({ "game": game });
        if let Some(position) = position {
            request["position"] = json!(position);
        }
        let answer = server.post_json("/api/options", &request);
        assert_eq!(answer.status, 200, "{request}: {}", answer.text());
        assert_eq!(answer.json(), expected, "{request}");
    }
    // Each move's `next` asks for the position it leaves; the computer's choices against
    // themselves lead to the end, each position the one the move said it leaves.
    for (game, position) in [
        ("nim", Some("3,4,5")),
        ("subtraction:1,3,4[10] + wythoff[3,5] + nim[7]", None),
    ] {
        let mut request = json!({ "game": game, "position": position });
        let mut to = None;
        for _ in 0..100 {
            let answer = server.post_json("/api/options", &request).json();
            if let Some(to) = to.take() {
                assert_eq!(answer["position"], to, "{request}");
            }
            let Some(best) = answer["best"].as_u64() else {
                assert_eq!(answer["moves"], json!([]));
                assert_eq!(answer["outcome"], "lose");
                break;
            };
            let choice = &answer["moves"][usize::try_from(best).expect("small") - 1];
            to = Some(choice["to"].clone());
            request = choice["next"].clone();
        }
        assert!(to.is_none(), "{game} ended");
    }
    // A script's positions travel as `=` and their text: a game played to the end, each request
    // carrying the script.
    let corner = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/corner.rhai"
    ))
    .expect("the example");
    let mut request = json!({ "game": "script:corner", "script": corner, "position": "3" });
    let (mut to, mut moves) = (None, 0);
    loop {
        let answer = server.post_json("/api/options", &request);
        assert_eq!(answer.status, 200, "{request}: {}", answer.text());
        let answer = answer.json();
        if let Some(to) = to.take() {
            assert_eq!(answer["position"], to, "{request}");
        }
        let Some(best) = answer["best"].as_u64() else {
            assert_eq!(answer["position"], "[0, 0]");
            break;
        };
        let choice = &answer["moves"][usize::try_from(best).expect("small") - 1];
        to = Some(choice["to"].clone());
        request = choice["next"].clone();
        assert!(
            request["position"]
                .as_str()
                .is_some_and(|p| p.starts_with("=[")),
            "{request}"
        );
        request["script"] = json!(corner);
        moves += 1;
    }
    // [3, 3] is a win in 5 (to [2, 2]; the loser's every move is answered back to even-even),
    // and best play against best play lasts exactly the remoteness.
    assert_eq!(moves, 5);
    // Bad input and refusals as on the command line.
    let (_, stderr) = cli(&["play", "nim", "10^30"]);
    let answer = server.post_json(
        "/api/options",
        &json!({ "game": "nim", "position": "10^30" }),
    );
    assert_eq!(answer.status, 422, "{}", answer.text());
    assert_eq!(as_cli_error(&answer.json()), stderr);
    let answer = server.post_json("/api/options", &json!({ "game": "nim" }));
    assert_eq!(answer.status, 400);
    assert!(
        answer.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("\"position\""))
    );
}

#[test]
fn a_refusal_by_a_limit_is_a_422_worded_for_the_servers_user() {
    let server = Server::start(&["--max", "1000"]);
    let cases: &[(&str, Value, &[&str])] = &[
        (
            "/api/solve",
            json!({ "game": "0.6", "position": "1000000" }),
            &["solve", "0.6", "1000000", "--max", "1000"],
        ),
        (
            "/api/period",
            json!({ "game": "0.6" }),
            &["period", "0.6", "--max", "1000"],
        ),
        (
            "/api/table",
            json!({ "game": "subtraction:1,3,4", "to": "10^9" }),
            &[
                "table",
                "subtraction:1,3,4",
                "--to",
                "10^9",
                "--max",
                "1000",
            ],
        ),
        (
            "/api/solve",
            json!({ "game": "misere:wythoff", "position": "3,5" }),
            &["solve", "misere:wythoff", "3,5", "--max", "1000"],
        ),
        (
            "/api/table",
            json!({ "game": "0.6", "to": 5000 }),
            &["table", "0.6", "--to", "5000", "--max", "1000"],
        ),
        (
            "/api/grid",
            json!({ "game": "wythoff", "to": 5000 }),
            &["table", "wythoff", "--to", "5000", "--max", "1000"],
        ),
        (
            "/api/solve",
            json!({ "game": "subtraction:primes", "position": "1000000" }),
            &["solve", "subtraction:primes", "1000000", "--max", "1000"],
        ),
    ];
    let mut refused = 0;
    for (path, request, args) in cases {
        let (stdout, stderr) = cli(args);
        let answer = server.post_json(path, request);
        if stderr.is_empty() {
            // The command line answers (a period search may report "not found"): so does the server.
            assert_eq!(answer.status, 200, "{path} {request}: {}", answer.text());
            let (expected, _) = cli(&[args, &["--json"][..]].concat());
            assert_eq!(answer.text(), expected, "{stdout}");
            continue;
        }
        assert_eq!(answer.status, 422, "{path} {request}: {}", answer.text());
        let answer = answer.json();
        // The same refusal; its hint speaks to the page's user, who cannot raise the server's
        // limits: the server's operator sets them.
        let error = answer["error"].as_str().expect("an error");
        assert!(stderr.starts_with(&format!("error: {error}\n")), "{stderr}");
        let hint = answer["hint"].as_str().unwrap_or_default();
        if stderr.contains("  hint: raise") {
            assert!(hint.starts_with("this server sets the"), "{hint}");
        } else {
            assert_eq!(as_cli_error(&answer), stderr, "{path} {request}");
        }
        refused += 1;
    }
    assert!(refused >= 5, "the command line refuses most of these");
}

#[test]
fn scripts_come_as_text_and_no_request_reads_a_file() {
    let server = Server::start(&[]);
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/cycle.rhai"
    ))
    .expect("the example script");
    let answer = server.post_json(
        "/api/solve",
        &json!({ "game": "script:cycle", "position": "4", "script": script }),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.json()["value"], "draw");
    let answer = server.post_json(
        "/api/solve",
        &json!({ "game": "script:graph", "position": "0", "scripts": { "graph": script } }),
    );
    assert_eq!(answer.json()["value"], "win");
    // The same answer as the command line reading the file.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/cycle.rhai");
    let (expected, _) = cli(&["solve", &format!("script:{path}"), "0", "--json"]);
    let mut expected: Value = serde_json::from_str(&expected).expect("JSON");
    expected["game"] = json!("script:graph");
    assert_eq!(answer.json(), expected);
    // A path is refused, even to a file that exists; so is a spec whose script did not come.
    for game in [
        format!("script:{path}"),
        "script:../examples/cycle.rhai".to_owned(),
        "script:examples/cycle.rhai".to_owned(),
    ] {
        let answer = server.post_json(
            "/api/solve",
            &json!({ "game": game, "position": "0", "script": script }),
        );
        assert_eq!(answer.status, 400, "{}", answer.text());
        assert!(
            answer.json()["error"].as_str().is_some_and(|error| error
                .contains("the server reads no files")
                && error.contains('^')),
            "{}",
            answer.text()
        );
    }
    let answer = server.post_json(
        "/api/solve",
        &json!({ "game": "script:cycle", "position": "0" }),
    );
    assert_eq!(answer.status, 400);
    assert!(
        answer
            .text()
            .contains("no script named cycle came with the request"),
        "{}",
        answer.text()
    );
    // A script that does not compile is bad input; one that runs past its operation limit is refused.
    let answer = server.post_json(
        "/api/solve",
        &json!({ "game": "script:bad", "position": "0", "script": "fn start(n) { n" }),
    );
    assert_eq!(answer.status, 400, "{}", answer.text());
    let endless = "fn start(n) { n } fn moves(n) { loop { } }";
    let answer = server.post_json(
        "/api/solve",
        &json!({ "game": "script:endless", "position": "0", "script": endless }),
    );
    assert_eq!(answer.status, 422, "{}", answer.text());
}

#[test]
fn every_example_of_the_games_list_is_answered() {
    let server = Server::start(&[]);
    let games = server.get("/api/games");
    assert_eq!(games.status, 200);
    let games = games.json();
    let games = games["games"].as_array().expect("a list");
    assert!(games.len() >= 10);
    // Every open family of the registry is offered, by its example.
    for family in grundy::games::FAMILIES {
        assert!(
            games.iter().any(|game| game["spec"] == family.example),
            "{} is not listed",
            family.name
        );
    }
    for game in games {
        let mut request = json!({ "game": game["spec"] });
        if !game["position"].is_null() {
            request["position"] = game["position"].clone();
        }
        if let Some(script) = game.get("script") {
            request["script"] = script.clone();
        }
        let answer = server.post_json("/api/solve", &request);
        assert_eq!(answer.status, 200, "{game}: {}", answer.text());
    }
}

#[test]
fn unknown_routes_wrong_methods_and_malformed_requests_are_4xx_never_500() {
    let server = Server::start(&["--max", "1000"]);
    let answer = server.get("/nowhere");
    assert_eq!(answer.status, 404);
    assert!(
        answer.json()["error"]
            .as_str()
            .is_some_and(|error| error.contains("/api/"))
    );
    assert_eq!(server.get("/api/solve").status, 405);
    assert_eq!(server.post("/api/games", "{}").status, 405);
    assert_eq!(server.post("/", "{}").status, 405);
    let bodies = [
        "",
        "not json",
        "[]",
        "null",
        "{}",
        r#"{"game": 5}"#,
        r#"{"game": "nim", "position": [3, 4]}"#,
        r#"{"game": "nim", "position": "3,4", "colour": "red"}"#,
        r#"{"game": "", "position": "3"}"#,
        r#"{"game": "nim"}"#,
        r#"{"game": "subtraction:1,3,4", "position": "99999999999999999999999999999999999999^99999"}"#,
        r#"{"game": "subtraction:1,3,4", "position": "10^18", "format": "xml"}"#,
        "{\"game\": \"nim\", \"position\": \"\u{0}\"}",
        r#"{"game": "script:x", "position": "1", "script": "fn start(n) { n } fn moves(n) { [n + 1] }"}"#,
        r#"{"game": "script:x", "position": "1", "script": "fn start(n) { throw 1 } fn moves(n) { [] }"}"#,
    ];
    let paths = [
        "/api/solve",
        "/api/table",
        "/api/grid",
        "/api/period",
        "/api/explain",
        "/api/verify",
        "/api/plot",
        "/api/options",
    ];
    for path in paths {
        for body in bodies {
            let answer = server.post(path, body);
            assert!(
                matches!(answer.status, 200 | 400 | 422),
                "{path} {body}: {} {}",
                answer.status,
                answer.text()
            );
            let answer = answer.json();
            if let Some(error) = answer.get("error") {
                assert!(
                    error.as_str().is_some_and(|error| !error.is_empty()),
                    "{answer}"
                );
            }
        }
    }
    // Invalid UTF-8 is no JSON either.
    let answer = server::request(
        &server.address,
        "POST",
        "/api/solve",
        &[JSON],
        b"{\"game\": \"\xff\"}",
    );
    assert_eq!(answer.status, 400);
}

#[test]
fn requests_a_page_elsewhere_could_send_are_refused() {
    let server = Server::start(&[]);
    let body = br#"{"game": "nim", "position": "1,2"}"#;
    // A form or a "simple" cross-site request is not JSON: 415.
    for content_type in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let answer = server::request(
            &server.address,
            "POST",
            "/api/solve",
            &[("Content-Type", content_type)],
            body,
        );
        assert_eq!(answer.status, 415, "{content_type}: {}", answer.text());
        assert!(answer.text().contains("Content-Type: application/json"));
    }
    assert_eq!(
        server::request(&server.address, "POST", "/api/solve", &[], body).status,
        415
    );
    let answer = server::request(
        &server.address,
        "POST",
        "/api/solve",
        &[("Content-Type", "Application/JSON; charset=utf-8")],
        body,
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    // A host name that is not this machine's (DNS rebinding): 403. The client's own Host header
    // names 127.0.0.1; a second Host header would be a 400, so these connect by hand.
    let port = server.address.rsplit_once(':').expect("HOST:PORT").1;
    for (host, status) in [
        ("evil.example".to_owned(), 403),
        (format!("evil.example:{port}"), 403),
        (format!("localhost:{port}"), 200),
        (format!("[::1]:{port}"), 200),
        (format!("127.0.0.1:{port}"), 200),
    ] {
        let mut stream = TcpStream::connect(&server.address).expect("connects");
        write!(
            stream,
            "GET /api/status HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .expect("sent");
        let answer = server::read_response(&mut stream);
        assert_eq!(answer.status, status, "{host}: {}", answer.text());
    }
}

#[test]
fn a_body_larger_than_the_limit_is_a_413() {
    let server = Server::start(&[]);
    // Announced: refused before the body is read.
    let answer = server::request(
        &server.address,
        "POST",
        "/api/solve",
        &[JSON],
        &vec![b' '; 2 << 20],
    );
    assert_eq!(answer.status, 413, "{}", answer.text());
    assert!(
        answer.json()["error"]
            .as_str()
            .is_some_and(|error| error.contains("larger than"))
    );
    // Not announced (chunked): refused when the limit is passed.
    let mut stream = TcpStream::connect(&server.address).expect("connects");
    write!(stream, "POST /api/solve HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", server.address).expect("sent");
    let chunk = vec![b' '; 64 << 10];
    for _ in 0..40 {
        if write!(stream, "{:x}\r\n", chunk.len())
            .and_then(|()| stream.write_all(&chunk))
            .and_then(|()| stream.write_all(b"\r\n"))
            .is_err()
        {
            break;
        }
    }
    let _ = stream.write_all(b"0\r\n\r\n");
    let answer = server::read_response(&mut stream);
    assert_eq!(answer.status, 413, "{}", answer.text());
    // The server still answers.
    assert_eq!(
        server
            .post("/api/solve", r#"{"game": "nim", "position": "1,2"}"#)
            .status,
        200
    );
}

/// Sends a request's headers and part of its body, so that it holds its turn until the rest
/// comes (the turn is taken when the headers are in).
fn half_sent(server: &Server, body: &str) -> (TcpStream, String) {
    let mut stream = TcpStream::connect(&server.address).expect("connects");
    write!(
        stream,
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        server.address,
        body.len()
    )
    .expect("sent");
    let (first, rest) = body.split_at(body.len() / 2);
    stream.write_all(first.as_bytes()).expect("sent");
    stream.flush().expect("sent");
    (stream, rest.to_owned())
}

/// Waits until the server reports `running` computations and `waiting` requests (it polls
/// `/api/status`; no duration is assumed).
fn wait_for_load(server: &Server, running: u64, waiting: u64) {
    loop {
        let status = server.get("/api/status").json();
        if status["running"] == running && status["waiting"] == waiting {
            return;
        }
        std::thread::yield_now();
    }
}

#[test]
fn beyond_the_running_computations_and_the_queue_a_request_is_a_503() {
    let server = Server::start(&["--max-concurrent", "1", "--queue", "0"]);
    let body = r#"{"game": "subtraction:1,3,4", "position": "10^18"}"#;
    let (mut first, rest) = half_sent(&server, body);
    wait_for_load(&server, 1, 0);
    let refused = server.post("/api/solve", body);
    assert_eq!(refused.status, 503, "{}", refused.text());
    let refused = refused.json();
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|error| error.starts_with("the server is busy")),
        "{refused}"
    );
    assert!(
        refused["hint"]
            .as_str()
            .is_some_and(|hint| hint.contains("--queue"))
    );
    // The pages and the status never wait for a turn.
    assert_eq!(server.get("/").status, 200);
    first.write_all(rest.as_bytes()).expect("sent");
    let answer = server::read_response(&mut first);
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.json()["value"], "win");
    wait_for_load(&server, 0, 0);
    assert_eq!(server.post("/api/solve", body).status, 200);
}

#[test]
fn a_request_waits_in_the_queue_for_a_turn() {
    let server = Server::start(&["--max-concurrent", "1", "--queue", "1"]);
    let body = r#"{"game": "nim", "position": "3,4,5"}"#;
    let (mut first, first_rest) = half_sent(&server, body);
    wait_for_load(&server, 1, 0);
    let address = server.address.clone();
    let second = std::thread::spawn(move || {
        server::request(&address, "POST", "/api/solve", &[JSON], body.as_bytes())
    });
    wait_for_load(&server, 1, 1);
    assert_eq!(server.post("/api/solve", body).status, 503);
    first.write_all(first_rest.as_bytes()).expect("sent");
    assert_eq!(server::read_response(&mut first).status, 200);
    let second = second.join().expect("the second request");
    assert_eq!(second.status, 200, "{}", second.text());
    assert_eq!(second.json()["winning_move_count"], 1);
}

#[test]
fn sigterm_stops_the_server_after_the_requests_in_flight() {
    let mut server = Server::start(&[]);
    let body = r#"{"game": "wythoff", "position": "3,5"}"#;
    let (mut stream, rest) = half_sent(&server, body);
    wait_for_load(&server, 1, 0);
    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    stream.write_all(rest.as_bytes()).expect("sent");
    let answer = server::read_response(&mut stream);
    assert_eq!(
        answer.status,
        200,
        "the request in flight is answered: {}",
        answer.text()
    );
    let status = server.child.wait().expect("the server stops");
    assert!(status.success(), "{status:?}");
    let mut stderr = String::new();
    std::io::Read::read_to_string(server.child.stderr.as_mut().expect("piped"), &mut stderr)
        .expect("stderr");
    assert!(stderr.contains("stopping"), "{stderr}");
}

#[test]
fn the_status_reports_the_limits() {
    let server = Server::start(&[
        "--max-concurrent",
        "3",
        "--queue",
        "5",
        "--timeout",
        "2.5",
        "--max-memory",
        "64M",
        "--max",
        "5000",
    ]);
    let status = server.get("/api/status").json();
    assert_eq!(status["max_concurrent"], 3);
    assert_eq!(status["queue"], 5);
    assert_eq!(status["timeout_seconds"], json!(2.5));
    assert_eq!(status["max_memory"], 64 << 20);
    assert_eq!(status["max_values"], 5000);
    assert_eq!(
        (status["running"].as_u64(), status["waiting"].as_u64()),
        (Some(0), Some(0))
    );
}

#[test]
fn bad_serve_options_are_refused_with_exit_2() {
    for args in [
        &["serve", "--max-memory", "0"][..],
        &["serve", "--timeout", "-1"],
        &["serve", "--bind", "localhost:80"],
        &["serve", "--max-concurrent", "0"],
    ] {
        let output = Command::new(BINARY)
            .args(args)
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("error"),
            "{args:?}"
        );
    }
}

#[test]
fn open_without_a_browser_says_so_and_serves() {
    // No xdg-open (nor open) on an empty PATH.
    let empty = tempfile::tempdir().expect("a directory");
    let path = empty.path().to_str().expect("a UTF-8 path");
    let mut server = Server::start_with(&["--open"], &[("PATH", path)]);
    assert_eq!(
        server
            .post("/api/solve", r#"{"game": "bash:3", "position": "12"}"#)
            .json()["value"],
        "lose"
    );
    let _ = server.child.kill();
    let _ = server.child.wait();
    let mut stderr = String::new();
    std::io::Read::read_to_string(server.child.stderr.as_mut().expect("piped"), &mut stderr)
        .expect("stderr");
    assert!(
        stderr.contains("no browser could be started") && stderr.contains(&server.url),
        "{stderr}"
    );
}

#[test]
fn the_games_warnings_come_in_a_header_as_on_the_command_lines_stderr() {
    let server = Server::start(&[]);
    let (_, stderr) = cli(&["solve", "misere:subtraction:2,3", "5"]);
    let answer = server.post_json(
        "/api/solve",
        &json!({ "game": "misere:subtraction:2,3", "position": "5" }),
    );
    assert_eq!(answer.status, 200);
    let warnings: Vec<String> =
        serde_json::from_str(answer.header("grundy-warnings").expect("a warnings header"))
            .expect("a JSON list");
    let mut lines = String::new();
    for warning in &warnings {
        lines.push_str("warning: ");
        lines.push_str(warning);
        lines.push('\n');
    }
    assert_eq!(lines, stderr);
    assert!(
        stderr.contains("misère"),
        "the header carries more than ASCII: {stderr}"
    );
    let answer = server.post_json(
        "/api/solve",
        &json!({ "game": "subtraction:2,3", "position": "5" }),
    );
    assert_eq!(answer.header("grundy-warnings"), None);
}

#[test]
fn an_answer_larger_than_the_server_sends_is_a_422() {
    let server = Server::start(&[]);
    // A million heaps as wide text: 21 MB, beyond the 16 MiB an answer may hold.
    let answer = server.post_json(
        "/api/table",
        &json!({"game": "subtraction:1,3,4", "to": 999_999, "format": "text", "width": 1000}),
    );
    assert_eq!(answer.status, 422, "{}", answer.text());
    let error = answer.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        error.contains("more than the 16777216 this server sends"),
        "{error}"
    );
    // The server still answers.
    let solved = server.post_json("/api/solve", &json!({"game": "nim", "position": "3,4,5"}));
    assert_eq!(solved.status, 200);
}

/// A question that does not apply to the game by its nature says so (`"applies": false`), so
/// that the page shows a neutral line; a limit's hint speaks to the page's user.
#[test]
fn a_question_that_does_not_apply_is_marked_and_a_limit_is_the_servers() {
    let server = Server::start(&["--timeout", "1"]);
    for (path, request) in [
        ("/api/period", json!({ "game": "nim" })),
        ("/api/period", json!({ "game": "wythoff" })),
        ("/api/table", json!({ "game": "misere:nim", "to": 10 })),
        ("/api/plot", json!({ "game": "misere:nim", "to": 10 })),
    ] {
        let answer = server.post_json(path, &request);
        assert_eq!(answer.status, 422, "{path} {request}: {}", answer.text());
        assert_eq!(answer.json()["applies"], false, "{path} {request}");
    }
    let answer = server.post_json("/api/period", &json!({ "game": "0.2!b!6e!" }));
    assert_eq!(answer.status, 422, "{}", answer.text());
    let answer = answer.json();
    assert_eq!(answer["applies"], true);
    let hint = answer["hint"].as_str().expect("a hint");
    assert!(
        hint.starts_with(
            "this server sets the time limit for every question (grundy serve --timeout)"
        ),
        "{hint}"
    );
}
