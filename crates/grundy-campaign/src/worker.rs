//! The workers of a campaign: each claims a game, computes its period within the campaign's
//! budget and writes the record, until no game is left; one more thread renews the leases of
//! the games this process holds.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

use grundy::compact::View;
use grundy::{Analyzer, Config, Error, Observer};

use crate::record::{FINGERPRINT_MOST, MAX_SHIFT};
use crate::store::{Budget, Claim, MAX_ATTEMPTS, State, Store, WorkerId, process_id};
use crate::{CampaignError, Checkpoint, Record};

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
    /// How often a game in flight saves its values as its checkpoint (also when it is stopped,
    /// and when it ends open): what a worker killed loses at most, unless its search had folded
    /// its values on a period it was checking (it offers none to save meanwhile).
    pub checkpoint_every: Duration,
}

impl Default for RunPlan {
    fn default() -> Self {
        Self {
            workers: 1,
            config: Config::default(),
            lease: Duration::from_secs(120),
            wait: true,
            checkpoint_every: Duration::from_secs(120),
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
    /// A worker resumed a game from its checkpoint.
    Resumed {
        /// The game.
        spec: String,
        /// The values read from the checkpoint.
        values: u64,
    },
    /// A game in flight saved its values.
    Saved {
        /// The game.
        spec: String,
        /// The values saved.
        values: u64,
    },
    /// A game's checkpoint does not read: the game starts from its first value (the checkpoint
    /// stays until one of more values replaces it).
    Unreadable {
        /// The game.
        spec: String,
        /// What is wrong with it.
        why: String,
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

/// Watches one game: ignores its progress in values, passes on the run's interrupt, and saves
/// the values it is offered as the game's checkpoint when one is due — every
/// [`RunPlan::checkpoint_every`], and when the game is stopped (by the run, or by its time
/// limit). A checkpoint that cannot be written, or a game taken over, stops the game.
struct GameObserver<'a, S> {
    run: &'a dyn Observer,
    worker: &'a WorkerId,
    claim: &'a Claim,
    store: Mutex<&'a mut S>,
    every: Duration,
    /// Whether the game's search resumes from saved values (else nothing is saved).
    resumable: bool,
    /// When the game's own time limit ends, if it has one.
    deadline: Option<Instant>,
    /// Seconds the game's checkpoint took before this run, and when this run started.
    before: f64,
    started: Instant,
    /// When the last checkpoint was saved (or the game claimed), and the values it held.
    last: Mutex<(Instant, u64)>,
    /// Set when the game was taken over, or a checkpoint failed to be written.
    taken_over: AtomicBool,
    failure: Mutex<Option<CampaignError>>,
    events: &'a (dyn Fn(Event) + Sync),
}

impl<S: Store> GameObserver<'_, S> {
    /// Seconds spent on the game, its checkpoint's included.
    fn seconds(&self) -> f64 {
        self.before + self.started.elapsed().as_secs_f64()
    }

    /// Whether the game is to stop now (and so its values to be saved whatever the time).
    fn stopping(&self) -> bool {
        self.interrupted()
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

impl<S: Store> Observer for GameObserver<'_, S> {
    fn interrupted(&self) -> bool {
        self.run.interrupted()
            || self.taken_over.load(Ordering::Relaxed)
            || self
                .failure
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_some()
    }

    fn checkpoint(&self, values: View<'_>) {
        let count = values.len() as u64;
        if !self.resumable || !fits(values) {
            return;
        }
        {
            let last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
            if count <= last.1 || (last.0.elapsed() < self.every && !self.stopping()) {
                return;
            }
        }
        let checkpoint = Checkpoint::of_values(&self.claim.spec, values, self.seconds());
        let saved = self
            .store
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .save_checkpoint(self.worker, self.claim, &checkpoint);
        match saved {
            Ok(true) => {
                *self.last.lock().unwrap_or_else(PoisonError::into_inner) = (Instant::now(), count);
                (self.events)(Event::Saved {
                    spec: self.claim.spec.clone(),
                    values: count,
                });
            }
            Ok(false) => self.taken_over.store(true, Ordering::Relaxed),
            Err(error) => {
                *self.failure.lock().unwrap_or_else(PoisonError::into_inner) = Some(error);
            }
        }
    }
}

/// The most bytes of values a checkpoint holds: a database value of a gigabyte is refused by
/// both stores (SQLite's default length limit, PostgreSQL's `bytea`), and such a game is better
/// pushed further with `grundy sequence`'s checkpoint files.
pub const MAX_CHECKPOINT_BYTES: u64 = 1 << 29;

/// Whether `values` fit in a checkpoint ([`MAX_CHECKPOINT_BYTES`]).
fn fits(values: View<'_>) -> bool {
    (values.len() as u64).saturating_mul(values.bytes_per_value() as u64) <= MAX_CHECKPOINT_BYTES
}

/// How a worker's game ended.
enum Computed {
    /// With a record, and the checkpoint to keep with it (an open or observed game's values).
    Record(Box<(Record, Option<Checkpoint>)>),
    /// Stopped by the run: the game goes back to the queue.
    Stopped,
    /// Taken over by another worker (its lease ran out): nothing is written.
    TakenOver,
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
    // Opened once first: a campaign that cannot be opened (or read) fails before any thread.
    open()?.settings()?;
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
                let (open, finished, lost) = (&open, &finished, &lost);
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
            let (record, checkpoint) = if claim.attempts > MAX_ATTEMPTS {
                let record = Record::unanswered(
                    State::Refused,
                    0,
                    format!(
                        "{} workers took this game and stopped without finishing it (killed, perhaps for its memory)",
                        claim.attempts - 1
                    ),
                    0.0,
                );
                (record, None)
            } else {
                // The budget as it is now: `extend` may have raised it since the run began.
                let budget = store.settings()?.budget;
                match self.compute(&claim, &budget, &mut store)? {
                    Computed::Record(finished) => *finished,
                    Computed::Stopped => {
                        store.release(&self.id, &claim)?;
                        (self.events)(Event::Released { spec: claim.spec });
                        return Ok(());
                    }
                    Computed::TakenOver => {
                        lost.fetch_add(1, Ordering::Relaxed);
                        (self.events)(Event::Lost { spec: claim.spec });
                        continue;
                    }
                }
            };
            // A failed write stops the run; the game returns to the queue with this process (or
            // its lease), its attempt counted, so a record that can never be written is refused
            // in the end rather than tried forever.
            if store.finish(&self.id, &claim, &record, checkpoint.as_ref())? {
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

    /// The values of the checkpoint saved for the game `claim` names, and the seconds they
    /// took; `None` for none, or for one that does not read (said as an event).
    ///
    /// # Errors
    /// [`CampaignError::Database`] when the checkpoint cannot be read.
    fn resumed<S: Store>(
        &self,
        claim: &Claim,
        store: &mut S,
    ) -> Result<Option<(grundy::compact::CompactValues, f64)>, CampaignError> {
        let spec = claim.spec.as_str();
        let unreadable = |error: CampaignError| {
            (self.events)(Event::Unreadable {
                spec: spec.to_owned(),
                why: error.to_string(),
            });
            Ok(None)
        };
        match store.checkpoint(claim) {
            Ok(Some(checkpoint)) => match checkpoint.values(spec) {
                Ok(values) => {
                    (self.events)(Event::Resumed {
                        spec: spec.to_owned(),
                        values: values.len() as u64,
                    });
                    Ok(Some((values, checkpoint.info.seconds)))
                }
                Err(error) => unreadable(error),
            },
            Ok(None) => Ok(None),
            Err(error @ CampaignError::Damaged { .. }) => unreadable(error),
            Err(error) => Err(error),
        }
    }

    /// The game `claim` names within the campaign's budget, resumed from its checkpoint when it
    /// has one, saving its values in `store` as it goes.
    ///
    /// # Errors
    /// [`CampaignError::Database`] when the checkpoint cannot be read or written.
    fn compute<S: Store>(
        &self,
        claim: &Claim,
        budget: &Budget,
        store: &mut S,
    ) -> Result<Computed, CampaignError> {
        let started = Instant::now();
        let spec = claim.spec.as_str();
        let unanswered = |state, computed_to, error: &dyn std::fmt::Display, seconds| {
            Ok(Computed::Record(Box::new((
                Record::unanswered(state, computed_to, error.to_string(), seconds),
                None,
            ))))
        };
        let game = match grundy::parse_game(spec) {
            Ok(game) => game,
            Err(error) => {
                return unanswered(State::Refused, 0, &error, started.elapsed().as_secs_f64());
            }
        };
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
            (Err(error), _) => {
                return unanswered(State::Refused, 0, &error, started.elapsed().as_secs_f64());
            }
        };
        // The values saved by an earlier run, and the seconds they took; only for a game whose
        // search resumes (the others start from their first value whatever they are given).
        let resumable = Analyzer::resumes(&game);
        let resumed = if resumable {
            self.resumed(claim, store)?
        } else {
            None
        };
        let before = resumed.as_ref().map_or(0.0, |(_, seconds)| *seconds);
        let observer = GameObserver {
            run: self.observer,
            worker: &self.id,
            claim,
            store: Mutex::new(store),
            every: self.plan.checkpoint_every,
            resumable,
            // As the analyzer's, counted from now (after the checkpoint was read).
            deadline: budget
                .time
                .and_then(|time| Instant::now().checked_add(time)),
            before,
            started,
            last: Mutex::new((
                started,
                resumed
                    .as_ref()
                    .map_or(0, |(values, _)| values.len() as u64),
            )),
            taken_over: AtomicBool::new(false),
            failure: Mutex::new(None),
            events: self.events,
        };
        let mut analyzer = Analyzer::new(config).with_observer(&observer);
        if let Some((values, _)) = resumed {
            analyzer = analyzer.resuming(&game, values);
        }
        // The same count for every budget of 2^20 values or more, so that raising the budget
        // keeps the games finished before comparable with those finished after.
        let fingerprint_values = budget
            .max_values
            .min(FINGERPRINT_MOST)
            .saturating_sub(MAX_SHIFT as u64);
        let answer = analyzer.period(&game);
        if let Some(error) = observer
            .failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            return Err(error);
        }
        if observer.taken_over.load(Ordering::Relaxed) {
            return Ok(Computed::TakenOver);
        }
        let seconds = observer.seconds();
        match answer {
            Ok(report) => {
                let record = Record::of_report(&report, fingerprint_values, seconds);
                // An open or observed game keeps its values, to be pushed further.
                let checkpoint = match (&report.values, record.state) {
                    (Some(values), State::Open | State::Observed)
                        if resumable && !values.is_empty() && fits(values.view()) =>
                    {
                        Some(Checkpoint::of_values(spec, values.view(), seconds))
                    }
                    _ => None,
                };
                Ok(Computed::Record(Box::new((record, checkpoint))))
            }
            Err(Error::Interrupted { .. }) => Ok(Computed::Stopped),
            Err(error @ Error::TimedOut { checked_to, .. }) => {
                unanswered(State::Open, checked_to, &error, seconds)
            }
            Err(error) => unanswered(State::Refused, 0, &error, seconds),
        }
    }
}
