//! Misère quotients (Plambeck 2005; Plambeck–Siegel 2008), knowing no game: the bipartite
//! monoid `(Q, P)` of the closure of heaps `1..=n` and the pretending function `Φ`, built heap by
//! heap from each heap's options (multisets of smaller heaps), each step verified by a finite
//! check that proves "a position is a misère P-position iff the product of `Φ` over its heaps lies
//! in `P`" for *every* position of the closure; then closed by a periodicity test on `Φ`.
//! The theorems and their proofs are in docs/misere-quotients.md.
//!
//! Architecture invariant: a [`Quotient`] handed out by this module has passed [`verify`] for the
//! options it was built from; [`Builder::push`] never keeps an unverified step.

use std::collections::HashMap;

use crate::budget::{Budget, Exhausted};

/// An element of a quotient: an index into its multiplication table.
pub type Element = u32;

/// A finite commutative monoid `Q` with a subset `P` (the classes of misère P-positions) and the
/// pretending function `Φ` of heaps `0..=n` (`Φ(0)` is the identity).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    order: usize,
    table: Vec<Element>,
    identity: Element,
    losing: Vec<bool>,
    phi: Vec<Element>,
}

/// Why a claimed quotient is not one: the first law or position it fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// The table, `P` or `Φ` has the wrong size or an entry out of range.
    #[error("the multiplication table, P or Φ has the wrong size or an entry out of range")]
    Shape,
    /// `identity · a ≠ a`.
    #[error("element {0} is not fixed by the identity")]
    Identity(Element),
    /// `a · b ≠ b · a`.
    #[error("{0} · {1} ≠ {1} · {0}")]
    NotCommutative(Element, Element),
    /// `(a · b) · g ≠ a · (b · g)` for a generator `g`.
    #[error("({0} · {1}) · {2} ≠ {0} · ({1} · {2})")]
    NotAssociative(Element, Element, Element),
    /// An element is no product of `Φ` values.
    #[error("element {0} is the image of no position")]
    NotGenerated(Element),
    /// Two elements no multiplier tells apart: the monoid is not reduced.
    #[error("elements {0} and {1} are indistinguishable: the monoid is not reduced")]
    NotReduced(Element, Element),
    /// A position whose outcome the quotient gets wrong (heaps, smallest first).
    #[error("the position {position:?} contradicts the quotient")]
    Position {
        /// The heaps of the position.
        position: Vec<usize>,
    },
}

/// Why [`Builder::push`] stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// The budget ran out (memory estimated before allocating, deadline, interrupt).
    #[error("the budget ran out")]
    Exhausted(Exhausted),
    /// The candidate for the new heap failed verification; the builder keeps the previous heap.
    #[error("the candidate quotient for heap {heap} failed verification: {rejection}")]
    Unverified {
        /// The heap that could not be added.
        heap: usize,
        /// What failed.
        rejection: Rejection,
    },
    /// The new heap's powers did not repeat within the bound
    /// ([`crate::limits::QUOTIENT_MAX_EXPONENT`]).
    #[error("the powers of heap {heap} did not repeat within {bound} exponents")]
    Exponent {
        /// The heap.
        heap: usize,
        /// The bound.
        bound: usize,
    },
    /// A structure of the construction or of the verification would exceed its bound
    /// ([`crate::limits::QUOTIENT_MAX_ELEMENTS`], [`crate::limits::QUOTIENT_MAX_STATES`],
    /// [`crate::limits::QUOTIENT_MAX_WORK`]).
    #[error("the {what} for heap {heap} would exceed {bound}")]
    TooLarge {
        /// The heap being added.
        heap: usize,
        /// What grew: `candidate monoid`, `state monoid` or `abstract states`.
        what: &'static str,
        /// The bound.
        bound: usize,
    },
    /// A heap's option names a heap that is not smaller.
    #[error("an option of heap {heap} is not made of smaller heaps")]
    BadOption {
        /// The heap.
        heap: usize,
    },
}

impl From<Exhausted> for QuotientError {
    fn from(reason: Exhausted) -> Self {
        Self::Exhausted(reason)
    }
}

/// A fixed-width set of elements.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Self {
        Self(vec![0; len.div_ceil(64)])
    }
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

impl Quotient {
    /// The quotient of heap 0 alone: the trivial monoid, with `P` empty (the empty position is
    /// a misère N-position: the player to move has no move and so wins).
    ///
    /// # Example
    /// ```
    /// use grundy::theory::quotient::Quotient;
    /// let trivial = Quotient::trivial();
    /// assert_eq!((trivial.order(), trivial.losing_count(), trivial.heaps()), (1, 0, 0));
    /// ```
    pub fn trivial() -> Self {
        Self {
            order: 1,
            table: vec![0],
            identity: 0,
            losing: vec![false],
            phi: vec![0],
        }
    }

    /// A claimed quotient from its parts: the multiplication table (row-major, `order²` entries),
    /// the identity, `P` as a flag per element and `Φ(0..=n)`. Nothing is checked here: pass it
    /// to [`verify`] (or [`Builder::resume`]) before trusting it.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::quotient::Quotient;
    /// // Misère Nim on heaps of 1: Q = {1, a}, a² = 1, P = {a}.
    /// let q = Quotient::from_parts(vec![0, 1, 1, 0], 0, vec![false, true], vec![0, 1]);
    /// assert_eq!(q.order(), 2);
    /// ```
    pub fn from_parts(
        table: Vec<Element>,
        identity: Element,
        losing: Vec<bool>,
        phi: Vec<Element>,
    ) -> Self {
        Self {
            order: losing.len(),
            table,
            identity,
            losing,
            phi,
        }
    }

    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.order
    }

    /// `|P|`.
    pub fn losing_count(&self) -> usize {
        self.losing.iter().filter(|&&p| p).count()
    }

    /// The largest heap `n` the quotient covers.
    pub fn heaps(&self) -> usize {
        self.phi.len().saturating_sub(1)
    }

    /// The identity (the class of the empty position).
    pub fn identity(&self) -> Element {
        self.identity
    }

    /// The multiplication table, row-major.
    pub fn table(&self) -> &[Element] {
        &self.table
    }

    /// `P`, a flag per element.
    pub fn losing(&self) -> &[bool] {
        &self.losing
    }

    /// Whether `x ∈ P`.
    pub fn is_losing(&self, x: Element) -> bool {
        self.losing[x as usize]
    }

    /// `Φ(0..=n)`.
    pub fn phi(&self) -> &[Element] {
        &self.phi
    }

    /// `a · b`.
    pub fn multiply(&self, a: Element, b: Element) -> Element {
        self.table[a as usize * self.order + b as usize]
    }

    /// The product of `Φ` over `heaps` (each at most [`heaps`](Self::heaps)).
    ///
    /// # Complexity
    /// `O(k)` for `k` heaps.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::quotient::Quotient;
    /// let nim1 = Quotient::from_parts(vec![0, 1, 1, 0], 0, vec![false, true], vec![0, 1]);
    /// assert_eq!(nim1.image(&[1, 1, 1]), 1); // a³ = a
    /// ```
    pub fn image(&self, heaps: &[usize]) -> Element {
        heaps
            .iter()
            .fold(self.identity, |x, &h| self.multiply(x, self.phi[h]))
    }

    /// `x^k` by repeated squaring.
    ///
    /// # Complexity
    /// `O(log k)`.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::quotient::Quotient;
    /// let nim1 = Quotient::from_parts(vec![0, 1, 1, 0], 0, vec![false, true], vec![0, 1]);
    /// assert_eq!(nim1.power(1, 1_000_000), 0); // a^even = 1
    /// ```
    pub fn power(&self, x: Element, mut k: u128) -> Element {
        let (mut result, mut base) = (self.identity, x);
        while k > 0 {
            if k & 1 == 1 {
                result = self.multiply(result, base);
            }
            base = self.multiply(base, base);
            k >>= 1;
        }
        result
    }

    fn shape_ok(&self) -> bool {
        let q = self.order;
        q > 0
            && self.table.len() == q * q
            && self.table.iter().all(|&x| (x as usize) < q)
            && (self.identity as usize) < q
            && !self.phi.is_empty()
            && self.phi.iter().all(|&x| (x as usize) < q)
    }

    /// The distinct generators `Φ(h) ≠ 1` in heap order, each with its first heap.
    fn generators(&self) -> Vec<(Element, usize)> {
        let mut seen = vec![false; self.order];
        let mut out = Vec::new();
        for (h, &x) in self.phi.iter().enumerate() {
            if x != self.identity && !seen[x as usize] {
                seen[x as usize] = true;
                out.push((x, h));
            }
        }
        out
    }
}

/// The P-reach of each heap's options: bit `v` is set when `v · Φ(o) ∈ P` for some option `o`.
struct HeapKind {
    image: Element,
    has_options: bool,
    reach: Bits,
    heap: usize,
}

fn heap_kinds(quotient: &Quotient, options: &[Vec<Vec<usize>>]) -> Vec<HeapKind> {
    let q = quotient.order;
    let mut kinds: Vec<HeapKind> = Vec::new();
    let mut index: std::collections::HashSet<(Element, bool, Bits)> =
        std::collections::HashSet::new();
    for (i, heap_options) in options.iter().enumerate() {
        let heap = i + 1;
        let mut images: Vec<Element> = heap_options.iter().map(|o| quotient.image(o)).collect();
        images.sort_unstable();
        images.dedup();
        let mut reach = Bits::new(q);
        for v in 0..q {
            if images
                .iter()
                .any(|&s| quotient.is_losing(quotient.multiply(v as Element, s)))
            {
                reach.set(v);
            }
        }
        let key = (quotient.phi[heap], !images.is_empty(), reach);
        if index.insert(key.clone()) {
            kinds.push(HeapKind {
                image: key.0,
                has_options: key.1,
                reach: key.2,
                heap,
            });
        }
    }
    kinds
}

/// Checks that `quotient` is the misère quotient of the closure of heaps `1..=n`, where
/// `options[h - 1]` lists the options of heap `h` as multisets of smaller heaps: the monoid laws
/// (identity, commutativity, associativity checked against every generator, which suffices for a
/// monoid they generate), that `Φ` reaches every element, that `(Q, P)` is reduced, and — the
/// point — condition (C) of docs/misere-quotients.md on every reachable abstract state
/// `(Φ(G), R(G), G has a move)`, which proves for **every** position `G` of the closure that `G`
/// is a misère P-position iff `Φ(G) ∈ P` (Theorems 1 and 2 there). Returns how many abstract
/// states were checked.
///
/// # Complexity
/// `O(q²·g)` for the laws (`g` distinct generators), `O(q²)` words for reducedness, and
/// `O(s · k · q)` for `s` reachable states and `k` distinct heap kinds; memory `O(s · q / 64)`
/// words, reserved from `budget` as the states grow.
///
/// # Errors
/// [`QuotientError::Unverified`] with the first failing law or a position the quotient gets
/// wrong; [`QuotientError::Exhausted`] when the budget runs out.
///
/// # Example
/// ```
/// use grundy::budget::Budget;
/// use grundy::theory::quotient::{Quotient, verify};
/// let budget = Budget::new(&grundy::NoObserver, 1 << 30, None);
/// let options = vec![vec![vec![]]]; // heap 1: take it, leaving nothing
/// let nim1 = Quotient::from_parts(vec![0, 1, 1, 0], 0, vec![false, true], vec![0, 1]);
/// assert!(verify(&nim1, &options, &budget).is_ok());
/// let wrong = Quotient::from_parts(vec![0, 1, 1, 0], 0, vec![true, false], vec![0, 1]);
/// assert!(verify(&wrong, &options, &budget).is_err());
/// ```
pub fn verify(
    quotient: &Quotient,
    options: &[Vec<Vec<usize>>],
    budget: &Budget<'_>,
) -> Result<u64, QuotientError> {
    let n = options.len();
    let fail = |rejection| QuotientError::Unverified { heap: n, rejection };
    if !quotient.shape_ok()
        || quotient.phi.len() != n + 1
        || quotient.phi[0] != quotient.identity
        || options
            .iter()
            .enumerate()
            .any(|(i, o)| o.iter().flatten().any(|&h| h == 0 || h > i))
    {
        return Err(fail(Rejection::Shape));
    }
    let q = quotient.order;
    let m = |a: usize, b: usize| quotient.table[a * q + b] as usize;
    for a in 0..q {
        if m(quotient.identity as usize, a) != a {
            return Err(fail(Rejection::Identity(a as Element)));
        }
        for b in 0..a {
            if m(a, b) != m(b, a) {
                return Err(fail(Rejection::NotCommutative(a as Element, b as Element)));
            }
        }
    }
    let generators = quotient.generators();
    for a in 0..q {
        budget.check()?;
        for b in 0..q {
            for &(g, _) in &generators {
                let g = g as usize;
                if m(m(a, b), g) != m(a, m(b, g)) {
                    return Err(fail(Rejection::NotAssociative(
                        a as Element,
                        b as Element,
                        g as Element,
                    )));
                }
            }
        }
    }
    // Every element is a product of generators (left-folded from the identity).
    let mut reached = vec![false; q];
    let mut queue = vec![quotient.identity as usize];
    reached[quotient.identity as usize] = true;
    while let Some(x) = queue.pop() {
        for &(g, _) in &generators {
            let y = m(x, g as usize);
            if !reached[y] {
                reached[y] = true;
                queue.push(y);
            }
        }
    }
    if let Some(x) = reached.iter().position(|&r| !r) {
        return Err(fail(Rejection::NotGenerated(x as Element)));
    }
    check_reduced(quotient, n, budget)?;
    check_states(quotient, options, budget)
}

/// `(Q, P)` is reduced: distinct elements have distinct sets `{z : xz ∈ P}`.
fn check_reduced(quotient: &Quotient, n: usize, budget: &Budget<'_>) -> Result<(), QuotientError> {
    let fail = |rejection| QuotientError::Unverified { heap: n, rejection };
    let q = quotient.order;
    let m = |a: usize, b: usize| quotient.table[a * q + b] as usize;
    budget.reserve((q as u64) * (q as u64) / 8 + 64 * q as u64)?;
    let mut signatures: HashMap<Bits, usize> = HashMap::new();
    for x in 0..q {
        let mut signature = Bits::new(q);
        for z in 0..q {
            if quotient.losing[m(x, z)] {
                signature.set(z);
            }
        }
        if let Some(&y) = signatures.get(&signature) {
            return Err(fail(Rejection::NotReduced(y as Element, x as Element)));
        }
        signatures.insert(signature, x);
    }
    Ok(())
}

/// Condition (C) on every reachable abstract state (docs/misere-quotients.md, Theorem 2).
fn check_states(
    quotient: &Quotient,
    options: &[Vec<Vec<usize>>],
    budget: &Budget<'_>,
) -> Result<u64, QuotientError> {
    let n = options.len();
    let fail = |rejection| QuotientError::Unverified { heap: n, rejection };
    let q = quotient.order;
    let m = |a: usize, b: usize| quotient.table[a * q + b] as usize;
    // Condition (C) on every reachable abstract state.
    let kinds = heap_kinds(quotient, options);
    let state_bytes = (q.div_ceil(64) * 8 + 64) as u64 * 2;
    let mut states: HashMap<(Element, bool, Bits), usize> = HashMap::new();
    let mut list: Vec<(Element, bool, Bits)> = Vec::new();
    let mut parent: Vec<Option<(usize, usize)>> = Vec::new();
    let start = (quotient.identity, false, Bits::new(q));
    states.insert(start.clone(), 0);
    list.push(start);
    parent.push(None);
    let mut next = 0;
    while next < list.len() {
        if next % 256 == 0 {
            budget.check()?;
            budget.reserve(list.len() as u64 * state_bytes)?;
        }
        let work = (list.len() as u128) * (kinds.len() as u128) * (q as u128);
        if work > crate::limits::QUOTIENT_MAX_WORK {
            return Err(QuotientError::TooLarge {
                heap: n,
                what: "verification (states × heap kinds × elements)",
                bound: usize::try_from(crate::limits::QUOTIENT_MAX_WORK).unwrap_or(usize::MAX),
            });
        }
        if list.len() > crate::limits::QUOTIENT_MAX_STATES {
            return Err(QuotientError::TooLarge {
                heap: n,
                what: "abstract states",
                bound: crate::limits::QUOTIENT_MAX_STATES,
            });
        }
        let (y, has, reach) = list[next].clone();
        let losing = has && !reach.get(quotient.identity as usize);
        if quotient.is_losing(y) != losing {
            let mut position = Vec::new();
            let mut at = next;
            while let Some((from, heap)) = parent[at] {
                position.push(heap);
                at = from;
            }
            position.sort_unstable();
            return Err(fail(Rejection::Position { position }));
        }
        for kind in &kinds {
            let mut new_reach = Bits::new(q);
            for u in 0..q {
                if reach.get(m(u, kind.image as usize)) || kind.reach.get(m(u, y as usize)) {
                    new_reach.set(u);
                }
            }
            let state = (
                quotient.multiply(y, kind.image),
                has || kind.has_options,
                new_reach,
            );
            if !states.contains_key(&state) {
                states.insert(state.clone(), list.len());
                list.push(state);
                parent.push(Some((next, kind.heap)));
            }
        }
        next += 1;
    }
    Ok(list.len() as u64)
}

/// Builds the quotient heap by heap, keeping the options of every heap added.
#[derive(Clone, Debug)]
pub struct Builder {
    quotient: Quotient,
    options: Vec<Vec<Vec<usize>>>,
    states: u64,
}

impl Default for Builder {
    fn default() -> Self {
        Self::new()
    }
}

/// `μ(G) = Σ h²`: strictly smaller after every move that leaves smaller heaps.
fn weight(heaps: &[usize]) -> u128 {
    heaps.iter().map(|&h| (h as u128) * (h as u128)).sum()
}

impl Builder {
    /// A builder at heap 0 (the trivial quotient).
    ///
    /// # Example
    /// ```
    /// let builder = grundy::theory::quotient::Builder::new();
    /// assert_eq!(builder.quotient().heaps(), 0);
    /// ```
    pub fn new() -> Self {
        Self {
            quotient: Quotient::trivial(),
            options: Vec::new(),
            states: 1,
        }
    }

    /// A builder continuing from `quotient`, claimed for heaps `1..=options.len()` with these
    /// options; the claim is verified first.
    ///
    /// # Complexity
    /// As [`verify`].
    ///
    /// # Errors
    /// As [`verify`].
    ///
    /// # Example
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::theory::quotient::{Builder, Quotient};
    /// let budget = Budget::new(&grundy::NoObserver, 1 << 30, None);
    /// let nim1 = Quotient::from_parts(vec![0, 1, 1, 0], 0, vec![false, true], vec![0, 1]);
    /// let builder = Builder::resume(nim1, vec![vec![vec![]]], &budget)?;
    /// assert_eq!(builder.quotient().heaps(), 1);
    /// # Ok::<(), grundy::theory::quotient::QuotientError>(())
    /// ```
    pub fn resume(
        quotient: Quotient,
        options: Vec<Vec<Vec<usize>>>,
        budget: &Budget<'_>,
    ) -> Result<Self, QuotientError> {
        let states = verify(&quotient, &options, budget)?;
        Ok(Self {
            quotient,
            options,
            states,
        })
    }

    /// The verified quotient so far.
    pub fn quotient(&self) -> &Quotient {
        &self.quotient
    }

    /// The options of heaps `1..=n` so far.
    pub fn options(&self) -> &[Vec<Vec<usize>>] {
        &self.options
    }

    /// How many abstract states the last verification checked.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// Adds heap `n + 1` with its options (multisets of heaps `1..=n`; the empty multiset when
    /// the move takes the whole heap): computes the candidate quotient by pretending each
    /// earlier heap is its element of `Q` (docs/misere-quotients.md §3), reduces it, and keeps it
    /// only if [`verify`] accepts it.
    ///
    /// # Complexity
    /// `O(L · q · r)` for the outcome vectors (`L` the exponents until the new heap's powers
    /// repeat, `r` the options of the representatives), `O((qL)²)` for the reduction, plus
    /// [`verify`].
    ///
    /// # Errors
    /// [`QuotientError::Exhausted`] (the builder is unchanged), [`QuotientError::Unverified`]
    /// when the candidate fails (the game's quotient then splits an earlier class, which this
    /// construction does not follow), [`QuotientError::Exponent`], [`QuotientError::BadOption`].
    ///
    /// # Example
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::theory::quotient::Builder;
    /// let budget = Budget::new(&grundy::NoObserver, 1 << 30, None);
    /// let mut nim = Builder::new();
    /// nim.push(vec![vec![]], &budget)?; // heap 1
    /// nim.push(vec![vec![], vec![1]], &budget)?; // heap 2 of Nim: to 0 or 1
    /// assert_eq!(nim.quotient().order(), 6); // the tame quotient of *2
    /// # Ok::<(), grundy::theory::quotient::QuotientError>(())
    /// ```
    pub fn push(
        &mut self,
        mut heap_options: Vec<Vec<usize>>,
        budget: &Budget<'_>,
    ) -> Result<(), QuotientError> {
        let n = self.options.len() + 1;
        for option in &mut heap_options {
            if option.iter().any(|&h| h == 0 || h >= n) {
                return Err(QuotientError::BadOption { heap: n });
            }
            option.sort_unstable();
        }
        heap_options.sort();
        heap_options.dedup();
        let mut options = self.options.clone();
        options.push(heap_options);
        let mut base = self.quotient.clone();
        let mut last = None;
        for level in 0..=crate::limits::QUOTIENT_REFINEMENTS {
            if level > 0 {
                base = state_monoid(&base, &self.options, budget)?;
            }
            let candidate = candidate(&base, &self.options, &options[n - 1], n, budget)?;
            match verify(&candidate, &options, budget) {
                Ok(states) => {
                    self.quotient = candidate;
                    self.options = options;
                    self.states = states;
                    return Ok(());
                }
                Err(QuotientError::Unverified { rejection, .. }) => last = Some(rejection),
                Err(other) => return Err(other),
            }
        }
        Err(QuotientError::Unverified {
            heap: n,
            rejection: last.expect("at least one candidate"),
        })
    }
}

/// The candidate quotient of heaps `1..=n` from a base monoid of heaps `1..n-1` whose elements
/// decide outcomes: heap `n`'s powers times base elements, outcomes computed by pretending that
/// a position is its base element, reduced by signatures (docs/misere-quotients.md §3).
fn candidate(
    old: &Quotient,
    earlier: &[Vec<Vec<usize>>],
    heap_options: &[Vec<usize>],
    n: usize,
    budget: &Budget<'_>,
) -> Result<Quotient, QuotientError> {
    let q = old.order;
    let representatives = representatives(old, budget)?;
    // Elements in increasing weight of their representatives.
    let mut order: Vec<usize> = (0..q).collect();
    order.sort_by_key(|&w| weight(&representatives[w]));
    // The classes of the options of each representative.
    let mut rep_options: Vec<Vec<Element>> = Vec::with_capacity(q);
    for rep in &representatives {
        let mut classes = Vec::new();
        for (i, &h) in rep.iter().enumerate() {
            if i > 0 && rep[i - 1] == h {
                continue;
            }
            let mut rest = rep.clone();
            rest.remove(i);
            let rest_image = old.image(&rest);
            for option in &earlier[h - 1] {
                classes.push(old.multiply(rest_image, old.image(option)));
            }
        }
        classes.sort_unstable();
        classes.dedup();
        rep_options.push(classes);
    }
    let rep_has: Vec<bool> = representatives
        .iter()
        .map(|rep| rep.iter().any(|&h| !earlier[h - 1].is_empty()))
        .collect();
    let mut new_images: Vec<Element> = heap_options.iter().map(|o| old.image(o)).collect();
    new_images.sort_unstable();
    new_images.dedup();
    // f_k(w): whether (heap n)^k + rep(w) is a P-position, pretending on classes.
    let mut vectors: Vec<Vec<bool>> = vec![old.losing.clone()];
    let mut seen: HashMap<Vec<bool>, usize> = HashMap::new();
    seen.insert(old.losing.clone(), 0);
    let bound = crate::limits::QUOTIENT_MAX_EXPONENT;
    let (start, period) = loop {
        budget.check()?;
        let previous = vectors.last().expect("f_0 is there");
        let mut current = vec![false; q];
        for &w in &order {
            let has = !heap_options.is_empty() || rep_has[w];
            current[w] = has
                && new_images
                    .iter()
                    .all(|&s| !previous[old.multiply(w as Element, s) as usize])
                && rep_options[w].iter().all(|&c| !current[c as usize]);
        }
        if let Some(&j) = seen.get(&current) {
            break (j, vectors.len() - j);
        }
        if vectors.len() > bound {
            return Err(QuotientError::Exponent { heap: n, bound });
        }
        budget.reserve((vectors.len() as u64 + 1) * q as u64 * 2)?;
        seen.insert(current.clone(), vectors.len());
        vectors.push(current);
    };
    reduce(old, &vectors, start, period, budget)
}

/// The reduced quotient of `M = Q × {0, …, L-1}` (`(w, k)` for `w` times the new heap's `k`-th
/// power, exponents cyclic from `start` with `period`), `P` given by the outcome vectors.
fn reduce(
    old: &Quotient,
    vectors: &[Vec<bool>],
    start: usize,
    period: usize,
    budget: &Budget<'_>,
) -> Result<Quotient, QuotientError> {
    let q = old.order;
    let exponents = start + period;
    let add = |k: usize, j: usize| {
        let s = k + j;
        if s < exponents {
            s
        } else {
            start + (s - start) % period
        }
    };
    // M = Q × {0, …, L-1}; (w, k) at index k·q + w.
    let size = q * exponents;
    if size > crate::limits::QUOTIENT_MAX_ELEMENTS {
        return Err(QuotientError::TooLarge {
            heap: old.phi.len(),
            what: "candidate monoid",
            bound: crate::limits::QUOTIENT_MAX_ELEMENTS,
        });
    }
    let size64 = size as u64;
    budget.reserve(size64 * size64 / 8 + size64 * 64 + 1024)?;
    let product = |a: usize, b: usize| -> usize {
        let (wa, ka, wb, kb) = (a % q, a / q, b % q, b / q);
        add(ka, kb) * q + old.multiply(wa as Element, wb as Element) as usize
    };
    let losing_m = |a: usize| vectors[a / q][a % q];
    let mut class_of = vec![0usize; size];
    let mut class_index: HashMap<Bits, usize> = HashMap::new();
    let mut class_reps: Vec<usize> = Vec::new();
    for (a, class) in class_of.iter_mut().enumerate() {
        if a % 64 == 0 {
            budget.check()?;
        }
        let mut signature = Bits::new(size);
        for b in 0..size {
            if losing_m(product(a, b)) {
                signature.set(b);
            }
        }
        let next = class_reps.len();
        let c = *class_index.entry(signature).or_insert(next);
        if c == next {
            class_reps.push(a);
        }
        *class = c;
    }
    drop(class_index);
    let order_new = class_reps.len();
    budget.reserve((order_new as u64).pow(2) * 4)?;
    let mut table = vec![0 as Element; order_new * order_new];
    for (i, &a) in class_reps.iter().enumerate() {
        for (j, &b) in class_reps.iter().enumerate() {
            table[i * order_new + j] = class_of[product(a, b)] as Element;
        }
    }
    let losing: Vec<bool> = class_reps.iter().map(|&a| losing_m(a)).collect();
    let mut phi: Vec<Element> = old
        .phi
        .iter()
        .map(|&x| class_of[x as usize] as Element)
        .collect();
    phi.push(class_of[add(0, 1) * q + old.identity as usize] as Element);
    let candidate = Quotient {
        order: order_new,
        table,
        identity: class_of[old.identity as usize] as Element,
        losing,
        phi,
    };
    Ok(candidate)
}

/// The state monoid of a base `T`: elements `(t, O)` for positions `G`, with `t` the element of
/// `G` and `O` the set of elements of its options; `(t, O)(t', O') = (tt', t'O ∪ tO')`. It maps
/// onto `T` and decides at least as much, so candidates built on it can follow classes of `T`
/// that a new heap splits.
fn state_monoid(
    base: &Quotient,
    options: &[Vec<Vec<usize>>],
    budget: &Budget<'_>,
) -> Result<Quotient, QuotientError> {
    type State = (Element, Vec<Element>);
    let product = |a: &State, b: &State| -> State {
        let mut set: Vec<Element> =
            a.1.iter()
                .map(|&o| base.multiply(o, b.0))
                .chain(b.1.iter().map(|&o| base.multiply(a.0, o)))
                .collect();
        set.sort_unstable();
        set.dedup();
        (base.multiply(a.0, b.0), set)
    };
    let mut heap_states: Vec<State> = vec![(base.identity, Vec::new())];
    for heap_options in options {
        let mut set: Vec<Element> = heap_options.iter().map(|o| base.image(o)).collect();
        set.sort_unstable();
        set.dedup();
        heap_states.push((base.phi[heap_states.len()], set));
    }
    let mut distinct = heap_states.clone();
    distinct.sort();
    distinct.dedup();
    let mut index: HashMap<State, usize> = HashMap::new();
    let mut elements: Vec<State> = vec![(base.identity, Vec::new())];
    index.insert(elements[0].clone(), 0);
    let mut next = 0;
    while next < elements.len() {
        if next % 64 == 0 {
            budget.check()?;
            let bytes = elements.len() as u64 * (base.order as u64 * 4 + 64);
            budget.reserve(bytes + (elements.len() as u64).pow(2) * 4)?;
        }
        if elements.len() > crate::limits::QUOTIENT_MAX_ELEMENTS {
            return Err(QuotientError::TooLarge {
                heap: options.len() + 1,
                what: "state monoid",
                bound: crate::limits::QUOTIENT_MAX_ELEMENTS,
            });
        }
        for generator in &distinct {
            let state = product(&elements[next], generator);
            if !index.contains_key(&state) {
                index.insert(state.clone(), elements.len());
                elements.push(state);
            }
        }
        next += 1;
    }
    let order = elements.len();
    budget.reserve((order as u64).pow(2) * 4)?;
    let mut table = vec![0 as Element; order * order];
    for i in 0..order {
        budget.check()?;
        for j in 0..=i {
            let k = index[&product(&elements[i], &elements[j])] as Element;
            table[i * order + j] = k;
            table[j * order + i] = k;
        }
    }
    let losing = elements.iter().map(|(t, _)| base.is_losing(*t)).collect();
    let phi = heap_states
        .iter()
        .map(|state| index[state] as Element)
        .collect();
    Ok(Quotient {
        order,
        table,
        identity: 0,
        losing,
        phi,
    })
}

/// For each element, a position of least weight `Σ h²` mapping to it (Dijkstra over the
/// generators `Φ(h)`).
fn representatives(
    quotient: &Quotient,
    budget: &Budget<'_>,
) -> Result<Vec<Vec<usize>>, QuotientError> {
    let q = quotient.order;
    budget.reserve(q as u64 * 64)?;
    let mut best: Vec<Option<(u128, Vec<usize>)>> = vec![None; q];
    best[quotient.identity as usize] = Some((0, Vec::new()));
    let mut done = vec![false; q];
    let heaps: Vec<usize> = (1..quotient.phi.len()).collect();
    loop {
        budget.check()?;
        let next = (0..q)
            .filter(|&x| !done[x])
            .filter_map(|x| best[x].as_ref().map(|(w, _)| (*w, x)))
            .min();
        let Some((w, x)) = next else { break };
        done[x] = true;
        let rep = best[x].as_ref().expect("reached").1.clone();
        for &h in &heaps {
            let y = quotient.multiply(x as Element, quotient.phi[h]) as usize;
            let cost = w + (h as u128) * (h as u128);
            if best[y].as_ref().is_none_or(|(c, _)| cost < *c) && !done[y] {
                let mut next_rep = rep.clone();
                next_rep.push(h);
                next_rep.sort_unstable();
                best[y] = Some((cost, next_rep));
            }
        }
    }
    Ok(best
        .into_iter()
        .map(|b| b.map(|(_, rep)| rep).unwrap_or_default())
        .collect())
}

/// A periodicity of `Φ` that closes the quotient: `Φ(h + period) = Φ(h)` for every
/// `h ≥ preperiod` (docs/misere-quotients.md, Theorem 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closure {
    /// `n0`, the first heap of the periodic part (at least 1).
    pub preperiod: usize,
    /// `p`.
    pub period: usize,
    /// The heaps the theorem needed: `K·(n0 + p − 1) + t`.
    pub needed: usize,
}

/// Finds the least period `p`, then the least `n0 ≥ 1`, with `Φ(h + p) = Φ(h)` for
/// `n0 ≤ h ≤ n − p` and `n ≥ K·(n0 + p − 1) + t`, where `n` is the last heap of the verified
/// `quotient`, `t` the most tokens one move removes and `K` the most heaps one move leaves. By
/// Theorem 3 of docs/misere-quotients.md (for games where a move on heap `h` removes `j ≤ t`
/// tokens and leaves at most `K` heaps summing to `h − j`, with no constraint on the parts), the
/// quotient is then the misère quotient of the whole game and `Φ` is periodic from `n0`.
///
/// # Complexity
/// `O(n²)`.
///
/// # Example
/// ```
/// use grundy::theory::quotient::{closure, Quotient};
/// // A claimed Φ = 1, a, 1, a, 1 on heaps 0..=4 of a game whose moves remove one token and
/// // leave one heap (t = 1, K = 1): period 2 from heap 1, and 4 ≥ 1·(1 + 2 − 1) + 1 heaps.
/// let q = Quotient::from_parts(vec![0, 1, 1, 0], 0, vec![false, true], vec![0, 1, 0, 1, 0]);
/// let c = closure(&q, 1, 1).ok_or("no period")?;
/// assert_eq!((c.preperiod, c.period), (1, 2));
/// # Ok::<(), &str>(())
/// ```
pub fn closure(quotient: &Quotient, t: usize, parts: usize) -> Option<Closure> {
    let n = quotient.heaps();
    let phi = &quotient.phi;
    for period in 1..=n {
        // The least n0 from which Φ repeats with this period, up to n.
        let mut preperiod = n.saturating_sub(period) + 1;
        while preperiod > 1 && phi[preperiod - 1 + period] == phi[preperiod - 1] {
            preperiod -= 1;
        }
        let preperiod = preperiod.max(1);
        let needed = parts.max(1) * (preperiod + period - 1) + t;
        if n >= needed && preperiod + period <= n {
            return Some(Closure {
                preperiod,
                period,
                needed,
            });
        }
    }
    None
}

/// A presentation of `Q`: generators (the distinct `Φ(h)`, in heap order, that are not products of
/// earlier ones) and relations `word = word` over exponent vectors, forming a complete rewriting
/// system under the graded-lexicographic order; plus each element's normal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// Each generator's element and the first heap it is `Φ` of.
    pub generators: Vec<(Element, usize)>,
    /// Relations `left = right`: `left` a minimal word that is not a normal form, `right` its
    /// normal form.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// The normal form (exponents of the generators) of each element.
    pub normal_forms: Vec<Vec<u32>>,
}

/// The presentation of `quotient` (see [`Presentation`]).
///
/// # Complexity
/// `O(q · g · log)` for `q` elements and `g` generators.
///
/// # Example
/// ```
/// use grundy::theory::quotient::{presentation, Quotient};
/// let nim1 = Quotient::from_parts(vec![0, 1, 1, 0], 0, vec![false, true], vec![0, 1]);
/// let p = presentation(&nim1);
/// assert_eq!(p.relations, [(vec![2], vec![0])]); // a² = 1
/// ```
pub fn presentation(quotient: &Quotient) -> Presentation {
    let q = quotient.order;
    let mut generators: Vec<(Element, usize)> = Vec::new();
    let mut generated = vec![false; q];
    generated[quotient.identity as usize] = true;
    for (x, heap) in quotient.generators() {
        if generated[x as usize] {
            continue;
        }
        generators.push((x, heap));
        // Close the submonoid under the generators so far.
        let mut queue: Vec<usize> = (0..q).filter(|&y| generated[y]).collect();
        while let Some(y) = queue.pop() {
            for &(g, _) in &generators {
                let z = quotient.multiply(y as Element, g) as usize;
                if !generated[z] {
                    generated[z] = true;
                    queue.push(z);
                }
            }
        }
    }
    let g = generators.len();
    let mut normal: Vec<Option<Vec<u32>>> = vec![None; q];
    normal[quotient.identity as usize] = Some(vec![0; g]);
    let mut level: Vec<(Vec<u32>, Element)> = vec![(vec![0; g], quotient.identity)];
    let mut is_normal: HashMap<Vec<u32>, Element> = HashMap::new();
    is_normal.insert(vec![0; g], quotient.identity);
    while !level.is_empty() {
        let mut candidates: HashMap<Element, Vec<u32>> = HashMap::new();
        for (word, x) in &level {
            for (i, &(generator, _)) in generators.iter().enumerate() {
                let y = quotient.multiply(*x, generator);
                if normal[y as usize].is_some() {
                    continue;
                }
                let mut next = word.clone();
                next[i] += 1;
                candidates
                    .entry(y)
                    .and_modify(|w| {
                        if next < *w {
                            w.clone_from(&next);
                        }
                    })
                    .or_insert(next);
            }
        }
        let mut new_level: Vec<(Vec<u32>, Element)> =
            candidates.into_iter().map(|(y, w)| (w, y)).collect();
        new_level.sort();
        for (word, y) in &new_level {
            normal[*y as usize] = Some(word.clone());
            is_normal.insert(word.clone(), *y);
        }
        level = new_level;
    }
    let normal_forms: Vec<Vec<u32>> = normal.into_iter().map(Option::unwrap_or_default).collect();
    let mut relations: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    let mut words: Vec<(&Vec<u32>, &Element)> = is_normal.iter().collect();
    words.sort();
    for (word, &x) in words {
        for (i, &(generator, _)) in generators.iter().enumerate() {
            let mut u = word.clone();
            u[i] += 1;
            if is_normal.contains_key(&u) {
                continue;
            }
            let minimal = (0..g).all(|j| {
                u[j] == 0 || {
                    let mut v = u.clone();
                    v[j] -= 1;
                    is_normal.contains_key(&v)
                }
            });
            if minimal {
                let y = quotient.multiply(x, generator);
                let right = normal_forms[y as usize].clone();
                if !relations.iter().any(|(l, _)| *l == u) {
                    relations.push((u, right));
                }
            }
        }
    }
    relations.sort_by(|a, b| {
        let degree = |w: &Vec<u32>| w.iter().sum::<u32>();
        (degree(&a.0), &a.0).cmp(&(degree(&b.0), &b.0))
    });
    Presentation {
        generators,
        relations,
        normal_forms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoObserver;

    /// The options of heap `n` of an octal code given by its digits after the point (no
    /// modifiers), as sorted multisets of heaps.
    fn octal_options(digits: &[u8], n: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &d) in digits.iter().enumerate() {
            let j = i + 1;
            if j > n {
                break;
            }
            let m = n - j;
            if d & 1 != 0 && m == 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && m > 0 {
                out.push(vec![m]);
            }
            if d & 4 != 0 && m >= 2 {
                for a in 1..=m / 2 {
                    out.push(vec![a, m - a]);
                }
            }
        }
        out
    }

    fn brute(digits: &[u8], position: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
        // Whether `position` is a misère P-position.
        let mut key: Vec<usize> = position.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&p) = memo.get(&key) {
            return p;
        }
        let mut has = false;
        let mut losing = true;
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            for option in octal_options(digits, key[i]) {
                has = true;
                let mut next = key.clone();
                next.remove(i);
                next.extend(option);
                if brute(digits, &next, memo) {
                    losing = false;
                    break;
                }
            }
            if !losing {
                break;
            }
        }
        let p = has && losing;
        memo.insert(key, p);
        p
    }

    fn build(digits: &[u8], n: usize) -> Builder {
        let budget = Budget::new(&NoObserver, 1 << 30, None);
        let mut builder = Builder::new();
        for h in 1..=n {
            builder
                .push(octal_options(digits, h), &budget)
                .expect("verified");
        }
        builder
    }

    /// Every multiset of heaps with at most `tokens` tokens (heaps at most `largest`).
    fn positions(tokens: usize, largest: usize) -> Vec<Vec<usize>> {
        fn go(left: usize, max: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            out.push(current.clone());
            for h in (1..=max.min(left)).rev() {
                current.push(h);
                go(left - h, h, current, out);
                current.pop();
            }
        }
        let mut out = Vec::new();
        go(tokens, largest, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn orders_of_small_closures() {
        let nim = |n: usize| {
            let budget = Budget::new(&NoObserver, 1 << 30, None);
            let mut builder = Builder::new();
            for h in 1..=n {
                let options = (0..h)
                    .map(|m| if m == 0 { vec![] } else { vec![m] })
                    .collect();
                builder.push(options, &budget).expect("verified");
            }
            builder.quotient().order()
        };
        // Misère Nim: heaps <= 1 give order 2, heaps <= 2 the tame quotient of order 6.
        assert_eq!(nim(1), 2);
        assert_eq!(nim(2), 6);
    }

    #[test]
    fn kayles_against_brute_force() {
        let kayles = [7, 7];
        let builder = build(&kayles, 20);
        let quotient = builder.quotient();
        let mut memo = HashMap::new();
        for position in positions(22, 20) {
            let claimed = quotient.is_losing(quotient.image(&position));
            assert_eq!(
                claimed,
                brute(&kayles, &position, &mut memo),
                "{position:?}"
            );
        }
        eprintln!("kayles order at 20: {}", quotient.order());
    }

    #[test]
    fn tame_and_wild_codes_against_brute_force() {
        // 0.31 and 0.75 close quickly; 0.6 and 0.07 grow, checked as far as built.
        for (digits, heaps, tokens) in [
            (vec![3u8, 1], 12, 24),
            (vec![7, 5], 14, 24),
            (vec![6], 10, 20),
            (vec![0, 7], 12, 22),
        ] {
            let builder = build(&digits, heaps);
            let quotient = builder.quotient();
            let mut memo = HashMap::new();
            for position in positions(tokens, heaps) {
                let claimed = quotient.is_losing(quotient.image(&position));
                assert_eq!(
                    claimed,
                    brute(&digits, &position, &mut memo),
                    "{digits:?} {position:?}"
                );
            }
        }
    }

    fn kayles(n: usize) -> (Quotient, Vec<Vec<Vec<usize>>>) {
        let builder = build(&[7, 7], n);
        (builder.quotient().clone(), builder.options().to_vec())
    }

    #[test]
    fn corrupted_quotients_are_rejected() {
        let budget = Budget::new(&NoObserver, 1 << 30, None);
        let (good, options) = kayles(12);
        assert!(verify(&good, &options, &budget).is_ok());
        let q = good.order();
        // Flip each element's membership of P.
        for x in 0..q {
            let mut bad = good.clone();
            bad.losing[x] = !bad.losing[x];
            assert!(verify(&bad, &options, &budget).is_err(), "flipped P at {x}");
        }
        // Change one product (kept commutative).
        for (a, b) in [(1, 2), (0, 3), (q - 1, q - 2), (2, 2)] {
            let mut bad = good.clone();
            let old = bad.table[a * q + b];
            let new = (old + 1) % q as Element;
            bad.table[a * q + b] = new;
            bad.table[b * q + a] = new;
            assert!(verify(&bad, &options, &budget).is_err(), "changed {a}·{b}");
        }
        // Change Φ of one heap.
        for h in 1..=12 {
            for delta in 1..q {
                let mut bad = good.clone();
                bad.phi[h] = (bad.phi[h] + delta as Element) % q as Element;
                assert!(
                    verify(&bad, &options, &budget).is_err(),
                    "Φ({h}) moved by {delta}"
                );
            }
        }
        // A claim for more heaps than the options describe.
        assert!(verify(&good, &options[..11], &budget).is_err());
    }

    #[test]
    fn a_corrupted_closure_is_not_found() {
        let (good, _) = kayles(30);
        assert_eq!(
            closure(&good, 2, 2),
            None,
            "Kayles is not periodic by heap 30"
        );
    }

    #[test]
    fn presentation_is_complete() {
        // Every element's normal form multiplies out to it, and each relation holds.
        let (q, _) = kayles(30);
        let p = presentation(&q);
        let evaluate = |word: &[u32]| {
            word.iter()
                .zip(&p.generators)
                .fold(q.identity(), |x, (&e, &(g, _))| {
                    q.multiply(x, q.power(g, u128::from(e)))
                })
        };
        for (x, form) in p.normal_forms.iter().enumerate() {
            assert_eq!(evaluate(form) as usize, x);
        }
        for (left, right) in &p.relations {
            assert_eq!(evaluate(left), evaluate(right));
        }
    }
}
