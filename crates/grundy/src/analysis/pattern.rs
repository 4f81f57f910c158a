//! 打表找规律, automated: a game's table (values and outcomes of the positions numbered by one
//! or two whole numbers) computed once, the rule forms of `theory::pattern` searched on its
//! first part, every rule found then checked on the rest, and each marked certified only where a
//! theorem proves it — a certified period of the game's values, or the family's own theorem —,
//! otherwise observed.

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{Analyzer, Basis, Error, MAX_TABLE_ROWS, Outcome, SettingError, Tabulation};
use crate::games::game::Game;
use crate::input::judge_format::{Case, CasePosition, OutputFormat, Words};
use crate::theory::pattern::{
    self, GridValues, NumberSet, PairSet, Rules, Sequence, grid_value_rules, pair_set_rules,
    sequence_rules, set_rules,
};
use crate::theory::period::Certificate;

/// What [`Analyzer::pattern`] is asked: the positions the rules are looked for on, and how far
/// beyond they are checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PatternPlan {
    /// Rules are looked for on positions `0..=to` (each coordinate); `None`: 1000 for one
    /// number, 100 for two.
    pub to: Option<u64>,
    /// Rules found are then checked on positions `0..=check_to`; `None`: four times `to` for
    /// one number, twice for two.
    pub check_to: Option<u64>,
}

impl PatternPlan {
    /// The range an explanation or a web page looks for rules on, answering at once: positions
    /// up to 200, checked up to 800, for a game of one number; up to 24, checked up to 48, for
    /// a game of two.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::analysis::pattern::PatternPlan;
    /// let plan = PatternPlan::brief(&grundy::parse_game("wythoff")?);
    /// assert_eq!((plan.to, plan.check_to), (Some(24), Some(48)));
    /// # Ok(()) }
    /// ```
    pub fn brief(game: &Game) -> Self {
        if game.has_grid() {
            Self {
                to: Some(24),
                check_to: Some(48),
            }
        } else {
            Self {
                to: Some(200),
                check_to: Some(800),
            }
        }
    }
}

/// How a game's positions are numbered for its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinates {
    /// One whole number `n`.
    One,
    /// Two whole numbers `(a, b)`.
    Two,
}

/// A rule of a game's Grundy values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueRule {
    /// `G(n)`.
    Sequence(Sequence),
    /// `G(a, b)`.
    Grid(GridValues),
}

/// The positions a rule of outcomes names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Membership {
    /// Numbers `n`.
    Numbers(NumberSet),
    /// Pairs `(a, b)`.
    Pairs(PairSet),
}

impl Membership {
    fn contains(&self, at: &[u64]) -> bool {
        match (self, at) {
            (Self::Numbers(set), [n]) => set.contains(*n),
            (Self::Pairs(set), [a, b]) => set.contains(*a, *b),
            _ => false,
        }
    }

    fn cost(&self) -> u64 {
        match self {
            Self::Numbers(set) => set.cost(),
            Self::Pairs(set) => set.cost(),
        }
    }
}

/// A rule of outcomes: the player to move has each listed outcome exactly on its positions, and
/// `otherwise` elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeRule {
    /// Each outcome with the positions that have it.
    pub classes: Vec<(Outcome, Membership)>,
    /// The outcome of every other position.
    pub otherwise: Outcome,
}

impl OutcomeRule {
    /// The outcome the rule gives at `at` (`[n]` or `[a, b]`).
    pub fn outcome(&self, at: &[u64]) -> Outcome {
        self.classes
            .iter()
            .find(|(_, members)| members.contains(at))
            .map_or(self.otherwise, |(outcome, _)| *outcome)
    }

    fn cost(&self) -> u64 {
        self.classes.iter().map(|(_, set)| set.cost()).sum()
    }
}

impl ValueRule {
    /// The value the rule gives at `at`, when defined there.
    pub fn value(&self, at: &[u64]) -> Option<u64> {
        match (self, at) {
            (Self::Sequence(rule), [n]) => rule.value(*n),
            (Self::Grid(rule), [a, b]) => rule.value(*a, *b),
            _ => None,
        }
    }
}

/// A theorem of a family that proves a rule of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternTheorem {
    /// A Nim heap of `n` has value `n`.
    NimHeap,
    /// Bouton's misère rule: one heap of misère Nim is lost exactly when it holds 1.
    BoutonMisere,
    /// Wythoff's theorem: the P-positions are `(⌊kφ⌋, ⌊kφ⌋ + k)` and their mirror images.
    Wythoff,
    /// Zeckendorf's characterisation of Fibonacci Nim: a fresh heap is lost exactly when it is
    /// a Fibonacci number (or empty).
    Zeckendorf,
    /// An open family's own theorem
    /// ([`Theorem::table_rule`](crate::games::theorem::Theorem::table_rule)).
    Family {
        /// The theorem's name.
        name: crate::games::summary::Summary,
    },
}

/// A rule of its table that a family's theorem proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnownRule {
    /// Of the values.
    Values(PatternTheorem, ValueRule),
    /// Of the outcomes.
    Outcomes(PatternTheorem, OutcomeRule),
}

/// Why a rule found is proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleProof {
    /// The game's values have a certified period, and the rule — (arithmetic-)periodic itself —
    /// agrees with it on enough positions that both repeat from there on.
    Period {
        /// The certificate.
        certificate: Certificate,
        /// Both agree on every position below this, which covers a preperiod and a common
        /// period of both.
        agree_to: u64,
    },
    /// The family's own theorem states exactly this rule.
    Theorem(PatternTheorem),
}

/// Whether a rule is proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleStatus {
    /// Proved, with the proof.
    Certified(RuleProof),
    /// Seen on every position checked, and not proved.
    Observed,
}

/// A rule that holds on every position checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundRule<R> {
    /// The rule.
    pub rule: R,
    /// How many positions its parameters were read from (from 0, or cells of the grid).
    pub fitted: u64,
    /// Proved or observed.
    pub status: RuleStatus,
}

/// An entry of a table: a Grundy value or an outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A Grundy value.
    Value(u64),
    /// An outcome for the player to move.
    Outcome(Outcome),
}

/// A candidate that failed, with its smallest counter-example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedRule<R> {
    /// The rule.
    pub rule: R,
    /// The smallest position where it fails: `[n]` or `[a, b]`.
    pub at: Vec<u64>,
    /// What the table has there.
    pub table: Entry,
    /// What the rule says there (`None`: the rule is undefined there).
    pub predicted: Option<Entry>,
    /// Whether the rule held on every position it was looked for on and failed only on the
    /// positions checked beyond.
    pub beyond: bool,
}

/// The rules of one kind of entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Findings<R> {
    /// Every rule that holds on every position checked, simplest first.
    pub rules: Vec<FoundRule<R>>,
    /// Simpler candidates that held on a long stretch and then failed, and rules found on the
    /// first positions that failed beyond.
    pub failed: Vec<FailedRule<R>>,
}

/// What [`Analyzer::pattern`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternReport {
    /// The game.
    pub game: Game,
    /// One number or two.
    pub coordinates: Coordinates,
    /// Rules were looked for on positions `0..=found_to` (each coordinate).
    pub found_to: u64,
    /// And checked on positions `0..=checked_to`.
    pub checked_to: u64,
    /// How many positions that is.
    pub positions: u64,
    /// What the table's values rest on (`None` when the game has no Grundy values there: a
    /// script scoring ties, or positions of infinite value).
    pub basis: Option<Basis>,
    /// Rules of the Grundy values, when the game has them.
    pub values: Option<Findings<ValueRule>>,
    /// Rules of the outcomes.
    pub outcomes: Findings<OutcomeRule>,
    /// The first positions of the table (one number: `n` up to 23; two: `a, b` up to 5), each
    /// with its value (when the game has values) and outcome.
    pub head: Vec<HeadEntry>,
    /// Whether every position checked has the same outcome and the same value: a table with
    /// nothing to find (the numbering may not reach the game's real positions, as for a script
    /// of strings).
    pub constant: bool,
}

/// A position of the table, with its value and outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadEntry {
    /// `[n]` or `[a, b]`.
    pub at: Vec<u64>,
    /// Its Grundy value, when the game has values.
    pub value: Option<u64>,
    /// Its outcome.
    pub outcome: Outcome,
}

/// The table of one game: values (when it has them) and outcomes, one number or two.
struct Sample {
    coordinates: Coordinates,
    /// Entries per coordinate: `0..side`.
    side: usize,
    /// Row-major for two numbers.
    values: Option<Vec<u64>>,
    outcomes: Vec<Outcome>,
    basis: Option<Basis>,
}

impl Sample {
    fn index(&self, at: &[u64]) -> usize {
        match at {
            [n] => *n as usize,
            [a, b] => *a as usize * self.side + *b as usize,
            _ => 0,
        }
    }

    /// Every position of the table, shell by shell for two numbers (the order of a smallest
    /// counter-example), restricted to `from <= max coordinate < to`.
    fn positions(&self, from: usize, to: usize) -> Vec<Vec<u64>> {
        match self.coordinates {
            Coordinates::One => (from..to).map(|n| vec![n as u64]).collect(),
            Coordinates::Two => pattern::shells(to)
                .skip(from * from)
                .map(|(a, b)| vec![a as u64, b as u64])
                .collect(),
        }
    }
}

impl Analyzer<'_> {
    /// Looks for the rule of a game's table (打表找规律): computes the values and outcomes of
    /// its positions numbered by one whole number (or two, for a game with a grid), searches
    /// the forms of [`theory::pattern`](crate::theory::pattern) — residue classes, binary forms,
    /// powers, Beatty pairs, linear and periodic values, lattices and sums of two games —
    /// on positions up to `plan.to`, and checks every rule found on positions up to
    /// `plan.check_to`. A rule is certified only when the game's certified period or its
    /// family's theorem proves it; otherwise it is observed.
    ///
    /// # Complexity
    /// The table up to `check_to` (as [`tabulate`](Self::tabulate), or a judge's cases for a
    /// game without Grundy values), then `O(L · F)` for `L` positions and the `F ≈ 60` forms,
    /// `O(s² · 144)` for the lattices of a grid of side `s`.
    ///
    /// # Errors
    /// [`Error::Setting`] when `check_to < to` or the table would pass [`MAX_TABLE_ROWS`]
    /// positions; [`Error::Refused`] for a game whose positions are not numbered (a sum, Nim
    /// heaps) or beyond the limits; [`Error::Interrupted`] and the limits' errors as for
    /// [`tabulate`](Self::tabulate).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::analysis::pattern::{Membership, PatternPlan, RuleStatus};
    /// use grundy::theory::pattern::NumberSet;
    /// use grundy::{Analyzer, Config, Outcome, parse_game};
    /// let report = Analyzer::new(Config::default())
    ///     .pattern(&parse_game("subtraction:1,3,4")?, &PatternPlan::default())?;
    /// let rule = &report.outcomes.rules[0];
    /// assert_eq!(rule.rule.classes[0].0, Outcome::Lose);
    /// let lose = NumberSet::Periodic { preperiod: 0, period: 7, members: vec![0, 2] };
    /// assert_eq!(rule.rule.classes[0].1, Membership::Numbers(lose));
    /// assert!(matches!(rule.status, RuleStatus::Certified(_))); // by the certified period
    /// # Ok(()) }
    /// ```
    pub fn pattern(&self, game: &Game, plan: &PatternPlan) -> Result<PatternReport, Error> {
        self.settle(self.pattern_unsettled(game, plan))
    }

    pub(super) fn pattern_unsettled(
        &self,
        game: &Game,
        plan: &PatternPlan,
    ) -> Result<PatternReport, Error> {
        let coordinates = if game.has_grid() {
            Coordinates::Two
        } else {
            Coordinates::One
        };
        let (default_to, factor) = match coordinates {
            Coordinates::One => (1000, 4),
            Coordinates::Two => (100, 2),
        };
        let to = plan.to.unwrap_or(default_to);
        let check_to = plan
            .check_to
            .unwrap_or_else(|| to.saturating_mul(factor).max(to));
        if check_to < to {
            return Err(Error::Setting(SettingError::PatternReversed {
                to,
                check_to,
            }));
        }
        let side = check_to.saturating_add(1);
        let positions = match coordinates {
            Coordinates::One => side,
            Coordinates::Two => side.saturating_mul(side),
        };
        if positions > MAX_TABLE_ROWS {
            return Err(Error::Setting(SettingError::PatternTooLarge {
                check_to,
                positions,
                most: MAX_TABLE_ROWS,
            }));
        }
        let sample = self.sample(game, coordinates, check_to)?;
        let found_side = (to + 1) as usize;
        let known = super::answers(game.base()).pattern_theorem(game, game.play());
        let values = sample
            .values
            .as_ref()
            .map(|values| value_findings(&sample, values, found_side, &known));
        let outcomes = outcome_findings(&sample, found_side, &known);
        let head_side = match coordinates {
            Coordinates::One => 24,
            Coordinates::Two => 6,
        };
        let head = sample
            .positions(0, head_side.min(sample.side))
            .into_iter()
            .map(|at| {
                let index = sample.index(&at);
                HeadEntry {
                    value: sample.values.as_ref().map(|values| values[index]),
                    outcome: sample.outcomes[index],
                    at,
                }
            })
            .collect();
        let constant = sample.outcomes.windows(2).all(|pair| pair[0] == pair[1])
            && sample
                .values
                .as_ref()
                .is_none_or(|values| values.windows(2).all(|pair| pair[0] == pair[1]));
        Ok(PatternReport {
            game: game.clone(),
            coordinates,
            found_to: to,
            checked_to: check_to,
            positions,
            basis: sample.basis,
            values,
            outcomes,
            head,
            constant,
        })
    }

    /// The table up to `to` in each coordinate: the game's values where it has them, its
    /// outcomes otherwise (a judge's cases, one per position, through the family's oracle).
    fn sample(&self, game: &Game, coordinates: Coordinates, to: u64) -> Result<Sample, Error> {
        let side = to as usize + 1;
        let tabulated = self.tabulate(game, &BigUint::ZERO, &to.into());
        let (values, basis) = match tabulated {
            Ok(Tabulation::Table(table)) => {
                let values: Option<Vec<u64>> =
                    table.values.iter().map(ToPrimitive::to_u64).collect();
                (values, Some(table.basis))
            }
            Ok(Tabulation::Grid(grid)) => (
                Some(
                    grid.values
                        .iter()
                        .flatten()
                        .map(|&v| u64::from(v))
                        .collect(),
                ),
                None,
            ),
            // Outcomes alone, by the family's theorem.
            Ok(Tabulation::Outcomes(row)) => {
                return Ok(Sample {
                    coordinates,
                    side,
                    values: None,
                    outcomes: row.outcomes,
                    basis: Some(row.basis),
                });
            }
            // A game without Grundy values here (ties, infinite values) still has outcomes.
            Err(Error::Refused(_)) => (None, None),
            Err(error) => return Err(error),
        };
        if let Some(values) = values {
            let outcomes = values
                .iter()
                .map(|&v| if v == 0 { Outcome::Lose } else { Outcome::Win })
                .collect();
            let basis = basis.or(Some(Basis::Computed {
                computed: values.len() as u64,
            }));
            return Ok(Sample {
                coordinates,
                side,
                values: Some(values),
                outcomes,
                basis,
            });
        }
        let outcomes = self.outcomes(game, coordinates, side)?;
        Ok(Sample {
            coordinates,
            side,
            values: None,
            outcomes,
            basis: None,
        })
    }

    /// The outcome of every position of the table, as a judge's cases of one game.
    fn outcomes(
        &self,
        game: &Game,
        coordinates: Coordinates,
        side: usize,
    ) -> Result<Vec<Outcome>, Error> {
        let rules = game.base().ruleset().ok_or_else(|| unnumbered(game))?;
        let shared = Arc::new(game.clone());
        let cells: Vec<Vec<BigUint>> = match coordinates {
            Coordinates::One => (0..side).map(|n| vec![BigUint::from(n)]).collect(),
            Coordinates::Two => (0..side)
                .flat_map(|a| (0..side).map(move |b| vec![BigUint::from(a), BigUint::from(b)]))
                .collect(),
        };
        let cases = cells
            .iter()
            .enumerate()
            .map(|(index, cell)| {
                let position = rules
                    .coordinate_position(cell)
                    .ok_or_else(|| unnumbered(game))?;
                Ok(Case {
                    game: Arc::clone(&shared),
                    position: CasePosition::Single(position),
                    block: index,
                    line: index + 1,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(self
            .judge_unsettled(&cases, &OutputFormat::Words(Words::symbols()))?
            .into_iter()
            .map(|verdict| verdict.outcome)
            .collect())
    }
}

/// The refusal of a game whose positions are not numbered.
fn unnumbered(game: &Game) -> Error {
    Error::refused(format!(
        "{game} has no positions numbered by one or two whole numbers, so it has no table to find a rule in"
    ))
}

/// The rules of the values: searched on the first `found_side` positions of each coordinate,
/// checked on the whole sample.
fn value_findings(
    sample: &Sample,
    values: &[u64],
    found_side: usize,
    known: &[KnownRule],
) -> Findings<ValueRule> {
    let rules: Rules<ValueRule> = match sample.coordinates {
        Coordinates::One => map_rules(sequence_rules(&values[..found_side]), ValueRule::Sequence),
        Coordinates::Two => {
            let grid: Vec<Vec<u64>> = (0..found_side)
                .map(|a| values[a * sample.side..a * sample.side + found_side].to_vec())
                .collect();
            map_rules(grid_value_rules(&grid), ValueRule::Grid)
        }
    };
    let entry = |at: &[u64]| Entry::Value(values[sample.index(at)]);
    // A rule of rows claims nothing beyond its rows: there it is taken at the table's word.
    let predicted = |rule: &ValueRule, at: &[u64]| match (rule, at) {
        (ValueRule::Grid(grid), [a, b]) if !grid.covers(*a, *b) => Some(entry(at)),
        _ => rule.value(at).map(Entry::Value),
    };
    let mut findings = check_beyond(sample, rules, found_side, entry, predicted);
    for found in &mut findings.rules {
        found.status = value_status(&found.rule, sample, known);
    }
    findings
}

/// The rules of the outcomes: the set of each outcome but the commonest (or, when only wins
/// and losses occur, of the losses or of the wins).
fn outcome_findings(
    sample: &Sample,
    found_side: usize,
    known: &[KnownRule],
) -> Findings<OutcomeRule> {
    let prefix: Vec<Vec<u64>> = sample.positions(0, found_side);
    let mut present: Vec<(Outcome, usize)> = Vec::new();
    for at in &prefix {
        let outcome = sample.outcomes[sample.index(at)];
        match present.iter_mut().find(|(o, _)| *o == outcome) {
            Some((_, count)) => *count += 1,
            None => present.push((outcome, 1)),
        }
    }
    present.sort_by_key(|&(outcome, count)| (std::cmp::Reverse(count), outcome as u8));
    let sets = |outcome: Outcome| -> Rules<Membership> {
        match sample.coordinates {
            Coordinates::One => {
                let members: Vec<bool> = (0..found_side)
                    .map(|n| sample.outcomes[n] == outcome)
                    .collect();
                map_rules(set_rules(&members), Membership::Numbers)
            }
            Coordinates::Two => {
                let members: Vec<Vec<bool>> = (0..found_side)
                    .map(|a| {
                        (0..found_side)
                            .map(|b| sample.outcomes[a * sample.side + b] == outcome)
                            .collect()
                    })
                    .collect();
                map_rules(pair_set_rules(&members), Membership::Pairs)
            }
        }
    };
    let mut rules: Rules<OutcomeRule> = Rules::default();
    let two = present
        .iter()
        .all(|(o, _)| matches!(o, Outcome::Win | Outcome::Lose));
    if two {
        // Lose iff …, or win iff … (the other outcome elsewhere).
        for (outcome, otherwise) in [(Outcome::Lose, Outcome::Win), (Outcome::Win, Outcome::Lose)] {
            let found = sets(outcome);
            let wrap = |set: Membership| OutcomeRule {
                classes: vec![(outcome, set)],
                otherwise,
            };
            let mapped = map_rules(found, wrap);
            rules.found.extend(mapped.found);
            rules.missed.extend(mapped.missed);
        }
    } else if let Some(&(otherwise, _)) = present.first() {
        // Each other outcome's set, the simplest rule of each.
        let mut classes = Vec::new();
        let mut fitted = 0;
        for &(outcome, _) in &present[1..] {
            let found = sets(outcome);
            let Some(best) = found.found.into_iter().next() else {
                classes.clear();
                break;
            };
            fitted = fitted.max(best.fitted);
            classes.push((outcome, best.rule));
        }
        // One outcome everywhere is a rule too: it always holds.
        if !classes.is_empty() || present.len() == 1 {
            rules.found.push(pattern::Fit {
                rule: OutcomeRule { classes, otherwise },
                fitted,
            });
        }
    }
    // A rule and its complement ("loses iff …" and "wins iff not …") are one rule: keep the
    // simpler of rules that agree far beyond the table.
    let far = match sample.coordinates {
        Coordinates::One => sample.positions(0, 4 * found_side.max(64)),
        Coordinates::Two => sample.positions(0, 2 * found_side.max(16)),
    };
    let rules = rules.simplest_first(OutcomeRule::cost, |a, b| {
        far.iter().all(|at| a.outcome(at) == b.outcome(at))
    });
    let entry = |at: &[u64]| Entry::Outcome(sample.outcomes[sample.index(at)]);
    let predicted = |rule: &OutcomeRule, at: &[u64]| Some(Entry::Outcome(rule.outcome(at)));
    let mut findings = check_beyond(sample, rules, found_side, entry, predicted);
    for found in &mut findings.rules {
        found.status = outcome_status(&found.rule, sample, known);
    }
    findings
}

/// `rules` with each rule mapped.
fn map_rules<R, S>(rules: Rules<R>, f: impl Fn(R) -> S) -> Rules<S> {
    Rules {
        found: rules
            .found
            .into_iter()
            .map(|fit| pattern::Fit {
                rule: f(fit.rule),
                fitted: fit.fitted,
            })
            .collect(),
        missed: rules
            .missed
            .into_iter()
            .map(|miss| pattern::Miss {
                rule: f(miss.rule),
                at: miss.at,
            })
            .collect(),
    }
}

/// The rules found on the first `found_side` positions checked on the rest of the sample: those
/// that hold stay (observed until a proof marks them), those that fail join the near misses
/// with their first counter-example.
fn check_beyond<R>(
    sample: &Sample,
    rules: Rules<R>,
    found_side: usize,
    entry: impl Fn(&[u64]) -> Entry,
    predicted: impl Fn(&R, &[u64]) -> Option<Entry>,
) -> Findings<R> {
    let beyond = sample.positions(found_side, sample.side);
    let mut findings = Findings {
        rules: Vec::new(),
        failed: Vec::new(),
    };
    for fit in rules.found {
        let failure = beyond
            .iter()
            .find(|at| predicted(&fit.rule, at) != Some(entry(at)));
        match failure {
            None => findings.rules.push(FoundRule {
                rule: fit.rule,
                fitted: fit.fitted,
                status: RuleStatus::Observed,
            }),
            Some(at) => findings.failed.push(FailedRule {
                predicted: predicted(&fit.rule, at),
                table: entry(at),
                at: at.clone(),
                rule: fit.rule,
                beyond: true,
            }),
        }
    }
    for miss in rules.missed {
        findings.failed.push(FailedRule {
            predicted: predicted(&miss.rule, &miss.at),
            table: entry(&miss.at),
            at: miss.at,
            rule: miss.rule,
            beyond: false,
        });
    }
    findings
}

/// The certified period of the sample's values, if its table rests on one.
fn certificate(sample: &Sample) -> Option<&Certificate> {
    match &sample.basis {
        Some(Basis::Certified(certificate)) => Some(certificate),
        _ => None,
    }
}

/// Whether a certified period proves a rule that repeats from `n0` with period `p` (adding `r`
/// per period), given that both agree on the sample: they do everywhere once the sample covers
/// the later preperiod and a common period.
fn period_proof(
    sample: &Sample,
    (n0, p, r): (u64, u64, u64),
    of_outcomes: bool,
) -> Option<RuleProof> {
    let certificate = certificate(sample)?;
    let periodicity = certificate.periodicity();
    let (m0, q, s) = (
        periodicity.preperiod(),
        periodicity.period(),
        periodicity.saltus(),
    );
    // The outcomes of arithmetic-periodic values repeat with period 1 past the first period.
    let (m0, q, s) = match (of_outcomes, s) {
        (true, 0) => (m0, q, 0),
        (true, _) => (m0 + q, 1, 0),
        (false, _) => (m0, q, s),
    };
    // Equal growth per position: r / p = s / q.
    if u128::from(r) * u128::from(q) != u128::from(s) * u128::from(p) {
        return None;
    }
    let agree_to = n0.max(m0).checked_add(num_integer::lcm(p, q))?;
    (agree_to <= sample.side as u64).then(|| RuleProof::Period {
        certificate: certificate.clone(),
        agree_to,
    })
}

fn value_status(rule: &ValueRule, sample: &Sample, known: &[KnownRule]) -> RuleStatus {
    for known in known {
        if let KnownRule::Values(theorem, known) = known
            && known == rule
        {
            return RuleStatus::Certified(RuleProof::Theorem(*theorem));
        }
    }
    let proof = match rule {
        ValueRule::Sequence(sequence) => sequence
            .eventual_period()
            .and_then(|shape| period_proof(sample, shape, false)),
        ValueRule::Grid(_) => None,
    };
    proof.map_or(RuleStatus::Observed, RuleStatus::Certified)
}

fn outcome_status(rule: &OutcomeRule, sample: &Sample, known: &[KnownRule]) -> RuleStatus {
    for known in known {
        if let KnownRule::Outcomes(theorem, known) = known
            && known == rule
        {
            return RuleStatus::Certified(RuleProof::Theorem(*theorem));
        }
    }
    let proof = match rule.classes.as_slice() {
        [(_, Membership::Numbers(set))] => set
            .eventual_period()
            .and_then(|(n0, p)| period_proof(sample, (n0, p, 0), true)),
        _ => None,
    };
    proof.map_or(RuleStatus::Observed, RuleStatus::Certified)
}
