//! `npuzzle pdb build|list|verify|clean`: the pattern-database cache, and the progress bars
//! shown whenever tables are built.

use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use anyhow::{anyhow, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::fast::prune::Fsm;
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::{Pdb, SetSpec};
use npuzzle::parse::parse_size;
use npuzzle::tables::cache::{self, CacheError};
use npuzzle::tables::{self as tables, TableEvent, TableStore};
use npuzzle::{Board, HeuristicKind, Request};
use std::io::{IsTerminal, Write};
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
        #[arg(long, short = 'g', default_value = "blank-first", allow_hyphen_values = true)]
        goal: String,
        /// Set: 7-8, 6-6-3 or 5-5-5 on 4×4; 6-6-6-6x7z1 (a catalogue of seven partitions, one
        /// bit an entry, 4.2 GB), 6-6-6-6z (a value per blank region, 4.8 GB), 6-6-6-6z1 (the
        /// same in one bit an entry, 1.2 GB), 6-6-6-6 or 5-5-5-5-4 on 5×5. Default: the
        /// strongest.
        #[arg(long)]
        set: Option<String>,
        /// Rebuild even when the tables are cached.
        #[arg(long)]
        force: bool,
        /// Most memory one table build may use, e.g. 2G (default: the memory the system
        /// reports available). A set that needs more is refused at once, with exit code 4.
        #[arg(long, value_name = "SIZE")]
        max_memory: Option<String>,
        /// Build the tables for step costs instead: tile (moving tile t costs t) builds the set
        /// with costs for this very goal (6-6-3 or 5-5-5 on 4×4; 4-tile groups on 5×5), which
        /// `--cost tile` then uses by default.
        #[arg(long, default_value = "unit", value_parser = crate::opts::cost_names(), hide_possible_values = true)]
        cost: String,
        /// Build the tables of the multi-tile metric instead: mtm builds the slide pattern
        /// database (4×4, 151 MB, 26 s on two cores), which `--metric mtm -H pdb`
        /// reads in place of the walking distance in slides for goals with the blank in a corner.
        #[arg(long, default_value = "stm", value_parser = crate::opts::metric_names(), hide_possible_values = true)]
        metric: String,
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
                b.set_message(format!("building pattern {}", npuzzle::words::pattern(pattern)));
                if !tty {
                    note!("building pattern {} ({entries} entries)", npuzzle::words::pattern(pattern));
                }
                *slot = Some(b);
            }
            TableEvent::BuildLevel { filled, depth, pattern, .. } => {
                if let Some(b) = slot.as_ref() {
                    b.set_position(*filled);
                    b.set_message(format!("building pattern {} depth {depth}", npuzzle::words::pattern(pattern)));
                }
            }
            TableEvent::Built { pattern, time } => {
                if let Some(b) = slot.take() {
                    b.finish_and_clear();
                }
                note!("built pattern {} in {:.1} s", npuzzle::words::pattern(pattern), time.as_secs_f64());
            }
            TableEvent::Loaded { .. } => {}
            TableEvent::Saved { path } => note!("saved {}", path.display()),
            TableEvent::SaveFailed { error } => note!("warning: could not save the table ({error}); it is used from memory"),
            TableEvent::Corrupt { path, reason } if path.extension().is_some_and(|e| e == npuzzle::learnt::EXTENSION) => {
                note!(
                    "warning: learnt weights {} are refused ({reason}); the weights that ship with npuzzle are used where they fit",
                    path.display()
                )
            }
            TableEvent::Corrupt { path, reason } => {
                note!("warning: cached table {} is corrupt ({reason}); rebuilding it", path.display())
            }
        }
    }
}

/// Prepares what `req` reads ([`TableStore::prepare_run`]), with progress on stderr, Ctrl-C
/// able to stop a build, and the library's notes printed (a weaker set in use, a default solver
/// that answers without the tables it would read, each with the build that gives more).
/// Returns how long the preparation took.
pub fn prepare(req: &mut Request) -> Result<std::time::Duration> {
    let started = Instant::now();
    let notes = store().prepare_run(req, None, &reporter(), Some(&cancel_flag())).map_err(cancelled_while_preparing)?;
    for n in notes {
        note!("{n}");
    }
    Ok(started.elapsed())
}

/// [`prepare`] for one of the requests of a run over many boards (`batch`, `compare`), through
/// the run's [`Preparer`](npuzzle::prepare::Preparer): each request settled and prepared as
/// `solve` prepares it alone, the tables shared, each note printed once. A cancelled build is
/// returned as [`npuzzle::Error::Cancelled`]; the caller ends the run.
pub fn prepare_one(preparer: &mut npuzzle::prepare::Preparer, req: &mut Request) -> Result<(), npuzzle::Error> {
    for n in preparer.prepare(store(), req, None, &reporter(), Some(&cancel_flag()))? {
        note!("{n}");
    }
    Ok(())
}

/// [`prepare`] for an analysis of a solve ([`TableStore::prepare_analysis`]): with the slide
/// pattern database where it is cached, so that a 4×4 analysis gives the optimum in slides too.
pub fn prepare_analysis(req: &mut Request) -> Result<()> {
    let notes = store().prepare_analysis(req, None, &reporter(), Some(&cancel_flag())).map_err(cancelled_while_preparing)?;
    for n in notes {
        note!("{n}");
    }
    Ok(())
}

/// A cancelled table build, said to be one (it still exits 4, as every cancel does).
pub fn cancelled_while_preparing(e: npuzzle::Error) -> anyhow::Error {
    match e {
        npuzzle::Error::Cancelled => anyhow::Error::new(e).context("Ctrl-C while the tables were being built; nothing was searched"),
        e => e.into(),
    }
}

/// Runs `pdb`; returns the exit code.
pub fn run(args: Args) -> Result<u8> {
    match args.command {
        Command::Build { size, goal, set, force, max_memory, cost, metric } => {
            let cost = crate::opts::parse_cost(&cost)?;
            if metric == "mtm" {
                if !cost.is_unit() || set.is_some() {
                    return Err(anyhow!(BadInput)
                        .context("pdb build --metric mtm builds the one slide table for the board: it takes no --cost or --set"));
                }
                return build_slides(&size, &goal, force, max_memory.as_deref());
            }
            if cost.is_unit() {
                build(&size, &goal, set.as_deref(), force, max_memory.as_deref())
            } else {
                build_costed(&size, &goal, set.as_deref(), cost)
            }
        }
        Command::List => list(),
        Command::Verify => verify(),
        Command::Clean => clean(),
    }
}

/// `pdb build --cost tile`: the set with step costs for one goal, loaded or built and cached.
fn build_costed(size: &str, goal: &str, set: Option<&str>, cost: npuzzle::CostModel) -> Result<u8> {
    use npuzzle::heuristic::pdb::costed::CostSetSpec;
    let (w, h) = parse_size(size).context(BadInput)?;
    npuzzle::heuristic::pdb::costed::check_size(w, h).context(BadInput)?;
    let goal_board: Board = Goal::resolve(goal, w, h)?;
    let spec = CostSetSpec::for_build(&goal_board, set).context(BadInput)?;
    note!("{}", dir_note());
    let started = Instant::now();
    let heur = store().cost_pdb(&goal_board, cost, &spec, &reporter(), Some(&cancel_flag())).map_err(cancelled_while_preparing)?;
    let entries: usize = heur.pdbs().iter().map(|p| p.table().len()).sum();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "set {} with {cost} costs for {w}x{h}, goal {goal_board} ({}, {entries} entries, {:.1} MB) ready in {:.1} s",
        spec.name,
        npuzzle::words::count(heur.pdbs().len() as u64, "table"),
        entries as f64 * 2.0 / 1e6,
        started.elapsed().as_secs_f64()
    )?;
    for p in heur.pdbs() {
        writeln!(out, "  {}", cache_dir().join(npuzzle::tables::costed::file_name(&goal_board, cost, p.tiles())).display())?;
    }
    Ok(exit::OK)
}

fn build(size: &str, goal: &str, set: Option<&str>, force: bool, max_memory: Option<&str>) -> Result<u8> {
    let (w, h) = parse_size(size).context(BadInput)?;
    HeuristicKind::Pdb.check_size(w, h).context(BadInput)?;
    let goal_board: Board = Goal::resolve(goal, w, h)?;
    let limit = match max_memory {
        Some(m) => Some(crate::opts::parse_bytes(m)?),
        None => npuzzle_host::available_memory(),
    };
    let store = TableStore::new(cache_dir()).build_memory(limit);
    let spec = store.set_for(&goal_board, set, true).context(BadInput)?;
    note!("{}", dir_note());
    let started = Instant::now();
    let on = reporter();
    let cancel = cancel_flag();
    if npuzzle::heuristic::pdb::any_blank(w * h) {
        return build_any_goal(&store, &spec, force, started);
    }
    let missing = spec.patterns.iter().filter(|p| force || !store.has_kind(w, h, spec.blank(), p, spec.regions, spec.one_bit)).count();
    let peak = spec.patterns.iter().map(|p| npuzzle::heuristic::pdb::build_bytes(w, h, p.len(), spec.regions)).max().unwrap_or(0);
    note!(
        "set {} for {w}x{h}: {} ({} to build), {:.2} GB on disk and in memory while solving; a build holds up to {:.2} GB, one table at a time",
        spec.name,
        npuzzle::words::count(spec.patterns.len() as u64, "table"),
        missing,
        spec.bytes() as f64 / 1e9,
        peak as f64 / 1e9
    );
    let heur = if force {
        store.build(&goal_board, &spec, &on, Some(&cancel))
    } else {
        store.load_or_build(&goal_board, &spec, &on, Some(&cancel))
    }?;
    let entries: usize = heur.pdbs().iter().map(|p| p.len()).sum();
    let bytes: usize = heur.pdbs().iter().map(|p| p.table().len()).sum();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "set {} for {w}x{h} ({}, {} entries, {:.1} MB) ready in {:.1} s",
        spec.name,
        npuzzle::words::count(heur.pdbs().len() as u64, "table"),
        entries,
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    )?;
    for p in heur.pdbs() {
        writeln!(out, "  {}", cache_dir().join(p.file_name()).display())?;
    }
    // The fast engine's pruning automaton for the board, cached beside the tables.
    let f = heur.frame();
    let depth = Fsm::default_depth(f.width * f.height);
    let fsm = store.prune(f.width, f.height, depth, &on);
    writeln!(
        out,
        "  {} (pruning automaton, {} states)",
        cache_dir().join(cache::automaton_file_name(f.width, f.height, depth)).display(),
        fsm.states()
    )?;
    out.flush()?;
    Ok(exit::OK)
}

/// `pdb build --metric mtm`: the slide pattern database of the board, loaded and verified, or
/// built and cached.
fn build_slides(size: &str, goal: &str, force: bool, max_memory: Option<&str>) -> Result<u8> {
    use npuzzle::heuristic::slide_pdb;
    let (w, h) = parse_size(size).context(BadInput)?;
    let goal_board: Board = Goal::resolve(goal, w, h)?;
    let Some(layout) = slide_pdb::layout_for(w, h) else {
        return Err(anyhow!(BadInput).context(format!(
            "the slide pattern database is built for 4x4 only (boards of at most 9 cells have the exact table; others the walking distance in slides), not {w}x{h}"
        )));
    };
    if !slide_pdb::serves(w, h, layout, &goal_board) {
        return Err(anyhow!(BadInput)
            .context(format!("the {w}x{h} slide pattern database serves goals with the blank in a corner, not {goal_board}")));
    }
    let limit = match max_memory {
        Some(m) => Some(crate::opts::parse_bytes(m)?),
        None => npuzzle_host::available_memory(),
    };
    let store = TableStore::new(cache_dir()).build_memory(limit).reading(!force);
    note!("{}", dir_note());
    let started = Instant::now();
    let bound = store
        .slide_pdb(&goal_board, true, &reporter(), Some(&cancel_flag()))?
        .ok_or_else(|| anyhow!("the slide pattern database could not be bound to {goal_board}"))?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "slide pattern database for {w}x{h} ({} entries, {:.1} MB, looked up under {} symmetries) ready in {:.1} s",
        bound.pdb().table().len(),
        bound.pdb().table().len() as f64 / 1e6,
        bound.views(),
        started.elapsed().as_secs_f64()
    )?;
    writeln!(out, "  {}", cache_dir().join(cache::slides_file_name(w, h, layout)).display())?;
    out.flush()?;
    Ok(exit::OK)
}

/// Builds (or loads and verifies) every table of a set beyond 25 cells: the partition and each
/// pattern less one cell, which serve every goal of the board.
fn build_any_goal(store: &TableStore, spec: &SetSpec, force: bool, started: Instant) -> Result<u8> {
    let (w, h) = (spec.width, spec.height);
    let patterns = npuzzle::heuristic::pdb::AnyGoalSet::patterns(spec);
    let entries: u64 = patterns.iter().map(|p| npuzzle::heuristic::pdb::entries(w * h, p.len(), false)).sum();
    note!(
        "set {} for {w}x{h}: {} for every goal, {entries} entries, about {:.0} MB on disk; a build holds at most {:.0} MB",
        spec.name,
        npuzzle::words::count(patterns.len() as u64, "table"),
        entries as f64 / 2e6,
        patterns.iter().map(|p| npuzzle::heuristic::pdb::build_bytes(w, h, p.len(), false)).max().unwrap_or(0) as f64 / 1e6
    );
    if force {
        for p in &patterns {
            let path = cache_dir().join(cache::file_name(w, h, npuzzle::heuristic::pdb::ANY_BLANK, p, false));
            if path.exists() {
                std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
            }
        }
    }
    let set = store.any_goal(spec, false, &reporter(), Some(&cancel_flag()))?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "set {} for {w}x{h} ({}, {entries} entries, {:.1} MB) ready in {:.1} s; its tables serve every goal",
        spec.name,
        npuzzle::words::count(patterns.len() as u64, "table"),
        set.bytes() as f64 / 1e6,
        started.elapsed().as_secs_f64()
    )?;
    for p in spec.patterns.iter() {
        writeln!(out, "  {}", cache_dir().join(cache::file_name(w, h, npuzzle::heuristic::pdb::ANY_BLANK, p, false)).display())?;
    }
    writeln!(
        out,
        "  and {} of the patterns less one cell, beside them",
        npuzzle::words::count((patterns.len() - spec.patterns.len()) as u64, "table")
    )?;
    out.flush()?;
    Ok(exit::OK)
}

/// The temporary files in the cache whose writer is no longer running: what a build killed
/// half-way left behind. Files of a running build (or whose writer cannot be told) are kept.
fn stale_temporaries(dir: &std::path::Path) -> Result<Vec<cache::Temporary>> {
    Ok(cache::temporaries(dir)?.into_iter().filter(|t| npuzzle_host::process_alive(t.pid) == Some(false)).collect())
}

/// Says which stale temporary files the cache holds.
fn report_stale(out: &mut impl Write, stale: &[cache::Temporary]) -> std::io::Result<()> {
    for t in stale {
        writeln!(out, "STALE    {}: {:.1} MB left by process {}, which is gone", file_name(&t.path), t.bytes as f64 / 1e6, t.pid)?;
    }
    if !stale.is_empty() {
        note!("`npuzzle pdb clean` removes the files of builds that were killed half-way");
    }
    Ok(())
}

fn list() -> Result<u8> {
    let dir = cache_dir();
    let files = cache::list(&dir)?;
    note!("{}", dir_note());
    let stale = stale_temporaries(&dir)?;
    let mut out = std::io::stdout().lock();
    report_stale(&mut out, &stale)?;
    if files.is_empty() {
        writeln!(out, "no cached pattern databases")?;
        return Ok(exit::OK);
    }
    let mut total = 0;
    for f in &files {
        total += f.bytes;
        if f.automaton {
            writeln!(out, "{:<44} pruning automaton for the fast IDA* engine  {:>8.1} MB", file_name(&f.path), f.bytes as f64 / 1e6)?;
            continue;
        }
        if f.slides {
            writeln!(out, "{:<44} slide pattern database (multi-tile moves)  {:>8.1} MB", file_name(&f.path), f.bytes as f64 / 1e6)?;
            continue;
        }
        match cache::peek(&f.path) {
            Ok(h) => writeln!(
                out,
                "{:<44} {}x{}  pattern {:<24} {:>11} entries  {:>8.1} MB",
                file_name(&f.path),
                h.width,
                h.height,
                npuzzle::words::pattern(&h.pattern),
                h.entries,
                f.bytes as f64 / 1e6
            )?,
            Err(e) => writeln!(out, "{:<44} unreadable header: {e}", file_name(&f.path))?,
        }
    }
    writeln!(out, "{}, {:.1} MB", npuzzle::words::count(files.len() as u64, "file"), total as f64 / 1e6)?;
    out.flush()?;
    Ok(exit::OK)
}

fn file_name(p: &std::path::Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn verify() -> Result<u8> {
    let dir = cache_dir();
    note!("{}", dir_note());
    let files = cache::list(&dir)?;
    let mut out = std::io::stdout().lock();
    report_stale(&mut out, &stale_temporaries(&dir)?)?;
    let mut bad = 0;
    for f in &files {
        // The pruning automata and the slide tables: their own formats, each checked whole.
        let checked = if f.automaton {
            Some(
                cache::load_automaton(&f.path).map_err(|e| e.to_string()).and_then(|(w, h, body)| Fsm::from_bytes(w, h, &body).map(|_| ())),
            )
        } else if f.slides {
            Some(cache::load_slides(&f.path).map_err(|e| e.to_string()).and_then(|(w, h, layout, body)| {
                npuzzle::heuristic::slide_pdb::SlidePdb::from_table(w, h, &layout, body.into_boxed_slice())
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }))
        } else {
            None
        };
        if let Some(checked) = checked {
            match checked {
                Ok(()) => writeln!(out, "ok       {}", file_name(&f.path))?,
                Err(e) => {
                    bad += 1;
                    writeln!(out, "CORRUPT  {}: {e}", file_name(&f.path))?;
                }
            }
            continue;
        }
        match cache::load(&f.path) {
            Ok((h, table)) => {
                let ok = Pdb::from_packed(
                    h.width as usize,
                    h.height as usize,
                    tables::blank_of(&h.goal).unwrap_or(0),
                    &h.pattern,
                    tables::regions_of(&h.goal),
                    h.bits,
                    table,
                );
                match ok {
                    Ok(_) => writeln!(out, "ok       {}", file_name(&f.path))?,
                    Err(e) => {
                        bad += 1;
                        writeln!(out, "CORRUPT  {}: {e}", file_name(&f.path))?;
                    }
                }
            }
            Err(CacheError::Corrupt { reason, .. }) => {
                bad += 1;
                writeln!(out, "CORRUPT  {}: {reason}", file_name(&f.path))?;
            }
            Err(e) => return Err(anyhow!(e)),
        }
    }
    writeln!(out, "{} checked, {bad} corrupt", npuzzle::words::count(files.len() as u64, "file"))?;
    out.flush()?;
    if bad > 0 {
        note!("corrupt tables are rebuilt on next use, or now with `npuzzle pdb build --force`");
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
    let temps = if stale.is_empty() {
        String::new()
    } else {
        format!(" and {} of killed builds", npuzzle::words::count(stale.len() as u64, "temporary file"))
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "removed {}{temps} ({:.1} MB) from {}",
        npuzzle::words::count(files.len() as u64, "file"),
        bytes as f64 / 1e6,
        dir.display()
    )?;
    out.flush()?;
    Ok(exit::OK)
}
