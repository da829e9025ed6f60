//! Runs the pattern-database beam ([`npuzzle::search::pdb_beam`]) view by view on the boards of
//! a file (one board a line, in any format `npuzzle` reads; text after `|` is the board when a
//! line has one, as in `data/deepcubea/*.txt`, whose third column is then the reference length),
//! and prints each view's length, the shortest, the reference and the time. The tables come from
//! the cache directory (`npuzzle pdb build --size 6x6` first). With `BOUND` set, each view looks
//! only for answers shorter than the best so far, as the solver does. Experiments:
//!
//! - `SEG=LENGTH,WIDTH,VIEWS;…`: passes re-solving the shortest answer piece by piece;
//! - `POLISH=WINDOW,NODES,PASSES`: `reduce-plus`'s window search over it;
//! - `PLAN=PIECES/PIECE_WIDTH/BUDGET` (pieces separated by commas): the solver's own run
//!   ([`npuzzle::search::pdb_beam::solve`]) with the views and width given, instead.
//!
//! ```text
//! NPUZZLE_CACHE_DIR=~/.cache/npuzzle \
//!   cargo run --release -p npuzzle --example pdb_beam -- FILE WIDTH VIEWS [COUNT] [SKIP]
//! ```

use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::SetSpec;
use npuzzle::parse::parse_board;
use npuzzle::search::pdb_beam::{beam, solve, Beamed, Plan, View};
use npuzzle::search::reduce_plus::improve::ImproveOptions;
use npuzzle::tables::TableStore;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: pdb_beam FILE WIDTH VIEWS [COUNT] [SKIP]";
    let file = args.get(1).expect(usage);
    let width: usize = args.get(2).expect(usage).parse().expect("WIDTH");
    let views: usize = args.get(3).expect(usage).parse().expect("VIEWS");
    let count: usize = args.get(4).map_or(usize::MAX, |c| c.parse().expect("COUNT"));
    let skip: usize = args.get(5).map_or(0, |c| c.parse().expect("SKIP"));
    let bounded = std::env::var("BOUND").is_ok();
    // SEG=LENGTH,WIDTH,VIEWS: the shortest answer re-solved piece by piece by beams between
    // its boards.
    // Passes separated by `;`.
    let segs: Vec<(usize, usize, usize)> = std::env::var("SEG")
        .ok()
        .map(|all| {
            all.split(';')
                .map(|p| {
                    let v: Vec<&str> = p.split(',').collect();
                    (v[0].parse().expect("LENGTH"), v[1].parse().expect("WIDTH"), v[2].parse().expect("VIEWS"))
                })
                .collect()
        })
        .unwrap_or_default();
    // POLISH=WINDOW,NODES,PASSES: window search over the shortest view's answer.
    let polish: Option<(usize, u64, usize)> = std::env::var("POLISH").ok().map(|p| {
        let v: Vec<&str> = p.split(',').collect();
        (v[0].parse().expect("WINDOW"), v[1].parse().expect("NODES"), v[2].parse().expect("PASSES"))
    });
    let text = std::fs::read_to_string(file).expect("reading the file");
    let boards: Vec<_> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (head, board) = l.split_once('|').unwrap_or(("", l));
            let reference: Option<u64> = head.split_whitespace().nth(2).and_then(|x| x.parse().ok());
            (parse_board(board).expect("a board"), reference)
        })
        .skip(skip)
        .take(count)
        .collect();
    let (w, h) = (boards[0].0.width(), boards[0].0.height());
    let dir = std::env::var("NPUZZLE_CACHE_DIR").expect("NPUZZLE_CACHE_DIR: where the tables are");
    let store = TableStore::new(dir);
    let set = store.any_goal(&SetSpec::strongest(w, h), true, &|_| {}, None).expect("the tables, cached");
    let goal = Goal::BlankLast.board(w, h).unwrap();
    let views = View::first(views);
    let mut sums = vec![0u64; views.len()];
    let (mut best_sum, mut ref_sum, mut nodes_sum) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    // PLAN=PIECES/PIECE_WIDTH/BUDGET (pieces separated by commas): the solver's own run
    // ([`npuzzle::search::pdb_beam::solve`]) with the views and width given.
    if let Ok(p) = std::env::var("PLAN") {
        let v: Vec<&str> = p.split('/').collect();
        let plan = Plan {
            views: views.clone(),
            width,
            pieces: v[0].split(',').filter(|x| !x.is_empty()).map(|x| x.parse().expect("PIECES")).collect(),
            piece_width: v[1].parse().expect("PIECE_WIDTH"),
            budget: v[2].parse().expect("BUDGET"),
        };
        let (mut sum, mut ref_sum, mut nodes) = (0usize, 0u64, 0u64);
        for (i, (b, reference)) in boards.iter().enumerate() {
            let t = Instant::now();
            let found = solve(&set, None, b, &goal, &plan, &mut |_| false).expect("a plan");
            let moves = found.moves.expect("an answer");
            let end = b.apply_all(&moves).expect("the moves replay");
            assert_eq!(end.last(), Some(&goal));
            println!(
                "{i} {} ref {} pieces {} nodes {:.1} M {:.2?}",
                moves.len(),
                reference.unwrap_or(0),
                found.pieces,
                found.nodes as f64 / 1e6,
                t.elapsed()
            );
            sum += moves.len();
            ref_sum += reference.unwrap_or(0);
            nodes += found.nodes;
        }
        let c = boards.len() as f64;
        println!(
            "plan {p} width {width} views {}: mean {:.2} ref {:.2} nodes {:.1} M a board, {:.2?} a board",
            views.len(),
            sum as f64 / c,
            ref_sum as f64 / c,
            nodes as f64 / c / 1e6,
            started.elapsed() / boards.len() as u32
        );
        return;
    }
    for (i, (b, reference)) in boards.iter().enumerate() {
        let t = Instant::now();
        let mut lens: Vec<Option<usize>> = Vec::new();
        let mut best: Option<usize> = None;
        let mut best_moves = Vec::new();
        for v in &views {
            let bound = if bounded { best } else { None };
            let found = beam(&set, None, b, &goal, *v, width, 2000, bound, &mut |_| false).expect("a beam");
            match found {
                Beamed::Solved { moves, nodes, .. } => {
                    let end = b.apply_all(&moves).expect("the moves replay");
                    assert_eq!(end.last(), Some(&goal), "view {v:?} does not reach the goal");
                    lens.push(Some(moves.len()));
                    if best.is_none_or(|x| moves.len() < x) {
                        best_moves = moves.clone();
                    }
                    best = Some(best.map_or(moves.len(), |x| x.min(moves.len())));
                    nodes_sum += nodes;
                }
                Beamed::Failed { nodes, .. } => {
                    lens.push(None);
                    nodes_sum += nodes;
                }
                Beamed::Stopped { .. } => unreachable!("never stopped"),
            }
        }
        let mut best = best.expect("a view solves the board") as u64;
        for &(len, width, nviews) in &segs {
            let ts = Instant::now();
            let mut moves = best_moves.clone();
            let mut i = 0;
            let mut seg_nodes = 0u64;
            while i + 8 < moves.len() {
                let j = (i + len).min(moves.len());
                let boards = b.apply_all(&moves).expect("replay");
                let (from, to) = (&boards[i], &boards[j]);
                let mut piece: Option<Vec<npuzzle::board::Move>> = None;
                for v in View::first(nviews) {
                    let bound = Some(piece.as_ref().map_or(j - i, |p| p.len()));
                    let found = beam(&set, None, from, to, v, width, j - i, bound, &mut |_| false).expect("a beam");
                    match found {
                        Beamed::Solved { moves: m, nodes, .. } => {
                            seg_nodes += nodes;
                            piece = Some(m);
                        }
                        Beamed::Failed { nodes, .. } | Beamed::Stopped { nodes, .. } => seg_nodes += nodes,
                    }
                }
                if let Some(p) = piece {
                    let mut next = moves[..i].to_vec();
                    next.extend(p);
                    next.extend_from_slice(&moves[j..]);
                    moves = next;
                }
                i += len / 2;
            }
            let end = b.apply_all(&moves).expect("the moves replay");
            assert_eq!(end.last(), Some(&goal));
            println!("  segments {best} -> {} ({:.1} M nodes, {:.2?})", moves.len(), seg_nodes as f64 / 1e6, ts.elapsed());
            best = moves.len() as u64;
            best_moves = moves;
        }
        if let Some((window, window_nodes, passes)) = polish {
            let mut opts = ImproveOptions::for_board(w, h);
            (opts.window, opts.window_nodes, opts.passes) = (window, window_nodes, passes);
            let tp = Instant::now();
            let p = npuzzle::search::reduce_plus::improve::polish(b, best_moves.clone(), &opts, &mut |_| false);
            let end = b.apply_all(&p.moves).expect("the moves replay");
            assert_eq!(end.last(), Some(&goal));
            println!("  polish {best} -> {} ({} windows, {} nodes, {:.2?})", p.moves.len(), p.replaced, p.nodes, tp.elapsed());
            best = p.moves.len() as u64;
        }
        for (s, l) in sums.iter_mut().zip(&lens) {
            *s += l.unwrap_or(0) as u64;
        }
        best_sum += best;
        ref_sum += reference.unwrap_or(0);
        let shown: Vec<String> = lens.iter().map(|l| l.map_or("-".into(), |x| x.to_string())).collect();
        println!("{i} [{}] best {best} ref {} {:.2?}", shown.join(", "), reference.map_or("-".into(), |r| r.to_string()), t.elapsed());
    }
    let c = boards.len() as f64;
    let per: Vec<String> = sums.iter().map(|&s| format!("{:.2}", s as f64 / c)).collect();
    println!(
        "boards {} width {width} views {} mean per view {per:?} best {:.2} ref {:.2} nodes {:.1} M a board, {:.2?} a board",
        boards.len(),
        views.len(),
        best_sum as f64 / c,
        ref_sum as f64 / c,
        nodes_sum as f64 / c / 1e6,
        started.elapsed() / boards.len() as u32
    );
}
