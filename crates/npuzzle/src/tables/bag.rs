//! The tables one run reads, as a value ([`Tables`]).

use crate::fast::prune::Fsm;
use crate::heuristic::exact::ExactHeuristic;
use crate::heuristic::exact_cost::CostExactHeuristic;
use crate::heuristic::pdb::costed::CostPdbHeuristic;
use crate::heuristic::pdb::{AnyGoalSet, PdbHeuristic};

use std::sync::Arc;

/// The tables one goal's heuristic reads, ready to search with. Cheap to clone (shared).
#[derive(Clone, Debug, Default)]
pub struct Tables {
    pub(super) pdb: Option<Arc<PdbHeuristic>>,
    pub(super) exact: Option<Arc<ExactHeuristic>>,
    pub(super) prune: Option<Arc<Fsm>>,
    pub(super) block: Option<Arc<ExactHeuristic>>,
    /// The tables of a heuristic under step costs ([`super::costed`]).
    cost: Option<CostTables>,
    pub(super) any_goal: Option<Arc<AnyGoalSet>>,
    /// The exact multi-tile distances.
    pub(super) mtm_exact: Option<Arc<crate::metric::MtmTable>>,
    /// The walking distance in slides.
    pub(super) mtm_walk: Option<Arc<crate::heuristic::mtm::SlideWalk>>,
    /// The learnt estimate's network.
    pub(super) learnt: Option<Arc<crate::learnt::Net>>,
    /// The slide pattern database, bound to the goal.
    pub(super) mtm_slides: Option<Arc<crate::heuristic::slide_pdb::SlideBound>>,
}

impl Tables {
    /// No tables: enough for every heuristic computed from the board alone.
    pub fn none() -> Tables {
        Tables::default()
    }

    /// These tables with a pattern-database set.
    pub fn with_pdb(mut self, h: Arc<PdbHeuristic>) -> Tables {
        self.pdb = Some(h);
        self
    }

    /// These tables with an exact distance table.
    pub fn with_exact(mut self, e: Arc<ExactHeuristic>) -> Tables {
        self.exact = Some(e);
        self
    }

    /// These tables with the exact multi-tile distances.
    pub fn with_mtm_exact(mut self, t: Arc<crate::metric::MtmTable>) -> Tables {
        self.mtm_exact = Some(t);
        self
    }

    /// These tables with the walking distance in slides.
    pub fn with_mtm_walk(mut self, t: Arc<crate::heuristic::mtm::SlideWalk>) -> Tables {
        self.mtm_walk = Some(t);
        self
    }

    /// The slide pattern database bound to the goal, if prepared.
    pub fn mtm_slides(&self) -> Option<&Arc<crate::heuristic::slide_pdb::SlideBound>> {
        self.mtm_slides.as_ref()
    }

    /// With the slide pattern database bound to the goal (read in place of the walking distance
    /// in slides by the `pdb` heuristic under the multi-tile metric).
    pub fn with_mtm_slides(mut self, t: Arc<crate::heuristic::slide_pdb::SlideBound>) -> Tables {
        self.mtm_slides = Some(t);
        self
    }

    /// The walking distance in slides, if prepared.
    pub fn mtm_walk(&self) -> Option<&Arc<crate::heuristic::mtm::SlideWalk>> {
        self.mtm_walk.as_ref()
    }

    /// The exact multi-tile distances, if prepared.
    pub fn mtm_exact(&self) -> Option<&Arc<crate::metric::MtmTable>> {
        self.mtm_exact.as_ref()
    }

    /// The pattern-database set, if prepared.
    pub fn pdb(&self) -> Option<&Arc<PdbHeuristic>> {
        self.pdb.as_ref()
    }

    /// The exact table, if prepared.
    pub fn exact(&self) -> Option<&Arc<ExactHeuristic>> {
        self.exact.as_ref()
    }

    /// These tables with a duplicate-path pruning automaton for the fast IDA* engine.
    pub fn with_prune(mut self, fsm: Arc<Fsm>) -> Tables {
        self.prune = Some(fsm);
        self
    }

    /// The pruning automaton, if prepared.
    pub fn prune(&self) -> Option<&Arc<Fsm>> {
        self.prune.as_ref()
    }

    /// These tables with the exact table of the final block row-and-column reduction leaves
    /// (bound to [`crate::search::reduce::block_goal`]).
    pub fn with_block(mut self, e: Arc<ExactHeuristic>) -> Tables {
        self.block = Some(e);
        self
    }

    /// The final block's exact table, if prepared.
    pub fn block(&self) -> Option<&Arc<ExactHeuristic>> {
        self.block.as_ref()
    }

    /// These tables with a pattern-database set for every goal of a board beyond 25 cells
    /// ([`crate::search::pdb_beam`] reads it).
    pub fn with_any_goal(mut self, set: Arc<AnyGoalSet>) -> Tables {
        self.any_goal = Some(set);
        self
    }

    /// With the learnt estimate's network.
    pub fn with_learnt(mut self, net: Arc<crate::learnt::Net>) -> Tables {
        self.learnt = Some(net);
        self
    }

    /// The learnt estimate's network, if prepared.
    pub fn learnt(&self) -> Option<&Arc<crate::learnt::Net>> {
        self.learnt.as_ref()
    }

    /// The pattern-database set for every goal, if prepared.
    pub fn any_goal(&self) -> Option<&Arc<AnyGoalSet>> {
        self.any_goal.as_ref()
    }
}

impl crate::heuristic::TableSource for Tables {
    fn pdb(&self) -> Option<&Arc<PdbHeuristic>> {
        Tables::pdb(self)
    }
    fn exact(&self) -> Option<&Arc<ExactHeuristic>> {
        Tables::exact(self)
    }
    fn cost_pdb(&self) -> Option<&Arc<crate::heuristic::pdb::costed::CostPdbHeuristic>> {
        Tables::cost_pdb(self)
    }
    fn cost_exact(&self) -> Option<&Arc<crate::heuristic::exact_cost::CostExactHeuristic>> {
        Tables::cost_exact(self)
    }
    fn mtm_exact(&self) -> Option<&Arc<crate::metric::MtmTable>> {
        Tables::mtm_exact(self)
    }
    fn mtm_walk(&self) -> Option<&Arc<crate::heuristic::mtm::SlideWalk>> {
        Tables::mtm_walk(self)
    }
    fn mtm_slides(&self) -> Option<&Arc<crate::heuristic::slide_pdb::SlideBound>> {
        Tables::mtm_slides(self)
    }
    fn learnt(&self) -> Option<&Arc<crate::learnt::Net>> {
        Tables::learnt(self)
    }
}

/// A table heuristic's tables under step costs.
#[derive(Clone, Debug)]
enum CostTables {
    Exact(Arc<CostExactHeuristic>),
    Pdb(Arc<CostPdbHeuristic>),
}

impl Tables {
    /// These tables with an exact cost table.
    pub fn with_cost_exact(mut self, e: Arc<CostExactHeuristic>) -> Tables {
        self.cost = Some(CostTables::Exact(e));
        self
    }

    /// These tables with pattern databases built with step costs.
    pub fn with_cost_pdb(mut self, p: Arc<CostPdbHeuristic>) -> Tables {
        self.cost = Some(CostTables::Pdb(p));
        self
    }

    /// The exact cost table, if prepared.
    pub fn cost_exact(&self) -> Option<&Arc<CostExactHeuristic>> {
        match &self.cost {
            Some(CostTables::Exact(e)) => Some(e),
            _ => None,
        }
    }

    /// The pattern databases with step costs, if prepared.
    pub fn cost_pdb(&self) -> Option<&Arc<CostPdbHeuristic>> {
        match &self.cost {
            Some(CostTables::Pdb(p)) => Some(p),
            _ => None,
        }
    }
}
