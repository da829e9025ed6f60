//! Table preparation for a request: the one function every front end (the CLI, the server, the
//! WebAssembly engine, Python) calls to load or build what a run needs, read from the
//! algorithm's own [`Info::needs`](crate::search::Info::needs).

use crate::board::Board;
use crate::cost::CostModel;
use crate::error::Error;
use crate::heuristic::exact::ExactHeuristic;
use crate::heuristic::mtm::SlideWalk;
use crate::heuristic::pdb::costed::CostSetSpec;
use crate::heuristic::pdb::SetSpec;
use crate::heuristic::HeuristicKind;
use crate::metric::{Metric, MtmTable};
use crate::search::reduce::{block_goal, ReduceOptions};
use crate::search::Algorithm;
use crate::search::{Needs, Request};
use crate::tables::{Progress, TableStore, Tables};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

impl TableStore {
    /// The exact table of the final block row-and-column reduction leaves on `goal`'s board
    /// under `opts`, bound to its [`block_goal`]: built on first use (milliseconds for 3×3)
    /// and kept by the store like every exact table.
    pub fn reduce_block(&self, goal: &Board, opts: &ReduceOptions, on: Progress) -> Result<ExactHeuristic, Error> {
        let block = block_goal(goal, opts.max_block_cells.min(crate::heuristic::exact::MAX_CELLS))?;
        self.exact(&block, on)
    }

    /// What `req` needs, as its algorithm's [`Info::needs`](crate::search::Info::needs) says
    /// (the part of [`TableStore::prepare_run`] that reads the algorithm's needs):
    /// the tables of the heuristic it uses ([`TableStore::prepare_for`]), the final block's
    /// exact table ([`TableStore::reduce_block`]), or the pattern databases for every goal of
    /// the board's size with the final block's table ([`TableStore::any_goal`]). A board size
    /// the algorithm does not take is refused before anything is built.
    fn prepare_needs(&self, req: &Request, on: Progress, cancel: Option<&AtomicBool>) -> Result<Tables, Error> {
        let info = req.algorithm.info();
        let (w, h) = (req.goal.width(), req.goal.height());
        (info.check_size)(w, h)?;
        let block = || self.reduce_block(&req.goal, &ReduceOptions::default(), on).map(Arc::new);
        Ok(match info.needs {
            // A user's own estimate reads no table.
            Needs::Heuristic => match req.heuristic_kind() {
                Some(kind) => self.prepare_for(kind, &req.goal, req.cost, on, cancel)?,
                None => Tables::none(),
            },
            Needs::Block => Tables::none().with_block(block()?),
            Needs::AnyGoal => {
                let set = self.any_goal(&SetSpec::strongest(w, h), false, on, cancel)?;
                let tables = Tables::none().with_any_goal(Arc::new(set)).with_block(block()?);
                // The learnt estimate, when asked to rank the boards.
                if info.takes(crate::search::Param::LearntKey) && req.params.learnt_key() {
                    tables.with_learnt(self.learnt(&req.goal, on)?)
                } else {
                    tables
                }
            }
        })
    }
}

impl TableStore {
    /// Prepares what `req` needs before it runs, and says what to tell the user: the one entry
    /// every front end, benchmark and experiment prepares a run through (a run over many boards
    /// through [`Preparer`], which calls it once for each set of tables). A run that a limit stops before it starts reads no
    /// heuristic tables and gets none. `set` is a pattern-database set the caller chose for the
    /// board's size (Python's `tables.build`); else the strongest one cached is used, or the
    /// small default built on the spot with a note naming the build of the stronger one. A
    /// request for the default solver ([`Request::by_default`]) whose tables are not at hand and
    /// take more than seconds to build (the pattern databases for every goal beyond 25 cells)
    /// gets the default that answers at once ([`crate::solve::default_at_once`]), with a note
    /// naming the build that gives shorter answers.
    pub fn prepare_run(
        &self,
        req: &mut Request,
        set: Option<&SetSpec>,
        on: Progress,
        cancel: Option<&AtomicBool>,
    ) -> Result<Vec<String>, Error> {
        let mut notes: Vec<String> = self.settle_default(req).into_iter().collect();
        let (w, h) = (req.goal.width(), req.goal.height());
        let info = req.algorithm.info();
        let kind = req.heuristic_kind();
        if req.metric == Metric::Mtm {
            // The multi-tile estimates read no single-tile table: the exact one is its own.
            req.metric_check()?;
            if req.limits.reached_at_start().is_none() {
                match kind {
                    Some(HeuristicKind::Exact) => req.tables = Tables::none().with_mtm_exact(Arc::new(MtmTable::new(&req.goal)?)),
                    Some(HeuristicKind::Pdb) => {
                        let mut tables = Tables::none().with_mtm_walk(Arc::new(SlideWalk::new(&req.goal)?));
                        match self.slide_pdb(&req.goal, false, on, cancel)? {
                            Some(slides) => tables = tables.with_mtm_slides(slides),
                            None => notes.extend(slide_note(
                                &req.goal,
                                "using the walking distance in slides alone",
                                "optimal answers in slides take far fewer expansions",
                            )),
                        }
                        req.tables = tables;
                    }
                    _ => {}
                }
            }
            return Ok(notes);
        }
        if info.needs != Needs::Heuristic {
            req.tables = self.prepare_needs(req, on, cancel)?;
            return Ok(notes);
        }
        // A user's own estimate reads no table.
        let Some(kind) = kind else { return Ok(notes) };
        if !kind.is_table() || req.limits.reached_at_start().is_some() {
            return Ok(notes);
        }
        (info.check_size)(w, h)?;
        kind.check_size(w, h)?;
        if kind == HeuristicKind::Pdb {
            if req.cost.is_unit() {
                let chosen = self.unit_set(&req.goal, set)?;
                let strongest = SetSpec::strongest(w, h);
                if set.is_none() && chosen.name != strongest.name {
                    notes.push(format!(
                        "note: using the {} pattern databases; `npuzzle pdb build --size {w}x{h}` builds the stronger {} set once (cached, about {})",
                        chosen.name,
                        strongest.name,
                        crate::words::megabytes(strongest.bytes())
                    ));
                }
                req.tables = self.prepare_set(&req.goal, &chosen, on, cancel)?;
                return Ok(notes);
            }
            let chosen = self.choose_cost_set(&req.goal, req.cost)?;
            let strongest = CostSetSpec::strongest(&req.goal);
            if chosen.name != strongest.name {
                notes.push(format!(
                    "note: using the {} pattern databases with {} costs; `npuzzle pdb build --size {w}x{h} --cost {} --goal \"{}\"` \
                     builds the stronger {} set once (cached)",
                    chosen.name, req.cost, req.cost, req.goal, strongest.name
                ));
            }
        }
        req.tables = self.prepare_for(kind, &req.goal, req.cost, on, cancel)?;
        Ok(notes)
    }
}

impl TableStore {
    /// The pattern-database set of single-tile moves that preparing `req`
    /// ([`TableStore::prepare_run`], with `set` as it takes it) reads, once its default is
    /// settled: the strongest for every goal for an algorithm that reads those
    /// ([`Needs::AnyGoal`]), the set chosen for a pattern-database heuristic, and `None` for a
    /// request that reads no such set (another heuristic, tile costs, the multi-tile metric, a
    /// final block's table). A front end reads it to say what a build will take before it
    /// starts, or to refuse a set too large for it.
    pub fn pdb_set_for(&self, req: &Request, set: Option<&SetSpec>) -> Result<Option<SetSpec>, Error> {
        let mut settled = req.clone();
        self.settle_default(&mut settled);
        let (w, h) = (settled.goal.width(), settled.goal.height());
        if settled.metric == Metric::Mtm {
            return Ok(None);
        }
        Ok(match settled.algorithm.info().needs {
            Needs::AnyGoal => Some(SetSpec::strongest(w, h)),
            Needs::Block => None,
            Needs::Heuristic if settled.heuristic_kind() == Some(HeuristicKind::Pdb) && settled.cost.is_unit() => {
                Some(self.unit_set(&settled.goal, set)?)
            }
            Needs::Heuristic => None,
        })
    }

    /// The set a run of `goal` reads: `set` where the caller chose one, else
    /// [`TableStore::choose_set`].
    fn unit_set(&self, goal: &Board, set: Option<&SetSpec>) -> Result<SetSpec, Error> {
        match set {
            Some(s) => Ok(s.clone()),
            None => self.choose_set(goal),
        }
    }
}

impl TableStore {
    /// Prepares what an analysis of a solve reads ([`crate::analysis::analyse`]): the tables of
    /// the optimal solver it runs on every board ([`TableStore::prepare_run`]), and on boards with
    /// a slide layout (4×4, beyond the 12 cells the analysis covers without it) the slide pattern
    /// database where it is cached, with which the analysis finds the optimum in slides too. It is never built here
    /// (a minute); where it would serve the goal and is not cached, a note names its build.
    pub fn prepare_analysis(
        &self,
        req: &mut Request,
        set: Option<&SetSpec>,
        on: Progress,
        cancel: Option<&AtomicBool>,
    ) -> Result<Vec<String>, Error> {
        let mut notes = self.prepare_run(req, set, on, cancel)?;
        // Only boards with a slide layout (4×4) have one; smaller ones need none.
        match self.slide_pdb(&req.goal, false, on, cancel)? {
            Some(slides) => req.tables = req.tables.clone().with_mtm_slides(slides),
            None => notes.extend(slide_note(&req.goal, "no optimum in slides", "the analysis gives the optimum in slides too")),
        }
        Ok(notes)
    }
}

impl TableStore {
    /// Whether the pattern databases for every goal of a `w`×`h` board are at hand: loaded,
    /// cached, or small enough to build on the spot ([`QUICK_BUILD_BYTES`]). Where they are not,
    /// the default solver answers without them ([`TableStore::settle_default`]).
    pub fn any_goal_at_hand(&self, w: usize, h: usize) -> bool {
        let strongest = SetSpec::strongest(w, h);
        strongest.bytes() <= self.quick_build || self.has_any_goal(&strongest)
    }

    /// Settles the default solver of `req` ([`Request::by_default`]) with the tables at hand:
    /// where its pick reads tables that are not cached and take more than seconds to build (the
    /// pattern databases for every goal beyond 25 cells, over [`QUICK_BUILD_BYTES`]), the default that answers at once
    /// ([`crate::solve::default_at_once`]) takes its place, and the note returned says so and
    /// names the build that gives shorter answers. `None`: the request is left as it is.
    pub fn settle_default(&self, req: &mut Request) -> Option<String> {
        if !req.by_default || req.algorithm.info().needs != Needs::AnyGoal {
            return None;
        }
        let (w, h) = (req.goal.width(), req.goal.height());
        if self.any_goal_at_hand(w, h) {
            return None;
        }
        let strongest = SetSpec::strongest(w, h);
        let (algorithm, heuristic) = crate::solve::default_at_once();
        let note = format!(
            "note: answered by {algorithm}, whose tables take milliseconds: the pattern databases that {} reads for {w}×{h} \
             are not cached. `npuzzle pdb build --size {w}x{h}` builds them once ({}; the first builds took 37 s for 6×6 and \
             349 s for 7×7 on two cores); later runs then give shorter answers",
            req.algorithm,
            crate::words::megabytes(strongest.bytes())
        );
        req.algorithm = algorithm;
        req.heuristic = heuristic.into();
        Some(note)
    }
}

/// The preparation of the requests of one run over many boards (`npuzzle batch`, `compare`,
/// the bench suites, Python's `solve_many`): each request is settled and prepared exactly as
/// [`TableStore::prepare_run`] settles and prepares it alone, and the requests that read the
/// same tables share them, prepared once.
///
/// The tables are shared by what the *settled* request reads (its goal, algorithm, heuristic,
/// metric, cost model and learnt key, and whether a limit stops it before it starts), so a
/// request can never take the tables of another whose default was settled otherwise: on a cold
/// cache every 6×6 board of a batch goes to the solver that answers at once, as `solve` sends
/// it, not only the first. Each note is returned once, by the first request that gives it.
/// One `Preparer` serves one store (and one chosen set per board size).
#[derive(Default)]
pub struct Preparer {
    done: HashMap<PreparedKey, Result<Tables, Error>>,
    said: HashSet<String>,
}

/// What decides the tables [`TableStore::prepare_run`] gives a request once its default is
/// settled.
#[derive(Clone, PartialEq, Eq, Hash)]
struct PreparedKey {
    goal: Board,
    algorithm: Algorithm,
    heuristic: crate::heuristic::Estimator,
    metric: Metric,
    cost: CostModel,
    learnt_key: bool,
    stopped_at_start: bool,
    set: Option<String>,
}

impl Preparer {
    /// A preparer that has prepared nothing yet.
    pub fn new() -> Preparer {
        Preparer::default()
    }

    /// Settles and prepares `req` as [`TableStore::prepare_run`] does (with `set` as it takes
    /// it), from `store` or from the tables an earlier request of this run was given for the
    /// same settled needs. Returns the notes not returned before by this preparer. An error is
    /// kept for the requests that share its needs, except a cancel, which the caller ends the
    /// run with.
    pub fn prepare(
        &mut self,
        store: &TableStore,
        req: &mut Request,
        set: Option<&SetSpec>,
        on: Progress,
        cancel: Option<&AtomicBool>,
    ) -> Result<Vec<String>, Error> {
        // Settled first: the tables are looked up by the settled request's needs.
        let mut notes: Vec<String> = store.settle_default(req).into_iter().collect();
        let key = PreparedKey {
            goal: req.goal.clone(),
            algorithm: req.algorithm,
            heuristic: req.effective_heuristic(),
            metric: req.metric,
            cost: req.cost,
            learnt_key: req.params.learnt_key(),
            stopped_at_start: req.limits.reached_at_start().is_some(),
            set: set.map(|s| s.name.clone()),
        };
        match self.done.get(&key) {
            Some(Ok(tables)) => req.tables = tables.clone(),
            Some(Err(e)) => return Err(e.clone()),
            None => match store.prepare_run(req, set, on, cancel) {
                Ok(more) => {
                    notes.extend(more);
                    self.done.insert(key, Ok(req.tables.clone()));
                }
                Err(Error::Cancelled) => return Err(Error::Cancelled),
                Err(e) => {
                    self.done.insert(key, Err(e.clone()));
                    return Err(e);
                }
            },
        }
        notes.retain(|n| self.said.insert(n.clone()));
        Ok(notes)
    }
}

pub use crate::tables::QUICK_BUILD_BYTES;

/// The note for a board whose slide pattern database would serve the goal but is not at hand:
/// `what` it means for the run, the build that gives it, and what it `gives`.
fn slide_note(goal: &Board, what: &str, gives: &str) -> Option<String> {
    let (w, h) = (goal.width(), goal.height());
    let layout = crate::heuristic::slide_pdb::layout_for(w, h)?;
    if !crate::heuristic::slide_pdb::serves(w, h, layout, goal) {
        return None;
    }
    let bytes = crate::heuristic::slide_pdb::entries(w, h, layout).ok()?;
    Some(format!(
        "note: {what}; `npuzzle pdb build --size {w}x{h} --metric mtm` builds the slide pattern database once (cached, {}, 26 s on two cores), with which {gives}",
        crate::words::megabytes(bytes)
    ))
}
