//! The facade: answers `solve`, `table` and `period` queries for every game, choosing the engine,
//! the theorem or the closed-form rule.
//!
//! Answers come from a certified period when one is proved (any heap size, time independent of
//! it), from a closed-form rule (Bouton, Wythoff, Zeckendorf), otherwise from values computed
//! directly up to the configured limit. Beyond that the [`Analyzer`] refuses with an explanation;
//! it never extrapolates an unproved pattern.

mod classical;
mod general;
mod heap;
mod norepeat;
mod octal;

pub use octal::MAX_OCTAL_VALUES;
mod sum;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::{Budget, Exhausted, format_bytes, format_duration};
use crate::engine::{Engine, Play, Stream};
use crate::game::Game;
use crate::period::{Certificate, Search};
use crate::position::Position;
use crate::spec::InputError;
use crate::subtraction::{Family, SubtractionSet};
use crate::{NoObserver, Observer};

/// The default limit on computed values for finite and all-but sets.
pub const DEFAULT_MAX_VALUES: u64 = 10_000_000;
/// The default limit on positions held by a table (Wythoff, Fibonacci Nim) or a misère search.
pub const DEFAULT_MAX_POSITIONS: u64 = 4_000_000;
/// The work (options examined) a default limit allows one period search: a few seconds.
pub const DEFAULT_WORK: u64 = 1 << 33;
/// The largest limit accepted: values are kept 4 bytes each, so this is 4 GB.
pub const MAX_VALUES_LIMIT: u64 = 1_000_000_000;
/// The most rows one table may have.
pub const MAX_TABLE_ROWS: u64 = 1_000_000;

/// Everything that can go wrong answering a query.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The user's text does not parse.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A setting is out of range.
    #[error("{0}")]
    Setting(String),
    /// The question cannot be answered exactly within the limits; the text says why and what to do.
    #[error("{0}")]
    Refused(String),
    /// The observer asked to stop.
    #[error("interrupted after {} {checked_to} {}; no answer was reached", .unit.verb(), .unit.noun(*.checked_to))]
    Interrupted {
        /// How many values (or positions) were computed.
        checked_to: u64,
        /// What `checked_to` counts.
        unit: Unit,
    },
    /// The answer would need more memory than the budget allows (estimated before allocating).
    #[error("{what} would need at least {} of memory; the memory limit is {}", format_bytes(*.needed), format_bytes(*.limit))]
    OutOfMemory {
        /// What would need the memory.
        what: String,
        /// Bytes it would need (at least).
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
    /// The time limit passed before an answer was reached.
    #[error("stopped at the time limit of {} after {} {checked_to} {}; no answer was reached", format_duration(*.allowed), .unit.verb(), .unit.noun(*.checked_to))]
    TimedOut {
        /// The time allowed.
        allowed: std::time::Duration,
        /// How many values (or positions) were computed.
        checked_to: u64,
        /// What `checked_to` counts.
        unit: Unit,
    },
    /// A scripted game's script failed (syntax, missing function, runtime error or limit).
    #[error(transparent)]
    Script(#[from] crate::script::ScriptError),
    /// A game's rules failed while being explored (a script error, with its call).
    #[error("{0}")]
    Rules(String),
    /// A certificate failed its own re-check: a bug in grundy, reported rather than hidden.
    #[error("internal error: {0}")]
    Internal(String),
}

/// What a stopped computation had counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Values of a sequence.
    Values,
    /// Positions of a game explored.
    Positions,
}

impl Unit {
    fn verb(self) -> &'static str {
        match self {
            Self::Values => "computing",
            Self::Positions => "exploring",
        }
    }

    fn noun(self, count: u64) -> &'static str {
        match (self, count) {
            (Self::Values, 1) => "value",
            (Self::Values, _) => "values",
            (Self::Positions, 1) => "position",
            (Self::Positions, _) => "positions",
        }
    }
}

/// How an [`Analyzer`] works: which engine, how many values at most, on how many threads, with
/// how much memory and time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    engine: Engine,
    max_values: Option<u64>,
    threads: Option<usize>,
    max_memory: Option<u64>,
    timeout: Option<std::time::Duration>,
    move_targets: MoveTargets,
}

impl Config {
    /// Uses `engine` for Grundy values.
    #[must_use]
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// Computes at most `max_values` values per game (period searches and direct answers).
    ///
    /// # Errors
    /// [`Error::Setting`] unless `1 <= max_values <=` [`MAX_VALUES_LIMIT`].
    pub fn with_max_values(mut self, max_values: u64) -> Result<Self, Error> {
        if !(1..=MAX_VALUES_LIMIT).contains(&max_values) {
            return Err(Error::Setting(format!(
                "the value limit must be between 1 and {MAX_VALUES_LIMIT}; got {max_values}"
            )));
        }
        self.max_values = Some(max_values);
        Ok(self)
    }

    /// Holds at most `bytes` bytes for one query (estimated before allocating; the default is
    /// [`DEFAULT_MAX_MEMORY`](crate::budget::DEFAULT_MAX_MEMORY)).
    ///
    /// # Errors
    /// [`Error::Setting`] if `bytes` is 0.
    pub fn with_max_memory(mut self, bytes: u64) -> Result<Self, Error> {
        if bytes == 0 {
            return Err(Error::Setting(
                "the memory limit must be at least 1 byte".to_owned(),
            ));
        }
        self.max_memory = Some(bytes);
        Ok(self)
    }

    /// The memory limit in bytes.
    pub fn max_memory(&self) -> u64 {
        self.max_memory.unwrap_or(crate::budget::DEFAULT_MAX_MEMORY)
    }

    /// Stops a query that has run for `timeout` (counted from when the [`Analyzer`] is made).
    #[must_use]
    pub fn with_timeout(mut self, timeout: std::time::Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// How much of the position each winning move carries.
    #[must_use]
    pub fn with_move_targets(mut self, move_targets: MoveTargets) -> Self {
        self.move_targets = move_targets;
        self
    }

    /// The engine in use.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Uses at most `threads` threads for one game's values (take-and-break games use two when
    /// `threads >= 2`; the default is every core the machine offers).
    ///
    /// # Errors
    /// [`Error::Setting`] if `threads` is 0.
    pub fn with_threads(mut self, threads: usize) -> Result<Self, Error> {
        if threads == 0 {
            return Err(Error::Setting(
                "the number of threads must be at least 1".to_owned(),
            ));
        }
        self.threads = Some(threads);
        Ok(self)
    }

    /// The number of threads a game's values may use.
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        })
    }

    /// The value limit for `set`: the configured one, or a default that keeps the work near a
    /// second (primes and squares have many moves per heap).
    pub fn max_values_for(&self, set: &SubtractionSet) -> u64 {
        self.max_values.unwrap_or(match set {
            SubtractionSet::Family(Family::Primes) => 100_000,
            SubtractionSet::Family(Family::Squares) => 1_000_000,
            _ => DEFAULT_MAX_VALUES,
        })
    }
}

/// Win, lose, tie or draw, for the player to move.
pub use crate::solver::Value as Outcome;

/// One move: what to do, and the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The move in words: `take 1`, `take 2 from heap 1`, `take 3 from both heaps`; in a sum,
    /// prefixed by the component it is played in.
    pub description: String,
    /// The position after the move, as the game's positions are written: the whole position, or
    /// only the part the move changes, as [`part`](Self::part) says.
    pub to: String,
    /// What `to` describes.
    pub part: Part,
}

/// What a [`Move`]'s `to` describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The whole position after the move.
    Whole,
    /// The heaps that replace heap `index` (from 0); the other heaps are unchanged.
    Heap {
        /// Which heap, from 0.
        index: usize,
    },
    /// The new position of component `index` (from 0) of a sum; the others are unchanged.
    Component {
        /// Which component, from 0.
        index: usize,
    },
    /// A class of `moves` moves, described together (`to` says where each leads); written one
    /// by one they would not fit the answer.
    Family {
        /// How many moves the class holds.
        moves: u64,
    },
}

/// How much of the position a [`Move`] carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveTargets {
    /// The whole position while all winning moves' positions together stay within
    /// [`WHOLE_POSITIONS_BYTES`]; beyond that only the part each move changes.
    #[default]
    Automatic,
    /// Always the whole position (within the memory budget).
    Whole,
}

/// The most bytes of whole positions that [`MoveTargets::Automatic`] writes into one answer.
pub const WHOLE_POSITIONS_BYTES: u64 = 1 << 20;

impl Move {
    /// A move leaving the position `to`, written whole.
    pub(crate) fn whole(description: String, to: String) -> Self {
        Self {
            description,
            to,
            part: Part::Whole,
        }
    }
}

/// What an answer rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Basis {
    /// A certified period, re-checked before use.
    Certified(Certificate),
    /// Values computed directly, `G(0)` to `G(computed - 1)` (or that many positions).
    Computed {
        /// How many values.
        computed: u64,
    },
    /// A theorem with a closed form, named.
    Rule(&'static str),
    /// An exhaustive search of the positions reachable from this one.
    Search {
        /// How many positions were solved.
        positions: u64,
    },
    /// The Sprague–Grundy theorem over components, each with its own basis.
    Components(Vec<Basis>),
}

/// A move with what it achieves for the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move and the position it leaves.
    pub play: Move,
    /// What the move achieves for the player making it: win, lose, tie or draw.
    pub value: Outcome,
    /// Moves to the end of the game through this move under best play (`None` for a draw).
    pub remoteness: Option<u32>,
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The game's canonical spec.
    pub game: String,
    /// The position, as the game writes it (empty for a sum: its positions are in `game`).
    pub position: String,
    /// Win or lose for the player to move.
    pub outcome: Outcome,
    /// The Grundy value, where one is known (`None` under misère play, or beyond a limit).
    pub grundy: Option<BigUint>,
    /// The misère Grundy value of a single game under misère play, where known.
    pub misere_grundy: Option<BigUint>,
    /// The generalised Sprague–Grundy value (Smith) of an impartial game solved as a graph: a
    /// nimber equal to `grundy`, or `∞(K)` when play can go on forever (then `grundy` is `None`).
    pub loopy: Option<crate::solver::Loopy>,
    /// Every winning move.
    pub winning_moves: Vec<Move>,
    /// Moves to the end under best play, where the whole game was solved (`None` otherwise, and
    /// for draws).
    pub remoteness: Option<u32>,
    /// Every move with what it achieves, where the whole game was solved (empty otherwise).
    pub moves: Vec<ScoredMove>,
    /// What decided it.
    pub basis: Basis,
    /// One sentence saying what decided it.
    pub reason: String,
}

impl Solution {
    /// An answer with the common fields; misère, loopy and per-move data are empty (set them with
    /// struct update syntax where a game has them).
    pub(crate) fn new(
        game: &Game,
        position: String,
        outcome: Outcome,
        grundy: Option<BigUint>,
        winning_moves: Vec<Move>,
        basis: Basis,
        reason: String,
    ) -> Self {
        Self {
            game: game.to_string(),
            position,
            outcome,
            grundy,
            misere_grundy: None,
            loopy: None,
            winning_moves,
            remoteness: None,
            moves: Vec::new(),
            basis,
            reason,
        }
    }

    /// An answer from a game solved as a whole graph: value and remoteness of the position, every
    /// move scored, and the winning moves derived from those scores.
    pub(crate) fn from_graph(
        game: &Game,
        position: String,
        solved: crate::solver::Solved,
        moves: Vec<ScoredMove>,
        positions: u64,
        reason: String,
    ) -> Self {
        let winning_moves = moves
            .iter()
            .filter(|m| m.value == Outcome::Win)
            .map(|m| m.play.clone())
            .collect();
        Self {
            remoteness: solved.remoteness,
            moves,
            ..Self::new(
                game,
                position,
                solved.value,
                None,
                winning_moves,
                Basis::Search { positions },
                reason,
            )
        }
    }

    /// An answer valued by `value` under `play`: the Grundy value under normal play, the misère
    /// Grundy value under misère play.
    pub(crate) fn with_value(self, play: Play, value: BigUint) -> Self {
        match play {
            Play::Normal => Self {
                grundy: Some(value),
                ..self
            },
            Play::Misere => Self {
                misere_grundy: Some(value),
                ..self
            },
        }
    }

    /// The move a computer plays, as GAMESMAN chooses: the best value for the mover (win, tie,
    /// draw, lose), winning or tying as fast as possible and losing as slowly as possible. `None`
    /// when the moves were not solved one by one (or there are none).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, Outcome, parse_game};
    /// let game = parse_game("oddball:1,4,5").unwrap();
    /// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("13").unwrap()).unwrap();
    /// let best = solution.best_move().unwrap();
    /// assert_eq!((best.play.description.as_str(), best.value, best.remoteness), ("take 5", Outcome::Win, Some(5)));
    /// ```
    pub fn best_move(&self) -> Option<&ScoredMove> {
        self.moves.iter().max_by_key(|m| {
            let remoteness = i64::from(m.remoteness.unwrap_or(0));
            let speed = if m.value == Outcome::Lose {
                remoteness
            } else {
                -remoteness
            };
            (m.value.rank(), speed)
        })
    }
}

/// Grundy values of consecutive heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The game's canonical spec.
    pub game: String,
    /// The first heap size.
    pub from: BigUint,
    /// `G(from)`, `G(from + 1)`, … (misère Grundy values for a misère game; for Fibonacci Nim,
    /// fresh heaps; for no-repeat games, before the first move).
    pub values: Vec<BigUint>,
    /// What the values rest on.
    pub basis: Basis,
}

/// Grundy values of Wythoff's game, `values[a][b]` for `a, b <= to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The game's canonical spec.
    pub game: String,
    /// `values[a][b]`.
    pub values: Vec<Vec<u32>>,
}

/// The result of a period search on a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The game's canonical spec.
    pub game: String,
    /// Certified, observed, or not found.
    pub search: Search,
    /// For no-repeat games the search runs on state vectors: the periodicity's values are ids,
    /// and `state_vectors[id]` is `(G(n, none), G(n, s1), …, G(n, sk))`.
    pub state_vectors: Option<Vec<Vec<u32>>>,
    /// Why no theorem can certify this game's period, when none can.
    pub uncertifiable: Option<String>,
}

/// Answers queries about games. See the crate documentation for an example.
pub struct Analyzer<'a> {
    config: Config,
    budget: Budget<'a>,
}

/// A value stream that reports progress and stops when the observer says so, consulting it after
/// about [`Watched::WORK_BETWEEN_CHECKS`] options examined (not values: a value of `bash:10^6`
/// costs a million times one of `bash:3`).
struct Watched<'o, S> {
    values: S,
    observer: &'o dyn Observer,
    total: u64,
    work: u64,
    interrupted: bool,
}

impl<'o, S: Stream> Watched<'o, S> {
    const WORK_BETWEEN_CHECKS: u64 = 1 << 22;

    fn new(values: S, observer: &'o dyn Observer, total: u64) -> Self {
        Self {
            values,
            observer,
            total,
            work: 0,
            interrupted: false,
        }
    }

    /// Extends `prefix` to `count` values.
    ///
    /// # Errors
    /// [`Error::Interrupted`] if the observer stops it.
    /// Advances the stream to `count` values without copying them (for engines that keep them).
    ///
    /// # Errors
    /// [`Error::Interrupted`] if the observer stops it.
    fn advance_to(&mut self, count: u64) -> Result<(), Error> {
        let missing = count.saturating_sub(self.values.position());
        self.by_ref().take(missing as usize).for_each(drop);
        if self.interrupted {
            return Err(Error::Interrupted {
                checked_to: self.values.position(),
                unit: Unit::Values,
            });
        }
        Ok(())
    }

    fn extend_to(&mut self, prefix: &mut Vec<u32>, count: u64) -> Result<(), Error> {
        let missing = count.saturating_sub(prefix.len() as u64);
        prefix.extend(self.by_ref().take(missing as usize));
        if self.interrupted {
            return Err(Error::Interrupted {
                checked_to: prefix.len() as u64,
                unit: Unit::Values,
            });
        }
        Ok(())
    }
}

impl<S: Stream> Iterator for Watched<'_, S> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.interrupted {
            return None;
        }
        self.work += self.values.work_per_value();
        if self.work >= Self::WORK_BETWEEN_CHECKS {
            self.work = 0;
            self.observer.progress(self.values.position(), self.total);
            if self.observer.interrupted() {
                self.interrupted = true;
                return None;
            }
        }
        self.values.next()
    }
}

impl Analyzer<'static> {
    /// An analyzer that reports no progress and is never interrupted.
    pub fn new(config: Config) -> Self {
        Analyzer {
            config,
            budget: Budget::new(&NoObserver, config.max_memory(), config.timeout),
        }
    }
}

impl Analyzer<'_> {
    /// The same analyzer, reporting to `observer`.
    pub fn with_observer(self, observer: &dyn Observer) -> Analyzer<'_> {
        Analyzer {
            config: self.config,
            budget: Budget::new(observer, self.config.max_memory(), self.config.timeout),
        }
    }

    /// The observer every computation of this analyzer polls: the caller's, with the deadline.
    fn observer(&self) -> &dyn Observer {
        &self.budget
    }

    /// Accepts a computation that will hold `bytes` bytes, or refuses naming `what` needs them.
    fn reserve(&self, bytes: u64, what: impl FnOnce() -> String) -> Result<(), Error> {
        self.budget.reserve(bytes).map_err(|_| Error::OutOfMemory {
            what: what(),
            needed: bytes,
            limit: self.budget.memory(),
        })
    }

    /// The configured value limit, or `default` cut so that the values cost at most
    /// [`DEFAULT_WORK`] at `work` each (but never below 1024 values).
    fn work_limited(&self, default: u64, work: u64) -> u64 {
        if self.config.max_values.is_some() {
            return default;
        }
        default.min((DEFAULT_WORK / work.max(1)).max(1024))
    }

    /// Whether `moves` winning moves may each carry the whole position of `length` bytes.
    fn whole_positions(&self, moves: usize, length: usize) -> Result<bool, Error> {
        let bytes = (moves as u64).saturating_mul(length as u64);
        match self.config.move_targets {
            MoveTargets::Automatic => Ok(bytes <= WHOLE_POSITIONS_BYTES),
            MoveTargets::Whole => {
                self.reserve(bytes, || {
                    format!("{moves} winning moves written with the whole position each")
                })?;
                Ok(true)
            }
        }
    }

    /// Refuses an answer of `moves` moves, each naming heaps of about the size of `heap`, beyond
    /// the memory budget.
    fn reserve_answer(&self, moves: usize, heap: &BigUint) -> Result<(), Error> {
        let per_move = 96 + 3 * (heap.bits() / 3 + 1);
        self.reserve((moves as u64).saturating_mul(per_move), || {
            format!("an answer listing {moves} winning moves")
        })
    }

    /// Stops when the caller interrupts or the deadline passes, with `checked_to` values done.
    fn check(&self, checked_to: u64) -> Result<(), Error> {
        if self.budget.interrupted() {
            return Err(Error::Interrupted {
                checked_to,
                unit: Unit::Values,
            });
        }
        Ok(())
    }

    /// Tells a deadline from an interrupt in a stopped computation's error.
    fn settle<T>(&self, result: Result<T, Error>) -> Result<T, Error> {
        match result {
            Err(Error::Interrupted { checked_to, unit }) => match self.budget.stop_reason() {
                Exhausted::TimedOut { allowed } => Err(Error::TimedOut {
                    allowed,
                    checked_to,
                    unit,
                }),
                _ => Err(Error::Interrupted { checked_to, unit }),
            },
            other => other,
        }
    }

    /// Searches for the period of `game`'s Grundy sequence and certifies it when a theorem applies:
    /// the residue theorem or the window criterion for finite subtraction sets, the all-but
    /// criterion for all-but sets, the window criterion on state vectors for no-repeat games.
    /// Infinite families get at most an observed, unproved period. `misere:` games are searched
    /// with their misère values.
    ///
    /// # Complexity
    /// Finite sets: `O((n0 + p + t) · |S|)` time, `O(n0 + p + t)` memory (Brent's cycle finding on
    /// windows of `t = max S` values). All-but sets: `O(L · |X| log |X|)` for the `L` values needed,
    /// doubling `L`. Families: `O(L · k)` with `k` members below `L`. `L` is at most the limit.
    ///
    /// # Errors
    /// [`Error::Refused`] for games that are not one-heap sequences (Nim, Wythoff, Fibonacci Nim,
    /// sums); [`Error::Interrupted`] if the observer stops it; [`Error::Internal`] if a certificate
    /// fails its re-check.
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, parse_game};
    /// let report = Analyzer::new(Config::default()).period(&parse_game("subtraction:2,5,7").unwrap()).unwrap();
    /// let certificate = report.search.certificate().unwrap();
    /// assert_eq!(certificate.periodicity.period, 22);
    /// ```
    pub fn period(&self, game: &Game) -> Result<PeriodReport, Error> {
        self.settle(self.period_unsettled(game))
    }

    fn period_unsettled(&self, game: &Game) -> Result<PeriodReport, Error> {
        let (inner, play) = match game {
            Game::Misere(inner) => (inner.as_ref(), Play::Misere),
            other => (other, Play::Normal),
        };
        let (search, state_vectors) = match inner {
            Game::Subtraction(subtraction) => (
                self.subtraction_search(game, subtraction.set(), play)?.0,
                None,
            ),
            Game::NoRepeat(set) => {
                let (search, states) = self.norepeat_search(game, set, play)?;
                (search, Some(states.into_vectors()))
            }
            Game::Script(script) if play == Play::Normal => (self.script_period(script)?, None),
            Game::Octal(code) if play == Play::Normal => (self.octal_search(game, code)?.0, None),
            _ => return Err(not_a_sequence(game)),
        };
        let uncertifiable = match inner {
            Game::Octal(code) => octal::no_theorem(code).map(str::to_owned),
            Game::Script(_) => Some(
                "a script's rules are opaque to grundy, so no theorem's hypothesis can be checked"
                    .to_owned(),
            ),
            Game::Subtraction(subtraction) => match subtraction.set() {
                SubtractionSet::Family(family)
                    if family.residue_modulus().is_none() || play == Play::Misere =>
                {
                    Some(format!(
                        "{} is an infinite set, and no theorem grundy knows proves a period for it",
                        family.name()
                    ))
                }
                _ => None,
            },
            _ => None,
        };
        Ok(PeriodReport {
            game: game.to_string(),
            search,
            state_vectors,
            uncertifiable,
        })
    }

    /// Solves one position: outcome, Grundy value and every winning move.
    ///
    /// # Complexity
    /// Subtraction games with a certified period: `O(d + |S|)` for a `d`-digit heap on top of the
    /// period search (see [`period`](Self::period)). Nim `O(k · d)`, Wythoff and Fibonacci Nim
    /// `O(d²)`. Otherwise the values up to the position are computed directly, or, for misère
    /// sums, every reachable position is searched.
    ///
    /// # Errors
    /// [`Error::Setting`] if the position has the wrong shape for the game; [`Error::Refused`]
    /// when the answer lies beyond the limits (no certified period and a heap beyond the value
    /// limit; a misère sum with too many positions); [`Error::Interrupted`] and
    /// [`Error::Internal`] as for [`period`](Self::period).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, Outcome, parse_game};
    /// let analyzer = Analyzer::new(Config::default());
    /// let game = parse_game("bash:3").unwrap();
    /// let solution = analyzer.solve(&game, &game.parse_position("10").unwrap()).unwrap();
    /// assert_eq!(solution.outcome, Outcome::Win);
    /// assert_eq!(solution.winning_moves[0].description, "take 2"); // leave 8, a multiple of 4
    /// ```
    pub fn solve(&self, game: &Game, position: &Position) -> Result<Solution, Error> {
        self.settle(self.solve_unsettled(game, position))
    }

    fn solve_unsettled(&self, game: &Game, position: &Position) -> Result<Solution, Error> {
        match (game, position) {
            (Game::Subtraction(subtraction), Position::Heap(heap)) => {
                self.solve_subtraction(game, subtraction.set(), Play::Normal, heap)
            }
            (Game::Nim, Position::Heaps(heaps)) => self.solve_nim(game, heaps, Play::Normal),
            (Game::Wythoff, Position::Pair(a, b)) => self.solve_wythoff(game, a, b, Play::Normal),
            (Game::FibonacciNim, Position::Quota { heap, quota }) => {
                self.solve_fibonacci_nim(game, heap, quota.as_ref(), Play::Normal)
            }
            (Game::NoRepeat(set), Position::LastMove { heap, last }) => {
                self.solve_norepeat(game, set, heap, *last, Play::Normal)
            }
            (Game::Sum(components), Position::Sum) => self.solve_sum(game, components),
            (Game::Oddball(set), Position::Balls { left, mine, theirs }) => {
                self.solve_oddball(game, set, left, mine, theirs)
            }
            (Game::Script(script), Position::Argument(argument)) => {
                self.solve_script(game, script, argument, Play::Normal)
            }
            (Game::Octal(code), Position::Heaps(heaps)) => self.solve_octal(game, code, heaps),
            (Game::Misere(inner), position) => match (inner.as_ref(), position) {
                (Game::Subtraction(subtraction), Position::Heap(heap)) => {
                    self.solve_subtraction(game, subtraction.set(), Play::Misere, heap)
                }
                (Game::Nim, Position::Heaps(heaps)) => self.solve_nim(game, heaps, Play::Misere),
                (Game::Wythoff, Position::Pair(a, b)) => {
                    self.solve_wythoff(game, a, b, Play::Misere)
                }
                (Game::FibonacciNim, Position::Quota { heap, quota }) => {
                    self.solve_fibonacci_nim(game, heap, quota.as_ref(), Play::Misere)
                }
                (Game::NoRepeat(set), Position::LastMove { heap, last }) => {
                    self.solve_norepeat(game, set, heap, *last, Play::Misere)
                }
                (Game::Sum(components), Position::Sum) => self.solve_misere_sum(game, components),
                (Game::Script(script), Position::Argument(argument)) => {
                    self.solve_script(game, script, argument, Play::Misere)
                }
                (Game::Octal(_), _) => Err(Error::Refused(format!(
                    "{game}: misère play of take-and-break codes is not implemented yet — a split leaves a sum of heaps, and misère sums do not combine by xor, so each split's misère value needs a search of its own; normal play is: drop misere:"
                ))),
                (Game::Oddball(_), _) => Err(Error::Refused(format!(
                    "{game}: misère play reverses who wins when the last move is made; {inner} is decided by the parities of the balls held, so misère does not apply"
                ))),
                _ => Err(wrong_shape(game, position)),
            },
            _ => Err(wrong_shape(game, position)),
        }
    }

    /// The Grundy values of heaps `from..=to` of a one-heap game (misère Grundy values for a
    /// `misere:` game).
    ///
    /// # Complexity
    /// `O(r + d)` for `r` rows and `d`-digit bounds once the period is certified; otherwise the
    /// values up to `to` are computed directly.
    ///
    /// # Errors
    /// [`Error::Setting`] if `from > to` or the table has more than [`MAX_TABLE_ROWS`] rows;
    /// [`Error::Refused`] for games without one-heap positions (use [`grid`](Self::grid) for
    /// Wythoff); otherwise as for [`solve`](Self::solve).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, parse_game};
    /// let table = Analyzer::new(Config::default())
    ///     .table(&parse_game("subtraction:1,3,4").unwrap(), &0u32.into(), &9u32.into())
    ///     .unwrap();
    /// let values: Vec<u32> = table.values.iter().map(|v| v.try_into().unwrap()).collect();
    /// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
    /// ```
    pub fn table(&self, game: &Game, from: &BigUint, to: &BigUint) -> Result<Table, Error> {
        self.settle(self.table_unsettled(game, from, to))
    }

    fn table_unsettled(&self, game: &Game, from: &BigUint, to: &BigUint) -> Result<Table, Error> {
        if from > to {
            return Err(Error::Setting(format!(
                "the table must start at or before its end: --from {from} is after --to {to}"
            )));
        }
        let rows = (to - from + 1u32)
            .to_u64()
            .filter(|&rows| rows <= MAX_TABLE_ROWS);
        let Some(rows) = rows else {
            return Err(Error::Setting(format!(
                "a table has at most {MAX_TABLE_ROWS} rows; --from {from} --to {to} asks for more"
            )));
        };
        let (inner, play) = match game {
            Game::Misere(inner) => (inner.as_ref(), Play::Misere),
            other => (other, Play::Normal),
        };
        let (values, basis) = match inner {
            Game::Subtraction(subtraction) => {
                let evaluation = self.subtraction_evaluate(game, subtraction.set(), play, to)?;
                (evaluation.range(from, rows), evaluation.basis())
            }
            Game::NoRepeat(set) => self.norepeat_table(game, set, play, from, rows)?,
            Game::FibonacciNim => self.fibonacci_nim_table(from, to, play)?,
            Game::Octal(code) if play == Play::Normal => {
                let evaluation = self.octal_evaluate(game, code, to)?;
                (evaluation.range(from, rows), evaluation.basis())
            }
            Game::Script(script) if play == Play::Normal => {
                self.script_table(script, from, rows)?
            }
            Game::Nim if play == Play::Normal => {
                let values = (0..rows).map(|i| from + i).collect();
                (
                    values,
                    Basis::Rule("a Nim heap of n tokens has Grundy value n"),
                )
            }
            _ => {
                return Err(Error::Refused(format!(
                    "{game} has no one-heap table{}",
                    if matches!(inner, Game::Wythoff) {
                        "; Wythoff positions are pairs: its table is the grid of G(a, b) for a, b <= N"
                    } else {
                        ""
                    }
                )));
            }
        };
        Ok(Table {
            game: game.to_string(),
            from: from.clone(),
            values,
            basis,
        })
    }

    /// Periods of many games at once, on every core when the `parallel` feature is on.
    ///
    /// # Complexity
    /// The sum of [`period`](Self::period) over the games, divided among the cores.
    ///
    /// # Errors
    /// Each game's result is its own, as for [`period`](Self::period).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, parse_game};
    /// let games: Vec<_> = ["bash:3", "subtraction:2,3,7"].iter().map(|s| parse_game(s).unwrap()).collect();
    /// let reports = Analyzer::new(Config::default()).periods(&games);
    /// let periods: Vec<u64> = reports.iter().map(|r| r.as_ref().unwrap().search.certificate().unwrap().periodicity.period).collect();
    /// assert_eq!(periods, [4, 5]);
    /// ```
    pub fn periods(&self, games: &[Game]) -> Vec<Result<PeriodReport, Error>> {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            games.par_iter().map(|game| self.period(game)).collect()
        }
        #[cfg(not(feature = "parallel"))]
        {
            games.iter().map(|game| self.period(game)).collect()
        }
    }
}

/// The refusal for a position whose shape does not fit the game.
fn wrong_shape(game: &Game, position: &Position) -> Error {
    Error::Setting(format!(
        "'{position}' is not a position of {game}; read positions with Game::parse_position"
    ))
}

/// The refusal for games whose values do not form one sequence.
fn not_a_sequence(game: &Game) -> Error {
    Error::Refused(format!(
        "{game} has no single sequence of values to be periodic: periods are for one-heap games (subtraction, allbut, bash, norepeat and their misère forms)"
    ))
}
