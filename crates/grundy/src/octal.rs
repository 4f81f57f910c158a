//! Take-and-break games in octal and hexadecimal code (theory.md §3): the code, and two engines
//! for Grundy values — the definition (naive) and the rare/common ("sparse space") engine of
//! theory.md §5.

use std::fmt;

use crate::engine::{Engine, Stream};

/// A constraint on the heaps a split leaves (`CGSuite`'s grammar).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No constraint.
    None,
    /// `!`: the heaps left must be pairwise unequal.
    Unequal,
    /// `?`: the heaps left must not all be equal.
    NotAllEqual,
}

/// An octal or hexadecimal code `d0.d1 d2 … dt[tail]`: digit `dj` says what may be done when
/// exactly `j` tokens are removed from one heap — bit 1: remove the whole heap, bit 2: leave one
/// heap, bit 4: leave two, bit 8: leave three.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    digits: Vec<(u8, Modifier)>,
    tail: Vec<u8>,
}

/// Why a code is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// `d0` may only split (bits 4 and 8): removing nothing must leave heaps.
    #[error(
        "the digit before the point may only be 0, 4, 8 or c: removing no tokens must split the heap"
    )]
    FirstDigit,
    /// No digit after the point.
    #[error("the code has no digit after the point")]
    Empty,
}

impl Code {
    /// A code from its digits `d0, d1, …` (with modifiers) and a repeating tail.
    ///
    /// # Errors
    /// [`CodeError`] if `d0` removes tokens or there are no digits after the point.
    ///
    /// # Example
    /// ```
    /// use grundy::octal::{Code, Modifier};
    /// let kayles = Code::new(vec![(0, Modifier::None), (7, Modifier::None), (7, Modifier::None)], vec![]).unwrap();
    /// assert_eq!(kayles.to_string(), "0.77");
    /// ```
    pub fn new(mut digits: Vec<(u8, Modifier)>, tail: Vec<u8>) -> Result<Self, CodeError> {
        if digits.is_empty() || digits[0].0 & 3 != 0 {
            return Err(CodeError::FirstDigit);
        }
        if digits.len() < 2 && tail.is_empty() {
            return Err(CodeError::Empty);
        }
        if tail.iter().all(|&d| d == 0) {
            // A tail of zeros adds nothing; trailing zeros add nothing.
            let tail_len = tail.len();
            while digits.len() > 2
                && digits
                    .last()
                    .is_some_and(|&(d, m)| d == 0 && m == Modifier::None)
            {
                digits.pop();
            }
            if tail_len > 0 {
                return Self::new(digits, Vec::new());
            }
        }
        Ok(Self { digits, tail })
    }

    /// Digit `j` and its modifier.
    pub fn digit(&self, j: usize) -> (u8, Modifier) {
        if j < self.digits.len() {
            self.digits[j]
        } else if self.tail.is_empty() {
            (0, Modifier::None)
        } else {
            (
                self.tail[(j - self.digits.len()) % self.tail.len()],
                Modifier::None,
            )
        }
    }

    /// `t`, the index of the last non-zero digit, or `None` with a repeating tail (infinitely
    /// many digits).
    pub fn last_digit(&self) -> Option<usize> {
        if !self.tail.is_empty() {
            return None;
        }
        self.digits.iter().rposition(|&(d, _)| d != 0)
    }

    /// The most heaps one move can leave: 1 without splits, 2 with bit 4, 3 with bit 8.
    pub fn max_heaps_left(&self) -> u32 {
        let bits = self
            .digits
            .iter()
            .map(|&(d, _)| d)
            .chain(self.tail.iter().copied())
            .fold(0, |a, d| a | d);
        if bits & 8 != 0 {
            3
        } else if bits & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// Whether some digit carries `!` or `?`.
    pub fn has_modifiers(&self) -> bool {
        self.digits.iter().any(|&(_, m)| m != Modifier::None)
    }

    /// Whether a digit above 7 occurs (a hexadecimal code).
    pub fn is_hexadecimal(&self) -> bool {
        self.digits
            .iter()
            .map(|&(d, _)| d)
            .chain(self.tail.iter().copied())
            .any(|d| d > 7)
    }

    /// How many digits `j` may apply to a heap of `n`: all `j <= n` with a tail, else up to `t`.
    fn reach(&self, n: usize) -> usize {
        if self.tail.is_empty() {
            n.min(self.digits.len() - 1)
        } else {
            n
        }
    }
}

impl fmt::Display for Code {
    /// `CGSuite`'s notation: `0.77`, `4!.0`, `0.[3]`, `0.f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let write_digit = |f: &mut fmt::Formatter<'_>, (d, m): (u8, Modifier)| -> fmt::Result {
            write!(f, "{d:x}")?;
            match m {
                Modifier::None => Ok(()),
                Modifier::Unequal => f.write_str("!"),
                Modifier::NotAllEqual => f.write_str("?"),
            }
        };
        write_digit(f, self.digits[0])?;
        f.write_str(".")?;
        for &digit in &self.digits[1..] {
            write_digit(f, digit)?;
        }
        if !self.tail.is_empty() {
            f.write_str("[")?;
            for &d in &self.tail {
                write!(f, "{d:x}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// A certified period of `code`'s Grundy sequence from its first values, when a theorem applies
/// and the values suffice: the Guy–Smith theorem for codes with splits, the window criterion
/// (window `t + 1`) for codes without.
///
/// # Complexity
/// `O(L · q)` as [`crate::period::certify_guy_smith`] for `L` values.
///
/// # Example
/// ```
/// use grundy::octal::{Naive, certify};
/// let grundy::Game::Octal(kayles) = grundy::parse_game("0.77").unwrap() else { unreachable!() };
/// let values: Vec<u32> = Naive::new(&kayles).take(200).collect();
/// let certificate = certify(&kayles, &values).unwrap();
/// assert_eq!((certificate.periodicity.preperiod, certificate.periodicity.period), (71, 12));
/// ```
pub fn certify(code: &Code, values: &[u32]) -> Option<crate::period::Certificate> {
    if code.has_modifiers() {
        return None;
    }
    let t = code.last_digit()? as u64;
    let certificate = if code.max_heaps_left() == 1 {
        let (search, _) =
            crate::period::search_window(values.iter().copied(), t + 1, values.len() as u64);
        search.certificate().cloned()
    } else {
        crate::period::certify_guy_smith(values, t, u64::from(code.max_heaps_left()))
    }?;
    // Nothing is called certified before the independent checker agrees.
    certificate.verify(values).is_ok().then_some(certificate)
}

/// The value stream of `code`: the rare/common engine where it applies and `engine` is
/// [`Engine::Streaming`], the naive one otherwise; continuing after `prefix`.
pub fn stream(code: &Code, engine: Engine, prefix: Vec<u32>) -> Box<dyn Stream + Send> {
    match engine {
        Engine::Streaming if RareCommon::new(code).is_some() => {
            Box::new(RareCommon::resume(code, prefix).expect("checked to apply"))
        }
        _ => Box::new(Naive::resume(code, prefix)),
    }
}

/// A reusable bitset of option values.
#[derive(Default)]
struct Seen {
    words: Vec<u64>,
}

impl Seen {
    fn insert(&mut self, v: u32) {
        let w = (v / 64) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v % 64);
    }

    fn remove(&mut self, v: u32) {
        if let Some(w) = self.words.get_mut((v / 64) as usize) {
            *w &= !(1 << (v % 64));
        }
    }

    fn contains(&self, v: u32) -> bool {
        self.words
            .get((v / 64) as usize)
            .is_some_and(|w| w & (1 << (v % 64)) != 0)
    }

    fn mex(&self) -> u32 {
        self.words
            .iter()
            .position(|&w| w != u64::MAX)
            .map_or(self.words.len() as u32 * 64, |i| {
                i as u32 * 64 + self.words[i].trailing_ones()
            })
    }

    fn clear(&mut self) {
        self.words.fill(0);
    }
}

/// Whether the heaps `parts` satisfy the modifier.
fn allowed(parts: &[usize], modifier: Modifier) -> bool {
    match modifier {
        Modifier::None => true,
        Modifier::Unequal => parts
            .iter()
            .enumerate()
            .all(|(i, a)| parts[i + 1..].iter().all(|b| a != b)),
        Modifier::NotAllEqual => parts.windows(2).any(|w| w[0] != w[1]),
    }
}

/// Calls `f` with the Grundy value of every option of a heap of `n` (options may repeat).
///
/// # Complexity
/// `O(t · n)` with two-heap splits, `O(t · n²)` with three-heap splits.
pub fn for_each_option(code: &Code, values: &[u32], n: usize, mut f: impl FnMut(u32)) {
    walk(code, n, |step| match step {
        Step::Whole => f(0),
        Step::One(m) => f(values[m]),
        Step::Split(m, heaps, modifier) => for_each_split(values, m, heaps, modifier, &mut f),
    });
}

/// One kind of move from a heap, as a digit allows it.
#[derive(Clone, Copy)]
enum Step {
    /// Remove the whole heap.
    Whole,
    /// Leave one heap of `m`.
    One(usize),
    /// Leave 2 or 3 non-empty heaps adding up to `m`.
    Split(usize, u8, Modifier),
}

/// Calls `f` for every kind of move from a heap of `n`, digit by digit.
fn walk(code: &Code, n: usize, mut f: impl FnMut(Step)) {
    for j in 0..=code.reach(n) {
        let (d, modifier) = code.digit(j);
        if d & 1 != 0 && n == j && j > 0 {
            f(Step::Whole);
        }
        if n <= j {
            continue;
        }
        let m = n - j;
        if d & 2 != 0 && j > 0 {
            f(Step::One(m));
        }
        if d & 4 != 0 && m >= 2 {
            f(Step::Split(m, 2, modifier));
        }
        if d & 8 != 0 && m >= 3 {
            f(Step::Split(m, 3, modifier));
        }
    }
}

/// Calls `f` with the value of every split of `m` into `heaps` heaps the modifier allows.
fn for_each_split(
    values: &[u32],
    m: usize,
    heaps: u8,
    modifier: Modifier,
    f: &mut impl FnMut(u32),
) {
    if heaps == 2 {
        for a in 1..=m / 2 {
            if allowed(&[a, m - a], modifier) {
                f(values[a] ^ values[m - a]);
            }
        }
    } else {
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                let c = m - a - b;
                if allowed(&[a, b, c], modifier) {
                    f(values[a] ^ values[b] ^ values[c]);
                }
            }
        }
    }
}

/// The naive engine: each value is the mex of every option (the definition).
pub struct Naive {
    code: Code,
    values: Vec<u32>,
    seen: Seen,
    /// Whether the one-word fast path applies to the code.
    small: bool,
    largest: u32,
}

impl Naive {
    /// Continues from the values already computed.
    pub fn resume(code: &Code, prefix: Vec<u32>) -> Self {
        let small = code.max_heaps_left() <= 2 && !code.has_modifiers();
        let largest = prefix.iter().copied().max().unwrap_or(0);
        Self {
            code: code.clone(),
            values: prefix,
            seen: Seen::default(),
            small,
            largest,
        }
    }

    /// Starts at `G(0)`.
    pub fn new(code: &Code) -> Self {
        Self::resume(code, Vec::new())
    }
}

impl Iterator for Naive {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let n = self.values.len();
        let value = if self.small && self.largest < 64 {
            small_mex(&self.code, &self.values, n)
        } else {
            self.seen.clear();
            let seen = &mut self.seen;
            for_each_option(&self.code, &self.values, n, |v| seen.insert(v));
            self.seen.mex()
        };
        self.largest = self.largest.max(value);
        self.values.push(value);
        Some(value)
    }
}

/// The mex of a heap's options with one machine word as the set, while every value is below 64
/// (then every xor of two values is too), for codes leaving at most two heaps without modifiers.
/// The pairs of a split are read from both ends of the values, which vectorises well.
fn small_mex(code: &Code, values: &[u32], n: usize) -> u32 {
    let mut seen = 0u64;
    walk(code, n, |step| match step {
        Step::Whole => seen |= 1,
        Step::One(m) => seen |= 1 << values[m],
        Step::Split(m, _, _) => seen |= pair_bits(values, m),
    });
    seen.trailing_ones()
}

/// The one-word set of `G(a) xor G(m - a)` over all splits of `m` (values below 64). The pairs are
/// read from both ends of the values, which vectorises well; the middle pair gives 0.
fn pair_bits(values: &[u32], m: usize) -> u64 {
    let (low, high) = values[1..m].split_at(m / 2);
    let mut seen = u64::from(m % 2 == 0);
    for (x, y) in low.iter().zip(high.iter().rev()) {
        seen |= 1 << (x ^ y);
    }
    seen
}

impl Stream for Naive {
    fn position(&self) -> u64 {
        self.values.len() as u64
    }

    fn work_per_value(&self) -> u64 {
        let n = self.values.len() as u64;
        (self.code.reach(self.values.len()) as u64 + 1)
            * n.pow(self.code.max_heaps_left().saturating_sub(1))
            / 2
            + 1
    }

    fn computed(&self) -> Option<&[u32]> {
        Some(&self.values)
    }

    fn take_computed(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.values)
    }
}

/// The rare/common engine (theory.md §5) for codes whose moves leave at most two heaps and carry
/// no modifiers. Under a [`Split`], common xor common is rare, so every common option value comes
/// from a split with a rare heap. Each value needs the splits with a rare heap (few) and a scan of
/// the others only until every smaller rare value is found. The split is re-chosen from the value
/// histograms by a Walsh–Hadamard transform, to make rare heaps as few as possible; any split
/// gives the right values.
///
/// Three representations of the option sets, chosen by the largest value so far: one machine
/// word (values below 64), tables indexed by the value and stamped with the heap they belong to
/// (values below 2^15, no clearing between heaps), and growable bitsets (any value).
pub struct RareCommon {
    code: Code,
    values: Vec<u32>,
    split: Split,
    /// The parity of every splitting digit, when they all have the same (then the
    /// position-parity split is valid).
    splitting_parity: Option<usize>,
    /// Heap sizes `a >= 1` that are rare under `split`, ascending.
    rare: Vec<u32>,
    /// `G(a)` for each heap in `rare`, read in order instead of gathered from `values`.
    rare_values: Vec<u32>,
    /// The values below 64 whose `popcount(v & mask)` has parity 0 and 1, as bits.
    parity_bits: [u64; 2],
    /// How often each value occurs at even and at odd heaps `a >= 1`.
    histograms: [Vec<u64>; 2],
    tables: Option<Stamped>,
    seen: Seen,
    needed: Seen,
    /// The split sizes of the heap being evaluated (reused between heaps).
    splits: Vec<usize>,
    next_rechoice: usize,
    largest: u32,
}

/// Pairs scanned between two checks of whether every missing value was found.
const CHUNK: usize = 16;

/// Values below this bound use the stamped tables.
const TABLE_VALUES: u32 = 1 << 15;

/// Option-value tables for values below 2^16: an entry is set when it holds the current stamp,
/// so a new heap only takes a new stamp instead of clearing the tables.
struct Stamped {
    seen: Box<[u32; 1 << 16]>,
    needed: Box<[u32; 1 << 16]>,
    stamp: u32,
}

impl Stamped {
    fn new() -> Self {
        let table = || -> Box<[u32; 1 << 16]> {
            vec![0; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is 2^16")
        };
        Self {
            seen: table(),
            needed: table(),
            stamp: 0,
        }
    }

    /// A stamp no entry holds yet.
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.needed.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }
}

/// The Walsh–Hadamard transform of `histogram`, padded with zeros to `size` (a power of two).
fn walsh_hadamard(histogram: &[u64], size: usize) -> Vec<i64> {
    let mut w: Vec<i64> = (0..size)
        .map(|v| {
            histogram
                .get(v)
                .map_or(0, |&c| i64::try_from(c).unwrap_or(i64::MAX))
        })
        .collect();
    let mut h = 1;
    while h < size {
        for i in (0..size).step_by(2 * h) {
            for k in i..i + h {
                let (x, y) = (w[k], w[k + h]);
                w[k] = x + y;
                w[k + h] = x - y;
            }
        }
        h *= 2;
    }
    w
}

/// The parity shared by every splitting digit `j` (bit 4) of `code`, if they share one.
fn splitting_parity(code: &Code) -> Option<usize> {
    let reach = code.digits.len() + 2 * code.tail.len();
    let mut parities = (0..reach)
        .filter(|&j| code.digit(j).0 & 4 != 0)
        .map(|j| j % 2);
    let first = parities.next()?;
    parities.all(|p| p == first).then_some(first)
}

/// The index of `v` in a stamped table (values below 2^16 by the table path's guard).
fn slot(v: u32) -> usize {
    usize::from(v as u16)
}

/// The pairs `(a, m - a)`, `1 <= a < m - a`, as a prefix of the values and the matching suffix
/// read backwards: `low[i]` goes with `high[high.len() - 1 - i]`. The middle pair of an even `m`
/// (value 0) is left out.
/// How values are split into rare and common. A value `v` is rare *for heap `n`* when the parity of
/// `popcount(v & mask)` is `class(n)`: 0 for every heap, or — the position-parity (domain) variant,
/// valid when every splitting digit `j` has the same parity — `(n - j) mod 2`. Heap `a` is rare when
/// its own value is rare for it. Two common heaps `a + b = n - j` then have parities
/// `1 - class(a)` and `1 - class(b)`, which add up to `class(n)`: common xor common is rare.
/// A zero mask makes every value rare (the naive method).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Split {
    mask: u32,
    by_position: bool,
}

/// The parity of `popcount(v & mask)`.
fn parity(v: u32, mask: u32) -> u32 {
    (v & mask).count_ones() & 1
}

fn pair_halves<T>(values: &[T], m: usize) -> (&[T], &[T]) {
    let (low, high) = values[1..m].split_at(m / 2);
    (&low[..high.len()], high)
}

impl RareCommon {
    /// Starts at `G(0)`, or `None` if the code needs the naive engine (modifiers or three-heap
    /// splits).
    pub fn new(code: &Code) -> Option<Self> {
        (code.max_heaps_left() <= 2 && !code.has_modifiers()).then(|| Self {
            code: code.clone(),
            values: Vec::new(),
            split: Split {
                mask: 0,
                by_position: false,
            },
            splitting_parity: splitting_parity(code),
            rare: Vec::new(),
            rare_values: Vec::new(),
            parity_bits: [u64::MAX, 0],
            histograms: [Vec::new(), Vec::new()],
            tables: None,
            seen: Seen::default(),
            needed: Seen::default(),
            splits: Vec::with_capacity(8),
            next_rechoice: 64,
            largest: 0,
        })
    }

    /// Continues from the values `G(0), …` already computed (a checkpoint). The split is chosen
    /// afresh; any split gives the same values, so a resumed run is bit-identical.
    pub fn resume(code: &Code, prefix: Vec<u32>) -> Option<Self> {
        let mut engine = Self::new(code)?;
        for (n, &value) in prefix.iter().enumerate().skip(1) {
            engine.tally(n, value);
        }
        engine.largest = prefix.iter().copied().max().unwrap_or(0);
        engine.values = prefix;
        engine.rechoose();
        engine.rebuild_rare();
        engine.next_rechoice = (engine.values.len() + 1).next_power_of_two().max(64);
        Some(engine)
    }

    /// How many heaps are rare under the current split (the engine's cost per value grows with it).
    pub fn rare_heaps(&self) -> usize {
        self.rare.len()
    }

    /// Adds `G(a) = value` to the histograms.
    fn tally(&mut self, a: usize, value: u32) {
        let histogram = &mut self.histograms[a % 2];
        if value as usize >= histogram.len() {
            histogram.resize(value as usize + 1, 0);
        }
        histogram[value as usize] += 1;
    }

    /// The parity a value must have to be rare for heap `n`.
    fn class(&self, n: usize) -> u32 {
        match (self.split.by_position, self.splitting_parity) {
            (true, Some(j)) => ((n + j) % 2) as u32,
            _ => 0,
        }
    }

    /// Whether `v` is rare for heap `n`.
    fn is_rare(&self, v: u32, n: usize) -> bool {
        parity(v, self.split.mask) == self.class(n)
    }

    /// Whether heap `a >= 1` with `G(a) = value` is rare: its value is rare for it.
    fn is_rare_heap(&self, a: usize, value: u32) -> bool {
        self.is_rare(value, a)
    }

    /// The rare heaps, their values and the parity bits, from the values and the split.
    fn rebuild_rare(&mut self) {
        self.rare = (1..self.values.len() as u32)
            .filter(|&a| self.is_rare_heap(a as usize, self.values[a as usize]))
            .collect();
        self.rare_values = self.rare.iter().map(|&a| self.values[a as usize]).collect();
        let even = (0..64u32)
            .filter(|&v| parity(v, self.split.mask) == 0)
            .fold(0, |bits, v| bits | 1 << v);
        self.parity_bits = [even, !even];
    }

    /// The split with the fewest rare heaps, among non-zero masks. With `W_e`, `W_o` the
    /// Walsh–Hadamard transforms of the value histograms of even and odd heaps and `N` the number
    /// of heaps, `#rare = (N + W_e(m) + W_o(m)) / 2` for the plain split, and for the position-parity
    /// one `(N + W_e(m) - W_o(m)) / 2` when the splitting digits are even, `(N - W_e(m) + W_o(m)) / 2`
    /// when they are odd.
    fn rechoose(&mut self) {
        let size = self
            .histograms
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .next_power_of_two()
            .max(2);
        let [even, odd] = self.histograms.each_ref().map(|h| walsh_hadamard(h, size));
        let by_position = [false, true]
            .into_iter()
            .filter(|&p| !p || self.splitting_parity.is_some());
        let odd_digits = self.splitting_parity == Some(1);
        let best = by_position
            .flat_map(|p| (1..size).map(move |m| (p, m)))
            .min_by_key(|&(p, m)| {
                let w = match (p, odd_digits) {
                    (false, _) => even[m] + odd[m],
                    (true, false) => even[m] - odd[m],
                    (true, true) => odd[m] - even[m],
                };
                (w, p, m)
            })
            .map(|(by_position, mask)| Split {
                mask: mask as u32,
                by_position,
            });
        if let Some(best) = best
            && best != self.split
        {
            self.split = best;
            self.rebuild_rare();
        }
    }

    /// The heaps of one kind of move: marks the values of removing or leaving one heap with
    /// `mark`, and records the split sizes in `self.splits`.
    fn collect_moves(&mut self, n: usize, mut mark: impl FnMut(u32)) {
        let (values, splits) = (&self.values, &mut self.splits);
        splits.clear();
        walk(&self.code, n, |step| match step {
            Step::Whole => mark(0),
            Step::One(m) => mark(values[m]),
            Step::Split(m, _, _) => splits.push(m),
        });
    }

    /// The number of rare heaps below `m`: those that pair with another heap in a split of `m`.
    fn rare_below(&self, m: usize) -> usize {
        self.rare.partition_point(|&a| (a as usize) < m)
    }

    /// The rare/common method with one machine word as every value set, while all values are
    /// below 64; `None` when the answer might be 64 or more.
    fn word_value_at(&mut self, n: usize) -> Option<u32> {
        let mut seen = 0u64;
        self.collect_moves(n, |v| seen |= 1 << v);
        let values = &self.values;
        for &m in &self.splits {
            // Splits with a rare heap: every common option value comes from one of these.
            let k = self.rare_below(m);
            for (&a, &g) in self.rare[..k].iter().zip(&self.rare_values[..k]) {
                seen |= 1 << (g ^ values[m - a as usize]);
            }
        }
        let rare_bits = self.parity_bits[self.class(n) as usize];
        let common_missing = !seen & !rare_bits;
        if common_missing == 0 {
            return None;
        }
        let candidate = common_missing.trailing_zeros();
        let mut needed = rare_bits & !seen & ((1u64 << candidate) - 1);
        'scan: for &m in &self.splits {
            if needed == 0 {
                break;
            }
            let (low, high) = pair_halves(values, m);
            for (low, high) in low.chunks(CHUNK).zip(high.rchunks(CHUNK)) {
                let mut found = 0u64;
                for (x, y) in low.iter().zip(high.iter().rev()) {
                    found |= 1 << (x ^ y);
                }
                needed &= !found;
                if needed == 0 {
                    break 'scan;
                }
            }
            if m % 2 == 0 {
                needed &= !1;
            }
        }
        Some(if needed == 0 {
            candidate
        } else {
            needed.trailing_zeros()
        })
    }

    /// The rare/common method with stamped tables, while all values are below 2^15; `None` when
    /// the answer might be 2^16 or more.
    fn table_value_at(&mut self, n: usize) -> Option<u32> {
        let mut tables = self.tables.take().unwrap_or_else(Stamped::new);
        let stamp = tables.next_stamp();
        let value = self.stamped_value_at(n, &mut tables, stamp);
        self.tables = Some(tables);
        value
    }

    fn stamped_value_at(&mut self, n: usize, tables: &mut Stamped, stamp: u32) -> Option<u32> {
        let Stamped { seen, needed, .. } = tables;
        self.collect_moves(n, |v| seen[slot(v)] = stamp);
        let values = &self.values;
        for &m in &self.splits {
            let k = self.rare_below(m);
            for (&a, &g) in self.rare[..k].iter().zip(&self.rare_values[..k]) {
                seen[slot(g ^ values[m - a as usize])] = stamp;
            }
        }
        let mut candidate = 0;
        while self.is_rare(candidate, n) || seen[slot(candidate)] == stamp {
            candidate += 1;
            if candidate >= 1 << 16 {
                return None;
            }
        }
        let mut missing = 0u32;
        for r in 0..candidate {
            if self.is_rare(r, n) && seen[slot(r)] != stamp {
                needed[slot(r)] = stamp;
                missing += 1;
            }
        }
        'scan: for &m in &self.splits {
            if missing == 0 {
                break;
            }
            // A missing rare value can only come from two common heaps (a pair with a rare heap
            // was seen above), so every pair is looked up without a test of its heaps.
            let (low, high) = pair_halves(values, m);
            let middle = [0u32].into_iter().filter(|_| m % 2 == 0);
            for (low, high) in low.chunks(CHUNK).zip(high.rchunks(CHUNK)) {
                let hit = low.iter().zip(high.iter().rev()).fold(0, |hit, (x, y)| {
                    hit | u32::from(needed[slot(x ^ y)] == stamp)
                });
                if hit != 0 {
                    for (x, y) in low.iter().zip(high.iter().rev()) {
                        let entry = &mut needed[slot(x ^ y)];
                        if *entry == stamp {
                            *entry = 0;
                            missing -= 1;
                            if missing == 0 {
                                break 'scan;
                            }
                        }
                    }
                }
            }
            for v in middle {
                if needed[slot(v)] == stamp {
                    needed[slot(v)] = 0;
                    missing -= 1;
                }
            }
        }
        Some(if missing == 0 {
            candidate
        } else {
            (0..candidate)
                .find(|&r| needed[slot(r)] == stamp)
                .unwrap_or(candidate)
        })
    }

    /// The rare/common method with growable bitsets: any value.
    fn general_value_at(&mut self, n: usize) -> u32 {
        self.seen.clear();
        let mut seen = std::mem::take(&mut self.seen);
        self.collect_moves(n, |v| seen.insert(v));
        let values = &self.values;
        for &m in &self.splits {
            let k = self.rare_below(m);
            for (&a, &g) in self.rare[..k].iter().zip(&self.rare_values[..k]) {
                seen.insert(g ^ values[m - a as usize]);
            }
        }
        self.seen = seen;
        if self.split.mask == 0 {
            // Every value is rare: there is no common value, and this is the naive method.
            for &m in &self.splits {
                for a in 1..=m / 2 {
                    self.seen.insert(self.values[a] ^ self.values[m - a]);
                }
            }
            return self.seen.mex();
        }
        // The least common value missing is the candidate; then every smaller rare value must be
        // found among the splits of two common heaps.
        let mut candidate = 0;
        while self.is_rare(candidate, n) || self.seen.contains(candidate) {
            candidate += 1;
        }
        // Rare values below the candidate not yet seen: marked in `needed`, counted in `missing`.
        let mut missing = 0u32;
        self.needed.clear();
        for r in 0..candidate {
            if self.is_rare(r, n) && !self.seen.contains(r) {
                self.needed.insert(r);
                missing += 1;
            }
        }
        'scan: for &m in &self.splits {
            if missing == 0 {
                break;
            }
            let (low, high) = pair_halves(&self.values, m);
            let middle = std::iter::once((&0, &0)).filter(|_| m % 2 == 0);
            for (x, y) in low.iter().zip(high.iter().rev()).chain(middle) {
                let v = x ^ y;
                if v < candidate && self.needed.contains(v) {
                    self.needed.remove(v);
                    missing -= 1;
                    if missing == 0 {
                        break 'scan;
                    }
                }
            }
        }
        (0..candidate)
            .find(|&r| self.needed.contains(r))
            .unwrap_or(candidate)
    }

    fn value_at(&mut self, n: usize) -> u32 {
        if self.largest < 64 && self.rare.len() * 16 > n {
            // Not sparse (yet): the one-word definition beats chasing many rare heaps.
            return small_mex(&self.code, &self.values, n);
        }
        if self.split.mask != 0 {
            let fast = if self.largest < 64 {
                self.word_value_at(n)
            } else if self.largest < TABLE_VALUES {
                self.table_value_at(n)
            } else {
                None
            };
            if let Some(value) = fast {
                return value;
            }
        }
        self.general_value_at(n)
    }
}

impl Iterator for RareCommon {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let n = self.values.len();
        let value = self.value_at(n);
        self.largest = self.largest.max(value);
        self.values.push(value);
        if n > 0 {
            self.tally(n, value);
            if self.is_rare_heap(n, value) {
                self.rare.push(n as u32);
                self.rare_values.push(value);
            }
        }
        if n + 1 >= self.next_rechoice {
            self.rechoose();
            self.next_rechoice = (self.next_rechoice * 2).min(self.next_rechoice + (1 << 16));
        }
        Some(value)
    }
}

impl Stream for RareCommon {
    fn position(&self) -> u64 {
        self.values.len() as u64
    }

    fn work_per_value(&self) -> u64 {
        (self.code.reach(self.values.len()) as u64 + 1) * (self.rare.len() as u64 + 16)
    }

    fn computed(&self) -> Option<&[u32]> {
        Some(&self.values)
    }

    fn take_computed(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(digits: &[u8]) -> Code {
        Code::new(
            digits.iter().map(|&d| (d, Modifier::None)).collect(),
            Vec::new(),
        )
        .unwrap()
    }

    #[test]
    fn kayles_and_dawson() {
        let kayles: Vec<u32> = Naive::new(&code(&[0, 7, 7])).take(12).collect();
        assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let dawson: Vec<u32> = Naive::new(&code(&[0, 0, 7])).take(12).collect();
        assert_eq!(dawson, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
    }

    #[test]
    fn the_position_parity_split_keeps_heaps_sparse_where_masks_cannot() {
        // 0.106 splits with one digit (theory.md §5): every mask alone leaves half the heaps rare.
        let code = code(&[0, 1, 0, 6]);
        let mut engine = RareCommon::new(&code).unwrap();
        let fast: Vec<u32> = engine.by_ref().take(1 << 13).collect();
        let naive: Vec<u32> = Naive::new(&code).take(1 << 13).collect();
        assert_eq!(fast, naive);
        assert!(engine.split.by_position);
        assert!(engine.rare_heaps() < 64, "{}", engine.rare_heaps());
    }

    #[test]
    fn rare_common_equals_naive_on_every_short_code() {
        for d1 in 0..8u8 {
            for d2 in 0..8u8 {
                for d3 in 0..8u8 {
                    for d0 in [0u8, 4] {
                        let Ok(code) = Code::new(
                            vec![
                                (d0, Modifier::None),
                                (d1, Modifier::None),
                                (d2, Modifier::None),
                                (d3, Modifier::None),
                            ],
                            vec![],
                        ) else {
                            continue;
                        };
                        let naive: Vec<u32> = Naive::new(&code).take(300).collect();
                        let fast: Vec<u32> = RareCommon::new(&code).unwrap().take(300).collect();
                        assert_eq!(naive, fast, "{code}");
                    }
                }
            }
        }
    }
}
