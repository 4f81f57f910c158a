//! What a take-and-break code answers for itself (`Answers` for `OctalAnswers`), and its moves for
//! the brute force and for sums.

use super::{OctalAnswers, uncertifiable_period};
use crate::analysis::{Action, Analyzer, Error, Solution, Uncertifiable};
use crate::games::game::Game;
use crate::games::octal::{Code, Modifier};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::theory::period::Search;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

impl crate::analysis::family::Answers for OctalAnswers<'_> {
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
        let code = self.0;
        if play == Play::Normal {
            return Some(analyzer.solve_octal(game, code, heaps));
        }
        // The tame rule and a short search answer small questions fast; beyond them a misère
        // quotient built heap by heap may decide the position, and only then does the search go
        // on to the limit.
        let limit = analyzer.max_positions();
        let quick = limit.min(crate::limits::QUICK_MISERE_POSITIONS);
        Some(
            match analyzer.solve_misere_octal(game, code, heaps, quick) {
                Err(refusal @ Error::Refused(_)) => {
                    match analyzer.solve_by_quotient(game, code, heaps) {
                        Ok(Some(solution)) => Ok(solution),
                        Ok(None) if quick < limit => {
                            analyzer.solve_misere_octal(game, code, heaps, limit)
                        }
                        Ok(None) => Err(refusal),
                        Err(error) => Err(error),
                    }
                }
                answer => answer,
            },
        )
    }

    fn table(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        (from, to, rows): (&BigUint, &BigUint, u64),
    ) -> Option<Result<crate::analysis::family::TableAnswer, Error>> {
        Some(match play {
            Play::Normal => analyzer.octal_evaluate(game, self.0, to).map(|evaluation| {
                let values = evaluation.range(from, rows);
                crate::analysis::family::TableAnswer::Values(values, evaluation.basis(&[]))
            }),
            Play::Misere => analyzer
                .misere_octal_table(game, from, to)
                .map(crate::analysis::family::TableAnswer::Table),
        })
    }

    fn period(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Option<Result<crate::analysis::family::PeriodAnswer, Error>> {
        Some(match play {
            Play::Normal => {
                analyzer
                    .octal_search(game, self.0)
                    .map(
                        |(search, values, resumed_from)| crate::analysis::family::PeriodAnswer {
                            search,
                            values: Some(values),
                            state_vectors: None,
                            resumed_from,
                        },
                    )
            }
            Play::Misere => Err(crate::analysis::misere_octal(
                game,
                "a period of the misère values",
            )),
        })
    }

    fn uncertifiable(&self, _: Play, search: &Search) -> Option<Uncertifiable> {
        uncertifiable_period(self.0, search)
    }

    fn state(&self) -> crate::analysis::explain::State {
        crate::analysis::explain::State::TakeAndBreak {
            code: self.0.clone(),
            most_heaps_left: self.0.max_heaps_left(),
        }
    }

    fn explain(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: Option<&Position>,
    ) -> Option<Result<crate::analysis::family::Explained, Error>> {
        Some(match play {
            Play::Normal => analyzer.explain_heap(game, position),
            Play::Misere => Err(crate::analysis::misere_octal(game, "an explanation")),
        })
    }

    fn has_rows(&self) -> bool {
        true
    }

    fn row_options(
        &self,
        _: Play,
        values: &[u32],
    ) -> Option<Vec<Vec<crate::analysis::explain::RowOption>>> {
        let rows = (0..values.len())
            .map(|n| crate::analysis::explain::octal_options(self.0, values, n))
            .collect();
        Some(rows)
    }

    /// Splits multiply the options: a take-and-break table stays short.
    fn explained_rows(&self) -> u64 {
        crate::analysis::explain::EXPLAIN_CODE_ROWS
    }

    fn has_period(&self) -> bool {
        true
    }

    fn not_per_heap(&self) -> Option<&'static str> {
        None
    }

    /// Under normal play every case from one evaluation up to the largest heap.
    fn oracle(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        largest: &BigUint,
    ) -> Result<crate::analysis::judge::Oracle, Error> {
        Ok(match play {
            Play::Normal => crate::analysis::judge::Oracle::OneHeap {
                evaluation: analyzer.octal_evaluate(game, self.0, largest)?,
                takes: None,
                play,
            },
            Play::Misere => crate::analysis::judge::Oracle::Solve,
        })
    }

    fn test_heaps(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
    ) -> Result<crate::analysis::judge::TestHeaps, Error> {
        analyzer.test_heaps_by_period(game)
    }

    fn test_case(&self) -> crate::analysis::judge::CaseKind {
        crate::analysis::judge::CaseKind::Heaps
    }

    fn moves_to_value(
        &self,
        analyzer: &Analyzer<'_>,
        component: &crate::games::game::Component,
        target: &BigUint,
    ) -> Option<Result<Vec<crate::analysis::family::WrittenMove>, Error>> {
        let Position::Heaps(heaps) = &component.position else {
            return None;
        };
        let moves = analyzer.octal_moves_to_value(&component.game, self.0, heaps, target);
        Some(moves.map(|moves| {
            moves
                .into_iter()
                .map(|(action, after)| (action, Some(Position::Heaps(after))))
                .collect()
        }))
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
        let limit = analyzer.max_positions();
        let sizes = heaps
            .iter()
            .map(|n| analyzer.enumerable(game, position, n))
            .collect::<Result<Vec<u64>, _>>();
        Some(sizes.and_then(|sizes| {
            octal_moves(self.0, &sizes, limit).ok_or_else(|| too_many_moves(game, position, limit))
        }))
    }

    fn verify(
        &self,
        run: &mut crate::analysis::verify::Run<'_, '_>,
        game: &Game,
    ) -> Result<(), Error> {
        if game.is_misere() {
            return Err(crate::analysis::misere_octal(
                game,
                "a verification against brute force",
            ));
        }
        run.heap_game()
    }

    fn has_brute_force(&self) -> bool {
        true
    }

    fn brute_state(&self, position: &Position) -> Option<crate::analysis::brute::State> {
        match position {
            Position::Heaps(heaps) => heaps
                .iter()
                .map(|n| u64::try_from(n).ok())
                .collect::<Option<Vec<_>>>()
                .map(crate::analysis::brute::heaps_state),
            Position::Heap(n) => Some(crate::analysis::brute::heaps_state(vec![
                u64::try_from(n).ok()?,
            ])),
            _ => None,
        }
    }

    fn brute_options(
        &self,
        state: &crate::analysis::brute::State,
    ) -> Vec<crate::analysis::brute::State> {
        match state {
            crate::analysis::brute::State::Heaps(heaps) => {
                crate::analysis::brute::each_heap(heaps, |h| brute_code_moves(self.0, h))
            }
            _ => Vec::new(),
        }
    }

    /// Splits into three heaps cost `n³/12`, into two `n²/2`.
    fn brute_work(&self, n: u128) -> u128 {
        match self.0.max_heaps_left() {
            3 => n * n * n / 12,
            2 => n * n / 2,
            _ => n * n,
        }
    }

    fn brute_heap_moves(&self, n: u64) -> Option<Vec<(crate::analysis::brute::State, Vec<u64>)>> {
        let moves = brute_code_moves(self.0, n)
            .into_iter()
            .map(|parts| (crate::analysis::brute::heaps_state(parts.clone()), parts))
            .collect();
        Some(moves)
    }

    fn decider(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Result<crate::analysis::codegen::Decider, crate::analysis::codegen::KernelError> {
        match play {
            Play::Normal => Ok(crate::analysis::codegen::Decider::Grundy(
                analyzer.kernel(game)?,
            )),
            Play::Misere => Err(crate::analysis::codegen::KernelError::No(
                crate::analysis::codegen::NoProgram::Misere,
            )),
        }
    }
}

/// The heaps a take-and-break move from a heap of `n` can leave, digit by digit as the code
/// states: bit 1 take the whole heap, bit 2 leave one heap, bit 4 two, bit 8 three (non-empty),
/// with the digit's modifier on the heaps left.
fn brute_code_moves(code: &Code, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for j in 0..=n {
        let (digit, modifier) = code.digit(j as usize);
        if digit & 1 != 0 && j == n && j > 0 {
            out.push(Vec::new());
        }
        if j >= n {
            continue;
        }
        let m = n - j;
        if digit & 2 != 0 && j > 0 {
            out.push(vec![m]);
        }
        if digit & 4 != 0 {
            for a in 1..=m / 2 {
                push_allowed(&mut out, vec![a, m - a], modifier);
            }
        }
        if digit & 8 != 0 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    push_allowed(&mut out, vec![a, b, m - a - b], modifier);
                }
            }
        }
    }
    out
}

fn push_allowed(out: &mut Vec<Vec<u64>>, parts: Vec<u64>, modifier: Modifier) {
    let allowed = match modifier {
        Modifier::None => true,
        Modifier::Unequal => {
            (0..parts.len()).all(|i| parts[i + 1..].iter().all(|&b| b != parts[i]))
        }
        Modifier::NotAllEqual => parts.iter().any(|&p| p != parts[0]),
    };
    if allowed {
        out.push(parts);
    }
}

/// Every take-and-break move from small heaps, each leaving the whole new list of heaps (the
/// parts in the place of the heap moved in).
/// The refusal of a component with more moves than the position limit.
fn too_many_moves(game: &Game, position: &Position, limit: u64) -> Error {
    Error::beyond_positions(
        format!("{game}[{position}] has more moves than the limit of {limit} positions"),
        None,
    )
}

/// `None` when the heaps have more than `limit` moves (counted before any is listed).
fn octal_moves(code: &Code, heaps: &[u64], limit: u64) -> Option<Vec<(Action, Position)>> {
    let work = heaps
        .iter()
        .map(|&n| crate::analysis::misere::option_work(code, n))
        .fold(0, u64::saturating_add);
    if work > limit {
        return None;
    }
    let mut moves = Vec::new();
    for (i, &heap) in heaps.iter().enumerate() {
        crate::games::octal::for_each_option_heaps(code, heap as usize, |parts| {
            let parts: Vec<BigUint> = parts.iter().map(|&p| BigUint::from(p)).collect();
            let left: u64 = parts.iter().filter_map(ToPrimitive::to_u64).sum();
            let mut after: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
            after.splice(i..=i, parts.iter().cloned());
            let action = Action::TakeAndBreak {
                heap: (heaps.len() > 1).then_some(i),
                take: (heap - left).into(),
                parts,
            };
            moves.push((action, Position::Heaps(after)));
        });
    }
    Some(moves)
}
