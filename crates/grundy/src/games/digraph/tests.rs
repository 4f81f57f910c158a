use std::collections::{BTreeSet, HashMap};

use super::*;

/// Win, lose or draw for the player to move, from the literal rules: every position of `k`
/// tokens on the graph solved backwards (a position without moves is lost; one with a move to a
/// lost position is won; one whose moves all reach won positions is lost; the rest draw).
fn outcomes(successors: &[Vec<usize>], k: usize) -> HashMap<Vec<usize>, i8> {
    let n = successors.len();
    let mut positions: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..k {
        positions = positions
            .into_iter()
            .flat_map(|p| {
                let least = p.last().copied().unwrap_or(0);
                (least..n).map(move |node| {
                    let mut longer = p.clone();
                    longer.push(node);
                    longer
                })
            })
            .collect();
    }
    let moves = |p: &Vec<usize>| -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for &next in &successors[p[i]] {
                let mut q = p.clone();
                q[i] = next;
                q.sort_unstable();
                out.push(q);
            }
        }
        out
    };
    // 1 win, -1 lose, 0 unknown (a draw at the end).
    let mut result: HashMap<Vec<usize>, i8> = positions.iter().map(|p| (p.clone(), 0)).collect();
    loop {
        let mut changed = false;
        for p in &positions {
            if result[p] != 0 {
                continue;
            }
            let options = moves(p);
            let value = if options.iter().any(|q| result[q] == -1) {
                1
            } else if options.iter().all(|q| result[q] == 1) {
                -1
            } else {
                0
            };
            if value != 0 {
                result.insert(p.clone(), value);
                changed = true;
            }
        }
        if !changed {
            return result;
        }
    }
}

/// A small pseudo-random graph on `n` nodes (a linear congruential generator: the same graphs
/// every run), self-loops and cycles included.
fn graphs() -> Vec<Vec<(u64, u64)>> {
    let mut state: u64 = 12345;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    let mut all = Vec::new();
    for _ in 0..300 {
        let n = 1 + next() % 6;
        let m = next() % 10;
        let edges: Vec<(u64, u64)> = (0..m).map(|_| (next() % n, next() % n)).collect();
        all.push(edges);
    }
    all
}

#[test]
fn the_values_and_every_winning_move_agree_with_the_literal_rules() {
    for edges in graphs() {
        let graph = Digraph::new(&edges);
        let successors: Vec<Vec<usize>> = graph
            .successors
            .iter()
            .map(|s| s.iter().map(|&v| v as usize).collect())
            .collect();
        for k in 1..=3 {
            let brute = outcomes(&successors, k);
            for (tokens, &expected) in &brute {
                let position =
                    Position::Heaps(tokens.iter().map(|&t| graph.names[t].into()).collect());
                let reading = graph.read(&position).expect("a position");
                let outcome = match &reading.worth {
                    Worth::Grundy(value) if *value == BigUint::ZERO => -1,
                    Worth::Infinite { .. } if !reading.worth.wins() => 0,
                    _ => 1,
                };
                assert_eq!(outcome, expected, "{edges:?} with tokens {tokens:?}");
                let moves = graph.moves_to(&position, &BigUint::ZERO, 1 << 20).expect("moves");
                let left: BTreeSet<Vec<usize>> = moves
                    .iter()
                    .map(|action| {
                        let Some(Position::Heaps(after)) = graph.after(&position, action, 8) else {
                            panic!("{action:?} leaves no position");
                        };
                        let mut nodes: Vec<usize> = after
                            .iter()
                            .map(|t| graph.node(t).expect("a node"))
                            .collect();
                        nodes.sort_unstable();
                        nodes
                    })
                    .collect();
                let mut winning = BTreeSet::new();
                for i in 0..tokens.len() {
                    for &next in &successors[tokens[i]] {
                        let mut q = tokens.clone();
                        q[i] = next;
                        q.sort_unstable();
                        if brute[&q] == -1 {
                            winning.insert(q);
                        }
                    }
                }
                assert_eq!(left, winning, "{edges:?} with tokens {tokens:?}");
            }
        }
    }
}

#[test]
fn an_acyclic_graph_of_a_million_edges_is_valued_children_first() {
    // A long path with chords forward: acyclic, valued without Smith's rounds.
    let edges: Vec<(u64, u64)> = (0..500_000u64)
        .flat_map(|i| [(i, i + 1), (i, i + 2)])
        .collect();
    let graph = Digraph::new(&edges);
    assert!(graph.acyclic_values().is_some());
    // From node i the values run 0, 1, 2, 0, 1, 2, … counted back from the end: mex of the
    // next two.
    let reading = graph
        .read(&Position::Heaps(vec![BigUint::from(500_001u64)]))
        .expect("a position");
    assert_eq!(reading.worth, Worth::Grundy(BigUint::ZERO));
}

#[test]
fn graphs_are_read_with_their_mistakes_located() {
    assert!(Digraph::read("0>1, 1 2\n2->0").is_ok());
    let problem = Digraph::read("0>1,1>x").unwrap_err();
    assert_eq!(problem.span, 6..7);
    let problem = Digraph::read("0>1,1>2>3").unwrap_err();
    assert_eq!(problem.span, 4..9);
}
