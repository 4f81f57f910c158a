//! The tail engine against the naive one on every short tail code, and against known values.

use grundy::engine::Stream;
use grundy::octal::{Code, Naive, Tail, TakeAndBreakEngine, stream};
use grundy::{Game, parse_game};

fn code(text: &str) -> Code {
    match parse_game(text) {
        Ok(Game::Octal(code)) => code,
        other => panic!("{text} is not a code: {other:?}"),
    }
}

fn agree(text: &str, len: usize) {
    let code = code(text);
    let naive: Vec<u32> = Naive::new(&code).take(len).collect();
    let tail: Vec<u32> = Tail::new(&code).expect("a tail").take(len).collect();
    assert_eq!(tail, naive, "{text}");
}

#[test]
fn equals_naive_on_every_code_with_one_digit_and_a_tail_of_one() {
    for d0 in ["0", "4"] {
        for d1 in 0..=7 {
            for t in 1..=7 {
                agree(&format!("{d0}.{d1}[{t}]"), 200);
            }
        }
    }
}

#[test]
fn equals_naive_on_every_tail_of_two() {
    for t1 in 0..=7 {
        for t2 in 0..=7 {
            if t1 + t2 > 0 {
                agree(&format!("0.[{t1}{t2}]"), 200);
            }
        }
    }
}

#[test]
fn equals_naive_on_longer_tails_hexadecimal_digits_and_modifiers() {
    for text in [
        "0.[123]",
        "0.[0007]",
        "0.6[0403]",
        "0.07[6]",
        "4.0[62]",
        "0.[f]",
        "0.1[8]",
        "8.[3]",
        "0.7![7]",
        "0.4?[7]",
        "4!.[3]",
        "4?.2[6]",
        "0.[1]",
        "0.00[4]",
    ] {
        agree(text, 120);
    }
}

#[test]
fn known_values() {
    let nim_like: Vec<u32> = (0..3000).collect();
    for text in ["0.[7]", "0.[3]"] {
        let values: Vec<u32> = Tail::new(&code(text)).unwrap().take(3000).collect();
        assert_eq!(values, nim_like, "{text}");
    }
    // Lasker's Nim: 4k + 1, 4k + 2, 4k + 4, 4k + 3.
    let lasker: Vec<u32> = Tail::new(&code("4.[3]")).unwrap().take(2000).collect();
    for (n, &v) in lasker.iter().enumerate().skip(1) {
        let n = n as u32;
        let expected = match n % 4 {
            0 => n - 1,
            3 => n + 1,
            _ => n,
        };
        assert_eq!(v, expected, "G({n}) of 4.[3]");
    }
}

#[test]
fn streaming_resumes_the_tail_engine_where_naive_left_off() {
    let code = code("0.6[12]");
    let naive: Vec<u32> = Naive::new(&code).take(300).collect();
    // The automatic choice takes the tail engine on any number of threads.
    let mut resumed = stream(
        &code,
        TakeAndBreakEngine::Automatic,
        2,
        naive[..137].to_vec(),
    )
    .expect("every code has an automatic engine");
    assert_eq!(Stream::position(resumed.as_ref()), 137);
    let rest: Vec<u32> = resumed.by_ref().take(163).collect();
    assert_eq!(rest, naive[137..]);
    assert!(resumed.work_per_value() < 2000);
}

#[test]
fn codes_without_a_tail_are_not_taken() {
    assert!(Tail::new(&code("0.77")).is_none());
    assert!(!Tail::applies(&code("4.3[0]")));
}

#[test]
fn every_forced_engine_gives_the_naive_values_where_it_applies() {
    for text in [
        "0.77", "0.07", "0.6", "4!.0", "hex:0.F", "0.[7]", "0.6[12]", "4.[3]", "0.[3]", "0.1[4]",
        "0.[6]", "4.0[37]", "0.[14]",
    ] {
        let code = code(text);
        let naive: Vec<u32> = Naive::new(&code).take(400).collect();
        for engine in TakeAndBreakEngine::FORCED {
            match stream(&code, engine, 1, Vec::new()) {
                Ok(values) => {
                    assert!(engine.applies(&code), "{text} {engine}");
                    let values: Vec<u32> = values.take(400).collect();
                    assert_eq!(values, naive, "{text} {engine}");
                }
                Err(refused) => {
                    assert!(!engine.applies(&code), "{text} {engine}");
                    assert_eq!(refused.engine, engine);
                }
            }
        }
    }
}
