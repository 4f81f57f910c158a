//! A family's own theorem: how it values any of its positions without exploring them (a coin
//! row as the sum of its single heads, a staircase as Nim on its odd steps), and the moves that
//! reach a given value. A family offers one through
//! [`Ruleset::theorem`](crate::games::ruleset::Ruleset::theorem); the questions answer its games
//! by it, and `verify` compares it with the general search over the family's options — the
//! literal rules — on every small position.

use num_bigint::BigUint;

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::summary::Summary;
use crate::theory::pattern::{NumberSet, Sequence};

/// What a theorem says a position is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Worth {
    /// Its Grundy value: the position plays in any sum like a Nim heap of that size.
    Grundy(BigUint),
    /// Only who wins: the theorem decides the outcome, not a Grundy value.
    Outcome {
        /// Whether the player to move wins.
        wins: bool,
    },
    /// Smith's infinite value `∞(K)`: play can go on forever; the player to move wins exactly
    /// when `0 ∈ K` (by moving to a position worth 0), and it is a draw otherwise.
    Infinite {
        /// The part whose value is infinite, when there is one (a token's node); `None` where
        /// two parts or more are infinite, and `K` is empty.
        node: Option<BigUint>,
        /// `K`: the finite values the position's moves reach, ascending.
        options: Vec<BigUint>,
    },
}

impl Worth {
    /// Whether the player to move wins.
    ///
    /// # Example
    /// ```
    /// use grundy::games::theorem::Worth;
    /// assert!(Worth::Grundy(3u32.into()).wins());
    /// assert!(!Worth::Outcome { wins: false }.wins());
    /// ```
    pub fn wins(&self) -> bool {
        match self {
            Self::Grundy(value) => *value != BigUint::ZERO,
            Self::Outcome { wins } => *wins,
            Self::Infinite { options, .. } => options.contains(&BigUint::ZERO),
        }
    }
}

/// What one part of a position is, as a theorem reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PartLabel {
    /// A coin showing heads at this cell (from 0), worth the position of that one head.
    Cell(BigUint),
    /// A component of an Every-SG compound, its value the component's steps.
    Component {
        /// Which component, from 0.
        index: usize,
        /// The component as written: `nim[3]`.
        game: String,
    },
    /// A coin showing heads at this row and column of a grid (from 0), worth the position of
    /// that one head.
    Square {
        /// Its row.
        row: u64,
        /// Its column.
        column: u64,
    },
    /// The coins on this step of a staircase (from 1; step 0 is the ground).
    Step(u64),
    /// The branch of a picture hanging from the ground by a bridge to this node, worth one
    /// more than the value at the node (Green Hackenbush's colon principle).
    Branch(u64),
    /// A token on the node of this name (tokens on a directed graph).
    Token(BigUint),
    /// This many edges on cycles through the ground, fused into loops at the ground, worth 1
    /// each (the fusion principle).
    Loops(u64),
    /// A term of the greedy representation of a heap in a family's sequence (the P-sequence
    /// `H` of dynamic subtraction), by its index from 1; the part's value is the term itself.
    Term {
        /// Its index in the sequence, from 1.
        index: u64,
    },
    /// A heap's residue modulo the period of a theorem that values heaps by it (the `{1, 2, k}`
    /// subtraction game, period `k + 1`).
    Residue {
        /// The heap modulo `modulus`.
        residue: BigUint,
        /// The period.
        modulus: BigUint,
    },
    /// The binary place `2^place` of every heap, its value the number of heaps with a 1
    /// there, which Moore's theorem reads modulo `modulus`.
    Place {
        /// The exponent of the place.
        place: u64,
        /// The modulus the count is read by (`k + 1`).
        modulus: u64,
    },
}

/// One part of a position with its value: the terms a theorem adds up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// What the part is.
    pub label: PartLabel,
    /// Its value (a Grundy value).
    pub value: BigUint,
}

/// How a theorem read one position: the parts it counts, how they combine, and the worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The parts that count, in the position's order (a part the theorem ignores — coins on an
    /// even step — is not among them).
    pub parts: Vec<Part>,
    /// The worth: for a Grundy value, the xor of the parts' values.
    pub worth: Worth,
}

impl Reading {
    /// The reading of parts whose values add up by xor (the Sprague–Grundy theorem): the worth
    /// is their xor.
    ///
    /// # Example
    /// ```
    /// use grundy::games::theorem::{Part, PartLabel, Reading, Worth};
    /// let part = |cell: u32, value: u32| Part { label: PartLabel::Cell(cell.into()), value: value.into() };
    /// let reading = Reading::xor(vec![part(0, 1), part(3, 7)]);
    /// assert_eq!(reading.worth, Worth::Grundy(6u32.into()));
    /// ```
    pub fn xor(parts: Vec<Part>) -> Self {
        let total = parts
            .iter()
            .fold(BigUint::ZERO, |total, part| total ^ &part.value);
        Self {
            parts,
            worth: Worth::Grundy(total),
        }
    }
}

/// The rule of a family's table — the values of its numbered positions — as its theorem states
/// it, for `pattern` to certify the rule it finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRule {
    /// The value of the position numbered `n`.
    pub values: Sequence,
    /// The numbered positions lost by the player to move (value 0).
    pub losses: NumberSet,
}

/// A rule deciding a position written as a list of numbers, which a generated contest program
/// can carry where the family has no numbered table.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ListRule {
    /// The player to move loses exactly when the xor of the numbers at odd places (the first,
    /// third, …) is 0: staircase Nim, coins on steps 1, 2, ….
    OddPlacesXor,
    /// The player to move loses exactly when, in every binary place, the number of the numbers
    /// with a 1 there is a multiple of `modulus` (Moore's `Nim_k`, `modulus = k + 1`).
    PlacesModulo {
        /// `k + 1`, at least 2.
        modulus: u64,
    },
    /// Green Hackenbush: the numbers are a picture's edges, two node numbers each (the ground
    /// is node 0), or a parent array; the value comes from the fusion and colon principles.
    Picture,
    /// Dynamic subtraction: the numbers are a heap, or a heap and the most the next move may
    /// take; the player to move wins exactly when the smallest term of the heap's greedy
    /// representation in the P-sequence of `f(x) = slope · x + offset` is at most that.
    Greedy {
        /// The coefficient of `x` in the move bound.
        slope: i64,
        /// The constant of the move bound.
        offset: i64,
    },
    /// Tokens on a directed graph: the numbers are the tokens' nodes, valued by the mex of
    /// their successors in the order children first, or by Smith's values where the graph has
    /// cycles.
    Tokens {
        /// The graph's edges `(from, to)`.
        edges: Vec<(u64, u64)>,
    },
}

/// A family's theorem: the worth of each of its positions and the moves to a value, computed
/// from the position alone.
///
/// # Example
/// ```
/// use grundy::games::theorem::Worth;
/// use grundy::{Position, parse_game};
/// let game = parse_game("coins:mock-turtles")?;
/// let theorem = game.ruleset().and_then(|rules| rules.theorem()).ok_or("a theorem")?;
/// let heads = Position::Heaps(vec![0u32.into(), 3u32.into()]);
/// let reading = theorem.read(&heads).ok_or("a position of the game")?;
/// assert_eq!(reading.worth, Worth::Grundy(6u32.into())); // 1 xor 7
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Theorem: Send + Sync {
    /// The theorem's name, in each language explanations are written in: `the decomposition
    /// theorem of coin-turning games`.
    fn name(&self) -> Summary;

    /// What the theorem says, in one or two sentences, in each language.
    fn statement(&self) -> Summary;

    /// How the theorem reads `position`; `None` where `position` is not one of the family's
    /// positions.
    ///
    /// # Complexity
    /// Linear in the digits of the position, for every family that offers one.
    fn read(&self, position: &Position) -> Option<Reading>;

    /// Every move from `position` to a position of Grundy value `target` — for a theorem of
    /// outcomes only ([`Worth::Outcome`]), `target` 0 asks for the moves to positions lost by
    /// the player to move —, each an action; a set of more than `most_listed` such moves that
    /// one action can describe (such as
    /// [`Action::TurnClass`]) is that one action. `None`
    /// where `position` is not one of the family's positions.
    ///
    /// # Complexity
    /// Linear in the digits of the position and in the actions returned.
    fn moves_to(
        &self,
        position: &Position,
        target: &BigUint,
        most_listed: u64,
    ) -> Option<Vec<Action>>;

    /// Why the theorem does not read `position`, a position of the family, where
    /// [`read`](Self::read) is `None` for it because reading it would pass a limit of the
    /// family's own (a sequence beyond its memory): what it would take. `None` where `read`
    /// reads it, or `position` is not one of the family's.
    fn unread_reason(&self, position: &Position) -> Option<String> {
        let _ = position;
        None
    }

    /// Why the moves of `position` to a value are not listed, where
    /// [`moves_to`](Self::moves_to) is `None` for a position of the family because finding
    /// them all would take too long: what it would take.
    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        let _ = position;
        None
    }

    /// The position `action` (one move, not a class) leaves from `position`; `None` for a class
    /// of moves, or a position of more than `most_numbers` numbers.
    ///
    /// # Complexity
    /// Linear in the digits of the position left.
    fn after(&self, position: &Position, action: &Action, most_numbers: u64) -> Option<Position>;

    /// The rule a generated program carries for positions written as lists of numbers, where
    /// the theorem states one.
    fn list_rule(&self) -> Option<ListRule> {
        None
    }

    /// The rule of the values of the family's numbered positions, where the theorem states one.
    fn table_rule(&self) -> Option<TableRule> {
        None
    }

    /// The first terms of the sequence a theorem of greedy representations is built on (the
    /// P-sequence of dynamic subtraction), none beyond `limit` and at most `most`, for
    /// explanations; empty for any other theorem.
    fn sequence(&self, most: usize, limit: &BigUint) -> Vec<BigUint> {
        let _ = (most, limit);
        Vec::new()
    }

    /// The most the opponent may take after a move of `take`, where the theorem's family
    /// bounds the next move by the last one (dynamic subtraction's `f(take)`); `None` elsewhere.
    fn next_quota(&self, take: &BigUint) -> Option<BigUint> {
        let _ = take;
        None
    }

    /// Every position whose numbers are below `reach` that `verify` compares the theorem with
    /// the literal rules on (each is searched, so a few thousand at most).
    fn small_positions(&self, reach: u64) -> Vec<Position>;
}
