//! Everything that can go wrong answering a query.
//!
//! The library speaks no front end's language: a refusal says why in words that name no flag or
//! field, and what would help as a typed [`Remedy`]; a bad setting says which [`Setting`], its
//! bounds and the value given. Each front end words those in its own terms (a command line names
//! its flag, a web page its field); the `Display` forms here use generic words ("raise the value
//! limit").

use std::fmt;

use num_bigint::BigUint;

use super::config::MAX_VALUES_LIMIT;
use crate::budget::{format_bytes, format_duration};
use crate::input::error::InputError;

/// Everything that can go wrong answering a query.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The user's text does not parse.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A setting is out of range, or does not fit the query.
    #[error(transparent)]
    Setting(#[from] SettingError),
    /// The question cannot be answered exactly within the limits: why, and what would help.
    #[error("{0}")]
    Refused(Refusal),
    /// A sum needs the Grundy value of a component that has none (a game decided by other
    /// rules, or a value beyond the limits); the component's own answer says why.
    #[error("the sum needs the Grundy value of {component}, which grundy cannot give")]
    NoComponentValue {
        /// The component, as the sum writes it: `game[position]`.
        component: String,
        /// The component's answer, without a Grundy value.
        solution: Box<crate::analysis::answer::Solution>,
    },
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
    Script(#[from] crate::games::script::ScriptError),
    /// A game's rules failed while being explored (a script error, with its call).
    #[error("{0}")]
    Rules(String),
    /// A certificate failed its own re-check: a bug in grundy, reported rather than hidden.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// Whether the question was stopped — by its observer (Ctrl-C, SIGTERM) or at its time
    /// limit — rather than refused: a caller that falls back on a lesser answer when the better
    /// one fails passes a stop on instead.
    ///
    /// # Example
    /// ```
    /// use grundy::{Error, Refusal, Unit};
    /// let stopped = Error::Interrupted { checked_to: 10, unit: Unit::Values };
    /// assert!(stopped.is_stop());
    /// assert!(!Error::Refused(Refusal::new("no table", None)).is_stop());
    /// ```
    pub fn is_stop(&self) -> bool {
        matches!(self, Self::Interrupted { .. } | Self::TimedOut { .. })
    }

    /// What the user could do so that the query is answered: the remedy of a refusal, a larger
    /// memory limit for [`Error::OutOfMemory`], a larger time limit for [`Error::TimedOut`];
    /// `None` for every other error.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, Limit, Remedy, parse_game};
    /// let game = parse_game("subtraction:fibonacci")?;
    /// let position = game.parse_position("10^6")?;
    /// let config = Config::default().with_max_values(1000)?;
    /// let error = Analyzer::new(config).solve(&game, &position).unwrap_err();
    /// let Some(Remedy::RaiseLimit { limit, needed }) = error.remedy() else {
    ///     panic!("expected a larger limit to help: {error}");
    /// };
    /// assert_eq!(limit, Limit::Values);
    /// assert_eq!(needed, Some(1_000_001u32.into())); // the values of heaps 0 to 10^6
    /// # Ok(()) }
    /// ```
    pub fn remedy(&self) -> Option<Remedy> {
        match self {
            Self::Refused(refusal) => refusal.remedy.clone(),
            Self::OutOfMemory { needed, .. } => Some(Remedy::RaiseLimit {
                limit: Limit::Memory,
                needed: Some((*needed).into()),
            }),
            Self::TimedOut { .. } => Some(Remedy::RaiseLimit {
                limit: Limit::Time,
                needed: None,
            }),
            _ => None,
        }
    }

    /// A refusal for `reason` that nothing within grundy's settings would lift.
    pub(crate) fn refused(reason: impl Into<String>) -> Self {
        Self::Refused(Refusal::new(reason, None))
    }

    /// A refusal for `reason` that `remedy` would lift.
    pub(crate) fn refused_unless(reason: impl Into<String>, remedy: Remedy) -> Self {
        Self::Refused(Refusal::new(reason, Some(remedy)))
    }

    /// A refusal for `reason` that a larger value limit would lift (to `needed`, when known).
    pub(crate) fn beyond_values(reason: impl Into<String>, needed: Option<BigUint>) -> Self {
        let limit = Limit::Values;
        Self::refused_unless(reason, Remedy::RaiseLimit { limit, needed })
    }

    /// A refusal for `reason` that a larger position limit would lift (to `needed`, when known).
    pub(crate) fn beyond_positions(reason: impl Into<String>, needed: Option<BigUint>) -> Self {
        let limit = Limit::Positions;
        Self::refused_unless(reason, Remedy::RaiseLimit { limit, needed })
    }
}

/// Why grundy will not answer a question exactly, and what would let it.
///
/// The reason is words that name no front end's controls; the remedy is typed, for each front end
/// to word in its own terms. `Display` joins them, with the remedy in generic words.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, Error, Remedy, parse_game};
/// let game = parse_game("misere:oddball:1,4,5")?;
/// let position = game.parse_position("13")?;
/// let Err(Error::Refused(refusal)) = Analyzer::new(Config::default()).solve(&game, &position) else {
///     panic!("oddball is decided by parities, not by the last move");
/// };
/// assert_eq!(refusal.remedy, Some(Remedy::UseNormalPlay));
/// assert!(refusal.reason.contains("misère does not apply"));
/// assert!(refusal.to_string().ends_with("; play it under normal play instead"));
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Refusal {
    /// Why, in one or more sentences (the last without its final period) that name no flag,
    /// field or other control of a front end.
    pub reason: String,
    /// What would let grundy answer; `None` when no setting or other query would.
    pub remedy: Option<Remedy>,
    /// Whether the question applies to the game at all: `false` when the game has no such answer
    /// by its nature (the period of Nim, the one-heap table of Wythoff's game) — a front end may
    /// say so without calling it an error — and `true` for an answer beyond a limit or a theory.
    pub applies: bool,
}

impl Refusal {
    /// A refusal for `reason`, lifted by `remedy` when there is one.
    pub fn new(reason: impl Into<String>, remedy: Option<Remedy>) -> Self {
        Self {
            reason: reason.into(),
            remedy,
            applies: true,
        }
    }

    /// The refusal of a question that does not apply to the game by its nature, for `reason`.
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, Error, parse_game};
    /// let nim = parse_game("nim")?;
    /// let Err(Error::Refused(refusal)) = Analyzer::new(Config::default()).period(&nim) else {
    ///     panic!("Nim has no period")
    /// };
    /// assert!(!refusal.applies);
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn not_applicable(reason: impl Into<String>) -> Self {
        Self {
            applies: false,
            ..Self::new(reason, None)
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = self.reason.trim_end();
        match &self.remedy {
            Some(remedy) => write!(f, "{}; {remedy}", reason.trim_end_matches('.')),
            None => f.write_str(reason),
        }
    }
}

/// What would let grundy answer a refused question. A front end words it in its own terms: the
/// command line names its flags, a web page its fields; `Display` uses generic words.
///
/// # Example
/// ```
/// use grundy::{Limit, Remedy};
/// let remedy = Remedy::RaiseLimit { limit: Limit::Positions, needed: Some(5_000_000u32.into()) };
/// assert_eq!(remedy.to_string(), "raise the position limit to at least 5000000");
/// // A web page words the same remedy with the name of its field.
/// let hint = match &remedy {
///     Remedy::RaiseLimit { limit: Limit::Values | Limit::Positions, needed: Some(needed) } => {
///         format!("set “Largest computation” to {needed} or more")
///     }
///     other => other.to_string(),
/// };
/// assert_eq!(hint, "set “Largest computation” to 5000000 or more");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Remedy {
    /// A larger limit would let the computation go further.
    RaiseLimit {
        /// Which limit.
        limit: Limit,
        /// How much the answer needs, when that is known: values, positions, bytes. It may be
        /// more than the largest limit accepted ([`Limit::most`]); no limit reaches it then.
        needed: Option<BigUint>,
    },
    /// The game is answered under normal play (drop the misère convention).
    UseNormalPlay,
    /// The game's positions are pairs: ask for its grid of values ([`Analyzer::grid`](super::Analyzer::grid)).
    UseGrid,
    /// The game's positions are single heaps: ask for its table ([`Analyzer::table`](super::Analyzer::table)).
    UseTable,
    /// Solve the component of the sum on its own: its answer is given there.
    SolveComponentAlone,
    /// Solve the positions one at a time ([`Analyzer::solve`](super::Analyzer::solve)) rather
    /// than as a table.
    SolvePositions,
    /// Ask about positions up to `most` at most.
    AskLess {
        /// The largest number the question may go up to.
        most: u64,
    },
    /// Start from a position with at most `most` legal moves.
    FewerMoves {
        /// The most legal moves a position may have.
        most: u64,
    },
}

impl fmt::Display for Remedy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::RaiseLimit {
                limit: Limit::Time, ..
            } => f.write_str("raise the time limit, or remove it to let the computation finish"),
            Self::RaiseLimit { limit, needed } => {
                write!(f, "raise the {}", limit.name())?;
                match (needed, limit.most()) {
                    (Some(needed), Some(most)) if *needed > BigUint::from(most) => write!(
                        f,
                        " (this needs {needed}, more than the largest limit accepted, {most})"
                    ),
                    (Some(needed), _) => match (limit, u64::try_from(needed)) {
                        (Limit::Memory, Ok(bytes)) => {
                            write!(f, " to at least {}", format_bytes(bytes))
                        }
                        _ => write!(f, " to at least {needed}"),
                    },
                    (None, Some(most)) => write!(f, " (at most {most})"),
                    (None, None) => Ok(()),
                }
            }
            Self::UseNormalPlay => f.write_str("play it under normal play instead"),
            Self::UseGrid => f.write_str("ask for its grid of values G(a, b) instead"),
            Self::UseTable => f.write_str("ask for its table of values instead"),
            Self::SolveComponentAlone => f.write_str("solve the component on its own to see them"),
            Self::SolvePositions => f.write_str("solve its positions one at a time"),
            Self::AskLess { most } => write!(f, "ask about positions up to {most} at most"),
            Self::FewerMoves { most } => {
                write!(f, "start from a position with at most {most} legal moves")
            }
        }
    }
}

/// A limit a query can reach, with the [`Setting`] that raises it.
///
/// # Example
/// ```
/// use grundy::{Limit, Setting};
/// // Positions held by a table or a search share the value limit's setting.
/// assert_eq!(Limit::Positions.setting(), Setting::MaxValues);
/// assert_eq!(Limit::Values.most(), Some(grundy::analysis::MAX_VALUES_LIMIT));
/// assert_eq!(Limit::Memory.most(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// Values computed for a sequence ([`Config::with_max_values`](super::Config::with_max_values)).
    Values,
    /// Positions held by a table (Wythoff, Fibonacci Nim) or explored by a search; set by the same
    /// [`Config::with_max_values`](super::Config::with_max_values), with its own default.
    Positions,
    /// Bytes held for one query ([`Config::with_max_memory`](super::Config::with_max_memory)).
    Memory,
    /// Time for one query ([`Config::with_timeout`](super::Config::with_timeout)).
    Time,
}

impl Limit {
    /// The setting that raises this limit.
    pub fn setting(self) -> Setting {
        match self {
            Self::Values | Self::Positions => Setting::MaxValues,
            Self::Memory => Setting::MaxMemory,
            Self::Time => Setting::Timeout,
        }
    }

    /// The largest value the setting accepts, when it has one.
    pub fn most(self) -> Option<u64> {
        match self {
            Self::Values | Self::Positions => Some(MAX_VALUES_LIMIT),
            Self::Memory | Self::Time => None,
        }
    }

    /// The limit in generic words: "value limit".
    pub fn name(self) -> &'static str {
        match self {
            Self::Values => "value limit",
            Self::Positions => "position limit",
            Self::Memory => "memory limit",
            Self::Time => "time limit",
        }
    }
}

/// A setting of a query, as a front end names it to its user: a flag, a field.
///
/// # Example
/// ```
/// use grundy::{Config, Error, Setting, SettingError};
/// let Err(Error::Setting(error)) = Config::default().with_threads(0) else {
///     panic!("0 threads is refused");
/// };
/// assert_eq!(error, SettingError::OutOfRange { setting: Setting::Threads, least: 1, most: None, given: 0 });
/// assert_eq!(error.to_string(), "the number of threads must be at least 1; got 0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Setting {
    /// The most values, table cells or positions computed ([`Config::with_max_values`](super::Config::with_max_values)).
    MaxValues,
    /// The most memory one query holds ([`Config::with_max_memory`](super::Config::with_max_memory)).
    MaxMemory,
    /// The threads one game's values use ([`Config::with_threads`](super::Config::with_threads)).
    Threads,
    /// The time one query may take ([`Config::with_timeout`](super::Config::with_timeout)).
    Timeout,
    /// The first heap of a table ([`Analyzer::table`](super::Analyzer::table)).
    TableFrom,
    /// The last heap of a table, or the largest heap of a grid.
    TableTo,
}

impl Setting {
    /// The setting in generic words: "the value limit".
    pub fn name(self) -> &'static str {
        match self {
            Self::MaxValues => "the value limit",
            Self::MaxMemory => "the memory limit",
            Self::Threads => "the number of threads",
            Self::Timeout => "the time limit",
            Self::TableFrom => "the first heap of the table",
            Self::TableTo => "the last heap of the table",
        }
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A setting out of its bounds, or settings that do not fit the query together.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, Error, SettingError, parse_game};
/// let game = parse_game("bash:3")?;
/// let error = Analyzer::new(Config::default()).table(&game, &9u32.into(), &3u32.into()).unwrap_err();
/// let Error::Setting(SettingError::Reversed { from, to }) = &error else { panic!("{error}") };
/// assert_eq!((from, to), (&9u32.into(), &3u32.into()));
/// assert_eq!(error.to_string(), "the table must start at or before its end: its first heap, 9, is after its last, 3");
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SettingError {
    /// A setting outside `least..=most`.
    #[error("{setting} must be {}; got {given}", range_words(*.least, *.most))]
    OutOfRange {
        /// Which setting.
        setting: Setting,
        /// The least value accepted.
        least: u64,
        /// The largest value accepted, if there is one.
        most: Option<u64>,
        /// The value given.
        given: u64,
    },
    /// A table whose first heap is after its last.
    #[error(
        "the table must start at or before its end: its first heap, {from}, is after its last, {to}"
    )]
    Reversed {
        /// The first heap ([`Setting::TableFrom`]).
        from: BigUint,
        /// The last heap ([`Setting::TableTo`]).
        to: BigUint,
    },
    /// A table with more rows than one table may have.
    #[error("a table has at most {most} rows; heaps {from} to {to} are more")]
    TooManyRows {
        /// The first heap ([`Setting::TableFrom`]).
        from: BigUint,
        /// The last heap ([`Setting::TableTo`]).
        to: BigUint,
        /// The most rows accepted.
        most: u64,
    },
    /// A grid with more cells than one grid may have.
    #[error("a grid has at most {most} cells; heaps up to {to} make more")]
    TooManyCells {
        /// The largest heap of the grid ([`Setting::TableTo`]).
        to: u64,
        /// The most cells accepted.
        most: u64,
    },
    /// A pattern search whose rules would be checked on fewer positions than they are found on.
    #[error(
        "the rules are looked for on positions up to {to}, so they must be checked at least that far, not only up to {check_to}"
    )]
    PatternReversed {
        /// How far rules are looked for.
        to: u64,
        /// How far they would be checked.
        check_to: u64,
    },
    /// A pattern search whose table would have more positions than one table may have.
    #[error(
        "a table of patterns has at most {most} positions; checking rules up to {check_to} needs {positions}"
    )]
    PatternTooLarge {
        /// How far rules would be checked (each coordinate).
        check_to: u64,
        /// How many positions that is (`(check_to + 1)²` for two numbers).
        positions: u64,
        /// The most positions accepted.
        most: u64,
    },
    /// A grid of two heaps asked to start elsewhere than at `(0, 0)`.
    #[error("a grid always starts at (0, 0), not at heap {from}")]
    GridFrom {
        /// The first heap asked for ([`Setting::TableFrom`]).
        from: BigUint,
    },
    /// A forced take-and-break engine
    /// ([`Config::with_take_and_break_engine`](super::Config::with_take_and_break_engine)) that
    /// does not apply to the code asked about.
    #[error("{engine} cannot compute the values of {code}: it needs {}", .engine.requirement())]
    EngineNotApplicable {
        /// The engine forced.
        engine: crate::engine::octal::TakeAndBreakEngine,
        /// The code, as written.
        code: String,
    },
    /// A position whose shape does not fit the game.
    #[error("'{position}' is not a position of {game}; read positions with Game::parse_position")]
    WrongPosition {
        /// The game.
        game: String,
        /// The position, as written.
        position: String,
    },
}

/// `between 1 and 10`, or `at least 1`.
fn range_words(least: u64, most: Option<u64>) -> String {
    match most {
        Some(most) => format!("between {least} and {most}"),
        None => format!("at least {least}"),
    }
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

/// The error of a graph search, as a question reports it.
pub(in crate::analysis) fn solver_error(error: crate::theory::solver::SolverError) -> Error {
    match error {
        crate::theory::solver::SolverError::TooManyStates { limit } => Error::beyond_positions(
            format!(
                "the game has more than {limit} reachable positions, grundy's limit for exploring a game"
            ),
            None,
        ),
        crate::theory::solver::SolverError::TooLarge { needed, limit } => Error::OutOfMemory {
            what: "the positions explored so far".to_owned(),
            needed,
            limit,
        },
        crate::theory::solver::SolverError::Interrupted { states } => Error::Interrupted {
            checked_to: states,
            unit: Unit::Positions,
        },
        crate::theory::solver::SolverError::Rules(message) => Error::Rules(message),
    }
}
