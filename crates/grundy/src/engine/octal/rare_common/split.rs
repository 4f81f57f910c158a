//! The split of values into rare and common (chosen by a Walsh–Hadamard transform of the value
//! histograms), the option tables stamped with their heap, and the scans over pairs of heaps that
//! the rare/common engine runs.

use super::CHUNK;
use crate::engine::octal::BIT;
use crate::engine::octal::store::PairScan;
use crate::engine::octal::vector::{self, RareHeap, SMALL_SET_VALUES, SmallSet};
use crate::games::octal::Code;
use crate::theory::compact::Element;
use crate::theory::mex::Bitset;

/// Option-value tables for values below 2^16: an entry is set when it holds the current stamp,
/// so a new heap only takes a new stamp instead of clearing the tables.
pub(super) struct Stamped {
    pub(super) seen: Box<[u32; 1 << 16]>,
    pub(super) needed: Box<[u32; 1 << 16]>,
    pub(super) stamp: u32,
    /// The rare values missing, while they and every value held are below
    /// [`SMALL_SET_VALUES`] (instead of `needed`).
    pub(super) looked_for: SmallSet,
}

impl Stamped {
    pub(super) fn new() -> Self {
        let table = || -> Box<[u32; 1 << 16]> {
            vec![0; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is 2^16")
        };
        Self {
            seen: table(),
            needed: table(),
            stamp: 0,
            looked_for: SmallSet::default(),
        }
    }

    /// A stamp no entry holds yet.
    pub(super) fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.needed.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }
}

/// The Walsh–Hadamard transform of `histogram`, padded with zeros to `size` (a power of two).
pub(super) fn walsh_hadamard(histogram: &[u64], size: usize) -> Vec<i64> {
    let mut w: Vec<i64> = (0..size)
        .map(|v| {
            histogram
                .get(v)
                .map_or(0, |&c| i64::try_from(c).unwrap_or(i64::MAX))
        })
        .collect();
    let mut h = 1;
    while h < size {
        for i in (0..size).step_by(2 * h) {
            for k in i..i + h {
                let (x, y) = (w[k], w[k + h]);
                w[k] = x + y;
                w[k + h] = x - y;
            }
        }
        h *= 2;
    }
    w
}

/// The parity shared by every splitting digit `j` (bit 4) of `code`, if they share one.
pub(super) fn splitting_parity(code: &Code) -> Option<usize> {
    let reach = code.explicit_digits() + 2 * code.tail_length();
    let mut parities = (0..reach)
        .filter(|&j| code.digit(j).0 & 4 != 0)
        .map(|j| j % 2);
    let first = parities.next()?;
    parities.all(|p| p == first).then_some(first)
}

/// The rare/common split of a [`RareCommon`] engine, as data (docs/theory.md §9): heap `n` with
/// value `v` is rare when the parity of `popcount(v & mask)` is the heap's class — 0 for every
/// heap, or, for the position-parity variant, `(n + j) mod 2` with `j` the parity of the splitting
/// digits.
///
/// [`RareCommon`]: super::RareCommon
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RareSplit {
    pub(super) mask: u32,
    pub(super) class_offset: Option<usize>,
}

impl RareSplit {
    /// The mask whose popcount parity sorts values (0 makes every value rare).
    pub fn mask(self) -> u32 {
        self.mask
    }

    /// Whether the split depends on the heap's parity (the position-parity variant).
    pub fn by_position(self) -> bool {
        self.class_offset.is_some()
    }

    /// Whether heap `n` with Grundy value `value` is rare under this split.
    pub fn is_rare(self, n: u64, value: u32) -> bool {
        let class = self
            .class_offset
            .map_or(0, |j| ((n % 2 + j as u64) % 2) as u32);
        parity(value, self.mask) == class
    }
}

/// The index of `v` in a stamped table (values below 2^16 by the table path's guard).
pub(super) fn slot(v: u32) -> usize {
    usize::from(v as u16)
}

/// The pairs `(a, m - a)`, `1 <= a < m - a`, as a prefix of the values and the matching suffix
/// read backwards: `low[i]` goes with `high[high.len() - 1 - i]`. The middle pair of an even `m`
/// (value 0) is left out.
/// How values are split into rare and common. A value `v` is rare *for heap `n`* when the parity of
/// `popcount(v & mask)` is `class(n)`: 0 for every heap, or — the position-parity (domain) variant,
/// valid when every splitting digit `j` has the same parity — `(n - j) mod 2`. Heap `a` is rare when
/// its own value is rare for it. Two common heaps `a + b = n - j` then have parities
/// `1 - class(a)` and `1 - class(b)`, which add up to `class(n)`: common xor common is rare.
/// A zero mask makes every value rare (the naive method).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Split {
    pub(super) mask: u32,
    pub(super) by_position: bool,
}

/// The parity of `popcount(v & mask)`.
pub(super) fn parity(v: u32, mask: u32) -> u32 {
    (v & mask).count_ones() & 1
}

/// The scan for missing rare values with stamped tables: unmarks in `needed` each value a pair
/// gives, until `missing` is 0. A missing rare value can only come from two common heaps (pairs
/// with a rare heap were seen before), so every pair is looked up without a test of its heaps; a
/// chunk of pairs is looked up before any is unmarked.
pub(super) struct StampedScan<'a> {
    pub(super) needed: &'a mut [u32; 1 << 16],
    pub(super) stamp: u32,
    pub(super) missing: u32,
}

impl PairScan for StampedScan<'_> {
    fn halves<T: Element>(&mut self, low: &[T], high: &[T]) -> bool {
        for (low, high) in low.chunks(CHUNK).zip(high.rchunks(CHUNK)) {
            let hit = low.iter().zip(high.iter().rev()).fold(0, |hit, (&x, &y)| {
                hit | u32::from(self.needed[slot((x ^ y).into())] == self.stamp)
            });
            if hit != 0 {
                for (&x, &y) in low.iter().zip(high.iter().rev()) {
                    if !self.one((x ^ y).into()) {
                        return false;
                    }
                }
            }
        }
        self.missing > 0
    }

    fn one(&mut self, xor: u32) -> bool {
        let entry = &mut self.needed[slot(xor)];
        if *entry == self.stamp {
            *entry = 0;
            self.missing -= 1;
        }
        self.missing > 0
    }

    fn done(&self) -> bool {
        self.missing == 0
    }
}

/// The rare values below a candidate still missing, as a scan looks for them: a [`SmallSet`]
/// (read by [`SmallScan`]) while they are below [`SMALL_SET_VALUES`], else the entries of a
/// stamped table holding the stamp (read by [`StampedScan`]).
pub(super) enum Needed<'a> {
    Small(&'a mut SmallSet),
    Stamped(&'a mut [u32; 1 << 16], u32),
}

impl Needed<'_> {
    /// Adds `r` (below 2^16); false when a [`SmallSet`] cannot hold it.
    pub(super) fn insert(&mut self, r: u32) -> bool {
        match self {
            Self::Small(set) => {
                set.insert(r);
                r < SMALL_SET_VALUES
            }
            Self::Stamped(table, stamp) => {
                table[slot(r)] = *stamp;
                true
            }
        }
    }

    /// Removes `v`; whether it was there.
    pub(super) fn remove(&mut self, v: u32) -> bool {
        match self {
            Self::Small(set) => {
                let held = set.contains(v);
                set.remove(v);
                held
            }
            Self::Stamped(table, stamp) => {
                let entry = &mut table[slot(v)];
                let held = v < 1 << 16 && *entry == *stamp;
                if held {
                    *entry = 0;
                }
                held
            }
        }
    }

    /// The least value still missing.
    pub(super) fn least(&self) -> Option<u32> {
        match self {
            Self::Small(set) => set.first(),
            Self::Stamped(table, stamp) => table
                .iter()
                .position(|entry| entry == stamp)
                .map(|r| r as u32),
        }
    }
}

/// The scan with the missing values as a [`SmallSet`]: removes from `set` each value a pair
/// gives, until `missing`, the size of `set`, is 0. The blocks of pairs are read by
/// [`vector::find`].
pub(super) struct SmallScan<'a> {
    pub(super) set: &'a mut SmallSet,
    pub(super) missing: u32,
}

impl PairScan for SmallScan<'_> {
    fn halves<T: Element>(&mut self, low: &[T], high: &[T]) -> bool {
        let len = low.len();
        let read = vector::find(low, high, self.set, &mut self.missing);
        self.missing > 0
            && low[read..]
                .iter()
                .zip(high[..len - read].iter().rev())
                .all(|(&x, &y)| self.one((x ^ y).into()))
    }

    fn one(&mut self, xor: u32) -> bool {
        if self.set.contains(xor) {
            self.set.remove(xor);
            self.missing -= 1;
        }
        self.missing > 0
    }

    fn done(&self) -> bool {
        self.missing == 0
    }
}

/// The scan with one machine word as the set of missing values (all below 64).
pub(super) struct WordScan {
    pub(super) needed: u64,
}

impl PairScan for WordScan {
    fn halves<T: Element>(&mut self, low: &[T], high: &[T]) -> bool {
        for (low, high) in low.chunks(CHUNK).zip(high.rchunks(CHUNK)) {
            let mut found = 0u64;
            for (&x, &y) in low.iter().zip(high.iter().rev()) {
                found |= BIT[((x ^ y).into() & 63) as usize];
            }
            self.needed &= !found;
            if self.needed == 0 {
                return false;
            }
        }
        true
    }

    fn one(&mut self, xor: u32) -> bool {
        self.needed &= !BIT[(xor & 63) as usize];
        self.needed != 0
    }

    fn done(&self) -> bool {
        self.needed == 0
    }
}

/// The scan with growable bitsets: unmarks in `needed` the values below `candidate` that pairs
/// give, until `missing` is 0.
pub(super) struct GeneralScan<'a> {
    pub(super) needed: &'a mut Bitset,
    pub(super) candidate: u32,
    pub(super) missing: u32,
}

impl PairScan for GeneralScan<'_> {
    fn halves<T: Element>(&mut self, low: &[T], high: &[T]) -> bool {
        low.iter()
            .zip(high.iter().rev())
            .all(|(&x, &y)| self.one((x ^ y).into()))
    }

    fn one(&mut self, v: u32) -> bool {
        if v < self.candidate && self.needed.contains(v) {
            self.needed.remove(v);
            self.missing -= 1;
        }
        self.missing > 0
    }

    fn done(&self) -> bool {
        self.missing == 0
    }
}

/// Every pair, each value marked (the naive method, and the one-word mex).
pub(super) struct EveryPair<F>(pub(super) F);

impl<F: FnMut(u32)> PairScan for EveryPair<F> {
    fn halves<T: Element>(&mut self, low: &[T], high: &[T]) -> bool {
        for (&x, &y) in low.iter().zip(high.iter().rev()) {
            (self.0)((x ^ y).into());
        }
        true
    }

    fn one(&mut self, xor: u32) -> bool {
        (self.0)(xor);
        true
    }
}

/// Calls `mark` with `G(a) xor G(m - a)` for every rare heap `(a, G(a))`, where
/// `values[i - offset]` is `G(i)` for every partner `m - a`.
pub(super) fn rare_pairs<T: Element>(
    values: &[T],
    offset: usize,
    rare: &[RareHeap],
    m: usize,
    mut mark: impl FnMut(u32),
) {
    for &RareHeap { heap: a, value: g } in rare {
        mark(g ^ values[m - a as usize - offset].into());
    }
}
