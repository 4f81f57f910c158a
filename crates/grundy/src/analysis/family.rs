//! What each family answers with its own theory and engines, beyond the general search:
//! [`Answers`], implemented beside each family's analysis (`heap.rs`, `classical.rs`,
//! `norepeat.rs`, `octal.rs`, `general.rs`); `analysis::answers` is the one place in the facade
//! that maps a game to them. A question asks a game's answers first and falls back to the general
//! search over its options ([`super::search`]) where they have nothing of their own; sums and
//! misère play are combinators, which the questions handle before asking.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::brute::State as BruteState;
use super::codegen::{Decider, Kernel, KernelError, NoProgram};
use super::evaluate::Evaluation;
use super::explain::{EXPLAIN_MAX_ROWS, RowOption, State, Step};
use super::judge::{CaseKind, Oracle, TestHeaps};
use super::verify::Run;
use super::{Analyzer, Basis, Error, MAX_TABLE_ROWS, Solution, Uncertifiable};
use crate::games::game::{Component, Game};
use crate::games::moves::Action;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::registry::Rules;
use crate::theory::compact::CompactValues;
use crate::theory::period::Search;

/// A move as an action, with the position it leaves where it is written (`None` for a class
/// of moves, or a move leaving a position too long to write).
pub(super) type WrittenMove = (Action, Option<Position>);

/// Moves each with the position it leaves, all written: what
/// [`Answers::moves_to_value`] returns for a family whose moves always are.
pub(super) fn written(moves: Vec<(Action, Position)>) -> Vec<WrittenMove> {
    moves
        .into_iter()
        .map(|(action, position)| (action, Some(position)))
        .collect()
}

/// A table's values and what they rest on, or a whole table (with its misère genera).
pub(super) enum TableAnswer {
    /// Values and their basis.
    Values(Vec<BigUint>, Basis),
    /// A table complete with genera.
    Table(super::Table),
}

/// A period search, the values it examined when the family keeps them, and for no-repeat games
/// the state vectors its values stand for.
pub(super) struct PeriodAnswer {
    /// Certified, observed or not found.
    pub search: Search,
    /// `G(0), …, G(L − 1)`, the values the search computed, when it kept them.
    pub values: Option<CompactValues>,
    /// For no-repeat games, `state_vectors[id]` for each value id.
    pub state_vectors: Option<Vec<Vec<u32>>>,
    /// How many of the values came from an earlier search ([`Analyzer::resuming`]).
    ///
    /// [`Analyzer::resuming`]: super::Analyzer::resuming
    pub resumed_from: u64,
}

impl PeriodAnswer {
    /// A search alone: no values kept, no state vectors.
    pub fn search(search: Search) -> Self {
        Self {
            search,
            values: None,
            state_vectors: None,
            resumed_from: 0,
        }
    }
}

/// What a family answers itself; `None` from a method means nothing of its own, and the question
/// falls back. `game` is the whole game as asked (`misere:` included, for messages), `play` its
/// convention.
pub(super) trait Answers {
    /// The outcomes of the numbered positions `from..from + rows`, where the family decides
    /// outcomes without Grundy values (a theorem of outcomes), with their basis; `None`
    /// elsewhere.
    fn outcomes(
        &self,
        analyzer: &Analyzer<'_>,
        play: Play,
        from: &BigUint,
        rows: u64,
    ) -> Option<Result<(Vec<super::Outcome>, Basis), Error>> {
        let _ = (analyzer, play, from, rows);
        None
    }

    /// Who wins from `position`, with every winning move.
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        let _ = (analyzer, game, play, position);
        None
    }

    /// The values of heaps `from..=to` (`rows` of them).
    fn table(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        (from, to, rows): (&BigUint, &BigUint, u64),
    ) -> Option<Result<TableAnswer, Error>> {
        let _ = (analyzer, game, play, from, to, rows);
        None
    }

    /// The period of the one-heap values.
    fn period(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Option<Result<PeriodAnswer, Error>> {
        let _ = (analyzer, game, play);
        None
    }

    /// The rule of its table that the family's own theorem proves (a Nim heap's value,
    /// Wythoff's pairs, Zeckendorf's Fibonacci numbers), for `pattern` to certify a rule it
    /// finds; none where it has none.
    fn pattern_theorem(&self, game: &Game, play: Play) -> Vec<super::pattern::KnownRule> {
        let _ = (game, play);
        Vec::new()
    }

    /// The values `G(a, b)` of the positions of two numbers `a, b ≤ to`, `values[a][b]`, for a
    /// family whose positions are two numbers (Wythoff's game, a script's `start(a, b)`).
    fn grid(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        to: usize,
    ) -> Option<Result<Vec<Vec<u32>>, Error>> {
        let _ = (analyzer, game, play, to);
        None
    }

    /// Every legal move of `position` with the value of the position it leaves, for a family
    /// whose moves only its own engine lists (a script runs to list them); `None`: the moves
    /// come from the rules, as for every other family.
    fn options(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<super::play::Options, Error>> {
        let _ = (analyzer, game, play, position);
        None
    }

    /// Why no theorem certifies the period `search` found, when none can.
    fn uncertifiable(&self, play: Play, search: &Search) -> Option<Uncertifiable> {
        let _ = (play, search);
        None
    }

    /// What a position of the family holds, as an explanation states it.
    fn state(&self) -> State;

    /// The steps of an explanation after the state and the end of the game — its table,
    /// pattern and rule —, and the period report they rest on; `None` for a game solved as a
    /// graph.
    fn explain(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: Option<&Position>,
    ) -> Option<Result<Explained, Error>> {
        let _ = (analyzer, game, play, position);
        None
    }

    /// Whether an explanation shows a table of rows for one heap (with [`row_options`]).
    ///
    /// [`row_options`]: Self::row_options
    fn has_rows(&self) -> bool {
        false
    }

    /// The options of each heap `0..values.len()`, valued from `values` (the game's values
    /// under `play`), for a table's rows; `None` where the family has no rows.
    fn row_options(&self, play: Play, values: &[u32]) -> Option<Vec<Vec<RowOption>>> {
        let _ = (play, values);
        None
    }

    /// Whether the rows' options exclude the amount just taken (no-repeat games).
    fn forbids_repeat(&self) -> bool {
        false
    }

    /// The most rows of a table an explanation shows.
    fn explained_rows(&self) -> u64 {
        EXPLAIN_MAX_ROWS
    }

    /// Whether the family's values have a period to search for (a plot's strip draws it).
    fn has_period(&self) -> bool {
        false
    }

    /// Whether each heap of the family's positions is a Nim heap — a heap of `n` worth `*n`, its
    /// options every smaller heap —, so that misère sums of them follow Bouton's misère rule
    /// and the tame rule's Nim types.
    fn heaps_are_nim(&self) -> bool {
        false
    }

    /// Whether every question about the family's games is answered by the general search over
    /// its options (it has no engines or theorems of its own), so that one search as large as
    /// `solve`'s is worth making wherever its positions are valued.
    fn answered_by_search(&self) -> bool {
        false
    }

    /// Why the family keeps no table of its values under `play`, where it keeps none though its
    /// positions are heaps (its positions are then solved one at a time).
    fn no_table(&self, play: Play) -> Option<&'static str> {
        let _ = play;
        None
    }

    /// Why two heaps of the family's game are not the sum of two one-heap games (so a grid of
    /// `G(a) xor G(b)` is not its values); `None` where they are.
    fn not_per_heap(&self) -> Option<&'static str> {
        Some("its positions are not heaps")
    }

    /// What a generated contest program computes to decide a position under `play`.
    ///
    /// # Errors
    /// Why no program can be generated, or the analysis it needs failing.
    fn decider(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Result<Decider, KernelError> {
        let _ = (analyzer, game);
        Err(KernelError::No(match play {
            Play::Normal => NoProgram::Searched,
            Play::Misere => NoProgram::Misere,
        }))
    }

    /// The decider of this family's games when a judge's input carries them: a generated
    /// program builds each case's game at run time from the numbers of its spec's argument list.
    /// `game` is the game those numbers build for `sample` — the numbers written in the spec and
    /// distinct stand-ins for the values read — from which the family tells the form of its spec
    /// (the amounts themselves, or a bound on them). `None` when no program builds the family's
    /// games from numbers read.
    fn carried(&self, analyzer: &Analyzer<'_>, game: &Game, sample: &[u64]) -> Option<Decider> {
        let _ = (analyzer, game, sample);
        None
    }

    /// How a judge's cases of the game are answered, its values found for heaps up to
    /// `largest`: by `solve`, case by case, unless the family has faster.
    ///
    /// # Errors
    /// As the evaluation behind the oracle.
    fn oracle(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        largest: &BigUint,
    ) -> Result<Oracle, Error> {
        let _ = (analyzer, game, play, largest);
        Ok(Oracle::Solve)
    }

    /// What the family's heaps are for test inputs: small ones only, unless the family answers
    /// any heap exactly.
    ///
    /// # Errors
    /// As the period search behind it.
    fn test_heaps(&self, analyzer: &Analyzer<'_>, game: &Game) -> Result<TestHeaps, Error> {
        let _ = (analyzer, game);
        Ok(TestHeaps::default())
    }

    /// The amounts that take a heap to a position of value `target`, read from `evaluation`
    /// (the values of its one-heap positions), where the family's moves take amounts.
    fn amounts_to_value(
        &self,
        evaluation: &Evaluation,
        heap: &BigUint,
        target: &BigUint,
    ) -> Option<Result<Vec<BigUint>, Error>> {
        let _ = (evaluation, heap, target);
        None
    }

    /// The moves of `component` (a game of the family and its position, in a sum) to positions
    /// of Grundy value `target`, each with the position it leaves — `None` for a move whose
    /// position is not written: a class of moves, or a move leaving a position too long to
    /// write —; `None` where the family has no faster way than solving every option.
    fn moves_to_value(
        &self,
        analyzer: &Analyzer<'_>,
        component: &Component,
        target: &BigUint,
    ) -> Option<Result<Vec<WrittenMove>, Error>> {
        let _ = (analyzer, component, target);
        None
    }

    /// Every move from `position` of `game`, where its numbers are small enough to enumerate
    /// (for a sum's search); `None` where the family's own options serve.
    fn small_moves(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        position: &Position,
    ) -> Option<Result<Vec<(Action, Position)>, Error>> {
        let _ = (analyzer, game, position);
        None
    }

    /// How a test case of the family is written: one heap, or heaps that add up.
    fn test_case(&self) -> CaseKind {
        CaseKind::OneHeap
    }

    /// `verify`'s paths for the family: each fast path against the brute force. By default
    /// refused: a family answered only by exploring its positions has no second path.
    ///
    /// # Errors
    /// The refusal, or what stops a path for good (out of memory, interrupted).
    fn verify(&self, run: &mut Run<'_, '_>, game: &Game) -> Result<(), Error> {
        let _ = run;
        Err(Error::refused(format!(
            "{game} is answered one way, by exploring its positions: grundy knows no theory of it, so there is no independent path to compare the exploration with"
        )))
    }

    /// Whether the family has a brute force for `verify` (so that a sum holding it can be
    /// compared whole).
    fn has_brute_force(&self) -> bool {
        false
    }

    /// The brute-force state of `position` (its numbers small enough), where the family has a
    /// brute force for `verify`: its rules written again as the spec states them, sharing
    /// nothing with its engines, periods and closed forms.
    fn brute_state(&self, position: &Position) -> Option<BruteState> {
        let _ = position;
        None
    }

    /// The brute-force options of `state`, by the rules alone (misère play changes only values).
    fn brute_options(&self, state: &BruteState) -> Vec<BruteState> {
        let _ = state;
        Vec::new()
    }

    /// About how many option steps the brute force takes for the positions up to `n − 1`.
    fn brute_work(&self, n: u128) -> u128 {
        n
    }

    /// One-heap families: what each move from a heap of `n` leaves, as a brute-force state and
    /// as the heaps whose values add up by xor (none for a heap taken whole).
    fn brute_heap_moves(&self, n: u64) -> Option<Vec<(BruteState, Vec<u64>)>> {
        let _ = n;
        None
    }

    /// The kernel of a one-heap game whose period is not certified (`search`: what was found):
    /// by default the values of the heaps a program's source holds, computed by grundy
    /// ([`Analyzer::table_kernel`]).
    ///
    /// # Errors
    /// Why the family has no such kernel, or the table's analysis failing.
    fn uncertified_kernel(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        search: Search,
    ) -> Result<Kernel, KernelError> {
        analyzer.table_kernel(game, Some(search))
    }
}

/// An explanation's steps and the period report they rest on.
pub(super) type Explained = (Vec<Step>, Option<super::PeriodReport>);

/// A family with nothing of its own: every question searches its options.
pub(super) struct Searched<'a>(pub(super) &'a Rules);

impl Answers for Searched<'_> {
    fn uncertifiable(&self, _: Play, _: &Search) -> Option<Uncertifiable> {
        Some(Uncertifiable::Searched)
    }

    fn has_period(&self) -> bool {
        self.numbered()
    }

    fn answered_by_search(&self) -> bool {
        true
    }

    fn state(&self) -> State {
        State::Searched {
            family: self.0.family().name,
            rules: self.0.family().summary,
            without: self.0.ruleset().no_theorem(),
        }
    }

    /// The values of every heap up to the input's largest from one search, where the family
    /// numbers its positions and the heaps fit a table; else (too many heaps, or heaps whose
    /// play can last forever) each case searched alone.
    fn oracle(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        largest: &BigUint,
    ) -> Result<Oracle, Error> {
        let rows = largest
            .to_u64()
            .and_then(|n| n.checked_add(1))
            .filter(|&rows| rows <= MAX_TABLE_ROWS && rows <= analyzer.max_positions());
        let Some(rows) = rows.filter(|_| self.numbered()) else {
            return Ok(Oracle::Solve);
        };
        let values = match analyzer.table_by_search(game, &BigUint::ZERO, rows) {
            Some(Ok((values, _))) => values,
            Some(Err(Error::Refused(_))) | None => return Ok(Oracle::Solve),
            Some(Err(error)) => return Err(error),
        };
        let values: Option<Vec<u32>> = values.iter().map(ToPrimitive::to_u32).collect();
        Ok(values.map_or(Oracle::Solve, |values| Oracle::OneHeap {
            evaluation: Evaluation::Computed(values),
            takes: None,
            play,
        }))
    }

    /// Where the family numbers its positions (heaps), two of them are a sum, valued by the
    /// xor of their values.
    fn not_per_heap(&self) -> Option<&'static str> {
        (!self.numbered()).then_some("its positions are not numbered heaps")
    }
}

impl Searched<'_> {
    /// Whether the family numbers its positions, and the last move decides: its positions are
    /// heaps with Grundy values.
    fn numbered(&self) -> bool {
        let rules = self.0.ruleset();
        rules.last_move_decides() && rules.numbered_position(&BigUint::ZERO).is_some()
    }
}

/// A sum: the questions take it apart into its components first, and ask each component's
/// family.
pub(super) struct SumAnswers<'a>(pub(super) &'a [Component]);

impl Answers for SumAnswers<'_> {
    fn state(&self) -> State {
        State::Sum {
            components: self.0.to_vec(),
        }
    }
}
