//! Grundy values stored in 1, 2 or 4 bytes each: the narrowest width that holds every value so
//! far, widened when a larger value arrives.

use std::fmt;
use std::ops::BitXor;

/// Runs `$body` with `$values` bound to the slice of a [`View`], whatever its width.
macro_rules! on_view {
    ($view:expr, $values:ident => $body:expr) => {{
        // Not `expect`: only a body that converts values fires the lint, and only in one arm.
        #[allow(
            clippy::useless_conversion,
            reason = "the `u32` arm converts `u32` into itself"
        )]
        let result = match $view {
            $crate::theory::compact::View::Bytes($values) => $body,
            $crate::theory::compact::View::Shorts($values) => $body,
            $crate::theory::compact::View::Words($values) => $body,
        };
        result
    }};
}

pub(crate) use on_view;

/// A sequence of values `a(0), a(1), …` in the narrowest of 1, 2 or 4 bytes that holds them all.
///
/// Equality compares the values, not the width.
///
/// # Example
/// ```
/// use grundy::compact::CompactValues;
/// let mut values = CompactValues::new();
/// values.push(3);
/// assert_eq!(values.bytes_per_value(), 1);
/// values.push(300);
/// assert_eq!(values.bytes_per_value(), 2);
/// assert_eq!(values.to_vec(), [3, 300]);
/// ```
#[derive(Clone, Default)]
pub struct CompactValues(Storage);

#[derive(Clone)]
enum Storage {
    Bytes(Vec<u8>),
    Shorts(Vec<u16>),
    Words(Vec<u32>),
}

impl Default for Storage {
    fn default() -> Self {
        Self::Bytes(Vec::new())
    }
}

/// The values of a [`CompactValues`] as a slice of their width, for loops that run on one width.
#[derive(Clone, Copy, Debug)]
pub enum View<'a> {
    /// One byte per value.
    Bytes(&'a [u8]),
    /// Two bytes per value.
    Shorts(&'a [u16]),
    /// Four bytes per value.
    Words(&'a [u32]),
}

impl<'a> From<&'a [u32]> for View<'a> {
    fn from(values: &'a [u32]) -> Self {
        View::Words(values)
    }
}

impl<'a, const N: usize> From<&'a [u32; N]> for View<'a> {
    fn from(values: &'a [u32; N]) -> Self {
        View::Words(values)
    }
}

impl<'a> From<&'a Vec<u32>> for View<'a> {
    fn from(values: &'a Vec<u32>) -> Self {
        View::Words(values)
    }
}

impl<'a> From<&'a CompactValues> for View<'a> {
    fn from(values: &'a CompactValues) -> Self {
        values.view()
    }
}

impl<'a> View<'a> {
    /// The view of a slice of any width.
    pub fn from_slice<T: Element>(values: &'a [T]) -> Self {
        T::view(values)
    }

    /// The number of values.
    #[inline]
    pub fn len(&self) -> usize {
        on_view!(self, values => values.len())
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes each value takes: 1, 2 or 4.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            View::Bytes(_) => 1,
            View::Shorts(_) => 2,
            View::Words(_) => 4,
        }
    }

    /// A copy of the first `len` values.
    pub fn prefix(&self, len: usize) -> CompactValues {
        let mut copy: CompactValues =
            on_view!(self, values => values[..len].iter().map(|&v| u32::from(v)).collect());
        copy.shrink_to_fit();
        copy
    }
}

/// A width of stored value: `u8`, `u16` or `u32`.
pub trait Element:
    Copy + Eq + Ord + Into<u32> + BitXor<Output = Self> + Send + Sync + fmt::Debug + 'static
{
    /// The view of a slice of this width.
    fn view(values: &[Self]) -> View<'_>;
}

impl Element for u8 {
    fn view(values: &[Self]) -> View<'_> {
        View::Bytes(values)
    }
}

impl Element for u16 {
    fn view(values: &[Self]) -> View<'_> {
        View::Shorts(values)
    }
}

impl Element for u32 {
    fn view(values: &[Self]) -> View<'_> {
        View::Words(values)
    }
}

impl CompactValues {
    /// No values.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of values.
    #[inline]
    pub fn len(&self) -> usize {
        on_view!(self.view(), values => values.len())
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `a(i)`.
    ///
    /// # Panics
    /// If `i >= len()`, as slice indexing does.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        on_view!(self.view(), values => values[i].into())
    }

    /// The values as a slice of their width.
    #[inline]
    pub fn view(&self) -> View<'_> {
        match &self.0 {
            Storage::Bytes(v) => View::Bytes(v),
            Storage::Shorts(v) => View::Shorts(v),
            Storage::Words(v) => View::Words(v),
        }
    }

    /// 1, 2 or 4.
    pub fn bytes_per_value(&self) -> usize {
        self.view().bytes_per_value()
    }

    /// Appends `v`, widening every value first if `v` needs it.
    ///
    /// # Complexity
    /// `O(1)` amortised; `O(len)` when the width changes (at most twice).
    #[inline]
    pub fn push(&mut self, v: u32) {
        match &mut self.0 {
            Storage::Bytes(values) => {
                if let Ok(v) = u8::try_from(v) {
                    values.push(v);
                    return;
                }
            }
            Storage::Shorts(values) => {
                if let Ok(v) = u16::try_from(v) {
                    values.push(v);
                    return;
                }
            }
            Storage::Words(values) => {
                values.push(v);
                return;
            }
        }
        self.widen_for(v);
        self.push(v);
    }

    /// Moves every value to the width that holds `v` (called when the current one does not).
    fn widen_for(&mut self, v: u32) {
        let fits_two_bytes = u16::try_from(v).is_ok();
        self.0 = match (std::mem::take(&mut self.0), fits_two_bytes) {
            (Storage::Bytes(values), true) => {
                Storage::Shorts(values.into_iter().map(u16::from).collect())
            }
            (Storage::Bytes(values), false) => {
                Storage::Words(values.into_iter().map(u32::from).collect())
            }
            (Storage::Shorts(values), _) => {
                Storage::Words(values.into_iter().map(u32::from).collect())
            }
            (words @ Storage::Words(_), _) => words,
        };
    }

    /// Widens every value to `bytes` (1, 2 or 4) bytes, if narrower.
    pub fn widen_to(&mut self, bytes: usize) {
        match bytes {
            4 if self.bytes_per_value() < 4 => self.widen_for(u32::MAX),
            2 if self.bytes_per_value() < 2 => self.widen_for(u32::from(u16::MAX)),
            _ => {}
        }
    }

    /// Drops the first `count` values.
    pub fn drain_front(&mut self, count: usize) {
        match &mut self.0 {
            Storage::Bytes(v) => drop(v.drain(..count)),
            Storage::Shorts(v) => drop(v.drain(..count)),
            Storage::Words(v) => drop(v.drain(..count)),
        }
    }

    /// Every value, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        let (bytes, shorts, words): (&[u8], &[u16], &[u32]) = match self.view() {
            View::Bytes(v) => (v, &[], &[]),
            View::Shorts(v) => (&[], v, &[]),
            View::Words(v) => (&[], &[], v),
        };
        Iter {
            bytes: bytes.iter(),
            shorts: shorts.iter(),
            words: words.iter(),
        }
    }

    /// The largest value, 0 if there is none.
    pub fn largest(&self) -> u32 {
        on_view!(self.view(), values => values.iter().max().map_or(0, |&v| v.into()))
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match &mut self.0 {
            Storage::Bytes(v) => v.truncate(len),
            Storage::Shorts(v) => v.truncate(len),
            Storage::Words(v) => v.truncate(len),
        }
    }

    /// Frees the room reserved beyond the values.
    pub fn shrink_to_fit(&mut self) {
        match &mut self.0 {
            Storage::Bytes(v) => v.shrink_to_fit(),
            Storage::Shorts(v) => v.shrink_to_fit(),
            Storage::Words(v) => v.shrink_to_fit(),
        }
    }

    /// A copy of the first `len` values, in the narrowest width that holds them.
    #[must_use]
    pub fn prefix(&self, len: usize) -> Self {
        let mut copy: Self = self.iter().take(len).collect();
        copy.shrink_to_fit();
        copy
    }

    /// The values as `u32`s.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

/// Iterates over whichever of the three slices holds the values.
struct Iter<'a> {
    bytes: std::slice::Iter<'a, u8>,
    shorts: std::slice::Iter<'a, u16>,
    words: std::slice::Iter<'a, u32>,
}

impl Iterator for Iter<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        self.bytes
            .next()
            .map(|&v| u32::from(v))
            .or_else(|| self.shorts.next().map(|&v| u32::from(v)))
            .or_else(|| self.words.next().copied())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.bytes.len() + self.shorts.len() + self.words.len();
        (len, Some(len))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl FromIterator<u32> for CompactValues {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> Self {
        let mut values = Self::new();
        values.extend(iter);
        values
    }
}

impl Extend<u32> for CompactValues {
    fn extend<I: IntoIterator<Item = u32>>(&mut self, iter: I) {
        for v in iter {
            self.push(v);
        }
    }
}

impl From<Vec<u32>> for CompactValues {
    fn from(values: Vec<u32>) -> Self {
        values.into_iter().collect()
    }
}

impl From<&[u32]> for CompactValues {
    fn from(values: &[u32]) -> Self {
        values.iter().copied().collect()
    }
}

impl PartialEq for CompactValues {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for CompactValues {}

impl PartialEq<[u32]> for CompactValues {
    fn eq(&self, other: &[u32]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl<const N: usize> PartialEq<[u32; N]> for CompactValues {
    fn eq(&self, other: &[u32; N]) -> bool {
        self == &other[..]
    }
}

impl PartialEq<Vec<u32>> for CompactValues {
    fn eq(&self, other: &Vec<u32>) -> bool {
        self == &other[..]
    }
}

impl fmt::Debug for CompactValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_once_per_width_and_compares_by_value() {
        let mut values: CompactValues = [1, 2, 255].into_iter().collect();
        assert_eq!(values.bytes_per_value(), 1);
        values.push(256);
        assert_eq!(values.bytes_per_value(), 2);
        values.push(70_000);
        assert_eq!(values.bytes_per_value(), 4);
        assert_eq!(values, [1, 2, 255, 256, 70_000]);
        assert_eq!(values.prefix(3).bytes_per_value(), 1);
        assert_eq!(values.prefix(3), [1, 2, 255]);
        assert_eq!(values.largest(), 70_000);
        assert_eq!(values.get(3), 256);
        values.truncate(2);
        assert_eq!(values.iter().len(), 2);
        let mut shorts = CompactValues::new();
        shorts.push(300);
        shorts.push(3);
        assert_eq!(shorts.bytes_per_value(), 2);
        assert_eq!(shorts.prefix(2), CompactValues::from(vec![300, 3]));
    }
}
