//! The minimum excludant: the least value not among a position's option values, by definition
//! ([`mex`]) and as a reusable bitset ([`Bitset`]) for the engines' hot loops.

/// The minimum excludant, straight from the definition: the least value not among `values`.
///
/// # Complexity
/// `O(k log k)` for `k` values (sorted, deduplicated, then walked).
///
/// # Example
/// ```
/// use grundy::theory::mex::mex;
/// assert_eq!(mex([]), 0);
/// assert_eq!(mex([1, 2]), 0);
/// assert_eq!(mex([0, 2, 1, 4, 1]), 3);
/// ```
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .zip(0..)
        .find(|&(&v, i)| v != i)
        .map_or(seen.len() as u32, |(_, i)| i)
}

/// A set of small values, one bit each in 64-bit words, that grows as values are inserted: the
/// option values of one position, kept between positions so that its memory is reused.
///
/// # Complexity
/// `insert`, `remove`, `contains` and `insert_bits` are `O(1)` (amortised: `insert` may grow the
/// words); `mex` is `O(m / 64)` for the mex `m`; `clear` `O(w)` for `w` words held.
///
/// # Example
/// ```
/// use grundy::theory::mex::Bitset;
/// let mut seen = Bitset::default();
/// for v in [0, 1, 3, 64] {
///     seen.insert(v);
/// }
/// assert_eq!(seen.mex(), 2);
/// seen.insert(2);
/// assert_eq!(seen.mex(), 4);
/// seen.remove(1);
/// assert!(!seen.contains(1) && seen.contains(64));
/// assert_eq!(seen.take_mex(), 1);
/// assert_eq!(seen.mex(), 0); // taken: empty again
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bitset {
    words: Vec<u64>,
}

impl Bitset {
    /// An empty set with room for the values `0..values` without growing.
    pub fn with_capacity(values: usize) -> Self {
        Self {
            words: vec![0; values.div_ceil(64)],
        }
    }

    /// Adds `value`.
    #[inline]
    pub fn insert(&mut self, value: u32) {
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
    }

    /// Removes `value` (nothing if absent).
    #[inline]
    pub fn remove(&mut self, value: u32) {
        if let Some(word) = self.words.get_mut((value / 64) as usize) {
            *word &= !(1 << (value % 64));
        }
    }

    /// Whether `value` is in the set.
    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        self.words
            .get((value / 64) as usize)
            .is_some_and(|word| word & (1 << (value % 64)) != 0)
    }

    /// Adds the values whose bits are set in `bits` (the values below 64).
    #[inline]
    pub fn insert_bits(&mut self, bits: u64) {
        if self.words.is_empty() {
            self.words.push(0);
        }
        self.words[0] |= bits;
    }

    /// The least value not in the set.
    #[inline]
    pub fn mex(&self) -> u32 {
        self.words
            .iter()
            .position(|&word| word != u64::MAX)
            .map_or(self.words.len() as u32 * 64, |i| {
                i as u32 * 64 + self.words[i].trailing_ones()
            })
    }

    /// Empties the set, keeping its memory.
    #[inline]
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The least value not in the set; empties it.
    #[inline]
    pub fn take_mex(&mut self) -> u32 {
        let mex = self.mex();
        self.clear();
        mex
    }

    /// The least value in none of `sets`: the mex of their union, without building it.
    ///
    /// # Complexity
    /// `O(k · m / 64)` for `k` sets and the mex `m`.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::mex::Bitset;
    /// let (mut a, mut b) = (Bitset::default(), Bitset::default());
    /// a.insert(0);
    /// b.insert(1);
    /// assert_eq!(Bitset::union_mex(&[&a, &b]), 2);
    /// ```
    #[inline]
    pub fn union_mex(sets: &[&Bitset]) -> u32 {
        let words = sets.iter().map(|set| set.words.len()).max().unwrap_or(0);
        for w in 0..words {
            let used = sets
                .iter()
                .fold(0, |used, set| used | set.words.get(w).copied().unwrap_or(0));
            if used != u64::MAX {
                return w as u32 * 64 + used.trailing_ones();
            }
        }
        words as u32 * 64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bitset_agrees_with_the_definition() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % bound) as u32
        };
        let mut set = Bitset::default();
        for _ in 0..500 {
            let values: Vec<u32> = (0..next(200)).map(|_| next(300)).collect();
            for &v in &values {
                set.insert(v);
            }
            assert_eq!(set.mex(), mex(values.iter().copied()));
            assert!(values.iter().all(|&v| set.contains(v)));
            assert_eq!(set.take_mex(), mex(values));
        }
    }
}
