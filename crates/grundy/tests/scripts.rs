//! The example scripts (examples/*.rhai), each against a brute force written here from its
//! rules — sharing nothing with the script, its engines or the memo — and each through
//! `verify`, whose second path runs the script on rhai's interpreter over its whole graph.
//! (oddball.rhai, norepeat.rhai and cycle.rhai are checked against the built-in games and known
//! values in tests/general.rs.)

use std::collections::HashMap;

use grundy::analysis::verify::Verdict;
use grundy::spec::parse_game_with_loader;
use grundy::{Analyzer, Config, Game, Outcome, Solution};
use num_bigint::BigUint;

fn game(spec: &str) -> Game {
    let root = format!("{}/../../", env!("CARGO_MANIFEST_DIR"));
    parse_game_with_loader(spec, &|path| {
        std::fs::read_to_string(format!("{root}{path}")).map_err(|e| e.to_string())
    })
    .unwrap()
}

fn solve(game: &Game, argument: &str) -> Solution {
    let position = game.parse_position(argument).unwrap();
    Analyzer::new(Config::default())
        .solve(game, &position)
        .unwrap()
}

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: Vec<u32> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// A deterministic stream of small random numbers.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// `verify` runs the script's own paths against its interpreted graph and finds no disagreement.
fn verified(spec: &str, to: u64) {
    let verification = Analyzer::new(Config::default())
        .verify(&game(spec), to, 1)
        .unwrap();
    assert!(
        verification.first_disagreement().is_none(),
        "{spec}: {verification:?}"
    );
    assert!(
        verification
            .checks
            .iter()
            .any(|c| c.verdict == Verdict::Agreed && c.compared > to),
        "{spec}: {verification:?}"
    );
}

fn grundy_of(solution: &Solution) -> u32 {
    u32::try_from(solution.grundy.as_ref().unwrap()).unwrap()
}

#[test]
fn take134_is_the_subtraction_game() {
    let game = game("script:examples/take134.rhai");
    let mut values = vec![0u32; 301];
    for n in 1..=300 {
        values[n] = mex([1, 3, 4].iter().filter(|&&t| t <= n).map(|t| values[n - t]));
    }
    let table = Analyzer::new(Config::default())
        .table(&game, &BigUint::ZERO, &BigUint::from(300u32))
        .unwrap();
    let expected: Vec<BigUint> = values.iter().map(|&v| v.into()).collect();
    assert_eq!(table.values, expected);
    // The winning moves at 100 + k are the takes to a value-0 heap.
    for n in [101usize, 102, 104, 299] {
        let solution = solve(&game, &n.to_string());
        let mut winning: Vec<String> = solution
            .winning_moves
            .iter()
            .map(|m| grundy::render::moves::description(&game, m))
            .collect();
        winning.sort();
        let expected: Vec<String> = [1, 3, 4]
            .iter()
            .filter(|&&t| t <= n && values[n - t] == 0)
            .map(|t| format!("take {t}"))
            .collect();
        assert_eq!(winning, expected, "{n}");
    }
    verified("script:examples/take134.rhai", 60);
}

#[test]
fn corner_is_the_board_by_mex() {
    let game = game("script:examples/corner.rhai");
    let size = 41;
    let mut values = vec![vec![0u32; size]; size];
    for x in 0..size {
        for y in 0..size {
            let mut options = Vec::new();
            if x > 0 {
                options.push(values[x - 1][y]);
            }
            if y > 0 {
                options.push(values[x][y - 1]);
            }
            if x > 0 && y > 0 {
                options.push(values[x - 1][y - 1]);
            }
            values[x][y] = mex(options);
        }
    }
    for (n, row) in values.iter().enumerate() {
        assert_eq!(grundy_of(&solve(&game, &n.to_string())), row[n], "{n}");
    }
    verified("script:examples/corner.rhai", 30);
}

#[test]
fn flips_is_the_sum_of_its_runs() {
    let game = game("script:examples/flips.rhai");
    // A run of n: a move leaves runs a and b, a + b = n - 2.
    let mut run = vec![0u32; 70];
    for n in 2..70 {
        run[n] = mex((0..=n - 2).map(|a| run[a] ^ run[n - 2 - a]));
    }
    let mut random = Random(11);
    for length in [1, 2, 5, 12, 30, 60] {
        for _ in 0..8 {
            let row: String = (0..length)
                .map(|_| if random.below(6) == 0 { '-' } else { '+' })
                .collect();
            let expected = row.split('-').fold(0, |x, part| x ^ run[part.len()]);
            let solution = solve(&game, &row);
            assert_eq!(grundy_of(&solution), expected, "{row}");
            assert_eq!(
                solution.outcome,
                if expected == 0 {
                    Outcome::Lose
                } else {
                    Outcome::Win
                },
                "{row}"
            );
        }
    }
}

#[test]
fn divisors_loses_exactly_at_odd_numbers() {
    let game = game("script:examples/divisors.rhai");
    let mut values = vec![0u32; 201];
    for n in 1..=200 {
        values[n] = mex((1..n).filter(|d| n % d == 0).map(|d| values[n - d]));
    }
    let table = Analyzer::new(Config::default())
        .table(&game, &BigUint::ZERO, &BigUint::from(200u32))
        .unwrap();
    let expected: Vec<BigUint> = values.iter().map(|&v| v.into()).collect();
    assert_eq!(table.values, expected);
    for (n, value) in values.iter().enumerate().skip(1) {
        assert_eq!(*value == 0, n % 2 == 1, "{n}");
    }
    verified("script:examples/divisors.rhai", 40);
}

/// Whether the player to move wins "Can I Win" with the numbers not in `chosen` (from 1 to
/// `m`) and `left` still needed.
fn reach_wins(m: u32, chosen: u32, left: i64, memo: &mut HashMap<(u32, i64), bool>) -> bool {
    if let Some(&known) = memo.get(&(chosen, left)) {
        return known;
    }
    let wins = (1..=m).any(|i| {
        chosen & (1 << (i - 1)) == 0
            && (i64::from(i) >= left
                || !reach_wins(m, chosen | 1 << (i - 1), left - i64::from(i), memo))
    });
    memo.insert((chosen, left), wins);
    wins
}

#[test]
fn reach_is_can_i_win() {
    let game = game("script:examples/reach.rhai");
    for (m, t) in [
        (10, 11),
        (10, 40),
        (10, 0),
        (5, 50),
        (8, 20),
        (12, 25),
        (6, 9),
    ] {
        let solution = solve(&game, &format!("{m} {t}"));
        let wins = t > 0 && reach_wins(m, 0, t, &mut HashMap::new());
        let expected = if wins { Outcome::Win } else { Outcome::Lose };
        assert_eq!(solution.outcome, expected, "{m} {t}");
    }
}

/// The Grundy value of a row of Turning Turtles, searched whole (no decomposition).
fn turtles(row: u32, length: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&known) = memo.get(&row) {
        return known;
    }
    let mut options = Vec::new();
    for i in 0..length {
        if row & (1 << i) != 0 {
            let turned = row ^ (1 << i);
            options.push(turtles(turned, length, memo));
            for j in 0..i {
                options.push(turtles(turned ^ (1 << j), length, memo));
            }
        }
    }
    let value = mex(options);
    memo.insert(row, value);
    value
}

#[test]
fn turtles_is_the_whole_row_searched() {
    let game = game("script:examples/turtles.rhai");
    let mut random = Random(5);
    let mut memo = HashMap::new();
    for _ in 0..40 {
        let length = 1 + random.below(11) as u32;
        let row = random.below(1 << length) as u32;
        let text: String = (0..length)
            .map(|i| if row & (1 << i) != 0 { 'H' } else { 'T' })
            .collect();
        let expected = turtles(row, length, &mut memo);
        assert_eq!(grundy_of(&solve(&game, &text)), expected, "{text}");
        // The coin-turning theorem the script relies on: a head at cell n is worth n.
        let heads = (0..length)
            .filter(|i| row & (1 << i) != 0)
            .fold(0, |x, i| x ^ (i + 1));
        assert_eq!(expected, heads, "{text}");
    }
}

#[test]
fn dag_is_the_graph_by_mex() {
    let game = game("script:examples/dag.rhai");
    let arrows: [&[usize]; 8] = [&[1, 2, 3], &[4], &[4, 5], &[5, 6], &[7], &[7], &[7], &[]];
    let mut values = [0u32; 8];
    for node in (0..8).rev() {
        values[node] = mex(arrows[node].iter().map(|&next| values[next]));
    }
    for (node, &value) in values.iter().enumerate() {
        let solution = solve(&game, &node.to_string());
        assert_eq!(grundy_of(&solution), value, "node {node}");
    }
    let error = Analyzer::new(Config::default())
        .solve(&game, &game.parse_position("8").unwrap())
        .unwrap_err();
    assert!(error.to_string().contains("there is no node 8"), "{error}");
    verified("script:examples/dag.rhai", 7);
}

/// The rows of `explain`'s table of positions.
fn explained_rows(spec: &str, argument: &str) -> grundy::analysis::explain::PositionTable {
    use grundy::analysis::explain::Step;
    let game = game(spec);
    let position = game.parse_position(argument).unwrap();
    let explanation = Analyzer::new(Config::default())
        .explain(&game, Some(&position))
        .unwrap();
    explanation
        .steps
        .into_iter()
        .find_map(|step| match step {
            Step::Positions(table) => Some(table),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{spec} at {argument}: no table of positions"))
}

#[test]
fn explain_shows_each_position_after_its_options_with_its_mex() {
    use grundy::analysis::explain::PositionValue;
    // take134 at 30: the subtraction game {1, 3, 4}, by the recursion written here.
    let mut g = [0u32; 31];
    for n in 1..=30usize {
        g[n] = mex([1, 3, 4].iter().filter(|&&t| t <= n).map(|&t| g[n - t]));
    }
    let table = explained_rows("script:examples/take134.rhai", "30");
    assert_eq!(table.valued, 31);
    let n_of = |text: &str| text.parse::<usize>().unwrap();
    let mut shown = Vec::new();
    for row in &table.rows {
        let n = n_of(&row.position);
        assert_eq!(row.value, PositionValue::Nimber(g[n]), "row {n}");
        let takes: Vec<usize> = [1, 3, 4].into_iter().filter(|&t| t <= n).collect();
        assert_eq!(row.options.len(), takes.len(), "row {n}");
        for (option, take) in row.options.iter().zip(takes) {
            assert_eq!(
                option.label.as_deref(),
                Some(format!("take {take}").as_str())
            );
            assert_eq!(n_of(&option.to), n - take);
            assert_eq!(option.value, PositionValue::Nimber(g[n - take]));
            // Every option of a row is a row above it, or the table was cut before it.
            assert!(shown.contains(&(n - take)) || n == 30, "row {n}");
        }
        shown.push(n);
    }
    // Cut at 24 rows: the first 23 positions valued, then the one asked about.
    assert_eq!(table.rows.len(), 24);
    assert_eq!(shown[..23], (0..23).collect::<Vec<_>>()[..]);
    assert_eq!(shown[23], 30);

    // flips: a row split into runs is a sum, its value the xor of the runs' values.
    let table = explained_rows("script:examples/flips.rhai", "++++-+++-+");
    let last = table.rows.last().unwrap();
    assert_eq!(last.position, "\"++++-+++-+\"");
    let parts: Vec<&str> = last.parts.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(parts, ["\"++++\"", "\"+++\""]);
    assert_eq!(last.value, PositionValue::Nimber(2 ^ 1));
    assert!(last.options.is_empty());
}

#[test]
fn queen_is_wythoff_over_the_grid() {
    // start(a, b): the grid of G(a, b) is the built-in Wythoff game's, cell by cell.
    let analyzer = Analyzer::new(Config::default());
    let script = analyzer
        .grid(&game("script:examples/queen.rhai"), 20)
        .unwrap();
    let wythoff = analyzer
        .grid(&grundy::spec::parse_game("wythoff").unwrap(), 20)
        .unwrap();
    assert_eq!(script.values, wythoff.values);
    assert_eq!(script.values.len(), 21);
    // Solved one pair at a time, "a,b" and "a b" alike; P exactly at Wythoff's pairs.
    let queen = game("script:examples/queen.rhai");
    for (a, b) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (5, 5), (2, 7)] {
        let p = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)].contains(&(a, b));
        for written in [format!("{a},{b}"), format!("{a} {b}")] {
            let solution = solve(&queen, &written);
            assert_eq!(solution.outcome == Outcome::Lose, p, "{written}");
        }
    }
    verified("script:examples/queen.rhai", 12);
}
