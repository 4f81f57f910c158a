//! Engines that compute the Grundy values `G(0), G(1), …` of a subtraction game, one at a time.
//!
//! Every engine yields the same sequence; they differ in time and memory. [`Engine`] picks one and
//! [`Values`] is the resulting stream.

use super::{Engine, Stream};
use crate::games::play::Play;
use crate::games::subtraction::{Family, SubtractionSet};
use crate::theory::mex::{Bitset, mex};

/// The stream of Grundy values `G(0), G(1), …` of one subtraction game.
///
/// # Complexity
/// Per value, with `k` the number of amounts `<= n`: naive `O(k log k)`; streaming on a finite set
/// `O(k)` (a single machine word as the mex set while `|S| < 64`), or — when the set is mostly
/// long runs of consecutive amounts, so that its `r` maximal runs (singletons count as runs) number
/// at most `|S| / 4` — `O(r + log_64 |S|)` by the sliding-window mex; on an all-but set
/// `O(|X| log |X|)`. Memory: streaming on a finite set holds `O(min(n, max S))` values (its ring
/// grows with the values read, so a huge amount costs nothing until heaps reach it); every other
/// engine keeps the whole prefix.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::engine::{Engine, Play, Values};
/// use grundy::subtraction::{FiniteSet, SubtractionSet};
///
/// let set = SubtractionSet::Finite(FiniteSet::new([1, 3, 4])?);
/// let first: Vec<u32> = Values::new(&set, Engine::Streaming, Play::Normal).take(8).collect();
/// assert_eq!(first, [0, 1, 0, 1, 2, 3, 2, 0]);
/// # Ok(()) }
/// ```
pub struct Values {
    inner: Inner,
    next: u64,
    play: Play,
}

enum Inner {
    FiniteRing(FiniteRing),
    FiniteWindow(FiniteWindow),
    FiniteNaive { members: Vec<u64>, table: Vec<u32> },
    AllButCounting(AllButCounting),
    AllButNaive { excluded: Vec<u64>, table: Vec<u32> },
    Family(FamilyTable),
}

impl Stream for Values {
    fn position(&self) -> u64 {
        self.next
    }

    fn work_per_value(&self) -> u64 {
        match &self.inner {
            Inner::FiniteRing(ring) => ring.members.len() as u64,
            Inner::FiniteWindow(window) => window.work_per_value(),
            Inner::FiniteNaive { members, .. } => members.len() as u64,
            Inner::AllButCounting(counting) => counting.excluded.len() as u64 + 1,
            Inner::AllButNaive { .. } => self.next + 1,
            Inner::Family(family) => family.members.len() as u64 + 1,
        }
    }
}

impl Values {
    /// Starts the stream at `G(0)`.
    pub fn new(set: &SubtractionSet, engine: Engine, play: Play) -> Self {
        let inner = match (set, engine) {
            (SubtractionSet::Finite(finite), Engine::Streaming) => {
                let runs = runs(finite.members());
                if runs.len().saturating_mul(WINDOW_RATIO) <= finite.members().len() {
                    Inner::FiniteWindow(FiniteWindow::new(runs, finite.members().len()))
                } else {
                    Inner::FiniteRing(FiniteRing::new(finite.members()))
                }
            }
            (SubtractionSet::Finite(finite), Engine::Naive) => Inner::FiniteNaive {
                members: finite.members().to_vec(),
                table: Vec::new(),
            },
            (SubtractionSet::AllBut(all_but), Engine::Streaming) => {
                Inner::AllButCounting(AllButCounting::new(all_but.excluded()))
            }
            (SubtractionSet::AllBut(all_but), Engine::Naive) => Inner::AllButNaive {
                excluded: all_but.excluded().to_vec(),
                table: Vec::new(),
            },
            // An infinite family has one algorithm: the definition over its members so far.
            (SubtractionSet::Family(family), _) => Inner::Family(FamilyTable::new(*family)),
        };
        Self {
            inner,
            next: 0,
            play,
        }
    }

    /// The work of the first value of the stream [`new`](Self::new) would make — what
    /// [`Stream::work_per_value`] reports before any value — without building it (the engines of
    /// large finite sets allocate rings of `max S` values).
    ///
    /// # Complexity
    /// `O(|S|)` for a finite set (its runs), `O(1)` otherwise.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::engine::{Engine, Play, Stream, Values};
    /// use grundy::subtraction::{FiniteSet, SubtractionSet};
    /// let set = SubtractionSet::Finite(FiniteSet::new(1..=100)?);
    /// let work = Values::new(&set, Engine::Streaming, Play::Normal).work_per_value();
    /// assert_eq!(Values::initial_work(&set, Engine::Streaming), work);
    /// # Ok(()) }
    /// ```
    pub fn initial_work(set: &SubtractionSet, engine: Engine) -> u64 {
        match (set, engine) {
            (SubtractionSet::Finite(finite), Engine::Streaming) => {
                let members = finite.members().len();
                let runs = runs(finite.members()).len();
                if runs.saturating_mul(WINDOW_RATIO) <= members {
                    2 * runs as u64 + MexCounts::level_words(members + 1).len() as u64
                } else {
                    members as u64
                }
            }
            (SubtractionSet::Finite(finite), Engine::Naive) => finite.members().len() as u64,
            (SubtractionSet::AllBut(all_but), Engine::Streaming) => {
                all_but.excluded().len() as u64 + 1
            }
            (SubtractionSet::AllBut(_), Engine::Naive) | (SubtractionSet::Family(_), _) => 1,
        }
    }

    /// `G(m)` for an already computed `m`, if the engine still holds it. The streaming engine on a
    /// finite set holds the last `max S` values, which is every option of the next position.
    pub fn recent(&self, m: u64) -> Option<u32> {
        if m >= self.next {
            return None;
        }
        match &self.inner {
            Inner::FiniteRing(ring) => ring.ring.recent(self.next, m),
            Inner::FiniteWindow(window) => window.ring.recent(self.next, m),
            Inner::FiniteNaive { table, .. } | Inner::AllButNaive { table, .. } => {
                Some(table[m as usize])
            }
            Inner::AllButCounting(counting) => Some(counting.values[m as usize]),
            Inner::Family(family) => Some(family.values[m as usize]),
        }
    }
}

impl Iterator for Values {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let n = self.next;
        let play = self.play;
        let value = match &mut self.inner {
            Inner::FiniteRing(ring) => ring.value_at(n, play),
            Inner::FiniteWindow(window) => window.value_at(n, play),
            Inner::FiniteNaive { members, table } => {
                let options: Vec<u32> = members
                    .iter()
                    .filter(|&&s| s <= n)
                    .map(|&s| table[(n - s) as usize])
                    .collect();
                let value = play.value(options.is_empty(), mex(options));
                table.push(value);
                value
            }
            Inner::AllButCounting(counting) => counting.value_at(n, play),
            Inner::AllButNaive { excluded, table } => {
                let options: Vec<u32> = (1..=n)
                    .filter(|s| excluded.binary_search(s).is_err())
                    .map(|s| table[(n - s) as usize])
                    .collect();
                let value = play.value(options.is_empty(), mex(options));
                table.push(value);
                value
            }
            Inner::Family(family) => family.value_at(n, play),
        };
        #[cfg(feature = "fault-injection")]
        let value = match &self.inner {
            Inner::FiniteNaive { .. } | Inner::AllButNaive { .. } => value,
            _ => crate::fault::corrupt(n, value),
        };
        self.next += 1;
        Some(value)
    }
}

/// The last values of a stream, by heap: the ring holds the heaps computed so far until it
/// reaches `span + 1` of them (rounded up to a power of two), then wraps around. So its memory
/// follows the values computed, whatever the largest amount (up to `2^64 − 1` where the residue
/// theorem allows it).
struct Ring {
    values: Vec<u32>,
    mask: usize,
    /// How far back the ring reaches: `max S`.
    span: u64,
    /// The size the ring stops growing at.
    full: usize,
}

impl Ring {
    /// The size a ring starts at.
    const START: usize = 64;

    fn new(span: u64) -> Self {
        let full = usize::try_from(span)
            .ok()
            .and_then(|span| span.checked_add(1))
            .and_then(usize::checked_next_power_of_two)
            .unwrap_or(1 << (usize::BITS - 1));
        let size = full.min(Self::START);
        Self {
            values: vec![0; size],
            mask: size - 1,
            span,
            full,
        }
    }

    /// `G(m)` when heaps below `next` are written and the ring still holds `m`.
    fn recent(&self, next: u64, m: u64) -> Option<u32> {
        (next - m <= self.span).then(|| self.get(m))
    }

    /// The value of heap `n`, written before (the caller reads back at most `span` heaps).
    fn get(&self, n: u64) -> u32 {
        self.values[n as usize & self.mask]
    }

    /// Writes the value of heap `n`, the next heap after those written, growing the ring first if
    /// it has not reached its full size: a ring that has not wrapped holds heap `i` at `i`.
    fn set(&mut self, n: u64, value: u32) {
        let at = n as usize;
        if at >= self.values.len() && self.values.len() < self.full {
            let size = at
                .checked_add(1)
                .and_then(usize::checked_next_power_of_two)
                .map_or(self.full, |size| size.min(self.full));
            self.values.resize(size, 0);
            self.mask = size - 1;
        }
        self.values[at & self.mask] = value;
    }
}

/// Finite set, streaming: the last `max S` values in a ring.
struct FiniteRing {
    members: Vec<u64>,
    ring: Ring,
    mex: Bitset,
}

impl FiniteRing {
    fn new(members: &[u64]) -> Self {
        let span = *members.last().expect("finite sets are non-empty");
        Self {
            members: members.to_vec(),
            ring: Ring::new(span),
            mex: Bitset::default(),
        }
    }

    fn value_at(&mut self, n: u64, play: Play) -> u32 {
        let mex = if self.members.len() < 64 {
            // Values are at most |S| < 64: the mex set is one word.
            let mut seen = 0u64;
            for &s in &self.members {
                if s > n {
                    break;
                }
                seen |= 1 << self.ring.get(n - s);
            }
            seen.trailing_ones()
        } else {
            for &s in &self.members {
                if s > n {
                    break;
                }
                self.mex.insert(self.ring.get(n - s));
            }
            self.mex.take_mex()
        };
        let value = play.value(n < self.members[0], mex);
        self.ring.set(n, value);
        value
    }
}

/// The streaming engine evaluates a finite set by its runs once it has at least this many amounts
/// per run: then `2` count updates per run and a mex descent cost less than reading every amount.
const WINDOW_RATIO: usize = 4;

/// The maximal runs `a..=b` of consecutive amounts of a sorted, duplicate-free list, ascending
/// (a lone amount is the run `a..=a`).
fn runs(members: &[u64]) -> Vec<(u64, u64)> {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &s in members {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == s => *end = s,
            _ => runs.push((s, s)),
        }
    }
    runs
}

/// A multiset of values with its mex in `O(log_64 capacity)`: a count per value and a tree of
/// bitsets over the values present.
///
/// Level 0 has bit `v` set when `v` is present; level `i + 1` has bit `w` set when word `w` of
/// level `i` is full (all 64 values under it present). The least absent value is found by
/// descending from the top along the first word that is not full.
struct MexCounts {
    counts: Vec<u32>,
    levels: Vec<Vec<u64>>,
}

impl MexCounts {
    /// The words of each level for values `0..capacity`, from level 0 up.
    fn level_words(capacity: usize) -> Vec<usize> {
        let mut words = Vec::new();
        let mut bits = capacity.max(1);
        loop {
            let level = bits.div_ceil(64);
            words.push(level);
            if level == 1 {
                return words;
            }
            bits = level;
        }
    }

    /// An empty multiset of values `0..capacity`.
    fn new(capacity: usize) -> Self {
        let levels = Self::level_words(capacity)
            .into_iter()
            .map(|words| vec![0u64; words])
            .collect();
        Self {
            counts: vec![0; capacity.max(1)],
            levels,
        }
    }

    fn insert(&mut self, value: u32) {
        let count = &mut self.counts[value as usize];
        *count += 1;
        if *count == 1 {
            self.mark(value, true);
        }
    }

    fn remove(&mut self, value: u32) {
        let count = &mut self.counts[value as usize];
        *count -= 1;
        if *count == 0 {
            self.mark(value, false);
        }
    }

    /// Sets or clears `value`'s bit, and up the levels the bit of every word whose fullness
    /// changed with it.
    fn mark(&mut self, value: u32, present: bool) {
        let mut index = value as usize;
        for level in &mut self.levels {
            let word = &mut level[index / 64];
            let was_full = *word == u64::MAX;
            if present {
                *word |= 1 << (index % 64);
            } else {
                *word &= !(1 << (index % 64));
            }
            if was_full == (*word == u64::MAX) {
                break;
            }
            index /= 64;
        }
    }

    /// The least value with a count of zero.
    fn mex(&self) -> u32 {
        let mut index = 0usize;
        for level in self.levels.iter().rev() {
            let Some(&word) = level.get(index) else {
                return self.counts.len() as u32;
            };
            index = index * 64 + word.trailing_ones() as usize;
        }
        index.min(self.counts.len()) as u32
    }

    /// The levels a mex descends.
    fn depth(&self) -> usize {
        self.levels.len()
    }
}

/// Finite set, streaming by runs: a sliding-window mex.
///
/// For a run `a..=b` the options of `n` it gives are the values at positions `n - b ..= n - a`
/// (those `>= 0`), a window that slides by one position per heap: going from `n - 1` to `n`,
/// position `n - a` enters and position `n - 1 - b` leaves. One multiset holds the values of every
/// run's window with multiplicity — a position in the windows of several runs counts once for
/// each, as it is an option once for each amount — so it is exactly the multiset of
/// `G(n - s)` over `s ∈ S`, `s <= n`, and its mex is the mex of the options.
struct FiniteWindow {
    runs: Vec<(u64, u64)>,
    ring: Ring,
    options: MexCounts,
}

impl FiniteWindow {
    /// The engine for the set made of `runs`, with `members` amounts in all.
    fn new(runs: Vec<(u64, u64)>, members: usize) -> Self {
        let span = runs.last().expect("finite sets are non-empty").1;
        Self {
            runs,
            ring: Ring::new(span),
            // At most |S| options, so every value and every mex is at most |S|.
            options: MexCounts::new(members + 1),
        }
    }

    fn work_per_value(&self) -> u64 {
        2 * self.runs.len() as u64 + self.options.depth() as u64
    }

    fn value_at(&mut self, n: u64, play: Play) -> u32 {
        for &(a, b) in &self.runs {
            if n < a {
                break;
            }
            self.options.insert(self.ring.get(n - a));
            if n > b {
                self.options.remove(self.ring.get(n - 1 - b));
            }
        }
        let value = play.value(n < self.runs[0].0, self.options.mex());
        self.ring.set(n, value);
        value
    }
}

/// All-but set, by counting. The options of `n` are all earlier positions except `n - x`, `x ∈ X`,
/// so `G(n)` is the least of (a) the mex of all earlier values and (b) any value all of whose
/// occurrences so far sit at the excluded positions.
struct AllButCounting {
    excluded: Vec<u64>,
    /// The least amount that may be taken: heaps below it are terminal.
    least_move: u64,
    values: Vec<u32>,
    counts: Vec<u32>,
    all_mex: u32,
    scratch: Vec<u32>,
}

impl AllButCounting {
    fn new(excluded: &[u64]) -> Self {
        let least_move = (1..)
            .find(|a| excluded.binary_search(a).is_err())
            .expect("X is finite");
        Self {
            excluded: excluded.to_vec(),
            least_move,
            values: Vec::new(),
            counts: Vec::new(),
            all_mex: 0,
            scratch: Vec::new(),
        }
    }

    fn value_at(&mut self, n: u64, play: Play) -> u32 {
        if n < self.least_move {
            let value = play.value(true, 0);
            self.record(value);
            return value;
        }
        self.scratch.clear();
        for &x in &self.excluded {
            if x > n {
                break;
            }
            self.scratch.push(self.values[(n - x) as usize]);
        }
        self.scratch.sort_unstable();
        let mut value = self.all_mex;
        for run in self.scratch.chunk_by(|a, b| a == b) {
            let v = run[0];
            if v >= value {
                break;
            }
            if self.counts[v as usize] as usize == run.len() {
                value = v;
                break;
            }
        }
        self.record(value);
        value
    }

    fn record(&mut self, value: u32) {
        self.values.push(value);
        if value as usize >= self.counts.len() {
            self.counts.resize(value as usize + 1, 0);
        }
        self.counts[value as usize] += 1;
        while self
            .counts
            .get(self.all_mex as usize)
            .is_some_and(|&c| c > 0)
        {
            self.all_mex += 1;
        }
    }
}

/// Infinite family: members are generated as the heap grows; every value is kept.
struct FamilyTable {
    family: Family,
    members: Vec<u64>,
    /// Candidate for the next member (Fibonacci: the pair of the recurrence).
    fibonacci: (u64, u64),
    values: Vec<u32>,
    mex: Bitset,
}

impl FamilyTable {
    fn new(family: Family) -> Self {
        Self {
            family,
            members: Vec::new(),
            fibonacci: (1, 2),
            values: Vec::new(),
            mex: Bitset::default(),
        }
    }

    /// Adds `n` to the members if it belongs to the family (called once for each `n` in order).
    fn admit(&mut self, n: u64) {
        let member = match self.family {
            Family::Fibonacci => {
                let (a, b) = self.fibonacci;
                if n == a {
                    self.fibonacci = (b, a.saturating_add(b));
                    true
                } else {
                    false
                }
            }
            Family::Squares => n > 0 && n.isqrt() * n.isqrt() == n,
            Family::PowersOfTwo => n.is_power_of_two(),
            Family::Primes => {
                n >= 2
                    && self
                        .members
                        .iter()
                        .take_while(|&&p| p * p <= n)
                        .all(|&p| !n.is_multiple_of(p))
            }
        };
        if member {
            self.members.push(n);
        }
    }

    fn value_at(&mut self, n: u64, play: Play) -> u32 {
        self.admit(n);
        for &s in &self.members {
            self.mex.insert(self.values[(n - s) as usize]);
        }
        let value = play.value(self.members.is_empty(), self.mex.take_mex());
        self.values.push(value);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::subtraction::{AllButSet, FiniteSet};
    use proptest::prelude::*;

    #[test]
    fn naive_mex_is_the_definition() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 2, 1, 4]), 3);
    }

    #[test]
    fn the_initial_work_is_the_new_streams() {
        let sets = [
            SubtractionSet::Finite(FiniteSet::new([1, 3, 4]).unwrap()),
            SubtractionSet::Finite(FiniteSet::new(2..=5000).unwrap()),
            SubtractionSet::Finite(FiniteSet::new((1..=40).chain([77, 90])).unwrap()),
            SubtractionSet::AllBut(AllButSet::new([2, 3, 7]).unwrap()),
            SubtractionSet::Family(Family::Primes),
        ];
        for set in &sets {
            for engine in Engine::ALL {
                assert_eq!(
                    Values::initial_work(set, engine),
                    Values::new(set, engine, Play::Normal).work_per_value(),
                    "{set:?} {engine:?}"
                );
            }
        }
    }

    #[test]
    fn wide_sets_use_the_bitset() {
        let set = SubtractionSet::Finite(FiniteSet::new(1..=100).unwrap());
        let fast: Vec<u32> = Values::new(&set, Engine::Streaming, Play::Normal)
            .take(500)
            .collect();
        let naive: Vec<u32> = Values::new(&set, Engine::Naive, Play::Normal)
            .take(500)
            .collect();
        assert_eq!(fast, naive);
        assert_eq!(fast[404], 404 % 101);
    }

    #[test]
    fn all_but_engines_agree() {
        let set = SubtractionSet::AllBut(AllButSet::new([2, 3, 7]).unwrap());
        let fast: Vec<u32> = Values::new(&set, Engine::Streaming, Play::Normal)
            .take(300)
            .collect();
        let naive: Vec<u32> = Values::new(&set, Engine::Naive, Play::Normal)
            .take(300)
            .collect();
        assert_eq!(fast, naive);
    }

    /// A set made of ranges `a..=a + len` and singletons, amounts up to about 300.
    fn runs_and_singletons() -> impl Strategy<Value = Vec<u64>> {
        prop::collection::vec((1u64..=250, 0u64..=60), 1..=6).prop_map(|pieces| {
            pieces
                .into_iter()
                .flat_map(|(start, len)| start..=start + len)
                .collect()
        })
    }

    fn window_values(set: &FiniteSet, play: Play, len: usize) -> Vec<u32> {
        let mut window = FiniteWindow::new(runs(set.members()), set.members().len());
        (0..len as u64).map(|n| window.value_at(n, play)).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn window_equals_naive(amounts in runs_and_singletons(), misere in any::<bool>()) {
            let set = FiniteSet::new(amounts).unwrap();
            let play = if misere { Play::Misere } else { Play::Normal };
            let naive: Vec<u32> =
                Values::new(&SubtractionSet::Finite(set.clone()), Engine::Naive, play)
                    .take(900)
                    .collect();
            prop_assert_eq!(window_values(&set, play, 900), naive);
        }

        #[test]
        fn mex_counts_track_a_multiset(operations in prop::collection::vec((0u32..200, any::<bool>()), 0..400)) {
            let mut counts = MexCounts::new(200);
            let mut plain = vec![0u32; 200];
            for (value, insert) in operations {
                if insert {
                    counts.insert(value);
                    plain[value as usize] += 1;
                } else if plain[value as usize] > 0 {
                    counts.remove(value);
                    plain[value as usize] -= 1;
                }
                let mex = plain.iter().position(|&c| c == 0).unwrap_or(200) as u32;
                prop_assert_eq!(counts.mex(), mex);
            }
        }
    }

    #[test]
    fn mex_counts_fill_whole_words() {
        let mut counts = MexCounts::new(64 * 64 * 3 + 1);
        for value in 0..64 * 64 * 2 {
            counts.insert(value);
        }
        assert_eq!(counts.mex(), 64 * 64 * 2);
        counts.remove(4095);
        assert_eq!(counts.mex(), 4095);
        counts.insert(4095);
        counts.insert(4095);
        counts.remove(4095);
        assert_eq!(counts.mex(), 8192);
    }

    #[test]
    fn streaming_picks_the_window_for_long_runs() {
        let long = SubtractionSet::Finite(FiniteSet::new(2..=100_000).unwrap());
        let values = Values::new(&long, Engine::Streaming, Play::Normal);
        assert!(matches!(values.inner, Inner::FiniteWindow(_)));
        assert!(values.work_per_value() <= 8);
        let scattered = SubtractionSet::Finite(FiniteSet::new([1, 3, 4, 9]).unwrap());
        let values = Values::new(&scattered, Engine::Streaming, Play::Normal);
        assert!(matches!(values.inner, Inner::FiniteRing(_)));
    }

    #[test]
    fn recent_reaches_back_max_s() {
        let set = SubtractionSet::Finite(FiniteSet::new([1, 3, 4]).unwrap());
        let mut values = Values::new(&set, Engine::Streaming, Play::Normal);
        values.by_ref().take(10).for_each(drop);
        assert_eq!(values.recent(6), Some(2));
        assert_eq!(values.recent(5), None);
        assert_eq!(values.recent(10), None);
    }
}
