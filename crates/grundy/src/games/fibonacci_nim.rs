//! Fibonacci Nim (Whinihan 1963): one heap; a move takes between 1 and the quota `q` tokens, and
//! the next quota is twice the amount taken. On a fresh heap of `n` the first move may take
//! anything but the whole heap (`q = n - 1`). Outcomes and every winning move at any size from
//! the Zeckendorf representation; Grundy values up to a limit.

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset, quota_option_count, quota_options};
use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::games::play::Play;

pub use crate::limits::MAX_FIBONACCI_DIGITS as MAX_DIGITS;

/// Calls `f` with each term of the Zeckendorf representation of `n` (non-consecutive Fibonacci
/// numbers `1, 2, 3, 5, …` summing to `n`), largest first, by the greedy walk down the Fibonacci
/// numbers — keeping only two of them at a time.
///
/// # Complexity
/// `O(d²)` time for `d` digits, `O(d)` memory.
pub fn for_each_term(n: &BigUint, mut f: impl FnMut(&BigUint)) {
    // The largest pair (a, b) of consecutive Fibonacci numbers with a <= n < b.
    let (mut a, mut b) = (BigUint::one(), BigUint::from(2u32));
    if n.is_zero() {
        return;
    }
    while &b <= n {
        let next = &a + &b;
        a = std::mem::replace(&mut b, next);
    }
    let mut rest = n.clone();
    // Walk down: (a, b) -> (b - a, a), taking a whenever it fits.
    loop {
        if a <= rest {
            rest -= &a;
            f(&a);
            if rest.is_zero() {
                return;
            }
        }
        if a == BigUint::one() {
            return;
        }
        let lower = &b - &a;
        b = std::mem::replace(&mut a, lower);
    }
}

/// The Zeckendorf representation of `n`, largest term first.
///
/// # Complexity
/// `O(d²)` time for `d` digits; the terms take `O(d²)` memory, so prefer [`for_each_term`] for
/// very large `n`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::fibonacci_nim::zeckendorf;
/// let terms = zeckendorf(&100u32.into()).iter().map(u32::try_from).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(terms, [89, 8, 3]);
/// # Ok(()) }
/// ```
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let mut terms = Vec::new();
    for_each_term(n, |t| terms.push(t.clone()));
    terms
}

/// The smallest Zeckendorf term of `n` and the number of terms (`None` for 0).
pub fn smallest_term(n: &BigUint) -> Option<(BigUint, usize)> {
    let mut smallest = None;
    let mut count = 0;
    for_each_term(n, |t| {
        smallest = Some(t.clone());
        count += 1;
    });
    smallest.map(|s| (s, count))
}

/// The quota in force: the given one, or `n - 1` on a fresh heap (0 for `n <= 1`).
pub fn effective_quota(heap: &BigUint, quota: Option<&BigUint>) -> BigUint {
    match quota {
        Some(q) => q.clone(),
        None if heap.is_zero() => BigUint::zero(),
        None => heap - 1u32,
    }
}

/// Whether the player to move wins `(n, q)`: `n > 0` and the smallest Zeckendorf term of `n` is
/// at most `q` (Whinihan; docs/theory.md §12). Taking that term wins.
///
/// # Example
/// ```
/// use grundy::fibonacci_nim::wins;
/// assert!(!wins(&13u32.into(), &12u32.into())); // a fresh Fibonacci-number heap loses
/// assert!(wins(&12u32.into(), &11u32.into())); // 12 = 8 + 3 + 1: take 1
/// ```
pub fn wins(heap: &BigUint, quota: &BigUint) -> bool {
    smallest_term(heap).is_some_and(|(smallest, _)| &smallest <= quota)
}

/// A winning move: take `take`, leaving `to = (n - take, 2 · take)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FibonacciMove {
    /// Tokens taken.
    pub take: BigUint,
    /// Heap left.
    pub heap: BigUint,
    /// The opponent's quota.
    pub quota: BigUint,
}

/// Every winning move from `(n, q)`, ascending. Taking `k` wins iff `k = n <= q`, or `k <= q` and
/// the smallest Zeckendorf term of `n - k` exceeds `2k`. Such an `n - k` consists of Fibonacci
/// terms of `n - 1` from the largest down (dropping the smaller terms of `n - 1` gives the largest
/// number `<= n - 1` whose terms are all at least a given size, and two such numbers differ by
/// more than `k`), so the candidates are the prefix sums of the Zeckendorf terms of `n - 1`.
/// This agrees with C. Allen and V. Ponomarenko's characterisation (Involve 7, 2014) and is
/// checked against exhaustive search in the tests.
///
/// # Complexity
/// `O(d²)` for `d` digits: `O(d)` candidates.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::fibonacci_nim::winning_moves;
/// let moves = winning_moves(&20u32.into(), &4u32.into());
/// let takes = moves.iter().map(|m| u32::try_from(&m.take)).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(takes, [2]); // 20 = 13 + 5 + 2: leave 18 = 13 + 5, smallest term 5 > 4
/// # Ok(()) }
/// ```
pub fn winning_moves(heap: &BigUint, quota: &BigUint) -> Vec<FibonacciMove> {
    let mut takes: Vec<BigUint> = Vec::new();
    if heap.is_zero() {
        return Vec::new();
    }
    let mut left = BigUint::zero();
    for_each_term(&(heap - 1u32), |term| {
        left += term;
        let take = heap - &left;
        if &take <= quota && *term > &take * 2u32 {
            takes.push(take);
        }
    });
    if heap <= quota {
        takes.push(heap.clone());
    }
    takes.sort();
    takes.dedup();
    takes
        .into_iter()
        .map(|take| FibonacciMove {
            heap: heap - &take,
            quota: &take * 2u32,
            take,
        })
        .collect()
}

/// The cells of [`grundy_table`] for heaps up to `largest`, `(N + 1)(N + 2) / 2`, or `None` if
/// that does not fit in a `u64`.
///
/// # Example
/// ```
/// use grundy::fibonacci_nim::table_cells;
/// assert_eq!(table_cells(3), Some(10));
/// assert_eq!(table_cells(u64::MAX), None);
/// ```
pub fn table_cells(largest: u64) -> Option<u64> {
    let rows = largest.checked_add(1)?;
    let (even, odd) = if rows % 2 == 0 {
        (rows / 2, rows + 1)
    } else {
        (rows / 2 + 1, rows)
    };
    even.checked_mul(odd)
}

/// The bytes [`grundy_table`] holds for heaps up to `largest`: 4 per cell and a row header per
/// heap, or `None` if that does not fit in a `u64`.
pub fn table_bytes(largest: u64) -> Option<u64> {
    let cells = table_cells(largest)?.checked_mul(4)?;
    cells.checked_add(largest.checked_add(1)?.checked_mul(24)?)
}

/// Grundy values of Fibonacci Nim for heaps up to `largest`: `values[n][q]` is `G(n, q)` for
/// `q <= n` (a larger quota acts as `q = n`). Under misère play a position without moves (`n = 0`
/// or `q = 0`) is worth 1 (misère Grundy values).
///
/// # Complexity
/// `O(N²)` time and `O(N²)` memory for `N = largest`: for fixed `n`, raising the quota adds one
/// option, so the mex is maintained incrementally.
///
/// # Example
/// ```
/// use grundy::engine::Play;
/// use grundy::fibonacci_nim::grundy_table;
/// let table = grundy_table(3, Play::Normal);
/// assert_eq!(table[2], [0, 0, 2]);
/// assert_eq!(table[3], [0, 0, 0, 3]); // from 3 only taking all three wins
/// ```
pub fn grundy_table(largest: usize, play: Play) -> Vec<Vec<u32>> {
    let terminal = u32::from(play == Play::Misere);
    let mut table: Vec<Vec<u32>> = Vec::with_capacity(largest + 1);
    for n in 0..=largest {
        let mut row = vec![0u32; n + 1];
        row[0] = terminal;
        let mut counts: Vec<u32> = Vec::new();
        let mut mex = 0usize;
        for (q, slot) in row.iter_mut().enumerate().skip(1) {
            let (left, next_quota) = (n - q, (2 * q).min(n - q));
            let value = table[left][next_quota] as usize;
            if value >= counts.len() {
                counts.resize(value + 1, 0);
            }
            counts[value] += 1;
            while counts.get(mex).is_some_and(|&c| c > 0) {
                mex += 1;
            }
            *slot = mex as u32;
        }
        table.push(row);
    }
    table
}

/// Fibonacci Nim's rules: the first move takes anything but the whole heap, each later move at
/// most twice the one before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FibonacciNim;

impl Ruleset for FibonacciNim {
    /// The quota in force, at most the heap (a larger one allows no more).
    fn search_key(&self, position: &Position) -> Position {
        position.quota_key()
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Quota
    }

    fn example_position(&self) -> &'static str {
        "20/4"
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        quota_option_count(position)
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        quota_options(position, |take| take * 2u32)
    }

    fn verify_reach(&self) -> u64 {
        40
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_moves_match_exhaustive_search() {
        let table = grundy_table(300, Play::Normal);
        for n in 0..300usize {
            for q in 0..=n + 1 {
                let capped = q.min(n);
                let expected: Vec<usize> = (1..=capped)
                    .filter(|&k| table[n - k][(2 * k).min(n - k)] == 0)
                    .collect();
                let got: Vec<usize> = winning_moves(&n.into(), &q.into())
                    .iter()
                    .map(|m| usize::try_from(&m.take).unwrap())
                    .collect();
                assert_eq!(got, expected, "({n}, {q})");
                assert_eq!(
                    wins(&n.into(), &q.into()),
                    table[n][capped] != 0,
                    "({n}, {q})"
                );
            }
        }
    }

    #[test]
    fn fresh_heaps_lose_exactly_at_fibonacci_numbers() {
        let table = grundy_table(400, Play::Normal);
        let fibonacci = [1usize, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377];
        for n in 1..=400usize {
            let loses = table[n][n - 1] == 0;
            assert_eq!(loses, fibonacci.contains(&n), "{n}");
            assert_eq!(
                smallest_term(&n.into()).map(|(_, c)| c == 1),
                Some(fibonacci.contains(&n)),
                "{n}"
            );
        }
    }
}
