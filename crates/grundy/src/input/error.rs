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

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = self.span.start.min(self.text.len());
        let end = self.span.end.clamp(start, self.text.len());
        let indent = self.text[..start].width();
        let carets = self.text[start..end].width().max(1);
        writeln!(f, "invalid {}: {}", self.what, self.message)?;
        writeln!(f, "  {}", self.text)?;
        write!(f, "  {}{}", " ".repeat(indent), "^".repeat(carets))?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}
