//! Periodicity of integer sequences, and certificates that prove it from a theorem.
//!
//! This module knows nothing about games. It takes a sequence of values and the parameters of a
//! theorem about how the sequence was generated, and returns either a [`Certificate`] (data that
//! [`Certificate::verify`] re-checks against the values) or an honest "not found". The caller is
//! responsible for the theorem's hypothesis about the sequence (for example, that each term is a
//! function of the `t` terms before it); everything else is checked here.
//!
//! Conventions: a sequence is *ultimately periodic* with preperiod `n0`, period `p` and saltus `s`
//! when `a(n + p) = a(n) + s` for every `n >= n0`, with `p` the least such period and `n0` the
//! least preperiod for it. `s = 0` is ordinary periodicity.

//!
//! This module holds the typed answers (`Theorem`, `Periodicity`, `Certificate`, `Observation`,
//! `Search`) and the checker `Certificate::verify`; `search` the searches that find periods and
//! build certificates (the window search, Guy–Smith, all-but, the take-and-break families, the
//! unproved observation).

mod search;

pub use search::{
    GuySmithSearch, certify_all_but, certify_guy_smith, certify_take_and_break, observe,
    search_guy_smith, search_window,
};

pub(crate) use search::least_period;
use std::collections::BTreeSet;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::ToPrimitive;

use crate::theory::compact::{CompactValues, Element, View, on_view};
use crate::theory::families::{self, Digits, FamilyFailure};

/// A theorem that turns finitely many checked values into a proof of periodicity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theorem {
    /// **Window criterion** (docs/theory.md §4). Hypothesis: for `n >= t` every term is one fixed
    /// function of the `t` terms before it (finite subtraction sets with `t = max S`). Then
    /// `a(n + p) = a(n)` for `n0 <= n < n0 + t` implies it for all `n >= n0`, by induction on `n`.
    /// Needs `n0 + p + t` values.
    Window {
        /// `t`, how many earlier terms determine the next one.
        window: u64,
    },
    /// **All-but criterion** (proved in `docs/all-but-criterion.md`). Hypothesis: `a` is the
    /// Grundy sequence of the subtraction game whose set is every positive amount except a finite
    /// set `X` with `max X = x`. Then `a(n + p) = a(n) + s` for every `n >= n0` follows from these
    /// checks on the first `N` values, where `A(m)` is the set of values among `a(0..m)`:
    /// 1. `N >= n0 + p + 2x` and `a(n + p) = a(n) + s` for `n0 <= n < N - p`;
    /// 2. every value below `s` is in `A(n0 + p)`;
    /// 3. every `u` in `A(n0)` has `u + s` in `A(n0 + p)` or occurs in `a(n0..N - p)`;
    /// 4. `mex A(N - p) + s > max A(n0 + p)`.
    AllBut {
        /// `x = max X`, the largest excluded amount.
        largest_excluded: u64,
    },
    /// **Guy–Smith periodicity theorem** (Guy & Smith 1956; docs/theory.md §8). Hypothesis: `a` is
    /// the Grundy sequence of a finite octal code with last non-zero digit `d_t` whose moves leave
    /// at most `k` heaps, without `!`/`?`. Then `a(n + p) = a(n)` for `n0 <= n < N - p`, with
    /// `n0 >= 1` and `N >= k (n0 + p) + t`, implies it for all `n >= n0`.
    GuySmith {
        /// `t`, the index of the last non-zero digit.
        last_digit: u64,
        /// `k`, the most heaps a move leaves.
        heaps: u64,
    },
    /// **Residue theorem** (docs/theory.md §5). Hypothesis: `a` is the Grundy sequence of a
    /// subtraction game whose set contains `1, …, m - 1` and no multiple of `m`. Every move changes
    /// `n mod m` and every smaller residue is one move away, so `a(n) = n mod m` by induction.
    /// Needs `m` values.
    Residue {
        /// `m`.
        modulus: u64,
    },
    /// **Family criterion for take-and-break codes** (proved in
    /// `docs/arithmetic-periodicity.md`). Hypothesis: `a` is the Grundy sequence of the
    /// take-and-break code whose [`Digits`] the certificate carries (digits `d_0 … d_{c-1}`, then
    /// a tail of period `q`; at most `K` heaps left; no `!`/`?`). With `P = lcm(p, q)` and
    /// `S = s·P/p` (0 or a power of two when the code splits), `a(n + p) = a(n) + s` for
    /// `n0 <= n < N - p` and `N >= c + K·B + P` for the bound `B >= max(n0, 1)` on small parts,
    /// the families of options of every heap `N' ≡ N, …, N + P - 1 (mod P)` reach none of the
    /// predicted value (condition E) and every smaller value (condition C). Then the relation
    /// holds for all `n >= n0`.
    TakeAndBreakFamilies {
        /// `B`: parts below it are small (sized exactly), the others large (by residue).
        small_below: u64,
    },
}

impl Theorem {
    /// A short name for reports.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Window { .. } => "window criterion",
            Self::AllBut { .. } => "all-but criterion",
            Self::Residue { .. } => "residue theorem",
            Self::GuySmith { .. } => "Guy–Smith theorem",
            Self::TakeAndBreakFamilies { .. } => "take-and-break family criterion",
        }
    }
}

/// An ultimately (arithmetic-)periodic sequence, described by its first `n0 + p` terms.
///
/// Built only by this module's searches and checkers, so that `p >= 1` and the stored values are
/// exactly `n0 + p` terms of the sequence they were found in; read it through its accessors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// `n0`: the periodic part starts here.
    preperiod: u64,
    /// `p >= 1`.
    period: u64,
    /// `s`: every period adds `s` to the values (`0` for ordinary periodicity).
    saltus: u64,
    /// `a(0), …, a(n0 + p - 1)`: the preperiod followed by one period.
    values: CompactValues,
}

impl Periodicity {
    /// `n0`: the periodic part starts here.
    pub fn preperiod(&self) -> u64 {
        self.preperiod
    }

    /// `p >= 1`: the period.
    pub fn period(&self) -> u64 {
        self.period
    }

    /// `s`: every period adds `s` to the values (`0` for ordinary periodicity).
    pub fn saltus(&self) -> u64 {
        self.saltus
    }

    /// `a(0), …, a(n0 + p - 1)`: the preperiod followed by one period.
    pub fn values(&self) -> &CompactValues {
        &self.values
    }

    /// Hands over the stored values `a(0), …, a(n0 + p - 1)`.
    pub fn into_values(self) -> CompactValues {
        self.values
    }

    /// The same preperiod and period over the values `f(a(0)), …, f(a(n0 + p - 1))`: the shape of
    /// `f(a(n))` for an ordinary periodicity (`s = 0`) — say the Grundy values of state vectors
    /// stored by id. The period and preperiod still hold for `f(a(n))` but need not be least
    /// for it. `None` when `s > 0`, where `f` does not carry the saltus over.
    ///
    /// # Complexity
    /// `O(n0 + p)` calls of `f`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::period::search_window;
    /// let values = [0u32, 1, 2].repeat(4);
    /// let (search, _) = search_window(values.into_iter(), 2, 12);
    /// let periodicity = search.certificate().ok_or("not certified")?.periodicity();
    /// let doubled = periodicity.map_values(|v| 2 * v).ok_or("a saltus")?;
    /// assert_eq!((doubled.preperiod(), doubled.period()), (0, 3));
    /// assert_eq!(doubled.values(), &[0, 2, 4]);
    /// # Ok(()) }
    /// ```
    pub fn map_values(&self, f: impl FnMut(u32) -> u32) -> Option<Self> {
        (self.saltus == 0).then(|| Self {
            values: self.values.iter().map(f).collect(),
            ..self.clone()
        })
    }

    /// Splits `n` into the index of the matching stored term and the number of whole periods past
    /// it: `a(n) = values[index] + s * periods`.
    ///
    /// # Complexity
    /// `O(d)` for a `d`-digit `n`.
    pub fn locate(&self, n: &BigUint) -> (usize, BigUint) {
        let stored = self.preperiod + self.period;
        if let Some(small) = n.to_u64().filter(|&small| small < stored) {
            return (small as usize, BigUint::ZERO);
        }
        let (periods, offset) = (n - self.preperiod).div_rem(&BigUint::from(self.period));
        let offset = offset.to_u64().expect("the remainder is below the period");
        ((self.preperiod + offset) as usize, periods)
    }

    /// [`locate`](Self::locate) for a machine-word `n`.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn locate_u64(&self, n: u64) -> (usize, u64) {
        if n < self.preperiod + self.period {
            return (n as usize, 0);
        }
        let offset = n - self.preperiod;
        (
            (self.preperiod + offset % self.period) as usize,
            offset / self.period,
        )
    }

    /// The term `a(n)` for any `n`.
    ///
    /// # Complexity
    /// `O(d)` for a `d`-digit `n`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::period::search_window;
    /// use num_bigint::BigUint;
    /// // The subtraction game {1, 3, 4}: 0 1 0 1 2 3 2, repeated.
    /// let values = [0, 1, 0, 1, 2, 3, 2].repeat(3);
    /// let (search, _) = search_window(values.into_iter(), 4, 21);
    /// let periodicity = search.certificate().ok_or("none")?.periodicity();
    /// let n: BigUint = "1000000000000000000".parse()?;
    /// assert_eq!(periodicity.value_at(&n), BigUint::from(1u32)); // 10^18 = 1 (mod 7)
    /// # Ok(()) }
    /// ```
    pub fn value_at(&self, n: &BigUint) -> BigUint {
        let (index, periods) = self.locate(n);
        BigUint::from(self.values.get(index)) + periods * self.saltus
    }

    /// The indices `n` with `a(n) = 0` in one preperiod plus one period. With `s > 0` these are all
    /// the zeros of the sequence; with `s = 0` the zeros from `n0` on repeat every `p`.
    pub fn zeros(&self) -> impl Iterator<Item = u64> + '_ {
        self.values
            .iter()
            .zip(0u64..)
            .filter(|&(v, _)| v == 0)
            .map(|(_, n)| n)
    }
}

/// A proof that a sequence is ultimately periodic: the periodicity, the theorem that proves it,
/// and how many values the theorem needs checked.
///
/// Built only by this module's checkers and searches, read through its accessors: every
/// certificate has had its values checked against the theorem's conditions on the values. That
/// the theorem's hypothesis holds for a game (the window, the last digit, the residue modulus) is
/// the caller's claim — the analysis derives the theorem from the game itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// What is proved.
    periodicity: Periodicity,
    /// The theorem the checks instantiate.
    theorem: Theorem,
    /// `N`: the checks concern `a(0), …, a(N - 1)`.
    checked_to: u64,
    /// The code whose values the family criterion reads ([`Theorem::TakeAndBreakFamilies`]);
    /// `None` for the other theorems.
    digits: Option<Box<Digits>>,
}

/// A period seen in the computed values that no theorem proves.
///
/// Built only by [`observe`]; read it through its accessors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// What was seen.
    periodicity: Periodicity,
    /// The relation holds on `a(n0), …, a(checked_to - 1)`, and nothing is claimed beyond.
    checked_to: u64,
}

impl Observation {
    /// What was seen.
    pub fn periodicity(&self) -> &Periodicity {
        &self.periodicity
    }

    /// The relation holds on `a(n0), …, a(checked_to - 1)`, and nothing is claimed beyond.
    pub fn checked_to(&self) -> u64 {
        self.checked_to
    }
}

/// The outcome of a period search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Search {
    /// Proved.
    Certified(Certificate),
    /// Seen but not proved.
    Observed(Observation),
    /// No period up to `checked_to` values.
    NotFound {
        /// How many values were examined.
        checked_to: u64,
    },
}

impl Search {
    /// The certificate, if the search proved a period.
    pub fn certificate(&self) -> Option<&Certificate> {
        match self {
            Self::Certified(certificate) => Some(certificate),
            _ => None,
        }
    }
}

/// Why [`Certificate::verify`] rejected a certificate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// The period is 0.
    #[error("the period must be at least 1")]
    ZeroPeriod,
    /// Fewer values were supplied than the certificate covers.
    #[error("the certificate covers {needed} values but only {given} were supplied")]
    TooFewValues {
        /// `checked_to`.
        needed: u64,
        /// Values supplied.
        given: u64,
    },
    /// The stored preperiod and period differ from the sequence.
    #[error("the stored values differ from the sequence at index {0}")]
    StoredValues(u64),
    /// `checked_to` is below what the theorem needs.
    #[error("the theorem needs {needed} checked values, the certificate has {checked_to}")]
    ShortRange {
        /// What the theorem needs.
        needed: u64,
        /// What the certificate claims.
        checked_to: u64,
    },
    /// The periodic relation fails inside the checked range.
    #[error("a(n + p) = a(n) + s fails at n = {0}")]
    Relation(u64),
    /// The window criterion proves ordinary periodicity only.
    #[error("the window criterion cannot prove a saltus")]
    Saltus,
    /// The Guy–Smith theorem needs `n0 >= 1`.
    #[error("the Guy–Smith theorem needs a preperiod of at least 1")]
    ZeroPreperiod,
    /// A residue certificate must state `a(n) = n mod m`.
    #[error("the residue theorem proves exactly a(n) = n mod m")]
    Residue,
    /// One of the all-but criterion's conditions fails.
    #[error("all-but criterion condition {0} fails")]
    AllButCondition(u8),
    /// The family criterion carries no code, or a certificate of another theorem carries one.
    #[error("the family criterion needs the code's digits, and only it carries them")]
    Digits,
    /// One of the family criterion's conditions fails.
    #[error("family criterion: {0}")]
    Families(FamilyFailure),
}

impl Certificate {
    /// What is proved.
    pub fn periodicity(&self) -> &Periodicity {
        &self.periodicity
    }

    /// The theorem the checks instantiate.
    pub fn theorem(&self) -> Theorem {
        self.theorem
    }

    /// `N`: the checks concern `a(0), …, a(N - 1)`.
    pub fn checked_to(&self) -> u64 {
        self.checked_to
    }

    /// The code's digits the family criterion read (`None` for the other theorems).
    pub fn digits(&self) -> Option<&Digits> {
        self.digits.as_deref()
    }

    /// Hands over the periodicity proved.
    pub fn into_periodicity(self) -> Periodicity {
        self.periodicity
    }

    /// Re-checks the certificate against the sequence `values` (at least `checked_to` terms),
    /// independently of how it was found.
    ///
    /// # Complexity
    /// `O(N log N)` for `N = checked_to`.
    ///
    /// # Errors
    /// A [`CertificateError`] naming the first check that fails.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::period::{Certificate, Theorem};
    /// let values: [u32; 12] = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2];
    /// let theorem = Theorem::Window { window: 4 };
    /// let certificate = Certificate::from_values(0, 7, theorem, 11, values[..].into())?;
    /// assert!(certificate.verify(&values).is_ok());
    /// let mut wrong = values;
    /// wrong[9] = 3;
    /// assert!(certificate.verify(&wrong).is_err());
    /// # Ok(()) }
    /// ```
    pub fn verify<'a>(&self, values: impl Into<View<'a>>) -> Result<(), CertificateError> {
        on_view!(values.into(), values => self.verify_values(values))
    }

    fn verify_values<T: Element>(&self, values: &[T]) -> Result<(), CertificateError> {
        let Periodicity {
            preperiod: n0,
            period: p,
            values: stored,
            ..
        } = &self.periodicity;
        self.check_theorem(values)?;
        if let Some(i) = stored
            .iter()
            .zip(values)
            .position(|(stored, &value)| stored != value.into())
        {
            return Err(CertificateError::StoredValues(i as u64));
        }
        if stored.len() as u64 != n0 + p {
            return Err(CertificateError::StoredValues(n0 + p));
        }
        if let Theorem::Residue { modulus } = self.theorem {
            let expected = Periodicity {
                preperiod: 0,
                period: modulus,
                saltus: 0,
                values: (0..modulus as u32).collect(),
            };
            if self.periodicity != expected {
                return Err(CertificateError::Residue);
            }
        }
        Ok(())
    }

    /// The certificate for a periodicity found in `values`, whose stored values are then the first
    /// `n0 + p` of `values` — kept, not copied. Checked as [`verify`](Self::verify) checks (the
    /// stored values agree by construction).
    ///
    /// # Errors
    /// A [`CertificateError`] naming the first check that fails.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::compact::CompactValues;
    /// use grundy::period::{Certificate, Theorem};
    /// let values: CompactValues = (0..40).map(|n| if n == 0 { 0 } else { [1, 2, 3][n % 3] }).collect();
    /// let theorem = Theorem::GuySmith { last_digit: 2, heaps: 2 };
    /// let certificate = Certificate::from_values(1, 3, theorem, 10, values.clone())?;
    /// assert_eq!(certificate.periodicity().values(), &[0, 2, 3, 1]);
    /// assert!(certificate.verify(&values).is_ok());
    /// # Ok(()) }
    /// ```
    pub fn from_values(
        preperiod: u64,
        period: u64,
        theorem: Theorem,
        checked_to: u64,
        mut values: CompactValues,
    ) -> Result<Self, CertificateError> {
        let mut certificate = Certificate {
            periodicity: Periodicity {
                preperiod,
                period,
                saltus: 0,
                values: CompactValues::new(),
            },
            theorem,
            checked_to,
            digits: None,
        };
        if matches!(theorem, Theorem::Residue { .. } | Theorem::AllBut { .. }) {
            // Their checks read the stored values; they are found in small sequences anyway.
            certificate.periodicity.values = values.prefix((preperiod + period) as usize);
            certificate.verify(&values)?;
            return Ok(certificate);
        }
        on_view!(values.view(), values => certificate.check_theorem(values))?;
        values.truncate((preperiod + period) as usize);
        values.shrink_to_fit();
        certificate.periodicity.values = values;
        Ok(certificate)
    }

    /// That the theorem's conditions on `n0` and on the number of checked values hold.
    fn check_range(&self) -> Result<(), CertificateError> {
        let (n0, p, big_n) = (
            self.periodicity.preperiod,
            self.periodicity.period,
            self.checked_to,
        );
        let needed = match self.theorem {
            Theorem::Window { window } => n0 + p + window,
            Theorem::AllBut { largest_excluded } => n0 + p + 2 * largest_excluded,
            Theorem::Residue { modulus } => modulus,
            Theorem::GuySmith { last_digit, heaps } => {
                if n0 == 0 {
                    // With n0 = 0 the split (p, p) of 2p would map to a heap of size 0.
                    return Err(CertificateError::ZeroPreperiod);
                }
                heaps * (n0 + p) + last_digit
            }
            // The family check itself names what it needs.
            Theorem::TakeAndBreakFamilies { .. } => n0 + p,
        };
        if big_n < needed {
            return Err(CertificateError::ShortRange {
                needed,
                checked_to: big_n,
            });
        }
        Ok(())
    }

    /// The certificate for a periodicity (`s = 0`) whose relation `a(n + p) = a(n)` a caller
    /// checked on every term up to `checked_to` as the terms were computed, keeping only the first
    /// `n0 + p` (`values`, which become the stored values). Checks the rest as
    /// [`verify`](Self::verify) does. For the window criterion and the Guy–Smith theorem, whose
    /// other conditions do not read the terms.
    ///
    /// # Errors
    /// A [`CertificateError`] naming the first check that fails; [`CertificateError::TooFewValues`]
    /// for the other theorems.
    ///
    /// Crate-private: nothing outside can vouch for the unchecked terms, so a `Certificate` seen
    /// outside was always checked here.
    pub(crate) fn from_checked_prefix(
        preperiod: u64,
        period: u64,
        theorem: Theorem,
        checked_to: u64,
        values: CompactValues,
    ) -> Result<Self, CertificateError> {
        if !matches!(theorem, Theorem::Window { .. } | Theorem::GuySmith { .. }) {
            return Err(CertificateError::TooFewValues {
                needed: checked_to,
                given: values.len() as u64,
            });
        }
        if period == 0 {
            return Err(CertificateError::ZeroPeriod);
        }
        if values.len() as u64 != preperiod + period {
            return Err(CertificateError::StoredValues(values.len() as u64));
        }
        let certificate = Certificate {
            periodicity: Periodicity {
                preperiod,
                period,
                saltus: 0,
                values,
            },
            theorem,
            checked_to,
            digits: None,
        };
        certificate.check_range()?;
        Ok(certificate)
    }

    /// Every check of [`verify`](Self::verify) but those of the stored values.
    fn check_theorem<T: Element>(&self, values: &[T]) -> Result<(), CertificateError> {
        let Periodicity {
            preperiod: n0,
            period: p,
            saltus: s,
            ..
        } = &self.periodicity;
        let (n0, p, s, big_n) = (*n0, *p, *s, self.checked_to);
        if p == 0 {
            return Err(CertificateError::ZeroPeriod);
        }
        if (values.len() as u64) < big_n || big_n < n0 + p {
            return Err(CertificateError::TooFewValues {
                needed: big_n.max(n0 + p),
                given: values.len() as u64,
            });
        }
        self.check_range()?;
        let relation = values[n0 as usize..big_n as usize]
            .iter()
            .zip(&values[(n0 + p) as usize..big_n as usize])
            .position(|(&before, &after)| u64::from(after.into()) != u64::from(before.into()) + s);
        if let Some(i) = relation {
            return Err(CertificateError::Relation(n0 + i as u64));
        }
        match self.theorem {
            Theorem::Window { .. } | Theorem::GuySmith { .. } => {
                if s != 0 {
                    return Err(CertificateError::Saltus);
                }
            }
            Theorem::Residue { .. } => {}
            Theorem::TakeAndBreakFamilies { small_below } => {
                let digits = self.digits.as_deref().ok_or(CertificateError::Digits)?;
                families::check(values, n0, p, s, big_n, digits, small_below)
                    .map_err(CertificateError::Families)?;
            }
            Theorem::AllBut { .. } => {
                let set = |range: std::ops::Range<u64>| -> BTreeSet<u64> {
                    range
                        .map(|i| u64::from(values[i as usize].into()))
                        .collect()
                };
                let before = set(0..n0);
                let first_period = set(0..n0 + p);
                let body = set(n0..big_n - p);
                if (0..s).any(|v| !first_period.contains(&v)) {
                    return Err(CertificateError::AllButCondition(2));
                }
                if before
                    .iter()
                    .any(|u| !first_period.contains(&(u + s)) && !body.contains(u))
                {
                    return Err(CertificateError::AllButCondition(3));
                }
                let seen = set(0..big_n - p);
                let mex = (0..)
                    .find(|v| !seen.contains(v))
                    .expect("a finite set has a mex");
                let largest = first_period.last().copied().unwrap_or(0);
                if mex + s <= largest {
                    return Err(CertificateError::AllButCondition(4));
                }
            }
        }
        Ok(())
    }
}

/// The value of heap `n` in the subtraction game `{1, 2, k}` with `k >= 3` a multiple of 3,
/// by the `{1, 2, k}` theorem (docs/theory.md §4): with `r = n mod (k + 1)`, `r mod 3` for
/// `r < k` and `3` for `r = k`. The caller vouches for the hypothesis on `k`.
///
/// # Complexity
/// One division of `n`: `O(d)` for `d` digits.
///
/// # Example
/// ```
/// use grundy::period::one_two_value;
/// // {1, 2, 6}: period 7, values 0 1 2 0 1 2 3.
/// let values: Vec<u32> = (0u32..14).map(|n| one_two_value(6, &n.into())).collect();
/// assert_eq!(values, [0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 0, 1, 2, 3]);
/// ```
pub fn one_two_value(k: u64, n: &BigUint) -> u32 {
    use num_traits::ToPrimitive;
    let modulus = BigUint::from(k) + 1u32;
    let residue = (n % modulus).to_u64().expect("below k + 1");
    if residue == k {
        3
    } else {
        (residue % 3) as u32
    }
}

/// The certificate of the residue theorem ([`Theorem::Residue`]) for modulus `m >= 2`: `a(n) = n mod m`.
/// The caller vouches for the hypothesis about the set (its `residue_modulus`, at most
/// `MAX_AMOUNT + 1`), which is why this is crate-private.
///
/// # Complexity
/// `O(m)`.
pub(crate) fn residue_certificate(modulus: u64) -> Certificate {
    debug_assert!((2..=u64::from(u32::MAX)).contains(&modulus));
    Certificate {
        periodicity: Periodicity {
            preperiod: 0,
            period: modulus,
            saltus: 0,
            values: (0..modulus as u32).collect(),
        },
        theorem: Theorem::Residue { modulus },
        checked_to: modulus,
        digits: None,
    }
}
