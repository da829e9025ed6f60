//! `npuzzle pdb build|list|verify|clean`: the pattern-database cache, and the progress bars
//! shown whenever tables are built.

use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use anyhow::{anyhow, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::{Pdb, SetSpec};
use npuzzle::parse::parse_size;
use npuzzle::tables::cache::{self, CacheError};
use npuzzle::tables::{self as tables, TableEvent, TableStore};
use npuzzle::{Board, HeuristicKind, Request};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

/// Arguments of `pdb`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Build a pattern-database set into the cache (tables already cached are loaded and
    /// verified instead; a corrupt one is reported and rebuilt).
    Build {
        /// Board size: 4x4 or 5x5 (any board of up to 25 cells works).
        #[arg(long, default_value = "4x4")]
        size: String,
        /// Goal: blank-first (default; any goal with the blank in a corner shares the tables),
        /// blank-last, snail, or a board.
        #[arg(long, short = 'g', default_value = "blank-first")]
        goal: String,
        /// Set: 7-8, 6-6-3 or 5-5-5 on 4×4; 6-6-6-6 or 5-5-5-5-4 on 5×5. Default: the strongest.
        #[arg(long)]
        set: Option<String>,
        /// Rebuild even when the tables are cached.
        #[arg(long)]
        force: bool,
        /// Most memory one table build may use, e.g. 2G (default: the memory the system
        /// reports available). A set that needs more is refused at once, with exit code 4.
        #[arg(long, value_name = "SIZE")]
        max_memory: Option<String>,
    },
    /// List the cached tables.
    List,
    /// Check every cached table's header and checksum.
    Verify,
    /// Delete every cached table.
    Clean,
}

/// The cache directory: `$NPUZZLE_CACHE_DIR`, else the user's cache directory.
pub fn cache_dir() -> PathBuf {
    npuzzle_host::cache_dir()
}

/// The process's table store: the cache directory, and builds limited to the memory the system
/// reports available.
pub fn store() -> &'static TableStore {
    static STORE: OnceLock<TableStore> = OnceLock::new();
    STORE.get_or_init(|| TableStore::new(cache_dir()).build_memory(npuzzle_host::available_memory()))
}

/// Where the cache lives, with how to change it.
fn dir_note() -> String {
    format!("cache directory: {} (set {} to change it)", cache_dir().display(), npuzzle_host::CACHE_DIR_VAR)
}

/// A progress reporter for table loads and builds: a bar per table on stderr (when it is a
/// terminal), and a line for every load, save and corrupt file.
pub fn reporter() -> impl Fn(&TableEvent) + Sync {
    let bar: Arc<Mutex<Option<ProgressBar>>> = Arc::new(Mutex::new(None));
    let tty = std::io::stderr().is_terminal();
    move |e: &TableEvent| {
        let mut slot = bar.lock().unwrap_or_else(|e| e.into_inner());
        match e {
            TableEvent::BuildStart { pattern: [], .. } => {}
            TableEvent::Built { pattern: [], .. } => {}
            TableEvent::BuildStart { pattern, entries } => {
                let b = if tty { ProgressBar::new(*entries) } else { ProgressBar::hidden() };
                b.set_style(
                    ProgressStyle::with_template("{msg:32} {bar:30} {percent:>3}%  {elapsed_precise} eta {eta}").expect("valid template"),
                );
                b.set_message(format!("building pattern {}", pattern_name(pattern)));
                if !tty {
                    eprintln!("building pattern {} ({entries} entries)", pattern_name(pattern));
                }
                *slot = Some(b);
            }
            TableEvent::BuildLevel { filled, depth, pattern, .. } => {
                if let Some(b) = slot.as_ref() {
                    b.set_position(*filled);
                    b.set_message(format!("building pattern {} depth {depth}", pattern_name(pattern)));
                }
            }
            TableEvent::Built { pattern, time } => {
                if let Some(b) = slot.take() {
                    b.finish_and_clear();
                }
                eprintln!("built pattern {} in {:.1} s", pattern_name(pattern), time.as_secs_f64());
            }
            TableEvent::Loaded { .. } => {}
            TableEvent::Saved { path } => eprintln!("saved {}", path.display()),
            TableEvent::SaveFailed { error } => eprintln!("warning: could not save the table ({error}); it is used from memory"),
            TableEvent::Corrupt { path, reason } => {
                eprintln!("warning: cached table {} is corrupt ({reason}); rebuilding it", path.display())
            }
        }
    }
}

fn pattern_name(p: &[u8]) -> String {
    p.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",")
}

/// Prepares the tables `req`'s heuristic reads, with progress on stderr and Ctrl-C able to
/// stop a build: the strongest cached pattern-database set for the goal, or the small default
/// built on the spot (with a note on how to get the stronger one), or the exact table (for
/// row-and-column reduction, its final block's). Returns
/// how long the preparation took.
pub fn prepare(req: &mut Request) -> Result<std::time::Duration> {
    let started = Instant::now();
    if req.algorithm == npuzzle::Algorithm::Reduce {
        req.tables = store().prepare_request(req, &reporter(), Some(&cancel_flag()))?;
        return Ok(started.elapsed());
    }
    let kind = req.effective_heuristic();
    if !kind.is_table() {
        return Ok(started.elapsed());
    }
    let (w, h) = (req.goal.width(), req.goal.height());
    kind.check_size(w, h)?;
    let cancel = cancel_flag();
    let on = reporter();
    if kind == HeuristicKind::Pdb {
        let spec = store().choose_set(&req.goal)?;
        let strongest = SetSpec::strongest(w, h);
        if spec.name != strongest.name {
            eprintln!(
                "note: using the {} pattern databases; `npuzzle pdb build --size {w}x{h}` builds the stronger {} set once (cached, {:.0} MB)",
                spec.name,
                strongest.name,
                strongest.entries() as f64 / 1e6
            );
        }
        let heur = store().load_or_build(&req.goal, &spec, &on, Some(&cancel))?;
        req.tables = npuzzle::Tables::none().with_pdb(Arc::new(heur));
    } else {
        req.tables = store().prepare(kind, &req.goal, &on, Some(&cancel))?;
    }
    Ok(started.elapsed())
}

/// Runs `pdb`; returns the exit code.
pub fn run(args: Args) -> Result<u8> {
    match args.command {
        Command::Build { size, goal, set, force, max_memory } => build(&size, &goal, set.as_deref(), force, max_memory.as_deref()),
        Command::List => list(),
        Command::Verify => verify(),
        Command::Clean => clean(),
    }
}

fn build(size: &str, goal: &str, set: Option<&str>, force: bool, max_memory: Option<&str>) -> Result<u8> {
    let (w, h) = parse_size(size).context(BadInput)?;
    HeuristicKind::Pdb.check_size(w, h).context(BadInput)?;
    let goal_board: Board = Goal::resolve(goal, w, h)?;
    let spec = match set {
        Some(name) => SetSpec::named(w, h, name).context(BadInput)?,
        None => SetSpec::strongest(w, h),
    };
    let limit = match max_memory {
        Some(m) => Some(crate::opts::parse_bytes(m)?),
        None => npuzzle_host::available_memory(),
    };
    let store = TableStore::new(cache_dir()).build_memory(limit);
    eprintln!("{}", dir_note());
    let started = Instant::now();
    let on = reporter();
    let cancel = cancel_flag();
    let heur = if force {
        store.build(&goal_board, &spec, &on, Some(&cancel))
    } else {
        store.load_or_build(&goal_board, &spec, &on, Some(&cancel))
    }?;
    let entries: usize = heur.pdbs().iter().map(|p| p.len()).sum();
    println!(
        "set {} for {w}x{h} ({} tables, {} entries, {:.1} MB) ready in {:.1} s",
        spec.name,
        heur.pdbs().len(),
        entries,
        entries as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    for p in heur.pdbs() {
        println!("  {}", cache_dir().join(p.file_name()).display());
    }
    Ok(exit::OK)
}

/// The temporary files in the cache whose writer is no longer running: what a build killed
/// half-way left behind. Files of a running build (or whose writer cannot be told) are kept.
fn stale_temporaries(dir: &std::path::Path) -> Result<Vec<cache::Temporary>> {
    Ok(cache::temporaries(dir)?.into_iter().filter(|t| npuzzle_host::process_alive(t.pid) == Some(false)).collect())
}

/// Says which stale temporary files the cache holds.
fn report_stale(stale: &[cache::Temporary]) {
    for t in stale {
        println!("STALE    {}: {:.1} MB left by process {}, which is gone", file_name(&t.path), t.bytes as f64 / 1e6, t.pid);
    }
    if !stale.is_empty() {
        eprintln!("`npuzzle pdb clean` removes the files of builds that were killed half-way");
    }
}

fn list() -> Result<u8> {
    let dir = cache_dir();
    let files = cache::list(&dir)?;
    eprintln!("{}", dir_note());
    let stale = stale_temporaries(&dir)?;
    report_stale(&stale);
    if files.is_empty() {
        println!("no cached pattern databases");
        return Ok(exit::OK);
    }
    let mut total = 0;
    for f in &files {
        total += f.bytes;
        match cache::peek(&f.path) {
            Ok(h) => println!(
                "{:<44} {}x{}  pattern {:<24} {:>11} entries  {:>8.1} MB",
                file_name(&f.path),
                h.width,
                h.height,
                pattern_name(&h.pattern),
                h.entries,
                f.bytes as f64 / 1e6
            ),
            Err(e) => println!("{:<44} unreadable header: {e}", file_name(&f.path)),
        }
    }
    println!("{} files, {:.1} MB", files.len(), total as f64 / 1e6);
    Ok(exit::OK)
}

fn file_name(p: &std::path::Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn verify() -> Result<u8> {
    let dir = cache_dir();
    eprintln!("{}", dir_note());
    let files = cache::list(&dir)?;
    report_stale(&stale_temporaries(&dir)?);
    let mut bad = 0;
    for f in &files {
        match cache::load(&f.path) {
            Ok((h, table)) => {
                let ok = Pdb::from_table(h.width as usize, h.height as usize, tables::blank_of(&h.goal).unwrap_or(0), &h.pattern, table);
                match ok {
                    Ok(_) => println!("ok       {}", file_name(&f.path)),
                    Err(e) => {
                        bad += 1;
                        println!("CORRUPT  {}: {e}", file_name(&f.path));
                    }
                }
            }
            Err(CacheError::Corrupt { reason, .. }) => {
                bad += 1;
                println!("CORRUPT  {}: {reason}", file_name(&f.path));
            }
            Err(e) => return Err(anyhow!(e)),
        }
    }
    println!("{} files checked, {bad} corrupt", files.len());
    if bad > 0 {
        eprintln!("corrupt tables are rebuilt on next use, or now with `npuzzle pdb build --force`");
        return Ok(exit::ERROR);
    }
    Ok(exit::OK)
}

fn clean() -> Result<u8> {
    let dir = cache_dir();
    let files = cache::list(&dir)?;
    let stale = stale_temporaries(&dir)?;
    let mut bytes = 0;
    let paths = files.iter().map(|f| (&f.path, f.bytes)).chain(stale.iter().map(|t| (&t.path, t.bytes)));
    for (path, size) in paths {
        std::fs::remove_file(path).with_context(|| format!("removing {}", path.display()))?;
        bytes += size;
    }
    let temps = if stale.is_empty() { String::new() } else { format!(" and {} temporary files of killed builds", stale.len()) };
    println!("removed {} files{temps} ({:.1} MB) from {}", files.len(), bytes as f64 / 1e6, dir.display());
    Ok(exit::OK)
}
