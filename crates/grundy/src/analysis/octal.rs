//! Take-and-break games: period search (Guy–Smith, or the window criterion for codes without
//! splits), values at any heap, and every winning move of a position of several heaps.

use num_bigint::BigUint;
use num_traits::{CheckedSub, ToPrimitive, Zero};

use super::config::not_applicable;
use super::evaluate::Evaluation;
use super::heap::{observed_or_not_found, verified};
use super::{
    Action, Analyzer, Error, Move, Outcome, Remedy, Setting, SettingError, Solution, SplitClass,
    Target, Uncertifiable, Unit, UnlistedMoves, Watched, WorkCap,
};
use crate::engine::Stream;
use crate::engine::octal::TakeAndBreakEngine;
use crate::games::game::Game;
use crate::games::octal::{Code, Modifier};
use crate::games::position::Position;
use crate::theory::compact::{CompactValues, on_view};
use crate::theory::period::{self, Certificate, GuySmithSearch, Periodicity, Search, Theorem};

/// Memory a take-and-break search reserves per value before it starts: the values at their widest
/// and the period search's Z-function.
const TYPICAL_BYTES_PER_VALUE: u64 = 8;

use crate::limits::{
    DEFAULT_NAIVE_OCTAL_VALUES, DEFAULT_TAIL_CODE_VALUES, DEFAULT_THREE_HEAP_OCTAL_VALUES,
    ENUMERATED_SPLITS,
};
pub use crate::limits::{DEFAULT_OCTAL_VALUES, MAX_OCTAL_VALUES};

/// Whether a period search of `code` resumes from saved values: only the Guy–Smith search (a
/// code that splits heaps, without modifiers) reads the engine's values where they are kept; the
/// others read the stream from its start.
pub(super) fn resumes(code: &Code) -> bool {
    no_theorem(code).is_none() && code.last_digit().is_some() && code.max_heaps_left() >= 2
}

/// Why no theorem applies to a code, if none does.
pub(super) fn no_theorem(code: &Code) -> Option<Uncertifiable> {
    code.has_modifiers().then_some(Uncertifiable::Modifiers)
}

/// Why the period a search of `code` observed cannot be certified, when a theorem's hypothesis
/// on the periodicity itself fails: with a repeating tail and splits, the family criterion
/// needs the saltus over `lcm(p, q)` to be 0 or a power of two.
pub(super) fn uncertifiable_period(code: &Code, search: &Search) -> Option<Uncertifiable> {
    if let Some(why) = no_theorem(code) {
        return Some(why);
    }
    let Search::Observed(observation) = search else {
        return None;
    };
    let periodicity = observation.periodicity();
    let (p, q) = (periodicity.period(), code.tail_length().max(1) as u64);
    let saltus = u128::from(periodicity.saltus()) * u128::from(q / num_integer::gcd(p, q));
    // Guy–Smith proves no saltus; the family criterion, with splits, only a power of two.
    (code.max_heaps_left() >= 2 && saltus != 0 && !saltus.is_power_of_two())
        .then_some(Uncertifiable::TailSaltus)
}

/// The family criterion's search for a code with a repeating tail (docs/arithmetic-periodicity.md):
/// 64 values, then doubling up to `limit`, until the criterion proves the periodicity the values
/// show.
fn families(
    values: &mut Watched<'_, &mut (dyn Stream + Send + 'static)>,
    code: &Code,
    limit: u64,
) -> Result<(Search, CompactValues), Error> {
    let digits = code.family_digits();
    let mut prefix = Vec::new();
    let mut target = 64.min(limit);
    loop {
        values.extend_to(&mut prefix, target)?;
        if let Some(certificate) = digits
            .as_ref()
            .and_then(|digits| period::certify_take_and_break(&prefix[..], digits))
        {
            return Ok((Search::Certified(certificate), CompactValues::new()));
        }
        let len = prefix.len() as u64;
        if len >= limit || len < target {
            return Ok((observed_or_not_found(&prefix), CompactValues::from(prefix)));
        }
        target = len.saturating_mul(2).min(limit);
    }
}

/// The Guy–Smith search of a code with splits: values up to 256, then doubling — or, once a period
/// looks promising, exactly as many as would prove it — up to `limit`. The engine keeps the values
/// and the search reads them there; a certificate takes them over (one copy in memory).
fn guy_smith(
    game: &Game,
    values: &mut Watched<'_, &mut (dyn Stream + Send + 'static)>,
    last_digit: u64,
    code: &Code,
    limit: u64,
) -> Result<(Search, CompactValues), Error> {
    let heaps = u64::from(code.max_heaps_left());
    let theorem = Theorem::GuySmith { last_digit, heaps };
    let internal = |e: period::CertificateError| {
        Error::Internal(format!(
            "the certificate for {game} failed its re-check: {e}"
        ))
    };
    let mut target = 256.min(limit);
    // A promising period the engine was folded on, and the values that would prove it.
    let mut promise: Option<(u64, u64, u64)> = None;
    loop {
        values.advance_to(target)?;
        // A work cap that ended the stream short of the target ends the search too.
        let capped = values.capped;
        let stream = &mut values.values;
        if let (Some(folded), Some((n0, p, needed))) = (stream.folded_period(), promise)
            && folded == (n0, p)
            && Stream::position(&*stream) >= needed
        {
            // The engine checked G(n) = G(n - p) on every value from where it folded to
            // `needed`, and the search had checked it before; the first n0 + p values remain.
            let first = stream.take_computed();
            let certificate = Certificate::from_checked_prefix(n0, p, theorem, needed, first)
                .map_err(internal)?;
            return Ok((Search::Certified(certificate), CompactValues::new()));
        }
        // Not proved that way (a value broke the period, or the limit came first): every value.
        stream.unfold_all();
        promise = None;
        let computed = stream.computed().expect("octal engines keep their values");
        let len = computed.len() as u64;
        match period::search_guy_smith(computed, last_digit, heaps) {
            GuySmithSearch::Proved {
                preperiod,
                period,
                needed,
            } => {
                let all = stream.take_computed();
                let certificate = Certificate::from_values(preperiod, period, theorem, needed, all)
                    .map_err(internal)?;
                return Ok((Search::Certified(certificate), CompactValues::new()));
            }
            _ if len >= limit || capped => {
                let search = on_view!(computed, computed => observed_or_not_found(computed));
                // A saltus: the family criterion reads a finite code as one whose tail is 0.
                if matches!(&search, Search::Observed(o) if o.periodicity().saltus() > 0)
                    && let Some(certificate) = code
                        .family_digits()
                        .and_then(|digits| period::certify_take_and_break(computed, &digits))
                {
                    return Ok((Search::Certified(certificate), CompactValues::new()));
                }
                return Ok((search, stream.take_computed()));
            }
            GuySmithSearch::Promising {
                preperiod,
                period,
                needed,
            } if needed > len => {
                target = needed.min(limit);
                if needed <= limit && stream.fold_on_period(preperiod, period) {
                    promise = Some((preperiod, period, needed));
                }
            }
            _ => target = len.saturating_mul(2).min(limit),
        }
    }
}

impl Analyzer<'_> {
    /// The value limit for `code`: the configured one, or a default that keeps the work near a few
    /// seconds — values cost `O(n)` each with two-heap splits (`O(1)`-ish with rare/common) and
    /// `O(n²)` with three-heap splits.
    fn octal_limit(&self, code: &Code, engine: TakeAndBreakEngine) -> Result<u64, Error> {
        let limit = self
            .config
            .max_values
            .unwrap_or(match code.max_heaps_left() {
                _ if code.last_digit().is_none() => DEFAULT_TAIL_CODE_VALUES,
                3 => DEFAULT_THREE_HEAP_OCTAL_VALUES,
                2 if engine == TakeAndBreakEngine::Naive => DEFAULT_NAIVE_OCTAL_VALUES,
                _ => DEFAULT_OCTAL_VALUES,
            });
        if limit > MAX_OCTAL_VALUES {
            // Take-and-break runs keep up to 16 bytes per value: see MAX_OCTAL_VALUES.
            return Err(Error::Setting(SettingError::OutOfRange {
                setting: Setting::MaxValues,
                least: 1,
                most: Some(MAX_OCTAL_VALUES),
                given: limit,
            }));
        }
        Ok(limit)
    }

    /// Searches a take-and-break game's Grundy sequence for its period and certifies it. Returns
    /// the search and the values computed — none when a certificate holds them.
    pub(super) fn octal_search(
        &self,
        game: &Game,
        code: &Code,
    ) -> Result<(Search, CompactValues, u64), Error> {
        let engine = self.config.take_and_break_engine_for(code)?;
        let limit = self.octal_limit(code, engine)?;
        let resumed = if resumes(code) {
            self.resumed_values(game, limit)
        } else {
            Vec::new()
        };
        let resumed_from = resumed.len() as u64;
        // The saved values are held twice while the engine takes them (4 bytes each here).
        self.reserve(resumed_from.saturating_mul(8), || {
            format!("{resumed_from} saved values of {game}")
        })?;
        let (search, values) =
            self.octal_search_capped(game, code, engine, limit, None, resumed)?;
        Ok((search, values, resumed_from))
    }

    /// [`octal_search`](Self::octal_search) by `engine` (one [`Config::take_and_break_engine_for`]
    /// chose), computing at most `limit` values.
    ///
    /// [`Config::take_and_break_engine_for`]: super::Config::take_and_break_engine_for
    pub(super) fn octal_search_within(
        &self,
        game: &Game,
        code: &Code,
        engine: TakeAndBreakEngine,
        limit: u64,
    ) -> Result<(Search, CompactValues), Error> {
        self.octal_search_capped(game, code, engine, limit, None, Vec::new())
    }

    /// [`octal_search_within`](Self::octal_search_within), ending also once the values have cost
    /// the work `cap` allows (beyond its floor): then the search is an observation, or nothing
    /// found, on the values computed. The engine resumes from `resumed`, the first values of a
    /// code that splits heaps (the Guy–Smith search reads the engine's values where it keeps
    /// them; the other searches read the stream from its start and take none).
    pub(super) fn octal_search_capped(
        &self,
        game: &Game,
        code: &Code,
        engine: TakeAndBreakEngine,
        limit: u64,
        cap: Option<WorkCap>,
        resumed: Vec<u32>,
    ) -> Result<(Search, CompactValues), Error> {
        // Values take 1 to 4 bytes, and an unproved search 4 more for its Z-function; the rare
        // heaps of a sparse game are few (the worst case, every heap rare, is 16 bytes per value).
        let bytes = limit.saturating_mul(TYPICAL_BYTES_PER_VALUE);
        self.reserve(bytes, || {
            format!("{limit} values of {game} (about {TYPICAL_BYTES_PER_VALUE} bytes each)")
        })?;
        let threads = self.sequence_threads(limit, bytes);
        let mut stream = crate::engine::octal::stream(code, engine, threads, resumed)
            .map_err(|refused| not_applicable(refused, code))?;
        let mut values = Watched::new(&mut *stream, self.observer(), limit)
            .with_cap(cap)
            .with_checkpoints(self.observer);
        let (search, prefix) = match (no_theorem(code), code.last_digit()) {
            (None, Some(t)) if code.max_heaps_left() == 1 => {
                // No splits: for n > t every value is the mex of the t values before it.
                let (search, prefix) = period::search_window(values.by_ref(), t as u64 + 1, limit);
                let (search, prefix) = verified(game, search, prefix)?;
                // Stopped by the work cap: what the values computed show.
                let search = match search {
                    Search::NotFound { .. } if values.capped => observed_or_not_found(&prefix),
                    search => search,
                };
                (search, CompactValues::from(prefix))
            }
            (None, Some(t)) => guy_smith(game, &mut values, t as u64, code, limit)?,
            (None, None) => families(&mut values, code, limit)?,
            _ => {
                let mut prefix = Vec::new();
                values.extend_to(&mut prefix, limit)?;
                (observed_or_not_found(&prefix), CompactValues::from(prefix))
            }
        };
        if values.interrupted {
            return Err(Error::Interrupted {
                checked_to: prefix.len() as u64,
                unit: Unit::Values,
            });
        }
        Ok((search, prefix))
    }

    /// Values good for every heap up to `largest`, or a refusal saying why not.
    pub(super) fn octal_evaluate(
        &self,
        game: &Game,
        code: &Code,
        largest: &BigUint,
    ) -> Result<Evaluation, Error> {
        // A heap below the limit needs only the values up to it: the search stops there if no
        // period is proved sooner (work in proportion to the question).
        let engine = self.config.take_and_break_engine_for(code)?;
        let limit = self.octal_limit(code, engine)?;
        let within = largest.to_u64().filter(|&n| n < limit);
        if let (Some(why), None) = (no_theorem(code), within) {
            // No certificate is possible, so values up to the limit cannot reach this heap.
            return Err(Error::beyond_values(
                format!(
                    "{game} has no certificate ({why}), so grundy answers only from computed values, and heap {largest} lies beyond the limit of {limit} values"
                ),
                Some(largest + 1u32),
            ));
        }
        let needed = within.map_or(limit, |n| n + 1);
        let (search, prefix) = self.octal_search_within(game, code, engine, needed)?;
        let prefix = prefix.to_vec();
        match search {
            Search::Certified(certificate) => Ok(Evaluation::Certified(certificate)),
            _ if largest.to_u64().is_some_and(|n| n < prefix.len() as u64) => {
                Ok(Evaluation::Computed(prefix))
            }
            search => {
                let why = no_theorem(code).map_or_else(
                    || format!("no period of {game} was certified within the first {} values", prefix.len()),
                    |why| format!("{game} has no certificate ({why}); grundy computed its first {} values", prefix.len()),
                );
                let seen = if let Search::Observed(o) = &search {
                    format!(
                        " They look periodic (period {}, preperiod {}), but that is observed, not proved.",
                        o.periodicity().period(),
                        o.periodicity().preperiod()
                    )
                } else {
                    String::new()
                };
                let needed = uncertifiable_period(code, &search).map(|_| largest + 1u32);
                Err(Error::beyond_values(
                    format!(
                        "{why}, and heap {largest} lies beyond them, so grundy cannot answer exactly.{seen}"
                    ),
                    needed,
                ))
            }
        }
    }

    /// Every move of a position of heaps to a position of value `target`: (action, heaps left).
    pub(super) fn octal_moves_to_value(
        &self,
        game: &Game,
        code: &Code,
        heaps: &[BigUint],
        target: &BigUint,
    ) -> Result<Vec<(Action, Vec<BigUint>)>, Error> {
        let largest = heaps.iter().max().cloned().unwrap_or_default();
        let evaluation = self.octal_evaluate(game, code, &largest)?;
        let values: Vec<BigUint> = heaps.iter().map(|h| evaluation.value(h)).collect();
        let total = values.iter().fold(BigUint::zero(), |x, v| x ^ v);
        let mut moves = Vec::new();
        for (i, (heap, value)) in heaps.iter().zip(&values).enumerate() {
            let wanted = value ^ &total ^ target;
            let named = (heaps.len() > 1).then_some(i);
            let options = options_with_value(self, code, &evaluation, heap, &wanted, named)?;
            if !options.unlisted.is_empty() {
                return Err(Error::refused_unless(
                    format!(
                        "{game}: the winning splits of heap {heap} are too many to list one by one"
                    ),
                    Remedy::SolveComponentAlone,
                ));
            }
            for action in options.listed {
                let Action::TakeAndBreak { parts, .. } = &action else {
                    // A residue class of splits is not one position.
                    return Err(Error::refused_unless(
                        format!(
                            "{game}: the winning splits of heap {heap} form residue classes, not single positions"
                        ),
                        Remedy::SolveComponentAlone,
                    ));
                };
                let mut after = heaps.to_vec();
                after.splice(i..=i, parts.iter().cloned());
                moves.push((action, after));
            }
        }
        Ok(moves)
    }

    /// A position of heaps of one take-and-break game: the xor of their values, and every winning
    /// move.
    pub(super) fn solve_octal(
        &self,
        game: &Game,
        code: &Code,
        heaps: &[BigUint],
    ) -> Result<Solution, Error> {
        let largest = heaps.iter().max().cloned().unwrap_or_default();
        let evaluation = self.octal_evaluate(game, code, &largest)?;
        let values: Vec<BigUint> = heaps.iter().map(|h| evaluation.value(h)).collect();
        let total = values.iter().fold(BigUint::zero(), |x, v| x ^ v);
        let mut winning = Vec::new();
        let mut unlisted = Vec::new();
        if !total.is_zero() {
            for (i, (heap, value)) in heaps.iter().zip(&values).enumerate() {
                self.check(0)?;
                let target = value ^ &total;
                let named = (heaps.len() > 1).then_some(i);
                let options = options_with_value(self, code, &evaluation, heap, &target, named)?;
                winning.extend(options.listed.into_iter().map(|action| (i, action)));
                unlisted.extend(options.unlisted);
            }
        }
        let position_length = Position::Heaps(heaps.to_vec()).written_length();
        let whole = heaps.len() == 1 || self.whole_positions(winning.len(), position_length)?;
        let winning_moves = winning
            .into_iter()
            .map(|(i, action)| {
                let others = || {
                    let mut others = heaps.to_vec();
                    others.remove(i);
                    others
                };
                let to = match (&action, whole) {
                    (Action::TakeAndBreak { parts, .. }, true) => {
                        let mut after = heaps.to_vec();
                        after.splice(i..=i, parts.iter().cloned());
                        Target::Whole(Position::Heaps(after))
                    }
                    (Action::TakeAndBreak { parts, .. }, false) => Target::Heap {
                        index: i,
                        heaps: parts.clone(),
                    },
                    (_, whole) => Target::Class {
                        index: i,
                        others: whole.then(others),
                    },
                };
                Move {
                    component: None,
                    action,
                    to,
                }
            })
            .collect();
        let outcome = Outcome::of_grundy(&total);
        Ok(Solution {
            heap_values: values,
            unlisted_moves: unlisted,
            ..Solution::new(
                game,
                Position::Heaps(heaps.to_vec()),
                outcome,
                Some(total),
                winning_moves,
                evaluation.basis(heaps),
            )
        })
    }
}

/// The options of one heap with a given value: those listed one by one (or by residue class)
/// and the families too many to list.
#[derive(Default)]
struct Options {
    listed: Vec<Action>,
    unlisted: Vec<UnlistedMoves>,
}

/// A heap of a code with a repeating tail above this many tokens, with a certified period, has
/// the tail's removals solved from the period rather than walked one by one.
const TAIL_WALK: u64 = 4096;

/// Most one-heap moves of a periodic class ([`tail_with_value`] with saltus 0) listed one by one;
/// beyond, the class is described.
const TAIL_LEAVES: u64 = 100_000;

/// Every option of a heap of `n` with value `target`, as actions on heap `heap` (`None` in a
/// position of one heap). Splits of a heap above [`ENUMERATED_SPLITS`] are given as residue
/// classes when the period is certified; a huge heap of a code with a repeating tail has its
/// one-heap options solved from the period and its splits by the tail's digits described as
/// families ([`UnlistedMoves`]).
fn options_with_value(
    analyzer: &Analyzer<'_>,
    code: &Code,
    evaluation: &Evaluation,
    n: &BigUint,
    target: &BigUint,
    heap: Option<usize>,
) -> Result<Options, Error> {
    let mut out = Options::default();
    let periodic_tail = match evaluation {
        Evaluation::Certified(certificate)
            if code.last_digit().is_none() && n.to_u64().is_none_or(|n| n > TAIL_WALK) =>
        {
            Some(certificate.periodicity())
        }
        _ => None,
    };
    let reach = match (code.last_digit(), periodic_tail) {
        (Some(t), _) => n.to_u64().map_or(t as u64, |n| n.min(t as u64)),
        // The written digits one by one; the tail from the period below.
        (None, Some(_)) => n.to_u64().map_or(code.explicit_digits() as u64 - 1, |n| {
            n.min(code.explicit_digits() as u64 - 1)
        }),
        (None, None) => n.to_u64().ok_or_else(|| {
            Error::refused("a code with a repeating tail cannot be played on a heap this large")
        })?,
    };
    for j in 0..=reach {
        removal_with_value(analyzer, code, evaluation, n, j, target, heap, &mut out)?;
    }
    if let Some(periodicity) = periodic_tail {
        tail_with_value(code, periodicity, n, target, heap, &mut out);
    }
    Ok(out)
}

/// The options of value `target` of a heap of `n` that remove exactly `j` tokens.
#[allow(
    clippy::too_many_arguments,
    reason = "the removal, the heap and where the moves go: one call per digit"
)]
fn removal_with_value(
    analyzer: &Analyzer<'_>,
    code: &Code,
    evaluation: &Evaluation,
    n: &BigUint,
    j: u64,
    target: &BigUint,
    heap: Option<usize>,
    out: &mut Options,
) -> Result<(), Error> {
    let value = |m: &BigUint| evaluation.value(m);
    let (d, modifier) = code.digit(j as usize);
    let leaving = |parts: Vec<BigUint>| Action::TakeAndBreak {
        heap,
        take: j.into(),
        parts,
    };
    if d & 1 != 0 && j > 0 && n == &BigUint::from(j) && target.is_zero() {
        out.listed.push(leaving(Vec::new()));
    }
    if n <= &BigUint::from(j) {
        return Ok(());
    }
    let m = n - j;
    if d & 2 != 0 && j > 0 && &value(&m) == target {
        out.listed.push(leaving(vec![m.clone()]));
    }
    if d & 4 != 0 && m >= BigUint::from(2u32) {
        // Values in memory cover every split; a certified period, splits by residue class.
        let enumerated = m
            .to_u64()
            .filter(|&m| m <= ENUMERATED_SPLITS || matches!(evaluation, Evaluation::Computed(_)));
        if let Some(small) = enumerated {
            for a in 1..=small / 2 {
                if a % 65_536 == 0 {
                    analyzer.check(0)?;
                    analyzer.reserve_answer(out.listed.len(), n)?;
                }
                let b = small - a;
                let equal_ok = modifier == Modifier::None || a != b;
                if equal_ok && value(&a.into()) ^ value(&b.into()) == *target {
                    out.listed.push(leaving(vec![a.into(), b.into()]));
                }
            }
        } else {
            for family in split_families(analyzer, evaluation, &m, target)? {
                match family {
                    SplitFamily::One { a, b } => out.listed.push(leaving(vec![a, b])),
                    SplitFamily::Class {
                        residue,
                        period,
                        high,
                    } => out.listed.push(Action::SplitClass(Box::new(SplitClass {
                        heap,
                        take: j,
                        rest: m.clone(),
                        residue,
                        period,
                        moves: (&high - residue) / period + 1u32,
                        high,
                    }))),
                    SplitFamily::Unlisted => {
                        // The listed ones are in the family too: it replaces them.
                        out.listed.retain(|action| {
                            !matches!(action, Action::TakeAndBreak { take, parts, .. }
                                if parts.len() == 2 && *take == BigUint::from(j))
                        });
                        out.unlisted.push(UnlistedMoves {
                            heap,
                            take: Some(j),
                            parts: 2,
                            value: target.clone(),
                        });
                        break;
                    }
                }
            }
        }
    }
    if d & 8 != 0 && m >= BigUint::from(3u32) {
        let Some(small) = m.to_u64().filter(|&m| m <= 3000) else {
            if code.last_digit().is_none() && matches!(evaluation, Evaluation::Certified(_)) {
                out.unlisted.push(UnlistedMoves {
                    heap,
                    take: Some(j),
                    parts: 3,
                    value: target.clone(),
                });
                return Ok(());
            }
            return Err(Error::refused(
                "three-heap splits are enumerated only for heaps up to 3000",
            ));
        };
        for a in 1..=small / 3 {
            for b in a..=(small - a) / 2 {
                let c = small - a - b;
                let ok = match modifier {
                    Modifier::None => true,
                    Modifier::Unequal => a != b && b != c,
                    Modifier::NotAllEqual => a != c,
                };
                if ok && value(&a.into()) ^ value(&b.into()) ^ value(&c.into()) == *target {
                    out.listed.push(leaving(vec![a.into(), b.into(), c.into()]));
                }
            }
        }
    }
    Ok(())
}

/// The options of value `target` of a huge heap of `n` that remove a number of tokens from the
/// code's repeating tail (`j >= c`), from the certified period `G(n + p) = G(n) + s`: taking the
/// whole heap, leaving one heap (each of its at most `n0 + p` candidates found by inverting the
/// period), and the tail's splits as families.
fn tail_with_value(
    code: &Code,
    periodicity: &Periodicity,
    n: &BigUint,
    target: &BigUint,
    heap: Option<usize>,
    out: &mut Options,
) {
    let first_tail = BigUint::from(code.explicit_digits());
    let digit = |j: &BigUint| {
        let offset = ((j - &first_tail) % code.tail_length().max(1))
            .to_usize()
            .unwrap_or(0);
        code.digit(code.explicit_digits() + offset).0
    };
    if digit(n) & 1 != 0 && target.is_zero() {
        out.listed.push(Action::TakeAndBreak {
            heap,
            take: n.clone(),
            parts: Vec::new(),
        });
    }
    let (n0, p, s) = (
        periodicity.preperiod(),
        periodicity.period(),
        periodicity.saltus(),
    );
    let stored = periodicity.values();
    // Leave one heap a = n − j of value `target`, j >= c.
    let mut leave = |a: BigUint| {
        if !a.is_zero() && &a < n && n - &a >= first_tail && digit(&(n - &a)) & 2 != 0 {
            out.listed.push(Action::TakeAndBreak {
                heap,
                take: n - &a,
                parts: vec![a],
            });
        }
    };
    let mut classes = Vec::new();
    for i in 0..n0 + p {
        let v = BigUint::from(stored.get(i as usize));
        if i < n0 {
            if v == *target {
                leave(i.into());
            }
        } else if s == 0 {
            // Every heap i + k·p has this value: a class, listed below when it is small.
            if v == *target {
                classes.push(i);
            }
        } else if target >= &v && ((target - &v) % s).is_zero() {
            leave(BigUint::from(i) + (target - &v) / s * p);
        }
    }
    if !classes.is_empty() {
        let members = n / p;
        if members
            .to_u64()
            .is_some_and(|m| m.saturating_mul(classes.len() as u64) <= TAIL_LEAVES)
        {
            for i in classes {
                let mut a = BigUint::from(i);
                while &a < n {
                    leave(a.clone());
                    a += p;
                }
            }
        } else if (0..code.tail_length()).any(|k| code.digit(code.explicit_digits() + k).0 & 2 != 0)
        {
            out.unlisted.push(UnlistedMoves {
                heap,
                take: None,
                parts: 1,
                value: target.clone(),
            });
        }
    }
    // Splits by the tail's digits: every such removal has its own splits.
    for (bit, parts) in [(4u8, 2u8), (8, 3)] {
        if (0..code.tail_length()).any(|k| code.digit(code.explicit_digits() + k).0 & bit != 0) {
            out.unlisted.push(UnlistedMoves {
                heap,
                take: None,
                parts,
                value: target.clone(),
            });
        }
    }
}

/// Splits `a + b = m` of one heap: one, or a residue class of `a`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum SplitFamily {
    /// The split into `a` and `b`.
    One { a: BigUint, b: BigUint },
    /// Every `a ≡ residue (mod period)` with `residue <= a <= high` (and `b = m - a`).
    Class {
        residue: u64,
        period: u64,
        high: BigUint,
    },
    /// Too many splits to list.
    Unlisted,
}

/// Most splits of one heap [`split_families_with_saltus`] lists for one pair of residues: beyond
/// `2^16` it describes them instead.
const MAX_SPLIT_BITS: u64 = 16;

/// The splits `a + b = m` (`a <= b`) with `G(a) xor G(b) = target` for a huge `m` under an
/// arithmetic periodicity `G(n + p) = G(n) + s`, `s = 2^e` (the family criterion certifies no
/// other saltus for codes that split). Parts below `n0` one by one; for two periodic parts
/// `a = ρa + p·x`, `b = ρb + p·y`, the low parts `G mod s` fix the residues and the high parts
/// `X = G(a) div s`, `Y = G(b) div s` satisfy `X + Y = U` and `X xor Y = W`: so `X and Y =
/// (U − W)/2 =: A` with `A and W = 0`, and the solutions are `X = A or w`, `Y = A or (W xor w)`
/// for the `2^popcount(W)` subsets `w` of `W`'s bits.
fn split_families_with_saltus(
    analyzer: &Analyzer<'_>,
    p: &Periodicity,
    m: &BigUint,
    target: &BigUint,
) -> Result<Vec<SplitFamily>, Error> {
    let (n0, period, s) = (p.preperiod(), p.period(), p.saltus());
    let mut out = Vec::new();
    for a in 1..n0 {
        if BigUint::from(a) * 2u32 > *m {
            break;
        }
        if p.value_at(&a.into()) ^ p.value_at(&(m - a)) == *target {
            out.push(SplitFamily::One {
                a: a.into(),
                b: m - a,
            });
        }
    }
    if !s.is_power_of_two() || m < &BigUint::from(2 * n0) {
        return Ok(out);
    }
    let e = u64::from(s.trailing_zeros());
    let low_mask = BigUint::from(s - 1);
    let (target_low, target_high) = (target & &low_mask, target >> e);
    let popcount = target_high.count_ones();
    let stored = |i: u64| BigUint::from(p.values().get(i as usize));
    for rho_a in n0..n0 + period {
        analyzer.check(0)?;
        // ρb ≡ m − ρa (mod p), in [n0, n0 + p).
        let offset = ((m + BigUint::from(period) * 2u32 * (n0 + period) - rho_a - n0) % period)
            .to_u64()
            .unwrap_or(0);
        let rho_b = n0 + offset;
        let (value_a, value_b) = (stored(rho_a), stored(rho_b));
        if (&value_a & &low_mask) ^ (&value_b & &low_mask) != target_low {
            continue;
        }
        let Some(rest) = m.checked_sub(&BigUint::from(rho_a + rho_b)) else {
            continue;
        };
        let periods = rest / period;
        let (high_a, high_b) = (value_a >> e, value_b >> e);
        let sum = &periods + &high_a + &high_b;
        let Some(both) = sum.checked_sub(&target_high) else {
            continue;
        };
        if both.bit(0) {
            continue;
        }
        let both = both >> 1u32;
        if !(&both & &target_high).is_zero() {
            continue;
        }
        if popcount > MAX_SPLIT_BITS {
            out.push(SplitFamily::Unlisted);
            return Ok(out);
        }
        let mut subset = target_high.clone();
        loop {
            let x = &both | &subset;
            let y = &both | (&target_high ^ &subset);
            if x >= high_a && y >= high_b {
                let a = BigUint::from(rho_a) + (&x - &high_a) * period;
                let b = BigUint::from(rho_b) + (&y - &high_b) * period;
                // Parts are heaps: not empty (with n0 = 0 the residue 0 is periodic).
                if !a.is_zero() && a <= b {
                    analyzer.reserve_answer(out.len(), m)?;
                    out.push(SplitFamily::One { a, b });
                }
            }
            if subset.is_zero() {
                break;
            }
            subset = (subset - 1u32) & &target_high;
        }
    }
    out.dedup();
    Ok(out)
}

/// The splits `a + b = m` (`a <= b`) with `G(a) xor G(b) = target` for a huge `m`, from the
/// certified period: those with `a` in the preperiod one by one, the rest as residue classes of
/// `a` modulo the period.
fn split_families(
    analyzer: &Analyzer<'_>,
    evaluation: &Evaluation,
    m: &BigUint,
    target: &BigUint,
) -> Result<Vec<SplitFamily>, Error> {
    let Evaluation::Certified(certificate) = evaluation else {
        return Err(Error::refused(
            "splits of a heap this large need a certified period",
        ));
    };
    let p = certificate.periodicity();
    if p.saltus() > 0 {
        return split_families_with_saltus(analyzer, p, m, target);
    }
    let (n0, period) = (p.preperiod(), p.period());
    let mut out = Vec::new();
    let half = m / 2u32;
    let value_u64 = |x: u64| p.values().get(p.locate_u64(x).0);
    // One split a + b = m, a < n0 or b < n0 (so a < 2^64: n0 is a count of values in memory).
    let enumerate = |a: u64, out: &mut Vec<SplitFamily>| -> Result<(), Error> {
        let value_b = match m.to_u64() {
            Some(m) => BigUint::from(value_u64(m - a)),
            None => p.value_at(&(m - a)),
        };
        if BigUint::from(value_u64(a)) ^ value_b == *target {
            out.push(SplitFamily::One {
                a: a.into(),
                b: m - a,
            });
        }
        if a.is_multiple_of(65_536) {
            analyzer.check(0)?;
            analyzer.reserve_answer(out.len(), m)?;
        }
        Ok(())
    };
    let first_periodic = BigUint::from(n0);
    // a in the preperiod: one by one (b = m - a may be anywhere).
    let preperiod_end = half
        .to_u64()
        .map_or(n0, |half| half.saturating_add(1).min(n0));
    for a in 1..preperiod_end {
        enumerate(a, &mut out)?;
    }
    // a periodic but b = m - a in the preperiod: m - n0 < a <= m / 2 (fewer than n0 of them).
    let both_periodic_end = (m >= &first_periodic).then(|| m - &first_periodic);
    if let (Some(low), Some(high)) = (
        both_periodic_end
            .as_ref()
            .map_or(Some(0), |end| (end + 1u32).to_u64()),
        half.to_u64(),
    ) {
        for a in low.max(n0)..=high {
            enumerate(a, &mut out)?;
        }
    }
    // a = n0 + r + k p and b = m - a both in the periodic part: residue classes of a.
    let Some(end) = both_periodic_end.map(|end| end.min(half.clone())) else {
        return Ok(out);
    };
    if end < first_periodic {
        return Ok(out);
    }
    let period_big = BigUint::from(period);
    // (b - n0) mod p for a = n0 + r is (m - 2 n0 - r) mod p.
    let base = ((m % &period_big) + 2u32 * &period_big - (2u32 * &first_periodic) % &period_big)
        % &period_big;
    let base = base.to_u64().unwrap_or(0);
    let classes = (&end - &first_periodic + 1u32).min(period_big.clone());
    let classes = classes.to_u64().unwrap_or(period);
    for r in 0..classes {
        if r % 4096 == 0 {
            analyzer.check(0)?;
            analyzer.reserve_answer(out.len(), m)?;
        }
        let b_offset = (base + period - r % period) % period;
        let va = p.values().get((n0 + r) as usize);
        let vb = p.values().get((n0 + b_offset) as usize);
        if BigUint::from(va ^ vb) == *target {
            out.push(SplitFamily::Class {
                residue: n0 + r,
                period,
                high: end.clone(),
            });
        }
    }
    Ok(out)
}

/// A take-and-break code answers from its engines and Guy–Smith certificates under normal
/// play; under misère play by the tame rule, its misère quotient or a search.
pub(super) struct OctalAnswers<'a>(pub(super) &'a Code);

mod answers;

#[cfg(test)]
mod tests;
