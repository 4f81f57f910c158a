//! A progress bar on the terminal (stderr) and Ctrl-C handling for long computations.

use std::io::IsTerminal as _;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::Observer;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Set by the first Ctrl-C; a second one exits at once.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Shows progress on stderr when it is a terminal; reports Ctrl-C to the library.
pub struct TerminalObserver {
    bar: OnceLock<ProgressBar>,
    terminal: bool,
    started: Instant,
}

/// Computations shorter than this show no bar (it would only flicker).
const QUIET_FOR: Duration = Duration::from_millis(300);

impl TerminalObserver {
    /// Installs the Ctrl-C handler (once per process) and returns the observer.
    pub fn install() -> Self {
        // If a handler cannot be installed, Ctrl-C keeps its default meaning (exit at once).
        let _ = ctrlc::set_handler(|| {
            if INTERRUPTED.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        Self {
            bar: OnceLock::new(),
            terminal: std::io::stderr().is_terminal(),
            started: Instant::now(),
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
                ProgressStyle::with_template(
                    "{spinner} {human_pos}/{human_len} values [{bar:30}] {per_sec} ETA {eta} (Ctrl-C stops)",
                )
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
