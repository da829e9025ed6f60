//! Exact cost tables under step costs, for small boards (up to [`super::exact::MAX_CELLS`]
//! cells): the cheapest cost from every arrangement to the goal, found by one run of Dijkstra's
//! algorithm from the goal (moves are reversible, and a move back slides the same tile at the
//! same cost). With unit costs breadth-first search does the same job ([`super::exact`]); with
//! tile costs the cost of a move depends on the tile's number, so a table serves one goal (one
//! numbering of the goal cells), not every goal with the same blank.
//!
//! The queue is a bucket queue (Dial's): costs are small integers, and a move costs at most the
//! largest tile. A 3×3 table (9! entries, 16 bits each, half of them reachable) builds in well
//! under a second.

use super::exact::{perm_rank, perm_unrank, MAX_CELLS};
use crate::board::{Board, Move, MoveOrder, Tile};
use crate::cost::CostModel;
use crate::error::Error;
use std::fmt;
use std::sync::Arc;

const UNSET: u16 = u16::MAX;

/// The cheapest cost of every arrangement to one goal, under one cost model. Arrangements are
/// `perm[cell]` = the goal cell of the tile there (so the goal is the identity), ranked as
/// permutations.
pub struct CostExactTable {
    goal: Board,
    cost: CostModel,
    /// `weight[label]`: what moving the tile whose goal cell is `label` costs.
    weight: Vec<u16>,
    table: Vec<u16>,
}

impl fmt::Debug for CostExactTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CostExactTable").field("goal", &self.goal.to_string()).field("cost", &self.cost).finish()
    }
}

impl CostExactTable {
    /// Builds the table for `goal` under `cost` by Dijkstra's algorithm from the goal.
    pub fn build(goal: &Board, cost: CostModel) -> Result<CostExactTable, Error> {
        let (width, height) = (goal.width(), goal.height());
        super::HeuristicKind::Exact.check_size(width, height)?;
        let n = width * height;
        let blank = goal.blank() as u8;
        let weight: Vec<u16> = goal.tiles().iter().map(|&t| cost.step(t) as u16).collect();
        let nbr = super::pdb::neighbours(width, height);
        let size = super::exact::ExactTable::entries(width, height) as usize;
        let mut table = vec![UNSET; size];
        let identity: Vec<u8> = (0..n as u8).collect();
        let root = perm_rank(&identity) as u32;
        table[root as usize] = 0;
        // buckets[c % span]: ranks first reached at cost c; a move costs at most `span - 1`.
        let span = weight.iter().copied().max().unwrap_or(1) as usize + 1;
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); span];
        buckets[0].push(root);
        let mut perm = vec![0u8; n];
        let (mut c, mut pending) = (0usize, 1usize);
        while pending > 0 {
            let mut bucket = std::mem::take(&mut buckets[c % span]);
            pending -= bucket.len();
            for &r in &bucket {
                if table[r as usize] as usize != c {
                    continue;
                }
                perm_unrank(r as u64, &mut perm);
                let b = perm.iter().position(|&l| l == blank).expect("the blank's label is present");
                for &q in &nbr[b] {
                    if q == u8::MAX {
                        continue;
                    }
                    let w = weight[perm[q as usize] as usize] as usize;
                    perm.swap(b, q as usize);
                    let r2 = perm_rank(&perm) as usize;
                    let d = c + w;
                    if d < table[r2] as usize {
                        if d >= UNSET as usize {
                            return Err(Error::Unsupported(format!("costs on a {width}×{height} board overflow the exact table")));
                        }
                        table[r2] = d as u16;
                        buckets[d % span].push(r2 as u32);
                        pending += 1;
                    }
                    perm.swap(b, q as usize);
                }
            }
            bucket.clear();
            // Keep the allocation for the bucket's next turn.
            if buckets[c % span].is_empty() {
                buckets[c % span] = bucket;
            }
            c += 1;
        }
        Ok(CostExactTable { goal: goal.clone(), cost, weight, table })
    }

    /// The cheapest cost of an arrangement (`perm[cell]` = goal cell of the tile there), or
    /// `None` when unreachable.
    #[inline]
    pub fn cost_of(&self, perm: &[u8]) -> Option<u32> {
        let d = self.table[perm_rank(perm) as usize];
        (d != UNSET).then_some(d as u32)
    }

    /// The cheapest cost of the arrangement of rank `rank` ([`perm_rank`]), or `None` when it
    /// is unreachable or off the table.
    #[inline]
    pub fn at_rank(&self, rank: u64) -> Option<u32> {
        self.table.get(usize::try_from(rank).ok()?).copied().filter(|&d| d != UNSET).map(u32::from)
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The cost model.
    pub fn cost(&self) -> CostModel {
        self.cost
    }

    /// How many arrangements cost each amount, from 0 to the largest.
    pub fn histogram(&self) -> Vec<u64> {
        let mut h = Vec::new();
        for &d in self.table.iter().filter(|&&d| d != UNSET) {
            if h.len() <= d as usize {
                h.resize(d as usize + 1, 0);
            }
            h[d as usize] += 1;
        }
        h
    }
}

/// An exact cost table bound to its goal, ready to evaluate boards and walk to the goal.
#[derive(Clone, Debug)]
pub struct CostExactHeuristic {
    table: Arc<CostExactTable>,
    /// `label[t]`: the goal cell of tile `t`.
    label: Vec<u8>,
}

impl CostExactHeuristic {
    /// Binds a built table.
    pub fn new(table: Arc<CostExactTable>) -> CostExactHeuristic {
        let label = table.goal.positions().iter().map(|&p| p as u8).collect();
        CostExactHeuristic { table, label }
    }

    /// Builds the table for `goal` under `cost` and binds it (a [`crate::tables::TableStore`]
    /// keeps tables for reuse; this is the one-off way).
    pub fn build(goal: &Board, cost: CostModel) -> Result<CostExactHeuristic, Error> {
        Ok(CostExactHeuristic::new(Arc::new(CostExactTable::build(goal, cost)?)))
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.table.goal
    }

    /// The cost model.
    pub fn cost(&self) -> CostModel {
        self.table.cost
    }

    /// The table.
    pub fn table(&self) -> &CostExactTable {
        &self.table
    }

    /// The cheapest cost to the goal of a board given as its tile per cell (`None`:
    /// unreachable).
    #[inline]
    pub fn distance_tiles(&self, tile_at: impl Fn(usize) -> Tile) -> Option<u32> {
        let mut perm = [0u8; MAX_CELLS];
        let n = self.label.len();
        for (c, p) in perm.iter_mut().enumerate().take(n) {
            *p = self.label[tile_at(c) as usize];
        }
        self.table.cost_of(&perm[..n])
    }

    /// The cheapest cost of `board` to the goal.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        self.distance_tiles(|c| board.tiles()[c])
    }

    /// A cheapest solution of `start` by walking down the table: at each step the first move in
    /// `order` whose tile's cost plus the child's cost is the current cost. Stops before looking
    /// at more than `budget` boards. Returns the moves, the boards looked at, and how it ended.
    pub fn walk_within(&self, start: &Board, order: MoveOrder, budget: u64) -> (Vec<Move>, u64, super::exact::Walk) {
        use super::exact::Walk;
        let (w, h) = (start.width(), start.height());
        let mut perm: Vec<u8> = start.tiles().iter().map(|&t| self.label[t as usize]).collect();
        let Some(mut d) = self.table.cost_of(&perm) else { return (Vec::new(), 1, Walk::Unreachable) };
        let mut blank = start.blank();
        let mut moves = Vec::new();
        let mut looked = 1u64;
        while d > 0 {
            let mut stepped = false;
            for m in order.moves() {
                let Some(to) = crate::board::neighbor(w, h, blank, m) else { continue };
                if looked >= budget {
                    return (moves, looked, Walk::Budget);
                }
                let step = self.table.weight[perm[to] as usize] as u32;
                perm.swap(blank, to);
                looked += 1;
                if step <= d && self.table.cost_of(&perm) == Some(d - step) {
                    blank = to;
                    d -= step;
                    moves.push(m);
                    stepped = true;
                    break;
                }
                perm.swap(blank, to);
            }
            if !stepped {
                return (moves, looked, Walk::Unreachable);
            }
        }
        (moves, looked, Walk::Done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;
    use crate::parse::parse_board;

    #[test]
    fn unit_costs_give_the_breadth_first_table() {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let unit = CostExactTable::build(&goal, CostModel::Unit).unwrap();
        let bfs = super::super::exact::ExactTable::build(3, 3, goal.blank()).unwrap();
        assert_eq!(unit.histogram(), bfs.histogram());
    }

    #[test]
    fn tile_costs_walk_to_the_goal_at_the_table_s_cost() {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let h = CostExactHeuristic::build(&goal, CostModel::Tile).unwrap();
        let start = parse_board("1 2 3/4 5 6/0 7 8").unwrap();
        // Two moves, sliding 7 then 8: 15.
        assert_eq!(h.distance(&start), Some(15));
        let (moves, _, end) = h.walk_within(&start, MoveOrder::default(), u64::MAX);
        assert_eq!(end, super::super::exact::Walk::Done);
        assert_eq!(CostModel::Tile.path_cost(&start, &moves), 15);
        assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&goal));
        // 181,440 arrangements reach the goal, whatever the costs.
        assert_eq!(h.table().histogram().iter().sum::<u64>(), 181_440);
    }
}
