//! What a player types during a game: a move (its number in the list of moves, or the position it
//! leaves) or a command.

use crate::games::game::Game;
use crate::games::position::Position;
use crate::games::script::Value;
use crate::input::error::InputError;

/// One line a player typed during a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayLine {
    /// The move at this index (from 0) of the list of moves: typed as its number (from 1, as it
    /// is shown) or as the position it leaves.
    Move(usize),
    /// Take back the last move (and the computer's answer to it).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Turn the hints on or off.
    Hints,
    /// Stop playing.
    Quit,
}

/// Reads one line of a game of `game` whose legal moves leave the positions `leads_to`, in the
/// order they are listed: `undo`, `redo`, `hints`, `quit` (or their first letters), a move number
/// from 1 to `leads_to.len()`, or the position a move leaves as [`Game::parse_position`] reads it —
/// after `to ` or `=` (`to 7`), which may be left out when the position is not digits alone
/// (`3,4,5`). Moves of a sum are chosen by number.
///
/// # Complexity
/// Linear in the length of the line and in the size of `leads_to` (a position: as
/// [`Game::parse_position`], then compared with each position left).
///
/// # Errors
/// An [`InputError`] pointing into `text`: an empty line, a number out of range, a position that
/// does not read, or one that no move leaves.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::input::play::{PlayLine, parse_play_line};
/// let game = grundy::parse_game("subtraction:1,3,4")?;
/// let leads_to = [game.parse_position("9")?, game.parse_position("7")?, game.parse_position("6")?];
/// assert_eq!(parse_play_line("2", &game, &leads_to)?, PlayLine::Move(1));
/// assert_eq!(parse_play_line("to 7", &game, &leads_to)?, PlayLine::Move(1));
/// assert_eq!(parse_play_line("u", &game, &leads_to)?, PlayLine::Undo);
/// assert!(parse_play_line("4", &game, &leads_to).is_err());
/// let error = parse_play_line("to 8", &game, &leads_to).unwrap_err();
/// assert_eq!(error.span, 3..4);
/// # Ok(()) }
/// ```
pub fn parse_play_line(
    text: &str,
    game: &Game,
    leads_to: &[Position],
) -> Result<PlayLine, InputError> {
    let moves = leads_to.len();
    let trimmed = text.trim();
    let start = text.len() - text.trim_start().len();
    let span = start..start + trimmed.len();
    let error = |message: String, hint: &str| {
        InputError::new("move", text, span.clone(), message, Some(hint.to_owned()))
    };
    let hint = "type a move's number, the position it leaves, or undo, redo, hints, quit";
    match trimmed.to_ascii_lowercase().as_str() {
        "" => return Err(error("nothing was typed".to_owned(), hint)),
        "u" | "undo" => return Ok(PlayLine::Undo),
        "r" | "redo" => return Ok(PlayLine::Redo),
        "h" | "hints" => return Ok(PlayLine::Hints),
        "q" | "quit" => return Ok(PlayLine::Quit),
        _ => {}
    }
    // `to P` or `=P` is always a position; otherwise digits alone are a move's number.
    let (position, offset) = if let Some(rest) = trimmed.strip_prefix('=') {
        (rest, 1)
    } else if trimmed.len() > 3
        && trimmed
            .get(..3)
            .is_some_and(|lead| lead.eq_ignore_ascii_case("to "))
    {
        (&trimmed[3..], 3)
    } else if trimmed.bytes().all(|b| b.is_ascii_digit()) {
        let number = trimmed
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=moves).contains(n));
        if let Some(n) = number {
            return Ok(PlayLine::Move(n - 1));
        }
        let range = match moves {
            0 => "there is no move".to_owned(),
            1 => "the only move is 1".to_owned(),
            _ => format!("the moves are numbered 1 to {moves}"),
        };
        // A position of one number (a heap) could be meant: say how to write it, where a move
        // leaves such a position.
        let one_number = leads_to
            .iter()
            .any(|left| left.to_string().bytes().all(|b| b.is_ascii_digit()));
        return Err(error(
            format!("no move {trimmed}: {range}"),
            if one_number {
                "a position made of one number is written `to N`"
            } else {
                hint
            },
        ));
    } else {
        (trimmed, 0)
    };
    if game.base().components().is_some() {
        return Err(error(
            "a move in a sum is chosen by its number".to_owned(),
            hint,
        ));
    }
    let skipped = start + offset + (position.len() - position.trim_start().len());
    let written = position.trim();
    if leads_to
        .iter()
        .any(|left| matches!(left, Position::State(_)))
    {
        return script_move(text, skipped..skipped + written.len(), leads_to);
    }
    let position = game.parse_position(written).map_err(|mut inner| {
        // Point into the line as typed.
        inner.span = inner.span.start + skipped..inner.span.end + skipped;
        text.clone_into(&mut inner.text);
        inner
    })?;
    // Positions that play alike are one (heads in any order, a staircase without its empty top
    // steps): the first move leaving one like the position typed.
    let key = |position: &Position| match game.base().ruleset() {
        Some(rules) => rules.search_key(position),
        None => position.clone(),
    };
    let typed = key(&position);
    leads_to
        .iter()
        .position(|left| key(left) == typed)
        .map(PlayLine::Move)
        .ok_or_else(|| {
            InputError::new(
                "move",
                text,
                skipped..skipped + written.len(),
                format!("no move leads to {position}"),
                Some(
                    "type a move's number, or the position one of the listed moves leaves"
                        .to_owned(),
                ),
            )
        })
}

/// The move to a script's position typed at `span` of `text`: read as the script prints
/// positions, then found among the positions the moves leave.
fn script_move(
    text: &str,
    span: std::ops::Range<usize>,
    leads_to: &[Position],
) -> Result<PlayLine, InputError> {
    let written = &text[span.clone()];
    let typed = Value::parse(written).map_err(|message| {
        InputError::new(
            "move",
            text,
            span.clone(),
            format!("not a position of this game: {message}"),
            Some(
                "write a position as the list of moves shows it, e.g. [1, 2] or \"+--\"".to_owned(),
            ),
        )
    })?;
    let typed = Position::State(typed.to_string());
    leads_to
        .iter()
        .position(|left| *left == typed)
        .map(PlayLine::Move)
        .ok_or_else(|| {
            InputError::new(
                "move",
                text,
                span,
                format!("no move leads to {typed}"),
                Some(
                    "type a move's number, or the position one of the listed moves leaves"
                        .to_owned(),
                ),
            )
        })
}
