//! The checkpoint of a misère quotient (`grundy period misere:CODE --checkpoint FILE`): a JSON
//! object with `format` (`grundy misère quotient`), `version`, `game`, `heaps`, `order`,
//! `identity`, `losing`, `phi` and `table`, which
//! [`render::json::checkpoint`](crate::render::json) writes. Bytes in, a claimed quotient out:
//! the caller does the I/O, and the analysis verifies the quotient before it uses it.

use serde_json::Value;

use crate::games::game::Game;
use crate::theory::quotient::Quotient;

/// The `format` of a quotient checkpoint.
pub const FORMAT: &str = "grundy misère quotient";

/// Why a text is not the checkpoint of a game's quotient.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum QuotientFileError {
    /// The text is not JSON.
    #[error("not a quotient checkpoint: {0}")]
    NotJson(#[from] serde_json::Error),
    /// The JSON is not a quotient checkpoint (its `format` differs).
    #[error("not a misère quotient checkpoint")]
    OtherFormat,
    /// The checkpoint holds the quotient of another game.
    #[error("holds the quotient of {found}, not of {game}")]
    OtherGame {
        /// The `game` the file names, as JSON text.
        found: String,
        /// The game asked about.
        game: String,
    },
    /// A field is missing.
    #[error("no {key}")]
    Missing {
        /// The field.
        key: &'static str,
    },
    /// A field holds an entry of the wrong kind.
    #[error("a bad entry in {key}")]
    BadEntry {
        /// The field.
        key: &'static str,
    },
}

/// The quotient a checkpoint of `game` claims (to be verified before use).
///
/// # Complexity
/// `O(len)` for a text of `len` bytes.
///
/// # Errors
/// A [`QuotientFileError`] saying what is wrong: not JSON, not a quotient checkpoint, the
/// quotient of another game, or a field missing or malformed.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, parse_game};
/// use grundy::input::quotient_file;
/// let game = parse_game("misere:0.75")?;
/// let report = Analyzer::new(Config::default()).quotient(&game)?;
/// let text = grundy::render::json::checkpoint(&report).to_string();
/// assert_eq!(quotient_file::read(&text, &game)?, report.quotient);
/// assert!(quotient_file::read(&text, &parse_game("misere:0.77")?).is_err());
/// # Ok(()) }
/// ```
pub fn read(text: &str, game: &Game) -> Result<Quotient, QuotientFileError> {
    let value: Value = serde_json::from_str(text)?;
    if value["format"] != FORMAT {
        return Err(QuotientFileError::OtherFormat);
    }
    if value["game"] != game.to_string() {
        return Err(QuotientFileError::OtherGame {
            found: value["game"].to_string(),
            game: game.to_string(),
        });
    }
    let numbers = |key: &'static str| -> Result<Vec<u32>, QuotientFileError> {
        value[key]
            .as_array()
            .ok_or(QuotientFileError::Missing { key })?
            .iter()
            .map(|x| {
                x.as_u64()
                    .and_then(|x| u32::try_from(x).ok())
                    .ok_or(QuotientFileError::BadEntry { key })
            })
            .collect()
    };
    let losing = value["losing"]
        .as_array()
        .ok_or(QuotientFileError::Missing { key: "losing" })?
        .iter()
        .map(|x| {
            x.as_bool()
                .ok_or(QuotientFileError::BadEntry { key: "losing" })
        })
        .collect::<Result<Vec<bool>, _>>()?;
    let identity = value["identity"]
        .as_u64()
        .and_then(|x| u32::try_from(x).ok())
        .ok_or(QuotientFileError::Missing { key: "identity" })?;
    Ok(Quotient::from_parts(
        numbers("table")?,
        identity,
        losing,
        numbers("phi")?,
    ))
}
