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

use crate::wording;

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

/// `value` as the text [`print_json`] writes: pretty JSON and a final newline (`grundy serve`
/// answers with these bytes, so its JSON is the command line's).
pub(crate) fn json_bytes(value: &impl Serialize) -> serde_json::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec_pretty(value)?;
    bytes.push(b'\n');
    Ok(bytes)
}

pub(crate) fn print_json(value: &impl Serialize) -> anyhow::Result<()> {
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
pub(crate) struct Streamed<'a> {
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

pub(crate) fn theorem_json(certificate: &Certificate) -> Value {
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

pub(crate) fn basis_json(basis: &Basis) -> Value {
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
        Basis::Rule(
            rule @ grundy::ClosedForm::TameMisere {
                types,
                total,
                range,
            },
        ) => {
            let tame =
                |t: &grundy::theory::genus::Tame| json!({ "value": t.value, "firm": t.firm });
            json!({
                "kind": render::basis_kind(basis),
                "rule": render::rule_name(rule),
                "types": types.iter().map(tame).collect::<Vec<_>>(),
                "total": tame(total),
                "tame_to": match range {
                    grundy::TameRange::UpTo(n) => json!(n),
                    grundy::TameRange::EveryHeap => json!("every heap"),
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
            json!({ "kind": render::basis_kind(basis), "components": summands.iter().map(|summand| basis_json(&summand.basis)).collect::<Vec<_>>() })
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

pub(crate) fn solution_json(solution: &Solution) -> Value {
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
    if !solution.unlisted_moves.is_empty() {
        value["unlisted_moves"] = json!(
            solution
                .unlisted_moves
                .iter()
                .map(|family| json!({
                    "description": render::moves::unlisted(family),
                    "heap": family.heap,
                    "take": family.take,
                    "parts": family.parts,
                    "value": number(&family.value),
                }))
                .collect::<Vec<_>>()
        );
    }
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
    if !solution.unlisted_moves.is_empty() {
        // The count is of the moves listed; the families in `unlisted_moves` hold more.
        value["winning_moves_complete"] = json!(false);
    }
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
    print_json(&table_json(table))
}

/// A table as JSON: `game`, `from`, `to`, `values`, `outcomes`, `basis` (and `misere_grundy`,
/// `alias`).
pub(crate) fn table_json(table: &Table) -> Value {
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
    if let Some(rows) = &table.genera {
        value["genus"] = json!(
            rows.heaps
                .iter()
                .map(|heap| json!({
                    "heap": heap.heap,
                    "misere_grundy": heap.genus.misere(),
                    "grundy": heap.genus.normal(),
                    "genus": render::genus_notation(&heap.genus),
                    "exponents": heap.genus.exponents(),
                    "tame": matches!(heap.tameness, grundy::Tameness::Tame(_)),
                    "tameness": render::tameness(&heap.tameness),
                }))
                .collect::<Vec<_>>()
        );
        value["tame_to"] = json!(rows.tame_to);
        value["every_heap_tame"] = json!(rows.every_heap);
    }
    if let Some(alias) = table.game.alias() {
        value["alias"] = json!(alias);
    }
    value
}

/// Prints the grid of Wythoff Grundy values: `values[a][b]`.
pub fn grid(grid: &Grid, as_json: bool) -> anyhow::Result<()> {
    if !as_json {
        return print(&render::grid_text(grid));
    }
    print_json(&grid_json(grid))
}

/// The grid as JSON: `game`, `from`, `values[a][b]`, `outcomes` (and `misere_grundy`).
pub(crate) fn grid_json(grid: &Grid) -> Value {
    let outcomes = render::outcome_grid(&grid.values);
    let mut value = json!({ "game": grid.game.to_string(), "from": 0, "values": grid.values, "outcomes": outcomes });
    if grid.game.is_misere() {
        value["misere_grundy"] = json!(grid.values);
    }
    value
}

/// Prints a period report.
pub fn period(report: &PeriodReport, as_json: bool) -> anyhow::Result<()> {
    if as_json {
        print_json(&period_document(report))
    } else {
        print(&render::period_text(report, &TERMS))
    }
}

/// A period report as JSON, its values written from the report as the document is written.
pub(crate) fn period_document(report: &PeriodReport) -> Streamed<'_> {
    {
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
        Streamed { value, lazy }
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
            Search::NotFound { checked_to } => no_period_json(&report.game, Some(*checked_to)),
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
    print_json(&verification_json(verification))
}

/// A verification as JSON (the keys [`verification`] lists).
pub(crate) fn verification_json(verification: &Verification) -> Value {
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
    json!({
        "game": verification.game.to_string(),
        "to": verification.to,
        "seed": verification.seed,
        "brute_force_positions": verification.brute_force_positions,
        "agrees": verification.first_disagreement().is_none(),
        "checks": checks,
    })
}

/// Prints an explanation: its text or Markdown in `language`, or its steps as JSON.
pub fn explanation(
    explanation: &grundy::Explanation,
    as_json: bool,
    format: explain::Format,
    language: explain::Language,
    width: usize,
) -> anyhow::Result<()> {
    if as_json {
        return print_json(&explanation_json(explanation));
    }
    let text = explain::render(explanation, language, format, width)
        .map_err(|errors| anyhow::anyhow!("the messages failed to load: {}", errors.join("; ")))?;
    print(&text)
}

use grundy::analysis::explain::{
    self as steps, Derivation, OutcomeTable, ParityState, Pattern, Proof, Rule, State, Step,
    Terminal, ValueTable,
};
use grundy::render::explain;

/// The steps of an explanation as JSON, with the keys docs/explain.md documents.
pub fn explanation_json(explanation: &grundy::Explanation) -> Value {
    json!({
        "game": explanation.game.to_string(),
        "position": explanation.position.as_ref().map(ToString::to_string),
        "steps": explanation.steps.iter().map(|step| step_json(&explanation.game, step)).collect::<Vec<_>>(),
    })
}

fn step_json(game: &Game, step: &Step) -> Value {
    match step {
        Step::State(state) => state_json(state),
        Step::Terminal(terminal) => json!({
            "step": "terminal",
            "rule": match terminal {
                Terminal::Normal => "normal",
                Terminal::Misere => "misere",
                Terminal::ParityTie => "parity_tie",
            },
        }),
        Step::Table(table) => value_table_json(table),
        Step::Outcomes(table) => outcome_table_json(table),
        Step::Pattern(pattern) => pattern_json(pattern),
        Step::RareCommon { engine } => json!({
            "step": "rare_common",
            "threads": if *engine == grundy::TakeAndBreakEngine::Paired { 2 } else { 1 },
        }),
        Step::Rule(rule) => rule_json(rule),
        Step::Answer(answer) => answer_json(game, answer),
    }
}

fn state_json(state: &State) -> Value {
    use grundy::subtraction::SubtractionSet;
    match state {
        State::Heap { set } => match set {
            SubtractionSet::Finite(set) => {
                json!({ "step": "state", "kind": "heap", "amounts": set.members() })
            }
            SubtractionSet::AllBut(set) => {
                json!({ "step": "state", "kind": "heap", "all_but": set.excluded() })
            }
            SubtractionSet::Family(family) => {
                json!({ "step": "state", "kind": "heap", "family": family.name() })
            }
        },
        State::HeapWithRest { set } => {
            json!({ "step": "state", "kind": "heap", "amounts": set.members(), "rest": true })
        }
        State::NimHeaps => json!({ "step": "state", "kind": "nim_heaps" }),
        State::Pair => json!({ "step": "state", "kind": "pair" }),
        State::HeapAndQuota => json!({ "step": "state", "kind": "heap_and_quota" }),
        State::HeapAndLastMove { amounts } => json!({
            "step": "state", "kind": "heap_and_last_move", "amounts": amounts,
            "states_per_heap": amounts.len() + 1,
        }),
        State::BallsAndParities { amounts } => json!({
            "step": "state", "kind": "balls_and_parities", "amounts": amounts,
            "states_per_pile": 4,
        }),
        State::TakeAndBreak {
            code,
            most_heaps_left,
        } => json!({
            "step": "state", "kind": "take_and_break", "code": code.to_string(),
            "most_heaps_left": most_heaps_left,
        }),
        State::Sum { components } => json!({
            "step": "state", "kind": "sum",
            "components": components.iter().map(|c| json!({
                "game": c.game.to_string(), "position": c.position.to_string(),
            })).collect::<Vec<_>>(),
        }),
        State::Script => json!({ "step": "state", "kind": "script" }),
    }
}

fn p_or_n(value: u32) -> &'static str {
    if value == 0 { "P" } else { "N" }
}

fn value_table_json(table: &ValueTable) -> Value {
    json!({
        "step": "table",
        "game": table.game.to_string(),
        "play": if table.play == grundy::Play::Misere { "misere" } else { "normal" },
        "forbids_take": table.forbids,
        "rows": table.rows.iter().map(|row| json!({
            "n": row.n,
            "options": row.options.iter().map(|o| json!({
                "take": o.take,
                "parts": o.parts,
                "part_values": o.part_values,
                "value": o.value,
            })).collect::<Vec<_>>(),
            "mex_set": row.mex_set,
            "mex": row.mex,
            "value": row.value,
            "outcome": p_or_n(row.value),
        })).collect::<Vec<_>>(),
    })
}

fn parity_json(state: ParityState) -> Value {
    json!({ "left": state.left, "mine_odd": state.mine_odd, "theirs_odd": state.theirs_odd })
}

fn outcome_table_json(table: &OutcomeTable) -> Value {
    json!({
        "step": "outcomes",
        "rows": table.rows.iter().map(|row| json!({
            "state": parity_json(row.state),
            "options": row.options.iter().map(|(take, state, outcome)| json!({
                "take": take, "state": parity_json(*state), "outcome": grundy::oddball::symbol(*outcome),
            })).collect::<Vec<_>>(),
            "outcome": grundy::oddball::symbol(row.outcome),
        })).collect::<Vec<_>>(),
        "fresh": table.fresh.iter().map(|&o| grundy::oddball::symbol(o)).collect::<Vec<_>>(),
    })
}

fn uncertifiable_json(uncertifiable: Option<&grundy::Uncertifiable>) -> Value {
    json!(uncertifiable.map(ToString::to_string))
}

fn pattern_json(pattern: &Pattern) -> Value {
    let shape = pattern.shape.as_ref().map(|s| {
        json!({
            "preperiod": s.preperiod, "period": s.period, "saltus": s.saltus,
            "values": s.values, "complete": s.complete,
        })
    });
    let proof = match &pattern.proof {
        Proof::Certified {
            theorem,
            checked_to,
            window,
        } => {
            let mut object = json!({
                "kind": "certified",
                "theorem": render::theorem_id(theorem),
                "statement": render::theorem_statement(theorem),
                "checked_to": checked_to,
                "window_values": window.as_ref().map(|(first, repeat)| json!({ "first": first, "repeat": repeat })),
            });
            theorem_parameters(&mut object, theorem);
            object
        }
        Proof::Observed {
            checked_to,
            uncertifiable,
        } => json!({
            "kind": "observed", "checked_to": checked_to,
            "why_not_proved": uncertifiable_json(uncertifiable.as_ref()),
        }),
        Proof::NotFound {
            checked_to,
            uncertifiable,
        } => json!({
            "kind": "not_found", "checked_to": checked_to,
            "why_not_proved": uncertifiable_json(uncertifiable.as_ref()),
        }),
    };
    json!({ "step": "pattern", "shape": shape, "proof": proof })
}

fn rule_json(rule: &Rule) -> Value {
    match rule {
        Rule::Residues {
            preperiod,
            period,
            residues,
            early,
        } => json!({
            "step": "rule", "kind": "residues", "preperiod": preperiod, "period": period,
            "losing_residues": residues, "losing_below_preperiod": early,
        }),
        Rule::Finite { positions } => {
            json!({ "step": "rule", "kind": "finite", "losing_positions": positions })
        }
        Rule::Computed { checked_to } => {
            json!({ "step": "rule", "kind": "computed", "checked_to": checked_to })
        }
        Rule::BoutonXor => json!({ "step": "rule", "kind": "bouton_xor" }),
        Rule::BoutonMisere => json!({ "step": "rule", "kind": "bouton_misere" }),
        Rule::Wythoff { pairs } => json!({
            "step": "rule", "kind": "wythoff",
            "pairs": pairs.iter().map(|(k, a, b)| json!({ "k": k, "lower": a, "upper": b })).collect::<Vec<_>>(),
        }),
        Rule::Fibonacci { numbers } => {
            json!({ "step": "rule", "kind": "fibonacci", "losing_fresh_heaps": numbers })
        }
        Rule::SumXor => json!({ "step": "rule", "kind": "sum_xor" }),
        Rule::MisereSum => json!({ "step": "rule", "kind": "misere_sum" }),
        Rule::ParityTable => json!({ "step": "rule", "kind": "parity_table" }),
        Rule::Graph => json!({ "step": "rule", "kind": "graph" }),
    }
}

fn derivation_json(derivation: &Derivation) -> Value {
    match derivation {
        Derivation::Table { n } => json!({ "kind": "table", "n": number(n) }),
        Derivation::Periodic {
            n,
            period,
            preperiod,
            residue,
            index,
            periods,
            saltus,
        } => json!({
            "kind": "periodic", "n": number(n), "period": period, "preperiod": preperiod,
            "residue": residue, "index": index, "periods": number(periods), "saltus": saltus,
        }),
        Derivation::Xor(sum) => json!({
            "kind": "xor",
            "terms": sum.terms.iter().map(|t| json!({
                "label": t.label, "value": number(&t.value), "binary": t.value.to_str_radix(2),
                "target": number(&t.target), "move_here": t.target < t.value,
            })).collect::<Vec<_>>(),
            "xor": number(&sum.total),
            "xor_binary": sum.total.to_str_radix(2),
        }),
        Derivation::MisereNim {
            heaps,
            ones,
            all_small,
            xor,
        } => json!({
            "kind": "misere_nim", "heaps": heaps, "ones": ones, "all_small": all_small,
            "xor": number(xor),
        }),
        Derivation::Wythoff {
            small,
            large,
            difference,
            five_k_squared,
            root,
            lower,
        } => json!({
            "kind": "wythoff", "small": number(small), "large": number(large),
            "k": number(difference), "five_k_squared": number(five_k_squared),
            "isqrt": number(root), "lower": number(lower), "p_pair": lower == small,
        }),
        Derivation::Zeckendorf {
            heap,
            quota,
            terms,
            term_count,
            smallest,
        } => json!({
            "kind": "zeckendorf", "heap": number(heap), "quota": number(quota),
            "terms": terms.iter().map(number).collect::<Vec<_>>(), "term_count": term_count,
            "smallest": smallest.as_ref().map(number),
        }),
        Derivation::Parity { state } => json!({ "kind": "parity", "state": parity_json(*state) }),
        Derivation::Graph {
            positions,
            remoteness,
            loopy,
        } => json!({
            "kind": "graph", "positions": positions, "remoteness": remoteness,
            "loopy": loopy.as_ref().map(ToString::to_string),
        }),
    }
}

fn answer_json(game: &Game, answer: &steps::Answer) -> Value {
    json!({
        "step": "answer",
        "position": answer.position.to_string(),
        "value": answer.outcome.name(),
        "outcome": render::outcome_class(answer.outcome),
        "grundy": answer.value.as_ref().map(number),
        "derivation": derivation_json(&answer.derivation),
        "winning_moves": answer.winning_moves,
        "moves": answer.moves.iter().map(|m| {
            let mut value = move_json(game, &m.play);
            value["leaves"] = json!(m.leaves.as_ref().map(number));
            value["residue"] = json!(m.residue);
            value["value_left"] = json!(m.value.as_ref().map(number));
            value
        }).collect::<Vec<_>>(),
    })
}

/// A period survey written row by row as the reports arrive: a table, or a JSON array of the
/// objects `period --json` prints for one game (a game without an answer has `error` and `hint`
/// in place of a certificate).
pub(crate) struct SurveyOutput {
    json: bool,
    /// The width of the code column.
    width: usize,
    rows: usize,
    /// The first write that failed (a closed pipe ends the output quietly).
    failed: Option<io::Error>,
}

impl SurveyOutput {
    /// Starts the table (its header) or the array.
    pub(crate) fn start(games: &[Game], json: bool) -> Self {
        let width = games
            .iter()
            .map(|game| game.to_string().chars().count())
            .max()
            .unwrap_or(0)
            .max("code".len());
        let mut output = Self {
            json,
            width,
            rows: 0,
            failed: None,
        };
        if !json {
            let header = format!(
                "{:<width$}  {:>9}  {:>7}  {:>6}  {:>9}  basis\n",
                "code", "preperiod", "period", "saltus", "values"
            );
            output.write(header.as_bytes());
        }
        output
    }

    /// The row of `game`.
    pub(crate) fn row(&mut self, game: &Game, report: Result<PeriodReport, grundy::Error>) {
        let text = if self.json {
            let object = match report {
                Ok(report) => serde_json::to_string_pretty(&period_document(&report)),
                Err(error) => serde_json::to_string_pretty(&survey_error_json(game, error)),
            };
            let Ok(object) = object else { return };
            let separator = if self.rows == 0 { "[\n" } else { ",\n" };
            format!("{separator}  {}", object.replace('\n', "\n  "))
        } else {
            survey_row_text(game, report, self.width)
        };
        self.rows += 1;
        self.write(text.as_bytes());
    }

    /// Ends the array; reports a write that failed, but not a closed pipe.
    pub(crate) fn finish(mut self) -> anyhow::Result<()> {
        if self.json {
            let end: &[u8] = if self.rows == 0 { b"[]\n" } else { b"\n]\n" };
            self.write(end);
        }
        match self.failed {
            Some(error) if error.kind() != io::ErrorKind::BrokenPipe => Err(error.into()),
            _ => Ok(()),
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.failed.is_some() {
            return;
        }
        let mut stdout = io::stdout().lock();
        if let Err(error) = stdout.write_all(bytes).and_then(|()| stdout.flush()) {
            self.failed = Some(error);
        }
    }
}

/// The values a report examined: to the certificate's check, the observation's or the search's
/// end.
fn values_examined(search: &Search) -> u64 {
    match search {
        Search::Certified(certificate) => certificate.checked_to(),
        Search::Observed(observation) => observation.checked_to(),
        Search::NotFound { checked_to } => *checked_to,
    }
}

/// A survey's table row: code, preperiod, period, saltus, values examined, and how the period is
/// known (the theorem that certifies it), or why there is none.
fn survey_row_text(
    game: &Game,
    report: Result<PeriodReport, grundy::Error>,
    width: usize,
) -> String {
    let numbers = |p: &Periodicity| {
        [
            p.preperiod().to_string(),
            p.period().to_string(),
            p.saltus().to_string(),
        ]
    };
    let none = || ["-", "-", "-"].map(str::to_owned);
    let ([preperiod, period, saltus], values, basis) = match report {
        Ok(report) => {
            let values = values_examined(&report.search).to_string();
            match &report.search {
                Search::Certified(certificate) => (
                    numbers(certificate.periodicity()),
                    values,
                    format!("certified ({})", render::theorem_id(&certificate.theorem())),
                ),
                Search::Observed(observation) => (
                    numbers(observation.periodicity()),
                    values,
                    "observed, not proved".to_owned(),
                ),
                Search::NotFound { .. } => (none(), values, "no period found".to_owned()),
            }
        }
        Err(error) => {
            let values = match &error {
                grundy::Error::TimedOut { checked_to, .. } => checked_to.to_string(),
                _ => "-".to_owned(),
            };
            (
                none(),
                values,
                format!("error: {}", wording::describe(&error)),
            )
        }
    };
    let code = game.to_string();
    format!("{code:<width$}  {preperiod:>9}  {period:>7}  {saltus:>6}  {values:>9}  {basis}\n")
}

/// The JSON of a survey's game without an answer: the keys of `period --json`'s object with no
/// period, and the error and what would help.
fn survey_error_json(game: &Game, error: grundy::Error) -> Value {
    let checked_to = match &error {
        grundy::Error::TimedOut { checked_to, .. } => Some(*checked_to),
        _ => None,
    };
    let mut value = no_period_json(game, checked_to);
    value["error"] = json!(wording::describe(&error));
    value["hint"] = json!(wording::remedy(&anyhow::Error::new(error)));
    value
}

/// The JSON of `period --json` for a game with no period found in `checked_to` values.
fn no_period_json(game: &Game, checked_to: Option<u64>) -> Value {
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
