//! Issue 27's adversarial sweep, kept in the suite: a few hundred of the worst commands — boundary
//! numbers, hostile specs, dear values, huge sums and inputs — each run by the real binary under an
//! address-space limit (`prlimit --as`) with `--timeout` where the command takes one. Every
//! command must end by itself with an answer (0) or a refusal (2): no panic (101), no abort (134,
//! an allocation the limit refused), no other signal, no hang.
//!
//! A command that has not ended after [`HANG`] is killed by `timeout` and reported as hung: that
//! bound only turns a hang into a failure, it is never waited for by a command that works.

#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;

mod common;
use common::BINARY;

/// The address space each command may use: small enough that an unbounded allocation fails,
/// large enough for the threads and tables of a normal answer.
const ADDRESS_SPACE: &str = "3000000000";

/// The bound that turns a hang into a failure (the commands' own limits are 1 or 2 s).
const HANG: &str = "60";

/// The heap sizes at the edges of the integer types, and beyond them.
const SIZES: [&str; 9] = [
    "0",
    "1",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211457",
    "10^1000",
    "10^99999",
    "99999999999999999999999999999999999999999999999999",
];

/// One-heap games of every kind.
const GAMES: [&str; 16] = [
    "subtraction:1,3,4",
    "subtraction:1,2,10^18",
    "allbut:2,3,7",
    "bash:10^18",
    "subtraction:fibonacci",
    "subtraction:primes",
    "subtraction:2..5,rest",
    "misere:subtraction:1,3,4",
    "norepeat:1,2,3",
    "fibonacci-nim",
    "0.77",
    "0.2!b!6e!",
    "4!.0",
    "misere:0.77",
    "coins:ruler",
    "divisor",
];

/// An argument list, with `--timeout 2` added when `timed`.
fn command(args: &[&str], timed: bool) -> Vec<String> {
    let mut args: Vec<String> = args.iter().map(|&arg| arg.to_owned()).collect();
    if timed {
        args.extend(["--timeout".to_owned(), "2".to_owned()]);
    }
    args
}

/// The commands of the sweep, as argument lists.
fn commands() -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    for game in GAMES {
        for size in SIZES {
            commands.push(command(&["solve", game, size], true));
        }
        commands.push(command(&["table", game, "--to", "10^18"], true));
        commands.push(command(
            &["table", game, "--from", "10^99999", "--to", "10^99999"],
            true,
        ));
        commands.push(command(&["period", game], true));
        commands.push(command(&["explain", game], true));
        commands.push(command(&["pattern", game, "--to", "3000"], true));
    }
    for size in SIZES {
        let pair = format!("1,{size}");
        let heaps = format!("{size},{size},1");
        commands.push(command(&["solve", "wythoff", &pair], true));
        commands.push(command(&["solve", "misere:wythoff", &pair], true));
        commands.push(command(&["solve", "nim", &heaps], true));
        commands.push(command(&["solve", "misere:nim", &heaps], true));
    }
    let hostile: [&[&str]; 33] = [
        &["solve", "subtraction:", "1"],
        &["solve", "subtraction:0", "1"],
        &["solve", "subtraction:10^99999", "10"],
        &["solve", "subtraction:1..10^18", "10^18"],
        &["solve", "allbut:1..10^12", "10^18"],
        &["solve", "0.fffffffffffffffffffffffffffff", "100"],
        &["solve", "0.[ffff]", "5000"],
        &["solve", "misere:misere:nim", "3"],
        &["solve", "nim[1] + nim[2] + misere:nim[3]"],
        &["solve", "every:nim[10^18] + nim[10^18]"],
        &["solve", "hackenbush", "0-1,1-0,0-0"],
        &["solve", "hackenbush", "parents: 0 1 2 0 4 5 99"],
        &["solve", "digraph:0>1,1>0,1>2", "0,1,2"],
        &[
            "solve",
            "turning-corners",
            "18446744073709551615:18446744073709551615",
        ],
        &["solve", "moore:10^18", "1,2,3"],
        &["solve", "staircase", "10^1000,10^1000"],
        &["solve", "oddball:1,2,3", "10^18"],
        &["solve", "oddball:1,2,3", "20/1/1"],
        &["solve", "fibonacci-nim", "10^18/0"],
        &["solve", "norepeat:1,2,3", "10^18/7"],
        &["solve", "script:/nonexistent.rhai", "1"],
        &["table", "wythoff", "--to", "10^9"],
        &["table", "subtraction:1,3,4", "--from", "5", "--to", "2"],
        &["period", "--octal-codes", "9"],
        &["sequence", "0.2!b!6e!", "--to", "10^9", "--compute-all"],
        &["sequence", "0.6", "--to", "10^18"],
        &["verify", "0.77", "--to", "10^9"],
        &["pattern", "subtraction:1,3,4", "--to", "10^12"],
        &[
            "solve",
            "subtraction:1,3,4[10^18] + wythoff[10^18,3] + 0.77[10^18]",
        ],
        &["play", "0.6", "10^18"],
        &["play", "nim", "10^18,10^18"],
        &["explain", "nim[3] + 0.2!b!6e![3000]"],
        &[
            "plot",
            "0.6",
            "--to",
            "10^18",
            "--out",
            "/nonexistent/directory/x.svg",
        ],
    ];
    commands.extend(hostile.iter().map(|args| command(args, true)));
    for args in [
        &["nimber", "18446744073709551615", "18446744073709551615"][..],
        &["nimber", "10^1000", "3"],
        &[
            "codegen",
            "0.2!b!6e!",
            "--lang",
            "cpp",
            "--io",
            "heaps/first-second",
        ],
        &[
            "codegen",
            "divisor",
            "--lang",
            "python",
            "--io",
            "lines/win-lose",
        ],
    ] {
        commands.push(command(args, false));
    }
    commands
}

/// Runs one command under the limits; `None` when it ended as it should, else what went wrong.
fn run(args: &[String], stdin: Option<&Path>) -> Option<String> {
    let mut command = Command::new("timeout");
    command
        .args([
            "-s",
            "KILL",
            HANG,
            "prlimit",
            &format!("--as={ADDRESS_SPACE}"),
            BINARY,
        ])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    match stdin {
        Some(path) => command.stdin(std::fs::File::open(path).expect("the input opens")),
        None => command.stdin(Stdio::null()),
    };
    let output = command.output().expect("timeout and prlimit run");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let code = output.status.code();
    let verdict = match code {
        Some(0 | 2) if !stderr.contains("panicked") => return None,
        Some(137) => "hung (killed)".to_owned(),
        Some(134) => "aborted".to_owned(),
        Some(101) => "panicked".to_owned(),
        other => format!("exited {other:?}"),
    };
    let tail: String = stderr
        .chars()
        .rev()
        .take(400)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    Some(format!("{args:?}: {verdict}: {tail}"))
}

#[test]
fn the_worst_commands_end_in_an_answer_or_a_refusal_under_an_address_space_limit() {
    for tool in ["timeout", "prlimit"] {
        let found = Command::new(tool).arg("--version").output().is_ok();
        if !found {
            common::missing_tool(
                "the sweep",
                &format!("it needs {tool} (util-linux, coreutils)"),
            );
        }
    }
    let directory = tempfile::tempdir().expect("a temporary directory");
    // A judge's input of huge numbers, and one block of a million heaps.
    let huge = directory.path().join("huge.in");
    let digits = "7".repeat(100_000);
    let mut text = String::from("200\n");
    for _ in 0..200 {
        text.push_str(&digits);
        text.push('\n');
    }
    std::fs::write(&huge, text).expect("written");
    let block = directory.path().join("block.in");
    let mut text = String::from("1000000\n");
    text.push_str(&"3 ".repeat(1_000_000));
    text.push('\n');
    std::fs::write(&block, text).expect("written");
    let mut work: Vec<(Vec<String>, Option<std::path::PathBuf>)> =
        commands().into_iter().map(|args| (args, None)).collect();
    let contest = |game: &str, io: &str| -> Vec<String> {
        ["contest", game, "--io", io, "--timeout", "10"]
            .map(str::to_owned)
            .to_vec()
    };
    work.push((
        contest(
            "subtraction:1,3,4",
            "read T; repeat T { read n; case {n} }; say A B",
        ),
        Some(huge.clone()),
    ));
    work.push((
        contest("nim", "read m; read heaps[m]; case {heaps}; say A B"),
        Some(block.clone()),
    ));
    work.push((contest("0.77", "heaps/first-second"), Some(block)));
    // A sum of 1024 heaps played with the computer first, then quit.
    let sum = vec!["nim[1]"; 1024].join(" + ");
    let quit = directory.path().join("quit.in");
    std::fs::write(&quit, "q\n").expect("written");
    work.push((
        ["play", &sum, "--first", "computer", "--timeout", "2"]
            .map(str::to_owned)
            .to_vec(),
        Some(quit),
    ));
    assert!(work.len() >= 200, "{} commands", work.len());
    let failures = Mutex::new(Vec::new());
    let next = Mutex::new(work.into_iter());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let Some((args, stdin)) = next.lock().expect("the queue").next() else {
                        break;
                    };
                    if let Some(failure) = run(&args, stdin.as_deref()) {
                        failures.lock().expect("the failures").push(failure);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("the failures");
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
