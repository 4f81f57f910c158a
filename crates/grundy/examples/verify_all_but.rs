//! A long check of the all-but criterion, beyond what CI runs: certifies every non-empty
//! X ⊆ {1..N} and compares the certified formula with computed values up to
//! `max(8 · checked_to, FAR)`.
//!
//! `cargo run --release --example verify_all_but -- [N=12] [FAR=20000]`

use grundy::engine::{Engine, Play, Values};
use grundy::game::{Game, SubtractionGame};
use grundy::period::Search;
use grundy::subtraction::{AllButSet, SubtractionSet};
use grundy::{Analyzer, Config};
use num_bigint::BigUint;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().expect("whole numbers"));
    let n = args.next().unwrap_or(12);
    let far = args.next().unwrap_or(20_000);
    let analyzer = Analyzer::new(Config::default());
    let (mut sets, mut longest) = (0, (0, 0, 0, String::new()));
    for mask in 1u64..1 << n {
        let excluded: Vec<u64> = (1..=n).filter(|i| mask & (1 << (i - 1)) != 0).collect();
        let set = SubtractionSet::AllBut(AllButSet::new(excluded).expect("valid"));
        let game = Game::Subtraction(SubtractionGame::new(set.clone()));
        let report = analyzer.period(&game).expect("within limits");
        let Search::Certified(certificate) = &report.search else {
            panic!("{game}: not certified: {:?}", report.search);
        };
        let upto = (certificate.checked_to() * 8).max(far) as usize;
        let values: Vec<u32> = Values::new(&set, Engine::Streaming, Play::Normal)
            .take(upto)
            .collect();
        certificate
            .verify(&values)
            .expect("the certificate re-checks");
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(
                certificate.periodicity().value_at(&BigUint::from(i)),
                BigUint::from(v),
                "{game} at {i}"
            );
        }
        let p = certificate.periodicity();
        if p.period() > longest.0 {
            longest = (p.period(), p.preperiod(), p.saltus(), game.to_string());
        }
        sets += 1;
    }
    println!(
        "{sets} all-but sets X ⊆ {{1..{n}}} certified; predictions hold to max(8·checked_to, {far}); longest period {} (preperiod {}, saltus {}) for {}",
        longest.0, longest.1, longest.2, longest.3
    );
}
