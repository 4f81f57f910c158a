//! Moves as typed data: where a move is played, what it does ([`Action`]) and what it leaves
//! ([`Target`]). The rules of each family list their options as actions and positions
//! ([`Ruleset::options`](crate::games::ruleset::Ruleset::options)); the answers carry [`Move`]s;
//! their words come from [`render::moves`](crate::render::moves).

use num_bigint::BigUint;

use crate::games::position::Position;

/// One move: where it is played, what it does, and what it leaves. Its words come from
/// [`render::moves`](crate::render::moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The component of a sum the move is played in (from 0); `None` in a game that is not a sum.
    pub component: Option<usize>,
    /// What the move does.
    pub action: Action,
    /// What the move leaves: the whole position, or only the part it changes, as
    /// [`part`](Self::part) says.
    pub to: Target,
}

/// What a [`Move`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Take `amount` from the one heap (subtraction and no-repeat games, `oddball`).
    Take {
        /// Tokens taken.
        amount: BigUint,
    },
    /// Take `2^exponent` from the one heap (a huge heap of `subtraction:powers-of-2`, where the
    /// amount is written as a power).
    TakePowerOfTwo {
        /// The exponent.
        exponent: u64,
    },
    /// Take `amount` from heap `heap` (from 0): Nim, or one heap of Wythoff's game.
    TakeFromHeap {
        /// Which heap, from 0.
        heap: usize,
        /// Tokens taken.
        amount: BigUint,
    },
    /// Take `amount` from each of several heaps at once (Moore's `Nim_k`), heaps from 0 in
    /// increasing order, each amount at least 1.
    TakeFromHeaps {
        /// Each heap with the tokens taken from it.
        takes: Vec<(usize, BigUint)>,
    },
    /// A class of moves taking from exactly a set of heaps, too many to list one by one.
    TakeClass(Box<TakeClass>),
    /// Take `amount` from each of the two heaps of Wythoff's game.
    TakeFromBoth {
        /// Tokens taken from each heap.
        amount: BigUint,
    },
    /// Take `amount`, at most the quota (Fibonacci Nim); the opponent's new quota, twice
    /// `amount`, is part of the position left.
    TakeUnderQuota {
        /// Tokens taken.
        amount: BigUint,
    },
    /// A take-and-break move: take `take` tokens from a heap and leave the rest as `parts` — no
    /// part when the whole heap is taken, one when it is not split, two or three for a split.
    TakeAndBreak {
        /// Which heap, from 0, when the position has several; `None` for a position of one heap.
        heap: Option<usize>,
        /// Tokens taken (0 for a split without taking).
        take: BigUint,
        /// The heaps left in its place.
        parts: Vec<BigUint>,
    },
    /// A residue class of take-and-break splits of one huge heap.
    SplitClass(Box<SplitClass>),
    /// A residue class of moves `take 2^k` from one huge heap.
    PowerClass(Box<PowerClass>),
    /// Turn over the coins at `cells` (from 0), the first the rightmost, which shows heads and
    /// turns to tails (a coin-turning game).
    Turn {
        /// The cells, the rightmost first.
        cells: Vec<BigUint>,
    },
    /// Turn over every coin from cell `from` to cell `to` (a run, `to` the rightmost, which
    /// shows heads and turns to tails).
    TurnRun {
        /// The leftmost cell of the run.
        from: BigUint,
        /// The rightmost cell of the run.
        to: BigUint,
    },
    /// A class of coin-turning moves too many to list one by one.
    TurnClass(Box<TurnClass>),
    /// Turn over the four corners of the rectangle between `corner` and `opposite` (row and
    /// column, from 0): `corner` shows heads and turns to tails, `opposite` is below it in both
    /// (Turning Corners).
    TurnCorners {
        /// The farthest corner from row 0 and column 0, which shows heads.
        corner: (u64, u64),
        /// The nearest corner.
        opposite: (u64, u64),
    },
    /// Move `coins` coins from step `step` (from 1) one step down; from step 1 they leave the
    /// staircase (staircase Nim).
    MoveDown {
        /// The step, from 1.
        step: usize,
        /// How many coins.
        coins: BigUint,
    },
    /// Remove edge `edge` (from 0, in the order the picture lists its edges), which joins
    /// `from` and `to` (Green Hackenbush); what no longer reaches the ground falls with it.
    Chop {
        /// Which edge, from 0.
        edge: usize,
        /// One end.
        from: u64,
        /// The other end.
        to: u64,
    },
    /// Slide token `token` (from 0, in the order the position lists them) along the edge from
    /// node `from` to node `to` (tokens on a directed graph).
    Slide {
        /// Which token, from 0.
        token: usize,
        /// The node it leaves.
        from: u64,
        /// The node it reaches.
        to: u64,
    },
    /// A joint move of an Every-SG compound: one move in each component that has one, each
    /// with its component (from 0).
    Joint {
        /// Each component moved in, with its move.
        moves: Vec<(usize, Action)>,
    },
    /// A class of winning joint moves of an Every-SG compound too many to list: each leaves
    /// the largest number of steps even.
    JointClass {
        /// How many moves the class holds.
        moves: BigUint,
    },
    /// A move of a game given as a script, by the script's name for it (`to P` when the script
    /// names none).
    Labelled {
        /// The script's label.
        label: String,
    },
}

/// The take-and-break moves that take `take` tokens from a heap and split the `rest` into `a` and
/// `rest − a`, for every `a ≡ residue (mod period)` with `residue ≤ a ≤ high`: one class of the
/// winning splits of a heap too large to list them one by one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitClass {
    /// Which heap, from 0, when the position has several; `None` for a position of one heap.
    pub heap: Option<usize>,
    /// Tokens taken before the split (0 for a split without taking).
    pub take: u64,
    /// The tokens split in two.
    pub rest: BigUint,
    /// The least `a` of the class, and its residue.
    pub residue: u64,
    /// The modulus of the class.
    pub period: u64,
    /// The greatest `a` of the class.
    pub high: BigUint,
    /// How many moves the class holds.
    pub moves: BigUint,
}

/// The moves `take 2^k` from `heap` for every `k ≡ residue (mod modulus)` with
/// `residue ≤ k ≤ high`: one class of the winning moves of a heap too large to list them one by
/// one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerClass {
    /// The heap taken from.
    pub heap: BigUint,
    /// The least exponent of the class, and its residue.
    pub residue: u64,
    /// The modulus of the class.
    pub modulus: u64,
    /// The greatest exponent of the class.
    pub high: u64,
    /// How many moves the class holds.
    pub moves: u64,
}

/// The coin-turning moves that turn over the coin at `rightmost` (heads to tails) and two coins
/// `y < z < rightmost` with `y xor z = mask`, for every such pair: one class of the winning
/// moves of a coin too far along the row to list them one by one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnClass {
    /// The rightmost coin, which shows heads.
    pub rightmost: BigUint,
    /// `y xor z` for the two other coins.
    pub mask: BigUint,
    /// How many moves the class holds.
    pub moves: BigUint,
}

/// The moves of Moore's `Nim_k` that take at least one token from each of `heaps` and nothing
/// from the others, leaving a position where every binary place holds a number of ones
/// divisible by `modulus` (`k + 1`): one class of winning moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeClass {
    /// The heaps taken from, from 0, in increasing order.
    pub heaps: Vec<usize>,
    /// `k + 1`.
    pub modulus: u64,
    /// How many moves the class holds.
    pub moves: BigUint,
}

impl Action {
    /// How many moves the action stands for where it is a class of moves (`None` for one
    /// move).
    ///
    /// # Example
    /// ```
    /// use grundy::games::moves::{Action, TakeClass};
    /// let class = TakeClass { heaps: vec![0, 1], modulus: 3, moves: 7u32.into() };
    /// assert_eq!(Action::TakeClass(Box::new(class)).class_moves(), Some(7u32.into()));
    /// assert_eq!(Action::Take { amount: 1u32.into() }.class_moves(), None);
    /// ```
    pub fn class_moves(&self) -> Option<BigUint> {
        match self {
            Self::SplitClass(class) => Some(class.moves.clone()),
            Self::PowerClass(class) => Some(BigUint::from(class.moves)),
            Self::TurnClass(class) => Some(class.moves.clone()),
            Self::TakeClass(class) => Some(class.moves.clone()),
            Self::JointClass { moves } => Some(moves.clone()),
            _ => None,
        }
    }
}

/// What a [`Move`] leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The whole position after the move.
    Whole(Position),
    /// The whole sum after the move: every component's position, in order.
    Sum(Vec<Position>),
    /// The heaps that replace heap `index` (from 0); the other heaps are unchanged.
    Heap {
        /// Which heap, from 0.
        index: usize,
        /// The heaps left in its place (none when it is taken whole).
        heaps: Vec<BigUint>,
    },
    /// The new position of component `index` (from 0) of a sum; the others are unchanged.
    Component {
        /// Which component, from 0.
        index: usize,
        /// Its position after the move.
        position: Position,
    },
    /// The position is not written: each move of a class ([`Action::TurnClass`]) leaves its
    /// own, or the one move leaves a position too long to write (a long [`Action::TurnRun`]);
    /// the action says what changes.
    Unwritten,
    /// The positions of a class of moves ([`Action::SplitClass`], [`Action::PowerClass`]): each
    /// member changes heap `index` (from 0) as the action says.
    Class {
        /// Which heap, from 0.
        index: usize,
        /// The other heaps, in order, when the answer writes the whole position; `None` when it
        /// writes only the changed heap.
        others: Option<Vec<BigUint>>,
    },
}

/// What a [`Move`]'s `to` describes.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        moves: BigUint,
    },
}

impl Move {
    /// A move in a game that is not a sum, leaving the whole position `to`.
    pub(crate) fn whole(action: Action, to: Position) -> Self {
        Self {
            component: None,
            action,
            to: Target::Whole(to),
        }
    }

    /// What [`to`](Self::to) describes: the whole position, the changed heap or component, or
    /// (for a class of `take 2^k`) a family of positions.
    ///
    /// # Example
    /// ```
    /// use grundy::{Analyzer, Config, Part, parse_game};
    /// let game = parse_game("nim")?;
    /// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("3,4,5")?)?;
    /// assert_eq!(solution.winning_moves[0].part(), Part::Whole);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn part(&self) -> Part {
        match (&self.to, &self.action) {
            (Target::Class { .. }, Action::PowerClass(class)) => Part::Family {
                moves: class.moves.into(),
            },
            (Target::Unwritten, action) => Part::Family {
                moves: action.class_moves().unwrap_or_else(|| BigUint::from(1u32)),
            },
            (
                Target::Whole(_)
                | Target::Sum(_)
                | Target::Class {
                    others: Some(_), ..
                },
                _,
            ) => Part::Whole,
            (
                Target::Heap { index, .. }
                | Target::Class {
                    index,
                    others: None,
                },
                _,
            ) => Part::Heap { index: *index },
            (Target::Component { index, .. }, _) => Part::Component { index: *index },
        }
    }
}
