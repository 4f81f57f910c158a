//! A campaign as the tables researchers publish: Markdown and HTML in the style of the solved
//! and unsolved tables of octal games (game, period, preperiod, last exceptional heap, largest
//! value, rare values, status), CSV, and JSON with every certificate.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::equivalence::{Equivalence, Proof};
use crate::store::Settings;
use crate::{Row, State};

/// How a campaign is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One Markdown table per state, with a summary.
    Markdown,
    /// A standalone HTML page with the same tables.
    Html,
    /// One row per game, with a header (RFC 4180).
    Csv,
    /// The campaign's settings and every game with its report and certificate; what
    /// [`crate::verify`] reads.
    Json,
}

/// The columns of the tables, in order.
const COLUMNS: [&str; 13] = [
    "game",
    "status",
    "period",
    "preperiod",
    "last exception",
    "saltus",
    "largest value",
    "at heap",
    "rare mask",
    "rare heaps",
    "last rare",
    "values",
    "same as",
];

/// The sections of the Markdown and HTML tables, in order, with their titles.
const SECTIONS: [(State, &str); 6] = [
    (State::Certified, "Solved: period certified"),
    (State::Observed, "Period observed, not proved"),
    (State::Open, "Unsolved: no period within the budget"),
    (State::Refused, "Refused"),
    (State::Running, "Running"),
    (State::Queued, "Queued"),
];

/// `rows` of the campaign `settings` describes, written in `format`; `equivalences` fill the
/// column "same as".
///
/// # Complexity
/// `O(G)` for `G` games, plus the size of their reports for JSON.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy_campaign::export::{Format, export};
/// use grundy_campaign::{Budget, RunPlan, SqliteStore, Store};
/// let directory = tempfile::tempdir()?;
/// let path = directory.path().join("c.sqlite");
/// SqliteStore::create(&path, "Kayles", &[grundy::parse_game("0.77")?], &Budget::values(4096))?;
/// grundy_campaign::run(|| SqliteStore::open(&path), &RunPlan::default(), &grundy::NoObserver, &|_| {})?;
/// let mut store = SqliteStore::open(&path)?;
/// let csv = export(&store.settings()?, &store.rows()?, &[], Format::Csv);
/// assert!(csv.lines().nth(1).ok_or("a row")?.starts_with("0.77,certified,12,71,70,0,8,"));
/// # Ok(()) }
/// ```
pub fn export(
    settings: &Settings,
    rows: &[Row],
    equivalences: &[Equivalence],
    format: Format,
) -> String {
    match format {
        Format::Markdown => markdown(settings, rows, &by_game(equivalences)),
        Format::Html => html(settings, rows, &by_game(equivalences)),
        Format::Csv => csv(rows, &by_game(equivalences)),
        Format::Json => {
            let mut text =
                serde_json::to_string_pretty(&json_document(settings, rows, equivalences))
                    .unwrap_or_default();
            text.push('\n');
            text
        }
    }
}

/// The equivalences by the game they describe (a game has at most one).
type ByGame<'a> = HashMap<&'a str, &'a Equivalence>;

fn by_game(equivalences: &[Equivalence]) -> ByGame<'_> {
    equivalences.iter().map(|e| (e.game.as_str(), e)).collect()
}

/// The cells of a row, in the order of [`COLUMNS`] (empty where nothing is known).
fn cells(row: &Row, equivalences: &ByGame<'_>) -> [String; 13] {
    let text = |value: Option<u64>| value.map(|v| v.to_string()).unwrap_or_default();
    let record = row.record.as_ref();
    let periodicity = record.and_then(|r| r.periodicity);
    let split = record.and_then(|r| r.split);
    let same_as = equivalences
        .get(row.spec.as_str())
        .map(|e| same_as(e))
        .unwrap_or_default();
    [
        row.spec.clone(),
        row.state.name().to_owned(),
        text(periodicity.map(|p| p.1)),
        text(periodicity.map(|p| p.0)),
        text(record.and_then(crate::Record::last_exception)),
        text(periodicity.map(|p| p.2)),
        text(record.and_then(|r| r.largest).map(|l| l.0)),
        text(record.and_then(|r| r.largest).map(|l| l.1)),
        split.map(|s| format!("{:x}", s.mask)).unwrap_or_default(),
        text(split.map(|s| s.rare_heaps)),
        text(split.and_then(|s| s.last_rare)),
        text(record.map(|r| r.computed_to)),
        same_as,
    ]
}

/// "0.4 (+1)": the game and the shift, marked `?` when only observed.
fn same_as(equivalence: &Equivalence) -> String {
    let shift = match equivalence.shift {
        0 => String::new(),
        shift => format!(" ({shift:+})"),
    };
    let observed = match equivalence.proof {
        Proof::Certified => "",
        Proof::Observed { .. } => " ?",
    };
    format!("{}{shift}{observed}", equivalence.same_as)
}

/// The line under a table's title: how many games of the campaign are in each state.
fn summary(settings: &Settings, rows: &[Row]) -> String {
    let counts: Vec<String> = State::ALL
        .iter()
        .filter_map(|&state| {
            let count = rows.iter().filter(|row| row.state == state).count();
            (count > 0).then(|| format!("{count} {}", state.name()))
        })
        .collect();
    format!(
        "{} games, each computed to at most {} values: {}.",
        rows.len(),
        settings.budget.max_values,
        counts.join(", ")
    )
}

const NOTES: &str = "A period is certified by the theorem its certificate names (re-check them with `grundy campaign verify`); the last exception is the last heap whose value breaks the period (preperiod − 1). A value v is rare when popcount(v & mask) is even; rare heaps are counted among the values computed. \"Same as G (+k)\" means G(n) = G_that(n + k); \"?\" marks a likeness seen on the values computed, not proved.";

fn markdown(settings: &Settings, rows: &[Row], equivalences: &ByGame<'_>) -> String {
    let mut out = format!("# {}\n\n{}\n", settings.name, summary(settings, rows));
    for (state, title) in SECTIONS {
        let section: Vec<&Row> = rows.iter().filter(|row| row.state == state).collect();
        if section.is_empty() {
            continue;
        }
        let _ = write!(out, "\n## {title} ({})\n\n", section.len());
        out.push_str(&COLUMNS.join(" | "));
        out.push('\n');
        // The game and the same-as column are text; the others are numbers, right-aligned.
        let rule: Vec<&str> = (0..COLUMNS.len())
            .map(|i| if i <= 1 || i == 12 { ":---" } else { "---:" })
            .collect();
        out.push_str(&rule.join(" | "));
        out.push('\n');
        for row in section {
            let cells = cells(row, equivalences).map(|cell| cell.replace('|', "\\|"));
            out.push_str(&cells.join(" | "));
            out.push('\n');
        }
    }
    let _ = write!(out, "\n{NOTES}\n");
    out
}

/// `text` with `&`, `<`, `>` and `"` escaped for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn html(settings: &Settings, rows: &[Row], equivalences: &ByGame<'_>) -> String {
    let name = escape(&settings.name);
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{name}</title>\n<style>\nbody {{ font-family: sans-serif; margin: 2em; }}\ntable {{ border-collapse: collapse; margin-bottom: 2em; }}\nth, td {{ border: 1px solid #ccc; padding: 0.2em 0.5em; }}\ntd.number {{ text-align: right; font-variant-numeric: tabular-nums; }}\n</style>\n</head>\n<body>\n<h1>{name}</h1>\n<p>{}</p>\n",
        escape(&summary(settings, rows))
    );
    for (state, title) in SECTIONS {
        let section: Vec<&Row> = rows.iter().filter(|row| row.state == state).collect();
        if section.is_empty() {
            continue;
        }
        let _ = write!(
            out,
            "<h2>{} ({})</h2>\n<table>\n<thead><tr>",
            escape(title),
            section.len()
        );
        for column in COLUMNS {
            let _ = write!(out, "<th>{}</th>", escape(column));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for row in section {
            out.push_str("<tr>");
            for (i, cell) in cells(row, equivalences).iter().enumerate() {
                let class = if i <= 1 || i == 12 {
                    ""
                } else {
                    " class=\"number\""
                };
                let _ = write!(out, "<td{class}>{}</td>", escape(cell));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n");
    }
    let _ = write!(out, "<p>{}</p>\n</body>\n</html>\n", escape(NOTES));
    out
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

fn csv(rows: &[Row], equivalences: &ByGame<'_>) -> String {
    let header: Vec<String> = COLUMNS.iter().map(|c| c.replace(' ', "_")).collect();
    let mut out = header.join(",");
    out.push_str(",theorem,checked_to,seconds,message\n");
    for row in rows {
        let record = row.record.as_ref();
        let mut cells: Vec<String> = cells(row, equivalences).to_vec();
        cells.push(record.and_then(|r| r.theorem.clone()).unwrap_or_default());
        cells.push(
            record
                .and_then(|r| r.checked_to)
                .map(|n| n.to_string())
                .unwrap_or_default(),
        );
        cells.push(
            record
                .map(|r| format!("{:.3}", r.seconds))
                .unwrap_or_default(),
        );
        cells.push(record.and_then(|r| r.message.clone()).unwrap_or_default());
        let cells: Vec<String> = cells.iter().map(|cell| csv_field(cell)).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// The JSON document of a campaign: `campaign` (name, created, budget) and `games`, each with
/// its state, numbers, `same_as`, its `checkpoint`'s description (values, checksum, bytes,
/// seconds, when saved) and `report` (the document of `grundy period --json`, with the
/// certificate).
pub fn json_document(settings: &Settings, rows: &[Row], equivalences: &[Equivalence]) -> Value {
    let equivalences = by_game(equivalences);
    let games: Vec<Value> = rows
        .iter()
        .map(|row| {
            let record = row.record.as_ref();
            let periodicity = record.and_then(|r| r.periodicity);
            let split = record.and_then(|r| r.split);
            let same_as = equivalences
                .get(row.spec.as_str())
                .map(|e| crate::render::equivalence_json(e));
            json!({
                "game": row.spec,
                "state": row.state.name(),
                "preperiod": periodicity.map(|p| p.0),
                "period": periodicity.map(|p| p.1),
                "saltus": periodicity.map(|p| p.2),
                "last_exception": record.and_then(crate::Record::last_exception),
                "theorem": record.and_then(|r| r.theorem.clone()),
                "checked_to": record.and_then(|r| r.checked_to),
                "computed_to": record.map(|r| r.computed_to),
                "largest_value": record.and_then(|r| r.largest).map(|l| l.0),
                "largest_at": record.and_then(|r| r.largest).map(|l| l.1),
                "rare_mask": split.map(|s| s.mask),
                "rare_heaps": split.map(|s| s.rare_heaps),
                "last_rare": split.and_then(|s| s.last_rare),
                "same_as": same_as,
                "seconds": record.map(|r| r.seconds),
                "memory_bytes": record.map(|r| r.memory_bytes),
                "grundy_version": record.map(|r| r.grundy_version.clone()),
                "message": record.and_then(|r| r.message.clone()),
                "attempts": row.attempts,
                "resumed_from": record.map(|r| r.resumed_from),
                "checkpoint": row.checkpoint,
                "report": record.and_then(|r| r.report.clone()),
            })
        })
        .collect();
    json!({
        "campaign": {
            "name": settings.name,
            "created": settings.created,
            "max_values": settings.budget.max_values,
            "game_seconds": settings.budget.time.map(|t| t.as_secs_f64()),
            "game_memory": settings.budget.memory,
        },
        "games": games,
    })
}
