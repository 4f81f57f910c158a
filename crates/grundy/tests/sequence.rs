//! Long runs through `Analyzer::sequence`: a resumed run equals a straight one on every engine, a
//! stopped run keeps every value it computed, and the period that finishes a run is the one
//! `Analyzer::period` certifies.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use grundy::analysis::{MAX_OCTAL_VALUES, SEQUENCE_STEP_VALUES, Sequence, SequenceStep};
use grundy::compact::CompactValues;
use grundy::octal::Naive;
use grundy::octal::TakeAndBreakEngine;
use grundy::{
    Analyzer, Config, Engine, Error, Game, Observer, Remedy, SettingError, Unit, parse_game,
};

fn game(code: &str) -> Game {
    parse_game(code).expect("a valid code")
}

/// Every configuration a run can choose an engine by.
fn configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for engine in Engine::ALL {
        for threads in [1, 2] {
            configs.push(
                Config::default()
                    .with_engine(engine)
                    .with_threads(threads)
                    .expect("a valid thread count"),
            );
        }
    }
    configs
}

/// The values `G(0), …, G(count − 1)` by the definition.
fn naive(game: &Game, count: usize) -> CompactValues {
    let Game::Octal(code) = game else {
        unreachable!("a take-and-break code")
    };
    Naive::new(code).take(count).collect()
}

/// A run of `count` values, resumed from the first `resumed` of `from`, with or without the
/// period finish.
fn run(
    analyzer: &Analyzer<'_>,
    game: &Game,
    count: u64,
    resumed: Option<CompactValues>,
    by_period: bool,
) -> Sequence {
    let mut run = analyzer
        .sequence(game, count)
        .expect("a take-and-break run")
        .finish_by_period(by_period);
    if let Some(values) = resumed {
        run.resume(values).expect("resumed before the first step");
    }
    run.finish().expect("an uninterrupted run finishes")
}

#[test]
fn a_resumed_run_equals_a_straight_run_on_every_engine() {
    // Officers (rare/common, not periodic this early), Kayles (finished by its period after the
    // first step, from most resume points), a code with a repeating tail, one with a modifier,
    // and one with three-heap splits.
    for (code, count) in [
        ("0.6", 3000u64),
        ("0.77", 6000),
        ("0.[7]", 600),
        ("4!.0", 600),
        ("hex:0.F", 300),
    ] {
        let game = game(code);
        let expected = naive(&game, count as usize);
        for config in configs() {
            let analyzer = Analyzer::new(config);
            for by_period in [true, false] {
                let straight = run(&analyzer, &game, count, None, by_period);
                assert_eq!(straight.values, expected, "{code} {config:?}");
                assert_eq!(straight.resumed_from, 0);
                // Kayles is certified after the first step; the others are not, this early.
                assert_eq!(straight.period.is_some(), by_period && code == "0.77");
                for resumed in [
                    0,
                    1,
                    17,
                    count as usize / 2,
                    count as usize - 1,
                    count as usize,
                ] {
                    let prefix = expected.prefix(resumed);
                    let again = run(&analyzer, &game, count, Some(prefix), by_period);
                    assert_eq!(again.values, expected, "{code} resumed from {resumed}");
                    assert_eq!(again.resumed_from, resumed);
                }
                // More values than the run asks for: it keeps only its own count.
                let longer = naive(&game, count as usize + 50);
                let fewer = run(&analyzer, &game, count, Some(longer), by_period);
                assert_eq!(fewer.values, expected);
                assert_eq!(fewer.resumed_from, count as usize);
            }
        }
    }
}

/// Interrupts once progress has been reported `after` times.
struct StopAfter {
    after: u64,
    reports: AtomicU64,
}

impl Observer for StopAfter {
    fn progress(&self, _done: u64, _total: u64) {
        self.reports.fetch_add(1, Ordering::SeqCst);
    }

    fn interrupted(&self) -> bool {
        self.reports.load(Ordering::SeqCst) >= self.after
    }
}

#[test]
fn an_interrupt_returns_the_values_computed_so_far() {
    let officers = game("0.6");
    let count = 4 * SEQUENCE_STEP_VALUES;
    let expected = naive(&officers, count as usize);
    for config in configs() {
        let observer = StopAfter {
            after: 2,
            reports: AtomicU64::new(0),
        };
        let analyzer = Analyzer::new(config).with_observer(&observer);
        let mut stopped = analyzer.sequence(&officers, count).unwrap();
        let error = stopped.extend().unwrap_err();
        // Progress is reported at the end of each step and, within a step, every few million
        // options examined: the run stops at the second report, part-way through the values.
        let Error::Interrupted {
            checked_to: held,
            unit: Unit::Values,
        } = error
        else {
            panic!("{error:?}")
        };
        assert!(held > 0 && held < count, "{held}");
        // Not lost: the run holds them, and they are the game's values.
        assert_eq!(stopped.len() as u64, held);
        assert!(!stopped.is_complete());
        assert_eq!(
            stopped.values().prefix(held as usize),
            expected.prefix(held as usize)
        );
        // A new run resumed from them finishes as a straight run does.
        let saved = stopped.values().prefix(stopped.len());
        let finished = run(&Analyzer::new(config), &officers, count, Some(saved), true);
        assert_eq!(finished.values, expected);
        assert_eq!(finished.resumed_from, held as usize);
    }
}

#[test]
fn a_time_limit_stops_a_run_with_its_values_kept() {
    // A limit of no time has passed before the first step ends, whatever the machine's speed.
    let analyzer = Analyzer::new(one_thread().with_timeout(Duration::ZERO));
    let officers = game("0.6");
    let mut run = analyzer.sequence(&officers, 1 << 20).unwrap();
    let error = run.step().unwrap_err();
    let Error::TimedOut {
        checked_to,
        unit: Unit::Values,
        ..
    } = error
    else {
        panic!("{error:?}")
    };
    assert!(
        checked_to > 0 && checked_to <= SEQUENCE_STEP_VALUES,
        "{checked_to}"
    );
    assert_eq!(checked_to, run.len() as u64);
    assert_eq!(run.values().prefix(run.len()), naive(&officers, run.len()));
}

#[test]
fn the_certified_period_is_the_one_the_period_analysis_finds() {
    let analyzer = Analyzer::new(one_thread());
    // Kayles, Dawson's Kayles, Dawson's chess, two codes without splits (the window criterion)
    // and two more with splits.
    for code in ["0.77", "0.07", "0.137", "0.3", "0.33", "0.15", "0.51"] {
        let game = game(code);
        let report = analyzer.period(&game).unwrap();
        let expected = report
            .search
            .certificate()
            .unwrap_or_else(|| panic!("{code} has a certified period"));
        let count = 20_000;
        let sequence = run(&analyzer, &game, count, None, true);
        let finish = sequence
            .period
            .as_ref()
            .unwrap_or_else(|| panic!("{code}: the run was finished by its period"));
        let certificate = &finish.certificate;
        assert_eq!(certificate.periodicity(), expected.periodicity(), "{code}");
        assert_eq!(certificate.theorem(), expected.theorem(), "{code}");
        assert_eq!(certificate.checked_to(), expected.checked_to(), "{code}");
        // Certified between two steps, from values that hold what the theorem needs.
        assert!(finish.from as u64 >= certificate.checked_to());
        assert_eq!(finish.from as u64 % SEQUENCE_STEP_VALUES, 0);
        // The values read from the period are the values computed one by one.
        assert_eq!(
            sequence.values,
            run(&analyzer, &game, count, None, false).values
        );
        assert_eq!(sequence.values.len() as u64, count);
    }
    // No theorem for a modifier, and none is claimed.
    assert_eq!(run(&analyzer, &game("4!.0"), 5000, None, true).period, None);
}

#[test]
fn steps_report_what_they_did() {
    let analyzer = Analyzer::new(one_thread());
    let mut run = analyzer.sequence(&game("0.77"), 5000).unwrap();
    assert!(run.is_empty());
    assert_eq!(
        run.step().unwrap(),
        SequenceStep::Computed {
            values: SEQUENCE_STEP_VALUES
        }
    );
    assert_eq!(run.step().unwrap(), SequenceStep::Certified);
    assert!(run.is_complete());
    assert_eq!(run.period().map(|finish| finish.from), Some(4096));
    assert_eq!(run.step().unwrap(), SequenceStep::Complete);
    // Too late to resume.
    assert!(matches!(
        run.resume(CompactValues::new()),
        Err(Error::Refused(_))
    ));
    let kayles = run.finish().unwrap();
    assert_eq!(kayles.values.len(), 5000);
    assert_eq!(
        kayles.checksum(),
        grundy::sequence::checksum(&kayles.values)
    );
}

#[test]
fn runs_refuse_other_games_and_what_cannot_fit() {
    let analyzer = Analyzer::new(one_thread());
    for other in ["nim", "bash:3", "misere:0.77", "wythoff"] {
        assert!(
            matches!(
                analyzer.sequence(&game(other), 10),
                Err(Error::Refused(refusal))
                    if refusal.reason.contains("not a take-and-break code")
                        && refusal.remedy == Some(Remedy::UseTable)
            ),
            "{other}"
        );
    }
    assert!(matches!(
        analyzer.sequence(&game("0.6"), MAX_OCTAL_VALUES + 1),
        Err(Error::Refused(_))
    ));
    let small = Analyzer::new(one_thread().with_max_memory(1000).unwrap());
    assert!(matches!(
        small.sequence(&game("0.6"), 1001),
        Err(Error::OutOfMemory { needed: 1001, .. })
    ));
    assert_eq!(
        run(&small, &game("0.6"), 1000, None, true).values.len(),
        1000
    );
    // Nothing to compute.
    assert!(
        run(&analyzer, &game("0.6"), 0, None, true)
            .values
            .is_empty()
    );
}

#[test]
fn a_forced_engine_that_does_not_apply_refuses_the_run_before_it_starts() {
    let forced = one_thread().with_take_and_break_engine(TakeAndBreakEngine::Tail);
    let analyzer = Analyzer::new(forced);
    let Err(error) = analyzer.sequence(&game("0.77"), 1000) else {
        panic!("Kayles has no repeating tail")
    };
    let Error::Setting(SettingError::EngineNotApplicable { engine, code }) = &error else {
        panic!("{error}")
    };
    assert_eq!((*engine, code.as_str()), (TakeAndBreakEngine::Tail, "0.77"));
    assert_eq!(
        error.to_string(),
        "the tail engine cannot compute the values of 0.77: it needs a code with a repeating tail"
    );
    // Forced where it applies, it gives the values of every other engine.
    let tail = analyzer.sequence(&game("0.[7]"), 600).unwrap();
    assert_eq!(tail.finish().unwrap().values, naive(&game("0.[7]"), 600));
}

/// The default configuration on one thread, so that the take-and-break engine chosen (and so the
/// coverage) does not depend on the machine's cores.
fn one_thread() -> Config {
    Config::default()
        .with_threads(1)
        .expect("one thread is a valid count")
}
