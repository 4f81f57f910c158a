//! Grundy's game `4!.0` and other `!`/`?` codes through the real binary: the published values and
//! P-positions (`testdata/grundys-game.json`), the sparse engine chosen for them (the naive engine
//! and two threads give the same values), and a period search that cannot certify.

use serde_json::Value;

mod common;
use common::{grundy, stderr};

/// Runs a command that must succeed and print JSON.
fn json(args: &[&str]) -> Value {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

fn known() -> Value {
    let path = format!(
        "{}/../../testdata/grundys-game.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn grundys_game_prints_its_published_values_and_p_positions() {
    let known = known();
    let table = json(&["table", "4!.0", "--to", "3000", "--json"]);
    let values = table["values"].as_array().unwrap();
    let published = known["values"].as_array().unwrap();
    assert_eq!(values[..published.len()], published[..]);
    let p_positions: Vec<u64> = (0..)
        .zip(values)
        .filter(|&(_, v)| v == 0)
        .map(|(n, _)| n)
        .collect();
    let published: Vec<u64> = known["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(p_positions, published);
    // The last P-position, and a heap just past it.
    assert_eq!(
        json(&["solve", "grundys-game", "1222", "--json"])["grundy"],
        0
    );
    assert_eq!(json(&["solve", "4!.0", "1223", "--json"])["outcome"], "N");
}

#[test]
fn codes_with_unequal_splits_run_on_the_sparse_engine_and_agree_with_the_naive_one() {
    for code in ["4!.0", "4?.0", "0.4!", "0.6!", "4!.07", "0.15?"] {
        let sequence = |extra: &[&str]| {
            let mut args = vec!["sequence", code, "--to", "5000", "--json"];
            args.extend(extra);
            json(&args)
        };
        let fast = sequence(&[]);
        assert_eq!(fast["count"], 5001, "{code}");
        assert_eq!(
            sequence(&["--engine", "naive"])["checksum"],
            fast["checksum"],
            "{code}"
        );
        assert_eq!(
            sequence(&["--threads", "2"])["checksum"],
            fast["checksum"],
            "{code}"
        );
    }
    // The explanation names the method that computed the values: rare/common, not the naive
    // definition.
    let explanation = json(&["explain", "4!.0", "300", "--json"]);
    let steps = explanation["steps"].as_array().unwrap();
    assert!(
        steps.iter().any(|step| step["step"] == "rare_common"),
        "{explanation}"
    );
}

#[test]
fn grundys_game_has_no_certifiable_period() {
    let report = json(&["period", "4!.0", "--max", "20000", "--json"]);
    assert_eq!(report["certified"], false);
    assert_eq!(report["period"], Value::Null);
    assert!(
        report["uncertifiable"].as_str().unwrap().contains("! or ?"),
        "{report}"
    );
}
