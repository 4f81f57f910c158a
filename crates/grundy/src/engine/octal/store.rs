//! Where the rare/common engine keeps its values: all of them, or — once a period is known to
//! hold — the first `n0 + p` values, the periodic rule beyond them, and a window of recent ones.
//!
//! The engine's recursion reads the first few values (the low heap of a split) and the most recent
//! ones (the high heap, and the partner of every rare heap); a certificate needs the first
//! `n0 + p`. Everything in between follows from `G(n) = G(n - p)` — which every value pushed after
//! the fold is checked against. A value that breaks the rule unfolds the store (every value
//! again in memory), so the engine stays exact whatever it is told.

use crate::games::octal::Modifier;
use crate::theory::compact::{CompactValues, Element, View};

/// Values kept per window slide: the window holds between this many and twice this many values
/// (few in unit tests, so that they fold and slide often).
const WINDOW: usize = if cfg!(test) { 1 << 6 } else { 1 << 20 };

/// Pairs of each split read in one turn of [`Store::scan_splits`] (a multiple of the scans'
/// chunks).
const ROUND: usize = 64;

/// The values `G(0), G(1), …` of one engine.
#[derive(Default)]
pub(super) struct Store {
    /// Every value, or the first `n0 + p` once folded.
    head: CompactValues,
    fold: Option<Fold>,
}

/// A store that keeps `G(n0 + p), …` only in the window.
struct Fold {
    preperiod: usize,
    period: usize,
    /// `(len - n0) mod p`: where the next value falls in the period.
    phase: usize,
    /// `G(base), …, G(len - 1)`, in the head's width.
    window: CompactValues,
    base: usize,
}

/// A split of `m` tokens into two non-empty heaps `a + (m - a)`, as the engines read its pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TwoHeaps {
    /// `m >= 2`, the tokens the two heaps share.
    pub(super) tokens: usize,
    /// Whether the two heaps may be equal. A digit with `!` or `?` forbids it (for two heaps
    /// both mean "the heaps differ", docs/theory.md §7): the middle pair `(m / 2, m / 2)` of an
    /// even `m` is then no move, and the other pairs are.
    pub(super) equal_allowed: bool,
}

impl TwoHeaps {
    /// The split of `tokens` into two heaps that a digit with `modifier` allows.
    pub(super) fn new(tokens: usize, modifier: Modifier) -> Self {
        Self {
            tokens,
            equal_allowed: modifier == Modifier::None,
        }
    }

    /// `m / 2` when the middle pair `(m / 2, m / 2)` exists and is no move.
    pub(super) fn excluded_middle(self) -> Option<usize> {
        (!self.equal_allowed && self.tokens.is_multiple_of(2)).then_some(self.tokens / 2)
    }

    /// Whether the middle pair `(m / 2, m / 2)` exists and is a move (its value is 0).
    pub(super) fn has_middle(self) -> bool {
        self.equal_allowed && self.tokens.is_multiple_of(2)
    }
}

/// Pairs `(a, m - a)` of a split read from both ends, as a scan consumes them.
pub(super) trait PairScan {
    /// `low[i]` pairs with `high[high.len() - 1 - i]` (equal lengths). Returns whether to go on.
    fn halves<T: Element>(&mut self, low: &[T], high: &[T]) -> bool;
    /// The value of one more pair. Returns whether to go on.
    fn one(&mut self, xor: u32) -> bool;
    /// Whether there is nothing left to look for.
    fn done(&self) -> bool {
        false
    }
}

impl Store {
    pub(super) fn new(values: CompactValues) -> Self {
        Self {
            head: values,
            fold: None,
        }
    }

    /// The number of values.
    #[inline]
    pub(super) fn len(&self) -> usize {
        match &self.fold {
            None => self.head.len(),
            Some(fold) => fold.base + fold.window.len(),
        }
    }

    /// `G(i)`.
    #[inline]
    pub(super) fn get(&self, i: usize) -> u32 {
        match &self.fold {
            Some(fold) if i >= self.head.len() => {
                if i >= fold.base {
                    fold.window.get(i - fold.base)
                } else {
                    self.head
                        .get(fold.preperiod + (i - fold.preperiod) % fold.period)
                }
            }
            _ => self.head.get(i),
        }
    }

    /// Every value, when the store is not folded.
    #[inline]
    pub(super) fn all(&self) -> Option<View<'_>> {
        self.fold.is_none().then(|| self.head.view())
    }

    /// The most recent values as a slice and the position of its first: every value (from 0), or
    /// the window.
    #[inline]
    pub(super) fn recent(&self) -> (View<'_>, usize) {
        match &self.fold {
            None => (self.head.view(), 0),
            Some(fold) => (fold.window.view(), fold.base),
        }
    }

    /// Appends `G(len) = value`. Once folded, a value that breaks the periodic rule unfolds the
    /// store.
    #[inline]
    pub(super) fn push(&mut self, value: u32) {
        let Some(fold) = &mut self.fold else {
            self.head.push(value);
            return;
        };
        if value != self.head.get(fold.preperiod + fold.phase) {
            self.unfold();
            self.head.push(value);
            return;
        }
        fold.phase += 1;
        if fold.phase == fold.period {
            fold.phase = 0;
        }
        fold.window.push(value);
        if fold.window.bytes_per_value() > self.head.bytes_per_value() {
            self.head.widen_to(fold.window.bytes_per_value());
        }
        if fold.window.len() >= 2 * WINDOW {
            fold.window.drain_front(WINDOW);
            fold.base += WINDOW;
        }
    }

    /// Keeps only what the periodicity (`n0`, `p`) does not determine, if it holds on every value
    /// so far (`G(n) = G(n - p)` for `n0 + p <= n < len`) and frees something. Returns whether
    /// the store is folded.
    pub(super) fn fold(&mut self, preperiod: usize, period: usize) -> bool {
        if self.fold.is_some() {
            self.unfold();
        }
        let kept = preperiod + period;
        let len = self.head.len();
        if period == 0 || kept + 2 * WINDOW > len {
            return false;
        }
        let holds = on_view_holds(self.head.view(), preperiod, period);
        if !holds {
            return false;
        }
        let base = len - WINDOW;
        let mut window = CompactValues::new();
        window.widen_to(self.head.bytes_per_value());
        window.extend((base..len).map(|i| self.head.get(i)));
        self.head.truncate(kept);
        self.head.shrink_to_fit();
        self.fold = Some(Fold {
            preperiod,
            period,
            phase: (len - preperiod) % period,
            window,
            base,
        });
        true
    }

    /// Every value in memory again.
    pub(super) fn unfold(&mut self) {
        if self.fold.is_none() {
            return;
        }
        let mut all = CompactValues::new();
        all.widen_to(self.head.bytes_per_value());
        all.extend((0..self.len()).map(|i| self.get(i)));
        self.head = all;
        self.fold = None;
    }

    /// `(n0, p)` while folded: every value from `n0 + p` on obeyed `G(n) = G(n - p)`.
    pub(super) fn folded(&self) -> Option<(usize, usize)> {
        self.fold.as_ref().map(|f| (f.preperiod, f.period))
    }

    /// Hands over the values: all of them, or the first `n0 + p` when folded; dropping those
    /// from `len` on.
    pub(super) fn take(&mut self, len: usize) -> CompactValues {
        if self.fold.is_none() {
            self.head.truncate(len);
        }
        self.fold = None;
        std::mem::take(&mut self.head)
    }

    /// Feeds the pairs `(a, m - a)`, `1 <= a <= m - a`, of the split of `m` whose heaps are both
    /// held (`m - a < len`: in a pipeline the most recent heaps may still be pending) to `scan`
    /// until it stops: the pairs in order of `a`, then the middle pair of an even `m` if the
    /// split allows equal heaps. Returns whether the scan went to the end.
    #[inline]
    pub(super) fn scan_pairs(&self, split: TwoHeaps, scan: &mut impl PairScan) -> bool {
        let m = split.tokens;
        self.scan_range(m, self.first_held(m), (m - 1) / 2 + 1, scan)
            && self.scan_middle(split, scan)
    }

    /// The least `a >= 1` whose partner `m - a` is held.
    fn first_held(&self, m: usize) -> usize {
        (m + 1).saturating_sub(self.len()).max(1)
    }

    /// Feeds the middle pair of `split` (value 0) to `scan`, if the split has one that is a move
    /// and its heaps are held. Returns whether to go on.
    fn scan_middle(&self, split: TwoHeaps, scan: &mut impl PairScan) -> bool {
        !split.has_middle() || split.tokens / 2 >= self.len() || scan.one(0)
    }

    /// Feeds the pairs of every split in `splits` to `scan` until it is done (the pairs whose
    /// heaps are held, as [`Self::scan_pairs`]): the middle pairs of the even splits first, then
    /// [`ROUND`] pairs of each split in turn (the pairs `(a, m - a)` with `a` in `1..=ROUND` of
    /// every split, then `ROUND + 1..=2 ROUND`, …). Scanning the splits side by side rather than
    /// one after the other matters when a value is common among the pairs of one split and all
    /// but absent from another's: `0.376`'s splits `n - 2` and `n - 3` are of both parities of
    /// `m`, and for odd `m` nearly every pair's xor falls in one half of the rare values (by
    /// `m mod 4`), so a value of the other half waited for up to all `m / 2` pairs of the odd
    /// split before the even split, where it is found within a few hundred pairs, was read. A
    /// single split is scanned as by [`Self::scan_pairs`].
    pub(super) fn scan_splits(&self, splits: &[TwoHeaps], scan: &mut impl PairScan) {
        if scan.done() {
            return;
        }
        if let &[split] = splits {
            self.scan_pairs(split, scan);
            return;
        }
        for &split in splits {
            if !self.scan_middle(split, scan) {
                return;
            }
        }
        let longest = splits
            .iter()
            .map(|split| (split.tokens - 1) / 2)
            .max()
            .unwrap_or(0);
        let mut from = 1;
        while from <= longest {
            let to = from + ROUND;
            for split in splits {
                let m = split.tokens;
                let start = from.max(self.first_held(m));
                let end = to.min((m - 1) / 2 + 1);
                if start < end && !self.scan_range(m, start, end, scan) {
                    return;
                }
            }
            from = to;
        }
    }

    /// Feeds the pairs `(a, m - a)` with `from <= a < to` (`1 <= from`, `to <= (m - 1) / 2 + 1`)
    /// to `scan` until it stops: those with `a` in the head and `m - a` among the recent values as
    /// slices, then any others one by one. Returns whether the scan went to the end.
    #[inline]
    fn scan_range(&self, m: usize, from: usize, to: usize, scan: &mut impl PairScan) -> bool {
        let (recent, offset) = self.recent();
        // Fast pairs: a < fast with a in the head and m - a >= offset among the recent values.
        let fast = to
            .min(self.head.len())
            .min((m + 1).saturating_sub(offset))
            .max(from);
        if from == fast {
            return self.scan_one_by_one(m, from, to, scan);
        }
        // low[i] = G(from + i) goes with high[len - 1 - i] = G(m - from - i).
        let high = m + 1 - offset - fast..m + 1 - offset - from;
        let going = match (self.head.view(), recent) {
            (View::Bytes(low), View::Bytes(values)) => scan.halves(&low[from..fast], &values[high]),
            (View::Shorts(low), View::Shorts(values)) => {
                scan.halves(&low[from..fast], &values[high])
            }
            (View::Words(low), View::Words(values)) => scan.halves(&low[from..fast], &values[high]),
            // The store keeps both in one width; were it not so, every pair is read one by one.
            _ => self.scan_one_by_one(m, from, fast, scan),
        };
        going && self.scan_one_by_one(m, fast, to, scan)
    }

    /// The pairs `(a, m - a)` with `from <= a < to`, one by one.
    fn scan_one_by_one(&self, m: usize, from: usize, to: usize, scan: &mut impl PairScan) -> bool {
        (from..to).all(|a| scan.one(self.get(a) ^ self.get(m - a)))
    }
}

/// Whether `G(n) = G(n - p)` for every `n0 + p <= n < len`.
fn on_view_holds(values: View<'_>, preperiod: usize, period: usize) -> bool {
    crate::theory::compact::on_view!(values, values => holds(values, preperiod, period))
}

fn holds<T: Element>(values: &[T], preperiod: usize, period: usize) -> bool {
    values[preperiod..]
        .iter()
        .zip(&values[preperiod + period..])
        .all(|(before, after)| before == after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folded_store_reads_every_value_and_unfolds_on_a_broken_rule() {
        let rule = |n: usize| {
            if n < 10 {
                n as u32
            } else {
                [3, 1, 4][(n - 10) % 3]
            }
        };
        let len = 2 * WINDOW + 100;
        let mut store = Store::new((0..len).map(rule).collect());
        assert!(store.fold(10, 3));
        assert_eq!(store.folded(), Some((10, 3)));
        for n in len..len + WINDOW + 5 {
            store.push(rule(n));
        }
        let total = store.len();
        for i in [0, 9, 10, 12, 13, 100, len - 1, len, total - 1] {
            assert_eq!(store.get(i), rule(i), "{i}");
        }
        store.push(7);
        assert_eq!(store.folded(), None);
        assert_eq!(store.get(total), 7);
        assert_eq!(store.get(total - 1), rule(total - 1));
        assert_eq!(store.len(), total + 1);
    }
}
