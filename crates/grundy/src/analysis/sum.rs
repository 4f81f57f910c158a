//! Sums of games: the Sprague–Grundy theorem under normal play (xor of component values, a winning
//! move in one component), and exhaustive search under misère play, where the xor is wrong.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::general::ValuedMove;
use super::heap::{HeapRules, amounts_to_value};
use super::{
    Action, Analyzer, Basis, ClosedForm, Error, Move, Outcome, Solution, Summand, SummandValue,
    Target,
};
use crate::games::game::{Component, Game};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::ruleset::MAX_LISTED_OPTIONS;
use crate::games::script::{Script, ScriptRules, Spending};
use crate::games::subtraction::SubtractionSet;
use crate::games::{fibonacci_nim, nim};
use crate::theory::solver::{Graph as _, Loopy, Rules, SolverError, SparseGraph, solve_graph};

/// An option of a sum: (the component moved in, the move's action), and the new positions.
type SumOption = ((usize, Action), Vec<Position>);

/// About the length of a sum's text.
fn sum_length(components: &[Component]) -> u64 {
    components
        .iter()
        .map(|c| c.game.to_string().len() as u64 + c.position.written_length() + 5)
        .sum()
}

/// A move in component `index` of a sum, leaving `position` there: with the whole sum, or with
/// the component's new position only.
fn sum_move(
    components: &[Component],
    index: usize,
    action: Action,
    position: Position,
    whole: bool,
) -> Move {
    let to = if whole {
        let mut after: Vec<Position> = components.iter().map(|c| c.position.clone()).collect();
        after[index] = position;
        Target::Sum(after)
    } else {
        Target::Component { index, position }
    };
    Move {
        component: Some(index),
        action,
        to,
    }
}

impl Analyzer<'_> {
    /// A sum under normal play: `G = xor of the components' G`; the winning moves take a component
    /// to a position of value `G_i xor G` (one exists where `G_i xor G < G_i`; a component may also
    /// have options of larger values, and those moves win too).
    pub(super) fn solve_sum(
        &self,
        game: &Game,
        components: &[Component],
    ) -> Result<Solution, Error> {
        let mut values = Vec::with_capacity(components.len());
        let mut bases = Vec::with_capacity(components.len());
        let mut infinite: Option<(usize, Vec<u32>)> = None;
        // Each script is compiled once for the question, every script's calls counted in one
        // spending; a script component is explored once, its valued moves kept for the winning
        // moves below.
        let spending = Spending::until(self.budget.deadline());
        let mut compiled: Vec<(&Script, ScriptRules)> = Vec::new();
        let mut known: Vec<Option<Vec<ValuedMove>>> = Vec::with_capacity(components.len());
        for (i, component) in components.iter().enumerate() {
            let solution = if let (Some(script), Position::Argument(_) | Position::State(_)) =
                (component.game.script(), &component.position)
            {
                let seen = compiled.iter().position(|(seen, _)| *seen == script);
                let index = if let Some(index) = seen {
                    index
                } else {
                    let rules = self.compile_script(script, &spending)?;
                    compiled.push((script, rules));
                    compiled.len() - 1
                };
                let (solution, moves) =
                    self.script_summand(&component.game, &compiled[index].1, &component.position)?;
                known.push(Some(moves));
                solution
            } else {
                let solution = self.solve(&component.game, &component.position)?;
                // A theorem of outcomes alone: the component's values come from its rules.
                let outcomes_only = solution.grundy.is_none()
                    && solution.loopy.is_none()
                    && matches!(solution.basis, Basis::Rule(ClosedForm::Theorem(_)));
                if let Some((value, moves, basis)) = outcomes_only
                    .then(|| self.searched_summand(&component.game, &component.position))
                    .transpose()?
                    .flatten()
                {
                    known.push(Some(moves));
                    Solution {
                        grundy: Some(value),
                        basis,
                        ..solution
                    }
                } else {
                    known.push(None);
                    solution
                }
            };
            let value = match (&solution.grundy, &solution.loopy) {
                (Some(value), _) => value.clone(),
                (None, Some(Loopy::Infinite(k))) if infinite.is_none() => {
                    infinite = Some((i, k.clone()));
                    BigUint::zero()
                }
                (None, Some(Loopy::Infinite(_))) => {
                    return Err(Error::refused(format!(
                        "{game} has two components that can be played forever (generalised values ∞); Smith's theory decides ∞(K) plus a nimber, and grundy does not go beyond that"
                    )));
                }
                _ => {
                    return Err(Error::NoComponentValue {
                        component: format!("{}[{}]", component.game, component.position),
                        solution: Box::new(solution),
                    });
                }
            };
            let summand = match &infinite {
                Some((index, k)) if *index == i => SummandValue::Infinite(k.clone()),
                _ => SummandValue::Grundy(value.clone()),
            };
            values.push(value);
            bases.push(Summand {
                value: summand,
                basis: solution.basis,
            });
        }
        if let Some((i, k)) = infinite {
            let infinite = (i, k.as_slice(), known[i].as_deref());
            return self.solve_loopy_sum(game, components, &values, infinite, bases);
        }
        let total = values.iter().fold(BigUint::zero(), |x, v| x ^ v);
        let mut winning_moves = Vec::new();
        for (i, value) in values.iter().enumerate() {
            // Every option of value G_i xor G wins, larger than G_i or not: G_i xor G < G_i only
            // guarantees that one exists.
            let target = value ^ &total;
            if !total.is_zero() {
                winning_moves.extend(self.sum_moves_to_value(
                    components,
                    i,
                    &target,
                    known[i].as_deref(),
                )?);
            }
        }
        let outcome = Outcome::of_grundy(&total);
        Ok(Solution::new(
            game,
            Position::Sum,
            outcome,
            Some(total),
            winning_moves,
            Basis::Components(bases),
        ))
    }

    /// A sum of one `∞(K)` and nimbers with xor `x` (docs/theory.md §14): a win iff `x ∈ K`, by
    /// moving the infinite component to an option of value `*x`; otherwise a draw. `infinite` is
    /// the infinite component's index, its `K`, and its valued moves when it is a script
    /// explored already.
    fn solve_loopy_sum(
        &self,
        game: &Game,
        components: &[Component],
        values: &[BigUint],
        (infinite, k, known): (usize, &[u32], Option<&[ValuedMove]>),
        bases: Vec<Summand>,
    ) -> Result<Solution, Error> {
        let others = values.iter().fold(BigUint::zero(), |x, v| x ^ v);
        let wins = others.to_u32().is_some_and(|x| k.contains(&x));
        let mut winning_moves = Vec::new();
        if wins {
            winning_moves.extend(self.sum_moves_to_value(components, infinite, &others, known)?);
        }
        Ok(Solution::new(
            game,
            Position::Sum,
            if wins { Outcome::Win } else { Outcome::Draw },
            None,
            winning_moves,
            Basis::Components(bases),
        ))
    }

    /// The moves of the sum that move component `index` to a position of value `target`, read
    /// from `known` when the component's moves were explored already (a script's).
    fn sum_moves_to_value(
        &self,
        components: &[Component],
        index: usize,
        target: &BigUint,
        known: Option<&[ValuedMove]>,
    ) -> Result<Vec<Move>, Error> {
        let moves: Vec<super::family::WrittenMove> = match known {
            Some(known) => known
                .iter()
                .filter(|(_, _, value)| {
                    matches!(value, Loopy::Nimber(m) if BigUint::from(*m) == *target)
                })
                .map(|(action, position, _)| (action.clone(), Some(position.clone())))
                .collect(),
            None => self.moves_to_value(&components[index], target)?,
        };
        let written = moves.iter().filter(|(_, after)| after.is_some()).count();
        let whole = self.whole_positions(written, sum_length(components))?;
        Ok(moves
            .into_iter()
            .map(|(action, after)| match after {
                Some(position) => sum_move(components, index, action, position, whole),
                None => Move {
                    component: Some(index),
                    action,
                    to: Target::Unwritten,
                },
            })
            .collect())
    }

    /// The moves of `component` to positions of Grundy value `target`, each with its new
    /// position. A script component never comes here: its moves are read from its one
    /// exploration (`script_summand`).
    fn moves_to_value(
        &self,
        component: &Component,
        target: &BigUint,
    ) -> Result<Vec<super::family::WrittenMove>, Error> {
        let game = &component.game;
        if let Some(moves) = super::answers(game).moves_to_value(self, component, target) {
            return moves;
        }
        // The family's values are in tables: every option, filtered.
        self.all_moves(game, &component.position)?
            .into_iter()
            .map(|(action, position)| {
                let value = self.solve(game, &position)?.grundy;
                Ok((value.as_ref() == Some(target)).then_some((action, Some(position))))
            })
            .filter_map(Result::transpose)
            .collect()
    }

    /// The moves of a one-heap subtraction component (one heap or several) to positions of Grundy
    /// value `target`, each with its new position.
    pub(super) fn subtraction_moves_to_value(
        &self,
        component: &Component,
        target: &BigUint,
    ) -> Result<Vec<(Action, Position)>, Error> {
        let game = &component.game;
        Ok(match &component.position {
            Position::Heap(heap) => {
                let rules = HeapRules::of(game).expect("a one-heap subtraction game");
                if matches!(
                    rules.set(),
                    SubtractionSet::Family(crate::games::subtraction::Family::PowersOfTwo)
                ) {
                    // Up to one move per power of two below the heap, each leaving a huge heap.
                    let bytes = heap
                        .bits()
                        .saturating_mul(component.position.heap_bytes() + 64);
                    self.reserve(bytes, || {
                        format!("the moves of the {game} component as positions of the sum")
                    })?;
                }
                let evaluation = self.subtraction_evaluate(game, rules, Play::Normal, heap)?;
                amounts_to_value(&evaluation, rules, heap, target)?
                    .into_iter()
                    .map(|take| {
                        let left = Position::Heap(heap - &take);
                        (Action::Take { amount: take }, left)
                    })
                    .collect()
            }
            Position::Heaps(heaps) => {
                let rules = HeapRules::of(game).expect("a one-heap subtraction game");
                let moves = self
                    .subtraction_heaps_to_value(game, rules, heaps, target)?
                    .moves;
                // Each move is a whole new position of the component: counted before it is built.
                let bytes =
                    (moves.len() as u64).saturating_mul(component.position.heap_bytes() + 64);
                self.reserve(bytes, || {
                    format!(
                        "{} winning moves in the {game} component, each a whole component",
                        moves.len()
                    )
                })?;
                moves
                    .into_iter()
                    .map(|(i, amount)| {
                        let mut after = heaps.clone();
                        after[i] = &heaps[i] - &amount;
                        (
                            Action::TakeFromHeap { heap: i, amount },
                            Position::Heaps(after),
                        )
                    })
                    .collect()
            }
            _ => Vec::new(),
        })
    }

    /// The moves of a Fibonacci Nim component to a position of Grundy value `target`, read off one
    /// table of the heaps up to its own.
    pub(super) fn fibonacci_moves_to_value(
        &self,
        heap: &BigUint,
        quota: Option<&BigUint>,
        target: &BigUint,
    ) -> Result<Vec<(Action, Position)>, Error> {
        let Some(n) = self.fibonacci_cells(heap) else {
            return Err(Error::beyond_positions(
                format!(
                    "fibonacci-nim[{heap}] in a sum needs the Grundy values of its options, from a table beyond the limit of {} cells",
                    self.max_positions()
                ),
                Some((heap + 1u32) * (heap + 2u32) / 2u32),
            ));
        };
        let table = self.fibonacci_table(n, Play::Normal)?;
        let q = fibonacci_nim::effective_quota(heap, quota)
            .to_usize()
            .map_or(n, |q| q.min(n));
        Ok((1..=q)
            .filter(|&k| target == &BigUint::from(table[n - k][(2 * k).min(n - k)]))
            .map(|k| {
                let after = Position::Quota {
                    heap: (n - k).into(),
                    quota: Some((2 * k).into()),
                };
                (Action::TakeUnderQuota { amount: k.into() }, after)
            })
            .collect())
    }

    /// Every move from a position small enough to enumerate, as (action, new position).
    fn all_moves(
        &self,
        game: &Game,
        position: &Position,
    ) -> Result<Vec<(Action, Position)>, Error> {
        if let Some(moves) = super::answers(game).small_moves(self, game, position) {
            return moves;
        }
        // Any other family whose end is decided by the last move lists its options itself.
        let Some(rules) = game.ruleset().filter(|rules| rules.last_move_decides()) else {
            return Err(Error::refused(format!(
                "{game} cannot be a component here: sums are of impartial games under one convention"
            )));
        };
        rules.options(position).ok_or_else(|| {
            let why = rules.unlisted_reason(position).unwrap_or_else(|| {
                format!("grundy lists at most {MAX_LISTED_OPTIONS} options of a position")
            });
            Error::refused(format!(
                "{game}[{position}] is too large to enumerate its moves: {why}"
            ))
        })
    }

    /// `n`, a number of `game`'s `position`, when its moves may be enumerated: at most the
    /// position limit.
    ///
    /// # Errors
    /// [`Error::Refused`] beyond the limit.
    pub(super) fn enumerable(
        &self,
        game: &Game,
        position: &Position,
        n: &BigUint,
    ) -> Result<u64, Error> {
        let limit = self.max_positions();
        n.to_u64().filter(|&n| n <= limit).ok_or_else(|| {
            Error::beyond_positions(
                format!(
                    "{game}[{position}] is too large to enumerate its moves (more than {limit} positions)"
                ),
                Some(n.clone()),
            )
        })
    }

    /// A sum under misère play, by exhaustive search of the reachable positions: the xor of
    /// component values says nothing about misère sums (Conway, ONAG ch. 12). A position without
    /// moves is a win for the player to move (the opponent moved last).
    pub(super) fn solve_misere_sum(
        &self,
        game: &Game,
        components: &[Component],
    ) -> Result<Solution, Error> {
        if let Some(solution) = self.misere_nim_sum(game, components)? {
            return Ok(solution);
        }
        if let Some(solution) = self.misere_tame_sum(game, components)? {
            return Ok(solution);
        }
        if let Some(solution) = self.misere_quotient_sum(game, components)? {
            return Ok(solution);
        }
        let (outcome, winning, positions) =
            self.misere_search(&format!("the misère sum {game}"), components)?;
        let whole = self.whole_positions(winning.len(), sum_length(components))?;
        let winning_moves = winning
            .into_iter()
            .map(|((i, action), mut option)| {
                if whole {
                    Move {
                        component: Some(i),
                        action,
                        to: Target::Sum(option),
                    }
                } else {
                    sum_move(components, i, action, option.swap_remove(i), false)
                }
            })
            .collect();
        let basis = Basis::Search {
            positions,
            start: None,
        };
        Ok(Solution::new(
            game,
            Position::Sum,
            outcome,
            None,
            winning_moves,
            basis,
        ))
    }

    /// Searches the misère sum of `components` exhaustively (`name` says what it is, for a
    /// refusal): the outcome, the winning options, and how many positions were solved.
    fn misere_search(
        &self,
        name: &str,
        components: &[Component],
    ) -> Result<(Outcome, Vec<SumOption>, u64), Error> {
        let start: Vec<Position> = components.iter().map(|c| c.position.clone()).collect();
        let rules = MisereSum {
            analyzer: self,
            components,
            failure: std::cell::RefCell::new(None),
        };
        let graph =
            SparseGraph::explore(&rules, start.clone(), self.explore_limits(), self.observer())
                .map_err(|error| match error {
                    SolverError::TooManyStates { limit } => Error::beyond_positions(
                        format!(
                            "{name} has more than {limit} reachable positions; grundy searches misère sums exhaustively (the xor shortcut is wrong in misère play) and stops there"
                        ),
                        None,
                    ),
                    SolverError::Rules(message) => rules
                        .failure
                        .take()
                        .unwrap_or(Error::Rules(message)),
                    other => super::general::solver_error(other),
                })?;
        let records = solve_graph(&graph);
        let win = records.get(0).value == Outcome::Win;
        let lost: Vec<bool> = graph
            .children_of(0)
            .iter()
            .map(|&child| records.get(child as usize).value == Outcome::Lose)
            .collect();
        let positions = graph.state_count();
        drop(graph);
        let winning: Vec<_> = self
            .sum_options(components, &start)?
            .into_iter()
            .zip(lost)
            .filter_map(|(option, lost)| lost.then_some(option))
            .collect();
        let outcome = if win { Outcome::Win } else { Outcome::Lose };
        Ok((outcome, winning, positions as u64))
    }

    /// Several heaps of a one-heap game under misère play (`inner` is the game without `misere:`):
    /// the sum of the heaps, searched exhaustively — misère values do not add by xor.
    ///
    /// # Complexity
    /// The product of `(heap + 1)` positions at most, within the position limit.
    ///
    /// # Errors
    /// [`Error::Refused`] with a remedy when the positions exceed the limit.
    pub(super) fn solve_misere_heaps(
        &self,
        game: &Game,
        inner: &Game,
        heaps: &[BigUint],
    ) -> Result<Solution, Error> {
        let components: Vec<Component> = heaps
            .iter()
            .map(|heap| Component {
                game: inner.clone(),
                position: Position::Heap(heap.clone()),
            })
            .collect();
        // The sum has at most the product of (heap + 1) positions: refused before exploring when
        // that is beyond the limit, as the exploration would be.
        let limit = BigUint::from(self.max_positions());
        let mut bound = BigUint::from(1u32);
        for heap in heaps {
            bound *= heap + 1u32;
            if bound > limit {
                // The bound itself when it is short enough to name (a few hundred digits).
                let bits: u64 = heaps.iter().map(|heap| heap.bits() + 1).sum();
                let exact = (bits <= 1024)
                    .then(|| heaps.iter().map(|heap| heap + 1u32).product::<BigUint>());
                let size = exact.as_ref().map_or_else(
                    || format!("more positions than the limit of {limit}"),
                    |exact| format!("up to {exact} positions, more than the limit of {limit}"),
                );
                let heaps = if heaps.len() == 1 {
                    "1 heap".to_owned()
                } else {
                    format!("{} heaps", heaps.len())
                };
                return Err(Error::beyond_positions(
                    format!(
                        "{game} on {heaps}: under misère play the outcome of several heaps is not the xor of their values, so grundy searches the positions they can reach, and these heaps have {size}"
                    ),
                    exact,
                ));
            }
        }
        let name = format!("{game} on the heaps {}", Position::Heaps(heaps.to_vec()));
        let (outcome, winning, positions) = self.misere_search(&name, &components)?;
        let length = Position::Heaps(heaps.to_vec()).written_length();
        let whole = self.whole_positions(winning.len(), length)?;
        let winning_moves = winning
            .into_iter()
            .map(|((i, action), option)| {
                let amount = match action {
                    Action::Take { amount } => amount,
                    other => unreachable!("one-heap subtraction moves take an amount: {other:?}"),
                };
                let after: Vec<BigUint> = option
                    .into_iter()
                    .map(|position| match position {
                        Position::Heap(heap) => heap,
                        other => unreachable!("one-heap positions: {other:?}"),
                    })
                    .collect();
                let to = if whole {
                    Target::Whole(Position::Heaps(after))
                } else {
                    Target::Heap {
                        index: i,
                        heaps: vec![after[i].clone()],
                    }
                };
                Move {
                    component: None,
                    action: Action::TakeFromHeap { heap: i, amount },
                    to,
                }
            })
            .collect();
        let basis = Basis::Search {
            positions,
            start: None,
        };
        Ok(Solution::new(
            game,
            Position::Heaps(heaps.to_vec()),
            outcome,
            None,
            winning_moves,
            basis,
        ))
    }

    /// The options of a sum state: a move in one component.
    fn sum_options(
        &self,
        components: &[Component],
        state: &[Position],
    ) -> Result<Vec<SumOption>, Error> {
        let mut options = Vec::new();
        for (i, component) in components.iter().enumerate() {
            for (action, position) in self.all_moves(&component.game, &state[i])? {
                let mut next = state.to_vec();
                next[i] = position;
                options.push(((i, action), next));
            }
        }
        Ok(options)
    }
}

impl Analyzer<'_> {
    /// A misère sum whose components are all Nim is one misère Nim position: Bouton's misère
    /// rule at any size, its moves mapped back to the components. `None` for other sums.
    fn misere_nim_sum(
        &self,
        game: &Game,
        components: &[Component],
    ) -> Result<Option<Solution>, Error> {
        let mut heaps = Vec::new();
        let mut owner = Vec::new();
        for (i, component) in components.iter().enumerate() {
            let Position::Heaps(component_heaps) = &component.position else {
                return Ok(None);
            };
            if !super::answers(&component.game).heaps_are_nim() {
                return Ok(None);
            }
            for (j, heap) in component_heaps.iter().enumerate() {
                heaps.push(heap.clone());
                owner.push((i, j));
            }
        }
        let loses = nim::misere_loses(&heaps);
        let moves = nim::misere_winning_moves(&heaps);
        let whole = self.whole_positions(moves.len(), sum_length(components))?;
        let winning_moves = moves
            .into_iter()
            .map(|m| {
                let (i, j) = owner[m.heap];
                let Position::Heaps(component_heaps) = &components[i].position else {
                    unreachable!("checked above: every component is Nim")
                };
                let mut after = component_heaps.clone();
                after[j].clone_from(&m.left);
                let action = Action::TakeFromHeap {
                    heap: j,
                    amount: m.take,
                };
                sum_move(components, i, action, Position::Heaps(after), whole)
            })
            .collect();
        let rule = super::classical::misere_nim_rule(&heaps, nim::grundy(&heaps));
        Ok(Some(
            Solution::new(
                game,
                Position::Sum,
                if loses { Outcome::Lose } else { Outcome::Win },
                None,
                winning_moves,
                Basis::Rule(rule),
            )
            .with_value(Play::Misere, nim::misere_grundy(&heaps)),
        ))
    }
}

/// The moves of a misère sum, for exploration: a position without moves is a win for the player
/// to move (the opponent moved last).
struct MisereSum<'a, 'o> {
    analyzer: &'a Analyzer<'o>,
    components: &'a [Component],
    /// The first error of a component, kept typed (the explorer carries only its text).
    failure: std::cell::RefCell<Option<Error>>,
}

impl Rules for MisereSum<'_, '_> {
    type State = Vec<Position>;

    fn moves(&self, state: &Self::State) -> Result<Vec<(String, Self::State)>, String> {
        self.analyzer
            .sum_options(self.components, state)
            .map(|options| {
                options
                    .into_iter()
                    .map(|(_, option)| (String::new(), option))
                    .collect()
            })
            .map_err(|error| {
                let text = error.to_string();
                self.failure.borrow_mut().get_or_insert(error);
                text
            })
    }

    fn state_bytes(&self, state: &Self::State) -> u64 {
        state
            .iter()
            .map(|position| size_of::<Position>() as u64 + position.heap_bytes())
            .sum()
    }

    fn terminal(&self, _: &Self::State) -> Result<Outcome, String> {
        Ok(Outcome::Win)
    }
}
