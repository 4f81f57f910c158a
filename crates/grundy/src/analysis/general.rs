//! Games solved as whole graphs by retrograde analysis: the contest game `oddball`, and
//! (in `script`) games written as scripts. Values may be win, lose, tie or draw, with remoteness.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{Analyzer, Basis, Error, Move, Outcome, ScoredMove, Solution};
use crate::game::Game;
use crate::oddball;
use crate::solver::Solved;
use crate::subtraction::FiniteSet;

/// What a move achieves for the player making it, from the solution of the position it leads to.
pub(super) fn scored(play: Move, child: Solved) -> ScoredMove {
    ScoredMove {
        play,
        value: child.value.flipped(),
        remoteness: child.remoteness.map(|r| r + 1),
    }
}

/// The sentence for a solved position.
pub(super) fn verdict(solved: Solved) -> String {
    match (solved.value, solved.remoteness) {
        (Outcome::Win, Some(r)) => format!("the player to move wins in {r} moves at most"),
        (Outcome::Lose, Some(r)) => format!("the player to move loses, holding out for {r} moves"),
        (Outcome::Tie, Some(r)) => format!("best play ties, after {r} moves"),
        _ => "best play never ends: a draw".to_owned(),
    }
}

impl Analyzer<'_> {
    /// The contest game, by retrograde analysis of every position with at most `left` balls.
    pub(super) fn solve_oddball(
        &self,
        game: &Game,
        set: &FiniteSet,
        left: &BigUint,
        mine: &BigUint,
        theirs: &BigUint,
    ) -> Result<Solution, Error> {
        let limit = self.max_positions();
        let n = left.to_usize().filter(|&n| 4 * (n as u64 + 1) <= limit).ok_or_else(|| {
            Error::Refused(format!(
                "{game} is solved over every position with at most {left} balls left, 4 per pile size, which exceeds the limit of {limit} positions; raise it with --max"
            ))
        })?;
        let (mine_odd, theirs_odd) = (mine.bit(0), theirs.bit(0));
        let records = oddball::solve_up_to(set, n);
        let solved = records.get(oddball::index(n, mine_odd, theirs_odd));
        let moves: Vec<ScoredMove> = set
            .members()
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| {
                let (l, m, t) = oddball::after(n, mine_odd, theirs_odd, s as usize);
                let play = Move {
                    description: format!("take {s}"),
                    to: format!("{l}/{theirs}/{}", mine + s),
                };
                scored(play, records.get(oddball::index(l, m, t)))
            })
            .collect();
        let winning_moves = moves
            .iter()
            .filter(|m| m.value == Outcome::Win)
            .map(|m| m.play.clone())
            .collect();
        let reason = format!(
            "retrograde analysis of all {} positions with at most {n} balls left (only the parities of the holdings matter): {}. The game is decided by parities, not by the last move, so it has no Grundy value.",
            records.len(),
            verdict(solved)
        );
        Ok(Solution {
            game: game.to_string(),
            position: if mine == &BigUint::ZERO && theirs == &BigUint::ZERO {
                left.to_string()
            } else {
                format!("{left}/{mine}/{theirs}")
            },
            outcome: solved.value,
            grundy: None,
            misere_grundy: None,
            winning_moves,
            remoteness: solved.remoteness,
            moves,
            basis: Basis::Search {
                positions: records.len() as u64,
            },
            reason,
        })
    }
}
