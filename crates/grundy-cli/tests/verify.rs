//! `grundy verify` (对拍 against the brute force) through the real binary.

mod common;
use common::{grundy, stderr, stdout};

#[test]
fn agreement_is_reported_path_by_path_with_exit_zero() {
    let output = grundy(&[
        "verify",
        "subtraction:1,3,4",
        "--to",
        "100",
        "--threads",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("game       subtraction:1,3,4\n"), "{text}");
    for line in [
        "agrees     table, naive engine                          101 comparisons, numbers ≤ 100",
        "agrees     table, streaming engine                      101 comparisons, numbers ≤ 100",
        "agrees     certified period                             101 comparisons, numbers ≤ 100",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    assert!(
        text.ends_with("result     every path agrees with the brute force\n"),
        "{text}"
    );
}

#[test]
fn a_period_that_never_repeats_within_the_range_is_not_claimed_checked() {
    let output = grundy(&["verify", "subtraction:300,400", "--threads", "1"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains(
        "skipped    certified period: the positions compared end before the period first repeats, at 700"
    ));
}

#[test]
fn json_lists_every_check() {
    let output = grundy(&["verify", "0.77", "--to", "30", "--threads", "1", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(
        (json["game"].as_str(), json["to"].as_u64()),
        (Some("0.77"), Some(30))
    );
    assert_eq!(json["agrees"], true);
    let checks = json["checks"].as_array().expect("checks");
    let paired = checks
        .iter()
        .find(|c| c["path"] == "table, paired rare/common engine, 2 threads")
        .expect("the paired engine ran");
    assert_eq!(
        (paired["verdict"].as_str(), paired["compared"].as_u64()),
        (Some("agrees"), Some(31))
    );
    let tail = checks
        .iter()
        .find(|c| c["path"] == "table, tail engine, 1 thread")
        .expect("the tail engine is listed");
    assert_eq!(tail["verdict"], "skipped");
}

#[test]
fn every_family_agrees() {
    for args in [
        &["verify", "misere:subtraction:1,3,4"][..],
        &["verify", "allbut:2,3,7", "--to", "200"],
        &["verify", "nim"],
        &["verify", "misere:nim"],
        &["verify", "wythoff", "--to", "30"],
        &["verify", "fibonacci-nim", "--to", "30"],
        &["verify", "norepeat:1,2,3", "--to", "60"],
        &["verify", "oddball:1,2,3", "--to", "100"],
        &["verify", "nim[3] + subtraction:1,2[4]", "--seed", "5"],
    ] {
        let output = grundy(args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}{}",
            stdout(&output),
            stderr(&output)
        );
        assert!(stdout(&output).contains("\nagrees     "), "{args:?}");
    }
}

#[test]
fn bad_input_and_games_without_a_second_path_exit_two() {
    let output = grundy(&["verify", "bash:3", "--to", "ten"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--to"), "{}", stderr(&output));
    let output = grundy(&["verify", "misere:0.77"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("misère"), "{}", stderr(&output));
    let output = grundy(&["verify", "bash:3", "--to", "10^99999"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}

#[test]
fn a_brute_force_too_long_to_run_is_refused_with_how_far_it_may_go() {
    let output = grundy(&["verify", "allbut:2,3", "--to", "999999"]);
    assert_eq!(output.status.code(), Some(2));
    let text = stderr(&output);
    assert!(
        text.contains("would take about 500000000000 steps, more than the 500000000 it may take"),
        "{text}"
    );
    assert!(text.contains("hint: lower --to to 31621 or less"), "{text}");
    let output = grundy(&["verify", "fibonacci-nim", "--to", "3000"]);
    assert!(
        stderr(&output).contains("hint: lower --to to 1441 or less"),
        "{}",
        stderr(&output)
    );
    let output = grundy(&["verify", "bash:3", "--to", "1000000"]);
    assert!(
        stderr(&output).contains("--to accepts at most 999999"),
        "{}",
        stderr(&output)
    );
}
