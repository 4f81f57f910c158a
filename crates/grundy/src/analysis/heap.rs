//! One-heap subtraction games (normal and misère play), with or without the rest rule: period
//! search, evaluation at any heap, the moves to a given value, and positions of several heaps
//! (their sum).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use super::evaluate::Evaluation;
use super::{
    Action, Analyzer, Error, Limit, Move, Outcome, PowerClass, Solution, Target, Unit, Watched,
};
use crate::engine::remainder::RemainderValues;
use crate::engine::{Engine, Play, Stream, Values};
use crate::games::game::Game;
use crate::games::position::Position;
use crate::games::remainder::RemainderGame;
use crate::games::subtraction::{Family, SubtractionSet};
use crate::theory::compact::Element;
use crate::theory::period::{self, Certificate, Search, Theorem};

use crate::limits::SMALL_QUESTION_WORK;

/// The moves of a one-heap subtraction game: a set, with or without the rest rule.
#[derive(Clone, Copy, Debug)]
pub(super) enum HeapRules<'a> {
    /// Remove an amount of the set.
    Plain(&'a SubtractionSet),
    /// Remove an amount of the set; a heap smaller than the least amount is taken whole.
    Rest(&'a RemainderGame),
}

impl<'a> HeapRules<'a> {
    /// The rules of a one-heap subtraction game (under `misere:` too), or `None` for other games.
    pub(super) fn of(game: &'a Game) -> Option<Self> {
        let base = game.base();
        base.subtraction()
            .map(|subtraction| Self::Plain(subtraction.set()))
            .or_else(|| base.remainder().map(Self::Rest))
    }

    /// The amounts a move may take from a heap of `n`, ascending (with the rest rule, all `n`
    /// when `0 < n < min S`).
    pub(super) fn amounts_up_to(self, n: u64) -> Vec<u64> {
        match self {
            Self::Rest(remainder) => remainder.amounts(n),
            Self::Plain(SubtractionSet::Finite(finite)) => finite
                .members()
                .iter()
                .copied()
                .take_while(|&s| s <= n)
                .collect(),
            Self::Plain(set) => (1..=n).filter(|&s| set.contains(s)).collect(),
        }
    }

    /// The amounts of the set.
    pub(super) fn set(self) -> &'a SubtractionSet {
        match self {
            Self::Plain(set) => set,
            Self::Rest(game) => game.set(),
        }
    }

    /// The modulus of the residue theorem, when it applies (never with the rest rule: its least
    /// amount is at least 2, so 1 is missing).
    fn residue_modulus(self) -> Option<u64> {
        match self {
            Self::Plain(set) => set.residue_modulus(),
            Self::Rest(_) => None,
        }
    }

    fn stream(self, engine: Engine, play: Play) -> HeapValues {
        match self {
            Self::Plain(set) => HeapValues::Plain(Values::new(set, engine, play)),
            Self::Rest(game) => HeapValues::Rest(RemainderValues::new(game, engine, play)),
        }
    }

    fn initial_work(self, engine: Engine) -> u64 {
        match self {
            Self::Plain(set) => Values::initial_work(set, engine),
            Self::Rest(game) => game.finite().members().len() as u64,
        }
    }
}

/// The value stream of a one-heap subtraction game.
enum HeapValues {
    Plain(Values),
    Rest(RemainderValues),
}

impl Iterator for HeapValues {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        match self {
            Self::Plain(values) => values.next(),
            Self::Rest(values) => values.next(),
        }
    }
}

impl Stream for HeapValues {
    fn position(&self) -> u64 {
        match self {
            Self::Plain(values) => values.position(),
            Self::Rest(values) => values.position(),
        }
    }

    fn work_per_value(&self) -> u64 {
        match self {
            Self::Plain(values) => values.work_per_value(),
            Self::Rest(values) => values.work_per_value(),
        }
    }
}

/// Several heaps of a one-heap game: what answers them, each heap's value, their xor, and the
/// moves `(heap, amount)` to the value asked for.
pub(super) struct HeapsToValue {
    pub(super) evaluation: Evaluation,
    pub(super) values: Vec<BigUint>,
    pub(super) total: BigUint,
    pub(super) moves: Vec<(usize, BigUint)>,
}

impl Analyzer<'_> {
    /// Searches for the period of a subtraction game's (misère) Grundy sequence and keeps the
    /// values read.
    pub(super) fn subtraction_search(
        &self,
        game: &Game,
        rules: HeapRules<'_>,
        play: Play,
    ) -> Result<(Search, Vec<u32>), Error> {
        self.subtraction_search_within(game, rules, play, self.subtraction_limit(rules))
    }

    /// The value limit for `set`: the configured one, or a default that keeps the work (values
    /// times the engine's work per value) near [`DEFAULT_WORK`](super::DEFAULT_WORK).
    pub(super) fn subtraction_limit(&self, rules: HeapRules<'_>) -> u64 {
        let work = rules.initial_work(self.config.engine());
        self.work_limited(self.config.max_values_for(rules.set()), work)
    }

    /// [`subtraction_search`](Self::subtraction_search) computing at most `limit` values.
    fn subtraction_search_within(
        &self,
        game: &Game,
        rules: HeapRules<'_>,
        play: Play,
        limit: u64,
    ) -> Result<(Search, Vec<u32>), Error> {
        let set = rules.set();
        // 4 bytes a value, up to twice that while the list grows; the period searches' Z-function
        // holds 4 more per value.
        let per_value = 12;
        self.reserve(limit.saturating_mul(per_value), || {
            format!("{limit} values of {game} ({per_value} bytes each)")
        })?;
        // No limit certifies a period this long from its values: the theorem states it.
        if let Some(k) = one_two_beyond(rules, play, Limit::Values.most().unwrap_or(u64::MAX)) {
            return Err(one_two_unlisted(game, k));
        }
        // The residue theorem is about normal play: a misère terminal heap is worth 1, not 0.
        if let (Some(modulus), Play::Normal) = (rules.residue_modulus(), play) {
            // The theorem gives the values themselves; nothing needs computing.
            return Ok((
                Search::Certified(period::residue_certificate(modulus)),
                Vec::new(),
            ));
        }
        let mut values = Watched::new(
            rules.stream(self.config.engine(), play),
            self.observer(),
            limit,
        );
        let (search, prefix) = match set {
            // With the rest rule too: from a heap of max S on, the moves are the plain game's,
            // so each value is the same function of the max S before it (docs/theory.md §4).
            SubtractionSet::Finite(finite) => {
                period::search_window(values.by_ref(), finite.largest(), limit)
            }
            SubtractionSet::AllBut(all_but) => {
                let largest = all_but.largest_excluded();
                let mut prefix = Vec::new();
                let mut target = (8 * largest + 64).min(limit);
                loop {
                    values.extend_to(&mut prefix, target)?;
                    if let Some(certificate) = period::certify_all_but(&prefix, largest) {
                        break (Search::Certified(certificate), prefix);
                    }
                    if target >= limit {
                        break (observed_or_not_found(&prefix), prefix);
                    }
                    target = target.saturating_mul(2).min(limit);
                }
            }
            SubtractionSet::Family(_) => {
                let mut prefix = Vec::new();
                values.extend_to(&mut prefix, limit)?;
                (observed_or_not_found(&prefix), prefix)
            }
        };
        if values.interrupted {
            return Err(Error::Interrupted {
                checked_to: prefix.len() as u64,
                unit: Unit::Values,
            });
        }
        verified(game, search, prefix)
    }

    /// Values of a subtraction game good for every heap up to `largest`, or a refusal saying why not.
    pub(super) fn subtraction_evaluate(
        &self,
        game: &Game,
        rules: HeapRules<'_>,
        play: Play,
        largest: &BigUint,
    ) -> Result<Evaluation, Error> {
        let set = rules.set();
        let limit = self.subtraction_limit(rules);
        if let Some(k) = one_two_beyond(rules, play, limit) {
            // The {1, 2, k} theorem values every heap, whatever k; within the limit the window
            // criterion certifies the same period from the values, as for any set.
            return Ok(Evaluation::OneTwo(k));
        }
        let within = largest.to_u64().filter(|&n| n < limit);
        let residue = rules.residue_modulus().filter(|_| play == Play::Normal);
        if let (SubtractionSet::Family(_), Some(n), None) = (set, within, residue) {
            // No theorem applies to these families: compute just what is needed.
            let mut values = Watched::new(
                Values::new(set, self.config.engine(), play),
                self.observer(),
                n + 1,
            );
            let mut prefix = Vec::new();
            values.extend_to(&mut prefix, n + 1)?;
            return Ok(Evaluation::Computed(prefix));
        }
        if let (SubtractionSet::Family(_), None, None) = (set, within, residue) {
            // No theorem can certify a period, so the values up to the limit cannot reach this
            // heap: refuse before computing them.
            let search = Search::NotFound { checked_to: 0 };
            return Err(refusal(game, set, largest, &search, limit));
        }
        // A heap below the limit needs only the values up to it: the search stops there, or at a
        // few thousand values when those are cheap, if no period is proved sooner.
        let search_limit = within.map_or(limit, |n| {
            let work = rules.initial_work(self.config.engine());
            let cheap = (SMALL_QUESTION_WORK / work.max(1)).clamp(64, 1 << 16);
            (n + 1).max(cheap).min(limit)
        });
        let (search, prefix) = self.subtraction_search_within(game, rules, play, search_limit)?;
        match search {
            Search::Certified(certificate) => Ok(Evaluation::Certified(certificate)),
            _ if within.is_some_and(|n| n < prefix.len() as u64) => {
                Ok(Evaluation::Computed(prefix))
            }
            search => Err(refusal(game, set, largest, &search, limit)),
        }
    }

    /// Solves one heap of a subtraction game under `play`.
    pub(super) fn solve_subtraction(
        &self,
        game: &Game,
        rules: HeapRules<'_>,
        play: Play,
        heap: &BigUint,
    ) -> Result<Solution, Error> {
        let set = rules.set();
        let evaluation = self.subtraction_evaluate(game, rules, play, heap)?;
        let value = evaluation.value(heap);
        let outcome = Outcome::of_grundy(&value);
        let winning_moves = match (set, &evaluation) {
            // Huge heaps of powers of two: a move per exponent, each leaving a huge heap.
            (SubtractionSet::Family(Family::PowersOfTwo), Evaluation::Certified(certificate))
                if heap.bits() > 64 =>
            {
                self.power_moves_to_value(certificate, heap, &BigUint::ZERO)?
            }
            _ => amounts_to_value(&evaluation, rules, heap, &BigUint::ZERO)?
                .into_iter()
                .map(|take| {
                    let left = Position::Heap(heap - &take);
                    Move::whole(Action::Take { amount: take }, left)
                })
                .collect(),
        };
        Ok(Solution::new(
            game,
            Position::Heap(heap.clone()),
            outcome,
            None,
            winning_moves,
            evaluation.basis(std::slice::from_ref(heap)),
        )
        .with_value(play, value))
    }
}

impl Analyzer<'_> {
    /// Several heaps of a one-heap subtraction game under normal play: a sum of one-heap games
    /// (docs/theory.md §2). The values come from one evaluation good up to the largest heap — a
    /// certified period answers each heap in `O(d)` for `d` digits — and their xor decides; a
    /// winning move takes heap `i` to a value of `G_i xor G`.
    ///
    /// # Complexity
    /// One [`subtraction_evaluate`](Self::subtraction_evaluate) for the largest heap, then
    /// `O(k · (d + |S|))` for `k` heaps of a finite set (the amounts to a value of each heap).
    pub(super) fn solve_subtraction_heaps(
        &self,
        game: &Game,
        rules: HeapRules<'_>,
        heaps: &[BigUint],
    ) -> Result<Solution, Error> {
        let HeapsToValue {
            evaluation,
            values,
            total,
            moves: winning,
        } = self.subtraction_heaps_to_value(game, rules, heaps, &BigUint::ZERO)?;
        let position = Position::Heaps(heaps.to_vec());
        let whole = self.whole_positions(winning.len(), position.written_length())?;
        let winning_moves = winning
            .into_iter()
            .map(|(i, amount)| {
                let left = &heaps[i] - &amount;
                let to = if whole {
                    let mut after = heaps.to_vec();
                    after[i] = left;
                    Target::Whole(Position::Heaps(after))
                } else {
                    Target::Heap {
                        index: i,
                        heaps: vec![left],
                    }
                };
                Move {
                    component: None,
                    action: Action::TakeFromHeap { heap: i, amount },
                    to,
                }
            })
            .collect();
        Ok(Solution {
            heap_values: values,
            ..Solution::new(
                game,
                position,
                Outcome::of_grundy(&total),
                Some(total),
                winning_moves,
                evaluation.basis(heaps),
            )
        })
    }
}

impl Analyzer<'_> {
    /// The values of `heaps` of a one-heap subtraction game under normal play, their xor, and
    /// every move `(heap, amount)` that leaves a position of value `target`.
    ///
    /// # Complexity
    /// As [`solve_subtraction_heaps`](Self::solve_subtraction_heaps).
    pub(super) fn subtraction_heaps_to_value(
        &self,
        game: &Game,
        rules: HeapRules<'_>,
        heaps: &[BigUint],
        target: &BigUint,
    ) -> Result<HeapsToValue, Error> {
        let largest = heaps.iter().max().cloned().unwrap_or_default();
        let evaluation = self.subtraction_evaluate(game, rules, Play::Normal, &largest)?;
        let values: Vec<BigUint> = heaps.iter().map(|h| evaluation.value(h)).collect();
        let total = values.iter().fold(BigUint::ZERO, |x, v| x ^ v);
        let mut moves = Vec::new();
        if &total != target {
            for (i, (heap, value)) in heaps.iter().zip(&values).enumerate() {
                if i % 4096 == 0 {
                    self.check(0)?;
                    self.reserve_answer(moves.len(), &largest)?;
                }
                let wanted = value ^ &total ^ target;
                for amount in amounts_to_value(&evaluation, rules, heap, &wanted)? {
                    moves.push((i, amount));
                }
            }
        }
        Ok(HeapsToValue {
            evaluation,
            values,
            total,
            moves,
        })
    }
}

impl Analyzer<'_> {
    /// The moves `take 2^k` from a huge `heap` to a position of value `target`, from a certified
    /// period without growth: each exponent's residue comes from the one before, so the work is
    /// `O(log heap)` steps, not `O(log heap)` big subtractions. When writing every move's position
    /// would exceed the answer budget, the moves are given as classes of exponents.
    fn power_moves_to_value(
        &self,
        certificate: &Certificate,
        heap: &BigUint,
        target: &BigUint,
    ) -> Result<Vec<Move>, Error> {
        let p = certificate.periodicity();
        let value_of = |m: &BigUint| p.value_at(m);
        let period = BigUint::from(p.period());
        let preperiod = BigUint::from(p.preperiod());
        let bits = heap.bits();
        let heap_phase = ((heap % &period) + &period - (&preperiod % &period)) % &period;
        let heap_phase = heap_phase.to_u64().unwrap_or(0);
        let mut power_phase = 1 % p.period();
        let mut exponents = Vec::new();
        for k in 0..bits {
            if k % 65_536 == 0 {
                self.check(0)?;
            }
            // 2^k <= heap / 2 leaves at least 2^63, far in the periodic part; the largest power
            // may leave a small heap, evaluated directly.
            let value = if k + 1 < bits && p.saltus() == 0 {
                let index = p.preperiod() + (heap_phase + p.period() - power_phase) % p.period();
                BigUint::from(p.values().get(index as usize))
            } else {
                value_of(&(heap - (BigUint::from(1u32) << k)))
            };
            if &value == target {
                exponents.push(k);
            }
            power_phase = power_phase * 2 % p.period();
        }
        let digits = bits / 3 + 1;
        if self.whole_positions(exponents.len(), digits)? {
            return Ok(exponents
                .into_iter()
                .map(|k| {
                    let take = BigUint::from(1u32) << k;
                    let left = Position::Heap(heap - &take);
                    Move::whole(Action::Take { amount: take }, left)
                })
                .collect());
        }
        // Classes of exponents below the largest: their verdicts follow 2^k mod p, which repeats
        // within p + 1 steps when p is odd (p = 3 for the residue theorem), so a class period q
        // is found among the first few. The largest power, evaluated directly, stands alone.
        let periodic = bits as usize - 1;
        let mut winning = vec![false; periodic];
        let mut largest_wins = false;
        for &k in &exponents {
            match winning.get_mut(k as usize) {
                Some(verdict) => *verdict = true,
                None => largest_wins = true,
            }
        }
        let q = (1..=periodic.min(2 * p.period() as usize + 2))
            .find(|&q| (q..periodic).all(|k| winning[k] == winning[k - q]))
            .ok_or_else(|| Error::OutOfMemory {
                what: format!(
                    "the {} winning moves from heap {heap}, one by one",
                    exponents.len()
                ),
                needed: (exponents.len() as u64).saturating_mul(digits),
                limit: super::WHOLE_POSITIONS_BYTES,
            })?;
        let count = |c: usize| (c..periodic).step_by(q).count();
        let mut moves: Vec<Move> = (0..q)
            .filter(|&c| winning[c])
            .map(|c| Move {
                component: None,
                action: Action::PowerClass(Box::new(PowerClass {
                    heap: heap.clone(),
                    residue: c as u64,
                    modulus: q as u64,
                    high: (periodic - 1 - (periodic - 1 - c) % q) as u64,
                    moves: count(c) as u64,
                })),
                to: Target::Class {
                    index: 0,
                    others: Some(Vec::new()),
                },
            })
            .collect();
        if largest_wins {
            let take = BigUint::from(1u32) << periodic;
            moves.push(Move::whole(
                Action::TakePowerOfTwo {
                    exponent: periodic as u64,
                },
                Position::Heap(heap - &take),
            ));
        }
        Ok(moves)
    }
}

/// Checks a found certificate against the values it came from before anything relies on it.
pub(super) fn verified(
    game: &Game,
    search: Search,
    prefix: Vec<u32>,
) -> Result<(Search, Vec<u32>), Error> {
    if let Search::Certified(certificate) = &search {
        // The residue theorem gives its values itself; the others are re-checked here.
        if !matches!(certificate.theorem(), Theorem::Residue { .. }) {
            certificate.verify(&prefix).map_err(|e| {
                Error::Internal(format!(
                    "the certificate for {game} failed its re-check: {e}"
                ))
            })?;
        }
    }
    Ok((search, prefix))
}

/// The amounts `s` of `set` (ascending) whose option `heap - s` has value `target`.
///
/// # Errors
/// [`Error::Internal`] if an all-but sequence is certified without growth (impossible: its values
/// are unbounded, every value occurring at most `|X| + 1` times).
pub(super) fn amounts_to_value(
    evaluation: &Evaluation,
    rules: HeapRules<'_>,
    heap: &BigUint,
    target: &BigUint,
) -> Result<Vec<BigUint>, Error> {
    if let HeapRules::Rest(game) = rules {
        // A heap below the least amount has one move, to 0; the others, the set's.
        if let Some(n) = heap.to_u64().filter(|&n| game.takes_rest(n)) {
            let wins = &evaluation.value(&BigUint::ZERO) == target;
            return Ok(if wins { vec![n.into()] } else { Vec::new() });
        }
    }
    let mut amounts = match rules.set() {
        // Finite-set values are at most |S|: a larger target is never met.
        SubtractionSet::Finite(finite) => target.to_u64().map_or_else(Vec::new, |target| {
            finite_amounts_to_value(evaluation, heap, finite.members(), target)
        }),
        SubtractionSet::AllBut(all_but) => positions_with_value(evaluation, heap, target)?
            .into_iter()
            .map(|m| heap - m)
            .filter(|take| take.to_u64().is_none_or(|take| all_but.contains(take)))
            .collect(),
        SubtractionSet::Family(family) => family_members_up_to(*family, heap)
            .into_iter()
            .filter(|s| &evaluation.value(&(heap - s)) == target)
            .collect(),
    };
    amounts.sort();
    Ok(amounts)
}

/// `k` when `rules` are `{1, 2, k}` (`3 | k`) under normal play and the window criterion needs
/// more than `limit` values (`2k + 1`) to certify its period `k + 1`.
fn one_two_beyond(rules: HeapRules<'_>, play: Play, limit: u64) -> Option<u64> {
    match (rules, play) {
        (HeapRules::Plain(SubtractionSet::Finite(finite)), Play::Normal) => finite
            .one_two_multiple_of_three()
            .filter(|&k| 2 * u128::from(k) + 1 > u128::from(limit)),
        _ => None,
    }
}

/// The answer to a period search of `{1, 2, k}` (`3 | k`) whose period is too long to certify
/// value by value within any value limit: the theorem states it, no list of values does.
fn one_two_unlisted(game: &Game, k: u64) -> Error {
    let period = u128::from(k) + 1;
    Error::refused(format!(
        "{game} has period {period} from n = 0 by the {{1, 2, k}} theorem (docs/theory.md §4): with r = n mod {period}, G(n) = r mod 3 for r < {k} and G(n) = 3 for r = {k}. Its period is too long to list, or to check value by value within any value limit (that takes {} values); solve, table and contest answer any heap by the theorem",
        2 * u128::from(k) + 1
    ))
}

/// The positions `m < heap` with value `target`: finitely many when the values grow.
fn positions_with_value(
    evaluation: &Evaluation,
    heap: &BigUint,
    target: &BigUint,
) -> Result<Vec<BigUint>, Error> {
    match evaluation {
        Evaluation::Certified(certificate) => {
            let p = certificate.periodicity();
            if p.saltus() == 0 {
                return Err(Error::Internal(
                    "an all-but sequence was certified without growth".to_owned(),
                ));
            }
            let mut positions = Vec::new();
            for (i, v) in p.values().iter().enumerate() {
                let v = BigUint::from(v);
                if (i as u64) < p.preperiod() {
                    if &v == target {
                        positions.push(BigUint::from(i));
                    }
                } else if &v <= target {
                    let (periods, rest) = (target - &v).div_rem(&BigUint::from(p.saltus()));
                    if rest.is_zero() {
                        positions.push(BigUint::from(i) + periods * p.period());
                    }
                }
            }
            Ok(positions.into_iter().filter(|m| m < heap).collect())
        }
        Evaluation::Computed(values) => {
            let n = heap.to_usize().expect("computed heaps are small");
            Ok(values[..n]
                .iter()
                .zip(0u64..)
                .filter(|&(&v, _)| &BigUint::from(v) == target)
                .map(|(_, m)| m.into())
                .collect())
        }
        Evaluation::OneTwo(_) => Err(Error::Internal(
            "the values of {1, 2, k} do not grow: its positions of a value are not listed"
                .to_owned(),
        )),
    }
}

/// The amounts of a finite set (ascending `members`) whose option has value `target`. Finite sets
/// are certified with saltus 0 (window or residue theorem), so a value is its stored term. One
/// division for the heap, then machine arithmetic per amount, so `bash:10^7` stays fast.
fn finite_amounts_to_value(
    evaluation: &Evaluation,
    heap: &BigUint,
    members: &[u64],
    target: u64,
) -> Vec<BigUint> {
    let hit: Box<dyn Fn(u64) -> bool + '_> = match (evaluation, heap.to_u64()) {
        (Evaluation::Computed(values), Some(n)) => {
            Box::new(move |s| s <= n && u64::from(values[(n - s) as usize]) == target)
        }
        (Evaluation::Certified(certificate), Some(n)) => {
            let p = certificate.periodicity();
            Box::new(move |s| s <= n && u64::from(p.values().get(p.locate_u64(n - s).0)) == target)
        }
        (Evaluation::Certified(certificate), None) => {
            // The heap exceeds 2^64 > n0 + max S: every option lies in the periodic part.
            let p = certificate.periodicity();
            let (n0, period) = (p.preperiod(), p.period());
            let residue = ((heap - n0) % period).to_u64().expect("below the period");
            Box::new(move |s| {
                u64::from(
                    p.values()
                        .get((n0 + (residue + period - s % period) % period) as usize),
                ) == target
            })
        }
        (Evaluation::Computed(_), None) => unreachable!("direct values stop below the value limit"),
        (Evaluation::OneTwo(k), _) => {
            let k = *k;
            Box::new(move |s| {
                BigUint::from(s) <= *heap
                    && u64::from(period::one_two_value(k, &(heap - s))) == target
            })
        }
    };
    members
        .iter()
        .filter(|&&s| hit(s))
        .map(|&s| BigUint::from(s))
        .collect()
}

/// The members of `family` up to `heap`. Heaps beyond `u64` only arise for families with a
/// certificate (powers of two), whose members below `n` number `O(log n)`.
fn family_members_up_to(family: Family, heap: &BigUint) -> Vec<BigUint> {
    if let Some(n) = heap.to_u64() {
        return family
            .members_up_to(n)
            .into_iter()
            .map(BigUint::from)
            .collect();
    }
    match family {
        Family::PowersOfTwo => (0..heap.bits()).map(|k| BigUint::from(1u32) << k).collect(),
        Family::Fibonacci | Family::Squares | Family::Primes => unreachable!(
            "{} has no certificate, so its heaps are below the value limit",
            family.name()
        ),
    }
}

pub(super) fn observed_or_not_found<T: Element>(prefix: &[T]) -> Search {
    match period::observe(prefix) {
        Some(observation) => Search::Observed(observation),
        None => Search::NotFound {
            checked_to: prefix.len() as u64,
        },
    }
}

/// Why a heap cannot be answered, and what would help.
pub(super) fn refusal(
    game: &Game,
    set: &SubtractionSet,
    heap: &BigUint,
    search: &Search,
    limit: u64,
) -> Error {
    let seen = match search {
        Search::Observed(observation) => {
            let p = observation.periodicity();
            let saltus = if p.saltus() > 0 {
                format!(", saltus {}", p.saltus())
            } else {
                String::new()
            };
            format!(
                " The first {} values look periodic (period {}, preperiod {}{saltus}), but that is observed, not proved, and grundy does not extrapolate it.",
                observation.checked_to(),
                p.period(),
                p.preperiod()
            )
        }
        _ => String::new(),
    };
    match set {
        // Without a theorem, the values of heaps 0 to `heap` are needed.
        SubtractionSet::Family(family) => Error::beyond_values(
            format!(
                "{game} has no proved period ({} is an infinite set), so grundy answers only heaps whose values it computes directly, below the limit {limit}; heap {heap} is beyond it.{seen}",
                family.name()
            ),
            Some(heap + 1u32),
        ),
        SubtractionSet::Finite(finite) => {
            // The window criterion reads two windows of `max S` values and one more: a limit
            // below that cannot certify any period.
            let least = BigUint::from(finite.largest()) * 2u32 + 1u32;
            let needed = (least > BigUint::from(limit)).then_some(least);
            let reading = match &needed {
                Some(least) => format!(
                    " A certificate reads at least 2 · {} + 1 = {least} values.",
                    finite.largest()
                ),
                None => String::new(),
            };
            Error::beyond_values(
                format!(
                    "no period of {game} was certified within the first {limit} values, and heap {heap} lies beyond them, so grundy cannot answer exactly.{reading}{seen}"
                ),
                needed,
            )
        }
        SubtractionSet::AllBut(_) => Error::beyond_values(
            format!(
                "no period of {game} was certified within the first {limit} values, and heap {heap} lies beyond them, so grundy cannot answer exactly.{seen}"
            ),
            None,
        ),
    }
}

mod answers;
mod misere;
