//! The documents of `solve`, `table` (a table or a grid), `verify` and `sequence`.

use serde_json::{Number, Value, json};

use super::{basis, number};
use crate::analysis::verify::{Answer, Verdict, Verification};
use crate::analysis::{
    Grid, Move, Outcome, OutcomeRow, Part, Sequence, Solution, Table, Tabulation, Tameness,
};
use crate::games::game::Game;
use crate::render::{self, Terms, moves};
use crate::theory::solver::Loopy;

/// A move in JSON: `move`, `to`, and for a move carrying only the changed part, which heap or
/// component `to` replaces (from 1), or how many moves its class holds.
pub(super) fn move_object(game: &Game, play: &Move) -> Value {
    let to = match play.to {
        // A move whose position is not written says what it does in "move" alone.
        crate::analysis::Target::Unwritten => Value::Null,
        _ => json!(moves::target(game, play)),
    };
    let mut value = json!({
        "move": moves::description(game, play),
        "to": to,
    });
    match play.part() {
        Part::Whole => {}
        Part::Heap { index } => value["replaces_heap"] = json!(index + 1),
        Part::Component { index } => value["replaces_component"] = json!(index + 1),
        Part::Family { moves } => value["moves_in_class"] = json!(number(&moves)),
    }
    value
}

/// A solution: `game`, `position`, `value`, `outcome`, `grundy`, `winning_moves`, `reason` (in
/// the front end's `terms`), `basis`, `winning_move_count`, and where they apply `unlisted_moves`,
/// `remoteness`, `moves`, `best_move`, `alias`, `heap_values`, `generalised_grundy` and
/// `misere_grundy`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, parse_game, render::Terms};
/// let game = parse_game("bash:3")?;
/// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("10")?)?;
/// let terms = Terms { limit: "max", full_listing: "json" };
/// let document = grundy::render::json::solution(&solution, &terms);
/// assert_eq!(document["value"], "win");
/// assert_eq!(document["winning_moves"][0]["to"], "8");
/// # Ok(()) }
/// ```
pub fn solution(solution: &Solution, terms: &Terms<'_>) -> Value {
    let game = &solution.game;
    let mut value = json!({
        "game": game.to_string(),
        "position": solution.position.to_string(),
        "value": solution.outcome.name(),
        "outcome": render::outcome_class(solution.outcome),
        "grundy": solution.grundy.as_ref().map(number),
        "winning_moves": solution.winning_moves.iter().map(|m| move_object(game, m)).collect::<Vec<_>>(),
        "reason": render::reason(solution, terms),
        "basis": basis(&solution.basis),
    });
    if !solution.unlisted_moves.is_empty() {
        value["unlisted_moves"] = json!(
            solution
                .unlisted_moves
                .iter()
                .map(|family| json!({
                    "description": moves::unlisted(family),
                    "heap": family.heap,
                    "take": family.take,
                    "parts": family.parts,
                    "value": number(&family.value),
                }))
                .collect::<Vec<_>>()
        );
    }
    if !solution.moves.is_empty() || solution.remoteness.is_some() {
        let valued = |m: &crate::analysis::ScoredMove| {
            json!({
                "move": moves::description(game, &m.play),
                "to": moves::target(game, &m.play),
                "value": m.value.name(),
                "remoteness": m.remoteness,
            })
        };
        value["remoteness"] = json!(solution.remoteness);
        value["moves"] = json!(solution.moves.iter().map(valued).collect::<Vec<_>>());
        value["best_move"] = json!(solution.best_move().map(valued));
    }
    if let Some(alias) = game.alias() {
        value["alias"] = json!(alias);
    }
    if !solution.heap_values.is_empty() {
        value["heap_values"] = json!(solution.heap_values.iter().map(number).collect::<Vec<_>>());
    }
    value["winning_move_count"] = json!(number(&solution.winning_move_count()));
    if let Some(reason) = &solution.moves_withheld {
        // Not counted: the moves were not looked for.
        value["winning_move_count"] = Value::Null;
        value["winning_moves_withheld"] = json!(reason);
        value["winning_moves_complete"] = json!(false);
    }
    if !solution.unlisted_moves.is_empty() {
        // The count is of the moves listed; the families in `unlisted_moves` hold more.
        value["winning_moves_complete"] = json!(false);
    }
    if let Some(Loopy::Infinite(k)) = &solution.loopy {
        value["generalised_grundy"] = json!({ "infinite": true, "options": k });
    }
    if let Some(misere) = &solution.misere_grundy {
        value["misere_grundy"] = json!(number(misere));
    }
    value
}

/// A table: `game`, `from`, `to`, `values`, `outcomes`, `basis` (and `misere_grundy`, the genus
/// rows with `tame_to` and `every_heap_tame`, `alias`).
pub fn table(table: &Table) -> Value {
    let values: Vec<Number> = table.values.iter().map(number).collect();
    let mut value = json!({
        "game": table.game.to_string(),
        "from": number(&table.from),
        "to": number(&(&table.from + table.values.len() - 1u32)),
        "values": values,
        "outcomes": render::outcome_row(&table.values),
        "basis": basis(&table.basis),
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
                    "tame": matches!(heap.tameness, Tameness::Tame(_)),
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

/// A table ([`table`]) or a grid ([`grid`]).
pub fn tabulation(tabulation: &Tabulation) -> Value {
    match tabulation {
        Tabulation::Table(values) => table(values),
        Tabulation::Grid(values) => grid(values),
        Tabulation::Outcomes(row) => outcome_row(row),
    }
}

/// Outcomes without values: `game`, `from`, `to`, `values` (`null`), `outcomes` (a letter a
/// position, `P` or `N`), `basis`.
pub fn outcome_row(row: &OutcomeRow) -> Value {
    let outcomes: String = row
        .outcomes
        .iter()
        .map(|outcome| if *outcome == Outcome::Lose { 'P' } else { 'N' })
        .collect();
    json!({
        "game": row.game.to_string(),
        "from": number(&row.from),
        "to": number(&(&row.from + row.outcomes.len() - 1u32)),
        "values": Value::Null,
        "outcomes": outcomes,
        "basis": basis(&row.basis),
    })
}

/// A grid of two heaps: `game`, `from`, `values[a][b]`, `outcomes` (and `misere_grundy`).
pub fn grid(grid: &Grid) -> Value {
    let outcomes = render::outcome_grid(&grid.values);
    let mut value = json!({ "game": grid.game.to_string(), "from": 0, "values": grid.values, "outcomes": outcomes });
    if grid.game.is_misere() {
        value["misere_grundy"] = json!(grid.values);
    }
    value
}

/// A nim product: `factors` and `product`, exact numbers.
pub fn nim_product(product: &crate::analysis::nimber::NimProduct) -> Value {
    let factors: Vec<Number> = product.factors.iter().map(number).collect();
    json!({ "factors": factors, "product": number(&product.product) })
}

/// A verification: `game`, `to`, `seed`, `brute_force` (`rules` or `script-interpreter`),
/// A certificate's re-check: `game`, `certificate` (as [`theorem`](super::theorem) writes it),
/// `preperiod`, `period`, `saltus`, `holds` and `failure` (the first check that failed, or null).
pub fn certificate_check(check: &crate::analysis::verify::CertificateCheck) -> Value {
    let periodicity = check.certificate.periodicity();
    json!({
        "game": check.game.to_string(),
        "certificate": super::theorem(&check.certificate),
        "preperiod": periodicity.preperiod(),
        "period": periodicity.period(),
        "saltus": periodicity.saltus(),
        "holds": check.holds(),
        "failure": check.failure.as_ref().map(ToString::to_string),
    })
}

/// `brute_force_positions`, `agrees` and `checks` (each
/// with `path`, `compared`, `verdict` — `agrees`, `disagrees` or `skipped` — and
/// `skipped_because` or `disagreement`).
pub fn verification(verification: &Verification) -> Value {
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
        "brute_force": match verification.brute_force {
            crate::analysis::verify::BruteForce::Interpreted => "script-interpreter",
            crate::analysis::verify::BruteForce::Options => "options",
            crate::analysis::verify::BruteForce::JointMoves => "joint-moves",
            crate::analysis::verify::BruteForce::Rules => "rules",
        },
        "brute_force_positions": verification.brute_force_positions,
        "agrees": verification.first_disagreement().is_none(),
        "checks": checks,
    })
}

/// The summary of a long run that took `seconds`: `game`, `count`, `resumed_from`, `largest`,
/// `checksum` (16 hexadecimal digits), `seconds` and `period_from`.
pub fn sequence(sequence: &Sequence, seconds: f64) -> Value {
    json!({
        "game": sequence.game.to_string(),
        "count": sequence.values.len(),
        "resumed_from": sequence.resumed_from,
        "largest": sequence.largest(),
        "checksum": format!("{:016x}", sequence.checksum()),
        "seconds": seconds,
        "period_from": sequence.period.as_ref().map(|finish| finish.from),
    })
}
