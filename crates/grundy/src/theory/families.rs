//! The family criterion for take-and-break codes (proved in `docs/arithmetic-periodicity.md`):
//! finitely many checks on the values of a code whose digits end in a repeating tail prove that
//! `a(n + p) = a(n) + s` holds for every `n >= n0`.
//!
//! The options of a large heap `N` fall into finitely many *families*: which digit moved (one of
//! the digits written out, or a residue class of the tail), how many heaps it leaves, the sizes of
//! the heaps below a bound `B` (*small* parts) and the residues modulo `P` of the others (*large*
//! parts). Within a family the values move in a way that depends only on `N mod P`: a family with
//! exactly one large part and small parts whose values xor to less than the saltus has values
//! that shift with `N` exactly; any other family's values have a high part (the value divided by
//! the saltus, a power of two) bounded by the sum of its parts' high parts. The checks, for each
//! residue of `N`, are that no family reaches the predicted value (*exclusion*) and that the
//! families known exactly reach every smaller one for every `N` of that residue (*covering*).
//!
//! This module knows no game: it reads a code as [`Digits`] — for each number of tokens taken, a
//! bitmask of how many heaps may be left.

use std::collections::BTreeMap;

use crate::theory::compact::Element;

/// Most work units the check may take (one unit per family examined at one residue).
const MAX_FAMILY_WORK: u128 = 1 << 26;

/// The moves of a take-and-break code as the family criterion reads them: digit `d_j` for the
/// removal of `j` tokens, a bitmask with bit `2^k` set when a move may leave exactly `k`
/// non-empty heaps (`k = 0`: the whole heap is taken). The digits `d_0, …, d_{c-1}` are written
/// out; from `d_c` on they repeat with period `q` (a code without a tail repeats the digit 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Digits {
    explicit: Box<[u8]>,
    tail: Box<[u8]>,
}

/// Why [`Digits::new`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DigitsError {
    /// No digit before the tail.
    #[error("at least the digit d0 must be written out")]
    Empty,
    /// A digit above 15 (a move leaving more than three heaps), or `d0` taking the whole heap or
    /// leaving one heap (it removes nothing).
    #[error("digit {0} is not a take-and-break digit here")]
    Digit(usize),
}

impl Digits {
    /// The digits `d_0, …, d_{c-1}` followed by the repeating `tail` (none: the digit 0 repeats).
    ///
    /// # Errors
    /// [`DigitsError`] when `explicit` is empty, a digit exceeds 15, or `d_0` has bit 1 or 2.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::theory::families::Digits;
    /// let lasker = Digits::new(vec![4], vec![3])?; // 4.[3]
    /// assert_eq!((lasker.digit(0), lasker.digit(1_000_000)), (4, 3));
    /// # Ok(()) }
    /// ```
    pub fn new(explicit: Vec<u8>, tail: Vec<u8>) -> Result<Self, DigitsError> {
        if explicit.is_empty() {
            return Err(DigitsError::Empty);
        }
        if explicit[0] & 3 != 0 {
            return Err(DigitsError::Digit(0));
        }
        if let Some(i) = explicit.iter().chain(&tail).position(|&d| d > 15) {
            return Err(DigitsError::Digit(i));
        }
        Ok(Self {
            explicit: explicit.into(),
            tail: tail.into(),
        })
    }

    /// Digit `d_j`.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn digit(&self, j: u64) -> u8 {
        match usize::try_from(j) {
            Ok(j) if j < self.explicit.len() => self.explicit[j],
            _ if self.tail.is_empty() => 0,
            _ => {
                let offset = (j - self.tail_start()) % self.tail_period();
                self.tail[offset as usize]
            }
        }
    }

    /// `c`: the first digit of the tail.
    pub fn tail_start(&self) -> u64 {
        self.explicit.len() as u64
    }

    /// `q`: the period of the tail (1 without a tail).
    pub fn tail_period(&self) -> u64 {
        self.tail.len().max(1) as u64
    }

    /// `K`: the most heaps a move leaves.
    pub fn max_heaps(&self) -> u32 {
        self.explicit
            .iter()
            .chain(self.tail.iter())
            .map(|&d| if d == 0 { 0 } else { d.ilog2() })
            .max()
            .unwrap_or(0)
    }
}

/// Which check of the family criterion failed (the numbering of `docs/arithmetic-periodicity.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FamilyFailure {
    /// The code splits heaps and the saltus over `P = lcm(p, q)` is neither 0 nor a power of two.
    #[error("with splits the saltus over lcm(p, q) must be 0 or a power of two")]
    Saltus,
    /// `B < max(n0, 1)`.
    #[error("the small-part bound must be at least max(n0, 1)")]
    SmallBound,
    /// Fewer checked values than `c + K·B + P`.
    #[error("the criterion needs {needed} checked values")]
    ShortRange {
        /// `c + K·B + P`.
        needed: u64,
    },
    /// The check would take more work than the criterion allows itself.
    #[error("the check would examine too many families")]
    TooMuchWork,
    /// A family may reach the predicted value of heaps `N ≡ heap (mod P)` (condition E).
    #[error("a family of options may reach the predicted value of heap {heap}")]
    Exclusion {
        /// The least heap of the residue class concerned.
        heap: u64,
    },
    /// The exactly known families miss a smaller value for heaps `N ≡ heap (mod P)` (condition C).
    #[error("no family is known to reach value {value} from heap {heap}")]
    Covering {
        /// The least heap of the residue class concerned.
        heap: u64,
        /// A value below the prediction that is not covered (at `heap`).
        value: u128,
    },
}

/// The values `Π(n)` the criterion predicts: the checked values, then `Π(n) = Π(n - p) + s`.
struct Prediction<'a, T> {
    values: &'a [T],
    n0: u64,
    p: u64,
    s: u64,
}

impl<T: Element> Prediction<'_, T> {
    fn at(&self, n: u64) -> u128 {
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return u128::from(v.into());
        }
        let offset = n - self.n0;
        let index = (self.n0 + offset % self.p) as usize;
        u128::from(self.values[index].into()) + u128::from(self.s) * u128::from(offset / self.p)
    }
}

/// What the exactly known families reach, by low part `λ`, at the least heap of one residue.
#[derive(Default)]
struct Reach {
    /// High parts of constant values.
    constants: Vec<u128>,
    /// `[lo, hi]` ranges of high parts (one large part, any number of tokens of the tail taken).
    ranges: Vec<(u128, u128)>,
    /// High parts reached by one large part and a written-out digit.
    tops: Vec<u128>,
}

/// Calls `f` with every non-decreasing sequence of `length` numbers from `range`.
fn multisets(length: usize, range: std::ops::Range<u64>, f: &mut impl FnMut(&[u64])) {
    fn walk(
        length: usize,
        range: &std::ops::Range<u64>,
        from: u64,
        current: &mut Vec<u64>,
        f: &mut impl FnMut(&[u64]),
    ) {
        if current.len() == length {
            f(current);
            return;
        }
        for x in from..range.end {
            current.push(x);
            walk(length, range, x, current, f);
            current.pop();
        }
    }
    walk(length, &range, range.start, &mut Vec::new(), f);
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1u128, |acc, i| acc.saturating_mul(n + k - 1 - i) / (i + 1))
}

/// The family criterion's checks (`docs/arithmetic-periodicity.md`, conditions E and C) for the
/// Grundy values `values` of the code `digits`, which satisfy `a(n + p) = a(n) + s` for
/// `n0 <= n < checked_to - p` (the caller checks that relation), with small parts below
/// `small_below`.
///
/// # Complexity
/// `O(P · (c + 1) · Σ_k B^i P^(k-i))` family examinations for `P = lcm(p, q)` and at most `K` heaps
/// left, refused beyond 2^26.
///
/// # Errors
/// The first [`FamilyFailure`].
pub(crate) fn check<T: Element>(
    values: &[T],
    n0: u64,
    p: u64,
    s: u64,
    checked_to: u64,
    digits: &Digits,
    small_below: u64,
) -> Result<(), FamilyFailure> {
    let q = digits.tail_period();
    let c = digits.tail_start();
    let heaps = digits.max_heaps();
    let big_p = p
        .checked_div(num_integer::gcd(p, q))
        .and_then(|x| x.checked_mul(q))
        .ok_or(FamilyFailure::TooMuchWork)?;
    let big_s = u128::from(s) * u128::from(big_p / p);
    if heaps >= 2 && big_s != 0 && !big_s.is_power_of_two() {
        return Err(FamilyFailure::Saltus);
    }
    let b = small_below;
    if b < n0.max(1) {
        return Err(FamilyFailure::SmallBound);
    }
    let needed = u64::from(heaps)
        .checked_mul(b)
        .and_then(|x| x.checked_add(c))
        .and_then(|x| x.checked_add(big_p))
        .ok_or(FamilyFailure::TooMuchWork)?;
    if checked_to < needed || (values.len() as u64) < checked_to {
        return Err(FamilyFailure::ShortRange { needed });
    }
    // The work: residues × digit kinds × families.
    let (bp, bb) = (u128::from(big_p), u128::from(b));
    let per_residue: u128 = (0..=u128::from(heaps))
        .flat_map(|k| (0..=k).map(move |i| (k, i)))
        .map(|(k, i)| binomial(bb, i).saturating_mul(binomial(bp, k - i)))
        .fold(0u128, u128::saturating_add);
    let work = bp
        .saturating_mul(u128::from(c) + 1)
        .saturating_mul(per_residue);
    if work > MAX_FAMILY_WORK {
        return Err(FamilyFailure::TooMuchWork);
    }
    let prediction = Prediction {
        values: &values[..checked_to as usize],
        n0,
        p,
        s,
    };
    for heap in checked_to..checked_to + big_p {
        check_residue(&prediction, digits, heap, big_p, big_s, b)?;
    }
    Ok(())
}

/// Conditions E and C for the heaps `N ≡ heap (mod P)`, `N >= heap`.
#[allow(
    clippy::too_many_lines,
    reason = "one pass over the families, kept together with its proof"
)]
fn check_residue<T: Element>(
    prediction: &Prediction<'_, T>,
    digits: &Digits,
    heap: u64,
    big_p: u64,
    big_s: u128,
    b: u64,
) -> Result<(), FamilyFailure> {
    let c = digits.tail_start();
    let heaps = digits.max_heaps() as usize;
    let value = |n: u64| prediction.at(n);
    let predicted = value(heap);
    let exclusion = Err(FamilyFailure::Exclusion { heap });
    let (p_wide, n_wide) = (i128::from(big_p), i128::from(heap));
    // Low part, high part and ψ(x) = P·h(x) - x (for s >= 1).
    let split = |v: u128| (v % big_s.max(1), v / big_s.max(1));
    let psi = |x: u64, v: u128| p_wide * split(v).1.cast_signed() - i128::from(x);
    let (low_n, high_n) = split(predicted);
    let psi_n = psi(heap, predicted);
    let mut exact_values = std::collections::BTreeSet::new();
    let mut reach: BTreeMap<u128, Reach> = BTreeMap::new();
    // A constant value X (no large part, tokens of the tail taken).
    let mut constant = |x: u128, reach: &mut BTreeMap<u128, Reach>| -> Result<(), FamilyFailure> {
        if big_s == 0 {
            if x == predicted {
                return exclusion;
            }
            exact_values.insert(x);
        } else {
            if x >= predicted && (x - predicted).is_multiple_of(big_s) {
                return exclusion;
            }
            let (low, high) = split(x);
            reach.entry(low).or_default().constants.push(high);
        }
        Ok(())
    };
    // Take the whole heap: j = N lies in the tail.
    if digits.digit(heap) & 1 != 0 {
        constant(0, &mut reach)?;
    }
    let mut failure = None;
    let mut exact = Vec::new();
    for k in 1..=heaps {
        for small_count in 0..=k {
            let large_count = k - small_count;
            multisets(small_count, 1..b, &mut |small: &[u64]| {
                if failure.is_some() {
                    return;
                }
                let small_sum: u64 = small.iter().sum();
                let small_xor = small.iter().fold(0u128, |x, &a| x ^ value(a));
                let small_low_xor = small.iter().fold(0u128, |x, &a| x ^ split(value(a)).0);
                let small_psi: i128 = small.iter().map(|&a| psi(a, value(a))).sum();
                if large_count == 0 {
                    // Only the tail can leave small parts only (N is beyond the written digits).
                    let j = heap - small_sum;
                    if digits.digit(j) & (1 << k) != 0
                        && let Err(e) = constant(small_xor, &mut reach)
                    {
                        failure = Some(e);
                    }
                    return;
                }
                multisets(large_count, b..b + big_p, &mut |large: &[u64]| {
                    if failure.is_some() {
                        return;
                    }
                    let large_sum: u64 = large.iter().sum();
                    let rest = n_wide - i128::from(small_sum) - i128::from(large_sum);
                    // The written-out digits, then the tail (its least j of the right residue).
                    let residue = rest.rem_euclid(p_wide);
                    let tail_j = i128::from(c) + (residue - i128::from(c)).rem_euclid(p_wide);
                    let kinds = (0..c)
                        .map(|j| (i128::from(j), false))
                        .chain(std::iter::once((tail_j, true)));
                    for (j, tail) in kinds {
                        if (rest - j).rem_euclid(p_wide) != 0
                            || digits.digit(j as u64) & (1 << k) == 0
                        {
                            continue;
                        }
                        // Periods the large parts have grown by, together (negative: not yet
                        // realisable at this N, but at a larger N of the residue).
                        let grown = (rest - j).div_euclid(p_wide);
                        let large_xor = large.iter().fold(0u128, |x, &a| x ^ value(a));
                        if big_s == 0 {
                            let v = small_xor ^ large_xor;
                            if v == predicted {
                                failure = Some(FamilyFailure::Exclusion { heap });
                                return;
                            }
                            if grown >= 0 {
                                exact.push(v);
                            }
                            continue;
                        }
                        if large_count == 1 && small_xor < big_s {
                            let v = value(large[0]);
                            let low = split(v).0 ^ small_xor;
                            let lo = split(v).1.cast_signed();
                            let hi = lo + grown;
                            let entry = reach.entry(low).or_default();
                            if tail {
                                if low == low_n && hi >= high_n.cast_signed() {
                                    failure = Some(FamilyFailure::Exclusion { heap });
                                    return;
                                }
                                if grown >= 0 {
                                    entry.ranges.push((lo.cast_unsigned(), hi.cast_unsigned()));
                                }
                            } else {
                                if low == low_n && hi == high_n.cast_signed() {
                                    failure = Some(FamilyFailure::Exclusion { heap });
                                    return;
                                }
                                if grown >= 0 {
                                    entry.tops.push(hi.cast_unsigned());
                                }
                            }
                            continue;
                        }
                        // Bounded only: the high part of a xor is at most the sum of the high
                        // parts, P·(h(N) − Σ h) = j + ψ(N) − Σ ψ.
                        let low = large
                            .iter()
                            .fold(small_low_xor, |x, &a| x ^ split(value(a)).0);
                        if low != low_n {
                            continue;
                        }
                        let large_psi: i128 = large.iter().map(|&a| psi(a, value(a))).sum();
                        if j + psi_n - small_psi - large_psi <= 0 {
                            failure = Some(FamilyFailure::Exclusion { heap });
                            return;
                        }
                    }
                });
            });
            if let Some(failure) = failure {
                return Err(failure);
            }
        }
    }
    if big_s == 0 {
        exact_values.extend(exact);
        return match (0..predicted).find(|v| !exact_values.contains(v)) {
            Some(v) => Err(FamilyFailure::Covering { heap, value: v }),
            None => Ok(()),
        };
    }
    let ranges: usize = reach.values().map(|r| r.ranges.len()).sum();
    if (ranges as u128) < big_s {
        let low = (0..big_s)
            .find(|low| reach.get(low).is_none_or(|r| r.ranges.is_empty()))
            .unwrap_or(0);
        return Err(FamilyFailure::Covering { heap, value: low });
    }
    for low in 0..big_s {
        let missing = |high: u128| FamilyFailure::Covering {
            heap,
            value: high * big_s + low,
        };
        let Some(r) = reach.get(&low).filter(|r| !r.ranges.is_empty()) else {
            return Err(missing(0));
        };
        // (1) Constants and ranges cover every high part up to the highest range's top.
        let top = r.ranges.iter().map(|&(_, hi)| hi).max().unwrap_or(0);
        let mut pieces: Vec<(u128, u128)> = r.ranges.clone();
        pieces.extend(r.constants.iter().map(|&h| (h, h)));
        pieces.sort_unstable();
        let mut next = 0u128;
        for &(lo, hi) in &pieces {
            if lo > next {
                break;
            }
            next = next.max(hi + 1);
        }
        if next <= top {
            return Err(missing(next));
        }
        // (2) The tops cover every high part above that, up to the prediction.
        let needed = high_n + u128::from(low < low_n);
        if needed.saturating_sub(top + 1) > r.tops.len() as u128 {
            let high = (top + 1..needed)
                .find(|h| !r.tops.contains(h))
                .unwrap_or(top + 1);
            return Err(missing(high));
        }
        let mut high = top + 1;
        while high < needed {
            if !r.tops.contains(&high) {
                return Err(missing(high));
            }
            high += 1;
        }
    }
    Ok(())
}
