//! Games solved as whole graphs by retrograde analysis — the contest game `oddball` — and what
//! every graph search shares (limits, errors, scored moves). Values may be win, lose, tie or
//! draw, with remoteness.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::codegen::{Decider, KernelError, NoProgram, ODDBALL_BOUND, OddballPlan};
use super::judge::{CaseKind, Oracle, TestHeaps};
use super::{Action, Analyzer, Basis, Error, Move, Outcome, Remedy, ScoredMove, Solution, Unit};
use crate::games::game::Game;
use crate::games::oddball;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::subtraction::FiniteSet;
use crate::input::contest::ContestInput;
use crate::theory::solver::{Graph, Limits, Loopy, Solved, SparseGraph};

/// What a move achieves for the player making it, from the solution of the position it leads to.
pub(super) fn scored(play: Move, child: Solved) -> ScoredMove {
    ScoredMove {
        play,
        value: child.value.flipped(),
        remoteness: child.remoteness.map(|r| r + 1),
    }
}

impl Analyzer<'_> {
    /// Answers a judge's input of the odd-ball contest game (取球博弈, read by
    /// [`read_contest`](crate::input::contest::read_contest)): what the first player achieves
    /// from each pile, both players holding nothing yet.
    ///
    /// # Complexity
    /// `O(N · |S|)` time and `O(N)` memory for the largest pile `N`, solving every position
    /// with at most `N` balls left once.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] when those positions do not fit the memory budget (checked before
    /// solving); [`Error::Interrupted`] or [`Error::TimedOut`] if the observer or the deadline
    /// stops it.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::contest::read_contest;
    /// use grundy::{Analyzer, Config, Outcome};
    /// let input = read_contest("1 2 3\n1 2 5\n", 1000)?;
    /// let answers = Analyzer::new(Config::default()).contest(&input)?;
    /// assert_eq!(answers, [Outcome::Win, Outcome::Tie, Outcome::Lose]);
    /// # Ok(()) }
    /// ```
    pub fn contest(&self, input: &ContestInput) -> Result<Vec<Outcome>, Error> {
        self.settle(self.contest_unsettled(input))
    }

    fn contest_unsettled(&self, input: &ContestInput) -> Result<Vec<Outcome>, Error> {
        let largest = input.largest_pile();
        let bytes = oddball::solve_bytes(largest as u64).unwrap_or(u64::MAX);
        self.reserve(bytes, || format!("solving every pile up to {largest}"))?;
        let records = oddball::solve_up_to_observed(&input.set, largest, self.observer()).ok_or(
            Error::Interrupted {
                checked_to: 0,
                unit: Unit::Positions,
            },
        )?;
        Ok(input
            .piles
            .iter()
            .map(|&pile| records.get(oddball::index(pile, false, false)).value)
            .collect())
    }

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
            Error::beyond_positions(
                format!(
                    "{game} is solved over every position with at most {left} balls left, 4 per pile size, which exceeds the limit of {limit} positions"
                ),
                Some((left + 1u32) * 4u32),
            )
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
                let after = Position::Balls {
                    left: l.into(),
                    mine: theirs.clone(),
                    theirs: mine + s,
                };
                let play = Move::whole(Action::Take { amount: s.into() }, after);
                scored(play, records.get(oddball::index(l, m, t)))
            })
            .collect();
        let position = Position::Balls {
            left: left.clone(),
            mine: mine.clone(),
            theirs: theirs.clone(),
        };
        Ok(Solution::from_graph(
            game,
            position,
            solved,
            moves,
            records.len() as u64,
            None,
        ))
    }
}

/// A move of a script position, with the position it leaves and that position's generalised
/// value.
pub(super) type ValuedMove = (Action, Position, Loopy);

pub(in crate::analysis) use super::error::solver_error;

/// The values of `roots` in an explored `graph` whose states are valued by `values`, with the
/// search as their basis; a root whose value is not a nimber (play from it can last forever) is
/// refused, named by `name` of its index among the roots.
///
/// # Errors
/// [`Error::Refused`] for the first root whose value is infinite.
pub(super) fn root_values<S: Clone + Eq + std::hash::Hash>(
    graph: &SparseGraph<S>,
    roots: &[S],
    values: &[Loopy],
    name: impl Fn(u64) -> String,
) -> Result<(Vec<BigUint>, Basis), Error> {
    let mut out = Vec::with_capacity(roots.len());
    for (i, root) in (0u64..).zip(roots) {
        match &values[graph.index_of(root).expect("roots are explored")] {
            Loopy::Nimber(m) => out.push(BigUint::from(*m)),
            infinite @ Loopy::Infinite(_) => {
                return Err(Error::refused_unless(
                    format!(
                        "{} can be played forever: its generalised value is {}, not a nimber",
                        name(i),
                        loopy_text(infinite)
                    ),
                    Remedy::SolvePositions,
                ));
            }
        }
    }
    let positions = graph.state_count() as u64;
    Ok((
        out,
        Basis::Search {
            positions,
            start: None,
        },
    ))
}

/// `*m`, or `∞(K)` with the nimbers of `K`.
pub(super) fn loopy_text(value: &Loopy) -> String {
    value.to_string()
}

impl Analyzer<'_> {
    /// How far an exploration may go: the position limit, and the memory budget.
    pub(super) fn explore_limits(&self) -> Limits {
        Limits {
            states: self.max_positions(),
            bytes: self.budget.memory(),
        }
    }
}

/// The contest game answers by retrograde analysis of its positions; it is decided by
/// parities, so misère play does not apply.
pub(super) struct OddballAnswers<'a>(pub(super) &'a FiniteSet);

impl super::family::Answers for OddballAnswers<'_> {
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        match (play, position) {
            (Play::Normal, Position::Balls { left, mine, theirs }) => {
                Some(analyzer.solve_oddball(game, self.0, left, mine, theirs))
            }
            (Play::Normal, _) => None,
            (Play::Misere, _) => Some(Err(Error::refused_unless(
                format!(
                    "{game}: misère play reverses who wins when the last move is made; {} is decided by the parities of the balls held, so misère does not apply",
                    game.base()
                ),
                Remedy::UseNormalPlay,
            ))),
        }
    }

    fn state(&self) -> super::explain::State {
        super::explain::State::BallsAndParities {
            amounts: self.0.members().to_vec(),
        }
    }

    /// Every case from the positions solved up to the largest pile.
    fn oracle(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        largest: &BigUint,
    ) -> Result<Oracle, Error> {
        Ok(match play {
            Play::Normal => Oracle::Oddball(analyzer.oddball_records(game, self.0, largest)?),
            Play::Misere => Oracle::Solve,
        })
    }

    /// Every position up to the largest pile is solved: piles stay below 1000.
    fn test_heaps(&self, _: &Analyzer<'_>, _: &Game) -> Result<TestHeaps, Error> {
        Ok(TestHeaps {
            most: Some(999),
            ..TestHeaps::default()
        })
    }

    fn verify(&self, run: &mut super::verify::Run<'_, '_>, _: &Game) -> Result<(), Error> {
        run.oddball(self.0)
    }

    /// Every parity state of every pile.
    fn brute_work(&self, n: u128) -> u128 {
        let k = self.0.members().len() as u128;
        4 * n * (k + 1) * k
    }

    /// A pile at the start: no ball held.
    fn test_case(&self) -> CaseKind {
        CaseKind::Fresh
    }

    fn decider(&self, _: &Analyzer<'_>, _: &Game, play: Play) -> Result<Decider, KernelError> {
        match play {
            Play::Normal => Ok(Decider::Oddball(OddballPlan {
                set: Some(self.0.clone()),
                bound: ODDBALL_BOUND,
            })),
            Play::Misere => Err(KernelError::No(NoProgram::Misere)),
        }
    }

    /// The amounts read from the input (`oddball:{a},{b},{c}`), under normal play.
    fn carried(&self, _: &Analyzer<'_>, game: &Game, sample: &[u64]) -> Option<Decider> {
        let mut amounts = sample.to_vec();
        amounts.sort_unstable();
        amounts.dedup();
        (game.play() == Play::Normal && self.0.members() == amounts.as_slice()).then_some(
            Decider::Oddball(OddballPlan {
                set: None,
                bound: ODDBALL_BOUND,
            }),
        )
    }

    /// The outcomes of the first piles in each parity state, and the rule that reads them.
    fn explain(
        &self,
        _: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: Option<&Position>,
    ) -> Option<Result<super::family::Explained, Error>> {
        use super::explain::{EXPLAIN_MAX_ROWS, Rule, Step, oddball_table};
        if play == Play::Misere {
            return Some(Err(Error::refused_unless(
                format!(
                    "{game}: the contest game is decided by the parities of the balls held, so misère does not apply"
                ),
                Remedy::UseNormalPlay,
            )));
        }
        let asked = match position {
            Some(Position::Balls { left, .. }) => {
                left.to_u64().filter(|&left| left <= EXPLAIN_MAX_ROWS)
            }
            _ => None,
        };
        let steps = vec![
            Step::Outcomes(oddball_table(self.0, asked.unwrap_or(0))),
            Step::Rule(Rule::ParityTable),
        ];
        Some(Ok((steps, None)))
    }
}
