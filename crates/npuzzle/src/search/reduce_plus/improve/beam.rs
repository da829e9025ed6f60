//! Beam search over the whole board: breadth-first by depth, keeping at each depth only the
//! `width` distinct boards with the lowest Manhattan distance plus linear conflicts.
//!
//! Every board of one depth has the same cost so far, so ranking by the estimate alone is
//! ranking by f = g + h. Ties are broken by the boards' Zobrist hashes, which spreads the kept
//! boards over the ties and keeps the run deterministic. Boards are kept as two bytes a cell (up
//! to 4,096 cells, lines up to 256), with each line's conflicts; a child is described by its
//! parent's index and the move until it is kept, so the discarded ones cost no copy. The
//! estimate is updated per move: the moved tile's Manhattan distance, and the linear conflicts
//! of the two lines it leaves and enters (those before the move read from the parent's record).
//!
//! On large boards a limit of kept boards per blank cell ([`Params::per_cell`]) keeps the beam
//! spread over the board, and the layers before the kept boards' common ancestor are dropped
//! from time to time, so memory does not grow with the depth.

#[cfg(all(not(feature = "parallel"), not(target_arch = "wasm32")))]
use crate::serial as rayon;
use super::{Grid, Stop};
use crate::board::{neighbor, Move};

/// Most cells of a board the staged run hands to the beam search as a whole (up to 16×16).
pub(super) const MAX_CELLS: usize = 256;
/// Most cells of a board beam search takes at all (labels are two bytes; lines at most 256
/// cells long).
pub(super) const MAX_BIG_CELLS: usize = 4096;

/// Entries of the table of boards seen, as a power of two (1 MiB): about thirteen layers of
/// 10,000 boards, enough to see the shortest cycles (twelve moves round a 2×2 square).
const SEEN_BITS: u32 = 17;
/// Bytes of the table of boards seen.
pub(super) const SEEN_BYTES: u64 = 8 << SEEN_BITS;

/// The boards seen, by hash, in a direct-mapped table: a board kept overwrites whichever
/// board had its slot, so the table remembers mostly the recent layers, where a beam that
/// wanders comes back to, at one memory access a lookup.
struct Seen {
    slots: Vec<u64>,
    mask: u64,
}

impl Seen {
    fn new(bits: u32) -> Seen {
        Seen { slots: vec![0; 1 << bits], mask: (1 << bits) - 1 }
    }

    #[inline]
    fn contains(&self, hash: u64) -> bool {
        self.slots[((hash >> 20) & self.mask) as usize] == hash
    }

    #[inline]
    fn insert(&mut self, hash: u64) {
        self.slots[((hash >> 20) & self.mask) as usize] = hash;
    }
}

/// What [`beam`] returns.
pub(super) enum Beamed {
    /// A solution. Every variant counts the boards generated (`nodes`) and expanded.
    Solved { moves: Vec<Move>, nodes: u64, expanded: u64 },
    /// No solution within `max_depth` moves, or the beam stopped improving: the moves to the
    /// board with the lowest estimate it kept, for another method to go on from.
    Failed { nodes: u64, expanded: u64, partial: Vec<Move> },
    /// The stop function asked to stop.
    Stopped { nodes: u64, expanded: u64 },
}

#[derive(Clone, Copy)]
struct Child {
    /// Manhattan distance plus linear conflicts.
    est: u32,
    /// The blank's distance to the nearest misplaced tile.
    near: u16,
    hash: u64,
    parent: u32,
    /// The blank's cell.
    to: u16,
    m: u8,
    /// The lifted tiles of the lines the moved tile leaves and enters (`NO_LINE`: unchanged).
    lines: [u8; 2],
}

impl Child {
    /// The ranking: the estimate plus the blank's distance to the nearest misplaced tile.
    #[inline]
    fn h(&self) -> u32 {
        self.est + self.near as u32
    }

    /// The order of children: by `h`, then hash, parent and move (one comparison).
    #[inline]
    fn key(&self) -> u128 {
        (self.h() as u128) << 96 | (self.hash as u128) << 32 | (self.parent as u128) << 8 | self.m as u128
    }
}

/// In [`Child::lines`], a line whose conflicts did not change.
const NO_LINE: u8 = u8::MAX;

/// Boards of one run in numbered slots reused as boards are dropped: a board's first child kept
/// takes its slot and is made in place. A slot holds the board's labels, then the lifted tiles
/// of each row and each column.
struct Slab {
    labels: Vec<u16>,
    /// Entries a slot.
    n: usize,
    free: Vec<u32>,
}

impl Slab {
    fn board(&self, slot: u32) -> &[u16] {
        let at = slot as usize * self.n;
        &self.labels[at..at + self.n]
    }

    /// A slot holding a copy of the board in `from`.
    fn copy_of(&mut self, from: u32) -> u32 {
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                let s = (self.labels.len() / self.n) as u32;
                self.labels.resize(self.labels.len() + self.n, 0);
                s
            }
        };
        let (src, n) = (from as usize * self.n, self.n);
        self.labels.copy_within(src..src + n, slot as usize * n);
        slot
    }

    /// Makes `c`'s move on the board in `slot`, its parent's copy.
    fn make(&mut self, slot: u32, t: &Tables, b: usize, c: &Child) {
        let at = slot as usize * self.n;
        make(&mut self.labels[at..at + self.n], t, b, c);
    }
}

/// Makes `c`'s move on `rec`, its parent's record (the blank in `b`).
#[inline]
fn make(rec: &mut [u16], t: &Tables, b: usize, c: &Child) {
    let to = c.to as usize;
    rec.swap(b, to);
    for (cell, v) in [(to, c.lines[0]), (b, c.lines[1])] {
        if v != NO_LINE {
            rec[t.line_slot(cell, move_of(c.m))] = v as u16;
        }
    }
}

/// Layers of at least this many boards are shared out over the rayon pool, in chunks of
/// [`CHUNK`]; smaller ones are quicker done on one thread than handed out.
const PARALLEL: usize = 1024;
const CHUNK: usize = 512;

/// Geometry and tables shared by every board of one run.
struct Tables {
    w: usize,
    h: usize,
    /// Zobrist keys, `[cell * cells + label]`.
    zobrist: Vec<u64>,
    /// The goal's blank cell (the blank's label).
    blank_label: u16,
    /// Row and column of each cell (and label), to spare the divisions.
    rc: Vec<(u8, u8)>,
}

impl Tables {
    fn new(w: usize, h: usize, blank_label: usize) -> Tables {
        let n = w * h;
        let mut s = 0x9E37_79B9_7F4A_7C15u64 ^ (n as u64);
        // A table of keys up to 256 cells; beyond, keys are computed (a table would be cells²).
        let zobrist = (0..if n <= MAX_CELLS { n * n } else { 0 })
            .map(|_| {
                // splitmix64
                s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = s;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        let rc = (0..n).map(|c| ((c / w) as u8, (c % w) as u8)).collect();
        Tables { w, h, zobrist, blank_label: blank_label as u16, rc }
    }

    #[inline]
    fn key(&self, cell: usize, label: u16) -> u64 {
        if self.zobrist.is_empty() {
            let mut z = ((cell as u64) << 16 | label as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        } else {
            self.zobrist[cell * self.w * self.h + label as usize]
        }
    }

    /// Where in a slot the lifted tiles of the line through `cell` that move `m` changes are
    /// kept: a horizontal move changes columns, a vertical one rows.
    #[inline]
    fn line_slot(&self, cell: usize, m: Move) -> usize {
        let n = self.w * self.h;
        match m {
            Move::Left | Move::Right => n + self.h + cell % self.w,
            Move::Up | Move::Down => n + cell / self.w,
        }
    }

    /// A slot's record of `lab`: the labels and each line's lifted tiles.
    fn record(&self, lab: &[u16], scratch: &mut Vec<u32>) -> Vec<u16> {
        let mut rec = lab.to_vec();
        rec.extend((0..self.h).map(|r| line_conflicts(self, lab, Line::Row(r), 0, None, scratch) as u16));
        rec.extend((0..self.w).map(|c| line_conflicts(self, lab, Line::Col(c), 0, None, scratch) as u16));
        rec
    }

    #[inline]
    fn dist(&self, cell: usize, label: u16) -> u32 {
        let ((r, c), (lr, lc)) = (self.rc[cell], self.rc[label as usize]);
        (r.abs_diff(lr) + c.abs_diff(lc)) as u32
    }

    /// The distance from `blank` to the nearest tile out of place, on `lab` with tile `l` moved
    /// into `at` (and the blank into `blank`); 0 when none is.
    #[inline]
    fn nearest_misplaced(&self, lab: &[u16], blank: usize, at: usize, l: u16) -> u32 {
        let (w, h) = (self.w as isize, self.h as isize);
        let (br, bc) = ((blank / self.w) as isize, (blank % self.w) as isize);
        let out_of_place = |r: isize, c: isize| -> bool {
            if r < 0 || c < 0 || r >= h || c >= w {
                return false;
            }
            let cell = (r * w + c) as usize;
            let x = if cell == at { l } else { lab[cell] };
            x as usize != cell && x != self.blank_label
        };
        // Rings of growing Manhattan radius around the blank.
        for d in 1..(w + h) {
            for k in 0..d {
                if out_of_place(br - d + k, bc + k)
                    || out_of_place(br + k, bc + d - k)
                    || out_of_place(br + d - k, bc - k)
                    || out_of_place(br - k, bc - d + k)
                {
                    return d as u32 - 1;
                }
            }
        }
        0
    }

    /// The estimate of a whole board.
    fn estimate(&self, lab: &[u16], scratch: &mut Vec<u32>) -> u32 {
        let md: u32 = lab.iter().enumerate().filter(|&(_, &l)| l != self.blank_label).map(|(c, &l)| self.dist(c, l)).sum();
        let rows: u32 = (0..self.h).map(|r| line_conflicts(self, lab, Line::Row(r), 0, None, scratch)).sum();
        let cols: u32 = (0..self.w).map(|c| line_conflicts(self, lab, Line::Col(c), 0, None, scratch)).sum();
        md + 2 * (rows + cols)
    }

    fn hash(&self, lab: &[u16]) -> u64 {
        lab.iter().enumerate().fold(0, |acc, (c, &l)| acc ^ self.key(c, l))
    }
}

/// Entries minus their longest increasing subsequence: how many must be lifted out so the rest
/// are in order.
fn lifted(seq: &[u32]) -> u32 {
    if seq.len() < 2 {
        return 0;
    }
    let mut tails = [0u32; 256];
    let mut len = 0;
    for &x in seq {
        let at = tails[..len].partition_point(|&t| t < x);
        tails[at] = x;
        if at == len {
            len += 1;
        }
    }
    (seq.len() - len) as u32
}

/// How one beam search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Params {
    /// Boards kept per depth.
    pub width: usize,
    /// Most kept boards with the blank in one cell (0: no limit). On a large board the best
    /// boards of a depth are mostly the same few tiles shuffled round the blank, and the beam
    /// soon circles there, every way out looking worse; keeping one board per blank cell keeps
    /// it spread over the board, finding tiles to bring nearer elsewhere.
    pub per_cell: usize,
    /// Most moves.
    pub max_depth: usize,
}

/// Depths between two looks for the kept boards' common ancestor, on boards beyond
/// [`MAX_CELLS`] (whose runs are long).
const PRUNE_EVERY: usize = 1024;

/// Searches `g` → identity with a beam `width` boards wide, for at most `max_depth` moves. The
/// children of a layer are generated on the rayon pool, in chunks of parents; the result does
/// not depend on the number of threads.
pub(super) fn beam(g: &Grid, width: usize, max_depth: usize, stop: Stop<'_>) -> Beamed {
    beam_with(g, &Params { width, per_cell: 0, max_depth }, stop)
}

/// [`beam`] with every setting of [`Params`].
pub(super) fn beam_with(g: &Grid, p: &Params, stop: Stop<'_>) -> Beamed {
    let (w, h) = (g.w, g.h);
    let n = w * h;
    let (width, max_depth) = (p.width, p.max_depth);
    if n > MAX_BIG_CELLS || w.max(h) > 256 || width == 0 {
        return Beamed::Failed { nodes: 0, expanded: 0, partial: Vec::new() };
    }
    let big = n > MAX_CELLS;
    let t = Tables::new(w, h, g.lab[g.blank] as usize);
    let root: Vec<u16> = g.lab.iter().map(|&l| l as u16).collect();
    let root_h = t.estimate(&root, &mut Vec::new());
    if root_h == 0 {
        return Beamed::Solved { moves: Vec::new(), nodes: 0, expanded: 0 };
    }
    // The current layer: boards (`n` labels each), and per board its blank, estimate, hash and
    // the move that made it (`NONE` at the root).
    const NONE: u8 = u8::MAX;
    let root_hash = t.hash(&root);
    let stride = n + w + h;
    let mut slab = Slab { labels: t.record(&root, &mut Vec::new()), n: stride, free: Vec::new() };
    let mut layer: Vec<(u16, u32, u64, u8)> = vec![(g.blank as u16, root_h, root_hash, NONE)];
    // The slot of each board of the layer.
    let mut slots: Vec<u32> = vec![0];
    let mut next_slots: Vec<u32> = Vec::new();
    let mut spare: Vec<u16> = Vec::new();
    let mut taken: Vec<bool> = Vec::new();
    let mut in_place: Vec<(u32, usize, Child)> = Vec::new();
    // Per depth, each kept board's parent index and move. On large boards the layers before
    // the kept boards' common ancestor are dropped now and then: `committed` holds the moves to
    // the first layer kept.
    let mut history: Vec<Vec<(u32, u8)>> = Vec::new();
    let mut committed: Vec<Move> = Vec::new();
    let mut seen = Seen::new(SEEN_BITS);
    seen.insert(layer[0].2);
    let mut children: Vec<Child> = Vec::new();
    let mut per_cell = vec![0u16; if p.per_cell > 0 { n } else { 0 }];
    let (mut nodes, mut expanded) = (0u64, 0u64);
    // A beam whose best estimate has not improved for this many layers is wandering over a
    // plateau: it gives up, and the caller goes on another way.
    let patience = 8 * (w + h);
    let (mut lowest, mut since) = (root_h, 0);
    // Where the board with the lowest estimate so far is: its depth and index (depth 0 is the
    // root). On large boards, the best board of the last layer is handed back instead.
    let mut best_at = (0usize, 0usize);
    let partial = |history: &[Vec<(u32, u8)>], committed: &[Move], best_at: (usize, usize)| {
        let mut moves = committed.to_vec();
        let at = if big { (history.len(), 0) } else { best_at };
        moves.extend(path_to(history, at));
        moves
    };
    for depth in 0..max_depth {
        if stop(nodes) {
            return Beamed::Stopped { nodes, expanded };
        }
        let (seen_ref, slab_ref, slots_ref) = (&seen, &slab, &slots);
        // The answer does not depend on the chunks.
        let chunk_len = if layer.len() < PARALLEL { layer.len() } else { CHUNK };
        let parts: Vec<(Vec<Child>, u64)> = map_chunks(&layer, chunk_len, |k, chunk| {
            let mut scratch = Vec::with_capacity(w.max(h));
            let mut out = Vec::with_capacity(chunk.len() * 3);
            let mut made = 0u64;
            for (j, &(b, est, hash, last)) in chunk.iter().enumerate() {
                let i = k * chunk_len + j;
                let rec = slab_ref.board(slots_ref[i]);
                let lab = &rec[..n];
                let b = b as usize;
                for m in Move::ALL {
                    if last != NONE && m.inverse() as u8 == last {
                        continue;
                    }
                    let Some(to) = neighbor(w, h, b, m) else { continue };
                    made += 1;
                    // The tile `l` slides from `to` into `b`.
                    let l = lab[to];
                    let key = hash ^ t.key(to, l) ^ t.key(b, t.blank_label) ^ t.key(b, l) ^ t.key(to, t.blank_label);
                    if seen_ref.contains(key) {
                        continue;
                    }
                    let (d, lines) = cached_conflict_delta(&t, rec, b, to, l, m, &mut scratch);
                    let est = (est as i64 + t.dist(b, l) as i64 - t.dist(to, l) as i64 + 2 * d) as u32;
                    let near = if est == 0 { 0 } else { t.nearest_misplaced(lab, to, b, l) };
                    out.push(Child { est, near: near as u16, hash: key, parent: i as u32, to: to as u16, m: m as u8, lines });
                }
            }
            (out, made)
        });
        nodes += parts.iter().map(|p| p.1).sum::<u64>();
        expanded += layer.len() as u64;
        children.clear();
        for (part, _) in parts {
            children.extend_from_slice(&part);
        }
        let keep = width.min(children.len());
        if keep == 0 {
            return Beamed::Failed { nodes, expanded, partial: partial(&history, &committed, best_at) };
        }
        // The best `keep`, sorted, duplicates (the same board reached from two parents)
        // removed; with a limit per blank cell, the best of those within it.
        // With a limit per blank cell every child is ranked: the best ones crowd few cells.
        let pool = if p.per_cell > 0 { children.len() } else { keep };
        if children.len() > pool {
            children.select_nth_unstable_by_key(pool, |c| c.key());
            children.truncate(pool);
        }
        children.sort_unstable_by_key(|c| c.key());
        children.dedup_by_key(|c| c.hash);
        if p.per_cell > 0 {
            let mut kept = 0;
            let mut cells = Vec::with_capacity(keep);
            children.retain(|c| {
                if kept == keep {
                    return false;
                }
                let to = c.to as usize;
                if per_cell[to] as usize >= p.per_cell {
                    return false;
                }
                per_cell[to] += 1;
                cells.push(to);
                kept += 1;
                true
            });
            for c in cells {
                per_cell[c] = 0;
            }
        }
        children.truncate(keep);
        if children[0].h() == 0 {
            history.push(vec![(children[0].parent, children[0].m)]);
            let mut moves = committed;
            moves.extend(path_to(&history, (history.len(), 0)));
            return Beamed::Solved { moves, nodes, expanded };
        }
        if children[0].h() < lowest {
            (lowest, since) = (children[0].h(), 0);
            best_at = (history.len() + 1, 0);
        } else {
            since += 1;
            if since > patience {
                return Beamed::Failed { nodes, expanded, partial: partial(&history, &committed, best_at) };
            }
        }
        for c in &children {
            seen.insert(c.hash);
        }
        if children.len() >= PARALLEL {
            // A large layer: every board copied from its parent into a new buffer, on the pool.
            let need = children.len() * stride;
            if spare.len() < need {
                spare.resize(need, 0);
            }
            fill_boards(&mut spare[..need], stride, &children, |dst, c| {
                let p = c.parent as usize;
                dst.copy_from_slice(slab.board(slots[p]));
                make(dst, &t, layer[p].0 as usize, c);
            });
            std::mem::swap(&mut slab.labels, &mut spare);
            slab.free.clear();
            next_slots.clear();
            next_slots.extend(0..children.len() as u32);
        } else {
            // The next layer's boards: a parent's first child kept takes its slot (made in place
            // once every copy of the parent is taken), the others are copies.
            taken.clear();
            taken.resize(layer.len(), false);
            next_slots.clear();
            in_place.clear();
            for c in &children {
                let p = c.parent as usize;
                let b = layer[p].0 as usize;
                if taken[p] {
                    let slot = slab.copy_of(slots[p]);
                    slab.make(slot, &t, b, c);
                    next_slots.push(slot);
                } else {
                    taken[p] = true;
                    in_place.push((slots[p], b, *c));
                    next_slots.push(slots[p]);
                }
            }
            for (slot, b, c) in &in_place {
                slab.make(*slot, &t, *b, c);
            }
            for (p, &t) in taken.iter().enumerate() {
                if !t {
                    slab.free.push(slots[p]);
                }
            }
        }
        std::mem::swap(&mut slots, &mut next_slots);
        layer = children.iter().map(|c| (c.to, c.est, c.hash, c.m)).collect();
        history.push(children.iter().map(|c| (c.parent, c.m)).collect());
        if big && history.len() >= 2 * PRUNE_EVERY && (depth + 1) % PRUNE_EVERY == 0 {
            prune(&mut history, &mut committed);
        }
    }
    Beamed::Failed { nodes, expanded, partial: partial(&history, &committed, best_at) }
}

/// Drops the layers of `history` before the last one where every kept board has one
/// ancestor, appending the moves to that ancestor to `committed`.
fn prune(history: &mut Vec<Vec<(u32, u8)>>, committed: &mut Vec<Move>) {
    let Some(last) = history.last() else { return };
    let mut set: Vec<u32> = (0..last.len() as u32).collect();
    let mut depth = history.len();
    // Walk back until the boards of layer `depth` descend from one board of the layer before.
    while depth > 0 && set.len() > 1 {
        let mut parents: Vec<u32> = set.iter().map(|&i| history[depth - 1][i as usize].0).collect();
        parents.sort_unstable();
        parents.dedup();
        set = parents;
        depth -= 1;
    }
    if set.len() != 1 || depth == 0 {
        return;
    }
    // Layer `depth` has one board that matters, `set[0]`: commit the moves to it.
    committed.extend(path_to(history, (depth, set[0] as usize)));
    history.drain(..depth);
    if let Some(first) = history.first_mut() {
        for e in first.iter_mut() {
            e.0 = 0;
        }
    }
}

/// The moves from the root to board `index` of depth `depth` (`history[d - 1]` holds depth
/// `d`'s parents and moves).
fn path_to(history: &[Vec<(u32, u8)>], (depth, index): (usize, usize)) -> Vec<Move> {
    let mut moves = Vec::with_capacity(depth);
    let mut p = index;
    for step in history[..depth].iter().rev() {
        let (pp, m) = step[p];
        moves.push(move_of(m));
        p = pp as usize;
    }
    moves.reverse();
    moves
}

/// `f(k, chunk)` for each `chunk`-sized piece `k` of `items`, in order: on the rayon pool, or
/// in a loop on WebAssembly (no threads there, and the loop keeps the module small).
fn map_chunks<T: Sync, R: Send>(items: &[T], chunk: usize, f: impl Fn(usize, &[T]) -> R + Sync + Send) -> Vec<R> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        items.par_chunks(chunk).enumerate().map(|(k, c)| f(k, c)).collect()
    }
    #[cfg(target_arch = "wasm32")]
    {
        items.chunks(chunk).enumerate().map(|(k, c)| f(k, c)).collect()
    }
}

/// `f(board, child)` for each `n`-label board of `boards` and its child, as [`map_chunks`].
fn fill_boards(boards: &mut [u16], n: usize, children: &[Child], f: impl Fn(&mut [u16], &Child) + Sync + Send) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        boards.par_chunks_mut(n).zip(children.par_iter()).for_each(|(d, c)| f(d, c));
    }
    #[cfg(target_arch = "wasm32")]
    {
        boards.chunks_mut(n).zip(children).for_each(|(d, c)| f(d, c));
    }
}

/// Manhattan distance plus linear conflicts of `g` (labels below 256).
pub(super) fn estimate(g: &Grid) -> u32 {
    let t = Tables::new(g.w, g.h, g.lab[g.blank] as usize);
    let lab: Vec<u16> = g.lab.iter().map(|&l| l as u16).collect();
    t.estimate(&lab, &mut Vec::new())
}

fn move_of(m: u8) -> Move {
    Move::ALL[m as usize]
}

/// A line of the board: a row or a column.
#[derive(Clone, Copy)]
enum Line {
    Row(usize),
    Col(usize),
}

/// Tiles to lift out of `line` of `lab` so the rest of those whose goal line it is are in order,
/// with `lab` changed first at cell `at` to `put` (`None`: no change; `Some(blank)`: the
/// cell's tile taken out).
fn line_conflicts(t: &Tables, lab: &[u16], line: Line, at: usize, put: Option<u16>, scratch: &mut Vec<u32>) -> u32 {
    let w = t.w;
    let (first, step, len) = match line {
        Line::Row(r) => (r * w, 1, w),
        Line::Col(c) => (c, w, t.h),
    };
    scratch.clear();
    for k in 0..len {
        let cell = first + k * step;
        let l = match put {
            Some(x) if cell == at => x,
            _ => lab[cell],
        };
        if l == t.blank_label {
            continue;
        }
        let (lr, lc) = t.rc[l as usize];
        let (lr, lc) = (lr as usize, lc as usize);
        match line {
            Line::Row(r) if lr == r => scratch.push(lc as u32),
            Line::Col(c) if lc == c => scratch.push(lr as u32),
            _ => {}
        }
    }
    lifted(scratch)
}

/// [`conflict_delta`] on a slot's record `rec`, the lines' lifted tiles before the move read
/// from it; also the lifted tiles after the move of the lines through `to` and `b` that changed
/// (`NO_LINE` for the others).
#[inline]
fn cached_conflict_delta(t: &Tables, rec: &[u16], b: usize, to: usize, l: u16, m: Move, scratch: &mut Vec<u32>) -> (i64, [u8; 2]) {
    let w = t.w;
    let horizontal = matches!(m, Move::Left | Move::Right);
    let line = |cell: usize| if horizontal { Line::Col(cell % w) } else { Line::Row(cell / w) };
    let goal_line = |cell: usize| if horizontal { cell % w } else { cell / w };
    let lab = &rec[..w * t.h];
    let mut d = 0i64;
    let mut lines = [NO_LINE; 2];
    for (k, (cell, put)) in [(to, t.blank_label), (b, l)].into_iter().enumerate() {
        if goal_line(cell) == goal_line(l as usize) {
            let before = rec[t.line_slot(cell, m)] as u32;
            let after = match (before, k) {
                // A tile leaving a line in order leaves it in order.
                (0, 0) => 0,
                // A tile entering a line in order: in order still when it stands between
                // the line's tiles that come before and after it.
                (0, _) => entering_out_of_order(t, lab, cell, l, horizontal),
                _ => line_conflicts(t, lab, line(cell), cell, Some(put), scratch),
            };
            d += after as i64 - before as i64;
            lines[k] = after as u8;
        }
    }
    (d, lines)
}

/// 1 when tile `l`, put in `cell` of a line whose tiles are in order (`cell` held the blank),
/// is out of order with them, else 0. The line is the column through `cell` for a horizontal
/// move (the tile came from another column), else the row.
#[inline]
fn entering_out_of_order(t: &Tables, lab: &[u16], cell: usize, l: u16, horizontal: bool) -> u32 {
    let (w, h) = (t.w, t.h);
    let (r, c) = (cell / w, cell % w);
    // Positions along the line: the row's column, or the column's row.
    let (pos, len, step) = if horizontal { (r, h, w) } else { (c, w, 1) };
    let first = cell - pos * step;
    let goal_pos = |x: u16| -> Option<usize> {
        if x == t.blank_label {
            return None;
        }
        let (xr, xc) = t.rc[x as usize];
        if horizontal {
            (xc as usize == c).then_some(xr as usize)
        } else {
            (xr as usize == r).then_some(xc as usize)
        }
    };
    let mine = if horizontal { t.rc[l as usize].0 as usize } else { t.rc[l as usize].1 as usize };
    let before = (0..pos).rev().find_map(|p| goal_pos(lab[first + p * step]));
    let after = (pos + 1..len).find_map(|p| goal_pos(lab[first + p * step]));
    u32::from(before.is_some_and(|g| g > mine) || after.is_some_and(|g| g < mine))
}

/// Change in lifted tiles when tile `l` slides from `to` to `b` on `lab`: a horizontal move
/// changes the columns it leaves and enters, a vertical one the rows, and only a line that is
/// the tile's goal line changes its conflicts.
#[cfg(test)]
fn conflict_delta(t: &Tables, lab: &[u16], b: usize, to: usize, l: u16, horizontal: bool, scratch: &mut Vec<u32>) -> i64 {
    let w = t.w;
    let line = |cell: usize| if horizontal { Line::Col(cell % w) } else { Line::Row(cell / w) };
    let goal_line = |cell: usize| if horizontal { cell % w } else { cell / w };
    let mut d = 0i64;
    // The line `to` is in loses the tile; the line `b` is in gains it.
    for (cell, put) in [(to, t.blank_label), (b, l)] {
        if goal_line(cell) == goal_line(l as usize) {
            let before = line_conflicts(t, lab, line(cell), cell, None, scratch) as i64;
            let after = line_conflicts(t, lab, line(cell), cell, Some(put), scratch) as i64;
            d += after - before;
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_solvable, Rng};
    use crate::goal::Goal;

    fn grid(w: usize, h: usize, goal: Goal, seed: u64) -> Grid {
        let goal = goal.board(w, h).unwrap();
        Grid::new(&random_solvable(&goal, &mut Rng::new(seed)), &goal)
    }

    fn replayed(g: &Grid, moves: &[Move]) -> Grid {
        let mut g = g.clone();
        for &m in moves {
            assert!(g.apply(m), "a move leaves the board");
        }
        g
    }

    #[test]
    fn the_estimate_is_the_library_s_linear_conflict_heuristic() {
        for (w, h, goal, seed) in
            [(6, 5, Goal::BlankLast, 1), (4, 7, Goal::Snail, 2), (9, 3, Goal::BlankFirst, 3), (8, 8, Goal::BlankLast, 4)]
        {
            let goal = goal.board(w, h).unwrap();
            let start = random_solvable(&goal, &mut Rng::new(seed));
            assert_eq!(estimate(&Grid::new(&start, &goal)) as u64, super::super::lower_bound(&start, &goal), "{w}×{h}");
        }
    }

    #[test]
    fn answers_replay_to_the_goal_on_every_shape() {
        for (w, h, goal) in [(6, 6, Goal::BlankLast), (7, 4, Goal::Snail), (4, 7, Goal::BlankFirst), (3, 9, Goal::Snail)] {
            let g = grid(w, h, goal, 5);
            match beam(&g, 2000, 2000, &mut |_| false) {
                Beamed::Solved { moves, nodes, expanded } => {
                    assert!(expanded > 0 && nodes > expanded, "{w}×{h}");
                    assert!(replayed(&g, &moves).solved(), "{w}×{h}");
                    // The estimate is admissible: Manhattan distance plus two moves a lifted tile.
                    assert!(moves.len() as u32 >= estimate(&g), "{w}×{h}");
                    assert!(nodes >= moves.len() as u64);
                }
                _ => panic!("{w}×{h}: no answer"),
            }
        }
    }

    #[test]
    fn the_answer_does_not_depend_on_the_threads() {
        let g = grid(7, 7, Goal::BlankLast, 2);
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| match beam(&g, 3000, 2000, &mut |_| false) {
                Beamed::Solved { moves, nodes, expanded } => (moves, nodes, expanded),
                _ => panic!("no answer"),
            })
        };
        assert_eq!(run(1), run(2));
    }

    #[test]
    fn a_beam_cut_short_hands_back_its_best_board() {
        let g = grid(8, 8, Goal::BlankLast, 7);
        let before = estimate(&g);
        match beam(&g, 50, 30, &mut |_| false) {
            Beamed::Failed { partial, nodes, .. } => {
                assert!(!partial.is_empty() && partial.len() <= 30);
                assert!(estimate(&replayed(&g, &partial)) < before);
                assert!(nodes > 0);
            }
            _ => panic!("30 moves cannot solve this board"),
        }
        // Stopped at once: no work.
        assert!(matches!(beam(&g, 50, 30, &mut |_| true), Beamed::Stopped { nodes: 0, expanded: 0 }));
    }

    #[test]
    fn too_big_or_zero_width_is_refused() {
        let g = grid(70, 60, Goal::BlankLast, 1);
        assert!(matches!(beam(&g, 100, 100, &mut |_| false), Beamed::Failed { nodes: 0, .. }));
        let g = grid(4, 4, Goal::BlankLast, 1);
        assert!(matches!(beam(&g, 0, 100, &mut |_| false), Beamed::Failed { nodes: 0, .. }));
        let goal = Goal::BlankLast.board(4, 4).unwrap();
        let solved = Grid::new(&goal, &goal);
        assert!(matches!(beam(&solved, 10, 10, &mut |_| false), Beamed::Solved { ref moves, .. } if moves.is_empty()));
    }

    #[test]
    fn incremental_estimate_matches_the_whole_board() {
        for (w, h, goal) in [(6, 5, Goal::BlankLast), (9, 7, Goal::Snail)] {
            let g = grid(w, h, goal, 3);
            let n = w * h;
            let t = Tables::new(w, h, g.lab[g.blank] as usize);
            let mut scratch = Vec::new();
            let lab: Vec<u16> = g.lab.iter().map(|&l| l as u16).collect();
            // A slab of one slot, moved in place as the beam moves a board's first child.
            let mut slab = Slab { labels: t.record(&lab, &mut scratch), n: n + w + h, free: Vec::new() };
            let mut b = g.blank;
            let mut est = t.estimate(&lab, &mut scratch);
            let mut rng = Rng::new(9);
            for _ in 0..3000 {
                let m = Move::ALL[rng.below(4) as usize];
                let Some(to) = neighbor(w, h, b, m) else { continue };
                let rec = slab.board(0).to_vec();
                let l = rec[to];
                let d = conflict_delta(&t, &rec[..n], b, to, l, matches!(m, Move::Left | Move::Right), &mut scratch);
                let (cached, lines) = cached_conflict_delta(&t, &rec, b, to, l, m, &mut scratch);
                assert_eq!(d, cached, "{w}×{h}");
                est = (est as i64 + t.dist(b, l) as i64 - t.dist(to, l) as i64 + 2 * d) as u32;
                let near = t.nearest_misplaced(&rec[..n], to, b, l);
                let child = Child { est, near: near as u16, hash: 0, parent: 0, to: to as u16, m: m as u8, lines };
                slab.make(0, &t, b, &child);
                b = to;
                let now = slab.board(0);
                assert_eq!(est, t.estimate(&now[..n], &mut scratch), "{w}×{h}");
                // The record's lines are those of the board.
                assert_eq!(now, &t.record(&now[..n], &mut scratch)[..], "{w}×{h}");
                // The nearest misplaced tile, by a scan of every cell.
                let brute = (0..n)
                    .filter(|&c| c != b && now[c] as usize != c && now[c] != t.blank_label)
                    .map(|c| ((c / w).abs_diff(b / w) + (c % w).abs_diff(b % w)) as u32 - 1)
                    .min()
                    .unwrap_or(0);
                assert_eq!(near, brute, "{w}×{h}");
            }
        }
    }

    #[test]
    fn a_wide_beam_spreads_over_the_board_and_hands_back_a_path_that_replays() {
        // 20×20: beyond 256 cells, keys computed, layers before the common ancestor dropped
        // (the run is longer than two thousand moves).
        let g = grid(20, 20, Goal::BlankLast, 4);
        let before = estimate(&g);
        let p = Params { width: 200, per_cell: 1, max_depth: 2600 };
        let (partial, nodes) = match beam_with(&g, &p, &mut |_| false) {
            Beamed::Failed { partial, nodes, .. } => (partial, nodes),
            _ => panic!("2,600 moves cannot solve a random 20×20 board"),
        };
        assert_eq!(partial.len(), 2600, "the best board of the last layer");
        let end = replayed(&g, &partial);
        assert!(estimate(&end) + 1000 < before, "{} → {}", before, estimate(&end));
        // The same run on one thread and on two, and again: the same moves.
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| match beam_with(&g, &Params { width: 2500, per_cell: 8, max_depth: 300 }, &mut |_| false) {
                Beamed::Failed { partial, nodes, .. } => (partial, nodes),
                _ => panic!("no partial answer"),
            })
        };
        assert_eq!(run(1), run(2));
        assert!(nodes > 0);
        // Too big for two-byte labels and lines, or no width: refused.
        assert!(matches!(beam_with(&grid(70, 60, Goal::BlankLast, 1), &p, &mut |_| false), Beamed::Failed { nodes: 0, .. }));
    }

    #[test]
    fn pruning_keeps_the_path_to_every_kept_board() {
        // Three layers: two boards from the root, then both children of board 1.
        let mut history = vec![vec![(0, 0), (0, 1)], vec![(1, 2), (1, 3)], vec![(0, 1), (1, 0)]];
        let whole: Vec<Vec<Move>> = (0..2).map(|i| path_to(&history, (3, i))).collect();
        let mut committed = Vec::new();
        prune(&mut history, &mut committed);
        assert_eq!(committed, vec![Move::ALL[1]], "the common ancestor is board 1 of depth 1");
        for (i, moves) in whole.iter().enumerate() {
            let mut now = committed.clone();
            now.extend(path_to(&history, (history.len(), i)));
            assert_eq!(&now, moves);
        }
    }
}
