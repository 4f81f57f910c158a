//! The play convention: who wins when no move is left.

/// Who wins when no move is left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player who cannot move loses: a terminal position is worth 0.
    #[default]
    Normal,
    /// The player who cannot move wins (the last mover loses): a terminal position is worth 1 and
    /// the same mex recursion gives misère Grundy values (docs/theory.md §10).
    Misere,
}

impl Play {
    /// The value of a position with no options, given the mex of its (empty) option set.
    pub(crate) fn value(self, terminal: bool, mex: u32) -> u32 {
        if terminal && self == Self::Misere {
            1
        } else {
            mex
        }
    }
}
