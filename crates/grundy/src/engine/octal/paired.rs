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

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::rare_common::RareCommon;
use crate::engine::Stream;
use crate::games::octal::Code;
use crate::theory::compact::{CompactValues, View, on_view};

/// The least work per value ([`Stream::work_per_value`]) worth two threads: below it, handing
/// values between cores costs more than the second core gains (0.1777 runs 2.7 times slower
/// on two threads than on one, Officers 1.6 times faster at 2^20).
const WORTH_TWO_THREADS: u64 = 1024;

/// Values evaluated per start of the two threads: at most this, at least [`SMALLEST_BATCH`], else
/// an eighth of the values so far (so that a run asks for few values beyond what it needs).
const LARGEST_BATCH: usize = 1 << 16;
const SMALLEST_BATCH: usize = 1 << 10;

/// How long a thread waiting for the other's value spins before it sleeps. On an idle machine
/// the other thread is a fraction of a value away (a few microseconds); a longer wait means it
/// is not running, and the core is better given up to whoever can use it.
const SPIN: Duration = Duration::from_micros(50);

/// Batches run the way that was faster lately, and now and then the other way, to notice when
/// that has become the faster (another process started or stopped competing for the cores).
/// Two threads are tried for a whole batch, as such a batch stops early once it falls behind the
/// pace of one thread ([`BEHIND`]): after [`TRY_TWO_AFTER`] batches on one thread, and after
/// twice as many each time the trial failed, at most [`TRY_TWO_AFTER_AT_MOST`] (a trial costs
/// little, but under a long contention it adds up). One thread is tried for a quarter of a batch
/// after [`TRY_ONE_AFTER`] batches on two.
const TRY_TWO_AFTER: u32 = 2;
const TRY_TWO_AFTER_AT_MOST: u32 = 16;
const TRY_ONE_AFTER: u32 = 8;

/// A batch on two threads stops once it has taken this much longer than one thread would have
/// (at the latest measured pace of one thread), plus [`GRACE`] for starting the thread.
const BEHIND: f64 = 1.25;
const GRACE: Duration = Duration::from_millis(1);

/// The rare/common engine on two threads; the values are those of [`RareCommon`].
///
/// # Complexity
/// As [`RareCommon`] per value, with consecutive heaps on different cores once a value costs
/// enough to be worth it and two threads prove faster than one (they are not when another
/// process keeps a core busy); twice its memory from then on (each thread holds the values).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::octal::{Paired, RareCommon};
/// let grundy::Game::Octal(officers) = grundy::parse_game("0.6")? else { unreachable!() };
/// let two: Vec<u32> = Paired::new(&officers).ok_or("no pairing")?.take(5000).collect();
/// let one: Vec<u32> = RareCommon::new(&officers).ok_or("no rare/common split")?.take(5000).collect();
/// assert_eq!(two, one);
/// # Ok(()) }
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
    /// Whether the next batch runs on one thread or two.
    chooser: Chooser,
    /// Values handed out so far (the engines may hold a few more).
    position: usize,
}

/// One thread or two for a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Threads {
    One = 0,
    Two = 1,
}

impl Threads {
    fn other(self) -> Self {
        match self {
            Self::One => Self::Two,
            Self::Two => Self::One,
        }
    }
}

/// Chooses each batch's threads by the measured speed of the latest batch each way.
struct Chooser {
    /// Wall nanoseconds per value and unit of work of the latest batch on one thread
    /// (`cost[0]`) and on two (`cost[1]`); `None` before the first.
    cost: [Option<f64>; 2],
    /// Batches run the faster way since the other was last tried.
    since_tried: u32,
    /// Batches on one thread, while it is the faster, before two are tried again.
    try_two_after: u32,
    /// The way of the latest batch.
    latest: Threads,
    /// Instead of the measurements (tests): the threads of a batch from its first heap, and
    /// whether a batch on two threads stops early after each of its first thread's heaps.
    forced: Option<Forced>,
}

/// A schedule of threads for tests, instead of the measured one.
#[derive(Clone, Copy)]
struct Forced {
    /// The threads of the batch from a heap.
    threads: fn(usize) -> Threads,
    /// Whether a batch on two threads stops (at the next heap it can) when its first thread is
    /// about to evaluate this heap.
    stop_at: fn(usize) -> bool,
}

impl Chooser {
    fn new() -> Self {
        Self {
            cost: [None, None],
            since_tried: 0,
            try_two_after: TRY_TWO_AFTER,
            latest: Threads::Two,
            forced: None,
        }
    }

    /// The threads for a batch of `batch` values from heap `start`, and how many values to
    /// evaluate (a quarter when trying one thread).
    fn choose(&mut self, start: usize, batch: usize) -> (Threads, usize) {
        let quarter = (batch / 4).max(SMALLEST_BATCH).min(batch);
        if let Some(forced) = self.forced {
            return ((forced.threads)(start), batch);
        }
        let faster = match self.cost {
            [None, _] => return (Threads::One, quarter),
            [Some(_), None] => return (Threads::Two, batch),
            [Some(one), Some(two)] if one <= two => Threads::One,
            _ => Threads::Two,
        };
        let after = match faster {
            Threads::One => self.try_two_after,
            Threads::Two => {
                self.try_two_after = TRY_TWO_AFTER;
                TRY_ONE_AFTER
            }
        };
        let threads = if self.since_tried >= after {
            self.since_tried = 0;
            if faster == Threads::One {
                self.try_two_after = (self.try_two_after * 2).min(TRY_TWO_AFTER_AT_MOST);
            }
            faster.other()
        } else {
            self.since_tried += 1;
            faster
        };
        match threads {
            Threads::One if faster == Threads::Two => (threads, quarter),
            _ => (threads, batch),
        }
    }

    /// How long two threads may take over `values` values of `work` each before they are
    /// behind one thread: `None` (no limit) until one thread has been measured.
    fn allowed(&self, values: usize, work: u64) -> Option<Duration> {
        let one = self.cost[Threads::One as usize]?;
        let nanos = one * values as f64 * work as f64 * BEHIND;
        Some(GRACE + Duration::from_nanos(nanos as u64))
    }

    /// Records that a batch of `values` values, `work` each, took `elapsed` on `threads`.
    fn record(&mut self, threads: Threads, values: usize, work: u64, elapsed: Duration) {
        self.latest = threads;
        let cost = elapsed.as_nanos() as f64 / (values.max(1) as f64 * work.max(1) as f64);
        self.cost[threads as usize] = Some(cost);
    }
}

/// A mailbox of the values one thread evaluated: slot `(n / 2) mod SLOTS` holds `G(n)`. A thread
/// publishes `G(n)` before it receives `G(n - 1)`, so the other thread may publish `G(n + 1)` before
/// this one has read `G(n - 1)` — but not `G(n + 3)`, which needs `G(n + 2)` from this thread
/// first: two unread values at most, and four slots. Aligned to two cache lines so that the two
/// mailboxes, each written by one thread, never share one.
///
/// A receiver spins for [`SPIN`], then sleeps on the condition variable with `sleeping` set;
/// the publisher wakes it only when that flag is set (checked after publishing: with both
/// sequentially consistent, either the receiver sees the value or the publisher sees the flag).
#[repr(align(128))]
struct Handoff {
    slots: [Slot; SLOTS],
    /// Set by the receiver before it looks at the slot a last time and sleeps.
    sleeping: AtomicBool,
    /// Set when the publishing thread stopped early (it panicked): the receiver then stops too
    /// rather than wait for ever.
    abandoned: AtomicBool,
    lock: Mutex<()>,
    wake: Condvar,
    /// How long a receiver spins before it sleeps.
    spin: Duration,
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
            sleeping: AtomicBool::new(false),
            abandoned: AtomicBool::new(false),
            lock: Mutex::new(()),
            wake: Condvar::new(),
            spin: SPIN,
        }
    }

    fn publish(&self, n: usize, value: u32) {
        let slot = &self.slots[(n / 2) % SLOTS];
        slot.value.store(value, Ordering::Relaxed);
        slot.published.store(n as u64 + 1, Ordering::SeqCst);
        if self.sleeping.load(Ordering::SeqCst) {
            self.wake_receiver();
        }
    }

    fn wake_receiver(&self) {
        // Taken so that the receiver is either before its last look at the slot or asleep.
        drop(self.lock.lock().unwrap_or_else(PoisonError::into_inner));
        self.wake.notify_one();
    }

    /// Waits for `G(n)`.
    fn receive(&self, n: usize) -> u32 {
        let slot = &self.slots[(n / 2) % SLOTS];
        let ready = || slot.published.load(Ordering::SeqCst) == n as u64 + 1;
        if !ready() {
            self.wait(ready);
        }
        slot.value.load(Ordering::Relaxed)
    }

    /// Spins for [`Self::spin`] or until `ready`, then sleeps until it is.
    fn wait(&self, ready: impl Fn() -> bool) {
        let mut since = None;
        loop {
            for _ in 0..64 {
                if ready() {
                    return;
                }
                std::hint::spin_loop();
            }
            let now = Instant::now();
            if now.duration_since(*since.get_or_insert(now)) >= self.spin {
                break;
            }
        }
        let mut guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        self.sleeping.store(true, Ordering::SeqCst);
        while !ready() {
            assert!(
                !self.abandoned.load(Ordering::SeqCst),
                "the other thread of the pair stopped"
            );
            guard = self
                .wake
                .wait(guard)
                .unwrap_or_else(PoisonError::into_inner);
        }
        self.sleeping.store(false, Ordering::Relaxed);
    }
}

/// Marks a thread's mailbox abandoned if the thread unwinds, so that the other thread, waiting
/// for a value that will never come, stops too (and the scope passes the panic on).
struct Abandon<'a>(&'a Handoff);

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.abandoned.store(true, Ordering::SeqCst);
            self.0.wake_receiver();
        }
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
            chooser: Chooser::new(),
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

    /// Evaluates the heaps from `first.len()` on, about `batch` of them: on two threads once the
    /// work per value is worth it, a thread can be started and two threads were the faster
    /// lately, else on one. Both engines then hold the same values.
    fn fill(&mut self, batch: usize) {
        let start = self.first.len();
        let work = self.first.work_per_value();
        if self.second.is_none() && work >= self.worth_two_threads {
            self.second = RareCommon::resume(&self.code, self.first.to_vec());
        }
        let Some(second) = &mut self.second else {
            self.one_thread(start..start + batch);
            return;
        };
        let (threads, batch) = self.chooser.choose(start, batch);
        let began = Instant::now();
        let end = AtomicUsize::new(start + batch);
        let ran = threads == Threads::Two && {
            let first = &mut self.first;
            let [to_second, to_first] = &self.handoffs;
            let chooser = &self.chooser;
            // The first thread checks the pace every 16 of its heaps, and ends the batch once
            // it has fallen behind one thread.
            let mut heaps = 0usize;
            let behind = |n: usize| {
                heaps += 1;
                match chooser.forced {
                    Some(forced) => (forced.stop_at)(n),
                    None => {
                        heaps.is_multiple_of(16)
                            && chooser
                                .allowed(n - start, work)
                                .is_some_and(|allowed| began.elapsed() > allowed)
                    }
                }
            };
            std::thread::scope(|scope| {
                let helper = std::thread::Builder::new()
                    .name("grundy-paired".into())
                    .spawn_scoped(scope, || {
                        evaluate(second, 1, start, &end, to_first, to_second, |_| false);
                    });
                if helper.is_ok() {
                    evaluate(first, 0, start, &end, to_second, to_first, behind);
                }
                helper.is_ok()
            })
        };
        let end = end.into_inner();
        if ran {
            self.chooser
                .record(Threads::Two, end - start, work, began.elapsed());
        } else {
            self.one_thread(start..end);
            self.chooser
                .record(Threads::One, end - start, work, began.elapsed());
        }
    }

    /// Evaluates the heaps in `range` on this thread, recording them in both engines.
    fn one_thread(&mut self, range: std::ops::Range<usize>) {
        for n in range.clone() {
            let value = self.first.value_at(n, None);
            self.first.push(n, value);
            self.first.rechoose_if_due();
        }
        if let Some(second) = &mut self.second {
            for n in range {
                second.push(n, self.first.value(n));
                second.rechoose_if_due();
            }
        }
    }
}

/// Evaluates the heaps `n` from `start` to `end - 1` with `n mod 2 == parity`, publishing each in
/// `mine` and receiving the others' values from `theirs`.
///
/// The first thread (`parity` 0) may end the batch early: when `stop(n)` before its heap `n`, it
/// sets `end` to `n + 2`. The other thread is then at most at heap `n + 1` (it needs `G(n)` to
/// start `n + 3`), and sees the new end before it decides on `n + 3` (it has received `G(n)`,
/// published after the store). Both threads stop at one end.
fn evaluate(
    engine: &mut RareCommon,
    parity: usize,
    start: usize,
    end: &AtomicUsize,
    mine: &Handoff,
    theirs: &Handoff,
    mut stop: impl FnMut(usize) -> bool,
) {
    let _abandon = Abandon(mine);
    let mut n = start + (start + parity) % 2;
    while n < end.load(Ordering::SeqCst) {
        if n + 2 < end.load(Ordering::SeqCst) && stop(n) {
            end.store(n + 2, Ordering::SeqCst);
        }
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
    if engine.len() + 1 == end.load(Ordering::SeqCst) {
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
            self.fill((self.position / 8).clamp(SMALLEST_BATCH, LARGEST_BATCH));
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
        if self.second.is_some() && self.chooser.latest == Threads::Two {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::octal::code;

    /// Two threads for the batches from heaps with an even thousand, one for the others.
    fn alternate(start: usize) -> Threads {
        if (start / 1000).is_multiple_of(2) {
            Threads::Two
        } else {
            Threads::One
        }
    }

    #[test]
    fn batches_on_one_thread_stopped_early_or_asleep_give_the_one_thread_values() {
        // Officers reads G(n - 1) after its scan; 0.16 only keeps the copies in step; 0.106
        // uses the position-parity split.
        for (text, digits) in [
            ("0.6", &[0, 6][..]),
            ("0.16", &[0, 1, 6]),
            ("0.106", &[0, 1, 0, 6]),
        ] {
            let code = code(digits);
            let one: Vec<u32> = RareCommon::new(&code).unwrap().take(20_000).collect();
            for stop_at in [(|n| n % 700 < 2) as fn(usize) -> bool, |n| n % 3 == 0] {
                let mut two = Paired::new(&code).unwrap().two_threads_from(0);
                two.chooser.forced = Some(Forced {
                    threads: alternate,
                    stop_at,
                });
                for handoff in &mut two.handoffs {
                    // Every wait sleeps, unless the value is there already.
                    handoff.spin = Duration::ZERO;
                }
                let values: Vec<u32> = two.by_ref().take(20_000).collect();
                assert_eq!(values, one, "{text}");
                assert!(two.chooser.cost.iter().all(Option::is_some), "{text}");
            }
        }
    }

    #[test]
    fn a_receiver_stops_when_the_publisher_panics() {
        let handoff = Handoff::new();
        let outcome = std::panic::catch_unwind(|| {
            std::thread::scope(|scope| {
                scope.spawn(|| {
                    let _abandon = Abandon(&handoff);
                    panic!("the publisher fails");
                });
                handoff.receive(0)
            })
        });
        assert!(outcome.is_err());
    }
}
