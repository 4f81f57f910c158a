//! Retrograde analysis throughput: solves the contest game `oddball:1,4,5` on every position with
//! at most N balls left (4 (N + 1) states; N = 2 500 000 gives 10 000 004) and reports states
//! per second, then self-checks every record.
//!
//! `cargo run --release --example solve_states -- [N]`

use std::time::Instant;

use grundy::oddball;
use grundy::solver::{Value, self_check};
use grundy::subtraction::FiniteSet;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(2_500_000, |arg| arg.parse().expect("N is a whole number"));
    let set = FiniteSet::new([1, 4, 5]).expect("valid amounts");
    let start = Instant::now();
    let records = oddball::solve_up_to(&set, n);
    let elapsed = start.elapsed().as_secs_f64();
    let states = records.len();
    let value = records.get(oddball::index(n, false, false));
    println!(
        "{states} states solved in {elapsed:.3} s: {:.1} M states/s; oddball:1,4,5 at {n}: {} (remoteness {:?})",
        states as f64 / elapsed / 1e6,
        value.value.name(),
        value.remoteness
    );
    let check = Instant::now();
    self_check(&oddball::graph(&set, n), &records).expect("every record agrees with its moves");
    println!(
        "self-check of every state: {:.3} s",
        check.elapsed().as_secs_f64()
    );
    assert_ne!(value.value, Value::Draw, "the contest game always ends");
}
