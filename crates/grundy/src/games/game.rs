//! The games grundy knows, as parsed from a spec, their canonical names, and how each reads a
//! position.

use std::fmt;

use crate::games::fibonacci_nim::FibonacciNim;
use crate::games::nim::Nim;
use crate::games::norepeat::NoRepeatGame;
use crate::games::octal::Code;
use crate::games::oddball::OddballGame;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::registry::Rules;
use crate::games::remainder::RemainderGame;
use crate::games::ruleset::Ruleset;
use crate::games::script::Script;
pub use crate::games::subtraction::SubtractionGame;
use crate::games::subtraction::SubtractionSet;
use crate::games::wythoff::Wythoff;

/// A game grundy can analyse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// A subtraction game on one heap (or several: a position of heaps is their sum).
    Subtraction(SubtractionGame),
    /// A subtraction game on a finite set where a heap smaller than the least amount is taken
    /// whole (`subtraction:2..5,rest`, HDU 2897).
    Remainder(RemainderGame),
    /// Nim on any number of heaps.
    Nim,
    /// Wythoff's game on two heaps.
    Wythoff,
    /// Fibonacci Nim: each move takes at most twice the previous one.
    FibonacciNim,
    /// A subtraction game where a player may not take the amount the opponent just took.
    NoRepeat(NoRepeatGame),
    /// The contest game: take an amount of the set; at the end, odd holdings beat even, equal
    /// parities tie.
    Oddball(OddballGame),
    /// A take-and-break game in octal or hexadecimal code; positions are heaps.
    Octal(Code),
    /// A game whose rules are a script.
    Script(Script),
    /// A game of an open family from the registry ([`games::registry`](crate::games::registry)),
    /// answered through what its ruleset offers.
    Rules(Rules),
    /// Misère play of an impartial game or sum: whoever makes the last move loses.
    Misere(Box<Game>),
    /// A disjunctive sum: each move is a move in one component.
    Sum(Vec<Component>),
    /// Every-SG, the continued conjunctive compound: each move is a move in every component
    /// that still has one; whoever makes the last move wins.
    Every(Vec<Component>),
}

/// One summand of a [`Game::Sum`]: a game and its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The game.
    pub game: Game,
    /// Its position.
    pub position: Position,
}

impl Game {
    /// Whether positions are given inside the spec (sums).
    pub fn has_positions(&self) -> bool {
        match self {
            Self::Sum(_) | Self::Every(_) => true,
            Self::Misere(inner) => inner.has_positions(),
            _ => false,
        }
    }

    /// The position a game without one given is asked about: a sum's own (written in brackets in
    /// its spec), `None` for a game whose position must be given.
    ///
    /// # Example
    /// ```
    /// use grundy::{Position, parse_game};
    /// assert_eq!(parse_game("nim[3] + kayles[4]")?.default_position(), Some(Position::Sum));
    /// assert_eq!(parse_game("nim")?.default_position(), None);
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn default_position(&self) -> Option<Position> {
        self.has_positions().then_some(Position::Sum)
    }

    /// The take-and-break code of a game of one (`None` for any other game, and for a `misere:`
    /// code: see [`base`](Self::base)).
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert_eq!(parse_game("kayles")?.code().map(ToString::to_string), Some("0.77".to_owned()));
    /// assert!(parse_game("misere:kayles")?.code().is_none());
    /// assert!(parse_game("misere:kayles")?.base().code().is_some());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn code(&self) -> Option<&Code> {
        match self {
            Self::Octal(code) => Some(code),
            _ => None,
        }
    }

    /// The subtraction game a game is (`None` for any other game, and for a `misere:` one: see
    /// [`base`](Self::base)).
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert!(parse_game("subtraction:1,3,4")?.subtraction().is_some());
    /// assert!(parse_game("subtraction:2..5,rest")?.subtraction().is_none());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn subtraction(&self) -> Option<&SubtractionGame> {
        match self {
            Self::Subtraction(game) => Some(game),
            _ => None,
        }
    }

    /// The subtraction game with the rest rule a game is (`None` for any other game, and for a
    /// `misere:` one: see [`base`](Self::base)).
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert!(parse_game("subtraction:2..5,rest")?.remainder().is_some());
    /// assert!(parse_game("subtraction:2..5")?.remainder().is_none());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn remainder(&self) -> Option<&RemainderGame> {
        match self {
            Self::Remainder(game) => Some(game),
            _ => None,
        }
    }

    /// The script a scripted game runs (`None` for any other game, and for a `misere:` one: see
    /// [`base`](Self::base)).
    pub fn script(&self) -> Option<&Script> {
        match self {
            Self::Script(script) => Some(script),
            _ => None,
        }
    }

    /// The game of an open family of the registry a game is (`None` for a built-in game, and for
    /// a `misere:` one: see [`base`](Self::base)).
    pub fn open_family(&self) -> Option<&Rules> {
        match self {
            Self::Rules(rules) => Some(rules),
            _ => None,
        }
    }

    /// The components of a sum (`None` for any other game; a `misere:` sum is a misère game,
    /// see [`base`](Self::base)).
    pub fn components(&self) -> Option<&[Component]> {
        match self {
            Self::Sum(components) => Some(components),
            _ => None,
        }
    }

    /// The components of an Every-SG compound (`every:nim[3] + kayles[4]`), `None` for any
    /// other game.
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert_eq!(parse_game("every:nim[3] + nim[4]")?.every_components().map(<[_]>::len), Some(2));
    /// assert!(parse_game("nim[3] + nim[4]")?.every_components().is_none());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn every_components(&self) -> Option<&[Component]> {
        match self {
            Self::Every(components) => Some(components),
            _ => None,
        }
    }

    /// The same compound (a sum or an Every-SG compound, misère or not) with its components at
    /// `positions`, one per component in order; `None` for any other game or a count that does
    /// not match.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::parse_game;
    /// let game = parse_game("misere:nim[3] + kayles[4]")?;
    /// let heap = |n: &str| parse_game("nim")?.parse_position(n);
    /// let moved = game.with_positions(vec![heap("1")?, heap("4")?]).ok_or("not a sum")?;
    /// assert_eq!(moved.to_string(), "misere:nim[1] + 0.77[4]");
    /// # Ok(()) }
    /// ```
    pub fn with_positions(&self, positions: Vec<Position>) -> Option<Game> {
        let (components, rebuild): (_, fn(Vec<Component>) -> Game) = match self {
            Self::Misere(inner) => {
                let inner = inner.with_positions(positions)?;
                return Some(Self::Misere(Box::new(inner)));
            }
            Self::Sum(components) => (components, Self::Sum),
            Self::Every(components) => (components, Self::Every),
            _ => return None,
        };
        if components.len() != positions.len() {
            return None;
        }
        let moved = components
            .iter()
            .zip(positions)
            .map(|(component, position)| Component {
                game: component.game.clone(),
                position,
            })
            .collect();
        Some(rebuild(moved))
    }

    /// Whether the game is answered by a misère quotient (a `misere:` take-and-break code):
    /// its periodic pattern is the quotient's, not a period of values.
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert!(parse_game("misere:kayles")?.has_misere_quotient());
    /// assert!(!parse_game("kayles")?.has_misere_quotient());
    /// assert!(!parse_game("misere:nim")?.has_misere_quotient());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn has_misere_quotient(&self) -> bool {
        matches!(self, Self::Misere(inner) if matches!(inner.as_ref(), Self::Octal(_)))
    }

    /// Whether the last move decides the game (under either convention): true unless its
    /// family scores the end itself, as the contest game does by parities — such a game has no
    /// Grundy value, no misère form and no Sprague–Grundy sum.
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert!(parse_game("misere:nim")?.last_move_decides());
    /// assert!(!parse_game("oddball:1,2,3")?.last_move_decides());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn last_move_decides(&self) -> bool {
        self.base().ruleset().is_none_or(Ruleset::last_move_decides)
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
        self.base().ruleset().is_some_and(Ruleset::has_grid)
    }

    /// The family of the game's rules; `None` for the combinators, a `misere:` game and a sum
    /// (see [`base`](Self::base) and [`components`](Self::components)).
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// assert_eq!(parse_game("wythoff")?.ruleset().map(|rules| rules.example_position()), Some("3,5"));
    /// assert!(parse_game("misere:wythoff")?.ruleset().is_none());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn ruleset(&self) -> Option<&dyn Ruleset> {
        match self {
            Self::Subtraction(game) => Some(game),
            Self::Remainder(game) => Some(game),
            Self::Nim => Some(&Nim),
            Self::Wythoff => Some(&Wythoff),
            Self::FibonacciNim => Some(&FibonacciNim),
            Self::NoRepeat(game) => Some(game),
            Self::Oddball(game) => Some(game),
            Self::Octal(code) => Some(code),
            Self::Script(script) => Some(script),
            Self::Rules(rules) => Some(rules.ruleset()),
            Self::Misere(_) | Self::Sum(_) | Self::Every(_) => None,
        }
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
        // (Several heaps of a one-heap game are written 3,4,5 too; one heap is the example.)
        self.base()
            .ruleset()
            .map_or("10", |rules| rules.example_position())
    }
}

impl Game {
    /// The spec as written with game names where the user wrote them (`kayles[5] + nim[3]`),
    /// or `None` when it names no game (then it is the canonical spec, [`Display`](fmt::Display)).
    ///
    /// # Example
    /// ```
    /// use grundy::parse_game;
    /// let game = parse_game("misere:kayles")?;
    /// assert_eq!((game.to_string(), game.alias()), ("misere:0.77".to_owned(), Some("misere:kayles".to_owned())));
    /// assert_eq!(parse_game("0.77")?.alias(), None);
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn alias(&self) -> Option<String> {
        self.has_name().then(|| {
            Spec {
                game: self,
                names: true,
            }
            .to_string()
        })
    }

    /// Whether some code in the game was written by name.
    fn has_name(&self) -> bool {
        match self {
            Self::Octal(code) => code.name().is_some(),
            Self::Misere(inner) => inner.has_name(),
            Self::Sum(components) | Self::Every(components) => {
                components.iter().any(|c| c.game.has_name())
            }
            _ => false,
        }
    }

    /// Warnings about how grundy reads the game, where a common reading of the same words differs
    /// (a front end shows them before the answer).
    ///
    /// # Example
    /// ```
    /// use grundy::games::game::Warning;
    /// let game = grundy::parse_game("misere:subtraction:2,3")?;
    /// let stranded = Warning::StrandedTokens {
    ///     game: "subtraction:2,3".to_owned(),
    ///     below: 2,
    ///     with_rest: Some("subtraction:2,3,rest".to_owned()),
    /// };
    /// assert_eq!(game.warnings(), [stranded]);
    /// assert!(grundy::parse_game("misere:subtraction:2,3,rest")?.warnings().is_empty());
    /// # Ok::<(), grundy::InputError>(())
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut warnings = Vec::new();
        if let Self::Misere(inner) = self {
            inner.stranded(&mut warnings);
        }
        warnings
    }

    /// Under misère play: the warnings of components with tokens left but no move.
    fn stranded(&self, warnings: &mut Vec<Warning>) {
        let (below, with_rest) = match self {
            Self::Subtraction(game) => match game.set() {
                SubtractionSet::Finite(set) => (
                    set.members()[0],
                    RemainderGame::new(set.clone()).map(|game| game.to_string()),
                ),
                SubtractionSet::AllBut(set) => {
                    ((1..).find(|&s| set.contains(s)).unwrap_or(1), None)
                }
                SubtractionSet::Family(family) => {
                    ((1..).find(|&s| family.contains(s)).unwrap_or(1), None)
                }
            },
            Self::NoRepeat(game) => (game.set().members()[0], None),
            Self::Sum(components) => {
                for component in components {
                    component.game.stranded(warnings);
                }
                return;
            }
            _ => return,
        };
        let warning = Warning::StrandedTokens {
            game: self.to_string(),
            below,
            with_rest,
        };
        if below > 1 && !warnings.contains(&warning) {
            warnings.push(warning);
        }
    }
}

/// How grundy reads a game where a common reading of the same words differs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// Under misère play a heap of `1` to `below − 1` tokens has no move (no amount fits), and
    /// grundy counts the player who cannot move as the winner, although tokens are left; a
    /// problem saying "whoever takes the last token loses" may mean otherwise there.
    StrandedTokens {
        /// The game (a component, in a sum).
        game: String,
        /// The least amount a move may take.
        below: u64,
        /// The spec of the same game where such a heap is taken whole, when grundy has one.
        with_rest: Option<String>,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::StrandedTokens {
                game,
                below,
                with_rest,
            } => {
                let heaps = if *below == 2 {
                    "a heap of 1 token has".to_owned()
                } else {
                    format!("heaps of 1 to {} tokens have", below - 1)
                };
                write!(
                    f,
                    "in {game}, {heaps} no move; under misère play grundy counts the player who cannot move as the winner, so the player facing such a heap wins although tokens are left"
                )?;
                match with_rest {
                    Some(spec) => write!(
                        f,
                        ". If your problem makes that player take the rest (and lose by taking the last token), play misere:{spec}"
                    ),
                    None => Ok(()),
                }
            }
        }
    }
}

/// A game written as a spec, with or without the names of named codes.
struct Spec<'a> {
    game: &'a Game,
    names: bool,
}

impl fmt::Display for Spec<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.write_spec(f, self.names)
    }
}

impl fmt::Display for Game {
    /// The canonical spec: `parse_game(&game.to_string())` gives the game back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_spec(f, false)
    }
}

impl Game {
    /// The spec; with `names`, named codes by their names.
    fn write_spec(&self, f: &mut fmt::Formatter<'_>, names: bool) -> fmt::Result {
        match self {
            Self::Subtraction(game) => match (game.bash_limit(), game.set()) {
                (Some(m), _) => write!(f, "bash:{m}"),
                (None, set @ SubtractionSet::AllBut(_)) => write!(f, "allbut:{set}"),
                (None, set) => write!(f, "subtraction:{set}"),
            },
            Self::Remainder(game) => write!(f, "{game}"),
            Self::Nim => f.write_str("nim"),
            Self::Wythoff => f.write_str("wythoff"),
            Self::FibonacciNim => f.write_str("fibonacci-nim"),
            Self::NoRepeat(game) => {
                write!(f, "norepeat:{}", SubtractionSet::Finite(game.set().clone()))
            }
            Self::Oddball(game) => {
                write!(f, "oddball:{}", SubtractionSet::Finite(game.set().clone()))
            }
            // Rules a program hands to grundy are written as it names them.
            Self::Script(script) if script.host.is_some() => f.write_str(&script.path),
            Self::Script(script) => write!(f, "script:{}", script.path),
            Self::Rules(rules) => write!(f, "{rules}"),
            Self::Octal(code) => match code.name() {
                Some(name) if names => f.write_str(name.name()),
                _ => write!(f, "{code}"),
            },
            Self::Misere(inner) => {
                f.write_str("misere:")?;
                inner.write_spec(f, names)
            }
            Self::Sum(components) => write_components(f, components, names),
            Self::Every(components) => {
                f.write_str("every:")?;
                write_components(f, components, names)
            }
        }
    }
}

/// The components of a sum or an Every-SG compound, `game[position]` joined by ` + `.
fn write_components(
    f: &mut fmt::Formatter<'_>,
    components: &[Component],
    names: bool,
) -> fmt::Result {
    if let [
        Component {
            game: Game::Octal(code),
            position,
        },
    ] = components
        && !(names && code.name().is_some())
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
        component.game.write_spec(f, names)?;
        write!(f, "[{}]", component.position)?;
    }
    Ok(())
}
