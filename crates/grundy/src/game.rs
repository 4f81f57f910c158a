//! The games grundy knows, as parsed from a spec, and their canonical names.

use std::fmt;

use crate::subtraction::{FiniteSet, SubtractionSet};

/// A game grundy can analyse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// A subtraction game on one heap.
    Subtraction(SubtractionGame),
}

/// A subtraction game: remove an amount of the set from the heap; normal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionGame {
    set: SubtractionSet,
    /// `Some(m)` when written as the Bash game `bash:m`, kept so the name reads as typed.
    bash: Option<u64>,
}

impl SubtractionGame {
    /// The subtraction game on `set`.
    pub fn new(set: SubtractionSet) -> Self {
        Self { set, bash: None }
    }

    /// The Bash game: a finite set `1..m`, named `bash:m`.
    pub(crate) fn bash(set: FiniteSet) -> Self {
        let m = set.largest();
        Self {
            set: SubtractionSet::Finite(set),
            bash: Some(m),
        }
    }

    /// The amounts a move may remove.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }
}

impl fmt::Display for Game {
    /// The canonical spec: `parse_game(&game.to_string())` gives the game back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Subtraction(game) => match (&game.bash, &game.set) {
                (Some(m), _) => write!(f, "bash:{m}"),
                (None, SubtractionSet::AllBut(_)) => write!(f, "allbut:{}", game.set),
                (None, _) => write!(f, "subtraction:{}", game.set),
            },
        }
    }
}
