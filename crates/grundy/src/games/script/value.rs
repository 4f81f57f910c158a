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
// The tag a whole word, the payload the next: a value is copied as two words, never byte by
// byte (which stalled store forwarding on every value a call returned: 10 % of a string game).
#[repr(u64)]
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

/// The encoding of a value, which equals another value's exactly when the values are equal: a
/// tag byte, then integers zigzagged and characters as LEB128 numbers, strings, arrays and maps
/// with their length first (map entries by key, each key with its length). A non-empty array of
/// integers alone has its own tag and no tag per item, so that a pair of coordinates below 8192
/// takes six bytes.
impl crate::theory::solver::Pack for Value {
    fn pack(&self, out: &mut Vec<u8>) {
        use crate::theory::solver::write_varint;
        match self {
            Self::Unit => out.push(0),
            Self::Bool(b) => out.push(1 + u8::from(*b)),
            Self::Int(n) => {
                out.push(3);
                write_varint(out, ((*n << 1) ^ (*n >> 63)) as u64);
            }
            Self::Char(c) => {
                out.push(4);
                write_varint(out, u64::from(*c));
            }
            Self::Str(s) => {
                out.push(5);
                write_varint(out, s.len() as u64);
                out.extend_from_slice(s.as_bytes());
            }
            Self::Array(items) => {
                let integers = !items.is_empty() && items.iter().all(|i| matches!(i, Self::Int(_)));
                out.push(if integers { 8 } else { 6 });
                write_varint(out, items.len() as u64);
                for item in items.iter() {
                    match item {
                        Self::Int(n) if integers => {
                            write_varint(out, ((*n << 1) ^ (*n >> 63)) as u64);
                        }
                        other => other.pack(out),
                    }
                }
            }
            Self::Map(entries) => {
                out.push(7);
                write_varint(out, entries.len() as u64);
                for (key, value) in entries.iter() {
                    write_varint(out, key.len() as u64);
                    out.extend_from_slice(key.as_bytes());
                    value.pack(out);
                }
            }
        }
    }
}

/// How deep a position's text may nest arrays and maps when it is read back.
const MAX_TEXT_DEPTH: usize = 256;

impl Value {
    /// The value whose canonical text (its `Display`) is `text`: a position a move left, read
    /// back. Accepts exactly what `Display` writes, with any spaces between tokens.
    ///
    /// # Errors
    /// What is wrong and at which byte, for text that is not a value's canonical text.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut reader = Reader { text, at: 0 };
        let value = reader.value(0)?;
        reader.spaces();
        if reader.at < text.len() {
            return Err(reader.error("more text after the position"));
        }
        Ok(value)
    }
}

/// A position's text, read from left to right.
struct Reader<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Reader<'t> {
    fn error(&self, what: &str) -> String {
        format!("{what} at byte {}", self.at)
    }

    fn rest(&self) -> &'t str {
        &self.text[self.at..]
    }

    fn spaces(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    fn eat(&mut self, token: &str) -> bool {
        self.spaces();
        if self.rest().starts_with(token) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_TEXT_DEPTH {
            return Err(self.error(&format!("nested more than {MAX_TEXT_DEPTH} deep")));
        }
        self.spaces();
        let rest = self.rest();
        if self.eat("()") {
            Ok(Value::Unit)
        } else if self.eat("true") {
            Ok(Value::Bool(true))
        } else if self.eat("false") {
            Ok(Value::Bool(false))
        } else if rest.starts_with('"') {
            Ok(Value::Str(Rc::new(self.quoted('"')?)))
        } else if rest.starts_with('\'') {
            let text = self.quoted('\'')?;
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Ok(Value::Char(c)),
                _ => Err(self.error("a character literal holding other than one character")),
            }
        } else if self.eat("[") {
            let mut items = Vec::new();
            if !self.eat("]") {
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat("]") {
                        break;
                    }
                    if !self.eat(",") {
                        return Err(self.error("expected `,` or `]`"));
                    }
                }
            }
            Ok(Value::Array(Rc::new(items)))
        } else if self.eat("#{") {
            let mut entries = BTreeMap::new();
            if !self.eat("}") {
                loop {
                    self.spaces();
                    let key = if self.rest().starts_with('"') {
                        self.quoted('"')?
                    } else {
                        let name: String = self
                            .rest()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        if name.is_empty() {
                            return Err(self.error("expected a key"));
                        }
                        self.at += name.len();
                        name
                    };
                    if !self.eat(":") {
                        return Err(self.error("expected `:` after a key"));
                    }
                    let value = self.value(depth + 1)?;
                    if entries.insert(Rc::from(key.as_str()), value).is_some() {
                        return Err(self.error(&format!("the key {key} twice")));
                    }
                    if self.eat("}") {
                        break;
                    }
                    if !self.eat(",") {
                        return Err(self.error("expected `,` or `}`"));
                    }
                }
            }
            Ok(Value::Map(Rc::new(entries)))
        } else {
            let sign = usize::from(rest.starts_with('-'));
            let digits = rest[sign..].bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return Err(self.error("expected a position"));
            }
            let number = &rest[..sign + digits];
            let n = number
                .parse::<i64>()
                .map_err(|_| self.error(&format!("{number} is not a 64-bit integer")))?;
            self.at += number.len();
            Ok(Value::Int(n))
        }
    }

    /// A string or character literal as Rust's `Debug` writes it, from its opening `quote`.
    fn quoted(&mut self, quote: char) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                _ if c == quote => {
                    self.at += i + 1;
                    return Ok(out);
                }
                '\\' => {
                    let escaped = match chars.next().map(|(_, e)| e) {
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        Some('0') => '\0',
                        Some(e @ ('\\' | '"' | '\'')) => e,
                        Some('u') => {
                            let hex: String = chars
                                .by_ref()
                                .map(|(_, h)| h)
                                .take_while(|&h| h != '}')
                                .collect();
                            let code = hex
                                .strip_prefix('{')
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .and_then(char::from_u32);
                            code.ok_or_else(|| self.error("a bad \\u{…} escape"))?
                        }
                        _ => return Err(self.error("an unknown escape")),
                    };
                    out.push(escaped);
                }
                other => out.push(other),
            }
        }
        Err(self.error("a literal without its closing quote"))
    }
}

/// The canonical text of a position: integers in decimal, strings and characters quoted as
/// Rust writes them, arrays `[a, b]`, maps `#{key: value}` by key (a key that is not a word
/// quoted: `#{"a b": 1}`). [`Value::parse`] reads it back.
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
                    if !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || c == '_') {
                        write!(f, "{k}: {v}")?;
                    } else {
                        write!(f, "{:?}: {v}", &**k)?;
                    }
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

    #[test]
    fn texts_read_back_as_the_values_they_print() {
        let engine = rhai::Engine::new();
        for source in [
            r#"#{b: [1, "x\n\"q\"", '\'', true, ()], a: #{z: -3}, "a b": 'é', "": "\x1b"}"#,
            "[-9223372036854775808, 9223372036854775807, [], #{}, [[]]]",
            r#""tab\there""#,
        ] {
            let dynamic: Dynamic = engine.eval(source).expect("the script runs");
            let value = Value::from_dynamic(&dynamic).expect("a position");
            assert_eq!(
                Value::parse(&value.to_string()),
                Ok(value.clone()),
                "{value}"
            );
        }
        for bad in [
            "",
            "[1,",
            "#{a 1}",
            "'ab'",
            "1 2",
            "99999999999999999999",
            "\"x",
            "#{a: 1, a: 2}",
        ] {
            assert!(Value::parse(bad).is_err(), "{bad}");
        }
        let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
        assert!(Value::parse(&deep).is_err());
    }

    #[test]
    fn encodings_are_equal_exactly_when_values_are() {
        use crate::theory::solver::Pack;
        let engine = rhai::Engine::new();
        // Values that differ in one place only: type, sign, length, nesting, a key.
        let texts = [
            "()",
            "true",
            "false",
            "0",
            "-1",
            "1",
            "63",
            "64",
            "-64",
            "-65",
            "9223372036854775807",
            "-9223372036854775808",
            "'a'",
            "\"a\"",
            "\"\"",
            "\"ab\"",
            "[]",
            "[0]",
            "[[0]]",
            "[0, 0]",
            "[\"a\", \"b\"]",
            "[\"ab\"]",
            "#{}",
            "#{a: 1}",
            "#{b: 1}",
            "#{a: 1, b: 2}",
            "#{ab: 1}",
            "[#{a: []}]",
            "[1, [2]]",
            "[[1], 2]",
            "[1, 2]",
            "[2, 1]",
            "[1, \"2\"]",
            "[3, 1]",
            "[-1, 0]",
            "[1, 2, 3]",
            "[[1, 2]]",
        ];
        let values: Vec<Value> = texts
            .iter()
            .map(|t| {
                Value::from_dynamic(&engine.eval::<Dynamic>(t).expect("runs")).expect("a value")
            })
            .collect();
        for a in &values {
            for b in &values {
                let (mut x, mut y) = (Vec::new(), Vec::new());
                a.pack(&mut x);
                b.pack(&mut y);
                assert_eq!(x == y, a == b, "{a} and {b}");
            }
        }
    }
}
