//! What the command-line test files share: the binary with a scratch table cache, one run's
//! exit code and output, and the textbook's board.

use assert_cmd::Command;

/// The binary, with its table cache in this test suite's scratch directory, so no test writes
/// into the user's cache.
pub fn npuzzle() -> Command {
    let mut c = Command::cargo_bin("npuzzle").expect("binary built");
    c.env("NPUZZLE_CACHE_DIR", concat!(env!("CARGO_TARGET_TMPDIR"), "/npuzzle-cache"));
    c
}

/// One finished run of the binary.
pub struct Run {
    /// The exit code, or -1 when a signal ended the process.
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the binary with `args` and no input, to the end.
pub fn run(args: &[&str]) -> Run {
    let out = npuzzle().args(args).output().expect("runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

/// Nilsson's 8-puzzle board and goal, the worked example of AIMA and of docs/teaching.md.
pub const NILSSON: &str = "2 8 3/1 6 4/7 0 5";
pub const NILSSON_GOAL: &str = "1 2 3/8 0 4/7 6 5";
