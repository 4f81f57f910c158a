//! The document of a misère quotient (`period misere:CODE`) and its checkpoint.

use serde_json::{Value, json};

use crate::analysis::QuotientReport;
use crate::input::quotient_file::FORMAT;
use crate::render::quotient::{generator_name, phi_words, relations, stop_text, word};

/// A misère quotient: `game`, `kind`, `order`, `losing`, `heaps`, `closed`, `preperiod`,
/// `period`, `heaps_needed`, `generators`, `relations`, `p_elements`, `phi`, `stopped`,
/// `resumed_from` and `states` (docs/misere-quotients.md).
pub fn quotient(report: &QuotientReport) -> Value {
    let q = &report.quotient;
    let forms = &report.presentation.normal_forms;
    json!({
        "game": report.game.to_string(),
        "kind": "misère quotient",
        "order": q.order(),
        "losing": q.losing_count(),
        "heaps": q.heaps(),
        "closed": report.closure.is_some(),
        "preperiod": report.closure.map(|c| c.preperiod),
        "period": report.closure.map(|c| c.period),
        "heaps_needed": report.closure.map(|c| c.needed),
        "generators": report.presentation.generators.iter().enumerate()
            .map(|(i, &(_, heap))| json!({ "name": generator_name(i), "heap": heap }))
            .collect::<Vec<_>>(),
        "relations": relations(report),
        "p_elements": (0..q.order()).filter(|&x| q.is_losing(x as u32)).map(|x| word(&forms[x])).collect::<Vec<_>>(),
        "phi": phi_words(report)[1..].to_vec(),
        "stopped": report.stopped.as_ref().map(stop_text),
        "resumed_from": report.resumed_from,
        "states": report.states,
    })
}

/// The checkpoint of a quotient, which
/// [`quotient_file::read`](crate::input::quotient_file::read) reads back: `format`, `version`,
/// `game`, `heaps`, `order`, `identity`, `losing`, `phi` and `table`.
pub fn checkpoint(report: &QuotientReport) -> Value {
    let q = &report.quotient;
    json!({
        "format": FORMAT,
        "version": 1,
        "game": report.game.to_string(),
        "heaps": q.heaps(),
        "order": q.order(),
        "identity": q.identity(),
        "losing": q.losing(),
        "phi": q.phi(),
        "table": q.table(),
    })
}
