//! Positions as the user writes them: heap sizes of any length, exactly, and the shapes other
//! games need (several heaps, a pair, a heap with a quota or with the last move taken).

use std::fmt;

use num_bigint::BigUint;

/// A position of some game. Which shape a game takes is decided by [`Game::parse_position`](crate::Game::parse_position).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// One heap (subtraction games): `10`.
    Heap(BigUint),
    /// Several heaps (Nim): `3,4,5`.
    Heaps(Vec<BigUint>),
    /// Two heaps (Wythoff): `3,5`.
    Pair(BigUint, BigUint),
    /// A heap and the most the next move may take (Fibonacci Nim): `20/4`; `None` for a fresh
    /// heap, where the first move may take anything but the whole heap.
    Quota {
        /// Tokens in the heap.
        heap: BigUint,
        /// The most the next move may take.
        quota: Option<BigUint>,
    },
    /// A heap and the amount the opponent just took (no-repeat games): `10/3`; `None` before the
    /// first move.
    LastMove {
        /// Tokens in the heap.
        heap: BigUint,
        /// The amount just taken, which the player to move may not take.
        last: Option<u64>,
    },
    /// Balls left and the balls each player holds (the contest game `oddball`): `20` or `20/3/4`
    /// (the player to move holds 3, the opponent 4).
    Balls {
        /// Balls left in the pile.
        left: BigUint,
        /// Balls held by the player to move.
        mine: BigUint,
        /// Balls held by the opponent.
        theirs: BigUint,
    },
    /// A picture of undirected edges between nodes named by whole numbers, node 0 the ground
    /// (Green Hackenbush): `0-1,1-2,1-3`. Loops and parallel edges are edges too.
    Edges(std::sync::Arc<Vec<(u64, u64)>>),
    /// The cells of a grid showing heads, each `row:column` from 0 (Turning Corners):
    /// `3:5,2:2`.
    Cells(Vec<(u64, u64)>),
    /// The argument a script's `start` receives.
    Argument(String),
    /// A script's position, by its canonical text (`[3, 4]`, `"+--+"`, `#{left: 2}`): the
    /// position a move leaves, which the script reads back as it printed it.
    State(String),
    /// A sum: the components carry their own positions.
    Sum,
}

impl Position {
    /// A heap with a quota (`Position::Quota`) with the quota in force: the given one, or
    /// `n − 1` on a fresh heap (0 for an empty heap); `None` for any other position.
    ///
    /// # Example
    /// ```
    /// use grundy::Position;
    /// let fresh = Position::Quota { heap: 20u32.into(), quota: None };
    /// assert_eq!(fresh.heap_and_quota(), Some((&20u32.into(), 19u32.into())));
    /// ```
    pub fn heap_and_quota(&self) -> Option<(&BigUint, BigUint)> {
        let Self::Quota { heap, quota } = self else {
            return None;
        };
        let quota = match quota {
            Some(quota) => quota.clone(),
            None if *heap == BigUint::ZERO => BigUint::ZERO,
            None => heap - 1u32,
        };
        Some((heap, quota))
    }

    /// A heap with a quota as a search keys it: the quota in force, at most the heap (a larger
    /// one allows no more); any other position as it is.
    #[must_use]
    pub fn quota_key(&self) -> Self {
        match self.heap_and_quota() {
            Some((heap, quota)) => Self::Quota {
                heap: heap.clone(),
                quota: Some(quota.min(heap.clone())),
            },
            None => self.clone(),
        }
    }
}

impl Position {
    /// About how many bytes this position owns on the heap (its digits and lists), for memory
    /// estimates.
    pub fn heap_bytes(&self) -> u64 {
        let number = |n: &BigUint| n.bits().div_ceil(64) * 8;
        match self {
            Self::Heap(heap) | Self::LastMove { heap, .. } => number(heap),
            Self::Heaps(heaps) => heaps.iter().map(|h| number(h) + 24).sum(),
            Self::Pair(a, b) => number(a) + number(b),
            Self::Quota { heap, quota } => number(heap) + quota.as_ref().map_or(0, number),
            Self::Balls { left, mine, theirs } => number(left) + number(mine) + number(theirs),
            Self::Argument(text) | Self::State(text) => text.len() as u64,
            Self::Edges(edges) => edges.len() as u64 * 16,
            Self::Cells(cells) => cells.len() as u64 * 16,
            Self::Sum => 0,
        }
    }
}

/// The non-empty pieces of `text` between separators, each with its offset: the words of a
/// list of edges or nodes.
///
/// # Example
/// ```
/// use grundy::games::position::pieces;
/// assert_eq!(pieces("0 1,,2", |c| c == ','), vec![(0, "0 1"), (5, "2")]);
/// ```
pub fn pieces(text: &str, separator: impl Fn(char) -> bool) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if separator(c) {
            if let Some(from) = start.take() {
                found.push((from, &text[from..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(from) = start {
        found.push((from, &text[from..]));
    }
    found
}

/// At least the number of decimal digits of `n`, and at most one more: from its bits, without
/// converting it (`log10 2 < 0.30103`).
pub fn digits_bound(n: &BigUint) -> u64 {
    n.bits().saturating_mul(30_103) / 100_000 + 1
}

impl Position {
    /// At least the length of the position written out (its `Display`), and at most one byte more
    /// per number: for deciding how to write an answer without writing it first.
    ///
    /// # Complexity
    /// `O(k)` for `k` numbers.
    ///
    /// # Example
    /// ```
    /// use grundy::Position;
    /// let heaps = Position::Heaps(vec![3u32.into(), 1000u32.into()]);
    /// assert!((heaps.to_string().len() as u64..=heaps.to_string().len() as u64 + 2).contains(&heaps.written_length()));
    /// ```
    pub fn written_length(&self) -> u64 {
        let numbers =
            |numbers: &[&BigUint]| numbers.iter().map(|n| digits_bound(n) + 1).sum::<u64>() - 1;
        match self {
            Self::Heap(heap)
            | Self::Quota { heap, quota: None }
            | Self::LastMove { heap, last: None } => digits_bound(heap),
            Self::Heaps(heaps) if heaps.is_empty() => 0,
            Self::Heaps(heaps) => heaps.iter().map(|n| digits_bound(n) + 1).sum::<u64>() - 1,
            Self::Pair(a, b) => numbers(&[a, b]),
            Self::Quota {
                heap,
                quota: Some(quota),
            } => numbers(&[heap, quota]),
            Self::LastMove {
                heap,
                last: Some(last),
            } => digits_bound(heap) + 1 + digits_bound(&BigUint::from(*last)),
            Self::Balls { left, mine, theirs } => numbers(&[left, mine, theirs]),
            Self::Argument(text) | Self::State(text) => text.len() as u64,
            Self::Edges(edges) => edges
                .iter()
                .map(|&(u, v)| {
                    digits_bound(&BigUint::from(u)) + digits_bound(&BigUint::from(v)) + 2
                })
                .sum::<u64>()
                .saturating_sub(1),
            Self::Cells(cells) => cells
                .iter()
                .map(|&(a, b)| {
                    digits_bound(&BigUint::from(a)) + digits_bound(&BigUint::from(b)) + 2
                })
                .sum::<u64>()
                .saturating_sub(1),
            Self::Sum => 0,
        }
    }
}

impl From<BigUint> for Position {
    fn from(heap: BigUint) -> Self {
        Self::Heap(heap)
    }
}

impl fmt::Display for Position {
    /// The canonical text, as `parse_position` reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Heap(heap) => write!(f, "{heap}"),
            Self::Heaps(heaps) => {
                let parts: Vec<String> = heaps.iter().map(ToString::to_string).collect();
                f.write_str(&parts.join(","))
            }
            Self::Pair(a, b) => write!(f, "{a},{b}"),
            Self::Quota { heap, quota: None } | Self::LastMove { heap, last: None } => {
                write!(f, "{heap}")
            }
            Self::Quota {
                heap,
                quota: Some(quota),
            } => write!(f, "{heap}/{quota}"),
            Self::LastMove {
                heap,
                last: Some(last),
            } => write!(f, "{heap}/{last}"),
            Self::Balls { left, mine, theirs }
                if mine == &BigUint::ZERO && theirs == &BigUint::ZERO =>
            {
                write!(f, "{left}")
            }
            Self::Balls { left, mine, theirs } => write!(f, "{left}/{mine}/{theirs}"),
            Self::Argument(text) | Self::State(text) => f.write_str(text),
            Self::Edges(edges) => {
                for (i, (u, v)) in edges.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{u}-{v}")?;
                }
                Ok(())
            }
            Self::Cells(cells) => {
                for (i, (a, b)) in cells.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{a}:{b}")?;
                }
                Ok(())
            }
            Self::Sum => Ok(()),
        }
    }
}
