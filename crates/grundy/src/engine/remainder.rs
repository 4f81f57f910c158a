//! The values of subtraction with the rest ([`RemainderGame`]): a heap of `1` to `min S − 1`
//! tokens has the one option `0`; every other heap has the options of the plain subtraction game.

use super::{Engine, Stream};
use crate::games::play::Play;
use crate::games::remainder::RemainderGame;
use crate::theory::mex::{Bitset, mex};

/// The stream of (misère) Grundy values `G(0), G(1), …` of a [`RemainderGame`].
///
/// # Complexity
/// `O(|S|)` per value. Memory: the streaming engine holds the last `max S` values, the naive
/// engine every value.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::engine::{Engine, Play};
/// use grundy::engine::remainder::RemainderValues;
/// let grundy::Game::Remainder(game) = grundy::parse_game("subtraction:2..5,rest")? else { unreachable!() };
/// // HDU 2897 with p = 2, q = 5: under misère play the player to move loses exactly when
/// // n mod 7 is 1 or 2.
/// let first: Vec<u32> = RemainderValues::new(&game, Engine::Streaming, Play::Misere).take(9).collect();
/// assert_eq!(first, [1, 0, 0, 2, 2, 3, 1, 1, 0]);
/// # Ok(()) }
/// ```
pub struct RemainderValues {
    members: Vec<u64>,
    /// The last values in a ring (streaming), or every value (naive).
    ring: Vec<u32>,
    mask: usize,
    naive: bool,
    next: u64,
    play: Play,
    mex: Bitset,
}

impl RemainderValues {
    /// Starts the stream at `G(0)`.
    pub fn new(game: &RemainderGame, engine: Engine, play: Play) -> Self {
        let members = game.finite().members().to_vec();
        let naive = engine == Engine::Naive;
        let size = if naive {
            0
        } else {
            usize::try_from(game.largest() + 1)
                .expect("amounts are bounded")
                .next_power_of_two()
        };
        Self {
            members,
            ring: vec![0; size],
            mask: size.saturating_sub(1),
            naive,
            next: 0,
            play,
            mex: Bitset::default(),
        }
    }

    fn get(&self, m: u64) -> u32 {
        if self.naive {
            self.ring[m as usize]
        } else {
            self.ring[m as usize & self.mask]
        }
    }
}

impl Stream for RemainderValues {
    fn position(&self) -> u64 {
        self.next
    }

    fn work_per_value(&self) -> u64 {
        self.members.len() as u64
    }
}

impl Iterator for RemainderValues {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let n = self.next;
        let least = self.members[0];
        let value = if n == 0 {
            self.play.value(true, 0)
        } else if n < least {
            // The rest rule: the one option is the empty heap.
            mex([self.get(0)])
        } else if self.naive {
            mex(self
                .members
                .iter()
                .take_while(|&&s| s <= n)
                .map(|&s| self.get(n - s)))
        } else {
            for &s in &self.members {
                if s > n {
                    break;
                }
                let value = self.get(n - s);
                self.mex.insert(value);
            }
            self.mex.take_mex()
        };
        if self.naive {
            self.ring.push(value);
        } else {
            self.ring[n as usize & self.mask] = value;
        }
        self.next += 1;
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::subtraction::FiniteSet;

    /// The definition: options of `n` from the rules, values by memoised recursion.
    fn brute_force(game: &RemainderGame, play: Play, count: u64) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::new();
        for n in 0..count {
            let options: Vec<u32> = game
                .amounts(n)
                .into_iter()
                .map(|s| values[(n - s) as usize])
                .collect();
            values.push(play.value(options.is_empty(), mex(options)));
        }
        values
    }

    #[test]
    fn both_engines_follow_the_rules() {
        for members in [
            vec![2, 5],
            vec![2, 3, 4, 5],
            vec![3, 4, 9],
            vec![7],
            vec![4, 6, 11],
        ] {
            let game = RemainderGame::new(FiniteSet::new(members.clone()).unwrap()).unwrap();
            for play in [Play::Normal, Play::Misere] {
                let expected = brute_force(&game, play, 300);
                for engine in Engine::ALL {
                    let values: Vec<u32> = RemainderValues::new(&game, engine, play)
                        .take(300)
                        .collect();
                    assert_eq!(values, expected, "{members:?} {play:?} {engine:?}");
                }
            }
        }
    }

    #[test]
    fn misere_intervals_lose_exactly_at_1_to_p_mod_p_plus_q() {
        // HDU 2897: take p..q; fewer than p left, take them all; whoever takes the last loses.
        for p in 2..8u64 {
            for q in p..12 {
                let game = RemainderGame::new(FiniteSet::new(p..=q).unwrap()).unwrap();
                let values: Vec<u32> = RemainderValues::new(&game, Engine::Streaming, Play::Misere)
                    .take(200)
                    .collect();
                for (n, value) in values.iter().enumerate() {
                    let r = n as u64 % (p + q);
                    assert_eq!(
                        *value == 0,
                        (1..=p).contains(&r),
                        "p = {p}, q = {q}, n = {n}"
                    );
                }
            }
        }
    }
}
