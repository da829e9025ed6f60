//! Additive disjoint pattern databases (Korf & Felner 2002; Felner, Korf & Hanan 2004).
//!
//! A pattern is a set of goal cells; its tiles are the tiles that belong there. The database
//! stores, for every placement of those tiles, the fewest moves *of pattern tiles* that bring
//! them home, found by breadth-first search from the goal in which every other tile (and the
//! blank) is ignored, so moves of non-pattern tiles cost 0. Disjoint patterns therefore add up
//! to an admissible estimate. Each set is also looked up in the position mirrored about the main
//! diagonal, and the larger sum is used.
//!
//! The index of a placement is the rank of the pattern tiles' cells as a k-permutation of n
//! cells, so a table holds n!/(n−k)! entries, one byte each.
//!
//! Tables are built in a canonical frame: tiles are relabelled by their goal cell, and the
//! board is turned by one of its symmetries so the goal's blank sits in cell 0. One built set
//! therefore serves every goal whose blank is in a corner; a goal with the blank elsewhere uses
//! the same patterns with cell 0 exchanged for the blank's cell, which are separate tables.

mod build;

use crate::board::{Board, Move, Tile};
use crate::cache::{self, CacheError};
use crate::error::Error;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Most cells a pattern database covers (a 5×5 board).
pub const MAX_CELLS: usize = 25;
/// Most tiles in one pattern.
pub const MAX_PATTERN: usize = 8;
use build::UNSET;

/// Ranks k-permutations of n cells: the cells of k distinct tiles, in pattern order.
#[derive(Clone, Debug)]
pub struct Ranker {
    n: usize,
    k: usize,
    mults: [u64; MAX_PATTERN],
    size: u64,
}

impl Ranker {
    /// A ranker for `k` tiles on `n` cells (`k ≤ 8`, `k ≤ n ≤ 32`).
    pub fn new(n: usize, k: usize) -> Ranker {
        assert!(k <= MAX_PATTERN && k <= n && n <= 32, "pattern of {k} tiles on {n} cells");
        let mut mults = [0u64; MAX_PATTERN];
        for (i, m) in mults.iter_mut().enumerate().take(k) {
            *m = (i + 1..k).map(|j| (n - j) as u64).product();
        }
        let size = if k == 0 { 1 } else { n as u64 * mults[0] };
        Ranker { n, k, mults, size }
    }

    /// Number of indices, n!/(n−k)!.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Tiles in the pattern.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The index of the placement whose i-th tile is at cell `cell(i)`.
    #[inline(always)]
    pub fn rank_with(&self, cell: impl Fn(usize) -> u8) -> u64 {
        let mut used = 0u32;
        let mut r = 0u64;
        for i in 0..self.k {
            let p = cell(i) as u32;
            let below = (used & ((1u32 << p) - 1)).count_ones();
            r += (p - below) as u64 * self.mults[i];
            used |= 1 << p;
        }
        r
    }

    /// The index of a placement given as cells.
    #[inline]
    pub fn rank(&self, cells: &[u8]) -> u64 {
        self.rank_with(|i| cells[i])
    }

    /// The placement of index `idx`, written to `cells[..k]`.
    #[inline]
    pub fn unrank(&self, idx: u64, cells: &mut [u8]) {
        let mut used = 0u32;
        let all = if self.n == 32 { u32::MAX } else { (1u32 << self.n) - 1 };
        if self.size <= u32::MAX as u64 {
            // Every table that fits in memory has 32-bit indices, and 32-bit division is faster.
            let mut idx = idx as u32;
            for (i, cell) in cells[..self.k].iter_mut().enumerate() {
                let m = self.mults[i] as u32;
                let p = select(!used & all, idx / m);
                idx %= m;
                *cell = p as u8;
                used |= 1 << p;
            }
        } else {
            let mut idx = idx;
            for (i, cell) in cells[..self.k].iter_mut().enumerate() {
                let p = select(!used & all, (idx / self.mults[i]) as u32);
                idx %= self.mults[i];
                *cell = p as u8;
                used |= 1 << p;
            }
        }
    }
}

/// The cell of the `i`-th lowest set bit of `mask` (which has more than `i` bits set), found
/// without branches by halving the search range five times.
#[inline(always)]
pub(crate) fn select(mut mask: u32, i: u32) -> u32 {
    for _ in 0..i {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// One pattern database: the distances of every placement of a pattern's tiles.
pub struct Pdb {
    width: u8,
    height: u8,
    blank: u8,
    cells: Vec<u8>,
    ranker: Ranker,
    table: Box<[u8]>,
}

impl fmt::Debug for Pdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pdb").field("width", &self.width).field("height", &self.height).field("cells", &self.cells).finish()
    }
}

/// Something worth telling the user while tables are loaded or built.
#[derive(Clone, Debug)]
pub enum PdbEvent<'a> {
    /// A table was read from the cache and verified.
    Loaded {
        /// Its pattern.
        pattern: &'a [u8],
        /// The file.
        path: &'a Path,
    },
    /// A cache file failed verification; it is rebuilt.
    Corrupt {
        /// The file.
        path: &'a Path,
        /// What was wrong.
        reason: String,
    },
    /// A build starts.
    BuildStart {
        /// Its pattern.
        pattern: &'a [u8],
        /// Entries in the table.
        entries: u64,
    },
    /// A breadth-first level finished.
    BuildLevel {
        /// Its pattern.
        pattern: &'a [u8],
        /// The level just finished.
        depth: u8,
        /// Entries filled so far.
        filled: u64,
        /// Entries in the table.
        entries: u64,
    },
    /// A build finished.
    Built {
        /// Its pattern.
        pattern: &'a [u8],
        /// How long it took.
        time: Duration,
    },
    /// A table was written to the cache.
    Saved {
        /// The file.
        path: &'a Path,
    },
    /// A table could not be written to the cache (it is still used from memory).
    SaveFailed {
        /// What went wrong.
        error: String,
    },
}

/// Where tables come from and go to, and how much memory building one may take.
#[derive(Clone, Debug)]
pub struct CacheUse {
    /// The cache directory.
    pub dir: PathBuf,
    /// Read tables from the cache.
    pub read: bool,
    /// Write freshly built tables to the cache.
    pub write: bool,
    /// Most bytes one table build may use; `None` means the memory the system reports
    /// available. A build that would need more is refused with [`Error::Memory`] before it
    /// allocates anything.
    pub build_memory: Option<u64>,
}

impl Default for CacheUse {
    fn default() -> Self {
        CacheUse { dir: cache::cache_dir(), read: true, write: true, build_memory: None }
    }
}

impl CacheUse {
    /// Memory only: nothing read, nothing written.
    pub fn none() -> CacheUse {
        CacheUse { dir: PathBuf::new(), read: false, write: false, build_memory: None }
    }
}

/// The memory the system reports available, where known: `MemAvailable` in `/proc/meminfo`,
/// or less when the process's control group has a memory limit (`memory.max` less
/// `memory.current`).
pub fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let system = read("/proc/meminfo").and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
    });
    let group = (|| {
        let max: u64 = read("/sys/fs/cgroup/memory.max")?.trim().parse().ok()?;
        let current: u64 = read("/sys/fs/cgroup/memory.current")?.trim().parse().ok()?;
        Some(max.saturating_sub(current))
    })();
    match (system, group) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Megabytes, for messages.
fn megabytes(bytes: u64) -> String {
    format!("{:.0} MB", bytes as f64 / 1e6)
}

/// The cells a blank on a `width`×`height` board reaches in one move, per cell and move
/// (`U D L R`), with `u8::MAX` at the edge.
pub fn neighbours(width: usize, height: usize) -> Vec<[u8; 4]> {
    (0..width * height).map(|c| Move::ALL.map(|m| crate::board::neighbor(width, height, c, m).map_or(u8::MAX, |x| x as u8))).collect()
}

impl Pdb {
    /// Builds the database for `pattern` (goal cells) on a `width`×`height` board whose goal
    /// blank is in cell `blank`, by parallel zero-aware breadth-first search, reporting each
    /// level to `on`.
    ///
    /// The search's states are the pattern tiles' cells plus the region of free cells the blank
    /// is in (the blank moves inside it at no cost), and a move slides a pattern tile into the
    /// blank's region for a cost of 1. The table keeps, per placement, the least cost over the
    /// blank's regions. Memory: 2 bits per (placement, free cell), the free cells padded to a
    /// power of two, and a byte per placement for the table.
    pub fn build(width: usize, height: usize, blank: u8, pattern: &[u8], on: &(dyn Fn(&PdbEvent) + Sync)) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        if blank as usize >= width * height || pattern.contains(&blank) {
            return Err(Error::Invalid(format!("the goal blank's cell {blank} must be off the pattern {pattern:?}")));
        }
        let ranker = Ranker::new(width * height, pattern.len());
        let size = ranker.size();
        let started = Instant::now();
        on(&PdbEvent::BuildStart { pattern, entries: size });
        let table = build::table(width, height, blank, pattern, &ranker, &|depth, filled| {
            on(&PdbEvent::BuildLevel { pattern, depth, filled, entries: size })
        })?;
        if table.contains(&UNSET) {
            return Err(Error::Unsupported(format!("pattern {pattern:?} on {width}×{height}: some placements are unreachable")));
        }
        on(&PdbEvent::Built { pattern, time: started.elapsed() });
        Ok(Pdb { width: width as u8, height: height as u8, blank, cells: pattern.to_vec(), ranker, table: table.into_boxed_slice() })
    }

    /// The memory a build of a `k`-tile pattern on a `width`×`height` board holds at its
    /// peak: the 2-bit state codes and the table.
    pub fn build_bytes(width: usize, height: usize, k: usize) -> u64 {
        let n = width * height;
        let size = Ranker::new(n, k).size();
        build::code_bytes(size, n - k) + size
    }

    /// Wraps a table read from elsewhere, checking its size.
    pub fn from_table(width: usize, height: usize, blank: u8, pattern: &[u8], table: Vec<u8>) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        let ranker = Ranker::new(width * height, pattern.len());
        if table.len() as u64 != ranker.size() {
            return Err(Error::Cache(format!("table has {} entries, expected {}", table.len(), ranker.size())));
        }
        if table.contains(&UNSET) {
            return Err(Error::Cache("table holds unset entries".into()));
        }
        Ok(Pdb { width: width as u8, height: height as u8, blank, cells: pattern.to_vec(), ranker, table: table.into_boxed_slice() })
    }

    /// The goal blank's cell.
    pub fn blank(&self) -> u8 {
        self.blank
    }

    /// The pattern: goal cells of its tiles.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The ranker for this table's index.
    pub fn ranker(&self) -> &Ranker {
        &self.ranker
    }

    /// The raw table, one byte an entry.
    pub fn table(&self) -> &[u8] {
        &self.table
    }

    /// Entries in the table.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Never true: a table has at least one entry.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The value at an index.
    #[inline(always)]
    pub fn at(&self, idx: u64) -> u8 {
        self.table[idx as usize]
    }

    /// The value for a placement: `pos[label]` is the cell of the tile whose goal cell is `label`.
    #[inline]
    pub fn value(&self, pos: &[u8]) -> u8 {
        self.at(self.ranker.rank_with(|i| pos[self.cells[i] as usize]))
    }

    /// The cache file name of this table.
    pub fn file_name(&self) -> String {
        cache::file_name(self.width as usize, self.height as usize, self.blank, &self.cells)
    }
}

fn check_pattern(width: usize, height: usize, pattern: &[u8]) -> Result<(), Error> {
    let n = width * height;
    if n > MAX_CELLS {
        return Err(Error::Unsupported(format!("pattern databases cover boards of at most {MAX_CELLS} cells, not {width}×{height}")));
    }
    if pattern.is_empty() || pattern.len() > MAX_PATTERN {
        return Err(Error::Invalid(format!("a pattern holds 1..={MAX_PATTERN} tiles, not {}", pattern.len())));
    }
    let mut seen = 0u32;
    for &c in pattern {
        if c as usize >= n || seen & (1 << c) != 0 {
            return Err(Error::Invalid(format!("pattern {pattern:?} is not a set of distinct cells of a {width}×{height} board")));
        }
        seen |= 1 << c;
    }
    Ok(())
}

/// A named partition of the non-blank goal cells into patterns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetSpec {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The name, e.g. `7-8`.
    pub name: String,
    /// The patterns (goal cells), disjoint, covering every cell but the blank's.
    pub patterns: Vec<Vec<u8>>,
}

fn cells(r: std::ops::RangeInclusive<u8>) -> Vec<u8> {
    r.collect()
}

impl SetSpec {
    /// The sets offered for a board size, strongest first, with the goal blank in cell 0.
    pub fn all_for(width: usize, height: usize) -> Vec<SetSpec> {
        let named = |name: &str, patterns: Vec<Vec<u8>>| SetSpec { width, height, name: name.into(), patterns };
        match (width, height) {
            (4, 4) => vec![
                named("7-8", vec![cells(1..=7), cells(8..=15)]),
                named("6-6-3", vec![vec![1, 4, 5, 8, 9, 12], vec![2, 3, 6, 7, 10, 11], vec![13, 14, 15]]),
                named("5-5-5", vec![vec![1, 4, 5, 8, 9], vec![2, 3, 6, 7, 11], vec![10, 12, 13, 14, 15]]),
            ],
            (5, 5) => vec![
                named(
                    "6-6-6-6",
                    vec![vec![1, 2, 5, 6, 7, 12], vec![3, 4, 8, 9, 13, 14], vec![10, 11, 15, 16, 20, 21], vec![17, 18, 19, 22, 23, 24]],
                ),
                named("5-5-5-5-4", vec![cells(1..=5), cells(6..=10), cells(11..=15), cells(16..=20), cells(21..=24)]),
            ],
            _ => vec![SetSpec::generic(width, height)],
        }
    }

    /// Row-major groups of the largest size whose tables stay under 8 million entries. A group
    /// leaves at least three cells free: with fewer, parity makes some placements (or the
    /// blank's side of them) unreachable, and the build refuses such a table.
    fn generic(width: usize, height: usize) -> SetSpec {
        let n = width * height;
        let k = (1..=6.min(n - 3)).rev().find(|&k| Ranker::new(n, k).size() <= 8_000_000).unwrap_or(1);
        let all: Vec<u8> = (1..n as u8).collect();
        let patterns: Vec<Vec<u8>> = all.chunks(k).map(|c| c.to_vec()).collect();
        let name = patterns.iter().map(|p| p.len().to_string()).collect::<Vec<_>>().join("-");
        SetSpec { width, height, name, patterns }
    }

    /// The set built on the spot when nothing stronger is cached: 6-6-3 on 4×4, 5-5-5-5-4 on
    /// 5×5, row-major groups elsewhere.
    pub fn small_default(width: usize, height: usize) -> SetSpec {
        let all = SetSpec::all_for(width, height);
        all.into_iter().find(|s| s.name == "6-6-3" || s.name == "5-5-5-5-4").unwrap_or_else(|| SetSpec::generic(width, height))
    }

    /// The strongest set for a board size.
    pub fn strongest(width: usize, height: usize) -> SetSpec {
        SetSpec::all_for(width, height).remove(0)
    }

    /// Looks a set up by name for a board size.
    pub fn named(width: usize, height: usize, name: &str) -> Result<SetSpec, Error> {
        if width * height > MAX_CELLS {
            return Err(Error::Unsupported(format!("pattern databases cover boards of at most {MAX_CELLS} cells, not {width}×{height}")));
        }
        let all = SetSpec::all_for(width, height);
        let names: Vec<String> = all.iter().map(|s| s.name.clone()).collect();
        all.into_iter()
            .find(|s| s.name == name.trim())
            .ok_or_else(|| Error::Invalid(format!("no pattern set \"{name}\" for {width}×{height}: use {}", names.join(", "))))
    }

    /// The same partition for a goal whose blank is in canonical cell `blank`: cell 0 and
    /// `blank` change places.
    pub fn for_blank(&self, blank: u8) -> SetSpec {
        let mut s = self.clone();
        if blank != 0 {
            for p in &mut s.patterns {
                for c in p.iter_mut() {
                    if *c == blank {
                        *c = 0;
                    }
                }
            }
        }
        s
    }

    /// Entries over all tables (= bytes in memory).
    pub fn entries(&self) -> u64 {
        self.patterns.iter().map(|p| Ranker::new(self.width * self.height, p.len()).size()).sum()
    }

    /// The goal blank's cell: the one cell no pattern holds.
    pub fn blank(&self) -> u8 {
        let used = self.patterns.iter().flatten().fold(0u32, |m, &c| m | 1 << c);
        (!used).trailing_zeros() as u8
    }

    /// Whether every table of the set is loaded or in the cache directory `dir`.
    pub fn available(&self, dir: &Path) -> bool {
        let b = self.blank();
        self.patterns.iter().all(|p| ready(self.width, self.height, b, p, Some(dir)))
    }
}

/// Whether a table is loaded, or (when `dir` is given) has a file in the cache directory `dir`.
fn ready(width: usize, height: usize, blank: u8, pattern: &[u8], dir: Option<&Path>) -> bool {
    let key: Key = (width as u8, height as u8, blank, pattern.to_vec());
    registry().lock().map(|r| r.contains_key(&key)).unwrap_or(false)
        || dir.is_some_and(|d| d.join(cache::file_name(width, height, blank, pattern)).is_file())
}

/// The canonical frame of a goal: a symmetry of the board that puts the goal's blank in cell 0
/// when it is in a corner, and tiles relabelled by their goal cell.
#[derive(Clone, Debug)]
pub struct Frame {
    /// Width in the canonical frame.
    pub width: usize,
    /// Height in the canonical frame.
    pub height: usize,
    /// Actual cell → canonical cell.
    pub cell_map: Vec<u8>,
    /// Canonical cell → actual cell.
    pub cell_inv: Vec<u8>,
    /// Tile → canonical label (its canonical goal cell).
    pub label: Vec<u8>,
    /// The goal blank's canonical cell (0 for a corner).
    pub blank: u8,
    /// Whether the mirror lookup applies (square board, blank on the main diagonal).
    pub reflect: bool,
}

impl Frame {
    /// The frame for `goal` (at most 32 cells).
    pub fn new(goal: &Board) -> Frame {
        let (w, h) = (goal.width(), goal.height());
        let n = w * h;
        let map = |t: usize, cell: usize| -> usize {
            let (mut r, mut c) = (cell / w, cell % w);
            if t & 1 != 0 {
                r = h - 1 - r;
            }
            if t & 2 != 0 {
                c = w - 1 - c;
            }
            if t & 4 != 0 {
                c * h + r
            } else {
                r * w + c
            }
        };
        let b = goal.blank();
        let syms = if w == h { 8 } else { 4 };
        let t = (0..syms).find(|&t| map(t, b) == 0).unwrap_or(0);
        let cell_map: Vec<u8> = (0..n).map(|c| map(t, c) as u8).collect();
        let mut cell_inv = vec![0u8; n];
        for (a, &c) in cell_map.iter().enumerate() {
            cell_inv[c as usize] = a as u8;
        }
        let label: Vec<u8> = goal.positions().iter().map(|&p| cell_map[p]).collect();
        let blank = cell_map[b];
        let reflect = w == h && (blank as usize / w == blank as usize % w);
        Frame { width: w, height: h, cell_map, cell_inv, label, blank, reflect }
    }

    /// `pos[label]` = canonical cell, for a board in the actual frame.
    pub fn positions(&self, tile_at: impl Fn(usize) -> Tile) -> [u8; 32] {
        let mut pos = [0u8; 32];
        for (cell, &c) in self.cell_map.iter().enumerate() {
            pos[self.label[tile_at(cell) as usize] as usize] = c;
        }
        pos
    }
}

/// A pattern set bound to one goal: the additive heuristic, with the mirror lookup.
pub struct PdbHeuristic {
    frame: Frame,
    name: String,
    pdbs: Vec<Arc<Pdb>>,
    /// `transpose[c]`: cell `c` mirrored about the main diagonal (identity when not mirroring).
    transpose: Vec<u8>,
}

impl fmt::Debug for PdbHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PdbHeuristic").field("set", &self.name).field("frame", &self.frame).finish()
    }
}

impl PdbHeuristic {
    /// Binds loaded tables (the set `spec`, adjusted for the goal's blank) to `goal`.
    pub fn new(goal: &Board, name: &str, pdbs: Vec<Arc<Pdb>>) -> PdbHeuristic {
        let frame = Frame::new(goal);
        let w = frame.width;
        let transpose = (0..goal.len()).map(|c| if frame.reflect { ((c % w) * w + c / w) as u8 } else { c as u8 }).collect();
        PdbHeuristic { frame, name: name.to_string(), pdbs, transpose }
    }

    /// The goal's canonical frame.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// The set's name, e.g. `7-8`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The tables.
    pub fn pdbs(&self) -> &[Arc<Pdb>] {
        &self.pdbs
    }

    /// The mirror map on canonical cells (identity when the mirror lookup does not apply).
    pub fn transpose(&self) -> &[u8] {
        &self.transpose
    }

    /// The estimate for canonical positions (`pos[label]` = canonical cell): the larger of the
    /// sum over the tables and the sum over the tables in the mirrored position.
    #[inline]
    pub fn estimate_canonical(&self, pos: &[u8]) -> u32 {
        let direct: u32 = self.pdbs.iter().map(|p| p.value(pos) as u32).sum();
        if !self.frame.reflect {
            return direct;
        }
        let t = &self.transpose;
        let mirrored: u32 =
            self.pdbs.iter().map(|p| p.at(p.ranker.rank_with(|i| t[pos[t[p.cells[i] as usize] as usize] as usize])) as u32).sum();
        direct.max(mirrored)
    }

    /// The estimate for a board in the actual frame, given as its tile per cell.
    pub fn estimate_tiles(&self, tile_at: impl Fn(usize) -> Tile) -> u32 {
        self.estimate_canonical(&self.frame.positions(tile_at))
    }
}

type Key = (u8, u8, u8, Vec<u8>);

fn registry() -> &'static Mutex<HashMap<Key, Arc<Pdb>>> {
    static R: OnceLock<Mutex<HashMap<Key, Arc<Pdb>>>> = OnceLock::new();
    R.get_or_init(Default::default)
}

fn load_lock() -> &'static Mutex<()> {
    static L: OnceLock<Mutex<()>> = OnceLock::new();
    L.get_or_init(Default::default)
}

/// The canonical goal text stored in cache headers: cell `i` holds label `i`.
fn goal_text(width: usize, height: usize, blank: u8) -> String {
    format!("{width}x{height}, tiles relabelled by goal cell, goal blank in cell {blank}; zero-aware, pattern-tile moves only")
}

/// Forgets every loaded table (heuristics already bound keep theirs), so the next
/// [`load_or_build`] reads the cache again.
pub fn unload_all() {
    registry().lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// Loads one table: from memory, else the cache (verified; a corrupt file is reported and
/// rebuilt), else by building it (and saving it when `cache.write`).
pub fn load_or_build(
    width: usize,
    height: usize,
    blank: u8,
    pattern: &[u8],
    cache: &CacheUse,
    on: &(dyn Fn(&PdbEvent) + Sync),
) -> Result<Arc<Pdb>, Error> {
    check_pattern(width, height, pattern)?;
    let key: Key = (width as u8, height as u8, blank, pattern.to_vec());
    let _guard = load_lock().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = registry().lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(p.clone());
    }
    let path = cache.dir.join(cache::file_name(width, height, blank, pattern));
    let mut pdb = None;
    if cache.read {
        match cache::load(&path) {
            Ok((h, table)) => {
                if h.width as usize != width
                    || h.height as usize != height
                    || h.pattern != pattern
                    || h.goal != goal_text(width, height, blank)
                {
                    on(&PdbEvent::Corrupt { path: &path, reason: "header names a different board or pattern".into() });
                } else {
                    match Pdb::from_table(width, height, blank, pattern, table) {
                        Ok(p) => {
                            on(&PdbEvent::Loaded { pattern, path: &path });
                            pdb = Some(p);
                        }
                        Err(e) => on(&PdbEvent::Corrupt { path: &path, reason: e.to_string() }),
                    }
                }
            }
            Err(CacheError::Missing(_)) => {}
            Err(CacheError::Corrupt { reason, .. }) => on(&PdbEvent::Corrupt { path: &path, reason }),
            Err(e @ CacheError::Io { .. }) => on(&PdbEvent::Corrupt { path: &path, reason: e.to_string() }),
        }
    }
    let pdb = match pdb {
        Some(p) => p,
        None => {
            check_memory(cache, Pdb::build_bytes(width, height, pattern.len()), &format!("the table of pattern {pattern:?}"))?;
            let p = Pdb::build(width, height, blank, pattern, on)?;
            if cache.write {
                match cache::save(&path, width as u8, height as u8, pattern, &goal_text(width, height, blank), p.table()) {
                    Ok(_) => on(&PdbEvent::Saved { path: &path }),
                    Err(e) => on(&PdbEvent::SaveFailed { error: e.to_string() }),
                }
            }
            p
        }
    };
    let pdb = Arc::new(pdb);
    registry().lock().unwrap_or_else(|e| e.into_inner()).insert(key, pdb.clone());
    Ok(pdb)
}

/// Refuses a build of `what` that needs `needed` bytes when that is more than the build may
/// use.
fn check_memory(cache: &CacheUse, needed: u64, what: &str) -> Result<(), Error> {
    let (limit, name) = match cache.build_memory {
        Some(m) => (Some(m), "the limit"),
        None => (available_memory(), "the memory available"),
    };
    match limit {
        Some(limit) if needed > limit => Err(Error::Memory(format!(
            "building {what} needs about {}, more than {name} ({}); choose a smaller pattern set",
            megabytes(needed),
            megabytes(limit)
        ))),
        _ => Ok(()),
    }
}

/// Loads or builds every table of `spec` as adjusted for `goal`, and binds them to `goal`.
/// Before any work it checks that the largest table still to build fits the memory a build
/// may use.
pub fn heuristic_for(goal: &Board, spec: &SetSpec, cache: &CacheUse, on: &(dyn Fn(&PdbEvent) + Sync)) -> Result<PdbHeuristic, Error> {
    if spec.width != goal.width() || spec.height != goal.height() {
        return Err(Error::Invalid(format!(
            "set {} is for {}×{}, the goal is {}×{}",
            spec.name,
            spec.width,
            spec.height,
            goal.width(),
            goal.height()
        )));
    }
    let frame = Frame::new(goal);
    let spec = spec.for_blank(frame.blank);
    let dir = cache.read.then_some(cache.dir.as_path());
    let to_build = spec.patterns.iter().filter(|p| !ready(frame.width, frame.height, frame.blank, p, dir));
    if let Some(needed) = to_build.map(|p| Pdb::build_bytes(frame.width, frame.height, p.len())).max() {
        check_memory(cache, needed, &format!("set {} for {}×{}", spec.name, frame.width, frame.height))?;
    }
    let pdbs =
        spec.patterns.iter().map(|p| load_or_build(frame.width, frame.height, frame.blank, p, cache, on)).collect::<Result<Vec<_>, _>>()?;
    Ok(PdbHeuristic::new(goal, &spec.name, pdbs))
}

/// The set the default solver uses for `goal`: the strongest one whose tables are all loaded or
/// cached (for the goal's blank), else [`SetSpec::small_default`].
pub fn choose_set(goal: &Board, cache: &CacheUse) -> Result<SetSpec, Error> {
    let (w, h) = (goal.width(), goal.height());
    if w * h > MAX_CELLS {
        return Err(Error::Unsupported(format!("pattern databases cover boards of at most {MAX_CELLS} cells, not {w}×{h}")));
    }
    let blank = Frame::new(goal).blank;
    let all = SetSpec::all_for(w, h);
    let cached = all.iter().find(|s| cache.read && s.for_blank(blank).available(&cache.dir));
    Ok(cached.cloned().unwrap_or_else(|| SetSpec::small_default(w, h)))
}

/// Installed heuristics by goal board: keyed by the whole board, size included, since a 3×2 and
/// a 2×3 goal can list the same tiles.
fn prepared() -> &'static Mutex<HashMap<Board, Arc<PdbHeuristic>>> {
    static P: OnceLock<Mutex<HashMap<Board, Arc<PdbHeuristic>>>> = OnceLock::new();
    P.get_or_init(Default::default)
}

/// Makes `h` the heuristic the `pdb` heuristic kind uses for its goal in this process.
pub fn install(goal: &Board, h: Arc<PdbHeuristic>) {
    prepared().lock().unwrap_or_else(|e| e.into_inner()).insert(goal.clone(), h);
}

/// The heuristic installed for `goal`, if any.
pub fn installed(goal: &Board) -> Option<Arc<PdbHeuristic>> {
    prepared().lock().unwrap_or_else(|e| e.into_inner()).get(goal).cloned()
}

/// The `pdb` heuristic for `goal`: the installed one, or the set [`choose_set`] picks, loaded
/// or built with the default cache and installed.
pub fn prepare(goal: &Board, on: &(dyn Fn(&PdbEvent) + Sync)) -> Result<Arc<PdbHeuristic>, Error> {
    if let Some(h) = installed(goal) {
        return Ok(h);
    }
    let cache = CacheUse::default();
    let spec = choose_set(goal, &cache)?;
    let h = Arc::new(heuristic_for(goal, &spec, &cache, on)?);
    install(goal, h.clone());
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;

    #[test]
    fn ranks_round_trip() {
        let r = Ranker::new(9, 3);
        assert_eq!(r.size(), 9 * 8 * 7);
        let mut cells = [0u8; 8];
        for idx in 0..r.size() {
            r.unrank(idx, &mut cells);
            assert_eq!(r.rank(&cells[..3]), idx);
        }
    }

    #[test]
    fn select_finds_every_set_bit() {
        for mask in [1u32, 0b1011_0110, 0xFFFF, 0x8000_0001, u32::MAX, 0x0155_5555, 0xF0F0_0F0F] {
            let bits: Vec<u32> = (0..32).filter(|b| mask & 1 << b != 0).collect();
            for (i, &b) in bits.iter().enumerate() {
                assert_eq!(select(mask, i as u32), b, "mask {mask:#x} bit {i}");
            }
        }
    }

    #[test]
    fn wide_ranks_round_trip() {
        // 32 cells, 8 tiles: more than 2^32 indices, so unrank takes its 64-bit path.
        let r = Ranker::new(32, 8);
        assert!(r.size() > u32::MAX as u64);
        let mut cells = [0u8; 8];
        for idx in [0, 1, u32::MAX as u64, u32::MAX as u64 + 1, r.size() / 3, r.size() - 1] {
            r.unrank(idx, &mut cells);
            assert_eq!(r.rank(&cells), idx);
        }
    }

    #[test]
    fn frames_put_a_corner_blank_in_cell_zero() {
        for goal in [Goal::BlankLast, Goal::BlankFirst] {
            let g = goal.board(4, 4).unwrap();
            let f = Frame::new(&g);
            assert_eq!(f.blank, 0);
            assert!(f.reflect);
            let pos = f.positions(|c| g.tiles()[c]);
            for (label, &p) in pos.iter().enumerate().take(16) {
                assert_eq!(label as u8, p);
            }
        }
        let snail = Goal::Snail.board(4, 4).unwrap();
        assert_ne!(Frame::new(&snail).blank, 0);
        let rect = Goal::BlankLast.board(3, 2).unwrap();
        let f = Frame::new(&rect);
        assert_eq!(f.blank, 0);
        assert!(!f.reflect);
    }

    #[test]
    fn named_sets_partition_the_cells() {
        for (w, h) in [(4, 4), (5, 5), (3, 3), (2, 4), (3, 2)] {
            for s in SetSpec::all_for(w, h) {
                let mut all: Vec<u8> = s.patterns.concat();
                all.sort();
                assert_eq!(all, (1..(w * h) as u8).collect::<Vec<_>>(), "{w}x{h} {}", s.name);
            }
        }
        assert!(SetSpec::named(4, 4, "9-6").is_err());
        assert_eq!(SetSpec::small_default(4, 4).name, "6-6-3");
        assert_eq!(SetSpec::generic(3, 3).name, "6-2");
    }
}
