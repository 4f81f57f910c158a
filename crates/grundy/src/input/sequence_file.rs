//! Long runs of take-and-break values: the compact file format (also used for checkpoints), its
//! checksum, and the text export. Bytes in, bytes out: the caller does the I/O.
//!
//! Format: the line `grundy-sequence 1`, then `code <code>`, `count <n>`, `width <1|2|4>`,
//! `checksum <16 hex digits>` and an empty line, then `n` little-endian values of `width` bytes.
//! The checksum is FNV-1a (64 bits) over the values as 4-byte little-endian integers, so it does
//! not depend on the width.

use std::fmt::Write as _;

use crate::theory::compact::{CompactValues, Element, View, on_view};

const MAGIC: &str = "grundy-sequence 1";

/// Why bytes are not a sequence file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// The header is missing or malformed.
    #[error("not a grundy sequence file: {0}")]
    Header(String),
    /// The data is shorter than the header says.
    #[error("the file is truncated: {expected} bytes of values expected, {found} found")]
    Truncated {
        /// Bytes the header announces.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The values do not match the checksum.
    #[error("the checksum does not match: the file is damaged")]
    Checksum,
}

/// FNV-1a over the values as 4-byte little-endian integers.
///
/// # Example
/// ```
/// use grundy::sequence::checksum;
/// assert_ne!(checksum(&[0, 1, 2]), checksum(&[0, 2, 1]));
/// ```
pub fn checksum<'a>(values: impl Into<View<'a>>) -> u64 {
    on_view!(values.into(), values => checksum_of(values))
}

fn checksum_of<T: Element>(values: &[T]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for &value in values {
        let value: u32 = value.into();
        for byte in value.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The file bytes for `values` of the game `code` (its canonical text).
///
/// # Complexity
/// `O(n)`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::sequence::{decode, encode};
/// let bytes = encode("0.77", &[0, 1, 2, 3, 1, 4]);
/// let (code, values) = decode(&bytes)?;
/// assert_eq!((code.as_str(), values.to_vec()), ("0.77", vec![0, 1, 2, 3, 1, 4]));
/// # Ok(()) }
/// ```
pub fn encode<'a>(code: &str, values: impl Into<View<'a>>) -> Vec<u8> {
    on_view!(values.into(), values => encode_values(code, values))
}

fn encode_values<T: Element>(code: &str, values: &[T]) -> Vec<u8> {
    let largest: u32 = values.iter().max().map_or(0, |&v| v.into());
    let width: usize = if largest <= 0xff {
        1
    } else if largest <= 0xffff {
        2
    } else {
        4
    };
    let mut header = String::new();
    let _ = write!(
        header,
        "{MAGIC}\ncode {code}\ncount {}\nwidth {width}\nchecksum {:016x}\n\n",
        values.len(),
        checksum_of(values)
    );
    let mut bytes = header.into_bytes();
    bytes.reserve(values.len() * width);
    for &value in values {
        let value: u32 = value.into();
        bytes.extend_from_slice(&value.to_le_bytes()[..width]);
    }
    bytes
}

/// The code and values of a sequence file.
///
/// # Errors
/// [`SequenceError`] for a bad header, truncated data or a wrong checksum.
pub fn decode(bytes: &[u8]) -> Result<(String, CompactValues), SequenceError> {
    let end = bytes
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or_else(|| SequenceError::Header("no end of header".to_owned()))?;
    let header = std::str::from_utf8(&bytes[..end])
        .map_err(|_| SequenceError::Header("not text".to_owned()))?;
    let mut lines = header.lines();
    if lines.next() != Some(MAGIC) {
        return Err(SequenceError::Header(format!(
            "the first line is not '{MAGIC}'"
        )));
    }
    let mut field = |name: &str| -> Result<String, SequenceError> {
        let line = lines.next().unwrap_or_default();
        line.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(' '))
            .map(str::to_owned)
            .ok_or_else(|| SequenceError::Header(format!("expected the field '{name}'")))
    };
    let code = field("code")?;
    let count: usize = field("count")?
        .parse()
        .map_err(|_| SequenceError::Header("bad count".to_owned()))?;
    let width: usize = field("width")?
        .parse()
        .map_err(|_| SequenceError::Header("bad width".to_owned()))?;
    let expected_sum = u64::from_str_radix(&field("checksum")?, 16)
        .map_err(|_| SequenceError::Header("bad checksum".to_owned()))?;
    if ![1, 2, 4].contains(&width) {
        return Err(SequenceError::Header(format!(
            "width {width} is not 1, 2 or 4"
        )));
    }
    let data = &bytes[end + 2..];
    let expected = count
        .checked_mul(width)
        .ok_or_else(|| SequenceError::Header("count too large".to_owned()))?;
    if data.len() < expected {
        return Err(SequenceError::Truncated {
            expected,
            found: data.len(),
        });
    }
    let values: CompactValues = data[..expected]
        .chunks_exact(width)
        .map(|chunk| {
            let mut word = [0u8; 4];
            word[..width].copy_from_slice(chunk);
            u32::from_le_bytes(word)
        })
        .collect();
    if checksum(&values) != expected_sum {
        return Err(SequenceError::Checksum);
    }
    Ok((code, values))
}

/// The values as text, one `n G(n)` pair per line.
pub fn to_text<'a>(values: impl Into<View<'a>>) -> String {
    on_view!(values.into(), values => text_of(values))
}

fn text_of<T: Element>(values: &[T]) -> String {
    let mut text = String::with_capacity(values.len() * 8);
    for (n, &value) in values.iter().enumerate() {
        let value: u32 = value.into();
        let _ = writeln!(text, "{n} {value}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_at_every_width_and_refuses_damage() {
        for values in [vec![0u32, 1, 255], vec![0, 256, 65535], vec![0, 70_000, 1]] {
            let bytes = encode("0.6", &values);
            assert_eq!(
                decode(&bytes).unwrap(),
                ("0.6".to_owned(), values.clone().into())
            );
            let mut damaged = bytes.clone();
            *damaged.last_mut().unwrap() ^= 1;
            assert_eq!(decode(&damaged), Err(SequenceError::Checksum));
            assert!(matches!(
                decode(&bytes[..bytes.len() - 1]),
                Err(SequenceError::Truncated { .. })
            ));
        }
        assert!(matches!(
            decode(b"hello\n\n"),
            Err(SequenceError::Header(_))
        ));
    }
}
