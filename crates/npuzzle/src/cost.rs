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

impl Serialize for Cost {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_whole() {
            s.serialize_u64(self.0 / Self::ONE)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}
