//! Misère take-and-break codes through the real binary: `solve` by the tame rule and by the
//! exhaustive search, misère sums across families, misère subtraction sums as their codes,
//! `table` with genera, and the refusals.

use serde_json::{Value, json};

mod common;

use common::{grundy, stderr, stdout};

fn json(args: &[&str]) -> Value {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

#[test]
fn be_the_winner_is_certified_by_the_tame_rule() {
    let text = stdout(&grundy(&["solve", "misere:0.[7]", "2,2,3"]));
    assert!(text.contains("value     win"), "{text}");
    assert!(text.contains("grundy's tame criterion"), "{text}");
    assert!(text.contains("take all 3 (heap 3) → 2,2"), "{text}");
    let value = json(&["solve", "misere:0.[7]", "2,2,3", "--json"]);
    assert_eq!(value["value"], "win");
    assert_eq!(value["misere_grundy"], 3);
    assert_eq!(value["basis"]["kind"], "rule");
    assert_eq!(value["basis"]["rule"], "grundy's tame criterion");
    assert_eq!(value["basis"]["tame_to"], "every heap");
    assert_eq!(value["basis"]["total"], json!({ "value": 3, "firm": true }));
    assert_eq!(value["winning_move_count"], 4);
    // At any size: two equal huge heaps lose, as in misère Nim.
    let value = json(&["solve", "misere:0.[7]", "4000000000,4000000000", "--json"]);
    assert_eq!(value["value"], "lose");
}

#[test]
fn misere_kayles_is_searched_exactly() {
    let text = stdout(&grundy(&["solve", "misere:0.77", "10"]));
    assert!(text.contains("value     win"), "{text}");
    assert!(text.contains("misère G  2"), "{text}");
    assert!(
        text.contains("take 1 and split the rest into 4 and 5 → 4,5"),
        "{text}"
    );
    assert!(text.contains("searched all 56 positions"), "{text}");
    let value = json(&["solve", "misere:kayles", "10", "--json"]);
    assert_eq!(value["value"], "win");
    assert_eq!(value["misere_grundy"], 2);
    assert_eq!(value["basis"]["kind"], "exhaustive search");
    assert_eq!(value["winning_move_count"], 5);
    // Heaps 1 to 4 are tame: the tame rule answers them.
    let value = json(&["solve", "misere:0.77", "4,4,1", "--json"]);
    assert_eq!(value["value"], "lose");
    assert_eq!(value["basis"]["rule"], "grundy's tame criterion");
    assert_eq!(value["basis"]["tame_to"], 4);
}

#[test]
fn misere_sums_of_tame_games_across_families() {
    let value = json(&["solve", "misere:nim[2] + 0.31[5]", "--json"]);
    assert_eq!(value["value"], "win");
    assert_eq!(value["basis"]["rule"], "grundy's tame criterion");
    assert_eq!(
        value["winning_moves"][0],
        json!({ "move": "in nim[2]: take 2 from heap 1", "to": "nim[0]", "replaces_component": 1 })
    );
    // A wild component: the sum is searched.
    let value = json(&["solve", "misere:nim[2] + 0.77[6]", "--json"]);
    assert_eq!(value["basis"]["kind"], "exhaustive search");
}

#[test]
fn misere_subtraction_sums_are_answered_as_their_code() {
    // Ten heaps up to 100 of misère subtraction:1,3,4 (the code 0.3033): tame, at once.
    let heaps = "10,20,30,40,50,60,70,80,90,100";
    let value = json(&["solve", "misere:subtraction:1,3,4", heaps, "--json"]);
    assert_eq!(value["value"], "lose");
    assert_eq!(value["basis"]["rule"], "grundy's tame criterion");
    let code = json(&["solve", "misere:0.3033", heaps, "--json"]);
    assert_eq!(code["value"], value["value"]);
    // Moves are written as takes, an emptied heap kept in its place.
    let text = stdout(&grundy(&["solve", "misere:subtraction:1,3,4", "3,4,6"]));
    assert!(text.contains("take 3 from heap 1 → 0,4,6"), "{text}");
    assert!(text.contains("take 1 from heap 3 → 3,4,5"), "{text}");
    // A huge heap: the misère quotient decides.
    let value = json(&[
        "solve",
        "misere:subtraction:1,3,4",
        "5,99999999999",
        "--json",
    ]);
    assert_eq!(value["value"], "win");
}

#[test]
fn a_search_beyond_the_limit_is_refused_with_its_remedy() {
    // Dawson's Kayles is wild and its misère quotient does not reach heap 30: the search decides.
    let output = grundy(&["solve", "misere:0.07", "30,30,30", "--max", "1000"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let message = stderr(&output);
    assert!(
        message.contains("the positions reachable from this one are more than the limit of 1000"),
        "{message}"
    );
    assert!(message.contains("--max"), "{message}");
    // Not implemented is no longer said of misère codes.
    let output = grundy(&["explain", "misere:0.77"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        !stderr(&output).contains("not implemented"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn table_shows_misere_values_normal_values_and_genera() {
    let text = stdout(&grundy(&["table", "misere:0.77", "--to", "12"]));
    assert!(text.contains("heaps 1 to 4 proved tame"), "{text}");
    assert!(
        text.contains(" 5      1     4  4^{146}  wild: its genus is not tame"),
        "{text}"
    );
    assert!(
        text.contains(" 4      0     1  1^{031}  tame (fickle 1)"),
        "{text}"
    );
    let value = json(&["table", "misere:0.77", "--to", "12", "--json"]);
    let values: Vec<u64> = value["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0]);
    assert_eq!(value["misere_grundy"], value["values"]);
    assert_eq!(value["tame_to"], 4);
    assert_eq!(value["genus"][5]["genus"], "4^{146}");
    assert_eq!(value["genus"][5]["tame"], false);
    assert_eq!(value["genus"][2]["exponents"], json!([2, 0]));
    assert_eq!(value["genus"][3]["grundy"], 3);
}
