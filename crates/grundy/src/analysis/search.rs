//! The general search: any game whose family lists its options ([`Ruleset::options`]) is
//! answered by exploring every position reachable from the one asked about and solving that
//! graph backwards — the fallback of every question for a family that offers nothing more.

use std::cell::RefCell;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::general::{root_values, scored, solver_error};
use super::{Analyzer, Basis, Error, Move, Remedy, Solution, wrong_shape};
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::ruleset::{MAX_LISTED_OPTIONS, Ruleset};
use crate::limits::SEARCHED_PERIOD_VALUES;
use crate::theory::period::Search;
use crate::theory::solver::{
    self, Graph, Loopy, SparseGraph, Value, loopy_values, misere_values, solve_graph,
};

/// A family's rules as a graph to explore: positions, their options, and who wins where none is
/// left.
pub(super) struct Options<'a> {
    rules: &'a dyn Ruleset,
    play: Play,
    /// The first position whose options the family did not list.
    unlisted: RefCell<Option<Position>>,
}

impl<'a> Options<'a> {
    pub(super) fn new(rules: &'a dyn Ruleset, play: Play) -> Self {
        Self {
            rules,
            play,
            unlisted: RefCell::new(None),
        }
    }

    /// The error of a failed exploration, naming the position whose options were not listed.
    pub(super) fn failed(&self, game: &Game, error: solver::SolverError) -> Error {
        match self.unlisted.borrow_mut().take() {
            Some(position) => unlisted(game, self.rules, &position),
            None => solver_error(error),
        }
    }
}

/// The refusal of a search that meets `position`, whose options the family does not list.
pub(super) fn unlisted(game: &Game, rules: &dyn Ruleset, position: &Position) -> Error {
    let why = rules.unlisted_reason(position).unwrap_or_else(|| {
        format!("grundy lists at most {MAX_LISTED_OPTIONS} options of a position")
    });
    Error::refused(format!(
        "{game}: the options of {position} are not listed — {why} — so the positions reachable from there cannot be searched"
    ))
}

impl solver::Rules for Options<'_> {
    type State = Position;

    fn moves(&self, state: &Position) -> Result<Vec<(String, Position)>, String> {
        let Some(options) = self.rules.options(state) else {
            *self.unlisted.borrow_mut() = Some(state.clone());
            return Err(format!("the options of {state} are not listed"));
        };
        Ok(options
            .into_iter()
            .map(|(_, after)| (String::new(), self.rules.search_key(&after)))
            .collect())
    }

    fn state_bytes(&self, state: &Position) -> u64 {
        size_of::<Position>() as u64 + state.heap_bytes()
    }

    fn terminal(&self, state: &Position) -> Result<Value, String> {
        // A family that scores the end itself (ties, parities) decides it; else the convention.
        if let Some(value) = self.rules.end_value(state) {
            return Ok(value);
        }
        Ok(match self.play {
            Play::Normal => Value::Lose,
            Play::Misere => Value::Win,
        })
    }
}

impl Analyzer<'_> {
    /// A search from `roots` refused before it starts where the family bounds the positions
    /// one of them reaches beyond the limit (the widest root is named).
    pub(super) fn refuse_beyond_reach(
        &self,
        game: &Game,
        rules: &dyn Ruleset,
        roots: &[Position],
    ) -> Result<(), Error> {
        let limit = BigUint::from(self.max_positions());
        let widest = roots
            .iter()
            .filter_map(|root| Some((rules.reachable_bound(root)?, root)))
            .max_by(|a, b| a.0.cmp(&b.0));
        match widest {
            Some((bound, root)) if bound > limit => Err(Error::beyond_positions(
                format!(
                    "{game}[{root}] reaches up to {bound} positions, and grundy explores at most {limit}"
                ),
                Some(bound),
            )),
            _ => Ok(()),
        }
    }

    /// Any game whose family lists its options: every position reachable from `position`
    /// explored and solved backwards (win, lose or draw, with remoteness), and its value: under
    /// normal play its (generalised) Grundy value, under misère play its misère Grundy value
    /// where play cannot last forever.
    pub(super) fn solve_by_search(
        &self,
        game: &Game,
        position: &Position,
    ) -> Result<Solution, Error> {
        let Some(rules) = game.base().ruleset() else {
            return Err(wrong_shape(game, position));
        };
        if rules.option_count(position).is_none() {
            return Err(wrong_shape(game, position));
        }
        if rules.unlisted_reason(position).is_some() {
            return Err(unlisted(game, rules, position));
        }
        // A search known to pass the limit is refused before it starts.
        self.refuse_beyond_reach(game, rules, std::slice::from_ref(position))?;
        let play = game.play();
        let options = Options::new(rules, play);
        // Positions that play alike are one state (the start is state 0, its children in the
        // order of its options).
        let graph = SparseGraph::explore(
            &options,
            rules.search_key(position),
            self.explore_limits(),
            self.observer(),
        )
        .map_err(|error| options.failed(game, error))?;
        let records = solve_graph(&graph);
        let listed = rules
            .options(position)
            .expect("the start's options were listed by the exploration");
        // Each option of the position as written, valued at its key's state (the graph was
        // explored from the key, whose options may come in another order).
        let moves = listed
            .into_iter()
            .map(|(action, to)| {
                let child = graph
                    .index_of(&rules.search_key(&to))
                    .expect("every option's key was explored");
                scored(Move::whole(action, to), records.get(child))
            })
            .collect();
        let positions = graph.state_count() as u64;
        let solution = Solution::from_graph(
            game,
            position.clone(),
            records.get(0),
            moves,
            positions,
            None,
        );
        Ok(match play {
            Play::Normal => {
                let loopy = loopy_values(&graph).swap_remove(0);
                Solution {
                    grundy: match &loopy {
                        Loopy::Nimber(m) => Some(BigUint::from(*m)),
                        Loopy::Infinite(_) => None,
                    },
                    loopy: Some(loopy),
                    ..solution
                }
            }
            Play::Misere => Solution {
                misere_grundy: misere_values(&graph).map(|values| BigUint::from(values[0])),
                ..solution
            },
        })
    }

    /// The Grundy values (misère Grundy values for a `misere:` game) of the positions numbered
    /// `from..from + rows` of a game whose family numbers its positions and lists their
    /// options: every position reachable from them explored once. `None` when the family does
    /// not number its positions.
    pub(super) fn table_by_search(
        &self,
        game: &Game,
        from: &BigUint,
        rows: u64,
    ) -> Option<Result<(Vec<BigUint>, Basis), Error>> {
        let rules = game.base().ruleset()?;
        let roots: Vec<Position> = (0..rows)
            .map(|i| rules.numbered_position(&(from + i)))
            .collect::<Option<_>>()?;
        Some(self.values_by_search(game, rules, &roots, from))
    }

    /// A component of a sum whose family's theorem gives only its outcome (Moore's `Nim_k`):
    /// its Grundy value and its options' values by one search of the literal rules, the
    /// position and its options as roots; `None` where its options are not listed.
    ///
    /// # Errors
    /// The search's refusal (positions beyond the limit) or an interrupt.
    pub(super) fn searched_summand(
        &self,
        game: &Game,
        position: &Position,
    ) -> Result<Option<(BigUint, Vec<super::general::ValuedMove>, Basis)>, Error> {
        let Some(rules) = game.base().ruleset() else {
            return Ok(None);
        };
        let Some(options) = rules.options(position) else {
            return Ok(None);
        };
        let roots: Vec<Position> = std::iter::once(position.clone())
            .chain(options.iter().map(|(_, after)| after.clone()))
            .collect();
        let (values, basis) = self.values_by_search(game, rules, &roots, &BigUint::ZERO)?;
        let valued = options
            .into_iter()
            .zip(&values[1..])
            .filter_map(|((action, after), value)| {
                Some((action, after, Loopy::Nimber(value.to_u32()?)))
            })
            .collect();
        Ok(Some((values[0].clone(), valued, basis)))
    }

    fn values_by_search(
        &self,
        game: &Game,
        rules: &dyn Ruleset,
        roots: &[Position],
        from: &BigUint,
    ) -> Result<(Vec<BigUint>, Basis), Error> {
        // A search known to pass the limit is refused before it starts, naming the root that
        // reaches the most.
        self.refuse_beyond_reach(game, rules, roots)?;
        let play = game.play();
        let options = Options::new(rules, play);
        let roots: Vec<Position> = roots.iter().map(|root| rules.search_key(root)).collect();
        let graph = SparseGraph::explore_from(
            &options,
            roots.clone(),
            self.explore_limits(),
            self.observer(),
        )
        .map_err(|error| options.failed(game, error))?;
        let values = match play {
            Play::Normal => loopy_values(&graph),
            Play::Misere => match misere_values(&graph) {
                Some(values) => values.into_iter().map(Loopy::Nimber).collect(),
                None => {
                    return Err(Error::refused_unless(
                        format!(
                            "{game}: play can last forever from some of the positions reachable from heaps {from} to {}, and misère Grundy values are defined only for games that end",
                            from + (roots.len() as u64).saturating_sub(1)
                        ),
                        Remedy::SolvePositions,
                    ));
                }
            },
        };
        root_values(&graph, &roots, &values, |i| format!("{game}[{}]", from + i))
    }

    /// An observed (never certified) period of the values (misère Grundy values for a
    /// `misere:` game) of a game whose family numbers its positions, from the values of its
    /// first positions found by search: no theorem's hypothesis can be checked on rules grundy
    /// only explores. `None` when the family does not number its positions.
    pub(super) fn period_by_search(&self, game: &Game) -> Option<Result<Search, Error>> {
        let length = self
            .config
            .max_values
            .unwrap_or(SEARCHED_PERIOD_VALUES)
            .min(super::MAX_TABLE_ROWS);
        let table = self.table_by_search(game, &BigUint::ZERO, length)?;
        Some(table.map(|(values, _)| {
            let values: Vec<u32> = values
                .iter()
                .map(|v| v.to_u32().unwrap_or(u32::MAX))
                .collect();
            super::heap::observed_or_not_found(&values)
        }))
    }
}
