//! Misère play of take-and-break codes: the exact misère value of any position (a multiset of
//! heaps) by a memoised search, Conway's genus of each heap by the rule on its options' genera,
//! tameness heap by heap by grundy's tame criterion, and the misère-Nim rule on tame types.
//!
//! Under misère play a split leaves a *sum* of heaps whose misère value is not the xor of its
//! parts', so options are multisets of heaps, not values. Where every heap of a position lies in
//! the tame range (docs/misere.md §3), the position is played like misère Nim on the heaps' tame
//! types, at any number of heaps; otherwise the position is searched, within the query's budget.

use std::collections::HashMap;
use std::hash::Hash;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{Action, Analyzer, Basis, Error, Move, Outcome, Solution, Target, Unit};
use crate::Observer;
use crate::games::game::Game;
use crate::games::octal::{Code, for_each_option, for_each_option_heaps};
use crate::games::position::Position;
use crate::limits::{MISERE_GENUS_WORK, MISERE_TABLE_HEAPS};
use crate::theory::genus::{Genus, NotPeriodic, Tame, TameFailure};
use crate::theory::mex::mex;

mod tame;

/// Whether a heap is tame, and why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tameness {
    /// It satisfies grundy's tame criterion with this type.
    Tame(Tame),
    /// Its genus is not one of the tame genera `0^{120}`, `1^{031}`, `a^{a (a xor 2)}`.
    WildGenus,
    /// Its genus is tame, but the criterion fails: the heap does not behave like the Nim position
    /// its genus suggests in every sum.
    CriterionFails(TameFailure),
    /// Not tested: a smaller heap is not tame, so the types of this heap's options are unknown.
    Untested,
}

/// One heap's genus and tameness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGenus {
    /// The heap size.
    pub heap: u64,
    /// Its genus `g^{γ0 γ1 …}` (`γ0` is its misère Grundy value, `g` its normal one).
    pub genus: Genus,
    /// Whether it is tame.
    pub tameness: Tameness,
}

/// The genera of heaps `0..=to` of a take-and-break code under misère play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusReport {
    /// The game (`misere:CODE`).
    pub game: Game,
    /// Heap `n` at index `n`.
    pub heaps: Vec<HeapGenus>,
    /// Every heap `1..=tame_to` is tame (0 when heap 1 is not, or the code has no heap of 1).
    pub tame_to: u64,
    /// Whether every heap of the code, of any size, is tame with type `*n`: a code whose every
    /// digit after the point takes any number of tokens and may leave one heap or none (`0.[3]`,
    /// `0.[7]`, `0.[F]`; docs/misere.md §4).
    pub every_heap: bool,
    /// How many sums of heaps had their genus computed (options of wild heaps).
    pub positions: u64,
}

/// Whether every heap of `code`, of any size, pretends to be the Nim heap of its size
/// (docs/misere.md §4): no split without taking, no modifier, a repeating tail, and every digit
/// after the point allows taking the whole heap and leaving one heap (bits 1 and 2).
pub(super) fn nim_like(code: &Code) -> bool {
    code.tail_length() > 0
        && !code.has_modifiers()
        && code.digit(0).0 == 0
        && (1..code.explicit_digits() + code.tail_length()).all(|j| code.digit(j).0 & 3 == 3)
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Positions { limit: u64 },
    Memory { needed: u64, limit: u64 },
    Interrupted { positions: u64 },
    NotPeriodic(NotPeriodic),
}

/// How a [`Memo`] makes a position's value from its options' values.
type Combine<'f, K, V> = dyn Fn(&K, &[&V]) -> Result<V, Stop> + 'f;

/// A memo of values of positions, bounded in positions and bytes, polling an observer.
struct Memo<'o, K, V> {
    values: HashMap<K, V>,
    bytes: u64,
    max_positions: u64,
    max_bytes: u64,
    observer: &'o dyn Observer,
}

impl<'o, K: Clone + Eq + Hash, V: Clone> Memo<'o, K, V> {
    fn new(max_positions: u64, max_bytes: u64, observer: &'o dyn Observer) -> Self {
        Self {
            values: HashMap::new(),
            bytes: 0,
            max_positions,
            max_bytes,
            observer,
        }
    }

    fn positions(&self) -> u64 {
        self.values.len() as u64
    }

    /// The value of `start`: `options` lists a position's options, `combine` makes its value
    /// from theirs, `shortcut` gives it directly when it can. Depth-first with an explicit
    /// stack, so deep games do not exhaust the thread's stack; `bytes_of` estimates an entry.
    fn solve(
        &mut self,
        start: &K,
        options: &dyn Fn(&K, &mut Vec<K>),
        combine: &Combine<'_, K, V>,
        shortcut: &dyn Fn(&K) -> Option<V>,
        bytes_of: &dyn Fn(&K) -> u64,
    ) -> Result<V, Stop> {
        if let Some(value) = self.values.get(start) {
            return Ok(value.clone());
        }
        let mut stack = vec![start.clone()];
        let mut stack_bytes = bytes_of(start);
        let mut listed = Vec::new();
        while let Some(top) = stack.last().cloned() {
            if self.observer.interrupted() {
                return Err(Stop::Interrupted {
                    positions: self.positions(),
                });
            }
            if self.values.contains_key(&top) {
                stack.pop();
                stack_bytes = stack_bytes.saturating_sub(bytes_of(&top));
                continue;
            }
            if let Some(value) = shortcut(&top) {
                self.insert(top.clone(), value, bytes_of(&top), stack_bytes)?;
                stack.pop();
                stack_bytes = stack_bytes.saturating_sub(bytes_of(&top));
                continue;
            }
            listed.clear();
            options(&top, &mut listed);
            let missing: Vec<K> = listed
                .iter()
                .filter(|option| !self.values.contains_key(*option))
                .cloned()
                .collect();
            if missing.is_empty() {
                let known: Vec<&V> = listed.iter().map(|option| &self.values[option]).collect();
                let value = combine(&top, &known)?;
                self.insert(top.clone(), value, bytes_of(&top), stack_bytes)?;
                stack.pop();
                stack_bytes = stack_bytes.saturating_sub(bytes_of(&top));
            } else {
                for option in missing {
                    stack_bytes = stack_bytes.saturating_add(bytes_of(&option));
                    stack.push(option);
                }
                let needed = self.bytes.saturating_add(stack_bytes);
                if needed > self.max_bytes {
                    return Err(Stop::Memory {
                        needed,
                        limit: self.max_bytes,
                    });
                }
            }
        }
        Ok(self.values[start].clone())
    }

    fn insert(&mut self, key: K, value: V, bytes: u64, pending: u64) -> Result<(), Stop> {
        if self.positions() >= self.max_positions {
            return Err(Stop::Positions {
                limit: self.max_positions,
            });
        }
        let needed = self.bytes.saturating_add(bytes).saturating_add(pending);
        if needed > self.max_bytes {
            return Err(Stop::Memory {
                needed,
                limit: self.max_bytes,
            });
        }
        self.bytes += bytes;
        self.values.insert(key, value);
        Ok(())
    }
}

/// A position of the search: heaps of the code (sorted, no empty heap) and Nim heaps of 1 and 2
/// (for the genus by its definition, `G + k·*2`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Mixed {
    heaps: Vec<u32>,
    ones: u32,
    twos: u32,
}

/// Bytes one memo entry of `heaps.len()` heaps holds, with the map's overhead.
fn entry_bytes(heaps: usize) -> u64 {
    (heaps as u64) * 4 + 96
}

/// The heaps left when heap `i` of `heaps` (sorted) is replaced by `parts`, sorted.
fn replaced(heaps: &[u32], i: usize, parts: &[usize]) -> Vec<u32> {
    let mut next = Vec::with_capacity(heaps.len() + parts.len());
    next.extend_from_slice(&heaps[..i]);
    next.extend_from_slice(&heaps[i + 1..]);
    next.extend(parts.iter().map(|&p| p as u32));
    next.sort_unstable();
    next
}

/// Every option of `heaps` (sorted) as sorted heaps: one move in one heap (each size once).
fn heap_options(code: &Code, heaps: &[u32], out: &mut Vec<Vec<u32>>) {
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        for_each_option_heaps(code, heaps[i] as usize, |parts| {
            out.push(replaced(heaps, i, parts));
        });
    }
}

/// The misère Grundy values of positions of `code`, heaps of the code and Nim heaps of 1 and 2,
/// by the definition: `G⁻ = mex` of the options' values, 1 for a position without moves.
struct MisereSearch<'c, 'o> {
    code: &'c Code,
    memo: Memo<'o, Mixed, u32>,
}

impl<'c, 'o> MisereSearch<'c, 'o> {
    fn new(code: &'c Code, max_positions: u64, max_bytes: u64, observer: &'o dyn Observer) -> Self {
        Self {
            code,
            memo: Memo::new(max_positions, max_bytes, observer),
        }
    }

    fn value(&mut self, heaps: &[u32], twos: u32) -> Result<u32, Stop> {
        let mut sorted = heaps.to_vec();
        sorted.retain(|&h| h > 0);
        sorted.sort_unstable();
        let code = self.code;
        let options = move |position: &Mixed, out: &mut Vec<Mixed>| {
            let mut listed = Vec::new();
            heap_options(code, &position.heaps, &mut listed);
            out.extend(listed.into_iter().map(|heaps| Mixed {
                heaps,
                ..position.clone()
            }));
            if position.twos > 0 {
                for ones in [position.ones + 1, position.ones] {
                    out.push(Mixed {
                        heaps: position.heaps.clone(),
                        ones,
                        twos: position.twos - 1,
                    });
                }
            }
            if position.ones > 0 {
                out.push(Mixed {
                    ones: position.ones - 1,
                    ..position.clone()
                });
            }
        };
        let combine = |_: &Mixed, values: &[&u32]| {
            Ok(if values.is_empty() {
                1
            } else {
                mex(values.iter().map(|&&v| v))
            })
        };
        self.memo.solve(
            &Mixed {
                heaps: sorted,
                ones: 0,
                twos,
            },
            &options,
            &combine,
            &|_| None,
            &|position| entry_bytes(position.heaps.len()),
        )
    }
}

/// The normal-play Grundy values of heaps `0..=to` of `code`, by the definition.
fn normal_values(code: &Code, to: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(to + 1);
    for n in 0..=to {
        let mut seen = Vec::new();
        for_each_option(code, &values, n, |v| seen.push(v));
        values.push(mex(seen));
    }
    values
}

/// How many options a heap of `n` of `code` has at most: `O(n²)` with three-heap splits.
pub(super) fn option_work(code: &Code, n: u64) -> u64 {
    let per_removal = match code.max_heaps_left() {
        3 => n.saturating_mul(n) / 12 + n + 2,
        2 => n / 2 + 2,
        _ => 2,
    };
    let removals = if code.tail_length() > 0 {
        n
    } else {
        n.min(code.explicit_digits() as u64)
    };
    removals.saturating_mul(per_removal)
}

/// The genera of heaps of one code, heap by heap, with the tame prefix.
struct GenusBuilder<'c, 'o> {
    code: &'c Code,
    heaps: Vec<HeapGenus>,
    tame_to: u64,
    /// Genera of sums with a heap beyond the tame prefix.
    memo: Memo<'o, Vec<u32>, Genus>,
    /// Options enumerated so far, against [`MISERE_GENUS_WORK`].
    work: u64,
}

impl<'c, 'o> GenusBuilder<'c, 'o> {
    fn new(code: &'c Code, max_positions: u64, max_bytes: u64, observer: &'o dyn Observer) -> Self {
        let zero = HeapGenus {
            heap: 0,
            genus: Tame::ZERO.genus(),
            tameness: Tameness::Tame(Tame::ZERO),
        };
        Self {
            code,
            heaps: vec![zero],
            tame_to: 0,
            memo: Memo::new(max_positions, max_bytes, observer),
            work: 0,
        }
    }

    /// The type of a sum of heaps of the tame prefix.
    fn sum_type(&self, heaps: &[u32]) -> Option<Tame> {
        heaps.iter().try_fold(Tame::ZERO, |total, &h| {
            match self.heaps.get(h as usize).map(|g| &g.tameness) {
                Some(Tameness::Tame(t)) if u64::from(h) <= self.tame_to => Some(total.plus(*t)),
                _ => None,
            }
        })
    }

    /// Adds heap `n` (the next one): its genus from its options' genera, and its tameness.
    fn push(&mut self, wanted: Wanted) -> Result<(), Stop> {
        let n = self.heaps.len() as u32;
        self.work = self
            .work
            .saturating_add(option_work(self.code, u64::from(n)));
        if self.work > MISERE_GENUS_WORK {
            return Err(Stop::Positions {
                limit: MISERE_GENUS_WORK,
            });
        }
        let mut options = Vec::new();
        heap_options(self.code, &[n], &mut options);
        let types: Option<Vec<Tame>> = options.iter().map(|o| self.sum_type(o)).collect();
        let genus = match &types {
            Some(types) => {
                let genera: Vec<Genus> = types.iter().map(|t| t.genus()).collect();
                Genus::of_options(&genera).map_err(Stop::NotPeriodic)?
            }
            None if wanted == Wanted::TamePrefix => {
                // A heap whose options hold a wild heap is not tame; its genus is not needed.
                self.heaps.push(HeapGenus {
                    heap: n.into(),
                    genus: Tame::ZERO.genus(),
                    tameness: Tameness::Untested,
                });
                return Ok(());
            }
            None => self.genus_of(&[n])?,
        };
        let tameness = match types {
            Some(types) if u64::from(n) == self.tame_to + 1 => match Tame::of_genus(&genus) {
                None => Tameness::WildGenus,
                Some(tame) => match tame.criterion(&types) {
                    Ok(()) => Tameness::Tame(tame),
                    Err(failure) => Tameness::CriterionFails(failure),
                },
            },
            _ => Tameness::Untested,
        };
        if matches!(tameness, Tameness::Tame(_)) {
            self.tame_to = n.into();
        }
        self.heaps.push(HeapGenus {
            heap: n.into(),
            genus,
            tameness,
        });
        Ok(())
    }

    /// The genus of a sum of heaps below the next heap (or the next heap itself), by the rule
    /// over its options, each a sum: from the types where every heap is in the tame prefix.
    fn genus_of(&mut self, heaps: &[u32]) -> Result<Genus, Stop> {
        let observer = self.memo.observer;
        let mut memo = std::mem::replace(&mut self.memo, Memo::new(0, 0, observer));
        let this = &*self;
        let code = this.code;
        // A sum of tame-prefix heaps has its type's genus (docs/misere.md §3); a single heap
        // already computed has its own.
        let known = |position: &Vec<u32>| {
            this.sum_type(position)
                .map(Tame::genus)
                .or_else(|| match position.as_slice() {
                    [h] => this.heaps.get(*h as usize).map(|g| g.genus.clone()),
                    _ => None,
                })
        };
        let options = move |position: &Vec<u32>, out: &mut Vec<Vec<u32>>| {
            let mut listed = Vec::new();
            heap_options(code, position, &mut listed);
            out.extend(listed);
        };
        let combine = |_: &Vec<u32>, genera: &[&Genus]| {
            let genera: Vec<Genus> = genera.iter().map(|&g| g.clone()).collect();
            Genus::of_options(&genera).map_err(Stop::NotPeriodic)
        };
        let result = memo.solve(&heaps.to_vec(), &options, &combine, &known, &|position| {
            entry_bytes(position.len()) + 64
        });
        self.memo = memo;
        result
    }
}

/// What a [`GenusBuilder`] must compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wanted {
    /// Only the tame prefix: stop at the first heap that is not tame.
    TamePrefix,
    /// Every heap's genus.
    Every,
}

impl Analyzer<'_> {
    /// The genus and tameness of heaps `0..=to` of a misère take-and-break code (`misere:CODE`).
    ///
    /// # Complexity
    /// `O(Σ options(n))` while heaps are tame (the options of heap `n` are `O(n)` for codes
    /// leaving at most two heaps, `O(n²)` with three); past the first wild heap, the genus of
    /// every sum reachable from a heap's options is computed once, within the position limit.
    ///
    /// # Errors
    /// [`Error::Refused`] for a game that is not `misere:CODE`, for more than
    /// [`MISERE_TABLE_HEAPS`] heaps, or (with a remedy) when the sums exceed the position limit;
    /// [`Error::OutOfMemory`], [`Error::Interrupted`] and [`Error::TimedOut`] from the budget.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let report = Analyzer::new(Config::default()).genus(&parse_game("misere:0.77")?, 5)?;
    /// let misere: Vec<u32> = report.heaps.iter().map(|h| h.genus.misere()).collect();
    /// assert_eq!(misere, [1, 0, 2, 3, 0, 1]); // misère Kayles
    /// assert_eq!(report.heaps[4].genus.exponents(), [0, 3, 1]); // heap 4: 1^{031}
    /// assert_eq!(report.tame_to, 4); // heap 5 has genus 4^{146}, not a tame genus
    /// # Ok(()) }
    /// ```
    pub fn genus(&self, game: &Game, to: u64) -> Result<GenusReport, Error> {
        self.settle(self.genus_unsettled(game, to, Wanted::Every))
    }

    fn genus_unsettled(&self, game: &Game, to: u64, wanted: Wanted) -> Result<GenusReport, Error> {
        let Some(code) = game.base().code().filter(|_| game.is_misere()) else {
            return Err(Error::refused(format!(
                "{game}: genera are for misère take-and-break codes (misere:CODE)"
            )));
        };
        if to > MISERE_TABLE_HEAPS {
            return Err(Error::beyond_values(
                format!(
                    "{game}: grundy computes the genera of at most {MISERE_TABLE_HEAPS} heaps, each from the genera of the sums its options leave"
                ),
                None,
            ));
        }
        let mut builder = GenusBuilder::new(
            code,
            self.max_positions(),
            self.budget.memory(),
            self.observer(),
        );
        while (builder.heaps.len() as u64) <= to {
            if wanted == Wanted::TamePrefix && builder.tame_to + 1 < builder.heaps.len() as u64 {
                break;
            }
            self.check(builder.heaps.len() as u64)?;
            builder
                .push(wanted)
                .map_err(|stop| stop_error(game, stop, "the sums whose genera its heaps need"))?;
        }
        let positions = builder.memo.positions();
        Ok(GenusReport {
            game: game.clone(),
            heaps: builder.heaps,
            tame_to: builder.tame_to,
            every_heap: nim_like(code),
            positions,
        })
    }
}

/// A search's stop as the query's error.
fn stop_error(game: &Game, stop: Stop, what: &str) -> Error {
    match stop {
        Stop::Positions { limit } => Error::beyond_positions(
            format!(
                "{game}: {what} are more than the limit of {limit}; under misère play a split leaves a sum of heaps whose value is not the xor of its parts', so each sum is searched"
            ),
            None,
        ),
        Stop::Memory { needed, limit } => Error::OutOfMemory {
            what: format!("{game}: {what}"),
            needed,
            limit,
        },
        Stop::Interrupted { positions } => Error::Interrupted {
            checked_to: positions,
            unit: Unit::Positions,
        },
        Stop::NotPeriodic(error) => Error::Internal(format!("{game}: {error}")),
    }
}

/// The misère Grundy value of heaps of a code plus `twos` Nim heaps of 2, by exhaustive search.
fn misere_search_value(
    game: &Game,
    search: &mut MisereSearch<'_, '_>,
    heaps: &[u32],
    twos: u32,
) -> Result<u32, Error> {
    search
        .value(heaps, twos)
        .map_err(|stop| stop_error(game, stop, "the positions reachable from this one"))
}

impl Analyzer<'_> {
    /// The genus of heaps `0..=to` of `misere:CODE` by its definition: `γk` is the misère Grundy
    /// value of the heap plus `k` Nim heaps of 2, searched exhaustively for `k < exponents`; the
    /// normal value by the definition too. A reference for tests of [`genus`](Self::genus).
    ///
    /// # Complexity
    /// The positions reachable from each heap with `exponents` Nim heaps of 2.
    ///
    /// # Errors
    /// As for [`genus`](Self::genus).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let rows = Analyzer::new(Config::default()).genus_by_definition(&parse_game("misere:0.77")?, 3, 4)?;
    /// assert_eq!(rows[0], (0, vec![1, 2, 0, 2])); // the empty heap: 0^{120}
    /// # Ok(()) }
    /// ```
    pub fn genus_by_definition(
        &self,
        game: &Game,
        to: u64,
        exponents: u32,
    ) -> Result<Vec<(u32, Vec<u32>)>, Error> {
        let code = misere_code(game)?;
        let normal = normal_values(code, to.min(MISERE_TABLE_HEAPS) as usize);
        let mut search = MisereSearch::new(
            code,
            self.max_positions(),
            self.budget.memory(),
            self.observer(),
        );
        let mut rows = Vec::new();
        for n in 0..=to.min(MISERE_TABLE_HEAPS) as u32 {
            let mut gammas = Vec::new();
            for k in 0..exponents {
                gammas.push(misere_search_value(game, &mut search, &[n], k)?);
            }
            rows.push((normal[n as usize], gammas));
        }
        Ok(rows)
    }

    /// Solves a position of `misere:CODE` by exhaustive search alone (no tame rule): the
    /// reference every other misère answer is tested against.
    ///
    /// # Complexity
    /// The positions reachable from this one (multisets of heaps), each once.
    ///
    /// # Errors
    /// [`Error::Refused`] with a remedy when the positions exceed the limit, or for heaps beyond
    /// 32 bits; [`Error::OutOfMemory`], [`Error::Interrupted`], [`Error::TimedOut`] from the
    /// budget.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, Outcome, parse_game};
    /// let game = parse_game("misere:0.77")?;
    /// let solution = Analyzer::new(Config::default()).solve_misere_by_search(&game, &[4u32.into()])?;
    /// assert_eq!(solution.outcome, Outcome::Lose); // misère Kayles: G⁻(4) = 0
    /// # Ok(()) }
    /// ```
    pub fn solve_misere_by_search(
        &self,
        game: &Game,
        heaps: &[BigUint],
    ) -> Result<Solution, Error> {
        self.settle(self.misere_octal_search(game, misere_code(game)?, heaps, self.max_positions()))
    }

    fn misere_octal_search(
        &self,
        game: &Game,
        code: &Code,
        heaps: &[BigUint],
        limit: u64,
    ) -> Result<Solution, Error> {
        let Some(small) = heaps
            .iter()
            .map(ToPrimitive::to_u32)
            .collect::<Option<Vec<u32>>>()
        else {
            return Err(Error::beyond_positions(
                format!(
                    "{game}: a heap beyond 2^32 has too many positions to search, and the heaps are not all in a range grundy proved tame"
                ),
                None,
            ));
        };
        // Each position's options are listed before they are searched: a heap with more moves
        // than the position limit is refused before any is listed.
        let work = small
            .iter()
            .map(|&h| option_work(code, h.into()))
            .fold(0, u64::saturating_add);
        if work > limit {
            return Err(Error::beyond_positions(
                format!(
                    "{game} on {}: these heaps have about {work} moves, more than the limit of {} positions, and they are not all in a range grundy proved tame",
                    Position::Heaps(heaps.to_vec()),
                    limit
                ),
                Some(work.into()),
            ));
        }
        let mut search = MisereSearch::new(code, limit, self.budget.memory(), self.observer());
        let value = misere_search_value(game, &mut search, &small, 0)?;
        let mut winning = Vec::new();
        if value != 0 {
            for (i, &heap) in small.iter().enumerate() {
                let mut lists = Vec::new();
                for_each_option_heaps(code, heap as usize, |parts| lists.push(parts.to_vec()));
                for parts in lists {
                    let mut after: Vec<u32> = small.clone();
                    after.splice(i..=i, parts.iter().map(|&p| p as u32));
                    if misere_search_value(game, &mut search, &after, 0)? == 0 {
                        winning.push((i, heap, parts));
                    }
                }
            }
        }
        let positions = search.memo.positions();
        let moves = self.misere_moves(heaps, winning)?;
        Ok(Solution::new(
            game,
            Position::Heaps(heaps.to_vec()),
            if value == 0 {
                Outcome::Lose
            } else {
                Outcome::Win
            },
            None,
            moves,
            Basis::Search {
                positions,
                start: None,
            },
        )
        .with_value(crate::games::play::Play::Misere, value.into()))
    }

    /// Winning take-and-break moves `(heap index, heap, parts left)` as [`Move`]s.
    fn misere_moves(
        &self,
        heaps: &[BigUint],
        winning: Vec<(usize, u32, Vec<usize>)>,
    ) -> Result<Vec<Move>, Error> {
        let length = Position::Heaps(heaps.to_vec()).written_length();
        let whole = heaps.len() == 1 || self.whole_positions(winning.len(), length)?;
        Ok(winning
            .into_iter()
            .map(|(i, heap, parts)| {
                let parts: Vec<BigUint> = parts.iter().map(|&p| BigUint::from(p)).collect();
                let left: u64 = parts.iter().map(|p| p.to_u64().unwrap_or(0)).sum();
                let action = Action::TakeAndBreak {
                    heap: (heaps.len() > 1).then_some(i),
                    take: (u64::from(heap) - left).into(),
                    parts: parts.clone(),
                };
                let to = if whole {
                    let mut after = heaps.to_vec();
                    after.splice(i..=i, parts);
                    Target::Whole(Position::Heaps(after))
                } else {
                    Target::Heap {
                        index: i,
                        heaps: parts,
                    }
                };
                Move {
                    component: None,
                    action,
                    to,
                }
            })
            .collect())
    }

    /// Several heaps of `misere:CODE`: the tame rule when every heap is in the tame range, else
    /// the exhaustive search within the budget (which refuses, with a remedy, beyond it). A
    /// step may be added ahead of these (a misère quotient) by returning early.
    pub(super) fn solve_misere_octal(
        &self,
        game: &Game,
        code: &Code,
        heaps: &[BigUint],
        limit: u64,
    ) -> Result<Solution, Error> {
        if let Some((types, table)) = self.tame_types(game, code, heaps)?
            && let Some(solution) = self.solve_tame(game, code, heaps, &types, &table)?
        {
            return Ok(solution);
        }
        self.misere_octal_search(game, code, heaps, limit)
    }

    /// `table misere:CODE`: misère values, normal values and genera of heaps `from..=to`.
    pub(super) fn misere_octal_table(
        &self,
        game: &Game,
        from: &BigUint,
        to: &BigUint,
    ) -> Result<super::Table, Error> {
        let Some(last) = to.to_u64().filter(|&t| t <= MISERE_TABLE_HEAPS) else {
            return Err(Error::beyond_values(
                format!(
                    "{game}: grundy computes the genera of at most {MISERE_TABLE_HEAPS} heaps, each from the genera of the sums its options leave"
                ),
                None,
            ));
        };
        let first = from.to_u64().unwrap_or(0).min(last);
        let report = self.genus_unsettled(game, last, Wanted::Every)?;
        let rows: Vec<HeapGenus> = report.heaps[first as usize..].to_vec();
        Ok(super::Table {
            game: game.clone(),
            from: from.clone(),
            values: rows.iter().map(|h| h.genus.misere().into()).collect(),
            basis: Basis::Computed { computed: last + 1 },
            genera: Some(GenusRows {
                heaps: rows,
                tame_to: report.tame_to,
                every_heap: report.every_heap,
            }),
        })
    }
}

/// The genus column of a misère take-and-break table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusRows {
    /// One row per heap of the table, in order.
    pub heaps: Vec<HeapGenus>,
    /// Every heap `1..=tame_to` is tame.
    pub tame_to: u64,
    /// Every heap of any size is tame (the Nim-like theorem, docs/misere.md §4).
    pub every_heap: bool,
}

/// How far a tame answer's range reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TameRange {
    /// Every heap `1..=n` was checked tame.
    UpTo(u64),
    /// Every heap of any size is tame, by the Nim-like theorem (docs/misere.md §4) or because
    /// it is a Nim heap.
    EveryHeap,
}

/// The code of a `misere:CODE` game.
fn misere_code(game: &Game) -> Result<&Code, Error> {
    game.base()
        .code()
        .filter(|_| game.is_misere())
        .ok_or_else(|| Error::refused(format!("{game} is not a misère take-and-break code")))
}
