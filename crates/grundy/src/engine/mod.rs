//! Value streams: the engines that compute Grundy values `G(0), G(1), …` one at a time —
//! subtraction games ([`subtraction`]), no-repeat games' state vectors ([`norepeat`]) and
//! take-and-break codes ([`octal`]). Every engine of one game yields the same sequence; they
//! differ in time and memory.

pub mod norepeat;
pub mod octal;
pub mod remainder;
pub mod subtraction;

pub use crate::games::play::Play;
pub use subtraction::Values;

use crate::theory::compact::{CompactValues, View};

/// Which algorithm computes Grundy values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The definition, kept deliberately plain: every value is the mex of the values of all
    /// options, looked up in a table of every earlier value. The reference the others are
    /// tested against.
    Naive,
    /// The fast engine for each kind of game: for finite sets a ring buffer of the last `max S`
    /// values (memory `O(max S)`), read amount by amount — or, when the set is mostly long runs of
    /// consecutive amounts, a sliding-window mex over the runs (`O(runs)` per value); value
    /// counting for all-but sets (`O(|X| log |X|)` per value); for take-and-break codes the
    /// automatic choice of [`octal::TakeAndBreakEngine`]: the tail engine for repeating tails,
    /// else the rare/common method where it applies.
    #[default]
    Streaming,
}

impl Engine {
    /// Every engine, for test harnesses that run the same answers against each.
    pub const ALL: [Self; 2] = [Self::Naive, Self::Streaming];

    /// The engine's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Naive => "naive",
            Self::Streaming => "streaming",
        }
    }
}

/// A stream of values that long computations can report progress on.
pub trait Stream: Iterator<Item = u32> {
    /// The index of the next value.
    fn position(&self) -> u64;
    /// About how many options the next value examines: a unit of work for progress reports.
    fn work_per_value(&self) -> u64;
    /// Every value computed so far, for engines that keep them all (so callers need no copy).
    fn computed(&self) -> Option<View<'_>> {
        None
    }
    /// Hands over the values kept by [`computed`](Self::computed), leaving none — or, while
    /// folded, the first `n0 + p`.
    fn take_computed(&mut self) -> CompactValues {
        CompactValues::new()
    }
    /// Stops keeping the values that the periodicity `(n0, p)` determines, if it holds on every
    /// value so far: each later value is checked against it instead, and one that breaks it
    /// brings every value back ([`unfold_all`](Self::unfold_all)). Returns whether the engine folded;
    /// engines that do not fold return `false`. While folded, [`computed`](Self::computed) is
    /// `None`.
    fn fold_on_period(&mut self, preperiod: u64, period: u64) -> bool {
        let _ = (preperiod, period);
        false
    }
    /// Every value in memory again.
    fn unfold_all(&mut self) {}
    /// `(n0, p)` while folded: every value from `n0 + p` on obeyed `G(n) = G(n - p)`.
    fn folded_period(&self) -> Option<(u64, u64)> {
        None
    }
}
