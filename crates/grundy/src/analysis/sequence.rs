//! Long runs of a take-and-break game's values: the certify-and-extend driver behind
//! [`Analyzer::sequence`]. It chooses the engine from the [`Config`](super::Config), resumes from
//! values saved earlier, extends them in steps that give the caller control between them (to save
//! a checkpoint, to draw progress), tries the Guy–Smith theorem (or the window criterion) as the
//! values double, and finishes from a certified period. It does no I/O: the caller keeps the
//! files.

use super::config::not_applicable;
use super::evaluate::{Watched, WorkCap};
use super::octal::MAX_OCTAL_VALUES;
use super::{Analyzer, Error, Remedy, Unit};
use crate::engine::Stream;
use crate::engine::octal::TakeAndBreakEngine;
use crate::games::game::Game;
use crate::games::octal::{Code, certify};
use crate::input::sequence_file::checksum;
use crate::theory::compact::{CompactValues, View};
use crate::theory::period::Certificate;

/// The most values one [`SequenceRun::step`] computes before it reports progress (fewer when
/// they are dear: see `STEP_WORK`).
pub const SEQUENCE_STEP_VALUES: u64 = 4096;

/// The most work (options examined, as [`Stream::work_per_value`] estimates it) one step spends
/// beyond its first value: a fraction of a second, so that a run of dear values still reaches
/// its checkpoints and progress reports.
const STEP_WORK: u64 = 1 << 26;

/// The first count of values at which a run tries to certify a period; it tries again each time
/// the count doubles.
const FIRST_CERTIFICATION: usize = 1024;

/// A long run of a take-and-break game's values `G(0), …, G(count − 1)`, made by
/// [`Analyzer::sequence`]. Between [`step`](Self::step)s the caller may read the values computed
/// so far ([`values`](Self::values)) — to save a checkpoint — and a stopped step leaves them in
/// the run, so nothing computed is lost.
pub struct SequenceRun<'a> {
    analyzer: &'a Analyzer<'a>,
    game: Game,
    code: Code,
    /// The engine chosen for the code
    /// ([`Config::take_and_break_engine_for`](super::Config::take_and_break_engine_for)).
    engine: TakeAndBreakEngine,
    count: u64,
    finish_by_period: bool,
    /// The values given to [`resume`](Self::resume) until the engine starts, and every value
    /// again once a period has finished the run; empty while the engine holds them.
    values: CompactValues,
    resumed_from: usize,
    /// The engine, from the first step until a period finishes the run.
    stream: Option<Box<dyn Stream + Send>>,
    next_certification: usize,
    period: Option<PeriodFinish>,
}

/// What one [`SequenceRun::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SequenceStep {
    /// The engine computed this many more values.
    Computed {
        /// How many values the step added.
        values: u64,
    },
    /// A period was certified: the values up to the count follow from it, and the run is
    /// complete.
    Certified,
    /// The run already held every value; nothing was done.
    Complete,
}

/// A certified period that finished a run: the values from index `from` on were read from it,
/// not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodFinish {
    /// The first value read from the period (the number of values computed before it).
    pub from: usize,
    /// The certificate, with its theorem and the values it checked.
    pub certificate: Certificate,
}

/// A finished long run of a take-and-break game's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// The game (a take-and-break code).
    pub game: Game,
    /// `G(0), …, G(count − 1)`.
    pub values: CompactValues,
    /// How many values were given to [`SequenceRun::resume`] and kept (none for a fresh run).
    pub resumed_from: usize,
    /// The certified period that gave the last values, if one did.
    pub period: Option<PeriodFinish>,
}

impl Sequence {
    /// The checksum of the values, as the sequence file format records it
    /// ([`checksum`](crate::input::sequence_file::checksum)).
    ///
    /// # Complexity
    /// `O(count)`.
    pub fn checksum(&self) -> u64 {
        checksum(&self.values)
    }

    /// The largest value (0 for an empty sequence).
    pub fn largest(&self) -> u32 {
        self.values.largest()
    }
}

impl Analyzer<'_> {
    /// Starts a long run of the values `G(0), …, G(count − 1)` of the take-and-break game `game`,
    /// computed with the engine the configuration chooses for it
    /// ([`Config::take_and_break_engine_for`](super::Config::take_and_break_engine_for)).
    /// Nothing is computed yet: give the values
    /// of an earlier run to [`SequenceRun::resume`], then call [`SequenceRun::step`] until
    /// [`SequenceRun::is_complete`], saving [`SequenceRun::values`] between steps as often as
    /// wanted, and [`SequenceRun::finish`]. Unless
    /// [`finish_by_period`](SequenceRun::finish_by_period) says otherwise, the run tries to
    /// certify a period (Guy–Smith, or the window criterion for codes without splits) at the
    /// first step that starts with 1024 values or more, and again each time that count doubles;
    /// once one is certified the remaining values follow from it exactly. Every step polls the
    /// observer and the time limit.
    ///
    /// # Complexity
    /// This call `O(1)`. The run: the engine's cost for each value computed (see
    /// [`crate::engine::octal::stream`]; resuming replays the engine's state over the values
    /// given), plus `O(L · q)` per certification attempt at `L` values, plus `O(count)` to fill
    /// the values from a certified period. Memory: the values, 1 to 4 bytes each, and the
    /// engine's state.
    ///
    /// # Errors
    /// [`Error::Refused`] if `game` is not a take-and-break code (with [`Remedy::UseTable`]) or
    /// `count` exceeds [`MAX_OCTAL_VALUES`]; [`Error::Setting`]
    /// ([`SettingError::EngineNotApplicable`](super::SettingError::EngineNotApplicable)) if the
    /// configured take-and-break engine is forced and does not apply to the code;
    /// [`Error::OutOfMemory`] if `count` values at one byte each exceed the memory limit. The
    /// run's own errors are described at its methods.
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, parse_game};
    /// let analyzer = Analyzer::new(Config::default().with_threads(1)?);
    /// let mut run = analyzer.sequence(&parse_game("0.77")?, 100_000)?;
    /// while !run.is_complete() {
    ///     run.step()?; // a long run saves `run.values()` here from time to time
    /// }
    /// let kayles = run.finish()?;
    /// assert_eq!(kayles.values.len(), 100_000);
    /// // Kayles: period 12 from heap 71, certified by the Guy–Smith theorem after the first
    /// // step's 4096 values.
    /// let finish = kayles.period.as_ref().map(|f| (f.from, f.certificate.periodicity().period()));
    /// assert_eq!(finish, Some((4096, 12)));
    /// assert_eq!(kayles.values.get(99_999), kayles.values.get(71 + (99_999 - 71) % 12));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn sequence(&self, game: &Game, count: u64) -> Result<SequenceRun<'_>, Error> {
        let Some(code) = game.code() else {
            return Err(Error::refused_unless(
                format!(
                    "{game} is not a take-and-break code: long runs compute the values of codes such as 0.77"
                ),
                Remedy::UseTable,
            ));
        };
        if count > MAX_OCTAL_VALUES {
            return Err(Error::refused(format!(
                "a sequence holds at most {MAX_OCTAL_VALUES} values (up to 16 bytes each in memory at worst); {count} values were asked for"
            )));
        }
        let engine = self.config.take_and_break_engine_for(code)?;
        self.reserve(count, || {
            format!("{count} values of {game} (at least 1 byte each)")
        })?;
        Ok(SequenceRun {
            analyzer: self,
            game: game.clone(),
            code: code.clone(),
            engine,
            count,
            finish_by_period: true,
            values: CompactValues::new(),
            resumed_from: 0,
            stream: None,
            next_certification: FIRST_CERTIFICATION,
            period: None,
        })
    }
}

impl SequenceRun<'_> {
    /// Whether a certified period may finish the run (the default); with `false` every value is
    /// computed, for benchmarks and cross-checks.
    #[must_use]
    pub fn finish_by_period(mut self, finish_by_period: bool) -> Self {
        self.finish_by_period = finish_by_period;
        self
    }

    /// Continues from `values`, the first values of this game saved by an earlier run (for
    /// example read from a checkpoint whose header names this code): the run computes only the
    /// values after them. Values beyond the run's count are dropped.
    ///
    /// # Complexity
    /// `O(1)` here; the engine replays its state over the values at the first step.
    ///
    /// # Errors
    /// [`Error::Refused`] once the run has computed values (resume before the first step).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, parse_game};
    /// let analyzer = Analyzer::new(Config::default().with_threads(1)?);
    /// let officers = parse_game("0.6")?;
    /// let straight = analyzer.sequence(&officers, 3000)?.finish()?;
    /// let mut resumed = analyzer.sequence(&officers, 3000)?;
    /// resumed.resume(straight.values.prefix(1000))?;
    /// let resumed = resumed.finish()?;
    /// assert_eq!((resumed.values, resumed.resumed_from), (straight.values, 1000));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn resume(&mut self, mut values: CompactValues) -> Result<(), Error> {
        if self.stream.is_some() || self.period.is_some() {
            return Err(Error::refused(
                "a run resumes from saved values only before it computes any",
            ));
        }
        values.truncate(usize::try_from(self.count).unwrap_or(usize::MAX));
        self.resumed_from = values.len();
        self.next_certification = FIRST_CERTIFICATION.max(values.len().next_power_of_two());
        self.values = values;
        Ok(())
    }

    /// Computes up to [`SEQUENCE_STEP_VALUES`] more values — or, when the count of values has
    /// reached the next certification point, tries to certify a period and, if one is proved,
    /// fills every remaining value from it — then reports progress to the observer and consults
    /// it.
    ///
    /// # Complexity
    /// As [`Analyzer::sequence`], for the values of one step.
    ///
    /// # Errors
    /// [`Error::Interrupted`] if the observer asks to stop and [`Error::TimedOut`] at the time
    /// limit, each with the number of values held; the values stay in the run
    /// ([`values`](Self::values)), so a caller can save them and [`resume`](Self::resume) a new
    /// run from them. [`Error::Internal`] if the engine stops yielding values or loses them (a
    /// bug in grundy).
    pub fn step(&mut self) -> Result<SequenceStep, Error> {
        let step = self.step_unsettled();
        self.analyzer.settle(step)
    }

    fn step_unsettled(&mut self) -> Result<SequenceStep, Error> {
        if self.is_complete() {
            return Ok(SequenceStep::Complete);
        }
        if self.stream.is_none() {
            let threads = self.analyzer.sequence_threads(self.count, self.count);
            let prefix = std::mem::take(&mut self.values).to_vec();
            let stream = crate::engine::octal::stream(&self.code, self.engine, threads, prefix)
                .map_err(|refused| not_applicable(refused, &self.code))?;
            self.stream = Some(stream);
        }
        let Some(stream) = self.stream.as_mut() else {
            return Err(lost_values());
        };
        let held = Stream::position(stream.as_ref());
        if self.finish_by_period && held >= self.next_certification as u64 {
            self.next_certification = self.next_certification.saturating_mul(2);
            let computed = stream.computed().ok_or_else(lost_values)?;
            if let Some(certificate) = certify(&self.code, computed) {
                // Proved: the rest follows from the period, exactly.
                let mut values = stream.take_computed();
                self.stream = None;
                let from = values.len();
                let periodicity = &certificate.periodicity();
                values.extend(
                    (from as u64..self.count)
                        .map(|n| periodicity.values().get(periodicity.locate_u64(n).0)),
                );
                self.values = values;
                self.period = Some(PeriodFinish { from, certificate });
                return Ok(SequenceStep::Certified);
            }
        }
        let wanted = (self.count - held).min(SEQUENCE_STEP_VALUES);
        let observer = self.analyzer.observer();
        // At least one value a step, and no more than a fraction of a second's work: a step
        // ends in time for a checkpoint, and each value is watched while it is computed.
        let cap = WorkCap {
            floor: held + 1,
            work: STEP_WORK,
        };
        let mut watched = Watched::new(&mut **stream, observer, self.count).with_cap(Some(cap));
        let computed = watched.by_ref().take(wanted as usize).count() as u64;
        let (interrupted, capped) = (watched.interrupted, watched.capped);
        if computed < wanted && !interrupted && !capped {
            return Err(Error::Internal(format!(
                "the engine for {} stopped after {} values",
                self.game,
                held + computed
            )));
        }
        observer.progress(held + computed, self.count);
        if interrupted || observer.interrupted() {
            return Err(Error::Interrupted {
                checked_to: held + computed,
                unit: Unit::Values,
            });
        }
        Ok(SequenceStep::Computed { values: computed })
    }

    /// Steps until the run is complete.
    ///
    /// # Complexity
    /// As [`Analyzer::sequence`].
    ///
    /// # Errors
    /// As [`step`](Self::step); a stopped run keeps every value computed.
    pub fn extend(&mut self) -> Result<(), Error> {
        while !self.is_complete() {
            self.step()?;
        }
        Ok(())
    }

    /// The finished run: extends it to its count if it is not complete yet, and hands over the
    /// values with how they were obtained.
    ///
    /// # Complexity
    /// As [`Analyzer::sequence`] for the values still missing; `O(1)` for a complete run.
    ///
    /// # Errors
    /// As [`step`](Self::step) — but the run is consumed, so a caller who must keep the values of
    /// a stopped run calls [`extend`](Self::extend) first.
    pub fn finish(mut self) -> Result<Sequence, Error> {
        self.extend()?;
        let values = match self.stream.as_mut() {
            Some(stream) => stream.take_computed(),
            None => std::mem::take(&mut self.values),
        };
        if values.len() as u64 != self.count {
            return Err(lost_values());
        }
        Ok(Sequence {
            game: self.game,
            values,
            resumed_from: self.resumed_from,
            period: self.period,
        })
    }

    /// Every value held so far: `G(0), …, G(len − 1)`.
    pub fn values(&self) -> View<'_> {
        match &self.stream {
            // Octal engines keep every value while they are not folded, and runs never fold them.
            Some(stream) => stream.computed().unwrap_or(View::Bytes(&[])),
            None => self.values.view(),
        }
    }

    /// How many values the run holds.
    pub fn len(&self) -> usize {
        match &self.stream {
            Some(stream) => {
                usize::try_from(Stream::position(stream.as_ref())).unwrap_or(usize::MAX)
            }
            None => self.values.len(),
        }
    }

    /// Whether the run holds no value yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many values the run computes in all.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// How many values were given to [`resume`](Self::resume) and kept.
    pub fn resumed_from(&self) -> usize {
        self.resumed_from
    }

    /// Whether the run holds all its values.
    pub fn is_complete(&self) -> bool {
        self.len() as u64 >= self.count
    }

    /// The certified period that finished the run, once one has.
    pub fn period(&self) -> Option<&PeriodFinish> {
        self.period.as_ref()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// The error for an engine that no longer holds the values it computed.
fn lost_values() -> Error {
    Error::Internal("a take-and-break engine did not keep the values it computed".to_owned())
}
