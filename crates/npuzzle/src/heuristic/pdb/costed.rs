//! Pattern databases under step costs ([`CostModel::Tile`]: moving tile t costs t).
//!
//! A pattern is a set of tiles. Its database holds, for every placement of those tiles, the
//! cheapest cost of the pattern tiles' own moves that brings them home, every other tile and the
//! blank ignored: a move of a tile outside the pattern costs 0 here, so disjoint patterns still
//! add up to an admissible estimate (each move of the real puzzle is paid for in at most one
//! pattern). The values are found by Dijkstra's algorithm from the goal over (placement, blank
//! cell) with a bucket queue, since costs are small integers; the blank's cell is then
//! minimised away, so a table holds one 16-bit value per placement, n!/(n−k)! of them.
//!
//! Unlike the unit tables ([`super::table`]), which relabel tiles by goal cell so that one set
//! serves every goal with its blank in a corner, these are built in the actual frame for one
//! goal: what a move costs depends on the tile's number, and the goal decides which number sits
//! where. They are additive tables without the mirror lookup (a mirrored board has other tiles
//! in the pattern's cells, at other costs).
//!
//! The sets ([`CostSetSpec`]) follow the unit catalogue's partitions where a table stays small
//! enough to build in seconds (6-6-3 and 5-5-5 on 4×4, on the goal's actual cells), and group
//! goal cells row by row elsewhere.

use super::{Frame, Ranker, SetSpec, MAX_BOARD, MAX_PATTERN};
use crate::board::{Board, Tile};
use crate::cost::CostModel;
use crate::error::Error;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Most cells a board may have for pattern databases with step costs.
pub const MAX_CELLS: usize = 25;
/// Most states (placements × free cells for the blank) one build may search: about 58 million,
/// a 6-tile pattern on 4×4 (115 MB of 16-bit distances while it builds).
pub const MAX_BUILD_STATES: u64 = 64_000_000;
const UNSET: u16 = u16::MAX;

/// Checks that pattern databases with step costs cover a `width`×`height` board.
pub fn check_size(width: usize, height: usize) -> Result<(), Error> {
    if width * height > MAX_CELLS {
        return Err(Error::Unsupported(format!(
            "pattern databases with step costs cover boards of at most {MAX_CELLS} cells, not {width}×{height}: use a \
             formula heuristic (manhattan and linear-conflict are scaled by the tiles' costs)"
        )));
    }
    Ok(())
}

/// A named partition of a goal's tiles for tables with step costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostSetSpec {
    /// The name, e.g. `6-6-3`.
    pub name: String,
    /// The patterns, as goal cells of the actual board.
    pub cells: Vec<Vec<u8>>,
}

impl CostSetSpec {
    /// The sets for `goal`, strongest first: the unit catalogue's partitions whose tables stay
    /// within [`MAX_BUILD_STATES`], mapped to the goal's actual cells, else row-major groups of
    /// the goal's cells (the blank's left out) of the largest size that does.
    pub fn all_for(goal: &Board) -> Vec<CostSetSpec> {
        let (w, h) = (goal.width(), goal.height());
        let n = w * h;
        let fits = |k: usize| k + 3 <= n && Ranker::new(n, k).size() * (n - k) as u64 <= MAX_BUILD_STATES;
        let mut out = Vec::new();
        if n <= super::FRAMED_CELLS {
            let frame = Frame::new(goal);
            for s in SetSpec::all_for(w, h).into_iter().filter(|s| s.patterns.iter().all(|p| fits(p.len()))) {
                let s = s.for_blank(frame.blank);
                let cells = s.patterns.iter().map(|p| p.iter().map(|&c| frame.cell_inv[c as usize]).collect()).collect();
                out.push(CostSetSpec { name: s.name, cells });
            }
        }
        if out.is_empty() {
            let k = (1..=MAX_PATTERN.min(n.saturating_sub(3)).max(1)).rev().find(|&k| fits(k)).unwrap_or(1);
            let all: Vec<u8> = (0..n as u8).filter(|&c| c as usize != goal.blank()).collect();
            let cells: Vec<Vec<u8>> = all.chunks(k).map(|c| c.to_vec()).collect();
            let name = cells.iter().map(|p| p.len().to_string()).collect::<Vec<_>>().join("-");
            out.push(CostSetSpec { name, cells });
        }
        out
    }

    /// The strongest set for `goal`.
    pub fn strongest(goal: &Board) -> CostSetSpec {
        CostSetSpec::all_for(goal).remove(0)
    }

    /// The set a build means for `goal`: the one named, else the strongest (`npuzzle pdb build
    /// --cost`).
    pub fn for_build(goal: &Board, name: Option<&str>) -> Result<CostSetSpec, Error> {
        match name {
            Some(name) => CostSetSpec::named(goal, name),
            None => Ok(CostSetSpec::strongest(goal)),
        }
    }

    /// The set named `name` for `goal`.
    pub fn named(goal: &Board, name: &str) -> Result<CostSetSpec, Error> {
        let all = CostSetSpec::all_for(goal);
        let names: Vec<String> = all.iter().map(|s| s.name.clone()).collect();
        all.into_iter().find(|s| s.name == name.trim()).ok_or_else(|| {
            Error::Invalid(format!(
                "no pattern set \"{name}\" with step costs for {}×{}: use {}",
                goal.width(),
                goal.height(),
                names.join(", ")
            ))
        })
    }

    /// The tiles of each pattern on `goal`.
    pub fn tiles(&self, goal: &Board) -> Vec<Vec<Tile>> {
        self.cells.iter().map(|p| p.iter().map(|&c| goal.tiles()[c as usize]).collect()).collect()
    }
}

/// One pattern's table under step costs.
pub struct CostPdb {
    width: usize,
    height: usize,
    /// The pattern's tiles, in rank order.
    tiles: Vec<Tile>,
    ranker: Ranker,
    table: Vec<u16>,
}

impl fmt::Debug for CostPdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CostPdb").field("width", &self.width).field("height", &self.height).field("tiles", &self.tiles).finish()
    }
}

/// The rank of a placement, `cells[i]` the cell of the pattern's i-th tile.
#[inline(always)]
fn rank(r: &Ranker, k: usize, cell: impl Fn(usize) -> u8) -> u64 {
    let mut used = 0u64;
    let mut idx = 0u64;
    for i in 0..k {
        let p = cell(i) as u32 & 63;
        let below = (used & ((1u64 << p) - 1)).count_ones();
        idx += (p - below) as u64 * r.mults[i];
        used |= 1 << p;
    }
    idx
}

impl CostPdb {
    /// States a build of a `k`-tile pattern on `n` cells searches.
    pub fn build_states(n: usize, k: usize) -> u64 {
        Ranker::new(n, k).size() * (n - k) as u64
    }

    /// Builds the table of the pattern `tiles` toward `goal` under `cost`: Dijkstra's algorithm
    /// from the goal over (placement, blank cell), where sliding a pattern tile costs what it
    /// costs and any other move costs 0. `cancel` stops it with [`Error::Cancelled`].
    pub fn build(goal: &Board, tiles: &[Tile], cost: CostModel, cancel: Option<&AtomicBool>) -> Result<CostPdb, Error> {
        let (width, height) = (goal.width(), goal.height());
        check_size(width, height)?;
        let (n, k) = (width * height, tiles.len());
        if k == 0 || k > MAX_PATTERN || k + 1 > n || tiles.contains(&0) {
            return Err(Error::Invalid(format!("a pattern with step costs holds 1..={MAX_PATTERN} tiles, not the blank: {tiles:?}")));
        }
        let states = CostPdb::build_states(n, k);
        if states > MAX_BUILD_STATES {
            return Err(Error::Memory(format!(
                "a {k}-tile pattern with step costs on {width}×{height} searches {states} states, more than {MAX_BUILD_STATES}: choose a smaller set"
            )));
        }
        let ranker = Ranker::new(n, k);
        let free = n - k;
        let weight: Vec<u32> = tiles.iter().map(|&t| cost.step(t)).collect();
        let nbr = super::neighbours(width, height);
        let positions = goal.positions();
        let goal_cells: Vec<u8> = tiles.iter().map(|&t| positions[t as usize] as u8).collect();
        let mut dist = vec![UNSET; states as usize];
        // The index of a (placement, blank) state: the blank's cell counted among the free ones.
        let at = |r: u64, used: u64, blank: u32| r * free as u64 + (blank - (used & ((1u64 << blank) - 1)).count_ones()) as u64;
        let used_of = |cells: &[u8]| cells.iter().fold(0u64, |m, &c| m | 1 << c);
        let root_rank = rank(&ranker, k, |i| goal_cells[i]);
        let root = at(root_rank, used_of(&goal_cells), goal.blank() as u32);
        dist[root as usize] = 0;
        let span = weight.iter().copied().max().unwrap_or(1) as usize + 1;
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); span];
        buckets[0].push(root as u32);
        let (mut c, mut pending) = (0usize, 1u64);
        let mut cells = [0u8; MAX_PATTERN];
        let mut polled = 0u64;
        while pending > 0 {
            let mut bucket = std::mem::take(&mut buckets[c % span]);
            let mut i = 0;
            while i < bucket.len() {
                let s = bucket[i] as u64;
                i += 1;
                pending -= 1;
                if dist[s as usize] as usize != c {
                    continue;
                }
                polled += 1;
                if polled % (1 << 20) == 0 && cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
                    return Err(Error::Cancelled);
                }
                let r = s / free as u64;
                let fi = (s % free as u64) as u32;
                ranker.unrank(r, &mut cells);
                let used = used_of(&cells[..k]);
                let blank = super::select(!used & if n == 64 { u64::MAX } else { (1u64 << n) - 1 }, fi);
                for &q in &nbr[blank as usize] {
                    if q == u8::MAX {
                        continue;
                    }
                    let (next, d) = if used & (1 << q) == 0 {
                        // A tile outside the pattern slides: free of charge.
                        (at(r, used, q as u32), c)
                    } else {
                        let t = cells[..k].iter().position(|&x| x == q).expect("a pattern tile is there");
                        let moved = |j: usize| if j == t { blank as u8 } else { cells[j] };
                        let r2 = rank(&ranker, k, moved);
                        let used2 = (used & !(1u64 << q)) | 1u64 << blank;
                        (at(r2, used2, q as u32), c + weight[t] as usize)
                    };
                    if d < dist[next as usize] as usize {
                        if d >= UNSET as usize {
                            return Err(Error::Unsupported("pattern costs overflow 16 bits".into()));
                        }
                        dist[next as usize] = d as u16;
                        pending += 1;
                        if d == c {
                            bucket.push(next as u32);
                        } else {
                            buckets[d % span].push(next as u32);
                        }
                    }
                }
            }
            bucket.clear();
            if buckets[c % span].is_empty() {
                buckets[c % span] = bucket;
            }
            c += 1;
        }
        drop(buckets);
        // One value per placement: the least over the blank's cells.
        let table: Vec<u16> = dist.chunks(free).map(|c| c.iter().copied().min().unwrap_or(UNSET)).collect();
        Ok(CostPdb { width, height, tiles: tiles.to_vec(), ranker, table })
    }

    /// A table from its parts (a cache file's), checked for size.
    pub fn from_parts(width: usize, height: usize, tiles: Vec<Tile>, table: Vec<u16>) -> Result<CostPdb, Error> {
        let ranker = Ranker::new(width * height, tiles.len());
        if table.len() as u64 != ranker.size() {
            return Err(Error::Cache(format!("a table of pattern {tiles:?} holds {} entries, not {}", table.len(), ranker.size())));
        }
        Ok(CostPdb { width, height, tiles, ranker, table })
    }

    /// The pattern's tiles.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The entries.
    pub fn table(&self) -> &[u16] {
        &self.table
    }

    /// The board's width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The value of the placement whose i-th tile is at cell `cell(i)`.
    #[inline(always)]
    pub fn value(&self, cell: impl Fn(usize) -> u8) -> u32 {
        self.table[rank(&self.ranker, self.tiles.len(), cell) as usize] as u32
    }
}

/// Pattern databases with step costs bound to one goal: the additive heuristic.
pub struct CostPdbHeuristic {
    goal: Board,
    cost: CostModel,
    name: String,
    pdbs: Vec<Arc<CostPdb>>,
}

impl fmt::Debug for CostPdbHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CostPdbHeuristic").field("set", &self.name).field("cost", &self.cost).finish()
    }
}

impl CostPdbHeuristic {
    /// Binds tables built for `goal` under `cost`; their patterns must be disjoint.
    pub fn new(goal: &Board, cost: CostModel, name: &str, pdbs: Vec<Arc<CostPdb>>) -> Result<CostPdbHeuristic, Error> {
        let mut seen = vec![false; goal.len()];
        for p in &pdbs {
            if p.size() != (goal.width(), goal.height()) {
                return Err(Error::Invalid(format!("a table of pattern {:?} is for another board size", p.tiles())));
            }
            for &t in p.tiles() {
                if t as usize >= seen.len() || std::mem::replace(&mut seen[t as usize], true) {
                    return Err(Error::Invalid(format!("the patterns of set {name} are not disjoint tiles of the board")));
                }
            }
        }
        Ok(CostPdbHeuristic { goal: goal.clone(), cost, name: name.to_string(), pdbs })
    }

    /// Builds every table of `set` for `goal` under `cost` in memory (a
    /// [`crate::tables::TableStore`] caches them; this is the one-off way).
    pub fn build(goal: &Board, cost: CostModel, set: &CostSetSpec) -> Result<CostPdbHeuristic, Error> {
        let pdbs = set.tiles(goal).iter().map(|t| CostPdb::build(goal, t, cost, None).map(Arc::new)).collect::<Result<Vec<_>, _>>()?;
        CostPdbHeuristic::new(goal, cost, &set.name, pdbs)
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The cost model.
    pub fn cost(&self) -> CostModel {
        self.cost
    }

    /// The set's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The tables.
    pub fn pdbs(&self) -> &[Arc<CostPdb>] {
        &self.pdbs
    }

    /// Whether the patterns cover every tile (the fast engine's condition).
    pub fn covers_board(&self) -> bool {
        self.pdbs.iter().map(|p| p.tiles().len()).sum::<usize>() + 1 == self.goal.len()
    }

    /// The estimate for a board given as its tile per cell: the sum over the tables.
    pub fn estimate_tiles(&self, tile_at: impl Fn(usize) -> Tile) -> u32 {
        let mut pos = [0u8; MAX_BOARD];
        for c in 0..self.goal.len() {
            pos[tile_at(c) as usize] = c as u8;
        }
        self.pdbs.iter().map(|p| p.value(|i| pos[p.tiles[i] as usize])).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;

    /// On 3×3 every table is checked against the exact costs: each pattern's value, and the sum,
    /// never exceed the cheapest cost of the whole board.
    #[test]
    fn tables_are_admissible_against_the_exact_costs() {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let exact = crate::heuristic::exact_cost::CostExactHeuristic::build(&goal, CostModel::Tile).unwrap();
        let set = CostSetSpec::strongest(&goal);
        let h = CostPdbHeuristic::build(&goal, CostModel::Tile, &set).unwrap();
        assert!(h.covers_board());
        let mut rng = crate::generate::Rng::new(3);
        let mut stronger = 0;
        for _ in 0..300 {
            let b = crate::generate::random_solvable(&goal, &mut rng);
            let est = h.estimate_tiles(|c| b.tiles()[c]);
            let truth = exact.distance(&b).unwrap();
            assert!(est <= truth, "{b}: {est} > {truth}");
            let md = crate::heuristic::Heuristic::with_cost(
                crate::HeuristicKind::Manhattan,
                &goal,
                &crate::heuristic::NoTables,
                CostModel::Tile,
            )
            .unwrap()
            .estimate_board(&b);
            stronger += usize::from(crate::cost::Cost::moves(est) > md);
        }
        assert!(stronger > 100, "the tables beat scaled Manhattan on only {stronger} of 300 boards");
        assert_eq!(h.estimate_tiles(|c| goal.tiles()[c]), 0);
    }

    #[test]
    fn sets_partition_the_goal_s_tiles() {
        for goal in [Goal::BlankLast.board(4, 4).unwrap(), Goal::Snail.board(4, 4).unwrap(), Goal::BlankFirst.board(5, 5).unwrap()] {
            for s in CostSetSpec::all_for(&goal) {
                let mut tiles: Vec<Tile> = s.tiles(&goal).concat();
                tiles.sort();
                assert_eq!(tiles, (1..goal.len() as Tile).collect::<Vec<_>>(), "{} on {goal}", s.name);
                assert!(s.cells.iter().all(|p| CostPdb::build_states(goal.len(), p.len()) <= MAX_BUILD_STATES));
            }
        }
        assert_eq!(CostSetSpec::strongest(&Goal::BlankLast.board(4, 4).unwrap()).name, "6-6-3");
        assert_eq!(CostSetSpec::strongest(&Goal::BlankLast.board(5, 5).unwrap()).name, "4-4-4-4-4-4");
    }
}
