//! Subtraction sets: which amounts one move may remove from a heap.
//!
//! A subtraction game on a heap of `n` tokens lets the player to move remove any amount `s` of its
//! set with `s <= n`; under normal play whoever cannot move loses. Three kinds of set exist here:
//! finite sets (`{1, 3, 4}`), all-but sets (every positive amount except a finite list) and named
//! infinite families (Fibonacci numbers, squares, powers of two, primes).

use std::fmt;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset, listable};

pub use crate::limits::MAX_AMOUNT;

/// A set of amounts that a move may remove.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSet {
    /// Finitely many amounts.
    Finite(FiniteSet),
    /// Every positive amount except finitely many.
    AllBut(AllButSet),
    /// A named infinite family.
    Family(Family),
}

impl SubtractionSet {
    /// The modulus of the residue theorem for this set, when it is proved: see
    /// [`FiniteSet::residue_modulus`] and [`Family::residue_modulus`]. All-but sets hold every
    /// multiple of any modulus but finitely many, so they never qualify.
    pub fn residue_modulus(&self) -> Option<u64> {
        match self {
            Self::Finite(set) => set.residue_modulus(),
            Self::AllBut(_) => None,
            Self::Family(family) => family.residue_modulus(),
        }
    }

    /// Whether a move may remove `amount` tokens.
    pub fn contains(&self, amount: u64) -> bool {
        match self {
            Self::Finite(set) => set.contains(amount),
            Self::AllBut(set) => set.contains(amount),
            Self::Family(family) => family.contains(amount),
        }
    }
}

/// A non-empty finite set of positive amounts, kept sorted and without duplicates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiniteSet {
    members: Vec<u64>,
}

/// Why a list of amounts does not form a valid set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetError {
    /// No amount at all.
    #[error("the set is empty")]
    Empty,
    /// An amount of zero (a move must remove at least one token).
    #[error("0 is not a legal amount")]
    Zero,
    /// An amount of an all-but set above [`MAX_AMOUNT`].
    #[error("amount {0} exceeds the supported maximum {MAX_AMOUNT}")]
    TooLarge(u64),
    /// An amount of a finite set above [`MAX_AMOUNT`] where no theorem gives the values.
    #[error(
        "amount {0} exceeds {MAX_AMOUNT}, the largest a set may hold unless a theorem gives every value: the residue theorem (the set holds 1, …, m − 1 and no multiple of m) or the {{1, 2, k}} theorem"
    )]
    NoTheoremForLarge(u64),
}

/// The amounts sorted and without duplicates, refused if empty or holding 0.
fn normalise(amounts: impl IntoIterator<Item = u64>) -> Result<Vec<u64>, SetError> {
    let mut members: Vec<u64> = amounts.into_iter().collect();
    if members.contains(&0) {
        return Err(SetError::Zero);
    }
    members.sort_unstable();
    members.dedup();
    if members.is_empty() {
        return Err(SetError::Empty);
    }
    Ok(members)
}

impl FiniteSet {
    /// Builds a set from amounts in any order; duplicates are merged. Amounts above
    /// [`MAX_AMOUNT`] (up to `2^64 − 1`) are allowed when a theorem gives every value, so that no
    /// analysis tabulates `max S` values: the residue theorem (`G(n) = n mod m`) or the
    /// `{1, 2, k}` theorem for `3 | k` ([`one_two_multiple_of_three`](Self::one_two_multiple_of_three)).
    ///
    /// # Errors
    /// [`SetError`] when the list is empty, holds 0, or holds an amount above [`MAX_AMOUNT`] while
    /// neither the residue theorem nor the `{1, 2, k}` theorem applies.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::subtraction::FiniteSet;
    /// let set = FiniteSet::new([4, 1, 3, 1])?;
    /// assert_eq!(set.members(), &[1, 3, 4]);
    /// assert!(FiniteSet::new([0, 2]).is_err());
    /// # Ok(()) }
    /// ```
    pub fn new(amounts: impl IntoIterator<Item = u64>) -> Result<Self, SetError> {
        let set = Self {
            members: normalise(amounts)?,
        };
        // A theorem gives every value of such a set: nothing is tabulated by `max S`.
        if set.largest() > MAX_AMOUNT
            && set.residue_modulus().is_none()
            && set.one_two_multiple_of_three().is_none()
        {
            return Err(SetError::NoTheoremForLarge(set.largest()));
        }
        Ok(set)
    }

    /// The amounts, ascending.
    pub fn members(&self) -> &[u64] {
        &self.members
    }

    /// The largest amount, `t = max S`: a value depends on the previous `t` values only.
    pub fn largest(&self) -> u64 {
        *self.members.last().expect("a finite set is never empty")
    }

    /// Whether `amount` is in the set.
    pub fn contains(&self, amount: u64) -> bool {
        self.members.binary_search(&amount).is_ok()
    }

    /// `k` when the set is `{1, 2, k}` with `k >= 3` a multiple of 3, whose values have period
    /// `k + 1` from 0 ([`one_two_value`](crate::theory::period::one_two_value), docs/theory.md
    /// §4). (When `3 ∤ k` the residue theorem applies instead.)
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::subtraction::FiniteSet;
    /// assert_eq!(FiniteSet::new([1, 2, 999_999_999_999_999_999])?.one_two_multiple_of_three(), Some(999_999_999_999_999_999));
    /// assert_eq!(FiniteSet::new([1, 2, 10])?.one_two_multiple_of_three(), None);
    /// # Ok(()) }
    /// ```
    pub fn one_two_multiple_of_three(&self) -> Option<u64> {
        match self.members[..] {
            [1, 2, k] if k % 3 == 0 => Some(k),
            _ => None,
        }
    }

    /// The modulus `m` of the residue theorem ([`crate::theory::period::Theorem::Residue`]) when it
    /// applies: the set holds `1..m-1` and no multiple of `m`, so `G(n) = n mod m`. The Bash game
    /// `1..k` has `m = k + 1`.
    ///
    /// # Complexity
    /// `O(|S|)`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::subtraction::FiniteSet;
    /// assert_eq!(FiniteSet::new([1, 2, 3])?.residue_modulus(), Some(4));
    /// assert_eq!(FiniteSet::new([1, 2, 4, 5, 7])?.residue_modulus(), Some(3));
    /// assert_eq!(FiniteSet::new([1, 3, 4])?.residue_modulus(), None); // 4 is even
    /// # Ok(()) }
    /// ```
    pub fn residue_modulus(&self) -> Option<u64> {
        // m is the least positive non-member: 1..m-1 are the first m-1 members.
        let m = self
            .members
            .iter()
            .zip(1..)
            .take_while(|&(&s, i)| s == i)
            .count() as u64
            + 1;
        (m >= 2 && self.members.iter().all(|s| s % m != 0)).then_some(m)
    }
}

/// Every positive amount except a non-empty finite list `X`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllButSet {
    excluded: Vec<u64>,
}

impl AllButSet {
    /// Builds the set of all positive amounts except `excluded` (any order, duplicates merged).
    ///
    /// # Errors
    /// [`SetError`] when the list is empty, holds 0, or holds an amount above [`MAX_AMOUNT`].
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::subtraction::AllButSet;
    /// let set = AllButSet::new([7, 2, 3])?;
    /// assert_eq!(set.excluded(), &[2, 3, 7]);
    /// assert!(set.contains(4) && !set.contains(7));
    /// # Ok(()) }
    /// ```
    pub fn new(excluded: impl IntoIterator<Item = u64>) -> Result<Self, SetError> {
        let excluded = normalise(excluded)?;
        match excluded.last() {
            Some(&large) if large > MAX_AMOUNT => Err(SetError::TooLarge(large)),
            _ => Ok(Self { excluded }),
        }
    }

    /// The excluded amounts, ascending.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// The largest excluded amount.
    pub fn largest_excluded(&self) -> u64 {
        *self
            .excluded
            .last()
            .expect("an all-but set excludes something")
    }

    /// Whether `amount` may be removed.
    pub fn contains(&self, amount: u64) -> bool {
        amount > 0 && self.excluded.binary_search(&amount).is_err()
    }
}

/// A named infinite set of amounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The distinct Fibonacci numbers 1, 2, 3, 5, 8, 13, …
    Fibonacci,
    /// The positive squares 1, 4, 9, 16, …
    Squares,
    /// The powers of two 1, 2, 4, 8, …
    PowersOfTwo,
    /// The primes 2, 3, 5, 7, 11, …
    Primes,
}

impl Family {
    /// Every family, in the order the documentation lists them.
    pub const ALL: [Self; 4] = [
        Self::Fibonacci,
        Self::Squares,
        Self::PowersOfTwo,
        Self::Primes,
    ];

    /// The name used in game specs.
    pub fn name(self) -> &'static str {
        match self {
            Self::Fibonacci => "fibonacci",
            Self::Squares => "squares",
            Self::PowersOfTwo => "powers-of-2",
            Self::Primes => "primes",
        }
    }

    /// The modulus `m` of the residue theorem ([`crate::theory::period::Theorem::Residue`]), when it is
    /// proved for this family: the set holds `1..m-1` and no multiple of `m`, so `G(n) = n mod m`.
    ///
    /// `m` can only be the least positive non-member. Powers of two: `m = 3`, and `2^k mod 3`
    /// alternates 1, 2 (doubling swaps them), never 0 — checked below by walking the orbit of
    /// `2^k mod 3` until it repeats. The others contain a multiple of their least non-member:
    /// Fibonacci 8 (`m = 4`), squares 4 (`m = 2`), primes 2 (`m = 1`).
    ///
    /// # Example
    /// ```
    /// use grundy::subtraction::Family;
    /// assert_eq!(Family::PowersOfTwo.residue_modulus(), Some(3));
    /// assert_eq!(Family::Fibonacci.residue_modulus(), None);
    /// ```
    pub fn residue_modulus(self) -> Option<u64> {
        match self {
            Self::PowersOfTwo => {
                let m = 3;
                let mut seen = Vec::new();
                let mut residue = 1 % m;
                while !seen.contains(&residue) {
                    if residue == 0 {
                        return None;
                    }
                    seen.push(residue);
                    residue = residue * 2 % m;
                }
                Some(m)
            }
            Self::Fibonacci | Self::Squares | Self::Primes => None,
        }
    }

    /// Whether `amount` belongs to the family.
    ///
    /// # Complexity
    /// `O(log amount)` except for primes: `O(sqrt(amount))` trial division.
    pub fn contains(self, amount: u64) -> bool {
        match self {
            Self::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a < amount {
                    let Some(next) = a.checked_add(b) else {
                        return b == amount;
                    };
                    (a, b) = (b, next);
                }
                a == amount
            }
            Self::Squares => {
                let root = amount.isqrt();
                amount > 0 && root * root == amount
            }
            Self::PowersOfTwo => amount.is_power_of_two(),
            Self::Primes => is_prime(amount),
        }
    }

    /// The members up to and including `limit`, ascending.
    ///
    /// # Complexity
    /// `O(limit log log limit)` time and `O(limit)` bits for primes (a sieve); `O(k)` for the others,
    /// with `k` the number of members returned.
    ///
    /// # Example
    /// ```
    /// use grundy::subtraction::Family;
    /// assert_eq!(Family::Fibonacci.members_up_to(20), vec![1, 2, 3, 5, 8, 13]);
    /// assert_eq!(Family::Primes.members_up_to(12), vec![2, 3, 5, 7, 11]);
    /// ```
    pub fn members_up_to(self, limit: u64) -> Vec<u64> {
        match self {
            Self::Fibonacci => {
                let mut out = Vec::new();
                let (mut a, mut b) = (1u64, 2u64);
                while a <= limit {
                    out.push(a);
                    let Some(next) = a.checked_add(b) else { break };
                    (a, b) = (b, next);
                }
                out
            }
            Self::Squares => (1..=limit.isqrt()).map(|r| r * r).collect(),
            Self::PowersOfTwo => (0..64)
                .map(|k| 1u64 << k)
                .take_while(|&p| p <= limit)
                .collect(),
            Self::Primes => {
                let limit = usize::try_from(limit).expect("family limits fit in memory");
                let mut composite = vec![false; limit + 1];
                let mut out = Vec::new();
                for i in 2..=limit {
                    if !composite[i] {
                        out.push(i as u64);
                        let mut j = i.saturating_mul(i);
                        while j <= limit {
                            composite[j] = true;
                            j += i;
                        }
                    }
                }
                out
            }
        }
    }
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

impl fmt::Display for SubtractionSet {
    /// The canonical spec text of the set, as `subtraction:…` or `allbut:…` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Finite(set) => write_amounts(f, set.members()),
            Self::AllBut(set) => write_amounts(f, set.excluded()),
            Self::Family(family) => f.write_str(family.name()),
        }
    }
}

/// Writes amounts compactly: runs of three or more consecutive amounts become `a..b`.
fn write_amounts(f: &mut fmt::Formatter<'_>, amounts: &[u64]) -> fmt::Result {
    let mut i = 0;
    let mut first = true;
    while i < amounts.len() {
        let mut j = i;
        while j + 1 < amounts.len() && amounts[j + 1] == amounts[j] + 1 {
            j += 1;
        }
        if !first {
            f.write_str(",")?;
        }
        first = false;
        if j >= i + 2 {
            write!(f, "{}..{}", amounts[i], amounts[j])?;
            i = j + 1;
        } else {
            write!(f, "{}", amounts[i])?;
            i += 1;
        }
    }
    Ok(())
}

/// A subtraction game: remove an amount of the set from the heap; normal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionGame {
    set: SubtractionSet,
    /// `Some(m)` when written as the Bash game `bash:m`, kept so the name reads as typed.
    bash: Option<u64>,
}

impl SubtractionGame {
    /// The subtraction game on `set`.
    pub fn new(set: SubtractionSet) -> Self {
        Self { set, bash: None }
    }

    /// The Bash game: a finite set `1..m`, named `bash:m`.
    pub(crate) fn bash(set: FiniteSet) -> Self {
        let m = set.largest();
        Self {
            set: SubtractionSet::Finite(set),
            bash: Some(m),
        }
    }

    /// The amounts a move may remove.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// `Some(m)` for the Bash game as written (`bash:m`).
    pub(crate) fn bash_limit(&self) -> Option<u64> {
        self.bash
    }

    /// The amounts a move may take from a heap of `n`, ascending (an infinite set's members
    /// counted one by one: `n` is small where options are listed).
    fn amounts(&self, n: &BigUint) -> Vec<BigUint> {
        match &self.set {
            SubtractionSet::Finite(set) => set
                .members()
                .iter()
                .map(|&s| BigUint::from(s))
                .take_while(|s| s <= n)
                .collect(),
            set => (1..=n.to_u64().unwrap_or(0))
                .filter(|&s| set.contains(s))
                .map(BigUint::from)
                .collect(),
        }
    }

    /// How many amounts a move may take from a heap of `n`.
    fn amount_count(&self, n: &BigUint) -> BigUint {
        match &self.set {
            SubtractionSet::Finite(set) => set
                .members()
                .iter()
                .filter(|&&s| BigUint::from(s) <= *n)
                .count()
                .into(),
            SubtractionSet::AllBut(set) => {
                let excluded = set.excluded().iter().filter(|&&s| BigUint::from(s) <= *n);
                n - excluded.count()
            }
            // Members of an infinite family are counted when they are few enough to ask.
            SubtractionSet::Family(family) => match n.to_u64() {
                Some(m) if m <= COUNTED_FAMILY_HEAP => {
                    (1..=m).filter(|&s| family.contains(s)).count().into()
                }
                _ => n.clone(),
            },
        }
    }
}

/// The largest heap whose options in an infinite subtraction set are counted member by member
/// (beyond it, the heap itself bounds the count).
const COUNTED_FAMILY_HEAP: u64 = crate::limits::MAX_PLAY_MOVES * 64;

impl Ruleset for SubtractionGame {
    fn amounts(&self) -> Option<&[u64]> {
        match self.set() {
            SubtractionSet::Finite(set) => Some(set.members()),
            _ => None,
        }
    }

    fn numbered_position(&self, n: &BigUint) -> Option<Position> {
        Some(Position::Heap(n.clone()))
    }

    fn search_key(&self, position: &Position) -> Position {
        crate::games::ruleset::heaps_in_order(position)
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::HeapOrHeaps
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        heap_option_count(position, |n| self.amount_count(n))
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        if !listable(&self.option_count(position)?) {
            return None;
        }
        heap_options(position, |n| self.amounts(n))
    }

    fn verify_reach(&self) -> u64 {
        500
    }
}

/// The options of a game of heaps where a move takes one of `amounts(n)` from one heap of `n`:
/// one heap, or several (their sum).
pub(crate) fn heap_options(
    position: &Position,
    amounts: impl Fn(&BigUint) -> Vec<BigUint>,
) -> Option<Vec<(Action, Position)>> {
    match position {
        Position::Heap(n) => Some(
            amounts(n)
                .into_iter()
                .map(|s| {
                    let after = Position::Heap(n - &s);
                    (Action::Take { amount: s }, after)
                })
                .collect(),
        ),
        Position::Heaps(heaps) => {
            let mut out = Vec::new();
            for (i, n) in heaps.iter().enumerate() {
                for s in amounts(n) {
                    let mut after = heaps.clone();
                    after[i] = n - &s;
                    let action = Action::TakeFromHeap { heap: i, amount: s };
                    out.push((action, Position::Heaps(after)));
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// The number of options of a game of heaps where a heap of `n` has `count(n)` moves.
pub(crate) fn heap_option_count(
    position: &Position,
    count: impl Fn(&BigUint) -> BigUint,
) -> Option<BigUint> {
    match position {
        Position::Heap(n) => Some(count(n)),
        Position::Heaps(heaps) => Some(heaps.iter().map(count).sum()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_agree_with_membership() {
        for family in Family::ALL {
            let members = family.members_up_to(2000);
            for n in 0..=2000 {
                assert_eq!(members.contains(&n), family.contains(n), "{family:?} {n}");
            }
        }
    }

    #[test]
    fn residue_modulus_is_the_least_non_member_and_avoids_its_multiples() {
        for family in Family::ALL {
            let m = (1..).find(|&n| !family.contains(n)).unwrap();
            let multiple = family
                .members_up_to(10_000)
                .into_iter()
                .find(|s| s % m == 0);
            match family.residue_modulus() {
                Some(modulus) => assert_eq!((modulus, multiple), (m, None), "{family:?}"),
                None => assert!(
                    multiple.is_some(),
                    "{family:?} has no witness against m = {m}"
                ),
            }
        }
    }

    #[test]
    fn display_compresses_runs() {
        let set = SubtractionSet::Finite(FiniteSet::new([1, 2, 3, 7, 9, 10]).unwrap());
        assert_eq!(set.to_string(), "1..3,7,9,10");
    }

    #[test]
    fn set_errors() {
        assert_eq!(FiniteSet::new([]), Err(SetError::Empty));
        assert_eq!(FiniteSet::new([3, 0]), Err(SetError::Zero));
        // {1, 3, 2^64 − 2}: 2 is not a move and an even amount is, so no residue theorem.
        assert_eq!(
            FiniteSet::new([1, 3, u64::MAX - 1]),
            Err(SetError::NoTheoremForLarge(u64::MAX - 1))
        );
        // {1, 3, 2^64 − 1}: every move odd, so G(n) = n mod 2.
        let odd = FiniteSet::new([1, 3, u64::MAX]).unwrap();
        assert_eq!(odd.residue_modulus(), Some(2));
        let large = FiniteSet::new([1, 2, 1_000_000_000_000_000_000]).unwrap();
        assert_eq!(large.residue_modulus(), Some(3));
        // 2^64 − 1 is a multiple of 3.
        let largest = FiniteSet::new([1, 2, u64::MAX]).unwrap();
        assert_eq!(largest.one_two_multiple_of_three(), Some(u64::MAX));
        assert_eq!(
            AllButSet::new([MAX_AMOUNT + 1]),
            Err(SetError::TooLarge(MAX_AMOUNT + 1))
        );
        assert_eq!(
            FiniteSet::new([MAX_AMOUNT + 1]),
            Err(SetError::NoTheoremForLarge(MAX_AMOUNT + 1))
        );
    }
}
