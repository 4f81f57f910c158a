//! No-repeat subtraction games: the period of the state vectors, and answers for any heap.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::heap::verified;
use super::{Action, Analyzer, Basis, Error, Move, Outcome, Solution, Unit, Watched};
use crate::engine::norepeat::{StateValues, last_index};
use crate::engine::{Play, Stream};
use crate::games::game::Game;
use crate::games::position::Position;
use crate::games::subtraction::FiniteSet;
use crate::theory::period::{self, Search};

use crate::limits::MAX_NOREPEAT_AMOUNTS;

/// A no-repeat game's values: the search result on state-vector ids, the ids read, and the vectors.
pub(super) struct States {
    pub(super) search: Search,
    ids: Vec<u32>,
    vectors: Vec<Vec<u32>>,
}

impl States {
    pub(super) fn into_vectors(self) -> Vec<Vec<u32>> {
        self.vectors
    }

    /// `G(heap, last)`, if the heap is covered (certified, or within the ids read).
    fn value(&self, heap: &BigUint, last: usize) -> Option<u32> {
        let id = match &self.search {
            Search::Certified(certificate) => {
                let (index, _) = certificate.periodicity().locate(heap);
                certificate.periodicity().values().get(index)
            }
            _ => *self.ids.get(heap.to_usize()?)?,
        };
        Some(self.vectors[id as usize][last])
    }
}

impl Analyzer<'_> {
    /// Searches the state vectors of a no-repeat game for their period (window criterion).
    pub(super) fn norepeat_search(
        &self,
        game: &Game,
        set: &FiniteSet,
        play: Play,
    ) -> Result<(Search, States), Error> {
        if set.members().len() > MAX_NOREPEAT_AMOUNTS {
            return Err(Error::refused(format!(
                "{game} has {} amounts; a no-repeat position carries the last amount taken, so each heap size costs |S| work and a vector of |S| + 1 values, and grundy accepts at most {MAX_NOREPEAT_AMOUNTS} amounts",
                set.members().len()
            )));
        }
        let values = StateValues::new(set, play);
        let limit = self.work_limited(
            self.config.max_values.unwrap_or(super::DEFAULT_MAX_VALUES),
            values.work_per_value(),
        );
        let vector_bytes = (set.members().len() as u64 + 1) * 4 + 16;
        self.reserve(limit.saturating_mul(vector_bytes), || {
            format!("{limit} state vectors of {game}")
        })?;
        let mut stream = Watched::new(values, self.observer(), limit);
        let (search, ids) = period::search_window(stream.by_ref(), set.largest(), limit);
        if stream.interrupted {
            return Err(Error::Interrupted {
                checked_to: ids.len() as u64,
                unit: Unit::Values,
            });
        }
        let (search, ids) = verified(game, search, ids)?;
        let states = States {
            search: search.clone(),
            ids,
            vectors: stream.values.into_vectors(),
        };
        Ok((search, states))
    }

    fn norepeat_states(
        &self,
        game: &Game,
        set: &FiniteSet,
        play: Play,
        largest: &BigUint,
    ) -> Result<States, Error> {
        let (search, states) = self.norepeat_search(game, set, play)?;
        if states.value(largest, 0).is_none() {
            let limit = self.config.max_values.unwrap_or(super::DEFAULT_MAX_VALUES);
            let checked = match search {
                Search::NotFound { checked_to } => checked_to,
                _ => states.ids.len() as u64,
            };
            return Err(Error::beyond_values(
                format!(
                    "no period of {game} was certified within the first {checked} heap sizes (limit {limit}), and heap {largest} lies beyond them, so grundy cannot answer exactly"
                ),
                None,
            ));
        }
        Ok(states)
    }

    /// Solves `heap/last` of a no-repeat game.
    pub(super) fn solve_norepeat(
        &self,
        game: &Game,
        set: &FiniteSet,
        heap: &BigUint,
        last: Option<u64>,
        play: Play,
    ) -> Result<Solution, Error> {
        // A position built by hand may name a last amount outside the set: no move leaves it.
        let last_at = last_index(set, last).ok_or_else(|| {
            super::wrong_shape(
                game,
                &Position::LastMove {
                    heap: heap.clone(),
                    last,
                },
            )
        })?;
        let states = self.norepeat_states(game, set, play, heap)?;
        let value = states.value(heap, last_at).expect("covered");
        let winning_moves: Vec<Move> = set
            .members()
            .iter()
            .enumerate()
            .filter(|&(_, &s)| Some(s) != last && BigUint::from(s) <= *heap)
            .filter(|&(j, &s)| states.value(&(heap - s), j + 1) == Some(0))
            .map(|(_, &s)| {
                let after = Position::LastMove {
                    heap: heap - s,
                    last: Some(s),
                };
                Move::whole(Action::Take { amount: s.into() }, after)
            })
            .collect();
        let outcome = if value == 0 {
            Outcome::Lose
        } else {
            Outcome::Win
        };
        let position = Position::LastMove {
            heap: heap.clone(),
            last,
        };
        let basis = match states.search {
            Search::Certified(certificate) => Basis::Certified(certificate),
            _ => Basis::Computed {
                computed: states.ids.len() as u64,
            },
        };
        Ok(
            Solution::new(game, position, outcome, None, winning_moves, basis)
                .with_value(play, value.into()),
        )
    }

    /// `G(n, none)` for `n` in `from..from + rows`.
    pub(super) fn norepeat_table(
        &self,
        game: &Game,
        set: &FiniteSet,
        play: Play,
        from: &BigUint,
        rows: u64,
    ) -> Result<(Vec<BigUint>, Basis), Error> {
        let to = from + rows - 1u32;
        let states = self.norepeat_states(game, set, play, &to)?;
        let values = (0..rows)
            .map(|i| BigUint::from(states.value(&(from + i), 0).expect("covered")))
            .collect();
        let basis = match states.search {
            Search::Certified(certificate) => Basis::Certified(certificate),
            _ => Basis::Computed {
                computed: states.ids.len() as u64,
            },
        };
        Ok((values, basis))
    }
}

/// No-repeat games answer from their state-vector streams.
pub(super) struct NoRepeatAnswers<'a>(pub(super) &'a FiniteSet);

impl super::family::Answers for NoRepeatAnswers<'_> {
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        let Position::LastMove { heap, last } = position else {
            return None;
        };
        Some(analyzer.solve_norepeat(game, self.0, heap, *last, play))
    }

    fn table(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        (from, _, rows): (&BigUint, &BigUint, u64),
    ) -> Option<Result<super::family::TableAnswer, Error>> {
        Some(
            analyzer
                .norepeat_table(game, self.0, play, from, rows)
                .map(|(values, basis)| super::family::TableAnswer::Values(values, basis)),
        )
    }

    fn period(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Option<Result<super::family::PeriodAnswer, Error>> {
        Some(
            analyzer
                .norepeat_search(game, self.0, play)
                .map(|(search, states)| super::family::PeriodAnswer {
                    search,
                    values: None,
                    state_vectors: Some(states.into_vectors()),
                    resumed_from: 0,
                }),
        )
    }

    fn state(&self) -> super::explain::State {
        super::explain::State::HeapAndLastMove {
            amounts: self.0.members().to_vec(),
        }
    }

    fn explain(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        _: Play,
        position: Option<&Position>,
    ) -> Option<Result<super::family::Explained, Error>> {
        Some(analyzer.explain_heap(game, position))
    }

    fn has_rows(&self) -> bool {
        true
    }

    /// Each amount of the set up to a fresh heap, valued by the state it leaves (the amount
    /// just taken forbidden).
    fn row_options(
        &self,
        play: Play,
        values: &[u32],
    ) -> Option<Vec<Vec<super::explain::RowOption>>> {
        let states = super::explain::norepeat_states(self.0, play, values.len());
        let rows = (0..values.len())
            .map(|n| {
                self.0
                    .members()
                    .iter()
                    .filter(|&&s| s as usize <= n)
                    .enumerate()
                    .map(|(i, &s)| {
                        let m = n - s as usize;
                        let value = states[m][i + 1];
                        super::explain::RowOption {
                            take: s,
                            parts: vec![m as u64],
                            part_values: vec![value],
                            value,
                        }
                    })
                    .collect()
            })
            .collect();
        Some(rows)
    }

    fn forbids_repeat(&self) -> bool {
        true
    }

    fn test_heaps(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
    ) -> Result<super::judge::TestHeaps, Error> {
        analyzer.test_heaps_by_period(game)
    }

    /// A fresh heap: no amount taken yet.
    fn test_case(&self) -> super::judge::CaseKind {
        super::judge::CaseKind::Fresh
    }

    /// Every fresh heap and every last move, then the period against the brute force.
    fn verify(&self, run: &mut super::verify::Run<'_, '_>, _: &Game) -> Result<(), Error> {
        let members = self.0.members().to_vec();
        let memo = run.states(
            |n| super::brute::State::Last(n, None),
            |n| Position::LastMove {
                heap: n.into(),
                last: None,
            },
            move |n| {
                members
                    .iter()
                    .map(|&s| {
                        (
                            super::brute::State::Last(n, Some(s)),
                            Position::LastMove {
                                heap: n.into(),
                                last: Some(s),
                            },
                        )
                    })
                    .collect()
            },
        )?;
        run.norepeat_period(self.0, memo)
    }

    fn has_brute_force(&self) -> bool {
        true
    }

    /// Each amount of the set but the one just taken.
    fn small_moves(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        position: &Position,
    ) -> Option<Result<Vec<(Action, Position)>, Error>> {
        let Position::LastMove { heap, last } = position else {
            return None;
        };
        let n = match analyzer.enumerable(game, position, heap) {
            Ok(n) => n,
            Err(error) => return Some(Err(error)),
        };
        let moves = self
            .0
            .members()
            .iter()
            .filter(|&&s| s <= n && Some(s) != *last)
            .map(|&s| {
                let after = Position::LastMove {
                    heap: (n - s).into(),
                    last: Some(s),
                };
                (Action::Take { amount: s.into() }, after)
            })
            .collect();
        Some(Ok(moves))
    }

    fn brute_state(&self, position: &Position) -> Option<super::brute::State> {
        let Position::LastMove { heap, last } = position else {
            return None;
        };
        Some(super::brute::State::Last(u64::try_from(heap).ok()?, *last))
    }

    /// Each amount of the set but the one just taken.
    fn brute_options(&self, state: &super::brute::State) -> Vec<super::brute::State> {
        let &super::brute::State::Last(heap, last) = state else {
            return Vec::new();
        };
        self.0
            .members()
            .iter()
            .filter(|&&s| s <= heap && Some(s) != last)
            .map(|&s| super::brute::State::Last(heap - s, Some(s)))
            .collect()
    }

    /// Every last move of every heap.
    fn brute_work(&self, n: u128) -> u128 {
        let k = self.0.members().len() as u128;
        4 * n * (k + 1) * k
    }

    fn decider(
        &self,
        _: &Analyzer<'_>,
        _: &Game,
        play: Play,
    ) -> Result<super::codegen::Decider, super::codegen::KernelError> {
        Err(super::codegen::KernelError::No(match play {
            Play::Normal => super::codegen::NoProgram::NoRepeat,
            Play::Misere => super::codegen::NoProgram::Misere,
        }))
    }

    fn has_period(&self) -> bool {
        true
    }

    fn not_per_heap(&self) -> Option<&'static str> {
        Some("the no-repeat rule remembers the last amount taken, whichever heap it was taken from")
    }
}
