//! The tests of `analysis::judge`.

use super::*;
use crate::analysis::Config;
use crate::input::judge_format::{JudgeFormat, Preset, read_judge};
use crate::input::spec::parse_game;

fn verdicts(format: &str, input: &str, game: Option<&str>) -> Vec<Verdict> {
    let format = JudgeFormat::parse(format).unwrap();
    let game = game.map(|g| parse_game(g).unwrap());
    let cases = read_judge(input, &format, game.as_ref()).unwrap();
    Analyzer::new(Config::default())
        .judge(&cases, format.output())
        .unwrap()
}

/// Every fast path gives `solve`'s outcome and winning-move count.
#[test]
fn verdicts_agree_with_solve() {
    let analyzer = Analyzer::new(Config::default());
    for (format, game) in [
        ("lines/count", "subtraction:1,3,4"),
        ("lines/count", "nim"),
        ("lines/count", "misere:nim"),
        ("lines/yes-no", "wythoff"),
        ("lines/count", "0.77"),
        ("lines/count", "subtraction:fibonacci"),
        ("lines/symbols", "oddball:1,2,3"),
        ("lines/count", "allbut:2,3"),
    ] {
        let format = JudgeFormat::parse(format).unwrap();
        let game = parse_game(game).unwrap();
        for seed in 0..5 {
            let inputs = analyzer.test_inputs(&format, Some(&game), 6, seed).unwrap();
            for TestInput { cases, .. } in inputs {
                let verdicts = analyzer.judge(&cases, format.output()).unwrap();
                for (case, verdict) in cases.iter().zip(&verdicts) {
                    let Some((game, position)) = case.game_and_position() else {
                        continue;
                    };
                    let solution = analyzer.solve(&game, &position).unwrap();
                    assert_eq!(verdict.outcome, solution.outcome, "{game} {position}");
                    if format.output().needs_moves() {
                        assert_eq!(
                            verdict.winning_moves,
                            Some(moves_count(&solution)),
                            "{game} {position}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn samples_of_the_statements() {
    use Outcome::{Lose, Win};
    let outcomes = |v: Vec<Verdict>| v.into_iter().map(|v| v.outcome).collect::<Vec<_>>();
    assert_eq!(
        outcomes(verdicts("hdu-1848", "1 1 1\n1 4 1\n0 0 0\n", None)),
        [Win, Lose]
    );
    assert_eq!(
        outcomes(verdicts(
            "hdu-1536",
            "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
            None
        )),
        [Lose, Win, Win]
    );
    let moves = verdicts("hdu-2176", "2 45 45\n3 3 6 9\n0\n", None);
    assert_eq!((moves[0].outcome, moves[0].listed.len()), (Lose, 0));
    assert_eq!(moves[1].listed.len(), 1);
    let moves = verdicts("hdu-2176", "5 5 7 8 9 10\n0\n", None);
    let pairs: Vec<(u32, u32)> = moves[0]
        .listed
        .iter()
        .map(|m| match m {
            ListedMove::Heap(m) => (
                u32::try_from(&m.from).unwrap(),
                u32::try_from(&m.to).unwrap(),
            ),
            ListedMove::Pair(..) => panic!("one heap's moves"),
        })
        .collect();
    assert_eq!(pairs, [(8, 1), (9, 0), (10, 3)]);
    assert_eq!(
        verdicts("hdu-1850", "3\n5 7 9\n0\n", None)[0].winning_moves,
        Some(1u32.into())
    );
}

#[test]
fn ties_have_no_word() {
    let format = JudgeFormat::parse("lines/yes-no").unwrap();
    let game = parse_game("oddball:1,2,3").unwrap();
    let cases = read_judge("2\n", &format, Some(&game)).unwrap();
    let error = Analyzer::new(Config::default())
        .judge(&cases, format.output())
        .unwrap_err();
    assert!(error.to_string().contains("tie"), "{error}");
}

#[test]
fn test_inputs_stay_within_the_bounds() {
    let analyzer = Analyzer::new(Config::default());
    for preset in Preset::ALL {
        let format = JudgeFormat::of_preset(preset);
        let bounds = format.bounds();
        for TestInput { cases, .. } in analyzer.test_inputs(&format, None, 12, 3).unwrap() {
            assert!(
                !cases.is_empty() && cases.len() <= bounds.most_cases,
                "{preset:?}"
            );
            for case in &cases {
                if let Some(largest) = largest_number(case) {
                    assert!(
                        *largest <= BigUint::from(bounds.largest.unwrap()),
                        "{preset:?}"
                    );
                }
            }
        }
    }
}

/// Take 1 or 2 tokens from `[n, 0]`; whoever cannot move loses.
const TAKE_SCRIPT: &str = "fn start(n) { [n, 0] } fn moves(s) { let out = []; for t in [1, 2] { if t <= s[0] { out.push([s[0] - t, 0]); } } out }";

fn script_game(source: &'static str) -> Game {
    crate::input::spec::parse_game_with_loader("script:take.rhai", &move |_| Ok(source.to_owned()))
        .unwrap()
}

/// A judge's cases of one script share one memo: 2 000 cases of a heap of 50 000 are one search
/// of 50 001 positions. Searched case by case they would take some 3·10⁹ script operations,
/// beyond the question's limit of 10⁹, and be refused.
#[test]
fn the_cases_of_a_script_share_one_search() {
    let format = JudgeFormat::parse("lines/yes-no").unwrap();
    let game = script_game(TAKE_SCRIPT);
    let heaps: Vec<u32> = (0..2000).map(|i| 50_000 - i % 7).collect();
    let input = heaps
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    let cases = read_judge(&input, &format, Some(&game)).unwrap();
    let verdicts = Analyzer::new(Config::default())
        .judge(&cases, format.output())
        .unwrap();
    for (heap, verdict) in heaps.iter().zip(&verdicts) {
        let expected = if heap % 3 == 0 {
            Outcome::Lose
        } else {
            Outcome::Win
        };
        assert_eq!(verdict.outcome, expected, "heap {heap}");
    }
}

/// A script's cases end at a line of zeros in `lines-zero`, as a heap game's do.
#[test]
fn a_script_input_ends_at_its_line_of_zeros() {
    let pair = "fn start(s) { let p = s.split(\" \"); [parse_int(p[0]), parse_int(p[1])] } fn moves(s) { let out = []; for t in 1..=s[0] { out.push([s[0] - t, s[1]]); } for t in 1..=s[1] { out.push([s[0], s[1] - t]); } out }";
    let format = JudgeFormat::parse("lines-zero/yes-no").unwrap();
    let game = script_game(pair);
    let cases = read_judge("3 3\n1 2\n0 0\n", &format, Some(&game)).unwrap();
    let verdicts = Analyzer::new(Config::default())
        .judge(&cases, format.output())
        .unwrap();
    let outcomes: Vec<Outcome> = verdicts.iter().map(|v| v.outcome).collect();
    assert_eq!(outcomes, [Outcome::Lose, Outcome::Win]);
}
