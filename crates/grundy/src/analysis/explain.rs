//! The derivation of an answer as the tutorials teach it, as typed steps: the state and the
//! terminal rule, the first rows of the table (options, their values, the mex), the pattern and
//! the theorem that proves it, the rule in contest language, and the answer for a position with
//! its arithmetic.
//!
//! Every number in an [`Explanation`] comes from the library's own typed answers ([`Table`](super::Table),
//! [`PeriodReport`], [`Solution`]) or from the game's rules applied to them; the words come from
//! [`render::explain`](crate::render::explain).

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::analysis::{
    Action, Analyzer, Basis, ClosedForm, Error, Move, Outcome, PeriodReport, Solution,
    SummandValue, Target,
};
use crate::engine::octal::TakeAndBreakEngine;
use crate::games::game::{Component, Game};
use crate::games::octal::{Code, Step as OctalStep, allowed, walk};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::subtraction::FiniteSet;
use crate::games::{fibonacci_nim, oddball, wythoff};
use crate::theory::mex::mex;
use crate::theory::period::{Periodicity, Search, Theorem};

mod steps;

pub use steps::*;

/// The fewest rows of a table an explanation shows.
pub const EXPLAIN_MIN_ROWS: u64 = 12;
/// The most rows of a table an explanation shows.
pub const EXPLAIN_MAX_ROWS: u64 = 40;
/// The most rows of a take-and-break table an explanation shows.
pub const EXPLAIN_CODE_ROWS: u64 = 16;
/// The most values of one period an explanation lists.
pub const EXPLAIN_PERIOD_VALUES: usize = 64;
/// The most values read to show the repeating window of a certificate.
const WINDOW_VALUES: u64 = 4096;
/// The most pile sizes of the contest game whose four parity states are shown.
const ODDBALL_ROWS: u64 = 10;
/// How many Wythoff P-positions and Fibonacci numbers are listed.
pub(super) const CLOSED_FORM_ROWS: u64 = 10;

/// How many winning moves an explanation walks through.
pub const EXPLAIN_MOVES: usize = 8;

impl Analyzer<'_> {
    /// The derivation of `game`'s answer, step by step: the state and terminal rule, the first
    /// rows of the table with each mex, the pattern and its proof, the rule, and for `position`
    /// the answer with its arithmetic.
    ///
    /// # Complexity
    /// A period search ([`period`](Self::period)) where the game has one, a table of at most
    /// [`EXPLAIN_MAX_ROWS`] rows (and at most 4096 values for the certificate's window), and a
    /// [`solve`](Self::solve) of the position.
    ///
    /// # Errors
    /// As for [`solve`](Self::solve) and [`period`](Self::period); [`Error::Internal`] if a
    /// derived mex differs from the library's own table.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::analysis::explain::{Rule, Step};
    /// use grundy::{Analyzer, Config, parse_game};
    /// let game = parse_game("subtraction:1,3,4")?;
    /// let explanation = Analyzer::new(Config::default()).explain(&game, None)?;
    /// let rule = explanation.steps.iter().find_map(|step| match step {
    ///     Step::Rule(Rule::Residues { period, residues, .. }) => Some((*period, residues.clone())),
    ///     _ => None,
    /// });
    /// assert_eq!(rule, Some((7, vec![0, 2]))); // lose exactly when n mod 7 ∈ {0, 2}
    /// # Ok(()) }
    /// ```
    pub fn explain(&self, game: &Game, position: Option<&Position>) -> Result<Explanation, Error> {
        let (base, play) = (game.base(), game.play());
        let answers = super::answers(base);
        let state = answers.state();
        let decided_by_last_move = base.last_move_decides();
        let mut steps = vec![
            Step::State(state),
            Step::Terminal(match (decided_by_last_move, play) {
                (false, _) => Terminal::ParityTie,
                (true, Play::Normal) => Terminal::Normal,
                (true, Play::Misere) => Terminal::Misere,
            }),
        ];
        let mut report = None;
        if let Some(components) = base.components() {
            if play == Play::Normal {
                steps.extend(self.component_tables(components)?);
            }
            steps.push(Step::Rule(match play {
                Play::Normal => Rule::SumXor,
                Play::Misere => Rule::MisereSum,
            }));
        } else {
            match answers.explain(self, game, play, position) {
                Some(explained) => {
                    let (more, period) = explained?;
                    steps.extend(more);
                    report = period;
                }
                None => steps.push(Step::Rule(Rule::Graph)),
            }
        }
        self.found_step(game, &mut steps)?;
        if let Some(position) = position {
            let solution = self.solve(game, position)?;
            steps.push(Step::Answer(answer(game, &solution, report.as_ref())));
        }
        Ok(Explanation {
            game: game.clone(),
            position: position.cloned(),
            steps,
        })
    }

    /// Where the explanation's rule is the general search (no theorem gives a pattern), the
    /// rules found in the game's table, before that rule: over a small range, since an
    /// explanation answers at once. A game without numbered positions has none, nor one whose
    /// table cannot be computed (a script defined on some numbers only, a limit).
    fn found_step(&self, game: &Game, steps: &mut Vec<Step>) -> Result<(), Error> {
        let Some(at) = steps
            .iter()
            .position(|step| matches!(step, Step::Rule(Rule::Graph)))
        else {
            return Ok(());
        };
        if game.base().components().is_some() {
            return Ok(());
        }
        match self.pattern_unsettled(game, &super::pattern::PatternPlan::brief(game)) {
            // One outcome everywhere: nothing to find (or a numbering that misses the game).
            Ok(report) if report.constant => Ok(()),
            Ok(report) => {
                steps.insert(at, Step::Found(Box::new(report)));
                Ok(())
            }
            // The table is an addition: a game whose positions are not all numbered (a script
            // defined on some numbers only), or one too large for the range, goes without it.
            Err(error) if error.is_stop() => Err(error),
            Err(_) => Ok(()),
        }
    }

    /// The steps of a one-heap game with a period: its period report, then the table, pattern
    /// and rule (an explanation's steps for subtraction, no-repeat and take-and-break games).
    pub(super) fn explain_heap(
        &self,
        game: &Game,
        position: Option<&Position>,
    ) -> Result<(Vec<Step>, Option<PeriodReport>), Error> {
        let period = self.period(game)?;
        let steps = self.heap_steps(game, &period, position)?;
        Ok((steps, Some(period)))
    }

    /// The table, pattern and rule of a one-heap game.
    fn heap_steps(
        &self,
        game: &Game,
        report: &PeriodReport,
        position: Option<&Position>,
    ) -> Result<Vec<Step>, Error> {
        let play = game.play();
        let periodicity = report_periodicity(report);
        let window = match report
            .search
            .certificate()
            .map(crate::theory::period::Certificate::theorem)
        {
            Some(Theorem::Window { window }) => window,
            Some(Theorem::GuySmith { last_digit, .. }) => last_digit,
            Some(Theorem::AllBut { largest_excluded }) => 2 * largest_excluded,
            _ => 0,
        };
        // A small heap asked about gets its own row.
        let row_of = |n: &BigUint| {
            n.to_u64()
                .filter(|&n| n < EXPLAIN_MAX_ROWS)
                .map_or(0, |n| n + 1)
        };
        let asked = match position {
            Some(Position::Heap(n) | Position::LastMove { heap: n, .. }) => row_of(n),
            Some(Position::Heaps(heaps)) => heaps.iter().map(row_of).max().unwrap_or(0),
            _ => 0,
        };
        let cycle = periodicity
            .as_ref()
            .map_or(0, |p| p.preperiod().saturating_add(p.period()));
        let rows = cycle
            .saturating_mul(2)
            .saturating_add(window)
            .max(EXPLAIN_MIN_ROWS)
            .max(asked)
            .min(super::answers(game.base()).explained_rows());
        let needed = if report.search.certificate().is_some() {
            cycle.saturating_add(window).clamp(rows, WINDOW_VALUES)
        } else {
            rows
        };
        let mut steps = Vec::new();
        // Within a low value limit, as many values as it allows.
        let mut count = needed;
        let values = loop {
            match self.small_values(game, count) {
                Ok(values) => break Some(values),
                Err(Error::Refused(_)) if count > 1 => count /= 2,
                Err(Error::Refused(_)) => break None,
                Err(error) => return Err(error),
            }
        };
        if let Some(values) = &values {
            let shown = &values[..(rows as usize).min(values.len())];
            steps.push(Step::Table(rows_of(game, play, shown)?));
        }
        steps.push(Step::Pattern(pattern(
            report,
            periodicity.as_ref(),
            values.as_deref(),
        )));
        if let Some(code) = game.base().code() {
            let engine = self.config.take_and_break_engine_for(code)?;
            if matches!(
                engine,
                TakeAndBreakEngine::RareCommon | TakeAndBreakEngine::Paired
            ) {
                steps.push(Step::RareCommon { engine });
            }
        }
        steps.push(Step::Rule(match (&report.search, periodicity) {
            (Search::Certified(_), Some(p)) => residue_rule(&p),
            (Search::Observed(o), _) => Rule::Computed {
                checked_to: o.checked_to(),
            },
            (Search::NotFound { checked_to }, _) => Rule::Computed {
                checked_to: *checked_to,
            },
            (Search::Certified(c), None) => Rule::Computed {
                checked_to: c.checked_to(),
            },
        }));
        Ok(steps)
    }

    /// The table of each one-heap game among a sum's components (once per game), with a row
    /// for each of its heaps below [`EXPLAIN_MAX_ROWS`].
    fn component_tables(&self, components: &[Component]) -> Result<Vec<Step>, Error> {
        let mut games: Vec<&Game> = Vec::new();
        for component in components {
            let one_heap = super::answers(&component.game).has_rows();
            if one_heap && !games.contains(&&component.game) {
                games.push(&component.game);
            }
        }
        let mut steps = Vec::new();
        for game in games {
            let largest = components
                .iter()
                .filter(|c| &c.game == game)
                .filter_map(|c| match &c.position {
                    Position::Heap(n) | Position::LastMove { heap: n, .. } => n.to_u64(),
                    Position::Heaps(heaps) => heaps.iter().filter_map(ToPrimitive::to_u64).max(),
                    _ => None,
                })
                .filter(|&n| n < EXPLAIN_MAX_ROWS)
                .max()
                .map_or(0, |n| n + 1);
            let most = super::answers(game).explained_rows();
            let rows = largest.max(EXPLAIN_MIN_ROWS).min(most);
            let values = self.small_values(game, rows)?;
            steps.push(Step::Table(rows_of(game, Play::Normal, &values)?));
        }
        Ok(steps)
    }

    /// `G(0), …, G(count − 1)` from the library's table (fresh heaps for no-repeat games).
    fn small_values(&self, game: &Game, count: u64) -> Result<Vec<u32>, Error> {
        let table = self.table(game, &BigUint::ZERO, &BigUint::from(count.max(1) - 1))?;
        table
            .values
            .iter()
            .map(|v| {
                v.to_u32()
                    .ok_or_else(|| Error::Internal(format!("a small value {v} exceeds 32 bits")))
            })
            .collect()
    }
}

/// The periodicity a report found (certified or observed), over the values themselves (state
/// vectors mapped to their fresh values for no-repeat games).
fn report_periodicity(report: &PeriodReport) -> Option<Periodicity> {
    let periodicity = match &report.search {
        Search::Certified(c) => c.periodicity(),
        Search::Observed(o) => o.periodicity(),
        Search::NotFound { .. } => return None,
    };
    match &report.state_vectors {
        Some(vectors) => periodicity.map_values(|id| {
            vectors
                .get(id as usize)
                .and_then(|v| v.first().copied())
                .unwrap_or(0)
        }),
        None => Some(periodicity.clone()),
    }
}

/// The table's rows, each derived from the game's rules and re-checked against `values`.
fn rows_of(whole: &Game, play: Play, values: &[u32]) -> Result<ValueTable, Error> {
    let game = whole.base();
    let count = values.len();
    let answers = super::answers(game);
    let Some(mut options_of) = answers.row_options(play, values) else {
        return Err(Error::Internal(format!("{game} has no table of rows")));
    };
    let mut rows = Vec::with_capacity(count);
    for (n, &expected) in values.iter().enumerate() {
        let options = std::mem::take(&mut options_of[n]);
        let mut mex_set: Vec<u32> = options.iter().map(|o| o.value).collect();
        mex_set.sort_unstable();
        mex_set.dedup();
        let least = mex(mex_set.iter().copied());
        let value = play.value(options.is_empty(), least);
        if value != expected {
            return Err(Error::Internal(format!(
                "{game}: the mex at {n} is {value}, the table says {expected}"
            )));
        }
        rows.push(Row {
            n: n as u64,
            options,
            mex_set,
            mex: least,
            value,
        });
    }
    Ok(ValueTable {
        game: whole.clone(),
        play,
        rows,
        forbids: answers.forbids_repeat(),
    })
}

/// Every option of a heap of `n` of a take-and-break code, with the parts left.
pub(super) fn octal_options(code: &Code, values: &[u32], n: usize) -> Vec<RowOption> {
    let mut options = Vec::new();
    let option = |take: usize, parts: Vec<usize>| RowOption {
        take: take as u64,
        part_values: parts.iter().map(|&p| values[p]).collect(),
        value: parts.iter().fold(0, |x, &p| x ^ values[p]),
        parts: parts.iter().map(|&p| p as u64).collect(),
    };
    walk(code, n, |step| match step {
        OctalStep::Whole => options.push(option(n, Vec::new())),
        OctalStep::One(m) => options.push(option(n - m, vec![m])),
        OctalStep::Split(m, 2, modifier) => {
            for a in 1..=m / 2 {
                if allowed(&[a, m - a], modifier) {
                    options.push(option(n - m, vec![a, m - a]));
                }
            }
        }
        OctalStep::Split(m, _, modifier) => {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    if allowed(&[a, b, m - a - b], modifier) {
                        options.push(option(n - m, vec![a, b, m - a - b]));
                    }
                }
            }
        }
    });
    options
}

/// `G(m, last)` for `m < count` from the rules: index 0 the fresh heap, `i + 1` with the `i`-th
/// amount forbidden.
pub(super) fn norepeat_states(set: &FiniteSet, play: Play, count: usize) -> Vec<Vec<u32>> {
    let amounts = set.members();
    let mut states: Vec<Vec<u32>> = Vec::with_capacity(count);
    for m in 0..count {
        let row = (0..=amounts.len())
            .map(|forbidden| {
                let options: Vec<u32> = amounts
                    .iter()
                    .enumerate()
                    .filter(|&(i, &s)| s as usize <= m && forbidden != i + 1)
                    .map(|(i, &s)| states[m - s as usize][i + 1])
                    .collect();
                play.value(options.is_empty(), mex(options))
            })
            .collect();
        states.push(row);
    }
    states
}

/// The pattern step from a period report.
fn pattern(
    report: &PeriodReport,
    periodicity: Option<&Periodicity>,
    values: Option<&[u32]>,
) -> Pattern {
    let shape = periodicity.map(|p| {
        let stored: Vec<u32> = p.values().iter().take(EXPLAIN_PERIOD_VALUES).collect();
        Shape {
            preperiod: p.preperiod(),
            period: p.period(),
            saltus: p.saltus(),
            complete: stored.len() as u64 == p.preperiod() + p.period(),
            values: stored,
        }
    });
    let uncertifiable = report.uncertifiable.clone();
    let proof = match &report.search {
        Search::Certified(certificate) => {
            let window = match (certificate.theorem(), periodicity, values) {
                (Theorem::Window { window }, Some(p), Some(values)) => {
                    let (start, period) = (p.preperiod() as usize, p.period() as usize);
                    let t = window as usize;
                    values
                        .get(start + period..start + period + t)
                        .map(|repeat| (values[start..start + t].to_vec(), repeat.to_vec()))
                }
                _ => None,
            };
            Proof::Certified {
                theorem: certificate.theorem(),
                checked_to: certificate.checked_to(),
                window,
            }
        }
        Search::Observed(observation) => Proof::Observed {
            checked_to: observation.checked_to(),
            uncertifiable,
        },
        Search::NotFound { checked_to } => Proof::NotFound {
            checked_to: *checked_to,
            uncertifiable,
        },
    };
    Pattern { shape, proof }
}

/// The rule "lose iff n mod p ∈ R" (or the finite P-positions, with a saltus).
fn residue_rule(periodicity: &Periodicity) -> Rule {
    let (preperiod, period) = (periodicity.preperiod(), periodicity.period());
    let zeros: Vec<u64> = periodicity.zeros().collect();
    if periodicity.saltus() > 0 {
        return Rule::Finite { positions: zeros };
    }
    let early = zeros.iter().copied().filter(|&n| n < preperiod).collect();
    let mut residues: Vec<u64> = zeros
        .iter()
        .filter(|&&n| n >= preperiod)
        .map(|&n| n % period)
        .collect();
    residues.sort_unstable();
    Rule::Residues {
        preperiod,
        period,
        residues,
        early,
    }
}

/// The contest game's table of reduced states for small piles, and the first player's result
/// from fresh piles up to at least `asked`.
pub(super) fn oddball_table(set: &FiniteSet, asked: u64) -> OutcomeTable {
    let largest = ODDBALL_ROWS
        .max(2 * set.largest())
        .min(EXPLAIN_MAX_ROWS)
        .max(asked) as usize;
    let records = oddball::solve_up_to(set, largest);
    let value = |s: ParityState| {
        records
            .get(oddball::index(s.left as usize, s.mine_odd, s.theirs_odd))
            .value
    };
    let shown = ODDBALL_ROWS.min(largest as u64);
    let mut rows = Vec::new();
    for left in 0..=shown {
        for (mine_odd, theirs_odd) in [(false, false), (false, true), (true, false), (true, true)] {
            let state = ParityState {
                left,
                mine_odd,
                theirs_odd,
            };
            let options = set
                .members()
                .iter()
                .filter(|&&s| s <= left)
                .map(|&s| {
                    let (l, m, t) = oddball::after(left as usize, mine_odd, theirs_odd, s as usize);
                    let next = ParityState {
                        left: l as u64,
                        mine_odd: m,
                        theirs_odd: t,
                    };
                    (s, next, value(next))
                })
                .collect();
            rows.push(OutcomeRow {
                state,
                options,
                outcome: value(state),
            });
        }
    }
    let fresh = (0..=largest as u64)
        .map(|left| {
            value(ParityState {
                left,
                mine_odd: false,
                theirs_odd: false,
            })
        })
        .collect();
    OutcomeTable { rows, fresh }
}

/// The answer step from a solution.
fn answer(game: &Game, solution: &Solution, report: Option<&PeriodReport>) -> Answer {
    let value = solution
        .grundy
        .clone()
        .or_else(|| solution.misere_grundy.clone());
    let periodicity = report
        .filter(|r| r.search.certificate().is_some())
        .and_then(report_periodicity);
    let derivation = derivation(game, solution, periodicity.as_ref());
    let moves = solution
        .winning_moves
        .iter()
        .take(EXPLAIN_MOVES)
        .map(|play| move_check(game, solution, play, periodicity.as_ref()))
        .collect();
    Answer {
        position: solution.position.clone(),
        outcome: solution.outcome,
        value,
        derivation,
        moves,
        winning_moves: solution.winning_move_count().to_u64().unwrap_or(u64::MAX),
        moves_withheld: solution.moves_withheld.clone(),
    }
}

fn derivation(game: &Game, solution: &Solution, periodicity: Option<&Periodicity>) -> Derivation {
    if let Some(derivation) = closed_form(solution) {
        return derivation;
    }
    match (&solution.basis, &solution.position) {
        (Basis::Components(summands), _) => {
            let Some(components) = game.base().components() else {
                return Derivation::Table { n: BigUint::zero() };
            };
            let values: Vec<(TermLabel, BigUint)> = components
                .iter()
                .zip(summands)
                .filter_map(|(c, s)| match &s.value {
                    SummandValue::Grundy(v) => Some((
                        TermLabel::Named(format!("{}[{}]", c.game, c.position)),
                        v.clone(),
                    )),
                    SummandValue::Infinite(_) => None,
                })
                .collect();
            Derivation::Xor(xor_sum(values))
        }
        (Basis::Rule(ClosedForm::Bouton), Position::Heaps(heaps)) => Derivation::Xor(xor_sum(
            heaps
                .iter()
                .enumerate()
                .map(|(i, h)| (TermLabel::Heap(i + 1), h.clone()))
                .collect(),
        )),
        (_, Position::Heaps(heaps)) if !solution.heap_values.is_empty() => {
            Derivation::Xor(xor_sum(
                heaps
                    .iter()
                    .zip(&solution.heap_values)
                    .map(|(h, v)| (TermLabel::Named(format!("G({h})")), v.clone()))
                    .collect(),
            ))
        }
        (_, Position::Balls { left, mine, theirs }) => Derivation::Parity {
            state: ParityState {
                left: left.to_u64().unwrap_or(u64::MAX),
                mine_odd: mine.bit(0),
                theirs_odd: theirs.bit(0),
            },
        },
        (Basis::Search { positions, .. }, _) => Derivation::Graph {
            positions: *positions,
            remoteness: solution.remoteness,
            loopy: solution.loopy.clone(),
        },
        (_, Position::Heap(n) | Position::LastMove { heap: n, .. }) => match periodicity {
            Some(p) if n >= &BigUint::from(p.preperiod() + p.period()) => {
                let (index, periods) = p.locate(n);
                let residue = (n % p.period()).to_u64().unwrap_or(0);
                Derivation::Periodic {
                    n: n.clone(),
                    period: p.period(),
                    preperiod: p.preperiod(),
                    residue,
                    index: index as u64,
                    periods,
                    saltus: p.saltus(),
                }
            }
            _ => Derivation::Table { n: n.clone() },
        },
        (_, Position::Heaps(heaps)) => Derivation::Table {
            n: heaps.first().cloned().unwrap_or_default(),
        },
        _ => Derivation::Graph {
            positions: match &solution.basis {
                Basis::Search { positions, .. } => *positions,
                Basis::Computed { computed } => *computed,
                _ => 0,
            },
            remoteness: solution.remoteness,
            loopy: solution.loopy.clone(),
        },
    }
}

/// The derivation by Bouton's misère rule, Wythoff's theorem or Zeckendorf's.
fn closed_form(solution: &Solution) -> Option<Derivation> {
    Some(match (&solution.basis, &solution.position) {
        (Basis::Rule(ClosedForm::Theorem(theorem)), position) => {
            greedy_derivation(solution, theorem)
                .or_else(|| theorem_derivation(theorem, position))?
        }
        (
            Basis::Rule(ClosedForm::BoutonMisere {
                heaps,
                ones,
                all_small,
                xor,
            }),
            _,
        ) => Derivation::MisereNim {
            heaps: *heaps,
            ones: *ones,
            all_small: *all_small,
            xor: xor.clone(),
        },
        (Basis::Rule(ClosedForm::Wythoff { .. }), Position::Pair(a, b)) => {
            let (small, large) = if a <= b { (a, b) } else { (b, a) };
            let difference = large - small;
            let five_k_squared = &difference * &difference * 5u32;
            let root = five_k_squared.sqrt();
            Derivation::Wythoff {
                small: small.clone(),
                large: large.clone(),
                lower: wythoff::lower(&difference),
                difference,
                five_k_squared,
                root,
            }
        }
        (
            Basis::Rule(ClosedForm::Zeckendorf {
                quota,
                smallest,
                terms,
                expansion,
            }),
            Position::Quota { heap, .. },
        ) => Derivation::Zeckendorf {
            heap: heap.clone(),
            quota: quota.clone(),
            terms: expansion.clone(),
            term_count: *terms,
            smallest: smallest.clone(),
        },
        (Basis::Rule(ClosedForm::Zeckendorf { .. }), _) | (_, Position::Quota { .. })
            if !solution.game.is_misere() =>
        {
            match &solution.position {
                Position::Quota { heap, quota } => {
                    let quota = fibonacci_nim::effective_quota(heap, quota.as_ref());
                    let terms = fibonacci_nim::zeckendorf(heap);
                    Derivation::Zeckendorf {
                        heap: heap.clone(),
                        quota,
                        term_count: terms.len() as u64,
                        smallest: terms.last().cloned(),
                        terms,
                    }
                }
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// The derivation of an answer by a family's theorem of greedy representations (dynamic
/// subtraction), where the reading is one: the terms of the heap, the first terms of the
/// sequence and the opponent's quota after the smallest term is taken.
fn greedy_derivation(solution: &Solution, theorem: &super::FamilyTheorem) -> Option<Derivation> {
    use crate::games::theorem::PartLabel;
    let reading = theorem.reading.as_ref()?;
    let (heap, quota) = solution.position.heap_and_quota()?;
    let terms = reading
        .parts
        .iter()
        .map(|part| match part.label {
            PartLabel::Term { index } => Some((index, part.value.clone())),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let rules = solution.game.base().ruleset()?.theorem()?;
    Some(Derivation::Greedy {
        quota,
        sequence: rules.sequence(EXPLAINED_TERMS + 1, heap),
        next_quota: terms
            .last()
            .and_then(|(_, smallest)| rules.next_quota(smallest)),
        heap: heap.clone(),
        terms,
    })
}

/// The derivation of an answer by a family's theorem: the parts it read and their xor.
fn theorem_derivation(theorem: &super::FamilyTheorem, position: &Position) -> Option<Derivation> {
    use crate::games::theorem::{Part, PartLabel, Worth};
    let reading = theorem.reading.as_ref()?;
    if let Worth::Infinite { node, options } = &reading.worth {
        let finite = xor_sum(
            reading
                .parts
                .iter()
                .map(|part| (TermLabel::Part(part.label.clone()), part.value.clone()))
                .collect(),
        );
        let own = options.iter().map(|k| k ^ &finite.total).collect();
        return Some(Derivation::Infinite {
            finite,
            node: node.clone(),
            options: own,
        });
    }
    if let Some(Part {
        label: PartLabel::Component { .. },
        ..
    }) = reading.parts.first()
    {
        return Some(Derivation::Steps {
            components: reading
                .parts
                .iter()
                .map(|part| {
                    let name = match &part.label {
                        PartLabel::Component { game, .. } => game.clone(),
                        other => TermLabel::Part(other.clone()).to_string(),
                    };
                    (name, part.value.clone())
                })
                .collect(),
        });
    }
    let Worth::Grundy(total) = &reading.worth else {
        // A theorem of outcomes by binary places (Moore's): the heaps and each place's ones.
        let places: Vec<(u64, u64, BigUint)> = reading
            .parts
            .iter()
            .filter_map(|part| match part.label {
                PartLabel::Place { place, modulus } => Some((place, modulus, part.value.clone())),
                _ => None,
            })
            .collect();
        let modulus = places.first().map(|&(_, modulus, _)| modulus)?;
        let Position::Heaps(heaps) = position else {
            return None;
        };
        return Some(Derivation::Places {
            heaps: heaps.clone(),
            places: places
                .into_iter()
                .map(|(place, _, count)| (place, count))
                .collect(),
            modulus,
        });
    };
    let terms = reading
        .parts
        .iter()
        .map(|part| XorTerm {
            label: TermLabel::Part(part.label.clone()),
            value: part.value.clone(),
            target: &part.value ^ total,
        })
        .collect();
    Some(Derivation::Theorem(XorSum {
        terms,
        total: total.clone(),
    }))
}

fn xor_sum(values: Vec<(TermLabel, BigUint)>) -> XorSum {
    let total = values.iter().fold(BigUint::zero(), |x, (_, v)| x ^ v);
    XorSum {
        terms: values
            .into_iter()
            .map(|(label, value)| XorTerm {
                target: &value ^ &total,
                label,
                value,
            })
            .collect(),
        total,
    }
}

/// A winning move with the heap it leaves and that heap's residue and value.
fn move_check(
    game: &Game,
    solution: &Solution,
    play: &Move,
    periodicity: Option<&Periodicity>,
) -> MoveCheck {
    let heap = match &solution.position {
        Position::Heap(n) | Position::LastMove { heap: n, .. } => Some(n),
        _ => None,
    };
    let leaves = match (&play.action, heap) {
        (Action::Take { amount }, Some(n)) if amount <= n => Some(n - amount),
        _ => match &play.to {
            Target::Whole(Position::Heap(left)) => Some(left.clone()),
            _ => None,
        },
    };
    // A game of one heap, or heaps that add up, whose value at a heap its period gives.
    let one_heap = game.base().ruleset().map(|rules| rules.position_shape())
        == Some(crate::games::ruleset::PositionShape::HeapOrHeaps);
    let residue = match (&leaves, periodicity) {
        (Some(left), Some(p)) if one_heap => (left % p.period()).to_u64(),
        _ => None,
    };
    let value = match (&leaves, periodicity) {
        (Some(left), Some(p)) if one_heap => Some(p.value_at(left)),
        _ if solution.outcome == Outcome::Win && solution.grundy.is_some() => Some(BigUint::zero()),
        _ if solution.outcome == Outcome::Win && solution.misere_grundy.is_some() => {
            Some(BigUint::zero())
        }
        _ => None,
    };
    MoveCheck {
        play: play.clone(),
        leaves,
        residue,
        value,
    }
}
