//! What every evaluation shares: a watched value stream, the memory reservations, the value
//! limits cut by work, and the stops.

use num_bigint::BigUint;

use super::answer::{ClosedForm, FamilyTheorem};
use super::{Analyzer, Basis, DEFAULT_WORK, Error, MoveTargets, Unit, WHOLE_POSITIONS_BYTES};
use crate::Observer;
use crate::budget::Exhausted;
use crate::engine::Stream;
use crate::games::summary::Summary;
use crate::games::theorem::{Part, PartLabel, Reading};
use crate::limits::PIPELINE_BYTES_PER_VALUE;
use crate::theory::period::{Certificate, one_two_value};
use num_traits::ToPrimitive;

/// A value stream that reports progress and stops when the observer says so, consulting it after
/// about [`Watched::WORK_BETWEEN_CHECKS`] options examined (not values: a value of `bash:10^6`
/// costs a million times one of `bash:3`).
pub(super) struct Watched<'o, S> {
    pub(super) values: S,
    pub(super) observer: &'o dyn Observer,
    pub(super) total: u64,
    pub(super) work: u64,
    pub(super) interrupted: bool,
    /// A bound on the whole stream's work, if any: see [`WorkCap`].
    pub(super) cap: Option<WorkCap>,
    /// The work spent so far, counted only under a cap.
    pub(super) spent: u64,
    /// Whether the cap ended the stream (not an error: the values so far stand).
    pub(super) capped: bool,
    /// The caller's observer, offered the values as checkpoints (the budget, which `observer`
    /// is, knows nothing of values).
    pub(super) checkpoints: Option<&'o dyn Observer>,
}

/// A bound on the work (options examined, as [`Stream::work_per_value`] estimates them) a
/// watched stream may spend in all: once the next value would take the total beyond `work`, the
/// stream ends — but never before `floor` values, which the question needs whatever they cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct WorkCap {
    /// The values always computed.
    pub(super) floor: u64,
    /// The work allowed in all (the floor is computed even when it costs more).
    pub(super) work: u64,
}

impl<'o, S: Stream> Watched<'o, S> {
    const WORK_BETWEEN_CHECKS: u64 = 1 << 22;

    pub(super) fn new(values: S, observer: &'o dyn Observer, total: u64) -> Self {
        Self {
            values,
            observer,
            total,
            work: 0,
            interrupted: false,
            cap: None,
            spent: 0,
            capped: false,
            checkpoints: None,
        }
    }

    /// The same stream, offering its values to `observer` ([`Observer::checkpoint`]).
    pub(super) fn with_checkpoints(self, observer: &'o dyn Observer) -> Self {
        Self {
            checkpoints: Some(observer),
            ..self
        }
    }

    /// The same stream, ending once it has spent the work `cap` allows.
    pub(super) fn with_cap(self, cap: Option<WorkCap>) -> Self {
        Self { cap, ..self }
    }

    /// Extends `prefix` to `count` values.
    ///
    /// # Errors
    /// [`Error::Interrupted`] if the observer stops it.
    /// Advances the stream to `count` values without copying them (for engines that keep them).
    ///
    /// # Errors
    /// [`Error::Interrupted`] if the observer stops it.
    pub(super) fn advance_to(&mut self, count: u64) -> Result<(), Error> {
        let missing = count.saturating_sub(self.values.position());
        self.by_ref().take(missing as usize).for_each(drop);
        if self.interrupted {
            return Err(Error::Interrupted {
                checked_to: self.values.position(),
                unit: Unit::Values,
            });
        }
        Ok(())
    }

    pub(super) fn extend_to(&mut self, prefix: &mut Vec<u32>, count: u64) -> Result<(), Error> {
        let missing = count.saturating_sub(prefix.len() as u64);
        prefix.extend(self.by_ref().take(missing as usize));
        if self.interrupted {
            return Err(Error::Interrupted {
                checked_to: prefix.len() as u64,
                unit: Unit::Values,
            });
        }
        Ok(())
    }
}

impl<S: Stream> Iterator for Watched<'_, S> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.interrupted || self.capped {
            return None;
        }
        let work = self.values.work_per_value();
        if let Some(cap) = self.cap {
            self.spent = self.spent.saturating_add(work);
            if self.spent > cap.work && self.values.position() >= cap.floor {
                self.capped = true;
                return None;
            }
        }
        self.work = self.work.saturating_add(work);
        if self.work >= Self::WORK_BETWEEN_CHECKS {
            self.work = 0;
            self.observer.progress(self.values.position(), self.total);
            self.offer_checkpoint();
            if self.observer.interrupted() {
                self.interrupted = true;
                return None;
            }
        }
        // A value dearer than the work between checks is watched while it is computed.
        let value = self.values.next_watched(self.observer);
        self.interrupted = value.is_err();
        if self.interrupted {
            self.offer_checkpoint();
        }
        value.unwrap_or(None)
    }
}

impl<S: Stream> Watched<'_, S> {
    /// Offers the values computed so far to the observer ([`Observer::checkpoint`]), when the
    /// engine keeps them all (take-and-break engines, unless folded on a period), when the stream
    /// has an observer for them ([`Self::with_checkpoints`]).
    fn offer_checkpoint(&self) {
        if let Some(observer) = self.checkpoints
            && let Some(values) = self.values.computed()
            && !values.is_empty()
        {
            observer.checkpoint(values);
        }
    }
}

impl Analyzer<'_> {
    /// The observer every computation of this analyzer polls: the caller's, with the deadline.
    pub(super) fn observer(&self) -> &dyn Observer {
        &self.budget
    }

    /// Accepts a computation that will hold `bytes` bytes, or refuses naming `what` needs them.
    pub(super) fn reserve(&self, bytes: u64, what: impl FnOnce() -> String) -> Result<(), Error> {
        self.budget.reserve(bytes).map_err(|_| Error::OutOfMemory {
            what: what(),
            needed: bytes,
            limit: self.budget.memory(),
        })
    }

    /// The threads one take-and-break sequence of `values` values may run on: the configured
    /// count, at most the cores of the machine (a pipeline waits on every hand-over: a thread
    /// without a core of its own stalls the others), and cut so that the copy of the values
    /// each thread past the first holds (at [`PIPELINE_BYTES_PER_VALUE`]) fits in the memory
    /// left beside the `held` bytes the run reserved.
    pub(super) fn sequence_threads(&self, values: u64, held: u64) -> usize {
        let copy = values.saturating_mul(PIPELINE_BYTES_PER_VALUE).max(1);
        let spare = self.budget.memory().saturating_sub(held) / copy;
        let copies = usize::try_from(spare)
            .unwrap_or(usize::MAX)
            .saturating_add(1);
        self.config
            .threads()
            .min(copies)
            .min(super::config::cores())
    }

    /// The configured value limit, or `default` cut so that the values cost at most
    /// [`DEFAULT_WORK`] at `work` each (but never below 1024 values).
    pub(super) fn work_limited(&self, default: u64, work: u64) -> u64 {
        if self.config.max_values.is_some() {
            return default;
        }
        default.min((DEFAULT_WORK / work.max(1)).max(1024))
    }

    /// Whether `moves` winning moves may each carry the whole position of `length` bytes.
    pub(super) fn whole_positions(&self, moves: usize, length: u64) -> Result<bool, Error> {
        let bytes = (moves as u64).saturating_mul(length);
        match self.config.move_targets {
            MoveTargets::Automatic => Ok(bytes <= WHOLE_POSITIONS_BYTES),
            MoveTargets::Whole => {
                self.reserve(bytes, || {
                    format!("{moves} winning moves written with the whole position each")
                })?;
                Ok(true)
            }
        }
    }

    /// Refuses an answer of `moves` moves, each naming heaps of about the size of `heap`, beyond
    /// the memory budget.
    pub(super) fn reserve_answer(&self, moves: usize, heap: &BigUint) -> Result<(), Error> {
        let per_move = 96 + 3 * (heap.bits() / 3 + 1);
        self.reserve((moves as u64).saturating_mul(per_move), || {
            format!("an answer listing {moves} winning moves")
        })
    }

    /// Stops when the caller interrupts or the deadline passes, with `checked_to` values done.
    pub(super) fn check(&self, checked_to: u64) -> Result<(), Error> {
        if self.budget.interrupted() {
            return Err(Error::Interrupted {
                checked_to,
                unit: Unit::Values,
            });
        }
        Ok(())
    }

    /// Tells a deadline from an interrupt in a stopped computation's error.
    pub(super) fn settle<T>(&self, result: Result<T, Error>) -> Result<T, Error> {
        match result {
            Err(Error::Interrupted { checked_to, unit }) => match self.budget.stop_reason() {
                Exhausted::TimedOut { allowed } => Err(Error::TimedOut {
                    allowed,
                    checked_to,
                    unit,
                }),
                _ => Err(Error::Interrupted { checked_to, unit }),
            },
            other => other,
        }
    }
}

/// Values of one sequence, enough to answer for heaps up to some size (or for all).
pub(super) enum Evaluation {
    Certified(Certificate),
    Computed(Vec<u32>),
    /// The subtraction game `{1, 2, k}` with `3 | k`, valued by its theorem (docs/theory.md §4)
    /// at any heap, whatever `k`: the period `k + 1` may be far too long to store.
    OneTwo(u64),
}

impl Evaluation {
    pub(super) fn value(&self, n: &BigUint) -> BigUint {
        match self {
            Self::Certified(certificate) => certificate.periodicity().value_at(n),
            Self::Computed(values) => {
                let n = n
                    .to_usize()
                    .expect("computed heaps are below the value limit");
                BigUint::from(values[n])
            }
            Self::OneTwo(k) => one_two_value(*k, n).into(),
        }
    }

    /// What the answer at `heaps` rests on (none for a table of values).
    pub(super) fn basis(self, heaps: &[BigUint]) -> Basis {
        match self {
            Self::Certified(certificate) => Basis::Certified(certificate),
            Self::Computed(values) => Basis::Computed {
                computed: values.len() as u64,
            },
            Self::OneTwo(k) => one_two_basis(k, heaps),
        }
    }

    /// `values[from..=to]` as big integers (`rows = to - from + 1`).
    pub(super) fn range(&self, from: &BigUint, rows: u64) -> Vec<BigUint> {
        match self {
            Self::Certified(certificate) => {
                let periodicity = certificate.periodicity();
                let (mut index, mut periods) = periodicity.locate(from);
                let end = (periodicity.preperiod() + periodicity.period()) as usize;
                let mut out = Vec::with_capacity(rows as usize);
                for _ in 0..rows {
                    out.push(
                        BigUint::from(periodicity.values().get(index))
                            + &periods * periodicity.saltus(),
                    );
                    index += 1;
                    if index == end {
                        index = periodicity.preperiod() as usize;
                        periods += 1u32;
                    }
                }
                out
            }
            Self::Computed(values) => {
                let start = from.to_usize().expect("computed heaps are small");
                values[start..start + rows as usize]
                    .iter()
                    .map(|&v| BigUint::from(v))
                    .collect()
            }
            Self::OneTwo(k) => (0..rows)
                .map(|row| one_two_value(*k, &(from + row)).into())
                .collect(),
        }
    }
}

/// The basis of `{1, 2, k}`'s values at `heaps` by its theorem, reading each heap's residue
/// (no reading for a table of values).
fn one_two_basis(k: u64, heaps: &[BigUint]) -> Basis {
    let modulus = BigUint::from(k) + 1u32;
    let reading = (!heaps.is_empty()).then(|| {
        Reading::xor(
            heaps
                .iter()
                .map(|heap| Part {
                    label: PartLabel::Residue {
                        residue: heap % &modulus,
                        modulus: modulus.clone(),
                    },
                    value: one_two_value(k, heap).into(),
                })
                .collect(),
        )
    });
    Basis::Rule(ClosedForm::Theorem(Box::new(FamilyTheorem {
        family: "subtraction",
        name: Summary {
            en: "the {1, 2, k} theorem",
            zh: "{1, 2, k} 定理",
        },
        statement: Summary {
            en: "when k is a multiple of 3, the values of S = {1, 2, k} have period k + 1 from 0: with r = n mod (k + 1), G(n) = r mod 3 for r < k and G(n) = 3 for r = k (docs/theory.md §4).",
            zh: "当 k 是 3 的倍数时，S = {1, 2, k} 的 SG 值从 0 起以 k + 1 为周期：记 r = n mod (k + 1)，r < k 时 G(n) = r mod 3，r = k 时 G(n) = 3（docs/theory.md §4）。",
        },
        reading,
    })))
}
