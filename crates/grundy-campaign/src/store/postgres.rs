//! A campaign in a PostgreSQL database, for workers on any number of machines: a claim takes the
//! first free game with `SELECT … FOR UPDATE SKIP LOCKED` (workers never wait for one another's
//! rows), leases are counted on the database's clock (`now()`), so machines whose clocks differ
//! agree on when a lease runs out. One campaign per schema: the tables are `grundy_campaign`,
//! `grundy_games` and `grundy_checkpoints` in the connection's first schema (`search_path`, which the address may set,
//! e.g. `postgres://host/db?options=-csearch_path%3Dcodes3`). No TLS: use it on a private network,
//! a Unix socket or a tunnel.

use std::time::Duration;

use postgres::types::ToSql;
use postgres::{Client, NoTls};

use super::columns::{self, COLUMNS, Cell, Kind, count, int};
use super::{Budget, Claim, Progress, Row, Running, Settings, State, Store, WorkerId, now};
use crate::{CampaignError, Checkpoint, CheckpointInfo, Record};

use super::columns::SCHEMA_VERSION;

/// The tables of a campaign.
fn schema() -> String {
    format!(
        "
CREATE TABLE grundy_campaign (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    schema_version BIGINT NOT NULL,
    name TEXT NOT NULL,
    created BIGINT NOT NULL,
    max_values BIGINT NOT NULL,
    game_seconds DOUBLE PRECISION,
    game_memory BIGINT
);
CREATE TABLE grundy_games (
    id BIGSERIAL PRIMARY KEY,
    spec TEXT NOT NULL UNIQUE,
    worker TEXT,
    lease_until TIMESTAMPTZ,
    started_at TIMESTAMPTZ,
    finished_at TIMESTAMPTZ,
    attempts BIGINT NOT NULL DEFAULT 0,
    checkpoint TEXT,
    {}
);
CREATE INDEX grundy_games_by_state ON grundy_games (state, id);
CREATE TABLE grundy_checkpoints (
    game BIGINT PRIMARY KEY REFERENCES grundy_games (id),
    data BYTEA NOT NULL
);
",
        columns::definitions("BIGINT", "DOUBLE PRECISION", "TEXT")
    )
}

/// A campaign in a PostgreSQL database.
pub struct PostgresStore {
    client: Client,
    address: String,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresStore")
            .field("address", &super::redacted(&self.address))
            .finish_non_exhaustive()
    }
}

/// A lease as milliseconds, for `now() + $n * interval '1 millisecond'`.
fn millis(lease: Duration) -> f64 {
    lease.as_secs_f64() * 1000.0
}

/// A cell as a statement's parameter.
fn parameter(cell: &Cell) -> &(dyn ToSql + Sync) {
    match cell {
        Cell::Integer(value) => value,
        Cell::Real(value) => value,
        Cell::Text(value) => value,
    }
}

impl PostgresStore {
    /// Creates the campaign `name` of `games`, each within `budget`, in the database at
    /// `address` (a `postgres://` URL or `key=value` settings); a game listed twice is kept once.
    /// Returns the store and the number of games.
    ///
    /// # Complexity
    /// `O(G)` inserts in one transaction.
    ///
    /// # Errors
    /// [`CampaignError::Exists`] if the schema already holds a campaign;
    /// [`CampaignError::EmptyBudget`] for a budget of 0 values, [`CampaignError::Unbounded`]
    /// for games that leave three heaps with a budget past
    /// [`MAX_THREE_HEAP_VALUES`](super::MAX_THREE_HEAP_VALUES) and no time limit;
    /// [`CampaignError::Size`] for no game or more than
    /// [`MAX_GAMES`](crate::games::MAX_GAMES); [`CampaignError::Postgres`] if the database
    /// cannot be reached or written.
    pub fn create(
        address: &str,
        name: &str,
        games: &[grundy::Game],
        budget: &Budget,
    ) -> Result<(Self, usize), CampaignError> {
        super::check_new(games, budget)?;
        let mut store = Self::connect(address)?;
        let mut transaction = store.client.transaction()?;
        // Two creations at once: the second waits here, then finds the first's tables.
        transaction.batch_execute("SELECT pg_advisory_xact_lock(7302417)")?;
        let exists: bool = transaction
            .query_one("SELECT to_regclass('grundy_campaign') IS NOT NULL", &[])?
            .get(0);
        if exists {
            return Err(CampaignError::Exists {
                path: super::redacted(address),
            });
        }
        transaction.batch_execute(&schema())?;
        transaction.execute(
            "INSERT INTO grundy_campaign (id, schema_version, name, created, max_values, game_seconds, game_memory)
             VALUES (1, $1, $2, $3, $4, $5, $6)",
            &[
                &SCHEMA_VERSION,
                &name,
                &int(now()),
                &int(budget.max_values),
                &budget.time.map(|time| time.as_secs_f64()),
                &budget.memory.and_then(int),
            ],
        )?;
        let insert = transaction
            .prepare("INSERT INTO grundy_games (spec) VALUES ($1) ON CONFLICT (spec) DO NOTHING")?;
        let mut inserted = 0;
        for game in games {
            inserted += transaction.execute(&insert, &[&game.to_string()])?;
        }
        transaction.commit()?;
        Ok((store, inserted as usize))
    }

    /// Opens the campaign in the database at `address`.
    ///
    /// # Errors
    /// [`CampaignError::NotACampaign`] if the schema holds no campaign of this version;
    /// [`CampaignError::Postgres`] if the database cannot be reached.
    pub fn open(address: &str) -> Result<Self, CampaignError> {
        let mut store = Self::connect(address)?;
        let shown = super::redacted(address);
        let exists: bool = store
            .client
            .query_one("SELECT to_regclass('grundy_campaign') IS NOT NULL", &[])?
            .get(0);
        if !exists {
            return Err(CampaignError::NotACampaign {
                path: shown,
                why: "its schema has no table grundy_campaign".to_owned(),
            });
        }
        if store.version()? == Some(1) {
            store.upgrade_from_1()?;
        }
        columns::check_version(store.version()?, shown)?;
        Ok(store)
    }

    /// The version of the schema's tables (`None` without a settings row).
    fn version(&mut self) -> Result<Option<i64>, CampaignError> {
        Ok(self
            .client
            .query_opt(
                "SELECT schema_version FROM grundy_campaign WHERE id = 1",
                &[],
            )?
            .map(|row| row.get(0)))
    }

    /// Adds what version 2 has to a campaign of version 1, in one transaction that holds the
    /// settings row (a worker that upgraded it first leaves nothing to do).
    fn upgrade_from_1(&mut self) -> Result<(), CampaignError> {
        let mut transaction = self.client.transaction()?;
        let version: i64 = transaction
            .query_one(
                "SELECT schema_version FROM grundy_campaign WHERE id = 1 FOR UPDATE",
                &[],
            )?
            .get(0);
        if version == 1 {
            transaction.batch_execute(&columns::upgrade_from_1(
                "grundy_games",
                "grundy_checkpoints",
                "BIGINT",
                "BYTEA",
            ))?;
            transaction.execute(
                "UPDATE grundy_campaign SET schema_version = $1 WHERE id = 1",
                &[&SCHEMA_VERSION],
            )?;
        }
        transaction.commit()?;
        Ok(())
    }

    fn connect(address: &str) -> Result<Self, CampaignError> {
        let client = Client::connect(address, NoTls)?;
        Ok(Self {
            client,
            address: address.to_owned(),
        })
    }
}

/// The values of the checkpoint saved for the game `claim` names (0 for none), if
/// `worker` holds it (its row locked until the transaction ends); `None` when it was taken over.
fn held_checkpoint(
    transaction: &mut postgres::Transaction<'_>,
    worker: &WorkerId,
    claim: &Claim,
) -> Result<Option<u64>, CampaignError> {
    Ok(transaction
        .query_opt(
            "SELECT checkpoint FROM grundy_games
             WHERE id = $1 AND state = 'running' AND worker = $2 FOR UPDATE",
            &[&claim.id, &worker.as_str()],
        )?
        .map(|row| {
            let description: Option<String> = row.get(0);
            super::stored_values(description.as_deref(), &claim.spec)
        }))
}

/// Writes `checkpoint` for the game `claim` names, unless the one saved holds as many values
/// (`stored`) or more.
fn write_checkpoint(
    transaction: &mut postgres::Transaction<'_>,
    claim: &Claim,
    stored: u64,
    checkpoint: &Checkpoint,
) -> Result<(), CampaignError> {
    if checkpoint.info.values <= stored {
        return Ok(());
    }
    transaction.execute(
        "INSERT INTO grundy_checkpoints (game, data) VALUES ($1, $2)
         ON CONFLICT (game) DO UPDATE SET data = excluded.data",
        &[&claim.id, &checkpoint.data],
    )?;
    transaction.execute(
        "UPDATE grundy_games SET checkpoint = $1 WHERE id = $2",
        &[&checkpoint.info.to_text(), &claim.id],
    )?;
    Ok(())
}

impl Store for PostgresStore {
    fn settings(&mut self) -> Result<Settings, CampaignError> {
        let row = self.client.query_one(
            "SELECT name, created, max_values, game_seconds, game_memory FROM grundy_campaign WHERE id = 1",
            &[],
        )?;
        columns::settings(row.get(0), row.get(1), row.get(2), row.get(3), row.get(4))
    }

    fn claim(
        &mut self,
        worker: &WorkerId,
        lease: Duration,
    ) -> Result<Option<Claim>, CampaignError> {
        let mut transaction = self.client.transaction()?;
        // Games held by processes of this machine that are gone go back to the queue at once;
        // other machines' games wait for their leases.
        let holders: Vec<String> = transaction
            .query(
                "SELECT DISTINCT worker FROM grundy_games WHERE state = 'running' AND worker IS NOT NULL",
                &[],
            )?
            .iter()
            .map(|row| row.get(0))
            .collect();
        for holder in super::gone(holders) {
            transaction.execute(
                "UPDATE grundy_games SET state = 'queued', worker = NULL, lease_until = NULL
                 WHERE state = 'running' AND worker = $1",
                &[&holder],
            )?;
        }
        let claimed = transaction.query_opt(
            "UPDATE grundy_games
             SET state = 'running', worker = $1,
                 lease_until = now() + $2 * interval '1 millisecond',
                 attempts = attempts + 1, started_at = now()
             WHERE id = (
                 SELECT id FROM grundy_games
                 WHERE state = 'queued' OR (state = 'running' AND lease_until < now())
                 ORDER BY id LIMIT 1
                 FOR UPDATE SKIP LOCKED
             )
             RETURNING id, spec, attempts",
            &[&worker.as_str(), &millis(lease)],
        )?;
        transaction.commit()?;
        Ok(claimed.map(|row| Claim {
            id: row.get(0),
            spec: row.get(1),
            attempts: u32::try_from(row.get::<_, i64>(2)).unwrap_or(u32::MAX),
        }))
    }

    fn renew(&mut self, process: &str, lease: Duration) -> Result<u64, CampaignError> {
        Ok(self.client.execute(
            "UPDATE grundy_games SET lease_until = now() + $2 * interval '1 millisecond'
             WHERE state = 'running' AND left(worker, length($1) + 1) = $1 || '#'",
            &[&process, &millis(lease)],
        )?)
    }

    fn finish(
        &mut self,
        worker: &WorkerId,
        claim: &Claim,
        record: &Record,
        checkpoint: Option<&Checkpoint>,
    ) -> Result<bool, CampaignError> {
        let cells = columns::cells(record, &claim.spec)?;
        let n = cells.len();
        let worker_name = worker.as_str().to_owned();
        let mut parameters: Vec<&(dyn ToSql + Sync)> = cells.iter().map(parameter).collect();
        parameters.extend([&claim.id as &(dyn ToSql + Sync), &worker_name]);
        let mut transaction = self.client.transaction()?;
        let Some(stored) = held_checkpoint(&mut transaction, worker, claim)? else {
            return Ok(false);
        };
        transaction.execute(
            &format!(
                "UPDATE grundy_games SET {}, worker = NULL, lease_until = NULL, finished_at = now()
                 WHERE id = ${} AND state = 'running' AND worker = ${}",
                columns::assignments('$'),
                n + 1,
                n + 2
            ),
            &parameters,
        )?;
        match checkpoint {
            Some(checkpoint) => write_checkpoint(&mut transaction, claim, stored, checkpoint)?,
            None if record.state == State::Certified => {
                transaction.execute(
                    "DELETE FROM grundy_checkpoints WHERE game = $1",
                    &[&claim.id],
                )?;
                transaction.execute(
                    "UPDATE grundy_games SET checkpoint = NULL WHERE id = $1",
                    &[&claim.id],
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
        let mut transaction = self.client.transaction()?;
        let Some(stored) = held_checkpoint(&mut transaction, worker, claim)? else {
            return Ok(false);
        };
        write_checkpoint(&mut transaction, claim, stored, checkpoint)?;
        transaction.commit()?;
        Ok(true)
    }

    fn checkpoint(&mut self, claim: &Claim) -> Result<Option<Checkpoint>, CampaignError> {
        self.client
            .query_opt(
                "SELECT grundy_games.checkpoint, grundy_checkpoints.data
                 FROM grundy_games JOIN grundy_checkpoints ON grundy_checkpoints.game = grundy_games.id
                 WHERE grundy_games.id = $1",
                &[&claim.id],
            )?
            .map(|row| {
                let description: Option<String> = row.get(0);
                Ok(Checkpoint {
                    info: CheckpointInfo::from_text(
                        &description.unwrap_or_default(),
                        &claim.spec,
                    )?,
                    data: row.get(1),
                })
            })
            .transpose()
    }

    fn extend(&mut self, max_values: u64) -> Result<u64, CampaignError> {
        super::check_values(max_values)?;
        let mut transaction = self.client.transaction()?;
        let current: Option<i64> = transaction
            .query_one(
                "SELECT max_values FROM grundy_campaign WHERE id = 1 FOR UPDATE",
                &[],
            )?
            .get(0);
        let current = count(current).unwrap_or(0);
        if max_values < current {
            return Err(CampaignError::Lowered {
                current,
                asked: max_values,
            });
        }
        let max_values = int(max_values);
        transaction.execute(
            "UPDATE grundy_campaign SET max_values = $1 WHERE id = 1",
            &[&max_values],
        )?;
        let queued = transaction.execute(
            "UPDATE grundy_games SET state = 'queued', worker = NULL, lease_until = NULL, attempts = 0
             WHERE state IN ('open', 'observed') AND coalesce(computed_to, 0) < $1",
            &[&max_values],
        )?;
        transaction.commit()?;
        Ok(queued)
    }

    fn release(&mut self, worker: &WorkerId, claim: &Claim) -> Result<(), CampaignError> {
        self.client.execute(
            "UPDATE grundy_games SET state = 'queued', worker = NULL, lease_until = NULL,
                 attempts = greatest(attempts - 1, 0)
             WHERE id = $1 AND state = 'running' AND worker = $2",
            &[&claim.id, &worker.as_str()],
        )?;
        Ok(())
    }

    fn progress(&mut self) -> Result<Progress, CampaignError> {
        let client = &mut self.client;
        let mut progress = Progress::default();
        for row in client.query(
            "SELECT state, count(*), coalesce(sum(seconds), 0) FROM grundy_games GROUP BY state",
            &[],
        )? {
            let name: String = row.get(0);
            let games = count(Some(row.get(1))).unwrap_or(0);
            progress.total += games;
            // A game queued again (extend) keeps its old seconds until it finishes anew, with
            // them counted in its new record: only finished games' seconds are spent.
            if State::from_name(&name).is_some_and(State::is_finished) {
                progress.seconds += row.get::<_, f64>(2);
            }
            if let Some(i) = State::ALL.iter().position(|state| state.name() == name) {
                progress.counts[i] += games;
            }
        }
        let wall: Option<f64> = client
            .query_one(
                "SELECT extract(epoch FROM max(finished_at) - min(started_at))::float8
                 FROM grundy_games
                 WHERE finished_at IS NOT NULL AND state NOT IN ('queued', 'running')",
                &[],
            )?
            .get(0);
        progress.wall_seconds = wall.unwrap_or(0.0).max(0.0);
        progress.running = client
            .query(
                "SELECT spec, worker, extract(epoch FROM now() - started_at)::float8, checkpoint
                 FROM grundy_games WHERE state = 'running' ORDER BY id",
                &[],
            )?
            .iter()
            .map(|row| {
                let spec: String = row.get(0);
                let seconds: Option<f64> = row.get(2);
                let description: Option<String> = row.get(3);
                Running {
                    saved: super::stored_values(description.as_deref(), &spec),
                    spec,
                    worker: row.get::<_, Option<String>>(1).unwrap_or_default(),
                    seconds: seconds.unwrap_or(0.0).max(0.0) as u64,
                }
            })
            .collect();
        let row = client.query_one(
            "SELECT count(*), coalesce(sum(length(data)), 0)::bigint FROM grundy_checkpoints",
            &[],
        )?;
        progress.checkpoints = (
            count(Some(row.get(0))).unwrap_or(0),
            count(Some(row.get(1))).unwrap_or(0),
        );
        Ok(progress)
    }

    fn rows(&mut self) -> Result<Vec<Row>, CampaignError> {
        let mut result = Vec::new();
        for row in self
            .client
            .query("SELECT * FROM grundy_games ORDER BY id", &[])?
        {
            let spec: String = row.get("spec");
            let state_name: String = row.get("state");
            let state = State::from_name(&state_name).ok_or_else(|| CampaignError::Damaged {
                spec: spec.clone(),
                why: format!("state {state_name}"),
            })?;
            let record = if state.is_finished() {
                let cells = COLUMNS
                    .iter()
                    .map(|&(name, kind)| match kind {
                        Kind::Integer => Cell::Integer(row.get(name)),
                        Kind::Real => Cell::Real(row.get(name)),
                        Kind::Text => Cell::Text(row.get(name)),
                    })
                    .collect();
                Some(columns::record(cells, &spec)?)
            } else {
                None
            };
            result.push(Row {
                id: row.get("id"),
                state,
                worker: row.get("worker"),
                attempts: u32::try_from(row.get::<_, i64>("attempts")).unwrap_or(u32::MAX),
                record,
                checkpoint: super::description(
                    row.get::<_, Option<String>>("checkpoint").as_deref(),
                    &spec,
                ),
                spec,
            });
        }
        Ok(result)
    }
}
