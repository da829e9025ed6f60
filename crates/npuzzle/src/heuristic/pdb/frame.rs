//! The canonical frame of a goal: tables are built once for a goal whose blank is in cell 0 and
//! tiles are numbered by their goal cell; a symmetry of the board and a relabelling map every
//! other goal with a corner blank onto that frame. Beyond [`super::FRAMED_CELLS`] cells tables
//! serve any goal blank, and the frame is the board itself, tiles relabelled by goal cell.

use super::MAX_BOARD;
use crate::board::{Board, Tile};

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
    /// Whether the mirror lookup applies: a square board, with the goal blank on the main
    /// diagonal for the framed tables (any blank for tables that serve any goal blank).
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
        let framed = !super::any_blank(n);
        let t = if framed { (0..syms).find(|&t| map(t, b) == 0).unwrap_or(0) } else { 0 };
        let cell_map: Vec<u8> = (0..n).map(|c| map(t, c) as u8).collect();
        let mut cell_inv = vec![0u8; n];
        for (a, &c) in cell_map.iter().enumerate() {
            cell_inv[c as usize] = a as u8;
        }
        let label: Vec<u8> = goal.positions().iter().map(|&p| cell_map[p]).collect();
        let blank = cell_map[b];
        let reflect = w == h && (!framed || blank as usize / w == blank as usize % w);
        Frame { width: w, height: h, cell_map, cell_inv, label, blank, reflect }
    }

    /// `pos[label]` = canonical cell, for a board in the actual frame.
    pub fn positions(&self, tile_at: impl Fn(usize) -> Tile) -> [u8; MAX_BOARD] {
        let mut pos = [0u8; MAX_BOARD];
        for (cell, &c) in self.cell_map.iter().enumerate() {
            pos[self.label[tile_at(cell) as usize] as usize] = c;
        }
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;

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
        // Beyond 25 cells the frame is the board itself, and the mirror lookup always applies
        // on a square board (its tables serve any goal blank).
        let big = Goal::Snail.board(6, 6).unwrap();
        let f = Frame::new(&big);
        assert_eq!(f.cell_map, (0..36).collect::<Vec<u8>>());
        assert_eq!(f.blank as usize, big.blank());
        assert!(f.reflect);
        assert!(!Frame::new(&Goal::BlankLast.board(6, 5).unwrap()).reflect);
    }
}
