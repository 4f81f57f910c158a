use std::collections::{BTreeSet, HashMap};

use super::*;

fn position(heaps: &[u64]) -> Position {
    Position::Heaps(heaps.iter().map(|&h| h.into()).collect())
}

/// Whether the player to move wins, from the literal rules: some move (at least one token from
/// each of one to `k` heaps) leaves a lost position.
fn wins(heaps: &[u64], k: usize, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut result = false;
    // Every vector of takes with at most k heaps touched.
    let mut takes = vec![0u64; heaps.len()];
    'all: loop {
        let touched = takes.iter().filter(|&&t| t > 0).count();
        if (1..=k).contains(&touched) {
            let after: Vec<u64> = heaps.iter().zip(&takes).map(|(h, t)| h - t).collect();
            if !wins(&after, k, memo) {
                result = true;
                break 'all;
            }
        }
        let mut i = 0;
        loop {
            if i == heaps.len() {
                break 'all;
            }
            if takes[i] < heaps[i] {
                takes[i] += 1;
                break;
            }
            takes[i] = 0;
            i += 1;
        }
    }
    memo.insert(key, result);
    result
}

/// Every move of the literal rules to a lost position, as the heaps it leaves.
fn winning_leaves(heaps: &[u64], k: usize, memo: &mut HashMap<Vec<u64>, bool>) -> BTreeSet<Vec<u64>> {
    let mut leaves = BTreeSet::new();
    let mut takes = vec![0u64; heaps.len()];
    loop {
        let touched = takes.iter().filter(|&&t| t > 0).count();
        if (1..=k).contains(&touched) {
            let after: Vec<u64> = heaps.iter().zip(&takes).map(|(h, t)| h - t).collect();
            if !wins(&after, k, memo) {
                leaves.insert(after);
            }
        }
        let mut i = 0;
        loop {
            if i == heaps.len() {
                return leaves;
            }
            if takes[i] < heaps[i] {
                takes[i] += 1;
                break;
            }
            takes[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn the_theorem_and_every_winning_move_agree_with_the_literal_rules() {
    for k in 1..=3u64 {
        let game = Moore { per_move: k };
        let mut memo = HashMap::new();
        for a in 0..6u64 {
            for b in 0..6u64 {
                for c in 0..5u64 {
                    for d in 0..3u64 {
                        let heaps = [a, b, c, d];
                        let here = position(&heaps);
                        let reading = game.read(&here).expect("a position");
                        let expected = wins(&heaps, k as usize, &mut memo);
                        assert_eq!(reading.worth.wins(), expected, "k = {k}: {heaps:?}");
                        let moves = game.moves_to(&here, &BigUint::ZERO, 1 << 20).expect("listed");
                        let leaves: BTreeSet<Vec<u64>> = moves
                            .iter()
                            .map(|action| {
                                let Some(Position::Heaps(after)) = game.after(&here, action, 8)
                                else {
                                    panic!("k = {k}: {heaps:?}: {action:?} leaves no position");
                                };
                                after.iter().map(|h| h.to_u64().expect("small")).collect()
                            })
                            .collect();
                        assert_eq!(leaves.len(), moves.len(), "k = {k}: {heaps:?}: a move twice");
                        assert_eq!(
                            leaves,
                            winning_leaves(&heaps, k as usize, &mut memo),
                            "k = {k}: {heaps:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_class_counts_the_moves_it_stands_for() {
    let game = Moore { per_move: 2 };
    for heaps in [[7u64, 5, 6, 1], [13, 11, 2, 9], [31, 17, 25, 0]] {
        let here = position(&heaps);
        let listed = game.moves_to(&here, &BigUint::ZERO, 1 << 20).expect("listed");
        let classes = game.moves_to(&here, &BigUint::ZERO, 2).expect("listed");
        let count = |moves: &[Action]| -> BigUint {
            moves
                .iter()
                .map(|action| match action {
                    Action::TakeClass(class) => class.moves.clone(),
                    _ => BigUint::one(),
                })
                .sum()
        };
        assert_eq!(count(&listed), count(&classes), "{heaps:?}");
        assert_eq!(count(&listed), BigUint::from(listed.len()), "{heaps:?}");
    }
}

#[test]
fn huge_heaps_are_read_and_their_moves_counted_exactly() {
    let game = Moore { per_move: 2 };
    let big = BigUint::from(10u32).pow(40);
    let here = Position::Heaps(vec![big.clone(), big.clone(), big.clone() + 1u32]);
    let reading = game.read(&here).expect("a position");
    assert!(reading.worth.wins());
    let moves = game.moves_to(&here, &BigUint::ZERO, 256).expect("listed");
    // Heap 3 down by 1 leaves three equal heaps: every place counts 0 or 3.
    assert!(moves.contains(&Action::TakeFromHeap { heap: 2, amount: 1u32.into() }), "{moves:?}");
    for action in &moves {
        if let Some(after) = game.after(&here, action, 8) {
            assert!(!game.read(&after).expect("a position").worth.wins(), "{action:?}");
        }
    }
}

#[test]
fn the_options_are_the_moves_of_the_rules_and_are_counted() {
    let game = Moore { per_move: 2 };
    let here = position(&[2, 0, 3, 1]);
    let options = game.options(&here).expect("listed");
    // e1 + e2 of 2, 3, 1: 6 + (6 + 2 + 3) = 17.
    assert_eq!(game.option_count(&here), Some(17u32.into()));
    assert_eq!(options.len(), 17);
    for (action, after) in options {
        assert_eq!(game.after(&here, &action, 8), Some(after));
    }
}

#[test]
fn rules_read_k_and_refuse_what_is_not_one() {
    assert!(rules(Some("2")).is_ok());
    for bad in [None, Some(""), Some("0"), Some("x"), Some("-1"), Some("99999999999999999999")] {
        assert!(rules(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn too_many_sets_of_heaps_are_refused_with_a_reason() {
    let game = Moore { per_move: 3 };
    let here = Position::Heaps(vec![BigUint::from(u64::MAX); 2000]);
    assert_eq!(game.moves_to(&here, &BigUint::ZERO, 256), None);
    assert!(Theorem::unlisted_reason(&game, &here).is_some());
    assert!(game.read(&here).is_some());
}
