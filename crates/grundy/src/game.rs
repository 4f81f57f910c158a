//! The games grundy knows, as parsed from a spec, their canonical names, and how each reads a
//! position.

use std::fmt;

use num_bigint::BigUint;

use crate::octal::Code;
use crate::position::{Position, parse_heap_trimmed, parse_heaps};
use crate::script::Script;
use crate::spec::InputError;
use crate::subtraction::{FiniteSet, SubtractionSet};

/// A game grundy can analyse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// A subtraction game on one heap.
    Subtraction(SubtractionGame),
    /// Nim on any number of heaps.
    Nim,
    /// Wythoff's game on two heaps.
    Wythoff,
    /// Fibonacci Nim: each move takes at most twice the previous one.
    FibonacciNim,
    /// A subtraction game where a player may not take the amount the opponent just took.
    NoRepeat(FiniteSet),
    /// The contest game: take an amount of the set; at the end, odd holdings beat even, equal
    /// parities tie.
    Oddball(FiniteSet),
    /// A take-and-break game in octal or hexadecimal code; positions are heaps.
    Octal(Code),
    /// A game whose rules are a script.
    Script(Script),
    /// Misère play of an impartial game or sum: whoever makes the last move loses.
    Misere(Box<Game>),
    /// A disjunctive sum: each move is a move in one component.
    Sum(Vec<Component>),
}

/// One summand of a [`Game::Sum`]: a game and its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The game.
    pub game: Game,
    /// Its position.
    pub position: Position,
}

/// A subtraction game: remove an amount of the set from the heap; normal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionGame {
    set: SubtractionSet,
    /// `Some(m)` when written as the Bash game `bash:m`, kept so the name reads as typed.
    bash: Option<u64>,
}

impl SubtractionGame {
    /// The subtraction game on `set`.
    pub fn new(set: SubtractionSet) -> Self {
        Self { set, bash: None }
    }

    /// The Bash game: a finite set `1..m`, named `bash:m`.
    pub(crate) fn bash(set: FiniteSet) -> Self {
        let m = set.largest();
        Self {
            set: SubtractionSet::Finite(set),
            bash: Some(m),
        }
    }

    /// The amounts a move may remove.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }
}

impl Game {
    /// Reads a position of this game: a heap (`10`, `10^18`), heaps (`3,4,5` for Nim), a pair
    /// (`3,5` for Wythoff), `n` or `n/q` (Fibonacci Nim, quota `q`), `n` or `n/last` (no-repeat).
    ///
    /// # Errors
    /// An [`InputError`] pointing into `text`.
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// use grundy::position::Position;
    /// let nim = parse_game("nim").unwrap();
    /// assert_eq!(nim.parse_position("3,4,5").unwrap().to_string(), "3,4,5");
    /// assert!(parse_game("wythoff").unwrap().parse_position("3").is_err());
    /// ```
    pub fn parse_position(&self, text: &str) -> Result<Position, InputError> {
        let error = |span: std::ops::Range<usize>, message: &str, hint: &str| {
            InputError::new("position", text, span, message, Some(hint.to_owned()))
        };
        match self {
            Self::Subtraction(_) => parse_heap_trimmed(text).map(Position::Heap),
            Self::Misere(inner) => inner.parse_position(text),
            Self::Nim | Self::Octal(_) => parse_heaps(text, ',').map(Position::Heaps),
            Self::Wythoff => {
                let heaps = parse_heaps(text, ',')?;
                match <[BigUint; 2]>::try_from(heaps) {
                    Ok([a, b]) => Ok(Position::Pair(a, b)),
                    Err(_) => Err(error(
                        0..text.len(),
                        "Wythoff's game has exactly two heaps",
                        "write the two heaps as a,b, e.g. 3,5",
                    )),
                }
            }
            Self::FibonacciNim => parse_quota(text),
            Self::NoRepeat(set) => parse_last_move(text, set),
            Self::Oddball(_) => parse_balls(text),
            Self::Script(_) => Ok(Position::Argument(text.to_owned())),
            Self::Sum(_) => {
                if text.trim().is_empty() {
                    Ok(Position::Sum)
                } else {
                    Err(error(
                        0..text.len(),
                        "a sum carries its positions inside the spec",
                        "write each component as GAME[POSITION], e.g. nim[7] + wythoff[3,5]",
                    ))
                }
            }
        }
    }

    /// Whether positions are given inside the spec (sums).
    pub fn has_positions(&self) -> bool {
        match self {
            Self::Sum(_) => true,
            Self::Misere(inner) => inner.has_positions(),
            _ => false,
        }
    }
}

fn position_error(
    text: &str,
    span: std::ops::Range<usize>,
    message: &str,
    hint: &str,
) -> InputError {
    InputError::new("position", text, span, message, Some(hint.to_owned()))
}

/// `n` (a fresh heap) or `n/q` (quota `q >= 1`).
fn parse_quota(text: &str) -> Result<Position, InputError> {
    let parts = parse_heaps(text, '/')?;
    match parts.as_slice() {
        [heap] => Ok(Position::Quota {
            heap: heap.clone(),
            quota: None,
        }),
        [_, quota] if quota == &BigUint::ZERO => {
            let at = text.rfind('/').map_or(0, |i| i + 1);
            Err(position_error(
                text,
                at..text.len(),
                "the quota must be at least 1",
                "n/q: n tokens, the next move takes 1 to q",
            ))
        }
        [heap, quota] => Ok(Position::Quota {
            heap: heap.clone(),
            quota: Some(quota.clone()),
        }),
        _ => Err(position_error(
            text,
            0..text.len(),
            "expected n or n/q",
            "n: a fresh heap; n/q: n tokens, the next move takes 1 to q",
        )),
    }
}

/// `n` (before the first move) or `n/last` (`last` an amount of the set).
fn parse_last_move(text: &str, set: &FiniteSet) -> Result<Position, InputError> {
    let parts = parse_heaps(text, '/')?;
    match parts.as_slice() {
        [heap] => Ok(Position::LastMove {
            heap: heap.clone(),
            last: None,
        }),
        [heap, last] => {
            let at = text.rfind('/').map_or(0, |i| i + 1);
            match u64::try_from(last).ok().filter(|&last| set.contains(last)) {
                Some(last) => Ok(Position::LastMove {
                    heap: heap.clone(),
                    last: Some(last),
                }),
                None => Err(position_error(
                    text,
                    at..text.len(),
                    "the last move must be an amount of the set",
                    "n/last: n tokens, the opponent just took last",
                )),
            }
        }
        _ => Err(position_error(
            text,
            0..text.len(),
            "expected n or n/last",
            "n: before the first move; n/last: the opponent just took last",
        )),
    }
}

/// `n` (the pile at the start) or `n/a/b` (balls left, held by the mover, held by the opponent).
fn parse_balls(text: &str) -> Result<Position, InputError> {
    let parts = parse_heaps(text, '/')?;
    match parts.as_slice() {
        [left] => Ok(Position::Balls {
            left: left.clone(),
            mine: BigUint::ZERO,
            theirs: BigUint::ZERO,
        }),
        [left, mine, theirs] => Ok(Position::Balls {
            left: left.clone(),
            mine: mine.clone(),
            theirs: theirs.clone(),
        }),
        _ => Err(position_error(
            text,
            0..text.len(),
            "expected n or n/a/b",
            "n: balls in the pile at the start; n/a/b: n left, the player to move holds a, the opponent b",
        )),
    }
}

impl fmt::Display for Game {
    /// The canonical spec: `parse_game(&game.to_string())` gives the game back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Subtraction(game) => match (&game.bash, &game.set) {
                (Some(m), _) => write!(f, "bash:{m}"),
                (None, SubtractionSet::AllBut(_)) => write!(f, "allbut:{}", game.set),
                (None, _) => write!(f, "subtraction:{}", game.set),
            },
            Self::Nim => f.write_str("nim"),
            Self::Wythoff => f.write_str("wythoff"),
            Self::FibonacciNim => f.write_str("fibonacci-nim"),
            Self::NoRepeat(set) => write!(f, "norepeat:{}", SubtractionSet::Finite(set.clone())),
            Self::Oddball(set) => write!(f, "oddball:{}", SubtractionSet::Finite(set.clone())),
            Self::Script(script) => write!(f, "script:{}", script.path),
            Self::Octal(code) => write!(f, "{code}"),
            Self::Misere(inner) => write!(f, "misere:{inner}"),
            Self::Sum(components) => {
                if let [
                    Component {
                        game: Self::Octal(code),
                        position,
                    },
                ] = components.as_slice()
                {
                    // Alone, a bracket after a code would read as its tail: mark "no tail".
                    let empty = if code.last_digit().is_some() {
                        "[]"
                    } else {
                        ""
                    };
                    return write!(f, "{code}{empty}[{position}]");
                }
                for (i, component) in components.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" + ")?;
                    }
                    write!(f, "{}[{}]", component.game, component.position)?;
                }
                Ok(())
            }
        }
    }
}
