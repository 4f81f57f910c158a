//! Nim and misère Nim (Bouton 1902): values, outcomes and every winning move, for heaps of any
//! size.

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use crate::games::subtraction::{heap_option_count, heap_options};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// A Nim move: take `take` tokens from heap `heap` (0-based), leaving `left` in it; the other
/// heaps are unchanged (a move never repeats the whole position, which may be large).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimMove {
    /// Which heap, counting from 0.
    pub heap: usize,
    /// How many tokens are removed.
    pub take: BigUint,
    /// The tokens left in that heap.
    pub left: BigUint,
}

impl NimMove {
    /// The heaps after the move.
    pub fn apply(&self, heaps: &[BigUint]) -> Vec<BigUint> {
        let mut after = heaps.to_vec();
        after[self.heap].clone_from(&self.left);
        after
    }
}

/// The Grundy value of a Nim position: the xor of the heaps.
///
/// # Complexity
/// `O(d)` for `d` digits in all.
///
/// # Example
/// ```
/// use grundy::nim::grundy;
/// let heaps = [3u32, 4, 5].map(Into::into);
/// assert_eq!(grundy(&heaps), 2u32.into());
/// ```
pub fn grundy(heaps: &[BigUint]) -> BigUint {
    heaps.iter().fold(BigUint::zero(), |x, h| x ^ h)
}

fn moved(heaps: &[BigUint], heap: usize, left: BigUint) -> NimMove {
    NimMove {
        heap,
        take: &heaps[heap] - &left,
        left,
    }
}

/// Every winning move under normal play: from heap `i`, move to `h_i xor X` when that is
/// smaller, with `X` the xor of all heaps. None when `X = 0`.
///
/// # Complexity
/// `O(k · d)` for `k` heaps of `d` digits.
///
/// # Example
/// ```
/// use grundy::nim::winning_moves;
/// let heaps = [3u32, 4, 5].map(Into::into);
/// let moves = winning_moves(&heaps);
/// assert_eq!(moves.len(), 1);
/// assert_eq!((moves[0].heap, moves[0].take.clone()), (0, 2u32.into())); // 3,4,5 -> 1,4,5
/// ```
pub fn winning_moves(heaps: &[BigUint]) -> Vec<NimMove> {
    let x = grundy(heaps);
    if x.is_zero() {
        return Vec::new();
    }
    (0..heaps.len())
        .filter_map(|i| {
            let target = &heaps[i] ^ &x;
            (target < heaps[i]).then(|| moved(heaps, i, target))
        })
        .collect()
}

/// Whether the player to move loses misère Nim (the last mover loses): Bouton's rule — all heaps
/// at most 1 and an odd number of them equal 1, or some heap at least 2 and xor 0.
///
/// # Complexity
/// `O(d)`.
///
/// # Example
/// ```
/// use grundy::nim::misere_loses;
/// assert!(misere_loses(&[1u32, 1, 1].map(Into::into)));
/// assert!(!misere_loses(&[1u32, 1].map(Into::into)));
/// assert!(misere_loses(&[2u32, 2].map(Into::into)));
/// ```
pub fn misere_loses(heaps: &[BigUint]) -> bool {
    if heaps.iter().all(|h| h <= &BigUint::one()) {
        heaps.iter().filter(|h| h.is_one()).count() % 2 == 1
    } else {
        grundy(heaps).is_zero()
    }
}

/// The misère Grundy value of a Nim position: the xor when some heap is at least 2, otherwise
/// `1 xor` the xor (Conway, ONAG ch. 12: Nim positions are tame).
///
/// # Example
/// ```
/// use grundy::nim::misere_grundy;
/// assert_eq!(misere_grundy(&[]), 1u32.into());
/// assert_eq!(misere_grundy(&[1u32, 1].map(Into::into)), 1u32.into());
/// assert_eq!(misere_grundy(&[3u32, 4].map(Into::into)), 7u32.into());
/// ```
pub fn misere_grundy(heaps: &[BigUint]) -> BigUint {
    let x = grundy(heaps);
    if heaps.iter().all(|h| h <= &BigUint::one()) {
        x ^ BigUint::one()
    } else {
        x
    }
}

/// Every winning move of misère Nim. From heap `i` at most two targets can win: `h_i xor X`
/// (if a heap of 2 or more remains) and the 0 or 1 that leaves an odd number of 1-heaps (if
/// every other heap is at most 1).
///
/// # Complexity
/// `O(k · d)` for `k` heaps of `d` digits.
///
/// # Example
/// ```
/// use grundy::nim::misere_winning_moves;
/// let heaps = [1u32, 1, 5].map(Into::into);
/// let moves = misere_winning_moves(&heaps);
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].apply(&heaps), [1u32, 1, 1].map(Into::into)); // leave three 1-heaps
/// ```
pub fn misere_winning_moves(heaps: &[BigUint]) -> Vec<NimMove> {
    let x = grundy(heaps);
    // Heaps of 2 or more, and heaps of exactly 1, over the whole position.
    let large = heaps.iter().filter(|h| h > &&BigUint::one()).count();
    let ones = heaps.iter().filter(|h| h.is_one()).count();
    let mut moves = Vec::new();
    for (i, heap) in heaps.iter().enumerate() {
        let others_large = large - usize::from(heap > &BigUint::one());
        let other_ones = ones - usize::from(heap.is_one());
        let mut targets: Vec<BigUint> = vec![heap ^ &x];
        if others_large == 0 {
            // Leave an odd number of 1-heaps.
            targets.push(if other_ones % 2 == 1 {
                BigUint::zero()
            } else {
                BigUint::one()
            });
        }
        targets.sort();
        targets.dedup();
        for target in targets {
            if &target >= heap {
                continue;
            }
            // Bouton's misère rule on the position after the move, without building it.
            let large_after = others_large + usize::from(target > BigUint::one());
            let loses = if large_after == 0 {
                (other_ones + usize::from(target.is_one())) % 2 == 1
            } else {
                (&x ^ heap ^ &target).is_zero()
            };
            if loses {
                moves.push(moved(heaps, i, target));
            }
        }
    }
    moves
}

/// Nim's rules: take any number of tokens from one heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl Ruleset for Nim {
    fn search_key(&self, position: &Position) -> Position {
        crate::games::ruleset::heaps_in_order(position)
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Heaps
    }

    fn example_position(&self) -> &'static str {
        "3,4,5"
    }

    /// One heap of `n`, for a table of patterns.
    fn coordinate_position(&self, coordinates: &[BigUint]) -> Option<Position> {
        match coordinates {
            [n] => Some(Position::Heaps(vec![n.clone()])),
            _ => None,
        }
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let Position::Heaps(_) = position else {
            return None;
        };
        heap_option_count(position, Clone::clone)
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        if !listable(&self.option_count(position)?) {
            return None;
        }
        let Position::Heaps(_) = position else {
            return None;
        };
        heap_options(position, |n| {
            (1..=n.to_u64().unwrap_or(0)).map(BigUint::from).collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// Misère outcome and value by exhaustive recursion (terminal worth 1).
    fn brute(heaps: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut options = Vec::new();
        for i in 0..heaps.len() {
            for t in 0..heaps[i] {
                let mut next = heaps.to_vec();
                next[i] = t;
                options.push(brute(&next, memo));
            }
        }
        let value = if options.is_empty() {
            1
        } else {
            (0..).find(|v| !options.contains(v)).unwrap()
        };
        memo.insert(key, value);
        value
    }

    #[test]
    fn misere_rules_match_exhaustive_search() {
        let mut memo = HashMap::new();
        for a in 0..6u32 {
            for b in 0..6 {
                for c in 0..5 {
                    let small = vec![a, b, c];
                    let heaps: Vec<BigUint> = small.iter().map(|&h| h.into()).collect();
                    let value = brute(&small, &mut memo);
                    assert_eq!(misere_grundy(&heaps), value.into(), "{small:?}");
                    assert_eq!(misere_loses(&heaps), value == 0, "{small:?}");
                    let expected: Vec<Vec<u32>> = (0..3)
                        .flat_map(|i| (0..small[i]).map(move |t| (i, t)))
                        .map(|(i, t)| {
                            let mut next = small.clone();
                            next[i] = t;
                            next
                        })
                        .filter(|next| brute(next, &mut memo) == 0)
                        .collect();
                    let got: Vec<Vec<u32>> = misere_winning_moves(&heaps)
                        .iter()
                        .map(|m| {
                            m.apply(&heaps)
                                .iter()
                                .map(|h| u32::try_from(h).unwrap())
                                .collect()
                        })
                        .collect();
                    assert_eq!(got, expected, "{small:?}");
                }
            }
        }
    }
}
