//! English text of misère quotients: words in the generators (`a b^2`), the presentation, the
//! report of `period misere:CODE`, and the reason of an answer decided by a quotient.

use std::fmt::Write;

use crate::analysis::{NoClosure, QuotientBasis, QuotientReport, QuotientStop};
use crate::budget::{Exhausted, format_bytes, format_duration};

/// The name of generator `i`: `a`, `b`, …, `z`, then `a1`, `b1`, ….
///
/// # Example
/// ```
/// assert_eq!(grundy::render::quotient::generator_name(1), "b");
/// assert_eq!(grundy::render::quotient::generator_name(27), "b1");
/// ```
pub fn generator_name(i: usize) -> String {
    let letter = char::from(b'a' + (i % 26) as u8);
    match i / 26 {
        0 => letter.to_string(),
        round => format!("{letter}{round}"),
    }
}

/// A word in the generators from its exponents: `1` for the empty word, `a b^2` otherwise.
///
/// # Example
/// ```
/// assert_eq!(grundy::render::quotient::word(&[1, 2]), "a b^2");
/// assert_eq!(grundy::render::quotient::word(&[0, 0]), "1");
/// ```
pub fn word(exponents: &[u32]) -> String {
    let parts: Vec<String> = exponents
        .iter()
        .enumerate()
        .filter(|&(_, &e)| e > 0)
        .map(|(i, &e)| {
            let name = generator_name(i);
            if e == 1 { name } else { format!("{name}^{e}") }
        })
        .collect();
    if parts.is_empty() {
        "1".to_owned()
    } else {
        parts.join(" ")
    }
}

/// The relations of a report, `a^2 = 1, b^3 = b, …`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, parse_game};
/// let report = Analyzer::new(Config::default()).quotient_from(&parse_game("misere:0.77")?, None, 1)?;
/// assert_eq!(grundy::render::quotient::relations(&report), ["a^2 = 1"]);
/// # Ok(()) }
/// ```
pub fn relations(report: &QuotientReport) -> Vec<String> {
    report
        .presentation
        .relations
        .iter()
        .map(|(left, right)| format!("{} = {}", word(left), word(right)))
        .collect()
}

/// `Φ(h)` of every heap computed (heap 0 first, the identity `1`), as words.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, parse_game};
/// let report = Analyzer::new(Config::default()).quotient(&parse_game("misere:0.31")?)?;
/// assert_eq!(grundy::render::quotient::phi_words(&report)[..4], ["1", "a", "b", "b^2"]);
/// # Ok(()) }
/// ```
pub fn phi_words(report: &QuotientReport) -> Vec<String> {
    report
        .quotient
        .phi()
        .iter()
        .map(|&x| word(&report.presentation.normal_forms[x as usize]))
        .collect()
}

/// Why a computation stopped, in words.
///
/// # Example
/// ```
/// use grundy::QuotientStop;
/// let text = grundy::render::quotient::stop_text(&QuotientStop::HeapLimit);
/// assert_eq!(text, "the heap limit was reached");
/// ```
pub fn stop_text(stop: &QuotientStop) -> String {
    match stop {
        QuotientStop::Budget(Exhausted::Memory { needed, limit }) => format!(
            "the next heap would need at least {} of memory; the memory limit is {}",
            format_bytes(*needed),
            format_bytes(*limit)
        ),
        QuotientStop::Budget(Exhausted::TimedOut { allowed }) => {
            format!("stopped at the time limit of {}", format_duration(*allowed))
        }
        QuotientStop::Budget(Exhausted::Interrupted) => "interrupted".to_owned(),
        QuotientStop::HeapLimit => "the heap limit was reached".to_owned(),
        QuotientStop::Unverified { heap, rejection } => format!(
            "the candidate quotient for heap {heap} failed verification ({rejection}); the construction cannot follow that heap"
        ),
        QuotientStop::TooLarge { heap, what, bound } => format!(
            "heap {heap} would need a {what} beyond {bound}, the bound of this construction"
        ),
        QuotientStop::Exponent { heap } => {
            format!("the powers of heap {heap} did not repeat within the bound")
        }
    }
}

/// The text of `grundy period misere:CODE`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, parse_game};
/// let report = Analyzer::new(Config::default()).quotient(&parse_game("misere:0.31")?)?;
/// let text = grundy::render::quotient::quotient_text(&report);
/// assert!(text.contains("order 6"), "{text}");
/// # Ok(()) }
/// ```
pub fn quotient_text(report: &QuotientReport) -> String {
    let q = &report.quotient;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: misère quotient of order {} with {} P-element{}, heaps 1 to {} built and verified",
        report.game,
        q.order(),
        q.losing_count(),
        if q.losing_count() == 1 { "" } else { "s" },
        q.heaps()
    );
    let generators: Vec<String> = report
        .presentation
        .generators
        .iter()
        .enumerate()
        .map(|(i, &(_, heap))| format!("{} = Φ({heap})", generator_name(i)))
        .collect();
    if !generators.is_empty() {
        let _ = writeln!(out, "generators: {}", generators.join(", "));
    }
    let relations = relations(report);
    if !relations.is_empty() {
        let _ = writeln!(out, "relations: {}", relations.join(", "));
    }
    let losing: Vec<String> = (0..q.order())
        .filter(|&x| q.is_losing(x as u32))
        .map(|x| word(&report.presentation.normal_forms[x]))
        .collect();
    let _ = writeln!(out, "P = {{{}}}", losing.join(", "));
    let words = phi_words(report);
    let _ = writeln!(out, "Φ(1..{}): {}", q.heaps(), words[1..].join(", "));
    match (&report.closure, report.no_closure, &report.stopped) {
        (Some(c), _, _) => {
            let _ = writeln!(
                out,
                "closed: Φ(n + {}) = Φ(n) for every n ≥ {} (periodicity theorem, docs/misere-quotients.md Theorem 3, needing {} heaps); every position of any size is a misère P-position exactly when the product of Φ over its heaps is in P",
                c.period, c.preperiod, c.needed
            );
        }
        (None, Some(NoClosure::Tail), stop) => {
            let _ = writeln!(
                out,
                "not closed: the code has a repeating tail, so no periodicity theorem applies{}",
                stop.as_ref()
                    .map(|s| format!("; {}", stop_text(s)))
                    .unwrap_or_default()
            );
        }
        (None, Some(NoClosure::Modifiers), stop) => {
            let _ = writeln!(
                out,
                "not closed: the code has ! or ? modifiers, so no periodicity theorem applies{}",
                stop.as_ref()
                    .map(|s| format!("; {}", stop_text(s)))
                    .unwrap_or_default()
            );
        }
        (None, None, stop) => {
            let _ = writeln!(
                out,
                "not closed at heap {}: {}; positions of heaps up to {} are decided by this quotient",
                q.heaps(),
                stop.as_ref()
                    .map_or_else(|| "no periodicity found yet".to_owned(), stop_text),
                q.heaps()
            );
        }
    }
    out
}

/// The reason sentence of an answer decided by a misère quotient.
pub(crate) fn quotient_reason(basis: &QuotientBasis, wins: bool) -> String {
    let scope = match basis.closure {
        Some(c) => format!(
            "closed by the periodicity theorem, Φ(n + {}) = Φ(n) for n ≥ {}",
            c.period, c.preperiod
        ),
        None => format!("built and verified for heaps up to {}", basis.heaps),
    };
    format!(
        "the misère quotient (Plambeck–Siegel) of order {} with {} P-elements ({scope}): the product of Φ over the heaps is {}, which is {} P, so the player to move {}.",
        basis.order,
        basis.losing,
        word(&basis.product),
        if basis.in_losing { "in" } else { "not in" },
        if wins {
            "wins by moving to a position whose product is in P"
        } else {
            "loses"
        }
    )
}
