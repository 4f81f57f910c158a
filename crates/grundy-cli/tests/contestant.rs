//! Runs the real binary on what contestants hit on the way (issue 11, part 5): several heaps of a
//! one-heap game, named games, the count of winning moves, HDU 2897's rest rule and its misère
//! warning, and the small fixes (reduced residues, empty positions, count words, misère Fibonacci
//! Nim at 1).

use std::io::Write as _;
use std::process::{Command, Stdio};

use serde_json::Value;

mod common;

use common::{BINARY, grundy, pinned, stderr, stdout};

/// Runs a command that must succeed; its stdout.
fn answers(args: &[&str]) -> String {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&answers(args)).expect("stdout is JSON")
}

/// Runs a command that must fail with exit 2; its stderr.
fn fails(args: &[&str]) -> String {
    let output = grundy(args);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?}: {}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
    stderr(&output)
}

#[test]
fn several_heaps_of_a_subtraction_game_are_a_sum() {
    let text = answers(&["solve", "subtraction:fibonacci", "1,4,1"]);
    assert!(text.contains("position  1,4,1\n"), "{text}");
    assert!(text.contains("value     lose"), "{text}");
    assert!(
        text.contains(
            "the 3 heaps have values 1, 0, 1, and by Sprague–Grundy their sum has the xor 0"
        ),
        "{text}"
    );
    let value = json(&["solve", "subtraction:1,3,4", "10^18,5,7", "--json"]);
    assert_eq!(value["game"], "subtraction:1,3,4");
    assert_eq!(value["grundy"], 2);
    assert_eq!(value["heap_values"], serde_json::json!([1, 3, 0]));
    assert_eq!(value["winning_move_count"], 4);
    assert_eq!(
        value["winning_moves"][0],
        serde_json::json!({ "move": "take 3 from heap 1", "to": "999999999999999997,5,7" })
    );
    // The same answer as the sum spec.
    let sum = json(&[
        "solve",
        "subtraction:1,3,4[10^18] + subtraction:1,3,4[5] + subtraction:1,3,4[7]",
        "--json",
    ]);
    assert_eq!(sum["grundy"], value["grundy"]);
    assert_eq!(sum["winning_move_count"], value["winning_move_count"]);
    // Under misère play the heaps are not xored: the set is a take-and-break code (0.3033),
    // answered by the tame rule; a set too long to write as a code is searched, within limits.
    let text = answers(&["solve", "misere:subtraction:1,3,4", "3,4,5"]);
    assert!(text.contains("grundy's tame criterion"), "{text}");
    let error = fails(&["solve", "misere:subtraction:1,3,100000", "3000,3000"]);
    assert!(error.contains("up to 9006001 positions"), "{error}");
    assert!(
        error.contains("hint: raise the limit with --max 9006001"),
        "{error}"
    );
    // The table of such a game is the table of one heap.
    let text = answers(&["table", "subtraction:1,3,4", "--to", "6"]);
    assert!(
        text.contains("G(n)   0  1  0  1  2  3  2") || text.contains("G(n)  0 1 0 1 2 3 2"),
        "{text}"
    );
}

#[test]
fn a_hundred_thousand_huge_heaps_come_from_stdin() {
    let mut heaps = vec!["1000000000000000000"; 100_000].join(",");
    heaps.push_str(",1\n");
    let mut child = Command::new(BINARY)
        .args(pinned(&["solve", "subtraction:1,3,4", "-", "--json"]))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(heaps.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    // 10^18 ≡ 1 (mod 7): 100 000 heaps of value 1 xor to 0, and the heap of 1 adds 1.
    assert_eq!(value["grundy"], 1);
    assert_eq!(value["heap_values"].as_array().unwrap().len(), 100_001);
    assert_eq!(value["winning_move_count"], 100_001);
    assert_eq!(
        value["winning_moves"][100_000]["move"],
        "take 1 from heap 100001"
    );
}

#[test]
fn named_games_print_their_codes() {
    let text = answers(&["solve", "kayles", "5"]);
    assert!(text.starts_with("game      kayles (0.77)\n"), "{text}");
    let value = json(&["solve", "dawsons-kayles", "10^30", "--json"]);
    assert_eq!(value["game"], "0.07");
    assert_eq!(value["alias"], "dawsons-kayles");
    let sum = json(&["solve", "kayles[5] + nim[3]", "--json"]);
    assert_eq!(sum["game"], "0.77[5] + nim[3]");
    assert_eq!(sum["alias"], "kayles[5] + nim[3]");
    for (name, code) in [
        ("dawsons-chess", "0.137"),
        ("lasker", "4.[3]"),
        ("grundys-game", "4!.0"),
        ("officers", "0.6"),
    ] {
        let text = answers(&["table", name, "--to", "8"]);
        assert!(text.starts_with(&format!("{name} ({code})  (")), "{text}");
        let report = json(&["period", name, "--json", "--max", "1000"]);
        assert_eq!(
            (&report["game"], &report["alias"]),
            (&Value::from(code), &Value::from(name))
        );
    }
    // Misère codes are answered under their names too (heap 5 of misère Kayles: G⁻ = 1).
    let value = json(&["solve", "misere:kayles", "5", "--json"]);
    assert_eq!(value["game"], "misere:0.77");
    assert_eq!(value["alias"], "misere:kayles");
    assert_eq!(value["value"], "win");
    assert_eq!(value["misere_grundy"], 1);
    let help = answers(&["--help"]);
    for name in [
        "kayles",
        "dawsons-kayles",
        "dawsons-chess",
        "lasker",
        "grundys-game",
        "officers",
    ] {
        assert!(help.contains(name), "{name} is in the help");
    }
    let error = fails(&["solve", "kayle", "5"]);
    assert!(error.contains("did you mean 'kayles'"), "{error}");
}

#[test]
fn the_text_counts_every_winning_move() {
    let text = answers(&[
        "solve",
        "nim",
        "3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,1000",
    ]);
    assert!(
        text.contains("\nwinning   1 move") || text.contains("\nwinning   take"),
        "{text}"
    );
    let text = answers(&["solve", "0.77", "1,1,1"]);
    assert!(
        text.contains("\nwinning   3 moves\n          take all 1 (heap 1) → 1,1\n"),
        "{text}"
    );
    let heaps = vec!["1"; 41].join(",");
    let text = answers(&["solve", "nim", &heaps]);
    assert!(text.contains("\nwinning   41 moves\n"), "{text}");
    assert!(text.contains("… and 21 more (--json lists all)"), "{text}");
    let text = answers(&["solve", "0.77", "10^18"]);
    assert!(
        text.contains(
            "\nwinning   83333333333333338 moves (16 one by one, the rest in 2 classes)\n"
        ),
        "{text}"
    );
    // One move keeps its one line.
    let text = answers(&["solve", "bash:3", "10"]);
    assert!(text.contains("\nwinning   take 2 → 8\n"), "{text}");
}

#[test]
fn hdu_2897_is_the_misere_rest_rule() {
    // 邂逅明下: n coins, take 2 to 5; fewer than 2 left, take them all; the last taker loses.
    let report = json(&["period", "misere:subtraction:2..5,rest", "--json"]);
    assert_eq!(report["game"], "misere:subtraction:2..5,rest");
    assert_eq!(
        (&report["period"], &report["preperiod"]),
        (&Value::from(7), &Value::from(0))
    );
    assert_eq!(report["certificate"]["theorem"], "window");
    let text = answers(&["period", "misere:subtraction:2..5,rest"]);
    assert!(text.contains("P-positions  n mod 7 ∈ {1, 2}"), "{text}");
    for (n, value) in [
        ("1", "lose"),
        ("2", "lose"),
        ("3", "win"),
        ("7", "win"),
        ("8", "lose"),
        // 10^18 ≡ 1 (mod 7): a loss, as is one more coin; two more is a win.
        ("10^18", "lose"),
        ("1000000000000000001", "lose"),
        ("1000000000000000002", "win"),
    ] {
        let solution = json(&["solve", "misere:subtraction:2..5,rest", n, "--json"]);
        assert_eq!(solution["value"], value, "n = {n}");
    }
    let output = grundy(&["solve", "misere:subtraction:2..5,rest", "10"]);
    assert!(
        stderr(&output).is_empty(),
        "no warning: {}",
        stderr(&output)
    );
    // Normal play of the same rule: whoever takes the last coin wins.
    let table = json(&["table", "subtraction:2..5,rest", "--to", "7", "--json"]);
    assert_eq!(table["values"], serde_json::json!([0, 1, 1, 2, 2, 3, 0, 0]));
    let error = fails(&["solve", "norepeat:2,3,rest", "5"]);
    assert!(
        error.contains("',rest' applies to subtraction games"),
        "{error}"
    );
}

#[test]
fn misere_stranded_tokens_are_warned_about() {
    let output = grundy(&["solve", "misere:subtraction:2,3", "1"]);
    assert!(output.status.success());
    let warning = stderr(&output);
    assert!(warning.starts_with("warning: in subtraction:2,3, a heap of 1 token has no move; under misère play grundy counts the player who cannot move as the winner"), "{warning}");
    assert!(
        warning.contains("play misere:subtraction:2,3,rest"),
        "{warning}"
    );
    let text = stdout(&output);
    assert!(text.contains("winning   none needed: no move is left, and under misère play the player who cannot move wins"), "{text}");
    assert!(
        text.contains("No amount fits a heap of 1 (the least is 2)"),
        "{text}"
    );
    // JSON stays clean on stdout; the warning is on stderr.
    let output = grundy(&["solve", "misere:subtraction:2,3", "7", "--json"]);
    assert!(serde_json::from_slice::<Value>(&output.stdout).is_ok());
    assert!(stderr(&output).starts_with("warning: "));
}

#[test]
fn small_fixes() {
    let text = answers(&["solve", "0.77", "10^18"]);
    assert!(
        text.contains("for every a ≡ 1 (mod 12), 73 ≤ a ≤ 499999999999999999"),
        "{text}"
    );
    assert!(!text.contains("≡ 73"), "{text}");
    let text = answers(&["solve", "nim", ""]);
    assert!(text.contains("position  (no heaps)\n"), "{text}");
    assert!(text.contains("value     lose"), "{text}");
    let text = answers(&["solve", "0.77", "1"]);
    assert!(
        text.contains("winning   take all 1 → (no heaps)\n"),
        "{text}"
    );
    assert!(text.contains("the heap has value 1,"), "{text}");
    let text = answers(&["solve", "misere:fibonacci-nim", "1"]);
    assert!(text.contains("a fresh heap of 1 has no move"), "{text}");
    assert!(text.contains("with at most 1 token "), "{text}");
    assert!(text.contains("winning   none needed"), "{text}");
    let text = answers(&["solve", "misere:nim[1] + nim[0]"]);
    assert!(!text.contains("1 heaps"), "{text}");
    let text = answers(&["solve", "oddball:1,2,3", "1"]);
    assert!(!text.contains("1 moves"), "{text}");
}
