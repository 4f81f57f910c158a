//! `grundy codegen`: every generated program is compiled (`g++ -std=c++17 -O2 -Wall -Wextra
//! -Werror`, `javac -Xlint:all -Werror`, `rustc --edition 2021 -O -D warnings`; Python runs as
//! it is) and run on edge and random inputs, and its output must equal the expected answers for
//! the same input — a brute force of the test's own where one is written (the judge shapes of
//! descriptions), else grundy's (`grundy contest GAME --io FORMAT`, or `grundy solve` for a sum
//! given component by component) — line by line after trailing white space.
//!
//! A missing compiler fails the test, saying what to install (`.ci/run` installs the compilers).

mod common;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{BINARY, grundy, stderr, stdout};

/// A deterministic generator of test numbers (`SplitMix64`).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (at least 1).
    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }

    /// A heap: small, near a power of two, or anywhere in 64 bits.
    fn heap(&mut self, largest: u64) -> u64 {
        match self.below(4) {
            0 => self.below(100.min(largest) + 1),
            1 => self.below(largest / 1000 + 1),
            _ => self.below(largest).max(self.below(largest)),
        }
    }
}

/// The edge heaps every one-heap test includes: 0, 1, small heaps, 2^31 − 1, 2^63 − 1, 10^18
/// and 2^64 − 1, with `extra` (a period's boundaries).
fn edges(extra: &[u64]) -> Vec<u64> {
    let mut heaps: Vec<u64> = (0..=24).collect();
    heaps.extend([
        (1 << 31) - 1,
        1 << 31,
        (1 << 63) - 1,
        1 << 63,
        1_000_000_000_000_000_000,
        u64::MAX,
        u64::MAX - 1,
    ]);
    for &x in extra {
        heaps.extend([x.saturating_sub(1), x, x + 1]);
    }
    heaps
}

/// One heap per line: the edges, then random heaps up to `largest`.
fn heap_lines(extra: &[u64], largest: u64, random: &mut Random) -> String {
    let mut heaps: Vec<u64> = edges(extra).into_iter().filter(|&h| h <= largest).collect();
    heaps.extend((0..150).map(|_| random.heap(largest)));
    lines(heaps.iter().map(|h| vec![*h]))
}

/// Lines of several heaps each (1 to `most` heaps), numbers up to `largest`.
fn multi_heap_lines(count: usize, most: u64, largest: u64, random: &mut Random) -> String {
    lines((0..count).map(|_| {
        let k = 1 + random.below(most);
        (0..k).map(|_| random.heap(largest)).collect()
    }))
}

fn lines(rows: impl Iterator<Item = Vec<u64>>) -> String {
    let mut text = String::new();
    for row in rows {
        let row: Vec<String> = row.iter().map(ToString::to_string).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// `m h1 .. hm` blocks (`m` up to `most`), ended by `0` when `zero_ends`.
fn heap_blocks(
    count: usize,
    most: u64,
    largest: u64,
    random: &mut Random,
    zero_ends: bool,
) -> String {
    let mut text = String::new();
    for _ in 0..count {
        let m = 1 + random.below(most);
        let heaps: Vec<String> = (0..m).map(|_| random.heap(largest).to_string()).collect();
        let _ = writeln!(text, "{m}\n{}", heaps.join(" "));
    }
    if zero_ends {
        text.push_str("0\n");
    }
    text
}

/// The integer square root of a `u128` (for Wythoff's P-positions).
fn isqrt(n: u128) -> u128 {
    n.isqrt()
}

/// Wythoff pairs: P-positions `(⌊kφ⌋, ⌊kφ⌋ + k)` small and near the 64-bit limit, their
/// neighbours, and random pairs.
fn wythoff_pairs(random: &mut Random) -> String {
    let mut rows = vec![
        vec![0, 0],
        vec![0, 1],
        vec![1, 2],
        vec![2, 1],
        vec![u64::MAX, u64::MAX],
    ];
    let largest_k: u64 = 7_046_029_254_386_353_130; // ⌊kφ⌋ + k still fits in 64 bits
    let mut ks: Vec<u64> = (0..30).collect();
    ks.extend([
        largest_k,
        largest_k - 1,
        largest_k + 1,
        1 << 31,
        1 << 40,
        1 << 62,
    ]);
    ks.extend((0..40).map(|_| random.below(largest_k)));
    for k in ks {
        let wide = u128::from(k);
        let lower = u128::midpoint(wide, isqrt(5 * wide * wide));
        let Ok(a) = u64::try_from(lower) else {
            continue;
        };
        let Some(b) = a.checked_add(k) else { continue };
        rows.push(vec![a, b]);
        rows.push(vec![b, a]);
        rows.push(vec![a + 1, b]);
        if a > 0 {
            rows.push(vec![a - 1, b]);
        }
    }
    rows.extend((0..40).map(|_| vec![random.next(), random.next()]));
    lines(rows.into_iter())
}

/// A game and format to generate, and the inputs to run it on.
struct Check {
    /// The game (`None` for a preset or a format whose input carries it).
    game: Option<&'static str>,
    format: &'static str,
    inputs: Vec<String>,
    /// The oracle is `grundy solve 'A[x] + B[y]'` for this sum, one case per line.
    sum: Option<Vec<&'static str>>,
    /// More arguments of `codegen` (`--rule observed` and its range).
    extra: &'static [&'static str],
    /// An oracle of the test's own in place of `grundy contest` (for inputs beyond grundy's
    /// limits).
    oracle: Option<fn(&str) -> String>,
}

/// A check whose answers come from the test's own `oracle` (a brute force).
fn judged(
    game: Option<&'static str>,
    format: &'static str,
    inputs: Vec<String>,
    oracle: fn(&str) -> String,
) -> Check {
    Check {
        oracle: Some(oracle),
        ..check(game, format, inputs)
    }
}

fn check(game: Option<&'static str>, format: &'static str, inputs: Vec<String>) -> Check {
    Check {
        game,
        format,
        inputs,
        sum: None,
        extra: &[],
        oracle: None,
    }
}

fn checks() -> Vec<Check> {
    let mut random = Random(2026);
    let r = &mut random;
    let mut checks = vec![
        // A subtraction game without a preperiod (period 7), one heap and several per line.
        check(
            Some("subtraction:1,3,4"),
            "lines/yes-no",
            vec![
                heap_lines(&[7, 14], u64::MAX, r),
                multi_heap_lines(60, 4, u64::MAX, r),
            ],
        ),
        // With a preperiod: 14 then period 13, in T cases.
        check(
            Some("subtraction:4,9,10"),
            "cases/first-second",
            vec![{
                let body = heap_lines(&[14, 27, 40], u64::MAX, r);
                format!("{}\n{body}", body.lines().count())
            }],
        ),
        check(
            Some("bash:3"),
            "lines/win-lose",
            vec![heap_lines(&[4, 8], u64::MAX, r)],
        ),
        // An arithmetic period (saltus 2).
        check(
            Some("allbut:2,3,7"),
            "lines/one-zero",
            vec![
                heap_lines(&[4, 18], u64::MAX, r),
                multi_heap_lines(40, 3, u64::MAX, r),
            ],
        ),
    ];
    checks.extend(closed_form_checks(r));
    checks.extend(carried_checks(r));
    checks.extend(description_checks(r));
    checks.extend(dynamic_checks(r));
    checks.extend(picture_checks(r));
    checks.extend(token_checks(r));
    checks.extend(table_checks(r));
    checks.push(judged(
        Some(concat!(
            "script:",
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/divisors.rhai"
        )),
        "lines/yes-no",
        vec![heap_lines(&[9998, 9999], 9999, r)],
        divisors_by_brute_force,
    ));
    // A sum of two different subtraction games: each line gives one heap per component.
    checks.push(Check {
        game: Some("subtraction:1,2[0] + subtraction:1,3,4[0]"),
        format: "lines/yes-no",
        inputs: vec![lines((0..30).map(|i| {
            if i < 10 {
                vec![i, 2 * i + 1]
            } else {
                vec![r.heap(u64::MAX), r.heap(u64::MAX)]
            }
        }))],
        sum: Some(vec!["subtraction:1,2", "subtraction:1,3,4"]),
        extra: &[],
        oracle: None,
    });
    checks.extend(rule_checks(r));
    checks
}

/// Scripts, with programs resting on the rule `grundy pattern` observes, against grundy's search
/// on positions up to the range checked (far positions: `rule_forms_are_exact_far_out`).
fn rule_checks(r: &mut Random) -> Vec<Check> {
    macro_rules! example {
        ($name:literal) => {
            concat!(
                "script:",
                env!("CARGO_MANIFEST_DIR"),
                "/../../examples/",
                $name
            )
        };
    }
    let rule = |game, format, extra, inputs| Check {
        game: Some(game),
        format,
        inputs,
        sum: None,
        extra,
        oracle: None,
    };
    let pairs = |r: &mut Random, largest: u64| {
        let mut rows: Vec<Vec<u64>> = (0..12)
            .flat_map(|a| (0..12).map(move |b| vec![a, b]))
            .collect();
        rows.extend((0..60).map(|_| vec![r.below(largest + 1), r.below(largest + 1)]));
        lines(rows.into_iter())
    };
    vec![
        rule(
            example!("divisors.rhai"),
            "lines/yes-no",
            &["--rule", "observed", "--rule-to", "300"],
            vec![heap_lines(&[], 1200, r)],
        ),
        rule(
            example!("deleting-divisors.rhai"),
            "lines/first-second",
            &["--rule", "observed", "--rule-to", "600"],
            vec![heap_lines(&[256, 512, 2048], 2400, r)],
        ),
        rule(
            example!("multiplication.rhai"),
            "lines/yes-no",
            &[
                "--rule",
                "observed",
                "--rule-to",
                "500",
                "--rule-check-to",
                "700",
            ],
            vec![heap_lines(&[162, 324], 700, r)],
        ),
        rule(
            example!("oddball.rhai"),
            "lines/symbols",
            &["--rule", "observed", "--rule-to", "100"],
            vec![heap_lines(&[], 400, r)],
        ),
        rule(
            example!("queen.rhai"),
            "lines/yes-no",
            &[
                "--rule",
                "observed",
                "--rule-to",
                "30",
                "--rule-check-to",
                "40",
            ],
            vec![pairs(r, 40)],
        ),
        // A rule of the values: heaps side by side add up by them.
        rule(
            example!("divisors.rhai"),
            "heaps/yes-no",
            &["--rule", "observed", "--rule-to", "300"],
            vec![heap_blocks(40, 3, 1200, r, true)],
        ),
    ]
}

/// Nim, misère Nim, Wythoff, staircase Nim, Moore's `Nim_k` and Fibonacci Nim: the closed forms.
fn closed_form_checks(r: &mut Random) -> Vec<Check> {
    vec![
        check(
            None,
            "hdu-1850",
            vec![heap_blocks(60, 6, u64::MAX, r, true)],
        ),
        check(
            None,
            "hdu-2176",
            vec![heap_blocks(60, 5, u64::MAX, r, true)],
        ),
        // HDU 2177: every winning move of Wythoff's game as the pair it leaves, pairs up to 10^6
        // and far beyond (below 2^62, where the programs' 128-bit roots reach).
        check(
            None,
            "hdu-2177",
            vec![{
                let mut rows: Vec<String> = (0..40)
                    .map(|i| {
                        let largest = if i < 30 { 1_000_000 } else { (1 << 62) - 1 };
                        let (a, b) = (r.below(largest), r.below(largest));
                        format!("{} {}", a.min(b), a.max(b))
                    })
                    .collect();
                // Lost pairs and the pairs next to them.
                rows.extend(["3 5", "4 5", "3 6", "1 2", "0 1", "6 10", "7 10"].map(String::from));
                rows.push("0 0".to_owned());
                rows.join("\n") + "\n"
            }],
        ),
        check(
            Some("nim"),
            "cases-heaps/yes-no",
            vec![{ format!("40\n{}", heap_blocks(40, 5, u64::MAX, r, false)) }],
        ),
        // Misère Nim, with the all-heaps-at-most-1 exception.
        check(
            None,
            "hdu-1907",
            vec![{
                let mut text = String::from("60\n");
                for i in 0..60 {
                    let m = 1 + r.below(5);
                    let heaps: Vec<String> = (0..m)
                        .map(|_| {
                            if i % 2 == 0 {
                                r.below(2)
                            } else {
                                r.heap(u64::MAX)
                            }
                            .to_string()
                        })
                        .collect();
                    let _ = writeln!(text, "{m}\n{}", heaps.join(" "));
                }
                text
            }],
        ),
        check(None, "hdu-1527", vec![wythoff_pairs(r)]),
        // Staircase Nim: the coins on steps 1, 2, …, decided by the odd steps' xor.
        check(
            Some("staircase"),
            "lines/yes-no",
            vec![
                multi_heap_lines(80, 7, u64::MAX, r),
                multi_heap_lines(80, 4, 3, r),
            ],
        ),
        // Moore's Nim_2: every binary place's ones modulo 3.
        check(
            Some("moore:2"),
            "lines/yes-no",
            vec![
                multi_heap_lines(80, 7, u64::MAX, r),
                multi_heap_lines(120, 6, 3, r),
            ],
        ),
        check(
            Some("fibonacci-nim"),
            "lines/yes-no",
            vec![{
                let mut text = heap_lines(&[89, 144, 12_200_160_415_121_876_738], u64::MAX, r);
                for _ in 0..60 {
                    let n = 1 + r.heap(u64::MAX - 1);
                    let _ = writeln!(text, "{n} {}", 1 + r.below(n.min(1000)));
                }
                text
            }],
        ),
    ]
}

/// Kayles, misère subtraction games, the contest game, and the games the input carries.
fn carried_checks(r: &mut Random) -> Vec<Check> {
    vec![
        // Kayles: the preperiod of 71 and one period of 12.
        check(
            Some("0.77"),
            "heaps/first-second",
            vec![heap_blocks(60, 4, u64::MAX, r, true), {
                let mut text = String::new();
                for h in edges(&[71, 83, 95]) {
                    let _ = writeln!(text, "1\n{h}");
                }
                text
            }],
        ),
        check(
            Some("misere:subtraction:1,3,4"),
            "lines/yes-no",
            vec![heap_lines(&[7, 14], u64::MAX, r)],
        ),
        check(
            Some("misere:bash:3"),
            "lines/win-lose",
            vec![heap_lines(&[4], u64::MAX, r)],
        ),
        // The contest game: its amounts fixed, and read from the input (Lanqiao 2016).
        check(
            Some("oddball:1,2,3"),
            "lines/symbols",
            vec![heap_lines(&[], 3000, r)],
        ),
        check(
            None,
            "lanqiao-2016-qiuqiu",
            vec![
                "1 2 3\n1 2 3 4 5\n".to_owned(),
                "1 4 5\n10 11 12 13 15\n".to_owned(),
                {
                    let piles: Vec<String> = (0..5).map(|_| r.below(1000).to_string()).collect();
                    format!("2 5 8\n{}\n", piles.join(" "))
                },
            ],
        ),
        // S-Nim: the set of each block from the input, values by a bounded DP.
        check(
            None,
            "hdu-1536",
            vec![{
                let mut text = String::new();
                for _ in 0..6 {
                    let k = 1 + r.below(4);
                    let set: Vec<String> = (0..k).map(|_| (1 + r.below(12)).to_string()).collect();
                    let _ = writeln!(text, "{k} {}\n10", set.join(" "));
                    for _ in 0..10 {
                        let l = 1 + r.below(4);
                        let heaps: Vec<String> =
                            (0..l).map(|_| r.below(3000).to_string()).collect();
                        let _ = writeln!(text, "{l} {}", heaps.join(" "));
                    }
                }
                text.push_str("0\n");
                text
            }],
        ),
        // The Bash limit of each case from the input.
        check(
            None,
            "hdu-1846",
            vec![{
                let mut text = String::from("80\n");
                for _ in 0..80 {
                    let _ = writeln!(text, "{} {}", r.heap(u64::MAX), 1 + r.below(50));
                }
                text
            }],
        ),
        // No period is proved: the DP up to its bound.
        check(
            None,
            "hdu-1848",
            vec![{
                let mut text = String::new();
                for _ in 0..40 {
                    let _ = writeln!(
                        text,
                        "{} {} {}",
                        1 + r.below(1000),
                        1 + r.below(1000),
                        1 + r.below(1000)
                    );
                }
                text.push_str("0 0 0\n");
                text
            }],
        ),
        check(
            Some("subtraction:fibonacci"),
            "lines/yes-no",
            vec![heap_lines(&[], 5000, r)],
        ),
    ]
}

/// What grundy answers for `input`.
/// Judge shapes written in the description language: each program's reader is the description's
/// statements, and its answers must be `grundy contest`'s on the same description.
fn description_checks(r: &mut Random) -> Vec<Check> {
    let one_two_k = cases(r, 40, &|r| format!("{} {}", r.below(1000), 3 + r.below(60)));
    let sets = cases(r, 20, &|r| {
        let k = 1 + r.below(4);
        let set: Vec<String> = (0..k).map(|_| (1 + r.below(9)).to_string()).collect();
        format!("{k} {} {}", set.join(" "), r.below(200))
    });
    let named = cases(r, 20, &|r| {
        let heaps: Vec<String> = (0..=r.below(4)).map(|_| r.below(50).to_string()).collect();
        format!("player{} {} {}", r.below(9), heaps.len(), heaps.join(" "))
    });
    let doubled = cases(r, 10, &|r| {
        let n = 1 + r.below(3);
        let heaps: Vec<String> = (0..2 * n).map(|_| r.below(30).to_string()).collect();
        format!("{n}\n{}", heaps.join(" "))
    });
    let pairs: Vec<String> = (0..40)
        .map(|_| format!("{} {}", r.below(60), r.below(60)))
        .collect();
    let blocks: Vec<String> = (0..5)
        .map(|_| {
            let m = 1 + r.below(6);
            let heaps: Vec<String> = (0..m).map(|_| r.below(100).to_string()).collect();
            format!("{m} {}", heaps.join(" "))
        })
        .collect();
    let piles: Vec<String> = (0..80).map(|_| r.below(1000).to_string()).collect();
    vec![
        // The 1-2-K game: the set's third amount read with each case.
        judged(
            None,
            "read T; repeat T { read n k:3..100; case {n} }; game subtraction:1,2,{k}; say Alice Bob",
            vec![one_two_k],
            one_two_k_answers,
        ),
        // A set read with each case, then a heap; the second player's verdict.
        judged(
            None,
            "read T; repeat T { read k s[k] n; case {n} }; game subtraction:{s}; say second First Second",
            vec![sets],
            sets_second,
        ),
        // A word to skip before each position.
        judged(
            Some("nim"),
            "read T; repeat T { read who:word m h[m]; case {h} }; say Yes No",
            vec![named],
            named_nim,
        ),
        // A computed count: 2n heaps.
        judged(
            Some("subtraction:1,3,4"),
            "read T; repeat T { read n h[2 * n]; case {h} }; say W L",
            vec![doubled],
            doubled_heaps,
        ),
        // Pairs until a line of zeros (Wythoff).
        judged(
            Some("wythoff"),
            "loop { line a b; stop if a == 0 and b == 0; case {a} {b} }; say Win Lose",
            vec![format!("{}\n0 0\n", pairs.join("\n"))],
            wythoff_outcomes,
        ),
        // Blocks of heaps, one answer per heap on the block's line, until a 0.
        judged(
            Some("subtraction:1,2"),
            "loop { read m; stop if m == 0; repeat m { read h; case {h} }; newline }; say W L join \"\"",
            vec![format!("{}\n0\n", blocks.join("\n"))],
            blocks_of_heaps,
        ),
        // A value read twice (the first read overwritten), and words and a separator that need
        // escaping in every language (a backslash, quotes, a C++ trigraph).
        check(
            Some("subtraction:1,2"),
            r#"loop { read m; stop if m == 0; read m; repeat m { read h; case {h} }; newline }; say "??=\\" "x\"y" join " \\ \"q\" ""#,
            vec![format!(
                "{}\n0\n",
                blocks
                    .iter()
                    .map(|b| format!("9 {b}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            )],
        ),
        // The contest game's amounts, then any number of piles on one line.
        check(
            None,
            "oddball/symbols",
            vec![format!("2 5 8\n{}\n", piles.join(" "))],
        ),
        // Every winning move of Wythoff's game as the pair it leaves (HDU 2177), against a
        // brute force over the pairs up to 60.
        judged(
            Some("wythoff"),
            "loop { line a b; stop if a == 0 and b == 0; case {a} {b} }; say moves 1 0",
            vec![format!("{}\n2 2\n0 5\n5 8\n0 0\n", pairs.join("\n"))],
            wythoff_moves,
        ),
        // The 1-2-K game with amounts and heaps to 2^64 - 1: the programs' closed forms against
        // a mex brute force where it reaches, the theorem of docs/theory.md §4 beyond.
        judged(
            None,
            "read T; repeat T { read n k:3..100; case {n} }; game subtraction:1,2,{k}; say Alice Bob",
            vec![huge_one_two_k(r)],
            one_two_k_answers,
        ),
    ]
}

/// Dynamic subtraction: a fixed bound on 10^5 heaps, another on heaps up to 2^62 − 1, and
/// bounds whose coefficients each case reads.
fn dynamic_checks(r: &mut Random) -> Vec<Check> {
    let dynamic = cases(r, 60, &|r| {
        let k = if r.below(20) == 0 {
            1 + r.below(100_000)
        } else {
            1 + r.below(1000)
        };
        format!("{} {k}", r.below(100_000_001))
    });
    let dynamic_offset = cases(r, 60, &|r| format!("{} {}", r.below(1 << 40), r.below(50)));
    // `n c k`: a constant and a slope read, in either order of the bound.
    let both = |r: &mut Random| {
        format!(
            "{} {} {}",
            r.below(100_000_001),
            r.below(100),
            1 + r.below(1000)
        )
    };
    let dynamic_both = cases(r, 60, &both);
    let dynamic_both_again = cases(r, 60, &both);
    vec![
        // Dynamic subtraction (k倍动态减法), k = 7: 10^5 heaps up to 10^8, a quarter with a
        // quota; the P-sequence is computed once, each case is a greedy walk.
        check(
            Some("dynamic:7x"),
            "lines/yes-no",
            vec![{
                let mut text = String::new();
                for _ in 0..100_000 {
                    let n = r.below(100_000_001);
                    if r.below(4) == 0 {
                        let _ = writeln!(text, "{n} {}", 1 + r.below(n));
                    } else {
                        let _ = writeln!(text, "{n}");
                    }
                }
                text
            }],
        ),
        // A bound x + 3, heaps up to 2^62 - 1 (the programs' largest).
        check(
            Some("dynamic:x+3"),
            "lines/yes-no",
            vec![{
                let mut text = String::new();
                for _ in 0..300 {
                    let n = r.heap((1 << 62) - 1);
                    let _ = writeln!(text, "{n}");
                    let _ = writeln!(text, "{n} {}", 1 + r.below(n.min(1 << 40)));
                }
                text
            }],
        ),
        // Dynamic subtraction, k read with each case (HDU 2486's shape), its own words.
        check(
            None,
            "read T; repeat T { read n k; case {n} }; game dynamic:{k}x; say win lose",
            vec![dynamic],
        ),
        // The constant of the bound read with each case, beside a slope written.
        check(
            None,
            "read T; repeat T { read n c; case {n} }; game dynamic:2x+{c}; say first second",
            vec![dynamic_offset],
        ),
        // Both coefficients read, the constant first as the bound writes it, and the slope
        // first.
        check(
            None,
            "read T; repeat T { read n c k; case {n} }; game dynamic:{c}+{k}x; say A B",
            vec![dynamic_both],
        ),
        check(
            None,
            "read T; repeat T { read n c k; case {n} }; game dynamic:{k}x+{c}; say A B",
            vec![dynamic_both_again],
        ),
    ]
}

/// `count` cases, each a line `text` writes, after their count.
fn cases(r: &mut Random, count: usize, text: &dyn Fn(&mut Random) -> String) -> String {
    let lines: Vec<String> = (0..count).map(|_| text(r)).collect();
    format!("{count}\n{}\n", lines.join("\n"))
}

/// A take-and-break code without a certified period (`0.0707`): the programs hold the values of
/// the heaps up to their bound, against a brute force of the code's moves for heaps up to 3000,
/// and against grundy up to the bound (9625 for this code, whose values take 40 000 bytes).
fn table_checks(r: &mut Random) -> Vec<Check> {
    let mut small = multi_heap_lines(120, 3, 3000, r);
    small.push_str("0\n1\n2\n3\n4\n3000\n");
    vec![
        judged(Some("0.0707"), "lines/yes-no", vec![small], code_0707),
        check(
            Some("0.0707"),
            "read T; repeat T { read m h[m]; case {h} }; say First Second",
            vec![cases(r, 40, &|r| {
                let heaps: Vec<String> = (0..=r.below(3))
                    .map(|_| (9000 + r.below(626)).to_string())
                    .collect();
                format!("{} {}", heaps.len(), heaps.join(" "))
            })],
        ),
    ]
}

/// `0.0707` by brute force: a move takes 2 or 4 tokens from a heap, leaving nothing, one heap, or
/// two non-empty heaps; the values of heaps up to 3000 by the mex, and a line of heaps is won
/// exactly when the xor of their values is not 0.
fn code_0707(input: &str) -> String {
    let mut values = vec![0u64; 3001];
    for n in 1..values.len() {
        let mut seen = vec![false; 2 * n + 2];
        for take in [2, 4] {
            if take > n {
                continue;
            }
            let rest = n - take;
            seen[values[rest] as usize] = true;
            for left in 1..rest {
                seen[(values[left] ^ values[rest - left]) as usize] = true;
            }
        }
        values[n] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    let mut out = String::new();
    for line in input.lines() {
        let total = numbers_of(line)
            .iter()
            .fold(0, |x, &h| x ^ values[h as usize]);
        out.push_str(if total != 0 { "Yes\n" } else { "No\n" });
    }
    out
}

/// The divisor game of `examples/divisors.rhai` (subtract a divisor `d < n`) by brute force for
/// `n` up to 9999 — what its program's table holds — one `n` per line: `Yes` when the player to
/// move wins.
fn divisors_by_brute_force(input: &str) -> String {
    let mut lost = vec![true; 10_000];
    for n in 1..lost.len() {
        let mut wins = false;
        let mut d = 1;
        while d * d <= n {
            if n % d == 0 {
                let other = n / d;
                wins |= (d < n && lost[n - d]) || (other < n && lost[n - other]);
            }
            d += 1;
        }
        lost[n] = !wins;
    }
    let mut out = String::new();
    for line in input.lines() {
        let n = numbers_of(line)[0] as usize;
        out.push_str(if lost[n] { "No\n" } else { "Yes\n" });
    }
    out
}

/// Tokens on directed graphs: a graph the input carries, against a brute force of the whole
/// game; a graph given on the command line, with cycles and draws, against grundy.
fn token_checks(r: &mut Random) -> Vec<Check> {
    vec![
        judged(
            None,
            TOKENS,
            vec![token_graphs(r)],
            tokens_by_retrograde_analysis,
        ),
        check(
            Some("digraph:0>1,1>2,2>0,1>3,3>4,5>5,6>7,7>8,8>6,8>9"),
            "loop { line t[]; case {t} }; say W L draw D",
            vec![lines((0..200).map(|_| {
                (0..=r.below(3)).map(|_| r.below(11)).collect::<Vec<u64>>()
            }))],
        ),
    ]
}

/// Green Hackenbush pictures in judge shapes: trees as edges and as parent arrays, pictures with
/// cycles closed by a terminator — each program against a brute force of the literal rules
/// (and large trees against grundy).
fn picture_checks(r: &mut Random) -> Vec<Check> {
    vec![
        // Trees on nodes 1..n as n - 1 edges, node 1 on the ground (Green Hackenbush, 树的删边
        // 游戏), against a brute force of the literal rules.
        judged(
            None,
            HACKENBUSH_TREES,
            vec![cases(r, 60, &|r| {
                let n = 1 + r.below(14);
                let edges = random_tree(r, n, 1);
                let pairs: Vec<String> = edges.iter().map(|(u, v)| format!("{u} {v}")).collect();
                format!("{} {}", edges.len() + 1, pairs.join(" "))
            })],
            hackenbush_trees,
        ),
        // Large trees, a long path among them (every program's search is iterative), against
        // grundy.
        check(
            None,
            HACKENBUSH_TREES,
            vec![{
                let path: Vec<String> = (1..40_000).map(|i| format!("{i} {}", i + 1)).collect();
                let big = random_tree(r, 5000, 1);
                let big: Vec<String> = big.iter().map(|(u, v)| format!("{v} {u}")).collect();
                format!("2\n40000 {}\n5001 {}\n", path.join(" "), big.join(" "))
            }],
        ),
        // Trees as parent arrays, the second player's verdict.
        judged(
            None,
            HACKENBUSH_PARENTS,
            vec![cases(r, 60, &|r| {
                let n = 1 + r.below(14);
                let mut parents = vec![0; n as usize];
                for (u, v) in random_tree(r, n, 0) {
                    parents[v as usize - 1] = u;
                }
                let parents: Vec<String> = parents.iter().map(ToString::to_string).collect();
                format!("{n} {}", parents.join(" "))
            })],
            hackenbush_parents,
        ),
        // Pictures with cycles, loops, parallel edges and parts off the ground (无向图删边游戏),
        // blocks closed by a 0.
        judged(
            None,
            HACKENBUSH_PICTURES,
            vec![{
                let mut text = String::new();
                for _ in 0..150 {
                    let nodes = 1 + r.below(7);
                    let m = 1 + r.below(11);
                    let pairs: Vec<String> = (0..m)
                        .map(|_| format!("{} {}", r.below(nodes + 1), r.below(nodes + 1)))
                        .collect();
                    let _ = writeln!(text, "{m}\n{}", pairs.join("\n"));
                }
                text.push_str("0\n");
                text
            }],
            hackenbush_pictures,
        ),
    ]
}

/// Tokens on a directed graph the input carries (the shape of `AcWing` problem 1319: `N M K`, `M` edges, the
/// `K` tokens' nodes), acyclic and cyclic, draws included.
const TOKENS: &str = "read T; repeat T { read N M K (x y)[M] t[K]; case {t} }; game digraph:{x}>{y}; say win lose draw draw";

/// Graphs for [`TOKENS`]: half of them acyclic (every edge to a larger node), half with cycles
/// and loops.
fn token_graphs(r: &mut Random) -> String {
    cases(r, 80, &|r| {
        let nodes = 1 + r.below(8);
        let acyclic = r.below(2) == 0;
        let mut edges = Vec::new();
        for _ in 0..r.below(14) {
            let (a, b) = (1 + r.below(nodes), 1 + r.below(nodes));
            if !acyclic {
                edges.push((a, b));
            } else if a != b {
                edges.push((a.min(b), a.max(b)));
            }
        }
        let tokens: Vec<String> = (0..=r.below(3))
            .map(|_| (1 + r.below(nodes)).to_string())
            .collect();
        let pairs: Vec<String> = edges.iter().map(|(a, b)| format!("{a} {b}")).collect();
        format!(
            "{nodes} {} {} {} {}",
            edges.len(),
            tokens.len(),
            pairs.join(" "),
            tokens.join(" ")
        )
    })
}

/// [`TOKENS`] by brute force: retrograde analysis of the whole game, whose states are the
/// multisets of the tokens' nodes — lost when every move reaches a won state (no move at all
/// included), won when some move reaches a lost one, drawn otherwise.
fn tokens_by_retrograde_analysis(input: &str) -> String {
    let numbers = numbers_of(input);
    let mut at = 1;
    let mut out = String::new();
    for _ in 0..numbers[0] {
        let (m, k) = (numbers[at + 1] as usize, numbers[at + 2] as usize);
        let edges: Vec<(u64, u64)> = numbers[at + 3..at + 3 + 2 * m]
            .chunks(2)
            .map(|pair| (pair[0], pair[1]))
            .collect();
        let mut start: Vec<u64> = numbers[at + 3 + 2 * m..at + 3 + 2 * m + k].to_vec();
        at += 3 + 2 * m + k;
        start.sort_unstable();
        let moves = |state: &Vec<u64>| -> Vec<Vec<u64>> {
            let mut next = Vec::new();
            for i in 0..state.len() {
                for &(u, v) in &edges {
                    if u == state[i] {
                        let mut moved = state.clone();
                        moved[i] = v;
                        moved.sort_unstable();
                        next.push(moved);
                    }
                }
            }
            next
        };
        // Every state reachable from the start.
        let mut states = vec![start.clone()];
        let mut known: HashMap<Vec<u64>, usize> = HashMap::from([(start, 0)]);
        let mut options: Vec<Vec<usize>> = Vec::new();
        while options.len() < states.len() {
            let state = states[options.len()].clone();
            let mut these = Vec::new();
            for next in moves(&state) {
                let index = *known.entry(next.clone()).or_insert_with(|| {
                    states.push(next);
                    states.len() - 1
                });
                these.push(index);
            }
            options.push(these);
        }
        // 0 unknown (a draw at the end), 1 won, 2 lost.
        let mut outcome = vec![0u8; states.len()];
        loop {
            let mut changed = false;
            for s in 0..states.len() {
                if outcome[s] != 0 {
                    continue;
                }
                if options[s].iter().any(|&o| outcome[o] == 2) {
                    outcome[s] = 1;
                    changed = true;
                } else if options[s].iter().all(|&o| outcome[o] == 1) {
                    outcome[s] = 2;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        out.push_str(match outcome[0] {
            1 => "win\n",
            2 => "lose\n",
            _ => "draw\n",
        });
    }
    out
}

/// The values of heaps `0..=up_to` of the subtraction game on `amounts`, by the mex.
fn subtraction_values(amounts: &[u64], up_to: u64) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for heap in 0..=up_to {
        let options: Vec<u64> = amounts
            .iter()
            .filter(|&&take| take <= heap)
            .map(|&take| values[(heap - take) as usize])
            .collect();
        values.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    values
}

/// The set of each case, then a heap, by the mex: `First` when the second player wins (the
/// format's words for the second player's verdict).
fn sets_second(input: &str) -> String {
    let numbers = numbers_of(input);
    let mut at = 1;
    let mut out = String::new();
    for _ in 0..numbers[0] {
        let k = numbers[at] as usize;
        let set = &numbers[at + 1..=at + k];
        let n = numbers[at + 1 + k];
        at += 2 + k;
        let lost = subtraction_values(set, n)[n as usize] == 0;
        out.push_str(if lost { "First\n" } else { "Second\n" });
    }
    out
}

/// Nim heaps after a name to skip: won exactly when the xor of the heaps is not 0 (Bouton).
fn named_nim(input: &str) -> String {
    let tokens: Vec<&str> = input.split_whitespace().collect();
    let mut at = 1;
    let mut out = String::new();
    for _ in 0..tokens[0].parse::<u64>().unwrap() {
        let m: usize = tokens[at + 1].parse().unwrap();
        let heaps = tokens[at + 2..at + 2 + m]
            .iter()
            .map(|t| t.parse::<u64>().unwrap());
        at += 2 + m;
        let total = heaps.fold(0, |x, h| x ^ h);
        out.push_str(if total != 0 { "Yes\n" } else { "No\n" });
    }
    out
}

/// `2n` heaps of the subtraction game `{1, 3, 4}`, by the mex and the xor.
fn doubled_heaps(input: &str) -> String {
    let numbers = numbers_of(input);
    let values = subtraction_values(&[1, 3, 4], 100);
    let mut at = 1;
    let mut out = String::new();
    for _ in 0..numbers[0] {
        let count = 2 * numbers[at] as usize;
        let heaps = &numbers[at + 1..=at + count];
        at += 1 + count;
        let total = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
        out.push_str(if total != 0 { "W\n" } else { "L\n" });
    }
    out
}

/// Blocks of heaps of the subtraction game `{1, 2}` until a 0, each block's answers on one
/// line without a separator, by the mex.
fn blocks_of_heaps(input: &str) -> String {
    let numbers = numbers_of(input);
    let values = subtraction_values(&[1, 2], 200);
    let mut at = 0;
    let mut out = String::new();
    while numbers[at] != 0 {
        let m = numbers[at] as usize;
        for &h in &numbers[at + 1..=at + m] {
            out.push(if values[h as usize] != 0 { 'W' } else { 'L' });
        }
        out.push('\n');
        at += 1 + m;
    }
    out
}

/// The pairs of Wythoff's game below 61 lost by the player to move, by brute force: no move
/// (from one heap, or the same from both) reaches a lost pair.
fn wythoff_lost() -> Vec<[bool; 61]> {
    let mut lost = vec![[false; 61]; 61];
    for a in 0..61 {
        for b in 0..61 {
            let from_one = (0..a).any(|x| lost[x][b]) || (0..b).any(|y| lost[a][y]);
            let from_both = (1..=a.min(b)).any(|t| lost[a - t][b - t]);
            lost[a][b] = !from_one && !from_both;
        }
    }
    lost
}

/// Wythoff pairs until `0 0`, by brute force: `Lose` for a lost pair, else `Win`.
fn wythoff_outcomes(input: &str) -> String {
    let lost = wythoff_lost();
    let mut out = String::new();
    for line in input.lines() {
        let numbers = numbers_of(line);
        if numbers == [0, 0] {
            break;
        }
        let (a, b) = (numbers[0] as usize, numbers[1] as usize);
        out.push_str(if lost[a][b] { "Lose\n" } else { "Win\n" });
    }
    out
}

/// Wythoff's game by brute force (a pair is lost when no move reaches a lost pair): `0` for a
/// lost pair, else `1` and the lost pairs the winning moves leave, smaller first — those from
/// both heaps, then those from one heap, each ascending, each once.
fn wythoff_moves(input: &str) -> String {
    let lost = wythoff_lost();
    let mut out = String::new();
    for line in input.lines() {
        let numbers: Vec<usize> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        if numbers == [0, 0] {
            break;
        }
        let (a, b) = (numbers[0], numbers[1]);
        let sorted = |x: usize, y: usize| (x.min(y), x.max(y));
        let mut both: Vec<(usize, usize)> = (1..=a.min(b))
            .filter(|t| lost[a - t][b - t])
            .map(|t| sorted(a - t, b - t))
            .collect();
        let mut one: Vec<(usize, usize)> = (0..a)
            .filter(|&x| lost[x][b])
            .map(|x| sorted(x, b))
            .chain((0..b).filter(|&y| lost[a][y]).map(|y| sorted(a, y)))
            .collect();
        for group in [&mut both, &mut one] {
            group.sort_unstable();
            group.dedup();
        }
        if both.is_empty() && one.is_empty() {
            out.push_str("0\n");
            continue;
        }
        out.push_str("1\n");
        for (x, y) in both.into_iter().chain(one) {
            let _ = writeln!(out, "{x} {y}");
        }
    }
    out
}

/// Green Hackenbush trees given as edges of nodes 1..n, node 1 on the ground.
const HACKENBUSH_TREES: &str = "read T; repeat T { read n (u v)[n - 1]; case {u - 1}-{v - 1} }; game hackenbush; say Alice Bob";

/// Green Hackenbush trees given as parent arrays, answered for the second player.
const HACKENBUSH_PARENTS: &str =
    "read T; repeat T { read n p[n]; case parents: {p} }; game hackenbush; say second Yes No";

/// Green Hackenbush pictures, node 0 the ground, each as a count and its edges, until a 0.
const HACKENBUSH_PICTURES: &str =
    "loop { read m; stop if m == 0; read (u v)[m]; case {u}-{v} }; game hackenbush; say W L";

/// A random tree on `n + first` nodes hanging from node `first`: each node from `first + 1` on
/// hangs from an earlier one, the nodes' names shuffled (`first` stays the root). Its edges
/// `(parent, child)`.
fn random_tree(r: &mut Random, n: u64, first: u64) -> Vec<(u64, u64)> {
    let mut names: Vec<u64> = (first + 1..=first + n).collect();
    for i in (1..names.len()).rev() {
        names.swap(i, r.below(i as u64 + 1) as usize);
    }
    (0..names.len())
        .map(|i| {
            let parent = if i == 0 || r.below(5) == 0 {
                first
            } else {
                names[r.below(i as u64) as usize]
            };
            (parent, names[i])
        })
        .collect()
}

/// The Grundy value of a Green Hackenbush picture (node 0 the ground) by brute force over the
/// literal rules: a move removes one standing edge, and every edge no longer connected to the
/// ground falls; memoised on the set of standing edges (at most 16 edges).
fn hackenbush_value(edges: &[(u64, u64)]) -> u64 {
    fn grounded(edges: &[(u64, u64)], standing: u32) -> u32 {
        let mut reached = vec![0u64];
        let mut kept = 0u32;
        loop {
            let before = kept;
            for (i, &(u, v)) in edges.iter().enumerate() {
                let bit = 1 << i;
                if standing & bit != 0 && kept & bit == 0 {
                    let (from_u, from_v) = (reached.contains(&u), reached.contains(&v));
                    if from_u || from_v {
                        kept |= bit;
                        reached.extend([u, v]);
                    }
                }
            }
            if kept == before {
                return kept;
            }
        }
    }
    fn value(edges: &[(u64, u64)], standing: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&known) = memo.get(&standing) {
            return known;
        }
        let options: Vec<u64> = (0..edges.len())
            .filter(|i| standing & (1 << i) != 0)
            .map(|i| value(edges, grounded(edges, standing & !(1 << i)), memo))
            .collect();
        let mex = (0..).find(|v| !options.contains(v)).unwrap();
        memo.insert(standing, mex);
        mex
    }
    assert!(edges.len() <= 16, "a brute force of at most 16 edges");
    let all = (1u32 << edges.len()) - 1;
    value(edges, grounded(edges, all), &mut HashMap::new())
}

/// The numbers of `input`, in order.
fn numbers_of(input: &str) -> Vec<u64> {
    input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// A line per picture: `win` where the player to move wins it (by [`hackenbush_value`]), else
/// `lose`.
fn pictures_answered(pictures: &[Vec<(u64, u64)>], win: &str, lose: &str) -> String {
    let mut out = String::new();
    for edges in pictures {
        out.push_str(if hackenbush_value(edges) != 0 {
            win
        } else {
            lose
        });
        out.push('\n');
    }
    out
}

/// [`HACKENBUSH_TREES`] by brute force.
fn hackenbush_trees(input: &str) -> String {
    let numbers = numbers_of(input);
    let mut at = 1;
    let mut pictures = Vec::new();
    for _ in 0..numbers[0] {
        let edges = numbers[at] as usize - 1;
        let ends = &numbers[at + 1..at + 1 + 2 * edges];
        pictures.push(
            ends.chunks(2)
                .map(|pair| (pair[0] - 1, pair[1] - 1))
                .collect(),
        );
        at += 1 + 2 * edges;
    }
    pictures_answered(&pictures, "Alice", "Bob")
}

/// [`HACKENBUSH_PARENTS`] by brute force: `Yes` when the second player wins.
fn hackenbush_parents(input: &str) -> String {
    let numbers = numbers_of(input);
    let mut at = 1;
    let mut pictures = Vec::new();
    for _ in 0..numbers[0] {
        let n = numbers[at] as usize;
        let parents = &numbers[at + 1..at + 1 + n];
        pictures.push(parents.iter().zip(1..).map(|(&p, i)| (p, i)).collect());
        at += 1 + n;
    }
    pictures_answered(&pictures, "No", "Yes")
}

/// [`HACKENBUSH_PICTURES`] by brute force.
fn hackenbush_pictures(input: &str) -> String {
    let numbers = numbers_of(input);
    let mut at = 0;
    let mut pictures = Vec::new();
    while numbers[at] != 0 {
        let m = numbers[at] as usize;
        let ends = &numbers[at + 1..at + 1 + 2 * m];
        pictures.push(ends.chunks(2).map(|pair| (pair[0], pair[1])).collect());
        at += 1 + 2 * m;
    }
    pictures_answered(&pictures, "W", "L")
}

/// Cases of the 1-2-K game: small ones, every residue near the period's end, and extremes.
fn huge_one_two_k(r: &mut Random) -> String {
    let mut cases: Vec<(u64, u64)> = Vec::new();
    for k in 3..=40 {
        for n in [
            0,
            1,
            2,
            k - 1,
            k,
            k + 1,
            k + 2,
            2 * k + 1,
            2 * k + 2,
            3 * k + 5,
        ] {
            cases.push((n, k));
        }
        cases.push((r.below(400), k));
    }
    let huge = [
        999_999_999_999_999_999,
        1_000_000_000_000_000_000,
        u64::MAX,
        u64::MAX - 1,
        u64::MAX - 2,
        3 << 60,
    ];
    for &k in &huge {
        for n in [
            0,
            1,
            2,
            k - 1,
            k,
            k.saturating_add(1),
            u64::MAX,
            r.heap(u64::MAX),
        ] {
            cases.push((n, k));
        }
    }
    let lines: Vec<String> = cases.iter().map(|(n, k)| format!("{n} {k}")).collect();
    format!("{}\n{}\n", cases.len(), lines.join("\n"))
}

/// The 1-2-K game's answers: the mex of the values (a brute force) for heaps below 2000 and
/// `k` up to 60, the closed form of docs/theory.md §4 (tested against the mex for every `k` up
/// to 60 in `theory::period`) beyond.
fn one_two_k_answers(input: &str) -> String {
    let numbers: Vec<u64> = input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut out = String::new();
    for case in numbers[1..].chunks(2) {
        let (n, k) = (case[0], case[1]);
        let value = if n < 2000 && k <= 60 {
            subtraction_values(&[1, 2, k], n)[n as usize]
        } else if k % 3 != 0 {
            n % 3
        } else {
            let r = if n <= k { n } else { n % (k + 1) };
            if r == k { 3 } else { r % 3 }
        };
        out.push_str(if value != 0 { "Alice\n" } else { "Bob\n" });
    }
    out
}

fn expected(check: &Check, input: &str) -> String {
    if let Some(oracle) = check.oracle {
        return oracle(input);
    }
    if let Some(components) = &check.sum {
        let mut text = String::new();
        for line in input.lines() {
            let heaps: Vec<&str> = line.split_whitespace().collect();
            let spec: Vec<String> = components
                .iter()
                .zip(&heaps)
                .map(|(game, heap)| format!("{game}[{heap}]"))
                .collect();
            let output = grundy(&["solve", &spec.join(" + "), "--json"]);
            assert!(output.status.success(), "{}", stderr(&output));
            let answer: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
            let win = answer["value"] == "win";
            text.push_str(if win { "Yes\n" } else { "No\n" });
        }
        return text;
    }
    let mut args = vec!["contest"];
    args.extend(check.game);
    args.extend(["--io", check.format]);
    run(Command::new(BINARY).args(&args), input)
}

/// Runs `command` with `input` on stdin; its stdout (it must succeed).
fn run(command: &mut Command, input: &str) -> String {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("a stdin");
    let text = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().expect("the program runs");
    writer
        .join()
        .expect("the writer")
        .expect("the input is written");
    assert!(
        output.status.success(),
        "{command:?} failed on\n{input}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// Lines with their trailing white space removed, without trailing empty lines.
fn normalised(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// A language: how to build a source into something that runs.
#[derive(Clone, Copy, Debug)]
enum Language {
    Cpp,
    Python,
    Java,
    Rust,
}

impl Language {
    fn name(self) -> &'static str {
        match self {
            Self::Cpp => "cpp",
            Self::Python => "python",
            Self::Java => "java",
            Self::Rust => "rust",
        }
    }

    /// The tools the language needs, with the flag that prints a version.
    fn tools(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Self::Cpp => &[("g++", "--version")],
            Self::Python => &[("python3", "--version")],
            Self::Java => &[("javac", "-version"), ("java", "-version")],
            Self::Rust => &[("rustc", "--version")],
        }
    }

    /// Why the language cannot be tested here, if it cannot.
    fn missing(self) -> Option<String> {
        self.tools()
            .iter()
            .find_map(|(tool, flag)| match Command::new(tool).arg(flag).output() {
                Ok(output) if output.status.success() => None,
                Ok(output) => Some(format!("{tool} {flag} failed: {}", stderr(&output))),
                Err(error) => Some(format!("{tool} is not installed ({error})")),
            })
    }

    /// The library's name of the language.
    fn library(self) -> grundy::render::codegen::Language {
        match self {
            Self::Cpp => grundy::render::codegen::Language::Cpp,
            Self::Python => grundy::render::codegen::Language::Python,
            Self::Java => grundy::render::codegen::Language::Java,
            Self::Rust => grundy::render::codegen::Language::Rust,
        }
    }

    fn file_name(self) -> &'static str {
        match self {
            Self::Cpp => "solution.cpp",
            Self::Python => "solution.py",
            Self::Java => "Main.java",
            Self::Rust => "solution.rs",
        }
    }

    /// Compiles `source` in `dir`; the command that runs the program.
    fn build(self, source: &Path, dir: &Path) -> Command {
        let compile = |command: &mut Command| {
            let output = command.output().expect("the compiler runs");
            assert!(
                output.status.success(),
                "{command:?} failed:\n{}{}",
                stdout(&output),
                stderr(&output)
            );
            assert!(
                output.stderr.is_empty() || matches!(self, Self::Java),
                "warnings from {command:?}:\n{}",
                stderr(&output)
            );
        };
        let binary = dir.join("solution");
        match self {
            Self::Cpp => {
                compile(
                    Command::new("g++")
                        .args(["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-o"])
                        .arg(&binary)
                        .arg(source),
                );
                Command::new(binary)
            }
            Self::Rust => {
                compile(
                    Command::new("rustc")
                        .args(["--edition", "2021", "-O", "-D", "warnings", "-o"])
                        .arg(&binary)
                        .arg(source),
                );
                Command::new(binary)
            }
            Self::Java => {
                compile(
                    Command::new("javac")
                        .args(["-Xlint:all", "-Werror", "-d"])
                        .arg(dir)
                        .arg(source),
                );
                let mut command = Command::new("java");
                command.arg("-cp").arg(dir).arg("Main");
                command
            }
            Self::Python => {
                let mut command = Command::new("python3");
                command.arg(source);
                command
            }
        }
    }
}

/// Generates, builds and runs every check in `language`.
fn run_language(language: Language) {
    if let Some(why) = language.missing() {
        let what = format!(
            "compiling and running the generated {} programs",
            language.name()
        );
        common::missing_tool(&what, &why);
    }
    let root = tempfile::tempdir().expect("a temporary directory");
    for (index, check) in checks().iter().enumerate() {
        let dir = root.path().join(index.to_string());
        std::fs::create_dir(&dir).unwrap();
        let source: PathBuf = dir.join(language.file_name());
        let mut args = vec!["codegen"];
        args.extend(check.game);
        let source_text = source.to_str().unwrap().to_owned();
        args.extend([
            "--lang",
            language.name(),
            "--io",
            check.format,
            "--out",
            &source_text,
        ]);
        args.extend(check.extra);
        let output = grundy(&args);
        assert!(
            output.status.success(),
            "codegen {args:?}: {}",
            stderr(&output)
        );
        let mut program = language.build(&source, &dir);
        for input in &check.inputs {
            let want = expected(check, input);
            let got = run(&mut program, input);
            assert_eq!(
                normalised(&got),
                normalised(&want),
                "{} program for {:?} in {} disagrees with grundy on\n{input}",
                language.name(),
                check.game,
                check.format
            );
        }
    }
}

#[test]
fn cpp_programs_answer_as_grundy_does() {
    run_language(Language::Cpp);
}

#[test]
fn python_programs_answer_as_grundy_does() {
    run_language(Language::Python);
}

#[test]
fn java_programs_answer_as_grundy_does() {
    run_language(Language::Java);
}

#[test]
fn rust_programs_answer_as_grundy_does() {
    run_language(Language::Rust);
}

#[test]
fn the_header_states_the_rule_and_the_certificate() {
    let output = grundy(&["codegen", "0.77", "--lang", "cpp", "--io", "heaps/yes-no"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("// Contest solution for 0.77"), "{text}");
    assert!(text.contains("period 12 from n = 71"), "{text}");
    assert!(text.contains("Guy–Smith theorem"), "{text}");
    let output = grundy(&["codegen", "--lang", "python", "--io", "hdu-1527"]);
    let text = stdout(&output);
    assert!(
        text.contains("Wythoff's theorem") && text.contains("math.isqrt"),
        "{text}"
    );
    assert!(!text.contains("math.sqrt("), "{text}");
    let output = grundy(&[
        "codegen",
        "subtraction:fibonacci",
        "--lang",
        "rust",
        "--io",
        "lines/yes-no",
    ]);
    let text = stdout(&output);
    assert!(text.contains("The DP is exact for heaps up to"), "{text}");
}

#[test]
fn games_without_a_program_are_refused_with_the_reason() {
    for (args, words) in [
        (
            vec![
                "codegen",
                "norepeat:1,2,3",
                "--lang",
                "cpp",
                "--io",
                "lines/yes-no",
            ],
            "no-repeat",
        ),
        (
            vec!["codegen", "wythoff", "--lang", "cpp", "--io", "lines/count"],
            "winning moves",
        ),
        // A bound outside the theorem of dynamic subtraction: searched, no program.
        (
            vec![
                "codegen",
                "dynamic:10-x",
                "--lang",
                "cpp",
                "--io",
                "lines/yes-no",
            ],
            "by searching its options",
        ),
        // A slope read from the input that the theorem cannot take is refused by the program
        // itself; a bound read where none is written is not a dynamic game.
        (
            vec![
                "codegen",
                "--lang",
                "cpp",
                "--io",
                "read T; repeat T { read n k; case {n} }; game dynamic:{k}y; say W L",
            ],
            "dynamic:{k}y",
        ),
        // A slope written as a sum (3) that a sample could equal: refused, not read.
        (
            vec![
                "codegen",
                "--lang",
                "cpp",
                "--io",
                "read T; repeat T { read n c; case {n} }; game dynamic:x+x+x+{c}; say W L",
            ],
            "dynamic:x+x+x+{c}",
        ),
        // A range between two values read is not a set of them.
        (
            vec![
                "codegen",
                "--lang",
                "cpp",
                "--io",
                "read T; repeat T { read n a b; case {n} }; game subtraction:{a}..{b}; say W L",
            ],
            "subtraction:{a}..{b}",
        ),
        // The description names its game: another one on the command line is refused.
        (
            vec![
                "codegen",
                "nim",
                "--lang",
                "python",
                "--io",
                "loop { line x[]; case {x} }; game wythoff; say W L",
            ],
            "a problem about wythoff",
        ),
        (
            vec!["codegen", "--lang", "cpp", "--io", "lines/yes-no"],
            "give the game",
        ),
        (
            vec!["codegen", "nim", "--lang", "cpp", "--io", "hdu-1846"],
            "drop the game",
        ),
        (
            vec!["codegen", "nim", "--lang", "python", "--io", "hdu-1527"],
            "the format is a problem about wythoff",
        ),
        (
            vec!["codegen", "nim", "--lang", "cobol", "--io", "lines/yes-no"],
            "cobol",
        ),
        (
            vec!["codegen", "nim", "--lang", "cpp", "--io", "lines/maybe"],
            "unknown output",
        ),
    ] {
        let output = grundy(&args);
        assert!(!output.status.success(), "{args:?}");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(words),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

/// Inputs the programs refuse, exiting non-zero with a message — as `grundy contest` does (a
/// parent array that is not a tree, a draw without a word), or beyond a program's own bound (a
/// heap above its table, which grundy answers).
#[test]
fn programs_refuse_what_grundy_refuses() {
    let script = concat!(
        "script:",
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/divisors.rhai"
    );
    let refusals: [(Option<&str>, &str, &str, &str, bool); 9] = [
        (Some(script), "lines/yes-no", "3 4\n", "one number", true),
        (Some(script), "lines/yes-no", "10000\n", "9999", false),
        (None, HACKENBUSH_PARENTS, "1\n2 2 1\n", "cycle", true),
        (None, HACKENBUSH_PARENTS, "1\n1 1\n", "cycle", true),
        (
            None,
            HACKENBUSH_PARENTS,
            "1\n2 0 5\n",
            "nodes are 0 to 2",
            true,
        ),
        (Some("0.0707"), "lines/yes-no", "9626\n", "9625", false),
        // Heaps of dynamic subtraction from 2^62, and a slope read that the theorem cannot
        // take (grundy searches it).
        (
            Some("dynamic:3x"),
            "lines/yes-no",
            "4611686018427387904\n",
            "2^62",
            false,
        ),
        (
            None,
            "read T; repeat T { read n k; case {n} }; game dynamic:{k}x; say W L",
            "1\n10 0\n",
            "non-decreasing",
            false,
        ),
        (
            Some("digraph:0>1,1>0"),
            "loop { line t[]; case {t} }; say W L",
            "0\n",
            "draw",
            true,
        ),
    ];
    for language in [Language::Cpp, Language::Python] {
        if let Some(why) = language.missing() {
            common::missing_tool("compiling and running the generated programs", &why);
        }
        let root = tempfile::tempdir().expect("a temporary directory");
        for (index, (game, format, input, words, refused)) in refusals.iter().enumerate() {
            let dir = root.path().join(index.to_string());
            std::fs::create_dir(&dir).unwrap();
            let source = dir.join(language.file_name());
            let mut args = vec!["codegen"];
            args.extend(game);
            let path = source.to_str().unwrap().to_owned();
            args.extend(["--lang", language.name(), "--io", format, "--out", &path]);
            let output = grundy(&args);
            assert!(output.status.success(), "{args:?}: {}", stderr(&output));
            let mut program = language.build(&source, &dir);
            let answered = answer_of(&mut program, input);
            assert!(
                !answered.status.success() && stderr(&answered).contains(words),
                "{} program for {format} answered {input:?}: {}{}",
                language.name(),
                stdout(&answered),
                stderr(&answered)
            );
            let mut contest = vec!["contest"];
            contest.extend(game);
            contest.extend(["--io", format]);
            let graded = answer_of(Command::new(BINARY).args(&contest), input);
            assert_eq!(
                !graded.status.success(),
                *refused,
                "grundy on {input:?} in {format}: {}",
                stderr(&graded)
            );
        }
    }
}

/// Runs `command` on `input`, whatever its exit status.
fn answer_of(command: &mut Command, input: &str) -> std::process::Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    child
        .stdin
        .take()
        .expect("a stdin")
        .write_all(input.as_bytes())
        .expect("the input is written");
    child.wait_with_output().expect("the program runs")
}

#[test]
fn out_never_replaces_a_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.cpp");
    std::fs::write(&path, "mine").unwrap();
    let path_text = path.to_str().unwrap();
    let args = [
        "codegen", "wythoff", "--lang", "cpp", "--io", "hdu-1527", "--out", path_text,
    ];
    let output = grundy(&args);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--force"), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
    let mut forced = args.to_vec();
    forced.push("--force");
    let output = grundy(&forced);
    assert!(output.status.success(), "{}", stderr(&output));
    let written = std::fs::read_to_string(&path).unwrap();
    let printed = stdout(&grundy(&args[..6]));
    assert_eq!(written, printed);
}

/// The issue's acceptance check: the generated Wythoff program for HDU 1527 passes grundy's own
/// 对拍 (`grundy verify --against`).
#[test]
fn the_generated_wythoff_program_passes_verify() {
    if let Some(why) = Language::Cpp.missing() {
        common::missing_tool("verifying the generated Wythoff program", &why);
    }
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("w.cpp");
    let source_text = source.to_str().unwrap();
    let output = grundy(&[
        "codegen",
        "wythoff",
        "--lang",
        "cpp",
        "--io",
        "hdu-1527",
        "--out",
        source_text,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let program = Language::Cpp.build(&source, dir.path());
    let binary = program.get_program().to_str().unwrap().to_owned();
    let output = grundy(&[
        "verify",
        "wythoff",
        "--against",
        &binary,
        "--io",
        "hdu-1527",
    ]);
    assert!(
        output.status.success(),
        "{}{}",
        stdout(&output),
        stderr(&output)
    );
    assert!(stdout(&output).contains("agreed"), "{}", stdout(&output));
}

mod rule_forms {
    //! Every rule form, written by hand into a program plan, compiled, and run on small
    //! positions and on positions near 10^18 and 2^64: its answers must be those of the rule as
    //! the library evaluates it (`theory::pattern`, tested against each form's definition).

    use grundy::analysis::codegen::{Decider, Kernel, PositionForm, Program, RulePlan};
    use grundy::analysis::pattern::{Membership, OutcomeRule, RuleStatus};
    use grundy::input::judge_format::JudgeFormat;
    use grundy::theory::pattern::{BinaryForm, NumberSet, PairSet, Parity, Sequence, beatty_lower};
    use grundy::{Outcome, parse_game};

    use super::{Language, Random, common, lines, normalised, run};

    fn plan<R>(rule: R, pairs: bool) -> RulePlan<R> {
        RulePlan {
            rule,
            status: RuleStatus::Observed,
            found_to: 100,
            checked_to: 400,
            positions: 401,
            fitted: 0,
            pairs,
        }
    }

    fn program(decider: Decider, format: &str) -> Program {
        let format = JudgeFormat::parse(format).unwrap();
        Program {
            carried: None,
            format,
            game: Some(parse_game("nim").unwrap()),
            decider,
            position: PositionForm::Values,
        }
    }

    /// Rules of one number: every set form, unions and exceptions, two to a program — the
    /// first set lost, the second tied, the rest won (the first set's members answer first, as
    /// the library's rule says) — so that fewer programs are compiled.
    fn number_rules() -> Vec<OutcomeRule> {
        let odd = NumberSet::Periodic {
            preperiod: 0,
            period: 2,
            members: vec![1],
        };
        let forms = [
            NumberSet::Finite(vec![0, 5]),
            NumberSet::Periodic {
                preperiod: 3,
                period: 7,
                members: vec![0, 2, 4, 8],
            },
            NumberSet::Odious,
            NumberSet::Evil,
            NumberSet::Powers {
                base: 3,
                exponents: Parity::Odd,
            },
            NumberSet::Powers {
                base: 2,
                exponents: Parity::Any,
            },
            NumberSet::Valuation(Parity::Odd),
            NumberSet::Fibonacci,
            NumberSet::Squares,
            NumberSet::Triangular,
            NumberSet::Bands {
                base: 18,
                low: 9,
                high: 18,
            },
            NumberSet::Union(
                Box::new(odd),
                Box::new(NumberSet::Powers {
                    base: 2,
                    exponents: Parity::Odd,
                }),
            ),
            NumberSet::Except {
                set: Box::new(NumberSet::Fibonacci),
                added: vec![0],
                removed: vec![3],
            },
            NumberSet::Beatty {
                difference: 2,
                upper: false,
            },
            NumberSet::Beatty {
                difference: 1,
                upper: true,
            },
        ];
        forms
            .chunks(2)
            .map(|pair| OutcomeRule {
                classes: pair
                    .iter()
                    .zip([Outcome::Lose, Outcome::Tie])
                    .map(|(set, outcome)| (outcome, Membership::Numbers(set.clone())))
                    .collect(),
                otherwise: Outcome::Win,
            })
            .collect()
    }

    /// Positions of one number: small ones, and members and neighbours of every form near
    /// 10^18 (Beatty terms stay below 2^60, where the programs compute them).
    fn numbers(random: &mut Random) -> Vec<u64> {
        let mut out: Vec<u64> = (0..=300).collect();
        let (mut a, mut b) = (1u64, 2u64);
        while let Some(next) = a.checked_add(b) {
            (a, b) = (b, next);
            out.extend([a - 1, a, a + 1]);
        }
        for root in [1_000_000_000u64, 3_037_000_499, 4_294_967_295] {
            out.extend([root * root - 1, root * root, root * root + 1]);
            let triangle = root / 2 * (root / 2 + 1) / 2;
            out.extend([triangle - 1, triangle, triangle + 1]);
        }
        for k in [1_000_000_000_000_000u64, 123_456_789_012_345_678 / 4] {
            for d in [1, 2] {
                let lower = beatty_lower(k, d).unwrap();
                out.extend([lower - 1, lower, lower + 1, lower + k * d]);
            }
        }
        let mut power = 1u64;
        while let Some(next) = power.checked_mul(3) {
            power = next;
            out.extend([power - 1, power, power + 1]);
        }
        for j in [59u32, 60, 61, 62, 63] {
            out.extend([(1 << j) - 1, 1 << j, (1 << j) + 1, 3 << (j - 2)]);
        }
        let band = 9 * 18u64.pow(13);
        out.extend([
            band,
            band + 1,
            2 * band,
            2 * band + 1,
            1_000_000_000_000_000_000,
        ]);
        out.extend((0..100).map(|_| random.below(1 << 59)));
        out
    }

    fn letter(outcome: Outcome) -> &'static str {
        match outcome {
            Outcome::Win => "+",
            Outcome::Lose => "-",
            Outcome::Tie | Outcome::Draw => "0",
        }
    }

    /// Beatty sets are computed below 2^60; every other form for any 64-bit number.
    fn far_ok(rule: &OutcomeRule, n: u64) -> bool {
        let beatty = format!("{rule:?}").contains("Beatty");
        !beatty || n < 1 << 60
    }

    /// The source, built, run on `input`: its output lines.
    fn answers(
        language: Language,
        program: &Program,
        input: &str,
        dir: &std::path::Path,
    ) -> String {
        let source = dir.join(language.file_name());
        std::fs::write(
            &source,
            grundy::render::codegen::source(program, language.library()),
        )
        .unwrap();
        let mut command = language.build(&source, dir);
        run(&mut command, input)
    }

    fn check(language: Language) {
        if let Some(why) = language.missing() {
            common::missing_tool("compiling the generated rule programs", &why);
        }
        let root = tempfile::tempdir().unwrap();
        let mut random = Random(7);
        let numbers = numbers(&mut random);
        for (index, rule) in number_rules().into_iter().enumerate() {
            let dir = root.path().join(format!("n{index}"));
            std::fs::create_dir(&dir).unwrap();
            let asked: Vec<u64> = numbers
                .iter()
                .copied()
                .filter(|&n| far_ok(&rule, n))
                .collect();
            let input = lines(asked.iter().map(|&n| vec![n]));
            let want: Vec<&str> = asked.iter().map(|&n| letter(rule.outcome(&[n]))).collect();
            let program = program(Decider::Rule(plan(rule.clone(), false)), "lines/symbols");
            let got = answers(language, &program, &input, &dir);
            assert_eq!(normalised(&got), want, "{language:?}: {rule:?}");
        }
        let pairs = [
            [
                PairSet::Lattice {
                    rows: 2,
                    columns: 3,
                    members: vec![(0, 0), (1, 2)],
                },
                PairSet::Beatty { difference: 1 },
            ],
            [PairSet::Beatty { difference: 3 }, PairSet::Diagonal],
        ];
        for (index, [first, second]) in pairs.into_iter().enumerate() {
            let dir = root.path().join(format!("p{index}"));
            std::fs::create_dir(&dir).unwrap();
            let mut asked: Vec<(u64, u64)> =
                (0..30).flat_map(|a| (0..30).map(move |b| (a, b))).collect();
            for k in [1_000_000_000_000_000u64, 987_654_321_987] {
                for d in [1, 3] {
                    let lower = beatty_lower(k, d).unwrap();
                    asked.extend([
                        (lower, lower + d * k),
                        (lower + d * k, lower),
                        (lower, lower + d * k + 1),
                        (lower, lower),
                    ]);
                }
            }
            let rule = OutcomeRule {
                classes: vec![
                    (Outcome::Lose, Membership::Pairs(first)),
                    (Outcome::Tie, Membership::Pairs(second)),
                ],
                otherwise: Outcome::Win,
            };
            let input = lines(asked.iter().map(|&(a, b)| vec![a, b]));
            let want: Vec<&str> = asked
                .iter()
                .map(|&(a, b)| letter(rule.outcome(&[a, b])))
                .collect();
            let program = program(Decider::Rule(plan(rule.clone(), true)), "lines/symbols");
            let got = answers(language, &program, &input, &dir);
            assert_eq!(normalised(&got), want, "{language:?}: {rule:?}");
        }
        values(language, root.path(), &numbers);
    }

    /// Rules of values, as heap kernels: a line of two heaps is lost exactly when their values
    /// are equal, so each far heap is paired with one of equal value (found nearby or among the
    /// small heaps) and one of another value.
    fn values(language: Language, root: &std::path::Path, numbers: &[u64]) {
        let periodic = grundy::period::observe(
            &(0..200u32)
                .map(|n| {
                    if n < 5 {
                        [3, 0, 4, 1, 1][n as usize]
                    } else {
                        (n - 5) / 3 * 2 + [0, 1, 1][(n % 3) as usize]
                    }
                })
                .collect::<Vec<_>>(),
        )
        .expect("an arithmetic period")
        .periodicity()
        .clone();
        let mut rules = vec![
            Sequence::Linear {
                slope: 2,
                offset: 1,
                divisor: 3,
            },
            Sequence::Linear {
                slope: 1,
                offset: 0,
                divisor: 2,
            },
            Sequence::Remainder {
                modulus: 5,
                shift: 2,
                add: 1,
            },
            Sequence::Periodic(periodic),
            Sequence::Indicator(NumberSet::Squares),
        ];
        // Every form, and each shift once.
        for (form, shift) in [
            (BinaryForm::PopCount, 0),
            (BinaryForm::Valuation, 1),
            (BinaryForm::Ruler, -1),
            (BinaryForm::Odious, 0),
            (BinaryForm::Evil, 1),
        ] {
            rules.push(Sequence::Except {
                rule: Box::new(Sequence::Binary { form, shift }),
                values: vec![(0, 0), (1, 0)],
            });
        }
        for (index, rule) in rules.into_iter().enumerate() {
            let dir = root.join(format!("v{index}"));
            std::fs::create_dir(&dir).unwrap();
            let value = |n: u64| rule.value(n);
            let mut rows: Vec<Vec<u64>> = Vec::new();
            for &n in numbers.iter().filter(|&&n| n < 1 << 62) {
                let Some(v) = value(n) else { continue };
                let nearby = (n.saturating_sub(64)..n.saturating_add(64)).chain(0..2000);
                if let Some(m) = nearby.clone().find(|&m| m != n && value(m) == Some(v)) {
                    rows.push(vec![n, m]);
                }
                if let Some(m) = nearby.clone().find(|&m| value(m).is_some_and(|w| w != v)) {
                    rows.push(vec![n, m]);
                }
            }
            let want: Vec<&str> = rows
                .iter()
                .map(|row| {
                    if value(row[0]) == value(row[1]) {
                        "-"
                    } else {
                        "+"
                    }
                })
                .collect();
            let program = program(
                Decider::Grundy(Kernel::Rule(plan(rule.clone(), false))),
                "lines/symbols",
            );
            let got = answers(language, &program, &lines(rows.into_iter()), &dir);
            assert_eq!(normalised(&got), want, "{language:?}: {rule:?}");
        }
    }

    #[test]
    fn cpp() {
        check(Language::Cpp);
    }

    #[test]
    fn python() {
        check(Language::Python);
    }

    #[test]
    fn java() {
        check(Language::Java);
    }

    #[test]
    fn rust() {
        check(Language::Rust);
    }
}

/// The issue's acceptance check for rules: a program resting on an observed rule says so in its
/// header, and passes `grundy verify --against`, which checks it against the game's own search
/// (not against the rule).
#[test]
fn a_program_from_an_observed_rule_passes_verify() {
    if let Some(why) = Language::Python.missing() {
        common::missing_tool("verifying a program generated from a rule", &why);
    }
    let game = concat!(
        "script:",
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/deleting-divisors.rhai"
    );
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("solution.py");
    let source_text = source.to_str().unwrap();
    let output = grundy(&[
        "codegen",
        game,
        "--lang",
        "python",
        "--io",
        "lines/yes-no",
        "--out",
        source_text,
        "--rule",
        "observed",
        "--rule-to",
        "500",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&source).unwrap();
    assert!(text.contains("OBSERVED, NOT PROVED"), "{text}");
    assert!(text.contains("n <= 2000 (2001 positions"), "{text}");
    let command = format!("python3 {source_text}");
    let output = grundy(&[
        "verify",
        game,
        "--against",
        &command,
        "--io",
        "lines/yes-no",
        "--cases",
        "20",
    ]);
    assert!(
        output.status.success(),
        "{}{}",
        stdout(&output),
        stderr(&output)
    );
}

/// Scripts without `--rule`: a table of `start(0)`, …, `start(N)` where their positions are one
/// number, else a refusal that says why.
#[test]
fn scripts_get_a_table_of_values_or_a_reason() {
    let game = concat!(
        "script:",
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/deleting-divisors.rhai"
    );
    // Without --rule, the program holds the values of start(0), …, start(N).
    let output = grundy(&["codegen", game, "--lang", "python", "--io", "lines/yes-no"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("start(0) to start("),
        "{}",
        stdout(&output)
    );
    // A table of one outcome decides nothing: a script of strings numbered by start(n).
    let flips = concat!(
        "script:",
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/flips.rhai"
    );
    let output = grundy(&[
        "codegen",
        flips,
        "--lang",
        "python",
        "--io",
        "lines/yes-no",
        "--rule",
        "observed",
        "--rule-to",
        "100",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("one outcome"),
        "{}",
        stderr(&output)
    );
    // Certified rules only: this one is observed, so the program holds the table.
    let output = grundy(&[
        "codegen",
        game,
        "--lang",
        "python",
        "--io",
        "lines/yes-no",
        "--rule",
        "certified",
        "--rule-to",
        "300",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stdout(&output).contains("OBSERVED"), "{}", stdout(&output));
    // A script of two numbers has no table: the refusal says the rule found is only observed.
    let queen = concat!(
        "script:",
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/queen.rhai"
    );
    let output = grundy(&[
        "codegen",
        queen,
        "--lang",
        "python",
        "--io",
        "lines/yes-no",
        "--rule",
        "certified",
        "--rule-to",
        "30",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("observed, not proved"),
        "{}",
        stderr(&output)
    );
}
