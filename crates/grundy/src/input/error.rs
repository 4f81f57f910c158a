//! The error for text a user wrote that grundy cannot read: what is wrong and where.

use std::fmt;
use std::ops::Range;

use unicode_width::UnicodeWidthStr;

/// A problem in text the user typed (a game spec or a position), located by a byte span.
///
/// Its `Display` shows the message, the text with a caret line under the offending characters,
/// and a hint when there is one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    /// What was being read: `"game spec"` or `"position"`.
    pub what: &'static str,
    /// The text as typed.
    pub text: String,
    /// The offending bytes (empty at the end of the text when something is missing).
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// How to put it right.
    pub hint: Option<String>,
}

impl InputError {
    pub(crate) fn new(
        what: &'static str,
        text: &str,
        span: Range<usize>,
        message: impl Into<String>,
        hint: Option<String>,
    ) -> Self {
        Self {
            what,
            text: text.to_owned(),
            span,
            message: message.into(),
            hint,
        }
    }
}

/// The most characters of the input shown on either side of the place an error points at.
const SHOWN_AROUND: usize = 60;

impl fmt::Display for InputError {
    /// The message, then the line of the input it is about — with its number when the input
    /// has several, cut to 60 characters on either side of the mistake — and a
    /// caret under the mistake.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = floor_boundary(&self.text, self.span.start.min(self.text.len()));
        let end = floor_boundary(&self.text, self.span.end.clamp(start, self.text.len()));
        // The line holding the mistake.
        let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        let end = end.min(line_end);
        // At most SHOWN_AROUND characters either side.
        let from = self.text[line_start..start]
            .char_indices()
            .rev()
            .nth(SHOWN_AROUND)
            .map_or(line_start, |(i, _)| line_start + i);
        let to = self.text[end..line_end]
            .char_indices()
            .nth(SHOWN_AROUND)
            .map_or(line_end, |(i, _)| end + i);
        let before = if from > line_start { "…" } else { "" };
        let after = if to < line_end { "…" } else { "" };
        let shown = self.text[from..to].trim_end_matches('\r');
        let prefix = if line_start > 0 || line_end < self.text.len() {
            format!("line {}: ", self.text[..start].matches('\n').count() + 1)
        } else {
            String::new()
        };
        let indent = prefix.width() + before.width() + self.text[from..start].width();
        let carets = self.text[start..end].width().max(1);
        writeln!(f, "invalid {}: {}", self.what, self.message)?;
        writeln!(f, "  {prefix}{before}{shown}{after}")?;
        write!(f, "  {}{}", " ".repeat(indent), "^".repeat(carets))?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

/// The largest character boundary of `text` at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    (0..=at.min(text.len()))
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0)
}
