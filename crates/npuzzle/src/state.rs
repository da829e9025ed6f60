//! Compact search states. The board's tiles are packed into one integer when they fit:
//! 4 bits a cell in a `u64` for up to 16 cells, 5 bits in a `u128` for up to 25 cells, and a
//! boxed slice beyond that. The blank's cell is kept beside the tiles so moves need no scan.

use crate::board::{Board, Tile};
use std::hash::Hash;

/// The operations the search algorithms need from a state encoding.
pub trait State: Clone + Eq + Hash + Send + Sync + std::fmt::Debug + 'static {
    /// Encodes row-major tiles (validated: one blank, tiles `1..n`).
    fn from_tiles(tiles: &[Tile]) -> Self;
    /// The tile in `cell` (0 for the blank).
    fn tile(&self, cell: usize) -> Tile;
    /// The blank's cell.
    fn blank(&self) -> usize;
    /// Moves the blank to `to` (a neighbour of the blank) and returns the tile that slid into
    /// the blank's old cell.
    fn slide(&mut self, to: usize) -> Tile;
    /// Bytes this state owns on the heap, for memory accounting.
    fn heap_bytes(&self) -> usize {
        0
    }
    /// Decodes `n` row-major tiles.
    fn to_tiles(&self, n: usize) -> Vec<Tile> {
        (0..n).map(|c| self.tile(c)).collect()
    }
}

/// Up to 16 cells, 4 bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packed64 {
    bits: u64,
    blank: u8,
}

impl State for Packed64 {
    fn from_tiles(tiles: &[Tile]) -> Self {
        assert!(tiles.len() <= 16);
        let mut bits = 0u64;
        let mut blank = 0;
        for (c, &t) in tiles.iter().enumerate() {
            bits |= (t as u64) << (4 * c);
            if t == 0 {
                blank = c as u8;
            }
        }
        Packed64 { bits, blank }
    }
    #[inline]
    fn tile(&self, cell: usize) -> Tile {
        ((self.bits >> (4 * cell)) & 0xF) as Tile
    }
    #[inline]
    fn blank(&self) -> usize {
        self.blank as usize
    }
    #[inline]
    fn slide(&mut self, to: usize) -> Tile {
        let t = (self.bits >> (4 * to)) & 0xF;
        self.bits &= !(0xF << (4 * to));
        self.bits |= t << (4 * self.blank as usize);
        self.blank = to as u8;
        t as Tile
    }
}

/// Up to 25 cells, 5 bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packed128 {
    bits: u128,
    blank: u8,
}

impl State for Packed128 {
    fn from_tiles(tiles: &[Tile]) -> Self {
        assert!(tiles.len() <= 25);
        let mut bits = 0u128;
        let mut blank = 0;
        for (c, &t) in tiles.iter().enumerate() {
            bits |= (t as u128) << (5 * c);
            if t == 0 {
                blank = c as u8;
            }
        }
        Packed128 { bits, blank }
    }
    #[inline]
    fn tile(&self, cell: usize) -> Tile {
        ((self.bits >> (5 * cell)) & 0x1F) as Tile
    }
    #[inline]
    fn blank(&self) -> usize {
        self.blank as usize
    }
    #[inline]
    fn slide(&mut self, to: usize) -> Tile {
        let t = (self.bits >> (5 * to)) & 0x1F;
        self.bits &= !(0x1F << (5 * to));
        self.bits |= t << (5 * self.blank as usize);
        self.blank = to as u8;
        t as Tile
    }
}

/// Any size: one `u32` a cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wide {
    tiles: Box<[Tile]>,
    blank: u32,
}

impl State for Wide {
    fn from_tiles(tiles: &[Tile]) -> Self {
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u32;
        Wide { tiles: tiles.into(), blank }
    }
    #[inline]
    fn tile(&self, cell: usize) -> Tile {
        self.tiles[cell]
    }
    #[inline]
    fn blank(&self) -> usize {
        self.blank as usize
    }
    #[inline]
    fn slide(&mut self, to: usize) -> Tile {
        let t = self.tiles[to];
        self.tiles.swap(to, self.blank as usize);
        self.blank = to as u32;
        t
    }
    fn heap_bytes(&self) -> usize {
        self.tiles.len() * std::mem::size_of::<Tile>()
    }
}

/// Encodes a board in the given state type.
pub fn encode<S: State>(board: &Board) -> S {
    S::from_tiles(board.tiles())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip<S: State>(tiles: &[Tile]) {
        let mut s = S::from_tiles(tiles);
        assert_eq!(s.to_tiles(tiles.len()), tiles);
        let blank = s.blank();
        assert_eq!(tiles[blank], 0);
        let to = if blank + 1 < tiles.len() { blank + 1 } else { blank - 1 };
        let moved = s.slide(to);
        assert_eq!(moved, tiles[to]);
        assert_eq!(s.tile(blank), tiles[to]);
        assert_eq!(s.tile(to), 0);
        assert_eq!(s.blank(), to);
    }

    #[test]
    fn encodings_round_trip_and_slide() {
        let t16: Vec<Tile> = (0..16).rev().collect();
        roundtrip::<Packed64>(&t16);
        roundtrip::<Wide>(&t16);
        let t25: Vec<Tile> = (0..25).rev().collect();
        roundtrip::<Packed128>(&t25);
        roundtrip::<Wide>(&t25);
        let t9 = [8, 7, 6, 5, 4, 3, 2, 1, 0];
        roundtrip::<Packed64>(&t9);
        roundtrip::<Packed128>(&t9);
    }
}
