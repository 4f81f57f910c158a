//! Games solved as whole graphs by retrograde analysis: the contest game `oddball`, and
//! (in `script`) games written as scripts. Values may be win, lose, tie or draw, with remoteness.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{Analyzer, Basis, Error, Move, Outcome, ScoredMove, Solution, Unit};
use crate::games::game::Game;
use crate::games::oddball;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::script::{Script, ScriptRules, State};
use crate::games::subtraction::FiniteSet;
use crate::theory::period::Search;
use crate::theory::solver::{
    Graph, Limits, Loopy, Rules, Solved, SolverError, SparseGraph, loopy_values, solve_graph,
};

/// What a move achieves for the player making it, from the solution of the position it leads to.
pub(super) fn scored(play: Move, child: Solved) -> ScoredMove {
    ScoredMove {
        play,
        value: child.value.flipped(),
        remoteness: child.remoteness.map(|r| r + 1),
    }
}

/// The sentence for a solved position.
pub(super) fn verdict(solved: Solved) -> String {
    match (solved.value, solved.remoteness) {
        (Outcome::Win, Some(r)) => format!("the player to move wins in {r} moves at most"),
        (Outcome::Lose, Some(r)) => format!("the player to move loses, holding out for {r} moves"),
        (Outcome::Tie, Some(r)) => format!("best play ties, after {r} moves"),
        _ => "best play never ends: a draw".to_owned(),
    }
}

/// The solution of an explored script position, with its generalised value when one was computed.
fn script_solution(
    game: &Game,
    explored: &Explored,
    argument: &str,
    loopy: Option<Loopy>,
) -> Result<Solution, Error> {
    let Explored {
        rules,
        start,
        graph,
    } = explored;
    let records = solve_graph(graph);
    let solved = records.get(0);
    let named = rules.moves(start).map_err(Error::Rules)?;
    let moves: Vec<ScoredMove> = named
        .into_iter()
        .zip(graph.children_of(0))
        .map(|((description, to), &child)| {
            scored(
                Move::whole(description, to.key),
                records.get(child as usize),
            )
        })
        .collect();
    let grundy = match &loopy {
        Some(Loopy::Nimber(m)) => Some(BigUint::from(*m)),
        _ => None,
    };
    let value_text = loopy
        .as_ref()
        .map(|value| {
            format!(
                "; its generalised Sprague–Grundy value is {}",
                loopy_text(value)
            )
        })
        .unwrap_or_default();
    let reason = format!(
        "explored the {} positions reachable from start({argument}) = {} and solved them by retrograde analysis: {}{value_text}.",
        graph.state_count(),
        start.key,
        verdict(solved)
    );
    let positions = graph.state_count() as u64;
    Ok(Solution {
        grundy,
        loopy,
        ..Solution::from_graph(game, argument.to_owned(), solved, moves, positions, reason)
    })
}

impl Analyzer<'_> {
    /// The contest game, by retrograde analysis of every position with at most `left` balls.
    pub(super) fn solve_oddball(
        &self,
        game: &Game,
        set: &FiniteSet,
        left: &BigUint,
        mine: &BigUint,
        theirs: &BigUint,
    ) -> Result<Solution, Error> {
        let limit = self.max_positions();
        let n = left
            .to_u64()
            .filter(|&n| {
                n.checked_add(1)
                    .and_then(|piles| piles.checked_mul(4))
                    .is_some_and(|positions| positions <= limit)
            })
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
            Error::Refused(format!(
                "{game} is solved over every position with at most {left} balls left, 4 per pile size, which exceeds the limit of {limit} positions; raise it with --max"
            ))
        })?;
        let (mine_odd, theirs_odd) = (mine.bit(0), theirs.bit(0));
        let bytes = oddball::solve_bytes(n as u64).unwrap_or(u64::MAX);
        self.reserve(bytes, || {
            format!("the positions of {game} with at most {n} balls left")
        })?;
        let records =
            oddball::solve_up_to_observed(set, n, self.observer()).ok_or(Error::Interrupted {
                checked_to: 0,
                unit: Unit::Positions,
            })?;
        let solved = records.get(oddball::index(n, mine_odd, theirs_odd));
        let moves: Vec<ScoredMove> = set
            .members()
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| {
                let (l, m, t) = oddball::after(n, mine_odd, theirs_odd, s as usize);
                let play = Move::whole(format!("take {s}"), format!("{l}/{theirs}/{}", mine + s));
                scored(play, records.get(oddball::index(l, m, t)))
            })
            .collect();
        let reason = format!(
            "retrograde analysis of all {} positions with at most {n} balls left (only the parities of the holdings matter): {}. The game is decided by parities, not by the last move, so it has no Grundy value.",
            records.len(),
            verdict(solved)
        );
        let position = if mine == &BigUint::ZERO && theirs == &BigUint::ZERO {
            left.to_string()
        } else {
            format!("{left}/{mine}/{theirs}")
        };
        Ok(Solution::from_graph(
            game,
            position,
            solved,
            moves,
            records.len() as u64,
            reason,
        ))
    }
}

/// A move of a script position: its description, the position it leaves and that position's
/// generalised value.
pub(super) type ValuedMove = (String, Position, Loopy);

/// The explored graph of a script from one position, with its records.
struct Explored {
    rules: ScriptRules,
    start: State,
    graph: SparseGraph<State>,
}

pub(super) fn solver_error(error: SolverError) -> Error {
    match error {
        SolverError::TooManyStates { limit } => Error::Refused(format!(
            "the game has more than {limit} reachable positions, grundy's limit for exploring a game; raise it with --max"
        )),
        SolverError::TooLarge { needed, limit } => Error::OutOfMemory {
            what: "the positions explored so far".to_owned(),
            needed,
            limit,
        },
        SolverError::Interrupted { states } => Error::Interrupted {
            checked_to: states,
            unit: Unit::Positions,
        },
        SolverError::Rules(message) => Error::Rules(message),
    }
}

/// `*m`, or `∞(K)` with the nimbers of `K`.
pub(super) fn loopy_text(value: &Loopy) -> String {
    match value {
        Loopy::Nimber(m) => format!("*{m}"),
        Loopy::Infinite(k) => {
            let k: Vec<String> = k.iter().map(ToString::to_string).collect();
            format!("∞({{{}}})", k.join(", "))
        }
    }
}

impl Analyzer<'_> {
    /// How far an exploration may go: the position limit, and the memory budget.
    pub(super) fn explore_limits(&self) -> Limits {
        Limits {
            states: self.max_positions(),
            bytes: self.budget.memory(),
        }
    }

    /// Explores a script's positions from `start(argument)` with its rules, compiled once by
    /// the caller for the whole query.
    fn explore_script(
        &self,
        mut rules: ScriptRules,
        argument: &str,
        play: Play,
    ) -> Result<Explored, Error> {
        if play == Play::Misere {
            rules = rules.into_misere().map_err(Error::Refused)?;
        }
        let start = rules.start(argument)?;
        let graph = SparseGraph::explore(
            &rules,
            start.clone(),
            self.explore_limits(),
            self.observer(),
        )
        .map_err(solver_error)?;
        Ok(Explored {
            rules,
            start,
            graph,
        })
    }

    /// A scripted game: every reachable position explored and solved by retrograde analysis;
    /// impartial scripts also get their (generalised) Grundy value.
    pub(super) fn solve_script(
        &self,
        game: &Game,
        script: &Script,
        argument: &str,
        play: Play,
    ) -> Result<Solution, Error> {
        let explored = self.explore_script(ScriptRules::compile(script)?, argument, play)?;
        let loopy = (explored.rules.impartial() && play == Play::Normal)
            .then(|| loopy_values(&explored.graph).swap_remove(0));
        script_solution(game, &explored, argument, loopy)
    }

    /// A script component of a sum, compiled and explored once for the whole question: its
    /// solution under normal play, and each move of it with the position it leaves and that
    /// position's generalised value (no moves for a script that is not impartial).
    pub(super) fn script_summand(
        &self,
        game: &Game,
        script: &Script,
        argument: &str,
    ) -> Result<(Solution, Vec<ValuedMove>), Error> {
        let explored =
            self.explore_script(ScriptRules::compile(script)?, argument, Play::Normal)?;
        let values = if explored.rules.impartial() {
            loopy_values(&explored.graph)
        } else {
            Vec::new()
        };
        let named = explored
            .rules
            .moves(&explored.start)
            .map_err(Error::Rules)?;
        let moves = named
            .into_iter()
            .zip(explored.graph.children_of(0))
            .filter_map(|((description, to), &child)| {
                let value = values.get(child as usize)?.clone();
                Some((description, Position::Argument(to.key), value))
            })
            .collect();
        let solution = script_solution(game, &explored, argument, values.into_iter().next())?;
        Ok((solution, moves))
    }

    /// The Grundy values of `start(n)` for `n` in `from..from + rows`, impartial scripts only.
    pub(super) fn script_table(
        &self,
        script: &Script,
        from: &BigUint,
        rows: u64,
    ) -> Result<(Vec<BigUint>, Basis), Error> {
        let rules = ScriptRules::compile(script)?;
        if !rules.impartial() {
            return Err(Error::Refused(format!(
                "{} defines outcome(), so it is not an impartial normal-play game and has no Grundy values; solve positions one by one",
                script.path
            )));
        }
        let roots: Vec<State> = (0..rows)
            .map(|i| rules.start(&(from + i).to_string()))
            .collect::<Result<_, _>>()?;
        let graph = SparseGraph::explore_from(
            &rules,
            roots.clone(),
            self.explore_limits(),
            self.observer(),
        )
        .map_err(solver_error)?;
        let values = loopy_values(&graph);
        let mut out = Vec::with_capacity(roots.len());
        for (i, root) in roots.iter().enumerate() {
            match &values[graph.index_of(root).expect("roots are explored")] {
                Loopy::Nimber(m) => out.push(BigUint::from(*m)),
                infinite @ Loopy::Infinite(_) => {
                    return Err(Error::Refused(format!(
                        "start({}) can be played forever: its generalised value is {}, not a nimber; solve it to see its outcome",
                        from + i,
                        loopy_text(infinite)
                    )));
                }
            }
        }
        Ok((
            out,
            Basis::Search {
                positions: graph.state_count() as u64,
            },
        ))
    }

    /// An observed (never certified) period of `G(start(n))`: a script's rules are opaque, so no
    /// theorem's hypothesis can be checked.
    pub(super) fn script_period(&self, script: &Script) -> Result<Search, Error> {
        let length = self
            .config
            .max_values
            .unwrap_or(1000)
            .min(super::MAX_TABLE_ROWS);
        let (values, _) = self.script_table(script, &BigUint::ZERO, length)?;
        let values: Vec<u32> = values
            .iter()
            .map(|v| v.to_u32().unwrap_or(u32::MAX))
            .collect();
        Ok(super::heap::observed_or_not_found(&values))
    }

    /// The moves of a script position to positions of Grundy value `target`.
    pub(super) fn script_moves_to_value(
        &self,
        script: &Script,
        argument: &str,
        target: &BigUint,
    ) -> Result<Vec<(String, Position)>, Error> {
        let Explored {
            rules,
            start,
            graph,
        } = self.explore_script(ScriptRules::compile(script)?, argument, Play::Normal)?;
        let values = loopy_values(&graph);
        let named = rules.moves(&start).map_err(Error::Rules)?;
        Ok(named
            .into_iter()
            .zip(graph.children_of(0))
            .filter(|&(_, &child)| matches!(values[child as usize], Loopy::Nimber(m) if BigUint::from(m) == *target))
            .map(|((description, to), _)| (description, Position::Argument(to.key)))
            .collect())
    }
}
