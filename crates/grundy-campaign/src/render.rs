//! Text and JSON of a campaign's answers other than its tables ([`crate::export`]): its
//! progress, its equivalences and a verification's checks. Front ends print these.

use std::fmt::Write as _;
use std::time::Duration;

use grundy::budget::format_duration;
use serde_json::{Value, json};

use crate::equivalence::{Equivalence, Proof};
use crate::store::Settings;
use crate::verify::{Check, Verdict};
use crate::{Progress, State};

/// "63 games: 46 certified, 17 open": the games and the non-zero counts.
pub fn counts(progress: &Progress) -> String {
    let parts: Vec<String> = State::ALL
        .iter()
        .filter(|&&state| progress.count(state) > 0)
        .map(|&state| format!("{} {}", progress.count(state), state.name()))
        .collect();
    format!("{} games: {}", progress.total, parts.join(", "))
}

/// Finished games an hour of wall time so far, once one is finished.
pub fn rate(progress: &Progress) -> Option<f64> {
    let finished = progress.finished();
    (progress.wall_seconds > 0.0 && finished > 0)
        .then(|| finished as f64 * 3600.0 / progress.wall_seconds)
}

/// `seconds` as a duration (none for a negative or unrepresentable count).
fn seconds(seconds: f64) -> Duration {
    Duration::try_from_secs_f64(seconds).unwrap_or(Duration::ZERO)
}

/// The games not finished yet.
fn left(progress: &Progress) -> u64 {
    progress.count(State::Queued) + progress.count(State::Running)
}

/// The progress of the campaign `settings` names, stored at `place`, as lines of text; with
/// `bar`, a bar of the finished share (for a terminal).
pub fn status_text(settings: &Settings, place: &str, progress: &Progress, bar: bool) -> String {
    let mut text = format!(
        "campaign  {} ({place})\ngames     {}\nbudget    {} values a game",
        settings.name,
        counts(progress),
        settings.budget.max_values
    );
    if let Some(time) = settings.budget.time {
        let _ = write!(text, ", {} a game", format_duration(time));
    }
    text.push('\n');
    if bar {
        let done = if progress.total == 0 {
            0.0
        } else {
            progress.finished() as f64 / progress.total as f64
        };
        let filled = ((done * 30.0).round() as usize).min(30);
        let _ = writeln!(
            text,
            "progress  [{}{}] {:.0} %",
            "=".repeat(filled),
            " ".repeat(30 - filled),
            done * 100.0
        );
    }
    match rate(progress) {
        Some(rate) => {
            let _ = writeln!(
                text,
                "rate      {rate:.0} games an hour so far ({} of computing over {} of wall time)",
                format_duration(seconds(progress.seconds)),
                format_duration(seconds(progress.wall_seconds)),
            );
            let left = left(progress);
            if left > 0 {
                let _ = writeln!(
                    text,
                    "left      {left} games, about {} at that rate (an estimate: games differ widely)",
                    format_duration(seconds(left as f64 * 3600.0 / rate))
                );
            }
        }
        None => text.push_str("rate      no game finished yet\n"),
    }
    if progress.checkpoints.0 > 0 {
        let _ = writeln!(
            text,
            "saved     checkpoints of {} games ({}), to resume them or push them further",
            progress.checkpoints.0,
            grundy::budget::format_bytes(progress.checkpoints.1)
        );
    }
    for running in &progress.running {
        let saved = match running.saved {
            0 => String::new(),
            values => format!(" (checkpoint: {values} values)"),
        };
        let _ = writeln!(
            text,
            "running   {} on {}, for {}{saved}",
            running.spec,
            running.worker,
            format_duration(Duration::from_secs(running.seconds))
        );
    }
    text
}

/// The progress as JSON: `campaign`, `games`, `counts` by state, `max_values`,
/// `seconds_spent`, `games_per_hour`, `seconds_left`, `running` and `checkpoints` (games and
/// bytes).
pub fn status_json(settings: &Settings, progress: &Progress) -> Value {
    let counts: serde_json::Map<String, Value> = State::ALL
        .iter()
        .map(|&state| (state.name().to_owned(), progress.count(state).into()))
        .collect();
    let running: Vec<Value> = progress
        .running
        .iter()
        .map(|running| {
            json!({
                "game": running.spec,
                "worker": running.worker,
                "seconds": running.seconds,
                "checkpoint_values": running.saved,
            })
        })
        .collect();
    let rate = rate(progress);
    json!({
        "campaign": settings.name,
        "games": progress.total,
        "counts": counts,
        "max_values": settings.budget.max_values,
        "seconds_spent": progress.seconds,
        "games_per_hour": rate,
        "seconds_left": rate.filter(|&r| r > 0.0).map(|r| left(progress) as f64 * 3600.0 / r),
        "running": running,
        "checkpoints": { "games": progress.checkpoints.0, "bytes": progress.checkpoints.1 },
    })
}

/// One line per equivalence: `0.07 plays as 0.4 (G(n) = G_0.4(n + 1)); certified …`.
pub fn equivalences_text(found: &[Equivalence]) -> String {
    if found.is_empty() {
        return "no game of the campaign plays as an earlier one\n".to_owned();
    }
    let mut text = String::new();
    for e in found {
        let heaps = match e.shift {
            0 => String::new(),
            shift => format!(
                " (G(n) = G_{}(n {} {}))",
                e.same_as,
                if shift > 0 { '+' } else { '-' },
                shift.unsigned_abs()
            ),
        };
        let proof = match e.proof {
            Proof::Certified => "certified: both periods are, and they agree".to_owned(),
            Proof::Observed { values } => format!("observed on {values} values, not proved"),
        };
        let _ = writeln!(text, "{} plays as {}{heaps}; {proof}", e.game, e.same_as);
    }
    text
}

/// One equivalence as JSON: `game`, `same_as`, `shift`, `certified`, `observed_on`.
pub fn equivalence_json(e: &Equivalence) -> Value {
    json!({
        "game": e.game,
        "same_as": e.same_as,
        "shift": e.shift,
        "certified": e.proof == Proof::Certified,
        "observed_on": match e.proof {
            Proof::Certified => None,
            Proof::Observed { values } => Some(values),
        },
    })
}

/// The equivalences as a JSON list of [`equivalence_json`].
pub fn equivalences_json(found: &[Equivalence]) -> Value {
    found.iter().map(equivalence_json).collect()
}

/// `address` as a shell reads it back: quoted when it holds a character the shell would split or
/// expand (a URL's `&` and `?`), with its password left out.
pub fn shell_address(address: &str) -> String {
    let shown = crate::store::redacted(address);
    let plain = |c: char| c.is_alphanumeric() || "/._-:@+%,=".contains(c);
    if shown.chars().all(plain) {
        shown
    } else {
        format!("'{}'", shown.replace('\'', "'\\''"))
    }
}

/// The line that confirms a new campaign of `games` games, each within `max_values` values
/// (`repeated` games were listed more than once).
pub fn created_line(address: &str, games: usize, max_values: u64, repeated: usize) -> String {
    let noun = if games == 1 { "game" } else { "games" };
    let repeated = match repeated {
        0 => String::new(),
        1 => " (one game was listed twice and is kept once)".to_owned(),
        n => format!(" ({n} games were listed twice and are kept once)"),
    };
    format!(
        "created {} with {games} {noun}, each computed to at most {max_values} values{repeated}; run it with grundy campaign run {}",
        crate::store::redacted(address),
        shell_address(address)
    )
}

/// The line that reports a raised budget: the games queued again, and how to compute them.
pub fn extended_line(address: &str, max_values: u64, queued: u64) -> String {
    let games = if queued == 1 { "game" } else { "games" };
    format!(
        "the budget is {max_values} values a game; {queued} open or observed {games} queued again, each to resume from its checkpoint: grundy campaign run {}",
        shell_address(address)
    )
}

/// The line that ends a run: what it finished, and where the campaign stands.
pub fn finished_line(summary: &crate::RunSummary, progress: &Progress) -> String {
    let lost = match summary.lost {
        0 => String::new(),
        n => format!(" ({n} results dropped: other workers had taken those games over)"),
    };
    format!(
        "finished {} games in this run{lost}; the campaign: {}",
        summary.finished,
        counts(progress)
    )
}

/// A line of a run's log for `event` (none for waiting, which would repeat).
pub fn event_line(event: &crate::Event) -> Option<String> {
    use crate::Event;
    Some(match event {
        Event::Claimed {
            spec,
            worker,
            attempts,
        } => format!("{spec}: taken by worker {worker} (attempt {attempts})"),
        Event::Finished {
            spec,
            state,
            seconds,
        } => format!("{spec}: {} in {seconds:.3} s", state.name()),
        Event::Resumed { spec, values } => {
            format!("{spec}: resumed from its checkpoint of {values} values")
        }
        Event::Saved { spec, values } => format!("{spec}: checkpoint of {values} values saved"),
        Event::Unreadable { spec, why } => {
            format!("{spec}: its checkpoint does not read ({why}); computing from the start")
        }
        Event::Lost { spec } => format!("{spec}: result dropped, another worker had taken it over"),
        Event::Released { spec } => format!("{spec}: handed back to the queue"),
        Event::Waiting { .. } => return None,
    })
}

/// How many checks failed (differ or cannot be read).
pub fn failures(checks: &[Check]) -> usize {
    checks
        .iter()
        .filter(|check| !matches!(check.verdict, Verdict::Confirmed { .. }))
        .count()
}

/// One line per check, and a count.
pub fn verification_text(checks: &[Check]) -> String {
    let mut text = String::new();
    for check in checks {
        let line = match &check.verdict {
            Verdict::Confirmed { brute_force: true } => {
                "confirmed (engines and brute force)".to_owned()
            }
            Verdict::Confirmed { brute_force: false } => "confirmed".to_owned(),
            Verdict::Differs(why) => format!("DIFFERS: {why}"),
            Verdict::Unreadable(why) => format!("UNREADABLE: {why}"),
        };
        let _ = writeln!(text, "{}: {line}", check.game);
    }
    let failed = failures(checks);
    let _ = writeln!(
        text,
        "{} certificates checked, {} hold, {failed} do not",
        checks.len(),
        checks.len() - failed
    );
    text
}

/// The checks as JSON: `checked`, `failed` and `games` (`game`, `verdict`, `why`).
pub fn verification_json(checks: &[Check]) -> Value {
    let games: Vec<Value> = checks
        .iter()
        .map(|check| {
            let (verdict, why) = match &check.verdict {
                Verdict::Confirmed { brute_force: true } => {
                    ("confirmed by the brute force too", None)
                }
                Verdict::Confirmed { brute_force: false } => ("confirmed", None),
                Verdict::Differs(why) => ("differs", Some(why)),
                Verdict::Unreadable(why) => ("unreadable", Some(why)),
            };
            json!({ "game": check.game, "verdict": verdict, "why": why })
        })
        .collect();
    json!({ "checked": checks.len(), "failed": failures(checks), "games": games })
}
