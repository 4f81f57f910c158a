//! The rare pass of [`BATCH`] consecutive heaps at once, and the evaluation of each from it
//! (values below [`SMALL_SET_VALUES`], with the AVX-512 kernels).
//!
//! A rare heap `a` of a split `m = n - j` pairs with `m - a`; for the heaps `n0, …, n0 + 15`
//! its partners are the 16 consecutive values from `G(n0 - j - a)`, all held before `n0` once
//! `a >= 16 - j`. So one load and one scatter mark the pairs of a rare heap for 16 heaps
//! ([`vector::mark_batch`]), where heap by heap it took a gather and a scatter per 16 rare
//! heaps. What the batch cannot mark — the rare heaps below `16 - j`, those too recent for
//! every heap of the batch, the middle heaps of a split into two different heaps — each heap
//! marks itself, with its one-heap moves. Then the least common value missing is the candidate,
//! and the rare values below it still missing are looked for among the pairs of two common heaps
//! ([`SmallScan`]), as in the heap-by-heap engine.

use std::ops::Range;

use super::split::{SmallScan, Split, parity};
use super::{RareCommon, TwoHeaps};
use crate::engine::octal::vector::{self, BATCH, LaneTable, SMALL_SET_VALUES, SmallSet, WORDS};

/// The marks of one batch of heaps, and what the heaps of the batch read from them.
pub(super) struct Batch {
    table: Box<LaneTable>,
    /// `masks[x]`: the heaps of the batch with option `x` (bit `n - first`).
    masks: Box<[u16; SMALL_SET_VALUES as usize]>,
    stamp: u32,
    /// The first heap of the batch, while its marks hold.
    first: Option<usize>,
    /// Every value marked is below this (a power of two).
    bound: usize,
    /// For each splitting digit `j`, the pieces of the rare heaps the batch marked.
    marked: Vec<(usize, [Range<usize>; 2])>,
    /// The split the marks and `common` are for.
    split: Option<Split>,
    /// The values below [`SMALL_SET_VALUES`] that are common for heaps of class 0 and 1.
    common: [SmallSet; 2],
}

impl Batch {
    pub(super) fn new() -> Self {
        let table: Box<LaneTable> = vec![0; SMALL_SET_VALUES as usize * BATCH]
            .into_boxed_slice()
            .try_into()
            .expect("the length of a lane table");
        Self {
            table,
            masks: Box::new([0; SMALL_SET_VALUES as usize]),
            stamp: 0,
            first: None,
            bound: 0,
            marked: Vec::new(),
            split: None,
            common: [SmallSet::default(), SmallSet::default()],
        }
    }

    /// Forgets the marks (the values they were made from go; a new split is noticed by itself).
    pub(super) fn forget(&mut self) {
        self.first = None;
    }

    /// Whether the batch holds marks.
    #[cfg(test)]
    pub(super) fn holds_some(&self) -> bool {
        self.first.is_some()
    }

    /// The position of heap `n` in the batch, if the batch holds it under `split`.
    fn lane(&self, n: usize, split: Split) -> Option<usize> {
        let first = self.first?;
        (self.split == Some(split) && (first..first + BATCH).contains(&n)).then(|| n - first)
    }

    /// The pieces of the rare heaps the batch marked for the split `m = n - j`.
    fn marked(&self, j: usize) -> [Range<usize>; 2] {
        self.marked
            .iter()
            .find(|(digit, _)| *digit == j)
            .map_or([0..0, 0..0], |(_, pieces)| pieces.clone())
    }
}

impl RareCommon {
    /// `G(n)` from a batch of marks (starting one at `n` when `start` and no batch holds `n`),
    /// or `None` when the batch does not apply: no batch holds `n` and `start` is false, or the
    /// answer might be [`SMALL_SET_VALUES`] or more. Every value below `n` is held, all of them
    /// below [`SMALL_SET_VALUES`], the code has no tail, the split a non-zero mask, and the
    /// processor the AVX-512 kernels.
    pub(super) fn batch_value_at(&mut self, n: usize, start: bool) -> Option<u32> {
        let mut batch = self.batch.take().unwrap_or_else(|| Box::new(Batch::new()));
        let lane = match batch.lane(n, self.split) {
            Some(lane) => Some(lane),
            None if start => {
                self.start_batch(&mut batch, n);
                Some(0)
            }
            None => None,
        };
        let value = lane.and_then(|lane| self.lane_value(&batch, n, lane));
        self.batch = Some(batch);
        value
    }

    /// Marks the rare pairs of the heaps `first, …, first + BATCH - 1` that the batch can.
    fn start_batch(&self, batch: &mut Batch, first: usize) {
        if batch.split != Some(self.split) {
            for class in 0..2 {
                batch.common[class].clear();
                for v in 0..SMALL_SET_VALUES {
                    if parity(v, self.split.mask) != class as u32 {
                        batch.common[class].insert(v);
                    }
                }
            }
            batch.split = Some(self.split);
        }
        if batch.stamp == u32::MAX {
            batch.table.fill(0);
            batch.stamp = 0;
        }
        batch.stamp += 1;
        batch.bound = (self.largest as usize + 1).next_power_of_two();
        batch.marked.clear();
        let (recent, offset) = self.values.recent();
        let splitting = self.digits.iter().flatten().filter(|(_, d, _)| d & 4 != 0);
        for &(j, _, modifier) in splitting {
            // Lane `i` splits `top + i`; a rare heap `a` with `16 - j <= a <= top - 1` pairs
            // with `top - a + i`, held for every lane, and read as a slice when `top - a` is
            // among the recent values.
            let Some(top) = first.checked_sub(j) else {
                continue;
            };
            let rare = &self.rare;
            let low = rare.partition_point(|rare| rare.heap as usize + j < BATCH);
            let high = rare
                .partition_point(|rare| rare.heap as usize + offset.max(1) <= top)
                .max(low);
            let pieces = if TwoHeaps::new(top, modifier).equal_allowed {
                [low..high, high..high]
            } else {
                // The middle heaps `m / 2` of the lanes' splits are left to each heap.
                let middle = rare.partition_point(|rare| (rare.heap as usize) < top / 2);
                let past = rare.partition_point(|rare| rare.heap as usize <= (top + BATCH - 1) / 2);
                [low..middle.clamp(low, high), past.clamp(low, high)..high]
            };
            if let Some(partner) = top.checked_sub(offset) {
                for piece in pieces.clone() {
                    vector::mark_batch(
                        recent,
                        partner,
                        &rare[piece],
                        &mut batch.table,
                        batch.stamp,
                    );
                }
            }
            batch.marked.push((j, pieces));
        }
        vector::lane_masks(&batch.table, batch.stamp, batch.bound, &mut batch.masks);
        batch.first = Some(first);
    }

    /// `G(n)`, heap `n` at `lane` of `batch`: its marks, its own rare pairs and moves, then the
    /// scan for the rare values below the candidate.
    fn lane_value(&mut self, batch: &Batch, n: usize, lane: usize) -> Option<u32> {
        if self.largest >= SMALL_SET_VALUES {
            return None;
        }
        let mut seen = vector::lane_set(&batch.masks, lane, batch.bound);
        self.collect_moves(n, |v| seen.insert(v));
        for &split in &self.splits {
            let m = split.tokens;
            let [first, second] = batch.marked(n - m);
            let end = self.rare_below(m);
            let left = [
                0..first.start.min(end),
                first.end.min(end)..second.start.min(end),
                second.end.min(end)..end,
            ];
            let middle = split.excluded_middle();
            for piece in left {
                for rare in &self.rare[piece] {
                    let a = rare.heap as usize;
                    if Some(a) != middle {
                        seen.insert(rare.value ^ self.values.get(m - a));
                    }
                }
            }
        }
        let common = &batch.common[self.class(n) as usize];
        let (word, bits) = (0..WORDS)
            .map(|k| (k, common.words[k] & !seen.words[k]))
            .find(|&(_, bits)| bits != 0)?;
        let candidate = 64 * word as u32 + bits.trailing_zeros();
        let mut needed = SmallSet::default();
        for k in 0..=word {
            let below = if k < word {
                u64::MAX
            } else {
                (1 << (candidate % 64)) - 1
            };
            needed.words[k] = !common.words[k] & !seen.words[k] & below;
        }
        let missing = needed.len();
        if missing == 0 {
            return Some(candidate);
        }
        let mut scan = SmallScan {
            set: &mut needed,
            missing,
        };
        self.values.scan_splits(&self.splits, &mut scan);
        Some(if scan.missing == 0 {
            candidate
        } else {
            needed.first().unwrap_or(candidate)
        })
    }
}
