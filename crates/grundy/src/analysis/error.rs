//! Everything that can go wrong answering a query.

use crate::budget::{format_bytes, format_duration};
use crate::input::error::InputError;

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
