//! `grundy explain` through the real binary: the golden text and Markdown of the seed examples
//! in English and Chinese, the JSON steps re-derived from `grundy table` and `grundy solve`, the
//! language taken from the environment, and bad input.
//!
//! The golden files live in `testdata/explain/`. After a deliberate change of the wording,
//! regenerate them with `GRUNDY_BLESS=1 cargo test -p grundy-cli --test explain` and review the
//! diff.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

mod common;

use common::{BINARY, grundy, stderr, stdout};

/// The seed examples: a name, the game and the position.
const GOLDENS: &[(&str, &str, &str)] = &[
    // The seed tutorial's candies: take 1, 3 or 4, at 10^18.
    ("subtraction-1-3-4-at-10-18", "subtraction:1,3,4", "10^18"),
    // LeetCode 292 (Nim Game): take 1 to 3 stones; 4 stones lose.
    ("leetcode-292-bash-3-at-4", "bash:3", "4"),
    // The DOTA seed (Lanqiao ALGO-529): heaps of a Fibonacci subtraction game, as a sum.
    (
        "dota-fibonacci-heaps",
        "subtraction:fibonacci[1] + subtraction:fibonacci[4] + subtraction:fibonacci[7]",
        "",
    ),
    // The contest game's two samples (取球博弈, Lanqiao 2016): the largest pile of each.
    ("oddball-1-2-3-at-5", "oddball:1,2,3", "5"),
    ("oddball-1-4-5-at-15", "oddball:1,4,5", "15"),
    // A three-heap Nim.
    ("nim-3-4-5", "nim", "3,4,5"),
];

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/explain")
}

fn explain(game: &str, position: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["explain", game];
    if !position.is_empty() {
        args.push(position);
    }
    args.extend(["--threads", "1"]);
    args.extend(extra);
    grundy(&args)
}

#[test]
fn golden_text_and_markdown_in_both_languages() {
    let bless = std::env::var_os("GRUNDY_BLESS").is_some_and(|v| v == "1");
    let mut differing = Vec::new();
    for (name, game, position) in GOLDENS {
        for language in ["en", "zh"] {
            for (format, extension) in [("text", "txt"), ("markdown", "md")] {
                let output = explain(
                    game,
                    position,
                    &["--lang", language, "--format", format, "--width", "80"],
                );
                assert!(output.status.success(), "{game}: {}", stderr(&output));
                let text = stdout(&output);
                assert!(!text.contains(['\u{2068}', '\u{2069}']), "bidi marks");
                assert!(!text.contains("{explain-"), "a missing message");
                let path = testdata().join(format!("{name}.{language}.{extension}"));
                if bless {
                    std::fs::create_dir_all(testdata()).unwrap();
                    std::fs::write(&path, &text).unwrap();
                    continue;
                }
                let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                    panic!("{}: {e} (GRUNDY_BLESS=1 writes it)", path.display())
                });
                if golden != text {
                    differing.push(format!("{}:\n{text}", path.display()));
                }
            }
        }
    }
    assert!(
        differing.is_empty(),
        "output differs from the golden files (GRUNDY_BLESS=1 regenerates them):\n{}",
        differing.join("\n")
    );
}

#[test]
fn the_seed_derivation_in_chinese_has_the_table_window_certificate_and_move() {
    let output = explain("subtraction:1,3,4", "10^18", &["--lang", "zh"]);
    let text = stdout(&output);
    for needle in [
        "从终止局面开始打表",
        "mex{1, 2} = 0",
        "窗口判据",
        "G(0..3) = 0 1 0 1",
        "G(7..10) = 0 1 0 1",
        "当且仅当 n mod 7 ∈ {0, 2} 时先手必败",
        "1000000000000000000 mod 7 = 1",
        "拿走 1 → 999999999999999999",
    ] {
        assert!(text.contains(needle), "missing {needle}:\n{text}");
    }
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--threads", "1"]);
    let output = grundy(&all);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// The JSON steps of one-heap games: every row's mex and xor re-derived, the values from
/// `grundy table`, the answer from `grundy solve`.
#[test]
fn json_steps_restate_the_library_numbers() {
    for (game, position) in [
        ("subtraction:1,3,4", "10^18"),
        ("misere:subtraction:1,3,4", "9"),
        ("allbut:2,3,7", "1000"),
        ("bash:3", "10"),
        ("0.77", "20"),
        ("norepeat:1,2,3", "10"),
    ] {
        let explanation = json(&["explain", game, position, "--json"]);
        let steps = explanation["steps"].as_array().unwrap();
        let kinds: Vec<&str> = steps.iter().map(|s| s["step"].as_str().unwrap()).collect();
        assert_eq!(kinds[..2], ["state", "terminal"], "{game}");
        let table = steps.iter().find(|s| s["step"] == "table").unwrap();
        let rows = table["rows"].as_array().unwrap();
        let last = rows.len() - 1;
        let values =
            numbers(&json(&["table", game, "--to", &last.to_string(), "--json"])["values"]);
        for row in rows {
            let n = row["n"].as_u64().unwrap() as usize;
            assert_eq!(row["value"].as_u64().unwrap(), values[n], "{game} row {n}");
            let mut set = BTreeSet::new();
            for option in row["options"].as_array().unwrap() {
                let parts = numbers(&option["parts"]);
                let part_values = numbers(&option["part_values"]);
                let value = option["value"].as_u64().unwrap();
                if table["forbids_take"] == false {
                    let expected: Vec<u64> = parts.iter().map(|&p| values[p as usize]).collect();
                    assert_eq!(part_values, expected, "{game} row {n}");
                    assert_eq!(value, part_values.iter().fold(0, |x, v| x ^ v));
                }
                set.insert(value);
            }
            assert_eq!(
                numbers(&row["mex_set"]),
                set.iter().copied().collect::<Vec<_>>()
            );
            let mex = (0..).find(|v| !set.contains(v)).unwrap();
            assert_eq!(row["mex"].as_u64().unwrap(), mex, "{game} row {n}");
            let outcome = if values[n] == 0 { "P" } else { "N" };
            assert_eq!(row["outcome"], outcome);
        }
        let answer = steps.iter().find(|s| s["step"] == "answer").unwrap();
        let solved = json(&["solve", game, position, "--json"]);
        assert_eq!(answer["value"], solved["value"], "{game}");
        assert_eq!(answer["outcome"], solved["outcome"]);
        let grundy = if solved["grundy"].is_null() {
            &solved["misere_grundy"]
        } else {
            &solved["grundy"]
        };
        assert_eq!(&answer["grundy"], grundy, "{game}");
        let derivation = &answer["derivation"];
        if derivation["kind"] == "periodic" {
            let period = derivation["period"].as_u64().unwrap();
            let residue = derivation["residue"].as_u64().unwrap();
            let n: num_bigint::BigUint = derivation["n"].to_string().parse().unwrap();
            assert_eq!(n % period, residue.into(), "{game}: n mod p");
        }
    }
}

/// Sums and Nim: the xor of the JSON terms, each term's target, and the values against `solve`.
#[test]
fn json_xor_restates_the_component_values() {
    for (game, position) in [
        ("nim", "3,4,5"),
        (
            "subtraction:1,3,4[10] + nim[7] + wythoff[3,5] + fibonacci-nim[20/4]",
            "",
        ),
        ("0.77", "5,7,9"),
    ] {
        let mut args = vec!["explain", game];
        if !position.is_empty() {
            args.push(position);
        }
        args.push("--json");
        let explanation = json(&args);
        let answer = explanation["steps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["step"] == "answer")
            .unwrap();
        let derivation = &answer["derivation"];
        assert_eq!(derivation["kind"], "xor", "{game}");
        let terms = derivation["terms"].as_array().unwrap();
        let mut total = 0;
        for term in terms {
            let value = term["value"].as_u64().unwrap();
            assert_eq!(
                term["binary"].as_str().unwrap(),
                format!("{value:b}"),
                "{game}"
            );
            total ^= value;
        }
        assert_eq!(derivation["xor"].as_u64().unwrap(), total, "{game}");
        for term in terms {
            let value = term["value"].as_u64().unwrap();
            assert_eq!(term["target"].as_u64().unwrap(), value ^ total);
            assert_eq!(term["move_here"], (value ^ total) < value);
        }
        let mut solve = vec!["solve", game];
        if !position.is_empty() {
            solve.push(position);
        }
        solve.push("--json");
        assert_eq!(json(&solve)["grundy"].as_u64().unwrap(), total, "{game}");
    }
    // Each component's value is its value alone.
    let explanation = json(&[
        "explain",
        "subtraction:1,3,4[10] + nim[7] + wythoff[3,5]",
        "--json",
    ]);
    let steps = explanation["steps"].as_array().unwrap();
    let answer = steps.iter().find(|s| s["step"] == "answer").unwrap();
    let components = steps[0]["components"].as_array().unwrap();
    for (component, term) in components
        .iter()
        .zip(answer["derivation"]["terms"].as_array().unwrap())
    {
        let alone = json(&[
            "solve",
            component["game"].as_str().unwrap(),
            component["position"].as_str().unwrap(),
            "--json",
        ]);
        assert_eq!(alone["grundy"], term["value"], "{component}");
    }
}

#[test]
fn the_language_comes_from_the_environment() {
    let run = |variables: &[(&str, &str)]| {
        let mut command = Command::new(BINARY);
        command
            .args(["explain", "bash:3", "5", "--threads", "1"])
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG");
        for (name, value) in variables {
            command.env(name, value);
        }
        let output = command.output().unwrap();
        assert!(output.status.success());
        stdout(&output)
    };
    assert!(run(&[("LANG", "zh_CN.UTF-8")]).contains("先手必胜"));
    assert!(run(&[("LANG", "en_US.UTF-8")]).contains("the player to move wins"));
    assert!(run(&[]).contains("the player to move wins"));
    // LC_ALL overrides LANG; an empty LC_ALL does not.
    assert!(run(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")]).contains("the player to move wins"));
    assert!(run(&[("LANG", "zh_TW"), ("LC_ALL", "")]).contains("先手必胜"));
    assert!(run(&[("LC_MESSAGES", "zh_CN.UTF-8"), ("LANG", "en_US")]).contains("先手必胜"));
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    for (args, expected) in [
        (&["explain", "subtraction:1,3,4", "abc"][..], "^"),
        (&["explain", "subtraction:1,3,"][..], "^"),
        (&["explain", "nim", "3,x"][..], "^"),
        (&["explain", "misere:0.77"][..], "misère"),
        (&["explain", "bash:3", "5", "--lang", "fr"][..], "fr"),
    ] {
        let output = grundy(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
        let message = stderr(&output);
        assert!(message.contains(expected), "{args:?}: {message}");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
    }
}

#[test]
fn a_googol_digit_heap_is_answered_without_printing_it() {
    let output = explain("subtraction:1,3,4", "10^99999", &["--lang", "en"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("(100000 digits)"));
    assert!(
        text.len() < 20_000,
        "the text stays short: {} bytes",
        text.len()
    );
}
