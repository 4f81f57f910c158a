//! A [`Record`] as the databases store it: one column per field, each a whole number, a real or
//! text. Both stores write and read records through this one mapping.

use super::State;
use crate::MAX_SHIFT;
use crate::record::{Fingerprints, SparseSplit};
use crate::{CampaignError, Record};

/// The version of the tables this grundy writes and reads (both stores).
pub(crate) const SCHEMA_VERSION: i64 = 2;

/// What a campaign of version 1 lacks (SQL for both stores, `{games}` and `{checkpoints}`
/// the tables' names, `{integer}` and `{blob}` the database's names of the kinds): a game's
/// count of resumed values, and its checkpoints' table. Version 1 wrote `checkpoint` empty.
pub(crate) const UPGRADE_FROM_1: &str = "
ALTER TABLE {games} ADD COLUMN resumed_from {integer};
CREATE TABLE {checkpoints} (
    game {integer} PRIMARY KEY REFERENCES {games} (id),
    data {blob} NOT NULL
);
";

/// The statements that upgrade a campaign of version 1 to this grundy's, for a store that names
/// its tables `games` and `checkpoints` and its kinds `integer` and `blob`.
pub(crate) fn upgrade_from_1(games: &str, checkpoints: &str, integer: &str, blob: &str) -> String {
    UPGRADE_FROM_1
        .replace("{games}", games)
        .replace("{checkpoints}", checkpoints)
        .replace("{integer}", integer)
        .replace("{blob}", blob)
}

/// Accepts a campaign whose settings row says `version`, this grundy's (a campaign of version 1
/// is upgraded by its store before this check).
///
/// # Errors
/// [`CampaignError::NotACampaign`] (at `shown`) for another version or no settings row.
pub(crate) fn check_version(version: Option<i64>, shown: String) -> Result<(), CampaignError> {
    match version {
        Some(SCHEMA_VERSION) => Ok(()),
        Some(other) => Err(CampaignError::NotACampaign {
            path: shown,
            why: format!(
                "its tables are of version {other}; this grundy reads version {SCHEMA_VERSION}"
            ),
        }),
        None => Err(CampaignError::NotACampaign {
            path: shown,
            why: "its campaign table is empty".to_owned(),
        }),
    }
}

/// The SQL type of a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A whole number (`INTEGER`, `BIGINT`).
    Integer,
    /// A real (`REAL`, `DOUBLE PRECISION`).
    Real,
    /// Text.
    Text,
}

/// One stored value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Cell {
    /// A whole number, or NULL.
    Integer(Option<i64>),
    /// A real, or NULL.
    Real(Option<f64>),
    /// Text, or NULL.
    Text(Option<String>),
}

/// The columns of a record, in the order [`cells`] and [`record`] use.
pub(crate) const COLUMNS: [(&str, Kind); 21] = [
    ("state", Kind::Text),
    ("preperiod", Kind::Integer),
    ("period", Kind::Integer),
    ("saltus", Kind::Integer),
    ("theorem", Kind::Text),
    ("checked_to", Kind::Integer),
    ("computed_to", Kind::Integer),
    ("report", Kind::Text),
    ("largest_value", Kind::Integer),
    ("largest_at", Kind::Integer),
    ("rare_mask", Kind::Integer),
    ("rare_heaps", Kind::Integer),
    ("last_rare", Kind::Integer),
    ("fingerprint_values", Kind::Integer),
    ("fingerprints", Kind::Text),
    ("leading_zeros", Kind::Integer),
    ("seconds", Kind::Real),
    ("memory_bytes", Kind::Integer),
    ("grundy_version", Kind::Text),
    ("message", Kind::Text),
    ("resumed_from", Kind::Integer),
];

/// A count as a database stores it (`None` past `i64`, which no real count reaches).
pub(crate) fn int(value: u64) -> Option<i64> {
    i64::try_from(value).ok()
}

/// A stored count back (`None` for a negative one, which grundy never writes).
pub(crate) fn count(value: Option<i64>) -> Option<u64> {
    value.and_then(|value| u64::try_from(value).ok())
}

/// `record`'s cells, in the order of [`COLUMNS`].
///
/// # Errors
/// [`CampaignError::Damaged`] if its report does not serialise (it always does).
pub(crate) fn cells(record: &Record, spec: &str) -> Result<Vec<Cell>, CampaignError> {
    let integer = |value: Option<u64>| Cell::Integer(value.and_then(int));
    let text = |value: Option<String>| Cell::Text(value);
    let report = record
        .report
        .as_ref()
        .map(serde_json::to_string)
        .transpose()
        .map_err(|error| CampaignError::Damaged {
            spec: spec.to_owned(),
            why: format!("its report does not serialise: {error}"),
        })?;
    let periodicity = record.periodicity;
    let fingerprints = record.fingerprints.as_ref();
    Ok(vec![
        text(Some(record.state.name().to_owned())),
        integer(periodicity.map(|p| p.0)),
        integer(periodicity.map(|p| p.1)),
        integer(periodicity.map(|p| p.2)),
        text(record.theorem.clone()),
        integer(record.checked_to),
        integer(Some(record.computed_to)),
        text(report),
        integer(record.largest.map(|l| l.0)),
        integer(record.largest.map(|l| l.1)),
        integer(record.split.map(|s| s.mask)),
        integer(record.split.map(|s| s.rare_heaps)),
        integer(record.split.and_then(|s| s.last_rare)),
        integer(fingerprints.map(|f| f.values)),
        text(fingerprints.map(|f| {
            f.hashes
                .iter()
                .map(|hash| format!("{hash:016x}"))
                .collect::<Vec<_>>()
                .join(",")
        })),
        integer(fingerprints.map(|f| f.leading_zeros)),
        Cell::Real(Some(record.seconds)),
        integer(Some(record.memory_bytes)),
        text(Some(record.grundy_version.clone())),
        text(record.message.clone()),
        integer(Some(record.resumed_from)),
    ])
}

/// The record stored in `cells` (in the order of [`COLUMNS`]) for `spec`.
///
/// # Errors
/// [`CampaignError::Damaged`] for a cell grundy does not write (another type, an unknown state,
/// a report or fingerprint that does not read).
pub(crate) fn record(cells: Vec<Cell>, spec: &str) -> Result<Record, CampaignError> {
    let damaged = |why: String| CampaignError::Damaged {
        spec: spec.to_owned(),
        why,
    };
    if cells.len() != COLUMNS.len() {
        return Err(damaged(format!("{} columns", cells.len())));
    }
    let mut integers = Vec::new();
    let mut texts = Vec::new();
    let mut reals = Vec::new();
    for (cell, (name, kind)) in cells.into_iter().zip(COLUMNS) {
        match (cell, kind) {
            (Cell::Integer(value), Kind::Integer) => integers.push(value),
            (Cell::Text(value), Kind::Text) => texts.push(value),
            (Cell::Real(value), Kind::Real) => reals.push(value),
            (cell, _) => return Err(damaged(format!("column {name} holds {cell:?}"))),
        }
    }
    // In the order of COLUMNS within each kind.
    let mut integers = integers.into_iter().map(count);
    let mut texts = texts.into_iter();
    let mut next_integer = || integers.next().flatten();
    let mut next_text = || texts.next().flatten();
    let state_name = next_text().unwrap_or_default();
    let state =
        State::from_name(&state_name).ok_or_else(|| damaged(format!("state {state_name}")))?;
    let (preperiod, period, saltus) = (next_integer(), next_integer(), next_integer());
    let theorem = next_text();
    let checked_to = next_integer();
    let computed_to = next_integer().unwrap_or(0);
    let report = next_text()
        .map(|text| serde_json::from_str(&text))
        .transpose()
        .map_err(|error| damaged(format!("its report: {error}")))?;
    let largest = (next_integer(), next_integer());
    let split = (next_integer(), next_integer(), next_integer());
    let fingerprint_values = next_integer();
    let hashes = next_text();
    let leading_zeros = next_integer();
    let seconds = reals.first().copied().flatten().unwrap_or(0.0);
    let memory_bytes = next_integer().unwrap_or(0);
    let grundy_version = next_text().unwrap_or_default();
    let message = next_text();
    let resumed_from = next_integer().unwrap_or(0);
    let fingerprints = match (hashes, fingerprint_values, leading_zeros) {
        (Some(text), Some(values), Some(leading_zeros)) => Some(Fingerprints {
            values,
            leading_zeros,
            hashes: text
                .split(',')
                .map(|hash| u64::from_str_radix(hash, 16))
                .collect::<Result<_, _>>()
                .map_err(|error| damaged(format!("its fingerprints: {error}")))?,
        }),
        _ => None,
    };
    if let Some(fingerprints) = &fingerprints
        && (fingerprints.hashes.len() != MAX_SHIFT + 1
            || fingerprints.leading_zeros > MAX_SHIFT as u64 + 1)
    {
        return Err(damaged(format!(
            "{} fingerprints and {} leading zeros (grundy writes {} and at most {})",
            fingerprints.hashes.len(),
            fingerprints.leading_zeros,
            MAX_SHIFT + 1,
            MAX_SHIFT + 1
        )));
    }
    Ok(Record {
        state,
        periodicity: match (preperiod, period, saltus) {
            (Some(preperiod), Some(period), Some(saltus)) => Some((preperiod, period, saltus)),
            _ => None,
        },
        theorem,
        checked_to,
        computed_to,
        report,
        largest: match largest {
            (Some(value), Some(at)) => Some((value, at)),
            _ => None,
        },
        split: match split {
            (Some(mask), Some(rare_heaps), last_rare) => Some(SparseSplit {
                mask,
                rare_heaps,
                last_rare,
            }),
            _ => None,
        },
        fingerprints,
        seconds,
        memory_bytes,
        grundy_version,
        message,
        resumed_from,
    })
}

/// `name = ?1, …` (or `$1`) for every column of a record, placeholders numbered from 1 with
/// `mark` before the number.
pub(crate) fn assignments(mark: char) -> String {
    COLUMNS
        .iter()
        .enumerate()
        .map(|(i, (name, _))| format!("{name} = {mark}{}", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `name TYPE, …` for every column of a record, with the database's names of the kinds; the
/// state is one of [`State::ALL`]'s names, `queued` until a worker claims the game.
pub(crate) fn definitions(integer: &str, real: &str, text: &str) -> String {
    let states: Vec<String> = State::ALL
        .iter()
        .map(|state| format!("'{}'", state.name()))
        .collect();
    COLUMNS
        .iter()
        .map(|&(name, kind)| match kind {
            _ if name == "state" => format!(
                "state {text} NOT NULL DEFAULT 'queued' CHECK (state IN ({}))",
                states.join(", ")
            ),
            Kind::Integer => format!("{name} {integer}"),
            Kind::Real => format!("{name} {real}"),
            Kind::Text => format!("{name} {text}"),
        })
        .collect::<Vec<_>>()
        .join(",\n    ")
}

/// The campaign's settings as stored, refused when a value grundy never writes is there (a budget
/// of no values: every game would be refused).
///
/// # Errors
/// [`CampaignError::Damaged`] for a missing or zero budget of values, or a negative time or
/// memory limit.
pub(crate) fn settings(
    name: String,
    created: Option<i64>,
    max_values: Option<i64>,
    game_seconds: Option<f64>,
    game_memory: Option<i64>,
) -> Result<super::Settings, CampaignError> {
    let max_values = count(max_values)
        .filter(|&values| values >= 1)
        .ok_or_else(|| CampaignError::Damaged {
            spec: "(the campaign's settings)".to_owned(),
            why: format!("a budget of {max_values:?} values"),
        })?;
    let damaged = |why: String| CampaignError::Damaged {
        spec: "(the campaign's settings)".to_owned(),
        why,
    };
    let time = game_seconds
        .map(|seconds| {
            std::time::Duration::try_from_secs_f64(seconds)
                .map_err(|_| damaged(format!("a time limit of {seconds} seconds")))
        })
        .transpose()?;
    let memory = game_memory
        .map(|bytes| {
            count(Some(bytes)).ok_or_else(|| damaged(format!("a memory limit of {bytes} bytes")))
        })
        .transpose()?;
    Ok(super::Settings {
        name,
        created: count(created).unwrap_or(0),
        budget: super::Budget {
            max_values,
            time,
            memory,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let record = Record {
            state: State::Certified,
            periodicity: Some((71, 12, 0)),
            theorem: Some("guy-smith".to_owned()),
            checked_to: Some(168),
            computed_to: 168,
            report: Some(serde_json::json!({ "period": 12 })),
            largest: Some((8, 27)),
            split: Some(SparseSplit {
                mask: 1,
                rare_heaps: 40,
                last_rare: None,
            }),
            fingerprints: Some(Fingerprints {
                values: 100,
                leading_zeros: 1,
                hashes: vec![1, u64::MAX, 0, 7, 9],
            }),
            seconds: 0.5,
            memory_bytes: 168,
            grundy_version: "0.1.0".to_owned(),
            message: None,
            resumed_from: 40,
        };
        let cells = cells(&record, "0.77").unwrap();
        assert_eq!(cells.len(), COLUMNS.len());
        assert_eq!(super::record(cells, "0.77").unwrap(), record);
        let unanswered = Record::unanswered(State::Open, 10, "stopped".to_owned(), 1.0);
        assert_eq!(
            super::record(super::cells(&unanswered, "0.6").unwrap(), "0.6").unwrap(),
            unanswered
        );
        assert!(matches!(
            super::record(vec![Cell::Integer(None); COLUMNS.len()], "0.6"),
            Err(CampaignError::Damaged { .. })
        ));
    }
}
