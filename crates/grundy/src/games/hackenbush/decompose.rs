//! The decomposition of a picture into its 2-edge-connected blocks (fused by the fusion
//! principle) joined by bridges, rooted at the ground's block, and the values of the blocks by
//! the colon principle — linear in the edges — with the winning moves from the top down.

use std::collections::HashMap;

/// A graph on nodes `0..nodes` as adjacency lists: for each node, its neighbours with the edge
/// joining them (a loop is listed once).
struct Adjacency {
    offsets: Vec<u32>,
    entries: Vec<(u32, u32)>,
}

impl Adjacency {
    fn new(nodes: usize, edges: &[(usize, usize)], used: impl Fn(usize) -> bool) -> Self {
        let mut degree = vec![0u32; nodes + 1];
        for (index, &(u, v)) in edges.iter().enumerate() {
            if used(index) {
                degree[u] += 1;
                if u != v {
                    degree[v] += 1;
                }
            }
        }
        let mut offsets = vec![0u32; nodes + 1];
        for node in 0..nodes {
            offsets[node + 1] = offsets[node] + degree[node];
        }
        let mut fill = offsets.clone();
        let mut entries = vec![(0, 0); offsets[nodes] as usize];
        for (index, &(u, v)) in edges.iter().enumerate() {
            if used(index) {
                entries[fill[u] as usize] = (v as u32, index as u32);
                fill[u] += 1;
                if u != v {
                    entries[fill[v] as usize] = (u as u32, index as u32);
                    fill[v] += 1;
                }
            }
        }
        Self { offsets, entries }
    }

    /// The neighbours of `node`, each with the edge joining them.
    fn of(&self, node: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.entries[self.offsets[node] as usize..self.offsets[node + 1] as usize]
            .iter()
            .map(|&(other, edge)| (other as usize, edge as usize))
    }

    /// The `next`-th neighbour of `node`.
    fn nth(&self, node: usize, next: usize) -> Option<(usize, usize)> {
        let at = self.offsets[node] as usize + next;
        (at < self.offsets[node + 1] as usize).then(|| {
            let (other, edge) = self.entries[at];
            (other as usize, edge as usize)
        })
    }
}

/// The blocks of the part of a graph connected to its root, and the tree the bridges make of
/// them.
pub(super) struct Blocks {
    /// Each node's block (`usize::MAX` for a node the root does not reach).
    block_of: Vec<usize>,
    /// Whether each edge is a bridge (joins two blocks).
    bridge: Vec<bool>,
    /// Whether each edge is connected to the root.
    reached: Vec<bool>,
    /// Each block's parent block and the bridge to it (`None` for the root's block).
    parent: Vec<Option<(usize, usize)>>,
    /// The node of each block its parent's bridge reaches (the root for the root's block).
    top: Vec<usize>,
    /// The blocks from the root's down, each after its parent.
    order: Vec<usize>,
    /// The edges inside each block (not bridges), loops included.
    inside: Vec<u64>,
}

impl Blocks {
    /// The blocks of the graph on `nodes` with `edges` reached from `root`.
    ///
    /// # Complexity
    /// `O(n + m)`, iteratively (no recursion, whatever the depth).
    pub(super) fn new(nodes: usize, edges: &[(usize, usize)], root: usize) -> Self {
        let adjacency = Adjacency::new(nodes, edges, |_| true);
        // Bridges by the low-link of a depth-first search from the root.
        let unseen = u32::MAX;
        let mut entry = vec![unseen; nodes];
        let mut low = vec![unseen; nodes];
        let mut bridge = vec![false; edges.len()];
        let mut reached = vec![false; edges.len()];
        let mut clock: u32 = 0;
        // (node, the edge it was entered by, the next neighbour to look at)
        let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
        entry[root] = clock;
        low[root] = clock;
        clock += 1;
        while let Some(&(node, by, next)) = stack.last() {
            if let Some((other, edge)) = adjacency.nth(node, next) {
                if let Some(frame) = stack.last_mut() {
                    frame.2 += 1;
                }
                reached[edge] = true;
                if edge == by || other == node {
                    continue;
                }
                if entry[other] == unseen {
                    entry[other] = clock;
                    low[other] = clock;
                    clock += 1;
                    stack.push((other, edge, 0));
                } else {
                    low[node] = low[node].min(entry[other]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[node]);
                    if low[node] > entry[parent] {
                        bridge[by] = true;
                    }
                }
            }
        }
        // Blocks: the reached nodes joined by edges that are not bridges.
        let mut block_of = vec![usize::MAX; nodes];
        let mut blocks = 0;
        let mut queue = Vec::new();
        for start in 0..nodes {
            if entry[start] == unseen || block_of[start] != usize::MAX {
                continue;
            }
            block_of[start] = blocks;
            queue.push(start);
            while let Some(node) = queue.pop() {
                for (other, edge) in adjacency.of(node) {
                    if !bridge[edge] && block_of[other] == usize::MAX {
                        block_of[other] = blocks;
                        queue.push(other);
                    }
                }
            }
            blocks += 1;
        }
        let mut inside = vec![0u64; blocks];
        for (index, &(u, _)) in edges.iter().enumerate() {
            if reached[index] && !bridge[index] {
                inside[block_of[u]] += 1;
            }
        }
        // The tree of blocks, from the root's block down through the bridges.
        let block_edges: Vec<(usize, usize)> = edges
            .iter()
            .map(|&(u, v)| (block_of[u].min(blocks), block_of[v].min(blocks)))
            .collect();
        let tree = Adjacency::new(blocks + 1, &block_edges, |index| bridge[index]);
        let mut parent = vec![None; blocks];
        let mut top = vec![root; blocks];
        let mut order = Vec::with_capacity(blocks);
        let mut seen = vec![false; blocks];
        if blocks > 0 {
            let first = block_of[root];
            seen[first] = true;
            order.push(first);
            let mut at = 0;
            while at < order.len() {
                let block = order[at];
                at += 1;
                for (child, edge) in tree.of(block) {
                    if !seen[child] {
                        seen[child] = true;
                        parent[child] = Some((block, edge));
                        let (u, v) = edges[edge];
                        top[child] = if block_of[u] == child { u } else { v };
                        order.push(child);
                    }
                }
            }
        }
        Self {
            block_of,
            bridge,
            reached,
            parent,
            top,
            order,
            inside,
        }
    }

    /// The value of each block with what hangs below it, by the colon principle: its loops
    /// (one each), the weights of its nodes, and each child's value plus one, xored.
    pub(super) fn values(&self, weights: Option<&[u64]>) -> Vec<u64> {
        let mut values: Vec<u64> = self.inside.iter().map(|loops| loops % 2).collect();
        if let Some(weights) = weights {
            for (node, &block) in self.block_of.iter().enumerate() {
                if block != usize::MAX {
                    values[block] ^= weights[node];
                }
            }
        }
        for &block in self.order.iter().rev() {
            if let Some((parent, _)) = self.parent[block] {
                values[parent] ^= values[block] + 1;
            }
        }
        values
    }

    /// The root's block (`None` for a graph without edges at the root... or nodes).
    fn root_block(&self) -> Option<usize> {
        self.order.first().copied()
    }
}

/// A picture: its edges as written, on nodes named by any whole numbers, node 0 the ground.
pub(super) struct Picture {
    /// The nodes renamed `0..n`, the ground first.
    names: Vec<u64>,
    /// The edges on the renamed nodes, in the order written.
    edges: Vec<(usize, usize)>,
    blocks: Blocks,
}

impl Picture {
    /// The picture of `edges`, decomposed.
    ///
    /// # Complexity
    /// `O(m)` expected, for `m` edges.
    pub(super) fn new(edges: &[(u64, u64)]) -> Self {
        let mut names = vec![0u64];
        let largest = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
        // Nodes named densely (as pictures usually are) are renamed through a table, others
        // through a hash map.
        let renamed: Vec<(usize, usize)> = if largest <= 2 * edges.len() as u64 + 16 {
            let mut table = vec![usize::MAX; largest as usize + 1];
            table[0] = 0;
            let mut name = |label: u64| {
                let slot = &mut table[label as usize];
                if *slot == usize::MAX {
                    *slot = names.len();
                    names.push(label);
                }
                *slot
            };
            edges.iter().map(|&(u, v)| (name(u), name(v))).collect()
        } else {
            let mut index: HashMap<u64, usize> = HashMap::with_capacity(edges.len() + 1);
            index.insert(0, 0);
            let mut name = |label: u64| {
                *index.entry(label).or_insert_with(|| {
                    names.push(label);
                    names.len() - 1
                })
            };
            edges.iter().map(|&(u, v)| (name(u), name(v))).collect()
        };
        let blocks = Blocks::new(names.len(), &renamed, 0);
        Self {
            names,
            edges: renamed,
            blocks,
        }
    }

    /// The edges connected to the ground, in the order written.
    pub(super) fn grounded_edges(&self) -> impl Iterator<Item = usize> + '_ {
        let blocks = &self.blocks;
        (0..self.edges.len()).filter(|&i| blocks.reached[i])
    }

    /// The branches at the ground: for each bridge leaving the ground's block, the node it
    /// reaches and the branch's value (the value at that node plus one).
    pub(super) fn ground_branches(&self) -> Vec<(u64, u64)> {
        let blocks = &self.blocks;
        let Some(root) = blocks.root_block() else {
            return Vec::new();
        };
        let values = blocks.values(None);
        blocks
            .order
            .iter()
            .filter(|&&block| matches!(blocks.parent[block], Some((parent, _)) if parent == root))
            .map(|&block| (self.names[blocks.top[block]], values[block] + 1))
            .collect()
    }

    /// The edges on the cycles through the ground, fused into loops at the ground.
    pub(super) fn ground_loops(&self) -> u64 {
        let blocks = &self.blocks;
        blocks.root_block().map_or(0, |root| blocks.inside[root])
    }

    /// The steps finding the winning moves inside cycles takes: each block decomposed again
    /// without each of its inner edges.
    pub(super) fn cycle_work(&self) -> u64 {
        let blocks = &self.blocks;
        let mut nodes = vec![0u64; blocks.inside.len()];
        for &block in &blocks.block_of {
            if block != usize::MAX {
                nodes[block] += 1;
            }
        }
        blocks
            .inside
            .iter()
            .zip(&nodes)
            .filter(|(inside, _)| **inside > 1)
            .fold(0u64, |work, (&inside, &nodes)| {
                work.saturating_add(inside.saturating_mul(inside + nodes))
            })
    }

    /// Every edge whose removal leaves a picture of value `target`, in the order written.
    ///
    /// # Complexity
    /// `O(m)` for the bridges, and [`cycle_work`](Self::cycle_work) for the edges on cycles.
    pub(super) fn moves_to(&self, target: u64) -> Vec<usize> {
        let blocks = &self.blocks;
        let Some(root) = blocks.root_block() else {
            return Vec::new();
        };
        let values = blocks.values(None);
        let count = blocks.inside.len();
        // The value each block's subtree must take for the whole to reach `target`.
        let mut need: Vec<Option<u64>> = vec![None; count];
        need[root] = Some(target);
        let mut winning = Vec::new();
        for &block in &blocks.order {
            let Some((parent, bridge)) = blocks.parent[block] else {
                continue;
            };
            let Some(wanted) = need[parent] else {
                continue;
            };
            let term = values[block] + 1;
            let rest = wanted ^ values[parent] ^ term;
            if rest == 0 {
                winning.push(bridge);
            } else {
                need[block] = Some(rest - 1);
            }
        }
        // Inside blocks: each inner edge removed, the block decomposed again with what hangs
        // from its nodes as weights.
        let mut weights = vec![0u64; self.names.len()];
        for &block in &blocks.order {
            if let Some((parent, bridge)) = blocks.parent[block] {
                let (u, v) = self.edges[bridge];
                let at = if blocks.block_of[u] == parent { u } else { v };
                weights[at] ^= values[block] + 1;
            }
        }
        let mut members: HashMap<usize, Vec<usize>> = HashMap::new();
        for (node, &block) in blocks.block_of.iter().enumerate() {
            if block != usize::MAX && need[block].is_some() && blocks.inside[block] > 0 {
                members.entry(block).or_default().push(node);
            }
        }
        let mut inner: HashMap<usize, Vec<usize>> = HashMap::new();
        for (index, &(u, _)) in self.edges.iter().enumerate() {
            if blocks.reached[index] && !blocks.bridge[index] {
                let block = blocks.block_of[u];
                if members.contains_key(&block) {
                    inner.entry(block).or_default().push(index);
                }
            }
        }
        for (block, nodes) in &members {
            let Some(wanted) = need[*block] else { continue };
            let local: HashMap<usize, usize> =
                nodes.iter().enumerate().map(|(i, &node)| (node, i)).collect();
            let local_weights: Vec<u64> = nodes.iter().map(|&node| weights[node]).collect();
            let edges = &inner[block];
            for &removed in edges {
                let rest: Vec<(usize, usize)> = edges
                    .iter()
                    .filter(|&&index| index != removed)
                    .map(|&index| {
                        let (u, v) = self.edges[index];
                        (local[&u], local[&v])
                    })
                    .collect();
                let again = Blocks::new(nodes.len(), &rest, local[&blocks.top[*block]]);
                let value = again.root_block().map_or(0, |first| {
                    again.values(Some(&local_weights))[first]
                });
                if value == wanted {
                    winning.push(removed);
                }
            }
        }
        winning.sort_unstable();
        winning
    }

    /// The value of the picture.
    #[cfg(test)]
    pub(super) fn value(&self) -> u64 {
        let blocks = &self.blocks;
        blocks
            .root_block()
            .map_or(0, |root| blocks.values(None)[root])
    }
}
