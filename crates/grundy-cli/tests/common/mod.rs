//! What the command-line tests share: running the real binary and reading what it printed.

// Not `expect`: a test file that uses every helper would leave the expectation unfulfilled.
#![allow(dead_code, reason = "each test file uses its own part")]

use std::process::{Command, Output};

/// The binary under test.
pub const BINARY: &str = env!("CARGO_BIN_EXE_grundy");

/// Runs `grundy` with `args` to the end.
pub fn grundy(args: &[&str]) -> Output {
    Command::new(BINARY)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// What a run printed on stdout.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What a run printed on stderr.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
