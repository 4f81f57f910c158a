//! The two-thread pipeline: two rare/common engines evaluate alternate heaps, each handing its
//! value to the other as soon as it is known.
//!
//! Heap `n` needs `G(n - 1)` only for the move that leaves one heap of `n - 1` (digit 1, or a
//! split of the whole heap by digit 0); its rare pairs and scans use heaps up to `n - 2`. So while
//! one thread finishes heap `n`, the other already runs heap `n + 1`, and receives `G(n)` only
//! when it needs it — after its scan, or after its whole evaluation when no move reads it. A
//! thread publishes its value before it waits for the other's. Each engine keeps its own copy of
//! the values (no shared mutable memory), and chooses its own split; any split gives the same
//! values, so the sequence is exactly the one-thread sequence.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use super::Code;
use super::rare_common::RareCommon;
use crate::compact::{CompactValues, View, on_view};
use crate::engine::Stream;

/// The least work per value ([`Stream::work_per_value`]) worth two threads: below it, handing
/// values between cores costs more than the second core gains (0.1777 runs 2.7 times slower
/// on two threads than on one, Officers 1.6 times faster at 2^20).
const WORTH_TWO_THREADS: u64 = 1024;

/// Values evaluated per start of the two threads: at most this, at least [`SMALLEST_BATCH`], else
/// an eighth of the values so far (so that a run asks for few values beyond what it needs).
const LARGEST_BATCH: usize = 1 << 16;
const SMALLEST_BATCH: usize = 1 << 10;

/// The rare/common engine on two threads; the values are those of [`RareCommon`].
///
/// # Complexity
/// As [`RareCommon`] per value, with consecutive heaps on different cores once a value costs
/// enough to be worth it; twice its memory from then on (each thread holds the values).
///
/// # Example
/// ```
/// use grundy::octal::{Paired, RareCommon};
/// let grundy::Game::Octal(officers) = grundy::parse_game("0.6").unwrap() else { unreachable!() };
/// let two: Vec<u32> = Paired::new(&officers).unwrap().take(5000).collect();
/// let one: Vec<u32> = RareCommon::new(&officers).unwrap().take(5000).collect();
/// assert_eq!(two, one);
/// ```
pub struct Paired {
    code: Code,
    first: RareCommon,
    /// The second engine, from the first batch worth two threads on.
    second: Option<RareCommon>,
    /// The least work per value for which the second thread runs.
    worth_two_threads: u64,
    /// The first engine's work per value, as last estimated, and when to estimate it again.
    work: u64,
    estimated_until: usize,
    /// `handoffs[k]`: the values engine `k` evaluated, for the other engine.
    handoffs: [Handoff; 2],
    /// Values handed out so far (the engines may hold a few more).
    position: usize,
}

/// A mailbox of the values one thread evaluated: slot `(n / 2) mod SLOTS` holds `G(n)`. A thread
/// publishes `G(n)` before it receives `G(n - 1)`, so the other thread may publish `G(n + 1)` before
/// this one has read `G(n - 1)` — but not `G(n + 3)`, which needs `G(n + 2)` from this thread
/// first: two unread values at most, and four slots. Aligned to two cache lines so that the two
/// mailboxes, each written by one thread, never share one.
#[repr(align(128))]
struct Handoff {
    slots: [Slot; SLOTS],
}

const SLOTS: usize = 4;

struct Slot {
    /// `n + 1` once `G(n)` is in `value`; 0 before any.
    published: AtomicU64,
    value: AtomicU32,
}

impl Handoff {
    fn new() -> Self {
        Self {
            slots: std::array::from_fn(|_| Slot {
                published: AtomicU64::new(0),
                value: AtomicU32::new(0),
            }),
        }
    }

    fn publish(&self, n: usize, value: u32) {
        let slot = &self.slots[(n / 2) % SLOTS];
        slot.value.store(value, Ordering::Relaxed);
        slot.published.store(n as u64 + 1, Ordering::Release);
    }

    /// Waits for `G(n)`.
    fn receive(&self, n: usize) -> u32 {
        let slot = &self.slots[(n / 2) % SLOTS];
        let mut spins = 0u32;
        while slot.published.load(Ordering::Acquire) != n as u64 + 1 {
            if spins < 1 << 12 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        slot.value.load(Ordering::Relaxed)
    }
}

impl Paired {
    /// Starts at `G(0)`, or `None` where [`RareCommon`] does not apply.
    pub fn new(code: &Code) -> Option<Self> {
        Self::resume(code, Vec::new())
    }

    /// Continues from the values already computed (a checkpoint).
    pub fn resume(code: &Code, prefix: Vec<u32>) -> Option<Self> {
        let position = prefix.len();
        Some(Self {
            code: code.clone(),
            first: RareCommon::resume(code, prefix)?,
            second: None,
            worth_two_threads: WORTH_TWO_THREADS,
            work: 1,
            estimated_until: 0,
            handoffs: [Handoff::new(), Handoff::new()],
            position,
        })
    }

    /// Runs the second thread once a value costs `work` ([`Stream::work_per_value`]); 0 runs
    /// it from the start. The default keeps cheap values on one thread, where handing values
    /// between cores would cost more than the second core gains.
    #[must_use]
    pub fn two_threads_from(mut self, work: u64) -> Self {
        self.worth_two_threads = work;
        self
    }

    /// Evaluates the heaps up to `end - 1`: on two threads once the work per value is worth it
    /// (and a thread can be started), else on one. Both engines then hold `G(0), …, G(end - 1)`.
    fn fill(&mut self, end: usize) {
        let start = self.first.len();
        if self.second.is_none() && self.first.work_per_value() >= self.worth_two_threads {
            self.second = RareCommon::resume(&self.code, self.first.to_vec());
        }
        let started = match &mut self.second {
            Some(second) => {
                let first = &mut self.first;
                let [to_second, to_first] = &self.handoffs;
                std::thread::scope(|scope| {
                    let helper = std::thread::Builder::new()
                        .name("grundy-paired".into())
                        .spawn_scoped(scope, || {
                            evaluate(second, 1, start..end, to_first, to_second);
                        });
                    if helper.is_ok() {
                        evaluate(first, 0, start..end, to_second, to_first);
                    }
                    helper.is_ok()
                })
            }
            None => false,
        };
        if !started {
            for n in start..end {
                let value = self.first.value_at(n, None);
                self.first.push(n, value);
                self.first.rechoose_if_due();
            }
            if let Some(second) = &mut self.second {
                for n in start..end {
                    second.push(n, self.first.value(n));
                }
            }
        }
    }
}

/// Evaluates the heaps `n` in `range` with `n mod 2 == parity`, publishing each in `mine` and
/// receiving the others' values from `theirs`.
fn evaluate(
    engine: &mut RareCommon,
    parity: usize,
    range: std::ops::Range<usize>,
    mine: &Handoff,
    theirs: &Handoff,
) {
    let mut n = range.start + (range.start + parity) % 2;
    while n < range.end {
        let value = if engine.len() < n {
            engine.value_at(n, Some(&mut || theirs.receive(n - 1)))
        } else {
            engine.value_at(n, None)
        };
        // Published first: the other thread may need it before this one needs G(n - 1).
        mine.publish(n, value);
        engine.receive_previous(n, || theirs.receive(n - 1));
        engine.push(n, value);
        engine.rechoose_if_due();
        n += 2;
    }
    // The value of the other parity just before the end, if this engine has not received it.
    if engine.len() + 1 == range.end {
        let n = engine.len();
        let value = theirs.receive(n);
        engine.push(n, value);
    }
}

impl Iterator for Paired {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.position == self.first.len() {
            if self.position >= self.estimated_until {
                // The work per value changes slowly: estimated every 1 024 values.
                self.work = self.first.work_per_value();
                self.estimated_until = self.position + 1024;
            }
            if self.second.is_none() && self.work < self.worth_two_threads {
                // One thread, value by value: no batch computed ahead.
                let n = self.position;
                let value = self.first.value_at(n, None);
                self.first.push(n, value);
                self.first.rechoose_if_due();
                self.position += 1;
                return Some(value);
            }
            let batch = (self.position / 8).clamp(SMALLEST_BATCH, LARGEST_BATCH);
            self.fill(self.position + batch);
        }
        let value = self.first.value(self.position);
        self.position += 1;
        Some(value)
    }
}

impl Stream for Paired {
    fn position(&self) -> u64 {
        self.position as u64
    }

    fn work_per_value(&self) -> u64 {
        let work = self.work;
        if self.second.is_some() {
            work / 2 + 1
        } else {
            work
        }
    }

    fn computed(&self) -> Option<View<'_>> {
        // The engines may hold a batch beyond the values handed out.
        let all = self.first.all()?;
        Some(on_view!(all, values => View::from_slice(&values[..self.position])))
    }

    fn take_computed(&mut self) -> CompactValues {
        self.second = None;
        self.first.take_values(self.position)
    }

    fn fold_on_period(&mut self, preperiod: u64, period: u64) -> bool {
        let (n0, p) = (preperiod as usize, period as usize);
        // Both engines hold the same values, so both fold or neither does.
        self.first.fold_values(n0, p)
            && self
                .second
                .as_mut()
                .is_none_or(|second| second.fold_values(n0, p))
    }

    fn unfold_all(&mut self) {
        self.first.unfold_values();
        if let Some(second) = &mut self.second {
            second.unfold_values();
        }
    }

    fn folded_period(&self) -> Option<(u64, u64)> {
        let first = self.first.values_folded_on()?;
        if let Some(second) = &self.second
            && second.values_folded_on() != Some(first)
        {
            return None;
        }
        Some((first.0 as u64, first.1 as u64))
    }
}
