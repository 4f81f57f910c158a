//! The brute force's positions — small numbers only, in a form where equal positions are equal
//! — and the helpers a family's brute-force rules build them with.

/// A position of the brute force: small numbers only, in a form where equal positions are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(in crate::analysis) enum State {
    /// One heap.
    Heap(u64),
    /// Several heaps of one game, sorted, empty heaps dropped (order and empty heaps change no
    /// value).
    Heaps(Vec<u64>),
    /// Wythoff's two heaps, smaller first.
    Pair(u64, u64),
    /// Fibonacci Nim: the heap and the most the next move may take.
    Quota(u64, u64),
    /// A no-repeat game: the heap and the amount the opponent just took.
    Last(u64, Option<u64>),
    /// A sum: each component's state.
    Sum(Vec<State>),
}

/// Heaps without the empty ones, in order (order and empty heaps change no value).
pub(in crate::analysis) fn heaps_state(mut heaps: Vec<u64>) -> State {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    State::Heaps(heaps)
}

/// Every position reached by replacing one heap by what `moves` gives for it.
pub(in crate::analysis) fn each_heap(
    heaps: &[u64],
    moves: impl Fn(u64) -> Vec<Vec<u64>>,
) -> Vec<State> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == h {
            continue; // the same heap size again: the same options
        }
        for parts in moves(h) {
            let mut next: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            next.extend(parts);
            out.push(heaps_state(next));
        }
    }
    out
}
