//! Nim arithmetic as a question: the nim product of whole numbers of any size (the values of
//! Turning Corners), checked against a bound on their size before any work.

use num_bigint::BigUint;

use super::Error;
use crate::theory::nimber;

/// The most bits a factor of a nim product may have: a product of two such numbers takes
/// about a second (`3^k` word products for `2^k` words).
pub const MOST_NIMBER_BITS: u64 = 1 << 16;

/// A nim product: the factors and their product `a ⊗ b ⊗ …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimProduct {
    /// The factors, in the order given.
    pub factors: Vec<BigUint>,
    /// Their nim product (1 for no factor).
    pub product: BigUint,
}

/// The nim product of `factors`, left to right.
///
/// # Complexity
/// `O(k · w^1.59)` word operations for `k` factors of at most `w` words (three half-width
/// products per halving of the width).
///
/// # Errors
/// [`Error::Refused`] when a factor has more than [`MOST_NIMBER_BITS`] bits.
///
/// # Example
/// ```
/// use grundy::analysis::nimber::nim_product;
/// let product = nim_product(&[5u32.into(), 7u32.into()])?;
/// assert_eq!(product.product, 13u32.into()); // 5 ⊗ 7 = (4 ⊕ 1) ⊗ (4 ⊕ 2 ⊕ 1) = 13
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn nim_product(factors: &[BigUint]) -> Result<NimProduct, Error> {
    if let Some(large) = factors.iter().find(|f| f.bits() > MOST_NIMBER_BITS) {
        return Err(Error::refused(format!(
            "a factor of {} bits: grundy multiplies nimbers of at most {MOST_NIMBER_BITS} bits (about 19 700 digits)",
            large.bits()
        )));
    }
    let product = factors.iter().fold(BigUint::from(1u32), |product, factor| {
        nimber::multiply_big(&product, factor)
    });
    Ok(NimProduct {
        factors: factors.to_vec(),
        product,
    })
}
