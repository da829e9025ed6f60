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
//! cells, so a table holds n!/(n−k)! entries, packed as [`table`] describes.
//!
//! Up to 25 cells, tables are built in a canonical frame: tiles are relabelled by their goal
//! cell, and the board is turned by one of its symmetries so the goal's blank sits in cell 0. One
//! built set therefore serves every goal whose blank is in a corner; a goal with the blank
//! elsewhere uses the same patterns with cell 0 exchanged for the blank's cell, which are
//! separate tables. The build follows the blank's region, and a table may keep a value per
//! region.
//!
//! Beyond 25 cells (the 35- and 48-puzzle, up to 64 cells), a set's patterns partition every
//! cell and each table is built with the blank anywhere (a pattern tile may step into any cell no
//! pattern tile holds): the distances do not depend on the goal's blank, so a goal with its
//! blank in cell `b` reads the tables of the partition with `b` taken out of its pattern, and a
//! set with every pattern less one cell serves every goal ([`AnyGoalSet`]). Tiles are relabelled
//! by goal cell; the board is not turned.
//!
//! The module is split by job:
//! - [`rank`]: placement ranks ([`Ranker`]);
//! - [`table`]: one database ([`Pdb`]) and its build (`build`, the zero-aware search);
//! - [`sets`]: the named partitions ([`SetSpec`]);
//! - [`frame`]: the canonical frame of a goal ([`Frame`]);
//! - [`additive`]: a set bound to a goal ([`PdbHeuristic`]);
//! - [`any_goal`]: beyond 25 cells, a set's tables for every goal of the board ([`AnyGoalSet`]).
//!
//! Loading, building and caching whole sets is [`crate::tables`]' job.

pub mod additive;
pub mod any_goal;
mod build;
mod stored;
pub mod costed;
pub mod frame;
pub mod rank;
pub mod sets;
pub mod table;

pub use additive::PdbHeuristic;
pub use any_goal::AnyGoalSet;
pub use frame::Frame;
pub(crate) use rank::select;
pub use rank::Ranker;
pub use sets::SetSpec;
pub use stored::{file_name, file_name_1bit, TableBytes, EXTENSION};
pub use table::Pdb;

use super::{HeuristicInfo, Source, TableSource};
use crate::board::{Board, Move};
use crate::cost::CostModel;
use crate::error::Error;
use crate::heuristic::HeuristicKind;
use crate::metric::Metric;

/// What the pattern databases say about themselves.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: "pdb",
    aliases: &["pattern-database", "pattern-databases", "pdbs", "apdb"],
    title: "pdb (pattern databases)",
    summary: "additive pattern databases with the mirror lookup (tables; boards of up to 64 cells)",
    admissible: true,
    consistent: true,
    source: "Korf and Felner 2002: disjoint patterns count only their own tiles' moves, so they add; a move changes one pattern's value by at most 1, and the mirror lookup's maximum keeps both",
    table: Some("pattern databases"),
    max_cells: Some(MAX_CELLS),
    mtm: true,
    tile_costs: true,
    integral: true,
    page: true,
    bind,
};

fn bind(goal: &Board, tables: &dyn TableSource, cost: CostModel, metric: Metric) -> Result<Source, Error> {
    let unprepared = |how: &str, see: &str| {
        Error::Unprepared(format!("the pdb heuristic{how} needs its tables prepared for the goal {goal} (see npuzzle::tables::TableStore::{see})"))
    };
    match metric {
        Metric::Mtm => match tables.mtm_slides().filter(|t| t.goal() == goal) {
            Some(slides) => Ok(Source::MtmSlides(slides.clone())),
            None => Ok(Source::MtmWalk(
                tables
                    .mtm_walk()
                    .filter(|t| t.goal() == goal)
                    .cloned()
                    .ok_or_else(|| unprepared(" under the multi-tile metric", "prepare_run"))?,
            )),
        },
        Metric::Stm if cost.is_unit() => {
            Ok(Source::Pdb(tables.pdb().filter(|p| p.goal() == goal).cloned().ok_or_else(|| unprepared("", "prepare"))?))
        }
        Metric::Stm => {
            costed::check_size(goal.width(), goal.height())?;
            Ok(Source::CostPdb(
                tables
                    .cost_pdb()
                    .filter(|p| p.goal() == goal && p.cost() == cost)
                    .cloned()
                    .ok_or_else(|| unprepared(&format!(" under {cost} costs"), "prepare_for"))?,
            ))
        }
    }
}

/// Most cells a pattern database covers (an 8×8 board).
pub const MAX_CELLS: usize = 64;
/// Most cells a board may have for the tables built in a canonical frame with the blank's
/// region (see the module documentation); larger boards use tables for any goal blank.
pub const FRAMED_CELLS: usize = 25;
/// Most tiles in one pattern.
pub const MAX_PATTERN: usize = 8;
/// Cells in the fixed-size arrays lookups use (every board a table covers fits).
pub const MAX_BOARD: usize = 64;

/// The goal-blank cell recorded for a table built for any goal blank.
pub const ANY_BLANK: u8 = u8::MAX;

/// Whether tables on a board of `cells` cells are built for any goal blank (beyond
/// [`FRAMED_CELLS`]): their patterns partition every cell, and a goal's blank only removes its
/// cell from the one pattern holding it.
pub fn any_blank(cells: usize) -> bool {
    cells > FRAMED_CELLS
}

/// The cells a blank on a `width`×`height` board reaches in one move, per cell and move
/// (`U D L R`), with `u8::MAX` at the edge.
pub fn neighbours(width: usize, height: usize) -> Vec<[u8; 4]> {
    (0..width * height).map(|c| Move::ALL.map(|m| crate::board::neighbor(width, height, c, m).map_or(u8::MAX, |x| x as u8))).collect()
}

/// Entries a placement of a `k`-tile pattern on `n` cells takes: 1, or one per free cell in a
/// table with a value per blank region (`regions`).
pub fn slots(n: usize, k: usize, regions: bool) -> u64 {
    if regions {
        (n - k) as u64
    } else {
        1
    }
}

/// Entries in the table of a `k`-tile pattern on `n` cells (see [`slots`]).
pub fn entries(n: usize, k: usize, regions: bool) -> u64 {
    Ranker::new(n, k).size() * slots(n, k, regions)
}

/// The memory a build of one `k`-tile table on a `width`×`height` board holds at its peak: the
/// 2-bit state codes and a byte an entry (a byte an entry alone for a table for any goal
/// blank), then the entries and their packed copy.
pub fn build_bytes(width: usize, height: usize, k: usize, regions: bool) -> u64 {
    let n = width * height;
    let entries = entries(n, k, regions);
    let codes = if any_blank(n) { 0 } else { build::code_bytes(Ranker::new(n, k).size(), n - k) };
    (codes + entries).max(entries + entries.div_ceil(2))
}

/// Checks that `pattern` is a set of 1 to [`MAX_PATTERN`] distinct cells of a board the
/// databases cover.
pub(crate) fn check_pattern(width: usize, height: usize, pattern: &[u8]) -> Result<(), Error> {
    HeuristicKind::Pdb.check_size(width, height)?;
    if pattern.is_empty() || pattern.len() > MAX_PATTERN {
        return Err(Error::Invalid(format!("a pattern holds 1..={MAX_PATTERN} tiles, not {}", pattern.len())));
    }
    let n = width * height;
    let mut seen = 0u64;
    for &c in pattern {
        if c as usize >= n || seen & (1 << c) != 0 {
            return Err(Error::Invalid(format!("pattern {pattern:?} is not a set of distinct cells of a {width}×{height} board")));
        }
        seen |= 1 << c;
    }
    Ok(())
}
