//! What a player types during a game: a move (its number in the list of moves, or the position it
//! leaves) or a command.

use crate::games::game::Game;
use crate::games::position::Position;
use crate::input::error::InputError;

/// One line a player typed during a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayLine {
    /// The move with this number in the list of moves (from 1, as it is shown).
    Number(usize),
    /// The move that leaves this position.
    Position(Position),
    /// Take back the last move (and the computer's answer to it).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Turn the hints on or off.
    Hints,
    /// Stop playing.
    Quit,
}

/// Reads one line of a game of `game` whose position has `moves` legal moves: `undo`, `redo`,
/// `hints`, `quit` (or their first letters), a move number from 1 to `moves`, or the position the
/// move leaves as [`Game::parse_position`] reads it — after `to ` or `=` (`to 7`), which may be
/// left out when the position is not digits alone (`3,4,5`). Moves of a sum are chosen by
/// number.
///
/// # Complexity
/// Linear in the length of the line (a position: as [`Game::parse_position`]).
///
/// # Errors
/// An [`InputError`] pointing into `text`: an empty line, a number out of range, or a position
/// that does not read.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::input::play::{PlayLine, parse_play_line};
/// let nim = grundy::parse_game("nim")?;
/// assert_eq!(parse_play_line("2", &nim, 12)?, PlayLine::Number(2));
/// assert_eq!(parse_play_line("u", &nim, 12)?, PlayLine::Undo);
/// assert_eq!(parse_play_line("to 1,4,5", &nim, 12)?, parse_play_line("1,4,5", &nim, 12)?);
/// assert_eq!(parse_play_line("1,4,5", &nim, 12)?, PlayLine::Position(nim.parse_position("1,4,5")?));
/// assert!(parse_play_line("13", &nim, 12).is_err());
/// # Ok(()) }
/// ```
pub fn parse_play_line(text: &str, game: &Game, moves: usize) -> Result<PlayLine, InputError> {
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
    } else if let Some(rest) = trimmed.strip_prefix("to ") {
        (rest, 3)
    } else if trimmed.bytes().all(|b| b.is_ascii_digit()) {
        let number = trimmed
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=moves).contains(n));
        if let Some(n) = number {
            return Ok(PlayLine::Number(n));
        }
        let range = match moves {
            0 => "there is no move".to_owned(),
            1 => "the only move is 1".to_owned(),
            _ => format!("the moves are numbered 1 to {moves}"),
        };
        return Err(error(
            format!("no move {trimmed}: {range}"),
            "a position made of one number is written `to N`",
        ));
    } else {
        (trimmed, 0)
    };
    if matches!(game.base(), Game::Sum(_)) {
        return Err(error(
            "a move in a sum is chosen by its number".to_owned(),
            hint,
        ));
    }
    let skipped = start + offset + (position.len() - position.trim_start().len());
    game.parse_position(position.trim())
        .map(PlayLine::Position)
        .map_err(|mut inner| {
            // Point into the line as typed.
            inner.span = inner.span.start + skipped..inner.span.end + skipped;
            text.clone_into(&mut inner.text);
            inner
        })
}
