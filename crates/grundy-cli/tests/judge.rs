//! `grundy contest --io` and `grundy verify --against` through the real binary: every preset's
//! statement sample (testdata/judge/samples), the game checks, errors with a caret, and the
//! sample solutions of testdata/judge (a correct one passes, a wrong one is caught at its first
//! failing input).
//!
//! The sample solutions are Python programs: these tests need `python3` and fail — loudly, naming
//! it — when it is missing, rather than pass without checking anything.

mod common;

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use common::{BINARY, stderr, stdout};

fn repository(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `grundy args` with `input` on stdin.
fn with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    output
}

const PRESETS: [&str; 14] = [
    "hdu-1527",
    "hdu-1846",
    "hdu-1847",
    "hdu-1848",
    "hdu-1850",
    "hdu-1907",
    "hdu-2176",
    "hdu-2177",
    "hdu-2188",
    "hdu-1536",
    "poj-2234",
    "lanqiao-2016-qiuqiu",
    "lanqiao-2016-qiuqiu-2",
    "lanqiao-algo-529",
];

#[test]
fn contest_answers_every_presets_sample() {
    for name in PRESETS {
        let preset = name.trim_end_matches("-2");
        let input =
            std::fs::read_to_string(repository(&format!("testdata/judge/samples/{name}.in")))
                .expect("the sample input");
        let expected =
            std::fs::read_to_string(repository(&format!("testdata/judge/samples/{name}.out")))
                .expect("the sample output");
        let output = with_input(&["contest", "--io", preset], &input);
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{name}");
    }
    // hdu-1944 is S-Nim again.
    let input = std::fs::read_to_string(repository("testdata/judge/samples/hdu-1536.in")).unwrap();
    assert_eq!(
        stdout(&with_input(&["contest", "--io", "hdu-1944"], &input)),
        "LWW\nWWL\n"
    );
}

#[test]
fn a_preset_fixes_its_game() {
    let input = "2 1\n8 4\n4 7\n";
    let output = with_input(&["contest", "wythoff", "--io", "hdu-1527"], input);
    assert_eq!(stdout(&output), "0\n1\n0\n");
    let output = with_input(&["contest", "nim", "--io", "hdu-1527"], input);
    assert_eq!(output.status.code(), Some(2));
    let error = stderr(&output);
    assert!(
        error.contains("hdu-1527 is a problem about wythoff"),
        "{error}"
    );
    // A format that reads its game from the input takes none.
    let output = with_input(&["contest", "bash:3", "--io", "hdu-1846"], "1\n4 3\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("reads its game from the input"),
        "{}",
        stderr(&output)
    );
    // A generic format needs one.
    let output = with_input(&["contest", "--io", "lines/yes-no"], "4\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("needs the game"),
        "{}",
        stderr(&output)
    );
    // And without --io, only the contest game has a judge of its own.
    let output = with_input(&["contest", "nim"], "4\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--io FORMAT"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn generic_formats_answer_any_game() {
    for (args, input, expected) in [
        (
            &["contest", "subtraction:1,3,4", "--io", "lines/first-second"][..],
            "0\n1\n2\n1000000000000000000\n",
            "Second\nFirst\nSecond\nFirst\n",
        ),
        (
            &["contest", "nim", "--io", "heaps/count"],
            "3 5 7 9\n2 4 4\n",
            "1\n0\n",
        ),
        (
            &["contest", "misere:nim", "--io", "cases-heaps/win-lose"],
            "2\n2\n1 1\n1\n1\n",
            "W\nL\n",
        ),
        (
            &["contest", "oddball:1,2,3", "--io", "lines/symbols"],
            "1\n2\n5\n",
            "+\n0\n-\n",
        ),
        (
            &["contest", "0.77", "--io", "lines/one-zero"],
            "1 2\n3 3\n",
            "1\n0\n",
        ),
        (
            &["contest", "bash:3", "--io", "heaps/moves"],
            "2 5 4\n",
            "Yes\n5 4\n4 1\n",
        ),
    ] {
        let output = with_input(args, input);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{args:?}");
    }
}

#[test]
fn bad_judge_input_is_pointed_at() {
    let output = with_input(&["contest", "--io", "hdu-1850"], "3\n5 7 x9\n0\n");
    assert_eq!(output.status.code(), Some(2));
    let error = stderr(&output);
    assert!(
        error.contains("line 2: 'x9' is not a whole number"),
        "{error}"
    );
    assert!(error.contains("  5 7 x9\n      ^^"), "{error}");
    let output = with_input(&["contest", "--io", "hdu-1572"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("did you mean hdu-1527?"),
        "{}",
        stderr(&output)
    );
    // A tie has no word in a yes/no output.
    let output = with_input(&["contest", "oddball:1,2,3", "--io", "lines/yes-no"], "2\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("is a tie"), "{}", stderr(&output));
}

#[test]
fn the_contest_game_keeps_its_judge() {
    // Named alone: the amounts, then any number of piles.
    let output = with_input(&["contest", "oddball"], "1 4 5\n10 11 12 13 15 10\n");
    assert_eq!(stdout(&output), "0 - 0 + + 0\n");
    let output = with_input(&["contest", "oddball", "--max", "1000"], "1 2 3\n1 5000\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("hint: raise the limit with --max 5000"),
        "{}",
        stderr(&output)
    );
    // The Lanqiao preset reads its statement's five piles, as its generated programs do.
    for args in [
        &["contest", "--io", "lanqiao-2016-qiuqiu"][..],
        &["contest", "oddball", "--io", "lanqiao-2016-qiuqiu"],
    ] {
        let output = with_input(args, "1 4 5\n10 11 12 13 15\n");
        assert_eq!(stdout(&output), "0 - 0 + +\n", "{args:?}");
        let output = with_input(args, "1 4 5\n10 11 12 13 15 10\n");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let output = with_input(
            &[args, &["--max", "1000"][..]].concat(),
            "1 2 3\n1 5000 1 2 3\n",
        );
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stdout(&output), "+ ? + 0 +\n", "{args:?}");
    }
}

/// `python3`, or a loud failure: the sample solutions are Python programs.
fn require_python() {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    assert!(
        found,
        "python3 is missing: the verify --against tests run the Python sample solutions of testdata/judge; install python3 (apt-get install python3)"
    );
}

fn verify(args: &[&str]) -> Output {
    Command::new(BINARY)
        .arg("verify")
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn verify_passes_a_correct_solution() {
    require_python();
    for (game, solution, format) in [
        (None, "hdu-1527-correct.py", "hdu-1527"),
        (
            Some("subtraction:1,3,4"),
            "subtraction-134-correct.py",
            "lines/first-second",
        ),
    ] {
        let command = format!(
            "python3 {}",
            repository(&format!("testdata/judge/{solution}"))
        );
        let mut args: Vec<&str> = game.into_iter().collect();
        args.extend(["--against", &command, "--io", format, "--cases", "25"]);
        let output = verify(&args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{solution}: {}{}",
            stdout(&output),
            stderr(&output)
        );
        let report = stdout(&output);
        assert!(report.starts_with("agreed: 25 test inputs"), "{report}");
    }
}

#[test]
fn verify_reports_the_first_failing_input_of_a_wrong_solution() {
    require_python();
    let command = format!("python3 {}", repository("testdata/judge/hdu-1527-wrong.py"));
    let output = verify(&["--against", &command, "--io", "hdu-1527"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report = stdout(&output);
    // The first input holds the edges: (2, 1) is the P-position (1, 2) written backwards.
    assert!(
        report.starts_with(
            "disagreement on test input 1 of 100 (seed 1): token 3 differs: expected '0'"
        ),
        "{report}"
    );
    assert!(
        report.contains("--- input ---\n0 0\n1 2\n2 1\n"),
        "{report}"
    );
    assert!(
        report.contains("--- expected output (grundy) ---\n0\n0\n0\n"),
        "{report}"
    );
    assert!(
        report.contains("--- actual output ---\n0\n0\n1\n"),
        "{report}"
    );
    assert!(stderr(&output).contains("disagrees with grundy on test input 1"));

    let command = format!(
        "python3 {}",
        repository("testdata/judge/subtraction-134-wrong.py")
    );
    let output = verify(&[
        "subtraction:1,3,4",
        "--against",
        &command,
        "--io",
        "lines/first-second",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let report = stdout(&output);
    // Heap 2 is a loss in the true game (period 7), a win for a Bash game of period 5.
    assert!(report.contains("expected 'Second'"), "{report}");
    assert!(report.contains("--- input ---\n0\n1\n2\n"), "{report}");
}

#[test]
fn verify_stops_a_slow_or_failing_program() {
    let output = verify(&[
        "--against",
        "sleep 10",
        "--io",
        "hdu-1527",
        "--time-limit",
        "0.3",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("ran past the time limit of 0.3 s"),
        "{}",
        stdout(&output)
    );
    let output = verify(&["--against", "echo oops >&2; exit 3", "--io", "hdu-1527"]);
    assert_eq!(output.status.code(), Some(1));
    let report = stdout(&output);
    assert!(report.contains("exited with exit status: 3"), "{report}");
    assert!(
        report.contains("--- its standard error ---\noops"),
        "{report}"
    );
    // Bad usage is exit 2.
    let output = verify(&["--against", "cat", "--io", "lines/yes-no"]);
    assert_eq!(output.status.code(), Some(2));
    let output = verify(&["--against", "cat"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--io FORMAT"));
}

#[test]
fn verify_inputs_follow_the_seed() {
    // `cat` echoes the input: it disagrees at once, and the report shows the input.
    let first = stdout(&verify(&[
        "nim",
        "--against",
        "cat",
        "--io",
        "heaps/yes-no",
        "--cases",
        "3",
        "--seed",
        "9",
    ]));
    let again = stdout(&verify(&[
        "nim",
        "--against",
        "cat",
        "--io",
        "heaps/yes-no",
        "--cases",
        "3",
        "--seed",
        "9",
    ]));
    assert_eq!(first, again);
    assert!(first.contains("(seed 9)"), "{first}");
}

#[test]
fn a_script_answers_every_heaps_layout_as_the_built_in_game() {
    // take134.rhai is subtraction:1,3,4: heaps side by side are a sum, valued through one memo;
    // every output (words, counts, the moves listed) is the built-in game's.
    let script = format!("script:{}", repository("examples/take134.rhai"));
    let mut seed = 7u64;
    let mut next = |below: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % below
    };
    let mut input = String::new();
    for _ in 0..40 {
        let count = 1 + next(4);
        input.push_str(&count.to_string());
        for _ in 0..count {
            input.push(' ');
            input.push_str(&next(60).to_string());
        }
        input.push('\n');
    }
    input.push_str("0\n");
    for output in ["yes-no", "count", "moves"] {
        let io = format!("heaps/{output}");
        let scripted = with_input(&["contest", &script, "--io", &io], &input);
        let built_in = with_input(&["contest", "subtraction:1,3,4", "--io", &io], &input);
        assert!(scripted.status.success(), "{}", stderr(&scripted));
        assert_eq!(stdout(&scripted), stdout(&built_in), "{io}");
    }
    // A script of two numbers reads a case of two heaps as its two numbers.
    let queen = format!("script:{}", repository("examples/queen.rhai"));
    let answers = with_input(
        &["contest", &queen, "--io", "heaps/yes-no"],
        "2 3 5\n2 1 1\n0\n",
    );
    assert_eq!(stdout(&answers), "No\nYes\n");
    // Misère heaps are not a xor: refused with what to do.
    let misere = with_input(
        &[
            "contest",
            &format!("misere:{script}"),
            "--io",
            "heaps/yes-no",
        ],
        "2 3 5\n0\n",
    );
    assert_eq!(misere.status.code(), Some(2));
    assert!(
        stderr(&misere).contains("a line layout"),
        "{}",
        stderr(&misere)
    );
}

/// The Grundy values of the subtraction game on `set` up to `n`, by the mex of the options.
fn subtraction_values(set: &[u64], n: u64) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for heap in 0..=n {
        let options: Vec<u64> = set
            .iter()
            .filter(|&&amount| amount <= heap)
            .map(|&amount| values[(heap - amount) as usize])
            .collect();
        values.push((0..).find(|v| !options.contains(v)).expect("a mex"));
    }
    values
}

/// The value of the tree below `node` by the colon principle: the xor of (child + 1).
fn colon(node: u64, edges: &[(u64, u64)]) -> u64 {
    edges
        .iter()
        .filter(|(u, _)| *u == node)
        .map(|&(_, v)| colon(v, edges) + 1)
        .fold(0, |x, v| x ^ v)
}

/// Whether the player to move wins the row of `+`/`-` where a move turns `++` into `--`, by
/// trying every move.
fn flips_win(row: &str, memo: &mut std::collections::HashMap<String, bool>) -> bool {
    if let Some(&known) = memo.get(row) {
        return known;
    }
    let bytes = row.as_bytes();
    let win = (0..bytes.len().saturating_sub(1)).any(|i| {
        bytes[i] == b'+' && bytes[i + 1] == b'+' && {
            let next = format!("{}--{}", &row[..i], &row[i + 2..]);
            !flips_win(&next, memo)
        }
    });
    memo.insert(row.to_owned(), win);
    win
}

/// Judge shapes no preset covers, each written as a description and checked against a brute
/// force in this file: a parameter per case, the second player's verdict, words with spaces,
/// blocks closed by a terminator, trees (edges from 1, a parent array) and strings.
#[test]
fn descriptions_answer_judge_shapes_the_presets_do_not_cover() {
    let run = |args: &[&str], input: &str| {
        let output = with_input(args, input);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        stdout(&output)
    };
    // The 1-2-K game: k per case.
    let cases: Vec<(u64, u64)> = (0..60).map(|i| (i * 7 % 41, 3 + i % 9)).collect();
    let mut input = format!("{}\n", cases.len());
    let mut expected = String::new();
    for &(n, k) in &cases {
        writeln!(input, "{n} {k}").expect("a string");
        let values = subtraction_values(&[1, 2, k], n);
        expected.push_str(if values[n as usize] != 0 {
            "Alice\n"
        } else {
            "Bob\n"
        });
    }
    let description =
        "read T; repeat T { read n k:3..10^18; case {n} }; game subtraction:1,2,{k}; say Alice Bob";
    assert_eq!(run(&["contest", "--io", description], &input), expected);
    // The second player's verdict, until the end of the input.
    let values = subtraction_values(&[1, 3, 4], 30);
    let mut input = String::new();
    for n in 0..=30 {
        writeln!(input, "{n}").expect("a string");
    }
    let expected: String = values
        .iter()
        .map(|&v| if v == 0 { "Yes\n" } else { "No\n" })
        .collect();
    let description = "loop { read n; case {n} }; say second Yes No";
    assert_eq!(
        run(
            &["contest", "subtraction:1,3,4", "--io", description],
            &input
        ),
        expected
    );
    // Words with spaces, until a 0 (nothing follows it).
    let description = r#"loop { read n; stop if n == 0; case {n} }; game subtraction:1,3,4; say "Stan wins." "Ollie wins.""#;
    assert_eq!(
        run(&["contest", "--io", description], "1\n7\n10\n0\n"),
        // G(1), G(7), G(10) of {1, 3, 4}: 1, 0, 1.
        "Stan wins.\nOllie wins.\nStan wins.\n"
    );
    // Blocks closed by a 0, each block's answers on one line.
    let description = r#"loop { loop { read n; break if n == 0; case {n} }; newline }; game bash:3; say W L join """#;
    assert_eq!(
        run(&["contest", "--io", description], "5 8 0\n4 0\n1 2 3 0\n"),
        "WL\nL\nWWW\n"
    );
    // A tree on nodes 1..n hanging from node 1: edges u v, each made to hang from the ground (0)
    // by {u - 1}-{v - 1}; by the colon principle a node is worth the xor of (child + 1).
    let edges = [(1, 2), (1, 3), (3, 4), (3, 5), (5, 6)];
    let mut input = format!("{}\n", edges.len());
    for (u, v) in edges {
        writeln!(input, "{u} {v}").expect("a string");
    }
    let value = colon(1, &edges);
    let description = "read m; read (u v)[m]; case {u - 1}-{v - 1}; game hackenbush; say count";
    let count = run(&["contest", "--io", description], &input);
    // The root's value is 2 ^ 1 ... whatever it is, a nonzero value has at least one winning move.
    assert_eq!(count.trim() != "0", value != 0, "{count}");
    let description = "read m; read (u v)[m]; case {u - 1}-{v - 1}; game hackenbush; say Alice Bob";
    assert_eq!(
        run(&["contest", "--io", description], &input),
        if value != 0 { "Alice\n" } else { "Bob\n" }
    );
    // The same tree as a parent array (node i hangs from p_i, the ground 0).
    let description = "read n; read p[n]; case parents: {p}; game hackenbush; say Alice Bob";
    assert_eq!(
        run(&["contest", "--io", description], "5\n0 0 2 2 4\n"),
        if value != 0 { "Alice\n" } else { "Bob\n" }
    );
    // Strings: rows of + and -, a move turns ++ into --.
    let rows = [
        "++",
        "+++",
        "++++",
        "+++-+++",
        "++-++",
        "-",
        "++++++++++",
        "+-+-+",
    ];
    let mut input = format!("{}\n", rows.len());
    let mut memo = std::collections::HashMap::new();
    let mut expected = String::new();
    for row in rows {
        input.push_str(row);
        input.push('\n');
        expected.push_str(if flips_win(row, &mut memo) {
            "Yes\n"
        } else {
            "No\n"
        });
    }
    let script = repository("examples/flips.rhai");
    let description =
        format!("read T; repeat T {{ read s:word; case {{s}} }}; game script:{script}; say Yes No");
    assert_eq!(run(&["contest", "--io", &description], &input), expected);
}

#[test]
fn a_description_file_and_its_mistakes() {
    let directory = tempfile::tempdir().expect("a directory");
    let path = directory.path().join("problem.judge");
    std::fs::write(
        &path,
        "# 1-2-K: T cases of n k\nread T\nrepeat T {\n  read n k\n  case {n}\n}\ngame subtraction:1,2,{k}\nsay Alice Bob\n",
    )
    .expect("written");
    let io = format!("@{}", path.display());
    let output = with_input(&["contest", "--io", &io], "2\n3 3\n4 3\n");
    assert!(output.status.success(), "{}", stderr(&output));
    // {1, 2, 3}: 3 is won, 4 lost.
    assert_eq!(stdout(&output), "Alice\nBob\n");
    // A game on the command line when the input carries it.
    let output = with_input(&["contest", "nim", "--io", &io], "1\n3 3\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("reads its game from the input"),
        "{}",
        stderr(&output)
    );
    // A mistake in the description: its line, a caret, exit 2.
    std::fs::write(
        &path,
        "read T\nrepeat T {\n  read n\n  case {m}\n}\nsay Yes No\n",
    )
    .expect("written");
    let output = with_input(&["contest", "nim", "--io", &io], "1\n3\n");
    assert_eq!(output.status.code(), Some(2));
    let error = stderr(&output);
    assert!(error.contains("m is not read before this"), "{error}");
    assert!(
        error.contains(&format!("line 4:   case {{m}}\n{}^^^\n", " ".repeat(17))),
        "{error}"
    );
    // A bad value in the input: the game it would make, pointed at.
    let output = with_input(
        &[
            "contest",
            "--io",
            "read n k; case {n}; game subtraction:1,2,{k}; say A B",
        ],
        "5 0\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("subtraction:1,2,0 is not a game"),
        "{}",
        stderr(&output)
    );
}

/// A case beyond the limits is one `?`: the others are answered (those of the same game from one
/// table), stderr says which case failed and why, and the exit status is 2.
#[test]
fn one_bad_case_is_one_bad_answer() {
    let output = with_input(
        &[
            "contest",
            "subtraction:fibonacci",
            "--io",
            "lines/yes-no",
            "--max",
            "10000",
        ],
        "10\n1000000000000000000000\n7\n3 4\n",
    );
    assert_eq!(output.status.code(), Some(2));
    // G(10) = 0; G(7) = 1; G(3) ^ G(4) = 3 ^ 0.
    assert_eq!(stdout(&output), "No\n?\nYes\nYes\n");
    let error = stderr(&output);
    assert!(error.contains("the case on line 2 of the input"), "{error}");
    assert!(
        error.contains("1 of the 4 cases could not be answered"),
        "{error}"
    );
    // Joined answers keep their places too.
    let output = with_input(
        &["contest", "--io", "oddball/symbols", "--max", "100"],
        "1 2 3\n1 2 1000 4 5\n",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(stdout(&output), "+ 0 ? 0 -\n");
}

/// `verify --against` with a description: a parameter per case (the 1-2-K game); the correct
/// solution agrees on every input, the wrong one is caught.
#[test]
fn verify_checks_a_solution_of_a_described_problem() {
    require_python();
    let description = "read T:1..8; repeat T { read n k:3..100; case {n} }; game subtraction:1,2,{k}; say Alice Bob";
    let correct = format!(
        "python3 {}",
        repository("testdata/judge/one-two-k-correct.py")
    );
    let output = verify(&["--against", &correct, "--io", description, "--cases", "40"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}{}",
        stdout(&output),
        stderr(&output)
    );
    assert!(
        stdout(&output).starts_with("agreed: 40 test inputs"),
        "{}",
        stdout(&output)
    );
    let wrong = format!(
        "python3 {}",
        repository("testdata/judge/one-two-k-wrong.py")
    );
    let output = verify(&["--against", &wrong, "--io", description, "--cases", "40"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("disagreement on test input"),
        "{}",
        stdout(&output)
    );
}
