//! Checkpoints of games in flight and of open games: saved by the worker that holds the game,
//! never shrunk, read back by the next worker, dropped once the game is certified; a budget
//! raised queues open games again, which resume from them; and a campaign of the first version
//! of the tables is upgraded when opened.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use grundy::Observer;
use grundy::compact::CompactValues;
use grundy_campaign::{
    Budget, CampaignError, Checkpoint, Event, Record, RunPlan, SqliteStore, State, Store, WorkerId,
};

fn games(specs: &[&str]) -> Vec<grundy::Game> {
    specs
        .iter()
        .map(|spec| grundy::parse_game(spec).unwrap())
        .collect()
}

fn checkpoint(spec: &str, values: &[u32]) -> Checkpoint {
    Checkpoint::of_values(spec, CompactValues::from(values).view(), 1.0)
}

#[test]
fn a_checkpoint_is_written_by_its_holder_only_and_never_shrinks() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("c.sqlite");
    SqliteStore::create(&path, "c", &games(&["0.6", "0.45"]), &Budget::values(100)).unwrap();
    let mut store = SqliteStore::open(&path).unwrap();
    let (me, other) = (WorkerId::of_this_process(0), WorkerId::of_this_process(1));
    let claim = store.claim(&me, Duration::from_secs(60)).unwrap().unwrap();
    assert_eq!(claim.spec, "0.6");
    assert_eq!(store.checkpoint(&claim).unwrap(), None);
    let first = checkpoint("0.6", &[0, 0, 1, 2, 2, 3]);
    assert!(store.save_checkpoint(&me, &claim, &first).unwrap());
    assert_eq!(store.checkpoint(&claim).unwrap().as_ref(), Some(&first));
    // Fewer values: kept as it was.
    assert!(
        store
            .save_checkpoint(&me, &claim, &checkpoint("0.6", &[0, 0, 1]))
            .unwrap()
    );
    assert_eq!(store.checkpoint(&claim).unwrap().as_ref(), Some(&first));
    // Another worker does not hold the game: nothing written.
    let longer = checkpoint("0.6", &[0, 0, 1, 2, 2, 3, 1, 1]);
    assert!(!store.save_checkpoint(&other, &claim, &longer).unwrap());
    assert_eq!(store.checkpoint(&claim).unwrap().as_ref(), Some(&first));
    // Status counts it, and shows it with the game running.
    let progress = store.progress().unwrap();
    assert_eq!(progress.checkpoints.0, 1);
    assert_eq!(progress.running[0].saved, 6);
    // An open game keeps the checkpoint it ends with.
    let open = Record::unanswered(State::Open, 8, "no period".to_owned(), 1.0);
    assert!(store.finish(&me, &claim, &open, Some(&longer)).unwrap());
    let rows = store.rows().unwrap();
    assert_eq!(rows[0].checkpoint.as_ref().map(|info| info.values), Some(8));
    // A certified game drops its checkpoint.
    let claim = store.claim(&me, Duration::from_secs(60)).unwrap().unwrap();
    assert_eq!(claim.spec, "0.45");
    assert!(
        store
            .save_checkpoint(&me, &claim, &checkpoint("0.45", &[0, 1, 1]))
            .unwrap()
    );
    let mut certified = Record::unanswered(State::Certified, 3, String::new(), 1.0);
    certified.message = None;
    assert!(store.finish(&me, &claim, &certified, None).unwrap());
    assert_eq!(store.checkpoint(&claim).unwrap(), None);
    assert_eq!(store.rows().unwrap()[1].checkpoint, None);
    assert_eq!(store.progress().unwrap().checkpoints.0, 1);
}

#[test]
fn a_raised_budget_queues_the_open_games_again() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("c.sqlite");
    SqliteStore::create(&path, "c", &games(&["0.6", "0.45"]), &Budget::values(2000)).unwrap();
    let run = |checkpoints: &Mutex<Vec<Event>>| {
        let plan = RunPlan {
            checkpoint_every: Duration::ZERO,
            ..RunPlan::default()
        };
        grundy_campaign::run(
            || SqliteStore::open(&path),
            &plan,
            &grundy::NoObserver,
            &|event| checkpoints.lock().unwrap().push(event),
        )
        .unwrap()
    };
    let events = Mutex::new(Vec::new());
    assert_eq!(run(&events).finished, 2);
    let mut store = SqliteStore::open(&path).unwrap();
    let states: Vec<State> = store.rows().unwrap().iter().map(|row| row.state).collect();
    assert_eq!(states, [State::Open, State::Certified]);
    assert!(matches!(
        store.extend(1000),
        Err(CampaignError::Lowered {
            current: 2000,
            asked: 1000
        })
    ));
    assert_eq!(store.extend(3000).unwrap(), 1);
    assert_eq!(store.settings().unwrap().budget.max_values, 3000);
    // The queued game's seconds count again only once it finishes anew.
    let certified = store.rows().unwrap()[1].record.as_ref().unwrap().seconds;
    assert!((store.progress().unwrap().seconds - certified).abs() < 1e-9);
    let events = Mutex::new(Vec::new());
    assert_eq!(run(&events).finished, 1);
    let events = events.into_inner().unwrap();
    assert!(
        events.contains(&Event::Resumed {
            spec: "0.6".to_owned(),
            values: 2000
        }),
        "{events:?}"
    );
    let rows = store.rows().unwrap();
    let record = rows[0].record.as_ref().unwrap();
    assert_eq!((record.computed_to, record.resumed_from), (3000, 2000));
    assert_eq!(
        rows[0].checkpoint.as_ref().map(|info| info.values),
        Some(3000)
    );
    // The same record as a campaign computing 3000 values from the start.
    let fresh_path = directory.path().join("fresh.sqlite");
    SqliteStore::create(
        &fresh_path,
        "fresh",
        &games(&["0.6"]),
        &Budget::values(3000),
    )
    .unwrap();
    grundy_campaign::run(
        || SqliteStore::open(&fresh_path),
        &RunPlan::default(),
        &grundy::NoObserver,
        &|_| {},
    )
    .unwrap();
    let fresh = SqliteStore::open(&fresh_path).unwrap().rows().unwrap();
    let fresh = fresh[0].record.as_ref().unwrap();
    assert_eq!(record.fingerprints, fresh.fingerprints);
    assert_eq!(record.split, fresh.split);
    assert_eq!(record.largest, fresh.largest);
    assert_eq!(record.report, fresh.report);
    assert_eq!(
        rows[0].checkpoint.as_ref().map(|info| &info.checksum),
        SqliteStore::open(&fresh_path).unwrap().rows().unwrap()[0]
            .checkpoint
            .as_ref()
            .map(|info| &info.checksum)
    );
}

/// Stops the run once a checkpoint of the game is saved.
struct StopAfterCheckpoint(AtomicBool);

impl Observer for StopAfterCheckpoint {
    fn interrupted(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[test]
fn a_stopped_game_resumes_from_its_checkpoint_and_ends_as_a_fresh_one() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("c.sqlite");
    // 0.127 is certified (period 4 from 46 578) on 93 167 values: stopped before, it resumes.
    SqliteStore::create(&path, "c", &games(&["0.127"]), &Budget::values(1 << 17)).unwrap();
    let plan = RunPlan {
        checkpoint_every: Duration::ZERO,
        ..RunPlan::default()
    };
    let stop = StopAfterCheckpoint(AtomicBool::new(false));
    let saved = Mutex::new(0);
    let stopped = grundy_campaign::run(|| SqliteStore::open(&path), &plan, &stop, &|event| {
        if let Event::Saved { values, .. } = event {
            *saved.lock().unwrap() = values;
            stop.0.store(true, Ordering::Relaxed);
        }
    });
    assert!(matches!(
        stopped,
        Err(CampaignError::Interrupted { finished: 0 })
    ));
    let saved = saved.into_inner().unwrap();
    assert!(saved > 0);
    let mut store = SqliteStore::open(&path).unwrap();
    let rows = store.rows().unwrap();
    assert_eq!(rows[0].state, State::Queued);
    assert_eq!(
        rows[0].checkpoint.as_ref().map(|info| info.values),
        Some(saved)
    );
    let events = Mutex::new(Vec::new());
    grundy_campaign::run(
        || SqliteStore::open(&path),
        &plan,
        &grundy::NoObserver,
        &|event| events.lock().unwrap().push(event),
    )
    .unwrap();
    let events = events.into_inner().unwrap();
    assert!(
        events.contains(&Event::Resumed {
            spec: "0.127".to_owned(),
            values: saved
        }),
        "{events:?}"
    );
    let rows = store.rows().unwrap();
    let record = rows[0].record.as_ref().unwrap();
    assert_eq!(record.state, State::Certified);
    assert_eq!(record.resumed_from, saved);
    // Certified: the checkpoint is gone, the certificate holds what the values prove.
    assert_eq!(rows[0].checkpoint, None);
    let fresh = grundy::Analyzer::new(grundy::Config::default().with_max_values(1 << 17).unwrap())
        .period(&grundy::parse_game("0.127").unwrap())
        .unwrap();
    assert_eq!(
        record.report,
        Some(serde_json::to_value(grundy::render::json::period(&fresh)).unwrap())
    );
}

#[test]
fn a_campaign_of_the_first_version_is_upgraded_when_opened() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("c.sqlite");
    SqliteStore::create(&path, "c", &games(&["0.6"]), &Budget::values(100)).unwrap();
    // The tables as version 1 made them.
    {
        let connection = rusqlite::Connection::open(&path).unwrap();
        connection
            .execute_batch(
                "DROP TABLE checkpoints;
                 ALTER TABLE games DROP COLUMN resumed_from;
                 UPDATE campaign SET schema_version = 1;",
            )
            .unwrap();
    }
    let mut store = SqliteStore::open(&path).unwrap();
    let me = WorkerId::of_this_process(0);
    let claim = store.claim(&me, Duration::from_secs(60)).unwrap().unwrap();
    assert!(
        store
            .save_checkpoint(&me, &claim, &checkpoint("0.6", &[0, 0, 1]))
            .unwrap()
    );
    let version: i64 = rusqlite::Connection::open(&path)
        .unwrap()
        .query_row("SELECT schema_version FROM campaign", [], |row| row.get(0))
        .unwrap();
    assert_eq!(version, 2);
    // A version this grundy does not know is refused, not changed.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute("UPDATE campaign SET schema_version = 3", [])
        .unwrap();
    assert!(matches!(
        SqliteStore::open(&path),
        Err(CampaignError::NotACampaign { .. })
    ));
}

#[test]
fn a_run_in_progress_reads_a_raised_budget_with_its_next_game() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("c.sqlite");
    SqliteStore::create(&path, "c", &games(&["0.6"]), &Budget::values(1000)).unwrap();
    // The budget is raised once the run has begun, as its worker takes the game.
    grundy_campaign::run(
        || SqliteStore::open(&path),
        &RunPlan::default(),
        &grundy::NoObserver,
        &|event| {
            if matches!(event, Event::Claimed { .. }) {
                SqliteStore::open(&path).unwrap().extend(1500).unwrap();
            }
        },
    )
    .unwrap();
    let rows = SqliteStore::open(&path).unwrap().rows().unwrap();
    assert_eq!(rows[0].record.as_ref().unwrap().computed_to, 1500);
    // A budget past grundy's value limit, or of no values, is refused.
    let mut store = SqliteStore::open(&path).unwrap();
    assert!(matches!(
        store.extend(u64::MAX),
        Err(CampaignError::Grundy(_))
    ));
    assert_eq!(store.settings().unwrap().budget.max_values, 1500);
}

#[test]
fn a_campaign_of_three_heap_codes_needs_a_small_budget_or_a_time_limit() {
    let directory = tempfile::tempdir().unwrap();
    let codes = grundy_campaign::games::hex_codes(1).unwrap();
    let path = directory.path().join("c.sqlite");
    assert!(matches!(
        SqliteStore::create(&path, "c", &codes, &Budget::values(1 << 20)),
        Err(CampaignError::Unbounded { most: 16384, .. })
    ));
    assert!(!path.exists());
    let timed = Budget {
        time: Some(Duration::from_secs(60)),
        ..Budget::values(1 << 20)
    };
    assert!(SqliteStore::create(&path, "c", &codes, &timed).is_ok());
}
