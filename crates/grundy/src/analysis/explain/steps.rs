//! The steps of an explanation as typed data: the state, the terminal rule, the tables, the
//! pattern and its proof, the rule and the answer with its derivation.

use num_bigint::BigUint;

use crate::analysis::{Move, Outcome, Uncertifiable};
use crate::engine::octal::TakeAndBreakEngine;
use crate::games::game::{Component, Game};
use crate::games::octal::Code;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::registry::Summary;
use crate::games::subtraction::{FiniteSet, SubtractionSet};
use crate::games::theorem::PartLabel;
use crate::theory::period::Theorem;
use crate::theory::solver::Loopy;

/// How many terms of a family's sequence an explanation lists.
pub const EXPLAINED_TERMS: usize = 24;

/// The derivation of a game's answer, step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The game explained.
    pub game: Game,
    /// The position asked about, if any.
    pub position: Option<Position>,
    /// The steps, in the order a tutorial takes them.
    pub steps: Vec<Step>,
}

/// One step of an [`Explanation`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// What a position holds.
    State(State),
    /// Who wins when no move is left.
    Terminal(Terminal),
    /// The first rows of the table of values, each with its options and their mex.
    Table(ValueTable),
    /// The first rows of the contest game's table of outcomes over its reduced states.
    Outcomes(OutcomeTable),
    /// The positions of a game searched position by position (a script), each with its
    /// options and their values.
    Positions(PositionTable),
    /// The pattern of the values and what proves it.
    Pattern(Pattern),
    /// The rules found in the table of a game no theorem grundy knows gives a pattern for
    /// (打表找规律, `Analyzer::pattern`): the rules with their status and evidence.
    Found(Box<crate::analysis::pattern::PatternReport>),
    /// How the take-and-break values were computed: the rare/common idea.
    RareCommon {
        /// The engine that computed them (rare/common on one thread, or paired on two).
        engine: TakeAndBreakEngine,
    },
    /// The rule in contest language.
    Rule(Rule),
    /// The answer for the position, with the arithmetic shown.
    Answer(Answer),
}

/// What a position of the game holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// One heap; a move takes an amount of the set.
    Heap {
        /// The amounts a move may take.
        set: SubtractionSet,
    },
    /// One heap of a subtraction game with the rest rule: take an amount of `set`, and a heap
    /// smaller than its least amount (but not empty) is taken whole.
    HeapWithRest {
        /// The amounts.
        set: FiniteSet,
    },
    /// Several Nim heaps.
    NimHeaps,
    /// Two heaps of Wythoff's game.
    Pair,
    /// A heap and the most the next move may take (Fibonacci Nim).
    HeapAndQuota,
    /// A heap and the amount the opponent just took (no-repeat games): each heap size has one
    /// state per amount that may be forbidden, plus the fresh state.
    HeapAndLastMove {
        /// The amounts a move may take.
        amounts: Vec<u64>,
    },
    /// The contest game: balls left and both players' holdings, reduced to parities.
    BallsAndParities {
        /// The amounts a move may take.
        amounts: Vec<u64>,
    },
    /// Heaps of a take-and-break code.
    TakeAndBreak {
        /// The code.
        code: Code,
        /// The most heaps a move leaves in place of one.
        most_heaps_left: u32,
    },
    /// A sum: one move in one component per turn.
    Sum {
        /// The components, with their positions.
        components: Vec<Component>,
    },
    /// An Every-SG compound: each turn moves in every component that still has a move.
    Every {
        /// The components, with their positions.
        components: Vec<Component>,
    },
    /// A game whose rules are a script, solved as a graph of positions.
    Script,
    /// A game of an open family with a theorem of its own, which values any position.
    Family {
        /// The game, as its spec names it with its rule: `coins:mock-turtles`.
        game: String,
        /// Its rules in one line.
        rules: Summary,
    },
    /// A game of an open family, solved as a graph of positions.
    Searched {
        /// The family's name.
        family: &'static str,
        /// Its rules in one line.
        rules: Summary,
        /// Why this game has no theorem where others of its family have one.
        without: Option<Summary>,
    },
}

/// Who wins when no move is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terminal {
    /// The player to move loses (normal play): a terminal position is worth 0.
    Normal,
    /// The player to move wins (misère play): a terminal position is worth 1.
    Misere,
    /// The contest game: odd holdings beat even ones, equal parities tie.
    ParityTie,
}

/// The first rows of a table of (misère) Grundy values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueTable {
    /// The game whose heaps the rows are: the game explained, or a component of a sum.
    pub game: Game,
    /// Normal or misère values.
    pub play: Play,
    /// Rows `0, 1, …`.
    pub rows: Vec<Row>,
    /// For no-repeat games, the row's state is the fresh heap and each option forbids its
    /// amount to the next player.
    pub forbids: bool,
}

/// One row of a [`ValueTable`]: `n: options … → values … → mex{…} = v → P/N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The heap size.
    pub n: u64,
    /// Every option.
    pub options: Vec<RowOption>,
    /// The distinct values of the options, ascending.
    pub mex_set: Vec<u32>,
    /// The least value not in `mex_set`.
    pub mex: u32,
    /// The position's value: the mex, except a terminal misère position, worth 1.
    pub value: u32,
}

impl Row {
    /// Whether the player to move loses (the value is 0).
    pub fn is_p(&self) -> bool {
        self.value == 0
    }
}

/// One option in a [`Row`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowOption {
    /// Tokens taken.
    pub take: u64,
    /// The heaps left (one for a subtraction; none, one, two or three for take-and-break).
    pub parts: Vec<u64>,
    /// The value of each part.
    pub part_values: Vec<u32>,
    /// The option's value: the xor of the parts' values (for a no-repeat game, the value of the
    /// heap left with `take` forbidden).
    pub value: u32,
}

/// The positions of a game valued by a search, each with its options and their values, in the
/// order the search valued them: every option above the position it is an option of (except
/// where positions repeat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionTable {
    /// The first positions valued, then the one asked about (last) when the table was cut.
    pub rows: Vec<PositionRow>,
    /// How many positions the search valued in all.
    pub valued: u64,
    /// Whether the values are Grundy values (an impartial game under normal play) rather than
    /// outcomes.
    pub nimbers: bool,
}

/// One row of a [`PositionTable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRow {
    /// The position, as the game prints it.
    pub position: String,
    /// When the position is a sum, its components and their values (its value is their xor);
    /// empty for a position played whole.
    pub parts: Vec<(String, PositionValue)>,
    /// Every move, with the position it leaves and that position's value; empty for a sum.
    pub options: Vec<PositionOption>,
    /// The position's value.
    pub value: PositionValue,
}

/// A move in a [`PositionRow`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionOption {
    /// The move's name; `None` for a move the game leaves unnamed (it is known by the position
    /// it leaves).
    pub label: Option<String>,
    /// The position it leaves.
    pub to: String,
    /// That position's value, for the player who moves next there.
    pub value: PositionValue,
}

/// The value of a position in a [`PositionTable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionValue {
    /// A Grundy value.
    Nimber(u32),
    /// Smith's `∞(K)` (positions can repeat): `K` the nimbers of the options, ascending; a win
    /// when `K` holds 0, otherwise a draw.
    Infinite(Vec<u32>),
    /// Win, lose, tie or draw for the player to move (where no Grundy value applies).
    Outcome(Outcome),
}

impl PositionRow {
    /// The distinct Grundy values of the options, ascending, when they all have one.
    pub fn option_nimbers(&self) -> Option<Vec<u32>> {
        let mut values = self
            .options
            .iter()
            .map(|option| match option.value {
                PositionValue::Nimber(m) => Some(m),
                PositionValue::Infinite(_) | PositionValue::Outcome(_) => None,
            })
            .collect::<Option<Vec<u32>>>()?;
        values.sort_unstable();
        values.dedup();
        Some(values)
    }
}

/// The contest game's table over reduced states (balls left, parity of the mover's balls, parity
/// of the opponent's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeTable {
    /// One row per state, by balls left then parities.
    pub rows: Vec<OutcomeRow>,
    /// The outcome for the first player from a fresh pile of each size `0, 1, …`.
    pub fresh: Vec<Outcome>,
}

/// One state of the contest game and its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeRow {
    /// The state.
    pub state: ParityState,
    /// Every move: the amount and the state left (the opponent to move).
    pub options: Vec<(u64, ParityState, Outcome)>,
    /// The result for the player to move.
    pub outcome: Outcome,
}

/// A reduced state of the contest game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParityState {
    /// Balls left.
    pub left: u64,
    /// Whether the player to move holds an odd number.
    pub mine_odd: bool,
    /// Whether the opponent holds an odd number.
    pub theirs_odd: bool,
}

/// The pattern of the values and what proves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The shape found, if any.
    pub shape: Option<Shape>,
    /// What proves it, or why nothing does.
    pub proof: Proof,
}

/// An ultimately periodic shape: `G(n + p) = G(n) + s` for `n ≥ n0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// `n0`.
    pub preperiod: u64,
    /// `p`.
    pub period: u64,
    /// `s`.
    pub saltus: u64,
    /// `G(0), …` for the preperiod and one period (at most [`EXPLAIN_PERIOD_VALUES`](super::EXPLAIN_PERIOD_VALUES)).
    pub values: Vec<u32>,
    /// Whether `values` holds the whole preperiod and period.
    pub complete: bool,
}

/// What proves a [`Shape`], or why nothing does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// A theorem, with the values it needed checked.
    Certified {
        /// The theorem.
        theorem: Theorem,
        /// The checks concern `G(0), …, G(checked_to - 1)`.
        checked_to: u64,
        /// For the window criterion: the computed windows `G(n0 .. n0 + t)` and
        /// `G(n0 + p .. n0 + p + t)` that are equal.
        window: Option<(Vec<u32>, Vec<u32>)>,
    },
    /// A repetition seen in the computed values that no theorem proves.
    Observed {
        /// The values computed.
        checked_to: u64,
        /// Why no theorem applies, when that is known.
        uncertifiable: Option<Uncertifiable>,
    },
    /// No repetition among the computed values.
    NotFound {
        /// The values computed.
        checked_to: u64,
        /// Why no theorem applies, when that is known.
        uncertifiable: Option<Uncertifiable>,
    },
}

/// The rule in contest language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The player to move loses exactly when `n ∈ early`, or `n ≥ preperiod` and
    /// `n mod period ∈ residues`.
    Residues {
        /// `n0`.
        preperiod: u64,
        /// `p`.
        period: u64,
        /// The residues of the P-positions from `n0` on.
        residues: Vec<u64>,
        /// The P-positions below `n0`.
        early: Vec<u64>,
    },
    /// The values grow by the saltus each period: the P-positions are exactly these.
    Finite {
        /// Every P-position.
        positions: Vec<u64>,
    },
    /// No rule is proved: the computed values are the answer, up to the limit.
    Computed {
        /// The values computed.
        checked_to: u64,
    },
    /// A family's own theorem.
    Theorem {
        /// Its name.
        name: Summary,
        /// What it says.
        statement: Summary,
    },
    /// Bouton: the player to move loses exactly when the xor of the heaps is 0.
    BoutonXor,
    /// Bouton's misère rule.
    BoutonMisere,
    /// Wythoff: P exactly at `(⌊kφ⌋, ⌊kφ⌋ + k)`; the first pairs.
    Wythoff {
        /// `(k, ⌊kφ⌋, ⌊kφ⌋ + k)` for the first `k`.
        pairs: Vec<(u64, u64, u64)>,
    },
    /// Fibonacci Nim: a fresh heap loses exactly when it is a Fibonacci number.
    Fibonacci {
        /// The first Fibonacci numbers.
        numbers: Vec<u64>,
    },
    /// Sprague–Grundy: a sum loses exactly when the xor of its components' values is 0.
    SumXor,
    /// A misère sum: values do not add by xor, so the sum's positions are searched whole.
    MisereSum,
    /// The contest game: the table of outcomes over reduced states is the solution.
    ParityTable,
    /// A game solved as a graph: win, lose or draw by retrograde analysis.
    Graph,
}

/// The answer for the position, with the arithmetic shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The position.
    pub position: Position,
    /// Win, lose, tie or draw for the player to move.
    pub outcome: Outcome,
    /// Its Grundy value (the misère value under misère play), where known.
    pub value: Option<BigUint>,
    /// How the value or outcome follows.
    pub derivation: Derivation,
    /// Every winning move, with what it leaves.
    pub moves: Vec<MoveCheck>,
    /// How many winning moves there are (`moves` may hold fewer).
    pub winning_moves: u64,
    /// Why no winning move is listed although the player to move wins, where finding them all
    /// would take too long.
    pub moves_withheld: Option<String>,
}

/// How the answer for a position follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Derivation {
    /// Read from the table of values.
    Table {
        /// The heap.
        n: BigUint,
    },
    /// From a certified period: `n mod p = residue`, so `G(n) = G(index) + periods · s`.
    Periodic {
        /// The heap.
        n: BigUint,
        /// `p`.
        period: u64,
        /// `n0`.
        preperiod: u64,
        /// `n mod p`.
        residue: u64,
        /// The stored index with the same value (up to the saltus).
        index: u64,
        /// Whole periods past `index`.
        periods: BigUint,
        /// The saltus.
        saltus: u64,
    },
    /// A xor of values (Nim heaps, a sum's components, several heaps of a take-and-break code).
    Xor(XorSum),
    /// A family's theorem: the xor of the values of the parts it reads (the single heads of a
    /// coin row, the odd steps of a staircase); its winning moves follow the family's rule,
    /// not Nim's.
    Theorem(XorSum),
    /// A family's theorem where play can go on forever (tokens on a graph with cycles): the
    /// finite parts and their xor `x`, and the infinite one, `∞(K)`: a win when `x ∈ K`, a
    /// draw otherwise; with two infinite parts or more (`node` is `None`), a draw.
    Infinite {
        /// The finite parts and their xor.
        finite: XorSum,
        /// The infinite part (a token's node), where there is one.
        node: Option<BigUint>,
        /// `K` of the infinite part alone, ascending.
        options: Vec<BigUint>,
    },
    /// A family's theorem of outcomes by binary places (Moore's `Nim_k`): the heaps, and for each
    /// place holding a 1, from the highest, how many heaps have a 1 there; the player to move
    /// loses exactly when every count is a multiple of `modulus`.
    Places {
        /// The heaps.
        heaps: Vec<BigUint>,
        /// `(place, ones)`: the exponent of each place holding a 1 and its count, highest first.
        places: Vec<(u64, BigUint)>,
        /// `k + 1`.
        modulus: u64,
    },
    /// The steps rule of an Every-SG compound: each component as written with its steps; the
    /// player to move wins exactly when the largest is odd.
    Steps {
        /// Each component (`nim[3]`) and its steps.
        components: Vec<(String, BigUint)>,
    },
    /// Bouton's misère rule.
    MisereNim {
        /// Heaps.
        heaps: u64,
        /// Heaps holding exactly 1.
        ones: u64,
        /// Whether every heap holds at most 1.
        all_small: bool,
        /// The xor of the heaps.
        xor: BigUint,
    },
    /// Wythoff's theorem at `(a, b)`, `a ≤ b`.
    Wythoff {
        /// The smaller heap.
        small: BigUint,
        /// The larger heap.
        large: BigUint,
        /// `k = large − small`.
        difference: BigUint,
        /// `5k²`.
        five_k_squared: BigUint,
        /// `isqrt(5k²)`.
        root: BigUint,
        /// `⌊kφ⌋ = (k + isqrt(5k²)) / 2`.
        lower: BigUint,
    },
    /// A family's theorem of greedy representations (dynamic subtraction): the heap as a sum
    /// of terms of the family's sequence, its smallest term against the quota.
    Greedy {
        /// The heap.
        heap: BigUint,
        /// The most the next move may take.
        quota: BigUint,
        /// The first terms of the sequence, up to the heap (at most [`EXPLAINED_TERMS`] and one
        /// more, which says that more follow).
        sequence: Vec<BigUint>,
        /// The terms of the heap's representation, each by its index from 1, largest first.
        terms: Vec<(u64, BigUint)>,
        /// The most the opponent may take after the smallest term is taken, where known.
        next_quota: Option<BigUint>,
    },
    /// Zeckendorf's characterisation.
    Zeckendorf {
        /// The heap.
        heap: BigUint,
        /// The most the next move may take.
        quota: BigUint,
        /// The terms, largest first (empty when too many to show).
        terms: Vec<BigUint>,
        /// How many terms.
        term_count: u64,
        /// The smallest term.
        smallest: Option<BigUint>,
    },
    /// The contest game: read from the table of reduced states.
    Parity {
        /// The reduced state.
        state: ParityState,
    },
    /// An exhaustive search of the positions reachable.
    Graph {
        /// Positions solved.
        positions: u64,
        /// Moves to the end under best play (`None` for a draw).
        remoteness: Option<u32>,
        /// The generalised value, for a loopy game.
        loopy: Option<Loopy>,
    },
}

/// The values combined by xor, with each term's target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XorSum {
    /// One term per heap or component.
    pub terms: Vec<XorTerm>,
    /// The xor of the terms.
    pub total: BigUint,
}

/// One term of a [`XorSum`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XorTerm {
    /// What the term is: a Nim heap by its place, or a value named by what it is of.
    pub label: TermLabel,
    /// Its value.
    pub value: BigUint,
    /// `value xor total`: the value to move this term to; a move is there exactly when it is
    /// below `value`.
    pub target: BigUint,
}

/// What a term of a [`XorSum`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TermLabel {
    /// A Nim heap, its own value, by its place among the heaps (from 1).
    Heap(usize),
    /// A value named by what it is the value of: `G(5)` of a heap, `nim[3]` of a component.
    Named(String),
    /// A part of a position as a family's theorem reads it: a head at a cell, a step.
    Part(PartLabel),
}

impl std::fmt::Display for TermLabel {
    /// The heap's place (`2`), the name (`G(5)`), or the part (`cell 3`, `step 1`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Heap(place) => write!(f, "{place}"),
            Self::Named(name) => f.write_str(name),
            Self::Part(PartLabel::Cell(cell)) => write!(f, "cell {cell}"),
            Self::Part(PartLabel::Component { game, .. }) => f.write_str(game),
            Self::Part(PartLabel::Square { row, column }) => write!(f, "{row}:{column}"),
            Self::Part(PartLabel::Step(step)) => write!(f, "step {step}"),
            Self::Part(PartLabel::Place { place, .. }) => write!(f, "2^{place}"),
            Self::Part(PartLabel::Residue { residue, modulus }) => {
                write!(f, "n mod {modulus} = {residue}")
            }
            Self::Part(PartLabel::Branch(node)) => write!(f, "branch at {node}"),
            Self::Part(PartLabel::Token(node)) => write!(f, "token at {node}"),
            Self::Part(PartLabel::Loops(count)) => write!(f, "{count} loops"),
            Self::Part(PartLabel::Term { index }) => write!(f, "H_{index}"),
        }
    }
}

/// A winning move with what it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveCheck {
    /// The move.
    pub play: Move,
    /// The heap left, for a move on one heap.
    pub leaves: Option<BigUint>,
    /// The residue of the heap left modulo the period, when a period decides it.
    pub residue: Option<u64>,
    /// The value of what the move leaves, where known (0 for a move to a P-position).
    pub value: Option<BigUint>,
}
