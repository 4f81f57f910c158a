//! Games defined in Python: a class or functions (`moves(state)`, optionally `start`, `outcome`
//! or `components`) handed to the library as a [`Host`], so that the search, the memo, the
//! decomposition into components, tables, patterns, explanations and play answer them as they
//! answer scripts.
//!
//! Positions cross as the library's script values: `None`, booleans, 64-bit integers, strings,
//! tuples (lists become tuples, so that a position is hashable) and dicts with string keys.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use grundy::script::{Host, Value};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

thread_local! {
    /// The first exception a Python game raised during the call this thread is making, kept to
    /// be the cause of the error the library reports (or raised as itself: a
    /// `KeyboardInterrupt`).
    static RAISED: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// Forgets an exception kept from an earlier call.
pub fn forget_raised() {
    RAISED.with(|raised| raised.borrow_mut().take());
}

/// The exception a Python game raised during this thread's call, if one did.
pub fn take_raised() -> Option<PyErr> {
    RAISED.with(|raised| raised.borrow_mut().take())
}

fn keep_raised(error: PyErr) {
    RAISED.with(|raised| {
        let mut raised = raised.borrow_mut();
        if raised.is_none() {
            *raised = Some(error);
        }
    });
}

/// How deep a position may nest tuples and dicts.
const MAX_DEPTH: usize = 64;

/// A Python object as a position's value.
///
/// # Errors
/// What the object holds that a position may not, in words.
pub fn to_value(object: &Bound<'_, PyAny>, depth: usize) -> Result<Value, String> {
    if depth > MAX_DEPTH {
        return Err(format!(
            "a position nests at most {MAX_DEPTH} tuples, lists and dicts deep"
        ));
    }
    let most = grundy::script::MAX_SIZE;
    if object.is_none() {
        return Ok(Value::Unit);
    }
    if let Ok(flag) = object.cast::<PyBool>() {
        return Ok(Value::Bool(flag.is_true()));
    }
    if object.is_instance_of::<PyInt>() {
        return object.extract::<i64>().map(Value::Int).map_err(|_| {
            format!("a position's integers are 64-bit, from -2^63 to 2^63 - 1; got {object}")
        });
    }
    if let Ok(text) = object.cast::<PyString>() {
        let text = text.to_cow().map_err(|error| error.to_string())?;
        if text.len() > most {
            return Err(format!("a position's strings hold at most {most} bytes"));
        }
        return Ok(Value::Str(Rc::new(text.into_owned())));
    }
    if object.is_instance_of::<PyTuple>() || object.is_instance_of::<PyList>() {
        let length = object.len().map_err(|error| error.to_string())?;
        if length > most {
            return Err(format!(
                "a position's tuples and lists hold at most {most} items"
            ));
        }
        let mut items = Vec::with_capacity(length);
        for item in object.try_iter().map_err(|error| error.to_string())? {
            items.push(to_value(
                &item.map_err(|error| error.to_string())?,
                depth + 1,
            )?);
        }
        return Ok(Value::Array(Rc::new(items)));
    }
    if let Ok(dict) = object.cast::<PyDict>() {
        if dict.len() > most {
            return Err(format!("a position's dicts hold at most {most} items"));
        }
        let mut map = BTreeMap::new();
        for (key, item) in dict.iter() {
            let key = key
                .cast::<PyString>()
                .map_err(|_| format!("a position's dicts have string keys; got {key}"))?
                .to_cow()
                .map_err(|error| error.to_string())?
                .into_owned();
            map.insert(Rc::from(key.as_str()), to_value(&item, depth + 1)?);
        }
        return Ok(Value::Map(Rc::new(map)));
    }
    let name = object
        .get_type()
        .name()
        .map_or_else(|_| "this object".to_owned(), |name| name.to_string());
    Err(format!(
        "a position holds None, booleans, ints, strings, tuples, lists and dicts with string keys; not {name}"
    ))
}

/// A position's value as a Python object.
///
/// # Errors
/// Only Python's own (memory).
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Unit => py.None().into_bound(py),
        Value::Bool(flag) => PyBool::new(py, *flag).to_owned().into_any(),
        Value::Int(n) => n.into_pyobject(py)?.into_any(),
        Value::Char(c) => PyString::new(py, &c.to_string()).into_any(),
        Value::Str(text) => PyString::new(py, text).into_any(),
        Value::Array(items) => PyTuple::new(
            py,
            items
                .iter()
                .map(|item| to_python(py, item))
                .collect::<PyResult<Vec<_>>>()?,
        )?
        .into_any(),
        Value::Map(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map.iter() {
                dict.set_item(&**key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// The items of an iterable, at most as many as a position's list may hold.
fn listed<'py>(iterable: &Bound<'py, PyAny>) -> Result<Bound<'py, PyList>, String> {
    let most = grundy::script::MAX_SIZE;
    let items = PyList::empty(iterable.py());
    for item in iterable.try_iter().map_err(|error| error.to_string())? {
        if items.len() >= most {
            return Err(format!(
                "a game gives at most {most} moves or components of a position"
            ));
        }
        let item = item.map_err(|error| {
            let message = error.to_string();
            keep_raised(error);
            message
        })?;
        items.append(item).map_err(|error| error.to_string())?;
    }
    Ok(items)
}

/// A game's functions, as Python gives them.
pub struct PythonRules {
    spec: String,
    start: Option<(Py<PyAny>, usize)>,
    moves: Py<PyAny>,
    outcome: Option<Py<PyAny>>,
    components: Option<Py<PyAny>>,
}

impl PythonRules {
    /// The rules named `spec` with these functions (`start` with its number of parameters).
    pub fn new(
        spec: String,
        start: Option<(Py<PyAny>, usize)>,
        moves: Py<PyAny>,
        outcome: Option<Py<PyAny>>,
        components: Option<Py<PyAny>>,
    ) -> Self {
        Self {
            spec,
            start,
            moves,
            outcome,
            components,
        }
    }

    /// `start` and its number of parameters, if the game defines it.
    pub fn start(&self) -> Option<(&Py<PyAny>, usize)> {
        self.start
            .as_ref()
            .map(|(function, arity)| (function, *arity))
    }

    fn function(&self, name: &str) -> Option<&Py<PyAny>> {
        match name {
            "start" => self.start.as_ref().map(|(function, _)| function),
            "moves" => Some(&self.moves),
            "outcome" => self.outcome.as_ref(),
            "components" => self.components.as_ref(),
            _ => None,
        }
    }
}

impl Host for PythonRules {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn defines(&self, function: &str, arity: usize) -> bool {
        match function {
            "start" => self.start.as_ref().is_some_and(|(_, n)| *n == arity),
            _ => arity == 1 && self.function(function).is_some(),
        }
    }

    fn call(&self, function: &str, arguments: &[Value]) -> Result<Value, String> {
        let Some(callable) = self.function(function) else {
            return Err(format!("the game defines no {function}"));
        };
        Python::attach(|py| {
            let arguments = arguments
                .iter()
                .map(|argument| to_python(py, argument))
                .collect::<PyResult<Vec<_>>>()
                .and_then(|arguments| PyTuple::new(py, arguments));
            let result = arguments.and_then(|arguments| callable.bind(py).call1(arguments));
            match result {
                // `moves` and `components` may give any iterable (a generator, a set) of
                // positions; a position itself is a tuple, list or dict.
                Ok(result)
                    if matches!(function, "moves" | "components")
                        && !(result.is_instance_of::<PyTuple>()
                            || result.is_instance_of::<PyList>()
                            || result.is_instance_of::<PyString>()
                            || result.is_instance_of::<PyDict>())
                        && result.try_iter().is_ok() =>
                {
                    listed(&result).and_then(|items| to_value(items.as_any(), 0))
                }
                Ok(result) => to_value(&result, 0),
                Err(error) => {
                    let message = error.to_string();
                    keep_raised(error);
                    Err(message)
                }
            }
        })
    }
}
