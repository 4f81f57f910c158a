//! The typed answers: solutions, tables, grids and period reports.

use num_bigint::BigUint;

use crate::games::game::Game;
use crate::games::play::Play;
use crate::theory::period::{Certificate, Search};

/// Win, lose, tie or draw, for the player to move.
pub use crate::theory::solver::Value as Outcome;

/// One move: what to do, and the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The move in words: `take 1`, `take 2 from heap 1`, `take 3 from both heaps`; in a sum,
    /// prefixed by the component it is played in.
    pub description: String,
    /// The position after the move, as the game's positions are written: the whole position, or
    /// only the part the move changes, as [`part`](Self::part) says.
    pub to: String,
    /// What `to` describes.
    pub part: Part,
}

/// What a [`Move`]'s `to` describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The whole position after the move.
    Whole,
    /// The heaps that replace heap `index` (from 0); the other heaps are unchanged.
    Heap {
        /// Which heap, from 0.
        index: usize,
    },
    /// The new position of component `index` (from 0) of a sum; the others are unchanged.
    Component {
        /// Which component, from 0.
        index: usize,
    },
    /// A class of `moves` moves, described together (`to` says where each leads); written one
    /// by one they would not fit the answer.
    Family {
        /// How many moves the class holds.
        moves: u64,
    },
}

/// How much of the position a [`Move`] carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveTargets {
    /// The whole position while all winning moves' positions together stay within
    /// [`WHOLE_POSITIONS_BYTES`]; beyond that only the part each move changes.
    #[default]
    Automatic,
    /// Always the whole position (within the memory budget).
    Whole,
}

pub use crate::limits::WHOLE_POSITIONS_BYTES;

impl Move {
    /// A move leaving the position `to`, written whole.
    pub(crate) fn whole(description: String, to: String) -> Self {
        Self {
            description,
            to,
            part: Part::Whole,
        }
    }
}

/// What an answer rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Basis {
    /// A certified period, re-checked before use.
    Certified(Certificate),
    /// Values computed directly, `G(0)` to `G(computed - 1)` (or that many positions).
    Computed {
        /// How many values.
        computed: u64,
    },
    /// A theorem with a closed form, named.
    Rule(&'static str),
    /// An exhaustive search of the positions reachable from this one.
    Search {
        /// How many positions were solved.
        positions: u64,
    },
    /// The Sprague–Grundy theorem over components, each with its own basis.
    Components(Vec<Basis>),
}

/// A move with what it achieves for the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move and the position it leaves.
    pub play: Move,
    /// What the move achieves for the player making it: win, lose, tie or draw.
    pub value: Outcome,
    /// Moves to the end of the game through this move under best play (`None` for a draw).
    pub remoteness: Option<u32>,
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The game's canonical spec.
    pub game: String,
    /// The position, as the game writes it (empty for a sum: its positions are in `game`).
    pub position: String,
    /// Win or lose for the player to move.
    pub outcome: Outcome,
    /// The Grundy value, where one is known (`None` under misère play, or beyond a limit).
    pub grundy: Option<BigUint>,
    /// The misère Grundy value of a single game under misère play, where known.
    pub misere_grundy: Option<BigUint>,
    /// The generalised Sprague–Grundy value (Smith) of an impartial game solved as a graph: a
    /// nimber equal to `grundy`, or `∞(K)` when play can go on forever (then `grundy` is `None`).
    pub loopy: Option<crate::theory::solver::Loopy>,
    /// Every winning move.
    pub winning_moves: Vec<Move>,
    /// Moves to the end under best play, where the whole game was solved (`None` otherwise, and
    /// for draws).
    pub remoteness: Option<u32>,
    /// Every move with what it achieves, where the whole game was solved (empty otherwise).
    pub moves: Vec<ScoredMove>,
    /// What decided it.
    pub basis: Basis,
    /// One sentence saying what decided it.
    pub reason: String,
}

impl Solution {
    /// An answer with the common fields; misère, loopy and per-move data are empty (set them with
    /// struct update syntax where a game has them).
    pub(crate) fn new(
        game: &Game,
        position: String,
        outcome: Outcome,
        grundy: Option<BigUint>,
        winning_moves: Vec<Move>,
        basis: Basis,
        reason: String,
    ) -> Self {
        Self {
            game: game.to_string(),
            position,
            outcome,
            grundy,
            misere_grundy: None,
            loopy: None,
            winning_moves,
            remoteness: None,
            moves: Vec::new(),
            basis,
            reason,
        }
    }

    /// An answer from a game solved as a whole graph: value and remoteness of the position, every
    /// move scored, and the winning moves derived from those scores.
    pub(crate) fn from_graph(
        game: &Game,
        position: String,
        solved: crate::theory::solver::Solved,
        moves: Vec<ScoredMove>,
        positions: u64,
        reason: String,
    ) -> Self {
        let winning_moves = moves
            .iter()
            .filter(|m| m.value == Outcome::Win)
            .map(|m| m.play.clone())
            .collect();
        Self {
            remoteness: solved.remoteness,
            moves,
            ..Self::new(
                game,
                position,
                solved.value,
                None,
                winning_moves,
                Basis::Search { positions },
                reason,
            )
        }
    }

    /// An answer valued by `value` under `play`: the Grundy value under normal play, the misère
    /// Grundy value under misère play.
    pub(crate) fn with_value(self, play: Play, value: BigUint) -> Self {
        match play {
            Play::Normal => Self {
                grundy: Some(value),
                ..self
            },
            Play::Misere => Self {
                misere_grundy: Some(value),
                ..self
            },
        }
    }

    /// The move a computer plays, as GAMESMAN chooses: the best value for the mover (win, tie,
    /// draw, lose), winning or tying as fast as possible and losing as slowly as possible. `None`
    /// when the moves were not solved one by one (or there are none).
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, Outcome, parse_game};
    /// let game = parse_game("oddball:1,4,5").unwrap();
    /// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("13").unwrap()).unwrap();
    /// let best = solution.best_move().unwrap();
    /// assert_eq!((best.play.description.as_str(), best.value, best.remoteness), ("take 5", Outcome::Win, Some(5)));
    /// ```
    pub fn best_move(&self) -> Option<&ScoredMove> {
        self.moves.iter().max_by_key(|m| {
            let remoteness = i64::from(m.remoteness.unwrap_or(0));
            let speed = if m.value == Outcome::Lose {
                remoteness
            } else {
                -remoteness
            };
            (m.value.rank(), speed)
        })
    }
}

/// Grundy values of consecutive heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The game's canonical spec.
    pub game: String,
    /// The first heap size.
    pub from: BigUint,
    /// `G(from)`, `G(from + 1)`, … (misère Grundy values for a misère game; for Fibonacci Nim,
    /// fresh heaps; for no-repeat games, before the first move).
    pub values: Vec<BigUint>,
    /// What the values rest on.
    pub basis: Basis,
}

/// Grundy values of Wythoff's game, `values[a][b]` for `a, b <= to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The game's canonical spec.
    pub game: String,
    /// `values[a][b]`.
    pub values: Vec<Vec<u32>>,
}

/// The result of a period search on a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The game's canonical spec.
    pub game: String,
    /// Certified, observed, or not found.
    pub search: Search,
    /// For no-repeat games the search runs on state vectors: the periodicity's values are ids,
    /// and `state_vectors[id]` is `(G(n, none), G(n, s1), …, G(n, sk))`.
    pub state_vectors: Option<Vec<Vec<u32>>>,
    /// Why no theorem can certify this game's period, when none can.
    pub uncertifiable: Option<String>,
}
