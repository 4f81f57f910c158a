//! Conway's genus of impartial games under misère play, and tame types — knowing no game.
//!
//! The genus of `G` is `g^{γ0 γ1 γ2 …}`: `g` the Grundy value of `G` under normal play, `γk` the
//! misère Grundy value of `G + k·*2` (`k` Nim heaps of 2 added). The exponents are eventually of
//! period 2 (Conway, *On Numbers and Games*, ch. 12), so a [`Genus`] keeps them up to the first
//! index from which they repeat with period 2, plus one more.
//!
//! The genus of a game follows from its options' genera by [`Genus::of_options`]
//! (docs/misere.md §2 derives the rule): `g = mex g'`; `γ0 = mex γ0'` (1 when there is no
//! option); `γk = mex({γk'} ∪ {γ(k−1), γ(k−1) xor 1})` for `k ≥ 1`.
//!
//! A [`Tame`] type is what a game pretends to be in misère play: a *fickle* value `0` or `1` (a
//! Nim position of heaps of at most 1, genus `0^{120}` or `1^{031}`) or a *firm* value `a` (a Nim
//! position with a heap of 2 or more and xor `a`, genus `a^{a (a xor 2)}`). [`Tame::criterion`] is
//! grundy's sufficient condition (docs/misere.md §3) under which every sum of heaps that satisfy
//! it is played like misère Nim on their types.

use super::mex::mex;

/// Conway's genus `g^{γ0 γ1 …}`: the normal-play Grundy value and the misère Grundy values of
/// `G + k·*2`, `k = 0, 1, …`.
///
/// **Invariant:** `exponents` has at least 2 entries, the last two repeat forever
/// (`γ(k + 2) = γk` for `k ≥ len − 2`), and it is the shortest such list.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: u32,
    exponents: Vec<u32>,
}

/// The options' genera did not settle into period 2 within the exponents grundy computes: by
/// Conway's theorem this does not happen, so it is reported as a failure rather than hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the genus exponents did not become periodic with period 2 by index {checked}")]
pub struct NotPeriodic {
    /// The last exponent index computed.
    pub checked: usize,
}

/// How many exponents past the options' own periodic start [`Genus::of_options`] computes
/// before giving up (two suffice: see docs/misere.md §2).
const EXTRA_EXPONENTS: usize = 8;

impl Genus {
    /// The genus with normal value `normal` and exponents `exponents` whose last two repeat;
    /// `None` when fewer than two exponents are given.
    ///
    /// # Complexity
    /// `O(len)`.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::Genus;
    /// let zero = Genus::new(0, vec![1, 2, 0, 2, 0]).ok_or("two exponents at least")?;
    /// assert_eq!(zero.exponents(), [1, 2, 0]); // 0^{120}: shortened to where period 2 starts
    /// assert_eq!(zero.exponent(7), 2);
    /// # Ok::<(), &str>(())
    /// ```
    pub fn new(normal: u32, mut exponents: Vec<u32>) -> Option<Self> {
        if exponents.len() < 2 {
            return None;
        }
        while exponents.len() > 2
            && exponents[exponents.len() - 3] == exponents[exponents.len() - 1]
        {
            exponents.pop();
        }
        Some(Self { normal, exponents })
    }

    /// The Grundy value under normal play, `g`.
    pub fn normal(&self) -> u32 {
        self.normal
    }

    /// The misère Grundy value `γ0`.
    pub fn misere(&self) -> u32 {
        self.exponents[0]
    }

    /// The exponents up to and including the repeating pair (`[1, 2, 0]` for `0^{120}`).
    pub fn exponents(&self) -> &[u32] {
        &self.exponents
    }

    /// The index from which the exponents repeat with period 2.
    pub fn periodic_from(&self) -> usize {
        self.exponents.len() - 2
    }

    /// `γk`, the misère Grundy value of the game plus `k` heaps of 2.
    ///
    /// # Complexity
    /// `O(1)`.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::Genus;
    /// let two = Genus::new(2, vec![2, 0]).ok_or("two exponents at least")?; // *2: 2^{20}
    /// assert_eq!((0..5).map(|k| two.exponent(k)).collect::<Vec<_>>(), [2, 0, 2, 0, 2]);
    /// # Ok::<(), &str>(())
    /// ```
    pub fn exponent(&self, k: usize) -> u32 {
        let start = self.periodic_from();
        if k < self.exponents.len() {
            self.exponents[k]
        } else {
            self.exponents[start + (k - start) % 2]
        }
    }

    /// The genus of a game from its options' genera (none: the game without moves, `0^{120}`).
    ///
    /// # Complexity
    /// `O(m · (K + 8))` for `m` options whose exponents become periodic by index `K`.
    ///
    /// # Errors
    /// [`NotPeriodic`] if the exponents do not settle into period 2 within 8 indices past the
    /// options' (Conway's theorem says they do).
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::Genus;
    /// let zero = Genus::of_options(&[])?;
    /// assert_eq!((zero.normal(), zero.exponents()), (0, &[1, 2, 0][..])); // 0^{120}
    /// let one = Genus::of_options(&[zero.clone()])?;
    /// assert_eq!(one.exponents(), [0, 3, 1]); // *1 = {0}: 1^{031}
    /// let two = Genus::of_options(&[zero, one])?;
    /// assert_eq!((two.normal(), two.exponents()), (2, &[2, 0][..])); // *2: 2^{20}
    /// # Ok::<(), grundy::theory::genus::NotPeriodic>(())
    /// ```
    pub fn of_options(options: &[Genus]) -> Result<Genus, NotPeriodic> {
        let normal = mex(options.iter().map(Genus::normal));
        let settled = options.iter().map(Genus::periodic_from).max().unwrap_or(0);
        let first = if options.is_empty() {
            1
        } else {
            mex(options.iter().map(Genus::misere))
        };
        let mut exponents = vec![first];
        let last = settled + EXTRA_EXPONENTS;
        for k in 1..=last + 2 {
            let previous = exponents[k - 1];
            let value = mex(options
                .iter()
                .map(|option| option.exponent(k))
                .chain([previous, previous ^ 1]));
            exponents.push(value);
            // Periodic from j = k − 2 once j is past the options' own start: γ(j + 1) onwards is
            // the same alternating function of the previous exponent.
            if k >= 2 && k - 2 >= settled && exponents[k] == exponents[k - 2] {
                return Ok(Genus::new(normal, exponents).expect("at least three exponents"));
            }
        }
        Err(NotPeriodic { checked: last + 2 })
    }
}

/// What a tame game pretends to be in misère play: a *fickle* value (`0` or `1`, a Nim position
/// of heaps of at most 1) or a *firm* value (a Nim position with a heap of 2 or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tame {
    /// The xor of the Nim position pretended.
    pub value: u32,
    /// Whether that Nim position has a heap of 2 or more.
    pub firm: bool,
}

/// Why a game of tame genus fails grundy's tame criterion ([`Tame::criterion`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TameFailure {
    /// An option of this type would leave a misère P-position where the type predicts none.
    BadOption(Tame),
    /// No option of either type: a move the type needs for some context is missing.
    MissingOption(Tame, Tame),
    /// No option of this misère Nim value (firm types need every smaller value).
    MissingValue(u32),
}

impl Tame {
    /// The type of the empty position (and of `*0`): fickle 0.
    pub const ZERO: Tame = Tame {
        value: 0,
        firm: false,
    };

    /// The type of a Nim heap of `n` tokens: fickle for `n ≤ 1`, firm otherwise.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::Tame;
    /// assert_eq!(Tame::nim_heap(1), Tame { value: 1, firm: false });
    /// assert_eq!(Tame::nim_heap(5), Tame { value: 5, firm: true });
    /// ```
    pub fn nim_heap(n: u32) -> Tame {
        Tame {
            value: n,
            firm: n >= 2,
        }
    }

    /// The type of a sum: xors of the values, firm when either is.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::Tame;
    /// assert_eq!(Tame::nim_heap(2).plus(Tame::nim_heap(2)), Tame { value: 0, firm: true });
    /// ```
    #[must_use]
    pub fn plus(self, other: Tame) -> Tame {
        Tame {
            value: self.value ^ other.value,
            firm: self.firm || other.firm,
        }
    }

    /// Whether a position of this type is a misère P-position (Bouton's misère rule): fickle 1,
    /// or firm 0.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::Tame;
    /// assert!(Tame::nim_heap(1).loses() && !Tame::ZERO.loses());
    /// ```
    pub fn loses(self) -> bool {
        if self.firm {
            self.value == 0
        } else {
            self.value == 1
        }
    }

    /// The misère Grundy value of a position of this type: `value xor 1` when fickle, `value`
    /// when firm.
    pub fn misere(self) -> u32 {
        if self.firm {
            self.value
        } else {
            self.value ^ 1
        }
    }

    /// The genus of this type: `0^{120}`, `1^{031}`, or `a^{a (a xor 2)}` when firm.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::Tame;
    /// assert_eq!(Tame::nim_heap(3).genus().exponents(), [3, 1]);
    /// assert_eq!(Tame::ZERO.genus().exponents(), [1, 2, 0]);
    /// ```
    pub fn genus(self) -> Genus {
        let exponents = match (self.firm, self.value) {
            (false, 0) => vec![1, 2, 0],
            (false, _) => vec![0, 3, 1],
            (true, a) => vec![a, a ^ 2],
        };
        Genus::new(self.value, exponents).expect("three or two exponents")
    }

    /// The type whose genus is `genus`, when `genus` is a tame genus (`0^{120}`, `1^{031}`,
    /// `a^{a (a xor 2)}`).
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::{Genus, Tame};
    /// let wild = Genus::new(0, vec![1, 3, 1]).ok_or("two exponents at least")?;
    /// assert_eq!(Tame::of_genus(&wild), None);
    /// assert_eq!(Tame::of_genus(&Tame::nim_heap(4).genus()), Some(Tame::nim_heap(4)));
    /// # Ok::<(), &str>(())
    /// ```
    pub fn of_genus(genus: &Genus) -> Option<Tame> {
        let candidates = [
            Tame {
                value: genus.normal(),
                firm: true,
            },
            Tame {
                value: genus.normal(),
                firm: false,
            },
        ];
        candidates
            .into_iter()
            .filter(|t| t.firm || t.value <= 1)
            .find(|t| t.genus() == *genus)
    }

    /// grundy's tame criterion (docs/misere.md §3): whether a game of this type whose options
    /// have the types `options` keeps every sum of such games played like misère Nim. Checks
    /// that no option turns a P-position of the type into a P-position, and that every move the
    /// misère-Nim strategy may need from this game exists.
    ///
    /// # Complexity
    /// `O(m + value)` for `m` options.
    ///
    /// # Errors
    /// The first [`TameFailure`] found.
    ///
    /// # Example
    /// ```
    /// use grundy::theory::genus::{Tame, TameFailure};
    /// let heap = |n| Tame::nim_heap(n);
    /// assert_eq!(heap(3).criterion(&[Tame::ZERO, heap(1), heap(2)]), Ok(())); // *3 itself
    /// assert_eq!(heap(3).criterion(&[Tame::ZERO, heap(1)]), Err(TameFailure::MissingValue(2)));
    /// assert_eq!(heap(2).criterion(&[Tame::ZERO, heap(1), heap(2)]), Err(TameFailure::BadOption(heap(2))));
    /// assert_eq!(Tame::ZERO.criterion(&[]), Ok(())); // a heap without moves
    /// ```
    pub fn criterion(self, options: &[Tame]) -> Result<(), TameFailure> {
        let a = self.value;
        for &option in options {
            let bad = option.value == a
                || match (self.firm, option.firm) {
                    (false, true) => option.value == a ^ 1,
                    (true, false) => a <= 1 && option.value == a ^ 1,
                    _ => false,
                };
            if bad {
                return Err(TameFailure::BadOption(option));
            }
        }
        let has = |t: Tame| options.contains(&t);
        let fickle = |value| Tame { value, firm: false };
        let firm = |value| Tame { value, firm: true };
        let either = |x: Tame, y: Tame| {
            if has(x) || has(y) {
                Ok(())
            } else {
                Err(TameFailure::MissingOption(x, y))
            }
        };
        match (self.firm, a) {
            // A game without moves is the empty game, `*0` itself: nothing to check.
            (false, 0) if options.is_empty() => Ok(()),
            (false, 0) => either(fickle(1), firm(0)),
            (false, _) => either(fickle(0), fickle(0)),
            (true, a) => {
                for b in 0..a {
                    if !options.iter().any(|o| o.value == b) {
                        return Err(TameFailure::MissingValue(b));
                    }
                }
                if a >= 1 {
                    either(fickle(1), firm(0))?;
                }
                if a >= 2 {
                    either(fickle(0), firm(1))?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim heaps satisfy the criterion with their own types.
    #[test]
    fn nim_heaps_are_tame() {
        for n in 1..40 {
            let options: Vec<Tame> = (0..n).map(Tame::nim_heap).collect();
            assert_eq!(Tame::nim_heap(n).criterion(&options), Ok(()), "*{n}");
        }
    }

    /// The rule gives every Nim heap its tame genus.
    #[test]
    fn nim_heap_genera_by_rule() {
        let mut genera: Vec<Genus> = Vec::new();
        for n in 0..20u32 {
            let genus = Genus::of_options(&genera).unwrap();
            assert_eq!(genus, Tame::nim_heap(n).genus(), "*{n}");
            genera.push(genus);
        }
    }

    /// Sums of types are types of sums: the genus of a sum of Nim heaps by the rule (over the
    /// sums' options) is its type's genus.
    #[test]
    fn genus_of_nim_sums() {
        use std::collections::HashMap;
        fn genus(heaps: &[u32], memo: &mut HashMap<Vec<u32>, Genus>) -> Genus {
            if let Some(g) = memo.get(heaps) {
                return g.clone();
            }
            let mut options = Vec::new();
            for i in 0..heaps.len() {
                for left in 0..heaps[i] {
                    let mut next = heaps.to_vec();
                    next[i] = left;
                    next.retain(|&h| h > 0);
                    next.sort_unstable();
                    options.push(genus(&next, memo));
                }
            }
            let g = Genus::of_options(&options).unwrap();
            memo.insert(heaps.to_vec(), g.clone());
            g
        }
        let mut memo = HashMap::new();
        for heaps in [
            vec![1, 1],
            vec![2, 2],
            vec![1, 2, 3],
            vec![2, 3],
            vec![1, 1, 1],
            vec![3, 5, 6],
        ] {
            let tame = heaps
                .iter()
                .fold(Tame::ZERO, |t, &h| t.plus(Tame::nim_heap(h)));
            assert_eq!(genus(&heaps, &mut memo), tame.genus(), "{heaps:?}");
        }
    }
}
