//! `npuzzle-learn`: trains the learnt cost-to-go estimate that `npuzzle::learnt` reads, on a
//! CPU, by approximate value iteration (as DeepCubeA does), and exports it to a weights file.
//!
//! Each step draws a batch of boards by random walks from the goal (lengths uniform in 0 to
//! `--max-walk`) and sets each board's target to the least, over its moves, of one plus a frozen
//! copy's estimate of the child (0 at the goal), raised to the board's Manhattan distance (a
//! true lower bound). The frozen copy is refreshed every `--sync` steps. The loss is the mean
//! squared error; the optimiser Adam.
//!
//! The run is reproducible: every step's boards come from a generator seeded by the seed, the
//! step and the chunk, and a batch's chunks are summed in a fixed order, so the weights are the
//! same with any number of threads. It checkpoints (parameters and Adam's moments, atomically)
//! and resumes from the checkpoint.

mod model;

use anyhow::{bail, Context, Result};
use clap::Parser;
use model::{Adam, Params, ParamsExt, Pass, Shape};
use npuzzle::board::Board;
use npuzzle::generate::{random_solvable, random_walk_end, Rng};
use npuzzle::learnt::{Check, Net};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Chunks a batch is cut into: fixed, so the sum of their gradients is the same on any machine.
const CHUNKS: usize = 16;

#[derive(Parser, Debug, Clone)]
#[command(name = "npuzzle-learn", about = "Trains npuzzle's learnt cost-to-go estimate by approximate value iteration")]
struct Args {
    /// Board size, WxH.
    #[arg(long, default_value = "6x6")]
    size: String,
    /// Units of the first layer.
    #[arg(long, default_value_t = 256)]
    h1: usize,
    /// Units of the second layer.
    #[arg(long, default_value_t = 32)]
    h2: usize,
    /// Training steps (batches) to reach; a resumed run goes on to this count.
    #[arg(long, default_value_t = 2000)]
    steps: u64,
    /// Boards a batch.
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// Adam's learning rate.
    #[arg(long, default_value_t = 1e-3)]
    lr: f32,
    /// Longest random walk from the goal (default: 10 moves a cell).
    #[arg(long)]
    max_walk: Option<u64>,
    /// Steps between refreshes of the frozen copy that makes the targets.
    #[arg(long, default_value_t = 200)]
    sync: u64,
    /// The seed of everything random.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Steps between progress lines (and evaluations).
    #[arg(long, default_value_t = 100)]
    log_every: u64,
    /// Steps between checkpoints.
    #[arg(long, default_value_t = 500)]
    checkpoint_every: u64,
    /// The checkpoint file (written atomically; read back by --resume).
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Go on from the checkpoint, if there is one.
    #[arg(long)]
    resume: bool,
    /// The weights file to write at the end.
    #[arg(long)]
    out: PathBuf,
    /// Threads (default: all cores); the weights do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

/// The boards' geometry and the goal.
struct Geometry {
    width: usize,
    n: usize,
    goal: Board,
    /// `nbr[cell]`: the cells beside it.
    nbr: Vec<Vec<usize>>,
}

impl Geometry {
    fn new(width: usize, height: usize) -> Result<Geometry> {
        let goal = npuzzle::goal::Goal::resolve("blank-last", width, height)?;
        let n = width * height;
        // The cells beside each cell (`u8::MAX` past an edge dropped).
        let nbr = npuzzle::heuristic::pdb::neighbours(width, height)
            .into_iter()
            .map(|c| c.into_iter().filter(|&q| q != u8::MAX).map(usize::from).collect())
            .collect();
        Ok(Geometry { width, n, goal, nbr })
    }

    /// The pieces of a board: for each cell, the goal cell of the piece there.
    fn pieces(&self, b: &Board) -> Vec<u8> {
        let home = self.goal.positions();
        b.tiles().iter().map(|&t| home[t as usize] as u8).collect()
    }

    fn manhattan(&self, pieces: &[u8]) -> u32 {
        let blank = self.goal.blank();
        let w = self.width;
        pieces
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p as usize != blank)
            .map(|(c, &p)| ((c / w).abs_diff(p as usize / w) + (c % w).abs_diff(p as usize % w)) as u32)
            .sum()
    }
}

/// One chunk's boards and targets, and its gradient.
#[allow(clippy::too_many_arguments)]
fn chunk_gradient(
    g: &Geometry,
    s: Shape,
    p: &Params,
    frozen: &Params,
    out_scale: f32,
    max_walk: u64,
    rng: &mut Rng,
    boards: usize,
    batch: usize,
) -> (Params, f64, f64) {
    let mut grad = Params::zeros(s.n, s.h1, s.h2);
    let mut pass = Pass::new(s);
    let mut acc0 = vec![0.0; s.h1];
    let mut acc = vec![0.0; s.h1];
    let mut z2 = vec![0.0; s.h2];
    let mut da1 = vec![0.0; s.h1];
    let blank = g.goal.blank();
    let (mut loss, mut targets) = (0.0f64, 0.0f64);
    for _ in 0..boards {
        let k = rng.below(max_walk + 1);
        let board = random_walk_end(&g.goal, k, rng, None).expect("no stop flag");
        let pieces = g.pieces(&board);
        let target = target(g, s, frozen, out_scale, &pieces, blank, &mut acc0, &mut acc, &mut z2);
        model::forward(p, s, &pieces, &mut pass);
        let err = pass.y - target / out_scale;
        loss += (err * out_scale) as f64 * (err * out_scale) as f64;
        targets += target as f64;
        model::backward(p, s, &pieces, &pass, 2.0 * err / batch as f32, &mut grad, &mut da1);
    }
    (grad, loss, targets)
}

/// A board's target: 0 at the goal, else the least over its moves of 1 + the frozen estimate of
/// the child (0 at the goal, never below 0), raised to the board's Manhattan distance.
#[allow(clippy::too_many_arguments)]
fn target(
    g: &Geometry,
    s: Shape,
    frozen: &Params,
    out_scale: f32,
    pieces: &[u8],
    blank: usize,
    acc0: &mut [f32],
    acc: &mut [f32],
    z2: &mut [f32],
) -> f32 {
    if pieces.iter().enumerate().all(|(c, &p)| p as usize == c) {
        return 0.0;
    }
    model::first_layer(frozen, s, pieces, acc0);
    let b = pieces.iter().position(|&p| p as usize == blank).expect("the blank is on the board");
    let mut best = f32::INFINITY;
    for &q in &g.nbr[b] {
        let piece = pieces[q] as usize;
        // The child: `piece` moves from q to b, the blank from b to q.
        let child_goal = piece == b && pieces.iter().enumerate().all(|(c, &p)| c == b || c == q || p as usize == c) && q == blank;
        let h = if child_goal {
            0.0
        } else {
            acc.copy_from_slice(acc0);
            let n = s.n;
            let rows = [(piece * n + q, -1.0f32), (blank * n + b, -1.0), (piece * n + b, 1.0), (blank * n + q, 1.0)];
            for (row, sign) in rows {
                for (a, w) in acc.iter_mut().zip(&frozen.w1[row * s.h1..(row + 1) * s.h1]) {
                    *a += sign * w;
                }
            }
            (model::rest(frozen, s, acc, z2) * out_scale).max(0.0)
        };
        best = best.min(1.0 + h);
    }
    best.max(g.manhattan(pieces) as f32)
}

fn chunk_rng(seed: u64, step: u64, chunk: usize) -> Rng {
    let mut r = Rng::new(seed ^ 0x6c65_6172_6e74);
    let a = r.next_u64();
    Rng::new(a ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (chunk as u64).wrapping_mul(0xD1B5_4A32_D192_ED03))
}

const CKPT_MAGIC: &[u8; 8] = b"NPZLRN1\n";

fn save_checkpoint(path: &Path, step: u64, s: Shape, p: &Params, frozen: &Params, adam: &Adam) -> Result<()> {
    let mut out = Vec::new();
    out.extend_from_slice(CKPT_MAGIC);
    for x in [step, adam.t, s.n as u64, s.h1 as u64, s.h2 as u64] {
        out.extend_from_slice(&x.to_le_bytes());
    }
    for params in [p, frozen, &adam.m, &adam.v] {
        for sl in params.slices() {
            for x in sl {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
    }
    let sum = xxhash_rust::xxh3::xxh3_64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    write_atomic(path, &out)
}

fn load_checkpoint(path: &Path, s: Shape) -> Result<(u64, Params, Params, Adam)> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() < 8 + 40 + 8 || &bytes[..8] != CKPT_MAGIC {
        bail!("{} is not a checkpoint", path.display());
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if xxhash_rust::xxh3::xxh3_64(body) != u64::from_le_bytes(sum.try_into()?) {
        bail!("{}: checksum mismatch", path.display());
    }
    let word = |i: usize| u64::from_le_bytes(body[8 + 8 * i..16 + 8 * i].try_into().expect("8 bytes"));
    let (step, t) = (word(0), word(1));
    if (word(2), word(3), word(4)) != (s.n as u64, s.h1 as u64, s.h2 as u64) {
        bail!("{}: a checkpoint of another shape", path.display());
    }
    let mut floats = body[48..].chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")));
    let mut read = || {
        let mut p = Params::zeros(s.n, s.h1, s.h2);
        for sl in p.slices_mut() {
            for x in sl {
                *x = floats.next().unwrap_or(f32::NAN);
            }
        }
        p
    };
    let (p, frozen, m, v) = (read(), read(), read(), read());
    if floats.next().is_some() || v.b3.is_nan() {
        bail!("{}: the checkpoint's size is wrong", path.display());
    }
    Ok((step, p, frozen, Adam { m, v, t }))
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))?;
    Ok(())
}

/// Mean estimate and mean Manhattan distance on fixed uniformly random boards; on boards of at
/// most 9 cells also the mean absolute error against the exact distance and the share of
/// overestimates.
fn evaluate(g: &Geometry, s: Shape, p: &Params, out_scale: f32, exact: Option<&npuzzle::heuristic::exact::ExactTable>) -> String {
    let mut rng = Rng::new(0x6576_616c);
    let mut pass = Pass::new(s);
    let (mut est, mut md, mut err, mut over) = (0.0f64, 0.0f64, 0.0f64, 0usize);
    let count = 2000;
    for _ in 0..count {
        let b = random_solvable(&g.goal, &mut rng);
        let pieces = g.pieces(&b);
        model::forward(p, s, &pieces, &mut pass);
        let y = (pass.y * out_scale) as f64;
        est += y;
        md += g.manhattan(&pieces) as f64;
        if let Some(t) = exact {
            let d = t.distance(&pieces).expect("a solvable board") as f64;
            err += (y - d).abs();
            over += (y > d + 0.5) as usize;
        }
    }
    let c = count as f64;
    let mut line = format!("random boards: mean estimate {:.2}, mean Manhattan {:.2}", est / c, md / c);
    if exact.is_some() {
        line += &format!(", mean |error| {:.2}, over by more than 0.5: {:.1} %", err / c, 100.0 * over as f64 / c);
    }
    line
}

fn main() -> Result<()> {
    let args = Args::parse();
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new().num_threads(t).build_global()?;
    }
    let (width, height) = args
        .size
        .split_once(['x', 'X'])
        .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
        .context("--size must be WxH")?;
    let g = Geometry::new(width, height)?;
    let s = Shape { n: g.n, h1: args.h1, h2: args.h2 };
    if args.batch < CHUNKS || args.steps == 0 || args.sync == 0 {
        bail!("--batch must be at least {CHUNKS}, --steps and --sync at least 1");
    }
    let max_walk = args.max_walk.unwrap_or(10 * g.n as u64);
    // Targets are learnt in units of the output scale: about the mean distance of a random board.
    let out_scale = (g.n as f32 * g.n as f32).sqrt() * (width + height) as f32 / 4.0;
    let exact = if g.n <= 9 { Some(npuzzle::heuristic::exact::ExactTable::build(width, height, g.goal.blank())?) } else { None };

    let (mut step, mut p, mut frozen, mut adam) = match (&args.checkpoint, args.resume) {
        (Some(path), true) if path.exists() => {
            let (step, p, frozen, adam) = load_checkpoint(path, s)?;
            eprintln!("resumed from {} at step {step}", path.display());
            (step, p, frozen, adam)
        }
        _ => {
            let mut rng = Rng::new(args.seed);
            let p = Params::init(g.n, args.h1, args.h2, &mut rng, 0.5);
            (0, p.clone(), p, Adam::new(s))
        }
    };
    let started = Instant::now();
    let (mut loss_sum, mut target_sum, mut since) = (0.0f64, 0.0f64, 0u64);
    while step < args.steps {
        let per = args.batch / CHUNKS;
        let parts: Vec<(Params, f64, f64)> = (0..CHUNKS)
            .into_par_iter()
            .map(|c| {
                let mut rng = chunk_rng(args.seed, step, c);
                let boards = per + usize::from(c < args.batch % CHUNKS);
                chunk_gradient(&g, s, &p, &frozen, out_scale, max_walk, &mut rng, boards, args.batch)
            })
            .collect();
        let mut grad = Params::zeros(s.n, s.h1, s.h2);
        for (gr, l, t) in &parts {
            grad.add(gr);
            loss_sum += l;
            target_sum += t;
        }
        adam.step(&mut p, &grad, args.lr);
        step += 1;
        since += 1;
        if step % args.sync == 0 {
            frozen = p.clone();
        }
        if step % args.log_every == 0 || step == args.steps {
            let b = (since * args.batch as u64) as f64;
            eprintln!(
                "step {step}: loss {:.3} (moves²), mean target {:.2}, {:.1} s; {}",
                loss_sum / b,
                target_sum / b,
                started.elapsed().as_secs_f64(),
                evaluate(&g, s, &p, out_scale, exact.as_ref())
            );
            (loss_sum, target_sum, since) = (0.0, 0.0, 0);
        }
        if let Some(path) = &args.checkpoint {
            if step % args.checkpoint_every == 0 || step == args.steps {
                save_checkpoint(path, step, s, &p, &frozen, &adam)?;
            }
        }
    }

    // The trainer's own answers on fixed boards, kept in the file for inference to be checked
    // against.
    let mut rng = Rng::new(0x6368_6563_6b73);
    let mut pass = Pass::new(s);
    let checks: Vec<Check> = (0..8)
        .map(|i| {
            let b = random_walk_end(&g.goal, 5 + i * max_walk / 8, &mut rng, None).expect("no stop flag");
            let pieces = g.pieces(&b);
            model::forward(&p, s, &pieces, &mut pass);
            Check { pieces, estimate: pass.y * out_scale }
        })
        .collect();
    let description = format!(
        "npuzzle-learn --size {}x{} --h1 {} --h2 {} --steps {} --batch {} --lr {} --max-walk {max_walk} --sync {} --seed {}: approximate value iteration, targets raised to the Manhattan distance",
        width, height, args.h1, args.h2, step, args.batch, args.lr, args.sync, args.seed
    );
    // The first layer's scale: as large as keeps every weight within an i16, at most 1024.
    let top = p.w1.iter().chain(&p.b1).fold(0.0f32, |m, x| m.max(x.abs()));
    let scale = (30000.0 / top.max(1e-6)).min(1024.0).floor();
    let net = Net::from_parts(width, height, g.goal.blank(), args.h1, args.h2, scale, out_scale, &description, &p, checks)?;
    write_atomic(&args.out, &net.encode())?;
    let worst = net.checks().iter().map(|c| (net.estimate(&c.pieces) - c.estimate).abs()).fold(0.0f32, f32::max);
    eprintln!(
        "wrote {} ({} bytes, first-layer scale {scale}); the library's estimate is within {worst:.4} moves of the trainer's on its 8 check boards",
        args.out.display(),
        std::fs::metadata(&args.out)?.len()
    );
    Ok(())
}
