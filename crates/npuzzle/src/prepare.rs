//! Table preparation for a request: the one function every front end (the CLI, the server, the
//! WebAssembly engine, Python) calls to load or build what a run needs, read from the
//! algorithm's own [`Info::needs`](crate::search::Info::needs).

use crate::error::Error;
use crate::heuristic::pdb::SetSpec;
use crate::reduce::ReduceOptions;
use crate::search::{Needs, Request};
use crate::tables::{Progress, TableStore, Tables};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

impl TableStore {
    /// What `req` needs, as its algorithm's [`Info::needs`](crate::search::Info::needs) says:
    /// the tables of the heuristic it uses ([`TableStore::prepare_for`]), the final block's
    /// exact table ([`TableStore::reduce_block`]), or the pattern databases for every goal of
    /// the board's size with the final block's table ([`TableStore::any_goal`]). A board size
    /// the algorithm does not take is refused before anything is built.
    pub fn prepare_request(&self, req: &Request, on: Progress, cancel: Option<&AtomicBool>) -> Result<Tables, Error> {
        let info = req.algorithm.info();
        let (w, h) = (req.goal.width(), req.goal.height());
        (info.check_size)(w, h)?;
        let block = || self.reduce_block(&req.goal, &ReduceOptions::default(), on).map(Arc::new);
        Ok(match info.needs {
            Needs::Heuristic => self.prepare_for(req.effective_heuristic(), &req.goal, req.cost, on, cancel)?,
            Needs::Block => Tables::none().with_block(block()?),
            Needs::AnyGoal => {
                let set = self.any_goal(&SetSpec::strongest(w, h), false, on, cancel)?;
                Tables::none().with_any_goal(Arc::new(set)).with_block(block()?)
            }
        })
    }
}
