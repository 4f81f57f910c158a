//! Take-and-break games in octal and hexadecimal code (docs/theory.md §7): the engines for their
//! Grundy values — the definition (naive), the rare/common ("sparse space") engine of
//! docs/theory.md §9 on one thread or a pipeline of several (paired), the tail engine — and the
//! choice among them ([`TakeAndBreakEngine`]).

use std::fmt;

use crate::Observer;
use crate::engine::{Poll, Stopped, Stream, WORK_BETWEEN_POLLS};
use crate::games::octal::{Code, Modifier, Step, for_each_option, for_each_option_polled, walk};
use crate::theory::compact::{CompactValues, Element, View};
use crate::theory::mex::Bitset;

mod paired;
mod rare_common;
mod store;
mod tail;
mod vector;

pub use paired::{MAX_PIPELINE_THREADS, Paired};
pub use rare_common::{RareCommon, RareSplit};
pub use tail::Tail;

/// Which engine computes a take-and-break code's values. Every engine yields the same values;
/// they differ in time, memory and threads. [`Automatic`](Self::Automatic) picks one from the
/// code and the threads allowed; the others force one, and are refused by codes they do not
/// apply to ([`applies`](Self::applies)).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::octal::TakeAndBreakEngine;
/// let grundy::Game::Octal(kayles) = grundy::parse_game("0.77")? else { unreachable!() };
/// let automatic = TakeAndBreakEngine::Automatic;
/// assert_eq!(automatic.chosen_for(&kayles, 1)?, TakeAndBreakEngine::RareCommon);
/// assert_eq!(automatic.chosen_for(&kayles, 8)?, TakeAndBreakEngine::Paired);
/// assert!(!TakeAndBreakEngine::Tail.applies(&kayles));
/// # Ok(()) }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TakeAndBreakEngine {
    /// The tail engine ([`Tail`]) for codes with a repeating tail; else, where the rare/common
    /// engine applies, [`Paired`] on two threads or more and [`RareCommon`] on one; else the
    /// naive engine. Tail codes run on one thread whatever the thread count: the tail engine's
    /// `O(n)` per value, against the other engines' scans of every split, is worth more than a
    /// second core.
    #[default]
    Automatic,
    /// The definition ([`Naive`]): every code.
    Naive,
    /// The rare/common engine ([`RareCommon`]) on one thread: codes without three-heap splits
    /// (with or without `!` and `?`: Grundy's game `4!.0` is one).
    RareCommon,
    /// The rare/common engine as a pipeline ([`Paired`]) on the threads given, at least two: the
    /// codes [`RareCommon`](Self::RareCommon) applies to.
    Paired,
    /// The tail engine ([`Tail`]): codes with a repeating tail.
    Tail,
}

impl TakeAndBreakEngine {
    /// Every engine a caller can force (all but [`Automatic`](Self::Automatic)), for test
    /// harnesses that run the same answers against each.
    pub const FORCED: [Self; 4] = [Self::Naive, Self::RareCommon, Self::Paired, Self::Tail];

    /// Whether the engine computes `code`'s values ([`Automatic`](Self::Automatic) and
    /// [`Naive`](Self::Naive) do for every code).
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn applies(self, code: &Code) -> bool {
        match self {
            Self::Automatic | Self::Naive => true,
            Self::RareCommon | Self::Paired => RareCommon::applies(code),
            Self::Tail => Tail::applies(code),
        }
    }

    /// The engine that computes `code`'s values with at most `threads` threads: the engine
    /// itself when it is forced, the one [`Automatic`](Self::Automatic) picks otherwise (never
    /// `Automatic`).
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Errors
    /// [`NotApplicable`] if a forced engine does not apply to `code`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::octal::TakeAndBreakEngine;
    /// let grundy::Game::Octal(code) = grundy::parse_game("0.[7]")? else { unreachable!() };
    /// assert_eq!(TakeAndBreakEngine::Automatic.chosen_for(&code, 4)?, TakeAndBreakEngine::Tail);
    /// // Forced, the paired engine runs tail codes too (without three-heap splits).
    /// assert_eq!(TakeAndBreakEngine::Paired.chosen_for(&code, 1)?, TakeAndBreakEngine::Paired);
    /// let grundy::Game::Octal(dawson) = grundy::parse_game("0.07")? else { unreachable!() };
    /// assert!(TakeAndBreakEngine::Tail.chosen_for(&dawson, 1).is_err());
    /// # Ok(()) }
    /// ```
    pub fn chosen_for(self, code: &Code, threads: usize) -> Result<Self, NotApplicable> {
        match self {
            Self::Automatic if Tail::applies(code) => Ok(Self::Tail),
            Self::Automatic if RareCommon::applies(code) && threads >= 2 => Ok(Self::Paired),
            Self::Automatic if RareCommon::applies(code) => Ok(Self::RareCommon),
            Self::Automatic => Ok(Self::Naive),
            forced if forced.applies(code) => Ok(forced),
            engine => Err(NotApplicable { engine }),
        }
    }

    /// The engine's name in words: "the paired rare/common engine".
    pub fn name(self) -> &'static str {
        match self {
            Self::Automatic => "the automatically chosen engine",
            Self::Naive => "the naive engine",
            Self::RareCommon => "the rare/common engine",
            Self::Paired => "the paired rare/common engine",
            Self::Tail => "the tail engine",
        }
    }

    /// What a code needs for the engine to apply, in words.
    pub fn requirement(self) -> &'static str {
        match self {
            Self::Automatic | Self::Naive => "any code",
            Self::RareCommon | Self::Paired => "a code without three-heap splits",
            Self::Tail => "a code with a repeating tail",
        }
    }
}

impl fmt::Display for TakeAndBreakEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A forced [`TakeAndBreakEngine`] that does not apply to the code it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{engine} needs {}", .engine.requirement())]
pub struct NotApplicable {
    /// The engine forced.
    pub engine: TakeAndBreakEngine,
}

/// The value stream of `code` by `engine` with at most `threads` threads, continuing after
/// `prefix` (see [`TakeAndBreakEngine::chosen_for`]).
///
/// # Complexity
/// As the engine chosen; resuming the tail engine replays its accumulated option sets over
/// `prefix` (`O(q · L²)` for `L` values and a tail of `q` digits; `O(q · L³)` with three-heap
/// splits).
///
/// # Errors
/// [`NotApplicable`] if a forced engine does not apply to `code`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::octal::TakeAndBreakEngine;
/// let grundy::Game::Octal(code) = grundy::parse_game("0.[7]")? else { unreachable!() };
/// let engine = TakeAndBreakEngine::Automatic;
/// let values: Vec<u32> = grundy::octal::stream(&code, engine, 1, vec![0, 1])?.take(4).collect();
/// assert_eq!(values, [2, 3, 4, 5]);
/// # Ok(()) }
/// ```
pub fn stream(
    code: &Code,
    engine: TakeAndBreakEngine,
    threads: usize,
    prefix: Vec<u32>,
) -> Result<Box<dyn Stream + Send>, NotApplicable> {
    let refused = NotApplicable { engine };
    Ok(match engine.chosen_for(code, threads)? {
        TakeAndBreakEngine::Tail => Box::new(Tail::resume(code, prefix).ok_or(refused)?),
        TakeAndBreakEngine::Paired => Box::new(
            Paired::resume(code, prefix)
                .ok_or(refused)?
                .with_threads(threads),
        ),
        TakeAndBreakEngine::RareCommon => {
            Box::new(RareCommon::resume(code, prefix).ok_or(refused)?)
        }
        // `chosen_for` never gives `Automatic`; the naive engine is its last resort anyway.
        TakeAndBreakEngine::Automatic | TakeAndBreakEngine::Naive => {
            Box::new(Naive::resume(code, prefix))
        }
    })
}

/// The naive engine: each value is the mex of every option (the definition).
pub struct Naive {
    code: Code,
    /// Four bytes each: the naive engine's runs are short (its cost is quadratic), and its pair
    /// loops vectorise best on 32-bit lanes.
    values: Vec<u32>,
    seen: Bitset,
    /// Whether the one-word fast path applies to the code.
    small: bool,
    largest: u32,
}

impl Naive {
    /// Continues from the values already computed.
    pub fn resume(code: &Code, prefix: Vec<u32>) -> Self {
        let small = code.max_heaps_left() <= 2 && !code.has_modifiers();
        let largest = prefix.iter().copied().max().unwrap_or(0);
        Self {
            code: code.clone(),
            values: prefix,
            seen: Bitset::default(),
            small,
            largest,
        }
    }

    /// Starts at `G(0)`.
    pub fn new(code: &Code) -> Self {
        Self::resume(code, Vec::new())
    }
}

impl Iterator for Naive {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let n = self.values.len();
        let value = if self.small && self.largest < 64 {
            small_mex(&self.code, &self.values, n)
        } else {
            self.seen.clear();
            let seen = &mut self.seen;
            for_each_option(&self.code, &self.values, n, |v| seen.insert(v));
            self.seen.mex()
        };
        Some(self.push(value))
    }
}

impl Naive {
    fn push(&mut self, value: u32) -> u32 {
        self.largest = self.largest.max(value);
        self.values.push(value);
        value
    }
}

/// The mex of a heap's options with one machine word as the set, while every value is below 64
/// (then every xor of two values is too), for codes leaving at most two heaps. A split whose digit
/// carries `!` or `?` leaves out its middle pair (two equal heaps). The pairs of a split are read
/// from both ends of the values, which vectorises well.
fn small_mex<T: Element>(code: &Code, values: &[T], n: usize) -> u32 {
    let mut seen = 0u64;
    walk(code, n, |step| match step {
        Step::Whole => seen |= 1,
        Step::One(m) => seen |= 1 << values[m].into(),
        Step::Split(m, _, Modifier::None) => seen |= pair_bits(values, m),
        Step::Split(m, _, _) => seen |= unequal_pair_bits(values, m),
    });
    seen.trailing_ones()
}

/// The one-word set of `G(a) xor G(m - a)` over all splits of `m` (values below 64). The pairs are
/// read from both ends of the values, which vectorises well; the middle pair gives 0.
fn pair_bits<T: Element>(values: &[T], m: usize) -> u64 {
    unequal_pair_bits(values, m) | u64::from(m.is_multiple_of(2))
}

/// [`pair_bits`] without the middle pair: the splits of `m` into two different heaps, as `!` and
/// `?` allow them.
fn unequal_pair_bits<T: Element>(values: &[T], m: usize) -> u64 {
    // `low` is `G(1), …, G(m / 2)` and `high` is `G(m / 2 + 1), …, G(m - 1)`; zipped from both
    // ends they give the pairs `a < m - a` (for an even `m`, `G(m / 2)` has no partner).
    let (low, high) = values[1..m].split_at(m / 2);
    let mut seen = 0;
    for (&x, &y) in low.iter().zip(high.iter().rev()) {
        seen |= 1 << (x ^ y).into();
    }
    seen
}

/// `BIT[v] = 1 << v`: a load instead of a variable shift, which SSE2 lacks.
pub(crate) static BIT: [u64; 64] = {
    let mut bits = [0; 64];
    let mut v = 0;
    while v < 64 {
        bits[v] = 1 << v;
        v += 1;
    }
    bits
};

impl Stream for Naive {
    fn position(&self) -> u64 {
        self.values.len() as u64
    }

    fn next_watched(&mut self, observer: &dyn Observer) -> Result<Option<u32>, Stopped> {
        if self.work_per_value() < WORK_BETWEEN_POLLS {
            return Ok(self.next());
        }
        let n = self.values.len();
        self.seen.clear();
        let seen = &mut self.seen;
        let mut poll = Poll::new(observer);
        let mut go_on = |work| poll.go_on(work);
        if !for_each_option_polled(&self.code, &self.values, n, |v| seen.insert(v), &mut go_on) {
            return Err(Stopped);
        }
        let value = self.seen.mex();
        Ok(Some(self.push(value)))
    }

    fn work_per_value(&self) -> u64 {
        let n = self.values.len() as u64;
        let removals = self.code.reach(self.values.len()) as u64 + 1;
        let splits = n.saturating_pow(self.code.max_heaps_left().saturating_sub(1));
        removals.saturating_mul(splits) / 2 + 1
    }

    fn computed(&self) -> Option<View<'_>> {
        Some(View::Words(&self.values))
    }

    fn take_computed(&mut self) -> CompactValues {
        std::mem::take(&mut self.values).into()
    }
}

/// The code with digits `d0, d1, …` and no modifiers (for tests).
#[cfg(test)]
fn code(digits: &[u8]) -> Code {
    Code::new(
        digits.iter().map(|&d| (d, Modifier::None)).collect(),
        Vec::new(),
    )
    .expect("a valid code")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_and_dawson() {
        let kayles: Vec<u32> = Naive::new(&code(&[0, 7, 7])).take(12).collect();
        assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let dawson: Vec<u32> = Naive::new(&code(&[0, 0, 7])).take(12).collect();
        assert_eq!(dawson, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
    }

    #[test]
    fn rare_common_equals_naive_on_every_short_code() {
        for d1 in 0..8u8 {
            for d2 in 0..8u8 {
                for d3 in 0..8u8 {
                    for d0 in [0u8, 4] {
                        let Ok(code) = Code::new(
                            vec![
                                (d0, Modifier::None),
                                (d1, Modifier::None),
                                (d2, Modifier::None),
                                (d3, Modifier::None),
                            ],
                            vec![],
                        ) else {
                            continue;
                        };
                        let naive: Vec<u32> = Naive::new(&code).take(300).collect();
                        let fast: Vec<u32> = RareCommon::new(&code).unwrap().take(300).collect();
                        assert_eq!(naive, fast, "{code}");
                    }
                }
            }
        }
    }
}
