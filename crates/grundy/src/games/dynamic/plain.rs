//! The terms of a P-sequence kept one by one, after its runs: by their differences in 32 bits
//! while they fit, then whole. A difference `H_(j+1) − H_j` is `H_m(j)`, which never decreases:
//! once one does not fit 32 bits, none after it does. Half the bytes of whole terms (and half
//! the pages a first question touches) for every sequence whose terms reach past `2^32` only
//! by steps below it, as `kx` for large `k` does.

use super::sequence::Term;

/// Terms apart from the differences: every [`MARK_EVERY`]-th term of the narrow part whole,
/// for a term at any index to be found from the nearest mark before it.
const MARK_EVERY: usize = 64;

/// The terms kept one by one, from index 0.
#[derive(Clone, Debug)]
pub(super) struct Plain<T> {
    /// The narrow part's terms after the first, each as its difference from the one before.
    differences: Vec<u32>,
    /// The narrow part's terms at indices `0, MARK_EVERY, 2 · MARK_EVERY, …`, whole.
    marks: Vec<T>,
    /// The terms after the narrow part, whole.
    wide: Vec<T>,
}

impl<T> Default for Plain<T> {
    fn default() -> Self {
        Self {
            differences: Vec::new(),
            marks: Vec::new(),
            wide: Vec::new(),
        }
    }
}

impl<T: Term> Plain<T> {
    /// How many terms the narrow part holds.
    fn narrow_len(&self) -> usize {
        if self.marks.is_empty() {
            0
        } else {
            self.differences.len() + 1
        }
    }

    /// How many terms are kept.
    pub(super) fn len(&self) -> usize {
        self.narrow_len() + self.wide.len()
    }

    /// The first term.
    pub(super) fn first(&self) -> Option<&T> {
        self.marks.first().or(self.wide.first())
    }

    /// Whether the next term may be kept by its difference: the narrow part holds a term and
    /// no term is kept whole after it.
    #[inline]
    pub(super) fn narrow_open(&self) -> bool {
        self.wide.is_empty() && !self.marks.is_empty()
    }

    /// Adds `next`, `difference` after the last term, to the open [narrow](Self::narrow_open)
    /// part; returns the bytes it takes.
    #[inline]
    pub(super) fn push_difference(&mut self, difference: u32, next: &T) -> u64 {
        debug_assert!(self.narrow_open(), "a difference pushed after the narrow part");
        self.differences.push(difference);
        if self.differences.len().is_multiple_of(MARK_EVERY) {
            self.marks.push(next.clone());
            return 4 + next.bytes();
        }
        4
    }

    /// Adds `next`, `last` the term before it (the last kept one by one, or the last of the
    /// runs before the first); returns the bytes it takes.
    #[inline]
    pub(super) fn push(&mut self, next: T, last: &T) -> u64 {
        if self.narrow_open()
            && let Some(difference) = next.narrow(last)
        {
            return self.push_difference(difference, &next);
        }
        let bytes = next.bytes();
        if self.marks.is_empty() && self.wide.is_empty() {
            self.marks.push(next);
        } else {
            self.wide.push(next);
        }
        bytes
    }

    /// The term at `index`.
    ///
    /// # Complexity
    /// At most [`MARK_EVERY`] additions.
    pub(super) fn get(&self, index: usize) -> Option<T> {
        let narrow = self.narrow_len();
        if index >= narrow {
            return self.wide.get(index - narrow).cloned();
        }
        let mark = index / MARK_EVERY;
        let from = self.marks.get(mark)?.clone();
        Some(
            self.differences[mark * MARK_EVERY..index]
                .iter()
                .fold(from, |term, &difference| term.widen(difference)),
        )
    }

    /// The term at `index + 1`, `term` the one at `index`: one addition or one read.
    #[inline]
    pub(super) fn after(&self, index: usize, term: &T) -> Option<T> {
        match self.difference_after(index) {
            Some(difference) => Some(term.widen(difference)),
            None => self.wide.get((index + 1).checked_sub(self.narrow_len())?).cloned(),
        }
    }

    /// The difference from the term at `index` to the next, where both are in the narrow part.
    #[inline]
    fn difference_after(&self, index: usize) -> Option<u32> {
        self.differences.get(index).copied()
    }

    /// The terms after `index`, `term` the one at `index`, in order.
    pub(super) fn terms_after<'a>(
        &'a self,
        index: usize,
        term: &T,
    ) -> impl Iterator<Item = T> + use<'a, T> {
        let mut value = term.clone();
        let narrow = self.differences.get(index..).unwrap_or_default();
        let wide = self
            .wide
            .get((index + 1).saturating_sub(self.narrow_len())..)
            .unwrap_or_default();
        narrow
            .iter()
            .map(move |&difference| {
                value = value.widen(difference);
                value.clone()
            })
            .chain(wide.iter().cloned())
    }

    /// Every term, in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.first()
            .into_iter()
            .flat_map(|first| std::iter::once(first.clone()).chain(self.terms_after(0, first)))
    }

    /// The largest term at most `x`, with its index; `None` where the first is above `x`.
    ///
    /// # Complexity
    /// `O(log t)` comparisons for `t` terms, and at most [`MARK_EVERY`] additions.
    pub(super) fn floor(&self, x: &T) -> Option<(usize, T)> {
        if self.wide.first().is_some_and(|first| first <= x) {
            let at = self.wide.partition_point(|term| term <= x) - 1;
            return Some((self.narrow_len() + at, self.wide[at].clone()));
        }
        let mark = self.marks.partition_point(|term| term <= x).checked_sub(1)?;
        let (mut index, mut term) = (mark * MARK_EVERY, self.marks[mark].clone());
        while let Some(&difference) = self.differences.get(index)
            && let next = term.widen(difference)
            && &next <= x
        {
            (index, term) = (index + 1, next);
        }
        Some((index, term))
    }
}
