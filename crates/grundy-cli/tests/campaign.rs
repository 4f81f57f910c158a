//! `grundy campaign` with the real binary: a campaign killed with kill -9 twice and stopped by
//! SIGTERM continues where it stopped, two processes share one campaign with each game computed
//! once, files are never replaced, and an exported table is re-checked (and a forged one caught).
//!
//! No test waits for a duration: runs are stopped once they say they took the game meant to be
//! in flight. The game in flight is `0.04` (no period is known) with a time limit of its own
//! of one second and a budget of 2^26 values it cannot reach in that time, so its row is
//! `open` however fast the machine is.

#![cfg(unix)]

use std::collections::HashMap;
use std::path::Path;

mod common;
use common::postgres::Postgres;
use common::{Background, grundy, stderr, stdout};

fn text(path: &Path) -> &str {
    path.to_str().expect("test paths are UTF-8")
}

fn directory() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("grundy-campaign-")
        .tempdir()
        .expect("a temporary directory")
}

/// `grundy campaign run ADDRESS` with one worker, in the background.
fn spawn(address: &str) -> Background {
    Background::spawn(&["campaign", "run", address, "--workers", "1"])
}

/// Reads the run's stderr until a line starts with `start`.
fn wait_for(run: &mut Background, start: &str) {
    run.wait_for_line(&format!("'{start}'"), |line| line.starts_with(start));
}

/// The campaign's rows as exported JSON, by game.
fn rows(address: &str) -> HashMap<String, serde_json::Value> {
    let output = grundy(&["campaign", "export", address, "--format", "json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let document: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    document["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|game| {
            (
                game["game"].as_str().expect("a spec").to_owned(),
                game.clone(),
            )
        })
        .collect()
}

fn create(address: &str, games: &[&str]) {
    let mut args = vec!["campaign", "new", address];
    args.extend(games);
    args.extend(["--max", "2^26", "--game-timeout", "1"]);
    let output = grundy(&args);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn a_campaign_survives_kill_9_twice_and_sigterm() {
    let directory = directory();
    let database = directory.path().join("codes.sqlite");
    let database = text(&database);
    create(database, &["0.77", "0.04", "0.07"]);
    // kill -9 twice while 0.04 is in flight: the finished games stay, 0.04 goes back.
    for attempt in 1..=2 {
        let mut run = spawn(database);
        wait_for(
            &mut run,
            &format!("0.04: taken by worker 0 (attempt {attempt})"),
        );
        run.send("-KILL");
        let (status, printed) = run.finish();
        assert_eq!(status.code(), None, "killed: {printed}");
        let rows = rows(database);
        assert_eq!(rows["0.77"]["state"], "certified");
        assert_eq!(rows["0.04"]["state"], "running");
        assert_eq!(rows["0.07"]["state"], "queued");
    }
    // SIGTERM hands the game back and exits 143.
    let mut run = spawn(database);
    wait_for(&mut run, "0.04: taken by worker 0 (attempt 3)");
    run.send("-TERM");
    let (status, printed) = run.finish();
    assert_eq!(status.code(), Some(143), "{printed}");
    assert!(
        printed.contains("0.04: handed back to the queue"),
        "{printed}"
    );
    assert_eq!(rows(database)["0.04"]["state"], "queued");
    // The next run finishes it: a killed process on this machine gives its game back at once.
    let output = grundy(&["campaign", "run", database, "--workers", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("finished 2 games in this run"),
        "{}",
        stdout(&output)
    );
    let rows = rows(database);
    assert_eq!(rows["0.04"]["state"], "open");
    // Two kills and an orderly stop: the stop is not counted as an attempt.
    assert_eq!(rows["0.04"]["attempts"], 3);
    assert_eq!(
        (&rows["0.77"]["period"], &rows["0.07"]["period"]),
        (&12.into(), &34.into())
    );
    let status = stdout(&grundy(&["campaign", "status", database]));
    assert!(status.contains("3 games: 2 certified, 1 open"), "{status}");
}

#[test]
fn two_processes_share_a_campaign_and_compute_each_game_once() {
    let directory = directory();
    let database = directory.path().join("shared.sqlite");
    two_processes_share(text(&database));
}

/// Two processes of one worker each run the campaign at `database` to its end; each game is
/// computed once.
fn two_processes_share(database: &str) {
    let games = [
        "0.04",
        "0.77",
        "0.07",
        "0.137",
        "0.6",
        "subtraction:1,3,4",
        "0.12",
    ];
    create(database, &games);
    let mut first = spawn(database);
    wait_for(&mut first, "0.04: taken by worker 0");
    let second = spawn(database);
    let (first_status, first_log) = first.finish();
    let (second_status, second_log) = second.finish();
    assert!(first_status.success(), "{first_log}");
    assert!(second_status.success(), "{second_log}");
    for game in games {
        let finished = |log: &str| {
            log.lines()
                .filter(|line| line.starts_with(&format!("{game}: ")) && line.contains(" in "))
                .count()
        };
        assert_eq!(
            finished(&first_log) + finished(&second_log),
            1,
            "{game}:\n{first_log}\n{second_log}"
        );
    }
    let rows = rows(database);
    assert!(rows.values().all(|row| row["attempts"] == 1), "{rows:?}");
    assert_eq!(rows["subtraction:1,3,4"]["period"], 7);
}

#[test]
fn files_are_never_replaced_and_bad_input_is_refused() {
    let directory = directory();
    let database = directory.path().join("c.sqlite");
    std::fs::write(&database, "not a campaign").expect("a file");
    let output = grundy(&["campaign", "new", text(&database), "0.77"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("exists"), "{}", stderr(&output));
    assert_eq!(
        std::fs::read_to_string(&database).expect("kept"),
        "not a campaign"
    );
    let output = grundy(&["campaign", "run", text(&database)]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("is not a grundy campaign"),
        "{}",
        stderr(&output)
    );
    let fresh = directory.path().join("fresh.sqlite");
    let output = grundy(&["campaign", "new", text(&fresh), "--subtraction", "3,x"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains('^'),
        "a caret: {}",
        stderr(&output)
    );
    assert!(!fresh.exists(), "nothing is created for a refused campaign");
    let output = grundy(&["campaign", "new", text(&fresh), "0.x7"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!fresh.exists());
    // Three heaps cost O(n²) a value: 2^20 of them need a time limit, or a smaller budget.
    let output = grundy(&["campaign", "new", text(&fresh), "--hex-codes", "1"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("0.8 leaves three heaps")
            && stderr(&output).contains("--max 16384 or less, or --game-timeout"),
        "{}",
        stderr(&output)
    );
    assert!(!fresh.exists());
    let output = grundy(&[
        "campaign",
        "new",
        text(&fresh),
        "--subtraction",
        "2,4",
        "0.77",
        "0.77",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("with 11 games"),
        "{}",
        stdout(&output)
    );
    // An export never replaces a file unless asked to.
    let out = directory.path().join("table.md");
    std::fs::write(&out, "mine").expect("a file");
    let output = grundy(&["campaign", "export", text(&fresh), "--out", text(&out)]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&out).expect("kept"), "mine");
}

#[test]
fn an_exported_table_is_verified_and_a_forged_one_is_caught() {
    let directory = directory();
    let database = directory.path().join("c.sqlite");
    let output = grundy(&[
        "campaign",
        "new",
        text(&database),
        "0.77",
        "0.07",
        "4.07",
        "subtraction:2,5,7",
        "0.6",
        "--max",
        "2^14",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = grundy(&["campaign", "run", text(&database)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let table = directory.path().join("table.json");
    let output = grundy(&[
        "campaign",
        "export",
        text(&database),
        "--format",
        "json",
        "--out",
        text(&table),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = grundy(&["campaign", "verify", text(&table)]);
    assert!(
        output.status.success(),
        "{}{}",
        stdout(&output),
        stderr(&output)
    );
    assert!(
        stdout(&output).contains("4 certificates checked, 4 hold, 0 do not"),
        "{}",
        stdout(&output)
    );
    // The database itself is verified the same way.
    let output = grundy(&["campaign", "verify", text(&database)]);
    assert!(output.status.success(), "{}", stdout(&output));
    // A table that moves Kayles' period start is caught: exit 1, the game named.
    let mut document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&table).expect("the table")).expect("JSON");
    document["games"][0]["report"]["preperiod"] = 70.into();
    let forged = directory.path().join("forged.json");
    std::fs::write(&forged, document.to_string()).expect("written");
    let output = grundy(&["campaign", "verify", text(&forged)]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("0.77: DIFFERS: preperiod"),
        "{}",
        stdout(&output)
    );
    // So is a row whose own column disagrees with its report, and an "open" row whose report
    // claims a certificate is checked too.
    let mut document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&table).expect("the table")).expect("JSON");
    document["games"][1]["period"] = 17.into();
    document["games"][4]["state"] = "open".into();
    document["games"][4]["report"] = document["games"][0]["report"].clone();
    std::fs::write(&forged, document.to_string()).expect("written");
    let output = grundy(&["campaign", "verify", text(&forged)]);
    assert_eq!(output.status.code(), Some(1));
    let printed = stdout(&output);
    assert!(
        printed.contains("0.07: DIFFERS: period: the row states 17"),
        "{printed}"
    );
    assert!(
        printed.contains("0.6: DIFFERS: the row's status"),
        "{printed}"
    );
}

#[test]
fn two_workers_share_a_postgres_campaign() {
    let server = Postgres::start();
    two_processes_share(&server.database("shared"));
}

/// A worker killed mid-game on this machine: the other takes its game over at once.
#[test]
fn a_killed_workers_game_is_finished_by_the_other_on_postgres() {
    let server = Postgres::start();
    let address = server.database("killed");
    create(&address, &["0.04", "0.77", "0.07", "0.6"]);
    let mut first = spawn(&address);
    wait_for(&mut first, "0.04: taken by worker 0 (attempt 1)");
    let second = spawn(&address);
    first.send("-KILL");
    let (status, first_log) = first.finish();
    assert_eq!(status.code(), None, "killed: {first_log}");
    let (status, second_log) = second.finish();
    assert!(status.success(), "{second_log}");
    assert!(
        second_log.contains("0.04: taken by worker 0 (attempt 2)"),
        "{first_log}\n{second_log}"
    );
    let rows = rows(&address);
    assert_eq!(rows["0.04"]["state"], "open");
    assert_eq!(rows["0.04"]["attempts"], 2);
    assert_eq!(rows["0.77"]["period"], 12);
}

/// A game held by a worker of another machine that stopped renewing its lease returns to the
/// queue when the lease runs out (on the database's clock), and another worker finishes it.
#[test]
fn a_game_whose_lease_runs_out_is_taken_over() {
    let server = Postgres::start();
    let address = server.database("lease");
    create(&address, &["0.77", "0.07"]);
    server.execute(
        "lease",
        "UPDATE grundy_games SET state = 'running', worker = 'elsewhere/1/1#0', attempts = 1, \
         started_at = now(), lease_until = now() + interval '1 second' WHERE spec = '0.77'",
    );
    assert_eq!(rows(&address)["0.77"]["state"], "running");
    // The run computes 0.07, waits for the lease, then takes 0.77 over.
    let output = grundy(&["campaign", "run", &address, "--workers", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("0.77: taken by worker 0 (attempt 2)"),
        "{}",
        stderr(&output)
    );
    let rows = rows(&address);
    assert_eq!(
        (&rows["0.77"]["state"], &rows["0.77"]["period"]),
        (&"certified".into(), &12.into())
    );
    // A new campaign never takes over a schema that holds one.
    let output = grundy(&["campaign", "new", &address, "0.6"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("exists"), "{}", stderr(&output));
}

/// The values of the checkpoint an export shows for `game` (0 for none).
fn saved(rows: &HashMap<String, serde_json::Value>, game: &str) -> u64 {
    rows[game]["checkpoint"]["values"].as_u64().unwrap_or(0)
}

#[test]
fn a_killed_game_resumes_from_its_checkpoint_and_an_open_one_is_pushed_further() {
    let directory = directory();
    let database = directory.path().join("pushed.sqlite");
    resumes_and_pushes(text(&database), &directory);
}

#[test]
fn checkpoints_resume_and_push_further_on_postgres() {
    let server = Postgres::start();
    let directory = directory();
    resumes_and_pushes(&server.database("pushed"), &directory);
    // A campaign of the first version of the tables is upgraded when a worker opens it.
    let address = server.database("first");
    create(&address, &["0.77"]);
    server.execute(
        "first",
        "DROP TABLE grundy_checkpoints; ALTER TABLE grundy_games DROP COLUMN resumed_from; \
         UPDATE grundy_campaign SET schema_version = 1",
    );
    let output = grundy(&["campaign", "run", &address, "--workers", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(rows(&address)["0.77"]["state"], "certified");
    let status = grundy(&["campaign", "status", &address, "--json"]);
    let status: serde_json::Value = serde_json::from_str(&stdout(&status)).expect("JSON");
    assert_eq!(status["checkpoints"]["games"], 0);
}

/// A game killed in flight resumes from its checkpoint at `database`, and ends as a run from
/// the start (a campaign in `directory`) would; raised, the budget pushes it further.
fn resumes_and_pushes(database: &str, directory: &tempfile::TempDir) {
    // 0.04 has no known period: open at 2^17 values.
    let output = grundy(&["campaign", "new", database, "0.04", "--max", "2^17"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut run = Background::spawn(&[
        "campaign",
        "run",
        database,
        "--workers",
        "1",
        "--checkpoint-every",
        "0.01",
    ]);
    wait_for(&mut run, "0.04: checkpoint of ");
    run.send("-KILL");
    let (status, printed) = run.finish();
    assert_eq!(status.code(), None, "killed: {printed}");
    let before = rows(database);
    assert_eq!(before["0.04"]["state"], "running");
    let kept = saved(&before, "0.04");
    assert!(kept > 0 && kept < 1 << 17, "{}", before["0.04"]);
    let status = stdout(&grundy(&["campaign", "status", database]));
    assert!(
        status.contains("saved     checkpoints of 1 games"),
        "{status}"
    );
    // The next run resumes from it, and ends as a run from the start would.
    let output = grundy(&["campaign", "run", database, "--workers", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!(
            "0.04: resumed from its checkpoint of {kept} values"
        )),
        "{}",
        stderr(&output)
    );
    let after = rows(database);
    assert_eq!(after["0.04"]["state"], "open");
    assert_eq!(after["0.04"]["resumed_from"], kept);
    assert_eq!(saved(&after, "0.04"), 1 << 17);
    let fresh = directory.path().join("fresh.sqlite");
    let fresh = text(&fresh);
    for args in [
        &["campaign", "new", fresh, "0.04", "--max", "2^17"][..],
        &["campaign", "run", fresh, "--workers", "1"],
    ] {
        let output = grundy(args);
        assert!(output.status.success(), "{}", stderr(&output));
    }
    let fresh = rows(fresh);
    for column in [
        "computed_to",
        "largest_value",
        "largest_at",
        "rare_mask",
        "rare_heaps",
        "report",
    ] {
        assert_eq!(after["0.04"][column], fresh["0.04"][column], "{column}");
    }
    assert_eq!(
        after["0.04"]["checkpoint"]["checksum"],
        fresh["0.04"]["checkpoint"]["checksum"]
    );
    // A budget is raised, never lowered; the open game resumes from its 2^17 values.
    let output = grundy(&["campaign", "extend", database, "--max", "1000"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("--max must be at least 131072"),
        "{}",
        stderr(&output)
    );
    let output = grundy(&["campaign", "extend", database, "--max", "140000"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("1 open or observed game queued again"),
        "{}",
        stdout(&output)
    );
    let output = grundy(&["campaign", "run", database, "--workers", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("0.04: resumed from its checkpoint of 131072 values"),
        "{}",
        stderr(&output)
    );
    let pushed = rows(database);
    assert_eq!(pushed["0.04"]["computed_to"], 140_000);
    assert_eq!(saved(&pushed, "0.04"), 140_000);
}
