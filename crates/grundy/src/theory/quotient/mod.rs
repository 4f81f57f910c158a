//! Misère quotients (Plambeck 2005; Plambeck–Siegel 2008), knowing no game: the bipartite
//! monoid `(Q, P)` of the closure of heaps `1..=n` and the pretending function `Φ`, built heap by
//! heap from each heap's options (multisets of smaller heaps), each step verified by a finite
//! check that proves "a position is a misère P-position iff the product of `Φ` over its heaps lies
//! in `P`" for *every* position of the closure; then closed by a periodicity test on `Φ`.
//! The theorems and their proofs are in docs/misere-quotients.md.
//!
//! Architecture invariant: a [`Quotient`] handed out by this module has passed [`verify`] for the
//! options it was built from; [`Builder::push`] never keeps an unverified step.
//!
//! This module holds the quotient, its errors and the checker [`verify`]; `builder` the heap-by-heap
//! construction ([`Builder`]); `presentation` the closing periodicity of `Φ` ([`closure`]) and the
//! quotient's presentation by generators and relations ([`presentation()`]).

mod builder;
mod presentation;

pub use builder::Builder;
pub use presentation::{Closure, Presentation, closure, presentation};

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
