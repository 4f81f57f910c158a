//! Nim, Wythoff's game and Fibonacci Nim: closed-form outcomes and moves at any size, Grundy values
//! from tables within the limits.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{
    Action, Analyzer, Basis, ClosedForm, Error, Grid, MAX_TABLE_ROWS, Move, Outcome, Remedy,
    SettingError, Solution, Target, Unit, Withheld,
};
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::{fibonacci_nim, nim, wythoff};

/// Every move of Wythoff's game from `(a, b)`, as (action, heaps left).
pub(super) fn wythoff_options(a: usize, b: usize) -> impl Iterator<Item = (Action, usize, usize)> {
    let from = |heap: usize, i: usize| Action::TakeFromHeap {
        heap,
        amount: i.into(),
    };
    let first = (1..=a).map(move |i| (from(0, i), a - i, b));
    let second = (1..=b).map(move |i| (from(1, i), a, b - i));
    let both =
        (1..=a.min(b)).map(move |i| (Action::TakeFromBoth { amount: i.into() }, a - i, b - i));
    first.chain(second).chain(both)
}

/// A Nim move as an action.
fn nim_action(m: nim::NimMove) -> Action {
    Action::TakeFromHeap {
        heap: m.heap,
        amount: m.take,
    }
}

/// The answer to a misère position read off a table of `cells` misère values.
fn misere_from_table(
    game: &Game,
    position: Position,
    value: u32,
    winning_moves: Vec<Move>,
    cells: u64,
) -> Solution {
    let outcome = if value == 0 {
        Outcome::Lose
    } else {
        Outcome::Win
    };
    Solution::new(
        game,
        position,
        outcome,
        None,
        winning_moves,
        Basis::Computed { computed: cells },
    )
    .with_value(Play::Misere, value.into())
}

/// Bouton's misère rule with its inputs for `heaps`, whose xor is `xor`.
pub(super) fn misere_nim_rule(heaps: &[BigUint], xor: BigUint) -> ClosedForm {
    let one = BigUint::from(1u32);
    ClosedForm::BoutonMisere {
        heaps: heaps.len() as u64,
        ones: heaps.iter().filter(|&h| h == &one).count() as u64,
        all_small: heaps.iter().all(|h| h <= &one),
        xor,
    }
}

impl Analyzer<'_> {
    /// The moves of a Nim component (`position`, of `heaps`) to a position of value `target`:
    /// from heap `i`, to `h_i xor X xor target` where that is smaller (`X` the heaps' xor).
    pub(super) fn nim_moves_to_value(
        &self,
        position: &Position,
        heaps: &[BigUint],
        target: &BigUint,
    ) -> Result<Vec<(Action, Position)>, Error> {
        let total = heaps.iter().fold(BigUint::ZERO, |x, h| x ^ h);
        // Each move is a whole new position of the component: counted before it is built.
        let count = heaps.iter().filter(|&h| &(target ^ &total ^ h) < h).count();
        let bytes = (count as u64).saturating_mul(position.heap_bytes() + 64);
        self.reserve(bytes, || {
            format!("{count} winning moves in the nim component, each a whole component")
        })?;
        Ok(heaps
            .iter()
            .enumerate()
            .filter_map(|(i, h)| {
                let new = target ^ &total ^ h;
                (&new < h).then(|| {
                    let mut after = heaps.to_vec();
                    after[i].clone_from(&new);
                    let amount = h - &new;
                    (
                        Action::TakeFromHeap { heap: i, amount },
                        Position::Heaps(after),
                    )
                })
            })
            .collect())
    }

    /// The moves of a Wythoff component `(a, b)` to a position of value `target`: its table
    /// computed once, every option read from it.
    pub(super) fn wythoff_moves_to_value(
        &self,
        a: &BigUint,
        b: &BigUint,
        target: &BigUint,
    ) -> Result<Vec<(Action, Position)>, Error> {
        let Some((x, y)) = self.wythoff_cells(a, b) else {
            return Err(Error::beyond_positions(
                format!(
                    "wythoff[{a},{b}] in a sum needs the Grundy values of its options, from a table beyond the limit of {} cells",
                    self.max_positions()
                ),
                Some((a + 1u32) * (b + 1u32)),
            ));
        };
        let table = self.wythoff_table(x, y, Play::Normal)?;
        Ok(wythoff_options(x, y)
            .filter(|&(_, x, y)| target == &BigUint::from(table[x][y]))
            .map(|(action, x, y)| (action, Position::Pair(x.into(), y.into())))
            .collect())
    }
}

impl Analyzer<'_> {
    /// Nim and misère Nim by Bouton's rules, at any size; winning moves carry the whole position
    /// while they fit, else the changed heap.
    pub(super) fn solve_nim(
        &self,
        game: &Game,
        heaps: &[BigUint],
        play: Play,
    ) -> Result<Solution, Error> {
        let x = nim::grundy(heaps);
        let (outcome, moves, grundy, misere_grundy, rule) = match play {
            Play::Normal => {
                let outcome = Outcome::of_grundy(&x);
                (
                    outcome,
                    nim::winning_moves(heaps),
                    Some(x),
                    None,
                    ClosedForm::Bouton,
                )
            }
            Play::Misere => {
                let loses = nim::misere_loses(heaps);
                let outcome = if loses { Outcome::Lose } else { Outcome::Win };
                let rule = misere_nim_rule(heaps, x);
                (
                    outcome,
                    nim::misere_winning_moves(heaps),
                    None,
                    Some(nim::misere_grundy(heaps)),
                    rule,
                )
            }
        };
        let length = Position::Heaps(heaps.to_vec()).written_length();
        let winning_moves = if self.whole_positions(moves.len(), length)? {
            moves
                .into_iter()
                .map(|m| {
                    let after = Position::Heaps(m.apply(heaps));
                    Move::whole(nim_action(m), after)
                })
                .collect()
        } else {
            moves
                .into_iter()
                .map(|m| Move {
                    component: None,
                    action: Action::TakeFromHeap {
                        heap: m.heap,
                        amount: m.take,
                    },
                    to: Target::Heap {
                        index: m.heap,
                        heaps: vec![m.left],
                    },
                })
                .collect()
        };
        Ok(Solution {
            misere_grundy,
            ..Solution::new(
                game,
                Position::Heaps(heaps.to_vec()),
                outcome,
                grundy,
                winning_moves,
                Basis::Rule(rule),
            )
        })
    }

    /// The most table cells (Wythoff, Fibonacci Nim) or positions (misère sums) computed.
    pub(super) fn max_positions(&self) -> u64 {
        self.config
            .max_values
            .unwrap_or(super::DEFAULT_MAX_POSITIONS)
    }

    /// `(a, b)` as table indices when the table up to it is within the cell limit.
    pub(super) fn wythoff_cells(&self, a: &BigUint, b: &BigUint) -> Option<(usize, usize)> {
        let (a, b) = (a.to_u64()?, b.to_u64()?);
        let cells = a.checked_add(1)?.checked_mul(b.checked_add(1)?)?;
        if cells > self.max_positions() {
            return None;
        }
        Some((usize::try_from(a).ok()?, usize::try_from(b).ok()?))
    }

    /// The Wythoff table up to `(a, b)`: refused beyond the memory budget before anything is
    /// allocated, stopped when the budget says so.
    pub(super) fn wythoff_table(
        &self,
        a: usize,
        b: usize,
        play: Play,
    ) -> Result<Vec<Vec<u32>>, Error> {
        let bytes = wythoff::table_bytes(a as u64 + 1, b as u64 + 1).unwrap_or(u64::MAX);
        self.reserve(bytes, || {
            format!("the table of Wythoff Grundy values up to ({a}, {b})")
        })?;
        wythoff::grundy_table_observed(a + 1, b + 1, play, self.observer()).ok_or(
            Error::Interrupted {
                checked_to: 0,
                unit: Unit::Values,
            },
        )
    }

    /// Wythoff's game: the outcome and winning moves exactly at any size (Wythoff's P-positions,
    /// by integer square roots); the Grundy value from the table when the position is within the
    /// limit. Misère play is solved from the misère table, within the limit only.
    pub(super) fn solve_wythoff(
        &self,
        game: &Game,
        a: &BigUint,
        b: &BigUint,
        play: Play,
    ) -> Result<Solution, Error> {
        let small = self.wythoff_cells(a, b);
        let position = Position::Pair(a.clone(), b.clone());
        if play == Play::Misere {
            let Some((a, b)) = small else {
                return Err(Error::beyond_positions(
                    format!(
                        "misère Wythoff has no closed form here; grundy solves it from the table of misère values, which for {position} would exceed the limit of {} cells",
                        self.max_positions()
                    ),
                    Some((a + 1u32) * (b + 1u32)),
                ));
            };
            let table = self.wythoff_table(a, b, Play::Misere)?;
            let value = table[a][b];
            let winning_moves = wythoff_options(a, b)
                .filter(|&(_, x, y)| table[x][y] == 0)
                .map(|(action, x, y)| Move::whole(action, Position::Pair(x.into(), y.into())))
                .collect();
            let cells = ((a + 1) * (b + 1)) as u64;
            return Ok(misere_from_table(
                game,
                position,
                value,
                winning_moves,
                cells,
            ));
        }
        let lose = wythoff::is_p_position(a, b);
        let winning_moves = wythoff::winning_moves(a, b)
            .into_iter()
            .map(|m| {
                let action = match m.heap {
                    Some(heap) => Action::TakeFromHeap {
                        heap,
                        amount: m.take,
                    },
                    None => Action::TakeFromBoth { amount: m.take },
                };
                Move::whole(action, Position::Pair(m.to.0, m.to.1))
            })
            .collect();
        // The Grundy value needs the table; beyond the memory budget the answer goes without it.
        let (grundy, over_memory) = match small {
            Some((a, b)) => match self.wythoff_table(a, b, Play::Normal) {
                Ok(table) => (Some(BigUint::from(table[a][b])), None),
                Err(Error::OutOfMemory {
                    what,
                    needed,
                    limit,
                }) => (
                    None,
                    Some(Withheld::OverMemory {
                        what,
                        needed,
                        limit,
                    }),
                ),
                Err(error) => return Err(error),
            },
            None => (None, Some(Withheld::BeyondLimit)),
        };
        let (small_heap, large_heap) = if a <= b { (a, b) } else { (b, a) };
        let difference = large_heap - small_heap;
        let rule = ClosedForm::Wythoff {
            lower: wythoff::lower(&difference),
            difference,
            withheld: over_memory,
        };
        Ok(Solution::new(
            game,
            position,
            if lose { Outcome::Lose } else { Outcome::Win },
            grundy,
            winning_moves,
            Basis::Rule(rule),
        ))
    }

    /// The grid of Wythoff Grundy values `G(a, b)` for `a, b <= to`.
    ///
    /// # Complexity
    /// `O(N³ / 64)` for `N = to + 1`.
    ///
    /// # Errors
    /// [`Error::Setting`] beyond [`MAX_TABLE_ROWS`] cells; [`Error::Refused`] for other games.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let grid = Analyzer::new(Config::default()).grid(&parse_game("wythoff")?, 2)?;
    /// assert_eq!(grid.values, vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
    /// # Ok(()) }
    /// ```
    pub fn grid(&self, game: &Game, to: u64) -> Result<Grid, Error> {
        self.settle(self.grid_unsettled(game, to))
    }

    fn grid_unsettled(&self, game: &Game, to: u64) -> Result<Grid, Error> {
        if !game.has_grid() {
            return Err(Error::refused_unless(
                format!("{game} has one-heap positions, so it has a table, not a grid"),
                Remedy::UseTable,
            ));
        }
        let play = game.play();
        let side = to.saturating_add(1);
        if side.saturating_mul(side) > MAX_TABLE_ROWS {
            return Err(Error::Setting(SettingError::TooManyCells {
                to,
                most: MAX_TABLE_ROWS,
            }));
        }
        let side = side as usize;
        let values = super::answers(game.base())
            .grid(self, game, play, side - 1)
            .ok_or_else(|| Error::Internal(format!("{game} has a grid but no values for it")))??;
        Ok(Grid {
            game: game.clone(),
            values,
        })
    }

    /// Fibonacci Nim: outcome and every winning move at any size from the Zeckendorf
    /// representation; the Grundy value from the table within the limit. Misère play from the
    /// misère table, within the limit only.
    pub(super) fn solve_fibonacci_nim(
        &self,
        game: &Game,
        heap: &BigUint,
        quota: Option<&BigUint>,
        play: Play,
    ) -> Result<Solution, Error> {
        let q = fibonacci_nim::effective_quota(heap, quota);
        let position = Position::Quota {
            heap: heap.clone(),
            quota: quota.cloned(),
        };
        let small = self.fibonacci_cells(heap);
        let capped = |n: usize| q.to_usize().map_or(n, |q| q.min(n));
        if play == Play::Misere {
            let Some(n) = small else {
                return Err(Error::beyond_positions(
                    format!(
                        "misère Fibonacci Nim has no closed form here; grundy solves it from the table of misère values, which for heap {heap} would exceed the limit of {} cells",
                        self.max_positions()
                    ),
                    Some((heap + 1u32) * (heap + 2u32) / 2u32),
                ));
            };
            let table = self.fibonacci_table(n, Play::Misere)?;
            let value = table[n][capped(n)];
            let winning_moves = (1..=capped(n))
                .filter(|&k| table[n - k][(2 * k).min(n - k)] == 0)
                .map(|k| {
                    let after = Position::Quota {
                        heap: (n - k).into(),
                        quota: Some((2 * k).into()),
                    };
                    Move::whole(Action::TakeUnderQuota { amount: k.into() }, after)
                })
                .collect();
            let cells = ((n + 1) * (n + 2) / 2) as u64;
            return Ok(misere_from_table(
                game,
                position,
                value,
                winning_moves,
                cells,
            ));
        }
        if heap.to_string().len() > fibonacci_nim::MAX_DIGITS {
            return Err(Error::refused(format!(
                "Fibonacci Nim heaps are solved by a walk over their Zeckendorf terms, O(d²) for d digits; grundy accepts up to {} digits",
                fibonacci_nim::MAX_DIGITS
            )));
        }
        let wins = fibonacci_nim::wins(heap, &q);
        let winning_moves = fibonacci_nim::winning_moves(heap, &q)
            .into_iter()
            .map(|m| {
                let after = Position::Quota {
                    heap: m.heap,
                    quota: Some(m.quota),
                };
                Move::whole(Action::TakeUnderQuota { amount: m.take }, after)
            })
            .collect();
        let grundy = match small {
            Some(n) => Some(BigUint::from(
                self.fibonacci_table(n, Play::Normal)?[n][capped(n)],
            )),
            None => None,
        };
        let (smallest, terms) = fibonacci_nim::smallest_term(heap).unzip();
        let terms = terms.unwrap_or(0) as u64;
        // The terms are shown when few and short; counting them alone is cheaper.
        let expansion = if smallest.is_some() && terms <= 8 && heap.bits() <= 256 {
            fibonacci_nim::zeckendorf(heap)
        } else {
            Vec::new()
        };
        let rule = ClosedForm::Zeckendorf {
            quota: q,
            smallest,
            terms,
            expansion,
        };
        Ok(Solution::new(
            game,
            position,
            if wins { Outcome::Win } else { Outcome::Lose },
            grundy,
            winning_moves,
            Basis::Rule(rule),
        ))
    }

    /// `heap` as a table index when the table up to it is within the cell limit.
    pub(super) fn fibonacci_cells(&self, heap: &BigUint) -> Option<usize> {
        let n = heap.to_u64()?;
        let cells = fibonacci_nim::table_cells(n)?;
        (cells <= self.max_positions())
            .then(|| usize::try_from(n).ok())
            .flatten()
    }

    /// The Fibonacci Nim table for heaps up to `n`, within the memory budget.
    pub(super) fn fibonacci_table(&self, n: usize, play: Play) -> Result<Vec<Vec<u32>>, Error> {
        let bytes = fibonacci_nim::table_bytes(n as u64).unwrap_or(u64::MAX);
        self.reserve(bytes, || {
            format!("the table of Fibonacci Nim Grundy values up to heap {n}")
        })?;
        self.check(0)?;
        Ok(fibonacci_nim::grundy_table(n, play))
    }

    /// Grundy values of fresh Fibonacci Nim heaps `from..=to`.
    pub(super) fn fibonacci_nim_table(
        &self,
        from: &BigUint,
        to: &BigUint,
        play: Play,
    ) -> Result<(Vec<BigUint>, Basis), Error> {
        let n = self.fibonacci_cells(to).ok_or_else(|| {
                Error::beyond_positions(
                    format!(
                        "Fibonacci Nim Grundy values come from a table of every (heap, quota) up to the last heap, which for {to} would exceed the limit of {} cells",
                        self.max_positions()
                    ),
                    Some((to + 1u32) * (to + 2u32) / 2u32),
                )
            })?;
        let table = self.fibonacci_table(n, play)?;
        let start = from.to_usize().unwrap_or(n);
        let values = (start..=n)
            .map(|m| BigUint::from(table[m][m.saturating_sub(1)]))
            .collect();
        Ok((
            values,
            Basis::Computed {
                computed: ((n + 1) * (n + 2) / 2) as u64,
            },
        ))
    }
}

/// Nim answers by Bouton's theorems.
pub(super) struct NimAnswers;

mod answers;

pub(super) use answers::{FibonacciAnswers, WythoffAnswers};
