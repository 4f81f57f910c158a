//! Text a family writes in each language explanations are written in: its rules in one line,
//! its theorem's name and statement.

/// A text in each language explanations are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// In English.
    pub en: &'static str,
    /// In Simplified Chinese.
    pub zh: &'static str,
}
