//! `grundy sequence` and its files, with the real binary: atomic replacement that never clobbers
//! anything but the target, symlinks and FIFOs kept for what they are, `--out` = `--text`
//! refused, unwritable locations refused before computing, checkpoints that never shrink, the
//! checkpoint lock, and Ctrl-C, SIGTERM and kill -9 part-way.
//!
//! No test waits for a duration: runs that are stopped part-way are stopped once their
//! checkpoint file exists (polled, with a generous overall limit that only turns a hang into a
//! failure).

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::{Background, grundy, pinned, stderr, stdout};

/// A heap far beyond what any test lets a stopped run reach.
const FAR: &str = "10000000";

/// Runs a command that must succeed.
fn succeeds(args: &[&str]) -> Output {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    output
}

/// Runs a command that must be refused: exit 2, nothing on stdout, a message on stderr.
fn refused(args: &[&str]) -> String {
    let output = grundy(args);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
    assert!(
        !message.contains("panicked"),
        "{args:?} panicked: {message}"
    );
    message
}

fn text(path: &Path) -> &str {
    path.to_str().expect("test paths are UTF-8")
}

fn directory() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("grundy-sequence-files-")
        .tempdir()
        .expect("a temporary directory")
}

/// A run in the background (its arguments [`pinned`]).
fn spawn(args: &[&str]) -> Background {
    Background::spawn(&pinned(args))
}

/// Waits for `run` to say it saved a checkpoint at `path` holding more than `more_than` values
/// (stderr is not a terminal, so each checkpoint is reported), and returns how many the file
/// holds. Blocks on the message, never on a clock; fails if the run ends first (it was meant to
/// be stopped part-way).
fn wait_for_checkpoint(run: &mut Background, path: &Path, more_than: usize) -> usize {
    let what = format!("its checkpoint held {more_than}+ values");
    let mut count = 0;
    run.wait_for_line(&what, |line| {
        count = if line.starts_with("checkpoint:") {
            saved_values(path).unwrap_or(0)
        } else {
            0
        };
        count > more_than
    });
    count
}

/// The values saved in a checkpoint file, if it exists and decodes.
fn saved_values(path: &Path) -> Option<usize> {
    let bytes = fs::read(path).ok()?;
    let (_, values) = grundy::sequence::decode(&bytes).ok()?;
    Some(values.len())
}

/// Names in `directory` that look like leftover temporary files (grundy's start with a dot).
fn leftovers(directory: &Path) -> Vec<String> {
    fs::read_dir(directory)
        .expect("the directory lists")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect()
}

/// The text export of `code` up to `to`, written to a regular file.
fn expected_text(code: &str, to: &str) -> Vec<u8> {
    let directory = directory();
    let path = directory.path().join("expected.txt");
    succeeds(&["sequence", code, "--to", to, "--text", text(&path)]);
    fs::read(&path).unwrap()
}

/// A run killed while it wrote its checkpoint leaves a temporary file; the next run on that
/// checkpoint (holding its lock) removes it, and nothing else.
#[test]
fn a_killed_writers_temporary_file_is_removed_by_the_next_run() {
    let directory = directory();
    let checkpoints = directory.path().join("checkpoints");
    fs::create_dir_all(&checkpoints).unwrap();
    let stale = checkpoints.join(".0.6.grundy-seq.Xy12ab.tmp");
    let unrelated = checkpoints.join(".notes.tmp");
    fs::write(&stale, b"half a checkpoint").unwrap();
    fs::write(&unrelated, b"the user's").unwrap();
    succeeds(&[
        "sequence",
        "0.6",
        "--to",
        "5000",
        "--checkpoint",
        text(&checkpoints),
    ]);
    assert!(!stale.exists(), "the stale temporary file is still there");
    assert_eq!(fs::read(&unrelated).unwrap(), b"the user's");
}

/// Values that cost seconds each (three-heap splits of every size) are watched while they are
/// computed: SIGTERM and `--timeout` stop the run part-way through a value, with the values
/// before it saved (issue 27).
#[test]
fn dear_values_stop_at_sigterm_and_at_the_time_limit() {
    let directory = directory();
    let checkpoints = directory.path().join("checkpoints");
    let code = "0.2!b!6e!";
    let checkpoint = checkpoints.join("0.2_b_6e_.grundy-seq");
    let mut run = spawn(&[
        "sequence",
        code,
        "--to",
        FAR,
        "--compute-all",
        "--checkpoint",
        text(&checkpoints),
        "--checkpoint-every",
        "100",
    ]);
    let seen = wait_for_checkpoint(&mut run, &checkpoint, 0);
    run.send("-TERM");
    let (status, printed) = run.finish();
    assert_eq!(status.code(), Some(143), "{printed}");
    assert!(printed.contains("interrupted after computing"), "{printed}");
    let count = saved_values(&checkpoint).expect("the checkpoint decodes");
    assert!(count >= seen, "{count} values after {seen}");
    // Without a checkpoint the time limit still stops it, and says what was not kept.
    let message = refused(&[
        "sequence",
        code,
        "--to",
        FAR,
        "--compute-all",
        "--timeout",
        "1",
    ]);
    assert!(message.contains("time limit of 1 s"), "{message}");
    assert!(
        message.contains("values computed were not kept"),
        "{message}"
    );
}

#[test]
fn sequences_resume_after_kill_and_interrupt_bit_identically() {
    let directory = directory();
    let path = |name: &str| directory.path().join(name);
    let (checkpoints, resumed, straight) = (
        path("checkpoints"),
        path("resumed.seq"),
        path("straight.seq"),
    );
    let checkpoint = checkpoints.join("0.6.grundy-seq");
    // kill -9 part-way, then Ctrl-C part-way, each once a new checkpoint is on disk.
    let mut saved = 0;
    for signal in ["-KILL", "-INT"] {
        let mut child = spawn(&[
            "sequence",
            "0.6",
            "--to",
            FAR,
            "--checkpoint",
            text(&checkpoints),
            "--checkpoint-every",
            "1000",
            "--out",
            text(&resumed),
        ]);
        let seen = wait_for_checkpoint(&mut child, &checkpoint, saved);
        child.send(signal);
        let (status, printed) = child.finish();
        if signal == "-INT" {
            assert_eq!(status.code(), Some(130), "{printed}");
            assert!(
                printed.contains("run the same command again to resume"),
                "{printed}"
            );
        }
        // Stopped part-way, with a checkpoint at least as long as the one seen.
        let count = saved_values(&checkpoint).expect("the checkpoint decodes");
        assert!(
            count >= seen && count < 10_000_001,
            "{signal}: {count} values"
        );
        saved = count;
        assert!(
            !resumed.exists(),
            "{signal}: an output was written by a stopped run"
        );
    }
    // Finish beyond the checkpoint: the same bytes as one straight run.
    let to = (saved + 20_000).to_string();
    let output = succeeds(&[
        "sequence",
        "0.6",
        "--to",
        &to,
        "--checkpoint",
        text(&checkpoints),
        "--out",
        text(&resumed),
    ]);
    assert!(
        stdout(&output).contains(&format!("resumed from {saved}")),
        "{}",
        stdout(&output)
    );
    succeeds(&["sequence", "0.6", "--to", &to, "--out", text(&straight)]);
    assert_eq!(fs::read(&resumed).unwrap(), fs::read(&straight).unwrap());
    assert_eq!(saved_values(&checkpoint), Some(saved + 20_001));
}

#[test]
fn sigterm_writes_a_checkpoint_and_exits_143() {
    let directory = directory();
    let checkpoints = directory.path().join("checkpoints");
    let checkpoint = checkpoints.join("0.6.grundy-seq");
    let mut child = spawn(&[
        "sequence",
        "0.6",
        "--to",
        FAR,
        "--checkpoint",
        text(&checkpoints),
        "--checkpoint-every",
        "1000",
    ]);
    let seen = wait_for_checkpoint(&mut child, &checkpoint, 0);
    child.send("-TERM");
    let (status, printed) = child.finish();
    assert_eq!(status.code(), Some(143), "{printed}");
    assert!(
        printed.contains("run the same command again to resume"),
        "{printed}"
    );
    let count = saved_values(&checkpoint).expect("the checkpoint decodes");
    assert!(
        count >= seen,
        "the checkpoint shrank from {seen} to {count}"
    );
    // A clean stop leaves no temporary file behind, and the lock is free again.
    assert!(
        leftovers(&checkpoints).is_empty(),
        "{:?}",
        leftovers(&checkpoints)
    );
    succeeds(&[
        "sequence",
        "0.6",
        "--to",
        "10",
        "--checkpoint",
        text(&checkpoints),
    ]);
}

#[test]
fn a_symlink_to_a_regular_file_stays_a_symlink() {
    let directory = directory();
    let path = |name: &str| directory.path().join(name);
    let (real, link) = (path("real.seq"), path("link.seq"));
    fs::write(&real, "old contents").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real.seq", &link).unwrap();
    // A symlink whose target does not exist yet: the target is created, the link kept.
    let (dangling, created) = (path("dangling.txt"), path("created.txt"));
    std::os::unix::fs::symlink("created.txt", &dangling).unwrap();
    succeeds(&[
        "sequence",
        "0.77",
        "--to",
        "500",
        "--out",
        text(&link),
        "--text",
        text(&dangling),
    ]);
    for (link, target) in [(&link, "real.seq"), (&dangling, "created.txt")] {
        let metadata = fs::symlink_metadata(link).unwrap();
        assert!(
            metadata.file_type().is_symlink(),
            "{} was replaced",
            link.display()
        );
        assert_eq!(fs::read_link(link).unwrap(), Path::new(target));
    }
    let (code, values) = grundy::sequence::decode(&fs::read(&real).unwrap()).unwrap();
    assert_eq!((code.as_str(), values.len()), ("0.77", 501));
    // The replaced file keeps its permissions.
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(fs::read(&created).unwrap(), expected_text("0.77", "500"));
    assert!(
        leftovers(directory.path()).is_empty(),
        "{:?}",
        leftovers(directory.path())
    );
}

/// Opens the FIFO for writing without blocking and closes it, so that a reader still waiting
/// in `open` gets end of file (if nothing reads, the open fails and nothing waits).
#[cfg(target_os = "linux")]
fn release_reader(fifo: &Path) {
    use std::os::unix::fs::OpenOptionsExt as _;
    /// `O_NONBLOCK` on Linux.
    const NONBLOCK: i32 = 0o4000;
    let _ = fs::OpenOptions::new()
        .write(true)
        .custom_flags(NONBLOCK)
        .open(fifo);
}

#[test]
#[cfg(target_os = "linux")]
fn a_fifo_is_written_as_a_stream() {
    let directory = directory();
    let fifo = directory.path().join("values.fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).expect("the FIFO reads"))
    };
    let output = grundy(&["sequence", "0.77", "--to", "2000", "--text", text(&fifo)]);
    if !output.status.success() {
        release_reader(&fifo);
    }
    let received = reader.join().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(received, expected_text("0.77", "2000"));
    assert!(
        leftovers(directory.path()).is_empty(),
        "{:?}",
        leftovers(directory.path())
    );
}

#[test]
fn symlinks_to_devices_are_written_as_streams() {
    let directory = directory();
    let (to_stdout, to_null) = (
        directory.path().join("stdout-link"),
        directory.path().join("null-link"),
    );
    std::os::unix::fs::symlink("/dev/stdout", &to_stdout).unwrap();
    std::os::unix::fs::symlink("/dev/null", &to_null).unwrap();
    // stdout is a pipe here: /dev/stdout leads to it, and the text goes down it before the
    // summary.
    let output = succeeds(&[
        "sequence",
        "0.77",
        "--to",
        "100",
        "--text",
        text(&to_stdout),
        "--out",
        text(&to_null),
    ]);
    let expected = expected_text("0.77", "100");
    assert!(output.stdout.starts_with(&expected), "{}", stdout(&output));
    assert!(stdout(&output).contains("101 values"));
    for (link, target) in [(&to_stdout, "/dev/stdout"), (&to_null, "/dev/null")] {
        assert!(fs::symlink_metadata(link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_link(link).unwrap(), Path::new(target));
    }
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert!(
        leftovers(directory.path()).is_empty(),
        "{:?}",
        leftovers(directory.path())
    );
}

#[test]
fn an_existing_tmp_file_beside_the_target_is_left_alone() {
    let directory = directory();
    let path = |name: &str| directory.path().join(name);
    // The names the old scheme used for its temporary files.
    for name in ["out.tmp", "values.tmp", "checkpoints.tmp"] {
        fs::write(path(name), format!("the user's own {name}")).unwrap();
    }
    let checkpoints = path("checkpoints");
    succeeds(&[
        "sequence",
        "0.77",
        "--to",
        "300",
        "--out",
        text(&path("out.seq")),
        "--text",
        text(&path("values.txt")),
        "--checkpoint",
        text(&checkpoints),
    ]);
    for name in ["out.tmp", "values.tmp", "checkpoints.tmp"] {
        assert_eq!(
            fs::read_to_string(path(name)).unwrap(),
            format!("the user's own {name}")
        );
    }
    let mut names: Vec<String> = fs::read_dir(directory.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "checkpoints",
            "checkpoints.tmp",
            "out.seq",
            "out.tmp",
            "values.tmp",
            "values.txt"
        ]
    );
    assert!(
        leftovers(&checkpoints).is_empty(),
        "{:?}",
        leftovers(&checkpoints)
    );
    assert_eq!(
        fs::read(path("values.txt")).unwrap(),
        expected_text("0.77", "300")
    );
}

#[test]
fn out_and_text_naming_one_file_are_refused() {
    let directory = directory();
    let path = |name: &str| directory.path().join(name);
    let (real, link, hard) = (path("real.seq"), path("link.seq"), path("hard.seq"));
    fs::write(&real, "keep me").unwrap();
    std::os::unix::fs::symlink("real.seq", &link).unwrap();
    fs::hard_link(&real, &hard).unwrap();
    let new = path("new.seq");
    let spelled_again = directory.path().join(".").join("new.seq");
    let dangling = path("dangling.seq");
    std::os::unix::fs::symlink("new.seq", &dangling).unwrap();
    let pairs: [(&Path, &Path); 6] = [
        (&real, &real),
        (&new, &new),
        (&new, &spelled_again),
        (&link, &real),
        (&hard, &real),
        (&dangling, &new),
    ];
    for (out, text_path) in pairs {
        let message = refused(&[
            "sequence",
            "0.77",
            "--to",
            "10",
            "--out",
            text(out),
            "--text",
            text(text_path),
        ]);
        assert!(
            message.contains("--out")
                && message.contains("--text")
                && message.contains("same file"),
            "{message}"
        );
        assert!(
            message.contains(text(out)) && message.contains(text(text_path)),
            "{message}"
        );
    }
    assert_eq!(fs::read_to_string(&real).unwrap(), "keep me");
    assert!(!new.exists());
    // An output may not be the checkpoint file either: it would shrink the checkpoint.
    let checkpoints = path("checkpoints");
    succeeds(&[
        "sequence",
        "0.77",
        "--to",
        "100",
        "--checkpoint",
        text(&checkpoints),
    ]);
    let checkpoint = checkpoints.join("0.77.grundy-seq");
    let before = fs::read(&checkpoint).unwrap();
    let message = refused(&[
        "sequence",
        "0.77",
        "--to",
        "10",
        "--checkpoint",
        text(&checkpoints),
        "--out",
        text(&checkpoint),
    ]);
    assert!(
        message.contains("--out") && message.contains("checkpoint"),
        "{message}"
    );
    assert_eq!(fs::read(&checkpoint).unwrap(), before);
}

#[test]
fn unwritable_locations_are_refused_before_computing() {
    let directory = directory();
    let path = |name: &str| directory.path().join(name);
    let checkpoints = path("checkpoints");
    let a_file = path("a-file");
    fs::write(&a_file, "not a directory").unwrap();
    let mut cases: Vec<(&str, PathBuf)> = vec![
        ("--out", path("missing").join("values.seq")),
        ("--text", a_file.join("values.txt")),
        (
            "--out",
            path("missing-too").join("deeper").join("values.seq"),
        ),
    ];
    if cfg!(target_os = "linux") {
        // /proc accepts no new files, even from root.
        cases.push(("--text", PathBuf::from("/proc/grundy-sequence-files.txt")));
    }
    // Permission bits stop writes unless the tests run as root; check which applies here.
    let read_only = path("read-only");
    fs::create_dir(&read_only).unwrap();
    let read_only_file = path("read-only.seq");
    fs::write(&read_only_file, "keep me").unwrap();
    fs::set_permissions(&read_only_file, fs::Permissions::from_mode(0o444)).unwrap();
    fs::set_permissions(&read_only, fs::Permissions::from_mode(0o555)).unwrap();
    let probe = read_only.join("probe");
    let permissions_bind = fs::write(&probe, "").is_err();
    let _ = fs::remove_file(&probe);
    if permissions_bind {
        cases.push(("--out", read_only.join("values.seq")));
        cases.push(("--text", read_only.join("values.txt")));
        cases.push(("--out", read_only_file.clone()));
    }
    for (option, target) in &cases {
        let message = refused(&[
            "sequence",
            "0.6",
            "--to",
            "1000000",
            "--checkpoint",
            text(&checkpoints),
            "--checkpoint-every",
            "1",
            option,
            text(target),
        ]);
        assert!(
            message.contains(option) && message.contains(text(target)),
            "{option} {}: {message}",
            target.display()
        );
        // Refused before the first value: no checkpoint was written.
        assert!(
            !checkpoints.join("0.6.grundy-seq").exists(),
            "{option} {}: the run computed before refusing",
            target.display()
        );
        assert!(!target.exists() || target == &read_only_file);
    }
    if permissions_bind {
        // A read-only checkpoint directory is refused too.
        let message = refused(&[
            "sequence",
            "0.6",
            "--to",
            "1000000",
            "--checkpoint",
            text(&read_only),
        ]);
        assert!(
            message.contains("--checkpoint") && message.contains(text(&read_only)),
            "{message}"
        );
    }
    assert_eq!(fs::read_to_string(&read_only_file).unwrap(), "keep me");
    fs::set_permissions(&read_only, fs::Permissions::from_mode(0o755)).unwrap();
    // A directory is not a file.
    let message = refused(&[
        "sequence",
        "0.77",
        "--to",
        "10",
        "--out",
        text(directory.path()),
    ]);
    assert!(
        message.contains("--out") && message.contains("is a directory"),
        "{message}"
    );
}

#[test]
fn a_smaller_to_reads_from_the_checkpoint_and_leaves_it_untouched() {
    let directory = directory();
    let path = |name: &str| directory.path().join(name);
    let checkpoints = path("checkpoints");
    let checkpoint = checkpoints.join("0.6.grundy-seq");
    succeeds(&[
        "sequence",
        "0.6",
        "--to",
        "20000",
        "--checkpoint",
        text(&checkpoints),
    ]);
    let before = fs::read(&checkpoint).unwrap();
    let inode = fs::metadata(&checkpoint).unwrap().ino();
    let (small_out, small_text) = (path("small.seq"), path("small.txt"));
    let output = succeeds(&[
        "sequence",
        "0.6",
        "--to",
        "10",
        "--checkpoint",
        text(&checkpoints),
        "--out",
        text(&small_out),
        "--text",
        text(&small_text),
    ]);
    assert!(stdout(&output).contains("11 values"), "{}", stdout(&output));
    // Untouched: the same bytes in the same file (not even replaced by a copy).
    assert_eq!(fs::read(&checkpoint).unwrap(), before);
    assert_eq!(fs::metadata(&checkpoint).unwrap().ino(), inode);
    // The outputs hold --to + 1 values, as a run without the checkpoint writes them.
    let (straight_out, straight_text) = (path("straight.seq"), path("straight.txt"));
    succeeds(&[
        "sequence",
        "0.6",
        "--to",
        "10",
        "--out",
        text(&straight_out),
        "--text",
        text(&straight_text),
    ]);
    assert_eq!(
        fs::read(&small_out).unwrap(),
        fs::read(&straight_out).unwrap()
    );
    assert_eq!(
        fs::read(&small_text).unwrap(),
        fs::read(&straight_text).unwrap()
    );
    assert_eq!(saved_values(&small_out), Some(11));
    // A larger --to extends the checkpoint, keeping what it had.
    succeeds(&[
        "sequence",
        "0.6",
        "--to",
        "20100",
        "--checkpoint",
        text(&checkpoints),
    ]);
    let after = fs::read(&checkpoint).unwrap();
    let (_, old) = grundy::sequence::decode(&before).unwrap();
    let (_, new) = grundy::sequence::decode(&after).unwrap();
    assert_eq!(new.len(), 20_101);
    assert_eq!(new.to_vec()[..old.len()], old.to_vec()[..]);
}

#[test]
fn a_second_run_on_a_locked_checkpoint_directory_refuses() {
    let directory = directory();
    let checkpoints = directory.path().join("checkpoints");
    let checkpoint = checkpoints.join("0.6.grundy-seq");
    let mut first = spawn(&[
        "sequence",
        "0.6",
        "--to",
        FAR,
        "--checkpoint",
        text(&checkpoints),
        "--checkpoint-every",
        "1000",
    ]);
    // The lock is taken before the first value, so it is held once a checkpoint exists; stop
    // the run there so that the checkpoint stays as it is.
    wait_for_checkpoint(&mut first, &checkpoint, 0);
    first.send("-STOP");
    let before = fs::read(&checkpoint).unwrap();
    let out = directory.path().join("second.seq");
    let message = refused(&[
        "sequence",
        "0.6",
        "--to",
        "10",
        "--checkpoint",
        text(&checkpoints),
        "--out",
        text(&out),
    ]);
    assert!(message.contains("another grundy run holds"), "{message}");
    assert!(message.contains(text(&checkpoints)), "{message}");
    assert_eq!(fs::read(&checkpoint).unwrap(), before);
    assert!(!out.exists());
    // Another code in the same directory has a lock of its own.
    succeeds(&[
        "sequence",
        "0.77",
        "--to",
        "10",
        "--checkpoint",
        text(&checkpoints),
    ]);
    // The lock dies with its process, even by kill -9: no stale lock blocks the next run.
    first.send("-KILL");
    first.finish();
    succeeds(&[
        "sequence",
        "0.6",
        "--to",
        "10",
        "--checkpoint",
        text(&checkpoints),
    ]);
}
