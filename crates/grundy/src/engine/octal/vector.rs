//! Vector kernels of the rare/common engine (docs/theory.md §9): the scan, which removes from a
//! set of values looked for each value the pairs of a split give ([`find`]); the rare pass of one
//! heap, marking the value of every pair with a rare heap in a stamped table ([`mark_rare`]); and
//! the rare pass of a batch of consecutive heaps at once ([`mark_batch`]), with the reading of
//! each heap's options from it ([`lane_masks`], [`lane_set`]).
//!
//! The kernels use x86-64 AVX-512 (F and BW) instructions when the processor has them, checked
//! at run time; elsewhere each answers with its portable loop. The values looked for, all below
//! [`SMALL_SET_VALUES`], are a bitmap of 64 words of 16 bits that two vector registers hold: a
//! pair's value `v` is looked for when bit `v mod 16` of word `v / 16` is set, which one
//! two-register word permutation and one variable shift answer for 32 pairs at once; the blocks
//! of pairs without a value looked for, most of them, cost only that. This module holds grundy's
//! only `unsafe` code (the unaligned vector loads and stores, the gathers and scatters, and the
//! calls of the AVX-512 functions after the run-time check); its tests compare every kernel with
//! its portable loop.

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

/// Heaps that [`mark_batch`] marks the rare pairs of together: one 32-bit lane each.
pub(super) const BATCH: usize = 16;

/// The marks of a batch of heaps: entry `(x << 4) | lane` holds the stamp when the value `x`
/// is an option of the batch's heap `lane`.
pub(super) type LaneTable = [u32; SMALL_SET_VALUES as usize * BATCH];

/// Sets `table[(x << 4) | lane] = stamp` for `x = value xor values[first - heap + lane]`, every
/// rare heap `(heap, value)` of `rare` and lane below [`BATCH`]: the value of the split of
/// `m = first + offset + lane` into the rare heap and its partner, when `values[i]` is
/// `G(offset + i)` — the rare pass of [`BATCH`] consecutive heaps at once, the partners of each
/// rare heap read as one slice. Each `x` is taken modulo [`SMALL_SET_VALUES`] (the caller's
/// values are below it). By AVX-512 (one load and one scatter per rare heap) when the
/// processor has it ([`available`]), else one pair at a time.
///
/// # Panics
/// If a rare heap is above `first`, or its partners pass the end of `values`.
///
/// # Complexity
/// `O(rare.len() · BATCH)` stores.
pub(super) fn mark_batch(
    values: View<'_>,
    first: usize,
    rare: &[RareHeap],
    table: &mut LaneTable,
    stamp: u32,
) {
    // The bounds are checked once, by the kernel's wrapper (its loads rest on them) or by the
    // portable loop's slicing.
    #[cfg(target_arch = "x86_64")]
    if available() {
        match values {
            View::Shorts(values) => return avx512::mark_batch(values, first, rare, table, stamp),
            View::Bytes(values) => return avx512::mark_batch(values, first, rare, table, stamp),
            View::Words(_) => {}
        }
    }
    crate::theory::compact::on_view!(
        values,
        values => mark_batch_portable(values, first, rare, table, stamp)
    );
}

/// Whether every rare heap is at most `first` and its [`BATCH`] partners from `first - heap` are
/// below `len`.
fn partners_within(rare: &[RareHeap], first: usize, len: usize) -> bool {
    let (lowest, highest) = rare
        .iter()
        .fold((usize::MAX, 0), |(lowest, highest), rare| {
            (
                lowest.min(rare.heap as usize),
                highest.max(rare.heap as usize),
            )
        });
    rare.is_empty()
        || (highest <= first
            && (first - lowest)
                .checked_add(BATCH)
                .is_some_and(|end| end <= len))
}

/// [`mark_batch`] one pair at a time (the reference of the kernel).
fn mark_batch_portable<T: Element>(
    values: &[T],
    first: usize,
    rare: &[RareHeap],
    table: &mut LaneTable,
    stamp: u32,
) {
    for &RareHeap { heap, value } in rare {
        let partners = &values[first - heap as usize..][..BATCH];
        for (lane, &partner) in partners.iter().enumerate() {
            let x = (value ^ partner.into()) & (SMALL_SET_VALUES - 1);
            table[(x as usize) << 4 | lane] = stamp;
        }
    }
}

/// `masks[x]` for `x < bound` (rounded up to a multiple of 32): bit `lane` set when
/// `table[(x << 4) | lane]` holds `stamp` — the batch's heaps that have option `x`, read once
/// for every heap's [`lane_set`].
///
/// # Complexity
/// `O(bound · BATCH)`.
pub(super) fn lane_masks(
    table: &LaneTable,
    stamp: u32,
    bound: usize,
    masks: &mut [u16; SMALL_SET_VALUES as usize],
) {
    let bound = bound.next_multiple_of(32).min(SMALL_SET_VALUES as usize);
    #[cfg(target_arch = "x86_64")]
    if available() {
        avx512::lane_masks(table, stamp, bound, masks);
        return;
    }
    for (x, mask) in masks[..bound].iter_mut().enumerate() {
        *mask = table[x << 4..][..BATCH]
            .iter()
            .enumerate()
            .fold(0, |mask, (lane, &entry)| {
                mask | u16::from(entry == stamp) << lane
            });
    }
}

/// The values `x < bound` (rounded up to a multiple of 32, as [`lane_masks`]) whose `masks[x]`
/// has bit `lane`: one heap's options from the batch.
///
/// # Complexity
/// `O(bound)`, 32 values per step of the kernel.
pub(super) fn lane_set(
    masks: &[u16; SMALL_SET_VALUES as usize],
    lane: usize,
    bound: usize,
) -> SmallSet {
    let bound = bound.next_multiple_of(32).min(SMALL_SET_VALUES as usize);
    #[cfg(target_arch = "x86_64")]
    if available() {
        return avx512::lane_set(masks, lane, bound);
    }
    let mut set = SmallSet::default();
    for (x, &mask) in masks[..bound].iter().enumerate() {
        if mask >> lane & 1 != 0 {
            set.insert(x as u32);
        }
    }
    set
}

/// Reads the pairs `(low[i], high[high.len() - 1 - i])` by blocks of [`LANES`] and removes from
/// `set` the value of each pair it holds, counting `missing` (the size of `set`) down, until it
/// is 0. Returns the pairs read, a multiple of [`LANES`]: every whole block, or the blocks up to
/// the one where `missing` reached 0; the last pairs, fewer than [`LANES`], are left to the
/// caller. By AVX-512 BW when the processor has it: a block whose values the set's bitmap (read
/// modulo [`SMALL_SET_VALUES`]) does not hold is skipped with one membership test of its 32
/// pairs, and each lane it holds is looked up in `set` itself (exact for any value).
///
/// # Complexity
/// `O(len)`.
pub(super) fn find<T: Element>(
    low: &[T],
    high: &[T],
    set: &mut SmallSet,
    missing: &mut u32,
) -> usize {
    #[cfg(target_arch = "x86_64")]
    if available() {
        match (T::view(low), T::view(high)) {
            (View::Shorts(low), View::Shorts(high)) => {
                return avx512::find(low, high, set, missing);
            }
            (View::Bytes(low), View::Bytes(high)) => return avx512::find(low, high, set, missing),
            _ => {}
        }
    }
    find_portable(low, high, set, missing)
}

/// [`find`] by a plain loop (the reference of the kernel).
fn find_portable<T: Element>(
    low: &[T],
    high: &[T],
    set: &mut SmallSet,
    missing: &mut u32,
) -> usize {
    let pairs = low.len().min(high.len()) / LANES * LANES;
    let h = high.len();
    for i in 0..pairs {
        let value = (low[i] ^ high[h - 1 - i]).into();
        if set.contains(value) {
            set.remove(value);
            *missing -= 1;
            if *missing == 0 {
                return (i / LANES + 1) * LANES;
            }
        }
    }
    pairs
}

/// A set of values below [`SMALL_SET_VALUES`], as a bitmap: bit `v mod 64` of word `v / 64`
/// (in memory, bit `v mod 16` of the 16-bit word `v / 16`, as the kernels read it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct SmallSet {
    pub(super) words: [u64; WORDS],
}

/// The 64-bit words of a [`SmallSet`].
pub(super) const WORDS: usize = SMALL_SET_VALUES as usize / 64;

impl SmallSet {
    /// Adds `v`, if it is below [`SMALL_SET_VALUES`] (a pair of values below it cannot give a
    /// larger one).
    pub(super) fn insert(&mut self, v: u32) {
        if v < SMALL_SET_VALUES {
            self.words[(v >> 6) as usize] |= 1 << (v & 63);
        }
    }

    /// Removes `v`, if it is below [`SMALL_SET_VALUES`].
    pub(super) fn remove(&mut self, v: u32) {
        if v < SMALL_SET_VALUES {
            self.words[(v >> 6) as usize] &= !(1 << (v & 63));
        }
    }

    /// Whether `v` is in the set.
    pub(super) fn contains(&self, v: u32) -> bool {
        v < SMALL_SET_VALUES && self.words[(v >> 6) as usize] & (1 << (v & 63)) != 0
    }

    /// Empties the set.
    pub(super) fn clear(&mut self) {
        self.words = [0; WORDS];
    }

    /// How many values the set holds.
    pub(super) fn len(&self) -> u32 {
        self.words.iter().map(|word| word.count_ones()).sum()
    }

    /// The least value of the set.
    pub(super) fn first(&self) -> Option<u32> {
        let (k, word) = self
            .words
            .iter()
            .enumerate()
            .find(|&(_, &word)| word != 0)?;
        Some(64 * k as u32 + word.trailing_zeros())
    }
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

#[cfg(target_arch = "x86_64")]
#[expect(
    unsafe_code,
    reason = "AVX-512 intrinsics: unaligned loads and stores, gathers and scatters through pointers into checked slices, and calls of functions compiled for AVX-512 after the run-time check that the processor has it"
)]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm_loadu_si128, _mm256_loadu_si256, _mm512_and_si512, _mm512_andnot_si512,
        _mm512_cmpeq_epi32_mask, _mm512_cmplt_epu32_mask, _mm512_cvtepu8_epi16,
        _mm512_cvtepu8_epi32, _mm512_cvtepu16_epi32, _mm512_i32gather_epi32,
        _mm512_i32scatter_epi32, _mm512_loadu_si512, _mm512_maskz_set1_epi16, _mm512_or_si512,
        _mm512_permutex2var_epi16, _mm512_permutex2var_epi32, _mm512_permutexvar_epi16,
        _mm512_set1_epi16, _mm512_set1_epi32, _mm512_setr_epi32, _mm512_slli_epi32,
        _mm512_srli_epi16, _mm512_srlv_epi16, _mm512_storeu_si512, _mm512_sub_epi32,
        _mm512_test_epi16_mask, _mm512_xor_si512,
    };

    use super::{
        BATCH, Element, LANES, LaneTable, RareHeap, SMALL_SET_VALUES, SmallSet, available,
        mark_portable,
    };

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

    /// [`super::mark_batch`] on values of 1 or 2 bytes (the caller checked the partners).
    pub(super) fn mark_batch<T: Element>(
        values: &[T],
        first: usize,
        rare: &[RareHeap],
        table: &mut LaneTable,
        stamp: u32,
    ) {
        assert!(available(), "the AVX-512 kernels need AVX-512 F");
        assert!(size_of::<T>() <= 2, "values of 1 or 2 bytes");
        assert!(
            super::partners_within(rare, first, values.len()),
            "partners among the values"
        );
        // SAFETY: the processor has AVX-512 F, and every rare heap is at most `first` with its
        // `BATCH` partners from `first - heap` within `values` (both checked just above).
        unsafe { mark_batch_avx512::<T>(values.as_ptr(), first, rare, table, stamp) }
    }

    /// The loop of [`mark_batch`].
    ///
    /// # Safety
    /// The processor has AVX-512 F; `T` is 1 or 2 bytes; for every rare heap, `heap <= first`
    /// and the `BATCH` values from `values + first - heap` are readable.
    #[target_feature(enable = "avx512f")]
    unsafe fn mark_batch_avx512<T: Element>(
        values: *const T,
        first: usize,
        rare: &[RareHeap],
        table: &mut LaneTable,
        stamp: u32,
    ) {
        let lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let stamp = _mm512_set1_epi32(stamp.cast_signed());
        let value_mask = _mm512_set1_epi32((SMALL_SET_VALUES - 1).cast_signed());
        for &RareHeap { heap, value } in rare {
            // SAFETY: the `BATCH` values from here are readable (the function's contract): 32
            // bytes of 2-byte values, 16 of 1-byte ones.
            let partners = unsafe {
                let from = values.add(first - heap as usize);
                if size_of::<T>() == 2 {
                    _mm512_cvtepu16_epi32(_mm256_loadu_si256(from.cast()))
                } else {
                    _mm512_cvtepu8_epi32(_mm_loadu_si128(from.cast()))
                }
            };
            let x = _mm512_and_si512(
                _mm512_xor_si512(partners, _mm512_set1_epi32(value.cast_signed())),
                value_mask,
            );
            let index = _mm512_or_si512(_mm512_slli_epi32::<4>(x), lanes);
            // SAFETY: every index is below SMALL_SET_VALUES · BATCH, the length of `table`.
            unsafe { _mm512_i32scatter_epi32::<4>(table.as_mut_ptr().cast(), index, stamp) };
        }
    }

    /// [`super::lane_masks`], `bound` at most `SMALL_SET_VALUES`.
    pub(super) fn lane_masks(
        table: &LaneTable,
        stamp: u32,
        bound: usize,
        masks: &mut [u16; SMALL_SET_VALUES as usize],
    ) {
        assert!(available(), "the AVX-512 kernels need AVX-512 F");
        // SAFETY: the processor has AVX-512 F (checked just above).
        unsafe { lane_masks_avx512(table, stamp, bound, masks) }
    }

    #[target_feature(enable = "avx512f")]
    fn lane_masks_avx512(
        table: &LaneTable,
        stamp: u32,
        bound: usize,
        masks: &mut [u16; SMALL_SET_VALUES as usize],
    ) {
        let stamp = _mm512_set1_epi32(stamp.cast_signed());
        for (row, mask) in table.chunks_exact(BATCH).zip(&mut masks[..bound]) {
            // SAFETY: a row is 16 entries of 4 bytes, the width of the unaligned load.
            let row = unsafe { _mm512_loadu_si512(row.as_ptr().cast()) };
            *mask = _mm512_cmpeq_epi32_mask(row, stamp);
        }
    }

    /// [`super::lane_set`], `bound` at most `SMALL_SET_VALUES`.
    pub(super) fn lane_set(
        masks: &[u16; SMALL_SET_VALUES as usize],
        lane: usize,
        bound: usize,
    ) -> SmallSet {
        assert!(available(), "the AVX-512 kernels need AVX-512 BW");
        // SAFETY: the processor has AVX-512 F and BW (checked just above).
        unsafe { lane_set_avx512(masks, lane, bound) }
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    fn lane_set_avx512(
        masks: &[u16; SMALL_SET_VALUES as usize],
        lane: usize,
        bound: usize,
    ) -> SmallSet {
        let bit = _mm512_set1_epi16((1u16 << (lane % BATCH)).cast_signed());
        let mut set = SmallSet::default();
        for (k, chunk) in masks[..bound.next_multiple_of(32)]
            .chunks_exact(32)
            .enumerate()
        {
            // SAFETY: a chunk is 32 masks of 2 bytes, the width of the unaligned load.
            let chunk = unsafe { _mm512_loadu_si512(chunk.as_ptr().cast()) };
            let members = _mm512_test_epi16_mask(chunk, bit);
            set.words[k / 2] |= u64::from(members) << (32 * (k % 2));
        }
        set
    }

    /// [`super::find`] on values of 1 or 2 bytes.
    pub(super) fn find<T: Element>(
        low: &[T],
        high: &[T],
        set: &mut SmallSet,
        missing: &mut u32,
    ) -> usize {
        assert!(available(), "the AVX-512 kernels need AVX-512 BW");
        assert!(size_of::<T>() <= 2, "values of 1 or 2 bytes");
        // SAFETY: the processor has AVX-512 F and BW (checked just above), and `T` is 1 or 2
        // bytes.
        unsafe { find_avx512(low, high, set, missing) }
    }

    /// The `LANES` consecutive values of 1 or 2 bytes from `from`, as 16-bit lanes.
    ///
    /// # Safety
    /// The processor has AVX-512 F and BW, `T` is 1 or 2 bytes and the `LANES` values from
    /// `from` are readable.
    #[target_feature(enable = "avx512f,avx512bw")]
    unsafe fn load_lanes<T: Element>(from: *const T) -> __m512i {
        // SAFETY: 64 bytes of 2-byte values, 32 of 1-byte ones (the function's contract).
        unsafe {
            if size_of::<T>() == 2 {
                _mm512_loadu_si512(from.cast())
            } else {
                _mm512_cvtepu8_epi16(_mm256_loadu_si256(from.cast()))
            }
        }
    }

    /// The loop of [`find`].
    ///
    /// # Safety
    /// The processor has AVX-512 F and BW, and `T` is 1 or 2 bytes.
    #[target_feature(enable = "avx512f,avx512bw")]
    unsafe fn find_avx512<T: Element>(
        low: &[T],
        high: &[T],
        set: &mut SmallSet,
        missing: &mut u32,
    ) -> usize {
        // The set in memory answers for each lane whose value the registers hold (exactly:
        // `members` reads values modulo 1024, and a block may repeat a value); a value found
        // leaves both, the registers without a trip through memory.
        let (mut words_low, mut words_high) = bitmap(set);
        let blocks = low.len().min(high.len()) / LANES;
        let h = high.len();
        let mut values = [0u16; LANES];
        for block in 0..blocks {
            let i = block * LANES;
            let (x, y) = (&low[i..i + LANES], &high[h - i - LANES..h - i]);
            // SAFETY: `x` and `y` are `LANES` values of `T` (1 or 2 bytes, the contract).
            let (x, y) = unsafe { (load_lanes(x.as_ptr()), load_lanes(y.as_ptr())) };
            let v = _mm512_xor_si512(x, reversed(y));
            let mut lanes = members(v, words_low, words_high);
            if lanes == 0 {
                continue;
            }
            // SAFETY: `values` is 32 values of 2 bytes, the width of the unaligned store.
            unsafe { _mm512_storeu_si512(values.as_mut_ptr().cast(), v) };
            while lanes != 0 {
                let value = values[lanes.trailing_zeros() as usize];
                lanes &= lanes - 1;
                if !set.contains(value.into()) {
                    continue;
                }
                set.remove(value.into());
                *missing -= 1;
                if *missing == 0 {
                    return i + LANES;
                }
                // Bit `value mod 16` of word `value / 16`: word `value / 16 mod 32` of one of
                // the two registers.
                let word = 1u32 << (value >> 4 & 31);
                let bit = _mm512_maskz_set1_epi16(word, (1u16 << (value & 15)).cast_signed());
                if value < 512 {
                    words_low = _mm512_andnot_si512(bit, words_low);
                } else {
                    words_high = _mm512_andnot_si512(bit, words_high);
                }
            }
        }
        blocks * LANES
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
        let (low, high) = set.words.split_at(super::WORDS / 2);
        // SAFETY: each half is 8 words of 8 bytes, 64 bytes, the width of the unaligned load
        // (32 words of 16 bits: on x86-64, bit `v mod 16` of the 16-bit word `v / 16`).
        unsafe {
            (
                _mm512_loadu_si512(low.as_ptr().cast()),
                _mm512_loadu_si512(high.as_ptr().cast()),
            )
        }
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

    /// A zeroed lane table.
    fn lane_table() -> Box<LaneTable> {
        vec![0; SMALL_SET_VALUES as usize * BATCH]
            .into_boxed_slice()
            .try_into()
            .unwrap()
    }

    #[test]
    fn the_batch_kernels_mark_and_read_what_the_portable_loops_do() {
        // Without AVX-512 the kernels are the portable loops, and this compares them with
        // themselves.
        let mut next = numbers(5, u32::MAX);
        for case in 0..200 {
            let bound = [256, 1024][case % 2];
            let mut value = numbers(case as u64, bound);
            let len = BATCH + 1 + (next() % 500) as usize;
            let values: Vec<u32> = (0..len).map(|_| value()).collect();
            let first = len - BATCH;
            let rare: Vec<RareHeap> = (0..=first as u32)
                .filter(|_| next().is_multiple_of(4))
                .map(|heap| RareHeap {
                    heap,
                    value: value(),
                })
                .collect();
            let (mut expected, mut got) = (lane_table(), lane_table());
            let stamp = 1 + case as u32 % 3;
            mark_batch_portable(&values, first, &rare, &mut expected, stamp);
            if bound == 256 {
                let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
                mark_batch(View::Bytes(&bytes), first, &rare, &mut got, stamp);
            } else {
                let shorts: Vec<u16> = values.iter().map(|&v| v as u16).collect();
                mark_batch(View::Shorts(&shorts), first, &rare, &mut got, stamp);
            }
            assert!(expected == got, "case {case}");
            let mut masks = Box::new([0u16; SMALL_SET_VALUES as usize]);
            lane_masks(&got, stamp, bound as usize, &mut masks);
            for lane in 0..BATCH {
                let set = lane_set(&masks, lane, bound as usize);
                for x in 0..SMALL_SET_VALUES {
                    let marked = expected[(x as usize) << 4 | lane] == stamp;
                    assert_eq!(
                        set.contains(x),
                        marked && x < bound,
                        "case {case}: {x}, {lane}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_find_kernel_removes_what_the_portable_loop_removes() {
        // Without AVX-512 `find` is the portable loop, and this compares it with itself.
        let mut next = numbers(3, u32::MAX);
        for case in 0..600 {
            let bound = [256, 1024, 1 << 16][case % 3];
            let len = (next() % 400) as usize;
            let mut value = numbers(case as u64, bound);
            let low: Vec<u32> = (0..len).map(|_| value()).collect();
            let high: Vec<u32> = (0..len).map(|_| value()).collect();
            let mut set = SmallSet::default();
            for _ in 0..(next() % 40) {
                set.insert(next() % SMALL_SET_VALUES.min(bound));
            }
            let mut expected_set = set.clone();
            let mut expected_missing = expected_set.len();
            let expected = find_portable(&low, &high, &mut expected_set, &mut expected_missing);
            let shorts = |v: &[u32]| v.iter().map(|&x| x as u16).collect::<Vec<u16>>();
            let mut got_set = set.clone();
            let mut missing = got_set.len();
            let got = find(&shorts(&low), &shorts(&high), &mut got_set, &mut missing);
            assert_eq!(
                (got, missing, &got_set),
                (expected, expected_missing, &expected_set),
                "case {case}, 2-byte values"
            );
            if bound == 256 {
                let bytes = |v: &[u32]| v.iter().map(|&x| x as u8).collect::<Vec<u8>>();
                let mut got_set = set.clone();
                let mut missing = got_set.len();
                let got = find(&bytes(&low), &bytes(&high), &mut got_set, &mut missing);
                assert_eq!(
                    (got, missing, &got_set),
                    (expected, expected_missing, &expected_set),
                    "case {case}, 1-byte values"
                );
            }
        }
    }
}
