//! The facade: answers `solve`, `table` and `period` queries for every game, choosing the engine,
//! the theorem or the closed-form rule.
//!
//! Answers come from a certified period when one is proved (any heap size, time independent of
//! it), from a closed-form rule (Bouton, Wythoff, Zeckendorf), otherwise from values computed
//! directly up to the configured limit. Beyond that the [`Analyzer`] refuses with an explanation;
//! it never extrapolates an unproved pattern.

mod brute;
mod classical;
pub mod codegen;
pub mod explain;
mod family;
mod general;
mod heap;
mod misere;
pub mod nimber;
mod norepeat;
mod octal;
pub mod pattern;
pub mod play;
pub mod plot;
mod quotient;
mod script;
mod search;
mod sequence;
mod survey;
pub mod verify;

pub use misere::{GenusReport, GenusRows, HeapGenus, TameRange, Tameness};
pub use octal::MAX_OCTAL_VALUES;
pub use plot::{Marks, Plot, PlotKind, PlotRequest};
pub use quotient::{
    NoClosure, PeriodAnswer, QuotientBasis, QuotientPlan, QuotientReport, QuotientStop,
};
pub use sequence::{PeriodFinish, SEQUENCE_STEP_VALUES, Sequence, SequenceRun, SequenceStep};
pub use survey::{SurveyPlan, hex_codes, octal_codes};
mod answer;
mod config;
mod error;
mod evaluate;
mod every;
pub mod judge;
mod sum;
mod theorem;

pub use answer::*;
pub use config::*;
pub use error::*;
use evaluate::{Watched, WorkCap};
use family::TableAnswer;
use heap::HeapRules;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::Budget;
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::theory::compact::CompactValues;
use crate::{NoObserver, Observer};

/// Answers queries about games. See the crate documentation for an example.
pub struct Analyzer<'a> {
    config: Config,
    budget: Budget<'a>,
    /// The observer the budget polls, for the budgets of a survey's games.
    observer: &'a dyn Observer,
    /// Where scripts' traces go, when they are traced.
    script_trace: Option<crate::games::script::TraceSink>,
    /// Values of a game saved by an earlier search, that a period search of that game resumes
    /// from ([`Analyzer::resuming`]).
    resume: Option<Resume>,
}

/// Values `G(0), …, G(k − 1)` of `game` an earlier computation saved.
#[derive(Clone, Debug)]
struct Resume {
    game: Game,
    values: CompactValues,
}

impl Analyzer<'static> {
    /// An analyzer that reports no progress and is never interrupted.
    pub fn new(config: Config) -> Self {
        Analyzer {
            config,
            budget: Budget::new(&NoObserver, config.max_memory(), config.timeout),
            observer: &NoObserver,
            script_trace: None,
            resume: None,
        }
    }
}

impl<'a> Analyzer<'a> {
    /// The same analyzer, reporting to `observer`.
    pub fn with_observer(self, observer: &dyn Observer) -> Analyzer<'_> {
        Analyzer {
            config: self.config,
            budget: Budget::new(observer, self.config.max_memory(), self.config.timeout),
            observer,
            script_trace: self.script_trace,
            resume: self.resume,
        }
    }

    /// The same analyzer with its time limit counted again from now: for a session that asks
    /// one question after another (a game in play), each question within the limit.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use std::time::Duration;
    /// use grundy::{Analyzer, Config, parse_game};
    /// let analyzer = Analyzer::new(Config::default().with_timeout(Duration::from_secs(30)));
    /// let nim = parse_game("nim")?;
    /// let next = analyzer.restarted(); // the next question has its own 30 s
    /// assert!(next.solve(&nim, &nim.parse_position("1,2")?).is_ok());
    /// # Ok(()) }
    /// ```
    #[must_use]
    pub fn restarted(&self) -> Analyzer<'a> {
        Analyzer {
            config: self.config,
            budget: Budget::new(self.observer, self.config.max_memory(), self.config.timeout),
            observer: self.observer,
            script_trace: self.script_trace.clone(),
            resume: self.resume.clone(),
        }
    }

    /// The same analyzer, sending every script's trace to `sink`: what the script prints and
    /// each call grundy makes with its result, as they happen
    /// ([`ScriptRules::with_trace`](crate::games::script::ScriptRules::with_trace)).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use std::sync::{Arc, Mutex};
    /// use grundy::{Analyzer, Config};
    /// use grundy::script::Script;
    /// use grundy::spec::parse_game_with_loader;
    /// let source = "fn start(n) { n } fn moves(n) { print(`at ${n}`); if n > 0 { [n - 1] } else { [] } }";
    /// let game = parse_game_with_loader("script:g.rhai", &|_| Ok(source.to_owned()))?;
    /// let lines = Arc::new(Mutex::new(Vec::new()));
    /// let kept = Arc::clone(&lines);
    /// let analyzer = Analyzer::new(Config::default())
    ///     .with_script_trace(Arc::new(move |line: &str| kept.lock().map(|mut l| l.push(line.to_owned())).unwrap_or(())));
    /// analyzer.solve(&game, &game.parse_position("1")?)?;
    /// let lines = lines.lock().map_err(|_| "poisoned")?.clone();
    /// assert_eq!(lines[..3], ["call: start(1) = 1", "print: at 1", "call: moves(1) = [0]"]);
    /// # let _ = Script::new("", "");
    /// # Ok(()) }
    /// ```
    #[must_use]
    pub fn with_script_trace(mut self, sink: crate::games::script::TraceSink) -> Self {
        self.script_trace = Some(sink);
        self
    }

    /// The same analyzer, resuming a period search of `game` ([`period`](Self::period)) from
    /// `values`, its first values `G(0), …, G(k − 1)` an earlier search saved (as
    /// [`Observer::checkpoint`] offered them): the search computes only the values after them
    /// and reads the others from `values`, which it trusts — give it values of this game only,
    /// checked against the checksum they were saved with
    /// ([`sequence::checksum`](crate::sequence::checksum)). The report says how many values
    /// came from them ([`PeriodReport::resumed_from`]). Values beyond the search's limit are
    /// dropped. Take-and-break codes whose period the Guy–Smith theorem certifies resume; other
    /// games and other questions compute from the start.
    ///
    /// # Complexity
    /// `O(k)` to hand the values to the engine, which replays its state over them.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let analyzer = Analyzer::new(Config::default().with_max_values(6000)?);
    /// let officers = parse_game("0.6")?;
    /// let straight = analyzer.period(&officers)?;
    /// let values = straight.values.clone().ok_or("no values")?;
    /// let resumed = Analyzer::new(Config::default().with_max_values(6000)?)
    ///     .resuming(&officers, values.prefix(4000))
    ///     .period(&officers)?;
    /// assert_eq!((resumed.values, resumed.resumed_from), (straight.values, 4000));
    /// # Ok(()) }
    /// ```
    #[must_use]
    pub fn resuming(mut self, game: &Game, values: CompactValues) -> Self {
        self.resume = Some(Resume {
            game: game.clone(),
            values,
        });
        self
    }

    /// Whether a period search of `game` resumes from saved values ([`resuming`](Self::resuming)):
    /// a take-and-break code that splits heaps, without modifiers, in normal play. Others compute
    /// from their first value whatever they are given, so a caller need not save theirs.
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, parse_game};
    /// assert!(Analyzer::resumes(&parse_game("0.6")?));
    /// assert!(!Analyzer::resumes(&parse_game("0.33")?)); // no splits: a window of values
    /// assert!(!Analyzer::resumes(&parse_game("misere:0.6")?));
    /// assert!(!Analyzer::resumes(&parse_game("subtraction:1,3,4")?));
    /// # Ok(()) }
    /// ```
    pub fn resumes(game: &Game) -> bool {
        game.code().is_some_and(octal::resumes)
    }

    /// The values saved for `game` ([`resuming`](Self::resuming)), at most `limit` of them.
    fn resumed_values(&self, game: &Game, limit: u64) -> Vec<u32> {
        match &self.resume {
            Some(resume) if resume.game == *game => {
                let mut values = resume.values.to_vec();
                values.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
                values
            }
            _ => Vec::new(),
        }
    }

    /// `script` compiled for one question, its calls counted in `spending`, traced when asked.
    pub(crate) fn compile_script(
        &self,
        script: &crate::games::script::Script,
        spending: &crate::games::script::Spending,
    ) -> Result<crate::games::script::ScriptRules, Error> {
        let rules = crate::games::script::ScriptRules::compile_spending(script, spending)?;
        Ok(match &self.script_trace {
            Some(sink) => rules.with_trace(std::sync::Arc::clone(sink)),
            None => rules,
        })
    }

    /// Searches for the period of `game`'s Grundy sequence and certifies it when a theorem applies:
    /// the residue theorem or the window criterion for finite subtraction sets, the all-but
    /// criterion for all-but sets, the window criterion on state vectors for no-repeat games.
    /// Infinite families get at most an observed, unproved period. `misere:` games are searched
    /// with their misère values.
    ///
    /// # Complexity
    /// Finite sets: `O((n0 + p + t) · |S|)` time, `O(n0 + p + t)` memory (Brent's cycle finding on
    /// windows of `t = max S` values). All-but sets: `O(L · |X| log |X|)` for the `L` values needed,
    /// doubling `L`. Families: `O(L · k)` with `k` members below `L`. `L` is at most the limit.
    ///
    /// # Errors
    /// [`Error::Refused`] for games that are not one-heap sequences (Nim, Wythoff, Fibonacci Nim,
    /// sums); [`Error::Interrupted`] if the observer stops it; [`Error::Internal`] if a certificate
    /// fails its re-check.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let report = Analyzer::new(Config::default()).period(&parse_game("subtraction:2,5,7")?)?;
    /// let certificate = report.search.certificate().ok_or("none")?;
    /// assert_eq!(certificate.periodicity().period(), 22);
    /// # Ok(()) }
    /// ```
    pub fn period(&self, game: &Game) -> Result<PeriodReport, Error> {
        self.settle(self.period_unsettled(game))
    }

    /// The periodic pattern of `game`: its misère quotient for a misère take-and-break code
    /// (built as `plan` says), otherwise its [`period`](Self::period).
    ///
    /// # Complexity
    /// As [`quotient_from`](Self::quotient_from) or [`period`](Self::period).
    ///
    /// # Errors
    /// As [`quotient_from`](Self::quotient_from) or [`period`](Self::period).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, PeriodAnswer, QuotientPlan, parse_game};
    /// let analyzer = Analyzer::new(Config::default());
    /// let answer = analyzer.period_answer(&parse_game("misere:0.75")?, QuotientPlan::default())?;
    /// let PeriodAnswer::Quotient(report) = answer else { return Err("not a quotient".into()) };
    /// assert_eq!(report.quotient.order(), 8);
    /// let answer = analyzer.period_answer(&parse_game("bash:3")?, QuotientPlan::default())?;
    /// assert!(matches!(answer, PeriodAnswer::Period(_)));
    /// # Ok(()) }
    /// ```
    pub fn period_answer(&self, game: &Game, plan: QuotientPlan) -> Result<PeriodAnswer, Error> {
        if game.has_misere_quotient() {
            let report = self.quotient_from(game, plan.start, plan.most_heaps)?;
            return Ok(PeriodAnswer::Quotient(report));
        }
        self.period(game).map(PeriodAnswer::Period)
    }

    /// The values of `game` for heaps `from..=to`: a [`table`](Self::table), or for a game of
    /// two heaps (Wythoff's game), the [`grid`](Self::grid) of every pair up to `to`.
    ///
    /// # Complexity
    /// As [`table`](Self::table) or [`grid`](Self::grid).
    ///
    /// # Errors
    /// As [`table`](Self::table) or [`grid`](Self::grid), and [`SettingError::GridFrom`] for a
    /// grid asked to start after heap 0.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, Tabulation, parse_game};
    /// let analyzer = Analyzer::new(Config::default());
    /// let zero = 0u32.into();
    /// let tabulation = analyzer.tabulate(&parse_game("wythoff")?, &zero, &2u32.into())?;
    /// let Tabulation::Grid(grid) = tabulation else { return Err("not a grid".into()) };
    /// assert_eq!(grid.values[1], [1, 2, 0]);
    /// let tabulation = analyzer.tabulate(&parse_game("bash:3")?, &zero, &4u32.into())?;
    /// assert!(matches!(tabulation, Tabulation::Table(_)));
    /// # Ok(()) }
    /// ```
    pub fn tabulate(&self, game: &Game, from: &BigUint, to: &BigUint) -> Result<Tabulation, Error> {
        if !game.has_grid() {
            return match self.table(game, from, to) {
                // Values beyond the limits: the outcomes, where a theorem decides them.
                Err(Error::Refused(refusal)) => match self.outcome_row(game, from, to) {
                    Some(row) => row.map(Tabulation::Outcomes),
                    None => Err(Error::Refused(refusal)),
                },
                other => other.map(Tabulation::Table),
            };
        }
        if *from != BigUint::ZERO {
            return Err(Error::Setting(SettingError::GridFrom {
                from: from.clone(),
            }));
        }
        let to = u64::try_from(to).unwrap_or(u64::MAX);
        self.grid(game, to).map(Tabulation::Grid)
    }

    fn period_unsettled(&self, game: &Game) -> Result<PeriodReport, Error> {
        let (inner, play) = (game.base(), game.play());
        let answers = answers(inner);
        let (found, uncertifiable) = match answers.period(self, game, play) {
            Some(found) => {
                let found = found?;
                let uncertifiable = answers.uncertifiable(play, &found.search);
                (found, uncertifiable)
            }
            // A family that numbers its positions gets an observed period from a search.
            None => match self.period_by_search(game) {
                Some(search) => (
                    family::PeriodAnswer::search(search?),
                    Some(Uncertifiable::Searched),
                ),
                None => return Err(not_a_sequence(game)),
            },
        };
        Ok(PeriodReport {
            game: game.clone(),
            search: found.search,
            values: found.values,
            state_vectors: found.state_vectors,
            uncertifiable,
            resumed_from: found.resumed_from,
        })
    }

    /// Solves one position: outcome, Grundy value and every winning move.
    ///
    /// # Complexity
    /// Subtraction games with a certified period: `O(d + |S|)` for a `d`-digit heap on top of the
    /// period search (see [`period`](Self::period)), and `O(k · (d + |S|))` for `k` heaps (their
    /// sum, by Sprague–Grundy; under misère play several heaps are searched exhaustively). Nim `O(k · d)`, Wythoff and Fibonacci Nim
    /// `O(d²)`. Otherwise the values up to the position are computed directly, or, for misère
    /// sums, every reachable position is searched.
    ///
    /// # Errors
    /// [`Error::Setting`] if the position has the wrong shape for the game; [`Error::Refused`]
    /// when the answer lies beyond the limits (no certified period and a heap beyond the value
    /// limit; a misère sum with too many positions); [`Error::Interrupted`] and
    /// [`Error::Internal`] as for [`period`](Self::period).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, Outcome, parse_game};
    /// let analyzer = Analyzer::new(Config::default());
    /// let game = parse_game("bash:3")?;
    /// let solution = analyzer.solve(&game, &game.parse_position("10")?)?;
    /// assert_eq!(solution.outcome, Outcome::Win);
    /// let first = &solution.winning_moves[0];
    /// assert_eq!(grundy::render::moves::description(&game, first), "take 2"); // leave 8, a multiple of 4
    /// # Ok(()) }
    /// ```
    pub fn solve(&self, game: &Game, position: &Position) -> Result<Solution, Error> {
        self.settle(self.solve_unsettled(game, position))
    }

    fn solve_unsettled(&self, game: &Game, position: &Position) -> Result<Solution, Error> {
        let (base, play) = (game.base(), game.play());
        if let (Some(components), Position::Sum) = (base.components(), position) {
            return match play {
                Play::Normal => self.solve_sum(game, components),
                Play::Misere => self.solve_misere_sum(game, components),
            };
        }
        answers(base)
            .solve(self, game, play, position)
            .unwrap_or_else(|| self.solve_by_search(game, position))
    }

    /// The Grundy values of heaps `from..=to` of a one-heap game (misère Grundy values for a
    /// `misere:` game).
    ///
    /// # Complexity
    /// `O(r + d)` for `r` rows and `d`-digit bounds once the period is certified; otherwise the
    /// values up to `to` are computed directly.
    ///
    /// # Errors
    /// [`Error::Setting`] if `from > to` or the table has more than [`MAX_TABLE_ROWS`] rows;
    /// [`Error::Refused`] for games without one-heap positions (use [`grid`](Self::grid) for
    /// Wythoff); otherwise as for [`solve`](Self::solve).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let table = Analyzer::new(Config::default())
    ///     .table(&parse_game("subtraction:1,3,4")?, &0u32.into(), &9u32.into())?;
    /// let values = table.values.iter().map(u32::try_from).collect::<Result<Vec<_>, _>>()?;
    /// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
    /// # Ok(()) }
    /// ```
    pub fn table(&self, game: &Game, from: &BigUint, to: &BigUint) -> Result<Table, Error> {
        self.settle(self.table_unsettled(game, from, to))
    }

    /// The outcomes of the numbered positions `from..=to` by the family's theorem, where it
    /// decides outcomes without values; `None` elsewhere.
    fn outcome_row(
        &self,
        game: &Game,
        from: &BigUint,
        to: &BigUint,
    ) -> Option<Result<OutcomeRow, Error>> {
        let rows = (to - from + 1u32)
            .to_u64()
            .filter(|&rows| rows <= MAX_TABLE_ROWS)?;
        let answer = answers(game.base()).outcomes(self, game.play(), from, rows)?;
        Some(self.settle(answer.map(|(outcomes, basis)| OutcomeRow {
            game: game.clone(),
            from: from.clone(),
            outcomes,
            basis,
        })))
    }

    fn table_unsettled(&self, game: &Game, from: &BigUint, to: &BigUint) -> Result<Table, Error> {
        if from > to {
            return Err(Error::Setting(SettingError::Reversed {
                from: from.clone(),
                to: to.clone(),
            }));
        }
        let rows = (to - from + 1u32)
            .to_u64()
            .filter(|&rows| rows <= MAX_TABLE_ROWS);
        let Some(rows) = rows else {
            return Err(Error::Setting(SettingError::TooManyRows {
                from: from.clone(),
                to: to.clone(),
                most: MAX_TABLE_ROWS,
            }));
        };
        let (inner, play) = (game.base(), game.play());
        let answer = answers(inner).table(self, game, play, (from, to, rows));
        let (values, basis) = match answer {
            Some(answer) => match answer? {
                TableAnswer::Values(values, basis) => (values, basis),
                TableAnswer::Table(table) => return Ok(table),
            },
            None => match self.table_by_search(game, from, rows) {
                Some(found) => found?,
                None => {
                    return Err(Error::Refused(Refusal::not_applicable(format!(
                        "{game} has no one-heap table"
                    ))));
                }
            },
        };
        Ok(Table {
            game: game.clone(),
            from: from.clone(),
            values,
            basis,
            genera: None,
        })
    }

    /// Periods of many games at once, in input order: [`periods_each`](Self::periods_each)
    /// collected (one game per thread on the `parallel` feature's rayon pool, each within its
    /// share of [`survey_plan`](Self::survey_plan) and its own time limit).
    ///
    /// # Complexity
    /// The sum of [`period`](Self::period) over the games, divided among the workers.
    ///
    /// # Errors
    /// Each game's result is its own, as for [`periods_each`](Self::periods_each).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let games = ["bash:3", "subtraction:2,3,7"].map(parse_game).into_iter().collect::<Result<Vec<_>, _>>()?;
    /// let mut periods = Vec::new();
    /// for report in Analyzer::new(Config::default()).periods(&games) {
    ///     periods.push(report?.search.certificate().ok_or("not certified")?.periodicity().period());
    /// }
    /// assert_eq!(periods, [4, 5]);
    /// # Ok(()) }
    /// ```
    pub fn periods(&self, games: &[Game]) -> Vec<Result<PeriodReport, Error>> {
        let mut reports = Vec::with_capacity(games.len());
        self.periods_each(games, |_, report| reports.push(report));
        reports
    }
}

/// The refusal for a position whose shape does not fit the game.
fn wrong_shape(game: &Game, position: &Position) -> Error {
    Error::Setting(SettingError::WrongPosition {
        game: game.to_string(),
        position: position.to_string(),
    })
}

/// The refusal for games whose values do not form one sequence.
fn not_a_sequence(game: &Game) -> Error {
    Error::Refused(Refusal::not_applicable(format!(
        "{game} has no single sequence of values to be periodic: periods are for one-heap games (subtraction, allbut, bash and norepeat games and their misère forms; take-and-break codes and scripts under normal play)"
    )))
}

/// The refusal of a question about a misère take-and-break code that grundy answers only with
/// `solve` and `table`: `what` is the question (its periods, an explanation, …).
fn misere_octal(game: &Game, what: &str) -> Error {
    Error::refused_unless(
        format!(
            "{game}: {what} is not available under misère play of take-and-break codes — a split leaves a sum of heaps, and misère sums do not combine by xor; grundy solves their positions (by the tame rule or an exhaustive search) and tables their misère values and genera"
        ),
        Remedy::UseNormalPlay,
    )
}

/// What `game`'s family answers (for a `misere:` game, its inner game's family; sums are
/// answered by their components).
fn answers(game: &Game) -> Box<dyn family::Answers + '_> {
    match game {
        Game::Subtraction(_) | Game::Remainder(_) => {
            Box::new(HeapRules::of(game).expect("a one-heap subtraction game has heap rules"))
        }
        Game::Nim => Box::new(classical::NimAnswers),
        Game::Wythoff => Box::new(classical::WythoffAnswers),
        Game::FibonacciNim => Box::new(classical::FibonacciAnswers),
        Game::NoRepeat(game) => Box::new(norepeat::NoRepeatAnswers(&game.set)),
        Game::Oddball(game) => Box::new(general::OddballAnswers(&game.set)),
        Game::Script(script) => Box::new(script::ScriptAnswers(script)),
        Game::Octal(code) => Box::new(octal::OctalAnswers(code)),
        Game::Misere(inner) => answers(inner),
        Game::Rules(rules) => match rules.ruleset().theorem() {
            Some(theorem) => Box::new(theorem::TheoremAnswers { rules, theorem }),
            None => Box::new(family::Searched(rules)),
        },
        Game::Sum(components) => Box::new(family::SumAnswers(components)),
        Game::Every(components) => Box::new(every::EveryAnswers(components)),
    }
}
