//! Take-and-break games in octal and hexadecimal code (docs/theory.md §7): the code, and two
//! engines for Grundy values — the definition (naive) and the rare/common ("sparse space") engine
//! of docs/theory.md §9.

use super::Engine;
use crate::engine::Stream;
#[cfg(test)]
use crate::games::octal::Modifier;
use crate::games::octal::{Code, Step, for_each_option, walk};
use crate::theory::compact::{CompactValues, Element, View};
use crate::theory::mex::Bitset;

mod paired;
mod rare_common;
mod store;
mod tail;

pub use paired::Paired;
pub use rare_common::RareCommon;
pub use tail::Tail;

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
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::engine::Engine;
/// let grundy::Game::Octal(code) = grundy::parse_game("0.[7]")? else { unreachable!() };
/// let values: Vec<u32> = grundy::octal::stream(&code, Engine::Streaming, 1, vec![0, 1])
///     .take(4)
///     .collect();
/// assert_eq!(values, [2, 3, 4, 5]);
/// # Ok(()) }
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

/// The naive engine: each value is the mex of every option (the definition).
pub struct Naive {
    code: Code,
    /// Four bytes each: the naive engine's runs are short (its cost is quadratic), and its pair
    /// loops vectorise best on 32-bit lanes.
    values: Vec<u32>,
    seen: Bitset,
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
            seen: Bitset::default(),
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
