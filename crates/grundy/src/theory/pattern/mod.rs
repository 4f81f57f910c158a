//! Rules of tables: the forms a contest solver looks for when "printing the table and finding
//! the pattern" (打表找规律), the search that fits them to a table, and their evaluation at any
//! position. It knows no game: a table is a sequence of whole numbers `a(0), a(1), …`, a set of
//! whole numbers (a row of booleans), or the same over pairs `(a, b)`.
//!
//! A rule is *found* on a table when it agrees with every entry; it is *supported* only when the
//! entries it predicts outnumber those its parameters were read from by a margin
//! ([`supported`]): a rule that merely copies the table is not found. Nothing here proves a rule:
//! which rules a theorem proves is the caller's business.
//!
//! `sets.rs` searches sets of numbers ([`NumberSet`]), `sequences.rs` sequences ([`Sequence`]),
//! `grids.rs` sets of pairs ([`PairSet`]) and tables of pairs ([`GridValues`]); `forms.rs`
//! evaluates them.

mod forms;
mod grids;
mod sequences;
mod sets;

pub use forms::{beatty_lower, popcount_parity};
pub use grids::{grid_value_rules, pair_set_rules, shells};
pub use sequences::sequence_rules;
pub use sets::set_rules;

use crate::theory::period::Periodicity;

/// At least this many entries of a table must be predicted — not read into the rule's
/// parameters — for a rule to be found.
pub const MIN_PREDICTED: u64 = 24;

/// Whether a rule read from `fitted` entries of a table of `entries` is supported: the entries it
/// predicts are at least twice those it was fitted on, and at least [`MIN_PREDICTED`].
///
/// # Example
/// ```
/// use grundy::theory::pattern::supported;
/// assert!(supported(10, 100));
/// assert!(!supported(40, 100)); // predicts 60 < 80
/// ```
pub fn supported(fitted: u64, entries: u64) -> bool {
    entries.checked_sub(fitted).is_some_and(|predicted| {
        predicted >= MIN_PREDICTED && predicted >= fitted.saturating_mul(2)
    })
}

/// Which exponents of a power (or of a 2-adic valuation) a set takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// Every exponent.
    Any,
    /// Even exponents (`0, 2, 4, …`).
    Even,
    /// Odd exponents.
    Odd,
}

impl Parity {
    /// Whether `exponent` is one of these.
    pub fn admits(self, exponent: u64) -> bool {
        match self {
            Self::Any => true,
            Self::Even => exponent.is_multiple_of(2),
            Self::Odd => exponent % 2 == 1,
        }
    }
}

/// A set of whole numbers `n ≥ 0`: the positions where the player to move loses (or ties), as
/// a rule states it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NumberSet {
    /// These numbers and no others (at most a few).
    Finite(Vec<u64>),
    /// Ultimately periodic: `n < preperiod + period` is a member iff it is listed; beyond, `n`
    /// is a member iff `preperiod + (n - preperiod) mod period` is.
    Periodic {
        /// Where the periodic part starts.
        preperiod: u64,
        /// The period, at least 1.
        period: u64,
        /// The members below `preperiod + period`, in increasing order.
        members: Vec<u64>,
    },
    /// Numbers with an odd number of 1 bits (`1, 2, 4, 7, 8, 11, …`).
    Odious,
    /// Numbers with an even number of 1 bits (`0, 3, 5, 6, 9, …`).
    Evil,
    /// `base^j` for the exponents `j ≥ 0` of the parity.
    Powers {
        /// The base, at least 2.
        base: u64,
        /// Which exponents.
        exponents: Parity,
    },
    /// `n ≥ 1` whose 2-adic valuation (the exponent of the largest power of two dividing `n`)
    /// has the parity.
    Valuation(Parity),
    /// The Fibonacci numbers `1, 2, 3, 5, 8, …`.
    Fibonacci,
    /// The squares `0, 1, 4, 9, …`.
    Squares,
    /// The triangular numbers `0, 1, 3, 6, 10, …`.
    Triangular,
    /// One side of the complementary Beatty sequences of generalised Wythoff pairs: with
    /// `α = (2 - d + √(d² + 4)) / 2` (so that `1/α + 1/(α + d) = 1`; `d = 1` gives the golden
    /// ratio), the numbers `⌊kα⌋` (lower) or `⌊kα⌋ + dk` (upper) for `k ≥ 1`.
    Beatty {
        /// `d ≥ 1`.
        difference: u64,
        /// The upper sequence, `⌊kα⌋ + dk`, rather than the lower.
        upper: bool,
    },
    /// Geometric bands: `low · base^k < n ≤ high · base^k` for some `k ≥ 0`
    /// (`1 ≤ low < high < low · base`).
    Bands {
        /// The ratio from one band to the next, at least 2.
        base: u64,
        /// The band `k = 0` is `low < n ≤ high`.
        low: u64,
        /// See `low`.
        high: u64,
    },
    /// Either set.
    Union(Box<NumberSet>, Box<NumberSet>),
    /// A set with a few small numbers added and removed.
    Except {
        /// The set.
        set: Box<NumberSet>,
        /// Numbers added (not in `set`).
        added: Vec<u64>,
        /// Numbers removed (in `set`).
        removed: Vec<u64>,
    },
}

/// Closed forms of a number sequence that a table's values are tested against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryForm {
    /// The number of 1 bits.
    PopCount,
    /// The 2-adic valuation: the exponent of the largest power of two dividing the argument
    /// (defined for arguments `≥ 1`).
    Valuation,
    /// The largest power of two dividing the argument (the ruler function; arguments `≥ 1`).
    Ruler,
    /// The argument-th odious number (counting from 0): `2m + 1` if `m` is evil, else `2m`.
    Odious,
    /// The argument-th evil number (counting from 0): `2m` if `m` is evil, else `2m + 1`.
    Evil,
}

/// A sequence `G(n)` of whole numbers as a rule states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sequence {
    /// `⌊(slope · n + offset) / divisor⌋` (nonnegative for every `n ≥ 0`).
    Linear {
        /// The coefficient of `n`.
        slope: u64,
        /// Added before dividing (`0 ≤ offset`).
        offset: u64,
        /// At least 1.
        divisor: u64,
    },
    /// `(n + shift) mod modulus + add`.
    Remainder {
        /// At least 2.
        modulus: u64,
        /// Below `modulus`.
        shift: u64,
        /// Added to the remainder.
        add: u64,
    },
    /// Ultimately periodic, or arithmetic-periodic with a saltus: the first `preperiod + period`
    /// values, then `G(n + period) = G(n) + saltus`.
    Periodic(Periodicity),
    /// A binary form of `n + shift`.
    Binary {
        /// Which form.
        form: BinaryForm,
        /// Added to `n` first (`-1`, `0` or `1`: tables number from 0 or from 1).
        shift: i64,
    },
    /// A rule with its values at a few small `n` replaced.
    Except {
        /// The rule.
        rule: Box<Sequence>,
        /// `(n, G(n))` where the rule does not hold, in increasing `n`.
        values: Vec<(u64, u64)>,
    },
    /// `0` on the set, `1` elsewhere.
    Indicator(NumberSet),
}

/// A set of pairs `(a, b)` of whole numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairSet {
    /// `(a mod rows, b mod columns)` is one of `members`.
    Lattice {
        /// The period in `a`, at least 1.
        rows: u64,
        /// The period in `b`, at least 1.
        columns: u64,
        /// The residue pairs, in increasing order.
        members: Vec<(u64, u64)>,
    },
    /// `a = b`.
    Diagonal,
    /// Generalised Wythoff pairs: `{a, b} = {⌊kα⌋, ⌊kα⌋ + dk}` for some `k ≥ 0`, `α` as in
    /// [`NumberSet::Beatty`].
    Beatty {
        /// `d ≥ 1`.
        difference: u64,
    },
}

/// A table of values `G(a, b)` as a rule states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridValues {
    /// `a xor b`.
    Xor,
    /// `a + b`.
    Sum,
    /// `min(a, b)`.
    Min,
    /// `f(a) xor g(b)`: the game is a sum of two games of one number, whose values are the
    /// table's first column and first row.
    Separable {
        /// `f(a) = G(a, 0)`.
        rows: Sequence,
        /// `g(b) = G(0, b)`.
        columns: Sequence,
    },
    /// `0` on the set of pairs, `1` elsewhere.
    Indicator(PairSet),
    /// Row by row: each row `a` of the table (`a` below the number of rows) is (arithmetically)
    /// periodic in `b`, with its own preperiod, period and saltus; rows beyond are not claimed.
    Rows(Vec<Periodicity>),
}

/// A rule that agrees with every entry of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fit<R> {
    /// The rule.
    pub rule: R,
    /// How many entries its parameters were read from (0 for a closed form).
    pub fitted: u64,
}

/// A rule simpler than those found that agrees with a table up to an entry, and not there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miss<R> {
    /// The rule.
    pub rule: R,
    /// The first entry where it disagrees: `n`, or `(a, b)` as `[a, b]`.
    pub at: Vec<u64>,
}

/// What a search found on one table: every rule that fits, simplest first, and the near misses
/// among simpler candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules<R> {
    /// The rules that agree with every entry and are supported, simplest first.
    pub found: Vec<Fit<R>>,
    /// Candidates that agreed with a long prefix of the table (at least a quarter of it, and
    /// [`MIN_PREDICTED`] entries) and then disagreed, each with its first disagreement.
    pub missed: Vec<Miss<R>>,
}

impl<R> Default for Rules<R> {
    fn default() -> Self {
        Self {
            found: Vec::new(),
            missed: Vec::new(),
        }
    }
}

impl<R> Rules<R> {
    /// The rules found sorted simplest first by `cost`, one kept of each group that `same` says
    /// are one rule, and the near misses simpler than the simplest rule found (or, when none
    /// was found, the three that held longest), latest failure first.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::pattern::{Fit, Rules};
    /// let rules = Rules {
    ///     found: vec![Fit { rule: 30u64, fitted: 0 }, Fit { rule: 10, fitted: 0 }, Fit { rule: 11, fitted: 0 }],
    ///     missed: vec![],
    /// };
    /// // Rules that agree on their tens are one rule.
    /// let kept = rules.simplest_first(|&r| r, |a, b| a / 10 == b / 10);
    /// assert_eq!(kept.found.iter().map(|fit| fit.rule).collect::<Vec<_>>(), [10, 30]);
    /// ```
    #[must_use]
    pub fn simplest_first(
        mut self,
        cost: impl Fn(&R) -> u64,
        same: impl Fn(&R, &R) -> bool,
    ) -> Self {
        self.found.sort_by_key(|fit| cost(&fit.rule));
        let mut kept: Vec<Fit<R>> = Vec::new();
        for fit in self.found {
            if !kept.iter().any(|k| same(&k.rule, &fit.rule)) {
                kept.push(fit);
            }
        }
        let simplest = kept.first().map(|fit| cost(&fit.rule));
        self.missed
            .retain(|miss| simplest.is_none_or(|least| cost(&miss.rule) < least));
        self.missed.sort_by(|a, b| {
            b.at.iter()
                .max()
                .cmp(&a.at.iter().max())
                .then(cost(&a.rule).cmp(&cost(&b.rule)))
        });
        self.missed.truncate(3);
        Self {
            found: kept,
            missed: self.missed,
        }
    }

    /// Keeps a candidate that disagrees first at entry `index` of `entries` (`None`: agrees
    /// everywhere, found with `fitted` entries read) — found if supported, a near miss if its
    /// agreement was long.
    fn consider(
        &mut self,
        rule: R,
        fitted: u64,
        first_difference: Option<u64>,
        entries: u64,
        at: impl FnOnce(u64) -> Vec<u64>,
    ) {
        match first_difference {
            None if supported(fitted, entries) => self.found.push(Fit { rule, fitted }),
            Some(index)
                if index >= MIN_PREDICTED + fitted && index.saturating_mul(4) >= entries =>
            {
                self.missed.push(Miss {
                    rule,
                    at: at(index),
                });
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
