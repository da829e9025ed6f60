//! Linear conflict (Hansson, Mayer and Yung, 1992): Manhattan distance plus two moves for each
//! tile that must leave its goal line so the others in that line can pass.
//!
//! In a line, the tiles that belong to it keep their relative order only along a longest
//! increasing subsequence of their goal positions; every other such tile must step out and back
//! (two moves Manhattan does not count). Row penalties use vertical moves and column penalties
//! horizontal ones, so the two add up admissibly.

use crate::board::Board;
use crate::board::Tile;
use crate::cost::Cost;
use crate::cost::CostModel;
use crate::error::Error;
use crate::metric::Metric;
use crate::state::State;
use super::{HeuristicInfo, Source, TableSource};
use super::{manhattan, GoalTable};

/// What linear conflict says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: "linear-conflict",
    aliases: &["lc", "linear", "linearconflict"],
    title: "linear-conflict",
    summary: "Manhattan plus two moves for each tile that must leave its line to let another pass",
    admissible: true,
    consistent: true,
    source: "Hansson, Mayer and Yung 1992: the row and column penalties count moves Manhattan does not, vertical and horizontal apart",
    table: None,
    max_cells: None,
    mtm: false,
    tile_costs: true,
    integral: true,
    page: true,
    bind,
};

fn bind(_: &Board, _: &dyn TableSource, cost: CostModel, _: Metric) -> Result<Source, Error> {
    Ok(if cost.is_unit() { Source::LinearConflict } else { Source::WeightedLinearConflict })
}

/// Tiles to remove from one line: `count − LIS` of the goal keys in current order.
fn removals(keys: &mut Vec<usize>, tails: &mut Vec<usize>) -> u64 {
    tails.clear();
    for &k in keys.iter() {
        match tails.binary_search(&k) {
            Ok(_) => {}
            Err(i) if i == tails.len() => tails.push(k),
            Err(i) => tails[i] = k,
        }
    }
    let r = (keys.len() - tails.len()) as u64;
    keys.clear();
    r
}

/// Removals in row `r`; `tile_at` gives the tile in each cell.
fn row_removals(t: &GoalTable, r: usize, tile_at: &impl Fn(usize) -> Tile, keys: &mut Vec<usize>, tails: &mut Vec<usize>) -> u64 {
    for c in 0..t.width {
        let tile = tile_at(r * t.width + c);
        if tile != 0 {
            let (gr, gc) = t.row_col(t.goal_cell(tile));
            if gr == r {
                keys.push(gc);
            }
        }
    }
    removals(keys, tails)
}

fn col_removals(
    t: &GoalTable,
    height: usize,
    c: usize,
    tile_at: &impl Fn(usize) -> Tile,
    keys: &mut Vec<usize>,
    tails: &mut Vec<usize>,
) -> u64 {
    for r in 0..height {
        let tile = tile_at(r * t.width + c);
        if tile != 0 {
            let (gr, gc) = t.row_col(t.goal_cell(tile));
            if gc == c {
                keys.push(gr);
            }
        }
    }
    removals(keys, tails)
}

pub(super) fn estimate<S: State>(t: &GoalTable, height: usize, s: &S) -> Cost {
    let tile_at = |c: usize| s.tile(c);
    let (mut keys, mut tails) = (Vec::new(), Vec::new());
    let mut extra = 0;
    for r in 0..height {
        extra += row_removals(t, r, &tile_at, &mut keys, &mut tails);
    }
    for c in 0..t.width {
        extra += col_removals(t, height, c, &tile_at, &mut keys, &mut tails);
    }
    Cost((manhattan::moves(t, s) + 2 * extra) * Cost::ONE)
}

pub(super) fn update<S: State>(t: &GoalTable, height: usize, child: &S, h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    let md = manhattan::update(t, h, tile, from, to);
    // The parent is the child with `tile` back in `from` and the blank in `to`.
    let parent_at = |c: usize| {
        if c == from {
            tile
        } else if c == to {
            0
        } else {
            child.tile(c)
        }
    };
    let child_at = |c: usize| child.tile(c);
    let (fr, fc) = t.row_col(from);
    let (tr, tc) = t.row_col(to);
    let (before, after) = SCRATCH.with(|scratch| {
        let (keys, tails) = &mut *scratch.borrow_mut();
        if fr == tr {
            // A horizontal slide changes column membership only.
            let b = col_removals(t, height, fc, &parent_at, keys, tails) + col_removals(t, height, tc, &parent_at, keys, tails);
            let a = col_removals(t, height, fc, &child_at, keys, tails) + col_removals(t, height, tc, &child_at, keys, tails);
            (b, a)
        } else {
            let b = row_removals(t, fr, &parent_at, keys, tails) + row_removals(t, tr, &parent_at, keys, tails);
            let a = row_removals(t, fr, &child_at, keys, tails) + row_removals(t, tr, &child_at, keys, tails);
            (b, a)
        }
    });
    Cost(md.0 + 2 * after * Cost::ONE - 2 * before * Cost::ONE)
}

thread_local! {
    /// Scratch buffers for [`update`], reused so a search allocates nothing per node.
    static SCRATCH: std::cell::RefCell<(Vec<usize>, Vec<usize>)> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Under step costs, the tiles a line must let out are the lightest set whose removal leaves
/// the rest in goal order: the line's weight less a heaviest increasing subsequence of its goal
/// keys. Each tile let out makes at least two moves across the line at its own cost, moves
/// Manhattan distance does not count (the tile's goal is in the line), so the weighted penalty
/// is admissible like the unit one, and equals it when every weight is 1.
fn weighted_removals(keys: &mut Vec<(usize, u64)>, best: &mut Vec<u64>) -> u64 {
    best.clear();
    let (mut total, mut top) = (0, 0);
    for i in 0..keys.len() {
        let (k, w) = keys[i];
        total += w;
        let mut b = w;
        for j in 0..i {
            if keys[j].0 < k {
                b = b.max(best[j] + w);
            }
        }
        best.push(b);
        top = top.max(b);
    }
    keys.clear();
    total - top
}

/// The weighted removals of row `r` (`row`) or column `r` (`!row`).
fn weighted_line(
    t: &GoalTable,
    height: usize,
    row: bool,
    r: usize,
    tile_at: &impl Fn(usize) -> Tile,
    keys: &mut Vec<(usize, u64)>,
    best: &mut Vec<u64>,
) -> u64 {
    let len = if row { t.width } else { height };
    for i in 0..len {
        let cell = if row { r * t.width + i } else { i * t.width + r };
        let tile = tile_at(cell);
        if tile != 0 {
            let (gr, gc) = t.row_col(t.goal_cell(tile));
            if row && gr == r {
                keys.push((gc, t.weight(tile)));
            } else if !row && gc == r {
                keys.push((gr, t.weight(tile)));
            }
        }
    }
    weighted_removals(keys, best)
}

pub(super) fn estimate_weighted<S: State>(t: &GoalTable, height: usize, s: &S) -> Cost {
    let tile_at = |c: usize| s.tile(c);
    let (mut keys, mut best) = (Vec::new(), Vec::new());
    let mut extra = 0;
    for r in 0..height {
        extra += weighted_line(t, height, true, r, &tile_at, &mut keys, &mut best);
    }
    for c in 0..t.width {
        extra += weighted_line(t, height, false, c, &tile_at, &mut keys, &mut best);
    }
    Cost((manhattan::weighted(t, s) + 2 * extra) * Cost::ONE)
}

pub(super) fn update_weighted<S: State>(t: &GoalTable, height: usize, child: &S, h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    let md = manhattan::update_weighted(t, h, tile, from, to);
    let parent_at = |c: usize| {
        if c == from {
            tile
        } else if c == to {
            0
        } else {
            child.tile(c)
        }
    };
    let child_at = |c: usize| child.tile(c);
    let (fr, fc) = t.row_col(from);
    let (tr, tc) = t.row_col(to);
    let (before, after) = WEIGHTED_SCRATCH.with(|scratch| {
        let (keys, best) = &mut *scratch.borrow_mut();
        // A horizontal slide changes column membership only, a vertical one row membership.
        let (row, a, b) = if fr == tr { (false, fc, tc) } else { (true, fr, tr) };
        let mut line = |at: &dyn Fn(usize) -> Tile, i| weighted_line(t, height, row, i, &at, keys, best);
        let before = line(&parent_at, a) + line(&parent_at, b);
        let after = line(&child_at, a) + line(&child_at, b);
        (before, after)
    });
    Cost(md.0 + 2 * after * Cost::ONE - 2 * before * Cost::ONE)
}

/// A line's tiles (goal position, cost) and the lightest let-out costs, reused between calls.
type Scratch = (Vec<(usize, u64)>, Vec<u64>);

thread_local! {
    /// Scratch buffers for [`update_weighted`].
    static WEIGHTED_SCRATCH: std::cell::RefCell<Scratch> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}
