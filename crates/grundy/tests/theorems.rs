//! The families with a theorem of their own (coin-turning games, staircase Nim, Moore's
//! `Nim_k`, dynamic subtraction) against brute forces written here from the literal rules — sharing nothing with the families' code —: on
//! every small position, the value, the outcome and the positions every winning move leaves;
//! then positions far beyond any search, sums with other games, misère play and `verify`.

use std::collections::{BTreeSet, HashMap};

use num_bigint::BigUint;

use grundy::{Analyzer, Config, Game, Outcome, Position, Target, parse_game};

/// The mex of a set of values.
fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).expect("a mex")
}

/// The sets of cells a move turns over under each rule, its rightmost coin at `x`, as the
/// rules say: Twins exactly two coins, Turning Turtles one or two, Mock Turtles one to three,
/// Ruler any run of consecutive coins ending at `x`.
fn turned_sets(rule: &str, x: u32) -> Vec<u64> {
    let bit = |c: u32| 1u64 << c;
    let mut sets = Vec::new();
    match rule {
        "twins" => sets.extend((0..x).map(|y| bit(x) | bit(y))),
        "turning-turtles" => {
            sets.push(bit(x));
            sets.extend((0..x).map(|y| bit(x) | bit(y)));
        }
        "mock-turtles" => {
            sets.push(bit(x));
            for y in 0..x {
                sets.push(bit(x) | bit(y));
                for z in 0..y {
                    sets.push(bit(x) | bit(y) | bit(z));
                }
            }
        }
        "ruler" => sets.extend((0..=x).map(|y| (y..=x).map(bit).fold(0, |a, b| a | b))),
        // The head and the coin d cells to its left, d one of the distances.
        "distances:1,3,4" => sets.extend(
            [1, 3, 4]
                .into_iter()
                .filter(|&d| d <= x)
                .map(|d| bit(x) | bit(x - d)),
        ),
        "distances:2,5" => sets.extend(
            [2, 5]
                .into_iter()
                .filter(|&d| d <= x)
                .map(|d| bit(x) | bit(x - d)),
        ),
        other => panic!("no rule {other}"),
    }
    sets
}

/// The options of a row of heads (a bitmask): a move's rightmost coin shows heads.
fn coin_options(rule: &str, heads: u64) -> Vec<u64> {
    (0..64)
        .filter(|&x| heads >> x & 1 == 1)
        .flat_map(|x| turned_sets(rule, x))
        .map(|set| heads ^ set)
        .collect()
}

/// The Grundy value of a row of heads, by the mex over the options, memoised.
fn coin_value(rule: &str, heads: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&value) = memo.get(&heads) {
        return value;
    }
    let options = coin_options(rule, heads);
    let value = mex(options.into_iter().map(|o| coin_value(rule, o, memo)));
    memo.insert(heads, value);
    value
}

fn cells(heads: u64) -> Position {
    Position::Heaps(
        (0..64u32)
            .filter(|&c| heads >> c & 1 == 1)
            .map(BigUint::from)
            .collect(),
    )
}

/// The positions a solution's winning moves leave, in order.
fn left(solution: &grundy::Solution) -> Vec<Position> {
    let mut positions: Vec<Position> = solution
        .winning_moves
        .iter()
        .map(|m| match &m.to {
            Target::Whole(position) => position.clone(),
            other => panic!("a small position is written whole, not {other:?}"),
        })
        .collect();
    positions.sort_by_key(ToString::to_string);
    positions
}

#[test]
fn coin_turning_agrees_with_its_rules_on_every_row_of_nine_cells() {
    let analyzer = Analyzer::new(Config::default());
    let rules = [
        "twins",
        "turning-turtles",
        "mock-turtles",
        "ruler",
        "distances:1,3,4",
        "distances:2,5",
    ];
    for rule in rules {
        let game = parse_game(&format!("coins:{rule}")).expect("a spec");
        let mut memo = HashMap::new();
        for heads in 0u64..1 << 9 {
            let brute = coin_value(rule, heads, &mut memo);
            let position = cells(heads);
            let solution = analyzer.solve(&game, &position).expect("solved");
            assert_eq!(solution.grundy, Some(brute.into()), "{rule} at {position}");
            let outcome = if brute == 0 {
                Outcome::Lose
            } else {
                Outcome::Win
            };
            assert_eq!(solution.outcome, outcome, "{rule} at {position}");
            let mut winning: Vec<Position> = coin_options(rule, heads)
                .into_iter()
                .filter(|&o| coin_value(rule, o, &mut memo) == 0)
                .map(cells)
                .collect();
            winning.sort_by_key(ToString::to_string);
            winning.dedup();
            assert_eq!(left(&solution), winning, "{rule} at {position}");
        }
    }
}

/// The options of a staircase (coins on steps 1, 2, …): some coins of one step down a step.
fn staircase_options(steps: &[u64]) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for (i, &coins) in steps.iter().enumerate() {
        for moved in 1..=coins {
            let mut after = steps.to_vec();
            after[i] -= moved;
            if i > 0 {
                after[i - 1] += moved;
            }
            options.push(after);
        }
    }
    options
}

fn staircase_value(steps: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&value) = memo.get(steps) {
        return value;
    }
    let value = mex(staircase_options(steps)
        .iter()
        .map(|o| staircase_value(o, memo)));
    memo.insert(steps.to_vec(), value);
    value
}

#[test]
fn staircase_nim_agrees_with_its_rules_on_every_small_staircase() {
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("staircase").expect("a spec");
    let mut memo = HashMap::new();
    let heaps = |steps: &[u64]| Position::Heaps(steps.iter().map(|&c| c.into()).collect());
    let mut staircases: Vec<Vec<u64>> = vec![Vec::new()];
    for length in 1..=4usize {
        let most = if length <= 2 { 7 } else { 4 };
        let mut longer = Vec::new();
        for steps in staircases.iter().filter(|s| s.len() == length - 1) {
            for coins in 0..=most {
                let mut next = steps.clone();
                next.push(coins);
                longer.push(next);
            }
        }
        staircases.extend(longer);
    }
    for steps in &staircases {
        let brute = staircase_value(steps, &mut memo);
        let position = heaps(steps);
        let solution = analyzer.solve(&game, &position).expect("solved");
        assert_eq!(solution.grundy, Some(brute.into()), "at {position}");
        let mut winning: Vec<Position> = staircase_options(steps)
            .iter()
            .filter(|o| staircase_value(o, &mut memo) == 0)
            .map(|o| heaps(o))
            .collect();
        winning.sort_by_key(ToString::to_string);
        winning.dedup();
        assert_eq!(left(&solution), winning, "at {position}");
    }
}

#[test]
fn heads_far_along_the_row_are_answered_exactly() {
    let analyzer = Analyzer::new(Config::default());
    let huge = BigUint::from(10u32).pow(18);
    let solve = |spec: &str, position: Position| {
        analyzer
            .solve(&parse_game(spec).expect("a spec"), &position)
            .expect("solved")
    };
    // Ruler at cell 2^60 − 1 is worth 2^60; one head alone is won by turning it over.
    let cell = (BigUint::from(1u32) << 60u32) - 1u32;
    let ruler = solve("coins:ruler", Position::Heaps(vec![cell.clone()]));
    assert_eq!(ruler.grundy, Some(BigUint::from(1u32) << 60u32));
    // Two heads of Twins at 10^18 and 10^18 − 5: the move turns the far one and cell 5 less
    // one... the winning move turns 10^18 and the cell worth 10^18 xor (10^18 − 5).
    let near = &huge - 5u32;
    let twins = solve(
        "coins:twins",
        Position::Heaps(vec![near.clone(), huge.clone()]),
    );
    let target = &huge ^ &near;
    assert_eq!(twins.grundy, Some(target.clone()));
    assert_eq!(twins.winning_moves.len(), 1);
    // Mock Turtles with heads at 0, 1 and 10^18: the pairs y xor z = 1 below 10^18 are one class.
    let mock = solve(
        "coins:mock-turtles",
        Position::Heaps(vec![0u32.into(), 1u32.into(), huge.clone()]),
    );
    assert!(
        mock.winning_moves
            .iter()
            .any(|m| matches!(m.to, Target::Unwritten))
    );
    assert!(mock.winning_moves.len() < 10);
    // A staircase of huge steps.
    let stairs = solve(
        "staircase",
        Position::Heaps(vec![huge.clone(), 7u32.into(), huge.clone() + 3u32]),
    );
    assert_eq!(stairs.grundy, Some(BigUint::from(3u32)));
}

#[test]
fn a_coin_row_plays_in_sums_and_under_misere_play() {
    let analyzer = Analyzer::new(Config::default());
    // Mock Turtles at 0,3 is worth 1 xor 7 = 6: with nim[6] the sum is lost.
    let sum = parse_game("coins:mock-turtles[0,3] + nim[6]").expect("a spec");
    let solution = analyzer.solve(&sum, &Position::Sum).expect("solved");
    assert_eq!(solution.outcome, Outcome::Lose);
    let sum = parse_game("coins:mock-turtles[0,3] + nim[5]").expect("a spec");
    let solution = analyzer.solve(&sum, &Position::Sum).expect("solved");
    assert_eq!(solution.grundy, Some(3u32.into()));
    assert!(!solution.winning_moves.is_empty());
    // Misère play is searched: a single head of Turning Turtles at 0 (one move, to no head)
    // is lost under misère play.
    let misere = parse_game("misere:coins:turning-turtles").expect("a spec");
    assert!(matches!(misere, Game::Misere(_)));
    let at_zero = analyzer
        .solve(&misere, &Position::Heaps(vec![0u32.into()]))
        .expect("solved");
    assert_eq!(at_zero.outcome, Outcome::Lose);
}

#[test]
fn verify_compares_each_theorem_with_the_search() {
    let analyzer = Analyzer::new(Config::default());
    for spec in [
        "coins:twins",
        "coins:ruler",
        "staircase",
        "moore:2",
        "hackenbush",
        "dynamic:3x",
        "dynamic:x+2",
    ] {
        let game = parse_game(spec).expect("a spec");
        let verification = analyzer.verify(&game, 7, 1).expect("verified");
        assert!(
            verification.first_disagreement().is_none(),
            "{spec}: {verification:?}"
        );
        assert!(!verification.checks.is_empty(), "{spec}");
        assert!(verification.brute_force_positions > 0, "{spec}");
    }
}

/// The options of Moore's `Nim_k` from the literal rules: at least one token from each of one to
/// `k` heaps, heaps kept in their places.
fn moore_options(heaps: &[u64], k: usize) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    let mut after = heaps.to_vec();
    loop {
        // The next vector of sizes below or equal to the heaps, as an odometer.
        let mut i = 0;
        loop {
            if i == heaps.len() {
                return options;
            }
            if after[i] > 0 {
                after[i] -= 1;
                break;
            }
            after[i] = heaps[i];
            i += 1;
        }
        let touched = after.iter().zip(heaps).filter(|(a, h)| a != h).count();
        if touched <= k {
            options.push(after.clone());
        }
    }
}

fn moore_value(heaps: &[u64], k: usize, memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&value) = memo.get(heaps) {
        return value;
    }
    let value = mex(moore_options(heaps, k)
        .iter()
        .map(|o| moore_value(o, k, memo))
        .collect::<Vec<_>>());
    memo.insert(heaps.to_vec(), value);
    value
}

fn heaps_position(heaps: &[u64]) -> Position {
    Position::Heaps(heaps.iter().map(|&h| BigUint::from(h)).collect())
}

#[test]
fn moores_nim_agrees_with_its_rules_alone_and_in_sums() {
    let analyzer = Analyzer::new(Config::default());
    for k in 1..=3usize {
        let game = parse_game(&format!("moore:{k}")).expect("a spec");
        let mut memo = HashMap::new();
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..4u64 {
                    let heaps = [a, b, c];
                    let brute = moore_value(&heaps, k, &mut memo);
                    let solution = analyzer
                        .solve(&game, &heaps_position(&heaps))
                        .expect("solved");
                    let outcome = if brute == 0 {
                        Outcome::Lose
                    } else {
                        Outcome::Win
                    };
                    assert_eq!(solution.outcome, outcome, "moore:{k} at {heaps:?}");
                    let mut winning: Vec<Position> = moore_options(&heaps, k)
                        .into_iter()
                        .filter(|o| moore_value(o, k, &mut memo) == 0)
                        .map(|o| heaps_position(&o))
                        .collect();
                    winning.sort_by_key(ToString::to_string);
                    assert_eq!(left(&solution), winning, "moore:{k} at {heaps:?}");
                    // In a sum with a Nim heap the component's Grundy value is searched.
                    let sum =
                        parse_game(&format!("moore:{k}[{a},{b},{c}] + nim[2]")).expect("a spec");
                    let solved = analyzer.solve(&sum, &Position::Sum).expect("solved");
                    assert_eq!(
                        solved.grundy,
                        Some(BigUint::from(brute ^ 2)),
                        "moore:{k} at {heaps:?} + nim[2]"
                    );
                }
            }
        }
    }
}

/// The edges of a picture still connected to the ground (node 0), each written smaller node
/// first, sorted: what the literal rules leave standing.
fn standing(edges: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let mut reached = BTreeSet::from([0u64]);
    while let Some(&(u, v)) = edges
        .iter()
        .find(|(u, v)| reached.contains(u) != reached.contains(v))
    {
        reached.insert(u);
        reached.insert(v);
    }
    let mut kept: Vec<(u64, u64)> = edges
        .iter()
        .filter(|(u, _)| reached.contains(u))
        .map(|&(u, v)| (u.min(v), u.max(v)))
        .collect();
    kept.sort_unstable();
    kept
}

fn hackenbush_value(edges: &[(u64, u64)], memo: &mut HashMap<Vec<(u64, u64)>, u64>) -> u64 {
    let key = standing(edges);
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let options: Vec<u64> = (0..key.len())
        .map(|i| {
            let mut rest = key.clone();
            rest.remove(i);
            hackenbush_value(&rest, memo)
        })
        .collect();
    let value = mex(options);
    memo.insert(key, value);
    value
}

#[test]
fn green_hackenbush_agrees_with_its_rules_on_trees_cycles_loops_and_floating_parts() {
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("hackenbush").expect("a spec");
    let mut memo = HashMap::new();
    let pictures: [&[(u64, u64)]; 8] = [
        &[(0, 1), (1, 2), (1, 3)],
        &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4)],
        &[(0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (4, 5)],
        &[(0, 0), (0, 1), (1, 1), (1, 2)],
        &[(0, 1), (0, 1), (1, 2), (5, 6)],
        &[(0, 1), (1, 2), (2, 3), (3, 0), (1, 3), (2, 4)],
        &[(7, 8), (8, 9)],
        &[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0), (4, 5)],
    ];
    for edges in pictures {
        let text: Vec<String> = edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        let position = game.parse_position(&text.join(",")).expect("a picture");
        let solution = analyzer.solve(&game, &position).expect("solved");
        let brute = hackenbush_value(edges, &mut memo);
        assert_eq!(solution.grundy, Some(brute.into()), "{edges:?}");
        let mut winning: Vec<Vec<(u64, u64)>> = (0..edges.len())
            .filter(|&i| {
                standing(edges).contains(&(edges[i].0.min(edges[i].1), edges[i].0.max(edges[i].1)))
            })
            .map(|i| {
                let mut rest = edges.to_vec();
                rest.remove(i);
                rest
            })
            .filter(|rest| hackenbush_value(rest, &mut memo) == 0)
            .map(|rest| standing(&rest))
            .collect();
        winning.sort();
        winning.dedup();
        let mut left: Vec<Vec<(u64, u64)>> = solution
            .winning_moves
            .iter()
            .map(|m| match &m.to {
                Target::Whole(Position::Edges(after)) => standing(after),
                other => panic!("a small picture is written whole, not {other:?}"),
            })
            .collect();
        left.sort();
        left.dedup();
        assert_eq!(left, winning, "{edges:?}");
    }
    // A parent array is the same tree as its edges.
    let parents = game
        .parse_position("parents: 0 0 1 1")
        .expect("a parent array");
    let listed = game.parse_position("0-1,0-2,1-3,1-4").expect("edges");
    assert_eq!(
        analyzer.solve(&game, &parents).expect("solved").grundy,
        analyzer.solve(&game, &listed).expect("solved").grundy
    );
}

/// Found by review: a misère position written in another order than the search keys it on had
/// its listed moves paired with the keyed position's options.
#[test]
fn misere_moves_are_those_of_the_position_as_written() {
    let analyzer = Analyzer::new(Config::default());
    let cases = [
        ("misere:moore:1", "2,1", "0,1"),
        ("misere:hackenbush", "0-3,0-2,2-1", "0-3"),
        ("misere:digraph:0>0,0>1,2>1", "2,0,1", "2,1,1"),
    ];
    for (spec, written, left) in cases {
        let game = parse_game(spec).expect("a spec");
        let position = game.parse_position(written).expect("a position");
        let solution = analyzer.solve(&game, &position).expect("solved");
        let leaves: Vec<String> = solution
            .winning_moves
            .iter()
            .map(|m| match &m.to {
                Target::Whole(after) => after.to_string(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(leaves, vec![left.to_owned()], "{spec} at {written}");
    }
}

#[test]
fn a_class_of_nim_k_moves_counts_its_members_and_too_much_work_gives_the_value_alone() {
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("moore:4").expect("a spec");
    let position = game
        .parse_position("64,64,64,64,63,63,63")
        .expect("a position");
    let solution = analyzer.solve(&game, &position).expect("solved");
    assert_eq!(solution.winning_move_count(), BigUint::from(46_656u32));
    // A cycle of 10^4 edges through the ground: worth 1, its moves beyond the work limit.
    let game = parse_game("hackenbush").expect("a spec");
    let cycle: Vec<String> = (0..10_001u64)
        .map(|i| format!("{i}-{}", (i + 1) % 10_001))
        .collect();
    let position = game.parse_position(&cycle.join(",")).expect("a picture");
    let solution = analyzer.solve(&game, &position).expect("solved");
    assert_eq!(solution.grundy, Some(BigUint::from(1u32)));
    assert!(solution.moves_withheld.is_some(), "{solution:?}");
    assert!(solution.winning_moves.is_empty());
    // A parent array that is not a tree is refused.
    assert!(game.parse_position("parents: 2 1").is_err());
    assert!(game.parse_position("parents: 0 5").is_err());
}

/// Dynamic subtraction's table: Grundy values where the search reaches them, and beyond, the
/// outcomes alone by the theorem — each the outcome `solve` gives.
#[test]
fn dynamic_subtraction_tables_outcomes_beyond_the_search() {
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("dynamic:3x").expect("a spec");
    let small = analyzer
        .tabulate(&game, &BigUint::ZERO, &40u32.into())
        .expect("a table");
    let grundy::Tabulation::Table(table) = small else {
        panic!("values within the search: {small:?}")
    };
    // The fresh heaps lost are the terms of H (and 0): 1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40.
    let lost: Vec<usize> = (0..table.values.len())
        .filter(|&n| table.values[n] == BigUint::ZERO)
        .collect();
    assert_eq!(lost, [0, 1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40]);
    let from = BigUint::from(10u32).pow(18);
    let to = &from + 60u32;
    let large = analyzer.tabulate(&game, &from, &to).expect("outcomes");
    let grundy::Tabulation::Outcomes(row) = large else {
        panic!("outcomes beyond the search: {large:?}")
    };
    assert_eq!(row.outcomes.len(), 61);
    for (i, outcome) in row.outcomes.iter().enumerate() {
        let position = game
            .parse_position(&(&from + i).to_string())
            .expect("a heap");
        let solution = analyzer.solve(&game, &position).expect("solved");
        assert_eq!(*outcome, solution.outcome, "{position}");
    }
}
