//! The local searches (hill climbing, first choice, random restarts, simulated annealing, local
//! beam): reproducible from their seed, every solution replays to the goal, stuck runs say why,
//! limits stop them, their options are checked, and their traces say what they did.

use npuzzle::generate::{random_solvable, Rng};
use npuzzle::goal::Goal;
use npuzzle::parse::parse_board;
use npuzzle::record::{Event, Recorder};
use npuzzle::render::trace::{render_text, Setup};
use npuzzle::search::{Keeps, LimitKind, Limits, Param, Params, Step, Stuck, Why};
use npuzzle::solve::{solve, solve_observed, Report, Request, Status};
use npuzzle::spec::Spec;
use npuzzle::{Algorithm, Board, HeuristicKind};

fn local_algorithms() -> Vec<Algorithm> {
    Algorithm::ALL.iter().copied().filter(|a| a.info().local()).collect()
}

fn goal3() -> Board {
    Goal::BlankLast.board(3, 3).unwrap()
}

fn boards(n: usize, seed: u64) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| random_solvable(&goal3(), &mut rng)).collect()
}

fn req(start: &Board, a: Algorithm, local: Params) -> Request {
    Request::new(start.clone(), goal3()).algorithm(a).params(local)
}

fn seeded(seed: u64) -> Params {
    Params { seed: Some(seed), ..Params::default() }
}

#[test]
fn all_five_are_registered_with_their_info() {
    let names: Vec<&str> = local_algorithms().iter().map(|a| a.name()).collect();
    assert_eq!(names, ["hill-climbing", "first-choice", "random-restart", "annealing", "local-beam"]);
    for a in local_algorithms() {
        let info = a.info();
        assert!(!info.optimal && info.uses_heuristic, "{a}");
        assert_eq!(info.keeps, Keeps::FewBoards, "{a}");
        assert!(info.takes(Param::Seed) && info.takes(Param::MaxSteps), "{a}");
        assert!(info.summary.contains("local search"), "{a}: {}", info.summary);
        assert!(info.pseudocode[0].text.starts_with("function "), "{a}");
        for step in [Step::Start, Step::Evaluate, Step::Move, Step::Goal, Step::Fail] {
            assert!(!info.lines_for(step).is_empty(), "{a}: no pseudocode line for {step:?}");
        }
        assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
    }
    assert!(Algorithm::RandomRestart.info().takes(Param::Restarts));
    assert!(Algorithm::Annealing.info().takes(Param::Temperature) && Algorithm::Annealing.info().takes(Param::Cooling));
    assert!(Algorithm::LocalBeam.info().takes(Param::BeamWidth) && Algorithm::LocalBeam.info().takes(Param::Stochastic));
    assert!(!Algorithm::HillClimbing.info().takes(Param::Restarts));
    assert!(!Algorithm::RandomRestart.info().lines_for(Step::Restart).is_empty());
    assert!(!Algorithm::Annealing.info().lines_for(Step::Reject).is_empty());
    // The systematic searches are not local.
    assert!(!Algorithm::Astar.info().local() && Algorithm::Astar.info().keeps == Keeps::NodePerMove);
}

#[test]
fn the_same_seed_gives_the_same_run_and_another_seed_another() {
    let stochastic = Params { stochastic: Some(true), ..Params::default() };
    for a in local_algorithms() {
        let mut differ = false;
        for b in boards(12, 7) {
            let base = if a == Algorithm::LocalBeam { stochastic } else { Params::default() };
            let one = solve(&req(&b, a, Params { seed: Some(5), ..base })).unwrap();
            let two = solve(&req(&b, a, Params { seed: Some(5), ..base })).unwrap();
            assert_eq!((one.status, &one.moves, one.stuck), (two.status, &two.moves, two.stuck), "{a} on {b}");
            assert_eq!((one.stats.expanded, one.stats.generated), (two.stats.expanded, two.stats.generated), "{a} on {b}");
            let other = solve(&req(&b, a, Params { seed: Some(6), ..base })).unwrap();
            differ |= other.moves != one.moves || other.stats.generated != one.stats.generated;
        }
        assert!(differ, "{a}: seeds 5 and 6 made the same runs on every board");
    }
}

#[test]
fn every_solution_replays_to_the_goal_and_is_never_called_optimal() {
    for a in local_algorithms() {
        let mut solved = 0;
        for (i, b) in boards(30, 11).iter().enumerate() {
            let r = req(b, a, seeded(i as u64));
            let out = solve(&r).unwrap();
            let report = Report::new(&r, &out);
            assert!(!report.optimal, "{a}");
            assert_eq!(report.seed, Some(i as u64), "{a}");
            match out.status {
                Status::Solved => {
                    solved += 1;
                    let path = b.apply_all(&out.moves).expect("legal moves");
                    assert_eq!(path.last().unwrap(), &goal3(), "{a} on {b}");
                    assert_eq!(out.cost, Some(out.moves.len() as u64));
                }
                Status::NotFound => assert!(out.stuck.is_some() && out.moves.is_empty(), "{a}"),
                s => panic!("{a} on {b}: {s:?}"),
            }
        }
        // Annealing and random restarts with their defaults solve nearly every 8-puzzle.
        if matches!(a, Algorithm::Annealing | Algorithm::RandomRestart) {
            assert!(solved >= 27, "{a}: {solved} of 30");
        }
    }
    // The start already the goal: solved with no moves.
    for a in local_algorithms() {
        let out = solve(&req(&goal3(), a, seeded(1))).unwrap();
        assert_eq!((out.status, out.cost), (Status::Solved, Some(0)), "{a}");
    }
}

/// The first board on which `a` (with `local`, heuristic `h`) stops with a reason of `kind`.
fn stuck_somewhere(a: Algorithm, h: HeuristicKind, local: Params, kind: fn(&Stuck) -> bool) -> (Board, Stuck) {
    for b in boards(200, 3) {
        let out = solve(&req(&b, a, local).heuristic(h)).unwrap();
        if let Some(s) = out.stuck.filter(kind) {
            assert_eq!(out.status, Status::NotFound);
            return (b, s);
        }
    }
    panic!("{a}: no board gave the reason asked for");
}

#[test]
fn stuck_runs_are_not_found_with_the_reason() {
    // Manhattan distance changes by exactly one a move: hill climbing meets local minima.
    let (b, s) = stuck_somewhere(Algorithm::HillClimbing, HeuristicKind::Manhattan, seeded(1), |s| matches!(s, Stuck::LocalMinimum { .. }));
    let out = solve(&req(&b, Algorithm::HillClimbing, seeded(1))).unwrap();
    assert!(out.summary().starts_with("not found: stuck at a local minimum"), "{}", out.summary());
    assert_eq!(out.stuck, Some(s));
    // Misplaced tiles has plateaus: with no sideways moves allowed, a plateau stops the climb.
    let (_, s) = stuck_somewhere(Algorithm::HillClimbing, HeuristicKind::Misplaced, seeded(1), |s| matches!(s, Stuck::Plateau { .. }));
    assert!(matches!(s, Stuck::Plateau { sideways: 0, .. }));
    // With 5 allowed, it stops after exactly 5 in a row.
    let five = Params { sideways: Some(5), ..seeded(1) };
    let (_, s) = stuck_somewhere(Algorithm::HillClimbing, HeuristicKind::Misplaced, five, |s| matches!(s, Stuck::Plateau { .. }));
    assert!(matches!(s, Stuck::Plateau { sideways: 5, .. }), "{s:?}");
    let (_, s) = stuck_somewhere(Algorithm::FirstChoice, HeuristicKind::Manhattan, seeded(1), |s| matches!(s, Stuck::LocalMinimum { .. }));
    assert!(s.to_string().contains("local minimum"));
    // Random restarts: none allowed, and the one climb fails.
    let none = Params { restarts: Some(0), ..seeded(1) };
    let (_, s) = stuck_somewhere(Algorithm::RandomRestart, HeuristicKind::Manhattan, none, |_| true);
    assert!(matches!(s, Stuck::RestartsExhausted { restarts: 0, .. }), "{s:?}");
    // Annealing that starts below its floor stops at once; a fast schedule stops at the floor.
    let b = parse_board("8 1 3 4 0 2 7 6 5").unwrap();
    let cold = Params { temperature: Some(0.005), ..seeded(1) };
    let out = solve(&req(&b, Algorithm::Annealing, cold)).unwrap();
    assert_eq!(out.stuck, Some(Stuck::TemperatureFloor { h: npuzzle::Cost::moves(10), steps: 0 }));
    let fast = Params { temperature: Some(1.0), cooling: Some(0.5), ..seeded(1) };
    let out = solve(&req(&b, Algorithm::Annealing, fast)).unwrap();
    // 1 · 0.5^t < 0.01 first at t = 7.
    assert!(matches!(out.stuck, Some(Stuck::TemperatureFloor { steps: 7, .. })), "{:?}", out.stuck);
    assert!(out.summary().contains("temperature fell below its floor"), "{}", out.summary());
}

#[test]
fn limits_stop_local_searches() {
    let b = parse_board("8 6 7 2 5 4 3 0 1").unwrap();
    for a in local_algorithms() {
        let steps = Params { max_steps: Some(3), restarts: Some(1_000_000), ..seeded(2) };
        let out = solve(&req(&b, a, steps)).unwrap();
        if out.status == Status::Limit {
            assert_eq!(out.limit, Some(LimitKind::Steps), "{a}");
            // A beam's step expands each of its states: the limit is looked at between steps.
            let k = if a == Algorithm::LocalBeam { 10 } else { 1 };
            assert!(out.stats.expanded >= 3 && out.stats.expanded < 3 + k, "{a}: {}", out.stats.expanded);
        } else {
            // Stuck before its third step.
            assert!(out.stats.expanded < 3 && out.stuck.is_some(), "{a}: {out:?}");
        }
        let nodes = Limits { nodes: Some(20), ..Limits::default() };
        let long = Params { restarts: Some(1_000_000), ..seeded(2) };
        let r = req(&b, a, long).limits(nodes);
        let out = solve(&r).unwrap();
        if out.status == Status::Limit {
            assert_eq!(out.limit, Some(LimitKind::Nodes), "{a}");
            assert!(out.stats.generated >= 20, "{a}");
        }
    }
    // Random restarts and annealing never get stuck this early: the limits stop them.
    for a in [Algorithm::RandomRestart, Algorithm::Annealing] {
        let out = solve(&req(&b, a, Params { max_steps: Some(50), ..seeded(2) })).unwrap();
        assert_eq!((out.status, out.limit), (Status::Limit, Some(LimitKind::Steps)), "{a}");
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let out = solve(&req(&b, a, seeded(2)).limits(Limits { cancel: Some(cancel), ..Limits::default() })).unwrap();
        assert_eq!(out.limit, Some(LimitKind::Cancelled), "{a}");
    }
}

#[test]
fn bad_options_are_refused_with_specific_messages() {
    let plan = |json: &str| serde_json::from_str::<Spec>(json).unwrap().plan().map(|_| ()).map_err(|e| e.to_string());
    assert!(plan(r#"{"beam_width": 0}"#).unwrap_err().contains("beam width 0 must be from 1"));
    assert!(plan(r#"{"cooling": 1.5}"#).unwrap_err().contains("cooling 1.5 must be between 0 and 1"));
    assert!(plan(r#"{"cooling": 0}"#).unwrap_err().contains("cooling 0 must be between 0 and 1"));
    assert!(plan(r#"{"temperature": -1}"#).unwrap_err().contains("temperature -1 must be a positive number"));
    assert!(plan(r#"{"temperature": 0}"#).unwrap_err().contains("temperature 0 must be a positive number"));
    assert!(plan(r#"{"beam_width": 3, "cooling": 0.5, "temperature": 3, "seed": 4, "sideways": 2, "restarts": 1, "stochastic": true, "max_steps": 9}"#).is_ok());
    // Options an algorithm does not take are noted.
    let spec: Spec = serde_json::from_str(r#"{"restarts": 3, "sideways": 2}"#).unwrap();
    let notes = spec.plan().unwrap().ignored(Algorithm::Annealing);
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[0].contains("annealing takes no sideways moves"), "{notes:?}");
    assert!(spec.plan().unwrap().ignored(Algorithm::RandomRestart).is_empty());
}

fn recorded(b: &str, a: Algorithm, local: Params, h: HeuristicKind) -> (npuzzle::Outcome, Recorder) {
    let r = Request::new(parse_board(b).unwrap(), goal3()).algorithm(a).heuristic(h).params(local);
    solve_observed(&r, Recorder::new(9, usize::MAX, true)).unwrap()
}

fn text(rec: &Recorder, a: Algorithm) -> String {
    render_text(rec, &Setup { algorithm: a, width: 3, height: 3, limit: 1_000_000, cost: npuzzle::CostModel::Unit })
}

#[test]
fn hill_climbing_traces_each_step_with_every_neighbour() {
    // h 2: the blank moves right twice; every step shows the board, the neighbours and the move.
    let (out, rec) = recorded("1 2 3 4 5 6 0 7 8", Algorithm::HillClimbing, seeded(1), HeuristicKind::Manhattan);
    assert_eq!(out.moves_string(), "RR");
    let t = text(&rec, Algorithm::HillClimbing);
    assert!(t.contains("Step 1: current h = 2  (start)\n  1 2 3\n  4 5 6\n  _ 7 8\n  neighbours:\n"), "{t}");
    assert!(t.contains("    U  1 2 3 / _ 5 6 / 4 7 8   h = 3\n"), "{t}");
    assert!(t.contains("    R  1 2 3 / 4 5 6 / 7 _ 8   h = 1\n"), "{t}");
    assert!(t.contains("  move R (h 2 → 1): best improvement\n"), "{t}");
    assert!(t.contains("Step 3: current h = 0\n"), "{t}");
    assert!(t.contains("  the goal: h = 0"), "{t}");
    // The JSON events carry the same: the current board and h, each neighbour, the choice.
    let currents: Vec<&Event> = rec.events.iter().filter(|e| matches!(e, Event::LocalCurrent { .. })).collect();
    assert_eq!(currents.len(), 3);
    let v = serde_json::to_value(currents[0]).unwrap();
    assert_eq!(v["event"], "local_current");
    assert_eq!(v["board"], serde_json::json!([1, 2, 3, 4, 5, 6, 0, 7, 8]));
    assert_eq!((v["h"].as_u64(), v["initial"].as_bool(), v["step"].as_u64()), (Some(2), Some(true), Some(1)));
    let n = rec.events.iter().filter(|e| matches!(e, Event::LocalNeighbour { .. })).count() as u64;
    assert_eq!(n + 1, out.stats.generated);
    let choice = rec.events.iter().find(|e| matches!(e, Event::LocalChoice { .. })).unwrap();
    let v = serde_json::to_value(choice).unwrap();
    assert_eq!((v["event"].as_str(), v["move"].as_str(), v["h"].as_u64()), (Some("local_choice"), Some("R"), Some(1)));
    assert_eq!(v["reason"]["kind"], "best_improvement");
    assert_eq!(rec.expansions, 3);
    // Stuck: the reason ends the trace.
    let (out, rec) = recorded("8 1 3 4 0 2 7 6 5", Algorithm::HillClimbing, seeded(1), HeuristicKind::Manhattan);
    assert_eq!(out.status, Status::NotFound);
    let t = text(&rec, Algorithm::HillClimbing);
    assert!(t.trim_end().ends_with(&out.stuck.unwrap().to_string()), "{t}");
    let last = serde_json::to_value(rec.events.last().unwrap()).unwrap();
    assert_eq!((last["event"].as_str(), last["stuck"]["kind"].as_str()), (Some("local_end"), Some("local_minimum")));
}

#[test]
fn annealing_traces_say_accepted_with_probability_or_rejected() {
    let (_, rec) = recorded("8 1 3 4 0 2 7 6 5", Algorithm::Annealing, seeded(3), HeuristicKind::Manhattan);
    let t = text(&rec, Algorithm::Annealing);
    assert!(t.contains("Step 1: current h = 10, T = 2.000  (start)"), "{}", &t[..400]);
    // At T = 2 a move one worse is accepted with probability e^(−1/2) = 0.61.
    assert!(t.contains("accepted with probability e^(−Δ/T) = e^(−1/"), "{}", &t[..2000]);
    assert!(t.contains("stay: move ") && t.contains("rejected: probability e^(−Δ/T) = e^(−1/"), "no rejection shown");
    let mut saw = (false, false);
    for e in &rec.events {
        if let Event::LocalChoice { reason, .. } = e {
            match reason {
                Why::Accepted { delta, temperature, probability } if *delta > 0.0 => {
                    assert!((probability - (-delta / temperature).exp()).abs() < 1e-12);
                    saw.0 = true;
                }
                Why::Rejected { probability, .. } => {
                    assert!(*probability < 1.0);
                    saw.1 = true;
                }
                _ => {}
            }
        }
        if let Event::LocalCurrent { temperature, .. } = e {
            assert!(temperature.is_some());
        }
    }
    assert!(saw.0 && saw.1);
    let v = serde_json::to_value(rec.events.iter().find(|e| matches!(e, Event::LocalChoice { reason: Why::Rejected { .. }, .. })).unwrap())
        .unwrap();
    assert_eq!(v["reason"]["kind"], "rejected");
    assert!(v["reason"]["probability"].as_f64().is_some() && v["reason"]["temperature"].as_f64().is_some());
}

#[test]
fn restarts_and_beams_are_marked() {
    let (out, rec) = recorded("8 6 7 2 5 4 3 0 1", Algorithm::RandomRestart, seeded(4), HeuristicKind::Manhattan);
    assert_eq!(out.status, Status::Solved);
    let restarts = rec.events.iter().filter(|e| matches!(e, Event::LocalRestart { .. })).count() as u64;
    assert_eq!(restarts + 1, out.stats.iterations);
    assert!(restarts > 0);
    let t = text(&rec, Algorithm::RandomRestart);
    assert!(t.contains("\n=== Restart 1: a random walk of 18 moves from the start: "), "{}", &t[..2000]);
    assert!(t.contains(" ===\n\nStep ") && t.contains("  (the restart's climb begins)\n"), "{}", &t[..2000]);
    // After a restart, each current state says which restart it belongs to.
    let v = serde_json::to_value(rec.events.iter().rfind(|e| matches!(e, Event::LocalCurrent { .. })).unwrap()).unwrap();
    assert_eq!(v["restart"].as_u64(), Some(restarts));
    // The solution is the last walk and its climb.
    let walk =
        rec.events.iter().rev().find_map(|e| if let Event::LocalRestart { walk, .. } = e { Some(walk.clone()) } else { None }).unwrap();
    assert!(out.moves_string().starts_with(&walk));

    let wide = Params { beam_width: Some(3), ..seeded(1) };
    let (out, rec) = recorded("1 2 3 4 0 6 7 5 8", Algorithm::LocalBeam, wide, HeuristicKind::Manhattan);
    assert_eq!(out.moves_string(), "DR");
    let t = text(&rec, Algorithm::LocalBeam);
    assert!(t.contains("Step 1: the beam  (start)\n  [0] 1 2 3 / 4 _ 6 / 7 5 8   h = 2\n"), "{t}");
    assert!(t.contains("Step 2: the beam\n  [0] "), "{t}");
    // One heading before the neighbours of all the beam's states.
    assert_eq!(t.matches("  neighbours:\n").count(), 2, "{t}");
    assert!(t.contains("  [2] "), "{t}");
    assert!(t.contains("next beam [0] ← [0] D, h = 1: among the K best successors"), "{t}");
    let members: Vec<u32> =
        rec.events.iter().filter_map(|e| if let Event::LocalCurrent { member, step: 2, .. } = e { *member } else { None }).collect();
    assert_eq!(members, [0, 1, 2]);
    let stochastic = Params { beam_width: Some(3), stochastic: Some(true), ..seeded(1) };
    let (_, rec) = recorded("8 1 3 4 0 2 7 6 5", Algorithm::LocalBeam, stochastic, HeuristicKind::Manhattan);
    assert!(text(&rec, Algorithm::LocalBeam).contains("drawn at random with probability 0."));
}

#[test]
fn the_trace_limit_counts_local_steps() {
    let (_, rec) = recorded("8 1 3 4 0 2 7 6 5", Algorithm::Annealing, seeded(3), HeuristicKind::Manhattan);
    let t = render_text(&rec, &Setup { algorithm: Algorithm::Annealing, width: 3, height: 3, limit: 4, cost: npuzzle::CostModel::Unit });
    assert_eq!(t.matches("\nStep ").count(), 4);
    assert!(t.contains(&format!("… {} more steps not shown (--trace-limit 4)", rec.expansions - 4)), "{t}");
}
