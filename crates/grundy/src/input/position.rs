//! Reading positions as the user writes them: heap sizes of any length, exactly (`10^18`), and
//! the shapes other games need (several heaps, a pair, a heap with a quota or with the last move
//! taken, the balls of the contest game).

use num_bigint::BigUint;
use num_traits::{One, Pow};

use crate::games::game::Game;
use crate::games::position::{Position, pieces};
use crate::games::ruleset::PositionShape;
use crate::input::error::InputError;

/// The longest heap size accepted, in decimal digits.
pub use crate::limits::MAX_POSITION_DIGITS as MAX_DIGITS;

/// Parses a heap size: decimal digits (`1000000000000000000`) or a power (`10^18`).
///
/// # Complexity
/// `O(d²)` digit conversion for a `d`-digit size, `d <=` [`MAX_DIGITS`].
///
/// # Errors
/// An [`InputError`] with the offending character: signs, letters, an empty text, a size above
/// [`MAX_DIGITS`] digits.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::parse_heap;
/// assert_eq!(parse_heap("10^18")?.to_string(), "1000000000000000000");
/// assert_eq!(parse_heap("007")?.to_string(), "7");
/// assert_eq!(parse_heap("-5").unwrap_err().span, 0..1);
/// # Ok(()) }
/// ```
pub fn parse_heap(text: &str) -> Result<BigUint, InputError> {
    let error = |span: std::ops::Range<usize>, message: String, hint: &str| {
        InputError::new("position", text, span, message, Some(hint.to_owned()))
    };
    let digits_hint = "write the heap size in decimal digits, e.g. 1000000000000000000 or 10^18";
    if text.is_empty() {
        return Err(error(0..0, "the position is empty".to_owned(), digits_hint));
    }
    let (base_text, exponent_text) = match text.split_once('^') {
        Some((base, exponent)) => (base, Some(exponent)),
        None => (text, None),
    };
    let check_digits = |part: &str, offset: usize| -> Result<(), InputError> {
        if part.is_empty() {
            return Err(error(
                offset..offset,
                "expected digits".to_owned(),
                digits_hint,
            ));
        }
        if let Some((i, c)) = part.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            let span = offset + i..offset + i + c.len_utf8();
            let (message, hint) = match c {
                '-' => (
                    "a heap cannot hold a negative number of tokens".to_owned(),
                    "positions are 0 or more",
                ),
                '.' | 'e' | 'E' => (
                    format!("unexpected '{c}': positions are whole numbers"),
                    digits_hint,
                ),
                _ => (format!("unexpected '{c}' in the position"), digits_hint),
            };
            return Err(error(span, message, hint));
        }
        Ok(())
    };
    check_digits(base_text, 0)?;
    let too_long = || {
        error(
            0..text.len(),
            format!("the position has more than {MAX_DIGITS} digits"),
            "use a smaller heap",
        )
    };
    if base_text.len() > MAX_DIGITS {
        return Err(too_long());
    }
    let base = super::decimal::parse_digits(base_text.as_bytes());
    let Some(exponent_text) = exponent_text else {
        return Ok(base);
    };
    let offset = base_text.len() + 1;
    check_digits(exponent_text, offset)?;
    let exponent: u64 = match exponent_text.parse() {
        Ok(exponent) => exponent,
        Err(_) => return Err(too_long()),
    };
    // A cheap bound first — log2(base) >= bits - 1, and MAX_DIGITS digits need fewer than
    // 3.33 · MAX_DIGITS bits — then the exact digit count, so that every accepted heap also reads
    // back from its decimal form. What passes the first check has at most twice that many bits.
    let bits_limit = MAX_DIGITS as u64 * 10 / 3;
    if base > BigUint::one() && (base.bits() - 1).saturating_mul(exponent) > bits_limit {
        return Err(too_long());
    }
    let value = Pow::pow(base, exponent);
    if value.bits() > 3 * MAX_DIGITS as u64 && value.to_string().len() > MAX_DIGITS {
        return Err(too_long());
    }
    Ok(value)
}

impl Game {
    /// Reads a position of this game: a heap (`10`, `10^18`), heaps (`3,4,5` for Nim and
    /// take-and-break codes, and for subtraction games: a sum of one-heap games; nothing for no
    /// heap at all in Nim and codes), a pair
    /// (`3,5` for Wythoff), `n` or `n/q` (Fibonacci Nim, quota `q`), `n` or `n/last` (no-repeat).
    ///
    /// # Errors
    /// An [`InputError`] pointing into `text`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::parse_game;
    /// use grundy::position::Position;
    /// let nim = parse_game("nim")?;
    /// assert_eq!(nim.parse_position("3,4,5")?.to_string(), "3,4,5");
    /// assert!(parse_game("wythoff")?.parse_position("3").is_err());
    /// # Ok(()) }
    /// ```
    pub fn parse_position(&self, text: &str) -> Result<Position, InputError> {
        let error = |span, message: &str, hint: &str| position_error(text, span, message, hint);
        let Some(rules) = self.ruleset() else {
            if self.components().is_none() {
                return self.base().parse_position(text);
            }
            return if text.trim().is_empty() {
                Ok(Position::Sum)
            } else {
                Err(error(
                    0..text.len(),
                    "a sum carries its positions inside the spec",
                    "write each component as GAME[POSITION], e.g. nim[7] + wythoff[3,5]",
                ))
            };
        };
        let position = parse_shaped(text, rules.position_shape())?;
        match rules.check_position(&position) {
            Ok(()) => Ok(position),
            Err(problem) => Err(error(0..text.len(), &problem.message, &problem.hint)),
        }
    }
}

/// A position written in `shape`.
fn parse_shaped(text: &str, shape: PositionShape<'_>) -> Result<Position, InputError> {
    let error = |span, message: &str, hint: &str| position_error(text, span, message, hint);
    match shape {
        PositionShape::Heap => parse_heap_trimmed(text).map(Position::Heap),
        // One heap, or several: their sum, each heap a game of its own.
        PositionShape::HeapOrHeaps => {
            let mut heaps = parse_heaps(text, ',')?;
            Ok(match heaps.len() {
                1 => Position::Heap(heaps.pop().expect("one heap")),
                _ => Position::Heaps(heaps),
            })
        }
        // No heap at all is a position too (the end of the game): written as nothing.
        PositionShape::Heaps if text.trim().is_empty() => Ok(Position::Heaps(Vec::new())),
        PositionShape::Heaps => parse_heaps(text, ',').map(Position::Heaps),
        PositionShape::Pair => {
            let heaps = parse_heaps(text, ',')?;
            match <[BigUint; 2]>::try_from(heaps) {
                Ok([a, b]) => Ok(Position::Pair(a, b)),
                Err(_) => Err(error(
                    0..text.len(),
                    "Wythoff's game has exactly two heaps",
                    "write the two heaps as a,b, e.g. 3,5",
                )),
            }
        }
        PositionShape::Edges => parse_edges(text),
        PositionShape::Cells => parse_cells(text),
        PositionShape::Quota => parse_quota(text),
        PositionShape::LastMove { amounts } => parse_last_move(text, amounts),
        PositionShape::Balls => parse_balls(text),
        // `=P`: a script's position itself, as grundy prints it (a position a move left).
        PositionShape::Argument => match text.trim_start().strip_prefix('=') {
            Some(written) => crate::games::script::Value::parse(written)
                .map(|value| Position::State(value.to_string()))
                .map_err(|message| {
                    let at = text.len() - written.len();
                    error(
                        at..text.len(),
                        &format!("not a position: {message}"),
                        "write a script's position as grundy prints it, e.g. =[3, 4] or =\"+--+\"",
                    )
                }),
            None => Ok(Position::Argument(text.to_owned())),
        },
    }
}

fn position_error(
    text: &str,
    span: std::ops::Range<usize>,
    message: &str,
    hint: &str,
) -> InputError {
    InputError::new("position", text, span, message, Some(hint.to_owned()))
}

/// `n` (a fresh heap) or `n/q` (quota `q >= 1`).
fn parse_quota(text: &str) -> Result<Position, InputError> {
    let parts = parse_heaps(text, '/')?;
    match parts.as_slice() {
        [heap] => Ok(Position::Quota {
            heap: heap.clone(),
            quota: None,
        }),
        [_, quota] if quota == &BigUint::ZERO => {
            let at = text.rfind('/').map_or(0, |i| i + 1);
            Err(position_error(
                text,
                at..text.len(),
                "the quota must be at least 1",
                "n/q: n tokens, the next move takes 1 to q",
            ))
        }
        [heap, quota] => Ok(Position::Quota {
            heap: heap.clone(),
            quota: Some(quota.clone()),
        }),
        _ => Err(position_error(
            text,
            0..text.len(),
            "expected n or n/q",
            "n: a fresh heap; n/q: n tokens, the next move takes 1 to q",
        )),
    }
}

/// `n` (before the first move) or `n/last` (`last` one of `amounts`, in increasing order).
fn parse_last_move(text: &str, amounts: &[u64]) -> Result<Position, InputError> {
    let parts = parse_heaps(text, '/')?;
    match parts.as_slice() {
        [heap] => Ok(Position::LastMove {
            heap: heap.clone(),
            last: None,
        }),
        [heap, last] => {
            let at = text.rfind('/').map_or(0, |i| i + 1);
            match u64::try_from(last)
                .ok()
                .filter(|last| amounts.binary_search(last).is_ok())
            {
                Some(last) => Ok(Position::LastMove {
                    heap: heap.clone(),
                    last: Some(last),
                }),
                None => Err(position_error(
                    text,
                    at..text.len(),
                    "the last move must be an amount of the set",
                    "n/last: n tokens, the opponent just took last",
                )),
            }
        }
        _ => Err(position_error(
            text,
            0..text.len(),
            "expected n or n/last",
            "n: before the first move; n/last: the opponent just took last",
        )),
    }
}

/// `n` (the pile at the start) or `n/a/b` (balls left, held by the mover, held by the opponent).
fn parse_balls(text: &str) -> Result<Position, InputError> {
    let parts = parse_heaps(text, '/')?;
    match parts.as_slice() {
        [left] => Ok(Position::Balls {
            left: left.clone(),
            mine: BigUint::ZERO,
            theirs: BigUint::ZERO,
        }),
        [left, mine, theirs] => Ok(Position::Balls {
            left: left.clone(),
            mine: mine.clone(),
            theirs: theirs.clone(),
        }),
        _ => Err(position_error(
            text,
            0..text.len(),
            "expected n or n/a/b",
            "n: balls in the pile at the start; n/a/b: n left, the player to move holds a, the opponent b",
        )),
    }
}

/// Parses a heap size surrounded by optional white space, with error spans pointing into `text`.
///
/// # Errors
/// As [`parse_heap`], relocated.
pub(crate) fn parse_heap_trimmed(text: &str) -> Result<BigUint, InputError> {
    let lead = text.len() - text.trim_start().len();
    parse_heap(text.trim()).map_err(|mut error| {
        error.span = lead + error.span.start..lead + error.span.end;
        text.clone_into(&mut error.text);
        error
    })
}

/// A node's name: a whole number below `2^64`, where `at` is its place in `text`.
fn parse_node(text: &str, word: &str, at: usize) -> Result<u64, InputError> {
    word.parse::<u64>().map_err(|_| {
        let message = if word.bytes().all(|b| b.is_ascii_digit()) {
            "a node is named by a whole number below 2^64"
        } else {
            "not a node: nodes are named by whole numbers"
        };
        position_error(
            text,
            at..at + word.len(),
            message,
            "write the edges as u-v separated by commas or new lines (node 0 the ground), e.g. 0-1,1-2,1-3, or a parent array: parents: 0 0 1 1",
        )
    })
}

/// A picture: edges `u-v` or `u v` separated by commas, semicolons or new lines, or a parent
/// array `parents: p1 p2 …` (node `i`, from 1, joined to node `p_i`).
fn parse_edges(text: &str) -> Result<Position, InputError> {
    let mut words: Vec<(usize, &str)> = Vec::new();
    let trimmed = text.trim_start();
    let lead = text.len() - trimmed.len();
    if let Some(rest) = trimmed.strip_prefix("parents:") {
        let base = lead + "parents:".len();
        let mut edges = Vec::new();
        let mut places = Vec::new();
        for (at, word) in pieces(rest, |c| c.is_whitespace() || c == ',') {
            let parent = parse_node(text, word, base + at)?;
            let child = edges.len() as u64 + 1;
            edges.push((parent, child));
            places.push(base + at..base + at + word.len());
        }
        check_tree(text, &edges, &places)?;
        return Ok(Position::Edges(std::sync::Arc::new(edges)));
    }
    let mut edges = Vec::new();
    for (at, edge) in pieces(text, |c| c == ',' || c == ';' || c == '\n') {
        words.clear();
        words.extend(pieces(edge, |c| c.is_whitespace() || c == '-'));
        match words.as_slice() {
            [(a, u), (b, v)] => {
                edges.push((parse_node(text, u, at + a)?, parse_node(text, v, at + b)?));
            }
            _ => {
                return Err(position_error(
                    text,
                    at..at + edge.len(),
                    "an edge joins two nodes",
                    "write the edges as u-v separated by commas or new lines (node 0 the ground), e.g. 0-1,1-2,1-3",
                ));
            }
        }
    }
    Ok(Position::Edges(std::sync::Arc::new(edges)))
}

/// That a parent array makes a tree hanging from node 0: each parent is a node (0 to `n`), and
/// following parents from any node reaches 0.
fn check_tree(
    text: &str,
    edges: &[(u64, u64)],
    places: &[std::ops::Range<usize>],
) -> Result<(), InputError> {
    let hint = "node i (from 1) hangs from node p_i, 0 being the ground: parents: 0 0 1 1";
    let count = edges.len() as u64;
    for (index, &(parent, child)) in edges.iter().enumerate() {
        if parent > count {
            return Err(position_error(
                text,
                places[index].clone(),
                &format!("node {child} hangs from node {parent}, but the nodes are 0 to {count}"),
                hint,
            ));
        }
    }
    // 0: not seen, 1: on the current walk, 2: reaches the ground.
    let mut state = vec![0u8; edges.len() + 1];
    state[0] = 2;
    let mut walk = Vec::new();
    for start in 1..=edges.len() {
        let mut node = start;
        while state[node] == 0 {
            state[node] = 1;
            walk.push(node);
            node = edges[node - 1].0 as usize;
        }
        if state[node] == 1 {
            return Err(position_error(
                text,
                places[node - 1].clone(),
                &format!(
                    "the parents make a cycle through node {node}: a parent array gives a tree"
                ),
                hint,
            ));
        }
        for &seen in &walk {
            state[seen] = 2;
        }
        walk.clear();
    }
    Ok(())
}

/// Cells of a grid, `row:column` or `row column`, separated by commas, semicolons or new lines.
fn parse_cells(text: &str) -> Result<Position, InputError> {
    let hint = "write the coins showing heads as row:column separated by commas (rows and columns from 0), e.g. 3:5,2:2, or one 'row column' per line";
    let mut cells = Vec::new();
    let mut words: Vec<(usize, &str)> = Vec::new();
    for (at, cell) in pieces(text, |c| c == ',' || c == ';' || c == '\n') {
        words.clear();
        words.extend(pieces(cell, |c| c.is_whitespace() || c == ':'));
        let [(a, row), (b, column)] = words.as_slice() else {
            if cell.trim().is_empty() {
                continue;
            }
            return Err(position_error(
                text,
                at..at + cell.len(),
                "a coin is written as its row and column",
                hint,
            ));
        };
        let coordinate = |word: &str, place: usize| {
            let message = match parse_heap(word).map(|n| u64::try_from(&n)) {
                Ok(Ok(number)) => return Ok(number),
                Ok(Err(_)) => "a row or column is a whole number below 2^64",
                Err(_) => "not a row or column: they are whole numbers from 0",
            };
            Err(position_error(
                text,
                place..place + word.len(),
                message,
                hint,
            ))
        };
        cells.push((coordinate(row, at + a)?, coordinate(column, at + b)?));
    }
    Ok(Position::Cells(cells))
}

/// Splits `text` at `separator` and parses every part as a heap size, with error spans pointing
/// into the whole text.
///
/// # Errors
/// The first part's [`InputError`], relocated.
pub(crate) fn parse_heaps(text: &str, separator: char) -> Result<Vec<BigUint>, InputError> {
    let mut heaps = Vec::new();
    let mut offset = 0;
    for part in text.split(separator) {
        let heap = parse_heap_trimmed(part).map_err(|mut error| {
            error.span = offset + error.span.start..offset + error.span.end;
            text.clone_into(&mut error.text);
            error
        })?;
        heaps.push(heap);
        offset += part.len() + separator.len_utf8();
    }
    Ok(heaps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors() {
        assert_eq!(parse_heap("").unwrap_err().message, "the position is empty");
        assert_eq!(parse_heap("12a").unwrap_err().span, 2..3);
        assert_eq!(parse_heap("1e18").unwrap_err().span, 1..2);
        assert_eq!(parse_heap("10^").unwrap_err().span, 3..3);
        assert_eq!(parse_heap("10^x").unwrap_err().span, 3..4);
        assert!(
            parse_heap("10^1000000")
                .unwrap_err()
                .message
                .contains("digits")
        );
        assert!(parse_heap("10^99999999999999999999999").is_err());
        // Found by the fuzzer: a power just over the limit must be refused, not accepted and then
        // unreadable from its own decimal form.
        assert!(parse_heap("10^100000").is_err());
        assert_eq!(parse_heap("10^99999").unwrap().to_string().len(), 100_000);
        assert_eq!(parse_heap("0^0").unwrap(), BigUint::one());
        assert_eq!(parse_heap("1^999999999999").unwrap(), BigUint::one());
    }

    #[test]
    fn trimmed_heaps_locate_errors_in_the_whole_text() {
        let error = parse_heap_trimmed(" \r 1ɀ").unwrap_err();
        assert_eq!((error.span, error.text.as_str()), (4..6, " \r 1ɀ"));
    }

    #[test]
    fn several_heaps_locate_errors_in_the_whole_text() {
        assert_eq!(parse_heaps("3, 4,5", ',').unwrap().len(), 3);
        let error = parse_heaps("3,4x,5", ',').unwrap_err();
        assert_eq!((error.span, error.text.as_str()), (3..4, "3,4x,5"));
        let error = parse_heaps("3,,5", ',').unwrap_err();
        assert_eq!(error.span, 2..2);
    }
}
