//! Decimal digits to a whole number in sub-quadratic time: the digits are halved recursively and
//! joined as `high · 10^k + low`, so the work is that of a few multiplications of the full size
//! (num-bigint multiplies large numbers by Karatsuba and Toom-3), where reading digit by digit
//! costs the square of the length.

use std::cell::RefCell;
use std::collections::HashMap;

use num_bigint::BigUint;

/// Below this many digits, num-bigint's own digit-by-digit reading is faster.
const DIRECT_DIGITS: usize = 2048;

/// The number the ASCII decimal digits `digits` write (leading zeros allowed; no digits is 0).
///
/// # Complexity
/// `O(M(n) log n)` for `n` digits, `M` the cost of a multiplication; `O(n²)` below
/// [`DIRECT_DIGITS`].
///
/// # Panics
/// Never for ASCII digits; the callers check them first (a debug assertion).
pub(crate) fn parse_digits(digits: &[u8]) -> BigUint {
    debug_assert!(digits.iter().all(u8::is_ascii_digit));
    POWERS.with_borrow_mut(|powers| parse_with(digits, powers))
}

thread_local! {
    /// `10^(2^j)` by `2^j`: the powers one reading needs, kept for the next (a judge's input
    /// holds many numbers of one size). They add up to about twice the longest number read.
    static POWERS: RefCell<HashMap<usize, BigUint>> = RefCell::new(HashMap::new());
}

fn parse_with(digits: &[u8], powers: &mut HashMap<usize, BigUint>) -> BigUint {
    if digits.len() <= DIRECT_DIGITS {
        return BigUint::parse_bytes(digits, 10).unwrap_or_default();
    }
    // The low part is the largest power of two shorter than the digits (at least a third of
    // them), so that the few powers of ten repeat across the calls.
    let low_length = (digits.len() - 1).next_power_of_two() / 2;
    let (high, low) = digits.split_at(digits.len() - low_length);
    let high = parse_with(high, powers);
    let low = parse_with(low, powers);
    let power = powers
        .entry(low_length)
        .or_insert_with(|| BigUint::from(10u32).pow(u32::try_from(low_length).unwrap_or(u32::MAX)));
    high * &*power + low
}

#[cfg(test)]
mod tests {
    use super::parse_digits;
    use num_bigint::BigUint;

    #[test]
    fn long_digits_read_as_num_bigint_reads_them() {
        let mut digits = Vec::new();
        let mut state = 12_345_u64;
        for length in [0, 1, 19, 2047, 2048, 2049, 4096, 5000, 20_001] {
            digits.clear();
            for _ in 0..length {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                digits.push(b'0' + (state >> 60) as u8 % 10);
            }
            let expected = BigUint::parse_bytes(&digits, 10).unwrap_or_default();
            assert_eq!(parse_digits(&digits), expected, "{length} digits");
        }
        let zeros = vec![b'0'; 9000];
        assert_eq!(parse_digits(&zeros), BigUint::default());
    }
}
