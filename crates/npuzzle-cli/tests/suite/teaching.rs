//! Teaching output, through the real binary: text traces against golden files, the JSON event
//! stream against the statistics, tree exports that parse, `compare`, and `generate` checked by
//! an independent breadth-first oracle.
//!
//! Golden files live in `tests/golden/`; after an intended change to the trace format, rewrite
//! them with `UPDATE_GOLDEN=1 cargo test -p npuzzle-cli --test suite teaching::` and review the diff.

use crate::common::{run, NILSSON, NILSSON_GOAL};
use serde_json::Value;
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::PathBuf;

// ---------- golden text traces ----------

/// The trace with the one line that varies between runs (wall time) taken out.
fn stable(text: &str) -> String {
    text.lines().filter(|l| !l.starts_with("time ")).map(|l| format!("{l}\n")).collect()
}

fn golden(name: &str, args: &[&str]) {
    let r = run(args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let got = stable(&r.stdout);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    if got != want {
        let line = got.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(got.lines().count().min(want.lines().count()));
        panic!(
            "{name} differs from the golden file at line {}:\n got: {:?}\nwant: {:?}",
            line + 1,
            got.lines().nth(line),
            want.lines().nth(line)
        );
    }
}

#[test]
fn golden_astar_misplaced_lurd_nilsson() {
    golden(
        "astar_nilsson.txt",
        &["solve", NILSSON, "--goal", NILSSON_GOAL, "-a", "astar", "-H", "misplaced", "--order", "LURD", "--trace", "--no-boards"],
    );
}

#[test]
fn golden_idastar_nilsson() {
    golden(
        "idastar_nilsson.txt",
        &["solve", NILSSON, "--goal", NILSSON_GOAL, "-a", "idastar", "-H", "misplaced", "--order", "LURD", "--trace", "--no-boards"],
    );
}

#[test]
fn golden_dfbnb_and_rbfs_and_lc() {
    for a in ["dfbnb", "rbfs", "lc"] {
        golden(
            &format!("{a}_nilsson.txt"),
            &["solve", NILSSON, "--goal", NILSSON_GOAL, "-a", a, "-H", "misplaced", "--order", "LURD", "--trace", "--no-boards"],
        );
    }
}

#[test]
fn golden_bfs_cut_by_trace_limit() {
    golden("bfs_limit3.txt", &["solve", "1 2 3 4 0 5 7 8 6", "-a", "bfs", "--trace", "--trace-limit", "3", "--no-boards"]);
}

#[test]
fn golden_dfs_stack_and_bidirectional() {
    golden("dfs_3x2_limit5.txt", &["solve", "4 1 2/5 0 3", "-a", "dfs", "--trace", "--trace-limit", "5", "--no-boards"]);
    golden("bidirectional.txt", &["solve", "1 2 3 4 0 5 7 8 6", "-a", "bidirectional", "--trace", "--no-boards"]);
}

/// The textbook check: A* with misplaced tiles and LURD on Nilsson's example expands, in order,
/// the start, its up child, that node's left and up children (both f = 5, left generated
/// first), then down the up branch to the goal, and solves in 5 moves.
#[test]
fn astar_selection_order_matches_the_textbook() {
    let r = run(&["solve", NILSSON, "--goal", NILSSON_GOAL, "-a", "astar", "-H", "misplaced", "--order", "LURD", "--trace", "-f", "json"]);
    assert_eq!(r.code, 0);
    let events = json_lines(&r.stdout);
    let order: Vec<&str> = events.iter().filter(|e| e["event"] == "selected").map(|e| e["label"].as_str().unwrap()).collect();
    assert_eq!(order, ["S0", "S2", "S21", "S22", "S221", "S2211", "S22111"]);
    let boards: Vec<Vec<u64>> = events
        .iter()
        .filter(|e| e["event"] == "generated" && e["parent"] == 0)
        .map(|e| e["board"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect())
        .collect();
    // LURD: blank left, up, right (down is off the board).
    assert_eq!(boards, [vec![2, 8, 3, 1, 6, 4, 0, 7, 5], vec![2, 8, 3, 1, 0, 4, 7, 6, 5], vec![2, 8, 3, 1, 6, 4, 7, 5, 0]]);
    assert_eq!(events.last().unwrap()["report"]["moves"], "UULDR");
}

// ---------- the JSON event stream ----------

fn json_lines(s: &str) -> Vec<Value> {
    s.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect()
}

#[test]
fn event_stream_agrees_with_stats_for_every_algorithm() {
    let algorithms = ["bfs", "dfs", "iddfs", "ucs", "greedy", "astar", "lc", "dfbnb", "idastar", "rbfs", "bidirectional"];
    for a in algorithms {
        // Depth-first search wanders thousands of moves deep on 3×3 (and its labels grow with
        // depth), so it gets a 3×2 board.
        let board = if a == "dfs" { "4 1 2/5 0 3" } else { "1 3 6/5 2 0/4 7 8" };
        let r = run(&["solve", board, "-a", a, "--trace", "-f", "json", "--trace-limit", "1000000"]);
        assert_eq!(r.code, 0, "{a}: {}", r.stderr);
        let ev = json_lines(&r.stdout);
        assert_eq!(ev[0]["event"], "start", "{a}");
        let end = ev.last().unwrap();
        assert_eq!(end["event"], "end", "{a}");
        let stats = &end["report"]["stats"];
        let count = |kind: &str| ev.iter().filter(|e| e["event"] == kind).count() as u64;
        assert_eq!(count("generated"), stats["generated"].as_u64().unwrap(), "{a}: generated events vs stats");
        assert_eq!(count("generated"), end["generated"].as_u64().unwrap(), "{a}");
        assert_eq!(count("selected"), end["selections"].as_u64().unwrap(), "{a}");
        assert_eq!(end["steps_not_shown"], 0, "{a}");
        let expanded = stats["expanded"].as_u64().unwrap();
        // Searches that test at selection select the goal without expanding it; iterative
        // deepening selects the nodes at its depth limit without expanding them (the goal among
        // them).
        let goal_at_selection = matches!(a, "ucs" | "greedy" | "astar" | "idastar" | "rbfs");
        let dfbnb_goals = if a == "dfbnb" { count("incumbent") } else { 0 };
        let mut limit = 0;
        let mut leaves = 0;
        for e in &ev {
            if e["event"] == "iteration" {
                limit = e["bound"].as_u64().unwrap();
            }
            if a == "iddfs" && e["event"] == "selected" && e["g"].as_u64().unwrap() == limit {
                leaves += 1;
            }
        }
        let unexpanded = u64::from(goal_at_selection) + dfbnb_goals + leaves;
        assert_eq!(count("selected"), expanded + unexpanded, "{a}: selections vs expansions");
        // Every child's parent was selected (expanded) before the child appeared; every
        // frontier entry was generated before.
        let mut selected: HashSet<u64> = HashSet::new();
        let mut generated: HashSet<u64> = HashSet::new();
        for e in &ev {
            match e["event"].as_str().unwrap() {
                "selected" => {
                    let id = e["id"].as_u64().unwrap();
                    assert!(generated.contains(&id), "{a}: selected {id} before it was generated");
                    selected.insert(id);
                }
                "generated" => {
                    if let Some(p) = e["parent"].as_u64() {
                        assert!(selected.contains(&p), "{a}: child {} of {p} before {p} was expanded", e["id"]);
                    }
                    generated.insert(e["id"].as_u64().unwrap());
                }
                "frontier" => {
                    for entry in e["entries"].as_array().unwrap() {
                        assert!(generated.contains(&entry["id"].as_u64().unwrap()), "{a}: frontier entry never generated");
                    }
                }
                _ => {}
            }
        }
    }
}

#[test]
fn per_algorithm_events_are_present() {
    let stream = |a: &str| {
        let r = run(&["solve", NILSSON, "--goal", NILSSON_GOAL, "-a", a, "-H", "misplaced", "--order", "LURD", "--trace", "-f", "json"]);
        assert_eq!(r.code, 0);
        json_lines(&r.stdout)
    };
    let ida = stream("idastar");
    let bounds: Vec<u64> = ida.iter().filter(|e| e["event"] == "iteration").map(|e| e["bound"].as_u64().unwrap()).collect();
    assert_eq!(bounds, [4, 5]);
    let next: Vec<u64> = ida.iter().filter(|e| e["event"] == "iteration_end").map(|e| e["next"].as_u64().unwrap()).collect();
    assert_eq!(next, [5]);
    let bnb = stream("dfbnb");
    let costs: Vec<u64> = bnb.iter().filter(|e| e["event"] == "incumbent").map(|e| e["cost"].as_u64().unwrap()).collect();
    assert!(!costs.is_empty() && costs.windows(2).all(|w| w[1] < w[0]) && *costs.last().unwrap() == 5, "{costs:?}");
    let rbfs = stream("rbfs");
    assert!(rbfs.iter().any(|e| e["event"] == "backed_up"));
    let lc = stream("lc");
    let goal = lc.iter().find(|e| e["event"] == "generated" && e["fate"] == "goal").expect("LC checks answers at generation");
    assert_eq!(goal["label"], "S22111");
}

#[test]
fn trace_limit_says_how_many_steps_were_not_shown() {
    let r = run(&["solve", "8 1 3 4 0 2 7 6 5", "-a", "bfs", "--trace", "--trace-limit", "5", "-f", "json"]);
    let ev = json_lines(&r.stdout);
    let end = ev.last().unwrap();
    let shown = ev.iter().filter(|e| e["event"] == "selected").count() as u64;
    assert_eq!(shown, 5);
    assert_eq!(end["steps_shown"], 5);
    assert_eq!(end["steps_not_shown"].as_u64().unwrap(), end["report"]["stats"]["expanded"].as_u64().unwrap() - 5);
    let r = run(&["solve", "8 1 3 4 0 2 7 6 5", "-a", "bfs", "--trace", "--trace-limit", "5"]);
    let hidden = end["steps_not_shown"].as_u64().unwrap();
    assert!(r.stdout.contains(&format!("… {hidden} more steps not shown (--trace-limit 5)")), "{}", r.stdout);
}

// ---------- trees ----------

/// A small DOT reader: enough of the grammar (graph, subgraph, node, edge and attribute
/// statements, quoted strings with escapes) to reject malformed output. Returns the node ids
/// declared and the edges.
/// Node ids and edges of a parsed DOT graph.
type DotGraph = (HashSet<String>, Vec<(String, String)>);

fn parse_dot(src: &str) -> Result<DotGraph, String> {
    #[derive(Debug, PartialEq, Clone)]
    enum Tok {
        Id(String),
        Str(String),
        Sym(char),
        Arrow,
    }
    let mut toks = Vec::new();
    let cs: Vec<char> = src.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '"' {
            let mut s = String::new();
            i += 1;
            loop {
                match cs.get(i) {
                    None => return Err("unterminated string".into()),
                    Some('\\') => {
                        s.push(cs[i]);
                        s.push(*cs.get(i + 1).ok_or("dangling escape")?);
                        i += 2;
                    }
                    Some('"') => {
                        i += 1;
                        break;
                    }
                    Some(&ch) => {
                        s.push(ch);
                        i += 1;
                    }
                }
            }
            toks.push(Tok::Str(s));
        } else if c == '-' && cs.get(i + 1) == Some(&'>') {
            toks.push(Tok::Arrow);
            i += 2;
        } else if c.is_alphanumeric() || c == '_' || c == '.' || c == '#' {
            let st = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_' || cs[i] == '.' || cs[i] == '#') {
                i += 1;
            }
            toks.push(Tok::Id(cs[st..i].iter().collect()));
        } else if "{}[]=;,".contains(c) {
            toks.push(Tok::Sym(c));
            i += 1;
        } else {
            return Err(format!("unexpected character {c:?}"));
        }
    }
    let mut p = 0;
    let mut nodes = HashSet::new();
    let mut edges = Vec::new();
    let is_id = |t: Option<&Tok>| matches!(t, Some(Tok::Id(_)) | Some(Tok::Str(_)));
    fn attrs(toks: &[Tok], p: &mut usize) -> Result<(), String> {
        while toks.get(*p) == Some(&Tok::Sym('[')) {
            *p += 1;
            while toks.get(*p) != Some(&Tok::Sym(']')) {
                match (toks.get(*p), toks.get(*p + 1), toks.get(*p + 2)) {
                    (Some(Tok::Id(_)), Some(Tok::Sym('=')), Some(Tok::Id(_) | Tok::Str(_))) => *p += 3,
                    other => return Err(format!("bad attribute at token {p}: {other:?}")),
                }
                if matches!(toks.get(*p), Some(Tok::Sym(',' | ';'))) {
                    *p += 1;
                }
            }
            *p += 1;
        }
        Ok(())
    }
    if toks.get(p) != Some(&Tok::Id("digraph".into())) {
        return Err("expected digraph".into());
    }
    p += 1;
    if is_id(toks.get(p)) {
        p += 1;
    }
    if toks.get(p) != Some(&Tok::Sym('{')) {
        return Err("expected {".into());
    }
    p += 1;
    let mut depth = 1;
    while depth > 0 {
        match toks.get(p).cloned() {
            None => return Err("unclosed graph".into()),
            Some(Tok::Sym('}')) => {
                depth -= 1;
                p += 1;
            }
            Some(Tok::Sym(';')) => p += 1,
            Some(Tok::Id(k)) if k == "subgraph" => {
                p += 1;
                if is_id(toks.get(p)) {
                    p += 1;
                }
                if toks.get(p) != Some(&Tok::Sym('{')) {
                    return Err("expected { after subgraph".into());
                }
                p += 1;
                depth += 1;
            }
            Some(Tok::Id(k)) if matches!(k.as_str(), "graph" | "node" | "edge") && toks.get(p + 1) == Some(&Tok::Sym('[')) => {
                p += 1;
                attrs(&toks, &mut p)?;
            }
            Some(Tok::Id(a)) | Some(Tok::Str(a)) => {
                p += 1;
                if toks.get(p) == Some(&Tok::Sym('=')) {
                    p += 1;
                    if !is_id(toks.get(p)) {
                        return Err("expected a value".into());
                    }
                    p += 1;
                } else if toks.get(p) == Some(&Tok::Arrow) {
                    p += 1;
                    match toks.get(p) {
                        Some(Tok::Id(b)) | Some(Tok::Str(b)) => edges.push((a, b.clone())),
                        _ => return Err("expected an edge target".into()),
                    }
                    p += 1;
                    attrs(&toks, &mut p)?;
                } else {
                    nodes.insert(a);
                    attrs(&toks, &mut p)?;
                }
            }
            Some(t) => return Err(format!("unexpected token {t:?}")),
        }
    }
    if p != toks.len() {
        return Err("tokens after the graph".into());
    }
    Ok((nodes, edges))
}

#[test]
fn dot_parses_and_summary_goes_to_stderr() {
    let r = run(&["solve", NILSSON, "--goal", NILSSON_GOAL, "-a", "astar", "-H", "misplaced", "--order", "LURD", "--tree", "dot"]);
    assert_eq!(r.code, 0);
    assert!(r.stderr.contains("solved in 5 moves"), "summary on stderr: {}", r.stderr);
    let (nodes, edges) = parse_dot(&r.stdout).unwrap_or_else(|e| panic!("DOT does not parse: {e}\n{}", r.stdout));
    let tree_nodes: Vec<&String> = nodes.iter().filter(|n| n.starts_with('n')).collect();
    assert_eq!(tree_nodes.len(), 14, "every generated node");
    assert_eq!(edges.len(), 13);
    assert!(edges.iter().all(|(a, b)| nodes.contains(a) && nodes.contains(b)));
    for st in ["current", "explored", "frontier", "goal", "unexplored"] {
        assert!(nodes.contains(&format!("legend_{st}")), "legend has {st}");
    }
    // The parser rejects broken input, so it can fail.
    assert!(parse_dot("digraph { a -> ; }").is_err());
    assert!(parse_dot("digraph { a [label=\"x] }").is_err());
}

#[test]
fn svg_tree_parses_and_holds_every_node() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tree.svg");
    let r = run(&["solve", NILSSON, "--goal", NILSSON_GOAL, "-a", "bfs", "--tree", "svg", "--tree-out", out.to_str().unwrap()]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("solved in 5 moves"), "summary stays on stdout with --tree-out");
    let svg = std::fs::read_to_string(&out).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let groups: Vec<_> = doc.descendants().filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("node "))).collect();
    let json = run(&["solve", NILSSON, "--goal", NILSSON_GOAL, "-a", "bfs", "--tree", "json"]);
    let tree: Value = serde_json::from_str(&json.stdout).unwrap();
    let n = tree["nodes"].as_array().unwrap().len();
    assert_eq!(groups.len(), n);
    assert_eq!(tree["total_nodes"].as_u64().unwrap() as usize, n);
    assert_eq!(tree["capped"], false);
    assert_eq!(tree["legend"].as_array().unwrap().len(), 5);
    // BFS stops when it generates the goal: the goal's parent is the current node, and the
    // goal's siblings generated before it wait on the queue (the replay's states, the page's).
    let states: Vec<&str> = tree["nodes"].as_array().unwrap().iter().map(|n| n["state"].as_str().unwrap()).collect();
    assert_eq!(states.iter().filter(|s| **s == "current").count(), 1);
    assert_eq!(states.iter().filter(|s| **s == "goal").count(), 1);
    assert!(states.contains(&"frontier") && states.contains(&"explored"));
    let last = tree["nodes"].as_array().unwrap().iter().find(|n| n["state"] == "goal").unwrap();
    let siblings = tree["nodes"].as_array().unwrap().iter().filter(|n| n["parent"] == last["parent"] && n["id"] != last["id"]);
    assert!(siblings.clone().count() > 0 && siblings.clone().all(|n| n["fate"] != "added" || n["state"] == "frontier"));
    let text: String = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(text.contains("unexplored (black)") && text.contains("goal (magenta)"));
}

#[test]
fn tree_limit_caps_and_says_so() {
    let r = run(&["solve", "8 1 3 4 0 2 7 6 5", "-a", "bfs", "--tree", "json", "--tree-limit", "10"]);
    assert_eq!(r.code, 0);
    let tree: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(tree["nodes"].as_array().unwrap().len(), 10);
    assert_eq!(tree["capped"], true);
    assert!(r.stderr.contains("capped: showing 10 of"), "{}", r.stderr);
}

#[test]
fn teaching_flags_reject_bad_combinations() {
    let r = run(&["solve", NILSSON, "--tree-out", "x.dot"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let r = run(&["solve", NILSSON, "--trace", "--tree", "dot"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--tree-out"), "{}", r.stderr);
    let r = run(&["solve", NILSSON, "--tree", "png"]);
    assert_eq!(r.code, 2);
}

// ---------- compare ----------

#[test]
fn compare_three_instances_in_every_format() {
    let boards = ["1 2 3 4 0 5 7 8 6", "8 1 3 4 0 2 7 6 5", "4 1 2 0 5 3 7 8 6"];
    let mut args = vec!["compare"];
    args.extend(boards);
    let r = run(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2 + 3, "header, rule, three rows:\n{}", r.stdout);
    for (pair, column) in npuzzle::compare::DEFAULT_PAIRS.iter().zip(["ms", "cost", "expanded", "b*", "max depth", "max frontier"]) {
        let heading = format!("{} {column}", pair.name());
        assert!(lines[0].contains(&heading), "{heading} missing from {}", lines[0]);
    }
    let cols = lines[0].matches('|').count();
    assert!(lines.iter().all(|l| l.matches('|').count() == cols));

    args.extend(["--format", "json"]);
    let r = run(&args);
    let cells: Value = serde_json::from_str(&r.stdout).unwrap();
    let cells = cells.as_array().unwrap();
    assert_eq!(cells.len(), 3 * npuzzle::compare::DEFAULT_PAIRS.len());
    // The optimal pairs agree on each instance's cost, and it is the oracle's distance.
    for i in 1..=3 {
        let costs: HashSet<u64> =
            cells.iter().filter(|c| c["instance"] == i && c["optimal"] == true).map(|c| c["cost"].as_u64().unwrap()).collect();
        assert_eq!(costs.len(), 1, "instance {i}: {costs:?}");
        let bfs = cells.iter().find(|c| c["instance"] == i && c["pair"] == "bfs").unwrap();
        assert_eq!(costs.into_iter().next().unwrap(), oracle_depth(boards[i - 1]) as u64);
        assert!(bfs["expanded"].as_u64().unwrap() > 0);
    }

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("boards.txt");
    std::fs::write(&file, format!("# three boards\n{}\n\n", boards.join("\n"))).unwrap();
    let plot = dir.path().join("cmp.svg");
    let r = run(&[
        "compare",
        "--file",
        file.to_str().unwrap(),
        "--algorithms",
        "astar,idastar,bfs",
        "--heuristics",
        "manhattan,misplaced",
        "--format",
        "csv",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rows: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(rows.len(), 1 + 3 * 5, "astar×2, idastar×2, bfs once, for 3 boards:\n{}", r.stdout);
    assert!(rows[0].starts_with("instance,board,algorithm,heuristic,status"));
    let svg = std::fs::read_to_string(&plot).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("plot is well-formed SVG");
    let text: String = doc.descendants().filter_map(|n| n.text()).collect::<Vec<_>>().join(" ");
    assert!(text.contains("Nodes expanded") && text.contains("solution depth") && text.contains("idastar/misplaced"), "{text}");
}

#[test]
fn compare_limit_cells_say_so_and_do_not_stall() {
    let r = run(&["compare", "8 6 7 2 5 4 3 0 1", "--algorithms", "bfs,astar", "--max-nodes", "200"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.matches("limit: node limit").count(), 2, "{}", r.stdout);
}

#[test]
fn compare_rejects_bad_input() {
    assert_eq!(run(&["compare"]).code, 2);
    assert_eq!(run(&["compare", "1 2 3 4 0 5 7 8 6", "--algorithms", "nope"]).code, 2);
    assert_eq!(run(&["compare", "1 2 3 4 0 5 7 8 8"]).code, 2);
    let r = run(&["compare", "1 2 3 4 0 5 7 8 6", "--plot", "out.gif"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains(".svg or .png"), "{}", r.stderr);
}

#[test]
fn compare_plots_png_too() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("cmp.png");
    let r = run(&["compare", "1 2 3 4 0 5 7 8 6", "8 1 3 4 0 2 7 6 5", "--algorithms", "astar", "--plot", plot.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let png = std::fs::read(&plot).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&png[12..16], b"IHDR");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert_eq!((width, height), (1280, 520));
}

// ---------- generate, checked by an oracle ----------

/// Breadth-first distances from `goal` to every state of a W×H board, written independently of
/// the library: boards as byte vectors, moves as swaps with grid neighbours.
fn oracle(goal: &[u8], w: usize, h: usize) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.to_vec(), 0);
    let mut q = VecDeque::from([goal.to_vec()]);
    while let Some(b) = q.pop_front() {
        let d = dist[&b];
        let z = b.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (z / w, z % w);
        let mut nbrs = Vec::new();
        if r > 0 {
            nbrs.push(z - w);
        }
        if r + 1 < h {
            nbrs.push(z + w);
        }
        if c > 0 {
            nbrs.push(z - 1);
        }
        if c + 1 < w {
            nbrs.push(z + 1);
        }
        for n in nbrs {
            let mut nb = b.clone();
            nb.swap(z, n);
            if !dist.contains_key(&nb) {
                dist.insert(nb.clone(), d + 1);
                q.push_back(nb);
            }
        }
    }
    dist
}

fn tiles(line: &str) -> Vec<u8> {
    line.split([' ', '/']).filter(|t| !t.is_empty()).map(|t| t.parse().unwrap()).collect()
}

/// The optimal distance of a 3×3 board to the blank-last goal, by the oracle.
fn oracle_depth(board: &str) -> u32 {
    thread_local! {
        static TABLE: HashMap<Vec<u8>, u32> = oracle(&[1, 2, 3, 4, 5, 6, 7, 8, 0], 3, 3);
    }
    TABLE.with(|t| t[&tiles(board)])
}

#[test]
fn generate_depth_gives_exact_optimal_distances() {
    let table = oracle(&[1, 2, 3, 4, 5, 6, 7, 8, 0], 3, 3);
    assert_eq!(table.len(), 181_440);
    for d in [0u32, 1, 7, 18, 26, 31] {
        let r = run(&["generate", "--depth", &d.to_string(), "--count", "6", "--seed", "42"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 6);
        for l in lines {
            assert_eq!(table.get(&tiles(l)), Some(&d), "{l} should be {d} moves from the goal");
        }
    }
    // Another goal and shape: the snail goal on 3×3, and 2×3 boards.
    let snail = oracle(&[1, 2, 3, 8, 0, 4, 7, 6, 5], 3, 3);
    let r = run(&["generate", "--depth", "15", "--count", "5", "--seed", "1", "--goal", "snail"]);
    for l in r.stdout.lines() {
        assert_eq!(snail.get(&tiles(l)), Some(&15), "{l}");
    }
    let small = oracle(&[1, 2, 3, 4, 5, 0], 3, 2);
    let r = run(&["generate", "--size", "3x2", "--depth", "21", "--count", "3", "--seed", "5"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for l in r.stdout.lines() {
        assert_eq!(small.get(&tiles(l)), Some(&21), "{l}");
    }
    // Past the farthest state, and boards too large for a table, are refused.
    assert_eq!(run(&["generate", "--depth", "32"]).code, 2);
    let r = run(&["generate", "--size", "4x4", "--depth", "10"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--walk") || r.stderr.contains("random walk"), "{}", r.stderr);
}

#[test]
fn generate_is_reproducible_solvable_and_walks_stay_within_k() {
    let table = oracle(&[1, 2, 3, 4, 5, 6, 7, 8, 0], 3, 3);
    let a = run(&["generate", "--count", "20", "--seed", "7"]).stdout;
    let b = run(&["generate", "--count", "20", "--seed", "7"]).stdout;
    let c = run(&["generate", "--count", "20", "--seed", "8"]).stdout;
    assert_eq!(a, b);
    assert_ne!(a, c);
    let distinct: HashSet<&str> = a.lines().collect();
    assert!(distinct.len() >= 18);
    assert!(a.lines().all(|l| table.contains_key(&tiles(l))), "every random board is solvable");
    let r = run(&["generate", "--walk", "9", "--count", "30", "--seed", "3"]);
    for l in r.stdout.lines() {
        let d = table[&tiles(l)];
        assert!(d <= 9 && d % 2 == 1, "{l}: a 9-move walk ends at odd distance ≤ 9, got {d}");
    }
    // Larger boards: walks replayed by the solver are solvable, and output feeds `compare`.
    let r = run(&["generate", "--size", "4x4", "--walk", "12", "--count", "2", "--seed", "1"]);
    let boards: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(boards.len(), 2);
    let mut args = vec!["compare", "--algorithms", "idastar", "--format", "json"];
    args.extend(boards);
    let cmp: Value = serde_json::from_str(&run(&args).stdout).unwrap();
    assert!(cmp.as_array().unwrap().iter().all(|c| c["status"] == "solved" && c["cost"].as_u64().unwrap() <= 12));
}
