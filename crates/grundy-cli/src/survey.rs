//! `grundy period` over many games (a survey): the games from the command line, a file or stdin
//! and a family of octal codes, parsed before any work, then one row per game in input order.

use std::path::PathBuf;

use anyhow::Context as _;
use grundy::limits::{MAX_HEX_SURVEY_DIGITS, MAX_SURVEY_DIGITS, MAX_SURVEY_GAMES};
use grundy::{Analyzer, Config, Game};

use crate::output::SurveyOutput;
use crate::progress::TerminalObserver;

/// The options of `period` that name more games.
#[derive(clap::Args, Debug, Default)]
pub struct SurveyArgs {
    /// Also every game in this file, one spec per line (- reads stdin; blank lines and lines
    /// starting with # are skipped).
    #[arg(long, value_name = "FILE")]
    pub codes: Option<PathBuf>,
    /// Also every octal code 0.d1…dk with 1 to K digits after the point, the last not 0
    /// (K at most 5: 8^K - 1 codes).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub octal_codes: Option<String>,
    /// Also every hexadecimal code 0.h1…hk with 1 to K digits after the point, the last not 0
    /// (digits 8 to f let a move leave three heaps; K at most 3: 16^K - 1 codes).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub hex_codes: Option<String>,
}

impl SurveyArgs {
    /// Whether the arguments name a family or a file of games.
    pub fn names_games(&self) -> bool {
        self.codes.is_some() || self.octal_codes.is_some() || self.hex_codes.is_some()
    }
}

/// Whether the arguments ask for a survey (anything but exactly one game on the command line).
pub fn is_survey(specs: &[String], args: &SurveyArgs) -> bool {
    specs.len() != 1 || args.names_games()
}

/// Parses every game, refusing a bad one (with its caret) before any work, then prints a row per
/// game as soon as it and the games before it are done. An interrupt prints the rows finished and
/// ends with the interrupt's status.
pub fn run(
    config: Config,
    specs: &[String],
    args: &SurveyArgs,
    quotient: &crate::period::QuotientArgs,
    json: bool,
) -> anyhow::Result<()> {
    if quotient.checkpoint.is_some() || quotient.heaps.is_some() {
        anyhow::bail!(
            "--checkpoint and --heaps are for the misère quotient of one game: give one misere:CODE alone"
        );
    }
    let games = games(specs, args)?;
    let observer = TerminalObserver::install().counting("games");
    let analyzer = Analyzer::new(config).with_observer(&observer);
    let mut output = SurveyOutput::start(&games, json);
    let mut interrupt = None;
    let mut finished = 0usize;
    analyzer.periods_each(&games, |index, report| match report {
        Err(error @ grundy::Error::Interrupted { .. }) => {
            interrupt.get_or_insert((index, error));
        }
        report => {
            finished += 1;
            output.row(&games[index], report);
        }
    });
    observer.finish();
    output.finish()?;
    match interrupt {
        None => Ok(()),
        Some((index, error)) => Err(anyhow::Error::new(error).context(format!(
            "interrupted with {finished} of {} games finished (their rows are above); {} was stopped",
            games.len(),
            games[index]
        ))),
    }
}

/// The games of a survey: the specs, then the file's lines, then the family; refused, with the
/// first bad spec's caret, before any work.
pub(crate) fn games(specs: &[String], args: &SurveyArgs) -> anyhow::Result<Vec<Game>> {
    let mut games = Vec::new();
    for spec in specs {
        games.push(survey_game(spec)?);
    }
    if let Some(path) = &args.codes {
        let (text, source) = if path.as_os_str() == "-" {
            let text = crate::read_bounded(
                std::io::stdin().lock(),
                "the games on stdin",
                crate::MAX_INPUT_BYTES,
            )
            .map_err(anyhow::Error::msg)?;
            (text, "stdin".to_owned())
        } else {
            let file =
                std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
            let what = format!("the games in {}", path.display());
            let text = crate::read_bounded(file, &what, crate::MAX_INPUT_BYTES)
                .map_err(anyhow::Error::msg)?;
            (text, path.display().to_string())
        };
        for (number, line) in text.lines().enumerate() {
            let spec = line.trim();
            if spec.is_empty() || spec.starts_with('#') {
                continue;
            }
            check_count(games.len() + 1)?;
            games.push(
                survey_game(spec).with_context(|| format!("line {} of {source}", number + 1))?,
            );
        }
    }
    if let Some(text) = &args.octal_codes {
        let digits = family_digits(
            text,
            "--octal-codes",
            MAX_SURVEY_DIGITS,
            "--octal-codes 2 surveys the 63 codes 0.1 to 0.77; 5 is 32767 codes",
        )?;
        check_count(games.len() + (1usize << (3 * digits)) - 1)?;
        games.extend(grundy::analysis::octal_codes(digits)?);
    }
    if let Some(text) = &args.hex_codes {
        let digits = family_digits(
            text,
            "--hex-codes",
            MAX_HEX_SURVEY_DIGITS,
            "--hex-codes 2 surveys the 255 codes 0.1 to 0.ff; 3 is 4095 codes",
        )?;
        check_count(games.len() + (1usize << (4 * digits)) - 1)?;
        games.extend(grundy::analysis::hex_codes(digits)?);
    }
    if games.is_empty() {
        anyhow::bail!("the survey has no games: the file names none (give a spec per line)");
    }
    Ok(games)
}

/// Refuses a survey of more than [`MAX_SURVEY_GAMES`] games.
fn check_count(games: usize) -> anyhow::Result<()> {
    if games > MAX_SURVEY_GAMES {
        anyhow::bail!(
            "a survey takes at most {MAX_SURVEY_GAMES} games; this one has more (split the list)"
        );
    }
    Ok(())
}

/// One game of a survey; a misère take-and-break code is refused, since its period is a misère
/// quotient, computed one game at a time.
fn survey_game(spec: &str) -> anyhow::Result<Game> {
    let game = crate::read_game(spec)?;
    if game.has_misere_quotient() {
        let prefix = spec.find(':').map_or(spec.len(), |colon| colon + 1);
        return Err(grundy::InputError {
            what: "game spec",
            text: spec.to_owned(),
            span: 0..prefix,
            message: "a misère take-and-break code's period is its misère quotient, built one game at a time".to_owned(),
            hint: Some(format!("run grundy period {game} alone")),
        }
        .into());
    }
    Ok(game)
}

/// The digits of a family of codes (`option`): 1 to `most`; `example` shows what the option
/// takes.
fn family_digits(
    text: &str,
    option: &'static str,
    most: usize,
    example: &str,
) -> Result<usize, grundy::InputError> {
    match text.trim().parse::<usize>() {
        Ok(digits) if (1..=most).contains(&digits) => Ok(digits),
        _ => Err(grundy::InputError {
            what: option,
            text: text.to_owned(),
            span: 0..text.len(),
            message: format!("expected a number of digits from 1 to {most}"),
            hint: Some(example.to_owned()),
        }),
    }
}
