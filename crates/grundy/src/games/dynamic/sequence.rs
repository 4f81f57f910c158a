//! The P-sequence of dynamic subtraction and the greedy representation of a heap in it.
//!
//! For a move bound `f` that is non-decreasing with `f(x) ≥ x`, `H_1 = 1` and
//! `H_{j+1} = H_j + H_m`, `m` the least index with `f(H_m) ≥ H_j` (docs/theory.md §15). Every
//! heap is one sum of terms of `H` taken greedily, largest first; two terms `H_a < H_b` used
//! side by side have `f(H_a) < H_b`. The arithmetic is generic over the width of the numbers:
//! machine words for heaps that fit 64 bits, big integers beyond.

use num_bigint::{BigInt, BigUint};

use super::Bound;

/// A number the sequence is computed in.
pub(super) trait Term: Clone + Ord {
    /// 1.
    fn one() -> Self;
    /// `self + other`, `None` past the width.
    fn plus(&self, other: &Self) -> Option<Self>;
    /// `self − other`, for `other ≤ self`.
    fn minus(&self, other: &Self) -> Self;
    /// The bytes one term takes in a list of them.
    fn bytes(&self) -> u64;
    /// The bits of the number.
    fn bits(&self) -> u64;
    /// Whether `f(self) ≥ other`.
    fn reaches(&self, bound: Bound, other: &Self) -> bool;
}

impl Term for u64 {
    fn one() -> Self {
        1
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn bytes(&self) -> u64 {
        8
    }
    fn bits(&self) -> u64 {
        u64::from(u64::BITS - self.leading_zeros())
    }
    fn reaches(&self, bound: Bound, other: &Self) -> bool {
        // |slope|, |offset| ≤ 10^18 and x < 2^64: the product fits 128 bits.
        i128::from(bound.slope) * i128::from(*self) + i128::from(bound.offset)
            >= i128::from(*other)
    }
}

impl Term for BigUint {
    fn one() -> Self {
        BigUint::from(1u32)
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn bytes(&self) -> u64 {
        BigUint::bits(self).div_ceil(64) * 8 + 24
    }
    fn bits(&self) -> u64 {
        BigUint::bits(self)
    }
    fn reaches(&self, bound: Bound, other: &Self) -> bool {
        BigInt::from(bound.slope) * BigInt::from(self.clone()) + bound.offset
            >= BigInt::from(other.clone())
    }
}

/// Extends `terms` (a prefix of the sequence, at least `[1]`) with every term up to `limit`,
/// and the first term beyond it where that fits the width; `false` if the terms would take
/// more than `most_bytes`, leaving what was computed.
///
/// # Complexity
/// `O(t)` additions and comparisons for the `t` terms added.
pub(super) fn extend<T: Term>(
    terms: &mut Vec<T>,
    bound: Bound,
    limit: &T,
    most_bytes: u64,
) -> bool {
    if terms.is_empty() {
        terms.push(T::one());
    }
    let mut bytes: u64 = terms.iter().map(Term::bytes).sum();
    terms.reserve(capacity_hint(bound, limit, most_bytes));
    // m: the least index whose term reaches the last term; it only grows.
    let mut last = terms.last().cloned().unwrap_or_else(T::one);
    let mut m = terms.partition_point(|term| !term.reaches(bound, &last));
    while &last <= limit {
        while !terms[m].reaches(bound, &last) {
            m += 1;
        }
        let Some(next) = last.plus(&terms[m]) else {
            return true;
        };
        bytes = bytes.saturating_add(next.bytes());
        if bytes > most_bytes {
            return false;
        }
        terms.push(next.clone());
        last = next;
    }
    true
}

/// About how many terms reach past `limit`, to reserve them at once rather than grow the list
/// by doubling (a hint, never a limit): the terms `1, 2, …, f(1) + 1` up to the limit, then a
/// growth of at least `1 + 1/(f(1) + 1)` a term; at most `most_bytes` worth, and at most
/// `2^24`.
fn capacity_hint<T: Term>(bound: Bound, limit: &T, most_bytes: u64) -> usize {
    let start = (bound.slope as f64 + bound.offset as f64).max(1.0) + 1.0;
    let bits = limit.bits() as f64;
    let linear = start.min(bits.exp2());
    let estimate = if start < bits.exp2() {
        let growth = (1.0 / start).ln_1p();
        linear + (bits * std::f64::consts::LN_2 - start.ln()).max(0.0) / growth
    } else {
        linear
    };
    let most = (most_bytes / limit.bytes().max(1)) as f64;
    estimate.min(most).min(f64::from(1u32 << 24)) as usize
}

/// The greedy representation of `n` in `terms` (which reach past `n`): the indices of its
/// terms, from 0, largest first; empty for 0.
///
/// # Complexity
/// `O(r log t)` for `r` terms used out of `t`.
pub(super) fn greedy<T: Term>(terms: &[T], n: &T) -> Vec<usize> {
    let mut used = Vec::new();
    let mut rest = n.clone();
    let mut below = terms.len();
    loop {
        // The largest term at most the rest, among those below the last one used.
        let index = terms[..below].partition_point(|term| term <= &rest);
        if index == 0 {
            return used;
        }
        let index = index - 1;
        rest = rest.minus(&terms[index]);
        used.push(index);
        below = index;
    }
}

/// Every amount `t` whose taking from a heap of `n` with the quota `quota` leaves the
/// opponent lost, ascending: `t = n ≤ quota`, or `t ≤ quota` with the smallest term of
/// `n − t` above `f(t)`. Such an `n − t` is a prefix sum of the representation of `n − 1`
/// (docs/theory.md §15), so those are the only candidates.
///
/// # Complexity
/// As [`greedy`] of `n − 1`.
pub(super) fn winning_takes<T: Term>(terms: &[T], bound: Bound, n: &T, quota: &T) -> Vec<T> {
    let one = T::one();
    if n < &one {
        return Vec::new();
    }
    let below = n.minus(&one);
    let mut takes = Vec::new();
    let mut left: Option<T> = None;
    for index in greedy(terms, &below) {
        let term = &terms[index];
        let sum = match &left {
            Some(left) => left.plus(term).unwrap_or_else(|| n.clone()),
            None => term.clone(),
        };
        let take = n.minus(&sum);
        if &take <= quota && !take.reaches(bound, term) {
            takes.push(take);
        }
        left = Some(sum);
    }
    if n <= quota {
        takes.push(n.clone());
    }
    takes.sort();
    takes.dedup();
    takes
}
