//! The family criterion for take-and-break codes with a repeating tail
//! (docs/arithmetic-periodicity.md) against brute force: every small code of each class is
//! certified from a short prefix of its values, and the certificate's prediction is compared
//! with the values the definition gives far beyond it. Wrong claims are rejected.

use grundy::Game;
use grundy::octal::{Code, Naive, certify};
use grundy::period::certify_take_and_break;
use grundy::theory::families::Digits;

fn code(spec: &str) -> Code {
    match grundy::parse_game(spec) {
        Ok(Game::Octal(code)) => code,
        other => panic!("{spec}: {other:?}"),
    }
}

/// Certifies `spec` from the first `prefix` of `length` values and checks every prediction up
/// to `length`. Whether it was certified.
fn certified_and_right(spec: &str, prefix: usize, length: usize) -> bool {
    let code = code(spec);
    let values: Vec<u32> = Naive::new(&code).take(length).collect();
    let Some(certificate) = certify(&code, &values[..prefix]) else {
        return false;
    };
    assert!(certificate.verify(&values[..prefix]).is_ok(), "{spec}");
    let periodicity = certificate.periodicity();
    for (n, &value) in values.iter().enumerate() {
        assert_eq!(
            periodicity.value_at(&(n as u64).into()),
            value.into(),
            "{spec}: certified from {prefix} values as (n0, p, s) = ({}, {}, {}), wrong at heap {n}",
            periodicity.preperiod(),
            periodicity.period(),
            periodicity.saltus()
        );
    }
    true
}

#[test]
fn every_small_code_with_a_tail_is_predicted_right() {
    // d0.d1[t], d0.d1d2[t] and d0.[t1 t2], octal: 1 134 codes, each certified from 24 or 48
    // values when the criterion accepts, and checked to 240.
    let mut specs = Vec::new();
    for d0 in ["0", "4"] {
        for d1 in 0..8 {
            for t in 1..8 {
                specs.push(format!("{d0}.{d1}[{t}]"));
                for d2 in 0..8 {
                    specs.push(format!("{d0}.{d1}{d2}[{t}]"));
                }
            }
        }
        for t1 in 0..8 {
            for t2 in 0..8 {
                if t1 + t2 > 0 {
                    specs.push(format!("{d0}.[{t1}{t2}]"));
                }
            }
        }
    }
    let mut certified = 0;
    for spec in &specs {
        let early = certified_and_right(spec, 24, 240);
        if early || certified_and_right(spec, 48, 240) {
            certified += 1;
        }
    }
    // Most of them are proved; none is ever wrong.
    eprintln!("{certified} of {} codes certified", specs.len());
    assert!(
        certified * 10 >= specs.len() * 8,
        "{certified} of {}",
        specs.len()
    );
}

#[test]
fn hexadecimal_tails_and_three_heap_splits_are_predicted_right() {
    let mut certified = 0;
    let mut total = 0;
    for d0 in ["0", "4", "8", "C"] {
        for t in [1, 2, 3, 5, 6, 7, 9, 0xb, 0xf] {
            let spec = format!("hex:{d0}.[{t:x}]");
            total += 1;
            if certified_and_right(&spec, 40, 72) {
                certified += 1;
            }
        }
    }
    eprintln!("{certified} of {total} codes certified");
    assert!(certified * 10 >= total * 7, "{certified} of {total}");
}

#[test]
fn the_named_games_are_certified_from_few_values() {
    // Lasker's Nim (HDU 3032), take-or-split-in-three (HDU 5795), take-and-split (0.[7]).
    for (spec, prefix, shape) in [
        ("lasker", 15, (1, 4, 4)),
        ("4.[3]", 15, (1, 4, 4)),
        ("8.[3]", 36, (1, 8, 8)),
        ("hex:C.[3]", 20, (1, 4, 4)),
        ("4.[2]", 4, (1, 1, 1)),
        ("8.[2]", 5, (1, 1, 1)),
        ("0.[7]", 4, (0, 1, 1)),
        ("0.[3]", 3, (0, 1, 1)),
        ("0.3[1]", 5, (1, 2, 0)),
        ("0.[03]", 4, (0, 2, 1)),
    ] {
        let code = code(spec);
        // Enough values for the period to be seen; the proof needs only `prefix` of them.
        let values: Vec<u32> = Naive::new(&code).take(64).collect();
        let certificate = certify(&code, &values).unwrap_or_else(|| panic!("{spec}"));
        let p = certificate.periodicity();
        assert_eq!((p.preperiod(), p.period(), p.saltus()), shape, "{spec}");
        assert_eq!(certificate.checked_to(), prefix as u64, "{spec}");
    }
}

#[test]
fn wrong_claims_are_rejected() {
    let lasker = Digits::new(vec![4], vec![3]).unwrap();
    // Nim's values G(n) = n are arithmetic-periodic but not Lasker's: a split a + b = n with no
    // carry reaches n.
    let nim: Vec<u32> = (0..200).collect();
    assert!(certify_take_and_break(&nim[..], &lasker).is_none());
    // 8.[3]'s values under Lasker's rules, and a planted false saltus.
    let other: Vec<u32> = Naive::new(&code("8.[3]")).take(200).collect();
    assert!(certify_take_and_break(&other[..], &lasker).is_none());
    let mut values: Vec<u32> = Naive::new(&code("4.[3]")).take(200).collect();
    let certificate = certify_take_and_break(&values[..], &lasker).expect("Lasker's Nim");
    for (n, value) in values.iter_mut().enumerate() {
        *value += 4 * (n as u32 / 4); // saltus 8 instead of 4
    }
    assert!(certificate.verify(&values[..]).is_err());
    assert!(certify_take_and_break(&values[..], &lasker).is_none());
    // A value changed inside the checked range.
    let mut tampered: Vec<u32> = Naive::new(&code("4.[3]")).take(200).collect();
    tampered[9] ^= 1;
    assert!(certificate.verify(&tampered[..]).is_err());
}
