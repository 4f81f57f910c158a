//! The tests of `analysis::play`.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::analysis::Config;
use crate::input::spec::parse_game;

fn game(spec: &str) -> Game {
    parse_game(spec).expect("a valid spec")
}

fn analyzer() -> Analyzer<'static> {
    Analyzer::new(Config::default())
}

fn options_of(spec: &str, position: &str) -> Options {
    let game = game(spec);
    let position = game.parse_position(position).expect("a valid position");
    analyzer().options(&game, &position).expect("options")
}

fn left(options: &Options) -> BTreeSet<String> {
    options
        .moves
        .iter()
        .map(|c| c.position.to_string())
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn each_family_lists_the_positions_its_rules_give() {
    assert_eq!(
        left(&options_of("subtraction:1,3,4", "10")),
        set(&["9", "7", "6"])
    );
    assert_eq!(left(&options_of("subtraction:1,3,4", "2")), set(&["1"]));
    assert_eq!(left(&options_of("subtraction:2..3,rest", "1")), set(&["0"]));
    assert_eq!(
        left(&options_of("subtraction:2..3,rest", "4")),
        set(&["2", "1"])
    );
    assert_eq!(left(&options_of("allbut:2", "4")), set(&["3", "1", "0"]));
    assert_eq!(
        left(&options_of("subtraction:primes", "6")),
        set(&["4", "3", "1"])
    );
    assert_eq!(
        left(&options_of("subtraction:squares", "10")),
        set(&["9", "6", "1"])
    );
    assert_eq!(
        left(&options_of("subtraction:1,2", "1,2")),
        set(&["0,2", "1,1", "1,0"])
    );
    assert_eq!(left(&options_of("nim", "1,2")), set(&["0,2", "1,1", "1,0"]));
    assert_eq!(
        left(&options_of("wythoff", "1,2")),
        set(&["0,2", "1,1", "1,0", "0,1"])
    );
    assert_eq!(
        left(&options_of("fibonacci-nim", "5")),
        set(&["4/2", "3/4", "2/6", "1/8"])
    );
    assert_eq!(left(&options_of("fibonacci-nim", "5/1")), set(&["4/2"]));
    assert_eq!(left(&options_of("norepeat:1,2", "3/1")), set(&["1/2"]));
    assert_eq!(left(&options_of("norepeat:1,2", "3")), set(&["2/1", "1/2"]));
    // Kayles: take 1 or 2 from a row, possibly splitting it.
    assert_eq!(
        left(&options_of("kayles", "4")),
        set(&["3", "1,2", "2", "1,1"])
    );
    // Grundy's game (4!.0): split into two unequal heaps.
    assert_eq!(left(&options_of("grundys-game", "6")), set(&["1,5", "2,4"]));
    // 0.4?: split into heaps not all equal — 4 splits into 1,3 only.
    assert_eq!(left(&options_of("4?.0", "4")), set(&["1,3"]));
    // Three heaps: 0.8 splits the heap into three.
    assert_eq!(left(&options_of("8.0", "5")), set(&["1,1,3", "1,2,2"]));
    assert_eq!(
        left(&options_of("oddball:1,3,5", "4")),
        set(&["3/0/1", "1/0/3"])
    );
    assert_eq!(left(&options_of("misere:nim", "2")), set(&["1", "0"]));
    let sum = options_of("nim[1] + subtraction:1,2[2]", "");
    assert_eq!(sum.moves.len(), 3);
    assert!(sum.moves.iter().all(|c| c.position == Position::Sum));
    let games: BTreeSet<String> = (0..sum.moves.len())
        .map(|index| sum.leads_to(index).expect("a move").0.to_string())
        .collect();
    assert_eq!(
        games,
        set(&[
            "nim[0] + subtraction:1,2[2]",
            "nim[1] + subtraction:1,2[1]",
            "nim[1] + subtraction:1,2[0]"
        ])
    );
}

/// Sums too large to search are valued from their components (`G xor G_i xor G_i'`) under
/// normal play and position by position under misère play: both agree with `solve` of the game
/// each move leads to, and a sum of a thousand components answers without a copy per move.
#[test]
fn large_sums_agree_with_solve_move_by_move() {
    for spec in [
        "subtraction:1,3,4[1000000000000] + kayles[60] + nim[7]",
        "nim[3] + wythoff[20,33] + 0.6[300]",
        "misere:nim[3] + nim[9] + nim[12]",
    ] {
        let options = options_of(spec, "");
        for (index, choice) in options.moves.iter().enumerate() {
            let (game, position) = options.leads_to(index).expect("a move");
            let solved = analyzer().solve(&game, &position).expect("solve");
            assert_eq!(choice.outcome, solved.outcome, "{spec}: {game}");
            let value = solved.grundy.or(solved.misere_grundy);
            assert_eq!(choice.value, value, "{spec}: {game}");
        }
    }
    let many = vec!["nim[1]"; 1000].join(" + ");
    let options = options_of(&many, "");
    assert!(matches!(options.basis, PlayBasis::Solved { .. }));
    assert_eq!(
        (options.outcome, options.moves.len()),
        (Outcome::Lose, 1000)
    );
    assert!(options.moves.iter().all(|c| c.result() == Outcome::Lose));
}

#[test]
fn values_agree_with_solve_move_by_move() {
    let cases = [
        ("subtraction:1,3,4", "10"),
        ("nim", "3,4,5"),
        ("wythoff", "3,5"),
        ("kayles", "3,4"),
        ("fibonacci-nim", "12"),
        ("norepeat:1,2,3", "9"),
        ("misere:nim", "1,2,3"),
        ("misere:subtraction:1,2", "7"),
        ("oddball:1,4,5", "13"),
        ("nim[2] + wythoff[1,2]", ""),
    ];
    for (spec, position) in cases {
        let options = options_of(spec, position);
        assert!(
            matches!(options.basis, PlayBasis::Searched { .. }),
            "{spec}"
        );
        for (index, choice) in options.moves.iter().enumerate() {
            let (game, position) = options.leads_to(index).expect("a move");
            let solved = analyzer().solve(&game, &position).expect("solve");
            assert_eq!(choice.outcome, solved.outcome, "{spec} {}", choice.position);
            if let Some(value) = solved.grundy.or(solved.misere_grundy) {
                assert_eq!(
                    choice.value.as_ref(),
                    Some(&value),
                    "{spec} {}",
                    choice.position
                );
            }
            assert!(choice.remoteness.is_some(), "{spec}");
        }
    }
}

#[test]
fn remoteness_is_smiths() {
    // subtraction:1,2 from 6: a P-position; every move goes to an N-position of remoteness 1 + ...
    let options = options_of("subtraction:1,2", "6");
    assert_eq!(options.outcome, Outcome::Lose);
    assert_eq!(options.remoteness, Some(4));
    let remoteness: Vec<Option<u32>> = options.moves.iter().map(|c| c.remoteness).collect();
    assert_eq!(remoteness, [Some(3), Some(3)]);
    // The contest game's ties.
    let tied = options_of("oddball:1,4,5", "2");
    assert_eq!(tied.outcome, Outcome::Tie);
}

#[test]
fn large_positions_are_answered_move_by_move_or_refused() {
    let options = options_of("subtraction:1,3,4", "10^30");
    assert_eq!(
        options.basis,
        PlayBasis::Solved {
            limit: PLAY_SEARCH_POSITIONS
        }
    );
    assert_eq!(options.moves.len(), 3);
    assert!(options.moves.iter().all(|c| c.remoteness.is_none()));
    let game = game("nim");
    let refused = analyzer().options(&game, &game.parse_position("5000,10").expect("heaps"));
    assert!(matches!(refused, Err(Error::Refused(_))), "{refused:?}");
    let game = parse_game("wythoff").expect("spec");
    let refused = analyzer().options(&game, &game.parse_position("10^40,1").expect("pair"));
    assert!(matches!(refused, Err(Error::Refused(_))));
}

#[test]
fn misere_take_and_break_is_played_by_search() {
    let options = options_of("misere:kayles", "4");
    // Misère Kayles: the P-positions of one row are 1, 4, 8, …
    assert_eq!(options.outcome, Outcome::Lose);
}

/// Plays a whole game: the computer as GAMESMAN, the other side by `other`.
fn play_out(spec: &str, position: &str, mut other: impl FnMut(&Options) -> usize) -> Session {
    let analyzer = analyzer();
    let start = options_of(spec, position);
    let mut session = Session::new(start, Player::Computer);
    while !session.is_over() {
        let current = session.current();
        let index = match session.to_move() {
            Player::Computer => current.best().expect("a move"),
            Player::Human => other(current),
        };
        let (game, position) = current.leads_to(index).expect("a move");
        let next = analyzer.options(&game, &position).expect("options");
        session.play(index, next).expect("a legal move");
    }
    session
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_computer_wins_every_won_position(
        spec in prop::sample::select(vec!["nim", "subtraction:1,3,4", "kayles", "wythoff", "misere:nim", "fibonacci-nim", "norepeat:1,2,3"]),
        heaps in prop::collection::vec(1u32..7, 1..3),
        seed in any::<u64>(),
    ) {
        let position = match spec {
            "nim" | "kayles" | "misere:nim" => heaps.iter().map(ToString::to_string).collect::<Vec<_>>().join(","),
            "wythoff" => format!("{},{}", heaps[0], heaps.get(1).copied().unwrap_or(2)),
            _ => (heaps.iter().sum::<u32>() + 3).to_string(),
        };
        let start = options_of(spec, &position);
        let mut random = seed;
        let session = play_out(spec, &position, |options| {
            random = random.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (random >> 33) as usize % options.moves.len()
        });
        if start.outcome == Outcome::Win {
            prop_assert_eq!(session.winner(), Some(Some(Player::Computer)));
        }
        // Each computer move kept its outcome: it never lost a won position.
        for turn in session.history() {
            if let (Player::Computer, Some(index)) = (turn.mover, turn.played) {
                prop_assert_eq!(turn.options.moves[index].result(), turn.options.outcome);
            }
        }
        if session.winner() == Some(Some(Player::Computer)) && start.outcome == Outcome::Lose {
            prop_assert!(session.loser_mistake().is_some());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// A listed move left out, or one too many, shows in the value: the mex of the values of
    /// the positions left is the position's value, and each position left has the outcome
    /// `solve` gives it.
    #[test]
    fn the_moves_listed_give_the_value_solve_gives(
        spec in prop::sample::select(vec![
            "subtraction:1,3,4", "subtraction:2..5,rest", "allbut:1,3", "subtraction:primes",
            "nim", "kayles", "dawsons-kayles", "4!.0", "0.4?", "8.0", "0.[3]",
            "fibonacci-nim", "norepeat:1,2,4", "wythoff", "misere:nim", "misere:subtraction:1,2",
        ]),
        a in 0u32..9,
        b in 1u32..7,
    ) {
        let position = match spec {
            "nim" | "kayles" | "dawsons-kayles" | "4!.0" | "0.4?" | "8.0" | "0.[3]" | "misere:nim"
            | "wythoff" => format!("{a},{b}"),
            _ => (a + b).to_string(),
        };
        let game = game(spec);
        let position = game.parse_position(&position).expect("a position");
        let options = analyzer().options(&game, &position).expect("options");
        let solved = analyzer().solve(&game, &position).expect("solve");
        prop_assert_eq!(options.outcome, solved.outcome);
        if let Some(value) = solved.grundy.or(solved.misere_grundy) {
            prop_assert_eq!(options.value.as_ref(), Some(&value));
            let mut seen: Vec<BigUint> = options.moves.iter().filter_map(|c| c.value.clone()).collect();
            seen.sort();
            seen.dedup();
            let mex = (0u32..).map(BigUint::from).find(|v| seen.binary_search(v).is_err()).expect("a mex");
            let expected = if options.moves.is_empty() && game.is_misere() { BigUint::from(1u32) } else { mex };
            prop_assert_eq!(value, expected);
        }
        // Winning moves: exactly those `solve` lists (as positions left, in a game not a sum).
        let winning: BTreeSet<String> = options.moves.iter().filter(|c| c.result() == Outcome::Win).map(|c| c.position.to_string()).collect();
        let listed: BTreeSet<String> = solved.winning_moves.iter().filter_map(|m| match &m.to {
            Target::Whole(p) => Some(p.to_string()),
            _ => None,
        }).collect();
        if listed.len() == solved.winning_moves.len() {
            prop_assert_eq!(winning, listed);
        }
    }
}

#[test]
fn the_computer_wins_fastest_and_loses_slowest() {
    // subtraction:1,2 from 5: taking 2 leaves 3 (P); the only win.
    let options = options_of("subtraction:1,2", "5");
    assert_eq!(
        options.moves[options.best().expect("a move")]
            .position
            .to_string(),
        "3"
    );
    // From a P-position every move loses: the computer takes the slowest.
    let lost = options_of_lost();
    let best = &lost.moves[lost.best().expect("a move")];
    let slowest = lost.moves.iter().filter_map(|c| c.remoteness).max();
    assert_eq!(best.remoteness, slowest);
}

fn options_of_lost() -> Options {
    options_of("wythoff", "3,5")
}

#[test]
fn a_session_undoes_redoes_and_finds_the_mistake() {
    let analyzer = analyzer();
    let start = options_of("subtraction:1,2", "4");
    let mut session = Session::new(start, Player::Human);
    // The human takes 2, leaving 2 (a win for the computer): a mistake.
    assert_eq!(session.current().moves[1].position.to_string(), "2");
    let (game, position) = session.current().leads_to(1).expect("a move");
    let next = analyzer.options(&game, &position).expect("options");
    assert!(session.play(0, next.clone()).is_err());
    session.play(1, next).expect("legal");
    assert!(session.undo());
    assert!(!session.undo());
    assert!(session.redo());
    assert!(!session.redo());
    while !session.is_over() {
        let index = session.current().best().expect("a move");
        let (game, position) = session.current().leads_to(index).expect("a move");
        let next = analyzer.options(&game, &position).expect("options");
        session.play(index, next).expect("legal");
    }
    assert_eq!(session.winner(), Some(Some(Player::Computer)));
    let mistake = session.loser_mistake().expect("the human went wrong");
    assert_eq!(
        (mistake.turn, mistake.before, mistake.after),
        (0, Outcome::Win, Outcome::Lose)
    );
    assert_eq!(session.history().len(), 3);
}
