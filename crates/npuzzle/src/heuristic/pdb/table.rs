//! One pattern database: the distance of every placement of a pattern's tiles, indexed by
//! [`Ranker`], stored as its excess over the pattern tiles' Manhattan distance.
//!
//! Every move the table counts moves one pattern tile one cell, which changes the pattern's
//! Manhattan distance `md` by exactly 1; so a placement's distance `v` is at least `md` and has
//! its parity, and the table keeps `(v − md) / 2`. On the 15- and 24-puzzle sets that excess
//! never passes 15, and two entries share a byte: the 7-8 set takes 288 MB instead of 577 MB,
//! halving what every start reads and checksums, and what the search's lookups miss in cache.
//! A table whose excess does not fit in 4 bits keeps a byte an entry. A lookup ranks the
//! placement and sums its Manhattan distance in the same pass over the pattern's tiles.
//!
//! A table may also keep a value per blank region (Clausecker & Reinefeld's zero-aware
//! databases): an entry per placement and free cell, the distance with the blank in that
//! cell's region, which is at least the least over the regions that a plain table keeps. The
//! blank moves inside its region when a tile of another pattern moves, so the value still
//! changes only when one of the pattern's own tiles moves. These tables are `n − k` times
//! larger and always keep 4 bits an entry, an excess above 15 cut to 15: a smaller value is
//! still a lower bound.

use super::build::{self, UNSET};
use super::stored::{self as cache, TableBytes};
use super::{check_pattern, Ranker, MAX_BOARD, MAX_PATTERN};
use crate::error::Error;
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use rayon::prelude::*;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// One pattern database: the distances of every placement of a pattern's tiles.
pub struct Pdb {
    width: u8,
    height: u8,
    blank: u8,
    cells: Vec<u8>,
    ranker: Ranker,
    /// `dist[i][c]`: Manhattan distance from cell `c` to the goal cell of the pattern's `i`-th tile.
    dist: [[u8; MAX_BOARD]; MAX_PATTERN],
    /// `idx & odd` picks the nibble of a packed entry: 1 with 4-bit entries, 0 with bytes.
    odd: u32,
    /// Mask of one entry's bits.
    mask: u8,
    /// Entries a placement: 1, or its free cells with a value per blank region.
    slots: u32,
    /// One bit an entry (a table per region only): the distance's second bit, which tells a
    /// child's distance from its parent's ([`Pdb::step`]).
    one_bit: bool,
    table: TableBytes,
}

/// Bytes that hold `entries` entries of `bits` bits (1, 4 or 8).
pub fn packed_len(entries: u64, bits: u8) -> u64 {
    match bits {
        1 => entries.div_ceil(8),
        4 => entries.div_ceil(2),
        _ => entries,
    }
}

impl fmt::Debug for Pdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pdb").field("width", &self.width).field("height", &self.height).field("cells", &self.cells).finish()
    }
}

impl Pdb {
    /// Builds the database for `pattern` (goal cells) on a `width`×`height` board whose goal
    /// blank is in cell `blank`, by parallel zero-aware breadth-first search, calling
    /// `level(depth, filled)` after each breadth-first level. A set `cancel` flag stops the build
    /// within a fraction of a second with [`Error::Cancelled`].
    ///
    /// The search's states are the pattern tiles' cells plus the region of free cells the blank
    /// is in (the blank moves inside it at no cost), and a move slides a pattern tile into the
    /// blank's region for a cost of 1. The table keeps, per placement, the least cost over the
    /// blank's regions. Memory: 2 bits per (placement, free cell), the free cells padded to a
    /// power of two, and a byte per placement for the table. With `regions` the table keeps a
    /// value per (placement, blank region) instead: a byte per placement and free cell.
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        width: usize,
        height: usize,
        blank: u8,
        pattern: &[u8],
        regions: bool,
        level: &(dyn Fn(u8, u64) + Sync),
        cancel: Option<&AtomicBool>,
    ) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        let ranker = Ranker::new(width * height, pattern.len());
        if super::any_blank(width * height) {
            if blank != super::ANY_BLANK || regions {
                return Err(Error::Invalid(format!(
                    "tables on a {width}×{height} board serve any goal blank: they keep no goal blank cell and no value per region"
                )));
            }
            let values = build::table_any_blank(width, height, pattern, &ranker, level, cancel)?;
            return Pdb::from_values(width, height, blank, pattern, false, values);
        }
        if blank as usize >= width * height || pattern.contains(&blank) {
            return Err(Error::Invalid(format!("the goal blank's cell {blank} must be off the pattern {pattern:?}")));
        }
        let mut values = build::table(width, height, blank, pattern, &ranker, regions, level, cancel)?;
        if regions {
            // A region never reached holds the Manhattan distance (no search can meet it).
            fill_unset(&ranker, width, pattern, &mut values);
        }
        if values.contains(&UNSET) {
            return Err(Error::Unsupported(format!("pattern {pattern:?} on {width}×{height}: some placements are unreachable")));
        }
        Pdb::from_values(width, height, blank, pattern, regions, values)
    }

    /// Builds the table of `pattern` with a value per blank region ([`Pdb::build`] with
    /// `regions`) and keeps one bit an entry ([`Pdb::from_values_1bit`]): an eighth of the
    /// 4-bit table's size once built; the build itself holds the same byte an entry.
    pub fn build_1bit(
        width: usize,
        height: usize,
        blank: u8,
        pattern: &[u8],
        level: &(dyn Fn(u8, u64) + Sync),
        cancel: Option<&AtomicBool>,
    ) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        if super::any_blank(width * height) || blank as usize >= width * height || pattern.contains(&blank) {
            return Err(Error::Invalid(format!(
                "one bit an entry needs a table per blank region on a board of up to {} cells, the goal blank off the pattern",
                super::FRAMED_CELLS
            )));
        }
        let ranker = Ranker::new(width * height, pattern.len());
        let mut values = build::table(width, height, blank, pattern, &ranker, true, level, cancel)?;
        fill_unset(&ranker, width, pattern, &mut values);
        Pdb::from_values_1bit(width, height, blank, pattern, values)
    }

    /// Makes a table with a value per blank region and one bit an entry from one distance an
    /// entry (as [`Pdb::from_values`] takes them with `regions`): bit `i` is bit 1 of entry `i`'s
    /// distance. A move of a pattern tile changes a placement's distance by exactly one (the
    /// move costs one, and the distance keeps the parity of the Manhattan distance, which the
    /// move changes), and of the two candidates `d − 1` and `d + 1` exactly one has the stored
    /// bit: so a search that knows the parent's distance reads the child's exactly
    /// ([`Pdb::step`]), and a lone placement's distance is found by walking down to the goal
    /// ([`Pdb::lookup`]). The values are checked as [`Pdb::from_values`] checks them.
    pub fn from_values_1bit(width: usize, height: usize, blank: u8, pattern: &[u8], mut values: Vec<u8>) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        let ranker = Ranker::new(width * height, pattern.len());
        let slots = super::slots(width * height, pattern.len(), true);
        if values.len() as u64 != ranker.size() * slots {
            return Err(Error::Cache(format!("table has {} entries, expected {}", values.len(), ranker.size() * slots)));
        }
        let mut packed = vec![0u8; packed_len(values.len() as u64, 1) as usize];
        packed.par_iter_mut().zip(values.par_chunks(8)).for_each(|(b, eight)| {
            *b = eight.iter().enumerate().fold(0u8, |m, (i, &v)| m | ((v >> 1) & 1) << i);
        });
        let dist = distances(width, pattern);
        to_excess(&ranker, width * height, &dist, slots as usize, &mut values)
            .map_err(|e| Error::Cache(format!("pattern {pattern:?} on {width}×{height}: {e}")))?;
        drop(values);
        Pdb::from_packed(width, height, blank, pattern, true, 1, packed.into())
    }

    /// Makes a table from one distance an entry (in [`Ranker`] order), packing it as tightly as
    /// its largest excess over the Manhattan distance allows (with `regions`, an entry per
    /// placement and free cell, always 4 bits). Refuses a wrong number of entries, an unset
    /// entry, and a distance below the Manhattan distance or of the other parity (no table of
    /// pattern-tile moves holds one).
    pub fn from_values(width: usize, height: usize, blank: u8, pattern: &[u8], regions: bool, mut values: Vec<u8>) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        let ranker = Ranker::new(width * height, pattern.len());
        let slots = super::slots(width * height, pattern.len(), regions);
        if values.len() as u64 != ranker.size() * slots {
            return Err(Error::Cache(format!("table has {} entries, expected {}", values.len(), ranker.size() * slots)));
        }
        let dist = distances(width, pattern);
        let max = to_excess(&ranker, width * height, &dist, slots as usize, &mut values)
            .map_err(|e| Error::Cache(format!("pattern {pattern:?} on {width}×{height}: {e}")))?;
        if regions && max > 15 {
            values.par_iter_mut().for_each(|v| *v = (*v).min(15));
        }
        let (bits, table) = if max < 16 || regions {
            let mut packed = vec![0u8; packed_len(values.len() as u64, 4) as usize];
            packed.par_iter_mut().zip(values.par_chunks(2)).for_each(|(b, two)| *b = two[0] | two.get(1).map_or(0, |x| x << 4));
            (4, packed)
        } else {
            (8, values)
        };
        Pdb::from_packed(width, height, blank, pattern, regions, bits, table.into())
    }

    /// Wraps a packed table of `bits`-bit entries (4 or 8; 1 for a table per region), as
    /// [`Pdb::table`] gives it and a cache file holds it, checking its size. The entries are not checked: a cache file's are
    /// covered by its checksum, and only complete tables are ever saved.
    #[allow(clippy::too_many_arguments)]
    pub fn from_packed(
        width: usize,
        height: usize,
        blank: u8,
        pattern: &[u8],
        regions: bool,
        bits: u8,
        table: TableBytes,
    ) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        if bits != 4 && bits != 8 && !(bits == 1 && regions) {
            return Err(Error::Cache(format!("{bits} bits an entry; tables hold 4 or 8 (1 with a value per blank region)")));
        }
        let ranker = Ranker::new(width * height, pattern.len());
        let entries = super::entries(width * height, pattern.len(), regions);
        let slots = super::slots(width * height, pattern.len(), regions) as u32;
        let want = packed_len(entries, bits);
        if table.len() as u64 != want {
            return Err(Error::Cache(format!("table has {} bytes, expected {want} for {entries} entries", table.len())));
        }
        let (odd, mask) = if bits == 4 { (1, 0x0F) } else { (0, 0xFF) };
        let dist = distances(width, pattern);
        let one_bit = bits == 1;
        Ok(Pdb { width: width as u8, height: height as u8, blank, cells: pattern.to_vec(), ranker, dist, odd, mask, slots, one_bit, table })
    }

    /// Whether the table keeps a value per blank region.
    pub fn regions(&self) -> bool {
        self.slots > 1
    }

    /// Board width of the canonical frame the table was built in.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Board height of the canonical frame the table was built in.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The goal blank's cell ([`super::ANY_BLANK`] for a table that serves any goal blank).
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

    /// The packed table: [`Pdb::bits`] bits an entry, the excess over the Manhattan distance
    /// halved, two 4-bit entries a byte (the lower index in the low nibble).
    pub fn table(&self) -> &[u8] {
        &self.table
    }

    /// Bits an entry in [`Pdb::table`]: 4, or 8 for a table whose excess does not fit in 4, or
    /// 1 ([`Pdb::from_values_1bit`]).
    pub fn bits(&self) -> u8 {
        if self.one_bit {
            1
        } else if self.odd == 1 {
            4
        } else {
            8
        }
    }

    /// Whether the table keeps one bit an entry: its entries are read with [`Pdb::step`] from
    /// the parent's distance, never with [`Pdb::read`].
    pub fn one_bit(&self) -> bool {
        self.one_bit
    }

    /// Entries in the table.
    pub fn len(&self) -> usize {
        (self.ranker.size() * self.slots as u64) as usize
    }

    /// Never true: a table has at least one entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The distance of the placement whose `i`-th tile is at cell `cell(i)`, the blank in cell
    /// `blank` (which only a table with a value per region reads).
    ///
    /// A table of one bit an entry finds the distance by walking down to the goal, a step at a
    /// time to a neighbour one move nearer: a few hundred entries read, for a search's root and
    /// for tests and tools, not for inner loops.
    #[inline(always)]
    pub fn lookup(&self, cell: impl Fn(usize) -> u8, blank: u8) -> u8 {
        if self.one_bit {
            return self.descend(&cell, blank);
        }
        let (idx, md) = self.locate(cell, blank);
        self.read(idx, md)
    }

    /// The distance of a child whose entry is `idx` (located with [`Pdb::locate`]) in a table of
    /// one bit an entry, given its parent's distance `parent` in the same table: the child is
    /// one move of a pattern tile away, so its distance is `parent ± 1`, and the stored bit
    /// (bit 1 of the distance) tells which.
    #[inline(always)]
    pub fn step(&self, idx: u64, parent: u8) -> u8 {
        let bit = (self.table[(idx >> 3) as usize] >> (idx & 7)) & 1;
        let up = parent.wrapping_add(1);
        if (up >> 1) & 1 == bit {
            up
        } else {
            parent.saturating_sub(1)
        }
    }

    fn bit_at(&self, idx: u64) -> u8 {
        (self.table[(idx >> 3) as usize] >> (idx & 7)) & 1
    }

    /// The distance of a placement in a table of one bit an entry, found by walking down: from
    /// a placement at distance `d` some move of a pattern tile into the blank's region leads to
    /// `d − 1`, and since `d`'s parity is the Manhattan distance's, the stored bits tell that
    /// move from the others (`d − 1` and `d + 1` differ in bit 1). The walk ends at the goal
    /// placement with the blank in the goal blank's region, distance 0; its length is `d`. A
    /// placement no solvable board reaches (from which no move leads down) gets its Manhattan
    /// distance, which is still a lower bound.
    fn descend(&self, cell: &dyn Fn(usize) -> u8, blank: u8) -> u8 {
        let k = self.cells.len();
        let (w, h) = (self.width as usize, self.height as usize);
        let n = w * h;
        let all: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let nbr = super::neighbours(w, h);
        let region = |seed: u8, free: u64| {
            let mut r = 1u64 << seed;
            let mut todo = r;
            while todo != 0 {
                let c = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                for &q in &nbr[c] {
                    if q != u8::MAX && free & (1 << q) != 0 && r & (1 << q) == 0 {
                        r |= 1 << q;
                        todo |= 1 << q;
                    }
                }
            }
            r
        };
        let mut c = [0u8; MAX_PATTERN];
        for (i, x) in c.iter_mut().enumerate().take(k) {
            *x = cell(i);
        }
        let md0: u32 = (0..k).map(|i| self.dist[i][c[i] as usize] as u32).sum();
        let mut b = blank;
        let mut steps = 0u32;
        loop {
            let occ = c[..k].iter().fold(0u64, |m, &x| m | 1 << x);
            let reg = region(b, all & !occ);
            if c[..k] == self.cells[..] && reg & (1 << self.blank) != 0 {
                return steps.min(u8::MAX as u32) as u8;
            }
            let md: u32 = (0..k).map(|i| self.dist[i][c[i] as usize] as u32).sum();
            let bit = self.bit_at(self.locate(|i| c[i], b).0);
            let mut moved = false;
            'tiles: for i in 0..k {
                let p = c[i];
                for &q in &nbr[p as usize] {
                    if q == u8::MAX || reg & (1 << q) == 0 {
                        continue;
                    }
                    c[i] = q;
                    let nb = self.bit_at(self.locate(|j| c[j], p).0);
                    // d even: d − 1 has the other bit 1; d odd: the same.
                    if (nb != bit) == (md % 2 == 0) {
                        b = p;
                        moved = true;
                        break 'tiles;
                    }
                    c[i] = p;
                }
            }
            steps += 1;
            if !moved || steps > 250 {
                return md0 as u8;
            }
        }
    }

    /// Where [`Pdb::lookup`] reads: the entry's index and the placement's Manhattan distance,
    /// for [`Pdb::read`] (after a [`Pdb::prefetch`], so that several children's cache misses
    /// overlap).
    #[inline(always)]
    pub fn locate(&self, cell: impl Fn(usize) -> u8, blank: u8) -> (u64, u32) {
        let (mut idx, md, used) = self.ranker.rank_and_sum(cell, &self.dist);
        if self.slots > 1 {
            let b = blank as u32 & 63;
            idx = idx * self.slots as u64 + (b - (used & ((1u64 << b) - 1)).count_ones()) as u64;
        }
        (idx, md)
    }

    /// The distance of entry `idx` of a placement whose Manhattan distance is `md`.
    #[inline(always)]
    pub fn read(&self, idx: u64, md: u32) -> u8 {
        let b = self.table[(idx >> self.odd) as usize];
        // In u32, then cut to u8: a valid table's distance is below 255, and a table of
        // arbitrary bytes gives a wrong value, never an overflow.
        (md + 2 * ((b >> ((idx as u32 & self.odd) << 2)) & self.mask) as u32) as u8
    }

    /// Asks the processor to start loading entry `idx` into the cache; a hint only.
    #[inline(always)]
    pub fn prefetch(&self, idx: u64) {
        let byte = if self.one_bit { idx >> 3 } else { idx >> self.odd };
        crate::hint::prefetch(self.table.as_ptr().wrapping_add(byte as usize));
    }

    /// The distance at an index (unranks it first: for tests and tools, not inner loops).
    pub fn at(&self, idx: u64) -> u8 {
        let mut cells = [0u8; MAX_PATTERN];
        let slots = self.slots as u64;
        self.ranker.unrank(idx / slots, &mut cells);
        let used = cells[..self.cells.len()].iter().fold(0u64, |m, &c| m | 1 << c);
        let blank = if slots > 1 { super::select(!used, (idx % slots) as u32) as u8 } else { 0 };
        self.lookup(|i| cells[i], blank)
    }

    /// The value for a placement: `pos[label]` is the cell of the tile whose goal cell is `label`
    /// (the blank's label is its goal cell; only a table with a value per region reads it).
    #[inline]
    pub fn value(&self, pos: &[u8]) -> u8 {
        let blank = if self.slots > 1 { pos[self.blank as usize] } else { 0 };
        self.lookup(|i| pos[self.cells[i] as usize], blank)
    }

    /// The cache file name of this table.
    pub fn file_name(&self) -> String {
        if self.one_bit {
            return cache::file_name_1bit(self.width as usize, self.height as usize, self.blank, &self.cells);
        }
        cache::file_name(self.width as usize, self.height as usize, self.blank, &self.cells, self.regions())
    }
}

/// Puts the Manhattan distance in every entry of a per-region table left unset (regions no
/// search reaches).
fn fill_unset(ranker: &Ranker, width: usize, pattern: &[u8], values: &mut [u8]) {
    let dist = distances(width, pattern);
    let slots = values.len() / ranker.size() as usize;
    values.par_chunks_mut(slots).enumerate().for_each(|(rank, entries)| {
        if entries.contains(&UNSET) {
            let mut cells = [0u8; MAX_PATTERN];
            ranker.unrank(rank as u64, &mut cells);
            let md = cells[..pattern.len()].iter().enumerate().map(|(i, &c)| dist[i][c as usize]).sum::<u8>();
            entries.iter_mut().filter(|v| **v == UNSET).for_each(|v| *v = md);
        }
    });
}

/// Replaces each distance in `values` (in `ranker`'s order, `n` cells) with its excess over the
/// Manhattan distance halved; returns the largest excess. Consecutive indices differ only in the
/// last tile's cell, which runs through the free cells in order, so each run of `n − k + 1`
/// entries unranks once.
fn to_excess(ranker: &Ranker, n: usize, dist: &[[u8; MAX_BOARD]; MAX_PATTERN], slots: usize, values: &mut [u8]) -> Result<u8, String> {
    let k = ranker.k();
    let run = n - k + 1;
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    const RUNS: usize = 1 << 12;
    values
        .par_chunks_mut(run * RUNS * slots)
        .enumerate()
        .map(|(c, chunk)| {
            let mut max = 0u8;
            let mut cells = [0u8; MAX_PATTERN];
            for (r, entries) in chunk.chunks_mut(run * slots).enumerate() {
                let first = (c * RUNS + r) * run;
                ranker.unrank(first as u64, &mut cells);
                let (mut used, mut md0) = (0u64, 0u32);
                for i in 0..k - 1 {
                    used |= 1 << cells[i];
                    md0 += dist[i][cells[i] as usize] as u32;
                }
                let mut free = !used & all;
                for (j, placement) in entries.chunks_mut(slots).enumerate() {
                    let cell = free.trailing_zeros() as usize;
                    free &= free - 1;
                    let md = md0 + dist[k - 1][cell] as u32;
                    for (s, v) in placement.iter_mut().enumerate() {
                        let x = *v as u32;
                        let at = (first + j) * slots + s;
                        if *v == UNSET {
                            return Err(format!("entry {at} is unset"));
                        }
                        if x < md || (x - md) % 2 != 0 {
                            return Err(format!("entry {at} holds {x}, not the Manhattan distance {md} plus an even number"));
                        }
                        *v = ((x - md) / 2) as u8;
                        max = max.max(*v);
                    }
                }
            }
            Ok(max)
        })
        .try_reduce(|| 0, |a, b| Ok(a.max(b)))
}

/// Manhattan distances on a board `width` wide from every cell to each pattern tile's goal cell.
fn distances(width: usize, pattern: &[u8]) -> [[u8; MAX_BOARD]; MAX_PATTERN] {
    let mut dist = [[0u8; MAX_BOARD]; MAX_PATTERN];
    for (i, &g) in pattern.iter().enumerate() {
        let (gx, gy) = (g as usize % width, g as usize / width);
        for (c, d) in dist[i].iter_mut().enumerate() {
            *d = ((c % width).abs_diff(gx) + (c / width).abs_diff(gy)) as u8;
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_table_survives_packing_both_ways() {
        let p = Pdb::build(3, 2, 0, &[1, 2, 3], false, &|_, _| {}, None).unwrap();
        assert_eq!(p.len(), 6 * 5 * 4);
        assert_eq!(p.bits(), 4);
        assert_eq!(p.table().len(), 60);
        let values: Vec<u8> = (0..p.len() as u64).map(|i| p.at(i)).collect();
        let again = Pdb::from_values(3, 2, 0, &[1, 2, 3], false, values.clone()).unwrap();
        assert_eq!(again.table(), p.table());
        let packed = Pdb::from_packed(3, 2, 0, &[1, 2, 3], false, 4, p.table().to_vec().into()).unwrap();
        assert!((0..p.len() as u64).all(|i| packed.at(i) == values[i as usize]));
        assert!(Pdb::from_packed(3, 2, 0, &[1, 2, 3], false, 4, vec![0; 59].into()).is_err());
        assert!(Pdb::from_packed(3, 2, 0, &[1, 2, 3], false, 2, vec![0; 30].into()).is_err());
        assert!(Pdb::from_values(3, 2, 0, &[1, 2, 3], false, values[1..].to_vec()).is_err());
    }

    #[test]
    fn values_a_table_of_tile_moves_cannot_hold_are_refused() {
        let p = Pdb::build(3, 2, 0, &[1, 2, 3], false, &|_, _| {}, None).unwrap();
        let mut values: Vec<u8> = (0..p.len() as u64).map(|i| p.at(i)).collect();
        let goal = p.ranker().rank(&[1, 2, 3]) as usize;
        assert_eq!(values[goal], 0);
        values[goal] = 1; // other parity than the Manhattan distance, 0
        assert!(Pdb::from_values(3, 2, 0, &[1, 2, 3], false, values.clone()).is_err());
        values[goal] = UNSET;
        assert!(Pdb::from_values(3, 2, 0, &[1, 2, 3], false, values.clone()).is_err());
    }

    #[test]
    fn a_large_excess_keeps_a_byte_an_entry() {
        // A table of Manhattan distance plus 2·17 everywhere: its excess needs 5 bits.
        let r = Ranker::new(6, 2);
        let dist = distances(3, &[1, 2]);
        let values: Vec<u8> = (0..r.size())
            .map(|i| {
                let mut c = [0u8; MAX_PATTERN];
                r.unrank(i, &mut c);
                dist[0][c[0] as usize] + dist[1][c[1] as usize] + 34
            })
            .collect();
        let p = Pdb::from_values(3, 2, 0, &[1, 2], false, values.clone()).unwrap();
        assert_eq!(p.bits(), 8);
        assert_eq!(p.table().len(), values.len());
        assert!((0..r.size()).all(|i| p.at(i) == values[i as usize]));
    }

    #[test]
    fn a_table_per_region_keeps_4_bits_and_cuts_a_large_excess() {
        let p = Pdb::build(3, 2, 0, &[1, 2, 3], true, &|_, _| {}, None).unwrap();
        assert!(p.regions());
        assert_eq!((p.len(), p.bits()), (6 * 5 * 4 * 3, 4));
        let values: Vec<u8> = (0..p.len() as u64).map(|i| p.at(i)).collect();
        let again = Pdb::from_values(3, 2, 0, &[1, 2, 3], true, values.clone()).unwrap();
        assert_eq!(again.table(), p.table());
        // A table per region must be read as one: the plain size is refused.
        assert!(Pdb::from_packed(3, 2, 0, &[1, 2, 3], false, 4, p.table().to_vec().into()).is_err());
        // Manhattan distance plus 2·17 everywhere: cut to plus 2·15, still 4 bits an entry.
        let r = Ranker::new(6, 3);
        let dist = distances(3, &[1, 2, 3]);
        let big: Vec<u8> = (0..p.len() as u64)
            .map(|i| {
                let mut c = [0u8; MAX_PATTERN];
                r.unrank(i / 3, &mut c);
                (0..3).map(|t| dist[t][c[t] as usize]).sum::<u8>() + 34
            })
            .collect();
        let cut = Pdb::from_values(3, 2, 0, &[1, 2, 3], true, big.clone()).unwrap();
        assert_eq!(cut.bits(), 4);
        assert!((0..cut.len()).all(|i| cut.at(i as u64) == big[i] - 4));
    }

    #[test]
    fn a_set_cancel_flag_stops_a_build() {
        let cancel = AtomicBool::new(true);
        assert_eq!(Pdb::build(4, 4, 0, &[1, 2, 3, 4, 5], false, &|_, _| {}, Some(&cancel)).unwrap_err(), Error::Cancelled);
    }
}
