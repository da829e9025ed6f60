//! npuzzle: a sliding-tile puzzle solver and search-algorithm workbench.
//!
//! The crate holds everything that knows about puzzles and search:
//! - [`board`]: boards of any W×H size with one blank, moves, move tables, solvability;
//! - [`parse`]: every accepted text format to a [`Board`], with errors that name the problem;
//! - [`goal`]: goal presets (blank-last, blank-first, snail);
//! - [`state`]: compact `Copy` encodings used while searching;
//! - [`heuristic`]: admissible estimates (misplaced, Manhattan, Euclidean, linear conflict);
//! - [`search`]: one module per classic search algorithm, all reporting through one
//!   [`search::observer::Observer`];
//! - [`record`]: an observer that keeps events and labelled nodes for traces and trees;
//! - [`solve`](mod@solve): the facade, `Request -> Outcome`;
//! - [`fast`]: the fast optimal engine (exact tables, IDA* with pattern databases) and the
//!   default solver choice; [`cache`]: the on-disk pattern-database cache.
//!
//! ```
//! use npuzzle::{parse::parse_board, goal::Goal, solve::{solve, Request}};
//! let start = parse_board("1 2 3 4 5 6 0 7 8").unwrap();
//! let goal = Goal::BlankLast.board(start.width(), start.height()).unwrap();
//! let outcome = solve(&Request::new(start, goal)).unwrap();
//! assert_eq!(outcome.moves_string(), "RR");
//! assert_eq!(outcome.cost, Some(2));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod board;
pub mod cache;
pub mod cost;
pub mod error;
pub mod fast;
pub mod generate;
pub mod goal;
pub mod heuristic;
pub mod parse;
pub mod record;
pub mod reduce;
pub mod search;
pub mod solve;
pub mod state;
pub mod stats;
pub mod trace;
pub mod tree;

pub use board::{Board, Move, MoveOrder};
pub use cost::Cost;
pub use error::{BoardError, Error};
pub use goal::Goal;
pub use heuristic::HeuristicKind;
pub use search::{Algorithm, Limits};
pub use solve::{solve, Outcome, Request, Status};
pub use stats::Stats;
