//! grundy solves two-player combinatorial games exactly: who wins, the Grundy value, every winning
//! move, and the periodic pattern of a game family with a certificate that proves it.
//!
//! The library does all the work and no I/O: it parses game specs ([`parse_game`]) and heap sizes
//! ([`parse_heap`]), and an [`Analyzer`] answers [`solve`](Analyzer::solve),
//! [`table`](Analyzer::table) and [`period`](Analyzer::period) queries.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use grundy::{Analyzer, Config, Outcome, parse_game};
//!
//! let game = parse_game("subtraction:1,3,4")?;
//! let position = game.parse_position("10^18")?;
//! let solution = Analyzer::new(Config::default()).solve(&game, &position)?;
//! assert_eq!(solution.outcome, Outcome::Win);
//! assert_eq!(solution.grundy, Some(1u32.into())); // 10^18 = 1 (mod 7)
//! let first = &solution.winning_moves[0];
//! assert_eq!(grundy::render::moves::description(&game, first), "take 1"); // leaves 0 (mod 7)
//! # Ok(()) }
//! ```

#![deny(missing_docs)]

pub mod analysis;
pub mod budget;
pub mod engine;
#[cfg(feature = "fault-injection")]
pub mod fault;
pub mod games;
pub mod input;
pub mod limits;
pub mod render;
pub mod theory;

pub use analysis::explain::Explanation;
pub use analysis::{
    Action, Analyzer, Basis, ClosedForm, Config, Error, Grid, Move, MoveTargets, Outcome,
    OutcomeRow, Part, PeriodReport, PowerClass, Solution, SplitClass, Summand, SummandValue, Table,
    Tabulation, Target, Uncertifiable, Unit, UnlistedMoves, Withheld,
};
pub use analysis::{GenusReport, GenusRows, HeapGenus, TameRange, Tameness};
pub use analysis::{Limit, Refusal, Remedy, Setting, SettingError};
pub use analysis::{Marks, Plot, PlotKind, PlotRequest};
pub use analysis::{
    NoClosure, PeriodAnswer, QuotientBasis, QuotientPlan, QuotientReport, QuotientStop,
};
pub use engine::Engine;
pub use engine::octal::TakeAndBreakEngine;
pub use games::game::Game;
pub use games::play::Play;
pub use games::position::Position;
pub use input::error::InputError;
pub use input::position::parse_heap;
pub use input::spec::parse_game;

// The paths of the flat layout that came before the layers, kept for code that uses them.
pub use engine::norepeat;
pub use games::{fibonacci_nim, game, nim, script, subtraction, wythoff};
pub use input::sequence_file as sequence;
pub use input::spec;
pub use theory::{compact, period, solver};

/// Take-and-break codes: the code and its moves ([`games::octal`]) and its engines
/// ([`engine::octal`]), under the path of the flat layout.
pub mod octal {
    pub use crate::engine::octal::*;
    pub use crate::games::octal::*;
}

/// Positions and heap sizes ([`games::position`], [`input::position`]), under the path of the
/// flat layout.
pub mod position {
    pub use crate::games::position::*;
    pub use crate::input::position::*;
}

/// The odd-ball game's rules ([`games::oddball`]) and its contest judge ([`input::contest`]),
/// under the path of the flat layout.
pub mod oddball {
    pub use crate::games::oddball::*;
    pub use crate::input::contest::*;
}

/// Watches a long computation: receives progress and may ask it to stop.
///
/// The library calls it every few tens of thousands of values; an implementation should be cheap.
pub trait Observer: Sync {
    /// `done` of at most `total` values are computed.
    fn progress(&self, done: u64, total: u64) {
        let _ = (done, total);
    }

    /// Whether the computation should stop now (for example after Ctrl-C). A stopped computation
    /// returns [`Error::Interrupted`] with what it had checked.
    fn interrupted(&self) -> bool {
        false
    }

    /// The values `G(0), …, G(k − 1)` a computation of a take-and-break game's values holds so
    /// far, offered with each progress report and once more when it stops early (interrupted,
    /// or out of time) — while its engine keeps every value: none while it has folded them on a
    /// period it is checking — for an observer that keeps checkpoints: it saves them when it sees fit
    /// (the offers come many times a second, so it should look at the clock first) and may give
    /// them back to a later period search of the same game ([`Analyzer::resuming`]). An
    /// observer that keeps checkpoints should watch one game's [`Analyzer::period`]: a question
    /// about several games (a sum) offers each game's values in turn. The default ignores them.
    fn checkpoint(&self, values: compact::View<'_>) {
        let _ = values;
    }
}

/// An [`Observer`] that ignores progress and never interrupts.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {}
