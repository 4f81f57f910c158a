//! Games of a campaign that share a sequence, perhaps shifted: `G_B(n) = G_A(n + shift)`. Many
//! codes play alike (a code that cannot take a heap of one token whole often plays as another on
//! heaps one smaller), and a table lists each sequence once with the codes that share it.
//!
//! Two games are found alike when their [fingerprints](crate::Record::fingerprints) agree;
//! the likeness is *certified* when both periods are certified and the two sequences, read from
//! their periods, agree on a preperiod and a common period — then they agree forever —, and
//! *observed* otherwise (the first values agree, nothing more is claimed).

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::MAX_SHIFT;
use crate::{Row, State};

/// The longest common period two certified periods are compared over.
const MOST_COMPARED: u64 = 1 << 24;

/// A game whose sequence is another's, shifted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equivalence {
    /// The game.
    pub game: String,
    /// The earlier game of the campaign it plays as.
    pub same_as: String,
    /// `G_game(n) = G_same_as(n + shift)` for every `n >= max(0, −shift)`, and the values this
    /// drops from either sequence (`G_same_as(0..shift)` or `G_game(0..−shift)`) are zeros:
    /// heaps without a move.
    pub shift: i64,
    /// How sure it is.
    pub proof: Proof,
}

/// Why two sequences are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Both periods are certified and the sequences agree on a preperiod and a common period.
    Certified,
    /// Their first `values` values (after the shift) agree; nothing is proved.
    Observed {
        /// How many values were compared (by fingerprint).
        values: u64,
    },
}

/// Every game of `rows` whose sequence is an earlier game's, shifted by at most [`MAX_SHIFT`]
/// heaps either way (or, through a chain of such likenesses, by the sum of their shifts), with
/// the first game of the campaign that plays so.
///
/// # Complexity
/// `O(G · MAX_SHIFT)` lookups for `G` games, each through the earlier games of that
/// fingerprint, and for each certified pair the terms of a
/// preperiod and a common period (skipped, and left observed, past 2^24).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy_campaign::{Budget, RunPlan, SqliteStore, Store};
/// use grundy_campaign::equivalence::{Proof, find};
/// let directory = tempfile::tempdir()?;
/// let path = directory.path().join("c.sqlite");
/// let games = ["0.4", "0.07", "0.137"].map(grundy::parse_game).into_iter().collect::<Result<Vec<_>, _>>()?;
/// SqliteStore::create(&path, "Dawson", &games, &Budget::values(4096))?;
/// grundy_campaign::run(|| SqliteStore::open(&path), &RunPlan::default(), &grundy::NoObserver, &|_| {})?;
/// let found = find(&SqliteStore::open(&path)?.rows()?);
/// // Dawson's Kayles is 0.4 on heaps one larger, Dawson's chess on heaps two larger.
/// let shifts: Vec<(&str, &str, i64, Proof)> =
///     found.iter().map(|e| (e.game.as_str(), e.same_as.as_str(), e.shift, e.proof)).collect();
/// assert_eq!(shifts, [("0.07", "0.4", 1, Proof::Certified), ("0.137", "0.4", 2, Proof::Certified)]);
/// # Ok(()) }
/// ```
pub fn find(rows: &[Row]) -> Vec<Equivalence> {
    // Each fingerprint seen, with the game and shift it came from.
    let mut seen: HashMap<(u64, u64), Vec<(usize, usize)>> = HashMap::new();
    // For each game found alike, the first game of its sequence and the shift to it.
    // (the first game, the shift to it, and how many values the likeness was compared on).
    let mut roots: HashMap<usize, (usize, i64, u64)> = HashMap::new();
    let mut found = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let Some(fingerprints) = row.record.as_ref().and_then(|r| r.fingerprints.as_ref()) else {
            continue;
        };
        let key = |shift: usize| (fingerprints.values, fingerprints.hashes[shift]);
        // G_row(n + shift) = G_earlier(n + earlier_shift): the same sequence when the values
        // either drops are zeros (heaps without a move).
        let zeros = |row: &Row| {
            row.record
                .as_ref()
                .and_then(|r| r.fingerprints.as_ref())
                .map_or(0, |f| f.leading_zeros)
        };
        // One of the two sequences is read from its start (a shift of 0), so the fingerprints
        // cover every value the likeness states beyond the dropped zeros.
        let candidates = (0..fingerprints.hashes.len().min(MAX_SHIFT + 1)).flat_map(|shift| {
            seen.get(&key(shift))
                .into_iter()
                .flatten()
                .filter(move |&&(_, earlier_shift)| shift == 0 || earlier_shift == 0)
                .map(move |&(earlier, earlier_shift)| (shift, earlier, earlier_shift))
        });
        // Likenesses a pair of certified periods refuted, each tried once.
        let mut refuted = HashSet::new();
        let matched = candidates
            .into_iter()
            .find_map(|(shift, earlier, earlier_shift)| {
                let offset = i64::try_from(earlier_shift).ok()? - i64::try_from(shift).ok()?;
                let dropped_are_zeros = if offset >= 0 {
                    zeros(&rows[earlier]) >= offset.unsigned_abs()
                } else {
                    fingerprints.leading_zeros >= offset.unsigned_abs()
                };
                if !dropped_are_zeros {
                    return None;
                }
                // And G_earlier(m) = G_root(m + to_root), with zeros dropped the same way.
                let (root, to_root, covered) =
                    roots
                        .get(&earlier)
                        .copied()
                        .unwrap_or((earlier, 0, fingerprints.values));
                // Through a chain, the values compared on both links: at least the shorter
                // link's, less both shifts (exact for one link, where `to_root` is 0).
                let values = if root == earlier {
                    fingerprints.values
                } else {
                    fingerprints
                        .values
                        .min(covered)
                        .saturating_sub(offset.unsigned_abs() + to_root.unsigned_abs())
                };
                let offset = offset + to_root;
                if refuted.contains(&(root, offset)) {
                    return None;
                }
                // Two certified periods that disagree (fingerprints that collide): the next one.
                let Some(proof) = proof(&rows[root], row, offset, values) else {
                    refuted.insert((root, offset));
                    return None;
                };
                Some((root, offset, proof, values))
            });
        if let Some((root, offset, proof, values)) = matched {
            roots.insert(index, (root, offset, values));
            found.push(Equivalence {
                game: row.spec.clone(),
                same_as: rows[root].spec.clone(),
                shift: offset,
                proof,
            });
        }
        for shift in 0..fingerprints.hashes.len() {
            seen.entry(key(shift)).or_default().push((index, shift));
        }
    }
    found
}

/// How `later(n) = earlier(n + shift)` — the values either drops being zeros — is known, or
/// `None` if two certified periods say it does not hold (fingerprints that collide).
fn proof(earlier: &Row, later: &Row, shift: i64, values: u64) -> Option<Proof> {
    let (Some(a), Some(b)) = (Periodic::of(earlier), Periodic::of(later)) else {
        return Some(Proof::Observed { values });
    };
    // Compare b(n) with a(n + shift) from n = max(0, −shift) up to where both are periodic,
    // then over a common period: agreeing there, they agree forever.
    let start = u64::try_from(-shift).unwrap_or(0);
    let a_from = u64::try_from(i128::from(a.preperiod) - i128::from(shift)).unwrap_or(0);
    let tail = start.max(b.preperiod).max(a_from);
    let common = lcm(a.period, b.period)?;
    if common > MOST_COMPARED {
        return Some(Proof::Observed { values });
    }
    // Over a common period both advance by their saltus times the periods it holds.
    if a.saltus.checked_mul(common / a.period)? != b.saltus.checked_mul(common / b.period)? {
        return None;
    }
    let end = tail.checked_add(common)?;
    // The values either sequence drops are zeros.
    let dropped = if shift >= 0 {
        (0..shift.unsigned_abs()).all(|m| a.term(m) == Some(0))
    } else {
        (0..start).all(|n| b.term(n) == Some(0))
    };
    let equal = dropped
        && (start..end).all(|n| {
            let shifted = n.checked_add_signed(shift);
            shifted.and_then(|m| a.term(m)) == b.term(n)
        });
    equal.then_some(Proof::Certified)
}

/// A certified period read back from a row's report.
struct Periodic {
    preperiod: u64,
    period: u64,
    saltus: u64,
    values: Vec<u64>,
}

impl Periodic {
    fn of(row: &Row) -> Option<Self> {
        let record = row
            .record
            .as_ref()
            .filter(|r| r.state == State::Certified)?;
        let (preperiod, period, saltus) = record.periodicity?;
        let values: Vec<u64> = record
            .report
            .as_ref()?
            .get("values")?
            .as_array()?
            .iter()
            .map(Value::as_u64)
            .collect::<Option<_>>()?;
        (period > 0 && values.len() as u64 == preperiod.checked_add(period)?).then_some(Self {
            preperiod,
            period,
            saltus,
            values,
        })
    }

    fn term(&self, n: u64) -> Option<u64> {
        if n < self.preperiod + self.period {
            return Some(self.values[n as usize]);
        }
        let offset = n - self.preperiod;
        let base = self.values[(self.preperiod + offset % self.period) as usize];
        base.checked_add((offset / self.period).checked_mul(self.saltus)?)
    }
}

fn lcm(a: u64, b: u64) -> Option<u64> {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x).checked_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Record;
    use crate::record::fingerprints_of;

    /// An observed game (no certificate) whose values are `values` then zeros.
    fn observed(spec: &str, values: &[u64]) -> Row {
        let mut record = Record::unanswered(State::Observed, 64, String::new(), 0.0);
        record.fingerprints =
            fingerprints_of(60, |n| Some(values.get(n as usize).copied().unwrap_or(0)));
        Row {
            id: 0,
            spec: spec.to_owned(),
            state: State::Observed,
            worker: None,
            attempts: 1,
            record: Some(record),
            checkpoint: None,
        }
    }

    #[test]
    fn observed_likenesses_cover_every_value_they_state() {
        // 0, 1, 1, 0, … and 0, 0, 1, 0, …: alike from heap 2 on, but not shifted copies.
        let rows = [observed("a", &[0, 1, 1]), observed("b", &[0, 0, 1])];
        assert_eq!(find(&rows), []);
        // 0, 0, 1, 2, 0, … is 0, 1, 2, 0, … on heaps one larger (a zero dropped).
        let rows = [observed("a", &[0, 1, 2]), observed("b", &[0, 0, 1, 2])];
        assert_eq!(
            find(&rows),
            [Equivalence {
                game: "b".to_owned(),
                same_as: "a".to_owned(),
                shift: -1,
                proof: Proof::Observed { values: 60 },
            }]
        );
        // Through a chain (c is b on heaps 4 larger, b is a on heaps 1 larger), the values
        // stated are those both links were compared on.
        let rows = [
            observed("a", &[0, 0, 0, 0, 0, 0, 7, 8]),
            observed("b", &[0, 0, 0, 0, 0, 7, 8]),
            observed("c", &[0, 7, 8]),
        ];
        let found = find(&rows);
        assert_eq!(
            found
                .last()
                .map(|e| (e.game.as_str(), e.same_as.as_str(), e.shift, e.proof)),
            Some(("c", "a", 5, Proof::Observed { values: 55 }))
        );
        // 5, 1, 2, … is not: the value dropped is not a zero.
        let rows = [observed("a", &[1, 2]), observed("b", &[5, 1, 2])];
        assert_eq!(find(&rows), []);
    }
}
