//! Answering a judge's input: a [`Verdict`] for every [`Case`], each game's values computed once
//! for the whole input (one period search, one table up to the largest heap), and test inputs
//! for a judge format ([`Analyzer::test_inputs`]), deterministic from a seed.
//!
//! Verdicts are the answers `solve` gives: the same outcome for every case (the fast paths here —
//! Bouton, Wythoff's pairs, one evaluation per one-heap game — are tested against `solve`).

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::evaluate::Evaluation;
use super::{Action, Analyzer, Error, Outcome, Part, Solution, Target, Unit};
use crate::games::game::Game;
use crate::games::oddball;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset};
use crate::games::subtraction::FiniteSet;
use crate::games::{nim, wythoff};
use crate::input::judge_format::{Bounds, Case, CasePosition, OutputFormat};
use crate::theory::solver::Records;

/// A judge's answer for one case: who wins, and the winning moves when the output needs them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// What the first player (the player to move) achieves.
    pub outcome: Outcome,
    /// How many winning moves the first player has, for outputs that need it
    /// ([`OutputFormat::needs_moves`]); `None` otherwise.
    pub winning_moves: Option<BigUint>,
    /// Every winning move as the `moves` output writes it (empty for the other outputs).
    pub listed: Vec<ListedMove>,
}

/// A winning move as the `moves` output writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListedMove {
    /// One heap changed: its size before and after (`from to`).
    Heap(HeapMove),
    /// The two heaps a move of a two-heap game leaves, the smaller first (`x y`): Wythoff's game.
    Pair(BigUint, BigUint),
}

/// A winning move that changes one heap: from `from` tokens to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// Which heap, from 0, in input order.
    pub heap: usize,
    /// Its size before the move.
    pub from: BigUint,
    /// Its size after the move.
    pub to: BigUint,
}

/// How the cases of one game are answered.
pub(super) enum Oracle {
    /// Nim or misère Nim: Bouton's rules.
    Nim(Play),
    /// Wythoff's game (normal play): Wythoff's pairs.
    Wythoff,
    /// A one-heap game whose values are known up to the largest heap of the input (or for all
    /// heaps): `takes` the subtraction game whose rules give its moves (`None` for
    /// take-and-break codes, whose moves split heaps).
    OneHeap {
        evaluation: Evaluation,
        takes: Option<Game>,
        play: Play,
    },
    /// The contest game, every position up to the largest pile solved.
    Oddball(Records),
    /// A family that answers each case itself, with what it keeps between cases (a compiled
    /// script and its memo).
    Cases(Box<dyn CaseSolver>),
    /// Anything else: `solve`, case by case.
    Solve,
}

/// What answers the cases of one game of a judge's input, one at a time, keeping what it
/// learns between them.
pub(super) trait CaseSolver {
    /// The solution of `position`, a position of `game`.
    ///
    /// # Errors
    /// As `solve`.
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        position: &Position,
    ) -> Result<Solution, Error>;

    /// The verdict of a case of several heaps of `game` played side by side (a sum), when the
    /// solver answers it itself; `None` to solve the case as any other.
    ///
    /// # Errors
    /// As `solve`.
    fn heaps_verdict(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        heaps: &[BigUint],
        output: &OutputFormat,
    ) -> Option<Result<Verdict, Error>> {
        let _ = (analyzer, game, heaps, output);
        None
    }
}

impl Analyzer<'_> {
    /// Answers every case of a judge's input for `output`: the outcome of each case and, for the
    /// `count` and `moves` outputs, its winning moves.
    ///
    /// # Complexity
    /// Each game's values are found once for the whole input: one period search (or one table up
    /// to the input's largest heap) per one-heap game, then `O(d)` per heap of `d` digits; Nim
    /// `O(k · d)` per case of `k` heaps, Wythoff `O(d²)`; the contest game one retrograde
    /// analysis up to the largest pile; an open family that numbers its positions one search of
    /// every position reachable from the heaps up to the largest. Other games are solved case by
    /// case.
    ///
    /// # Errors
    /// [`Error::Refused`] when a case lies beyond the limits (as `solve` would refuse it), when
    /// `output` has no word for a case's outcome (a tie or a draw in a `yes-no` output), or when
    /// the `moves` output meets a game whose moves do not change one heap;
    /// [`Error::Interrupted`], [`Error::TimedOut`], [`Error::OutOfMemory`] as for `solve`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::{JudgeFormat, read_judge};
    /// use grundy::{Analyzer, Config, Outcome};
    /// let format = JudgeFormat::parse("hdu-1527")?;
    /// let cases = read_judge("2 1\n8 4\n4 7\n", &format, None)?;
    /// let verdicts = Analyzer::new(Config::default()).judge(&cases, format.output())?;
    /// let outcomes: Vec<Outcome> = verdicts.iter().map(|v| v.outcome).collect();
    /// assert_eq!(outcomes, [Outcome::Lose, Outcome::Win, Outcome::Lose]);
    /// # Ok(()) }
    /// ```
    pub fn judge(&self, cases: &[Case], output: &OutputFormat) -> Result<Vec<Verdict>, Error> {
        self.settle(self.judge_unsettled(cases, output))
    }

    /// Answers every case of a judge's input as [`judge`](Self::judge) does, keeping going past
    /// a case that cannot be answered: each case gets its verdict or its own error (a case beyond
    /// the limits, a tie without a word), and the cases of the same game with smaller heaps are
    /// still answered from one table.
    ///
    /// # Complexity
    /// As [`judge`](Self::judge); a game whose table a case makes too large is tried again
    /// without its largest cases, at most 8 times.
    ///
    /// # Errors
    /// Only what stops the whole input: [`Error::Interrupted`], [`Error::TimedOut`], an internal
    /// error. Everything else is the error of its case.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::{JudgeFormat, read_judge};
    /// use grundy::{Analyzer, Config};
    /// let format = JudgeFormat::parse("lines/yes-no")?;
    /// let game = grundy::parse_game("subtraction:fibonacci")?;
    /// let cases = read_judge("10\n1000000000000000000000\n7\n", &format, Some(&game))?;
    /// let config = Config::default().with_max_values(10_000)?;
    /// let answers = Analyzer::new(config).judge_each(&cases, format.output())?;
    /// assert!(answers[0].is_ok() && answers[1].is_err() && answers[2].is_ok());
    /// # Ok(()) }
    /// ```
    pub fn judge_each(
        &self,
        cases: &[Case],
        output: &OutputFormat,
    ) -> Result<Vec<Result<Verdict, Error>>, Error> {
        self.settle(self.judge_each_unsettled(cases, output))
    }

    pub(super) fn judge_unsettled(
        &self,
        cases: &[Case],
        output: &OutputFormat,
    ) -> Result<Vec<Verdict>, Error> {
        self.judge_each_unsettled(cases, output)?
            .into_iter()
            .collect()
    }

    fn judge_each_unsettled(
        &self,
        cases: &[Case],
        output: &OutputFormat,
    ) -> Result<Vec<Result<Verdict, Error>>, Error> {
        // The cases of each game (they share its `Arc`).
        let mut games: HashMap<*const Game, Vec<usize>> = HashMap::new();
        for (index, case) in cases.iter().enumerate() {
            games
                .entry(Arc::as_ptr(&case.game))
                .or_default()
                .push(index);
        }
        let mut oracles: HashMap<*const Game, Oracle> = HashMap::new();
        let mut refused: HashMap<usize, Error> = HashMap::new();
        for case in cases {
            // Each game once, at its first case.
            let key = Arc::as_ptr(&case.game);
            let Some(members) = games.remove(&key) else {
                continue;
            };
            if let Some(oracle) = self.oracle_within(&case.game, cases, members, &mut refused)? {
                oracles.insert(key, oracle);
            }
        }
        let mut answers = Vec::with_capacity(cases.len());
        for (done, case) in cases.iter().enumerate() {
            if done % 1024 == 0 {
                self.check(done as u64).map_err(|_| Error::Interrupted {
                    checked_to: done as u64,
                    unit: Unit::Positions,
                })?;
            }
            if let Some(error) = refused.remove(&done) {
                answers.push(Err(error));
                continue;
            }
            let Some(oracle) = oracles.get(&Arc::as_ptr(&case.game)) else {
                return Err(Error::Internal(format!(
                    "the case on line {} has no oracle and no refusal",
                    case.line
                )));
            };
            let verdict = match self.verdict(oracle, case, output) {
                Ok(verdict) => verdict,
                Err(error) if stops_everything(&error) => return Err(error),
                Err(error) => {
                    answers.push(Err(error));
                    continue;
                }
            };
            if let Some(words) = output.words()
                && words.of(verdict.outcome).is_none()
            {
                let which = if verdict.outcome == Outcome::Tie {
                    "tie"
                } else {
                    "draw"
                };
                answers.push(Err(Error::refused(format!(
                    "the case on line {} is a {which}, and the output has no word for a {which} (its words are {} for a win and {} for a loss; a description says {which} WORD)",
                    case.line, words.win, words.lose,
                ))));
                continue;
            }
            answers.push(Ok(verdict));
        }
        Ok(answers)
    }

    /// The oracle of `game` for the cases `members` of `cases`: when the largest heap makes it
    /// too large (a refusal, the memory limit), its cases are refused — each with that error —
    /// and the oracle is tried again for the rest, at most 8 times; `None` when no case is left.
    fn oracle_within(
        &self,
        game: &Game,
        cases: &[Case],
        mut members: Vec<usize>,
        refused: &mut HashMap<usize, Error>,
    ) -> Result<Option<Oracle>, Error> {
        let largest_of = |members: &[usize]| {
            members
                .iter()
                .filter_map(|&i| largest_number(&cases[i]))
                .max()
                .cloned()
                .unwrap_or_default()
        };
        for attempt in 0..8 {
            let largest = largest_of(&members);
            match self.oracle(game, &largest) {
                Ok(oracle) => return Ok(Some(oracle)),
                Err(error) if stops_everything(&error) => return Err(error),
                Err(error) => {
                    let (beyond, rest): (Vec<usize>, Vec<usize>) =
                        members.into_iter().partition(|&i| {
                            attempt == 7 || largest_number(&cases[i]).is_none_or(|n| *n == largest)
                        });
                    let message = error.to_string();
                    for i in beyond {
                        refused.insert(i, Error::refused(message.clone()));
                    }
                    members = rest;
                    if members.is_empty() {
                        return Ok(None);
                    }
                }
            }
        }
        Ok(None)
    }

    /// How the cases of `game` are answered, its values found for heaps up to `largest`: as
    /// its family answers them, or by `solve` case by case.
    fn oracle(&self, game: &Game, largest: &BigUint) -> Result<Oracle, Error> {
        super::answers(game.base()).oracle(self, game, game.play(), largest)
    }

    /// Every position of the contest game with at most `largest` balls left, solved.
    pub(super) fn oddball_records(
        &self,
        game: &Game,
        set: &FiniteSet,
        largest: &BigUint,
    ) -> Result<Records, Error> {
        let limit = self.max_positions();
        let n = largest
            .to_u64()
            .filter(|&n| n.saturating_add(1).saturating_mul(4) <= limit)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
                Error::beyond_positions(
                    format!(
                        "{game} is solved over every position with at most {largest} balls left, 4 per pile size, which exceeds the limit of {limit} positions"
                    ),
                    Some((largest + 1u32) * 4u32),
                )
            })?;
        let bytes = oddball::solve_bytes(n as u64).unwrap_or(u64::MAX);
        self.reserve(bytes, || {
            format!("the positions of {game} with at most {n} balls left")
        })?;
        oddball::solve_up_to_observed(set, n, self.observer()).ok_or(Error::Interrupted {
            checked_to: 0,
            unit: Unit::Positions,
        })
    }

    /// The verdict of one case.
    fn verdict(
        &self,
        oracle: &Oracle,
        case: &Case,
        output: &OutputFormat,
    ) -> Result<Verdict, Error> {
        let needs_moves = output.needs_moves();
        let lists = matches!(output, OutputFormat::Moves(_));
        let outcome_only = |outcome| Verdict {
            outcome,
            winning_moves: None,
            listed: Vec::new(),
        };
        match (oracle, &case.position) {
            (Oracle::Nim(play), CasePosition::Single(Position::Heaps(heaps))) => {
                Ok(nim_verdict(heaps, *play, needs_moves, lists))
            }
            (Oracle::Wythoff, CasePosition::Single(Position::Pair(a, b))) if !needs_moves => {
                Ok(outcome_only(if wythoff::is_p_position(a, b) {
                    Outcome::Lose
                } else {
                    Outcome::Win
                }))
            }
            (
                Oracle::OneHeap {
                    evaluation,
                    takes,
                    play,
                },
                position,
            ) => {
                let heaps: &[BigUint] = match position {
                    CasePosition::Single(Position::Heap(heap)) => std::slice::from_ref(heap),
                    CasePosition::Heaps(heaps) if *play == Play::Normal => heaps,
                    CasePosition::Single(Position::Heaps(heaps))
                        if *play == Play::Normal && takes.is_none() =>
                    {
                        heaps
                    }
                    _ => return self.solved_verdict(case, output),
                };
                let values: Vec<BigUint> = heaps.iter().map(|h| evaluation.value(h)).collect();
                let total = values.iter().fold(BigUint::ZERO, |x, v| x ^ v);
                let outcome = if total == BigUint::ZERO {
                    Outcome::Lose
                } else {
                    Outcome::Win
                };
                if !needs_moves {
                    return Ok(outcome_only(outcome));
                }
                let Some(takes) = takes.as_ref().map(super::answers) else {
                    return self.solved_verdict(case, output);
                };
                let mut heap_moves = Vec::new();
                for (index, (heap, value)) in heaps.iter().zip(&values).enumerate() {
                    let target = value ^ &total;
                    let Some(amounts) = takes.amounts_to_value(evaluation, heap, &target) else {
                        return self.solved_verdict(case, output);
                    };
                    for take in amounts? {
                        heap_moves.push(ListedMove::Heap(HeapMove {
                            heap: index,
                            from: heap.clone(),
                            to: heap - take,
                        }));
                    }
                }
                Ok(Verdict {
                    outcome,
                    winning_moves: Some(BigUint::from(heap_moves.len())),
                    listed: if lists { heap_moves } else { Vec::new() },
                })
            }
            (
                Oracle::Oddball(records),
                CasePosition::Single(Position::Balls { left, mine, theirs }),
            ) if !needs_moves => {
                let left = left.to_usize().expect("the records reach the largest pile");
                let value = records
                    .get(oddball::index(left, mine.bit(0), theirs.bit(0)))
                    .value;
                Ok(outcome_only(value))
            }
            (Oracle::Cases(solver), CasePosition::Single(position)) => {
                let solution = solver.solve(self, &case.game, position)?;
                verdict_of(case, output, &solution)
            }
            (Oracle::Cases(solver), CasePosition::Heaps(heaps)) => {
                match solver.heaps_verdict(self, &case.game, heaps, output) {
                    Some(verdict) => verdict,
                    None => self.solved_verdict(case, output),
                }
            }
            _ => self.solved_verdict(case, output),
        }
    }

    /// A verdict from `solve`.
    fn solved_verdict(&self, case: &Case, output: &OutputFormat) -> Result<Verdict, Error> {
        let Some((game, position)) = case.game_and_position() else {
            // The empty sum: no move, the player to move loses.
            return Ok(Verdict {
                outcome: Outcome::Lose,
                winning_moves: output.needs_moves().then_some(BigUint::ZERO),
                listed: Vec::new(),
            });
        };
        let solution = self.solve_unsettled(&game, &position)?;
        verdict_of(case, output, &solution)
    }
}

/// The verdict of a case from its solution.
fn verdict_of(case: &Case, output: &OutputFormat, solution: &Solution) -> Result<Verdict, Error> {
    let winning_moves = output.needs_moves().then(|| moves_count(solution));
    let listed = if !matches!(output, OutputFormat::Moves(_)) {
        Vec::new()
    } else if let CasePosition::Single(Position::Pair(..)) = &case.position {
        pair_moves(solution)
    } else {
        heap_moves(case, solution)?
    };
    Ok(Verdict {
        outcome: solution.outcome,
        winning_moves,
        listed,
    })
}

/// The verdict of a Nim or misère Nim position, by Bouton's rules.
fn nim_verdict(heaps: &[BigUint], play: Play, needs_moves: bool, lists: bool) -> Verdict {
    let moves = match play {
        Play::Normal => nim::winning_moves(heaps),
        Play::Misere => nim::misere_winning_moves(heaps),
    };
    // Misère Nim with no move left is won by the player to move: decide by the rule.
    let loses = match play {
        Play::Normal => moves.is_empty(),
        Play::Misere => nim::misere_loses(heaps),
    };
    let outcome = if loses { Outcome::Lose } else { Outcome::Win };
    let winning_moves = needs_moves.then(|| BigUint::from(moves.len()));
    let heap_moves = if lists {
        moves
            .into_iter()
            .map(|m| {
                ListedMove::Heap(HeapMove {
                    from: heaps[m.heap].clone(),
                    heap: m.heap,
                    to: m.left,
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    Verdict {
        outcome,
        winning_moves,
        listed: heap_moves,
    }
}

/// How many winning moves a solution has (a class of moves counts its members).
fn moves_count(solution: &Solution) -> BigUint {
    solution
        .winning_moves
        .iter()
        .map(|m| match m.part() {
            Part::Family { moves } => moves.clone(),
            _ => BigUint::from(1u32),
        })
        .sum()
}

/// A two-heap solution's winning moves as the pairs they leave, the smaller heap first: the moves
/// from both heaps first, then those from one heap, each group in ascending order of the pair, a
/// pair that two moves leave written once (the order of HDU 2177 for Wythoff's game).
fn pair_moves(solution: &Solution) -> Vec<ListedMove> {
    let mut both: Vec<(BigUint, BigUint)> = Vec::new();
    let mut one: Vec<(BigUint, BigUint)> = Vec::new();
    for play in &solution.winning_moves {
        if let Target::Whole(Position::Pair(a, b)) = &play.to {
            let pair = if a <= b {
                (a.clone(), b.clone())
            } else {
                (b.clone(), a.clone())
            };
            let group = if matches!(play.action, Action::TakeFromBoth { .. }) {
                &mut both
            } else {
                &mut one
            };
            group.push(pair);
        }
    }
    for group in [&mut both, &mut one] {
        group.sort();
        group.dedup();
    }
    both.into_iter()
        .chain(one)
        .map(|(x, y)| ListedMove::Pair(x, y))
        .collect()
}

/// A solution's winning moves as changes of one heap each.
fn heap_moves(case: &Case, solution: &Solution) -> Result<Vec<ListedMove>, Error> {
    let heaps = case.heaps().ok_or_else(|| not_heap_moves(case))?;
    solution
        .winning_moves
        .iter()
        .map(|play| {
            let (index, to) = match (&play.to, &play.action) {
                (Target::Whole(Position::Heap(to)), _) => (0, to.clone()),
                (
                    Target::Component {
                        index,
                        position: Position::Heap(to),
                    },
                    _,
                ) => (*index, to.clone()),
                (Target::Whole(Position::Heaps(after)), Action::TakeFromHeap { heap, .. }) => {
                    (*heap, after[*heap].clone())
                }
                (Target::Heap { index, heaps: left }, Action::TakeFromHeap { .. }) => {
                    (*index, left.first().cloned().unwrap_or_default())
                }
                _ => return Err(not_heap_moves(case)),
            };
            let from = heaps
                .get(index)
                .ok_or_else(|| not_heap_moves(case))?
                .clone();
            Ok(ListedMove::Heap(HeapMove {
                heap: index,
                from,
                to,
            }))
        })
        .collect()
}

fn not_heap_moves(case: &Case) -> Error {
    Error::refused(format!(
        "the moves output writes each winning move as one heap's size before and after it, and the moves of {} do not change one heap",
        case.game
    ))
}

/// Whether an error ends the whole input rather than its case: an interruption, the time
/// limit, an internal error.
fn stops_everything(error: &Error) -> bool {
    matches!(
        error,
        Error::Interrupted { .. } | Error::TimedOut { .. } | Error::Internal(_)
    )
}

/// The largest number of a case, for the tables its game needs.
fn largest_number(case: &Case) -> Option<&BigUint> {
    match &case.position {
        CasePosition::Heaps(heaps) | CasePosition::Single(Position::Heaps(heaps)) => {
            heaps.iter().max()
        }
        CasePosition::Single(Position::Heap(heap) | Position::Balls { left: heap, .. }) => {
            Some(heap)
        }
        CasePosition::Single(Position::Pair(a, b)) => Some(a.max(b)),
        CasePosition::Single(_) => None,
    }
}

/// A small deterministic generator (SplitMix64): the same seed gives the same test inputs.
///
/// # Example
/// ```
/// use grundy::analysis::judge::TestRandom;
/// let mut random = TestRandom::new(7);
/// let first = random.between(1, 6);
/// assert!((1..=6).contains(&first));
/// assert_eq!(TestRandom::new(7).between(1, 6), first); // the same seed, the same draws
/// ```
#[derive(Clone, Debug)]
pub struct TestRandom(u64);

impl TestRandom {
    /// The generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number from `low` to `high` (inclusive; `low` when `high < low`).
    pub fn between(&mut self, low: u64, high: u64) -> u64 {
        if high <= low {
            return low;
        }
        let span = high - low;
        if span == u64::MAX {
            return self.next_u64();
        }
        low + self.next_u64() % (span + 1)
    }
}

/// The largest heap tried when a one-heap game has no certified period (its values are computed
/// directly up to the largest heap of each input).
const UNCERTIFIED_LARGEST: u64 = 2000;

/// What the test inputs of a game may hold: its heaps' range and its edge heaps.
struct Plan {
    /// The heaps' least and greatest size.
    smallest: u64,
    largest: BigUint,
    /// Heaps where bugs hide: 0, 1, the period's boundaries, 2^31 − 1, 2^63 − 1, 10^18 (those
    /// within the range).
    edges: Vec<BigUint>,
    /// A size below which most random heaps fall (a few periods).
    small: u64,
}

impl Analyzer<'_> {
    /// The heaps a game's test inputs use.
    fn plan(&self, game: &Game, bounds: &Bounds) -> Result<Plan, Error> {
        let base = game.base();
        // A position written as a script's argument is a test case only where the family
        // numbers it (`start(n)`).
        let argument = base.ruleset().map(Ruleset::position_shape) == Some(PositionShape::Argument)
            && !matches!(super::answers(base).test_case(), CaseKind::Fresh);
        if base.components().is_some() || argument {
            return Err(Error::refused(format!(
                "grundy writes no test inputs for {game}: a judge format gives heaps, and {game} has no heap positions to write"
            )));
        }
        // Closed forms and certified periods answer any heap; computed values only small ones.
        let TestHeaps {
            certified,
            boundaries,
            most,
        } = super::answers(base).test_heaps(self, game)?;
        let mut largest = match (bounds.largest, certified) {
            (Some(largest), true) => BigUint::from(largest),
            // The largest a signed 64-bit integer holds: 2^63 − 1 (10^18 is below it).
            (None, true) => BigUint::from(i64::MAX.unsigned_abs()),
            (Some(largest), false) => BigUint::from(largest.min(UNCERTIFIED_LARGEST)),
            (None, false) => BigUint::from(UNCERTIFIED_LARGEST),
        };
        if let Some(most) = most {
            largest = largest.min(BigUint::from(most));
        }
        let smallest = bounds.smallest;
        let mut edges: Vec<BigUint> = [0, 1, 2]
            .into_iter()
            .chain(boundaries.iter().copied())
            .map(BigUint::from)
            .chain(
                [
                    (1u64 << 31) - 1,
                    (1u64 << 63) - 1,
                    1_000_000_000_000_000_000,
                ]
                .map(BigUint::from),
            )
            .chain(std::iter::once(largest.clone()))
            .filter(|n| *n >= BigUint::from(smallest) && *n <= largest)
            .collect();
        edges.sort();
        edges.dedup();
        let span = boundaries.iter().copied().max().unwrap_or(0) + 30;
        let small = largest.to_u64().map_or(span, |l| l.min(span));
        Ok(Plan {
            smallest,
            largest,
            edges,
            small,
        })
    }
}

impl Analyzer<'_> {
    /// The test heaps of a one-heap game whose period may be certified: any heap, with edge
    /// cases at the period's turns, when it is; small heaps otherwise.
    pub(super) fn test_heaps_by_period(&self, game: &Game) -> Result<TestHeaps, Error> {
        match self.period_unsettled(game) {
            Ok(report) => Ok(match report.search.certificate() {
                Some(certificate) => {
                    let p = certificate.periodicity();
                    let (n0, period) = (p.preperiod(), p.period());
                    let end = n0 + period;
                    TestHeaps {
                        certified: true,
                        boundaries: vec![n0, end.saturating_sub(1), end, end + 1, 2 * end],
                        most: None,
                    }
                }
                None => TestHeaps::default(),
            }),
            Err(Error::Refused(_)) => Ok(TestHeaps::default()),
            Err(error) => Err(error),
        }
    }
}

/// What a family's heaps are for test inputs: whether its answers hold for any heap (a closed
/// form or a certified period), the heaps where its pattern turns, and the most tokens a heap
/// may hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct TestHeaps {
    /// Whether any heap is answered exactly (else only small heaps are written).
    pub(super) certified: bool,
    /// Heaps where the pattern turns: edge cases.
    pub(super) boundaries: Vec<u64>,
    /// The most tokens a heap may hold, where the family's answers stop below the format's.
    pub(super) most: Option<u64>,
}

impl TestHeaps {
    /// A closed form: every heap is answered exactly.
    pub(super) fn closed_form() -> Self {
        Self {
            certified: true,
            ..Self::default()
        }
    }
}

/// How a test case of a family is written from the heaps drawn for it.
#[derive(Clone, Copy, Debug)]
pub(super) enum CaseKind {
    /// One heap a case, or several as a sum where the format reads lists of heaps (one-heap
    /// games whose heaps add up).
    OneHeap,
    /// Any number of heaps in one position (Nim, take-and-break codes).
    Heaps,
    /// One number a case: the position the game starts from with that many tokens.
    Fresh,
    /// Two heaps a case, with edge cases on the losing pairs: `partner(a)` makes `(a, partner)`
    /// lose, `largest_pair(bound)` is the largest losing pair within `bound`.
    Pair {
        /// The heap that makes a pair with `a` a loss.
        partner: fn(&BigUint) -> BigUint,
        /// The largest losing pair within a bound.
        largest_pair: fn(&BigUint) -> (BigUint, BigUint),
    },
}

/// A random heap: mostly small (a few periods), sometimes anywhere in the range.
fn random_heap(plan: &Plan, random: &mut TestRandom) -> BigUint {
    let low = plan.smallest;
    match random.between(0, 9) {
        0..=6 => BigUint::from(random.between(low, plan.small.max(low))),
        7 | 8 => match plan.largest.to_u64() {
            Some(largest) => BigUint::from(random.between(low, largest)),
            None => BigUint::from(random.between(low, u64::MAX)),
        },
        _ => {
            // Anywhere below the largest, to its full size.
            let bits = plan.largest.bits();
            let mut value = BigUint::ZERO;
            for _ in 0..bits.div_ceil(64) {
                value = (value << 64u32) + random.next_u64();
            }
            (value % (&plan.largest + 1u32)).max(BigUint::from(low))
        }
    }
}

mod generate;

pub use generate::TestInput;

#[cfg(test)]
mod tests;
