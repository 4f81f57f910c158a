//! Sums of games: the Sprague–Grundy theorem under normal play (xor of component values, a winning
//! move in one component), and exhaustive search under misère play, where the xor is wrong.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::general::ValuedMove;
use super::heap::amounts_to_value;
use super::{Analyzer, Basis, Error, Move, Outcome, Part, Solution};
use crate::games::game::{Component, Game};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::subtraction::SubtractionSet;
use crate::theory::solver::{Graph as _, Loopy, Rules, SolverError, SparseGraph, solve_graph};
use crate::{fibonacci_nim, nim};

/// An option of a sum: (the component moved in, the move's description), and the new positions.
type SumOption = ((usize, String), Vec<Position>);

/// The sum's text with component `index` moved to `position`.
fn sum_text(components: &[Component], index: usize, position: &Position) -> String {
    let parts: Vec<String> = components
        .iter()
        .enumerate()
        .map(|(i, c)| {
            format!(
                "{}[{}]",
                c.game,
                if i == index { position } else { &c.position }
            )
        })
        .collect();
    parts.join(" + ")
}

/// About the length of a sum's text.
fn sum_length(components: &[Component]) -> usize {
    components
        .iter()
        .map(|c| c.game.to_string().len() + c.position.to_string().len() + 5)
        .sum()
}

/// A move in component `index` of a sum, leaving `position` there: with the whole sum, or with
/// the component's new position only.
fn sum_move(
    components: &[Component],
    index: usize,
    description: &str,
    position: &Position,
    whole: bool,
) -> Move {
    let component = &components[index];
    let description = format!(
        "in {}[{}]: {description}",
        component.game, component.position
    );
    if whole {
        Move::whole(description, sum_text(components, index, position))
    } else {
        Move {
            description,
            to: format!("{}[{position}]", component.game),
            part: Part::Component { index },
        }
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
        // A script component is compiled and explored once: its moves are kept for the winning
        // moves below.
        let mut script_moves: Vec<Option<Vec<ValuedMove>>> = Vec::with_capacity(components.len());
        for (i, component) in components.iter().enumerate() {
            let solution = if let (Game::Script(script), Position::Argument(argument)) =
                (&component.game, &component.position)
            {
                let (solution, moves) = self.script_summand(&component.game, script, argument)?;
                script_moves.push(Some(moves));
                solution
            } else {
                script_moves.push(None);
                self.solve(&component.game, &component.position)?
            };
            let value = match (solution.grundy, solution.loopy) {
                (Some(value), _) => value,
                (None, Some(Loopy::Infinite(k))) if infinite.is_none() => {
                    infinite = Some((i, k));
                    BigUint::zero()
                }
                (None, Some(Loopy::Infinite(_))) => {
                    return Err(Error::Refused(format!(
                        "{game} has two components that can be played forever (generalised values ∞); Smith's theory decides ∞(K) plus a nimber, and grundy does not go beyond that"
                    )));
                }
                _ => {
                    return Err(Error::Refused(format!(
                        "the sum needs the Grundy value of {}[{}], which grundy cannot give: {}",
                        component.game, component.position, solution.reason
                    )));
                }
            };
            values.push(value);
            bases.push(solution.basis);
        }
        if let Some((i, k)) = infinite {
            let infinite = (i, k.as_slice(), script_moves[i].as_deref());
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
                    script_moves[i].as_deref(),
                )?);
            }
        }
        let shown: Vec<String> = values.iter().map(ToString::to_string).collect();
        let outcome = Outcome::of_grundy(&total);
        let reason = format!(
            "Sprague–Grundy: the value of a sum is the xor of its components' values, {} = {total}, so the player to move {}.",
            shown.join(" xor "),
            if outcome == Outcome::Win {
                "wins by moving one component to the value that makes the xor 0"
            } else {
                "loses"
            }
        );
        Ok(Solution::new(
            game,
            String::new(),
            outcome,
            Some(total),
            winning_moves,
            Basis::Components(bases),
            reason,
        ))
    }

    /// A sum of one `∞(K)` and nimbers with xor `x` (theory.md §8): a win iff `x ∈ K`, by moving
    /// the infinite component to an option of value `*x`; otherwise a draw. `infinite` is the
    /// infinite component's index, its `K` and its moves if it is a script explored already.
    fn solve_loopy_sum(
        &self,
        game: &Game,
        components: &[Component],
        values: &[BigUint],
        (infinite, k, known): (usize, &[u32], Option<&[ValuedMove]>),
        bases: Vec<Basis>,
    ) -> Result<Solution, Error> {
        let others = values.iter().fold(BigUint::zero(), |x, v| x ^ v);
        let wins = others.to_u32().is_some_and(|x| k.contains(&x));
        let mut winning_moves = Vec::new();
        if wins {
            winning_moves.extend(self.sum_moves_to_value(components, infinite, &others, known)?);
        }
        let shown = super::general::loopy_text(&Loopy::Infinite(k.to_vec()));
        let reason = format!(
            "Smith's theory: {}[{}] has the generalised value {shown}, and the other components add up to *{others}; ∞(K) + *x is a win exactly when x is in K, otherwise play goes on forever: {}.",
            components[infinite].game,
            components[infinite].position,
            if wins {
                "the player to move wins"
            } else {
                "a draw"
            }
        );
        Ok(Solution::new(
            game,
            String::new(),
            if wins { Outcome::Win } else { Outcome::Draw },
            None,
            winning_moves,
            Basis::Components(bases),
            reason,
        ))
    }

    /// Every move of `component` to a position of Grundy value `target`, with its new position.
    /// The moves of the sum that move component `index` to a position of value `target`, read
    /// from `known` when the component's moves were explored already (a script's).
    fn sum_moves_to_value(
        &self,
        components: &[Component],
        index: usize,
        target: &BigUint,
        known: Option<&[ValuedMove]>,
    ) -> Result<Vec<Move>, Error> {
        let component = &components[index];
        let moves = match known {
            Some(known) => known
                .iter()
                .filter(|(_, _, value)| {
                    matches!(value, Loopy::Nimber(m) if BigUint::from(*m) == *target)
                })
                .map(|(description, position, _)| (description.clone(), position.clone()))
                .collect(),
            None => self.moves_to_value(component, target)?,
        };
        let whole = self.whole_positions(moves.len(), sum_length(components))?;
        Ok(moves
            .into_iter()
            .map(|(description, position)| {
                sum_move(components, index, &description, &position, whole)
            })
            .collect())
    }

    fn moves_to_value(
        &self,
        component: &Component,
        target: &BigUint,
    ) -> Result<Vec<(String, Position)>, Error> {
        let game = &component.game;
        Ok(match (game, &component.position) {
            (Game::Subtraction(subtraction), Position::Heap(heap)) => {
                if matches!(
                    subtraction.set(),
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
                let evaluation =
                    self.subtraction_evaluate(game, subtraction.set(), Play::Normal, heap)?;
                amounts_to_value(&evaluation, subtraction.set(), heap, target)?
                    .into_iter()
                    .map(|take| (format!("take {take}"), Position::Heap(heap - &take)))
                    .collect()
            }
            (Game::Nim, Position::Heaps(heaps)) => {
                let total = heaps.iter().fold(BigUint::zero(), |x, h| x ^ h);
                // Each move is a whole new position of the component: counted before it is built.
                let count = heaps.iter().filter(|&h| &(target ^ &total ^ h) < h).count();
                let bytes = (count as u64).saturating_mul(component.position.heap_bytes() + 64);
                self.reserve(bytes, || {
                    format!("{count} winning moves in the nim component, each a whole component")
                })?;
                heaps
                    .iter()
                    .enumerate()
                    .filter_map(|(i, h)| {
                        let new = target ^ &total ^ h;
                        (&new < h).then(|| {
                            let mut after = heaps.clone();
                            after[i].clone_from(&new);
                            (
                                format!("take {} from heap {}", h - &new, i + 1),
                                Position::Heaps(after),
                            )
                        })
                    })
                    .collect()
            }
            (Game::Script(script), Position::Argument(argument)) => {
                self.script_moves_to_value(script, argument, target)?
            }
            (Game::Octal(code), Position::Heaps(heaps)) => self
                .octal_moves_to_value(game, code, heaps, target)?
                .into_iter()
                .map(|(description, after)| (description, Position::Heaps(after)))
                .collect(),
            // Tables: computed once for the component, every option read from it.
            (Game::Wythoff, Position::Pair(a, b)) => {
                let Some((a, b)) = self.wythoff_cells(a, b) else {
                    return Err(Error::Refused(format!(
                        "wythoff[{a},{b}] in a sum needs the Grundy values of its options, from a table beyond the limit of {} cells (--max)",
                        self.max_positions()
                    )));
                };
                self.reserve_wythoff(a, b)?;
                let table = self.wythoff_table(a, b, Play::Normal)?;
                super::classical::wythoff_options(a, b)
                    .filter(|&(_, x, y)| target == &BigUint::from(table[x][y]))
                    .map(|(description, x, y)| (description, Position::Pair(x.into(), y.into())))
                    .collect()
            }
            // The remaining games have their values in tables: every option, filtered.
            _ => self
                .all_moves(game, &component.position)?
                .into_iter()
                .map(|(description, position)| {
                    let value = self.solve(game, &position)?.grundy;
                    Ok((value.as_ref() == Some(target)).then_some((description, position)))
                })
                .filter_map(Result::transpose)
                .collect::<Result<_, Error>>()?,
        })
    }

    /// Every move from a position small enough to enumerate, as (description, new position).
    fn all_moves(
        &self,
        game: &Game,
        position: &Position,
    ) -> Result<Vec<(String, Position)>, Error> {
        let limit = self.max_positions();
        let small = |n: &BigUint| {
            n.to_u64().filter(|&n| n <= limit).ok_or_else(|| {
                Error::Refused(format!(
                    "{game}[{position}] is too large to enumerate its moves (more than {limit} positions; --max)"
                ))
            })
        };
        Ok(match (game, position) {
            (Game::Subtraction(subtraction), Position::Heap(heap)) => {
                let n = small(heap)?;
                let set = subtraction.set();
                let amounts: Vec<u64> = match set {
                    SubtractionSet::Finite(finite) => finite
                        .members()
                        .iter()
                        .copied()
                        .filter(|&s| s <= n)
                        .collect(),
                    _ => (1..=n).filter(|&s| set.contains(s)).collect(),
                };
                amounts
                    .into_iter()
                    .map(|s| (format!("take {s}"), Position::Heap((n - s).into())))
                    .collect()
            }
            (Game::Nim, Position::Heaps(heaps)) => {
                let sizes = heaps
                    .iter()
                    .map(&small)
                    .collect::<Result<Vec<u64>, Error>>()?;
                nim_moves(&sizes)
            }
            (Game::Wythoff, Position::Pair(a, b)) => wythoff_moves(small(a)?, small(b)?),
            (Game::FibonacciNim, Position::Quota { heap, quota }) => {
                let n = small(heap)?;
                let q = fibonacci_nim::effective_quota(heap, quota.as_ref())
                    .to_u64()
                    .map_or(n, |q| q.min(n));
                (1..=q)
                    .map(|k| {
                        let quota = Some(BigUint::from(2 * k));
                        (
                            format!("take {k}"),
                            Position::Quota {
                                heap: (n - k).into(),
                                quota,
                            },
                        )
                    })
                    .collect()
            }
            (Game::NoRepeat(set), Position::LastMove { heap, last }) => {
                let n = small(heap)?;
                set.members()
                    .iter()
                    .filter(|&&s| s <= n && Some(s) != *last)
                    .map(|&s| {
                        (
                            format!("take {s}"),
                            Position::LastMove {
                                heap: (n - s).into(),
                                last: Some(s),
                            },
                        )
                    })
                    .collect()
            }
            _ => {
                return Err(Error::Refused(format!(
                    "{game} cannot be a component here: sums are of impartial games under one convention"
                )));
            }
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
        let start: Vec<Position> = components.iter().map(|c| c.position.clone()).collect();
        let rules = MisereSum {
            analyzer: self,
            components,
        };
        let graph =
            SparseGraph::explore(&rules, start.clone(), self.explore_limits(), self.observer())
                .map_err(|error| match error {
                    SolverError::TooManyStates { limit } => Error::Refused(format!(
                        "the misère sum {game} has more than {limit} reachable positions; grundy searches misère sums exhaustively (the xor shortcut is wrong in misère play) and stops there. Raise --max to search further."
                    )),
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
        let whole = self.whole_positions(winning.len(), sum_length(components))?;
        let winning_moves = winning
            .into_iter()
            .map(|((i, description), option)| {
                sum_move(components, i, &description, &option[i], whole)
            })
            .collect();
        let reason = format!(
            "solved by searching all {} positions reachable from this misère sum (the xor of values does not apply to misère sums): the player to move {}.",
            positions,
            if win { "wins" } else { "loses" }
        );
        let outcome = if win { Outcome::Win } else { Outcome::Lose };
        let basis = Basis::Search {
            positions: positions as u64,
        };
        Ok(Solution::new(
            game,
            String::new(),
            outcome,
            None,
            winning_moves,
            basis,
            reason,
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
            for (description, position) in self.all_moves(&component.game, &state[i])? {
                let mut next = state.to_vec();
                next[i] = position;
                options.push(((i, description), next));
            }
        }
        Ok(options)
    }
}

/// Every Nim move from small heaps.
fn nim_moves(heaps: &[u64]) -> Vec<(String, Position)> {
    let mut moves = Vec::new();
    for (i, &heap) in heaps.iter().enumerate() {
        for left in 0..heap {
            let after = heaps
                .iter()
                .enumerate()
                .map(|(j, &h)| BigUint::from(if i == j { left } else { h }))
                .collect();
            moves.push((
                format!("take {} from heap {}", heap - left, i + 1),
                Position::Heaps(after),
            ));
        }
    }
    moves
}

/// Every Wythoff move from `(a, b)`.
fn wythoff_moves(a: u64, b: u64) -> Vec<(String, Position)> {
    super::classical::wythoff_options(a as usize, b as usize)
        .map(|(description, x, y)| (description, Position::Pair(x.into(), y.into())))
        .collect()
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
            let (Game::Nim, Position::Heaps(component_heaps)) =
                (&component.game, &component.position)
            else {
                return Ok(None);
            };
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
                let description = format!("take {} from heap {}", m.take, j + 1);
                sum_move(components, i, &description, &Position::Heaps(after), whole)
            })
            .collect();
        let reason = format!(
            "a misère sum of Nim games is one misère Nim position of {} heaps; Bouton's misère rule: the player to move loses exactly when all heaps are at most 1 and an odd number are 1, or some heap has 2 or more and the xor is 0 — so the player to move {}.",
            heaps.len(),
            if loses { "loses" } else { "wins" }
        );
        Ok(Some(
            Solution::new(
                game,
                String::new(),
                if loses { Outcome::Lose } else { Outcome::Win },
                None,
                winning_moves,
                Basis::Rule("Bouton's misère rule"),
                reason,
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
            .map_err(|error| error.to_string())
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
