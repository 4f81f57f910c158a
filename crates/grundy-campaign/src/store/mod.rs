//! Where a campaign lives: the [`Store`] trait its workers claim games from and write results
//! to, the SQLite store ([`sqlite`], one file) and the PostgreSQL store ([`postgres`], for many
//! machines), and [`open`] and [`create`], which choose one by the campaign's address.
//!
//! **Architecture Invariant:** a game is computed by the worker holding its lease; a result is
//! written only by the worker that still holds the game ([`Store::finish`] returns `false`
//! otherwise and the result is dropped), so a game whose lease ran out and was taken over is
//! written once; so is a checkpoint ([`Store::save_checkpoint`]), and a checkpoint is never
//! replaced by one of fewer values. Finished rows are never changed by a worker (only
//! [`Store::extend`] puts open ones back in the queue).

mod columns;
pub mod postgres;
pub mod sqlite;

use std::time::Duration;

use crate::{CampaignError, Checkpoint, CheckpointInfo, Record};

/// A game held by this many workers that stopped without finishing or handing it back (killed)
/// is refused rather than given to another.
pub const MAX_ATTEMPTS: u32 = 5;

/// Where a game of a campaign stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    /// Waiting for a worker.
    Queued,
    /// Held by a worker under a lease.
    Running,
    /// Its period is proved by a theorem; the certificate is kept.
    Certified,
    /// A period is seen on every value computed, not proved.
    Observed,
    /// No period within its budget of values (or of time).
    Open,
    /// It cannot be computed as asked (not one sequence, more memory than its share).
    Refused,
}

impl State {
    /// Every state, in the order tables list them.
    pub const ALL: [State; 6] = [
        State::Certified,
        State::Observed,
        State::Open,
        State::Refused,
        State::Running,
        State::Queued,
    ];

    /// The state's name in the database and in exports.
    pub fn name(self) -> &'static str {
        match self {
            State::Queued => "queued",
            State::Running => "running",
            State::Certified => "certified",
            State::Observed => "observed",
            State::Open => "open",
            State::Refused => "refused",
        }
    }

    /// The state named `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|state| state.name() == name)
    }

    /// Whether a worker has finished the game.
    pub fn is_finished(self) -> bool {
        !matches!(self, State::Queued | State::Running)
    }
}

/// What each game of a campaign may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The most values computed for one game.
    pub max_values: u64,
    /// The most time one game may take.
    pub time: Option<Duration>,
    /// The most memory one game may hold (by default, the worker's share of its process's).
    pub memory: Option<u64>,
}

impl Budget {
    /// A budget of `max_values` values a game, without a time or memory limit of its own.
    pub fn values(max_values: u64) -> Self {
        Self {
            max_values,
            time: None,
            memory: None,
        }
    }
}

/// A campaign's name, budget and size.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The name given at creation.
    pub name: String,
    /// What each game may spend.
    pub budget: Budget,
    /// When it was created (seconds since the Unix epoch).
    pub created: u64,
}

/// Who holds a game: `host/machine/pid/start#worker` — the machine (its name, and its boot and
/// process namespace, so that containers or machines that share a name are told apart), the
/// process (with its start time, so a process id used again is another process) and the worker
/// within it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WorkerId(String);

impl WorkerId {
    /// The worker `index` of this process.
    pub fn of_this_process(index: usize) -> Self {
        Self(format!("{}#{index}", process_id()))
    }

    /// The worker's name as stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The part naming the process (`host/machine/pid/start`).
    pub fn process(&self) -> &str {
        process_of(&self.0)
    }
}

/// The process part of a stored worker name.
fn process_of(worker: &str) -> &str {
    worker
        .split_once('#')
        .map_or(worker, |(process, _)| process)
}

/// `host/machine/pid/start` for this process.
pub fn process_id() -> String {
    let pid = std::process::id();
    format!(
        "{}/{}/{pid}/{}",
        host_name(),
        machine().unwrap_or("unknown"),
        process_start(pid).unwrap_or_default()
    )
}

/// This machine's name (`/proc/sys/kernel/hostname`, else `HOSTNAME`, else `localhost`), read
/// once.
fn host_name() -> &'static str {
    static NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NAME.get_or_init(|| {
        std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .map(|name| name.trim().replace(['/', '#'], "-"))
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| "localhost".to_owned())
    })
}

/// What tells this machine's processes from another's that has the same name: the kernel's boot
/// id and this process's PID namespace (containers on one kernel have their own), e.g.
/// `3f2c9a1b.4026531836`, read once; `None` where `/proc` lacks either, and then no process is
/// ever known to be gone (leases alone tell).
fn machine() -> Option<&'static str> {
    static MACHINE: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    MACHINE
        .get_or_init(|| {
            let boot = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
            let boot: String = boot
                .trim()
                .chars()
                .filter(char::is_ascii_hexdigit)
                .take(8)
                .collect();
            let link = std::fs::read_link("/proc/self/ns/pid").ok()?;
            let link = link.to_string_lossy().into_owned();
            let namespace = link.split_once('[')?.1.trim_end_matches(']').to_owned();
            (!boot.is_empty() && !namespace.is_empty()).then(|| format!("{boot}.{namespace}"))
        })
        .as_deref()
}

/// When process `pid` started, in clock ticks since boot (field 22 of `/proc/PID/stat`); `None`
/// when no such process runs (a killed process not yet reaped — a zombie — runs no more).
fn process_start(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces: the fields after it follow its last ')'.
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
    let state = fields.next()?;
    if state == "Z" || state == "X" {
        return None;
    }
    fields.nth(18)?.parse().ok()
}

/// Whether the process a worker name names (`host/machine/pid/start`) is known to be gone: it
/// ran on this machine (its name, boot and PID namespace), and no process of its id and start
/// time runs now. A process elsewhere is never known to be gone (its lease tells).
///
/// # Complexity
/// Reads two small files under `/proc`.
///
/// # Example
/// ```
/// use grundy_campaign::store::{is_gone, process_id};
/// assert!(!is_gone(&process_id()));
/// assert!(!is_gone("another-machine/0.0/1/1"));
/// ```
pub fn is_gone(process: &str) -> bool {
    let mut parts = process.split('/');
    let (Some(host), Some(machine_key), Some(pid), Some(start), None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return false;
    };
    if host != host_name() || machine() != Some(machine_key) {
        return false;
    }
    let Ok(pid) = pid.parse::<u32>() else {
        return false;
    };
    process_start(pid).is_none_or(|started| started.to_string() != start)
}

/// The workers among `holders` (stored names) whose processes are known to be gone.
pub(crate) fn gone(holders: Vec<String>) -> Vec<String> {
    holders
        .into_iter()
        .filter(|holder| is_gone(process_of(holder)))
        .collect()
}

/// A game a worker holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The game's row.
    pub id: i64,
    /// The game, as its spec.
    pub spec: String,
    /// How many workers have held it, this one included.
    pub attempts: u32,
}

/// One game of a campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its place in the campaign (the order games were given in).
    pub id: i64,
    /// The game, as its spec.
    pub spec: String,
    /// Where it stands.
    pub state: State,
    /// The worker holding it, while running.
    pub worker: Option<String>,
    /// How many workers have held it.
    pub attempts: u32,
    /// Its result, once finished.
    pub record: Option<Record>,
    /// Its checkpoint's description, when one is saved.
    pub checkpoint: Option<CheckpointInfo>,
}

/// The values a stored checkpoint description says it holds: 0 for none, or for a description
/// that does not read (a new checkpoint replaces it).
pub(crate) fn stored_values(text: Option<&str>, spec: &str) -> u64 {
    description(text, spec).map_or(0, |info| info.values)
}

/// A stored checkpoint description, read leniently: `None` for none or one that does not read.
pub(crate) fn description(text: Option<&str>, spec: &str) -> Option<CheckpointInfo> {
    text.and_then(|text| CheckpointInfo::from_text(text, spec).ok())
}

/// How far a campaign has come.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Games in all.
    pub total: u64,
    /// Games in each state, in the order of [`State::ALL`].
    pub counts: [u64; 6],
    /// Seconds spent on the finished games, in all.
    pub seconds: f64,
    /// Seconds of wall time from the first finished game's claim to the last one's finish.
    pub wall_seconds: f64,
    /// The games running now.
    pub running: Vec<Running>,
    /// The games with a checkpoint saved, and the bytes of their values.
    pub checkpoints: (u64, u64),
}

/// A game running now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Running {
    /// The game, as its spec.
    pub spec: String,
    /// The worker holding it.
    pub worker: String,
    /// Seconds since it was claimed.
    pub seconds: u64,
    /// The values its checkpoint holds (0 for none).
    pub saved: u64,
}

impl Progress {
    /// The games in `state`.
    pub fn count(&self, state: State) -> u64 {
        State::ALL
            .iter()
            .position(|&s| s == state)
            .map_or(0, |i| self.counts[i])
    }

    /// The finished games.
    pub fn finished(&self) -> u64 {
        State::ALL
            .iter()
            .zip(self.counts)
            .filter(|(state, _)| state.is_finished())
            .map(|(_, count)| count)
            .sum()
    }
}

/// A campaign's database. Each worker opens its own.
pub trait Store: Send {
    /// The campaign's name, budget and creation time.
    ///
    /// # Errors
    /// [`CampaignError::Database`] or [`CampaignError::NotACampaign`].
    fn settings(&mut self) -> Result<Settings, CampaignError>;

    /// Takes the first game that is queued, or held by a worker that is gone or whose lease
    /// ran out, for `worker` until `lease` from now; `None` when no game can be taken.
    ///
    /// # Errors
    /// [`CampaignError::Database`].
    fn claim(&mut self, worker: &WorkerId, lease: Duration)
    -> Result<Option<Claim>, CampaignError>;

    /// Extends the leases of every game held by the workers of `process` to `lease` from now;
    /// the number of games renewed.
    ///
    /// # Errors
    /// [`CampaignError::Database`].
    fn renew(&mut self, process: &str, lease: Duration) -> Result<u64, CampaignError>;

    /// Writes `record` for the game `claim` names, if `worker` still holds it; `false` (and
    /// nothing written) when the game was taken over. With it, in the same transaction, the
    /// game's `checkpoint` when given (kept only if it holds more values than the one saved: a
    /// checkpoint never shrinks), or, for a certified game, no checkpoint any more (its
    /// certificate holds what its values prove).
    ///
    /// # Errors
    /// [`CampaignError::Database`].
    fn finish(
        &mut self,
        worker: &WorkerId,
        claim: &Claim,
        record: &Record,
        checkpoint: Option<&Checkpoint>,
    ) -> Result<bool, CampaignError>;

    /// Saves `checkpoint` for the game `claim` names, if `worker` still holds it and the
    /// checkpoint saved holds fewer values (a checkpoint never shrinks); `false` when the game
    /// was taken over.
    ///
    /// # Errors
    /// [`CampaignError::Database`].
    fn save_checkpoint(
        &mut self,
        worker: &WorkerId,
        claim: &Claim,
        checkpoint: &Checkpoint,
    ) -> Result<bool, CampaignError>;

    /// The checkpoint saved for the game `claim` names, if any.
    ///
    /// # Errors
    /// [`CampaignError::Database`]; [`CampaignError::Damaged`] for a description that does not
    /// read.
    fn checkpoint(&mut self, claim: &Claim) -> Result<Option<Checkpoint>, CampaignError>;

    /// Raises the campaign's budget to `max_values` values a game and puts back in the queue
    /// every open or observed game computed to fewer values (each resumes from its checkpoint);
    /// the number of games queued again.
    ///
    /// # Errors
    /// [`CampaignError::Lowered`] for a budget below the campaign's (finished games would not
    /// agree with it); [`CampaignError::Database`].
    fn extend(&mut self, max_values: u64) -> Result<u64, CampaignError>;

    /// Hands the game back to the queue (the worker was stopped before finishing it).
    ///
    /// # Errors
    /// [`CampaignError::Database`].
    fn release(&mut self, worker: &WorkerId, claim: &Claim) -> Result<(), CampaignError>;

    /// The counts of games by state, the time spent and the games running.
    ///
    /// # Errors
    /// [`CampaignError::Database`].
    fn progress(&mut self) -> Result<Progress, CampaignError>;

    /// Every game, in campaign order, with its record once finished.
    ///
    /// # Errors
    /// [`CampaignError::Database`], or [`CampaignError::Damaged`] for a row that does not read.
    fn rows(&mut self) -> Result<Vec<Row>, CampaignError>;
}

impl<T: Store + ?Sized> Store for Box<T> {
    fn settings(&mut self) -> Result<Settings, CampaignError> {
        (**self).settings()
    }

    fn claim(
        &mut self,
        worker: &WorkerId,
        lease: Duration,
    ) -> Result<Option<Claim>, CampaignError> {
        (**self).claim(worker, lease)
    }

    fn renew(&mut self, process: &str, lease: Duration) -> Result<u64, CampaignError> {
        (**self).renew(process, lease)
    }

    fn finish(
        &mut self,
        worker: &WorkerId,
        claim: &Claim,
        record: &Record,
        checkpoint: Option<&Checkpoint>,
    ) -> Result<bool, CampaignError> {
        (**self).finish(worker, claim, record, checkpoint)
    }

    fn save_checkpoint(
        &mut self,
        worker: &WorkerId,
        claim: &Claim,
        checkpoint: &Checkpoint,
    ) -> Result<bool, CampaignError> {
        (**self).save_checkpoint(worker, claim, checkpoint)
    }

    fn checkpoint(&mut self, claim: &Claim) -> Result<Option<Checkpoint>, CampaignError> {
        (**self).checkpoint(claim)
    }

    fn extend(&mut self, max_values: u64) -> Result<u64, CampaignError> {
        (**self).extend(max_values)
    }

    fn release(&mut self, worker: &WorkerId, claim: &Claim) -> Result<(), CampaignError> {
        (**self).release(worker, claim)
    }

    fn progress(&mut self) -> Result<Progress, CampaignError> {
        (**self).progress()
    }

    fn rows(&mut self) -> Result<Vec<Row>, CampaignError> {
        (**self).rows()
    }
}

/// Whether `address` names a PostgreSQL database (`postgres://` or `postgresql://`) rather
/// than a SQLite file.
pub fn is_postgres(address: &str) -> bool {
    address.starts_with("postgres://") || address.starts_with("postgresql://")
}

/// `address` without its password, for messages: `postgres://user:secret@host/db` is shown
/// `postgres://user@host/db`.
pub fn redacted(address: &str) -> String {
    let Some((scheme, rest)) = address.split_once("://") else {
        return address.to_owned();
    };
    let (authority, path) = rest
        .find('/')
        .map_or((rest, ""), |slash| rest.split_at(slash));
    match authority.rsplit_once('@') {
        Some((user, host)) => {
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{scheme}://{user}@{host}{path}")
        }
        None => address.to_owned(),
    }
}

/// Opens the campaign at `address`: a PostgreSQL URL, or the path of a SQLite file.
///
/// # Errors
/// As [`sqlite::SqliteStore::open`] or [`postgres::PostgresStore::open`].
pub fn open(address: &str) -> Result<Box<dyn Store>, CampaignError> {
    Ok(if is_postgres(address) {
        Box::new(postgres::PostgresStore::open(address)?)
    } else {
        Box::new(sqlite::SqliteStore::open(std::path::Path::new(address))?)
    })
}

/// Creates the campaign `name` of `games` within `budget` at `address` (a PostgreSQL URL, or the
/// path of a new SQLite file), and returns it with its number of games.
///
/// # Errors
/// As [`sqlite::SqliteStore::create`] or [`postgres::PostgresStore::create`].
pub fn create(
    address: &str,
    name: &str,
    games: &[grundy::Game],
    budget: &Budget,
) -> Result<(Box<dyn Store>, usize), CampaignError> {
    Ok(if is_postgres(address) {
        let (store, count) = postgres::PostgresStore::create(address, name, games, budget)?;
        (Box::new(store), count)
    } else {
        let path = std::path::Path::new(address);
        let (store, count) = sqlite::SqliteStore::create(path, name, games, budget)?;
        (Box::new(store), count)
    })
}

/// The most values a game that leaves three heaps (a hexadecimal digit 8 to f) may compute
/// without a time limit: each value examines every way to split a heap in three, `O(n²)`, and
/// 2^14 values take minutes; 2^20 would take years.
pub const MAX_THREE_HEAP_VALUES: u64 = 1 << 14;

/// Refuses a new campaign that could not be computed: no budget of values, no game or more than
/// [`MAX_GAMES`](crate::games::MAX_GAMES), a budget beyond grundy's value limit, or games that
/// leave three heaps with a budget past [`MAX_THREE_HEAP_VALUES`] and no time limit.
///
/// # Errors
/// [`CampaignError::EmptyBudget`], [`CampaignError::Size`], [`CampaignError::Grundy`] (a
/// budget out of range) or [`CampaignError::Unbounded`].
pub(crate) fn check_new(games: &[grundy::Game], budget: &Budget) -> Result<(), CampaignError> {
    check_values(budget.max_values)?;
    if games.is_empty() || games.len() > crate::games::MAX_GAMES {
        return Err(CampaignError::Size {
            games: games.len(),
            most: crate::games::MAX_GAMES,
        });
    }
    if budget.time.is_none()
        && budget.max_values > MAX_THREE_HEAP_VALUES
        && let Some(game) = games
            .iter()
            .find(|game| game.code().is_some_and(|code| code.max_heaps_left() >= 3))
    {
        return Err(CampaignError::Unbounded {
            game: game.to_string(),
            values: budget.max_values,
            most: MAX_THREE_HEAP_VALUES,
        });
    }
    Ok(())
}

/// Refuses a budget of no values, or past grundy's limit on values.
///
/// # Errors
/// [`CampaignError::EmptyBudget`] or [`CampaignError::Grundy`].
pub(crate) fn check_values(max_values: u64) -> Result<(), CampaignError> {
    if max_values == 0 {
        return Err(CampaignError::EmptyBudget);
    }
    let most = grundy::limits::MAX_VALUES_LIMIT;
    if max_values > most {
        return Err(CampaignError::Grundy(grundy::Error::Setting(
            grundy::SettingError::OutOfRange {
                setting: grundy::Setting::MaxValues,
                least: 1,
                most: Some(most),
                given: max_values,
            },
        )));
    }
    Ok(())
}

/// Seconds since the Unix epoch.
pub(crate) fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_is_gone_once_it_has_ended_even_unreaped() {
        assert!(!is_gone(&process_id()), "this process runs");
        let mut child = std::process::Command::new("cat")
            .stdin(std::process::Stdio::piped())
            .spawn()
            .expect("cat starts");
        let pid = child.id();
        let process = format!(
            "{}/{}/{pid}/{}",
            host_name(),
            machine().expect("this machine has /proc"),
            process_start(pid).expect("cat runs")
        );
        assert!(!is_gone(&process));
        // Another start time is another process.
        let machine = machine().expect("this machine has /proc");
        assert!(is_gone(&format!("{}/{machine}/{pid}/1", host_name())));
        // Killed, and a zombie until it is reaped: gone either way.
        child.kill().expect("cat is killed");
        let mut waited = false;
        while !waited {
            std::thread::yield_now();
            waited = matches!(
                std::fs::read_to_string(format!("/proc/{pid}/stat")),
                Ok(stat) if stat.contains(") Z")
            ) || child.try_wait().ok().flatten().is_some();
        }
        assert!(is_gone(&process));
        child.wait().expect("cat is reaped");
        assert!(is_gone(&process));
        // Another machine's process is never known to be gone.
        assert!(!is_gone(&format!("elsewhere/{machine}/{pid}/1")));
        // So is a process of a machine that shares this one's name but not its boot.
        assert!(!is_gone(&format!("{}/0.0/{pid}/1", host_name())));
    }
}
