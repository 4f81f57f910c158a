//! Subtraction sets with amounts far beyond any table (`{1, 2, k}` with `k` up to `2^64 − 1`, and
//! sets the residue theorem covers), checked against a brute force written here from the rules:
//! the mex of the options' values, on every small heap of every small `k`; and, where no table
//! reaches, the rule of play itself — each answer must be the mex of the answers at its options —
//! at heaps around every multiple of `k + 1` up to `2^70`.

use std::collections::BTreeSet;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use grundy::games::norepeat::NoRepeatGame;
use grundy::oddball::OddballGame;
use grundy::subtraction::{FiniteSet, SetError};
use grundy::{Analyzer, Config, Limit, Outcome, Position, Remedy, Target, parse_game};

/// The mex of a set of values.
fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).expect("a mex")
}

/// The values of the subtraction game on `set` for heaps `0..count`, each the mex of its options.
fn brute_values(set: &[u64], count: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(count);
    for n in 0..count as u64 {
        let options = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| values[(n - s) as usize]);
        values.push(mex(options));
    }
    values
}

/// The heaps the winning moves leave, ascending.
fn left(solution: &grundy::Solution) -> Vec<BigUint> {
    let mut heaps: Vec<BigUint> = solution
        .winning_moves
        .iter()
        .map(|m| match &m.to {
            Target::Whole(Position::Heaps(heaps)) => heaps[0].clone(),
            other => panic!("a heap, not {other:?}"),
        })
        .collect();
    heaps.sort();
    heaps
}

#[test]
fn one_two_k_agrees_with_the_mex_on_every_small_heap() {
    let analyzer = Analyzer::new(Config::default());
    for k in 3..=45u64 {
        let set = [1, 2, k];
        let count = (5 * (k + 1)) as usize;
        let values = brute_values(&set, count);
        let game = parse_game(&format!("subtraction:1,2,{k}")).expect("a spec");
        for n in 0..count as u64 {
            let solution = analyzer
                .solve(&game, &Position::Heaps(vec![n.into()]))
                .expect("solved");
            let value = values[n as usize];
            assert_eq!(solution.grundy, Some(value.into()), "k = {k}, n = {n}");
            assert_eq!(
                solution.outcome == Outcome::Lose,
                value == 0,
                "k = {k}, n = {n}"
            );
            let winning: Vec<BigUint> = set
                .iter()
                .filter(|&&s| s <= n && values[(n - s) as usize] == 0)
                .map(|&s| BigUint::from(n - s))
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            assert_eq!(left(&solution), winning, "k = {k}, n = {n}");
        }
    }
}

/// Heaps around every multiple of `k + 1` (for `k + 1 <= 2^64`) up to about `2^70`: the
/// boundaries where the `{1, 2, k}` values change pattern.
fn probes(k: u64) -> Vec<BigUint> {
    let period = BigUint::from(k) + 1u32;
    let mut heaps = Vec::new();
    for q in [0u64, 1, 2, 3, 7, 64, 1 << 20, 1 << 40, (1 << 6) - 1] {
        let base = &period * q;
        for offset in [0u64, 1, 2, 3, 4, 5] {
            heaps.push(&base + offset);
            if base > BigUint::from(offset) {
                heaps.push(&base - offset);
            }
        }
    }
    heaps.sort();
    heaps.dedup();
    heaps
}

/// Checks at each probe heap that the answer is the mex of the answers at its options, and that
/// the winning moves are the options worth 0.
fn check_rule_of_play(spec: &str, set: &[u64]) {
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game(spec).expect("a spec");
    let value = |heap: &BigUint| {
        analyzer
            .solve(&game, &Position::Heaps(vec![heap.clone()]))
            .expect("solved")
    };
    let k = *set.last().expect("amounts");
    for heap in probes(k) {
        let solution = value(&heap);
        let options: Vec<BigUint> = set
            .iter()
            .filter(|&&s| BigUint::from(s) <= heap)
            .map(|&s| &heap - s)
            .collect();
        let option_values: Vec<u64> = options
            .iter()
            .map(|option| {
                value(option)
                    .grundy
                    .and_then(|g| g.to_u64())
                    .expect("a small value")
            })
            .collect();
        let expected = mex(option_values.iter().copied());
        assert_eq!(solution.grundy, Some(expected.into()), "{spec} at {heap}");
        let mut winning: Vec<BigUint> = options
            .iter()
            .zip(&option_values)
            .filter(|(_, v)| **v == 0)
            .map(|(o, _)| o.clone())
            .collect();
        winning.sort();
        winning.dedup();
        assert_eq!(left(&solution), winning, "{spec} at {heap}");
    }
}

#[test]
fn huge_amounts_answer_by_the_rule_of_play() {
    // 3 | k: the {1, 2, k} theorem, up to k = 2^64 − 1 (whose period 2^64 overflows a u64).
    for k in [999_999_999_999_999_999u64, 30_000_000_000, u64::MAX] {
        check_rule_of_play(&format!("subtraction:1,2,{k}"), &[1, 2, k]);
    }
    // 3 ∤ k: the residue theorem (period 3); and {1, 3, odd} with period 2.
    check_rule_of_play(
        "subtraction:1,2,1000000000000000000",
        &[1, 2, 1_000_000_000_000_000_000],
    );
    check_rule_of_play("subtraction:1,3,18446744073709551615", &[1, 3, u64::MAX]);
}

#[test]
fn the_contest_example_is_exact() {
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("subtraction:1,2,10^18").expect("a spec");
    let heap = BigUint::from(999_999_999_999_999_999u64);
    let solution = analyzer
        .solve(&game, &Position::Heaps(vec![heap]))
        .expect("solved");
    // 10^18 ≡ 1 (mod 3): G(n) = n mod 3, and 10^18 − 1 is a multiple of 3.
    assert_eq!(solution.outcome, Outcome::Lose);
    assert_eq!(solution.grundy, Some(0u32.into()));
}

#[test]
fn large_amounts_without_a_theorem_are_refused_where_written() {
    for (spec, large) in [
        ("subtraction:1,4,100000000000", "100000000000"),
        ("subtraction:1,2,3,5,10^12", "10^12"),
        ("subtraction:2,18446744073709551615", "18446744073709551615"),
    ] {
        let error = parse_game(spec).expect_err(spec);
        let start = spec.find(large).expect("the amount");
        assert_eq!(error.span, start..start + large.len(), "{spec}");
        assert!(error.message.contains("need a theorem"), "{spec}: {error}");
    }
    // Beyond 2^64 − 1, and large range ends, stay errors of size.
    for spec in [
        "subtraction:1,2,18446744073709551616",
        "subtraction:1..100000000000",
    ] {
        let error = parse_game(spec).expect_err(spec);
        assert!(error.message.contains("too large"), "{spec}: {error}");
    }
    // Families that tabulate their amounts keep the table's limit.
    for spec in ["norepeat:1,2,30000000000", "allbut:30000000000"] {
        let error = parse_game(spec).expect_err(spec);
        assert!(error.message.contains("too large"), "{spec}: {error}");
    }
    // And so do their constructors in the library, for a set that holds a huge amount.
    let huge = FiniteSet::new([1, 2, u64::MAX]).expect("the {1, 2, k} theorem");
    assert_eq!(
        OddballGame::new(huge.clone()).err(),
        Some(SetError::TooLarge(u64::MAX))
    );
    assert_eq!(
        NoRepeatGame::new(huge).err(),
        Some(SetError::TooLarge(u64::MAX))
    );
}

#[test]
fn misere_play_of_a_huge_set_reads_values_and_says_what_a_certificate_needs() {
    // Misère play has no theorem here: heaps below k play as misère {1, 2}, lost at n ≡ 1
    // (mod 3); far heaps need a certificate of more than 2^65 values, which no limit allows.
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("misere:subtraction:1,2,18446744073709551615").expect("a spec");
    for n in 0..200u32 {
        let solution = analyzer
            .solve(&game, &Position::Heaps(vec![n.into()]))
            .expect("solved");
        assert_eq!(solution.outcome == Outcome::Lose, n % 3 == 1, "heap {n}");
    }
    let far = Position::Heaps(vec![BigUint::from(10u32).pow(13)]);
    let error = analyzer.solve(&game, &far).expect_err("beyond the limit");
    let needed = (BigUint::from(u64::MAX) << 1u32) + 1u32;
    assert_eq!(
        error.remedy(),
        Some(Remedy::RaiseLimit {
            limit: Limit::Values,
            needed: Some(needed)
        }),
        "{error}"
    );
}
