//! `verify`: 对拍 built in — every fast path grundy would use, compared with an independent brute
//! force (the crate-private `analysis::brute`: the game graph from the rules, memoised mex) over the
//! small positions of a game.

use num_bigint::BigUint;

use super::brute::{self, Memo, State, Stop};
use super::judge::TestRandom;
use super::{
    Analyzer, Config, Error, MoveTargets, Outcome, Refusal, SettingError, Solution, Target,
};
use crate::engine::Engine;
use crate::engine::octal::TakeAndBreakEngine;
use crate::games::game::{Component, Game};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::limits::{
    MAX_TABLE_ROWS, VERIFY_BRUTE_FORCE_STATES, VERIFY_BRUTE_FORCE_WORK, VERIFY_GRAPH_HEAP,
    VERIFY_RANDOM_POSITIONS, VERIFY_SOLVED_HEAPS,
};
use crate::theory::period::{Certificate, CertificateError, Periodicity};

mod every;
mod positions;
mod script;
mod theorem;

/// One way grundy computes answers, as `verify` checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FastPath {
    /// [`Analyzer::table`] with an engine for the values.
    Table {
        /// The engine.
        engine: Engine,
    },
    /// [`Analyzer::table`] of a take-and-break code with one of its engines.
    TakeAndBreak {
        /// The engine.
        engine: TakeAndBreakEngine,
        /// On how many threads.
        threads: usize,
    },
    /// The values the certified period predicts (with its saltus).
    CertifiedPeriod,
    /// [`Analyzer::solve`] on one position at a time: the value, the outcome and the positions
    /// every winning move leaves.
    Solve,
    /// [`Analyzer::solve`] on random positions of several heaps or random sums, against the
    /// whole game graph of the position (no Sprague–Grundy shortcut in the brute force).
    SolveRandom,
    /// [`Analyzer::solve`] on random positions of several larger heaps, against the xor of the
    /// brute force's one-heap values.
    SolveHeaps,
    /// [`Analyzer::grid`] (Wythoff's game), cell by cell.
    Grid,
    /// [`Analyzer::contest`], the contest judge's answers.
    Contest,
    /// [`Analyzer::table`] of a script: its compiled engine and one memo, against rhai's
    /// interpreter and the retrograde analysis of the whole graph.
    ScriptTable,
}

/// What a path answered (or the brute force found) at one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A Grundy value (a misère Grundy value under misère play).
    Value(BigUint),
    /// Win, lose or tie for the player to move.
    Outcome(Outcome),
    /// The positions the winning moves leave, sorted.
    Leaves(Vec<Position>),
}

/// The first position where a fast path and the brute force disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The game asked (for random sums, the sum with its random positions).
    pub game: Game,
    /// The position ([`Position::Sum`] for a sum).
    pub position: Position,
    /// The brute force's answer.
    pub brute_force: Answer,
    /// The fast path's answer.
    pub fast: Answer,
}

/// Why a path was not compared.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Skip {
    /// The engine does not compute this game's values.
    NotApplicable,
    /// No theorem certified a period (the reason, when one is known, is in the period report).
    NoCertifiedPeriod,
    /// The positions compared end before the period repeats once: its prediction would only
    /// restate the values it was computed from.
    ShortOfPeriod {
        /// The least heap where the period's first repeat starts (preperiod plus period).
        repeats_from: u64,
    },
    /// The path refused the question.
    Refused(Refusal),
}

/// How one path fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every compared position agreed.
    Agreed,
    /// The first disagreement (the path's comparison stopped there).
    Disagreed(Box<Disagreement>),
    /// Not compared.
    Skipped(Skip),
}

/// One path's comparison with the brute force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The path.
    pub path: FastPath,
    /// How many positions were compared (up to and including a disagreement).
    pub compared: u64,
    /// The largest number (heap, or number in a position) among the positions compared.
    pub largest: u64,
    /// The result.
    pub verdict: Verdict,
}

/// The independent path a verification compares with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BruteForce {
    /// The game graph written again from the rules, each value the mex of its options' values,
    /// memoised.
    Rules,
    /// The joint moves of an Every-SG compound (one option of every component that has one,
    /// from the components' literal rules), explored from the compound and solved backwards.
    JointMoves,
    /// A script run on rhai's own interpreter, the whole graph of its positions explored and
    /// solved backwards.
    Interpreted,
    /// A family's options — its literal rules — explored from each position and solved
    /// backwards, against its theorem.
    Options,
}

/// The result of [`Analyzer::verify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    /// The game.
    pub game: Game,
    /// What the paths were compared with.
    pub brute_force: BruteForce,
    /// The largest heap (or number in a position) compared.
    pub to: u64,
    /// How many positions the brute force solved.
    pub brute_force_positions: u64,
    /// The seed of the random positions.
    pub seed: u64,
    /// Every path, in the order they ran.
    pub checks: Vec<Check>,
}

impl Verification {
    /// The first disagreement of any path, if there is one.
    pub fn first_disagreement(&self) -> Option<(&Check, &Disagreement)> {
        self.checks.iter().find_map(|check| match &check.verdict {
            Verdict::Disagreed(d) => Some((check, d.as_ref())),
            _ => None,
        })
    }
}

/// A comparison in progress: counts positions and keeps the first disagreement.
struct Tally {
    path: FastPath,
    compared: u64,
    largest: u64,
    disagreement: Option<Box<Disagreement>>,
}

impl Tally {
    fn new(path: FastPath) -> Self {
        Self {
            path,
            compared: 0,
            largest: 0,
            disagreement: None,
        }
    }

    fn done(&self) -> bool {
        self.disagreement.is_some()
    }

    /// Counts one position; records it if `brute_force != fast`. Returns whether to go on.
    fn compare(
        &mut self,
        game: &Game,
        position: &Position,
        brute_force: Answer,
        fast: Answer,
    ) -> bool {
        if self.done() {
            return false;
        }
        self.compared += 1;
        self.largest = self.largest.max(largest_number(game, position));
        if brute_force != fast {
            self.disagreement = Some(Box::new(Disagreement {
                game: game.clone(),
                position: position.clone(),
                brute_force,
                fast,
            }));
        }
        !self.done()
    }

    fn check(self) -> Check {
        Check {
            path: self.path,
            compared: self.compared,
            largest: self.largest,
            verdict: match self.disagreement {
                Some(d) => Verdict::Disagreed(d),
                None => Verdict::Agreed,
            },
        }
    }
}

/// The largest number written in `position` (in a sum, in its components' positions).
fn largest_number(game: &Game, position: &Position) -> u64 {
    let small = |n: &BigUint| u64::try_from(n).unwrap_or(u64::MAX);
    match position {
        Position::Heap(n) | Position::LastMove { heap: n, .. } => small(n),
        Position::Heaps(heaps) => heaps.iter().map(small).max().unwrap_or(0),
        Position::Pair(a, b) => small(a).max(small(b)),
        Position::Quota { heap, .. } => small(heap),
        Position::Balls { left, .. } => small(left),
        Position::Sum => match game.base().components() {
            Some(components) => components
                .iter()
                .map(|c| largest_number(&c.game, &c.position))
                .max()
                .unwrap_or(0),
            _ => 0,
        },
        // A script's argument, when it is a number.
        Position::Argument(text) => text.trim().parse().unwrap_or(0),
        Position::State(_) => 0,
        // A picture: its number of edges.
        Position::Edges(edges) => edges.len() as u64,
        // A grid: its farthest row or column.
        Position::Cells(cells) => cells.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0),
    }
}

fn skipped(path: FastPath, skip: Skip) -> Check {
    Check {
        path,
        compared: 0,
        largest: 0,
        verdict: Verdict::Skipped(skip),
    }
}

fn heap(n: u64) -> Position {
    Position::Heap(n.into())
}

/// A position of one heap of `n`, as the game writes it (take-and-break codes: a list of heaps).
fn one_heap(game: &Game, n: u64) -> Position {
    game.base()
        .ruleset()
        .and_then(|rules| rules.numbered_position(&n.into()))
        .unwrap_or_else(|| heap(n))
}

fn value(v: u32) -> Answer {
    Answer::Value(v.into())
}

/// A brute-force state written as a position, for reports.
fn position_of(state: &State) -> Position {
    match state {
        State::Heap(n) => heap(*n),
        State::Heaps(heaps) => Position::Heaps(heaps.iter().map(|&h| h.into()).collect()),
        State::Pair(a, b) => Position::Pair((*a).into(), (*b).into()),
        State::Quota(h, q) => Position::Quota {
            heap: (*h).into(),
            quota: Some((*q).into()),
        },
        State::Last(h, last) => Position::LastMove {
            heap: (*h).into(),
            last: *last,
        },
        State::Sum(_) => Position::Sum,
    }
}

fn leaves(mut states: Vec<State>) -> Answer {
    states.sort();
    states.dedup();
    Answer::Leaves(states.iter().map(position_of).collect())
}

/// The positions a solution's winning moves leave, as brute-force states (`None` if a move does
/// not write its whole position, which `verify` asks for).
fn solution_leaves(game: &Game, solution: &Solution) -> Option<Vec<State>> {
    solution
        .winning_moves
        .iter()
        .map(|m| match &m.to {
            Target::Whole(position) => State::of(game, position),
            _ => None,
        })
        .collect()
}

/// The value a solution gives under the game's play: the Grundy value, or under misère play the
/// misère Grundy value.
fn solution_value(game: &Game, solution: &Solution) -> Option<BigUint> {
    match game.play() {
        Play::Normal => solution.grundy.clone(),
        Play::Misere => solution.misere_grundy.clone(),
    }
}

/// How far [`Analyzer::verify`] compares when not told: what its brute force solves in about a
/// second for `game` (500 for subtraction games, 60 for take-and-break codes leaving three heaps,
/// 200 for other codes, no-repeat and contest games, 40 for Wythoff and Fibonacci Nim, 12 for
/// the rest).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{analysis::verify::default_to, parse_game};
/// assert_eq!(default_to(&parse_game("subtraction:1,3,4")?), 500);
/// assert_eq!(default_to(&parse_game("misere:wythoff")?), 40);
/// # Ok(()) }
/// ```
pub fn default_to(game: &Game) -> u64 {
    game.base()
        .ruleset()
        .map_or(12, crate::games::ruleset::Ruleset::verify_reach)
}

impl Analyzer<'_> {
    /// Compares every fast path grundy would use for `game` with an independent brute force
    /// (the game graph from the rules, each value the mex of its options' values, memoised):
    /// for one-heap games the table with each engine, the certified period's prediction, `solve`
    /// on each heap up to `to` (value, outcome and every winning move) and on random positions of
    /// several heaps; for Nim, Wythoff, Fibonacci Nim, no-repeat games, the contest game and sums
    /// the same on their positions up to `to` and on random positions (from `seed`). Each path
    /// stops at its first disagreement.
    ///
    /// # Complexity
    /// The brute force: `O(to²)` for one-heap subtraction games and two-heap splits, `O(to³)` for
    /// three-heap splits, the graphs of small positions bounded by
    /// [`VERIFY_BRUTE_FORCE_STATES`]; each path costs what it costs for `to` (each engine once,
    /// `solve` on at most [`VERIFY_SOLVED_HEAPS`] heaps and [`VERIFY_RANDOM_POSITIONS`] random
    /// positions).
    ///
    /// # Errors
    /// [`Error::Refused`] when `to` reaches [`MAX_TABLE_ROWS`] or the brute force's values would
    /// take more than [`VERIFY_BRUTE_FORCE_WORK`] steps (with [`Remedy::AskLess`](super::Remedy::AskLess)), and for misère take-and-break codes; [`Error::OutOfMemory`] if the brute force's
    /// values do not fit the budget; [`Error::Interrupted`] or [`Error::TimedOut`] if stopped.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::analysis::verify::Verdict;
    /// use grundy::{Analyzer, Config, parse_game};
    /// let game = parse_game("subtraction:1,3,4")?;
    /// let verification = Analyzer::new(Config::default()).verify(&game, 100, 1)?;
    /// assert!(verification.first_disagreement().is_none());
    /// assert!(verification.checks.iter().any(|c| c.verdict == Verdict::Agreed && c.compared > 100));
    /// # Ok(()) }
    /// ```
    pub fn verify(&self, game: &Game, to: u64, seed: u64) -> Result<Verification, Error> {
        self.settle(self.verify_unsettled(game, to, seed))
    }

    fn verify_unsettled(&self, game: &Game, to: u64, seed: u64) -> Result<Verification, Error> {
        refuse_long(game, to)?;
        let mut run = Run {
            analyzer: self,
            game,
            to,
            random: TestRandom::new(seed),
            brute_force: BruteForce::Rules,
            brute_force_positions: 0,
            checks: Vec::new(),
        };
        let base = game.base();
        match base.components() {
            Some(components) => {
                refuse_unverifiable(game, components)?;
                run.sum(components)?;
            }
            None => super::answers(base).verify(&mut run, game)?,
        }
        Ok(Verification {
            game: game.clone(),
            brute_force: run.brute_force,
            to: run.to,
            brute_force_positions: run.brute_force_positions,
            seed,
            checks: run.checks,
        })
    }

    /// An analyzer with `config` that reports to this one's observer (its deadline and
    /// interrupts) and writes whole positions into moves.
    fn path_analyzer(&self, config: Config) -> Analyzer<'_> {
        let mut config = config.with_move_targets(MoveTargets::Whole);
        config.timeout = None;
        Analyzer::new(config).with_observer(self.observer())
    }
}

/// Refuses a sum with a component verify has no brute force for: the sum would have no
/// independent path to compare with.
fn refuse_unverifiable(game: &Game, components: &[Component]) -> Result<(), Error> {
    match components
        .iter()
        .find(|c| !super::answers(&c.game).has_brute_force())
    {
        Some(component) => Err(Error::Refused(Refusal::new(
            format!(
                "{game}: verify has no brute force for {}, so there is no independent path to compare a sum with it",
                component.game
            ),
            None,
        ))),
        None => Ok(()),
    }
}

/// A certificate re-checked against the values of its game computed by the brute force from the
/// rules ([`Analyzer::check_certificate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateCheck {
    /// The game.
    pub game: Game,
    /// The certificate checked.
    pub certificate: Certificate,
    /// The first check that failed, if one did (none: the certificate holds on the values).
    pub failure: Option<CertificateError>,
}

impl CertificateCheck {
    /// Whether the certificate holds on the brute force's values.
    pub fn holds(&self) -> bool {
        self.failure.is_none()
    }
}

impl Analyzer<'_> {
    /// Re-checks `certificate`, a period of the one-heap game `game` and the theorem that proves
    /// it, on `G(0), …, G(checked_to)` computed by the brute force from the rules as the spec
    /// states them — sharing no code with the engines or the period searches that found it
    /// ([`Certificate::verify`] runs every check of its theorem). That the theorem's hypothesis
    /// holds for the game is the analysis's claim, which [`period`](Self::period) derives from
    /// the rules.
    ///
    /// # Complexity
    /// The brute force's: `O(N · k)` for `N = checked_to` and `k` moves of a heap, `O(N²)` for
    /// infinite subtraction sets and two-heap splits, `O(N³)` for three-heap splits; then
    /// `O(N log N)` for the checks. It polls the observer every heap.
    ///
    /// # Errors
    /// [`Error::Refused`] (not applicable) for a game without a one-heap brute force (a script, a
    /// sum, a family of its own); [`Error::OutOfMemory`] for values past the memory limit;
    /// [`Error::Interrupted`] or [`Error::TimedOut`] when stopped.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let game = parse_game("0.77")?;
    /// let analyzer = Analyzer::new(Config::default());
    /// let report = analyzer.period(&game)?;
    /// let certificate = report.search.certificate().ok_or("certified")?;
    /// assert!(analyzer.check_certificate(&game, certificate)?.holds());
    /// # Ok(()) }
    /// ```
    pub fn check_certificate(
        &self,
        game: &Game,
        certificate: &Certificate,
    ) -> Result<CertificateCheck, Error> {
        self.settle(self.check_certificate_unsettled(game, certificate))
    }

    fn check_certificate_unsettled(
        &self,
        game: &Game,
        certificate: &Certificate,
    ) -> Result<CertificateCheck, Error> {
        let to = certificate.checked_to();
        let bytes = to.saturating_add(1).saturating_mul(4);
        self.reserve(bytes, || format!("the brute force's {to} values"))?;
        let mut poll = || self.observer().interrupted();
        let values = match brute::heap_sequence(game, to, &mut poll) {
            Some(Ok(values)) => values,
            Some(Err(stop)) => return Err(stopped(stop)),
            None => {
                return Err(Error::Refused(Refusal::not_applicable(format!(
                    "{game} has no brute force of one heap to check a period's certificate against"
                ))));
            }
        };
        Ok(CertificateCheck {
            game: game.clone(),
            certificate: certificate.clone(),
            failure: certificate.verify(&values[..]).err(),
        })
    }
}

/// Refuses a question whose tables pass the row limit or whose brute force would take more than
/// [`VERIFY_BRUTE_FORCE_WORK`] steps, saying how far it may go.
fn refuse_long(game: &Game, to: u64) -> Result<(), Error> {
    if to >= MAX_TABLE_ROWS {
        return Err(Error::Refused(Refusal::new(
            format!("verify compares tables, and a table has at most {MAX_TABLE_ROWS} rows"),
            Some(super::Remedy::AskLess {
                most: MAX_TABLE_ROWS - 1,
            }),
        )));
    }
    if brute::work(game, to) > VERIFY_BRUTE_FORCE_WORK {
        // The work grows with `to`: find the largest that fits, by bisection.
        let (mut low, mut high) = (0, to);
        while low < high {
            let middle = low + (high - low).div_ceil(2);
            if brute::work(game, middle) <= VERIFY_BRUTE_FORCE_WORK {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return Err(Error::Refused(Refusal::new(
            format!(
                "the brute force for {} up to {} would take about {} steps, more than the {VERIFY_BRUTE_FORCE_WORK} it may take",
                game,
                to,
                brute::work(game, to)
            ),
            Some(super::Remedy::AskLess { most: low }),
        )));
    }
    Ok(())
}

/// The state of one `verify` question.
pub(super) struct Run<'r, 'a> {
    analyzer: &'r Analyzer<'a>,
    game: &'r Game,
    to: u64,
    random: TestRandom,
    brute_force: BruteForce,
    brute_force_positions: u64,
    checks: Vec<Check>,
}

/// What a path's error means for `verify`: a refusal or an engine that does not apply skips the
/// path; anything else (out of memory, interrupted) stops the whole question.
fn skip_or_stop(path: FastPath, error: Error) -> Result<Check, Error> {
    match error {
        Error::Refused(refusal) => Ok(skipped(path, Skip::Refused(refusal))),
        Error::Setting(
            SettingError::EngineNotApplicable { .. } | SettingError::WrongPosition { .. },
        ) => Ok(skipped(path, Skip::NotApplicable)),
        other => Err(other),
    }
}

/// The error that stops `verify` when its brute force stops.
fn stopped(stop: Stop) -> Error {
    match stop {
        Stop::Interrupted => Error::Interrupted {
            checked_to: 0,
            unit: super::Unit::Positions,
        },
        Stop::TooManyStates => Error::Refused(Refusal::new(
            format!("the brute force would solve more than {VERIFY_BRUTE_FORCE_STATES} positions"),
            None,
        )),
    }
}

impl<'r> Run<'r, '_> {
    fn memo(&self) -> Memo<'r> {
        Memo::new(self.game, VERIFY_BRUTE_FORCE_STATES)
    }

    /// The heaps `solve` is asked about: every heap up to [`VERIFY_SOLVED_HEAPS`], then the
    /// period's boundaries, the largest heap and random ones.
    fn solved_heaps(&mut self, periodicity: Option<&Periodicity>) -> Vec<u64> {
        let to = self.to;
        let mut heaps: Vec<u64> = (0..=to.min(VERIFY_SOLVED_HEAPS)).collect();
        if let Some(p) = periodicity {
            let (n0, period) = (p.preperiod(), p.period());
            for n in [
                n0,
                n0 + period - 1,
                n0 + period,
                n0 + period + 1,
                2 * (n0 + period),
            ] {
                heaps.push(n);
            }
        }
        heaps.push(to);
        for _ in 0..VERIFY_RANDOM_POSITIONS.min(to / 4) {
            heaps.push(self.random.between(0, to));
        }
        heaps.retain(|&n| n <= to);
        heaps.sort_unstable();
        heaps.dedup();
        heaps
    }

    /// One-heap games: subtraction games (also misère) and take-and-break codes.
    pub(in crate::analysis) fn heap_game(&mut self) -> Result<(), Error> {
        let analyzer = self.analyzer;
        let bytes = self.to.saturating_add(1).saturating_mul(4);
        analyzer.reserve(bytes, || format!("the brute force's {} values", self.to))?;
        let mut poll = || analyzer.observer().interrupted();
        let values = match brute::heap_sequence(self.game, self.to, &mut poll) {
            Some(Ok(values)) => values,
            Some(Err(stop)) => return Err(stopped(stop)),
            None => unreachable!("called for one-heap games"),
        };
        self.brute_force_positions += values.len() as u64;
        self.engine_tables(&values)?;
        let periodicity = self.period_prediction(&values)?;
        self.solve_heaps(&values, periodicity.as_ref())?;
        self.several_heaps(&values)
    }

    /// The table of a one-heap game with each engine, against the brute force's values.
    fn engine_tables(&mut self, values: &[u32]) -> Result<(), Error> {
        let analyzer = self.analyzer;
        let to = BigUint::from(self.to);
        // Tables, with each engine.
        let mut configs = Vec::new();
        if self.game.base().code().is_some() {
            for engine in TakeAndBreakEngine::FORCED {
                let threads = if engine == TakeAndBreakEngine::Paired {
                    2
                } else {
                    1
                };
                configs.push((
                    FastPath::TakeAndBreak { engine, threads },
                    analyzer
                        .config
                        .with_take_and_break_engine(engine)
                        .with_threads(threads)?,
                ));
            }
            for threads in [1, 2] {
                let engine = TakeAndBreakEngine::Automatic;
                configs.push((
                    FastPath::TakeAndBreak { engine, threads },
                    analyzer
                        .config
                        .with_take_and_break_engine(engine)
                        .with_threads(threads)?,
                ));
            }
        } else {
            for engine in Engine::ALL {
                configs.push((
                    FastPath::Table { engine },
                    analyzer.config.with_engine(engine),
                ));
            }
        }
        for (path, config) in configs {
            let check = match analyzer
                .path_analyzer(config)
                .table(self.game, &BigUint::ZERO, &to)
            {
                Ok(table) => {
                    let mut tally = Tally::new(path);
                    for (n, (fast, &brute)) in table.values.iter().zip(values).enumerate() {
                        if !tally.compare(
                            self.game,
                            &one_heap(self.game, n as u64),
                            value(brute),
                            Answer::Value(fast.clone()),
                        ) {
                            break;
                        }
                    }
                    tally.check()
                }
                Err(error) => skip_or_stop(path, error)?,
            };
            self.checks.push(check);
        }
        Ok(())
    }

    /// The values the certified period predicts, against the brute force's; the period, for the
    /// heaps `solve` is asked about.
    fn period_prediction(&mut self, values: &[u32]) -> Result<Option<Periodicity>, Error> {
        let path = FastPath::CertifiedPeriod;
        let report = match self.analyzer.period(self.game) {
            Ok(report) => report,
            Err(error) => {
                self.checks.push(skip_or_stop(path, error)?);
                return Ok(None);
            }
        };
        let Some(certificate) = report.search.certificate() else {
            self.checks.push(skipped(path, Skip::NoCertifiedPeriod));
            return Ok(None);
        };
        let p = certificate.periodicity().clone();
        let repeats_from = p.preperiod().saturating_add(p.period());
        if self.to < repeats_from {
            self.checks
                .push(skipped(path, Skip::ShortOfPeriod { repeats_from }));
            return Ok(Some(p));
        }
        let mut tally = Tally::new(path);
        for (n, &brute) in values.iter().enumerate() {
            let n = n as u64;
            let fast = Answer::Value(p.value_at(&n.into()));
            if !tally.compare(self.game, &one_heap(self.game, n), value(brute), fast) {
                break;
            }
        }
        self.checks.push(tally.check());
        Ok(Some(p))
    }

    /// `solve`, heap by heap, with the winning moves.
    fn solve_heaps(
        &mut self,
        values: &[u32],
        periodicity: Option<&Periodicity>,
    ) -> Result<(), Error> {
        let analyzer = self.analyzer;
        let heaps = self.solved_heaps(periodicity);
        let solver = analyzer.path_analyzer(analyzer.config);
        let mut tally = Tally::new(FastPath::Solve);
        let mut refusal = None;
        for n in heaps {
            let position = one_heap(self.game, n);
            let solution = match solver.solve(self.game, &position) {
                Ok(solution) => solution,
                Err(Error::Refused(r)) => {
                    refusal = Some(r);
                    break;
                }
                Err(other) => return Err(other),
            };
            let brute = values[n as usize];
            if !self.compare_solution(&mut tally, &position, &solution, brute, || {
                brute::heap_options(self.game, n, values)
            }) {
                break;
            }
        }
        self.checks.push(match (refusal, tally.compared) {
            (Some(r), 0) => skipped(FastPath::Solve, Skip::Refused(r)),
            _ => tally.check(),
        });
        Ok(())
    }

    /// Compares a solution's value, outcome and winning moves with the brute force's value of
    /// the position and its options' values. Returns whether to go on.
    fn compare_solution(
        &self,
        tally: &mut Tally,
        position: &Position,
        solution: &Solution,
        brute: u32,
        options: impl FnOnce() -> Vec<(State, u32)>,
    ) -> bool {
        let game = self.game;
        if let Some(fast) = solution_value(game, solution)
            && !tally.compare(game, position, value(brute), Answer::Value(fast))
        {
            return false;
        }
        let outcome = if brute == 0 {
            Outcome::Lose
        } else {
            Outcome::Win
        };
        if !tally.compare(
            game,
            position,
            Answer::Outcome(outcome),
            Answer::Outcome(solution.outcome),
        ) {
            return false;
        }
        let Some(fast) = solution_leaves(game, solution) else {
            return true;
        };
        let winning = options()
            .into_iter()
            .filter(|(_, v)| *v == 0)
            .map(|(s, _)| s)
            .collect();
        tally.compare(game, position, leaves(winning), leaves(fast))
    }

    /// Random positions of several heaps of a one-heap game: small ones against the whole game
    /// graph, larger ones against the xor of the brute force's heap values.
    fn several_heaps(&mut self, values: &[u32]) -> Result<(), Error> {
        if self.game.is_misere() {
            return Ok(()); // misère values do not add up by xor; the graph check alone is below
        }
        let solver = self.analyzer.path_analyzer(self.analyzer.config);
        for (path, cap) in [
            (FastPath::SolveRandom, VERIFY_GRAPH_HEAP.min(self.to)),
            (FastPath::SolveHeaps, self.to),
        ] {
            let mut tally = Tally::new(path);
            let mut memo = self.memo();
            let mut refusal = None;
            for _ in 0..VERIFY_RANDOM_POSITIONS {
                let count = 2 + self.random.between(0, 2);
                let heaps: Vec<u64> = (0..count).map(|_| self.random.between(0, cap)).collect();
                let position = Position::Heaps(heaps.iter().map(|&h| h.into()).collect());
                let solution = match solver.solve(self.game, &position) {
                    Ok(solution) => solution,
                    Err(Error::Refused(r)) => {
                        refusal = Some(Skip::Refused(r));
                        break;
                    }
                    Err(Error::Setting(SettingError::WrongPosition { .. })) => {
                        refusal = Some(Skip::NotApplicable);
                        break;
                    }
                    Err(other) => return Err(other),
                };
                let brute = if path == FastPath::SolveRandom {
                    let state = State::of(self.game, &position).expect("small heaps");
                    let mut poll = || self.analyzer.observer().interrupted();
                    match memo.value(&state, &mut poll) {
                        Ok(v) => v,
                        Err(stop) => return Err(stopped(stop)),
                    }
                } else {
                    heaps.iter().fold(0, |x, &h| x ^ values[h as usize])
                };
                let fast = solution
                    .grundy
                    .clone()
                    .map_or(Answer::Outcome(solution.outcome), Answer::Value);
                let expected = match fast {
                    Answer::Value(_) => value(brute),
                    _ => Answer::Outcome(if brute == 0 {
                        Outcome::Lose
                    } else {
                        Outcome::Win
                    }),
                };
                if !tally.compare(self.game, &position, expected, fast) {
                    break;
                }
            }
            self.brute_force_positions += memo.states();
            self.checks.push(match (refusal, tally.compared) {
                (Some(skip), 0) => skipped(path, skip),
                _ => tally.check(),
            });
        }
        Ok(())
    }
}

/// A position of the same shape as `position` with random numbers up to `cap` (a quota stays
/// fresh or not, a last move stays none or the same amount).
fn random_like(position: &Position, random: &mut TestRandom, cap: u64) -> Position {
    let mut number = || BigUint::from(random.between(0, cap));
    match position {
        Position::Heap(_) => Position::Heap(number()),
        Position::Heaps(heaps) => Position::Heaps(heaps.iter().map(|_| number()).collect()),
        Position::Pair(..) => Position::Pair(number(), number()),
        Position::Quota { quota, .. } => {
            let heap = number();
            let quota = quota
                .as_ref()
                .map(|_| number().min(heap.clone()).max(BigUint::from(1u8)));
            Position::Quota { heap, quota }
        }
        Position::LastMove { last, .. } => Position::LastMove {
            heap: number(),
            last: *last,
        },
        other => other.clone(),
    }
}
