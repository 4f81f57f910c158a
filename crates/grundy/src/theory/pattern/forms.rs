//! The rules' values at any position, exactly, and their costs (simplest first).

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{BinaryForm, GridValues, NumberSet, PairSet, Sequence};
use crate::theory::period::Periodicity;

/// Whether `n` has an odd number of 1 bits (is odious).
///
/// # Example
/// ```
/// use grundy::theory::pattern::popcount_parity;
/// let odious: Vec<u64> = (0..16).filter(|&n| popcount_parity(n)).collect();
/// assert_eq!(odious, [1, 2, 4, 7, 8, 11, 13, 14]);
/// ```
pub fn popcount_parity(n: u64) -> bool {
    n.count_ones() % 2 == 1
}

/// `⌊kα⌋` for `α = (2 - d + √(d² + 4)) / 2`, exactly: `⌊(isqrt(k²(d² + 4)) - k(d - 2)) / 2⌋`,
/// since `√(k²(d² + 4))` is irrational for `k, d ≥ 1` (`d² + 4` is no square) and halving a
/// number strictly between two integers `j` and `j + 1` floors to `⌊j/2⌋`. `None` for `d = 0`
/// or when the result exceeds `u64`.
///
/// # Complexity
/// One integer square root of `k²(d² + 4)`: machine words up to `k ≈ 2^60`, big integers beyond.
///
/// # Example
/// ```
/// use grundy::theory::pattern::beatty_lower;
/// // d = 1: the golden ratio, Wythoff's lower heaps.
/// let lower: Vec<u64> = (1..8).filter_map(|k| beatty_lower(k, 1)).collect();
/// assert_eq!(lower, [1, 3, 4, 6, 8, 9, 11]);
/// // d = 2: α = √2, the P-positions (⌊k√2⌋, ⌊k√2⌋ + 2k) of 2-Wythoff.
/// assert_eq!(beatty_lower(5, 2), Some(7));
/// ```
pub fn beatty_lower(k: u64, difference: u64) -> Option<u64> {
    if difference == 0 {
        return None;
    }
    let d = u128::from(difference);
    let k = u128::from(k);
    let wide = k
        .checked_mul(k)
        .and_then(|square| square.checked_mul(d.checked_mul(d)?.checked_add(4)?));
    let root = match wide {
        Some(wide) => BigUint::from(wide.isqrt()),
        None => (BigUint::from(k) * BigUint::from(k) * (BigUint::from(d) * d + 4u32)).sqrt(),
    };
    // root ≥ k(d - 2) since k²(d² + 4) > k²(d - 2)².
    let total = if d >= 2 {
        root - BigUint::from(k * (d - 2))
    } else {
        root + BigUint::from(k)
    };
    (total >> 1u32).to_u64()
}

/// The `k ≥ 0` with `beatty_lower(k) = n`, if any (`n = 0` is `k = 0`).
fn beatty_index(n: u64, difference: u64) -> Option<u64> {
    // ⌊kα⌋ grows strictly with k (α > 1), so the least k with ⌊kα⌋ ≥ n is found by bisection.
    let (mut low, mut high) = (0u64, n);
    while low < high {
        let middle = low + (high - low) / 2;
        match beatty_lower(middle, difference) {
            Some(value) if value < n => low = middle + 1,
            _ => high = middle,
        }
    }
    (beatty_lower(low, difference) == Some(n)).then_some(low)
}

/// `n = base^j` for some `j` the parity admits: the exponent, if so.
fn power_exponent(mut n: u64, base: u64) -> Option<u64> {
    if n == 0 || base < 2 {
        return None;
    }
    let mut exponent = 0;
    while n.is_multiple_of(base) {
        n /= base;
        exponent += 1;
    }
    (n == 1).then_some(exponent)
}

/// The term `n` of an (arithmetic-)periodic sequence; `None` past `u64`.
fn periodic_value(periodicity: &Periodicity, n: u64) -> Option<u64> {
    let (index, periods) = periodicity.locate_u64(n);
    let base = u64::from(periodicity.values().get(index));
    periods
        .checked_mul(periodicity.saltus())
        .and_then(|rise| base.checked_add(rise))
}

impl NumberSet {
    /// Whether `n` is a member.
    ///
    /// # Complexity
    /// `O(1)` for residues and bit counts, `O(log n)` for powers, Fibonacci numbers, bands and
    /// Beatty sequences (a bisection of integer square roots), the members' count for finite
    /// parts.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::pattern::{NumberSet, Parity};
    /// // "n is odd or n = 2^j with j odd"
    /// let odd = NumberSet::Periodic { preperiod: 0, period: 2, members: vec![1] };
    /// let powers = NumberSet::Powers { base: 2, exponents: Parity::Odd };
    /// let set = NumberSet::Union(Box::new(odd), Box::new(powers));
    /// let members: Vec<u64> = (0..12).filter(|&n| set.contains(n)).collect();
    /// assert_eq!(members, [1, 2, 3, 5, 7, 8, 9, 11]);
    /// ```
    pub fn contains(&self, n: u64) -> bool {
        match self {
            Self::Finite(members) => members.contains(&n),
            Self::Periodic {
                preperiod,
                period,
                members,
            } => {
                let index = if n < preperiod + period {
                    n
                } else {
                    preperiod + (n - preperiod) % period
                };
                members.binary_search(&index).is_ok()
            }
            Self::Odious => popcount_parity(n),
            Self::Evil => !popcount_parity(n),
            Self::Powers { base, exponents } => {
                power_exponent(n, *base).is_some_and(|j| exponents.admits(j))
            }
            Self::Valuation(parity) => n > 0 && parity.admits(u64::from(n.trailing_zeros())),
            Self::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a < n {
                    let Some(next) = a.checked_add(b) else {
                        return b == n;
                    };
                    (a, b) = (b, next);
                }
                a == n
            }
            Self::Squares => n.isqrt() * n.isqrt() == n,
            Self::Triangular => {
                // n = m(m + 1)/2 iff 8n + 1 is a square.
                let wide = 8 * u128::from(n) + 1;
                wide.isqrt() * wide.isqrt() == wide
            }
            Self::Beatty { difference, upper } => {
                if n == 0 {
                    return false;
                }
                if !*upper {
                    return beatty_index(n, *difference).is_some_and(|k| k >= 1);
                }
                // n = ⌊kα⌋ + dk: k < n / d, and ⌊kα⌋ + dk grows strictly with k.
                let value = |k: u64| {
                    beatty_lower(k, *difference)
                        .and_then(|lower| lower.checked_add(k.checked_mul(*difference)?))
                };
                let (mut low, mut high) = (1u64, n);
                while low < high {
                    let middle = low + (high - low) / 2;
                    match value(middle) {
                        Some(v) if v < n => low = middle + 1,
                        _ => high = middle,
                    }
                }
                value(low) == Some(n)
            }
            Self::Bands { base, low, high } => {
                let (mut low, mut high) = (u128::from(*low), u128::from(*high));
                let n = u128::from(n);
                while low < n {
                    if n <= high {
                        return true;
                    }
                    low *= u128::from(*base);
                    high *= u128::from(*base);
                }
                false
            }
            Self::Union(a, b) => a.contains(n) || b.contains(n),
            Self::Except {
                set,
                added,
                removed,
            } => added.contains(&n) || (!removed.contains(&n) && set.contains(n)),
        }
    }

    /// Membership of `0..len`, computed in one pass: `indicator(len)[n] == contains(n)`.
    ///
    /// # Complexity
    /// `O(len)` (Beatty sequences generated term by term rather than bisected).
    pub fn indicator(&self, len: usize) -> Vec<bool> {
        let mut out = vec![false; len];
        let mut mark = |n: u64| {
            if let Some(slot) = usize::try_from(n).ok().and_then(|n| out.get_mut(n)) {
                *slot = true;
            }
        };
        match self {
            Self::Beatty { difference, upper } => {
                for k in 1.. {
                    let Some(lower) = beatty_lower(k, *difference) else {
                        break;
                    };
                    let term = if *upper {
                        lower.saturating_add(k.saturating_mul(*difference))
                    } else {
                        lower
                    };
                    if term >= len as u64 {
                        break;
                    }
                    mark(term);
                }
            }
            Self::Union(a, b) => {
                let (a, b) = (a.indicator(len), b.indicator(len));
                return a.iter().zip(&b).map(|(x, y)| *x || *y).collect();
            }
            _ => {
                for n in 0..len as u64 {
                    if self.contains(n) {
                        mark(n);
                    }
                }
            }
        }
        out
    }

    /// `(n0, p)` when membership is periodic with period `p` from `n0` on — a rule's shape
    /// that a certified period can prove —, `None` for the sets that are not.
    pub fn eventual_period(&self) -> Option<(u64, u64)> {
        match self {
            Self::Finite(members) => Some((members.iter().max().map_or(0, |&m| m + 1), 1)),
            Self::Periodic {
                preperiod, period, ..
            } => Some((*preperiod, *period)),
            Self::Union(a, b) => {
                let ((n0, p), (m0, q)) = (a.eventual_period()?, b.eventual_period()?);
                Some((n0.max(m0), num_integer::lcm(p, q)))
            }
            Self::Except {
                set,
                added,
                removed,
            } => {
                let (n0, p) = set.eventual_period()?;
                let last = added.iter().chain(removed).max().map_or(0, |&m| m + 1);
                Some((n0.max(last), p))
            }
            _ => None,
        }
    }

    /// How complex the rule is to state: the order in which rules are listed.
    pub fn cost(&self) -> u64 {
        match self {
            Self::Finite(members) => 1 + members.len() as u64,
            Self::Periodic {
                preperiod, period, ..
            } => 1 + preperiod + period,
            Self::Odious
            | Self::Evil
            | Self::Squares
            | Self::Triangular
            | Self::Fibonacci
            | Self::Valuation(_) => 3,
            Self::Powers { .. } | Self::Beatty { .. } => 4,
            Self::Bands { .. } => 5,
            Self::Union(a, b) => 1 + a.cost() + b.cost(),
            Self::Except {
                set,
                added,
                removed,
            } => set.cost() + 2 * (added.len() + removed.len()) as u64,
        }
    }

    /// How many entries of a table from 0 the rule's parameters are read from: the
    /// preperiod and one period, the largest listed member, the first band.
    pub fn fitted(&self) -> u64 {
        match self {
            Self::Finite(members) => members.iter().max().map_or(0, |&m| m + 1),
            Self::Periodic {
                preperiod, period, ..
            } => preperiod + period,
            Self::Bands { base, high, .. } => high.saturating_mul(*base).saturating_add(1),
            Self::Beatty { .. }
            | Self::Powers { .. }
            | Self::Odious
            | Self::Evil
            | Self::Squares
            | Self::Triangular
            | Self::Fibonacci
            | Self::Valuation(_) => 0,
            Self::Union(a, b) => a.fitted().max(b.fitted()),
            Self::Except {
                set,
                added,
                removed,
            } => {
                let largest = added.iter().chain(removed).max().map_or(0, |&m| m + 1);
                set.fitted().max(largest)
            }
        }
    }
}

impl BinaryForm {
    /// The form at `m`; `None` where it is undefined (the valuation and ruler at 0).
    pub fn value(self, m: u64) -> Option<u64> {
        match self {
            Self::PopCount => Some(u64::from(m.count_ones())),
            Self::Valuation => (m > 0).then(|| u64::from(m.trailing_zeros())),
            Self::Ruler => (m > 0).then(|| 1 << m.trailing_zeros()),
            Self::Odious => m
                .checked_mul(2)
                .map(|double| double + u64::from(!popcount_parity(m))),
            Self::Evil => m
                .checked_mul(2)
                .map(|double| double + u64::from(popcount_parity(m))),
        }
    }
}

impl Sequence {
    /// `G(n)`, exactly; `None` where the rule is undefined at `n` or its value exceeds `u64`.
    ///
    /// # Complexity
    /// `O(1)`, or as [`NumberSet::contains`] for an indicator.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::pattern::{BinaryForm, Sequence};
    /// let mock_turtles = Sequence::Binary { form: BinaryForm::Odious, shift: 0 };
    /// let values: Vec<u64> = (0..6).filter_map(|n| mock_turtles.value(n)).collect();
    /// assert_eq!(values, [1, 2, 4, 7, 8, 11]);
    /// let half = Sequence::Linear { slope: 1, offset: 0, divisor: 2 };
    /// assert_eq!(half.value(7), Some(3));
    /// ```
    pub fn value(&self, n: u64) -> Option<u64> {
        match self {
            Self::Linear {
                slope,
                offset,
                divisor,
            } => {
                let wide = u128::from(*slope) * u128::from(n) + u128::from(*offset);
                u64::try_from(wide / u128::from(*divisor)).ok()
            }
            Self::Remainder {
                modulus,
                shift,
                add,
            } => ((n % modulus + shift) % modulus).checked_add(*add),
            Self::Periodic(periodicity) => periodic_value(periodicity, n),
            Self::Binary { form, shift } => form.value(n.checked_add_signed(*shift)?),
            Self::Except { rule, values } => match values.iter().find(|(at, _)| *at == n) {
                Some(&(_, value)) => Some(value),
                None => rule.value(n),
            },
            Self::Indicator(set) => Some(u64::from(!set.contains(n))),
        }
    }

    /// `(n0, p, r)` when `G(n + p) = G(n) + r` for every `n ≥ n0` — a rule's shape that a
    /// certified period can prove —, `None` for the rules that are not of it.
    pub fn eventual_period(&self) -> Option<(u64, u64, u64)> {
        match self {
            Self::Linear { slope, divisor, .. } => Some((0, *divisor, *slope)),
            Self::Remainder { modulus, .. } => Some((0, *modulus, 0)),
            Self::Periodic(periodicity) => Some((
                periodicity.preperiod(),
                periodicity.period(),
                periodicity.saltus(),
            )),
            Self::Binary { .. } => None,
            Self::Except { rule, values } => {
                let (n0, p, r) = rule.eventual_period()?;
                Some((n0.max(values.last().map_or(0, |&(n, _)| n + 1)), p, r))
            }
            Self::Indicator(set) => set.eventual_period().map(|(n0, p)| (n0, p, 0)),
        }
    }

    /// How complex the rule is to state.
    pub fn cost(&self) -> u64 {
        match self {
            Self::Linear { .. } => 2,
            Self::Remainder { .. } | Self::Binary { .. } => 3,
            Self::Periodic(periodicity) => {
                1 + periodicity.preperiod()
                    + periodicity.period()
                    + u64::from(periodicity.saltus() > 0)
            }
            Self::Indicator(set) => 1 + set.cost(),
            Self::Except { rule, values } => rule.cost() + 2 * values.len() as u64,
        }
    }

    /// How many entries of a table from 0 the rule's parameters are read from.
    pub fn fitted(&self) -> u64 {
        match self {
            Self::Except { rule, values } => {
                rule.fitted().max(values.last().map_or(0, |&(n, _)| n + 1))
            }
            Self::Linear { divisor, .. } => *divisor,
            Self::Remainder { modulus, .. } => *modulus,
            Self::Binary { .. } => 0,
            Self::Periodic(periodicity) => periodicity.preperiod() + periodicity.period(),
            Self::Indicator(set) => set.fitted(),
        }
    }
}

impl PairSet {
    /// Whether `(a, b)` is a member.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::pattern::PairSet;
    /// let wythoff = PairSet::Beatty { difference: 1 };
    /// assert!(wythoff.contains(3, 5) && wythoff.contains(5, 3) && !wythoff.contains(3, 4));
    /// let both_odd = PairSet::Lattice { rows: 2, columns: 2, members: vec![(1, 1)] };
    /// assert!(both_odd.contains(3, 7) && !both_odd.contains(3, 4));
    /// ```
    pub fn contains(&self, a: u64, b: u64) -> bool {
        match self {
            Self::Lattice {
                rows,
                columns,
                members,
            } => members.binary_search(&(a % rows, b % columns)).is_ok(),
            Self::Diagonal => a == b,
            Self::Beatty { difference } => {
                let (low, high) = (a.min(b), a.max(b));
                let gap = high - low;
                gap % difference == 0 && beatty_lower(gap / difference, *difference) == Some(low)
            }
        }
    }

    /// How complex the rule is to state.
    pub fn cost(&self) -> u64 {
        match self {
            Self::Diagonal => 2,
            Self::Beatty { .. } => 4,
            Self::Lattice { rows, columns, .. } => 1 + rows * columns,
        }
    }

    /// How many entries of the table its parameters are read from.
    pub fn fitted(&self) -> u64 {
        match self {
            Self::Lattice { rows, columns, .. } => rows * columns,
            Self::Diagonal | Self::Beatty { .. } => 0,
        }
    }
}

impl GridValues {
    /// `G(a, b)`, exactly; `None` where the rule is undefined there or exceeds `u64`.
    pub fn value(&self, a: u64, b: u64) -> Option<u64> {
        match self {
            Self::Xor => Some(a ^ b),
            Self::Sum => a.checked_add(b),
            Self::Min => Some(a.min(b)),
            Self::Separable { rows, columns } => Some(rows.value(a)? ^ columns.value(b)?),
            Self::Indicator(set) => Some(u64::from(!set.contains(a, b))),
            Self::Rows(rows) => periodic_value(rows.get(usize::try_from(a).ok()?)?, b),
        }
    }

    /// Whether the rule claims a value at `(a, b)`: everywhere, but for a rule of rows only in
    /// its rows.
    pub fn covers(&self, a: u64, _b: u64) -> bool {
        match self {
            Self::Rows(rows) => a < rows.len() as u64,
            _ => true,
        }
    }

    /// How complex the rule is to state.
    pub fn cost(&self) -> u64 {
        match self {
            Self::Xor | Self::Sum | Self::Min => 2,
            Self::Separable { rows, columns } => 1 + rows.cost() + columns.cost(),
            Self::Indicator(set) => 1 + set.cost(),
            Self::Rows(rows) => {
                1 + rows
                    .iter()
                    .map(|p| p.preperiod() + p.period() + 1)
                    .sum::<u64>()
            }
        }
    }
}
