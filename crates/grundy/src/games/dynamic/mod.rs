//! Dynamic subtraction (动态减法; Schwenk's take-away games, 1970; Holshouser, Reiter and
//! Rudzinski's dynamic one-pile Nim, 2003): one heap; the first move takes any number of tokens
//! but not the whole heap (or, from `n/q`, at most `q`); afterwards each move takes from 1 to
//! `f(x)` tokens, `x` what the opponent just took; whoever takes the last token wins. The bound
//! is a linear rule: `dynamic:3x` (the k-times game, k倍动态减法), `dynamic:x+2`,
//! `dynamic:2x-1`, `dynamic:10-x`; `dynamic:2x` is Fibonacci Nim.
//!
//! Where `f` is non-decreasing with `f(x) ≥ x` (a slope of at least 1 and `f(1) ≥ 1`), the
//! theorem of dynamic subtraction decides every position at any size (docs/theory.md §15): the
//! P-sequence `H_1 = 1`, `H_{j+1} = H_j + H_m` with `m` least such that `f(H_m) ≥ H_j`; the
//! player to move at a heap of `n` with the quota `q` wins exactly when the smallest term of
//! the greedy representation of `n` in `H` is at most `q`, and every winning move is found among
//! the prefix sums of the representation of `n − 1`. Any other bound (`10-x`, a constant,
//! `x-1`) is answered by searching the literal rules within the limits.

use std::sync::{Arc, PoisonError, RwLock};

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::registry::{Family, RuleProblem, Summary};
use crate::games::ruleset::{PositionShape, Ruleset, quota_option_count, quota_options};
use crate::games::theorem::{ListRule, Part, PartLabel, Reading, Theorem, Worth};
use sequence::{Frontier, Kept};
pub use crate::limits::DYNAMIC_SEQUENCE_BYTES;

mod plain;
mod sequence;
#[cfg(test)]
mod tests;

/// The family's entry in the registry.
pub const FAMILY: Family = Family {
    name: "dynamic",
    summary: Summary {
        en: "dynamic subtraction: one heap; the first move takes any number but not the whole heap (from n/q at most q), each later move from 1 to f(x) tokens, x the opponent's last take; whoever takes the last token wins (dynamic:3x, dynamic:x+2)",
        zh: "动态减法：一堆石子；先手第一步可取任意枚但不能取完（局面 n/q 时至多取 q 枚），此后每步取 1 至 f(x) 枚，x 为对手上一步所取；取走最后一枚者胜（dynamic:3x、dynamic:x+2）",
    },
    example: "dynamic:3x",
    rules,
};

/// The largest coefficient a bound may have, in absolute value.
pub const MAX_COEFFICIENT: i64 = 1_000_000_000_000_000_000;

/// The move bound `f(x) = slope · x + offset`: after the opponent took `x`, a move takes from 1
/// to `f(x)` tokens (none where `f(x) < 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The coefficient of `x`.
    pub slope: i64,
    /// The constant.
    pub offset: i64,
}

impl Bound {
    /// `f(x)`, or 0 where it is negative.
    ///
    /// # Example
    /// ```
    /// use grundy::games::dynamic::Bound;
    /// let bound = Bound { slope: -1, offset: 10 };
    /// assert_eq!(bound.at(&3u32.into()), 7u32.into());
    /// assert_eq!(bound.at(&12u32.into()), 0u32.into());
    /// ```
    pub fn at(&self, x: &BigUint) -> BigUint {
        let value = BigInt::from(self.slope) * BigInt::from(x.clone()) + self.offset;
        value.to_biguint().unwrap_or_default()
    }

    /// Whether the theorem of dynamic subtraction holds: `f` non-decreasing with `f(x) ≥ x`
    /// for every `x ≥ 1`, which for `slope · x + offset` is `slope ≥ 1` and `f(1) ≥ 1`.
    ///
    /// # Example
    /// ```
    /// use grundy::games::dynamic::Bound;
    /// assert!(Bound { slope: 3, offset: 0 }.has_theorem());
    /// assert!(Bound { slope: 2, offset: -1 }.has_theorem());
    /// assert!(!Bound { slope: 1, offset: -1 }.has_theorem()); // f(1) = 0
    /// assert!(!Bound { slope: -1, offset: 10 }.has_theorem()); // decreasing
    /// ```
    pub fn has_theorem(&self) -> bool {
        self.slope >= 1 && i128::from(self.slope) + i128::from(self.offset) >= 1
    }
}

impl std::fmt::Display for Bound {
    /// `3x`, `x + 2`, `2x − 1`, `10 − x`, `5`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Self { slope, offset } = *self;
        let x = match slope {
            0 => String::new(),
            1 => "x".to_owned(),
            -1 => "-x".to_owned(),
            _ => format!("{slope}x"),
        };
        match (x.is_empty(), offset) {
            (true, _) => write!(f, "{offset}"),
            (false, 0) => f.write_str(&x),
            (false, c) if slope < 0 => write!(f, "{c} - {}", x.trim_start_matches('-')),
            (false, c) if c > 0 => write!(f, "{x} + {c}"),
            (false, c) => write!(f, "{x} - {}", c.unsigned_abs()),
        }
    }
}

/// Reads a bound: a sum of terms `kx`, `k*x`, `x` and whole numbers, each after `+` or `-`
/// (the first may go without), spaces allowed.
///
/// # Errors
/// A [`RuleProblem`] at the term that is not one, or at a coefficient beyond
/// [`MAX_COEFFICIENT`].
///
/// # Example
/// ```
/// use grundy::games::dynamic::{Bound, parse_bound};
/// assert_eq!(parse_bound("3x")?, Bound { slope: 3, offset: 0 });
/// assert_eq!(parse_bound("x+2")?, Bound { slope: 1, offset: 2 });
/// assert_eq!(parse_bound("10 - x")?, Bound { slope: -1, offset: 10 });
/// assert!(parse_bound("3y").is_err());
/// # Ok::<(), grundy::games::registry::RuleProblem>(())
/// ```
pub fn parse_bound(text: &str) -> Result<Bound, RuleProblem> {
    let mut reader = BoundReader { text, at: 0 };
    reader.skip_spaces();
    if reader.at == text.len() {
        return Err(bound_problem(0..text.len(), "the bound f(x) is empty".to_owned()));
    }
    let (mut slope, mut offset) = (0i128, 0i128);
    let mut first = true;
    while reader.at < text.len() {
        let (value, has_x) = reader.term(first)?;
        first = false;
        if has_x {
            slope += value;
        } else {
            offset += value;
        }
        reader.skip_spaces();
    }
    let limit = i128::from(MAX_COEFFICIENT);
    if slope.abs() > limit || offset.abs() > limit {
        return Err(bound_problem(
            0..text.len(),
            format!("the coefficients of f(x) add up beyond {MAX_COEFFICIENT}"),
        ));
    }
    Ok(Bound {
        slope: slope as i64,
        offset: offset as i64,
    })
}

/// A problem in a bound as written, with the hint of how to write one.
fn bound_problem(span: std::ops::Range<usize>, message: String) -> RuleProblem {
    RuleProblem {
        span,
        message,
        hint: "write the bound f(x) after the opponent took x as kx, x+c, kx-c or c-x, e.g. dynamic:3x (each move at most 3 times the last) or dynamic:x+2".to_owned(),
    }
}

/// Reads a bound term by term.
struct BoundReader<'a> {
    text: &'a str,
    at: usize,
}

impl BoundReader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// One signed term (a sign may be left out before the first): its value and whether it is
    /// a multiple of `x`.
    fn term(&mut self, first: bool) -> Result<(i128, bool), RuleProblem> {
        let start = self.at;
        let negative = match self.peek() {
            Some(b'+') => false,
            Some(b'-') => true,
            _ if first => false,
            _ => {
                return Err(bound_problem(
                    start..start + 1,
                    format!(
                        "expected + or - before the next term, found '{}'",
                        &self.text[start..=start]
                    ),
                ));
            }
        };
        if matches!(self.peek(), Some(b'+' | b'-')) {
            self.at += 1;
        }
        self.skip_spaces();
        let digits = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        let coefficient = if self.at > digits {
            match self.text[digits..self.at].parse::<i64>() {
                Ok(value) if value <= MAX_COEFFICIENT => Some(i128::from(value)),
                _ => {
                    return Err(bound_problem(
                        digits..self.at,
                        format!("{} is beyond {MAX_COEFFICIENT}", &self.text[digits..self.at]),
                    ));
                }
            }
        } else {
            None
        };
        self.skip_spaces();
        if coefficient.is_some() && self.peek() == Some(b'*') {
            self.at += 1;
            self.skip_spaces();
            if self.peek() != Some(b'x') {
                return Err(bound_problem(start..self.at, "expected x after *".to_owned()));
            }
        }
        let has_x = self.peek() == Some(b'x');
        if has_x {
            self.at += 1;
        }
        if coefficient.is_none() && !has_x {
            let end = self.text[self.at..]
                .find(['+', '-'])
                .map_or(self.text.len(), |i| self.at + i)
                .max((self.at + 1).min(self.text.len()));
            return Err(bound_problem(
                start..end,
                format!(
                    "'{}' is not a term kx, x or a whole number",
                    self.text[start..end].trim()
                ),
            ));
        }
        let value = coefficient.unwrap_or(1);
        Ok((if negative { -value } else { value }, has_x))
    }
}

fn rules(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem> {
    let Some(text) = rule else {
        return Err(RuleProblem {
            span: 0..0,
            message: "'dynamic' needs the move bound f(x) after a colon".to_owned(),
            hint: "write dynamic:3x (each move takes at most 3 times the opponent's last), dynamic:x+2, or dynamic:2x for Fibonacci Nim".to_owned(),
        });
    };
    Ok(Arc::new(Dynamic::new(parse_bound(text)?)))
}

/// A game of dynamic subtraction: its bound, and the P-sequence computed so far (in machine
/// words, shared by every question about the game).
#[derive(Debug)]
pub struct Dynamic {
    bound: Bound,
    terms: RwLock<Words>,
}

/// The P-sequence in machine words, as far as it was computed.
///
/// A question about one heap beyond the kept terms keeps only those its lookups need (up to
/// about `n/k` for `kx`) and walks past the others; the walk's place is kept, for the next
/// question about the same heap, or a larger one, to go on from. A question that goes back
/// below it (many heaps, in any order: a contest) makes every term be kept from then on.
#[derive(Debug)]
struct Words {
    kept: Kept<u64>,
    /// Where the last walk past the kept terms stopped.
    frontier: Option<Frontier<u64>>,
    /// Whether every term up to the largest heap asked about is kept.
    keep_all: bool,
}

impl Words {
    fn new(bound: Bound) -> Self {
        Self {
            kept: Kept::new(bound),
            frontier: None,
            keep_all: false,
        }
    }

    /// Computes what the greedy representation of `x` needs: the kept terms through `x`, or
    /// those its lookups need and the largest term at most `x` (returned). `Err` if the terms
    /// would take more than [`DYNAMIC_SEQUENCE_BYTES`]: then what was kept is let go.
    fn reach(&mut self, bound: Bound, x: u64) -> Result<Option<(usize, u64)>, PastMemory> {
        if self.kept.covers(&x) {
            return Ok(None);
        }
        if let Some(top) = self.frontier.as_ref().and_then(|walk| walk.previous_at_most(&x)) {
            return Ok(Some(top));
        }
        let back = self.frontier.as_ref().is_some_and(|walk| walk.term() > &x);
        let done = if self.keep_all || back {
            self.keep_all = true;
            self.frontier = None;
            self.kept.extend_through(&x, DYNAMIC_SEQUENCE_BYTES)
        } else {
            self.kept.extend_to_look_up(&x, DYNAMIC_SEQUENCE_BYTES)
        };
        if !done {
            *self = Self::new(bound);
            return Err(PastMemory);
        }
        if self.kept.covers(&x) {
            return Ok(None);
        }
        let last = *self.kept.last();
        let walk = self
            .frontier
            .take()
            .filter(|walk| walk.term() <= &x && walk.term() > &last)
            .unwrap_or_else(|| self.kept.frontier());
        // The kept terms look up `x`: the walk finds every `m` among them.
        let walk = self.kept.walk(walk, &x).ok_or(PastMemory)?;
        let top = walk.top();
        self.frontier = Some(walk);
        Ok(Some(top))
    }
}

/// The terms a question needs would take more than [`DYNAMIC_SEQUENCE_BYTES`].
#[derive(Debug)]
struct PastMemory;

/// A greedy representation: each term's index in the sequence (from 1) and the term, largest
/// first.
pub type Representation = Vec<(u64, BigUint)>;

impl Dynamic {
    /// The game with move bound `bound`.
    pub fn new(bound: Bound) -> Self {
        Self {
            bound,
            terms: RwLock::new(Words::new(bound)),
        }
    }

    /// The move bound.
    pub fn bound(&self) -> Bound {
        self.bound
    }

    /// Whether the terms up to `limit` may fit [`DYNAMIC_SEQUENCE_BYTES`], by a lower bound of
    /// their bytes computed before any is: the terms `1, 2, …, f(1) + 1` (at most `limit`),
    /// then a growth of at most `min(2, 1 + 4/slope)` a term (`H_(j+1) ≤ 2 H_j` since
    /// `m(j) ≤ j`, and `H_m(j) ≤ 2 H_(m(j) − 1) < 2 (H_j − offset) / slope`), in machine words
    /// or big integers (`big`), among which a term of every bit length up to the limit's.
    fn may_fit(&self, limit: &BigUint, big: bool) -> bool {
        let (slope, offset) = (self.bound.slope as f64, self.bound.offset as f64);
        let linear = (slope + offset + 1.0).max(1.0);
        let bits = limit.bits() as f64;
        let ln_limit = bits * std::f64::consts::LN_2;
        let start = linear.max(slope);
        let growth = (1.0 + 4.0 / slope).min(2.0).ln();
        let count = linear.min(limit.to_f64().unwrap_or(f64::INFINITY))
            + (ln_limit - start.ln()).max(0.0) / growth;
        let bytes = if big {
            count * 24.0 + bits * bits / 16.0
        } else {
            count * 8.0
        };
        bytes <= DYNAMIC_SEQUENCE_BYTES as f64
    }

    /// Runs `f` on the kept sequence in machine words with what the greedy representation of
    /// `x` needs besides (the largest term at most `x` where it is beyond the kept terms);
    /// `None` where the theorem does not hold or the terms would take more than
    /// [`DYNAMIC_SEQUENCE_BYTES`].
    fn with_words<R>(&self, x: u64, f: impl FnOnce(&Kept<u64>, Option<(usize, u64)>) -> R) -> Option<R> {
        if !self.bound.has_theorem() || !self.may_fit(&BigUint::from(x), false) {
            return None;
        }
        {
            let words = self.terms.read().unwrap_or_else(PoisonError::into_inner);
            if words.kept.covers(&x) {
                return Some(f(&words.kept, None));
            }
        }
        let mut words = self.terms.write().unwrap_or_else(PoisonError::into_inner);
        let top = words.reach(self.bound, x).ok()?;
        Some(f(&words.kept, top))
    }

    /// As [`with_words`](Self::with_words) in big integers, the sequence computed for this
    /// question alone.
    fn with_big<R>(&self, x: &BigUint, f: impl FnOnce(&Kept<BigUint>, Option<(usize, BigUint)>) -> R) -> Option<R> {
        if !self.bound.has_theorem() || !self.may_fit(x, true) {
            return None;
        }
        let mut kept: Kept<BigUint> = Kept::new(self.bound);
        if !kept.extend_to_look_up(x, DYNAMIC_SEQUENCE_BYTES) {
            return None;
        }
        if kept.covers(x) {
            return Some(f(&kept, None));
        }
        let walk = kept.frontier();
        let walk = kept.walk(walk, x)?;
        Some(f(&kept, Some(walk.top())))
    }

    /// The greedy representation of `x`, largest term first, each term with its index (from
    /// 0): in machine words where `x` fits them, in big integers otherwise. `None` as for
    /// [`with_words`](Self::with_words).
    fn greedy(&self, x: &BigUint) -> Option<Vec<(usize, BigUint)>> {
        match x.to_u64() {
            Some(small) => {
                let used = self
                    .with_words(small, |kept, top| kept.greedy(&small, top))
                    .flatten()?;
                Some(
                    used.into_iter()
                        .map(|(index, term)| (index, BigUint::from(term)))
                        .collect(),
                )
            }
            None => self
                .with_big(x, |kept, top| kept.greedy(x, top))
                .flatten(),
        }
    }

    /// The first terms of the P-sequence `H`, at most `most` of them and none beyond `limit`
    /// (`None` where the theorem does not hold).
    ///
    /// # Example
    /// ```
    /// use grundy::games::dynamic::{Bound, Dynamic};
    /// let game = Dynamic::new(Bound { slope: 3, offset: 0 });
    /// let first: Vec<u64> = game.sequence(10, 1000).ok_or("a theorem")?;
    /// assert_eq!(first, [1, 2, 3, 4, 6, 8, 11, 15, 21, 29]);
    /// # Ok::<(), &str>(())
    /// ```
    pub fn sequence(&self, most: usize, limit: u64) -> Option<Vec<u64>> {
        if !self.bound.has_theorem() {
            return None;
        }
        let mut words = self.terms.write().unwrap_or_else(PoisonError::into_inner);
        let enough = |count: usize, last: &u64| count > most || last > &limit;
        if !words
            .kept
            .extend_until(enough, DYNAMIC_SEQUENCE_BYTES)
        {
            *words = Words::new(self.bound);
            return None;
        }
        Some(
            words
                .kept
                .iter()
                .take_while(|&term| term <= limit)
                .take(most)
                .collect(),
        )
    }

    /// The greedy representation of `n` in the P-sequence, largest term first (empty for 0);
    /// `None` where the theorem does not hold or the sequence up to `n` would take more than
    /// [`DYNAMIC_SEQUENCE_BYTES`].
    ///
    /// # Complexity
    /// `O(t)` for the `t` terms up to `n` the first time (about `k · ln(n / k)` for the bound
    /// `kx`), of which those above `f⁻¹(n)` (about `n/k`) are walked past and not kept; then
    /// `O(r log t)` for the `r` terms used, for heaps below `2^64` (the terms in big integers
    /// are computed for each question).
    ///
    /// # Example
    /// ```
    /// use grundy::games::dynamic::{Bound, Dynamic};
    /// let game = Dynamic::new(Bound { slope: 3, offset: 0 });
    /// let terms: Vec<u64> = game.representation(&45u32.into()).ok_or("a theorem")?
    ///     .into_iter().map(|(index, _)| index).collect();
    /// assert_eq!(terms, [11, 4, 1]); // 45 = H_11 + H_4 + H_1 = 40 + 4 + 1
    /// # Ok::<(), &str>(())
    /// ```
    pub fn representation(&self, n: &BigUint) -> Option<Representation> {
        let used = self.greedy(n)?;
        Some(
            used.into_iter()
                .map(|(index, term)| (index as u64 + 1, term))
                .collect(),
        )
    }

    /// Whether the player to move wins at a heap of `n` with the quota `quota`: `n > 0` and the
    /// smallest term of its representation is at most `quota`. `None` as for
    /// [`representation`](Self::representation).
    ///
    /// # Example
    /// ```
    /// use grundy::games::dynamic::{Bound, Dynamic};
    /// let game = Dynamic::new(Bound { slope: 3, offset: 0 });
    /// assert_eq!(game.wins(&11u32.into(), &10u32.into()), Some(false)); // a term of H
    /// assert_eq!(game.wins(&12u32.into(), &11u32.into()), Some(true)); // 12 = 11 + 1
    /// ```
    pub fn wins(&self, n: &BigUint, quota: &BigUint) -> Option<bool> {
        let representation = self.representation(n)?;
        Some(
            representation
                .last()
                .is_some_and(|(_, smallest)| smallest <= quota),
        )
    }

    /// Every amount whose taking wins at a heap of `n` with the quota `quota`, ascending. `None`
    /// as for [`representation`](Self::representation).
    ///
    /// # Complexity
    /// As [`representation`](Self::representation) of `n − 1`.
    ///
    /// # Example
    /// ```
    /// use grundy::games::dynamic::{Bound, Dynamic};
    /// let game = Dynamic::new(Bound { slope: 3, offset: 0 });
    /// let takes = game.winning_moves(&45u32.into(), &44u32.into()).ok_or("a theorem")?;
    /// // Taking 1 leaves 44 = 40 + 4 (4 > 3 · 1); taking 5 leaves 40 (40 > 3 · 5).
    /// let expected: Vec<num_bigint::BigUint> = vec![1u32.into(), 5u32.into()];
    /// assert_eq!(takes, expected);
    /// # Ok::<(), &str>(())
    /// ```
    pub fn winning_moves(&self, n: &BigUint, quota: &BigUint) -> Option<Vec<BigUint>> {
        if n.is_zero() {
            return self.bound.has_theorem().then(Vec::new);
        }
        let below = self.greedy(&(n - 1u32))?;
        Some(sequence::winning_takes(&below, self.bound, n, quota))
    }
}

impl Ruleset for Dynamic {
    /// The quota in force, at most the heap (a larger one allows no more).
    fn search_key(&self, position: &Position) -> Position {
        position.quota_key()
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Quota
    }

    fn example_position(&self) -> &'static str {
        "20/4"
    }

    /// A fresh heap of `n`.
    fn numbered_position(&self, n: &BigUint) -> Option<Position> {
        Some(Position::Quota {
            heap: n.clone(),
            quota: None,
        })
    }

    fn option_count(&self, position: &Position) -> Option<BigUint> {
        quota_option_count(position)
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        quota_options(position, |take| self.bound.at(take))
    }

    /// A heap of `n` reaches at most the `(n + 1)(n + 2) / 2` pairs of a heap and a quota at
    /// most it.
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        let (heap, _) = position.heap_and_quota()?;
        Some((heap + 1u32) * (heap + 2u32) / 2u32)
    }

    fn theorem(&self) -> Option<&dyn Theorem> {
        self.bound.has_theorem().then_some(self as &dyn Theorem)
    }

    fn no_theorem(&self) -> Option<Summary> {
        (!self.bound.has_theorem()).then_some(Summary {
            en: "The theorem of dynamic subtraction needs a bound f that is non-decreasing with f(x) ≥ x for every x ≥ 1, and this game's bound is not",
            zh: "动态减法定理要求界 f 单调不减且对每个 x ≥ 1 都有 f(x) ≥ x，而本游戏的界不满足",
        })
    }

    fn verify_reach(&self) -> u64 {
        40
    }
}

impl Theorem for Dynamic {
    /// A heap (and its quota) decided by the smallest term of its representation.
    fn list_rule(&self) -> Option<ListRule> {
        Some(ListRule::Greedy {
            slope: self.bound.slope,
            offset: self.bound.offset,
        })
    }

    fn name(&self) -> Summary {
        Summary {
            en: "The theorem of dynamic subtraction (Schwenk; Holshouser, Reiter and Rudzinski)",
            zh: "动态减法定理（Schwenk；Holshouser、Reiter、Rudzinski）",
        }
    }

    fn statement(&self) -> Summary {
        Summary {
            en: "For a bound f that is non-decreasing with f(x) ≥ x, let H_1 = 1 and H_(j+1) = H_j + H_m, with m the least index such that f(H_m) ≥ H_j. Every heap is one sum of terms of H taken greedily, largest first, and two terms H_a < H_b side by side have f(H_a) < H_b. The player to move wins exactly when the smallest term is at most the quota: taking it leaves a smallest term above f of it, which the opponent may not take; and any move t smaller than the smallest term leaves a heap whose smallest term is at most f(t). The theorem tells who wins, not the Grundy value.",
            zh: "设界 f 单调不减且 f(x) ≥ x。令 H_1 = 1，H_(j+1) = H_j + H_m，其中 m 是满足 f(H_m) ≥ H_j 的最小下标。每个堆大小都能唯一地贪心（从大到小）写成 H 中若干项之和，相邻两项 H_a < H_b 满足 f(H_a) < H_b。当且仅当最小项不超过本步上限时，轮到走的一方必胜：取走最小项后，剩下的最小项大于 f(所取)，对手取不到；而取 t 少于最小项时，剩下的堆的最小项至多为 f(t)。该定理给出胜负，不给出 Grundy 值。",
        }
    }

    /// The terms of the heap's representation, each by its index in `H` with its size.
    fn read(&self, position: &Position) -> Option<Reading> {
        let (heap, quota) = position.heap_and_quota()?;
        let representation = self.representation(heap)?;
        let wins = representation
            .last()
            .is_some_and(|(_, smallest)| smallest <= &quota);
        let parts = representation
            .into_iter()
            .map(|(index, term)| Part {
                label: PartLabel::Term { index },
                value: term,
            })
            .collect();
        Some(Reading {
            parts,
            worth: Worth::Outcome { wins },
        })
    }

    /// A heap whose P-sequence would pass [`DYNAMIC_SEQUENCE_BYTES`] (the only heaps
    /// [`read`](Theorem::read) does not read).
    fn unread_reason(&self, position: &Position) -> Option<String> {
        let (heap, _) = position.heap_and_quota()?;
        self.bound.has_theorem().then(|| {
            format!(
                "the P-sequence of f(x) = {} up to a heap of {} bits would take more than {} MiB (the terms up to n number about k·ln(n/k) for kx), beyond what grundy keeps; smaller heaps, or a smaller slope, are answered",
                self.bound,
                heap.bits(),
                DYNAMIC_SEQUENCE_BYTES >> 20
            )
        })
    }

    /// For target 0 (losing positions), every winning move; no move reaches a Grundy value the
    /// theorem does not give.
    fn moves_to(&self, position: &Position, target: &BigUint, _: u64) -> Option<Vec<Action>> {
        if !target.is_zero() {
            return Some(Vec::new());
        }
        let (heap, quota) = position.heap_and_quota()?;
        let takes = self.winning_moves(heap, &quota)?;
        Some(
            takes
                .into_iter()
                .map(|amount| Action::TakeUnderQuota { amount })
                .collect(),
        )
    }

    fn after(&self, position: &Position, action: &Action, _: u64) -> Option<Position> {
        let (heap, quota) = position.heap_and_quota()?;
        let Action::TakeUnderQuota { amount } = action else {
            return None;
        };
        (!amount.is_zero() && amount <= heap && amount <= &quota).then(|| Position::Quota {
            heap: heap - amount,
            quota: Some(self.bound.at(amount)),
        })
    }

    fn sequence(&self, most: usize, limit: &BigUint) -> Vec<BigUint> {
        let limit = limit.to_u64().unwrap_or(u64::MAX);
        Dynamic::sequence(self, most, limit)
            .unwrap_or_default()
            .into_iter()
            .map(BigUint::from)
            .collect()
    }

    fn next_quota(&self, take: &BigUint) -> Option<BigUint> {
        Some(self.bound.at(take))
    }

    /// Every heap below `reach` (at most 40), fresh and with every quota from 1 to one past it.
    fn small_positions(&self, reach: u64) -> Vec<Position> {
        let reach = reach.min(40);
        let mut positions = Vec::new();
        for heap in 0..reach {
            positions.push(Position::Quota {
                heap: heap.into(),
                quota: None,
            });
            for quota in 1..=heap + 1 {
                positions.push(Position::Quota {
                    heap: heap.into(),
                    quota: Some(quota.into()),
                });
            }
        }
        positions
    }
}
