//! Arithmetic periodicity of take-and-break codes with a repeating tail (docs/arithmetic-periodicity.md),
//! from the real binary: `period` certifies it, `solve` answers at any size with every winning
//! move, and splits too many to list are described, not dropped.

use serde_json::Value;

mod common;

use common::{grundy, stderr, stdout};

fn json(args: &[&str]) -> Value {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("JSON")
}

/// Lasker's Nim at `n`, from its closed form (x − 1, x, x, x + 1 by x mod 4).
fn lasker(n: u64) -> u64 {
    match n % 4 {
        _ if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

#[test]
fn lasker_nim_is_certified_and_solved_at_two_to_the_thirty_one() {
    let period = json(&["period", "4.[3]", "--json"]);
    assert_eq!(period["certified"], true, "{period}");
    let certificate = &period["certificate"];
    assert_eq!(
        certificate["theorem"], "take-and-break-families",
        "{period}"
    );
    assert_eq!(certificate["checked_to"], 15, "{period}");
    assert_eq!(
        (&period["preperiod"], &period["period"], &period["saltus"]),
        (&Value::from(1), &Value::from(4), &Value::from(4))
    );
    let solution = json(&["solve", "4.[3]", "2147483647", "--json"]);
    assert_eq!(solution["grundy"].to_string(), "2147483648", "{solution}");
    assert_eq!(solution["outcome"], "N");
    let moves = solution["winning_moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1, "{solution}");
    assert_eq!(moves[0]["move"], "take all 2147483647");
    assert!(solution.get("unlisted_moves").is_none(), "{solution}");
    // Several heaps, far beyond any table: the values are the closed form's, the winning moves
    // leave xor 0.
    let heaps = [1_000_000_000_006u64, 777_777_777_777, 123_456_789_011];
    let position = heaps.map(|h| h.to_string()).join(",");
    let solution = json(&["solve", "4.[3]", &position, "--json"]);
    let xor = heaps.iter().fold(0, |x, &h| x ^ lasker(h));
    assert_eq!(
        solution["grundy"].to_string(),
        xor.to_string(),
        "{solution}"
    );
    let moves = solution["winning_moves"].as_array().expect("moves");
    assert!(!moves.is_empty(), "{solution}");
    for play in moves {
        let after: Vec<u64> = play["to"]
            .as_str()
            .expect("a position")
            .split(',')
            .map(|h| h.parse().expect("a heap"))
            .collect();
        assert_eq!(after.iter().fold(0, |x, &h| x ^ lasker(h)), 0, "{play}");
    }
}

#[test]
fn take_or_split_in_three_answers_at_ten_to_the_thirty() {
    let solution = json(&["solve", "8.[3]", "10^30", "--json"]);
    assert_eq!(
        solution["grundy"].to_string(),
        "999999999999999999999999999999",
        "{solution}"
    );
    let moves = solution["winning_moves"].as_array().expect("moves");
    assert_eq!(moves[0]["move"], "take all 1000000000000000000000000000000");
    let unlisted = solution["unlisted_moves"].as_array().expect("families");
    assert_eq!(unlisted.len(), 1, "{solution}");
    assert_eq!(unlisted[0]["parts"], 3);
    assert_eq!(unlisted[0]["value"].to_string(), "0");
    let output = grundy(&["solve", "8.[3]", "10^30"]);
    let text = stdout(&output);
    assert!(
        text.contains("split into 3 heaps whose values xor to 0 (every such split wins)"),
        "{text}"
    );
    assert!(text.contains("take-and-break family criterion"), "{text}");
}

#[test]
fn a_saltus_no_theorem_proves_is_observed() {
    let period = json(&["period", "hex:0.3F", "--json"]);
    assert_eq!(period["certified"], false, "{period}");
    let output = grundy(&["solve", "hex:0.3F", "10^30"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("observed, not proved"),
        "{}",
        stderr(&output)
    );
}
