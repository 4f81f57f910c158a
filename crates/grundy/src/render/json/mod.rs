//! Answers as JSON documents: the keys the command line's `--json` prints and `grundy serve`
//! answers with, built here once so that every front end writes the same bytes (the key lists
//! are in the README and docs/).
//!
//! Every builder is pure and total: it reads a typed answer and returns a [`serde_json::Value`]
//! (or, for a period whose values may run to millions, a [`Document`] that writes them as it is
//! written). Numbers of any size stay exact (a `BigUint` becomes a JSON number with every digit).
//! The words inside come from [`crate::render`]; a front end names its settings through
//! [`Terms`](crate::render::Terms).

mod answers;
mod explain;
mod pattern;
mod period;
mod play;
mod plot;
mod quotient;

pub use answers::{
    certificate_check, grid, nim_product, sequence, solution, table, tabulation, verification,
};
pub use explain::explanation;
pub use pattern::{number_set, pattern, sequence as sequence_rule};
pub use period::{no_period, period, period_answer, survey_failure};
pub use play::{options, turn};
pub use plot::{drawing, plot};
pub use quotient::{checkpoint, quotient};

use num_bigint::BigUint;
use serde::Serialize;
use serde_json::{Number, Value, json};

use crate::analysis::{Basis, ClosedForm, TameRange};
use crate::render;
use crate::theory::period::{Certificate, Periodicity, Theorem};

/// An exact JSON number of any size.
fn number(n: &BigUint) -> Number {
    n.to_string()
        .parse()
        .expect("decimal digits are a JSON number")
}

/// `value` as the text every front end writes: pretty JSON and a final newline.
///
/// # Errors
/// What the serializer reports (a map with keys that are not strings, which no document here
/// has).
///
/// # Example
/// ```
/// let bytes = grundy::render::json::to_bytes(&serde_json::json!({ "game": "nim" }))?;
/// assert_eq!(bytes, b"{\n  \"game\": \"nim\"\n}\n");
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn to_bytes(value: &impl Serialize) -> serde_json::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec_pretty(value)?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// Writes `value` as [`to_bytes`] would, as a stream: a long list of values is never held as
/// text (or as a tree).
///
/// # Errors
/// The writer's error.
pub fn write(writer: impl std::io::Write, value: &impl Serialize) -> std::io::Result<()> {
    let mut writer = std::io::BufWriter::new(writer);
    serde_json::to_writer_pretty(&mut writer, value).map_err(std::io::Error::from)?;
    writer.write_all(b"\n")?;
    writer.flush()
}

use std::io::Write as _;

/// A JSON object whose fields named in `lazy` are written from their sequences as the object is
/// written, in place of the placeholder in `value` (so a period of 6·10^7 values is never a tree).
pub struct Document<'a> {
    value: Value,
    lazy: Vec<(&'static str, Lazy<'a>)>,
}

impl Document<'_> {
    /// Adds (or replaces) a key of the object, after the keys it has.
    pub fn insert(&mut self, key: &str, value: Value) {
        if let Some(object) = self.value.as_object_mut() {
            object.insert(key.to_owned(), value);
        }
    }
}

/// A sequence written element by element.
enum Lazy<'a> {
    /// Values of a periodicity.
    Values(&'a Periodicity),
    /// The state vector of each value id of a periodicity.
    StateVectors(&'a Periodicity, &'a [Vec<u32>]),
}

impl Serialize for Lazy<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Values(p) => serializer.collect_seq(p.values().iter()),
            Self::StateVectors(p, vectors) => serializer.collect_seq(
                p.values()
                    .iter()
                    .map(|id| vectors.get(id as usize).map_or(&[][..], Vec::as_slice)),
            ),
        }
    }
}

impl Serialize for Document<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let Some(object) = self.value.as_object() else {
            return self.value.serialize(serializer);
        };
        let mut map = serializer.serialize_map(Some(object.len()))?;
        for (key, value) in object {
            match self.lazy.iter().find(|(name, _)| name == key) {
                Some((_, lazy)) => map.serialize_entry(key, lazy)?,
                None => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}

/// A certificate's theorem: `theorem`, `statement`, `checked_to` and the theorem's parameters.
pub fn theorem(certificate: &Certificate) -> Value {
    let mut object = json!({
        "theorem": render::theorem_id(&certificate.theorem()),
        "statement": render::theorem_statement(&certificate.theorem()),
        "checked_to": certificate.checked_to(),
    });
    theorem_parameters(&mut object, &certificate.theorem());
    object
}

/// A theorem's parameters, added to its JSON object.
fn theorem_parameters(object: &mut Value, theorem: &Theorem) {
    match *theorem {
        Theorem::Window { window } => object["window"] = json!(window),
        Theorem::AllBut { largest_excluded } => {
            object["largest_excluded"] = json!(largest_excluded);
        }
        Theorem::Residue { modulus } => object["modulus"] = json!(modulus),
        Theorem::GuySmith { last_digit, heaps } => {
            object["last_digit"] = json!(last_digit);
            object["heaps"] = json!(heaps);
        }
        Theorem::TakeAndBreakFamilies { small_below } => {
            object["small_below"] = json!(small_below);
        }
    }
}

/// What values rest on: `kind` and its own keys (a certificate, the values computed, a rule, a
/// search, the components of a sum, a misère quotient).
pub fn basis(basis: &Basis) -> Value {
    match basis {
        Basis::Certified(certificate) => {
            let p = certificate.periodicity();
            let mut object = theorem(certificate);
            object["preperiod"] = json!(p.preperiod());
            object["period"] = json!(p.period());
            object["saltus"] = json!(p.saltus());
            json!({ "kind": render::basis_kind(basis), "certificate": object })
        }
        Basis::Computed { computed } => {
            json!({ "kind": render::basis_kind(basis), "computed": computed })
        }
        Basis::Rule(
            rule @ ClosedForm::TameMisere {
                types,
                total,
                range,
            },
        ) => {
            let tame = |t: &crate::theory::genus::Tame| json!({ "value": t.value, "firm": t.firm });
            json!({
                "kind": render::basis_kind(basis),
                "rule": render::rule_name(rule),
                "types": types.iter().map(tame).collect::<Vec<_>>(),
                "total": tame(total),
                "tame_to": match range {
                    TameRange::UpTo(n) => json!(n),
                    TameRange::EveryHeap => json!("every heap"),
                },
            })
        }
        Basis::Rule(rule) => {
            json!({ "kind": render::basis_kind(basis), "rule": render::rule_name(rule) })
        }
        Basis::Search { positions, .. } => {
            json!({ "kind": render::basis_kind(basis), "positions": positions })
        }
        Basis::Components(summands) => {
            json!({ "kind": render::basis_kind(basis), "components": summands.iter().map(|summand| self::basis(&summand.basis)).collect::<Vec<_>>() })
        }
        Basis::MisereQuotient(q) => json!({
            "kind": render::basis_kind(basis),
            "theorem": "misère quotient (Plambeck–Siegel), docs/misere-quotients.md",
            "order": q.order,
            "losing": q.losing,
            "heaps": q.heaps,
            "closed": q.closure.is_some(),
            "preperiod": q.closure.map(|c| c.preperiod),
            "period": q.closure.map(|c| c.period),
            "product": render::quotient::word(&q.product),
            "product_in_p": q.in_losing,
        }),
    }
}
