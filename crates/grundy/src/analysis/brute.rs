//! The brute force `verify` compares every fast path with: the game graph built from the rules as
//! the spec states them, and each position's value as the mex of its options' values, memoised.
//!
//! It shares no code with the engines, the period searches or the closed forms: its own option
//! lists, its own mex, no Sprague–Grundy shortcut in a game graph (a sum's or a multi-heap
//! position's value is the mex over the whole position's options, not an xor). The one exception
//! is [`heap_sequence`], the one-heap values of long runs, which takes a split's value as the xor
//! of its parts, as every contest brute force does; the graph check on small multi-heap
//! positions tests that step itself.

use std::collections::HashMap;
use std::hash::Hash;

use crate::games::game::Game;
use crate::games::norepeat::NoRepeatGame;
use crate::games::octal::{Code, Modifier};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::subtraction::{FiniteSet, SubtractionSet};
use crate::theory::solver::Value as Outcome;

/// A position of the brute force: small numbers only, in a form where equal positions are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum State {
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

impl State {
    /// The state of `position` in `game`, or `None` if a number is too large for a brute force.
    pub(super) fn of(game: &Game, position: &Position) -> Option<Self> {
        let small = |n: &num_bigint::BigUint| u64::try_from(n).ok();
        match (game.base(), position) {
            (Game::Sum(components), _) => components
                .iter()
                .map(|c| Self::of(&c.game, &c.position))
                .collect::<Option<Vec<_>>>()
                .map(Self::Sum),
            (Game::Wythoff, Position::Pair(a, b)) => {
                let (a, b) = (small(a)?, small(b)?);
                Some(Self::Pair(a.min(b), a.max(b)))
            }
            (Game::FibonacciNim, Position::Quota { heap, quota }) => {
                let heap = small(heap)?;
                let quota = match quota {
                    Some(q) => small(q)?.min(heap),
                    // A fresh heap: anything but the whole heap.
                    None => heap.saturating_sub(1),
                };
                Some(Self::Quota(heap, quota))
            }
            (Game::NoRepeat(_), Position::LastMove { heap, last }) => {
                Some(Self::Last(small(heap)?, *last))
            }
            (
                Game::Nim | Game::Octal(_) | Game::Subtraction(_) | Game::Remainder(_),
                Position::Heaps(heaps),
            ) => heaps
                .iter()
                .map(small)
                .collect::<Option<Vec<_>>>()
                .map(heaps_state),
            (Game::Nim | Game::Octal(_), Position::Heap(n)) => Some(heaps_state(vec![small(n)?])),
            (Game::Subtraction(_) | Game::Remainder(_), Position::Heap(n)) => {
                Some(Self::Heap(small(n)?))
            }
            _ => None,
        }
    }

    /// The same position in the form a [`Solution`](super::Solution)'s move target writes it,
    /// normalised like `of`.
    pub(super) fn leaves(game: &Game, position: &Position) -> Option<Self> {
        match (game.base(), position) {
            // A take-and-break move on one heap writes the heaps left.
            (Game::Octal(_), Position::Heap(n)) => Some(heaps_state(vec![u64::try_from(n).ok()?])),
            _ => Self::of(game, position),
        }
    }
}

fn heaps_state(mut heaps: Vec<u64>) -> State {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    State::Heaps(heaps)
}

/// Why the brute force stopped.
#[derive(Clone, Copy, Debug)]
pub(super) enum Stop {
    /// More states than allowed.
    TooManyStates,
    /// The caller's poll said stop.
    Interrupted,
}

/// The options of `state` in `game` (normal play rules; misère play changes only the values).
fn options(game: &Game, state: &State) -> Vec<State> {
    match (game.base(), state) {
        (Game::Sum(components), State::Sum(parts)) => {
            let mut out = Vec::new();
            for (i, (component, part)) in components.iter().zip(parts).enumerate() {
                for option in options(&component.game, part) {
                    let mut next = parts.clone();
                    next[i] = option;
                    out.push(State::Sum(next));
                }
            }
            out
        }
        (Game::Subtraction(_) | Game::Remainder(_), State::Heap(n)) => take_amounts(game, *n)
            .into_iter()
            .map(|s| State::Heap(n - s))
            .collect(),
        (Game::Subtraction(_) | Game::Remainder(_), State::Heaps(heaps)) => each_heap(heaps, |h| {
            take_amounts(game, h)
                .into_iter()
                .map(|s| vec![h - s])
                .collect()
        }),
        (Game::Nim, State::Heaps(heaps)) => each_heap(heaps, |h| (0..h).map(|k| vec![k]).collect()),
        (Game::Octal(code), State::Heaps(heaps)) => each_heap(heaps, |h| code_moves(code, h)),
        (Game::Wythoff, &State::Pair(a, b)) => {
            let mut out = Vec::new();
            for k in 1..=a {
                out.push(pair(a - k, b));
                out.push(pair(a - k, b - k));
            }
            for k in 1..=b {
                out.push(pair(a, b - k));
            }
            out
        }
        (Game::FibonacciNim, &State::Quota(heap, quota)) => (1..=quota.min(heap))
            .map(|k| State::Quota(heap - k, (2 * k).min(heap - k)))
            .collect(),
        (Game::NoRepeat(NoRepeatGame { set }), &State::Last(heap, last)) => set
            .members()
            .iter()
            .filter(|&&s| s <= heap && Some(s) != last)
            .map(|&s| State::Last(heap - s, Some(s)))
            .collect(),
        _ => Vec::new(),
    }
}

fn pair(a: u64, b: u64) -> State {
    State::Pair(a.min(b), a.max(b))
}

/// The amounts of `set` at most `n`: a finite set's members, else every amount asked for
/// membership.
fn amounts(set: &SubtractionSet, n: u64) -> Box<dyn Iterator<Item = u64> + '_> {
    match set {
        SubtractionSet::Finite(finite) => Box::new(
            finite
                .members()
                .iter()
                .copied()
                .take_while(move |&s| s <= n),
        ),
        other => Box::new((1..=n).filter(move |&s| other.contains(s))),
    }
}

/// The amounts a move may take from a heap of `n` of a one-heap subtraction game, from the rules:
/// the set's amounts up to `n`; with the rest rule, all `n` when `0 < n < min S`.
fn take_amounts(game: &Game, n: u64) -> Vec<u64> {
    match game.base() {
        Game::Subtraction(subtraction) => amounts(subtraction.set(), n).collect(),
        Game::Remainder(remainder) => {
            let members = remainder.finite().members();
            if n > 0 && n < members[0] {
                vec![n]
            } else {
                members.iter().copied().filter(|&s| s <= n).collect()
            }
        }
        _ => Vec::new(),
    }
}

/// About how many option steps the brute force takes for a game's positions up to `to`: the
/// one-heap values of [`heap_sequence`], or the states of Fibonacci Nim (every quota: `to³/6`),
/// no-repeat games (every last move) and the contest game. Infinite sets count 8 steps an amount
/// (a membership test is arithmetic, not a lookup).
pub(super) fn work(game: &Game, to: u64) -> u128 {
    let n = u128::from(to) + 1;
    match game.base() {
        Game::Subtraction(subtraction) => match subtraction.set() {
            SubtractionSet::Finite(finite) => n * finite.members().len() as u128,
            SubtractionSet::AllBut(_) => n * n / 2,
            SubtractionSet::Family(_) => 4 * n * n,
        },
        Game::Remainder(remainder) => n * remainder.finite().members().len() as u128,
        Game::FibonacciNim => n * n * n / 6,
        Game::NoRepeat(game) => {
            let k = game.set.members().len() as u128;
            4 * n * (k + 1) * k
        }
        Game::Oddball(game) => {
            let k = game.set.members().len() as u128;
            4 * n * (k + 1) * k
        }
        Game::Octal(code) => match code.max_heaps_left() {
            3 => n * n * n / 12,
            2 => n * n / 2,
            _ => n * n,
        },
        _ => n,
    }
}

/// Every position reached by replacing one heap by what `moves` gives for it.
fn each_heap(heaps: &[u64], moves: impl Fn(u64) -> Vec<Vec<u64>>) -> Vec<State> {
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

/// The heaps a take-and-break move from a heap of `n` can leave, digit by digit as the code
/// states: bit 1 take the whole heap, bit 2 leave one heap, bit 4 two, bit 8 three (non-empty),
/// with the digit's modifier on the heaps left.
fn code_moves(code: &Code, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for j in 0..=n {
        let (digit, modifier) = code.digit(j as usize);
        if digit & 1 != 0 && j == n && j > 0 {
            out.push(Vec::new());
        }
        if j >= n {
            continue;
        }
        let m = n - j;
        if digit & 2 != 0 && j > 0 {
            out.push(vec![m]);
        }
        if digit & 4 != 0 {
            for a in 1..=m / 2 {
                push_allowed(&mut out, vec![a, m - a], modifier);
            }
        }
        if digit & 8 != 0 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    push_allowed(&mut out, vec![a, b, m - a - b], modifier);
                }
            }
        }
    }
    out
}

fn push_allowed(out: &mut Vec<Vec<u64>>, parts: Vec<u64>, modifier: Modifier) {
    let allowed = match modifier {
        Modifier::None => true,
        Modifier::Unequal => {
            (0..parts.len()).all(|i| parts[i + 1..].iter().all(|&b| b != parts[i]))
        }
        Modifier::NotAllEqual => parts.iter().any(|&p| p != parts[0]),
    };
    if allowed {
        out.push(parts);
    }
}

/// The smallest value missing from `values`.
fn mex(mut values: Vec<u32>) -> u32 {
    values.sort_unstable();
    values.dedup();
    values
        .iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(values.len() as u32, |(i, _)| i as u32)
}

/// The value of a position from its options' values: the mex, except that a position without
/// options has value 0 under normal play and 1 under misère play (its mover wins).
fn value_of(play: Play, options: Vec<u32>) -> u32 {
    if options.is_empty() && play == Play::Misere {
        1
    } else {
        mex(options)
    }
}

/// Grundy values (misère Grundy values under misère play) of a game's positions, memoised; the
/// graph is walked without recursion, so deep games cannot overflow the stack.
pub(super) struct Memo<'g> {
    game: &'g Game,
    play: Play,
    values: HashMap<State, u32>,
    limit: usize,
}

impl<'g> Memo<'g> {
    /// A memo for `game` (its play from `misere:`) holding at most `limit` states.
    pub(super) fn new(game: &'g Game, limit: usize) -> Self {
        Self {
            game,
            play: game.play(),
            values: HashMap::new(),
            limit,
        }
    }

    /// How many states are solved.
    pub(super) fn states(&self) -> u64 {
        self.values.len() as u64
    }

    /// The value of `state`, solving what it needs; `poll` is asked every few thousand states.
    pub(super) fn value(
        &mut self,
        state: &State,
        poll: &mut dyn FnMut() -> bool,
    ) -> Result<u32, Stop> {
        if let Some(&v) = self.values.get(state) {
            return Ok(v);
        }
        // Each frame: a state and its options; it is solved when every option is.
        let mut stack: Vec<(State, Vec<State>)> = vec![(state.clone(), options(self.game, state))];
        while let Some((current, opts)) = stack.last() {
            if let Some(next) = opts.iter().find(|o| !self.values.contains_key(*o)) {
                let next = next.clone();
                let next_options = options(self.game, &next);
                stack.push((next, next_options));
                continue;
            }
            let value = value_of(self.play, opts.iter().map(|o| self.values[o]).collect());
            let current = current.clone();
            stack.pop();
            if self.values.len() >= self.limit {
                return Err(Stop::TooManyStates);
            }
            if self.values.len().is_multiple_of(4096) && poll() {
                return Err(Stop::Interrupted);
            }
            self.values.insert(current, value);
        }
        Ok(self.values[state])
    }

    /// The options of `state` with their values.
    pub(super) fn options(
        &mut self,
        state: &State,
        poll: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<(State, u32)>, Stop> {
        let mut out = Vec::new();
        for option in options(self.game, state) {
            let value = self.value(&option, poll)?;
            out.push((option, value));
        }
        Ok(out)
    }
}

/// `G(0)`, …, `G(to)` of a one-heap game (subtraction or take-and-break, misère values under
/// misère play), by the definition: every option of every heap, a split's value the xor of its
/// parts' values. `None` for other games; `Err` when `poll` says stop (asked every heap).
///
/// Work: `O(to²)` for subtraction sets (every amount is asked for membership) and two-heap
/// splits, `O(to³)` for three-heap splits.
pub(super) fn heap_sequence(
    game: &Game,
    to: u64,
    poll: &mut dyn FnMut() -> bool,
) -> Option<Result<Vec<u32>, Stop>> {
    let play = game.play();
    let mut values: Vec<u32> = Vec::new();
    let base = game.base();
    if !matches!(
        base,
        Game::Subtraction(_) | Game::Remainder(_) | Game::Octal(_)
    ) {
        return None;
    }
    for n in 0..=to {
        if poll() {
            return Some(Err(Stop::Interrupted));
        }
        let options: Vec<u32> = match base {
            Game::Subtraction(_) | Game::Remainder(_) => take_amounts(game, n)
                .into_iter()
                .map(|s| values[(n - s) as usize])
                .collect(),
            Game::Octal(code) => code_moves(code, n)
                .iter()
                .map(|parts| parts.iter().fold(0, |x, &p| x ^ values[p as usize]))
                .collect(),
            _ => unreachable!("checked above"),
        };
        values.push(value_of(play, options));
    }
    Some(Ok(values))
}

/// The options of a heap of `n` of a one-heap game with their values from `values` (as
/// [`heap_sequence`] computed them): a split's value is the xor of its parts'.
pub(super) fn heap_options(game: &Game, n: u64, values: &[u32]) -> Vec<(State, u32)> {
    match game.base() {
        Game::Subtraction(_) | Game::Remainder(_) => take_amounts(game, n)
            .into_iter()
            .map(|s| (State::Heap(n - s), values[(n - s) as usize]))
            .collect(),
        Game::Octal(code) => code_moves(code, n)
            .into_iter()
            .map(|parts| {
                let value = parts.iter().fold(0, |x, &p| x ^ values[p as usize]);
                (heaps_state(parts), value)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The contest game's results by minimax over (balls left, mover's parity, opponent's parity):
/// at the end odd beats even and equal parities tie; the mover picks the best for themself
/// (win, then tie, then lose). `results[left][mine][theirs]` for `left <= to`.
pub(super) fn oddball_results(set: &FiniteSet, to: u64) -> Vec<[[Outcome; 2]; 2]> {
    let mut results: Vec<[[Outcome; 2]; 2]> = Vec::new();
    for left in 0..=to {
        let mut here = [[Outcome::Tie; 2]; 2];
        for (mine, row) in here.iter_mut().enumerate() {
            for (theirs, cell) in row.iter_mut().enumerate() {
                let moves: Vec<u64> = set
                    .members()
                    .iter()
                    .copied()
                    .filter(|&s| s <= left)
                    .collect();
                *cell = if moves.is_empty() {
                    match (mine == 1, theirs == 1) {
                        (true, false) => Outcome::Win,
                        (false, true) => Outcome::Lose,
                        _ => Outcome::Tie,
                    }
                } else {
                    let after = |s: u64| {
                        // The opponent moves next, holding `theirs`; the mover's parity flips
                        // with an odd take.
                        let mine_after = mine ^ usize::from(s % 2 == 1);
                        results[(left - s) as usize][theirs][mine_after]
                    };
                    let replies: Vec<Outcome> = moves.iter().map(|&s| after(s)).collect();
                    if replies.contains(&Outcome::Lose) {
                        Outcome::Win
                    } else if replies.contains(&Outcome::Tie) {
                        Outcome::Tie
                    } else {
                        Outcome::Lose
                    }
                };
            }
        }
        results.push(here);
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::spec::parse_game;

    fn never() -> impl FnMut() -> bool {
        || false
    }

    #[test]
    fn kayles_by_the_definition() {
        let game = parse_game("0.77").expect("a code");
        let values = heap_sequence(&game, 11, &mut never())
            .expect("a heap game")
            .expect("small");
        assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }

    #[test]
    fn misere_values_start_at_one() {
        let game = parse_game("misere:subtraction:1,3,4").expect("a game");
        let values = heap_sequence(&game, 6, &mut never())
            .expect("a heap game")
            .expect("small");
        // G⁻(0) = 1 (no move: the mover wins), G⁻(1) = mex{1} = 0, …
        assert_eq!(values[..3], [1, 0, 1]);
    }

    #[test]
    fn a_sum_is_valued_by_its_whole_graph() {
        let game = parse_game("nim[3] + subtraction:1,2[4]").expect("a sum");
        let state = State::of(&game, &Position::Sum).expect("small");
        let mut memo = Memo::new(&game, 1 << 20);
        // 3 xor (4 mod 3) = 3 xor 1 = 2, found without the Sprague–Grundy theorem.
        assert_eq!(memo.value(&state, &mut never()).expect("small"), 2);
    }

    #[test]
    fn the_contest_samples() {
        let set = FiniteSet::new([1, 2, 3]).expect("a set");
        let results = oddball_results(&set, 5);
        let first: Vec<Outcome> = (1..=5).map(|x| results[x][0][0]).collect();
        assert_eq!(
            first,
            [
                Outcome::Win,
                Outcome::Tie,
                Outcome::Win,
                Outcome::Tie,
                Outcome::Lose
            ]
        );
    }

    #[test]
    fn wythoff_p_positions() {
        let game = parse_game("wythoff").expect("a game");
        let mut memo = Memo::new(&game, 1 << 20);
        let zero: Vec<(u64, u64)> = (0..=10)
            .flat_map(|a| (a..=10).map(move |b| (a, b)))
            .filter(|&(a, b)| memo.value(&State::Pair(a, b), &mut never()).expect("small") == 0)
            .collect();
        assert_eq!(zero, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
    }
}
