//! The web service's tests: one module a file, built as one binary so that cargo links once and
//! the harness runs every file's tests side by side. `tests/types.rs`, which can rewrite the
//! TypeScript contracts, stays a binary of its own.

mod api;
mod big_default;
mod guard;
mod local_search;
mod protocol;
