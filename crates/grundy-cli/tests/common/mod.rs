//! What the command-line tests share: running the real binary and reading what it printed.

// Not `expect`: a test file that uses every helper would leave the expectation unfulfilled.
#![allow(dead_code, reason = "each test file uses its own part")]

use std::process::{Command, Output};

/// The binary under test.
pub const BINARY: &str = env!("CARGO_BIN_EXE_grundy");

/// `args` with `--threads 1` added to a command that computes values (solve, table, period,
/// sequence) and names no thread count, so that the engine a test runs — and so its coverage —
/// does not depend on the machine's cores. Tests about threads give `--threads` themselves.
pub fn pinned<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut args = args.to_vec();
    let computes = matches!(
        args.first(),
        Some(&("solve" | "table" | "period" | "sequence"))
    );
    if computes && !args.iter().any(|&arg| arg == "--threads" || arg == "--") {
        args.extend(["--threads", "1"]);
    }
    args
}

/// Runs `grundy` with `args` to the end (on one thread unless `args` say otherwise: [`pinned`]).
pub fn grundy(args: &[&str]) -> Output {
    Command::new(BINARY)
        .args(pinned(args))
        .output()
        .expect("the binary runs")
}

/// What a run printed on stdout (which must be UTF-8).
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// What a run printed on stderr (which must be UTF-8).
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// A tool a test needs is missing (`why`): the test fails, saying what to install. A test that
/// cannot run never passes — not under CI (`.ci/run` installs every tool), not elsewhere.
///
/// # Panics
/// Always.
pub fn missing_tool(what: &str, why: &str) -> ! {
    panic!(
        "{what} cannot run: {why}; install it (.ci/run does) — a test that cannot run does not pass"
    )
}
