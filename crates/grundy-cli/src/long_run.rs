//! `grundy sequence`: long runs of take-and-break values with a progress bar, checkpoints that
//! survive Ctrl-C and kill -9, and the compact and text outputs.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use grundy::compact::CompactValues;
use grundy::octal::Code;
use grundy::{Engine, Observer, sequence};

use crate::progress::TerminalObserver;

/// What a run did.
pub struct Summary {
    pub code: String,
    pub values: CompactValues,
    pub resumed_from: usize,
    pub seconds: f64,
    /// Values from this index on follow from a certified period, with its theorem.
    pub from_period: Option<(usize, grundy::period::Certificate)>,
}

fn checkpoint_path(directory: &Path, code: &str) -> PathBuf {
    let name: String = code
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    directory.join(format!("{name}.grundy-seq"))
}

/// Writes `bytes` to `path` atomically: a temporary file, then a rename.
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, bytes)
        .with_context(|| format!("writing {}", temporary.display()))?;
    std::fs::rename(&temporary, path)
        .with_context(|| format!("renaming {} to {}", temporary.display(), path.display()))?;
    Ok(())
}

/// How to run: the engine, where to keep checkpoints and how often, and whether a certified
/// period may finish the run.
pub struct Plan<'a> {
    pub engine: Engine,
    pub threads: usize,
    pub checkpoint: Option<&'a Path>,
    pub every: u64,
    pub use_period: bool,
}

/// Computes `G(0..=to)`, resuming from and writing checkpoints when the plan says so.
pub fn run(
    code: &Code,
    to: u64,
    plan: &Plan<'_>,
    observer: &TerminalObserver,
) -> anyhow::Result<Summary> {
    let Plan {
        engine,
        threads,
        checkpoint,
        every,
        use_period,
    } = *plan;
    let name = code.to_string();
    let total = to.checked_add(1).context("--to is too large")?;
    if total > grundy::analysis::MAX_OCTAL_VALUES {
        bail!(
            "a sequence holds at most {} values (up to 16 bytes each in memory at worst); --to {to} asks for more",
            grundy::analysis::MAX_OCTAL_VALUES
        );
    }
    let mut values = CompactValues::new();
    let path = checkpoint.map(|directory| checkpoint_path(directory, &name));
    if let Some(directory) = checkpoint {
        std::fs::create_dir_all(directory)
            .with_context(|| format!("creating {}", directory.display()))?;
    }
    if let Some(path) = path.as_ref().filter(|p| p.exists()) {
        let bytes = std::fs::read(path)
            .with_context(|| format!("reading the checkpoint {}", path.display()))?;
        let (saved, saved_values) = sequence::decode(&bytes)
            .with_context(|| format!("reading the checkpoint {}", path.display()))?;
        if saved != name {
            bail!(
                "the checkpoint {} is for {saved}, not {name}",
                path.display()
            );
        }
        values = saved_values;
        values.truncate(total as usize);
    }
    let resumed_from = values.len();
    let start = Instant::now();
    let mut stream = grundy::octal::stream(code, engine, threads, values.to_vec());
    let mut last_save = Instant::now();
    let mut since_save = 0u64;
    let mut next_certification = 1024usize.max(values.len().next_power_of_two());
    let mut from_period = None;
    while (values.len() as u64) < total {
        if use_period && values.len() >= next_certification {
            next_certification *= 2;
            if let Some(certificate) = grundy::octal::certify(code, &values) {
                // Proved: the rest follows from the period, exactly.
                let start_index = values.len();
                let periodicity = &certificate.periodicity;
                values.extend(
                    (start_index as u64..total)
                        .map(|n| periodicity.values.get(periodicity.locate_u64(n).0)),
                );
                from_period = Some((start_index, certificate));
                break;
            }
        }
        let chunk = (total - values.len() as u64).min(4096) as usize;
        values.extend(stream.by_ref().take(chunk));
        since_save += chunk as u64;
        observer.progress(values.len() as u64, total);
        let interrupted = observer.interrupted();
        if let Some(path) = &path
            && (interrupted || since_save >= every || last_save.elapsed() > Duration::from_secs(30))
        {
            write_atomically(path, &sequence::encode(&name, &values))?;
            since_save = 0;
            last_save = Instant::now();
        }
        if interrupted {
            observer.finish();
            return Err(grundy::Error::Interrupted {
                checked_to: values.len() as u64,
            })
            .context(match &path {
                Some(path) => format!(
                    "saved {} values in {}; run the same command again to resume",
                    values.len(),
                    path.display()
                ),
                None => "give --checkpoint DIR to keep finished work".to_owned(),
            });
        }
    }
    if let Some(path) = &path {
        write_atomically(path, &sequence::encode(&name, &values))?;
    }
    observer.finish();
    Ok(Summary {
        code: name,
        values,
        resumed_from,
        seconds: start.elapsed().as_secs_f64(),
        from_period,
    })
}

/// Writes the binary and text outputs.
pub fn write_outputs(
    summary: &Summary,
    out: Option<&Path>,
    text: Option<&Path>,
) -> anyhow::Result<()> {
    if let Some(out) = out {
        write_atomically(out, &sequence::encode(&summary.code, &summary.values))?;
    }
    if let Some(text) = text {
        write_atomically(text, sequence::to_text(&summary.values).as_bytes())?;
    }
    Ok(())
}
