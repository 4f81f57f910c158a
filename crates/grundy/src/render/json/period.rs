//! The document of `period`: a period (certified or observed, with its values written as the
//! document is written) or none found.

use serde_json::{Value, json};

use super::{Document, Lazy, quotient, theorem};
use crate::analysis::{PeriodAnswer, PeriodReport};
use crate::games::game::Game;
use crate::render;
use crate::theory::period::{Periodicity, Search};

/// What `period` answers: a period report ([`period`]) or a misère quotient
/// ([`quotient`](super::quotient)).
pub fn period_answer(answer: &PeriodAnswer) -> Document<'_> {
    match answer {
        PeriodAnswer::Period(report) => period(report),
        PeriodAnswer::Quotient(report) => Document {
            value: quotient(report),
            lazy: Vec::new(),
        },
    }
}

/// A period report: `game`, `preperiod`, `period`, `saltus`, `values` (or `state_vectors` and
/// `note`), `certified`, `certificate`, `p_positions`, and `checked_to` and `note` for an
/// observed period, `alias` and `uncertifiable` where they apply; its values are written from the
/// report as the document is written.
pub fn period(report: &PeriodReport) -> Document<'_> {
    let mut value = period_json(report);
    if let Some(alias) = report.game.alias() {
        value["alias"] = json!(alias);
    }
    if let Some(why) = &report.uncertifiable {
        value["uncertifiable"] = json!(why.to_string());
    }
    let periodicity = match &report.search {
        Search::Certified(certificate) => Some(certificate.periodicity()),
        Search::Observed(observation) => Some(observation.periodicity()),
        Search::NotFound { .. } => None,
    };
    let mut lazy = Vec::new();
    if let Some(p) = periodicity {
        match &report.state_vectors {
            Some(vectors) => lazy.push(("state_vectors", Lazy::StateVectors(p, vectors))),
            None => lazy.push(("values", Lazy::Values(p))),
        }
    }
    Document { value, lazy }
}

fn period_json(report: &PeriodReport) -> Value {
    let periodic = |p: &Periodicity, certified: bool| {
        let has_states = report.state_vectors.is_some();
        let p = &render::shown_values(report, p);
        // Without state vectors the values are written as a stream in place of `null`.
        let values = if has_states {
            json!(p.values().to_vec())
        } else {
            Value::Null
        };
        let mut value = json!({
            "game": report.game.to_string(),
            "preperiod": p.preperiod(),
            "period": p.period(),
            "saltus": p.saltus(),
            "values": values,
            "certified": certified,
            "certificate": null,
            "p_positions": render::p_positions(p, usize::MAX),
        });
        if has_states {
            // Written as a stream in place of `null`.
            value["state_vectors"] = Value::Null;
            value["note"] = json!(render::STATE_VECTOR_NOTE);
        }
        value
    };
    match &report.search {
        Search::Certified(certificate) => {
            let mut value = periodic(certificate.periodicity(), true);
            value["certificate"] = theorem(certificate);
            value
        }
        Search::Observed(observation) => {
            let mut value = periodic(observation.periodicity(), false);
            value["checked_to"] = json!(observation.checked_to());
            value["note"] = json!(render::OBSERVED_NOTE);
            value
        }
        Search::NotFound { checked_to } => no_period(&report.game, Some(*checked_to)),
    }
}

/// The JSON of `period --json` for a game with no period found in `checked_to` values.
pub fn no_period(game: &Game, checked_to: Option<u64>) -> Value {
    json!({
        "game": game.to_string(),
        "preperiod": null,
        "period": null,
        "saltus": null,
        "values": null,
        "certified": false,
        "certificate": null,
        "checked_to": checked_to,
    })
}

/// A game of a period survey without an answer: the keys of [`no_period`] and the error and what
/// would help, in the front end's words.
pub fn survey_failure(
    game: &Game,
    checked_to: Option<u64>,
    error: &str,
    hint: Option<&str>,
) -> Value {
    let mut value = no_period(game, checked_to);
    value["error"] = json!(error);
    value["hint"] = json!(hint);
    value
}
