//! Several heaps of a misère subtraction game with a finite set, answered by the misère theory of
//! take-and-break codes.
//!
//! A finite subtraction set `S` is the take-and-break code whose digit `d_i` is 3 for each amount
//! `i` in `S` and 0 otherwise: digit 3 lets a move remove `i` tokens and leave the rest as one heap
//! or none, which is exactly taking `i` from the heap. The two games have the same positions and
//! the same moves, so every misère answer of the code — the tame rule (docs/misere.md Theorem 1),
//! a misère quotient, the exhaustive search over multisets of heaps — is an answer of the
//! subtraction game; its moves are written back as amounts taken from a heap.

use num_bigint::BigUint;

use super::super::{Action, Analyzer, Error, Move, Solution, Target};
use crate::games::game::Game;
use crate::games::octal::{Code, Modifier};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::subtraction::FiniteSet;

/// The largest amount of a set written as a code: its digits are listed one per amount.
pub(crate) const MAX_CODE_AMOUNT: u64 = 65_536;

/// The take-and-break code of the subtraction game on `set`: digit 3 at each amount. `None` when
/// its largest amount is above [`MAX_CODE_AMOUNT`].
pub(crate) fn code_of(set: &FiniteSet) -> Option<Code> {
    let largest = usize::try_from(set.largest())
        .ok()
        .filter(|&largest| largest as u64 <= MAX_CODE_AMOUNT)?;
    let mut digits = vec![(0, Modifier::None); largest + 1];
    for &amount in set.members() {
        digits[amount as usize] = (3, Modifier::None);
    }
    Code::new(digits, Vec::new()).ok()
}

impl Analyzer<'_> {
    /// Solves `heaps` of `game` (`misere:subtraction:S` for a finite `S`) as the misère
    /// take-and-break code of `set`; `None` when the set is too large to write as a code.
    ///
    /// # Errors
    /// As the misère answers of take-and-break codes (a refusal beyond the position limit, the
    /// budget's errors).
    pub(in crate::analysis) fn solve_misere_set(
        &self,
        game: &Game,
        set: &FiniteSet,
        heaps: &[BigUint],
    ) -> Option<Result<Solution, Error>> {
        let code = code_of(set)?;
        let octal = Game::Misere(Box::new(Game::Octal(code)));
        let position = Position::Heaps(heaps.to_vec());
        let answer = super::super::answers(&octal).solve(self, &octal, Play::Misere, &position)?;
        Some(answer.map(|mut solution| {
            solution.game = game.clone();
            solution.winning_moves = solution
                .winning_moves
                .into_iter()
                .map(|step| as_take(step, heaps))
                .collect();
            solution
        }))
    }
}

/// A take-and-break move of the code as the subtraction game writes it: the amount taken from a
/// heap, the heap left in its place (0 when all of it is taken).
fn as_take(step: Move, heaps: &[BigUint]) -> Move {
    let Action::TakeAndBreak { heap, take, parts } = step.action else {
        return step;
    };
    let index = heap.unwrap_or(0);
    let left = parts.first().cloned().unwrap_or_default();
    let to = match step.to {
        Target::Whole(_) => {
            let mut after = heaps.to_vec();
            after[index] = left;
            Target::Whole(Position::Heaps(after))
        }
        Target::Heap { index, .. } => Target::Heap {
            index,
            heaps: vec![left],
        },
        other => other,
    };
    Move {
        component: step.component,
        action: Action::TakeFromHeap {
            heap: index,
            amount: take,
        },
        to,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Config;
    use crate::input::spec::parse_game;

    /// The winning moves as (heap, amount), sorted.
    fn takes(solution: &Solution) -> Vec<(usize, BigUint)> {
        let mut takes: Vec<(usize, BigUint)> = solution
            .winning_moves
            .iter()
            .map(|step| match &step.action {
                Action::TakeFromHeap { heap, amount } => (*heap, amount.clone()),
                other => panic!("a take from a heap: {other:?}"),
            })
            .collect();
        takes.sort();
        takes
    }

    /// The code's answers (tame rule, quotient, multiset search) against the search over the
    /// ordered sum of one-heap games, on every position of up to three heaps below 9 and some
    /// of four.
    #[test]
    fn the_code_answers_as_the_sum_search() {
        let analyzer = Analyzer::new(Config::default());
        for spec in ["1,3,4", "2,3", "1,4", "2,5,6", "3,4", "1,2,4,8", "2"] {
            let game = parse_game(&format!("misere:subtraction:{spec}")).unwrap();
            let set = match game.base() {
                Game::Subtraction(game) => match game.set() {
                    crate::games::subtraction::SubtractionSet::Finite(set) => set.clone(),
                    other => panic!("{other:?}"),
                },
                other => panic!("{other:?}"),
            };
            let mut positions: Vec<Vec<u32>> = Vec::new();
            for a in 0..9 {
                for b in a..9 {
                    positions.push(vec![a, b]);
                    for c in b..9 {
                        positions.push(vec![c, a, b]);
                    }
                }
            }
            positions.extend([vec![5, 7, 2, 8], vec![1, 1, 1, 1], vec![6, 6, 3, 3]]);
            for heaps in positions {
                let heaps: Vec<BigUint> = heaps.into_iter().map(BigUint::from).collect();
                let by_code = analyzer
                    .solve_misere_set(&game, &set, &heaps)
                    .expect("a small set is a code")
                    .unwrap();
                let by_sum = analyzer
                    .solve_misere_heaps(&game, game.base(), &heaps)
                    .unwrap();
                assert_eq!(by_code.outcome, by_sum.outcome, "{spec} at {heaps:?}");
                assert_eq!(takes(&by_code), takes(&by_sum), "{spec} at {heaps:?}");
            }
        }
    }
}
