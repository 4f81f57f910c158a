//! The registry of open families: a family is a folder of `games/` that implements
//! [`Ruleset`] and exports one [`Family`], listed on one line of `games/mod.rs`
//! (`families! { … }`). A spec names it, `input` reads its rule through [`Family::rules`], and
//! every question answers its games ([`Game::Rules`](crate::Game::Rules)) through what the
//! ruleset offers or the general search over its options.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use crate::games::ruleset::Ruleset;
pub use crate::games::summary::Summary;

/// How a family reads the rule of one of its games: the text after `name:` (`None` without a
/// colon) to its rules, or what is wrong in it.
pub type ReadRule = fn(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem>;

/// A family of games: its name in specs and how its rule is read.
pub struct Family {
    /// The name a spec gives it: `divisor`.
    pub name: &'static str,
    /// The rules in one line, in each language explanations are written in.
    pub summary: Summary,
    /// A spec of one of its games, for messages that show how to write one.
    pub example: &'static str,
    /// The rules of the game a spec names: `rule` is the text after `name:`, `None` without a
    /// colon.
    ///
    /// # Errors
    /// A [`RuleProblem`] locating what is wrong in `rule`.
    pub rules: ReadRule,
}

impl fmt::Debug for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Family")
            .field("name", &self.name)
            .field("summary", &self.summary)
            .field("example", &self.example)
            .finish_non_exhaustive()
    }
}

/// What is wrong in a family's rule as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RuleProblem {
    /// The bytes of the rule it is about (relative to the rule's text; an empty range at 0
    /// when there is no rule).
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// How to write the rule instead.
    pub hint: String,
}

/// One game of an open family: the family, the rule as written and the rules read from it.
#[derive(Clone)]
pub struct Rules {
    family: &'static Family,
    rule: Option<String>,
    ruleset: Arc<dyn Ruleset>,
}

impl Rules {
    /// The game of `family` with `rule` (the text after `name:`, `None` without a colon).
    ///
    /// # Errors
    /// The family's [`RuleProblem`] with the rule.
    ///
    /// # Example
    /// ```
    /// use grundy::games::registry::{Rules, family};
    /// let divisor = family("divisor").ok_or("a family")?;
    /// assert_eq!(Rules::new(divisor, None)?.to_string(), "divisor");
    /// assert!(Rules::new(divisor, Some("3")).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(family: &'static Family, rule: Option<&str>) -> Result<Self, RuleProblem> {
        let ruleset = (family.rules)(rule)?;
        Ok(Self {
            family,
            rule: rule.map(str::to_owned),
            ruleset,
        })
    }

    /// The game of `family` whose rule is the text `loaded`, written in the spec as `rule`
    /// (`@graph.txt`: the rule read from a file, which the spec names and does not hold).
    ///
    /// # Errors
    /// The family's [`RuleProblem`] with the loaded text (its span is in `loaded`).
    pub fn loaded(family: &'static Family, rule: &str, loaded: &str) -> Result<Self, RuleProblem> {
        let ruleset = (family.rules)(Some(loaded))?;
        Ok(Self {
            family,
            rule: Some(rule.to_owned()),
            ruleset,
        })
    }

    /// The family.
    pub fn family(&self) -> &'static Family {
        self.family
    }

    /// The rule as written after `name:`.
    pub fn rule(&self) -> Option<&str> {
        self.rule.as_deref()
    }

    /// The rules read from it.
    pub fn ruleset(&self) -> &dyn Ruleset {
        self.ruleset.as_ref()
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Self) -> bool {
        self.family.name == other.family.name && self.rule == other.rule
    }
}

impl Eq for Rules {}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({self})")
    }
}

impl fmt::Display for Rules {
    /// The spec: `name`, or `name:rule`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.family.name)?;
        match &self.rule {
            Some(rule) => write!(f, ":{rule}"),
            None => Ok(()),
        }
    }
}

/// The open family a spec names `name`, if any.
///
/// # Example
/// ```
/// assert!(grundy::games::registry::family("divisor").is_some());
/// assert!(grundy::games::registry::family("nim").is_none()); // a built-in game
/// ```
pub fn family(name: &str) -> Option<&'static Family> {
    crate::games::FAMILIES
        .iter()
        .copied()
        .find(|family| family.name == name)
}
