//! Moves in words: what a [`Move`] does (`take 2 from heap 1`, `in nim[7]: take 3 from heap 1`)
//! and the position it leaves, as grundy writes them.
//!
//! A move is rendered with the game it is played in: a move in a sum names its component by
//! the component's game and position, which the sum holds.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::analysis::{Action, Move, PowerClass, SplitClass, Target, UnlistedMoves};
use crate::games::game::{Component, Game};
use crate::games::position::Position;

/// The move in words: `take 1`, `take 2 from heap 1`, `take 3 from both heaps`, `take 1 and split
/// the rest into 2 and 5`; in a sum, prefixed by the component it is played in
/// (`in nim[7]: take 7 from heap 1`). `game` is the game the move is played in.
///
/// # Complexity
/// `O(d)` for `d` digits written.
///
/// # Example
/// ```
/// use grundy::render::moves::description;
/// use grundy::{Analyzer, Config, parse_game};
/// let game = parse_game("nim[7] + wythoff[3,5]")?;
/// let solution = Analyzer::new(Config::default()).solve(&game, &grundy::Position::Sum)?;
/// assert_eq!(description(&game, &solution.winning_moves[0]), "in nim[7]: take 7 from heap 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn description(game: &Game, play: &Move) -> String {
    if let Action::Joint { moves } = &play.action {
        let parts: Vec<String> = moves
            .iter()
            .map(|(index, action)| match component(game, *index) {
                Some(component) => format!(
                    "in {}[{}]: {}",
                    component.game,
                    component.position,
                    self::action(action)
                ),
                None => format!("in component {}: {}", index + 1, self::action(action)),
            })
            .collect();
        return parts.join("; ");
    }
    let action = action(&play.action);
    match play.component {
        None => action,
        Some(index) => match component(game, index) {
            Some(component) => format!("in {}[{}]: {action}", component.game, component.position),
            None => format!("in component {}: {action}", index + 1),
        },
    }
}

/// What an action does, in words, without the component of a sum: `take 2 from heap 1`.
///
/// # Complexity
/// `O(d)` for `d` digits written.
///
/// # Example
/// ```
/// use grundy::Action;
/// use grundy::render::moves::action;
/// let split = Action::TakeAndBreak { heap: Some(1), take: 1u32.into(), parts: vec![2u32.into(), 5u32.into()] };
/// assert_eq!(action(&split), "take 1 and split the rest into 2 and 5 (heap 2)");
/// assert_eq!(action(&Action::TakeFromBoth { amount: 3u32.into() }), "take 3 from both heaps");
/// ```
pub fn action(action: &Action) -> String {
    match action {
        Action::Take { amount } | Action::TakeUnderQuota { amount } => format!("take {amount}"),
        Action::TakePowerOfTwo { exponent } => format!("take 2^{exponent}"),
        Action::TakeFromHeap { heap, amount } => format!("take {amount} from heap {}", heap + 1),
        Action::TakeFromHeaps { takes } => {
            let takes: Vec<String> = takes
                .iter()
                .map(|(heap, amount)| format!("{amount} from heap {}", heap + 1))
                .collect();
            format!("take {}", and_list(&takes))
        }
        Action::TakeClass(class) => {
            let heaps: Vec<String> = class.heaps.iter().map(|h| (h + 1).to_string()).collect();
            format!(
                "take from each of heaps {} so that every binary place holds a multiple of {} ones ({} moves)",
                and_list(&heaps),
                class.modulus,
                class.moves
            )
        }
        Action::TakeFromBoth { amount } => format!("take {amount} from both heaps"),
        Action::TakeAndBreak { heap, take, parts } => {
            let words = match parts.as_slice() {
                [] => format!("take all {take}"),
                [_] => format!("take {take}"),
                parts => {
                    let parts: Vec<String> = parts.iter().map(ToString::to_string).collect();
                    split(take, &parts)
                }
            };
            on_heap(words, *heap)
        }
        Action::SplitClass(class) => on_heap(split_class(class), class.heap),
        Action::PowerClass(class) => power_class(class),
        Action::Turn { cells } => turn_words(cells),
        Action::TurnRun { from, to } => format!("turn over cells {from} to {to}"),
        Action::TurnClass(class) => format!(
            "turn over cell {} and any two cells y < z < {} with y xor z = {} ({} moves)",
            class.rightmost, class.rightmost, class.mask, class.moves
        ),
        Action::TurnCorners {
            corner: (a, b),
            opposite: (x, y),
        } => format!("turn over {a}:{b}, {a}:{y}, {x}:{b} and {x}:{y}"),
        Action::MoveDown { step: 1, coins } => {
            let coins = super::count(coins, "coin");
            format!("move {coins} off the staircase from step 1")
        }
        Action::MoveDown { step, coins } => {
            let coins = super::count(coins, "coin");
            format!("move {coins} down from step {step}")
        }
        Action::Slide { token, from, to } => {
            format!("move token {} from node {from} to node {to}", token + 1)
        }
        Action::Chop { edge, from, to } => format!("remove edge {} ({from}-{to})", edge + 1),
        Action::Joint { moves } => {
            let parts: Vec<String> = moves
                .iter()
                .map(|(component, action)| {
                    format!("{} in component {}", self::action(action), component + 1)
                })
                .collect();
            parts.join("; ")
        }
        Action::JointClass { moves } => {
            format!("{moves} other joint moves, each leaving the largest number of steps even")
        }
        Action::Labelled { label } => label.clone(),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

/// `turn over cell 5`, `turn over cells 5 and 3`, `turn over cells 5, 3 and 1`.
fn turn_words(cells: &[BigUint]) -> String {
    let cells: Vec<String> = cells.iter().map(ToString::to_string).collect();
    match cells.as_slice() {
        [one] => format!("turn over cell {one}"),
        [first @ .., last] => format!("turn over cells {} and {last}", first.join(", ")),
        [] => "turn over no coin".to_owned(),
    }
}

/// The position a move leaves, as grundy writes positions: the whole position (a sum as
/// `nim[3] + wythoff[2,5]`), or only the part the move changes — the heaps that replace the
/// changed heap, the changed component as `game[position]` — as [`Move::part`] says. A class of
/// moves writes the changing heaps with the class's variable: `a,1000−a`, `1000 − 2^k`.
///
/// # Complexity
/// `O(d)` for `d` digits written.
///
/// # Example
/// ```
/// use grundy::render::moves::target;
/// use grundy::{Analyzer, Config, parse_game};
/// let game = parse_game("nim")?;
/// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("3,4,5")?)?;
/// assert_eq!(target(&game, &solution.winning_moves[0]), "1,4,5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn target(game: &Game, play: &Move) -> String {
    match &play.to {
        Target::Whole(position) => position.to_string(),
        Target::Sum(positions) => {
            let parts: Vec<String> = positions
                .iter()
                .enumerate()
                .map(|(index, position)| in_component(game, index, position))
                .collect();
            parts.join(" + ")
        }
        Target::Heap { heaps, .. } => heaps_text(heaps),
        Target::Component { index, position } => in_component(game, *index, position),
        Target::Unwritten => match &play.action {
            Action::TurnClass(_) => "one position per pair y, z".to_owned(),
            Action::TurnRun { from, to } => {
                format!("the heads with cells {from} to {to} turned over")
            }
            Action::Turn { cells } => format!(
                "the heads with {} turned over",
                turn_words(cells).trim_start_matches("turn over ")
            ),
            Action::MoveDown {
                step: step @ (0 | 1),
                coins,
            } => format!("step {step} less {coins}"),
            Action::MoveDown { step, coins } => {
                format!("step {step} less {coins}, step {} more {coins}", step - 1)
            }
            Action::TakeClass(_) | Action::JointClass { .. } => {
                "one position per move of the class".to_owned()
            }
            _ => "a position too long to write".to_owned(),
        },
        Target::Class { index, others } => {
            let changed = match &play.action {
                Action::SplitClass(class) => format!("a,{}−a", class.rest),
                Action::PowerClass(class) => format!("{} − 2^k", class.heap),
                _ => String::new(),
            };
            match others {
                None => changed,
                Some(others) => {
                    let mut parts: Vec<String> = others.iter().map(ToString::to_string).collect();
                    parts.insert((*index).min(parts.len()), changed);
                    parts.join(",")
                }
            }
        }
    }
}

/// Where a move leads, in words: the whole position, or the part it changes
/// (`heap 2 becomes 3`, `component 1 becomes nim[0]`).
///
/// # Complexity
/// `O(d)` for `d` digits written.
///
/// # Example
/// ```
/// use grundy::render::moves::leads_to;
/// use grundy::{Analyzer, Config, parse_game};
/// let game = parse_game("nim[7] + wythoff[3,5]")?;
/// let solution = Analyzer::new(Config::default()).solve(&game, &grundy::Position::Sum)?;
/// assert_eq!(leads_to(&game, &solution.winning_moves[0]), "nim[0] + wythoff[3,5]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn leads_to(game: &Game, play: &Move) -> String {
    let to = target(game, play);
    match play.part() {
        // A move that takes the last heap leaves no heap at all, written as nothing.
        crate::analysis::Part::Whole if to.is_empty() => match &play.to {
            Target::Whole(position) => super::position_in(game, position),
            _ => super::NO_HEAPS.to_owned(),
        },
        crate::analysis::Part::Whole | crate::analysis::Part::Family { .. } => to,
        crate::analysis::Part::Heap { index } if to.is_empty() => {
            format!("heap {} is gone", index + 1)
        }
        crate::analysis::Part::Heap { index } => format!("heap {} becomes {to}", index + 1),
        crate::analysis::Part::Component { index } => {
            format!("component {} becomes {to}", index + 1)
        }
    }
}

/// Component `index` of `game`, a sum (or a misère sum).
fn component(game: &Game, index: usize) -> Option<&Component> {
    let base = game.base();
    base.components()
        .or_else(|| base.every_components())?
        .get(index)
}

/// `position` as the position of component `index`: `game[position]`.
fn in_component(game: &Game, index: usize, position: &Position) -> String {
    match component(game, index) {
        Some(component) => format!("{}[{position}]", component.game),
        None => format!("[{position}]"),
    }
}

fn heaps_text(heaps: &[BigUint]) -> String {
    let parts: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    parts.join(",")
}

/// `words`, naming the heap when the position has several.
fn on_heap(words: String, heap: Option<usize>) -> String {
    match heap {
        Some(heap) => format!("{words} (heap {})", heap + 1),
        None => words,
    }
}

/// A split into `parts` after taking `take`: `split into 2 and 5`, `take 1 and split the rest into
/// 1, 2 and 3`.
fn split(take: &BigUint, parts: &[String]) -> String {
    let list = match parts {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => parts.join(""),
    };
    if take.is_zero() {
        format!("split into {list}")
    } else {
        format!("take {take} and split the rest into {list}")
    }
}

fn split_class(class: &SplitClass) -> String {
    let SplitClass {
        take,
        rest,
        residue,
        period,
        high,
        ..
    } = class;
    // The class is written by its least member and its residue, reduced: a ≡ 1 (mod 12) from 73.
    let reduced = residue % (*period).max(1);
    split(
        &BigUint::from(*take),
        &[
            "a".to_owned(),
            format!("{rest}−a, for every a ≡ {reduced} (mod {period}), {residue} ≤ a ≤ {high}"),
        ],
    )
}

fn power_class(class: &PowerClass) -> String {
    let PowerClass {
        residue,
        modulus,
        high,
        moves,
        ..
    } = class;
    let reduced = residue % (*modulus).max(1);
    format!(
        "take 2^k for every k ≡ {reduced} (mod {modulus}) with {residue} ≤ k ≤ {high} ({})",
        super::count(moves, "move")
    )
}

/// A family of winning moves too many to list: `every split of the rest into 3 heaps whose values
/// xor to 0, after taking any number the tail allows (heap 2)`.
///
/// # Example
/// ```
/// use grundy::UnlistedMoves;
/// let family = UnlistedMoves { heap: None, take: Some(0), parts: 3, value: 0u32.into() };
/// assert_eq!(
///     grundy::render::moves::unlisted(&family),
///     "split into 3 heaps whose values xor to 0 (every such split wins)"
/// );
/// ```
pub fn unlisted(family: &UnlistedMoves) -> String {
    let UnlistedMoves {
        heap,
        take,
        parts,
        value,
    } = family;
    if *parts == 1 {
        let words =
            format!("take any number whose digit allows it and leave one heap of value {value}");
        return format!("{} (every such move wins)", on_heap(words, *heap));
    }
    let words = match take {
        Some(0) => format!("split into {parts} heaps whose values xor to {value}"),
        Some(take) => {
            format!("take {take} and split the rest into {parts} heaps whose values xor to {value}")
        }
        None => format!(
            "take any number whose digit allows it and split the rest into {parts} heaps whose values xor to {value}"
        ),
    };
    format!("{} (every such split wins)", on_heap(words, *heap))
}
