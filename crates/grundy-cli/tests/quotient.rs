//! Runs the real `grundy` binary on misère quotients: `period misere:CODE` (text and JSON),
//! `solve` from a closed quotient at any size and on sums of one code, and a wild game stopping
//! at its limits with a checkpoint it resumes from.

use serde_json::Value;

mod common;

use common::{grundy, stderr, stdout};

fn json(args: &[&str]) -> Value {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

fn text(args: &[&str]) -> String {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

#[test]
fn period_prints_the_misere_quotient_of_kayles() {
    let shown = text(&["period", "misere:0.77"]);
    assert!(
        shown.starts_with("misere:0.77: misère quotient of order 40 with 9 P-elements"),
        "{shown}"
    );
    assert!(shown.contains("relations: "), "{shown}");
    assert!(shown.contains("a^2 = 1"), "{shown}");
    assert!(
        shown.contains("closed: Φ(n + 12) = Φ(n) for every n ≥ 71"),
        "{shown}"
    );
    let report = json(&["period", "misere:kayles", "--json"]);
    assert_eq!(report["kind"], "misère quotient");
    assert_eq!(report["order"], 40);
    assert_eq!(report["losing"], 9);
    assert_eq!(report["closed"], true);
    assert_eq!(
        (&report["preperiod"], &report["period"]),
        (&Value::from(71), &Value::from(12))
    );
    assert_eq!(report["phi"][0], "a");
    assert_eq!(
        report["phi"].as_array().map(Vec::len),
        report["heaps"].as_u64().map(|h| h as usize)
    );
    assert!(report["stopped"].is_null());
}

#[test]
fn tame_codes_close_small() {
    let report = json(&["period", "misere:0.31", "--json"]);
    assert_eq!(
        (&report["order"], &report["closed"]),
        (&Value::from(6), &Value::from(true))
    );
    assert_eq!(
        report["relations"],
        serde_json::json!(["a^2 = 1", "b^3 = b"])
    );
    let report = json(&["period", "misere:0.75", "--json"]);
    assert_eq!(
        (&report["order"], &report["losing"]),
        (&Value::from(8), &Value::from(2))
    );
}

#[test]
fn solve_answers_misere_kayles_at_10_to_the_18() {
    let value = json(&["solve", "misere:0.77", "1000000000000000000", "--json"]);
    assert_eq!(value["value"], "win");
    assert_eq!(value["basis"]["kind"], "misère quotient");
    assert_eq!(value["basis"]["closed"], true);
    let moves = value["winning_moves"].as_array().expect("moves");
    assert!(!moves.is_empty());
    let shown = text(&["solve", "misere:0.77", "10^18"]);
    assert!(shown.contains("for every a ≡"), "{shown}");
    assert!(
        shown.contains("misère quotient (Plambeck–Siegel) of order 40"),
        "{shown}"
    );
}

#[test]
fn solve_answers_several_heaps_and_sums_of_one_code() {
    // 9 alone loses (Φ(9) ∈ P); 5 + 9 loses as well, written as heaps or as a sum.
    let value = json(&["solve", "misere:0.77", "9", "--json"]);
    assert_eq!(value["value"], "lose");
    let heaps = json(&["solve", "misere:0.77", "5,9", "--json"]);
    let sum = json(&["solve", "misere:0.77[5] + 0.77[9]", "--json"]);
    assert_eq!(heaps["value"], sum["value"]);
    let sum = json(&["solve", "misere:kayles[5] + 0.77[4,1]", "--json"]);
    assert_eq!(sum["value"], "win");
    let moves = sum["winning_moves"].as_array().expect("moves");
    assert!(moves.iter().any(|m| m["to"] == "0.77[4]"), "{moves:?}");
}

#[test]
fn a_wild_game_stops_and_resumes_from_its_checkpoint() {
    let directory = tempfile::tempdir().expect("a directory");
    let file = directory.path().join("q.json");
    let path = file.to_str().expect("a path");
    let first = json(&[
        "period",
        "misere:0.6",
        "--heaps",
        "8",
        "--checkpoint",
        path,
        "--json",
    ]);
    assert_eq!(first["heaps"], 8);
    assert_eq!(first["closed"], false);
    assert_eq!(first["stopped"], "the heap limit was reached");
    let saved = std::fs::read_to_string(&file).expect("the checkpoint");
    let resumed = json(&[
        "period",
        "misere:0.6",
        "--heaps",
        "11",
        "--checkpoint",
        path,
        "--json",
    ]);
    assert_eq!(
        (&resumed["resumed_from"], &resumed["heaps"]),
        (&Value::from(8), &Value::from(11))
    );
    let fresh = json(&["period", "misere:0.6", "--heaps", "11", "--json"]);
    assert_eq!(resumed["order"], fresh["order"]);
    assert_eq!(resumed["phi"], fresh["phi"]);
    assert_ne!(
        std::fs::read_to_string(&file).expect("the checkpoint"),
        saved
    );
    // A smaller run never shrinks the checkpoint.
    let again = json(&[
        "period",
        "misere:0.6",
        "--heaps",
        "9",
        "--checkpoint",
        path,
        "--json",
    ]);
    assert_eq!(again["heaps"], 11);
    let kept: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("kept")).expect("JSON");
    assert_eq!(kept["heaps"], 11);
    // Another game's checkpoint is refused, and a corrupted one fails verification.
    let output = grundy(&["period", "misere:0.77", "--checkpoint", path]);
    assert_ne!(output.status.code(), Some(0));
    assert!(
        stderr(&output).contains("misere:0.6"),
        "{}",
        stderr(&output)
    );
    let mut corrupted = kept.clone();
    corrupted["losing"][0] = Value::from(!kept["losing"][0].as_bool().expect("a flag"));
    std::fs::write(&file, corrupted.to_string()).expect("written");
    let output = grundy(&["period", "misere:0.6", "--checkpoint", path]);
    assert_ne!(output.status.code(), Some(0));
    assert!(
        stderr(&output).contains("not a verified misère quotient"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_wild_game_stops_at_a_small_memory_limit_with_the_quotient_so_far() {
    let report = json(&["period", "misere:0.07", "--max-memory", "2M", "--json"]);
    assert_eq!(report["closed"], false);
    let stopped = report["stopped"].as_str().expect("a reason");
    assert!(stopped.contains("memory"), "{stopped}");
    assert!(report["heaps"].as_u64().expect("heaps") >= 4);
}
