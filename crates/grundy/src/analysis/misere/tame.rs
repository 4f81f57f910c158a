//! The tame rule for misère take-and-break codes (docs/misere.md, Theorems 1 and 2): the tame
//! types of heaps, the misère-Nim outcome of their sum, its winning moves, and misère sums of
//! codes and Nim by their types.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{
    Action, Analyzer, Basis, ClosedForm, Error, Move, Outcome, Solution, Target,
};
use crate::games::game::{Component, Game};
use crate::games::octal::{Code, for_each_option_heaps};
use crate::games::position::Position;
use crate::limits::MISERE_TABLE_HEAPS;
use crate::theory::genus::Tame;

use super::{TameRange, Tameness, Wanted, nim_like, option_work};

impl Analyzer<'_> {
    /// The tame types of `heaps` of `code`, when every heap lies in the range proved tame: by
    /// the Nim-like theorem at any size, else the tame prefix computed up to the largest heap.
    /// `Ok(None)` when some heap is not proved tame.
    pub(super) fn tame_types(
        &self,
        game: &Game,
        code: &Code,
        heaps: &[BigUint],
    ) -> Result<Option<(Vec<Tame>, TameTable)>, Error> {
        if nim_like(code) {
            if heaps.iter().any(|h| h.to_u32().is_none()) {
                return Ok(None);
            }
            let table = TameTable::EveryHeap;
            let types = heaps
                .iter()
                .map(|h| table.of(h.to_usize().unwrap_or(0)))
                .collect();
            return Ok(Some((types, table)));
        }
        let Some(largest) = heaps.iter().max().map_or(Some(0), ToPrimitive::to_u64) else {
            return Ok(None);
        };
        if largest > MISERE_TABLE_HEAPS {
            return Ok(None);
        }
        let report = match self.genus_unsettled(game, largest, Wanted::TamePrefix) {
            Ok(report) => report,
            // Too much work for the tame range: the search decides (or refuses) instead.
            Err(Error::Refused(_)) => return Ok(None),
            Err(other) => return Err(other),
        };
        if report.tame_to < largest {
            return Ok(None);
        }
        let prefix: Vec<Tame> = report.heaps[..=largest as usize]
            .iter()
            .map(|h| match h.tameness {
                Tameness::Tame(t) => t,
                // Never: every heap up to tame_to is tame.
                _ => Tame::ZERO,
            })
            .collect();
        let table = TameTable::Prefix(prefix);
        let types = heaps
            .iter()
            .map(|h| table.of(h.to_usize().unwrap_or(0)))
            .collect();
        Ok(Some((types, table)))
    }

    /// The tame rule on heaps of types `types`: the misère-Nim outcome of the sum of types, and
    /// every move to a P-type. `Ok(None)` when the winning moves cannot be listed (heaps too
    /// large to enumerate their options), for the search to decide.
    pub(super) fn solve_tame(
        &self,
        game: &Game,
        code: &Code,
        heaps: &[BigUint],
        types: &[Tame],
        table: &TameTable,
    ) -> Result<Option<Solution>, Error> {
        let total = types.iter().fold(Tame::ZERO, |t, &u| t.plus(u));
        let mut winning = Vec::new();
        if !total.loses() {
            let work: u64 = heaps
                .iter()
                .map(|h| h.to_u64().map_or(u64::MAX, |h| option_work(code, h)))
                .fold(0, u64::saturating_add);
            if work > self.max_positions() {
                return Err(Error::beyond_positions(
                    format!(
                        "{game} on {}: the player to move wins ({}), but listing every winning move means examining about {work} moves, more than the limit of {}",
                        Position::Heaps(heaps.to_vec()),
                        "the tame rule",
                        self.max_positions()
                    ),
                    Some(work.into()),
                ));
            }
            let firm_count = types.iter().filter(|t| t.firm).count();
            for (i, heap) in heaps.iter().enumerate() {
                self.check(i as u64)?;
                let Some(heap) = heap.to_u32() else {
                    return Ok(None);
                };
                let others_firm = firm_count - usize::from(types[i].firm) > 0;
                let others = total.value ^ types[i].value;
                let mut found = Vec::new();
                for_each_option_heaps(code, heap as usize, |parts| {
                    let part_type = parts.iter().fold(Tame::ZERO, |t, &p| t.plus(table.of(p)));
                    let after = Tame {
                        value: others ^ part_type.value,
                        firm: others_firm || part_type.firm,
                    };
                    if after.loses() {
                        found.push(parts.to_vec());
                    }
                });
                winning.extend(found.into_iter().map(|parts| (i, heap, parts)));
            }
        }
        let moves = self.misere_moves(heaps, winning)?;
        let rule = ClosedForm::TameMisere {
            types: types.to_vec(),
            total,
            range: table.range(),
        };
        Ok(Some(tame_solution(
            game,
            Position::Heaps(heaps.to_vec()),
            total,
            moves,
            rule,
        )))
    }

    /// A misère sum whose components are all Nim or take-and-break codes with every heap in a
    /// tame range: the tame rule over all their heaps. `None` for any other sum.
    pub(in crate::analysis) fn misere_tame_sum(
        &self,
        game: &Game,
        components: &[Component],
    ) -> Result<Option<Solution>, Error> {
        let mut all_types = Vec::new();
        let mut per_component = Vec::new();
        let mut ranges = Vec::new();
        for component in components {
            let Position::Heaps(heaps) = &component.position else {
                return Ok(None);
            };
            // Nim heaps are tame, each of its own Nim type; a code's heaps as found tame.
            let (types, range) = if super::super::answers(&component.game).heaps_are_nim() {
                let Some(types) = heaps
                    .iter()
                    .map(|h| h.to_u32().map(Tame::nim_heap))
                    .collect::<Option<Vec<Tame>>>()
                else {
                    return Ok(None);
                };
                (types, TameTable::EveryHeap)
            } else if let Some(code) = component.game.code() {
                let misere = Game::Misere(Box::new(component.game.clone()));
                match self.tame_types(&misere, code, heaps)? {
                    Some(found) => found,
                    None => return Ok(None),
                }
            } else {
                return Ok(None);
            };
            all_types.extend(types.iter().copied());
            per_component.push(types);
            ranges.push(range);
        }
        let total = all_types.iter().fold(Tame::ZERO, |t, &u| t.plus(u));
        let firm_count = all_types.iter().filter(|t| t.firm).count();
        let mut winning_moves = Vec::new();
        if !total.loses() {
            for (c, component) in components.iter().enumerate() {
                let Position::Heaps(heaps) = &component.position else {
                    continue;
                };
                for (i, &own) in per_component[c].iter().enumerate() {
                    let others = total.value ^ own.value;
                    let others_firm = firm_count - usize::from(own.firm) > 0;
                    let loses_with = |part: Tame| {
                        Tame {
                            value: others ^ part.value,
                            firm: others_firm || part.firm,
                        }
                        .loses()
                    };
                    let options = self.tame_heap_moves(
                        game,
                        &component.game,
                        heaps,
                        i,
                        &ranges[c],
                        &loses_with,
                    )?;
                    for (action, after) in options {
                        winning_moves.push(Move {
                            component: Some(c),
                            action,
                            to: Target::Component {
                                index: c,
                                position: Position::Heaps(after),
                            },
                        });
                    }
                }
            }
        }
        let range = ranges
            .iter()
            .map(TameTable::range)
            .min_by_key(|r| match r {
                TameRange::UpTo(n) => *n,
                TameRange::EveryHeap => u64::MAX,
            })
            .unwrap_or(TameRange::EveryHeap);
        let rule = ClosedForm::TameMisere {
            types: all_types,
            total,
            range,
        };
        Ok(Some(tame_solution(
            game,
            Position::Sum,
            total,
            winning_moves,
            rule,
        )))
    }

    /// The moves in heap `i` of a Nim or take-and-break component (heaps `heaps`, types from
    /// `table`) after which `loses_with` the new heap's (or parts') type holds: each with the
    /// component's heaps after it.
    pub(super) fn tame_heap_moves(
        &self,
        game: &Game,
        component: &Game,
        heaps: &[BigUint],
        i: usize,
        table: &TameTable,
        loses_with: &dyn Fn(Tame) -> bool,
    ) -> Result<Vec<(Action, Vec<BigUint>)>, Error> {
        let mut options: Vec<(Action, Vec<BigUint>)> = Vec::new();
        if super::super::answers(component).heaps_are_nim() {
            // The new heap of a Nim move: its type must make the whole lose.
            let n = heaps[i].to_u32().unwrap_or(0);
            for left in 0..n {
                if loses_with(Tame::nim_heap(left)) {
                    let mut after = heaps.to_vec();
                    after[i] = left.into();
                    options.push((
                        Action::TakeFromHeap {
                            heap: i,
                            amount: (n - left).into(),
                        },
                        after,
                    ));
                }
            }
        } else if let Some(code) = component.code() {
            let Some(n) = heaps[i].to_u64() else {
                return Ok(options);
            };
            if option_work(code, n) > self.max_positions() {
                return Err(Error::beyond_positions(
                    format!(
                        "{game}: listing the winning moves of a heap of {n} means examining about {} moves, more than the limit of {}",
                        option_work(code, n),
                        self.max_positions()
                    ),
                    None,
                ));
            }
            for_each_option_heaps(code, n as usize, |parts| {
                let part = parts.iter().fold(Tame::ZERO, |t, &p| t.plus(table.of(p)));
                if loses_with(part) {
                    let parts: Vec<BigUint> = parts.iter().map(|&p| BigUint::from(p)).collect();
                    let left: u64 = parts.iter().map(|p| p.to_u64().unwrap_or(0)).sum();
                    let mut after = heaps.to_vec();
                    after.splice(i..=i, parts.iter().cloned());
                    options.push((
                        Action::TakeAndBreak {
                            heap: (heaps.len() > 1).then_some(i),
                            take: (n - left).into(),
                            parts,
                        },
                        after,
                    ));
                }
            });
        }
        Ok(options)
    }
}

/// The tame types of a code's heaps: the Nim heap of each size (a Nim-like code, or Nim
/// itself), or the types of heaps `0..=n` found tame.
#[derive(Clone, Debug)]
pub(super) enum TameTable {
    EveryHeap,
    Prefix(Vec<Tame>),
}

impl TameTable {
    /// The type of a heap of `n` (within the table: the parts a move leaves are smaller than
    /// the heap it is made in).
    pub(super) fn of(&self, n: usize) -> Tame {
        match self {
            Self::EveryHeap => Tame::nim_heap(n as u32),
            Self::Prefix(types) => types[n],
        }
    }

    pub(super) fn range(&self) -> TameRange {
        match self {
            Self::EveryHeap => TameRange::EveryHeap,
            Self::Prefix(types) => TameRange::UpTo(types.len() as u64 - 1),
        }
    }
}

/// The answer of the tame rule: the position loses exactly when the sum of types `total` does;
/// its misère value is the type's.
pub(super) fn tame_solution(
    game: &Game,
    position: Position,
    total: Tame,
    moves: Vec<Move>,
    rule: ClosedForm,
) -> Solution {
    let outcome = if total.loses() {
        Outcome::Lose
    } else {
        Outcome::Win
    };
    Solution::new(game, position, outcome, None, moves, Basis::Rule(rule))
        .with_value(crate::games::play::Play::Misere, total.misere().into())
}
