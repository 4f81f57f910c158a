//! Take-and-break games in octal and hexadecimal code (docs/theory.md §7): the code, its moves, and
//! the theorem that certifies a code's period from its values.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use std::fmt;

use crate::theory::compact::{Element, View, on_view};
use crate::theory::families::Digits;

/// A constraint on the heaps a split leaves (`CGSuite`'s grammar).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No constraint.
    None,
    /// `!`: the heaps left must be pairwise unequal.
    Unequal,
    /// `?`: the heaps left must not all be equal.
    NotAllEqual,
}

/// An octal or hexadecimal code `d0.d1 d2 … dt[tail]`: digit `dj` says what may be done when
/// exactly `j` tokens are removed from one heap — bit 1: remove the whole heap, bit 2: leave one
/// heap, bit 4: leave two, bit 8: leave three.
///
/// A code may carry the name it was written with (`kayles` for `0.77`, see
/// [`NamedGame`]); the name is not part of the game, so two codes with the same digits are equal
/// whatever their names.
#[derive(Clone, Debug)]
pub struct Code {
    digits: Vec<(u8, Modifier)>,
    tail: Vec<u8>,
    name: Option<NamedGame>,
}

impl PartialEq for Code {
    fn eq(&self, other: &Self) -> bool {
        self.digits == other.digits && self.tail == other.tail
    }
}

impl Eq for Code {}

impl std::hash::Hash for Code {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.digits.hash(state);
        self.tail.hash(state);
    }
}

/// Why a code is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// `d0` may only split (bits 4 and 8): removing nothing must leave heaps.
    #[error(
        "the digit before the point may only be 0, 4, 8 or c: removing no tokens must split the heap"
    )]
    FirstDigit,
    /// No digit after the point.
    #[error("the code has no digit after the point")]
    Empty,
}

impl Code {
    /// How many digits are written before the tail (`d0` included).
    pub(crate) fn explicit_digits(&self) -> usize {
        self.digits.len()
    }

    /// How many digits the repeating tail has (0 without one).
    pub(crate) fn tail_length(&self) -> usize {
        self.tail.len()
    }

    /// A code from its digits `d0, d1, …` (with modifiers) and a repeating tail.
    ///
    /// # Errors
    /// [`CodeError`] if `d0` removes tokens or there are no digits after the point.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::octal::{Code, Modifier};
    /// let kayles = Code::new(vec![(0, Modifier::None), (7, Modifier::None), (7, Modifier::None)], vec![])?;
    /// assert_eq!(kayles.to_string(), "0.77");
    /// # Ok(()) }
    /// ```
    pub fn new(mut digits: Vec<(u8, Modifier)>, tail: Vec<u8>) -> Result<Self, CodeError> {
        if digits.is_empty() || digits[0].0 & 3 != 0 {
            return Err(CodeError::FirstDigit);
        }
        if digits.len() < 2 && tail.is_empty() {
            return Err(CodeError::Empty);
        }
        if tail.iter().all(|&d| d == 0) {
            // A tail of zeros adds nothing; trailing zeros add nothing.
            let tail_len = tail.len();
            while digits.len() > 2
                && digits
                    .last()
                    .is_some_and(|&(d, m)| d == 0 && m == Modifier::None)
            {
                digits.pop();
            }
            if tail_len > 0 {
                return Self::new(digits, Vec::new());
            }
        }
        Ok(Self {
            digits,
            tail,
            name: None,
        })
    }

    /// The same code, carrying the name it was written with.
    pub(crate) fn named(self, name: NamedGame) -> Self {
        Self {
            name: Some(name),
            ..self
        }
    }

    /// The name the code was written with (`kayles`), if it was written by name.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::games::octal::NamedGame;
    /// let grundy::Game::Octal(code) = grundy::parse_game("kayles")? else { unreachable!() };
    /// assert_eq!((code.name(), code.to_string().as_str()), (Some(NamedGame::Kayles), "0.77"));
    /// # Ok(()) }
    /// ```
    pub fn name(&self) -> Option<NamedGame> {
        self.name
    }

    /// Digit `j` and its modifier.
    pub fn digit(&self, j: usize) -> (u8, Modifier) {
        if j < self.digits.len() {
            self.digits[j]
        } else if self.tail.is_empty() {
            (0, Modifier::None)
        } else {
            (
                self.tail[(j - self.digits.len()) % self.tail.len()],
                Modifier::None,
            )
        }
    }

    /// `t`, the index of the last non-zero digit, or `None` with a repeating tail (infinitely
    /// many digits).
    pub fn last_digit(&self) -> Option<usize> {
        if !self.tail.is_empty() {
            return None;
        }
        self.digits.iter().rposition(|&(d, _)| d != 0)
    }

    /// The code as the family criterion reads it ([`Digits`]); `None` with `!`/`?`, which the
    /// criterion does not cover.
    pub fn family_digits(&self) -> Option<Digits> {
        if self.has_modifiers() {
            return None;
        }
        Digits::new(
            self.digits.iter().map(|&(d, _)| d).collect(),
            self.tail.clone(),
        )
        .ok()
    }

    /// The most heaps one move can leave: 1 without splits, 2 with bit 4, 3 with bit 8.
    pub fn max_heaps_left(&self) -> u32 {
        let bits = self
            .digits
            .iter()
            .map(|&(d, _)| d)
            .chain(self.tail.iter().copied())
            .fold(0, |a, d| a | d);
        if bits & 8 != 0 {
            3
        } else if bits & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// Whether some digit carries `!` or `?`.
    pub fn has_modifiers(&self) -> bool {
        self.digits.iter().any(|&(_, m)| m != Modifier::None)
    }

    /// Whether a digit above 7 occurs (a hexadecimal code).
    pub fn is_hexadecimal(&self) -> bool {
        self.digits
            .iter()
            .map(|&(d, _)| d)
            .chain(self.tail.iter().copied())
            .any(|d| d > 7)
    }

    /// How many digits `j` may apply to a heap of `n`: all `j <= n` with a tail, else up to `t`.
    pub(crate) fn reach(&self, n: usize) -> usize {
        if self.tail.is_empty() {
            n.min(self.digits.len() - 1)
        } else {
            n
        }
    }
}

// The classic take-and-break games by name: `kayles` is `0.77`, `grundys-game` is `4!.0`, … A name
// is another way to write a code: the parser turns it into the `Code`, which remembers the name so
// that answers can print both (`kayles (0.77)`).

/// A take-and-break game known by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedGame {
    /// Kayles, `0.77`: knock down one pin or two adjacent pins of a row.
    Kayles,
    /// Dawson's Kayles, `0.07`: knock down two adjacent pins.
    DawsonsKayles,
    /// Dawson's chess, `0.137`: pawns on a 3 × n board, captures compulsory.
    DawsonsChess,
    /// Lasker's Nim, `4.[3]`: take any number from a heap, or split a heap into two non-empty
    /// heaps.
    Lasker,
    /// Grundy's game, `4!.0`: split a heap into two unequal heaps.
    GrundysGame,
    /// Officers, `0.6`: take one token and leave one or two heaps (never none).
    Officers,
}

impl NamedGame {
    /// Every named game, in the order the documentation lists them.
    pub const ALL: [Self; 6] = [
        Self::Kayles,
        Self::DawsonsKayles,
        Self::DawsonsChess,
        Self::Lasker,
        Self::GrundysGame,
        Self::Officers,
    ];

    /// The name in game specs: `kayles`, `dawsons-kayles`, …
    pub fn name(self) -> &'static str {
        match self {
            Self::Kayles => "kayles",
            Self::DawsonsKayles => "dawsons-kayles",
            Self::DawsonsChess => "dawsons-chess",
            Self::Lasker => "lasker",
            Self::GrundysGame => "grundys-game",
            Self::Officers => "officers",
        }
    }

    /// The game's name in prose: `Kayles`, `Dawson's Kayles`, …
    pub fn title(self) -> &'static str {
        match self {
            Self::Kayles => "Kayles",
            Self::DawsonsKayles => "Dawson's Kayles",
            Self::DawsonsChess => "Dawson's chess",
            Self::Lasker => "Lasker's Nim",
            Self::GrundysGame => "Grundy's game",
            Self::Officers => "Officers",
        }
    }

    /// The name written in a spec, if it is one (already lower case).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|game| game.name() == name)
    }

    /// The game's code, carrying its name.
    ///
    /// # Example
    /// ```
    /// use grundy::games::octal::NamedGame;
    /// assert_eq!(NamedGame::GrundysGame.code().to_string(), "4!.0");
    /// assert_eq!(NamedGame::Lasker.code().to_string(), "4.[3]");
    /// ```
    pub fn code(self) -> Code {
        let plain = |d: u8| (d, Modifier::None);
        let (digits, tail) = match self {
            Self::Kayles => (vec![plain(0), plain(7), plain(7)], vec![]),
            Self::DawsonsKayles => (vec![plain(0), plain(0), plain(7)], vec![]),
            Self::DawsonsChess => (vec![plain(0), plain(1), plain(3), plain(7)], vec![]),
            // Digit 0 = 4: removing nothing, leave two heaps; every later digit 3: remove j
            // tokens, leaving nothing or one heap.
            Self::Lasker => (vec![plain(4)], vec![3]),
            Self::GrundysGame => (vec![(4, Modifier::Unequal), plain(0)], vec![]),
            Self::Officers => (vec![plain(0), plain(6)], vec![]),
        };
        Code::new(digits, tail)
            .expect("the named codes are valid")
            .named(self)
    }
}

impl fmt::Display for Code {
    /// `CGSuite`'s notation: `0.77`, `4!.0`, `0.[3]`, `0.f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let write_digit = |f: &mut fmt::Formatter<'_>, (d, m): (u8, Modifier)| -> fmt::Result {
            write!(f, "{d:x}")?;
            match m {
                Modifier::None => Ok(()),
                Modifier::Unequal => f.write_str("!"),
                Modifier::NotAllEqual => f.write_str("?"),
            }
        };
        // A first digit written as a letter would read as a game's name.
        if self.digits[0].0 >= 10 {
            f.write_str("hex:")?;
        }
        write_digit(f, self.digits[0])?;
        f.write_str(".")?;
        for &digit in &self.digits[1..] {
            write_digit(f, digit)?;
        }
        if !self.tail.is_empty() {
            f.write_str("[")?;
            for &d in &self.tail {
                write!(f, "{d:x}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// A certified period of `code`'s Grundy sequence from its first values, when a theorem applies
/// and the values suffice: the Guy–Smith theorem for codes with splits, the window criterion
/// (window `t + 1`) for codes without.
///
/// # Complexity
/// `O(L · q)` as [`crate::theory::period::certify_guy_smith`] for `L` values.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::octal::{Naive, certify};
/// let grundy::Game::Octal(kayles) = grundy::parse_game("0.77")? else { unreachable!() };
/// let values: Vec<u32> = Naive::new(&kayles).take(200).collect();
/// let certificate = certify(&kayles, &values).ok_or("none")?;
/// assert_eq!((certificate.periodicity().preperiod(), certificate.periodicity().period()), (71, 12));
/// # Ok(()) }
/// ```
pub fn certify<'a>(
    code: &Code,
    values: impl Into<View<'a>>,
) -> Option<crate::theory::period::Certificate> {
    let values = values.into();
    if code.has_modifiers() {
        return None;
    }
    let Some(t) = code.last_digit() else {
        // A repeating tail: the family criterion (docs/arithmetic-periodicity.md).
        let certificate =
            crate::theory::period::certify_take_and_break(values, &code.family_digits()?)?;
        return certificate.verify(values).is_ok().then_some(certificate);
    };
    let t = t as u64;
    let certificate = if code.max_heaps_left() == 1 {
        let (search, _) = on_view!(values, values => crate::theory::period::search_window(
            values.iter().map(|&v| v.into()),
            t + 1,
            values.len() as u64,
        ));
        search.certificate().cloned()
    } else {
        crate::theory::period::certify_guy_smith(values, t, u64::from(code.max_heaps_left()))
    }?;
    // Nothing is called certified before the independent checker agrees.
    certificate.verify(values).is_ok().then_some(certificate)
}

/// Whether the heaps `parts` satisfy the modifier.
pub(crate) fn allowed<T: PartialEq>(parts: &[T], modifier: Modifier) -> bool {
    match modifier {
        Modifier::None => true,
        Modifier::Unequal => parts
            .iter()
            .enumerate()
            .all(|(i, a)| parts[i + 1..].iter().all(|b| a != b)),
        Modifier::NotAllEqual => parts.windows(2).any(|w| w[0] != w[1]),
    }
}

/// Calls `f` with the Grundy value of every option of a heap of `n` (options may repeat).
///
/// # Complexity
/// `O(t · n)` with two-heap splits, `O(t · n²)` with three-heap splits.
pub fn for_each_option<T: Element>(code: &Code, values: &[T], n: usize, mut f: impl FnMut(u32)) {
    walk(code, n, |step| match step {
        Step::Whole => f(0),
        Step::One(m) => f(values[m].into()),
        Step::Split(m, heaps, modifier) => for_each_split(values, m, heaps, modifier, &mut f),
    });
}

/// [`for_each_option`] for a heap whose options are many: before each removal, and before each
/// smallest heap of a three-heap split, `poll` is told about how many options come next; the walk
/// stops as soon as it answers `false`, and then returns `false`.
///
/// # Complexity
/// As [`for_each_option`], plus one call of `poll` per removal and per smallest heap of a
/// three-heap split.
pub(crate) fn for_each_option_polled<T: Element>(
    code: &Code,
    values: &[T],
    n: usize,
    mut f: impl FnMut(u32),
    poll: &mut impl FnMut(u64) -> bool,
) -> bool {
    for j in 0..=code.reach(n) {
        if !poll(n.saturating_sub(j) as u64 + 1) {
            return false;
        }
        let mut going = true;
        removal(code, n, j, &mut |step| match step {
            Step::Whole => f(0),
            Step::One(m) => f(values[m].into()),
            Step::Split(m, heaps, modifier) => {
                going = going && for_each_split_polled(values, m, heaps, modifier, &mut f, poll);
            }
        });
        if !going {
            return false;
        }
    }
    true
}

/// One kind of move from a heap, as a digit allows it.
#[derive(Clone, Copy)]
pub(crate) enum Step {
    /// Remove the whole heap.
    Whole,
    /// Leave one heap of `m`.
    One(usize),
    /// Leave 2 or 3 non-empty heaps adding up to `m`.
    Split(usize, u8, Modifier),
}

/// Calls `f` for every kind of move from a heap of `n`, digit by digit.
#[inline]
pub(crate) fn walk(code: &Code, n: usize, mut f: impl FnMut(Step)) {
    for j in 0..=code.reach(n) {
        removal(code, n, j, &mut f);
    }
}

/// Calls `f` for every kind of move from a heap of `n` that removes exactly `j` tokens (as digit
/// `j` allows it). Apart from `j > 0`, the moves depend on `j` only through digit `j` and on `n`
/// only through `n - j`.
#[inline]
pub(crate) fn removal(code: &Code, n: usize, j: usize, f: &mut impl FnMut(Step)) {
    let (d, modifier) = code.digit(j);
    if d & 1 != 0 && n == j && j > 0 {
        f(Step::Whole);
    }
    if n <= j {
        return;
    }
    let m = n - j;
    if d & 2 != 0 && j > 0 {
        f(Step::One(m));
    }
    if d & 4 != 0 && m >= 2 {
        f(Step::Split(m, 2, modifier));
    }
    if d & 8 != 0 && m >= 3 {
        f(Step::Split(m, 3, modifier));
    }
}

/// Calls `f` with the value of every split of `m` into `heaps` heaps the modifier allows.
pub(crate) fn for_each_split(
    values: &[impl Element],
    m: usize,
    heaps: u8,
    modifier: Modifier,
    f: &mut impl FnMut(u32),
) {
    for_each_split_polled(values, m, heaps, modifier, f, &mut |_| true);
}

/// [`for_each_split`], telling `poll` before each smallest heap of a three-heap split how many
/// splits come next, and stopping (returning `false`) as soon as it answers `false`.
#[inline]
pub(crate) fn for_each_split_polled(
    values: &[impl Element],
    m: usize,
    heaps: u8,
    modifier: Modifier,
    f: &mut impl FnMut(u32),
    poll: &mut impl FnMut(u64) -> bool,
) -> bool {
    if heaps == 2 {
        for a in 1..=m / 2 {
            if allowed(&[a, m - a], modifier) {
                f((values[a] ^ values[m - a]).into());
            }
        }
    } else {
        for a in 1..=m / 3 {
            if !poll(((m - a) / 2 + 1 - a) as u64) {
                return false;
            }
            for b in a..=(m - a) / 2 {
                let c = m - a - b;
                if allowed(&[a, b, c], modifier) {
                    f((values[a] ^ values[b] ^ values[c]).into());
                }
            }
        }
    }
    true
}

/// Calls `f` with every option of a heap of `n`, as the heaps it leaves in increasing order (no
/// empty heap; the empty list when the move takes the whole heap). Each option is named once:
/// moves removing different numbers of tokens leave different totals, and the heaps of a split
/// are listed once, smallest first. For positions of several heaps (misère play), where options
/// are sums rather than values.
///
/// # Complexity
/// `O(t · n)` calls with two-heap splits, `O(t · n²)` with three-heap splits.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::octal::for_each_option_heaps;
/// use grundy::parse_game;
/// let grundy::Game::Octal(kayles) = parse_game("0.77")? else { unreachable!() };
/// let mut options = Vec::new();
/// for_each_option_heaps(&kayles, 3, |heaps| options.push(heaps.to_vec()));
/// options.sort();
/// assert_eq!(options, [vec![1], vec![1, 1], vec![2]]); // Kayles removes at most 2
/// # Ok(()) }
/// ```
pub fn for_each_option_heaps(code: &Code, n: usize, mut f: impl FnMut(&[usize])) {
    walk(code, n, |step| match step {
        Step::Whole => f(&[]),
        Step::One(m) => f(&[m]),
        Step::Split(m, 2, modifier) => {
            for a in 1..=m / 2 {
                if allowed(&[a, m - a], modifier) {
                    f(&[a, m - a]);
                }
            }
        }
        Step::Split(m, _, modifier) => {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    let c = m - a - b;
                    if allowed(&[a, b, c], modifier) {
                        f(&[a, b, c]);
                    }
                }
            }
        }
    });
}

impl Ruleset for Code {
    fn numbered_position(&self, n: &BigUint) -> Option<Position> {
        Some(Position::Heaps(vec![n.clone()]))
    }

    fn search_key(&self, position: &Position) -> Position {
        crate::games::ruleset::heaps_in_order(position)
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Heaps
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let Position::Heaps(heaps) = position else {
            return None;
        };
        Some(heaps.iter().map(|n| move_count(self, n)).sum())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        if !listable(&self.option_count(position)?) {
            return None;
        }
        let Position::Heaps(heaps) = position else {
            return None;
        };
        let mut out = Vec::new();
        for (i, n) in heaps.iter().enumerate() {
            let named = (heaps.len() > 1).then_some(i);
            for (take, parts) in heap_moves(self, n) {
                let mut after = heaps.clone();
                after.splice(i..=i, parts.iter().cloned());
                let action = Action::TakeAndBreak {
                    heap: named,
                    take: take.into(),
                    parts,
                };
                out.push((action, Position::Heaps(after)));
            }
        }
        Some(out)
    }

    fn verify_reach(&self) -> u64 {
        if self.max_heaps_left() >= 3 { 60 } else { 200 }
    }
}

/// An upper bound on the moves of a take-and-break heap of `n`: per digit, the whole heap, one
/// heap left, and every split.
fn move_count(code: &Code, n: &BigUint) -> BigUint {
    let reach = match code.last_digit() {
        Some(t) => BigUint::from(t).min(n.clone()),
        None => n.clone(),
    };
    let Some(reach) = reach
        .to_u64()
        .filter(|&r| r <= crate::limits::MAX_PLAY_MOVES)
    else {
        return reach;
    };
    let mut total = BigUint::zero();
    for j in 0..=reach {
        let (digit, _) = code.digit(j as usize);
        let j_big = BigUint::from(j);
        if j_big > *n {
            break;
        }
        let m: BigUint = n - &j_big;
        if digit & 1 != 0 && m.is_zero() && j > 0 {
            total += 1u32;
        }
        if digit & 2 != 0 && j > 0 && !m.is_zero() {
            total += 1u32;
        }
        if digit & 4 != 0 {
            total += &m / 2u32;
        }
        if digit & 8 != 0 {
            total += (&m / 3u32) * (&m / 2u32);
        }
    }
    total
}

/// Every take-and-break move from a heap of `n`, digit by digit as the code states, as (tokens
/// taken, heaps left): bit 1 takes the whole heap, bit 2 leaves one heap, bit 4 two, bit 8 three
/// (non-empty, in ascending order), with the digit's modifier on the heaps left.
fn heap_moves(code: &Code, n: &BigUint) -> Vec<(u64, Vec<BigUint>)> {
    let mut out = Vec::new();
    let reach = match code.last_digit() {
        Some(t) => BigUint::from(t).min(n.clone()),
        None => n.clone(),
    };
    for j in 0..=reach.to_u64().unwrap_or(0) {
        let (digit, modifier) = code.digit(j as usize);
        let m: BigUint = n - j;
        if digit & 1 != 0 && m.is_zero() && j > 0 {
            out.push((j, Vec::new()));
        }
        if m.is_zero() {
            continue;
        }
        if digit & 2 != 0 && j > 0 {
            out.push((j, vec![m.clone()]));
        }
        // Splits exist only for heaps the move count admitted: `m` is small here.
        let m = m.to_u64().unwrap_or(0);
        if digit & 4 != 0 {
            for a in 1..=m / 2 {
                if allowed(&[a, m - a], modifier) {
                    out.push((j, vec![a.into(), (m - a).into()]));
                }
            }
        }
        if digit & 8 != 0 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    if allowed(&[a, b, m - a - b], modifier) {
                        out.push((j, vec![a.into(), b.into(), (m - a - b).into()]));
                    }
                }
            }
        }
    }
    out
}
