//! Values of explored graphs: Grundy values children first where play ends, misère Grundy
//! values, and Smith's generalised values where it may not.

use super::{Graph, SparseGraph, Value};
use crate::theory::mex::mex;
use std::hash::Hash;

/// Grundy values of every state of an impartial graph under normal play: the ordinary values
/// (children first, `O(V + E)`) when the graph has no cycle, otherwise Smith's generalised values.
///
/// # Complexity
/// `O(V + E)` without cycles; see [`smith_values`] with them.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::solver::{Loopy, Rules, SparseGraph, Value, loopy_values};
/// struct Take12;
/// impl Rules for Take12 {
///     type State = u32;
///     fn moves(&self, n: &u32) -> Result<Vec<(String, u32)>, String> {
///         Ok([1, 2].iter().filter(|&&s| s <= *n).map(|s| (format!("take {s}"), n - s)).collect())
///     }
///     fn terminal(&self, _: &u32) -> Result<Value, String> { Ok(Value::Lose) }
/// }
/// let limits = grundy::solver::Limits { states: 100, bytes: 1 << 20 };
/// let graph = SparseGraph::explore(&Take12, 7, limits, &grundy::NoObserver)?;
/// assert_eq!(loopy_values(&graph)[0], Loopy::Nimber(1)); // 7 mod 3
/// # Ok(()) }
/// ```
pub fn loopy_values<S>(graph: &SparseGraph<S>) -> Vec<Loopy> {
    if let Some(values) = normal_values(graph) {
        return values.into_iter().map(Loopy::Nimber).collect();
    }
    let n = graph.state_count();
    let children: Vec<Vec<u32>> = (0..n).map(|i| graph.children_of(i).to_vec()).collect();
    smith_values(&children)
}

/// Misère Grundy values `G⁻` of every state of an impartial graph without cycles: a state with
/// no option is worth 1 (the player to move, unable to, wins), every other the mex of its
/// options'. `G⁻ = 0` exactly where the player to move loses the game played alone under misère
/// play. `None` when the graph has a cycle: play can then last forever, and the recursion has
/// no base.
///
/// # Complexity
/// `O(V + E)`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::solver::{Rules, SparseGraph, Value, misere_values};
/// struct Take12;
/// impl Rules for Take12 {
///     type State = u32;
///     fn moves(&self, n: &u32) -> Result<Vec<(String, u32)>, String> {
///         Ok([1, 2].iter().filter(|&&s| s <= *n).map(|s| (format!("take {s}"), n - s)).collect())
///     }
///     fn terminal(&self, _: &u32) -> Result<Value, String> { Ok(Value::Win) }
/// }
/// let limits = grundy::solver::Limits { states: 100, bytes: 1 << 20 };
/// let graph = SparseGraph::explore(&Take12, 7, limits, &grundy::NoObserver)?;
/// // Taking always ends, so every state has a value.
/// let values = misere_values(&graph).ok_or("a cycle")?;
/// let of = |heap: u32| graph.index_of(&heap).map(|i| values[i]);
/// // G⁻ repeats 1, 0, 2 from heap 0: no move at 0 is a win, and heap 7 is lost.
/// assert_eq!((0..8).map(of).collect::<Option<Vec<_>>>(), Some(vec![1, 0, 2, 1, 0, 2, 1, 0]));
/// # Ok(()) }
/// ```
pub fn misere_values<S>(graph: &SparseGraph<S>) -> Option<Vec<u32>> {
    acyclic_values(graph, 1)
}

/// Grundy values of every state of an impartial graph without cycles (a state with no option is
/// worth 0); `None` when the graph has a cycle ([`loopy_values`] values those).
///
/// # Complexity
/// `O(V + E)`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::solver::{Rules, SparseGraph, Value, normal_values};
/// struct Take12;
/// impl Rules for Take12 {
///     type State = u32;
///     fn moves(&self, n: &u32) -> Result<Vec<(String, u32)>, String> {
///         Ok([1, 2].iter().filter(|&&s| s <= *n).map(|s| (format!("take {s}"), n - s)).collect())
///     }
///     fn terminal(&self, _: &u32) -> Result<Value, String> { Ok(Value::Lose) }
/// }
/// let limits = grundy::solver::Limits { states: 100, bytes: 1 << 20 };
/// let graph = SparseGraph::explore(&Take12, 7, limits, &grundy::NoObserver)?;
/// let values = normal_values(&graph).ok_or("a cycle")?;
/// assert_eq!(values[0], 1); // heap 7: 7 mod 3
/// # Ok(()) }
/// ```
pub fn normal_values<S>(graph: &SparseGraph<S>) -> Option<Vec<u32>> {
    acyclic_values(graph, 0)
}

/// The values of a graph without cycles, children first: `end` at a state with no option, the
/// mex of its options' values elsewhere; `None` if a cycle leaves some state unvalued.
fn acyclic_values<S>(graph: &SparseGraph<S>, end: u32) -> Option<Vec<u32>> {
    let n = graph.state_count();
    let mut pending: Vec<u32> = (0..n).map(|i| graph.degree(i)).collect();
    let mut values: Vec<Option<u32>> = vec![None; n];
    let mut ready: Vec<usize> = (0..n).filter(|&i| pending[i] == 0).collect();
    let mut done = 0;
    while let Some(i) = ready.pop() {
        values[i] = Some(if graph.degree(i) == 0 {
            end
        } else {
            let mut seen: Vec<u32> = Vec::new();
            graph.for_each_child(i, &mut |c| seen.push(values[c].expect("children first")));
            mex(seen)
        });
        done += 1;
        graph.for_each_parent(i, &mut |p| {
            pending[p] -= 1;
            if pending[p] == 0 {
                ready.push(p);
            }
        });
    }
    (done == n).then(|| values.into_iter().map(|v| v.expect("all done")).collect())
}

/// A generalised Sprague–Grundy value (C. A. B. Smith 1966): a nimber, or `∞(K)` with `K` the
/// nimbers among the position's options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Loopy {
    /// A nimber `*m`.
    Nimber(u32),
    /// `∞(K)`: play may last forever; `K` lists the nimbers of the options, ascending.
    Infinite(Vec<u32>),
}

impl std::fmt::Display for Loopy {
    /// `*m`, or `∞({k1, k2, …})` with the nimbers of `K`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Nimber(m) => write!(f, "*{m}"),
            Self::Infinite(k) => {
                let k: Vec<String> = k.iter().map(ToString::to_string).collect();
                write!(f, "∞({{{}}})", k.join(", "))
            }
        }
    }
}

impl Loopy {
    /// The outcome alone (docs/theory.md §14): `*0` loses, `*m` wins, `∞(K)` wins iff `0 ∈ K`,
    /// else draws.
    pub fn value(&self) -> Value {
        match self {
            Self::Nimber(0) => Value::Lose,
            Self::Nimber(_) => Value::Win,
            Self::Infinite(k) if k.contains(&0) => Value::Win,
            Self::Infinite(_) => Value::Draw,
        }
    }

    /// The outcome of this plus a nimber `*m` (docs/theory.md §14): nimbers add by xor; `∞(K) + *m`
    /// wins iff `m ∈ K`, else it is a draw.
    pub fn plus_nimber(&self, m: u32) -> Value {
        match self {
            Self::Nimber(n) => {
                if n ^ m == 0 {
                    Value::Lose
                } else {
                    Value::Win
                }
            }
            Self::Infinite(k) if k.contains(&m) => Value::Win,
            Self::Infinite(_) => Value::Draw,
        }
    }
}

/// Smith's generalised Sprague–Grundy values of every state of an impartial graph (normal play),
/// by the Fraenkel–Yesha labelling: for `m = 0, 1, …`, repeatedly label `m` any unlabelled state
/// with no option labelled `m` whose unlabelled-or-infinite options all have an option labelled
/// `m`; then mark infinite every unlabelled state without an option labelled `m`. Each round is
/// one pass of a work queue: a state's count of options that are unlabelled or infinite and
/// still lack an option labelled `m` falls as such options gain one, and the state is labelled
/// when it reaches 0.
///
/// # Complexity
/// `O((M + 1) · (V + E))` for `M` the largest nimber.
///
/// # Example
/// ```
/// use grundy::solver::{Loopy, smith_values};
/// // 0 -> 1 -> 0 (a cycle) and 0 -> 2, where 2 has no move.
/// let values = smith_values(&[vec![1, 2], vec![0], vec![]]);
/// assert_eq!(values[2], Loopy::Nimber(0));
/// assert_eq!(values[0], Loopy::Nimber(1));
/// assert_eq!(values[1], Loopy::Nimber(0));
/// ```
pub fn smith_values(children: &[Vec<u32>]) -> Vec<Loopy> {
    #[derive(Clone, Copy, PartialEq)]
    enum Label {
        None,
        Finite(u32),
        Infinite,
    }
    let n = children.len();
    // Parents, one entry per edge (parallel edges counted each time, as the counts are).
    let mut offsets = vec![0usize; n + 1];
    for options in children {
        for &v in options {
            offsets[v as usize + 1] += 1;
        }
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut fill = offsets.clone();
    let mut parents = vec![0u32; offsets[n]];
    for (u, options) in children.iter().enumerate() {
        for &v in options {
            parents[fill[v as usize]] = u as u32;
            fill[v as usize] += 1;
        }
    }
    let parents_of = |v: usize| &parents[offsets[v]..offsets[v + 1]];
    let mut labels = vec![Label::None; n];
    let mut unlabelled = n;
    let mut m = 0u32;
    let mut has_m = vec![false; n];
    let mut bad = vec![0u32; n];
    let mut queue = Vec::new();
    while unlabelled > 0 {
        has_m.fill(false);
        for u in 0..n {
            if labels[u] == Label::None {
                bad[u] = children[u]
                    .iter()
                    .filter(|&&v| matches!(labels[v as usize], Label::None | Label::Infinite))
                    .count() as u32;
                if bad[u] == 0 {
                    queue.push(u);
                }
            }
        }
        while let Some(u) = queue.pop() {
            if labels[u] != Label::None || has_m[u] {
                continue;
            }
            labels[u] = Label::Finite(m);
            unlabelled -= 1;
            for &p in parents_of(u) {
                let p = p as usize;
                if has_m[p] {
                    continue;
                }
                has_m[p] = true;
                // `p` now has an option labelled `m`: if it is unlabelled or infinite, its
                // parents have one option fewer to wait for.
                if matches!(labels[p], Label::None | Label::Infinite) {
                    for &q in parents_of(p) {
                        let q = q as usize;
                        if labels[q] == Label::None {
                            bad[q] -= 1;
                            if bad[q] == 0 && !has_m[q] {
                                queue.push(q);
                            }
                        }
                    }
                }
            }
        }
        for u in 0..n {
            if labels[u] == Label::None && !has_m[u] {
                labels[u] = Label::Infinite;
                unlabelled -= 1;
            }
        }
        m += 1;
    }
    let finite = |v: u32| {
        if let Label::Finite(m) = labels[v as usize] {
            Some(m)
        } else {
            None
        }
    };
    (0..n)
        .map(|u| {
            if let Label::Finite(m) = labels[u] {
                return Loopy::Nimber(m);
            }
            let mut k: Vec<u32> = children[u].iter().filter_map(|&v| finite(v)).collect();
            k.sort_unstable();
            k.dedup();
            Loopy::Infinite(k)
        })
        .collect()
}
