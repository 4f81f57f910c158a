//! The tail engine: codes with a repeating tail, where every removal size from some point on has a
//! digit, evaluated with one accumulated set of option values per residue of the heap size.
//!
//! # Why the accumulated set is the option set
//!
//! Write `L` for the number of explicit digits `d0 … d(L-1)` and `q` for the tail's length, so
//! that digit `j >= L` is `tail[(j - L) mod q]` and carries no modifier; `L >= 1`, so every tail
//! removal takes at least one token. Removing `j` tokens from a heap of `n` gives the option values
//! `O(d, m)` that depend only on the digit `d = digit(j)` and on what is left, `m = n - j`: `0`
//! if `m = 0` and `d` has bit 1, `G(m)` if `m >= 1` and bit 2, the xors of the splits of `m` into
//! two or three non-empty heaps for bits 4 and 8 (this is [`removal`](super::removal)). Let
//!
//! `T(n) = ⋃ { O(digit(j), n - j) : L <= j <= n }`
//!
//! be the option values of heap `n` from tail removals. For `n >= L + q`, substitute `j = j' - q`
//! in `T(n - q)`:
//!
//! `T(n - q) = ⋃ { O(digit(j' - q), n - j') : L + q <= j' <= n } = ⋃ { O(digit(j'), n - j') : L + q <= j' <= n }`
//!
//! because `digit(j' - q) = digit(j')` for `j' - q >= L`. Hence
//!
//! `T(n) = T(n - q) ∪ ⋃ { O(digit(j), n - j) : L <= j <= min(n, L + q - 1) }`,
//!
//! and the same holds for `L <= n < L + q` with `T(n - q) = ∅` (the first union is then over no
//! `j'`). So one set per residue of `n - L` modulo `q`, holding `T` of the last heap of that
//! residue, becomes `T(n)` by adding the options of the `q` smallest tail removals — the tail
//! digits applied to the `q` largest leftovers `n - L - q + 1 ..= n - L`. The options of heap `n`
//! are `T(n)` together with those of the explicit removals `j < L`, computed from the definition
//! (with their modifiers), and `G(n)` is the mex of that union. Sets only grow, so a bitset of
//! values suffices; nothing needs counting.

use super::pair_bits;
use crate::Observer;
use crate::engine::{Poll, Stopped, Stream, WORK_BETWEEN_POLLS};
use crate::games::octal::{Code, Modifier, Step, for_each_split_polled, removal};
use crate::theory::compact::{CompactValues, View};
use crate::theory::mex::Bitset;

/// The tail engine for a code with a repeating tail: each value costs the options of the explicit
/// digits and of the `q` smallest tail removals, not of every removal (see the module
/// documentation for why the accumulated sets are the option sets).
///
/// # Complexity
/// Per heap `n`, with `L` explicit digits and a tail of `q`: `O((L + q) · n)` with two-heap splits
/// (against `O(n²)` for [`Naive`](super::Naive)), `O((L + q) · n²)` with three-heap splits, plus
/// `O(q + n / 64)` words for the union and its mex. Memory: every value, and `q` bitsets of
/// values.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::octal::Tail;
/// let grundy::Game::Octal(code) = grundy::parse_game("0.[7]")? else { unreachable!() };
/// let values: Vec<u32> = Tail::new(&code).ok_or("no tail")?.take(6).collect();
/// assert_eq!(values, [0, 1, 2, 3, 4, 5]);
/// # Ok(()) }
/// ```
pub struct Tail {
    code: Code,
    values: Vec<u32>,
    /// `T` of the last heap of each residue of `n - L` modulo `q`.
    accumulated: Vec<Bitset>,
    /// The options of the explicit removals of the current heap.
    explicit: Bitset,
    /// The largest value so far: while below 64, every xor is too and splits fill one word.
    largest: u32,
}

impl Tail {
    /// Whether the tail engine evaluates `code`: it has a repeating tail.
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::octal::Tail;
    /// let code = |text| match grundy::parse_game(text) {
    ///     Ok(grundy::Game::Octal(code)) => Ok(code),
    ///     _ => Err("not an octal code"),
    /// };
    /// assert!(Tail::applies(&code("4.[3]")?));
    /// assert!(!Tail::applies(&code("0.77")?));
    /// # Ok(()) }
    /// ```
    pub fn applies(code: &Code) -> bool {
        code.tail_length() != 0
    }

    /// Starts at `G(0)`; `None` for a code without a tail.
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::octal::Tail;
    /// let grundy::Game::Octal(code) = grundy::parse_game("4.[3]")? else { unreachable!() };
    /// let values: Vec<u32> = Tail::new(&code).ok_or("no tail")?.take(8).collect();
    /// assert_eq!(values, [0, 1, 2, 4, 3, 5, 6, 8]); // Lasker's Nim
    /// # Ok(()) }
    /// ```
    pub fn new(code: &Code) -> Option<Self> {
        Self::resume(code, Vec::new())
    }

    /// Continues after the values `prefix` (`G(0), …`); `None` for a code without a tail.
    ///
    /// # Complexity
    /// `O(q · L²)` for `L` values with two-heap splits (`O(q · L³)` with three-heap ones): the accumulated sets are replayed over the
    /// prefix.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::octal::Tail;
    /// let grundy::Game::Octal(code) = grundy::parse_game("0.[7]")? else { unreachable!() };
    /// let values: Vec<u32> = Tail::resume(&code, vec![0, 1, 2]).ok_or("no tail")?.take(2).collect();
    /// assert_eq!(values, [3, 4]);
    /// # Ok(()) }
    /// ```
    pub fn resume(code: &Code, prefix: Vec<u32>) -> Option<Self> {
        if !Self::applies(code) {
            return None;
        }
        let mut engine = Self {
            code: code.clone(),
            values: Vec::with_capacity(prefix.len()),
            accumulated: (0..code.tail_length()).map(|_| Bitset::default()).collect(),
            explicit: Bitset::default(),
            largest: 0,
        };
        for value in prefix {
            // Unstopped: the poll always goes on.
            let _ = engine.accumulate(engine.values.len(), &mut |_| true);
            engine.push(value);
        }
        Some(engine)
    }

    fn push(&mut self, value: u32) {
        self.largest = self.largest.max(value);
        self.values.push(value);
    }

    /// Turns the accumulated set of heap `n`'s residue into `T(n)`; returns its index, or
    /// `Err(Stopped)` when `poll` stops it (the set then holds part of the options, which the next
    /// attempt adds again: sets only grow, and adding an option twice changes nothing).
    fn accumulate(
        &mut self,
        n: usize,
        poll: &mut impl FnMut(u64) -> bool,
    ) -> Result<Option<usize>, Stopped> {
        let explicit = self.code.explicit_digits();
        let Some(k) = n.checked_sub(explicit) else {
            return Ok(None);
        };
        let q = self.code.tail_length();
        let residue = k % q;
        let small = self.largest < 64;
        let removals = explicit..=n.min(explicit + q - 1);
        let set = &mut self.accumulated[residue];
        insert_removals(set, &self.code, &self.values, n, removals, small, poll)?;
        Ok(Some(residue))
    }

    /// The next value, with `poll` consulted as [`for_each_split_polled`] does.
    fn compute(&mut self, poll: &mut impl FnMut(u64) -> bool) -> Result<u32, Stopped> {
        let n = self.values.len();
        let residue = self.accumulate(n, poll)?;
        self.explicit.clear();
        let small = self.largest < 64;
        let removals = 0..self.code.explicit_digits().min(n + 1);
        let explicit = &mut self.explicit;
        insert_removals(explicit, &self.code, &self.values, n, removals, small, poll)?;
        let value = match residue {
            Some(residue) => Bitset::union_mex(&[&self.explicit, &self.accumulated[residue]]),
            None => self.explicit.mex(),
        };
        self.push(value);
        Ok(value)
    }
}

/// Adds to `set` the option values of the removals `removals` from a heap of `n`, consulting
/// `poll` before each removal and inside three-heap splits; `Err(Stopped)` when it says stop.
fn insert_removals(
    set: &mut Bitset,
    code: &Code,
    values: &[u32],
    n: usize,
    removals: impl Iterator<Item = usize>,
    small: bool,
    poll: &mut impl FnMut(u64) -> bool,
) -> Result<(), Stopped> {
    for j in removals {
        if !poll(n.saturating_sub(j) as u64 + 1) {
            return Err(Stopped);
        }
        let mut going = true;
        removal(code, n, j, &mut |step| {
            going = going && insert(set, values, step, small, poll);
        });
        if !going {
            return Err(Stopped);
        }
    }
    Ok(())
}

/// Adds the option values of one kind of move to `set`; `false` when `poll` stopped it.
#[inline]
fn insert(
    set: &mut Bitset,
    values: &[u32],
    step: Step,
    small: bool,
    poll: &mut impl FnMut(u64) -> bool,
) -> bool {
    match step {
        Step::Whole => set.insert(0),
        Step::One(m) => set.insert(values[m]),
        Step::Split(m, 2, Modifier::None) if small => set.insert_bits(pair_bits(values, m)),
        Step::Split(m, heaps, modifier) => {
            return for_each_split_polled(values, m, heaps, modifier, &mut |v| set.insert(v), poll);
        }
    }
    true
}

impl Iterator for Tail {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        self.compute(&mut |_| true).ok()
    }
}

impl Stream for Tail {
    fn position(&self) -> u64 {
        self.values.len() as u64
    }

    fn next_watched(&mut self, observer: &dyn Observer) -> Result<Option<u32>, Stopped> {
        if self.work_per_value() < WORK_BETWEEN_POLLS {
            return Ok(self.next());
        }
        let mut poll = Poll::new(observer);
        self.compute(&mut |work| poll.go_on(work)).map(Some)
    }

    fn work_per_value(&self) -> u64 {
        let n = self.values.len() as u64;
        let removals = (self.code.explicit_digits() + self.code.tail_length()) as u64;
        let splits = n.saturating_pow(self.code.max_heaps_left().saturating_sub(1));
        removals.saturating_mul(splits) / 2 + n / 64 + 1
    }

    fn computed(&self) -> Option<View<'_>> {
        Some(View::Words(&self.values))
    }

    fn take_computed(&mut self) -> CompactValues {
        std::mem::take(&mut self.values).into()
    }
}
