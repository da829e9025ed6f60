//! Manhattan distance with linear conflicts, corner tiles and the last move (R. E. Korf and
//! L. A. Taylor, "Finding optimal solutions to the twenty-four puzzle", AAAI-96, pp. 1202–1207),
//! for any goal and any board of at least 2×2.
//!
//! **Definition.** Manhattan distance, plus two moves for each tile that must leave its goal
//! line (the per-line count: tiles in their goal line less a longest subsequence of them in goal
//! order, as in [`crate::HeuristicKind::LinearConflict`]), plus two moves for each of these
//! terms, each counted only when the moves it stands for are counted nowhere else:
//!
//! - *Corner tiles.* For each corner whose goal holds a tile: when another tile (not the
//!   blank) stands in the corner, each neighbour of the corner whose goal tile is at home must
//!   move out and back (were it never to move, the corner could trade only with its other
//!   neighbour, and the blank that came in could only send the wrong tile back): two moves for
//!   each. When the blank stands in the corner and both neighbours' tiles are at home, the
//!   corner's tile must come in through one of them: two moves for the pair.
//! - *The last move.* The last move brings into the blank's goal cell one of the tiles whose
//!   goal is next to it, from the blank's goal cell. A tile that stands level with its home or
//!   beyond it, away from the blank's goal along that axis, would have to go back to the
//!   blank's line and return: two moves Manhattan distance does not count. When every such
//!   tile does (and the board is not the goal), two moves.
//!
//! Each term claims extra moves of named tiles: a corner term all the moves of its tiles (at
//! home, Manhattan distance counts none of them), the last move the moves along its axis of
//! each candidate. A term is added only when none of its tiles was claimed already and leaving
//! its claimed moves out of the linear-conflict count of their lines leaves that count as it
//! was; so a tile between two corners (3×3, and the 2×N boards) is counted once, the last move
//! is skipped when a corner claims one of its tiles, and no tile whose line needs it among
//! those to remove is claimed. Every added two then stands for moves of its own, which is the
//! admissibility argument.
//!
//! **The paper read literally.** Korf and Taylor set the rules out for the 24-puzzle with the
//! blank's goal in a corner, where no tile borders two corners and the last move's two tiles
//! border none. Read literally on other goals and sizes ([`LcCorner::literal`]: a corner whose
//! tile is elsewhere, whatever stands there, adds two for each neighbour at home in no linear
//! conflict, corner by corner; the last move adds two whenever its tiles are far and in no
//! conflict along its axis) the rules overestimate. On 3×3 to the blank-last goal, 1,790 of the
//! 181,440 boards are overestimated, by up to 6 moves. `1 2 3/4 5 6/0 7 8` (2 moves) reads 4: the
//! blank holds tile 7's corner and tile 4 is at home, yet tile 8 walks in beside it.
//! `1 2 3/5 7 6/4 8 0` (6 moves) reads 8: tile 8 is counted both for making room at tile 7's
//! corner and for being far from the last move. The tests check both. Measured while the
//! rules were set, on that goal: leaving the blank out of the corner rule still overestimates
//! 1,236 boards by up to 4; counting a tile between two corners once as well, 494 by up to 2;
//! skipping the last move when a corner claims its tile as well, none.
//!
//! **Claims.** Admissible, by the argument above; the tests check it on every board of 3×3 for
//! four goals (the blank in either corner, the centre, an edge), every board of 2×4, 4×2, 2×5
//! and 5×2 for two goals, and sampled 3×4 and 4×4 boards against optimal solutions. Not
//! consistent: the corner and last-move terms switch on and off with single moves, and one move
//! can lower the estimate by 3, as from `1 2 3/4 5 8/6 0 7` (9) to `1 2 3/4 5 8/0 6 7` (6) on
//! the blank-last goal (the tests find and keep such a move). IDA* needs no consistency; A*
//! with it may reopen nodes.
//!
//! **Sizes.** Every board of up to [`super::classics::MAX_CELLS`] cells (sides of at least 2, as every
//! board has).

use super::classics::{Classic, Layout};
use super::{HeuristicInfo, Source, TableSource};
use crate::cost::CostModel;
use crate::metric::Metric;
use crate::board::Board;
use crate::error::Error;

/// The name on the command line.
pub const NAME: &str = "lc-corner";
/// One line on what it measures.
pub const SUMMARY: &str = "Manhattan distance plus linear conflicts, corner tiles and the last move (Korf and Taylor)";
/// It never overestimates (checked on every 3×3 board for four goals).
pub const ADMISSIBLE: bool = true;
/// It is not consistent: one move can lower it by 3 (found on every 3×3 goal tested; see the
/// module's docs).
pub const CONSISTENT: bool = false;

/// [`LcCorner::literal`] overestimates (on 1,790 of the 181,440 boards of 3×3 to the
/// blank-last goal, by up to 6 moves).
pub const LITERAL_ADMISSIBLE: bool = false;

/// What it says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: NAME,
    aliases: &[],
    title: "lc-corner (linear conflicts, corners, last move)",
    summary: SUMMARY,
    admissible: ADMISSIBLE,
    consistent: CONSISTENT,
    source: "R. E. Korf and L. A. Taylor, Finding optimal solutions to the twenty-four puzzle, AAAI-96",
    table: None,
    max_cells: Some(super::classics::MAX_CELLS),
    mtm: false,
    tile_costs: false,
    integral: true,
    page: true,
    bind,
};

fn bind(goal: &Board, _: &dyn TableSource, _: CostModel, _: Metric) -> Result<Source, Error> {
    Ok(Source::Classic(std::sync::Arc::new(LcCorner::new(goal)?)))
}

/// Most lines a side may have (a board of 256 cells and sides of at least 2).
const MAX_LINE: usize = super::classics::MAX_CELLS / 2;

/// A corner cell whose goal holds a tile, and its two neighbours.
#[derive(Clone, Copy, Debug)]
struct Corner {
    cell: u8,
    tile: u8,
    next: [u8; 2],
}

/// A neighbour of the blank's goal cell: the tile it holds in the goal, whether it lies beside
/// (same row) or above or below, and the line coordinate of the blank's goal along that axis.
#[derive(Clone, Copy, Debug)]
struct LastTile {
    tile: u8,
    beside: bool,
    /// The goal cell's coordinate along the axis (column when beside, row otherwise).
    at: u8,
    /// The blank's goal coordinate along the same axis.
    blank: u8,
}

/// Which moves of a tile a term claims: along rows (horizontal), along columns (vertical), or
/// all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    Horizontal,
    Vertical,
    Both,
}

/// The heuristic bound to a goal.
#[derive(Clone, Debug)]
pub struct LcCorner {
    layout: Layout,
    /// Goal row and column of each tile.
    goal_row: Vec<u8>,
    goal_col: Vec<u8>,
    corners: Vec<Corner>,
    last: Vec<LastTile>,
    /// Read the paper's rules literally (see [`LcCorner::literal`]).
    literal: bool,
}

/// Per-estimate scratch, on the stack.
struct Scratch {
    pos: [u8; super::classics::MAX_CELLS],
    /// Tiles whose vertical (`out_v`) or horizontal (`out_h`) extra moves a corner or last-move
    /// term has claimed: left out of their row's (column's) linear-conflict count.
    out_v: [bool; super::classics::MAX_CELLS],
    out_h: [bool; super::classics::MAX_CELLS],
    /// Tiles all of whose moves a term has claimed.
    used: [bool; super::classics::MAX_CELLS],
    row_k: [u8; MAX_LINE],
    col_k: [u8; MAX_LINE],
}

impl LcCorner {
    /// Binds the heuristic to `goal` (at most [`super::classics::MAX_CELLS`] cells).
    pub fn new(goal: &Board) -> Result<LcCorner, Error> {
        LcCorner::build(goal, false)
    }

    /// The paper's corner and last-move rules read literally, generalised to any goal: a corner
    /// whose tile is elsewhere (whatever holds the corner, the blank included) adds two for
    /// each neighbour tile at home that is in no linear conflict (leaving it out of its row or
    /// column would not lower that line's count), corner by corner; the last move adds two
    /// when no tile next to the blank's goal is on the blank's side of its home and none is in
    /// a linear conflict along the last move, whatever the corners added. Not admissible
    /// ([`LITERAL_ADMISSIBLE`]; see the module's docs); kept to show why [`LcCorner::new`]
    /// differs.
    pub fn literal(goal: &Board) -> Result<LcCorner, Error> {
        LcCorner::build(goal, true)
    }

    fn build(goal: &Board, literal: bool) -> Result<LcCorner, Error> {
        let layout = Layout::new(goal, NAME)?;
        let (w, h, n) = (layout.width, layout.height, layout.cells());
        let goal_row = (0..n).map(|t| (layout.cell_of[t] as usize / w) as u8).collect();
        let goal_col = (0..n).map(|t| (layout.cell_of[t] as usize % w) as u8).collect();
        let blank = layout.cell_of[0] as usize;
        let cell = |r: usize, c: usize| (r * w + c) as u8;
        let mut corners = Vec::new();
        for (r, c, dr, dc) in [(0, 0, 1, 1), (0, w - 1, 1, usize::MAX), (h - 1, 0, usize::MAX, 1), (h - 1, w - 1, usize::MAX, usize::MAX)] {
            let k = cell(r, c);
            if k as usize == blank {
                continue;
            }
            let next = [cell(r, c.wrapping_add(dc)), cell(r.wrapping_add(dr), c)];
            corners.push(Corner { cell: k, tile: layout.tile_at[k as usize], next });
        }
        let (br, bc) = (blank / w, blank % w);
        let mut last = Vec::new();
        for (dr, dc) in [(0usize, 1usize), (0, usize::MAX), (1, 0), (usize::MAX, 0)] {
            let (r, c) = (br.wrapping_add(dr), bc.wrapping_add(dc));
            if r >= h || c >= w {
                continue;
            }
            let beside = dr == 0;
            last.push(LastTile {
                tile: layout.tile_at[r * w + c],
                beside,
                at: if beside { c } else { r } as u8,
                blank: if beside { bc } else { br } as u8,
            });
        }
        Ok(LcCorner { layout, goal_row, goal_col, corners, last, literal })
    }

    /// Tiles to take out of row `i` (`row`) or column `i` so the rest of those whose goal is
    /// in that line stand in goal order: their count less a longest increasing subsequence of their
    /// goal positions. Tiles marked in `out` are left out.
    fn removals(&self, tiles: &[u8], row: bool, i: usize, out: &[bool; super::classics::MAX_CELLS]) -> u32 {
        let w = self.layout.width;
        let len = if row { w } else { self.layout.height };
        let mut tails = [0u8; MAX_LINE];
        let (mut count, mut lis) = (0u32, 0usize);
        for j in 0..len {
            let t = tiles[if row { i * w + j } else { j * w + i }] as usize;
            if t == 0 || out[t] {
                continue;
            }
            let (home, key) = if row { (self.goal_row[t], self.goal_col[t]) } else { (self.goal_col[t], self.goal_row[t]) };
            if home as usize != i {
                continue;
            }
            count += 1;
            let p = tails[..lis].partition_point(|&x| x < key);
            tails[p] = key;
            if p == lis {
                lis += 1;
            }
        }
        count - lis as u32
    }

    /// Claims the extra moves `claims` name for a term worth two, if that leaves every linear
    /// conflict count as it was (so no move is counted twice); on success marks the tiles.
    fn claim(&self, tiles: &[u8], s: &mut Scratch, claims: &[(u8, Claim)]) -> bool {
        let w = self.layout.width;
        if claims.iter().any(|&(t, _)| s.used[t as usize]) {
            return false;
        }
        let (old_v, old_h) = (s.out_v, s.out_h);
        for &(t, c) in claims {
            let t = t as usize;
            s.out_v[t] |= c != Claim::Horizontal;
            s.out_h[t] |= c != Claim::Vertical;
        }
        let ok = claims.iter().all(|&(t, _)| {
            let p = s.pos[t as usize] as usize;
            let (r, c) = (p / w, p % w);
            (r != self.goal_row[t as usize] as usize || self.removals(tiles, true, r, &s.out_v) == s.row_k[r] as u32)
                && (c != self.goal_col[t as usize] as usize || self.removals(tiles, false, c, &s.out_h) == s.col_k[c] as u32)
        });
        if ok {
            for &(t, c) in claims {
                if c == Claim::Both {
                    s.used[t as usize] = true;
                }
            }
        } else {
            (s.out_v, s.out_h) = (old_v, old_h);
        }
        ok
    }

    /// Whether tile `t`, where it stands, shares a linear conflict in its row (`row`) or
    /// column: leaving it out lowers the line's count.
    fn in_conflict(&self, tiles: &[u8], s: &Scratch, t: usize, row: bool) -> bool {
        let w = self.layout.width;
        let p = s.pos[t] as usize;
        let mut out = [false; super::classics::MAX_CELLS];
        out[t] = true;
        if row {
            p / w == self.goal_row[t] as usize && self.removals(tiles, true, p / w, &out) != s.row_k[p / w] as u32
        } else {
            p % w == self.goal_col[t] as usize && self.removals(tiles, false, p % w, &out) != s.col_k[p % w] as u32
        }
    }

    /// The estimate for `tiles` (`tiles[cell]`, 0 the blank).
    pub fn estimate(&self, tiles: &[u8]) -> u32 {
        let (w, h, n) = (self.layout.width, self.layout.height, self.layout.cells());
        debug_assert_eq!(tiles.len(), n);
        let mut s = Scratch {
            pos: [0; super::classics::MAX_CELLS],
            out_v: [false; super::classics::MAX_CELLS],
            out_h: [false; super::classics::MAX_CELLS],
            used: [false; super::classics::MAX_CELLS],
            row_k: [0; MAX_LINE],
            col_k: [0; MAX_LINE],
        };
        let mut md = 0u32;
        for (c, &t) in tiles.iter().enumerate() {
            s.pos[t as usize] = c as u8;
            if t != 0 {
                let t = t as usize;
                md += ((c / w).abs_diff(self.goal_row[t] as usize) + (c % w).abs_diff(self.goal_col[t] as usize)) as u32;
            }
        }
        if md == 0 {
            return 0;
        }
        let none = [false; super::classics::MAX_CELLS];
        let mut lc = 0;
        for r in 0..h {
            s.row_k[r] = self.removals(tiles, true, r, &none) as u8;
            lc += s.row_k[r] as u32;
        }
        for c in 0..w {
            s.col_k[c] = self.removals(tiles, false, c, &none) as u8;
            lc += s.col_k[c] as u32;
        }
        let extra = if self.literal { self.literal_terms(tiles, &s) } else { self.terms(tiles, &mut s) };
        md + 2 * lc + extra
    }

    /// The corner and last-move terms, each claiming extra moves of its own.
    fn terms(&self, tiles: &[u8], s: &mut Scratch) -> u32 {
        let home = |c: u8| {
            let t = self.layout.tile_at[c as usize];
            (t != 0 && tiles[c as usize] == t).then_some(t)
        };
        let mut extra = 0;
        for k in &self.corners {
            let x = tiles[k.cell as usize];
            if x == k.tile {
                continue;
            }
            if x != 0 {
                // A wrong tile holds the corner: a neighbour at home that never moved would
                // leave the corner only the other neighbour to trade with, and the blank that
                // came in could only send the wrong tile back. Each neighbour at home moves
                // out and back.
                for &a in &k.next {
                    if let Some(t) = home(a) {
                        if self.claim(tiles, s, &[(t, Claim::Both)]) {
                            extra += 2;
                        }
                    }
                }
            } else if let (Some(a), Some(b)) = (home(k.next[0]), home(k.next[1])) {
                // The blank holds the corner: its tile must come in through a neighbour, and
                // both are taken by tiles at home, so one of them moves out and back.
                if self.claim(tiles, s, &[(a, Claim::Both), (b, Claim::Both)]) {
                    extra += 2;
                }
            }
        }
        let mut claims = [(0u8, Claim::Both); 4];
        let mut all_far = !self.last.is_empty();
        for (i, l) in self.last.iter().enumerate() {
            all_far &= self.far(s, l);
            claims[i] = (l.tile, if l.beside { Claim::Horizontal } else { Claim::Vertical });
        }
        if all_far && self.claim(tiles, s, &claims[..self.last.len()]) {
            extra += 2;
        }
        extra
    }

    /// Whether the last-move tile `l` stands level with its home or beyond it, away from the
    /// blank's goal: were it to make the last move, it would first have to come back past its
    /// home to the blank's line and then return, two moves along that axis that Manhattan
    /// distance does not count.
    fn far(&self, s: &Scratch, l: &LastTile) -> bool {
        let p = s.pos[l.tile as usize] as usize;
        let x = if l.beside { p % self.layout.width } else { p / self.layout.width } as u8;
        if l.at > l.blank {
            x >= l.at
        } else {
            x <= l.at
        }
    }

    /// The paper's terms read literally (see [`LcCorner::literal`]).
    fn literal_terms(&self, tiles: &[u8], s: &Scratch) -> u32 {
        let mut extra = 0;
        for k in &self.corners {
            if tiles[k.cell as usize] == k.tile {
                continue;
            }
            for &a in &k.next {
                let t = self.layout.tile_at[a as usize];
                if t != 0
                    && tiles[a as usize] == t
                    && !self.in_conflict(tiles, s, t as usize, true)
                    && !self.in_conflict(tiles, s, t as usize, false)
                {
                    extra += 2;
                }
            }
        }
        let all = self.last.iter().all(|l| self.far(s, l) && !self.in_conflict(tiles, s, l.tile as usize, !l.beside));
        if all && !self.last.is_empty() {
            extra += 2;
        }
        extra
    }
}

impl Classic for LcCorner {
    const INFO: &'static HeuristicInfo = &INFO;
    fn new(goal: &Board) -> Result<Self, Error> {
        LcCorner::new(goal)
    }
    fn estimate(&self, tiles: &[u8]) -> u32 {
        LcCorner::estimate(self, tiles)
    }
}
