//! Retrograde analysis of finite game graphs: win, lose, tie or draw for the player to move, with
//! remoteness (moves to the end under best play), as GAMESMAN defines them (docs/theory.md §13);
//! and C. A. B. Smith's generalised Sprague–Grundy values for impartial graphs with cycles.
//!
//! A game is states, moves, and a value for states without moves. Two graph representations:
//! [`DenseGraph`] for games whose states are the integers `0..n` and that can list a state's
//! parents (4 bytes of working memory per state), and [`SparseGraph`], built by exploring from a
//! start state through a hash map, for everything else.

use std::collections::VecDeque;
use std::hash::Hash;

use crate::Observer;

/// The value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move can force a win.
    Win,
    /// The opponent can force a win.
    Lose,
    /// The game ends with no winner under best play (the best the player to move can force).
    Tie,
    /// Play never ends under best play (only in games whose positions can repeat).
    Draw,
}

impl Value {
    /// `"win"`, `"lose"`, `"tie"` or `"draw"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Win => "win",
            Self::Lose => "lose",
            Self::Tie => "tie",
            Self::Draw => "draw",
        }
    }

    /// The outcome of a position with Grundy value `grundy` under normal play: lose exactly at 0.
    pub fn of_grundy(grundy: &num_bigint::BigUint) -> Self {
        if grundy == &num_bigint::BigUint::ZERO {
            Self::Lose
        } else {
            Self::Win
        }
    }

    /// The same result seen by the other player: win and lose swap.
    #[must_use]
    pub fn flipped(self) -> Self {
        match self {
            Self::Win => Self::Lose,
            Self::Lose => Self::Win,
            other => other,
        }
    }

    /// How much the player to move likes it: win, then tie, then draw, then lose.
    pub fn rank(self) -> u8 {
        match self {
            Self::Win => 3,
            Self::Tie => 2,
            Self::Draw => 1,
            Self::Lose => 0,
        }
    }
}

/// A solved position: its value and, unless it is a draw, its remoteness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solved {
    /// Win, lose, tie or draw for the player to move.
    pub value: Value,
    /// Moves to the end under best play: a winner wins as fast as possible, a loser loses as
    /// slowly as possible, a tie is reached as fast as possible. `None` for a draw, and where it
    /// was not computed: a position valued as a sum of components, and those whose best line
    /// passes through one ([`Memo`]).
    pub remoteness: Option<u32>,
}

/// Why a graph could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolverError {
    /// More states than allowed.
    #[error("the game has more than {limit} reachable positions (the state limit)")]
    TooManyStates {
        /// The limit.
        limit: u64,
    },
    /// The explored states and moves would take more bytes than allowed.
    #[error("the positions explored so far already take {needed} bytes, over the limit of {limit}")]
    TooLarge {
        /// Bytes held when exploration stopped.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// The observer stopped it.
    #[error("interrupted after exploring {states} positions")]
    Interrupted {
        /// States seen so far.
        states: u64,
    },
    /// A game's own rules failed (for example a script error).
    #[error("{0}")]
    Rules(String),
}

impl SolverError {
    /// The error of rules that failed with `message` after `states` states: the observer's stop
    /// when it says to stop (rules may stop a call at the question's deadline, as scripts do),
    /// else the rules' own failure.
    pub(crate) fn rules_failed(message: String, observer: &dyn Observer, states: usize) -> Self {
        if observer.interrupted() {
            Self::Interrupted {
                states: states as u64,
            }
        } else {
            Self::Rules(message)
        }
    }
}

/// The records of a solved graph: 4 bytes per state. While a state is undecided its record holds
/// the number of children not yet known to be wins for the opponent; once decided, the value in
/// the top two bits and the remoteness below.
#[derive(Clone, Debug)]
pub struct Records {
    records: Vec<u32>,
}

const DECIDED: u32 = 1 << 31;
const TIE_BIT: u32 = 1 << 30;
const LOSE_BIT: u32 = 1 << 29;
const REMOTENESS_MASK: u32 = LOSE_BIT - 1;

impl Records {
    fn decided(&self, i: usize) -> bool {
        self.records[i] & DECIDED != 0
    }

    fn set(&mut self, i: usize, value: Value, remoteness: u32) {
        let bits = match value {
            Value::Win => 0,
            Value::Lose => LOSE_BIT,
            Value::Tie => TIE_BIT,
            // Draws are what stays undecided.
            Value::Draw => return,
        };
        self.records[i] = DECIDED | bits | remoteness.min(REMOTENESS_MASK);
    }

    /// The solution of state `i`.
    pub fn get(&self, i: usize) -> Solved {
        let record = self.records[i];
        if record & DECIDED == 0 {
            return Solved {
                value: Value::Draw,
                remoteness: None,
            };
        }
        let value = if record & TIE_BIT != 0 {
            Value::Tie
        } else if record & LOSE_BIT != 0 {
            Value::Lose
        } else {
            Value::Win
        };
        Solved {
            value,
            remoteness: Some(record & REMOTENESS_MASK),
        }
    }

    /// How many states.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether there are no states.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

/// A game graph on states `0..len()`, as the retrograde analysis sees it.
pub trait Graph {
    /// How many states.
    fn state_count(&self) -> usize;
    /// How many moves state `i` has.
    fn degree(&self, i: usize) -> u32;
    /// Calls `f` once for each move into state `i`, with the state it comes from.
    fn for_each_parent(&self, i: usize, f: &mut dyn FnMut(usize));
    /// Calls `f` once for each move from state `i`, with the state it leads to.
    fn for_each_child(&self, i: usize, f: &mut dyn FnMut(usize));
    /// The value of state `i` for the player to move when it has no moves: win, lose or tie (a
    /// draw is accepted too: the state then stays a draw, with no remoteness). `None` for a state
    /// with moves, which has no terminal value (a graph may answer `Some` anyway: only states
    /// without moves are asked).
    fn terminal(&self, i: usize) -> Option<Value>;
}

/// Solves every state of `graph` by retrograde analysis.
///
/// Terminal states are decided first; a parent of a lose is a win; a state all of whose moves lead
/// to wins is a lose; queues in remoteness order give the fastest win and the slowest loss. Then
/// ties spread from tied terminals to every undecided state with a tying move (a tie beats a
/// draw). What stays undecided is a draw.
///
/// # Complexity
/// `O(V + E)` time for `V` states and `E` moves; 4 bytes per state plus the queue.
///
/// # Example
/// ```
/// use grundy::solver::{DenseGraph, Value, solve_graph};
/// // One heap, take 1 or 2, normal play: lose exactly at multiples of 3.
/// let graph = DenseGraph::new(10, |n, out| out.extend([1, 2].iter().filter(|&&s| s <= n).map(|s| n - s)),
///     |n, out| out.extend([1, 2].iter().map(|s| n + s).filter(|&p| p < 10)), |_| Value::Lose);
/// let records = solve_graph(&graph);
/// assert_eq!(records.get(9).value, Value::Lose);
/// assert_eq!(records.get(9).remoteness, Some(6));
/// assert_eq!(records.get(7).value, Value::Win);
/// ```
pub fn solve_graph(graph: &dyn Graph) -> Records {
    solve_graph_observed(graph, &crate::NoObserver).expect("NoObserver never interrupts")
}

/// [`solve_graph`], asking `observer` every 65 536 states whether to stop: `None` if it does.
///
/// # Complexity
/// As [`solve_graph`].
pub fn solve_graph_observed(graph: &dyn Graph, observer: &dyn Observer) -> Option<Records> {
    let n = graph.state_count();
    let mut polled = 0u32;
    let mut stop = || {
        polled = polled.wrapping_add(1);
        polled.is_multiple_of(65_536) && observer.interrupted()
    };
    let mut records = Records {
        records: Vec::with_capacity(n),
    };
    for i in 0..n {
        if stop() {
            return None;
        }
        records.records.push(graph.degree(i));
    }
    let mut queue: VecDeque<(usize, u32)> = VecDeque::new();
    let mut ties: VecDeque<(usize, u32)> = VecDeque::new();
    for i in 0..n {
        if stop() {
            return None;
        }
        if records.records[i] == 0 {
            let Some(value) = graph.terminal(i).filter(|&value| value != Value::Draw) else {
                // A state without moves that the rules call a draw stays undecided: a draw.
                continue;
            };
            records.set(i, value, 0);
            if value == Value::Tie {
                ties.push_back((i, 0));
            } else {
                queue.push_back((i, 0));
            }
        }
    }
    // Wins and losses, in remoteness order.
    while let Some((child, remoteness)) = queue.pop_front() {
        if stop() {
            return None;
        }
        let child_loses = records.get(child).value == Value::Lose;
        graph.for_each_parent(child, &mut |parent| {
            if records.decided(parent) {
                return;
            }
            if child_loses {
                records.set(parent, Value::Win, remoteness + 1);
                queue.push_back((parent, remoteness + 1));
            } else {
                records.records[parent] -= 1;
                if records.records[parent] == 0 {
                    records.set(parent, Value::Lose, remoteness + 1);
                    queue.push_back((parent, remoteness + 1));
                }
            }
        });
    }
    // Ties: an undecided state with a tying move ties (it cannot win, and a tie beats a draw).
    while let Some((child, remoteness)) = ties.pop_front() {
        if stop() {
            return None;
        }
        graph.for_each_parent(child, &mut |parent| {
            if !records.decided(parent) {
                records.set(parent, Value::Tie, remoteness + 1);
                ties.push_back((parent, remoteness + 1));
            }
        });
    }
    Some(records)
}

/// Checks every state's record against its children's, as `GamesmanOne`'s self-test does: a
/// terminal state has its terminal value and remoteness 0; otherwise the value is the best of the
/// children's values seen by the mover (win > tie > draw > lose), the remoteness the fastest win
/// or tie, or the slowest loss, plus one; a draw has a drawing move and no winning or tying one.
///
/// # Complexity
/// `O(V + E)`.
///
/// # Errors
/// The first state whose record disagrees, with what was expected.
///
/// # Example
/// ```
/// use grundy::solver::{DenseGraph, Value, self_check, solve_graph};
/// let graph = DenseGraph::new(5, |n, out| out.extend((n > 0).then(|| n - 1)), |n, out| out.extend((n < 4).then(|| n + 1)), |_| Value::Lose);
/// assert!(self_check(&graph, &solve_graph(&graph)).is_ok());
/// ```
pub fn self_check(graph: &dyn Graph, records: &Records) -> Result<(), String> {
    for i in 0..graph.state_count() {
        let mut options = Vec::new();
        graph.for_each_child(i, &mut |c| options.push(records.get(c)));
        let expected = if options.is_empty() {
            let value = graph.terminal(i).unwrap_or(Value::Draw);
            Solved {
                value,
                remoteness: (value != Value::Draw).then_some(0),
            }
        } else {
            let best = options
                .iter()
                .map(|o| o.value.flipped())
                .max_by_key(|v| v.rank())
                .expect("non-empty");
            let through = options
                .iter()
                .filter(|o| o.value.flipped() == best)
                .filter_map(|o| o.remoteness)
                .map(|r| r + 1);
            let remoteness = match best {
                Value::Draw => None,
                Value::Lose => through.max(),
                _ => through.min(),
            };
            Solved {
                value: best,
                remoteness,
            }
        };
        let got = records.get(i);
        if got != expected {
            return Err(format!(
                "state {i}: recorded {got:?}, its moves give {expected:?}"
            ));
        }
    }
    Ok(())
}

/// A game on the states `0..len` given by closures: children, parents (the inverse), and the
/// value of a state without moves. Nothing but the records is stored.
pub struct DenseGraph<C, P, T> {
    len: usize,
    children: C,
    parents: P,
    terminal: T,
}

impl<C, P, T> DenseGraph<C, P, T>
where
    C: Fn(usize, &mut Vec<usize>),
    P: Fn(usize, &mut Vec<usize>),
    T: Fn(usize) -> Value,
{
    /// The graph on `0..len` with the given moves, inverse moves and terminal values.
    pub fn new(len: usize, children: C, parents: P, terminal: T) -> Self {
        Self {
            len,
            children,
            parents,
            terminal,
        }
    }
}

impl<C, P, T> Graph for DenseGraph<C, P, T>
where
    C: Fn(usize, &mut Vec<usize>),
    P: Fn(usize, &mut Vec<usize>),
    T: Fn(usize) -> Value,
{
    fn state_count(&self) -> usize {
        self.len
    }

    fn degree(&self, i: usize) -> u32 {
        let mut out = Vec::new();
        (self.children)(i, &mut out);
        out.len() as u32
    }

    fn for_each_parent(&self, i: usize, f: &mut dyn FnMut(usize)) {
        let mut out = Vec::new();
        (self.parents)(i, &mut out);
        for parent in out {
            f(parent);
        }
    }

    fn for_each_child(&self, i: usize, f: &mut dyn FnMut(usize)) {
        let mut out = Vec::new();
        (self.children)(i, &mut out);
        for child in out {
            f(child);
        }
    }

    fn terminal(&self, i: usize) -> Option<Value> {
        Some((self.terminal)(i))
    }
}

/// Rules of a game explored from a start state.
pub trait Rules {
    /// A position.
    type State: Clone + Eq + Hash;

    /// Every move from `state`: a description and the state it leads to.
    ///
    /// # Errors
    /// A message if the rules fail (a script error, say).
    fn moves(&self, state: &Self::State) -> Result<Vec<(String, Self::State)>, String>;

    /// The states one move leads to from `state`, in move order, appended to `out`: what
    /// exploring needs, without the moves' descriptions (rules that make those at a cost
    /// override this).
    ///
    /// # Errors
    /// As [`moves`](Self::moves).
    fn successors(&self, state: &Self::State, out: &mut Vec<Self::State>) -> Result<(), String> {
        out.extend(self.moves(state)?.into_iter().map(|(_, to)| to));
        Ok(())
    }

    /// Whether `state` is a sum of independent positions of the same game — positions played
    /// side by side, a move in exactly one of them, under normal play — and if so its
    /// components, appended to `out` (none: the empty sum). Only impartial games under normal
    /// play may say so: the [`Memo`] then values the position as the xor of its components'
    /// Grundy values. By default no position is a sum.
    ///
    /// # Errors
    /// As [`moves`](Self::moves).
    fn components(&self, state: &Self::State, out: &mut Vec<Self::State>) -> Result<bool, String> {
        let _ = (state, out);
        Ok(false)
    }

    /// About how many bytes `state` takes in memory (with what it owns on the heap); exploration
    /// counts them against its byte limit.
    fn state_bytes(&self, state: &Self::State) -> u64 {
        let _ = state;
        size_of::<Self::State>() as u64
    }

    /// The value for the player to move at a state without moves. Normal play: lose.
    ///
    /// # Errors
    /// A message if the rules fail.
    fn terminal(&self, state: &Self::State) -> Result<Value, String>;
}

/// How far an exploration may go: states, and bytes of states and moves held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most states.
    pub states: u64,
    /// The most bytes, as [`Rules::state_bytes`] counts them plus 8 per move.
    pub bytes: u64,
}

/// The reachable part of a game, explored from a start state, with moves stored both ways
/// (compressed rows).
pub struct SparseGraph<S> {
    /// The states, by index; the start is index 0.
    pub states: Vec<S>,
    index: rustc_hash::FxHashMap<S, u32>,
    child_offsets: Vec<u32>,
    children: Vec<u32>,
    parent_offsets: Vec<u32>,
    parents: Vec<u32>,
    /// The value at each state without moves; `None` for a state with moves.
    terminal: Vec<Option<Value>>,
}

impl<S> SparseGraph<S> {
    /// The children of state `i`, by index, in move order.
    pub fn children_of(&self, i: usize) -> &[u32] {
        &self.children[self.child_offsets[i] as usize..self.child_offsets[i + 1] as usize]
    }

    /// How many moves in all.
    pub fn edges(&self) -> usize {
        self.children.len()
    }
}

impl<S: Clone + Eq + Hash> SparseGraph<S> {
    /// Explores every state reachable from `start`, up to `limit` states.
    ///
    /// # Complexity
    /// `O(V + E)` rule calls and hash operations.
    ///
    /// # Errors
    /// [`SolverError::TooManyStates`] beyond `limit`, [`SolverError::Rules`] if the rules fail,
    /// [`SolverError::Interrupted`] if the observer says so.
    pub fn explore<R: Rules<State = S>>(
        rules: &R,
        start: S,
        limits: Limits,
        observer: &dyn Observer,
    ) -> Result<Self, SolverError> {
        Self::explore_from(rules, vec![start], limits, observer)
    }

    /// Explores every state reachable from any of `roots` (distinct roots get indices `0, 1, …`
    /// in order), up to `limit` states, the roots included.
    ///
    /// # Errors
    /// As [`explore`](Self::explore).
    #[allow(
        clippy::too_many_lines,
        reason = "one loop over the frontier, with the limits checked where they grow"
    )]
    pub fn explore_from<R: Rules<State = S>>(
        rules: &R,
        roots: Vec<S>,
        limits: Limits,
        observer: &dyn Observer,
    ) -> Result<Self, SolverError> {
        let Limits {
            states: limit,
            bytes: byte_limit,
        } = limits;
        // Bytes held: each state twice (the list and the index) with hash-map overhead, its
        // offsets and terminal value; each move 4 bytes as a child and 4 as a parent.
        let mut bytes = 0u64;
        let state_cost = |state: &S| rules.state_bytes(state).saturating_mul(2) + 32;
        let mut states = Vec::new();
        let mut index = rustc_hash::FxHashMap::default();
        for root in roots {
            if !index.contains_key(&root) {
                // The roots count against the limits as every state reached does.
                if states.len() as u64 >= limit {
                    return Err(SolverError::TooManyStates { limit });
                }
                bytes = bytes.saturating_add(state_cost(&root));
                if bytes > byte_limit {
                    return Err(SolverError::TooLarge {
                        needed: bytes,
                        limit: byte_limit,
                    });
                }
                index.insert(root.clone(), states.len() as u32);
                states.push(root);
            }
        }
        let mut child_offsets = vec![0u32];
        let mut children = Vec::new();
        let mut terminal = Vec::new();
        let mut next = 0;
        let mut moves = Vec::new();
        while next < states.len() {
            moves.clear();
            let failed = |message| SolverError::rules_failed(message, observer, states.len());
            rules
                .successors(&states[next], &mut moves)
                .map_err(failed)?;
            terminal.push(if moves.is_empty() {
                Some(rules.terminal(&states[next]).map_err(failed)?)
            } else {
                None
            });
            bytes = bytes.saturating_add(8 * moves.len() as u64);
            for child in moves.drain(..) {
                let id = if let Some(&id) = index.get(&child) {
                    id
                } else {
                    if states.len() as u64 >= limit {
                        return Err(SolverError::TooManyStates { limit });
                    }
                    bytes = bytes.saturating_add(state_cost(&child));
                    if bytes > byte_limit {
                        return Err(SolverError::TooLarge {
                            needed: bytes,
                            limit: byte_limit,
                        });
                    }
                    let id = states.len() as u32;
                    index.insert(child.clone(), id);
                    states.push(child);
                    id
                };
                children.push(id);
            }
            child_offsets.push(children.len() as u32);
            next += 1;
            if bytes > byte_limit {
                return Err(SolverError::TooLarge {
                    needed: bytes,
                    limit: byte_limit,
                });
            }
            if next % 65_536 == 0 {
                observer.progress(next as u64, limit);
            }
            // Rules may be slow (scripts): ask after every state.
            if observer.interrupted() {
                return Err(SolverError::Interrupted {
                    states: next as u64,
                });
            }
        }
        // Parents: count, then fill.
        let mut parent_offsets = vec![0u32; states.len() + 1];
        for &c in &children {
            parent_offsets[c as usize + 1] += 1;
        }
        for i in 0..states.len() {
            parent_offsets[i + 1] += parent_offsets[i];
        }
        let mut fill = parent_offsets.clone();
        let mut parents = vec![0u32; children.len()];
        for p in 0..states.len() {
            for &c in &children[child_offsets[p] as usize..child_offsets[p + 1] as usize] {
                parents[fill[c as usize] as usize] = p as u32;
                fill[c as usize] += 1;
            }
        }
        Ok(Self {
            states,
            index,
            child_offsets,
            children,
            parent_offsets,
            parents,
            terminal,
        })
    }

    /// The index of `state`, if it was reached.
    pub fn index_of(&self, state: &S) -> Option<usize> {
        self.index.get(state).map(|&i| i as usize)
    }
}

impl<S> Graph for SparseGraph<S> {
    fn state_count(&self) -> usize {
        self.child_offsets.len() - 1
    }

    fn degree(&self, i: usize) -> u32 {
        self.child_offsets[i + 1] - self.child_offsets[i]
    }

    fn for_each_parent(&self, i: usize, f: &mut dyn FnMut(usize)) {
        for &p in
            &self.parents[self.parent_offsets[i] as usize..self.parent_offsets[i + 1] as usize]
        {
            f(p as usize);
        }
    }

    fn for_each_child(&self, i: usize, f: &mut dyn FnMut(usize)) {
        for &c in &self.children[self.child_offsets[i] as usize..self.child_offsets[i + 1] as usize]
        {
            f(c as usize);
        }
    }

    fn terminal(&self, i: usize) -> Option<Value> {
        self.terminal[i]
    }
}

mod memo;
mod table;
mod values;

pub use memo::{Entry, Memo, MemoError, Pack, write_varint};
pub use values::{Loopy, loopy_values, misere_values, normal_values, smith_values};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Minimax with cycle detection is hard; on acyclic graphs a plain recursion is the reference.
    fn minimax(
        children: &[Vec<usize>],
        terminal: &[Value],
        i: usize,
        memo: &mut HashMap<usize, Solved>,
    ) -> Solved {
        if let Some(&s) = memo.get(&i) {
            return s;
        }
        let solved = if children[i].is_empty() {
            Solved {
                value: terminal[i],
                remoteness: Some(0),
            }
        } else {
            let options: Vec<Solved> = children[i]
                .iter()
                .map(|&c| minimax(children, terminal, c, memo))
                .collect();
            let flip = |v: Value| match v {
                Value::Win => Value::Lose,
                Value::Lose => Value::Win,
                other => other,
            };
            let best = options
                .iter()
                .map(|o| flip(o.value))
                .max_by_key(|v| v.rank())
                .unwrap();
            let remotes = options
                .iter()
                .filter(|o| flip(o.value) == best)
                .map(|o| o.remoteness.unwrap() + 1);
            let remoteness = if best == Value::Lose {
                remotes.max()
            } else {
                remotes.min()
            };
            Solved {
                value: best,
                remoteness,
            }
        };
        memo.insert(i, solved);
        solved
    }

    #[test]
    fn retrograde_matches_minimax_on_random_dags() {
        let mut seed = 12345u64;
        let mut random = move |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        for _ in 0..200 {
            let n = 1 + random(40) as usize;
            let children: Vec<Vec<usize>> = (0..n)
                .map(|i| {
                    (0..random(4))
                        .filter(|_| i > 0)
                        .map(|_| random(i as u64) as usize)
                        .collect()
                })
                .collect();
            let terminal: Vec<Value> = (0..n)
                .map(|_| [Value::Win, Value::Lose, Value::Tie][random(3) as usize])
                .collect();
            let parents: Vec<Vec<usize>> = (0..n)
                .map(|c| {
                    (0..n)
                        .flat_map(|p| children[p].iter().filter(move |&&x| x == c).map(move |_| p))
                        .collect()
                })
                .collect();
            let graph = DenseGraph::new(
                n,
                |i, out| out.extend(&children[i]),
                |i, out| out.extend(&parents[i]),
                |i| terminal[i],
            );
            let records = solve_graph(&graph);
            let mut memo = HashMap::new();
            for i in 0..n {
                assert_eq!(
                    records.get(i),
                    minimax(&children, &terminal, i, &mut memo),
                    "state {i} of {children:?}"
                );
            }
        }
    }

    #[test]
    fn cycles_without_exits_are_draws() {
        // 0 <-> 1, and 1 -> 2 where 2 has no move (normal play: 2 loses, so 1 wins, 0 loses).
        let children = [vec![1], vec![0, 2], vec![]];
        let parents = [vec![1], vec![0], vec![1]];
        let graph = DenseGraph::new(
            3,
            |i, out| out.extend(&children[i]),
            |i, out| out.extend(&parents[i]),
            |_| Value::Lose,
        );
        let records = solve_graph(&graph);
        assert_eq!(records.get(1).value, Value::Win);
        assert_eq!(records.get(0).value, Value::Lose);
        // A pure cycle is a draw.
        let children = [vec![1], vec![0]];
        let graph = DenseGraph::new(
            2,
            |i, out| out.extend(&children[i]),
            |i, out| out.extend(&children[i]),
            |_| Value::Lose,
        );
        assert_eq!(
            solve_graph(&graph).get(0),
            Solved {
                value: Value::Draw,
                remoteness: None
            }
        );
    }

    #[test]
    fn smith_values_of_a_pure_cycle_are_infinite() {
        let values = smith_values(&[vec![1], vec![0]]);
        assert_eq!(values, [Loopy::Infinite(vec![]), Loopy::Infinite(vec![])]);
        assert_eq!(values[0].value(), Value::Draw);
        assert_eq!(values[0].plus_nimber(0), Value::Draw);
        // ∞({0}): a win alone; plus *1 a draw.
        let values = smith_values(&[vec![1, 2], vec![0], vec![]]);
        let with_exit = smith_values(&[vec![1], vec![0, 2], vec![]]);
        assert_eq!(values[0], Loopy::Nimber(1));
        assert_eq!(with_exit[1], Loopy::Nimber(1));
    }

    #[test]
    fn smith_values_match_grundy_values_on_acyclic_graphs() {
        // Subtraction {1, 2} on 0..10 as a graph: G(n) = n mod 3.
        let children: Vec<Vec<u32>> = (0..10u32)
            .map(|n| [1, 2].iter().filter(|&&s| s <= n).map(|s| n - s).collect())
            .collect();
        let values = smith_values(&children);
        for n in 0..10 {
            assert_eq!(values[n as usize], Loopy::Nimber(n % 3));
        }
    }
}
