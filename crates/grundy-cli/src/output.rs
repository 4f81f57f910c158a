//! Printing library answers on stdout, as text or JSON: the only place that prints answers. The
//! words and the JSON documents come from [`grundy::render`] (JSON from [`grundy::render::json`],
//! which `grundy serve` answers with too); this file only writes them.

use std::io::{self, Write as _};

use grundy::analysis::verify::Verification;
use grundy::render::{self, Terms, json};
use grundy::{Game, PeriodAnswer, PeriodReport, Solution, Tabulation};
use serde::Serialize;

use crate::wording;

/// The command line's names for the settings a text points to.
pub const TERMS: Terms<'static> = Terms {
    limit: "--max",
    full_listing: "--json",
};

/// Writes `result`'s bytes; a closed pipe (`grundy table … | head`) is not an error.
fn written(result: io::Result<()>) -> anyhow::Result<()> {
    match result {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

fn print(text: &str) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    written(
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush()),
    )
}

/// Prints a JSON document as the library writes it (as a stream: a long list of values is never
/// held as text).
pub(crate) fn print_json(value: &impl Serialize) -> anyhow::Result<()> {
    written(json::write(io::stdout().lock(), value))
}

/// Prints the text or the JSON of an answer.
fn answer(
    as_json: bool,
    document: impl FnOnce() -> anyhow::Result<()>,
    text: impl FnOnce() -> String,
) -> anyhow::Result<()> {
    if as_json { document() } else { print(&text()) }
}

/// Prints the summary of a long run.
pub fn sequence_summary(summary: &crate::long_run::Summary, as_json: bool) -> anyhow::Result<()> {
    let (sequence, seconds) = (&summary.sequence, summary.seconds);
    answer(
        as_json,
        || print_json(&json::sequence(sequence, seconds)),
        || render::sequence_text(sequence, seconds),
    )
}

/// Prints one line.
pub fn line(text: &str) -> anyhow::Result<()> {
    print(&format!("{text}\n"))
}

/// Prints text as it is (a judge's output, a report, a generated source).
pub fn text(text: &str) -> anyhow::Result<()> {
    print(text)
}

/// Prints a contest answer: one symbol per pile (`+`, `0`, `-`), separated by spaces.
pub fn contest(answers: &[grundy::Outcome]) -> anyhow::Result<()> {
    line(&grundy::oddball::answer_line(answers))
}

/// Prints a solution.
pub fn solution(solution: &Solution, as_json: bool) -> anyhow::Result<()> {
    answer(
        as_json,
        || print_json(&json::solution(solution, &TERMS)),
        || render::solution_text(solution, &TERMS),
    )
}

/// Prints a nim product.
pub fn nim_product(
    product: &grundy::analysis::nimber::NimProduct,
    as_json: bool,
) -> anyhow::Result<()> {
    answer(
        as_json,
        || print_json(&json::nim_product(product)),
        || render::nim_product_text(product),
    )
}

/// Prints a table (the seed-style rows `n`, `G(n)`, `P/N`, wrapped to `width` columns) or a grid.
pub fn tabulation(tabulation: &Tabulation, as_json: bool, width: usize) -> anyhow::Result<()> {
    answer(
        as_json,
        || print_json(&json::tabulation(tabulation)),
        || render::tabulation_text(tabulation, width),
    )
}

/// Prints the rules of a game's table.
pub fn pattern(
    report: &grundy::analysis::pattern::PatternReport,
    as_json: bool,
) -> anyhow::Result<()> {
    answer(
        as_json,
        || print_json(&json::pattern(report)),
        || render::pattern::pattern_text(report),
    )
}

/// Prints a period report or a misère quotient.
pub fn period_answer(period: &PeriodAnswer, as_json: bool) -> anyhow::Result<()> {
    answer(
        as_json,
        || print_json(&json::period_answer(period)),
        || render::period_answer_text(period, &TERMS),
    )
}

/// Prints a verification: its text, or its JSON ([`json::verification`]).
pub fn verification(verification: &Verification, as_json: bool) -> anyhow::Result<()> {
    answer(
        as_json,
        || print_json(&json::verification(verification)),
        || render::verify::verification_text(verification),
    )
}

/// Prints an explanation: its text or Markdown in `language`, or its steps as JSON.
pub fn explanation(
    explanation: &grundy::Explanation,
    as_json: bool,
    format: render::explain::Format,
    language: render::explain::Language,
    width: usize,
) -> anyhow::Result<()> {
    if as_json {
        return print_json(&json::explanation(explanation));
    }
    print(&explanation_text(explanation, format, language, width)?)
}

/// The text or Markdown of an explanation in `language`.
pub(crate) fn explanation_text(
    explanation: &grundy::Explanation,
    format: render::explain::Format,
    language: render::explain::Language,
    width: usize,
) -> anyhow::Result<String> {
    render::explain::render(explanation, language, format, width)
        .map_err(|errors| anyhow::anyhow!("the messages failed to load: {}", errors.join("; ")))
}

/// A period survey written row by row as the reports arrive: a table, or a JSON array of the
/// objects `period --json` prints for one game (a game without an answer has `error` and `hint`
/// in place of a certificate).
pub(crate) struct SurveyOutput {
    json: bool,
    /// The width of the code column.
    width: usize,
    rows: usize,
    /// The first write that failed (a closed pipe ends the output quietly).
    failed: Option<io::Error>,
}

impl SurveyOutput {
    /// Starts the table (its header) or the array.
    pub(crate) fn start(games: &[Game], json: bool) -> Self {
        let mut output = Self {
            json,
            width: render::survey::code_width(games),
            rows: 0,
            failed: None,
        };
        if !json {
            output.write(render::survey::header(output.width).as_bytes());
        }
        output
    }

    /// The row of `game`.
    pub(crate) fn row(&mut self, game: &Game, report: Result<PeriodReport, grundy::Error>) {
        let checked_to = match &report {
            Err(grundy::Error::TimedOut { checked_to, .. }) => Some(*checked_to),
            _ => None,
        };
        let text = if self.json {
            let object = match report {
                Ok(report) => serde_json::to_string_pretty(&json::period(&report)),
                Err(error) => {
                    let text = wording::describe(&error);
                    let hint = wording::remedy(&anyhow::Error::new(error));
                    let failure = json::survey_failure(game, checked_to, &text, hint.as_deref());
                    serde_json::to_string_pretty(&failure)
                }
            };
            let Ok(object) = object else { return };
            let separator = if self.rows == 0 { "[\n" } else { ",\n" };
            format!("{separator}  {}", object.replace('\n', "\n  "))
        } else {
            match &report {
                Ok(report) => render::survey::row(game, Ok(report), self.width),
                Err(error) => {
                    let text = wording::describe(error);
                    let failure = render::survey::Failure {
                        text: &text,
                        checked_to,
                    };
                    render::survey::row(game, Err(failure), self.width)
                }
            }
        };
        self.rows += 1;
        self.write(text.as_bytes());
    }

    /// Ends the array; reports a write that failed, but not a closed pipe.
    pub(crate) fn finish(mut self) -> anyhow::Result<()> {
        if self.json {
            let end: &[u8] = if self.rows == 0 { b"[]\n" } else { b"\n]\n" };
            self.write(end);
        }
        match self.failed {
            Some(error) if error.kind() != io::ErrorKind::BrokenPipe => Err(error.into()),
            _ => Ok(()),
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.failed.is_some() {
            return;
        }
        let mut stdout = io::stdout().lock();
        if let Err(error) = stdout.write_all(bytes).and_then(|()| stdout.flush()) {
            self.failed = Some(error);
        }
    }
}
