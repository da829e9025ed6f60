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
//! Tables are built in a canonical frame: tiles are relabelled by their goal cell, and the
//! board is turned by one of its symmetries so the goal's blank sits in cell 0. One built set
//! therefore serves every goal whose blank is in a corner; a goal with the blank elsewhere uses
//! the same patterns with cell 0 exchanged for the blank's cell, which are separate tables.
//!
//! The module is split by job:
//! - [`rank`]: placement ranks ([`Ranker`]);
//! - [`table`]: one database ([`Pdb`]) and its build (`build`, the zero-aware search);
//! - [`sets`]: the named partitions ([`SetSpec`]);
//! - [`frame`]: the canonical frame of a goal ([`Frame`]);
//! - [`additive`]: a set bound to a goal ([`PdbHeuristic`]).
//!
//! Loading, building and caching whole sets is [`crate::tables`]' job.

pub mod additive;
mod build;
pub mod frame;
pub mod rank;
pub mod sets;
pub mod table;

pub use additive::PdbHeuristic;
pub use frame::Frame;
pub(crate) use rank::select;
pub use rank::Ranker;
pub use sets::SetSpec;
pub use table::Pdb;

use crate::board::Move;
use crate::error::Error;
use crate::heuristic::HeuristicKind;

/// Most cells a pattern database covers (a 5×5 board).
pub const MAX_CELLS: usize = 25;
/// Most tiles in one pattern.
pub const MAX_PATTERN: usize = 8;

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
/// 2-bit state codes and a byte an entry, then the entries and their packed copy.
pub fn build_bytes(width: usize, height: usize, k: usize, regions: bool) -> u64 {
    let n = width * height;
    let entries = entries(n, k, regions);
    (build::code_bytes(Ranker::new(n, k).size(), n - k) + entries).max(entries + entries.div_ceil(2))
}

/// Checks that `pattern` is a set of 1 to [`MAX_PATTERN`] distinct cells of a board the
/// databases cover.
pub(crate) fn check_pattern(width: usize, height: usize, pattern: &[u8]) -> Result<(), Error> {
    HeuristicKind::Pdb.check_size(width, height)?;
    if pattern.is_empty() || pattern.len() > MAX_PATTERN {
        return Err(Error::Invalid(format!("a pattern holds 1..={MAX_PATTERN} tiles, not {}", pattern.len())));
    }
    let n = width * height;
    let mut seen = 0u32;
    for &c in pattern {
        if c as usize >= n || seen & (1 << c) != 0 {
            return Err(Error::Invalid(format!("pattern {pattern:?} is not a set of distinct cells of a {width}×{height} board")));
        }
        seen |= 1 << c;
    }
    Ok(())
}
