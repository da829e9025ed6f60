//! The default solver beyond the classic sizes, as each engine offers it: the server offers
//! `pdb-beam` from 26 to 64 cells where its sets fit the beam, and a request that names no
//! algorithm gets it once the tables are at hand (before then, on 6×6 and 7×7, whose sets take
//! 37 s and 349 s to build, `reduce-plus` answers at once, as `npuzzle solve` does); an engine
//! that builds only small tables (the static page) answers those boards with `reduce-plus`, and
//! refuses `pdb-beam` by name with the command that runs it.

use npuzzle::search::Algorithm;
use npuzzle::solve::default_choice;
use npuzzle::TableStore;
use npuzzle_web::service::Service;
use npuzzle_web::Config;

fn engine(pdb_max_entries: Option<u64>) -> Service {
    let mut limits = Config::default().limits();
    limits.pdb_max_entries = pdb_max_entries;
    Service::new(limits, TableStore::in_memory())
}

const SIX_BY_SIX: &str =
    r#"{"start": [[2,9,16,4,6,10],[31,14,1,11,3,15],[25,28,5,23,21,12],[33,32,19,17,13,35],[20,22,0,8,29,24],[30,7,27,18,34,26]]}"#;

#[test]
fn the_server_offers_pdb_beam_where_the_beam_reads_the_sets() {
    let options = engine(None).options();
    let big = &options.big_choice;
    assert_eq!((big.near, big.algorithm), (Algorithm::PdbBeam, Algorithm::ReducePlus));
    // The near sizes are those whose default reads the sets for every goal, where the sets are
    // at hand: with nothing cached, the small ones (built in seconds), not 6×6 and 7×7 (37 s
    // and 349 s), whose default answers at once with reduce-plus until they are built.
    let store = TableStore::in_memory();
    for w in 3..=12 {
        for h in 3..=12 {
            let near = w * h > 25 && default_choice(w, h).0 == Algorithm::PdbBeam && store.any_goal_at_hand(w, h);
            assert_eq!(big.near_sizes.contains(&(w, h)), near, "{w}×{h}");
        }
    }
    assert!(!big.near_sizes.is_empty());
    for size in [(6, 6), (7, 7), (8, 8), (8, 7), (5, 5), (12, 12)] {
        assert!(!big.near_sizes.contains(&size), "{size:?}");
    }
    // Nothing cached: the default answers at once; pdb-beam by name is run.
    let job = engine(None).solve_job(SIX_BY_SIX.as_bytes(), None).unwrap();
    assert_eq!(job.req.algorithm, Algorithm::ReducePlus);
    let named = SIX_BY_SIX.replace('}', r#", "algorithm": "pdb-beam"}"#);
    assert_eq!(engine(None).solve_job(named.as_bytes(), None).unwrap().req.algorithm, Algorithm::PdbBeam);
}

#[test]
fn an_engine_of_small_tables_answers_with_reduce_plus_and_refuses_pdb_beam_by_name() {
    let page = engine(Some(16_000_000));
    assert_eq!(page.options().big_choice.near, Algorithm::ReducePlus);
    let job = page.solve_job(SIX_BY_SIX.as_bytes(), None).unwrap();
    assert_eq!(job.req.algorithm, Algorithm::ReducePlus);
    let named = SIX_BY_SIX.replace('}', r#", "algorithm": "pdb-beam"}"#);
    let err = page.solve_job(named.as_bytes(), None).expect_err("refused");
    assert_eq!(err.status(), 422);
    assert!(err.message().contains("npuzzle solve"), "{}", err.message());
}

#[test]
fn the_answer_carries_the_note_that_names_the_build() {
    // One move from the goal: the default answers at once (the strong 6×6 set is not cached),
    // and says how to get the stronger tables, as `npuzzle solve` does.
    let near = r#"{"start": "1 2 3 4 5 6/7 8 9 10 11 12/13 14 15 16 17 18/19 20 21 22 23 24/25 26 27 28 29 30/31 32 33 34 0 35"}"#;
    let service = engine(None);
    let mut job = service.solve_job(near.as_bytes(), None).unwrap();
    let solved = service.solve(&mut job, None).unwrap();
    assert_eq!((solved.report.moves.as_str(), solved.report.optimal), ("R", true));
    let notes = solved.notes.clone().expect("the default's note");
    assert!(notes.iter().any(|n| n.contains("npuzzle pdb build --size 6x6")), "{notes:?}");
    assert!(serde_json::to_value(&solved).unwrap()["notes"].is_array());
    // The answer in the fans' notation, both readings.
    let n = solved.notation.as_ref().expect("a solved answer's notation");
    assert_eq!((n.blank.as_str(), n.tiles.as_str(), n.stm, n.mtm), ("R", "L", 1, 1));
    // Nothing to note: no field.
    let mut job = service.solve_job(br#"{"start": "1 2 3 4 5 6 7 0 8"}"#, None).unwrap();
    let solved = service.solve(&mut job, None).unwrap();
    assert!(solved.notes.is_none());
    assert!(serde_json::to_value(&solved).unwrap().get("notes").is_none());
}
