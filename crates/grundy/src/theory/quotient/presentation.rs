//! A quotient's closing periodicity (`Φ(h + period) = Φ(h)` from a preperiod on) and its
//! presentation by generators and relations.

use std::collections::HashMap;

use super::{Element, Quotient};

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
