//! The optimal solver the benchmark suites time (`npuzzle bench korf100`, `korf24`): IDA* over
//! a set of additive pattern databases, with the automaton that prunes duplicate paths, as the
//! published results run it (Korf & Felner 2002; Döbbelin et al. 2013). The suite prepares its
//! tables once ([`Optimal::prepare`]) and makes one request a board ([`Optimal::request`]).
//!
//! ```
//! use npuzzle::experiment::optimal::Optimal;
//! use npuzzle::tables::TableStore;
//! use npuzzle::{goal::Goal, Board};
//! let store = TableStore::in_memory();
//! let goal = Goal::BlankFirst.board(3, 3).unwrap();
//! let suite = Optimal::prepare(&store, &goal, None, None, &|_| {}, None).unwrap();
//! let start = Board::new(3, 3, vec![1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap();
//! let out = npuzzle::solve(&suite.request(start, goal, false)).unwrap();
//! assert_eq!(out.moves.len(), 1);
//! ```

use crate::board::Board;
use crate::clock::Instant;
use crate::error::Error;
use crate::fast::prune::Fsm;
use crate::heuristic::pdb::SetSpec;
use crate::heuristic::HeuristicKind;
use crate::search::{Algorithm, Request};
use crate::tables::{Progress, TableStore, Tables};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The tables of one suite: the pattern-database set and the pruning automaton, ready to share
/// among its boards.
pub struct Optimal {
    /// The set of pattern databases.
    pub set: SetSpec,
    /// The duplicate-path pruning automaton.
    pub prune: Arc<Fsm>,
    /// How long the automaton took to load or learn (part of the preparation).
    pub prune_time: Duration,
    tables: Tables,
}

impl Optimal {
    /// Loads or builds, in `store`, the set named `set` for `goal`'s board (else the strongest
    /// cached, else the small default: [`TableStore::set_for`]) and the pruning automaton of
    /// `prune_depth` (default [`Fsm::default_depth`], kept in the store's cache like the
    /// tables; another depth is learnt here, for comparisons).
    pub fn prepare(
        store: &TableStore,
        goal: &Board,
        set: Option<&str>,
        prune_depth: Option<u32>,
        on: Progress,
        cancel: Option<&AtomicBool>,
    ) -> Result<Optimal, Error> {
        let (w, h) = (goal.width(), goal.height());
        let set = store.set_for(goal, set, false)?;
        let pdbs = store.load_or_build(goal, &set, on, cancel)?;
        let started = Instant::now();
        let default = Fsm::default_depth(w * h);
        let prune = match prune_depth {
            Some(d) if d != default => Arc::new(Fsm::for_board(w, h, d)),
            _ => store.prune(w, h, default, on),
        };
        let prune_time = started.elapsed();
        let tables = Tables::none().with_pdb(Arc::new(pdbs)).with_prune(prune.clone());
        Ok(Optimal { set, prune, prune_time, tables })
    }

    /// The request that solves `start` to `goal` with the suite's solver and tables; `split`
    /// spreads one board's tree over the threads (the 24-puzzle) rather than solving boards
    /// side by side (the 15-puzzle).
    pub fn request(&self, start: Board, goal: Board, split: bool) -> Request {
        let mut req = Request::new(start, goal).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Pdb).tables(self.tables.clone());
        req.parallel = split;
        req
    }
}
