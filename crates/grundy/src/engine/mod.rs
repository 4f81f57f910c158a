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

use crate::Observer;
use crate::theory::compact::{CompactValues, View};

/// Why a watched stream gave no value: its observer asked it to stop (Ctrl-C, a deadline). The
/// stream stays where it was; the next call computes the same value again from the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// Options examined between two consultations of the observer inside one value
/// ([`Stream::next_watched`]): a few milliseconds of work.
pub(crate) const WORK_BETWEEN_POLLS: u64 = 1 << 20;

/// Counts the work of one value and consults the observer after every
/// [`WORK_BETWEEN_POLLS`] options.
pub(crate) struct Poll<'o> {
    observer: &'o dyn Observer,
    work: u64,
}

impl<'o> Poll<'o> {
    pub(crate) fn new(observer: &'o dyn Observer) -> Self {
        Self { observer, work: 0 }
    }

    /// Whether to go on with `work` more options.
    pub(crate) fn go_on(&mut self, work: u64) -> bool {
        self.work = self.work.saturating_add(work);
        if self.work < WORK_BETWEEN_POLLS {
            return true;
        }
        self.work = 0;
        !self.observer.interrupted()
    }
}

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
    /// The next value, consulting `observer` while it is computed, for values that may cost
    /// seconds each (a naive three-heap split at a heap of 10^4 examines 10^8 options).
    ///
    /// # Errors
    /// [`Stopped`] when the observer asked to stop before the value was found; nothing is lost.
    /// The default computes the value without consulting (engines whose values are cheap).
    fn next_watched(&mut self, observer: &dyn Observer) -> Result<Option<u32>, Stopped> {
        let _ = observer;
        Ok(self.next())
    }
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

impl<S: Stream + ?Sized> Stream for &mut S {
    fn position(&self) -> u64 {
        (**self).position()
    }

    fn work_per_value(&self) -> u64 {
        (**self).work_per_value()
    }

    fn next_watched(&mut self, observer: &dyn Observer) -> Result<Option<u32>, Stopped> {
        (**self).next_watched(observer)
    }

    fn computed(&self) -> Option<View<'_>> {
        (**self).computed()
    }

    fn take_computed(&mut self) -> CompactValues {
        (**self).take_computed()
    }

    fn fold_on_period(&mut self, preperiod: u64, period: u64) -> bool {
        (**self).fold_on_period(preperiod, period)
    }

    fn unfold_all(&mut self) {
        (**self).unfold_all();
    }

    fn folded_period(&self) -> Option<(u64, u64)> {
        (**self).folded_period()
    }
}
