//! Text and Markdown renderings of an [`Explanation`] in English or Chinese.
//!
//! The words are Project Fluent messages (`locales/en/explain.ftl`, `locales/zh/explain.ftl`),
//! embedded in the library; the numbers come from the explanation's typed steps, written exactly
//! (a very long number is shortened to its first and last digits with its digit count). Fluent's
//! bidirectional isolation marks are off: terminals show them as stray characters.

use std::fmt::Write as _;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use num_bigint::BigUint;
use num_traits::Zero;
use unicode_width::UnicodeWidthStr;

use crate::analysis::explain::{
    Answer, Derivation, Explanation, MoveCheck, OutcomeTable, ParityState, Pattern, Proof, Row,
    Rule, Shape, State, Step, Terminal, ValueTable, XorSum,
};
use crate::analysis::{Action, Outcome, Uncertifiable};
use crate::engine::octal::TakeAndBreakEngine;
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::subtraction::{Family, SubtractionSet};
use crate::theory::period::Theorem;
use crate::theory::solver::Loopy;

/// The English messages.
pub const ENGLISH_MESSAGES: &str = include_str!("../../locales/en/explain.ftl");
/// The Chinese messages.
pub const CHINESE_MESSAGES: &str = include_str!("../../locales/zh/explain.ftl");

/// A language of the explanations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Language {
    /// English.
    #[default]
    En,
    /// Simplified Chinese, with the tutorials' terms (必胜态/必败态, SG 函数, 异或和, 周期).
    Zh,
}

impl Language {
    /// Every language.
    pub const ALL: [Self; 2] = [Self::En, Self::Zh];

    /// The language's Fluent messages.
    pub fn messages(self) -> &'static str {
        match self {
            Self::En => ENGLISH_MESSAGES,
            Self::Zh => CHINESE_MESSAGES,
        }
    }

    fn tag(self) -> unic_langid::LanguageIdentifier {
        let tag = match self {
            Self::En => "en",
            Self::Zh => "zh",
        };
        tag.parse().unwrap_or_default()
    }
}

/// How an explanation is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Terminal text: aligned columns, paragraphs wrapped to a width.
    #[default]
    Text,
    /// Markdown: headings, tables and code blocks, for notes and teaching material.
    Markdown,
}

/// The messages of one language, ready to format.
pub struct Messages {
    bundle: FluentBundle<FluentResource>,
}

impl Messages {
    /// The messages of `language`.
    ///
    /// # Errors
    /// The parse or registration errors of the embedded message file, as text (the tests keep
    /// this list empty).
    pub fn new(language: Language) -> Result<Self, Vec<String>> {
        let resource = FluentResource::try_new(language.messages().to_owned())
            .map_err(|(_, errors)| errors.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        let mut bundle = FluentBundle::new(vec![language.tag()]);
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource)
            .map_err(|errors| errors.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        Ok(Self { bundle })
    }

    /// Message `id` formatted with `args` (strings, or numbers for plural selection); a missing
    /// message is written `{id}`, which the tests look for ([`format_checked`](Self::format_checked)
    /// reports the errors instead).
    ///
    /// # Example
    /// ```
    /// use grundy::render::explain::{Arg, Language, Messages};
    /// let messages = Messages::new(Language::Zh).map_err(|e| e.join("; "))?;
    /// let line = messages.format("explain-move-take", &[("amount", Arg::Text("1".into()))]);
    /// assert_eq!(line, "拿走 1");
    /// # Ok::<(), String>(())
    /// ```
    pub fn format(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.format_checked(id, args)
            .unwrap_or_else(|_| format!("{{{id}}}"))
    }

    /// Message `id` formatted with `args`, or the errors Fluent reports.
    ///
    /// # Errors
    /// The message is missing, has no value, or refers to an argument or message that is missing.
    pub fn format_checked(&self, id: &str, args: &[(&str, Arg)]) -> Result<String, Vec<String>> {
        let message = self
            .bundle
            .get_message(id)
            .ok_or_else(|| vec![format!("no message {id}")])?;
        let pattern = message
            .value()
            .ok_or_else(|| vec![format!("message {id} has no value")])?;
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(text) => fluent_args.set(*name, FluentValue::from(text.clone())),
                Arg::Count(count) => fluent_args.set(*name, FluentValue::from(*count)),
            }
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(errors.iter().map(|e| format!("{id}: {e}")).collect())
        }
    }
}

/// An argument of a message: text (every number shown is text, written exactly), or a small
/// count for plural selection.
#[derive(Clone, Debug)]
pub enum Arg {
    /// Text.
    Text(String),
    /// A count, for plural forms.
    Count(u32),
}

#[expect(
    clippy::needless_pass_by_value,
    reason = "numbers and short texts, passed by value at every message's call for brevity"
)]
fn text(value: impl ToString) -> Arg {
    Arg::Text(value.to_string())
}

/// The ids of the messages of a Fluent file, in order (lines `id = …` at the start of a line).
///
/// # Example
/// ```
/// use grundy::render::explain::{Language, message_ids};
/// assert!(message_ids(Language::En.messages()).contains(&"explain-section-table"));
/// ```
pub fn message_ids(messages: &str) -> Vec<&str> {
    messages
        .lines()
        .filter_map(|line| {
            let (id, _) = line.split_once(" =")?;
            (id.starts_with(|c: char| c.is_ascii_lowercase())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            .then_some(id)
        })
        .collect()
}

/// The most digits a number is written with in full; longer ones are shortened.
pub const FULL_DIGITS: usize = 40;

/// A number written exactly, or its first and last digits and its digit count past
/// [`FULL_DIGITS`].
fn number_parts(n: &BigUint) -> Result<String, (String, usize)> {
    let digits = n.to_string();
    if digits.len() <= FULL_DIGITS {
        return Ok(digits);
    }
    Err((
        format!("{}…{}", &digits[..8], &digits[digits.len() - 4..]),
        digits.len(),
    ))
}

/// The most characters of a title; a longer one keeps its start and end ([`keep_ends`]).
const TITLE_CHARACTERS: usize = 160;

/// The most characters of a label in a column of labels (a component written with a huge heap);
/// a longer label keeps its start and end around `…`.
const LABEL_CHARACTERS: usize = 48;

/// `label` as a column of labels shows it ([`keep_ends`] past [`LABEL_CHARACTERS`]).
fn fit_label(label: &str) -> String {
    keep_ends(label, LABEL_CHARACTERS)
}

/// `text`, or its first two thirds and last third of `most` characters around `…` when it is
/// longer (a game or label naming a huge heap).
fn keep_ends(text: &str, most: usize) -> String {
    let count = text.chars().count();
    if count <= most {
        return text.to_owned();
    }
    let head: String = text.chars().take(most * 2 / 3).collect();
    let tail: String = text.chars().skip(count - most / 3).collect();
    format!("{head}…{tail}")
}

fn list(values: impl IntoIterator<Item = impl ToString>, separator: &str) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(separator)
}

fn braces(values: impl IntoIterator<Item = impl ToString>) -> String {
    format!("{{{}}}", list(values, ", "))
}

/// Renders `explanation` in `language` and `format`, wrapping text paragraphs at `width` columns.
///
/// # Complexity
/// Linear in the explanation's size.
///
/// # Errors
/// The embedded messages fail to load (never, as the tests check): the errors as text.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::render::explain::{Format, Language, render};
/// use grundy::{Analyzer, Config, parse_game};
/// let game = parse_game("bash:3")?;
/// let explanation = Analyzer::new(Config::default()).explain(&game, Some(&game.parse_position("10")?))?;
/// let text = render(&explanation, Language::En, Format::Text, 80).map_err(|e| e.join("; "))?;
/// assert!(text.contains("n mod 4 ∈ {0}"));
/// let chinese = render(&explanation, Language::Zh, Format::Markdown, 80).map_err(|e| e.join("; "))?;
/// assert!(chinese.contains("必败态"));
/// # Ok(()) }
/// ```
pub fn render(
    explanation: &Explanation,
    language: Language,
    format: Format,
    width: usize,
) -> Result<String, Vec<String>> {
    let messages = Messages::new(language)?;
    let mut writer = Writer {
        messages: &messages,
        format,
        width: width.max(20),
        out: String::new(),
        section: 0,
        game: &explanation.game,
    };
    let title = match &explanation.position {
        Some(position) if !matches!(position, crate::games::position::Position::Sum) => messages
            .format(
                "explain-title-at",
                &[
                    ("game", text(&explanation.game)),
                    ("position", text(writer.position(position))),
                ],
            ),
        _ => messages.format("explain-title", &[("game", text(&explanation.game))]),
    };
    // A title naming a huge heap keeps its start and end (the underline is as wide as the title).
    let title = keep_ends(&title, TITLE_CHARACTERS);
    writer.title(&title);
    for step in &explanation.steps {
        writer.step(step);
    }
    Ok(writer.out)
}

struct Writer<'a> {
    messages: &'a Messages,
    format: Format,
    width: usize,
    out: String,
    section: usize,
    game: &'a Game,
}

impl Writer<'_> {
    fn t(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.messages.format(id, args)
    }

    /// A position's text, shortened like a long number.
    fn position(&self, position: &crate::games::position::Position) -> String {
        if let crate::games::position::Position::Heap(heap) = position {
            return self.num(heap);
        }
        let written = position.to_string();
        if written.len() <= FULL_DIGITS * 2 {
            return written;
        }
        let head: String = written.chars().take(24).collect();
        format!(
            "{head}… {}",
            self.t("explain-characters", &[("count", text(written.len()))])
        )
    }

    /// A number written exactly, or shortened with its digit count.
    fn num(&self, n: &BigUint) -> String {
        match number_parts(n) {
            Ok(digits) => digits,
            Err((short, count)) => format!(
                "{short} {}",
                self.t("explain-digits", &[("count", text(count))])
            ),
        }
    }

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

    fn title(&mut self, title: &str) {
        match self.format {
            Format::Text => {
                let lines = wrap(title, self.width);
                let widest = lines
                    .iter()
                    .map(|line| UnicodeWidthStr::width(line.as_str()))
                    .max()
                    .unwrap_or(0);
                for line in &lines {
                    let _ = writeln!(self.out, "{line}");
                }
                let _ = writeln!(self.out, "{}\n", "=".repeat(widest));
            }
            Format::Markdown => {
                let _ = writeln!(self.out, "# {title}\n");
            }
        }
    }

    fn heading(&mut self, id: &str) {
        self.section += 1;
        let heading = format!("{}. {}", self.section, self.t(id, &[]));
        match self.format {
            Format::Text => {
                let _ = writeln!(self.out, "{heading}");
            }
            Format::Markdown => {
                let _ = writeln!(self.out, "## {heading}\n");
            }
        }
    }

    fn paragraph(&mut self, paragraph: &str) {
        match self.format {
            Format::Text => {
                for line in wrap(paragraph, self.width.saturating_sub(3).max(16)) {
                    let _ = writeln!(self.out, "   {line}");
                }
                self.out.push('\n');
            }
            Format::Markdown => {
                let _ = writeln!(self.out, "{paragraph}\n");
            }
        }
    }

    fn block(&mut self, lines: &[String]) {
        match self.format {
            Format::Text => {
                for line in lines {
                    let _ = writeln!(self.out, "      {}", line.trim_end());
                }
                self.out.push('\n');
            }
            Format::Markdown => {
                self.out.push_str("```\n");
                for line in lines {
                    let _ = writeln!(self.out, "{}", line.trim_end());
                }
                self.out.push_str("```\n\n");
            }
        }
    }

    fn bullets(&mut self, items: &[String]) {
        match self.format {
            Format::Text => {
                for item in items {
                    let lines = wrap(item, self.width.saturating_sub(5).max(16));
                    for (i, line) in lines.iter().enumerate() {
                        let lead = if i == 0 { "   • " } else { "     " };
                        let _ = writeln!(self.out, "{lead}{line}");
                    }
                }
                self.out.push('\n');
            }
            Format::Markdown => {
                for item in items {
                    let _ = writeln!(self.out, "- {item}");
                }
                self.out.push('\n');
            }
        }
    }

    fn table(&mut self, header: &[String], rows: &[Vec<String>]) {
        match self.format {
            Format::Text => {
                let widths: Vec<usize> = (0..header.len())
                    .map(|i| {
                        rows.iter()
                            .map(|r| UnicodeWidthStr::width(r[i].as_str()))
                            .chain([UnicodeWidthStr::width(header[i].as_str())])
                            .max()
                            .unwrap_or(0)
                    })
                    .collect();
                let line = |cells: &[String]| {
                    let mut line = String::from("   ");
                    for (cell, width) in cells.iter().zip(&widths) {
                        line.push_str(cell);
                        let pad = width - UnicodeWidthStr::width(cell.as_str());
                        line.push_str(&" ".repeat(pad + 2));
                    }
                    line.trim_end().to_owned()
                };
                let _ = writeln!(self.out, "{}", line(header));
                for row in rows {
                    let _ = writeln!(self.out, "{}", line(row));
                }
                self.out.push('\n');
            }
            Format::Markdown => {
                let _ = writeln!(self.out, "| {} |", header.join(" | "));
                let _ = writeln!(self.out, "|{}", "---|".repeat(header.len()));
                for row in rows {
                    let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
                    let _ = writeln!(self.out, "| {} |", cells.join(" | "));
                }
                self.out.push('\n');
            }
        }
    }

    fn step(&mut self, step: &Step) {
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
            Step::Pattern(pattern) => self.pattern(pattern),
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
            State::Script => self.t("explain-state-script", &[]),
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
        } else if matches!(table.game.base(), Game::Octal(_)) {
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
            | Derivation::MisereNim { .. } => {}
        }
    }

    fn xor(&mut self, sum: &XorSum, outcome: &str) {
        let bits = sum
            .terms
            .iter()
            .map(|t| t.value.bits())
            .max()
            .unwrap_or(1)
            .max(1);
        let intro = self.t("explain-answer-xor", &[]);
        self.paragraph(&intro);
        let nim = matches!(self.game.base(), Game::Nim);
        let labels: Vec<String> = sum
            .terms
            .iter()
            .map(|t| {
                if nim {
                    self.t("explain-heap-label", &[("index", text(&t.label))])
                } else {
                    fit_label(&t.label)
                }
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

    fn moves(&mut self, answer: &Answer) {
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

    fn move_line(&self, check: &MoveCheck, period: Option<u64>) -> String {
        let play = &check.play;
        let action = match &play.action {
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
            Action::Labelled { label } => label.clone(),
        };
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
fn symbol(outcome: Outcome) -> &'static str {
    crate::games::oddball::symbol(outcome)
}

/// Wraps `paragraph` at `width` columns: between words, and between any two CJK characters.
fn wrap(paragraph: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for source in paragraph.lines() {
        let mut line = String::new();
        let mut line_width = 0;
        for token in tokens(source) {
            let token_width = UnicodeWidthStr::width(token);
            if token == " " {
                if line_width > 0 && line_width < width {
                    line.push(' ');
                    line_width += 1;
                }
                continue;
            }
            if line_width + token_width > width && line_width > 0 {
                lines.push(line.trim_end().to_owned());
                line = String::new();
                line_width = 0;
            }
            line.push_str(token);
            line_width += token_width;
        }
        lines.push(line.trim_end().to_owned());
    }
    lines
}

/// Words, single spaces and single wide characters (each a place a line may break), keeping
/// closing punctuation with what comes before it.
fn tokens(source: &str) -> Vec<&str> {
    const CLOSING: &str = "，。：；、）」！？";
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for (i, c) in source.char_indices() {
        let end = i + c.len_utf8();
        let wide = UnicodeWidthStr::width(&source[i..end]) > 1;
        if c == ' ' {
            if start < i {
                ranges.push((start, i));
            }
            ranges.push((i, end));
            start = end;
        } else if CLOSING.contains(c) {
            if start < i {
                continue; // part of the word before it
            }
            match ranges.last_mut() {
                Some(last) if last.1 == i && &source[last.0..last.1] != " " => last.1 = end,
                _ => ranges.push((i, end)),
            }
            start = end;
        } else if wide {
            if start < i {
                ranges.push((start, i));
            }
            ranges.push((i, end));
            start = end;
        }
    }
    if start < source.len() {
        ranges.push((start, source.len()));
    }
    ranges.into_iter().map(|(a, b)| &source[a..b]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_words_and_wide_characters() {
        assert_eq!(wrap("aaa bbb ccc", 7), ["aaa bbb", "ccc"]);
        let chinese = wrap("必胜态和必败态。", 6);
        assert!(
            chinese
                .iter()
                .all(|l| UnicodeWidthStr::width(l.as_str()) <= 6)
        );
        assert_eq!(chinese.concat(), "必胜态和必败态。");
    }

    #[test]
    fn shortens_only_long_numbers() {
        assert_eq!(
            number_parts(&BigUint::from(10u32).pow(18)),
            Ok("1000000000000000000".to_owned())
        );
        assert_eq!(
            number_parts(&BigUint::from(10u32).pow(99)),
            Err(("10000000…0000".to_owned(), 100))
        );
    }
}
