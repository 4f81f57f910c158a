//! A campaign's export against the published tables of octal games (testdata/octal-tables.json):
//! every trivial and solved game whose period is certified within 2^14 values, and every code
//! the lookup tables say plays as one of them, run as one campaign on two workers; each row of
//! the export must state what the tables state, and the equivalences found must group the codes
//! as the lookup tables do.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use grundy_campaign::equivalence::{Equivalence, Proof, find};
use grundy_campaign::export::{Format, export};
use grundy_campaign::{Budget, RunPlan, SqliteStore, State, Store};
use serde_json::Value;

/// The values each game of the test campaign may take: enough for the solved games below.
const VALUES: u64 = 1 << 14;

/// The solved games certified within [`VALUES`] values (Guy–Smith needs `2(n0 + p) + t`).
fn fits(row: &Value) -> bool {
    let needed = 2 * (row["prefix"].as_u64().unwrap() + row["period"].as_u64().unwrap()) + 3;
    needed <= VALUES
}

fn tables() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/octal-tables.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `0112(0011)` as the values it spells and where the period starts.
fn nimbers(text: &str) -> (Vec<u64>, usize) {
    let start = text.find('(').unwrap();
    let values = text
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| u64::from(c.to_digit(36).unwrap()))
        .collect();
    (values, start)
}

/// `G(0), …, G(count − 1)` of a certified game, read from its exported report.
fn sequence(game: &Value, count: usize) -> Vec<u64> {
    let report = &game["report"];
    let (n0, p) = (
        report["preperiod"].as_u64().unwrap() as usize,
        report["period"].as_u64().unwrap() as usize,
    );
    assert_eq!(report["saltus"], 0, "{}", game["game"]);
    let values: Vec<u64> = report["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    (0..count)
        .map(|n| {
            if n < n0 + p {
                values[n]
            } else {
                values[n0 + (n - n0) % p]
            }
        })
        .collect()
}

#[test]
fn the_export_states_what_the_published_tables_state() {
    let tables = tables();
    let trivial = tables["trivial"].as_array().unwrap();
    let solved: Vec<&Value> = tables["solved"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| fits(r))
        .collect();
    assert!(solved.len() >= 5, "the solved games the test covers");
    let lookup: HashMap<&str, &str> = tables["lookup"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(code, to)| (code.as_str(), to.as_str().unwrap()))
        .collect();
    // The codes: the trivial and solved ones, and every code that plays as one of them (or as
    // another code outside 0.d1d2d3 — those must share a sequence among themselves).
    let mut codes: Vec<String> = trivial
        .iter()
        .chain(solved.iter().copied())
        .map(|row| row["code"].as_str().unwrap().to_owned())
        .collect();
    let known: BTreeSet<String> = codes.iter().cloned().collect();
    for (code, to) in &lookup {
        if (known.contains(*to) || !to.starts_with("0.")) && !known.contains(*code) {
            codes.push((*code).to_owned());
        }
    }
    let games: Vec<grundy::Game> = codes
        .iter()
        .map(|c| grundy::parse_game(c).unwrap())
        .collect();
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("published.sqlite");
    SqliteStore::create(&path, "published", &games, &Budget::values(VALUES)).unwrap();
    let plan = RunPlan {
        workers: 2,
        ..RunPlan::default()
    };
    let summary = grundy_campaign::run(
        || SqliteStore::open(&path),
        &plan,
        &grundy::NoObserver,
        &|_| {},
    )
    .unwrap();
    assert_eq!(summary.finished, games.len() as u64);
    let mut store = SqliteStore::open(&path).unwrap();
    let rows = store.rows().unwrap();
    let equivalences = find(&rows);
    let text = export(
        &store.settings().unwrap(),
        &rows,
        &equivalences,
        Format::Json,
    );
    let document: Value = serde_json::from_str(&text).unwrap();
    let exported: HashMap<&str, &Value> = document["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| (game["game"].as_str().unwrap(), game))
        .collect();
    assert_eq!(exported.len(), games.len());

    check_trivial(trivial, &exported);
    check_solved(&solved, &exported);
    check_lookup(&codes, &lookup, &equivalences);
    assert!(rows.iter().all(|row| row.state == State::Certified));
}

/// The trivial table: the nimbers from the shift that matches, the period and the prefix.
fn check_trivial(trivial: &[Value], exported: &HashMap<&str, &Value>) {
    for row in trivial {
        let code = row["code"].as_str().unwrap();
        let game = exported[code];
        assert_eq!(game["state"], "certified", "{code}");
        assert_eq!(game["period"], row["period"], "{code}");
        let (spelled, _) = nimbers(row["nimbers"].as_str().unwrap());
        let ours = sequence(game, spelled.len() + 4);
        let shift = (0..=3)
            .find(|&k| ours[k..k + spelled.len()] == spelled[..])
            .unwrap_or_else(|| panic!("{code}: no shift of {ours:?} spells {}", row["nimbers"]));
        let n0 = game["preperiod"].as_u64().unwrap();
        assert_eq!(
            n0.saturating_sub(shift as u64),
            row["prefix"].as_u64().unwrap(),
            "{code} (shift {shift})"
        );
    }
}

/// The solved table: every column it states.
fn check_solved(solved: &[&Value], exported: &HashMap<&str, &Value>) {
    for row in solved {
        let code = row["code"].as_str().unwrap();
        let game = exported[code];
        assert_eq!(game["state"], "certified", "{code}");
        assert_eq!(game["preperiod"], row["prefix"], "{code}");
        assert_eq!(game["period"], row["period"], "{code}");
        assert_eq!(
            (&game["largest_value"], &game["largest_at"]),
            (&row["largest"], &row["largest_at"]),
            "{code}"
        );
        if let Some(mask) = row["rare_mask"]
            .as_str()
            .and_then(|m| u64::from_str_radix(m, 16).ok())
        {
            assert_eq!(game["rare_mask"], mask, "{code}");
            assert_eq!(game["rare_heaps"], row["rare_heaps"], "{code}");
            assert_eq!(game["last_rare"], row["last_rare"], "{code}");
        }
    }
}

/// The lookup tables: codes with the same entry share a sequence, and only they do; every
/// likeness among these certified games is proved.
fn check_lookup(codes: &[String], lookup: &HashMap<&str, &str>, equivalences: &[Equivalence]) {
    let root = |code: &str| {
        equivalences
            .iter()
            .find(|e| e.game == code)
            .map_or(code.to_owned(), |e| e.same_as.clone())
    };
    let class = |code: &str| match lookup.get(code) {
        Some(to) => (*to).to_owned(),
        None => code.to_owned(),
    };
    for a in codes {
        for b in codes {
            if a < b {
                assert_eq!(
                    root(a) == root(b),
                    class(a) == class(b),
                    "{a} (plays as {}) and {b} (plays as {})",
                    root(a),
                    root(b)
                );
            }
        }
    }
    assert!(equivalences.iter().all(|e| e.proof == Proof::Certified));
}
