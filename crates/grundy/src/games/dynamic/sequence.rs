//! The P-sequence of dynamic subtraction and the greedy representation of a heap in it.
//!
//! For a move bound `f` that is non-decreasing with `f(x) ≥ x`, `H_1 = 1` and
//! `H_{j+1} = H_j + H_m`, `m` the least index with `f(H_m) ≥ H_j` (docs/theory.md §15). Every
//! heap is one sum of terms of `H` taken greedily, largest first; two terms `H_a < H_b` used
//! side by side have `f(H_a) < H_b`. The arithmetic is generic over the width of the numbers:
//! machine words for heaps that fit 64 bits, big integers beyond.
//!
//! The terms are kept in little room ([`Kept`]): the sequence starts with long arithmetic runs
//! (`1, 2, …, f(1) + 1`, then for `kx` about `k/c` terms `c` apart for each `c` while `m` is in
//! that first run), kept as runs; the terms after them one by one. And the greedy
//! representation of `n` needs every term up to `n` only through its largest: the rest of `n`
//! is below `H_m` of that term, and every `m` looked up on the way to `n` has `f(H_m) ≥ n`
//! at the latest. So the terms are kept until `f` of the last reaches `n` (about `n/k` for
//! `kx`), and the terms from there to `n` are walked past one by one without being kept
//! ([`Frontier`]).

use num_bigint::{BigInt, BigUint};
use num_traits::{CheckedSub, ToPrimitive};

use super::Bound;
use super::plain::Plain;

/// A number the sequence is computed in.
pub(super) trait Term: Clone + Ord + Default {
    /// 1.
    fn one() -> Self;
    /// `self + other`, `None` past the width.
    fn plus(&self, other: &Self) -> Option<Self>;
    /// `self + step · count`, `None` past the width.
    fn plus_times(&self, step: &Self, count: usize) -> Option<Self>;
    /// `self − other`, for `other ≤ self`.
    fn minus(&self, other: &Self) -> Self;
    /// `⌊self / divisor⌋` for `divisor ≥ 1`, `usize::MAX` where it is larger.
    fn quotient(&self, divisor: &Self) -> usize;
    /// The bytes one term takes in a list of them.
    fn bytes(&self) -> u64;
    /// Whether `f(self) ≥ other`.
    fn reaches(&self, bound: Bound, other: &Self) -> bool;
    /// The least `y` with `f(y) ≥ x`, for a slope of at least 1; `None` past the width.
    fn least_reaching(bound: Bound, x: &Self) -> Option<Self>;
    /// `f(self)` for a bound with the theorem (a slope of at least 1 and `f(1) ≥ 1`, so
    /// `f(self) ≥ self`), as every kept sequence has: the width's largest number where it
    /// passes the width (it reaches every number of the width).
    fn image(&self, bound: Bound) -> Self;
    /// `self − before` where it is a number of 32 bits (`None` for `before` above `self`).
    fn narrow(&self, before: &Self) -> Option<u32>;
    /// `self + difference`, for a difference read back from [`narrow`](Self::narrow): the sum
    /// is a term kept before.
    fn widen(&self, difference: u32) -> Self;
}

impl Term for u64 {
    fn one() -> Self {
        1
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
    fn plus_times(&self, step: &Self, count: usize) -> Option<Self> {
        self.checked_add(step.checked_mul(u64::try_from(count).ok()?)?)
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn quotient(&self, divisor: &Self) -> usize {
        usize::try_from(self / divisor.max(&1)).unwrap_or(usize::MAX)
    }
    fn bytes(&self) -> u64 {
        8
    }
    fn reaches(&self, bound: Bound, other: &Self) -> bool {
        // |slope|, |offset| ≤ 10^18 and x < 2^64: the product fits 128 bits.
        i128::from(bound.slope) * i128::from(*self) + i128::from(bound.offset)
            >= i128::from(*other)
    }
    fn least_reaching(bound: Bound, x: &Self) -> Option<Self> {
        // x − offset ≥ 0 over the slope, rounded up.
        let above = (i128::from(*x) - i128::from(bound.offset)).max(0);
        let slope = i128::from(bound.slope.max(1));
        u64::try_from((above + slope - 1) / slope).ok()
    }
    fn image(&self, bound: Bound) -> Self {
        // The slope is at least 1 and f(x) ≥ x ≥ 0: where slope · x fits 64 bits, so does the
        // sum unless it passes the width (a negative offset keeps it at least x).
        let slope = u64::try_from(bound.slope).unwrap_or(0);
        if let Some(product) = slope.checked_mul(*self) {
            return product.saturating_add_signed(bound.offset);
        }
        // In 128 bits: slope · x + offset is positive and below 2^125.
        let value = i128::from(bound.slope) * i128::from(*self) + i128::from(bound.offset);
        u64::try_from(value).unwrap_or(u64::MAX)
    }
    fn narrow(&self, before: &Self) -> Option<u32> {
        u32::try_from(u64::checked_sub(*self, *before)?).ok()
    }
    fn widen(&self, difference: u32) -> Self {
        // A kept term, below 2^64: the sum does not wrap.
        self.wrapping_add(u64::from(difference))
    }
}

impl Term for BigUint {
    fn one() -> Self {
        BigUint::from(1u32)
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn plus_times(&self, step: &Self, count: usize) -> Option<Self> {
        Some(self + step * count)
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn quotient(&self, divisor: &Self) -> usize {
        if divisor.bits() == 0 {
            return usize::MAX;
        }
        (self / divisor).to_usize().unwrap_or(usize::MAX)
    }
    fn bytes(&self) -> u64 {
        BigUint::bits(self).div_ceil(64) * 8 + 24
    }
    fn reaches(&self, bound: Bound, other: &Self) -> bool {
        BigInt::from(bound.slope) * BigInt::from(self.clone()) + bound.offset
            >= BigInt::from(other.clone())
    }
    fn least_reaching(bound: Bound, x: &Self) -> Option<Self> {
        let above = BigInt::from(x.clone()) - bound.offset;
        let slope = BigInt::from(bound.slope.max(1));
        Some(
            ((above + &slope - 1u32) / slope)
                .to_biguint()
                .unwrap_or_default(),
        )
    }
    fn image(&self, bound: Bound) -> Self {
        (BigInt::from(bound.slope) * BigInt::from(self.clone()) + bound.offset)
            .to_biguint()
            .unwrap_or_default()
    }
    fn narrow(&self, before: &Self) -> Option<u32> {
        self.checked_sub(before)?.to_u32()
    }
    fn widen(&self, difference: u32) -> Self {
        self + difference
    }
}

/// The fewest terms a run closes with for the terms after it to go on in runs: a run costs
/// three numbers.
const RUN_LEAST: usize = 3;

/// Terms in arithmetic progression: `first`, `first + step`, … from the index `index`, up to
/// the next run (or the terms kept one by one). The step of a run of one term is unused.
#[derive(Clone, Debug)]
struct Run<T> {
    index: usize,
    first: T,
    step: T,
}

impl<T: Term> Run<T> {
    fn bytes(&self) -> u64 {
        self.first.bytes() + self.step.bytes() + 8
    }
}

/// Where the least index `m` with `f(H_m)` at least the term being extended was last found:
/// the index, the run holding it (or the last run, for a term kept one by one), `H_m` and
/// `f(H_m)`; where that run is closed, its end and step, for the next terms to be one addition
/// each.
#[derive(Clone, Debug, Default)]
pub(super) struct Lookup<T> {
    index: usize,
    run: usize,
    term: T,
    reach: T,
    run_end: usize,
    step: T,
}

impl<T: Term> Lookup<T> {
    /// At `H_1`.
    fn start(bound: Bound) -> Self {
        Self {
            index: 0,
            run: 0,
            term: T::one(),
            reach: T::one().image(bound),
            run_end: 0,
            step: T::one(),
        }
    }

    /// Moves `m` on until `f(H_m)` reaches `term`; `None` past the kept terms.
    #[inline]
    fn reach(&mut self, term: &T, bound: Bound, kept: Parts<'_, T>) -> Option<()> {
        while &self.reach < term {
            self.advance(kept)?;
            self.reach = self.term.image(bound);
        }
        Some(())
    }

    /// Moves to the next index; `None` past the kept terms.
    #[inline]
    fn advance(&mut self, kept: Parts<'_, T>) -> Option<()> {
        self.index += 1;
        if self.index < self.run_end {
            self.term = self.term.plus(&self.step)?;
            return Some(());
        }
        if let Some(at) = self.index.checked_sub(kept.plain_start) {
            // The term before, where it is kept one by one too, is the lookup's.
            self.term = match at.checked_sub(1) {
                Some(before) => kept.plain.after(before, &self.term)?,
                None => kept.plain.get(0)?,
            };
            return Some(());
        }
        self.term = kept.term_from(self.index, &mut self.run)?;
        self.stand_in(self.run, kept);
        Some(())
    }

    /// Remembers `run` as the run `m` stands in, with its end and step where it is closed (the
    /// open run may still change its step), for the next moves within it to be one addition.
    fn stand_in(&mut self, run: usize, kept: Parts<'_, T>) {
        self.run = run;
        match kept.runs.get(run + 1) {
            Some(next) => {
                self.run_end = next.index;
                self.step = kept.runs[run].step.clone();
            }
            None => self.run_end = 0,
        }
    }
}

/// Why the steps of a walk or an extension stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// The next term was not to be added.
    Refused,
    /// The next term would pass the width.
    Overflow,
    /// `m` is to move past the last term kept.
    KeptEnd,
}

/// Where the steps of walks and extensions read the terms after `m`, in order to the last
/// kept: in its run and the runs after it, then among the terms kept one by one (by index,
/// for an extension to keep terms while it reads them).
#[derive(Debug)]
enum Following<T> {
    /// `m`'s index among the terms kept one by one, and the last term read.
    Plain(usize, T),
    /// The run of the last term read, how many of its terms come after it, the term and the
    /// run's step.
    Run {
        run: usize,
        left: usize,
        value: T,
        step: T,
    },
}

impl<T: Term> Following<T> {
    /// Reads after the term at `index`, `term`, in `kept`.
    fn at(index: usize, term: T, kept: Parts<'_, T>) -> Self {
        match index.checked_sub(kept.plain_start) {
            Some(at) => Self::Plain(at, term),
            None => Self::in_run(kept.run_of(index), index, term, kept),
        }
    }

    /// Reads after the term at `index`, `term`, in the run `run` holding it.
    fn in_run(run: usize, index: usize, term: T, kept: Parts<'_, T>) -> Self {
        Self::Run {
            run,
            left: kept.run_end(run) - index - 1,
            value: term,
            step: kept.runs[run].step.clone(),
        }
    }

    /// The next term, `None` past the last kept.
    #[inline]
    fn next(&mut self, kept: Parts<'_, T>) -> Option<T> {
        match self {
            Self::Plain(at, value) => {
                *value = kept.plain.after(*at, value)?;
                *at += 1;
                Some(value.clone())
            }
            Self::Run {
                left: left @ 1..,
                value,
                step,
                ..
            } => {
                *left -= 1;
                *value = value.plus(step)?;
                Some(value.clone())
            }
            Self::Run { run, .. } => {
                let next = *run + 1;
                if let Some(following) = kept.runs.get(next) {
                    let first = following.first.clone();
                    *self = Self::in_run(next, following.index, first.clone(), kept);
                    return Some(first);
                }
                let first = kept.plain.get(0)?;
                *self = Self::Plain(0, first.clone());
                Some(first)
            }
        }
    }

    /// Gives `lookup`, whose `m` stands on the last term read, the run it stands in, as
    /// [`Lookup::advance`] would.
    fn settle(&self, lookup: &mut Lookup<T>, kept: Parts<'_, T>) {
        if let Self::Run { run, .. } = self {
            lookup.stand_in(*run, kept);
        }
    }
}

impl<T: Term> Lookup<T> {
    /// Moves `m` on, reading the terms after it from `following`, until `f(H_m)` reaches
    /// `term`; `false` where `following` ends first (`m` stands on the last term it read).
    #[inline]
    fn reach_following(
        &mut self,
        term: &T,
        bound: Bound,
        following: &mut Following<T>,
        kept: Parts<'_, T>,
    ) -> bool {
        while &self.reach < term {
            let Some(moved) = following.next(kept) else {
                return false;
            };
            self.index += 1;
            self.reach = moved.image(bound);
            self.term = moved;
        }
        true
    }

    /// The loop of extensions: adds terms after `last`, each `last + H_m` with `m` moved on
    /// first until `f(H_m)` reaches `last`, to `plain` (terms kept one by one from
    /// `plain_start`) while `done` of the count kept and the last is false and `bytes` stay
    /// within `most_bytes` (the term that passes them is kept, and the next refused). `m`
    /// reads the terms after it from `following` ([`Stop::KeptEnd`] past the last kept);
    /// `f(H_m)` must reach `last`. A term is kept by its difference `H_m` where that fits 32
    /// bits, which is then known when `m` moves, and the numbers the loop changes are few
    /// enough for a machine to hold them in registers. Returns why it stopped.
    ///
    /// # Complexity
    /// One addition, comparison and push per term, one image per move of `m`.
    #[inline]
    fn extend_steps(
        &mut self,
        last: &mut T,
        (plain, runs, plain_start, bound): (&mut Plain<T>, &[Run<T>], usize, Bound),
        (bytes, most_bytes): (&mut u64, u64),
        done: &impl Fn(usize, &T) -> bool,
        following: &mut Following<T>,
    ) -> Stop {
        let mut narrow = plain
            .narrow_open()
            .then(|| self.term.narrow(&T::default()))
            .flatten();
        let (mut at, mut count, from) = (last.clone(), 0, plain_start + plain.len());
        let mut kept_bytes = *bytes;
        let stop = loop {
            if kept_bytes > most_bytes || done(from + count, &at) {
                break Stop::Refused;
            }
            let Some(next) = at.plus(&self.term) else {
                break Stop::Overflow;
            };
            let added = match narrow {
                Some(difference) => plain.push_difference(difference, &next),
                None => plain.push(next.clone(), &at),
            };
            kept_bytes = kept_bytes.saturating_add(added);
            at = next;
            count += 1;
            if self.reach < at {
                let kept = Parts {
                    runs,
                    plain_start,
                    plain,
                };
                if !self.reach_following(&at, bound, following, kept) {
                    break Stop::KeptEnd;
                }
                // The narrow part stays open while terms are kept by their differences, and
                // once `H_m` passes 32 bits it stays past them: it never decreases.
                if narrow.is_some() {
                    narrow = self.term.narrow(&T::default());
                }
            }
        };
        following.settle(self, Parts {
            runs,
            plain_start,
            plain,
        });
        *last = at;
        *bytes = kept_bytes;
        stop
    }

    /// The loop of walks: walks past the terms after `term`, each `term + H_m` with `m` moved
    /// on first until `f(H_m)` reaches `term`, while they are at most `x`. `m` reads the terms
    /// after it from `following` ([`Stop::KeptEnd`] past the last kept); `f(H_m)` must reach
    /// `term`. Returns why it stopped, how many terms it walked past and the term before the
    /// last it walked to.
    ///
    /// # Complexity
    /// One addition and two comparisons per term, one image per move of `m`.
    #[inline]
    fn walk_steps(
        &mut self,
        term: &mut T,
        (kept, bound, x): (Parts<'_, T>, Bound, &T),
        following: &mut Following<T>,
    ) -> (Stop, usize, Option<T>) {
        let (mut at, mut count, mut before) = (term.clone(), 0, None);
        let stop = loop {
            let Some(next) = at.plus(&self.term) else {
                break Stop::Overflow;
            };
            if &next > x {
                break Stop::Refused;
            }
            before = Some(std::mem::replace(&mut at, next));
            count += 1;
            if self.reach < at && !self.reach_following(&at, bound, following, kept) {
                break Stop::KeptEnd;
            }
        };
        following.settle(self, kept);
        *term = at;
        (stop, count, before)
    }
}

/// The kept terms by their parts, for a lookup to read them while terms are added one by one.
#[derive(Debug)]
struct Parts<'a, T> {
    runs: &'a [Run<T>],
    plain_start: usize,
    plain: &'a Plain<T>,
}

impl<T> Clone for Parts<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Parts<'_, T> {}

impl<T: Term> Parts<'_, T> {
    /// The run holding `index`, below the first term kept one by one.
    fn run_of(&self, index: usize) -> usize {
        self.runs.partition_point(|run| run.index <= index) - 1
    }

    /// The index after the last term of the run `run`.
    fn run_end(&self, run: usize) -> usize {
        self.runs
            .get(run + 1)
            .map_or(self.plain_start, |next| next.index)
    }

    /// The term at `index` in the runs, `run` a run at or before the one holding it (moved to
    /// it); `None` past the runs.
    #[inline]
    fn term_from(&self, index: usize, run: &mut usize) -> Option<T> {
        if index >= self.plain_start {
            return None;
        }
        while self.runs.get(*run + 1).is_some_and(|next| next.index <= index) {
            *run += 1;
        }
        let held = self.runs.get(*run)?;
        held.first.plus_times(&held.step, index - held.index)
    }
}

/// The sequence from `H_1`, as far as it is kept: arithmetic runs, then terms one by one (by
/// their differences while those fit 32 bits, [`Plain`]).
#[derive(Debug)]
pub(super) struct Kept<T> {
    bound: Bound,
    runs: Vec<Run<T>>,
    /// The index of the first term kept one by one: the runs end there.
    plain_start: usize,
    plain: Plain<T>,
    /// Whether new terms may still open runs: until a run closes with fewer than
    /// [`RUN_LEAST`] terms.
    in_runs: bool,
    last: T,
    /// Where `m` of the last term was found.
    lookup: Lookup<T>,
    /// Whether the next term passes the width: every term of the width is kept.
    complete: bool,
    bytes: u64,
}

/// A walk past the kept terms: the index (from 0) and value of the term it stands on, where
/// `m` of that term was found, and the term before it.
#[derive(Clone, Debug)]
pub(super) struct Frontier<T> {
    index: usize,
    term: T,
    lookup: Lookup<T>,
    previous: Option<(usize, T)>,
}

impl<T: Term> Frontier<T> {
    /// The term the walk stands on, with its index.
    pub(super) fn top(&self) -> (usize, T) {
        (self.index, self.term.clone())
    }

    /// The term the walk stands on.
    pub(super) fn term(&self) -> &T {
        &self.term
    }

    /// The term before the one the walk stands on, where it is at most `x` and the walk's
    /// term is above `x`: the largest term at most `x`.
    pub(super) fn previous_at_most(&self, x: &T) -> Option<(usize, T)> {
        self.previous
            .clone()
            .filter(|(_, previous)| previous <= x && &self.term > x)
    }
}

impl<T: Term> Kept<T> {
    /// The sequence of `bound` with its first term.
    pub(super) fn new(bound: Bound) -> Self {
        let first = Run {
            index: 0,
            first: T::one(),
            step: T::one(),
        };
        Self {
            bound,
            bytes: first.bytes(),
            runs: vec![first],
            plain_start: 1,
            plain: Plain::default(),
            in_runs: true,
            last: T::one(),
            lookup: Lookup::start(bound),
            complete: false,
        }
    }

    /// How many terms are kept.
    pub(super) fn len(&self) -> usize {
        self.plain_start + self.plain.len()
    }

    /// The last term kept.
    pub(super) fn last(&self) -> &T {
        &self.last
    }

    /// Whether the next term would pass the width: every term of the width is kept.
    #[cfg(test)]
    pub(super) fn is_complete(&self) -> bool {
        self.complete
    }

    /// The bytes the kept terms take.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether every term up to `x` is kept, and the greedy representation of `x` is read
    /// from them alone.
    pub(super) fn covers(&self, x: &T) -> bool {
        self.complete || &self.last > x
    }


    fn parts(&self) -> Parts<'_, T> {
        Parts {
            runs: &self.runs,
            plain_start: self.plain_start,
            plain: &self.plain,
        }
    }

    /// The terms kept, from `H_1`.
    pub(super) fn iter(&self) -> impl Iterator<Item = T> + '_ {
        let mut run = 0;
        (0..self.plain_start)
            .filter_map(move |index| self.parts().term_from(index, &mut run))
            .chain(self.plain.iter())
    }

    /// Adds terms until `done` of their count and the last (or the next would pass the width);
    /// `false` if they would take more than `most_bytes` (what was added stays). `done` must
    /// stay true once it is: for a larger count and a larger term.
    ///
    /// # Complexity
    /// `O(t)` additions and comparisons for the `t` terms added one by one, `O(log r)` for a
    /// run of `r` terms.
    pub(super) fn extend_until(
        &mut self,
        done: impl Fn(usize, &T) -> bool,
        most_bytes: u64,
    ) -> bool {
        let mut lookup = std::mem::take(&mut self.lookup);
        let kept = self.extend_from(&mut lookup, done, most_bytes);
        self.lookup = lookup;
        kept
    }

    fn extend_from(
        &mut self,
        lookup: &mut Lookup<T>,
        done: impl Fn(usize, &T) -> bool,
        most_bytes: u64,
    ) -> bool {
        while !self.complete && !done(self.len(), &self.last) {
            if !self.in_runs {
                return self.extend_one_by_one(lookup, &done, most_bytes);
            }
            // `m ≤ j` (f(H_j) ≥ H_j): every `m` looked up is kept.
            if lookup.reach(&self.last, self.bound, self.parts()).is_none() {
                return false;
            }
            let Some(next) = self.last.plus(&lookup.term) else {
                self.complete = true;
                break;
            };
            if self.in_open_run(&lookup.term) {
                self.run_on(&lookup.term, &done);
            } else if !self.push(next, most_bytes) {
                return false;
            }
        }
        true
    }

    /// The loop of [`extend_until`](Self::extend_until) once the runs are over, for most
    /// terms: the list of terms held apart while it grows, for the lookup to read it.
    // Compiled apart from its callers, for its loop to have the registers to itself: about 6%
    // less time for `solve dynamic:100000x 10^18` than inlined.
    #[inline(never)]
    fn extend_one_by_one(
        &mut self,
        lookup: &mut Lookup<T>,
        done: &impl Fn(usize, &T) -> bool,
        most_bytes: u64,
    ) -> bool {
        // In locals, for the loop to hold them in registers.
        let mut plain = std::mem::take(&mut self.plain);
        let mut local = std::mem::take(lookup);
        let mut last = self.last.clone();
        let mut bytes = self.bytes;
        let (bound, plain_start) = (self.bound, self.plain_start);
        let parts = Parts {
            runs: &self.runs,
            plain_start,
            plain: &plain,
        };
        // `m ≤ j` (f(H_j) ≥ H_j): every `m` looked up is kept, and the steps do not reach the
        // end of the kept terms.
        let within = if local.reach(&last, bound, parts).is_none() {
            false
        } else {
            let mut following = Following::at(local.index, local.term.clone(), parts);
            let stop = local.extend_steps(
                &mut last,
                (&mut plain, &self.runs, plain_start, bound),
                (&mut bytes, most_bytes),
                done,
                &mut following,
            );
            match stop {
                Stop::Refused => bytes <= most_bytes,
                Stop::Overflow => {
                    self.complete = true;
                    true
                }
                Stop::KeptEnd => false,
            }
        };
        self.plain = plain;
        self.last = last;
        self.bytes = bytes;
        *lookup = local;
        within
    }

    /// Whether the next term, `step` after the last, goes on in the open run.
    fn in_open_run(&self, step: &T) -> bool {
        self.in_runs
            && self.runs.last().is_some_and(|open| {
                self.plain_start - open.index == 1 || &open.step == step
            })
    }

    /// Adds the terms `step` apart after the last while `m` stays (its term `step` reaches the
    /// one they are added to), they fit the width and `done` is not: at least the next one.
    fn run_on(&mut self, step: &T, done: &impl Fn(usize, &T) -> bool) {
        let (count, last) = (self.len(), self.last.clone());
        // Whether the i-th term after the last is added: the (i−1)-th is still reached by
        // `step` and not done, and the i-th fits the width.
        let added = |i: usize| -> bool {
            let Some(before) = last.plus_times(step, i - 1) else {
                return false;
            };
            step.reaches(self.bound, &before)
                && !done(count + i - 1, &before)
                && before.plus(step).is_some()
        };
        let added = longest_prefix(added);
        if let (Some(open), Some(last)) = (self.runs.last_mut(), last.plus_times(step, added)) {
            open.step = step.clone();
            self.plain_start += added;
            self.last = last;
        }
    }

    /// Keeps `next`, which does not go on in the open run: in a new run, or one by one once runs
    /// grow short.
    #[inline]
    fn push(&mut self, next: T, most_bytes: u64) -> bool {
        if self.in_runs {
            let count = self.plain_start - self.runs.last().map_or(0, |run| run.index);
            if count >= RUN_LEAST {
                let run = Run {
                    index: self.plain_start,
                    first: next.clone(),
                    step: T::one(),
                };
                self.bytes = self.bytes.saturating_add(run.bytes());
                if self.bytes > most_bytes {
                    return false;
                }
                self.runs.push(run);
                self.plain_start += 1;
                self.last = next;
                return true;
            }
            self.in_runs = false;
        }
        self.bytes = self.bytes.saturating_add(self.plain.push(next.clone(), &self.last));
        self.last = next;
        self.bytes <= most_bytes
    }

    /// Keeps every term up to `x` and one beyond (where it fits the width); `false` past
    /// `most_bytes`.
    pub(super) fn extend_through(&mut self, x: &T, most_bytes: u64) -> bool {
        self.extend_until(|_, last| last > x, most_bytes)
    }

    /// Keeps the terms every `m` looked up on the way to `x` needs: until `f` of the last
    /// reaches `x` (or the last passes it); `false` past `most_bytes`.
    pub(super) fn extend_to_look_up(&mut self, x: &T, most_bytes: u64) -> bool {
        let reaching = T::least_reaching(self.bound, x);
        self.extend_until(
            |_, last| last > x || reaching.as_ref().is_some_and(|least| last >= least),
            most_bytes,
        )
    }

    /// A walk standing on the last term kept.
    pub(super) fn frontier(&self) -> Frontier<T> {
        Frontier {
            index: self.len() - 1,
            term: self.last.clone(),
            lookup: self.lookup.clone(),
            previous: None,
        }
    }

    /// Walks `frontier` past every term up to `x` without keeping them: it then stands on the
    /// largest term at most `x`. `None` if an `m` looked up is not kept (the kept terms must
    /// [look up](Self::extend_to_look_up) `x`).
    ///
    /// # Complexity
    /// `O(t)` additions and comparisons for the `t` terms walked past.
    // Compiled apart from its callers, as `extend_one_by_one`.
    #[inline(never)]
    pub(super) fn walk(&self, frontier: Frontier<T>, x: &T) -> Option<Frontier<T>> {
        let parts = self.parts();
        let Frontier {
            mut index,
            mut term,
            mut lookup,
            mut previous,
        } = frontier;
        // The lookup moves to `m` of the term the walk stands on, whether it goes on or not.
        lookup.reach(&term, self.bound, parts)?;
        let mut following = Following::at(lookup.index, lookup.term.clone(), parts);
        let (stop, count, before) =
            lookup.walk_steps(&mut term, (parts, self.bound, x), &mut following);
        if stop == Stop::KeptEnd {
            return None;
        }
        index += count;
        // The term before the one the walk stands on, where it moved.
        if let Some(before) = before {
            previous = Some((index - 1, before));
        }
        Some(Frontier {
            index,
            term,
            lookup,
            previous,
        })
    }

    /// The largest kept term at most `x`, with its index; `None` for `x = 0`.
    fn floor(&self, x: &T) -> Option<(usize, T)> {
        if self.plain.first().is_some_and(|first| first <= x) {
            let (at, term) = self.plain.floor(x)?;
            return Some((self.plain_start + at, term));
        }
        let at = self
            .runs
            .partition_point(|run| &run.first <= x)
            .checked_sub(1)?;
        let run = &self.runs[at];
        let end = self.parts().run_end(at);
        let offset = x
            .minus(&run.first)
            .quotient(&run.step)
            .min(end - run.index - 1);
        Some((run.index + offset, run.first.plus_times(&run.step, offset)?))
    }

    /// The greedy representation of `x`: its terms with their indices (from 0), largest first,
    /// empty for 0. `top` is the largest term at most `x` where `x` is beyond the kept terms
    /// (from a [walk](Self::walk)); `None` if `x` is beyond them without it.
    ///
    /// # Complexity
    /// `O(r log t)` for `r` terms used out of `t` kept.
    pub(super) fn greedy(&self, x: &T, top: Option<(usize, T)>) -> Option<Vec<(usize, T)>> {
        let mut used = Vec::new();
        let mut rest = x.clone();
        if let Some((index, term)) = top {
            rest = rest.minus(&term);
            used.push((index, term));
        }
        // The rest after the largest term `H_j` is below `H_(j+1) − H_j = H_m(j)`, and `m(j)`
        // is kept for a walk: from here on the kept terms hold it.
        if !self.covers(&rest) {
            return None;
        }
        let one = T::one();
        while rest >= one {
            let (index, term) = self.floor(&rest)?;
            rest = rest.minus(&term);
            used.push((index, term));
        }
        Some(used)
    }
}

/// The largest `i ≥ 1` with `holds(i)`, for `holds(1)` true and `holds` true up to a point and
/// false from there: by doubling, then halving.
///
/// # Complexity
/// `O(log i)` calls of `holds`.
fn longest_prefix(holds: impl Fn(usize) -> bool) -> usize {
    let (mut good, mut stride) = (1usize, 1usize);
    while let Some(probe) = good.checked_add(stride)
        && holds(probe)
    {
        good = probe;
        stride = stride.saturating_mul(2);
    }
    // holds(good), and not holds(good + stride) (or past usize).
    while stride > 1 {
        stride /= 2;
        if let Some(probe) = good.checked_add(stride)
            && holds(probe)
        {
            good = probe;
        }
    }
    good
}

/// Every amount `t` whose taking from a heap of `n` with the quota `quota` leaves the
/// opponent lost, ascending, from `below`, the representation of `n − 1` (empty for `n = 0`):
/// `t = n ≤ quota`, or `t ≤ quota` with the smallest term of `n − t` above `f(t)`. Such an
/// `n − t` is a prefix sum of the representation of `n − 1` (docs/theory.md §15), so those
/// are the only candidates.
///
/// # Complexity
/// `O(r log r)` for the `r` terms of `below`.
pub(super) fn winning_takes<T: Term>(
    below: &[(usize, T)],
    bound: Bound,
    n: &T,
    quota: &T,
) -> Vec<T> {
    if n < &T::one() {
        return Vec::new();
    }
    let mut takes = Vec::new();
    let mut left: Option<T> = None;
    for (_, term) in below {
        let sum = match &left {
            Some(left) => left.plus(term).unwrap_or_else(|| n.clone()),
            None => term.clone(),
        };
        let take = n.minus(&sum);
        if &take <= quota && !take.reaches(bound, term) {
            takes.push(take);
        }
        left = Some(sum);
    }
    if n <= quota {
        takes.push(n.clone());
    }
    takes.sort();
    takes.dedup();
    takes
}
