//! The rare/common ("sparse space") engine of docs/theory.md §9: values split into rare and common
//! so that each value needs the few splits with a rare heap and a short scan.
//!
//! This module holds the engine and its passes; `split` the split of values into rare and common
//! (chosen by a Walsh–Hadamard transform of the value histograms), the stamped option tables and
//! the scans over pairs of heaps.

mod batch;
mod split;

pub use split::RareSplit;

use batch::Batch;
use split::{
    EveryPair, GeneralScan, Needed, SmallScan, Split, Stamped, StampedScan, WordScan, parity,
    rare_pairs, slot, splitting_parity, walsh_hadamard,
};

use super::store::{Store, TwoHeaps};
use super::vector::{self, RareHeap, SMALL_SET_VALUES};
use super::{BIT, small_mex};
use crate::engine::Stream;
use crate::games::octal::{Code, Modifier, Step, walk};
use crate::theory::compact::{CompactValues, View, on_view};
use crate::theory::mex::Bitset;

/// The rare/common engine (docs/theory.md §9) for codes whose moves leave at most two heaps,
/// Grundy's game `4!.0` and the other `!`/`?` codes among them: for two heaps both modifiers
/// forbid the two heaps being equal, so a split whose digit carries one simply lacks its middle
/// pair `(m / 2, m / 2)`, in the rare pass as in the scan. Under a `Split`, common xor common is
/// rare, so every common option value comes from a split with a rare heap. Each value needs the
/// splits with a rare heap (few) and a scan of the others only until every smaller rare value is
/// found. The split is re-chosen from the value histograms by a Walsh–Hadamard transform, to make
/// rare heaps as few as possible; any split gives the right values.
///
/// The option sets take the representation the largest value so far allows: a table of 16
/// consecutive heaps' marks and a 1024-bit set per heap (values below 1024, consecutive heaps,
/// with the AVX-512 kernels: see `batch`), one machine word (values below 64), tables indexed by
/// the value and stamped with the heap they belong to (values below 2^15, no clearing between
/// heaps), and growable bitsets (any value).
///
/// # Complexity
/// Per heap `n`, with `t` splitting digits and `r` rare heaps: `O(t · r)` for the rare pass (plus
/// a binary search among the rare heaps per split of a `!`/`?` digit), and the scan of pairs of
/// common heaps until every rare value below the candidate is seen — a few pairs on a sparse code,
/// `O(t · n)` at worst (the definition, while values are not yet sparse). `O(n)` values in memory,
/// one to four bytes each.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::octal::{Naive, RareCommon};
/// let grundy::Game::Octal(grundy) = grundy::parse_game("4!.0")? else { unreachable!() };
/// let fast: Vec<u32> = RareCommon::new(&grundy).ok_or("two-heap splits")?.take(2000).collect();
/// let naive: Vec<u32> = Naive::new(&grundy).take(2000).collect();
/// assert_eq!(fast, naive);
/// assert_eq!(fast.iter().rposition(|&v| v == 0), Some(1222)); // the last P-position
/// # Ok(()) }
/// ```
pub struct RareCommon {
    code: Code,
    values: Store,
    /// `(j, d_j, modifier)` for the non-zero digits of a code without a repeating tail.
    digits: Option<Vec<(usize, u8, Modifier)>>,
    split: Split,
    /// The parity of every splitting digit, when they all have the same (then the
    /// position-parity split is valid).
    splitting_parity: Option<usize>,
    /// The heaps `a >= 1` that are rare under `split`, ascending, each with `G(a)` (read in
    /// order instead of gathered from `values`).
    rare: Vec<RareHeap>,
    /// The values below 64 whose `popcount(v & mask)` has parity 0 and 1, as bits.
    parity_bits: [u64; 2],
    /// How often each value occurs at even and at odd heaps `a >= 1`.
    histograms: [Vec<u64>; 2],
    tables: Option<Stamped>,
    /// Whether the rare pass runs the vector kernels, heap by heap or in batches
    /// ([`vector::available`]).
    vector: bool,
    seen: Bitset,
    needed: Bitset,
    /// The two-heap splits of the heap being evaluated (reused between heaps).
    splits: Vec<TwoHeaps>,
    /// The heaps left by one-heap moves of the heap being evaluated that the engine does not
    /// hold yet (in a pipeline: heaps other threads are evaluating).
    late_moves: Vec<usize>,
    next_rechoice: usize,
    largest: u32,
    /// The marks of a batch of consecutive heaps (see [`batch`]), once a batch ran.
    batch: Option<Box<Batch>>,
    /// The heap after the last one evaluated: a batch starts on consecutive heaps only.
    next_heap: usize,
}

/// Pairs scanned between two checks of whether every missing value was found.
const CHUNK: usize = 16;

/// Values below this bound use the stamped tables.
const TABLE_VALUES: u32 = 1 << 15;

impl RareCommon {
    /// Whether the rare/common engine applies to `code`: no three-heap splits (`!` and `?` are
    /// fine: on two heaps they only remove the split into two equal heaps).
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::octal::RareCommon;
    /// let code = |text| match grundy::parse_game(text) {
    ///     Ok(grundy::Game::Octal(code)) => Ok(code),
    ///     _ => Err("not an octal code"),
    /// };
    /// assert!(RareCommon::applies(&code("0.77")?));
    /// assert!(RareCommon::applies(&code("4!.0")?)); // Grundy's game
    /// assert!(!RareCommon::applies(&code("hex:0.F")?)); // splits into three heaps
    /// assert!(!RareCommon::applies(&code("hex:8!.0")?));
    /// # Ok(()) }
    /// ```
    pub fn applies(code: &Code) -> bool {
        code.max_heaps_left() <= 2
    }

    /// Starts at `G(0)`, or `None` if the code needs the naive engine (three-heap splits).
    pub fn new(code: &Code) -> Option<Self> {
        Self::applies(code).then(|| Self {
            code: code.clone(),
            values: Store::default(),
            digits: code.last_digit().map(|t| {
                (0..=t)
                    .map(|j| (j, code.digit(j).0, code.digit(j).1))
                    .filter(|&(_, d, _)| d != 0)
                    .collect()
            }),
            split: Split {
                mask: 0,
                by_position: false,
            },
            splitting_parity: splitting_parity(code),
            rare: Vec::new(),
            parity_bits: [u64::MAX, 0],
            histograms: [Vec::new(), Vec::new()],
            tables: None,
            vector: vector::available(),
            seen: Bitset::default(),
            needed: Bitset::default(),
            splits: Vec::with_capacity(8),
            late_moves: Vec::new(),
            next_rechoice: 64,
            largest: 0,
            batch: None,
            next_heap: 0,
        })
    }

    /// Continues from the values `G(0), …` already computed (a checkpoint). The split is chosen
    /// afresh; any split gives the same values, so a resumed run is bit-identical.
    pub fn resume(code: &Code, prefix: Vec<u32>) -> Option<Self> {
        let mut engine = Self::new(code)?;
        for (n, &value) in prefix.iter().enumerate().skip(1) {
            engine.tally(n, value);
        }
        engine.largest = prefix.iter().copied().max().unwrap_or(0);
        engine.values = Store::new(prefix.into());
        engine.rechoose();
        engine.rebuild_rare();
        engine.next_rechoice = (engine.values.len() + 1).next_power_of_two().max(64);
        Some(engine)
    }

    /// How many heaps are rare under the current split (the engine's cost per value grows with it).
    pub fn rare_heaps(&self) -> usize {
        self.rare.len()
    }

    /// The split into rare and common values the engine uses now (after
    /// [`resume`](Self::resume) on some values: the split it chooses for them).
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::octal::RareCommon;
    /// let Ok(grundy::Game::Octal(code)) = grundy::parse_game("0.6") else { return Err("not a code".into()) };
    /// let values = [0, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 1, 0, 2];
    /// let split = RareCommon::resume(&code, values.to_vec()).ok_or("rare/common applies")?.split();
    /// let rare = (0..values.len()).filter(|&n| split.is_rare(n as u64, values[n])).count();
    /// assert!(rare < values.len());
    /// # Ok(()) }
    /// ```
    pub fn split(&self) -> RareSplit {
        RareSplit {
            mask: self.split.mask,
            class_offset: match (self.split.by_position, self.splitting_parity) {
                (true, Some(j)) => Some(j),
                _ => None,
            },
        }
    }

    /// Adds `G(a) = value` to the histograms.
    fn tally(&mut self, a: usize, value: u32) {
        let histogram = &mut self.histograms[a % 2];
        if value as usize >= histogram.len() {
            histogram.resize(value as usize + 1, 0);
        }
        histogram[value as usize] += 1;
    }

    /// The parity a value must have to be rare for heap `n`.
    fn class(&self, n: usize) -> u32 {
        match (self.split.by_position, self.splitting_parity) {
            (true, Some(j)) => ((n + j) % 2) as u32,
            _ => 0,
        }
    }

    /// Whether `v` is rare for heap `n`.
    fn is_rare(&self, v: u32, n: usize) -> bool {
        parity(v, self.split.mask) == self.class(n)
    }

    /// Whether heap `a >= 1` with `G(a) = value` is rare: its value is rare for it.
    fn is_rare_heap(&self, a: usize, value: u32) -> bool {
        self.is_rare(value, a)
    }

    /// The rare heaps, their values and the parity bits, from the values and the split.
    fn rebuild_rare(&mut self) {
        self.rare = (1..self.values.len() as u32)
            .map(|a| RareHeap {
                heap: a,
                value: self.values.get(a as usize),
            })
            .filter(|rare| self.is_rare_heap(rare.heap as usize, rare.value))
            .collect();
        let even = (0..64u32)
            .filter(|&v| parity(v, self.split.mask) == 0)
            .fold(0, |bits, v| bits | 1 << v);
        self.parity_bits = [even, !even];
    }

    /// The split with the fewest rare heaps, among non-zero masks. With `W_e`, `W_o` the
    /// Walsh–Hadamard transforms of the value histograms of even and odd heaps and `N` the number
    /// of heaps, `#rare = (N + W_e(m) + W_o(m)) / 2` for the plain split, and for the position-parity
    /// one `(N + W_e(m) - W_o(m)) / 2` when the splitting digits are even, `(N - W_e(m) + W_o(m)) / 2`
    /// when they are odd.
    fn rechoose(&mut self) {
        let size = self
            .histograms
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .next_power_of_two()
            .max(2);
        let [even, odd] = self.histograms.each_ref().map(|h| walsh_hadamard(h, size));
        let by_position = [false, true]
            .into_iter()
            .filter(|&p| !p || self.splitting_parity.is_some());
        let odd_digits = self.splitting_parity == Some(1);
        let best = by_position
            .flat_map(|p| (1..size).map(move |m| (p, m)))
            .min_by_key(|&(p, m)| {
                let w = match (p, odd_digits) {
                    (false, _) => even[m] + odd[m],
                    (true, false) => even[m] - odd[m],
                    (true, true) => odd[m] - even[m],
                };
                (w, p, m)
            })
            .map(|(by_position, mask)| Split {
                mask: mask as u32,
                by_position,
            });
        if let Some(best) = best
            && best != self.split
        {
            self.split = best;
            self.rebuild_rare();
        }
    }

    /// The moves of heap `n`: marks the values of removing or leaving one heap with `mark`,
    /// records the split sizes in `self.splits`, and the one-heap moves to heaps not held yet in
    /// `self.late_moves` (see [`Pending`]).
    fn collect_moves(&mut self, n: usize, mut mark: impl FnMut(u32)) {
        let (values, splits, late) = (&self.values, &mut self.splits, &mut self.late_moves);
        splits.clear();
        late.clear();
        if let Some(digits) = &self.digits {
            // The same moves as `walk`, from the non-zero digits of a code without a tail.
            for &(j, d, modifier) in digits {
                if d & 1 != 0 && n == j && j > 0 {
                    mark(0);
                }
                if n <= j {
                    continue;
                }
                let m = n - j;
                if d & 2 != 0 && j > 0 {
                    if m >= values.len() {
                        late.push(m);
                    } else {
                        mark(values.get(m));
                    }
                }
                if d & 4 != 0 && m >= 2 {
                    splits.push(TwoHeaps::new(m, modifier));
                }
            }
            return;
        }
        walk(&self.code, n, |step| match step {
            Step::Whole => mark(0),
            Step::One(m) if m >= values.len() => late.push(m),
            Step::One(m) => mark(values.get(m)),
            Step::Split(m, _, modifier) => splits.push(TwoHeaps::new(m, modifier)),
        });
    }

    /// Whether a move of the heap being evaluated ([`Self::collect_moves`]) reaches a heap of
    /// `known` or more: a one-heap move, or a split pair whose larger part is not held.
    fn has_late_options(&self, known: usize) -> bool {
        !self.late_moves.is_empty() || self.splits.iter().any(|split| split.tokens > known)
    }

    /// Marks the values of the options [`Self::has_late_options`] speaks of, once every heap is
    /// held: the late one-heap moves, and the pairs `(b, m - b)`, `b <= m - b`, with
    /// `m - b >= known` — the pairs that the rare pass and the scan leave out (but not the middle
    /// pair of a split into two different heaps).
    fn late_options(&self, known: usize, mut mark: impl FnMut(u32)) {
        for &m in &self.late_moves {
            mark(self.values.get(m));
        }
        for split in &self.splits {
            let m = split.tokens;
            for b in 1..=(m / 2).min(m.saturating_sub(known)) {
                if 2 * b < m || split.equal_allowed {
                    mark(self.values.get(b) ^ self.values.get(m - b));
                }
            }
        }
    }

    /// Receives the values of heaps below `n` that the engine does not hold yet (from another
    /// thread of a pipeline), in order.
    fn settle(&mut self, n: usize, pending: &mut Pending<'_>) {
        if self.values.len() >= n {
            return;
        }
        let receive = pending
            .as_mut()
            .expect("values not held come with a way to receive them");
        while self.values.len() < n {
            let i = self.values.len();
            let value = receive(i);
            self.push(i, value);
        }
    }

    /// The number of rare heaps below `m`: those that pair with another heap in a split of `m`.
    fn rare_below(&self, m: usize) -> usize {
        match self.rare.last() {
            // Usually every rare heap is below m (rare heaps come early).
            Some(last) if last.heap as usize >= m => {
                self.rare.partition_point(|rare| (rare.heap as usize) < m)
            }
            _ => self.rare.len(),
        }
    }

    /// The rare/common method with one machine word as every value set, while all values are
    /// below 64; `None` when the answer might be 64 or more.
    fn word_value_at(&mut self, n: usize, pending: &mut Pending<'_>) -> Option<u32> {
        let mut seen = 0u64;
        self.collect_moves(n, |v| seen |= 1 << v);
        for &split in &self.splits {
            // Splits with a rare heap: every common option value comes from one of these.
            self.rare_pass(split, |v| seen |= 1 << v);
        }
        let known = self.values.len();
        if known < n && self.has_late_options(known) {
            self.settle(n, pending);
            if self.largest >= 64 {
                return None;
            }
            self.late_options(known, |v| seen |= 1 << v);
        }
        let rare_bits = self.parity_bits[self.class(n) as usize];
        let common_missing = !seen & !rare_bits;
        if common_missing == 0 {
            return None;
        }
        let candidate = common_missing.trailing_zeros();
        let mut scan = WordScan {
            needed: rare_bits & !seen & ((1u64 << candidate) - 1),
        };
        self.values.scan_splits(&self.splits, &mut scan);
        let needed = scan.needed;
        Some(if needed == 0 {
            candidate
        } else {
            needed.trailing_zeros()
        })
    }

    /// The rare/common method with stamped tables, while all values are below 2^15; `None` when
    /// the answer might be 2^16 or more.
    fn table_value_at(&mut self, n: usize, pending: &mut Pending<'_>) -> Option<u32> {
        let mut tables = self.tables.take().unwrap_or_else(Stamped::new);
        let stamp = tables.next_stamp();
        let value = self.stamped_value_at(n, &mut tables, stamp, pending);
        self.tables = Some(tables);
        value
    }

    fn stamped_value_at(
        &mut self,
        n: usize,
        tables: &mut Stamped,
        stamp: u32,
        pending: &mut Pending<'_>,
    ) -> Option<u32> {
        let Stamped {
            seen,
            needed,
            looked_for,
            ..
        } = tables;
        self.collect_moves(n, |v| seen[slot(v)] = stamp);
        for &split in &self.splits {
            self.rare_pass_stamped(split, seen, stamp);
        }
        // With heaps still pending (other threads evaluate them), the candidate and the scan go
        // ahead without the options that reach them, and are corrected once they arrive: they
        // rarely are the candidate (67 times in the first 2^18 heaps of Officers on two threads).
        let known = self.values.len();
        let late = known < n && self.has_late_options(known);
        let mut candidate = self.least_common_missing(n, 0, |v| seen[slot(v)] == stamp)?;
        // A small set while every value is below SMALL_SET_VALUES (the scan's kernel reads
        // values modulo it) and so is every rare value below the candidate (the candidate may
        // be above it even then: the rare values between are missing, and the answer).
        let mut needed = if self.largest < SMALL_SET_VALUES && candidate <= SMALL_SET_VALUES {
            looked_for.clear();
            Needed::Small(looked_for)
        } else {
            Needed::Stamped(needed, stamp)
        };
        let mut missing = 0u32;
        for r in 0..candidate {
            if self.is_rare(r, n) && seen[slot(r)] != stamp {
                let held = needed.insert(r);
                debug_assert!(held, "a candidate at most SMALL_SET_VALUES");
                missing += 1;
            }
        }
        missing = self.scan_needed(&mut needed, missing);
        if late {
            self.settle(n, pending);
            if self.largest >= TABLE_VALUES {
                return None;
            }
            let mut hit = false;
            self.late_options(known, |v| {
                let entry = slot(v);
                if seen[entry] != stamp {
                    seen[entry] = stamp;
                    hit |= v == candidate;
                    if needed.remove(v) {
                        missing -= 1;
                    }
                }
            });
            if hit {
                let below = candidate;
                candidate = self.least_common_missing(n, below + 1, |v| seen[slot(v)] == stamp)?;
                let mut more = 0u32;
                for r in below + 1..candidate {
                    if self.is_rare(r, n) && seen[slot(r)] != stamp {
                        if !needed.insert(r) {
                            // A pending option hit the candidate, and a rare value of
                            // SMALL_SET_VALUES or more is below the new one: the growable sets
                            // take the heap (every value is held now).
                            return None;
                        }
                        more += 1;
                    }
                }
                if more > 0 {
                    missing = self.scan_needed(&mut needed, missing + more);
                }
            }
        }
        Some(if missing == 0 {
            candidate
        } else {
            needed.least().unwrap_or(candidate)
        })
    }

    /// The least value from `from` on that is common for heap `n` and not `seen`; `None` from
    /// 2^16 on (beyond the stamped tables).
    fn least_common_missing(&self, n: usize, from: u32, seen: impl Fn(u32) -> bool) -> Option<u32> {
        (from..1 << 16).find(|&v| !self.is_rare(v, n) && !seen(v))
    }

    /// The rare/common method with growable bitsets: any value.
    fn general_value_at(&mut self, n: usize) -> u32 {
        self.seen.clear();
        let mut seen = std::mem::take(&mut self.seen);
        self.collect_moves(n, |v| seen.insert(v));
        for &split in &self.splits {
            self.rare_pass(split, |v| seen.insert(v));
        }
        if self.split.mask == 0 {
            // Every value is rare: there is no common value, and this is the naive method.
            for &split in &self.splits {
                self.values
                    .scan_pairs(split, &mut EveryPair(|v| seen.insert(v)));
            }
            self.seen = seen;
            return self.seen.mex();
        }
        self.seen = seen;
        // The least common value missing is the candidate; then every smaller rare value must be
        // found among the splits of two common heaps.
        let mut candidate = 0;
        while self.is_rare(candidate, n) || self.seen.contains(candidate) {
            candidate += 1;
        }
        // Rare values below the candidate not yet seen: marked in `needed`, counted in `missing`.
        let mut missing = 0u32;
        self.needed.clear();
        for r in 0..candidate {
            if self.is_rare(r, n) && !self.seen.contains(r) {
                self.needed.insert(r);
                missing += 1;
            }
        }
        let mut scan = GeneralScan {
            needed: &mut self.needed,
            candidate,
            missing,
        };
        self.values.scan_splits(&self.splits, &mut scan);
        (0..candidate)
            .find(|&r| self.needed.contains(r))
            .unwrap_or(candidate)
    }

    /// `G(n)`, given `G(0), …, G(n - 1)` — or some of them, the others coming from `pending`
    /// (the pipeline of [`super::Paired`]): the engine evaluates as much as it can without them
    /// and receives them when it needs them. The caller records `G(n)` with [`Self::push`],
    /// after [`Self::receive_pending`].
    pub(super) fn value_at(&mut self, n: usize, mut pending: Pending<'_>) -> u32 {
        if self.split.mask == 0 || self.rare.len() * 16 > n {
            // Nothing to overlap with receiving the pending values.
            self.settle(n, &mut pending);
        }
        if self.largest < 64 && self.rare.len() * 16 > n {
            // Not sparse (yet): the one-word definition beats chasing many rare heaps.
            return match self.values.all() {
                Some(all) => on_view!(all, values => small_mex(&self.code, values, n)),
                None => self.store_small_mex(n),
            };
        }
        let consecutive = std::mem::replace(&mut self.next_heap, n + 1) == n;
        if self.split.mask != 0 {
            let mut fast = None;
            if pending.is_none()
                && self.vector
                && self.digits.is_some()
                && self.largest < SMALL_SET_VALUES
                && self.values.len() == n
            {
                fast = self.batch_value_at(n, consecutive);
            }
            if fast.is_none() && self.largest < 64 {
                fast = self.word_value_at(n, &mut pending);
            }
            // The word gives up when the answer may reach 64, or when the pending values it
            // received do: the tables take over while values stay below 2^15.
            if fast.is_none() && self.largest < TABLE_VALUES {
                fast = self.table_value_at(n, &mut pending);
            }
            if let Some(value) = fast {
                return value;
            }
        }
        self.settle(n, &mut pending);
        self.general_value_at(n)
    }

    /// Records the values below `n` the engine does not hold yet (the evaluation of heap `n` did
    /// not need them), from `receive`.
    pub(super) fn receive_pending(&mut self, n: usize, receive: &mut dyn FnMut(usize) -> u32) {
        self.settle(n, &mut Some(receive));
    }

    /// How many values the engine holds: `G(0), …, G(len - 1)`.
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    /// Every value held, unless the store is folded.
    pub(super) fn all(&self) -> Option<View<'_>> {
        self.values.all()
    }

    /// `G(i)`, `i < len()`.
    pub(super) fn value(&self, i: usize) -> u32 {
        self.values.get(i)
    }

    /// Every value held, as [`RareCommon::resume`] takes them.
    pub(super) fn to_vec(&self) -> Vec<u32> {
        (0..self.values.len()).map(|i| self.values.get(i)).collect()
    }

    /// Calls `mark` with `G(a) xor G(m - a)` for every rare heap `a < m` of the split of `m` whose
    /// partner `m - a` is held: those whose partner is among the recent values as a slice, the
    /// others one by one. A split into two different heaps (`!`, `?`) leaves out the rare heap
    /// `a = m / 2`.
    fn rare_pass(&self, split: TwoHeaps, mut mark: impl FnMut(u32)) {
        let m = split.tokens;
        let (recent, offset) = self.values.recent();
        // One loop body for both pieces, so that the pass stays inlined in its caller and
        // `mark`'s set in a register.
        for (first, fast, end) in self.rare_pieces(split) {
            let rare = &self.rare[first..fast];
            on_view!(recent, values => rare_pairs(values, offset, rare, m, &mut mark));
            for &RareHeap { heap: a, value: g } in &self.rare[fast..end] {
                mark(g ^ self.values.get(m - a as usize));
            }
        }
    }

    /// [`Self::rare_pass`] marking `seen[v] = stamp` (values below 2^15), with the vector
    /// kernel ([`vector::mark_rare`]) when the processor has it.
    fn rare_pass_stamped(&self, split: TwoHeaps, seen: &mut [u32; 1 << 16], stamp: u32) {
        if !self.vector {
            self.rare_pass(split, |v| seen[slot(v)] = stamp);
            return;
        }
        let m = split.tokens;
        let (recent, offset) = self.values.recent();
        for (first, fast, end) in self.rare_pieces(split) {
            vector::mark_rare(recent, offset, &self.rare[first..fast], m, seen, stamp);
            for &RareHeap { heap: a, value: g } in &self.rare[fast..end] {
                seen[slot(g ^ self.values.get(m - a as usize))] = stamp;
            }
        }
    }

    /// The rare heaps of a split whose partner is held, as at most two pieces of `self.rare`
    /// (around the rare heap `m / 2` when the split leaves out its middle pair), each as
    /// `(first, fast, end)`: from `first` to `fast` the partner is among the recent values, from
    /// `fast` to `end` it is read one by one. Rare heaps whose partner is not held yet (a
    /// pipeline's pending heaps) come before the first piece, and are left to
    /// [`Self::late_options`].
    fn rare_pieces(&self, split: TwoHeaps) -> [(usize, usize, usize); 2] {
        let m = split.tokens;
        let k = self.rare_below(m);
        let offset = self.values.recent().1;
        let known = self.values.len();
        let first = if m < known {
            0
        } else {
            self.rare[..k].partition_point(|rare| rare.heap as usize + known <= m)
        };
        let fast = if offset == 0 {
            k
        } else {
            self.rare[..k].partition_point(|rare| rare.heap as usize + offset <= m)
        };
        let piece = |start: usize, end: usize| (start, fast.clamp(start, end), end);
        let middle = split.excluded_middle().and_then(|half| {
            let i = self.rare[..k].partition_point(|rare| (rare.heap as usize) < half);
            (i < k && self.rare[i].heap as usize == half).then_some(i)
        });
        match middle {
            Some(i) => [
                piece(first, i.max(first)),
                piece((i + 1).max(first), k.max(first)),
            ],
            None => [piece(first, k), piece(k, k)],
        }
    }

    /// The scan over every split for the values of `needed` (`missing` of them); returns how
    /// many are still missing.
    fn scan_needed(&self, needed: &mut Needed<'_>, missing: u32) -> u32 {
        match needed {
            Needed::Small(set) => {
                let mut scan = SmallScan { set, missing };
                self.values.scan_splits(&self.splits, &mut scan);
                scan.missing
            }
            Needed::Stamped(table, stamp) => {
                let mut scan = StampedScan {
                    needed: table,
                    stamp: *stamp,
                    missing,
                };
                self.values.scan_splits(&self.splits, &mut scan);
                scan.missing
            }
        }
    }

    /// [`small_mex`] when the store is folded (every value below 64).
    fn store_small_mex(&self, n: usize) -> u32 {
        let mut seen = 0u64;
        walk(&self.code, n, |step| match step {
            Step::Whole => seen |= 1,
            Step::One(m) => seen |= 1 << self.values.get(m),
            Step::Split(m, _, modifier) => {
                self.values.scan_pairs(
                    TwoHeaps::new(m, modifier),
                    &mut EveryPair(|v| seen |= BIT[(v & 63) as usize]),
                );
            }
        });
        seen.trailing_ones()
    }

    /// Forgets the marks of the batch of heaps (the values they were made from go).
    fn forget_batch(&mut self) {
        if let Some(batch) = &mut self.batch {
            batch.forget();
        }
    }

    /// Stops keeping the values a periodicity determines (see [`Store::fold`]).
    pub(super) fn fold_values(&mut self, preperiod: usize, period: usize) -> bool {
        self.values.fold(preperiod, period)
    }

    /// Every value in memory again.
    pub(super) fn unfold_values(&mut self) {
        self.values.unfold();
    }

    /// `(n0, p)` while folded and obeyed.
    pub(super) fn values_folded_on(&self) -> Option<(usize, usize)> {
        self.values.folded()
    }

    /// Records `G(n) = value`, `n` the number of values held. The split is not re-chosen here,
    /// so that a value being evaluated keeps its split; see [`Self::rechoose_if_due`].
    pub(super) fn push(&mut self, n: usize, value: u32) {
        debug_assert_eq!(n, self.values.len());
        self.largest = self.largest.max(value);
        self.values.push(value);
        if n > 0 {
            self.tally(n, value);
            if self.is_rare_heap(n, value) {
                self.rare.push(RareHeap {
                    heap: n as u32,
                    value,
                });
            }
        }
    }

    /// Re-chooses the split when the number of values has doubled (or grown by 2^16) since the
    /// last choice.
    pub(super) fn rechoose_if_due(&mut self) {
        if self.values.len() >= self.next_rechoice {
            self.rechoose();
            self.next_rechoice = (self.next_rechoice * 2).min(self.next_rechoice + (1 << 16));
        }
    }

    /// Hands over the values below `len`, dropping those computed ahead of need.
    pub(super) fn take_values(&mut self, len: usize) -> CompactValues {
        self.forget_batch();
        self.values.take(len)
    }
}

/// How heap `n` gets the values `G(i)`, `i < n`, that the engine does not hold yet: a function
/// that waits for the thread of the pipeline evaluating heap `i` and returns `G(i)`. `None` when
/// the engine holds every value below `n`.
pub(super) type Pending<'a> = Option<&'a mut dyn FnMut(usize) -> u32>;

impl Iterator for RareCommon {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let n = self.values.len();
        let value = self.value_at(n, None);
        self.push(n, value);
        self.rechoose_if_due();
        Some(value)
    }
}

impl Stream for RareCommon {
    fn position(&self) -> u64 {
        self.values.len() as u64
    }

    fn work_per_value(&self) -> u64 {
        (self.code.reach(self.values.len()) as u64 + 1) * (self.rare.len() as u64 + 16)
    }

    fn computed(&self) -> Option<View<'_>> {
        self.values.all()
    }

    fn take_computed(&mut self) -> CompactValues {
        let len = self.values.len();
        self.take_values(len)
    }

    fn fold_on_period(&mut self, preperiod: u64, period: u64) -> bool {
        self.fold_values(preperiod as usize, period as usize)
    }

    fn unfold_all(&mut self) {
        self.unfold_values();
    }

    fn folded_period(&self) -> Option<(u64, u64)> {
        self.values_folded_on().map(|(n0, p)| (n0 as u64, p as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::octal::{Naive, code};

    #[test]
    fn a_folded_engine_gives_the_same_values() {
        // Kayles: period 12 from 71. Folding on it keeps 83 values and a window (a period that
        // breaks later unfolds the store: see `store`); folding on one the values already break
        // (12 from 60) is refused.
        let kayles = code(&[0, 7, 7]);
        let expected: Vec<u32> = Naive::new(&kayles).take(3000).collect();
        let mut engine = RareCommon::new(&kayles).unwrap();
        let first: Vec<u32> = engine.by_ref().take(1000).collect();
        assert!(!engine.fold_values(60, 12));
        assert!(engine.fold_values(71, 12));
        assert_eq!(engine.values_folded_on(), Some((71, 12)));
        let rest: Vec<u32> = engine.by_ref().take(2000).collect();
        assert_eq!([first, rest].concat(), expected);
        assert_eq!(engine.values_folded_on(), Some((71, 12)));
        // The batches ran on the folded store too (their partners read from its window).
        let batched = engine
            .batch
            .as_ref()
            .is_some_and(|batch| batch.holds_some());
        assert_eq!(batched, vector::available());
        assert_eq!(engine.take_values(3000).len(), 83);
    }

    #[test]
    fn the_vector_kernels_give_the_portable_values() {
        // Officers' values pass 255 (2-byte values) near heap 4 000; Dawson's and 0.137 stay in
        // 1 byte. The portable run evaluates heap by heap with the portable rare pass (its scan
        // is `vector::find`, tested against its portable loop in `vector`). Without AVX-512
        // both runs are portable, and the test compares the engine with itself.
        for digits in [&[0, 6][..], &[0, 0, 7], &[0, 1, 3, 7], &[4, 7]] {
            let code = code(digits);
            let mut portable = RareCommon::new(&code).unwrap();
            portable.vector = false;
            let portable: Vec<u32> = portable.take(12_000).collect();
            let vector: Vec<u32> = RareCommon::new(&code).unwrap().take(12_000).collect();
            assert_eq!(portable, vector, "{code}");
        }
    }

    /// The code of `text`: digits, `.` and `!` after a digit.
    fn modified(text: &str) -> Code {
        let mut digits: Vec<(u8, Modifier)> = Vec::new();
        for c in text.chars() {
            match (c, c.to_digit(8), digits.last_mut()) {
                ('!', _, Some(last)) => last.1 = Modifier::Unequal,
                (_, Some(d), _) => digits.push((d as u8, Modifier::None)),
                _ => {}
            }
        }
        Code::new(digits, Vec::new()).expect("a valid code")
    }

    #[test]
    fn batches_of_heaps_give_the_naive_values() {
        // Officers (one split, j = 1), Grundy's game (j = 0, without the middle pair), 0.74! and
        // 4!.4! (marking the middle pair, left out, changes their values from heaps 686 and
        // 1222 on), 0.376 (two splits), 0.106 (the position-parity split), and splits at j = 19
        // (every rare heap pairs in the batch) with and without the middle pair: the batches mark
        // what they can, each heap the rest. 0.5!1's values pass 1024 at heap 2561 (the batches
        // stop, and a candidate above 1024 leaves the small sets). Without AVX-512 no batch runs,
        // and the engine meets the naive values by its other paths.
        for text in [
            "0.6",
            "0.5!1",
            "4!.0",
            "0.74!",
            "4!.4!",
            "0.376",
            "0.106",
            "0.0000000000000000007",
            "0.0000000000000000004!",
        ] {
            let code = modified(text);
            let naive: Vec<u32> = Naive::new(&code).take(5000).collect();
            let mut engine = RareCommon::new(&code).unwrap();
            let fast: Vec<u32> = engine.by_ref().take(5000).collect();
            assert_eq!(fast, naive, "{text}");
            let batched = engine.batch.is_some_and(|batch| batch.holds_some());
            assert_eq!(batched, vector::available(), "{text}");
        }
    }

    #[test]
    fn splits_of_both_parities_scanned_side_by_side_give_the_naive_values() {
        // 0.376 splits n - 2 and n - 3: for odd m nearly every pair's xor falls in one half of the
        // rare values, so the scan reads both splits in turn (`Store::scan_splits`); the values
        // stay those of the definition.
        let code = code(&[0, 3, 7, 6]);
        let naive: Vec<u32> = Naive::new(&code).take(6000).collect();
        let mut engine = RareCommon::new(&code).unwrap();
        let fast: Vec<u32> = engine.by_ref().take(6000).collect();
        assert_eq!(fast, naive);
        assert!(engine.split.mask != 0);
    }

    #[test]
    fn the_position_parity_split_keeps_heaps_sparse_where_masks_cannot() {
        // 0.106 splits with one digit (docs/theory.md §9): every mask alone leaves half the heaps
        // rare.
        let code = code(&[0, 1, 0, 6]);
        let mut engine = RareCommon::new(&code).unwrap();
        let fast: Vec<u32> = engine.by_ref().take(1 << 13).collect();
        let naive: Vec<u32> = Naive::new(&code).take(1 << 13).collect();
        assert_eq!(fast, naive);
        assert!(engine.split.by_position);
        assert!(engine.rare_heaps() < 64, "{}", engine.rare_heaps());
    }
}
