//! The words of a game in play (`grundy play`, `grundy serve`'s options): positions as the line
//! protocol writes them (docs/play.md) and the players' names.

use crate::analysis::Target;
use crate::analysis::play::{Choice, Options, Player};
use crate::games::position::Position;
use crate::render::moves;

/// The position of `options` as the protocol writes it: a sum as its components
/// (`nim[3] + kayles[4]`), no heaps as `(no heaps)`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, Position, parse_game};
/// let game = parse_game("nim[3] + kayles[4]")?;
/// let options = Analyzer::new(Config::default()).options(&game, &Position::Sum)?;
/// assert_eq!(grundy::render::play::position(&options), "nim[3] + 0.77[4]");
/// # Ok(()) }
/// ```
pub fn position(options: &Options) -> String {
    let base = options.game.base();
    match (
        &options.position,
        base.components().or_else(|| base.every_components()),
    ) {
        (Position::Sum, Some(components)) => components
            .iter()
            .map(|c| format!("{}[{}]", c.game, c.position))
            .collect::<Vec<_>>()
            .join(" + "),
        (position, _) => super::position_in(&options.game, position),
    }
}

/// The position `choice` leaves, as the protocol writes it: in a sum, every component with the
/// moved one's new position.
pub fn left(options: &Options, choice: &Choice) -> String {
    match (
        &choice.position,
        &choice.play.to,
        options.game.base().components(),
    ) {
        (Position::Sum, Target::Component { index, position }, Some(components)) => components
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let position = if i == *index { position } else { &c.position };
                format!("{}[{position}]", c.game)
            })
            .collect::<Vec<_>>()
            .join(" + "),
        (Position::Sum, _, _) => moves::target(&options.game, &choice.play),
        (position, _, _) => super::position_in(&options.game, position),
    }
}

/// A player as the protocol names it: `you` or `computer`.
pub fn player(player: Player) -> &'static str {
    match player {
        Player::Human => "you",
        Player::Computer => "computer",
    }
}
