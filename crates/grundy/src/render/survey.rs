//! The table of a period survey (`grundy period A B C …`): a header, then a row a game with its
//! preperiod, period, saltus, the values examined and how the period is known.

use super::theorem_id;
use crate::analysis::PeriodReport;
use crate::games::game::Game;
use crate::theory::period::{Periodicity, Search};

/// A game of a survey that has no report: the error in the front end's words, and how many
/// values it had examined when it stopped, if it says.
#[derive(Clone, Copy, Debug)]
pub struct Failure<'a> {
    /// The error, as the front end words it.
    pub text: &'a str,
    /// The values examined before the error (a time limit says), if known.
    pub checked_to: Option<u64>,
}

/// The width of the code column for `games`.
pub fn code_width(games: &[Game]) -> usize {
    games
        .iter()
        .map(|game| game.to_string().chars().count())
        .max()
        .unwrap_or(0)
        .max("code".len())
}

/// The header line of the survey table, its code column `width` wide.
pub fn header(width: usize) -> String {
    format!(
        "{:<width$}  {:>9}  {:>7}  {:>6}  {:>9}  basis\n",
        "code", "preperiod", "period", "saltus", "values"
    )
}

/// The values a report examined: to the certificate's check, the observation's or the search's
/// end.
fn values_examined(search: &Search) -> u64 {
    match search {
        Search::Certified(certificate) => certificate.checked_to(),
        Search::Observed(observation) => observation.checked_to(),
        Search::NotFound { checked_to } => *checked_to,
    }
}

/// A survey's table row: code, preperiod, period, saltus, values examined, and how the period is
/// known (the theorem that certifies it), or why there is none.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, parse_game, render::survey};
/// let game = parse_game("bash:3")?;
/// let report = Analyzer::new(Config::default()).period(&game)?;
/// let row = survey::row(&game, Ok(&report), 6);
/// assert!(row.starts_with("bash:3          0        4       0"));
/// # Ok(()) }
/// ```
pub fn row(game: &Game, report: Result<&PeriodReport, Failure<'_>>, width: usize) -> String {
    let numbers = |p: &Periodicity| {
        [
            p.preperiod().to_string(),
            p.period().to_string(),
            p.saltus().to_string(),
        ]
    };
    let none = || ["-", "-", "-"].map(str::to_owned);
    let ([preperiod, period, saltus], values, basis) = match report {
        Ok(report) => {
            let values = values_examined(&report.search).to_string();
            match &report.search {
                Search::Certified(certificate) => (
                    numbers(certificate.periodicity()),
                    values,
                    format!("certified ({})", theorem_id(&certificate.theorem())),
                ),
                Search::Observed(observation) => (
                    numbers(observation.periodicity()),
                    values,
                    "observed, not proved".to_owned(),
                ),
                Search::NotFound { .. } => (none(), values, "no period found".to_owned()),
            }
        }
        Err(failure) => {
            let values = failure
                .checked_to
                .map_or_else(|| "-".to_owned(), |n| n.to_string());
            (none(), values, format!("error: {}", failure.text))
        }
    };
    let code = game.to_string();
    format!("{code:<width$}  {preperiod:>9}  {period:>7}  {saltus:>6}  {values:>9}  {basis}\n")
}
