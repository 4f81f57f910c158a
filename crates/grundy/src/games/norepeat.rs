//! No-repeat subtraction games (`norepeat:1,2,3`): take an amount of a finite set from the heap,
//! but not the amount the opponent just took. A position is the heap and that amount
//! ([`Position::LastMove`]); the values are those of the state vectors of docs/theory.md.

use num_bigint::BigUint;

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use crate::games::subtraction::{FiniteSet, MAX_AMOUNT, SetError};

/// A no-repeat subtraction game on a finite set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoRepeatGame {
    /// The amounts a move may take.
    pub set: FiniteSet,
}

impl NoRepeatGame {
    /// The no-repeat game on `set`.
    ///
    /// # Errors
    /// [`SetError::TooLarge`] for an amount above [`MAX_AMOUNT`]: its values are tabulated by
    /// heap, with no theorem for larger amounts.
    pub fn new(set: FiniteSet) -> Result<Self, SetError> {
        match set.largest() {
            largest if largest > MAX_AMOUNT => Err(SetError::TooLarge(largest)),
            _ => Ok(Self { set }),
        }
    }

    /// The amounts a move may take.
    pub fn set(&self) -> &FiniteSet {
        &self.set
    }

    /// The amounts a move may take from `heap` after the opponent took `last`, ascending.
    fn amounts<'a>(
        &'a self,
        heap: &'a BigUint,
        last: Option<u64>,
    ) -> impl Iterator<Item = u64> + 'a {
        self.set
            .members()
            .iter()
            .copied()
            .filter(move |&s| BigUint::from(s) <= *heap && Some(s) != last)
    }
}

impl TryFrom<FiniteSet> for NoRepeatGame {
    type Error = SetError;

    fn try_from(set: FiniteSet) -> Result<Self, SetError> {
        Self::new(set)
    }
}

impl Ruleset for NoRepeatGame {
    fn amounts(&self) -> Option<&[u64]> {
        Some(self.set.members())
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::LastMove {
            amounts: self.set.members(),
        }
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let Position::LastMove { heap, last } = position else {
            return None;
        };
        Some(self.amounts(heap, *last).count().into())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        if !listable(&self.option_count(position)?) {
            return None;
        }
        let Position::LastMove { heap, last } = position else {
            return None;
        };
        let options = self
            .amounts(heap, *last)
            .map(|s| {
                let after = Position::LastMove {
                    heap: heap - s,
                    last: Some(s),
                };
                (Action::Take { amount: s.into() }, after)
            })
            .collect();
        Some(options)
    }

    fn verify_reach(&self) -> u64 {
        200
    }
}
