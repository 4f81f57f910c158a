//! `grundy period misere:CODE`: the misère quotient, its text and JSON, and its checkpoint file
//! (written atomically; never replaced by a quotient of fewer heaps, never one of another game).

use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use grundy::render::quotient::{
    generator_name, phi_words, quotient_text, relations, stop_text, word,
};
use grundy::theory::quotient::Quotient;
use grundy::{Analyzer, Game, QuotientReport};
use serde_json::{Value, json};

use crate::long_run::{write_atomically, write_atomically_new};

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

/// Whether `game` is a misère take-and-break code (its period report is its quotient).
pub fn is_misere_code(game: &Game) -> bool {
    matches!(game, Game::Misere(inner) if matches!(inner.as_ref(), Game::Octal(_)))
}

const FORMAT: &str = "grundy misère quotient";

fn checkpoint_json(report: &QuotientReport) -> Value {
    let q = &report.quotient;
    json!({
        "format": FORMAT,
        "version": 1,
        "game": report.game.to_string(),
        "heaps": q.heaps(),
        "order": q.order(),
        "identity": q.identity(),
        "losing": q.losing(),
        "phi": q.phi(),
        "table": q.table(),
    })
}

/// The quotient a checkpoint claims (verified by the analyzer before use), and its heaps.
fn read_checkpoint(path: &Path, game: &Game) -> anyhow::Result<Option<Quotient>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error).with_context(|| format!("reading {}", path.display())),
    };
    let value: Value = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a quotient checkpoint", path.display()))?;
    if value["format"] != FORMAT {
        bail!("{} is not a misère quotient checkpoint", path.display());
    }
    if value["game"] != game.to_string() {
        bail!(
            "{} holds the quotient of {}, not of {game}; use another file",
            path.display(),
            value["game"]
        );
    }
    let numbers = |key: &str| -> anyhow::Result<Vec<u32>> {
        value[key]
            .as_array()
            .with_context(|| format!("{}: no {key}", path.display()))?
            .iter()
            .map(|x| {
                x.as_u64()
                    .and_then(|x| u32::try_from(x).ok())
                    .with_context(|| format!("{}: a bad entry in {key}", path.display()))
            })
            .collect()
    };
    let losing = value["losing"]
        .as_array()
        .with_context(|| format!("{}: no losing", path.display()))?
        .iter()
        .map(|x| {
            x.as_bool()
                .with_context(|| format!("{}: a bad entry in losing", path.display()))
        })
        .collect::<anyhow::Result<Vec<bool>>>()?;
    let identity = value["identity"]
        .as_u64()
        .and_then(|x| u32::try_from(x).ok())
        .with_context(|| format!("{}: no identity", path.display()))?;
    Ok(Some(Quotient::from_parts(
        numbers("table")?,
        identity,
        losing,
        numbers("phi")?,
    )))
}

/// The report as JSON.
pub fn report_json(report: &QuotientReport) -> Value {
    let q = &report.quotient;
    let forms = &report.presentation.normal_forms;
    json!({
        "game": report.game.to_string(),
        "kind": "misère quotient",
        "order": q.order(),
        "losing": q.losing_count(),
        "heaps": q.heaps(),
        "closed": report.closure.is_some(),
        "preperiod": report.closure.map(|c| c.preperiod),
        "period": report.closure.map(|c| c.period),
        "heaps_needed": report.closure.map(|c| c.needed),
        "generators": report.presentation.generators.iter().enumerate()
            .map(|(i, &(_, heap))| json!({ "name": generator_name(i), "heap": heap }))
            .collect::<Vec<_>>(),
        "relations": relations(report),
        "p_elements": (0..q.order()).filter(|&x| q.is_losing(x as u32)).map(|x| word(&forms[x])).collect::<Vec<_>>(),
        "phi": phi_words(report)[1..].to_vec(),
        "stopped": report.stopped.as_ref().map(stop_text),
        "resumed_from": report.resumed_from,
        "states": report.states,
    })
}

/// Runs `period misere:CODE`: resumes from the checkpoint if there is one, builds, prints, and
/// saves the checkpoint when the run reached more heaps than it held.
pub fn run(
    analyzer: &Analyzer<'_>,
    game: &Game,
    args: &QuotientArgs,
    as_json: bool,
) -> anyhow::Result<()> {
    let start = match &args.checkpoint {
        Some(path) => read_checkpoint(path, game)?,
        None => None,
    };
    let had = start.as_ref().map(Quotient::heaps);
    let most = args.heaps.unwrap_or(grundy::limits::DEFAULT_QUOTIENT_HEAPS);
    let report = analyzer.quotient_from(game, start, most)?;
    if let Some(path) = &args.checkpoint {
        let bytes = serde_json::to_vec(&checkpoint_json(&report))?;
        match had {
            None => write_atomically_new(path, &bytes)?,
            Some(heaps) if report.quotient.heaps() > heaps => write_atomically(path, &bytes)?,
            Some(_) => {}
        }
    }
    if as_json {
        crate::output::line(&serde_json::to_string_pretty(&report_json(&report))?)
    } else {
        crate::output::line(quotient_text(&report).trim_end())
    }
}
