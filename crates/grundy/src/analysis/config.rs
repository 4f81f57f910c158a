//! How an [`Analyzer`](super::Analyzer) works: engines, limits, threads, memory and time.

use super::{Error, MoveTargets, Setting, SettingError};
use crate::engine::Engine;
use crate::engine::octal::{NotApplicable, TakeAndBreakEngine};
use crate::games::octal::Code;
use crate::games::subtraction::{Family, SubtractionSet};

pub use crate::limits::{
    DEFAULT_MAX_POSITIONS, DEFAULT_MAX_VALUES, DEFAULT_WORK, MAX_TABLE_ROWS, MAX_VALUES_LIMIT,
};
use crate::limits::{DEFAULT_MAX_PRIME_VALUES, DEFAULT_MAX_SQUARE_VALUES};

/// How an [`Analyzer`](super::Analyzer) works: which engine, how many values at most, on how many
/// threads, with how much memory and time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    engine: Engine,
    take_and_break: TakeAndBreakEngine,
    pub(super) max_values: Option<u64>,
    threads: Option<usize>,
    max_memory: Option<u64>,
    pub(super) timeout: Option<std::time::Duration>,
    pub(super) move_targets: MoveTargets,
}

impl Config {
    /// Uses `engine` for Grundy values, for every kind of game: take-and-break codes get the
    /// naive engine with [`Engine::Naive`] and [`TakeAndBreakEngine::Automatic`] with
    /// [`Engine::Streaming`] (a later
    /// [`with_take_and_break_engine`](Self::with_take_and_break_engine) chooses otherwise).
    #[must_use]
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self.take_and_break = match engine {
            Engine::Naive => TakeAndBreakEngine::Naive,
            Engine::Streaming => TakeAndBreakEngine::Automatic,
        };
        self
    }

    /// Uses `engine` for take-and-break codes' values (the default is
    /// [`TakeAndBreakEngine::Automatic`]); other games keep the engine of
    /// [`with_engine`](Self::with_engine). A forced engine that does not apply to a code is
    /// refused when the code is asked about
    /// ([`take_and_break_engine_for`](Self::take_and_break_engine_for)).
    ///
    /// # Example
    /// ```
    /// use grundy::octal::TakeAndBreakEngine;
    /// use grundy::{Analyzer, Config, parse_game};
    /// let config = Config::default().with_take_and_break_engine(TakeAndBreakEngine::Paired);
    /// let game = parse_game("0.77")?;
    /// let solution = Analyzer::new(config).solve(&game, &game.parse_position("11")?)?;
    /// assert_eq!(solution.grundy, Some(6u32.into())); // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_take_and_break_engine(mut self, engine: TakeAndBreakEngine) -> Self {
        self.take_and_break = engine;
        self
    }

    /// The engine chosen for take-and-break codes.
    pub fn take_and_break_engine(&self) -> TakeAndBreakEngine {
        self.take_and_break
    }

    /// The engine that computes `code`'s values under this configuration, on
    /// [`threads`](Self::threads) threads: the forced one, or the one
    /// [`TakeAndBreakEngine::Automatic`] picks (never `Automatic` itself).
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Errors
    /// [`Error::Setting`] ([`SettingError::EngineNotApplicable`]) if the forced engine does not
    /// apply to `code`.
    ///
    /// # Example
    /// ```
    /// use grundy::octal::TakeAndBreakEngine;
    /// use grundy::{Config, Error, Game, SettingError, parse_game};
    /// let Game::Octal(dawson) = parse_game("0.07")? else { unreachable!() };
    /// let config = Config::default().with_threads(1)?;
    /// assert_eq!(config.take_and_break_engine_for(&dawson)?, TakeAndBreakEngine::RareCommon);
    /// let forced = config.with_take_and_break_engine(TakeAndBreakEngine::Tail);
    /// let Err(Error::Setting(SettingError::EngineNotApplicable { engine, .. })) =
    ///     forced.take_and_break_engine_for(&dawson)
    /// else {
    ///     panic!("Dawson's Kayles has no repeating tail");
    /// };
    /// assert_eq!(engine, TakeAndBreakEngine::Tail);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_and_break_engine_for(&self, code: &Code) -> Result<TakeAndBreakEngine, Error> {
        self.take_and_break
            .chosen_for(code, self.threads())
            .map_err(|refused| not_applicable(refused, code))
    }

    /// Computes at most `max_values` values per game (period searches and direct answers).
    ///
    /// # Errors
    /// [`Error::Setting`] ([`SettingError::OutOfRange`] for [`Setting::MaxValues`]) unless
    /// `1 <= max_values <=` [`MAX_VALUES_LIMIT`].
    pub fn with_max_values(mut self, max_values: u64) -> Result<Self, Error> {
        if !(1..=MAX_VALUES_LIMIT).contains(&max_values) {
            return Err(Error::Setting(SettingError::OutOfRange {
                setting: Setting::MaxValues,
                least: 1,
                most: Some(MAX_VALUES_LIMIT),
                given: max_values,
            }));
        }
        self.max_values = Some(max_values);
        Ok(self)
    }

    /// Holds at most `bytes` bytes for one query (estimated before allocating; the default is
    /// [`DEFAULT_MAX_MEMORY`](crate::budget::DEFAULT_MAX_MEMORY)).
    ///
    /// # Errors
    /// [`Error::Setting`] ([`SettingError::OutOfRange`] for [`Setting::MaxMemory`]) if `bytes`
    /// is 0.
    pub fn with_max_memory(mut self, bytes: u64) -> Result<Self, Error> {
        if bytes == 0 {
            return Err(Error::Setting(SettingError::OutOfRange {
                setting: Setting::MaxMemory,
                least: 1,
                most: None,
                given: bytes,
            }));
        }
        self.max_memory = Some(bytes);
        Ok(self)
    }

    /// The memory limit in bytes.
    pub fn max_memory(&self) -> u64 {
        self.max_memory.unwrap_or(crate::budget::DEFAULT_MAX_MEMORY)
    }

    /// Stops a query that has run for `timeout` (counted from when the
    /// [`Analyzer`](super::Analyzer) is made).
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

    /// Uses at most `threads` threads for one game's values (the default is every core the
    /// machine offers): [`TakeAndBreakEngine::Automatic`] runs take-and-break codes on two when
    /// `threads >= 2`.
    ///
    /// # Errors
    /// [`Error::Setting`] ([`SettingError::OutOfRange`] for [`Setting::Threads`]) if `threads`
    /// is 0.
    pub fn with_threads(mut self, threads: usize) -> Result<Self, Error> {
        if threads == 0 {
            return Err(Error::Setting(SettingError::OutOfRange {
                setting: Setting::Threads,
                least: 1,
                most: None,
                given: 0,
            }));
        }
        self.threads = Some(threads);
        Ok(self)
    }

    /// The number of threads a game's values may use.
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or_else(cores)
    }

    /// The value limit for `set`: the configured one, or a default that keeps the work near a
    /// second (primes and squares have many moves per heap).
    pub fn max_values_for(&self, set: &SubtractionSet) -> u64 {
        self.max_values.unwrap_or(match set {
            SubtractionSet::Family(Family::Primes) => DEFAULT_MAX_PRIME_VALUES,
            SubtractionSet::Family(Family::Squares) => DEFAULT_MAX_SQUARE_VALUES,
            _ => DEFAULT_MAX_VALUES,
        })
    }
}

/// The setting error for a forced engine that does not apply to `code`.
pub(super) fn not_applicable(refused: NotApplicable, code: &Code) -> Error {
    Error::Setting(SettingError::EngineNotApplicable {
        engine: refused.engine,
        code: code.to_string(),
    })
}

/// The cores the machine offers this process (1 if it cannot tell): the default thread count, and
/// the most threads one sequence's pipeline runs on.
pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}
