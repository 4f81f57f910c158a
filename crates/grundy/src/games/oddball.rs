//! The contest game of the seeds (取球博弈, Lanqiao 2016): players alternately take `n1`, `n2` or
//! `n3` balls from a pile; when no move is possible the game ends, and a player holding an odd
//! number of balls wins; both odd or both even is a tie.
//!
//! Only parities matter for the result, so a position is (balls left, parity of the mover's balls,
//! parity of the opponent's balls): `4 (N + 1)` states for piles up to `N`, solved densely.

use num_bigint::BigUint;

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use crate::games::subtraction::{FiniteSet, MAX_AMOUNT, SetError};
use crate::theory::solver::{DenseGraph, Graph, Records, Value, solve_graph};

/// The dense index of (balls left, mover's parity, opponent's parity).
pub fn index(left: usize, mine_odd: bool, theirs_odd: bool) -> usize {
    4 * left + 2 * usize::from(mine_odd) + usize::from(theirs_odd)
}

fn unpack(i: usize) -> (usize, bool, bool) {
    (i / 4, i & 2 != 0, i & 1 != 0)
}

/// The result for the player to move when no move is left: odd against even wins, even against
/// odd loses, equal parities tie.
pub fn terminal_value(mine_odd: bool, theirs_odd: bool) -> Value {
    match (mine_odd, theirs_odd) {
        (true, false) => Value::Win,
        (false, true) => Value::Lose,
        _ => Value::Tie,
    }
}

/// The position after the mover takes `take` balls: the opponent moves next.
pub fn after(left: usize, mine_odd: bool, theirs_odd: bool, take: usize) -> (usize, bool, bool) {
    (left - take, theirs_odd, mine_odd ^ (take % 2 == 1))
}

/// Solves every position with at most `largest` balls left by retrograde analysis.
///
/// # Complexity
/// `O(N · |S|)` time and 4 bytes per state, `4 (N + 1)` states, for `N = largest`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::oddball::{index, solve_up_to};
/// use grundy::solver::Value;
/// use grundy::subtraction::FiniteSet;
/// let records = solve_up_to(&FiniteSet::new([1, 2, 3])?, 5);
/// let first: Vec<Value> = (1..=5).map(|x| records.get(index(x, false, false)).value).collect();
/// assert_eq!(first, [Value::Win, Value::Tie, Value::Win, Value::Tie, Value::Lose]); // + 0 + 0 -
/// # Ok(()) }
/// ```
pub fn solve_up_to(set: &FiniteSet, largest: usize) -> Records {
    solve_graph(&graph(set, largest))
}

/// [`solve_up_to`], stopping when `observer` asks: `None` then.
pub fn solve_up_to_observed(
    set: &FiniteSet,
    largest: usize,
    observer: &dyn crate::Observer,
) -> Option<Records> {
    crate::theory::solver::solve_graph_observed(&graph(set, largest), observer)
}

/// The contest's symbol for what the first player achieves: `+` a win, `0` a tie (or a draw,
/// which this game, always ending, never has), `-` a loss.
///
/// # Example
/// ```
/// use grundy::solver::Value;
/// assert_eq!(grundy::oddball::symbol(Value::Tie), "0");
/// ```
pub fn symbol(value: Value) -> &'static str {
    match value {
        Value::Win => "+",
        Value::Lose => "-",
        Value::Tie | Value::Draw => "0",
    }
}

/// The contest's answer line: one [`symbol`] per pile, separated by spaces.
///
/// # Example
/// ```
/// use grundy::solver::Value;
/// assert_eq!(grundy::oddball::answer_line(&[Value::Win, Value::Tie, Value::Lose]), "+ 0 -");
/// ```
pub fn answer_line(values: &[Value]) -> String {
    values
        .iter()
        .map(|&value| symbol(value))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The bytes [`solve_up_to`] holds for piles up to `largest`: 4 positions per pile size, each a
/// 4-byte record and at most one 16-byte queue entry; `None` if that does not fit in a `u64`.
pub fn solve_bytes(largest: u64) -> Option<u64> {
    largest.checked_add(1)?.checked_mul(4 * 20)
}

/// The game graph on every position with at most `largest` balls left.
pub fn graph(set: &FiniteSet, largest: usize) -> impl Graph {
    let amounts: Vec<usize> = set.members().iter().map(|&s| s as usize).collect();
    let parent_amounts = amounts.clone();
    DenseGraph::new(
        4 * (largest + 1),
        move |i, out| {
            let (left, mine, theirs) = unpack(i);
            out.extend(amounts.iter().filter(|&&n| n <= left).map(|&n| {
                let (l, m, t) = after(left, mine, theirs, n);
                index(l, m, t)
            }));
        },
        move |i, out| {
            // The mover before took n: it held parity `theirs ^ odd(n)`, the other held `mine`.
            let (left, mine, theirs) = unpack(i);
            out.extend(
                parent_amounts
                    .iter()
                    .filter(|&&n| left + n <= largest)
                    .map(|&n| index(left + n, theirs ^ (n % 2 == 1), mine)),
            );
        },
        |i| {
            let (_, mine, theirs) = unpack(i);
            terminal_value(mine, theirs)
        },
    )
}

/// The contest game on a finite set of amounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddballGame {
    /// The amounts a move may take.
    pub set: FiniteSet,
}

impl OddballGame {
    /// The contest game where a move takes an amount of `set`.
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
}

impl TryFrom<FiniteSet> for OddballGame {
    type Error = SetError;

    fn try_from(set: FiniteSet) -> Result<Self, SetError> {
        Self::new(set)
    }
}

impl Ruleset for OddballGame {
    /// A pile of `n` balls with none held yet, for a table of patterns.
    fn coordinate_position(&self, coordinates: &[BigUint]) -> Option<Position> {
        match coordinates {
            [n] => Some(Position::Balls {
                left: n.clone(),
                mine: BigUint::ZERO,
                theirs: BigUint::ZERO,
            }),
            _ => None,
        }
    }

    fn amounts(&self) -> Option<&[u64]> {
        Some(self.set.members())
    }

    /// The balls held as parities: only parities decide the game.
    fn search_key(&self, position: &Position) -> Position {
        match position {
            Position::Balls { left, mine, theirs } => Position::Balls {
                left: left.clone(),
                mine: BigUint::from(u8::from(mine.bit(0))),
                theirs: BigUint::from(u8::from(theirs.bit(0))),
            },
            other => other.clone(),
        }
    }

    fn last_move_decides(&self) -> bool {
        false
    }

    fn end_value(&self, position: &Position) -> Option<Value> {
        match position {
            Position::Balls { mine, theirs, .. } => {
                Some(terminal_value(mine.bit(0), theirs.bit(0)))
            }
            _ => None,
        }
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Balls
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let Position::Balls { left, .. } = position else {
            return None;
        };
        let count = self
            .set
            .members()
            .iter()
            .filter(|&&s| BigUint::from(s) <= *left);
        Some(count.count().into())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        if !listable(&self.option_count(position)?) {
            return None;
        }
        let Position::Balls { left, mine, theirs } = position else {
            return None;
        };
        let options = (self.set.members().iter())
            .filter(|&&s| BigUint::from(s) <= *left)
            .map(|&s| {
                // The opponent moves next: the holdings swap sides.
                let after = Position::Balls {
                    left: left - s,
                    mine: theirs.clone(),
                    theirs: mine + s,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(amounts: [u64; 3], piles: [usize; 5]) -> String {
        let set = FiniteSet::new(amounts).unwrap();
        let records = solve_up_to(&set, *piles.iter().max().unwrap());
        let symbols: Vec<&str> = piles
            .iter()
            .map(|&x| match records.get(index(x, false, false)).value {
                Value::Win => "+",
                Value::Tie => "0",
                _ => "-",
            })
            .collect();
        symbols.join(" ")
    }

    #[test]
    fn seed_samples() {
        assert_eq!(judge([1, 2, 3], [1, 2, 3, 4, 5]), "+ 0 + 0 -");
        assert_eq!(judge([1, 4, 5], [10, 11, 12, 13, 15]), "0 - 0 + +");
    }

    /// Plain minimax over (left, mine, theirs) with actual ball counts, from the contest statement.
    fn minimax(amounts: &[usize], left: usize, mine: usize, theirs: usize) -> Value {
        let moves: Vec<usize> = amounts.iter().copied().filter(|&n| n <= left).collect();
        if moves.is_empty() {
            return terminal_value(mine % 2 == 1, theirs % 2 == 1);
        }
        moves
            .iter()
            .map(|&n| minimax(amounts, left - n, theirs, mine + n).flipped())
            .max_by_key(|v| v.rank())
            .expect("a move exists")
    }

    #[test]
    fn retrograde_matches_minimax_on_random_move_sets() {
        for a in 1..=4usize {
            for b in a + 1..=6 {
                for c in b + 1..=7 {
                    let set = FiniteSet::new([a as u64, b as u64, c as u64]).unwrap();
                    let records = solve_up_to(&set, 22);
                    assert!(crate::theory::solver::self_check(&graph(&set, 22), &records).is_ok());
                    for x in 0..=22 {
                        assert_eq!(
                            records.get(index(x, false, false)).value,
                            minimax(&[a, b, c], x, 0, 0),
                            "{{{a},{b},{c}}} {x}"
                        );
                    }
                }
            }
        }
    }
}
