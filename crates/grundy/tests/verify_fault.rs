//! `verify` finds a deliberately wrong fast path (the `fault-injection` feature's planted value in
//! the streaming subtraction engine) at its first wrong position, with both answers. A test binary
//! of its own: the fault is planted for the whole process.

use grundy::analysis::verify::{Answer, FastPath, Verdict};
use grundy::{Analyzer, Config, Engine, Position, parse_game};

#[test]
fn a_planted_wrong_value_is_found_at_its_position() {
    grundy::fault::plant(5);
    let game = parse_game("subtraction:1,3,4").expect("a valid spec");
    let config = Config::default().with_threads(1).expect("one thread");
    let verification = Analyzer::new(config).verify(&game, 100, 7).expect("small");
    grundy::fault::clear();
    let (check, disagreement) = verification
        .first_disagreement()
        .unwrap_or_else(|| panic!("the fault went unnoticed: {:#?}", verification.checks));
    assert_eq!(
        check.path,
        FastPath::Table {
            engine: Engine::Streaming
        }
    );
    assert_eq!(disagreement.position, Position::Heap(5u32.into()));
    // G(5) = mex{G(4), G(2), G(1)} = mex{2, 0, 1} = 3; the fault flips its lowest bit.
    assert_eq!(
        (&disagreement.brute_force, &disagreement.fast),
        (&Answer::Value(3u32.into()), &Answer::Value(2u32.into()))
    );
    let naive = verification
        .checks
        .iter()
        .find(|c| {
            c.path
                == FastPath::Table {
                    engine: Engine::Naive,
                }
        })
        .expect("the naive engine ran");
    assert_eq!(naive.verdict, Verdict::Agreed);
}
