//! `verify` for scripted games: grundy's path — the compiled engine and the memo, through
//! `solve` and `table` — against a second path that shares neither: rhai's own interpreter
//! running the script, the whole graph of `start(0)` … `start(to)` explored from it, and the
//! retrograde analysis of that graph with its Grundy values children first (Smith's where play
//! can last forever).

use super::{Answer, FastPath, Run, Tally, skip_or_stop, value};
use crate::analysis::general::solver_error;
use crate::analysis::{Error, Target};
use crate::games::moves::Move;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::script::{Script, ScriptEngine, ScriptRules, State};
use crate::limits::{VERIFY_BRUTE_FORCE_STATES, VERIFY_SOLVED_HEAPS};
use crate::theory::solver::{
    Limits, Loopy, Records, SparseGraph, Value, loopy_values, misere_values, solve_graph,
};

/// The second path's answers: the interpreted script's graph from `start(0)` … `start(to)`, its
/// records, and each state's Grundy value as the game's play defines it (none for a script with
/// its own outcome, or where play can last forever).
struct Interpreted {
    roots: Vec<State>,
    graph: SparseGraph<State>,
    records: Records,
    values: Option<Vec<Option<u32>>>,
}

impl Interpreted {
    fn index(&self, state: &State) -> Result<usize, Error> {
        self.graph
            .index_of(state)
            .ok_or_else(|| Error::Internal(format!("{state} was not explored")))
    }

    /// The positions the winning moves of state `at` leave: its children the opponent loses.
    fn leaves(&self, at: usize) -> Vec<Position> {
        let mut leaves: Vec<Position> = self
            .graph
            .children_of(at)
            .iter()
            .filter(|&&child| self.records.get(child as usize).value == Value::Lose)
            .map(|&child| Position::State(self.graph.states[child as usize].key()))
            .collect();
        leaves.sort_by_key(ToString::to_string);
        leaves.dedup();
        leaves
    }
}

impl Run<'_, '_> {
    /// The arguments compared: `0` … `to`, or the pairs `a b` with `a, b ≤ to` for a script
    /// whose start takes two numbers (row by row, as a grid's cells).
    fn arguments(&self, script: &Script) -> Vec<String> {
        if script.starts_with_two_numbers() {
            (0..=self.to)
                .flat_map(|a| (0..=self.to).map(move |b| format!("{a} {b}")))
                .collect()
        } else {
            (0..=self.to).map(|n| n.to_string()).collect()
        }
    }

    /// The interpreted script's whole graph from `start` of each argument, solved.
    fn interpreted(&mut self, script: &Script) -> Result<Interpreted, Error> {
        let side = self.to.saturating_add(1);
        if script.starts_with_two_numbers()
            && side.saturating_mul(side) > crate::analysis::MAX_TABLE_ROWS
        {
            // Refused before a pair is listed, as a grid of that side is.
            return Err(Error::Setting(
                crate::analysis::SettingError::TooManyCells {
                    to: self.to,
                    most: crate::analysis::MAX_TABLE_ROWS,
                },
            ));
        }
        let analyzer = self.analyzer;
        let play = self.game.play();
        let mut rules = ScriptRules::compile(script)?.with_engine(ScriptEngine::Interpreted);
        if play == Play::Misere {
            rules = rules.into_misere().map_err(Error::refused)?;
        }
        let roots: Vec<State> = self
            .arguments(script)
            .iter()
            .map(|argument| rules.start(argument))
            .collect::<Result<_, _>>()?;
        let limits = Limits {
            states: VERIFY_BRUTE_FORCE_STATES as u64,
            bytes: analyzer.budget.memory(),
        };
        let graph = SparseGraph::explore_from(&rules, roots.clone(), limits, analyzer.observer())
            .map_err(solver_error)?;
        self.brute_force_positions += graph.states.len() as u64;
        let records = solve_graph(&graph);
        let values: Option<Vec<Option<u32>>> = match (rules.impartial(), play) {
            (false, _) => None,
            (true, Play::Normal) => Some(
                loopy_values(&graph)
                    .into_iter()
                    .map(|value| match value {
                        Loopy::Nimber(m) => Some(m),
                        Loopy::Infinite(_) => None,
                    })
                    .collect(),
            ),
            (true, Play::Misere) => {
                misere_values(&graph).map(|values| values.into_iter().map(Some).collect())
            }
        };
        Ok(Interpreted {
            roots,
            graph,
            records,
            values,
        })
    }

    /// A script: `solve` on `start(n)` for each `n` up to `to` (value, outcome, the positions
    /// every winning move leaves) and, for an impartial script under normal play, its table,
    /// against the interpreted script's whole graph.
    pub(in crate::analysis) fn script(&mut self, script: &Script) -> Result<(), Error> {
        self.brute_force = super::BruteForce::Interpreted;
        let brute = self.interpreted(script)?;
        let analyzer = self.analyzer;
        let play = self.game.play();
        let solver = analyzer.path_analyzer(analyzer.config);
        let mut tally = Tally::new(FastPath::Solve);
        let arguments = self.arguments(script);
        let solved = usize::try_from(VERIFY_SOLVED_HEAPS.saturating_add(1)).unwrap_or(usize::MAX);
        for (argument, root) in arguments.iter().zip(&brute.roots).take(solved) {
            let position = Position::Argument(argument.clone());
            let solution = solver.solve(self.game, &position)?;
            let at = brute.index(root)?;
            let fast_value = match play {
                Play::Normal => solution.grundy.clone(),
                Play::Misere => solution.misere_grundy.clone(),
            };
            let mut fast_leaves: Vec<Position> = solution
                .winning_moves
                .iter()
                .filter_map(|m: &Move| match &m.to {
                    Target::Whole(position) => Some(position.clone()),
                    _ => None,
                })
                .collect();
            fast_leaves.sort_by_key(ToString::to_string);
            fast_leaves.dedup();
            let brute_value = brute.values.as_ref().and_then(|values| values[at]);
            let agrees = match (brute_value, fast_value) {
                (Some(b), Some(f)) => {
                    tally.compare(self.game, &position, value(b), Answer::Value(f))
                }
                _ => true,
            } && tally.compare(
                self.game,
                &position,
                Answer::Outcome(brute.records.get(at).value),
                Answer::Outcome(solution.outcome),
            ) && tally.compare(
                self.game,
                &position,
                Answer::Leaves(brute.leaves(at)),
                Answer::Leaves(fast_leaves),
            );
            if !agrees {
                break;
            }
        }
        self.checks.push(tally.check());
        let Some(values) = brute.values.as_ref().filter(|_| play == Play::Normal) else {
            return Ok(());
        };
        let table = if script.starts_with_two_numbers() {
            solver.grid(self.game, self.to).map(|grid| {
                grid.values
                    .into_iter()
                    .flatten()
                    .map(num_bigint::BigUint::from)
                    .collect::<Vec<_>>()
            })
        } else {
            solver
                .table(self.game, &0u32.into(), &self.to.into())
                .map(|table| table.values)
        };
        let check = match table {
            Ok(table) => {
                let mut tally = Tally::new(FastPath::ScriptTable);
                for ((argument, fast), root) in arguments.iter().zip(&table).zip(&brute.roots) {
                    let Some(brute_value) = values[brute.index(root)?] else {
                        continue;
                    };
                    let position = Position::Argument(argument.clone());
                    let fast = Answer::Value(fast.clone());
                    if !tally.compare(self.game, &position, value(brute_value), fast) {
                        break;
                    }
                }
                tally.check()
            }
            Err(error) => skip_or_stop(FastPath::ScriptTable, error)?,
        };
        self.checks.push(check);
        Ok(())
    }
}
