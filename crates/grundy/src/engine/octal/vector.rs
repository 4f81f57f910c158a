//! Vector kernels of the rare/common engine (docs/theory.md §9): the scan's question — which pairs
//! of a split give a value among those still looked for ([`probe`]) — and the rare pass, marking
//! the value of every pair with a rare heap in a stamped table ([`mark_rare`]). The scan's other
//! work (unmarking a value found, counting what is missing) stays in the portable code; the probe
//! only skips the blocks of pairs that give nothing looked for, which is most of them.
//!
//! The kernels use x86-64 AVX-512 (BW) instructions when the processor has them, checked at run
//! time; elsewhere [`probe`] answers with the portable loop. The looked-for values, all below
//! [`SMALL_SET_VALUES`], are a bitmap of 64 words of 16 bits that two vector registers hold: a
//! pair's value `v` is looked for when bit `v mod 16` of word `v / 16` is set, which one
//! two-register word permutation and one variable shift answer for 32 pairs at once. This module
//! holds grundy's only `unsafe` code (the unaligned vector loads and the calls of the
//! AVX-512 functions after the run-time check); its tests compare every kernel with the portable
//! loop.

use crate::theory::compact::{Element, View};

/// The values a [`SmallSet`] holds are below this.
pub(super) const SMALL_SET_VALUES: u32 = 1024;

/// Pairs per block of a kernel.
pub(super) const LANES: usize = 32;

/// A rare heap `a` with its value `G(a)`, laid out as two 32-bit words (so that a kernel loads
/// 16 of them in two registers).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RareHeap {
    pub(super) heap: u32,
    pub(super) value: u32,
}

/// Sets `seen[(value xor G(m - heap)) mod 2^16] = stamp` for every rare heap of `rare`, where
/// `G(i)` is `values[i - offset]` (every partner `m - heap` must be among `values`, or this
/// panics), every value below 2^16. By the AVX-512 gathers and scatters when the processor has
/// them, else one by one.
///
/// # Complexity
/// `O(rare.len())`.
pub(super) fn mark_rare(
    values: View<'_>,
    offset: usize,
    rare: &[RareHeap],
    m: usize,
    seen: &mut [u32; 1 << 16],
    stamp: u32,
) {
    #[cfg(target_arch = "x86_64")]
    if available() && m < i32::MAX as usize {
        match values {
            View::Shorts(values) => {
                return avx512::mark_shorts(values, offset, rare, m, seen, stamp);
            }
            View::Bytes(values) => return avx512::mark_bytes(values, offset, rare, m, seen, stamp),
            View::Words(_) => {}
        }
    }
    crate::theory::compact::on_view!(values, values => mark_portable(values, offset, rare, m, seen, stamp));
}

/// [`mark_rare`] one rare heap at a time (the reference of the kernels).
fn mark_portable<T: Element>(
    values: &[T],
    offset: usize,
    rare: &[RareHeap],
    m: usize,
    seen: &mut [u32; 1 << 16],
    stamp: u32,
) {
    for &RareHeap { heap, value } in rare {
        let partner: u32 = values[m - heap as usize - offset].into();
        seen[usize::from((value ^ partner) as u16)] = stamp;
    }
}

/// A set of values below [`SMALL_SET_VALUES`], as a bitmap.
#[derive(Clone, Debug)]
pub(super) struct SmallSet {
    words: [u16; 64],
}

impl Default for SmallSet {
    fn default() -> Self {
        Self { words: [0; 64] }
    }
}

impl SmallSet {
    /// Adds `v`, if it is below [`SMALL_SET_VALUES`] (a pair of values below it cannot give a
    /// larger one).
    pub(super) fn insert(&mut self, v: u32) {
        if v < SMALL_SET_VALUES {
            self.words[(v >> 4) as usize] |= 1 << (v & 15);
        }
    }

    /// Removes `v`, if it is below [`SMALL_SET_VALUES`].
    pub(super) fn remove(&mut self, v: u32) {
        if v < SMALL_SET_VALUES {
            self.words[(v >> 4) as usize] &= !(1 << (v & 15));
        }
    }

    /// Whether `v` is in the set.
    pub(super) fn contains(&self, v: u32) -> bool {
        v < SMALL_SET_VALUES && self.words[(v >> 4) as usize] & (1 << (v & 15)) != 0
    }

    /// Empties the set.
    pub(super) fn clear(&mut self) {
        self.words = [0; 64];
    }
}

/// What [`probe`] found among the pairs `(low[i], high[high.len() - 1 - i])`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Probe {
    /// The block of [`LANES`] pairs from index `at` holds pairs whose value is in the set (the
    /// first such block): pair `at + i` for every bit `i` of `lanes`.
    Hit { at: usize, lanes: u32 },
    /// The first this many pairs (a multiple of [`LANES`]) hold none; the others, fewer than
    /// [`LANES`], are left to the caller.
    Clear(usize),
}

/// Whether the processor runs the AVX-512 kernels (checked once per call: the standard library
/// caches the answer).
pub(super) fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The first block of [`LANES`] pairs `(low[i], high[high.len() - 1 - i])` (equal lengths) whose
/// xor is in `set`, every value of both slices below [`SMALL_SET_VALUES`]; by the AVX-512 kernel
/// when the processor has it ([`available`]), else by the portable loop.
///
/// # Complexity
/// `O(i)` for a hit at block `i`, `O(len)` otherwise.
pub(super) fn probe<T: Element>(low: &[T], high: &[T], set: &SmallSet) -> Probe {
    #[cfg(target_arch = "x86_64")]
    if available() {
        return match (T::view(low), T::view(high)) {
            (View::Shorts(low), View::Shorts(high)) => avx512::shorts(low, high, set),
            (View::Bytes(low), View::Bytes(high)) => avx512::bytes(low, high, set),
            _ => portable(low, high, set),
        };
    }
    portable(low, high, set)
}

/// [`probe`] by a plain loop (the reference of the kernels).
fn portable<T: Element>(low: &[T], high: &[T], set: &SmallSet) -> Probe {
    let blocks = low.len().min(high.len()) / LANES;
    let h = high.len();
    for block in 0..blocks {
        let i = block * LANES;
        let lanes = low[i..i + LANES]
            .iter()
            .zip(high[h - i - LANES..h - i].iter().rev())
            .enumerate()
            .filter(|&(_, (&x, &y))| set.contains((x ^ y).into()))
            .fold(0u32, |lanes, (lane, _)| lanes | 1 << lane);
        if lanes != 0 {
            return Probe::Hit { at: i, lanes };
        }
    }
    Probe::Clear(blocks * LANES)
}

#[cfg(target_arch = "x86_64")]
#[expect(
    unsafe_code,
    reason = "AVX-512 intrinsics: unaligned loads through pointers into checked slices, and calls of functions compiled for AVX-512 after the run-time check that the processor has it"
)]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm256_loadu_si256, _mm512_and_si512, _mm512_cmplt_epu32_mask,
        _mm512_cvtepu8_epi16, _mm512_i32gather_epi32, _mm512_i32scatter_epi32, _mm512_loadu_si512,
        _mm512_permutex2var_epi16, _mm512_permutex2var_epi32, _mm512_permutexvar_epi16,
        _mm512_set1_epi16, _mm512_set1_epi32, _mm512_srli_epi16, _mm512_srlv_epi16,
        _mm512_sub_epi32, _mm512_test_epi16_mask, _mm512_xor_si512,
    };

    use super::{Element, LANES, Probe, RareHeap, SmallSet, available, mark_portable};

    /// [`super::mark_rare`] on 2-byte values.
    pub(super) fn mark_shorts(
        values: &[u16],
        offset: usize,
        rare: &[RareHeap],
        m: usize,
        seen: &mut [u32; 1 << 16],
        stamp: u32,
    ) {
        mark::<u16, 2>(values, 0xFFFF, offset, rare, m, seen, stamp);
    }

    /// [`super::mark_rare`] on 1-byte values.
    pub(super) fn mark_bytes(
        values: &[u8],
        offset: usize,
        rare: &[RareHeap],
        m: usize,
        seen: &mut [u32; 1 << 16],
        stamp: u32,
    ) {
        mark::<u8, 1>(values, 0xFF, offset, rare, m, seen, stamp);
    }

    /// [`super::mark_rare`] on values of `SCALE` bytes (`T`), each read from 4 gathered bytes
    /// masked by `mask`: the blocks of 16 rare heaps by the kernel, the blocks it leaves out
    /// and the last rare heaps one by one.
    fn mark<T: Element, const SCALE: i32>(
        values: &[T],
        mask: i32,
        offset: usize,
        rare: &[RareHeap],
        m: usize,
        seen: &mut [u32; 1 << 16],
        stamp: u32,
    ) {
        assert!(available(), "the AVX-512 kernels need AVX-512 F");
        assert_eq!(size_of::<T>(), SCALE as usize, "a value is SCALE bytes");
        // A gather reads 4 bytes from a partner: a block whose partners are not all at least
        // 4 bytes before the end of `values` goes one by one.
        let limit = values.len().saturating_sub(4 / SCALE as usize - 1);
        let blocks = rare.len() / 16 * 16;
        // SAFETY: the processor has AVX-512 F (checked above); the kernel reads only the 4
        // bytes from each partner below `limit`, within `values`.
        let unchecked = unsafe {
            mark_avx512::<SCALE>(
                values.as_ptr().cast(),
                limit,
                mask,
                m - offset,
                &rare[..blocks],
                seen,
                stamp,
            )
        };
        for block in unchecked {
            mark_portable(values, offset, &rare[block..block + 16], m, seen, stamp);
        }
        mark_portable(values, offset, &rare[blocks..], m, seen, stamp);
    }

    /// The rare pass on 16 rare heaps at a time (`rare.len()` a multiple of 16): gathers the
    /// partners `top - heap` (`SCALE` bytes each, the 4 bytes read from there masked by
    /// `mask`), xors them with the rare values and scatters `stamp` to `seen` at the results.
    /// A block with a partner not below `limit` (or a heap above `top`) is left out: the starts
    /// of those blocks are returned, for the caller to do one by one.
    ///
    /// # Safety
    /// The processor has AVX-512 F, and the 4 bytes at `values + SCALE·i` are readable for
    /// every `i < limit`.
    #[target_feature(enable = "avx512f")]
    unsafe fn mark_avx512<const SCALE: i32>(
        values: *const u8,
        limit: usize,
        mask: i32,
        top: usize,
        rare: &[RareHeap],
        seen: &mut [u32; 1 << 16],
        stamp: u32,
    ) -> Vec<usize> {
        // The words of the heaps and of the values among the 32 of 16 rare heaps.
        const HEAPS: [i32; 16] = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30];
        const VALUES: [i32; 16] = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31];
        let mut unchecked = Vec::new();
        let (Ok(top), Ok(limit)) = (i32::try_from(top), i32::try_from(limit)) else {
            unchecked.extend((0..rare.len()).step_by(16));
            return unchecked;
        };
        // SAFETY: each array is 16 words, 64 bytes, the width of the unaligned load.
        let (heaps, ranks) = unsafe {
            (
                _mm512_loadu_si512(HEAPS.as_ptr().cast()),
                _mm512_loadu_si512(VALUES.as_ptr().cast()),
            )
        };
        let top = _mm512_set1_epi32(top);
        let limit = _mm512_set1_epi32(limit);
        let mask = _mm512_set1_epi32(mask);
        let stamp = _mm512_set1_epi32(stamp.cast_signed());
        for (index, block) in rare.chunks_exact(16).enumerate() {
            let words = block.as_ptr().cast::<i32>();
            // SAFETY: a block is 16 `RareHeap`s of two 32-bit words (`repr(C)`), 128 bytes:
            // two unaligned loads of 64.
            let (first, second) = unsafe {
                (
                    _mm512_loadu_si512(words.cast()),
                    _mm512_loadu_si512(words.add(16).cast()),
                )
            };
            // A heap above `top` wraps to a partner above `limit` (unsigned).
            let partners = _mm512_sub_epi32(top, _mm512_permutex2var_epi32(first, heaps, second));
            if _mm512_cmplt_epu32_mask(partners, limit) != u16::MAX {
                unchecked.push(index * 16);
                continue;
            }
            let rare_values = _mm512_permutex2var_epi32(first, ranks, second);
            // SAFETY: every partner is below `limit`, so each gathered 4 bytes are readable by
            // the function's contract; every masked xor is below 2^16, an index of `seen`.
            unsafe {
                let gathered = _mm512_i32gather_epi32::<SCALE>(partners, values.cast());
                let xor = _mm512_and_si512(_mm512_xor_si512(gathered, rare_values), mask);
                _mm512_i32scatter_epi32::<4>(seen.as_mut_ptr().cast(), xor, stamp);
            }
        }
        unchecked
    }

    /// [`super::probe`] on 2-byte values.
    pub(super) fn shorts(low: &[u16], high: &[u16], set: &SmallSet) -> Probe {
        assert!(available(), "the AVX-512 kernels need AVX-512 BW");
        // SAFETY: the processor has AVX-512 F and BW (checked just above), the features the
        // function is compiled for.
        unsafe { shorts_avx512(low, high, set) }
    }

    /// [`super::probe`] on 1-byte values.
    pub(super) fn bytes(low: &[u8], high: &[u8], set: &SmallSet) -> Probe {
        assert!(available(), "the AVX-512 kernels need AVX-512 BW");
        // SAFETY: as in `shorts`.
        unsafe { bytes_avx512(low, high, set) }
    }

    /// The lanes of `v` (32 values below 1024) whose value is in the bitmap `(low, high)`.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn members(v: __m512i, low: __m512i, high: __m512i) -> u32 {
        let word = _mm512_permutex2var_epi16(low, _mm512_srli_epi16::<4>(v), high);
        let bit = _mm512_srlv_epi16(word, _mm512_and_si512(v, _mm512_set1_epi16(15)));
        _mm512_test_epi16_mask(bit, _mm512_set1_epi16(1))
    }

    /// Lane `i` of the result is lane `31 - i` of `v`.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn reversed(v: __m512i) -> __m512i {
        const ORDER: [i16; 32] = [
            31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
            9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
        ];
        // SAFETY: `ORDER` is 64 bytes, the width of the unaligned load.
        let order = unsafe { _mm512_loadu_si512(ORDER.as_ptr().cast()) };
        _mm512_permutexvar_epi16(order, v)
    }

    /// The bitmap of `set` in two registers: words 0–31 and 32–63.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn bitmap(set: &SmallSet) -> (__m512i, __m512i) {
        let (low, high) = set.words.split_at(32);
        // SAFETY: each half is 32 words, 64 bytes, the width of the unaligned load.
        unsafe {
            (
                _mm512_loadu_si512(low.as_ptr().cast()),
                _mm512_loadu_si512(high.as_ptr().cast()),
            )
        }
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    fn shorts_avx512(low: &[u16], high: &[u16], set: &SmallSet) -> Probe {
        let (words_low, words_high) = bitmap(set);
        let blocks = low.len().min(high.len()) / LANES;
        let h = high.len();
        for block in 0..blocks {
            let i = block * LANES;
            let (x, y) = (&low[i..i + LANES], &high[h - i - LANES..h - i]);
            // SAFETY: `x` and `y` are 32 values of 2 bytes, the width of the unaligned loads.
            let (x, y) = unsafe {
                (
                    _mm512_loadu_si512(x.as_ptr().cast()),
                    _mm512_loadu_si512(y.as_ptr().cast()),
                )
            };
            let v = _mm512_xor_si512(x, reversed(y));
            let lanes = members(v, words_low, words_high);
            if lanes != 0 {
                return Probe::Hit { at: i, lanes };
            }
        }
        Probe::Clear(blocks * LANES)
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    fn bytes_avx512(low: &[u8], high: &[u8], set: &SmallSet) -> Probe {
        let (words_low, words_high) = bitmap(set);
        let blocks = low.len().min(high.len()) / LANES;
        let h = high.len();
        for block in 0..blocks {
            let i = block * LANES;
            let (x, y) = (&low[i..i + LANES], &high[h - i - LANES..h - i]);
            // SAFETY: `x` and `y` are 32 values of 1 byte, the width of the unaligned loads.
            let (x, y) = unsafe {
                (
                    _mm512_cvtepu8_epi16(_mm256_loadu_si256(x.as_ptr().cast())),
                    _mm512_cvtepu8_epi16(_mm256_loadu_si256(y.as_ptr().cast())),
                )
            };
            let v = _mm512_xor_si512(x, reversed(y));
            let lanes = members(v, words_low, words_high);
            if lanes != 0 {
                return Probe::Hit { at: i, lanes };
            }
        }
        Probe::Clear(blocks * LANES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic stream of numbers below `bound`.
    fn numbers(seed: u64, bound: u32) -> impl FnMut() -> u32 {
        let mut state = seed;
        move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % u64::from(bound)) as u32
        }
    }

    #[test]
    fn a_small_set_holds_what_was_inserted_and_not_what_was_removed() {
        let mut set = SmallSet::default();
        for v in [0, 15, 16, 511, 1023, 1024, 4000] {
            set.insert(v);
        }
        set.remove(16);
        set.remove(5000);
        let members: Vec<u32> = (0..2000).filter(|&v| set.contains(v)).collect();
        assert_eq!(members, [0, 15, 511, 1023]);
        set.clear();
        assert!((0..1024).all(|v| !set.contains(v)));
    }

    #[test]
    fn the_rare_pass_kernels_mark_what_the_portable_loop_marks() {
        // Without AVX-512 `mark_rare` is the portable loop, and this compares it with itself.
        let mut next = numbers(11, u32::MAX);
        for case in 0..300 {
            let len = 40 + (next() % 400) as usize;
            let bound = if case % 2 == 0 { 256 } else { 1 << 15 };
            let mut value = numbers(case as u64, bound);
            let offset = [0, 17][case % 2];
            let values: Vec<u32> = (0..len).map(|_| value()).collect();
            // Partners from offset to offset + len - 1, the last one included: m - heap.
            let m = offset + len - 1 + (next() % 3) as usize;
            let mut heaps: Vec<u32> = (1..=(m - offset) as u32)
                .filter(|&a| m - a as usize >= offset && m - (a as usize) < offset + len)
                .filter(|_| next().is_multiple_of(3))
                .collect();
            heaps.dedup();
            let rare: Vec<RareHeap> = heaps
                .iter()
                .map(|&heap| RareHeap {
                    heap,
                    value: value(),
                })
                .collect();
            let mut expected = vec![0u32; 1 << 16].into_boxed_slice();
            let expected: &mut [u32; 1 << 16] = (&mut *expected).try_into().unwrap();
            mark_portable(&values, offset, &rare, m, expected, 5);
            let mut got = vec![0u32; 1 << 16].into_boxed_slice();
            let got: &mut [u32; 1 << 16] = (&mut *got).try_into().unwrap();
            if bound == 256 {
                let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
                mark_rare(View::Bytes(&bytes), offset, &rare, m, got, 5);
            } else {
                let shorts: Vec<u16> = values.iter().map(|&v| v as u16).collect();
                mark_rare(View::Shorts(&shorts), offset, &rare, m, got, 5);
            }
            assert!(expected == got, "case {case}");
        }
    }

    #[test]
    fn the_kernels_find_the_blocks_the_portable_loop_finds() {
        // Without AVX-512 `probe` is the portable loop, and this compares it with itself.
        let mut next = numbers(7, u32::MAX);
        for case in 0..400 {
            let bound = [256, 320, 1024][case % 3];
            let len = (next() % 300) as usize;
            let mut value = numbers(case as u64, bound);
            let low: Vec<u32> = (0..len).map(|_| value()).collect();
            let high: Vec<u32> = (0..len).map(|_| value()).collect();
            let mut set = SmallSet::default();
            for _ in 0..(next() % 6) {
                set.insert(value());
            }
            let expected = portable(&low, &high, &set);
            let shorts = |v: &[u32]| v.iter().map(|&x| x as u16).collect::<Vec<u16>>();
            let got = probe(&shorts(&low), &shorts(&high), &set);
            assert_eq!(got, expected, "case {case}, 2-byte values");
            if bound == 256 {
                let bytes = |v: &[u32]| v.iter().map(|&x| x as u8).collect::<Vec<u8>>();
                let got = probe(&bytes(&low), &bytes(&high), &set);
                assert_eq!(got, expected, "case {case}, 1-byte values");
            }
        }
    }
}
