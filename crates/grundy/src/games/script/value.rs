//! The values of a script as grundy holds them: positions, and everything the compiled engine
//! computes with.
//!
//! A [`Value`] is what a script's position is made of — integers, booleans, characters,
//! strings, arrays and maps (with sorted keys) — shared by reference counting, so a position is
//! cloned in O(1) and an array is copied only when one of its holders changes it. Two positions
//! are the same position exactly when their values are equal; they hash, compare and print by
//! their structure, never through text.

use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;

use rhai::Dynamic;

/// A value of a script: a position, or anything a script computes on the way.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Value {
    /// `()`: nothing.
    #[default]
    Unit,
    /// `true` or `false`.
    Bool(bool),
    /// A 64-bit signed integer.
    Int(i64),
    /// A character.
    Char(char),
    /// A string.
    Str(Rc<String>),
    /// An array.
    Array(Rc<Vec<Value>>),
    /// A map from names to values, by name.
    Map(Rc<BTreeMap<Rc<str>, Value>>),
}

impl Value {
    /// The value of a script's result, or what is wrong with it (a floating-point number, a
    /// function pointer, …).
    ///
    /// # Errors
    /// A message naming the type that a position may not hold.
    pub fn from_dynamic(value: &Dynamic) -> Result<Self, String> {
        if let Ok(n) = value.as_int() {
            Ok(Self::Int(n))
        } else if let Ok(b) = value.as_bool() {
            Ok(Self::Bool(b))
        } else if let Ok(c) = value.as_char() {
            Ok(Self::Char(c))
        } else if value.is_string() {
            Ok(Self::Str(Rc::new(
                value
                    .clone()
                    .into_immutable_string()
                    .unwrap_or_default()
                    .to_string(),
            )))
        } else if value.is_array() {
            let items = value.read_lock::<rhai::Array>().map_or_else(
                || Ok(Vec::new()),
                |array| {
                    array
                        .iter()
                        .map(Self::from_dynamic)
                        .collect::<Result<_, _>>()
                },
            )?;
            Ok(Self::Array(Rc::new(items)))
        } else if value.is_map() {
            let entries = value.read_lock::<rhai::Map>().map_or_else(
                || Ok(BTreeMap::new()),
                |map| {
                    map.iter()
                        .map(|(k, v)| Ok((Rc::from(k.as_str()), Self::from_dynamic(v)?)))
                        .collect::<Result<_, String>>()
                },
            )?;
            Ok(Self::Map(Rc::new(entries)))
        } else if value.is_unit() {
            Ok(Self::Unit)
        } else {
            Err(format!(
                "a position must be made of integers, strings, characters, booleans, arrays and maps, not {}",
                value.type_name()
            ))
        }
    }

    /// The same value as rhai holds it.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            Self::Unit => Dynamic::UNIT,
            Self::Bool(b) => Dynamic::from_bool(*b),
            Self::Int(n) => Dynamic::from_int(*n),
            Self::Char(c) => Dynamic::from_char(*c),
            Self::Str(s) => Dynamic::from(s.as_str().to_owned()),
            Self::Array(items) => Dynamic::from_array(items.iter().map(Self::to_dynamic).collect()),
            Self::Map(entries) => Dynamic::from_map(
                entries
                    .iter()
                    .map(|(k, v)| (k.as_ref().into(), v.to_dynamic()))
                    .collect(),
            ),
        }
    }

    /// The type's name as rhai says it (`i64`, `string`, `array`, …), for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Self::Unit => "()",
            Self::Bool(_) => "bool",
            Self::Int(_) => "i64",
            Self::Char(_) => "char",
            Self::Str(_) => "string",
            Self::Array(_) => "array",
            Self::Map(_) => "map",
        }
    }

    /// About how many bytes the value holds, itself and what it owns (shared parts counted as
    /// if owned).
    pub fn bytes(&self) -> u64 {
        let own = size_of::<Self>() as u64;
        match self {
            Self::Str(s) => own + 16 + s.len() as u64,
            Self::Array(items) => own + 40 + items.iter().map(Self::bytes).sum::<u64>(),
            Self::Map(entries) => {
                own + 48
                    + entries
                        .iter()
                        .map(|(k, v)| 48 + k.len() as u64 + v.bytes())
                        .sum::<u64>()
            }
            _ => own,
        }
    }
}

/// The canonical text of a position: integers in decimal, strings and characters quoted as
/// Rust writes them, arrays `[a, b]`, maps `#{key: value}` by key.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unit => f.write_str("()"),
            Self::Bool(b) => write!(f, "{b}"),
            Self::Int(n) => write!(f, "{n}"),
            Self::Char(c) => write!(f, "{c:?}"),
            Self::Str(s) => write!(f, "{:?}", s.as_str()),
            Self::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            Self::Map(entries) => {
                f.write_str("#{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}: {v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_cross_to_rhai_and_back() {
        let engine = rhai::Engine::new();
        let dynamic: Dynamic = engine
            .eval(r#"#{b: [1, "x", 'c', true, ()], a: #{z: -3}}"#)
            .expect("the script runs");
        let value = Value::from_dynamic(&dynamic).expect("a position");
        assert_eq!(
            value.to_string(),
            r#"#{a: #{z: -3}, b: [1, "x", 'c', true, ()]}"#
        );
        assert_eq!(Value::from_dynamic(&value.to_dynamic()), Ok(value));
    }
}
