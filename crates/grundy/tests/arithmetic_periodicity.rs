//! The family criterion for take-and-break codes with a repeating tail
//! (docs/arithmetic-periodicity.md), against the values of the naive engine.

use grundy::Game;
use grundy::octal::{Code, Naive, certify};

fn code(spec: &str) -> Code {
    match grundy::parse_game(spec) {
        Ok(Game::Octal(code)) => code,
        other => panic!("{spec}: {other:?}"),
    }
}

#[test]
fn explore() {
    for spec in [
        "4.[3]",
        "8.[3]",
        "hex:C.[3]",
        "4.[2]",
        "8.[2]",
        "0.[7]",
        "0.[3]",
        "0.3[1]",
        "0.[03]",
        "0.[2]",
        "4.[7]",
        "0.[6]",
        "0.[1]",
        "0.0[3]",
        "0.[13]",
        "0.[37]",
        "0.3[7]",
        "4.0[3]",
        "0.[b]",
    ] {
        let code = code(spec);
        let values: Vec<u32> = Naive::new(&code)
            .take(
                if spec.contains('f') || spec.contains('8') || spec.contains('C') {
                    300
                } else {
                    1500
                },
            )
            .collect();
        let observed = grundy::period::observe(&values);
        let certificate = certify(&code, &values);
        println!(
            "{spec}: observed {:?} certified {:?}",
            observed.map(|o| (
                o.periodicity().preperiod(),
                o.periodicity().period(),
                o.periodicity().saltus()
            )),
            certificate.map(|c| (c.theorem(), c.checked_to()))
        );
    }
}
