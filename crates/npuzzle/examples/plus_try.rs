use npuzzle::generate::{random_solvable, Rng};
use npuzzle::improve::{improve, ImproveOptions};
use npuzzle::reduce::{ExactFinisher, ReduceOptions};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let side: usize = a[1].parse().unwrap();
    let width: usize = a[2].parse().unwrap();
    let count: u64 = a[3].parse().unwrap();
    let cells: usize = a[4].parse().unwrap();
    let nv: usize = a[6].parse().unwrap();
    let goal = npuzzle::goal::Goal::BlankLast.board(side, side).unwrap();
    let mut finisher = ExactFinisher::build(&goal, &ReduceOptions::default()).unwrap();
    let (mut sr, mut st) = (0.0, 0.0);
    for seed in 1..=count {
        let start = random_solvable(&goal, &mut Rng::new(seed));
        let md = npuzzle::heuristic::manhattan_distance(&start, &goal);
        let t = std::time::Instant::now();
        let passes: usize = a[5].parse().unwrap();
        let mut opts = ImproveOptions { beam_width: width, beam_cells: cells, passes, ..ImproveOptions::for_board(side, side) };
        opts.variants.truncate(nv);
        if let Some(x) = a.get(7) { opts.window_nodes = x.parse().unwrap(); }
        if let Some(x) = a.get(8) { opts.window = x.parse().unwrap(); }
        let d = improve(&start, &goal, &opts, &mut finisher, &mut |_| false).unwrap();
        let b = start.apply_all(&d.moves).unwrap();
        assert_eq!(b.last().unwrap(), &goal);
        let r = d.moves.len() as f64 / md as f64;
        let e = t.elapsed().as_secs_f64();
        sr += r; st += e;
        println!("seed {seed} md {md} moves {} ratio {r:.3} staged {:?} reduce {} {e:.2}s", d.moves.len(), d.staged_moves, d.reduce_moves);
    }
    println!("mean ratio {:.3} mean time {:.2}", sr / count as f64, st / count as f64);
}
