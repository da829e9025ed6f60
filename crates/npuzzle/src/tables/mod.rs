//! Prepared heuristic tables as values.
//!
//! Pattern databases and exact distance tables are costly to build and load, so they are
//! prepared in a separate, fallible step and then handed to a search inside a [`Tables`] value
//! (the [`crate::solve::Request`] carries one). Nothing is looked up behind the caller's back:
//! a heuristic whose tables were not prepared is an error, never a silent fallback.
//!
//! A [`TableStore`] prepares them. It knows the cache directory (chosen by the front end; the
//! library reads no environment variable), whether to read and write it, how much memory a
//! build may take, and keeps every table it has loaded or built, so goals that share tables
//! (every goal with its blank in a corner shares one pattern-database set) load them once.
//!
//! ```
//! use npuzzle::tables::TableStore;
//! use npuzzle::{goal::Goal, HeuristicKind};
//! let store = TableStore::in_memory();
//! let goal = Goal::BlankLast.board(3, 3).unwrap();
//! let tables = store.prepare(HeuristicKind::Exact, &goal, &|_| {}, None).unwrap();
//! assert!(tables.exact().is_some());
//! ```

pub mod costed;

pub mod cache;
pub use cache::{blank_of, goal_text, goal_text_1bit, one_bit_of, regions_of};

mod bag;
mod events;
mod export;
mod store;
pub use bag::Tables;
pub use events::{Progress, TableEvent};
pub use store::{TableStore, QUICK_BUILD_BYTES};
