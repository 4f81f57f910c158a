//! The localisation loader: the Fluent messages of each language, embedded in the library, and
//! their formatting with typed arguments.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

/// The English messages.
pub const ENGLISH_MESSAGES: &str = include_str!("../../../locales/en/explain.ftl");
/// The Chinese messages.
pub const CHINESE_MESSAGES: &str = include_str!("../../../locales/zh/explain.ftl");

/// A language of the explanations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Language {
    /// English.
    #[default]
    En,
    /// Simplified Chinese, with the tutorials' terms (必胜态/必败态, SG 函数, 异或和, 周期).
    Zh,
}

impl Language {
    /// Every language.
    pub const ALL: [Self; 2] = [Self::En, Self::Zh];

    /// The language's Fluent messages.
    pub fn messages(self) -> &'static str {
        match self {
            Self::En => ENGLISH_MESSAGES,
            Self::Zh => CHINESE_MESSAGES,
        }
    }

    fn tag(self) -> unic_langid::LanguageIdentifier {
        let tag = match self {
            Self::En => "en",
            Self::Zh => "zh",
        };
        tag.parse().unwrap_or_default()
    }
}

/// The messages of one language, ready to format.
pub struct Messages {
    bundle: FluentBundle<FluentResource>,
}

impl Messages {
    /// The messages of `language`.
    ///
    /// # Errors
    /// The parse or registration errors of the embedded message file, as text (the tests keep
    /// this list empty).
    pub fn new(language: Language) -> Result<Self, Vec<String>> {
        let resource = FluentResource::try_new(language.messages().to_owned())
            .map_err(|(_, errors)| errors.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        let mut bundle = FluentBundle::new(vec![language.tag()]);
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource)
            .map_err(|errors| errors.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        Ok(Self { bundle })
    }

    /// Message `id` formatted with `args` (strings, or numbers for plural selection); a missing
    /// message is written `{id}`, which the tests look for ([`format_checked`](Self::format_checked)
    /// reports the errors instead).
    ///
    /// # Example
    /// ```
    /// use grundy::render::explain::{Arg, Language, Messages};
    /// let messages = Messages::new(Language::Zh).map_err(|e| e.join("; "))?;
    /// let line = messages.format("explain-move-take", &[("amount", Arg::Text("1".into()))]);
    /// assert_eq!(line, "拿走 1");
    /// # Ok::<(), String>(())
    /// ```
    pub fn format(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.format_checked(id, args)
            .unwrap_or_else(|_| format!("{{{id}}}"))
    }

    /// Message `id` formatted with `args`, or the errors Fluent reports.
    ///
    /// # Errors
    /// The message is missing, has no value, or refers to an argument or message that is missing.
    pub fn format_checked(&self, id: &str, args: &[(&str, Arg)]) -> Result<String, Vec<String>> {
        let message = self
            .bundle
            .get_message(id)
            .ok_or_else(|| vec![format!("no message {id}")])?;
        let pattern = message
            .value()
            .ok_or_else(|| vec![format!("message {id} has no value")])?;
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(text) => fluent_args.set(*name, FluentValue::from(text.clone())),
                Arg::Count(count) => fluent_args.set(*name, FluentValue::from(*count)),
            }
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(errors.iter().map(|e| format!("{id}: {e}")).collect())
        }
    }
}

/// An argument of a message: text (every number shown is text, written exactly), or a small
/// count for plural selection.
#[derive(Clone, Debug)]
pub enum Arg {
    /// Text.
    Text(String),
    /// A count, for plural forms.
    Count(u32),
}

#[expect(
    clippy::needless_pass_by_value,
    reason = "numbers and short texts, passed by value at every message's call for brevity"
)]
pub(super) fn text(value: impl ToString) -> Arg {
    Arg::Text(value.to_string())
}

/// The ids of the messages of a Fluent file, in order (lines `id = …` at the start of a line).
///
/// # Example
/// ```
/// use grundy::render::explain::{Language, message_ids};
/// assert!(message_ids(Language::En.messages()).contains(&"explain-section-table"));
/// ```
pub fn message_ids(messages: &str) -> Vec<&str> {
    messages
        .lines()
        .filter_map(|line| {
            let (id, _) = line.split_once(" =")?;
            (id.starts_with(|c: char| c.is_ascii_lowercase())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            .then_some(id)
        })
        .collect()
}
