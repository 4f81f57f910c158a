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
use crate::games::theorem::Theorem;
pub use crate::limits::MAX_LISTED_OPTIONS;
use crate::theory::solver::Value;

/// Heaps in increasing order without empty ones (the order of heaps and empty heaps change
/// nothing in a sum of heaps), for [`Ruleset::search_key`]; any other position as it is.
///
/// # Example
/// ```
/// use grundy::Position;
/// use grundy::games::ruleset::heaps_in_order;
/// let heaps = |h: &[u32]| Position::Heaps(h.iter().map(|&n| n.into()).collect());
/// assert_eq!(heaps_in_order(&heaps(&[3, 0, 1])), heaps(&[1, 3]));
/// ```
pub fn heaps_in_order(position: &Position) -> Position {
    match position {
        Position::Heaps(heaps) => {
            let mut heaps: Vec<BigUint> = heaps
                .iter()
                .filter(|h| **h != BigUint::ZERO)
                .cloned()
                .collect();
            heaps.sort();
            Position::Heaps(heaps)
        }
        other => other.clone(),
    }
}

/// How many options a heap with a quota (`Position::Quota`) has: one for each take from 1 to
/// the quota in force, at most the heap; `None` for any other position.
pub fn quota_option_count(position: &Position) -> Option<BigUint> {
    let (heap, quota) = position.heap_and_quota()?;
    Some(quota.min(heap.clone()))
}

/// The options of a heap with a quota (Fibonacci Nim, dynamic subtraction): each take from 1 to
/// the quota in force, at most the heap, leaving the opponent the quota `next(take)`; `None`
/// for any other position, or one of more than [`MAX_LISTED_OPTIONS`] options.
///
/// # Complexity
/// `O(m · d)` for the `m` options of `d` digits.
pub fn quota_options(
    position: &Position,
    next: impl Fn(&BigUint) -> BigUint,
) -> Option<Vec<(Action, Position)>> {
    let count = quota_option_count(position)?;
    if !listable(&count) {
        return None;
    }
    let (heap, _) = position.heap_and_quota()?;
    let options = (1..=u64::try_from(&count).ok()?)
        .map(|take| {
            let take = BigUint::from(take);
            let after = Position::Quota {
                heap: heap - &take,
                quota: Some(next(&take)),
            };
            (Action::TakeUnderQuota { amount: take }, after)
        })
        .collect();
    Some(options)
}

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
    /// Undirected edges between nodes named by whole numbers, `u-v` or `u v`, separated by
    /// commas, semicolons or new lines; or a parent array `parents: p1 p2 …` (node `i` joined
    /// to `p_i`) ([`Position::Edges`]).
    Edges,
    /// Cells of a grid, `row:column` or `row column`, separated by commas, semicolons or new
    /// lines, none written as nothing ([`Position::Cells`]).
    Cells,
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

    /// How a text shows the position of no number at all (written as nothing): `(no heaps)`
    /// unless the family names it otherwise.
    fn empty_position(&self) -> &'static str {
        "(no heaps)"
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

    /// The position a table of patterns reads at `coordinates`: one number for a family that
    /// numbers its positions ([`numbered_position`](Self::numbered_position)), two for a family
    /// with a [grid](Self::has_grid) (a pair of heaps, a script's `start(a, b)`); `None`
    /// elsewhere.
    fn coordinate_position(&self, coordinates: &[BigUint]) -> Option<Position> {
        match coordinates {
            [n] => self.numbered_position(n),
            _ => None,
        }
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

    /// `position` as a search keys on it: positions that play alike written alike (heaps in
    /// order without empty ones, a pair in order, …), so that a search meets each of them once.
    fn search_key(&self, position: &Position) -> Position {
        position.clone()
    }

    /// At most how many positions are reachable from `position`, itself included, where the
    /// family bounds it without exploring (the divisor game: every number from 1 to `n`); a
    /// search of more than its limit is then refused before it starts. `None` where no bound is
    /// known cheaply.
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        let _ = position;
        None
    }

    /// Why the options of `position` are not listed where [`options`](Self::options) is `None`
    /// for a position of the family, when the reason is the family's own (a bound of its rules,
    /// such as the largest number it finds the divisors of); `None` for the general reasons
    /// (more than [`MAX_LISTED_OPTIONS`] options, or not a position of the family).
    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        let _ = position;
        None
    }

    /// Whether the last move decides the game, as in every family with Grundy values; `false`
    /// where the family scores the end itself ([`end_value`](Self::end_value)): such a game
    /// has no Grundy value, no misère form and no Sprague–Grundy sum.
    fn last_move_decides(&self) -> bool {
        true
    }

    /// The value for the player to move at `position` when no move is left, where the family
    /// scores the end itself (the contest game's parities); `None` where the play convention
    /// decides (the player who cannot move loses under normal play, wins under misère play).
    fn end_value(&self, position: &Position) -> Option<Value> {
        let _ = position;
        None
    }

    /// The amounts a move may take, where the rule is a plain finite list of them (a
    /// subtraction set, the no-repeat and contest games' sets): what a judge's input may carry.
    fn amounts(&self) -> Option<&[u64]> {
        None
    }

    /// Why the family's games cannot be played move by move, where they cannot.
    fn unplayable(&self) -> Option<&'static str> {
        None
    }

    /// Whether the game's values form a grid of two heaps (Wythoff's game) rather than a table
    /// of one.
    fn has_grid(&self) -> bool {
        false
    }

    /// The family's own theorem, which values any of its positions without exploring them;
    /// `None` where every question searches the options.
    fn theorem(&self) -> Option<&dyn Theorem> {
        None
    }

    /// Why this game has no [theorem](Self::theorem) where other games of its family have one
    /// (a bound outside the theorem's hypotheses), in a sentence in each language; the answers
    /// of its search say so. `None` where the family has no theorem at all, or this game has it.
    fn no_theorem(&self) -> Option<crate::games::summary::Summary> {
        None
    }

    /// How far `verify` compares when not told: what its brute force solves for this family in
    /// about a second.
    fn verify_reach(&self) -> u64 {
        12
    }
}
