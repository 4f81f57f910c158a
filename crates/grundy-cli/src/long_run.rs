//! `grundy sequence`: long runs of take-and-break values with a progress bar, checkpoints that
//! survive Ctrl-C, SIGTERM and kill -9, and the compact and text outputs.
//!
//! Files are handled with care: every output location is checked before computing, a regular
//! file is replaced atomically through a uniquely named temporary file beside it (a symlink to
//! one keeps being a symlink), a FIFO or device such as `/dev/stdout` is written in place as a
//! stream, two options never name one file, a checkpoint never shrinks, and a lock keeps a second
//! run off a checkpoint directory.

use std::borrow::Cow;
use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use grundy::analysis::{Sequence, SequenceRun, SequenceStep};
use grundy::compact::{CompactValues, View};
use grundy::sequence;

use crate::progress::TerminalObserver;

/// What a run did: the finished sequence, and how long this run took.
pub struct Summary {
    pub sequence: Sequence,
    pub seconds: f64,
}

/// Where to keep checkpoints and how often, and where to write the values.
pub struct Plan<'a> {
    pub checkpoint: Option<&'a Path>,
    pub every: u64,
    /// `--out`: the compact binary file.
    pub out: Option<&'a Path>,
    /// `--text`: one `n G(n)` pair per line.
    pub text: Option<&'a Path>,
}

/// The checkpoint file's name for `code` (a file name, whatever characters the code has).
fn checkpoint_name(code: &str) -> String {
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
    format!("{name}.grundy-seq")
}

/// The directory a file named by `path` lives in (`.` for a bare file name).
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Where the bytes for a path given on the command line go.
enum Kind {
    /// A regular file, new or existing, replaced atomically; the path has its symlinks resolved,
    /// so a symlink stays a symlink and its target gets the new contents.
    Regular(PathBuf),
    /// A FIFO, a terminal or another device (`/dev/stdout`): written in place, as a stream.
    Stream,
}

/// The end of a chain of symlinks whose last target does not exist yet.
fn dangling_target(option: &str, path: &Path) -> anyhow::Result<PathBuf> {
    let mut current = path.to_path_buf();
    // The kernel follows at most 40 links; so do we.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.is_symlink() => {
                let target = std::fs::read_link(&current).with_context(|| {
                    format!("{option} {}: reading the symlink", current.display())
                })?;
                current = parent_of(&current).join(target);
            }
            _ => return Ok(current),
        }
    }
    bail!(
        "{option} {}: too many levels of symlinks; give the path of a file",
        path.display()
    )
}

/// What kind of file `path` is, without changing anything.
fn resolve(option: &str, path: &Path) -> anyhow::Result<Kind> {
    let is_directory = || {
        anyhow::anyhow!(
            "{option} {} is a directory: give the path of a file, e.g. {}",
            path.display(),
            path.join("values.seq").display()
        )
    };
    let link = match std::fs::symlink_metadata(path) {
        Err(error)
            if matches!(
                error.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            // A new file; `check_writable` explains a missing directory.
            return Ok(Kind::Regular(path.to_path_buf()));
        }
        Err(error) => bail!("{option} {}: {error}", path.display()),
        Ok(link) => link,
    };
    if !link.is_symlink() {
        return if link.is_file() {
            Ok(Kind::Regular(path.to_path_buf()))
        } else if link.is_dir() {
            Err(is_directory())
        } else {
            Ok(Kind::Stream)
        };
    }
    match std::fs::metadata(path) {
        Ok(target) if target.is_file() => Ok(Kind::Regular(
            std::fs::canonicalize(path)
                .with_context(|| format!("{option} {}: resolving the symlink", path.display()))?,
        )),
        Ok(target) if target.is_dir() => Err(is_directory()),
        Ok(_) => Ok(Kind::Stream),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            Ok(Kind::Regular(dangling_target(option, path)?))
        }
        Err(error) => bail!("{option} {}: {error}", path.display()),
    }
}

/// How to tell whether two paths name one file: the device and inode of an existing file, or the
/// canonical directory and the name of a file still to be created.
#[derive(PartialEq, Eq)]
enum Identity {
    Inode(u64, u64),
    Path(PathBuf),
    Unknown,
}

fn identity(path: &Path) -> Identity {
    if let Ok(metadata) = std::fs::metadata(path) {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt as _;
            return Identity::Inode(metadata.dev(), metadata.ino());
        }
        #[cfg(not(unix))]
        {
            let _ = metadata;
            if let Ok(canonical) = std::fs::canonicalize(path) {
                return Identity::Path(canonical);
            }
        }
    }
    let (Ok(directory), Some(name)) = (std::fs::canonicalize(parent_of(path)), path.file_name())
    else {
        return Identity::Unknown;
    };
    Identity::Path(directory.join(name))
}

/// Fails unless a new file can be created in `path`'s directory and an existing `path` can be
/// written, so that a run never learns at its end that it cannot keep its work.
pub(crate) fn check_writable(option: &str, shown: &Path, path: &Path) -> anyhow::Result<()> {
    let directory = parent_of(path);
    if !directory.is_dir() {
        bail!(
            "{option} {}: the directory {} does not exist or is not a directory; create it or choose another path",
            shown.display(),
            directory.display()
        );
    }
    // An unnamed temporary file: created and gone, whatever happens to this process.
    if let Err(error) = tempfile::tempfile_in(directory) {
        bail!(
            "{option} {}: cannot create a file in {} ({error}); choose a writable directory",
            shown.display(),
            directory.display()
        );
    }
    // Only a regular file is opened: opening a FIFO for writing would wait for a reader.
    if path.is_file()
        && let Err(error) = OpenOptions::new().write(true).open(path)
    {
        bail!(
            "{option} {}: the file cannot be written ({error}); make it writable or choose another path",
            shown.display()
        );
    }
    Ok(())
}

/// Writes `bytes` to the regular file `path` atomically: a uniquely named temporary file in the
/// same directory, flushed to disk, then renamed over `path`. Nothing but `path` is replaced; an
/// existing file keeps its permissions; on failure the temporary file is removed.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    write_through_temporary(path, bytes, true)
}

/// [`write_atomically`] to a new file: the rename fails, keeping whatever is there, if `path`
/// exists by then (the error is an [`std::io::ErrorKind::AlreadyExists`] with context).
pub(crate) fn write_atomically_new(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    write_through_temporary(path, bytes, false)
}

fn write_through_temporary(path: &Path, bytes: &[u8], replace: bool) -> anyhow::Result<()> {
    let directory = parent_of(path);
    let existing = std::fs::metadata(path).ok().map(|m| m.permissions());
    let name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    if existing.is_none() {
        // As a plain create would: readable by others unless the umask says otherwise.
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temporary = builder
        .tempfile_in(directory)
        .with_context(|| format!("creating a temporary file in {}", directory.display()))?;
    let written = temporary.write_all(bytes).and_then(|()| {
        if let Some(permissions) = existing {
            temporary.as_file().set_permissions(permissions)?;
        }
        temporary.as_file().sync_all()
    });
    written.with_context(|| format!("writing {}", temporary.path().display()))?;
    if replace {
        temporary
            .persist(path)
            .map_err(|error| error.error)
            .with_context(|| format!("replacing {}", path.display()))?;
    } else {
        temporary
            .persist_noclobber(path)
            .map_err(|error| error.error)
            .with_context(|| format!("creating {}", path.display()))?;
    }
    Ok(())
}

/// Removes the temporary files a run killed while it wrote the checkpoint `path` left behind
/// (`.NAME.XXXXXX.tmp` beside it, as [`write_atomically`] names them). Called under the
/// checkpoint's lock: no other grundy run writes that checkpoint, so every such file is stale.
/// A file that cannot be removed stays; the run goes on.
fn remove_stale_temporaries(path: &Path) {
    let Some(name) = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
    else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(parent_of(path)) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let stale = file.strip_prefix(&prefix).is_some_and(|rest| {
            rest.strip_suffix(".tmp").is_some_and(|random| {
                !random.is_empty() && random.chars().all(char::is_alphanumeric)
            })
        });
        if stale && entry.file_type().is_ok_and(|kind| kind.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// What an output holds.
#[derive(Clone, Copy)]
enum Format {
    /// The compact binary file (`--out`).
    Binary,
    /// One `n G(n)` pair per line (`--text`).
    Text,
}

/// An output file from the command line, checked and, for a stream, opened before computing.
struct Output {
    option: &'static str,
    format: Format,
    given: PathBuf,
    destination: Destination,
}

enum Destination {
    Regular(PathBuf),
    Stream(File),
}

impl Output {
    fn write(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let (option, given) = (self.option, &self.given);
        match &mut self.destination {
            Destination::Regular(path) => write_atomically(path, bytes),
            Destination::Stream(file) => file
                .write_all(bytes)
                .and_then(|()| file.flush())
                .map_err(|error| anyhow::anyhow!("writing {option} {}: {error}", given.display())),
        }
    }
}

/// Takes an exclusive advisory lock on `file` without waiting: `false` when another process
/// holds it. The operating system releases it when the file is closed or the process ends, even
/// by `kill -9`, so a dead run never leaves a stale lock.
fn try_lock(file: &File) -> std::io::Result<bool> {
    match file.try_lock() {
        Ok(()) => Ok(true),
        Err(std::fs::TryLockError::WouldBlock) => Ok(false),
        Err(std::fs::TryLockError::Error(error)) => Err(error),
    }
}

/// A checkpoint directory held for one code: the checkpoint file and the lock that keeps other
/// runs away until this one ends (the operating system drops it when the process ends, however
/// it ends).
struct Checkpoint {
    /// Where the checkpoint is written (symlinks resolved).
    path: PathBuf,
    /// The path as shown to the user.
    shown: PathBuf,
    lock_path: PathBuf,
    _lock: File,
}

impl Checkpoint {
    fn open(directory: &Path, code: &str) -> anyhow::Result<Self> {
        std::fs::create_dir_all(directory).with_context(|| {
            format!(
                "--checkpoint {}: creating the directory; choose a directory you can write to",
                directory.display()
            )
        })?;
        let shown = directory.join(checkpoint_name(code));
        let Kind::Regular(path) = resolve("--checkpoint", &shown)? else {
            bail!(
                "--checkpoint {}: {} is not a regular file; move it away or choose another directory",
                directory.display(),
                shown.display()
            );
        };
        check_writable("--checkpoint", directory, &path)?;
        let lock_path = directory.join(format!("{}.lock", checkpoint_name(code)));
        let lock = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .with_context(|| format!("--checkpoint: creating the lock {}", lock_path.display()))?;
        match try_lock(&lock) {
            Ok(true) => {}
            Ok(false) => bail!(
                "another grundy run holds the checkpoint directory {} for {code} (it locks {}); wait for it to finish or stop it, or give another --checkpoint directory",
                directory.display(),
                lock_path.display()
            ),
            Err(error) => bail!(
                "--checkpoint {}: cannot lock {} ({error})",
                directory.display(),
                lock_path.display()
            ),
        }
        remove_stale_temporaries(&path);
        Ok(Self {
            path,
            shown,
            lock_path,
            _lock: lock,
        })
    }

    /// The values saved for `code`, if a checkpoint exists.
    fn read(&self, code: &str) -> anyhow::Result<Option<CompactValues>> {
        if !self.path.exists() {
            return Ok(None);
        }
        let shown = self.shown.display();
        let bytes =
            std::fs::read(&self.path).with_context(|| format!("reading the checkpoint {shown}"))?;
        let (saved, values) =
            sequence::decode(&bytes).with_context(|| format!("reading the checkpoint {shown}"))?;
        if saved != code {
            bail!("the checkpoint {shown} is for {saved}, not {code}");
        }
        Ok(Some(values))
    }
}

/// Resolves and checks `--out` and `--text` and takes the checkpoint directory, refusing before
/// any work when two options name one file or a location cannot be written.
fn prepare(name: &str, plan: &Plan<'_>) -> anyhow::Result<(Vec<Output>, Option<Checkpoint>)> {
    let given = [
        ("--out", Format::Binary, plan.out),
        ("--text", Format::Text, plan.text),
    ];
    let mut kinds = Vec::with_capacity(given.len());
    for (option, format, path) in given {
        let Some(path) = path else { continue };
        let kind = resolve(option, path)?;
        let identity = identity(match &kind {
            Kind::Regular(resolved) => resolved.as_path(),
            Kind::Stream => path,
        });
        kinds.push((option, format, path, kind, identity));
    }
    if let [(first, _, first_path, _, a), (second, _, second_path, _, b)] = kinds.as_slice()
        && *a != Identity::Unknown
        && a == b
    {
        bail!(
            "{first} {} and {second} {} name the same file, so one would overwrite the other; give two different files",
            first_path.display(),
            second_path.display()
        );
    }
    let checkpoint = plan
        .checkpoint
        .map(|directory| Checkpoint::open(directory, name))
        .transpose()?;
    if let Some(checkpoint) = &checkpoint {
        let own = [identity(&checkpoint.path), identity(&checkpoint.lock_path)];
        for (option, _, path, _, identity) in &kinds {
            if *identity != Identity::Unknown && own.contains(identity) {
                bail!(
                    "{option} {} is a file of the checkpoint directory {}; write the output elsewhere",
                    path.display(),
                    parent_of(&checkpoint.shown).display()
                );
            }
        }
    }
    let mut outputs = Vec::with_capacity(kinds.len());
    for (option, format, path, kind, _) in kinds {
        let destination = match kind {
            Kind::Regular(resolved) => {
                check_writable(option, path, &resolved)?;
                Destination::Regular(resolved)
            }
            // Opened now, so that a stream that cannot be written is found before the work (a
            // FIFO waits here for its reader, as a shell redirection would).
            Kind::Stream => {
                Destination::Stream(OpenOptions::new().write(true).open(path).with_context(
                    || format!("{option} {}: opening it for writing", path.display()),
                )?)
            }
        };
        outputs.push(Output {
            option,
            format,
            given: path.to_path_buf(),
            destination,
        });
    }
    Ok((outputs, checkpoint))
}

/// Runs the library's long run `run` to its end, resuming from and writing checkpoints when the
/// plan says so, then writes the outputs. Every file location is checked before the first value
/// is computed.
pub fn run(
    mut run: SequenceRun<'_>,
    plan: &Plan<'_>,
    observer: &TerminalObserver,
) -> anyhow::Result<Summary> {
    let name = run.game().to_string();
    let (mut outputs, checkpoint) = prepare(&name, plan)?;
    // How many values the checkpoint file holds: it is only ever rewritten with more.
    let mut saved = 0;
    if let Some(loaded) = checkpoint
        .as_ref()
        .map(|c| c.read(&name))
        .transpose()?
        .flatten()
    {
        saved = loaded.len();
        // A smaller --to reads its values from the checkpoint and leaves the file as it is.
        run.resume(loaded)?;
    }
    // Saves `values` (already encoded as `encoded`, when the caller has them) if they add some.
    let mut save = |values: View<'_>, encoded: Option<&[u8]>| -> anyhow::Result<()> {
        if let Some(checkpoint) = &checkpoint
            && values.len() > saved
        {
            let bytes = encoded.map_or_else(
                || Cow::Owned(sequence::encode(&name, values)),
                Cow::Borrowed,
            );
            write_atomically(&checkpoint.path, &bytes)
                .with_context(|| format!("saving the checkpoint {}", checkpoint.shown.display()))?;
            saved = values.len();
            observer.log(&format!(
                "checkpoint: {saved} values saved in {}",
                checkpoint.shown.display()
            ));
        }
        Ok(())
    };
    let start = Instant::now();
    let mut last_save = Instant::now();
    let mut since_save = 0u64;
    loop {
        let stop = match run.step() {
            // Complete, or certified: the rest follows from the period.
            Ok(SequenceStep::Certified | SequenceStep::Complete) => break,
            Ok(SequenceStep::Computed { values }) => {
                since_save += values;
                None
            }
            Err(error @ (grundy::Error::Interrupted { .. } | grundy::Error::TimedOut { .. })) => {
                Some(error)
            }
            Err(error) => return Err(error.into()),
        };
        if stop.is_some()
            || since_save >= plan.every
            || last_save.elapsed() > Duration::from_secs(30)
        {
            save(run.values(), None)?;
            since_save = 0;
            last_save = Instant::now();
        }
        if let Some(error) = stop {
            observer.finish();
            return Err(stopped(error, run.len(), checkpoint.as_ref()));
        }
    }
    let sequence = run.finish()?;
    // The binary form once, for the last checkpoint and --out alike.
    let mut binary = checkpoint
        .is_some()
        .then(|| sequence::encode(&name, &sequence.values));
    save(sequence.values.view(), binary.as_deref())?;
    observer.finish();
    let summary = Summary {
        sequence,
        seconds: start.elapsed().as_secs_f64(),
    };
    write_outputs(&mut outputs, &summary, &mut binary)?;
    Ok(summary)
}

/// The error of a run stopped after `count` values, saying where they were kept.
fn stopped(error: grundy::Error, count: usize, checkpoint: Option<&Checkpoint>) -> anyhow::Error {
    anyhow::Error::new(error).context(match checkpoint {
        Some(checkpoint) => format!(
            "saved {count} values in {}; run the same command again to resume",
            checkpoint.shown.display()
        ),
        None => format!(
            "the {count} values computed were not kept: give --checkpoint DIR to keep finished work"
        ),
    })
}

/// Writes the binary and text outputs, each in its own format.
/// `binary` holds the summary's values encoded, if the last checkpoint already needed them.
fn write_outputs(
    outputs: &mut [Output],
    summary: &Summary,
    binary: &mut Option<Vec<u8>>,
) -> anyhow::Result<()> {
    for output in outputs {
        match output.format {
            Format::Binary => output.write(binary.get_or_insert_with(|| {
                sequence::encode(&summary.sequence.game.to_string(), &summary.sequence.values)
            }))?,
            Format::Text => output.write(sequence::to_text(&summary.sequence.values).as_bytes())?,
        }
    }
    Ok(())
}
