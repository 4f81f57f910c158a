//! Games written as scripts: their positions valued through one memo when play always ends,
//! or explored as a graph and solved by retrograde analysis when positions can repeat.

use std::cell::RefCell;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::codegen::{Decider, Kernel, KernelError, NoProgram};
use super::general::{ValuedMove, loopy_text, scored, solver_error};
use super::judge::{HeapMove, ListedMove, Verdict};
use super::{Action, Analyzer, Basis, Error, Move, Outcome, Remedy, Solution};
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::script::{Script, ScriptRules, State};
use crate::input::judge_format::OutputFormat;
use crate::theory::period::Search;
use crate::theory::solver::{
    Loopy, Memo, MemoError, Records, Rules, Solved, SparseGraph, loopy_values, solve_graph,
};

/// A script compiled for one question, and the memo every position it asks about is valued
/// through: a judge's cases share one search.
pub(super) struct ScriptCases {
    rules: ScriptRules,
    /// Whether Grundy values are asked for (an impartial script under normal play).
    values: bool,
    memo: RefCell<Memo<State>>,
}

impl super::judge::CaseSolver for ScriptCases {
    /// `start(argument)` through the memo of every case; a position that is not a script's
    /// argument is solved as any other.
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        position: &Position,
    ) -> Result<Solution, Error> {
        match position {
            Position::Argument(_) | Position::State(_) => {
                analyzer.script_case(self, game, position)
            }
            other => analyzer.solve_unsettled(game, other),
        }
    }

    /// Heaps side by side: `start(h)` of each heap valued through the memo of every case,
    /// their xor deciding (normal play; a misère sum is not decided by xor, and is refused).
    fn heaps_verdict(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        heaps: &[BigUint],
        output: &OutputFormat,
    ) -> Option<Result<Verdict, Error>> {
        Some(analyzer.script_heaps_verdict(self, game, heaps, output))
    }
}

/// What a row of an explanation's table lists under a position: the components of a sum, or
/// the moves (asked of the script once, for the walk and the row alike).
enum Children {
    Parts(Vec<State>),
    Moves(Vec<(String, State)>),
}

impl Children {
    /// `state`'s components where sums are `splits` and the script splits it, else its moves.
    fn of(rules: &ScriptRules, splits: bool, state: &State) -> Result<Self, Error> {
        let mut parts = Vec::new();
        if splits && rules.components(state, &mut parts).map_err(Error::Rules)? {
            return Ok(Self::Parts(parts));
        }
        Ok(Self::Moves(rules.moves(state).map_err(Error::Rules)?))
    }

    /// The positions listed, in order.
    fn states(&self) -> Box<dyn DoubleEndedIterator<Item = &State> + '_> {
        match self {
            Self::Parts(parts) => Box::new(parts.iter()),
            Self::Moves(moves) => Box::new(moves.iter().map(|(_, to)| to)),
        }
    }
}

/// The largest number `verify --against` writes in a script's test inputs: each is searched.
const SCRIPT_TEST_LARGEST: u64 = 1000;

/// The most rows of an explanation's table of script positions.
pub const EXPLAIN_POSITION_ROWS: u64 = 24;

/// A move of a root: its label, the position it leaves, that position's solution and (when
/// computed) its generalised Grundy value.
type RootMove = (String, State, Solved, Option<Loopy>);

/// A script's positions, valued.
enum Valued<'m> {
    /// Play always ends: one record per position, with its Grundy value, in the question's memo.
    Memo(&'m mut Memo<State>),
    /// Positions can repeat: the explored graph, its records, and (when asked for) Smith's
    /// generalised values.
    Graph {
        graph: Box<SparseGraph<State>>,
        records: Records,
        loopy: Vec<Loopy>,
    },
}

impl Valued<'_> {
    /// Whether sums were valued by their components (the memo), not as whole positions.
    fn splits(&self) -> bool {
        matches!(self, Self::Memo(_))
    }

    /// How many positions were valued.
    fn positions(&self) -> u64 {
        match self {
            Self::Memo(memo) => memo.len() as u64,
            Self::Graph { graph, .. } => graph.states.len() as u64,
        }
    }

    /// The solution of `state`, a root or a position one move from a root, and its generalised
    /// Grundy value when values were asked for: a position the memo has not valued yet (one
    /// move from a root that is a sum of components) is valued now, through the same memo.
    fn entry(
        &mut self,
        analyzer: &Analyzer<'_>,
        rules: &ScriptRules,
        state: &State,
    ) -> Result<(Solved, Option<Loopy>), Error> {
        match self {
            Self::Memo(memo) => {
                let entry = memo
                    .solve(rules, state.clone(), analyzer.observer())
                    .map_err(|error| match error {
                        MemoError::Stopped(error) => solver_error(error),
                        MemoError::Cycle => Error::Internal(format!(
                            "the script's position {state} was reached from itself after the search from its root found no cycle"
                        )),
                    })?;
                Ok((entry.solved, Some(Loopy::Nimber(entry.nimber))))
            }
            Self::Graph {
                graph,
                records,
                loopy,
            } => {
                let index = graph.index_of(state).ok_or_else(|| {
                    Error::Internal(format!("the script's position {state} was not explored"))
                })?;
                Ok((records.get(index), loopy.get(index).cloned()))
            }
        }
    }
}

impl Analyzer<'_> {
    /// Values every position reachable from `roots` with `rules` (compiled by the caller once for
    /// the whole question): through one memo, or — when a position can repeat — as an explored
    /// graph, with Smith's generalised values when `values` asks for them.
    fn value_script<'m>(
        &self,
        rules: &ScriptRules,
        memo: &'m mut Memo<State>,
        roots: &[State],
        values: bool,
    ) -> Result<Valued<'m>, Error> {
        let mut cycle = false;
        for root in roots {
            match memo.solve(rules, root.clone(), self.observer()) {
                Ok(_) => {}
                Err(MemoError::Cycle) => {
                    cycle = true;
                    break;
                }
                Err(MemoError::Stopped(error)) => return Err(solver_error(error)),
            }
        }
        if !cycle {
            return Ok(Valued::Memo(memo));
        }
        let graph = SparseGraph::explore_from(
            rules,
            roots.to_vec(),
            self.explore_limits(),
            self.observer(),
        )
        .map_err(solver_error)?;
        let records = solve_graph(&graph);
        let loopy = if values {
            loopy_values(&graph)
        } else {
            Vec::new()
        };
        Ok(Valued::Graph {
            graph: Box::new(graph),
            records,
            loopy,
        })
    }

    /// A scripted game: every reachable position valued (win, lose, tie or draw, with
    /// remoteness); impartial scripts under normal play also get their (generalised) Grundy
    /// value.
    pub(super) fn solve_script(
        &self,
        game: &Game,
        script: &Script,
        position: &Position,
        play: Play,
    ) -> Result<Solution, Error> {
        let cases = self.script_cases(script, play)?;
        self.script_case(&cases, game, position)
    }

    /// A script compiled for `play`, with an empty memo, for the positions of one question.
    pub(super) fn script_cases(&self, script: &Script, play: Play) -> Result<ScriptCases, Error> {
        let mut rules = self.compile_script(
            script,
            &crate::games::script::Spending::until(self.budget.deadline()),
        )?;
        if play == Play::Misere {
            rules = rules.into_misere().map_err(Error::refused)?;
        }
        Ok(ScriptCases {
            values: rules.impartial() && play == Play::Normal,
            rules,
            memo: RefCell::new(Memo::new(self.explore_limits())),
        })
    }

    /// The solution of `position` (`start(argument)`, or a position a move left), valued
    /// through the memo of `cases` (a position that can repeat is explored as a graph, for this
    /// position alone).
    pub(super) fn script_case(
        &self,
        cases: &ScriptCases,
        game: &Game,
        position: &Position,
    ) -> Result<Solution, Error> {
        let ScriptCases {
            rules,
            values,
            memo,
        } = cases;
        let start = rules.position(position)?;
        let mut memo = memo.borrow_mut();
        let mut valued =
            self.value_script(rules, &mut memo, std::slice::from_ref(&start), *values)?;
        let named = rules.moves(&start).map_err(Error::Rules)?;
        let moves = self.valued_moves(&mut valued, rules, named)?;
        let (solved, loopy) = valued.entry(self, rules, &start)?;
        let loopy = loopy.filter(|_| *values);
        Ok(script_solution(
            game, &valued, &start, position, solved, moves, loopy,
        ))
    }

    /// Each move of a root with the solution and (when computed) the generalised Grundy value
    /// of the position it leaves.
    fn valued_moves(
        &self,
        valued: &mut Valued,
        rules: &ScriptRules,
        named: Vec<(String, State)>,
    ) -> Result<Vec<RootMove>, Error> {
        named
            .into_iter()
            .map(|(label, to)| {
                let (solved, loopy) = valued.entry(self, rules, &to)?;
                Ok((label, to, solved, loopy))
            })
            .collect()
    }

    /// A script component of a sum under normal play, valued once for the whole question with
    /// `rules` (compiled once for it): its solution, and each of its moves with the generalised
    /// value of the position it leaves (none for a script that is not impartial), from which the
    /// sum's winning moves are read.
    pub(super) fn script_summand(
        &self,
        game: &Game,
        rules: &ScriptRules,
        position: &Position,
    ) -> Result<(Solution, Vec<ValuedMove>), Error> {
        let start = rules.position(position)?;
        let values = rules.impartial();
        let mut memo = Memo::new(self.explore_limits());
        let mut valued =
            self.value_script(rules, &mut memo, std::slice::from_ref(&start), values)?;
        let named = rules.moves(&start).map_err(Error::Rules)?;
        let moves = self.valued_moves(&mut valued, rules, named)?;
        let summand = if values {
            moves
                .iter()
                .filter_map(|(label, to, _, loopy)| {
                    let action = Action::Labelled {
                        label: label.clone(),
                    };
                    Some((action, Position::State(to.key()), loopy.clone()?))
                })
                .collect()
        } else {
            Vec::new()
        };
        let (solved, loopy) = valued.entry(self, rules, &start)?;
        let loopy = loopy.filter(|_| values);
        let solution = script_solution(game, &valued, &start, position, solved, moves, loopy);
        Ok((solution, summand))
    }

    /// The Grundy values of `start(n)` for `n` in `from..from + rows`, impartial scripts only,
    /// valued through one memo.
    pub(super) fn script_table(
        &self,
        script: &Script,
        from: &BigUint,
        rows: u64,
    ) -> Result<(Vec<BigUint>, Basis), Error> {
        let arguments: Vec<String> = (0..rows).map(|i| (from + i).to_string()).collect();
        let (values, positions) = self.script_values(script, &arguments)?;
        let basis = Basis::Search {
            positions,
            start: None,
        };
        Ok((values.into_iter().map(BigUint::from).collect(), basis))
    }

    /// The Grundy values `G(a, b)` of `start(a, b)` for `a, b ≤ to`, `values[a][b]`, valued
    /// through one memo.
    pub(super) fn script_grid(&self, script: &Script, to: usize) -> Result<Vec<Vec<u32>>, Error> {
        let side = to.saturating_add(1);
        let arguments: Vec<String> = (0..side)
            .flat_map(|a| (0..side).map(move |b| format!("{a} {b}")))
            .collect();
        let (values, _) = self.script_values(script, &arguments)?;
        Ok(values.chunks(side).map(<[u32]>::to_vec).collect())
    }

    /// The Grundy value of `start(argument)` for each argument, impartial scripts only, valued
    /// through one memo; and how many positions were valued.
    fn script_values(
        &self,
        script: &Script,
        arguments: &[String],
    ) -> Result<(Vec<u32>, u64), Error> {
        let rules = self.compile_script(
            script,
            &crate::games::script::Spending::until(self.budget.deadline()),
        )?;
        if !rules.impartial() {
            return Err(Error::refused_unless(
                format!(
                    "{} defines outcome(), so it is not an impartial normal-play game and has no Grundy values",
                    script.path
                ),
                Remedy::SolvePositions,
            ));
        }
        let roots: Vec<State> = arguments
            .iter()
            .map(|argument| rules.start(argument))
            .collect::<Result<_, _>>()?;
        let mut memo = Memo::new(self.explore_limits());
        let mut valued = self.value_script(&rules, &mut memo, &roots, true)?;
        let mut out = Vec::with_capacity(roots.len());
        for (argument, root) in arguments.iter().zip(&roots) {
            match valued.entry(self, &rules, root)?.1 {
                Some(Loopy::Nimber(m)) => out.push(m),
                infinite => {
                    let infinite = infinite.ok_or_else(|| {
                        Error::Internal("a table's values were not computed".to_owned())
                    })?;
                    return Err(Error::refused_unless(
                        format!(
                            "start({argument}) can be played forever: its generalised value is {}, not a nimber",
                            loopy_text(&infinite)
                        ),
                        Remedy::SolvePositions,
                    ));
                }
            }
        }
        Ok((out, valued.positions()))
    }

    /// The verdict of heaps of a one-number script side by side, each `start(h)` valued
    /// through the memo of `cases`: the xor of their Grundy values decides, and a heap's
    /// winning moves are its moves to the value that makes the xor 0.
    fn script_heaps_verdict(
        &self,
        cases: &ScriptCases,
        game: &Game,
        heaps: &[BigUint],
        output: &OutputFormat,
    ) -> Result<Verdict, Error> {
        let ScriptCases {
            rules,
            values,
            memo,
        } = cases;
        if !*values {
            return Err(Error::refused(format!(
                "{game}: a case of several heaps is a sum, decided by the xor of the heaps' Grundy values only for an impartial script under normal play; give each position on a line of its own (a line layout)"
            )));
        }
        let starts: Vec<State> = heaps
            .iter()
            .map(|heap| rules.start(&heap.to_string()))
            .collect::<Result<_, _>>()?;
        let mut memo = memo.borrow_mut();
        let mut valued = self.value_script(rules, &mut memo, &starts, true)?;
        let nimber = |valued: &mut Valued, state: &State| -> Result<u32, Error> {
            match valued.entry(self, rules, state)?.1 {
                Some(Loopy::Nimber(m)) => Ok(m),
                other => Err(Error::refused(format!(
                    "{game}: the position {state} can be played forever (its value is {}), so a sum with it is not decided by xor",
                    other
                        .as_ref()
                        .map_or_else(|| "unknown".to_owned(), loopy_text)
                ))),
            }
        };
        let mut heap_values = Vec::with_capacity(starts.len());
        for start in &starts {
            heap_values.push(nimber(&mut valued, start)?);
        }
        let total = heap_values.iter().fold(0, |x, v| x ^ v);
        let outcome = if total == 0 {
            Outcome::Lose
        } else {
            Outcome::Win
        };
        if !output.needs_moves() {
            return Ok(Verdict {
                outcome,
                winning_moves: None,
                listed: Vec::new(),
            });
        }
        let lists = matches!(output, OutputFormat::Moves(_));
        let (mut count, mut heap_moves) = (0u64, Vec::new());
        for (index, ((heap, start), value)) in
            heaps.iter().zip(&starts).zip(&heap_values).enumerate()
        {
            // An option of any value may be the one (values above the heap's own exist too).
            let target = value ^ total;
            if total == 0 {
                continue;
            }
            for (_, to) in rules.moves(start).map_err(Error::Rules)? {
                // An option of value ∞(K) never wins beside nimbers: the sum is then a win for
                // the player to move or a draw.
                match valued.entry(self, rules, &to)?.1 {
                    Some(Loopy::Nimber(m)) if m == target => {}
                    _ => continue,
                }
                count += 1;
                if lists {
                    // The heap a move leaves is a number only where start(h) is h itself.
                    let heap_is_state = i64::try_from(heap)
                        .is_ok_and(|h| *start.value() == crate::games::script::Value::Int(h));
                    let left = match to.value() {
                        _ if !heap_is_state => None,
                        crate::games::script::Value::Int(n) => u64::try_from(*n).ok(),
                        _ => None,
                    };
                    let Some(left) = left else {
                        return Err(Error::refused(format!(
                            "{game}: the moves output lists the heap a move leaves, and a move from start({heap}) leaves {to}, not a heap"
                        )));
                    };
                    heap_moves.push(ListedMove::Heap(HeapMove {
                        heap: index,
                        from: heap.clone(),
                        to: BigUint::from(left),
                    }));
                }
            }
        }
        Ok(Verdict {
            outcome,
            winning_moves: Some(BigUint::from(count)),
            listed: heap_moves,
        })
    }

    /// Every move of a script's position with the value of the position it leaves, all valued
    /// through one memo (remoteness included, except through a sum of components).
    ///
    /// # Complexity
    /// The search of [`solve`](Analyzer::solve) from `position`.
    ///
    /// # Errors
    /// As [`solve`](Analyzer::solve); [`Error::Refused`] for more than
    /// [`MAX_PLAY_MOVES`](super::play::MAX_PLAY_MOVES) moves.
    pub(super) fn script_options(
        &self,
        script: &Script,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Result<super::play::Options, Error> {
        use super::play::{Choice, MAX_PLAY_MOVES, Options, PlayBasis};
        let cases = self.script_cases(script, play)?;
        let ScriptCases {
            rules,
            values,
            memo,
        } = &cases;
        let start = rules.position(position)?;
        let named = rules.moves(&start).map_err(Error::Rules)?;
        if named.len() as u64 > MAX_PLAY_MOVES {
            return Err(Error::refused_unless(
                format!(
                    "{game}[{position}] has too many legal moves to play: {}, and a game lists at most {MAX_PLAY_MOVES} (each with the value of the position it leaves)",
                    named.len()
                ),
                Remedy::FewerMoves {
                    most: MAX_PLAY_MOVES,
                },
            ));
        }
        let mut memo = memo.borrow_mut();
        let mut valued =
            self.value_script(rules, &mut memo, std::slice::from_ref(&start), *values)?;
        let value = |loopy: Option<Loopy>| match loopy {
            Some(Loopy::Nimber(m)) if *values => Some(BigUint::from(m)),
            _ => None,
        };
        let mut moves = Vec::with_capacity(named.len());
        for (label, to, solved, loopy) in self.valued_moves(&mut valued, rules, named)? {
            let left = Position::State(to.key());
            moves.push(Choice {
                play: Move::whole(Action::Labelled { label }, left.clone()),
                position: left,
                outcome: solved.value,
                value: value(loopy),
                remoteness: solved.remoteness,
            });
        }
        let (solved, loopy) = valued.entry(self, rules, &start)?;
        Ok(Options {
            game: game.clone(),
            position: position.clone(),
            outcome: solved.value,
            value: value(loopy),
            remoteness: solved.remoteness,
            moves,
            basis: PlayBasis::Searched {
                positions: valued.positions(),
            },
        })
    }

    /// The table of an explanation: the positions valued from `start(argument)`, each with its
    /// options (or, for a sum, its components) and their values, in the order a depth-first
    /// search values them — the options of a position above it —, at most
    /// [`EXPLAIN_POSITION_ROWS`] of them, the position asked about last.
    ///
    /// # Complexity
    /// The search of [`solve`](Analyzer::solve), then `O(R · m)` calls of the script for the `R`
    /// rows walked and their `m` moves; the walk to the first row follows one line of play to
    /// its end, so it costs at most the search's own positions.
    ///
    /// # Errors
    /// As [`solve`](Analyzer::solve) for a script.
    pub(super) fn script_positions(
        &self,
        script: &Script,
        play: Play,
        position: &Position,
    ) -> Result<super::explain::PositionTable, Error> {
        use super::explain::{PositionRow, PositionTable};
        let cases = self.script_cases(script, play)?;
        let ScriptCases {
            rules,
            values,
            memo,
        } = &cases;
        let start = rules.position(position)?;
        let mut memo = memo.borrow_mut();
        let mut valued =
            self.value_script(rules, &mut memo, std::slice::from_ref(&start), *values)?;
        let limit = usize::try_from(EXPLAIN_POSITION_ROWS).unwrap_or(usize::MAX);
        // Depth first, a position's row written once all its options' rows are (or once they
        // are being written, where positions repeat).
        let mut seen: std::collections::HashSet<State> = std::collections::HashSet::new();
        let mut pending: Vec<(State, Option<Children>)> = vec![(start.clone(), None)];
        let mut rows: Vec<PositionRow> = Vec::new();
        let splits = *values && valued.splits();
        while let Some((state, children)) = pending.pop() {
            if rows.len() + 1 >= limit {
                break;
            }
            // Expanded: its options' rows are written; its own, from the options listed then.
            if let Some(children) = children {
                rows.push(self.position_row(&mut valued, rules, *values, &state, children)?);
                continue;
            }
            if !seen.insert(state.clone()) {
                continue;
            }
            let children = Children::of(rules, splits, &state)?;
            let next: Vec<(State, Option<Children>)> = children
                .states()
                .rev()
                .filter(|to| !seen.contains(*to))
                .map(|to| (to.clone(), None))
                .collect();
            pending.push((state, Some(children)));
            pending.extend(next);
        }
        if rows.last().is_none_or(|row| row.position != start.key()) {
            let children = Children::of(rules, splits, &start)?;
            rows.push(self.position_row(&mut valued, rules, *values, &start, children)?);
        }
        Ok(PositionTable {
            rows,
            valued: valued.positions(),
            nimbers: *values,
        })
    }

    /// The row of `state`: its components or its moves (`children`), each valued, and its own
    /// value.
    fn position_row(
        &self,
        valued: &mut Valued,
        rules: &ScriptRules,
        values: bool,
        state: &State,
        children: Children,
    ) -> Result<super::explain::PositionRow, Error> {
        use super::explain::{PositionOption, PositionRow, PositionValue};
        let mut value_of = |state: &State| -> Result<PositionValue, Error> {
            let (solved, loopy) = valued.entry(self, rules, state)?;
            Ok(match loopy {
                Some(Loopy::Nimber(m)) if values => PositionValue::Nimber(m),
                Some(Loopy::Infinite(k)) if values => PositionValue::Infinite(k),
                _ => PositionValue::Outcome(solved.value),
            })
        };
        let (parts, options) = match children {
            Children::Parts(parts) => {
                let parts = parts
                    .iter()
                    .map(|part| Ok((part.key(), value_of(part)?)))
                    .collect::<Result<Vec<_>, Error>>()?;
                (parts, Vec::new())
            }
            Children::Moves(moves) => {
                let options = moves
                    .into_iter()
                    .map(|(label, to)| {
                        let to_text = to.key();
                        Ok(PositionOption {
                            label: (label != format!("to {to_text}")).then_some(label),
                            to: to_text,
                            value: value_of(&to)?,
                        })
                    })
                    .collect::<Result<Vec<_>, Error>>()?;
                (Vec::new(), options)
            }
        };
        Ok(PositionRow {
            position: state.key(),
            parts,
            options,
            value: value_of(state)?,
        })
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
}

/// The solution of a valued script position `start`, `solved` with its moves (in the script's
/// order, each with the solution of the position it leaves) and its generalised value when one
/// was computed.
fn script_solution(
    game: &Game,
    valued: &Valued,
    start: &State,
    position: &Position,
    solved: Solved,
    moves: Vec<RootMove>,
    loopy: Option<Loopy>,
) -> Solution {
    let moves = moves
        .into_iter()
        .map(|(label, to, solved, _)| {
            let play = Move::whole(Action::Labelled { label }, Position::State(to.key()));
            scored(play, solved)
        })
        .collect();
    let grundy = match &loopy {
        Some(Loopy::Nimber(m)) => Some(BigUint::from(*m)),
        _ => None,
    };
    let position = position.clone();
    Solution {
        grundy,
        loopy,
        ..Solution::from_graph(
            game,
            position,
            solved,
            moves,
            valued.positions(),
            Some(start.key()),
        )
    }
}

/// A script answers by valuing what its rules reach from `start`.
pub(super) struct ScriptAnswers<'a>(pub(super) &'a Script);

impl super::family::Answers for ScriptAnswers<'_> {
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        let (Position::Argument(_) | Position::State(_)) = position else {
            return None;
        };
        Some(analyzer.solve_script(game, self.0, position, play))
    }

    fn table(
        &self,
        analyzer: &Analyzer<'_>,
        _: &Game,
        play: Play,
        (from, _, rows): (&BigUint, &BigUint, u64),
    ) -> Option<Result<super::family::TableAnswer, Error>> {
        (play == Play::Normal).then(|| {
            analyzer
                .script_table(self.0, from, rows)
                .map(|(values, basis)| super::family::TableAnswer::Values(values, basis))
        })
    }

    fn period(
        &self,
        analyzer: &Analyzer<'_>,
        _: &Game,
        play: Play,
    ) -> Option<Result<super::family::PeriodAnswer, Error>> {
        (play == Play::Normal).then(|| {
            analyzer
                .script_period(self.0)
                .map(super::family::PeriodAnswer::search)
        })
    }

    fn options(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<super::play::Options, Error>> {
        Some(analyzer.script_options(self.0, game, play, position))
    }

    fn grid(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        to: usize,
    ) -> Option<Result<Vec<Vec<u32>>, Error>> {
        Some(if play == Play::Normal {
            analyzer.script_grid(self.0, to)
        } else {
            Err(Error::refused(format!(
                "{game}: grundy tables scripted games under normal play only"
            )))
        })
    }

    fn uncertifiable(&self, _: Play, _: &Search) -> Option<super::Uncertifiable> {
        Some(super::Uncertifiable::Script)
    }

    fn state(&self) -> super::explain::State {
        super::explain::State::Script
    }

    /// The table of the positions valued for the position asked about; without a position, only
    /// the rule (a script has no heap of size `n` to tabulate).
    fn explain(
        &self,
        analyzer: &Analyzer<'_>,
        _: &Game,
        play: Play,
        position: Option<&Position>,
    ) -> Option<Result<super::family::Explained, Error>> {
        let position @ (Position::Argument(_) | Position::State(_)) = position? else {
            return None;
        };
        Some(
            analyzer
                .script_positions(self.0, play, position)
                .map(|table| {
                    let steps = vec![
                        super::explain::Step::Positions(table),
                        super::explain::Step::Rule(super::explain::Rule::Graph),
                    ];
                    (steps, None)
                }),
        )
    }

    /// The values of `start(0)`, …, `start(N)` written into the program, where the script's
    /// positions are numbered by one number and valued within the limits (no draws), and not
    /// all alike (a numbering that misses the game's positions, as `start(n)` of a script whose
    /// positions are strings, values them all 0).
    fn decider(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Result<Decider, KernelError> {
        match analyzer.table_kernel(game, None) {
            Ok(Kernel::Table(table)) if table.values.windows(2).all(|pair| pair[0] == pair[1]) => {
                Err(KernelError::No(NoProgram::NoRule {
                    without: Box::new(NoProgram::Script),
                    observed: false,
                    values: false,
                    constant: true,
                }))
            }
            Ok(kernel) => Ok(match play {
                Play::Normal => Decider::Grundy(kernel),
                Play::Misere => Decider::MisereHeap(kernel),
            }),
            Err(KernelError::Analysis(error)) if error.is_stop() => {
                Err(KernelError::Analysis(error))
            }
            Err(_) => Err(KernelError::No(NoProgram::Script)),
        }
    }

    /// Every case through one memo: a position valued for one case is known to the next.
    fn oracle(
        &self,
        analyzer: &Analyzer<'_>,
        _: &Game,
        play: Play,
        _: &BigUint,
    ) -> Result<super::judge::Oracle, Error> {
        Ok(super::judge::Oracle::Cases(Box::new(
            analyzer.script_cases(self.0, play)?,
        )))
    }

    /// The compiled engine and the memo against rhai's interpreter and the whole graph.
    fn verify(&self, run: &mut super::verify::Run<'_, '_>, _: &Game) -> Result<(), Error> {
        run.script(self.0)
    }

    fn has_period(&self) -> bool {
        true
    }

    /// A test case is `start(n)` of a script that takes one number (two numbers have no
    /// cases written for them).
    fn test_case(&self) -> super::judge::CaseKind {
        if self.0.starts_with_two_numbers() {
            super::judge::CaseKind::OneHeap
        } else {
            super::judge::CaseKind::Fresh
        }
    }

    /// Its answers come from searching: small numbers only.
    fn test_heaps(&self, _: &Analyzer<'_>, _: &Game) -> Result<super::judge::TestHeaps, Error> {
        Ok(super::judge::TestHeaps {
            most: Some(SCRIPT_TEST_LARGEST),
            ..super::judge::TestHeaps::default()
        })
    }

    fn no_table(&self, play: Play) -> Option<&'static str> {
        (play == Play::Misere).then_some(
            "grundy tables scripted games under normal play only, so it has no strip of their misère values",
        )
    }

    fn not_per_heap(&self) -> Option<&'static str> {
        Some(
            "its script defines a whole position, and nothing says that two of them side by side are played as a sum",
        )
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use crate::analysis::{Action, Analyzer, Config};
    use crate::games::game::Game;
    use crate::games::position::Position;
    use crate::games::script::compilations;
    use crate::input::spec::parse_game_with_loader;

    /// Take 1 or 2 tokens, positions `[tokens, 0]`; whoever cannot move loses.
    const TAKE: &str = "fn start(n) { [n, 0] } fn moves(s) { let out = []; for t in [1, 2] { if t <= s[0] { out.push(#{ move: `take ${t}`, to: [s[0] - t, 0] }); } } out }";

    fn game(spec: &str) -> Game {
        parse_game_with_loader(spec, &|_| Ok(TAKE.to_owned())).unwrap()
    }

    /// How many scripts `question` compiles.
    fn compiled_by(question: impl FnOnce()) -> u64 {
        let before = compilations();
        question();
        compilations() - before
    }

    #[test]
    fn each_question_compiles_its_scripts_once() {
        let analyzer = Analyzer::new(Config::default());
        let alone = game("script:take.rhai");
        let position = alone.parse_position("7").unwrap();
        let count = compiled_by(|| drop(analyzer.solve(&alone, &position).unwrap()));
        assert_eq!(count, 1, "solving a script position");
        let misere = game("misere:script:take.rhai");
        let count = compiled_by(|| drop(analyzer.solve(&misere, &position).unwrap()));
        assert_eq!(count, 1, "solving a misère script position");
        let (from, to) = (BigUint::ZERO, BigUint::from(20u32));
        let count = compiled_by(|| drop(analyzer.table(&alone, &from, &to).unwrap()));
        assert_eq!(count, 1, "a script's table");
        let count = compiled_by(|| drop(analyzer.period(&alone).unwrap()));
        assert_eq!(count, 1, "a script's period");
        // G(5) = 2 and nim[1] = 1: the sum wins only by taking 1 in the script, to 4 of value 1.
        let sum = game("script:take.rhai[5] + nim[1]");
        let count = compiled_by(|| {
            let solution = analyzer.solve(&sum, &Position::Sum).unwrap();
            assert_eq!(solution.grundy, Some(BigUint::from(3u32)));
            let [winning] = solution.winning_moves.as_slice() else {
                panic!("one winning move: {solution:?}");
            };
            assert_eq!(winning.component, Some(0));
            assert_eq!(
                winning.action,
                Action::Labelled {
                    label: "take 1".to_owned()
                }
            );
        });
        assert_eq!(
            count, 1,
            "a sum with a script component, with its winning moves"
        );
        let twice = game("script:take.rhai[7] + script:take.rhai[5] + nim[1]");
        let count = compiled_by(|| drop(analyzer.solve(&twice, &Position::Sum).unwrap()));
        assert_eq!(count, 1, "a sum with the same script twice");
    }

    /// A row of `+` and `-`; a move turns `++` into `--`; a row is the sum of its runs of `+`.
    const ROW: &str = r#"
        fn start(row) { `${row}` }
        fn moves(row) {
            let out = [];
            for i in 0..row.len() - 1 {
                if row.sub_string(i, 2) == "++" {
                    out.push(row.sub_string(0, i) + "--" + row.sub_string(i + 2, row.len() - i - 2));
                }
            }
            out
        }
        fn components(row) {
            let runs = [];
            for run in row.split("-") { if run.len() >= 2 { runs.push(run); } }
            if runs.len() == 1 && runs[0] == row { return [row]; }
            runs
        }
    "#;

    fn with(source: &'static str, spec: &str) -> Game {
        parse_game_with_loader(spec, &move |_| Ok(source.to_owned())).unwrap()
    }

    #[test]
    fn a_row_is_valued_as_the_sum_of_its_runs() {
        // Independently: a run of n is the heap of Dawson's-Kayles-like 0.07 — a move leaves
        // runs a and b with a + b = n - 2 — whose values are the mex of G(a) xor G(b).
        let mut run = [0u32; 40];
        for n in 2..40 {
            let options: Vec<u32> = (0..=n - 2).map(|a| run[a] ^ run[n - 2 - a]).collect();
            run[n] = (0..).find(|v| !options.contains(v)).unwrap();
        }
        let analyzer = Analyzer::new(Config::default());
        let game = with(ROW, "script:row.rhai");
        let mut seed = 7u64;
        for _ in 0..40 {
            let row: String = (0..30)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    if (seed >> 33).is_multiple_of(5) {
                        '-'
                    } else {
                        '+'
                    }
                })
                .collect();
            let expected = row.split('-').fold(0, |sum, part| sum ^ run[part.len()]);
            let position = game.parse_position(&row).unwrap();
            let solution = analyzer.solve(&game, &position).unwrap();
            assert_eq!(solution.grundy, Some(BigUint::from(expected)), "{row}");
            // Every winning move leaves a position of value 0.
            for winning in &solution.winning_moves {
                let crate::games::moves::Target::Whole(Position::State(left)) = &winning.to else {
                    panic!("{winning:?}");
                };
                let left = left.trim_matches('"');
                assert_eq!(
                    left.split('-').fold(0, |sum, p| sum ^ run[p.len()]),
                    0,
                    "{row} → {left}"
                );
            }
        }
    }

    #[test]
    fn components_are_refused_where_they_do_not_apply() {
        let analyzer = Analyzer::new(Config::default());
        let both = "fn start(n) { n } fn moves(n) { [] } fn outcome(n) { \"tie\" } fn components(n) { [n] }";
        // Refused when the spec is read, pointing at the script.
        let error =
            parse_game_with_loader("script:both.rhai", &|_| Ok(both.to_owned())).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("both outcome() and components()"),
            "{error}"
        );
        let itself = "fn start(n) { n } fn moves(n) { if n > 0 { [n - 1] } else { [] } } fn components(n) { if n > 2 { [n, 1] } else { [n] } }";
        let game = with(itself, "script:itself.rhai");
        let error = analyzer
            .solve(&game, &game.parse_position("5").unwrap())
            .unwrap_err();
        assert!(
            error
                .to_string()
                .contains("the position itself among others"),
            "{error}"
        );
        // Misère play does not split rows (a misère sum is not played by xor): the whole row
        // is searched. In "++-++" each run allows one move, so the second player makes the
        // last move and loses.
        let misere = with(ROW, "misere:script:row.rhai");
        let solution = analyzer
            .solve(&misere, &misere.parse_position("++-++").unwrap())
            .unwrap();
        assert_eq!(solution.outcome, crate::analysis::Outcome::Win);
    }
}
