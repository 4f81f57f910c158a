//! The open families of the registry (`games::registry`): each is answered by every question
//! through the general search over its options, and agrees with a brute force written here from
//! its options alone. The divisor game's known answers are in `testdata/divisor.json`.

use std::collections::HashMap;

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde_json::Value;

use grundy::games::FAMILIES;
use grundy::games::registry::{Family, family};
use grundy::games::ruleset::Ruleset;
use grundy::{Analyzer, Config, Game, Outcome, Position, parse_game};

fn testdata(name: &str) -> Value {
    let path = format!("{}/../../testdata/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).expect("testdata")).expect("JSON")
}

/// The value of `position` by the mex of its options' values, memoised: its Grundy value with
/// `end` 0, its misère Grundy value with `end` 1 (the worth of a position without options).
fn brute_value_ending(
    rules: &dyn Ruleset,
    position: &Position,
    end: u64,
    memo: &mut HashMap<Position, u64>,
) -> u64 {
    if let Some(&value) = memo.get(position) {
        return value;
    }
    let options = rules
        .options(position)
        .expect("small positions list their options");
    let value = if options.is_empty() {
        end
    } else {
        let seen: Vec<u64> = options
            .iter()
            .map(|(_, after)| brute_value_ending(rules, after, end, memo))
            .collect();
        (0u64..).find(|v| !seen.contains(v)).expect("a mex")
    };
    memo.insert(position.clone(), value);
    value
}

/// The Grundy value of `position`, by brute force.
fn brute_value(rules: &dyn Ruleset, position: &Position, memo: &mut HashMap<Position, u64>) -> u64 {
    brute_value_ending(rules, position, 0, memo)
}

/// The families every question answers by searching their options (no theorem of their own)
/// and whose positions are numbered heaps: the questions below are about them. A family with a
/// theorem is compared with the search of its options in `tests/theorems.rs`.
fn searched_families() -> impl Iterator<Item = &'static &'static Family> {
    FAMILIES.iter().filter(|entry| {
        let game = parse_game(entry.example).expect("the example parses");
        let ruleset = game.ruleset().expect("a family");
        ruleset.theorem().is_none() && ruleset.numbered_position(&BigUint::ZERO).is_some()
    })
}

#[test]
fn every_registered_family_is_found_by_its_name_and_reads_its_example() {
    assert!(!FAMILIES.is_empty());
    for entry in FAMILIES {
        assert_eq!(family(entry.name).map(|f| f.name), Some(entry.name));
        let game = parse_game(entry.example).expect("the example parses");
        assert_eq!(game.to_string(), entry.example, "the spec reads back");
        // A family's name is its own, not a built-in game's that would shadow it.
        assert!(
            matches!(game, Game::Rules(_)),
            "{} is a built-in name",
            entry.name
        );
        let Game::Rules(rules) = &game else {
            panic!("{}: a family's game", entry.name)
        };
        let position = game
            .parse_position(rules.ruleset().example_position())
            .expect("the example position parses");
        let options = rules.ruleset().options(&position).expect("listed");
        let counted = rules.ruleset().option_count(&position).expect("counted");
        assert_eq!(BigUint::from(options.len()), counted, "{}", entry.name);
    }
}

/// Every question the search answers agrees with the brute force: the table, each solved
/// position's value and outcome, and its winning moves (exactly the options of value 0).
#[test]
fn the_search_agrees_with_a_brute_force_of_the_options() {
    let analyzer = Analyzer::new(Config::default());
    for entry in searched_families() {
        let game = parse_game(entry.example).expect("the example parses");
        let rules = game.ruleset().expect("a family");
        let mut memo = HashMap::new();
        let table = analyzer
            .table(&game, &BigUint::ZERO, &BigUint::from(60u32))
            .expect("a table");
        for (n, value) in table.values.iter().enumerate() {
            let position = rules.numbered_position(&n.into()).expect("numbered");
            let brute = brute_value(rules, &position, &mut memo);
            assert_eq!(value.to_u64(), Some(brute), "{} at {n}", entry.name);
            let solution = analyzer.solve(&game, &position).expect("solved");
            assert_eq!(solution.grundy, Some(brute.into()), "{} at {n}", entry.name);
            let outcome = if brute == 0 {
                Outcome::Lose
            } else {
                Outcome::Win
            };
            assert_eq!(solution.outcome, outcome, "{} at {n}", entry.name);
            let winning: Vec<Position> = rules
                .options(&position)
                .expect("listed")
                .into_iter()
                .filter(|(_, after)| brute_value(rules, after, &mut memo) == 0)
                .map(|(_, after)| after)
                .collect();
            let found: Vec<Position> = solution
                .winning_moves
                .iter()
                .map(|play| match &play.to {
                    grundy::Target::Whole(after) => after.clone(),
                    other => panic!("a whole position, not {other:?}"),
                })
                .collect();
            assert_eq!(found, winning, "{} at {n}", entry.name);
        }
    }
}

#[test]
fn the_divisor_game_matches_its_known_answers() {
    let data = testdata("divisor.json");
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("divisor").unwrap();
    for case in data["leetcode_1025_examples"]["first_player_wins"]
        .as_array()
        .unwrap()
    {
        let n = case[0].as_u64().unwrap();
        let solution = analyzer.solve(&game, &Position::Heap(n.into())).unwrap();
        assert_eq!(
            solution.outcome == Outcome::Win,
            case[1].as_bool().unwrap(),
            "n = {n}"
        );
    }
    let losing: Vec<u64> = data["outcome_by_parity"]["losing_up_to_40"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let table = analyzer
        .table(&game, &BigUint::ZERO, &BigUint::from(40u32))
        .unwrap();
    let found: Vec<u64> = (0..=40u64)
        .filter(|&n| table.values[n as usize] == BigUint::ZERO)
        .collect();
    assert_eq!(found, losing);
}

/// An open family in a sum and under misère play: the sum by Sprague–Grundy from the search's
/// values, the misère game by the search with the ends counted as wins.
#[test]
fn open_families_combine_in_sums_and_misere_play() {
    let analyzer = Analyzer::new(Config::default());
    // G(divisor at 12) = 2 and nim[2] = 2: the sum is lost.
    let sum = parse_game("divisor[12] + nim[2]").unwrap();
    let solution = analyzer.solve(&sum, &Position::Sum).unwrap();
    assert_eq!(
        (solution.grundy, solution.outcome),
        (Some(BigUint::ZERO), Outcome::Lose)
    );
    // Misère: at 1 no move is left, so the player to move wins; at 2 the only move leaves 1.
    let misere = parse_game("misere:divisor").unwrap();
    let at = |n: u32| {
        analyzer
            .solve(&misere, &Position::Heap(n.into()))
            .unwrap()
            .outcome
    };
    assert_eq!((at(1), at(2)), (Outcome::Win, Outcome::Lose));
    assert!(matches!(misere, Game::Misere(_)));
}

/// Under misère play the search gives misère Grundy values: the table, each solved position's
/// value and outcome agree with the brute force, and the period is observed, never certified.
#[test]
fn misere_values_of_open_families_agree_with_a_brute_force() {
    let analyzer = Analyzer::new(Config::default());
    for entry in searched_families() {
        let game = parse_game(&format!("misere:{}", entry.example)).expect("the spec parses");
        let rules = game.base().ruleset().expect("a family");
        let mut memo = HashMap::new();
        let table = analyzer
            .table(&game, &BigUint::ZERO, &BigUint::from(60u32))
            .expect("a table");
        for (n, value) in table.values.iter().enumerate() {
            let position = rules.numbered_position(&n.into()).expect("numbered");
            let brute = brute_value_ending(rules, &position, 1, &mut memo);
            assert_eq!(value.to_u64(), Some(brute), "{} at {n}", entry.name);
            let solution = analyzer.solve(&game, &position).expect("solved");
            assert_eq!(solution.misere_grundy, Some(brute.into()), "{game} at {n}");
            let outcome = if brute == 0 {
                Outcome::Lose
            } else {
                Outcome::Win
            };
            assert_eq!(solution.outcome, outcome, "{game} at {n}");
        }
        let report = analyzer.period(&game).expect("a period report");
        assert!(
            !matches!(report.search, grundy::period::Search::Certified(_)),
            "{game}: nothing certifies a searched family's period"
        );
    }
}

/// A judge's cases of a family that numbers its positions are answered from one search up to
/// the largest heap, with the outcomes `solve` gives each case alone.
#[test]
fn judged_cases_of_open_families_agree_with_solve() {
    use grundy::input::judge_format::{JudgeFormat, read_judge};
    let analyzer = Analyzer::new(Config::default());
    let format = JudgeFormat::parse("lines/yes-no").unwrap();
    let heaps: Vec<String> = (0..200u32).map(|i| ((i * 37) % 251).to_string()).collect();
    let input = heaps.join("\n") + "\n";
    for entry in searched_families() {
        for spec in [
            entry.example.to_owned(),
            format!("misere:{}", entry.example),
        ] {
            let game = parse_game(&spec).unwrap();
            let cases = read_judge(&input, &format, Some(&game)).unwrap();
            let verdicts = analyzer.judge(&cases, format.output()).unwrap();
            for (case, verdict) in cases.iter().zip(&verdicts) {
                let (game, position) = case.game_and_position().expect("one game");
                let alone = analyzer.solve(&game, &position).unwrap();
                assert_eq!(verdict.outcome, alone.outcome, "{spec} at {position}");
            }
        }
    }
}

/// Two heaps of a family that numbers its positions are a sum: their grid is the xor of the
/// table's values.
#[test]
fn the_grid_of_two_heaps_of_an_open_family_is_the_xor_of_its_values() {
    use grundy::{Marks, PlotKind, PlotRequest};
    let analyzer = Analyzer::new(Config::default());
    for entry in searched_families() {
        let game = parse_game(entry.example).unwrap();
        let request = PlotRequest::new(20).with_kind(PlotKind::Grid);
        let plot = analyzer.plot(&game, &request).expect("a grid");
        let Marks::Grid(grid) = plot.marks else {
            panic!("{}: a grid", entry.name)
        };
        let table = analyzer
            .table(&game, &BigUint::ZERO, &BigUint::from(20u32))
            .unwrap();
        for (a, row) in grid.values.iter().enumerate() {
            for (b, value) in row.iter().enumerate() {
                let xor = &table.values[a] ^ &table.values[b];
                assert_eq!(BigUint::from(*value), xor, "{} at ({a}, {b})", entry.name);
            }
        }
    }
}

#[test]
fn a_rule_the_family_does_not_take_is_refused_where_it_is_written() {
    let error = parse_game("nim[1] + divisor:7[3]").unwrap_err();
    assert_eq!(error.span, 17..18); // the 7
    assert!(error.message.contains("takes no rule"), "{}", error.message);
}

#[test]
fn a_number_beyond_what_the_family_lists_is_refused_with_the_reason() {
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("divisor").unwrap();
    let huge = game.parse_position("10^13").unwrap();
    let error = analyzer.solve(&game, &huge).unwrap_err().to_string();
    assert!(
        error.contains("options of 10000000000000 are not listed"),
        "{error}"
    );
    // The reason is the family's own bound, not the general limit on options listed.
    assert!(
        error.contains(&grundy::games::divisor::MOST_LISTED.to_string()),
        "{error}"
    );
}

/// Playing a family grundy only searches makes one search of everything reachable, however
/// many positions that is within the limits of `solve`, instead of a search per move.
#[test]
fn playing_an_open_family_searches_once() {
    use grundy::analysis::play::PlayBasis;
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("divisor").unwrap();
    // Beyond the 50,000 positions a game in play searches otherwise.
    let position = Position::Heap(60_000u32.into());
    let options = analyzer.options(&game, &position).unwrap();
    assert!(
        matches!(options.basis, PlayBasis::Searched { positions } if positions > 50_000),
        "{:?}",
        options.basis
    );
    let solution = analyzer.solve(&game, &position).unwrap();
    assert_eq!(options.outcome, solution.outcome);
    assert_eq!(options.value, solution.grundy);
}

/// Beyond the numbers a family lists the moves of, play and a misère sum say why.
#[test]
fn play_and_sums_beyond_the_listed_numbers_give_the_family_reason() {
    let analyzer = Analyzer::new(Config::default());
    let bound = grundy::games::divisor::MOST_LISTED.to_string();
    let game = parse_game("divisor").unwrap();
    let huge = game.parse_position("10^30").unwrap();
    let error = analyzer.options(&game, &huge).unwrap_err().to_string();
    assert!(error.contains(&bound), "{error}");
    let sum = parse_game("misere:divisor[10^30] + nim[1]").unwrap();
    let error = analyzer
        .solve(&sum, &Position::Sum)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("too large to enumerate") && error.contains(&bound),
        "{error}"
    );
}

/// A table's heaps count against the limit on positions explored, as every position reached does.
#[test]
fn a_searched_table_counts_its_heaps_against_the_position_limit() {
    let analyzer = Analyzer::new(Config::default().with_max_values(10).unwrap());
    let game = parse_game("divisor").unwrap();
    assert!(
        analyzer
            .table(&game, &BigUint::ZERO, &BigUint::from(30u32))
            .is_err()
    );
    assert!(
        analyzer
            .table(&game, &BigUint::ZERO, &BigUint::from(9u32))
            .is_ok()
    );
}

/// The divisor game's values from its definition alone, independent of its rules' code:
/// `G(n) = mex { G(n − x) : 0 < x < n, x divides n }`.
#[test]
fn the_divisor_game_agrees_with_its_definition() {
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=300u64 {
        let seen: Vec<u64> = (1..n)
            .filter(|x| n % x == 0)
            .map(|x| values[(n - x) as usize])
            .collect();
        values.push((0..).find(|v| !seen.contains(v)).expect("a mex"));
    }
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("divisor").unwrap();
    let table = analyzer
        .table(&game, &BigUint::ZERO, &BigUint::from(300u32))
        .unwrap();
    let found: Vec<u64> = table.values.iter().map(|v| v.to_u64().unwrap()).collect();
    assert_eq!(found, values);
}

/// A search the family bounds beyond the limit is refused before it starts, saying what it
/// would take.
#[test]
fn a_search_known_to_pass_the_limit_is_refused_before_it_starts() {
    let analyzer = Analyzer::new(Config::default().with_max_values(1000).unwrap());
    let game = parse_game("divisor").unwrap();
    let error = analyzer
        .solve(&game, &Position::Heap(1001u32.into()))
        .unwrap_err();
    let grundy::Error::Refused(refusal) = &error else {
        panic!("a refusal, not {error}")
    };
    assert!(
        refusal.reason.contains("reaches up to 1001 positions"),
        "{error}"
    );
    assert!(
        analyzer
            .solve(&game, &Position::Heap(1000u32.into()))
            .is_ok()
    );
}

/// A `+` that begins a number or `x` belongs to a family's rule (`dynamic:x+2`); any other `+`
/// separates the summands of a sum.
#[test]
fn a_rule_may_hold_a_plus() {
    let game = parse_game("dynamic:x+2").expect("a bound with a plus");
    assert_eq!(game.to_string(), "dynamic:x+2");
    let sum = parse_game("dynamic:x+2[10] + nim[3]").expect("a sum");
    assert_eq!(sum.components().map(<[_]>::len), Some(2));
    let tight = parse_game("dynamic:2x+1[7]+nim[3]").expect("a sum without spaces");
    assert_eq!(tight.to_string(), "dynamic:2x+1[7] + nim[3]");
    let error = parse_game("dynamic:x+y").expect_err("not a bound");
    assert!(error.to_string().contains('y'), "{error}");
}
