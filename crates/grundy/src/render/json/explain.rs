//! The document of `explain --json`: the steps of an explanation, with the keys docs/explain.md
//! documents.

use serde_json::{Value, json};

use super::answers::move_object;
use super::{number, theorem_parameters};
use crate::analysis::explain::{
    self as steps, Derivation, Explanation, OutcomeTable, ParityState, Pattern, Proof, Rule, State,
    Step, Terminal, ValueTable,
};
use crate::games::game::Game;
use crate::render;

/// An explanation: `game`, `position` and its `steps`, each with `step` naming its kind.
pub fn explanation(explanation: &Explanation) -> Value {
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
        Step::Positions(table) => position_table_json(table),
        Step::Pattern(pattern) => pattern_json(pattern),
        Step::Found(report) => {
            let mut object = super::pattern(report);
            object["step"] = json!("found");
            object
        }
        Step::RareCommon { engine } => json!({
            "step": "rare_common",
            "threads": if *engine == crate::engine::octal::TakeAndBreakEngine::Paired { 2 } else { 1 },
        }),
        Step::Rule(rule) => rule_json(rule),
        Step::Answer(answer) => answer_json(game, answer),
    }
}

fn state_json(state: &State) -> Value {
    use crate::games::subtraction::SubtractionSet;
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
        State::Every { components } => json!({
            "step": "state", "kind": "every",
            "components": components.iter().map(|c| json!({
                "game": c.game.to_string(), "position": c.position.to_string(),
            })).collect::<Vec<_>>(),
        }),
        State::Script => json!({ "step": "state", "kind": "script" }),
        State::Family { game, rules } => {
            json!({ "step": "state", "kind": "family", "game": game, "rules": rules.en })
        }
        State::Searched {
            family,
            rules,
            without,
        } => json!({
            "step": "state", "kind": "searched", "family": family, "rules": rules.en,
            "without_theorem": without.map(|why| why.en),
        }),
    }
}

fn p_or_n(value: u32) -> &'static str {
    if value == 0 { "P" } else { "N" }
}

fn value_table_json(table: &ValueTable) -> Value {
    json!({
        "step": "table",
        "game": table.game.to_string(),
        "play": if table.play == crate::games::play::Play::Misere { "misere" } else { "normal" },
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
                "take": take, "state": parity_json(*state), "outcome": crate::games::oddball::symbol(*outcome),
            })).collect::<Vec<_>>(),
            "outcome": crate::games::oddball::symbol(row.outcome),
        })).collect::<Vec<_>>(),
        "fresh": table.fresh.iter().map(|&o| crate::games::oddball::symbol(o)).collect::<Vec<_>>(),
    })
}

fn position_table_json(table: &crate::analysis::explain::PositionTable) -> Value {
    use crate::analysis::explain::PositionValue;
    let value = |value: &PositionValue| match value {
        PositionValue::Nimber(m) => json!({ "grundy": m }),
        PositionValue::Infinite(k) => json!({ "infinite": k }),
        PositionValue::Outcome(outcome) => json!({ "outcome": outcome.name() }),
    };
    json!({
        "step": "positions",
        "valued": table.valued,
        "grundy_values": table.nimbers,
        "rows": table.rows.iter().map(|row| json!({
            "position": row.position,
            "parts": row.parts.iter().map(|(part, v)| json!({ "position": part, "value": value(v) })).collect::<Vec<_>>(),
            "options": row.options.iter().map(|option| json!({
                "move": option.label, "to": option.to, "value": value(&option.value),
            })).collect::<Vec<_>>(),
            "value": value(&row.value),
        })).collect::<Vec<_>>(),
    })
}

fn uncertifiable_json(uncertifiable: Option<&crate::analysis::Uncertifiable>) -> Value {
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
        Rule::Theorem { name, statement } => json!({
            "step": "rule", "kind": "theorem", "name": name.en, "statement": statement.en,
        }),
    }
}

/// A greedy representation's derivation (dynamic subtraction): the heap, the quota, the first
/// terms of the sequence, the heap's terms by index and the opponent's quota after the smallest.
fn greedy_json(derivation: &Derivation) -> Value {
    let Derivation::Greedy {
        heap,
        quota,
        sequence,
        terms,
        next_quota,
    } = derivation
    else {
        return Value::Null;
    };
    json!({
        "kind": "greedy", "heap": number(heap), "quota": number(quota),
        "sequence": sequence.iter().map(number).collect::<Vec<_>>(),
        "terms": terms.iter().map(|(index, term)| json!({
            "index": index, "term": number(term),
        })).collect::<Vec<_>>(),
        "next_quota": next_quota.as_ref().map(number),
    })
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
                "label": t.label.to_string(), "value": number(&t.value), "binary": t.value.to_str_radix(2),
                "target": number(&t.target), "move_here": t.target < t.value,
            })).collect::<Vec<_>>(),
            "xor": number(&sum.total),
            "xor_binary": sum.total.to_str_radix(2),
        }),
        Derivation::Theorem(sum) => json!({
            "kind": "theorem",
            "terms": sum.terms.iter().map(|t| json!({
                "label": t.label.to_string(), "value": number(&t.value),
            })).collect::<Vec<_>>(),
            "xor": number(&sum.total),
        }),
        Derivation::Infinite {
            finite,
            node,
            options,
        } => json!({
            "kind": "infinite",
            "finite_xor": number(&finite.total),
            "node": node.as_ref().map(number),
            "options": options.iter().map(number).collect::<Vec<_>>(),
        }),
        Derivation::Places {
            places, modulus, ..
        } => json!({
            "kind": "places",
            "places": places.iter().map(|(place, ones)| json!({
                "place": place, "ones": number(ones),
            })).collect::<Vec<_>>(),
            "modulus": modulus,
        }),
        Derivation::Steps { components } => json!({
            "kind": "every_steps",
            "components": components.iter().map(|(game, steps)| json!({
                "game": game, "steps": number(steps),
            })).collect::<Vec<_>>(),
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
        Derivation::Greedy { .. } => greedy_json(derivation),
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
            let mut value = move_object(game, &m.play);
            value["leaves"] = json!(m.leaves.as_ref().map(number));
            value["residue"] = json!(m.residue);
            value["value_left"] = json!(m.value.as_ref().map(number));
            value
        }).collect::<Vec<_>>(),
    })
}
