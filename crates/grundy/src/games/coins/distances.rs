//! Coin-turning by distances (`coins:distances:1,3,4`): a move turns over the coin at cell `x`,
//! which shows heads and turns to tails, and the coin `d` cells to its left, `d` one of the
//! rule's distances. By the decomposition theorem a row is the sum of its single heads, and a
//! head alone at `x` is worth the Grundy value of a heap of `x` in the subtraction game of the
//! distances: turning the coin `d` cells left adds its value, the heap `x − d`. Those values are
//! ultimately periodic, and the rule is read only once their period is certified (a window of
//! the largest distance repeats), so every cell up to `10^18` and beyond is valued at once.

use std::collections::BTreeSet;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::{distinct_heads, heads, run_bound, turned};
use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::registry::Summary;
use crate::games::ruleset::{PositionProblem, PositionShape, Ruleset, listable};
use crate::games::theorem::{Part, PartLabel, Reading, TableRule, Theorem};
use crate::theory::pattern::{NumberSet, Sequence};
use crate::theory::period::{Periodicity, Search, search_window};

/// The largest distance a rule may have.
pub const MOST_DISTANCE: u64 = 1 << 20;

/// The most distances a rule may have.
pub const MOST_DISTANCES: usize = 1 << 12;

/// The most steps (cells valued times distances) finding the period may take: about a second.
const PERIOD_WORK: u64 = 1 << 28;

/// The most steps (heads times distances) finding the winning moves may take.
const MOVE_WORK: u64 = 1 << 24;

/// Coin-turning whose second coin lies one of `distances` to the left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceCoins {
    /// The distances, increasing, each at least 1.
    distances: Vec<u64>,
    /// The values of a head alone at each cell, certified periodic.
    values: Periodicity,
}

impl DistanceCoins {
    /// The rule of `distances` (any order, repeats allowed), its values' period certified.
    ///
    /// # Errors
    /// Why the distances are not a rule grundy reads: none, a distance of 0 or beyond
    /// [`MOST_DISTANCE`], more than [`MOST_DISTANCES`], or no period found within the work
    /// allowed.
    ///
    /// # Complexity
    /// `O(c · k)` for the `c` cells valued until the period repeats and `k` distances.
    ///
    /// # Example
    /// ```
    /// use grundy::games::coins::DistanceCoins;
    /// let rule = DistanceCoins::new(vec![1, 3, 4])?;
    /// let values: Vec<u64> = (0u32..8).map(|x| rule.head_value(&x.into()).try_into().unwrap_or(0)).collect();
    /// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0]); // the subtraction game {1, 3, 4}
    /// # Ok::<(), String>(())
    /// ```
    pub fn new(mut distances: Vec<u64>) -> Result<Self, String> {
        distances.sort_unstable();
        distances.dedup();
        let (Some(&least), Some(&largest)) = (distances.first(), distances.last()) else {
            return Err("a rule of distances needs at least one distance".to_owned());
        };
        if least == 0 {
            return Err("a distance is at least 1: the second coin lies left of the head".to_owned());
        }
        if largest > MOST_DISTANCE {
            return Err(format!(
                "the distance {largest} is beyond the largest grundy reads, {MOST_DISTANCE}"
            ));
        }
        if distances.len() > MOST_DISTANCES {
            return Err(format!(
                "{} distances, more than the {MOST_DISTANCES} grundy reads",
                distances.len()
            ));
        }
        let limit = PERIOD_WORK / distances.len() as u64;
        let mut values: Vec<u32> = Vec::new();
        let mut seen: Vec<bool> = Vec::new();
        let set = distances.clone();
        let generated = std::iter::from_fn(move || {
            let cell = values.len() as u64;
            seen.clear();
            seen.resize(set.len() + 1, false);
            for &d in set.iter().take_while(|&&d| d <= cell) {
                let value = values[(cell - d) as usize] as usize;
                if let Some(slot) = seen.get_mut(value) {
                    *slot = true;
                }
            }
            let mex = seen.iter().position(|s| !s).unwrap_or(seen.len());
            let mex = u32::try_from(mex).unwrap_or(u32::MAX);
            values.push(mex);
            Some(mex)
        });
        match search_window(generated, largest, limit) {
            (Search::Certified(certificate), _) => Ok(Self {
                distances,
                values: certificate.periodicity().clone(),
            }),
            _ => Err(format!(
                "no period of the heads' values within the first {limit} cells, so far heads cannot be valued"
            )),
        }
    }

    /// The distances, increasing.
    pub fn distances(&self) -> &[u64] {
        &self.distances
    }

    /// The Grundy value of a head alone at `cell`: the subtraction game's value at heap `cell`.
    ///
    /// # Complexity
    /// `O(d)` for `d` digits of `cell`.
    pub fn head_value(&self, cell: &BigUint) -> BigUint {
        self.values.value_at(cell)
    }

    /// The distances a move with its head at `cell` may use (at most `cell`).
    fn usable(&self, cell: &BigUint) -> &[u64] {
        let count = match cell.to_u64() {
            Some(cell) => self.distances.partition_point(|&d| d <= cell),
            None => self.distances.len(),
        };
        &self.distances[..count]
    }
}

impl Ruleset for DistanceCoins {
    fn example_position(&self) -> &'static str {
        "0,3,5"
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Heaps
    }

    fn empty_position(&self) -> &'static str {
        "(all tails)"
    }

    fn check_position(&self, position: &Position) -> Result<(), PositionProblem> {
        distinct_heads(position)
    }

    /// A head alone at cell `n`.
    fn numbered_position(&self, n: &BigUint) -> Option<Position> {
        Some(Position::Heaps(vec![n.clone()]))
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let cells = heads(position)?;
        Some(cells.iter().map(|cell| BigUint::from(self.usable(cell).len())).sum())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        let cells = heads(position)?;
        let count = self.option_count(position)?;
        if !listable(&count) || count * BigUint::from(cells.len() + 2) > BigUint::from(1u64 << 22)
        {
            return None;
        }
        let mut options = Vec::new();
        for cell in cells {
            for &d in self.usable(cell) {
                let other = cell - d;
                let action = Action::Turn {
                    cells: vec![cell.clone(), other.clone()],
                };
                options.push((action, turned(cells, [cell.clone(), other])));
            }
        }
        Some(options)
    }

    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        run_bound(heads(position)?)
    }

    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        Theorem::unlisted_reason(self, position)
    }

    fn search_key(&self, position: &Position) -> Position {
        match heads(position) {
            Some(cells) => turned(cells, []),
            None => position.clone(),
        }
    }

    fn theorem(&self) -> Option<&dyn Theorem> {
        Some(self)
    }

    /// Every row of 8 cells (256 rows), each searched.
    fn verify_reach(&self) -> u64 {
        8
    }
}

impl Theorem for DistanceCoins {
    fn name(&self) -> Summary {
        super::DECOMPOSITION
    }

    fn statement(&self) -> Summary {
        Summary {
            en: concat!(
                decomposition_en!(),
                "Under a rule of distances (turn over the head at cell x and the coin d cells to its left, d one of the distances) a head alone at cell x is worth the Grundy value of a heap of x tokens in the subtraction game of those distances: the coin d cells to its left is worth the heap x − d. Those values are periodic, with a certified period."
            ),
            zh: concat!(
                decomposition_zh!(),
                "按距离规则（翻转第 x 格的正面硬币和它左边相距 d 格的硬币，d 为规则中的距离之一），单独一枚位于第 x 格的正面硬币值等于以这些距离为减法集的减法游戏中 x 枚一堆的 SG 值：左边相距 d 格的硬币值为 x − d 一堆之值。这些值是周期的，其周期已经证明。"
            ),
        }
    }

    fn read(&self, position: &Position) -> Option<Reading> {
        let cells = heads(position)?;
        let parts = cells
            .iter()
            .map(|cell| Part {
                label: PartLabel::Cell(cell.clone()),
                value: self.head_value(cell),
            })
            .collect();
        Some(Reading::xor(parts))
    }

    fn moves_to(&self, position: &Position, target: &BigUint, _: u64) -> Option<Vec<Action>> {
        let cells = heads(position)?;
        if Theorem::unlisted_reason(self, position).is_some() {
            return None;
        }
        let total = cells
            .iter()
            .fold(BigUint::zero(), |x, cell| x ^ self.head_value(cell));
        let mut moves = Vec::new();
        for cell in cells {
            // The coin turned with the head must be worth `wanted`.
            let wanted = &total ^ self.head_value(cell) ^ target;
            for &d in self.usable(cell) {
                let other = cell - d;
                if self.head_value(&other) == wanted {
                    moves.push(Action::Turn {
                        cells: vec![cell.clone(), other],
                    });
                }
            }
        }
        Some(moves)
    }

    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        let cells = heads(position)?;
        let work = (cells.len() as u64).saturating_mul(self.distances.len() as u64);
        (work > MOVE_WORK).then(|| {
            format!(
                "finding them tries every distance at every head, {work} steps, more than {MOVE_WORK}"
            )
        })
    }

    fn after(&self, position: &Position, action: &Action, most_numbers: u64) -> Option<Position> {
        let cells = heads(position)?;
        let Action::Turn { cells: flipped } = action else {
            return None;
        };
        (cells.len() as u64 + 2 <= most_numbers).then(|| turned(cells, flipped.iter().cloned()))
    }

    /// The subtraction game's values, periodic; lost exactly at their zeros.
    fn table_rule(&self) -> Option<TableRule> {
        let members: Vec<u64> = self.values.zeros().collect();
        let losses = NumberSet::Periodic {
            preperiod: self.values.preperiod(),
            period: self.values.period(),
            members,
        };
        Some(TableRule {
            values: Sequence::Periodic(self.values.clone()),
            losses,
        })
    }

    fn small_positions(&self, reach: u64) -> Vec<Position> {
        super::rows_below(reach)
    }
}

/// The distances of a rule as written, `1,3,4` or ranges `1..3,7`: each with its span in `text`.
///
/// # Errors
/// The span and what is wrong.
pub(super) fn read_distances(text: &str) -> Result<Vec<u64>, (std::ops::Range<usize>, String)> {
    let mut distances = BTreeSet::new();
    let mut at = 0;
    for piece in text.split(',') {
        let span = at..at + piece.len();
        at += piece.len() + 1;
        let word = piece.trim();
        let number = |word: &str| {
            word.trim().parse::<u64>().map_err(|_| {
                (
                    span.clone(),
                    format!("'{}' is not a distance: distances are whole numbers", word.trim()),
                )
            })
        };
        match word.split_once("..") {
            Some((low, high)) => {
                let (low, high) = (number(low)?, number(high)?);
                if low > high || high - low >= MOST_DISTANCES as u64 {
                    return Err((span, format!("the range {low}..{high} is empty or too long")));
                }
                distances.extend(low..=high);
            }
            None => {
                distances.insert(number(word)?);
            }
        }
        if distances.len() > MOST_DISTANCES {
            return Err((span, format!("more than {MOST_DISTANCES} distances")));
        }
    }
    Ok(distances.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A head's value from the literal rule: the mex over its moves of the value of the coin
    /// turned with it.
    fn by_definition(distances: &[u64], cells: u64) -> Vec<u64> {
        let mut values: Vec<u64> = Vec::new();
        for x in 0..cells {
            let options: Vec<u64> = distances
                .iter()
                .filter(|&&d| d <= x)
                .map(|&d| values[(x - d) as usize])
                .collect();
            values.push((0..).find(|v| !options.contains(v)).unwrap_or(0));
        }
        values
    }

    #[test]
    fn heads_are_worth_the_subtraction_game_and_the_period_holds_far_away() {
        for distances in [vec![1u64], vec![2, 3], vec![1, 3, 4], vec![2, 5, 7, 11], vec![6, 1, 9]] {
            let rule = DistanceCoins::new(distances.clone()).expect("a rule");
            let values = by_definition(rule.distances(), 600);
            for (cell, &value) in values.iter().enumerate() {
                assert_eq!(
                    rule.head_value(&BigUint::from(cell)),
                    BigUint::from(value),
                    "{distances:?} at {cell}"
                );
            }
        }
        assert!(DistanceCoins::new(vec![]).is_err());
        assert!(DistanceCoins::new(vec![0, 1]).is_err());
        assert!(DistanceCoins::new(vec![MOST_DISTANCE + 1]).is_err());
        assert_eq!(read_distances("1..3, 7").map_err(|e| e.1), Ok(vec![1, 2, 3, 7]));
        assert!(read_distances("1,x").is_err());
        assert!(read_distances("5..2").is_err());
    }

    #[test]
    fn the_moves_to_zero_leave_zero_on_every_small_row() {
        let rule = DistanceCoins::new(vec![1, 3, 4]).expect("a rule");
        for row in super::super::rows_below(8) {
            let total = match rule.read(&row).expect("a row").worth {
                crate::games::theorem::Worth::Grundy(value) => value,
                other => panic!("{other:?}"),
            };
            let moves = rule.moves_to(&row, &BigUint::zero(), 64).expect("moves");
            let listed = rule.options(&row).expect("options");
            let expected = listed
                .iter()
                .filter(|(_, after)| {
                    rule.read(after).map(|r| r.worth)
                        == Some(crate::games::theorem::Worth::Grundy(BigUint::zero()))
                })
                .count();
            assert_eq!(moves.len(), expected, "{row}");
            assert_eq!(total.is_zero(), moves.is_empty(), "{row}");
            assert!(rule.moves_to(&row, &BigUint::from(1u32), 64).is_some());
        }
    }
}
