//! Period surveys: the periods of many games at once, one game per thread, handed over in input
//! order.
//!
//! One sequence has a sequential critical path (each value needs the earlier ones), so extra
//! threads on one game pay only when its values are expensive; a survey of many games keeps every
//! core busy with whole games instead. The rule that shares the threads and the memory among the
//! games is [`SurveyPlan`]; each game runs within its own share and its own time limit, so a game
//! that runs out of either is that game's answer, not the survey's.

use super::{Analyzer, Error, PeriodReport, Unit};
use crate::Observer;
use crate::budget::Budget;
use crate::games::game::Game;
use crate::games::octal::{Code, Modifier};
use crate::limits::{MAX_HEX_SURVEY_DIGITS, MAX_SURVEY_DIGITS};

/// How a survey of some games shares the threads and the memory of its
/// [`Config`](super::Config) (see [`Analyzer::survey_plan`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SurveyPlan {
    /// Games computed at once: the configured threads, at most one per game (1 without the
    /// `parallel` feature).
    pub workers: usize,
    /// Threads for one game's values: the configured threads divided among the workers, so
    /// that `workers * threads_per_game` never exceeds them (1 once there are as many games as
    /// threads).
    pub threads_per_game: usize,
    /// Bytes one game may hold: the memory limit divided among the workers (at least 1), so the
    /// games running at once hold no more than the limit together.
    pub memory_per_game: u64,
}

/// Ignores a game's progress in values (the survey reports games) and passes on the interrupt.
struct GameObserver<'a>(&'a dyn Observer);

impl Observer for GameObserver<'_> {
    fn interrupted(&self) -> bool {
        self.0.interrupted()
    }
}

impl Analyzer<'_> {
    /// How a survey of `games` games shares this analyzer's threads and memory: at most one
    /// worker per thread and per game, the threads divided among the workers, the memory limit
    /// divided among them too. A survey of one game is the game alone, on every thread, with the
    /// whole limit.
    ///
    /// Memory is divided rather than counted jointly because a budget bounds a computation's
    /// estimate before it allocates and is never handed back, so shares are what bounds the sum
    /// of the games running at once; a game that needs more than its share is refused with the
    /// share as its limit, whichever games run beside it.
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::analysis::SurveyPlan;
    /// use grundy::{Analyzer, Config};
    /// let config = Config::default().with_threads(4)?.with_max_memory(1 << 30)?;
    /// let plan = Analyzer::new(config).survey_plan(100);
    /// # #[cfg(feature = "parallel")]
    /// assert_eq!(plan, SurveyPlan { workers: 4, threads_per_game: 1, memory_per_game: 1 << 28 });
    /// let alone = Analyzer::new(config).survey_plan(1);
    /// assert_eq!(alone, SurveyPlan { workers: 1, threads_per_game: 4, memory_per_game: 1 << 30 });
    /// # Ok(()) }
    /// ```
    pub fn survey_plan(&self, games: usize) -> SurveyPlan {
        let threads = self.config.threads().max(1);
        let workers = if cfg!(feature = "parallel") {
            threads.min(games).max(1)
        } else {
            1
        };
        SurveyPlan {
            workers,
            threads_per_game: (threads / workers).max(1),
            memory_per_game: (self.config.max_memory() / workers as u64).max(1),
        }
    }

    /// The period of each of `games`, handed to `each` with its index, in input order, on the
    /// calling thread, as soon as it and every game before it are done. The games run on
    /// [`survey_plan`](Self::survey_plan)'s workers (a rayon pool with the `parallel` feature),
    /// each within its share of threads and memory and within the configured time limit counted
    /// from its own start; the observer hears the number of games handed over, and its interrupt
    /// stops the games running and starts no more (each then answers
    /// [`Error::Interrupted`]). Reports do not depend on the number of threads, except that a
    /// game that needs more memory than its share is refused.
    ///
    /// # Complexity
    /// The sum of [`period`](Self::period) over the games, divided among the workers; at most
    /// [`SURVEY_WINDOW_PER_WORKER`](crate::limits::SURVEY_WINDOW_PER_WORKER) finished reports
    /// per worker wait for an earlier one.
    ///
    /// # Errors
    /// None of its own: each game's result is its own, as for [`period`](Self::period)
    /// ([`Error::TimedOut`] and [`Error::OutOfMemory`] for a game beyond its share).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let games = ["0.77", "0.07", "nim"].map(parse_game).into_iter().collect::<Result<Vec<_>, _>>()?;
    /// let mut rows = Vec::new();
    /// Analyzer::new(Config::default().with_threads(2)?).periods_each(&games, |index, report| {
    ///     let period = report.ok().and_then(|r| Some(r.search.certificate()?.periodicity().period()));
    ///     rows.push((index, period));
    /// });
    /// assert_eq!(rows, [(0, Some(12)), (1, Some(34)), (2, None)]); // Nim is not one sequence
    /// # Ok(()) }
    /// ```
    pub fn periods_each(
        &self,
        games: &[Game],
        mut each: impl FnMut(usize, Result<PeriodReport, Error>),
    ) {
        let plan = self.survey_plan(games.len());
        #[cfg(feature = "parallel")]
        if plan.workers > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(plan.workers)
                .thread_name(|index| format!("grundy-survey-{index}"))
                .build();
            // Without threads to be had, the survey runs on the calling thread.
            if let Ok(pool) = pool {
                self.periods_in_parallel(&pool, games, &plan, &mut each);
                return;
            }
        }
        for (index, game) in games.iter().enumerate() {
            each(index, self.survey_game(game, &plan));
            self.observer.progress(index as u64 + 1, games.len() as u64);
        }
    }

    /// One game of a survey: interrupted before it starts if the observer says so, else its
    /// period within its share.
    fn survey_game(&self, game: &Game, plan: &SurveyPlan) -> Result<PeriodReport, Error> {
        if self.observer.interrupted() {
            return Err(Error::Interrupted {
                checked_to: 0,
                unit: Unit::Values,
            });
        }
        let observer = GameObserver(self.observer);
        let config = self
            .config
            .with_threads(plan.threads_per_game)?
            .with_max_memory(plan.memory_per_game)?;
        let analyzer = Analyzer {
            config,
            budget: Budget::new(&observer, plan.memory_per_game, config.timeout),
            observer: &observer,
            script_trace: self.script_trace.clone(),
            resume: None,
        };
        analyzer.period(game)
    }
}

/// The workers of a survey on a rayon pool.
#[cfg(feature = "parallel")]
mod parallel {
    use std::collections::BTreeMap;
    use std::sync::{Condvar, Mutex, PoisonError};

    use super::{Analyzer, Error, Game, PeriodReport, SurveyPlan};
    use crate::limits::SURVEY_WINDOW_PER_WORKER;

    /// The queue of a survey's games: the next one to hand out, and how many have been handed over
    /// in order.
    struct Queue {
        next: usize,
        delivered: usize,
        /// Set when a worker unwinds, so that the others stop waiting for its game.
        abandoned: bool,
    }

    /// Marks the queue abandoned if the worker holding it unwinds.
    struct Abandon<'a>(&'a (Mutex<Queue>, Condvar));

    impl Drop for Abandon<'_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                let (queue, turn) = self.0;
                queue
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .abandoned = true;
                turn.notify_all();
            }
        }
    }

    impl Analyzer<'_> {
        /// The workers of a survey on a rayon pool, handing games out in input order; the calling
        /// thread puts the reports back in order and hands them over.
        pub(super) fn periods_in_parallel(
            &self,
            pool: &rayon::ThreadPool,
            games: &[Game],
            plan: &SurveyPlan,
            each: &mut dyn FnMut(usize, Result<PeriodReport, Error>),
        ) {
            let window = plan.workers.saturating_mul(SURVEY_WINDOW_PER_WORKER);
            let shared = (
                Mutex::new(Queue {
                    next: 0,
                    delivered: 0,
                    abandoned: false,
                }),
                Condvar::new(),
            );
            let (sender, receiver) = std::sync::mpsc::channel();
            pool.in_place_scope(|scope| {
                for _ in 0..plan.workers {
                    let sender = sender.clone();
                    let shared = &shared;
                    scope.spawn(move |_| {
                        let _abandon = Abandon(shared);
                        while let Some(index) = take(shared, games.len(), window) {
                            let report = self.survey_game(&games[index], plan);
                            if sender.send((index, report)).is_err() {
                                break;
                            }
                        }
                    });
                }
                drop(sender);
                let mut waiting = BTreeMap::new();
                let mut delivered = 0;
                for (index, report) in receiver {
                    waiting.insert(index, report);
                    while let Some(report) = waiting.remove(&delivered) {
                        each(delivered, report);
                        delivered += 1;
                        self.observer.progress(delivered as u64, games.len() as u64);
                    }
                    let (queue, turn) = &shared;
                    queue
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .delivered = delivered;
                    turn.notify_all();
                }
            });
        }
    }

    /// The next game for a worker, once it is within `window` games of the last one handed over;
    /// `None` when every game is taken or a worker has unwound.
    fn take(shared: &(Mutex<Queue>, Condvar), games: usize, window: usize) -> Option<usize> {
        let (queue, turn) = shared;
        let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if queue.abandoned || queue.next >= games {
                return None;
            }
            if queue.next < queue.delivered.saturating_add(window) {
                queue.next += 1;
                return Some(queue.next - 1);
            }
            queue = turn.wait(queue).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// Every octal code `0.d1…dk` with `1 <= k <= digits` digits after the point, the last one not
/// 0: by length, then in the order of their digits (`0.1 … 0.7, 0.01, 0.02, … 0.77, 0.001, …`),
/// `8^digits - 1` codes in all.
///
/// # Complexity
/// `O(8^digits · digits)` time and memory.
///
/// # Errors
/// [`Error::Refused`] unless `1 <= digits <=` [`MAX_SURVEY_DIGITS`].
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let codes = grundy::analysis::octal_codes(2)?;
/// assert_eq!(codes.len(), 63);
/// let names: Vec<String> = codes.iter().map(ToString::to_string).collect();
/// assert_eq!((names[0].as_str(), names[7].as_str(), names[62].as_str()), ("0.1", "0.01", "0.77"));
/// # Ok(()) }
/// ```
pub fn octal_codes(digits: usize) -> Result<Vec<Game>, Error> {
    codes_in_base(3, "octal", digits, MAX_SURVEY_DIGITS)
}

/// Every hexadecimal code `0.h1…hk` with `1 <= k <= digits` digits after the point, the last one
/// not 0 — a digit's bit 8 lets a move leave three heaps — by length, then in the order of their
/// digits (`0.1 … 0.f, 0.01, … 0.ff, 0.001, …`), `16^digits - 1` codes in all.
///
/// # Complexity
/// `O(16^digits · digits)` time and memory.
///
/// # Errors
/// [`Error::Refused`] unless `1 <= digits <=` [`MAX_HEX_SURVEY_DIGITS`].
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let codes = grundy::analysis::hex_codes(2)?;
/// assert_eq!(codes.len(), 255);
/// let names: Vec<String> = codes.iter().map(ToString::to_string).collect();
/// assert_eq!((names[0].as_str(), names[15].as_str(), names[254].as_str()), ("0.1", "0.01", "0.ff"));
/// # Ok(()) }
/// ```
pub fn hex_codes(digits: usize) -> Result<Vec<Game>, Error> {
    codes_in_base(4, "hexadecimal", digits, MAX_HEX_SURVEY_DIGITS)
}

/// Every code (the `name`d kind) of 1 to `digits` digits of `bits` bits each, the last not 0,
/// refused beyond `most` digits.
fn codes_in_base(bits: u32, name: &str, digits: usize, most: usize) -> Result<Vec<Game>, Error> {
    let base = 1u32 << bits;
    if !(1..=most).contains(&digits) {
        return Err(Error::refused(format!(
            "a family of {name} codes has 1 to {most} digits after the point ({base}^{most} - 1 codes); {digits} is outside"
        )));
    }
    let mask = (1u32 << bits) - 1;
    let mut games = Vec::new();
    for length in 1..=digits as u32 {
        for number in 0..1u32 << (bits * length) {
            if number & mask == 0 {
                continue;
            }
            let mut written = vec![(0, Modifier::None)];
            written.extend(
                (0..length)
                    .rev()
                    .map(|place| (((number >> (bits * place)) & mask) as u8, Modifier::None)),
            );
            let code = Code::new(written, Vec::new())
                .map_err(|error| Error::Internal(format!("{name} code {number:x}: {error}")))?;
            games.push(Game::Octal(code));
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Config;
    use crate::input::spec::parse_game;

    fn games(specs: &[&str]) -> Vec<Game> {
        specs.iter().map(|spec| parse_game(spec).unwrap()).collect()
    }

    #[test]
    fn the_plan_divides_threads_and_memory_among_the_workers() {
        let config = Config::default()
            .with_threads(8)
            .unwrap()
            .with_max_memory(1000)
            .unwrap();
        let analyzer = Analyzer::new(config);
        let plan = |games| analyzer.survey_plan(games);
        if cfg!(feature = "parallel") {
            assert_eq!(
                plan(3),
                SurveyPlan {
                    workers: 3,
                    threads_per_game: 2,
                    memory_per_game: 333
                }
            );
            assert_eq!(
                plan(100),
                SurveyPlan {
                    workers: 8,
                    threads_per_game: 1,
                    memory_per_game: 125
                }
            );
        }
        for games in [0, 1] {
            assert_eq!(
                plan(games),
                SurveyPlan {
                    workers: 1,
                    threads_per_game: 8,
                    memory_per_game: 1000
                }
            );
        }
        let tiny = Analyzer::new(config.with_max_memory(3).unwrap());
        assert!(tiny.survey_plan(100).memory_per_game >= 1);
    }

    #[test]
    fn reports_come_in_input_order_and_do_not_depend_on_the_threads() {
        let specs = [
            "0.77",
            "0.07",
            "0.137",
            "subtraction:2,5,7",
            "nim",
            "0.6",
            "bash:3",
            "0.51",
            "0.3",
            "0.007",
            "4.07",
            "allbut:2,3,7",
        ];
        let games = games(&specs);
        let run = |threads| {
            let config = Config::default()
                .with_threads(threads)
                .unwrap()
                .with_max_values(5000)
                .unwrap();
            let mut rows = Vec::new();
            Analyzer::new(config).periods_each(&games, |index, report| {
                rows.push((index, format!("{:?}", report.map(|r| r.search))));
            });
            rows
        };
        let one = run(1);
        assert_eq!(
            one.iter().map(|(index, _)| *index).collect::<Vec<_>>(),
            (0..specs.len()).collect::<Vec<_>>()
        );
        for threads in [2, 3, 4, 8] {
            assert_eq!(run(threads), one, "{threads} threads");
        }
    }

    #[test]
    fn an_interrupted_survey_answers_every_game_interrupted() {
        struct Stopped;
        impl Observer for Stopped {
            fn interrupted(&self) -> bool {
                true
            }
        }
        let games = games(&["0.77", "0.07", "0.6"]);
        for threads in [1, 2] {
            let analyzer = Analyzer::new(Config::default().with_threads(threads).unwrap())
                .with_observer(&Stopped);
            let mut rows = 0;
            analyzer.periods_each(&games, |_, report| {
                assert!(matches!(report, Err(Error::Interrupted { .. })));
                rows += 1;
            });
            assert_eq!(rows, 3);
        }
    }

    #[test]
    fn a_game_beyond_its_memory_share_is_refused_alone() {
        // 10^5 values: about 8 bytes each for Kayles, 12 for bash:3 (1.1 MiB), within 2 MiB
        // but not within half of it.
        let games = games(&["0.77", "bash:3"]);
        let run = |threads| {
            let config = Config::default()
                .with_threads(threads)
                .unwrap()
                .with_max_values(100_000)
                .unwrap()
                .with_max_memory(2 << 20)
                .unwrap();
            let mut results = Vec::new();
            Analyzer::new(config).periods_each(&games, |_, report| results.push(report));
            results
        };
        assert!(run(1).iter().all(Result::is_ok));
        if cfg!(feature = "parallel") {
            let results = run(2);
            assert!(results[0].is_ok());
            assert!(
                matches!(results[1], Err(Error::OutOfMemory { limit, .. }) if limit == 1 << 20),
                "{:?}",
                results[1]
            );
        }
    }

    /// The codes' names, sorted: each reads back as itself, and none is there twice.
    fn distinct_names(codes: &[Game]) -> Vec<String> {
        let mut names: Vec<String> = codes.iter().map(ToString::to_string).collect();
        for name in &names {
            assert_eq!(parse_game(name).unwrap().to_string(), *name);
        }
        names.sort();
        names.dedup();
        assert_eq!(names.len(), codes.len());
        names
    }

    #[test]
    fn the_family_of_codes_counts_every_code_once() {
        for digits in 1..=3 {
            let codes = octal_codes(digits).unwrap();
            assert_eq!(codes.len(), 8usize.pow(digits as u32) - 1);
            distinct_names(&codes);
        }
        assert!(matches!(octal_codes(0), Err(Error::Refused(_))));
        assert!(matches!(
            octal_codes(MAX_SURVEY_DIGITS + 1),
            Err(Error::Refused(_))
        ));
        for digits in 1..=MAX_HEX_SURVEY_DIGITS {
            let codes = hex_codes(digits).unwrap();
            assert_eq!(codes.len(), 16usize.pow(digits as u32) - 1);
            let names = distinct_names(&codes);
            // The octal codes are the hexadecimal codes without the digits 8 to f.
            let octal: Vec<String> = octal_codes(digits)
                .unwrap()
                .iter()
                .map(ToString::to_string)
                .collect();
            assert!(octal.iter().all(|name| names.binary_search(name).is_ok()));
        }
        assert!(matches!(
            hex_codes(MAX_HEX_SURVEY_DIGITS + 1),
            Err(Error::Refused(_))
        ));
    }
}
