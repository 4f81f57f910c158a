//! Take-and-break games in octal and hexadecimal code (theory.md §3): the code, and two engines
//! for Grundy values — the definition (naive) and the rare/common ("sparse space") engine of
//! theory.md §5.

use std::fmt;

use crate::compact::{CompactValues, Element, View, on_view};
use crate::engine::{Engine, Stream};

mod paired;
mod rare_common;
mod store;
mod tail;

pub use paired::Paired;
pub use rare_common::RareCommon;
pub use tail::Tail;

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
pub fn certify<'a>(code: &Code, values: impl Into<View<'a>>) -> Option<crate::period::Certificate> {
    let values = values.into();
    if code.has_modifiers() {
        return None;
    }
    let t = code.last_digit()? as u64;
    let certificate = if code.max_heaps_left() == 1 {
        let (search, _) = on_view!(values, values => crate::period::search_window(
            values.iter().map(|&v| v.into()),
            t + 1,
            values.len() as u64,
        ));
        search.certificate().cloned()
    } else {
        crate::period::certify_guy_smith(values, t, u64::from(code.max_heaps_left()))
    }?;
    // Nothing is called certified before the independent checker agrees.
    certificate.verify(values).is_ok().then_some(certificate)
}

/// The value stream of `code`, continuing after `prefix`. With [`Engine::Streaming`]: the tail
/// engine ([`Tail`]) for codes with a repeating tail, else the rare/common engine where it
/// applies — on two threads ([`Paired`]) when `threads >= 2`; the naive engine otherwise and
/// with [`Engine::Naive`]. Tail codes run on one thread whatever `threads` says: the tail engine's
/// `O(n)` per value, against the other engines' scans of every split, is worth more than a
/// second core.
///
/// # Complexity
/// As the engine chosen; resuming the tail engine replays its accumulated option sets over
/// `prefix` (`O(q · L²)` for `L` values and a tail of `q` digits; `O(q · L³)` with three-heap
/// splits).
///
/// # Example
/// ```
/// use grundy::engine::Engine;
/// let grundy::Game::Octal(code) = grundy::parse_game("0.[7]").unwrap() else { unreachable!() };
/// let values: Vec<u32> = grundy::octal::stream(&code, Engine::Streaming, 1, vec![0, 1])
///     .take(4)
///     .collect();
/// assert_eq!(values, [2, 3, 4, 5]);
/// ```
pub fn stream(
    code: &Code,
    engine: Engine,
    threads: usize,
    prefix: Vec<u32>,
) -> Box<dyn Stream + Send> {
    match engine {
        Engine::Streaming if Tail::applies(code) => {
            Box::new(Tail::resume(code, prefix).expect("checked to apply"))
        }
        Engine::Streaming if threads >= 2 && RareCommon::new(code).is_some() => {
            Box::new(Paired::resume(code, prefix).expect("checked to apply"))
        }
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

    /// Adds the values whose bits are set in `bits` (values below 64).
    fn insert_bits(&mut self, bits: u64) {
        if self.words.is_empty() {
            self.words.push(0);
        }
        self.words[0] |= bits;
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
pub fn for_each_option<T: Element>(code: &Code, values: &[T], n: usize, mut f: impl FnMut(u32)) {
    walk(code, n, |step| match step {
        Step::Whole => f(0),
        Step::One(m) => f(values[m].into()),
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
#[inline]
fn walk(code: &Code, n: usize, mut f: impl FnMut(Step)) {
    for j in 0..=code.reach(n) {
        removal(code, n, j, &mut f);
    }
}

/// Calls `f` for every kind of move from a heap of `n` that removes exactly `j` tokens (as digit
/// `j` allows it). Apart from `j > 0`, the moves depend on `j` only through digit `j` and on `n`
/// only through `n - j`.
#[inline]
fn removal(code: &Code, n: usize, j: usize, f: &mut impl FnMut(Step)) {
    let (d, modifier) = code.digit(j);
    if d & 1 != 0 && n == j && j > 0 {
        f(Step::Whole);
    }
    if n <= j {
        return;
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

/// Calls `f` with the value of every split of `m` into `heaps` heaps the modifier allows.
fn for_each_split(
    values: &[impl Element],
    m: usize,
    heaps: u8,
    modifier: Modifier,
    f: &mut impl FnMut(u32),
) {
    if heaps == 2 {
        for a in 1..=m / 2 {
            if allowed(&[a, m - a], modifier) {
                f((values[a] ^ values[m - a]).into());
            }
        }
    } else {
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                let c = m - a - b;
                if allowed(&[a, b, c], modifier) {
                    f((values[a] ^ values[b] ^ values[c]).into());
                }
            }
        }
    }
}

/// The naive engine: each value is the mex of every option (the definition).
pub struct Naive {
    code: Code,
    /// Four bytes each: the naive engine's runs are short (its cost is quadratic), and its pair
    /// loops vectorise best on 32-bit lanes.
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
fn small_mex<T: Element>(code: &Code, values: &[T], n: usize) -> u32 {
    let mut seen = 0u64;
    walk(code, n, |step| match step {
        Step::Whole => seen |= 1,
        Step::One(m) => seen |= 1 << values[m].into(),
        Step::Split(m, _, _) => seen |= pair_bits(values, m),
    });
    seen.trailing_ones()
}

/// The one-word set of `G(a) xor G(m - a)` over all splits of `m` (values below 64). The pairs are
/// read from both ends of the values, which vectorises well; the middle pair gives 0.
fn pair_bits<T: Element>(values: &[T], m: usize) -> u64 {
    let (low, high) = values[1..m].split_at(m / 2);
    let mut seen = u64::from(m.is_multiple_of(2));
    for (&x, &y) in low.iter().zip(high.iter().rev()) {
        seen |= 1 << (x ^ y).into();
    }
    seen
}

/// `BIT[v] = 1 << v`: a load instead of a variable shift, which SSE2 lacks.
pub(crate) static BIT: [u64; 64] = {
    let mut bits = [0; 64];
    let mut v = 0;
    while v < 64 {
        bits[v] = 1 << v;
        v += 1;
    }
    bits
};

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

    fn computed(&self) -> Option<View<'_>> {
        Some(View::Words(&self.values))
    }

    fn take_computed(&mut self) -> CompactValues {
        std::mem::take(&mut self.values).into()
    }
}

/// The code with digits `d0, d1, …` and no modifiers (for tests).
#[cfg(test)]
fn code(digits: &[u8]) -> Code {
    Code::new(
        digits.iter().map(|&d| (d, Modifier::None)).collect(),
        Vec::new(),
    )
    .expect("a valid code")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_and_dawson() {
        let kayles: Vec<u32> = Naive::new(&code(&[0, 7, 7])).take(12).collect();
        assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let dawson: Vec<u32> = Naive::new(&code(&[0, 0, 7])).take(12).collect();
        assert_eq!(dawson, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
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
