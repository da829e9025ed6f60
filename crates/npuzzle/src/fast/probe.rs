//! A beam over the catalogue's estimate, run once before IDA*'s big iterations, that looks for
//! an answer as long as the optimum.
//!
//! IDA*'s last iteration searches until it meets the goal, and on a deep 24-puzzle board it can
//! be most of the work. When an answer of length U is already known, every iteration up to
//! U − 2 that ends without meeting the goal proves that no answer is shorter than U: the next
//! bound is the least f past the bound, and once it reaches U the known answer is optimal, with
//! no last iteration at all. When the beam's answer is longer than the optimum, IDA* goes on
//! as if there were none and meets the goal itself.
//!
//! The beam keeps, at each depth, the `width` children of least estimate (ties: least sum of
//! every partition's sums, then a hash of the board), with the pruning automaton's duplicate
//! paths left out and equal boards of a depth kept once. Each child is read in every table
//! holding the moved tile, in both orientations, from its parent's values as IDA* reads them.
//! Layers are expanded in chunks over the current rayon pool and joined in order, so the
//! answer is the same with any number of threads.

use super::catalogue::{Cat, Node, MAX_PER_TILE, NONE};
use super::prune::Fsm;
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use rayon::prelude::*;

/// Parents a rayon task expands.
const CHUNK: usize = 256;

/// What a probe did.
pub(super) struct Probe {
    /// The answer's directions, in the canonical frame, when the beam met the goal.
    pub(super) dirs: Option<Vec<u8>>,
    /// Boards expanded.
    pub(super) expanded: u64,
    /// Children generated.
    pub(super) generated: u64,
}

/// A child's sort key (estimate, sum of every sum, hash), hash and index among the children.
type Key = (u64, u64, u32);

/// A child: where it came from and the board itself.
#[derive(Clone, Copy)]
struct Cand {
    parent: u32,
    dir: u8,
    state: u32,
    node: Node,
}

/// A board's hash: its tiles' cells mixed (FxHash's constant, one multiply a word).
fn hash(n: &Node, cells: usize) -> u64 {
    let mut h = 0u64;
    for chunk in n.pos[..cells].chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    h
}

/// The children of `s` (automaton state `state`) whose estimate is at most `most`, added to
/// `out` with their sort keys in `keys`; returns the children generated. As in IDA*, each child
/// is first read in the partition that gives `s` its estimate, and only those that sum leaves
/// within `most` are read in every table.
#[allow(clippy::too_many_arguments)]
fn children(c: &Cat, s: &Node, state: u32, parent: u32, cells: usize, most: u8, out: &mut Vec<Cand>, keys: &mut Vec<Key>) -> u64 {
    let from = s.blank;
    let lead = c.lead(s, state);
    let (dirs, m) = (lead.dirs, lead.m);
    let mut spots = [[[0u64; MAX_PER_TILE]; 2]; 4];
    let mut mds = [[[0u8; MAX_PER_TILE]; 2]; 4];
    let mut live = [0usize; 4];
    let mut n_live = 0;
    for k in 0..m {
        let (_, to, _, x) = dirs[k];
        if c.lead_sum(s, &lead, k) > most as u32 {
            continue;
        }
        c.locate_all(s, x, to, &mut spots[k], &mut mds[k]);
        live[n_live] = k;
        n_live += 1;
    }
    for &k in &live[..n_live] {
        let (d, to, next, x) = dirs[k];
        let xi = x as usize;
        let mut child = *s;
        let mut best = 0u8;
        let mut all = 0u32;
        for o in 0..1 + c.reflect as usize {
            for j in 0..c.ntabs[o][xi] as usize {
                let i = c.tabs[o][xi][j] as usize;
                child.v[o][i] = c.value(i, spots[k][o][j], mds[k][o][j], s.v[o][i]);
            }
            for p in 0..c.parts {
                let i = c.part_tab[o][xi][p] as usize;
                let sum = (s.s[o][p] as i32 + child.v[o][i] as i32 - s.v[o][i] as i32) as u8;
                child.s[o][p] = sum;
                best = best.max(sum);
                all += sum as u32;
            }
        }
        if best > most {
            continue;
        }
        child.h = best;
        child.board[from as usize] = x;
        child.board[to as usize] = NONE;
        child.pos[xi] = from;
        child.blank = to;
        let hash = hash(&child, cells);
        let key = (best as u64) << 56 | (all as u64) << 32 | hash >> 32;
        keys.push((key, hash, out.len() as u32));
        out.push(Cand { parent, dir: d, state: next, node: child });
    }
    m as u64
}

/// Beams from `root` with `width` boards a depth, for an answer of at most `max_depth` moves: a
/// child whose depth and estimate add up to more is dropped. `stop` is asked after each depth
/// with the children generated so far.
pub(super) fn beam(c: &Cat, root: &Node, cells: usize, width: usize, max_depth: u32, stop: &mut dyn FnMut(u64) -> bool) -> Probe {
    let mut probe = Probe { dirs: None, expanded: 0, generated: 0 };
    if root.h == 0 {
        probe.dirs = Some(Vec::new());
        return probe;
    }
    let mut layer: Vec<(Node, u32)> = vec![(*root, Fsm::START)];
    let mut history: Vec<Vec<(u32, u8)>> = Vec::new();
    let mut cands: Vec<Cand> = Vec::new();
    let mut keys: Vec<Key> = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    for depth in 1..=max_depth {
        let most = (max_depth - depth).min(u8::MAX as u32) as u8;
        probe.expanded += layer.len() as u64;
        cands.clear();
        keys.clear();
        let parts: Vec<(Vec<Cand>, Vec<Key>, u64)> = layer
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(ci, chunk)| {
                let mut out = Vec::with_capacity(chunk.len() * 3);
                let mut ks = Vec::with_capacity(chunk.len() * 3);
                let mut made = 0;
                for (k, (s, state)) in chunk.iter().enumerate() {
                    made += children(c, s, *state, (ci * CHUNK + k) as u32, cells, most, &mut out, &mut ks);
                }
                (out, ks, made)
            })
            .collect();
        for (out, ks, made) in parts {
            let base = cands.len() as u32;
            keys.extend(ks.into_iter().map(|(k, h, i)| (k, h, i + base)));
            cands.extend(out);
            probe.generated += made;
        }
        if let Some(g) = cands.iter().find(|k| k.node.h == 0) {
            let mut dirs = vec![g.dir];
            let mut i = g.parent as usize;
            for h in history.iter().rev() {
                dirs.push(h[i].1);
                i = h[i].0 as usize;
            }
            dirs.reverse();
            probe.dirs = Some(dirs);
            return probe;
        }
        if cands.is_empty() || stop(probe.generated) {
            return probe;
        }
        // The least keys, in no particular order (but always the same one); a board met twice
        // at this depth is kept once.
        if keys.len() > width {
            keys.select_nth_unstable(width);
            keys.truncate(width);
        }
        seen.clear();
        keys.retain(|k| seen.insert(k.1));
        // Kept in their parents' order: boards near each other in the layer are then alike, and
        // so are their table entries, which the caches then hold.
        keys.sort_unstable_by_key(|k| k.2);
        history.push(keys.iter().map(|k| (cands[k.2 as usize].parent, cands[k.2 as usize].dir)).collect());
        layer.clear();
        layer.extend(keys.iter().map(|k| (cands[k.2 as usize].node, cands[k.2 as usize].state)));
    }
    probe
}
