//! The heap-by-heap construction of a misère quotient: each heap's candidate extensions of the
//! monoid and of `Φ`, reduced to the least bipartite quotient and kept only once verified.

use std::collections::HashMap;

use super::{Bits, Element, Quotient, QuotientError, verify};
use crate::budget::Budget;

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
