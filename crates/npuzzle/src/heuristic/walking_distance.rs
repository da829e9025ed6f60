//! Walking distance (Ken'ichiro Takahashi's heuristic for the 15-puzzle, set out on his web
//! pages on solving the 15-puzzle, in Japanese, and used by puzzle solvers since), here for
//! single-tile moves, any goal and rectangular boards.
//!
//! **Definition.** The vertical abstraction of a board keeps, for each row, how many of the
//! tiles in it belong in each goal row (an H×H matrix of counts; the blank not counted, so the
//! row holding the blank is the one with a tile fewer). A vertical move takes a tile of some
//! goal row from a row next to the blank's row into the blank's row; a horizontal move changes
//! nothing. The vertical walking distance is the breadth-first distance from a board's
//! abstraction to the goal's (the goal's matrix is diagonal: every tile in its goal row, the
//! blank's goal row the one with a tile fewer). The horizontal one is the same with columns,
//! and the walking distance is their sum. Both tables are built by breadth-first search in
//! [`WalkingDistance::new`]; an estimate counts both abstractions in one pass over the cells
//! and looks each up (binary search in sorted keys, no allocation).
//!
//! **Claims.** Admissible: each real vertical move is one edge of the vertical abstraction and
//! leaves the horizontal one alone (and the other way round), so a solution of `m` moves makes
//! at least as many vertical moves as the vertical table says and as many horizontal ones as
//! the horizontal table says. Consistent: one real move changes one abstraction by one edge, so
//! the sum changes by at most one. The tests check both on every board of 3×3 for four goals.
//! It is never below Manhattan distance: the tiles of one goal row share that row as target,
//! so the vertical moves that bring them all home are at least their vertical Manhattan
//! distances, and one abstract move shifts one tile by one row (the tests check this too).
//!
//! **Sizes.** A table depends only on the board's size and the blank's goal line, not on the
//! goal's arrangement. [`WalkingDistance::new`] serves a board when each of its two abstract
//! spaces holds at most [`MAX_STATES`] (1,000,000) states, counted exactly (a count of
//! contingency tables, milliseconds) before anything is built, and refuses any other size with
//! [`Error::Unsupported`] naming it. States an axis, with the blank's goal in a corner:
//!
//! | board | rows' table | columns' table | served |
//! |---|---|---|---|
//! | 3×3 | 105 | 105 | yes |
//! | 4×3 | 4,324 | 255 | yes |
//! | 4×4 | 24,964 (Takahashi's count) | 24,964 | yes |
//! | 5×3 | 525 | 352,560 | yes |
//! | 6×2 | 12 | 367,560 | yes |
//! | 5×4 | 107,712 | 5,977,015 | no |
//! | 7×2 | 14 | 16,854,390 | no |
//! | 6×3 | 966 | 50,388,240 | no |
//! | 5×5 | 65,650,495 | 65,650,495 | no |
//! | 6×6 | too many to count quickly | | no |
//!
//! (The tall boards mirror the wide ones.) [`WalkingDistance::with_max_states`] raises the
//! bound for a caller that accepts the time and memory.
//!
//! **Build times**, release build, on a 2-core machine shared with other builds (load about 4,
//! so roughly half a core each), measured by `cargo test -p npuzzle --release --test suite
//! classics::walking_distance_build_times -- --ignored --nocapture`: 4×4 5.6 ms (blank-last;
//! one table serves both axes) and 9.9 ms (snail: the blank off the diagonal, two tables); 6×2
//! 113 ms; 5×4 5.1 s; 5×5 115 s (the largest walking distance 70 an axis, 0.6 GB of tables,
//! built only with a raised bound). The largest values: 35 an axis on 4×4, as Takahashi gives.

use super::classics::{Classic, Layout};
use super::{HeuristicInfo, Source, TableSource};
use crate::cost::CostModel;
use crate::metric::Metric;
use crate::board::Board;
use crate::error::Error;
use std::sync::Arc;

/// The name on the command line.
pub const NAME: &str = "walking-distance";
/// One line on what it measures.
pub const SUMMARY: &str =
    "Takahashi's walking distance: vertical moves to sort the tiles' goal rows among the rows, plus horizontal moves likewise for columns";
/// It never overestimates (checked on every 3×3 board for four goals).
pub const ADMISSIBLE: bool = true;
/// It drops by at most one a move (checked on every move of every 3×3 board for four goals).
pub const CONSISTENT: bool = true;

/// What it says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: NAME,
    aliases: &["wd"],
    title: "walking-distance (Takahashi)",
    summary: SUMMARY,
    admissible: ADMISSIBLE,
    consistent: CONSISTENT,
    source: "Ken'ichiro Takahashi's walking distance for the 15-puzzle (his web pages, in Japanese)",
    table: None,
    max_cells: Some(super::classics::MAX_CELLS),
    mtm: false,
    tile_costs: false,
    integral: true,
    page: true,
    bind,
};

fn bind(goal: &Board, _: &dyn TableSource, _: CostModel, _: Metric) -> Result<Source, Error> {
    Ok(Source::Classic(std::sync::Arc::new(WalkingDistance::new(goal)?)))
}

/// Most states an abstract space (one table) may hold.
pub const MAX_STATES: u64 = 1_000_000;

/// Most lines an abstraction may have (the sizes served stay well below).
const MAX_LINES: usize = 16;
/// Most row codes a table of codes may hold: `(cells a line + 1)^lines`.
const MAX_CODES: u64 = 1 << 20;
/// Most steps the exact count of the abstract states may take before it is given up.
const MAX_COUNT_WORK: u64 = 50_000_000;

/// One abstraction: `lines` lines of `len` cells each, the blank's goal in line `blank_line`.
///
/// A line's content is coded as the number `Σ count[g] · (len + 1)^g` over goal lines `g`; the
/// codes a line can have (digit sum `len`, or `len − 1` with the blank) are numbered, and an
/// abstract board's key is its lines' numbers read as the digits of one number in base
/// `codes.len()`.
#[derive(Debug)]
struct Table {
    lines: usize,
    len: usize,
    /// `(len + 1)^g` for each goal line `g`.
    pow: Vec<u32>,
    /// `number[code]`: the number of a valid line code (`u32::MAX` for an invalid one).
    number: Vec<u32>,
    /// The valid line codes, by number.
    codes: Vec<u32>,
    /// The abstract boards reached, by key, sorted, and their distances.
    keys: Vec<u64>,
    dist: Vec<u8>,
}

impl Table {
    /// Builds the table of `lines` lines of `len` cells with the blank's goal in `blank_line`,
    /// or says why not.
    fn build(lines: usize, len: usize, blank_line: usize, max_states: u64) -> Result<Table, String> {
        let states = count_states(lines, len, blank_line)?;
        if states > max_states as u128 {
            return Err(format!("{states} abstract states an axis"));
        }
        let base = (len + 1) as u32;
        let pow: Vec<u32> = (0..lines).map(|g| base.pow(g as u32)).collect();
        let all = base.pow(lines as u32) as usize;
        let digit_sum = |mut code: u32| {
            let mut s = 0;
            while code > 0 {
                s += code % base;
                code /= base;
            }
            s as usize
        };
        let mut number = vec![u32::MAX; all];
        let mut codes = Vec::new();
        for code in 0..all as u32 {
            let s = digit_sum(code);
            if s == len || s + 1 == len {
                number[code as usize] = codes.len() as u32;
                codes.push(code);
            }
        }
        let radix = codes.len() as u64;
        if radix.checked_pow(lines as u32).is_none() {
            return Err("abstract boards whose keys do not fit 64 bits".into());
        }
        let mut t = Table { lines, len, pow, number, codes, keys: Vec::new(), dist: Vec::new() };
        t.search(blank_line, states as usize);
        Ok(t)
    }

    /// The key of the abstract board whose line `l` has code `code[l]`.
    #[inline]
    fn key(&self, code: &[u32]) -> Option<u64> {
        let radix = self.codes.len() as u64;
        let mut k = 0u64;
        for &c in code[..self.lines].iter().rev() {
            let n = *self.number.get(c as usize)?;
            if n == u32::MAX {
                return None;
            }
            k = k * radix + n as u64;
        }
        Some(k)
    }

    /// Breadth-first search from the goal's abstraction over every move of a tile into the
    /// blank's line from a line next to it.
    fn search(&mut self, blank_line: usize, states: usize) {
        let (lines, len) = (self.lines, self.len);
        let mut goal = [0u32; MAX_LINES];
        for (l, code) in goal.iter_mut().enumerate().take(lines) {
            let count = if l == blank_line { len - 1 } else { len } as u32;
            *code = count * self.pow[l];
        }
        let radix = self.codes.len() as u64;
        let mut seen: rustc_hash::FxHashMap<u64, u8> = rustc_hash::FxHashMap::default();
        seen.reserve(states);
        let start = self.key(&goal).expect("the goal's lines are valid");
        seen.insert(start, 0);
        let mut layer = vec![start];
        let mut d = 0u8;
        let digits = len as u32 + 1;
        while !layer.is_empty() {
            assert!(d < u8::MAX - 1, "walking distances fit a byte");
            d += 1;
            let mut next = Vec::new();
            for &k in &layer {
                let mut code = [0u32; MAX_LINES];
                let mut rest = k;
                for c in code.iter_mut().take(lines) {
                    *c = self.codes[(rest % radix) as usize];
                    rest /= radix;
                }
                let blank = (0..lines)
                    .find(|&l| {
                        let (mut c, mut s) = (code[l], 0);
                        while c > 0 {
                            s += c % digits;
                            c /= digits;
                        }
                        s as usize + 1 == len
                    })
                    .expect("one line holds the blank");
                for other in [blank.wrapping_sub(1), blank + 1] {
                    if other >= lines {
                        continue;
                    }
                    for g in 0..lines {
                        if code[other] / self.pow[g] % digits == 0 {
                            continue;
                        }
                        // A tile of goal line `g` moves from `other` into the blank's line.
                        code[other] -= self.pow[g];
                        code[blank] += self.pow[g];
                        let k2 = self.key(&code).expect("a move keeps the lines valid");
                        if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(k2) {
                            e.insert(d);
                            next.push(k2);
                        }
                        code[blank] -= self.pow[g];
                        code[other] += self.pow[g];
                    }
                }
            }
            layer = next;
        }
        let mut keys: Vec<u64> = seen.keys().copied().collect();
        keys.sort_unstable();
        self.dist = keys.iter().map(|k| seen[k]).collect();
        self.keys = keys;
    }

    /// The distance of the abstract board with line codes `code`; 0 for one the search did
    /// not reach (no board that can reach the goal has such an abstraction).
    #[inline]
    fn distance(&self, code: &[u32]) -> u32 {
        match self.key(code) {
            Some(k) => self.keys.binary_search(&k).map_or(0, |i| self.dist[i] as u32),
            None => 0,
        }
    }
}

/// The exact number of abstract boards of `lines` lines of `len` cells, the blank's goal in
/// line `blank_line`: `lines` (where the blank is) times the number of `lines`×`lines` count
/// matrices whose rows sum to `len` (`len − 1` in the blank's line) and whose columns sum to
/// `len` (`len − 1` for the blank's goal line). Refuses spaces too large to count quickly.
fn count_states(lines: usize, len: usize, blank_line: usize) -> Result<u128, String> {
    if lines > MAX_LINES {
        return Err(format!("{lines} lines, more than {MAX_LINES}"));
    }
    let base = (len + 1) as u64;
    let all = base.checked_pow(lines as u32).filter(|&a| a <= MAX_CODES).ok_or("too many line contents to count")?;
    // The line contents of each digit sum, as digit vectors.
    let digits_of = |mut code: u64| {
        let mut d = [0u8; MAX_LINES];
        for x in d.iter_mut().take(lines) {
            *x = (code % base) as u8;
            code /= base;
        }
        d
    };
    let with_sum =
        |s: usize| -> Vec<u64> { (0..all).filter(|&c| digits_of(c)[..lines].iter().map(|&x| x as usize).sum::<usize>() == s).collect() };
    let (full, short) = (with_sum(len), with_sum(len - 1));
    if all.saturating_mul(full.len() as u64).saturating_mul(lines as u64) > MAX_COUNT_WORK {
        return Err("too many abstract states to count".into());
    }
    // Rows one at a time; the state is what each column still needs, coded in base len + 1.
    let need: u64 = (0..lines).map(|g| (if g == blank_line { len - 1 } else { len }) as u64 * base.pow(g as u32)).sum();
    let mut ways: rustc_hash::FxHashMap<u64, u128> = rustc_hash::FxHashMap::default();
    ways.insert(need, 1);
    for row in 0..lines {
        let mut next: rustc_hash::FxHashMap<u64, u128> = rustc_hash::FxHashMap::default();
        for (&left, &w) in &ways {
            let have = digits_of(left);
            for &c in if row == 0 { &short } else { &full } {
                let take = digits_of(c);
                if (0..lines).all(|g| take[g] <= have[g]) {
                    *next.entry(left - c).or_insert(0) += w;
                }
            }
        }
        ways = next;
    }
    Ok(ways.get(&0).copied().unwrap_or(0) * lines as u128)
}

/// The walking distance bound to a goal.
#[derive(Clone, Debug)]
pub struct WalkingDistance {
    /// `row_of[c]`, `col_of[c]`: the line of cell `c` in each abstraction.
    row_of: Vec<u8>,
    col_of: Vec<u8>,
    /// `row_weight[t]`: what tile `t` adds to its row's code (its goal row's power; 0 for the
    /// blank); `col_weight` likewise.
    row_weight: Vec<u32>,
    col_weight: Vec<u32>,
    /// The vertical moves: lines are rows.
    rows: Arc<Table>,
    /// The horizontal moves: lines are columns (the same table as `rows` when the two
    /// abstractions coincide, as on a square board with the blank's goal on the diagonal).
    cols: Arc<Table>,
}

impl WalkingDistance {
    /// Builds the two tables for `goal`'s size and blank, or refuses a size whose abstract
    /// spaces would hold more than [`MAX_STATES`] states.
    pub fn new(goal: &Board) -> Result<WalkingDistance, Error> {
        WalkingDistance::with_max_states(goal, MAX_STATES)
    }

    /// [`WalkingDistance::new`] with another bound on the states of each table: 5,977,015 lets
    /// 5×4 through (seconds to build), 65,650,495 lets 5×5 through (about 0.6 GB of tables,
    /// more while they are built, and a minute or two).
    pub fn with_max_states(goal: &Board, max_states: u64) -> Result<WalkingDistance, Error> {
        let layout = Layout::new(goal, NAME)?;
        let (w, h) = (layout.width, layout.height);
        let blank = layout.cell_of[0] as usize;
        let refuse = |why: String| {
            Error::Unsupported(format!(
                "the {NAME} heuristic serves boards whose abstract spaces hold at most {max_states} states, not {w}×{h} ({why})"
            ))
        };
        let rows = Arc::new(Table::build(h, w, blank / w, max_states).map_err(refuse)?);
        let cols = if (w, h, blank % w) == (h, w, blank / w) {
            rows.clone()
        } else {
            Arc::new(Table::build(w, h, blank % w, max_states).map_err(refuse)?)
        };
        let n = layout.cells();
        let row_weight = (0..n).map(|t| if t == 0 { 0 } else { rows.pow[layout.cell_of[t] as usize / w] }).collect();
        let col_weight = (0..n).map(|t| if t == 0 { 0 } else { cols.pow[layout.cell_of[t] as usize % w] }).collect();
        Ok(WalkingDistance {
            row_of: (0..n).map(|c| (c / w) as u8).collect(),
            col_of: (0..n).map(|c| (c % w) as u8).collect(),
            row_weight,
            col_weight,
            rows,
            cols,
        })
    }

    /// The abstract states in the two tables (vertical moves, horizontal moves).
    pub fn sizes(&self) -> (usize, usize) {
        (self.rows.keys.len(), self.cols.keys.len())
    }

    /// The largest value of each table (vertical, horizontal).
    pub fn max_distances(&self) -> (u32, u32) {
        let max = |t: &Table| t.dist.iter().copied().max().unwrap_or(0) as u32;
        (max(&self.rows), max(&self.cols))
    }

    /// The vertical and the horizontal walking distance of `tiles` (`tiles[cell]`, 0 the
    /// blank).
    pub fn parts(&self, tiles: &[u8]) -> (u32, u32) {
        debug_assert_eq!(tiles.len(), self.row_of.len());
        let mut rows = [0u32; MAX_LINES];
        let mut cols = [0u32; MAX_LINES];
        for (c, &t) in tiles.iter().enumerate() {
            rows[self.row_of[c] as usize] += self.row_weight[t as usize];
            cols[self.col_of[c] as usize] += self.col_weight[t as usize];
        }
        (self.rows.distance(&rows), self.cols.distance(&cols))
    }

    /// The walking distance of `tiles` (`tiles[cell]`, 0 the blank): vertical plus horizontal.
    pub fn estimate(&self, tiles: &[u8]) -> u32 {
        let (v, h) = self.parts(tiles);
        v + h
    }
}

impl Classic for WalkingDistance {
    const INFO: &'static HeuristicInfo = &INFO;
    fn new(goal: &Board) -> Result<Self, Error> {
        WalkingDistance::new(goal)
    }
    fn estimate(&self, tiles: &[u8]) -> u32 {
        WalkingDistance::estimate(self, tiles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_matches_the_search() {
        for (lines, len) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (4, 4), (2, 5)] {
            for blank in [0, lines - 1] {
                let t = Table::build(lines, len, blank, MAX_STATES).unwrap();
                assert_eq!(t.keys.len() as u128, count_states(lines, len, blank).unwrap(), "{lines} lines of {len}");
            }
        }
        assert_eq!(Table::build(4, 4, 3, MAX_STATES).unwrap().keys.len(), 24_964, "Takahashi's count for 4×4");
        assert_eq!(count_states(5, 5, 4), Ok(65_650_495));
        assert_eq!(count_states(4, 5, 3), Ok(107_712));
        assert_eq!(count_states(5, 4, 4), Ok(5_977_015));
    }
}
