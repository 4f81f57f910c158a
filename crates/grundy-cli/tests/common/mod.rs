//! What the command-line tests share: running the real binary and reading what it printed.

// Not `expect`: a test file that uses every helper would leave the expectation unfulfilled.
#![allow(dead_code, reason = "each test file uses its own part")]

use std::io::{BufRead as _, BufReader, Read as _};
use std::process::{Child, ChildStderr, Command, ExitStatus, Output, Stdio};

pub mod postgres;

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

/// A run of the binary in the background, its stderr read line by line as it comes.
pub struct Background {
    child: Child,
    stderr: BufReader<ChildStderr>,
    /// What the run printed on stderr so far.
    pub printed: String,
}

impl Background {
    /// Starts `grundy` with `args` as given (not [`pinned`]), stdout discarded.
    pub fn spawn(args: &[&str]) -> Self {
        let mut child = Command::new(BINARY)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stderr = BufReader::new(child.stderr.take().expect("stderr is piped"));
        Self {
            child,
            stderr,
            printed: String::new(),
        }
    }

    /// Sends `signal` (`-KILL`, `-INT`, `-TERM`, `-STOP`) to the run.
    pub fn send(&self, signal: &str) {
        let status = Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {signal} failed");
    }

    /// Reads stderr until a line satisfies `wanted`, and returns it; fails if the run ends
    /// first (`what` says what was awaited). Blocks on the message, never on a clock.
    pub fn wait_for_line(&mut self, what: &str, mut wanted: impl FnMut(&str) -> bool) -> String {
        loop {
            let mut line = String::new();
            let read = self.stderr.read_line(&mut line).expect("stderr reads");
            assert!(read > 0, "the run ended before {what}: {}", self.printed);
            self.printed.push_str(&line);
            if wanted(&line) {
                return line;
            }
        }
    }

    /// Waits for the run to end: its exit status and everything it printed on stderr.
    pub fn finish(mut self) -> (ExitStatus, String) {
        self.stderr
            .read_to_string(&mut self.printed)
            .expect("stderr reads");
        let status = self.child.wait().expect("the run can be waited for");
        (status, self.printed)
    }
}
