//! Rules a program defines in its own language and hands to grundy — a Python class, say — run
//! as a script's are: the same functions (`start`, `moves`, optionally `outcome` or
//! `components`) over the same [`Value`]s, so the same search, memo, decomposition into
//! components, tables, patterns, explanations and play answer them.

use std::fmt;
use std::sync::Arc;

use super::Value;

/// The functions of rules defined outside grundy. A [`Script`](super::Script) made by
/// [`Script::hosted`](super::Script::hosted) calls them where it would call a script's.
///
/// Calls come from the thread asking the question, one at a time; an implementation decides
/// what its own errors say (the error of a call names the call and the game around it).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use std::rc::Rc;
/// use std::sync::Arc;
/// use grundy::script::{Host, Script, Value};
/// use grundy::{Analyzer, Config, Game, Position};
///
/// /// Take 1 or 2 from a heap.
/// struct TakeOneOrTwo;
///
/// impl Host for TakeOneOrTwo {
///     fn spec(&self) -> &str {
///         "host:take-one-or-two"
///     }
///     fn defines(&self, function: &str, arity: usize) -> bool {
///         function == "moves" && arity == 1
///     }
///     fn call(&self, function: &str, arguments: &[Value]) -> Result<Value, String> {
///         match (function, arguments) {
///             ("moves", [Value::Int(n)]) => Ok(Value::Array(Rc::new(
///                 [1, 2].iter().filter(|&&k| k <= *n).map(|k| Value::Int(n - k)).collect(),
///             ))),
///             _ => Err(format!("no {function} here")),
///         }
///     }
/// }
///
/// let game = Game::Script(Script::hosted(Arc::new(TakeOneOrTwo)));
/// let position = Position::Argument("9".into());
/// let solution = Analyzer::new(Config::default()).solve(&game, &position)?;
/// assert_eq!(solution.grundy, Some(0u32.into())); // 9 is a multiple of 3
/// # Ok(()) }
/// ```
pub trait Host: Send + Sync {
    /// How the game is written in messages and answers (`python:TakeAway`).
    fn spec(&self) -> &str;

    /// Whether the rules define `function` with `arity` parameters. `start` is optional (a
    /// position's argument is then the position itself, an integer when it reads as one);
    /// `moves(state)` is required.
    fn defines(&self, function: &str, arity: usize) -> bool;

    /// Calls `function` with `arguments`, as a script's function is called: `moves` returns an
    /// array of positions or of maps `#{ move: name, to: position }`, `outcome` a string
    /// `"win"`, `"lose"` or `"tie"`, `components` an array of positions.
    ///
    /// # Errors
    /// What went wrong, in the words the caller should read.
    fn call(&self, function: &str, arguments: &[Value]) -> Result<Value, String>;
}

/// The rules a [`Script`](super::Script) hands its calls to: two are equal when they are the
/// same rules (the same object), since nothing else can tell two programs apart.
#[derive(Clone)]
pub struct HostRules(pub Arc<dyn Host>);

impl PartialEq for HostRules {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for HostRules {}

impl fmt::Debug for HostRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HostRules({})", self.0.spec())
    }
}
