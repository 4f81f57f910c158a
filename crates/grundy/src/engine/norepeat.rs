//! No-repeat subtraction games: a move removes an amount of a finite set, but not the amount the
//! opponent just removed. A position is a heap and the last amount taken.

use std::collections::HashMap;
use std::rc::Rc;

use crate::engine::{Play, Stream};
use crate::games::subtraction::FiniteSet;

/// The index of `last` in a state vector: 0 for "no move yet", `j + 1` for the set's `j`-th amount;
/// `None` for an amount not in the set, which no position of the game can have been left by.
///
/// # Complexity
/// `O(log |S|)`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::norepeat::last_index;
/// use grundy::subtraction::FiniteSet;
/// let set = FiniteSet::new([1, 2, 3])?;
/// assert_eq!((last_index(&set, None), last_index(&set, Some(2))), (Some(0), Some(2)));
/// assert_eq!(last_index(&set, Some(4)), None);
/// # Ok(()) }
/// ```
pub fn last_index(set: &FiniteSet, last: Option<u64>) -> Option<usize> {
    match last {
        None => Some(0),
        Some(last) => set.members().binary_search(&last).ok().map(|j| j + 1),
    }
}

/// The stream of state vectors `V(n) = (G(n, none), G(n, s1), …, G(n, sk))`, each interned and
/// yielded as a small integer id. `V(n)` is a function of `V(n - s)` for `s` in the set, so the
/// window criterion applies to the ids with window `max S`: equal windows of ids are equal
/// windows of vectors, and the vector after them (already interned at its first occurrence)
/// gets the same id.
///
/// # Complexity
/// `O(|S|)` per heap size (one multiset of option values serves every forbidden amount), plus
/// hashing one vector; memory `O(max S)` ids and one vector (`|S| + 1` values, kept once) per
/// distinct id.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::engine::Play;
/// use grundy::norepeat::StateValues;
/// use grundy::subtraction::FiniteSet;
/// let mut states = StateValues::new(&FiniteSet::new([1, 2])?, Play::Normal);
/// let ids: Vec<u32> = states.by_ref().take(4).collect();
/// // G(2, none): take 1 -> (1, last 1) which may only take 2 -> stuck, value 0; so G = 1.
/// assert_eq!(states.vector(ids[2])[0], 1);
/// # Ok(()) }
/// ```
pub struct StateValues {
    members: Vec<u64>,
    ring: Vec<u32>,
    mask: usize,
    /// Every distinct vector once, by id (shared with `ids`, not copied).
    vectors: Vec<Rc<[u32]>>,
    /// Ids by vector.
    ids: HashMap<Rc<[u32]>, u32>,
    /// The vector of the current heap.
    vector: Vec<u32>,
    /// The option values of the current heap, by amount (amounts `<= n`, a prefix of the set).
    options: Vec<u32>,
    /// How often each value occurs among `options` (zero outside the current heap).
    counts: Vec<u32>,
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
            vector: Vec::with_capacity(set.members().len() + 1),
            options: Vec::with_capacity(set.members().len()),
            counts: vec![0; set.members().len() + 2],
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
        self.vectors.iter().map(|vector| vector.to_vec()).collect()
    }
}

impl StateValues {
    /// The id of the current vector, a fresh one if it is new.
    fn intern(&mut self) -> u32 {
        if let Some(&id) = self.ids.get(&self.vector[..]) {
            return id;
        }
        let fresh = self.vectors.len() as u32;
        let vector: Rc<[u32]> = Rc::from(&self.vector[..]);
        self.ids.insert(Rc::clone(&vector), fresh);
        self.vectors.push(vector);
        fresh
    }
}

impl Iterator for StateValues {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let n = self.next;
        // The option of amount j leads to heap n - s_j with s_j forbidden next: its value is
        // entry j + 1 of that heap's vector. With the multiset W of these values, forbidding
        // s_j removes one copy of w_j: the mex becomes w_j exactly when w_j < mex W and W holds
        // w_j once; otherwise it stays mex W.
        self.options.clear();
        for (j, &s) in self.members.iter().enumerate() {
            if s > n {
                break;
            }
            let id = self.ring[(n - s) as usize & self.mask];
            let value = self.vectors[id as usize][j + 1];
            self.options.push(value);
            self.counts[value as usize] += 1;
        }
        let counts = &self.counts;
        // At most |S| options among |S| + 1 counts leave a value free.
        let all = counts.iter().position(|&c| c == 0).unwrap_or(counts.len()) as u32;
        let play = self.play;
        let value_of = |empty: bool, mex: u32| play.value(empty, mex);
        let vector = &mut self.vector;
        vector.clear();
        vector.push(value_of(self.options.is_empty(), all));
        for j in 0..self.members.len() {
            vector.push(match self.options.get(j) {
                Some(&w) => value_of(
                    self.options.len() == 1,
                    if w < all && counts[w as usize] == 1 {
                        w
                    } else {
                        all
                    },
                ),
                None => value_of(self.options.is_empty(), all),
            });
        }
        for &value in &self.options {
            self.counts[value as usize] = 0;
        }
        let id = self.intern();
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
        2 * (self.members.len() as u64 + 1)
    }
}
