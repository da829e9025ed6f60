//! Tables under step costs: exact cost tables (boards of up to 10 cells) and pattern databases
//! with costs (up to 25 cells), prepared by the same [`TableStore`] as the unit tables, kept in
//! memory, and the pattern databases cached in the store's directory.
//!
//! A cached file (`cpdb-4x4-tile-g1.2.…-t1.4.5.….cpdb`) is the magic `NPZCPDB\n`, a 2-byte
//! length and a text header that names the board, the cost model, the goal and the pattern, the
//! entry count (8 bytes), the checksum of header and table ([`super::cache::checksum`], 8 bytes),
//! then the 16-bit entries, little-endian. It is written to a temporary file and renamed into
//! place, and read back only when every field matches what was asked for.

use super::bag::Tables;
use super::events::{Progress, TableEvent};
use super::store::{lock, TableStore};
use crate::board::{Board, Tile};
use crate::clock::Instant;
use crate::cost::CostModel;
use crate::error::Error;
use crate::heuristic::exact_cost::{CostExactHeuristic, CostExactTable};
use crate::heuristic::pdb::costed::{self, CostPdb, CostPdbHeuristic, CostSetSpec};
use crate::heuristic::HeuristicKind;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

const MAGIC: &[u8; 8] = b"NPZCPDB\n";
/// File-name extension of cached pattern databases with step costs.
pub const EXTENSION: &str = "cpdb";

/// The cache file name of one pattern's table with step costs.
pub fn file_name(goal: &Board, cost: CostModel, tiles: &[Tile]) -> String {
    let dots = |v: &[Tile]| v.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(".");
    format!("cpdb-{}x{}-{cost}-g{}-t{}.{EXTENSION}", goal.width(), goal.height(), dots(goal.tiles()), dots(tiles))
}

fn header_text(goal: &Board, cost: CostModel, tiles: &[Tile]) -> String {
    format!(
        "{}x{} cost {cost} goal {} pattern {tiles:?}; cheapest pattern-tile moves, the blank minimised",
        goal.width(),
        goal.height(),
        goal
    )
}

impl TableStore {
    /// What a heuristic of `kind` needs to search toward `goal` under the step-cost model
    /// `cost`: under unit costs what [`TableStore::prepare`] gives; under others an exact cost
    /// table (built in memory by Dijkstra's algorithm), or pattern databases with costs (the
    /// strongest set cached, else the one quickest to build, loaded or built), or nothing for
    /// the formulas.
    pub fn prepare_for(
        &self,
        kind: HeuristicKind,
        goal: &Board,
        cost: CostModel,
        on: Progress,
        cancel: Option<&AtomicBool>,
    ) -> Result<Tables, Error> {
        if cost.is_unit() {
            return self.prepare(kind, goal, on, cancel);
        }
        Ok(match kind {
            HeuristicKind::Exact => Tables::none().with_cost_exact(Arc::new(self.cost_exact(goal, cost, on)?)),
            HeuristicKind::Pdb => {
                let set = self.choose_cost_set(goal, cost)?;
                Tables::none().with_cost_pdb(Arc::new(self.cost_pdb(goal, cost, &set, on, cancel)?))
            }
            _ => Tables::none(),
        })
    }

    /// The exact cost table for `goal` under `cost` (boards of up to 10 cells), built on first
    /// use and kept.
    pub fn cost_exact(&self, goal: &Board, cost: CostModel, on: Progress) -> Result<CostExactHeuristic, Error> {
        HeuristicKind::Exact.check_size(goal.width(), goal.height())?;
        let key = (goal.tiles().to_vec(), cost);
        if let Some(t) = lock(&self.costed.exact).get(&key).cloned() {
            return Ok(CostExactHeuristic::new(t));
        }
        let _busy = lock(&self.busy);
        if let Some(t) = lock(&self.costed.exact).get(&key).cloned() {
            return Ok(CostExactHeuristic::new(t));
        }
        let started = Instant::now();
        on(&TableEvent::BuildStart { pattern: &[], entries: crate::heuristic::exact::ExactTable::entries(goal.width(), goal.height()) });
        let t = Arc::new(CostExactTable::build(goal, cost)?);
        on(&TableEvent::Built { pattern: &[], time: started.elapsed() });
        lock(&self.costed.exact).insert(key, t.clone());
        Ok(CostExactHeuristic::new(t))
    }

    /// The set the default solver uses for `goal` under `cost`: the strongest whose tables are
    /// all kept or cached, else the one quickest to build (5-5-5 on 4×4).
    pub fn choose_cost_set(&self, goal: &Board, cost: CostModel) -> Result<CostSetSpec, Error> {
        costed::check_size(goal.width(), goal.height())?;
        let all = CostSetSpec::all_for(goal);
        let ready = |s: &CostSetSpec| s.tiles(goal).iter().all(|t| self.has_cost_table(goal, cost, t));
        Ok(all.iter().find(|s| ready(s)).cloned().unwrap_or_else(|| all.last().cloned().expect("a set for every board")))
    }

    /// Whether the table of pattern `tiles` for `goal` under `cost` is kept, or cached where
    /// the store reads.
    pub fn has_cost_table(&self, goal: &Board, cost: CostModel, tiles: &[Tile]) -> bool {
        lock(&self.costed.pdbs).contains_key(&(goal.tiles().to_vec(), cost, tiles.to_vec()))
            || (self.read && self.dir.as_ref().is_some_and(|d| d.join(file_name(goal, cost, tiles)).is_file()))
    }

    /// The pattern databases of `set` for `goal` under `cost`: kept, else read from the cache
    /// (a file that fails a check is reported and rebuilt), else built and saved.
    pub fn cost_pdb(
        &self,
        goal: &Board,
        cost: CostModel,
        set: &CostSetSpec,
        on: Progress,
        cancel: Option<&AtomicBool>,
    ) -> Result<CostPdbHeuristic, Error> {
        let mut pdbs = Vec::new();
        for tiles in set.tiles(goal) {
            pdbs.push(self.cost_table(goal, cost, &tiles, on, cancel)?);
        }
        CostPdbHeuristic::new(goal, cost, &set.name, pdbs)
    }

    fn cost_table(
        &self,
        goal: &Board,
        cost: CostModel,
        tiles: &[Tile],
        on: Progress,
        cancel: Option<&AtomicBool>,
    ) -> Result<Arc<CostPdb>, Error> {
        let key = (goal.tiles().to_vec(), cost, tiles.to_vec());
        let _busy = lock(&self.busy);
        if let Some(p) = lock(&self.costed.pdbs).get(&key) {
            return Ok(p.clone());
        }
        let path: Option<PathBuf> = self.dir.as_ref().map(|d| d.join(file_name(goal, cost, tiles)));
        let pattern: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
        let mut found = None;
        if let (Some(path), true) = (&path, self.read) {
            match read(path, goal, cost, tiles) {
                Ok(Some(p)) => {
                    on(&TableEvent::Loaded { pattern: &pattern, path });
                    found = Some(p);
                }
                Ok(None) => {}
                Err(reason) => on(&TableEvent::Corrupt { path, reason }),
            }
        }
        let table = match found {
            Some(p) => p,
            None => {
                let n = goal.len();
                let entries = crate::heuristic::pdb::Ranker::new(n, tiles.len()).size();
                let started = Instant::now();
                on(&TableEvent::BuildStart { pattern: &pattern, entries });
                let p = CostPdb::build(goal, tiles, cost, cancel)?;
                on(&TableEvent::Built { pattern: &pattern, time: started.elapsed() });
                if let (Some(path), true) = (&path, self.write) {
                    match write(path, goal, cost, &p) {
                        Ok(()) => on(&TableEvent::Saved { path }),
                        Err(e) => on(&TableEvent::SaveFailed { error: e }),
                    }
                }
                p
            }
        };
        let table = Arc::new(table);
        lock(&self.costed.pdbs).insert(key, table.clone());
        Ok(table)
    }
}

fn head_bytes(goal: &Board, cost: CostModel, tiles: &[Tile], entries: u64) -> Vec<u8> {
    let text = header_text(goal, cost, tiles);
    let mut head = MAGIC.to_vec();
    head.extend_from_slice(&(text.len() as u16).to_le_bytes());
    head.extend_from_slice(text.as_bytes());
    head.extend_from_slice(&entries.to_le_bytes());
    head
}

fn write(path: &Path, goal: &Board, cost: CostModel, p: &CostPdb) -> Result<(), String> {
    let table: Vec<u8> = p.table().iter().flat_map(|v| v.to_le_bytes()).collect();
    let head = head_bytes(goal, cost, p.tiles(), p.table().len() as u64);
    let sum = super::cache::checksum(&head, &table);
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let go = || -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let mut bytes = head.clone();
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes.extend_from_slice(&table);
        std::fs::write(&tmp, bytes)?;
        std::fs::rename(&tmp, path)
    };
    go().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e}", path.display())
    })
}

/// `Ok(None)` when there is no file; `Err(reason)` when it fails a check.
fn read(path: &Path, goal: &Board, cost: CostModel, tiles: &[Tile]) -> Result<Option<CostPdb>, String> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    let entries = crate::heuristic::pdb::Ranker::new(goal.len(), tiles.len()).size();
    let head = head_bytes(goal, cost, tiles, entries);
    let body = bytes.get(head.len() + 8..).ok_or("the file is cut short")?;
    if bytes[..head.len()] != head[..] {
        return Err("the header names another board, goal, cost model or pattern".into());
    }
    if body.len() as u64 != entries * 2 {
        return Err(format!("{} bytes of table, not {}", body.len(), entries * 2));
    }
    let sum = u64::from_le_bytes(bytes[head.len()..head.len() + 8].try_into().expect("8 bytes"));
    if super::cache::checksum(&head, body) != sum {
        return Err("checksum mismatch".into());
    }
    let table = body.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
    CostPdb::from_parts(goal.width(), goal.height(), tiles.to_vec(), table).map(Some).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;

    #[test]
    fn tables_with_costs_round_trip_through_the_cache_and_refuse_a_flipped_bit() {
        let dir = tempfile::tempdir().unwrap();
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let set = CostSetSpec::strongest(&goal);
        let store = TableStore::new(dir.path());
        let built = store.cost_pdb(&goal, CostModel::Tile, &set, &|_| {}, None).unwrap();
        let fresh = TableStore::new(dir.path());
        assert!(set.tiles(&goal).iter().all(|t| fresh.has_cost_table(&goal, CostModel::Tile, t)));
        let loaded = fresh.cost_pdb(&goal, CostModel::Tile, &set, &|_| {}, None).unwrap();
        let b = crate::parse::parse_board("8 1 3/4 0 2/7 6 5").unwrap();
        assert_eq!(built.estimate_tiles(|c| b.tiles()[c]), loaded.estimate_tiles(|c| b.tiles()[c]));
        let path = dir.path().join(file_name(&goal, CostModel::Tile, &set.tiles(&goal)[0]));
        let mut bytes = std::fs::read(&path).unwrap();
        *bytes.last_mut().unwrap() ^= 1;
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(read(&path, &goal, CostModel::Tile, &set.tiles(&goal)[0]).unwrap_err(), "checksum mismatch");
    }
}
