//! No-repeat subtraction games: a move removes an amount of a finite set, but not the amount the
//! opponent just removed. A position is a heap and the last amount taken.

use std::collections::HashMap;

use crate::engine::{Play, Stream};
use crate::subtraction::FiniteSet;

/// The index of `last` in a state vector: 0 for "no move yet", `j + 1` for the set's `j`-th amount.
///
/// # Example
/// ```
/// use grundy::norepeat::last_index;
/// use grundy::subtraction::FiniteSet;
/// let set = FiniteSet::new([1, 2, 3]).unwrap();
/// assert_eq!((last_index(&set, None), last_index(&set, Some(2))), (0, 2));
/// ```
pub fn last_index(set: &FiniteSet, last: Option<u64>) -> usize {
    last.map_or(0, |last| {
        set.members().binary_search(&last).map_or(0, |j| j + 1)
    })
}

/// The stream of state vectors `V(n) = (G(n, none), G(n, s1), …, G(n, sk))`, each interned and
/// yielded as a small integer id. `V(n)` is a function of `V(n - s)` for `s` in the set, so the
/// window criterion applies to the ids with window `max S`: equal windows of ids are equal
/// windows of vectors, and the vector after them (already interned at its first occurrence)
/// gets the same id.
///
/// # Complexity
/// `O(|S|²)` per heap size, plus hashing one vector; memory `O(max S)` ids and one vector per
/// distinct id.
///
/// # Example
/// ```
/// use grundy::engine::Play;
/// use grundy::norepeat::StateValues;
/// use grundy::subtraction::FiniteSet;
/// let mut states = StateValues::new(&FiniteSet::new([1, 2]).unwrap(), Play::Normal);
/// let ids: Vec<u32> = states.by_ref().take(4).collect();
/// // G(2, none): take 1 -> (1, last 1) which may only take 2 -> stuck, value 0; so G = 1.
/// assert_eq!(states.vector(ids[2])[0], 1);
/// ```
pub struct StateValues {
    members: Vec<u64>,
    ring: Vec<u32>,
    mask: usize,
    vectors: Vec<Vec<u32>>,
    ids: HashMap<Vec<u32>, u32>,
    next: u64,
    play: Play,
}

impl StateValues {
    /// Starts at heap 0.
    pub fn new(set: &FiniteSet, play: Play) -> Self {
        let size = usize::try_from(set.largest() + 1)
            .expect("amounts are bounded")
            .next_power_of_two();
        Self {
            members: set.members().to_vec(),
            ring: vec![0; size],
            mask: size - 1,
            vectors: Vec::new(),
            ids: HashMap::new(),
            next: 0,
            play,
        }
    }

    /// The state vector with id `id`.
    pub fn vector(&self, id: u32) -> &[u32] {
        &self.vectors[id as usize]
    }

    /// Every distinct vector, by id.
    pub fn into_vectors(self) -> Vec<Vec<u32>> {
        self.vectors
    }
}

impl Iterator for StateValues {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let n = self.next;
        let k = self.members.len();
        let mut vector = Vec::with_capacity(k + 1);
        let mut options = Vec::with_capacity(k);
        for forbidden in 0..=k {
            options.clear();
            for (j, &s) in self.members.iter().enumerate() {
                if s <= n && forbidden != j + 1 {
                    let id = self.ring[(n - s) as usize & self.mask];
                    options.push(self.vectors[id as usize][j + 1]);
                }
            }
            options.sort_unstable();
            options.dedup();
            let mex = options
                .iter()
                .zip(0u32..)
                .find(|&(&v, i)| v != i)
                .map_or(options.len() as u32, |(_, i)| i);
            vector.push(if options.is_empty() && self.play == Play::Misere {
                1
            } else {
                mex
            });
        }
        let fresh = self.vectors.len() as u32;
        let id = *self.ids.entry(vector.clone()).or_insert(fresh);
        if id == fresh {
            self.vectors.push(vector);
        }
        self.ring[n as usize & self.mask] = id;
        self.next += 1;
        Some(id)
    }
}

impl Stream for StateValues {
    fn position(&self) -> u64 {
        self.next
    }

    fn work_per_value(&self) -> u64 {
        (self.members.len() as u64 + 1).pow(2)
    }
}
