//! Runs the real `grundy` binary: the CLI contract (spellings, JSON keys, exit codes) and every
//! bad-input case.

use std::process::Command;

use serde_json::Value;

mod common;

use common::{grundy, stderr, stdout};

fn json(args: &[&str]) -> Value {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

/// Runs a failing command: exit code 2, nothing on stdout, and the message on stderr.
fn fails(args: &[&str]) -> String {
    let output = grundy(args);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?}: {}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
    let message = stderr(&output);
    assert!(
        !message.contains("panicked"),
        "{args:?} panicked: {message}"
    );
    message
}

#[test]
fn solve_answers_10_to_the_18_with_the_move() {
    let value = json(&[
        "solve",
        "subtraction:1,3,4",
        "1000000000000000000",
        "--json",
    ]);
    assert_eq!(value["game"], "subtraction:1,3,4");
    assert_eq!(value["position"], "1000000000000000000");
    assert_eq!(value["value"], "win");
    assert_eq!(value["grundy"], 1);
    assert_eq!(
        value["winning_moves"],
        serde_json::json!([{ "move": "take 1", "to": "999999999999999999" }])
    );
    assert!(
        value["reason"]
            .as_str()
            .unwrap()
            .contains("has period 7 from n = 0 (certified by the window criterion")
    );
    let human = stdout(&grundy(&[
        "solve",
        "subtraction:1,3,4",
        "1000000000000000000",
    ]));
    assert!(human.contains("take 1 → 999999999999999999"), "{human}");
}

#[test]
fn one_two_k_with_k_up_to_10_to_the_18_is_answered_by_theorems() {
    // 10^18 ≡ 1 (mod 3): the residue theorem, G(n) = n mod 3.
    let value = json(&[
        "solve",
        "subtraction:1,2,1000000000000000000",
        "999999999999999999",
        "--json",
    ]);
    assert_eq!(value["value"], "lose");
    assert_eq!(value["grundy"], 0);
    // 3 | k: the {1, 2, k} theorem, period k + 1; heap k is worth 3 and taking k wins.
    let value = json(&[
        "solve",
        "subtraction:1,2,999999999999999999",
        "999999999999999999",
        "--json",
    ]);
    assert_eq!(value["grundy"], 3);
    assert_eq!(
        value["winning_moves"],
        serde_json::json!([{ "move": "take 999999999999999999", "to": "0" }])
    );
    let text = stdout(&grundy(&[
        "solve",
        "subtraction:1,2,999999999999999999",
        "1999999999999999999",
    ]));
    assert!(text.contains("the {1, 2, k} theorem"), "{text}");
    assert!(
        text.contains("Here n mod 1000000000000000000 = 999999999999999999 is worth 3"),
        "{text}"
    );
    // The period question states the theorem rather than listing 10^18 values.
    let message = fails(&["period", "subtraction:1,2,999999999999999999"]);
    assert!(
        message.contains("has period 1000000000000000000 from n = 0 by the {1, 2, k} theorem"),
        "{message}"
    );
    // Without a theorem, a large amount is refused where it is written.
    let message = fails(&["solve", "subtraction:1,4,10^12", "5"]);
    assert!(
        message.contains("amounts above 10000000 need a theorem"),
        "{message}"
    );
    assert!(
        message.contains("  subtraction:1,4,10^12\n                  ^^^^^"),
        "{message}"
    );
}

#[test]
fn solve_a_losing_heap_lists_no_moves() {
    let value = json(&["solve", "bash:3", "10^100", "--json"]);
    assert_eq!(value["value"], "lose");
    assert_eq!(value["grundy"], 0);
    assert_eq!(value["winning_moves"], serde_json::json!([]));
}

#[test]
fn grundy_values_beyond_64_bits_are_exact_json_numbers() {
    let output = grundy(&["solve", "allbut:1", "10^40", "--json"]);
    let text = stdout(&output);
    assert!(
        text.contains("\"grundy\": 5000000000000000000000000000000000000000,"),
        "{text}"
    );
}

#[test]
fn table_shows_the_leetcode_292_pattern() {
    let value = json(&["table", "bash:3", "--to", "12", "--json"]);
    assert_eq!(value["game"], "bash:3");
    assert_eq!(value["from"], 0);
    assert_eq!(
        value["values"],
        serde_json::json!([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0])
    );
    assert_eq!(value["outcomes"], "PNNNPNNNPNNNP");
    let human = stdout(&grundy(&["table", "bash:3", "--to", "12"]));
    let lines: Vec<&str> = human.lines().collect();
    assert!(lines[1].starts_with("n "), "{human}");
    assert!(
        lines[3].starts_with("P/N") && lines[3].ends_with('P'),
        "{human}"
    );
}

/// A family whose theorem gives outcomes alone (dynamic subtraction) tables them where the
/// values are beyond the search: `values` null, one letter a heap.
#[test]
fn a_table_of_outcomes_where_the_values_are_beyond_the_search() {
    let value = json(&[
        "table",
        "dynamic:3x",
        "--from",
        "10^18",
        "--to",
        "1000000000000000009",
        "--json",
    ]);
    assert_eq!(value["values"], Value::Null);
    let outcomes = value["outcomes"].as_str().expect("letters");
    assert_eq!(outcomes.len(), 10);
    for (i, letter) in outcomes.chars().enumerate() {
        let heap = format!("{}", 1_000_000_000_000_000_000u64 + i as u64);
        let solved = json(&["solve", "dynamic:3x", &heap, "--json"]);
        assert_eq!(solved["outcome"], letter.to_string(), "{heap}");
    }
    let human = stdout(&grundy(&[
        "table",
        "dynamic:3x",
        "--from",
        "10^18",
        "--to",
        "1000000000000000009",
    ]));
    assert!(human.contains("outcomes only"), "{human}");
    assert!(human.lines().any(|line| line.starts_with("P/N")), "{human}");
    assert!(!human.contains("G(n)"), "{human}");
}

#[test]
fn wide_tables_wrap() {
    let human = stdout(&grundy(&[
        "table",
        "subtraction:1,3,4",
        "--to",
        "99",
        "--width",
        "60",
    ]));
    assert!(
        human.lines().all(|line| line.chars().count() <= 60),
        "{human}"
    );
    assert!(
        human.lines().filter(|line| line.starts_with("P/N")).count() > 1,
        "{human}"
    );
}

#[test]
fn table_far_out_uses_the_period() {
    let value = json(&[
        "table",
        "subtraction:1,3,4",
        "--from",
        "10^18",
        "--to",
        "1000000000000000006",
        "--json",
    ]);
    // 10^18 = 1 (mod 7): the values continue from index 1.
    assert_eq!(value["values"], serde_json::json!([1, 0, 1, 2, 3, 2, 0]));
    assert_eq!(
        value["from"],
        serde_json::json!(1_000_000_000_000_000_000u64)
    );
}

#[test]
fn period_of_2_5_7_is_22_with_a_certificate() {
    let value = json(&["period", "subtraction:2,5,7", "--json"]);
    assert_eq!(value["game"], "subtraction:2,5,7");
    assert_eq!(value["period"], 22);
    assert_eq!(value["preperiod"], 0);
    assert_eq!(value["saltus"], 0);
    assert_eq!(value["certified"], true);
    assert_eq!(value["values"].as_array().unwrap().len(), 22);
    assert_eq!(value["certificate"]["theorem"], "window");
    assert_eq!(value["certificate"]["window"], 7);
    assert_eq!(value["certificate"]["checked_to"], 29);
}

#[test]
fn period_states_the_rule_in_words() {
    let human = stdout(&grundy(&["period", "subtraction:1,3,4"]));
    assert!(human.contains("P-positions  n mod 7 ∈ {0, 2}"), "{human}");
    let human = stdout(&grundy(&["period", "allbut:2,3,7"]));
    assert!(human.contains("saltus       2"), "{human}");
}

#[test]
fn period_not_found_reports_how_far_it_looked() {
    let value = json(&["period", "subtraction:2,5,7", "--max", "20", "--json"]);
    assert_eq!(value["period"], Value::Null);
    assert_eq!(value["certified"], false);
    assert_eq!(value["checked_to"], 20);
}

#[test]
fn infinite_families_are_honest() {
    let value = json(&["period", "subtraction:fibonacci", "--max", "5000", "--json"]);
    assert_eq!(value["certified"], false);
    let message = fails(&["solve", "subtraction:fibonacci", "10^18"]);
    assert!(message.contains("has no proved period"), "{message}");
    assert!(message.contains("--max"), "{message}");
    let value = json(&["solve", "subtraction:powers-of-2", "10^30", "--json"]);
    assert_eq!(value["basis"]["certificate"]["theorem"], "residue");
}

#[test]
fn help_shows_examples_and_unknown_flags_get_suggestions() {
    let help = stdout(&grundy(&["--help"]));
    assert!(
        help.contains("grundy solve subtraction:1,3,4 1000000000000000000"),
        "{help}"
    );
    for command in ["solve", "table", "period"] {
        let help = stdout(&grundy(&[command, "--help"]));
        assert!(
            help.contains(&format!("grundy {command} ")),
            "{command}: {help}"
        );
    }
    let message = fails(&["solve", "bash:3", "5", "--jsn"]);
    assert!(message.contains("--json"), "{message}");
}

#[test]
fn bad_specs_fail_with_a_caret() {
    for (spec, message, caret_column) in [
        ("subtraction:", "the subtraction set is empty", 12),
        ("subtraction:0,3", "0 is not a legal amount", 12),
        ("subtraction:3,-1", "amounts cannot be negative", 14),
        ("subtraction:1,x", "expected an amount", 14),
        ("subtracion:1,3,4", "did you mean 'subtraction'", 0),
        ("subtraction:fibonaci", "did you mean 'fibonacci'", 12),
        ("subtraction:5..2", "the range 5..2 is empty", 12),
        ("subtraction:99999999999", "need a theorem", 12),
        ("bash:", "expected the largest amount", 5),
        ("nimm:3", "unknown game 'nimm'", 0),
        ("", "expected a game name", 0),
    ] {
        let text = fails(&["solve", spec, "5"]);
        assert!(text.contains(message), "{spec}: {text}");
        let lines: Vec<&str> = text.lines().collect();
        let caret_line = lines
            .iter()
            .find(|line| line.trim_start().starts_with('^'))
            .unwrap_or_else(|| panic!("{spec}: no caret in {text}"));
        assert_eq!(
            caret_line.find('^'),
            Some(2 + caret_column),
            "{spec}: {text}"
        );
    }
}

#[test]
fn duplicates_are_accepted_and_normalised() {
    let value = json(&["period", "subtraction:4,1,3,3,1", "--json"]);
    assert_eq!(value["game"], "subtraction:1,3,4");
}

#[test]
fn bad_positions_and_limits_fail_cleanly() {
    assert!(fails(&["solve", "bash:3", "-5"]).contains("negative"));
    assert!(fails(&["solve", "bash:3", "12x"]).contains("unexpected 'x'"));
    assert!(fails(&["solve", "bash:3", "1.5"]).contains("whole numbers"));
    assert!(fails(&["solve", "bash:3", ""]).contains("empty"));
    assert!(fails(&["period", "bash:3", "--max", "0"]).contains("0 is too small"));
    assert!(fails(&["period", "bash:3", "--max", "10^12"]).contains("10^12 is too large"));
    assert!(fails(&["period", "bash:3", "--max", "lots"]).contains("invalid --max"));
    assert!(
        fails(&["table", "bash:3", "--from", "9", "--to", "3"])
            .contains("--from 9 is after --to 3")
    );
    assert!(fails(&["table", "bash:3", "--to", "10^9"]).contains("at most 1000000 rows"));
    assert!(fails(&["solve", "bash:3"]).contains("the position of bash:3 is missing"));
    assert!(fails(&["solve", "subtraction:2,5,7", "10^20", "--max", "20"]).contains("no period"));
}

#[test]
fn engines_agree_from_the_command_line() {
    for engine in ["naive", "streaming"] {
        let value = json(&[
            "solve",
            "allbut:2,3,7",
            "1000",
            "--engine",
            engine,
            "--json",
        ]);
        assert_eq!(value["grundy"], 500, "{engine}");
    }
}

#[test]
fn nim_lists_every_winning_move() {
    let value = json(&["solve", "nim", "3,4,5", "--json"]);
    assert_eq!(value["grundy"], 2);
    assert_eq!(
        value["winning_moves"],
        serde_json::json!([{ "move": "take 2 from heap 1", "to": "1,4,5" }])
    );
    let value = json(&["solve", "misere:nim", "1,1,5", "--json"]);
    assert_eq!(value["grundy"], Value::Null);
    assert_eq!(value["misere_grundy"], 5);
    assert_eq!(value["winning_moves"][0]["to"], "1,1,1");
}

#[test]
fn wythoff_is_exact_at_any_size_and_tables_as_a_grid() {
    let value = json(&["solve", "wythoff", "10^100,10^100", "--json"]);
    assert_eq!(value["value"], "win");
    assert_eq!(value["grundy"], Value::Null);
    assert!(value["reason"].as_str().unwrap().contains("isqrt"));
    let grid = json(&["table", "wythoff", "--to", "3", "--json"]);
    assert_eq!(grid["values"][1], serde_json::json!([1, 2, 0, 4]));
    assert_eq!(grid["values"][3][3], 6);
    // A grid starts at (0, 0): the library refuses another start, the command line names its flag.
    let message = fails(&["table", "misere:wythoff", "--from", "2", "--to", "5"]);
    assert_eq!(
        message,
        "error: a grid of two heaps always starts at (0, 0): drop --from\n"
    );
}

#[test]
fn fibonacci_nim_norepeat_and_misere_tables() {
    let value = json(&["solve", "fibonacci-nim", "20/4", "--json"]);
    assert_eq!(
        value["winning_moves"],
        serde_json::json!([{ "move": "take 2", "to": "18/4" }])
    );
    let value = json(&["solve", "norepeat:1,2,3", "10^30/2", "--json"]);
    assert!(value["reason"].as_str().unwrap().contains("state vectors"));
    let table = json(&["table", "misere:bash:3", "--to", "8", "--json"]);
    assert_eq!(
        table["misere_grundy"],
        serde_json::json!([1, 0, 2, 3, 1, 0, 2, 3, 1])
    );
    assert_eq!(table["outcomes"], "NPNNNPNNN");
}

#[test]
fn sums_take_positions_in_brackets() {
    let value = json(&[
        "solve",
        "subtraction:1,3,4[10] + wythoff[3,5] + nim[7] + fibonacci-nim[20/4]",
        "--json",
    ]);
    assert_eq!(value["grundy"], 4);
    // Winning moves lead to value 0: Wythoff (3, 5) has three options of value 4, Nim one.
    let moves: Vec<&str> = value["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            "in wythoff[3,5]: take 1 from heap 1",
            "in wythoff[3,5]: take 4 from heap 2",
            "in wythoff[3,5]: take 2 from both heaps",
            "in nim[7]: take 4 from heap 1"
        ]
    );
    let value = json(&["solve", "misere:nim[1] + bash:3[2]", "--json"]);
    assert_eq!(value["basis"]["kind"], "exhaustive search");
    assert!(
        fails(&["solve", "nim[1] + misere:nim[2]"])
            .contains("misère play applies to the whole game")
    );
    assert!(fails(&["solve", "nim[1] + bash:3"]).contains("needs its position in brackets"));
    assert!(fails(&["solve", "nim[1] + wythoff[3]"]).contains("exactly two heaps"));
    assert!(fails(&["solve", "nim[1", "5"]).contains("never closed"));
    assert!(fails(&["solve", "nim[1] + nim[2]", "5"]).contains("carries its positions"));
    assert!(fails(&["solve", "fibonacci-nim", "5/0"]).contains("at least 1"));
    assert!(fails(&["solve", "norepeat:1,2", "5/3"]).contains("amount of the set"));
}

fn repository(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_contest_game_ties_and_reads_the_judges_input() {
    let value = json(&["solve", "oddball:1,2,3", "4", "--json"]);
    assert_eq!(value["value"], "tie");
    assert_eq!(value["remoteness"], 2);
    assert_eq!(value["grundy"], Value::Null);
    let moves = value["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(
        moves[0],
        serde_json::json!({ "move": "take 1", "to": "3/0/1", "value": "tie", "remoteness": 2 })
    );
    for (input, expected) in [
        ("1 2 3\n1 2 3 4 5\n", "+ 0 + 0 -\n"),
        ("1 4 5\n10 11 12 13 15\n", "0 - 0 + +\n"),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["contest", "oddball"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success());
        assert_eq!(String::from_utf8(output.stdout).unwrap(), expected);
    }
    // A pile above --max is pointed at, and the hint names the flag and the value it needs.
    for (pile, hint) in [
        ("5000", "hint: raise the limit with --max 5000"),
        ("99999999999", "hint: no --max is enough"),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["contest", "oddball", "--max", "1000"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let input = format!("1 2 3\n1 {pile}\n");
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        let error = String::from_utf8(output.stderr).unwrap();
        assert!(
            error.contains(&format!("pile {pile} is above the limit 1000")),
            "{error}"
        );
        assert!(error.contains(hint), "{error}");
    }
}

#[test]
fn scripts_solve_from_the_command_line() {
    let oddball = repository("examples/oddball.rhai");
    let value = json(&["solve", &format!("script:{oddball}"), "4", "--json"]);
    assert_eq!(value["value"], "tie");
    let cycle = repository("examples/cycle.rhai");
    let value = json(&["solve", &format!("script:{cycle}"), "4", "--json"]);
    assert_eq!(value["value"], "draw");
    assert_eq!(value["remoteness"], Value::Null);
    assert_eq!(
        value["generalised_grundy"],
        serde_json::json!({ "infinite": true, "options": [] })
    );
    let norepeat = repository("examples/norepeat.rhai");
    let scripted = json(&[
        "table",
        &format!("script:{norepeat}"),
        "--to",
        "30",
        "--json",
    ]);
    let builtin = json(&["table", "norepeat:1,2,3", "--to", "30", "--json"]);
    assert_eq!(scripted["values"], builtin["values"]);
    let sum = json(&[
        "solve",
        &format!("script:{norepeat}[10] + nim[3]"),
        "--json",
    ]);
    let g10 = scripted["values"][10].as_u64().unwrap();
    assert_eq!(sum["grundy"], g10 ^ 3);
}

#[test]
fn bad_scripts_fail_cleanly() {
    let directory = std::env::temp_dir().join(format!("grundy-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let write = |name: &str, text: &str| {
        let path = directory.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let spin = write("spin.rhai", "fn start(n) { n }\nfn moves(n) { loop { } }\n");
    let message = fails(&["solve", &format!("script:{spin}"), "1"]);
    assert!(
        message.to_lowercase().contains("operations") && message.contains("moves(1)"),
        "{message}"
    );
    let broken = write("broken.rhai", "fn start(n) { n\n");
    let message = fails(&["solve", &format!("script:{broken}"), "1"]);
    assert!(
        message.contains("does not compile") && message.contains('^'),
        "{message}"
    );
    let partial = write("partial.rhai", "fn start(n) { n }\n");
    assert!(
        fails(&["solve", &format!("script:{partial}"), "1"]).contains("must define moves(state)")
    );
    assert!(fails(&["solve", "script:no/such/file.rhai", "1"]).contains("cannot read the script"));
    let thrower = repository("examples/cycle.rhai");
    assert!(fails(&["solve", &format!("script:{thrower}"), "9"]).contains("there is no node 9"));
    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn the_computer_wins_fastest_and_loses_slowest() {
    let value = json(&["solve", "oddball:1,4,5", "13", "--json"]);
    assert_eq!(value["best_move"]["move"], "take 5");
    assert_eq!(value["best_move"]["remoteness"], value["remoteness"]);
    let value = json(&["solve", "oddball:1,2,3", "5", "--json"]);
    assert_eq!(value["value"], "lose");
    let slowest = value["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["remoteness"].as_u64().unwrap())
        .max();
    assert_eq!(value["best_move"]["remoteness"].as_u64(), slowest);
}

#[test]
fn sequences_use_a_certified_period_and_refuse_other_games() {
    let value = json(&["sequence", "0.77", "--to", "100000", "--json"]);
    assert_eq!(value["count"], 100_001);
    assert!(value["period_from"].as_u64().is_some());
    let naive = json(&[
        "sequence", "0.77", "--to", "5000", "--engine", "naive", "--json",
    ]);
    let fast = json(&["sequence", "0.77", "--to", "5000", "--json"]);
    assert_eq!(naive["checksum"], fast["checksum"]);
    assert!(fails(&["sequence", "nim", "--to", "10"]).contains("not a take-and-break code"));
    assert!(fails(&["sequence", "octal:0.8", "--to", "10"]).contains("not an octal digit"));
    // Memory bounds refuse before any work.
    assert!(fails(&["sequence", "0.6", "--to", "10^10"]).contains("at most 1000000000 values"));
    assert!(fails(&["period", "0.1777", "--max", "10^10"]).contains("accepts at most 1000000000"));
}

#[test]
fn one_two_three_four_and_eight_threads_give_the_same_sequence() {
    // Officers reaches the work per value where the pipeline starts within 10^5 heaps; a
    // sequence runs on at most one thread per core (the library's tests run the pipeline itself
    // on 2, 3, 4 and 8 threads whatever the cores).
    let run = |threads: &str| {
        json(&[
            "sequence",
            "0.6",
            "--to",
            "100000",
            "--threads",
            threads,
            "--json",
        ])
    };
    let one = run("1");
    for threads in ["2", "3", "4", "8"] {
        assert_eq!(
            one["checksum"],
            run(threads)["checksum"],
            "{threads} threads"
        );
    }
    assert!(fails(&["period", "0.6", "--threads", "0"]).contains("at least 1"));
}

/// A game of an open family (the registry's `divisor`) goes through every command: answered by
/// the search where grundy knows no theory, refused with the reason where a question needs one.
#[test]
fn an_open_family_goes_through_every_command() {
    let value = json(&["solve", "divisor", "12", "--json"]);
    assert_eq!(
        (value["value"].as_str(), value["grundy"].as_u64()),
        (Some("win"), Some(2))
    );
    assert_eq!(
        value["winning_moves"],
        serde_json::json!([{ "move": "take 1", "to": "11" }, { "move": "take 3", "to": "9" }])
    );
    let table = json(&["table", "divisor", "--to", "8", "--json"]);
    assert_eq!(
        table["values"],
        serde_json::json!([0, 0, 1, 0, 2, 0, 1, 0, 3])
    );
    let period = json(&["period", "divisor", "--json"]);
    assert_eq!(period["certified"], false);
    assert!(
        period["uncertifiable"]
            .as_str()
            .unwrap()
            .contains("no theorem")
    );
    let sum = json(&["solve", "divisor[12] + nim[2]", "--json"]);
    assert_eq!(sum["value"], "lose");
    let explained = stdout(&grundy(&["explain", "divisor", "6"]));
    assert!(
        explained.contains("The rules of divisor: subtract a proper divisor"),
        "{explained}"
    );
    assert!(fails(&["verify", "divisor"]).contains("no independent path"));
    let refusal = fails(&[
        "codegen",
        "--lang",
        "cpp",
        "--io",
        "lines/yes-no",
        "divisor",
    ]);
    assert!(refusal.contains("searching its options"), "{refusal}");
    let unknown = fails(&["solve", "divisr", "3"]);
    assert!(unknown.contains("did you mean 'divisor'?"), "{unknown}");
    let rule = fails(&["solve", "divisor:3", "4"]);
    assert!(
        rule.contains("takes no rule after a colon") && rule.contains("          ^"),
        "{rule}"
    );
}

/// A family with a theorem of its own (coin-turning games, staircase Nim) is answered by it at
/// any size through every command: solve, table, explain in both languages, verify against the
/// search of its rules, pattern (certified by the theorem) and codegen (the rule it states).
#[test]
fn a_family_with_a_theorem_goes_through_every_command() {
    let value = json(&["solve", "coins:mock-turtles", "0,3,5", "--json"]);
    assert_eq!(
        (value["value"].as_str(), value["grundy"].as_u64()),
        (Some("win"), Some(13))
    );
    assert_eq!(
        value["winning_moves"],
        serde_json::json!([
            { "move": "turn over cells 5, 3 and 0", "to": "" },
            { "move": "turn over cells 5, 2 and 1", "to": "0,1,2,3" },
        ])
    );
    // The ruler function at 10^18 + 1 = 1000000000000000001 (odd): worth 1.
    let far = json(&["solve", "coins:ruler", "10^18", "--json"]);
    assert_eq!(far["grundy"].as_u64(), Some(1));
    let table = json(&["table", "coins:ruler", "--to", "7", "--json"]);
    assert_eq!(table["values"], serde_json::json!([1, 2, 1, 4, 1, 2, 1, 8]));
    let staircase = stdout(&grundy(&["solve", "staircase", "3,0,5,2"]));
    assert!(
        staircase.contains("move 2 coins down from step 3 → 3,2,3,2"),
        "{staircase}"
    );
    let explained = stdout(&grundy(&["explain", "coins:mock-turtles", "0,3,5"]));
    assert!(
        explained.contains("The decomposition theorem") && explained.contains("cell 5 = 11"),
        "{explained}"
    );
    let chinese = stdout(&grundy(&["explain", "staircase", "3,0,5", "--lang", "zh"]));
    assert!(
        chinese.contains("阶梯博弈定理") && chinese.contains("第 3 级"),
        "{chinese}"
    );
    let verified = stdout(&grundy(&["verify", "coins:ruler", "--to", "8"]));
    assert!(
        verified.contains("every path agrees with the brute force"),
        "{verified}"
    );
    let pattern = stdout(&grundy(&["pattern", "coins:twins", "--to", "200"]));
    assert!(
        pattern.contains("G(n) = n") && pattern.contains("certified: The decomposition theorem"),
        "{pattern}"
    );
    let program = stdout(&grundy(&[
        "codegen",
        "--lang",
        "python",
        "--io",
        "heaps/first-second",
        "coins:mock-turtles",
    ]));
    assert!(
        program.contains("Certified: The decomposition theorem"),
        "{program}"
    );
    let twice = fails(&["solve", "coins:twins", "3,3"]);
    assert!(twice.contains("a cell is written twice"), "{twice}");
    let period = fails(&["period", "staircase"]);
    assert!(period.contains("no period to search for"), "{period}");
}

/// Every family of the registry is named in `grundy --help` and in the README's table of games.
#[test]
fn every_open_family_is_in_the_help_and_the_readme() {
    let help = stdout(&grundy(&["--help"]));
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("the README");
    for family in grundy::games::FAMILIES {
        assert!(
            help.lines()
                .any(|line| line.trim_start().starts_with(family.example)),
            "grundy --help does not list {}",
            family.name
        );
        assert!(
            readme.contains(&format!("| `{}` |", family.example)),
            "the README's table of games does not list {}",
            family.name
        );
    }
}

/// Found by review: a misère sum holding the contest game is refused as before (its end is scored
/// by parities, not by the last move), and verify refuses a sum with a searched family instead of
/// passing with nothing compared.
#[test]
fn sums_refuse_what_the_last_move_does_not_decide_and_verify_what_it_cannot_compare() {
    let refusal = fails(&["solve", "misere:oddball:1,2,3[4] + nim[1]"]);
    assert!(refusal.contains("cannot be a component"), "{refusal}");
    let refusal = fails(&["verify", "nim[3] + divisor[10]"]);
    assert!(refusal.contains("no independent path"), "{refusal}");
}

#[test]
fn pattern_finds_and_certifies_rules_with_their_json() {
    let value = json(&["pattern", "subtraction:1,3,4", "--to", "60", "--json"]);
    assert_eq!(value["coordinates"], 1);
    assert_eq!(
        (value["found_to"].as_u64(), value["checked_to"].as_u64()),
        (Some(60), Some(240))
    );
    let rule = &value["outcomes"]["rules"][0];
    assert_eq!(
        rule["rule"],
        serde_json::json!({
            "classes": [{ "outcome": "lose", "positions": { "form": "periodic", "preperiod": 0, "period": 7, "members": [0, 2] } }],
            "otherwise": "win",
        })
    );
    assert_eq!(rule["status"], "certified");
    assert_eq!(rule["proof"]["theorem"], "window");
    assert_eq!(
        rule["text"],
        "the player to move loses iff n ≡ 0 or 2 (mod 7); wins otherwise"
    );
    // A script's rule is observed, with the range it held on.
    let script = concat!(
        "script:",
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/divisors.rhai"
    );
    let value = json(&["pattern", script, "--to", "100", "--json"]);
    let rule = &value["outcomes"]["rules"][0];
    assert_eq!(rule["status"], "observed");
    assert_eq!(rule["proof"], Value::Null);
    let text = stdout(&grundy(&["pattern", script, "--to", "100"]));
    assert!(text.contains("loses iff n is odd, or n is 0"), "{text}");
    assert!(
        text.contains("observed, not proved: holds on every position up to 400"),
        "{text}"
    );
}

#[test]
fn pattern_refuses_what_it_cannot_tabulate() {
    let message = fails(&["pattern", "nim", "--to", "10", "--check-to", "5"]);
    assert!(message.contains("--check-to 5 is less"), "{message}");
    let message = fails(&["pattern", "wythoff", "--to", "2000"]);
    assert!(message.contains("at most 1000000 positions"), "{message}");
    let message = fails(&["pattern", "nim[3] + nim[4]"]);
    assert!(message.contains("no positions numbered"), "{message}");
    let message = fails(&["pattern", "subtraction:1,3,4", "--to", "10^99999"]);
    assert!(message.contains("--to"), "{message}");
}

#[test]
fn graphs_come_inline_from_a_file_or_from_stdin() {
    // Tokens on a graph: the graph inline, then the same graph from a file.
    let inline = json(&["solve", "digraph:0>1,1>2,0>2,2>3", "0,1", "--json"]);
    assert_eq!(inline["grundy"].as_u64(), Some(2));
    let folder = tempfile::tempdir().expect("a folder");
    let file = folder.path().join("graph.txt");
    std::fs::write(&file, "0 1\n1 2\n0 2\n2 3\n").expect("written");
    let spec = format!("digraph:@{}", file.display());
    let from_file = json(&["solve", &spec, "0,1", "--json"]);
    assert_eq!(from_file["grundy"], inline["grundy"]);
    assert_eq!(from_file["winning_moves"], inline["winning_moves"]);
    // A mistake in the file is reported with its line.
    std::fs::write(&file, "0 1\n1 x\n").expect("written");
    let error = fails(&["solve", &spec, "0"]);
    assert!(
        error.contains("line 2") && error.contains("'x' is not a node"),
        "{error}"
    );
    // A loop with an exit: infinite, won by leaving; two such tokens draw.
    let loopy = json(&["solve", "digraph:0>0,0>1", "0", "--json"]);
    assert_eq!(loopy["value"].as_str(), Some("win"));
    let draw = json(&["solve", "digraph:0>0,0>1", "0,0", "--json"]);
    assert_eq!(draw["value"].as_str(), Some("draw"));
    // Green Hackenbush from stdin, one edge per line, and as a parent array.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["solve", "hackenbush", "-", "--json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("started");
    {
        use std::io::Write as _;
        let mut input = child.stdin.take().expect("stdin");
        input.write_all(b"0 1\n1 2\n1 3\n3 4\n").expect("written");
    }
    let output = child.wait_with_output().expect("finished");
    let tree: Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(tree["grundy"].as_u64(), Some(4));
    let parents = json(&["solve", "hackenbush", "parents: 0 0 1 1", "--json"]);
    assert_eq!(parents["grundy"].as_u64(), Some(0));
    let nim_k = json(&["solve", "moore:2", "7,5,6,1", "--json"]);
    assert_eq!(nim_k["winning_move_count"].as_u64(), Some(2));
}

#[test]
fn turning_corners_and_nim_multiplication() {
    // 5 ⊗ 6 ⊕ 3 ⊗ 3 = 8 ⊕ 2: every winning rectangle, each leaving value 0.
    let solved = json(&["solve", "turning-corners", "5:6,3:3", "--json"]);
    assert_eq!(solved["grundy"].as_u64(), Some(10));
    assert_eq!(solved["winning_move_count"].as_u64(), Some(3));
    for play in solved["winning_moves"].as_array().expect("moves") {
        let after = play["to"].as_str().expect("a position");
        let left = json(&["solve", "turning-corners", after, "--json"]);
        assert_eq!(left["grundy"].as_u64(), Some(0), "{after}");
    }
    // The table is the multiplication table; the product of any numbers on its own.
    let table = json(&["table", "turning-corners", "--to", "4", "--json"]);
    assert_eq!(table["values"][2], serde_json::json!([0, 2, 3, 1, 8]));
    let product = json(&["nimber", "2^64", "2^64", "--json"]);
    assert_eq!(
        product["product"].to_string(),
        "27670116110564327424" // 3 · 2^63
    );
    assert_eq!(stdout(&grundy(&["nimber", "5", "7"])), "5 ⊗ 7 = 13\n");
    // Far heads: the value at once, the moves withheld with the reason.
    let far = json(&["solve", "turning-corners", "10^18:10^18", "--json"]);
    assert_eq!(far["winning_moves_complete"], Value::Bool(false));
    assert!(far["winning_moves_withheld"].is_string());
    let message = fails(&["solve", "turning-corners", "3:5,3:5"]);
    assert!(message.contains("written twice"), "{message}");
    let message = fails(&["solve", "turning-corners", "2^64:1"]);
    assert!(message.contains("below 2^64"), "{message}");
    let message = fails(&["nimber", "10^30000", "2"]);
    assert!(message.contains("65536 bits"), "{message}");
}

#[test]
fn every_sg_from_the_command_line() {
    let solved = json(&["solve", "every:nim[3] + subtraction:1,2[5]", "--json"]);
    assert_eq!(solved["value"].as_str(), Some("win"));
    assert_eq!(solved["grundy"], Value::Null);
    assert_eq!(solved["winning_move_count"].as_u64(), Some(3));
    let lost = json(&["solve", "every:nim[3] + subtraction:1,2[6]", "--json"]);
    assert_eq!(lost["value"].as_str(), Some("lose"));
    let text = stdout(&grundy(&["explain", "every:nim[3] + subtraction:1,2[5]"]));
    assert!(
        text.contains("The largest number of steps is 3, odd"),
        "{text}"
    );
    let verified = json(&["verify", "every:nim[4] + subtraction:1,3,4[9]", "--json"]);
    assert_eq!(verified["agrees"], Value::Bool(true));
    assert_eq!(verified["brute_force"].as_str(), Some("joint-moves"));
    let message = fails(&["solve", "every:nim"]);
    assert!(
        message.contains("Every-SG compound needs its position"),
        "{message}"
    );
    let message = fails(&["solve", "every:nim[1] + digraph:0>0,0>1[0]"]);
    assert!(message.contains("go on forever"), "{message}");
}

#[test]
fn coins_turned_by_distances() {
    // A head at 10^18 is worth the subtraction game {1, 3, 4} at 10^18: 10^18 ≡ 1 (mod 7), so 1.
    let solved = json(&["solve", "coins:distances:1,3,4", "10^18", "--json"]);
    assert_eq!(solved["grundy"].as_u64(), Some(1));
    let table = json(&["table", "coins:distances:1,3,4", "--to", "7", "--json"]);
    assert_eq!(table["values"], serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0]));
    let verified = json(&["verify", "coins:distances:2,5", "--json"]);
    assert_eq!(verified["agrees"], Value::Bool(true));
    let message = fails(&["solve", "coins:distances:0,2", "3"]);
    assert!(message.contains("at least 1"), "{message}");
}
