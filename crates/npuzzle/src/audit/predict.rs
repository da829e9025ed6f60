//! IDA*'s expansions predicted from the heuristic's distribution (Korf, Reid and Edelkamp, "Time
//! complexity of iterative-deepening-A*", Artificial Intelligence 129, 2001), beside the
//! expansions measured.
//!
//! For a consistent heuristic, one complete IDA* iteration with threshold d, with parent pruning
//! (a move never undoes the one before, as `idastar` runs), expands the nodes of the brute-force
//! tree whose f = g + h ≤ d: consistency keeps f from falling along a path, so every ancestor of
//! such a node was expanded too. Averaged over uniform random starts, a node at depth i whose
//! blank is in cell c is a uniform random board with the blank there, so the expected
//! expansions are
//!
//! E(d) = Σ_{i ≤ d} Σ_c N_i(c) · P(h ≤ d − i | blank in c),
//!
//! with N_i(c) the brute-force tree's nodes at depth i whose blank is in c (averaged over the
//! start's blank cell, uniform over the cells) and P the heuristic's distribution over every
//! board with the blank in c: exact where the audit is exhaustive, from a sample of uniform
//! boards beyond. Over every start board of a space the prediction is exact; the measured
//! iterations (which never stop at the goal) check it.

use super::AuditSpec;
use crate::board::{neighbor, Board, Move, Tile};
use crate::cost::Cost;
use crate::error::Error;
use crate::generate::{random_solvable, Rng};
use crate::heuristic::exact::{perm_unrank, MAX_CELLS};
use crate::heuristic::Heuristic;
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use crate::state::{Packed128, Packed64, State, Wide};
use crate::tables::{Progress, TableStore};
use rayon::prelude::*;
use serde::Serialize;

/// Uniform boards the distribution is drawn from where the space is not enumerated, by default.
pub const DEFAULT_DISTRIBUTION_SAMPLE: usize = 1_000_000;
/// Uniform start boards measured where the space is not enumerated, by default.
pub const DEFAULT_STARTS: usize = 1000;

/// The predicted and measured expansions of one IDA* iteration.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Prediction {
    /// The iteration's threshold d, in moves.
    pub threshold: u32,
    /// KRE's prediction of the mean expansions over uniform random starts.
    pub predicted: f64,
    /// The mean expansions measured over the starts.
    pub measured: f64,
    /// Start boards measured (every board of the space, or a uniform sample).
    pub starts: u64,
    /// The 95 % confidence interval of the measured mean (its width is 0 over every board).
    pub interval: [f64; 2],
}

/// Which start boards the measured iterations run from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts {
    /// Every board that reaches the goal (boards of up to 10 cells).
    Every,
    /// This many uniform random boards, drawn with the audit's seed.
    Uniform(usize),
}

/// N_i(c): the brute-force tree's nodes at depth i (0 to `depth`) with the blank in cell c, with
/// parent pruning, averaged over a start blank cell uniform over the cells.
pub fn tree_sizes(width: usize, height: usize, depth: u32) -> Vec<Vec<f64>> {
    let cells = width * height;
    // by[c][m]: nodes with the blank in c reached by move m (4: the root).
    let mut by = vec![[0.0f64; 5]; cells];
    for b in &mut by {
        b[4] = 1.0 / cells as f64;
    }
    let mut out = Vec::with_capacity(depth as usize + 1);
    for i in 0..=depth {
        out.push(by.iter().map(|b| b.iter().sum()).collect());
        if i == depth {
            break;
        }
        let mut next = vec![[0.0f64; 5]; cells];
        for (c, b) in by.iter().enumerate() {
            for (mi, m) in Move::ALL.iter().enumerate() {
                let Some(to) = neighbor(width, height, c, *m) else { continue };
                // Every arrival at c but the one by the inverse of m may move by m.
                let total: f64 = b.iter().enumerate().filter(|&(k, _)| k == 4 || Move::ALL[k] != m.inverse()).map(|(_, &x)| x).sum();
                next[to][mi] += total;
            }
        }
        by = next;
    }
    out
}

/// The heuristic's distribution by blank cell: `counts[c][v]`, boards with the blank in c and
/// ⌊h⌋ = v.
#[derive(Clone, Debug, Default)]
pub struct Distribution {
    counts: Vec<Vec<u64>>,
}

impl Distribution {
    fn new(cells: usize) -> Distribution {
        Distribution { counts: vec![Vec::new(); cells] }
    }

    fn add(&mut self, blank: usize, h: Cost) {
        let v = usize::try_from(h.floor_moves()).unwrap_or(usize::MAX).min(1 << 16);
        let row = &mut self.counts[blank];
        if row.len() <= v {
            row.resize(v + 1, 0);
        }
        row[v] += 1;
    }

    /// P(h ≤ k | blank in c), for a whole number k (h ≤ k exactly when ⌊h⌋ ≤ k).
    pub fn at_most(&self, c: usize, k: i64) -> f64 {
        let row = &self.counts[c];
        let total: u64 = row.iter().sum();
        if k < 0 || total == 0 {
            return 0.0;
        }
        let upto = (k as usize + 1).min(row.len());
        row[..upto].iter().sum::<u64>() as f64 / total as f64
    }

    /// Boards counted.
    pub fn boards(&self) -> u64 {
        self.counts.iter().flatten().sum()
    }
}

/// KRE's E(d) from the tree's sizes (at least d + 1 depths) and the distribution.
pub fn predicted(tree: &[Vec<f64>], dist: &Distribution, d: u32) -> f64 {
    (0..=d as usize).map(|i| tree[i].iter().enumerate().map(|(c, &n)| n * dist.at_most(c, d as i64 - i as i64)).sum::<f64>()).sum()
}

/// The distribution over every board that reaches the goal (from the exact table's ranks), and
/// those boards when `keep` asks for them.
fn every_board(
    heuristic: &Heuristic,
    spec: &AuditSpec,
    store: &TableStore,
    on: Progress,
    keep: bool,
) -> Result<(Distribution, Vec<Board>), Error> {
    let goal = &spec.goal;
    let (w, h) = (goal.width(), goal.height());
    let n = w * h;
    let exact = store.exact(goal, on)?;
    let table = exact.table();
    let mut dist = Distribution::new(n);
    let mut boards = Vec::with_capacity(if keep { table.reachable() } else { 0 });
    let mut perm = [0u8; MAX_CELLS];
    for rank in 0..table.len() as u64 {
        if table.at_rank(rank).is_none() {
            continue;
        }
        if rank % 65_536 == 0 {
            spec.cancelled()?;
        }
        perm_unrank(rank, &mut perm[..n]);
        let tiles: Vec<Tile> = perm[..n].iter().map(|&p| goal.tiles()[p as usize]).collect();
        let board = Board::new(w, h, tiles).expect("a table's arrangement is a board");
        dist.add(board.blank(), heuristic.estimate_board(&board));
        if keep {
            boards.push(board);
        }
    }
    Ok((dist, boards))
}

/// One complete IDA* iteration with threshold `d` (in cost units), with parent pruning, never
/// stopping at the goal.
struct Iteration<'a> {
    heuristic: &'a Heuristic,
    width: usize,
    height: usize,
    d: Cost,
}

impl Iteration<'_> {
    /// The nodes with g + h ≤ d below `s` (at depth `g`, estimate `h`, reached by `last`).
    fn expand<S: State>(&self, s: &mut S, g: Cost, h: Cost, last: Option<Move>) -> u64 {
        if g.saturating_add(h) > self.d {
            return 0;
        }
        let mut n = 1;
        let blank = s.blank();
        for m in Move::ALL {
            if last == Some(m.inverse()) {
                continue;
            }
            let Some(to) = neighbor(self.width, self.height, blank, m) else { continue };
            let tile = s.slide(to);
            let hc = self.heuristic.update(s, h, tile, to, blank);
            n += self.expand(s, Cost(g.0 + Cost::ONE), hc, Some(m));
            s.slide(blank);
        }
        n
    }

    /// Expansions from `start`.
    fn from<S: State>(&self, start: &Board) -> u64 {
        let mut s = S::from_tiles(start.tiles());
        let h = self.heuristic.estimate(&s);
        self.expand(&mut s, Cost::ZERO, h, None)
    }
}

/// The mean expansions of the iteration with threshold `d` from `starts`, and the half-width of
/// its 95 % confidence interval.
fn measure(heuristic: &Heuristic, starts: &[Board], d: u32) -> (f64, f64) {
    let Some(first) = starts.first() else { return (0.0, 0.0) };
    let it = Iteration { heuristic, width: first.width(), height: first.height(), d: Cost::moves(d) };
    let counts: Vec<u64> = starts
        .par_iter()
        .map(|b| match it.width * it.height {
            0..=16 => it.from::<Packed64>(b),
            17..=25 => it.from::<Packed128>(b),
            _ => it.from::<Wide>(b),
        })
        .collect();
    let n = counts.len() as f64;
    let mean = counts.iter().sum::<u64>() as f64 / n;
    let var = if counts.len() > 1 { counts.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    (mean, var.sqrt() / n.sqrt() * 1.96)
}

/// Adds to `audit` (of `estimator`, made with `spec`) KRE's prediction at each threshold of
/// [`AuditSpec::predict`] beside the measured mean, or why it was refused; nothing when no
/// threshold is asked for. Kept apart from [`super::audit`] so that a front end that offers no
/// prediction (the page's WebAssembly) carries none of its code.
pub fn attach(
    audit: &mut super::Audit,
    estimator: &crate::heuristic::Estimator,
    spec: &AuditSpec,
    store: &TableStore,
    on: Progress,
) -> Result<(), Error> {
    if spec.predict.is_empty() && spec.predict_budget.is_none() {
        return Ok(());
    }
    if let Some(why) = super::prediction_refused(audit) {
        audit.prediction_refused = Some(why);
        return Ok(());
    }
    let goal = &spec.goal;
    let tables = super::tables_for(estimator, spec, store, on)?;
    let heuristic = Heuristic::of(estimator, goal, &tables, spec.cost, crate::metric::Metric::Stm)?;
    let starts = spec.starts.unwrap_or(match super::coverage(goal.width(), goal.height()) {
        super::Coverage::Exhaustive => Starts::Every,
        _ => Starts::Uniform(DEFAULT_STARTS),
    });
    // The deepest threshold worth choosing: the largest h* (unit costs), where it is known.
    let deepest = audit.table.as_ref().map_or(AUTO_DEEPEST, |t| (t.len() as u32).saturating_sub(1).clamp(1, AUTO_DEEPEST));
    let (prediction, notes) = run(&heuristic, spec, store, on, starts, deepest)?;
    audit.prediction = Some(prediction);
    audit.notes.extend(notes);
    Ok(())
}

/// The deepest threshold [`affordable`] considers where the largest h* is not known.
pub const AUTO_DEEPEST: u32 = 100;

/// The thresholds chosen within `budget` expansions over `starts` start boards, by the
/// prediction: the deepest d (at most `deepest`) such that the iterations at d, d − 4, d − 8 and
/// d − 12 (those of at least 1) are predicted to expand at most `budget` nodes in all, and
/// those shallower three; none when not even d = 1 fits. `tree` has at least `deepest` + 1
/// depths.
pub fn affordable(tree: &[Vec<f64>], dist: &Distribution, starts: usize, budget: u64, deepest: u32) -> Vec<u32> {
    let set = |top: u32| -> Vec<u32> { (0..4u32).rev().filter_map(|k| top.checked_sub(4 * k)).filter(|&d| d >= 1).collect() };
    let cost = |ds: &[u32]| ds.iter().map(|&d| predicted(tree, dist, d)).sum::<f64>() * starts as f64;
    let mut best = Vec::new();
    for top in 1..=deepest {
        let ds = set(top);
        if cost(&ds) > budget as f64 {
            break;
        }
        best = ds;
    }
    best
}

/// KRE's prediction for each threshold of the spec's (or, with none and a budget, those
/// [`affordable`] chooses, up to `deepest`), beside the mean expansions measured from `starts`
/// (every board, or a uniform sample), and notes on thresholds left out for the budget. The
/// caller has checked the heuristic consistent.
fn run(
    heuristic: &Heuristic,
    spec: &AuditSpec,
    store: &TableStore,
    on: Progress,
    starts: Starts,
    deepest: u32,
) -> Result<(Vec<Prediction>, Vec<String>), Error> {
    let goal = &spec.goal;
    let (w, h) = (goal.width(), goal.height());
    let (dist, boards) = match starts {
        Starts::Every => every_board(heuristic, spec, store, on, true)?,
        Starts::Uniform(count) => {
            let mut rng = Rng::new(spec.seed ^ 0x5851_f42d_4c95_7f2d);
            let mut dist = Distribution::new(w * h);
            let exhaustive = super::coverage(w, h) == super::Coverage::Exhaustive;
            if exhaustive {
                dist = every_board(heuristic, spec, store, on, false)?.0;
            } else {
                for i in 0..DEFAULT_DISTRIBUTION_SAMPLE {
                    if i % 65_536 == 0 {
                        spec.cancelled()?;
                    }
                    let b = random_solvable(goal, &mut rng);
                    dist.add(b.blank(), heuristic.estimate_board(&b));
                }
            }
            (dist, (0..count).map(|_| random_solvable(goal, &mut rng)).collect())
        }
    };
    if let Some(e) = heuristic.failure() {
        return Err(e);
    }
    let asked = spec.predict.iter().copied().max().unwrap_or(0);
    let tree = tree_sizes(w, h, asked.max(if spec.predict.is_empty() { deepest } else { 0 }));
    let mut notes = Vec::new();
    let thresholds = match spec.predict_budget {
        Some(budget) if spec.predict.is_empty() => affordable(&tree, &dist, boards.len(), budget, deepest),
        Some(budget) => {
            // The thresholds asked for, shallowest first, while the predicted total fits.
            let mut asked = spec.predict.clone();
            asked.sort_unstable();
            asked.dedup();
            let mut total = 0.0;
            let mut kept = Vec::new();
            for &d in &asked {
                total += predicted(&tree, &dist, d) * boards.len() as f64;
                if total > budget as f64 {
                    notes.push(format!(
                        "not measured at threshold {d} or deeper: the iterations up to it are predicted to expand {} nodes from {} starts, more than the {budget} this run may take",
                        total.round(),
                        boards.len()
                    ));
                    break;
                }
                kept.push(d);
            }
            kept
        }
        None => spec.predict.clone(),
    };
    let mut out = Vec::with_capacity(thresholds.len());
    for &d in &thresholds {
        spec.cancelled()?;
        let (measured, half) = measure(heuristic, &boards, d);
        // Over every board the mean is the space's own, not an estimate.
        let half = if starts == Starts::Every { 0.0 } else { half };
        if let Some(e) = heuristic.failure() {
            return Err(e);
        }
        out.push(Prediction {
            threshold: d,
            predicted: predicted(&tree, &dist, d),
            measured,
            starts: boards.len() as u64,
            interval: [measured - half, measured + half],
        });
    }
    Ok((out, notes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_with_parent_pruning_grows_as_counted_by_hand() {
        // 3×3: depth 1 has the branching of each cell (corners 2, edges 3, centre 4) on average
        // 24 / 9; depth 2 loses the move back.
        let t = tree_sizes(3, 3, 3);
        assert!((t[0].iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((t[1].iter().sum::<f64>() - 24.0 / 9.0).abs() < 1e-12);
        // Depth 2: from each cell c and each neighbour n, n's degree minus one.
        let deg = |c: usize| Move::ALL.iter().filter(|&&m| neighbor(3, 3, c, m).is_some()).count() as f64;
        let two: f64 =
            (0..9).map(|c| Move::ALL.iter().filter_map(|&m| neighbor(3, 3, c, m)).map(|n| deg(n) - 1.0).sum::<f64>()).sum::<f64>() / 9.0;
        assert!((t[2].iter().sum::<f64>() - two).abs() < 1e-12);
    }
}
