//! `grundy contest GAME --io FORMAT` and `grundy verify GAME --against CMD --io FORMAT`: the
//! command line's side of judge formats. The library reads the input, answers it, writes test
//! inputs and expected outputs, and compares outputs; this file resolves the game from the
//! command line, reads stdin, and runs the user's program (a child process with a time limit:
//! I/O, which the library does not do).

use std::fmt::Write as _;
use std::io::{Read as _, Write as _};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use grundy::input::judge_format::{JudgeFormat, read_judge};
use grundy::render::judge::{first_difference, output_text, output_text_each};
use grundy::{Analyzer, Config, Game};

use crate::progress::TerminalObserver;

/// The format of `--io`: a preset, `INPUT/OUTPUT`, a description, or `@FILE` holding a
/// description.
pub fn read_format(io: &str) -> anyhow::Result<JudgeFormat> {
    let (text, what) = match io.strip_prefix('@') {
        Some(path) => {
            let file = std::fs::File::open(path)
                .with_context(|| format!("cannot open the judge description {path}"))?;
            let text = crate::read_bounded(file, path, MAX_DESCRIPTION_BYTES)
                .map_err(anyhow::Error::msg)?;
            (text, "judge description")
        }
        None => (io.to_owned(), "--io"),
    };
    JudgeFormat::parse(&text).map_err(|mut error| {
        error.what = what;
        error.into()
    })
}

/// The most bytes of a judge description read from a file.
const MAX_DESCRIPTION_BYTES: u64 = 64 << 10;

/// The game a judge format is answered for: the one given on the command line, checked against
/// the format (a description may fix its game — a preset always does — or build it from the
/// values it reads).
pub fn resolve_game(format: &JudgeFormat, given: Option<&str>) -> anyhow::Result<Option<Game>> {
    let name = format.name();
    let template = format.description.game.as_ref();
    if let Some(template) = template.filter(|t| t.variables().next().is_some()) {
        if let Some(given) = given {
            anyhow::bail!(
                "the format {name} reads its game from the input (game {template}), so it takes no GAME: drop {given}"
            );
        }
        return Ok(None);
    }
    let fixed = template
        .map(|template| crate::read_game(&template.to_string()))
        .transpose()?;
    let what = if format.preset.is_some() {
        "preset"
    } else {
        "format"
    };
    match (given, fixed) {
        (None, Some(game)) => Ok(Some(game)),
        (None, None) => {
            let shown = if format.preset.is_some() || format.shorthand.is_some() {
                name.clone()
            } else {
                format!("'{name}'")
            };
            anyhow::bail!(
                "the format {name} needs the game: give it before --io, e.g. grundy contest subtraction:1,3,4 --io {shown}"
            )
        }
        (Some(text), fixed) => {
            let game = crate::read_game(text)?;
            match fixed {
                Some(fixed) if fixed != game => anyhow::bail!(
                    "the {what} {name} is a problem about {fixed}, and {game} is another game: drop GAME, or give {fixed}"
                ),
                _ => Ok(Some(game)),
            }
        }
    }
}

/// The configuration of `contest --io` and `verify`: memory, time and the value limit.
pub fn config(
    max: Option<&str>,
    max_memory: Option<&str>,
    timeout: Option<&str>,
) -> anyhow::Result<Config> {
    let memory = match max_memory {
        Some(text) => crate::parse_size(text, "--max-memory")?,
        None => crate::default_max_memory(),
    };
    let mut config = Config::default().with_max_memory(memory)?;
    if let Some(text) = timeout {
        config = config.with_timeout(crate::parse_seconds(text, "--timeout")?);
    }
    if let Some(max) = max {
        let limit = crate::parse_count(max, "--max", 1, grundy::analysis::MAX_VALUES_LIMIT)?;
        config = config.with_max_values(limit)?;
    }
    Ok(config)
}

/// `grundy contest [GAME] --io FORMAT`: the judge's expected output for the input on stdin.
pub fn contest(
    format: &JudgeFormat,
    game: Option<&Game>,
    config: Config,
    observer: &TerminalObserver,
) -> anyhow::Result<()> {
    let analyzer = Analyzer::new(config).with_observer(observer);
    let input = crate::read_bounded(
        std::io::stdin().lock(),
        "the judge's input on stdin",
        crate::MAX_INPUT_BYTES,
    )
    .map_err(anyhow::Error::msg)?;
    let cases = read_judge(&input, format, game)
        .map_err(grundy::input::judge_format::JudgeInputError::into_input_error)?;
    let answers = analyzer.judge_each(&cases, format.output());
    observer.finish();
    let answers = answers?;
    crate::output::text(&output_text_each(format, &cases, &answers))?;
    let failed: Vec<(usize, &grundy::Error)> = cases
        .iter()
        .zip(&answers)
        .filter_map(|(case, answer)| answer.as_ref().err().map(|error| (case.line, error)))
        .collect();
    if failed.is_empty() {
        return Ok(());
    }
    for (line, error) in &failed {
        eprintln!("error: the case on line {line} of the input: {error}");
    }
    Err(UnansweredCases {
        failed: failed.len(),
        cases: cases.len(),
    }
    .into())
}

/// Some cases of a judge's input could not be answered (each is marked `?` in the output and
/// explained on stderr): exit status 2.
#[derive(Debug)]
pub struct UnansweredCases {
    failed: usize,
    cases: usize,
}

impl std::fmt::Display for UnansweredCases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} of the {} cases could not be answered: each is marked {} in the output, and why is above",
            self.failed,
            self.cases,
            grundy::render::judge::UNANSWERED
        )
    }
}

impl std::error::Error for UnansweredCases {}

/// What `verify --against` does: how many inputs, from which seed, with how much time each.
pub struct Trial<'a> {
    /// The user's command, run by `sh -c`.
    pub command: &'a str,
    /// How many test inputs.
    pub inputs: usize,
    /// The seed of the test inputs.
    pub seed: u64,
    /// The time each run may take.
    pub time_limit: Duration,
}

/// The program's output differs from grundy's on some input (reported on stdout; exit 1).
#[derive(Debug)]
pub struct Disagreement {
    /// Which input, from 1.
    pub input: usize,
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the program disagrees with grundy on test input {} (reported above)",
            self.input
        )
    }
}

impl std::error::Error for Disagreement {}

/// The most bytes of a program's output read per run.
const MAX_OUTPUT_BYTES: u64 = 64 << 20;

/// `grundy verify [GAME] --against CMD --io FORMAT`: runs CMD on generated inputs and compares
/// its output with grundy's answers.
pub fn verify_against(
    format: &JudgeFormat,
    game: Option<&Game>,
    config: Config,
    trial: &Trial<'_>,
    observer: &TerminalObserver,
) -> anyhow::Result<()> {
    let analyzer = Analyzer::new(config).with_observer(observer);
    let inputs = analyzer.test_inputs(format, game, trial.inputs, trial.seed)?;
    let mut cases_run = 0;
    let game_name = game.map_or_else(|| "the games of the input".to_owned(), ToString::to_string);
    for (index, test) in inputs.iter().enumerate() {
        let (input, cases) = (&test.text, &test.cases);
        let verdicts = analyzer.judge(cases, format.output())?;
        let expected = output_text(format, cases, &verdicts);
        let run = run(trial.command, input, trial.time_limit)?;
        let problem = match &run.ending {
            Ending::TimedOut => Some(format!(
                "it ran past the time limit of {} s",
                trial.time_limit.as_secs_f64()
            )),
            Ending::TooMuchOutput => Some(format!(
                "it wrote more than {} of output",
                grundy::budget::format_bytes(MAX_OUTPUT_BYTES)
            )),
            Ending::Exited(status) if !status.success() => Some(format!("it exited with {status}")),
            Ending::Exited(_) => first_difference(&expected, &run.stdout).map(|difference| {
                let show = |token: Option<&str>| {
                    token.map_or_else(|| "nothing (the output ends)".to_owned(), |t| format!("'{t}'"))
                };
                format!(
                    "token {} differs: expected {} (line {} of the expected output), got {} (line {} of its output)",
                    difference.token,
                    show(difference.expected.as_deref()),
                    difference.expected_line,
                    show(difference.actual.as_deref()),
                    difference.actual_line,
                )
            }),
        };
        if let Some(problem) = problem {
            observer.finish();
            crate::output::text(&failure_report(
                index + 1,
                trial,
                input,
                &expected,
                &run,
                &problem,
            ))?;
            return Err(Disagreement { input: index + 1 }.into());
        }
        cases_run += cases.len();
    }
    observer.finish();
    crate::output::text(&format!(
        "agreed: {} test inputs ({cases_run} cases) of {} for {game_name}, seed {}: `{}` printed grundy's answer every time\n",
        inputs.len(),
        format.name(),
        trial.seed,
        trial.command
    ))
}

/// The report of the first failing input.
fn failure_report(
    input_number: usize,
    trial: &Trial<'_>,
    input: &str,
    expected: &str,
    run: &Run,
    problem: &str,
) -> String {
    let mut report = format!(
        "disagreement on test input {input_number} of {} (seed {}): {problem}\n",
        trial.inputs, trial.seed
    );
    let section = |report: &mut String, title: &str, text: &str| {
        let _ = writeln!(report, "--- {title} ---");
        let lines: Vec<&str> = text.lines().collect();
        for line in lines.iter().take(60) {
            report.push_str(line);
            report.push('\n');
        }
        if lines.len() > 60 {
            let _ = writeln!(report, "… ({} more lines)", lines.len() - 60);
        }
    };
    section(&mut report, "input", input);
    section(&mut report, "expected output (grundy)", expected);
    section(&mut report, "actual output", &run.stdout);
    if !run.stderr.trim().is_empty() {
        section(&mut report, "its standard error", &run.stderr);
    }
    let _ = writeln!(
        report,
        "rerun: grundy's inputs are deterministic; the same --seed {} gives this input again",
        trial.seed
    );
    report
}

/// How a run ended.
enum Ending {
    Exited(std::process::ExitStatus),
    TimedOut,
    TooMuchOutput,
}

/// What a run of the user's program did.
struct Run {
    stdout: String,
    stderr: String,
    ending: Ending,
}

/// Runs `command` by `sh -c` in a process group of its own, with `input` on its stdin, for at
/// most `limit`; the whole group is killed when it ends or runs out of time (so no background
/// child keeps the pipes open).
fn run(command: &str, input: &str, limit: Duration) -> anyhow::Result<Run> {
    use std::os::unix::process::CommandExt as _;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("running `{command}` with sh -c"))?;
    let pid = child.id();
    let mut stdin = child.stdin.take().context("the program's stdin")?;
    let input = input.to_owned();
    // A program that exits without reading its input closes the pipe: not an error here.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let reader = |stream: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(stream) = stream {
                let _ = stream.take(MAX_OUTPUT_BYTES + 1).read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = reader(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
    );
    let stderr = reader(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
    );
    let started = Instant::now();
    let ending = loop {
        if let Some(status) = child.try_wait().context("waiting for the program")? {
            break Ending::Exited(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break Ending::TimedOut;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    // The group may hold children of the shell that still hold the pipes: end them all.
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pid}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let _ = writer.join();
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    let ending = if stdout.len() as u64 > MAX_OUTPUT_BYTES {
        Ending::TooMuchOutput
    } else {
        ending
    };
    Ok(Run {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        ending,
    })
}
