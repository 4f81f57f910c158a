//! `grundy campaign`: a family of games computed into a database (`new`, `run`), followed
//! (`status`), published (`export`, `equivalences`) and re-checked (`verify`). The work is the
//! `grundy_campaign` library's; this file reads the options and prints.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};

use grundy_campaign::store;
use std::time::Duration;

use clap::{Args, Subcommand, ValueEnum};
use grundy_campaign::export::Format;
use grundy_campaign::{Budget, Event, Progress, RunPlan, Store, render};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::options::{default_max_memory, parse_count, parse_seconds, parse_size};
use crate::progress::TerminalObserver;

/// The default budget of values a game: 2^20.
const DEFAULT_VALUES: &str = "2^20";

/// The subcommands of `grundy campaign`.
#[derive(Subcommand, Debug)]
pub(crate) enum CampaignCommand {
    /// Create a campaign: its games and each game's budget, in a new SQLite file or an empty
    /// PostgreSQL schema.
    New(NewArgs),
    /// Compute the campaign's games, continuing where it stopped; other processes — on this
    /// machine, or with PostgreSQL on any — may run it at the same time and share the games.
    Run(RunArgs),
    /// How far the campaign has come: games by status, rate, time left, games running.
    Status {
        /// The campaign: its SQLite file, or a postgres:// URL.
        database: String,
        /// Print JSON on stdout instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Raise the budget of values a game, and queue again every open or observed game computed
    /// to fewer: each resumes from its checkpoint.
    Extend {
        /// The campaign: its SQLite file, or a postgres:// URL.
        database: String,
        /// The new budget of values a game (at least the campaign's).
        #[arg(long, value_name = "L")]
        max: String,
    },
    /// Write the campaign's table: Markdown, HTML, CSV, or JSON with every certificate.
    Export(ExportArgs),
    /// List the games that play as an earlier game of the campaign, perhaps on shifted heaps.
    Equivalences {
        /// The campaign: its SQLite file, or a postgres:// URL.
        database: String,
        /// Print JSON on stdout instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Re-check every certificate of an exported table (JSON) or of a campaign's database;
    /// exit 1 if one does not hold.
    Verify {
        /// The table (`grundy campaign export --format json`), or a campaign (its SQLite file or
        /// postgres:// URL).
        table: String,
        /// Print JSON on stdout instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// The options of `grundy campaign new`.
#[derive(Args, Debug)]
pub(crate) struct NewArgs {
    /// The campaign: a new SQLite file (an existing file is refused), or a postgres:// URL
    /// whose schema holds no campaign yet.
    pub database: String,
    /// Games by their specs, e.g. 0.77 4!.0 subtraction:2,5,7.
    pub games: Vec<String>,
    #[command(flatten)]
    pub survey: crate::survey::SurveyArgs,
    /// Also every subtraction set with 1 to SIZE members, each from 1 to MAX.
    #[arg(long, value_name = "SIZE,MAX")]
    pub subtraction: Option<String>,
    /// The most values computed for one game.
    #[arg(long, value_name = "L", default_value = DEFAULT_VALUES)]
    pub max: String,
    /// The most seconds one game may take (default: no limit); a game stopped by it is open.
    #[arg(long, value_name = "SECONDS")]
    pub game_timeout: Option<String>,
    /// The most memory one game may hold, e.g. 2G (default: the running worker's share).
    #[arg(long, value_name = "SIZE")]
    pub game_memory: Option<String>,
    /// The campaign's name, the title of its tables (default: the file's name).
    #[arg(long)]
    pub name: Option<String>,
}

/// The options of `grundy campaign run`.
#[derive(Args, Debug)]
pub(crate) struct RunArgs {
    /// The campaign: its SQLite file, or a postgres:// URL.
    pub database: String,
    /// Games computed at once by this process (default: every core).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Threads for one game's values (default 1: whole games keep the cores busy).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// The most memory this process's games hold together, divided among its workers
    /// (default: half of what grundy may use).
    #[arg(long, value_name = "SIZE")]
    pub max_memory: Option<String>,
    /// Seconds a game stays with a worker that stops renewing it (a killed process on another
    /// machine); a killed process on this machine gives its games back at once.
    #[arg(long, value_name = "SECONDS", default_value = "120")]
    pub lease: String,
    /// Stop when nothing is left to claim, instead of waiting for the games other processes
    /// hold.
    #[arg(long)]
    pub no_wait: bool,
    /// Seconds between checkpoints of a game in flight (its values, saved in the campaign; also
    /// saved when it is stopped and when it ends open): what a killed worker loses at most.
    #[arg(long, value_name = "SECONDS", default_value = "120")]
    pub checkpoint_every: String,
}

/// The options of `grundy campaign export`.
#[derive(Args, Debug)]
pub(crate) struct ExportArgs {
    /// The campaign: its SQLite file, or a postgres:// URL.
    pub database: String,
    /// The table's format.
    #[arg(long, value_enum, default_value_t = FormatName::Markdown)]
    pub format: FormatName,
    /// Write the table to this new file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Replace --out's file when it exists.
    #[arg(long)]
    pub force: bool,
}

/// The formats of `grundy campaign export`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum FormatName {
    /// Markdown tables, one per status.
    Markdown,
    /// A standalone HTML page.
    Html,
    /// One row per game.
    Csv,
    /// Every game with its report and certificate (what `verify` reads).
    Json,
}

/// Runs a `grundy campaign` subcommand.
pub(crate) fn run(command: &CampaignCommand, observer: &TerminalObserver) -> anyhow::Result<()> {
    match command {
        CampaignCommand::New(args) => new(args),
        CampaignCommand::Run(args) => run_games(args, observer),
        CampaignCommand::Status { database, json } => status(database, *json),
        CampaignCommand::Extend { database, max } => extend(database, max),
        CampaignCommand::Export(args) => export(args),
        CampaignCommand::Equivalences { database, json } => equivalences(database, *json),
        CampaignCommand::Verify { table, json } => verify(table, *json, observer),
    }
}

fn new(args: &NewArgs) -> anyhow::Result<()> {
    let max = parse_count(&args.max, "--max", 1, grundy::limits::MAX_VALUES_LIMIT)?;
    let time = args
        .game_timeout
        .as_deref()
        .map(|text| parse_seconds(text, "--game-timeout"))
        .transpose()?;
    let memory = args
        .game_memory
        .as_deref()
        .map(|text| parse_size(text, "--game-memory"))
        .transpose()?;
    let mut games = if args.games.is_empty() && !args.survey.names_games() {
        Vec::new()
    } else {
        crate::survey::games(&args.games, &args.survey)?
    };
    if let Some(text) = &args.subtraction {
        let (size, most) = subtraction_family(text)?;
        games.extend(grundy_campaign::games::subtraction_sets(size, most)?);
    }
    if games.is_empty() {
        anyhow::bail!(
            "a campaign needs games: give specs, --octal-codes K, --hex-codes K, --subtraction SIZE,MAX or --codes FILE"
        );
    }
    let name = args.name.clone().unwrap_or_else(|| {
        let stem = if store::is_postgres(&args.database) {
            None
        } else {
            Path::new(&args.database).file_stem()
        };
        stem.map_or_else(
            || "campaign".to_owned(),
            |stem| stem.to_string_lossy().into_owned(),
        )
    });
    let budget = Budget {
        max_values: max,
        time,
        memory,
    };
    let (_, count) =
        store::create(&args.database, &name, &games, &budget).map_err(|error| match error {
            grundy_campaign::CampaignError::Unbounded { most, .. } => anyhow::Error::new(error)
                .context(format!(
                    "give --max {most} or less, or --game-timeout SECONDS"
                )),
            error => error.into(),
        })?;
    let repeated = games.len() - count;
    crate::output::line(&render::created_line(&args.database, count, max, repeated))
}

/// `--subtraction SIZE,MAX`.
fn subtraction_family(text: &str) -> Result<(usize, u64), grundy::InputError> {
    let error = |span: std::ops::Range<usize>, message: String| grundy::InputError {
        what: "--subtraction",
        text: text.to_owned(),
        span,
        message,
        hint: Some("--subtraction 3,10 takes every set of 1 to 3 members from 1 to 10".to_owned()),
    };
    let Some((size, most)) = text.split_once(',') else {
        return Err(error(0..text.len(), "expected SIZE,MAX".to_owned()));
    };
    let size = size
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|&size| size >= 1)
        .ok_or_else(|| error(0..size.len(), "expected a size of at least 1".to_owned()))?;
    let start = text.len() - most.len();
    let most = most
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|&most| most >= 1)
        .ok_or_else(|| {
            error(
                start..text.len(),
                "expected a largest member of at least 1".to_owned(),
            )
        })?;
    Ok((size, most))
}

fn run_games(args: &RunArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    let address = args.database.as_str();
    let mut campaign = store::open(address)?;
    let lease = parse_seconds(&args.lease, "--lease")?;
    let memory = match &args.max_memory {
        Some(text) => parse_size(text, "--max-memory")?,
        None => default_max_memory(),
    };
    let workers = match args.workers {
        Some(0) => anyhow::bail!("--workers must be at least 1"),
        Some(workers) => workers,
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    };
    let plan = RunPlan {
        workers,
        config: grundy::Config::default()
            .with_threads(args.threads)?
            .with_max_memory(memory)?,
        lease,
        wait: !args.no_wait,
        checkpoint_every: parse_seconds(&args.checkpoint_every, "--checkpoint-every")?,
    };
    let start = campaign.progress()?;
    let bar = GameBar::start(&start);
    let events = |event: Event| bar.event(&event);
    let result = grundy_campaign::run(|| store::open(address), &plan, observer, &events);
    bar.finish();
    let summary = match result {
        Ok(summary) => summary,
        Err(error @ grundy_campaign::CampaignError::Interrupted { .. }) => {
            return Err(anyhow::Error::new(error).context(format!(
                "stopped; grundy campaign run {} continues",
                store::redacted(address)
            )));
        }
        Err(error) => return Err(error.into()),
    };
    let progress = campaign.progress()?;
    crate::output::line(&render::finished_line(&summary, &progress))
}

/// The bar of a run on a terminal, or a line per finished game on stderr otherwise.
struct GameBar {
    bar: Option<ProgressBar>,
}

impl GameBar {
    fn start(progress: &Progress) -> Self {
        if !std::io::stderr().is_terminal() {
            return Self { bar: None };
        }
        let bar = ProgressBar::with_draw_target(Some(progress.total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} {pos}/{len} games [{bar:30}] {per_sec} ETA {eta} {msg} (Ctrl-C stops)",
            )
            .expect("the template is valid")
            .progress_chars("=> "),
        );
        bar.set_position(progress.finished());
        bar.enable_steady_tick(Duration::from_millis(200));
        Self { bar: Some(bar) }
    }

    fn event(&self, event: &Event) {
        match (&self.bar, event) {
            (Some(bar), Event::Finished { spec, state, .. }) => {
                bar.inc(1);
                bar.set_message(format!("{spec}: {}", state.name()));
            }
            (Some(bar), Event::Claimed { spec, .. }) => bar.set_message(format!("{spec} …")),
            (Some(_), _) => {}
            (None, event) => {
                if let Some(line) = render::event_line(event) {
                    eprintln!("{line}");
                }
            }
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn status(address: &str, json: bool) -> anyhow::Result<()> {
    let mut store = store::open(address)?;
    let (settings, progress) = (store.settings()?, store.progress()?);
    if json {
        return crate::output::print_json(&render::status_json(&settings, &progress));
    }
    let place = store::redacted(address);
    let bar = std::io::stdout().is_terminal();
    crate::output::text(&render::status_text(&settings, &place, &progress, bar))
}

fn extend(address: &str, max: &str) -> anyhow::Result<()> {
    let max = parse_count(max, "--max", 1, grundy::limits::MAX_VALUES_LIMIT)?;
    let mut store = store::open(address)?;
    let queued = store.extend(max).map_err(|error| match error {
        grundy_campaign::CampaignError::Lowered { current, .. } => {
            anyhow::Error::new(error).context(format!("--max must be at least {current}"))
        }
        error => error.into(),
    })?;
    crate::output::line(&render::extended_line(address, max, queued))
}

fn export(args: &ExportArgs) -> anyhow::Result<()> {
    let mut store = store::open(&args.database)?;
    let rows = store.rows()?;
    let equivalences = grundy_campaign::equivalence::find(&rows);
    let format = match args.format {
        FormatName::Markdown => Format::Markdown,
        FormatName::Html => Format::Html,
        FormatName::Csv => Format::Csv,
        FormatName::Json => Format::Json,
    };
    let text = grundy_campaign::export::export(&store.settings()?, &rows, &equivalences, format);
    match &args.out {
        None => crate::output::text(&text),
        Some(path) => crate::options::write_new_file(path, &text, args.force),
    }
}

fn equivalences(address: &str, json: bool) -> anyhow::Result<()> {
    let rows = store::open(address)?.rows()?;
    let found = grundy_campaign::equivalence::find(&rows);
    if json {
        return crate::output::print_json(&render::equivalences_json(&found));
    }
    crate::output::text(&render::equivalences_text(&found))
}

fn verify(table: &str, json: bool, observer: &TerminalObserver) -> anyhow::Result<()> {
    let document = grundy_campaign::verify::table(table)?;
    let config = grundy::Config::default().with_max_memory(default_max_memory())?;
    let checks = grundy_campaign::verify::verify(&document, config, observer);
    observer.finish();
    let checks = checks?;
    if json {
        crate::output::print_json(&render::verification_json(&checks))?;
    } else {
        crate::output::text(&render::verification_text(&checks))?;
    }
    if render::failures(&checks) > 0 {
        return Err(crate::Disagreed.into());
    }
    Ok(())
}
