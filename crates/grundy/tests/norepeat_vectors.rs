//! The no-repeat state vectors against the definition: `G(n, last)` is the mex (misère: 1 when
//! no move is left) of `G(n - s, s)` over the amounts `s <= n` other than `last`.

use grundy::engine::Play;
use grundy::norepeat::StateValues;
use grundy::subtraction::FiniteSet;
use proptest::prelude::*;

/// `G(n, forbidden)` for every heap below `len`, `forbidden` 0 for none or `j + 1` for amount `j`.
fn brute(members: &[u64], play: Play, len: usize) -> Vec<Vec<u32>> {
    let mut table: Vec<Vec<u32>> = Vec::with_capacity(len);
    for n in 0..len {
        let vector = (0..=members.len())
            .map(|forbidden| {
                let options: Vec<u32> = members
                    .iter()
                    .enumerate()
                    .filter(|&(j, &s)| s as usize <= n && forbidden != j + 1)
                    .map(|(j, &s)| table[n - s as usize][j + 1])
                    .collect();
                if options.is_empty() && play == Play::Misere {
                    1
                } else {
                    (0..).find(|v| !options.contains(v)).unwrap()
                }
            })
            .collect();
        table.push(vector);
    }
    table
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn vectors_are_the_definition(
        amounts in prop::collection::btree_set(1u64..=24, 1..=8),
        misere in any::<bool>(),
    ) {
        let members: Vec<u64> = amounts.into_iter().collect();
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut states = StateValues::new(&FiniteSet::new(members.clone()).unwrap(), play);
        let ids: Vec<u32> = states.by_ref().take(300).collect();
        let expected = brute(&members, play, 300);
        for (n, &id) in ids.iter().enumerate() {
            prop_assert_eq!(states.vector(id), &expected[n][..], "heap {}", n);
        }
    }
}

#[test]
fn a_run_of_amounts() {
    let members: Vec<u64> = (1..=40).collect();
    for play in [Play::Normal, Play::Misere] {
        let mut states = StateValues::new(&FiniteSet::new(members.clone()).unwrap(), play);
        let ids: Vec<u32> = states.by_ref().take(400).collect();
        let expected = brute(&members, play, 400);
        for (n, &id) in ids.iter().enumerate() {
            assert_eq!(states.vector(id), &expected[n][..], "heap {n}");
        }
    }
}

#[test]
fn a_last_move_outside_the_set_is_refused() {
    // Positions built by hand, not read by parse_position, may name any amount as the last move.
    let game = grundy::parse_game("norepeat:1,2").unwrap();
    let position = grundy::Position::LastMove {
        heap: 5u32.into(),
        last: Some(3),
    };
    let answer = grundy::Analyzer::new(grundy::Config::default()).solve(&game, &position);
    assert!(
        matches!(answer, Err(grundy::Error::Setting(_))),
        "{answer:?}"
    );
    let valid = grundy::Position::LastMove {
        heap: 5u32.into(),
        last: Some(2),
    };
    assert!(
        grundy::Analyzer::new(grundy::Config::default())
            .solve(&game, &valid)
            .is_ok()
    );
}
