//! Solves every board of a file optimally with the fast IDA* engine and a cached 5×5 set, and
//! prints each board's length beside its reference (the fourth number before `|`, as in
//! `crates/npuzzle-cli/data/deepcubea/puzzle24_dev.txt`, whose goal has the blank last; or lines `id t0..t24
//! optimum` as in `crates/npuzzle-cli/data/korf24_50.txt`, whose goal has the blank first), expansions,
//! generations and time, then the totals and the mean time a board. Exits 1 when a length differs from its
//! reference. The tables come from the cache directory (`npuzzle pdb build --size 5x5 --set
//! NAME` first); nothing is built here.
//!
//! ```text
//! NPUZZLE_CACHE_DIR=DIR cargo run --release -p npuzzle --example optimal24 -- FILE [SET] [COUNT] [SKIP] [--ids A,B] [--no-mirror] [--jobs 1]
//! ```
//!
//! Without SET (or with `-`) it takes the strongest cached set, as the default solver does.
//! `--no-mirror` drops the mirrored sums (to measure what they add); `--jobs 1` searches each
//! board on one thread, whose node counts are exact and repeatable.

use npuzzle::fast::ida;
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::SetSpec;
use npuzzle::parse::parse_board;
use npuzzle::search::{End, Limits};
use npuzzle::tables::TableStore;
use npuzzle::MoveOrder;
use std::time::Instant;

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let no_mirror = all.iter().any(|a| a == "--no-mirror");
    let serial = all.windows(2).any(|w| w[0] == "--jobs" && w[1] == "1");
    let mut args: Vec<&String> = Vec::new();
    let mut it = all.iter();
    while let Some(a) = it.next() {
        if a == "--jobs" || a == "--ids" {
            it.next();
        } else if !a.starts_with("--") {
            args.push(a);
        }
    }
    let usage = "usage: optimal24 FILE [SET|-] [COUNT] [SKIP] [--ids A,B] [--no-mirror] [--jobs 1]";
    let file = args.first().expect(usage);
    let set_name = args.get(1).map(|s| s.as_str()).filter(|s| *s != "-");
    let count: usize = args.get(2).map_or(usize::MAX, |c| c.parse().expect("COUNT"));
    let skip: usize = args.get(3).map_or(0, |c| c.parse().expect("SKIP"));
    let text = std::fs::read_to_string(file).expect("reading the file");
    let boards: Vec<_> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            if !l.contains('|') && words.len() == 27 {
                // Korf & Felner's format: id, the 25 tiles, the optimum.
                let tiles: Vec<u32> = words[1..26].iter().map(|t| t.parse().expect("a tile")).collect();
                let board = npuzzle::Board::new(5, 5, tiles).expect("a 5×5 board");
                return (words[0].to_string(), board, words[26].parse().ok(), Goal::BlankFirst);
            }
            let (head, board) = l.split_once('|').unwrap_or(("", l));
            let id = head.split_whitespace().next().unwrap_or("-").to_string();
            let reference: Option<usize> = head.split_whitespace().nth(3).and_then(|x| x.parse().ok());
            (id, parse_board(board).expect("a board"), reference, Goal::BlankLast)
        })
        .skip(skip)
        .take(count)
        .collect();
    let ids: Option<Vec<String>> = all.windows(2).find(|w| w[0] == "--ids").map(|w| w[1].split(',').map(String::from).collect());
    let boards: Vec<_> = match &ids {
        Some(ids) => ids.iter().map(|i| boards.iter().find(|b| &b.0 == i).expect("an id of the file").clone()).collect(),
        None => boards,
    };
    let (w, h) = (boards[0].1.width(), boards[0].1.height());
    let goal = boards[0].3.board(w, h).unwrap();
    let dir = std::env::var("NPUZZLE_CACHE_DIR").expect("NPUZZLE_CACHE_DIR: where the tables are");
    let store = TableStore::new(dir);
    let spec = match set_name {
        Some(name) => SetSpec::named(w, h, name).expect("a set of this board"),
        None => store.choose_set(&goal).expect("a board the databases cover"),
    };
    let loading = Instant::now();
    let mut heur = store.load(&goal, &spec, &|_| {}).expect("the set, cached (npuzzle pdb build --size 5x5 --set NAME)");
    if no_mirror {
        heur = heur.without_mirror();
    }
    let frame = heur.frame().clone();
    let fsm = store.prune(frame.width, frame.height, npuzzle::fast::prune::Fsm::default_depth(w * h), &|_| {});
    let loaded = loading.elapsed();
    println!(
        "set {}{}, {} boards, {}, tables loaded in {:.1} s",
        spec.name,
        if no_mirror { " without the mirrored sums" } else { "" },
        boards.len(),
        if serial { "one thread".to_string() } else { format!("{} threads", rayon::current_num_threads()) },
        loaded.as_secs_f64()
    );
    println!("{:>6} {:>6} {:>6} {:>4} {:>14} {:>14} {:>9}", "id", "length", "ref", "ok", "expanded", "generated", "seconds");
    let (mut expanded, mut generated, mut wrong) = (0u64, 0u64, 0usize);
    let started = Instant::now();
    for (id, board, reference, _) in &boards {
        let t = Instant::now();
        let (end, stats) = ida::search(&heur, board, MoveOrder::default(), &Limits::default(), !serial, Some(&fsm));
        let secs = t.elapsed().as_secs_f64();
        let End::Found(moves) = end else { panic!("board {id}: no solution") };
        let reaches = board.apply_all(&moves).expect("the moves replay").last() == Some(&goal);
        let ok = reaches && reference.is_none_or(|r| r == moves.len());
        wrong += usize::from(!ok);
        expanded += stats.expanded;
        generated += stats.generated;
        println!(
            "{:>6} {:>6} {:>6} {:>4} {:>14} {:>14} {:>9.2}",
            id,
            moves.len(),
            reference.map_or("-".into(), |r| r.to_string()),
            if ok { "yes" } else { "NO" },
            stats.expanded,
            stats.generated,
            secs
        );
    }
    let total = started.elapsed().as_secs_f64();
    println!(
        "total: {} boards, {expanded} expanded, {generated} generated, {total:.1} s solving, mean {:.2} s a board; {}",
        boards.len(),
        total / boards.len() as f64,
        if wrong == 0 { "every length equals its reference".to_string() } else { format!("{wrong} lengths differ") }
    );
    std::process::exit(i32::from(wrong > 0));
}
