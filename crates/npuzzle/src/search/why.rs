//! Why a local search made (or refused) a move, as its trace says it.

use serde::Serialize;
use std::fmt;

/// Why a local search made (or, annealing, refused) a move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Why {
    /// Steepest ascent: the neighbour with the lowest h, lower than the current h (one of
    /// `tied` equally good, picked at random).
    BestImprovement {
        /// Neighbours sharing the lowest h.
        tied: u32,
    },
    /// No neighbour is better: one of the `tied` best, with the same h, picked at random.
    Sideways {
        /// This sideways move's number in the current run of them.
        used: u32,
        /// Sideways moves allowed in a row.
        allowed: u32,
        /// Neighbours sharing the lowest h.
        tied: u32,
    },
    /// First choice: the first neighbour drawn at random that is better, after `tried` draws.
    FirstImprovement {
        /// Neighbours drawn, this one included.
        tried: u32,
    },
    /// Simulated annealing moved: always when Δ = h(next) − h(current) ≤ 0, else with
    /// probability e^(−Δ/T).
    Accepted {
        /// Δ, in moves.
        delta: f64,
        /// The temperature.
        temperature: f64,
        /// The probability of accepting (1 when Δ ≤ 0).
        probability: f64,
    },
    /// Simulated annealing stayed: the random draw was above e^(−Δ/T).
    Rejected {
        /// Δ, in moves.
        delta: f64,
        /// The temperature.
        temperature: f64,
        /// The probability it had of being accepted.
        probability: f64,
    },
    /// Local beam: among the K best successors of the whole beam.
    BeamBest,
    /// Stochastic beam: drawn at random, with weight e^(−(h − h_min)) among the successors left.
    BeamDrawn {
        /// The probability it had of being drawn at its turn.
        probability: f64,
    },
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tie = |t: u32| if t > 1 { format!(" (one of {t} tied, picked at random)") } else { String::new() };
        match self {
            Why::BestImprovement { tied } => write!(f, "best improvement{}", tie(*tied)),
            Why::Sideways { used, allowed, tied } => write!(f, "sideways move {used} of {allowed} allowed in a row{}", tie(*tied)),
            Why::FirstImprovement { tried } => {
                write!(f, "first improvement, after {}", crate::words::count(*tried as u64, "random neighbour"))
            }
            Why::Accepted { delta, probability, .. } if *delta <= 0.0 => {
                write!(f, "accepted: Δ = {} ≤ 0 (probability {probability})", num(*delta))
            }
            Why::Accepted { delta, temperature, probability } => {
                write!(f, "accepted with probability e^(−Δ/T) = e^(−{}/{}) = {:.2}", num(*delta), num(*temperature), probability)
            }
            Why::Rejected { delta, temperature, probability } => {
                write!(f, "rejected: probability e^(−Δ/T) = e^(−{}/{}) = {:.2}", num(*delta), num(*temperature), probability)
            }
            Why::BeamBest => f.write_str("among the K best successors"),
            Why::BeamDrawn { probability } => write!(f, "drawn at random with probability {probability:.2}"),
        }
    }
}

/// A number for traces: whole values as integers, others with three decimals.
fn num(x: f64) -> String {
    if x == x.trunc() && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x:.3}")
    }
}
