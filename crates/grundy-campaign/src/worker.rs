//! The workers of a campaign: each claims a game, computes its period within the campaign's
//! budget and writes the record, until no game is left; one more thread renews the leases of
//! the games this process holds.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use grundy::{Analyzer, Config, Error, Observer};

use crate::record::MAX_SHIFT;
use crate::store::{MAX_ATTEMPTS, Settings, State, Store, WorkerId, process_id};
use crate::{CampaignError, Record};

/// How a process runs a campaign's games.
#[derive(Clone, Copy, Debug)]
pub struct RunPlan {
    /// Games computed at once, one per worker thread.
    pub workers: usize,
    /// The configuration each game starts from (engine, threads for one game's values, memory
    /// for this process's games together); the campaign's budget sets the values, the time and
    /// each game's memory is this configuration's divided among the workers.
    pub config: Config,
    /// How long a claimed game stays with its worker without a renewal. Leases are renewed a
    /// third of the way through, so a game returns to the queue only when its process is
    /// stopped (or cut off from the database) for that long.
    pub lease: Duration,
    /// Whether a worker with nothing to claim waits for the games other processes hold — to take
    /// over one whose lease runs out — rather than stop.
    pub wait: bool,
}

impl Default for RunPlan {
    fn default() -> Self {
        Self {
            workers: 1,
            config: Config::default(),
            lease: Duration::from_secs(120),
            wait: true,
        }
    }
}

/// What a run did, as it happens (for a log or a progress bar).
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A worker took a game.
    Claimed {
        /// The game.
        spec: String,
        /// The worker (0-based within this process).
        worker: usize,
        /// How many workers have held it, this one included.
        attempts: u32,
    },
    /// A worker wrote a game's record.
    Finished {
        /// The game.
        spec: String,
        /// Its state.
        state: State,
        /// Seconds it took.
        seconds: f64,
    },
    /// A game's result was dropped: another worker had taken it over after its lease ran out.
    Lost {
        /// The game.
        spec: String,
    },
    /// A worker handed its game back, stopped.
    Released {
        /// The game.
        spec: String,
    },
    /// Nothing to claim: a worker waits for the games other processes hold.
    Waiting {
        /// Games held elsewhere.
        running: u64,
    },
}

/// What one run of a process did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    /// Games this run finished.
    pub finished: u64,
    /// Results dropped because another worker had taken the game over.
    pub lost: u64,
}

/// Ignores a game's progress in values and passes on the interrupt.
struct GameObserver<'a>(&'a dyn Observer);

impl Observer for GameObserver<'_> {
    fn interrupted(&self) -> bool {
        self.0.interrupted()
    }
}

/// How often a waiting worker looks for a game to take.
const WAIT_STEP: Duration = Duration::from_millis(250);

/// Runs `plan.workers` workers on the campaign `open` opens (once per worker, and once for the
/// leases), until no game is left to claim — or, with `plan.wait`, until no game is left
/// running anywhere. Each game is computed by [`Analyzer::period`] within the campaign's
/// budget; `events` hears what happens, from the workers' threads.
///
/// # Complexity
/// The sum of the games' periods, divided among the workers; one database transaction per game
/// claimed and one per game finished, and a lease renewal every third of `plan.lease`.
///
/// # Errors
/// [`CampaignError::Interrupted`] when the observer asks to stop: every finished game is kept,
/// each game in flight is handed back; [`CampaignError::Database`] when the database fails
/// (a game in flight then returns to the queue when its lease runs out).
///
/// # Example
/// See the [crate's example](crate).
pub fn run<S, F>(
    open: F,
    plan: &RunPlan,
    observer: &dyn Observer,
    events: &(dyn Fn(Event) + Sync),
) -> Result<RunSummary, CampaignError>
where
    S: Store,
    F: Fn() -> Result<S, CampaignError> + Sync,
{
    let settings = open()?.settings()?;
    let workers = plan.workers.max(1);
    let lease = plan.lease.clamp(MIN_LEASE, MAX_LEASE);
    let finished = AtomicU64::new(0);
    let lost = AtomicU64::new(0);
    let process = process_id();
    // Set when a worker or the lease renewal fails: every worker then stops, handing its game
    // back, so that no game stays held by a process that no longer works on it.
    let failed = AtomicBool::new(false);
    let stopping = Stopping {
        observer,
        failed: &failed,
    };
    let (stop_leases, leases_stopped) = mpsc::channel::<()>();
    let outcome = std::thread::scope(|scope| {
        let (open_ref, process, stopping_ref) = (&open, &process, &stopping);
        let renewing = scope.spawn(move || {
            let renewed = renew_leases(open_ref, process, lease, &leases_stopped);
            if renewed.is_err() {
                stopping_ref.failed.store(true, Ordering::Relaxed);
            }
            renewed
        });
        let handles: Vec<_> = (0..workers)
            .map(|index| {
                let (open, settings, finished, lost) = (&open, &settings, &finished, &lost);
                let stopping = &stopping;
                scope.spawn(move || {
                    // A worker that panics stops the others too: its game must not stay held
                    // under this process's renewals while they go on.
                    let _guard = FailOnPanic(stopping.failed);
                    let worker = Worker {
                        id: WorkerId::of_this_process(index),
                        index,
                        plan,
                        lease,
                        settings,
                        observer: stopping,
                        events,
                    };
                    let worked = open().and_then(|store| worker.work(store, finished, lost));
                    if worked.is_err() {
                        stopping.failed.store(true, Ordering::Relaxed);
                    }
                    worked
                })
            })
            .collect();
        let results: Vec<Result<(), CampaignError>> = handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect();
        drop(stop_leases);
        let renewed = renewing
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        results.into_iter().collect::<Result<Vec<()>, _>>()?;
        renewed
    });
    let summary = RunSummary {
        finished: finished.into_inner(),
        lost: lost.into_inner(),
    };
    outcome?;
    if observer.interrupted() {
        return Err(CampaignError::Interrupted {
            finished: summary.finished,
        });
    }
    Ok(summary)
}

/// The shortest lease a run takes: its renewal every third of it must reach the database in time.
pub const MIN_LEASE: Duration = Duration::from_secs(1);

/// The longest lease a run takes: a day, so that a killed process's game on another machine
/// returns to the queue within one.
pub const MAX_LEASE: Duration = Duration::from_secs(24 * 3600);

/// Sets the run's failure flag when the thread holding it unwinds.
struct FailOnPanic<'a>(&'a AtomicBool);

impl Drop for FailOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// The run's observer, which also stops every worker when one of them (or the lease renewal)
/// has failed.
struct Stopping<'a> {
    observer: &'a dyn Observer,
    failed: &'a AtomicBool,
}

impl Observer for Stopping<'_> {
    fn interrupted(&self) -> bool {
        self.failed.load(Ordering::Relaxed) || self.observer.interrupted()
    }
}

/// Renews the leases of `process` every third of `lease` until `stopped` says the workers are
/// done.
fn renew_leases<S: Store>(
    open: &(impl Fn() -> Result<S, CampaignError> + Sync),
    process: &str,
    lease: Duration,
    stopped: &mpsc::Receiver<()>,
) -> Result<(), CampaignError> {
    let mut store = open()?;
    let every = lease / 3;
    while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
        store.renew(process, lease)?;
    }
    Ok(())
}

/// One worker of a run.
struct Worker<'a> {
    id: WorkerId,
    index: usize,
    plan: &'a RunPlan,
    /// The plan's lease, within [`MIN_LEASE`] and [`MAX_LEASE`].
    lease: Duration,
    settings: &'a Settings,
    observer: &'a dyn Observer,
    events: &'a (dyn Fn(Event) + Sync),
}

impl Worker<'_> {
    /// Claims and computes games until none is left (or, waiting, none runs anywhere) or the
    /// observer stops it.
    fn work(
        &self,
        mut store: impl Store,
        finished: &AtomicU64,
        lost: &AtomicU64,
    ) -> Result<(), CampaignError> {
        while !self.observer.interrupted() {
            let Some(claim) = store.claim(&self.id, self.lease)? else {
                let running = store.progress()?.count(State::Running);
                if !self.plan.wait || running == 0 {
                    return Ok(());
                }
                (self.events)(Event::Waiting { running });
                self.pause();
                continue;
            };
            (self.events)(Event::Claimed {
                spec: claim.spec.clone(),
                worker: self.index,
                attempts: claim.attempts,
            });
            let record = if claim.attempts > MAX_ATTEMPTS {
                Record::unanswered(
                    State::Refused,
                    0,
                    format!(
                        "{} workers took this game and stopped without finishing it (killed, perhaps for its memory)",
                        claim.attempts - 1
                    ),
                    0.0,
                )
            } else {
                let Some(record) = self.compute(&claim.spec) else {
                    store.release(&self.id, &claim)?;
                    (self.events)(Event::Released { spec: claim.spec });
                    return Ok(());
                };
                record
            };
            // A failed write stops the run; the game returns to the queue with this process (or
            // its lease), its attempt counted, so a record that can never be written is refused
            // in the end rather than tried forever.
            if store.finish(&self.id, &claim, &record)? {
                finished.fetch_add(1, Ordering::Relaxed);
                (self.events)(Event::Finished {
                    spec: claim.spec,
                    state: record.state,
                    seconds: record.seconds,
                });
            } else {
                lost.fetch_add(1, Ordering::Relaxed);
                (self.events)(Event::Lost { spec: claim.spec });
            }
        }
        Ok(())
    }

    /// Waits a moment before looking for a game again, or less if the observer stops it.
    fn pause(&self) {
        let until = Instant::now() + (self.lease / 4).clamp(WAIT_STEP, 4 * WAIT_STEP);
        while Instant::now() < until && !self.observer.interrupted() {
            std::thread::sleep(WAIT_STEP / 5);
        }
    }

    /// The record of `spec` within the campaign's budget; `None` when the observer stopped it.
    fn compute(&self, spec: &str) -> Option<Record> {
        let started = Instant::now();
        let seconds = || started.elapsed().as_secs_f64();
        let unanswered = |state, computed_to, error: &dyn std::fmt::Display| {
            Some(Record::unanswered(
                state,
                computed_to,
                error.to_string(),
                seconds(),
            ))
        };
        let game = match grundy::parse_game(spec) {
            Ok(game) => game,
            Err(error) => return unanswered(State::Refused, 0, &error),
        };
        let budget = self.settings.budget;
        let share = self.plan.config.max_memory() / self.plan.workers.max(1) as u64;
        let memory = budget
            .memory
            .map_or(share, |memory| memory.min(share))
            .max(1);
        let config = self
            .plan
            .config
            .with_max_values(budget.max_values)
            .and_then(|config| config.with_max_memory(memory));
        let config = match (config, budget.time) {
            (Ok(config), Some(time)) => config.with_timeout(time),
            (Ok(config), None) => config,
            (Err(error), _) => return unanswered(State::Refused, 0, &error),
        };
        let observer = GameObserver(self.observer);
        let analyzer = Analyzer::new(config).with_observer(&observer);
        let fingerprint_values = budget.max_values.saturating_sub(MAX_SHIFT as u64);
        match analyzer.period(&game) {
            Ok(report) => Some(Record::of_report(&report, fingerprint_values, seconds())),
            Err(Error::Interrupted { .. }) => None,
            Err(error @ Error::TimedOut { checked_to, .. }) => {
                unanswered(State::Open, checked_to, &error)
            }
            Err(error) => unanswered(State::Refused, 0, &error),
        }
    }
}
