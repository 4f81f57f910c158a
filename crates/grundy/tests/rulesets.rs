//! Every family's rules (`Ruleset`): the options it lists are the options it counts, and a
//! position with more options than are ever listed lists none, however large it is.

use num_bigint::BigUint;

use grundy::games::ruleset::listable;
use grundy::{Position, parse_game};

fn heaps(sizes: &[u64]) -> Position {
    Position::Heaps(sizes.iter().map(|&n| BigUint::from(n)).collect())
}

/// Every family lists as many options as it counts (at most as many where the count is an
/// upper bound), and none once the count is past what is listed, however large the position.
#[test]
fn families_list_what_they_count_and_nothing_beyond_the_bound() {
    let huge = BigUint::from(10u32).pow(20);
    let cases = [
        (
            "subtraction:1,3,4",
            Position::Heap(10u32.into()),
            Position::Heap(huge.clone()),
            true,
        ),
        (
            "allbut:2,3",
            Position::Heap(10u32.into()),
            Position::Heap(huge.clone()),
            true,
        ),
        (
            "subtraction:2..5,rest",
            heaps(&[1, 7]),
            heaps(&[3_000_000_000]),
            true,
        ),
        (
            "nim",
            heaps(&[3, 4, 5]),
            Position::Heaps(vec![huge.clone()]),
            true,
        ),
        (
            "wythoff",
            Position::Pair(3u32.into(), 5u32.into()),
            Position::Pair(huge.clone(), 1u32.into()),
            true,
        ),
        (
            "fibonacci-nim",
            Position::Quota {
                heap: 20u32.into(),
                quota: Some(4u32.into()),
            },
            Position::Quota {
                heap: huge.clone(),
                quota: None,
            },
            true,
        ),
        (
            "norepeat:1,2,3",
            Position::LastMove {
                heap: 10u32.into(),
                last: Some(2),
            },
            Position::LastMove {
                heap: huge.clone(),
                last: None,
            },
            true,
        ),
        ("0.77", heaps(&[5, 6]), heaps(&[3_000_000_000]), false),
        (
            "4!.0",
            heaps(&[9]),
            Position::Heaps(vec![huge.clone()]),
            false,
        ),
    ];
    for (spec, small, large, bounded) in cases {
        let game = parse_game(spec).unwrap();
        let rules = game.ruleset().unwrap();
        for position in [&small, &large] {
            let count = rules.option_count(position).unwrap();
            match rules.options(position) {
                Some(listed) if bounded => {
                    assert!(BigUint::from(listed.len()) <= count, "{spec}");
                }
                Some(listed) => assert_eq!(BigUint::from(listed.len()), count, "{spec}"),
                None => assert!(!listable(&count), "{spec}[{position}]: {count} not listed"),
            }
        }
        // A position of another shape is none of the family's.
        assert_eq!(rules.option_count(&Position::Sum), None, "{spec}");
        assert_eq!(rules.options(&Position::Sum), None, "{spec}");
    }
    // Where the large position's moves are many, none is listed, and nothing is allocated
    // for them (a heap of 3·10^9 would need some 70 GB of options).
    for (spec, position) in [
        ("allbut:2,3", Position::Heap(huge.clone())),
        ("nim", Position::Heaps(vec![huge.clone()])),
        ("nim", heaps(&[3_000_000_000])),
        ("wythoff", Position::Pair(huge.clone(), 1u32.into())),
        (
            "fibonacci-nim",
            Position::Quota {
                heap: huge.clone(),
                quota: None,
            },
        ),
        ("0.77", heaps(&[3_000_000_000])),
        ("subtraction:powers-of-2", Position::Heap(huge.clone())),
    ] {
        let game = parse_game(spec).unwrap();
        assert_eq!(game.ruleset().unwrap().options(&position), None, "{spec}");
    }
}
