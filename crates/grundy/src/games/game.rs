//! The games grundy knows, as parsed from a spec, their canonical names, and how each reads a
//! position.

use std::fmt;

use crate::games::octal::Code;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::script::Script;
use crate::games::subtraction::{FiniteSet, SubtractionSet};

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
    /// Whether positions are given inside the spec (sums).
    pub fn has_positions(&self) -> bool {
        match self {
            Self::Sum(_) => true,
            Self::Misere(inner) => inner.has_positions(),
            _ => false,
        }
    }

    /// The play convention: misère for `misere:` games, normal otherwise.
    ///
    /// # Example
    /// ```
    /// use grundy::{Play, parse_game};
    /// assert_eq!(parse_game("misere:nim")?.play(), Play::Misere);
    /// assert_eq!(parse_game("nim")?.play(), Play::Normal);
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn play(&self) -> Play {
        match self {
            Self::Misere(_) => Play::Misere,
            _ => Play::Normal,
        }
    }

    /// Whether this is a `misere:` game (whoever moves last loses).
    pub fn is_misere(&self) -> bool {
        self.play() == Play::Misere
    }

    /// The game without its play convention: the inner game of a `misere:` game, the game itself
    /// otherwise.
    ///
    /// # Example
    /// ```
    /// use grundy::{Game, parse_game};
    /// assert_eq!(parse_game("misere:wythoff")?.base(), &Game::Wythoff);
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn base(&self) -> &Game {
        match self {
            Self::Misere(inner) => inner.base(),
            other => other,
        }
    }

    /// Whether the game's values form a grid of two heaps rather than a table of one (Wythoff's
    /// game and its misère form): `Analyzer::grid` answers it, `Analyzer::table` refuses.
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert!(parse_game("misere:wythoff")?.has_grid());
    /// assert!(!parse_game("nim")?.has_grid());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn has_grid(&self) -> bool {
        matches!(self.base(), Self::Wythoff)
    }

    /// A sample position of the game, as it is written after the game (for messages that show
    /// how to give one).
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert_eq!(parse_game("wythoff")?.example_position(), "3,5");
    /// assert_eq!(parse_game("bash:3")?.example_position(), "10");
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn example_position(&self) -> &'static str {
        match self.base() {
            Self::Nim => "3,4,5",
            Self::Wythoff => "3,5",
            Self::FibonacciNim => "20/4",
            _ => "10",
        }
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
