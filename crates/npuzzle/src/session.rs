//! The tables a long-lived caller works with across runs, such as a Python interpreter or a
//! notebook's kernel. It holds one [`TableStore`] per cache directory, made once. It also holds
//! the pattern-database set that a load or build chose for each board size
//! ([`Session::choose`]), which every later run of that size reads when it names no cache
//! directory. The caller holds the value and passes it in; the library keeps nothing
//! process-wide.
//!
//! ```
//! use npuzzle::session::Session;
//! use npuzzle::{goal::Goal, HeuristicKind};
//! // Stores in memory here; a front end names its cache directory.
//! let session = Session::new(None, None);
//! // One store per directory: asked twice, the same store.
//! assert!(std::sync::Arc::ptr_eq(&session.store(None), &session.store(None)));
//! // No set chosen for 4×4 yet: a run reads the default store and chooses its own set.
//! assert!(session.for_run(None, 4, 4).1.is_none());
//! // The exact table is at hand for 3×3 (built in memory); Manhattan distance needs none.
//! let goal = Goal::BlankLast.board(3, 3).unwrap();
//! assert!(session.at_hand(HeuristicKind::Exact, &goal, None).is_some());
//! assert!(session.at_hand(HeuristicKind::Manhattan, &goal, None).is_some());
//! ```

use crate::board::Board;
use crate::heuristic::pdb::SetSpec;
use crate::heuristic::HeuristicKind;
use crate::tables::{TableStore, Tables};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

/// What a session holds.
#[derive(Default)]
struct Held {
    stores: HashMap<Option<PathBuf>, Arc<TableStore>>,
    chosen: HashMap<(usize, usize), (Arc<TableStore>, SetSpec)>,
}

/// A caller's table stores and the pattern-database set chosen for each board size.
pub struct Session {
    default_dir: Option<PathBuf>,
    build_memory: Option<u64>,
    held: Mutex<Held>,
}

impl Session {
    /// A session whose stores cache in `default_dir` unless a run names another directory (in
    /// memory only when `None`), and whose builds may take `build_memory` bytes
    /// ([`TableStore::build_memory`]).
    pub fn new(default_dir: Option<PathBuf>, build_memory: Option<u64>) -> Session {
        Session { default_dir, build_memory, held: Mutex::new(Held::default()) }
    }

    fn held(&self) -> MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The store of cache directory `dir` (the session's default when `None`), made once and
    /// kept, so that every run of the session shares the tables it has loaded.
    pub fn store(&self, dir: Option<PathBuf>) -> Arc<TableStore> {
        let dir = dir.or_else(|| self.default_dir.clone());
        let memory = self.build_memory;
        let make = |dir: Option<PathBuf>| dir.map_or_else(TableStore::in_memory, TableStore::new).build_memory(memory);
        self.held().stores.entry(dir.clone()).or_insert_with(|| Arc::new(make(dir))).clone()
    }

    /// Makes `set`, in `store`, the pattern-database set that every later run of `goal`'s size
    /// reads where it names no cache directory (what a load or build of a set asks for).
    pub fn choose(&self, store: Arc<TableStore>, goal: &Board, set: SetSpec) {
        self.held().chosen.insert((goal.width(), goal.height()), (store, set));
    }

    /// The store a run of a `width`×`height` board reads and the set it must use. With no cache
    /// directory named, this is the chosen set and its store where one was chosen. Otherwise it
    /// is the directory's store and no set, so that preparation chooses one
    /// ([`TableStore::choose_set`]).
    pub fn for_run(&self, dir: Option<PathBuf>, width: usize, height: usize) -> (Arc<TableStore>, Option<SetSpec>) {
        if dir.is_none() {
            if let Some((store, set)) = self.held().chosen.get(&(width, height)).cloned() {
                return (store, Some(set));
            }
        }
        (self.store(dir), None)
    }

    /// The tables `kind` reads for `goal` that are at hand without building a pattern database:
    /// none for a heuristic computed from the board, the exact table up to its size (built in
    /// memory, or read from the cache), and the chosen set's pattern databases. `None` where they
    /// are not at hand (another table heuristic, or no set chosen for the size).
    pub fn at_hand(&self, kind: HeuristicKind, goal: &Board, dir: Option<PathBuf>) -> Option<Tables> {
        let (w, h) = (goal.width(), goal.height());
        match kind {
            HeuristicKind::Exact if kind.check_size(w, h).is_ok() => self.store(dir).prepare(kind, goal, &|_| {}, None).ok(),
            HeuristicKind::Pdb if dir.is_none() => {
                let (store, set) = self.held().chosen.get(&(w, h)).cloned()?;
                store.prepare_set(goal, &set, &|_| {}, None).ok()
            }
            _ if kind.is_table() => None,
            _ => Some(Tables::none()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;

    #[test]
    fn a_chosen_set_is_what_later_runs_of_its_size_read_where_no_directory_is_named() {
        let session = Session::new(None, None);
        let goal = Goal::BlankLast.board(4, 4).unwrap();
        let store = session.store(None);
        let set = SetSpec::strongest(4, 4);
        session.choose(store.clone(), &goal, set.clone());
        let (got, chosen) = session.for_run(None, 4, 4);
        assert!(Arc::ptr_eq(&got, &store));
        assert_eq!(chosen.map(|s| s.name), Some(set.name));
        // Another size, or a directory named, chooses its own.
        assert!(session.for_run(None, 5, 5).1.is_none());
        let elsewhere = std::path::PathBuf::from("elsewhere");
        let (other, none) = session.for_run(Some(elsewhere.clone()), 4, 4);
        assert!(none.is_none() && !Arc::ptr_eq(&other, &store));
        assert!(Arc::ptr_eq(&other, &session.store(Some(elsewhere))), "one store per directory");
        // No set chosen for 3×4: its pattern databases are not at hand, Manhattan distance is.
        let goal34 = Goal::BlankLast.board(3, 4).unwrap();
        assert!(session.at_hand(HeuristicKind::Pdb, &goal34, None).is_none());
        assert!(session.at_hand(HeuristicKind::Manhattan, &goal34, None).is_some());
    }
}
