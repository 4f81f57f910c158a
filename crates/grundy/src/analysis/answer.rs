//! The typed answers: solutions, tables, grids and period reports.

use num_bigint::BigUint;

use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::registry::Summary;
use crate::games::theorem::Reading;
use crate::theory::compact::CompactValues;
use crate::theory::period::{Certificate, Search};

/// Win, lose, tie or draw, for the player to move.
pub use crate::theory::solver::Value as Outcome;

pub use crate::games::moves::{Action, Move, Part, PowerClass, SplitClass, Target};

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
    /// A theorem with a closed form, with its inputs.
    Rule(ClosedForm),
    /// An exhaustive search of the positions reachable from this one.
    Search {
        /// How many positions were solved.
        positions: u64,
        /// For a scripted game, the position the search started from: the key of
        /// `start(argument)` (`None` for other games and for tables).
        start: Option<String>,
    },
    /// The Sprague–Grundy theorem over components, each with its own value and basis.
    Components(Vec<Summand>),
    /// A verified misère quotient (Plambeck–Siegel): the position is a misère P-position iff
    /// the product of the pretending function over its heaps lies in `P`
    /// (docs/misere-quotients.md, Theorems 1–3).
    MisereQuotient(Box<crate::analysis::quotient::QuotientBasis>),
}

/// A theorem with a closed form that decides an answer, with the inputs it was applied to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClosedForm {
    /// Bouton's theorem: the Grundy value of a Nim position is the xor of its heaps.
    Bouton,
    /// Bouton's misère rule: the player to move loses exactly when all heaps are at most 1 and an
    /// odd number are 1, or some heap has 2 or more and the xor is 0.
    BoutonMisere {
        /// How many heaps the position has (in a misère sum of Nim games, all of theirs).
        heaps: u64,
        /// How many heaps hold exactly 1.
        ones: u64,
        /// Whether every heap holds at most 1.
        all_small: bool,
        /// The xor of the heaps.
        xor: BigUint,
    },
    /// A Nim heap of `n` tokens has Grundy value `n`.
    NimHeap,
    /// Wythoff's theorem: the P-positions are `(⌊kφ⌋, ⌊kφ⌋ + k)`.
    Wythoff {
        /// `k`, the difference of the two heaps.
        difference: BigUint,
        /// `⌊kφ⌋` for that `k`, computed exactly.
        lower: BigUint,
        /// Why the Grundy value is missing from the answer, when it is.
        withheld: Option<Withheld>,
    },
    /// Conway's theory of tame games (ONAG ch. 12): heaps that pass grundy's tame criterion
    /// (docs/misere.md §3) are played in any misère sum like misère Nim on their tame types — the
    /// player to move loses exactly when the sum of the types is fickle 1 or firm 0.
    TameMisere {
        /// The type of each heap of the position, in order (all components' heaps for a sum).
        types: Vec<crate::theory::genus::Tame>,
        /// Their sum.
        total: crate::theory::genus::Tame,
        /// How far the heaps were proved tame (the least range among a sum's codes).
        range: super::misere::TameRange,
    },
    /// A family's own theorem, read on the position.
    Theorem(Box<FamilyTheorem>),
    /// Zeckendorf's characterisation of Fibonacci Nim: the player to move wins exactly when the
    /// smallest term of the heap's Zeckendorf representation is at most the quota.
    Zeckendorf {
        /// The most the next move may take (for a fresh heap, one less than the heap).
        quota: BigUint,
        /// The smallest Zeckendorf term of the heap (`None` for an empty heap).
        smallest: Option<BigUint>,
        /// How many terms the representation has.
        terms: u64,
        /// The terms, largest first, when there are few enough to show (at most 8, of a heap of
        /// at most 256 bits); empty otherwise.
        expansion: Vec<BigUint>,
    },
}

/// A family's own theorem ([`Ruleset::theorem`](crate::games::ruleset::Ruleset::theorem)) as
/// applied to a position: its name and statement, and how it read the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyTheorem {
    /// The family's name in specs.
    pub family: &'static str,
    /// The theorem's name, in each language explanations are written in.
    pub name: Summary,
    /// What it says.
    pub statement: Summary,
    /// How it read the position (`None` for a table, whose rows it read one by one).
    pub reading: Option<Reading>,
}

/// Why an answer goes without the Grundy value of a position it decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Withheld {
    /// The value comes from a table, and the table up to the position has more cells than the
    /// limit.
    BeyondLimit,
    /// The table would need more memory than the budget allows.
    OverMemory {
        /// What would need the memory.
        what: String,
        /// Bytes it would need (at least).
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
}

/// One component of a sum in its [`Basis::Components`]: its value and what that rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summand {
    /// The component's (generalised) Grundy value.
    pub value: SummandValue,
    /// What the value rests on.
    pub basis: Basis,
}

/// The value of a sum's component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SummandValue {
    /// A nimber: the Grundy value.
    Grundy(BigUint),
    /// `∞(K)`: play can go on forever; `K` holds the nimbers among the options (Smith).
    Infinite(Vec<u32>),
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

/// Winning moves of a take-and-break game too many to list (or to count): every move of heap
/// `heap` that takes tokens as `take` says and leaves `parts` heaps (one, or a split) whose
/// values xor to `value` wins, and grundy lists none of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnlistedMoves {
    /// Which heap, from 0, when the position has several; `None` for a position of one heap.
    pub heap: Option<usize>,
    /// The tokens taken: exactly this many, or (`None`) any number from the code's repeating
    /// tail whose digit allows such a split.
    pub take: Option<u64>,
    /// How many heaps the move leaves (1, or 2 or 3 for a split).
    pub parts: u8,
    /// The xor of their values that wins.
    pub value: BigUint,
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The game.
    pub game: Game,
    /// The position ([`Position::Sum`] for a sum: its positions are in `game`).
    pub position: Position,
    /// Win or lose for the player to move.
    pub outcome: Outcome,
    /// The Grundy value, where one is known (`None` under misère play, or beyond a limit).
    pub grundy: Option<BigUint>,
    /// The misère Grundy value of a single game under misère play, where known.
    pub misere_grundy: Option<BigUint>,
    /// The generalised Sprague–Grundy value (Smith) of an impartial game solved as a graph: a
    /// nimber equal to `grundy`, or `∞(K)` when play can go on forever (then `grundy` is `None`).
    pub loopy: Option<crate::theory::solver::Loopy>,
    /// Every winning move, or — when [`unlisted_moves`](Self::unlisted_moves) is not empty —
    /// every winning move outside those families.
    pub winning_moves: Vec<Move>,
    /// Families of winning moves too many to list (take-and-break splits of a huge heap); empty
    /// when `winning_moves` lists every winning move.
    pub unlisted_moves: Vec<UnlistedMoves>,
    /// Why no winning move is listed although the player to move wins, where finding them all
    /// would take longer than the limits allow (the outcome and value are known).
    pub moves_withheld: Option<String>,
    /// Moves to the end under best play, where the whole game was solved (`None` otherwise, and
    /// for draws).
    pub remoteness: Option<u32>,
    /// Every move with what it achieves, where the whole game was solved (empty otherwise).
    pub moves: Vec<ScoredMove>,
    /// What decided it.
    pub basis: Basis,
    /// For a position of several heaps of a take-and-break game, the Grundy value of each heap
    /// (their xor is `grundy`); empty otherwise.
    pub heap_values: Vec<BigUint>,
}

impl Solution {
    /// An answer with the common fields; misère, loopy and per-move data are empty (set them with
    /// struct update syntax where a game has them).
    pub(crate) fn new(
        game: &Game,
        position: Position,
        outcome: Outcome,
        grundy: Option<BigUint>,
        winning_moves: Vec<Move>,
        basis: Basis,
    ) -> Self {
        Self {
            game: game.clone(),
            position,
            outcome,
            grundy,
            misere_grundy: None,
            loopy: None,
            winning_moves,
            unlisted_moves: Vec::new(),
            moves_withheld: None,
            remoteness: None,
            moves: Vec::new(),
            basis,
            heap_values: Vec::new(),
        }
    }

    /// An answer from a game solved as a whole graph: value and remoteness of the position, every
    /// move scored, and the winning moves derived from those scores; `start` as in
    /// [`Basis::Search`].
    pub(crate) fn from_graph(
        game: &Game,
        position: Position,
        solved: crate::theory::solver::Solved,
        moves: Vec<ScoredMove>,
        positions: u64,
        start: Option<String>,
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
                Basis::Search { positions, start },
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

    /// How many winning moves there are in all: each [`Move`] counts once, a class of moves
    /// ([`Action::SplitClass`], [`Action::PowerClass`]) as many times as it has members.
    ///
    /// # Complexity
    /// `O(k)` for `k` listed moves.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, parse_game};
    /// let game = parse_game("0.77")?;
    /// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("10^18")?)?;
    /// assert!(solution.winning_move_count() > solution.winning_moves.len().into());
    /// # Ok(()) }
    /// ```
    pub fn winning_move_count(&self) -> BigUint {
        self.winning_moves
            .iter()
            .map(|play| {
                play.action
                    .class_moves()
                    .unwrap_or_else(|| BigUint::from(1u32))
            })
            .sum()
    }

    /// The move a computer plays, as GAMESMAN chooses: the best value for the mover (win, tie,
    /// draw, lose), winning or tying as fast as possible and losing as slowly as possible. `None`
    /// when the moves were not solved one by one (or there are none), or when a move of the best
    /// kind has no remoteness (it leaves a sum of components).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, Outcome, parse_game};
    /// let game = parse_game("oddball:1,4,5")?;
    /// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("13")?)?;
    /// let best = solution.best_move().ok_or("no move")?;
    /// let take = grundy::render::moves::description(&game, &best.play);
    /// assert_eq!((take.as_str(), best.value, best.remoteness), ("take 5", Outcome::Win, Some(5)));
    /// # Ok(()) }
    /// ```
    pub fn best_move(&self) -> Option<&ScoredMove> {
        let best = self.moves.iter().max_by_key(|m| {
            let remoteness = i64::from(m.remoteness.unwrap_or(0));
            let speed = if m.value == Outcome::Lose {
                remoteness
            } else {
                -remoteness
            };
            (m.value.rank(), speed)
        })?;
        // Fastest and slowest need every move of the best kind timed: a move into a sum of
        // components has no remoteness (a draw never has one, and needs none).
        let untimed = |m: &&ScoredMove| {
            m.value == best.value && m.value != Outcome::Draw && m.remoteness.is_none()
        };
        (!self.moves.iter().any(|m| untimed(&m))).then_some(best)
    }
}

/// The values of a game as [`Analyzer::tabulate`](super::Analyzer::tabulate) lays them out: a
/// table of one heap, the grid of a game of two heaps, or the outcomes alone where a family's
/// theorem decides them and the values are beyond the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tabulation {
    /// Values of consecutive heaps.
    Table(Table),
    /// Values of pairs of heaps.
    Grid(Grid),
    /// Outcomes of consecutive numbered positions, without values.
    Outcomes(OutcomeRow),
}

/// Who wins at consecutive numbered positions, where a family's theorem decides the outcomes
/// but not the Grundy values (dynamic subtraction) and a search for the values would pass the
/// limits: each position's outcome by the theorem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeRow {
    /// The game.
    pub game: Game,
    /// The first position's number.
    pub from: BigUint,
    /// The outcome of each position from `from`, for the player to move.
    pub outcomes: Vec<Outcome>,
    /// What the outcomes rest on (the family's theorem).
    pub basis: Basis,
}

/// Grundy values of consecutive heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The game.
    pub game: Game,
    /// The first heap size.
    pub from: BigUint,
    /// `G(from)`, `G(from + 1)`, … (misère Grundy values for a misère game; for Fibonacci Nim,
    /// fresh heaps; for no-repeat games, before the first move).
    pub values: Vec<BigUint>,
    /// What the values rest on.
    pub basis: Basis,
    /// For a misère take-and-break code: each heap's normal value, genus and tameness.
    pub genera: Option<super::misere::GenusRows>,
}

/// Grundy values of Wythoff's game, `values[a][b]` for `a, b <= to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The game: `wythoff` or `misere:wythoff`.
    pub game: Game,
    /// `values[a][b]`.
    pub values: Vec<Vec<u32>>,
}

/// The result of a period search on a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The game.
    pub game: Game,
    /// Certified, observed, or not found.
    pub search: Search,
    /// `G(0), …, G(L − 1)`: the values the search computed, where its family keeps them
    /// (take-and-break codes); `None` for searches that hold only a window of values.
    pub values: Option<CompactValues>,
    /// For no-repeat games the search runs on state vectors: the periodicity's values are ids,
    /// and `state_vectors[id]` is `(G(n, none), G(n, s1), …, G(n, sk))`.
    pub state_vectors: Option<Vec<Vec<u32>>>,
    /// Why no theorem can certify this game's period, when none can.
    pub uncertifiable: Option<Uncertifiable>,
    /// How many of the first values came from an earlier search
    /// ([`Analyzer::resuming`](super::Analyzer::resuming)) rather than being computed: 0 for a
    /// search from the start.
    pub resumed_from: u64,
}

/// Why no theorem grundy knows can certify a game's period.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Uncertifiable {
    /// A take-and-break code with `!` or `?`: the Guy–Smith theorem needs every split's options.
    Modifiers,
    /// A take-and-break code that splits heaps, whose saltus (over `lcm(p, q)` for a tail of
    /// period `q`) is neither 0 nor a power of two: the Guy–Smith theorem proves no saltus, and
    /// the family criterion needs 0 or a power of two.
    TailSaltus,
    /// A scripted game: its rules are opaque, so no hypothesis can be checked.
    Script,
    /// A game of an open family grundy knows no theorem for: its values come from a search.
    Searched,
    /// An infinite subtraction set (named as the spec writes it) without a residue theorem for
    /// this play.
    InfiniteSet {
        /// The family's name: `primes`, `squares`, …
        family: &'static str,
    },
}

impl std::fmt::Display for Uncertifiable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Modifiers => f.write_str(
                "codes with ! or ? break the option correspondence the Guy–Smith theorem needs",
            ),
            Self::TailSaltus => f.write_str(
                "the code splits heaps and its saltus is not a power of two: the Guy–Smith theorem proves no saltus, and the family criterion needs a power of two",
            ),
            Self::Script => f.write_str(
                "a script's rules are opaque to grundy, so no theorem's hypothesis can be checked",
            ),
            Self::Searched => f.write_str(
                "grundy knows no theorem for this family: its values come from searching its options, and no period of them is proved",
            ),
            Self::InfiniteSet { family } => write!(
                f,
                "{family} is an infinite set, and no theorem grundy knows proves a period for it"
            ),
        }
    }
}
