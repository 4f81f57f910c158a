//! The rules of a table in contest language: each form of `theory::pattern` as a condition
//! ("n ≡ 0 or 2 (mod 7)", "a and b are both odd"), each rule as a sentence ("the player to move
//! loses iff …"), and a [`PatternReport`] as text.

use std::fmt::Write as _;

use crate::analysis::Outcome;
use crate::analysis::pattern::{
    Coordinates, Entry, FailedRule, Findings, FoundRule, Membership, OutcomeRule, PatternReport,
    PatternTheorem, RuleProof, RuleStatus, ValueRule,
};
use crate::theory::pattern::{BinaryForm, GridValues, NumberSet, PairSet, Parity, Sequence};

/// At most this many numbers listed in one condition.
const LISTED: usize = 12;

/// `0, 2 and 5`, or `0 or 2` with `or`.
fn list(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

fn numbers(members: &[u64]) -> Vec<String> {
    let mut out: Vec<String> = members.iter().take(LISTED).map(u64::to_string).collect();
    if members.len() > LISTED {
        out.push(format!("{} more", members.len() - LISTED));
    }
    out
}

/// `x ≡ r (mod p)` for residues `r`, said plainly for halves (`x is odd`).
fn residues(variable: &str, period: u64, residues: &[u64]) -> String {
    match (period, residues) {
        (1, [_]) => "always".to_owned(),
        (2, [0]) => format!("{variable} is even"),
        (2, [1]) => format!("{variable} is odd"),
        _ => {
            let shown: Vec<String> = residues.iter().map(u64::to_string).collect();
            format!("{variable} ≡ {} (mod {period})", list(&shown, "or"))
        }
    }
}

/// `α` of a Beatty pair of difference `d`, as a surd.
fn alpha(difference: u64) -> String {
    let square = difference * difference + 4;
    match difference {
        1 => "φ = (1 + √5)/2".to_owned(),
        2 => "√2".to_owned(),
        _ => format!("(√{square} − {})/2", difference - 2),
    }
}

/// The condition `n ∈ set`, in words, with `variable` for `n`.
///
/// # Example
/// ```
/// use grundy::theory::pattern::{NumberSet, Parity};
/// use grundy::render::pattern::condition;
/// let set = NumberSet::Union(
///     Box::new(NumberSet::Periodic { preperiod: 0, period: 2, members: vec![1] }),
///     Box::new(NumberSet::Powers { base: 2, exponents: Parity::Odd }),
/// );
/// assert_eq!(condition(&set, "n"), "n is odd, or n = 2^k with k odd (2, 8, 32, …)");
/// ```
pub fn condition(set: &NumberSet, variable: &str) -> String {
    let v = variable;
    match set {
        NumberSet::Finite(members) if members.is_empty() => "never".to_owned(),
        NumberSet::Finite(members) => match members.as_slice() {
            [one] => format!("{v} = {one}"),
            _ => format!("{v} is {}", list(&numbers(members), "or")),
        },
        NumberSet::Periodic {
            preperiod,
            period,
            members,
        } => periodic(v, *preperiod, *period, members),
        NumberSet::Odious => format!("{v} has an odd number of 1 bits ({v} is odious)"),
        NumberSet::Evil => format!("{v} has an even number of 1 bits ({v} is evil)"),
        NumberSet::Powers { base, exponents } => {
            let first: Vec<String> = (0..6u32)
                .filter(|&k| exponents.admits(u64::from(k)))
                .take(3)
                .filter_map(|k| base.checked_pow(k).map(|p| p.to_string()))
                .collect();
            let which = match exponents {
                Parity::Any => format!("{v} is a power of {base}"),
                Parity::Even => format!("{v} = {base}^k with k even"),
                Parity::Odd => format!("{v} = {base}^k with k odd"),
            };
            format!("{which} ({}, …)", first.join(", "))
        }
        NumberSet::Valuation(parity) => {
            let which = match parity {
                Parity::Odd => "odd",
                Parity::Even | Parity::Any => "even",
            };
            format!("{v} ≥ 1 and {v} = 2^k·m with m odd and k {which}")
        }
        NumberSet::Fibonacci => format!("{v} is a Fibonacci number (1, 2, 3, 5, 8, 13, …)"),
        NumberSet::Squares => format!("{v} is a perfect square (0, 1, 4, 9, …)"),
        NumberSet::Triangular => format!("{v} is a triangular number (0, 1, 3, 6, 10, …)"),
        NumberSet::Beatty { difference, upper } => {
            let term = if *upper {
                if *difference == 1 {
                    "⌊kα⌋ + k".to_owned()
                } else {
                    format!("⌊kα⌋ + {difference}k")
                }
            } else {
                "⌊kα⌋".to_owned()
            };
            let first: Vec<String> = NumberSet::Beatty {
                difference: *difference,
                upper: *upper,
            }
            .indicator(64)
            .iter()
            .enumerate()
            .filter(|(_, inside)| **inside)
            .take(4)
            .map(|(n, _)| n.to_string())
            .collect();
            format!(
                "{v} = {term} for some k ≥ 1, with α = {} ({}, …)",
                alpha(*difference),
                first.join(", ")
            )
        }
        NumberSet::Bands { base, low, high } => {
            let bands: Vec<String> = (0..3u32)
                .map_while(|k| {
                    let scale = base.checked_pow(k)?;
                    Some(format!(
                        "{}..={}",
                        low.checked_mul(scale)?.checked_add(1)?,
                        high.checked_mul(scale)?
                    ))
                })
                .collect();
            format!(
                "{low}·{base}^k < {v} ≤ {high}·{base}^k for some k ≥ 0 ({v} in {}, …)",
                bands.join(", ")
            )
        }
        NumberSet::Union(a, b) => format!("{}, or {}", condition(a, v), condition(b, v)),
        NumberSet::Except {
            set,
            added,
            removed,
        } => {
            let mut text = condition(set, v);
            if !added.is_empty() {
                let _ = write!(text, ", or {v} is {}", list(&numbers(added), "or"));
            }
            if !removed.is_empty() {
                let _ = write!(text, ", except {v} = {}", list(&numbers(removed), "or"));
            }
            text
        }
    }
}

/// An ultimately periodic set: its residue classes, and the numbers below the preperiod that
/// the classes get wrong, added or removed.
fn periodic(v: &str, preperiod: u64, period: u64, members: &[u64]) -> String {
    let classes: Vec<u64> = members
        .iter()
        .filter(|&&m| m >= preperiod)
        .map(|&m| (m - preperiod) % period)
        .map(|offset| (preperiod + offset) % period)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let in_classes = |n: u64| classes.contains(&(n % period));
    let added: Vec<u64> = (0..preperiod)
        .filter(|&n| members.contains(&n) && !in_classes(n))
        .collect();
    let removed: Vec<u64> = (0..preperiod)
        .filter(|&n| !members.contains(&n) && in_classes(n))
        .collect();
    if classes.is_empty() {
        return match added.as_slice() {
            [] => "never".to_owned(),
            [one] => format!("{v} = {one}"),
            _ => format!("{v} is {}", list(&numbers(&added), "or")),
        };
    }
    let mut text = residues(v, period, &classes);
    if !added.is_empty() {
        let _ = write!(text, ", or {v} is {}", list(&numbers(&added), "or"));
    }
    if !removed.is_empty() {
        let _ = write!(text, ", except {v} = {}", list(&numbers(&removed), "or"));
    }
    text
}

/// The condition `(a, b) ∈ set`, in words.
///
/// # Example
/// ```
/// use grundy::theory::pattern::PairSet;
/// use grundy::render::pattern::pair_condition;
/// let both_odd = PairSet::Lattice { rows: 2, columns: 2, members: vec![(1, 1)] };
/// assert_eq!(pair_condition(&both_odd), "a is odd and b is odd");
/// let same = PairSet::Lattice { rows: 3, columns: 3, members: vec![(0, 0), (1, 1), (2, 2)] };
/// assert_eq!(pair_condition(&same), "a ≡ b (mod 3)");
/// ```
pub fn pair_condition(set: &PairSet) -> String {
    match set {
        PairSet::Diagonal => "a = b".to_owned(),
        PairSet::Beatty { difference } => {
            let upper = if *difference == 1 {
                "⌊kα⌋ + k".to_owned()
            } else {
                format!("⌊kα⌋ + {difference}k")
            };
            format!(
                "{{a, b}} = {{⌊kα⌋, {upper}}} for some k ≥ 0, with α = {}",
                alpha(*difference)
            )
        }
        PairSet::Lattice {
            rows,
            columns,
            members,
        } => lattice(*rows, *columns, members),
    }
}

/// A lattice said as plainly as it allows: a congruence of `a ± b`, a condition on each
/// coordinate, or the residue pairs.
fn lattice(rows: u64, columns: u64, members: &[(u64, u64)]) -> String {
    if rows == columns {
        let k = rows;
        for shift in 0..k {
            let difference: Vec<(u64, u64)> = (0..k).map(|a| (a, (a + shift) % k)).collect();
            let sum: Vec<(u64, u64)> = (0..k).map(|a| (a, (shift + k - a) % k)).collect();
            let sorted = |mut cells: Vec<(u64, u64)>| {
                cells.sort_unstable();
                cells
            };
            if members == sorted(difference).as_slice() && k > 1 {
                return if shift == 0 {
                    format!("a ≡ b (mod {k})")
                } else {
                    format!("b − a ≡ {shift} (mod {k})")
                };
            }
            if members == sorted(sum).as_slice() && k > 2 {
                return format!("a + b ≡ {shift} (mod {k})");
            }
        }
    }
    // A product of a condition on a and one on b.
    let first: std::collections::BTreeSet<u64> = members.iter().map(|&(a, _)| a).collect();
    let second: std::collections::BTreeSet<u64> = members.iter().map(|&(_, b)| b).collect();
    if (first.len() * second.len()) == members.len() && !members.is_empty() {
        let first: Vec<u64> = first.into_iter().collect();
        let second: Vec<u64> = second.into_iter().collect();
        let a = (first.len() as u64 != rows).then(|| residues("a", rows, &first));
        let b = (second.len() as u64 != columns).then(|| residues("b", columns, &second));
        return match (a, b) {
            (Some(a), Some(b)) => format!("{a} and {b}"),
            (Some(one), None) | (None, Some(one)) => one,
            (None, None) => "always".to_owned(),
        };
    }
    if members.is_empty() {
        return "never".to_owned();
    }
    let pairs: Vec<String> = members.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    format!("(a mod {rows}, b mod {columns}) is {}", list(&pairs, "or"))
}

fn membership(set: &Membership) -> String {
    match set {
        Membership::Numbers(set) => condition(set, "n"),
        Membership::Pairs(set) => pair_condition(set),
    }
}

fn outcome_verb(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "wins",
        Outcome::Lose => "loses",
        Outcome::Tie => "ties",
        Outcome::Draw => "draws (play never ends)",
    }
}

fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Lose => "lose",
        Outcome::Tie => "tie",
        Outcome::Draw => "draw",
    }
}

/// A rule of outcomes as a sentence: "the player to move loses iff …, and wins otherwise".
pub fn outcome_sentence(rule: &OutcomeRule) -> String {
    let mut parts = Vec::new();
    for (outcome, set) in &rule.classes {
        match membership(set).as_str() {
            "never" => {}
            "always" => return format!("the player to move always {}", outcome_verb(*outcome)),
            condition => parts.push(format!("{} iff {condition}", outcome_verb(*outcome))),
        }
    }
    if parts.is_empty() {
        return format!("the player to move always {}", outcome_verb(rule.otherwise));
    }
    parts.push(format!("{} otherwise", outcome_verb(rule.otherwise)));
    format!("the player to move {}", parts.join("; "))
}

/// `⌊(s·n + b)/d⌋` written simply: `n`, `⌊n/2⌋`, `2n + 1`, `⌊(2n + 1)/3⌋`.
fn linear(slope: u64, offset: u64, divisor: u64) -> String {
    let times = match slope {
        0 => String::new(),
        1 => "n".to_owned(),
        s => format!("{s}n"),
    };
    let top = match (times.is_empty(), offset) {
        (true, b) => b.to_string(),
        (false, 0) => times,
        (false, b) => format!("{times} + {b}"),
    };
    match divisor {
        1 => top,
        d if offset == 0 && slope == 1 => format!("⌊n/{d}⌋"),
        d => format!("⌊({top})/{d}⌋"),
    }
}

fn binary(form: BinaryForm, shift: i64) -> String {
    let argument = match shift {
        0 => "n".to_owned(),
        s if s < 0 => format!("n − {}", s.unsigned_abs()),
        s => format!("n + {s}"),
    };
    match form {
        BinaryForm::PopCount => format!("the number of 1 bits of {argument}"),
        BinaryForm::Valuation => {
            format!("the exponent of the largest power of 2 dividing {argument}")
        }
        BinaryForm::Ruler => {
            format!("the largest power of 2 dividing {argument} (the ruler function)")
        }
        BinaryForm::Odious => format!(
            "the {argument}-th odious number counting from 0 (2m or 2m + 1 for m = {argument}, whichever has an odd number of 1 bits: 1, 2, 4, 7, 8, 11, …)"
        ),
        BinaryForm::Evil => format!(
            "the {argument}-th evil number counting from 0 (2m or 2m + 1 for m = {argument}, whichever has an even number of 1 bits: 0, 3, 5, 6, 9, …)"
        ),
    }
}

/// A rule of values as a formula: `G(n) = n mod 4`.
pub fn value_sentence(rule: &ValueRule) -> String {
    match rule {
        ValueRule::Sequence(sequence) => format!("G(n) = {}", sequence_formula(sequence)),
        ValueRule::Grid(grid) => format!("G(a, b) = {}", grid_formula(grid)),
    }
}

fn sequence_formula(sequence: &Sequence) -> String {
    match sequence {
        Sequence::Linear {
            slope,
            offset,
            divisor,
        } => linear(*slope, *offset, *divisor),
        Sequence::Remainder {
            modulus,
            shift,
            add,
        } => {
            let base = if *shift == 0 {
                format!("n mod {modulus}")
            } else {
                format!("(n + {shift}) mod {modulus}")
            };
            if *add == 0 {
                base
            } else {
                format!("{base} + {add}")
            }
        }
        Sequence::Periodic(periodicity) => {
            let (n0, p, s) = (
                periodicity.preperiod(),
                periodicity.period(),
                periodicity.saltus(),
            );
            let values: Vec<String> = periodicity
                .values()
                .iter()
                .take(40)
                .map(|v| v.to_string())
                .collect();
            let more = (n0 + p).saturating_sub(40);
            let shown = if more > 0 {
                format!("{} … ({more} more)", values.join(" "))
            } else {
                values.join(" ")
            };
            let step = if s == 0 {
                format!("G(n − {p})")
            } else {
                format!("G(n − {p}) + {s}")
            };
            let from = if n0 == 0 {
                format!("n ≥ {p}")
            } else {
                format!("n ≥ {}", n0 + p)
            };
            let first = match n0 + p {
                1 => "G(0)".to_owned(),
                2 => "G(0), G(1)".to_owned(),
                stored => format!("G(0), …, G({})", stored - 1),
            };
            format!("{step} for {from}, with {first} = {shown}")
        }
        Sequence::Binary { form, shift } => binary(*form, *shift),
        Sequence::Except { rule, values } => {
            let shown: Vec<String> = values
                .iter()
                .map(|(n, v)| format!("G({n}) = {v}"))
                .collect();
            format!("{}, except {}", sequence_formula(rule), list(&shown, "and"))
        }
        Sequence::Indicator(set) => format!("0 if {}, else 1", condition(set, "n")),
    }
}

fn grid_formula(grid: &GridValues) -> String {
    match grid {
        GridValues::Xor => "a xor b".to_owned(),
        GridValues::Sum => "a + b".to_owned(),
        GridValues::Min => "min(a, b)".to_owned(),
        GridValues::Separable { rows, columns } => format!(
            "f(a) xor g(b) — two games side by side — with f(n) = {} and g(n) = {}",
            sequence_formula(rows),
            sequence_formula(columns)
        ),
        GridValues::Indicator(set) => format!("0 if {}, else 1", pair_condition(set)),
    }
}

/// The name of a theorem that proves a family's rule.
pub fn theorem_name(theorem: PatternTheorem) -> &'static str {
    match theorem {
        PatternTheorem::NimHeap => "a Nim heap of n tokens has value n",
        PatternTheorem::Wythoff => "Wythoff's theorem",
        PatternTheorem::Zeckendorf => "Zeckendorf's characterisation of Fibonacci Nim",
    }
}

fn status_text(status: &RuleStatus, report: &PatternReport) -> String {
    match status {
        RuleStatus::Certified(RuleProof::Theorem(theorem)) => {
            format!("certified: {}", theorem_name(*theorem))
        }
        RuleStatus::Certified(RuleProof::Period {
            certificate,
            agree_to,
        }) => {
            let periodicity = certificate.periodicity();
            format!(
                "certified: the values' period {} from {} is proved ({}), and the rule agrees with it on every position below {agree_to}, which covers a preperiod and a common period of both",
                periodicity.period(),
                periodicity.preperiod(),
                certificate.theorem().name()
            )
        }
        RuleStatus::Observed => format!(
            "observed, not proved: holds on every position up to {} ({})",
            report.checked_to,
            crate::render::count(report.positions, "position")
        ),
    }
}

fn at_text(at: &[u64]) -> String {
    match at {
        [n] => format!("n = {n}"),
        [a, b] => format!("(a, b) = ({a}, {b})"),
        _ => String::new(),
    }
}

fn entry_text(entry: Option<Entry>) -> String {
    match entry {
        Some(Entry::Value(v)) => format!("G = {v}"),
        Some(Entry::Outcome(outcome)) => outcome_word(outcome).to_owned(),
        None => "nothing".to_owned(),
    }
}

fn findings<R>(
    out: &mut String,
    heading: &str,
    findings: &Findings<R>,
    report: &PatternReport,
    sentence: impl Fn(&R) -> String,
) {
    let _ = writeln!(out, "{heading}:");
    if findings.rules.is_empty() {
        let _ = writeln!(out, "  no rule found");
    }
    for (
        i,
        FoundRule {
            rule,
            fitted,
            status,
        },
    ) in findings.rules.iter().enumerate()
    {
        let _ = writeln!(out, "  {}. {}", i + 1, sentence(rule));
        let _ = writeln!(out, "     {}", status_text(status, report));
        match fitted {
            0 => {}
            1 => {
                let _ = writeln!(out, "     its parameters were read from the first position");
            }
            n => {
                let _ = writeln!(
                    out,
                    "     its parameters were read from the first {n} positions"
                );
            }
        }
    }
    for FailedRule {
        rule,
        at,
        table,
        predicted,
        beyond,
    } in &findings.failed
    {
        let when = if *beyond {
            format!("held up to {}, fails", report.found_to)
        } else {
            "fails".to_owned()
        };
        let _ = writeln!(
            out,
            "  not: {} — {when} at {}: the table has {}, the rule says {}",
            sentence(rule),
            at_text(at),
            entry_text(Some(*table)),
            entry_text(*predicted)
        );
    }
}

/// A pattern report as text: the range, then the rules of the outcomes and of the values, each
/// with its status, and the candidates that failed with their counter-examples.
pub fn pattern_text(report: &PatternReport) -> String {
    let mut out = String::new();
    let range = match report.coordinates {
        Coordinates::One => format!(
            "found on n ≤ {}, checked on n ≤ {}",
            report.found_to, report.checked_to
        ),
        Coordinates::Two => format!(
            "found on a, b ≤ {}, checked on a, b ≤ {}",
            report.found_to, report.checked_to
        ),
    };
    let _ = writeln!(
        out,
        "{}  (rules of the table: {range}, {})",
        crate::render::game_title(&report.game),
        crate::render::count(report.positions, "position")
    );
    findings(
        &mut out,
        "Outcome",
        &report.outcomes,
        report,
        outcome_sentence,
    );
    match &report.values {
        Some(values) => findings(&mut out, "Grundy value", values, report, value_sentence),
        None => {
            let _ = writeln!(
                out,
                "Grundy value: none (the game's positions have no Grundy values here)"
            );
        }
    }
    out
}
