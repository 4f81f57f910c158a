//! Nimber arithmetic (Conway, *On Numbers and Games*, ch. 6): the whole numbers under nim
//! addition (xor) and nim multiplication form a field of characteristic 2, in which the numbers
//! below each Fermat 2-power `F = 2^(2^k)` form a subfield. Multiplication follows from two rules
//! on Fermat 2-powers: `F ⊗ x = F · x` for `x < F` (ordinary product), and `F ⊗ F = F ⊕ F/2`
//! (`3F/2`). It values Turning Corners, the two-dimensional coin-turning game: a head at
//! `(a, b)` is worth `a ⊗ b`.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// The nim product of two numbers below `2^64`: `a ⊗ b`, itself below `2^64`.
///
/// # Complexity
/// `O(3^6)` word operations at most (three half-width products per halving, six halvings).
///
/// # Example
/// ```
/// use grundy::theory::nimber::multiply;
/// assert_eq!(multiply(2, 2), 3); // 2 is the Fermat 2-power 2^(2^0): 2 ⊗ 2 = 3
/// assert_eq!(multiply(4, 4), 6);
/// assert_eq!(multiply(16, 16), 24);
/// assert_eq!(multiply(5, 7), multiply(5, 6) ^ 5); // 7 = 6 ⊕ 1, distributive over xor
/// ```
pub fn multiply(a: u64, b: u64) -> u64 {
    multiply_within(a, b, 64)
}

/// `a ⊗ b` for `a, b < 2^bits`, `bits` a power of two at most 64.
fn multiply_within(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let half = bits / 2;
    // Both below 2^half: a smaller field.
    if (a | b) >> half == 0 {
        return multiply_within(a, b, half);
    }
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let high = multiply_within(a1, b1, half);
    let low = multiply_within(a0, b0, half);
    let cross = multiply_within(a1 ^ a0, b1 ^ b0, half) ^ low;
    // (a1·F + a0) ⊗ (b1·F + b0) with F ⊗ F = F ⊕ F/2 and F ⊗ x = F·x for x < F.
    let half_fermat = 1u64 << (half - 1);
    ((cross) << half) ^ low ^ multiply_within(high, half_fermat, half)
}

/// The nim inverse of `a ≠ 0` below `2^64`: the `b` with `a ⊗ b = 1`; `None` for 0.
///
/// Below a Fermat 2-power `F`, write `a = a1·F ⊕ a0` (`a1, a0 < F`). `F` is a root of
/// `x ⊗ x ⊕ x ⊕ F/2` over the field below `F`, whose other root is `F ⊕ 1`, so the conjugate
/// `a1·F ⊕ (a0 ⊕ a1)` times `a` is the norm `a1 ⊗ a1 ⊗ F/2 ⊕ a0 ⊗ (a0 ⊕ a1)`, a number below
/// `F`: the inverse is the conjugate times the norm's inverse, found in the smaller field.
///
/// # Complexity
/// `O(3^6)` word operations at most, like [`multiply`].
///
/// # Example
/// ```
/// use grundy::theory::nimber::{inverse, multiply};
/// assert_eq!(inverse(2), Some(3)); // 2 ⊗ 3 = 1
/// assert_eq!(inverse(0), None);
/// let a = 0x1234_5678_9abc_def0;
/// assert_eq!(inverse(a).map(|b| multiply(a, b)), Some(1));
/// ```
pub fn inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| inverse_within(a, 64))
}

/// The nim quotient `a ⊘ b` (`a ⊗ b⁻¹`) below `2^64`; `None` for `b` 0.
///
/// # Complexity
/// As [`inverse`].
///
/// # Example
/// ```
/// use grundy::theory::nimber::{divide, multiply};
/// assert_eq!(divide(multiply(6, 9), 9), Some(6));
/// ```
pub fn divide(a: u64, b: u64) -> Option<u64> {
    inverse(b).map(|inverse| multiply(a, inverse))
}

/// `a⁻¹` for `0 < a < 2^bits`, `bits` a power of two at most 64.
fn inverse_within(a: u64, bits: u32) -> u64 {
    if a < 2 {
        return a;
    }
    let half = bits / 2;
    if a >> half == 0 {
        return inverse_within(a, half);
    }
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let half_fermat = 1u64 << (half - 1);
    let norm = multiply_within(multiply_within(a1, a1, half), half_fermat, half)
        ^ multiply_within(a0, a0 ^ a1, half);
    let norm_inverse = inverse_within(norm, half);
    (multiply_within(a1, norm_inverse, half) << half) | multiply_within(a0 ^ a1, norm_inverse, half)
}

/// The nim product of any two numbers: `a ⊗ b`.
///
/// # Complexity
/// `O(d^log2(3))` word operations for `d`-word numbers (three half-width products per halving).
///
/// # Example
/// ```
/// use grundy::theory::nimber::multiply_big;
/// let f = num_bigint::BigUint::from(1u32) << 64u32; // the Fermat 2-power 2^(2^6)
/// let f2 = multiply_big(&f, &f);
/// assert_eq!(f2, &f + (&f >> 1u32)); // F ⊗ F = 3F/2
/// ```
pub fn multiply_big(a: &BigUint, b: &BigUint) -> BigUint {
    let bits = a.bits().max(b.bits()).max(1).next_power_of_two();
    multiply_big_within(a, b, bits)
}

fn multiply_big_within(a: &BigUint, b: &BigUint, bits: u64) -> BigUint {
    if bits <= 64 {
        let (Some(a), Some(b)) = (a.to_u64(), b.to_u64()) else {
            unreachable!("numbers below 2^64")
        };
        return BigUint::from(multiply(a, b));
    }
    if a.is_zero() || b.is_zero() {
        return BigUint::zero();
    }
    let half = bits / 2;
    if a.bits() <= half && b.bits() <= half {
        return multiply_big_within(a, b, half);
    }
    let mask = (BigUint::one() << half) - 1u32;
    let (a1, a0) = (a >> half, a & &mask);
    let (b1, b0) = (b >> half, b & &mask);
    let high = multiply_big_within(&a1, &b1, half);
    let low = multiply_big_within(&a0, &b0, half);
    let cross = multiply_big_within(&(&a1 ^ &a0), &(&b1 ^ &b0), half) ^ &low;
    let half_fermat = BigUint::one() << (half - 1);
    (cross << half) ^ low ^ multiply_big_within(&high, &half_fermat, half)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nim product by its definition: `a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}`.
    fn by_definition(side: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0u64; side]; side];
        for a in 0..side {
            for b in 0..side {
                let mut seen = vec![false; 4 * side];
                for x in 0..a {
                    for y in 0..b {
                        let v = table[x][b] ^ table[a][y] ^ table[x][y];
                        if let Some(slot) = seen.get_mut(v as usize) {
                            *slot = true;
                        }
                    }
                }
                table[a][b] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
            }
        }
        table
    }

    #[test]
    fn products_match_the_definition() {
        let table = by_definition(64);
        for (a, row) in table.iter().enumerate() {
            for (b, &value) in row.iter().enumerate() {
                assert_eq!(multiply(a as u64, b as u64), value, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn the_field_laws_hold_on_a_sample() {
        let sample = [
            0u64,
            1,
            2,
            3,
            7,
            255,
            256,
            65_535,
            1 << 32,
            u64::MAX,
            0x1234_5678_9abc_def0,
            0xfedc_ba98_7654_3210,
        ];
        for &a in &sample {
            for &b in &sample {
                assert_eq!(multiply(a, b), multiply(b, a));
                for &c in &sample {
                    assert_eq!(multiply(multiply(a, b), c), multiply(a, multiply(b, c)));
                    assert_eq!(multiply(a, b ^ c), multiply(a, b) ^ multiply(a, c));
                }
            }
        }
    }

    #[test]
    fn inverses_and_quotients() {
        for a in 1u64..1 << 12 {
            assert_eq!(inverse(a).map(|b| multiply(a, b)), Some(1), "{a}");
        }
        let mut a = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            a = a.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let b = a.rotate_left(17) | 1;
            assert_eq!(inverse(a).map(|inverse| multiply(a, inverse)), Some(1));
            assert_eq!(divide(multiply(a, b), b), Some(a));
        }
        assert_eq!(divide(5, 0), None);
    }

    #[test]
    fn big_products_agree_with_word_products_and_the_fermat_rule() {
        for &(a, b) in &[(3u64, 5u64), (u64::MAX, 12_345), (1 << 63, 1 << 63)] {
            assert_eq!(
                multiply_big(&a.into(), &b.into()),
                BigUint::from(multiply(a, b))
            );
        }
        // A Fermat 2-power F = 2^(2^7) times x < F is the ordinary product.
        let f = BigUint::one() << 128u32;
        let x = BigUint::from(0xdead_beef_u64);
        assert_eq!(multiply_big(&f, &x), &f * &x);
        let g = BigUint::one() << 64u32;
        let y = (BigUint::one() << 100u32) + 77u32;
        let z = (BigUint::one() << 90u32) + 3u32;
        // Associativity and distributivity across widths.
        assert_eq!(
            multiply_big(&multiply_big(&g, &y), &z),
            multiply_big(&g, &multiply_big(&y, &z))
        );
        assert_eq!(
            multiply_big(&y, &(&g ^ &z)),
            multiply_big(&y, &g) ^ multiply_big(&y, &z)
        );
    }
}
