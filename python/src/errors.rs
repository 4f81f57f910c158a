//! The library's errors as the exceptions of `grundy.errors`, worded in Python's terms: a setting
//! is named by its keyword argument (`max_memory=`), a remedy by the call that applies it.

use grundy::{Error, InputError, Limit, Remedy, Setting, SettingError};
use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};

/// The exception classes of `grundy.errors`, looked up once.
static CLASSES: [PyOnceLock<Py<PyType>>; 8] = [const { PyOnceLock::new() }; 8];

/// The exceptions grundy raises (`grundy/errors.py` defines them, with their bases).
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// Anything the others do not name; the base of them all.
    Grundy = 0,
    /// A game spec, a position or a number written wrong (also a `ValueError`).
    Input = 1,
    /// A setting out of its range (also a `ValueError`).
    Setting = 2,
    /// A question grundy does not answer for this game, or not within the limits.
    Refused = 3,
    /// The time limit passed (also a `TimeoutError`).
    TimeLimit = 4,
    /// The memory limit would be passed (also a `MemoryError`).
    MemoryLimit = 5,
    /// A game's rules failed: a script's or a Python game's call.
    Game = 6,
    /// Stopped on request with no answer reached.
    Interrupted = 7,
}

impl Kind {
    fn class_name(self) -> &'static str {
        match self {
            Self::Grundy => "GrundyError",
            Self::Input => "InputError",
            Self::Setting => "SettingError",
            Self::Refused => "Refused",
            Self::TimeLimit => "TimeLimitExceeded",
            Self::MemoryLimit => "MemoryLimitExceeded",
            Self::Game => "GameError",
            Self::Interrupted => "Interrupted",
        }
    }
}

/// An exception of `kind` with `message`, a `hint` and further attributes.
pub fn raise(
    py: Python<'_>,
    kind: Kind,
    message: &str,
    hint: Option<&str>,
    details: &[(&str, Bound<'_, PyAny>)],
) -> PyErr {
    let built = (|| -> PyResult<PyErr> {
        let class = CLASSES[kind as usize].import(py, "grundy.errors", kind.class_name())?;
        let keywords = PyDict::new(py);
        keywords.set_item("hint", hint)?;
        for (name, value) in details {
            keywords.set_item(*name, value)?;
        }
        let instance = class.call((message,), Some(&keywords))?;
        Ok(PyErr::from_value(instance))
    })();
    built.unwrap_or_else(|error| error)
}

/// A text the user wrote, located: `what` was read, the offending `span`, the message with its
/// caret line.
pub fn input(py: Python<'_>, error: &InputError) -> PyErr {
    let details = (|| -> PyResult<Vec<(&str, Bound<'_, PyAny>)>> {
        Ok(vec![
            ("what", error.what.into_pyobject(py)?.into_any()),
            ("text", error.text.as_str().into_pyobject(py)?.into_any()),
            (
                "span",
                (error.span.start, error.span.end)
                    .into_pyobject(py)?
                    .into_any(),
            ),
            (
                "reason",
                error.message.as_str().into_pyobject(py)?.into_any(),
            ),
        ])
    })();
    match details {
        Ok(details) => {
            // The display has the caret line and the hint; the hint is also its own attribute.
            let shown = InputError {
                hint: None,
                ..error.clone()
            }
            .to_string();
            raise(py, Kind::Input, &shown, error.hint.as_deref(), &details)
        }
        Err(error) => error,
    }
}

/// The keyword argument that gives `setting`.
pub fn keyword(setting: Setting) -> &'static str {
    match setting {
        Setting::MaxValues => "max",
        Setting::MaxMemory => "max_memory",
        Setting::Threads => "threads",
        Setting::Timeout => "timeout",
        Setting::TableFrom => "start",
        Setting::TableTo => "to",
        other => other.name(),
    }
}

/// A bad setting, named by its keyword argument.
fn setting_message(error: &SettingError) -> String {
    match error {
        SettingError::OutOfRange {
            setting,
            least,
            most: Some(most),
            given,
        } => format!(
            "{}= must be between {least} and {most}; got {given}",
            keyword(*setting)
        ),
        SettingError::OutOfRange {
            setting,
            least,
            most: None,
            given,
        } => format!(
            "{}= must be at least {least}; got {given}",
            keyword(*setting)
        ),
        SettingError::Reversed { from, to } => {
            format!("the table must start at or before its end: start={from} is after to={to}")
        }
        SettingError::TooManyRows { from, to, most } => {
            format!("a table has at most {most} rows; start={from}, to={to} asks for more")
        }
        SettingError::GridFrom { .. } => {
            "a grid of two heaps always starts at (0, 0): drop start=".to_owned()
        }
        SettingError::TooManyCells { to, most } => {
            format!("a grid has at most {most} cells; to={to} asks for more")
        }
        SettingError::PatternReversed { to, check_to } => format!(
            "rules found on positions up to to={to} are checked at least that far: check_to={check_to} is less"
        ),
        SettingError::PatternTooLarge {
            check_to,
            positions,
            most,
        } => format!(
            "a table of patterns has at most {most} positions, and checking rules up to {check_to} needs {positions}: lower to= or check_to="
        ),
        other => other.to_string(),
    }
}

/// What the caller can do about a refusal, a memory limit or a time limit, in Python's terms.
pub fn remedy(remedy: &Remedy) -> String {
    match remedy {
        Remedy::RaiseLimit {
            limit: Limit::Time, ..
        } => "raise the limit with timeout=SECONDS, or give timeout=None to let the computation finish".to_owned(),
        Remedy::RaiseLimit {
            limit: Limit::Memory,
            needed,
        } => match needed.as_ref().and_then(|bytes| u64::try_from(bytes).ok()) {
            Some(bytes) => format!(
                "raise the limit with max_memory= (this needs at least {} = {bytes} bytes), on a machine that has it",
                grundy::budget::format_bytes(bytes)
            ),
            None => "raise the limit with max_memory=, on a machine that has it".to_owned(),
        },
        Remedy::RaiseLimit { limit, needed } => {
            let what = if *limit == Limit::Positions {
                "positions"
            } else {
                "values"
            };
            match (needed, limit.most()) {
                (Some(needed), Some(most)) if *needed > BigUint::from(most) => format!(
                    "no max= is enough: the answer needs {needed} {what}, and max= accepts at most {most}"
                ),
                (Some(needed), _) => format!("raise the limit with max={needed} or more"),
                (None, Some(most)) => {
                    format!("raise the limit with max= (at most {most}) to search further")
                }
                (None, None) => "raise the limit with max= to search further".to_owned(),
            }
        }
        Remedy::UseNormalPlay => "drop misere: to play it under normal play".to_owned(),
        Remedy::UseGrid => {
            "its table is a grid: grundy.table(game, to=N) gives G(a, b) for a, b <= N".to_owned()
        }
        Remedy::UseTable => "grundy.table(game, to=N) gives its values".to_owned(),
        Remedy::SolveComponentAlone => {
            "solve the component alone to see them: grundy.solve(component, position)".to_owned()
        }
        Remedy::SolvePositions => {
            "solve positions one by one: grundy.solve(game, position)".to_owned()
        }
        Remedy::AskLess { most } => format!("lower to= to {most} or less"),
        other => other.to_string(),
    }
}

/// The words of a library error, without its remedy, in Python's terms.
pub fn message(error: &Error) -> String {
    match error {
        Error::Refused(refusal) => refusal.reason.clone(),
        Error::NoComponentValue { solution, .. } => format!(
            "{error}: {}",
            grundy::render::reason(solution, &crate::TERMS)
        ),
        Error::Setting(setting) => setting_message(setting),
        other => other.to_string(),
    }
}

/// A library error as the exception of its kind.
pub fn library(py: Python<'_>, error: &Error) -> PyErr {
    let kind = match error {
        Error::Input(error) => return input(py, error),
        Error::Setting(_) => Kind::Setting,
        Error::Refused(_) | Error::NoComponentValue { .. } => Kind::Refused,
        Error::TimedOut { .. } => Kind::TimeLimit,
        Error::OutOfMemory { .. } => Kind::MemoryLimit,
        Error::Script(_) | Error::Rules(_) => Kind::Game,
        Error::Interrupted { .. } => Kind::Interrupted,
        _ => Kind::Grundy,
    };
    let hint = error.remedy().map(|r| remedy(&r));
    let applies = !matches!(error, Error::Refused(refusal) if !refusal.applies);
    let details = match applies.into_pyobject(py) {
        Ok(flag) => vec![("applies", flag.to_owned().into_any())],
        Err(error) => match error {},
    };
    raise(py, kind, &message(error), hint.as_deref(), &details)
}
