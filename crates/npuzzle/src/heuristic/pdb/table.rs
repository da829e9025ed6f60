//! One pattern database: the distance of every placement of a pattern's tiles, one byte an
//! entry, indexed by [`Ranker`].

use super::build::{self, UNSET};
use super::{check_pattern, Ranker};
use crate::error::Error;
use crate::tables::cache::{self, TableBytes};
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
    table: TableBytes,
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
    /// power of two, and a byte per placement for the table.
    pub fn build(
        width: usize,
        height: usize,
        blank: u8,
        pattern: &[u8],
        level: &(dyn Fn(u8, u64) + Sync),
        cancel: Option<&AtomicBool>,
    ) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        if blank as usize >= width * height || pattern.contains(&blank) {
            return Err(Error::Invalid(format!("the goal blank's cell {blank} must be off the pattern {pattern:?}")));
        }
        let ranker = Ranker::new(width * height, pattern.len());
        let table = build::table(width, height, blank, pattern, &ranker, level, cancel)?;
        if table.contains(&UNSET) {
            return Err(Error::Unsupported(format!("pattern {pattern:?} on {width}×{height}: some placements are unreachable")));
        }
        Ok(Pdb { width: width as u8, height: height as u8, blank, cells: pattern.to_vec(), ranker, table: table.into() })
    }

    /// Wraps a table read from elsewhere, checking its size and that every entry is set.
    pub fn from_table(width: usize, height: usize, blank: u8, pattern: &[u8], table: impl Into<TableBytes>) -> Result<Pdb, Error> {
        let table = table.into();
        if table.par_chunks(1 << 20).any(|c| c.contains(&UNSET)) {
            return Err(Error::Cache("table holds unset entries".into()));
        }
        Pdb::from_verified(width, height, blank, pattern, table)
    }

    /// Wraps a table from a cache file whose checksum matched: only complete tables are ever
    /// saved, so its entries are not scanned again.
    pub(crate) fn from_verified(width: usize, height: usize, blank: u8, pattern: &[u8], table: TableBytes) -> Result<Pdb, Error> {
        check_pattern(width, height, pattern)?;
        let ranker = Ranker::new(width * height, pattern.len());
        if table.len() as u64 != ranker.size() {
            return Err(Error::Cache(format!("table has {} entries, expected {}", table.len(), ranker.size())));
        }
        Ok(Pdb { width: width as u8, height: height as u8, blank, cells: pattern.to_vec(), ranker, table })
    }

    /// Board width of the canonical frame the table was built in.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Board height of the canonical frame the table was built in.
    pub fn height(&self) -> usize {
        self.height as usize
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_table_survives_from_table() {
        let p = Pdb::build(3, 2, 0, &[1, 2, 3], &|_, _| {}, None).unwrap();
        assert_eq!(p.len(), 6 * 5 * 4);
        let again = Pdb::from_table(3, 2, 0, &[1, 2, 3], p.table().to_vec()).unwrap();
        assert_eq!(again.table(), p.table());
        assert!(Pdb::from_table(3, 2, 0, &[1, 2, 3], vec![0; 7]).is_err());
    }

    #[test]
    fn a_set_cancel_flag_stops_a_build() {
        let cancel = AtomicBool::new(true);
        assert_eq!(Pdb::build(4, 4, 0, &[1, 2, 3, 4, 5], &|_, _| {}, Some(&cancel)).unwrap_err(), Error::Cancelled);
    }
}
