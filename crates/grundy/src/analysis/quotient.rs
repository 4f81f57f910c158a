//! Misère quotients of take-and-break codes: the quotient of heaps `1..=n` built heap by heap
//! ([`crate::theory::quotient`]), closed by the periodicity theorem when it applies, and the
//! misère solve step that answers any position of heaps of one code from a verified quotient.
//!
//! Architecture invariant: every answer here comes from a quotient that passed
//! [`crate::theory::quotient::verify`] for the heaps it covers; a heap beyond them is answered
//! only through a [`Closure`] (docs/misere-quotients.md, Theorem 3).

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::{Action, Analyzer, Basis, Error, Move, Outcome, PeriodReport, Solution, Target};
use crate::budget::Exhausted;
use crate::games::game::{Component, Game};
use crate::games::octal::{Code, Modifier, for_each_option_heaps};
use crate::games::position::Position;
use crate::theory::quotient::{
    Builder, Closure, Element, Presentation, Quotient, QuotientError, Rejection, closure,
    presentation,
};

/// Why a quotient computation stopped before closing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientStop {
    /// The budget ran out (memory estimated before allocating, the deadline, or an interrupt).
    Budget(Exhausted),
    /// The heap limit asked for was reached.
    HeapLimit,
    /// The candidate for the next heap failed verification (the construction could not follow
    /// how that heap splits earlier classes); the quotient so far stands.
    Unverified {
        /// The heap that could not be added.
        heap: usize,
        /// What failed.
        rejection: Rejection,
    },
    /// The new heap's powers did not repeat within the bound.
    Exponent {
        /// The heap.
        heap: usize,
    },
    /// A structure of the construction or the verification would exceed its bound.
    TooLarge {
        /// The heap that could not be added.
        heap: usize,
        /// What grew.
        what: &'static str,
        /// The bound.
        bound: usize,
    },
}

/// Why the periodicity theorem cannot close a code's quotient, whatever the heaps computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoClosure {
    /// The code has a repeating tail: moves remove unboundedly many tokens.
    Tail,
    /// Some digit carries `!` or `?`: shifting a part by the period may break the constraint.
    Modifiers,
}

/// What [`Analyzer::period_answer`] finds: the period of a game's values, or — for a misère
/// take-and-break code, whose values do not add — its misère quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodAnswer {
    /// The period search of a one-heap game's values.
    Period(PeriodReport),
    /// The misère quotient of a `misere:` take-and-break code.
    Quotient(QuotientReport),
}

/// Where the construction of a misère quotient starts and how far it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct QuotientPlan {
    /// A quotient claimed for the first heaps (a checkpoint), verified before it is used.
    pub start: Option<Quotient>,
    /// The most heaps to build the quotient for.
    pub most_heaps: usize,
}

impl QuotientPlan {
    /// From `start` (a claimed quotient, verified before use) up to `most_heaps` heaps.
    pub fn new(start: Option<Quotient>, most_heaps: usize) -> Self {
        Self { start, most_heaps }
    }
}

impl Default for QuotientPlan {
    /// From nothing, up to [`DEFAULT_QUOTIENT_HEAPS`](crate::limits::DEFAULT_QUOTIENT_HEAPS).
    fn default() -> Self {
        Self {
            start: None,
            most_heaps: crate::limits::DEFAULT_QUOTIENT_HEAPS,
        }
    }
}

/// The misère quotient of a take-and-break code, as far as it was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientReport {
    /// The game (`misere:CODE`).
    pub game: Game,
    /// The verified quotient of heaps `1..=quotient.heaps()`.
    pub quotient: Quotient,
    /// Its presentation.
    pub presentation: Presentation,
    /// The periodicity of `Φ` that closes it, when the theorem applies and holds: then the
    /// quotient is the whole game's.
    pub closure: Option<Closure>,
    /// Why no closure is possible for this code, if so.
    pub no_closure: Option<NoClosure>,
    /// Why the computation stopped before closing (`None` once closed).
    pub stopped: Option<QuotientStop>,
    /// The heap the computation resumed from (0 when it started afresh).
    pub resumed_from: usize,
    /// Abstract states the last verification checked.
    pub states: u64,
}

impl QuotientReport {
    /// `Φ(n)` for any heap: directly up to the last heap computed, through the closure beyond;
    /// `None` beyond the computed heaps without a closure.
    ///
    /// # Complexity
    /// `O(d)` for a `d`-digit heap.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let report = Analyzer::new(Config::default()).quotient(&parse_game("misere:0.31")?)?;
    /// let far = report.phi(&"1000000000000000000000".parse()?);
    /// assert!(far.is_some());
    /// # Ok(()) }
    /// ```
    pub fn phi(&self, heap: &BigUint) -> Option<Element> {
        let phi = self.quotient.phi();
        if let Some(h) = heap.to_usize().filter(|&h| h < phi.len()) {
            return Some(phi[h]);
        }
        let c = self.closure?;
        let offset = ((heap - c.preperiod) % c.period).to_usize()?;
        Some(phi[c.preperiod + offset])
    }
}

/// What decided a misère position from a quotient: the quotient's size, the heaps it covers or
/// its closure, and the product of `Φ` over the position's heaps (normal form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientBasis {
    /// `|Q|`.
    pub order: usize,
    /// `|P|`.
    pub losing: usize,
    /// The last heap the quotient was built and verified for.
    pub heaps: usize,
    /// The closure used for heaps beyond `heaps`, if any.
    pub closure: Option<Closure>,
    /// How many generators the presentation has.
    pub generators: usize,
    /// The normal form (exponents of the generators) of the product of `Φ` over the heaps.
    pub product: Vec<u32>,
    /// Whether the product lies in `P`.
    pub in_losing: bool,
}

impl Analyzer<'_> {
    /// The misère quotient of a take-and-break code `misere:CODE`, built heap by heap until the
    /// periodicity theorem closes it, up to [`crate::limits::DEFAULT_QUOTIENT_HEAPS`] heaps or
    /// until the budget runs out (a partial, verified quotient is still reported, with why it
    /// stopped).
    ///
    /// # Complexity
    /// Per heap, [`Builder::push`]: polynomial in the order of the quotient and the number of
    /// abstract states; wild games whose quotients grow stop at the budget.
    ///
    /// # Errors
    /// [`Error::Refused`] for games other than `misere:` take-and-break codes.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let report = Analyzer::new(Config::default()).quotient(&parse_game("misere:0.75")?)?;
    /// assert_eq!(report.quotient.order(), 8);
    /// assert!(report.closure.is_some());
    /// # Ok(()) }
    /// ```
    pub fn quotient(&self, game: &Game) -> Result<QuotientReport, Error> {
        self.quotient_from(game, None, crate::limits::DEFAULT_QUOTIENT_HEAPS)
    }

    /// As [`quotient`](Self::quotient), continuing from a claimed quotient (a checkpoint), which
    /// is verified first, and stopping at heap `most_heaps`.
    ///
    /// # Complexity
    /// As [`quotient`](Self::quotient), plus one verification of the start.
    ///
    /// # Errors
    /// As [`quotient`](Self::quotient); [`Error::Refused`] when the claimed start fails
    /// verification.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let analyzer = Analyzer::new(Config::default());
    /// let game = parse_game("misere:0.77")?;
    /// let first = analyzer.quotient_from(&game, None, 6)?;
    /// let more = analyzer.quotient_from(&game, Some(first.quotient.clone()), 10)?;
    /// assert_eq!((first.quotient.heaps(), more.quotient.heaps(), more.resumed_from), (6, 10, 6));
    /// # Ok(()) }
    /// ```
    pub fn quotient_from(
        &self,
        game: &Game,
        start: Option<Quotient>,
        most_heaps: usize,
    ) -> Result<QuotientReport, Error> {
        let code = misere_code(game)?;
        self.build_quotient(game, code, start, most_heaps, |_| false)
    }

    fn build_quotient(
        &self,
        game: &Game,
        code: &Code,
        start: Option<Quotient>,
        most_heaps: usize,
        enough: impl Fn(&Builder) -> bool,
    ) -> Result<QuotientReport, Error> {
        let no_closure = if code.last_digit().is_none() {
            Some(NoClosure::Tail)
        } else if code.has_modifiers() {
            Some(NoClosure::Modifiers)
        } else {
            None
        };
        let t = code.last_digit().unwrap_or(0);
        let parts = code.max_heaps_left() as usize;
        let options_of = |h: usize| {
            let mut options = Vec::new();
            for_each_option_heaps(code, h, |heaps| options.push(heaps.to_vec()));
            options
        };
        let mut builder = match start {
            None => Builder::new(),
            Some(quotient) => {
                let options = (1..=quotient.heaps()).map(options_of).collect();
                Builder::resume(quotient, options, &self.budget).map_err(|error| {
                    Error::refused(format!(
                        "the checkpoint is not a verified misère quotient of {game}: {error}"
                    ))
                })?
            }
        };
        let resumed_from = builder.quotient().heaps();
        let closed = |builder: &Builder| {
            no_closure
                .is_none()
                .then(|| closure(builder.quotient(), t, parts))
                .flatten()
        };
        let mut stopped = None;
        let mut work: u128 = 0;
        while closed(&builder).is_none() && !enough(&builder) {
            let heap = builder.quotient().heaps() + 1;
            if heap > most_heaps {
                stopped = Some(QuotientStop::HeapLimit);
                break;
            }
            match builder.push(options_of(heap), &self.budget) {
                Ok(()) => {
                    let q = builder.quotient();
                    work += u128::from(builder.states()) * heap as u128 * q.order() as u128;
                    if work > crate::limits::QUOTIENT_TOTAL_WORK && closed(&builder).is_none() {
                        stopped = Some(QuotientStop::TooLarge {
                            heap: heap + 1,
                            what: "total verification work",
                            bound: usize::try_from(crate::limits::QUOTIENT_TOTAL_WORK)
                                .unwrap_or(usize::MAX),
                        });
                        break;
                    }
                }
                Err(QuotientError::Exhausted(reason)) => {
                    stopped = Some(QuotientStop::Budget(reason));
                    break;
                }
                Err(QuotientError::Unverified { heap, rejection }) => {
                    stopped = Some(QuotientStop::Unverified { heap, rejection });
                    break;
                }
                Err(QuotientError::TooLarge { heap, what, bound }) => {
                    stopped = Some(QuotientStop::TooLarge { heap, what, bound });
                    break;
                }
                Err(QuotientError::Exponent { heap, .. } | QuotientError::BadOption { heap }) => {
                    stopped = Some(QuotientStop::Exponent { heap });
                    break;
                }
            }
        }
        let closure = closed(&builder);
        let quotient = builder.quotient().clone();
        Ok(QuotientReport {
            game: game.clone(),
            presentation: presentation(&quotient),
            quotient,
            closure,
            no_closure,
            stopped: if closure.is_some() { None } else { stopped },
            resumed_from,
            states: builder.states(),
        })
    }

    /// Solves a misère position of heaps of one take-and-break code from its misère quotient:
    /// closed (any heap size) or built far enough to cover every heap of the position. `None`
    /// when no verified quotient covers the position within the limits.
    pub(super) fn solve_by_quotient(
        &self,
        game: &Game,
        code: &Code,
        heaps: &[BigUint],
    ) -> Result<Option<Solution>, Error> {
        let Some(report) = self.covering_quotient(game, code, heaps)? else {
            return Ok(None);
        };
        let quotient = &report.quotient;
        let images: Vec<Element> = heaps
            .iter()
            .map(|h| report.phi(h).expect("the quotient covers every heap"))
            .collect();
        let product = images
            .iter()
            .fold(quotient.identity(), |x, &y| quotient.multiply(x, y));
        let in_losing = quotient.is_losing(product);
        let mut winning = Vec::new();
        if !in_losing {
            for (i, heap) in heaps.iter().enumerate() {
                if i > 0 && heaps[..i].contains(heap) {
                    continue; // the same moves as on the first heap of this size
                }
                self.check(0)?;
                let rest = images
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .fold(quotient.identity(), |x, (_, &y)| quotient.multiply(x, y));
                let named = (heaps.len() > 1).then_some(i);
                for action in winning_options(self, &report, code, heap, rest, named)? {
                    winning.push((i, action));
                }
            }
        }
        let winning_moves = winning
            .into_iter()
            .map(|(i, action)| {
                let to = match &action {
                    Action::TakeAndBreak { parts, .. } if heaps.len() == 1 => {
                        Target::Whole(Position::Heaps(parts.clone()))
                    }
                    Action::TakeAndBreak { parts, .. } => Target::Heap {
                        index: i,
                        heaps: parts.clone(),
                    },
                    _ => Target::Class {
                        index: i,
                        others: None,
                    },
                };
                Move {
                    component: None,
                    action,
                    to,
                }
            })
            .collect();
        let outcome = if in_losing {
            Outcome::Lose
        } else {
            Outcome::Win
        };
        let basis = Basis::MisereQuotient(Box::new(QuotientBasis {
            order: quotient.order(),
            losing: quotient.losing_count(),
            heaps: quotient.heaps(),
            closure: report.closure,
            generators: report.presentation.generators.len(),
            product: report.presentation.normal_forms[product as usize].clone(),
            in_losing,
        }));
        Ok(Some(Solution::new(
            game,
            Position::Heaps(heaps.to_vec()),
            outcome,
            None,
            winning_moves,
            basis,
        )))
    }

    /// A verified quotient that decides every heap of `heaps`: built until it closes or covers
    /// the largest heap (within the heap limit and the budget).
    fn covering_quotient(
        &self,
        game: &Game,
        code: &Code,
        heaps: &[BigUint],
    ) -> Result<Option<QuotientReport>, Error> {
        let largest = heaps.iter().max().cloned().unwrap_or_default();
        let most = crate::limits::DEFAULT_QUOTIENT_HEAPS;
        let target = largest.to_usize().filter(|&h| h <= most);
        let report = self.build_quotient(game, code, None, most, |builder| {
            target.is_some_and(|h| builder.quotient().heaps() >= h)
        })?;
        if let Some(QuotientStop::Budget(Exhausted::Interrupted | Exhausted::TimedOut { .. })) =
            report.stopped
        {
            self.check(report.quotient.heaps() as u64)?;
        }
        let covered =
            report.closure.is_some() || target.is_some_and(|h| report.quotient.heaps() >= h);
        Ok(covered.then_some(report))
    }
}

impl Analyzer<'_> {
    /// A misère sum whose components are all heaps of one take-and-break code
    /// (`misere:0.77[5] + 0.77[9]`): the components share one quotient, so the sum is the
    /// position of all their heaps. `None` for other sums, or when no quotient covers it.
    pub(super) fn misere_quotient_sum(
        &self,
        game: &Game,
        components: &[Component],
    ) -> Result<Option<Solution>, Error> {
        let Some(code) = components.first().and_then(|c| c.game.code()) else {
            return Ok(None);
        };
        let mut heaps = Vec::new();
        let mut owner = Vec::new();
        for (i, component) in components.iter().enumerate() {
            match (component.game.code(), &component.position) {
                (Some(other), Position::Heaps(own)) if other == code => {
                    for (j, heap) in own.iter().enumerate() {
                        heaps.push(heap.clone());
                        owner.push((i, j));
                    }
                }
                _ => return Ok(None),
            }
        }
        let single = Game::Misere(Box::new(Game::Octal(code.clone())));
        let Some(solution) = self.solve_by_quotient(&single, code, &heaps)? else {
            return Ok(None);
        };
        let winning_moves = solution
            .winning_moves
            .into_iter()
            .map(|played| {
                let index = match (&played.action, &played.to) {
                    (_, Target::Heap { index, .. } | Target::Class { index, .. }) => *index,
                    _ => 0,
                };
                let (i, j) = owner[index];
                let Position::Heaps(own) = &components[i].position else {
                    unreachable!("checked above")
                };
                let local = (own.len() > 1).then_some(j);
                let action = match played.action {
                    Action::TakeAndBreak { take, parts, .. } => Action::TakeAndBreak {
                        heap: local,
                        take,
                        parts,
                    },
                    Action::SplitClass(mut class) => {
                        class.heap = local;
                        Action::SplitClass(class)
                    }
                    other => other,
                };
                let to = match &action {
                    Action::TakeAndBreak { parts, .. } => {
                        let mut after = own.clone();
                        after.splice(j..=j, parts.iter().cloned());
                        Target::Component {
                            index: i,
                            position: Position::Heaps(after),
                        }
                    }
                    _ => Target::Class {
                        index: j,
                        others: None,
                    },
                };
                Move {
                    component: Some(i),
                    action,
                    to,
                }
            })
            .collect();
        Ok(Some(Solution {
            game: game.clone(),
            position: Position::Sum,
            winning_moves,
            ..solution
        }))
    }
}

/// The code of a `misere:CODE` game.
fn misere_code(game: &Game) -> Result<&Code, Error> {
    match (game.is_misere(), game.base().code()) {
        (true, Some(code)) => Ok(code),
        (true, None) => Err(Error::refused(format!(
            "{game}: misère quotients are built for take-and-break codes (misere:0.77, misere:kayles, …)"
        ))),
        (false, _) => Err(Error::refused(format!(
            "{game}: misère quotients are for misère play; write misere:{game}"
        ))),
    }
}

/// The most tokens a heap may hold for its options to be listed one by one.
const LISTED_HEAP: u64 = 100_000;

/// Every option of `heap` whose `Φ`-product with `rest` lies in `P`: listed one by one for
/// heaps the quotient covers or small enough, by residue classes of splits beyond (through the
/// closure).
fn winning_options(
    analyzer: &Analyzer<'_>,
    report: &QuotientReport,
    code: &Code,
    heap: &BigUint,
    rest: Element,
    named: Option<usize>,
) -> Result<Vec<Action>, Error> {
    let quotient = &report.quotient;
    let phi = |h: &BigUint| report.phi(h).expect("covered");
    let wins = |parts: &[BigUint]| {
        let image = parts
            .iter()
            .fold(rest, |x, part| quotient.multiply(x, phi(part)));
        quotient.is_losing(image)
    };
    let leaving = |take: u64, parts: Vec<BigUint>| Action::TakeAndBreak {
        heap: named,
        take: take.into(),
        parts,
    };
    let mut out = Vec::new();
    if let Some(small) = heap.to_u64().filter(|&h| h <= LISTED_HEAP) {
        let h = small as usize;
        let mut failure = None;
        for_each_option_heaps(code, h, |parts| {
            if failure.is_some() {
                return;
            }
            let parts: Vec<BigUint> = parts.iter().map(|&p| BigUint::from(p)).collect();
            if wins(&parts) {
                let take = (h - parts
                    .iter()
                    .map(|p| p.to_usize().unwrap_or(0))
                    .sum::<usize>()) as u64;
                if out.len() % 1024 == 1023 {
                    failure = analyzer.reserve_answer(out.len(), heap).err();
                }
                out.push(leaving(take, parts));
            }
        });
        return failure.map_or(Ok(out), Err);
    }
    // A huge heap: only through the closure (a finite code without modifiers).
    let closure = report
        .closure
        .expect("a heap beyond the computed ones is covered by the closure");
    let t = code.last_digit().unwrap_or(0);
    for j in 0..=t {
        let (d, modifier) = code.digit(j);
        debug_assert_eq!(modifier, Modifier::None);
        let m = heap - j;
        if d & 2 != 0 && j > 0 && wins(std::slice::from_ref(&m)) {
            out.push(leaving(j as u64, vec![m.clone()]));
        }
        if d & 4 != 0 {
            // a < n0 one by one; a >= n0 by residue class (the other part, m − a ≥ m/2, is
            // beyond n0 as well, so both images depend only on a mod p).
            for a in 1..closure.preperiod {
                let parts = [BigUint::from(a), &m - a];
                if wins(&parts) {
                    out.push(leaving(j as u64, parts.to_vec()));
                }
            }
            let half: BigUint = &m / 2u32;
            for residue in 0..closure.period {
                let a = closure.preperiod + residue;
                let parts = [BigUint::from(a), &m - a];
                if !wins(&parts) {
                    continue;
                }
                let high = &half - ((&half - a) % closure.period);
                let moves = (&high - a) / closure.period + 1u32;
                out.push(Action::SplitClass(Box::new(super::SplitClass {
                    heap: named,
                    take: j as u64,
                    rest: m.clone(),
                    residue: a as u64,
                    period: closure.period as u64,
                    high,
                    moves,
                })));
            }
        }
        if d & 8 != 0 {
            return Err(Error::refused(
                "three-heap splits of a heap beyond the computed quotient are not listed",
            ));
        }
    }
    analyzer.reserve_answer(out.len(), heap)?;
    if out.iter().any(|action| matches!(action, Action::TakeAndBreak { parts, .. } if parts.iter().any(Zero::is_zero))) {
        return Err(Error::Internal("a split left an empty heap".to_owned()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::analysis::Config;
    use crate::input::spec::parse_game;

    /// Whether `position` is a misère P-position, by exhaustive search from the definitions.
    fn brute(code: &Code, position: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
        let mut key = position.to_vec();
        key.sort_unstable();
        if let Some(&p) = memo.get(&key) {
            return p;
        }
        let mut has = false;
        let mut losing = true;
        'heaps: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            let mut options = Vec::new();
            for_each_option_heaps(code, key[i], |parts| options.push(parts.to_vec()));
            for option in options {
                has = true;
                let mut next = key.clone();
                next.remove(i);
                next.extend(option);
                if brute(code, &next, memo) {
                    losing = false;
                    break 'heaps;
                }
            }
        }
        let p = has && losing;
        memo.insert(key, p);
        p
    }

    fn positions(tokens: usize) -> Vec<Vec<usize>> {
        fn go(left: usize, max: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            out.push(current.clone());
            for h in (1..=max.min(left)).rev() {
                current.push(h);
                go(left - h, h, current, out);
                current.pop();
            }
        }
        let mut out = Vec::new();
        go(tokens, tokens, &mut Vec::new(), &mut out);
        out
    }

    fn report(spec: &str, heaps: usize) -> (QuotientReport, Code) {
        let game = parse_game(spec).expect("a game");
        let Game::Misere(inner) = &game else {
            panic!("misère")
        };
        let Game::Octal(code) = inner.as_ref() else {
            panic!("a code")
        };
        let code = code.clone();
        let report = Analyzer::new(Config::default())
            .quotient_from(&game, None, heaps)
            .expect("a report");
        (report, code)
    }

    fn claimed(report: &QuotientReport, position: &[usize]) -> bool {
        let q = &report.quotient;
        let product = position.iter().fold(q.identity(), |x, &h| {
            q.multiply(x, report.phi(&BigUint::from(h)).expect("covered"))
        });
        q.is_losing(product)
    }

    #[test]
    fn kayles_closes_and_agrees_with_brute_force() {
        let (report, code) = report("misere:0.77", 300);
        let closure = report.closure.expect("misère Kayles closes");
        assert_eq!((closure.preperiod, closure.period), (71, 12));
        assert_eq!(report.quotient.order(), 40);
        assert_eq!(report.quotient.losing_count(), 9);
        let mut memo = HashMap::new();
        // Every position of at most 28 tokens.
        for position in positions(28) {
            assert_eq!(
                claimed(&report, &position),
                brute(&code, &position, &mut memo),
                "{position:?}"
            );
        }
        // Single heaps and pairs beyond.
        for a in 29..=34 {
            assert_eq!(claimed(&report, &[a]), brute(&code, &[a], &mut memo), "{a}");
        }
        for a in 1..=14 {
            for b in a..=(30 - a).min(20) {
                assert_eq!(
                    claimed(&report, &[a, b]),
                    brute(&code, &[a, b], &mut memo),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn other_codes_agree_with_brute_force() {
        // Tame codes close; wild ones (0.6, 0.07) are checked as far as a few heaps build.
        for (spec, heaps, tokens, closes) in [
            ("misere:0.31", 300, 26, true),
            ("misere:0.75", 300, 26, true),
            ("misere:0.6", 10, 20, false),
            ("misere:0.07", 12, 22, false),
            ("misere:0.137", 12, 20, false),
            ("misere:4.7", 8, 16, false),
        ] {
            let (report, code) = report(spec, heaps);
            assert_eq!(report.closure.is_some(), closes, "{spec}");
            let reach = report.quotient.heaps();
            let mut memo = HashMap::new();
            for position in positions(tokens) {
                if closes || position.iter().all(|&h| h <= reach) {
                    assert_eq!(
                        claimed(&report, &position),
                        brute(&code, &position, &mut memo),
                        "{spec} {position:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p_positions() {
        let analyzer = Analyzer::new(Config::default());
        let game = parse_game("misere:0.75").expect("a game");
        let Game::Misere(inner) = &game else { panic!() };
        let Game::Octal(code) = inner.as_ref() else {
            panic!()
        };
        let mut memo = HashMap::new();
        for position in [
            vec![7],
            vec![3, 5],
            vec![2, 2, 6],
            vec![9, 4],
            vec![1, 1, 1],
        ] {
            let heaps: Vec<BigUint> = position.iter().map(|&h| BigUint::from(h)).collect();
            let solution = analyzer
                .solve_by_quotient(&game, code, &heaps)
                .expect("no error")
                .expect("covered");
            let p = brute(code, &position, &mut memo);
            assert_eq!(solution.outcome == Outcome::Lose, p, "{position:?}");
            let mut expected = 0;
            for (i, &h) in position.iter().enumerate() {
                if position[..i].contains(&h) {
                    continue;
                }
                for_each_option_heaps(code, h, |parts| {
                    let mut next = position.clone();
                    next.remove(i);
                    next.extend(parts);
                    if brute(code, &next, &mut memo) {
                        expected += 1;
                    }
                });
            }
            assert_eq!(solution.winning_moves.len(), expected, "{position:?}");
        }
    }

    #[test]
    fn resuming_continues_the_same_quotient() {
        let analyzer = Analyzer::new(Config::default());
        let game = parse_game("misere:0.77").expect("a game");
        let whole = analyzer.quotient_from(&game, None, 30).expect("report");
        let half = analyzer.quotient_from(&game, None, 15).expect("report");
        assert_eq!(half.stopped, Some(QuotientStop::HeapLimit));
        let resumed = analyzer
            .quotient_from(&game, Some(half.quotient), 30)
            .expect("report");
        assert_eq!(resumed.quotient, whole.quotient);
        // A corrupted checkpoint is refused.
        let mut table = whole.quotient.table().to_vec();
        table[5] = (table[5] + 1) % whole.quotient.order() as u32;
        let bad = Quotient::from_parts(
            table,
            whole.quotient.identity(),
            whole.quotient.losing().to_vec(),
            whole.quotient.phi().to_vec(),
        );
        assert!(analyzer.quotient_from(&game, Some(bad), 31).is_err());
    }

    #[test]
    fn a_small_budget_stops_with_the_partial_quotient() {
        let config = Config::default()
            .with_max_memory(4 << 20)
            .expect("a valid limit");
        let analyzer = Analyzer::new(config);
        let report = analyzer
            .quotient(&parse_game("misere:0.6").expect("a game"))
            .expect("a partial report");
        assert!(matches!(
            report.stopped,
            Some(QuotientStop::Budget(Exhausted::Memory { .. }))
        ));
        assert!(report.quotient.heaps() >= 6);
    }
}
