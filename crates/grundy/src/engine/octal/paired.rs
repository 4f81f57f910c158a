//! The pipeline: `T` rare/common engines on `T` threads evaluate heaps in turn — heap `start + i`
//! on engine `i mod T` — each handing its value to the others as soon as it is known.
//!
//! Heap `n` needs the values of the `T - 1` heaps before it only for the few moves that reach
//! them: the one-heap moves to `n - j` for small `j` and the split pairs `(b, m - b)` whose larger
//! part is one of them (`b < T`). Its rare pass and scan use the heaps held already. So while one
//! thread finishes heap `n`, the others already run heaps `n + 1, …, n + T - 1`; each evaluates
//! everything it can without the pending values, receives them, and corrects its answer in the
//! rare case one of them reaches the candidate value. A thread publishes its value before it
//! waits for the others'. Each engine keeps its own copy of the values (no shared mutable
//! memory), and chooses its own split; any split gives the same values, so the sequence is
//! exactly the one-thread sequence, whatever `T`.
//!
//! Why it scales, and where it stops: per heap, a thread does the work of one value (thousands
//! of pair operations for Officers) plus `T - 1` receptions and one publication; the critical
//! path through the pending values is one hand-over (a cache line between cores) plus the
//! correction, a few pair operations. `T` threads therefore run up to `T` times as fast while a
//! value costs much more than `T` hand-overs (BENCHMARKS.md, "Many threads on one sequence").

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::rare_common::RareCommon;
use crate::engine::Stream;
use crate::games::octal::Code;
use crate::theory::compact::{CompactValues, View, on_view};

/// The least work per value ([`Stream::work_per_value`]) worth more than one thread: below it,
/// handing values between cores costs more than the other cores gain (0.1777 runs 2.7 times
/// slower on two threads than on one, Officers 1.6 times faster at 2^20).
const WORTH_MANY_THREADS: u64 = 1024;

/// The most threads one pipeline runs: each holds a copy of the values.
pub const MAX_PIPELINE_THREADS: usize = 64;

/// Values evaluated per start of the pipeline's threads: at most this, at least [`SMALLEST_BATCH`], else
/// an eighth of the values so far (so that a run asks for few values beyond what it needs).
const LARGEST_BATCH: usize = 1 << 16;
const SMALLEST_BATCH: usize = 1 << 10;

/// How long a thread waiting for the other's value spins before it sleeps. On an idle machine
/// the other thread is a fraction of a value away (a few microseconds); a longer wait means it
/// is not running, and the core is better given up to whoever can use it.
const SPIN: Duration = Duration::from_micros(50);

/// Batches run the way that was faster lately (one thread, or the pipeline's `T`), and now and
/// then the other way, to notice when that has become the faster (another process started or
/// stopped competing for the cores). The `T` threads are tried for a whole batch, as such a batch
/// stops early once it falls behind the pace of one thread ([`BEHIND`]): after
/// [`TRY_MANY_AFTER`] batches on one thread, and after twice as many each time the trial failed,
/// at most [`TRY_MANY_AFTER_AT_MOST`] (a trial costs little, but under a long contention it adds
/// up). One thread is tried for a quarter of a batch after [`TRY_ONE_AFTER`] batches on `T`.
const TRY_MANY_AFTER: u32 = 2;
const TRY_MANY_AFTER_AT_MOST: u32 = 16;
const TRY_ONE_AFTER: u32 = 8;

/// A batch on `T` threads stops once it has taken this much longer than one thread would have
/// (at the latest measured pace of one thread), plus [`GRACE`] for starting the threads.
const BEHIND: f64 = 1.25;
const GRACE: Duration = Duration::from_millis(1);

/// The rare/common engine on `T` threads (2 unless [`with_threads`](Self::with_threads) says
/// otherwise); the values are those of [`RareCommon`], whatever `T`.
///
/// # Complexity
/// As [`RareCommon`] per value, with consecutive heaps on different cores once a value costs
/// enough to be worth it and the threads prove faster than one (they are not when other
/// processes keep the cores busy); `T` times its memory from then on (each thread holds the
/// values).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::octal::{Paired, RareCommon};
/// let grundy::Game::Octal(officers) = grundy::parse_game("0.6")? else { unreachable!() };
/// let one: Vec<u32> = RareCommon::new(&officers).ok_or("no rare/common split")?.take(5000).collect();
/// for threads in [2, 3] {
///     let many = Paired::new(&officers).ok_or("no pipeline")?.with_threads(threads);
///     assert_eq!(many.take(5000).collect::<Vec<u32>>(), one);
/// }
/// # Ok(()) }
/// ```
pub struct Paired {
    code: Code,
    first: RareCommon,
    /// The engines of the other threads, from the first batch worth several threads on.
    others: Vec<RareCommon>,
    /// The threads of the pipeline, `T` (at least 2).
    threads: usize,
    /// The least work per value for which the other threads run.
    worth_many_threads: u64,
    /// The first engine's work per value, as last estimated, and when to estimate it again.
    work: u64,
    estimated_until: usize,
    /// `handoffs[k]`: the values engine `k` evaluated, for the others (engine 0 is `first`).
    handoffs: Vec<Handoff>,
    /// Whether the next batch runs on one thread or `T`.
    chooser: Chooser,
    /// Values handed out so far (the engines may hold a few more).
    position: usize,
}

/// One thread or the pipeline's `T` for a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Threads {
    One = 0,
    Many = 1,
}

impl Threads {
    fn other(self) -> Self {
        match self {
            Self::One => Self::Many,
            Self::Many => Self::One,
        }
    }
}

/// Chooses each batch's threads by the measured speed of the latest batch each way.
struct Chooser {
    /// Wall nanoseconds per value and unit of work of the latest batch on one thread
    /// (`cost[0]`) and on `T` (`cost[1]`); `None` before the first.
    cost: [Option<f64>; 2],
    /// Batches run the faster way since the other was last tried.
    since_tried: u32,
    /// Batches on one thread, while it is the faster, before `T` are tried again.
    try_many_after: u32,
    /// The way of the latest batch.
    latest: Threads,
    /// Instead of the measurements (tests): the threads of a batch from its first heap, and
    /// whether a batch on `T` threads stops early after each of its first thread's heaps.
    forced: Option<Forced>,
}

/// A schedule of threads for tests, instead of the measured one.
#[derive(Clone, Copy)]
struct Forced {
    /// The threads of the batch from a heap.
    threads: fn(usize) -> Threads,
    /// Whether a batch on `T` threads stops (at the next heap it can) when its first thread is
    /// about to evaluate this heap.
    stop_at: fn(usize) -> bool,
}

impl Chooser {
    fn new() -> Self {
        Self {
            cost: [None, None],
            since_tried: 0,
            try_many_after: TRY_MANY_AFTER,
            latest: Threads::Many,
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
            [Some(_), None] => return (Threads::Many, batch),
            [Some(one), Some(two)] if one <= two => Threads::One,
            _ => Threads::Many,
        };
        let after = match faster {
            Threads::One => self.try_many_after,
            Threads::Many => {
                self.try_many_after = TRY_MANY_AFTER;
                TRY_ONE_AFTER
            }
        };
        let threads = if self.since_tried >= after {
            self.since_tried = 0;
            if faster == Threads::One {
                self.try_many_after = (self.try_many_after * 2).min(TRY_MANY_AFTER_AT_MOST);
            }
            faster.other()
        } else {
            self.since_tried += 1;
            faster
        };
        match threads {
            Threads::One if faster == Threads::Many => (threads, quarter),
            _ => (threads, batch),
        }
    }

    /// How long `T` threads may take over `values` values of `work` each before they are
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

/// A mailbox of the values one thread evaluated in a batch from heap `start` on `T` threads:
/// that thread's `k`-th heap of the batch, `start + k·T + index`, goes to slot `k mod SLOTS`. A
/// thread starts heap `n + T` only once it holds every value below `n + 1` (it pushed `G(n)`
/// after receiving the ones before), so when it publishes `G(n + 3T)` every other thread has
/// published a heap in `[n + T, n + 2T)`, which it started holding `G(n)`: a receiver reads a
/// slot before it is written again, with four slots. (A receiver also checks the heap a slot
/// holds, so a slot written too early could only make it wait, never read a wrong value.) Aligned to two
/// cache lines so that mailboxes, each written by one thread, never share one.
///
/// A receiver spins for [`SPIN`], then sleeps on the condition variable, counted in `sleepers`;
/// the publisher wakes them only when that count is not 0 (checked after publishing: with both
/// sequentially consistent, either the receiver sees the value or the publisher sees the count).
#[repr(align(128))]
struct Handoff {
    slots: [Slot; SLOTS],
    /// Receivers asleep or about to sleep (counted before their last look at the slot).
    sleepers: AtomicUsize,
    /// Set when the publishing thread stopped early (it panicked): the receivers then stop too
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
            sleepers: AtomicUsize::new(0),
            abandoned: AtomicBool::new(false),
            lock: Mutex::new(()),
            wake: Condvar::new(),
            spin: SPIN,
        }
    }

    /// Publishes `G(n)`, the thread's `k`-th heap of the batch.
    fn publish(&self, k: usize, n: usize, value: u32) {
        let slot = &self.slots[k % SLOTS];
        slot.value.store(value, Ordering::Relaxed);
        slot.published.store(n as u64 + 1, Ordering::SeqCst);
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            self.wake_receivers();
        }
    }

    fn wake_receivers(&self) {
        // Taken so that every receiver is either before its last look at the slot or asleep.
        drop(self.lock.lock().unwrap_or_else(PoisonError::into_inner));
        self.wake.notify_all();
    }

    /// Waits for `G(n)`, the thread's `k`-th heap of the batch.
    fn receive(&self, k: usize, n: usize) -> u32 {
        let slot = &self.slots[k % SLOTS];
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
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        while !ready() {
            assert!(
                !self.abandoned.load(Ordering::SeqCst),
                "another thread of the pipeline stopped"
            );
            guard = self
                .wake
                .wait(guard)
                .unwrap_or_else(PoisonError::into_inner);
        }
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Receives `G(n)` of a batch from heap `start` from the mailbox of the thread that evaluates
/// it: thread `(n - start) mod T`, its heap `(n - start) / T` of the batch.
fn receive_value(handoffs: &[Handoff], start: usize, n: usize) -> u32 {
    let i = n - start;
    let threads = handoffs.len();
    handoffs[i % threads].receive(i / threads, n)
}

/// Marks a thread's mailbox abandoned if the thread unwinds, so that the others, waiting for a
/// value that will never come, stop too (and the scope passes the panic on).
struct Abandon<'a>(&'a Handoff);

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.abandoned.store(true, Ordering::SeqCst);
            self.0.wake_receivers();
        }
    }
}

/// Holds the threads of a batch until every one has started: they run only if all did (a
/// thread that could not start would leave the others waiting for its values).
struct Gate {
    open: Mutex<Option<bool>>,
    opened: Condvar,
}

impl Gate {
    fn new() -> Self {
        Self {
            open: Mutex::new(None),
            opened: Condvar::new(),
        }
    }

    /// Lets the threads go (`true`) or sends them home.
    fn open(&self, go: bool) {
        *self.open.lock().unwrap_or_else(PoisonError::into_inner) = Some(go);
        self.opened.notify_all();
    }

    /// Waits until the gate opens; whether to go.
    fn wait(&self) -> bool {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(go) = *open {
                return go;
            }
            open = self
                .opened
                .wait(open)
                .unwrap_or_else(PoisonError::into_inner);
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
            others: Vec::new(),
            threads: 2,
            worth_many_threads: WORTH_MANY_THREADS,
            work: 1,
            estimated_until: 0,
            handoffs: (0..2).map(|_| Handoff::new()).collect(),
            chooser: Chooser::new(),
            position,
        })
    }

    /// Runs the pipeline on `threads` threads, at least 2 and at most
    /// [`MAX_PIPELINE_THREADS`]. More threads than cores give the same values, slower.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        let threads = threads.clamp(2, MAX_PIPELINE_THREADS);
        if threads != self.threads {
            self.threads = threads;
            self.others.clear();
            self.handoffs = (0..threads).map(|_| Handoff::new()).collect();
        }
        self
    }

    /// The threads of the pipeline when it runs.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs the other threads once a value costs `work` ([`Stream::work_per_value`]); 0 runs
    /// them from the start. The default keeps cheap values on one thread, where handing values
    /// between cores would cost more than the other cores gain.
    #[must_use]
    pub fn threads_from(mut self, work: u64) -> Self {
        self.worth_many_threads = work;
        self
    }

    /// Evaluates the heaps from `first.len()` on, about `batch` of them: on `T` threads once
    /// the work per value is worth it, the threads can be started and they were the faster
    /// lately, else on one. Every engine then holds the same values.
    fn fill(&mut self, batch: usize) {
        let start = self.first.len();
        let work = self.first.work_per_value();
        if self.others.is_empty() && work >= self.worth_many_threads {
            let values = self.first.to_vec();
            self.others = (1..self.threads)
                .filter_map(|_| RareCommon::resume(&self.code, values.clone()))
                .collect();
        }
        if self.others.is_empty() {
            self.one_thread(start..start + batch);
            return;
        }
        let (threads, batch) = self.chooser.choose(start, batch);
        let began = Instant::now();
        let end = AtomicUsize::new(start + batch);
        let ran = threads == Threads::Many && {
            let first = &mut self.first;
            let others = &mut self.others;
            let handoffs = &self.handoffs[..];
            let chooser = &self.chooser;
            // The first thread checks the pace about every 16 heaps of the batch (every one of
            // its own from 16 threads on), and ends the batch once it has fallen behind one
            // thread.
            let every = (16 / handoffs.len()).max(1);
            let mut heaps = 0usize;
            let behind = |n: usize| {
                heaps += 1;
                match chooser.forced {
                    Some(forced) => (forced.stop_at)(n),
                    None => {
                        heaps.is_multiple_of(every)
                            && chooser
                                .allowed(n - start, work)
                                .is_some_and(|allowed| began.elapsed() > allowed)
                    }
                }
            };
            let gate = Gate::new();
            std::thread::scope(|scope| {
                let mut started = true;
                for (index, engine) in others.iter_mut().enumerate() {
                    let (end, gate) = (&end, &gate);
                    let spawned = std::thread::Builder::new()
                        .name(format!("grundy-pipeline-{}", index + 1))
                        .spawn_scoped(scope, move || {
                            if gate.wait() {
                                evaluate(engine, index + 1, start, end, handoffs, |_| false);
                            }
                        });
                    if spawned.is_err() {
                        started = false;
                        break;
                    }
                }
                gate.open(started);
                if started {
                    evaluate(first, 0, start, &end, handoffs, behind);
                }
                started
            })
        };
        let end = end.into_inner();
        if ran {
            self.chooser
                .record(Threads::Many, end - start, work, began.elapsed());
        } else {
            self.one_thread(start..end);
            self.chooser
                .record(Threads::One, end - start, work, began.elapsed());
        }
    }

    /// Evaluates the heaps in `range` on this thread, recording them in every engine.
    fn one_thread(&mut self, range: std::ops::Range<usize>) {
        for n in range.clone() {
            let value = self.first.value_at(n, None);
            self.first.push(n, value);
            self.first.rechoose_if_due();
        }
        for other in &mut self.others {
            for n in range.clone() {
                other.push(n, self.first.value(n));
                other.rechoose_if_due();
            }
        }
    }
}

/// Evaluates the heaps `start + index + k·T`, `k = 0, 1, …`, below `end` on engine `index` of
/// the `T = handoffs.len()` threads, publishing each in `handoffs[index]` and receiving the
/// others' values from their mailboxes.
///
/// The first thread (`index` 0) may end the batch early: when `stop(n)` before its heap `n`, it
/// sets `end` to `n + T`. Every other thread is then below heap `n + T` (it holds every value
/// below the heap before its current one, and `G(n)` is not published), and sees the new end
/// before it decides on a heap above `n + T` (deciding on heap `h` follows the evaluation of
/// `h - T > n`, which received `G(n)`, published after the store). Nor does any thread leave
/// with an end that falls later: the first thread's next heaps are at least `h - T` then. Every
/// thread stops at one end, and receives every value below it.
fn evaluate(
    engine: &mut RareCommon,
    index: usize,
    start: usize,
    end: &AtomicUsize,
    handoffs: &[Handoff],
    mut stop: impl FnMut(usize) -> bool,
) {
    let threads = handoffs.len();
    let mine = &handoffs[index];
    let _abandon = Abandon(mine);
    let mut receive = |i: usize| receive_value(handoffs, start, i);
    let mut n = start + index;
    let mut k = 0;
    while n < end.load(Ordering::SeqCst) {
        if n + threads < end.load(Ordering::SeqCst) && stop(n) {
            end.store(n + threads, Ordering::SeqCst);
        }
        let value = if engine.len() < n {
            engine.value_at(n, Some(&mut receive))
        } else {
            engine.value_at(n, None)
        };
        // Published first: the others may need it before this one needs theirs.
        mine.publish(k, n, value);
        engine.receive_pending(n, &mut receive);
        engine.push(n, value);
        engine.rechoose_if_due();
        n += threads;
        k += 1;
    }
    engine.receive_pending(end.load(Ordering::SeqCst), &mut receive);
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
            if self.others.is_empty() && self.work < self.worth_many_threads {
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
        if !self.others.is_empty() && self.chooser.latest == Threads::Many {
            work / self.threads as u64 + 1
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
        self.others.clear();
        self.first.take_values(self.position)
    }

    fn fold_on_period(&mut self, preperiod: u64, period: u64) -> bool {
        let (n0, p) = (preperiod as usize, period as usize);
        // Every engine holds the same values, so all fold or none does.
        self.first.fold_values(n0, p)
            && self.others.iter_mut().all(|other| other.fold_values(n0, p))
    }

    fn unfold_all(&mut self) {
        self.first.unfold_values();
        for other in &mut self.others {
            other.unfold_values();
        }
    }

    fn folded_period(&self) -> Option<(u64, u64)> {
        let first = self.first.values_folded_on()?;
        self.others
            .iter()
            .all(|other| other.values_folded_on() == Some(first))
            .then_some((first.0 as u64, first.1 as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::octal::code;

    /// The pipeline for the batches from heaps with an even thousand, one thread for the others.
    fn alternate(start: usize) -> Threads {
        if (start / 1000).is_multiple_of(2) {
            Threads::Many
        } else {
            Threads::One
        }
    }

    #[test]
    fn batches_on_one_thread_or_many_stopped_early_or_asleep_give_the_one_thread_values() {
        // Officers reads G(n - 1) after its scan; 0.16 only keeps the copies in step; 0.106
        // uses the position-parity split; 4.7 splits the whole heap, so the pairs (b, n - b)
        // with b < T wait for the other threads; 0.37 reaches back two heaps by one-heap moves.
        for (text, digits, count) in [
            ("0.6", &[0, 6][..], 12_000),
            ("0.16", &[0, 1, 6], 6_000),
            ("0.106", &[0, 1, 0, 6], 6_000),
            ("4.7", &[4, 7], 3_000),
            ("0.37", &[0, 3, 7], 3_000),
        ] {
            let code = code(digits);
            let one: Vec<u32> = RareCommon::new(&code).unwrap().take(count).collect();
            for threads in [2, 3, 4, 8] {
                for stop_at in [(|n| n % 700 < 2) as fn(usize) -> bool, |n| n % 3 == 0] {
                    let mut many = Paired::new(&code)
                        .unwrap()
                        .with_threads(threads)
                        .threads_from(0);
                    many.chooser.forced = Some(Forced {
                        threads: alternate,
                        stop_at,
                    });
                    for handoff in &mut many.handoffs {
                        // Every wait sleeps, unless the value is there already.
                        handoff.spin = Duration::ZERO;
                    }
                    let values: Vec<u32> = many.by_ref().take(count).collect();
                    assert_eq!(values, one, "{text} on {threads} threads");
                    assert!(
                        many.chooser.cost.iter().all(Option::is_some),
                        "{text} on {threads} threads"
                    );
                }
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
                handoff.receive(0, 0)
            })
        });
        assert!(outcome.is_err());
    }
}
