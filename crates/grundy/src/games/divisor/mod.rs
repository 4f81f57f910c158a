//! The divisor game (problem 1025 of `LeetCode`, the “Divisor Game”): from a number `n`, a move
//! subtracts a proper divisor of it — some `x` with `0 < x < n` dividing `n` —, and whoever
//! cannot move (at 1, or 0) loses. grundy knows no theory of it: every question answers it by
//! searching its options.

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::registry::{Family, RuleProblem, Summary};
use crate::games::ruleset::{Ruleset, listable};

/// The family's entry in the registry.
pub const FAMILY: Family = Family {
    name: "divisor",
    summary: Summary {
        en: "subtract a proper divisor x of n (0 < x < n); who cannot move loses",
        zh: "减去 n 的一个真因数 x（0 < x < n）；无法操作的一方输",
    },
    example: "divisor",
    rules,
};

/// The largest number whose divisors are listed: finding them takes at most a million trial
/// divisions.
pub const MOST_LISTED: u64 = 1_000_000_000_000;

/// The divisor game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DivisorGame;

fn rules(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem> {
    match rule {
        None => Ok(Arc::new(DivisorGame)),
        Some(rule) => Err(RuleProblem {
            span: 0..rule.len(),
            message: "'divisor' takes no rule after a colon".to_owned(),
            hint: "write just divisor, and the number separately or in brackets".to_owned(),
        }),
    }
}

/// The divisors `x < n` of `n`, in increasing order (none for 0 and 1).
///
/// # Complexity
/// `O(t + d log d)` for the `d` divisors and `t` trial divisions: with `q` the second largest
/// prime factor of `n` and `r` the largest, `t` is about `max(q, √r)` when `r` divides `n` once
/// and `max(q, r)` otherwise — at most `√n`.
///
/// # Example
/// ```
/// use grundy::games::divisor::proper_divisors;
/// assert_eq!(proper_divisors(12), [1, 2, 3, 4, 6]);
/// assert!(proper_divisors(1).is_empty());
/// ```
pub fn proper_divisors(n: u64) -> Vec<u64> {
    if n == 0 {
        return Vec::new();
    }
    let mut divisors = vec![1u64];
    let mut rest = n;
    let mut prime = 2u64;
    let include = |prime: u64, rest: &mut u64, divisors: &mut Vec<u64>| {
        let known = divisors.len();
        let mut power = 1u64;
        while rest.is_multiple_of(prime) {
            *rest /= prime;
            power *= prime;
            for i in 0..known {
                divisors.push(divisors[i] * power);
            }
        }
    };
    while prime.checked_mul(prime).is_some_and(|square| square <= rest) {
        include(prime, &mut rest, &mut divisors);
        prime += if prime == 2 { 1 } else { 2 };
    }
    if rest > 1 {
        include(rest, &mut rest, &mut divisors);
    }
    divisors.sort_unstable();
    divisors.pop(); // n itself
    divisors
}

impl DivisorGame {
    /// The number of a position whose options are listed.
    fn listed(position: &Position) -> Option<u64> {
        let Position::Heap(n) = position else {
            return None;
        };
        n.to_u64().filter(|&n| n <= MOST_LISTED)
    }
}

impl Ruleset for DivisorGame {
    /// Exact up to [`MOST_LISTED`]; beyond it `n` itself, an upper bound (the divisors are not
    /// found, nor listed).
    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let Position::Heap(n) = position else {
            return None;
        };
        Some(match Self::listed(position) {
            Some(n) => proper_divisors(n).len().into(),
            None => n.clone(),
        })
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        let n = Self::listed(position)?;
        let divisors = proper_divisors(n);
        if !listable(&divisors.len().into()) {
            return None;
        }
        let options = divisors
            .into_iter()
            .map(|x| {
                let after = Position::Heap((n - x).into());
                (Action::Take { amount: x.into() }, after)
            })
            .collect();
        Some(options)
    }

    /// From `n ≥ 1` every move leaves a number from 1 to `n − 1` (taking 1 always can), so the
    /// positions reachable are at most the numbers 1 to `n`.
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        let Position::Heap(n) = position else {
            return None;
        };
        Some(n.max(&BigUint::from(1u32)).clone())
    }

    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        Self::listed(position).is_none().then(|| {
            format!(
                "the divisor game finds the divisors of numbers up to {MOST_LISTED} (by trial division), not beyond"
            )
        })
    }

    fn numbered_position(&self, n: &BigUint) -> Option<Position> {
        Some(Position::Heap(n.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_match_a_direct_count() {
        for n in 0..500u64 {
            let direct: Vec<u64> = (1..n).filter(|x| n % x == 0).collect();
            assert_eq!(proper_divisors(n), direct, "n = {n}");
        }
        assert_eq!(proper_divisors(MOST_LISTED).len(), 168);
    }

    #[test]
    fn beyond_the_listed_numbers_no_option_is_listed() {
        let huge = Position::Heap((MOST_LISTED + 1).into());
        assert_eq!(DivisorGame.options(&huge), None);
        assert!(DivisorGame.unlisted_reason(&huge).is_some());
        assert_eq!(DivisorGame.unlisted_reason(&Position::Heap(12u32.into())), None);
        assert_eq!(DivisorGame.option_count(&huge), Some((MOST_LISTED + 1).into()));
    }
}
