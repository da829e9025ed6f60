//! Integer costs. Heuristic values may be fractional (Euclidean distance), so costs are fixed
//! point: one move is [`Cost::ONE`] units. Integers keep ordering exact and comparisons free of
//! epsilon fudges.

use serde::Serialize;
use std::fmt;
use std::ops::{Add, Sub};

/// A cost or estimate in millionths of a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cost(pub u64);

impl Cost {
    /// Units per move.
    pub const ONE: u64 = 1_000_000;
    /// Zero.
    pub const ZERO: Cost = Cost(0);
    /// A value no search reaches, used for "no bound".
    pub const INFINITY: Cost = Cost(u64::MAX);

    /// The cost of `n` moves.
    #[inline]
    pub fn moves(n: u32) -> Cost {
        Cost(n as u64 * Self::ONE)
    }

    /// Largest number of whole moves not above this cost.
    pub fn floor_moves(self) -> u64 {
        self.0 / Self::ONE
    }

    /// Smallest number of whole moves not below this cost.
    pub fn ceil_moves(self) -> u64 {
        self.0.div_ceil(Self::ONE)
    }

    /// Whether this is a whole number of moves.
    pub fn is_whole(self) -> bool {
        self.0 % Self::ONE == 0
    }

    /// The value as a float (for JSON and charts only; never for ordering).
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Self::ONE as f64
    }

    /// Multiplies by a weight, rounding down.
    pub fn scaled(self, weight: f64) -> Cost {
        if self == Cost::INFINITY {
            return self;
        }
        Cost((self.0 as f64 * weight).floor() as u64)
    }

    /// Saturating addition.
    #[inline]
    pub fn saturating_add(self, o: Cost) -> Cost {
        Cost(self.0.saturating_add(o.0))
    }
}

impl Add for Cost {
    type Output = Cost;
    #[inline]
    fn add(self, o: Cost) -> Cost {
        Cost(self.0 + o.0)
    }
}

impl Sub for Cost {
    type Output = Cost;
    #[inline]
    fn sub(self, o: Cost) -> Cost {
        Cost(self.0 - o.0)
    }
}

/// Whole values print as integers (`3`), fractional ones with three decimals (`2.236`).
impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Cost::INFINITY {
            f.write_str("∞")
        } else if self.is_whole() {
            write!(f, "{}", self.0 / Self::ONE)
        } else {
            write!(f, "{:.3}", self.as_f64())
        }
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Cost {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Cost".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A cost: a whole number of moves, or a real number for the Euclidean heuristic.",
            "type": "number"
        })
    }
}

impl Serialize for Cost {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_whole() {
            s.serialize_u64(self.0 / Self::ONE)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

/// What a move costs: the step-cost model of a search.
///
/// - [`CostModel::Unit`]: every move costs 1, so a solution's cost is its number of moves (the
///   classic puzzle, and the default).
/// - [`CostModel::Tile`]: moving tile t costs t ("heavy tiles", a standard benchmark for search
///   with non-uniform costs: Thayer and Ruml; Wilt and Ruml). The fewest moves then need not be
///   the cheapest answer, so breadth-first search and iterative deepening stop being optimal,
///   and uniform-cost search orders by the cost so far rather than by depth.
///
/// Costs stay integers: g, h and f are counted in units of one [`Cost::ONE`], and under the tile
/// model one unit is what moving tile 1 costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CostModel {
    /// Every move costs 1.
    #[default]
    Unit,
    /// Moving tile t costs t.
    Tile,
}

impl CostModel {
    /// Every model, in the order they are listed to users.
    pub const ALL: [CostModel; 2] = [CostModel::Unit, CostModel::Tile];

    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            CostModel::Unit => "unit",
            CostModel::Tile => "tile",
        }
    }

    /// One line on what a move costs, for help texts, traces and exercise sheets.
    pub fn summary(self) -> &'static str {
        match self {
            CostModel::Unit => "every move costs 1: the cost of a solution is its number of moves",
            CostModel::Tile => "moving tile t costs t (heavy tiles): the cost of a solution is the sum of the tiles it moves",
        }
    }

    /// Whether every move costs the same (the unit model).
    #[inline]
    pub fn is_unit(self) -> bool {
        self == CostModel::Unit
    }

    /// What sliding `tile` costs, in whole units.
    #[inline(always)]
    pub fn step(self, tile: crate::board::Tile) -> u32 {
        match self {
            CostModel::Unit => 1,
            CostModel::Tile => tile,
        }
    }

    /// The cost of the moves `moves` of the blank from `start` (each move slides one tile).
    /// Moves that leave the board are not counted.
    pub fn path_cost(self, start: &crate::board::Board, moves: &[crate::board::Move]) -> u64 {
        if self.is_unit() {
            return moves.len() as u64;
        }
        let mut walker = PathCost::new(self, start);
        for &m in moves {
            walker.push(m);
        }
        walker.total()
    }
}

/// Adds up the cost of moves as they are made, keeping only the board's tiles and its blank:
/// the cost of a solution handed over move by move (row-and-column reduction on large boards).
#[derive(Clone, Debug)]
pub struct PathCost {
    model: CostModel,
    width: usize,
    height: usize,
    tiles: Vec<crate::board::Tile>,
    blank: usize,
    total: u64,
    moves: u64,
}

impl PathCost {
    /// Starts at `start` with nothing spent.
    pub fn new(model: CostModel, start: &crate::board::Board) -> PathCost {
        // The unit model needs no board: a move costs 1 whatever it slides.
        let tiles = if model.is_unit() { Vec::new() } else { start.tiles().to_vec() };
        PathCost { model, width: start.width(), height: start.height(), tiles, blank: start.blank(), total: 0, moves: 0 }
    }

    /// Makes move `m` and adds what it cost.
    #[inline]
    pub fn push(&mut self, m: crate::board::Move) {
        self.moves += 1;
        if self.model.is_unit() {
            self.total += 1;
            return;
        }
        if let Some(to) = crate::board::neighbor(self.width, self.height, self.blank, m) {
            let tile = self.tiles[to];
            self.tiles.swap(to, self.blank);
            self.blank = to;
            self.total += self.model.step(tile) as u64;
        }
    }

    /// The cost so far.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The moves made so far.
    pub fn moves(&self) -> u64 {
        self.moves
    }
}

impl fmt::Display for CostModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for CostModel {
    type Err = crate::error::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "unit" | "1" | "moves" => Ok(CostModel::Unit),
            "tile" | "tiles" | "heavy" | "heavy-tiles" => Ok(CostModel::Tile),
            other => Err(crate::error::Error::Invalid(format!(
                "unknown cost model {}: use unit (every move costs 1) or tile (moving tile t costs t)",
                crate::error::quote(other)
            ))),
        }
    }
}

impl<'de> serde::Deserialize<'de> for CostModel {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::parse::parse_board;

    #[test]
    fn a_path_costs_the_tiles_it_moves() {
        // Blank in the centre; U slides 2 down, then L slides 1 right.
        let b = parse_board("1 2 3/4 0 5/6 7 8").unwrap();
        assert_eq!(CostModel::Tile.path_cost(&b, &[Move::Up, Move::Left]), 3);
        assert_eq!(CostModel::Unit.path_cost(&b, &[Move::Up, Move::Left]), 2);
        assert_eq!("heavy".parse::<CostModel>().unwrap(), CostModel::Tile);
        assert!("x".parse::<CostModel>().unwrap_err().to_string().contains("unit"));
    }
}
