//! The search for sets of numbers: which [`NumberSet`]s hold the members of a row of booleans.

use super::{MIN_PREDICTED, NumberSet, Parity, Rules, supported};
use crate::theory::period::least_period;

/// The largest base tried for powers.
const POWER_BASES: u64 = 10;
/// The largest `d` tried for Beatty sequences.
const BEATTY_DIFFERENCES: u64 = 8;
/// The largest period of the residue classes joined with another set.
const UNION_PERIODS: u64 = 12;
/// At most this many numbers added to or removed from a closed form.
const EXCEPTIONS: usize = 2;
/// At most this many members of a finite set.
const FINITE_MEMBERS: usize = 3;
/// A finite set of several members is found only on a table this many times longer than its
/// largest member.
const FINITE_MARGIN: u64 = 5;

/// The parametric sets tried on every row, simplest first.
fn closed_forms() -> Vec<NumberSet> {
    let mut forms = vec![
        NumberSet::Odious,
        NumberSet::Evil,
        NumberSet::Squares,
        NumberSet::Triangular,
        NumberSet::Fibonacci,
        NumberSet::Valuation(Parity::Even),
        NumberSet::Valuation(Parity::Odd),
    ];
    for base in 2..=POWER_BASES {
        for exponents in [Parity::Any, Parity::Even, Parity::Odd] {
            forms.push(NumberSet::Powers { base, exponents });
        }
    }
    for difference in 1..=BEATTY_DIFFERENCES {
        for upper in [false, true] {
            forms.push(NumberSet::Beatty { difference, upper });
        }
    }
    forms
}

/// The first `limit + 1` indices where `indicator` and `members` differ.
fn differences(indicator: &[bool], members: &[bool], limit: usize) -> Vec<u64> {
    let mut out = Vec::new();
    for (n, (&inside, &member)) in indicator.iter().zip(members).enumerate() {
        if inside != member {
            out.push(n as u64);
            if out.len() > limit {
                break;
            }
        }
    }
    out
}

/// Every rule of [`NumberSet`] that holds the members of `members` (`members[n]` says whether
/// `n` is one) and is [supported](super::supported), simplest first, rules that agree on four
/// times the table's range listed once; and the simpler near misses.
///
/// # Complexity
/// `O(L · F)` for a row of `L` entries and the `F ≈ 60` closed forms (each a few operations per
/// entry, a bisection for Beatty sequences), `O(L)` for the periodic search.
///
/// # Example
/// ```
/// use grundy::theory::pattern::{NumberSet, set_rules};
/// // The P-positions of the subtraction game {1, 3, 4}: n ≡ 0, 2 (mod 7).
/// let members: Vec<bool> = (0..200).map(|n| n % 7 == 0 || n % 7 == 2).collect();
/// let rules = set_rules(&members);
/// assert_eq!(rules.found[0].rule, NumberSet::Periodic { preperiod: 0, period: 7, members: vec![0, 2] });
/// // Random-looking members match nothing.
/// let noise: Vec<bool> = (0u64..200).map(|n| (n * 2_654_435_761 >> 7) % 3 == 0).collect();
/// assert!(set_rules(&noise).found.is_empty());
/// ```
pub fn set_rules(members: &[bool]) -> Rules<NumberSet> {
    let entries = members.len() as u64;
    let mut rules = Rules::default();
    let listed: Vec<u64> = (0..entries).filter(|&n| members[n as usize]).collect();
    // A few members are a rule only with much more table beyond the last: sparse positions of a
    // game without a rule would fit otherwise.
    let last = listed.last().map_or(0, |&m| m + 1);
    if listed.len() <= 1
        || (listed.len() <= FINITE_MEMBERS && last.saturating_mul(FINITE_MARGIN) <= entries)
    {
        let set = NumberSet::Finite(listed);
        let fitted = set.fitted();
        rules.consider(set, fitted, None, entries, |n| vec![n]);
    }
    let forms: Vec<(NumberSet, Vec<bool>)> = closed_forms()
        .into_iter()
        .map(|form| {
            let indicator = form.indicator(members.len());
            (form, indicator)
        })
        .collect();
    for (form, indicator) in &forms {
        closed_form(&mut rules, form, indicator, members);
    }
    if let Some(set) = periodic(members) {
        let fitted = set.fitted();
        rules.consider(set, fitted, None, entries, |n| vec![n]);
    }
    if let Some(set) = bands(members) {
        let fitted = set.fitted();
        let first = differences(&set.indicator(members.len()), members, 0)
            .first()
            .copied();
        rules.consider(set, fitted, first, entries, |n| vec![n]);
    }
    unions(&mut rules, &forms, members);
    let range = 4 * members.len().max(64);
    rules.simplest_first(NumberSet::cost, |a, b| {
        a.indicator(range) == b.indicator(range)
    })
}

/// How many members and non-members of a closed form a row must show (beyond its exceptions)
/// for the form to be found there.
const SEEN: usize = 3;

/// A closed form: found if it agrees everywhere, or with a few exceptions among the first eighth
/// of the entries; a near miss if it agreed long.
fn closed_form(
    rules: &mut Rules<NumberSet>,
    form: &NumberSet,
    indicator: &[bool],
    members: &[bool],
) {
    let entries = members.len() as u64;
    let form = form.clone();
    let inside = indicator.iter().filter(|&&inside| inside).count();
    if inside < SEEN + EXCEPTIONS || (entries as usize) < inside + SEEN {
        return;
    }
    let found = differences(indicator, members, EXCEPTIONS);
    if found.is_empty() {
        rules.consider(form, 0, None, entries, |n| vec![n]);
        return;
    }
    let small = entries / 8;
    if found.len() <= EXCEPTIONS && found.iter().all(|&n| n < small) {
        let (added, removed) = found.iter().partition(|&&n| members[n as usize]);
        let set = NumberSet::Except {
            set: Box::new(form),
            added,
            removed,
        };
        let fitted = set.fitted();
        rules.consider(set, fitted, None, entries, |n| vec![n]);
        return;
    }
    rules.consider(form, 0, found.first().copied(), entries, |n| vec![n]);
}

/// The ultimately periodic set with the least period (and least preperiod for it) that holds
/// over the top of the row, when supported.
fn periodic(members: &[bool]) -> Option<NumberSet> {
    let values: Vec<u32> = members.iter().map(|&member| u32::from(member)).collect();
    let periodicity = least_period(&values, |p| (2 * p).max(MIN_PREDICTED as usize))?;
    let (preperiod, period) = (periodicity.preperiod(), periodicity.period());
    if periodicity.saltus() != 0 || !supported(preperiod + period, members.len() as u64) {
        return None;
    }
    let listed = (0..preperiod + period)
        .filter(|&n| members[n as usize])
        .collect();
    Some(NumberSet::Periodic {
        preperiod,
        period,
        members: listed,
    })
}

/// Geometric bands read from the runs of members: the first complete run (after at most one
/// run of a few small exceptions) is the band `k = 0`, the next gives the base, and the rule
/// then predicts the rest of the row.
fn bands(members: &[bool]) -> Option<NumberSet> {
    let mut runs = Vec::new();
    let mut start = None;
    for (n, &member) in members.iter().enumerate() {
        match (member, start) {
            (true, None) => start = Some(n as u64),
            (false, Some(s)) => {
                runs.push((s, n as u64 - 1));
                start = None;
            }
            _ => {}
        }
    }
    for first in 0..runs.len().min(2) {
        let [(s0, e0), (s1, e1)] = runs.get(first..first + 2)?.try_into().ok()?;
        let (low, high) = (s0.saturating_sub(1), e0);
        if low == 0 || e1 % high != 0 {
            continue;
        }
        let base = e1 / high;
        if base < 2 || s1 - 1 != low * base || high >= low * base {
            continue;
        }
        let set = NumberSet::Bands { base, low, high };
        let exceptions: Vec<u64> = runs[..first].iter().flat_map(|&(s, e)| s..=e).collect();
        if exceptions.len() > EXCEPTIONS {
            continue;
        }
        return Some(if exceptions.is_empty() {
            set
        } else {
            NumberSet::Except {
                set: Box::new(set),
                added: exceptions,
                removed: Vec::new(),
            }
        });
    }
    None
}

/// Unions of whole residue classes with a closed form: for each period up to
/// [`UNION_PERIODS`], the classes that lie wholly inside the set (over at least three periods),
/// joined with each closed form that supplies the rest.
fn unions(rules: &mut Rules<NumberSet>, forms: &[(NumberSet, Vec<bool>)], members: &[bool]) {
    let entries = members.len() as u64;
    if entries < 3 * UNION_PERIODS {
        return;
    }
    for period in 2..=UNION_PERIODS {
        let residues: Vec<u64> = (0..period)
            .filter(|&r| {
                (r..entries)
                    .step_by(period as usize)
                    .all(|n| members[n as usize])
            })
            .collect();
        if residues.is_empty() || residues.len() as u64 == period {
            continue;
        }
        // A class the classes of a divisor of the period already give is found there.
        let classes = NumberSet::Periodic {
            preperiod: 0,
            period,
            members: residues,
        };
        let reduced = (1..period)
            .filter(|d| period % d == 0)
            .any(|d| (0..period).all(|n| classes.contains(n) == classes.contains(n % d)));
        if reduced {
            continue;
        }
        let in_classes = classes.indicator(members.len());
        let small = members.len() / 8;
        for (form, indicator) in forms {
            // At most a few exceptions, all small.
            let mut wrong = Vec::new();
            for n in 0..members.len() {
                if (in_classes[n] || indicator[n]) != members[n] {
                    wrong.push(n as u64);
                    if wrong.len() > EXCEPTIONS || n >= small {
                        break;
                    }
                }
            }
            if wrong.len() > EXCEPTIONS || wrong.last().is_some_and(|&n| n as usize >= small) {
                continue;
            }
            // Both parts must show: the closed form adds at least three members.
            let shown = (0..members.len())
                .filter(|&n| !in_classes[n] && indicator[n])
                .count();
            // And the union must leave out enough numbers to say something.
            let outside = members.iter().filter(|&&member| !member).count();
            if shown < SEEN || outside < SEEN {
                continue;
            }
            let union = NumberSet::Union(Box::new(classes.clone()), Box::new(form.clone()));
            let set = if wrong.is_empty() {
                union
            } else {
                let (added, removed) = wrong.iter().partition(|&&n| members[n as usize]);
                NumberSet::Except {
                    set: Box::new(union),
                    added,
                    removed,
                }
            };
            let fitted = set.fitted();
            rules.consider(set, fitted, None, entries, |n| vec![n]);
        }
    }
}
