//! Judge text from typed cases and verdicts: the output a judge expects ([`output_text`],
//! [`output_text_each`]), and the comparison of a program's output with it
//! ([`first_difference`]). (Test inputs are written with their cases by
//! `Analyzer::test_inputs`.)
//!
//! Pure and total: strings in, strings out, no I/O.

use std::fmt::Write as _;

use crate::analysis::Outcome;
use crate::analysis::judge::{ListedMove, Verdict};
use crate::input::judge_format::{Case, Join, JudgeFormat, OutputFormat};

/// The answer word or symbol of one verdict.
fn answer(output: &OutputFormat, verdict: &Verdict) -> String {
    match output {
        // A tie or a draw without a word is refused before rendering.
        OutputFormat::Words(words) | OutputFormat::Moves(words) => {
            words.of(verdict.outcome).unwrap_or(&words.lose).to_owned()
        }
        OutputFormat::Count => verdict
            .winning_moves
            .clone()
            .unwrap_or_default()
            .to_string(),
    }
}

/// The output a judge expects for `cases` and their `verdicts` (in the same order): one line per
/// case, or per block where the format joins a block's answers ([`JudgeFormat::join`]); the
/// `moves` output adds one line `from to` per winning move after `Yes`. Every line ends with a
/// newline.
///
/// # Complexity
/// `O(L)` for `L` bytes written.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::input::judge_format::{JudgeFormat, read_judge};
/// use grundy::{Analyzer, Config};
/// let format = JudgeFormat::parse("hdu-1536")?;
/// let cases = read_judge("2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n", &format, None)?;
/// let verdicts = Analyzer::new(Config::default()).judge(&cases, format.output())?;
/// assert_eq!(grundy::render::judge::output_text(&format, &cases, &verdicts), "LWW\n");
/// # Ok(()) }
/// ```
pub fn output_text(format: &JudgeFormat, cases: &[Case], verdicts: &[Verdict]) -> String {
    let answers: Vec<Option<&Verdict>> = verdicts.iter().map(Some).collect();
    written(format, cases, &answers)
}

/// The mark written in place of the answer of a case that could not be answered.
pub const UNANSWERED: &str = "?";

/// The output for `cases` and their answers (`Analyzer::judge_each`): as [`output_text`], with
/// [`UNANSWERED`] (`?`) in place of the answer of each case that has an error, so that every other
/// answer keeps its place.
///
/// # Complexity
/// `O(L)` for `L` bytes written.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::input::judge_format::{JudgeFormat, read_judge};
/// use grundy::{Analyzer, Config};
/// let format = JudgeFormat::parse("lines/yes-no")?;
/// let game = grundy::parse_game("subtraction:fibonacci")?;
/// let cases = read_judge("10\n1000000000000000000000\n7\n", &format, Some(&game))?;
/// let analyzer = Analyzer::new(Config::default().with_max_values(10_000)?);
/// let answers = analyzer.judge_each(&cases, format.output())?;
/// assert_eq!(grundy::render::judge::output_text_each(&format, &cases, &answers), "No\n?\nYes\n");
/// # Ok(()) }
/// ```
pub fn output_text_each<E>(
    format: &JudgeFormat,
    cases: &[Case],
    answers: &[Result<Verdict, E>],
) -> String {
    let answers: Vec<Option<&Verdict>> =
        answers.iter().map(|answer| answer.as_ref().ok()).collect();
    written(format, cases, &answers)
}

fn written(format: &JudgeFormat, cases: &[Case], answers: &[Option<&Verdict>]) -> String {
    let mut out = String::new();
    let text = |answer: Option<&Verdict>| {
        answer.map_or_else(
            || UNANSWERED.to_owned(),
            |verdict| self::answer(format.output(), verdict),
        )
    };
    match format.join() {
        Join::Lines => {
            for answer in answers {
                out.push_str(&text(*answer));
                out.push('\n');
                if let (OutputFormat::Moves(_), Some(verdict)) = (format.output(), answer)
                    && verdict.outcome == Outcome::Win
                {
                    for play in &verdict.listed {
                        let _ = match play {
                            ListedMove::Heap(play) => writeln!(out, "{} {}", play.from, play.to),
                            ListedMove::Pair(x, y) => writeln!(out, "{x} {y}"),
                        };
                    }
                }
            }
        }
        Join::Block { separator } => {
            let mut previous = None;
            for (case, answer) in cases.iter().zip(answers) {
                match previous {
                    Some(block) if block == case.block => out.push_str(&separator),
                    Some(_) => out.push('\n'),
                    None => {}
                }
                previous = Some(case.block);
                out.push_str(&text(*answer));
            }
            if previous.is_some() {
                out.push('\n');
            }
        }
    }
    out
}

/// Where a program's output first differs from the expected output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// Which token differs, from 1.
    pub token: usize,
    /// The line of the expected output it is on, from 1.
    pub expected_line: usize,
    /// The line of the program's output it is on, from 1 (the line after the last when the
    /// output ends early).
    pub actual_line: usize,
    /// The expected token (`None` when the program wrote more than expected).
    pub expected: Option<String>,
    /// The program's token (`None` when its output ends early).
    pub actual: Option<String>,
}

fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .flat_map(|(i, line)| line.split_whitespace().map(move |token| (i + 1, token)))
}

/// Compares a program's output with the expected one, token by token: white space between
/// tokens (spaces, line breaks, trailing white space, a missing final newline) is ignored;
/// tokens must be equal, case included. `None` when they agree.
///
/// # Complexity
/// `O(L)` for `L` bytes.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::render::judge::first_difference;
/// assert_eq!(first_difference("0\n1\n", "0 \n1"), None);
/// let difference = first_difference("0\n1\n0\n", "0\n0\n0\n").ok_or("they differ")?;
/// assert_eq!((difference.token, difference.expected.as_deref(), difference.actual.as_deref()), (2, Some("1"), Some("0")));
/// # Ok(()) }
/// ```
pub fn first_difference(expected: &str, actual: &str) -> Option<Difference> {
    let mut wanted = tokens(expected);
    let mut given = tokens(actual);
    let mut index = 0;
    let ends = |text: &str| text.lines().count() + 1;
    loop {
        index += 1;
        match (wanted.next(), given.next()) {
            (None, None) => return None,
            (Some((a, x)), Some((b, y))) if x == y => {
                let _ = (a, b);
            }
            (w, g) => {
                return Some(Difference {
                    token: index,
                    expected_line: w.map_or_else(|| ends(expected), |(line, _)| line),
                    actual_line: g.map_or_else(|| ends(actual), |(line, _)| line),
                    expected: w.map(|(_, t)| t.to_owned()),
                    actual: g.map(|(_, t)| t.to_owned()),
                });
            }
        }
    }
}
