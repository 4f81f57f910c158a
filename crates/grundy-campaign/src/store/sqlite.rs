//! A campaign in one SQLite file, in WAL mode: any number of processes on one machine open it,
//! each claim is one immediate transaction, and a process killed at any moment leaves the file
//! whole (SQLite's journal), its games held under leases that run out.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension as _, TransactionBehavior, params};

use super::columns::{self, COLUMNS, Cell, Kind, count, int};
use super::{Budget, Claim, Progress, Row, Running, Settings, State, Store, WorkerId, now};
use crate::{CampaignError, Checkpoint, CheckpointInfo, Record};

use super::columns::SCHEMA_VERSION;

/// How long a statement waits for another process's write to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

/// The tables: the campaign's settings, one row per game (its claim, then its record, and the
/// description of its checkpoint), and the checkpoints' values.
fn schema() -> String {
    format!(
        "
CREATE TABLE campaign (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    schema_version INTEGER NOT NULL,
    name TEXT NOT NULL,
    created INTEGER NOT NULL,
    max_values INTEGER NOT NULL,
    game_seconds REAL,
    game_memory INTEGER
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    spec TEXT NOT NULL UNIQUE,
    worker TEXT,
    lease_until INTEGER,
    started_at INTEGER,
    finished_at INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    checkpoint TEXT,
    {}
);
CREATE INDEX games_by_state ON games (state, id);
CREATE TABLE checkpoints (
    game INTEGER PRIMARY KEY REFERENCES games (id),
    data BLOB NOT NULL
);
",
        columns::definitions("INTEGER", "REAL", "TEXT")
    )
}

impl rusqlite::ToSql for Cell {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            Cell::Integer(value) => value.to_sql(),
            Cell::Real(value) => value.to_sql(),
            Cell::Text(value) => value.to_sql(),
        }
    }
}

/// A campaign in a SQLite file.
pub struct SqliteStore {
    connection: Connection,
    path: String,
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStore")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// Milliseconds since the Unix epoch (leases).
fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
        })
}

impl SqliteStore {
    /// Creates the campaign `name` of `games`, each within `budget`, in a new file at `path`;
    /// a game listed twice is kept once, at its first place. Returns the store and the number of
    /// games.
    ///
    /// # Complexity
    /// `O(G)` inserts in one transaction.
    ///
    /// # Errors
    /// [`CampaignError::Exists`] if `path` exists (a campaign never replaces a file);
    /// [`CampaignError::EmptyBudget`] for a budget of 0 values, [`CampaignError::Unbounded`]
    /// for games that leave three heaps with a budget past
    /// [`MAX_THREE_HEAP_VALUES`](super::MAX_THREE_HEAP_VALUES) and no time limit;
    /// [`CampaignError::Size`] for no game or more than
    /// [`MAX_GAMES`](crate::games::MAX_GAMES); [`CampaignError::Database`] if the file cannot
    /// be written.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy_campaign::{Budget, SqliteStore, Store};
    /// let directory = tempfile::tempdir()?;
    /// let path = directory.path().join("c.sqlite");
    /// let games = [grundy::parse_game("0.77")?, grundy::parse_game("0.77")?];
    /// let (mut store, count) = SqliteStore::create(&path, "kayles", &games, &Budget::values(1000))?;
    /// assert_eq!((count, store.progress()?.total), (1, 1));
    /// assert!(SqliteStore::create(&path, "again", &games, &Budget::values(1000)).is_err());
    /// # Ok(()) }
    /// ```
    pub fn create(
        path: &Path,
        name: &str,
        games: &[grundy::Game],
        budget: &Budget,
    ) -> Result<(Self, usize), CampaignError> {
        super::check_new(games, budget)?;
        let shown = path.display().to_string();
        // The file is made here, atomically, so that no existing file is ever opened for writing.
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|error| match error.kind() {
                std::io::ErrorKind::AlreadyExists => CampaignError::Exists {
                    path: shown.clone(),
                },
                _ => CampaignError::NotACampaign {
                    path: shown.clone(),
                    why: format!("it cannot be created: {error}"),
                },
            })?;
        Self::fill(path, name, games, budget).inspect_err(|_| {
            // The file is this call's own, new and unfinished: nothing else can hold it.
            let _ = std::fs::remove_file(path);
        })
    }

    /// The tables and games of a new campaign, in the empty file at `path`.
    fn fill(
        path: &Path,
        name: &str,
        games: &[grundy::Game],
        budget: &Budget,
    ) -> Result<(Self, usize), CampaignError> {
        let mut store = Self::connect(path)?;
        let transaction = store.connection.transaction()?;
        transaction.execute_batch(&schema())?;
        transaction.execute(
            "INSERT INTO campaign (id, schema_version, name, created, max_values, game_seconds, game_memory)
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                SCHEMA_VERSION,
                name,
                int(now()),
                int(budget.max_values),
                budget.time.map(|time| time.as_secs_f64()),
                budget.memory.and_then(int),
            ],
        )?;
        let mut inserted = 0;
        {
            let mut insert =
                transaction.prepare("INSERT OR IGNORE INTO games (spec) VALUES (?1)")?;
            for game in games {
                inserted += insert.execute([game.to_string()])?;
            }
        }
        transaction.commit()?;
        Ok((store, inserted))
    }

    /// Opens the campaign in the file at `path`.
    ///
    /// # Errors
    /// [`CampaignError::NotACampaign`] if the file is missing or holds no campaign of this
    /// version; [`CampaignError::Database`] if it cannot be read.
    pub fn open(path: &Path) -> Result<Self, CampaignError> {
        let shown = path.display().to_string();
        if !path.is_file() {
            return Err(CampaignError::NotACampaign {
                path: shown,
                why: "no such file".to_owned(),
            });
        }
        let not_a_campaign = |error: CampaignError| CampaignError::NotACampaign {
            path: shown.clone(),
            why: error.to_string(),
        };
        let mut store = Self::connect(path).map_err(not_a_campaign)?;
        let version = store
            .version()
            .map_err(|error| CampaignError::NotACampaign {
                path: shown.clone(),
                why: format!("it has no campaign table: {error}"),
            })?;
        if version == Some(1) {
            store.upgrade_from_1()?;
        }
        columns::check_version(store.version()?, shown)?;
        Ok(store)
    }

    /// The version of the file's tables (`None` without a settings row).
    fn version(&self) -> Result<Option<i64>, rusqlite::Error> {
        self.connection
            .query_row(
                "SELECT schema_version FROM campaign WHERE id = 1",
                [],
                |row| row.get(0),
            )
            .optional()
    }

    /// Adds what version 2 has to a campaign of version 1, in one transaction (another process
    /// that upgraded it first leaves nothing to do).
    fn upgrade_from_1(&mut self) -> Result<(), CampaignError> {
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: i64 = transaction.query_row(
            "SELECT schema_version FROM campaign WHERE id = 1",
            [],
            |row| row.get(0),
        )?;
        if version == 1 {
            transaction.execute_batch(&columns::upgrade_from_1(
                "games",
                "checkpoints",
                "INTEGER",
                "BLOB",
            ))?;
            transaction.execute(
                "UPDATE campaign SET schema_version = ?1 WHERE id = 1",
                [SCHEMA_VERSION],
            )?;
        }
        transaction.commit()?;
        Ok(())
    }

    /// A connection in WAL mode that waits for other writers.
    fn connect(path: &Path) -> Result<Self, CampaignError> {
        let connection = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        connection.busy_timeout(BUSY_TIMEOUT)?;
        // WAL: readers do not block the writer. NORMAL: a transaction survives the process
        // being killed (not a power cut, which may lose the last ones: they are recomputed).
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        Ok(Self {
            connection,
            path: path.display().to_string(),
        })
    }

    /// The record of a finished row.
    fn record(row: &rusqlite::Row<'_>, spec: &str) -> Result<Record, CampaignError> {
        let cells = COLUMNS
            .iter()
            .map(|&(name, kind)| {
                Ok(match kind {
                    Kind::Integer => Cell::Integer(row.get(name)?),
                    Kind::Real => Cell::Real(row.get(name)?),
                    Kind::Text => Cell::Text(row.get(name)?),
                })
            })
            .collect::<Result<Vec<_>, rusqlite::Error>>()?;
        columns::record(cells, spec)
    }
}

/// The values of the checkpoint saved for the game `claim` names (0 for none), if
/// `worker` holds it; `None` when it was taken over.
fn held_checkpoint(
    transaction: &rusqlite::Transaction<'_>,
    worker: &WorkerId,
    claim: &Claim,
) -> Result<Option<u64>, CampaignError> {
    let held: Option<Option<String>> = transaction
        .query_row(
            "SELECT checkpoint FROM games WHERE id = ?1 AND state = 'running' AND worker = ?2",
            params![claim.id, worker.as_str()],
            |row| row.get(0),
        )
        .optional()?;
    Ok(held.map(|description| super::stored_values(description.as_deref(), &claim.spec)))
}

/// Writes `checkpoint` for the game `claim` names, unless the one saved holds as many values
/// (`stored`) or more.
fn write_checkpoint(
    transaction: &rusqlite::Transaction<'_>,
    claim: &Claim,
    stored: u64,
    checkpoint: &Checkpoint,
) -> Result<(), CampaignError> {
    if checkpoint.info.values <= stored {
        return Ok(());
    }
    transaction.execute(
        "INSERT INTO checkpoints (game, data) VALUES (?1, ?2)
         ON CONFLICT (game) DO UPDATE SET data = excluded.data",
        params![claim.id, checkpoint.data],
    )?;
    transaction.execute(
        "UPDATE games SET checkpoint = ?1 WHERE id = ?2",
        params![checkpoint.info.to_text(), claim.id],
    )?;
    Ok(())
}

impl Store for SqliteStore {
    fn settings(&mut self) -> Result<Settings, CampaignError> {
        let (name, created, max_values, game_seconds, game_memory) = self.connection.query_row(
            "SELECT name, created, max_values, game_seconds, game_memory FROM campaign WHERE id = 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?)),
        )?;
        columns::settings(name, created, max_values, game_seconds, game_memory)
    }

    fn claim(
        &mut self,
        worker: &WorkerId,
        lease: Duration,
    ) -> Result<Option<Claim>, CampaignError> {
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        // Games held by processes of this machine that are gone go back to the queue at once.
        let holders: Vec<String> = transaction
            .prepare(
                "SELECT DISTINCT worker FROM games WHERE state = 'running' AND worker IS NOT NULL",
            )?
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        for holder in super::gone(holders) {
            transaction.execute(
                "UPDATE games SET state = 'queued', worker = NULL, lease_until = NULL
                 WHERE state = 'running' AND worker = ?1",
                [&holder],
            )?;
        }
        let now = now_millis();
        let next: Option<(i64, String, u32)> = transaction
            .query_row(
                "SELECT id, spec, attempts FROM games
                 WHERE state = 'queued' OR (state = 'running' AND lease_until < ?1)
                 ORDER BY id LIMIT 1",
                [now],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .optional()?;
        let Some((id, spec, attempts)) = next else {
            transaction.commit()?;
            return Ok(None);
        };
        let until = now.saturating_add(i64::try_from(lease.as_millis()).unwrap_or(i64::MAX));
        transaction.execute(
            "UPDATE games SET state = 'running', worker = ?1, lease_until = ?2,
                 attempts = attempts + 1, started_at = ?3
             WHERE id = ?4",
            params![worker.as_str(), until, now, id],
        )?;
        transaction.commit()?;
        Ok(Some(Claim {
            id,
            spec,
            attempts: attempts.saturating_add(1),
        }))
    }

    fn renew(&mut self, process: &str, lease: Duration) -> Result<u64, CampaignError> {
        let until =
            now_millis().saturating_add(i64::try_from(lease.as_millis()).unwrap_or(i64::MAX));
        let renewed = self.connection.execute(
            "UPDATE games SET lease_until = ?1
             WHERE state = 'running' AND substr(worker, 1, length(?2) + 1) = ?2 || '#'",
            params![until, process],
        )?;
        Ok(renewed as u64)
    }

    fn finish(
        &mut self,
        worker: &WorkerId,
        claim: &Claim,
        record: &Record,
        checkpoint: Option<&Checkpoint>,
    ) -> Result<bool, CampaignError> {
        let mut cells = columns::cells(record, &claim.spec)?;
        let n = cells.len();
        cells.extend([
            Cell::Integer(Some(now_millis())),
            Cell::Integer(Some(claim.id)),
            Cell::Text(Some(worker.as_str().to_owned())),
        ]);
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let Some(stored) = held_checkpoint(&transaction, worker, claim)? else {
            return Ok(false);
        };
        transaction.execute(
            &format!(
                "UPDATE games SET {}, worker = NULL, lease_until = NULL, finished_at = ?{}
                 WHERE id = ?{} AND state = 'running' AND worker = ?{}",
                columns::assignments('?'),
                n + 1,
                n + 2,
                n + 3
            ),
            rusqlite::params_from_iter(cells.iter()),
        )?;
        match checkpoint {
            Some(checkpoint) => write_checkpoint(&transaction, claim, stored, checkpoint)?,
            None if record.state == State::Certified => {
                transaction.execute("DELETE FROM checkpoints WHERE game = ?1", [claim.id])?;
                transaction.execute(
                    "UPDATE games SET checkpoint = NULL WHERE id = ?1",
                    [claim.id],
                )?;
            }
            None => {}
        }
        transaction.commit()?;
        Ok(true)
    }

    fn save_checkpoint(
        &mut self,
        worker: &WorkerId,
        claim: &Claim,
        checkpoint: &Checkpoint,
    ) -> Result<bool, CampaignError> {
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let Some(stored) = held_checkpoint(&transaction, worker, claim)? else {
            return Ok(false);
        };
        write_checkpoint(&transaction, claim, stored, checkpoint)?;
        transaction.commit()?;
        Ok(true)
    }

    fn checkpoint(&mut self, claim: &Claim) -> Result<Option<Checkpoint>, CampaignError> {
        let found: Option<(Option<String>, Vec<u8>)> = self
            .connection
            .query_row(
                "SELECT games.checkpoint, checkpoints.data
                 FROM games JOIN checkpoints ON checkpoints.game = games.id
                 WHERE games.id = ?1",
                [claim.id],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        found
            .map(|(description, data)| {
                let description = description.unwrap_or_default();
                Ok(Checkpoint {
                    info: CheckpointInfo::from_text(&description, &claim.spec)?,
                    data,
                })
            })
            .transpose()
    }

    fn extend(&mut self, max_values: u64) -> Result<u64, CampaignError> {
        super::check_values(max_values)?;
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let current: Option<i64> =
            transaction.query_row("SELECT max_values FROM campaign WHERE id = 1", [], |row| {
                row.get(0)
            })?;
        let current = count(current).unwrap_or(0);
        if max_values < current {
            return Err(CampaignError::Lowered {
                current,
                asked: max_values,
            });
        }
        let max_values = int(max_values);
        transaction.execute(
            "UPDATE campaign SET max_values = ?1 WHERE id = 1",
            [max_values],
        )?;
        let queued = transaction.execute(
            "UPDATE games SET state = 'queued', worker = NULL, lease_until = NULL, attempts = 0
             WHERE state IN ('open', 'observed') AND coalesce(computed_to, 0) < ?1",
            [max_values],
        )?;
        transaction.commit()?;
        Ok(queued as u64)
    }

    fn release(&mut self, worker: &WorkerId, claim: &Claim) -> Result<(), CampaignError> {
        // An orderly stop is not an attempt that failed.
        self.connection.execute(
            "UPDATE games SET state = 'queued', worker = NULL, lease_until = NULL,
                 attempts = max(attempts - 1, 0)
             WHERE id = ?1 AND state = 'running' AND worker = ?2",
            params![claim.id, worker.as_str()],
        )?;
        Ok(())
    }

    fn progress(&mut self) -> Result<Progress, CampaignError> {
        let mut progress = Progress::default();
        let mut statement = self
            .connection
            .prepare("SELECT state, count(*), total(seconds) FROM games GROUP BY state")?;
        let mut rows = statement.query([])?;
        while let Some(row) = rows.next()? {
            let name: String = row.get(0)?;
            let games = count(row.get(1)?).unwrap_or(0);
            progress.total += games;
            // A game queued again (extend) keeps its old seconds until it finishes anew, with
            // them counted in its new record: only finished games' seconds are spent.
            if State::from_name(&name).is_some_and(State::is_finished) {
                progress.seconds += row.get::<_, f64>(2)?;
            }
            if let Some(i) = State::ALL.iter().position(|state| state.name() == name) {
                progress.counts[i] += games;
            }
        }
        let (first, last): (Option<i64>, Option<i64>) = self.connection.query_row(
            "SELECT min(started_at), max(finished_at) FROM games
             WHERE finished_at IS NOT NULL AND state NOT IN ('queued', 'running')",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        if let (Some(first), Some(last)) = (first, last) {
            progress.wall_seconds = last.saturating_sub(first).max(0) as f64 / 1000.0;
        }
        let now = now_millis();
        progress.running = self
            .connection
            .prepare(
                "SELECT spec, worker, started_at, checkpoint FROM games
                 WHERE state = 'running' ORDER BY id",
            )?
            .query_map([], |row| {
                let spec: String = row.get(0)?;
                let started: Option<i64> = row.get(2)?;
                let description: Option<String> = row.get(3)?;
                Ok(Running {
                    saved: super::stored_values(description.as_deref(), &spec),
                    spec,
                    worker: row.get::<_, Option<String>>(1)?.unwrap_or_default(),
                    seconds: count(started.map(|started| now.saturating_sub(started) / 1000))
                        .unwrap_or(0),
                })
            })?
            .collect::<Result<_, _>>()?;
        let (games, bytes): (i64, f64) = self.connection.query_row(
            "SELECT count(*), total(length(data)) FROM checkpoints",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        progress.checkpoints = (count(Some(games)).unwrap_or(0), bytes.max(0.0) as u64);
        Ok(progress)
    }

    fn rows(&mut self) -> Result<Vec<Row>, CampaignError> {
        let mut statement = self.connection.prepare("SELECT * FROM games ORDER BY id")?;
        let mut rows = statement.query([])?;
        let mut result = Vec::new();
        while let Some(row) = rows.next()? {
            let spec: String = row.get("spec")?;
            let state: String = row.get("state")?;
            let state = State::from_name(&state).ok_or_else(|| CampaignError::Damaged {
                spec: spec.clone(),
                why: format!("state {state}"),
            })?;
            let record = if state.is_finished() {
                Some(Self::record(row, &spec)?)
            } else {
                None
            };
            result.push(Row {
                id: row.get("id")?,
                state,
                worker: row.get("worker")?,
                attempts: row.get("attempts")?,
                record,
                checkpoint: super::description(
                    row.get::<_, Option<String>>("checkpoint")?.as_deref(),
                    &spec,
                ),
                spec,
            });
        }
        Ok(result)
    }
}
