//! Between the library's values and Python's: JSON documents to Python objects (integers of any
//! size as Python ints), and the positions and numbers a caller passes to the text the library
//! reads.

use num_bigint::{BigInt, BigUint};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use serde_json::Value;

/// A JSON document as Python objects: objects as dicts (in the document's order), arrays as
/// lists, whole numbers of any size as ints, other numbers as floats.
///
/// # Errors
/// Only Python's own (memory).
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(flag) => flag.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(number) => {
            if let Some(n) = number.as_u64() {
                n.into_pyobject(py)?.into_any()
            } else if let Some(n) = number.as_i64() {
                n.into_pyobject(py)?.into_any()
            } else {
                // Numbers are kept as written (`arbitrary_precision`): a whole number past 64
                // bits is read in full; anything else is a float.
                let text = number.to_string();
                match text.parse::<BigInt>() {
                    Ok(n) => n.into_pyobject(py)?.into_any(),
                    Err(_) => number
                        .as_f64()
                        .unwrap_or(f64::NAN)
                        .into_pyobject(py)?
                        .into_any(),
                }
            }
        }
        Value::String(text) => PyString::new(py, text).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// A document the library serializes, as Python objects.
///
/// # Errors
/// A document that does not serialize (never, for the library's documents).
pub fn document<'py>(
    py: Python<'py>,
    value: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(value)
        .map_err(|error| pyo3::exceptions::PyRuntimeError::new_err(error.to_string()))?;
    to_python(py, &value)
}

/// The text of a position as a user passes it: a string as it is; an int in decimal (of any
/// size: Python's own conversion to text stops at a few thousand digits); a tuple or list of ints
/// as heaps separated by commas.
///
/// # Errors
/// `TypeError` for anything else.
pub fn position_text(position: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = position.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    if position.is_instance_of::<pyo3::types::PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "a position is a number, a tuple or list of numbers, or the text of a position; not True or False",
        ));
    }
    if let Ok(number) = position.extract::<BigInt>() {
        return Ok(number.to_string());
    }
    if position.is_instance_of::<PyTuple>() || position.is_instance_of::<PyList>() {
        let mut parts = Vec::new();
        for item in position.try_iter()? {
            let item = item?;
            if item.is_instance_of::<PyTuple>() || item.is_instance_of::<PyList>() {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "a position of heaps is a tuple or list of numbers; write other positions as text, as the command line takes them (e.g. \"0-1, 1-2\")",
                ));
            }
            parts.push(position_text(&item)?);
        }
        return Ok(parts.join(","));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a position is a number, a tuple or list of numbers, or the text of a position; not {}",
        position.get_type().name()?
    )))
}

/// A whole number ≥ 0 a caller passes as `name` (`"to="`): a Python int of any size, or its text as the
/// command line takes it (`"10^18"`, `"2^64-1"`).
///
/// # Errors
/// `TypeError` for something that is not a number; `grundy.SettingError` for a negative int;
/// `grundy.InputError` for text that is not a number.
pub fn whole_number(value: &Bound<'_, PyAny>, name: &'static str) -> PyResult<BigUint> {
    let py = value.py();
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{name} is a whole number, not True or False"
        )));
    }
    if let Ok(number) = value.extract::<BigInt>() {
        return BigUint::try_from(number).map_err(|error| {
            crate::errors::raise(
                py,
                crate::errors::Kind::Setting,
                &format!(
                    "{name} is a whole number ≥ 0; got {}",
                    error.into_original()
                ),
                None,
                &[],
            )
        });
    }
    if let Ok(text) = value.cast::<PyString>() {
        return grundy::parse_heap(&text.to_cow()?).map_err(|mut error| {
            error.what = name;
            crate::errors::input(py, &error)
        });
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "{name} is a whole number; not {}",
        value.get_type().name()?
    )))
}

/// A whole number ≥ 0 that fits 64 bits, as [`whole_number`] reads it.
///
/// # Errors
/// As [`whole_number`]; `grundy.SettingError` past `2^64 − 1`.
pub fn small_number(value: &Bound<'_, PyAny>, name: &'static str) -> PyResult<u64> {
    let number = whole_number(value, name)?;
    u64::try_from(&number).map_err(|_| {
        crate::errors::raise(
            value.py(),
            crate::errors::Kind::Setting,
            &format!("{name} is beyond any table grundy computes: {number}"),
            None,
            &[],
        )
    })
}

/// A whole number from 0 to `most`, as [`small_number`] reads it.
///
/// # Errors
/// As [`small_number`]; `grundy.SettingError` above `most`.
pub fn number_at_most(value: &Bound<'_, PyAny>, name: &'static str, most: u64) -> PyResult<u64> {
    let number = small_number(value, name)?;
    if number > most {
        return Err(crate::errors::raise(
            value.py(),
            crate::errors::Kind::Setting,
            &format!("{name} must be at most {most}; got {number}"),
            None,
            &[],
        ));
    }
    Ok(number)
}

/// The JSON value of Python objects made of dicts with string keys, lists, tuples, strings,
/// ints of any size, floats, booleans and `None` (what an answer's `to_dict()` holds).
///
/// # Errors
/// `TypeError` for anything else; `ValueError` for a float that is not finite.
pub fn from_python(object: &Bound<'_, PyAny>) -> PyResult<Value> {
    use pyo3::types::{PyBool, PyFloat, PyInt};
    if object.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(flag) = object.cast::<PyBool>() {
        return Ok(Value::Bool(flag.is_true()));
    }
    if object.is_instance_of::<PyInt>() {
        let number: BigInt = object.extract()?;
        return serde_json::from_str::<serde_json::Number>(&number.to_string())
            .map(Value::Number)
            .map_err(|error| pyo3::exceptions::PyValueError::new_err(error.to_string()));
    }
    if let Ok(number) = object.cast::<PyFloat>() {
        return serde_json::Number::from_f64(number.value())
            .map(Value::Number)
            .ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err("JSON has no NaN or infinite numbers")
            });
    }
    if let Ok(text) = object.cast::<PyString>() {
        return Ok(Value::String(text.to_cow()?.into_owned()));
    }
    if let Ok(dict) = object.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (key, item) in dict.iter() {
            let key = key.cast::<PyString>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err("JSON objects have text keys only")
            })?;
            map.insert(key.to_cow()?.into_owned(), from_python(&item)?);
        }
        return Ok(Value::Object(map));
    }
    if object.is_instance_of::<PyList>() || object.is_instance_of::<PyTuple>() {
        return object
            .try_iter()?
            .map(|item| from_python(&item?))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "{} is not part of a JSON document",
        object.get_type().name()?
    )))
}

/// `value` as JSON text: indented by `indent` spaces a level, as the command line prints it
/// (2), or on one line (`None`).
pub fn json_text(value: &Value, indent: Option<usize>) -> String {
    use serde::Serialize as _;
    let Some(indent) = indent else {
        return value.to_string();
    };
    let spaces = vec![b' '; indent];
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(
        &mut out,
        serde_json::ser::PrettyFormatter::with_indent(&spaces),
    );
    // Writing a value to memory cannot fail, and the text is UTF-8.
    let _ = value.serialize(&mut serializer);
    String::from_utf8(out).unwrap_or_default()
}
