//! Boards of any W×H size with one blank, moves of the blank, move tables and solvability.

use crate::error::{BoardError, Error};
use serde::Serialize;
use std::fmt;

/// A tile number; `0` is the blank.
pub type Tile = u32;

/// Largest supported side.
pub const MAX_SIDE: usize = 1000;

/// A move, named by the direction **the blank** travels, as in the textbooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Move {
    /// Blank moves up (the tile above it slides down).
    Up,
    /// Blank moves down.
    Down,
    /// Blank moves left.
    Left,
    /// Blank moves right.
    Right,
}

impl Move {
    /// All moves, in the default order `UDLR`.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The letter `U`, `D`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// Reads a move letter (either case).
    pub fn from_letter(c: char) -> Option<Move> {
        match c.to_ascii_uppercase() {
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// Index 0..4 in `UDLR` order, for tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The move mirrored about the main diagonal (`U`↔`L`, `D`↔`R`).
    pub fn transpose(self) -> Move {
        match self {
            Move::Up => Move::Left,
            Move::Left => Move::Up,
            Move::Down => Move::Right,
            Move::Right => Move::Down,
        }
    }
}

/// One move of a search: the blank travels `run` cells in the direction `mv`. Under single-tile
/// moves `run` is always 1; under multi-tile moves ([`crate::metric::Metric::Mtm`]) the tiles the
/// blank passes slide together, one move whatever `run` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The direction the blank travels.
    pub mv: Move,
    /// How many cells it travels (at least 1).
    pub run: u16,
}

impl Slide {
    /// A single-tile move.
    #[inline]
    pub const fn one(mv: Move) -> Slide {
        Slide { mv, run: 1 }
    }

    /// The move as the counted notation writes it (the blank's reading): `R`, or `R2` for a
    /// run of two.
    pub fn label(self) -> String {
        if self.run == 1 {
            self.mv.letter().to_string()
        } else {
            format!("{}{}", self.mv.letter(), self.run)
        }
    }
}

/// The single-tile moves of `slides`, each run written out (`R2` is `RR`).
pub fn expand(slides: &[Slide]) -> Vec<Move> {
    let mut out = Vec::with_capacity(slides.iter().map(|s| s.run as usize).sum());
    for s in slides {
        out.extend(std::iter::repeat_n(s.mv, s.run as usize));
    }
    out
}

/// Turns a move list into its letter string, e.g. `"UDLR"`.
pub fn moves_to_string(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// Parses a letter string such as `"ULDR"` into moves.
pub fn parse_moves(s: &str) -> Result<Vec<Move>, Error> {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| Move::from_letter(c).ok_or_else(|| Error::Invalid(format!("'{c}' is not a move (use U, D, L, R)"))))
        .collect()
}

/// The order in which successors are generated; it decides every tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveOrder(pub [Move; 4]);

impl Default for MoveOrder {
    fn default() -> Self {
        MoveOrder(Move::ALL)
    }
}

impl MoveOrder {
    /// Parses a permutation of `UDLR`, e.g. `"LURD"`.
    pub fn parse(s: &str) -> Result<MoveOrder, Error> {
        let bad = || Error::Invalid(format!("bad move order {}: give each of U, D, L, R once, e.g. LURD", crate::error::quote(s)));
        let letters: Vec<Move> = s.trim().chars().map(|c| Move::from_letter(c).ok_or_else(bad)).collect::<Result<_, _>>()?;
        if letters.len() != 4 {
            return Err(bad());
        }
        let mut seen = [false; 4];
        for m in &letters {
            if std::mem::replace(&mut seen[m.index()], true) {
                return Err(bad());
            }
        }
        Ok(MoveOrder([letters[0], letters[1], letters[2], letters[3]]))
    }

    /// The moves in order.
    pub fn moves(&self) -> [Move; 4] {
        self.0
    }
}

impl<'de> serde::Deserialize<'de> for MoveOrder {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        MoveOrder::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in self.0 {
            write!(f, "{}", m.letter())?;
        }
        Ok(())
    }
}

/// A validated W×H board: every tile `1..W*H-1` exactly once and one blank (`0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    tiles: Vec<Tile>,
}

impl Board {
    /// Builds a board from row-major tiles, checking size, blank count, duplicates and range.
    pub fn new(width: usize, height: usize, tiles: Vec<Tile>) -> Result<Board, BoardError> {
        if !(2..=MAX_SIDE).contains(&width) || !(2..=MAX_SIDE).contains(&height) {
            return Err(BoardError::BadSize { width, height });
        }
        let n = width * height;
        if tiles.is_empty() {
            return Err(BoardError::Empty);
        }
        if tiles.len() != n {
            return Err(BoardError::WrongCount { found: tiles.len(), expected: n, width, height });
        }
        if !tiles.contains(&0) {
            return Err(BoardError::NoBlank);
        }
        let mut seen = vec![0usize; n];
        let mut first_blank = None;
        let missing = |tiles: &[Tile]| {
            let mut present = vec![false; n];
            for &t in tiles {
                if (t as usize) < n {
                    present[t as usize] = true;
                }
            }
            (1..n).find(|&t| !present[t]).map(|t| t as Tile)
        };
        for (i, &t) in tiles.iter().enumerate() {
            if t == 0 {
                if let Some(first) = first_blank {
                    return Err(BoardError::TwoBlanks { first: first + 1, second: i + 1 });
                }
                first_blank = Some(i);
                continue;
            }
            if t as usize >= n {
                return Err(BoardError::OutOfRange { tile: t, width, height, max: n - 1, missing: missing(&tiles) });
            }
            if seen[t as usize] > 0 {
                return Err(BoardError::DuplicateTile { tile: t, missing: missing(&tiles) });
            }
            seen[t as usize] = i + 1;
        }
        if first_blank.is_none() {
            return Err(BoardError::NoBlank);
        }
        if let Some(missing) = (1..n).find(|&t| seen[t] == 0) {
            return Err(BoardError::MissingTile(missing as Tile));
        }
        Ok(Board { width, height, tiles })
    }

    /// Width (columns).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height (rows).
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells, W×H.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Always false: a board has at least 4 cells. Present for API symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Row-major tiles.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The tile at `row`, `col`.
    pub fn get(&self, row: usize, col: usize) -> Tile {
        self.tiles[row * self.width + col]
    }

    /// Cell index of the blank.
    pub fn blank(&self) -> usize {
        self.tiles.iter().position(|&t| t == 0).expect("validated board has a blank")
    }

    /// `positions()[t]` is the cell of tile `t` (index 0 is the blank's cell).
    pub fn positions(&self) -> Vec<usize> {
        let mut pos = vec![0; self.tiles.len()];
        for (cell, &t) in self.tiles.iter().enumerate() {
            pos[t as usize] = cell;
        }
        pos
    }

    /// The cell the blank reaches with move `m` from `cell`, if it stays on the board.
    pub fn neighbor(&self, cell: usize, m: Move) -> Option<usize> {
        neighbor(self.width, self.height, cell, m)
    }

    /// The board after the blank makes move `m`, or `None` if the blank would leave the board.
    pub fn apply(&self, m: Move) -> Option<Board> {
        let blank = self.blank();
        let to = self.neighbor(blank, m)?;
        let mut tiles = self.tiles.clone();
        tiles.swap(blank, to);
        Some(Board { width: self.width, height: self.height, tiles })
    }

    /// Applies a whole move sequence; `Err(i)` names the first move that leaves the board.
    pub fn apply_all(&self, moves: &[Move]) -> Result<Vec<Board>, usize> {
        let mut out = Vec::with_capacity(moves.len() + 1);
        out.push(self.clone());
        for (i, &m) in moves.iter().enumerate() {
            let next = out.last().expect("non-empty").apply(m).ok_or(i)?;
            out.push(next);
        }
        Ok(out)
    }

    /// Checks that `goal` has the same size as `self`.
    pub fn check_same_size(&self, goal: &Board) -> Result<(), BoardError> {
        if self.width != goal.width || self.height != goal.height {
            return Err(BoardError::GoalSize { width: self.width, height: self.height, goal_width: goal.width, goal_height: goal.height });
        }
        Ok(())
    }

    /// Whether `goal` can be reached from `self`, decided by parity in O(W×H).
    ///
    /// Every move swaps the blank with a neighbour: one transposition of the cells' contents, and
    /// one step of the blank. So the parity of the permutation taking `self` to `goal` always
    /// equals the parity of the blank's Manhattan distance between them; on boards of at least
    /// 2×2 that condition is also sufficient. This holds for any width and height and any goal.
    pub fn can_reach(&self, goal: &Board) -> bool {
        if self.check_same_size(goal).is_err() {
            return false;
        }
        let n = self.tiles.len();
        // perm[cell] = cell where the tile now at `cell` sits in the goal.
        let goal_pos = goal.positions();
        let perm: Vec<usize> = self.tiles.iter().map(|&t| goal_pos[t as usize]).collect();
        let mut visited = vec![false; n];
        let mut transpositions = 0usize;
        for startc in 0..n {
            if visited[startc] {
                continue;
            }
            let mut len = 0;
            let mut c = startc;
            while !visited[c] {
                visited[c] = true;
                c = perm[c];
                len += 1;
            }
            transpositions += len - 1;
        }
        let (b, gb) = (self.blank(), goal.blank());
        let dist = (b / self.width).abs_diff(gb / self.width) + (b % self.width).abs_diff(gb % self.width);
        transpositions % 2 == dist % 2
    }

    /// The board mirrored about the main diagonal (square boards only): tile at (r,c) goes to
    /// (c,r). Tiles keep their numbers.
    pub fn transposed_cells(&self) -> Option<Board> {
        if self.width != self.height {
            return None;
        }
        let w = self.width;
        let mut tiles = vec![0; self.tiles.len()];
        for r in 0..w {
            for c in 0..w {
                tiles[c * w + r] = self.tiles[r * w + c];
            }
        }
        Some(Board { width: w, height: w, tiles })
    }

    /// Renders the board as a grid with right-aligned columns and `_` for the blank.
    pub fn grid(&self) -> String {
        let cellw = (self.tiles.len() - 1).to_string().len();
        let mut s = String::new();
        for r in 0..self.height {
            for c in 0..self.width {
                if c > 0 {
                    s.push(' ');
                }
                let t = self.get(r, c);
                if t == 0 {
                    s.push_str(&format!("{:>cellw$}", "_"));
                } else {
                    s.push_str(&format!("{t:>cellw$}"));
                }
            }
            s.push('\n');
        }
        s
    }

    /// The board as nested rows, e.g. `[[1,4,2],[0,5,3],[6,7,8]]` when serialised.
    pub fn rows(&self) -> Vec<Vec<Tile>> {
        self.tiles.chunks(self.width).map(|r| r.to_vec()).collect()
    }
}

/// One line, tiles separated by spaces and rows by `/`, blank as `0`: e.g. `1 4 2/0 5 3/6 7 8`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.tiles.chunks(self.width).enumerate() {
            if r > 0 {
                f.write_str("/")?;
            }
            for (c, t) in row.iter().enumerate() {
                if c > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{t}")?;
            }
        }
        Ok(())
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Board {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Board".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A board as rows of tiles, 0 the blank.",
            "type": "array",
            "items": {"type": "array", "items": {"type": "integer", "minimum": 0}}
        })
    }
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.rows().serialize(s)
    }
}

/// The cell the blank reaches with move `m` from `cell` on a `width`×`height` board.
#[inline]
pub fn neighbor(width: usize, height: usize, cell: usize, m: Move) -> Option<usize> {
    let (r, c) = (cell / width, cell % width);
    match m {
        Move::Up if r > 0 => Some(cell - width),
        Move::Down if r + 1 < height => Some(cell + width),
        Move::Left if c > 0 => Some(cell - 1),
        Move::Right if c + 1 < width => Some(cell + 1),
        _ => None,
    }
}

/// Sentinel in [`MoveTable`] for a move that leaves the board.
pub const NO_CELL: u32 = u32::MAX;

/// For every cell and move, the cell the blank reaches: built once per board size.
#[derive(Clone, Debug)]
pub struct MoveTable {
    width: usize,
    height: usize,
    table: Vec<[u32; 4]>,
}

impl MoveTable {
    /// Builds the table for a `width`×`height` board.
    pub fn new(width: usize, height: usize) -> MoveTable {
        let table =
            (0..width * height).map(|cell| Move::ALL.map(|m| neighbor(width, height, cell, m).map_or(NO_CELL, |c| c as u32))).collect();
        MoveTable { width, height, table }
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.table.len()
    }

    /// Target cell of move `m` from `cell`, or `None` at the edge.
    #[inline]
    pub fn target(&self, cell: usize, m: Move) -> Option<usize> {
        let t = self.table[cell][m.index()];
        (t != NO_CELL).then_some(t as usize)
    }
}
