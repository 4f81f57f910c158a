//! The rules of a table in contest language: each form of `theory::pattern` as a condition
//! ("n ≡ 0 or 2 (mod 7)", "a and b are both odd"), each rule as a sentence ("the player to move
//! loses iff …"), and a [`PatternReport`] as text.

use std::fmt::Write as _;

use crate::analysis::Outcome;
use crate::analysis::pattern::{
    Coordinates, Entry, FailedRule, Findings, FoundRule, Membership, OutcomeRule, PatternReport,
    PatternTheorem, RuleProof, RuleStatus, ValueRule,
};
use crate::render::explain::Language;
use crate::theory::pattern::{BinaryForm, GridValues, NumberSet, PairSet, Parity, Sequence};

/// At most this many numbers listed in one condition.
const LISTED: usize = 12;

/// The English or the Chinese of a phrase.
fn say<'a>(language: Language, en: &'a str, zh: &'a str) -> &'a str {
    match language {
        Language::En => en,
        Language::Zh => zh,
    }
}

/// `0, 2 or 5` (`0、2 或 5`) with the joining word `last`.
fn list(language: Language, items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => match language {
            Language::En => format!("{} {last} {tail}", init.join(", ")),
            Language::Zh => format!("{}{last}{tail}", init.join("、")),
        },
    }
}

fn or(language: Language) -> &'static str {
    say(language, "or", " 或 ")
}

fn numbers(language: Language, members: &[u64]) -> Vec<String> {
    let mut out: Vec<String> = members.iter().take(LISTED).map(u64::to_string).collect();
    if members.len() > LISTED {
        let more = members.len() - LISTED;
        out.push(match language {
            Language::En => format!("{more} more"),
            Language::Zh => format!("另外 {more} 个"),
        });
    }
    out
}

/// `x ≡ r (mod p)` for residues `r`, said plainly for halves (`x is odd`).
fn residues(language: Language, variable: &str, period: u64, residues: &[u64]) -> String {
    match (period, residues) {
        (1, [_]) => "always".to_owned(),
        (2, [0]) => format!("{variable}{}", say(language, " is even", " 为偶数")),
        (2, [1]) => format!("{variable}{}", say(language, " is odd", " 为奇数")),
        _ => {
            let shown: Vec<String> = residues.iter().map(u64::to_string).collect();
            format!(
                "{variable} ≡ {} (mod {period})",
                list(language, &shown, or(language))
            )
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

/// The condition `n ∈ set`, in words, with `variable` for `n` (`always` and `never` for the
/// whole and the empty set).
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
    condition_in(Language::En, set, variable)
}

/// [`condition`] in `language`.
#[allow(
    clippy::too_many_lines,
    reason = "one arm per form, each a phrase in two languages"
)]
pub fn condition_in(language: Language, set: &NumberSet, variable: &str) -> String {
    let v = variable;
    let l = language;
    match set {
        NumberSet::Finite(members) if members.is_empty() => "never".to_owned(),
        NumberSet::Finite(members) => match members.as_slice() {
            [one] => format!("{v} = {one}"),
            _ => format!(
                "{v}{}{}",
                say(l, " is ", " 为 "),
                list(l, &numbers(l, members), or(l))
            ),
        },
        NumberSet::Periodic {
            preperiod,
            period,
            members,
        } => periodic(l, v, *preperiod, *period, members),
        NumberSet::Odious => match l {
            Language::En => format!("{v} has an odd number of 1 bits ({v} is odious)"),
            Language::Zh => format!("{v} 的二进制中 1 的个数为奇数（odious 数）"),
        },
        NumberSet::Evil => match l {
            Language::En => format!("{v} has an even number of 1 bits ({v} is evil)"),
            Language::Zh => format!("{v} 的二进制中 1 的个数为偶数（evil 数）"),
        },
        NumberSet::Powers { base, exponents } => {
            let first: Vec<String> = (0..6u32)
                .filter(|&k| exponents.admits(u64::from(k)))
                .take(3)
                .filter_map(|k| base.checked_pow(k).map(|p| p.to_string()))
                .collect();
            let which = match (exponents, l) {
                (Parity::Any, Language::En) => format!("{v} is a power of {base}"),
                (Parity::Any, Language::Zh) => format!("{v} 是 {base} 的幂"),
                (Parity::Even, Language::En) => format!("{v} = {base}^k with k even"),
                (Parity::Even, Language::Zh) => format!("{v} = {base}^k 且 k 为偶数"),
                (Parity::Odd, Language::En) => format!("{v} = {base}^k with k odd"),
                (Parity::Odd, Language::Zh) => format!("{v} = {base}^k 且 k 为奇数"),
            };
            format!("{which} ({}, …)", first.join(", "))
        }
        NumberSet::Valuation(parity) => {
            let odd = *parity == Parity::Odd;
            match l {
                Language::En => format!(
                    "{v} ≥ 1 and {v} = 2^k·m with m odd and k {}",
                    if odd { "odd" } else { "even" }
                ),
                Language::Zh => format!(
                    "{v} ≥ 1 且 {v} = 2^k·m（m 为奇数）中 k 为{}",
                    if odd { "奇数" } else { "偶数" }
                ),
            }
        }
        NumberSet::Fibonacci => format!(
            "{v}{} (1, 2, 3, 5, 8, 13, …)",
            say(l, " is a Fibonacci number", " 是斐波那契数")
        ),
        NumberSet::Squares => format!(
            "{v}{} (0, 1, 4, 9, …)",
            say(l, " is a perfect square", " 是完全平方数")
        ),
        NumberSet::Triangular => format!(
            "{v}{} (0, 1, 3, 6, 10, …)",
            say(l, " is a triangular number", " 是三角形数")
        ),
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
            match l {
                Language::En => format!(
                    "{v} = {term} for some k ≥ 1, with α = {} ({}, …)",
                    alpha(*difference),
                    first.join(", ")
                ),
                Language::Zh => format!(
                    "存在 k ≥ 1 使 {v} = {term}，其中 α = {}（{}, …）",
                    alpha(*difference),
                    first.join(", ")
                ),
            }
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
            match l {
                Language::En => format!(
                    "{low}·{base}^k < {v} ≤ {high}·{base}^k for some k ≥ 0 ({v} in {}, …)",
                    bands.join(", ")
                ),
                Language::Zh => format!(
                    "存在 k ≥ 0 使 {low}·{base}^k < {v} ≤ {high}·{base}^k（{v} 在 {}, … 中）",
                    bands.join(", ")
                ),
            }
        }
        NumberSet::Union(a, b) => format!(
            "{}{}{}",
            condition_in(l, a, v),
            say(l, ", or ", "，或 "),
            condition_in(l, b, v)
        ),
        NumberSet::Except {
            set,
            added,
            removed,
        } => {
            let mut text = condition_in(l, set, v);
            exceptions(l, v, &mut text, added, removed);
            text
        }
    }
}

/// `, or n is 0` and `, except n = 4`, added to a condition.
fn exceptions(language: Language, v: &str, text: &mut String, added: &[u64], removed: &[u64]) {
    if !added.is_empty() {
        let listed = list(language, &numbers(language, added), or(language));
        let _ = match language {
            Language::En => write!(text, ", or {v} is {listed}"),
            Language::Zh => write!(text, "，或 {v} 为 {listed}"),
        };
    }
    if !removed.is_empty() {
        let listed = list(language, &numbers(language, removed), or(language));
        let _ = match language {
            Language::En => write!(text, ", except {v} = {listed}"),
            Language::Zh => write!(text, "，但 {v} = {listed} 除外"),
        };
    }
}

/// An ultimately periodic set: its residue classes, and the numbers below the preperiod that
/// the classes get wrong, added or removed.
fn periodic(language: Language, v: &str, preperiod: u64, period: u64, members: &[u64]) -> String {
    let classes: Vec<u64> = members
        .iter()
        .filter(|&&m| m >= preperiod)
        .map(|&m| m % period)
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
            _ => format!(
                "{v}{}{}",
                say(language, " is ", " 为 "),
                list(language, &numbers(language, &added), or(language))
            ),
        };
    }
    let mut text = residues(language, v, period, &classes);
    exceptions(language, v, &mut text, &added, &removed);
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
    pair_condition_in(Language::En, set)
}

/// [`pair_condition`] in `language`.
pub fn pair_condition_in(language: Language, set: &PairSet) -> String {
    match set {
        PairSet::Diagonal => "a = b".to_owned(),
        PairSet::Beatty { difference } => {
            let upper = if *difference == 1 {
                "⌊kα⌋ + k".to_owned()
            } else {
                format!("⌊kα⌋ + {difference}k")
            };
            match language {
                Language::En => format!(
                    "{{a, b}} = {{⌊kα⌋, {upper}}} for some k ≥ 0, with α = {}",
                    alpha(*difference)
                ),
                Language::Zh => format!(
                    "存在 k ≥ 0 使 {{a, b}} = {{⌊kα⌋, {upper}}}，其中 α = {}",
                    alpha(*difference)
                ),
            }
        }
        PairSet::Lattice {
            rows,
            columns,
            members,
        } => lattice(language, *rows, *columns, members),
    }
}

/// A lattice said as plainly as it allows: a congruence of `a ± b`, a condition on each
/// coordinate, or the residue pairs.
fn lattice(language: Language, rows: u64, columns: u64, members: &[(u64, u64)]) -> String {
    if rows == columns && rows > 1 {
        let k = rows;
        let sorted = |mut cells: Vec<(u64, u64)>| {
            cells.sort_unstable();
            cells
        };
        for shift in 0..k {
            let difference = sorted((0..k).map(|a| (a, (a + shift) % k)).collect());
            if members == difference.as_slice() {
                return if shift == 0 {
                    format!("a ≡ b (mod {k})")
                } else {
                    format!("b − a ≡ {shift} (mod {k})")
                };
            }
            let sum = sorted((0..k).map(|a| (a, (shift + k - a) % k)).collect());
            if members == sum.as_slice() && k > 2 {
                return format!("a + b ≡ {shift} (mod {k})");
            }
        }
    }
    // A product of a condition on a and one on b.
    let first: std::collections::BTreeSet<u64> = members.iter().map(|&(a, _)| a).collect();
    let second: std::collections::BTreeSet<u64> = members.iter().map(|&(_, b)| b).collect();
    if members.is_empty() {
        return "never".to_owned();
    }
    if first.len() * second.len() == members.len() {
        let first: Vec<u64> = first.into_iter().collect();
        let second: Vec<u64> = second.into_iter().collect();
        let a = (first.len() as u64 != rows).then(|| residues(language, "a", rows, &first));
        let b = (second.len() as u64 != columns).then(|| residues(language, "b", columns, &second));
        return match (a, b) {
            (Some(a), Some(b)) => format!("{a}{}{b}", say(language, " and ", " 且 ")),
            (Some(one), None) | (None, Some(one)) => one,
            (None, None) => "always".to_owned(),
        };
    }
    let pairs: Vec<String> = members.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    format!(
        "(a mod {rows}, b mod {columns}){}{}",
        say(language, " is ", " 为 "),
        list(language, &pairs, or(language))
    )
}

fn membership(language: Language, set: &Membership) -> String {
    match set {
        Membership::Numbers(set) => condition_in(language, set, "n"),
        Membership::Pairs(set) => pair_condition_in(language, set),
    }
}

fn outcome_verb(language: Language, outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => say(language, "wins", "必胜"),
        Outcome::Lose => say(language, "loses", "必败"),
        Outcome::Tie => say(language, "ties", "平局"),
        Outcome::Draw => say(language, "draws (play never ends)", "和棋（对局无限进行）"),
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

/// A rule of outcomes as a sentence: "the player to move loses iff …; wins otherwise".
pub fn outcome_sentence(rule: &OutcomeRule) -> String {
    outcome_sentence_in(Language::En, rule)
}

/// [`outcome_sentence`] in `language`.
pub fn outcome_sentence_in(language: Language, rule: &OutcomeRule) -> String {
    let subject = say(language, "the player to move", "轮到走的一方");
    let mut parts = Vec::new();
    for (outcome, set) in &rule.classes {
        match membership(language, set).as_str() {
            "never" => {}
            "always" => {
                return format!(
                    "{subject}{}{}",
                    say(language, " always ", "总是"),
                    outcome_verb(language, *outcome)
                );
            }
            condition => parts.push(match language {
                Language::En => format!("{} iff {condition}", outcome_verb(language, *outcome)),
                Language::Zh => format!("{}当且仅当 {condition}", outcome_verb(language, *outcome)),
            }),
        }
    }
    if parts.is_empty() {
        return format!(
            "{subject}{}{}",
            say(language, " always ", "总是"),
            outcome_verb(language, rule.otherwise)
        );
    }
    parts.push(match language {
        Language::En => format!("{} otherwise", outcome_verb(language, rule.otherwise)),
        Language::Zh => format!("否则{}", outcome_verb(language, rule.otherwise)),
    });
    match language {
        Language::En => format!("{subject} {}", parts.join("; ")),
        Language::Zh => format!("{subject}{}", parts.join("；")),
    }
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

fn binary(language: Language, form: BinaryForm, shift: i64) -> String {
    let argument = match shift {
        0 => "n".to_owned(),
        s if s < 0 => format!("n − {}", s.unsigned_abs()),
        s => format!("n + {s}"),
    };
    match (form, language) {
        (BinaryForm::PopCount, Language::En) => format!("the number of 1 bits of {argument}"),
        (BinaryForm::PopCount, Language::Zh) => format!("{argument} 的二进制中 1 的个数"),
        (BinaryForm::Valuation, Language::En) => {
            format!("the exponent of the largest power of 2 dividing {argument}")
        }
        (BinaryForm::Valuation, Language::Zh) => format!("整除 {argument} 的 2 的最高次幂的指数"),
        (BinaryForm::Ruler, Language::En) => {
            format!("the largest power of 2 dividing {argument} (the ruler function)")
        }
        (BinaryForm::Ruler, Language::Zh) => {
            format!("整除 {argument} 的 2 的最高次幂（ruler 函数）")
        }
        (BinaryForm::Odious, Language::En) => format!(
            "the {argument}-th odious number counting from 0 (2m or 2m + 1 for m = {argument}, whichever has an odd number of 1 bits: 1, 2, 4, 7, 8, 11, …)"
        ),
        (BinaryForm::Odious, Language::Zh) => format!(
            "从 0 数起第 {argument} 个 odious 数（m = {argument} 时取 2m 与 2m + 1 中二进制 1 的个数为奇数者：1, 2, 4, 7, 8, 11, …）"
        ),
        (BinaryForm::Evil, Language::En) => format!(
            "the {argument}-th evil number counting from 0 (2m or 2m + 1 for m = {argument}, whichever has an even number of 1 bits: 0, 3, 5, 6, 9, …)"
        ),
        (BinaryForm::Evil, Language::Zh) => format!(
            "从 0 数起第 {argument} 个 evil 数（m = {argument} 时取 2m 与 2m + 1 中二进制 1 的个数为偶数者：0, 3, 5, 6, 9, …）"
        ),
    }
}

/// A rule of values as a formula: `G(n) = n mod 4`.
pub fn value_sentence(rule: &ValueRule) -> String {
    value_sentence_in(Language::En, rule)
}

/// [`value_sentence`] in `language`.
pub fn value_sentence_in(language: Language, rule: &ValueRule) -> String {
    match rule {
        ValueRule::Sequence(sequence) => {
            format!("G(n) = {}", sequence_formula(language, sequence))
        }
        ValueRule::Grid(grid) => format!("G(a, b) = {}", grid_formula(language, grid)),
    }
}

fn sequence_formula(language: Language, sequence: &Sequence) -> String {
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
                format!(
                    "{} … ({more} {})",
                    values.join(" "),
                    say(language, "more", "个")
                )
            } else {
                values.join(" ")
            };
            let step = if s == 0 {
                format!("G(n − {p})")
            } else {
                format!("G(n − {p}) + {s}")
            };
            let first = match n0 + p {
                1 => "G(0)".to_owned(),
                2 => "G(0), G(1)".to_owned(),
                stored => format!("G(0), …, G({})", stored - 1),
            };
            let from = n0 + p;
            match language {
                Language::En => format!("{step} for n ≥ {from}, with {first} = {shown}"),
                Language::Zh => format!("{step}（n ≥ {from}），其中 {first} = {shown}"),
            }
        }
        Sequence::Binary { form, shift } => binary(language, *form, *shift),
        Sequence::Except { rule, values } => {
            let shown: Vec<String> = values
                .iter()
                .map(|(n, v)| format!("G({n}) = {v}"))
                .collect();
            match language {
                Language::En => format!(
                    "{}, except {}",
                    sequence_formula(language, rule),
                    list(language, &shown, "and")
                ),
                Language::Zh => format!(
                    "{}，但 {}",
                    sequence_formula(language, rule),
                    list(language, &shown, "，")
                ),
            }
        }
        Sequence::Indicator(set) => match language {
            Language::En => format!("0 if {}, else 1", condition_in(language, set, "n")),
            Language::Zh => format!("若 {} 则为 0，否则为 1", condition_in(language, set, "n")),
        },
    }
}

fn grid_formula(language: Language, grid: &GridValues) -> String {
    match grid {
        GridValues::Xor => "a xor b".to_owned(),
        GridValues::Sum => "a + b".to_owned(),
        GridValues::Min => "min(a, b)".to_owned(),
        GridValues::Separable { rows, columns } => match language {
            Language::En => format!(
                "f(a) xor g(b) — two games side by side — with f(n) = {} and g(n) = {}",
                sequence_formula(language, rows).replace("G(", "f("),
                sequence_formula(language, columns).replace("G(", "g(")
            ),
            Language::Zh => format!(
                "f(a) xor g(b)（两个游戏并列），其中 f(n) = {}，g(n) = {}",
                sequence_formula(language, rows).replace("G(", "f("),
                sequence_formula(language, columns).replace("G(", "g(")
            ),
        },
        GridValues::Indicator(set) => match language {
            Language::En => format!("0 if {}, else 1", pair_condition_in(language, set)),
            Language::Zh => format!("若 {} 则为 0，否则为 1", pair_condition_in(language, set)),
        },
        GridValues::Rows(rows) => {
            let shown: Vec<String> = rows
                .iter()
                .take(8)
                .map(|p| {
                    format!(
                        "({}, {}, {})",
                        p.period(),
                        p.saltus(),
                        p.preperiod() + p.period()
                    )
                })
                .collect();
            let more = if rows.len() > 8 { ", …" } else { "" };
            let last = rows.len().saturating_sub(1);
            match language {
                Language::En => format!(
                    "G(a, b − p) + s for b ≥ b0, row by row (each row a ≤ {last} periodic in b, growing by s each period), with (p, s, b0) for a = 0, 1, …: {}{more}",
                    shown.join(", ")
                ),
                Language::Zh => format!(
                    "G(a, b − p) + s（b ≥ b0），逐行成立（a ≤ {last} 的每一行关于 b 周期性，每个周期增加 s），a = 0, 1, … 时 (p, s, b0) 为：{}{more}",
                    shown.join(", ")
                ),
            }
        }
    }
}

/// The name of a theorem that proves a family's rule.
pub fn theorem_name(theorem: PatternTheorem) -> &'static str {
    match theorem {
        PatternTheorem::NimHeap => "a Nim heap of n tokens has value n",
        PatternTheorem::BoutonMisere => "Bouton's misère rule",
        PatternTheorem::Wythoff => "Wythoff's theorem",
        PatternTheorem::Zeckendorf => "Zeckendorf's characterisation of Fibonacci Nim",
        PatternTheorem::Family { name } => name.en,
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
            format!("found on the positions up to {}, fails", report.found_to)
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
    if report.constant {
        let _ = writeln!(
            out,
            "  (every position checked has this one outcome and one value: there is nothing to decide — or the numbering does not reach the game's real positions, as start(n) of a script whose positions are strings)"
        );
    }
    let misere = report.game.is_misere();
    let heading = if misere {
        "Misère Grundy value G⁻ (misère values do not add up by xor)"
    } else {
        "Grundy value"
    };
    let sentence = |rule: &ValueRule| {
        let text = value_sentence(rule);
        if misere {
            text.replace("G(", "G⁻(")
        } else {
            text
        }
    };
    match &report.values {
        Some(values) => findings(&mut out, heading, values, report, sentence),
        None => {
            let _ = writeln!(
                out,
                "Grundy value: none (the game's positions have no Grundy values here)"
            );
        }
    }
    out
}
