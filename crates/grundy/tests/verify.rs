//! `verify` (对拍): every fast path agrees with the brute force on games of every family
//! (`verify_fault.rs` plants a wrong one).

use grundy::analysis::verify::{FastPath, Verdict, Verification};
use grundy::{Analyzer, Config, Engine, parse_game};

fn verify(spec: &str, to: u64) -> Verification {
    let game = parse_game(spec).expect("a valid spec");
    let config = Config::default().with_threads(1).expect("one thread");
    Analyzer::new(config)
        .verify(&game, to, 7)
        .unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn assert_agrees(spec: &str, to: u64) -> Verification {
    let verification = verify(spec, to);
    if let Some((check, disagreement)) = verification.first_disagreement() {
        panic!("{spec}: {:?} disagrees: {disagreement:?}", check.path);
    }
    let compared: u64 = verification.checks.iter().map(|c| c.compared).sum();
    assert!(
        compared > 0,
        "{spec}: nothing compared: {:?}",
        verification.checks
    );
    verification
}

#[test]
fn one_heap_games_agree_on_every_path() {
    for (spec, to) in [
        ("subtraction:1,3,4", 300),
        ("subtraction:2,5,7", 200),
        ("bash:3", 100),
        ("allbut:2,3,7", 200),
        ("subtraction:fibonacci", 150),
        ("subtraction:powers-of-2", 150),
        ("misere:subtraction:1,3,4", 200),
        ("misere:bash:3", 60),
    ] {
        let verification = assert_agrees(spec, to);
        let agreed: Vec<FastPath> = verification
            .checks
            .iter()
            .filter(|c| c.verdict == Verdict::Agreed)
            .map(|c| c.path)
            .collect();
        for path in [
            FastPath::Table {
                engine: Engine::Naive,
            },
            FastPath::Table {
                engine: Engine::Streaming,
            },
            FastPath::Solve,
        ] {
            assert!(
                agreed.contains(&path),
                "{spec}: {path:?} did not agree: {:?}",
                verification.checks
            );
        }
    }
}

#[test]
fn certified_periods_are_checked() {
    let verification = assert_agrees("subtraction:1,3,4", 100);
    let period = verification
        .checks
        .iter()
        .find(|c| c.path == FastPath::CertifiedPeriod)
        .expect("a period check");
    assert_eq!((period.compared, &period.verdict), (101, &Verdict::Agreed));
}

#[test]
fn take_and_break_codes_agree_on_every_engine() {
    for (spec, to) in [
        ("0.77", 150),
        ("0.07", 120),
        ("0.137", 100),
        ("4.7", 60),
        ("0.6", 80),
    ] {
        let verification = assert_agrees(spec, to);
        assert!(
            verification.checks.iter().any(|c| matches!(
                c.path,
                FastPath::TakeAndBreak { threads: 2, .. }
            ) && c.verdict == Verdict::Agreed),
            "{spec}: {:?}",
            verification.checks
        );
    }
}

#[test]
fn games_of_several_numbers_agree() {
    for (spec, to) in [
        ("nim", 10),
        ("misere:nim", 10),
        ("wythoff", 40),
        ("misere:wythoff", 30),
        ("fibonacci-nim", 40),
        ("norepeat:1,2,3", 80),
        ("misere:norepeat:2,5", 60),
        ("oddball:1,2,3", 200),
        ("oddball:1,4,5", 100),
        ("subtraction:1,3,4[10] + nim[3] + wythoff[2,3]", 8),
        ("misere:nim[3] + bash:3[5]", 8),
    ] {
        assert_agrees(spec, to);
    }
}

#[test]
fn misere_codes_are_refused() {
    let game = parse_game("misere:0.77").expect("a code");
    assert!(matches!(
        Analyzer::new(Config::default()).verify(&game, 10, 1),
        Err(grundy::Error::Refused(_))
    ));
}
