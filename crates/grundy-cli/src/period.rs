//! `grundy period GAME`: the library's period answer — for `misere:CODE` the misère quotient,
//! continued from and saved to its checkpoint file (written atomically; never replaced by a
//! quotient of fewer heaps, never one of another game).

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use grundy::input::quotient_file::{self, QuotientFileError};
use grundy::theory::quotient::Quotient;
use grundy::{Analyzer, Game, PeriodAnswer, QuotientPlan};

use crate::long_run::{write_atomically, write_atomically_new};
use crate::progress::TerminalObserver;

/// The options of `period` that only misère quotients use.
#[derive(clap::Args, Debug, Default)]
pub struct QuotientArgs {
    /// For misere:CODE, keep the quotient in this file and continue from it (it is written
    /// atomically after the run, and never replaced by a quotient of fewer heaps).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// For misere:CODE, the most heaps to build the quotient for (default 300).
    #[arg(long, value_name = "N")]
    pub heaps: Option<usize>,
}

/// The quotient a checkpoint claims (verified by the analyzer before use), if the file exists.
fn read_checkpoint(path: &Path, game: &Game) -> anyhow::Result<Option<Quotient>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error).with_context(|| format!("reading {}", path.display())),
    };
    let path = path.display();
    match quotient_file::read(&text, game) {
        Ok(quotient) => Ok(Some(quotient)),
        Err(QuotientFileError::NotJson(error)) => {
            Err(error).with_context(|| format!("{path} is not a quotient checkpoint"))
        }
        Err(QuotientFileError::OtherGame { found, game }) => Err(anyhow::anyhow!(
            "{path} holds the quotient of {found}, not of {game}; use another file"
        )),
        Err(error @ QuotientFileError::OtherFormat) => Err(anyhow::anyhow!("{path} is {error}")),
        Err(error) => Err(anyhow::anyhow!("{path}: {error}")),
    }
}

/// Runs `period GAME`: for a misère code, resumes from the checkpoint if there is one, and saves
/// the checkpoint when the run reached more heaps than it held; prints the answer.
pub fn run(
    analyzer: &Analyzer<'_>,
    game: &Game,
    args: &QuotientArgs,
    as_json: bool,
    observer: &TerminalObserver,
) -> anyhow::Result<()> {
    let start = match &args.checkpoint {
        Some(path) if game.has_misere_quotient() => read_checkpoint(path, game)?,
        _ => None,
    };
    let had = start.as_ref().map(Quotient::heaps);
    let plan = QuotientPlan::new(
        start,
        args.heaps.unwrap_or(grundy::limits::DEFAULT_QUOTIENT_HEAPS),
    );
    let answer = analyzer.period_answer(game, plan);
    observer.finish();
    let answer = answer?;
    if let (Some(path), PeriodAnswer::Quotient(report)) = (&args.checkpoint, &answer) {
        let bytes = serde_json::to_vec(&grundy::render::json::checkpoint(report))?;
        match had {
            None => write_atomically_new(path, &bytes)?,
            Some(heaps) if report.quotient.heaps() > heaps => write_atomically(path, &bytes)?,
            Some(_) => {}
        }
    }
    crate::output::period_answer(&answer, as_json)
}
