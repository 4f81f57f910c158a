//! The documents of a game in play: a position's options (`grundy play --json`'s position lines,
//! `grundy serve`'s `/api/options`) and a turn of its history.

use num_bigint::BigUint;
use serde_json::{Value, json};

use super::number;
use crate::analysis::play::{Options, PlayBasis, Turn};
use crate::games::position::Position;
use crate::render::{moves, play};

/// The options of a position: `game`, `position`, `outcome`, `value`, `remoteness`, `basis`,
/// `best` (a move's number, from 1) and `moves`, each with `number`, `move`, `to`, `result`,
/// `outcome`, `value`, `remoteness`, `next` (the request for the position it leaves) and, in a
/// sum, `component`.
pub fn options(options: &Options) -> Value {
    let value = |n: &Option<BigUint>| n.as_ref().map_or(Value::Null, |n| json!(number(n)));
    let moves: Vec<Value> = options
        .moves
        .iter()
        .enumerate()
        .map(|(i, choice)| {
            let mut object = json!({
                "number": i + 1,
                "move": moves::description(&options.game, &choice.play),
                "to": play::left(options, choice),
                "result": choice.result().name(),
                "outcome": choice.outcome.name(),
                "value": value(&choice.value),
                "remoteness": choice.remoteness,
                "next": next(options, i),
            });
            if let Some(component) = choice.play.component {
                object["component"] = json!(component + 1);
            }
            object
        })
        .collect();
    let basis = match options.basis {
        PlayBasis::Searched { positions } => json!({"kind": "searched", "positions": positions}),
        PlayBasis::Solved { limit } => json!({"kind": "solved", "search_limit": limit}),
    };
    json!({
        "game": options.game.to_string(),
        "position": play::position(options),
        "outcome": options.outcome.name(),
        "value": value(&options.value),
        "remoteness": options.remoteness,
        "basis": basis,
        "best": options.best().map(|i| i + 1),
        "moves": moves,
    })
}

/// Where a move leads, as the fields of a request for its options (`POST /api/options`, or
/// `grundy play GAME POSITION`): the game after the move (in a sum, with the positions of its
/// components in brackets) and the position left (`null` for a sum), in the canonical notation
/// the parser reads back (no heaps at all is the empty text).
fn next(options: &Options, index: usize) -> Value {
    let Some((game, position)) = options.leads_to(index) else {
        return Value::Null;
    };
    let position = match &position {
        Position::Sum => Value::Null,
        // A script's position is read back from `=` and its text.
        Position::State(text) => json!(format!("={text}")),
        position => json!(position.to_string()),
    };
    json!({ "game": game.to_string(), "position": position })
}

/// One turn of a game's history: `mover`, `position`, `outcome`, `remoteness` and the move
/// `played` from it, if any.
pub fn turn(turn: &Turn) -> Value {
    json!({
        "mover": play::player(turn.mover),
        "position": play::position(&turn.options),
        "outcome": turn.options.outcome.name(),
        "remoteness": turn.options.remoteness,
        "played": turn.played.map(|i| moves::description(&turn.options.game, &turn.options.moves[i].play)),
    })
}
