//! The facade: answers `solve`, `table` and `period` queries, choosing the engine and the theorem.
//!
//! Answers come from a certified period when one is proved (any heap size, time independent of
//! it), otherwise from values computed directly up to the configured limit. Beyond that the
//! [`Analyzer`] refuses with an explanation; it never extrapolates an unproved pattern.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::engine::{Engine, Values};
use crate::game::Game;
use crate::period::{self, Certificate, Search, Theorem};
use crate::spec::InputError;
use crate::subtraction::{Family, SubtractionSet};
use crate::{NoObserver, Observer};

/// The default limit on computed values for finite and all-but sets.
pub const DEFAULT_MAX_VALUES: u64 = 10_000_000;
/// The largest limit accepted: values are kept 4 bytes each, so this is 4 GB.
pub const MAX_VALUES_LIMIT: u64 = 1_000_000_000;
/// The most rows one table may have.
pub const MAX_TABLE_ROWS: u64 = 1_000_000;

/// Everything that can go wrong answering a query.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The user's text does not parse.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A setting is out of range.
    #[error("{0}")]
    Setting(String),
    /// The question cannot be answered exactly within the limits; the text says why and what to do.
    #[error("{0}")]
    Refused(String),
    /// The observer asked to stop.
    #[error("interrupted after computing {checked_to} values; no answer was reached")]
    Interrupted {
        /// How many values were computed.
        checked_to: u64,
    },
    /// A certificate failed its own re-check: a bug in grundy, reported rather than hidden.
    #[error("internal error: {0}")]
    Internal(String),
}

/// How an [`Analyzer`] works: which engine, how many values at most.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    engine: Engine,
    max_values: Option<u64>,
}

impl Config {
    /// Uses `engine` for Grundy values.
    #[must_use]
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// Computes at most `max_values` values per game (period searches and direct answers).
    ///
    /// # Errors
    /// [`Error::Setting`] unless `1 <= max_values <=` [`MAX_VALUES_LIMIT`].
    pub fn with_max_values(mut self, max_values: u64) -> Result<Self, Error> {
        if !(1..=MAX_VALUES_LIMIT).contains(&max_values) {
            return Err(Error::Setting(format!(
                "the value limit must be between 1 and {MAX_VALUES_LIMIT} (values take 4 bytes each); got {max_values}"
            )));
        }
        self.max_values = Some(max_values);
        Ok(self)
    }

    /// The engine in use.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The value limit for `set`: the configured one, or a default that keeps the work near a
    /// second (primes and squares have many moves per heap).
    pub fn max_values_for(&self, set: &SubtractionSet) -> u64 {
        self.max_values.unwrap_or(match set {
            SubtractionSet::Family(Family::Primes) => 100_000,
            SubtractionSet::Family(Family::Squares) => 1_000_000,
            _ => DEFAULT_MAX_VALUES,
        })
    }
}

/// Win or lose, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins with best play (an N-position).
    Win,
    /// The player to move loses against best play (a P-position).
    Lose,
}

impl Outcome {
    /// `"win"` or `"lose"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Win => "win",
            Self::Lose => "lose",
        }
    }

    /// The outcome of a position with Grundy value `grundy` under normal play.
    pub fn of_grundy(grundy: &BigUint) -> Self {
        if grundy.is_zero() {
            Self::Lose
        } else {
            Self::Win
        }
    }
}

/// One move: remove `take` tokens, leaving `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Tokens removed.
    pub take: BigUint,
    /// The heap left.
    pub to: BigUint,
}

/// What an answer rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Basis {
    /// A certified period, re-checked before use.
    Certified(Certificate),
    /// Values computed directly, `G(0)` to `G(computed - 1)`.
    Computed {
        /// How many values.
        computed: u64,
    },
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The game's canonical spec.
    pub game: String,
    /// The heap size.
    pub heap: BigUint,
    /// Win or lose for the player to move.
    pub outcome: Outcome,
    /// The Grundy value.
    pub grundy: BigUint,
    /// Every winning move, by increasing amount taken.
    pub winning_moves: Vec<Move>,
    /// What decided it.
    pub basis: Basis,
    /// One sentence saying what decided it.
    pub reason: String,
}

/// Grundy values of consecutive heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The game's canonical spec.
    pub game: String,
    /// The first heap size.
    pub from: BigUint,
    /// `G(from)`, `G(from + 1)`, …
    pub values: Vec<BigUint>,
    /// What the values rest on.
    pub basis: Basis,
}

/// The result of a period search on a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The game's canonical spec.
    pub game: String,
    /// Certified, observed, or not found.
    pub search: Search,
}

/// Answers queries about games. See the crate documentation for an example.
pub struct Analyzer<'a> {
    config: Config,
    observer: &'a dyn Observer,
}

/// A value stream that reports progress and stops when the observer says so, consulting it after
/// about [`Watched::WORK_BETWEEN_CHECKS`] options examined (not values: a value of `bash:10^6`
/// costs a million times one of `bash:3`).
struct Watched<'o> {
    values: Values,
    observer: &'o dyn Observer,
    total: u64,
    work: u64,
    interrupted: bool,
}

impl<'o> Watched<'o> {
    const WORK_BETWEEN_CHECKS: u64 = 1 << 22;

    fn new(values: Values, observer: &'o dyn Observer, total: u64) -> Self {
        Self {
            values,
            observer,
            total,
            work: 0,
            interrupted: false,
        }
    }

    /// Extends `prefix` to `count` values.
    ///
    /// # Errors
    /// [`Error::Interrupted`] if the observer stops it.
    fn extend_to(&mut self, prefix: &mut Vec<u32>, count: u64) -> Result<(), Error> {
        let missing = count.saturating_sub(prefix.len() as u64);
        prefix.extend(self.by_ref().take(missing as usize));
        if self.interrupted {
            return Err(Error::Interrupted {
                checked_to: prefix.len() as u64,
            });
        }
        Ok(())
    }
}

impl Iterator for Watched<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.interrupted {
            return None;
        }
        self.work += self.values.work_per_value();
        if self.work >= Self::WORK_BETWEEN_CHECKS {
            self.work = 0;
            self.observer.progress(self.values.position(), self.total);
            if self.observer.interrupted() {
                self.interrupted = true;
                return None;
            }
        }
        self.values.next()
    }
}

/// Values of one game, enough to answer for heaps up to some size.
enum Evaluation {
    Certified(Certificate),
    Computed(Vec<u32>),
}

impl Evaluation {
    fn value(&self, n: &BigUint) -> BigUint {
        match self {
            Self::Certified(certificate) => certificate.periodicity.value_at(n),
            Self::Computed(values) => {
                let n = n
                    .to_usize()
                    .expect("computed heaps are below the value limit");
                BigUint::from(values[n])
            }
        }
    }

    fn basis(self) -> Basis {
        match self {
            Self::Certified(certificate) => Basis::Certified(certificate),
            Self::Computed(values) => Basis::Computed {
                computed: values.len() as u64,
            },
        }
    }
}

impl Analyzer<'static> {
    /// An analyzer that reports no progress and is never interrupted.
    pub fn new(config: Config) -> Self {
        Analyzer {
            config,
            observer: &NoObserver,
        }
    }
}

impl Analyzer<'_> {
    /// The same analyzer, reporting to `observer`.
    pub fn with_observer(self, observer: &dyn Observer) -> Analyzer<'_> {
        Analyzer {
            config: self.config,
            observer,
        }
    }

    fn set(game: &Game) -> &SubtractionSet {
        match game {
            Game::Subtraction(subtraction) => subtraction.set(),
        }
    }

    /// Searches for the game's period and keeps the values read.
    fn search(&self, game: &Game) -> Result<(Search, Vec<u32>), Error> {
        let set = Self::set(game);
        let limit = self.config.max_values_for(set);
        if let Some(modulus) = set.residue_modulus() {
            // The theorem gives the values themselves; nothing needs computing.
            return Ok((
                Search::Certified(period::residue_certificate(modulus)),
                Vec::new(),
            ));
        }
        let mut values = Watched::new(Values::new(set, self.config.engine), self.observer, limit);
        let (search, prefix) = match set {
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
            });
        }
        if let Search::Certified(certificate) = &search {
            certificate.verify(&prefix).map_err(|e| {
                Error::Internal(format!(
                    "the certificate for {game} failed its re-check: {e}"
                ))
            })?;
        }
        Ok((search, prefix))
    }

    /// Searches for the period of `game`'s Grundy sequence and certifies it when a theorem applies:
    /// the window criterion for finite subtraction sets, the all-but criterion for all-but sets.
    /// Infinite families get at most an observed, unproved period.
    ///
    /// # Complexity
    /// Finite sets: `O((n0 + p + t) · |S|)` time, `O(n0 + p + t)` memory (Brent's cycle finding on
    /// windows of `t = max S` values). All-but sets: `O(L · |X| log |X|)` for the `L` values needed,
    /// doubling `L`. Families: `O(L · k)` with `k` members below `L`. `L` is at most the limit.
    ///
    /// # Errors
    /// [`Error::Interrupted`] if the observer stops it; [`Error::Internal`] if a certificate fails
    /// its re-check.
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, parse_game};
    /// let report = Analyzer::new(Config::default()).period(&parse_game("subtraction:2,5,7").unwrap()).unwrap();
    /// let certificate = report.search.certificate().unwrap();
    /// assert_eq!(certificate.periodicity.period, 22);
    /// ```
    pub fn period(&self, game: &Game) -> Result<PeriodReport, Error> {
        let (search, _) = self.search(game)?;
        Ok(PeriodReport {
            game: game.to_string(),
            search,
        })
    }

    /// Values good for every heap up to `largest`, or a refusal saying why not.
    fn evaluate(&self, game: &Game, largest: &BigUint) -> Result<Evaluation, Error> {
        let set = Self::set(game);
        let limit = self.config.max_values_for(set);
        let within = largest.to_u64().filter(|&n| n < limit);
        if let (SubtractionSet::Family(family), Some(n)) = (set, within)
            && family.residue_modulus().is_none()
        {
            // No theorem applies to families: compute just what is needed.
            let mut values =
                Watched::new(Values::new(set, self.config.engine), self.observer, n + 1);
            let mut prefix = Vec::new();
            values.extend_to(&mut prefix, n + 1)?;
            return Ok(Evaluation::Computed(prefix));
        }
        let (search, prefix) = self.search(game)?;
        match search {
            Search::Certified(certificate) => Ok(Evaluation::Certified(certificate)),
            _ if within.is_some_and(|n| n < prefix.len() as u64) => {
                Ok(Evaluation::Computed(prefix))
            }
            search => Err(Error::Refused(refusal(game, largest, &search, limit))),
        }
    }

    /// Solves one heap: outcome, Grundy value and every winning move.
    ///
    /// # Complexity
    /// With a certified period: `O(d + |S|)` for a `d`-digit heap on top of the period search
    /// (see [`period`](Self::period)); all-but sets `O(d · z)` with `z` P-positions. Otherwise the
    /// values up to the heap are computed directly.
    ///
    /// # Errors
    /// [`Error::Refused`] when no period is certified and the heap lies beyond the value limit;
    /// [`Error::Interrupted`] and [`Error::Internal`] as for [`period`](Self::period).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, Outcome, parse_game, parse_heap};
    /// let analyzer = Analyzer::new(Config::default());
    /// let solution = analyzer.solve(&parse_game("bash:3").unwrap(), &parse_heap("10").unwrap()).unwrap();
    /// assert_eq!(solution.outcome, Outcome::Win);
    /// assert_eq!(solution.winning_moves[0].take, 2u32.into()); // leave 8, a multiple of 4
    /// ```
    pub fn solve(&self, game: &Game, heap: &BigUint) -> Result<Solution, Error> {
        let evaluation = self.evaluate(game, heap)?;
        let grundy = evaluation.value(heap);
        let outcome = Outcome::of_grundy(&grundy);
        let set = Self::set(game);
        let mut winning: Vec<BigUint> = match set {
            SubtractionSet::Finite(finite) => {
                finite_winning_amounts(&evaluation, heap, finite.members())
            }
            SubtractionSet::AllBut(all_but) => {
                let zeros: Vec<u64> = match &evaluation {
                    Evaluation::Certified(certificate) => {
                        // All-but sequences grow by s > 0 each period: the zeros are among the
                        // stored values.
                        if certificate.periodicity.saltus == 0 {
                            return Err(Error::Internal(format!("{game} certified with saltus 0")));
                        }
                        certificate.periodicity.zeros().collect()
                    }
                    Evaluation::Computed(values) => {
                        let n = heap.to_usize().expect("computed heaps are small");
                        values[..n]
                            .iter()
                            .zip(0u64..)
                            .filter(|&(&v, _)| v == 0)
                            .map(|(_, m)| m)
                            .collect()
                    }
                };
                zeros
                    .into_iter()
                    .map(BigUint::from)
                    .filter(|m| m < heap)
                    .map(|m| heap - m)
                    .filter(|take| take.to_u64().is_none_or(|take| all_but.contains(take)))
                    .collect()
            }
            SubtractionSet::Family(family) => option_values(
                &evaluation,
                heap,
                family_members_up_to(*family, heap).into_iter(),
            ),
        };
        winning.sort();
        let winning_moves = winning
            .into_iter()
            .map(|take| Move {
                to: heap - &take,
                take,
            })
            .collect();
        let reason = reason(game, heap, &grundy, outcome, &evaluation);
        Ok(Solution {
            game: game.to_string(),
            heap: heap.clone(),
            outcome,
            grundy,
            winning_moves,
            basis: evaluation.basis(),
            reason,
        })
    }

    /// The Grundy values of heaps `from..=to`.
    ///
    /// # Complexity
    /// `O(r + d)` for `r` rows and `d`-digit bounds once the period is certified; otherwise the
    /// values up to `to` are computed directly.
    ///
    /// # Errors
    /// [`Error::Setting`] if `from > to` or the table has more than [`MAX_TABLE_ROWS`] rows;
    /// otherwise as for [`solve`](Self::solve).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, parse_game};
    /// let table = Analyzer::new(Config::default())
    ///     .table(&parse_game("subtraction:1,3,4").unwrap(), &0u32.into(), &9u32.into())
    ///     .unwrap();
    /// let values: Vec<u32> = table.values.iter().map(|v| v.try_into().unwrap()).collect();
    /// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
    /// ```
    pub fn table(&self, game: &Game, from: &BigUint, to: &BigUint) -> Result<Table, Error> {
        if from > to {
            return Err(Error::Setting(format!(
                "the table must start at or before its end: --from {from} is after --to {to}"
            )));
        }
        let rows = (to - from + 1u32)
            .to_u64()
            .filter(|&rows| rows <= MAX_TABLE_ROWS);
        let Some(rows) = rows else {
            return Err(Error::Setting(format!(
                "a table has at most {MAX_TABLE_ROWS} rows; --from {from} --to {to} asks for more"
            )));
        };
        let evaluation = self.evaluate(game, to)?;
        let values = match &evaluation {
            Evaluation::Certified(certificate) => {
                let periodicity = &certificate.periodicity;
                let (mut index, mut periods) = periodicity.locate(from);
                let end = (periodicity.preperiod + periodicity.period) as usize;
                let mut out = Vec::with_capacity(rows as usize);
                for _ in 0..rows {
                    out.push(
                        BigUint::from(periodicity.values[index]) + &periods * periodicity.saltus,
                    );
                    index += 1;
                    if index == end {
                        index = periodicity.preperiod as usize;
                        periods += 1u32;
                    }
                }
                out
            }
            Evaluation::Computed(values) => {
                let start = from.to_usize().expect("computed heaps are small");
                values[start..start + rows as usize]
                    .iter()
                    .map(|&v| BigUint::from(v))
                    .collect()
            }
        };
        Ok(Table {
            game: game.to_string(),
            from: from.clone(),
            values,
            basis: evaluation.basis(),
        })
    }

    /// Periods of many games at once, on every core when the `parallel` feature is on.
    ///
    /// # Complexity
    /// The sum of [`period`](Self::period) over the games, divided among the cores.
    ///
    /// # Errors
    /// Each game's result is its own, as for [`period`](Self::period).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, parse_game};
    /// let games: Vec<_> = ["bash:3", "subtraction:2,3,7"].iter().map(|s| parse_game(s).unwrap()).collect();
    /// let reports = Analyzer::new(Config::default()).periods(&games);
    /// let periods: Vec<u64> = reports.iter().map(|r| r.as_ref().unwrap().search.certificate().unwrap().periodicity.period).collect();
    /// assert_eq!(periods, [4, 5]);
    /// ```
    pub fn periods(&self, games: &[Game]) -> Vec<Result<PeriodReport, Error>> {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            games.par_iter().map(|game| self.period(game)).collect()
        }
        #[cfg(not(feature = "parallel"))]
        {
            games.iter().map(|game| self.period(game)).collect()
        }
    }
}

/// The amounts among `amounts` whose option `heap - s` has Grundy value 0.
fn option_values(
    evaluation: &Evaluation,
    heap: &BigUint,
    amounts: impl Iterator<Item = BigUint>,
) -> Vec<BigUint> {
    amounts
        .filter(|s| evaluation.value(&(heap - s)).is_zero())
        .collect()
}

/// The amounts of a finite set (ascending `members`) whose option has Grundy value 0. Finite sets
/// are certified with saltus 0 (window or residue theorem), so a value is its stored term. One
/// division for the heap, then machine arithmetic per amount, so `bash:10^7` stays fast.
fn finite_winning_amounts(
    evaluation: &Evaluation,
    heap: &BigUint,
    members: &[u64],
) -> Vec<BigUint> {
    let zero_at: Box<dyn Fn(u64) -> bool + '_> = match (evaluation, heap.to_u64()) {
        (Evaluation::Computed(values), Some(n)) => {
            Box::new(move |s| s <= n && values[(n - s) as usize] == 0)
        }
        (Evaluation::Certified(certificate), Some(n)) => {
            let p = &certificate.periodicity;
            Box::new(move |s| s <= n && p.values[p.locate_u64(n - s).0] == 0)
        }
        (Evaluation::Certified(certificate), None) => {
            // The heap exceeds 2^64 > n0 + max S: every option lies in the periodic part.
            let p = &certificate.periodicity;
            let (n0, period) = (p.preperiod, p.period);
            let residue = ((heap - n0) % period).to_u64().expect("below the period");
            Box::new(move |s| {
                p.values[(n0 + (residue + period - s % period) % period) as usize] == 0
            })
        }
        (Evaluation::Computed(_), None) => unreachable!("direct values stop below the value limit"),
    };
    members
        .iter()
        .filter(|&&s| zero_at(s))
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
        Family::Fibonacci => {
            let mut members = Vec::new();
            let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(2u32));
            while &a <= heap {
                let next = &a + &b;
                members.push(std::mem::replace(&mut a, std::mem::replace(&mut b, next)));
            }
            members
        }
        Family::Squares | Family::Primes => {
            unreachable!(
                "{} has no certificate, so its heaps are below the value limit",
                family.name()
            )
        }
    }
}

fn observed_or_not_found(prefix: &[u32]) -> Search {
    match period::observe(prefix) {
        Some(observation) => Search::Observed(observation),
        None => Search::NotFound {
            checked_to: prefix.len() as u64,
        },
    }
}

/// Why a heap cannot be answered, and what would help.
fn refusal(game: &Game, heap: &BigUint, search: &Search, limit: u64) -> String {
    let set = Analyzer::set(game);
    let seen = match search {
        Search::Observed(observation) => {
            let p = &observation.periodicity;
            format!(
                " The first {} values look periodic (period {}, preperiod {}{}), but that is observed, not proved, and grundy does not extrapolate it.",
                observation.checked_to,
                p.period,
                p.preperiod,
                if p.saltus > 0 {
                    format!(", saltus {}", p.saltus)
                } else {
                    String::new()
                }
            )
        }
        _ => String::new(),
    };
    match set {
        SubtractionSet::Family(family) => format!(
            "{game} has no proved period ({} is an infinite set), so grundy answers only heaps whose values it computes directly, below the limit {limit}; heap {heap} is beyond it.{seen} Raise the limit with --max (at most {MAX_VALUES_LIMIT}) to compute further.",
            family.name()
        ),
        _ => format!(
            "no period of {game} was certified within the first {limit} values, and heap {heap} lies beyond them, so grundy cannot answer exactly.{seen} Raise the limit with --max (at most {MAX_VALUES_LIMIT}) to search further."
        ),
    }
}

/// One sentence: what decided the answer.
fn reason(
    game: &Game,
    heap: &BigUint,
    grundy: &BigUint,
    outcome: Outcome,
    evaluation: &Evaluation,
) -> String {
    let verdict = match outcome {
        Outcome::Win => "G ≠ 0, so the player to move wins".to_owned(),
        Outcome::Lose => "G = 0, so the player to move loses: every move leaves G ≠ 0".to_owned(),
    };
    // Long heaps are already in the answer's `position`; the sentence names them n.
    let name = if heap.bits() <= 64 {
        heap.to_string()
    } else {
        "n".to_owned()
    };
    match evaluation {
        Evaluation::Certified(certificate) => {
            let p = &certificate.periodicity;
            let (index, periods) = p.locate(heap);
            let law = if p.saltus == 0 {
                format!("has period {} from n = {}", p.period, p.preperiod)
            } else {
                format!(
                    "satisfies G(n + {}) = G(n) + {} from n = {}",
                    p.period, p.saltus, p.preperiod
                )
            };
            let value = if periods.is_zero() {
                format!("G({name}) = {grundy}")
            } else if p.saltus == 0 {
                format!("G({name}) = G({index}) = {grundy}")
            } else {
                format!("G({name}) = G({index}) + {periods}·{} = {grundy}", p.saltus)
            };
            let how = match certificate.theorem {
                Theorem::Residue { modulus } => format!(
                    "certified by the residue theorem: 1..{} are moves and no move is a multiple of {modulus}",
                    modulus - 1
                ),
                ref theorem => format!(
                    "certified by the {} with values checked up to {}",
                    theorem.name(),
                    certificate.checked_to
                ),
            };
            format!("{game} {law} ({how}), so {value}; {verdict}.")
        }
        Evaluation::Computed(values) => format!(
            "G({name}) = {grundy}, computed directly from the rules with G(0) to G({}); {verdict}.",
            values.len() - 1
        ),
    }
}
