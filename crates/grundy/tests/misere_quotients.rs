//! Known misère quotients (testdata/misere-quotients.json) against `Analyzer::quotient_from`.

use grundy::render::quotient::relations;
use grundy::{Analyzer, Config, Outcome, parse_game};
use serde_json::Value;

#[test]
fn known_quotients() {
    let path = format!(
        "{}/../../testdata/misere-quotients.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let data: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("testdata")).expect("JSON");
    let analyzer = Analyzer::new(Config::default());
    for entry in data["quotients"].as_array().expect("a list") {
        let code = entry["code"].as_str().expect("a code");
        let game = parse_game(&format!("misere:{code}")).expect("a game");
        let heaps = entry["heaps"].as_u64().map_or(300, |h| h as usize);
        let report = analyzer
            .quotient_from(&game, None, heaps)
            .expect("a report");
        let name = &entry["name"];
        assert_eq!(
            report.quotient.order() as u64,
            entry["order"].as_u64().expect("order"),
            "{name}"
        );
        assert_eq!(
            report.quotient.losing_count() as u64,
            entry["losing"].as_u64().expect("losing"),
            "{name}"
        );
        if let Some(expected) = entry["relations"].as_array() {
            let expected: Vec<&str> = expected.iter().filter_map(Value::as_str).collect();
            assert_eq!(relations(&report), expected, "{name}");
        }
        if let Some(period) = entry["period"].as_u64() {
            let closure = report.closure.expect("closed");
            assert_eq!(
                (closure.preperiod as u64, closure.period as u64),
                (entry["preperiod"].as_u64().expect("n0"), period),
                "{name}"
            );
        }
        for heap in entry["single_heap_p"].as_array().into_iter().flatten() {
            let position = game.parse_position(&heap.to_string()).expect("a heap");
            let solution = analyzer.solve(&game, &position).expect("solved");
            assert_eq!(solution.outcome, Outcome::Lose, "{name}: heap {heap}");
        }
        if entry["single_heap_p"].is_array() {
            for heap in [2, 3, 5, 6, 7, 8, 10, 11] {
                let position = game.parse_position(&heap.to_string()).expect("a heap");
                assert_eq!(
                    analyzer.solve(&game, &position).expect("solved").outcome,
                    Outcome::Win,
                    "{name}: heap {heap}"
                );
            }
        }
    }
}
