//! A [`PatternReport`] as JSON: every rule as its form and parameters, with its sentence, its
//! status and proof, and the candidates that failed with their counter-examples.

use serde_json::{Value, json};

use crate::analysis::pattern::{
    Coordinates, Entry, Findings, Membership, OutcomeRule, PatternReport, PatternTheorem,
    RuleProof, RuleStatus, ValueRule,
};
use crate::render::pattern::{outcome_sentence, theorem_name, value_sentence};
use crate::theory::pattern::{BinaryForm, GridValues, NumberSet, PairSet, Parity, Sequence};

fn parity(parity: Parity) -> &'static str {
    match parity {
        Parity::Any => "any",
        Parity::Even => "even",
        Parity::Odd => "odd",
    }
}

/// A set of numbers: `form` and its parameters.
pub fn number_set(set: &NumberSet) -> Value {
    match set {
        NumberSet::Finite(members) => json!({ "form": "finite", "members": members }),
        NumberSet::Periodic {
            preperiod,
            period,
            members,
        } => {
            json!({ "form": "periodic", "preperiod": preperiod, "period": period, "members": members })
        }
        NumberSet::Odious => json!({ "form": "odious" }),
        NumberSet::Evil => json!({ "form": "evil" }),
        NumberSet::Powers { base, exponents } => {
            json!({ "form": "powers", "base": base, "exponents": parity(*exponents) })
        }
        NumberSet::Valuation(exponents) => {
            json!({ "form": "2-adic valuation", "exponents": parity(*exponents) })
        }
        NumberSet::Fibonacci => json!({ "form": "fibonacci" }),
        NumberSet::Squares => json!({ "form": "squares" }),
        NumberSet::Triangular => json!({ "form": "triangular" }),
        NumberSet::Beatty { difference, upper } => {
            json!({ "form": "beatty", "difference": difference, "upper": upper })
        }
        NumberSet::Bands { base, low, high } => {
            json!({ "form": "bands", "base": base, "low": low, "high": high })
        }
        NumberSet::Union(a, b) => {
            json!({ "form": "union", "sets": [number_set(a), number_set(b)] })
        }
        NumberSet::Except {
            set,
            added,
            removed,
        } => {
            json!({ "form": "except", "set": number_set(set), "added": added, "removed": removed })
        }
    }
}

fn pair_set(set: &PairSet) -> Value {
    match set {
        PairSet::Lattice {
            rows,
            columns,
            members,
        } => json!({
            "form": "lattice", "rows": rows, "columns": columns,
            "members": members.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
        }),
        PairSet::Diagonal => json!({ "form": "diagonal" }),
        PairSet::Beatty { difference } => {
            json!({ "form": "beatty pairs", "difference": difference })
        }
    }
}

fn binary_name(form: BinaryForm) -> &'static str {
    match form {
        BinaryForm::PopCount => "popcount",
        BinaryForm::Valuation => "2-adic valuation",
        BinaryForm::Ruler => "ruler",
        BinaryForm::Odious => "odious",
        BinaryForm::Evil => "evil",
    }
}

/// A sequence rule: `form` and its parameters.
pub fn sequence(rule: &Sequence) -> Value {
    match rule {
        Sequence::Linear {
            slope,
            offset,
            divisor,
        } => json!({ "form": "linear", "slope": slope, "offset": offset, "divisor": divisor }),
        Sequence::Remainder {
            modulus,
            shift,
            add,
        } => json!({ "form": "remainder", "modulus": modulus, "shift": shift, "add": add }),
        Sequence::Periodic(periodicity) => json!({
            "form": "periodic",
            "preperiod": periodicity.preperiod(),
            "period": periodicity.period(),
            "saltus": periodicity.saltus(),
            "values": periodicity.values().iter().collect::<Vec<_>>(),
        }),
        Sequence::Binary { form, shift } => {
            json!({ "form": binary_name(*form), "shift": shift })
        }
        Sequence::Except { rule, values } => json!({
            "form": "except", "rule": sequence(rule),
            "values": values.iter().map(|&(n, v)| [n, v]).collect::<Vec<_>>(),
        }),
        Sequence::Indicator(set) => json!({ "form": "indicator", "zero": number_set(set) }),
    }
}

fn grid_values(rule: &GridValues) -> Value {
    match rule {
        GridValues::Xor => json!({ "form": "xor" }),
        GridValues::Sum => json!({ "form": "sum" }),
        GridValues::Min => json!({ "form": "min" }),
        GridValues::Separable { rows, columns } => {
            json!({ "form": "separable", "rows": sequence(rows), "columns": sequence(columns) })
        }
        GridValues::Indicator(set) => json!({ "form": "indicator", "zero": pair_set(set) }),
        GridValues::Rows(rows) => json!({
            "form": "rows",
            "rows": rows.iter().map(|p| json!({
                "preperiod": p.preperiod(),
                "period": p.period(),
                "saltus": p.saltus(),
                "values": p.values().iter().collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        }),
    }
}

fn value_rule(rule: &ValueRule) -> Value {
    match rule {
        ValueRule::Sequence(rule) => sequence(rule),
        ValueRule::Grid(rule) => grid_values(rule),
    }
}

fn outcome_rule(rule: &OutcomeRule) -> Value {
    let classes: Vec<Value> = rule
        .classes
        .iter()
        .map(|(outcome, set)| {
            let positions = match set {
                Membership::Numbers(set) => number_set(set),
                Membership::Pairs(set) => pair_set(set),
            };
            json!({ "outcome": outcome.name(), "positions": positions })
        })
        .collect();
    json!({ "classes": classes, "otherwise": rule.otherwise.name() })
}

fn theorem_id(theorem: PatternTheorem) -> &'static str {
    match theorem {
        PatternTheorem::NimHeap => "nim-heap",
        PatternTheorem::BoutonMisere => "bouton-misere",
        PatternTheorem::Wythoff => "wythoff",
        PatternTheorem::Zeckendorf => "zeckendorf",
        PatternTheorem::Family { .. } => "family",
    }
}

fn status(status: &RuleStatus) -> (Value, Value) {
    match status {
        RuleStatus::Observed => (json!("observed"), Value::Null),
        RuleStatus::Certified(RuleProof::Theorem(theorem)) => (
            json!("certified"),
            json!({ "theorem": theorem_id(*theorem), "statement": theorem_name(*theorem) }),
        ),
        RuleStatus::Certified(RuleProof::Period {
            certificate,
            agree_to,
        }) => {
            let mut proof = super::theorem(certificate);
            proof["preperiod"] = json!(certificate.periodicity().preperiod());
            proof["period"] = json!(certificate.periodicity().period());
            proof["saltus"] = json!(certificate.periodicity().saltus());
            proof["agree_to"] = json!(agree_to);
            (json!("certified"), proof)
        }
    }
}

fn entry(entry: Option<Entry>) -> Value {
    match entry {
        Some(Entry::Value(v)) => json!({ "value": v }),
        Some(Entry::Outcome(outcome)) => json!({ "outcome": outcome.name() }),
        None => Value::Null,
    }
}

fn findings<R>(
    findings: &Findings<R>,
    form: impl Fn(&R) -> Value,
    sentence: impl Fn(&R) -> String,
) -> Value {
    let rules: Vec<Value> = findings
        .rules
        .iter()
        .map(|found| {
            let (status, proof) = status(&found.status);
            json!({
                "rule": form(&found.rule),
                "text": sentence(&found.rule),
                "status": status,
                "proof": proof,
                "fitted": found.fitted,
            })
        })
        .collect();
    let failed: Vec<Value> = findings
        .failed
        .iter()
        .map(|failed| {
            json!({
                "rule": form(&failed.rule),
                "text": sentence(&failed.rule),
                "at": failed.at,
                "table": entry(Some(failed.table)),
                "predicted": entry(failed.predicted),
                "beyond": failed.beyond,
            })
        })
        .collect();
    json!({ "rules": rules, "failed": failed })
}

/// A pattern report: `game`, `coordinates` (1 or 2), `found_to`, `checked_to`, `positions`,
/// `basis` (or null), `constant` (one outcome everywhere), `head` (the first positions: `at`,
/// `value` or null, `outcome`),
/// `outcomes` and `values` (or null), each with its `rules` (`rule`,
/// `text`, `status` — `certified` or `observed` —, `proof`, `fitted`) and the `failed`
/// candidates (`rule`, `text`, `at`, `table`, `predicted`, `beyond`).
pub fn pattern(report: &PatternReport) -> Value {
    json!({
        "game": report.game.to_string(),
        "coordinates": match report.coordinates {
            Coordinates::One => 1,
            Coordinates::Two => 2,
        },
        "found_to": report.found_to,
        "checked_to": report.checked_to,
        "positions": report.positions,
        "basis": report.basis.as_ref().map_or(Value::Null, super::basis),
        "outcomes": findings(&report.outcomes, outcome_rule, outcome_sentence),
        "values": report.values.as_ref().map_or(Value::Null, |values| findings(values, value_rule, value_sentence)),
        "constant": report.constant,
        "head": report.head.iter().map(|entry| json!({
            "at": entry.at,
            "value": entry.value,
            "outcome": entry.outcome.name(),
        })).collect::<Vec<_>>(),
    })
}
