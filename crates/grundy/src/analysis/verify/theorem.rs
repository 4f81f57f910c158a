//! `verify` for a family with a theorem of its own: `solve` by the theorem (value, outcome,
//! the positions every winning move leaves) against the general search over the family's
//! options — its literal rules, explored from the position and solved backwards — on every
//! small position the family names.

use super::{Answer, BruteForce, FastPath, Run, Tally};
use crate::analysis::{Basis, Error, Solution, Target};
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::theorem::Theorem;

impl Run<'_, '_> {
    /// The theorem against the search, position by position.
    pub(in crate::analysis) fn theorem(&mut self, theorem: &dyn Theorem) -> Result<(), Error> {
        if self.game.play() == Play::Misere {
            return Err(Error::refused(format!(
                "{}: misère play is answered one way, by exploring its positions (the family's theorem is about normal play), so there is no second path to compare with",
                self.game
            )));
        }
        self.brute_force = BruteForce::Options;
        let analyzer = self.analyzer;
        let solver = analyzer.path_analyzer(analyzer.config);
        let rules = self
            .game
            .base()
            .ruleset()
            .ok_or_else(|| Error::Internal(format!("{} has no rules", self.game)))?;
        let leaves = |positions: Vec<Position>| {
            let mut positions: Vec<Position> =
                positions.iter().map(|p| rules.search_key(p)).collect();
            positions.sort_by_key(ToString::to_string);
            positions.dedup();
            Answer::Leaves(positions)
        };
        let positions = theorem.small_positions(self.to);
        // The family caps how far it compares: the numbers below `to` that were compared.
        self.to = positions
            .iter()
            .filter_map(|position| match position {
                Position::Heaps(numbers) => {
                    numbers.iter().max().and_then(|n| u64::try_from(n).ok())
                }
                // A picture: how many edges.
                Position::Edges(edges) => Some(edges.len() as u64),
                // A grid: its farthest row or column.
                Position::Cells(cells) => cells.iter().map(|&(a, b)| a.max(b)).max(),
                _ => None,
            })
            .max()
            .map_or(0, |largest| largest.saturating_add(1));
        let mut tally = Tally::new(FastPath::Solve);
        for position in positions {
            let fast = solver.solve(self.game, &position)?;
            let brute = solver.solve_by_search(self.game, &position)?;
            if let Basis::Search { positions, .. } = brute.basis {
                self.brute_force_positions += positions;
            }
            let written = |solution: &Solution| {
                solution
                    .winning_moves
                    .iter()
                    .map(|m| match &m.to {
                        Target::Whole(position) => position.clone(),
                        _ => Position::Sum,
                    })
                    .collect::<Vec<_>>()
            };
            let agrees = match (&brute.grundy, &fast.grundy) {
                (Some(b), Some(f)) => tally.compare(
                    self.game,
                    &position,
                    Answer::Value(b.clone()),
                    Answer::Value(f.clone()),
                ),
                _ => true,
            } && tally.compare(
                self.game,
                &position,
                Answer::Outcome(brute.outcome),
                Answer::Outcome(fast.outcome),
            ) && tally.compare(
                self.game,
                &position,
                leaves(written(&brute)),
                leaves(written(&fast)),
            );
            if !agrees {
                break;
            }
        }
        self.checks.push(tally.check());
        Ok(())
    }
}
