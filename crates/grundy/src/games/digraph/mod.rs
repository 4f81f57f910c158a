//! Tokens on a directed graph (有向图游戏): a graph the user gives, one or several tokens on its
//! nodes; a move slides one token along an edge; whoever cannot move loses. The graph is the
//! rule — `digraph:0>1,1>2,0>2` inline, or `digraph:@graph.txt` read from a file (one edge per
//! line, `u v`) — and a position lists the tokens' nodes: `0,0,1`.
//!
//! The theorem: the tokens play as the sum of one-token games, so a position is worth the xor of
//! its tokens' node values. On an acyclic graph a node's value is the mex of its successors',
//! computed children first in `O(V + E)`; with cycles, Smith's generalised values: a node may be
//! infinite, `∞(K)` with `K` the finite values of its successors, where play can go on forever
//! — a sum holding one infinite token `∞(K)` and finite ones worth `x` in all is won exactly when
//! `x ∈ K` (by moving that token to a node worth `x`), and is a draw otherwise; a sum of two
//! infinite tokens or more is a draw. `verify` and `tests/theorems.rs` compare it with the
//! search of the literal rules.

use std::sync::{Arc, OnceLock};

use num_bigint::BigUint;

use crate::games::moves::Action;
use crate::games::position::{Position, pieces};
use crate::games::registry::{Family, RuleProblem, Summary};
use crate::games::ruleset::{PositionShape, Ruleset, listable};
use crate::games::theorem::{ListRule, Part, PartLabel, Reading, Theorem, Worth};
use crate::theory::solver::{Loopy, smith_values};

#[cfg(test)]
mod tests;

/// The family's entry in the registry.
pub const FAMILY: Family = Family {
    name: "digraph",
    summary: Summary {
        en: "tokens on a directed graph given as the rule (digraph:0>1,1>2 or digraph:@FILE); a move slides one token along an edge",
        zh: "有向图上的若干棋子，图作为规则给出（digraph:0>1,1>2 或 digraph:@文件）；每步沿一条边移动一枚棋子",
    },
    example: "digraph:0>1,1>2",
    rules,
};

/// The most edges a graph may have (nodes and edges are counted in 32 bits).
pub const MOST_EDGES: usize = 1 << 31;

/// A directed graph on nodes named by whole numbers, and the values of its nodes (computed at
/// the first question).
pub struct Digraph {
    /// The nodes' names, in the order first written.
    names: Vec<u64>,
    /// Each node's successors (node indices), in the order written.
    successors: Vec<Vec<u32>>,
    /// Each name's index, sorted by name.
    index: Vec<(u64, u32)>,
    /// Each node's value: a nimber, or infinite with the finite values of its successors.
    values: OnceLock<Vec<Loopy>>,
}

impl std::fmt::Debug for Digraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Digraph")
            .field("nodes", &self.names.len())
            .finish_non_exhaustive()
    }
}

/// The hint every problem with a graph ends with.
const GRAPH_HINT: &str = "write the edges as u>v separated by commas (digraph:0>1,1>2), or give a file of one edge per line (digraph:@graph.txt)";

fn rules(rule: Option<&str>) -> Result<Arc<dyn Ruleset>, RuleProblem> {
    let Some(text) = rule else {
        return Err(RuleProblem {
            span: 0..0,
            message: "'digraph' needs its graph after a colon".to_owned(),
            hint: GRAPH_HINT.to_owned(),
        });
    };
    Ok(Arc::new(Digraph::read(text)?))
}

impl Digraph {
    /// The graph of `text`: edges `u>v` (or `u->v`, or `u v`) separated by commas, semicolons
    /// or new lines.
    ///
    /// # Errors
    /// A [`RuleProblem`] at the first piece that is not an edge of two whole numbers.
    pub fn read(text: &str) -> Result<Self, RuleProblem> {
        let mut edges = Vec::new();
        for (at, edge) in pieces(text, |c| matches!(c, ',' | ';' | '\n')) {
            let ends = pieces(edge, |c| c.is_whitespace() || matches!(c, '>' | '-'));
            let node = |(offset, word): (usize, &str)| {
                word.parse::<u64>().map_err(|_| RuleProblem {
                    span: at + offset..at + offset + word.len(),
                    message: format!("'{word}' is not a node: nodes are whole numbers below 2^64"),
                    hint: GRAPH_HINT.to_owned(),
                })
            };
            match ends.as_slice() {
                [from, to] => edges.push((node(*from)?, node(*to)?)),
                _ => {
                    return Err(RuleProblem {
                        span: at..at + edge.len(),
                        message: "an edge goes from one node to another: u>v".to_owned(),
                        hint: GRAPH_HINT.to_owned(),
                    });
                }
            }
            if edges.len() >= MOST_EDGES {
                return Err(RuleProblem {
                    span: at..at + edge.len(),
                    message: format!("the graph has more than {MOST_EDGES} edges"),
                    hint: GRAPH_HINT.to_owned(),
                });
            }
        }
        Ok(Self::new(&edges))
    }

    /// The graph of `edges`.
    pub fn new(edges: &[(u64, u64)]) -> Self {
        let mut index: Vec<(u64, u32)> = Vec::with_capacity(edges.len() + 1);
        let mut names: Vec<u64> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
        names.sort_unstable();
        names.dedup();
        for (i, &name) in names.iter().enumerate() {
            index.push((name, i as u32));
        }
        let find = |name: u64| index.binary_search_by_key(&name, |&(n, _)| n).ok();
        let mut successors = vec![Vec::new(); names.len()];
        for &(u, v) in edges {
            if let (Some(u), Some(v)) = (find(u), find(v)) {
                successors[index[u].1 as usize].push(index[v].1);
            }
        }
        Self {
            names,
            successors,
            index,
            values: OnceLock::new(),
        }
    }

    /// The index of the node named `name`, if the graph has it.
    fn node(&self, name: &BigUint) -> Option<usize> {
        let name = u64::try_from(name).ok()?;
        self.index
            .binary_search_by_key(&name, |&(n, _)| n)
            .ok()
            .map(|i| self.index[i].1 as usize)
    }

    /// Every node's value: children first where the graph has no cycle, else Smith's values.
    fn values(&self) -> &[Loopy] {
        self.values.get_or_init(|| match self.acyclic_values() {
            Some(values) => values.into_iter().map(Loopy::Nimber).collect(),
            None => smith_values(&self.successors),
        })
    }

    /// The Grundy values children first (Kahn's order on the reversed graph), or `None` where
    /// a cycle leaves nodes unordered.
    fn acyclic_values(&self) -> Option<Vec<u32>> {
        let n = self.names.len();
        let mut remaining: Vec<u32> = self.successors.iter().map(|s| s.len() as u32).collect();
        let mut predecessors = vec![Vec::new(); n];
        for (u, options) in self.successors.iter().enumerate() {
            for &v in options {
                predecessors[v as usize].push(u as u32);
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&u| remaining[u] == 0).collect();
        let mut values = vec![u32::MAX; n];
        let mut seen = Vec::new();
        let mut done = 0;
        while let Some(u) = ready.pop() {
            seen.clear();
            seen.extend(self.successors[u].iter().map(|&v| values[v as usize]));
            seen.sort_unstable();
            seen.dedup();
            values[u] = seen
                .iter()
                .enumerate()
                .find(|&(i, &value)| value != i as u32)
                .map_or(seen.len() as u32, |(i, _)| i as u32);
            done += 1;
            for &p in &predecessors[u] {
                remaining[p as usize] -= 1;
                if remaining[p as usize] == 0 {
                    ready.push(p as usize);
                }
            }
        }
        (done == n).then_some(values)
    }

    /// The value of a token at the node named `name` (a node without edges is a sink: 0).
    fn value_of(&self, name: &BigUint) -> Loopy {
        match self.node(name) {
            Some(node) => self.values()[node].clone(),
            None => Loopy::Nimber(0),
        }
    }
}

/// The tokens of a position: the nodes they stand on.
fn tokens(position: &Position) -> Option<&[BigUint]> {
    match position {
        Position::Heaps(tokens) => Some(tokens),
        _ => None,
    }
}

/// The position with token `index` moved to `to`.
fn slid(tokens: &[BigUint], index: usize, to: u64) -> Position {
    let mut after = tokens.to_vec();
    after[index] = BigUint::from(to);
    Position::Heaps(after)
}

impl Ruleset for Digraph {
    fn example_position(&self) -> &'static str {
        "0,1"
    }

    fn position_shape(&self) -> PositionShape<'_> {
        PositionShape::Heaps
    }

    fn empty_position(&self) -> &'static str {
        "(no tokens)"
    }

    /// One move per token and edge out of its node.
    fn option_count(&self, position: &Position) -> Option<BigUint> {
        let count: u64 = tokens(position)?
            .iter()
            .filter_map(|token| self.node(token))
            .map(|node| self.successors[node].len() as u64)
            .sum();
        Some(count.into())
    }

    fn options(&self, position: &Position) -> Option<Vec<(Action, Position)>> {
        let tokens = tokens(position)?;
        if !listable(&self.option_count(position)?) {
            return None;
        }
        let mut options = Vec::new();
        for (index, token) in tokens.iter().enumerate() {
            let Some(node) = self.node(token) else {
                continue;
            };
            for &next in &self.successors[node] {
                let to = self.names[next as usize];
                let from = self.names[node];
                options.push((
                    Action::Slide {
                        token: index,
                        from,
                        to,
                    },
                    slid(tokens, index, to),
                ));
            }
        }
        Some(options)
    }

    /// Tokens in order: the game does not tell them apart.
    fn search_key(&self, position: &Position) -> Position {
        match tokens(position) {
            Some(tokens) => {
                let mut sorted = tokens.to_vec();
                sorted.sort();
                Position::Heaps(sorted)
            }
            None => position.clone(),
        }
    }

    /// At most `V^t` positions for `t` tokens on `V` nodes (none beyond `2^128`).
    fn reachable_bound(&self, position: &Position) -> Option<BigUint> {
        let nodes = BigUint::from(self.names.len().max(1));
        let mut bound = BigUint::from(1u32);
        for _ in tokens(position)? {
            bound *= &nodes;
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
        3
    }
}

impl Theorem for Digraph {
    fn name(&self) -> Summary {
        Summary {
            en: "The sum of tokens on a graph (Sprague–Grundy, with Smith's values where play can go on forever)",
            zh: "图上棋子之和（Sprague–Grundy 定理；可无限进行时用 Smith 的广义值）",
        }
    }

    fn statement(&self) -> Summary {
        Summary {
            en: "Each token is a game of its own and the position is their sum: a node is worth the mex of its successors' values (a node without successors is worth 0), and the position the xor of its tokens' values. Where a cycle lets play go on forever a node may be infinite, ∞(K) with K the finite values of its successors: one infinite token with finite ones worth x in all wins exactly when x is in K, and is a draw otherwise; two infinite tokens or more are a draw.",
            zh: "每枚棋子各自是一个游戏，局面是它们的和：一个点的值是其后继的值的 mex（没有后继的点值为 0），局面的值是各棋子所在点的值的异或。若有环使游戏可以无限进行，某些点的值是无穷 ∞(K)，K 为其后继中的有限值：一枚无穷棋子加上其余棋子（有限值异或为 x），当且仅当 x 属于 K 时先手必胜，否则为平局；两枚及以上无穷棋子为平局。",
        }
    }

    fn read(&self, position: &Position) -> Option<Reading> {
        let tokens = tokens(position)?;
        let mut parts = Vec::new();
        let mut infinite = Vec::new();
        for token in tokens {
            match self.value_of(token) {
                Loopy::Nimber(value) => parts.push(Part {
                    label: PartLabel::Token(token.clone()),
                    value: value.into(),
                }),
                Loopy::Infinite(options) => infinite.push((token.clone(), options)),
            }
        }
        let mut reading = Reading::xor(parts);
        let Worth::Grundy(finite) = &reading.worth else {
            return Some(reading);
        };
        reading.worth = match infinite.as_slice() {
            [] => return Some(reading),
            [(node, options)] => Worth::Infinite {
                node: Some(node.clone()),
                options: options.iter().map(|&k| BigUint::from(k) ^ finite).collect(),
            },
            _ => Worth::Infinite {
                node: None,
                options: Vec::new(),
            },
        };
        Some(reading)
    }

    /// The moves to a position worth `target`: from a finite token, to a node worth its value
    /// xor the position's xor xor `target`; with one infinite token, only that token's moves
    /// to a node worth the finite tokens' xor xor `target`; none with two infinite tokens.
    fn moves_to(&self, position: &Position, target: &BigUint, _: u64) -> Option<Vec<Action>> {
        let tokens = tokens(position)?;
        let values: Vec<Loopy> = tokens.iter().map(|t| self.value_of(t)).collect();
        let infinite: Vec<usize> = (0..tokens.len())
            .filter(|&i| matches!(values[i], Loopy::Infinite(_)))
            .collect();
        let finite = values.iter().fold(BigUint::ZERO, |x, value| match value {
            Loopy::Nimber(m) => x ^ BigUint::from(*m),
            Loopy::Infinite(_) => x,
        });
        let movers: Vec<usize> = match infinite.as_slice() {
            [] => (0..tokens.len()).collect(),
            [one] => vec![*one],
            _ => return Some(Vec::new()),
        };
        let mut moves = Vec::new();
        for index in movers {
            let Some(node) = self.node(&tokens[index]) else {
                continue;
            };
            let own = match &values[index] {
                Loopy::Nimber(m) => BigUint::from(*m),
                Loopy::Infinite(_) => BigUint::ZERO,
            };
            let wanted = &finite ^ &own ^ target;
            for &next in &self.successors[node] {
                if matches!(&self.values()[next as usize], Loopy::Nimber(m) if BigUint::from(*m) == wanted)
                {
                    moves.push(Action::Slide {
                        token: index,
                        from: self.names[node],
                        to: self.names[next as usize],
                    });
                }
            }
        }
        Some(moves)
    }

    fn after(&self, position: &Position, action: &Action, most_numbers: u64) -> Option<Position> {
        let tokens = tokens(position)?;
        let Action::Slide { token, from, to } = action else {
            return None;
        };
        (tokens.len() as u64 <= most_numbers
            && tokens.get(*token).and_then(|t| u64::try_from(t).ok()) == Some(*from))
        .then(|| slid(tokens, *token, *to))
    }

    /// The graph's edges: a program values its tokens itself.
    fn list_rule(&self) -> Option<ListRule> {
        let edges = self
            .successors
            .iter()
            .enumerate()
            .flat_map(|(u, successors)| {
                successors
                    .iter()
                    .map(move |&v| (self.names[u], self.names[v as usize]))
            })
            .collect();
        Some(ListRule::Tokens { edges })
    }

    /// One token on each node, and two tokens on every pair of nodes, for graphs of at most
    /// 12 nodes (fewer pairs beyond).
    fn small_positions(&self, _: u64) -> Vec<Position> {
        let shown: Vec<u64> = self.names.iter().copied().take(12).collect();
        let mut positions = vec![Position::Heaps(Vec::new())];
        for &a in &shown {
            positions.push(Position::Heaps(vec![a.into()]));
        }
        for (i, &a) in shown.iter().enumerate() {
            for &b in &shown[i..] {
                positions.push(Position::Heaps(vec![a.into(), b.into()]));
            }
        }
        positions
    }
}
