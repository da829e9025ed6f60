//! What a teacher hands out, through the real binary: `npuzzle exercise` sheets and answer keys
//! (checked against the trace's own events for every algorithm of the registry), and the GIF
//! animations of `solve --animate` and `--tree gif` (decoded and their frames counted).

use crate::common::{run, NILSSON, NILSSON_GOAL};
use npuzzle::Algorithm;
use serde_json::Value;
use std::path::Path;

fn json(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{e}: {s}"))
}

/// The labels of the `selected` events of `solve --trace --format json`.
fn trace_selected(board: &str, algorithm: &str, limit: u64) -> Vec<String> {
    let limit = limit.to_string();
    let r = run(&[
        "solve",
        board,
        "--goal",
        NILSSON_GOAL,
        "-a",
        algorithm,
        "-H",
        "misplaced",
        "--order",
        "LURD",
        "--trace",
        "--format",
        "json",
        "--trace-limit",
        &limit,
    ]);
    assert!(r.code == 0 || r.code == 5, "{algorithm}: {}", r.stderr);
    r.stdout.lines().map(json).filter(|e| e["event"] == "selected").map(|e| e["label"].as_str().expect("label").to_string()).collect()
}

fn exercise_json(board: &str, algorithm: &str, max_steps: u64) -> Value {
    let steps = max_steps.to_string();
    let r = run(&[
        "exercise",
        board,
        "--goal",
        NILSSON_GOAL,
        "-a",
        algorithm,
        "-H",
        "misplaced",
        "--order",
        "LURD",
        "--format",
        "json",
        "--max-steps",
        &steps,
    ]);
    assert!(r.code == 0 || r.code == 5, "{algorithm}: {}", r.stderr);
    json(&r.stdout)
}

fn labels(v: &Value) -> Vec<String> {
    v.as_array().expect("array").iter().map(|l| l.as_str().expect("string").to_string()).collect()
}

/// For every algorithm that expands nodes, the exercise's `expansions` are exactly the trace's
/// `selected` labels, whole and cut.
#[test]
fn expansions_equal_the_traces_selected_labels_for_every_algorithm() {
    let mut checked = 0;
    for &a in Algorithm::ALL {
        if !a.info().records_tree() {
            // Reduction places tiles by construction and a local search keeps only its current
            // state: neither selects from an open list, and `exercise` refuses them.
            let r = run(&["exercise", NILSSON, "--goal", NILSSON_GOAL, "-a", a.name()]);
            assert_eq!(r.code, 2, "{}", r.stderr);
            assert!(r.stderr.contains("grows no search tree") || r.stderr.contains("is a local search"), "{}", r.stderr);
            assert!(r.stdout.is_empty());
            assert!(!r.stderr.contains("seed"), "refused before a seed is picked: {}", r.stderr);
            continue;
        }
        for steps in [4, 60] {
            let ex = exercise_json(NILSSON, a.name(), steps);
            let want = trace_selected(NILSSON, a.name(), steps);
            assert!(!want.is_empty(), "{a}");
            assert_eq!(labels(&ex["expansions"]), want, "{a} with --max-steps {steps}");
            // The first question's answer is the same list.
            assert_eq!(labels(&ex["answers"][0]["items"]), want, "{a}");
            assert_eq!(ex["cut"].as_bool(), Some(ex["steps_total"].as_u64().unwrap() > steps), "{a}");
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} algorithms checked");
}

#[test]
fn the_json_has_every_field_and_the_textbook_answers() {
    let ex = exercise_json(NILSSON, "astar", 12);
    for field in ["start", "goal", "algorithm", "heuristic", "order", "questions", "answers", "expansions", "moves"] {
        assert!(ex.get(field).is_some(), "no {field}: {ex}");
    }
    assert_eq!(ex["algorithm"], "astar");
    assert_eq!(ex["heuristic"], "misplaced");
    assert_eq!(ex["order"], "LURD");
    assert_eq!(ex["start"], json("[[2,8,3],[1,6,4],[7,0,5]]"));
    assert_eq!(ex["moves"], "UULDR");
    assert_eq!(ex["cost"], 5);
    assert_eq!(labels(&ex["expansions"])[..2], ["S0", "S2"]);
    assert_eq!(ex["questions"].as_array().unwrap().len(), ex["answers"].as_array().unwrap().len());
    let kinds: Vec<&str> = ex["questions"].as_array().unwrap().iter().map(|q| q["kind"].as_str().unwrap()).collect();
    for k in ["expansions", "frontier", "values", "solution"] {
        assert!(kinds.contains(&k), "no {k} question: {kinds:?}");
    }
    let frontier_1 = ex["questions"].as_array().unwrap().iter().position(|q| q["kind"] == "frontier" && q["step"] == 1).unwrap();
    assert_eq!(labels(&ex["answers"][frontier_1]["items"]), ["S2 (1 + 3 = 4)", "S1 (1 + 5 = 6)", "S3 (1 + 5 = 6)"]);
    // IDA*: the bounds; DFBnB: the incumbents.
    let ida = exercise_json(NILSSON, "idastar", 40);
    let b = ida["questions"].as_array().unwrap().iter().position(|q| q["kind"] == "bounds").expect("a bounds question");
    assert_eq!(labels(&ida["answers"][b]["items"]), ["iteration 1: 4", "iteration 2: 5"]);
    let bnb = exercise_json(NILSSON, "dfbnb", 60);
    let i = bnb["questions"].as_array().unwrap().iter().position(|q| q["kind"] == "incumbents").expect("an incumbents question");
    assert!(!bnb["answers"][i]["items"].as_array().unwrap().is_empty());
}

#[test]
fn the_sheet_asks_and_the_key_answers() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("key.md");
    let r = run(&[
        "exercise",
        NILSSON,
        "--goal",
        NILSSON_GOAL,
        "-a",
        "astar",
        "-H",
        "misplaced",
        "--order",
        "LURD",
        "--answers",
        key.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let sheet = r.stdout;
    for want in [
        "# Exercise: A* on the 3×3 puzzle",
        "| 2 | 8 | 3 | | 1 | 2 | 3 |",
        "heuristic: misplaced",
        "move order: LURD",
        "The start is S0",
        "The move back to the parent is not generated, so it is not a child.",
        "node ← POP(frontier)",
        "1. Give the order in which the nodes are selected for expansion",
        "Give the open list after step 1",
        "Give g, h and f of node S2,",
        "the solution the search returns",
    ] {
        assert!(sheet.contains(want), "the sheet lacks {want:?}:\n{sheet}");
    }
    // No answer is given away: not the order, not an open list, not the moves.
    for secret in ["Answer", "S0, S2", "S2 (1 + 3 = 4)", "UULDR", "S22111", "cost: 5"] {
        assert!(!sheet.contains(secret), "the sheet gives away {secret:?}:\n{sheet}");
    }
    let key = std::fs::read_to_string(&key).unwrap();
    for want in [
        "# Answer key: A* on the 3×3 puzzle",
        "**Answer:** S0, S2, S21, S22, S221, S2211, S22111",
        "**Answer:** S2 (1 + 3 = 4), S1 (1 + 5 = 6), S3 (1 + 5 = 6)",
        "**Answer:** g + h = f: 1 + 3 = 4; board 2 8 3 / 1 _ 4 / 7 6 5",
        "**Answer:** moves: UULDR; cost: 5; path: S0 → S2 → S22 → S221 → S2211 → S22111",
    ] {
        assert!(key.contains(want), "the key lacks {want:?}:\n{key}");
    }
    // The printable page: the same questions, answers only in its key.
    let html_key = dir.path().join("key.html");
    let r =
        run(&["exercise", NILSSON, "--goal", NILSSON_GOAL, "--order", "LURD", "--format", "html", "--answers", html_key.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("<!DOCTYPE html>") && r.stdout.contains("@media print") && !r.stdout.contains("class=\"answer\""));
    assert!(r.stdout.contains("A* on the 3×3 puzzle"), "A* with misplaced tiles is the default");
    let html_key = std::fs::read_to_string(html_key).unwrap();
    assert!(html_key.contains("<p class=\"answer\">S0, S2, S21, S22, S221, S2211, S22111</p>"), "{html_key}");
}

#[test]
fn a_long_search_is_cut_and_the_sheet_says_so() {
    let r = run(&["exercise", NILSSON, "--goal", NILSSON_GOAL, "-a", "bfs", "--order", "LURD", "--max-steps", "5"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("this sheet asks about the first 5 only (--max-steps 5)"), "{}", r.stdout);
    assert!(r.stdout.contains("(the first 5 steps)"));
    assert!(r.stderr.contains("--max-steps 5"), "{}", r.stderr);
}

#[test]
fn depth_and_seed_pick_a_board_that_fits() {
    let args = ["exercise", "--depth", "6", "--seed", "3", "-a", "astar", "-H", "misplaced", "--format", "json", "--max-steps", "10"];
    let a = run(&args);
    assert_eq!(a.code, 0, "{}", a.stderr);
    let b = run(&args);
    assert_eq!(a.stdout, b.stdout, "the same seed gives the same sheet");
    let ex = json(&a.stdout);
    assert_eq!(ex["cost"], 6);
    assert_eq!(ex["cut"], false);
    assert!(ex["steps_total"].as_u64().unwrap() <= 10);
    let other = json(&run(&["exercise", "--depth", "6", "--seed", "4", "--format", "json"]).stdout);
    assert_eq!(other["cost"], 6);
}

#[test]
fn exercise_rejects_bad_input_before_any_work() {
    let cases: &[(&[&str], &str)] = &[
        (&["exercise"], "give a board, or --depth"),
        (&["exercise", NILSSON, "--depth", "4"], "not both"),
        (&["exercise", NILSSON, "--max-steps", "0"], "--max-steps must be at least 1"),
        (&["exercise", "--depth", "40", "--seed", "1"], "no 3×3 board is 40 moves"),
        (&["exercise", "--depth", "4", "--size", "4x4", "--seed", "1"], "at most 9 cells"),
        (&["exercise", "1 2 3/4 5"], "bad board"),
        (&["exercise", NILSSON, "-a", "nope"], "unknown algorithm"),
        (&["exercise", NILSSON, "--answers", "no/such/dir/key.md"], "does not exist"),
        (&["exercise", NILSSON, "--format", "pdf"], "invalid value"),
    ];
    for (args, want) in cases {
        let r = run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(want), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?} wrote a sheet");
    }
    // Different parity: no search, exit 3.
    let r = run(&["exercise", "1 2 3/4 5 6/8 7 0"]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(r.stderr.contains("unsolvable"));
}

// ---------- animations ----------

/// Decodes a GIF: its frame count and size.
fn gif_frames(path: &Path) -> (usize, (u16, u16)) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(std::fs::File::open(path).unwrap()).expect("a GIF");
    let size = (d.width(), d.height());
    let mut n = 0;
    while let Some(f) = d.read_next_frame().expect("a frame") {
        assert_eq!((f.width, f.height), size, "every frame covers the picture");
        n += 1;
    }
    (n, size)
}

#[test]
fn animate_writes_one_frame_per_board_on_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("play.gif");
    let r = run(&[
        "solve",
        NILSSON,
        "--goal",
        NILSSON_GOAL,
        "-a",
        "astar",
        "-H",
        "misplaced",
        "--animate",
        gif.to_str().unwrap(),
        "--fps",
        "4",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("solved in 5 moves"));
    let (frames, (w, h)) = gif_frames(&gif);
    assert_eq!(frames, 6, "moves + 1 boards");
    assert!(w >= 150 && h >= 150, "{w}×{h}");
    // A longer path, and the cap.
    let board = "8 6 7/2 5 4/3 0 1";
    let r = run(&["solve", board, "--animate", gif.to_str().unwrap(), "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let cost = json(&r.stdout)["cost"].as_u64().unwrap() as usize;
    assert_eq!(gif_frames(&gif).0, cost + 1);
    let r = run(&["solve", board, "--animate", gif.to_str().unwrap(), "--max-frames", "10"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(gif_frames(&gif).0, 10);
    assert!(r.stderr.contains(&format!("capped: 10 of {} frames", cost + 1)), "{}", r.stderr);
}

#[test]
fn tree_gif_grows_one_frame_per_step() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("tree.gif");
    let r = run(&[
        "solve",
        NILSSON,
        "--goal",
        NILSSON_GOAL,
        "-a",
        "idastar",
        "-H",
        "misplaced",
        "--order",
        "LURD",
        "--tree",
        "gif",
        "--tree-out",
        gif.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let steps = trace_selected(NILSSON, "idastar", 1000).len();
    assert_eq!(gif_frames(&gif).0, steps + 1, "the start, then one frame per step");
    let r = run(&[
        "solve",
        NILSSON,
        "--goal",
        NILSSON_GOAL,
        "-a",
        "bfs",
        "--tree",
        "gif",
        "--tree-out",
        gif.to_str().unwrap(),
        "--max-frames",
        "5",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(gif_frames(&gif).0, 5);
    assert!(r.stderr.contains("tree animation capped: 5 of"), "{}", r.stderr);
}

#[test]
fn animation_paths_and_options_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("play.png");
    let gif = dir.path().join("t.gif");
    let missing = dir.path().join("no/such/dir/play.gif");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--animate", png.to_str().unwrap()], "name the file .gif"),
        (vec!["--animate", missing.to_str().unwrap()], "does not exist"),
        (vec!["--tree", "gif"], "--tree gif needs --tree-out FILE.gif"),
        (vec!["--tree", "gif", "--tree-out", png.to_str().unwrap()], "name the file .gif"),
        (vec!["--animate", gif.to_str().unwrap(), "--fps", "0"], "--fps must be from 1 to 50"),
        (vec!["--animate", gif.to_str().unwrap(), "--max-frames", "1"], "--max-frames must be at least 2"),
    ];
    for (extra, want) in cases {
        let mut args = vec!["solve", NILSSON, "--goal", NILSSON_GOAL];
        args.extend(extra.iter().copied());
        let r = run(&args);
        assert_eq!(r.code, 2, "{extra:?}: {}", r.stderr);
        assert!(r.stderr.contains(want), "{extra:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{extra:?}: a search ran");
    }
    assert!(!png.exists() && !gif.exists());
    // A board too big to draw frame by frame is refused before any search.
    let big: Vec<String> = (1..441).map(|t| t.to_string()).chain(["0".to_string()]).collect();
    let r = run(&["solve", &big.join(" "), "--size", "21x21", "--animate", gif.to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("a board of 441 cells is too big to animate (at most 400)"), "{}", r.stderr);
    assert!(r.stdout.is_empty() && !gif.exists());
}

/// The children named `name` of a node.
fn kids<'a>(n: roxmltree::Node<'a, 'a>, name: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    n.children().filter(|c| c.has_tag_name(name)).collect()
}

/// The text of the `<text>` inside a node's child `name`.
fn text_of(n: roxmltree::Node<'_, '_>, name: &str) -> String {
    let child = kids(n, name).into_iter().next().unwrap_or_else(|| panic!("no <{name}>"));
    kids(child, "text").first().and_then(|t| t.text()).unwrap_or_default().to_string()
}

#[test]
fn a_moodle_question_bank_holds_each_boards_questions_and_the_librarys_answers() {
    let r = run(&["exercise", "--depth", "6", "--count", "3", "--seed", "4", "--format", "moodle"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // What Moodle's importer (question/format/xml/format.php) reads: a <quiz> of <question>s;
    // a category question names the category of those after it; each question has a <name>
    // and a <questiontext format="html">; a short-answer question its <answer fraction="100">s,
    // a Cloze question its blanks in the question text.
    let doc = roxmltree::Document::parse(&r.stdout).expect("well-formed XML");
    let quiz = doc.root_element();
    assert_eq!(quiz.tag_name().name(), "quiz");
    let questions = kids(quiz, "question");
    let mut category = String::new();
    let mut by_category: std::collections::BTreeMap<String, Vec<(String, Vec<String>)>> = Default::default();
    for q in &questions {
        let kind = q.attribute("type").unwrap();
        if kind == "category" {
            category = text_of(*q, "category");
            assert!(category.starts_with("$course$/npuzzle/A* with misplaced, order UDLR/question "), "{category}");
            continue;
        }
        assert!(!text_of(*q, "name").is_empty());
        assert_eq!(kids(*q, "questiontext")[0].attribute("format"), Some("html"));
        let body = text_of(*q, "questiontext");
        assert!(body.contains("<table") && body.contains("Run <strong>A*</strong>"));
        let answers: Vec<String> = match kind {
            "shortanswer" => kids(*q, "answer")
                .iter()
                .map(|a| {
                    assert_eq!(a.attribute("fraction"), Some("100"));
                    kids(*a, "text")[0].text().unwrap().to_string()
                })
                .collect(),
            "cloze" => {
                assert!(body.contains("{1:NUMERICAL:=") || body.contains("{1:SHORTANSWER:="), "{body}");
                vec![body.clone()]
            }
            other => panic!("unexpected question type {other}"),
        };
        assert!(!answers.is_empty());
        by_category.entry(category.clone()).or_default().push((text_of(*q, "name"), answers));
    }
    // Question 1 of each board, the order of expansion, answered with the key's labels.
    let first = &by_category["$course$/npuzzle/A* with misplaced, order UDLR/question 1 (order of expansion)"];
    assert_eq!(first.len(), 3, "one question a board");
    for (i, (name, answers)) in first.iter().enumerate() {
        let seed = (4 + i).to_string();
        let key = run(&["exercise", "--depth", "6", "--seed", &seed, "--format", "json"]);
        let ex = json(&key.stdout);
        let labels: Vec<&str> = ex["expansions"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
        assert_eq!(answers[0], labels.join(", "), "{name}");
        assert_eq!(answers[1], labels.join(","), "{name}");
    }
    // Three boards, not one three times.
    let names: std::collections::BTreeSet<&String> = first.iter().map(|(n, _)| n).collect();
    assert_eq!(names.len(), 3);
    // A bank carries its answers; several boards need a bank.
    assert_eq!(run(&["exercise", "--depth", "6", "--format", "moodle", "--answers", "key.xml"]).code, 2);
    assert_eq!(run(&["exercise", "--depth", "6", "--count", "2"]).code, 2);
    assert_eq!(run(&["exercise", NILSSON, "--goal", NILSSON_GOAL, "--count", "2", "--format", "moodle"]).code, 2);
}

/// `check` and `exercise` are about tree searches: they offer the parameters a tree search
/// reads (the weight) and none that only another kind reads (`--learnt-key`, `pdb-beam`'s).
#[test]
fn check_and_exercise_offer_only_what_a_tree_search_reads() {
    for cmd in ["check", "exercise"] {
        let r = run(&[cmd, "--help"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stdout.contains("--weight"), "{cmd}: {}", r.stdout);
        assert!(!r.stdout.contains("--learnt-key"), "{cmd} offers --learnt-key: {}", r.stdout);
    }
    let r = run(&["bench", "file", "--help"]);
    assert!(r.stdout.contains("--learnt-key"), "bench file runs pdb-beam: {}", r.stdout);
}
