//! Every-SG, the continued conjunctive compound (`every:G[p] + H[q]`; Winning Ways ch. 9,
//! 贾志豪's 2009 notes): each turn the player to move moves in **every** component that still
//! has a move, and whoever makes the last move wins.
//!
//! The theorem (proved in docs/classical-extensions.md): give each position of a component its
//! *steps* — 0 where no move is left; where some option has an even number of steps (a position
//! won by the player to move), one more than the largest such; otherwise one more than the
//! smallest over all options. A position has an even number of steps exactly when it is lost
//! alone, and the compound is won by the player to move exactly when the largest number of
//! steps among its components is odd. A joint move wins exactly when it leaves the largest
//! number of steps even.
//!
//! Each component is explored as the general search explores a game (its family's options,
//! normal play), so every game of grundy's families is a component (a script's moves come from
//! running it, and are not explored here); a component where play can go
//! on forever has no steps and is refused.

use std::cell::Cell;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::codegen::{Decider, KernelError, NoProgram};
use super::explain::{Rule, State, Step};
use super::family::{Answers, Explained};
use super::search::{Options, unlisted};
use super::{Analyzer, Basis, ClosedForm, Error, FamilyTheorem, Move, Outcome, Solution, Target};
use crate::games::game::{Component, Game};
use crate::games::moves::Action;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::summary::Summary;
use crate::games::theorem::{Part, PartLabel, Reading, Worth};
use crate::limits::LISTED_CLASS_MOVES;
use crate::theory::solver::{Graph, Rules, SparseGraph, Value};

/// The most moves the positions of one component may have in all: a few seconds of exploring.
const MOST_MOVES: u64 = 1 << 23;

/// A component's rules as the general search explores them, the moves counted against
/// [`MOST_MOVES`].
struct Counted<'a> {
    options: &'a Options<'a>,
    moves: Cell<u64>,
}

impl Counted<'_> {
    fn count(&self, more: usize) -> Result<(), String> {
        let moves = self.moves.get().saturating_add(more as u64);
        self.moves.set(moves);
        if moves > MOST_MOVES {
            return Err(format!("more than {MOST_MOVES} moves"));
        }
        Ok(())
    }
}

impl Rules for Counted<'_> {
    type State = Position;

    fn moves(&self, state: &Position) -> Result<Vec<(String, Position)>, String> {
        let moves = self.options.moves(state)?;
        self.count(moves.len())?;
        Ok(moves)
    }

    fn successors(&self, state: &Position, out: &mut Vec<Position>) -> Result<(), String> {
        let before = out.len();
        self.options.successors(state, out)?;
        self.count(out.len() - before)
    }

    fn state_bytes(&self, state: &Position) -> u64 {
        self.options.state_bytes(state)
    }

    fn terminal(&self, state: &Position) -> Result<Value, String> {
        self.options.terminal(state)
    }
}

/// A component as the theorem reads it: its steps and each option with the steps it leaves.
struct Stepped {
    /// The component's steps.
    steps: u64,
    /// Each option in the order of its rules: the action, the position left, its steps.
    options: Vec<(Action, Position, u64)>,
}

/// The theorem's name.
const NAME: Summary = Summary {
    en: "The steps rule of Every-SG (Winning Ways, ch. 9: the continued conjunctive compound)",
    zh: "Every-SG 的步数规则（《Winning Ways》第 9 章：持续合取复合）",
};

/// What it says.
const STATEMENT: Summary = Summary {
    en: "Each turn moves in every component that still has a move. A component's steps are 0 where it has no move; else, where some option has an even number of steps, one more than the largest such (the winner plays slowly), and otherwise one more than the smallest (the loser plays fast). A component is lost alone exactly when its steps are even, and the whole game is won by the player to move exactly when the largest number of steps is odd; a winning move leaves the largest number of steps even.",
    zh: "每一步须在所有还能走的分量中各走一步。一个分量无步可走时步数为 0；否则若有步数为偶数的后继（先手必胜局面），步数为其中最大者加一（赢家拖延），否则为所有后继步数的最小者加一（输家求快）。分量单独时步数为偶数当且仅当先手必败；整个游戏先手必胜当且仅当各分量步数的最大值为奇数；必胜的走法使剩下的最大步数为偶数。",
};

/// The steps of every state of an explored game, children before parents; `None` where play
/// can go on forever (a cycle, a loop).
///
/// # Complexity
/// `O(V + E)`.
fn steps_of(graph: &SparseGraph<Position>) -> Option<Vec<u64>> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let count = graph.state_count();
    let mut steps = vec![0u64; count];
    let mut mark = vec![NEW; count];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..count {
        if mark[root] != NEW {
            continue;
        }
        mark[root] = OPEN;
        stack.push((root, 0));
        while let Some(&(node, next)) = stack.last() {
            let children = graph.children_of(node);
            if let Some(&child) = children.get(next) {
                stack.last_mut().expect("a node on the stack").1 += 1;
                let child = child as usize;
                match mark[child] {
                    NEW => {
                        mark[child] = OPEN;
                        stack.push((child, 0));
                    }
                    OPEN => return None,
                    _ => {}
                }
                continue;
            }
            let children = children.iter().map(|&child| steps[child as usize]);
            steps[node] = match children.clone().filter(|s| s.is_multiple_of(2)).max() {
                Some(longest) => longest + 1,
                None => children.min().map_or(0, |shortest| shortest + 1),
            };
            mark[node] = DONE;
            stack.pop();
        }
    }
    Some(steps)
}

/// The even numbers of steps the options of the moving components leave, increasing, each once.
fn even_steps(moving: &[Vec<u64>]) -> Vec<u64> {
    let mut evens: Vec<u64> = moving
        .iter()
        .flatten()
        .copied()
        .filter(|s| s.is_multiple_of(2))
        .collect();
    evens.sort_unstable();
    evens.dedup();
    evens
}

/// How many joint moves leave the largest number of steps even, from the options' steps of
/// each component with a move: for each even `e`, the moves with every component at most `e`
/// less those with every component at most `e − 1`.
fn winning_count(moving: &[Vec<u64>]) -> BigUint {
    if moving.is_empty() {
        return BigUint::zero();
    }
    let mut sorted: Vec<Vec<u64>> = moving.to_vec();
    for steps in &mut sorted {
        steps.sort_unstable();
    }
    let evens = even_steps(&sorted);
    let at_most = |bound: Option<u64>| -> BigUint {
        sorted
            .iter()
            .map(|steps| {
                let count = bound.map_or(0, |bound| steps.partition_point(|&s| s <= bound));
                BigUint::from(count)
            })
            .product()
    };
    evens
        .into_iter()
        .map(|even| at_most(Some(even)) - at_most(even.checked_sub(1)))
        .sum()
}

/// The joint moves leaving the largest number of steps even, as the option each moving
/// component plays, at most `most` of them: for each even `e` in increasing order, every choice
/// with all components at most `e` and one at `e`.
fn winning_choices(moving: &[Vec<u64>], most: usize) -> Vec<Vec<usize>> {
    fn choose(
        moving: &[Vec<u64>],
        even: u64,
        chosen: &mut Vec<usize>,
        reached: bool,
        out: &mut Vec<Vec<usize>>,
        most: usize,
    ) {
        if out.len() >= most {
            return;
        }
        let Some(steps) = moving.get(chosen.len()) else {
            if reached {
                out.push(chosen.clone());
            }
            return;
        };
        for (index, &step) in steps.iter().enumerate() {
            if step <= even {
                chosen.push(index);
                choose(moving, even, chosen, reached || step == even, out, most);
                chosen.pop();
            }
        }
    }
    let evens = even_steps(moving);
    let mut out = Vec::new();
    for even in evens {
        choose(moving, even, &mut Vec::new(), false, &mut out, most);
    }
    out
}

/// The joint move of the strategy: in each component with a move, a won one moves to a lost
/// option with the most steps, a lost one to the option with the fewest — every component's
/// steps fall by one.
fn strategy_choice(parts: &[&Stepped]) -> Vec<usize> {
    parts
        .iter()
        .map(|part| {
            part.options
                .iter()
                .position(|option| option.2 + 1 == part.steps)
                .expect("an option one step shorter, by the definition of steps")
        })
        .collect()
}

impl Analyzer<'_> {
    /// One component of an Every-SG compound: its steps and its options' steps, from one
    /// exploration of the positions it reaches.
    fn stepped(&self, compound: &Game, component: &Component) -> Result<Stepped, Error> {
        let game = &component.game;
        let position = &component.position;
        let Some(rules) = game.ruleset() else {
            return Err(super::wrong_shape(game, position));
        };
        if !rules.last_move_decides() {
            return Err(Error::refused(format!(
                "{compound}: {game} scores the end of the game itself, and Every-SG is won by the last move"
            )));
        }
        if game.script().is_some() {
            return Err(Error::refused(format!(
                "{compound}: {game} lists its moves by running its script, and an Every-SG compound explores components whose rules grundy lists itself; write the whole compound as one script instead"
            )));
        }
        if rules.option_count(position).is_none() {
            return Err(super::wrong_shape(game, position));
        }
        let Some(listed) = rules.options(position) else {
            return Err(unlisted(game, rules, position));
        };
        self.refuse_beyond_reach(game, rules, std::slice::from_ref(position))?;
        let options = Options::new(rules, Play::Normal);
        let counted = Counted {
            options: &options,
            moves: Cell::new(0),
        };
        let graph = SparseGraph::explore(
            &counted,
            rules.search_key(position),
            self.explore_limits(),
            self.observer(),
        )
        .map_err(|error| {
            if counted.moves.get() > MOST_MOVES {
                Error::refused(format!(
                    "{compound}: the positions {game}[{position}] reaches have more than {MOST_MOVES} moves in all, and Every-SG explores each component whole"
                ))
            } else {
                options.failed(game, error)
            }
        })?;
        let Some(steps) = steps_of(&graph) else {
            return Err(Error::refused(format!(
                "{compound}: play can go on forever in {game}[{position}], and the steps of Every-SG are defined for games that end"
            )));
        };
        let options = listed
            .into_iter()
            .map(|(action, after)| {
                let child = graph
                    .index_of(&rules.search_key(&after))
                    .expect("every option's key was explored");
                (action, after, steps[child])
            })
            .collect();
        Ok(Stepped {
            steps: steps[0],
            options,
        })
    }

    /// Every-SG: who wins from the compound of `components` and every winning joint move
    /// (listed when few, else the strategy's move and one class holding the others, counted).
    pub(super) fn solve_every(
        &self,
        game: &Game,
        components: &[Component],
    ) -> Result<Solution, Error> {
        let stepped: Vec<Stepped> = components
            .iter()
            .map(|component| self.stepped(game, component))
            .collect::<Result<_, _>>()?;
        let largest = stepped.iter().map(|part| part.steps).max().unwrap_or(0);
        let wins = !largest.is_multiple_of(2);
        let parts = components
            .iter()
            .zip(&stepped)
            .enumerate()
            .map(|(index, (component, part))| Part {
                label: PartLabel::Component {
                    index,
                    game: format!("{}[{}]", component.game, component.position),
                },
                value: part.steps.into(),
            })
            .collect();
        let winning_moves = if wins {
            winning_moves(components, &stepped)
        } else {
            Vec::new()
        };
        let basis = Basis::Rule(ClosedForm::Theorem(Box::new(FamilyTheorem {
            family: "every",
            name: NAME,
            statement: STATEMENT,
            reading: Some(Reading {
                parts,
                worth: Worth::Outcome { wins },
            }),
        })));
        let outcome = if wins { Outcome::Win } else { Outcome::Lose };
        Ok(Solution::new(
            game,
            Position::Sum,
            outcome,
            None,
            winning_moves,
            basis,
        ))
    }
}

/// The winning joint moves of a compound won by the player to move.
fn winning_moves(components: &[Component], stepped: &[Stepped]) -> Vec<Move> {
    let moving: Vec<usize> = (0..stepped.len())
        .filter(|&index| !stepped[index].options.is_empty())
        .collect();
    let option_steps: Vec<Vec<u64>> = moving
        .iter()
        .map(|&index| stepped[index].options.iter().map(|o| o.2).collect())
        .collect();
    let count = winning_count(&option_steps);
    let joint = |choice: &[usize]| {
        let mut positions: Vec<Position> = components.iter().map(|c| c.position.clone()).collect();
        let mut moves = Vec::new();
        for (&index, &option) in moving.iter().zip(choice) {
            let (action, after, _) = &stepped[index].options[option];
            positions[index] = after.clone();
            moves.push((index, action.clone()));
        }
        Move {
            component: None,
            action: Action::Joint { moves },
            to: Target::Sum(positions),
        }
    };
    let most = usize::try_from(LISTED_CLASS_MOVES).unwrap_or(usize::MAX);
    if count <= BigUint::from(most) {
        return winning_choices(&option_steps, most)
            .iter()
            .map(|choice| joint(choice))
            .collect();
    }
    let parts: Vec<&Stepped> = moving.iter().map(|&index| &stepped[index]).collect();
    let strategy = joint(&strategy_choice(&parts));
    let others = Move {
        component: None,
        action: Action::JointClass {
            moves: count - BigUint::one(),
        },
        to: Target::Unwritten,
    };
    vec![strategy, others]
}

/// An Every-SG compound: solved by the steps rule, explained with it; no table, period or
/// program of its own.
pub(super) struct EveryAnswers<'a>(pub(super) &'a [Component]);

impl Answers for EveryAnswers<'_> {
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        Some(match (play, position) {
            (Play::Normal, Position::Sum) => analyzer.solve_every(game, self.0),
            _ => Err(super::wrong_shape(game, position)),
        })
    }

    fn state(&self) -> State {
        State::Every {
            components: self.0.to_vec(),
        }
    }

    fn explain(
        &self,
        _: &Analyzer<'_>,
        _: &Game,
        _: Play,
        _: Option<&Position>,
    ) -> Option<Result<Explained, Error>> {
        let rule = Rule::Theorem {
            name: NAME,
            statement: STATEMENT,
        };
        Some(Ok((vec![Step::Rule(rule)], None)))
    }

    fn decider(&self, _: &Analyzer<'_>, _: &Game, _: Play) -> Result<Decider, KernelError> {
        Err(KernelError::No(NoProgram::Every))
    }

    /// Every joint move with the outcome it leaves by the steps rule (no remoteness: under the
    /// steps rule the winner plays slowly, which is not what remoteness measures).
    fn options(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        _: Play,
        position: &Position,
    ) -> Option<Result<super::play::Options, Error>> {
        if *position != Position::Sum {
            return Some(Err(super::wrong_shape(game, position)));
        }
        Some(analyzer.every_options(game, self.0))
    }

    fn verify(&self, run: &mut super::verify::Run<'_, '_>, _: &Game) -> Result<(), Error> {
        run.every(self.0)
    }
}

impl Analyzer<'_> {
    /// Every joint move of an Every-SG compound, valued by the steps rule.
    fn every_options(
        &self,
        game: &Game,
        components: &[Component],
    ) -> Result<super::play::Options, Error> {
        use super::play::{Choice, MAX_PLAY_MOVES, Options, PlayBasis};
        let stepped: Vec<Stepped> = components
            .iter()
            .map(|component| self.stepped(game, component))
            .collect::<Result<_, _>>()?;
        let moving: Vec<usize> = (0..stepped.len())
            .filter(|&index| !stepped[index].options.is_empty())
            .collect();
        let count: BigUint = if moving.is_empty() {
            BigUint::zero()
        } else {
            moving
                .iter()
                .map(|&index| BigUint::from(stepped[index].options.len()))
                .product()
        };
        if count > BigUint::from(MAX_PLAY_MOVES) {
            return Err(Error::refused_unless(
                format!(
                    "{game} has too many joint moves to play: {count}, and a game lists at most {MAX_PLAY_MOVES}"
                ),
                super::Remedy::FewerMoves {
                    most: MAX_PLAY_MOVES,
                },
            ));
        }
        let outcome_of = |steps: u64| {
            if steps.is_multiple_of(2) {
                Outcome::Lose
            } else {
                Outcome::Win
            }
        };
        let mut choices = Vec::new();
        let mut choice = vec![0usize; moving.len()];
        while !moving.is_empty() {
            self.check(0)?;
            let mut positions: Vec<Position> =
                components.iter().map(|c| c.position.clone()).collect();
            let mut moves = Vec::new();
            let mut steps: Vec<u64> = stepped.iter().map(|part| part.steps).collect();
            for (&index, &option) in moving.iter().zip(&choice) {
                let (action, position, left) = &stepped[index].options[option];
                positions[index].clone_from(position);
                steps[index] = *left;
                moves.push((index, action.clone()));
            }
            // Components without a move stay at 0 steps.
            let left = steps.iter().copied().max().unwrap_or(0);
            choices.push(Choice {
                play: Move {
                    component: None,
                    action: Action::Joint { moves },
                    to: Target::Sum(positions),
                },
                position: Position::Sum,
                outcome: outcome_of(left),
                value: None,
                // Not a remoteness: the steps rule has the winner play slowly.
                remoteness: None,
            });
            // The next choice, as an odometer: the last component's option turns fastest.
            let next = (0..moving.len())
                .rev()
                .find(|&place| choice[place] + 1 < stepped[moving[place]].options.len());
            let Some(place) = next else { break };
            choice[place] += 1;
            choice[place + 1..].fill(0);
        }
        let now = stepped.iter().map(|part| part.steps).max().unwrap_or(0);
        Ok(Options {
            game: game.clone(),
            position: Position::Sum,
            outcome: outcome_of(now),
            value: None,
            remoteness: None,
            moves: choices,
            basis: PlayBasis::Solved {
                limit: self.max_positions(),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The joint moves of the literal rules whose largest steps left is even, counted one by one.
    fn counted(moving: &[Vec<u64>]) -> u64 {
        fn walk(moving: &[Vec<u64>], largest: u64) -> u64 {
            match moving.split_first() {
                None => u64::from(largest.is_multiple_of(2)),
                Some((steps, rest)) => steps.iter().map(|&s| walk(rest, largest.max(s))).sum(),
            }
        }
        if moving.is_empty() {
            0
        } else {
            walk(moving, 0)
        }
    }

    #[test]
    fn the_count_and_the_listing_agree_with_every_joint_move() {
        let cases: Vec<Vec<Vec<u64>>> = vec![
            vec![],
            vec![vec![0]],
            vec![vec![1, 2, 0], vec![3, 0]],
            vec![vec![2, 2, 1], vec![0, 1, 4], vec![3]],
            vec![vec![5, 4, 4, 0], vec![1, 2], vec![2, 0, 6]],
        ];
        for moving in cases {
            let count = counted(&moving);
            assert_eq!(winning_count(&moving), BigUint::from(count), "{moving:?}");
            let listed = winning_choices(&moving, usize::MAX);
            assert_eq!(listed.len() as u64, count, "{moving:?}");
            for choice in listed {
                let largest = choice
                    .iter()
                    .zip(&moving)
                    .map(|(&i, steps)| steps[i])
                    .max()
                    .unwrap_or(0);
                assert_eq!(largest % 2, 0);
            }
        }
    }
}
