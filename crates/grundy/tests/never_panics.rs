//! The library never panics, whatever the game, position and query: random specs from every
//! family with boundary sizes, answered under a small budget (values, bytes and time). Each case
//! must return an answer or an error; a panic fails the property. (The cargo-fuzz target
//! `analysis` explores the same path from raw bytes.)

use std::time::Duration;

use grundy::{Analyzer, Config, Position, parse_game, parse_heap};
use proptest::prelude::*;

const SIZES: [&str; 16] = [
    "0",
    "1",
    "2",
    "7",
    "4294967295",
    "4294967297",
    "4611686018427387903",
    "4611686018427387905",
    "18446744073709551614",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211455",
    "340282366920938463463374607431768211457",
    "10^30",
    "10^1000",
    "2^64",
];

fn family(pick: usize, a: u8, b: u8) -> String {
    let (a, b) = (u32::from(a % 12) + 1, u32::from(b % 12) + 1);
    match pick % 21 {
        0 => format!("subtraction:{a},{}", a + b),
        1 => format!("bash:{a}"),
        2 => format!("allbut:{a},{}", a + b),
        3 => "subtraction:powers-of-2".to_owned(),
        4 => "subtraction:fibonacci".to_owned(),
        5 => "nim".to_owned(),
        6 => "wythoff".to_owned(),
        7 => "fibonacci-nim".to_owned(),
        8 => format!("norepeat:{a},{}", a + b),
        9 => format!("oddball:1,{}", a + 1),
        10 => format!("0.{}{}", a % 8, b % 8),
        11 => format!("4.{}", a % 8),
        12 => format!("0.[{}]", a % 8),
        13 => format!("{}!.{}", (a % 2) * 4, b % 8),
        14 => format!("subtraction:1..{}", a * 1000),
        15 => "0.1777".to_owned(),
        16 => format!("subtraction:{a}..{}", a * b * 100_000),
        17 => "subtraction:squares".to_owned(),
        18 => format!("subtraction:{},{},rest", a + 1, a + b + 1),
        19 => "kayles".to_owned(),
        _ => "lasker".to_owned(),
    }
}

fn position_text(game: &str, first: &str, second: &str) -> String {
    if game.contains("wythoff") || game == "nim" || game.starts_with("misere:nim") {
        format!("{first},{second}")
    } else if game.contains("fibonacci-nim") {
        format!("{first}/{}", second.len())
    } else if game.starts_with("oddball") {
        format!("{first}/{second}/1")
    } else if game.starts_with('0')
        || game.starts_with('4')
        || game.ends_with(",rest")
        || game == "kayles"
        || game == "lasker"
    {
        // Heaps of a code; several heaps of a subtraction game with the rest rule.
        format!("{first},{second}")
    } else {
        first.to_owned()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]
    #[test]
    fn no_query_panics(
        pick in 0usize..21,
        a in any::<u8>(),
        b in any::<u8>(),
        misere in any::<bool>(),
        sum in any::<bool>(),
        first in 0usize..SIZES.len(),
        second in 0usize..SIZES.len(),
        query in 0u8..3,
    ) {
        let single = family(pick, a, b);
        let single = if misere { format!("misere:{single}") } else { single };
        let (first, second) = (SIZES[first], SIZES[second]);
        let (spec, position) = if sum {
            let other = family(pick + 1, b, a);
            let inner = |g: &str| position_text(g.trim_start_matches("misere:"), first, second);
            (
                format!(
                    "{}{}[{}] + {other}[{}]",
                    if misere { "misere:" } else { "" },
                    family(pick, a, b),
                    inner(&family(pick, a, b)),
                    inner(&other),
                ),
                String::new(),
            )
        } else {
            let position = position_text(single.trim_start_matches("misere:"), first, second);
            (single, position)
        };
        let Ok(game) = parse_game(&spec) else { return Ok(()) };
        let config = Config::default()
            .with_max_values(2048)
            .and_then(|c| c.with_max_memory(64 << 20))
            .and_then(|c| c.with_threads(1))
            .unwrap()
            .with_timeout(Duration::from_millis(100));
        let analyzer = Analyzer::new(config);
        match query {
            0 => {
                let position = if position.is_empty() {
                    Ok(Position::Sum)
                } else {
                    game.parse_position(&position)
                };
                if let Ok(position) = position {
                    let _ = analyzer.solve(&game, &position);
                }
            }
            1 => {
                let (Ok(from), Ok(to)) = (parse_heap(second), parse_heap(first)) else {
                    return Ok(());
                };
                let _ = analyzer.table(&game, &from, &to);
            }
            _ => {
                let _ = analyzer.period(&game);
            }
        }
    }
}

#[test]
fn the_generator_reaches_the_analyzer() {
    // Every family the property draws from parses, with its positions: the property is not
    // vacuous.
    for pick in 0..21 {
        for misere in [false, true] {
            let spec = family(pick, 3, 5);
            let spec = if misere {
                format!("misere:{spec}")
            } else {
                spec
            };
            let game = parse_game(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            let position = position_text(spec.trim_start_matches("misere:"), "7", "5");
            game.parse_position(&position)
                .unwrap_or_else(|e| panic!("{spec} {position}: {e}"));
        }
    }
}

/// Pieces of a hostile or careless `moves(n)`: every kind of position, cycles, games without end,
/// overflow, huge strings, deep recursion, floats, throws, prints, maps and move records.
const MOVE_PIECES: [&str; 20] = [
    "for t in [1, 2, 3] { if t <= n { out.push(n - t); } }",
    "if n > 0 { out.push(n / 2); }",
    "out.push(`${n}`);",
    "out.push([n, n]);",
    "if n > 0 { out.push(#{ to: n - 1 }); }",
    "out.push(#{ move: n, to: n });",
    "loop { }",
    "let s = \"x\"; for i in 0..n { s += s; }",
    "out.push(n * 9223372036854775807);",
    "if n % 3 == 2 { throw \"no\"; }",
    "out.push(1.5);",
    "print(n); debug(out);",
    "out.push(moves(n + 1));",
    "let m = #{}; m[`k ${n}`] = n; out.push(m);",
    "out.push(n + 1);",
    "if n > 1 { out.push(n - 2); }",
    "out.push(());",
    "let a = []; for i in 0..100000 { a.push(i); } out.push(a.len());",
    "if n > 0 { out.push(#{ move: `m${n}`, to: [n - 1, \"+-\"] }); }",
    "out = n;",
];

/// A script's `start`, `outcome` and `components`, each chosen among sound and hostile ones.
const START_PIECES: [&str; 4] = [
    "fn start(n) { n }",
    "fn start(a, b) { a + b }",
    "fn start(s) { `${s}` }",
    "fn start(n) { start(n) }",
];
const EXTRA_PIECES: [&str; 5] = [
    "",
    "fn outcome(s) { if s == 0 { \"tie\" } else { \"win\" } }",
    "fn outcome(s) { 3 }",
    "fn components(s) { if type_of(s) == \"i64\" && s > 3 { [s - 2, 1] } else { [s] } }",
    "fn components(s) { [s, s] }",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]
    /// A random script, made of the pieces above, through every question that takes one: an
    /// answer or an error, never a panic, and never a hang (each question stops at its budget).
    #[test]
    fn no_script_panics(
        start in 0usize..START_PIECES.len(),
        pieces in prop::collection::vec(0usize..MOVE_PIECES.len(), 0..4),
        extra in 0usize..EXTRA_PIECES.len(),
        misere in any::<bool>(),
        argument in prop::sample::select(vec!["0", "3", "7", "3,5", "-1", "++-+", "9223372036854775807", ""]),
        query in 0u8..6,
    ) {
        use std::sync::Arc;
        let body: String = pieces.iter().map(|&i| MOVE_PIECES[i]).collect::<Vec<_>>().join(" ");
        let source = format!(
            "{}\nfn moves(n) {{ let out = []; {body} out }}\n{}",
            START_PIECES[start], EXTRA_PIECES[extra]
        );
        let spec = if misere { "misere:script:g.rhai" } else { "script:g.rhai" };
        let Ok(game) = grundy::spec::parse_game_with_loader(spec, &|_| Ok(source.clone())) else {
            return Ok(());
        };
        let config = Config::default()
            .with_max_values(2048)
            .and_then(|c| c.with_max_memory(64 << 20))
            .and_then(|c| c.with_threads(1))
            .unwrap()
            .with_timeout(Duration::from_millis(100));
        let analyzer = Analyzer::new(config).with_script_trace(Arc::new(|_: &str| {}));
        let Ok(position) = game.parse_position(argument) else { return Ok(()) };
        match query {
            0 => { let _ = analyzer.solve(&game, &position); }
            1 => { let _ = analyzer.explain(&game, Some(&position)); }
            2 => {
                if let Ok(options) = analyzer.options(&game, &position) {
                    // Every position a move leaves is a position again.
                    for choice in options.moves.iter().take(3) {
                        let _ = analyzer.options(&game, &choice.position);
                    }
                }
            }
            3 => { let _ = analyzer.tabulate(&game, &0u32.into(), &12u32.into()); }
            4 => { let _ = analyzer.period(&game); }
            _ => { let _ = analyzer.verify(&game, 6, 1); }
        }
    }
}
