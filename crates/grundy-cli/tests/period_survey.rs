//! `grundy period` over many games (a survey), run as the real binary: rows in input order, the
//! known periods of testdata/octal.json, JSON objects identical to `period --json`'s, the same
//! output on 1, 2, 3, 4 and 8 threads, bad specs refused before any work, per-game budgets, and
//! Ctrl-C.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

mod common;

use common::{BINARY, grundy, stderr, stdout};

/// The certified games of testdata/octal.json: code, preperiod, period, saltus.
fn known_periods() -> Vec<(String, u64, u64, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/octal.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    data["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|game| game["period"].is_u64())
        .map(|game| {
            (
                game["code"].as_str().unwrap().to_owned(),
                game["preperiod"].as_u64().unwrap(),
                game["period"].as_u64().unwrap(),
                game["saltus"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

fn succeeds(args: &[&str]) -> Output {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    output
}

fn json(args: &[&str]) -> Value {
    serde_json::from_slice(&succeeds(args).stdout).expect("stdout is JSON")
}

/// Runs a command that must be refused before any work: exit 2, nothing on stdout.
fn refused(args: &[&str], input: Option<&str>) -> String {
    let mut child = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.unwrap_or("").as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?}: {}",
        stderr(&output)
    );
    assert!(
        output.stdout.is_empty(),
        "{args:?} printed {}",
        stdout(&output)
    );
    let message = stderr(&output);
    assert!(!message.contains("panicked"), "{message}");
    message
}

/// The table's rows (without the header), split into columns.
fn rows(text: &str) -> Vec<Vec<String>> {
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("code "), "{text}");
    lines
        .map(|line| line.split_whitespace().map(str::to_owned).collect())
        .collect()
}

#[test]
fn a_survey_finds_the_known_periods_in_input_order() {
    let known = known_periods();
    assert!(known.iter().any(|(code, ..)| code == "0.77"));
    // Reversed, so that the order printed is the order given, not the file's or the finish's.
    let codes: Vec<&str> = known.iter().rev().map(|(code, ..)| code.as_str()).collect();
    let mut args = vec!["period"];
    args.extend(&codes);
    args.extend(["--threads", "2"]);
    let table = rows(&stdout(&succeeds(&args)));
    assert_eq!(table.len(), known.len());
    for (row, (code, preperiod, period, saltus)) in table.iter().zip(known.iter().rev()) {
        assert_eq!(row[0], *code);
        assert_eq!(
            row[1..4],
            [preperiod, period, saltus].map(u64::to_string),
            "{row:?}"
        );
        assert!(row[5].starts_with("certified"), "{row:?}");
    }
    let kayles = table.iter().find(|row| row[0] == "0.77").unwrap();
    assert_eq!(kayles[1..6], ["71", "12", "0", "168", "certified"]);
    assert_eq!(kayles[6], "(guy-smith)");
    let dawson = table.iter().find(|row| row[0] == "0.07").unwrap();
    assert_eq!(dawson[1..3], ["53", "34"]);
}

#[test]
fn the_json_is_the_array_of_the_objects_period_prints_for_each_game() {
    let games = [
        "kayles",
        "0.07",
        "4.[3]",
        "subtraction:2,5,7",
        "allbut:2,3,7",
        "0.6",
    ];
    let mut args = vec!["period"];
    args.extend(games);
    args.extend(["--max", "3000", "--json"]);
    let survey = json(&args);
    let objects = survey.as_array().unwrap();
    assert_eq!(objects.len(), games.len());
    for (object, game) in objects.iter().zip(games) {
        assert_eq!(*object, json(&["period", game, "--max", "3000", "--json"]));
    }
    assert_eq!(objects[0]["alias"], "kayles");
    assert_eq!(objects[1]["period"], 34);
    assert_eq!(objects[5]["period"], Value::Null);
    assert_eq!(objects[5]["checked_to"], 3000);
}

#[test]
fn the_output_does_not_depend_on_the_threads() {
    let games = [
        "0.77",
        "0.6",
        "nim",
        "0.07",
        "4!.0",
        "bash:3",
        "0.137",
        "0.51",
        "0.16",
        "0.007",
        "subtraction:fibonacci",
        "0.3033",
        "norepeat:1,2,3",
    ];
    for format in [None, Some("--json")] {
        let run = |threads: &str| {
            let mut args = vec!["period"];
            args.extend(games);
            args.extend(["--max", "4000", "--threads", threads]);
            args.extend(format);
            stdout(&succeeds(&args))
        };
        let one = run("1");
        assert!(one.contains("nim has no single sequence"), "{one}");
        for threads in ["2", "3", "4", "8"] {
            assert_eq!(run(threads), one, "--threads {threads} {format:?}");
        }
    }
}

#[test]
fn a_family_of_codes_and_a_file_of_specs() {
    let table = rows(&stdout(&succeeds(&["period", "--octal-codes", "1"])));
    let codes: Vec<&str> = table.iter().map(|row| row[0].as_str()).collect();
    assert_eq!(codes, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
    // 0.3 takes one token from a heap: G(n) = n mod 2.
    assert_eq!(table[2][1..4], ["0", "2", "0"]);
    // Hexadecimal digits 8 to f also leave three heaps.
    let table = rows(&stdout(&succeeds(&[
        "period",
        "--hex-codes",
        "1",
        "--max",
        "256",
    ])));
    let codes: Vec<&str> = table.iter().map(|row| row[0].as_str()).collect();
    assert_eq!(
        codes,
        [
            "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "0.a", "0.b", "0.c",
            "0.d", "0.e", "0.f"
        ]
    );
    // 0.a takes one token leaving one or three heaps: period 2 from heap 1, as 0.2.
    assert_eq!(table[9][1..4], ["1", "2", "0"]);

    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("codes.txt");
    std::fs::write(&path, "# Kayles and Dawson's Kayles\n0.77\n\n  0.07  \n").unwrap();
    let path = path.to_str().unwrap();
    let table = rows(&stdout(&succeeds(&[
        "period",
        "bash:3",
        "--codes",
        path,
        "--octal-codes",
        "1",
    ])));
    let codes: Vec<&str> = table.iter().map(|row| row[0].as_str()).take(4).collect();
    assert_eq!(codes, ["bash:3", "0.77", "0.07", "0.1"]);
    assert_eq!(table.len(), 3 + 7);

    let mut child = Command::new(BINARY)
        .args(["period", "--codes", "-", "--json", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"0.137\n0.77\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let objects: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(objects[0]["game"], "0.137");
    assert_eq!(objects[1]["game"], "0.77");
    assert_eq!(objects[1]["period"], 12);
}

#[test]
fn a_bad_spec_is_refused_with_its_caret_before_any_work() {
    let message = refused(&["period", "0.77", "0.7z", "0.6"], None);
    assert!(message.contains("invalid game spec"), "{message}");
    assert!(message.contains("  0.7z\n     ^"), "{message}");

    let message = refused(&["period", "--codes", "-"], Some("0.77\n\n0.07\nkayless\n"));
    assert!(message.contains("line 4 of stdin"), "{message}");
    assert!(message.contains("  kayless\n  ^^^^^^^"), "{message}");

    let message = refused(&["period", "0.77", "misere:0.77"], None);
    assert!(message.contains("misère quotient"), "{message}");
    assert!(
        message.contains("grundy period misere:0.77 alone"),
        "{message}"
    );

    for digits in ["0", "6", "x"] {
        let message = refused(&["period", "--octal-codes", digits], None);
        assert!(message.contains("invalid --octal-codes"), "{message}");
    }
    let message = refused(&["period", "--hex-codes", "4"], None);
    assert!(message.contains("invalid --hex-codes"), "{message}");
    assert!(message.contains("  4\n  ^"), "{message}");
    let message = refused(&["period", "--codes", "-"], Some("# nothing\n"));
    assert!(message.contains("no games"), "{message}");
    let message = refused(&["period", "0.77", "0.07", "--checkpoint", "q.json"], None);
    assert!(message.contains("--checkpoint"), "{message}");
}

#[test]
fn huge_stdin_is_refused_by_its_size() {
    let mut child = Command::new(BINARY)
        .args(["period", "--codes", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let line = b"0.77\n".repeat(1 << 16);
        // The binary stops reading past its limit: a closed pipe ends the writing.
        for _ in 0..=(65 << 20) / line.len() {
            if stdin.write_all(&line).is_err() {
                break;
            }
        }
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(
        stderr(&output).contains("larger than 64.0 MiB"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn each_game_has_its_own_budget_and_its_failure_is_its_row() {
    // 10^5 values: about 781 KiB for Kayles and 1.1 MiB for bash:3. With 2M, one worker holds
    // the whole limit; two workers hold 1 MiB each, which bash:3 exceeds.
    let args = [
        "period",
        "0.77",
        "bash:3",
        "0.07",
        "--max",
        "10^5",
        "--max-memory",
        "2M",
    ];
    let run = |threads| {
        let mut args = args.to_vec();
        args.extend(["--threads", threads]);
        rows(&stdout(&succeeds(&args)))
    };
    assert!(run("1").iter().all(|row| row[5] == "certified"));
    let shared = run("2");
    assert_eq!(shared[0][5], "certified");
    assert_eq!(shared[2][5], "certified");
    let bash = shared[1].join(" ");
    assert!(
        bash.contains("error:") && bash.contains("the memory limit is 1.0 MiB"),
        "{bash}"
    );

    let mut json_args = args.to_vec();
    json_args.extend(["--threads", "2", "--json"]);
    let objects = json(&json_args);
    assert_eq!(objects[1]["game"], "bash:3");
    assert_eq!(objects[1]["period"], Value::Null);
    assert!(
        objects[1]["error"]
            .as_str()
            .unwrap()
            .contains("memory limit")
    );
    assert!(
        objects[1]["hint"]
            .as_str()
            .unwrap()
            .contains("--max-memory")
    );

    // The time limit is each game's own: Officers stops at it, the others are answered.
    let table = rows(&stdout(&succeeds(&[
        "period",
        "0.77",
        "0.6",
        "0.07",
        "--max",
        "2^24",
        "--timeout",
        "0.3",
    ])));
    assert_eq!(table[0][5], "certified");
    assert_eq!(table[2][5], "certified");
    let officers = table[1].join(" ");
    assert!(
        officers.contains("error: stopped at the time limit of 300 ms"),
        "{officers}"
    );
}

#[test]
fn ctrl_c_prints_the_rows_finished_and_exits_130() {
    let mut child = Command::new(BINARY)
        .args([
            "period",
            "0.77",
            "0.6",
            "0.07",
            "--max",
            "2^24",
            "--threads",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut printed = String::new();
    // The header and Kayles' row; then Officers runs (2^24 values take far longer).
    for _ in 0..2 {
        out.read_line(&mut printed).unwrap();
    }
    assert!(
        printed.lines().nth(1).unwrap().starts_with("0.77 "),
        "{printed}"
    );
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    out.read_to_string(&mut printed).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    assert_eq!(printed.lines().count(), 2, "{printed}");
    let message = stderr(&output);
    assert!(
        message.contains("interrupted with 1 of 3 games finished") && message.contains("0.6"),
        "{message}"
    );
}
