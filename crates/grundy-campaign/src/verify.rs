//! Re-checks every certificate of an exported campaign (its JSON, [`Format::Json`]): each
//! certified game's values are computed again from its rules, its period searched and certified
//! again (grundy's certificate checker runs on the values), and the result compared with what
//! the table states; small certificates are also checked against the brute force, which shares
//! no code with the engines.
//!
//! [`Format::Json`]: crate::export::Format::Json

use grundy::{Analyzer, Config, Error, Observer};
use serde_json::Value;

use crate::CampaignError;

/// Certificates over at most this many values are also checked on the brute force's values
/// (`O(N²)` for codes that split heaps).
pub const BRUTE_FORCE_MOST: u64 = 4096;

/// The keys of a period document a certificate is compared on.
const COMPARED: [&str; 5] = ["preperiod", "period", "saltus", "values", "certified"];

/// The largest exported table [`table`] reads: a campaign of tens of thousands of games with
/// certificates of long periods (each holds its preperiod's and period's values).
pub const MAX_TABLE_BYTES: u64 = 1 << 30;

/// The exported table at `address` (a file of `grundy campaign export --format json`), or a
/// campaign — its SQLite file or PostgreSQL URL — exported on the spot.
///
/// # Complexity
/// The size of the table, read once.
///
/// # Errors
/// [`CampaignError::Table`] for a file that cannot be read, is past [`MAX_TABLE_BYTES`] or is
/// not JSON; a campaign's own errors as [`crate::store::open`].
///
/// # Example
/// ```
/// let missing = grundy_campaign::verify::table("/nonexistent/table.json");
/// assert!(matches!(missing, Err(grundy_campaign::CampaignError::Table(_))));
/// ```
pub fn table(address: &str) -> Result<Value, CampaignError> {
    use std::io::Read as _;
    let path = std::path::Path::new(address);
    let mut header = [0u8; 16];
    let is_database = crate::store::is_postgres(address)
        || std::fs::File::open(path)
            .and_then(|mut file| file.read_exact(&mut header))
            .is_ok_and(|()| &header == b"SQLite format 3\0");
    if is_database {
        let mut store = crate::store::open(address)?;
        return Ok(crate::export::json_document(
            &store.settings()?,
            &store.rows()?,
            &[],
        ));
    }
    let unreadable = |why: String| CampaignError::Table(format!("{address}: {why}"));
    let file = std::fs::File::open(path).map_err(|error| unreadable(error.to_string()))?;
    let mut text = String::new();
    file.take(MAX_TABLE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|error| unreadable(error.to_string()))?;
    if text.len() as u64 > MAX_TABLE_BYTES {
        return Err(unreadable(format!(
            "more than {MAX_TABLE_BYTES} bytes, more than a table grundy writes"
        )));
    }
    serde_json::from_str(&text).map_err(|error| {
        unreadable(format!(
            "not a table of grundy campaign export --format json ({error})"
        ))
    })
}

/// What re-checking one certified game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The game.
    pub game: String,
    /// What was found.
    pub verdict: Verdict,
}

/// The verdict on one certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Computed again, the period and its certificate are the ones the table states.
    Confirmed {
        /// Whether the brute force's values passed the certificate's checks too.
        brute_force: bool,
    },
    /// The table states something else than the game's rules give: what differs.
    Differs(String),
    /// The row cannot be checked (no report, a spec that does not parse): why.
    Unreadable(String),
}

/// Re-checks the certificate of every certified game of `document` (a row whose status or
/// report says certified), an exported campaign, with
/// the values of grundy configured by `config` (its value limit is raised to each certificate's
/// checked values).
///
/// # Complexity
/// For each certified game, its period search again (as [`Analyzer::period`] up to the
/// certificate's checked values), and `O(N²)` brute force for certificates over `N <=`
/// [`BRUTE_FORCE_MOST`] values.
///
/// # Errors
/// [`CampaignError::Table`] when `document` is not an exported campaign;
/// [`CampaignError::Grundy`] with [`Error::Interrupted`] when the observer stops it.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy_campaign::export::{Format, export};
/// use grundy_campaign::verify::{Verdict, verify};
/// use grundy_campaign::{Budget, RunPlan, SqliteStore, Store};
/// let directory = tempfile::tempdir()?;
/// let path = directory.path().join("c.sqlite");
/// SqliteStore::create(&path, "Kayles", &[grundy::parse_game("0.77")?], &Budget::values(4096))?;
/// grundy_campaign::run(|| SqliteStore::open(&path), &RunPlan::default(), &grundy::NoObserver, &|_| {})?;
/// let mut store = SqliteStore::open(&path)?;
/// let text = export(&store.settings()?, &store.rows()?, &[], Format::Json);
/// let mut document: serde_json::Value = serde_json::from_str(&text)?;
/// let config = grundy::Config::default();
/// let checks = verify(&document, config, &grundy::NoObserver)?;
/// assert_eq!(checks[0].verdict, Verdict::Confirmed { brute_force: true });
/// // A table that claims period 6 for Kayles is caught.
/// document["games"][0]["report"]["period"] = 6.into();
/// let checks = verify(&document, config, &grundy::NoObserver)?;
/// assert!(matches!(checks[0].verdict, Verdict::Differs(_)));
/// # Ok(()) }
/// ```
pub fn verify(
    document: &Value,
    config: Config,
    observer: &dyn Observer,
) -> Result<Vec<Check>, CampaignError> {
    let games = document
        .get("games")
        .and_then(Value::as_array)
        .ok_or_else(|| CampaignError::Table("it has no list of games".to_owned()))?;
    let mut checks = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let spec = game
            .get("game")
            .and_then(Value::as_str)
            .ok_or_else(|| CampaignError::Table(format!("game {} has no spec", index + 1)))?;
        let report = game.get("report");
        let certified_row = game.get("state").and_then(Value::as_str) == Some("certified");
        let certified_report = report
            .and_then(|r| r.get("certified"))
            .and_then(Value::as_bool)
            == Some(true);
        if !certified_row && !certified_report {
            continue;
        }
        let verdict = match row_against_report(game) {
            Some(why) => Verdict::Differs(why),
            None => check(spec, report, config, observer)?,
        };
        checks.push(Check {
            game: spec.to_owned(),
            verdict,
        });
    }
    Ok(checks)
}

/// What differs between a row's own columns and its report, if anything: its status (certified
/// or not), period, preperiod, saltus and theorem.
fn row_against_report(row: &Value) -> Option<String> {
    let report = row.get("report")?;
    let certified = report.get("certified").and_then(Value::as_bool) == Some(true);
    if (row.get("state").and_then(Value::as_str) == Some("certified")) != certified {
        return Some(format!(
            "the row's status is {}, its report's certified is {certified}",
            row.get("state").unwrap_or(&Value::Null)
        ));
    }
    for key in ["preperiod", "period", "saltus"] {
        if row.get(key) != report.get(key) {
            return Some(format!(
                "{key}: the row states {}, its report {}",
                brief(row.get(key)),
                brief(report.get(key))
            ));
        }
    }
    let theorem = report.get("certificate").and_then(|c| c.get("theorem"));
    if row.get("theorem") != theorem {
        return Some(format!(
            "theorem: the row states {}, its report {}",
            brief(row.get("theorem")),
            brief(theorem)
        ));
    }
    None
}

/// The verdict on the certified game `spec` whose table states `report`.
fn check(
    spec: &str,
    report: Option<&Value>,
    config: Config,
    observer: &dyn Observer,
) -> Result<Verdict, CampaignError> {
    let Some(stated) = report.filter(|r| r.is_object()) else {
        return Ok(Verdict::Unreadable("the row has no report".to_owned()));
    };
    let game = match grundy::parse_game(spec) {
        Ok(game) => game,
        Err(error) => return Ok(Verdict::Unreadable(format!("the spec: {error}"))),
    };
    let certificate = stated.get("certificate").filter(|c| c.is_object());
    let Some(checked_to) = certificate
        .and_then(|c| c.get("checked_to"))
        .and_then(Value::as_u64)
    else {
        return Ok(Verdict::Unreadable(
            "the report has no certificate with its checked values".to_owned(),
        ));
    };
    let config = match config.with_max_values(checked_to.max(1)) {
        Ok(config) => config,
        Err(error) => {
            return Ok(Verdict::Unreadable(format!(
                "its certificate checked {checked_to} values, beyond what grundy computes: {error}"
            )));
        }
    };
    let analyzer = Analyzer::new(config).with_observer(observer);
    let report = match analyzer.period(&game) {
        Ok(report) => report,
        Err(error @ Error::Interrupted { .. }) => return Err(error.into()),
        Err(error) => {
            return Ok(Verdict::Differs(format!(
                "computed again within its {checked_to} values, it has no answer: {error}"
            )));
        }
    };
    let fresh = serde_json::to_value(grundy::render::json::period(&report))
        .map_err(|error| CampaignError::Table(error.to_string()))?;
    for key in COMPARED {
        if fresh.get(key) != stated.get(key) {
            return Ok(Verdict::Differs(format!(
                "{key}: the table states {}, the rules give {}",
                brief(stated.get(key)),
                brief(fresh.get(key))
            )));
        }
    }
    // The certificate: its theorem, parameters and checked values (its statement is wording).
    let without_statement = |value: Option<&Value>| {
        let mut value = value.cloned().unwrap_or(Value::Null);
        if let Some(object) = value.as_object_mut() {
            object.remove("statement");
        }
        value
    };
    let (stated_certificate, fresh_certificate) = (
        without_statement(certificate),
        without_statement(fresh.get("certificate")),
    );
    if stated_certificate != fresh_certificate {
        return Ok(Verdict::Differs(format!(
            "the certificate: the table states {stated_certificate}, the rules give {fresh_certificate}"
        )));
    }
    let Some(certificate) = report.search.certificate() else {
        return Ok(Verdict::Differs("the rules give no certificate".to_owned()));
    };
    let brute_force = certificate.checked_to() <= BRUTE_FORCE_MOST;
    if brute_force {
        match analyzer.check_certificate(&game, certificate) {
            Ok(check) if check.holds() => {}
            Ok(check) => {
                return Ok(Verdict::Differs(format!(
                    "the brute force's values fail the certificate: {}",
                    check
                        .failure
                        .map(|failure| failure.to_string())
                        .unwrap_or_default()
                )));
            }
            Err(error @ Error::Interrupted { .. }) => return Err(error.into()),
            // No brute force for this game (not one heap of one family): the engines' check
            // stands alone.
            Err(_) => return Ok(Verdict::Confirmed { brute_force: false }),
        }
    }
    Ok(Verdict::Confirmed { brute_force })
}

/// A value for a message, cut short.
fn brief(value: Option<&Value>) -> String {
    let text = value.map_or_else(|| "nothing".to_owned(), Value::to_string);
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}
