//! `verify` for an Every-SG compound: the steps rule (`solve`) against the literal rules — the
//! game graph of joint moves, one move in every component that has one, explored from the
//! compound and solved backwards — on every position reachable from it: the outcome and the
//! positions every winning joint move leaves.

use super::{Answer, BruteForce, FastPath, Run, Tally};
use crate::analysis::{Error, Outcome, Target};
use crate::games::game::{Component, Game};
use crate::games::position::Position;
use crate::limits::MAX_LISTED_OPTIONS;
use crate::theory::solver::{Graph, Limits, Rules, SparseGraph, Value, solve_graph};

/// The most positions of a compound `verify` compares on.
pub(crate) const MOST_COMPARED: usize = 2_000;

/// The literal rules of the compound: a state is every component's position (as its search
/// keys it); a move plays one option in each component that has one.
struct JointRules<'a> {
    games: Vec<&'a Game>,
}

impl Rules for JointRules<'_> {
    type State = Vec<Position>;

    fn moves(&self, state: &Self::State) -> Result<Vec<(String, Self::State)>, String> {
        let mut joint: Vec<Vec<Position>> = vec![Vec::new()];
        let mut any = false;
        for (game, position) in self.games.iter().zip(state) {
            let rules = game
                .ruleset()
                .ok_or_else(|| format!("{game} has no rules"))?;
            let options = rules
                .options(position)
                .ok_or_else(|| format!("the options of {game}[{position}] are not listed"))?;
            // The joint moves multiply: refuse before building more than a position lists.
            let joint_count = (joint.len() as u64).saturating_mul(options.len().max(1) as u64);
            if joint_count > MAX_LISTED_OPTIONS {
                return Err(format!(
                    "a position has more than {MAX_LISTED_OPTIONS} joint moves"
                ));
            }
            let choices: Vec<Position> = if options.is_empty() {
                vec![position.clone()]
            } else {
                any = true;
                options
                    .into_iter()
                    .map(|(_, after)| rules.search_key(&after))
                    .collect()
            };
            joint = joint
                .into_iter()
                .flat_map(|prefix| {
                    choices.iter().map(move |choice| {
                        let mut next = prefix.clone();
                        next.push(choice.clone());
                        next
                    })
                })
                .collect();
        }
        Ok(if any {
            joint
                .into_iter()
                .map(|next| (String::new(), next))
                .collect()
        } else {
            Vec::new()
        })
    }

    fn state_bytes(&self, state: &Self::State) -> u64 {
        state
            .iter()
            .map(|p| size_of::<Position>() as u64 + p.heap_bytes())
            .sum::<u64>()
            + 24
    }

    fn terminal(&self, _: &Self::State) -> Result<Value, String> {
        Ok(Value::Lose)
    }
}

/// A joint state as one position of the comparison's messages: `nim[2] + kayles[3]`.
fn written(games: &[&Game], state: &[Position]) -> Position {
    let parts: Vec<String> = games
        .iter()
        .zip(state)
        .map(|(game, position)| format!("{game}[{position}]"))
        .collect();
    Position::State(parts.join(" + "))
}

impl Run<'_, '_> {
    /// The steps rule against the joint-move graph, position by position.
    pub(in crate::analysis) fn every(&mut self, components: &[Component]) -> Result<(), Error> {
        self.brute_force = BruteForce::JointMoves;
        let games: Vec<&Game> = components.iter().map(|c| &c.game).collect();
        let keys: Vec<Position> = components
            .iter()
            .map(|c| {
                c.game
                    .ruleset()
                    .map_or_else(|| c.position.clone(), |rules| rules.search_key(&c.position))
            })
            .collect();
        let rules = JointRules {
            games: games.clone(),
        };
        let analyzer = self.analyzer;
        let limits: Limits = analyzer.explore_limits();
        let graph =
            SparseGraph::explore(&rules, keys, limits, analyzer.observer()).map_err(|error| {
                Error::refused(format!(
                    "{}: the joint moves from it cannot all be explored: {error}",
                    self.game
                ))
            })?;
        let records = solve_graph(&graph);
        self.brute_force_positions += graph.state_count() as u64;
        let solver = analyzer.path_analyzer(analyzer.config);
        let mut tally = Tally::new(FastPath::Solve);
        for index in 0..graph.state_count().min(MOST_COMPARED) {
            let state = &graph.states[index];
            let compound = Game::Every(
                components
                    .iter()
                    .zip(state)
                    .map(|(c, position)| Component {
                        game: c.game.clone(),
                        position: position.clone(),
                    })
                    .collect(),
            );
            let fast = solver.solve(&compound, &Position::Sum)?;
            let brute_wins = records.get(index).value == Value::Win;
            let brute_outcome = if brute_wins {
                Outcome::Win
            } else {
                Outcome::Lose
            };
            let mut brute_leaves: Vec<Position> = graph
                .children_of(index)
                .iter()
                .filter(|&&child| records.get(child as usize).value == Value::Lose)
                .map(|&child| written(&games, &graph.states[child as usize]))
                .collect();
            brute_leaves.sort_by_key(ToString::to_string);
            brute_leaves.dedup();
            let mut fast_leaves: Vec<Position> = fast
                .winning_moves
                .iter()
                .map(|play| match &play.to {
                    Target::Sum(positions) => {
                        let keyed: Vec<Position> = games
                            .iter()
                            .zip(positions)
                            .map(|(game, p)| {
                                game.ruleset()
                                    .map_or_else(|| p.clone(), |rules| rules.search_key(p))
                            })
                            .collect();
                        written(&games, &keyed)
                    }
                    _ => Position::Sum,
                })
                .collect();
            fast_leaves.sort_by_key(ToString::to_string);
            fast_leaves.dedup();
            let here = written(&games, state);
            let agrees = tally.compare(
                self.game,
                &here,
                Answer::Outcome(brute_outcome),
                Answer::Outcome(fast.outcome),
            ) && tally.compare(
                self.game,
                &here,
                Answer::Leaves(brute_leaves),
                Answer::Leaves(fast_leaves),
            );
            if !agrees {
                break;
            }
        }
        self.checks.push(tally.check());
        Ok(())
    }
}
