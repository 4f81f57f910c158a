//! The extension module `grundy._grundy`: the library's questions for Python.
//!
//! Each function reads its arguments while it holds the interpreter, computes with the
//! interpreter released (other Python threads run meanwhile; Ctrl-C stops the computation through
//! `watch::Watch`), and returns the library's answer as its JSON document — as Python objects —
//! and its text, which the package's Python half (`grundy/`) wraps in typed objects. Nothing here
//! decides an answer: the library does, and renders it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::{Analyzer, Config};
use num_bigint::BigInt;
use pyo3::prelude::*;
use pyo3::types::PyString;

mod convert;
mod errors;
mod host;
mod questions;
mod watch;

use errors::Kind;
use host::PythonRules;
use watch::Watch;

/// The settings a text names where it points to one: the keyword argument that raises the value
/// limit, and the method that lists an answer in full.
pub(crate) const TERMS: grundy::render::Terms<'static> = grundy::render::Terms {
    limit: "max=",
    full_listing: "to_dict()",
};

/// The most bytes of a script or a rule read from a file (as the command line reads them).
const MAX_SCRIPT_BYTES: u64 = 1 << 20;
const MAX_FILE_BYTES: u64 = 64 << 20;

/// The limits of one call, as the package's Python half passes them (every key present).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct Limits {
    /// The value limit (`None`: the library's default).
    pub(crate) max: Option<BigInt>,
    /// The memory limit in bytes (`None`: half the memory the process may still use).
    max_memory: Option<BigInt>,
    /// The time limit in seconds (`None`: none).
    timeout: Option<f64>,
    /// The threads of the engines that use several (`None`: every core).
    threads: Option<BigInt>,
    /// What stops the call when it is set from another thread (a `threading.Event`: anything
    /// with `is_set()`).
    pub(crate) stop: Option<Py<PyAny>>,
}

/// The memory limit of a call that sets none: half of what the process may still use, read at most
/// once a second (reading it takes a few hundred microseconds: more than a small question does).
fn default_memory() -> u64 {
    static READ: Mutex<Option<(Instant, u64)>> = Mutex::new(None);
    let mut read = READ
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match *read {
        Some((when, bytes)) if when.elapsed() < Duration::from_secs(1) => bytes,
        _ => {
            let bytes = grundy::budget::usable_memory()
                .map_or(grundy::budget::DEFAULT_MAX_MEMORY, |bytes| bytes / 2);
            *read = Some((Instant::now(), bytes));
            bytes
        }
    }
}

/// A setting out of its range, named by its keyword argument.
fn out_of_range(
    py: Python<'_>,
    keyword: &str,
    range: &str,
    given: &dyn std::fmt::Display,
) -> PyErr {
    errors::raise(
        py,
        Kind::Setting,
        &format!("{keyword}= must be {range}; got {given}"),
        None,
        &[],
    )
}

impl Limits {
    /// The library's configuration for these limits, and the watch of a call under them.
    pub(crate) fn prepare(self, py: Python<'_>) -> PyResult<(Config, Watch)> {
        let config = self.config(py)?;
        Ok((config, Watch::new(self.stop)))
    }

    /// The library's configuration for these limits.
    fn config(&self, py: Python<'_>) -> PyResult<Config> {
        let setting = |error: grundy::Error| errors::library(py, &error);
        let memory = match &self.max_memory {
            Some(bytes) => u64::try_from(bytes)
                .ok()
                .filter(|&bytes| bytes > 0)
                .ok_or_else(|| out_of_range(py, "max_memory", "a number of bytes ≥ 1", bytes))?,
            None => default_memory(),
        };
        let mut config = Config::default().with_max_memory(memory).map_err(setting)?;
        if let Some(seconds) = self.timeout {
            let timeout = Duration::try_from_secs_f64(seconds)
                .ok()
                .filter(|timeout| !timeout.is_zero())
                .ok_or_else(|| {
                    out_of_range(
                        py,
                        "timeout",
                        "a positive number of seconds, or None for no limit",
                        &seconds,
                    )
                })?;
            config = config.with_timeout(timeout);
        }
        if let Some(threads) = &self.threads {
            let threads = usize::try_from(threads)
                .ok()
                .filter(|&threads| threads > 0)
                .ok_or_else(|| out_of_range(py, "threads", "at least 1", threads))?;
            config = config.with_threads(threads).map_err(setting)?;
        }
        if let Some(max) = &self.max {
            let most = grundy::analysis::MAX_VALUES_LIMIT;
            let max = u64::try_from(max)
                .ok()
                .filter(|max| (1..=most).contains(max))
                .ok_or_else(|| out_of_range(py, "max", &format!("between 1 and {most}"), max))?;
            config = config.with_max_values(max).map_err(setting)?;
        }
        Ok(config)
    }
}

/// Runs `work` on an analyzer with `limits`, the interpreter released; its answer, or the
/// exception to raise.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    limits: Limits,
    work: impl FnOnce(&Analyzer<'_>) -> Result<T, grundy::Error> + Send,
) -> PyResult<T> {
    let (config, watch) = limits.prepare(py)?;
    let answer = py.detach(|| work(&Analyzer::new(config).with_observer(&watch)));
    watch.finish(py, answer)
}

/// Reads a file a spec names (`script:PATH`, or a rule `@PATH`), at most as much as the command
/// line reads.
fn load(path: &str) -> Result<String, String> {
    use std::io::Read as _;
    let (path, what, limit) = match path.strip_prefix('@') {
        Some(rule) => (rule, "the file", MAX_FILE_BYTES),
        None => (path, "the script", MAX_SCRIPT_BYTES),
    };
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("reading {what}: {error}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{what} is larger than {}, more than grundy reads",
            grundy::budget::format_bytes(limit)
        ));
    }
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "{what} is not UTF-8 text (byte {} is not)",
            error.utf8_error().valid_up_to()
        )
    })
}

/// A game, read once from its spec, or defined in Python.
#[pyclass(frozen, name = "Game", module = "grundy._grundy")]
pub(crate) struct Game {
    game: grundy::Game,
    /// The functions of a game defined in Python.
    python: Option<Arc<PythonRules>>,
}

#[pymethods]
impl Game {
    /// Reads the game a spec names (`"subtraction:1,3,4"`, `"0.77"`, `"misere:nim"`,
    /// `"script:game.rhai"`), warning where grundy reads it differently from a common reading.
    #[new]
    fn new(py: Python<'_>, spec: &str) -> PyResult<Self> {
        let game = grundy::spec::parse_game_with_loader(spec, &load)
            .map_err(|error| errors::input(py, &error))?;
        for warning in game.warnings() {
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            PyErr::warn(
                py,
                &category,
                &std::ffi::CString::new(warning.to_string()).unwrap_or_default(),
                1,
            )?;
        }
        Ok(Self { game, python: None })
    }

    /// The game defined by Python functions, written `spec` in answers: `moves(state)`, and
    /// each of `start` (with `start_arity` parameters), `outcome` and `components` if given;
    /// under misère play if `misere`.
    #[staticmethod]
    #[pyo3(signature = (spec, moves, start, start_arity, outcome, components, misere))]
    #[allow(
        clippy::too_many_arguments,
        reason = "one per function of the game, as grundy.define takes them"
    )]
    fn define(
        py: Python<'_>,
        spec: String,
        moves: Py<PyAny>,
        start: Option<Py<PyAny>>,
        start_arity: usize,
        outcome: Option<Py<PyAny>>,
        components: Option<Py<PyAny>>,
        misere: bool,
    ) -> PyResult<Self> {
        if outcome.is_some() && components.is_some() {
            return Err(errors::raise(
                py,
                Kind::Game,
                "a game with its own outcome() has no components(): a position is the sum of its components only in an impartial game under normal play",
                None,
                &[],
            ));
        }
        if outcome.is_some() && misere {
            return Err(errors::raise(
                py,
                Kind::Game,
                "a game with its own outcome() decides its end itself, so misère play does not apply",
                None,
                &[],
            ));
        }
        let rules = Arc::new(PythonRules::new(
            spec,
            start.map(|start| (start, start_arity)),
            moves,
            outcome,
            components,
        ));
        let host: Arc<dyn grundy::script::Host> = rules.clone();
        let mut game = grundy::Game::Script(grundy::script::Script::hosted(host));
        if misere {
            game = grundy::Game::Misere(Box::new(game));
        }
        Ok(Self {
            game,
            python: Some(rules),
        })
    }

    /// The spec, as grundy writes it.
    #[getter]
    fn spec(&self) -> String {
        self.game.to_string()
    }

    /// A position of the game, for messages that show how to write one.
    #[getter]
    fn example_position(&self) -> &'static str {
        self.game.example_position()
    }

    fn __str__(&self) -> String {
        self.game.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.game.to_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Self>()
            .is_ok_and(|other| other.get().game == self.game)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash as _, Hasher as _};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.game.to_string().hash(&mut hasher);
        hasher.finish()
    }
}

/// The game `game` names — a [`Game`], or a spec —, and its Python functions if it is defined
/// in Python.
pub(crate) fn game_of(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
) -> PyResult<(grundy::Game, Option<Arc<PythonRules>>)> {
    if let Ok(game) = game.cast::<Game>() {
        let game = game.get();
        return Ok((game.game.clone(), game.python.clone()));
    }
    if let Ok(spec) = game.cast::<PyString>() {
        return Game::new(py, &spec.to_cow()?).map(|game| (game.game, None));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a game is a grundy.Game or its spec, e.g. \"subtraction:1,3,4\"; not {}",
        game.get_type().name()?
    )))
}

/// The module.
#[pymodule]
fn _grundy(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Game>()?;
    questions::register(module)?;
    Ok(())
}
