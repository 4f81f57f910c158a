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

use super::family::Answers;
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::subtraction::FiniteSet;
use crate::theory::solver::Value as Outcome;

pub(in crate::analysis) use state::{State, each_heap, heaps_state};

mod state;

/// The brute-force rules of `game` (a game that is not a sum; `misere:` changes only values).
fn rules(game: &Game) -> Box<dyn Answers + '_> {
    super::answers(game.base())
}

impl State {
    /// The state of `position` in `game`, or `None` if a number is too large for a brute force
    /// or the game's family has no brute force.
    pub(super) fn of(game: &Game, position: &Position) -> Option<Self> {
        match game.base().components() {
            Some(components) => components
                .iter()
                .map(|c| Self::of(&c.game, &c.position))
                .collect::<Option<Vec<_>>>()
                .map(Self::Sum),
            None => rules(game).brute_state(position),
        }
    }
}

/// Why the brute force stopped.
#[derive(Clone, Copy, Debug)]
pub(super) enum Stop {
    /// More states than allowed.
    TooManyStates,
    /// The caller's poll said stop.
    Interrupted,
}

/// A game's brute-force rules, read once: the family's, or each component's for a sum.
enum Rules<'g> {
    One(Box<dyn Answers + 'g>),
    Sum(Vec<Box<dyn Answers + 'g>>),
}

impl<'g> Rules<'g> {
    fn of(game: &'g Game) -> Self {
        match game.base().components() {
            Some(components) => Self::Sum(components.iter().map(|c| rules(&c.game)).collect()),
            None => Self::One(rules(game)),
        }
    }

    /// The options of `state` (normal play rules; misère play changes only the values): in a
    /// sum, a move in one component.
    fn options(&self, state: &State) -> Vec<State> {
        match (self, state) {
            (Self::Sum(components), State::Sum(parts)) => {
                let mut out = Vec::new();
                for (i, (component, part)) in components.iter().zip(parts).enumerate() {
                    for option in component.brute_options(part) {
                        let mut next = parts.clone();
                        next[i] = option;
                        out.push(State::Sum(next));
                    }
                }
                out
            }
            (Self::One(rules), state) => rules.brute_options(state),
            (Self::Sum(_), _) => Vec::new(),
        }
    }
}

/// About how many option steps the brute force takes for a game's positions up to `to`, as its
/// family counts them (the states of a sum: one step each).
pub(super) fn work(game: &Game, to: u64) -> u128 {
    let n = u128::from(to) + 1;
    match game.base().components() {
        Some(_) => n,
        None => rules(game).brute_work(n),
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
    rules: Rules<'g>,
    play: Play,
    values: HashMap<State, u32>,
    limit: usize,
}

impl<'g> Memo<'g> {
    /// A memo for `game` (its play from `misere:`) holding at most `limit` states.
    pub(super) fn new(game: &'g Game, limit: usize) -> Self {
        Self {
            rules: Rules::of(game),
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
        let mut stack: Vec<(State, Vec<State>)> = vec![(state.clone(), self.rules.options(state))];
        while let Some((current, opts)) = stack.last() {
            if let Some(next) = opts.iter().find(|o| !self.values.contains_key(*o)) {
                let next = next.clone();
                let next_options = self.rules.options(&next);
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
        for option in self.rules.options(state) {
            let value = self.value(&option, poll)?;
            out.push((option, value));
        }
        Ok(out)
    }
}

/// `G(0)`, …, `G(to)` of a one-heap game (misère values under misère play), by the definition:
/// every option of every heap, a split's value the xor of its parts' values. `None` for a game
/// whose family has no one-heap brute force; `Err` when `poll` says stop (asked every heap).
///
/// Work: as [`work`] counts it — `O(to²)` for infinite subtraction sets and two-heap splits,
/// `O(to³)` for three-heap splits.
pub(super) fn heap_sequence(
    game: &Game,
    to: u64,
    poll: &mut dyn FnMut() -> bool,
) -> Option<Result<Vec<u32>, Stop>> {
    let play = game.play();
    let rules = rules(game);
    rules.brute_heap_moves(0)?;
    let mut values: Vec<u32> = Vec::new();
    for n in 0..=to {
        if poll() {
            return Some(Err(Stop::Interrupted));
        }
        let options: Vec<u32> = rules
            .brute_heap_moves(n)
            .unwrap_or_default()
            .iter()
            .map(|(_, parts)| parts.iter().fold(0, |x, &p| x ^ values[p as usize]))
            .collect();
        values.push(value_of(play, options));
    }
    Some(Ok(values))
}

/// The options of a heap of `n` of a one-heap game with their values from `values` (as
/// [`heap_sequence`] computed them): a split's value is the xor of its parts'.
pub(super) fn heap_options(game: &Game, n: u64, values: &[u32]) -> Vec<(State, u32)> {
    rules(game)
        .brute_heap_moves(n)
        .unwrap_or_default()
        .into_iter()
        .map(|(state, parts)| {
            let value = parts.iter().fold(0, |x, &p| x ^ values[p as usize]);
            (state, value)
        })
        .collect()
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
