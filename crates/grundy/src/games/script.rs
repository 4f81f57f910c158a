//! Games written as small rhai scripts, run in a sandbox.
//!
//! A script defines
//! - `start(arg)`: the position for the command-line argument (an integer when it is one, else a
//!   string);
//! - `moves(state)`: an array of the positions one move leads to — each a bare position, or a map
//!   `#{ move: "take 2", to: position }` to name the move;
//! - optionally `outcome(state)`: for a position without moves, `"win"`, `"lose"` or `"tie"` for
//!   the player to move. Without it the game is impartial under normal play (no move: you lose),
//!   and gets Grundy values, tables and sums.
//!
//! Positions are integers, strings, booleans, arrays and maps of those. Every call runs under
//! rhai's limits on operations, call depth, expression depth and sizes, so a runaway script
//! stops with an error instead of hanging.

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset};
use num_bigint::BigUint;
use std::fmt::Write as _;

use std::cell::Cell;
use std::rc::Rc;

use rhai::{AST, Dynamic, Engine, Scope};

use crate::theory::solver::{Rules, Value};

pub use crate::limits::{
    MAX_SCRIPT_CALL_OPERATIONS as MAX_OPERATIONS, MAX_SCRIPT_OPERATIONS as MAX_TOTAL_OPERATIONS,
};

/// A script's text and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// The path as written in the spec.
    pub path: String,
    /// The script's text.
    pub source: String,
}

/// Why a script could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// The script does not compile.
    #[error("the script {path} does not compile: {message}")]
    Syntax {
        /// The script's path.
        path: String,
        /// Rhai's message, with line and column.
        message: String,
    },
    /// A required function is missing.
    #[error("the script {path} must define {function}")]
    Missing {
        /// The script's path.
        path: String,
        /// The function and its parameters.
        function: &'static str,
    },
    /// A call failed: a runtime error, a limit, or a result of the wrong shape.
    #[error("the script {path} failed in {call}: {message}")]
    Runtime {
        /// The script's path.
        path: String,
        /// Which call, with its argument.
        call: String,
        /// What went wrong.
        message: String,
    },
}

/// A position of a scripted game: the script's value and its canonical text (equal texts are the
/// same position).
#[derive(Clone, Debug)]
pub struct State {
    /// The canonical text, also used to show the position.
    pub key: String,
    value: Dynamic,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, hasher: &mut H) {
        self.key.hash(hasher);
    }
}

/// The operations the script calls of one question have taken so far, shared by every script
/// compiled for that question: together they stop at [`MAX_TOTAL_OPERATIONS`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Spending(Rc<Cell<u64>>);

#[cfg(test)]
thread_local! {
    /// How many times this thread compiled a script, for the tests that check each question
    /// compiles its scripts once.
    static COMPILATIONS: Cell<u64> = const { Cell::new(0) };
}

/// How many times this thread has compiled a script so far.
#[cfg(test)]
pub(crate) fn compilations() -> u64 {
    COMPILATIONS.with(Cell::get)
}

/// A compiled script, ready to answer `start`, `moves` and `outcome`.
pub struct ScriptRules {
    path: String,
    engine: Engine,
    ast: AST,
    has_outcome: bool,
    misere: bool,
    /// Operations of the calls finished so far, and of the call running now.
    spent: Rc<Cell<u64>>,
    running: Rc<Cell<u64>>,
}

/// An engine with rhai's limits set, printing nothing, with no `eval`, no modules (the crate is
/// built without `import`) and no clock (built without `timestamp`), whose calls together stop at
/// [`MAX_TOTAL_OPERATIONS`].
fn sandboxed_engine(spent: &Rc<Cell<u64>>, running: &Rc<Cell<u64>>) -> Engine {
    let mut engine = Engine::new();
    let (spent, running) = (Rc::clone(spent), Rc::clone(running));
    engine.on_progress(move |operations| {
        running.set(operations);
        (spent.get().saturating_add(operations) > MAX_TOTAL_OPERATIONS).then(|| {
            Dynamic::from(format!(
                "the script's calls took more than {MAX_TOTAL_OPERATIONS} operations in all for this question"
            ))
        })
    });
    engine
        .set_max_operations(MAX_OPERATIONS)
        .set_max_call_levels(32)
        .set_max_expr_depths(64, 64)
        .set_max_string_size(10_000)
        .set_max_array_size(10_000)
        .set_max_map_size(10_000)
        .set_max_variables(1_000)
        .set_max_functions(1_000);
    // The library prints nothing: a script's print and debug go nowhere.
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine.disable_symbol("eval");
    engine
}

impl ScriptRules {
    /// Compiles `script` and checks that it defines `start(arg)` and `moves(state)`.
    ///
    /// # Errors
    /// [`ScriptError::Syntax`] or [`ScriptError::Missing`].
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::script::{Script, ScriptRules};
    /// let script = Script { path: "take.rhai".into(), source: "fn start(n) { n } fn moves(n) { if n > 0 { [n - 1] } else { [] } }".into() };
    /// let rules = ScriptRules::compile(&script)?;
    /// assert!(rules.impartial());
    /// # Ok(()) }
    /// ```
    pub fn compile(script: &Script) -> Result<Self, ScriptError> {
        Self::compile_spending(script, &Spending::default())
    }

    /// As [`compile`](Self::compile), with the calls' operations counted in `spending`, shared
    /// with the other scripts of the same question.
    pub(crate) fn compile_spending(
        script: &Script,
        spending: &Spending,
    ) -> Result<Self, ScriptError> {
        #[cfg(test)]
        COMPILATIONS.with(|count| count.set(count.get() + 1));
        let (spent, running) = (Rc::clone(&spending.0), Rc::new(Cell::new(0)));
        let engine = sandboxed_engine(&spent, &running);
        let ast = engine
            .compile(&script.source)
            .map_err(|e| ScriptError::Syntax {
                path: script.path.clone(),
                message: e.to_string(),
            })?;
        let defines = |name: &str, arity: usize| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == arity)
        };
        for (name, function) in [("start", "start(arg)"), ("moves", "moves(state)")] {
            if !defines(name, 1) {
                return Err(ScriptError::Missing {
                    path: script.path.clone(),
                    function,
                });
            }
        }
        let has_outcome = defines("outcome", 1);
        Ok(Self {
            path: script.path.clone(),
            engine,
            ast,
            has_outcome,
            misere: false,
            spent,
            running,
        })
    }

    /// The same game under misère play: a position without moves is a win for the player to
    /// move. Only for impartial scripts.
    ///
    /// # Errors
    /// A message if the script defines its own `outcome`.
    pub fn into_misere(mut self) -> Result<Self, String> {
        if self.has_outcome {
            return Err(format!(
                "{} decides the end of the game with its own outcome(), so misère play does not apply",
                self.path
            ));
        }
        self.misere = true;
        Ok(self)
    }

    /// Whether the game is impartial under normal play (the script defines no `outcome`).
    pub fn impartial(&self) -> bool {
        !self.has_outcome
    }

    fn call(&self, function: &str, argument: Dynamic, shown: &str) -> Result<Dynamic, ScriptError> {
        self.running.set(0);
        let result =
            self.engine
                .call_fn::<Dynamic>(&mut Scope::new(), &self.ast, function, (argument,));
        self.spent
            .set(self.spent.get().saturating_add(self.running.get()));
        result.map_err(|e| ScriptError::Runtime {
            path: self.path.clone(),
            call: format!("{function}({shown})"),
            message: match *e {
                rhai::EvalAltResult::ErrorTerminated(..) => format!(
                    "the script's calls took more than {MAX_TOTAL_OPERATIONS} operations in all for this question (each call may take {MAX_OPERATIONS})"
                ),
                other => other.to_string(),
            },
        })
    }

    fn runtime(&self, call: String, message: impl Into<String>) -> ScriptError {
        ScriptError::Runtime {
            path: self.path.clone(),
            call,
            message: message.into(),
        }
    }

    fn state(&self, value: Dynamic, call: &str) -> Result<State, ScriptError> {
        let mut key = String::new();
        canonical(&value, &mut key).map_err(|m| self.runtime(call.to_owned(), m))?;
        Ok(State { key, value })
    }

    /// The start position for a command-line argument.
    ///
    /// # Errors
    /// [`ScriptError::Runtime`] if the call fails or returns something that is not a position.
    pub fn start(&self, argument: &str) -> Result<State, ScriptError> {
        let value = argument
            .trim()
            .parse::<i64>()
            .map_or_else(|_| Dynamic::from(argument.to_owned()), Dynamic::from);
        let shown = format!("{argument:?}");
        let result = self.call("start", value, &shown)?;
        self.state(result, &format!("start({shown})"))
    }
}

/// Writes the canonical text of a position: maps with sorted keys, no floating point.
fn canonical(value: &Dynamic, out: &mut String) -> Result<(), String> {
    if let Ok(n) = value.as_int() {
        let _ = write!(out, "{n}");
    } else if let Ok(b) = value.as_bool() {
        let _ = write!(out, "{b}");
    } else if value.is_string() {
        let _ = write!(out, "{:?}", value.clone().into_string().unwrap_or_default());
    } else if let Ok(c) = value.as_char() {
        let _ = write!(out, "{c:?}");
    } else if value.is_array() {
        out.push('[');
        for (i, item) in value
            .clone()
            .into_array()
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            if i > 0 {
                out.push_str(", ");
            }
            canonical(item, out)?;
        }
        out.push(']');
    } else if value.is_map() {
        let map = value.clone().try_cast::<rhai::Map>().unwrap_or_default();
        out.push_str("#{");
        for (i, (k, v)) in map.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{k}: ");
            canonical(v, out)?;
        }
        out.push('}');
    } else if value.is_unit() {
        out.push_str("()");
    } else {
        return Err(format!(
            "a position must be made of integers, strings, booleans, arrays and maps, not {}",
            value.type_name()
        ));
    }
    Ok(())
}

impl Rules for ScriptRules {
    type State = State;

    fn state_bytes(&self, state: &State) -> u64 {
        // The canonical text, and the script's value of about the same size.
        size_of::<State>() as u64 + 3 * state.key.len() as u64
    }

    fn moves(&self, state: &State) -> Result<Vec<(String, State)>, String> {
        let call = format!("moves({})", state.key);
        let result = self
            .call("moves", state.value.clone(), &state.key)
            .map_err(|e| e.to_string())?;
        let Ok(items) = result.clone().into_array() else {
            return Err(self
                .runtime(
                    call,
                    format!("moves must return an array, not {}", result.type_name()),
                )
                .to_string());
        };
        let mut moves = Vec::with_capacity(items.len());
        for item in items {
            let named = item
                .clone()
                .try_cast::<rhai::Map>()
                .filter(|m| m.contains_key("move") && m.contains_key("to"));
            let (name, to) = match named {
                Some(map) => (map["move"].to_string(), map["to"].clone()),
                None => (String::new(), item),
            };
            let to = self.state(to, &call).map_err(|e| e.to_string())?;
            let name = if name.is_empty() {
                format!("to {}", to.key)
            } else {
                name
            };
            moves.push((name, to));
        }
        Ok(moves)
    }

    fn terminal(&self, state: &State) -> Result<Value, String> {
        if !self.has_outcome {
            return Ok(if self.misere { Value::Win } else { Value::Lose });
        }
        let result = self
            .call("outcome", state.value.clone(), &state.key)
            .map_err(|e| e.to_string())?;
        match result.to_string().as_str() {
            "win" => Ok(Value::Win),
            "lose" => Ok(Value::Lose),
            "tie" => Ok(Value::Tie),
            other => Err(self
                .runtime(
                    format!("outcome({})", state.key),
                    format!("outcome must return \"win\", \"lose\" or \"tie\", not {other:?}"),
                )
                .to_string()),
        }
    }
}

/// A script's options come from running it (compiled once per question by the analysis), so
/// its rules list none here.
impl Ruleset for Script {
    fn unplayable(&self) -> Option<&'static str> {
        Some(
            "playing a scripted game is not supported yet — a script's position after a move is known only by its text, which its start function does not read back",
        )
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Argument
    }

    fn option_count(&self, _: &Position) -> Option<BigUint> {
        None
    }

    fn options(&self, _: &Position) -> Option<Vec<(Action, Position)>> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(source: &str) -> Result<ScriptRules, ScriptError> {
        ScriptRules::compile(&Script {
            path: "test.rhai".into(),
            source: source.into(),
        })
    }

    #[test]
    fn errors_are_clear() {
        assert!(matches!(
            rules("fn start(n) {"),
            Err(ScriptError::Syntax { .. })
        ));
        assert!(matches!(
            rules("fn start(n) { n }"),
            Err(ScriptError::Missing {
                function: "moves(state)",
                ..
            })
        ));
        let looping = rules("fn start(n) { n } fn moves(n) { loop { } }").unwrap();
        let start = looping.start("3").unwrap();
        let error = looping.moves(&start).unwrap_err();
        assert!(
            error.contains("moves(3)") && error.to_lowercase().contains("operations"),
            "{error}"
        );
        let deep = rules("fn f(n) { f(n + 1) } fn start(n) { f(n) } fn moves(n) { [] }").unwrap();
        assert!(matches!(deep.start("1"), Err(ScriptError::Runtime { .. })));
        let floats = rules("fn start(n) { 1.5 } fn moves(n) { [] }");
        // Floating point is not compiled in; the script fails to compile or to run.
        assert!(floats.is_err() || floats.unwrap().start("1").is_err());
    }

    #[test]
    fn states_are_canonical() {
        let maps =
            rules("fn start(n) { #{b: n, a: [1, \"x\"]} } fn moves(s) { [#{move: \"m\", to: s}] }")
                .unwrap();
        let start = maps.start("7").unwrap();
        assert_eq!(start.key, "#{a: [1, \"x\"], b: 7}");
        assert_eq!(maps.moves(&start).unwrap()[0].0, "m");
    }
}
