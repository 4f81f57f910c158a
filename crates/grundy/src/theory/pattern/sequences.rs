//! The search for sequences: which [`Sequence`]s give the values of a row.

use super::{BinaryForm, MIN_PREDICTED, Rules, Sequence, set_rules, supported};
use crate::theory::period::least_period;

/// The first `n` where `rule` and `values` differ.
fn first_difference(rule: &Sequence, values: &[u64]) -> Option<u64> {
    (0..values.len() as u64).find(|&n| rule.value(n) != Some(values[n as usize]))
}

/// At most this many values replaced in a closed form.
const EXCEPTIONS: usize = 2;

/// `rule` where it holds but for at most [`EXCEPTIONS`] values among the first eighth of the
/// row: itself, or with those values replaced; `None` otherwise.
fn with_exceptions(rule: Sequence, values: &[u64]) -> Result<Sequence, (Sequence, Option<u64>)> {
    let small = values.len() as u64 / 8;
    let mut replaced = Vec::new();
    for n in 0..values.len() as u64 {
        if rule.value(n) != Some(values[n as usize]) {
            if replaced.len() == EXCEPTIONS || n >= small {
                let first = replaced.first().map_or(n, |&(at, _)| at);
                return Err((rule, Some(first)));
            }
            replaced.push((n, values[n as usize]));
        }
    }
    Ok(if replaced.is_empty() {
        rule
    } else {
        Sequence::Except {
            rule: Box::new(rule),
            values: replaced,
        }
    })
}

/// Every rule of [`Sequence`] that gives `values` (`values[n] = G(n)`) and is
/// [supported](super::supported), simplest first, rules that agree on four times the table's
/// range listed once; and the simpler near misses.
///
/// # Complexity
/// `O(L)` for a row of `L` values (a constant number of closed forms and one periodic search),
/// and [`set_rules`] once for a row of zeros and ones.
///
/// # Example
/// ```
/// use grundy::theory::pattern::{Sequence, sequence_rules};
/// // Bash's game with k = 3: G(n) = n mod 4.
/// let values: Vec<u64> = (0..100).map(|n| n % 4).collect();
/// let rules = sequence_rules(&values);
/// assert_eq!(rules.found[0].rule, Sequence::Remainder { modulus: 4, shift: 0, add: 0 });
/// ```
pub fn sequence_rules(values: &[u64]) -> Rules<Sequence> {
    let entries = values.len() as u64;
    let mut rules = Rules::default();
    let consider = |rules: &mut Rules<Sequence>, rule: Sequence| {
        let first = first_difference(&rule, values);
        let fitted = rule.fitted();
        rules.consider(rule, fitted, first, entries, |n| vec![n]);
    };
    if let Some(periodicity) = periodic(values) {
        let (preperiod, period, saltus) = (
            periodicity.preperiod(),
            periodicity.period(),
            periodicity.saltus(),
        );
        if preperiod == 0 && saltus > 0 {
            // ⌊(s·n + b)/p⌋ with ⌊b/p⌋ = G(0).
            for offset in values[0] * period..(values[0] + 1) * period {
                let rule = Sequence::Linear {
                    slope: saltus,
                    offset,
                    divisor: period,
                };
                if first_difference(&rule, values).is_none() {
                    consider(&mut rules, reduced(rule));
                    break;
                }
            }
        }
        if preperiod == 0 && saltus == 0 && period == 1 {
            consider(
                &mut rules,
                Sequence::Linear {
                    slope: 0,
                    offset: values[0],
                    divisor: 1,
                },
            );
        }
        if preperiod == 0 && saltus == 0 && period >= 2 {
            let add = (0..period as usize).map(|n| values[n]).min().unwrap_or(0);
            let shift = (values[0] - add) % period;
            consider(
                &mut rules,
                Sequence::Remainder {
                    modulus: period,
                    shift,
                    add,
                },
            );
        }
        consider(&mut rules, Sequence::Periodic(periodicity));
    }
    for form in [
        BinaryForm::PopCount,
        BinaryForm::Valuation,
        BinaryForm::Ruler,
        BinaryForm::Odious,
        BinaryForm::Evil,
    ] {
        for shift in [-1, 0, 1] {
            match with_exceptions(Sequence::Binary { form, shift }, values) {
                Ok(rule) => consider(&mut rules, rule),
                Err((rule, first)) => {
                    let fitted = rule.fitted();
                    rules.consider(rule, fitted, first, entries, |n| vec![n]);
                }
            }
        }
    }
    if values.iter().all(|&value| value <= 1) {
        let zeros: Vec<bool> = values.iter().map(|&value| value == 0).collect();
        for fit in set_rules(&zeros).found {
            consider(&mut rules, Sequence::Indicator(fit.rule));
        }
    }
    let range = 4 * entries.max(64);
    rules.simplest_first(Sequence::cost, |a, b| {
        (0..range).all(|n| a.value(n) == b.value(n))
    })
}

/// `⌊(s·n + b)/p⌋` with `s`, `b` and `p` divided by their common factor.
fn reduced(rule: Sequence) -> Sequence {
    let Sequence::Linear {
        slope,
        offset,
        divisor,
    } = rule
    else {
        return rule;
    };
    let common = num_integer::gcd(num_integer::gcd(slope, offset), divisor).max(1);
    Sequence::Linear {
        slope: slope / common,
        offset: offset / common,
        divisor: divisor / common,
    }
}

/// The least (arithmetic) period that holds over the top of the row, when supported.
fn periodic(values: &[u64]) -> Option<crate::theory::period::Periodicity> {
    let narrow: Vec<u32> = values
        .iter()
        .map(|&value| u32::try_from(value).ok())
        .collect::<Option<_>>()?;
    let periodicity = least_period(&narrow, |p| (2 * p).max(MIN_PREDICTED as usize))?;
    supported(
        periodicity.preperiod() + periodicity.period(),
        values.len() as u64,
    )
    .then_some(periodicity)
}
