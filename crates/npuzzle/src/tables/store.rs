//! The store: it loads, builds and keeps tables, and reads and writes their cache files.

use super::bag::Tables;
use super::cache::{self, goal_text, goal_text_1bit, CacheError};
use super::events::{Progress, TableEvent};
use crate::board::{Board, Tile};
use crate::clock::Instant;
use crate::cost::CostModel;
use crate::error::Error;
use crate::fast::prune::Fsm;
use crate::heuristic::exact::{ExactHeuristic, ExactTable};
use crate::heuristic::exact_cost::CostExactTable;
use crate::heuristic::pdb::costed::CostPdb;
use crate::heuristic::pdb::{self, AnyGoalSet, Frame, Pdb, PdbHeuristic, SetSpec};
use crate::heuristic::slide_pdb::{self, SlideBound, SlidePdb};
use crate::heuristic::HeuristicKind;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// A slide pattern database's identity: width, height, layout.
pub(super) type SlideKey = (usize, usize, Vec<u8>);

/// A loaded pattern database's identity: canonical frame size, goal blank cell, pattern, a value
/// per blank region, one bit an entry.
pub(super) type PdbKey = (u8, u8, u8, Vec<u8>, bool, bool);

/// The cache file name of a table of the given kind.
pub(super) fn table_file_name(width: usize, height: usize, blank: u8, pattern: &[u8], regions: bool, one_bit: bool) -> String {
    if one_bit {
        cache::file_name_1bit(width, height, blank, pattern)
    } else {
        cache::file_name(width, height, blank, pattern, regions)
    }
}

/// The goal text of a table of the given kind.
pub(super) fn table_goal_text(width: usize, height: usize, blank: u8, regions: bool, one_bit: bool) -> String {
    if one_bit {
        goal_text_1bit(width, height, blank)
    } else {
        goal_text(width, height, blank, regions)
    }
}

/// The largest set of pattern databases for every goal that the default solver builds on the
/// spot: sets of a few megabytes build in seconds (row-major groups of three or four tiles);
/// the 6×6 and 7×7 sets (183 and 528 MB) take 37 s and 349 s on two cores (docs/any-size.md).
pub const QUICK_BUILD_BYTES: u64 = 32_000_000;

/// An exact table's key: the goal's tiles and the cost model.
type CostExactKey = (Vec<Tile>, CostModel);
/// A pattern database's key: the goal's tiles, the cost model and the pattern's tiles.
type CostPdbKey = (Vec<Tile>, CostModel, Vec<Tile>);

/// The tables with step costs a store keeps ([`super::costed`] prepares them).
#[derive(Debug, Default)]
pub(super) struct CostKept {
    pub(super) exact: Mutex<HashMap<CostExactKey, Arc<CostExactTable>>>,
    pub(super) pdbs: Mutex<HashMap<CostPdbKey, Arc<CostPdb>>>,
}

/// Loads, builds and keeps heuristic tables. See the [module documentation](crate::tables).
#[derive(Debug)]
pub struct TableStore {
    pub(super) dir: Option<PathBuf>,
    pub(super) read: bool,
    pub(super) write: bool,
    pub(super) build_memory: Option<u64>,
    /// The largest set of pattern databases for every goal taken as at hand without a cached
    /// copy, because it builds in seconds ([`TableStore::quick_build_bytes`]).
    pub(crate) quick_build: u64,
    pub(super) pdbs: Mutex<HashMap<PdbKey, Arc<Pdb>>>,
    pub(super) exact: Mutex<HashMap<(usize, usize, usize), Arc<ExactTable>>>,
    pub(super) prunes: Mutex<HashMap<(usize, usize, u32), Arc<Fsm>>>,
    /// The tables with step costs ([`super::costed`]).
    pub(super) costed: CostKept,
    /// The learnt estimate's networks, by width, height and the goal's blank cell.
    pub(super) learnt: Mutex<HashMap<(usize, usize, usize), Arc<crate::learnt::Net>>>,
    /// The slide pattern databases, by width, height and layout.
    pub(super) slides: Mutex<HashMap<SlideKey, Arc<SlidePdb>>>,
    /// One load or build at a time, so two callers never build the same table twice.
    pub(super) busy: Mutex<()>,
}

impl TableStore {
    /// A store that reads tables from the cache directory `dir` and saves the ones it builds
    /// there.
    pub fn new(dir: impl Into<PathBuf>) -> TableStore {
        TableStore::with_dir(Some(dir.into()))
    }

    /// A store with no cache: tables are built in memory and forgotten with the store.
    pub fn in_memory() -> TableStore {
        TableStore::with_dir(None)
    }

    fn with_dir(dir: Option<PathBuf>) -> TableStore {
        let on_disk = dir.is_some();
        TableStore {
            dir,
            read: on_disk,
            write: on_disk,
            build_memory: None,
            quick_build: QUICK_BUILD_BYTES,
            pdbs: Mutex::default(),
            exact: Mutex::default(),
            prunes: Mutex::default(),
            costed: CostKept::default(),
            learnt: Mutex::default(),
            slides: Mutex::default(),
            busy: Mutex::default(),
        }
    }

    /// Whether to read cached tables (`false`: rebuild every table this store prepares).
    pub fn reading(mut self, read: bool) -> TableStore {
        self.read = read && self.dir.is_some();
        self
    }

    /// Whether to save the tables it builds.
    pub fn writing(mut self, write: bool) -> TableStore {
        self.write = write && self.dir.is_some();
        self
    }

    /// The most bytes one table build may hold; a build that would need more is refused with
    /// [`Error::Memory`] before anything is allocated. `None` (the default) sets no limit: front
    /// ends pass the memory the system reports available.
    pub fn build_memory(mut self, limit: Option<u64>) -> TableStore {
        self.build_memory = limit;
        self
    }

    /// The largest set of pattern databases for every goal that the default solver builds on
    /// the spot when it is not cached (default [`QUICK_BUILD_BYTES`]);
    /// a larger one is at hand only when cached ([`TableStore::any_goal_at_hand`]). Tests set it
    /// to 0 to see a small board's run on a cold cache without a big build.
    pub fn quick_build_bytes(mut self, bytes: u64) -> TableStore {
        self.quick_build = bytes;
        self
    }

    /// The cache directory, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// What a heuristic of `kind` needs to search toward `goal`: a pattern-database set (the
    /// strongest one cached, else [`SetSpec::small_default`], loaded or built), an exact table
    /// (built in memory), or nothing.
    pub fn prepare(&self, kind: HeuristicKind, goal: &Board, on: Progress, cancel: Option<&AtomicBool>) -> Result<Tables, Error> {
        kind.check_size(goal.width(), goal.height())?;
        Ok(match kind {
            HeuristicKind::Pdb => {
                let set = self.choose_set(goal)?;
                self.prepare_set(goal, &set, on, cancel)?
            }
            HeuristicKind::Exact => Tables::none().with_exact(Arc::new(self.exact(goal, on)?)),
            HeuristicKind::Learnt => Tables::none().with_learnt(self.learnt(goal, on)?),
            _ => Tables::none(),
        })
    }

    /// Gives the store a network for the learnt estimate (weights a front end read from a file
    /// the user named): it is used before the cache's and the shipped ones for its size and
    /// blank cell.
    pub fn with_learnt(self, net: crate::learnt::Net) -> TableStore {
        self.learnt.lock().expect("learnt lock").insert((net.width(), net.height(), net.blank()), Arc::new(net));
        self
    }

    /// The learnt estimate's network for `goal`: one given to the store
    /// ([`TableStore::with_learnt`]), else the cache directory's file
    /// ([`crate::learnt::file_name`]), verified (a file that fails is reported as
    /// [`TableEvent::Corrupt`] and passed over), else the weights that ship with the library
    /// ([`crate::learnt::builtin`]); none of them is [`Error::Unprepared`].
    pub fn learnt(&self, goal: &Board, on: Progress) -> Result<Arc<crate::learnt::Net>, Error> {
        let (w, h, b) = (goal.width(), goal.height(), goal.blank());
        if !cfg!(feature = "learnt") {
            return Err(Error::Unprepared("this build of npuzzle has no learnt estimate (the library's `learnt` feature)".into()));
        }
        if let Some(net) = self.learnt.lock().expect("learnt lock").get(&(w, h, b)) {
            return Ok(net.clone());
        }
        let mut found = None;
        if let (Some(dir), true) = (&self.dir, self.read) {
            let path = dir.join(crate::learnt::file_name(w, h, b));
            if path.is_file() {
                match std::fs::read(&path)
                    .map_err(|e| Error::Cache(format!("{}: {e}", path.display())))
                    .and_then(|bytes| crate::learnt::Net::parse(&bytes))
                {
                    Ok(net) if net.fits(goal) => {
                        on(&TableEvent::Loaded { pattern: &[], path: &path });
                        found = Some(net);
                    }
                    Ok(_) => on(&TableEvent::Corrupt { path: &path, reason: "its board size or blank cell is not its name's".into() }),
                    Err(e) => on(&TableEvent::Corrupt { path: &path, reason: e.to_string() }),
                }
            }
        }
        if found.is_none() {
            found = match crate::learnt::builtin(w, h) {
                Some(net) => Some(net?).filter(|n| n.fits(goal)),
                None => None,
            };
        }
        let net = Arc::new(found.ok_or_else(|| {
            let sizes = crate::learnt::builtin_sizes().iter().map(|(w, h)| format!("{w}×{h}")).collect::<Vec<_>>().join(", ");
            Error::Unprepared(format!(
                "no learnt weights for {w}×{h} boards with the goal's blank in cell {b}: they ship for {} with the blank last; train others with npuzzle-learn and put them in the table cache as {}",
                if sizes.is_empty() { "no size in this build".to_string() } else { sizes },
                crate::learnt::file_name(w, h, b)
            ))
        })?);
        self.learnt.lock().expect("learnt lock").insert((w, h, b), net.clone());
        Ok(net)
    }

    /// The tables the fast IDA* engine uses with the pattern-database set `set` for `goal`: the
    /// set ([`TableStore::load_or_build`]) and the board's pruning automaton
    /// ([`TableStore::prune`]).
    pub fn prepare_set(&self, goal: &Board, set: &SetSpec, on: Progress, cancel: Option<&AtomicBool>) -> Result<Tables, Error> {
        let h = self.load_or_build(goal, set, on, cancel)?;
        let f = h.frame();
        if pdb::any_blank(f.width * f.height) {
            // The fast IDA* engine and its automaton stop at 25 cells.
            return Ok(Tables::none().with_pdb(Arc::new(h)));
        }
        let fsm = self.prune(f.width, f.height, Fsm::default_depth(f.width * f.height), on);
        Ok(Tables::none().with_pdb(Arc::new(h)).with_prune(fsm))
    }

    /// The exact distance table for `goal` (boards of up to 10 cells), built in memory on first
    /// use and kept by the store. One table serves every goal with the same size and blank cell.
    pub fn exact(&self, goal: &Board, on: Progress) -> Result<ExactHeuristic, Error> {
        HeuristicKind::Exact.check_size(goal.width(), goal.height())?;
        let key = (goal.width(), goal.height(), goal.blank());
        // A table already kept is handed out at once, even while another table is being built.
        if let Some(t) = lock(&self.exact).get(&key).cloned() {
            return ExactHeuristic::new(goal, t);
        }
        let _busy = lock(&self.busy);
        if let Some(t) = lock(&self.exact).get(&key) {
            return ExactHeuristic::new(goal, t.clone());
        }
        let started = Instant::now();
        let entries = ExactTable::entries(goal.width(), goal.height());
        on(&TableEvent::BuildStart { pattern: &[], entries });
        let t = Arc::new(ExactTable::build(key.0, key.1, key.2)?);
        on(&TableEvent::Built { pattern: &[], time: started.elapsed() });
        lock(&self.exact).insert(key, t.clone());
        ExactHeuristic::new(goal, t)
    }

    /// The slide pattern database for `goal`'s board ([`crate::heuristic::slide_pdb`]; 4×4
    /// only, 151 MB), bound to `goal`: kept by the store, else read from the cache directory and
    /// verified, else, when `build` is set or the cached file failed its checks (it is reported
    /// and rebuilt, as every cached table is), built (26 s on two cores) and saved. `None`: the
    /// board has no layout, the goal's blank is in no cell a symmetry takes to the layout's (a
    /// corner, for 4×4), or the table was never built and `build` is not set.
    pub fn slide_pdb(
        &self,
        goal: &Board,
        build: bool,
        on: Progress,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<Arc<SlideBound>>, Error> {
        let (w, h) = (goal.width(), goal.height());
        let Some(layout) = slide_pdb::layout_for(w, h) else { return Ok(None) };
        let bind = |pdb: Arc<SlidePdb>| Ok(SlideBound::new(pdb, goal).map(Arc::new));
        let key = (w, h, layout.to_vec());
        if let Some(p) = lock(&self.slides).get(&key).cloned() {
            return bind(p);
        }
        // A goal the table cannot serve needs no load or build.
        if !slide_pdb::serves(w, h, layout, goal) {
            return Ok(None);
        }
        let _busy = lock(&self.busy);
        if let Some(p) = lock(&self.slides).get(&key).cloned() {
            return bind(p);
        }
        let path = self.dir.as_ref().map(|d| d.join(cache::slides_file_name(w, h, layout)));
        let mut found = None;
        let mut corrupt = false;
        if let (Some(path), true) = (&path, self.read) {
            corrupt = true;
            match cache::load_slides(path) {
                Ok((fw, fh, fl, body)) if (fw, fh, fl.as_slice()) == (w, h, layout) => {
                    match SlidePdb::from_table(w, h, layout, body.into_boxed_slice()) {
                        Ok(p) => {
                            on(&TableEvent::Loaded { pattern: layout, path });
                            found = Some(p);
                        }
                        Err(e) => on(&TableEvent::Corrupt { path, reason: e.to_string() }),
                    }
                }
                Ok(_) => on(&TableEvent::Corrupt { path, reason: "slide table for another board or layout".into() }),
                Err(CacheError::Missing(_)) => corrupt = false,
                Err(e) => on(&TableEvent::Corrupt { path, reason: e.to_string() }),
            }
            corrupt &= found.is_none();
        }
        let pdb = match found {
            Some(p) => p,
            // A table once built and now corrupt is rebuilt, as every cached table is.
            None if !build && !corrupt => return Ok(None),
            None => {
                let entries = slide_pdb::entries(w, h, layout)?;
                self.check_memory(2 * entries, &format!("the {w}×{h} slide table"))?;
                let started = Instant::now();
                on(&TableEvent::BuildStart { pattern: layout, entries });
                let level = |depth: u8, filled: u64| on(&TableEvent::BuildLevel { pattern: layout, depth, filled, entries });
                let p = SlidePdb::build(w, h, layout, &level, cancel)?;
                on(&TableEvent::Built { pattern: layout, time: started.elapsed() });
                if let (Some(path), true) = (&path, self.write) {
                    match cache::save_slides(path, w, h, layout, p.table()) {
                        Ok(()) => on(&TableEvent::Saved { path }),
                        Err(e) => on(&TableEvent::SaveFailed { error: e.to_string() }),
                    }
                }
                p
            }
        };
        let pdb = Arc::new(pdb);
        lock(&self.slides).insert(key, pdb.clone());
        bind(pdb)
    }

    /// The duplicate-path pruning automaton for a `width`×`height` board (at most 25 cells)
    /// and `depth`: kept by the store, else read from the cache directory, else learnt (about
    /// 0.1 s for 4×4 and 0.6 s for 5×5 at depth 14) and saved there. A cached automaton that
    /// fails its checks is reported and learnt again.
    pub fn prune(&self, width: usize, height: usize, depth: u32, on: Progress) -> Arc<Fsm> {
        let key = (width, height, depth);
        if let Some(f) = lock(&self.prunes).get(&key) {
            return f.clone();
        }
        let path = self.dir.as_ref().map(|d| d.join(cache::automaton_file_name(width, height, depth)));
        let mut found = None;
        if let (Some(path), true) = (&path, self.read) {
            match cache::load_automaton(path) {
                Ok((w, h, body)) if (w, h) == (width, height) => match Fsm::from_bytes(w, h, &body) {
                    Ok(f) if f.depth() == depth => found = Some(f),
                    Ok(_) => on(&TableEvent::Corrupt { path, reason: "automaton of another depth".into() }),
                    Err(reason) => on(&TableEvent::Corrupt { path, reason }),
                },
                Ok(_) => on(&TableEvent::Corrupt { path, reason: "automaton for another board".into() }),
                Err(CacheError::Missing(_)) => {}
                Err(e) => on(&TableEvent::Corrupt { path, reason: e.to_string() }),
            }
        }
        let f = match found {
            Some(f) => f,
            None => {
                let f = Fsm::for_board(width, height, depth);
                if let (Some(path), true) = (&path, self.write) {
                    match cache::save_automaton(path, width, height, &f.to_bytes()) {
                        Ok(()) => on(&TableEvent::Saved { path }),
                        Err(e) => on(&TableEvent::SaveFailed { error: e.to_string() }),
                    }
                }
                f
            }
        };
        lock(&self.prunes).entry(key).or_insert(Arc::new(f)).clone()
    }

    /// The set a command means for `goal` by `name`: the set named, else for a `build` the
    /// strongest ([`SetSpec::strongest`]), else the one a run uses ([`TableStore::choose_set`]).
    /// `npuzzle pdb build`, the benchmarks and Python's `tables.load`/`build` read it.
    pub fn set_for(&self, goal: &Board, name: Option<&str>, build: bool) -> Result<SetSpec, Error> {
        let (w, h) = (goal.width(), goal.height());
        HeuristicKind::Pdb.check_size(w, h)?;
        match name {
            Some(name) => SetSpec::named(w, h, name),
            None if build => Ok(SetSpec::strongest(w, h)),
            None => self.choose_set(goal),
        }
    }

    /// The set the default solver uses for `goal`: the strongest one whose tables are all
    /// loaded or cached (for the goal's blank), else [`SetSpec::small_default`].
    pub fn choose_set(&self, goal: &Board) -> Result<SetSpec, Error> {
        let (w, h) = (goal.width(), goal.height());
        HeuristicKind::Pdb.check_size(w, h)?;
        let frame = Frame::new(goal);
        let ready = |s: &SetSpec| {
            let s = s.for_blank(frame.blank);
            s.patterns.iter().all(|p| self.has_kind(frame.width, frame.height, s.table_blank(), p, s.regions, s.one_bit))
        };
        let all = SetSpec::all_for(w, h);
        Ok(all.iter().find(|s| ready(s)).cloned().unwrap_or_else(|| SetSpec::small_default(w, h)))
    }

    /// Whether a table (with a value per blank region when `regions`) is loaded, or cached in
    /// the directory when the store reads it.
    pub fn has(&self, width: usize, height: usize, blank: u8, pattern: &[u8], regions: bool) -> bool {
        self.has_kind(width, height, blank, pattern, regions, false)
    }

    /// [`TableStore::has`] for a table of one bit an entry too (`one_bit`, with `regions`).
    pub fn has_kind(&self, width: usize, height: usize, blank: u8, pattern: &[u8], regions: bool, one_bit: bool) -> bool {
        let key: PdbKey = (width as u8, height as u8, blank, pattern.to_vec(), regions, one_bit);
        lock(&self.pdbs).contains_key(&key)
            || (self.read
                && self.dir.as_ref().is_some_and(|d| d.join(table_file_name(width, height, blank, pattern, regions, one_bit)).is_file()))
    }

    /// Binds the set `spec` to `goal` from tables already loaded or cached; a missing table is
    /// [`Error::Unprepared`] (nothing is built), a corrupt one [`Error::Cache`].
    pub fn load(&self, goal: &Board, spec: &SetSpec, on: Progress) -> Result<PdbHeuristic, Error> {
        self.bind(goal, spec, on, Mode::Load, None)
    }

    /// Builds every table of `spec` for `goal` anew (saving them when the store writes), and
    /// binds them to `goal`.
    pub fn build(&self, goal: &Board, spec: &SetSpec, on: Progress, cancel: Option<&AtomicBool>) -> Result<PdbHeuristic, Error> {
        self.bind(goal, spec, on, Mode::Build, cancel)
    }

    /// Loads the tables of `spec` for `goal` from memory or the cache (a corrupt file is
    /// reported and rebuilt), builds the missing ones, and binds them to `goal`. Before any
    /// work it checks that the largest table still to build fits the memory a build may use.
    pub fn load_or_build(&self, goal: &Board, spec: &SetSpec, on: Progress, cancel: Option<&AtomicBool>) -> Result<PdbHeuristic, Error> {
        self.bind(goal, spec, on, Mode::LoadOrBuild, cancel)
    }

    /// The tables of `spec` (a set on a board beyond 25 cells) for every goal of its board
    /// ([`AnyGoalSet`]): loaded from memory or the cache (a corrupt file is reported and
    /// rebuilt), and, unless `load_only`, the missing ones built (and saved); with `load_only` a
    /// missing table is [`Error::Unprepared`]. Before any build it checks that the largest table
    /// still to build fits the memory a build may use.
    pub fn any_goal(&self, spec: &SetSpec, load_only: bool, on: Progress, cancel: Option<&AtomicBool>) -> Result<AnyGoalSet, Error> {
        let (w, h) = (spec.width, spec.height);
        if !pdb::any_blank(w * h) {
            return Err(Error::Invalid(format!(
                "set {} for {w}×{h} is framed: its tables serve goals with the blank in a corner",
                spec.name
            )));
        }
        let patterns = AnyGoalSet::patterns(spec);
        let mode = if load_only { Mode::Load } else { Mode::LoadOrBuild };
        if !load_only {
            let to_build = patterns.iter().filter(|p| !self.has(w, h, pdb::ANY_BLANK, p, false));
            if let Some(needed) = to_build.map(|p| pdb::build_bytes(w, h, p.len(), false)).max() {
                self.check_memory(needed, &format!("set {} for {w}×{h}", spec.name))?;
            }
        }
        let tables = patterns
            .iter()
            .map(|p| self.table(w, h, pdb::ANY_BLANK, p, (false, false), on, mode, cancel))
            .collect::<Result<Vec<_>, _>>()?;
        AnyGoalSet::new(spec.clone(), tables)
    }

    /// Whether every table of `spec`'s [`AnyGoalSet`] is loaded or cached.
    pub fn has_any_goal(&self, spec: &SetSpec) -> bool {
        pdb::any_blank(spec.width * spec.height)
            && AnyGoalSet::patterns(spec).iter().all(|p| self.has(spec.width, spec.height, pdb::ANY_BLANK, p, false))
    }

    /// Forgets every table the store keeps (heuristics already bound keep theirs), so the next
    /// preparation reads the cache again.
    pub fn unload_all(&self) {
        lock(&self.pdbs).clear();
        lock(&self.exact).clear();
        lock(&self.prunes).clear();
    }

    fn bind(&self, goal: &Board, spec: &SetSpec, on: Progress, mode: Mode, cancel: Option<&AtomicBool>) -> Result<PdbHeuristic, Error> {
        if spec.width != goal.width() || spec.height != goal.height() {
            return Err(Error::Invalid(format!(
                "set {} is for {}×{}, the goal is {}×{}",
                spec.name,
                spec.width,
                spec.height,
                goal.width(),
                goal.height()
            )));
        }
        let frame = Frame::new(goal);
        let (w, h) = (frame.width, frame.height);
        let direct = spec.for_blank(frame.blank);
        // Tables for any goal blank: the mirror lookup reads the set adjusted for the mirrored
        // goal's blank.
        let any = pdb::any_blank(w * h);
        let mirror = (any && frame.reflect).then(|| spec.for_blank(((frame.blank as usize % w) * w + frame.blank as usize / w) as u8));
        let blank = direct.table_blank();
        let mut patterns: Vec<&Vec<u8>> = direct.patterns.iter().collect();
        for p in mirror.iter().flat_map(|m| &m.patterns) {
            if !patterns.contains(&p) {
                patterns.push(p);
            }
        }
        if mode != Mode::Load {
            let to_build = patterns.iter().filter(|p| mode == Mode::Build || !self.has_kind(w, h, blank, p, spec.regions, spec.one_bit));
            if let Some(needed) = to_build.map(|p| pdb::build_bytes(w, h, p.len(), spec.regions)).max() {
                self.check_memory(needed, &format!("set {} for {w}×{h}", spec.name))?;
            }
        }
        let mut loaded: Vec<(Vec<u8>, Arc<Pdb>)> = Vec::new();
        for p in patterns {
            loaded.push((p.clone(), self.table(w, h, blank, p, (spec.regions, spec.one_bit), on, mode, cancel)?));
        }
        let pick = |s: &SetSpec| {
            s.patterns.iter().map(|p| loaded.iter().find(|(q, _)| q == p).map(|(_, t)| t.clone())).collect::<Option<Vec<_>>>()
        };
        let pdbs = pick(&direct).ok_or_else(|| Error::Invalid("a table of the set went missing".into()))?;
        if !spec.partitions.is_empty() {
            return PdbHeuristic::catalogue(goal, &spec.name, pdbs, spec.partition_list());
        }
        match &mirror {
            Some(m) => {
                let mirrored = pick(m).ok_or_else(|| Error::Invalid("a table of the set went missing".into()))?;
                PdbHeuristic::with_mirror(goal, &spec.name, pdbs, mirrored)
            }
            None => PdbHeuristic::new(goal, &spec.name, pdbs),
        }
    }

    /// One table: from memory, else the cache (verified), else built (and saved), as `mode`
    /// allows.
    #[allow(clippy::too_many_arguments)]
    fn table(
        &self,
        width: usize,
        height: usize,
        blank: u8,
        pattern: &[u8],
        (regions, one_bit): (bool, bool),
        on: Progress,
        mode: Mode,
        cancel: Option<&AtomicBool>,
    ) -> Result<Arc<Pdb>, Error> {
        pdb::check_pattern(width, height, pattern)?;
        let key: PdbKey = (width as u8, height as u8, blank, pattern.to_vec(), regions, one_bit);
        let _busy = lock(&self.busy);
        if mode != Mode::Build {
            if let Some(p) = lock(&self.pdbs).get(&key) {
                return Ok(p.clone());
            }
        }
        let path = self.dir.as_ref().map(|d| d.join(table_file_name(width, height, blank, pattern, regions, one_bit)));
        let mut loaded = None;
        if let (Some(path), true, false) = (&path, self.read, mode == Mode::Build) {
            match read_table(path, width, height, blank, pattern, (regions, one_bit)) {
                Ok(p) => {
                    on(&TableEvent::Loaded { pattern, path });
                    loaded = Some(p);
                }
                Err(None) => {}
                Err(Some(reason)) if mode == Mode::Load => return Err(Error::Cache(format!("{}: {reason}", path.display()))),
                Err(Some(reason)) => on(&TableEvent::Corrupt { path, reason }),
            }
        }
        let table = match loaded {
            Some(p) => p,
            None if mode == Mode::Load => {
                return Err(Error::Unprepared(format!(
                    "pattern {pattern:?} for {width}×{height} (goal blank in cell {blank}) is not cached{}: build it first",
                    self.dir.as_ref().map_or(String::new(), |d| format!(" in {}", d.display()))
                )))
            }
            None => {
                self.check_memory(pdb::build_bytes(width, height, pattern.len(), regions), &format!("the table of pattern {pattern:?}"))?;
                let entries = pdb::entries(width * height, pattern.len(), regions);
                let started = Instant::now();
                on(&TableEvent::BuildStart { pattern, entries });
                let level = |depth, filled| on(&TableEvent::BuildLevel { pattern, depth, filled, entries });
                let mut p = if one_bit {
                    Pdb::build_1bit(width, height, blank, pattern, &level, cancel)?
                } else {
                    Pdb::build(width, height, blank, pattern, regions, &level, cancel)?
                };
                on(&TableEvent::Built { pattern, time: started.elapsed() });
                if let (Some(path), true) = (&path, self.write) {
                    match cache::save(
                        path,
                        width as u8,
                        height as u8,
                        pattern,
                        &table_goal_text(width, height, blank, regions, one_bit),
                        p.len() as u64,
                        p.bits(),
                        p.table(),
                    ) {
                        Ok(_) => {
                            on(&TableEvent::Saved { path });
                            // The saved file, mapped, replaces the copy on the heap: a set of
                            // large tables then holds only the page cache's pages, which the
                            // system may reclaim, while the next table is built.
                            if let Ok(mapped) = read_table(path, width, height, blank, pattern, (regions, one_bit)) {
                                p = mapped;
                            }
                        }
                        Err(e) => on(&TableEvent::SaveFailed { error: e.to_string() }),
                    }
                }
                p
            }
        };
        let table = Arc::new(table);
        lock(&self.pdbs).insert(key, table.clone());
        Ok(table)
    }

    /// Refuses a build of `what` that needs `needed` bytes when that is more than a build may
    /// use.
    fn check_memory(&self, needed: u64, what: &str) -> Result<(), Error> {
        match self.build_memory {
            Some(limit) if needed > limit => Err(Error::Memory(format!(
                "building {what} needs about {}, more than the limit ({}) on the memory a build may use; choose a smaller pattern set",
                crate::words::megabytes(needed),
                crate::words::megabytes(limit)
            ))),
            _ => Ok(()),
        }
    }
}

/// How far [`TableStore::bind`] may go to get a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Load,
    Build,
    LoadOrBuild,
}

/// Reads and checks one cached table: `Err(None)` when there is no file, `Err(Some(reason))`
/// when it fails a check.
pub(super) fn read_table(
    path: &Path,
    width: usize,
    height: usize,
    blank: u8,
    pattern: &[u8],
    kind: (bool, bool),
) -> Result<Pdb, Option<String>> {
    let (regions, one_bit) = kind;
    match cache::load(path) {
        Ok((h, table)) => {
            if h.width as usize != width
                || h.height as usize != height
                || h.pattern != pattern
                || h.goal != table_goal_text(width, height, blank, regions, one_bit)
                || one_bit != (h.bits == 1)
            {
                return Err(Some("header names a different board, pattern or kind of table".into()));
            }
            Pdb::from_packed(width, height, blank, pattern, regions, h.bits, table).map_err(|e| Some(e.to_string()))
        }
        Err(CacheError::Missing(_)) => Err(None),
        Err(CacheError::Corrupt { reason, .. }) => Err(Some(reason)),
        Err(e @ CacheError::Io { .. }) => Err(Some(e.to_string())),
    }
}

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;
    use crate::tables::cache::{blank_of, regions_of};

    #[test]
    fn a_kept_exact_table_is_handed_out_while_another_table_is_built() {
        let store = Arc::new(TableStore::in_memory());
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        store.exact(&goal, &|_| {}).unwrap();
        // Hold the build lock, as a long pattern-database build does.
        let busy = lock(&store.busy);
        let (tx, rx) = std::sync::mpsc::channel();
        let s = store.clone();
        std::thread::spawn(move || {
            // Another goal with the blank in the same cell: the same table serves it.
            let other = crate::parse::parse_board("2 1 3 4 5 6 7 8 0").unwrap();
            let _ = tx.send(s.exact(&other, &|_| {}).is_ok());
        });
        // A hang guard, not a timing: the lookup must not wait for the lock at all.
        assert_eq!(rx.recv_timeout(std::time::Duration::from_secs(30)), Ok(true), "the lookup waited for the build lock");
        drop(busy);
    }

    #[test]
    fn the_default_five_by_five_set_is_the_strongest_whose_every_table_is_cached() {
        // Files are only looked for here (loading verifies them), so empty ones stand in for
        // the gigabyte tables.
        let dir = std::env::temp_dir().join(format!("npuzzle-choose-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = TableStore::new(&dir);
        let path = |s: &SetSpec, p: &[u8]| dir.join(table_file_name(5, 5, s.table_blank(), p, s.regions, s.one_bit));
        let put = |name: &str| {
            let s = SetSpec::named(5, 5, name).unwrap();
            for p in &s.patterns {
                std::fs::write(path(&s, p), b"").unwrap();
            }
        };
        let chosen = || {
            let first = store.choose_set(&Goal::BlankFirst.board(5, 5).unwrap()).unwrap().name;
            // The blank-last goal is served by the same files, through the frame.
            assert_eq!(store.choose_set(&Goal::BlankLast.board(5, 5).unwrap()).unwrap().name, first);
            first
        };
        assert_eq!(chosen(), SetSpec::small_default(5, 5).name);
        put("6-6-6-6");
        assert_eq!(chosen(), "6-6-6-6");
        put("6-6-6-6z1");
        assert_eq!(chosen(), "6-6-6-6z1");
        put("6-6-6-6z");
        assert_eq!(chosen(), "6-6-6-6z");
        put("6-6-6-6x7z1");
        assert_eq!(chosen(), "6-6-6-6x7z1");
        // One table of the catalogue missing: the next strongest whose tables are all there.
        let cat = SetSpec::named(5, 5, "6-6-6-6x7z1").unwrap();
        let only = cat.patterns.iter().find(|p| !SetSpec::named(5, 5, "6-6-6-6z1").unwrap().patterns.contains(p)).unwrap();
        std::fs::remove_file(path(&cat, only)).unwrap();
        assert_eq!(chosen(), "6-6-6-6z");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn load_without_a_cache_says_what_is_missing() {
        let store = TableStore::in_memory();
        let goal = Goal::BlankLast.board(3, 2).unwrap();
        let set = SetSpec::small_default(3, 2);
        assert!(matches!(store.load(&goal, &set, &|_| {}), Err(Error::Unprepared(_))));
        let built = store.load_or_build(&goal, &set, &|_| {}, None).unwrap();
        // Now kept by the store, so a plain load finds it.
        let again = store.load(&goal, &set, &|_| {}).unwrap();
        assert_eq!(built.pdbs().len(), again.pdbs().len());
    }

    #[test]
    fn a_build_over_the_memory_limit_is_refused_before_any_work() {
        let store = TableStore::in_memory().build_memory(Some(1000));
        let goal = Goal::BlankFirst.board(4, 4).unwrap();
        let set = SetSpec::named(4, 4, "5-5-5").unwrap();
        let started = std::sync::atomic::AtomicBool::new(false);
        let on = |e: &TableEvent| {
            if matches!(e, TableEvent::BuildStart { .. }) {
                started.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        };
        assert!(matches!(store.load_or_build(&goal, &set, &on, None), Err(Error::Memory(_))));
        assert!(!started.load(std::sync::atomic::Ordering::Relaxed));
    }

    #[test]
    fn exported_tables_are_imported_only_when_they_pass_every_check() {
        let built = TableStore::in_memory();
        let goal = Goal::BlankLast.board(3, 2).unwrap();
        let set = SetSpec::small_default(3, 2);
        let h = built.load_or_build(&goal, &set, &|_| {}, None).unwrap();
        let files = built.export();
        assert_eq!(files.len(), set.patterns.len());
        let start = crate::parse::parse_board("4 1 2/5 0 3").unwrap();
        // A store given the files needs no build, and its tables give the same estimates.
        let fresh = TableStore::in_memory();
        for (name, bytes) in &files {
            fresh.import(name, bytes).unwrap();
        }
        let again = fresh.load(&goal, &set, &|_| {}).unwrap();
        let est = |p: &PdbHeuristic| p.estimate_tiles(|i| start.tiles()[i]);
        assert_eq!(est(&again), est(&h));
        assert!(est(&h) > 0);
        // One flipped bit in a table, a cut file, or a name that does not say what the file
        // holds: refused, and nothing kept.
        let (name, bytes) = &files[0];
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        let refusing = TableStore::in_memory();
        assert!(matches!(refusing.import(name, &flipped), Err(Error::Cache(m)) if m.contains("checksum")));
        assert!(matches!(refusing.import(name, &bytes[..bytes.len() - 1]), Err(Error::Cache(_))));
        assert!(matches!(refusing.import(&files[1].0, bytes), Err(Error::Cache(m)) if m.contains("name")));
        assert!(refusing.export().is_empty());
    }

    #[test]
    fn goal_text_round_trips_the_blank() {
        assert_eq!(blank_of(&goal_text(4, 4, 5, false)), Some(5));
        assert_eq!(blank_of(&goal_text(5, 5, 0, true)), Some(0));
        assert!(regions_of(&goal_text(5, 5, 0, true)) && !regions_of(&goal_text(5, 5, 0, false)));
        assert_eq!(blank_of("nothing"), None);
        assert_eq!(blank_of(&goal_text(6, 6, pdb::ANY_BLANK, false)), Some(pdb::ANY_BLANK));
    }
}
