//! Moore's `Nim_k` (Moore 1910; Winning Ways ch. 15; `Nim_k` in the Chinese training notes): heaps of
//! tokens; a move takes at least one token from each of one to `k` heaps (as many as it likes
//! from each); whoever cannot move loses. `moore:1` is Nim.
//!
//! Moore's theorem: write the heaps in binary; the player to move loses exactly when, in every
//! binary place, the number of heaps with a 1 there is divisible by `k + 1`. From such a
//! position a move changes at most `k` heaps, and the highest place where any of them changes
//! loses between 1 and `k` ones (each changed heap's first change is a 1 turned 0), so that
//! count stops being divisible; from any other position, places are fixed from the top down —
//! a heap already lowered may take any bits below, and each place's excess (its count modulo
//! `k + 1`, at most `k`) is cleared by lowering heaps with a 1 there or by raising the bits of
//! heaps lowered before, never touching more than `k` heaps in all (docs/classical-extensions.md
//! gives the proof).
//!
//! The theorem gives outcomes, not Grundy values (for `k ≥ 2` the values have no known closed
//! form), so a `Nim_k` position in a sum with other games is searched. Its winning moves are all
//! listed: for each set `S` of at most `k` heaps, the moves lowering exactly the heaps of `S` to
//! a losing position are counted place by place from the top (the state: which heaps of `S` are
//! still equal to their old size so far), and written one by one when few, as one class when
//! many ([`Action::TakeClass`]).

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::games::moves::{Action, TakeClass};
use crate::games::position::Position;
use crate::games::registry::{Family, RuleProblem, Summary};
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use crate::games::theorem::{ListRule, Part, PartLabel, Reading, Theorem, Worth};

#[cfg(test)]
mod tests;

/// The family's entry in the registry.
pub const FAMILY: Family = Family {
    name: "moore",
    summary: Summary {
        en: "Moore's Nim_k: heaps of tokens; a move takes at least one token from each of one to k heaps (moore:K)",
        zh: "Moore 的 Nim_k：若干堆石子；每步从 1 至 k 堆中各取走至少一枚（moore:K）",
    },
    example: "moore:2",
    rules,
};

/// The largest `k` a rule may name: any larger `k` plays like one at least the number of heaps.
pub const MAX_HEAPS_PER_MOVE: u64 = 1 << 62;

/// The most steps listing every winning move may take — sets of heaps examined, times binary
/// places, times the states and choices of each place —: about a second.
pub const MOST_MOVE_WORK: u64 = 1 << 27;

/// The most winning moves listed one by one: beyond, every set of heaps is one class of moves
/// with its count.
pub const MOST_LISTED_MOVES: u64 = 1 << 16;

/// The heaps and sizes of the positions `verify` compares its theorem on.
const SMALL_HEAPS: usize = 4;

/// Moore's `Nim_k` for one `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moore {
    /// The most heaps one move may take from.
    per_move: u64,
}

fn rules(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem> {
    let hint = "write moore:K with K ≥ 1 the most heaps one move takes from, e.g. moore:2".to_owned();
    let Some(text) = rule else {
        return Err(RuleProblem {
            span: 0..0,
            message: "'moore' needs k after a colon: the most heaps one move takes from".to_owned(),
            hint,
        });
    };
    let trimmed = text.trim();
    let start = text.find(trimmed).unwrap_or(0);
    let span = start..start + trimmed.len();
    if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return Err(RuleProblem {
            span: if trimmed.is_empty() { 0..text.len() } else { span },
            message: format!("'{trimmed}' is not a whole number of heaps"),
            hint,
        });
    }
    match trimmed.parse::<u64>() {
        Ok(per_move) if (1..=MAX_HEAPS_PER_MOVE).contains(&per_move) => {
            Ok(Arc::new(Moore { per_move }))
        }
        Ok(0) => Err(RuleProblem {
            span,
            message: "a move takes from at least one heap: k = 0 allows no move".to_owned(),
            hint,
        }),
        _ => Err(RuleProblem {
            span,
            message: format!(
                "k = {trimmed} is beyond {MAX_HEAPS_PER_MOVE} (any k at least the number of heaps plays alike)"
            ),
            hint,
        }),
    }
}

/// The heaps of a position.
fn heaps(position: &Position) -> Option<&[BigUint]> {
    match position {
        Position::Heaps(heaps) => Some(heaps),
        _ => None,
    }
}

/// Every set of `size` indices below `count`, in lexicographic order, as masks or lists.
fn each_subset(count: usize, size: usize, mut visit: impl FnMut(&[usize]) -> bool) {
    if size > count {
        return;
    }
    let mut chosen: Vec<usize> = (0..size).collect();
    loop {
        if !visit(&chosen) {
            return;
        }
        // The rightmost index that can still move right.
        let Some(i) = (0..size).rev().find(|&i| chosen[i] < count - size + i) else {
            return;
        };
        chosen[i] += 1;
        for j in i + 1..size {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}

/// `C(n, r)`, saturating at `u64::MAX`.
fn binomial(n: u64, r: u64) -> u64 {
    let r = r.min(n.saturating_sub(r));
    let mut value: u128 = 1;
    for i in 0..r {
        value = value * u128::from(n - i) / u128::from(i + 1);
        if value > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    value as u64
}

impl Moore {
    /// The modulus of Moore's theorem: `k + 1`.
    fn modulus(self) -> u64 {
        self.per_move + 1
    }

    /// For each binary place from the lowest, how many heaps have a 1 there.
    fn place_counts(heaps: &[BigUint]) -> Vec<u64> {
        let places = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
        let mut counts = vec![0u64; usize::try_from(places).unwrap_or(usize::MAX)];
        for heap in heaps {
            for (word_index, mut word) in heap.iter_u64_digits().enumerate() {
                while word != 0 {
                    let place = word_index * 64 + word.trailing_zeros() as usize;
                    counts[place] += 1;
                    word &= word - 1;
                }
            }
        }
        counts
    }

    /// The steps listing every winning move of `heaps` would take (saturating): sets of up to
    /// `k` nonzero heaps, times places, times states and choices per place.
    fn move_work(self, heaps: &[BigUint]) -> u64 {
        let nonzero = heaps.iter().filter(|h| !h.is_zero()).count() as u64;
        let places = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
        let largest = self.per_move.min(nonzero);
        let mut work = 0u64;
        for size in 1..=largest {
            let per_set = places
                .saturating_mul(
                    u32::try_from(size)
                        .ok()
                        .and_then(|size| 1u64.checked_shl(size))
                        .unwrap_or(u64::MAX),
                )
                .saturating_mul(binomial(size, size / 2));
            work = work.saturating_add(binomial(nonzero, size).saturating_mul(per_set));
            if work > MOST_MOVE_WORK {
                break;
            }
        }
        work
    }
}

/// The moves that lower exactly the heaps of one set to a position lost by the player to move,
/// counted place by place (see the module's documentation).
struct SetMoves<'a> {
    /// The sizes of the heaps of the set.
    sizes: Vec<&'a BigUint>,
    /// For each place from the lowest, how many of the set's new sizes have a 1 there (`None`
    /// where no choice of at most the set's size makes the count divisible).
    ones: Vec<Option<u32>>,
}

/// A count of moves: exact, in a machine word while it fits.
trait Count: Clone {
    fn nothing() -> Self;
    fn single() -> Self;
    fn plus(&self, other: &Self) -> Option<Self>;
}

impl Count for u128 {
    fn nothing() -> Self {
        0
    }
    fn single() -> Self {
        1
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
}

impl Count for BigUint {
    fn nothing() -> Self {
        BigUint::ZERO
    }
    fn single() -> Self {
        <BigUint as One>::one()
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
}

impl<'a> SetMoves<'a> {
    /// The set `chosen` of `heaps`, whose place counts over all heaps are `counts`.
    fn new(heaps: &'a [BigUint], chosen: &[usize], counts: &[u64], modulus: u64) -> Self {
        let sizes: Vec<&BigUint> = chosen.iter().map(|&i| &heaps[i]).collect();
        let ones = counts
            .iter()
            .enumerate()
            .map(|(place, &count)| {
                let mine = sizes.iter().filter(|h| h.bit(place as u64)).count() as u64;
                let others = count - mine;
                // The set's new ones make the place's count divisible: `others + c ≡ 0`.
                let needed = (modulus - others % modulus) % modulus;
                (needed <= sizes.len() as u64).then_some(needed as u32)
            })
            .collect();
        Self { sizes, ones }
    }

    /// The set's heaps with a 1 at `place`, as a mask over the set.
    fn old_bits(&self, place: usize) -> u32 {
        self.sizes
            .iter()
            .enumerate()
            .filter(|(_, h)| h.bit(place as u64))
            .fold(0, |mask, (i, _)| mask | 1 << i)
    }

    /// The state after a place where the heaps `new` get a 1, from `tight` (the heaps equal to
    /// their old size so far); `None` where a tight heap would grow.
    fn step(tight: u32, old: u32, new: u32) -> Option<u32> {
        // A tight heap with a 0 cannot get a 1; a tight heap with a 1 that gets a 0 is lower.
        (tight & !old & new == 0).then_some(tight & (!old | new))
    }

    /// The masks over `size` heaps with `ones` bits set.
    fn choices(size: usize, ones: u32) -> Vec<u32> {
        (0..1u32 << size)
            .filter(|mask| mask.count_ones() == ones)
            .collect()
    }

    /// The number of moves, place by place from the lowest: `ways[tight]` counts the ways to
    /// fill the places below from state `tight`, ending with every heap lower.
    fn count<N: Count>(&self) -> Option<N> {
        let size = self.sizes.len();
        let states = 1usize << size;
        let mut ways = vec![N::nothing(); states];
        ways[0] = N::single();
        for (place, ones) in self.ones.iter().enumerate() {
            let Some(ones) = *ones else {
                return Some(N::nothing());
            };
            let old = self.old_bits(place);
            let choices = Self::choices(size, ones);
            let mut next = vec![N::nothing(); states];
            for (tight, slot) in next.iter_mut().enumerate() {
                for &new in &choices {
                    if let Some(after) = Self::step(tight as u32, old, new) {
                        *slot = slot.plus(&ways[after as usize])?;
                    }
                }
            }
            ways = next;
        }
        Some(ways[states - 1].clone())
    }

    /// The number of moves, exactly.
    fn total(&self) -> BigUint {
        match self.count::<u128>() {
            Some(count) => BigUint::from(count),
            None => self.count::<BigUint>().unwrap_or_default(),
        }
    }

    /// Every move, as the new sizes of the set's heaps (there are few: the caller counted them).
    fn each(&self) -> Vec<Vec<BigUint>> {
        let size = self.sizes.len();
        let states = 1usize << size;
        // `open[place][tight]`: whether the places below `place` can be filled from `tight`.
        let mut open = Vec::with_capacity(self.ones.len() + 1);
        let mut ways = vec![false; states];
        ways[0] = true;
        open.push(ways.clone());
        for (place, ones) in self.ones.iter().enumerate() {
            let old = self.old_bits(place);
            let choices = ones.map_or_else(Vec::new, |ones| Self::choices(size, ones));
            ways = (0..states)
                .map(|tight| {
                    choices.iter().any(|&new| {
                        Self::step(tight as u32, old, new).is_some_and(|after| ways[after as usize])
                    })
                })
                .collect();
            open.push(ways.clone());
        }
        // From the top place down, every open branch (few: each ends in a move).
        let mut frontier = vec![(states as u32 - 1, vec![BigUint::ZERO; size])];
        for place in (0..self.ones.len()).rev() {
            let Some(ones) = self.ones[place] else {
                return Vec::new();
            };
            let old = self.old_bits(place);
            let mut next = Vec::new();
            for (tight, sizes) in &frontier {
                for new in Self::choices(size, ones) {
                    let Some(after) = Self::step(*tight, old, new) else {
                        continue;
                    };
                    if !open[place][after as usize] {
                        continue;
                    }
                    let mut sizes = sizes.clone();
                    for (i, value) in sizes.iter_mut().enumerate() {
                        if new >> i & 1 == 1 {
                            value.set_bit(place as u64, true);
                        }
                    }
                    next.push((after, sizes));
                }
            }
            frontier = next;
        }
        frontier.into_iter().map(|(_, sizes)| sizes).collect()
    }
}

/// The move taking each heap of `chosen` down to its new size.
fn take_action(heaps: &[BigUint], chosen: &[usize], sizes: &[BigUint]) -> Action {
    let takes: Vec<(usize, BigUint)> = chosen
        .iter()
        .zip(sizes)
        .map(|(&i, size)| (i, &heaps[i] - size))
        .collect();
    match takes.as_slice() {
        [(heap, amount)] => Action::TakeFromHeap {
            heap: *heap,
            amount: amount.clone(),
        },
        _ => Action::TakeFromHeaps { takes },
    }
}

impl Ruleset for Moore {
    fn example_position(&self) -> &'static str {
        "3,4,5"
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Heaps
    }

    /// The sets of one to `k` heaps, each with every amount from each: the elementary
    /// symmetric sums `e_1 + … + e_k` of the heap sizes.
    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let heaps = heaps(position)?;
        let nonzero: Vec<&BigUint> = heaps.iter().filter(|h| !h.is_zero()).collect();
        let largest = usize::try_from(self.per_move)
            .unwrap_or(usize::MAX)
            .min(nonzero.len());
        let mut sums = vec![BigUint::ZERO; largest + 1];
        sums[0] = BigUint::one();
        for (seen, heap) in nonzero.iter().enumerate() {
            for size in (1..=largest.min(seen + 1)).rev() {
                let grown = &sums[size - 1] * *heap;
                sums[size] += grown;
            }
        }
        Some(sums.iter().skip(1).sum())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        let heaps = heaps(position)?;
        if !listable(&self.option_count(position)?) {
            return None;
        }
        let nonzero: Vec<usize> = (0..heaps.len()).filter(|&i| !heaps[i].is_zero()).collect();
        let largest = usize::try_from(self.per_move)
            .unwrap_or(usize::MAX)
            .min(nonzero.len());
        let mut options = Vec::new();
        for size in 1..=largest {
            each_subset(nonzero.len(), size, |picked| {
                let chosen: Vec<usize> = picked.iter().map(|&p| nonzero[p]).collect();
                // Every amount from each chosen heap, as an odometer of new sizes.
                let Some(tops) = chosen
                    .iter()
                    .map(|&i| heaps[i].to_u64())
                    .collect::<Option<Vec<u64>>>()
                else {
                    return false;
                };
                let mut sizes = vec![0u64; size];
                loop {
                    let sizes_big: Vec<BigUint> = sizes.iter().map(|&s| s.into()).collect();
                    let mut after = heaps.to_vec();
                    for (&i, new) in chosen.iter().zip(&sizes_big) {
                        after[i].clone_from(new);
                    }
                    options.push((
                        take_action(heaps, &chosen, &sizes_big),
                        Position::Heaps(after),
                    ));
                    let Some(digit) = (0..size).rev().find(|&d| sizes[d] + 1 < tops[d]) else {
                        break;
                    };
                    sizes[digit] += 1;
                    for later in &mut sizes[digit + 1..] {
                        *later = 0;
                    }
                }
                true
            });
        }
        Some(options)
    }

    /// Heaps in order, without empty ones: the game does not tell heaps apart.
    fn search_key(&self, position: &Position) -> Position {
        match heaps(position) {
            Some(heaps) => {
                let mut sorted: Vec<BigUint> =
                    heaps.iter().filter(|h| !h.is_zero()).cloned().collect();
                sorted.sort();
                Position::Heaps(sorted)
            }
            None => position.clone(),
        }
    }

    /// Heaps only shrink: at most `(h_1 + 1) ⋯ (h_n + 1)` positions (none where that passes
    /// `2^128`, far beyond any search).
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        let mut bound = BigUint::one();
        for heap in heaps(position)? {
            bound *= heap + 1u32;
            if bound.bits() > 128 {
                return None;
            }
        }
        Some(bound)
    }

    fn theorem(&self) -> Option<&dyn Theorem> {
        Some(self)
    }

    fn verify_reach(&self) -> u64 {
        6
    }
}

impl Theorem for Moore {
    /// Moore's theorem on a list of heaps: every binary place's count of ones modulo `k + 1`.
    fn list_rule(&self) -> Option<ListRule> {
        Some(ListRule::PlacesModulo {
            modulus: self.modulus(),
        })
    }

    fn name(&self) -> Summary {
        Summary {
            en: "Moore's theorem (Nim_k)",
            zh: "Moore 定理（Nim_k）",
        }
    }

    fn statement(&self) -> Summary {
        Summary {
            en: "In Nim_k (a move takes from one to k heaps) the player to move loses exactly when, in every binary place, the number of heaps with a 1 there is divisible by k + 1. A move from such a position changes at most k heaps, and at the highest place it changes, between 1 and k ones turn to 0; from any other position, a move on at most k heaps makes every count divisible again. The theorem tells who wins, not the Grundy value.",
            zh: "在 Nim_k（每步从 1 至 k 堆中取）中，当且仅当每个二进制位上为 1 的堆数都能被 k + 1 整除时，轮到走的一方必败。从这样的局面走一步至多改变 k 堆，在其改变的最高位上有 1 至 k 个 1 变成 0；从其他局面，总能在至多 k 堆上走一步，使每一位的计数重新被 k + 1 整除。该定理给出胜负，不给出 Grundy 值。",
        }
    }

    /// The places from the highest, each with its count of ones (places where no heap has a 1
    /// left out).
    fn read(&self, position: &Position) -> Option<Reading> {
        let counts = Self::place_counts(heaps(position)?);
        let modulus = self.modulus();
        let wins = counts.iter().any(|count| count % modulus != 0);
        let parts = counts
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, count)| **count != 0)
            .map(|(place, &count)| Part {
                label: PartLabel::Place {
                    place: place as u64,
                    modulus,
                },
                value: count.into(),
            })
            .collect();
        Some(Reading {
            parts,
            worth: Worth::Outcome { wins },
        })
    }

    /// For target 0 (losing positions), every move: set by set of heaps, listed or counted as
    /// a class; no move reaches a Grundy value the theorem does not give.
    fn moves_to(
        &self,
        position: &Position,
        target: &BigUint,
        most_listed: u64,
    ) -> Option<Vec<Action>> {
        let heaps = heaps(position)?;
        if !target.is_zero() || self.move_work(heaps) > MOST_MOVE_WORK {
            return (!target.is_zero()).then(Vec::new);
        }
        let counts = Self::place_counts(heaps);
        let modulus = self.modulus();
        let nonzero: Vec<usize> = (0..heaps.len()).filter(|&i| !heaps[i].is_zero()).collect();
        let largest = usize::try_from(self.per_move)
            .unwrap_or(usize::MAX)
            .min(nonzero.len());
        // First each set's count; then the moves of the sets with few, one by one, unless that
        // would write more than MOST_LISTED_MOVES in all: then every set is one class.
        let mut sets: Vec<(Vec<usize>, BigUint)> = Vec::new();
        for size in 1..=largest {
            each_subset(nonzero.len(), size, |picked| {
                let chosen: Vec<usize> = picked.iter().map(|&p| nonzero[p]).collect();
                let total = SetMoves::new(heaps, &chosen, &counts, modulus).total();
                if !total.is_zero() {
                    sets.push((chosen, total));
                }
                true
            });
        }
        let few = |total: &BigUint| *total <= BigUint::from(most_listed);
        let listed: BigUint = sets
            .iter()
            .filter(|(_, total)| few(total))
            .map(|(_, total)| total)
            .sum();
        let one_by_one = listed <= BigUint::from(MOST_LISTED_MOVES);
        let mut moves = Vec::new();
        for (chosen, total) in sets {
            if one_by_one && few(&total) {
                let set = SetMoves::new(heaps, &chosen, &counts, modulus);
                for sizes in set.each() {
                    moves.push(take_action(heaps, &chosen, &sizes));
                }
            } else {
                moves.push(Action::TakeClass(Box::new(TakeClass {
                    heaps: chosen,
                    modulus,
                    moves: total,
                })));
            }
        }
        Some(moves)
    }

    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        let heaps = heaps(position)?;
        let work = self.move_work(heaps);
        (work > MOST_MOVE_WORK).then(|| {
            let nonzero = heaps.iter().filter(|h| !h.is_zero()).count();
            format!(
                "listing every winning move examines every set of up to {} of its {nonzero} nonempty heaps in every binary place, more than {MOST_MOVE_WORK} steps; with fewer heaps, or a smaller k, they are listed",
                self.per_move.min(nonzero as u64)
            )
        })
    }

    fn after(&self, position: &Position, action: &Action, most_numbers: u64) -> Option<Position> {
        let heaps = heaps(position)?;
        if heaps.len() as u64 > most_numbers {
            return None;
        }
        let takes: Vec<(usize, &BigUint)> = match action {
            Action::TakeFromHeap { heap, amount } => vec![(*heap, amount)],
            Action::TakeFromHeaps { takes } => takes.iter().map(|(i, a)| (*i, a)).collect(),
            _ => return None,
        };
        let mut after = heaps.to_vec();
        for (heap, amount) in takes {
            let size = after.get_mut(heap)?;
            if amount.is_zero() || &*size < amount {
                return None;
            }
            *size -= amount;
        }
        Some(Position::Heaps(after))
    }

    /// Every multiset of at most four heaps below `reach` (at most 6), and the same heaps with
    /// an empty one among them.
    fn small_positions(&self, reach: u64) -> Vec<Position> {
        let reach = reach.min(6);
        let mut positions = vec![Position::Heaps(Vec::new())];
        let mut current: Vec<Vec<u64>> = vec![Vec::new()];
        for _ in 0..SMALL_HEAPS {
            let mut next = Vec::new();
            for heaps in &current {
                let least = heaps.last().copied().unwrap_or(1);
                for size in least..reach {
                    let mut longer = heaps.clone();
                    longer.push(size);
                    positions.push(Position::Heaps(longer.iter().map(|&h| h.into()).collect()));
                    next.push(longer);
                }
            }
            current = next;
        }
        positions.push(Position::Heaps(vec![2u32.into(), 0u32.into(), 3u32.into()]));
        positions
    }
}
