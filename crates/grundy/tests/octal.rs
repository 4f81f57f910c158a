//! Take-and-break games: known answers from `testdata/octal.json` on every engine, the rare/common
//! engine against the naive one, and winning moves against brute force.

use std::collections::HashMap;

use grundy::octal::{Code, Modifier, Naive, Paired, RareCommon, TakeAndBreakEngine};
use grundy::period::Search;
use grundy::render::moves::description;
use grundy::{Action, Analyzer, Config, Engine, Game, Outcome, Position, Target, parse_game};
use num_bigint::BigUint;
use proptest::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    games: Vec<Known>,
}

#[derive(Deserialize)]
struct Known {
    code: String,
    name: String,
    source: String,
    preperiod: Option<u64>,
    period: Option<u64>,
    /// The saltus of an arithmetic periodicity (0 when absent).
    #[serde(default)]
    saltus: u64,
    certified: Option<bool>,
    values: Vec<u32>,
}

#[test]
fn known_answers_on_every_engine() {
    let path = format!("{}/../../testdata/octal.json", env!("CARGO_MANIFEST_DIR"));
    let file: File = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    // Naive, the automatic choice on one thread (tail or rare/common, naive where neither
    // applies) and the paired engine forced: every take-and-break engine, on any machine.
    let limited = one_thread().with_max_values(1 << 14).unwrap();
    let configs = [
        limited.with_engine(Engine::Naive),
        limited,
        limited.with_take_and_break_engine(TakeAndBreakEngine::Paired),
    ];
    for known in &file.games {
        let game = parse_game(&known.code).unwrap();
        let Game::Octal(code) = &game else {
            panic!("{} is a take-and-break code", known.code)
        };
        let mut seen = Vec::new();
        for config in configs {
            let Ok(engine) = config.take_and_break_engine_for(code) else {
                assert!(!TakeAndBreakEngine::Paired.applies(code), "{}", known.code);
                continue;
            };
            if seen.contains(&engine) {
                continue;
            }
            seen.push(engine);
            let analyzer = Analyzer::new(config);
            let context = format!(
                "{} {} ({}) with {engine}",
                known.name, known.code, known.source
            );
            assert_eq!(game.to_string(), known.code, "{context}: canonical form");
            let table = analyzer
                .table(&game, &0u32.into(), &(known.values.len() as u64 - 1).into())
                .unwrap();
            let got: Vec<u32> = table
                .values
                .iter()
                .map(|v| u32::try_from(v).unwrap())
                .collect();
            assert_eq!(got, known.values, "{context}: values");
            let report = analyzer.period(&game).unwrap();
            match (&report.search, known.certified) {
                (Search::Certified(certificate), None) => {
                    let p = certificate.periodicity();
                    assert_eq!(
                        (Some(p.preperiod()), Some(p.period()), p.saltus()),
                        (known.preperiod, known.period, known.saltus),
                        "{context}"
                    );
                }
                (Search::Certified(_), Some(false)) => {
                    panic!("{context}: certified, but no theorem applies")
                }
                (_, Some(false)) => {}
                (other, _) => panic!("{context}: {other:?}"),
            }
        }
    }
}

fn code(d0: u8, digits: &[u8]) -> Option<Code> {
    let mut all = vec![(d0, Modifier::None)];
    all.extend(digits.iter().map(|&d| (d, Modifier::None)));
    Code::new(all, Vec::new()).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn rare_common_equals_naive_to_2_to_the_12(
        d0 in prop::sample::select(vec![0u8, 4]),
        digits in prop::collection::vec(0u8..8, 1..=3),
    ) {
        let Some(code) = code(d0, &digits) else { return Ok(()) };
        let naive: Vec<u32> = Naive::new(&code).take(1 << 12).collect();
        let fast: Vec<u32> = RareCommon::new(&code).unwrap().take(1 << 12).collect();
        prop_assert_eq!(&naive, &fast, "{}", code);
        for threads in [2, 3] {
            let paired = Paired::new(&code).unwrap().with_threads(threads).threads_from(0);
            let many: Vec<u32> = paired.take(1 << 12).collect();
            prop_assert_eq!(&naive, &many, "{} on {} threads", code, threads);
        }
    }
}

#[test]
fn many_threads_give_the_one_thread_values_and_resume_from_any_prefix() {
    // Officers leaves one heap of n - 1 (the value received from the other thread, used after
    // the scan); 0.16 and 0.137 need G(n - 1) only to keep the copies in step; 0.106 uses the
    // position-parity split.
    for text in ["0.6", "0.16", "0.137", "0.106", "0.77", "4.7"] {
        let Game::Octal(code) = parse_game(text).unwrap() else {
            panic!("{text} is a code")
        };
        let one: Vec<u32> = RareCommon::new(&code).unwrap().take(20_000).collect();
        for threads in [2, 3, 4] {
            let many: Vec<u32> = Paired::new(&code)
                .unwrap()
                .with_threads(threads)
                .threads_from(0)
                .take(20_000)
                .collect();
            assert_eq!(one, many, "{text} on {threads} threads");
        }
        for cut in [1, 2, 1001, 4096, 4097] {
            let resumed = Paired::resume(&code, one[..cut].to_vec())
                .unwrap()
                .with_threads(3)
                .threads_from(0);
            let rest: Vec<u32> = resumed.take(20_000 - cut).collect();
            assert_eq!(rest, one[cut..], "{text} resumed at {cut}");
        }
    }
}

/// Kayles by its rules: a row of pins; a move knocks down one pin or two adjacent ones.
fn kayles_options(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for take in 1..=2.min(n) {
        for left in 0..=n - take {
            let right = n - take - left;
            out.push([left, right].into_iter().filter(|&h| h > 0).collect());
        }
    }
    out
}

/// Grundy value of a position of Kayles rows (plus an optional Nim heap), by brute force.
fn brute(rows: &[usize], heap: usize, memo: &mut HashMap<(Vec<usize>, usize), u32>) -> u32 {
    let mut key = rows.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&(key.clone(), heap)) {
        return v;
    }
    let mut options = Vec::new();
    for i in 0..rows.len() {
        for parts in kayles_options(rows[i]) {
            let mut next: Vec<usize> = rows[..i].to_vec();
            next.extend(parts);
            next.extend(&rows[i + 1..]);
            options.push(brute(&next, heap, memo));
        }
    }
    for h in 0..heap {
        options.push(brute(rows, h, memo));
    }
    let value = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert((key, heap), value);
    value
}

#[test]
fn kayles_positions_and_sums_match_brute_force() {
    let analyzer = Analyzer::new(one_thread());
    let kayles = parse_game("0.77").unwrap();
    let mut memo = HashMap::new();
    for a in 0..9usize {
        for b in 0..7usize {
            let rows: Vec<usize> = [a, b].into_iter().filter(|&h| h > 0).collect();
            let text = if rows.is_empty() {
                "0".to_owned()
            } else {
                rows.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let solution = analyzer
                .solve(&kayles, &kayles.parse_position(&text).unwrap())
                .unwrap();
            let expected = brute(&rows, 0, &mut memo);
            assert_eq!(solution.grundy, Some(BigUint::from(expected)), "{text}");
            // Every winning move leads to a position of value 0, and there are as many as brute force finds.
            let canonical = |mut heaps: Vec<usize>| {
                heaps.retain(|&h| h > 0);
                heaps.sort_unstable();
                heaps
            };
            let mut expected_moves = std::collections::BTreeSet::new();
            for i in 0..rows.len() {
                for parts in kayles_options(rows[i]) {
                    let mut next: Vec<usize> = rows[..i].to_vec();
                    next.extend(parts);
                    next.extend(&rows[i + 1..]);
                    if brute(&next, 0, &mut memo) == 0 {
                        expected_moves.insert(canonical(next));
                    }
                }
            }
            let got: std::collections::BTreeSet<Vec<usize>> = solution
                .winning_moves
                .iter()
                .map(|m| {
                    let Target::Whole(Position::Heaps(after)) = &m.to else {
                        panic!("a small position's move leaves every heap: {:?}", m.to)
                    };
                    canonical(after.iter().map(|h| usize::try_from(h).unwrap()).collect())
                })
                .collect();
            assert_eq!(got, expected_moves, "{text}");
            // As a component of a sum with a Nim heap.
            if rows.len() == 1 {
                let sum = parse_game(&format!("0.77[{}] + nim[3]", rows[0])).unwrap();
                let solution = analyzer.solve(&sum, &Position::Sum).unwrap();
                let expected = brute(&rows, 3, &mut memo);
                assert_eq!(
                    solution.grundy,
                    Some(BigUint::from(expected)),
                    "0.77[{}] + nim[3]",
                    rows[0]
                );
                assert_eq!(solution.outcome == Outcome::Lose, expected == 0);
            }
        }
    }
}

#[test]
fn huge_kayles_heaps_have_exact_winning_splits() {
    // Heaps beyond 2^64: every listed move, and one member of every residue class of splits, must
    // leave xor 0 by the certified period, checked against values computed by the naive engine.
    let analyzer = Analyzer::new(one_thread());
    let kayles = parse_game("0.77").unwrap();
    let values: Vec<u32> = Naive::new(&code(0, &[7, 7]).unwrap()).take(400).collect();
    let g = |n: &BigUint| -> u32 {
        let n = if n < &BigUint::from(400u32) {
            n.clone()
        } else {
            BigUint::from(71u32) + (n - 71u32) % 12u32 + 12u32 * 20u32
        };
        values[usize::try_from(&n).unwrap()]
    };
    for heap in [
        "10^30",
        "1000000000000000000000000000001",
        "1267650600228229401496703205376",
    ] {
        let position = kayles.parse_position(heap).unwrap();
        let solution = analyzer.solve(&kayles, &position).unwrap();
        let Position::Heaps(heaps) = &position else {
            unreachable!()
        };
        assert_eq!(solution.grundy, Some(BigUint::from(g(&heaps[0]))));
        for m in &solution.winning_moves {
            let text = description(&kayles, m);
            match (&m.action, &m.to) {
                (Action::SplitClass(class), _) => {
                    // "… for every a ≡ R (mod 12), 71 ≤ a ≤ …": test a = R.
                    let a = BigUint::from(class.residue);
                    let total = &class.rest;
                    assert_eq!(&heaps[0] - class.take, *total, "{text}");
                    assert_eq!(g(&a) ^ g(&(total - &a)), 0, "{text}");
                }
                (_, Target::Whole(Position::Heaps(after))) => {
                    let xor = after.iter().map(g).fold(0, |x, v| x ^ v);
                    assert_eq!(xor, 0, "{text}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}

#[test]
fn regressions() {
    // No certificate with n0 = 0 for splitting games: the checker refuses it.
    let values: Vec<u32> = Naive::new(&code(0, &[7, 7]).unwrap()).take(400).collect();
    let certificate = grundy::period::certify_guy_smith(&values, 2, 2).unwrap();
    // Certificates cannot be edited: the same claim with n0 = 0 goes through the checker.
    let p = certificate.periodicity();
    let zero_preperiod = grundy::period::Certificate::from_values(
        0,
        p.period(),
        certificate.theorem(),
        certificate.checked_to(),
        values[..].into(),
    );
    assert_eq!(
        zero_preperiod,
        Err(grundy::period::CertificateError::ZeroPreperiod)
    );
    // Splits above heap 46 341 (CGSuite overflowed at 92 679) are enumerated exactly.
    let analyzer = Analyzer::new(one_thread());
    let kayles = parse_game("0.77").unwrap();
    let solution = analyzer
        .solve(&kayles, &kayles.parse_position("92680").unwrap())
        .unwrap();
    let expected = values[71 + (92680 - 71) % 12];
    assert_eq!(solution.grundy, Some(BigUint::from(expected)));
    // Codes without a theorem say so.
    let report = analyzer.period(&parse_game("4!.0").unwrap()).unwrap();
    assert!(report.search.certificate().is_none());
}

#[test]
fn a_forced_engine_that_does_not_apply_is_a_setting_error() {
    let kayles = parse_game("0.77").unwrap();
    let three_heaps = parse_game("hex:0.F").unwrap();
    for (engine, game) in [
        (TakeAndBreakEngine::Tail, &kayles),
        (TakeAndBreakEngine::RareCommon, &three_heaps),
        (TakeAndBreakEngine::Paired, &three_heaps),
    ] {
        let analyzer = Analyzer::new(one_thread().with_take_and_break_engine(engine));
        let position = game.parse_position("10").unwrap();
        for error in [
            analyzer.period(game).unwrap_err(),
            analyzer.solve(game, &position).unwrap_err(),
        ] {
            let grundy::Error::Setting(grundy::SettingError::EngineNotApplicable {
                engine: refused,
                code,
            }) = &error
            else {
                panic!("{engine} on {game}: {error}")
            };
            assert_eq!(
                (*refused, code.as_str()),
                (engine, game.to_string().as_str())
            );
        }
    }
    // The automatic choice, and the naive engine, apply to every code.
    for engine in [TakeAndBreakEngine::Automatic, TakeAndBreakEngine::Naive] {
        let config = one_thread().with_take_and_break_engine(engine);
        let analyzer = Analyzer::new(config.with_max_values(300).unwrap());
        assert!(analyzer.period(&three_heaps).is_ok(), "{engine}");
    }
}

/// The default configuration on one thread, so that the take-and-break engine chosen (and so the
/// coverage) does not depend on the machine's cores.
fn one_thread() -> Config {
    Config::default()
        .with_threads(1)
        .expect("one thread is a valid count")
}
