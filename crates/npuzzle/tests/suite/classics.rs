//! The classic heuristics of `npuzzle::heuristic::classics` against exact distances: every
//! board of 3×3 (four goals: the blank in a corner, in the other corner, in the centre, on an
//! edge), every board of 2×4, 4×2, 2×5 and 5×2, and sampled 3×4 and 4×4 boards solved optimally.
//! Each heuristic's declared `ADMISSIBLE` and `CONSISTENT` are what these find.

use npuzzle::board::Board;
use npuzzle::generate::{random_walk, Rng};
use npuzzle::goal::Goal;
use npuzzle::heuristic::classics::{Classic, Gaschnig, LcCorner, OutOfLine, WalkingDistance};
use npuzzle::heuristic::exact::{perm_unrank, ExactTable};
use npuzzle::search::Algorithm;
use npuzzle::solve::{solve, Request, Status};
use npuzzle::{Error, HeuristicKind};

fn parse(text: &str) -> Board {
    npuzzle::parse::parse_board(text).unwrap()
}

fn bytes(b: &Board) -> Vec<u8> {
    b.tiles().iter().map(|&t| t as u8).collect()
}

/// Every board that reaches `goal`, with its exact distance, from the exact table.
fn every_board(goal: &Board) -> Vec<(Vec<u8>, u32)> {
    let (w, h) = (goal.width(), goal.height());
    let table = ExactTable::build(w, h, goal.blank()).unwrap();
    let n = w * h;
    let goal_tiles = bytes(goal);
    let mut perm = vec![0u8; n];
    let mut out = Vec::with_capacity(table.reachable());
    for r in 0..ExactTable::entries(w, h) {
        perm_unrank(r, &mut perm);
        // perm[cell] is the goal cell of the tile there.
        if let Some(d) = table.distance(&perm) {
            out.push((perm.iter().map(|&p| goal_tiles[p as usize]).collect(), d as u32));
        }
    }
    out
}

/// The boards one move from `tiles`.
fn neighbours(w: usize, h: usize, tiles: &[u8]) -> Vec<Vec<u8>> {
    let b = tiles.iter().position(|&t| t == 0).unwrap();
    let (r, c) = (b / w, b % w);
    let mut out = Vec::new();
    for (ok, to) in [(r > 0, b.wrapping_sub(w)), (r + 1 < h, b + w), (c > 0, b.wrapping_sub(1)), (c + 1 < w, b + 1)] {
        if ok {
            let mut t = tiles.to_vec();
            t.swap(b, to);
            out.push(t);
        }
    }
    out
}

/// What one heuristic did on every board of a goal: its largest excess over the exact
/// distance (with a board that shows it), and its largest drop over one move (with the move).
#[derive(Debug)]
struct Found {
    boards: usize,
    worst_excess: i64,
    excess_at: Option<(Vec<u8>, u32, u32)>,
    worst_drop: i64,
    drop_at: Option<(Vec<u8>, u32, Vec<u8>, u32)>,
}

fn examine<H: Classic>(goal: &Board, boards: &[(Vec<u8>, u32)]) -> Found {
    let heur = H::new(goal).unwrap();
    let (w, h) = (goal.width(), goal.height());
    assert_eq!(heur.estimate(&bytes(goal)), 0, "{}: h(goal) = 0 for {goal}", H::INFO.name);
    let mut found = Found { boards: boards.len(), worst_excess: i64::MIN, excess_at: None, worst_drop: i64::MIN, drop_at: None };
    for (tiles, d) in boards {
        let v = heur.estimate(tiles);
        let excess = v as i64 - *d as i64;
        if excess > found.worst_excess {
            found.worst_excess = excess;
            found.excess_at = Some((tiles.clone(), v, *d));
        }
        for next in neighbours(w, h, tiles) {
            let v2 = heur.estimate(&next);
            // Consistency under unit costs: h(n) ≤ 1 + h(n') for every move n → n'.
            let drop = v as i64 - v2 as i64;
            if drop > found.worst_drop {
                found.worst_drop = drop;
                found.drop_at = Some((tiles.clone(), v, next, v2));
            }
        }
    }
    found
}

fn goals_3x3() -> Vec<Board> {
    let mut g: Vec<Board> = [Goal::BlankLast, Goal::BlankFirst, Goal::Snail].iter().map(|g| g.board(3, 3).unwrap()).collect();
    // The blank on an edge, not in a corner or the centre.
    g.push(parse("1 0 2/3 4 5/6 7 8"));
    g
}

/// Checks `H` on every board of every goal given: admissible (the worst excess is at most 0)
/// exactly when it says so, consistent (no move drops it by more than one) exactly when it says
/// so. Returns what was found, goal by goal.
fn check<H: Classic>(goals: &[Board]) -> Vec<Found> {
    let mut all = Vec::new();
    for goal in goals {
        let boards = every_board(goal);
        let f = examine::<H>(goal, &boards);
        if H::INFO.admissible {
            assert!(f.worst_excess <= 0, "{} overestimates on {goal}: {:?}", H::INFO.name, f.excess_at);
        }
        if H::INFO.consistent {
            assert!(f.worst_drop <= 1, "{} is inconsistent on {goal}: {:?}", H::INFO.name, f.drop_at);
        }
        all.push(f);
    }
    let name = H::INFO.name;
    if !H::INFO.admissible {
        assert!(all.iter().any(|f| f.worst_excess > 0), "{name} is declared inadmissible but never overestimates");
    }
    if !H::INFO.consistent {
        assert!(all.iter().any(|f| f.worst_drop > 1), "{name} is declared inconsistent but no move drops it by more than one");
    }
    all
}

#[test]
fn gaschnig_on_every_3x3_board() {
    let found = check::<Gaschnig>(&goals_3x3());
    assert!(found.iter().all(|f| f.boards == 181_440));
}

#[test]
fn out_of_line_on_every_3x3_board() {
    check::<OutOfLine>(&goals_3x3());
}

#[test]
fn walking_distance_on_every_3x3_board() {
    check::<WalkingDistance>(&goals_3x3());
}

#[test]
fn lc_corner_on_every_3x3_board() {
    let found = check::<LcCorner>(&goals_3x3());
    for (goal, f) in goals_3x3().iter().zip(&found) {
        eprintln!(
            "lc-corner on {goal}: worst excess {} at {:?}; worst drop {} at {:?}",
            f.worst_excess, f.excess_at, f.worst_drop, f.drop_at
        );
    }
}

/// The exact distance of `board` to `goal` (boards of up to 10 cells).
fn exact(board: &Board, goal: &Board) -> u32 {
    let e = npuzzle::heuristic::exact::ExactHeuristic::build(goal).unwrap();
    e.distance_tiles(|c| board.tiles()[c]).unwrap() as u32
}

#[test]
fn the_paper_read_literally_overestimates() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let (literal, sound) = (LcCorner::literal(&goal).unwrap(), LcCorner::new(&goal).unwrap());
    // The blank holds tile 7's corner and tile 4 is at home: the literal corner rule adds 2 to
    // Manhattan distance's 2, but tile 8 walks in beside tile 4, which never moves.
    // Tile 8 makes room at tile 7's corner and is far from the last move: counted twice.
    for (text, moves, read) in [("1 2 3/4 5 6/0 7 8", 2, 4), ("1 2 3/5 7 6/4 8 0", 6, 8)] {
        let b = parse(text);
        assert_eq!(exact(&b, &goal), moves, "{text}");
        assert_eq!(literal.estimate(&bytes(&b)), read, "{text}");
        assert!(sound.estimate(&bytes(&b)) <= moves, "{text}");
    }
    let boards = every_board(&goal);
    let over: Vec<i64> = boards.iter().map(|(t, d)| literal.estimate(t) as i64 - *d as i64).filter(|&x| x > 0).collect();
    assert_eq!((over.len(), over.iter().max().copied()), (1790, Some(6)));
    assert_eq!(npuzzle::heuristic::lc_corner::LITERAL_ADMISSIBLE, over.is_empty());
}

#[test]
fn lc_corner_drops_by_three_in_one_move() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let h = LcCorner::new(&goal).unwrap();
    let (a, b) = (parse("1 2 3/4 5 8/6 0 7"), parse("1 2 3/4 5 8/0 6 7"));
    assert_eq!((h.estimate(&bytes(&a)), h.estimate(&bytes(&b))), (9, 6));
    assert!(neighbours(3, 3, &bytes(&a)).contains(&bytes(&b)));
}

/// The textbook board, to the blank-last goal, worked by hand.
#[test]
fn hand_worked_values() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let board = parse("8 1 3/4 0 2/7 6 5");
    let t = bytes(&board);
    // Gaschnig. Follow each cell to the goal cell of its tile (cells 0–8 row-major; tile t
    // belongs in cell t − 1, the blank in cell 8): 0 (tile 8) → 7 (tile 6) → 5 (tile 2) → 1
    // (tile 1) → 0, a cycle of four misplaced tiles without the blank: 4 + 1 swaps; 4 (blank)
    // → 8 (tile 5) → 4, a cycle through the blank: 2 − 1 = 1 swap; 3, 4 and 7 are home.
    // 6 swaps: the blank takes tile 5 home (it is then home itself), then goes into the
    // cycle by swapping with tile 8 and places 1, 2, 6 and 8.
    assert_eq!(Gaschnig::new(&goal).unwrap().estimate(&t), 6);
    // Out of row: 8 (row 0, goal row 2), 2 (row 1, goal 0), 6 and 5 (row 2, goal 1): 4.
    // Out of column: 8 (col 0, goal 1), 1 (col 1, goal 0), 2 (col 2, goal 1), 6 (col 1, goal
    // 2), 5 (col 2, goal 1): 5. In all 9.
    assert_eq!(OutOfLine::new(&goal).unwrap().estimate(&t), 9);
    // LC-corner. Manhattan: 8: 2 + 1, 1: 1, 2: 1 + 1, 6: 1 + 1, 5: 1 + 1, in all 10. No line
    // holds two of its own tiles out of order: no linear conflict. Corner 0 holds tile 8, not
    // its own 1: of its neighbours' tiles, 2 is away and 4 is home (and in no conflict), +2;
    // corners 2 and 6 hold their tiles. The last move: tile 8 (goal left of the blank's) stands
    // in column 0, beyond its column 1 away from the blank's column 2: far; tile 6 (goal above
    // the blank's) stands in row 2, the blank's row: not far; no term. 10 + 2 = 12.
    assert_eq!(LcCorner::new(&goal).unwrap().estimate(&t), 12);
    // The board is 14 moves from the goal at best.
    assert_eq!(exact(&board, &goal), 14);
}

/// Walking distance is never below Manhattan distance (the tiles of one goal line share a
/// target, so bringing them home along an axis takes their Manhattan moves along it at
/// least); out-of-line lies between misplaced tiles and Manhattan distance; Gaschnig is never
/// below misplaced tiles.
#[test]
fn orderings_on_every_3x3_board() {
    for goal in goals_3x3() {
        let (g, o, wd, lcc) = (
            Gaschnig::new(&goal).unwrap(),
            OutOfLine::new(&goal).unwrap(),
            WalkingDistance::new(&goal).unwrap(),
            LcCorner::new(&goal).unwrap(),
        );
        let home = bytes(&goal);
        for (t, _) in every_board(&goal) {
            let mut misplaced = 0;
            let mut md = 0;
            for (c, &x) in t.iter().enumerate() {
                if x != 0 {
                    let g = home.iter().position(|&y| y == x).unwrap();
                    misplaced += (g != c) as u32;
                    md += ((g / 3).abs_diff(c / 3) + (g % 3).abs_diff(c % 3)) as u32;
                }
            }
            assert!(g.estimate(&t) >= misplaced, "{t:?}");
            assert!(misplaced <= o.estimate(&t) && o.estimate(&t) <= md, "{t:?}");
            assert!(wd.estimate(&t) >= md, "{t:?}");
            assert!(lcc.estimate(&t) >= md, "{t:?}");
        }
    }
}

/// Every board of `w`×`h` for two goals: the heuristics declared admissible never overestimate,
/// those declared consistent never drop by more than one a move.
fn every_board_of(sizes: &[(usize, usize)]) {
    for &(w, h) in sizes {
        for goal in [Goal::BlankLast.board(w, h).unwrap(), Goal::BlankFirst.board(w, h).unwrap()] {
            let boards = every_board(&goal);
            let f = [
                examine::<Gaschnig>(&goal, &boards),
                examine::<OutOfLine>(&goal, &boards),
                examine::<WalkingDistance>(&goal, &boards),
                examine::<LcCorner>(&goal, &boards),
            ];
            for (about, f) in [Gaschnig::INFO, OutOfLine::INFO, WalkingDistance::INFO, LcCorner::INFO].iter().zip(&f) {
                if about.admissible {
                    assert!(f.worst_excess <= 0, "{} overestimates on {goal}: {:?}", about.name, f.excess_at);
                }
                if about.consistent {
                    assert!(f.worst_drop <= 1, "{} is inconsistent on {goal}: {:?}", about.name, f.drop_at);
                }
            }
        }
    }
}

#[test]
fn every_board_of_2x4_and_4x2() {
    every_board_of(&[(4, 2), (2, 4)]);
}

#[test]
fn every_board_of_5x2() {
    every_board_of(&[(5, 2)]);
}

#[test]
fn every_board_of_2x5() {
    every_board_of(&[(2, 5)]);
}

/// The optimal length from `start` to `goal` by IDA* with Manhattan distance.
fn optimal(start: &Board, goal: &Board) -> u32 {
    let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Manhattan)).unwrap();
    assert_eq!(out.status, Status::Solved);
    out.length.unwrap() as u32
}

/// Sampled boards of `w`×`h`: random walks from two goals, solved optimally.
fn sampled(w: usize, h: usize, walks: usize, lengths: std::ops::RangeInclusive<usize>, seed: u64) {
    let mut rng = Rng::new(seed);
    for goal in [Goal::BlankLast.board(w, h).unwrap(), Goal::BlankFirst.board(w, h).unwrap()] {
        let (g, o, wd, lcc) = (
            Gaschnig::new(&goal).unwrap(),
            OutOfLine::new(&goal).unwrap(),
            WalkingDistance::new(&goal).unwrap(),
            LcCorner::new(&goal).unwrap(),
        );
        for _ in 0..walks {
            let k = *lengths.start() + rng.below((lengths.end() - lengths.start() + 1) as u64) as usize;
            let (start, _) = random_walk(&goal, k, &mut rng);
            let t = bytes(&start);
            let d = optimal(&start, &goal);
            for (name, v) in [
                ("gaschnig", g.estimate(&t)),
                ("out-of-line", o.estimate(&t)),
                ("walking-distance", wd.estimate(&t)),
                ("lc-corner", lcc.estimate(&t)),
            ] {
                assert!(v <= d, "{name} gives {v} > {d} on {start} to {goal}");
            }
        }
    }
}

#[test]
fn sampled_4x4_boards_against_optimal_solutions() {
    sampled(4, 4, 30, 25..=50, 0x15);
}

#[test]
fn sampled_3x4_boards_against_optimal_solutions() {
    sampled(4, 3, 30, 20..=40, 0x34);
    sampled(3, 4, 30, 20..=40, 0x43);
}

#[test]
fn sizes_refused_and_served() {
    for (w, h) in [(17, 16), (20, 20)] {
        let goal = Goal::BlankLast.board(w, h).unwrap();
        let size = format!("{w}×{h}");
        let errors =
            [Gaschnig::new(&goal).err(), OutOfLine::new(&goal).err(), WalkingDistance::new(&goal).err(), LcCorner::new(&goal).err()];
        for e in errors {
            assert!(matches!(&e, Some(Error::Unsupported(m)) if m.contains(&size)), "{e:?}");
        }
    }
    // Each abstract space is counted before anything is built: 5×5 has 65,650,495 states an
    // axis, 6×3 50,388,240 (columns), 7×2 16,854,390 (columns), 5×4 5,977,015 (columns); 6×6
    // too many to count.
    for (w, h) in [(5, 5), (6, 3), (3, 6), (7, 2), (5, 4), (4, 5), (6, 6)] {
        let e = WalkingDistance::new(&Goal::BlankLast.board(w, h).unwrap()).err();
        assert!(matches!(&e, Some(Error::Unsupported(m)) if m.contains(&format!("{w}×{h}"))), "{e:?}");
    }
    for (w, h) in [(2, 2), (3, 3), (4, 4), (5, 3), (3, 5), (6, 2), (2, 6)] {
        let goal = Goal::BlankFirst.board(w, h).unwrap();
        assert!(WalkingDistance::new(&goal).is_ok(), "{w}×{h}");
    }
    let wd = WalkingDistance::new(&Goal::BlankLast.board(4, 4).unwrap()).unwrap();
    assert_eq!(wd.sizes(), (24_964, 24_964), "Takahashi's count for 4×4");
}

/// Through the registry: each classic is read by its name, estimates what its struct
/// estimates, and runs through `solve` like any heuristic; A* with it finds optimal answers on
/// sampled 3×3 boards (against the exact table), and says "optimal" exactly where its claims
/// prove it (A* reopens states by default, so admissibility suffices).
#[test]
fn each_classic_runs_through_the_registry() {
    use npuzzle::heuristic::{Heuristic, HeuristicKind as K};
    let kinds = [
        (K::Gaschnig, Gaschnig::INFO),
        (K::OutOfLine, OutOfLine::INFO),
        (K::WalkingDistance, WalkingDistance::INFO),
        (K::LcCorner, LcCorner::INFO),
    ];
    let mut rng = Rng::new(0x65);
    for goal in [Goal::BlankLast.board(3, 3).unwrap(), Goal::Snail.board(3, 3).unwrap()] {
        let table = ExactTable::build(3, 3, goal.blank()).unwrap();
        let (g, o, wd, lcc) = (
            Gaschnig::new(&goal).unwrap(),
            OutOfLine::new(&goal).unwrap(),
            WalkingDistance::new(&goal).unwrap(),
            LcCorner::new(&goal).unwrap(),
        );
        for (kind, info) in kinds {
            assert_eq!((kind.name(), kind.claims().admissible.holds()), (info.name, info.admissible), "{kind}");
            assert_eq!(info.name.parse::<K>().unwrap(), kind);
            let h = Heuristic::formula(kind, &goal).unwrap();
            for _ in 0..20 {
                let (start, _) = random_walk(&goal, 10 + rng.below(30) as usize, &mut rng);
                let t = bytes(&start);
                let direct = match kind {
                    K::Gaschnig => g.estimate(&t),
                    K::OutOfLine => o.estimate(&t),
                    K::WalkingDistance => wd.estimate(&t),
                    _ => lcc.estimate(&t),
                };
                assert_eq!(h.estimate_board(&start).ceil_moves(), direct as u64, "{kind} on {start}");
                let req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Astar).heuristic(kind);
                let out = solve(&req).unwrap();
                assert_eq!(out.status, Status::Solved);
                let perm = perm_of(&start, &goal);
                assert_eq!(out.length.unwrap() as u32, table.distance(&perm).unwrap() as u32, "{kind} on {start}");
                assert_eq!(npuzzle::solve::Report::new(&req, &out).optimal, info.admissible, "{kind}: optimal claimed as proven");
            }
        }
    }
}

/// `perm[cell]`: the goal cell of the tile `board` holds there.
fn perm_of(board: &Board, goal: &Board) -> Vec<u8> {
    let cell = goal.positions();
    board.tiles().iter().map(|&t| cell[t as usize] as u8).collect()
}
