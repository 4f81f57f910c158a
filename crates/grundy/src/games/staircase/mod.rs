//! Staircase Nim (阶梯博弈): coins on the steps of a staircase, steps numbered from 1 up (the
//! ground is step 0); a move takes one or more coins from a step down to the step below (from
//! step 1 they leave the game); whoever cannot move loses. A position lists the coins on each
//! step from step 1: `3,0,5`.
//!
//! The theorem: the position is worth the xor of the coins on the odd steps. Moving coins down
//! from an odd step lowers that heap to any smaller size (the coins land on an even step, which
//! does not count), so every smaller value is reachable, as in Nim; moving coins down from an
//! even step raises the odd heap below, so the value changes — no option keeps it. A winning
//! move is therefore either a Nim move on an odd step, or a move from an even step adding to
//! the odd step below exactly what Nim asks (`verify` and `tests/staircase.rs` compare both
//! with the search of the literal rules).

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive};

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::registry::{Family, RuleProblem, Summary};
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use crate::games::theorem::{Part, PartLabel, Reading, Theorem, ListRule};

/// The family's entry in the registry.
pub const FAMILY: Family = Family {
    name: "staircase",
    summary: Summary {
        en: "coins on steps 1, 2, 3, …; a move takes one or more coins from a step down to the step below (from step 1 off the staircase)",
        zh: "硬币放在第 1、2、3…级台阶上；每步把某一级的一枚或多枚硬币移到下一级（第 1 级的移出台阶）",
    },
    example: "staircase",
    rules,
};

/// The positions `verify` compares its theorem on: up to this many steps.
const SMALL_STEPS: usize = 4;

/// Staircase Nim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaircaseNim;

fn rules(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem> {
    match rule {
        None => Ok(Arc::new(StaircaseNim)),
        Some(rule) => Err(RuleProblem {
            span: 0..rule.len(),
            message: "'staircase' takes no rule after a colon".to_owned(),
            hint: "write just staircase, and the coins on each step from step 1, e.g. staircase[3,0,5]"
                .to_owned(),
        }),
    }
}

/// The coins on each step, from step 1.
fn steps(position: &Position) -> Option<&[BigUint]> {
    match position {
        Position::Heaps(steps) => Some(steps),
        _ => None,
    }
}

/// The position after moving `coins` coins from step `index + 1` down.
fn moved(steps: &[BigUint], index: usize, coins: &BigUint) -> Position {
    let mut after = steps.to_vec();
    after[index] -= coins;
    if index > 0 {
        after[index - 1] += coins;
    }
    Position::Heaps(after)
}

impl Ruleset for StaircaseNim {
    fn example_position(&self) -> &'static str {
        "3,0,5"
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Heaps
    }

    fn empty_position(&self) -> &'static str {
        "(no coins)"
    }

    /// One coin per move taken from each step: the coins on all steps.
    fn option_count(&self, position: &Position) -> Option<BigUint> {
        Some(steps(position)?.iter().sum())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        let steps = steps(position)?;
        if !listable(&self.option_count(position)?) {
            return None;
        }
        let mut options = Vec::new();
        for (index, coins) in steps.iter().enumerate() {
            for moved_coins in 1..=coins.to_u64()? {
                let moved_coins = BigUint::from(moved_coins);
                let after = moved(steps, index, &moved_coins);
                let action = Action::MoveDown {
                    step: index + 1,
                    coins: moved_coins,
                };
                options.push((action, after));
            }
        }
        Some(options)
    }

    /// Coins only move down, so every position reachable puts at most the `c` coins on the
    /// `k` steps: `C(c + k, k)` of them (none where `c` or `k` passes 65 536, where the options
    /// are not listed or the count is not worth making).
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        let steps = steps(position)?;
        let coins = steps.iter().sum::<BigUint>().to_u64().filter(|&c| c <= 1 << 16)?;
        let count = u64::try_from(steps.len()).ok().filter(|&k| k <= 1 << 16)?;
        let small = coins.min(count);
        let mut bound = BigUint::one();
        for i in 0..small {
            bound = bound * (coins + count - i) / (i + 1);
        }
        Some(bound)
    }

    /// Empty steps at the top change nothing.
    fn search_key(&self, position: &Position) -> Position {
        match steps(position) {
            Some(steps) => {
                let used = steps.iter().rposition(|c| *c != BigUint::ZERO).map_or(0, |i| i + 1);
                Position::Heaps(steps[..used].to_vec())
            }
            None => position.clone(),
        }
    }

    fn theorem(&self) -> Option<&dyn Theorem> {
        Some(self)
    }

    fn verify_reach(&self) -> u64 {
        6
    }
}

impl Theorem for StaircaseNim {
    /// Nim on the odd steps: the list of steps' coins decides by the xor of its odd places.
    fn list_rule(&self) -> Option<ListRule> {
        Some(ListRule::OddPlacesXor)
    }

    fn name(&self) -> Summary {
        Summary {
            en: "The staircase theorem",
            zh: "阶梯博弈定理",
        }
    }

    fn statement(&self) -> Summary {
        Summary {
            en: "Staircase Nim is Nim on the odd steps: its value is the xor of the coins on steps 1, 3, 5, …. Coins moved down from an odd step leave the odd steps (any smaller heap is reachable, as in Nim); coins moved down from an even step only raise the odd step below, which the next player can move on down in turn.",
            zh: "阶梯博弈就是奇数级台阶上的 Nim：其值是第 1、3、5…级台阶上硬币数的异或。从奇数级移下的硬币离开了奇数级（如同 Nim 可变为任一更小的堆）；从偶数级移下的硬币只是增加了下面的奇数级，对手可以把它们再移下去。",
        }
    }

    fn read(&self, position: &Position) -> Option<Reading> {
        let steps = steps(position)?;
        let parts = steps
            .iter()
            .enumerate()
            .step_by(2)
            .map(|(index, coins)| Part {
                label: PartLabel::Step(index as u64 + 1),
                value: coins.clone(),
            })
            .collect();
        Some(Reading::xor(parts))
    }

    /// At most one move per step: a Nim move on an odd step, or the coins an even step adds
    /// to the odd step below.
    fn moves_to(&self, position: &Position, target: &BigUint, _: u64) -> Option<Vec<Action>> {
        let steps = steps(position)?;
        let total = steps
            .iter()
            .step_by(2)
            .fold(BigUint::ZERO, |x, coins| x ^ coins);
        let change = &total ^ target;
        let mut moves = Vec::new();
        for (index, coins) in steps.iter().enumerate() {
            let (odd, even) = if index % 2 == 0 {
                (coins, None)
            } else {
                (&steps[index - 1], Some(coins))
            };
            let wanted = odd ^ &change;
            let moved_coins = match even {
                // An odd step lowered to `wanted`.
                None if &wanted < odd => odd - &wanted,
                // The odd step below raised to `wanted` by coins from this even step.
                Some(here) if &wanted > odd && &(&wanted - odd) <= here => &wanted - odd,
                _ => continue,
            };
            moves.push(Action::MoveDown {
                step: index + 1,
                coins: moved_coins,
            });
        }
        Some(moves)
    }

    fn after(&self, position: &Position, action: &Action, most_numbers: u64) -> Option<Position> {
        let steps = steps(position)?;
        let Action::MoveDown { step, coins } = action else {
            return None;
        };
        let index = step.checked_sub(1)?;
        let fits = steps.len() as u64 <= most_numbers;
        (fits && steps.get(index).is_some_and(|here| here >= coins))
            .then(|| moved(steps, index, coins))
    }

    /// Every staircase of at most four steps holding fewer than `reach` coins in all, `reach` at
    /// most 8 (330 staircases).
    fn small_positions(&self, reach: u64) -> Vec<Position> {
        let reach = reach.min(8);
        let mut positions = vec![Position::Heaps(Vec::new())];
        let mut current: Vec<Vec<u64>> = vec![Vec::new()];
        for _ in 0..SMALL_STEPS {
            let mut next = Vec::new();
            for steps in &current {
                let used: u64 = steps.iter().sum();
                for coins in 0..reach.saturating_sub(used) {
                    let mut longer = steps.clone();
                    longer.push(coins);
                    positions.push(Position::Heaps(longer.iter().map(|&c| c.into()).collect()));
                    next.push(longer);
                }
            }
            current = next;
        }
        positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_option_is_the_position_its_action_leaves() {
        for a in 0..4u32 {
            for b in 0..4u32 {
                for c in 0..4u32 {
                    let position = Position::Heaps(vec![a.into(), b.into(), c.into()]);
                    for (action, after) in StaircaseNim.options(&position).expect("listed") {
                        assert_eq!(
                            StaircaseNim.after(&position, &action, 8),
                            Some(after),
                            "{position}: {action:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_reachable_positions_are_bounded_by_a_binomial() {
        // Two coins on two steps: at most C(4, 2) = 6 distributions.
        let position = Position::Heaps(vec![1u32.into(), 1u32.into()]);
        assert_eq!(StaircaseNim.reachable_bound(&position), Some(6u32.into()));
    }
}
