//! Take-and-break codes with `!` and `?` (two heaps that must differ): the rare/common engine,
//! on one thread and on two, against the naive engine on every such code of up to three digits
//! after the point; Grundy's game `4!.0` against its published values, sparse heaps and
//! P-positions (`testdata/grundys-game.json`); and the engine choice for such codes.

use grundy::octal::{Code, Modifier, Naive, Paired, RareCommon, TakeAndBreakEngine};
use grundy::{Game, parse_game};
use serde::Deserialize;

/// Every digit a code's digit may be, with the modifiers given: `!` and `?` only mean something
/// on a digit that splits into two heaps (bit 4); elsewhere they are the plain digit.
fn digits(modifiers: &[Modifier]) -> Vec<(u8, Modifier)> {
    let mut all = Vec::new();
    for d in 0..8u8 {
        all.push((d, Modifier::None));
        if d & 4 != 0 {
            all.extend(modifiers.iter().map(|&m| (d, m)));
        }
    }
    all
}

/// Every code `d0.d1 … dk` with `length` digits after the point (the last not 0) and at least one
/// of `modifiers` on a splitting digit: `d0` is `0`, `4` or `4` with a modifier (its other bits
/// mean nothing), `d1 … dk` any octal digit.
fn modified_codes(length: usize, modifiers: &[Modifier]) -> Vec<Code> {
    let mut firsts = vec![(0, Modifier::None), (4, Modifier::None)];
    firsts.extend(modifiers.iter().map(|&m| (4, m)));
    let digits = digits(modifiers);
    let mut codes = Vec::new();
    for &first in &firsts {
        let mut choice = vec![0usize; length];
        loop {
            let mut all = vec![first];
            all.extend(choice.iter().map(|&i| digits[i]));
            let last_is_zero = length > 1 && all.last().is_some_and(|&(d, _)| d == 0);
            let modified = all.iter().any(|&(_, m)| m != Modifier::None);
            if modified && !last_is_zero {
                codes.push(Code::new(all, Vec::new()).expect("a valid code"));
            }
            // The next choice, counting in base `digits.len()`.
            let Some(i) = choice.iter().rposition(|&i| i + 1 < digits.len()) else {
                break;
            };
            choice[i] += 1;
            for later in &mut choice[i + 1..] {
                *later = 0;
            }
        }
    }
    codes
}

/// Checks the rare/common engine against the naive one on `code` to `values` values, and the
/// pipeline on two and three threads (all from the first heap) to `paired` values.
fn cross_check(code: &Code, values: usize, paired: usize) {
    assert!(RareCommon::applies(code), "{code}");
    let naive: Vec<u32> = Naive::new(code).take(values).collect();
    let fast: Vec<u32> = RareCommon::new(code).unwrap().take(values).collect();
    assert_eq!(naive, fast, "{code}");
    for threads in [2, 3] {
        if paired > 0 {
            let many: Vec<u32> = Paired::new(code)
                .unwrap()
                .with_threads(threads)
                .threads_from(0)
                .take(paired)
                .collect();
            assert_eq!(naive[..paired], many, "{code} on {threads} threads");
        }
    }
}

#[test]
fn every_modified_code_of_up_to_two_digits_after_the_point_to_2_to_the_12() {
    // `!` and `?` on every splitting digit, d0 included: 896 codes, 2^12 values each on one
    // thread, 2^8 on two (the pipeline hands every value over between threads, some 0.2 ms a
    // value in the debug build on two busy cores; it evaluates each heap with the one-thread
    // code, and Grundy's game runs on it to 2^15 below).
    let both = [Modifier::Unequal, Modifier::NotAllEqual];
    let codes: Vec<Code> = (1..=2).flat_map(|k| modified_codes(k, &both)).collect();
    assert_eq!(codes.len(), 896);
    for code in &codes {
        cross_check(code, 1 << 12, 1 << 8);
    }
}

#[test]
fn every_code_with_unequal_splits_and_three_digits_after_the_point_to_2_to_the_10() {
    // 3 856 codes `d0.d1 d2 d3` with `!`: 2^10 values each (2^12 for all 14 464 codes with `!`
    // or `?` would take minutes in the debug build). On two heaps `?` and `!` are one rule (the
    // heaps differ), which the test above checks on every shorter code and the engines read as
    // one (`TwoHeaps::new`); the codes with `?` and three digits are sampled: every 16th.
    let codes = modified_codes(3, &[Modifier::Unequal]);
    assert_eq!(codes.len(), 3856);
    for code in &codes {
        cross_check(code, 1 << 10, 0);
    }
    let both = modified_codes(3, &[Modifier::Unequal, Modifier::NotAllEqual]);
    for code in both.iter().step_by(16) {
        cross_check(code, 1 << 10, 0);
    }
}

#[test]
fn three_heap_splits_with_modifiers_stay_on_the_naive_engine() {
    for text in ["hex:8!.0", "hex:C?.0", "hex:0.4!8", "hex:0.F!"] {
        let Ok(Game::Octal(code)) = parse_game(text) else {
            panic!("{text} is a code")
        };
        assert!(!RareCommon::applies(&code), "{text}");
        assert_eq!(
            TakeAndBreakEngine::Automatic.chosen_for(&code, 2),
            Ok(TakeAndBreakEngine::Naive),
            "{text}"
        );
        assert!(TakeAndBreakEngine::Paired.chosen_for(&code, 2).is_err());
    }
    // Two-heap codes with modifiers, hexadecimal spelling included, get the sparse engines.
    for text in ["4!.0", "4?.0", "0.4!", "hex:0.7!", "0.05?6", "4!.5!6?"] {
        let Ok(Game::Octal(code)) = parse_game(text) else {
            panic!("{text} is a code")
        };
        assert_eq!(
            TakeAndBreakEngine::Automatic.chosen_for(&code, 1),
            Ok(TakeAndBreakEngine::RareCommon),
            "{text}"
        );
        assert_eq!(
            TakeAndBreakEngine::Automatic.chosen_for(&code, 2),
            Ok(TakeAndBreakEngine::Paired),
            "{text}"
        );
    }
}

#[derive(Deserialize)]
struct GrundysGame {
    code: String,
    values_source: String,
    values: Vec<u32>,
    sparse_source: String,
    sparse_mask: u32,
    sparse_below: u32,
    sparse: Vec<(u32, u32)>,
    p_positions_source: String,
    p_positions: Vec<u32>,
}

fn grundys_game() -> GrundysGame {
    let path = format!(
        "{}/../../testdata/grundys-game.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn grundys_game_has_its_published_values_sparse_heaps_and_p_positions() {
    let known = grundys_game();
    let Ok(Game::Octal(code)) = parse_game(&known.code) else {
        panic!("{} is a code", known.code)
    };
    // The values (OEIS A002188) on both engines.
    let naive: Vec<u32> = Naive::new(&code).take(known.values.len()).collect();
    assert_eq!(naive, known.values, "{}", known.values_source);
    // 2^16 values: the P-positions below (the last is 1 222, far below) and the sparse heaps.
    let mut engine = RareCommon::new(&code).unwrap();
    let values: Vec<u32> = engine.by_ref().take(1 << 16).collect();
    assert_eq!(values[..known.values.len()], known.values);
    let p_positions: Vec<u32> = (0..)
        .zip(&values)
        .filter(|&(_, &v)| v == 0)
        .map(|(n, _)| n)
        .collect();
    assert_eq!(
        p_positions, known.p_positions,
        "{}",
        known.p_positions_source
    );
    let parity = |v: u32| (v & known.sparse_mask).count_ones() % 2;
    let sparse: Vec<(u32, u32)> = (0..known.sparse_below)
        .zip(&values)
        .filter(|&(_, &v)| parity(v) == 0)
        .map(|(n, &v)| (n, v))
        .collect();
    assert_eq!(sparse, known.sparse, "{}", known.sparse_source);
    // The engine finds the published mask itself (its histograms' Walsh–Hadamard transform), and
    // with it few rare heaps: the published sparse set is rare for it.
    let split = engine.split();
    assert_eq!(split.mask(), known.sparse_mask);
    assert!(!split.by_position());
    let rare = (0..)
        .zip(&values)
        .filter(|&(n, &v)| n > 0 && split.is_rare(n, v))
        .count();
    assert_eq!(engine.rare_heaps(), rare);
    assert!(rare < 1300, "{rare}");
}

#[test]
fn a_resumed_and_a_many_thread_grundys_game_give_the_one_thread_values() {
    let Ok(Game::Octal(code)) = parse_game("4!.0") else {
        panic!("a code")
    };
    let one: Vec<u32> = RareCommon::new(&code).unwrap().take(1 << 15).collect();
    for threads in [2, 3, 4] {
        let many: Vec<u32> = Paired::new(&code)
            .unwrap()
            .with_threads(threads)
            .threads_from(0)
            .take(1 << 15)
            .collect();
        assert_eq!(one, many, "{threads} threads");
    }
    for cut in [3, 100, 5000] {
        let resumed = RareCommon::resume(&code, one[..cut].to_vec()).unwrap();
        let rest: Vec<u32> = resumed.take((1 << 15) - cut).collect();
        assert_eq!(rest, one[cut..], "from {cut}");
    }
}
