//! Presentation of recorded searches, apart from the search layer: the numbered text trace
//! ([`trace`]), the search tree as a document with each node's final state and as DOT or SVG
//! ([`tree`]), the teaching legend's states and colours ([`palette`]), hand-execution exercises
//! with their answer keys ([`exercise`]) and the frames of animations ([`animate`]). Everything here reads
//! the one recorded model, [`crate::record::Node`] and [`crate::record::Event`].

pub mod animate;
pub mod exercise;
pub mod moodle;
/// The node states and their colours and shapes (on the ground floor: the replay reads them too).
pub use crate::palette;
pub mod trace;
pub mod tree;
