//! Every-SG (`every:…`) against a brute force of its literal rules, written here: the state is
//! every component's heap; a move plays one move in each component that still has one; the
//! player who cannot move loses. On every small compound of one-heap games, the outcome and
//! the positions every winning joint move leaves must agree with the steps rule.

use std::collections::{BTreeSet, HashMap};

use grundy::{Analyzer, Config, Outcome, Position, Target, parse_game};

/// A one-heap game by its amounts (`None`: any amount, Nim).
#[derive(Clone, Copy)]
struct HeapGame {
    spec: &'static str,
    amounts: Option<&'static [u64]>,
}

impl HeapGame {
    fn options(self, heap: u64) -> Vec<u64> {
        match self.amounts {
            None => (0..heap).collect(),
            Some(amounts) => amounts
                .iter()
                .filter(|&&a| a <= heap)
                .map(|&a| heap - a)
                .collect(),
        }
    }
}

/// Every joint move of `heaps`: one option in each component with one (the others stay).
fn joint_moves(games: &[HeapGame], heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves: Vec<Vec<u64>> = vec![Vec::new()];
    let mut any = false;
    for (game, &heap) in games.iter().zip(heaps) {
        let options = game.options(heap);
        let choices = if options.is_empty() {
            vec![heap]
        } else {
            any = true;
            options
        };
        moves = moves
            .into_iter()
            .flat_map(|prefix| {
                choices.iter().map(move |&choice| {
                    let mut next = prefix.clone();
                    next.push(choice);
                    next
                })
            })
            .collect();
    }
    if any { moves } else { Vec::new() }
}

/// Whether the player to move wins, by the literal rules.
fn wins(games: &[HeapGame], heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let won = joint_moves(games, heaps)
        .iter()
        .any(|next| !wins(games, next, memo));
    memo.insert(heaps.to_vec(), won);
    won
}

#[test]
fn every_small_compound_agrees_with_the_literal_rules() {
    let pool = [
        HeapGame {
            spec: "nim",
            amounts: None,
        },
        HeapGame {
            spec: "subtraction:1,2",
            amounts: Some(&[1, 2]),
        },
        HeapGame {
            spec: "subtraction:1,3,4",
            amounts: Some(&[1, 3, 4]),
        },
        HeapGame {
            spec: "subtraction:2,3",
            amounts: Some(&[2, 3]),
        },
    ];
    let analyzer = Analyzer::new(Config::default());
    let mut compared = 0;
    for first in 0..pool.len() {
        for second in first..pool.len() {
            for third in [None, Some(1usize), Some(3)] {
                let mut games = vec![pool[first], pool[second]];
                games.extend(third.map(|i| pool[i]));
                let mut memo = HashMap::new();
                let most = if games.len() == 3 { 5 } else { 8 };
                for a in 0..=most {
                    for b in 0..=most {
                        let mut heaps = vec![a, b];
                        if games.len() == 3 {
                            heaps.push((a + 2 * b) % 6);
                        }
                        let spec: Vec<String> = games
                            .iter()
                            .zip(&heaps)
                            .map(|(game, heap)| format!("{}[{heap}]", game.spec))
                            .collect();
                        let spec = format!("every:{}", spec.join(" + "));
                        let game = parse_game(&spec).expect("a spec");
                        let solution = analyzer.solve(&game, &Position::Sum).expect("solved");
                        let won = wins(&games, &heaps, &mut memo);
                        assert_eq!(solution.outcome == Outcome::Win, won, "{spec}");
                        let expected: BTreeSet<Vec<u64>> = joint_moves(&games, &heaps)
                            .into_iter()
                            .filter(|next| !wins(&games, next, &mut memo))
                            .collect();
                        let listed: BTreeSet<Vec<u64>> = solution
                            .winning_moves
                            .iter()
                            .map(|play| match &play.to {
                                Target::Sum(positions) => positions
                                    .iter()
                                    .map(|p| p.to_string().parse().expect("a heap"))
                                    .collect(),
                                other => panic!("{spec}: a joint move leaves {other:?}"),
                            })
                            .collect();
                        assert_eq!(listed, expected, "{spec}");
                        assert_eq!(
                            solution.winning_move_count(),
                            (expected.len() as u64).into(),
                            "{spec}"
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 900, "{compared}");
}

#[test]
fn many_winning_moves_are_one_strategy_move_and_a_counted_class() {
    // Four Nim heaps of 40: each move of three components is free below the fourth's steps.
    let game =
        parse_game("every:nim[40] + nim[39] + nim[38] + subtraction:1,2[7]").expect("a spec");
    let solution = Analyzer::new(Config::default())
        .solve(&game, &Position::Sum)
        .expect("solved");
    assert_eq!(solution.outcome, Outcome::Win);
    assert_eq!(solution.winning_moves.len(), 2);
    assert!(solution.winning_move_count() > 256u32.into());
}

#[test]
fn refusals_say_why() {
    let analyzer = Analyzer::new(Config::default());
    let loopy = parse_game("every:nim[1] + digraph:0>0,0>1[0]").expect("a spec");
    let error = analyzer
        .solve(&loopy, &Position::Sum)
        .unwrap_err()
        .to_string();
    assert!(error.contains("go on forever"), "{error}");
    let scored = parse_game("every:nim[1] + oddball:1,2[5]").expect("a spec");
    let error = analyzer
        .solve(&scored, &Position::Sum)
        .unwrap_err()
        .to_string();
    assert!(error.contains("scores the end"), "{error}");
    let wide = parse_game("every:nim[1] + nim[10000]").expect("a spec");
    let error = analyzer
        .solve(&wide, &Position::Sum)
        .unwrap_err()
        .to_string();
    assert!(error.contains("moves in all"), "{error}");
    // verify's brute force multiplies the components' moves: refused before building them.
    let product = parse_game("every:nim[1000] + nim[1000] + nim[1000]").expect("a spec");
    let error = analyzer.verify(&product, 12, 1).unwrap_err().to_string();
    assert!(error.contains("joint moves"), "{error}");
    assert!(parse_game("misere:every:nim[1]").is_err());
    assert!(parse_game("every:nim").is_err());
    assert!(parse_game("nim[1] + every:nim[2]").is_err());
}
