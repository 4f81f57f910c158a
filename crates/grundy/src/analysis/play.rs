//! Playing a game: every legal move of a position with the value of the position it leaves, the
//! move a perfect opponent chooses (as GAMESMAN does: win fastest, lose slowest), and a
//! [`Session`] — the positions of one game with undo, redo and the value history.
//!
//! The moves of each family are listed here from its rules (the move generators of `solve` list
//! only winning moves). Values come from one exhaustive search of the positions reachable from
//! the position, which also gives each move its remoteness, when they are at most
//! [`PLAY_SEARCH_POSITIONS`]; beyond that each position left is solved on its own (a certified
//! period, a closed form) and goes without remoteness.

use std::cmp::Reverse;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::{Action, Analyzer, Error, Move, Outcome, Target, Unit};
use crate::games::game::Game;
use crate::games::position::Position;
use crate::games::ruleset::Ruleset;
pub use crate::limits::{MAX_PLAY_MOVES, PLAY_SEARCH_BYTES, PLAY_SEARCH_POSITIONS};
use crate::theory::solver::{
    Limits, Rules, SolverError, SparseGraph, misere_values, normal_values, solve_graph_observed,
};

/// The outcome, value and remoteness of a position.
type Valued = (Outcome, Option<BigUint>, Option<u32>);

/// Every legal move of a position, each with the value of the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The game (for a sum, with the positions of its components).
    pub game: Game,
    /// The position ([`Position::Sum`] for a sum).
    pub position: Position,
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The Grundy value (the misère Grundy value under misère play), where the game has one and
    /// it is known.
    pub value: Option<BigUint>,
    /// Moves to the end under best play, where it was computed (`None` for a draw too).
    pub remoteness: Option<u32>,
    /// Every legal move, in the order of the rules: heap by heap, smaller amounts first.
    pub moves: Vec<Choice>,
    /// Where the values and remoteness come from.
    pub basis: PlayBasis,
}

/// One legal move and the position it leaves, with that position's value.
///
/// In a sum a choice holds the moved component's new position only, not a copy of the sum:
/// [`Options::leads_to`] builds the game a move leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move; its `to` is the whole position left ([`Target::Whole`]), or in a sum the moved
    /// component's new position ([`Target::Component`]; the other components stay).
    pub play: Move,
    /// The position left ([`Position::Sum`] in a sum).
    pub position: Position,
    /// The outcome of the position left, for the player who moves there (the opponent).
    pub outcome: Outcome,
    /// The Grundy value of the position left (misère Grundy value under misère play), where the
    /// game has one and it is known.
    pub value: Option<BigUint>,
    /// The remoteness of the position left, where computed.
    pub remoteness: Option<u32>,
}

impl Choice {
    /// What the move achieves for the player making it: the outcome of the position left, seen
    /// by the other side.
    pub fn result(&self) -> Outcome {
        self.outcome.flipped()
    }
}

/// Where the values of an [`Options`] come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayBasis {
    /// Every position reachable from this one was searched: values and remoteness are exact.
    Searched {
        /// How many positions.
        positions: u64,
    },
    /// More than `limit` positions are reachable: each position left was solved on its own, and
    /// remoteness is known only where that solution has it (games solved as whole graphs).
    Solved {
        /// The most positions searched for remoteness.
        limit: u64,
    },
}

impl Options {
    /// The game and position move `index` leads to, as [`Analyzer::options`] takes them: the
    /// game itself and the position left, or in a sum the sum with the moved component's new
    /// position. `None` when there is no such move.
    ///
    /// # Complexity
    /// `O(k)` for a sum of `k` components (a copy of the sum), else a copy of the position.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, Position, parse_game};
    /// let game = parse_game("nim[3] + nim[1]")?;
    /// let options = Analyzer::new(Config::default()).options(&game, &Position::Sum)?;
    /// let (after, position) = options.leads_to(0).ok_or("no move")?;
    /// assert_eq!((after.to_string(), position), ("nim[2] + nim[1]".to_owned(), Position::Sum)); // take 1
    /// # Ok(()) }
    /// ```
    pub fn leads_to(&self, index: usize) -> Option<(Game, Position)> {
        let choice = self.moves.get(index)?;
        Some(after_move(&self.game, &choice.play, &choice.position))
    }

    /// The move the computer plays, as GAMESMAN chooses (an index into [`moves`](Self::moves)):
    /// the best result for the mover (win, then tie, then draw, then lose); among wins and ties
    /// the one that ends the game soonest (least remoteness), among losses the one that lasts
    /// longest (greatest remoteness). Where moves have no remoteness (or the same), the first of
    /// them in the list. `None` when there is no move.
    ///
    /// # Complexity
    /// `O(k)` for `k` moves.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let game = parse_game("nim")?;
    /// let options = Analyzer::new(Config::default()).options(&game, &game.parse_position("3,4,5")?)?;
    /// let best = &options.moves[options.best().ok_or("no move")?];
    /// assert_eq!(best.position.to_string(), "1,4,5"); // the only winning move
    /// # Ok(()) }
    /// ```
    pub fn best(&self) -> Option<usize> {
        self.moves
            .iter()
            .enumerate()
            .max_by_key(|(i, choice)| {
                let result = choice.result();
                let speed = choice.remoteness.map_or(i64::MIN, |r| {
                    if result == Outcome::Lose {
                        i64::from(r)
                    } else {
                        -i64::from(r)
                    }
                });
                (result.rank(), speed, Reverse(*i))
            })
            .map(|(i, _)| i)
    }
}

impl Analyzer<'_> {
    /// Every legal move of `position` with the outcome, Grundy value (where the game has one) and
    /// remoteness (where computable) of the position it leaves, and the position's own.
    ///
    /// Positions with at most [`PLAY_SEARCH_POSITIONS`] reachable positions (held in at most
    /// [`PLAY_SEARCH_BYTES`]) are searched whole
    /// (retrograde analysis, `docs/theory.md §13`), which gives remoteness; larger ones are
    /// answered move by move by [`solve`](Self::solve).
    ///
    /// # Complexity
    /// Counting the moves costs `O(h + k)` for `h` heaps and `k` moves; the search `O(V + E)` for
    /// the `V` positions and `E` moves reachable; otherwise `k` solutions.
    ///
    /// # Errors
    /// [`Error::Refused`] for more than [`MAX_PLAY_MOVES`] legal moves (counted before any is
    /// listed), for scripted games and for games `solve` refuses when the position is too large to
    /// search; [`Error::Setting`] for a position of the wrong shape; [`Error::Interrupted`],
    /// [`Error::TimedOut`] and [`Error::OutOfMemory`] as for [`solve`](Self::solve).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, Outcome, parse_game};
    /// let game = parse_game("subtraction:1,3,4")?;
    /// let options = Analyzer::new(Config::default()).options(&game, &game.parse_position("10")?)?;
    /// assert_eq!(options.outcome, Outcome::Win);
    /// let left: Vec<String> = options.moves.iter().map(|c| c.position.to_string()).collect();
    /// assert_eq!(left, ["9", "7", "6"]);
    /// // Taking 3 leaves 7, a P-position: it wins, and the game ends 4 moves later.
    /// assert_eq!((options.moves[1].result(), options.moves[1].remoteness), (Outcome::Win, Some(4)));
    /// # Ok(()) }
    /// ```
    pub fn options(&self, game: &Game, position: &Position) -> Result<Options, Error> {
        self.settle(self.options_unsettled(game, position))
    }

    fn options_unsettled(&self, game: &Game, position: &Position) -> Result<Options, Error> {
        if game.base().components().is_none()
            && let Some(options) =
                super::answers(game.base()).options(self, game, game.play(), position)
        {
            return options;
        }
        self.refuse_unplayable(game, position)?;
        let count = move_count(game, position)?;
        if count > BigUint::from(MAX_PLAY_MOVES) {
            return Err(Error::refused_unless(
                format!(
                    "{game}[{position}] has too many legal moves to play: up to {count}, and a game lists at most {MAX_PLAY_MOVES} (each with the value of the position it leaves)"
                ),
                super::Remedy::FewerMoves {
                    most: MAX_PLAY_MOVES,
                },
            ));
        }
        let count = count.to_u64().unwrap_or(MAX_PLAY_MOVES);
        let per_move = 256 + 2 * position.written_length() + 64 * sum_size(game);
        self.reserve(count.saturating_mul(per_move), || {
            format!("the {count} moves of {game}[{position}]")
        })?;
        let moves = legal_moves(game, position)?;
        let search = self.search(game, position)?;
        let (own, values, basis) = if let Some(search) = &search {
            let start = normal_state(game, position);
            let mut values = Vec::with_capacity(moves.len());
            for (play, after) in &moves {
                let state = state_after(game, &start, play, after);
                let index = search
                    .graph
                    .index_of(&state)
                    .ok_or_else(|| Error::Internal(format!("{after} was not searched")))?;
                values.push(search.at(index));
            }
            let positions = search.graph.states.len() as u64;
            (search.at(0), values, PlayBasis::Searched { positions })
        } else {
            let (own, values) = match self.sum_values(game, &moves)? {
                Some(solved) => solved,
                None => self.each_solved(game, position, &moves)?,
            };
            let limit = self.search_limit();
            (own, values, PlayBasis::Solved { limit })
        };
        let choices = moves
            .into_iter()
            .zip(values)
            .map(|((play, position), (outcome, value, remoteness))| Choice {
                play,
                position,
                outcome,
                value,
                remoteness,
            })
            .collect();
        let (outcome, value, remoteness) = own;
        Ok(Options {
            game: game.clone(),
            position: position.clone(),
            outcome,
            value,
            remoteness,
            moves: choices,
            basis,
        })
    }

    /// The outcome, value and remoteness of `position` and of each position `moves` leave, each
    /// solved on its own.
    fn each_solved(
        &self,
        game: &Game,
        position: &Position,
        moves: &[(Move, Position)],
    ) -> Result<(Valued, Vec<Valued>), Error> {
        let solution = self.solve_unsettled(game, position)?;
        let mut values = Vec::with_capacity(moves.len());
        for (play, after) in moves {
            self.check(0)?;
            let (after_game, after) = after_move(game, play, after);
            let solved = self.solve_unsettled(&after_game, &after)?;
            let value = solved.grundy.or(solved.misere_grundy);
            values.push((solved.outcome, value, solved.remoteness));
        }
        let value = solution.grundy.or(solution.misere_grundy);
        Ok(((solution.outcome, value, solution.remoteness), values))
    }

    /// [`each_solved`](Self::each_solved) for a sum under normal play whose components have
    /// Grundy values, from each component solved once and each component a move leaves: the
    /// value after a move in component `i` is `G xor G_i xor G_i'` (the Sprague–Grundy theorem),
    /// so a sum of `k` components costs `k` + (moves) solutions, not `k` per move. `None` for any
    /// other game, or when a component has no Grundy value (the general path says why).
    fn sum_values(
        &self,
        game: &Game,
        moves: &[(Move, Position)],
    ) -> Result<Option<(Valued, Vec<Valued>)>, Error> {
        let Some(components) = game.components().filter(|_| !game.is_misere()) else {
            return Ok(None);
        };
        let mut values = Vec::with_capacity(components.len());
        for component in components {
            self.check(0)?;
            match self
                .solve_unsettled(&component.game, &component.position)?
                .grundy
            {
                Some(value) => values.push(value),
                None => return Ok(None),
            }
        }
        let total = values.iter().fold(BigUint::zero(), |x, v| x ^ v);
        let mut after_values = Vec::with_capacity(moves.len());
        for (play, _) in moves {
            self.check(0)?;
            let (Some(i), Target::Component { position, .. }) = (play.component, &play.to) else {
                return Ok(None);
            };
            let Some(value) = self.solve_unsettled(&components[i].game, position)?.grundy else {
                return Ok(None);
            };
            let after_total = &total ^ &values[i] ^ value;
            after_values.push((Outcome::of_grundy(&after_total), Some(after_total), None));
        }
        let own = (Outcome::of_grundy(&total), Some(total), None);
        Ok(Some((own, after_values)))
    }

    /// The games `options` does not play: the families that say so (scripts), misère play of
    /// a game the last move does not decide (as `solve` refuses it), and sums with a component
    /// of either kind.
    fn refuse_unplayable(&self, game: &Game, position: &Position) -> Result<(), Error> {
        let base = game.base();
        if let Some(why) = base.ruleset().and_then(Ruleset::unplayable) {
            return Err(Error::refused(format!("{game}: {why}")));
        }
        if game.is_misere() && !base.last_move_decides() {
            // The same refusal as solve's.
            self.solve_unsettled(game, position)?;
        }
        for component in base.components().unwrap_or_default() {
            let why = match component.game.ruleset().and_then(Ruleset::unplayable) {
                Some(why) => why,
                None if !component.game.last_move_decides() => {
                    "a game with ties is not decided by the last move, so it has no Sprague–Grundy sum"
                }
                None => continue,
            };
            return Err(Error::refused(format!(
                "{game}: {} cannot be a component of a sum played here: {why}",
                component.game
            )));
        }
        Ok(())
    }

    fn search_limit(&self) -> u64 {
        PLAY_SEARCH_POSITIONS.min(self.max_positions())
    }

    /// Searches every position reachable from `position`, or `None` when there are too many.
    ///
    /// Within [`PLAY_SEARCH_POSITIONS`], except for games answered only by search (families
    /// without engines or theorems of their own): `solve` would make the same search for each
    /// move, so one search within the limits of `solve` is made instead.
    fn search(&self, game: &Game, position: &Position) -> Result<Option<Search>, Error> {
        let (games, start) = components(game, position);
        let searched = games
            .iter()
            .all(|game| super::answers(game.base()).answered_by_search());
        let rules = PlayRules {
            games,
            misere: game.is_misere(),
        };
        let limits = if searched {
            self.explore_limits()
        } else {
            Limits {
                states: self.search_limit(),
                bytes: self.budget.memory().min(PLAY_SEARCH_BYTES),
            }
        };
        // A search its families bound beyond the limit (the product of the components'
        // bounds) is not started.
        let bound = rules
            .games
            .iter()
            .zip(&start)
            .map(|(game, position)| game.ruleset()?.reachable_bound(position))
            .try_fold(BigUint::from(1u32), |product, bound| Some(product * bound?));
        if bound.is_some_and(|bound| bound > BigUint::from(limits.states)) {
            return Ok(None);
        }
        let graph = match SparseGraph::explore(&rules, start, limits, self.observer()) {
            Ok(graph) => graph,
            Err(SolverError::TooManyStates { .. } | SolverError::TooLarge { .. }) => {
                return Ok(None);
            }
            Err(other) => return Err(super::error::solver_error(other)),
        };
        let records = solve_graph_observed(&graph, self.observer()).ok_or(Error::Interrupted {
            checked_to: 0,
            unit: Unit::Positions,
        })?;
        let values = if rules.games.iter().all(Game::last_move_decides) {
            if rules.misere {
                misere_values(&graph)
            } else {
                normal_values(&graph)
            }
        } else {
            None
        };
        Ok(Some(Search {
            graph,
            records,
            values,
        }))
    }
}

/// The searched graph of a position, solved.
struct Search {
    graph: SparseGraph<Vec<Position>>,
    records: crate::theory::solver::Records,
    /// Grundy values (misère Grundy values under misère play) of every state; `None` for games
    /// without them (the contest game) and where play can last forever.
    values: Option<Vec<u32>>,
}

impl Search {
    fn at(&self, index: usize) -> (Outcome, Option<BigUint>, Option<u32>) {
        let solved = self.records.get(index);
        let value = self.values.as_ref().map(|v| BigUint::from(v[index]));
        (solved.value, value, solved.remoteness)
    }
}

/// The component games and the start state of a search: the components of a sum, else the game
/// (without `misere:`) and its position.
fn components(game: &Game, position: &Position) -> (Vec<Game>, Vec<Position>) {
    let base = game.base();
    match base.components() {
        Some(components) => (
            components.iter().map(|c| c.game.clone()).collect(),
            components
                .iter()
                .map(|c| normal_position(&c.game, &c.position))
                .collect(),
        ),
        None => (vec![base.clone()], vec![normal_position(base, position)]),
    }
}

/// The search state of a position: its components, each in normal form.
fn normal_state(game: &Game, position: &Position) -> Vec<Position> {
    components(game, position).1
}

/// A position in the form the search keys on, as its family writes it
/// ([`Ruleset::search_key`]: heaps sorted without empty ones, a pair in order, a quota at most
/// the heap, balls held as parities).
fn normal_position(game: &Game, position: &Position) -> Position {
    game.ruleset()
        .map_or_else(|| position.clone(), |rules| rules.search_key(position))
}

/// The rules the search explores: a move in one component; a state without moves is lost for
/// the player to move under normal play, won under misère play, and decided by parities in the
/// contest game.
struct PlayRules {
    games: Vec<Game>,
    misere: bool,
}

impl Rules for PlayRules {
    type State = Vec<Position>;

    fn moves(&self, state: &Self::State) -> Result<Vec<(String, Self::State)>, String> {
        let mut out = Vec::new();
        for (i, (game, position)) in self.games.iter().zip(state).enumerate() {
            for (_, after) in listed_moves(game, position).map_err(|e| e.to_string())? {
                let mut next = state.clone();
                next[i] = normal_position(game, &after);
                out.push((String::new(), next));
            }
        }
        Ok(out)
    }

    fn state_bytes(&self, state: &Self::State) -> u64 {
        state
            .iter()
            .map(|p| size_of::<Position>() as u64 + p.heap_bytes())
            .sum::<u64>()
            + 24
    }

    fn terminal(&self, state: &Self::State) -> Result<Outcome, String> {
        if let ([game], [position]) = (self.games.as_slice(), state.as_slice())
            && let Some(value) = game.ruleset().and_then(|rules| rules.end_value(position))
        {
            return Ok(value);
        }
        Ok(if self.misere {
            Outcome::Win
        } else {
            Outcome::Lose
        })
    }
}

/// How many components a sum has (1 for any other game), for memory estimates.
fn sum_size(game: &Game) -> u64 {
    game.base()
        .components()
        .map_or(1, |components| components.len() as u64)
}

/// The number of legal moves of `position`, counted without listing them.
fn move_count(game: &Game, position: &Position) -> Result<BigUint, Error> {
    let base = game.base();
    match (base.components(), position) {
        (Some(components), Position::Sum) => {
            let mut total = BigUint::zero();
            for component in components {
                total += base_move_count(&component.game, &component.position)?;
            }
            Ok(total)
        }
        _ => base_move_count(base, position),
    }
}

/// The number of moves of `position` in a game that is not a sum (nor misère: the moves are the
/// same), counted by its rules without listing them.
fn base_move_count(game: &Game, position: &Position) -> Result<BigUint, Error> {
    let rules = game.ruleset().ok_or_else(|| wrong_shape(game, position))?;
    if let Some(why) = rules.unlisted_reason(position) {
        return Err(Error::refused(format!(
            "{game}[{position}] cannot be played: its moves are not listed — {why}"
        )));
    }
    rules
        .option_count(position)
        .ok_or_else(|| wrong_shape(game, position))
}

fn wrong_shape(game: &Game, position: &Position) -> Error {
    super::wrong_shape(game, position)
}

/// Every legal move of `position` with the game and position it leaves, in the order of the
/// rules. The caller has counted them ([`move_count`]).
fn legal_moves(game: &Game, position: &Position) -> Result<Vec<(Move, Position)>, Error> {
    let base = game.base();
    match (base.components(), position) {
        (Some(components), Position::Sum) => {
            let mut out = Vec::new();
            for (index, component) in components.iter().enumerate() {
                for (action, position) in base_moves(&component.game, &component.position)? {
                    let play = Move {
                        component: Some(index),
                        action,
                        to: Target::Component { index, position },
                    };
                    out.push((play, Position::Sum));
                }
            }
            Ok(out)
        }
        _ => Ok(base_moves(base, position)?
            .into_iter()
            .map(|(action, after)| (Move::whole(action, after.clone()), after))
            .collect()),
    }
}

/// The game and position `play` leads to from a position of `game`, `after` being the position
/// left as [`Choice::position`] holds it: in a sum, the sum with the moved component's new
/// position, and in an Every-SG compound the compound at the positions of the joint move (a copy
/// of every component: built only for the move asked about).
fn after_move(game: &Game, play: &Move, after: &Position) -> (Game, Position) {
    let positions = match &play.to {
        Target::Component { index, position } => game.base().components().map(|components| {
            let mut positions: Vec<Position> =
                components.iter().map(|c| c.position.clone()).collect();
            if let Some(moved) = positions.get_mut(*index) {
                moved.clone_from(position);
            }
            positions
        }),
        Target::Sum(positions) => Some(positions.clone()),
        _ => None,
    };
    match positions.and_then(|positions| game.with_positions(positions)) {
        Some(game) => (game, Position::Sum),
        None => (game.clone(), after.clone()),
    }
}

/// The search state `play` leads to from the state `start` of a position of `game` (the state
/// of `after` outside a sum).
fn state_after(game: &Game, start: &[Position], play: &Move, after: &Position) -> Vec<Position> {
    match (game.base().components(), play.component, &play.to) {
        (Some(components), Some(index), Target::Component { position, .. })
            if index < components.len() =>
        {
            let mut state = start.to_vec();
            state[index] = normal_position(&components[index].game, position);
            state
        }
        _ => normal_state(game, after),
    }
}

/// Every move of `position` in a game that is not a sum (nor misère), as (action, position left).
fn base_moves(game: &Game, position: &Position) -> Result<Vec<(Action, Position)>, Error> {
    let count = base_move_count(game, position)?;
    if count > BigUint::from(MAX_PLAY_MOVES) {
        return Err(Error::refused(format!(
            "{game}[{position}] has {count} legal moves, more than the {MAX_PLAY_MOVES} that playing lists"
        )));
    }
    listed_moves(game, position)
}

/// Every move of `position` in a game that is not a sum (nor misère), as its family lists them
/// (at most [`MAX_LISTED_OPTIONS`](crate::games::ruleset::MAX_LISTED_OPTIONS)): the moves of the
/// positions a search reaches, which are not offered to the player.
fn listed_moves(game: &Game, position: &Position) -> Result<Vec<(Action, Position)>, Error> {
    let rules = game.ruleset().ok_or_else(|| wrong_shape(game, position))?;
    rules.options(position).ok_or_else(|| {
        let why = rules
            .unlisted_reason(position)
            .unwrap_or_else(|| "there are too many to list".to_owned());
        Error::refused(format!(
            "the moves of {game}[{position}] are not listed: {why}"
        ))
    })
}

/// Who plays a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The person at the keyboard.
    Human,
    /// The perfect opponent.
    Computer,
}

impl Player {
    /// The other player.
    #[must_use]
    pub fn other(self) -> Self {
        match self {
            Self::Human => Self::Computer,
            Self::Computer => Self::Human,
        }
    }
}

/// One position of a game in play: its moves with their values, who is to move, and which move
/// was played from it (while a later position is in the session).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The position with every move and its value.
    pub options: Options,
    /// Who moves.
    pub mover: Player,
    /// The move played from here (an index into `options.moves`), if any yet.
    pub played: Option<usize>,
}

/// Why a [`Session`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// The move's index is not in the list.
    #[error("there is no move {index}: the position has {moves} moves")]
    NoSuchMove {
        /// The index asked for (from 0).
        index: usize,
        /// How many moves there are.
        moves: usize,
    },
    /// The options given for the next position are not those of the position the move leaves.
    #[error("the options given are of {given}, but the move leaves {expected}")]
    WrongOptions {
        /// The position the move leaves.
        expected: String,
        /// The position of the options given.
        given: String,
    },
}

/// The first move after which a player's outcome got worse: a winning position left for a
/// position that does not win (or a tie for a loss).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// Which turn of the session (from 0).
    pub turn: usize,
    /// Who made it.
    pub mover: Player,
    /// The outcome the mover had before the move.
    pub before: Outcome,
    /// What the move achieves for the mover.
    pub after: Outcome,
    /// The move.
    pub play: Move,
}

/// One game in play, as pure data: the positions played so far with their values (the value
/// history), whose turn it is, and undo and redo. It computes nothing: the caller gives it the
/// [`Options`] of every position (from [`Analyzer::options`]).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::analysis::play::{Player, Session};
/// use grundy::{Analyzer, Config, parse_game};
/// let analyzer = Analyzer::new(Config::default());
/// let game = parse_game("nim")?;
/// let start = analyzer.options(&game, &game.parse_position("1,2")?)?;
/// let mut session = Session::new(start, Player::Human);
/// let (game, position) = session.current().leads_to(0).ok_or("no move")?; // leaves 0,2
/// session.play(0, analyzer.options(&game, &position)?)?;
/// assert_eq!(session.to_move(), Player::Computer);
/// assert!(session.undo());
/// assert!(session.redo());
/// assert_eq!(session.history().len(), 2);
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    turns: Vec<Turn>,
    now: usize,
}

impl Session {
    /// A game starting at `start`, `first` to move.
    pub fn new(start: Options, first: Player) -> Self {
        Self {
            turns: vec![Turn {
                options: start,
                mover: first,
                played: None,
            }],
            now: 0,
        }
    }

    /// The position to play from.
    pub fn current(&self) -> &Options {
        &self.turns[self.now].options
    }

    /// Who is to move.
    pub fn to_move(&self) -> Player {
        self.turns[self.now].mover
    }

    /// The positions played up to the current one, each with its value for its mover and the
    /// move played from it: the value history.
    pub fn history(&self) -> &[Turn] {
        &self.turns[..=self.now]
    }

    /// Plays move `index` of the current position; `next` are the options of the position it
    /// leaves. Moves taken back and not played again are forgotten.
    ///
    /// # Errors
    /// [`SessionError`] when there is no such move or `next` is not of the position it leaves.
    pub fn play(&mut self, index: usize, next: Options) -> Result<(), SessionError> {
        let current = self.current();
        let Some(choice) = current.moves.get(index) else {
            return Err(SessionError::NoSuchMove {
                index,
                moves: current.moves.len(),
            });
        };
        let (game, position) = after_move(&current.game, &choice.play, &choice.position);
        if game != next.game || position != next.position {
            return Err(SessionError::WrongOptions {
                expected: format!("{game}[{position}]"),
                given: format!("{}[{}]", next.game, next.position),
            });
        }
        let mover = self.to_move().other();
        self.turns.truncate(self.now + 1);
        self.turns[self.now].played = Some(index);
        self.turns.push(Turn {
            options: next,
            mover,
            played: None,
        });
        self.now += 1;
        Ok(())
    }

    /// Takes back the last move; `false` at the start.
    pub fn undo(&mut self) -> bool {
        if self.now == 0 {
            return false;
        }
        self.now -= 1;
        true
    }

    /// Plays again the move last taken back; `false` when there is none.
    pub fn redo(&mut self) -> bool {
        if self.now + 1 >= self.turns.len() {
            return false;
        }
        self.now += 1;
        true
    }

    /// Whether the game is over: the current position has no move.
    pub fn is_over(&self) -> bool {
        self.current().moves.is_empty()
    }

    /// Who won, once the game is over: `Some(None)` for a tie, `None` while it goes on.
    pub fn winner(&self) -> Option<Option<Player>> {
        if !self.is_over() {
            return None;
        }
        let mover = self.to_move();
        Some(match self.current().outcome {
            Outcome::Win => Some(mover),
            Outcome::Lose => Some(mover.other()),
            Outcome::Tie | Outcome::Draw => None,
        })
    }

    /// The first move of `player` after which their outcome got worse (win to tie, draw or lose;
    /// tie to draw or lose; draw to lose), if they made one.
    ///
    /// # Complexity
    /// `O(t)` for `t` turns.
    pub fn mistake(&self, player: Player) -> Option<Mistake> {
        self.history().iter().enumerate().find_map(|(turn, step)| {
            let index = step.played?;
            if step.mover != player || turn >= self.now {
                return None;
            }
            let choice = &step.options.moves[index];
            let (before, after) = (step.options.outcome, choice.result());
            (after.rank() < before.rank()).then(|| Mistake {
                turn,
                mover: player,
                before,
                after,
                play: choice.play.clone(),
            })
        })
    }

    /// Where the loser went wrong, once the game is over and somebody won: the loser's first
    /// [`mistake`](Self::mistake). `None` when nobody lost or the loser never had better than a
    /// loss.
    pub fn loser_mistake(&self) -> Option<Mistake> {
        let winner = self.winner()??;
        self.mistake(winner.other())
    }
}

#[cfg(test)]
mod tests;
