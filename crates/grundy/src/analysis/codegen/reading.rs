//! What a generated program reads: the checks a description passes before its statements become
//! a program's reader, and the game each case is built from when the input carries it.
//!
//! A generated program declares each variable once and reads the input with the description's
//! own statements, so a value must be read on every path to each place it is used (not only in
//! a loop that may not run), numbers are what positions and games are made of, and a position is
//! its values side by side. A game the input carries is a family's spec whose argument is a
//! comma list of numbers, some written out and some read (`subtraction:1,2,{k}`, `bash:{m}`,
//! `subtraction:{s}`): the program builds it from those numbers at each case.

use std::collections::HashSet;

use super::NoProgram;
use crate::input::judge_format::Description;
use crate::input::judge_format::description::{
    Condition, Expression, Length, Piece, Reading, Statement, Template,
};

/// One number of a carried game's argument list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Argument {
    /// Written in the description.
    Number(u64),
    /// A value read (`{k}`).
    Value(String),
    /// Every value of a list read (`{s}`), in order.
    List(String),
    /// A number computed from values read (`{k - 1}`).
    Computed(Expression),
    /// A group of numbers joined by text (`{u}>{v}`: a graph's edges), written once per
    /// element of the lists it names: its numbers, element by element.
    Group(Template),
}

/// A game the input carries: built at each case from its spec's argument list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The spec, with the values read in braces.
    pub spec: Template,
    /// The family's name and what precedes the argument list (`subtraction:`).
    pub family: String,
    /// The argument list.
    pub arguments: Vec<Argument>,
}

/// How a case's position is written, and so what a generated program's reader builds for it:
/// always a list of numbers, which the game reads by this form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PositionForm {
    /// Values side by side (`{h}`, `{a} {b}`): the numbers as read.
    #[default]
    Values,
    /// Pairs of numbers joined by `-`, one per element of the lists named (`{u}-{v}`,
    /// `{u - 1}-{v - 1}`: a picture's edges): the numbers `u0, v0, u1, v1, …`.
    Pairs,
    /// A parent array (`parents: {p}`): node `i`, from 1, hangs from the `i`-th number.
    Parents,
}

impl PositionForm {
    /// The form of `template`: values side by side, one group of two numbers joined by `-`
    /// (`{u}-{v}`), or `parents:` before one number per element;
    /// `None` for any other.
    pub(super) fn of(template: &Template) -> Option<Self> {
        if template.is_list() {
            return Some(Self::Values);
        }
        let numbers = |piece: &Piece| matches!(piece, Piece::Variable(_) | Piece::Computed(_));
        match template.pieces.as_slice() {
            [first, Piece::Text(joint), second]
                if numbers(first) && numbers(second) && joint == "-" =>
            {
                Some(Self::Pairs)
            }
            [Piece::Text(head), element] if numbers(element) && head.trim_end() == "parents:" => {
                Some(Self::Parents)
            }
            _ => None,
        }
    }

    /// The pieces of `template` that are numbers, in order: one element of each per round of
    /// the lists they name.
    pub(crate) fn elements(template: &Template) -> Vec<&Piece> {
        template
            .pieces
            .iter()
            .filter(|piece| !matches!(piece, Piece::Text(_)))
            .collect()
    }
}

/// Why a description's input cannot be read by a generated program.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unreadable {
    /// A value is used where the statement that reads it may not have run (it is read in a
    /// loop, and used after it).
    NotReadOnEveryPath {
        /// The variable.
        name: String,
    },
    /// Words are read into a variable that a position, the game or a condition uses as numbers.
    Words {
        /// The variable.
        name: String,
    },
    /// A position written otherwise than its values side by side (`{a}/{b}`), a picture's
    /// edges (`{u}-{v}`) or a parent array (`parents: {p}`), or cases written in two forms.
    Position {
        /// The position, as the description writes it.
        template: String,
    },
    /// A position written in a form the game does not read (edges of a game whose positions
    /// are numbers side by side, or numbers side by side for Green Hackenbush).
    Form {
        /// The position, as the description writes it.
        template: String,
        /// The game.
        game: String,
    },
    /// The game the input carries is not a family's spec with a comma list of numbers, or not
    /// one whose games a program builds at run time.
    CarriedGame {
        /// The game, as the description writes it.
        template: String,
    },
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotReadOnEveryPath { name } => write!(
                f,
                "{name} is used where the statement reading it may not have run (it is read inside a loop and used after it); a generated program reads each value before every use"
            ),
            Self::Words { name } => write!(
                f,
                "{name} is read as words and used as a number (in a position, the game or a condition); generated programs read words only to skip them"
            ),
            Self::Position { template } => write!(
                f,
                "the position {template} is not written as generated programs read positions: values side by side ({{h}}, {{a}} {{b}}), a picture's edges ({{u}}-{{v}}) or a parent array (parents: {{p}}), the same form in every case"
            ),
            Self::Form { template, game } => write!(
                f,
                "{game} does not read a position written {template}: Green Hackenbush reads edges ({{u}}-{{v}}) or a parent array (parents: {{p}}), every other game values side by side"
            ),
            Self::CarriedGame { template } => write!(
                f,
                "the game {template} is not a spec whose argument is a list of numbers that generated programs build at run time (a subtraction set, bash:{{m}}, the contest game's amounts, a graph's edges, the coefficients of a dynamic bound such as dynamic:{{k}}x)"
            ),
        }
    }
}

/// Checks that every value is read on each path to its uses, and that positions (and the game)
/// are made of numbers, every case in one [`PositionForm`]; that form.
pub(super) fn check(description: &Description) -> Result<PositionForm, NoProgram> {
    let readings = description.variables();
    let reading = |name: &str| {
        readings
            .iter()
            .find(|(known, _)| *known == name)
            .map(|(_, reading)| *reading)
    };
    let numbers = |template: &Template| -> Result<(), NoProgram> {
        match template
            .variables()
            .find(|name| reading(name).is_some_and(|reading| reading.word))
        {
            Some(name) => Err(NoProgram::Unreadable(Unreadable::Words {
                name: name.to_owned(),
            })),
            None => Ok(()),
        }
    };
    if let Some(game) = &description.game {
        numbers(game)?;
    }
    let words = |name: &str| reading(name).is_some_and(|reading| reading.word);
    let mut form = None;
    walk(
        &description.statements,
        &mut HashSet::new(),
        description.game.as_ref(),
        &Checks {
            numbers: &numbers,
            words: &words,
        },
        &mut form,
    )?;
    Ok(form.unwrap_or_default())
}

/// The checks of a template's and a name's kind.
struct Checks<'c> {
    numbers: &'c dyn Fn(&Template) -> Result<(), NoProgram>,
    words: &'c dyn Fn(&str) -> bool,
}

/// Refuses the first of `names` not `known` to be read.
fn used<'n>(
    known: &HashSet<&str>,
    names: impl IntoIterator<Item = &'n str>,
) -> Result<(), NoProgram> {
    match names.into_iter().find(|name| !known.contains(name)) {
        Some(name) => Err(NoProgram::Unreadable(Unreadable::NotReadOnEveryPath {
            name: name.to_owned(),
        })),
        None => Ok(()),
    }
}

/// Walks `statements` with the variables `known` to be read on every path so far.
/// `form` is the form of the cases seen so far.
fn walk<'d>(
    statements: &'d [Statement],
    known: &mut HashSet<&'d str>,
    game: Option<&Template>,
    checks: &Checks<'_>,
    form: &mut Option<PositionForm>,
) -> Result<(), NoProgram> {
    let Checks { numbers, words } = checks;
    let condition_names = |condition: &'d Condition| {
        condition
            .equalities
            .iter()
            .map(|(name, _)| name.as_str())
            .collect::<Vec<_>>()
    };
    for statement in statements {
        match statement {
            Statement::Read { items, .. } => {
                for item in items {
                    if let Length::Counted(count) = &item.length {
                        used(known, count.variables())?;
                    }
                    known.extend(item.names.iter().map(String::as_str));
                }
            }
            Statement::Repeat { count, body } => {
                used(known, count.variables())?;
                walk(body, &mut known.clone(), game, checks, form)?;
            }
            Statement::Loop { body } => walk(body, &mut known.clone(), game, checks, form)?,
            Statement::Stop(condition) | Statement::Break(condition) => {
                used(known, condition_names(condition))?;
                if let Some(name) = condition_names(condition)
                    .into_iter()
                    .find(|name| words(name))
                {
                    return Err(NoProgram::Unreadable(Unreadable::Words {
                        name: name.to_owned(),
                    }));
                }
            }
            Statement::Case(template) => {
                used(known, template.variables())?;
                if let Some(game) = game {
                    used(known, game.variables())?;
                }
                numbers(template)?;
                let this = PositionForm::of(template)
                    .filter(|this| form.is_none_or(|seen| seen == *this))
                    .ok_or_else(|| {
                        NoProgram::Unreadable(Unreadable::Position {
                            template: template.to_string(),
                        })
                    })?;
                *form = Some(this);
            }
            Statement::Newline => {}
        }
    }
    Ok(())
}

/// The family and argument list of a carried game's spec, with sample numbers for it — the
/// literal numbers as written, one distinct number for each value or computed number and two for
/// each list, a group's numbers twice — and the argument list written with them. `None` when the
/// spec is not `FAMILY:` followed by a comma list whose elements are each a number written out,
/// one pair of braces, or a group of braces joined by text (`{u}>{v}`).
///
/// The sample numbers start above every number written in the spec, `shift` further, and go up
/// by `step`: a family tells the numbers read by building its game from two such samples
/// (shifted and spread apart) and finding them where it reads them both times.
pub(super) fn arguments(
    spec: &Template,
    readings: &[(&str, Reading)],
    (shift, step): (u64, u64),
) -> Option<(String, Vec<Argument>, Vec<u64>, String)> {
    // The family: the text before the first brace, up to its last ':'.
    let Some(Piece::Text(head)) = spec.pieces.first() else {
        return None;
    };
    let colon = head.rfind(':')?;
    let family = head[..=colon].to_owned();
    let mut elements: Vec<Vec<&Piece>> = vec![Vec::new()];
    let first = Piece::Text(head[colon + 1..].to_owned());
    let pieces = std::iter::once(&first).chain(&spec.pieces[1..]);
    let mut texts: Vec<Piece> = Vec::new();
    for piece in pieces {
        match piece {
            Piece::Text(text) => {
                let mut parts = text.split(',');
                if let Some(part) = parts.next() {
                    texts.push(Piece::Text(part.to_owned()));
                }
                for part in parts {
                    texts.push(Piece::Text(",".to_owned()));
                    texts.push(Piece::Text(part.to_owned()));
                }
            }
            other => texts.push(other.clone()),
        }
    }
    for piece in &texts {
        match piece {
            Piece::Text(text) if text == "," => elements.push(Vec::new()),
            Piece::Text(text) if text.trim().is_empty() => {}
            piece => elements
                .last_mut()
                .expect("one element at least")
                .push(piece),
        }
    }
    let mut sample = largest_written(&texts)
        .map_or(2, |largest| largest.saturating_add(2))
        .saturating_add(shift);
    let mut next_sample = || {
        sample = sample.saturating_add(step);
        sample
    };
    let mut arguments = Vec::new();
    let mut samples = Vec::new();
    let mut written: Vec<String> = Vec::new();
    for element in elements {
        let before = samples.len();
        match element.as_slice() {
            [Piece::Text(text)] => {
                let number = text.trim().parse().ok()?;
                arguments.push(Argument::Number(number));
                samples.push(number);
            }
            group if group.len() > 1 => {
                // A group naming a list is written twice (two edges of a graph), else once.
                let copies = if names_a_list(group, readings) { 2 } else { 1 };
                let template =
                    sampled_group(group, copies, &mut next_sample, &mut samples, &mut written)?;
                arguments.push(Argument::Group(template));
                continue;
            }
            [Piece::Variable(name)] => {
                let reading = readings
                    .iter()
                    .find(|(known, _)| known == name)
                    .map(|(_, reading)| *reading)?;
                if reading.list {
                    arguments.push(Argument::List(name.clone()));
                    samples.extend([next_sample(), next_sample()]);
                } else {
                    arguments.push(Argument::Value(name.clone()));
                    samples.push(next_sample());
                }
            }
            [Piece::Computed(expression)] => {
                let lists = expression.variables().into_iter().any(|name| {
                    readings
                        .iter()
                        .any(|(known, reading)| *known == name && reading.list)
                });
                if lists {
                    return None;
                }
                arguments.push(Argument::Computed(expression.clone()));
                samples.push(next_sample());
            }
            _ => return None,
        }
        written.extend(samples[before..].iter().map(ToString::to_string));
    }
    Some((family, arguments, samples, written.join(",")))
}

/// The largest number written in a rule's texts (`3` in `dynamic:3x+{c}`), so that sample
/// numbers differ from every number written: a family tells a number read from one written by
/// its value.
fn largest_written(texts: &[Piece]) -> Option<u64> {
    texts
        .iter()
        .filter_map(|piece| match piece {
            Piece::Text(text) => Some(text),
            _ => None,
        })
        .flat_map(|text| {
            text.split(|c: char| !c.is_ascii_digit())
                .filter_map(|digits| digits.parse::<u64>().ok())
        })
        .max()
}

/// Whether a group names a list read (a variable, or one in an expression).
fn names_a_list(group: &[&Piece], readings: &[(&str, Reading)]) -> bool {
    let list = |name: &str| {
        readings
            .iter()
            .any(|(known, reading)| *known == name && reading.list)
    };
    group.iter().any(|piece| match piece {
        Piece::Variable(name) => list(name),
        Piece::Computed(expression) => expression.variables().into_iter().any(list),
        Piece::Text(_) => false,
    })
}

/// A group of numbers joined by text (`{u}>{v}`, `{k}x+{c}`) as a template, written twice with
/// sample numbers into `written` (the numbers also into `samples`) when it names a list, once
/// otherwise; `None` when `group` does not alternate numbers and text.
fn sampled_group(
    group: &[&Piece],
    copies: usize,
    next_sample: &mut dyn FnMut() -> u64,
    samples: &mut Vec<u64>,
    written: &mut Vec<String>,
) -> Option<Template> {
    let text = |piece: &&Piece| matches!(piece, Piece::Text(_));
    let joined = group
        .windows(2)
        .all(|pair| text(&pair[0]) != text(&pair[1]))
        && group.iter().any(|piece| !text(piece));
    if !joined {
        return None;
    }
    for _ in 0..copies {
        let mut text = String::new();
        for piece in group {
            if let Piece::Text(joint) = piece {
                text.push_str(joint);
            } else {
                let number = next_sample();
                samples.push(number);
                text.push_str(&number.to_string());
            }
        }
        written.push(text);
    }
    Some(Template {
        pieces: group.iter().map(|&piece| piece.clone()).collect(),
    })
}
