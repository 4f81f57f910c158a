//! The contract of a game family: its rules as data. Each family implements [`Ruleset`] beside
//! its rules in `games/`: the position a message shows, the options of a position — typed moves
//! and the positions they leave, counted before they are listed —, and what it offers the
//! questions beyond them. Misère play and sums are not families but combinators over any of them
//! ([`Game::Misere`](crate::Game::Misere), [`Game::Sum`](crate::Game::Sum)), and
//! [`Game::ruleset`](crate::Game::ruleset) is the one place that maps a game to its family.
//!
//! A question asks a game's ruleset for what it needs and falls back to the general search over
//! [`options`](Ruleset::options) where a family offers nothing more.

use num_bigint::BigUint;

use crate::games::moves::Action;
use crate::games::position::Position;
pub use crate::limits::MAX_LISTED_OPTIONS;

/// How a family's positions are written after the game; `input` reads a position by its shape
/// and then asks the family to [check](Ruleset::check_position) it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionShape<'a> {
    /// One whole number: `10`, `10^18` ([`Position::Heap`]).
    Heap,
    /// One heap, or several separated by commas: the sum of one-heap games ([`Position::Heap`]
    /// or [`Position::Heaps`]).
    HeapOrHeaps,
    /// Any number of heaps separated by commas, none written as nothing ([`Position::Heaps`]).
    Heaps,
    /// Exactly two heaps `a,b` ([`Position::Pair`]).
    Pair,
    /// `n`, a fresh heap, or `n/q`, the next move takes at most `q ≥ 1` ([`Position::Quota`]).
    Quota,
    /// `n`, before the first move, or `n/last`, the amount of `amounts` the opponent just took
    /// ([`Position::LastMove`]).
    LastMove {
        /// The amounts a move may take, in increasing order.
        amounts: &'a [u64],
    },
    /// `n` balls at the start, or `n/a/b`: `n` left, `a` held by the player to move, `b` by the
    /// opponent ([`Position::Balls`]).
    Balls,
    /// Any text, handed to the rules as it is ([`Position::Argument`]).
    Argument,
}

/// Why a position of the right shape is not one of a family's positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionProblem {
    /// What is wrong.
    pub message: String,
    /// How to write a position of the family instead.
    pub hint: String,
}

/// Whether a position with `count` options (as [`Ruleset::option_count`] counts them) has them
/// listed by [`Ruleset::options`]: at most [`MAX_LISTED_OPTIONS`].
///
/// # Example
/// ```
/// use grundy::games::ruleset::listable;
/// assert!(listable(&65_536u32.into()));
/// assert!(!listable(&65_537u32.into()));
/// ```
pub fn listable(count: &BigUint) -> bool {
    *count <= BigUint::from(MAX_LISTED_OPTIONS)
}

/// What a game family is: its rules, as the questions ask for them.
///
/// # Example
/// ```
/// use grundy::{Position, parse_game};
/// let game = parse_game("wythoff")?;
/// let rules = game.ruleset().ok_or("a family")?;
/// let position = Position::Pair(1u32.into(), 2u32.into());
/// assert_eq!(rules.option_count(&position), Some(4u32.into()));
/// let left: Vec<Position> = rules.options(&position).ok_or("a pair")?.into_iter().map(|(_, p)| p).collect();
/// assert!(left.contains(&Position::Pair(0u32.into(), 1u32.into())));
/// assert!(rules.has_grid());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Ruleset: Send + Sync {
    /// A position as a user writes it after the game, for messages that show how to give one.
    fn example_position(&self) -> &'static str {
        "10"
    }

    /// How a position is written after the game: one whole number unless the family says
    /// otherwise.
    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Heap
    }

    /// Whether `position`, read by its [shape](Self::position_shape), is one of the family's
    /// positions: every position of the shape is, unless the family says otherwise.
    ///
    /// # Errors
    /// A [`PositionProblem`] saying what is wrong and how to write a position instead.
    fn check_position(&self, position: &Position) -> Result<(), PositionProblem> {
        let _ = position;
        Ok(())
    }

    /// The position numbered `n` where a family numbers its positions (a heap of `n` tokens):
    /// the rows of its table and the terms of its periods. `None` where positions are not
    /// numbered.
    fn numbered_position(&self, n: &BigUint) -> Option<Position> {
        let _ = n;
        None
    }

    /// How many options `position` has, counted without listing them — exactly, or an upper
    /// bound for take-and-break codes (every split counted, whatever its modifier) and for an
    /// infinite subtraction set on a heap beyond what is worth counting member by member (the
    /// heap itself) —, or `None` where the family does not list them: `position` is not one of
    /// its positions, or its options come from running rules (a script).
    ///
    /// # Complexity
    /// `O(k + d)` for the `k` amounts or digits of the rules and `d` digits of the position, but
    /// for an infinite subtraction set on a heap below a few hundred thousand (its members are
    /// counted one by one).
    fn option_count(&self, position: &Position) -> Option<BigUint>;

    /// Every option of `position` in the order of the rules (heap by heap, smaller amounts
    /// first): what the move does and the position it leaves; `None` where
    /// [`option_count`](Self::option_count) is `None` or above [`MAX_LISTED_OPTIONS`] (check
    /// with [`listable`] first: a family never lists more).
    ///
    /// # Complexity
    /// `O(m · d)` for the `m` options, at most [`MAX_LISTED_OPTIONS`], of `d` digits.
    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>>;

    /// Whether the game's values form a grid of two heaps (Wythoff's game) rather than a table
    /// of one.
    fn has_grid(&self) -> bool {
        false
    }

    /// How far `verify` compares when not told: what its brute force solves for this family in
    /// about a second.
    fn verify_reach(&self) -> u64 {
        12
    }
}
