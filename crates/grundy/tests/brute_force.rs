//! 对拍: every fast path against a brute-force evaluation written here from the rules alone.

use std::collections::BTreeSet;

use grundy::engine::{Play, Values};
use grundy::period::Search;
use grundy::subtraction::{AllButSet, Family, FiniteSet, SubtractionSet};
use grundy::{Action, Analyzer, Config, Engine, Outcome, Position, Target, parse_game};
use num_bigint::BigUint;
use proptest::prelude::*;

/// `G(0..len)` straight from the rules: `G(n) = mex{G(n - s) : s legal, s <= n}`.
fn brute(legal: impl Fn(u64) -> bool, len: usize) -> Vec<u64> {
    brute_bounded(legal, u64::MAX, len)
}

/// As [`brute`], for sets with no amount above `largest`.
fn brute_bounded(legal: impl Fn(u64) -> bool, largest: u64, len: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let options: BTreeSet<u64> = (1..=n.min(largest as usize))
            .filter(|&s| legal(s as u64))
            .map(|s| values[n - s])
            .collect();
        values.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    values
}

fn engine_values(set: &SubtractionSet, engine: Engine, len: usize) -> Vec<u64> {
    Values::new(set, engine, Play::Normal)
        .take(len)
        .map(u64::from)
        .collect()
}

fn finite_set() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::btree_set(1u64..=15, 1..=5).prop_map(|set| set.into_iter().collect())
}

fn spec(prefix: &str, amounts: &[u64]) -> String {
    let list: Vec<String> = amounts.iter().map(ToString::to_string).collect();
    format!("{prefix}:{}", list.join(","))
}

fn heap(n: impl Into<BigUint>) -> Position {
    Position::Heap(n.into())
}

/// The amounts taken by a one-heap solution's winning moves ("take 3" → 3).
fn takes(solution: &grundy::Solution) -> Vec<BigUint> {
    solution
        .winning_moves
        .iter()
        .map(|m| match &m.action {
            Action::Take { amount } => amount.clone(),
            other => panic!("a one-heap move: {other:?}"),
        })
        .collect()
}

/// Checks a solution against brute-force values: outcome, Grundy value, and that the winning
/// moves are exactly the legal moves to a P-position.
fn check_solution(game: &str, n: usize, values: &[u64], legal: impl Fn(u64) -> bool) {
    let solution = Analyzer::new(one_thread())
        .solve(&parse_game(game).unwrap(), &heap(n))
        .unwrap();
    assert_eq!(
        solution.grundy,
        Some(BigUint::from(values[n])),
        "{game} at {n}"
    );
    assert_eq!(
        solution.outcome == Outcome::Lose,
        values[n] == 0,
        "{game} at {n}"
    );
    let expected: Vec<BigUint> = (1..=n)
        .filter(|&s| legal(s as u64) && values[n - s] == 0)
        .map(BigUint::from)
        .collect();
    let got = takes(&solution);
    assert_eq!(got, expected, "{game} at {n}: winning moves");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]


    #[test]
    fn finite_engines_match_brute_force(amounts in finite_set()) {
        let set = SubtractionSet::Finite(FiniteSet::new(amounts.clone()).unwrap());
        let expected = brute(|s| amounts.contains(&s), 300);
        for engine in Engine::ALL {
            prop_assert_eq!(&engine_values(&set, engine, 300), &expected);
        }
    }

    #[test]
    fn finite_certificates_hold_far_beyond_their_range(amounts in finite_set()) {
        let game = parse_game(&spec("subtraction", &amounts)).unwrap();
        let report = Analyzer::new(one_thread()).period(&game).unwrap();
        let certificate = report.search.certificate().expect("finite sets are periodic").clone();
        let p = certificate.periodicity();
        let far = (certificate.checked_to() as usize * 3 + 5 * p.period() as usize).min(20_000);
        let values = brute_bounded(|s| amounts.contains(&s), 15, far);
        let as_u32: Vec<u32> = values.iter().map(|&v| v as u32).collect();
        prop_assert!(certificate.verify(&as_u32).is_ok());
        for (n, &v) in values.iter().enumerate() {
            prop_assert_eq!(p.value_at(&BigUint::from(n)), BigUint::from(v), "n = {}", n);
        }
        // Least period and preperiod: nothing smaller fits the brute-force values.
        let fits = |n0: usize, q: usize| (n0..far - q).all(|n| values[n + q] == values[n]);
        prop_assert!(!(1..p.period() as usize).any(|q| fits(p.preperiod() as usize, q) && fits(far / 2, q)));
        prop_assert!(p.preperiod() == 0 || !fits(p.preperiod() as usize - 1, p.period() as usize));
    }

    #[test]
    fn finite_solutions_match_brute_force(amounts in finite_set(), n in 0usize..2000) {
        let values = brute_bounded(|s| amounts.contains(&s), 15, n + 1);
        check_solution(&spec("subtraction", &amounts), n, &values, |s| amounts.contains(&s));
    }

    #[test]
    fn huge_heaps_follow_the_verified_period(amounts in finite_set(), huge in any::<u128>()) {
        // An independent exact path: u128 arithmetic on a period verified by brute force.
        let game = parse_game(&spec("subtraction", &amounts)).unwrap();
        let report = Analyzer::new(one_thread()).period(&game).unwrap();
        let p = report.search.certificate().unwrap().periodicity().clone();
        let values = brute_bounded(|s| amounts.contains(&s), 15, (p.preperiod() + p.period()) as usize);
        let (n0, period) = (u128::from(p.preperiod()), u128::from(p.period()));
        let index = if huge < n0 { huge } else { n0 + (huge - n0) % period };
        let expected = values[index as usize];
        let solution = Analyzer::new(one_thread()).solve(&game, &heap(huge)).unwrap();
        prop_assert_eq!(solution.grundy, Some(BigUint::from(expected)));
        for m in &solution.winning_moves {
            let Target::Whole(Position::Heap(to)) = &m.to else {
                panic!("a one-heap move leaves a heap: {:?}", m.to)
            };
            let to = u128::try_from(to).unwrap();
            let to_index = if to < n0 { to } else { n0 + (to - n0) % period };
            prop_assert_eq!(values[to_index as usize], 0);
        }
    }

    #[test]
    fn all_but_engines_and_certificates_match_brute_force(
        excluded in prop::collection::btree_set(1u64..=10, 1..=3)
    ) {
        let excluded: Vec<u64> = excluded.into_iter().collect();
        let legal = |s: u64| !excluded.contains(&s);
        let set = SubtractionSet::AllBut(AllButSet::new(excluded.clone()).unwrap());
        let expected = brute(legal, 300);
        for engine in Engine::ALL {
            prop_assert_eq!(&engine_values(&set, engine, 300), &expected);
        }
        let game = parse_game(&spec("allbut", &excluded)).unwrap();
        let report = Analyzer::new(one_thread()).period(&game).unwrap();
        let certificate = report.search.certificate().expect("all-but sets here certify").clone();
        let far = (certificate.checked_to() as usize * 2).clamp(600, 1500);
        let values = brute(legal, far);
        let as_u32: Vec<u32> = values.iter().map(|&v| v as u32).collect();
        prop_assert!(certificate.verify(&as_u32).is_ok());
        for (n, &v) in values.iter().enumerate() {
            prop_assert_eq!(certificate.periodicity().value_at(&BigUint::from(n)), BigUint::from(v), "n = {}", n);
        }
        let n = 300;
        check_solution(&spec("allbut", &excluded), n, &values, legal);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn misere_certificates_hold_far_beyond_their_range(
        excluded in prop::collection::btree_set(1u64..=8, 1..=3),
        finite in finite_set(),
    ) {
        // Misère values: a heap with no move is worth 1, then the mex recursion.
        let misere = |legal: &dyn Fn(u64) -> bool, len: usize| -> Vec<u64> {
            let mut values: Vec<u64> = Vec::with_capacity(len);
            for n in 0..len {
                let options: BTreeSet<u64> = (1..=n).filter(|&s| legal(s as u64)).map(|s| values[n - s]).collect();
                let terminal = !(1..=n).any(|s| legal(s as u64));
                values.push(if terminal { 1 } else { (0..).find(|v| !options.contains(v)).unwrap() });
            }
            values
        };
        let excluded: Vec<u64> = excluded.into_iter().collect();
        for (spec, legal) in [
            (format!("misere:{}", spec("allbut", &excluded)), Box::new(|s: u64| !excluded.contains(&s)) as Box<dyn Fn(u64) -> bool>),
            (format!("misere:{}", spec("subtraction", &finite)), Box::new(|s: u64| finite.contains(&s))),
        ] {
            let report = Analyzer::new(one_thread()).period(&parse_game(&spec).unwrap()).unwrap();
            let certificate = report.search.certificate().expect("certified").clone();
            let far = (certificate.checked_to() as usize * 2).clamp(600, 1500);
            let values = misere(&legal, far);
            let as_u32: Vec<u32> = values.iter().map(|&v| v as u32).collect();
            prop_assert!(certificate.verify(&as_u32).is_ok(), "{}", spec);
            for (n, &v) in values.iter().enumerate() {
                prop_assert_eq!(certificate.periodicity().value_at(&BigUint::from(n)), BigUint::from(v), "{} at {}", spec, n);
            }
        }
    }
}

#[test]
fn every_small_all_but_set_certifies_and_its_certificate_holds() {
    // All 511 non-empty X ⊆ {1..9}; predictions checked well past the certified range with the
    // counting engine (itself checked against brute force above).
    for mask in 1u32..512 {
        let excluded: Vec<u64> = (1..=9).filter(|i| mask & (1 << (i - 1)) != 0).collect();
        let game = parse_game(&spec("allbut", &excluded)).unwrap();
        let report = Analyzer::new(one_thread()).period(&game).unwrap();
        let Search::Certified(certificate) = &report.search else {
            panic!("{game}: {:?}", report.search);
        };
        let set = SubtractionSet::AllBut(AllButSet::new(excluded.clone()).unwrap());
        let far = (certificate.checked_to() as usize * 8).max(4000);
        let values: Vec<u32> = Values::new(&set, Engine::Streaming, Play::Normal)
            .take(far)
            .collect();
        certificate.verify(&values).unwrap();
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(
                certificate.periodicity().value_at(&BigUint::from(n)),
                BigUint::from(v),
                "{game} at {n}"
            );
        }
    }
}

#[test]
fn two_element_sets_have_period_x_plus_y_or_2x() {
    // Benesh et al., INTEGERS 20 (2020), via docs/theory.md §4.
    let analyzer = Analyzer::new(one_thread());
    for y in 2..=40u64 {
        for x in 1..y {
            let report = analyzer
                .period(&parse_game(&format!("subtraction:{x},{y}")).unwrap())
                .unwrap();
            let period = report.search.certificate().unwrap().periodicity().period();
            assert!(
                period == x + y || period == 2 * x,
                "{{{x}, {y}}}: period {period}"
            );
        }
    }
}

#[test]
fn families_match_brute_force() {
    for family in Family::ALL {
        let set = SubtractionSet::Family(family);
        let expected = brute(|s| family_member(family, s), 600);
        for engine in Engine::ALL {
            assert_eq!(engine_values(&set, engine, 600), expected, "{family:?}");
        }
        let spec = format!("subtraction:{}", family.name());
        for n in [0, 1, 7, 100, 599] {
            check_solution(&spec, n, &expected, |s| family_member(family, s));
        }
    }
}

/// Membership written independently of the library.
fn family_member(family: Family, s: u64) -> bool {
    match family {
        Family::Fibonacci => {
            let mut fib = vec![1u64, 2];
            while *fib.last().unwrap() < s {
                fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
            }
            fib.contains(&s)
        }
        Family::Squares => (1..=s).any(|r| r * r == s),
        Family::PowersOfTwo => (0..64).any(|k| 1u64 << k == s),
        Family::Primes => s >= 2 && (2..s).all(|d| !s.is_multiple_of(d)),
    }
}

#[test]
fn beyond_the_limit_without_a_certificate_is_refused() {
    let analyzer = Analyzer::new(one_thread().with_max_values(1000).unwrap());
    let game = parse_game("subtraction:fibonacci").unwrap();
    let error = analyzer.solve(&game, &heap(5000u32)).unwrap_err();
    assert!(matches!(error, grundy::Error::Refused(_)));
    // The remedy is typed (a front end names its own control): the values of heaps 0 to 5000.
    assert_eq!(
        error.remedy(),
        Some(grundy::Remedy::RaiseLimit {
            limit: grundy::Limit::Values,
            needed: Some(5001u32.into()),
        })
    );
    assert!(
        error.to_string().contains("raise the value limit"),
        "{error}"
    );
    // Within the limit it answers directly.
    assert!(analyzer.solve(&game, &heap(999u32)).is_ok());
    // A finite set whose period needs more values than allowed is refused beyond the computed range.
    let tight = Analyzer::new(one_thread().with_max_values(20).unwrap());
    let error = tight
        .solve(
            &parse_game("subtraction:2,5,7").unwrap(),
            &heap(10u64.pow(12)),
        )
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("no period of subtraction:2,5,7 was certified within the first 20 values"),
        "{error}"
    );
    assert_eq!(
        tight
            .solve(&parse_game("subtraction:2,5,7").unwrap(), &heap(19u32))
            .unwrap()
            .grundy,
        Some(BigUint::from(3u32))
    );
}

#[test]
fn limits_are_checked() {
    assert!(matches!(
        one_thread().with_max_values(0),
        Err(grundy::Error::Setting(_))
    ));
    assert!(matches!(
        one_thread().with_max_values(10u64.pow(12)),
        Err(grundy::Error::Setting(_))
    ));
    let analyzer = Analyzer::new(one_thread());
    let game = parse_game("bash:3").unwrap();
    assert!(matches!(
        analyzer.table(&game, &5u32.into(), &3u32.into()),
        Err(grundy::Error::Setting(_))
    ));
    assert!(matches!(
        analyzer.table(&game, &0u32.into(), &10_000_000u32.into()),
        Err(grundy::Error::Setting(_))
    ));
}

#[test]
fn interrupting_returns_what_was_checked() {
    struct StopAtOnce;
    impl grundy::Observer for StopAtOnce {
        fn interrupted(&self) -> bool {
            true
        }
    }
    let analyzer = Analyzer::new(one_thread()).with_observer(&StopAtOnce);
    // A family computed directly, and a window search where each value examines ~3400 options
    // (pairs of amounts 3i, 3i + 1: runs too short for the sliding window; 1 is not a move, so no
    // residue theorem): both stop at the first check.
    let pairs: Vec<String> = (1..=1700)
        .map(|i| format!("{}..{}", 3 * i, 3 * i + 1))
        .collect();
    let pairs = format!("subtraction:{}", pairs.join(","));
    for (spec, below) in [("subtraction:fibonacci", u64::MAX), (pairs.as_str(), 5000)] {
        let error = analyzer.period(&parse_game(spec).unwrap()).unwrap_err();
        assert!(
            matches!(error, grundy::Error::Interrupted { checked_to, .. } if checked_to > 0 && checked_to < below),
            "{spec}: {error:?}"
        );
    }
}

#[test]
fn bash_m_is_n_mod_m_plus_1() {
    // Bash game (docs/theory.md §4): P iff n mod (m + 1) == 0, the winning move takes
    // n mod (m + 1).
    let analyzer = Analyzer::new(one_thread());
    for m in 1..=30u64 {
        let game = parse_game(&format!("bash:{m}")).unwrap();
        for n in [0u64, 1, m, m + 1, 5 * m + 3, 1_000_000_007] {
            let solution = analyzer.solve(&game, &heap(n)).unwrap();
            let r = n % (m + 1);
            assert_eq!(solution.grundy, Some(BigUint::from(r)), "bash:{m} at {n}");
            let moves = takes(&solution);
            let expected: Vec<BigUint> = if r == 0 {
                vec![]
            } else {
                vec![BigUint::from(r)]
            };
            assert_eq!(moves, expected, "bash:{m} at {n}");
        }
    }
}

/// The default configuration on one thread, so that the take-and-break engine chosen (and so the
/// coverage) does not depend on the machine's cores.
fn one_thread() -> Config {
    Config::default()
        .with_threads(1)
        .expect("one thread is a valid count")
}
