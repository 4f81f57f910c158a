//! What a subtraction game, with or without the rest rule, answers for itself (`Answers` for
//! `HeapRules`), and its moves for the brute force and for sums.

use super::{HeapRules, amounts_to_value};
use crate::analysis::brute::{State as BruteState, each_heap, heaps_state};
use crate::analysis::codegen::{Amounts, Decider, Dp, Kernel, KernelError};
use crate::analysis::evaluate::Evaluation;
use crate::analysis::judge::{Oracle, TestHeaps};
use crate::analysis::{Action, Analyzer, Error, Solution};
use crate::engine::Play;
use crate::games::game::Game;
use crate::games::moves::Target;
use crate::games::position::Position;
use crate::games::subtraction::SubtractionSet;
use crate::limits::DEFAULT_MAX_VALUES;
use crate::theory::period::Search;
use num_bigint::BigUint;

/// The answer for one heap written as a list of one heap, as the question was.
fn written_as_heaps(mut solution: Solution) -> Solution {
    let listed = |position: Position| match position {
        Position::Heap(heap) => Position::Heaps(vec![heap]),
        other => other,
    };
    solution.position = listed(solution.position);
    for step in &mut solution.winning_moves {
        if let Target::Whole(position) = &mut step.to {
            *position = listed(std::mem::replace(position, Position::Sum));
        }
    }
    solution
}

/// One-heap subtraction games answer from their value streams and periods.
impl crate::analysis::family::Answers for HeapRules<'_> {
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        Some(match (play, position) {
            (_, Position::Heap(heap)) => analyzer.solve_subtraction(game, *self, play, heap),
            (Play::Normal, Position::Heaps(heaps)) => {
                analyzer.solve_subtraction_heaps(game, *self, heaps)
            }
            (Play::Misere, Position::Heaps(heaps)) => {
                // A finite set is a take-and-break code: its misère theory answers sums.
                let set = match self {
                    Self::Plain(SubtractionSet::Finite(set)) => Some(set),
                    _ => None,
                };
                match set.and_then(|set| analyzer.solve_misere_set(game, set, heaps)) {
                    Some(answer) => answer,
                    // One heap is valued alone: its misère value decides it.
                    None if heaps.len() == 1 => analyzer
                        .solve_subtraction(game, *self, play, &heaps[0])
                        .map(written_as_heaps),
                    None => analyzer.solve_misere_heaps(game, game.base(), heaps),
                }
            }
            _ => return None,
        })
    }

    fn table(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        (from, to, rows): (&BigUint, &BigUint, u64),
    ) -> Option<Result<crate::analysis::family::TableAnswer, Error>> {
        Some(
            analyzer
                .subtraction_evaluate(game, *self, play, to)
                .map(|evaluation| {
                    let values = evaluation.range(from, rows);
                    crate::analysis::family::TableAnswer::Values(values, evaluation.basis(&[]))
                }),
        )
    }

    fn period(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Option<Result<crate::analysis::family::PeriodAnswer, Error>> {
        Some(
            analyzer
                .subtraction_search(game, *self, play)
                .map(|(search, _)| crate::analysis::family::PeriodAnswer::search(search)),
        )
    }

    fn state(&self) -> crate::analysis::explain::State {
        match self {
            Self::Plain(set) => crate::analysis::explain::State::Heap {
                set: (*set).clone(),
            },
            Self::Rest(remainder) => crate::analysis::explain::State::HeapWithRest {
                set: remainder.finite().clone(),
            },
        }
    }

    fn explain(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        _: Play,
        position: Option<&Position>,
    ) -> Option<Result<crate::analysis::family::Explained, Error>> {
        Some(analyzer.explain_heap(game, position))
    }

    fn has_rows(&self) -> bool {
        true
    }

    fn has_period(&self) -> bool {
        true
    }

    fn not_per_heap(&self) -> Option<&'static str> {
        None
    }

    /// Every case from one evaluation up to the largest heap.
    fn oracle(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        largest: &BigUint,
    ) -> Result<Oracle, Error> {
        Ok(Oracle::OneHeap {
            evaluation: analyzer.subtraction_evaluate(game, *self, play, largest)?,
            takes: Some(game.base().clone()),
            play,
        })
    }

    fn verify(
        &self,
        run: &mut crate::analysis::verify::Run<'_, '_>,
        _: &Game,
    ) -> Result<(), Error> {
        run.heap_game()
    }

    fn has_brute_force(&self) -> bool {
        true
    }

    fn brute_state(&self, position: &Position) -> Option<BruteState> {
        match position {
            Position::Heap(n) => Some(BruteState::Heap(u64::try_from(n).ok()?)),
            Position::Heaps(heaps) => heaps
                .iter()
                .map(|n| u64::try_from(n).ok())
                .collect::<Option<Vec<_>>>()
                .map(heaps_state),
            _ => None,
        }
    }

    fn brute_options(&self, state: &BruteState) -> Vec<BruteState> {
        match state {
            &BruteState::Heap(n) => brute_amounts(*self, n)
                .into_iter()
                .map(|s| BruteState::Heap(n - s))
                .collect(),
            BruteState::Heaps(heaps) => each_heap(heaps, |h| {
                brute_amounts(*self, h)
                    .into_iter()
                    .map(|s| vec![h - s])
                    .collect()
            }),
            _ => Vec::new(),
        }
    }

    /// Infinite sets count 8 steps an amount (a membership test is arithmetic, not a lookup).
    fn brute_work(&self, n: u128) -> u128 {
        match self {
            Self::Plain(SubtractionSet::Finite(finite)) => n * finite.members().len() as u128,
            Self::Plain(SubtractionSet::AllBut(_)) => n * n / 2,
            Self::Plain(SubtractionSet::Family(_)) => 4 * n * n,
            Self::Rest(remainder) => n * remainder.finite().members().len() as u128,
        }
    }

    fn brute_heap_moves(&self, n: u64) -> Option<Vec<(BruteState, Vec<u64>)>> {
        let moves = brute_amounts(*self, n)
            .into_iter()
            .map(|s| (BruteState::Heap(n - s), vec![n - s]))
            .collect();
        Some(moves)
    }

    fn moves_to_value(
        &self,
        analyzer: &Analyzer<'_>,
        component: &crate::games::game::Component,
        target: &BigUint,
    ) -> Option<Result<Vec<crate::analysis::family::WrittenMove>, Error>> {
        Some(
            analyzer
                .subtraction_moves_to_value(component, target)
                .map(crate::analysis::family::written),
        )
    }

    fn small_moves(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        position: &Position,
    ) -> Option<Result<Vec<(Action, Position)>, Error>> {
        let small = |n| analyzer.enumerable(game, position, n);
        Some(match position {
            Position::Heap(heap) => small(heap).map(|n| heap_moves(*self, n)),
            Position::Heaps(heaps) => heaps
                .iter()
                .map(small)
                .collect::<Result<Vec<u64>, _>>()
                .map(|sizes| heaps_moves(*self, heaps, &sizes)),
            _ => return None,
        })
    }

    fn amounts_to_value(
        &self,
        evaluation: &Evaluation,
        heap: &BigUint,
        target: &BigUint,
    ) -> Option<Result<Vec<BigUint>, Error>> {
        Some(amounts_to_value(evaluation, *self, heap, target))
    }

    /// A finite set's period may be certified; no theorem certifies an infinite set's without a
    /// residue modulus (no need to search the whole limit), nor the rest rule's.
    fn test_heaps(&self, analyzer: &Analyzer<'_>, game: &Game) -> Result<TestHeaps, Error> {
        match self {
            Self::Plain(SubtractionSet::Family(family)) if family.residue_modulus().is_none() => {
                Ok(TestHeaps::default())
            }
            Self::Plain(_) => analyzer.test_heaps_by_period(game),
            Self::Rest(_) => Ok(TestHeaps::default()),
        }
    }

    fn decider(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Result<Decider, KernelError> {
        let kernel = analyzer.kernel(game)?;
        Ok(match play {
            Play::Normal => Decider::Grundy(kernel),
            Play::Misere => Decider::MisereHeap(kernel),
        })
    }

    /// A finite set built from the numbers read: the amounts themselves (`subtraction:{s}`,
    /// `subtraction:1,2,{k}`), or every amount up to one number (`bash:{m}`), under normal play.
    fn carried(&self, _: &Analyzer<'_>, game: &Game, sample: &[u64]) -> Option<Decider> {
        let Self::Plain(SubtractionSet::Finite(set)) = self else {
            return None;
        };
        if game.play() != Play::Normal {
            return None;
        }
        let mut amounts = sample.to_vec();
        amounts.sort_unstable();
        amounts.dedup();
        if set.members() == amounts.as_slice() {
            return Some(Decider::Grundy(Kernel::CarriedSet {
                bound: DEFAULT_MAX_VALUES - 1,
            }));
        }
        match sample {
            [bound] if set.members().iter().copied().eq(1..=*bound) => {
                Some(Decider::Grundy(Kernel::CarriedBash))
            }
            _ => None,
        }
    }

    /// A finite set or a family of amounts is a DP up to the value limit; all-but sets and the
    /// rest rule, whose moves are too many for a program's DP, a table of values.
    fn uncertified_kernel(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        search: Search,
    ) -> Result<Kernel, KernelError> {
        let amounts = match self {
            Self::Rest(_) | Self::Plain(SubtractionSet::AllBut(_)) => {
                return analyzer.table_kernel(game, Some(search));
            }
            Self::Plain(SubtractionSet::Finite(finite)) => {
                Amounts::Finite(finite.members().to_vec())
            }
            Self::Plain(SubtractionSet::Family(family)) => Amounts::Family(*family),
        };
        Ok(Kernel::Dp(Dp {
            amounts,
            bound: analyzer.subtraction_limit(*self).saturating_sub(1),
            search,
        }))
    }

    /// Each amount of the set up to the heap, leaving one heap.
    fn row_options(
        &self,
        _: Play,
        values: &[u32],
    ) -> Option<Vec<Vec<crate::analysis::explain::RowOption>>> {
        let rules = *self;
        let option = |n: usize, s: u64| {
            let m = n - s as usize;
            crate::analysis::explain::RowOption {
                take: s,
                parts: vec![m as u64],
                part_values: vec![values[m]],
                value: values[m],
            }
        };
        let rows = (0..values.len())
            .map(|n| match rules {
                Self::Plain(set) => (1..=n as u64)
                    .filter(|&s| set.contains(s))
                    .map(|s| option(n, s))
                    .collect(),
                Self::Rest(remainder) => remainder
                    .amounts(n as u64)
                    .into_iter()
                    .map(|s| option(n, s))
                    .collect(),
            })
            .collect();
        Some(rows)
    }

    /// An infinite set is certified only by the residue theorem, and only under normal play.
    fn uncertifiable(&self, play: Play, _: &Search) -> Option<crate::analysis::Uncertifiable> {
        match self.set() {
            SubtractionSet::Family(family)
                if family.residue_modulus().is_none() || play == Play::Misere =>
            {
                Some(crate::analysis::Uncertifiable::InfiniteSet {
                    family: family.name(),
                })
            }
            _ => None,
        }
    }
}

/// The amounts a move may take from a heap of `n`, as the brute force reads the rules (its own
/// reading, sharing nothing with the engines): the set's amounts up to `n`; with the rest rule,
/// all `n` when `0 < n < min S`.
fn brute_amounts(rules: HeapRules<'_>, n: u64) -> Vec<u64> {
    match rules {
        HeapRules::Plain(SubtractionSet::Finite(finite)) => finite
            .members()
            .iter()
            .copied()
            .take_while(|&s| s <= n)
            .collect(),
        HeapRules::Plain(set) => (1..=n).filter(|&s| set.contains(s)).collect(),
        HeapRules::Rest(remainder) => {
            let members = remainder.finite().members();
            if n > 0 && n < members[0] {
                vec![n]
            } else {
                members.iter().copied().filter(|&s| s <= n).collect()
            }
        }
    }
}

/// Every move from one heap of `n` of a one-heap subtraction game.
fn heap_moves(rules: HeapRules<'_>, n: u64) -> Vec<(Action, Position)> {
    rules
        .amounts_up_to(n)
        .into_iter()
        .map(|s| {
            let left = Position::Heap((n - s).into());
            (Action::Take { amount: s.into() }, left)
        })
        .collect()
}

/// Every move from heaps (of `sizes`) of a one-heap subtraction game, heap by heap.
fn heaps_moves(rules: HeapRules<'_>, heaps: &[BigUint], sizes: &[u64]) -> Vec<(Action, Position)> {
    let mut moves = Vec::new();
    for (i, &n) in sizes.iter().enumerate() {
        for s in rules.amounts_up_to(n) {
            let mut after = heaps.to_vec();
            after[i] = (n - s).into();
            let action = Action::TakeFromHeap {
                heap: i,
                amount: s.into(),
            };
            moves.push((action, Position::Heaps(after)));
        }
    }
    moves
}
