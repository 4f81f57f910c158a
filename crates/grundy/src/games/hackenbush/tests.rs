use std::collections::{BTreeSet, HashMap};

use super::decompose::Picture;
use super::*;

/// The edges still connected to the ground (node 0), from the literal rules: a search from it.
fn grounded(edges: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let mut reached: BTreeSet<u64> = BTreeSet::from([0]);
    loop {
        let before = reached.len();
        for &(u, v) in edges {
            if reached.contains(&u) || reached.contains(&v) {
                reached.insert(u);
                reached.insert(v);
            }
        }
        if reached.len() == before {
            break;
        }
    }
    let mut kept: Vec<(u64, u64)> = edges
        .iter()
        .filter(|(u, _)| reached.contains(u))
        .map(|&(u, v)| (u.min(v), u.max(v)))
        .collect();
    kept.sort_unstable();
    kept
}

/// The value of a picture from the literal rules: the mex over every edge removed.
fn value(edges: &[(u64, u64)], memo: &mut HashMap<Vec<(u64, u64)>, u64>) -> u64 {
    let key = grounded(edges);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut seen = BTreeSet::new();
    for i in 0..key.len() {
        let mut rest = key.clone();
        rest.remove(i);
        seen.insert(value(&rest, memo));
    }
    let mex = (0..).find(|v| !seen.contains(v)).expect("a mex");
    memo.insert(key, mex);
    mex
}

/// Every picture of up to `most` edges among `nodes` nodes, loops and parallel edges included.
fn pictures(nodes: u64, most: usize) -> Vec<Vec<(u64, u64)>> {
    let pairs: Vec<(u64, u64)> = (0..nodes)
        .flat_map(|u| (u..nodes).map(move |v| (u, v)))
        .collect();
    let mut all = vec![Vec::new()];
    let mut current: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..most {
        let mut next = Vec::new();
        for chosen in &current {
            let least = chosen.last().copied().unwrap_or(0);
            for index in least..pairs.len() {
                let mut longer = chosen.clone();
                longer.push(index);
                all.push(longer.iter().map(|&i| pairs[i]).collect());
                next.push(longer);
            }
        }
        current = next;
    }
    all
}

#[test]
fn the_principles_and_every_winning_move_agree_with_the_literal_rules() {
    let mut memo = HashMap::new();
    for edges in pictures(5, 5) {
        let picture = Picture::new(&edges);
        let expected = value(&edges, &mut memo);
        assert_eq!(picture.value(), expected, "{edges:?}");
        for target in 0..4 {
            let moves = picture.moves_to(target);
            let brute: Vec<usize> = (0..edges.len())
                .filter(|&i| {
                    grounded(&edges).contains(&(edges[i].0.min(edges[i].1), edges[i].0.max(edges[i].1)))
                        && {
                            let mut rest = edges.clone();
                            rest.remove(i);
                            value(&rest, &mut memo) == target
                        }
                })
                .collect();
            // A parallel edge removed is the same move however it is numbered: compare the
            // pictures left.
            let left = |indices: &[usize]| -> BTreeSet<Vec<(u64, u64)>> {
                indices
                    .iter()
                    .map(|&i| {
                        let mut rest = edges.clone();
                        rest.remove(i);
                        grounded(&rest)
                    })
                    .collect()
            };
            assert_eq!(left(&moves), left(&brute), "{edges:?} to {target}");
            assert_eq!(moves, brute, "{edges:?} to {target}");
        }
    }
}

#[test]
fn trees_follow_the_colon_principle_at_any_depth() {
    // A path of 10^5 edges from the ground is a stalk: worth its length.
    let path: Vec<(u64, u64)> = (0..100_000u64).map(|i| (i, i + 1)).collect();
    assert_eq!(Picture::new(&path).value(), 100_000);
    // Its winning move to 0 is the edge at the ground.
    assert_eq!(Picture::new(&path).moves_to(0), vec![0]);
    // A star of 18 leaves: 18 stalks of 1, xor 0.
    let star: Vec<(u64, u64)> = (1..=18u64).map(|leaf| (0, leaf)).collect();
    assert_eq!(Picture::new(&star).value(), 0);
    // A node not connected to the ground falls at once.
    let floating = vec![(0, 1), (5, 6), (6, 7)];
    assert_eq!(Picture::new(&floating).value(), 1);
    assert_eq!(Picture::new(&floating).grounded_edges().count(), 1);
}

#[test]
fn a_cycle_through_every_node_fuses_into_loops() {
    // A triangle on the ground: three loops at the ground, worth 1.
    let triangle = vec![(0, 1), (1, 2), (2, 0)];
    assert_eq!(Picture::new(&triangle).value(), 1);
    // A cycle of 10^5 edges through every node: odd length, worth 1; even, worth 0.
    let cycle: Vec<(u64, u64)> = (0..100_001u64).map(|i| (i, (i + 1) % 100_001)).collect();
    assert_eq!(Picture::new(&cycle).value(), 1);
    // A loop at the ground alone.
    assert_eq!(Picture::new(&[(0, 0)]).value(), 1);
}

#[test]
fn every_small_option_is_the_position_its_action_leaves() {
    for edges in pictures(3, 3) {
        let position = Position::Edges(Arc::new(edges.clone()));
        for (action, after) in Hackenbush::default().options(&position).expect("listed") {
            assert_eq!(Hackenbush::default().after(&position, &action, 64), Some(after), "{edges:?}");
        }
    }
}
