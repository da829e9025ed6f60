//! A pattern set that serves every goal of its board: beyond [`super::FRAMED_CELLS`] cells a
//! set's patterns partition every cell, and each table holds the distances of its tiles with the
//! goal blank anywhere. A goal with its blank in cell `b` needs the patterns' tables with `b`
//! taken out of its pattern ([`SetSpec::for_blank`]), and its mirror lookup the same for the
//! mirrored cell; so the whole partition and every pattern less one of its cells serve every
//! goal. The less-one tables are small (a five-tile pattern on 36 cells has 45 M entries, a
//! four-tile one 1.4 M).
//!
//! Searches that aim at several goals on one board (the beam of [`crate::search::reduce_plus::improve`] searches
//! from both ends and in the board's symmetric frames) bind the set to each goal with
//! [`AnyGoalSet::bind`].

use super::{Pdb, PdbHeuristic, SetSpec};
use crate::board::Board;
use crate::error::Error;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// A set's tables for every goal of its board (see the [module documentation](self)).
#[derive(Clone)]
pub struct AnyGoalSet {
    spec: SetSpec,
    tables: HashMap<Vec<u8>, Arc<Pdb>>,
}

impl fmt::Debug for AnyGoalSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyGoalSet").field("set", &self.spec.name).field("tables", &self.tables.len()).finish()
    }
}

impl AnyGoalSet {
    /// Every pattern whose table the set needs for every goal: the partition's, then each
    /// pattern of more than one cell less one of its cells.
    pub fn patterns(spec: &SetSpec) -> Vec<Vec<u8>> {
        let mut all: Vec<Vec<u8>> = spec.patterns.clone();
        for p in &spec.patterns {
            if p.len() > 1 {
                for c in p {
                    all.push(p.iter().copied().filter(|x| x != c).collect());
                }
            }
        }
        all
    }

    /// The set `spec` (on a board beyond 25 cells) with its tables, one for each of
    /// [`AnyGoalSet::patterns`] in that order.
    pub fn new(spec: SetSpec, tables: Vec<Arc<Pdb>>) -> Result<AnyGoalSet, Error> {
        let n = spec.width * spec.height;
        if !super::any_blank(n) {
            return Err(Error::Invalid(format!("set {} is framed: its tables serve goals with the blank in a corner only", spec.name)));
        }
        let patterns = AnyGoalSet::patterns(&spec);
        if tables.len() != patterns.len() {
            return Err(Error::Invalid(format!("set {} needs {} tables, not {}", spec.name, patterns.len(), tables.len())));
        }
        let mut map = HashMap::new();
        for (p, t) in patterns.into_iter().zip(tables) {
            if t.cells() != p.as_slice() || t.width() != spec.width || t.height() != spec.height || t.blank() != super::ANY_BLANK {
                return Err(Error::Invalid(format!("table {} is not the one set {} needs for pattern {p:?}", t.file_name(), spec.name)));
            }
            map.insert(p, t);
        }
        Ok(AnyGoalSet { spec, tables: map })
    }

    /// The set.
    pub fn spec(&self) -> &SetSpec {
        &self.spec
    }

    /// Bytes the tables take.
    pub fn bytes(&self) -> u64 {
        self.tables.values().map(|t| t.table().len() as u64).sum()
    }

    /// The heuristic toward `goal` (a board of the set's size, any goal): the set adjusted for
    /// its blank, and on a square board the mirror lookup with the set adjusted for the mirrored
    /// blank.
    pub fn bind(&self, goal: &Board) -> Result<PdbHeuristic, Error> {
        let (w, h) = (self.spec.width, self.spec.height);
        if goal.width() != w || goal.height() != h {
            return Err(Error::Invalid(format!("set {} is for {w}×{h}, the goal is {}×{}", self.spec.name, goal.width(), goal.height())));
        }
        let pick = |s: &SetSpec| -> Vec<Arc<Pdb>> { s.patterns.iter().filter_map(|p| self.tables.get(p).cloned()).collect() };
        let b = goal.blank();
        let direct = pick(&self.spec.for_blank(b as u8));
        if w == h {
            let mirrored = ((b % w) * w + b / w) as u8;
            PdbHeuristic::with_mirror(goal, &self.spec.name, direct, pick(&self.spec.for_blank(mirrored)))
        } else {
            PdbHeuristic::new(goal, &self.spec.name, direct)
        }
    }
}
