//! A progress bar on the terminal (stderr), and Ctrl-C (SIGINT) and SIGTERM as a clean stop for
//! long computations.

use std::io::IsTerminal as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, OnceLock};
use std::time::{Duration, Instant};

use grundy::Observer;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use signal_hook::consts::{SIGINT, SIGTERM};

/// Set by the first SIGINT or SIGTERM; a second one of either exits at once.
static INTERRUPTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));

/// The number of the signal that set [`INTERRUPTED`] (0 while none has arrived).
static SIGNAL: LazyLock<Arc<AtomicUsize>> = LazyLock::new(|| Arc::new(AtomicUsize::new(0)));

/// Shows progress on stderr when it is a terminal; reports SIGINT and SIGTERM to the library.
pub struct TerminalObserver {
    bar: OnceLock<ProgressBar>,
    terminal: bool,
    started: Instant,
    /// What the bar counts: values, or the games of a survey.
    unit: &'static str,
}

/// Computations shorter than this show no bar (it would only flicker).
const QUIET_FOR: Duration = Duration::from_millis(300);

/// The exit status of a process ended by `signal`, as a shell reports it: 128 + the number.
fn status_for(signal: i32) -> i32 {
    128 + signal
}

/// Installs the handlers for `signal`: the first arrival records the signal and sets the flag the
/// library polls; an arrival after that exits at once with the signal's status.
fn install_handler(signal: i32) -> std::io::Result<()> {
    // The order matters: the exit is checked before the flag is set, so it only fires on a
    // second signal.
    signal_hook::flag::register_conditional_shutdown(
        signal,
        status_for(signal),
        Arc::clone(&INTERRUPTED),
    )?;
    signal_hook::flag::register_usize(signal, Arc::clone(&SIGNAL), signal as usize)?;
    signal_hook::flag::register(signal, Arc::clone(&INTERRUPTED))?;
    Ok(())
}

/// The exit status for an interrupted computation: 130 after SIGINT (Ctrl-C), 143 after SIGTERM.
pub fn interrupted_status() -> u8 {
    match SIGNAL.load(Ordering::SeqCst) {
        signal if signal == SIGTERM as usize => status_for(SIGTERM) as u8,
        _ => status_for(SIGINT) as u8,
    }
}

impl TerminalObserver {
    /// Installs the SIGINT and SIGTERM handlers (once per process) and returns the observer.
    pub fn install() -> Self {
        static INSTALLED: OnceLock<()> = OnceLock::new();
        INSTALLED.get_or_init(|| {
            for signal in [SIGINT, SIGTERM] {
                // If a handler cannot be installed, the signal keeps its default meaning (exit at
                // once), which loses no more than the run in progress.
                let _ = install_handler(signal);
            }
        });
        Self {
            bar: OnceLock::new(),
            terminal: std::io::stderr().is_terminal(),
            started: Instant::now(),
            unit: "values",
        }
    }

    /// The same observer, its bar counting `unit` (`games`) instead of values.
    #[must_use]
    pub fn counting(self, unit: &'static str) -> Self {
        Self { unit, ..self }
    }

    /// Writes `line` on stderr when it is not a terminal (a log of a long run); on a terminal
    /// the bar says enough.
    pub fn log(&self, line: &str) {
        if !self.terminal {
            eprintln!("{line}");
        }
    }

    /// Removes the bar, if one was drawn.
    pub fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

impl Observer for TerminalObserver {
    fn progress(&self, done: u64, total: u64) {
        if !self.terminal || (self.bar.get().is_none() && self.started.elapsed() < QUIET_FOR) {
            return;
        }
        let bar = self.bar.get_or_init(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(&format!(
                    "{{spinner}} {{human_pos}}/{{human_len}} {} [{{bar:30}}] {{per_sec}} ETA {{eta}} (Ctrl-C stops)",
                    self.unit
                ))
                .expect("the template is valid")
                .progress_chars("=> "),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        bar.set_length(total);
        bar.set_position(done);
    }

    fn interrupted(&self) -> bool {
        INTERRUPTED.load(Ordering::Relaxed)
    }
}
