//! Wythoff's game: P-positions exactly at any size (integer square roots, no floating point),
//! every winning move, and Grundy values up to a limit (they have no closed form).

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::games::play::Play;
use crate::theory::mex::Bitset;

/// `⌊kφ⌋ = (k + isqrt(5k²)) / 2`: the smaller heap of the `k`-th P-position.
///
/// Exact because `√(5k²)` is irrational for `k > 0`, so flooring it first changes nothing.
///
/// # Complexity
/// `O(d²)` for a `d`-digit `k` (the integer square root).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::wythoff::lower;
/// let firsts = (0u32..6).map(|k| u32::try_from(lower(&k.into()))).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(firsts, [0, 1, 3, 4, 6, 8]);
/// # Ok(()) }
/// ```
pub fn lower(k: &BigUint) -> BigUint {
    (k + (k * k * 5u32).sqrt()) / 2u32
}

/// Whether `(a, b)` is a P-position (the player to move loses): with `a <= b` and `k = b - a`,
/// exactly when `a = ⌊kφ⌋` (Wythoff 1907).
///
/// # Example
/// ```
/// use grundy::wythoff::is_p_position;
/// assert!(is_p_position(&3u32.into(), &5u32.into()));
/// assert!(is_p_position(&7u32.into(), &4u32.into()));
/// assert!(!is_p_position(&3u32.into(), &4u32.into()));
/// ```
pub fn is_p_position(a: &BigUint, b: &BigUint) -> bool {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    &lower(&(large - small)) == small
}

/// The unique `z` such that `{y, z}` is a P-position (the lower and upper Wythoff sequences
/// partition the positive integers; `0` pairs with `0`).
///
/// # Complexity
/// `O(d²)`.
///
/// # Example
/// ```
/// use grundy::wythoff::partner;
/// assert_eq!(partner(&3u32.into()), 5u32.into());
/// assert_eq!(partner(&5u32.into()), 3u32.into());
/// assert_eq!(partner(&0u32.into()), 0u32.into());
/// ```
pub fn partner(y: &BigUint) -> BigUint {
    if y.is_zero() {
        return BigUint::zero();
    }
    // y/φ = (√(5y²) - y)/2; the k with ⌊kφ⌋ = y or ⌊kφ⌋ + k = y lies within 2 of y/φ or y/φ².
    let over_phi = ((y * y * 5u32).sqrt() - y) / 2u32;
    let near = |center: &BigUint| {
        let low = if center > &BigUint::from(2u32) {
            center - 2u32
        } else {
            BigUint::zero()
        };
        (0u32..=4).map(move |i| &low + i)
    };
    for k in near(&over_phi) {
        if &lower(&k) == y && !k.is_zero() {
            return y + k;
        }
    }
    for k in near(&(y - &over_phi)) {
        let l = lower(&k);
        if !k.is_zero() && &(&l + &k) == y {
            return l;
        }
    }
    unreachable!("the Wythoff sequences partition the positive integers; {y} was not found")
}

/// A Wythoff move: take `take` from heap 1, heap 2, or both, leaving `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WythoffMove {
    /// `Some(0)` or `Some(1)` for one heap, `None` for both.
    pub heap: Option<usize>,
    /// Tokens removed (from each heap, for a move on both).
    pub take: BigUint,
    /// The heaps after the move.
    pub to: (BigUint, BigUint),
}

/// Every winning move from `(a, b)`: at most three — lower either heap to its partner's P-position,
/// or both by the amount that reaches the P-position with the same difference.
///
/// # Complexity
/// `O(d²)`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::wythoff::winning_moves;
/// let moves = winning_moves(&4u32.into(), &5u32.into());
/// let mut targets: Vec<(u32, u32)> = Vec::new();
/// for m in &moves {
///     targets.push((u32::try_from(&m.to.0)?, u32::try_from(&m.to.1)?));
/// }
/// assert_eq!(targets, [(3, 5), (1, 2)]);
/// # Ok(()) }
/// ```
pub fn winning_moves(a: &BigUint, b: &BigUint) -> Vec<WythoffMove> {
    if is_p_position(a, b) {
        return Vec::new();
    }
    let mut moves = Vec::new();
    let target_a = partner(b);
    if &target_a < a {
        moves.push(WythoffMove {
            heap: Some(0),
            take: a - &target_a,
            to: (target_a, b.clone()),
        });
    }
    let target_b = partner(a);
    if &target_b < b {
        moves.push(WythoffMove {
            heap: Some(1),
            take: b - &target_b,
            to: (a.clone(), target_b),
        });
    }
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    let k = large - small;
    let l = lower(&k);
    if &l < small {
        let take = small - &l;
        moves.push(WythoffMove {
            heap: None,
            to: (a - &take, b - &take),
            take,
        });
    }
    moves
}

/// The bytes [`grundy_table`] holds for `rows × columns` values (the table and its bitsets), or
/// `None` if that does not fit in a `u64`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::wythoff::table_bytes;
/// assert!(table_bytes(10, 10).ok_or("too large")? < 10_000);
/// assert_eq!(table_bytes(u64::MAX, 2), None);
/// # Ok(()) }
/// ```
pub fn table_bytes(rows: u64, columns: u64) -> Option<u64> {
    let lines = rows.checked_add(columns)?;
    let words = lines.checked_mul(2)?.div_ceil(64).checked_add(1)?;
    let bitsets = words.checked_mul(lines.checked_mul(2)?)?.checked_mul(8)?;
    let values = rows.checked_mul(columns)?.checked_mul(4)?;
    let row_headers = rows.checked_mul(24)?;
    bitsets.checked_add(values)?.checked_add(row_headers)
}

/// Grundy values `G(a, b)` for `a < rows`, `b < columns`, row by row: each is the mex of the values
/// left of it, above it and on its diagonal, kept as one bitset per row, column and diagonal.
/// Under misère play the terminal position `(0, 0)` is worth 1 (misère Grundy values).
///
/// # Complexity
/// `O(rows · columns · (rows + columns) / 64)` time, `O(rows · columns)` values plus the bitsets.
///
/// # Example
/// ```
/// use grundy::engine::Play;
/// use grundy::wythoff::grundy_table;
/// let table = grundy_table(3, 3, Play::Normal);
/// assert_eq!(table, vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
/// ```
pub fn grundy_table(rows: usize, columns: usize, play: Play) -> Vec<Vec<u32>> {
    grundy_table_observed(rows, columns, play, &crate::NoObserver)
        .expect("NoObserver never interrupts")
}

/// [`grundy_table`], polling `observer` every few thousand cells: `None` if it asks to stop.
///
/// # Complexity
/// As [`grundy_table`]; estimate the memory with [`table_bytes`] before calling.
pub fn grundy_table_observed(
    rows: usize,
    columns: usize,
    play: Play,
    observer: &dyn crate::Observer,
) -> Option<Vec<Vec<u32>>> {
    // A value is the mex of at most a + b + min(a, b) option values, so below 2 (rows + columns).
    let words = (2 * (rows + columns)).div_ceil(64) + 1;
    let mut row_bits = vec![Bitset::with_capacity(words * 64); rows];
    let mut column_bits = vec![Bitset::with_capacity(words * 64); columns];
    let mut diagonal_bits = vec![Bitset::with_capacity(words * 64); rows + columns];
    let mut table = vec![vec![0u32; columns]; rows];
    let mut since_check = 0usize;
    for a in 0..rows {
        for b in 0..columns {
            since_check += words;
            if since_check >= 1 << 20 {
                since_check = 0;
                if observer.interrupted() {
                    return None;
                }
            }
            let diagonal = b + rows - 1 - a;
            let mut mex =
                Bitset::union_mex(&[&row_bits[a], &column_bits[b], &diagonal_bits[diagonal]]);
            if a == 0 && b == 0 && play == Play::Misere {
                mex = 1;
            }
            table[a][b] = mex;
            row_bits[a].insert(mex);
            column_bits[b].insert(mex);
            diagonal_bits[diagonal].insert(mex);
        }
    }
    Some(table)
}

/// Wythoff's rules: take any number of tokens from one heap, or the same number from both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wythoff;

impl Ruleset for Wythoff {
    fn search_key(&self, position: &Position) -> Position {
        match position {
            Position::Pair(a, b) if a > b => Position::Pair(b.clone(), a.clone()),
            other => other.clone(),
        }
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Pair
    }

    fn example_position(&self) -> &'static str {
        "3,5"
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let Position::Pair(a, b) = position else {
            return None;
        };
        Some(a + b + a.min(b))
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        if !listable(&self.option_count(position)?) {
            return None;
        }
        let Position::Pair(a, b) = position else {
            return None;
        };
        let mut out = Vec::new();
        let (a_small, b_small) = (a.to_u64().unwrap_or(0), b.to_u64().unwrap_or(0));
        for k in (1..=a_small).map(BigUint::from) {
            let action = Action::TakeFromHeap {
                heap: 0,
                amount: k.clone(),
            };
            out.push((action, Position::Pair(a - &k, b.clone())));
        }
        for k in (1..=b_small).map(BigUint::from) {
            let action = Action::TakeFromHeap {
                heap: 1,
                amount: k.clone(),
            };
            out.push((action, Position::Pair(a.clone(), b - &k)));
        }
        for k in (1..=a_small.min(b_small)).map(BigUint::from) {
            let action = Action::TakeFromBoth { amount: k.clone() };
            out.push((action, Position::Pair(a - &k, b - &k)));
        }
        Some(out)
    }

    fn has_grid(&self) -> bool {
        true
    }

    fn coordinate_position(&self, coordinates: &[BigUint]) -> Option<Position> {
        match coordinates {
            [a, b] => Some(Position::Pair(a.clone(), b.clone())),
            _ => None,
        }
    }

    fn verify_reach(&self) -> u64 {
        40
    }
}

/// The Wythoff P-position `(⌊kφ⌋, ⌊kφ⌋ + k)` with the largest `k` whose upper heap is at most
/// `largest`.
pub fn largest_p_position(largest: &BigUint) -> (BigUint, BigUint) {
    let upper = |k: &BigUint| lower(k) + k;
    // upper(k) ≈ k φ², so k ≈ largest (3 − √5) / 2, computed exactly up to rounding.
    let root = (largest * largest * 5u32).sqrt();
    let mut k = (largest * 3u32 - root.min(largest * 3u32)) / 2u32;
    while k > BigUint::ZERO && upper(&k) > *largest {
        k -= 1u32;
    }
    while upper(&(&k + 1u32)) <= *largest {
        k += 1u32;
    }
    let lower = lower(&k);
    let upper = &lower + &k;
    (lower, upper)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_positions_agree_with_the_grundy_table() {
        let table = grundy_table(200, 200, Play::Normal);
        for a in 0..200u32 {
            for b in 0..200u32 {
                assert_eq!(
                    is_p_position(&a.into(), &b.into()),
                    table[a as usize][b as usize] == 0,
                    "({a}, {b})"
                );
            }
        }
    }
}
