//! The library's integration tests: one module a file, built as one binary so that cargo links
//! once and the harness runs every file's tests side by side. The allocator-counting tests
//! (`tests/memory.rs`, `tests/parse_memory.rs`) stay binaries of their own: each installs a
//! global allocator that counts what its one search holds.

mod audit;
mod check_diagnosis;
mod check_trace;
mod classics;
mod conventions;
mod cost_oracle;
mod default_cold;
mod formulas;
mod layers;
mod learnt;
mod limits;
mod local_search;
mod metric;
mod oracle;
mod pdb;
mod pdb_beam;
mod properties;
mod reduce;
mod reduce_plus;
mod reduce_solve;
mod slide_pdb;
