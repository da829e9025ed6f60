//! The slide pattern database ([`npuzzle::heuristic::slide_pdb`]) against the breadth-first
//! oracle over slides of `npuzzle_testkit` (plain `Vec<u8>` boards and its own slide
//! arithmetic), its cache file, and the store's handling of it.

use npuzzle::board::Board;
use npuzzle::goal::Goal;
use npuzzle::heuristic::mtm::SlideWalk;
use npuzzle::heuristic::slide_pdb::{self, SlideBound, SlidePdb, LAYOUT_4X4};
use npuzzle::metric::{mtm_moves, Metric};
use npuzzle::search::{Algorithm, Limits};
use npuzzle::solve::{solve, Request, Status};
use npuzzle::tables::cache::{self, CacheError};
use npuzzle::tables::{TableEvent, Tables};
use npuzzle::{HeuristicKind, TableStore};
use npuzzle_testkit::{slide_distance, slide_distances, Rng};
use std::sync::{Arc, Mutex};

fn tiles(b: &Board) -> Vec<u8> {
    b.tiles().iter().map(|&t| t as u8).collect()
}

fn board(width: usize, height: usize, tiles: &[u8]) -> Board {
    Board::new(width, height, tiles.iter().map(|&t| t as u32).collect()).unwrap()
}

/// Every tile its own class: the table is the exact distance, and on 3×3 it equals the
/// oracle's on every board, for the goal with the blank last (looked up as it is and mirrored
/// in the diagonal through the blank) and first (turned half a turn, and mirrored in the other
/// diagonal).
#[test]
fn a_table_with_every_tile_its_own_class_is_the_exact_distance_on_every_3x3_board() {
    let layout = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let levels = Mutex::new(Vec::new());
    let pdb = Arc::new(SlidePdb::build(3, 3, &layout, &|d, filled| levels.lock().unwrap().push((d, filled)), None).unwrap());
    // The 181,440 boards of the goal's parity, the last at 24 slides (the published diameter).
    assert_eq!(levels.lock().unwrap().last(), Some(&(24, 181_440)));
    for goal in [Goal::BlankLast, Goal::BlankFirst] {
        let g = goal.board(3, 3).unwrap();
        let bound = SlideBound::new(pdb.clone(), &g).unwrap();
        assert_eq!(bound.views(), 2);
        let dist = slide_distances(3, 3, &tiles(&g));
        assert_eq!(dist.len(), 181_440);
        for (b, &d) in &dist {
            assert_eq!(bound.estimate_tiles(|c| b[c] as u32), d, "{goal:?} {b:?}");
        }
    }
    // A goal with the blank in the middle: no symmetry takes it to the layout's corner.
    assert!(SlideBound::new(pdb, &board(3, 3, &[1, 2, 3, 4, 0, 5, 6, 7, 8])).is_none());
}

/// A coarse 4×4 layout (three tiles, three tiles, nine): 1,601,600 words.
const COARSE: [u8; 16] = [1, 1, 1, 3, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 0];

/// On 4×4 the table's bound is 0 at the goal, changes by at most one a slide (consistent), never
/// exceeds the oracle's distance (admissible), and IDA* finds the oracle's optimum with it as
/// with the walking distance.
#[test]
fn a_coarse_4x4_table_is_admissible_and_consistent_and_keeps_the_optimum() {
    let pdb = Arc::new(SlidePdb::build(4, 4, &COARSE, &|_, _| {}, None).unwrap());
    assert_eq!(pdb.table().len(), 1_601_600);
    let mut rng = Rng(4);
    for goal in [Goal::BlankLast, Goal::BlankFirst] {
        let g = goal.board(4, 4).unwrap();
        let gt = tiles(&g);
        let bound = Arc::new(SlideBound::new(pdb.clone(), &g).unwrap());
        let est = |b: &Board| bound.estimate_tiles(|c| b.tiles()[c]);
        assert_eq!(est(&g), 0);
        let mut informed = 0;
        for _ in 0..300 {
            let b = board(4, 4, &rng.walk(4, 4, &gt, 400));
            let h = est(&b);
            informed += usize::from(h > 0);
            for (m, k, c) in mtm_moves(&b) {
                assert!(h.abs_diff(est(&c)) <= 1, "{b} then {m:?}{k}: {h} and {}", est(&c));
            }
        }
        assert!(informed > 250, "{informed}");
        let walk = Arc::new(SlideWalk::new(&g).unwrap());
        for _ in 0..4 {
            let start_tiles = rng.walk(4, 4, &gt, 13);
            let start = board(4, 4, &start_tiles);
            let d = slide_distance(4, 4, &start_tiles, &gt).unwrap();
            assert!(est(&start) <= d, "{start}: {} > {d}", est(&start));
            let run = |tables: Tables| {
                let mut req =
                    Request::new(start.clone(), g.clone()).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Pdb).metric(Metric::Mtm);
                req.tables = tables;
                solve(&req).unwrap()
            };
            let walking = run(Tables::none().with_mtm_walk(walk.clone()));
            let slides = run(Tables::none().with_mtm_walk(walk.clone()).with_mtm_slides(bound.clone()));
            assert_eq!((walking.status, slides.status), (Status::Solved, Status::Solved));
            assert_eq!((walking.cost, slides.cost), (Some(d as u64), Some(d as u64)), "{start}");
        }
        // A 4×4 analysis finds the optimum in slides, and the distance after each slide, with
        // the table in the request (as `TableStore::prepare_analysis` adds a cached one): the
        // oracle's, for a solution with a detour first.
        // (Optimal single-tile answers from IDA* on Manhattan distance: no tables to build.)
        let start_tiles = Rng(14).walk(4, 4, &gt, 14);
        let start = board(4, 4, &start_tiles);
        let mut req = Request::new(start.clone(), g.clone()).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Manhattan);
        let plain = npuzzle::analysis::analyse(&req, &[], npuzzle::notation::Reading::Blank, &mut |_, _| {}).unwrap();
        assert_eq!(plain.optimum.mtm, None, "no table, no optimum in slides beyond 12 cells");
        req.tables = req.tables.clone().with_mtm_slides(bound.clone());
        let best = solve(&req).unwrap().moves;
        let detour = if start.apply_all(&[npuzzle::board::Move::Up]).is_ok() { "UD" } else { "DU" };
        let written = format!("{detour}{}", npuzzle::board::moves_to_string(&best));
        let moves = npuzzle::notation::parse(&written, npuzzle::notation::Reading::Blank).unwrap();
        let a = npuzzle::analysis::analyse(&req, &moves, npuzzle::notation::Reading::Blank, &mut |_, _| {}).unwrap();
        let oracle = |b: &[u8]| slide_distance(4, 4, b, &gt).unwrap() as u64;
        assert_eq!(a.optimum.mtm, Some(oracle(&start_tiles)), "{start}");
        let ds = a.mtm_distances.as_ref().unwrap();
        let mut at = 0;
        for (k, (_, len)) in npuzzle::notation::runs(&moves).into_iter().enumerate() {
            at += len;
            let b = npuzzle_testkit::replay(4, 4, &start_tiles, &written[..at]).unwrap();
            assert_eq!(ds[k + 1], oracle(&b), "after slide {}", k + 1);
        }
        assert!(a.wasted_slides.as_ref().is_some_and(|w| !w.is_empty()), "the detour wastes a slide: {written}");
    }
}

/// The cache file: what is saved loads back the same; a flipped byte, a cut file or another
/// file type is refused as corrupt.
#[test]
fn a_slide_table_file_round_trips_and_a_damaged_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let layout = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let pdb = SlidePdb::build(3, 3, &layout, &|_, _| {}, None).unwrap();
    let path = dir.path().join(cache::slides_file_name(3, 3, &layout));
    assert_eq!(path.file_name().unwrap().to_str().unwrap(), "pdb-3x3-slides-123456780.mtm");
    cache::save_slides(&path, 3, 3, &layout, pdb.table()).unwrap();
    let (w, h, l, body) = cache::load_slides(&path).unwrap();
    assert_eq!((w, h, l.as_slice(), body.as_slice()), (3, 3, &layout[..], pdb.table()));
    assert!(SlidePdb::from_table(3, 3, &layout, body.into_boxed_slice()).is_ok());
    let good = std::fs::read(&path).unwrap();
    let corrupt = |bytes: &[u8]| {
        std::fs::write(&path, bytes).unwrap();
        matches!(cache::load_slides(&path), Err(CacheError::Corrupt { .. }))
    };
    let mut flipped = good.clone();
    let at = good.len() - 1000;
    flipped[at] ^= 1;
    assert!(corrupt(&flipped));
    assert!(corrupt(&good[..good.len() - 1]));
    assert!(corrupt(&good[..20]));
    assert!(corrupt(b"NPZPDB\0\nnot a slide table"));
    // A table whose length does not fit its layout.
    assert!(SlidePdb::from_table(3, 3, &layout, vec![0u8; 10].into_boxed_slice()).is_err());
}

/// The store: a corrupt cached 4×4 table is reported and never trusted, and is rebuilt (here
/// refused by a memory limit before anything is allocated); with no table at hand a multi-tile
/// run uses the walking distance alone and the note names the build; a goal the table cannot
/// serve gets neither a look in the cache nor the note.
#[test]
fn the_store_rebuilds_a_corrupt_slide_table_and_names_the_build() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(cache::slides_file_name(4, 4, &LAYOUT_4X4));
    std::fs::write(&path, b"NPZMTM\0\n damaged").unwrap();
    let events = Mutex::new(Vec::new());
    let on = |e: &TableEvent| events.lock().unwrap().push(format!("{e:?}"));
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    let small = TableStore::new(dir.path()).build_memory(Some(1 << 20));
    let e = small.slide_pdb(&goal, false, &on, None).unwrap_err();
    assert!(matches!(e, npuzzle::Error::Memory(_)), "{e}");
    assert!(events.lock().unwrap().iter().any(|e| e.starts_with("Corrupt")), "{:?}", events.lock().unwrap());
    std::fs::remove_file(&path).unwrap();
    let store = TableStore::new(dir.path());
    assert!(store.slide_pdb(&goal, false, &on, None).unwrap().is_none());

    let start = board(4, 4, &[4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    let mut req = Request::new(start, goal.clone()).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Pdb).metric(Metric::Mtm);
    req.limits = Limits { nodes: Some(1_000_000), ..Limits::default() };
    let notes = store.prepare_run(&mut req, None, &|_| {}, None).unwrap();
    assert!(notes.iter().any(|n| n.contains("npuzzle pdb build --size 4x4 --metric mtm")), "{notes:?}");
    assert!(req.tables.mtm_slides().is_none() && req.tables.mtm_walk().is_some());
    assert_eq!(solve(&req).unwrap().cost, Some(1));
    // An analysis of a 4×4 solve says the same: no optimum in slides without the table.
    let mut req = Request::auto(board(4, 4, &[4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]), goal.clone());
    let notes = store.prepare_analysis(&mut req, None, &|_| {}, None).unwrap();
    assert!(notes.iter().any(|n| n.contains("no optimum in slides") && n.contains("--metric mtm")), "{notes:?}");
    assert!(req.tables.mtm_slides().is_none());
    // 3×3 has the exact table: no note.
    let small = Goal::BlankLast.board(3, 3).unwrap();
    let mut req = Request::auto(small.clone(), small);
    assert!(store.prepare_analysis(&mut req, None, &|_| {}, None).unwrap().is_empty());

    // The blank in the middle of the board: no symmetry takes it to a corner.
    let middle = board(4, 4, &[1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    assert!(!slide_pdb::serves(4, 4, &LAYOUT_4X4, &middle));
    events.lock().unwrap().clear();
    assert!(store.slide_pdb(&middle, true, &on, None).unwrap().is_none());
    assert!(events.lock().unwrap().is_empty());
    let mut req = Request::new(middle.clone(), middle).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Pdb).metric(Metric::Mtm);
    assert!(store.prepare_run(&mut req, None, &|_| {}, None).unwrap().is_empty());
    // Boards without a layout.
    assert!(slide_pdb::layout_for(3, 3).is_none() && slide_pdb::layout_for(4, 3).is_none());
}
