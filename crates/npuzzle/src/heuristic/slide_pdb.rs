//! The slide pattern database: a lower bound on the multi-tile moves
//! ([`crate::metric::Metric::Mtm`]) to the goal that sees every tile.
//!
//! The board is abstracted by a *layout*: each goal cell gets a class, and a tile is known only
//! by the class of its goal cell (the blank's goal cell is class 0, and the blank is the only
//! piece of it). An abstract board is then a word over the classes, one letter a cell, and a
//! slide of k tiles moves the blank k cells along its row or column exactly as on the real
//! board. A breadth-first search over the slides from the goal's word gives the distance of
//! every abstract board, and since every real solution maps to an abstract one of the same
//! number of slides, the abstract distance bounds the real one. Unlike the single-tile pattern
//! databases, which count the moves of their own tiles and add up, a slide may move tiles of
//! several classes at once, so one table sees the whole board and no sum is taken.
//!
//! The 4×4 layout is Tomas Rokicki's relabelling of the goal, which the `slidy` crate's 4×4
//! solver in this metric uses: the tiles of the goal's first two cells, the next four in an L,
//! five, and four (below, by cell), 151,351,200 words of one byte, built in 26 s on two cores. A board is looked up once for each symmetry of the board that keeps the
//! goal's blank cell where the layout has it (for a square board with the blank in a corner,
//! the layout and its mirror in the diagonal through the blank), and the largest value is the
//! bound. Each look-up is admissible and a slide changes it by at most one, so their maximum is
//! admissible and consistent. Where it serves the goal, `-H pdb` under the multi-tile metric
//! reads it alone: the walking distance in slides beside it saved 16 % of the expansions on
//! four of Korf's instances and cost 28 % more time.
//!
//! Words are ranked among the arrangements of the layout's multiset of letters, position by
//! position, with the offsets of every letter at every count of letters left kept in a table
//! (900 counts for the 4×4 layout).

use crate::board::{Board, Tile};
use crate::error::Error;
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// The 4×4 layout, by goal cell with the goal's blank in the last cell: classes 1 to 4 hold 2,
/// 4, 5 and 4 tiles.
///
/// ```text
/// 1 1 2 2
/// 3 3 2 2
/// 3 3 4 4
/// 3 4 4 0
/// ```
pub const LAYOUT_4X4: [u8; 16] = [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0];

/// The layout the library uses for a `width`×`height` board: [`LAYOUT_4X4`] for 4×4, none for
/// other sizes (boards of at most 9 cells have the exact table instead), and none at all in a
/// build without the `slides` feature (the page's WebAssembly).
pub fn layout_for(width: usize, height: usize) -> Option<&'static [u8]> {
    (cfg!(feature = "slides") && (width, height) == (4, 4)).then_some(&LAYOUT_4X4[..])
}

/// Whether the table of `layout` serves `goal`: a symmetry of the board takes the goal's blank
/// cell to the layout's.
pub fn serves(width: usize, height: usize, layout: &[u8], goal: &Board) -> bool {
    let Some(b) = layout.iter().position(|&k| k == 0) else { return false };
    (goal.width(), goal.height()) == (width, height) && symmetries(width, height).iter().any(|m| m[goal.blank()] == b)
}

/// The most cells a layout covers.
pub const MAX_CELLS: usize = 16;

/// The most words a table may hold (one byte each).
pub const MAX_ENTRIES: u64 = 1 << 32;

/// Table value of a word not reached (never left in a finished table for a word of the goal's
/// parity; half of the words of a layout with all-distinct letters are never reached).
pub const UNSET: u8 = 0xFF;

/// The largest product of the classes' counts plus one that the offset table takes.
const MAX_COUNT_STATES: usize = 1 << 16;

/// Ranks and unranks the arrangements of one multiset of letters.
#[derive(Clone, Debug)]
struct Ranker {
    cells: usize,
    classes: usize,
    /// `stride[k]`: the step of class `k`'s count in a count state.
    stride: Vec<u32>,
    /// The count state with every letter left.
    full: u32,
    /// The arrangements of the letters left, by count state.
    ways: Vec<u64>,
    /// `offset[state * classes + k]`: the arrangements that start with a letter before `k`.
    offset: Vec<u64>,
    /// `stride[k] * classes`: the step of class `k` in `offset`'s index, for [`Ranker::rank`].
    step: Vec<usize>,
    /// Bit `k` set where class `k` has a letter left, by count state.
    left: Vec<u32>,
}

impl Ranker {
    fn new(counts: &[u8]) -> Result<Ranker, Error> {
        let classes = counts.len();
        let cells: usize = counts.iter().map(|&c| c as usize).sum();
        let mut stride = Vec::with_capacity(classes);
        let mut states = 1usize;
        for &c in counts {
            stride.push(states as u32);
            states = states
                .checked_mul(c as usize + 1)
                .filter(|&s| s <= MAX_COUNT_STATES)
                .ok_or_else(|| Error::Unsupported(format!("a slide layout of {classes} classes is more than its ranking table takes")))?;
        }
        let full: u32 = counts.iter().zip(&stride).map(|(&c, &s)| c as u32 * s).sum();
        let count = |s: usize, k: usize| (s / stride[k] as usize) % (counts[k] as usize + 1);
        let mut fact = [1u64; MAX_CELLS + 1];
        for i in 1..=MAX_CELLS {
            fact[i] = fact[i - 1] * i as u64;
        }
        let mut ways = vec![0u64; states];
        let mut left = vec![0u32; states];
        for (s, w) in ways.iter_mut().enumerate() {
            let n: usize = (0..classes).map(|k| count(s, k)).sum();
            *w = (0..classes).fold(fact[n], |acc, k| acc / fact[count(s, k)]);
            left[s] = (0..classes).filter(|&k| count(s, k) > 0).fold(0, |m, k| m | 1 << k);
        }
        let mut offset = vec![0u64; states * classes];
        for s in 0..states {
            let mut acc = 0;
            for k in 0..classes {
                offset[s * classes + k] = acc;
                if count(s, k) > 0 {
                    acc += ways[s - stride[k] as usize];
                }
            }
        }
        let step = stride.iter().map(|&st| st as usize * classes).collect();
        Ok(Ranker { cells, classes, stride, full, ways, offset, step, left })
    }

    fn size(&self) -> u64 {
        self.ways[self.full as usize]
    }

    /// The rank of the word whose letter at position `i` is `letter(i)`.
    #[inline(always)]
    fn rank(&self, letter: impl Fn(usize) -> u8) -> u64 {
        let mut s = self.full as usize * self.classes;
        let mut r = 0;
        for i in 0..self.cells {
            let k = letter(i) as usize;
            r += self.offset[s + k];
            s -= self.step[k];
        }
        r
    }

    /// The ranks of two words at once (two independent chains, for the processor to overlap).
    #[inline(always)]
    fn rank2(&self, a: impl Fn(usize) -> u8, b: impl Fn(usize) -> u8) -> (u64, u64) {
        let (mut sa, mut sb) = (self.full as usize * self.classes, self.full as usize * self.classes);
        let (mut ra, mut rb) = (0, 0);
        for i in 0..self.cells {
            let (ka, kb) = (a(i) as usize, b(i) as usize);
            ra += self.offset[sa + ka];
            rb += self.offset[sb + kb];
            sa -= self.step[ka];
            sb -= self.step[kb];
        }
        (ra, rb)
    }

    /// The word of rank `r`.
    fn unrank(&self, mut r: u64, word: &mut [u8; MAX_CELLS]) {
        let mut s = self.full as usize;
        for w in word.iter_mut().take(self.cells) {
            let mut m = self.left[s];
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                let n = self.ways[s - self.stride[k] as usize];
                if r < n {
                    *w = k as u8;
                    s -= self.stride[k] as usize;
                    break;
                }
                r -= n;
            }
        }
    }
}

/// One symmetry of the board under which a board is looked up: `from[i]` is the real cell
/// whose tile sits at position `i` of the word, and `class[t]` is tile `t`'s letter.
#[derive(Clone, Debug)]
struct View {
    from: [u8; MAX_CELLS],
    class: Vec<u8>,
}

impl View {
    /// The word of the board whose cell `c` holds `tile(c)`, letter by position.
    #[inline(always)]
    fn letters<'a>(&'a self, tile: &'a impl Fn(usize) -> Tile) -> impl Fn(usize) -> u8 + 'a {
        move |i| self.class[tile(self.from[i] as usize) as usize]
    }
}

/// The table of one layout: the distance in slides of every abstract board to the layout's
/// goal word.
#[derive(Clone)]
pub struct SlidePdb {
    width: usize,
    height: usize,
    layout: Vec<u8>,
    ranker: Ranker,
    table: Box<[u8]>,
}

impl std::fmt::Debug for SlidePdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SlidePdb({}×{}, layout {:?}, {} entries)", self.width, self.height, self.layout, self.table.len())
    }
}

/// The counts of each class of a layout, after checking it: a letter per cell, class 0 once
/// (the blank's cell), and no class between unused.
fn counts_of(width: usize, height: usize, layout: &[u8]) -> Result<Vec<u8>, Error> {
    let bad = |why: String| Err(Error::Invalid(format!("slide layout {layout:?} for {width}×{height}: {why}")));
    if width < 2 || height < 2 || width * height > MAX_CELLS || layout.len() != width * height {
        return bad(format!("it must name a class for each of the at most {MAX_CELLS} cells"));
    }
    let classes = *layout.iter().max().unwrap_or(&0) as usize + 1;
    let mut counts = vec![0u8; classes];
    for &k in layout {
        counts[k as usize] += 1;
    }
    if counts[0] != 1 {
        return bad("class 0 (the blank's cell) must be used once".into());
    }
    if counts.contains(&0) {
        return bad("the classes must be numbered without gaps".into());
    }
    Ok(counts)
}

/// How many entries (bytes) the table of `layout` holds.
pub fn entries(width: usize, height: usize, layout: &[u8]) -> Result<u64, Error> {
    Ranker::new(&counts_of(width, height, layout)?).map(|r| r.size())
}

/// The cells one slide of the blank from `p` passes, in order, for each of the four directions.
fn lines(width: usize, height: usize, p: usize) -> [Vec<usize>; 4] {
    let (x, y) = (p % width, p / width);
    [
        (0..y).rev().map(|r| r * width + x).collect(),
        (y + 1..height).map(|r| r * width + x).collect(),
        (0..x).rev().map(|c| y * width + c).collect(),
        (x + 1..width).map(|c| y * width + c).collect(),
    ]
}

impl SlidePdb {
    /// Builds the table of `layout` (a class for each cell of a `width`×`height` board, 0 at
    /// the goal's blank) by breadth-first search over the slides, level by level, the levels'
    /// words expanded in parallel. `level(depth, filled)` is called after each level. A set
    /// `cancel` stops the build with [`Error::Cancelled`]. The 4×4 layout took 26 s on two
    /// cores (50 s of CPU, 162 MB peak).
    pub fn build(
        width: usize,
        height: usize,
        layout: &[u8],
        level: &(dyn Fn(u8, u64) + Sync),
        cancel: Option<&AtomicBool>,
    ) -> Result<SlidePdb, Error> {
        if !cfg!(feature = "slides") {
            return Err(Error::Unsupported("this build of npuzzle has no slide pattern database (the library's `slides` feature)".into()));
        }
        let counts = counts_of(width, height, layout)?;
        let ranker = Ranker::new(&counts)?;
        let size = ranker.size();
        if size > MAX_ENTRIES {
            return Err(Error::Unsupported(format!("slide layout {layout:?}: {size} entries, more than {MAX_ENTRIES}")));
        }
        let mut cells_lines = Vec::with_capacity(width * height);
        for p in 0..width * height {
            cells_lines.push(lines(width, height, p));
        }
        let table: Vec<AtomicU8> = (0..size).into_par_iter().map(|_| AtomicU8::new(UNSET)).collect();
        table[ranker.rank(|i| layout[i]) as usize].store(0, Ordering::Relaxed);
        let mut filled = 1u64;
        level(0, filled);
        const CHUNK: usize = 1 << 14;
        for depth in 0u8..UNSET - 1 {
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(Error::Cancelled);
            }
            let new = AtomicU64::new(0);
            table.par_chunks(CHUNK).enumerate().for_each(|(ci, chunk)| {
                let mut made = 0u64;
                let mut word = [0u8; MAX_CELLS];
                for (j, e) in chunk.iter().enumerate() {
                    if e.load(Ordering::Relaxed) != depth {
                        continue;
                    }
                    ranker.unrank((ci * CHUNK + j) as u64, &mut word);
                    let blank = word.iter().position(|&k| k == 0).expect("one blank");
                    for line in &cells_lines[blank] {
                        let mut w = word;
                        let mut at = blank;
                        for &q in line {
                            w[at] = w[q];
                            w[q] = 0;
                            at = q;
                            let r = ranker.rank(|i| w[i]) as usize;
                            if table[r].load(Ordering::Relaxed) == UNSET
                                && table[r].compare_exchange(UNSET, depth + 1, Ordering::Relaxed, Ordering::Relaxed).is_ok()
                            {
                                made += 1;
                            }
                        }
                    }
                }
                new.fetch_add(made, Ordering::Relaxed);
            });
            let new = new.into_inner();
            if new == 0 {
                break;
            }
            filled += new;
            level(depth + 1, filled);
        }
        let table: Box<[u8]> = table.into_iter().map(AtomicU8::into_inner).collect();
        Ok(SlidePdb { width, height, layout: layout.to_vec(), ranker, table })
    }

    /// A table from its bytes (as [`SlidePdb::table`] gives them), checked only for its length:
    /// the caller verifies the file they came from ([`crate::tables::TableStore::slide_pdb`]).
    pub fn from_table(width: usize, height: usize, layout: &[u8], table: Box<[u8]>) -> Result<SlidePdb, Error> {
        let ranker = Ranker::new(&counts_of(width, height, layout)?)?;
        if table.len() as u64 != ranker.size() {
            return Err(Error::Cache(format!("a slide table for layout {layout:?} holds {} entries, not {}", ranker.size(), table.len())));
        }
        Ok(SlidePdb { width, height, layout: layout.to_vec(), ranker, table })
    }

    /// The table's bytes: one distance a word, in rank order ([`UNSET`] for words not reached).
    pub fn table(&self) -> &[u8] {
        &self.table
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board's height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The layout: a class for each goal cell, 0 at the goal's blank.
    pub fn layout(&self) -> &[u8] {
        &self.layout
    }

    /// The distance of the abstract board whose cell `c` holds letter `word[c]`.
    pub fn distance_of_word(&self, word: &[u8]) -> u8 {
        self.table[self.ranker.rank(|i| word[i]) as usize]
    }
}

/// A [`SlidePdb`] bound to one goal: the symmetries it is looked up under.
#[derive(Clone, Debug)]
pub struct SlideBound {
    goal: Board,
    pdb: std::sync::Arc<SlidePdb>,
    views: Vec<View>,
}

/// The symmetries of a `width`×`height` board as maps of cells (eight for a square board, four
/// otherwise), the identity first.
fn symmetries(width: usize, height: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for t in 0..8 {
        let transpose = t >= 4;
        if transpose && width != height {
            continue;
        }
        let (fx, fy) = (t & 1 == 1, t & 2 == 2);
        let map = (0..width * height)
            .map(|c| {
                let (mut x, mut y) = (c % width, c / width);
                if fx {
                    x = width - 1 - x;
                }
                if fy {
                    y = height - 1 - y;
                }
                if transpose {
                    (x, y) = (y, x);
                }
                y * width + x
            })
            .collect();
        out.push(map);
    }
    out
}

impl SlideBound {
    /// `pdb` bound to `goal`: `None` when no symmetry of the board takes the goal's blank cell
    /// to the layout's (or the sizes differ).
    pub fn new(pdb: std::sync::Arc<SlidePdb>, goal: &Board) -> Option<SlideBound> {
        let (w, h) = (pdb.width, pdb.height);
        if goal.width() != w || goal.height() != h {
            return None;
        }
        let layout_blank = pdb.layout.iter().position(|&k| k == 0)?;
        let tiles = goal.tiles();
        let mut views: Vec<View> = Vec::new();
        for map in symmetries(w, h) {
            if map[goal.blank()] != layout_blank {
                continue;
            }
            let mut from = [0u8; MAX_CELLS];
            for (c, &m) in map.iter().enumerate() {
                from[m] = c as u8;
            }
            let mut class = vec![0u8; tiles.len()];
            for (c, &t) in tiles.iter().enumerate() {
                class[t as usize] = pdb.layout[map[c]];
            }
            if !views.iter().any(|v| v.from == from && v.class == class) {
                views.push(View { from, class });
            }
        }
        (!views.is_empty()).then(|| SlideBound { goal: goal.clone(), pdb, views })
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The table.
    pub fn pdb(&self) -> &std::sync::Arc<SlidePdb> {
        &self.pdb
    }

    /// How many symmetries a board is looked up under.
    pub fn views(&self) -> usize {
        self.views.len()
    }

    /// The bound for the board whose cell `c` holds `tile(c)`: the largest of its look-ups.
    #[inline]
    pub fn estimate_tiles(&self, tile: impl Fn(usize) -> Tile) -> u32 {
        if !cfg!(feature = "slides") {
            // Without the feature no table is built or loaded; the look-up is compiled once, not
            // for every kind of state, which keeps the page's WebAssembly within its budget.
            let mut cells = [0 as Tile; MAX_CELLS];
            for (c, t) in cells.iter_mut().enumerate().take(self.goal.len()) {
                *t = tile(c);
            }
            return self.estimate_cells(&cells);
        }
        self.estimate_with(tile)
    }

    /// [`SlideBound::estimate_tiles`] of the board whose cell `c` holds `cells[c]`.
    #[inline(never)]
    fn estimate_cells(&self, cells: &[Tile; MAX_CELLS]) -> u32 {
        self.estimate_with(|c| cells[c])
    }

    #[inline(always)]
    fn estimate_with(&self, tile: impl Fn(usize) -> Tile) -> u32 {
        // A word the goal's parity never reaches cannot come from a solvable board.
        let value = |r: u64| match self.pdb.table[r as usize] {
            UNSET => u32::MAX / 8,
            d => d as u32,
        };
        if let [a, b] = &self.views[..] {
            // The two look-ups of a corner's goal side by side: their table reads overlap.
            let (ra, rb) = self.pdb.ranker.rank2(a.letters(&tile), b.letters(&tile));
            return value(ra).max(value(rb));
        }
        self.views.iter().map(|v| value(self.pdb.ranker.rank(v.letters(&tile)))).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_unranks_every_word_of_a_small_multiset() {
        let r = Ranker::new(&[1, 2, 3]).unwrap();
        assert_eq!(r.size(), 60);
        let mut seen = std::collections::HashSet::new();
        for i in 0..r.size() {
            let mut w = [0u8; MAX_CELLS];
            r.unrank(i, &mut w);
            assert_eq!(r.rank(|c| w[c]), i);
            let mut sorted = w[..6].to_vec();
            sorted.sort();
            assert_eq!(sorted, vec![0, 1, 1, 2, 2, 2]);
            assert!(seen.insert(w));
        }
    }

    #[test]
    fn the_four_by_four_layout_has_slidys_size() {
        assert_eq!(entries(4, 4, &LAYOUT_4X4).unwrap(), 151_351_200);
    }

    #[test]
    fn bad_layouts_are_refused() {
        assert!(entries(2, 2, &[1, 1, 1, 1]).is_err());
        assert!(entries(2, 2, &[0, 0, 1, 1]).is_err());
        assert!(entries(2, 2, &[0, 2, 2, 2]).is_err());
        assert!(entries(2, 2, &[0, 1, 1]).is_err());
    }
}

/// The 4×4 layout's table, built as the library builds it, against slidy's solver (an
/// independent program: its own board, indexing, table and search), whose optimum in slides of
/// each of Korf's 100 is kept in `crates/npuzzle-cli/data/korf100_mtm_slidy.txt`
/// (`tools/slidy-oracle` made it). Here, in the test profile's optimised build: the table
/// reaches every word, and IDA* with it finds slidy's optimum on every one of the 100, each answer replayed to the goal (about two minutes of CPU, the instances
/// on every core).
#[cfg(test)]
mod korf {
    use super::*;
    use crate::goal::Goal;
    use crate::heuristic::mtm::SlideWalk;
    use crate::metric::Metric;
    use crate::search::Algorithm;
    use crate::solve::{solve, Request, Status};
    use crate::tables::Tables;
    use crate::HeuristicKind;
    use std::sync::Arc;

    const SLIDY: &str = include_str!("../../../npuzzle-cli/data/korf100_mtm_slidy.txt");

    #[test]
    fn korf_instances_in_slides_match_slidys_optimum() {
        let pdb = Arc::new(SlidePdb::build(4, 4, &LAYOUT_4X4, &|_, _| {}, None).unwrap());
        assert!(!pdb.table().contains(&UNSET));
        let goal = Goal::BlankFirst.board(4, 4).unwrap();
        let bound = Arc::new(SlideBound::new(pdb, &goal).unwrap());
        assert_eq!(bound.views(), 2);
        let walk = Arc::new(SlideWalk::new(&goal).unwrap());
        let instances: Vec<(u32, Board, u32)> = SLIDY
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|line| {
                let v: Vec<u32> = line.split_whitespace().take(19).map(|t| t.parse().unwrap()).collect();
                (v[0], Board::new(4, 4, v[1..17].to_vec()).unwrap(), v[18])
            })
            .collect();
        assert_eq!(instances.len(), 100);
        let wrong: Vec<String> = instances
            .par_iter()
            .filter_map(|(id, start, mtm)| {
                let h = bound.estimate_tiles(|c| start.tiles()[c]);
                let mut req = Request::new(start.clone(), goal.clone())
                    .algorithm(Algorithm::Idastar)
                    .heuristic(HeuristicKind::Pdb)
                    .metric(Metric::Mtm);
                req.tables = Tables::none().with_mtm_walk(walk.clone()).with_mtm_slides(bound.clone());
                let out = solve(&req).unwrap();
                let replays = start.apply_all(&out.moves).ok().and_then(|b| b.last().cloned()) == Some(goal.clone());
                let slides = crate::notation::mtm_length(&out.moves);
                let right = h <= *mtm && out.status == Status::Solved && out.cost == Some(*mtm as u64) && slides == *mtm as u64 && replays;
                (!right).then(|| {
                    format!("#{id}: bound {h}, {:?} cost {:?} in {slides} slides (replays: {replays}); slidy's {mtm}", out.status, out.cost)
                })
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:?}");
    }
}
