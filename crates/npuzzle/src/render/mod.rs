//! Presentation of recorded searches, apart from the search layer: the numbered text trace
//! ([`trace`]), the search tree as a document with each node's final state and as DOT or SVG
//! ([`tree`]), and the teaching legend's states and colours ([`palette`]). Everything here reads
//! the one recorded model, [`crate::record::Node`] and [`crate::record::Event`].

pub mod palette;
pub mod trace;
pub mod tree;
