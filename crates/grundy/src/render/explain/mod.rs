//! Text and Markdown renderings of an [`Explanation`] in English or Chinese.
//!
//! The words are Project Fluent messages (`locales/en/explain.ftl`, `locales/zh/explain.ftl`),
//! embedded in the library; the numbers come from the explanation's typed steps, written exactly
//! (a very long number is shortened to its first and last digits with its digit count). Fluent's
//! bidirectional isolation marks are off: terminals show them as stray characters.

mod messages;
mod story;
mod writer;

pub use messages::{Arg, CHINESE_MESSAGES, ENGLISH_MESSAGES, Language, Messages, message_ids};
pub use writer::{FULL_DIGITS, Format};

use crate::analysis::explain::Explanation;
use messages::text;
use writer::{TITLE_CHARACTERS, Writer, keep_ends};

/// Renders `explanation` in `language` and `format`, wrapping text paragraphs at `width` columns.
///
/// # Complexity
/// Linear in the explanation's size.
///
/// # Errors
/// The embedded messages fail to load (never, as the tests check): the errors as text.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::render::explain::{Format, Language, render};
/// use grundy::{Analyzer, Config, parse_game};
/// let game = parse_game("bash:3")?;
/// let explanation = Analyzer::new(Config::default()).explain(&game, Some(&game.parse_position("10")?))?;
/// let text = render(&explanation, Language::En, Format::Text, 80).map_err(|e| e.join("; "))?;
/// assert!(text.contains("n mod 4 ∈ {0}"));
/// let chinese = render(&explanation, Language::Zh, Format::Markdown, 80).map_err(|e| e.join("; "))?;
/// assert!(chinese.contains("必败态"));
/// # Ok(()) }
/// ```
pub fn render(
    explanation: &Explanation,
    language: Language,
    format: Format,
    width: usize,
) -> Result<String, Vec<String>> {
    let messages = Messages::new(language)?;
    let mut writer = Writer {
        messages: &messages,
        language,
        format,
        width: width.max(20),
        out: String::new(),
        section: 0,
        game: &explanation.game,
    };
    let title = match &explanation.position {
        Some(position) if !matches!(position, crate::games::position::Position::Sum) => messages
            .format(
                "explain-title-at",
                &[
                    ("game", text(&explanation.game)),
                    ("position", text(writer.position(position))),
                ],
            ),
        _ => messages.format("explain-title", &[("game", text(&explanation.game))]),
    };
    // A title naming a huge heap keeps its start and end (the underline is as wide as the title).
    let title = keep_ends(&title, TITLE_CHARACTERS);
    writer.title(&title);
    for step in &explanation.steps {
        writer.step(step);
    }
    Ok(writer.out)
}
