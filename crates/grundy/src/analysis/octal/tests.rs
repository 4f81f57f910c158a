//! The tests of `analysis::octal`.

use num_bigint::BigUint;

use super::{SplitFamily, split_families, split_families_with_saltus};
use crate::analysis::evaluate::Evaluation;
use crate::analysis::{Analyzer, Config};
use crate::engine::Stream;
use crate::engine::octal::{RareCommon, TakeAndBreakEngine};
use crate::games::game::Game;
use crate::input::spec::parse_game;
use crate::theory::period::Search;

#[test]
fn a_promising_period_is_proved_on_a_folded_engine() {
    // 0.127: period 4 from 46 578, proved by 93 167 values. At 65 536 values the period holds
    // over the last 18 954: promising, so the engine folds (unit tests use a 64-value window)
    // and the analysis computes exactly the values that prove it.
    let game = parse_game("0.127").unwrap();
    let Game::Octal(code) = &game else {
        unreachable!("an octal code")
    };
    // Both engines that fold: rare/common on one thread and paired on two.
    for engine in [TakeAndBreakEngine::RareCommon, TakeAndBreakEngine::Paired] {
        let config = Config::default().with_take_and_break_engine(engine);
        let report = Analyzer::new(config).period(&game).unwrap();
        let Search::Certified(certificate) = &report.search else {
            panic!("0.127 is certified by {engine}: {:?}", report.search)
        };
        let p = certificate.periodicity();
        assert_eq!(
            (p.preperiod(), p.period(), certificate.checked_to()),
            (46_578, 4, 93_167),
            "{engine}"
        );
        // Checked again against every value, computed without folding.
        let mut values = RareCommon::new(code).unwrap();
        values.by_ref().take(93_167).for_each(drop);
        certificate.verify(&values.take_computed()).unwrap();
    }
}

#[test]
fn split_families_cover_exactly_the_splits_of_each_value() {
    // Kayles: period 12 from 71. Every heap m up to 400 — below, inside and beyond twice the
    // preperiod — split by families must give exactly the splits found one by one.
    let game = parse_game("0.77").unwrap();
    let analyzer = Analyzer::new(Config::default().with_threads(1).unwrap());
    let report = analyzer.period(&game).unwrap();
    let Search::Certified(certificate) = report.search else {
        panic!("Kayles is certified")
    };
    let periodicity = certificate.periodicity().clone();
    let value = |n: u64| periodicity.value_at(&BigUint::from(n));
    let evaluation = Evaluation::Certified(certificate);
    for m in 2..400u64 {
        for target in 0..8u32 {
            let target = BigUint::from(target);
            let expected: Vec<u64> = (1..=m / 2)
                .filter(|&a| value(a) ^ value(m - a) == target)
                .collect();
            let mut got: Vec<u64> = Vec::new();
            let families =
                split_families(&analyzer, &evaluation, &BigUint::from(m), &target).unwrap();
            for family in families {
                match family {
                    SplitFamily::One { a, b } => {
                        let a = u64::try_from(&a).unwrap();
                        assert_eq!(BigUint::from(m - a), b);
                        got.push(a);
                    }
                    SplitFamily::Unlisted => panic!("splits of {m} are few"),
                    SplitFamily::Class {
                        residue,
                        period,
                        high,
                    } => {
                        let high = u64::try_from(&high).unwrap();
                        got.extend((residue..=high).step_by(period as usize));
                    }
                }
            }
            got.sort_unstable();
            assert_eq!(got, expected, "m = {m}, target = {target}");
        }
    }
}

#[test]
fn splits_under_a_saltus_are_exactly_the_splits_of_each_value() {
    // Lasker's Nim 4.[3] and 0.[7]: every split a + b = m with G(a) xor G(b) = target,
    // from the period, against the values themselves.
    for spec in ["4.[3]", "0.[7]", "4.[2]"] {
        let game = parse_game(spec).unwrap();
        let Game::Octal(code) = &game else {
            unreachable!()
        };
        let analyzer = Analyzer::new(Config::default());
        let report = analyzer.period(&game).unwrap();
        let Search::Certified(certificate) = report.search else {
            panic!("{spec} is certified")
        };
        let periodicity = certificate.periodicity().clone();
        let value = |n: u64| periodicity.value_at(&n.into());
        let _ = code;
        for m in 2..300u64 {
            for target in 0..40u32 {
                let target = BigUint::from(target);
                let expected: Vec<u64> = (1..=m / 2)
                    .filter(|&a| value(a) ^ value(m - a) == target)
                    .collect();
                let mut got: Vec<u64> =
                    split_families_with_saltus(&analyzer, &periodicity, &BigUint::from(m), &target)
                        .unwrap()
                        .into_iter()
                        .map(|family| match family {
                            SplitFamily::One { a, b } => {
                                assert_eq!(&a + &b, BigUint::from(m));
                                u64::try_from(&a).unwrap()
                            }
                            other => panic!("{other:?}"),
                        })
                        .collect();
                got.sort_unstable();
                assert_eq!(got, expected, "{spec}: m = {m}, target {target}");
            }
        }
    }
}

#[test]
fn a_search_resumed_from_any_prefix_answers_as_a_fresh_one() {
    // Certified early (0.45, 0.137), certified after a promising fold (0.127), open (0.6), and
    // codes whose search does not resume (no splits: 0.33; a modifier: 0.6!).
    for (spec, max, resumes) in [
        ("0.45", 3000, true),
        ("0.137", 4000, true),
        ("0.127", 100_000, true),
        ("0.6", 3000, true),
        ("0.33", 500, false),
        ("0.6!", 800, false),
    ] {
        let game = parse_game(spec).unwrap();
        let Game::Octal(code) = &game else {
            unreachable!("an octal code")
        };
        // One thread, and the pipeline of two (its engines resumed from the same values).
        for threads in [1, 2] {
            let config = Config::default()
                .with_max_values(max)
                .unwrap()
                .with_threads(threads)
                .unwrap();
            let fresh = Analyzer::new(config).period(&game).unwrap();
            let values: Vec<u32> =
                crate::engine::octal::stream(code, TakeAndBreakEngine::Naive, 1, Vec::new())
                    .unwrap()
                    .take(max as usize)
                    .collect();
            for cut in [1, 255, 256, 1000, max as usize / 2, max as usize] {
                let saved =
                    crate::theory::compact::CompactValues::from(&values[..cut.min(values.len())]);
                let resumed = Analyzer::new(config)
                    .resuming(&game, saved)
                    .period(&game)
                    .unwrap();
                assert_eq!(
                    resumed.search, fresh.search,
                    "{spec} from {cut} on {threads}"
                );
                assert_eq!(
                    resumed.values, fresh.values,
                    "{spec} from {cut} on {threads}"
                );
                let expected = if resumes { cut as u64 } else { 0 };
                assert_eq!(resumed.resumed_from, expected, "{spec} from {cut}");
            }
            // Values saved for another game are not read.
            let other = Analyzer::new(config)
                .resuming(&parse_game("0.77").unwrap(), values[..100].into())
                .period(&game)
                .unwrap();
            assert_eq!(
                (other.search, other.resumed_from),
                (fresh.search, 0),
                "{spec}"
            );
        }
    }
}
