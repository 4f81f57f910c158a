//! The story of an explanation: what each typed step says (the states, the tables of values and
//! outcomes, the pattern and its certificate, the rule, the answer and the moves), in the words of
//! the messages and the layout of the writer.

use std::fmt::Write as _;

use num_bigint::BigUint;
use num_traits::Zero;
use unicode_width::UnicodeWidthStr;

use super::messages::{Arg, Language, text};
use super::writer::{Format, Writer, braces, fit_label, list};
use crate::analysis::explain::{
    Answer, Derivation, EXPLAINED_TERMS, MoveCheck, OutcomeTable, ParityState, Pattern,
    PositionOption, PositionRow, PositionTable, PositionValue, Proof, Row, Rule, Shape, State,
    Step, TermLabel, Terminal, ValueTable, XorSum,
};
use crate::analysis::pattern::{PatternReport, RuleProof, RuleStatus};
use crate::analysis::{Action, Outcome, Uncertifiable};
use crate::engine::octal::TakeAndBreakEngine;

/// The most heaps an explanation of Moore's theorem writes out in binary.
const EXPLAIN_PLACES_HEAPS: usize = 16;

/// The most binary places whose counts an explanation of Moore's theorem lists.
const EXPLAIN_PLACES_SHOWN: usize = 24;

/// The most terms of a heap's greedy representation an explanation writes out.
const SHOWN_TERMS: usize = 16;
use crate::games::play::Play;
use crate::games::subtraction::{Family, SubtractionSet};
use crate::games::summary::Summary;
use crate::games::theorem::PartLabel;
use crate::theory::period::Theorem;
use crate::theory::solver::Loopy;

impl Writer<'_> {
    /// `(n, odd, even)` for a reduced state of the contest game.
    fn parity_state(&self, state: ParityState) -> String {
        let parity = |odd: bool| {
            self.t(
                if odd {
                    "explain-parity-odd"
                } else {
                    "explain-parity-even"
                },
                &[],
            )
        };
        format!(
            "({}, {}, {})",
            state.left,
            parity(state.mine_odd),
            parity(state.theirs_odd)
        )
    }

    /// Writes one step of the explanation.
    pub(super) fn step(&mut self, step: &Step) {
        match step {
            Step::State(state) => self.state(state),
            Step::Terminal(terminal) => {
                self.heading("explain-section-terminal");
                let id = match terminal {
                    Terminal::Normal => "explain-terminal-normal",
                    Terminal::Misere => "explain-terminal-misere",
                    Terminal::ParityTie => "explain-terminal-tie",
                };
                let paragraph = self.t(id, &[]);
                self.paragraph(&paragraph);
            }
            Step::Table(table) => self.value_table(table),
            Step::Outcomes(table) => self.outcome_table(table),
            Step::Positions(table) => self.position_table(table),
            Step::Pattern(pattern) => self.pattern(pattern),
            Step::Found(report) => self.found(report),
            Step::RareCommon { engine } => {
                self.heading("explain-section-rare-common");
                let threads = if *engine == TakeAndBreakEngine::Paired {
                    "two"
                } else {
                    "one"
                };
                let paragraph = self.t("explain-rare-common", &[("threads", text(threads))]);
                self.paragraph(&paragraph);
            }
            Step::Rule(rule) => self.rule(rule),
            Step::Answer(answer) => self.answer(answer),
        }
    }

    fn state(&mut self, state: &State) {
        self.heading("explain-section-state");
        let paragraph = match state {
            State::HeapWithRest { set } => self.t(
                "explain-state-heap-rest",
                &[
                    ("set", text(braces(set.members()))),
                    ("least", text(set.members()[0].to_string())),
                ],
            ),
            State::Heap { set } => match set {
                SubtractionSet::Finite(set) => self.t(
                    "explain-state-heap",
                    &[("set", text(braces(set.members())))],
                ),
                SubtractionSet::AllBut(set) => self.t(
                    "explain-state-allbut",
                    &[("excluded", text(braces(set.excluded())))],
                ),
                SubtractionSet::Family(family) => self.t(
                    "explain-state-family",
                    &[
                        ("family", text(family.name())),
                        (
                            "members",
                            text(format!("{}, …", list(family_members(*family), ", "))),
                        ),
                    ],
                ),
            },
            State::NimHeaps => self.t("explain-state-nim", &[]),
            State::Pair => self.t("explain-state-pair", &[]),
            State::HeapAndQuota => self.t("explain-state-quota", &[]),
            State::HeapAndLastMove { amounts } => self.t(
                "explain-state-last-move",
                &[
                    ("set", text(braces(amounts))),
                    ("states", text(amounts.len() + 1)),
                ],
            ),
            State::BallsAndParities { amounts } => {
                self.t("explain-state-balls", &[("set", text(braces(amounts)))])
            }
            State::TakeAndBreak {
                code,
                most_heaps_left,
            } => self.t(
                "explain-state-code",
                &[("code", text(code)), ("heaps", text(most_heaps_left))],
            ),
            State::Sum { components } => self.t(
                "explain-state-sum",
                &[("count", Arg::Count(components.len() as u32))],
            ),
            State::Every { components } => self.t(
                "explain-state-every",
                &[("count", Arg::Count(components.len() as u32))],
            ),
            State::Script => self.t("explain-state-script", &[]),
            State::Family { game, rules } => {
                let rules = match self.language {
                    Language::En => rules.en,
                    Language::Zh => rules.zh,
                };
                self.t(
                    "explain-state-theorem-family",
                    &[("family", text(game)), ("rules", text(rules))],
                )
            }
            State::Searched {
                family,
                rules,
                without,
            } => {
                let pick = |summary: &Summary| match self.language {
                    Language::En => summary.en,
                    Language::Zh => summary.zh,
                };
                match without {
                    Some(without) => self.t(
                        "explain-state-searched-without",
                        &[
                            ("family", text(family)),
                            ("rules", text(pick(rules))),
                            ("without", text(pick(without))),
                        ],
                    ),
                    None => self.t(
                        "explain-state-searched",
                        &[("family", text(family)), ("rules", text(pick(rules)))],
                    ),
                }
            }
        };
        self.paragraph(&paragraph);
    }

    fn value_table(&mut self, table: &ValueTable) {
        self.heading("explain-section-table");
        if &table.game != self.game {
            let paragraph = self.t("explain-table-component", &[("game", text(&table.game))]);
            self.paragraph(&paragraph);
        }
        let intro = if table.forbids {
            "explain-table-intro-forbid"
        } else if table.game.base().code().is_some() {
            "explain-table-intro-code"
        } else if table.play == Play::Misere {
            "explain-table-intro-misere"
        } else {
            "explain-table-intro"
        };
        let paragraph = self.t(intro, &[]);
        self.paragraph(&paragraph);
        let header = [
            "explain-column-n",
            "explain-column-options",
            "explain-column-values",
            "explain-column-mex",
            "explain-column-outcome",
        ]
        .map(|id| self.t(id, &[]));
        let none = self.t("explain-no-move", &[]);
        let rows: Vec<Vec<String>> = table
            .rows
            .iter()
            .map(|row| Self::row_cells(row, &none, table.play))
            .collect();
        let widest = (0..header.len())
            .map(|i| {
                rows.iter()
                    .map(|r| UnicodeWidthStr::width(r[i].as_str()) + 2)
                    .max()
                    .unwrap_or(0)
            })
            .sum::<usize>();
        if self.format == Format::Text && widest + 3 > self.width {
            // Too wide for columns: one line per n, as the tutorials write it.
            let lines: Vec<String> = rows
                .iter()
                .map(|cells| {
                    self.t(
                        "explain-row-line",
                        &[
                            ("n", text(&cells[0])),
                            ("options", text(&cells[1])),
                            ("values", text(&cells[2])),
                            ("mex", text(&cells[3])),
                            ("outcome", text(&cells[4])),
                        ],
                    )
                })
                .collect();
            self.bullets(&lines);
        } else {
            self.table(&header, &rows);
        }
        let pn = self.t("explain-pn-row", &[]);
        self.paragraph(&pn);
        let mut lines = Vec::new();
        let room = self.width.saturating_sub(12).max(16);
        for chunk in chunks(&table.rows, room) {
            let (mut numbers, mut values, mut outcomes) =
                ("n ".to_owned(), "G ".to_owned(), "  ".to_owned());
            for row in chunk {
                let width = row.n.to_string().len().max(row.value.to_string().len());
                let _ = write!(numbers, " {:>width$}", row.n);
                let _ = write!(values, " {:>width$}", row.value);
                let _ = write!(outcomes, " {:>width$}", if row.is_p() { "P" } else { "N" });
            }
            if !lines.is_empty() {
                lines.push(String::new());
            }
            lines.extend([numbers, values, outcomes]);
        }
        self.block(&lines);
    }

    fn row_cells(row: &Row, none: &str, play: Play) -> Vec<String> {
        let options = if row.options.is_empty() {
            none.to_owned()
        } else {
            list(
                row.options.iter().map(|o| {
                    if o.parts.is_empty() {
                        "0".to_owned()
                    } else {
                        list(&o.parts, "+")
                    }
                }),
                ",",
            )
        };
        let values = if row.options.is_empty() {
            "—".to_owned()
        } else {
            list(
                row.options.iter().map(|o| {
                    if o.part_values.len() > 1 {
                        format!("{}={}", list(&o.part_values, "⊕"), o.value)
                    } else {
                        o.value.to_string()
                    }
                }),
                ",",
            )
        };
        let mex = if row.options.is_empty() && play == Play::Misere {
            "1".to_owned()
        } else {
            format!("mex{} = {}", braces(&row.mex_set), row.mex)
        };
        vec![
            row.n.to_string(),
            options,
            values,
            mex,
            if row.is_p() { "P" } else { "N" }.to_owned(),
        ]
    }

    /// The positions a search valued, each with its options (or a sum's components) and their
    /// values: columns when they fit, else one line per position.
    fn position_table(&mut self, table: &PositionTable) {
        self.heading("explain-section-table");
        let intro = if table.nimbers {
            "explain-table-intro-positions"
        } else {
            "explain-table-intro-positions-outcomes"
        };
        let paragraph = self.t(intro, &[]);
        self.paragraph(&paragraph);
        let none = self.t("explain-no-move", &[]);
        if table.nimbers {
            let header = [
                "explain-column-state",
                "explain-column-options",
                "explain-column-values",
                "explain-column-mex",
                "explain-column-outcome",
            ]
            .map(|id| self.t(id, &[]));
            let rows: Vec<Vec<String>> = table
                .rows
                .iter()
                .map(|row| position_cells(row, &none))
                .collect();
            if self.format == Format::Text && widest(&rows) + 3 > self.width {
                let lines: Vec<String> = table
                    .rows
                    .iter()
                    .zip(&rows)
                    .map(|(row, cells)| {
                        let id = if row.parts.is_empty() {
                            "explain-row-position"
                        } else {
                            "explain-row-sum"
                        };
                        let names = if row.parts.is_empty() {
                            ["position", "options", "values", "mex", "outcome"]
                        } else {
                            ["position", "parts", "values", "xor", "outcome"]
                        };
                        let arguments: Vec<(&str, Arg)> = names
                            .iter()
                            .zip(cells)
                            .map(|(name, cell)| (*name, text(cell)))
                            .collect();
                        self.t(id, &arguments)
                    })
                    .collect();
                self.bullets(&lines);
            } else {
                self.table(&header, &rows);
            }
        } else {
            self.position_outcomes(table, &none);
        }
        let shown = table.rows.len().saturating_sub(1);
        if table.valued > table.rows.len() as u64 {
            let paragraph = self.t(
                "explain-positions-cut",
                &[("valued", text(table.valued)), ("shown", text(shown))],
            );
            self.paragraph(&paragraph);
        }
    }

    /// The rows of a table of positions valued by outcome (win, lose, tie, draw).
    fn position_outcomes(&mut self, table: &PositionTable, none: &str) {
        let header = [
            "explain-column-state",
            "explain-column-options",
            "explain-column-result",
        ]
        .map(|id| self.t(id, &[]));
        let rows: Vec<Vec<String>> = table
            .rows
            .iter()
            .map(|row| {
                let options = if row.options.is_empty() {
                    none.to_owned()
                } else {
                    list(
                        row.options.iter().map(|option| {
                            format!("{} {}", option_text(option), position_value(&option.value))
                        }),
                        ", ",
                    )
                };
                vec![row.position.clone(), options, position_value(&row.value)]
            })
            .collect();
        if self.format == Format::Text && widest(&rows) + 3 > self.width {
            let lines: Vec<String> = rows
                .iter()
                .map(|cells| {
                    self.t(
                        "explain-row-outcome",
                        &[
                            ("position", text(&cells[0])),
                            ("options", text(&cells[1])),
                            ("outcome", text(&cells[2])),
                        ],
                    )
                })
                .collect();
            self.bullets(&lines);
        } else {
            self.table(&header, &rows);
        }
    }

    fn outcome_table(&mut self, table: &OutcomeTable) {
        self.heading("explain-section-table");
        let paragraph = self.t("explain-table-intro-parity", &[]);
        self.paragraph(&paragraph);
        let header = [
            "explain-column-state",
            "explain-column-options",
            "explain-column-result",
        ]
        .map(|id| self.t(id, &[]));
        let none = self.t("explain-no-move", &[]);
        let rows: Vec<Vec<String>> = table
            .rows
            .iter()
            .map(|row| {
                let options = if row.options.is_empty() {
                    none.clone()
                } else {
                    list(
                        row.options.iter().map(|(take, state, outcome)| {
                            format!("−{take}→{} {}", self.parity_state(*state), symbol(*outcome))
                        }),
                        ", ",
                    )
                };
                vec![
                    self.parity_state(row.state),
                    options,
                    symbol(row.outcome).to_owned(),
                ]
            })
            .collect();
        self.table(&header, &rows);
        let line = self.t(
            "explain-parity-fresh",
            &[
                (
                    "line",
                    text(list(table.fresh.iter().map(|&o| symbol(o)), " ")),
                ),
                ("last", text(table.fresh.len().saturating_sub(1))),
            ],
        );
        self.paragraph(&line);
    }

    /// The rules found in the table: the range, each rule with its status, a simpler candidate
    /// that failed, and what would prove the rule.
    fn found(&mut self, report: &PatternReport) {
        use crate::render::pattern::{outcome_sentence_in, value_sentence_in};
        self.heading("explain-section-found");
        let range = self.t(
            "explain-found-range",
            &[
                ("found", text(report.found_to)),
                ("checked", text(report.checked_to)),
                ("positions", text(report.positions)),
            ],
        );
        self.paragraph(&range);
        self.head(report);
        let outcome = report.outcomes.rules.first();
        let value = report
            .values
            .as_ref()
            .and_then(|values| values.rules.first());
        if outcome.is_none() && value.is_none() {
            let none = self.t("explain-found-none", &[]);
            self.paragraph(&none);
            return;
        }
        let mut items = Vec::new();
        if let Some(found) = outcome {
            let rule = outcome_sentence_in(self.language, &found.rule);
            items.push(self.t("explain-found-outcome", &[("rule", text(rule))]));
            items.push(self.found_status(&found.status));
        }
        if let Some(found) = value {
            let rule = value_sentence_in(self.language, &found.rule);
            items.push(self.t("explain-found-value", &[("rule", text(rule))]));
            items.push(self.found_status(&found.status));
        }
        self.bullets(&items);
        if let Some(failed) = report.outcomes.failed.first() {
            let at = match failed.at.as_slice() {
                [n] => format!("n = {n}"),
                [a, b] => format!("(a, b) = ({a}, {b})"),
                _ => String::new(),
            };
            let line = self.t(
                "explain-found-failed",
                &[
                    (
                        "rule",
                        text(outcome_sentence_in(self.language, &failed.rule)),
                    ),
                    ("at", text(at)),
                ],
            );
            self.paragraph(&line);
        }
        let observed = outcome
            .map(|found| &found.status)
            .into_iter()
            .chain(value.map(|found| &found.status))
            .any(|status| *status == RuleStatus::Observed);
        if !observed {
            return;
        }
        let classes = outcome.map_or(2, |found| found.rule.classes.len() + 1);
        let prove = if classes > 2 {
            "explain-found-prove-classes"
        } else {
            "explain-found-prove-outcome"
        };
        let mut proof = self.t(prove, &[]);
        if value.is_some() {
            proof.push(' ');
            proof.push_str(&self.t("explain-found-prove-value", &[]));
        }
        self.paragraph(&proof);
    }

    /// The first positions of the table: one row per position of one number (n, its value,
    /// its outcome), or the grid of outcomes of two.
    fn head(&mut self, report: &PatternReport) {
        let letter = |outcome: Outcome| match outcome {
            Outcome::Win => "N",
            Outcome::Lose => "P",
            Outcome::Tie => "T",
            Outcome::Draw => "D",
        };
        let entries = &report.head;
        if entries.first().is_some_and(|entry| entry.at.len() == 2) {
            let side = entries
                .iter()
                .map(|entry| entry.at[0])
                .max()
                .map_or(0, |m| m + 1);
            let header: Vec<String> = std::iter::once("a\\b".to_owned())
                .chain((0..side).map(|b| b.to_string()))
                .collect();
            let rows: Vec<Vec<String>> = (0..side)
                .map(|a| {
                    std::iter::once(a.to_string())
                        .chain((0..side).map(|b| {
                            entries
                                .iter()
                                .find(|entry| entry.at == [a, b])
                                .map_or(String::new(), |entry| letter(entry.outcome).to_owned())
                        }))
                        .collect()
                })
                .collect();
            self.table(&header, &rows);
            return;
        }
        let mut header = vec!["n".to_owned()];
        let mut values = vec!["G(n)".to_owned()];
        let mut outcomes = vec!["P/N".to_owned()];
        for entry in entries {
            header.push(entry.at[0].to_string());
            values.push(
                entry
                    .value
                    .map_or_else(|| "-".to_owned(), |v| v.to_string()),
            );
            outcomes.push(letter(entry.outcome).to_owned());
        }
        let rows = if entries.iter().any(|entry| entry.value.is_some()) {
            vec![values, outcomes]
        } else {
            vec![outcomes]
        };
        self.table(&header, &rows);
    }

    fn found_status(&self, status: &RuleStatus) -> String {
        match status {
            RuleStatus::Observed => self.t("explain-found-observed", &[]),
            RuleStatus::Certified(RuleProof::Theorem(theorem)) => self.t(
                "explain-found-certified",
                &[(
                    "proof",
                    text(crate::render::pattern::theorem_name(*theorem)),
                )],
            ),
            RuleStatus::Certified(RuleProof::Period { certificate, .. }) => self.t(
                "explain-found-certified",
                &[("proof", text(certificate.theorem().name()))],
            ),
        }
    }

    fn pattern(&mut self, pattern: &Pattern) {
        self.heading("explain-section-pattern");
        if let Some(shape) = &pattern.shape {
            self.shape(shape);
        }
        let paragraph = match &pattern.proof {
            Proof::Certified {
                theorem,
                checked_to,
                window,
            } => self.certified(
                *theorem,
                *checked_to,
                window.as_ref(),
                pattern.shape.as_ref(),
            ),
            Proof::Observed {
                checked_to,
                uncertifiable,
            } => self.t(
                "explain-proof-observed",
                &[
                    ("checked", text(checked_to)),
                    ("why", text(self.why(uncertifiable.as_ref()))),
                ],
            ),
            Proof::NotFound {
                checked_to,
                uncertifiable,
            } => self.t(
                "explain-proof-not-found",
                &[
                    ("checked", text(checked_to)),
                    ("why", text(self.why(uncertifiable.as_ref()))),
                ],
            ),
        };
        self.paragraph(&paragraph);
    }

    fn shape(&mut self, shape: &Shape) {
        let preperiod: Vec<String> = shape
            .values
            .iter()
            .take(shape.preperiod as usize)
            .map(ToString::to_string)
            .collect();
        let period: Vec<String> = shape
            .values
            .iter()
            .skip(shape.preperiod as usize)
            .map(ToString::to_string)
            .collect();
        let mut values = String::new();
        if !shape.complete && shape.values.len() as u64 <= shape.preperiod {
            let listed = self.t(
                "explain-pattern-values-first",
                &[
                    ("count", text(shape.values.len())),
                    ("values", text(format!("{} …", preperiod.join(" ")))),
                ],
            );
            let paragraph = self.shape_sentence(shape);
            let joined = self.t(
                "explain-sentences",
                &[("first", text(listed)), ("second", text(paragraph))],
            );
            self.paragraph(&joined);
            return;
        }
        if !preperiod.is_empty() {
            let _ = write!(values, "{} | ", preperiod.join(" "));
        }
        values.push_str(&period.join(" "));
        if !shape.complete {
            values.push_str(" …");
        }
        let listed = self.t(
            if shape.preperiod > 0 {
                "explain-pattern-values-preperiod"
            } else {
                "explain-pattern-values"
            },
            &[("values", text(&values))],
        );
        let paragraph = self.shape_sentence(shape);
        let joined = self.t(
            "explain-sentences",
            &[("first", text(listed)), ("second", text(paragraph))],
        );
        self.paragraph(&joined);
    }

    fn shape_sentence(&self, shape: &Shape) -> String {
        let id = if shape.saltus == 0 {
            "explain-pattern-shape"
        } else {
            "explain-pattern-shape-saltus"
        };
        self.t(
            id,
            &[
                ("period", text(shape.period)),
                ("preperiod", text(shape.preperiod)),
                ("saltus", text(shape.saltus)),
            ],
        )
    }

    fn certified(
        &self,
        theorem: Theorem,
        checked_to: u64,
        window: Option<&(Vec<u32>, Vec<u32>)>,
        shape: Option<&Shape>,
    ) -> String {
        let (preperiod, period) = shape.map_or((0, 0), |s| (s.preperiod, s.period));
        match theorem {
            Theorem::Window { window: t } => match window {
                Some((first, second)) => self.t(
                    "explain-proof-window",
                    &[
                        ("window", text(t)),
                        ("from", text(preperiod)),
                        ("to", text(preperiod + t - 1)),
                        ("from2", text(preperiod + period)),
                        ("to2", text(preperiod + period + t - 1)),
                        ("first", text(list(first, " "))),
                        ("second", text(list(second, " "))),
                        ("period", text(period)),
                        ("preperiod", text(preperiod)),
                        ("checked", text(checked_to)),
                    ],
                ),
                None => self.t(
                    "explain-proof-window-plain",
                    &[
                        ("window", text(t)),
                        ("period", text(period)),
                        ("preperiod", text(preperiod)),
                        ("checked", text(checked_to)),
                    ],
                ),
            },
            Theorem::AllBut { largest_excluded } => self.t(
                "explain-proof-allbut",
                &[
                    ("excluded", text(largest_excluded)),
                    ("checked", text(checked_to)),
                    ("needed", text(preperiod + period + 2 * largest_excluded)),
                ],
            ),
            Theorem::GuySmith { last_digit, heaps } => self.t(
                "explain-proof-guy-smith",
                &[
                    ("digit", text(last_digit)),
                    ("heaps", text(heaps)),
                    ("checked", text(checked_to)),
                    ("needed", text(heaps * (preperiod + period) + last_digit)),
                ],
            ),
            Theorem::Residue { modulus } => {
                self.t("explain-proof-residue", &[("modulus", text(modulus))])
            }
            Theorem::TakeAndBreakFamilies { small_below } => self.t(
                "explain-proof-families",
                &[("small", text(small_below)), ("checked", text(checked_to))],
            ),
        }
    }

    fn why(&self, uncertifiable: Option<&Uncertifiable>) -> String {
        match uncertifiable {
            Some(Uncertifiable::Modifiers) => self.t("explain-why-modifiers", &[]),
            Some(Uncertifiable::TailSaltus) => self.t("explain-why-tail-saltus", &[]),
            Some(Uncertifiable::Script) => self.t("explain-why-script", &[]),
            Some(Uncertifiable::Searched) => self.t("explain-why-searched", &[]),
            Some(Uncertifiable::InfiniteSet { family }) => {
                self.t("explain-why-infinite", &[("family", text(family))])
            }
            _ => self.t("explain-why-unknown", &[]),
        }
    }

    fn rule(&mut self, rule: &Rule) {
        self.heading("explain-section-rule");
        let paragraph = match rule {
            Rule::Residues {
                preperiod,
                period,
                residues,
                early,
            } => {
                let args = [
                    ("period", text(period)),
                    ("preperiod", text(preperiod)),
                    ("residues", text(braces(residues))),
                    ("early", text(braces(early))),
                ];
                match (preperiod, early.is_empty(), residues.is_empty()) {
                    (_, true, true) => self.t("explain-rule-never", &[]),
                    (0, _, _) => self.t("explain-rule-residues", &args),
                    (_, true, _) => self.t("explain-rule-residues-from", &args),
                    (_, false, true) => {
                        self.t("explain-rule-finite", &[("positions", text(braces(early)))])
                    }
                    (_, false, false) => self.t("explain-rule-residues-early", &args),
                }
            }
            Rule::Finite { positions } => self.t(
                "explain-rule-finite",
                &[("positions", text(braces(positions)))],
            ),
            Rule::Computed { checked_to } => {
                self.t("explain-rule-computed", &[("checked", text(checked_to))])
            }
            Rule::BoutonXor => self.t("explain-rule-bouton", &[]),
            Rule::BoutonMisere => self.t("explain-rule-bouton-misere", &[]),
            Rule::Wythoff { pairs } => self.t(
                "explain-rule-wythoff",
                &[(
                    "pairs",
                    text(list(
                        pairs.iter().map(|(k, a, b)| format!("k={k}: ({a}, {b})")),
                        "; ",
                    )),
                )],
            ),
            Rule::Fibonacci { numbers } => self.t(
                "explain-rule-fibonacci",
                &[("numbers", text(format!("{}, …", list(numbers, ", "))))],
            ),
            Rule::SumXor => self.t("explain-rule-sum", &[]),
            Rule::MisereSum => self.t("explain-rule-misere-sum", &[]),
            Rule::ParityTable => self.t("explain-rule-parity", &[]),
            Rule::Graph => self.t("explain-rule-graph", &[]),
            Rule::Theorem { name, statement } => {
                let (name, statement) = match self.language {
                    Language::En => (name.en, statement.en),
                    Language::Zh => (name.zh, statement.zh),
                };
                self.t(
                    "explain-rule-theorem",
                    &[("name", text(name)), ("statement", text(statement))],
                )
            }
        };
        self.paragraph(&paragraph);
    }

    fn outcome(&self, outcome: Outcome) -> String {
        self.t(
            match outcome {
                Outcome::Win => "explain-outcome-win",
                Outcome::Lose => "explain-outcome-lose",
                Outcome::Tie => "explain-outcome-tie",
                Outcome::Draw => "explain-outcome-draw",
            },
            &[],
        )
    }

    fn answer(&mut self, answer: &Answer) {
        self.heading("explain-section-answer");
        let outcome = self.outcome(answer.outcome);
        let value = answer
            .value
            .as_ref()
            .map_or_else(|| "?".to_owned(), |n| self.num(n));
        match &answer.derivation {
            Derivation::Table { n } => {
                let paragraph = self.t(
                    "explain-answer-table",
                    &[
                        ("n", text(self.num(n))),
                        ("value", text(&value)),
                        ("outcome", text(&outcome)),
                    ],
                );
                self.paragraph(&paragraph);
            }
            Derivation::Periodic {
                n,
                period,
                preperiod,
                residue,
                index,
                periods,
                saltus,
            } => {
                let args = [
                    ("n", text(self.num(n))),
                    ("period", text(period)),
                    ("preperiod", text(preperiod)),
                    ("residue", text(residue)),
                    ("index", text(index)),
                    ("periods", text(self.num(periods))),
                    ("saltus", text(saltus)),
                    ("value", text(&value)),
                    ("outcome", text(&outcome)),
                ];
                let id = match (*saltus, *preperiod) {
                    (0, 0) => "explain-answer-periodic",
                    (0, _) => "explain-answer-periodic-from",
                    _ => "explain-answer-periodic-saltus",
                };
                let paragraph = self.t(id, &args);
                self.paragraph(&paragraph);
            }
            Derivation::Xor(sum) => self.xor(sum, &outcome),
            Derivation::Theorem(sum) => self.theorem_xor(sum, &outcome),
            Derivation::Places {
                heaps,
                places,
                modulus,
            } => self.places(heaps, places, *modulus, &outcome),
            Derivation::Steps { components } => self.every_steps(components, &outcome),
            Derivation::Infinite {
                finite,
                node,
                options,
            } => self.infinite(finite, node.as_ref(), options, &outcome),
            Derivation::MisereNim {
                heaps,
                ones,
                all_small,
                xor,
            } => {
                let id = if *all_small {
                    "explain-answer-misere-small"
                } else {
                    "explain-answer-misere-large"
                };
                let paragraph = self.t(
                    id,
                    &[
                        ("heaps", text(heaps)),
                        ("ones", text(ones)),
                        ("xor", text(self.num(xor))),
                        ("outcome", text(&outcome)),
                    ],
                );
                self.paragraph(&paragraph);
            }
            other => self.closed_form_answer(other, answer.outcome, &outcome),
        }
        self.moves(answer);
    }

    /// The paragraph of an answer from a search of the game's graph.
    fn graph_answer(
        &mut self,
        positions: u64,
        remoteness: Option<u32>,
        loopy: Option<&Loopy>,
        result: Outcome,
        outcome: &str,
    ) {
        let id = match (result, loopy, remoteness) {
            (Outcome::Draw, _, _) | (_, Some(Loopy::Infinite(_)), _) => "explain-answer-draw",
            (_, _, None) => "explain-answer-search",
            _ => "explain-answer-graph",
        };
        let paragraph = self.t(
            id,
            &[
                ("positions", text(positions)),
                (
                    "remoteness",
                    text(remoteness.map_or_else(|| "∞".to_owned(), |r| r.to_string())),
                ),
                (
                    "loopy",
                    text(loopy.as_ref().map_or_else(String::new, ToString::to_string)),
                ),
                ("outcome", text(outcome)),
            ],
        );
        self.paragraph(&paragraph);
    }

    /// The paragraph of a derivation by a closed form, a parity table or a search.
    fn closed_form_answer(&mut self, derivation: &Derivation, result: Outcome, outcome: &str) {
        match derivation {
            Derivation::Wythoff {
                small,
                large,
                difference,
                five_k_squared,
                root,
                lower,
            } => {
                let id = if lower == small {
                    "explain-answer-wythoff-p"
                } else {
                    "explain-answer-wythoff-n"
                };
                let paragraph = self.t(
                    id,
                    &[
                        ("small", text(self.num(small))),
                        ("large", text(self.num(large))),
                        ("k", text(self.num(difference))),
                        ("square", text(self.num(five_k_squared))),
                        ("root", text(self.num(root))),
                        ("lower", text(self.num(lower))),
                        ("outcome", text(outcome)),
                    ],
                );
                self.paragraph(&paragraph);
            }
            Derivation::Zeckendorf {
                heap,
                quota,
                terms,
                term_count,
                smallest,
            } => {
                let expansion = if terms.is_empty() {
                    self.t("explain-zeckendorf-terms", &[("count", text(term_count))])
                } else {
                    list(terms.iter().map(|n| self.num(n)), " + ")
                };
                let smallest_text = smallest
                    .as_ref()
                    .map_or_else(|| "0".to_owned(), |n| self.num(n));
                let id = match smallest {
                    None => "explain-answer-zeckendorf-empty",
                    Some(s) if s <= quota => "explain-answer-zeckendorf-win",
                    Some(_) => "explain-answer-zeckendorf-lose",
                };
                let paragraph = self.t(
                    id,
                    &[
                        ("heap", text(self.num(heap))),
                        ("quota", text(self.num(quota))),
                        ("terms", text(expansion)),
                        ("smallest", text(smallest_text)),
                        ("outcome", text(outcome)),
                    ],
                );
                self.paragraph(&paragraph);
            }
            Derivation::Greedy {
                heap,
                quota,
                sequence,
                terms,
                next_quota,
            } => self.greedy(heap, quota, sequence, terms, next_quota.as_ref(), outcome),
            Derivation::Parity { state } => {
                let paragraph = self.t(
                    "explain-answer-parity",
                    &[
                        ("state", text(self.parity_state(*state))),
                        ("symbol", text(symbol(result))),
                        ("outcome", text(outcome)),
                    ],
                );
                self.paragraph(&paragraph);
            }
            Derivation::Graph {
                positions,
                remoteness,
                loopy,
            } => self.graph_answer(*positions, *remoteness, loopy.as_ref(), result, outcome),
            Derivation::Table { .. }
            | Derivation::Periodic { .. }
            | Derivation::Xor(_)
            | Derivation::Theorem(_)
            | Derivation::Places { .. }
            | Derivation::Steps { .. }
            | Derivation::Infinite { .. }
            | Derivation::MisereNim { .. } => {}
        }
    }

    /// A heap as a greedy sum of terms of its family's sequence (dynamic subtraction): the
    /// first terms of the sequence, the heap's terms, and the smallest against the quota.
    fn greedy(
        &mut self,
        heap: &BigUint,
        quota: &BigUint,
        sequence: &[BigUint],
        terms: &[(u64, BigUint)],
        next_quota: Option<&BigUint>,
        outcome: &str,
    ) {
        if !sequence.is_empty() {
            let more = if sequence.len() > EXPLAINED_TERMS {
                ", …"
            } else {
                ""
            };
            let shown = &sequence[..sequence.len().min(EXPLAINED_TERMS)];
            let numbers = list(shown.iter().map(|n| self.num(n)), ", ");
            let paragraph = self.t(
                "explain-answer-greedy-sequence",
                &[("numbers", text(format!("{numbers}{more}")))],
            );
            self.paragraph(&paragraph);
        }
        let Some((_, smallest)) = terms.last() else {
            let paragraph = self.t(
                "explain-answer-zeckendorf-empty",
                &[("outcome", text(outcome))],
            );
            self.paragraph(&paragraph);
            return;
        };
        let shown = terms.len().min(SHOWN_TERMS);
        let more = |joined: String| {
            if terms.len() > shown {
                format!("{joined} + … ({} terms)", terms.len())
            } else {
                joined
            }
        };
        let indices = more(list(
            terms[..shown].iter().map(|(i, _)| format!("H_{i}")),
            " + ",
        ));
        let values = more(list(terms[..shown].iter().map(|(_, t)| self.num(t)), " + "));
        let id = if smallest <= quota {
            "explain-answer-greedy-win"
        } else {
            "explain-answer-greedy-lose"
        };
        let next = next_quota.map_or_else(|| "f".to_owned(), |n| self.num(n));
        let paragraph = self.t(
            id,
            &[
                ("heap", text(self.num(heap))),
                ("quota", text(self.num(quota))),
                ("indices", text(indices)),
                ("terms", text(values)),
                ("smallest", text(self.num(smallest))),
                ("next", text(next)),
                ("outcome", text(outcome)),
            ],
        );
        self.paragraph(&paragraph);
    }

    /// The steps rule at work: each component's steps, the largest and its parity.
    fn every_steps(&mut self, components: &[(String, BigUint)], outcome: &str) {
        let intro = self.t("explain-answer-steps", &[]);
        self.paragraph(&intro);
        let labels: Vec<String> = components
            .iter()
            .enumerate()
            .map(|(index, (game, _))| format!("{}. {}", index + 1, fit_label(game)))
            .collect();
        let label_width = labels
            .iter()
            .map(|l| UnicodeWidthStr::width(l.as_str()))
            .max()
            .unwrap_or(0);
        let lines: Vec<String> = labels
            .iter()
            .zip(components)
            .take(EXPLAIN_PLACES_SHOWN)
            .map(|(label, (_, steps))| {
                let pad = label_width - UnicodeWidthStr::width(label.as_str());
                format!("{label}{} {}", " ".repeat(pad), self.num(steps))
            })
            .collect();
        self.block(&lines);
        let largest = components
            .iter()
            .map(|(_, steps)| steps)
            .max()
            .cloned()
            .unwrap_or_default();
        let id = if largest.bit(0) {
            "explain-answer-steps-odd"
        } else {
            "explain-answer-steps-even"
        };
        let paragraph = self.t(
            id,
            &[
                ("largest", text(self.num(&largest))),
                ("outcome", text(outcome)),
            ],
        );
        self.paragraph(&paragraph);
    }

    /// Smith's rule at work: the finite parts' xor, the infinite part's `K`, and the verdict.
    fn infinite(
        &mut self,
        finite: &XorSum,
        node: Option<&BigUint>,
        options: &[BigUint],
        outcome: &str,
    ) {
        let Some(node) = node else {
            let paragraph = self.t(
                "explain-answer-infinite-many",
                &[("outcome", text(outcome))],
            );
            self.paragraph(&paragraph);
            return;
        };
        if !finite.terms.is_empty() {
            let intro = self.t("explain-answer-theorem-xor", &[]);
            self.paragraph(&intro);
            self.xor_block(finite);
        }
        let values = list(options.iter().map(|k| self.num(k)), ", ");
        let id = if options.contains(&finite.total) {
            "explain-answer-infinite-win"
        } else {
            "explain-answer-infinite-draw"
        };
        let paragraph = self.t(
            id,
            &[
                ("node", text(self.num(node))),
                ("values", text(values)),
                ("total", text(self.num(&finite.total))),
                ("outcome", text(outcome)),
            ],
        );
        self.paragraph(&paragraph);
    }

    /// The heaps in binary (when they are few and short) and each place's ones, then the
    /// verdict by Moore's theorem: its winning moves follow.
    fn places(
        &mut self,
        heaps: &[BigUint],
        places: &[(u64, BigUint)],
        modulus: u64,
        outcome: &str,
    ) {
        let bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
        if bits <= 64 && heaps.len() <= EXPLAIN_PLACES_HEAPS && !heaps.is_empty() {
            let intro = self.t("explain-answer-places-binary", &[]);
            self.paragraph(&intro);
            let labels: Vec<String> = (1..=heaps.len())
                .map(|index| self.t("explain-heap-label", &[("index", text(index.to_string()))]))
                .collect();
            let label_width = labels
                .iter()
                .map(|l| UnicodeWidthStr::width(l.as_str()))
                .max()
                .unwrap_or(0);
            let value_width = heaps.iter().map(|h| self.num(h).len()).max().unwrap_or(1);
            let mut lines = Vec::new();
            for (heap, label) in heaps.iter().zip(&labels) {
                let pad = label_width - UnicodeWidthStr::width(label.as_str());
                lines.push(format!(
                    "{label}{} = {:>value_width$} = {:0>width$}",
                    " ".repeat(pad),
                    self.num(heap),
                    heap.to_str_radix(2),
                    width = bits.max(1) as usize
                ));
            }
            self.block(&lines);
        }
        let shown: Vec<String> = places
            .iter()
            .take(EXPLAIN_PLACES_SHOWN)
            .map(|(place, count)| format!("2^{place}: {}", self.num(count)))
            .collect();
        let mut counts = list(shown, ", ");
        if places.len() > EXPLAIN_PLACES_SHOWN {
            counts.push_str(", …");
        }
        let counts = self.t("explain-answer-places-counts", &[("counts", text(counts))]);
        self.paragraph(&counts);
        let modulus_big = BigUint::from(modulus);
        let paragraph = match places
            .iter()
            .find(|(_, count)| !(count % &modulus_big).is_zero())
        {
            Some((place, count)) => self.t(
                "explain-answer-places-off",
                &[
                    ("place", text(format!("2^{place}"))),
                    ("count", text(self.num(count))),
                    ("modulus", text(modulus)),
                    ("outcome", text(outcome)),
                ],
            ),
            None => self.t(
                "explain-answer-places-divisible",
                &[("modulus", text(modulus)), ("outcome", text(outcome))],
            ),
        };
        self.paragraph(&paragraph);
    }

    /// A family theorem's parts and their xor, then the verdict: its winning moves follow.
    fn theorem_xor(&mut self, sum: &XorSum, outcome: &str) {
        let intro = self.t("explain-answer-theorem-xor", &[]);
        self.paragraph(&intro);
        self.xor_block(sum);
        let paragraph = if sum.total.is_zero() {
            self.t("explain-answer-theorem-zero", &[("outcome", text(outcome))])
        } else {
            self.t(
                "explain-answer-theorem-nonzero",
                &[
                    ("total", text(self.num(&sum.total))),
                    ("outcome", text(outcome)),
                ],
            )
        };
        self.paragraph(&paragraph);
    }

    fn xor(&mut self, sum: &XorSum, outcome: &str) {
        let intro = self.t("explain-answer-xor", &[]);
        self.paragraph(&intro);
        let labels = self.xor_block(sum);
        if sum.total.is_zero() {
            let paragraph = self.t("explain-answer-xor-zero", &[("outcome", text(outcome))]);
            self.paragraph(&paragraph);
            return;
        }
        let paragraph = self.t(
            "explain-answer-xor-target",
            &[
                ("total", text(self.num(&sum.total))),
                ("outcome", text(outcome)),
            ],
        );
        self.paragraph(&paragraph);
        let mut lines = Vec::new();
        for (term, label) in sum.terms.iter().zip(&labels) {
            if term.target < term.value {
                lines.push(self.t(
                    "explain-answer-target",
                    &[
                        ("label", text(label)),
                        ("value", text(self.num(&term.value))),
                        ("total", text(self.num(&sum.total))),
                        ("target", text(self.num(&term.target))),
                    ],
                ));
            }
        }
        self.bullets(&lines);
    }

    /// The values of `sum`'s terms in decimal and binary, column by column, and their xor;
    /// returns the terms' labels.
    fn xor_block(&mut self, sum: &XorSum) -> Vec<String> {
        let bits = sum
            .terms
            .iter()
            .map(|t| t.value.bits())
            .max()
            .unwrap_or(1)
            .max(1);
        let labels: Vec<String> = sum
            .terms
            .iter()
            .map(|t| match &t.label {
                TermLabel::Heap(place) => {
                    self.t("explain-heap-label", &[("index", text(place.to_string()))])
                }
                TermLabel::Named(name) => fit_label(name),
                TermLabel::Part(PartLabel::Cell(cell)) => {
                    self.t("explain-cell-label", &[("cell", text(self.num(cell)))])
                }
                TermLabel::Part(PartLabel::Component { game, .. }) => fit_label(game),
                TermLabel::Part(PartLabel::Square { row, column }) => self.t(
                    "explain-square-label",
                    &[("row", text(row)), ("column", text(column))],
                ),
                TermLabel::Part(PartLabel::Step(step)) => {
                    self.t("explain-step-label", &[("step", text(step))])
                }
                TermLabel::Part(PartLabel::Place { place, .. }) => format!("2^{place}"),
                TermLabel::Part(PartLabel::Residue { residue, modulus }) => {
                    format!("n mod {} = {}", self.num(modulus), self.num(residue))
                }
                TermLabel::Part(PartLabel::Token(node)) => {
                    self.t("explain-token-label", &[("node", text(self.num(node)))])
                }
                TermLabel::Part(PartLabel::Branch(node)) => {
                    self.t("explain-branch-label", &[("node", text(node))])
                }
                TermLabel::Part(PartLabel::Loops(count)) => {
                    self.t("explain-loops-label", &[("count", text(count))])
                }
                TermLabel::Part(PartLabel::Term { index }) => format!("H_{index}"),
            })
            .collect();
        let label_width = labels
            .iter()
            .map(|l| UnicodeWidthStr::width(l.as_str()))
            .max()
            .unwrap_or(0);
        let digits = |n: &BigUint| self.num(n);
        let value_width = sum
            .terms
            .iter()
            .map(|t| digits(&t.value).len())
            .chain([digits(&sum.total).len()])
            .max()
            .unwrap_or(1);
        let binary = bits <= 64;
        let bin = |n: &BigUint| format!("{:0>width$}", n.to_str_radix(2), width = bits as usize);
        let mut lines = Vec::new();
        for (term, label) in sum.terms.iter().zip(&labels) {
            let pad = label_width - UnicodeWidthStr::width(label.as_str());
            let mut line = format!(
                "{label}{} = {:>value_width$}",
                " ".repeat(pad),
                digits(&term.value)
            );
            if binary {
                let _ = write!(line, " = {}", bin(&term.value));
            }
            lines.push(line);
        }
        let rule_width = label_width + 3 + value_width + if binary { 3 + bits as usize } else { 0 };
        lines.push("-".repeat(rule_width));
        let mut total = format!(
            "{:<label_width$} = {:>value_width$}",
            "⊕",
            digits(&sum.total)
        );
        if binary {
            let _ = write!(total, " = {}", bin(&sum.total));
        }
        lines.push(total);
        self.block(&lines);
        labels
    }

    fn moves(&mut self, answer: &Answer) {
        if let Some(reason) = &answer.moves_withheld {
            let paragraph = self.t("explain-moves-withheld", &[("reason", text(reason))]);
            self.paragraph(&paragraph);
            return;
        }
        if answer.outcome == Outcome::Win && answer.winning_moves == 0 {
            let paragraph = self.t("explain-win-without-move", &[]);
            self.paragraph(&paragraph);
            return;
        }
        if answer.outcome != Outcome::Win {
            if answer.outcome == Outcome::Lose {
                let paragraph = self.t("explain-no-winning-move", &[]);
                self.paragraph(&paragraph);
            }
            return;
        }
        let heading = self.t(
            "explain-moves-heading",
            &[("count", text(answer.winning_moves))],
        );
        self.paragraph(&heading);
        let period = match &answer.derivation {
            Derivation::Periodic { period, .. } => Some(*period),
            _ => None,
        };
        let lines: Vec<String> = answer
            .moves
            .iter()
            .map(|check| self.move_line(check, period))
            .collect();
        self.bullets(&lines);
        let shown = answer.moves.len() as u64;
        if answer.winning_moves > shown {
            let more = self.t(
                "explain-moves-more",
                &[("count", text(answer.winning_moves - shown))],
            );
            self.paragraph(&more);
        }
    }

    /// What a move does, in words.
    fn action_text(&self, action: &Action) -> String {
        match action {
            Action::Take { amount } | Action::TakeUnderQuota { amount } => {
                self.t("explain-move-take", &[("amount", text(self.num(amount)))])
            }
            Action::TakePowerOfTwo { exponent } => self.t(
                "explain-move-take",
                &[("amount", text(format!("2^{exponent}")))],
            ),
            Action::TakeFromHeap { heap, amount } => self.t(
                "explain-move-take-heap",
                &[("amount", text(self.num(amount))), ("heap", text(heap + 1))],
            ),
            Action::TakeFromBoth { amount } => self.t(
                "explain-move-take-both",
                &[("amount", text(self.num(amount)))],
            ),
            Action::TakeAndBreak { heap, take, parts } => {
                let parts = if parts.is_empty() {
                    "0".to_owned()
                } else {
                    list(parts.iter().map(|n| self.num(n)), "+")
                };
                match heap {
                    Some(heap) => self.t(
                        "explain-move-split-heap",
                        &[
                            ("heap", text(heap + 1)),
                            ("take", text(take)),
                            ("parts", text(parts)),
                        ],
                    ),
                    None => self.t(
                        "explain-move-split",
                        &[("take", text(take)), ("parts", text(parts))],
                    ),
                }
            }
            Action::SplitClass(class) => self.t(
                "explain-move-class",
                &[("moves", text(self.num(&class.moves)))],
            ),
            Action::PowerClass(class) => {
                self.t("explain-move-class", &[("moves", text(class.moves))])
            }
            Action::TakeFromHeaps { .. }
            | Action::TakeClass(_)
            | Action::Turn { .. }
            | Action::TurnRun { .. }
            | Action::TurnClass(_)
            | Action::TurnCorners { .. }
            | Action::MoveDown { .. }
            | Action::Chop { .. }
            | Action::Slide { .. } => self.family_action_text(action),
            Action::Joint { moves } => list(
                moves.iter().map(|(component, action)| {
                    self.t(
                        "explain-move-joint-part",
                        &[
                            ("component", text(component + 1)),
                            ("move", text(self.action_text(action))),
                        ],
                    )
                }),
                "; ",
            ),
            Action::JointClass { moves } => self.t(
                "explain-move-joint-class",
                &[("moves", text(self.num(moves)))],
            ),
            Action::Labelled { label } => label.clone(),
        }
    }

    /// The actions of the families with a theorem of their own, in words.
    fn family_action_text(&self, action: &Action) -> String {
        match action {
            Action::TakeFromHeaps { takes } => self.t(
                "explain-move-take-heaps",
                &[(
                    "takes",
                    text(list(
                        takes.iter().map(|(heap, amount)| {
                            self.t(
                                "explain-move-take-heap",
                                &[("amount", text(self.num(amount))), ("heap", text(heap + 1))],
                            )
                        }),
                        self.t("explain-move-take-heaps-separator", &[]).as_str(),
                    )),
                )],
            ),
            Action::TakeClass(class) => self.t(
                "explain-move-take-class",
                &[
                    (
                        "heaps",
                        text(list(class.heaps.iter().map(|h| (h + 1).to_string()), ", ")),
                    ),
                    ("modulus", text(class.modulus)),
                    ("moves", text(self.num(&class.moves))),
                ],
            ),
            Action::Turn { cells } => self.t(
                if cells.len() == 1 {
                    "explain-move-turn-one"
                } else {
                    "explain-move-turn"
                },
                &[("cells", text(list(cells.iter().map(|c| self.num(c)), ", ")))],
            ),
            Action::TurnRun { from, to } => self.t(
                "explain-move-turn-run",
                &[("from", text(self.num(from))), ("to", text(self.num(to)))],
            ),
            Action::TurnClass(class) => self.t(
                "explain-move-turn-class",
                &[
                    ("cell", text(self.num(&class.rightmost))),
                    ("mask", text(self.num(&class.mask))),
                    ("moves", text(self.num(&class.moves))),
                ],
            ),
            Action::TurnCorners { corner, opposite } => self.t(
                "explain-move-turn-corners",
                &[
                    ("row", text(corner.0)),
                    ("column", text(corner.1)),
                    ("near_row", text(opposite.0)),
                    ("near_column", text(opposite.1)),
                ],
            ),
            Action::MoveDown { step, coins } => self.t(
                "explain-move-down",
                &[("coins", text(self.num(coins))), ("step", text(step))],
            ),
            Action::Slide { token, from, to } => self.t(
                "explain-move-slide",
                &[
                    ("token", text(token + 1)),
                    ("from", text(from)),
                    ("to", text(to)),
                ],
            ),
            Action::Chop { edge, from, to } => self.t(
                "explain-move-chop",
                &[
                    ("edge", text(edge + 1)),
                    ("from", text(from)),
                    ("to", text(to)),
                ],
            ),
            _ => crate::render::moves::action(action),
        }
    }

    fn move_line(&self, check: &MoveCheck, period: Option<u64>) -> String {
        let play = &check.play;
        let action = self.action_text(&play.action);
        let action = match play.component {
            Some(index) => self.t(
                "explain-move-in-component",
                &[("index", text(index + 1)), ("move", text(action))],
            ),
            None => action,
        };
        match (&check.leaves, check.residue, period, &check.value) {
            (Some(left), Some(residue), Some(period), Some(value)) => self.t(
                "explain-move-leaves-residue",
                &[
                    ("move", text(action)),
                    ("left", text(self.num(left))),
                    ("period", text(period)),
                    ("residue", text(residue)),
                    ("value", text(self.num(value))),
                ],
            ),
            (Some(left), _, _, Some(value)) => self.t(
                "explain-move-leaves",
                &[
                    ("move", text(action)),
                    ("left", text(self.num(left))),
                    ("value", text(self.num(value))),
                ],
            ),
            (_, _, _, Some(value)) => self.t(
                "explain-move-value",
                &[("move", text(action)), ("value", text(self.num(value)))],
            ),
            _ => self.t("explain-move-plain", &[("move", text(action))]),
        }
    }
}

/// The rows in runs whose P/N lines fit in `room` columns.
fn chunks(rows: &[Row], room: usize) -> Vec<&[Row]> {
    let mut out = Vec::new();
    let (mut start, mut used) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let cell = 1 + row.n.to_string().len().max(row.value.to_string().len());
        if used + cell > room && i > start {
            out.push(&rows[start..i]);
            (start, used) = (i, 0);
        }
        used += cell;
    }
    if start < rows.len() {
        out.push(&rows[start..]);
    }
    out
}

/// The first members of an infinite family.
fn family_members(family: Family) -> Vec<u64> {
    let mut members = family.members_up_to(64);
    members.truncate(7);
    members
}

/// The contest's symbol: `+`, `0` or `-`.
/// The width of a table of `rows` laid out in columns, two spaces between them.
fn widest(rows: &[Vec<String>]) -> usize {
    let columns = rows.first().map_or(0, Vec::len);
    (0..columns)
        .map(|i| {
            rows.iter()
                .map(|r| UnicodeWidthStr::width(r[i].as_str()) + 2)
                .max()
                .unwrap_or(0)
        })
        .sum()
}

/// The cells of a row of Grundy values: the position, its options (or a sum's components),
/// their values, the mex (or the xor) and P/N.
fn position_cells(row: &PositionRow, none: &str) -> Vec<String> {
    let outcome = match &row.value {
        PositionValue::Nimber(0) => "P".to_owned(),
        PositionValue::Nimber(_) => "N".to_owned(),
        PositionValue::Infinite(k) if k.contains(&0) => "N".to_owned(),
        PositionValue::Infinite(_) => "∞".to_owned(),
        PositionValue::Outcome(outcome) => symbol(*outcome).to_owned(),
    };
    if !row.parts.is_empty() {
        let values: Vec<String> = row.parts.iter().map(|(_, v)| position_value(v)).collect();
        return vec![
            row.position.clone(),
            list(row.parts.iter().map(|(part, _)| part), " + "),
            list(&values, ", "),
            format!("{} = {}", list(&values, " ⊕ "), position_value(&row.value)),
            outcome,
        ];
    }
    if row.options.is_empty() {
        return vec![
            row.position.clone(),
            none.to_owned(),
            "—".to_owned(),
            format!("mex{{}} = {}", position_value(&row.value)),
            outcome,
        ];
    }
    let options = list(row.options.iter().map(option_text), ", ");
    let values = list(
        row.options
            .iter()
            .map(|option| position_value(&option.value)),
        ", ",
    );
    let mex = match row.option_nimbers() {
        Some(set) => format!("mex{} = {}", braces(&set), position_value(&row.value)),
        None => position_value(&row.value),
    };
    vec![row.position.clone(), options, values, mex, outcome]
}

/// A move in a table of positions: `name → position`, or `→ position` for an unnamed move.
fn option_text(option: &PositionOption) -> String {
    match &option.label {
        Some(label) => format!("{label} → {}", option.to),
        None => format!("→ {}", option.to),
    }
}

/// A value in a table of positions: the Grundy value, or the outcome's symbol.
fn position_value(value: &PositionValue) -> String {
    match value {
        PositionValue::Nimber(m) => m.to_string(),
        PositionValue::Infinite(k) => Loopy::Infinite(k.clone()).to_string(),
        PositionValue::Outcome(outcome) => symbol(*outcome).to_owned(),
    }
}

fn symbol(outcome: Outcome) -> &'static str {
    crate::games::oddball::symbol(outcome)
}
