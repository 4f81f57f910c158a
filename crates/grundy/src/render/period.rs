//! The text of period reports: the P-position rule, the values line, the values shown for state
//! vectors, and the report itself.

use std::borrow::Cow;
use std::fmt::Write as _;

use super::{Terms, theorem_statement};
use crate::analysis::{PeriodAnswer, PeriodReport};
use crate::theory::period::{Periodicity, Search, Theorem};

/// How many stored values the text of a period report shows.
pub const VALUES_SHOWN: usize = 60;

/// The note on a no-repeat game's period report: what its values and state vectors are.
pub const STATE_VECTOR_NOTE: &str = "values are G(n) before the first move; the period is that of the state vectors (G(n, last) for last = none, then each amount ascending), which the certificate proves";

/// The note on an observed period: not proved.
pub const OBSERVED_NOTE: &str = "observed in the computed values, not proved";

/// The P-positions of a periodic Grundy sequence, in words, listing at most `shown` of each kind.
///
/// # Complexity
/// `O(n0 + p)`: one pass over the stored values.
///
/// # Example
/// ```
/// use grundy::{Analyzer, Config, parse_game};
/// let report = Analyzer::new(Config::default()).period(&parse_game("subtraction:1,3,4")?)?;
/// let periodicity = report.search.certificate().ok_or("not certified")?.periodicity();
/// assert_eq!(grundy::render::p_positions(periodicity, 10), "n mod 7 ∈ {0, 2}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn p_positions(p: &Periodicity, shown: usize) -> String {
    let list = |items: &[u64]| {
        let mut text = items
            .iter()
            .take(shown)
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        if items.len() > shown {
            let _ = write!(text, ", … ({} in all)", items.len());
        }
        text
    };
    let zeros: Vec<u64> = p.zeros().collect();
    if p.saltus() > 0 {
        return if zeros.is_empty() {
            "none: only heap sizes with value 0 lose, and no value is 0".to_owned()
        } else {
            format!(
                "exactly n ∈ {{{}}} (values grow by {} every {}, so there are no others)",
                list(&zeros),
                p.saltus(),
                super::count(p.period(), "heap")
            )
        };
    }
    let (early, periodic): (Vec<u64>, Vec<u64>) =
        zeros.into_iter().partition(|&n| n < p.preperiod());
    let residues: Vec<u64> = {
        let mut residues: Vec<u64> = periodic
            .iter()
            .map(|n| n.checked_rem(p.period()).unwrap_or(*n))
            .collect();
        residues.sort_unstable();
        residues
    };
    let tail = if residues.is_empty() {
        "none".to_owned()
    } else {
        format!("n mod {} ∈ {{{}}}", p.period(), list(&residues))
    };
    if p.preperiod() == 0 {
        tail
    } else {
        let early = if early.is_empty() {
            "none".to_owned()
        } else {
            format!("n ∈ {{{}}}", list(&early))
        };
        format!(
            "below {}: {early}; from {} on: {tail}",
            p.preperiod(),
            p.preperiod()
        )
    }
}

/// The stored values, preperiod and period separated by `|`, shortened after [`VALUES_SHOWN`].
///
/// # Example
/// ```
/// use grundy::render::{Terms, values_line};
/// use grundy::{Analyzer, Config, parse_game};
/// let report = Analyzer::new(Config::default()).period(&parse_game("bash:3")?)?;
/// let periodicity = report.search.certificate().ok_or("not certified")?.periodicity();
/// let terms = Terms { limit: "the limit", full_listing: "the full answer" };
/// assert_eq!(values_line(periodicity, &terms), "0 1 2 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn values_line(p: &Periodicity, terms: &Terms<'_>) -> String {
    let shown: Vec<String> = p
        .values()
        .iter()
        .take(VALUES_SHOWN)
        .map(|v| v.to_string())
        .collect();
    let split = usize::try_from(p.preperiod()).unwrap_or(usize::MAX);
    let mut line = if split == 0 || split >= shown.len() {
        shown.join(" ")
    } else {
        format!(
            "{} | {}",
            shown[..split].join(" "),
            shown[split..].join(" ")
        )
    };
    if p.values().len() > VALUES_SHOWN {
        let _ = write!(
            line,
            " … ({} values in all; {} lists them)",
            p.values().len(),
            terms.full_listing
        );
    }
    line
}

/// The periodicity as shown: no-repeat games are periodic in their state vectors (the stored
/// values are vector ids), and show `G(n)` before the first move; other games as they are.
///
/// # Example
/// ```
/// use grundy::{Analyzer, Config, parse_game};
/// let report = Analyzer::new(Config::default()).period(&parse_game("norepeat:1,2")?)?;
/// let periodicity = report.search.certificate().ok_or("not certified")?.periodicity();
/// let shown = grundy::render::shown_values(&report, periodicity);
/// assert_eq!(shown.values().iter().take(4).collect::<Vec<_>>(), [0, 1, 1, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shown_values<'a>(report: &PeriodReport, p: &'a Periodicity) -> Cow<'a, Periodicity> {
    match &report.state_vectors {
        // State vectors repeat without a saltus (the window criterion proves none).
        Some(vectors) => p
            .map_values(|id| {
                vectors
                    .get(id as usize)
                    .and_then(|vector| vector.first())
                    .copied()
                    .unwrap_or_default()
            })
            .map_or(Cow::Borrowed(p), Cow::Owned),
        None => Cow::Borrowed(p),
    }
}

/// The text of what `period` answers: a period report ([`period_text`]) or a misère quotient
/// ([`quotient_text`](super::quotient::quotient_text)), ending in one newline.
pub fn period_answer_text(answer: &PeriodAnswer, terms: &Terms<'_>) -> String {
    match answer {
        PeriodAnswer::Period(report) => period_text(report, terms),
        PeriodAnswer::Quotient(report) => {
            let mut text = super::quotient::quotient_text(report);
            text.truncate(text.trim_end().len());
            text.push('\n');
            text
        }
    }
}

/// The text of a period report: period, preperiod, saltus, values, P-positions, and whether (and
/// by which theorem) the period is certified — or how far the search went.
///
/// # Example
/// ```
/// use grundy::render::{Terms, period_text};
/// use grundy::{Analyzer, Config, parse_game};
/// let report = Analyzer::new(Config::default()).period(&parse_game("subtraction:1,3,4")?)?;
/// let terms = Terms { limit: "the limit", full_listing: "the full answer" };
/// let text = period_text(&report, &terms);
/// assert!(text.starts_with("game         subtraction:1,3,4\nperiod       7\npreperiod    0\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn period_text(report: &PeriodReport, terms: &Terms<'_>) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "game         {}", super::game_title(&report.game));
    let describe = |text: &mut String, p: &Periodicity, proved: bool| {
        let _ = writeln!(text, "period       {}", p.period());
        let _ = writeln!(text, "preperiod    {}", p.preperiod());
        if p.saltus() > 0 {
            let _ = writeln!(
                text,
                "saltus       {}  (G(n + {}) = G(n) + {} for n ≥ {})",
                p.saltus(),
                p.period(),
                p.saltus(),
                p.preperiod()
            );
        }
        let values = values_line(p, terms);
        let _ = writeln!(text, "values       {values}");
        let pattern = if proved { "" } else { "if the pattern holds: " };
        let _ = writeln!(
            text,
            "P-positions  {pattern}{}",
            p_positions(p, VALUES_SHOWN / 2)
        );
    };
    match &report.search {
        Search::Certified(certificate) => {
            describe(
                &mut text,
                &shown_values(report, certificate.periodicity()),
                true,
            );
            let checked = match certificate.theorem() {
                Theorem::Residue { .. } => String::new(),
                _ => format!("; values checked to {}", certificate.checked_to()),
            };
            let statement = match (&report.state_vectors, &certificate.theorem()) {
                (Some(_), Theorem::Window { window }) => format!(
                    "on state vectors: each vector (G(n, last) for every last) is determined by the vectors at most {window} back, so a repeat of {window} consecutive vectors repeats everything after it"
                ),
                (_, theorem) => theorem_statement(theorem),
            };
            let _ = writeln!(
                text,
                "certified    yes, by the {} ({statement}){checked}",
                certificate.theorem().name(),
            );
        }
        Search::Observed(observation) => {
            describe(
                &mut text,
                &shown_values(report, observation.periodicity()),
                false,
            );
            let why = report.uncertifiable.as_ref().map_or_else(
                || {
                    "the values computed do not meet the conditions of any theorem grundy knows"
                        .to_owned()
                },
                ToString::to_string,
            );
            let _ = writeln!(
                text,
                "certified    no: observed in the first {} values, not proved ({why})",
                observation.checked_to()
            );
        }
        Search::NotFound { checked_to } => {
            let _ = writeln!(
                text,
                "period       none found in the first {checked_to} values (raise {} to search further)",
                terms.limit
            );
            if let Some(why) = &report.uncertifiable {
                let _ = writeln!(
                    text,
                    "certified    no period could be certified anyway: {why}"
                );
            }
        }
    }
    text
}
