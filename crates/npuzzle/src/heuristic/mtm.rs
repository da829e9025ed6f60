//! Lower bounds on the multi-tile moves ([`crate::metric::Metric::Mtm`]) to the goal. A slide
//! along a row moves at most `width - 1` tiles one column each, and one along a column at most
//! `height - 1` tiles one row each, so:
//!
//! - **axes** (`manhattan` under MTM): the tiles' column distances over `width - 1`, rounded up,
//!   plus their row distances over `height - 1`, rounded up. Row slides change only the first
//!   sum and column slides only the second, so each term bounds its own slides;
//! - **misplaced**: the tiles out of place over the longest slide, `max(width, height) - 1`,
//!   rounded up;
//! - **exact**: the distance itself, from a breadth-first search of the whole space over the
//!   multi-tile moves ([`crate::metric::MtmTable`], boards of at most 9 cells).
//!
//! A slide changes each sum by at most its divisor, so each bound changes by at most one a move:
//! both are consistent as well as admissible.

use super::GoalTable;
use crate::cost::Cost;
use crate::metric::MtmTable;
use crate::state::State;

/// `n` over `d`, rounded up; 0 when no slide runs along that axis (`d` is 0).
fn over(n: u32, d: u32) -> u32 {
    if d == 0 {
        0
    } else {
        n.div_ceil(d)
    }
}

pub(super) fn axes<S: State>(t: &GoalTable, height: usize, s: &S) -> Cost {
    let w = t.width;
    let (mut cols, mut rows) = (0u32, 0u32);
    for c in 0..t.cells() {
        let tile = s.tile(c);
        if tile != 0 {
            let g = t.goal_cell(tile);
            cols += (c % w).abs_diff(g % w) as u32;
            rows += (c / w).abs_diff(g / w) as u32;
        }
    }
    Cost::moves(over(cols, w as u32 - 1) + over(rows, height as u32 - 1))
}

pub(super) fn misplaced<S: State>(t: &GoalTable, height: usize, s: &S) -> Cost {
    let n = (0..t.cells()).filter(|&c| {
        let tile = s.tile(c);
        tile != 0 && t.goal_cell(tile) != c
    });
    Cost::moves(over(n.count() as u32, t.width.max(height) as u32 - 1))
}

pub(super) fn exact<S: State>(table: &MtmTable, cells: usize, s: &S) -> Cost {
    // Unreachable arrangements never reach a search (parity is checked first).
    table.distance_tiles(|c| s.tile(c), cells).map_or(Cost::moves(u32::MAX / 4), |d| Cost::moves(d as u32))
}
