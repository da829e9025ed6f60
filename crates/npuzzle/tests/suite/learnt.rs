//! The learnt estimate (`npuzzle::learnt`): the first layer updated move by move against a full
//! evaluation, the shipped weights against the trainer's own answers kept in the file, the file's
//! verification, and searches over it (never claimed optimal).

use npuzzle::board::Board;
use npuzzle::goal::Goal;
use npuzzle::learnt::{self, Check, Net, Weights};
use npuzzle::outcome::BoundSource;
use npuzzle::search::Algorithm;
use npuzzle::solve::{solve, Request, Status};
use npuzzle::tables::TableEvent;
use npuzzle::{Error, HeuristicKind, TableStore};
use npuzzle_testkit::{neighbours, replay, Rng, Scratch};
use std::sync::Mutex;

fn tiles(b: &Board) -> Vec<u8> {
    b.tiles().iter().map(|&t| t as u8).collect()
}

/// Random weights for a network of `n` cells.
fn random_weights(n: usize, h1: usize, h2: usize, seed: u64) -> Weights {
    let mut rng = Rng(seed);
    let mut r = |scale: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * scale;
    Weights {
        w1: (0..n * n * h1).map(|_| r(1.0)).collect(),
        b1: (0..h1).map(|_| r(0.5)).collect(),
        w2: (0..h1 * h2).map(|_| r(0.4)).collect(),
        b2: (0..h2).map(|_| r(0.2)).collect(),
        w3: (0..h2).map(|_| r(1.0)).collect(),
        b3: 1.0,
    }
}

/// A network of random weights for `width`×`height` boards with the blank last.
fn random_net(width: usize, height: usize, h1: usize, h2: usize, seed: u64) -> Net {
    let n = width * height;
    let w = random_weights(n, h1, h2, seed);
    Net::from_parts(width, height, n - 1, h1, h2, 512.0, 20.0, "random weights for a test", &w, Vec::new()).unwrap()
}

/// The pieces of a board of labels whose goal is the blank last: tile `t` belongs in cell
/// `t - 1`, the blank (0) in the last cell.
fn pieces(b: &[u8]) -> Vec<u8> {
    let n = b.len() as u8;
    b.iter().map(|&t| if t == 0 { n - 1 } else { t - 1 }).collect()
}

#[test]
fn the_first_layer_updated_move_by_move_equals_a_full_evaluation() {
    for (w, h, h1, h2) in [(3, 3, 16, 8), (4, 3, 32, 8), (6, 6, 64, 16), (7, 7, 48, 8)] {
        let net = random_net(w, h, h1, h2, (w * 10 + h) as u64);
        let goal = tiles(&Goal::BlankLast.board(w, h).unwrap());
        let mut rng = Rng(7 + w as u64);
        let mut board = goal.clone();
        let mut acc = vec![0; h1];
        net.first_layer(&pieces(&board), &mut acc);
        let (mut full, mut hidden) = (vec![0; h1], vec![0.0; h2]);
        for step in 0..400 {
            let next = neighbours(w, h, &board);
            let child = next[rng.below(next.len())].clone();
            // The cell the tile left is where the blank now is; it went to the blank's old cell.
            let from = child.iter().position(|&t| t == 0).unwrap();
            let to = board.iter().position(|&t| t == 0).unwrap();
            let piece = pieces(&board)[from];
            let ahead = net.output_after_slide(&acc, piece, from, to, &mut hidden);
            net.slide(&mut acc, piece, from, to);
            board = child;
            net.first_layer(&pieces(&board), &mut full);
            assert_eq!(acc, full, "{w}×{h}, step {step}: the updated sums differ from a full evaluation");
            let a = net.output(&acc, &mut hidden);
            assert_eq!(a.to_bits(), net.estimate(&pieces(&board)).to_bits(), "{w}×{h}, step {step}");
            assert_eq!(a.to_bits(), ahead.to_bits(), "{w}×{h}, step {step}: the child's estimate ahead of the move");
            assert_eq!(a.to_bits(), net.estimate_with(|c| pieces(&board)[c]).to_bits(), "{w}×{h}, step {step}");
        }
    }
}

#[test]
fn the_shipped_weights_give_the_trainers_own_answers() {
    let sizes = learnt::builtin_sizes();
    assert!(sizes.contains(&(6, 6)), "weights ship for 6×6: {sizes:?}");
    for (w, h) in sizes {
        let net = learnt::builtin(w, h).unwrap().unwrap();
        assert!(net.fits(&Goal::BlankLast.board(w, h).unwrap()));
        assert!(net.description().contains("npuzzle-learn"), "the recipe is kept: {}", net.description());
        assert!(net.checks().len() >= 8);
        for c in net.checks() {
            let ours = net.estimate(&c.pieces);
            // The trainer answers in f32 with its first layer unrounded; the library rounds that
            // layer to integers at the file's scale.
            assert!((ours - c.estimate).abs() < 0.05, "{w}×{h}: the library says {ours}, the trainer {}", c.estimate);
        }
        // A check that can fail: another board's answer is not this one's.
        let (a, b) = (&net.checks()[0], &net.checks()[7]);
        assert!((net.estimate(&a.pieces) - b.estimate).abs() > 0.05);
    }
    assert!(learnt::builtin(3, 3).is_none());
}

#[test]
fn a_weights_file_round_trips_and_a_damaged_one_is_refused() {
    let w = random_weights(9, 16, 8, 1);
    let plain = Net::from_parts(3, 3, 8, 16, 8, 512.0, 20.0, "without checks", &w, Vec::new()).unwrap();
    let board: Vec<u8> = vec![3, 0, 2, 6, 4, 5, 1, 7, 8];
    let check = Check { estimate: plain.estimate(&board), pieces: board };
    let net = Net::from_parts(3, 3, 8, 16, 8, 512.0, 20.0, "with a check", &w, vec![check]).unwrap();
    let bytes = net.encode();
    let back = Net::parse(&bytes).unwrap();
    assert_eq!(back.encode(), bytes);
    assert_eq!(back.units(), (16, 8));
    let corrupt = |b: &[u8]| match Net::parse(b) {
        Err(Error::Cache(m)) => assert!(m.contains("learnt weights"), "{m}"),
        other => panic!("a damaged file was not refused: {other:?}"),
    };
    // One bit flipped anywhere: in the magic, the header, the checksum, the layers, the checks.
    for at in [0, 9, 14, 30, bytes.len() / 2, bytes.len() - 3] {
        let mut b = bytes.clone();
        b[at] ^= 0x10;
        corrupt(&b);
    }
    corrupt(&bytes[..bytes.len() - 1]);
    corrupt(&bytes[..40]);
    corrupt(&[]);
    let mut longer = bytes.clone();
    longer.push(0);
    corrupt(&longer);
}

#[test]
fn the_cache_s_weights_are_read_and_a_corrupt_file_is_passed_over() {
    let scratch = Scratch::new("learnt-cache");
    let goal = Goal::BlankLast.board(6, 6).unwrap();
    // A corrupt file under the 6×6 name: reported, passed over for the shipped weights.
    std::fs::write(scratch.path().join(learnt::file_name(6, 6, 35)), b"NPZNET\0\nnot really").unwrap();
    let events = Mutex::new(Vec::new());
    let on = |e: &TableEvent| events.lock().unwrap().push(format!("{e:?}"));
    let store = TableStore::new(scratch.path());
    let net = store.learnt(&goal, &on).unwrap();
    assert_eq!(net.encode(), learnt::builtin(6, 6).unwrap().unwrap().encode());
    assert!(events.lock().unwrap().iter().any(|e| e.starts_with("Corrupt")), "{:?}", events.lock().unwrap());
    // A good file for a size that ships none: read and used.
    let small = random_net(3, 3, 16, 8, 3);
    std::fs::write(scratch.path().join(learnt::file_name(3, 3, 8)), small.encode()).unwrap();
    let goal3 = Goal::BlankLast.board(3, 3).unwrap();
    let got = TableStore::new(scratch.path()).learnt(&goal3, &|_| {}).unwrap();
    assert_eq!(got.encode(), small.encode());
    // No file and none shipped: unprepared, with what to do.
    match TableStore::in_memory().learnt(&goal3, &|_| {}) {
        Err(Error::Unprepared(m)) => assert!(m.contains("npuzzle-learn") && m.contains("learnt-3x3-b8.npnet"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn searches_over_the_learnt_estimate_replay_and_are_never_claimed_optimal() {
    assert!(!HeuristicKind::Learnt.is_admissible());
    assert!(HeuristicKind::ALL.iter().filter(|&&k| k != HeuristicKind::Learnt).all(|k| k.is_admissible()));
    let goal = Goal::BlankLast.board(6, 6).unwrap();
    let store = TableStore::in_memory();
    let mut rng = Rng(66);
    for (alg, walk) in [(Algorithm::Astar, 12), (Algorithm::Greedy, 16), (Algorithm::Idastar, 8)] {
        let start = rng.walk(6, 6, &tiles(&goal), walk);
        let start_board = Board::new(6, 6, start.iter().map(|&t| t as u32).collect()).unwrap();
        let mut req = Request::new(start_board, goal.clone()).algorithm(alg).heuristic(HeuristicKind::Learnt);
        req.limits.nodes = Some(2_000_000);
        store.prepare_run(&mut req, None, &|_| {}, None).unwrap();
        assert!(!req.guarantees_optimal(), "{alg} over the learnt estimate");
        let out = solve(&req).unwrap();
        assert_eq!(out.status, Status::Solved, "{alg}");
        // Optimal only where the answer meets Manhattan distance plus linear conflicts, which
        // proves it whatever the search.
        if out.lower_bound_from == Some(BoundSource::Optimal) {
            assert_eq!(
                out.length,
                Some(npuzzle::heuristic::lower_bound(&req.start, &goal)),
                "{alg}: claimed optimal over the learnt estimate"
            );
        }
        let letters: String = out.moves.iter().map(|m| m.letter()).collect();
        assert_eq!(replay(6, 6, &start, &letters).as_deref(), Some(&tiles(&goal)[..]), "{alg}: {letters}");
    }
}
