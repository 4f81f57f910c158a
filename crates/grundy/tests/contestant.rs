//! What contestants hit on the way (issue 11, part 5): several heaps of a one-heap game (against
//! the sum of one-heap games), named take-and-break games (against testdata/octal.json), the rest
//! rule of HDU 2897, the misère warning, and the counts and classes answers are written with.

use std::collections::BTreeSet;

use grundy::games::game::Warning;
use grundy::games::octal::NamedGame;
use grundy::period::{Search, Theorem};
use grundy::render::moves::description;
use grundy::{Action, Analyzer, Config, Game, Outcome, Position, Solution, parse_game};
use num_bigint::BigUint;
use proptest::prelude::*;
use serde::Deserialize;

fn analyzer() -> Analyzer<'static> {
    Analyzer::new(Config::default().with_threads(1).unwrap())
}

fn solve(spec: &str, position: &str) -> Solution {
    let game = parse_game(spec).unwrap();
    let position = game.parse_position(position).unwrap();
    analyzer()
        .solve(&game, &position)
        .unwrap_or_else(|e| panic!("{spec} {position}: {e}"))
}

#[derive(Deserialize)]
struct File {
    games: Vec<Known>,
}

#[derive(Deserialize)]
struct Known {
    code: String,
    values: Vec<u32>,
}

#[test]
fn every_named_game_is_its_code_with_the_known_values() {
    let path = format!("{}/../../testdata/octal.json", env!("CARGO_MANIFEST_DIR"));
    let file: File = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for named in NamedGame::ALL {
        let game = parse_game(named.name()).unwrap();
        let code = named.code().to_string();
        assert_eq!(game.to_string(), code, "{}: canonical spec", named.name());
        assert_eq!(game.alias().as_deref(), Some(named.name()));
        assert_eq!(
            game,
            parse_game(&code).unwrap(),
            "the name is not part of the game"
        );
        assert_eq!(parse_game(&named.name().to_uppercase()).unwrap(), game);
        let known = file
            .games
            .iter()
            .find(|known| known.code == code)
            .unwrap_or_else(|| panic!("testdata/octal.json has no entry for {code}"));
        let to = BigUint::from(known.values.len() - 1);
        let table = analyzer().table(&game, &0u32.into(), &to).unwrap();
        let values: Vec<u32> = table
            .values
            .iter()
            .map(|v| u32::try_from(v).unwrap())
            .collect();
        assert_eq!(values, known.values, "{} ({code})", named.title());
    }
}

#[test]
fn laskers_nim_follows_its_closed_form() {
    // Winning Ways ch. 4: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    let table = analyzer()
        .table(&parse_game("lasker").unwrap(), &0u32.into(), &400u32.into())
        .unwrap();
    for (n, value) in table.values.iter().enumerate() {
        let expected = match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        };
        assert_eq!(value, &BigUint::from(expected), "G({n})");
    }
}

#[test]
fn named_games_work_in_sums_and_name_themselves_under_misere() {
    let named = solve("kayles[5] + dawsons-kayles[7] + nim[3]", "");
    let coded = solve("0.77[5] + 0.07[7] + nim[3]", "");
    assert_eq!(named.grundy, coded.grundy);
    assert_eq!(named.winning_moves, coded.winning_moves);
    assert_eq!(
        named.game.alias().as_deref(),
        Some("kayles[5] + dawsons-kayles[7] + nim[3]")
    );
    let misere = parse_game("misere:grundys-game").unwrap();
    assert_eq!(
        (misere.to_string(), misere.alias()),
        (
            "misere:4!.0".to_owned(),
            Some("misere:grundys-game".to_owned())
        )
    );
    // Misère codes are answered (from their misère quotients) as the codes are.
    let position = misere.parse_position("7").unwrap();
    let named = analyzer().solve(&misere, &position).unwrap();
    let coded = parse_game("misere:4!.0").unwrap();
    let coded = analyzer().solve(&coded, &position).unwrap();
    assert_eq!(
        (named.outcome, named.winning_moves),
        (coded.outcome, coded.winning_moves)
    );
    assert!(parse_game("kayles:3").is_err());
}

/// The moves of a solution of several heaps as (heap, amount taken).
fn heap_moves(solution: &Solution) -> BTreeSet<(usize, BigUint)> {
    solution
        .winning_moves
        .iter()
        .map(|m| match &m.action {
            Action::TakeFromHeap { heap, amount } => (*heap, amount.clone()),
            other => panic!("{other:?}"),
        })
        .collect()
}

/// The moves of a sum of one-heap games as (component, amount taken).
fn sum_moves(solution: &Solution) -> BTreeSet<(usize, BigUint)> {
    solution
        .winning_moves
        .iter()
        .map(|m| match &m.action {
            Action::Take { amount } => (m.component.unwrap(), amount.clone()),
            other => panic!("{other:?}"),
        })
        .collect()
}

fn as_sum(spec: &str, heaps: &[u64]) -> String {
    let (misere, game) = match spec.strip_prefix("misere:") {
        Some(game) => ("misere:", game),
        None => ("", spec),
    };
    let parts: Vec<String> = heaps.iter().map(|h| format!("{game}[{h}]")).collect();
    format!("{misere}{}", parts.join(" + "))
}

fn heaps_text(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn one_heap_game() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::btree_set(1u64..9, 1..4).prop_map(|set| format!(
            "subtraction:{}",
            set.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        )),
        prop::collection::btree_set(2u64..9, 1..4).prop_map(|set| format!(
            "subtraction:{},rest",
            set.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        )),
        prop::collection::btree_set(1u64..6, 1..3).prop_map(|set| format!(
            "allbut:{}",
            set.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        )),
        (1u64..6).prop_map(|m| format!("bash:{m}")),
        prop::sample::select(vec![
            "subtraction:fibonacci",
            "subtraction:squares",
            "subtraction:powers-of-2",
            "subtraction:primes",
        ])
        .prop_map(str::to_owned),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn several_heaps_equal_the_sum_of_one_heap_games(
        spec in one_heap_game(),
        heaps in prop::collection::vec(0u64..80, 2..6),
    ) {
        let heaps_solution = solve(&spec, &heaps_text(&heaps));
        let sum = solve(&as_sum(&spec, &heaps), "");
        prop_assert_eq!(&heaps_solution.grundy, &sum.grundy, "{} {:?}", spec, heaps);
        prop_assert_eq!(heaps_solution.outcome, sum.outcome);
        prop_assert_eq!(heap_moves(&heaps_solution), sum_moves(&sum));
        // Each heap's value is the value of the heap alone; their xor is the answer.
        let alone: Vec<BigUint> = heaps
            .iter()
            .map(|h| solve(&spec, &h.to_string()).grundy.unwrap())
            .collect();
        prop_assert_eq!(&heaps_solution.heap_values, &alone);
    }

    #[test]
    fn several_misere_heaps_equal_the_misere_sum(
        spec in one_heap_game(),
        heaps in prop::collection::vec(0u64..12, 2..4),
    ) {
        let spec = format!("misere:{spec}");
        let heaps_solution = solve(&spec, &heaps_text(&heaps));
        let sum = solve(&as_sum(&spec, &heaps), "");
        prop_assert_eq!(heaps_solution.outcome, sum.outcome, "{} {:?}", spec, heaps);
        prop_assert_eq!(heap_moves(&heaps_solution), sum_moves(&sum));
    }
}

#[test]
fn a_hundred_thousand_huge_heaps_are_answered_from_one_period() {
    // S-Nim on {1, 3, 4}: period 7, values 0 1 0 1 2 3 2.
    let pattern = [0u32, 1, 0, 1, 2, 3, 2];
    let base = BigUint::from(10u32).pow(18);
    let heaps: Vec<BigUint> = (0..100_000u32).map(|i| &base + i * 7919u32).collect();
    let expected: Vec<BigUint> = heaps
        .iter()
        .map(|h| BigUint::from(pattern[usize::try_from(h % 7u32).unwrap()]))
        .collect();
    let game = parse_game("subtraction:1,3,4").unwrap();
    let solution = analyzer()
        .solve(&game, &Position::Heaps(heaps.clone()))
        .unwrap();
    assert_eq!(solution.heap_values, expected);
    let xor = expected.iter().fold(BigUint::ZERO, |x, v| x ^ v);
    assert_eq!(solution.grundy, Some(xor.clone()));
    assert!(matches!(solution.basis, grundy::Basis::Certified(_)));
    for m in &solution.winning_moves {
        let Action::TakeFromHeap { heap, amount } = &m.action else {
            panic!("{m:?}")
        };
        let left = &heaps[*heap] - amount;
        let after = &xor
            ^ &expected[*heap]
            ^ BigUint::from(pattern[usize::try_from(&left % 7u32).unwrap()]);
        assert_eq!(after, BigUint::ZERO, "{}", description(&game, m));
    }
    assert_eq!(
        solution.winning_move_count(),
        solution.winning_moves.len().into()
    );
}

#[test]
fn the_rest_rule_reads_back_and_drops_out_where_it_adds_nothing() {
    for (text, canonical) in [
        ("subtraction:2..5,rest", "subtraction:2..5,rest"),
        ("SUBTRACTION: 5, 2..4 , REST", "subtraction:2..5,rest"),
        ("subtraction:1..3,rest", "subtraction:1..3"),
        (
            "subtraction:3,7,rest[10] + nim[2]",
            "subtraction:3,7,rest[10] + nim[2]",
        ),
    ] {
        let game = parse_game(text).unwrap();
        assert_eq!(game.to_string(), canonical, "{text}");
        assert_eq!(parse_game(canonical).unwrap(), game, "{canonical}");
    }
    assert!(matches!(
        parse_game("subtraction:2..5,rest").unwrap(),
        Game::Remainder(_)
    ));
    for wrong in [
        "norepeat:2,3,rest",
        "subtraction:fibonacci,rest",
        "subtraction:rest",
        "subtraction:2,rest,3",
    ] {
        let error = parse_game(wrong).unwrap_err();
        assert!(error.span.end <= wrong.len(), "{wrong}: {error}");
    }
}

#[test]
fn hdu_2897_loses_exactly_at_1_to_p_modulo_p_plus_q_at_any_size() {
    // 邂逅明下: take p..q coins; fewer than p left, take them all; whoever takes the last loses.
    let huge = BigUint::from(10u32).pow(30);
    for (p, q) in [(2u64, 5u64), (3, 3), (1, 4), (4, 9), (7, 8)] {
        let game = parse_game(&format!("misere:subtraction:{p}..{q},rest")).unwrap();
        let report = analyzer().period(&game).unwrap();
        let Search::Certified(certificate) = &report.search else {
            panic!("{game}: {:?}", report.search)
        };
        assert!(matches!(certificate.theorem(), Theorem::Window { .. }));
        for n in (0..3 * (p + q))
            .map(BigUint::from)
            .chain((0..p + q).map(|r| &huge + r))
        {
            let solution = analyzer().solve(&game, &Position::Heap(n.clone())).unwrap();
            let r = u64::try_from(&n % (p + q)).unwrap();
            let loses = (1..=p).contains(&r);
            assert_eq!(solution.outcome == Outcome::Lose, loses, "{game} at {n}");
            // A winning move leaves a losing heap.
            for m in &solution.winning_moves {
                let Action::Take { amount } = &m.action else {
                    panic!("{m:?}")
                };
                let left = u64::try_from(&((&n - amount) % (p + q))).unwrap();
                assert!(
                    (1..=p).contains(&left),
                    "{game} at {n}: {}",
                    description(&game, m)
                );
            }
        }
    }
}

#[test]
fn the_rest_rule_takes_a_small_heap_whole() {
    let solution = solve("subtraction:3..5,rest", "2");
    assert_eq!(solution.outcome, Outcome::Win);
    let [only] = solution.winning_moves.as_slice() else {
        panic!("{solution:?}")
    };
    assert_eq!(
        only.action,
        Action::Take {
            amount: 2u32.into()
        }
    );
    // Under misère play that move loses: the player who takes the last coin loses.
    assert_eq!(
        solve("misere:subtraction:3..5,rest", "2").outcome,
        Outcome::Lose
    );
}

#[test]
fn misere_games_with_stranded_tokens_warn() {
    let warned = parse_game("misere:subtraction:3,5").unwrap().warnings();
    assert_eq!(
        warned,
        [Warning::StrandedTokens {
            game: "subtraction:3,5".to_owned(),
            below: 3,
            with_rest: Some("subtraction:3,5,rest".to_owned()),
        }]
    );
    let text = warned[0].to_string();
    assert!(
        text.contains("heaps of 1 to 2 tokens have no move"),
        "{text}"
    );
    assert!(
        text.contains("the player who cannot move as the winner"),
        "{text}"
    );
    for quiet in [
        "subtraction:3,5",
        "misere:subtraction:1,3,4",
        "misere:subtraction:3,5,rest",
        "misere:nim",
    ] {
        assert!(parse_game(quiet).unwrap().warnings().is_empty(), "{quiet}");
    }
    let sum = parse_game("misere:subtraction:2,3[4] + allbut:1[5] + nim[1]").unwrap();
    assert_eq!(sum.warnings().len(), 2);
}

#[test]
fn residue_classes_are_written_reduced() {
    let game = parse_game("0.77").unwrap();
    let solution = solve("0.77", "10^18");
    let classes: Vec<String> = solution
        .winning_moves
        .iter()
        .filter(|m| matches!(m.action, Action::SplitClass(_)))
        .map(|m| description(&game, m))
        .collect();
    assert!(!classes.is_empty());
    for class in &classes {
        let residue: u64 = class
            .split("a ≡ ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|r| r.parse().ok())
            .unwrap_or_else(|| panic!("{class}"));
        assert!(residue < 12, "{class}");
    }
    assert!(
        classes[0].contains("a ≡ 1 (mod 12), 73 ≤ a"),
        "{}",
        classes[0]
    );
    // Every member of every class counts.
    assert!(solution.winning_move_count() > BigUint::from(10u32).pow(16));
}
