//! The searches for a period: Brent's cycle search under the window criterion, the Guy–Smith
//! search, the all-but criterion, the family criterion of take-and-break codes, and the
//! least consistent period of an unproved observation. Each certificate it returns is built
//! from values it has checked.

use std::collections::HashMap;

use super::{Certificate, CertificateError, Observation, Periodicity, Search, Theorem};
use crate::theory::compact::{Element, View, on_view};
use crate::theory::families::{Digits, FamilyFailure};

/// How many windows after the first [`search_window`] keeps to recognise when they recur: the
/// preperiods for which it reads no more terms than its certificate needs.
const ANCHORS: usize = 4096;

/// Searches a sequence obeying the window hypothesis (each term from index `window` on is a
/// function of the `window` terms before it) for its period, reading at most `limit` terms.
///
/// The sequence of windows is deterministic, so a window that recurs proves the period: the
/// windows ending at `t, …, t + ANCHORS` are kept (by a rolling hash, confirmed term by term),
/// and the first time one of them recurs the search stops — for a preperiod `n0 <= ANCHORS` that
/// is after exactly the `n0 + p + t` terms the certificate needs. Beyond them Brent's
/// cycle-finding algorithm on windows finds the least period `p`. The least preperiod for it is
/// then found by scanning backwards. Returns the search result and every term read.
///
/// # Complexity
/// `O(n0 + p + t)` terms read — exactly `n0 + p + t` when `n0 <= 4096`, else up to a factor 3
/// (Brent) —, `O(1)` work per term plus `O(t)` per hash match; memory: the terms read.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::period::{search_window, Search};
/// // a(n) = mex{a(n-1), a(n-3), a(n-4)}: the subtraction game {1, 3, 4}.
/// let mut a = vec![];
/// for n in 0..40usize {
///     let mut seen = [false; 5];
///     for s in [1, 3, 4] { if s <= n { seen[a[n - s] as usize] = true; } }
///     a.push(u32::try_from(seen.iter().position(|&x| !x).ok_or("no value is missing")?)?);
/// }
/// let (search, _) = search_window(a.into_iter(), 4, 40);
/// let Search::Certified(certificate) = search else { panic!() };
/// assert_eq!((certificate.periodicity().preperiod(), certificate.periodicity().period()), (0, 7));
/// assert_eq!(certificate.checked_to(), 11);
/// # Ok(()) }
/// ```
pub fn search_window(
    mut values: impl Iterator<Item = u32>,
    window: u64,
    limit: u64,
) -> (Search, Vec<u32>) {
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let not_found = |seq: Vec<u32>| {
        (
            Search::NotFound {
                checked_to: seq.len() as u64,
            },
            seq,
        )
    };
    let t = window.max(1) as usize;
    let mut seq: Vec<u32> = Vec::new();
    let base_to_t = wrapping_power(BASE, window.max(1));
    let mut hash = 0u64;
    // `hash` is the hash of the window ending at `seq.len()`: seq[len - t..len].
    let mut push = |seq: &mut Vec<u32>, hash: &mut u64| -> bool {
        let Some(value) = values.next() else {
            return false;
        };
        *hash = hash.wrapping_mul(BASE).wrapping_add(u64::from(value) + 1);
        if seq.len() >= t {
            *hash = hash.wrapping_sub((u64::from(seq[seq.len() - t]) + 1).wrapping_mul(base_to_t));
        }
        seq.push(value);
        true
    };
    // The first window that the deterministic map applies to ends at index t (a window of
    // 2^64 − 1 values never fits a limit, so saturating is exact).
    let first = window.max(1).saturating_add(1);
    while (seq.len() as u64) < first.min(limit) {
        if !push(&mut seq, &mut hash) {
            return not_found(seq);
        }
    }
    if (seq.len() as u64) < first {
        return not_found(seq);
    }
    // Brent: tortoise at window end t, hare at t + 1.
    let mut tortoise = t;
    let mut tortoise_hash = {
        let mut h = 0u64;
        for &v in &seq[..t] {
            h = h.wrapping_mul(BASE).wrapping_add(u64::from(v) + 1);
        }
        h
    };
    let (mut power, mut lambda) = (1usize, 1usize);
    // The windows ending at t, …, t + ANCHORS, by hash: the first that recurs gives the period
    // as soon as the certificate's values are read.
    let mut anchors: HashMap<u64, usize> = HashMap::from([(tortoise_hash, t)]);
    loop {
        let hare = seq.len();
        if let Some(&anchor) = anchors.get(&hash)
            && seq[hare - t..hare] == seq[anchor - t..anchor]
        {
            tortoise = anchor;
            lambda = hare - anchor;
            break;
        }
        if hare <= t + ANCHORS {
            anchors.entry(hash).or_insert(hare);
        }
        if hash == tortoise_hash && seq[hare - t..hare] == seq[tortoise - t..tortoise] {
            break;
        }
        if power == lambda {
            tortoise = hare;
            tortoise_hash = hash;
            power *= 2;
            lambda = 0;
        }
        if seq.len() as u64 >= limit {
            return not_found(seq);
        }
        if !push(&mut seq, &mut hash) {
            return not_found(seq);
        }
        lambda += 1;
    }
    let p = lambda;
    let mut n0 = tortoise - t;
    while n0 > 0 && seq[n0 - 1] == seq[n0 - 1 + p] {
        n0 -= 1;
    }
    let periodicity = Periodicity {
        preperiod: n0 as u64,
        period: p as u64,
        saltus: 0,
        values: seq[..n0 + p].iter().copied().collect(),
    };
    let certificate = Certificate {
        periodicity,
        theorem: Theorem::Window { window: t as u64 },
        checked_to: (n0 + p + t) as u64,
        digits: None,
    };
    (Search::Certified(certificate), seq)
}

/// The least period `p` (ordinary or arithmetic), with the least preperiod for it, whose relation
/// `a(n + p) = a(n) + s` holds over at least `margin(p)` values at the top of `values`: the
/// periodic forms of a table's rules (`theory::pattern`). Nothing is proved.
///
/// # Complexity
/// `O(len)`.
pub(crate) fn least_period(values: &[u32], margin: impl Fn(usize) -> usize) -> Option<Periodicity> {
    least_consistent_linear(values, margin)
}

/// [`least_consistent`] in `O(len)` time and 4 bytes per value: the run of `a(i + p) = a(i) + s`
/// down from the top is one more than the longest common prefix of the differences read from the
/// top down with themselves shifted by `p` — the Z-function of that sequence — so every candidate
/// costs `O(1)` instead of a walk (sequences that grow like `G(n) = n` for long stretches, as
/// all-but games do, made the walk quadratic).
fn least_consistent_linear<T: Element>(
    values: &[T],
    margin: impl Fn(usize) -> usize,
) -> Option<Periodicity> {
    let len = values.len();
    if len < 2 {
        return None;
    }
    let at = |i: usize| u64::from(values[i].into());
    // c(k) = a(len - 1 - k) - a(len - 2 - k) for k < len - 1; compared without subtracting.
    let top = len - 1;
    let same = |x: usize, y: usize| at(top - x) + at(top - 1 - y) == at(top - y) + at(top - 1 - x);
    let z = z_function(top, same);
    for p in 1..len {
        if at(len - 1).checked_sub(at(len - 1 - p)).is_some() {
            let run = 1 + z.get(p).map_or(0, |&z| z as usize);
            if run >= margin(p) {
                let n0 = len - p - run;
                return Some(Periodicity {
                    preperiod: n0 as u64,
                    period: p as u64,
                    saltus: at(len - 1) - at(len - 1 - p),
                    values: values[..n0 + p].iter().map(|&v| v.into()).collect(),
                });
            }
        }
        if 2 * p > len {
            break;
        }
    }
    None
}

/// `z[i]`: the length of the longest common prefix of a sequence of length `n` and its suffix
/// from `i` (`z[0] = 0`), with elements compared by `same(x, y)`.
fn z_function(n: usize, same: impl Fn(usize, usize) -> bool) -> Vec<u32> {
    let mut z = vec![0u32; n];
    let (mut left, mut right) = (0usize, 0usize);
    for i in 1..n {
        let mut k = if i < right {
            (z[i - left] as usize).min(right - i)
        } else {
            0
        };
        while i + k < n && same(k, i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > right {
            left = i;
            right = i + k;
        }
    }
    z
}

/// `base^exponent` modulo `2^64`, by squaring: `O(log exponent)` for a window of any size.
fn wrapping_power(mut base: u64, mut exponent: u64) -> u64 {
    let mut power = 1u64;
    while exponent > 0 {
        if exponent & 1 == 1 {
            power = power.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exponent >>= 1;
    }
    power
}

/// The least period consistent with the tail of `values` and the least preperiod for it, such that
/// the relation holds on at least `margin(p)` terms past one period. `None` when no period qualifies.
/// The definition, walking down from the top for each candidate: the reference for
/// [`least_consistent_linear`].
#[cfg(test)]
fn least_consistent<T: Element>(
    values: &[T],
    margin: impl Fn(usize) -> usize,
) -> Option<Periodicity> {
    let at = |i: usize| u64::from(values[i].into());
    let len = values.len();
    for p in 1..len {
        let last = at(len - 1);
        let Some(s) = last.checked_sub(at(len - 1 - p)) else {
            continue;
        };
        // The relation must hold over the whole margin: test its far end first, so that a
        // candidate failing there costs one comparison, not a walk over the values above it.
        let far_end_holds = len
            .checked_sub(p + margin(p))
            .is_some_and(|far| at(far + p) == at(far) + s);
        if !far_end_holds {
            if 2 * p > len {
                break;
            }
            continue;
        }
        let mut n0 = len - p;
        while n0 > 0 && at(n0 - 1 + p) == at(n0 - 1) + s {
            n0 -= 1;
        }
        if len - p - n0 >= margin(p) {
            return Some(Periodicity {
                preperiod: n0 as u64,
                period: p as u64,
                saltus: s,
                values: values[..n0 + p].iter().map(|&v| v.into()).collect(),
            });
        }
        if 2 * p > len {
            break;
        }
    }
    None
}

/// Tries to certify the periodicity of an octal game's Grundy sequence from its first
/// `values.len()` terms by the Guy–Smith theorem ([`Theorem::GuySmith`]): the least period the
/// data proves, with its least preperiod (at least 1); `None` means more terms are needed.
///
/// # Complexity
/// As [`certify_all_but`].
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::period::certify_guy_smith;
/// // A sequence with period 3 from index 1, from a code with t = 2 and two-heap splits.
/// let values: Vec<u32> = (0..40).map(|n| if n == 0 { 0 } else { [1, 2, 3][n % 3] }).collect();
/// let certificate = certify_guy_smith(&values, 2, 2).ok_or("none")?;
/// assert_eq!((certificate.periodicity().preperiod(), certificate.periodicity().period(), certificate.checked_to()), (1, 3, 10));
/// # Ok(()) }
/// ```
pub fn certify_guy_smith<'a>(
    values: impl Into<View<'a>>,
    last_digit: u64,
    heaps: u64,
) -> Option<Certificate> {
    let values = values.into();
    match search_guy_smith(values, last_digit, heaps) {
        GuySmithSearch::Proved {
            preperiod,
            period,
            needed,
        } => Some(Certificate {
            periodicity: Periodicity {
                preperiod,
                period,
                saltus: 0,
                values: values.prefix((preperiod + period) as usize),
            },
            theorem: Theorem::GuySmith { last_digit, heaps },
            checked_to: needed,
            digits: None,
        }),
        _ => None,
    }
}

/// What [`search_guy_smith`] found in the values so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuySmithSearch {
    /// The least period the values prove, its least preperiod (at least 1), and the number of
    /// values the theorem needs (at most the number given).
    Proved {
        /// `n0`.
        preperiod: u64,
        /// `p`.
        period: u64,
        /// `k (n0 + p) + t`.
        needed: u64,
    },
    /// Nothing proved yet, but this period holds over the last `max(p / 8, 4096)` values or more:
    /// `needed` values prove it if it goes on holding.
    Promising {
        /// `n0` as far as the values tell.
        preperiod: u64,
        /// `p`.
        period: u64,
        /// `k (n0 + p) + t`.
        needed: u64,
    },
    /// Neither.
    Nothing,
}

/// The shortest stretch at the end of the values over which a period counts as promising.
const PROMISING_STRETCH: usize = 4096;

/// Searches the first `values.len()` terms of an octal game's Grundy sequence for a period the
/// Guy–Smith theorem ([`Theorem::GuySmith`]) proves — the least such, with its least preperiod
/// (at least 1) — or else for a promising one, so that a caller computing more values knows how
/// many would prove it. Reads the values where they are (no copy).
///
/// # Complexity
/// `O(L · q)` for `L` values, with `q` the average number of terms compared per period tried
/// (a wrong period usually fails within a few terms; the multiples of the period holding
/// longest skip the stretch it holds over); no memory beyond the values.
///
/// # Example
/// ```
/// use grundy::period::{GuySmithSearch, search_guy_smith};
/// let values: Vec<u32> = (0..40).map(|n| if n == 0 { 0 } else { [1, 2, 3][n % 3] }).collect();
/// let found = search_guy_smith(&values, 2, 2);
/// assert_eq!(found, GuySmithSearch::Proved { preperiod: 1, period: 3, needed: 10 });
/// ```
pub fn search_guy_smith<'a>(
    values: impl Into<View<'a>>,
    last_digit: u64,
    heaps: u64,
) -> GuySmithSearch {
    on_view!(values.into(), values => guy_smith_in(values, last_digit, heaps))
}

fn guy_smith_in<T: Element>(values: &[T], last_digit: u64, heaps: u64) -> GuySmithSearch {
    let len = values.len();
    let mut promising = GuySmithSearch::Nothing;
    // The period tried so far that holds from the earliest point: `(p, n0)` with
    // `G(i + p) = G(i)` for `n0 <= i < len - p`. A multiple `k p` of it then holds over the same
    // stretch, so its walk down starts at `n0` instead of re-reading the stretch: without this, a
    // sequence periodic over a long stretch (`0.376`: period 4 over 2.27 million values) costs
    // that stretch for each of its `len / 2p` multiples.
    let mut earliest: Option<(usize, usize)> = None;
    for p in 1..len / 2 {
        let mut n0 = match earliest {
            Some((q, from)) if p % q == 0 => from.min(len - p),
            _ => len - p,
        };
        while n0 > 0 && values[n0 - 1 + p] == values[n0 - 1] {
            n0 -= 1;
        }
        if earliest.is_none_or(|(_, from)| n0 < from) {
            earliest = Some((p, n0));
        }
        let n0 = n0.max(1);
        // The least period that the data proves. A smaller period consistent over a stretch but
        // not yet provable is skipped: were it a true period, it would need no more values than
        // any multiple of it, so it would be proved first.
        let needed = heaps * (n0 + p) as u64 + last_digit;
        let stretch = len - p - n0;
        let (preperiod, period) = (n0 as u64, p as u64);
        if stretch > p && needed <= len as u64 {
            return GuySmithSearch::Proved {
                preperiod,
                period,
                needed,
            };
        }
        if promising == GuySmithSearch::Nothing && stretch >= (p / 8).max(PROMISING_STRETCH) {
            promising = GuySmithSearch::Promising {
                preperiod,
                period,
                needed,
            };
        }
    }
    promising
}

/// Tries to certify the arithmetic periodicity of an all-but game's Grundy sequence from its first
/// `values.len()` terms by the all-but criterion ([`Theorem::AllBut`]), with `largest_excluded` the
/// largest excluded amount. The least period consistent with the data is tried; `None` means more
/// terms are needed (the caller doubles and calls again).
///
/// # Complexity
/// `O(L)` for `L` terms (a Z-function over the differences, read from the top down); memory 4
/// bytes per term besides the terms.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::period::certify_all_but;
/// // Nim with 1 forbidden: G = 0 0 1 1 2 2 3 3 … (period 2, saltus 1).
/// let values: Vec<u32> = (0..40).map(|n| n / 2).collect();
/// let certificate = certify_all_but(&values, 1).ok_or("none")?;
/// assert_eq!((certificate.periodicity().period(), certificate.periodicity().saltus()), (2, 1));
/// assert!(certificate.verify(&values).is_ok());
/// # Ok(()) }
/// ```
pub fn certify_all_but(values: &[u32], largest_excluded: u64) -> Option<Certificate> {
    let x = largest_excluded as usize;
    let periodicity = least_consistent_linear(values, |p| p + 2 * x)?;
    let (n0, p, s) = (
        periodicity.preperiod as usize,
        periodicity.period as usize,
        periodicity.saltus,
    );
    // The least N meeting every condition; each condition only gets easier as N grows.
    let mut first_seen: Vec<Option<usize>> = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        let v = v as usize;
        if v >= first_seen.len() {
            first_seen.resize(v + 1, None);
        }
        first_seen[v].get_or_insert(i);
    }
    let first = |v: u64| first_seen.get(v as usize).copied().flatten();
    let in_first_period = |v: u64| first(v).is_some_and(|i| i < n0 + p);
    // Condition 1.
    let mut needed = n0 + p + 2 * x;
    // Condition 2.
    if !(0..s).all(in_first_period) {
        return None;
    }
    // Condition 3: u must occur in a(n0..N - p), so N > (its first occurrence at or after n0) + p.
    // The first occurrences at or after n0 are found in one pass, not one scan per u.
    let mut first_periodic: Vec<Option<usize>> = vec![None; first_seen.len()];
    for (i, &v) in values.iter().enumerate().skip(n0) {
        first_periodic[v as usize].get_or_insert(i);
    }
    for u in values[..n0].iter().map(|&u| u64::from(u)) {
        if !in_first_period(u + s) {
            let at = first_periodic.get(u as usize).copied().flatten()?;
            needed = needed.max(at + p + 1);
        }
    }
    // Condition 4: mex A(N - p) must exceed max A(n0 + p) - s.
    let largest = values[..n0 + p]
        .iter()
        .map(|&v| u64::from(v))
        .max()
        .unwrap_or(0);
    for v in 0..(largest + 1).saturating_sub(s) {
        needed = needed.max(first(v)? + 1 + p);
    }
    if needed > values.len() {
        return None;
    }
    Some(Certificate {
        periodicity,
        theorem: Theorem::AllBut { largest_excluded },
        checked_to: needed as u64,
        digits: None,
    })
}

/// The family criterion ([`Theorem::TakeAndBreakFamilies`]) applied to the Grundy values of the
/// code `digits`: the least arithmetic periodicity consistent with the values, proved with the
/// least small-part bound `B` among `max(n0, 1) + k·P` (`k = 0, 1, 2`) and the least number of
/// checked values (from `c + K·B + P`, doubling) that the checks accept. The caller vouches that
/// `values` are the code's Grundy values.
///
/// # Complexity
/// `O(L)` for the periodicity, then at most a few dozen runs of the family check (see
/// `docs/arithmetic-periodicity.md`), each `O(P · (c + 1) · Σ_k B^i P^(k-i))`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::period::certify_take_and_break;
/// use grundy::theory::families::Digits;
/// // Lasker's Nim 4.[3]: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
/// let values: Vec<u32> = (0..64u32)
///     .map(|n| match n % 4 { _ if n == 0 => 0, 3 => n + 1, 0 => n - 1, _ => n })
///     .collect();
/// let digits = Digits::new(vec![4], vec![3])?;
/// let certificate = certify_take_and_break(&values, &digits).ok_or("not proved")?;
/// let periodicity = certificate.periodicity();
/// assert_eq!((periodicity.preperiod(), periodicity.period(), periodicity.saltus()), (1, 4, 4));
/// assert!(certificate.verify(&values).is_ok());
/// # Ok(()) }
/// ```
pub fn certify_take_and_break<'a>(
    values: impl Into<View<'a>>,
    digits: &Digits,
) -> Option<Certificate> {
    let values = values.into();
    on_view!(values, values => certify_families_values(values, digits))
}

fn certify_families_values<T: Element>(values: &[T], digits: &Digits) -> Option<Certificate> {
    let len = values.len() as u64;
    // The periodicity an observation would report; the checks then decide.
    let periodicity = least_consistent_linear(values, |p| (2 * p).max(values.len() / 2))?;
    let (n0, p) = (periodicity.preperiod, periodicity.period);
    let q = digits.tail_period();
    let big_p = (p / num_integer::gcd(p, q)).checked_mul(q)?;
    let heaps = u64::from(digits.max_heaps());
    for k in 0..3u64 {
        let small_below = n0.max(1).checked_add(big_p.checked_mul(k)?)?;
        let least = digits
            .tail_start()
            .checked_add(heaps.checked_mul(small_below)?)?
            .checked_add(big_p)?
            .max(n0 + p);
        let mut checked_to = least;
        while checked_to <= len {
            let stored = periodicity.clone();
            let certificate = Certificate {
                periodicity: stored,
                theorem: Theorem::TakeAndBreakFamilies { small_below },
                checked_to,
                digits: Some(Box::new(digits.clone())),
            };
            match certificate.verify_values(values) {
                Ok(()) => return Some(certificate),
                // More values do not help these.
                Err(CertificateError::Families(
                    FamilyFailure::Saltus | FamilyFailure::TooMuchWork,
                )) => return None,
                Err(_) => {}
            }
            checked_to = checked_to.checked_mul(2)?;
        }
    }
    None
}

/// The least period (ordinary or arithmetic) that holds over at least the second half of `values`
/// and repeats at least three times there. Nothing is proved: the result is an observation.
///
/// # Complexity
/// `O(L · q)` as for [`certify_all_but`].
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::period::observe;
/// let values: Vec<u32> = (0..100).map(|n| [5, 0, 1, 2][(n % 3 + 1) * usize::from(n > 0)]).collect();
/// let observation = observe(&values).ok_or("none")?;
/// assert_eq!((observation.periodicity().preperiod(), observation.periodicity().period()), (1, 3));
/// # Ok(()) }
/// ```
pub fn observe<T: Element>(values: &[T]) -> Option<Observation> {
    let len = values.len();
    let periodicity = least_consistent_linear(values, |p| (2 * p).max(len / 2))?;
    Some(Observation {
        periodicity,
        checked_to: len as u64,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_linear_search_finds_what_the_walk_finds() {
        // Random sequences built to be arithmetic-periodic from some point, some broken near the
        // top, compared on several margins.
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        for _ in 0..3000 {
            let preperiod = next(30) as usize;
            let period = next(12) as usize + 1;
            let saltus = next(3) as u32;
            let len = preperiod + period + next(80) as usize;
            let mut values: Vec<u32> = (0..preperiod + period).map(|_| next(6) as u32).collect();
            while values.len() < len {
                let v = values[values.len() - period] + saltus;
                values.push(v);
            }
            if next(4) == 0 && len > 2 {
                let at = next(len as u64) as usize;
                values[at] = next(6) as u32;
            }
            for extra in [0usize, 1, 5] {
                let margin = |p: usize| p + 2 * extra;
                assert_eq!(
                    least_consistent_linear(&values, margin),
                    least_consistent(&values, margin),
                    "{values:?}"
                );
            }
        }
    }

    use std::collections::BTreeSet;

    use super::*;
    use crate::theory::compact::CompactValues;
    use crate::theory::period::residue_certificate;

    /// The Guy–Smith search as it reads without the shortcut for multiples: every period walks
    /// its whole stretch.
    fn guy_smith_by_walks(values: &[u32], last_digit: u64, heaps: u64) -> GuySmithSearch {
        let len = values.len();
        let mut promising = GuySmithSearch::Nothing;
        for p in 1..len / 2 {
            let mut n0 = len - p;
            while n0 > 0 && values[n0 - 1 + p] == values[n0 - 1] {
                n0 -= 1;
            }
            let n0 = n0.max(1);
            let needed = heaps * (n0 + p) as u64 + last_digit;
            let stretch = len - p - n0;
            let (preperiod, period) = (n0 as u64, p as u64);
            if stretch > p && needed <= len as u64 {
                return GuySmithSearch::Proved {
                    preperiod,
                    period,
                    needed,
                };
            }
            if promising == GuySmithSearch::Nothing && stretch >= (p / 8).max(PROMISING_STRETCH) {
                promising = GuySmithSearch::Promising {
                    preperiod,
                    period,
                    needed,
                };
            }
        }
        promising
    }

    #[test]
    fn the_guy_smith_search_skipping_multiples_finds_what_every_walk_finds() {
        // Sequences periodic over a long stretch before the Guy–Smith theorem proves it (as 0.376
        // is: period 4 from 2 268 248, proved at 4 536 507 values), broken near the top, or not
        // periodic at all.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        for round in 0..400 {
            let preperiod = next(if round % 4 == 0 { 6000 } else { 300 }) as usize;
            let period = next(6) as usize + 1;
            let len = preperiod + period + next(9000) as usize;
            let mut values: Vec<u32> = (0..preperiod + period).map(|_| next(5) as u32).collect();
            while values.len() < len {
                values.push(values[values.len() - period]);
            }
            match next(5) {
                0 if len > 2 => {
                    let at = len - 1 - next(len as u64 / 2) as usize;
                    values[at] += 1;
                }
                1 => values.iter_mut().for_each(|v| *v = next(7) as u32),
                _ => {}
            }
            for (last_digit, heaps) in [(2, 2), (3, 2), (1, 3)] {
                assert_eq!(
                    search_guy_smith(&values[..], last_digit, heaps),
                    guy_smith_by_walks(&values, last_digit, heaps),
                    "round {round}: n0 {preperiod}, p {period}, len {len}"
                );
            }
        }
    }

    #[test]
    fn a_checked_prefix_needs_its_checks_and_residues_verify() {
        let theorem = Theorem::GuySmith {
            last_digit: 2,
            heaps: 2,
        };
        let first: CompactValues = vec![0, 2, 3, 1].into();
        let certificate = Certificate::from_checked_prefix(1, 3, theorem, 10, first).unwrap();
        assert_eq!(certificate.periodicity().period(), 3);
        let first: CompactValues = vec![0, 2, 3, 1].into();
        assert!(Certificate::from_checked_prefix(1, 3, theorem, 9, first).is_err());
        let residue = residue_certificate(3);
        assert!(residue.verify(&[0, 1, 2, 0, 1]).is_ok());
        assert!(residue.verify(&[0, 1, 0]).is_err());
    }

    fn subtraction(set: &[usize], len: usize) -> Vec<u32> {
        let mut a: Vec<u32> = Vec::new();
        for n in 0..len {
            let options: BTreeSet<u32> =
                set.iter().filter(|&&s| s <= n).map(|&s| a[n - s]).collect();
            a.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        a
    }

    #[test]
    fn window_search_finds_least_period_and_preperiod() {
        // {2, 3, 7}: period 5 (CGSuite), preperiod 2.
        let values = subtraction(&[2, 3, 7], 200);
        let (search, _) = search_window(values.clone().into_iter(), 7, 200);
        let certificate = search.certificate().unwrap();
        assert_eq!(certificate.periodicity.period, 5);
        certificate.verify(&values).unwrap();
        // The preperiod is least: one step earlier breaks the relation.
        let n0 = certificate.periodicity.preperiod as usize;
        assert!(n0 == 0 || values[n0 - 1] != values[n0 - 1 + 5]);
    }

    #[test]
    fn window_search_stops_when_its_certificate_holds() {
        // Sets with and without a preperiod, and {1, 2, k} with 3 | k (period k + 1): the search
        // reads exactly the n0 + p + t values its certificate checks, and finds what a search over
        // the whole table finds.
        for set in [
            &[1, 3, 4][..],
            &[2, 3, 7],
            &[2, 5, 7],
            &[3, 5, 9, 12],
            &[1, 2, 300],
            &[1, 2, 301],
            &[4, 9, 10, 17],
        ] {
            let t = *set.iter().max().unwrap();
            let values = subtraction(set, 4000);
            let (search, read) = search_window(values.clone().into_iter(), t as u64, 4000);
            let certificate = search.certificate().unwrap();
            certificate.verify(&values).unwrap();
            assert_eq!(read.len() as u64, certificate.checked_to(), "{set:?}");
            let p = certificate.periodicity.period as usize;
            let n0 = certificate.periodicity.preperiod as usize;
            assert!(
                (1..p).all(|q| (n0..4000 - q).any(|n| values[n] != values[n + q])),
                "{set:?}"
            );
            assert!(n0 == 0 || values[n0 - 1] != values[n0 - 1 + p], "{set:?}");
        }
    }

    /// docs/theory.md §4: `{1, 2, k}` has `G(n) = n mod 3` when 3 ∤ k, and period k + 1 with
    /// `G = r mod 3` below `r = k` and 3 at it when 3 | k — against the mex, k up to 60.
    #[test]
    fn one_two_k_has_the_closed_form_of_the_theory() {
        for k in 3..=60usize {
            let values = subtraction(&[1, 2, k], 5 * (k + 1));
            for (n, &value) in values.iter().enumerate() {
                let expected = if k % 3 != 0 {
                    n % 3
                } else if n % (k + 1) == k {
                    3
                } else {
                    n % (k + 1) % 3
                };
                assert_eq!(value as usize, expected, "k = {k}, n = {n}");
            }
        }
    }

    #[test]
    fn window_search_respects_the_limit() {
        let values = subtraction(&[2, 5, 7], 100);
        let (search, read) = search_window(values.into_iter(), 7, 20);
        assert_eq!(search, Search::NotFound { checked_to: 20 });
        assert_eq!(read.len(), 20);
    }

    #[test]
    fn verify_rejects_tampering() {
        let values = subtraction(&[1, 3, 4], 50);
        let (search, _) = search_window(values.clone().into_iter(), 4, 50);
        let good = search.certificate().unwrap().clone();
        let mut short = good.clone();
        short.checked_to -= 1;
        assert!(matches!(
            short.verify(&values),
            Err(CertificateError::ShortRange { .. })
        ));
        let mut wrong_period = good.clone();
        wrong_period.periodicity.period = 6;
        let len = wrong_period.periodicity.values.len();
        wrong_period.periodicity.values.truncate(len - 1);
        assert!(wrong_period.verify(&values).is_err());
        let mut saltus = good;
        saltus.periodicity.saltus = 1;
        assert!(saltus.verify(&values).is_err());
    }
}
