//! Turning Corners (Winning Ways, ch. 14): a grid of coins, rows and columns numbered from 0,
//! each showing heads or tails; a move turns over the four corners of a rectangle — the coin at
//! row `a`, column `b`, which shows heads and turns to tails, and the coins at `(x, b)`,
//! `(a, y)` and `(x, y)` for some `x < a`, `y < b`; whoever cannot move loses. A position is
//! the set of coins showing heads, written `row:column` separated by commas (`3:5,2:2`) or one
//! `row column` per line.
//!
//! The theorem: by the decomposition theorem of coin-turning games (every move turns its
//! farthest coin from heads to tails), a grid is the sum of its single heads; a head alone at
//! `(a, b)` is worth the nim product `a ⊗ b` (the mex over its moves is the definition of the nim
//! product, Conway, *On Numbers and Games*, ch. 6). A move at `(a, b)` to `(x, y)` changes the
//! xor of the heads' values by `(a ⊕ x) ⊗ (b ⊕ y)`, so the moves to a value are found by nim
//! division: for each `u = a ⊕ x` (its highest bit one of `a`'s), `v = d ⊘ u` must have its
//! highest bit one of `b`'s. `tests.rs` compares every position of the 4 × 4 grid with the
//! literal rules.

#[cfg(test)]
mod tests;

use std::collections::BTreeSet;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::registry::{Family, RuleProblem, Summary};
use crate::games::ruleset::{PositionProblem, PositionShape, Ruleset, listable};
use crate::games::theorem::{Part, PartLabel, Reading, Theorem};
use crate::theory::nimber;

/// The family's entry in the registry.
pub const FAMILY: Family = Family {
    name: "turning-corners",
    summary: Summary {
        en: "a grid of coins (rows and columns from 0) showing heads or tails; a move turns over the four corners of a rectangle, the one farthest from row 0 and column 0 from heads to tails",
        zh: "一个硬币方阵（行列从 0 编号），或正或反；每步翻转一个矩形的四个角，其中离第 0 行第 0 列最远的一枚须由正面翻为反面",
    },
    example: "turning-corners",
    rules,
};

/// The most nim divisions finding every winning move may take (the smaller side of each head,
/// summed): about a second (a division takes a few microseconds).
pub const MOST_DIVISIONS: u64 = 1 << 18;

/// The most cells the positions left by a position's options may hold in all for them to be
/// listed.
const MOST_WRITTEN_CELLS: u64 = 1 << 22;

/// Turning Corners.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurningCorners;

fn rules(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem> {
    match rule {
        None => Ok(Arc::new(TurningCorners)),
        Some(rule) => Err(RuleProblem {
            span: 0..rule.len(),
            message: "'turning-corners' takes no rule after a colon".to_owned(),
            hint: "write just turning-corners, and the heads as the position, e.g. turning-corners[3:5,2:2]"
                .to_owned(),
        }),
    }
}

/// The heads of a position.
fn heads(position: &Position) -> Option<&[(u64, u64)]> {
    match position {
        Position::Cells(cells) => Some(cells),
        _ => None,
    }
}

/// The position left by turning over `turned` in `heads`: the heads after, in order.
fn turned(heads: &[(u64, u64)], turned: &[(u64, u64)]) -> Position {
    let mut after: BTreeSet<(u64, u64)> = heads.iter().copied().collect();
    for &cell in turned {
        if !after.remove(&cell) {
            after.insert(cell);
        }
    }
    Position::Cells(after.into_iter().collect())
}

/// The four coins a move at `corner` to `opposite` turns over.
fn corners((a, b): (u64, u64), (x, y): (u64, u64)) -> [(u64, u64); 4] {
    [(a, b), (a, y), (x, b), (x, y)]
}

/// The nim divisions finding the moves of `heads` to a value take: the smaller side of each.
fn division_work(heads: &[(u64, u64)]) -> u64 {
    heads
        .iter()
        .fold(0u64, |work, &(a, b)| work.saturating_add(a.min(b)))
}

/// Every `(x, y)` with `x < a`, `y < b` and `(a ⊕ x) ⊗ (b ⊕ y) = change`: the moves at head
/// `(a, b)` that change the xor of the heads' values by `change`, in increasing `x ⊕ a` (or
/// `y ⊕ b` when `b` is the smaller side). `x < a` exactly when the highest bit of `a ⊕ x` is one
/// of `a`'s, so the smaller side's differences are tried one by one and the other found by nim
/// division.
///
/// # Complexity
/// `min(a, b)` nim divisions.
fn moves_changing((a, b): (u64, u64), change: u64, moves: &mut Vec<(u64, u64)>) {
    if change == 0 || a == 0 || b == 0 {
        return;
    }
    // The differences along the smaller side, `mine`, and the side the quotient must fit.
    let (mine, other) = if a <= b { (a, b) } else { (b, a) };
    for bit in (0..64).filter(|bit| mine >> bit & 1 == 1) {
        let low = 1u64 << bit;
        for difference in low..=(low | (low - 1)) {
            let Some(quotient) = nimber::divide(change, difference) else {
                continue;
            };
            if quotient != 0 && other >> quotient.ilog2() & 1 == 1 {
                moves.push(if a <= b {
                    (a ^ difference, b ^ quotient)
                } else {
                    (a ^ quotient, b ^ difference)
                });
            }
        }
    }
}

impl Ruleset for TurningCorners {
    fn example_position(&self) -> &'static str {
        "3:5,2:2"
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Cells
    }

    fn empty_position(&self) -> &'static str {
        "(all tails)"
    }

    fn check_position(&self, position: &Position) -> Result<(), PositionProblem> {
        let Some(cells) = heads(position) else {
            return Ok(());
        };
        let distinct: BTreeSet<&(u64, u64)> = cells.iter().collect();
        if distinct.len() < cells.len() {
            return Err(PositionProblem {
                message: "a coin is written twice: a position is the set of coins showing heads"
                    .to_owned(),
                hint: "write each coin showing heads once, as row:column, e.g. 3:5,2:2".to_owned(),
            });
        }
        Ok(())
    }

    /// A head alone at row `a`, column `b`: the grid of the table is the nim multiplication
    /// table.
    fn coordinate_position(&self, coordinates: &[BigUint]) -> Option<Position> {
        match coordinates {
            [a, b] => Some(Position::Cells(vec![(a.to_u64()?, b.to_u64()?)])),
            _ => None,
        }
    }

    fn has_grid(&self) -> bool {
        true
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let cells = heads(position)?;
        Some(
            cells
                .iter()
                .map(|&(a, b)| BigUint::from(a) * BigUint::from(b))
                .sum(),
        )
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        let cells = heads(position)?;
        let count = self.option_count(position)?;
        let written = &count * BigUint::from(cells.len() + 4);
        if !listable(&count) || written > BigUint::from(MOST_WRITTEN_CELLS) {
            return None;
        }
        let mut options = Vec::new();
        for &(a, b) in cells {
            for x in (0..a).rev() {
                for y in (0..b).rev() {
                    let action = Action::TurnCorners {
                        corner: (a, b),
                        opposite: (x, y),
                    };
                    options.push((action, turned(cells, &corners((a, b), (x, y)))));
                }
            }
        }
        Some(options)
    }

    /// Every set of heads inside the rectangle of rows and columns up to the farthest head's:
    /// `2^((A + 1)(B + 1))` (none beyond 65 536 cells).
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        let cells = heads(position)?;
        let rows = cells.iter().map(|&(a, _)| a).max().unwrap_or(0);
        let columns = cells.iter().map(|&(_, b)| b).max().unwrap_or(0);
        let area = rows
            .checked_add(1)?
            .checked_mul(columns.checked_add(1)?)
            .filter(|&area| area <= 1 << 16)?;
        Some(BigUint::from(1u32) << area)
    }

    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        Theorem::unlisted_reason(self, position)
    }

    fn search_key(&self, position: &Position) -> Position {
        match heads(position) {
            Some(cells) => turned(cells, &[]),
            None => position.clone(),
        }
    }

    fn theorem(&self) -> Option<&dyn Theorem> {
        Some(self)
    }

    /// Every set of at most two heads among rows and columns 0 to 2 (46 positions, each
    /// searched over at most 2^9 sets of heads).
    fn verify_reach(&self) -> u64 {
        3
    }
}

impl Theorem for TurningCorners {
    fn name(&self) -> Summary {
        Summary {
            en: "Turning Corners and nim multiplication (Winning Ways, ch. 14; Conway, On Numbers and Games, ch. 6)",
            zh: "Turning Corners 与 nim 乘法（《Winning Ways》第 14 章；Conway《On Numbers and Games》第 6 章）",
        }
    }

    fn statement(&self) -> Summary {
        Summary {
            en: "A grid of coins is the sum of its single heads: its value is the xor of the heads' values. A head alone at row a, column b is worth the nim product a ⊗ b, whose rules are 2^(2^k) ⊗ x = 2^(2^k) · x for x < 2^(2^k) and 2^(2^k) ⊗ 2^(2^k) = 3 · 2^(2^k − 1), with ⊗ distributive over xor.",
            zh: "一个硬币方阵等于其各枚正面硬币单独时的和：其值是各正面硬币之值的异或。单独一枚位于第 a 行第 b 列的正面硬币值为 nim 积 a ⊗ b，其规则为：x < 2^(2^k) 时 2^(2^k) ⊗ x = 2^(2^k) · x，2^(2^k) ⊗ 2^(2^k) = 3 · 2^(2^k − 1)，且 ⊗ 对异或满足分配律。",
        }
    }

    fn read(&self, position: &Position) -> Option<Reading> {
        let cells = heads(position)?;
        let parts = cells
            .iter()
            .map(|&(row, column)| Part {
                label: PartLabel::Square { row, column },
                value: nimber::multiply(row, column).into(),
            })
            .collect();
        Some(Reading::xor(parts))
    }

    fn moves_to(&self, position: &Position, target: &BigUint, _: u64) -> Option<Vec<Action>> {
        let cells = heads(position)?;
        if division_work(cells) > MOST_DIVISIONS {
            return None;
        }
        let total = cells
            .iter()
            .fold(0u64, |total, &(a, b)| total ^ nimber::multiply(a, b));
        // Every value is below 2^64: a target beyond is reached by no move.
        let Some(target) = target.to_u64() else {
            return Some(Vec::new());
        };
        let mut found = Vec::new();
        let mut moves = Vec::new();
        for &corner in cells {
            found.clear();
            moves_changing(corner, total ^ target, &mut found);
            moves.extend(found.iter().map(|&opposite| Action::TurnCorners { corner, opposite }));
        }
        Some(moves)
    }

    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        let work = division_work(heads(position)?);
        (work > MOST_DIVISIONS).then(|| {
            format!(
                "finding them tries every row or column below each head (the smaller side), {work} nim divisions in all, more than {MOST_DIVISIONS}"
            )
        })
    }

    fn after(&self, position: &Position, action: &Action, most_numbers: u64) -> Option<Position> {
        let cells = heads(position)?;
        let &Action::TurnCorners { corner, opposite } = action else {
            return None;
        };
        let legal = opposite.0 < corner.0 && opposite.1 < corner.1 && cells.contains(&corner);
        (legal && (cells.len() as u64 + 4).saturating_mul(2) <= most_numbers)
            .then(|| turned(cells, &corners(corner, opposite)))
    }

    /// Every set of at most two heads among rows and columns below `reach` (at most 4).
    fn small_positions(&self, reach: u64) -> Vec<Position> {
        let side = reach.clamp(1, 4);
        let cells: Vec<(u64, u64)> = (0..side)
            .flat_map(|a| (0..side).map(move |b| (a, b)))
            .collect();
        let mut positions = vec![Position::Cells(Vec::new())];
        for (i, &first) in cells.iter().enumerate() {
            positions.push(Position::Cells(vec![first]));
            for &second in &cells[i + 1..] {
                positions.push(Position::Cells(vec![first, second]));
            }
        }
        positions
    }
}
