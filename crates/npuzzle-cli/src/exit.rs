//! Exit codes, documented in `--help` and README.

use npuzzle::Status;

/// Solved, or the command succeeded.
pub const OK: u8 = 0;
/// An I/O or internal error.
pub const ERROR: u8 = 1;
/// Malformed input or options.
pub const BAD_INPUT: u8 = 2;
/// Start and goal have different parity.
pub const UNSOLVABLE: u8 = 3;
/// A limit or Ctrl-C ended the search.
pub const LIMIT: u8 = 4;
/// The space within the depth bound holds no solution.
pub const NOT_FOUND: u8 = 5;
/// `check`: the work differs from the reference; `audit`: a counterexample to what `--require`
/// asks.
pub const DIFFERS: u8 = 6;

/// The exit code for a finished run.
pub fn for_status(s: Status) -> u8 {
    match s {
        Status::Solved => OK,
        Status::Unsolvable => UNSOLVABLE,
        Status::Limit => LIMIT,
        Status::NotFound => NOT_FOUND,
    }
}

/// Marks an error as the user's input (exit 2) rather than the machine's (exit 1).
#[derive(Debug)]
pub struct BadInput;

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("bad input")
    }
}

impl std::error::Error for BadInput {}

/// Whether a link of an error chain is the [`BadInput`] marker. Attached with `.context(BadInput)`
/// it shows up as a context layer, which only its text identifies.
pub fn is_marker(c: &(dyn std::error::Error + 'static)) -> bool {
    c.is::<BadInput>() || c.to_string() == BadInput.to_string()
}

/// The exit code for an error.
pub fn code_for(e: &anyhow::Error) -> u8 {
    if e.chain().any(|c| matches!(c.downcast_ref::<npuzzle::Error>(), Some(npuzzle::Error::Memory(_) | npuzzle::Error::Cancelled))) {
        LIMIT
    } else if e.chain().any(|c| matches!(c.downcast_ref::<npuzzle::Error>(), Some(npuzzle::Error::Internal(_)))) {
        ERROR
    } else if e.chain().any(|c| is_marker(c) || c.is::<npuzzle::Error>() || c.is::<npuzzle::BoardError>()) {
        BAD_INPUT
    } else {
        ERROR
    }
}

/// Whether the error is a closed pipe (e.g. `npuzzle … | head`), which is not a failure.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}
