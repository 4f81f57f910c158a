//! Runs the real `grundy play` over its line protocol (docs/play.md): whole games, undo and redo,
//! hints, bad input, and the JSON lines.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Plays `args` with `input` on stdin (not a terminal: the line protocol).
fn play(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    // The game may end before all input is read: a closed pipe is fine.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    let output = child.wait_with_output().expect("grundy finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// Plays a whole game, answering every prompt with `choose` applied to the listed moves (their
/// lines, in order); returns the transcript.
fn whole_game(args: &[&str], mut choose: impl FnMut(&[String]) -> usize) -> String {
    // The protocol is deterministic, so the game is replayed with one more move each time until
    // it ends: the moves chosen so far are the input.
    let mut moves: Vec<usize> = Vec::new();
    loop {
        let input: String = moves.iter().map(|m| m.to_string() + "\n").collect();
        let output = play(args, &input);
        let transcript = text(&output.stdout);
        if output.status.success() {
            assert!(transcript.contains("result: "), "{transcript}");
            return transcript;
        }
        // The input ended: the last block of moves is the one to answer.
        assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
        assert!(text(&output.stderr).contains("the input ended before the game did"));
        let last = transcript
            .rfind("position: ")
            .expect("a position was shown");
        let listed: Vec<String> = transcript[last..]
            .lines()
            .filter(|l| l.starts_with("  "))
            .map(str::to_owned)
            .collect();
        assert!(!listed.is_empty(), "{transcript}");
        moves.push(choose(&listed) + 1);
        assert!(moves.len() < 200, "the game should end");
    }
}

/// A simple random number generator (a linear congruence), seeded.
fn random(seed: &mut u64, below: usize) -> usize {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (*seed >> 33) as usize % below
}

#[test]
fn the_computer_wins_nim_from_an_n_position_against_random_moves() {
    for seed in [1, 2, 3] {
        let mut state = seed;
        let transcript = whole_game(&["nim", "3,4,5", "--first", "computer"], |moves| {
            random(&mut state, moves.len())
        });
        assert!(
            transcript.starts_with(
                "game: nim\nposition: 3,4,5\nto move: computer\ncomputer: take 2 from heap 1 -> 1,4,5\n"
            ),
            "{transcript}"
        );
        assert!(
            transcript.ends_with("result: the computer won; you never had a winning position\n"),
            "{transcript}"
        );
    }
}

#[test]
fn a_perfect_human_beats_the_computer_and_it_loses_slowest() {
    // With hints, the human always plays a move marked as a win.
    let transcript = whole_game(&["subtraction:1,3,4", "10", "--hints"], |moves| {
        moves
            .iter()
            .position(|m| m.contains("[win"))
            .expect("a winning move is marked")
    });
    assert!(
        transcript.ends_with("result: you won; the computer never had a winning position\n"),
        "{transcript}"
    );
    // The first move marked as a win (the computer would take the faster one, to 7).
    assert!(transcript.contains("you: take 1 -> 9\n"), "{transcript}");
}

#[test]
fn the_loser_is_told_where_the_game_was_lost() {
    // Taking 1 from 3,4,5 gives the win away; the computer then wins.
    let transcript = whole_game(&["nim", "3,4,5"], |_| 0);
    assert!(
        transcript.ends_with(
            "result: the computer won; you went wrong at move 1: take 1 from heap 1 from 3,4,5 turned a win into a loss\n"
        ),
        "{transcript}"
    );
}

#[test]
fn wythoff_kayles_the_contest_game_and_misere_play_to_the_end() {
    let mut seed = 7;
    for args in [
        &["wythoff", "3,5", "--first", "computer"][..],
        &["kayles", "5,3", "--first", "computer"],
        &["misere:nim", "1,2,3", "--first", "computer"],
        &["misere:kayles", "5", "--first", "computer"],
        &["oddball:1,4,5", "13", "--first", "computer"],
        &["nim[2] + subtraction:1,2[4]", "--first", "computer"],
    ] {
        let start = play(&[args, &["--json"]].concat(), "");
        let first: Value =
            serde_json::from_str(text(&start.stdout).lines().next().expect("a line"))
                .expect("JSON");
        let transcript = whole_game(args, |moves| random(&mut seed, moves.len()));
        let result = transcript.lines().last().expect("a result");
        // The computer never loses a won position, and never loses when it starts from one.
        assert_eq!(first["event"], "position");
        assert_eq!(first["to_move"], "computer");
        if first["options"]["outcome"] != "lose" {
            assert!(
                result.starts_with("result: the computer won")
                    || result.starts_with("result: a tie"),
                "{args:?}: {transcript}"
            );
        }
        assert!(
            !result.starts_with("result: you won"),
            "{args:?}: {transcript}"
        );
    }
}

#[test]
fn the_contest_game_ends_in_a_tie_with_best_play() {
    // oddball:1,4,5 from 2 balls: each takes 1; both hold 1 (odd, odd): a tie.
    let output = play(&["oddball:1,4,5", "2", "--hints"], "1\n");
    let transcript = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(transcript.contains("value: tie in 2\n"), "{transcript}");
    assert!(
        transcript.contains("  1. take 1 -> 1/0/1  [tie in 2]\n"),
        "{transcript}"
    );
    assert!(
        transcript.ends_with("computer: take 1 -> 0/1/1\nposition: 0/1/1\nresult: a tie\n"),
        "{transcript}"
    );
}

#[test]
fn hints_show_every_move_with_its_value() {
    let output = play(&["nim", "3,4,5", "--hints"], "quit\n");
    let transcript = text(&output.stdout);
    assert!(output.status.success());
    assert!(transcript.starts_with(
        "game: nim\nposition: 3,4,5\nto move: you\nvalue: win in 11, grundy 2\n  1. take 1 from heap 1 -> 2,4,5  [lose in 12]\n  2. take 2 from heap 1 -> 1,4,5  [win in 11]\n"
    ), "{transcript}");
    assert!(transcript.ends_with("your move?\nresult: you quit at 3,4,5\n"));
    // Without hints the moves carry no value; `hints` turns them on.
    let output = play(&["nim", "3,4,5"], "hints\nquit\n");
    let transcript = text(&output.stdout);
    let (before, after) = transcript.split_once("your move?").expect("a prompt");
    assert!(!before.contains("[win"), "{transcript}");
    assert!(
        after.contains("  2. take 2 from heap 1 -> 1,4,5  [win in 11]"),
        "{transcript}"
    );
}

#[test]
fn undo_and_redo_go_back_to_the_players_turn() {
    let output = play(
        &["subtraction:1,3,4", "10", "--first", "computer"],
        "undo\n1\nundo\nredo\nquit\n",
    );
    let transcript = text(&output.stdout);
    let errors = text(&output.stderr);
    assert!(output.status.success(), "{errors}");
    // Nothing of the human's to take back at first; then the move and the computer's answer go.
    assert_eq!(errors, "error: there is no move to take back\n");
    assert!(
        transcript
            .contains("you: take 1 -> 6\nposition: 6\nto move: computer\ncomputer: take 4 -> 2\n"),
        "{transcript}"
    );
    assert!(transcript.contains("undone\nposition: 7\n"), "{transcript}");
    assert!(transcript.contains("redone\nposition: 2\n"), "{transcript}");
    assert!(
        transcript.ends_with("result: you quit at 2\n"),
        "{transcript}"
    );
}

#[test]
fn a_move_is_named_by_its_number_or_the_position_it_leaves() {
    let by_number = play(&["nim", "3,4,5"], "2\nquit\n");
    let by_position = play(&["nim", "3,4,5"], "1,4,5\nquit\n");
    let by_to = play(&["subtraction:1,3,4", "10"], "to 7\nquit\n");
    assert_eq!(text(&by_number.stdout), text(&by_position.stdout));
    assert!(text(&by_to.stdout).contains("you: take 3 -> 7\n"));
}

#[test]
fn bad_lines_get_a_caret_and_the_game_goes_on() {
    let output = play(
        &["subtraction:1,3,4", "10"],
        "99\nto 2\n1,2\n\nto x\nquit\n",
    );
    let errors = text(&output.stderr);
    assert!(output.status.success(), "{errors}");
    assert!(
        errors.contains(
            "error: invalid move: no move 99: the moves are numbered 1 to 3\n  99\n  ^^\n"
        ),
        "{errors}"
    );
    assert!(
        errors.contains("error: invalid move: no move leads to 2\n  to 2\n     ^\n"),
        "{errors}"
    );
    assert!(
        errors.contains("error: invalid move: nothing was typed\n"),
        "{errors}"
    );
    // A position that does not read points into the line as typed.
    assert!(errors.contains("  to x\n     ^\n"), "{errors}");
    assert!(text(&output.stdout).ends_with("result: you quit at 10\n"));
}

#[test]
fn input_that_ends_early_is_exit_2_and_bad_games_are_refused() {
    let output = play(&["nim", "3,4,5"], "2\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("error: the input ended before the game did (at 0,4,5)"));
    let refused = play(&["nim", "5000,10"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains(
            "has too many legal moves to play: up to 5010, and a game lists at most 2000"
        ) && text(&refused.stderr)
            .contains("hint: start from a position with at most 2000 legal moves"),
        "{}",
        text(&refused.stderr)
    );
    assert!(refused.stdout.is_empty());
    let missing = play(&["nim"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("the position of nim is missing"));
    let shape = play(&["wythoff", "3"], "");
    assert_eq!(shape.status.code(), Some(2));
}

#[test]
fn json_lines_describe_positions_moves_and_the_end() {
    let output = play(&["subtraction:1,2", "2", "--json"], "2\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let events: Vec<Value> = text(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(events[0]["event"], "position");
    let options = &events[0]["options"];
    assert_eq!(options["game"], "subtraction:1,2");
    assert_eq!(options["outcome"], "win");
    assert_eq!(options["remoteness"], 1);
    assert_eq!(options["best"], 2);
    assert_eq!(options["moves"][1]["to"], "0");
    assert_eq!(options["moves"][1]["result"], "win");
    assert_eq!(options["moves"][0]["value"], 1);
    assert_eq!(events[1]["event"], "move");
    assert_eq!(events[1]["player"], "you");
    let end = events.last().expect("the end");
    assert_eq!(end["event"], "end");
    assert_eq!(end["winner"], "you");
    assert_eq!(end["history"].as_array().map(Vec::len), Some(2));
}

#[test]
fn json_lines_stay_json_through_undo_redo_and_quit() {
    let output = play(&["nim", "3,4,5", "--json"], "2\nu\nr\nh\nq\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let events: Vec<Value> = text(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not a JSON line: {l}")))
        .collect();
    let names: Vec<&str> = events.iter().filter_map(|e| e["event"].as_str()).collect();
    assert!(
        names.contains(&"undo") && names.contains(&"redo"),
        "{names:?}"
    );
    let end = events.last().expect("the last line");
    assert_eq!(end["event"], "quit");
    assert_eq!(end["position"], "0,4,5");
}

#[test]
fn the_position_is_not_read_from_stdin_where_the_moves_are() {
    let output = play(&["nim", "-"], "3,4,5\n2\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("the position cannot be read from stdin"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn a_huge_heap_is_played_at_once_without_a_search_that_fills_memory() {
    // Its reachable positions would fill the memory budget (41 KB a heap) before the position
    // limit: the search stops at PLAY_SEARCH_BYTES and each move is solved on its own.
    let output = play(&["subtraction:1,3,4", "10^99999", "--json"], "q\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let first: Value =
        serde_json::from_str(text(&output.stdout).lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["options"]["basis"]["kind"], "solved");
    assert_eq!(first["options"]["outcome"], "win");
}

#[test]
fn the_to_prefix_is_case_insensitive_and_hints_fit_the_game() {
    let output = play(&["nim", "3,4,5"], "TO 1,4,5\n99\nq\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains("you: take 2 from heap 1 -> 1,4,5"),
        "{}",
        text(&output.stdout)
    );
    // No position of three heaps is one number: the hint about `to N` would mislead.
    let errors = text(&output.stderr);
    assert!(errors.contains("no move 99"), "{errors}");
    assert!(!errors.contains("written `to N`"), "{errors}");
    let heap = play(&["subtraction:1,3,4", "10"], "99\nq\n");
    assert!(text(&heap.stderr).contains("a position made of one number is written `to N`"));
}

#[test]
fn a_script_is_played_to_the_end_by_number_or_by_the_position_a_move_leaves() {
    // corner.rhai from [2, 2] (a loss: both coordinates even): whatever the human plays, the
    // computer wins, answering every move with the winning one from the hints' values.
    let example = |name: &str| {
        format!(
            "script:{}/../../examples/{name}",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let (corner, flips) = (example("corner.rhai"), example("flips.rhai"));
    for seed in [1, 2, 3] {
        let mut state = seed;
        let transcript = whole_game(&[&corner, "2", "--hints"], |moves| {
            random(&mut state, moves.len())
        });
        assert!(transcript.contains("\nposition: 2\n"), "{transcript}");
        assert!(
            transcript.ends_with("result: the computer won; you never had a winning position\n"),
            "{transcript}"
        );
        // The computer's every move leaves both coordinates even.
        for line in transcript.lines().filter(|l| l.starts_with("computer: ")) {
            let left = &line[line.rfind("-> [").expect("a position") + 4..line.len() - 1];
            let (x, y) = left.split_once(", ").expect("two coordinates");
            let (x, y): (u32, u32) = (x.parse().unwrap(), y.parse().unwrap());
            assert!(x % 2 == 0 && y % 2 == 0, "{line}");
        }
    }
    // A position typed as the script prints it (spaces aside), a string with its quotes.
    let output = play(&[&corner, "2"], "to [1,1]\n");
    assert!(
        text(&output.stdout).contains("you: to [1, 1] -> [1, 1]\n"),
        "{}",
        text(&output.stdout)
    );
    let output = play(&[&flips, "++++"], "\"+--+\"\n");
    let transcript = text(&output.stdout);
    assert!(output.status.success(), "{transcript}");
    assert!(
        transcript.ends_with(
            "you: flip 1 -> \"+--+\"\nposition: \"+--+\"\nresult: you won; the computer never had a winning position\n"
        ),
        "{transcript}"
    );
    // A position that is not one, with a caret under it.
    let output = play(&[&flips, "++++"], "\"+-\n");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("not a position of this game") && stderr.contains("^^^"),
        "{stderr}"
    );
}
