//! Subtraction with the rest: remove an amount of a finite set `S`, and when fewer tokens than the
//! least amount are left (but some), the move takes them all — `subtraction:2..5,rest`.
//!
//! This is the rule of HDU 2897 (邂逅明下: take `p` to `q` coins; with fewer than `p` left, take
//! them all; whoever takes the last coin loses — the misère form). Heaps of `max S` or more have
//! exactly the moves of the plain subtraction game, so the window criterion certifies the period
//! as for finite sets (docs/theory.md §4, "Taking the rest").

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use crate::games::subtraction::{heap_option_count, heap_options};
use std::fmt;

use crate::games::subtraction::{FiniteSet, SubtractionSet};

/// A subtraction game on a finite set whose least amount is at least 2, where a heap of `1` to
/// `min S − 1` tokens is taken whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemainderGame {
    set: SubtractionSet,
}

impl RemainderGame {
    /// The game on `set`, or `None` when its least amount is 1 (then no heap is smaller than
    /// the least amount but a heap of 0, and the rule adds nothing: it is the plain game).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::games::remainder::RemainderGame;
    /// use grundy::subtraction::FiniteSet;
    /// let game = RemainderGame::new(FiniteSet::new(2..=5)?).ok_or("least 1")?;
    /// assert!(game.takes_rest(1) && !game.takes_rest(2) && !game.takes_rest(0));
    /// assert!(RemainderGame::new(FiniteSet::new([1, 3])?).is_none());
    /// # Ok(()) }
    /// ```
    pub fn new(set: FiniteSet) -> Option<Self> {
        (set.members()[0] >= 2).then_some(Self {
            set: SubtractionSet::Finite(set),
        })
    }

    /// The amounts, as a subtraction set (always finite).
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The amounts.
    pub fn finite(&self) -> &FiniteSet {
        match &self.set {
            SubtractionSet::Finite(set) => set,
            SubtractionSet::AllBut(_) | SubtractionSet::Family(_) => {
                unreachable!("built from a finite set only")
            }
        }
    }

    /// The least amount, `p = min S >= 2`.
    pub fn least(&self) -> u64 {
        self.finite().members()[0]
    }

    /// The largest amount, `t = max S`: from a heap of `t` on, the moves are those of the plain
    /// subtraction game.
    pub fn largest(&self) -> u64 {
        self.finite().largest()
    }

    /// Whether a heap of `n` is taken whole by the rest rule: `0 < n < min S`.
    pub fn takes_rest(&self, n: u64) -> bool {
        n > 0 && n < self.least()
    }

    /// The amounts a move may take from a heap of `n`, ascending: the members `<= n`, or `n` itself
    /// under the rest rule.
    ///
    /// # Complexity
    /// `O(|S|)`.
    pub fn amounts(&self, n: u64) -> Vec<u64> {
        if self.takes_rest(n) {
            return vec![n];
        }
        self.finite()
            .members()
            .iter()
            .copied()
            .take_while(|&s| s <= n)
            .collect()
    }
}

impl fmt::Display for RemainderGame {
    /// The canonical spec: `subtraction:2..5,rest`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "subtraction:{},rest", self.set)
    }
}

impl RemainderGame {
    /// The amounts a move may take from a heap of `n`, ascending (a heap beyond `u64` is larger
    /// than every amount).
    fn amounts_of(&self, n: &BigUint) -> Vec<BigUint> {
        match n.to_u64() {
            Some(m) => self.amounts(m).into_iter().map(BigUint::from).collect(),
            None => self.finite().members().iter().map(|&s| s.into()).collect(),
        }
    }
}

impl Ruleset for RemainderGame {
    fn numbered_position(&self, n: &BigUint) -> Option<Position> {
        Some(Position::Heap(n.clone()))
    }

    fn search_key(&self, position: &Position) -> Position {
        crate::games::ruleset::heaps_in_order(position)
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::HeapOrHeaps
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        heap_option_count(position, |n| match n.to_u64() {
            Some(m) => self.amounts(m).len().into(),
            None => self.finite().members().len().into(),
        })
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        if !listable(&self.option_count(position)?) {
            return None;
        }
        heap_options(position, |n| self.amounts_of(n))
    }

    fn verify_reach(&self) -> u64 {
        500
    }
}
