//! Nim, misère play, Wythoff, Fibonacci Nim, no-repeat games and sums: known answers from
//! `testdata/classical.json`, and 对拍 against brute force written here from the rules alone.

use std::collections::HashMap;

use grundy::render::moves::{description, target};
use grundy::{Action, Analyzer, Config, Outcome, Position, Solution, Target, parse_game};
use num_bigint::BigUint;
use proptest::prelude::*;
use serde::Deserialize;

fn solve(spec: &str, position: &str) -> Solution {
    let game = parse_game(spec).unwrap();
    let position = if position.is_empty() {
        Position::Sum
    } else {
        game.parse_position(position).unwrap()
    };
    Analyzer::new(Config::default())
        .solve(&game, &position)
        .unwrap_or_else(|e| panic!("{spec} {position}: {e}"))
}

/// The winning moves of `spec`'s solution, as (description, target) in words.
fn moves(spec: &str, solution: &Solution) -> Vec<(String, String)> {
    let game = parse_game(spec).unwrap();
    solution
        .winning_moves
        .iter()
        .map(|m| (description(&game, m), target(&game, m)))
        .collect()
}

/// The positions `spec`'s winning moves leave, as written.
fn targets(spec: &str, solution: &Solution) -> Vec<String> {
    moves(spec, solution)
        .into_iter()
        .map(|(_, to)| to)
        .collect()
}

#[derive(Deserialize)]
struct Known {
    wythoff_p_positions: Pairs,
    wythoff_grundy_rows: Rows,
    fibonacci_nim_losing_fresh_heaps: Heaps,
    solve: Vec<KnownSolve>,
}

#[derive(Deserialize)]
struct Pairs {
    pairs: Vec<(u64, u64)>,
}

#[derive(Deserialize)]
struct Rows {
    rows: Vec<Vec<u32>>,
}

#[derive(Deserialize)]
struct Heaps {
    heaps: Vec<u64>,
}

#[derive(Deserialize)]
struct KnownSolve {
    game: String,
    position: String,
    value: String,
    grundy: Option<u64>,
    winning_moves: Vec<(String, String)>,
    source: String,
}

#[test]
fn known_answers() {
    let path = format!(
        "{}/../../testdata/classical.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let known: Known = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for &(a, b) in &known.wythoff_p_positions.pairs {
        for (x, y) in [(a, b), (b, a)] {
            let solution = solve("wythoff", &format!("{x},{y}"));
            assert_eq!(solution.outcome, Outcome::Lose, "wythoff {x},{y}");
            assert_eq!(solution.grundy, Some(BigUint::ZERO));
        }
    }
    let grid = Analyzer::new(Config::default())
        .grid(&parse_game("wythoff").unwrap(), 7)
        .unwrap();
    for (a, row) in known.wythoff_grundy_rows.rows.iter().enumerate() {
        assert_eq!(&grid.values[a], row, "Wythoff row {a} (OEIS A004481)");
    }
    for n in 1..=250u64 {
        let loses = solve("fibonacci-nim", &n.to_string()).outcome == Outcome::Lose;
        assert_eq!(
            loses,
            known.fibonacci_nim_losing_fresh_heaps.heaps.contains(&n),
            "fibonacci-nim {n}"
        );
    }
    for case in &known.solve {
        let solution = solve(&case.game, &case.position);
        let context = format!("{} {} ({})", case.game, case.position, case.source);
        assert_eq!(solution.outcome.name(), case.value, "{context}");
        if let Some(grundy) = case.grundy {
            assert_eq!(solution.grundy, Some(BigUint::from(grundy)), "{context}");
        }
        assert_eq!(
            moves(&case.game, &solution),
            case.winning_moves,
            "{context}"
        );
    }
}

/// A brute-force impartial game: positions as small vectors, moves from the rules.
trait Rules {
    fn options(&self, position: &[u64]) -> Vec<Vec<u64>>;
}

struct Nim;
impl Rules for Nim {
    fn options(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for t in 0..heaps[i] {
                let mut next = heaps.to_vec();
                next[i] = t;
                out.push(next);
            }
        }
        out
    }
}

struct Wythoff;
impl Rules for Wythoff {
    fn options(&self, p: &[u64]) -> Vec<Vec<u64>> {
        let (a, b) = (p[0], p[1]);
        let mut out: Vec<Vec<u64>> = (0..a).map(|x| vec![x, b]).collect();
        out.extend((0..b).map(|y| vec![a, y]));
        out.extend((1..=a.min(b)).map(|i| vec![a - i, b - i]));
        out
    }
}

/// Fibonacci Nim on (heap, quota).
struct FibonacciNim;
impl Rules for FibonacciNim {
    fn options(&self, p: &[u64]) -> Vec<Vec<u64>> {
        (1..=p[1].min(p[0]))
            .map(|k| vec![p[0] - k, 2 * k])
            .collect()
    }
}

/// No-repeat subtraction on (heap, last), last 0 = none.
struct NoRepeat(Vec<u64>);
impl Rules for NoRepeat {
    fn options(&self, p: &[u64]) -> Vec<Vec<u64>> {
        self.0
            .iter()
            .filter(|&&s| s <= p[0] && s != p[1])
            .map(|&s| vec![p[0] - s, s])
            .collect()
    }
}

struct Subtraction(Vec<u64>);
impl Rules for Subtraction {
    fn options(&self, p: &[u64]) -> Vec<Vec<u64>> {
        self.0
            .iter()
            .filter(|&&s| s <= p[0])
            .map(|&s| vec![p[0] - s])
            .collect()
    }
}

/// Grundy values (normal play) or misère Grundy values (a position without moves is worth 1),
/// by memoised recursion.
fn value(
    rules: &dyn Rules,
    position: &[u64],
    misere: bool,
    memo: &mut HashMap<Vec<u64>, u64>,
) -> u64 {
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let options: Vec<u64> = rules
        .options(position)
        .iter()
        .map(|o| value(rules, o, misere, memo))
        .collect();
    let v = if options.is_empty() && misere {
        1
    } else {
        (0..).find(|v| !options.contains(v)).unwrap()
    };
    memo.insert(position.to_vec(), v);
    v
}

#[test]
fn wythoff_matches_brute_force_below_200() {
    let table = grundy::wythoff::grundy_table(200, 200, grundy::Play::Normal);
    let mut memo = HashMap::new();
    for a in 0..40u64 {
        for b in 0..40u64 {
            assert_eq!(
                u64::from(table[a as usize][b as usize]),
                value(&Wythoff, &[a, b], false, &mut memo)
            );
        }
    }
    for a in 0..200usize {
        for b in 0..200usize {
            let solution = solve("wythoff", &format!("{a},{b}"));
            assert_eq!(
                solution.grundy,
                Some(BigUint::from(table[a][b])),
                "({a}, {b})"
            );
            let expected: Vec<String> = Wythoff
                .options(&[a as u64, b as u64])
                .into_iter()
                .filter(|o| table[o[0] as usize][o[1] as usize] == 0)
                .map(|o| format!("{},{}", o[0], o[1]))
                .collect();
            let mut got: Vec<String> = targets("wythoff", &solution);
            let mut expected = expected;
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "({a}, {b})");
        }
    }
}

/// The Zeckendorf representation with `F_2 = 1`, `F_3 = 2`, …, as indices: built by the test, not the
/// library. The lower Wythoff numbers are those whose smallest index is even, and their partner
/// shifts every index up by one (Fraenkel; Silber 1976) — a route to Wythoff's P-positions that
/// shares nothing with the library's square roots.
fn fibonacci(index: usize) -> BigUint {
    let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(1u32)); // F_1, F_2
    for _ in 2..index {
        let next = &a + &b;
        a = std::mem::replace(&mut b, next);
    }
    if index == 1 { a } else { b }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn wythoff_p_positions_at_10_to_the_30_and_100(
        digits in prop::sample::select(vec![30usize, 100]),
        raw in prop::collection::vec(any::<bool>(), 200..520),
    ) {
        // Choose non-consecutive indices from the random bits, keep those below ~10^digits.
        let limit = BigUint::from(10u32).pow(digits as u32);
        let mut indices = Vec::new();
        let mut i = 2;
        while i < raw.len() && fibonacci(i) <= limit {
            if raw[i] {
                indices.push(i);
                i += 2;
            } else {
                i += 1;
            }
        }
        prop_assume!(!indices.is_empty());
        let a: BigUint = indices.iter().map(|&i| fibonacci(i)).sum();
        let shifted: BigUint = indices.iter().map(|&i| fibonacci(i + 1)).sum();
        let lower = indices[0] % 2 == 0;
        // (a, shift(a)) is a P-position iff a is a lower Wythoff number.
        let solution = solve("wythoff", &format!("{a},{shifted}"));
        prop_assert_eq!(solution.outcome == Outcome::Lose, lower);
        if lower {
            // Its neighbours are N-positions with a winning move back to a P-position.
            let other = &shifted + 1u32;
            let solution = solve("wythoff", &format!("{a},{other}"));
            prop_assert_eq!(solution.outcome, Outcome::Win);
            let target = Target::Whole(Position::Pair(a.clone(), shifted.clone()));
            prop_assert!(solution.winning_moves.iter().any(|m| m.to == target));
        }
    }

    #[test]
    fn fibonacci_nim_at_10_to_the_30_and_100(
        digits in prop::sample::select(vec![30usize, 100]),
        raw in prop::collection::vec(any::<bool>(), 200..520),
        quota_shift in -2i32..3,
    ) {
        let limit = BigUint::from(10u32).pow(digits as u32);
        let mut indices = Vec::new();
        let mut i = 2;
        while i < raw.len() && fibonacci(i) <= limit {
            if raw[i] {
                indices.push(i);
                i += 2;
            } else {
                i += 1;
            }
        }
        prop_assume!(indices.len() >= 2);
        let n: BigUint = indices.iter().map(|&i| fibonacci(i)).sum();
        // The smallest term is known by construction: the player to move wins iff it is <= q.
        let smallest = fibonacci(indices[0]);
        let quota = if quota_shift < 0 { &smallest - 1u32 } else { &smallest + quota_shift as u32 };
        let quota = quota.max(BigUint::from(1u32));
        let solution = solve("fibonacci-nim", &format!("{n}/{quota}"));
        prop_assert_eq!(solution.outcome == Outcome::Win, smallest <= quota);
        if smallest <= quota {
            let take_smallest = Action::TakeUnderQuota { amount: smallest.clone() };
            prop_assert!(solution.winning_moves.iter().any(|m| m.action == take_smallest));
        }
        // Every reported move leaves a heap whose smallest term (by the test's own greedy) exceeds
        // the opponent's quota.
        for m in &solution.winning_moves {
            let Target::Whole(Position::Quota { heap, quota: Some(next_quota) }) = &m.to else {
                panic!("a Fibonacci Nim move leaves a heap and a quota: {:?}", m.to)
            };
            let mut rest = heap.clone();
            let mut least = None;
            for index in (2..600).rev() {
                let f = fibonacci(index);
                if f <= rest {
                    rest -= &f;
                    least = Some(f);
                }
            }
            prop_assert!(*heap == BigUint::ZERO || &least.unwrap() > next_quota);
        }
    }

    #[test]
    fn nim_matches_brute_force(heaps in prop::collection::vec(0u64..6, 1..4)) {
        let text = heaps.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        for misere in [false, true] {
            let mut memo = HashMap::new();
            let expected = value(&Nim, &heaps, misere, &mut memo);
            let spec = if misere { "misere:nim" } else { "nim" };
            let solution = solve(spec, &text);
            prop_assert_eq!(solution.outcome == Outcome::Lose, expected == 0);
            let got = if misere { solution.misere_grundy.clone() } else { solution.grundy.clone() };
            prop_assert_eq!(got, Some(BigUint::from(expected)));
            let winning: Vec<String> = Nim
                .options(&heaps)
                .into_iter()
                .filter(|o| value(&Nim, o, misere, &mut memo) == 0)
                .map(|o| o.iter().map(ToString::to_string).collect::<Vec<_>>().join(","))
                .collect();
            let got: Vec<String> = targets(spec, &solution);
            prop_assert_eq!(got, winning);
        }
    }

    #[test]
    fn norepeat_and_misere_subtraction_match_brute_force(
        set in prop::collection::btree_set(1u64..=8, 1..=4),
        n in 0u64..120,
        misere in any::<bool>(),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let list = set.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let prefix = if misere { "misere:" } else { "" };
        let mut memo = HashMap::new();
        for last in std::iter::once(0).chain(set.iter().copied()) {
            let expected = value(&NoRepeat(set.clone()), &[n, last], misere, &mut memo);
            let position = if last == 0 { n.to_string() } else { format!("{n}/{last}") };
            let solution = solve(&format!("{prefix}norepeat:{list}"), &position);
            let got = if misere { solution.misere_grundy } else { solution.grundy };
            prop_assert_eq!(got, Some(BigUint::from(expected)), "last {}", last);
        }
        let mut memo = HashMap::new();
        let expected = value(&Subtraction(set.clone()), &[n], misere, &mut memo);
        let solution = solve(&format!("{prefix}subtraction:{list}"), &n.to_string());
        let got = if misere { solution.misere_grundy } else { solution.grundy };
        prop_assert_eq!(got, Some(BigUint::from(expected)));
    }
}

/// A sum of brute-force games: positions concatenated, a move in one component.
struct Sum(Vec<(Box<dyn Rules>, usize)>);
impl Rules for Sum {
    fn options(&self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let mut start = 0;
        for (rules, width) in &self.0 {
            for option in rules.options(&position[start..start + width]) {
                let mut next = position.to_vec();
                next[start..start + width].copy_from_slice(&option);
                out.push(next);
            }
            start += width;
        }
        out
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn sums_match_brute_force_on_the_sum_graph(
        heap in 0u64..12,
        nim in prop::collection::vec(0u64..4, 1..3),
        pair in (0u64..5, 0u64..5),
        fibonacci_heap in 0u64..10,
        misere in any::<bool>(),
    ) {
        let nim_text = nim.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let spec = format!(
            "{}subtraction:1,3,4[{heap}] + nim[{nim_text}] + wythoff[{},{}] + fibonacci-nim[{fibonacci_heap}]",
            if misere { "misere:" } else { "" },
            pair.0,
            pair.1
        );
        let sum = Sum(vec![
            (Box::new(Subtraction(vec![1, 3, 4])), 1),
            (Box::new(Nim), nim.len()),
            (Box::new(Wythoff), 2),
            (Box::new(FibonacciNim), 2),
        ]);
        let mut start = vec![heap];
        start.extend(&nim);
        start.extend([pair.0, pair.1, fibonacci_heap, fibonacci_heap.saturating_sub(1)]);
        let mut memo = HashMap::new();
        // Under misère play only the outcome is compared (value 0 iff the mover loses).
        let expected = value(&sum, &start, misere, &mut memo);
        let solution = solve(&spec, "");
        prop_assert_eq!(solution.outcome == Outcome::Lose, expected == 0, "{}", spec);
        if !misere {
            prop_assert_eq!(solution.grundy, Some(BigUint::from(expected)));
        }
        let winners = sum.options(&start).into_iter().filter(|o| value(&sum, o, misere, &mut memo) == 0).count();
        prop_assert_eq!(solution.winning_moves.len(), winners, "{}", spec);
    }

    #[test]
    fn misere_sums_of_nim_match_brute_force(
        first in prop::collection::vec(0u64..5, 1..3),
        second in prop::collection::vec(0u64..5, 1..3),
    ) {
        // Answered by Bouton's misère rule on all the heaps; checked on the sum graph.
        let text = |heaps: &[u64]| heaps.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let spec = format!("misere:nim[{}] + nim[{}]", text(&first), text(&second));
        let sum = Sum(vec![(Box::new(Nim), first.len()), (Box::new(Nim), second.len())]);
        let mut start = first.clone();
        start.extend(&second);
        let mut memo = HashMap::new();
        let expected = value(&sum, &start, true, &mut memo);
        let solution = solve(&spec, "");
        prop_assert_eq!(solution.outcome == Outcome::Lose, expected == 0, "{}", spec);
        let winners = sum.options(&start).into_iter().filter(|o| value(&sum, o, true, &mut memo) == 0).count();
        prop_assert_eq!(solution.winning_moves.len(), winners, "{}", spec);
    }
}
