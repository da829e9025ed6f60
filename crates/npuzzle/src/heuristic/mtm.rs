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

/// The walking distance in slides (after Takahashi's walking distance for single-tile moves):
/// two pattern databases over abstractions of the board, one for the slides along columns and
/// one for the slides along rows, whose sum bounds the slides to the goal.
///
/// The column abstraction keeps, for each row, how many of its tiles belong in each goal row,
/// and the blank's row. A column slide of k cells moves one tile from each of the k rows the
/// blank passes into the next row toward where the blank was; a row slide changes no row. So
/// the abstraction's distance, by breadth-first search from the goal over every choice of the
/// tiles moved, bounds the column slides, and the row abstraction (the same with columns)
/// bounds the row slides. Boards whose sides are at most 4 (2×2 to 4×4): each abstraction
/// then has at most 16 counts of at most 4, a 51-bit key, and at most tens of thousands of
/// states (24,964 for 4×4).
#[derive(Clone, Debug)]
pub struct SlideWalk {
    goal: crate::board::Board,
    /// The column slides: lines are rows.
    rows: Walk,
    /// The row slides: lines are columns.
    cols: Walk,
}

/// The largest side [`SlideWalk`] takes.
pub const WALK_MAX_SIDE: usize = 4;

/// One abstraction: `lines` lines of `cap` cells; `class[t]` is the goal line of tile `t`.
#[derive(Clone, Debug)]
struct Walk {
    lines: usize,
    class: Vec<u8>,
    dist: rustc_hash::FxHashMap<u64, u8>,
}

/// An abstract board: `count[line * lines + class]`, and the blank's line.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Abstract {
    count: [u8; 16],
    blank: usize,
}

impl Abstract {
    fn key(&self, lines: usize) -> u64 {
        let mut k = self.blank as u64;
        for &c in &self.count[..lines * lines] {
            k = (k << 3) | c as u64;
        }
        k
    }
}

impl Walk {
    /// The abstraction whose line of cell `c` is `line(c)`, over the goal `goal` (tiles by cell).
    fn new(lines: usize, goal: &[crate::board::Tile], line: impl Fn(usize) -> usize) -> Walk {
        let mut class = vec![0u8; goal.len()];
        let mut start = Abstract { count: [0; 16], blank: 0 };
        for (c, &t) in goal.iter().enumerate() {
            if t == 0 {
                start.blank = line(c);
            } else {
                class[t as usize] = line(c) as u8;
                start.count[line(c) * lines + line(c)] += 1;
            }
        }
        let mut dist = rustc_hash::FxHashMap::default();
        dist.insert(start.key(lines), 0u8);
        let mut layer = vec![start];
        let mut d = 0u8;
        while !layer.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for a in &layer {
                for step in [-1i64, 1] {
                    Walk::slides(a, lines, step, &mut |b| {
                        if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(b.key(lines)) {
                            e.insert(d);
                            next.push(b.clone());
                        }
                    });
                }
            }
            layer = next;
        }
        Walk { lines, class, dist }
    }

    /// Every abstract board one slide of the blank toward `step` (−1 or +1 lines) from `a`:
    /// for each length, each choice of the class of the tile taken from each line passed.
    fn slides(a: &Abstract, lines: usize, step: i64, out: &mut dyn FnMut(&Abstract)) {
        fn go(b: &mut Abstract, lines: usize, step: i64, at: usize, out: &mut dyn FnMut(&Abstract)) {
            let next = at as i64 + step;
            if next < 0 || next >= lines as i64 {
                return;
            }
            let next = next as usize;
            for class in 0..lines {
                if b.count[next * lines + class] == 0 {
                    continue;
                }
                // A tile of `class` moves from line `next` into line `at`, and the blank on.
                b.count[next * lines + class] -= 1;
                b.count[at * lines + class] += 1;
                b.blank = next;
                out(b);
                go(b, lines, step, next, out);
                b.blank = at;
                b.count[at * lines + class] -= 1;
                b.count[next * lines + class] += 1;
            }
        }
        let mut b = a.clone();
        go(&mut b, lines, step, a.blank, out);
    }

    /// The distance of the abstract board `a` (`u32::MAX / 8` for one that cannot reach the
    /// goal; every board that reaches the goal has its abstraction in the table).
    #[inline]
    fn distance(&self, a: &Abstract) -> u32 {
        self.dist.get(&a.key(self.lines)).map_or(u32::MAX / 8, |&d| d as u32)
    }
}

impl SlideWalk {
    /// The two tables of `goal`, whose sides must be at most [`WALK_MAX_SIDE`].
    pub fn new(goal: &crate::board::Board) -> Result<SlideWalk, crate::error::Error> {
        let (w, h) = (goal.width(), goal.height());
        if w > WALK_MAX_SIDE || h > WALK_MAX_SIDE {
            return Err(crate::error::Error::Unsupported(format!(
                "the walking distance in slides takes boards whose sides are at most {WALK_MAX_SIDE}, not {w}×{h}"
            )));
        }
        Ok(SlideWalk { goal: goal.clone(), rows: Walk::new(h, goal.tiles(), |c| c / w), cols: Walk::new(w, goal.tiles(), |c| c % w) })
    }

    /// The goal.
    pub fn goal(&self) -> &crate::board::Board {
        &self.goal
    }

    /// The abstract boards in the two tables (column slides, row slides).
    pub fn sizes(&self) -> (usize, usize) {
        (self.rows.dist.len(), self.cols.dist.len())
    }

    /// The bound for the board whose cell `c` holds `tile(c)`: both abstractions counted in
    /// one pass over the cells, then one look-up in each table.
    #[inline]
    pub fn estimate_tiles(&self, tile: impl Fn(usize) -> crate::board::Tile) -> u32 {
        let (w, h) = (self.goal.width(), self.goal.height());
        let mut rows = Abstract { count: [0; 16], blank: 0 };
        let mut cols = Abstract { count: [0; 16], blank: 0 };
        for y in 0..h {
            for x in 0..w {
                match tile(y * w + x) as usize {
                    0 => (rows.blank, cols.blank) = (y, x),
                    t => {
                        rows.count[y * h + self.rows.class[t] as usize] += 1;
                        cols.count[x * w + self.cols.class[t] as usize] += 1;
                    }
                }
            }
        }
        self.rows.distance(&rows) + self.cols.distance(&cols)
    }
}
