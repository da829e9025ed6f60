//! A pattern set bound to one goal: the additive heuristic with the mirror lookup.

use super::{Frame, Pdb, MAX_BOARD};
use crate::board::{Board, Tile};
use crate::error::Error;
use std::fmt;
use std::sync::Arc;

/// A pattern set bound to one goal: the additive heuristic, with the mirror lookup.
///
/// The mirror lookup reads the tables for the goal mirrored about the main diagonal. With the
/// framed tables of small boards that goal is the goal itself (the mirror applies only when its
/// blank is on the diagonal), so both lookups read the same tables. Tables that serve any goal
/// blank (boards beyond [`super::FRAMED_CELLS`] cells) have a pattern for every cell, the goal
/// blank's cell taken out of its pattern; the mirrored goal's blank is in the mirrored cell, so
/// the mirror lookup reads its own list of tables.
pub struct PdbHeuristic {
    goal: Board,
    frame: Frame,
    name: String,
    pdbs: Vec<Arc<Pdb>>,
    /// The mirrored goal's tables (the same as `pdbs` for framed tables; empty without mirror).
    mirror: Vec<Arc<Pdb>>,
    /// `transpose[c]`: cell `c` mirrored about the main diagonal (identity when not mirroring).
    transpose: Vec<u8>,
    /// The partitions, as indices into `pdbs` (and into `mirror`, which lists the same tables
    /// for framed sets): the estimate is the largest of their sums, direct and mirrored. One
    /// partition of every table unless bound with [`PdbHeuristic::catalogue`].
    partitions: Vec<Vec<usize>>,
}

impl fmt::Debug for PdbHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PdbHeuristic").field("set", &self.name).field("frame", &self.frame).finish()
    }
}

/// Checks that `pdbs` fit a goal whose frame is `frame` and whose blank is in canonical cell
/// `blank`: built for the frame's board (and goal blank), patterns disjoint and off the blank.
fn check_fit(goal: &Board, frame: &Frame, blank: u8, pdbs: &[Arc<Pdb>]) -> Result<(), Error> {
    let mut used = 1u64 << blank;
    for p in pdbs {
        let any = p.blank() == super::ANY_BLANK;
        let fits = p.width() == frame.width && p.height() == frame.height && (any || p.blank() == frame.blank);
        let cells = p.cells().iter().fold(0u64, |m, &c| m | 1 << c);
        if !fits || used & cells != 0 {
            return Err(Error::Invalid(format!(
                "table {} does not fit the goal {goal}: tables must be built for its frame and hold disjoint patterns",
                p.file_name()
            )));
        }
        used |= cells;
    }
    Ok(())
}

impl PdbHeuristic {
    /// Binds loaded tables (a set named `name`, adjusted for the goal's blank) to `goal`. The
    /// tables must be built for the goal's canonical frame (size and blank cell) and hold
    /// disjoint patterns, or the sum would not be admissible. On a square board of tables for
    /// any goal blank the mirror lookup needs [`PdbHeuristic::with_mirror`]; without it there is
    /// none.
    pub fn new(goal: &Board, name: &str, pdbs: Vec<Arc<Pdb>>) -> Result<PdbHeuristic, Error> {
        let frame = Frame::new(goal);
        let framed = !super::any_blank(goal.len());
        let mirror = if framed && frame.reflect { pdbs.clone() } else { Vec::new() };
        PdbHeuristic::with_mirror(goal, name, pdbs, mirror)
    }

    /// [`PdbHeuristic::new`] with the tables the mirror lookup reads: the set adjusted for the
    /// mirrored goal's blank (empty: no mirror lookup).
    pub fn with_mirror(goal: &Board, name: &str, pdbs: Vec<Arc<Pdb>>, mirror: Vec<Arc<Pdb>>) -> Result<PdbHeuristic, Error> {
        let frame = Frame::new(goal);
        check_fit(goal, &frame, frame.blank, &pdbs)?;
        let w = frame.width;
        let mirrored = |c: usize| ((c % w) * w + c / w) as u8;
        if !mirror.is_empty() {
            if !frame.reflect {
                return Err(Error::Invalid(format!("the goal {goal} has no mirror lookup: its board is not square")));
            }
            check_fit(goal, &frame, mirrored(frame.blank as usize), &mirror)?;
        }
        let transpose = (0..goal.len()).map(|c| if mirror.is_empty() { c as u8 } else { mirrored(c) }).collect();
        let partitions = vec![(0..pdbs.len()).collect()];
        Ok(PdbHeuristic { goal: goal.clone(), frame, name: name.to_string(), pdbs, mirror, transpose, partitions })
    }

    /// Binds a catalogue of tables to `goal` (a board of up to [`super::FRAMED_CELLS`] cells):
    /// `partitions` lists, for each partition, the indices of its tables in `pdbs`; each
    /// partition's tables must be disjoint and off the goal's blank, so each sum is admissible,
    /// and the estimate is the largest sum. On a square board whose goal blank is on the
    /// diagonal every partition is also summed in the mirrored position, from the same tables.
    pub fn catalogue(goal: &Board, name: &str, pdbs: Vec<Arc<Pdb>>, partitions: Vec<Vec<usize>>) -> Result<PdbHeuristic, Error> {
        if super::any_blank(goal.len()) {
            return Err(Error::Invalid(format!("a catalogue of partitions needs a board of up to {} cells", super::FRAMED_CELLS)));
        }
        if partitions.is_empty() || partitions.iter().flatten().any(|&i| i >= pdbs.len()) {
            return Err(Error::Invalid(format!("catalogue {name}: partitions must list tables it has")));
        }
        let frame = Frame::new(goal);
        for part in &partitions {
            let tables: Vec<Arc<Pdb>> = part.iter().map(|&i| pdbs[i].clone()).collect();
            check_fit(goal, &frame, frame.blank, &tables)?;
        }
        let mirror = if frame.reflect { pdbs.clone() } else { Vec::new() };
        let w = frame.width;
        let transpose = (0..goal.len()).map(|c| if mirror.is_empty() { c as u8 } else { ((c % w) * w + c / w) as u8 }).collect();
        Ok(PdbHeuristic { goal: goal.clone(), frame, name: name.to_string(), pdbs, mirror, transpose, partitions })
    }

    /// The same tables without the mirror lookup (for measuring what it adds).
    pub fn without_mirror(mut self) -> PdbHeuristic {
        self.mirror.clear();
        self.transpose = (0..self.goal.len() as u8).collect();
        self.frame.reflect = false;
        self
    }

    /// The partitions as indices into [`PdbHeuristic::pdbs`] (for framed sets also into
    /// [`PdbHeuristic::mirror_pdbs`], the same tables).
    pub fn partitions(&self) -> &[Vec<usize>] {
        &self.partitions
    }

    /// The goal the tables are bound to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The goal's canonical frame.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// The set's name, e.g. `7-8`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the fast IDA* engine can search with these tables: patterns that cover every
    /// tile (as every named set does), on a board of up to [`super::FRAMED_CELLS`] cells.
    pub fn covers_board(&self) -> bool {
        self.goal.len() <= super::FRAMED_CELLS
            && self.partitions.iter().all(|part| part.iter().map(|&i| self.pdbs[i].cells().len()).sum::<usize>() + 1 == self.goal.len())
    }

    /// The tables.
    pub fn pdbs(&self) -> &[Arc<Pdb>] {
        &self.pdbs
    }

    /// The tables the mirror lookup reads (empty when there is none).
    pub fn mirror_pdbs(&self) -> &[Arc<Pdb>] {
        &self.mirror
    }

    /// The mirror map on canonical cells (identity when the mirror lookup does not apply).
    pub fn transpose(&self) -> &[u8] {
        &self.transpose
    }

    /// The estimate for canonical positions (`pos[label]` = canonical cell): the larger of the
    /// sum over the tables and the sum over the mirror tables in the mirrored position.
    /// With a catalogue, the largest of its partitions' sums, each direct and mirrored.
    #[inline]
    pub fn estimate_canonical(&self, pos: &[u8]) -> u32 {
        if self.partitions.len() > 1 {
            return self.estimate_catalogue(pos);
        }
        let direct: u32 = self.pdbs.iter().map(|p| p.value(pos) as u32).sum();
        if self.mirror.is_empty() {
            return direct;
        }
        let t = &self.transpose;
        let blank = t[pos[t[self.frame.blank as usize] as usize] as usize];
        let mirrored: u32 =
            self.mirror.iter().map(|p| p.lookup(|i| t[pos[t[p.cells()[i] as usize] as usize] as usize], blank) as u32).sum();
        direct.max(mirrored)
    }

    fn estimate_catalogue(&self, pos: &[u8]) -> u32 {
        let direct: Vec<u32> = self.pdbs.iter().map(|p| p.value(pos) as u32).collect();
        let mut best = self.partitions.iter().map(|part| part.iter().map(|&i| direct[i]).sum::<u32>()).max().unwrap_or(0);
        if !self.mirror.is_empty() {
            let t = &self.transpose;
            let blank = t[pos[t[self.frame.blank as usize] as usize] as usize];
            let mirrored: Vec<u32> =
                self.mirror.iter().map(|p| p.lookup(|i| t[pos[t[p.cells()[i] as usize] as usize] as usize], blank) as u32).collect();
            let m = self.partitions.iter().map(|part| part.iter().map(|&i| mirrored[i]).sum::<u32>()).max().unwrap_or(0);
            best = best.max(m);
        }
        best
    }

    /// The estimate for a board in the actual frame, given as its tile per cell.
    pub fn estimate_tiles(&self, tile_at: impl Fn(usize) -> Tile) -> u32 {
        let pos: [u8; MAX_BOARD] = self.frame.positions(tile_at);
        self.estimate_canonical(&pos)
    }
}
