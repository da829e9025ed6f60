//! Whether a request's search can fit its memory limit, decided before anything is allocated,
//! and the advice for a board too large for the search asked for.

use super::{Keeps, Request};
use crate::error::Error;

/// What would solve a `width`×`height` board that is too large for the search asked for: the one
/// place this advice is worded, for every front end's messages.
pub fn large_board_hint(width: usize, height: usize) -> String {
    format!(
        "A random {width}×{height} board is beyond every optimal search: it needs a solver that \
         builds a solution tile by tile (any size, not optimal) rather than one that searches. \
         Boards a short walk from the goal (`npuzzle generate --size {width}x{height} --walk 50`) \
         are within reach of A*."
    )
}

/// Bytes a classic search holds for each node it keeps: the board (4 bytes a cell beyond 25
/// cells, packed into 16 or 32 bytes up to 16 or 25 cells) and its bookkeeping.
pub fn node_bytes(cells: usize) -> u64 {
    let board = if cells <= 16 {
        16
    } else if cells <= 25 {
        32
    } else {
        4 * cells as u64 + 24
    };
    board + 40
}

/// The least memory, in bytes, a search that keeps a whole node for every move of its path must
/// hold for `req`: its solution has at least as many moves as the sum of the tiles' Manhattan
/// distances to their goal cells, and every node holds the whole board.
pub fn memory_floor(req: &Request) -> u64 {
    crate::heuristic::manhattan_distance(&req.start, &req.goal).saturating_mul(node_bytes(req.start.len()))
}

/// Refuses, before anything is allocated, a search that keeps a node for every move of its path
/// and so could not finish within the memory limit whatever it did ([`memory_floor`]), with
/// [`Error::Memory`] saying why and what would work instead ([`large_board_hint`]). Other
/// searches always pass (see [`size_note`]).
pub fn check_fits(req: &Request) -> Result<(), Error> {
    let Some(limit) = req.limits.memory else { return Ok(()) };
    if req.algorithm.info().keeps != Keeps::NodePerMove {
        return Ok(());
    }
    let floor = memory_floor(req);
    if floor <= limit {
        return Ok(());
    }
    let (w, h) = (req.start.width(), req.start.height());
    Err(Error::Memory(format!(
        "{} on this {w}×{h} board would need at least {}: its solution is at least {} moves long (the tiles' Manhattan \
         distance), and the search keeps a {}-byte node for every move of it; the memory limit is {}. {}",
        req.algorithm,
        human_bytes(floor),
        crate::heuristic::manhattan_distance(&req.start, &req.goal),
        node_bytes(req.start.len()),
        human_bytes(limit),
        large_board_hint(w, h)
    )))
}

/// What to tell a user, before the search, about a board too large for the search asked for:
/// the refusal of [`check_fits`], or, for the classic iterative-deepening searches (which keep
/// only the path's moves, so are not refused), that a path that long, each step copying a board
/// that large, will only end at a limit. `None` when the board is within reach.
pub fn size_note(req: &Request) -> Option<String> {
    if let Err(e) = check_fits(req) {
        return Some(e.to_string());
    }
    let limit = req.limits.memory?;
    let classic_deepening = req.algorithm.info().keeps == Keeps::PathMoves && !req.effective_heuristic().is_table();
    if !classic_deepening || memory_floor(req) <= limit {
        return None;
    }
    let (w, h) = (req.start.width(), req.start.height());
    Some(format!(
        "{} on this {w}×{h} board: its solution is at least {} moves long, and every step copies a {}-byte board; \
         it will run until a limit stops it. {}",
        req.algorithm,
        crate::heuristic::manhattan_distance(&req.start, &req.goal),
        node_bytes(req.start.len()),
        large_board_hint(w, h)
    ))
}

/// Bytes for messages: `512 B`, `3.2 MB`, `1.5 GB`, `2.7 TB`.
pub fn human_bytes(b: u64) -> String {
    let b = b as f64;
    if b < 1e3 {
        format!("{b} B")
    } else if b < 1e6 {
        format!("{:.1} kB", b / 1e3)
    } else if b < 1e9 {
        format!("{:.1} MB", b / 1e6)
    } else if b < 1e12 {
        format!("{:.1} GB", b / 1e9)
    } else {
        format!("{:.1} TB", b / 1e12)
    }
}
