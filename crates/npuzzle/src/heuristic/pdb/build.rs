//! Zero-aware breadth-first construction of one pattern database.
//!
//! A search state is a placement of the pattern tiles plus the region of free cells the blank
//! is in; the blank moves inside its region at no cost, and a move slides a pattern tile into
//! the region for a cost of 1. Every (placement, free cell) pair has a 2-bit code:
//!
//! | code | meaning |
//! | --- | --- |
//! | `00` | not reached |
//! | `11` | reached: expanded, or a non-representative cell of a reached region |
//! | `01` / `10` | the region's representative (its lowest cell), on the current or next level |
//!
//! The current and next codes trade places each level, so no pass is needed between levels,
//! and a whole region is claimed with one atomic OR because the codes of one placement share a
//! 64-bit word (the free cells are padded to a power of two). Levels are scanned in index order
//! and the table byte of a placement is set when its first region is expanded, so the table is
//! written sequentially; the only random accesses are the successor checks, which are loaded
//! together before any is used so their cache misses overlap.

use super::{select, Ranker, MAX_PATTERN};
use crate::error::Error;
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// Table value of a placement not reached (never left in a finished table).
pub(super) const UNSET: u8 = 0xFF;
/// Bits 0, 2, 4, …: the low bit of every code in a word.
const LOW: u64 = 0x5555_5555_5555_5555;
/// Words scanned by one task.
const CHUNK: usize = 1 << 11;
/// Successors checked together.
const BATCH: usize = 64;

/// The board's shape and the bit tricks that move the blank's region around it.
struct Grid {
    width: usize,
    all: u32,
    not_col0: u32,
    not_col_last: u32,
    nbr_mask: Vec<u32>,
}

impl Grid {
    fn new(width: usize, height: usize) -> Grid {
        let n = width * height;
        let all: u32 = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let col0: u32 = (0..height).fold(0, |m, r| m | 1 << (r * width));
        let col_last = col0 << (width - 1);
        let nbr_mask =
            super::neighbours(width, height).iter().map(|ns| ns.iter().filter(|&&q| q != u8::MAX).fold(0u32, |m, &q| m | 1 << q)).collect();
        Grid { width, all, not_col0: !col0, not_col_last: !col_last, nbr_mask }
    }

    /// Every cell of `free` reachable from `seed`.
    #[inline(always)]
    fn region(&self, seed: u32, free: u32) -> u32 {
        let mut r = 1u32 << seed;
        loop {
            let grown = (r | ((r << 1) & self.not_col0) | ((r >> 1) & self.not_col_last) | (r << self.width) | (r >> self.width)) & free;
            if grown == r {
                return r;
            }
            r = grown;
        }
    }
}

/// Position of free cell `c` among the free cells `free` (its slot in the placement's codes).
#[inline(always)]
fn slot(c: u32, free: u32) -> u32 {
    (free & ((1u32 << c) - 1)).count_ones()
}

/// The state codes: 2 bits per (placement, free-cell slot), each placement's slots in one word.
struct Codes {
    words: Vec<AtomicU64>,
    /// log2 of the bits one placement takes (2 × slots, a power of two ≤ 64).
    span_log2: u32,
    /// log2 of the placements per word.
    per_word_log2: u32,
}

impl Codes {
    /// log2 of the bits one placement's codes take, and of the placements per word.
    fn layout(free_cells: usize) -> (u32, u32) {
        let span_log2 = (2 * free_cells.next_power_of_two()).trailing_zeros();
        (span_log2, 6 - span_log2)
    }

    fn new(placements: u64, free_cells: usize) -> Result<Codes, Error> {
        let (span_log2, per_word_log2) = Codes::layout(free_cells);
        let words = placements.div_ceil(1 << per_word_log2) as usize;
        Ok(Codes { words: filled(words, || AtomicU64::new(0))?, span_log2, per_word_log2 })
    }

    /// The word holding placement `rank`, and the bit where its codes start.
    #[inline(always)]
    fn locate(&self, rank: u64) -> (usize, u32) {
        let word = (rank >> self.per_word_log2) as usize;
        let base = ((rank as u32) & ((1 << self.per_word_log2) - 1)) << self.span_log2;
        (word, base)
    }
}

/// The bytes of state codes a build of `placements` placements with `free_cells` free cells
/// holds.
pub(super) fn code_bytes(placements: u64, free_cells: usize) -> u64 {
    let (_, per_word_log2) = Codes::layout(free_cells);
    placements.div_ceil(1 << per_word_log2) * 8
}

/// `len` values made by `make`, filled in parallel; a failed allocation is an error, not an
/// abort.
fn filled<T: Send>(len: usize, make: impl Fn() -> T + Sync + Send) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        let mb = (len * std::mem::size_of::<T>()) as f64 / 1e6;
        Error::Memory(format!("could not allocate {mb:.0} MB for a pattern-database build"))
    })?;
    v.par_extend((0..len).into_par_iter().map(|_| make()));
    Ok(v)
}

/// Builds the distance table of `pattern` (goal cells) on a `width`×`height` board whose goal
/// blank is in cell `blank`, calling `level(depth, filled)` after each breadth-first level.
/// Without `regions` the table holds one distance a placement, the least over the blank's
/// regions; with `regions` it holds one a (placement, free cell), the distance with the blank in
/// that cell's region ([`UNSET`] for a region never reached), the free cells in increasing
/// order. A
/// set `cancel` flag makes every task skip its chunk, and the build ends with
/// [`Error::Cancelled`] at the end of the level.
#[allow(clippy::too_many_arguments)]
pub(super) fn table(
    width: usize,
    height: usize,
    blank: u8,
    pattern: &[u8],
    ranker: &Ranker,
    regions: bool,
    level: &(dyn Fn(u8, u64) + Sync),
    cancel: Option<&AtomicBool>,
) -> Result<Vec<u8>, Error> {
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    if cancelled() {
        return Err(Error::Cancelled);
    }
    let n = width * height;
    let k = pattern.len();
    let grid = Grid::new(width, height);
    let size = ranker.size();
    let codes = Codes::new(size, n - k)?;
    let slots = super::slots(n, k, regions);
    let table = filled((size * slots) as usize, || AtomicU8::new(UNSET))?;

    // Level 0: the goal placement and the blank's region, representative coded `01`.
    let goal_occ = pattern.iter().fold(0u32, |m, &c| m | 1 << c);
    let free = grid.all & !goal_occ;
    let (word, base) = codes.locate(ranker.rank(pattern));
    codes.words[word].fetch_or(claim_mask(grid.region(blank as u32, free), free, 0b01) << base, Ordering::Relaxed);

    let span = 1u32 << codes.span_log2;
    // Cells the last pattern tile may take once the others are placed.
    let last_radix = (n - k + 1) as u64;
    let mut set_entries = 0u64;
    let mut depth = 0u8;
    loop {
        let (cur, next) = if depth % 2 == 0 { (0b01u64, 0b10u64) } else { (0b10, 0b01) };
        let (reached, entries): (u64, u64) = codes
            .words
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(ci, chunk)| {
                if cancelled() {
                    return (0, 0);
                }
                let mut cells = [0u8; MAX_PATTERN];
                let mut tile_at = [0u8; 32];
                // Placements scanned in order often differ only in the last tile's cell.
                let (mut prefix, mut prefix_free) = (u64::MAX, 0u32);
                let (mut occupied, mut free) = (0u32, 0u32);
                let mut batch = Vec::with_capacity(BATCH + 4 * MAX_PATTERN);
                let (mut reached, mut entries) = (0u64, 0u64);
                for (wi, word) in chunk.iter().enumerate() {
                    let w = word.load(Ordering::Relaxed);
                    let (lo, hi) = (w & LOW, (w >> 1) & LOW);
                    let mut current = if cur == 0b01 { lo & !hi } else { hi & !lo };
                    if current == 0 {
                        continue;
                    }
                    let first_rank = ((ci * CHUNK + wi) as u64) << codes.per_word_log2;
                    word.fetch_or(current | current << 1, Ordering::Relaxed);
                    let mut unranked = u64::MAX;
                    while current != 0 {
                        let bit = current.trailing_zeros();
                        current &= current - 1;
                        let rank = first_rank + (bit >> codes.span_log2) as u64;
                        if rank != unranked {
                            unranked = rank;
                            if rank / last_radix == prefix {
                                let c = select(prefix_free as u64, (rank % last_radix) as u32);
                                cells[k - 1] = c as u8;
                                tile_at[c as usize] = (k - 1) as u8;
                            } else {
                                prefix = rank / last_radix;
                                ranker.unrank(rank, &mut cells);
                                prefix_free = grid.all & !cells[..k - 1].iter().fold(0u32, |m, &p| m | 1 << p);
                                for (i, &c) in cells[..k].iter().enumerate() {
                                    tile_at[c as usize] = i as u8;
                                }
                            }
                            occupied = cells[..k].iter().fold(0u32, |m, &p| m | 1 << p);
                            free = grid.all & !occupied;
                            if !regions && table[rank as usize].load(Ordering::Relaxed) == UNSET {
                                table[rank as usize].store(depth, Ordering::Relaxed);
                                entries += 1;
                            }
                        }
                        let rep = select(free as u64, (bit & (span - 1)) / 2);
                        let reg = grid.region(rep, free);
                        if regions {
                            // A region is expanded once, on the level of its distance.
                            let mut r = reg;
                            while r != 0 {
                                let c = r.trailing_zeros();
                                r &= r - 1;
                                table[(rank * slots + slot(c, free) as u64) as usize].store(depth, Ordering::Relaxed);
                                entries += 1;
                            }
                        }
                        for (i, &p) in cells[..k].iter().enumerate() {
                            let mut targets = grid.nbr_mask[p as usize] & reg;
                            while targets != 0 {
                                let q = targets.trailing_zeros() as u8;
                                targets &= targets - 1;
                                let free2 = free ^ (1 << p) ^ (1 << q);
                                let r2 = moved_rank(ranker, rank, &tile_at, occupied, i, p, q);
                                let (word, base) = codes.locate(r2);
                                batch.push(Successor { word, base, seed: p, free: free2, seen: 0 });
                            }
                        }
                        if batch.len() >= BATCH {
                            reached += claim(&codes, &grid, &mut batch, next);
                        }
                    }
                }
                reached += claim(&codes, &grid, &mut batch, next);
                (reached, entries)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        if cancelled() {
            return Err(Error::Cancelled);
        }
        set_entries += entries;
        level(depth, set_entries);
        if reached == 0 {
            break;
        }
        if depth == UNSET - 1 {
            return Err(Error::Unsupported("pattern database deeper than 254 moves".into()));
        }
        depth += 1;
    }
    drop(codes);
    Ok(table.into_iter().map(AtomicU8::into_inner).collect())
}

/// The rank after tile `i` of a placement of rank `rank` moves from cell `p` to the free cell
/// `q`, found from the change in its digit and in the digits of later tiles between `p` and `q`
/// (`tile_at` maps each occupied cell to its tile). For a move along a row nothing lies between
/// and only tile `i`'s digit moves by one.
#[inline(always)]
fn moved_rank(ranker: &Ranker, rank: u64, tile_at: &[u8; 32], occupied: u32, i: usize, p: u8, q: u8) -> u64 {
    let (lo, hi) = if q > p { (p, q) } else { (q, p) };
    let m = ranker.mults[i];
    let mut delta = (hi - lo) as u64 * m;
    let mut between = occupied & ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
    while between != 0 {
        let t = tile_at[between.trailing_zeros() as usize] as usize;
        between &= between - 1;
        if t < i {
            delta -= m;
        } else {
            delta += ranker.mults[t];
        }
    }
    if q > p {
        rank + delta
    } else {
        rank - delta
    }
}

/// Builds the distance table of `pattern` (goal cells) on a `width`×`height` board of up to 64
/// cells, for any goal blank: a breadth-first search over the placements alone, in which a
/// pattern tile may step into any neighbouring cell no pattern tile holds, the blank being
/// wherever it needs to be. That relaxes the search with the blank's region (it differs only
/// where pattern tiles wall free cells off), so the distances are still lower bounds on the
/// pattern tiles' moves, and they do not depend on where the goal's blank is. One byte a
/// placement; `level(depth, filled)` is called after each level, and a set `cancel` flag ends
/// the build with [`Error::Cancelled`].
pub(super) fn table_any_blank(
    width: usize,
    height: usize,
    pattern: &[u8],
    ranker: &Ranker,
    level: &(dyn Fn(u8, u64) + Sync),
    cancel: Option<&AtomicBool>,
) -> Result<Vec<u8>, Error> {
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    if cancelled() {
        return Err(Error::Cancelled);
    }
    let n = width * height;
    let k = pattern.len();
    let nbr: Vec<u64> =
        super::neighbours(width, height).iter().map(|ns| ns.iter().filter(|&&q| q != u8::MAX).fold(0u64, |m, &q| m | 1 << q)).collect();
    let size = ranker.size();
    let table = filled(size as usize, || AtomicU8::new(UNSET))?;
    table[ranker.rank(pattern) as usize].store(0, Ordering::Relaxed);
    let mut filled_so_far = 1u64;
    let mut depth = 0u8;
    // Placements scanned by one task: whole runs of the last tile's cells, so a task unranks
    // once a run.
    let run = (n - k + 1) as u64;
    let per_task = run * 4096;
    loop {
        let found: u64 = (0..size.div_ceil(per_task))
            .into_par_iter()
            .map(|t| {
                if cancelled() {
                    return 0;
                }
                let (lo, hi) = (t * per_task, ((t + 1) * per_task).min(size));
                let mut cells = [0u8; MAX_PATTERN];
                let mut tile_at = [0u8; 64];
                let mut batch: Vec<u64> = Vec::with_capacity(BATCH + 4 * MAX_PATTERN);
                let mut found = 0u64;
                let mut unranked = false;
                let mut prefix_free = 0u64;
                let mut idx = lo;
                while idx < hi {
                    if table[idx as usize].load(Ordering::Relaxed) != depth {
                        idx += 1;
                        unranked = false;
                        continue;
                    }
                    if unranked && idx % run != 0 {
                        // The same prefix: only the last tile's cell differs.
                        let c = select(prefix_free, (idx % run) as u32) as u8;
                        cells[k - 1] = c;
                    } else {
                        ranker.unrank(idx, &mut cells);
                        prefix_free = !cells[..k - 1].iter().fold(0u64, |m, &p| m | 1 << p) & all_cells(n);
                        unranked = true;
                    }
                    let occupied = cells[..k].iter().fold(0u64, |m, &p| m | 1 << p);
                    for (i, &p) in cells[..k].iter().enumerate() {
                        tile_at[p as usize] = i as u8;
                    }
                    for (i, &p) in cells[..k].iter().enumerate() {
                        let mut targets = nbr[p as usize] & !occupied;
                        while targets != 0 {
                            let q = targets.trailing_zeros() as u8;
                            targets &= targets - 1;
                            batch.push(moved_rank64(ranker, idx, &tile_at, occupied, i, p, q));
                        }
                    }
                    if batch.len() >= BATCH {
                        found += claim_any(&table, &mut batch, depth + 1);
                    }
                    idx += 1;
                }
                found + claim_any(&table, &mut batch, depth + 1)
            })
            .sum();
        if cancelled() {
            return Err(Error::Cancelled);
        }
        filled_so_far += found;
        level(depth, filled_so_far);
        if found == 0 {
            break;
        }
        if depth == UNSET - 1 {
            return Err(Error::Unsupported("pattern database deeper than 254 moves".into()));
        }
        depth += 1;
    }
    Ok(table.into_iter().map(AtomicU8::into_inner).collect())
}

fn all_cells(n: usize) -> u64 {
    if n == 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Sets every placement of `batch` not reached before to `depth` and empties the batch; returns
/// how many it set. The entries are all loaded first, so their cache misses overlap. Two threads
/// may set the same entry at once; both write the same depth, and the count may run ahead.
fn claim_any(table: &[AtomicU8], batch: &mut Vec<u64>, depth: u8) -> u64 {
    let mut seen = [0u8; BATCH + 4 * MAX_PATTERN];
    for (s, &r) in seen.iter_mut().zip(batch.iter()) {
        *s = table[r as usize].load(Ordering::Relaxed);
    }
    let mut set = 0;
    for (&s, &r) in seen.iter().zip(batch.iter()) {
        if s == UNSET && table[r as usize].load(Ordering::Relaxed) == UNSET {
            table[r as usize].store(depth, Ordering::Relaxed);
            set += 1;
        }
    }
    batch.clear();
    set
}

/// [`moved_rank`] on boards of up to 64 cells.
#[inline(always)]
fn moved_rank64(ranker: &Ranker, rank: u64, tile_at: &[u8; 64], occupied: u64, i: usize, p: u8, q: u8) -> u64 {
    let (lo, hi) = if q > p { (p, q) } else { (q, p) };
    let m = ranker.mults[i];
    let mut delta = (hi - lo) as u64 * m;
    let mut between = occupied & ((1u64 << hi) - 1) & !((2u64 << lo) - 1);
    while between != 0 {
        let t = tile_at[between.trailing_zeros() as usize] as usize;
        between &= between - 1;
        if t < i {
            delta -= m;
        } else {
            delta += ranker.mults[t];
        }
    }
    if q > p {
        rank + delta
    } else {
        rank - delta
    }
}

/// Checks a batch of successors, claiming (coded `next`) the regions not reached before, and
/// empties it; returns how many regions it claimed. The words are all loaded first, in a
/// tight loop, so their cache misses overlap.
fn claim(codes: &Codes, grid: &Grid, batch: &mut Vec<Successor>, next: u64) -> u64 {
    for s in batch.iter_mut() {
        s.seen = codes.words[s.word].load(Ordering::Relaxed);
    }
    let mut reached = 0;
    for s in batch.iter() {
        if (s.seen >> (s.base + 2 * slot(s.seed as u32, s.free))) & 0b11 != 0 {
            continue;
        }
        // Another thread may claim the same region at the same time; both write the same
        // codes, and the count (which only ends the search and feeds progress reports) may
        // run ahead.
        let reg = grid.region(s.seed as u32, s.free);
        codes.words[s.word].fetch_or(claim_mask(reg, s.free, next) << s.base, Ordering::Relaxed);
        reached += 1;
    }
    batch.clear();
    reached
}

/// One successor of a state being expanded.
#[derive(Clone, Copy, Default)]
struct Successor {
    /// Word of its placement's codes.
    word: usize,
    /// Bit where its placement's codes start.
    base: u32,
    /// The blank's new cell.
    seed: u8,
    /// Its free cells.
    free: u32,
    /// The word as loaded.
    seen: u64,
}

/// The codes that mark region `reg` of the free cells `free` reached: `11` on every cell but the
/// representative (the lowest), which gets `code`.
#[inline(always)]
fn claim_mask(reg: u32, free: u32, code: u64) -> u64 {
    let mut m = 0u64;
    let mut r = reg;
    while r != 0 {
        let c = r.trailing_zeros();
        r &= r - 1;
        m |= 0b11 << (2 * slot(c, free));
    }
    m ^ (0b11 ^ code) << (2 * slot(reg.trailing_zeros(), free))
}
