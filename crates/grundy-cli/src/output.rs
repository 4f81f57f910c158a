//! Printing library results as human text or JSON on stdout: the only place that prints answers.
//! The words come from [`grundy::render`]; this file assembles the JSON and writes.

use std::io::{self, Write as _};

use grundy::analysis::verify::{Answer, Verdict, Verification};
use grundy::period::{Certificate, Periodicity, Search, Theorem};
use grundy::render::moves as rendered;
use grundy::render::{self, Terms};
use grundy::{Basis, Game, Grid, Move, Part, PeriodReport, Solution, Table};
use num_bigint::BigUint;
use serde::Serialize;
use serde_json::{Number, Value, json};

/// The command line's names for the settings a text points to.
pub const TERMS: Terms<'static> = Terms {
    limit: "--max",
    full_listing: "--json",
};

/// An exact JSON number of any size.
fn number(n: &BigUint) -> Number {
    n.to_string()
        .parse()
        .expect("decimal digits are a JSON number")
}

fn print(text: &str) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        // A closed pipe (`grundy table … | head`) is not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

fn print_json(value: &impl Serialize) -> anyhow::Result<()> {
    // Written as a stream: a long list of values is never held as text (or as a tree).
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut stdout, value)
        .map_err(io::Error::from)
        .and_then(|()| stdout.write_all(b"\n"))
        .and_then(|()| stdout.flush());
    match written {
        // A closed pipe (`grundy period … --json | head`) is not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// A JSON object whose fields named in `lazy` are written from their sequences as the object is
/// written, in place of the placeholder in `value` (so a period of 6·10^7 values is never a tree).
struct Streamed<'a> {
    value: Value,
    lazy: Vec<(&'static str, Lazy<'a>)>,
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

impl Serialize for Streamed<'_> {
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

fn theorem_json(certificate: &Certificate) -> Value {
    let mut object = json!({
        "theorem": render::theorem_id(&certificate.theorem()),
        "statement": render::theorem_statement(&certificate.theorem()),
        "checked_to": certificate.checked_to(),
    });
    match certificate.theorem() {
        Theorem::Window { window } => object["window"] = json!(window),
        Theorem::AllBut { largest_excluded } => {
            object["largest_excluded"] = json!(largest_excluded);
        }
        Theorem::Residue { modulus } => object["modulus"] = json!(modulus),
        Theorem::GuySmith { last_digit, heaps } => {
            object["last_digit"] = json!(last_digit);
            object["heaps"] = json!(heaps);
        }
    }
    object
}

fn basis_json(basis: &Basis) -> Value {
    match basis {
        Basis::Certified(certificate) => {
            let p = certificate.periodicity();
            let mut object = theorem_json(certificate);
            object["preperiod"] = json!(p.preperiod());
            object["period"] = json!(p.period());
            object["saltus"] = json!(p.saltus());
            json!({ "kind": render::basis_kind(basis), "certificate": object })
        }
        Basis::Computed { computed } => {
            json!({ "kind": render::basis_kind(basis), "computed": computed })
        }
        Basis::Rule(rule) => {
            json!({ "kind": render::basis_kind(basis), "rule": render::rule_name(rule) })
        }
        Basis::Search { positions, .. } => {
            json!({ "kind": render::basis_kind(basis), "positions": positions })
        }
        Basis::Components(summands) => {
            json!({ "kind": render::basis_kind(basis), "components": summands.iter().map(|summand| basis_json(&summand.basis)).collect::<Vec<_>>() })
        }
    }
}

/// Prints the summary of a long run.
pub fn sequence_summary(summary: &crate::long_run::Summary, as_json: bool) -> anyhow::Result<()> {
    let sequence = &summary.sequence;
    if as_json {
        let checksum = format!("{:016x}", sequence.checksum());
        let count = sequence.values.len();
        return print_json(&json!({
            "game": sequence.game.to_string(),
            "count": count,
            "resumed_from": sequence.resumed_from,
            "largest": sequence.largest(),
            "checksum": checksum,
            "seconds": summary.seconds,
            "period_from": sequence.period.as_ref().map(|finish| finish.from),
        }));
    }
    print(&render::sequence_text(sequence, summary.seconds))
}

/// Prints one line.
pub fn line(text: &str) -> anyhow::Result<()> {
    print(&format!("{text}\n"))
}

/// Prints text as it is (a judge's output, a report, a generated source).
pub fn text(text: &str) -> anyhow::Result<()> {
    print(text)
}

/// Prints a contest answer: one symbol per pile (`+`, `0`, `-`), separated by spaces.
pub fn contest(answers: &[grundy::Outcome]) -> anyhow::Result<()> {
    line(&grundy::oddball::answer_line(answers))
}

/// Prints a solution.
pub fn solution(solution: &Solution, as_json: bool) -> anyhow::Result<()> {
    if as_json {
        print_json(&solution_json(solution))
    } else {
        print(&render::solution_text(solution, &TERMS))
    }
}

/// A winning move in JSON: `move`, `to`, and for a move carrying only the changed part, which
/// heap or component `to` replaces (from 1).
fn move_json(game: &Game, play: &Move) -> Value {
    let mut value = json!({
        "move": rendered::description(game, play),
        "to": rendered::target(game, play),
    });
    match play.part() {
        Part::Whole => {}
        Part::Heap { index } => value["replaces_heap"] = json!(index + 1),
        Part::Component { index } => value["replaces_component"] = json!(index + 1),
        Part::Family { moves } => value["moves_in_class"] = json!(moves),
    }
    value
}

fn solution_json(solution: &Solution) -> Value {
    let mut value = json!({
        "game": solution.game.to_string(),
        "position": solution.position.to_string(),
        "value": solution.outcome.name(),
        "outcome": render::outcome_class(solution.outcome),
        "grundy": solution.grundy.as_ref().map(number),
        "winning_moves": solution.winning_moves.iter().map(|m| move_json(&solution.game, m)).collect::<Vec<_>>(),
        "reason": render::reason(solution, &TERMS),
        "basis": basis_json(&solution.basis),
    });
    if !solution.moves.is_empty() || solution.remoteness.is_some() {
        value["remoteness"] = json!(solution.remoteness);
        value["moves"] = json!(
            solution
                .moves
                .iter()
                .map(|m| json!({
                    "move": rendered::description(&solution.game, &m.play),
                    "to": rendered::target(&solution.game, &m.play),
                    "value": m.value.name(),
                    "remoteness": m.remoteness,
                }))
                .collect::<Vec<_>>()
        );
        value["best_move"] = json!(solution.best_move().map(|m| json!({
            "move": rendered::description(&solution.game, &m.play),
            "to": rendered::target(&solution.game, &m.play),
            "value": m.value.name(),
            "remoteness": m.remoteness,
        })));
    }
    if let Some(alias) = solution.game.alias() {
        value["alias"] = json!(alias);
    }
    if !solution.heap_values.is_empty() {
        value["heap_values"] = json!(solution.heap_values.iter().map(number).collect::<Vec<_>>());
    }
    value["winning_move_count"] = json!(number(&solution.winning_move_count()));
    if let Some(grundy::solver::Loopy::Infinite(k)) = &solution.loopy {
        value["generalised_grundy"] = json!({ "infinite": true, "options": k });
    }
    if let Some(misere) = &solution.misere_grundy {
        value["misere_grundy"] = json!(number(misere));
    }
    value
}

/// Prints a table: the seed-style rows `n`, `G(n)`, `P/N`, wrapped to `width` columns.
pub fn table(table: &Table, as_json: bool, width: usize) -> anyhow::Result<()> {
    if !as_json {
        return print(&render::table_text(table, width));
    }
    let values: Vec<Number> = table.values.iter().map(number).collect();
    let mut value = json!({
        "game": table.game.to_string(),
        "from": number(&table.from),
        "to": number(&(&table.from + table.values.len() - 1u32)),
        "values": values,
        "outcomes": render::outcome_row(&table.values),
        "basis": basis_json(&table.basis),
    });
    if table.game.is_misere() {
        value["misere_grundy"] = json!(values);
    }
    if let Some(alias) = table.game.alias() {
        value["alias"] = json!(alias);
    }
    print_json(&value)
}

/// Prints the grid of Wythoff Grundy values: `values[a][b]`.
pub fn grid(grid: &Grid, as_json: bool) -> anyhow::Result<()> {
    if !as_json {
        return print(&render::grid_text(grid));
    }
    let outcomes = render::outcome_grid(&grid.values);
    let mut value = json!({ "game": grid.game.to_string(), "from": 0, "values": grid.values, "outcomes": outcomes });
    if grid.game.is_misere() {
        value["misere_grundy"] = json!(grid.values);
    }
    print_json(&value)
}

/// Prints a period report.
pub fn period(report: &PeriodReport, as_json: bool) -> anyhow::Result<()> {
    if as_json {
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
        print_json(&Streamed { value, lazy })
    } else {
        print(&render::period_text(report, &TERMS))
    }
}

fn period_json(report: &PeriodReport) -> Value {
    {
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
                value["certificate"] = theorem_json(certificate);
                value
            }
            Search::Observed(observation) => {
                let mut value = periodic(observation.periodicity(), false);
                value["checked_to"] = json!(observation.checked_to());
                value["note"] = json!(render::OBSERVED_NOTE);
                value
            }
            Search::NotFound { checked_to } => json!({
                "game": report.game.to_string(),
                "preperiod": null,
                "period": null,
                "saltus": null,
                "values": null,
                "certified": false,
                "certificate": null,
                "checked_to": checked_to,
            }),
        }
    }
}

/// Prints a verification: the text, or JSON with `game`, `to`, `seed`, `brute_force_positions`,
/// `agrees` and `checks` (each with `path`, `compared`, `verdict` — `agrees`, `disagrees` or
/// `skipped` — and `skipped_because` or `disagreement`).
pub fn verification(verification: &Verification, as_json: bool) -> anyhow::Result<()> {
    if !as_json {
        return print(&render::verify::verification_text(verification));
    }
    let play = verification.game.play();
    let answer = |answer: &Answer| match answer {
        Answer::Value(v) => json!({ "value": number(v) }),
        Answer::Outcome(outcome) => json!({ "outcome": outcome.name() }),
        Answer::Leaves(positions) => {
            json!({ "winning_moves_leave": positions.iter().map(ToString::to_string).collect::<Vec<_>>() })
        }
    };
    let checks: Vec<Value> = verification
        .checks
        .iter()
        .map(|check| {
            let mut value = json!({
                "path": render::verify::path_name(&check.path),
                "compared": check.compared,
            });
            match &check.verdict {
                Verdict::Agreed => value["verdict"] = json!("agrees"),
                Verdict::Skipped(skip) => {
                    value["verdict"] = json!("skipped");
                    value["skipped_because"] = json!(render::verify::skip_text(skip));
                }
                Verdict::Disagreed(d) => {
                    value["verdict"] = json!("disagrees");
                    value["disagreement"] = json!({
                        "game": d.game.to_string(),
                        "position": d.position.to_string(),
                        "brute_force": answer(&d.brute_force),
                        "fast": answer(&d.fast),
                        "text": format!(
                            "the brute force finds {}, the fast path {}",
                            render::verify::answer_text(&d.brute_force, play),
                            render::verify::answer_text(&d.fast, play)
                        ),
                    });
                }
            }
            value
        })
        .collect();
    print_json(&json!({
        "game": verification.game.to_string(),
        "to": verification.to,
        "seed": verification.seed,
        "brute_force_positions": verification.brute_force_positions,
        "agrees": verification.first_disagreement().is_none(),
        "checks": checks,
    }))
}
