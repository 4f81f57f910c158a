//! Certifies the period of every 3-element subtraction set S ⊆ {1..N} (N = 100 by default:
//! 161 700 sets) on every core, and reports the time and the longest period met.
//!
//! `cargo run --release --example certify_triples -- [N]`

use std::time::Instant;

use grundy::game::{Game, SubtractionGame};
use grundy::subtraction::{FiniteSet, SubtractionSet};
use grundy::{Analyzer, Config};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .map_or(100, |arg| arg.parse().expect("N is a positive integer"));
    let mut games = Vec::new();
    for a in 1..=n {
        for b in a + 1..=n {
            for c in b + 1..=n {
                let set = FiniteSet::new([a, b, c]).expect("distinct positive amounts");
                games.push(Game::Subtraction(SubtractionGame::new(
                    SubtractionSet::Finite(set),
                )));
            }
        }
    }
    let start = Instant::now();
    let reports = Analyzer::new(Config::default()).periods(&games);
    let elapsed = start.elapsed();
    let mut certified = 0;
    let mut longest = (0, 0, String::new());
    for report in &reports {
        let report = report.as_ref().expect("no limits are hit");
        if let Some(certificate) = report.search.certificate() {
            certified += 1;
            let p = certificate.periodicity();
            if (p.period(), p.preperiod()) > (longest.0, longest.1) {
                longest = (p.period(), p.preperiod(), report.game.to_string());
            }
        }
    }
    println!(
        "{} sets, {certified} certified in {:.3} s ({} threads); longest period {} (preperiod {}) for {}",
        games.len(),
        elapsed.as_secs_f64(),
        rayon::current_num_threads(),
        longest.0,
        longest.1,
        longest.2
    );
}
