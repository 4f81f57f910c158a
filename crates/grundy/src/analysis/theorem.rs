//! The open families with a theorem of their own
//! ([`Ruleset::theorem`](crate::games::ruleset::Ruleset::theorem)): their positions valued by
//! it at any size — `solve` with every winning move, a table of their numbered positions, the
//! moves of a component of a sum, an explanation stating the theorem and showing it at work —
//! and `verify` comparing it with the general search over the family's options, which are its
//! literal rules. Misère play falls back to the search: the theorems are about normal play.

use num_bigint::BigUint;

use super::codegen::{Decider, KernelError, NoProgram};
use super::explain::{Rule, State, Step};
use super::family::{Answers, Explained, PeriodAnswer, TableAnswer, WrittenMove};
use super::pattern::{KnownRule, Membership, OutcomeRule, PatternTheorem, ValueRule};
use super::verify::Run;
use super::{Analyzer, Basis, ClosedForm, Error, FamilyTheorem, Move, Outcome, Solution, Target};
use crate::games::game::{Component, Game};
use crate::games::moves::Action;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::registry::Rules;
use crate::games::theorem::{ListRule, Reading, Theorem, Worth};
use crate::limits::{LISTED_CLASS_MOVES, WRITTEN_POSITION_NUMBERS};
use crate::theory::solver::Loopy;

/// A family answered by its own theorem.
pub(super) struct TheoremAnswers<'a> {
    /// The game's rules.
    pub(super) rules: &'a Rules,
    /// Their theorem.
    pub(super) theorem: &'a dyn Theorem,
}

impl TheoremAnswers<'_> {
    /// The basis of an answer by the theorem, with how it read the position.
    fn basis(&self, reading: Option<Reading>) -> Basis {
        Basis::Rule(ClosedForm::Theorem(Box::new(FamilyTheorem {
            family: self.rules.family().name,
            name: self.theorem.name(),
            statement: self.theorem.statement(),
            reading,
        })))
    }

    /// The moves from `position` to value `target` as actions, each with the position it
    /// leaves where `whole` asks for them and the family writes it (not for a class of moves, or
    /// a position too long); their memory is reserved first.
    fn moves_to(
        &self,
        analyzer: &Analyzer<'_>,
        position: &Position,
        target: &BigUint,
        whole: impl FnOnce(usize) -> Result<bool, Error>,
    ) -> Option<Result<Vec<WrittenMove>, Error>> {
        let actions = self
            .theorem
            .moves_to(position, target, LISTED_CLASS_MOVES)?;
        let written = || -> Result<bool, Error> {
            if !whole(actions.len())? {
                return Ok(false);
            }
            let bytes = (actions.len() as u64).saturating_mul(position.heap_bytes() + 64);
            analyzer.reserve(bytes, || {
                format!(
                    "{} winning moves, each with the position it leaves",
                    actions.len()
                )
            })?;
            Ok(true)
        };
        let whole = match written() {
            Ok(whole) => whole,
            Err(error) => return Some(Err(error)),
        };
        Some(Ok(actions
            .into_iter()
            .map(|action| {
                let after = whole
                    .then(|| {
                        self.theorem
                            .after(position, &action, WRITTEN_POSITION_NUMBERS)
                    })
                    .flatten();
                (action, after)
            })
            .collect()))
    }
}

/// The decider of a move bound `slope · x + offset` built from the numbers `sample` read: a
/// coefficient equal to a number read is read (the sample's numbers differ from every number
/// written in the spec), in the order the numbers come (`dynamic:{k}x+{c}`, `dynamic:{c}+{k}x`);
/// the others are fixed. `None` unless every number read is a coefficient.
fn carried_bound(slope: i64, offset: i64, sample: &[u64]) -> Option<Decider> {
    let numbers: Vec<i64> = sample
        .iter()
        .map(|&n| i64::try_from(n).ok())
        .collect::<Option<_>>()?;
    let (slope_read, offset_read, offset_first) = match numbers.as_slice() {
        [first] if *first == slope => (true, false, false),
        [first] if *first == offset => (false, true, true),
        [first, second] if (*first, *second) == (slope, offset) => (true, true, false),
        [first, second] if (*first, *second) == (offset, slope) => (true, true, true),
        _ => return None,
    };
    Some(Decider::Dynamic {
        slope: (!slope_read).then_some(slope),
        offset: (!offset_read).then_some(offset),
        offset_first,
    })
}

/// A move of a game that is not a sum, written with its position where it has one.
fn whole_move(action: Action, after: Option<Position>) -> Move {
    match after {
        Some(position) => Move::whole(action, position),
        None => Move {
            component: None,
            action,
            to: Target::Unwritten,
        },
    }
}

impl Answers for TheoremAnswers<'_> {
    fn solve(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        position: &Position,
    ) -> Option<Result<Solution, Error>> {
        if play != Play::Normal {
            return None;
        }
        let Some(reading) = self.theorem.read(position) else {
            // A position the theorem cannot read within its own limits is refused, not searched.
            let why = self.theorem.unread_reason(position)?;
            return Some(Err(Error::refused(format!("{game}: {why}"))));
        };
        let (outcome, grundy) = match &reading.worth {
            Worth::Grundy(value) => (Outcome::of_grundy(value), Some(value.clone())),
            Worth::Outcome { wins: true } => (Outcome::Win, None),
            // A loss for the player to move is a Grundy value of 0, whatever the theorem.
            Worth::Outcome { wins: false } => (Outcome::Lose, Some(BigUint::ZERO)),
            Worth::Infinite { .. } if reading.worth.wins() => (Outcome::Win, None),
            Worth::Infinite { .. } => (Outcome::Draw, None),
        };
        // Smith's infinite value, which a sum reads to add nimbers to it.
        let loopy = match &reading.worth {
            Worth::Infinite { options, .. } => Some(Loopy::Infinite(
                options
                    .iter()
                    .filter_map(|k| u32::try_from(k).ok())
                    .collect(),
            )),
            Worth::Grundy(value) => u32::try_from(value).ok().map(Loopy::Nimber),
            Worth::Outcome { wins } => (!wins).then_some(Loopy::Nimber(0)),
        };
        // Where finding every winning move would take too long, the answer says why and
        // lists none.
        let withheld = (outcome == Outcome::Win)
            .then(|| self.theorem.unlisted_reason(position))
            .flatten();
        let moves = if outcome == Outcome::Win && withheld.is_none() {
            let whole = |moves| analyzer.whole_positions(moves, position.written_length());
            match self.moves_to(analyzer, position, &BigUint::ZERO, whole)? {
                Ok(moves) => moves,
                Err(error) => return Some(Err(error)),
            }
        } else {
            Vec::new()
        };
        let winning_moves = moves
            .into_iter()
            .map(|(action, after)| whole_move(action, after))
            .collect();
        Some(Ok(Solution {
            loopy,
            moves_withheld: withheld,
            ..Solution::new(
                game,
                position.clone(),
                outcome,
                grundy,
                winning_moves,
                self.basis(Some(reading)),
            )
        }))
    }

    /// The values of the positions at two coordinates `a, b ≤ to` (Turning Corners: the nim
    /// multiplication table), each read by the theorem; under normal play only.
    fn grid(
        &self,
        analyzer: &Analyzer<'_>,
        game: &Game,
        play: Play,
        to: usize,
    ) -> Option<Result<Vec<Vec<u32>>, Error>> {
        if play != Play::Normal {
            return Some(Err(Error::refused(format!(
                "{game}: grundy tables this family under normal play, where its theorem values every position; solve a misère position on its own"
            ))));
        }
        let ruleset = self.rules.ruleset();
        let mut values = Vec::with_capacity(to + 1);
        for a in 0..=to {
            if let Err(error) = analyzer.check(a as u64) {
                return Some(Err(error));
            }
            let mut row = Vec::with_capacity(to + 1);
            for b in 0..=to {
                let position = ruleset.coordinate_position(&[a.into(), b.into()])?;
                let Worth::Grundy(value) = self.theorem.read(&position)?.worth else {
                    return None;
                };
                match u32::try_from(&value) {
                    Ok(value) => row.push(value),
                    Err(_) => {
                        return Some(Err(Error::refused(format!(
                            "{game}: the value at {a}, {b} is {value}, beyond the 32 bits a grid holds"
                        ))));
                    }
                }
            }
            values.push(row);
        }
        Some(Ok(values))
    }

    /// The values of the numbered positions `from..from + rows`, each read by the theorem.
    fn table(
        &self,
        analyzer: &Analyzer<'_>,
        _: &Game,
        play: Play,
        (from, _, rows): (&BigUint, &BigUint, u64),
    ) -> Option<Result<TableAnswer, Error>> {
        if play != Play::Normal {
            return None;
        }
        let ruleset = self.rules.ruleset();
        let mut values = Vec::new();
        for i in 0..rows {
            if let Err(error) = analyzer.check(i) {
                return Some(Err(error));
            }
            let position = ruleset.numbered_position(&(from + i))?;
            match self.theorem.read(&position)?.worth {
                Worth::Grundy(value) => values.push(value),
                Worth::Outcome { .. } | Worth::Infinite { .. } => return None,
            }
        }
        Some(Ok(TableAnswer::Values(values, self.basis(None))))
    }

    /// The outcomes of the numbered positions `from..from + rows`, each read by a theorem of
    /// outcomes (under normal play).
    fn outcomes(
        &self,
        analyzer: &Analyzer<'_>,
        play: Play,
        from: &BigUint,
        rows: u64,
    ) -> Option<Result<(Vec<Outcome>, Basis), Error>> {
        if play != Play::Normal {
            return None;
        }
        let ruleset = self.rules.ruleset();
        let mut outcomes = Vec::new();
        for i in 0..rows {
            if let Err(error) = analyzer.check(i) {
                return Some(Err(error));
            }
            let position = ruleset.numbered_position(&(from + i))?;
            match self.theorem.read(&position)?.worth {
                Worth::Outcome { wins: true } => outcomes.push(Outcome::Win),
                Worth::Outcome { wins: false } => outcomes.push(Outcome::Lose),
                Worth::Grundy(_) | Worth::Infinite { .. } => return None,
            }
        }
        Some(Ok((outcomes, self.basis(None))))
    }

    /// No period is searched for: the theorem gives every value at once (under normal play;
    /// misère play is searched).
    fn period(
        &self,
        _: &Analyzer<'_>,
        game: &Game,
        play: Play,
    ) -> Option<Result<PeriodAnswer, Error>> {
        (play == Play::Normal).then(|| {
            Err(Error::refused(format!(
                "{game}: its family's theorem ({}) answers every position directly, so there is no period to search for",
                self.theorem.name().en
            )))
        })
    }

    /// The rule of the numbered positions' values the theorem states, and the outcomes that
    /// follow: lost exactly at its finitely many zeros.
    fn pattern_theorem(&self, _: &Game, play: Play) -> Vec<KnownRule> {
        let Some(rule) = self.theorem.table_rule().filter(|_| play == Play::Normal) else {
            return Vec::new();
        };
        let theorem = PatternTheorem::Family {
            name: self.theorem.name(),
        };
        // "Lose iff n is one of these (perhaps none)".
        let losses = Membership::Numbers(rule.losses);
        let outcomes = OutcomeRule {
            classes: vec![(Outcome::Lose, losses)],
            otherwise: Outcome::Win,
        };
        vec![
            KnownRule::Values(theorem, ValueRule::Sequence(rule.values)),
            KnownRule::Outcomes(theorem, outcomes),
        ]
    }

    fn state(&self) -> State {
        State::Family {
            game: self.rules.to_string(),
            rules: self.rules.family().summary,
        }
    }

    fn explain(
        &self,
        _: &Analyzer<'_>,
        _: &Game,
        play: Play,
        _: Option<&Position>,
    ) -> Option<Result<Explained, Error>> {
        (play == Play::Normal).then(|| {
            let rule = Rule::Theorem {
                name: self.theorem.name(),
                statement: self.theorem.statement(),
            };
            Ok((vec![Step::Rule(rule)], None))
        })
    }

    fn moves_to_value(
        &self,
        analyzer: &Analyzer<'_>,
        component: &Component,
        target: &BigUint,
    ) -> Option<Result<Vec<WrittenMove>, Error>> {
        // The sum decides how to write its moves; each component's position is written whole.
        self.moves_to(analyzer, &component.position, target, |_| Ok(true))
    }

    /// The rule of the table the theorem states, which the program carries (under normal
    /// play; misère play is searched).
    fn decider(&self, _: &Analyzer<'_>, _: &Game, play: Play) -> Result<Decider, KernelError> {
        match (play, self.theorem.list_rule()) {
            (Play::Normal, Some(ListRule::OddPlacesXor)) => return Ok(Decider::Staircase),
            (Play::Normal, Some(ListRule::PlacesModulo { modulus })) => {
                return Ok(Decider::Moore { modulus });
            }
            (Play::Normal, Some(ListRule::Picture)) => return Ok(Decider::Hackenbush),
            (Play::Normal, Some(ListRule::Tokens { edges })) => {
                return Ok(Decider::Tokens { edges: Some(edges) });
            }
            (Play::Normal, Some(ListRule::Greedy { slope, offset })) => {
                return Ok(Decider::Dynamic {
                    slope: Some(slope),
                    offset: Some(offset),
                    offset_first: false,
                });
            }
            _ => {}
        }
        Err(KernelError::No(match play {
            Play::Normal => NoProgram::Theorem,
            Play::Misere => NoProgram::Misere,
        }))
    }

    fn verify(&self, run: &mut Run<'_, '_>, _: &Game) -> Result<(), Error> {
        run.theorem(self.theorem)
    }

    /// A graph the input carries: its edges are the numbers read, two by two (`digraph:{u}>{v}`);
    /// a move bound whose coefficients are read (`dynamic:{k}x`, `dynamic:x+{c}`): each
    /// coefficient that is a number read, in order.
    fn carried(&self, _: &Analyzer<'_>, game: &Game, sample: &[u64]) -> Option<Decider> {
        if game.play() != Play::Normal {
            return None;
        }
        let mut edges = match self.theorem.list_rule() {
            Some(ListRule::Tokens { edges }) => edges,
            Some(ListRule::Greedy { slope, offset }) => {
                return carried_bound(slope, offset, sample);
            }
            _ => return None,
        };
        let mut pairs: Vec<(u64, u64)> = sample
            .chunks_exact(2)
            .map(|pair| (pair[0], pair[1]))
            .collect();
        edges.sort_unstable();
        pairs.sort_unstable();
        (game.play() == Play::Normal && sample.len().is_multiple_of(2) && edges == pairs)
            .then_some(Decider::Tokens { edges: None })
    }
}
