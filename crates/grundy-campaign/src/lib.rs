//! Research campaigns: a whole family of games — every octal code of up to `K` digits, every
//! subtraction set up to a size and a maximum, a list of specs — each computed until its period
//! is certified or its budget of values is spent, with every result kept in a database.
//!
//! A campaign lives in a [`Store`] (one SQLite file, [`SqliteStore`]). [`run`] starts workers that
//! claim games one at a time under a lease, compute each with [`grundy::Analyzer::period`] within
//! the game's budget, and write its [`Record`]: the status, the period and its certificate (the
//! JSON document `grundy period --json` prints, re-checkable), the largest value, the rare values
//! of the best sparse split, how far it was computed, the time it took and the version of grundy.
//! A worker killed at any moment loses only the game it held: the game goes back to the queue when
//! its lease runs out, or at once when its process is known to be gone. Several processes share a
//! campaign by claiming different games.
//!
//! The finished rows are typed data ([`Row`]); [`export`] renders them as the tables researchers
//! publish (Markdown, HTML, CSV, JSON with certificates), [`equivalence`] finds games that share a
//! sequence (perhaps shifted), and [`verify`] re-checks every certificate of an exported table.
//!
//! # Example
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use grundy_campaign::{Budget, RunPlan, SqliteStore, State, Store};
//! let directory = tempfile::tempdir()?;
//! let path = directory.path().join("codes.sqlite");
//! let games = grundy_campaign::games::octal_codes(1)?;
//! SqliteStore::create(&path, "one-digit codes", &games, &Budget::values(1 << 12))?;
//! let summary = grundy_campaign::run(
//!     || SqliteStore::open(&path),
//!     &RunPlan::default(),
//!     &grundy::NoObserver,
//!     &|_| {},
//! )?;
//! assert_eq!(summary.finished, 7);
//! let rows = SqliteStore::open(&path)?.rows()?;
//! let officers = rows.iter().find(|row| row.spec == "0.6").ok_or("0.6")?;
//! assert_eq!(officers.state, State::Open); // Officers: no period is known
//! # Ok(()) }
//! ```

mod checkpoint;
pub mod equivalence;
pub mod export;
pub mod games;
mod record;
pub mod render;
pub mod store;
pub mod verify;
mod worker;

pub use checkpoint::{Checkpoint, CheckpointInfo};
pub use record::{FINGERPRINT_MOST, Fingerprints, MAX_SHIFT, Record, SparseSplit};
pub use store::postgres::PostgresStore;
pub use store::sqlite::SqliteStore;
pub use store::{Budget, Claim, Progress, Row, Running, State, Store, WorkerId};
pub use worker::{Event, RunPlan, RunSummary, run};

/// The version of grundy that computes a campaign's games, recorded in every row.
pub const GRUNDY_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Everything that can go wrong with a campaign.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CampaignError {
    /// The database refused a statement, or cannot be opened. (Not a `source`: SQLite's own
    /// message says it all, and a chain would repeat it.)
    #[error("the campaign database: {0}")]
    Database(rusqlite::Error),
    /// The database file exists, and a new campaign would replace it.
    #[error("{path} exists: a new campaign never replaces a file")]
    Exists {
        /// The file.
        path: String,
    },
    /// The file is not a campaign database of a version this grundy reads.
    #[error("{path} is not a grundy campaign ({why})")]
    NotACampaign {
        /// The file.
        path: String,
        /// What is wrong with it.
        why: String,
    },
    /// The PostgreSQL database refused a statement, or cannot be reached.
    #[error("the campaign database: {}", postgres_message(.0))]
    Postgres(postgres::Error),
    /// A stored value does not fit what grundy reads (a row edited by hand, or damaged).
    #[error("the campaign's row for {spec} is damaged: {why}")]
    Damaged {
        /// The game of the row.
        spec: String,
        /// What is wrong with it.
        why: String,
    },
    /// A budget of no values: no game could be computed.
    #[error("a campaign's games need a budget of at least one value")]
    EmptyBudget,
    /// Games that leave three heaps, each value costing `O(n²)`, with a budget of values they
    /// would take years to reach and no time limit.
    #[error(
        "{game} leaves three heaps: each value costs the square of its heap, and {values} values would take years; give a budget of at most {most} values, or a time limit a game"
    )]
    Unbounded {
        /// The first such game.
        game: String,
        /// The budget asked for.
        values: u64,
        /// The most values such a game may compute without a time limit.
        most: u64,
    },
    /// A budget below the campaign's: the games finished would not agree with it.
    #[error(
        "the campaign's budget is {current} values a game; it can be raised, not lowered to {asked}"
    )]
    Lowered {
        /// The campaign's budget.
        current: u64,
        /// The budget asked for.
        asked: u64,
    },
    /// A campaign needs at least one game, and at most this many.
    #[error("a campaign holds 1 to {most} games; this one would hold {games}")]
    Size {
        /// Games asked for.
        games: usize,
        /// The most a campaign holds.
        most: usize,
    },
    /// A question grundy answers with an error of its own (a bad setting, a game that cannot
    /// be computed).
    #[error(transparent)]
    Grundy(#[from] grundy::Error),
    /// An exported table does not parse.
    #[error("the exported table: {0}")]
    Table(String),
    /// Interrupted (Ctrl-C, SIGTERM): the games finished are kept, the game in flight was
    /// handed back.
    #[error(
        "interrupted with {finished} games finished in this run; the games in flight went back to the queue"
    )]
    Interrupted {
        /// Games this run finished.
        finished: u64,
    },
}

/// A PostgreSQL error with what the server or the connection said (its own `Display` says only
/// "db error" or "error connecting to server").
fn postgres_message(error: &postgres::Error) -> String {
    if let Some(database) = error.as_db_error() {
        return database.to_string();
    }
    match std::error::Error::source(error) {
        Some(source) => format!("{error}: {source}"),
        None => error.to_string(),
    }
}

impl From<postgres::Error> for CampaignError {
    fn from(error: postgres::Error) -> Self {
        Self::Postgres(error)
    }
}

impl From<rusqlite::Error> for CampaignError {
    fn from(error: rusqlite::Error) -> Self {
        Self::Database(error)
    }
}
