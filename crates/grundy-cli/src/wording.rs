//! The wording of errors, shared by the command line and `grundy serve`: the library's errors in
//! the command's terms (settings named by their flags), and what the user can do about a refusal.

use grundy::{Limit, Remedy, Setting, SettingError};
use num_bigint::BigUint;

use crate::output;

/// The error and its causes, one per line, with the library's errors in this command line's terms
/// (their remedies are printed apart, as hints).
pub(crate) fn message(error: &anyhow::Error) -> String {
    let text =
        |cause: &(dyn std::error::Error + 'static)| match cause.downcast_ref::<grundy::Error>() {
            Some(error) => describe(error),
            None => cause.to_string(),
        };
    let mut chain = error.chain();
    let mut message = chain.next().map(text).unwrap_or_default();
    for cause in chain {
        message.push_str("\n  caused by: ");
        message.push_str(&text(cause));
    }
    message
}

/// A library error without its remedy, with settings named by their flags.
pub(crate) fn describe(error: &grundy::Error) -> String {
    match error {
        grundy::Error::Refused(refusal) => refusal.reason.clone(),
        // The component's own answer says why it has no Grundy value.
        grundy::Error::NoComponentValue { solution, .. } => format!(
            "{error}: {}",
            grundy::render::reason(solution, &output::TERMS)
        ),
        grundy::Error::Setting(setting) => setting_message(setting),
        other => other.to_string(),
    }
}

/// The flag that gives `setting`.
pub(crate) fn flag(setting: Setting) -> &'static str {
    match setting {
        Setting::MaxValues => "--max",
        Setting::MaxMemory => "--max-memory",
        Setting::Threads => "--threads",
        Setting::Timeout => "--timeout",
        Setting::TableFrom => "--from",
        Setting::TableTo => "--to",
        other => other.name(),
    }
}

/// A bad setting, named by its flag.
fn setting_message(error: &SettingError) -> String {
    match error {
        SettingError::OutOfRange {
            setting,
            least,
            most: Some(most),
            given,
        } => format!(
            "{} must be between {least} and {most}; got {given}",
            flag(*setting)
        ),
        SettingError::OutOfRange {
            setting,
            least,
            most: None,
            given,
        } => format!("{} must be at least {least}; got {given}", flag(*setting)),
        SettingError::Reversed { from, to } => {
            format!("the table must start at or before its end: --from {from} is after --to {to}")
        }
        SettingError::TooManyRows { from, to, most } => {
            format!("a table has at most {most} rows; --from {from} --to {to} asks for more")
        }
        SettingError::GridFrom { .. } => {
            "a grid of two heaps always starts at (0, 0): drop --from".to_owned()
        }
        SettingError::TooManyCells { to, most } => {
            format!("a grid has at most {most} cells; --to {to} asks for more")
        }
        SettingError::PatternReversed { to, check_to } => format!(
            "rules found on positions up to --to {to} are checked at least that far: --check-to {check_to} is less"
        ),
        SettingError::PatternTooLarge {
            check_to,
            positions,
            most,
        } => format!(
            "a table of patterns has at most {most} positions, and checking rules up to {check_to} needs {positions}: lower --to or --check-to"
        ),
        other => other.to_string(),
    }
}

/// What the user can do about a refusal, a memory limit or a time limit, in this command line's
/// terms.
pub(crate) fn remedy(error: &anyhow::Error) -> Option<String> {
    let remedy = error.downcast_ref::<grundy::Error>()?.remedy()?;
    Some(match remedy {
        Remedy::RaiseLimit {
            limit: Limit::Time, ..
        } => "raise the limit with --timeout SECONDS, or give --timeout none to let the computation finish".to_owned(),
        Remedy::RaiseLimit {
            limit: Limit::Memory,
            needed,
        } => match needed.and_then(|bytes| u64::try_from(bytes).ok()) {
            Some(bytes) => format!(
                "raise the limit with --max-memory (this needs at least {}), on a machine that has it",
                grundy::budget::format_bytes(bytes)
            ),
            None => "raise the limit with --max-memory, on a machine that has it".to_owned(),
        },
        Remedy::RaiseLimit { limit, needed } => {
            let option = flag(limit.setting());
            let what = if limit == Limit::Positions {
                "positions"
            } else {
                "values"
            };
            match (needed, limit.most()) {
                (Some(needed), Some(most)) if needed > BigUint::from(most) => format!(
                    "no {option} is enough: the answer needs {needed} {what}, and {option} accepts at most {most}"
                ),
                (Some(needed), _) => format!("raise the limit with {option} {needed} or more"),
                (None, Some(most)) => {
                    format!("raise the limit with {option} (at most {most}) to search further")
                }
                (None, None) => format!("raise the limit with {option} to search further"),
            }
        }
        Remedy::UseNormalPlay => "drop misere: to play it under normal play".to_owned(),
        Remedy::UseGrid => {
            "its table is a grid: grundy table GAME --to N prints G(a, b) for a, b <= N".to_owned()
        }
        Remedy::UseTable => "use grundy table GAME --to N for its values".to_owned(),
        Remedy::SolveComponentAlone => {
            "solve the component alone to see them: grundy solve GAME POSITION".to_owned()
        }
        Remedy::SolvePositions => {
            "solve positions one by one: grundy solve GAME POSITION".to_owned()
        }
        Remedy::AskLess { most } => format!("lower --to to {most} or less"),
        other => other.to_string(),
    })
}
