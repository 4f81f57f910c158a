//! What a campaign keeps of one game: its [`Record`], made from grundy's period report.

use grundy::PeriodReport;
use grundy::theory::period::{Periodicity, Search};
use serde_json::Value;

use crate::State;

/// The most leading values a game's sequence may be shifted by for [`Record::fingerprints`]:
/// a code that cannot take a small heap whole often plays as another code on heaps smaller by
/// one, two or three (Dawson's Kayles `0.07` is `0.4` on heaps smaller by one).
pub const MAX_SHIFT: usize = 4;

/// The values each game's fingerprints cover at most: enough to tell sequences apart, and a
/// bounded cost (a few passes over 2^20 values) whatever the campaign's budget.
pub const FINGERPRINT_MOST: u64 = 1 << 20;

/// Bit length of the largest value [`SparseSplit`] is computed for: its Walsh–Hadamard transform
/// takes `2^bits · bits` steps and as many words.
const SPLIT_MOST_BITS: u32 = 16;

/// One finished game of a campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Certified, observed, open or refused.
    pub state: State,
    /// The period's preperiod, period and saltus (certified or observed).
    pub periodicity: Option<(u64, u64, u64)>,
    /// The theorem of the certificate (`guy-smith`, `window`, …), when certified.
    pub theorem: Option<String>,
    /// The values the answer rests on: a certificate's or an observation's checked values, or
    /// those searched without finding a period.
    pub checked_to: Option<u64>,
    /// The values computed.
    pub computed_to: u64,
    /// The document `grundy period --json` prints for the game: the period, its values and the
    /// certificate (re-checkable by [`crate::verify`]).
    pub report: Option<Value>,
    /// The largest value among the values computed, and the first heap that has it.
    pub largest: Option<(u64, u64)>,
    /// The sparse split with the fewest rare heaps among the values computed.
    pub split: Option<SparseSplit>,
    /// Fingerprints of the sequence shifted by `0..=MAX_SHIFT` heaps, each over the same
    /// number of values, for [`crate::equivalence`].
    pub fingerprints: Option<Fingerprints>,
    /// Seconds the game took, over every run (a resumed game counts its checkpoint's too).
    pub seconds: f64,
    /// Bytes of the values the computation held.
    pub memory_bytes: u64,
    /// The version of grundy that computed it.
    pub grundy_version: String,
    /// Why a game is open or refused, in English.
    pub message: Option<String>,
    /// How many of the first values came from the game's checkpoint (0 when computed from the
    /// start).
    pub resumed_from: u64,
}

/// A split of the values into rare and common (theory.md §5): a value `v` is rare when
/// `popcount(v & mask)` is even. Common values xor to rare ones, so a game whose rare heaps stop
/// becomes periodic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SparseSplit {
    /// The mask (not 0).
    pub mask: u64,
    /// Heaps with a rare value.
    pub rare_heaps: u64,
    /// The last heap with a rare value.
    pub last_rare: Option<u64>,
}

/// FNV-1a hashes of a sequence, shifted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprints {
    /// How many values each hash covers.
    pub values: u64,
    /// How many of the first values are 0, up to `MAX_SHIFT + 1`: heaps without a move (the
    /// first heap with a move has value 1), which a shifted sequence may drop.
    pub leading_zeros: u64,
    /// `hashes[k]` covers `G(k), …, G(k + values − 1)`.
    pub hashes: Vec<u64>,
}

impl Record {
    /// The record of a period search: `report`, the values it computed, within a budget of
    /// `fingerprint_values + MAX_SHIFT` values (fingerprints cover at most
    /// [`FINGERPRINT_MOST`] of them).
    ///
    /// # Complexity
    /// `O(V + 2^b · b)` for the `V` values fingerprinted or held and a largest value of `b` bits
    /// (at most 16).
    pub fn of_report(report: &PeriodReport, fingerprint_values: u64, seconds: f64) -> Self {
        let (state, found, theorem, checked_to) = match &report.search {
            Search::Certified(certificate) => (
                State::Certified,
                Some(certificate.periodicity()),
                Some(grundy::render::theorem_id(&certificate.theorem()).to_owned()),
                certificate.checked_to(),
            ),
            Search::Observed(observation) => (
                State::Observed,
                Some(observation.periodicity()),
                None,
                observation.checked_to(),
            ),
            Search::NotFound { checked_to } => (State::Open, None, None, *checked_to),
        };
        // The game's values, not a no-repeat game's ids of state vectors.
        let shown = found.map(|p| grundy::render::shown_values(report, p));
        let periodicity = shown.as_deref();
        // The values computed, where the search kept them as values (a certified search may hand
        // back only its certificate's values).
        let held = report
            .values
            .as_ref()
            .filter(|values| !values.is_empty() && report.state_vectors.is_none());
        let computed_to = held.map_or(checked_to, |values| checked_to.max(values.len() as u64));
        let from_period = |n: u64| periodicity.and_then(|p| term(p, n));
        let from_held = |n: u64| {
            let values = held?;
            let i = usize::try_from(n).ok().filter(|&i| i < values.len())?;
            Some(u64::from(values.get(i)))
        };
        // The values looked at: those the period gives up to the checked ones once certified (or
        // when none are held), else those computed.
        let (looked_at, value): (u64, &dyn Fn(u64) -> Option<u64>) =
            match (state, held, periodicity) {
                (State::Certified, _, Some(_)) | (_, None, Some(_)) => (checked_to, &from_period),
                (_, Some(values), _) => (values.len() as u64, &from_held),
                (_, None, None) => (0, &from_held),
            };
        let mut largest: Option<(u64, u64)> = None;
        for n in 0..looked_at {
            if let Some(v) = value(n)
                && largest.is_none_or(|(most, _)| v > most)
            {
                largest = Some((v, n));
            }
        }
        let split = largest.and_then(|(most, _)| sparse_split(looked_at, most, value));
        let fingerprint_values = fingerprint_values.clamp(1, FINGERPRINT_MOST);
        let fingerprints = match state {
            State::Certified => fingerprints_of(fingerprint_values, from_period),
            _ => fingerprints_of(fingerprint_values, from_held),
        };
        let message = match (&report.search, &report.uncertifiable) {
            (Search::Certified(_), _) => None,
            (_, Some(why)) => Some(format!("no theorem applies: {why}")),
            (Search::Observed(_), None) => Some(format!(
                "a period seen on {checked_to} values, too few for its theorem"
            )),
            (Search::NotFound { .. }, None) => {
                Some(format!("no period in the first {checked_to} values"))
            }
        };
        Self {
            state,
            periodicity: periodicity.map(|p| (p.preperiod(), p.period(), p.saltus())),
            theorem,
            checked_to: Some(checked_to),
            computed_to,
            report: serde_json::to_value(grundy::render::json::period(report)).ok(),
            largest,
            split,
            fingerprints,
            seconds,
            memory_bytes: report.values.as_ref().map_or(0, |values| {
                (values.len() as u64).saturating_mul(values.bytes_per_value() as u64)
            }),
            grundy_version: crate::GRUNDY_VERSION.to_owned(),
            message,
            resumed_from: report.resumed_from,
        }
    }

    /// The record of a game without an answer within its budget (`Open`, after computing
    /// `computed_to` values before a time limit) or without any (`Refused`).
    pub fn unanswered(state: State, computed_to: u64, message: String, seconds: f64) -> Self {
        Self {
            state,
            periodicity: None,
            theorem: None,
            checked_to: None,
            computed_to,
            report: None,
            largest: None,
            split: None,
            fingerprints: None,
            seconds,
            memory_bytes: 0,
            grundy_version: crate::GRUNDY_VERSION.to_owned(),
            message: Some(message),
            resumed_from: 0,
        }
    }

    /// The last heap whose value breaks the period (`n0 − 1`), when there is one.
    pub fn last_exception(&self) -> Option<u64> {
        self.periodicity
            .and_then(|(preperiod, _, _)| preperiod.checked_sub(1))
    }
}

/// `a(n)` of a periodicity (its saltus added once per period), `None` past `u64`.
fn term(periodicity: &Periodicity, n: u64) -> Option<u64> {
    let (index, periods) = periodicity.locate_u64(n);
    let base = u64::from(periodicity.values().get(index));
    base.checked_add(periods.checked_mul(periodicity.saltus())?)
}

/// The FNV-1a hash of `a(k), …, a(k + count − 1)` (8 bytes each, little-endian) for each shift
/// `k <= MAX_SHIFT`, when every term is known; the terms are read as the hashes go, never held.
pub(crate) fn fingerprints_of(
    count: u64,
    term: impl Fn(u64) -> Option<u64>,
) -> Option<Fingerprints> {
    if count == 0 {
        return None;
    }
    let mut hashes = Vec::with_capacity(MAX_SHIFT + 1);
    for shift in 0..=MAX_SHIFT as u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for n in shift..shift.checked_add(count)? {
            for byte in term(n)?.to_le_bytes() {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        hashes.push(hash);
    }
    let leading_zeros = (0..=MAX_SHIFT as u64)
        .take_while(|&n| term(n) == Some(0))
        .count() as u64;
    Some(Fingerprints {
        values: count,
        leading_zeros,
        hashes,
    })
}

/// The split of `a(0), …, a(count − 1)` (whose largest value is `largest`) with the fewest
/// rare heaps (the least mask among equals), by the Walsh–Hadamard transform of their histogram:
/// with `h(m) = Σ_v count(v) · (−1)^popcount(v & m)`, the heaps rare under `m` number
/// `(count + h(m)) / 2`. `None` for no values or a largest value past 16 bits.
fn sparse_split(
    count: u64,
    largest: u64,
    term: impl Fn(u64) -> Option<u64>,
) -> Option<SparseSplit> {
    let bits = (u64::BITS - largest.leading_zeros()).max(1);
    if bits > SPLIT_MOST_BITS || count == 0 {
        return None;
    }
    let mut transform = vec![0i64; 1 << bits];
    for n in 0..count {
        let value = usize::try_from(term(n)?)
            .ok()
            .filter(|&v| v < transform.len())?;
        transform[value] += 1;
    }
    let mut half = 1;
    while half < transform.len() {
        for block in transform.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    let total = i64::try_from(count).ok()?;
    let (mask, rare) = (1..transform.len())
        .map(|mask| (mask as u64, i64::midpoint(total, transform[mask]) as u64))
        .min_by_key(|&(mask, rare)| (rare, mask))?;
    let is_rare = |value: u64| (value & mask).count_ones().is_multiple_of(2);
    let last_rare = (0..count).rev().find(|&n| term(n).is_some_and(is_rare));
    Some(SparseSplit {
        mask,
        rare_heaps: rare,
        last_rare,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_split_counts_its_rare_heaps() {
        // Kayles' first values: the mask 1 leaves 0 and the even values rare.
        let values: Vec<u64> = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7].into();
        let term = |n: u64| values.get(n as usize).copied();
        let split = sparse_split(values.len() as u64, 7, term).unwrap();
        for mask in 1..8u64 {
            let rare = values
                .iter()
                .filter(|&&v| (v & mask).count_ones().is_multiple_of(2))
                .count() as u64;
            assert!(rare >= split.rare_heaps, "mask {mask}");
            if mask == split.mask {
                assert_eq!(rare, split.rare_heaps);
            }
        }
        assert_eq!(sparse_split(0, 0, term), None);
        assert_eq!(sparse_split(1, 1 << 20, |_| Some(1 << 20)), None);
    }

    #[test]
    fn fingerprints_see_shifts() {
        let a = |n: u64| Some(n % 5);
        let b = |n: u64| Some((n + 2) % 5);
        let (a, b) = (
            fingerprints_of(100, a).unwrap(),
            fingerprints_of(100, b).unwrap(),
        );
        assert_eq!(a.hashes[2], b.hashes[0]);
        assert_ne!(a.hashes[0], b.hashes[0]);
        assert_eq!(fingerprints_of(100, |n| (n < 50).then_some(n)), None);
    }
}
