//! What Nim, Wythoff's game and Fibonacci Nim answer for themselves (`Answers`), and their moves
//! for the brute force and for sums.

use super::{NimAnswers, wythoff_options};
use crate::analysis::brute::{State as BruteState, each_heap, heaps_state};
use crate::analysis::codegen::{Decider, Kernel, KernelError, NoProgram};
use crate::analysis::explain::{CLOSED_FORM_ROWS, Rule, State, Step};
use crate::analysis::family::{Explained, written};
use crate::analysis::judge::{CaseKind, Oracle, TestHeaps};
use crate::analysis::pattern::{KnownRule, Membership, OutcomeRule, PatternTheorem, ValueRule};
use crate::analysis::{Action, Analyzer, Basis, ClosedForm, Error, Remedy, Solution};
use crate::games::game::{Component, Game};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::{fibonacci_nim, wythoff};
use crate::theory::pattern::{NumberSet, PairSet, Sequence};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

impl crate::analysis::family::Answers for NimAnswers {
    fn pattern_theorem(&self, _: &Game, play: Play) -> Vec<KnownRule> {
        if play == Play::Misere {
            // One heap is lost exactly when it holds 1.
            let one = OutcomeRule {
                classes: vec![(
                    crate::analysis::Outcome::Lose,
                    Membership::Numbers(NumberSet::Finite(vec![1])),
                )],
                otherwise: crate::analysis::Outcome::Win,
            };
            return vec![KnownRule::Outcomes(PatternTheorem::BoutonMisere, one)];
        }
        let identity = Sequence::Linear {
            slope: 1,
            offset: 0,
            divisor: 1,
        };
        // G(n) = n, so the player to move loses exactly at 0.
        let zero = OutcomeRule {
            classes: vec![(
                crate::analysis::Outcome::Lose,
                Membership::Numbers(NumberSet::Finite(vec![0])),
            )],
            otherwise: crate::analysis::Outcome::Win,
        };
        vec![
            KnownRule::Values(PatternTheorem::NimHeap, ValueRule::Sequence(identity)),
            KnownRule::Outcomes(PatternTheorem::NimHeap, zero),
        ]
    }
    fn heaps_are_nim(&self) -> bool {
        true
    }

    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        let Position::Heaps(heaps) = position else {
            return None;
        };
        Some(analyzer.solve_nim(game, heaps, play))
    }

    fn state(&self) -> State {
        State::NimHeaps
    }

    fn decider(&self, _: &Analyzer<'_>, _: &Game, play: Play) -> Result<Decider, KernelError> {
        Ok(match play {
            Play::Normal => Decider::Grundy(Kernel::NimHeap),
            Play::Misere => Decider::MisereNim,
        })
    }

    fn oracle(&self, _: &Analyzer<'_>, _: &Game, play: Play, _: &BigUint) -> Result<Oracle, Error> {
        Ok(Oracle::Nim(play))
    }

    fn test_heaps(&self, _: &Analyzer<'_>, _: &Game) -> Result<TestHeaps, Error> {
        Ok(TestHeaps::closed_form())
    }

    fn test_case(&self) -> CaseKind {
        CaseKind::Heaps
    }

    fn verify(
        &self,
        run: &mut crate::analysis::verify::Run<'_, '_>,
        _: &Game,
    ) -> Result<(), Error> {
        run.nim()
    }

    fn has_brute_force(&self) -> bool {
        true
    }

    /// From heap `i`, the move to `h_i xor X xor target` where it is smaller.
    fn moves_to_value(
        &self,
        analyzer: &Analyzer<'_>,
        component: &Component,
        target: &BigUint,
    ) -> Option<Result<Vec<crate::analysis::family::WrittenMove>, Error>> {
        let Position::Heaps(heaps) = &component.position else {
            return None;
        };
        Some(
            analyzer
                .nim_moves_to_value(&component.position, heaps, target)
                .map(written),
        )
    }

    fn small_moves(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        position: &Position,
    ) -> Option<Result<Vec<(Action, Position)>, Error>> {
        let Position::Heaps(heaps) = position else {
            return None;
        };
        let sizes = heaps
            .iter()
            .map(|n| analyzer.enumerable(game, position, n))
            .collect::<Result<Vec<u64>, _>>();
        Some(sizes.map(|sizes| nim_moves(&sizes)))
    }

    fn brute_state(&self, position: &Position) -> Option<BruteState> {
        match position {
            Position::Heaps(heaps) => heaps
                .iter()
                .map(|n| u64::try_from(n).ok())
                .collect::<Option<Vec<_>>>()
                .map(heaps_state),
            Position::Heap(n) => Some(heaps_state(vec![u64::try_from(n).ok()?])),
            _ => None,
        }
    }

    /// Any heap to any smaller size.
    fn brute_options(&self, state: &BruteState) -> Vec<BruteState> {
        match state {
            BruteState::Heaps(heaps) => each_heap(heaps, |h| (0..h).map(|k| vec![k]).collect()),
            _ => Vec::new(),
        }
    }

    fn no_table(&self, play: Play) -> Option<&'static str> {
        (play == Play::Misere).then_some(
            "grundy keeps no table of misère Nim heaps (Bouton's misère rule decides whole positions: a single heap n is a P-position exactly when n = 1)",
        )
    }

    fn not_per_heap(&self) -> Option<&'static str> {
        None
    }

    fn explain(
        &self,
        _: &Analyzer<'_>,
        _: &Game,
        play: Play,
        _: Option<&Position>,
    ) -> Option<Result<Explained, Error>> {
        let rule = match play {
            Play::Normal => Rule::BoutonXor,
            Play::Misere => Rule::BoutonMisere,
        };
        Some(Ok((vec![Step::Rule(rule)], None)))
    }

    /// Under normal play a heap of `n` is worth `n`.
    fn table(
        &self,
        _: &Analyzer<'_>,
        _: &Game,
        play: Play,
        (from, _, rows): (&BigUint, &BigUint, u64),
    ) -> Option<Result<crate::analysis::family::TableAnswer, Error>> {
        (play == Play::Normal).then(|| {
            let values = (0..rows).map(|i| from + i).collect();
            Ok(crate::analysis::family::TableAnswer::Values(
                values,
                Basis::Rule(ClosedForm::NimHeap),
            ))
        })
    }
}

/// Wythoff's game answers by its pairs under normal play, from a table under misère play.
pub(in crate::analysis) struct WythoffAnswers;

impl crate::analysis::family::Answers for WythoffAnswers {
    fn pattern_theorem(&self, _: &Game, play: Play) -> Vec<KnownRule> {
        (play == Play::Normal)
            .then(|| {
                KnownRule::Outcomes(
                    PatternTheorem::Wythoff,
                    OutcomeRule {
                        classes: vec![(
                            crate::analysis::Outcome::Lose,
                            Membership::Pairs(PairSet::Beatty { difference: 1 }),
                        )],
                        otherwise: crate::analysis::Outcome::Win,
                    },
                )
            })
            .into_iter()
            .collect()
    }
    fn grid(
        &self,
        analyzer: &Analyzer<'_>,
        _: &Game,
        play: Play,
        to: usize,
    ) -> Option<Result<Vec<Vec<u32>>, Error>> {
        Some(analyzer.wythoff_table(to, to, play))
    }

    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        let Position::Pair(a, b) = position else {
            return None;
        };
        Some(analyzer.solve_wythoff(game, a, b, play))
    }

    fn state(&self) -> State {
        State::Pair
    }

    fn decider(&self, _: &Analyzer<'_>, _: &Game, play: Play) -> Result<Decider, KernelError> {
        match play {
            Play::Normal => Ok(Decider::Wythoff),
            Play::Misere => Err(KernelError::No(NoProgram::Misere)),
        }
    }

    fn oracle(&self, _: &Analyzer<'_>, _: &Game, play: Play, _: &BigUint) -> Result<Oracle, Error> {
        Ok(match play {
            Play::Normal => Oracle::Wythoff,
            Play::Misere => Oracle::Solve,
        })
    }

    fn test_heaps(&self, _: &Analyzer<'_>, _: &Game) -> Result<TestHeaps, Error> {
        Ok(TestHeaps::closed_form())
    }

    fn test_case(&self) -> CaseKind {
        CaseKind::Pair {
            partner: wythoff::partner,
            largest_pair: wythoff::largest_p_position,
        }
    }

    fn verify(
        &self,
        run: &mut crate::analysis::verify::Run<'_, '_>,
        _: &Game,
    ) -> Result<(), Error> {
        run.wythoff()
    }

    fn has_brute_force(&self) -> bool {
        true
    }

    /// Read from the table of the component's options.
    fn moves_to_value(
        &self,
        analyzer: &Analyzer<'_>,
        component: &Component,
        target: &BigUint,
    ) -> Option<Result<Vec<crate::analysis::family::WrittenMove>, Error>> {
        let Position::Pair(a, b) = &component.position else {
            return None;
        };
        Some(analyzer.wythoff_moves_to_value(a, b, target).map(written))
    }

    fn small_moves(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        position: &Position,
    ) -> Option<Result<Vec<(Action, Position)>, Error>> {
        let Position::Pair(a, b) = position else {
            return None;
        };
        let small = |n| analyzer.enumerable(game, position, n);
        Some((|| Ok(wythoff_moves(small(a)?, small(b)?)))())
    }

    fn brute_state(&self, position: &Position) -> Option<BruteState> {
        let Position::Pair(a, b) = position else {
            return None;
        };
        let (a, b) = (u64::try_from(a).ok()?, u64::try_from(b).ok()?);
        Some(BruteState::Pair(a.min(b), a.max(b)))
    }

    /// From one heap, or the same amount from both.
    fn brute_options(&self, state: &BruteState) -> Vec<BruteState> {
        let &BruteState::Pair(a, b) = state else {
            return Vec::new();
        };
        let pair = |a: u64, b: u64| BruteState::Pair(a.min(b), a.max(b));
        let mut out = Vec::new();
        for k in 1..=a {
            out.push(pair(a - k, b));
            out.push(pair(a - k, b - k));
        }
        for k in 1..=b {
            out.push(pair(a, b - k));
        }
        out
    }

    /// Wythoff's pairs are a theorem of normal play; misère play is answered from a table of
    /// every smaller position.
    fn explain(
        &self,
        _: &Analyzer<'_>,
        _: &Game,
        play: Play,
        _: Option<&Position>,
    ) -> Option<Result<Explained, Error>> {
        let rule = match play {
            Play::Misere => Rule::Graph,
            Play::Normal => Rule::Wythoff {
                pairs: (0..CLOSED_FORM_ROWS)
                    .map(|k| {
                        let lower = wythoff::lower(&k.into()).to_u64().unwrap_or(u64::MAX);
                        (k, lower, lower + k)
                    })
                    .collect(),
            },
        };
        Some(Ok((vec![Step::Rule(rule)], None)))
    }

    /// Its positions are pairs: the grid is its table.
    fn table(
        &self,
        _: &Analyzer<'_>,
        game: &Game,
        _: Play,
        _: (&BigUint, &BigUint, u64),
    ) -> Option<Result<crate::analysis::family::TableAnswer, Error>> {
        Some(Err(Error::refused_unless(
            format!(
                "{game} has no one-heap table: Wythoff positions are pairs, and its table is the grid of G(a, b) for a, b <= N"
            ),
            Remedy::UseGrid,
        )))
    }
}

/// Fibonacci Nim answers by Zeckendorf's rule under normal play, from a table otherwise.
pub(in crate::analysis) struct FibonacciAnswers;

impl crate::analysis::family::Answers for FibonacciAnswers {
    fn pattern_theorem(&self, _: &Game, play: Play) -> Vec<KnownRule> {
        // A fresh heap of n is lost exactly when n is 0 or a Fibonacci number.
        let lose = NumberSet::Except {
            set: Box::new(NumberSet::Fibonacci),
            added: vec![0],
            removed: Vec::new(),
        };
        (play == Play::Normal)
            .then(|| {
                KnownRule::Outcomes(
                    PatternTheorem::Zeckendorf,
                    OutcomeRule {
                        classes: vec![(crate::analysis::Outcome::Lose, Membership::Numbers(lose))],
                        otherwise: crate::analysis::Outcome::Win,
                    },
                )
            })
            .into_iter()
            .collect()
    }
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        let Position::Quota { heap, quota } = position else {
            return None;
        };
        Some(analyzer.solve_fibonacci_nim(game, heap, quota.as_ref(), play))
    }

    fn state(&self) -> State {
        State::HeapAndQuota
    }

    fn decider(&self, _: &Analyzer<'_>, _: &Game, play: Play) -> Result<Decider, KernelError> {
        match play {
            Play::Normal => Ok(Decider::FibonacciNim),
            Play::Misere => Err(KernelError::No(NoProgram::Misere)),
        }
    }

    fn test_heaps(&self, _: &Analyzer<'_>, _: &Game) -> Result<TestHeaps, Error> {
        Ok(TestHeaps::closed_form())
    }

    /// A fresh heap: the first move may take anything but the whole heap.
    fn test_case(&self) -> CaseKind {
        CaseKind::Fresh
    }

    /// Every fresh heap, and every quota of each heap.
    fn verify(
        &self,
        run: &mut crate::analysis::verify::Run<'_, '_>,
        _: &Game,
    ) -> Result<(), Error> {
        run.states(
            |n| BruteState::Quota(n, n.saturating_sub(1)),
            |n| Position::Quota {
                heap: n.into(),
                quota: None,
            },
            |n| {
                (1..=n)
                    .map(move |q| {
                        (
                            BruteState::Quota(n, q),
                            Position::Quota {
                                heap: n.into(),
                                quota: Some(q.into()),
                            },
                        )
                    })
                    .collect()
            },
        )
        .map(drop)
    }

    fn has_brute_force(&self) -> bool {
        true
    }

    fn moves_to_value(
        &self,
        analyzer: &Analyzer<'_>,
        component: &Component,
        target: &BigUint,
    ) -> Option<Result<Vec<crate::analysis::family::WrittenMove>, Error>> {
        let Position::Quota { heap, quota } = &component.position else {
            return None;
        };
        Some(
            analyzer
                .fibonacci_moves_to_value(heap, quota.as_ref(), target)
                .map(written),
        )
    }

    /// Take 1 to the quota in force; the opponent's quota is twice the take.
    fn small_moves(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        position: &Position,
    ) -> Option<Result<Vec<(Action, Position)>, Error>> {
        let Position::Quota { heap, quota } = position else {
            return None;
        };
        let n = match analyzer.enumerable(game, position, heap) {
            Ok(n) => n,
            Err(error) => return Some(Err(error)),
        };
        let q = fibonacci_nim::effective_quota(heap, quota.as_ref())
            .to_u64()
            .map_or(n, |q| q.min(n));
        let moves = (1..=q)
            .map(|k| {
                let quota = Some(BigUint::from(2 * k));
                let after = Position::Quota {
                    heap: (n - k).into(),
                    quota,
                };
                (Action::TakeUnderQuota { amount: k.into() }, after)
            })
            .collect();
        Some(Ok(moves))
    }

    fn brute_state(&self, position: &Position) -> Option<BruteState> {
        let Position::Quota { heap, quota } = position else {
            return None;
        };
        let heap = u64::try_from(heap).ok()?;
        let quota = match quota {
            Some(q) => u64::try_from(q).ok()?.min(heap),
            // A fresh heap: anything but the whole heap.
            None => heap.saturating_sub(1),
        };
        Some(BruteState::Quota(heap, quota))
    }

    /// Take 1 to the quota; the opponent may take up to twice as much.
    fn brute_options(&self, state: &BruteState) -> Vec<BruteState> {
        let &BruteState::Quota(heap, quota) = state else {
            return Vec::new();
        };
        (1..=quota.min(heap))
            .map(|k| BruteState::Quota(heap - k, (2 * k).min(heap - k)))
            .collect()
    }

    /// Every quota of every heap.
    fn brute_work(&self, n: u128) -> u128 {
        n * n * n / 6
    }

    fn not_per_heap(&self) -> Option<&'static str> {
        Some("the limit on each move, twice the last one, carries over from heap to heap")
    }

    /// Zeckendorf's rule is a theorem of normal play; misère play is answered from a table of
    /// every smaller position.
    fn explain(
        &self,
        _: &Analyzer<'_>,
        _: &Game,
        play: Play,
        _: Option<&Position>,
    ) -> Option<Result<Explained, Error>> {
        let rule = match play {
            Play::Misere => Rule::Graph,
            Play::Normal => {
                let mut numbers = vec![1u64, 2];
                while numbers.len() < CLOSED_FORM_ROWS as usize {
                    let next = numbers[numbers.len() - 1] + numbers[numbers.len() - 2];
                    numbers.push(next);
                }
                Rule::Fibonacci { numbers }
            }
        };
        Some(Ok((vec![Step::Rule(rule)], None)))
    }

    fn table(
        &self,
        analyzer: &Analyzer<'_>,
        _: &Game,
        play: Play,
        (from, to, _): (&BigUint, &BigUint, u64),
    ) -> Option<Result<crate::analysis::family::TableAnswer, Error>> {
        Some(
            analyzer
                .fibonacci_nim_table(from, to, play)
                .map(|(values, basis)| crate::analysis::family::TableAnswer::Values(values, basis)),
        )
    }
}

/// Every Nim move from small heaps.
fn nim_moves(heaps: &[u64]) -> Vec<(Action, Position)> {
    let mut moves = Vec::new();
    for (i, &heap) in heaps.iter().enumerate() {
        for left in 0..heap {
            let after = heaps
                .iter()
                .enumerate()
                .map(|(j, &h)| BigUint::from(if i == j { left } else { h }))
                .collect();
            let action = Action::TakeFromHeap {
                heap: i,
                amount: (heap - left).into(),
            };
            moves.push((action, Position::Heaps(after)));
        }
    }
    moves
}

/// Every Wythoff move from `(a, b)`.
fn wythoff_moves(a: u64, b: u64) -> Vec<(Action, Position)> {
    wythoff_options(a as usize, b as usize)
        .map(|(action, x, y)| (action, Position::Pair(x.into(), y.into())))
        .collect()
}
