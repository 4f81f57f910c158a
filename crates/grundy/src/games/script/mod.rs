//! Games written as small rhai scripts, run in a sandbox.
//!
//! A script defines
//! - `start(arg)`: the position for the command-line argument (an integer when it is one, else a
//!   string);
//! - `moves(state)`: an array of the positions one move leads to — each a bare position, or a map
//!   `#{ move: "take 2", to: position }` to name the move (`#{ to: position }` alone is an unnamed
//!   move);
//! - optionally `outcome(state)`: for a position without moves, `"win"`, `"lose"` or `"tie"` for
//!   the player to move. Without it the game is impartial under normal play (no move: you lose),
//!   and gets Grundy values, tables and sums;
//! - optionally `components(state)`, in an impartial game: the independent positions a position
//!   is the sum of (played side by side, a move in one of them), or `[state]` for a position that
//!   is not split. grundy then values each component once and xors their values.
//!
//! Positions are integers, strings, booleans, arrays and maps of those. Every call runs under
//! rhai's limits on operations, call depth, expression depth and sizes, so a runaway script
//! stops with an error instead of hanging.

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset};
use num_bigint::BigUint;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use rhai::{AST, CallFnOptions, Dynamic, Engine, Scope};

use crate::theory::solver::{Rules, Value as Outcome};

mod compile;
mod host;
mod machine;
mod value;

use compile::Program;
pub use host::{Host, HostRules};
use machine::{Bounds, CLOCK_EVERY, Machine};
pub use value::Value;

pub use crate::limits::{
    MAX_SCRIPT_CALL_OPERATIONS as MAX_OPERATIONS, MAX_SCRIPT_CALL_SECONDS as MAX_CALL_SECONDS,
    MAX_SCRIPT_OPERATIONS as MAX_TOTAL_OPERATIONS,
};

/// A script's text and where it came from, or rules a program hands to grundy in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// The path as written in the spec (for hosted rules, their spec).
    pub path: String,
    /// The script's text (empty for hosted rules).
    pub source: String,
    /// Rules defined outside grundy, called in place of the script's functions.
    pub host: Option<HostRules>,
}

impl Script {
    /// The script at `path` with the text `source`.
    pub fn new(path: impl Into<String>, source: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            source: source.into(),
            host: None,
        }
    }

    /// Rules defined outside grundy ([`Host`]), played as a script's: written as
    /// [`Host::spec`] says.
    pub fn hosted(host: std::sync::Arc<dyn Host>) -> Self {
        Self {
            path: host.spec().to_owned(),
            source: String::new(),
            host: Some(HostRules(host)),
        }
    }
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
    /// The script defines functions that do not go together.
    #[error("the script {path} {message}")]
    Conflict {
        /// The script's path.
        path: String,
        /// What does not go together, and why.
        message: &'static str,
    },
    /// A call of rules defined outside grundy ([`Host`]) failed, or returned something of the
    /// wrong shape.
    #[error("the game {spec} failed in {call}: {message}")]
    Hosted {
        /// The game, as its rules name it.
        spec: String,
        /// Which call, with its argument.
        call: String,
        /// What went wrong.
        message: String,
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

/// A position of a scripted game: the script's value. Two positions are the same position when
/// their values are equal; the canonical text ([`State::key`]) shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State(Value);

impl State {
    /// The canonical text of the position, as grundy shows it.
    pub fn key(&self) -> String {
        self.0.to_string()
    }

    /// The script's value of the position.
    pub fn value(&self) -> &Value {
        &self.0
    }
}

impl crate::theory::solver::Pack for State {
    fn pack(&self, out: &mut Vec<u8>) {
        self.0.pack(out);
    }
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// What the script calls of one question may spend, shared by every script compiled for that
/// question: the operations taken so far, which together stop at [`MAX_TOTAL_OPERATIONS`], and
/// the question's deadline, if it has one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spending {
    operations: Rc<Cell<u64>>,
    deadline: Option<Instant>,
}

impl Spending {
    /// Nothing spent yet, the calls stopping at `deadline` (none: only at each call's own time
    /// limit, [`MAX_CALL_SECONDS`]).
    pub(crate) fn until(deadline: Option<Instant>) -> Self {
        Self {
            operations: Rc::default(),
            deadline,
        }
    }
}

/// Why rhai stopped a call from its progress callback, carried in its termination token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// The question's operations ran out.
    Operations,
    /// The call's deadline passed.
    Time,
}

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

/// Which engine runs a script's calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScriptEngine {
    /// The compiled engine, and rhai's interpreter for any call it cannot answer (a function
    /// using what it does not compile, or a call that ends in an error, which rhai then reports).
    #[default]
    Compiled,
    /// rhai's interpreter for every call: slower, the reference the compiled engine is tested
    /// against.
    Interpreted,
}

/// Why a script may not define both `outcome` and `components`.
const CONFLICT: &str = "defines both outcome() and components(): a position is the sum of its components only in an impartial game under normal play, which a script with its own outcome() is not";

/// The most elements of an array or map, or bytes of a string, a script may build.
pub const MAX_SIZE: usize = crate::limits::MAX_SCRIPT_VALUE_SIZE;

/// The most nested calls of a script's functions.
pub const MAX_CALL_DEPTH: usize = crate::limits::MAX_SCRIPT_CALL_DEPTH;

/// The bounds of a call on the compiled engine that must stop at `deadline`.
fn bounds(deadline: Instant) -> Bounds {
    Bounds {
        operations: MAX_OPERATIONS,
        depth: MAX_CALL_DEPTH,
        size: MAX_SIZE,
        deadline,
    }
}

/// A compiled script, ready to answer `start`, `moves` and `outcome`.
pub struct ScriptRules {
    path: String,
    engine: Engine,
    ast: AST,
    program: Program,
    entries: Entries,
    /// The compiled engine's stack, kept between calls.
    stack: RefCell<Vec<Value>>,
    has_outcome: bool,
    has_components: bool,
    /// 1 for `start(arg)`, 2 for `start(a, b)` (a position of two whole numbers).
    start_parameters: usize,
    misere: bool,
    /// Operations of the calls finished so far, and of the call running now.
    spent: Rc<Cell<u64>>,
    running: Rc<Cell<u64>>,
    /// The question's deadline, if it has one.
    deadline: Option<Instant>,
    /// When the call running now must stop, seen by rhai's progress callback.
    call_deadline: Rc<Cell<Instant>>,
    /// Where each call and what the script prints go, when traced.
    trace: Option<TraceSink>,
    /// Rules defined outside grundy, called in place of the script's functions.
    host: Option<std::sync::Arc<dyn Host>>,
}

/// Where a traced script's lines go: what it prints (`print: …`, `debug: …`) and each call grundy
/// makes with its result (`call: moves(3) = [2, 0]`), in the order they happen.
pub type TraceSink = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

/// The most characters of a call's result a trace line shows.
const TRACE_RESULT_CHARS: usize = 400;

/// The compiled functions grundy calls, when every call from them runs compiled.
#[derive(Clone, Copy, Debug, Default)]
struct Entries {
    start: Option<usize>,
    moves: Option<usize>,
    outcome: Option<usize>,
    components: Option<usize>,
}

/// An engine with rhai's limits set, printing nothing, with no `eval`, no modules (the crate is
/// built without `import`) and no clock for scripts (built without `timestamp`), whose calls
/// together stop at [`MAX_TOTAL_OPERATIONS`] and each at `call_deadline`.
fn sandboxed_engine(
    spent: &Rc<Cell<u64>>,
    running: &Rc<Cell<u64>>,
    call_deadline: &Rc<Cell<Instant>>,
) -> Engine {
    let mut engine = Engine::new();
    let (spent, running, call_deadline) = (
        Rc::clone(spent),
        Rc::clone(running),
        Rc::clone(call_deadline),
    );
    engine.on_progress(move |operations| {
        running.set(operations);
        if spent.get().saturating_add(operations) > MAX_TOTAL_OPERATIONS {
            return Some(Dynamic::from(Stop::Operations));
        }
        (operations.is_multiple_of(CLOCK_EVERY) && Instant::now() >= call_deadline.get())
            .then(|| Dynamic::from(Stop::Time))
    });
    engine
        .set_max_operations(MAX_OPERATIONS)
        .set_max_call_levels(MAX_CALL_DEPTH)
        .set_max_expr_depths(64, 64)
        .set_max_string_size(MAX_SIZE)
        .set_max_array_size(MAX_SIZE)
        .set_max_map_size(MAX_SIZE)
        .set_max_variables(1_000)
        .set_max_functions(1_000);
    // The library prints nothing: a script's print and debug go nowhere.
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine.disable_symbol("eval");
    engine
}

/// The limit a failed call hit, named with its number, if it hit one (rhai's own message says
/// only what was too large or too deep).
fn limit_hit(error: &rhai::EvalAltResult) -> Option<String> {
    use rhai::EvalAltResult as E;
    let mut error = error;
    while let E::ErrorInFunctionCall(_, _, inner, _) = error {
        error = inner;
    }
    let at = error
        .position()
        .line()
        .map_or_else(String::new, |line| format!(" (line {line})"));
    let limit = match error {
        E::ErrorDataTooLarge(..) => format!(
            "a script's arrays and maps hold at most {MAX_SIZE} elements and its strings {MAX_SIZE} bytes"
        ),
        E::ErrorStackOverflow(..) => {
            format!("a script's functions may call each other at most {MAX_CALL_DEPTH} deep")
        }
        E::ErrorTooManyOperations(..) => {
            format!("one call of a script may take at most {MAX_OPERATIONS} operations")
        }
        E::ErrorTooManyVariables(..) => "a script may hold at most 1000 variables".to_owned(),
        _ => return None,
    };
    Some(format!("{limit}{at}"))
}

/// When a call starting now must stop: at the question's deadline, or [`MAX_CALL_SECONDS`] from
/// now if that comes first.
fn call_deadline(question: Option<Instant>) -> Instant {
    let now = Instant::now();
    let own = now
        .checked_add(std::time::Duration::from_secs(MAX_CALL_SECONDS))
        .unwrap_or(now);
    question.map_or(own, |question| question.min(own))
}

/// What a failed call on rhai's interpreter tells the user: rhai's message with the limit it hit,
/// or which of grundy's limits stopped it.
fn failure(error: rhai::EvalAltResult, question: Option<Instant>) -> String {
    match error {
        rhai::EvalAltResult::ErrorTerminated(token, _) => match token.try_cast::<Stop>() {
            Some(Stop::Time) if question.is_some_and(|end| Instant::now() >= end) => {
                "the question's time limit passed during this call".to_owned()
            }
            Some(Stop::Time) => format!(
                "one call of a script may run at most {MAX_CALL_SECONDS} s (rhai measures a whole array, map or string again each time it grows, so building a large value one element at a time is slow: build it at once, or keep it smaller)"
            ),
            _ => format!(
                "the script's calls took more than {MAX_TOTAL_OPERATIONS} operations in all for this question (each call may take {MAX_OPERATIONS})"
            ),
        },
        other => match limit_hit(&other) {
            Some(limit) => format!("{other} — {limit}"),
            None => other.to_string(),
        },
    }
}

impl ScriptRules {
    /// Compiles `script` and checks that it defines `start(arg)` and `moves(state)`; runs its
    /// top level once, whose variables and constants every function then sees.
    ///
    /// # Errors
    /// [`ScriptError::Syntax`] or [`ScriptError::Missing`]; [`ScriptError::Runtime`] if the
    /// top level fails.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::script::{Script, ScriptRules};
    /// let script = Script::new("take.rhai", "fn start(n) { n } fn moves(n) { if n > 0 { [n - 1] } else { [] } }");
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
        if let Some(HostRules(host)) = &script.host {
            return Self::hosted(script, host, spending);
        }
        let (spent, running) = (Rc::clone(&spending.operations), Rc::new(Cell::new(0)));
        let call_deadline = Rc::new(Cell::new(call_deadline(spending.deadline)));
        let mut engine = sandboxed_engine(&spent, &running, &call_deadline);
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
        let start_parameters = match (defines("start", 1), defines("start", 2)) {
            (true, _) => 1,
            (false, true) => 2,
            (false, false) => {
                return Err(ScriptError::Missing {
                    path: script.path.clone(),
                    function: "start(arg) or start(a, b)",
                });
            }
        };
        if !defines("moves", 1) {
            return Err(ScriptError::Missing {
                path: script.path.clone(),
                function: "moves(state)",
            });
        }
        let has_outcome = defines("outcome", 1);
        let has_components = defines("components", 1);
        if has_outcome && has_components {
            return Err(ScriptError::Conflict {
                path: script.path.clone(),
                message: CONFLICT,
            });
        }
        // The top level runs once; what it leaves is visible in every function.
        let mut scope = Scope::new();
        running.set(0);
        let ran = engine.run_ast_with_scope(&mut scope, &ast);
        spent.set(spent.get().saturating_add(running.get()));
        ran.map_err(|e| ScriptError::Runtime {
            path: script.path.clone(),
            call: "its top level".to_owned(),
            message: failure(*e, spending.deadline),
        })?;
        let globals: Vec<(String, Dynamic)> = scope
            .iter_raw()
            .map(|(name, _, value)| (name.to_owned(), value.clone()))
            .collect();
        let resolved: HashMap<String, Dynamic> = globals.iter().cloned().collect();
        if !resolved.is_empty() {
            // rhai marks `on_var` deprecated only to say it may change between versions.
            #[allow(deprecated, reason = "rhai marks on_var volatile, not replaced")]
            engine.on_var(move |name, index, context| {
                if index > 0 || context.scope().contains(name) {
                    return Ok(None);
                }
                Ok(resolved.get(name).cloned())
            });
        }
        let values = globals
            .iter()
            .filter_map(|(name, value)| Some((name.clone(), Value::from_dynamic(value).ok()?)))
            .collect();
        let program = compile::compile(&engine, &ast, &script.source, values);
        let entry = |name: &str, arity: usize| {
            program
                .function(name, arity)
                .filter(|&i| program.unsupported(i).is_none())
        };
        let entries = Entries {
            start: entry("start", start_parameters),
            moves: entry("moves", 1),
            outcome: entry("outcome", 1),
            components: entry("components", 1),
        };
        Ok(Self {
            path: script.path.clone(),
            engine,
            ast,
            program,
            entries,
            stack: RefCell::new(Vec::with_capacity(64)),
            has_outcome,
            has_components,
            start_parameters,
            misere: false,
            spent,
            running,
            deadline: spending.deadline,
            call_deadline,
            trace: None,
            host: None,
        })
    }

    /// Rules defined outside grundy, called in place of a script's functions.
    fn hosted(
        script: &Script,
        host: &std::sync::Arc<dyn Host>,
        spending: &Spending,
    ) -> Result<Self, ScriptError> {
        let (spent, running) = (Rc::clone(&spending.operations), Rc::new(Cell::new(0)));
        let call_deadline = Rc::new(Cell::new(call_deadline(spending.deadline)));
        let engine = sandboxed_engine(&spent, &running, &call_deadline);
        let defines = |name: &str, arity: usize| host.defines(name, arity);
        let start_parameters = if !defines("start", 1) && defines("start", 2) {
            2
        } else {
            1
        };
        let ast = AST::empty();
        let program = compile::compile(&engine, &ast, "", Vec::new());
        let rules = Self {
            path: script.path.clone(),
            engine,
            ast,
            program,
            entries: Entries::default(),
            stack: RefCell::new(Vec::new()),
            has_outcome: defines("outcome", 1),
            has_components: defines("components", 1),
            start_parameters,
            misere: false,
            spent,
            running,
            deadline: spending.deadline,
            call_deadline,
            trace: None,
            host: Some(std::sync::Arc::clone(host)),
        };
        rules.checked(defines("moves", 1))
    }

    /// Hosted rules, once checked to define `moves(state)` (`defines_moves`) and not both
    /// `outcome` and `components`.
    fn checked(self, defines_moves: bool) -> Result<Self, ScriptError> {
        if !defines_moves {
            return Err(ScriptError::Missing {
                path: self.path,
                function: "moves(state)",
            });
        }
        if self.has_outcome && self.has_components {
            return Err(ScriptError::Conflict {
                path: self.path,
                message: CONFLICT,
            });
        }
        Ok(self)
    }

    /// Sends what the script prints, and each call with its result, to `sink` from now on (on
    /// either engine: a call the compiled engine gives to rhai is traced once, as rhai runs it).
    #[must_use]
    pub fn with_trace(mut self, sink: TraceSink) -> Self {
        let printed = std::sync::Arc::clone(&sink);
        self.engine
            .on_print(move |text| printed(&format!("print: {text}")));
        let debugged = std::sync::Arc::clone(&sink);
        self.engine.on_debug(move |text, _, at| {
            let line = at
                .line()
                .map_or_else(String::new, |line| format!(" (line {line})"));
            debugged(&format!("debug: {text}{line}"));
        });
        self.trace = Some(sink);
        self
    }

    /// Traces a finished call: `call: function(argument) = result`, or what failed.
    fn traced(
        &self,
        function: &str,
        shown: &dyn Fn() -> String,
        result: &Result<Value, ScriptError>,
    ) {
        let Some(sink) = &self.trace else {
            return;
        };
        let outcome = match result {
            Ok(value) => {
                let text = value.to_string();
                let count = text.chars().count();
                if count > TRACE_RESULT_CHARS {
                    let cut: String = text.chars().take(TRACE_RESULT_CHARS).collect();
                    format!("= {cut}… ({count} characters)")
                } else {
                    format!("= {text}")
                }
            }
            Err(error) => format!("failed: {error}"),
        };
        sink(&format!("call: {function}({}) {outcome}", shown()));
    }

    /// Runs every call on `engine` from now on.
    #[must_use]
    pub fn with_engine(mut self, engine: ScriptEngine) -> Self {
        if engine == ScriptEngine::Interpreted {
            self.entries = Entries::default();
        }
        self
    }

    /// Why a function grundy calls (`start`, `moves`, `outcome`, `components`) runs on rhai's interpreter,
    /// if one does: the function and what it uses that the compiled engine does not compile.
    pub fn interpreted(&self) -> Option<String> {
        ["start", "moves", "outcome", "components"]
            .iter()
            .find_map(|name| {
                let arity = if *name == "start" {
                    self.start_parameters
                } else {
                    1
                };
                let index = self.program.function(name, arity)?;
                let reason = self.program.unsupported(index)?;
                Some(format!("{name}() uses {reason}"))
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

    fn total_exceeded(&self) -> ScriptError {
        ScriptError::Runtime {
            path: self.path.clone(),
            call: String::new(),
            message: format!(
                "the script's calls took more than {MAX_TOTAL_OPERATIONS} operations in all for this question (each call may take {MAX_OPERATIONS})"
            ),
        }
    }

    /// Calls `function` (compiled as `entry`, if it is) with `argument`.
    fn call(
        &self,
        function: &str,
        entry: Option<usize>,
        arguments: &[Value],
        shown: &dyn Fn() -> String,
    ) -> Result<Value, ScriptError> {
        if let Some(host) = &self.host {
            let result = if function == "start" && !host.defines("start", arguments.len()) {
                // Without start(), a position's argument is the position.
                Ok(arguments.first().cloned().unwrap_or_default())
            } else {
                host.call(function, arguments)
                    .map_err(|message| self.runtime(format!("{function}({})", shown()), message))
            };
            self.traced(function, shown, &result);
            return result;
        }
        let deadline = call_deadline(self.deadline);
        self.call_deadline.set(deadline);
        if let Some(index) = entry {
            let mut machine = Machine::new(&self.program, bounds(deadline), self.stack.take());
            if self.trace.is_some() {
                machine.printed = Some(Vec::new());
            }
            let result = machine.call(index, arguments.to_vec());
            let printed = machine.printed.take();
            let spent = self.spent.get().saturating_add(machine.operations);
            self.stack.replace(machine.into_stack());
            self.spent.set(spent);
            if spent > MAX_TOTAL_OPERATIONS {
                let error = Err(self.total_exceeded());
                self.traced(function, shown, &error);
                return error;
            }
            if let Ok(value) = result {
                // What a call given to rhai printed is printed again by rhai: only a call the
                // compiled engine finished shows its own.
                if let (Some(sink), Some(printed)) = (&self.trace, printed) {
                    for line in printed {
                        sink(&line);
                    }
                }
                let result = Ok(value);
                self.traced(function, shown, &result);
                return result;
            }
        }
        let result = self.interpret(function, arguments, shown);
        self.traced(function, shown, &result);
        result
    }

    /// Runs `start(argument)` on the compiled engine alone: `None` if it cannot answer.
    #[cfg(test)]
    fn start_compiled(&self, argument: &str) -> Option<Value> {
        let value = argument
            .trim()
            .parse::<i64>()
            .map_or_else(|_| Value::Str(Rc::new(argument.to_owned())), Value::Int);
        let mut machine = Machine::new(
            &self.program,
            bounds(call_deadline(self.deadline)),
            Vec::new(),
        );
        machine.call(self.entries.start?, vec![value]).ok()
    }

    /// Calls `function` with `argument` on rhai's interpreter.
    fn interpret(
        &self,
        function: &str,
        arguments: &[Value],
        shown: &dyn Fn() -> String,
    ) -> Result<Value, ScriptError> {
        self.running.set(0);
        let result = self.engine.call_fn_with_options::<Dynamic>(
            CallFnOptions::new().eval_ast(false),
            &mut Scope::new(),
            &self.ast,
            function,
            arguments
                .iter()
                .map(Value::to_dynamic)
                .collect::<Vec<Dynamic>>(),
        );
        self.spent
            .set(self.spent.get().saturating_add(self.running.get()));
        let call = || format!("{function}({})", shown());
        let value = result.map_err(|e| ScriptError::Runtime {
            path: self.path.clone(),
            call: call(),
            message: failure(*e, self.deadline),
        })?;
        Value::from_dynamic(&value).map_err(|m| self.runtime(call(), m))
    }

    fn runtime(&self, call: String, message: impl Into<String>) -> ScriptError {
        if self.host.is_some() {
            return ScriptError::Hosted {
                spec: self.path.clone(),
                call,
                message: message.into(),
            };
        }
        ScriptError::Runtime {
            path: self.path.clone(),
            call,
            message: message.into(),
        }
    }

    /// The start position for a command-line argument.
    ///
    /// # Errors
    /// [`ScriptError::Runtime`] if the call fails or returns something that is not a position.
    pub fn start(&self, argument: &str) -> Result<State, ScriptError> {
        let arguments = if self.start_parameters == 2 {
            let numbers: Vec<&str> = argument
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|part| !part.is_empty())
                .collect();
            let pair = match numbers.as_slice() {
                [a, b] => a.parse::<i64>().ok().zip(b.parse::<i64>().ok()),
                _ => None,
            };
            let Some((a, b)) = pair else {
                return Err(self.runtime(
                    format!("start({argument:?})"),
                    "start(a, b) takes two whole numbers, e.g. 3 5 or 3,5",
                ));
            };
            vec![Value::Int(a), Value::Int(b)]
        } else {
            vec![
                argument
                    .trim()
                    .parse::<i64>()
                    .map_or_else(|_| Value::Str(Rc::new(argument.to_owned())), Value::Int),
            ]
        };
        // As the script receives it: `start(10)`, `start("10 20")`, `start(3, 5)`.
        let shown = || {
            arguments
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        self.call("start", self.entries.start, &arguments, &shown)
            .map(State)
    }

    /// The position `position` names: `start(argument)` for an argument, or a position a move
    /// left, read back from its text.
    ///
    /// # Errors
    /// As [`start`](Self::start); [`ScriptError::Runtime`] for a position's text that is not the
    /// text of a position, or for a position of another game.
    pub fn position(&self, position: &Position) -> Result<State, ScriptError> {
        match position {
            Position::Argument(argument) => self.start(argument),
            Position::State(text) => Value::parse(text).map(State).map_err(|message| {
                self.runtime(
                    format!("reading the position {text}"),
                    format!("not a position's text: {message}"),
                )
            }),
            other => Err(self.runtime(
                format!("reading the position {other}"),
                "a script's position is an argument of start() or a position a move left",
            )),
        }
    }

    /// The positions one move leads to from `state`, each with the move's name if the script
    /// gives one, handed to `each` in order.
    fn each_successor(
        &self,
        state: &State,
        mut each: impl FnMut(Option<Value>, State),
    ) -> Result<(), ScriptError> {
        let shown = || state.key();
        let result = self.call(
            "moves",
            self.entries.moves,
            std::slice::from_ref(&state.0),
            &shown,
        )?;
        let Value::Array(items) = result else {
            return Err(self.runtime(
                format!("moves({})", state.key()),
                format!("moves must return an array, not {}", result.type_name()),
            ));
        };
        let items = Rc::try_unwrap(items).unwrap_or_else(|shared| (*shared).clone());
        for item in items {
            match item {
                // A move: `#{ move: name, to: position }`, or `#{ to: position }` unnamed.
                Value::Map(map)
                    if map.contains_key("to") && (map.contains_key("move") || map.len() == 1) =>
                {
                    let mut map = Rc::try_unwrap(map).unwrap_or_else(|shared| (*shared).clone());
                    let to = map.remove("to").unwrap_or_default();
                    each(map.remove("move"), State(to));
                }
                other => each(None, State(other)),
            }
        }
        Ok(())
    }
}

impl Rules for ScriptRules {
    type State = State;

    fn state_bytes(&self, state: &State) -> u64 {
        state.0.bytes()
    }

    fn moves(&self, state: &State) -> Result<Vec<(String, State)>, String> {
        let mut moves = Vec::new();
        self.each_successor(state, |name, to| {
            let name = match name {
                Some(Value::Str(s)) if !s.is_empty() => s.to_string(),
                Some(Value::Str(_)) | None => format!("to {}", to.key()),
                Some(other) => other.to_dynamic().to_string(),
            };
            moves.push((name, to));
        })
        .map_err(|e| e.to_string())?;
        Ok(moves)
    }

    fn successors(&self, state: &State, out: &mut Vec<State>) -> Result<(), String> {
        self.each_successor(state, |_, to| out.push(to))
            .map_err(|e| e.to_string())
    }

    /// A position's components, from the script's `components(state)` under normal play (a
    /// misère sum is not played by xor, so misère play searches whole positions).
    fn components(&self, state: &State, out: &mut Vec<State>) -> Result<bool, String> {
        if !self.has_components || self.misere {
            return Ok(false);
        }
        let shown = || state.key();
        let result = self
            .call(
                "components",
                self.entries.components,
                std::slice::from_ref(&state.0),
                &shown,
            )
            .map_err(|e| e.to_string())?;
        let call = || format!("components({})", state.key());
        let Value::Array(parts) = result else {
            return Err(self
                .runtime(
                    call(),
                    format!(
                        "components must return an array of positions, not {}",
                        result.type_name()
                    ),
                )
                .to_string());
        };
        if let [only] = parts.as_slice()
            && *only == state.0
        {
            return Ok(false);
        }
        if parts.contains(&state.0) {
            return Err(self
                .runtime(
                    call(),
                    "components must split a position into other positions or return [state] alone, but returned the position itself among others",
                )
                .to_string());
        }
        out.extend(parts.iter().cloned().map(State));
        Ok(true)
    }

    fn terminal(&self, state: &State) -> Result<Outcome, String> {
        if !self.has_outcome {
            return Ok(if self.misere {
                Outcome::Win
            } else {
                Outcome::Lose
            });
        }
        let shown = || state.key();
        let result = self
            .call(
                "outcome",
                self.entries.outcome,
                std::slice::from_ref(&state.0),
                &shown,
            )
            .map_err(|e| e.to_string())?;
        match &result {
            Value::Str(s) if s.as_str() == "win" => Ok(Outcome::Win),
            Value::Str(s) if s.as_str() == "lose" => Ok(Outcome::Lose),
            Value::Str(s) if s.as_str() == "tie" => Ok(Outcome::Tie),
            other => Err(self
                .runtime(
                    format!("outcome({})", state.key()),
                    format!(
                        "outcome must return \"win\", \"lose\" or \"tie\", not {:?}",
                        other.to_dynamic().to_string()
                    ),
                )
                .to_string()),
        }
    }
}

/// A script's options come from running it (compiled once per question by the analysis, which
/// also plays it), so its rules list none here.
impl Script {
    /// Whether the script's start takes two whole numbers (`start(a, b)`), so that its values
    /// form a grid of two numbers, as Wythoff's game's do. Reads the script's syntax only.
    pub fn starts_with_two_numbers(&self) -> bool {
        if let Some(HostRules(host)) = &self.host {
            return !host.defines("start", 1) && host.defines("start", 2);
        }
        let mut engine = Engine::new_raw();
        // The sandbox's depths: rhai's defaults are lower in a debug build.
        engine.set_max_expr_depths(64, 64);
        engine.compile(&self.source).is_ok_and(|ast| {
            let arity = |n: usize| {
                ast.iter_functions()
                    .any(|f| f.name == "start" && f.params.len() == n)
            };
            !arity(1) && arity(2)
        })
    }
}

impl Ruleset for Script {
    fn has_grid(&self) -> bool {
        self.starts_with_two_numbers()
    }

    /// `start(n)`, or `start(a, b)` for a script that takes two numbers.
    fn coordinate_position(&self, coordinates: &[BigUint]) -> Option<Position> {
        match (coordinates, self.starts_with_two_numbers()) {
            ([n], false) => Some(Position::Argument(n.to_string())),
            ([a, b], true) => Some(Position::Argument(format!("{a} {b}"))),
            _ => None,
        }
    }

    fn unplayable(&self) -> Option<&'static str> {
        Some(
            "a script's moves come from running it, which the play of a sum does not do yet: play the script on its own",
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
mod tests;

#[cfg(test)]
mod unit {
    use super::*;

    fn rules(source: &str) -> Result<ScriptRules, ScriptError> {
        ScriptRules::compile(&Script::new("test.rhai", source))
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
        assert!(
            error.contains(&format!("at most {MAX_OPERATIONS} operations")),
            "{error}"
        );
        let deep = rules("fn f(n) { f(n + 1) } fn start(n) { f(n) } fn moves(n) { [] }").unwrap();
        let error = deep.start("1").unwrap_err().to_string();
        assert!(
            error.contains(&format!("at most {MAX_CALL_DEPTH} deep")),
            "{error}"
        );
        // A string past the size limit names the limit (and the line, where rhai knows it).
        let large = rules(
            "fn start(n) { n } fn moves(n) {\n let s = \"x\"; for i in 0..25 { s += s; } [s] }",
        )
        .unwrap();
        let error = large.moves(&large.start("1").unwrap()).unwrap_err();
        assert!(
            error.contains(&format!("strings {MAX_SIZE} bytes")),
            "{error}"
        );
        let floats = rules("fn start(n) { 1.5 } fn moves(n) { [] }");
        // Floating point is not compiled in; the script fails to compile or to run.
        assert!(floats.is_err() || floats.unwrap().start("1").is_err());
    }

    #[test]
    fn a_map_with_to_alone_is_a_move() {
        let named =
            rules("fn start(n) { n } fn moves(n) { if n > 0 { [#{to: n - 1}] } else { [] } }")
                .unwrap();
        let moves = named.moves(&named.start("3").unwrap()).unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(
            (moves[0].0.as_str(), moves[0].1.key()),
            ("to 2", "2".to_owned())
        );
    }

    #[test]
    fn states_are_canonical() {
        let maps =
            rules("fn start(n) { #{b: n, a: [1, \"x\"]} } fn moves(s) { [#{move: \"m\", to: s}] }")
                .unwrap();
        let start = maps.start("7").unwrap();
        assert_eq!(start.key(), "#{a: [1, \"x\"], b: 7}");
        assert_eq!(maps.moves(&start).unwrap()[0].0, "m");
    }
}
