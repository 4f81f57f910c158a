//! Green Hackenbush (Winning Ways ch. 7; 树的删边游戏, 无向图删边游戏): a picture of edges, some
//! attached to the ground (node 0); a move removes one edge, and every edge no longer connected
//! to the ground falls with it; whoever cannot move loses. A position is the list of edges,
//! `0-1,1-2,1-3` (or one edge per line, `u v`), or a parent array `parents: 0 0 1 1` (node `i`,
//! from 1, hangs from node `p_i`, 0 being the ground).
//!
//! The theorems: the **colon principle** — a vertex's branches may be replaced by a stalk of the
//! xor of their values, so a rooted tree is worth the xor over the root's children `c` of
//! `value(c) + 1` — and the **fusion principle** — the vertices of any cycle may be fused into
//! one, its edges becoming loops, each loop worth 1 (a stalk of one edge). Fusing every
//! 2-edge-connected block leaves a tree of blocks joined by bridges, valued by the colon
//! principle (docs/classical-extensions.md states both with their sources). `verify` and
//! `tests/theorems.rs` compare the value and every winning move with the search of the literal
//! rules on every small picture, cycles, loops and parallel edges included.
//!
//! Every winning move is found from the top down: the value each block's term must take for the
//! whole to reach the target is passed to its children (cutting the bridge above a block removes
//! its term; a move inside it changes the term to one less than the value its own value must
//! become), and a move inside a block's cycles re-decomposes that block without the edge.

mod decompose;
#[cfg(test)]
mod tests;

use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use crate::games::moves::Action;
use crate::games::position::Position;
use crate::games::registry::{Family, RuleProblem, Summary};
use crate::games::ruleset::{PositionProblem, PositionShape, Ruleset};
use crate::games::theorem::{ListRule, Part, PartLabel, Reading, Theorem};

use decompose::Picture;

/// The family's entry in the registry.
pub const FAMILY: Family = Family {
    name: "hackenbush",
    summary: Summary {
        en: "Green Hackenbush: a picture of edges attached to the ground (node 0); a move removes an edge, and whatever no longer reaches the ground falls",
        zh: "绿色 Hackenbush（删边游戏）：一幅由边组成、与地面（0 号点）相连的图；每步删去一条边，不再与地面相连的部分随之落下",
    },
    example: "hackenbush",
    rules,
};

/// The most steps listing every winning move may take inside cycles (each edge of a block
/// re-decomposes its block): about a second.
pub const MOST_CYCLE_WORK: u64 = 1 << 27;

/// A picture's edges and their decomposition.
type Decomposed = (Arc<Vec<(u64, u64)>>, Arc<Picture>);

/// The most edges a picture may have (nodes and edges are counted in 32 bits).
pub const MOST_EDGES: u64 = 1 << 31;

/// Green Hackenbush.
#[derive(Default)]
pub struct Hackenbush {
    /// The last picture decomposed, with the edges it was read from: one question asks the
    /// theorem several things about the same position (its worth, its moves, whether they are
    /// listed), which one decomposition answers.
    last: Mutex<Option<Decomposed>>,
}

impl std::fmt::Debug for Hackenbush {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Hackenbush")
    }
}

impl Hackenbush {
    /// The decomposition of `position`'s picture, reused when it is the last one asked about.
    fn picture(&self, position: &Position) -> Option<Arc<Picture>> {
        let Position::Edges(edges) = position else {
            return None;
        };
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((seen, picture)) = last.as_ref()
            && Arc::ptr_eq(seen, edges)
        {
            return Some(Arc::clone(picture));
        }
        let picture = Arc::new(Picture::new(edges));
        *last = Some((Arc::clone(edges), Arc::clone(&picture)));
        Some(picture)
    }
}

fn rules(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem> {
    match rule {
        None => Ok(Arc::new(Hackenbush::default())),
        Some(rule) => Err(RuleProblem {
            span: 0..rule.len(),
            message: "'hackenbush' takes no rule after a colon".to_owned(),
            hint: "write just hackenbush, and the edges as the position, e.g. hackenbush[0-1,1-2,1-3]"
                .to_owned(),
        }),
    }
}

/// The edges of a position.
fn edges(position: &Position) -> Option<&[(u64, u64)]> {
    match position {
        Position::Edges(edges) => Some(edges),
        _ => None,
    }
}

/// The position after removing edge `index`, without the edges that no longer reach the ground.
fn without(edges: &[(u64, u64)], index: usize) -> Position {
    let mut rest: Vec<(u64, u64)> = edges.to_vec();
    rest.remove(index);
    let picture = Picture::new(&rest);
    let kept: Vec<(u64, u64)> = picture.grounded_edges().map(|i| rest[i]).collect();
    Position::Edges(Arc::new(kept))
}

impl Ruleset for Hackenbush {
    fn example_position(&self) -> &'static str {
        "0-1,1-2,1-3"
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Edges
    }

    fn empty_position(&self) -> &'static str {
        "(no edges)"
    }

    /// At most `2^31` edges: nodes and edges are counted in 32 bits.
    fn check_position(&self, position: &Position) -> Result<(), PositionProblem> {
        match edges(position) {
            Some(edges) if edges.len() as u64 >= MOST_EDGES => Err(PositionProblem {
                message: format!(
                    "the picture has {} edges, more than the {MOST_EDGES} grundy reads",
                    edges.len()
                ),
                hint: "split the picture: a sum of pictures is their xor".to_owned(),
            }),
            _ => Ok(()),
        }
    }

    /// One move per edge connected to the ground.
    fn option_count(&self, position: &Position) -> Option<BigUint> {
        Some(self.picture(position)?.grounded_edges().count().into())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        let edges = edges(position)?;
        let picture = Picture::new(edges);
        let grounded: Vec<usize> = picture.grounded_edges().collect();
        if grounded.len() as u64 > crate::games::ruleset::MAX_LISTED_OPTIONS {
            return None;
        }
        Some(
            grounded
                .into_iter()
                .map(|index| (chop(edges, index), without(edges, index)))
                .collect(),
        )
    }

    /// The edges that reach the ground, each written smaller node first, in order.
    fn search_key(&self, position: &Position) -> Position {
        let Some(edges) = edges(position) else {
            return position.clone();
        };
        let picture = Picture::new(edges);
        let mut kept: Vec<(u64, u64)> = picture
            .grounded_edges()
            .map(|i| {
                let (u, v) = edges[i];
                (u.min(v), u.max(v))
            })
            .collect();
        kept.sort_unstable();
        Position::Edges(Arc::new(kept))
    }

    /// Each set of the grounded edges at most: `2^m` (none beyond `m = 4096`).
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        let count = self.picture(position)?.grounded_edges().count();
        (count <= 4096).then(|| BigUint::from(1u32) << count)
    }

    fn theorem(&self) -> Option<&dyn Theorem> {
        Some(self)
    }

    fn verify_reach(&self) -> u64 {
        4
    }
}

/// The move removing edge `index` of `edges`.
fn chop(edges: &[(u64, u64)], index: usize) -> Action {
    let (from, to) = edges[index];
    Action::Chop {
        edge: index,
        from,
        to,
    }
}

impl Theorem for Hackenbush {
    fn name(&self) -> Summary {
        Summary {
            en: "The colon and fusion principles of Green Hackenbush (Winning Ways, ch. 7)",
            zh: "绿色 Hackenbush 的冒号原理与融合原理（《Winning Ways》第 7 章）",
        }
    }

    fn statement(&self) -> Summary {
        Summary {
            en: "The vertices of any cycle may be fused into one, the cycle's edges becoming loops worth 1 each (fusion); branches at a vertex may be replaced by a stalk whose length is the xor of their values (colon). Fusing every cycle leaves a tree of blocks: a branch hanging from a vertex is worth one more than the value at its top, and a vertex is worth the xor of its branches and loops.",
            zh: "任一圈上的顶点可以融合为一点，圈上的边变成自环，每个自环值为 1（融合原理）；一个顶点上的若干分支可以换成一根长度为它们的值的异或的竹竿（冒号原理）。把所有圈融合后得到一棵由块组成的树：挂在某点下的分支值为其顶端的值加 1，一个顶点的值是它的各分支与自环的值的异或。",
        }
    }

    /// The ground's branches (each bridge from the ground's block with what hangs from it) and
    /// the loops the ground's cycles fuse into.
    fn read(&self, position: &Position) -> Option<Reading> {
        let picture = self.picture(position)?;
        let mut parts: Vec<Part> = picture
            .ground_branches()
            .into_iter()
            .map(|(node, value)| Part {
                label: PartLabel::Branch(node),
                value: value.into(),
            })
            .collect();
        let loops = picture.ground_loops();
        if loops > 0 {
            parts.push(Part {
                label: PartLabel::Loops(loops),
                value: (loops % 2).into(),
            });
        }
        Some(Reading::xor(parts))
    }

    fn moves_to(&self, position: &Position, target: &BigUint, _: u64) -> Option<Vec<Action>> {
        let edges = edges(position)?;
        let picture = self.picture(position)?;
        if picture.cycle_work() > MOST_CYCLE_WORK {
            return None;
        }
        let Ok(target) = u64::try_from(target) else {
            return Some(Vec::new());
        };
        Some(
            picture
                .moves_to(target)
                .into_iter()
                .map(|index| chop(edges, index))
                .collect(),
        )
    }

    fn unlisted_reason(&self, position: &Position) -> Option<String> {
        let picture = self.picture(position)?;
        let work = picture.cycle_work();
        (work > MOST_CYCLE_WORK).then(|| {
            format!(
                "finding every winning move inside its cycles decomposes each block again without each of its edges, about {work} steps, beyond {MOST_CYCLE_WORK}; with fewer edges on cycles they are listed"
            )
        })
    }

    fn after(&self, position: &Position, action: &Action, most_numbers: u64) -> Option<Position> {
        let edges = edges(position)?;
        let Action::Chop { edge, from, to } = action else {
            return None;
        };
        (edges.len() as u64 <= most_numbers && edges.get(*edge) == Some(&(*from, *to)))
            .then(|| without(edges, *edge))
    }

    fn list_rule(&self) -> Option<ListRule> {
        Some(ListRule::Picture)
    }

    /// Every picture of at most `reach` (at most 4) edges among nodes 0 to 3, loops and
    /// parallel edges included, each edge written smaller node first.
    fn small_positions(&self, reach: u64) -> Vec<Position> {
        let reach = reach.min(4) as usize;
        let pairs: Vec<(u64, u64)> = (0..4u64)
            .flat_map(|u| (u..4).map(move |v| (u, v)))
            .collect();
        let mut positions = vec![Position::Edges(Arc::new(Vec::new()))];
        // Multisets of pairs, as non-decreasing index lists.
        let mut current: Vec<Vec<usize>> = vec![Vec::new()];
        for _ in 0..reach {
            let mut next = Vec::new();
            for chosen in &current {
                let least = chosen.last().copied().unwrap_or(0);
                for index in least..pairs.len() {
                    let mut longer = chosen.clone();
                    longer.push(index);
                    let edges: Vec<(u64, u64)> = longer.iter().map(|&i| pairs[i]).collect();
                    positions.push(Position::Edges(Arc::new(edges)));
                    next.push(longer);
                }
            }
            current = next;
        }
        positions
    }
}
