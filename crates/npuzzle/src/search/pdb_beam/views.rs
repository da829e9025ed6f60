//! The views a beam searches in: a symmetry of the board and a direction.

use crate::board::Board;

/// A symmetry of the board a view searches in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// The board as it is.
    Identity,
    /// Turned half way round.
    HalfTurn,
    /// Mirrored top to bottom.
    FlipRows,
    /// Mirrored left to right.
    FlipColumns,
}

impl Symmetry {
    /// Every symmetry, in the order views use them.
    pub const ALL: [Symmetry; 4] = [Symmetry::Identity, Symmetry::HalfTurn, Symmetry::FlipRows, Symmetry::FlipColumns];

    /// The cell `c` of a `w`×`h` board maps to (its own inverse).
    pub fn map(self, w: usize, h: usize, c: usize) -> usize {
        let (r, col) = (c / w, c % w);
        let (r2, c2) = match self {
            Symmetry::Identity => (r, col),
            Symmetry::HalfTurn => (h - 1 - r, w - 1 - col),
            Symmetry::FlipRows => (h - 1 - r, col),
            Symmetry::FlipColumns => (r, w - 1 - col),
        };
        r2 * w + c2
    }

    /// The board with its cells mapped by this symmetry.
    pub fn board(self, b: &Board) -> Board {
        let (w, h) = (b.width(), b.height());
        let mut tiles = vec![0; b.len()];
        for (c, &t) in b.tiles().iter().enumerate() {
            tiles[self.map(w, h, c)] = t;
        }
        Board::new(w, h, tiles).expect("a symmetry keeps a board a board")
    }
}

/// One way of searching a board: a symmetry, and a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// The board's symmetry the search runs in.
    pub symmetry: Symmetry,
    /// Search from the goal toward the start.
    pub backward: bool,
}

impl View {
    /// The first `count` views: forward and backward for each symmetry in turn.
    pub fn first(count: usize) -> Vec<View> {
        Symmetry::ALL.iter().flat_map(|&symmetry| [false, true].map(|backward| View { symmetry, backward })).take(count).collect()
    }
}
