//! Coin-turning games (Winning Ways, ch. 14; 翻硬币游戏): a row of coins, cells numbered from 0,
//! each showing heads or tails; a move turns over some coins as the rule allows, the rightmost
//! of them from heads to tails; whoever cannot move loses. A position is the set of cells
//! showing heads.
//!
//! The decomposition theorem: since every move turns its rightmost coin from heads to tails, a
//! position plays as the sum of its single heads — its Grundy value is the xor of the values of
//! each head alone, a coin turned from tails to heads adding its value and one turned from heads
//! to tails removing it. Each rule's single-head values have a closed form:
//!
//! | rule | a move turns over | a head alone at cell `x` is worth |
//! | --- | --- | --- |
//! | `twins` | exactly two coins | `x` |
//! | `turning-turtles` | one or two coins | `x + 1` |
//! | `mock-turtles` | one, two or three coins | the `x`-th odious number: `2x + [x has an even number of 1 bits]` |
//! | `ruler` | any run of consecutive coins, its rightmost showing heads | the largest power of 2 dividing `x + 1` |
//!
//! (Winning Ways numbers Turning Turtles' and Ruler's coins from 1, where the values are `n`
//! and the ruler function of `n`; grundy numbers every row from 0, as Winning Ways' tables of
//! Mock Turtles do.) Each is checked against the search of the literal rules
//! (`tests/coins.rs`, `verify`).

use std::collections::BTreeSet;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::games::moves::{Action, TurnClass};
use crate::games::position::Position;
use crate::games::registry::{Family, RuleProblem, Summary};
use crate::games::ruleset::{PositionProblem, PositionShape, Ruleset, listable};
use crate::games::theorem::{Part, PartLabel, Reading, TableRule, Theorem};
use crate::theory::pattern::{BinaryForm, NumberSet, Sequence};

#[cfg(test)]
mod tests;

pub use distances::{DistanceCoins, MOST_DISTANCE, MOST_DISTANCES};

/// The family's entry in the registry.
pub const FAMILY: Family = Family {
    name: "coins",
    summary: Summary {
        en: "a row of coins (cells from 0) showing heads or tails; a move turns over coins as the rule allows, the rightmost of them from heads to tails",
        zh: "一排硬币（格子从 0 编号），或正或反；每步按规则翻转若干硬币，其中最右边的一枚须由正面翻为反面",
    },
    example: "coins:mock-turtles",
    rules,
};

/// The most cells a position written out holds when a move turns over a run (Ruler): a longer
/// run is described by its ends alone, and the options of a row whose runs would write more
/// cells than this in all are not listed.
pub const MOST_WRITTEN_CELLS: u64 = 1 << 22;

/// The cells of the positions `verify` compares its theorem on: every set of heads among the
/// first cells.
const SMALL_CELLS: u64 = 10;

/// Which coins a move may turn over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoinRule {
    /// Exactly two coins.
    Twins,
    /// One or two coins.
    TurningTurtles,
    /// One, two or three coins.
    MockTurtles,
    /// Any run of consecutive coins (its rightmost coin showing heads).
    Ruler,
}

impl CoinRule {
    const ALL: [Self; 4] = [
        Self::Twins,
        Self::TurningTurtles,
        Self::MockTurtles,
        Self::Ruler,
    ];

    /// The rule's name in a spec: `mock-turtles`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Twins => "twins",
            Self::TurningTurtles => "turning-turtles",
            Self::MockTurtles => "mock-turtles",
            Self::Ruler => "ruler",
        }
    }

    /// The Grundy value of a head alone at `cell`.
    ///
    /// # Complexity
    /// `O(d)` for `d` digits of `cell`.
    ///
    /// # Example
    /// ```
    /// use grundy::games::coins::CoinRule;
    /// let values: Vec<u32> = (0u32..8)
    ///     .map(|x| u32::try_from(CoinRule::MockTurtles.head_value(&x.into())).unwrap_or(0))
    ///     .collect();
    /// assert_eq!(values, [1, 2, 4, 7, 8, 11, 13, 14]); // the odious numbers
    /// ```
    pub fn head_value(self, cell: &BigUint) -> BigUint {
        match self {
            Self::Twins => cell.clone(),
            Self::TurningTurtles => cell + 1u32,
            Self::MockTurtles => {
                let even = cell.count_ones().is_multiple_of(2);
                (cell << 1u32) + u32::from(even)
            }
            Self::Ruler => {
                let next = cell + 1u32;
                let zeros = next.trailing_zeros().unwrap_or(0);
                BigUint::one() << zeros
            }
        }
    }

    /// How many moves have their rightmost coin at `cell`.
    fn moves_at(self, cell: &BigUint) -> BigUint {
        match self {
            Self::Twins => cell.clone(),
            Self::TurningTurtles | Self::Ruler => cell + 1u32,
            Self::MockTurtles => {
                let pairs = if cell.is_zero() {
                    BigUint::zero()
                } else {
                    cell * (cell - 1u32) / 2u32
                };
                BigUint::one() + cell + pairs
            }
        }
    }

    /// The other coins each move with its rightmost coin at `cell` turns over, in the order of
    /// the rules (fewer coins first, nearer coins first): `cell` small enough to list them.
    fn moves_listed(self, cell: u64) -> Vec<Vec<u64>> {
        let below = (0..cell).rev();
        match self {
            Self::Twins => below.map(|y| vec![y]).collect(),
            Self::TurningTurtles => std::iter::once(Vec::new())
                .chain(below.map(|y| vec![y]))
                .collect(),
            Self::MockTurtles => {
                let mut moves = vec![Vec::new()];
                moves.extend(below.clone().map(|y| vec![y]));
                for z in below {
                    moves.extend((0..z).rev().map(|y| vec![z, y]));
                }
                moves
            }
            Self::Ruler => (0..=cell).rev().map(|y| (y..cell).rev().collect()).collect(),
        }
    }

    /// The action of the move that turns `cell` and `others`.
    fn action(self, cell: u64, others: &[u64]) -> Action {
        match (self, others.last()) {
            (Self::Ruler, Some(&from)) => Action::TurnRun {
                from: from.into(),
                to: cell.into(),
            },
            _ => Action::Turn {
                cells: std::iter::once(cell)
                    .chain(others.iter().copied())
                    .map(BigUint::from)
                    .collect(),
            },
        }
    }
}

/// A coin-turning game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoinTurning {
    rule: CoinRule,
}

impl CoinTurning {
    /// The game of `rule`.
    pub fn new(rule: CoinRule) -> Self {
        Self { rule }
    }

    /// Its rule.
    pub fn rule(&self) -> CoinRule {
        self.rule
    }
}

fn rules(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem> {
    let names: Vec<&str> = CoinRule::ALL.iter().map(|rule| rule.name()).collect();
    let hint = format!(
        "write coins:RULE with RULE one of {}, or distances:D1,D2,… (the second coin D cells left of the head), e.g. coins:mock-turtles or coins:distances:1,3,4",
        names.join(", ")
    );
    let Some(text) = rule else {
        return Err(RuleProblem {
            span: 0..0,
            message: "'coins' needs a rule after a colon: which coins a move turns over".to_owned(),
            hint,
        });
    };
    if let Some(list) = text.trim_start().strip_prefix("distances:") {
        let at = text.len() - list.len();
        let hint = "write the distances after distances: separated by commas, e.g. coins:distances:1,3,4 or coins:distances:2..5".to_owned();
        let distances = distances::read_distances(list).map_err(|(span, message)| RuleProblem {
            span: at + span.start..at + span.end,
            message,
            hint: hint.clone(),
        })?;
        return match DistanceCoins::new(distances) {
            Ok(rule) => Ok(Arc::new(rule)),
            Err(message) => Err(RuleProblem {
                span: at..text.len(),
                message,
                hint,
            }),
        };
    }
    let name = text.trim();
    match CoinRule::ALL.iter().find(|rule| rule.name() == name) {
        Some(&rule) => Ok(Arc::new(CoinTurning { rule })),
        None => Err(RuleProblem {
            span: 0..text.len(),
            message: format!("no coin-turning rule is called '{name}'"),
            hint,
        }),
    }
}

/// The decomposition theorem, the first sentence of every rule's statement (a macro so that
/// `concat!` joins it to each rule's own sentence at compile time).
macro_rules! decomposition_en {
    () => {
        "A row is the sum of its single heads: its value is the xor of the heads' values. "
    };
}

/// The same sentence in Chinese.
macro_rules! decomposition_zh {
    () => {
        "一排硬币等于其各枚正面硬币单独时的和：其值是各正面硬币之值的异或。"
    };
}

// After the macros above, which it uses.
mod distances;

/// The theorem's name, shared by every rule.
const DECOMPOSITION: Summary = Summary {
    en: "The decomposition theorem of coin-turning games (Winning Ways, ch. 14)",
    zh: "翻硬币游戏的分解定理（《Winning Ways》第 14 章）",
};

/// That no cell of a position is written twice.
fn distinct_heads(position: &Position) -> Result<(), PositionProblem> {
    let Some(cells) = heads(position) else {
        return Ok(());
    };
    let distinct: BTreeSet<&BigUint> = cells.iter().collect();
    if distinct.len() < cells.len() {
        return Err(PositionProblem {
            message: "a cell is written twice: a position is the set of cells showing heads"
                .to_owned(),
            hint: "write each cell showing heads once, e.g. 0,3,5".to_owned(),
        });
    }
    Ok(())
}

/// Every row of coins up to the rightmost head: `2^(x + 1)` rows for a rightmost head at `x`
/// (none beyond cell 65 535, where no rule lists its options).
fn run_bound(cells: &[BigUint]) -> Option<BigUint> {
    let rightmost = cells.iter().max();
    let cells = rightmost.map_or(Some(0), |x| x.to_u64().filter(|&x| x < 1 << 16).map(|x| x + 1))?;
    Some(BigUint::one() << cells)
}

/// Every set of heads among the first `reach` cells (at most [`SMALL_CELLS`]).
fn rows_below(reach: u64) -> Vec<Position> {
    let cells = reach.min(SMALL_CELLS);
    (0u32..1 << cells)
        .map(|set| {
            let heads = (0..cells)
                .filter(|&cell| set >> cell & 1 == 1)
                .map(BigUint::from)
                .collect();
            Position::Heaps(heads)
        })
        .collect()
}

/// The heads of a position: its cells (any order, each once).
fn heads(position: &Position) -> Option<&[BigUint]> {
    match position {
        Position::Heaps(cells) => Some(cells),
        _ => None,
    }
}

/// The position left by turning over `turned` in `heads`: the cells showing heads after, in
/// increasing order.
fn turned(heads: &[BigUint], turned: impl IntoIterator<Item = BigUint>) -> Position {
    let mut after: BTreeSet<BigUint> = heads.iter().cloned().collect();
    for cell in turned {
        if !after.remove(&cell) {
            after.insert(cell);
        }
    }
    Position::Heaps(after.into_iter().collect())
}

/// The cells of a run from `from` to `to`, both included.
fn run(from: &BigUint, to: &BigUint) -> Vec<BigUint> {
    let mut cells = Vec::new();
    let mut cell = from.clone();
    while &cell <= to {
        cells.push(cell.clone());
        cell += 1u32;
    }
    cells
}

/// `n xor (n >> 1)`: the xor of the ruler function over `1..=n`, the values of cells `0..n`.
fn gray(n: &BigUint) -> BigUint {
    n ^ (n >> 1u32)
}

/// The `n` with `gray(n) = code`.
fn gray_inverse(code: &BigUint) -> BigUint {
    let mut n = code.clone();
    let mut shift = 1u64;
    while shift < code.bits().max(1) {
        n ^= &n >> shift;
        shift *= 2;
    }
    n
}

impl Ruleset for CoinTurning {
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

    /// A head alone at cell `n`: the rows of the table are the single heads' values.
    fn numbered_position(&self, n: &BigUint) -> Option<Position> {
        Some(Position::Heaps(vec![n.clone()]))
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let cells = heads(position)?;
        Some(cells.iter().map(|cell| self.rule.moves_at(cell)).sum())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        let cells = heads(position)?;
        if !listable(&self.option_count(position)?) || self.too_long_to_list(cells) {
            return None;
        }
        let mut options = Vec::new();
        for cell in cells {
            let cell = cell.to_u64()?;
            for others in self.rule.moves_listed(cell) {
                let action = self.rule.action(cell, &others);
                let flipped = std::iter::once(cell).chain(others).map(BigUint::from);
                options.push((action, turned(cells, flipped)));
            }
        }
        Some(options)
    }

    /// Every row of coins up to the rightmost head: `2^(x + 1)` rows for a rightmost head at
    /// `x` (none beyond cell 65 535, where no rule lists its options).
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        run_bound(heads(position)?)
    }

    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        let cells = heads(position)?;
        self.too_long_to_list(cells).then(|| {
            format!(
                "the positions its options leave would hold more than {MOST_WRITTEN_CELLS} cells in all"
            )
        })
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

    /// Every row of 8 cells (256 rows), each searched: about a second for Mock Turtles.
    fn verify_reach(&self) -> u64 {
        8
    }
}

impl Theorem for CoinTurning {
    fn name(&self) -> Summary {
        DECOMPOSITION
    }

    fn statement(&self) -> Summary {
        match self.rule {
            CoinRule::Twins => Summary {
                en: concat!(decomposition_en!(), "Under Twins (turn over exactly two coins) a head alone at cell x is worth x: turning it and one coin to its left moves a Nim heap of x to any smaller heap."),
                zh: concat!(decomposition_zh!(), "Twins（恰好翻两枚）中，单独一枚位于第 x 格的正面硬币值为 x：翻它和左边一枚，相当于把 x 枚的 Nim 堆变成任一更小的堆。"),
            },
            CoinRule::TurningTurtles => Summary {
                en: concat!(decomposition_en!(), "Under Turning Turtles (turn over one or two coins) a head alone at cell x is worth x + 1 (Winning Ways numbers these coins from 1, where the value is the coin's number)."),
                zh: concat!(decomposition_zh!(), "Turning Turtles（翻一枚或两枚）中，单独一枚位于第 x 格的正面硬币值为 x + 1（《Winning Ways》从 1 给这些硬币编号，其值即编号）。"),
            },
            CoinRule::MockTurtles => Summary {
                en: concat!(decomposition_en!(), "Under Mock Turtles (turn over one, two or three coins) a head alone at cell x is worth the x-th odious number from 0 (1, 2, 4, 7, 8, 11, …): 2x, plus 1 when x has an even number of 1 bits."),
                zh: concat!(decomposition_zh!(), "Mock Turtles（翻一、二或三枚）中，单独一枚位于第 x 格的正面硬币值为从 0 数起第 x 个 odious 数（1, 2, 4, 7, 8, 11, …）：2x，若 x 的二进制中 1 的个数为偶数再加 1。"),
            },
            CoinRule::Ruler => Summary {
                en: concat!(decomposition_en!(), "Under Ruler (turn over any run of consecutive coins whose rightmost coin shows heads) a head alone at cell x is worth the largest power of 2 dividing x + 1 (the ruler function: 1, 2, 1, 4, 1, 2, 1, 8, …)."),
                zh: concat!(decomposition_zh!(), "Ruler（翻任意一段连续硬币，其最右一枚须为正面）中，单独一枚位于第 x 格的正面硬币值为整除 x + 1 的最大的 2 的幂（尺子函数：1, 2, 1, 4, 1, 2, 1, 8, …）。"),
            },
        }
    }

    fn read(&self, position: &Position) -> Option<Reading> {
        let cells = heads(position)?;
        let parts = cells
            .iter()
            .map(|cell| Part {
                label: PartLabel::Cell(cell.clone()),
                value: self.rule.head_value(cell),
            })
            .collect();
        Some(Reading::xor(parts))
    }

    fn moves_to(
        &self,
        position: &Position,
        target: &BigUint,
        most_listed: u64,
    ) -> Option<Vec<Action>> {
        let cells = heads(position)?;
        let total = cells
            .iter()
            .fold(BigUint::ZERO, |x, cell| x ^ self.rule.head_value(cell));
        let mut moves = Vec::new();
        let mut listed = 0u64;
        for cell in cells {
            // The other coins turned must change the value by `wanted`.
            let wanted = &total ^ self.rule.head_value(cell) ^ target;
            self.moves_changing(cell, &wanted, most_listed.saturating_sub(listed), &mut moves);
            listed = moves.len() as u64;
        }
        Some(moves)
    }

    fn after(&self, position: &Position, action: &Action, most_numbers: u64) -> Option<Position> {
        let cells = heads(position)?;
        let length = |turned: &BigUint| {
            let numbers = BigUint::from(cells.len()) + turned;
            numbers <= BigUint::from(most_numbers)
        };
        match action {
            Action::Turn { cells: flipped } if length(&flipped.len().into()) => {
                Some(turned(cells, flipped.iter().cloned()))
            }
            Action::TurnRun { from, to } if from <= to && length(&(to - from + 1u32)) => {
                Some(turned(cells, run(from, to)))
            }
            _ => None,
        }
    }

    /// A head alone at cell `n`: `n`, `n + 1`, the `n`-th odious number, the ruler function of
    /// `n + 1`; only Twins' head at cell 0 (no move) is lost.
    fn table_rule(&self) -> Option<TableRule> {
        let linear = |offset| Sequence::Linear {
            slope: 1,
            offset,
            divisor: 1,
        };
        let (values, losses) = match self.rule {
            CoinRule::Twins => (linear(0), vec![0u64]),
            CoinRule::TurningTurtles => (linear(1), Vec::new()),
            CoinRule::MockTurtles => (
                Sequence::Binary {
                    form: BinaryForm::Odious,
                    shift: 0,
                },
                Vec::new(),
            ),
            CoinRule::Ruler => (
                Sequence::Binary {
                    form: BinaryForm::Ruler,
                    shift: 1,
                },
                Vec::new(),
            ),
        };
        Some(TableRule {
            values,
            losses: NumberSet::Finite(losses),
        })
    }

    fn small_positions(&self, reach: u64) -> Vec<Position> {
        rows_below(reach)
    }
}

impl CoinTurning {
    /// Whether the positions left by the options of `cells` would hold more than
    /// [`MOST_WRITTEN_CELLS`] cells in all (each holds at most the heads and the cells turned).
    fn too_long_to_list(self, cells: &[BigUint]) -> bool {
        let heads = BigUint::from(cells.len());
        let turned_most = |cell: &BigUint| match self.rule {
            CoinRule::Ruler => cell + 1u32,
            _ => BigUint::from(3u32),
        };
        let total: BigUint = cells
            .iter()
            .map(|cell| self.rule.moves_at(cell) * (&heads + turned_most(cell)))
            .sum();
        total > BigUint::from(MOST_WRITTEN_CELLS)
    }

    /// The moves with rightmost coin `cell` whose other coins' values xor to `wanted`, listing
    /// at most `most_listed` of them one by one.
    fn moves_changing(
        self,
        cell: &BigUint,
        wanted: &BigUint,
        most_listed: u64,
        moves: &mut Vec<Action>,
    ) {
        let turn = |others: &[&BigUint]| Action::Turn {
            cells: std::iter::once(cell)
                .chain(others.iter().copied())
                .cloned()
                .collect(),
        };
        match self.rule {
            CoinRule::Twins => {
                if wanted < cell {
                    moves.push(turn(&[wanted]));
                }
            }
            CoinRule::TurningTurtles => {
                if wanted.is_zero() {
                    moves.push(turn(&[]));
                } else if wanted <= cell {
                    moves.push(turn(&[&(wanted - 1u32)]));
                }
            }
            CoinRule::MockTurtles => mock_turtles(cell, wanted, most_listed, moves),
            CoinRule::Ruler => {
                // The other coins y..x − 1 are worth gray(x) xor gray(y) together.
                let from = gray_inverse(&(gray(cell) ^ wanted));
                if &from == cell {
                    moves.push(turn(&[]));
                } else if &from < cell {
                    moves.push(Action::TurnRun {
                        from,
                        to: cell.clone(),
                    });
                }
            }
        }
    }
}

/// Mock Turtles: no other coin (`wanted` 0), one coin `y` worth `wanted` (an odious number), or
/// two coins `y < z` whose values xor to `wanted` (an evil number `2m + b`): since the `k`-th
/// odious number is `2k + [k evil]`, that is every pair with `y xor z = m`, `z` having the
/// highest bit of `m` set — listed nearest first, or one [`TurnClass`] when more than
/// `most_listed`.
fn mock_turtles(cell: &BigUint, wanted: &BigUint, most_listed: u64, moves: &mut Vec<Action>) {
    let turn = |others: Vec<BigUint>| Action::Turn {
        cells: std::iter::once(cell.clone()).chain(others).collect(),
    };
    if wanted.is_zero() {
        moves.push(turn(Vec::new()));
        return;
    }
    let half: BigUint = wanted >> 1u32;
    if !wanted.count_ones().is_multiple_of(2) {
        if &half < cell {
            moves.push(turn(vec![half]));
        }
        return;
    }
    // An evil number: two coins y < z < x with y xor z = m, z having bit h = msb(m).
    let high = half.bits() - 1;
    let count = count_with_bit(cell, high);
    if count.is_zero() {
        return;
    }
    if count > BigUint::from(most_listed) {
        moves.push(Action::TurnClass(Box::new(TurnClass {
            rightmost: cell.clone(),
            mask: half,
            moves: count,
        })));
        return;
    }
    // Few enough: every z < x with bit h set, nearest first, skipping each block of 2^(h+1)
    // numbers where bit h is clear in one step.
    let mut z = cell - 1u32;
    let mut taken = BigUint::zero();
    while taken < count {
        if z.bit(high) {
            let y = &z ^ &half;
            moves.push(turn(vec![z.clone(), y]));
            taken += 1u32;
            if z.is_zero() {
                break;
            }
            z -= 1u32;
        } else {
            z = ((&z >> (high + 1)) << (high + 1)) - 1u32;
        }
    }
}

/// How many `z < n` have bit `bit` set.
fn count_with_bit(n: &BigUint, bit: u64) -> BigUint {
    let block = BigUint::one() << (bit + 1);
    let half = BigUint::one() << bit;
    let whole = (n / &block) * &half;
    let rest = n % &block;
    whole + if rest > half { rest - half } else { BigUint::zero() }
}
