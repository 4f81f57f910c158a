//! The text and Markdown writer of an explanation: titles, numbered headings, wrapped paragraphs,
//! code blocks, bullets and aligned tables, and numbers and positions written exactly or shortened.

use std::fmt::Write as _;

use num_bigint::BigUint;
use unicode_width::UnicodeWidthStr;

use super::messages::{Arg, Language, Messages, text};
use crate::games::game::Game;

/// How an explanation is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Terminal text: aligned columns, paragraphs wrapped to a width.
    #[default]
    Text,
    /// Markdown: headings, tables and code blocks, for notes and teaching material.
    Markdown,
}

/// The most digits a number is written with in full; longer ones are shortened.
pub const FULL_DIGITS: usize = 40;

/// A number written exactly, or its first and last digits and its digit count past
/// [`FULL_DIGITS`].
pub(super) fn number_parts(n: &BigUint) -> Result<String, (String, usize)> {
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
pub(super) const TITLE_CHARACTERS: usize = 160;

/// The most characters of a label in a column of labels (a component written with a huge heap);
/// a longer label keeps its start and end around `…`.
const LABEL_CHARACTERS: usize = 48;

/// `label` as a column of labels shows it ([`keep_ends`] past [`LABEL_CHARACTERS`]).
pub(super) fn fit_label(label: &str) -> String {
    keep_ends(label, LABEL_CHARACTERS)
}

/// `text`, or its first two thirds and last third of `most` characters around `…` when it is
/// longer (a game or label naming a huge heap).
pub(super) fn keep_ends(text: &str, most: usize) -> String {
    let count = text.chars().count();
    if count <= most {
        return text.to_owned();
    }
    let head: String = text.chars().take(most * 2 / 3).collect();
    let tail: String = text.chars().skip(count - most / 3).collect();
    format!("{head}…{tail}")
}

/// `values` written one after the other with `separator` between them.
pub(super) fn list(values: impl IntoIterator<Item = impl ToString>, separator: &str) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(separator)
}

/// `values` written as a set: `{a, b, c}`.
pub(super) fn braces(values: impl IntoIterator<Item = impl ToString>) -> String {
    format!("{{{}}}", list(values, ", "))
}

/// An explanation being written: the messages, the layout, and the text so far.
pub(super) struct Writer<'a> {
    /// The messages of the explanation's language.
    pub(super) messages: &'a Messages,
    /// That language, for words that are not messages (a family's summary).
    pub(super) language: Language,
    /// Text or Markdown.
    pub(super) format: Format,
    /// The width text paragraphs wrap at.
    pub(super) width: usize,
    /// The text written so far.
    pub(super) out: String,
    /// The number of the last heading.
    pub(super) section: usize,
    /// The game explained.
    pub(super) game: &'a Game,
}

impl Writer<'_> {
    pub(super) fn t(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.messages.format(id, args)
    }

    /// A position's text, shortened like a long number.
    pub(super) fn position(&self, position: &crate::games::position::Position) -> String {
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
    pub(super) fn num(&self, n: &BigUint) -> String {
        match number_parts(n) {
            Ok(digits) => digits,
            Err((short, count)) => format!(
                "{short} {}",
                self.t("explain-digits", &[("count", text(count))])
            ),
        }
    }

    /// `(n, odd, even)` for a reduced state of the contest game.
    pub(super) fn title(&mut self, title: &str) {
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

    pub(super) fn heading(&mut self, id: &str) {
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

    pub(super) fn paragraph(&mut self, paragraph: &str) {
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

    pub(super) fn block(&mut self, lines: &[String]) {
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

    pub(super) fn bullets(&mut self, items: &[String]) {
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

    pub(super) fn table(&mut self, header: &[String], rows: &[Vec<String>]) {
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
}

/// Wraps `paragraph` at `width` columns: between words, and between any two CJK characters.
pub(super) fn wrap(paragraph: &str, width: usize) -> Vec<String> {
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
