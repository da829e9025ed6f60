//! `npuzzle`: the command-line front end. Argument parsing, output and exit codes live here;
//! everything about puzzles and search lives in the `npuzzle` library.
//!
//! Output never panics: stdout is written through fallible writes whose broken-pipe error ends
//! the command with success (`npuzzle … | head`), and notes go to stderr through `note!`,
//! which ignores a closed stderr.

/// Writes a line to stderr, ignoring failure (a closed pipe must not turn into a panic).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod analyse;
mod animate;
mod audit;
mod batch;
mod bench;
mod check;
mod compare;
mod exercise;
mod exit;
mod generate;
mod input;
mod opts;
mod output;
mod pdb;
mod plot;
mod serve;
mod solve;
mod stream;
mod teach;

use clap::{Parser, Subcommand};

// Batches allocate many small strings and boards across threads; mimalloc handles that
// faster than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::process::ExitCode;

const AFTER_HELP: &str = "\
Exit codes:
  0  solved (or the command succeeded)
  1  an I/O or internal error
  2  bad input: a malformed board, a bad option, a start/goal size mismatch
  3  unsolvable: start and goal have different parity (detected before any search)
  4  limit reached: --max-nodes, --timeout, --max-memory, --max-steps, or Ctrl-C stopped the
     search, or a pattern-database build would need more memory than it may use
  5  not found: the search space within --max-depth holds no solution, or a local search
     stopped without the goal (a local minimum, a plateau, restarts exhausted, or the
     temperature at its floor)
  6  differs: `check` found the work different from the reference

Board formats: '1 4 2 0 5 3 6 7 8', '1,4,2,0,5,3,6,7,8', '142053678' (3×3), '1 4 2/0 5 3/6 7 8',
rows on separate lines, '[[1,4,2],[0,5,3],[6,7,8]]'; the blank may be 0, -1, _, x or '.'.
A first line holding only the size ('3' or '4 3') is allowed, and '#' lines are comments.";

const ABOUT: &str = "Solve sliding-tile puzzles and watch the classic search algorithms work";

const LONG_ABOUT: &str = "\
npuzzle solves the sliding-tile puzzle (the 8-, 15- and 24-puzzle, and any board from 2×2 to
1000×1000 with one blank) from any start to any goal, optimally and fast by default, and shows
how each classic search algorithm gets there: step-by-step traces, search trees, comparisons of
algorithms and heuristics, random instances, and a web UI.";

const TOP_AFTER_HELP: &str = "\
Examples:
  npuzzle solve \"8 1 3 4 0 2 7 6 5\"
  npuzzle solve \"2 8 3/1 6 4/7 0 5\" --goal \"1 2 3/8 0 4/7 6 5\" -a astar -H misplaced --trace
  npuzzle generate --size 4x4 --count 5 --seed 1 | npuzzle batch -

Quote a board: it is one argument. `npuzzle <command> --help` lists each command's options.

Exit codes:
  0  solved (or the command succeeded)
  1  an I/O or internal error
  2  bad input: a malformed board, a bad option, a start/goal size mismatch
  3  unsolvable: start and goal have different parity (detected before any search)
  4  limit reached: --max-nodes, --timeout, --max-memory, --max-steps, or Ctrl-C stopped the work
  5  not found: the search space within --max-depth holds no solution, or a local search got
     stuck
  6  differs: `check` found the work different from the reference";

/// The npuzzle command line.
#[derive(Parser, Debug)]
#[command(name = "npuzzle", version, about = ABOUT, long_about = LONG_ABOUT, after_help = TOP_AFTER_HELP, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one board.
    #[command(after_help = AFTER_HELP)]
    Solve(solve::Args),
    /// Solve one board per line of a file (or stdin) and print one JSON object per line, or CSV.
    #[command(after_help = AFTER_HELP)]
    Batch(batch::Args),
    /// Run algorithm/heuristic pairs on the same boards and tabulate time, cost, nodes, depth.
    #[command(after_help = AFTER_HELP)]
    Compare(compare::Args),
    /// Print random solvable boards (uniform, at an exact depth, or by random walk), one a line.
    #[command(after_help = AFTER_HELP)]
    Generate(generate::Args),
    /// Serve the web UI and its JSON API (http://127.0.0.1:8080/ by default).
    Serve(serve::Args),
    /// Print a shell completion script, e.g. `npuzzle completions bash > ~/.local/share/bash-completion/completions/npuzzle`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Write a hand-execution exercise (problem sheet on stdout, answer key with --answers):
    /// order of expansion, open lists, g, h and f, bounds, incumbents, the solution. Without -a and
    /// -H: A* with misplaced tiles.
    #[command(after_help = AFTER_HELP)]
    Exercise(exercise::Args),
    /// Analyse a solution of a scramble: its length in single-tile (STM) and multi-tile (MTM)
    /// moves, the optimum in both, and the moves that took the board no closer to the goal.
    /// Solutions are read in counted notation (R2U2LDLD), as the blank's moves or, with
    /// --reading tiles, the tiles'. Exit 5 when the solution does not reach the goal.
    #[command(visible_alias = "analyze", after_help = AFTER_HELP)]
    Analyse(analyse::Args),
    /// Grade a student's own work against the reference search: a solution (--solution: valid?
    /// reaching the goal? with --optimal, optimal?), an order of expansion (--expansions:
    /// labels such as S21, or boards), a hand trace (--trace: the node selected and the open
    /// list with g + h = f at each step) or a sheet's answers (--answers, --key). The report
    /// names the first difference and a diagnosis (another rule, move order, heuristic or
    /// algorithm that reproduces the work), as text, JSON or Gradescope's results.json. Exit 0
    /// when right, 6 when the work differs.
    Check(check::Args),
    /// Audit a heuristic (a built-in or a formula): admissible? consistent? zero at the goal?
    /// dominant over the built-ins? Proved over every board of up to 10 cells (3×3, 2×4, 2×5, …)
    /// against the exact table, sampled beyond; the counterexample with h beside h*, and a board
    /// where A* with it returns a costlier answer. Exit 0 when --require holds, 6 on a
    /// counterexample.
    Audit(audit::Args),
    /// Build, list, verify or clean the cached pattern databases.
    Pdb(pdb::Args),
    /// Solve a benchmark suite (3x3-all, korf100, korf24: every length checked; big: reduction on
    /// large random boards, every answer replayed; local: the local searches' success rates;
    /// depth: the textbook's table of nodes generated and b* by solution depth; file: every
    /// board of a file, against its reference lengths). `npuzzle bench SUITE --help` lists a
    /// suite's options.
    Bench(bench::Args),
}

/// When `solve` got a board's tiles as separate arguments (`npuzzle solve 8 1 3 …`), the command
/// with the board quoted; `None` otherwise.
fn unquoted_board_hint(args: &[String]) -> Option<String> {
    let looks_like_tile = |a: &str| !a.is_empty() && (a.chars().all(|c| c.is_ascii_digit()) || matches!(a, "-1" | "_" | "x" | "."));
    let at = args.iter().position(|a| a == "solve")?;
    let rest = &args[at + 1..];
    let first = rest.iter().position(|a| looks_like_tile(a))?;
    let run: Vec<&str> = rest[first..].iter().map(String::as_str).take_while(|a| looks_like_tile(a)).collect();
    if run.len() < 2 {
        return None;
    }
    let mut fixed: Vec<String> = args[1..=at].to_vec();
    fixed.extend(rest[..first].iter().cloned());
    fixed.push(format!("\"{}\"", run.join(" ")));
    fixed.extend(rest[first + run.len()..].iter().cloned());
    Some(format!("the board's tiles are separate arguments; quote the board so it is one: npuzzle {}", fixed.join(" ")))
}

/// mimalloc's `mi_option_purge_delay` (the same index in its v2 and v3 headers).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> ExitCode {
    // Return freed memory to the system at once rather than 10 ms later: a search's structures
    // grow by doubling and free the old half, and a delayed purge would let the resident memory
    // run ahead of what --max-memory accounts for.
    // SAFETY: setting an option has no memory-safety preconditions; it runs before any thread
    // starts.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { exit::BAD_INPUT } else { exit::OK };
            let _ = e.print();
            if e.kind() == clap::error::ErrorKind::UnknownArgument {
                let args: Vec<String> = std::env::args().collect();
                if let Some(hint) = unquoted_board_hint(&args) {
                    note!("\nhint: {hint}");
                }
            }
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Batch(a) => batch::run(a),
        Command::Compare(a) => compare::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Completions { shell } => completions(shell),
        Command::Exercise(a) => exercise::run(a),
        Command::Analyse(a) => analyse::run(a),
        Command::Check(a) => check::run(a),
        Command::Audit(a) => audit::run(a),
        Command::Pdb(a) => pdb::run(a),
        Command::Bench(a) => bench::run(a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            if exit::is_broken_pipe(&e) {
                return ExitCode::from(exit::OK);
            }
            // `BadInput` only marks the exit code; it is not part of the message.
            let message: Vec<String> = e.chain().filter(|c| !exit::is_marker(*c)).map(|c| c.to_string()).collect();
            note!("error: {}", message.join(": "));
            ExitCode::from(exit::code_for(&e))
        }
    }
}

/// Prints the completion script. It is generated into memory first: the generator panics when
/// it cannot write, and a closed pipe must end the command quietly.
fn completions(shell: clap_complete::Shell) -> anyhow::Result<u8> {
    use std::io::Write;
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "npuzzle", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(exit::OK)
}
