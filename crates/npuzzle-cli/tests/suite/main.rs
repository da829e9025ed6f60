//! The command line's tests: one module a file, built as one binary so that cargo links once and
//! the harness runs every file's tests side by side. Each test runs the `npuzzle` binary.

mod analyse_cli;
mod audit_cli;
mod bench_cli;
mod bench_file_cli;
mod check_cli;
mod cli;
mod common;
mod compare_rows;
mod fast_cli;
mod imports;
mod learnt_cli;
mod local_search_cli;
mod readme;
mod reduce_cli;
mod registry;
mod serve;
mod teachers_kit;
mod teaching;
mod trust;
