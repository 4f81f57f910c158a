//! Runs every known answer in `testdata/` against every engine.

use grundy::period::Search;
use grundy::render::moves::description;
use grundy::{Analyzer, Config, Engine, Outcome, parse_game};
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    games: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    game: String,
    source: String,
    outcomes: Option<String>,
    values: Option<Vec<u64>>,
    period: Option<ExpectedPeriod>,
    #[serde(default)]
    solve: Vec<Solve>,
}

#[derive(Deserialize)]
struct ExpectedPeriod {
    preperiod: u64,
    period: u64,
    saltus: u64,
    certified: bool,
}

#[derive(Deserialize)]
struct Solve {
    position: String,
    value: String,
    /// An integer, or a string of digits when it is too large for JSON readers.
    grundy: serde_json::Value,
    winning_moves: Vec<String>,
}

fn load(name: &str) -> File {
    let path = format!("{}/../../testdata/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {path}: {e}"))
}

#[test]
fn subtraction_games_against_every_engine() {
    let file = load("subtraction.json");
    assert!(file.games.len() >= 10);
    for engine in Engine::ALL {
        let analyzer = Analyzer::new(Config::default().with_engine(engine));
        for entry in &file.games {
            let context = format!(
                "{} with the {} engine (source: {})",
                entry.game,
                engine.name(),
                entry.source
            );
            let game = parse_game(&entry.game).unwrap();
            let length = entry
                .outcomes
                .as_ref()
                .map_or(0, String::len)
                .max(entry.values.as_ref().map_or(0, Vec::len));
            if length > 0 {
                let table = analyzer
                    .table(&game, &0u32.into(), &(length as u64 - 1).into())
                    .unwrap();
                if let Some(values) = &entry.values {
                    let got: Vec<u64> = table.values[..values.len()]
                        .iter()
                        .map(|v| v.try_into().unwrap())
                        .collect();
                    assert_eq!(&got, values, "{context}: values");
                }
                if let Some(outcomes) = &entry.outcomes {
                    let got: String = table
                        .values
                        .iter()
                        .take(outcomes.len())
                        .map(|v| if *v == 0u32.into() { 'P' } else { 'N' })
                        .collect();
                    assert_eq!(&got, outcomes, "{context}: outcomes");
                }
            }
            if let Some(expected) = &entry.period {
                let report = analyzer.period(&game).unwrap();
                let (periodicity, certified) = match &report.search {
                    Search::Certified(certificate) => (certificate.periodicity(), true),
                    Search::Observed(observation) => (observation.periodicity(), false),
                    other @ Search::NotFound { .. } => panic!("{context}: no period: {other:?}"),
                };
                assert_eq!(
                    (
                        periodicity.preperiod(),
                        periodicity.period(),
                        periodicity.saltus(),
                        certified
                    ),
                    (
                        expected.preperiod,
                        expected.period,
                        expected.saltus,
                        expected.certified
                    ),
                    "{context}: period"
                );
            }
            for solve in &entry.solve {
                let position = game.parse_position(&solve.position).unwrap();
                let solution = analyzer.solve(&game, &position).unwrap();
                let context = format!("{context}, heap {}", solve.position);
                let expected_outcome = if solve.value == "win" {
                    Outcome::Win
                } else {
                    Outcome::Lose
                };
                assert_eq!(solution.outcome, expected_outcome, "{context}: value");
                let grundy = match &solve.grundy {
                    serde_json::Value::String(digits) => digits.clone(),
                    other => other.to_string(),
                };
                let got = solution
                    .grundy
                    .as_ref()
                    .or(solution.misere_grundy.as_ref())
                    .map(ToString::to_string);
                assert_eq!(got.as_deref(), Some(grundy.as_str()), "{context}: grundy");
                let moves: Vec<String> = solution
                    .winning_moves
                    .iter()
                    .map(|m| description(&game, m))
                    .collect();
                assert_eq!(moves, solve.winning_moves, "{context}: winning moves");
            }
        }
    }
}
