//! npuzzle: a sliding-tile puzzle solver and search-algorithm workbench.
//!
//! The crate holds everything that knows about puzzles and search:
//! - [`board`]: boards of any W×H size with one blank, moves, move tables, solvability;
//! - [`parse`]: every accepted text format to a [`Board`], with errors that name the problem;
//! - [`goal`]: goal presets (blank-last, blank-first, snail);
//! - [`state`]: compact `Copy` encodings used while searching;
//! - [`heuristic`]: admissible estimates (misplaced, Manhattan, Euclidean, linear conflict,
//!   pattern databases, exact tables);
//! - [`tables`]: pattern databases and exact tables as prepared values, and their cache;
//! - [`search`]: one module per classic search algorithm, each describing itself
//!   ([`search::Info`]), all reporting through one [`search::observer::Observer`];
//! - [`record`]: an observer that keeps the one serialisable event and node model that traces,
//!   trees, the web API and the page all use;
//! - [`render`]: presentation of recorded searches (text traces, DOT and SVG trees, the legend);
//! - [`spec`]: the one request specification front ends fill, with defaults and validation;
//! - [`solve`](mod@solve): the facade, `Request -> Outcome`, and the default solver choice;
//! - [`fast`]: the fast optimal engines (exact tables, IDA* with pattern databases).
//!
//! The library prints nothing, never exits and reads no environment variable: where caches live
//! and how much memory a build may take are the front ends' choices, passed in.
//!
//! ```
//! use npuzzle::{parse::parse_board, goal::Goal, solve::{solve, Request}};
//! let start = parse_board("1 2 3 4 5 6 0 7 8").unwrap();
//! let goal = Goal::BlankLast.board(start.width(), start.height()).unwrap();
//! let outcome = solve(&Request::new(start, goal)).unwrap();
//! assert_eq!(outcome.moves_string(), "RR");
//! assert_eq!(outcome.cost, Some(2));
//! ```
// Two `unsafe` blocks in the crate: mapping a verified cache file (`tables::cache::load`), and
// the prefetch hint (`hint::prefetch`).
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod analysis;
pub mod audit;
pub mod board;
pub mod check;
pub mod clock;
pub mod compare;
pub mod cost;
pub mod error;
pub mod experiment;
pub mod fast;
pub mod generate;
pub mod goal;
pub mod heuristic;
mod hint;
pub mod learnt;
pub mod limits;
pub mod metric;
pub mod notation;
pub mod outcome;
pub mod palette;
pub mod parse;
pub mod prepare;
pub mod record;
pub mod render;
pub mod replay;
pub mod search;
#[cfg(not(feature = "parallel"))]
mod serial;
pub mod session;
pub mod solve;
pub mod spec;
pub mod state;
pub mod stats;
pub mod tables;
#[cfg(feature = "ts")]
mod ts;
pub mod words;

/// README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The crate's own README (crates.io's page), compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct CrateReadmeDoctests;

pub use board::{moves_to_string, Board, Move, MoveOrder};
pub use cost::{Cost, CostModel};
pub use error::{BoardError, Error};
pub use goal::Goal;
pub use heuristic::HeuristicKind;
pub use search::{Algorithm, Limits};
pub use solve::{solve, Outcome, Request, Status};
pub use spec::{Plan, Spec};
pub use stats::Stats;
pub use tables::{TableStore, Tables};
