//! Heuristics are declared once, in the library: no front end (the CLI, the server and its
//! page, the WebAssembly engine, the widget, Python) keeps a list of them, matches on their
//! names or picks one by hand to run. Every name the registry knows is looked for in every
//! front end's source: two quoted in one line or four in any line (a list), one compared or matched (`== "h1"`,
//! `"manhattan" =>`, `case "pdb"`), or a built-in computed from the board named in Rust
//! (`HeuristicKind::Manhattan`; the table heuristics are named by the commands that build and
//! inspect their tables). Generated files (`api.d.ts`, `_types.py`) are left out: they are
//! written from the library's types.

use npuzzle::heuristic::HeuristicKind;
use std::path::{Path, PathBuf};

/// The front ends' sources, from the workspace root.
const FRONT_ENDS: [&str; 7] = [
    "crates/npuzzle-cli/src",
    "crates/npuzzle-web/src",
    "crates/npuzzle-web/static",
    "crates/npuzzle-web/widget",
    "crates/npuzzle-wasm/src",
    "crates/npuzzle-py/src",
    "crates/npuzzle-py/python/npuzzle",
];

/// Files written by tools, not by hand: the types from the library's (`api.d.ts`, `_types.py`),
/// and the widget's bundle of the page's modules, which this test reads in their sources
/// (`widget.js` in the Python package; the widget's own `widget.js` is a source).
const GENERATED: [&str; 3] = ["api.d.ts", "_types.py", "npuzzle-py/python/npuzzle/widget.js"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "vendor" && name != "node_modules" {
                sources(&path, out);
            }
        } else if [".rs", ".js", ".mjs", ".ts", ".py", ".pyi", ".html"].iter().any(|x| name.ends_with(x))
            && !GENERATED.iter().any(|g| path.ends_with(g))
            && !name.ends_with(".min.js")
        {
            out.push(path);
        }
    }
}

/// The names a user may give: each built-in's name and its unmistakable aliases.
fn names() -> Vec<&'static str> {
    let mut out = Vec::new();
    for k in HeuristicKind::ALL {
        out.push(k.name());
        // The textbook's h1 and h2 and the spelt-out aliases; not those that are words of
        // their own elsewhere ("none", "table", "lc" the algorithm).
        out.extend(
            k.aliases().iter().copied().filter(|a| {
                a.len() > 1 && a.chars().any(|c| c.is_ascii_alphabetic()) && a.contains(|c: char| c.is_ascii_digit() || c == '-')
            }),
        );
    }
    out
}

/// What a line does with a heuristic's name that only the registry may do, if anything.
fn offence(line: &str, names: &[&str]) -> Option<String> {
    // A help text that lists them by hand: four names or more, quoted or not, in one line.
    let words: Vec<&str> = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).collect();
    let listed: Vec<&str> = HeuristicKind::ALL.iter().map(|k| k.name()).filter(|n| words.contains(n)).collect();
    if listed.len() >= 4 {
        return Some(format!("lists {}", listed.join(", ")));
    }
    let code = line.trim_start();
    if code.starts_with("//") || code.starts_with('#') || code.starts_with('*') || code.starts_with("/*") {
        return None;
    }
    let mut quoted = Vec::new();
    for n in names {
        for q in ['"', '\''] {
            let lit = format!("{q}{n}{q}");
            let mut from = 0;
            while let Some(i) = line[from..].find(&lit) {
                let at = from + i;
                let before = line[..at].trim_end();
                let after = line[at + lit.len()..].trim_start();
                if before.ends_with("==")
                    || before.ends_with("!=")
                    || before.ends_with("case")
                    || after.starts_with("=>")
                    || after.starts_with("==")
                {
                    return Some(format!("compares or matches {lit}"));
                }
                if before.ends_with('?') || (before.ends_with(':') && line[..at].contains(" ? ")) {
                    return Some(format!("chooses {lit}"));
                }
                if !quoted.contains(n) {
                    quoted.push(*n);
                }
                from = at + lit.len();
            }
        }
    }
    if quoted.len() >= 2 {
        return Some(format!("lists {}", quoted.join(", ")));
    }
    for k in HeuristicKind::classic() {
        let variant = format!("HeuristicKind::{k:?}");
        if line.contains(&variant) && !line[line.find(&variant).unwrap() + variant.len()..].starts_with(|c: char| c.is_alphanumeric()) {
            return Some(format!("names {variant}"));
        }
    }
    None
}

#[test]
fn no_front_end_lists_chooses_or_runs_a_heuristic_by_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let names = names();
    let mut files = Vec::new();
    for dir in FRONT_ENDS {
        sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "the front ends' sources were found: {}", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if let Some(why) = offence(line, &names) {
                found.push(format!("{}:{}: {why}: {}", f.strip_prefix(&root).unwrap_or(f).display(), i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "front ends keep heuristics of their own:\n{}", found.join("\n"));
}

/// The check finds what it looks for.
#[test]
fn the_check_finds_a_list_a_match_and_a_variant() {
    let names = names();
    assert!(offence(r#"const HS = ["misplaced", "manhattan"];"#, &names).is_some());
    assert!(offence(r#"if (h === "h1") return 1;"#, &names).is_some());
    assert!(offence(r#"    "walking-distance" => 3,"#, &names).is_some());
    assert!(offence("let h = HeuristicKind::Gaschnig;", &names).is_some());
    assert!(offence(r#"const run = { heuristic: uses ? heuristic : "zero" };"#, &names).is_some());
    assert!(offence(r#"heuristic: "misplaced", order: "LURD""#, &names).is_none());
    assert!(offence("HeuristicKind::Pdb.check_size(w, h)", &names).is_none());
    assert!(offence("    /// Heuristic: zero, misplaced, manhattan, euclidean.", &names).is_some());
}

/// What a front end would draw a seed or decide a run's kind with, where the library decides:
/// the clock or a random source for a seed ([`npuzzle::generate::fresh_seed`],
/// [`npuzzle::spec::Plan::draw_seed`]), and an algorithm's kind from its flags or by name
/// ([`npuzzle::search::Info::records_tree`], [`npuzzle::search::Info::one_path`]), and a table
/// set chosen or tables assembled by hand, where preparation decides
/// ([`npuzzle::tables::TableStore::prepare_run`], [`npuzzle::tables::TableStore::set_for`],
/// [`npuzzle::tables::TableStore::pdb_set_for`]).
const DECIDED_BY_THE_LIBRARY: [(&str, &str); 18] = [
    ("SystemTime::now", "a seed from the clock"),
    ("getrandbits", "a seed from Python's random"),
    ("Math.random", "a seed from JavaScript's random"),
    ("Algorithm::PdbBeam", "an algorithm named to decide what it builds"),
    ("Algorithm::Reduce", "an algorithm named to decide what it builds"),
    ("?.reduces", "the reduction flag read for what an algorithm builds"),
    (".fast_engine ", "the fast engine's flag read as a field"),
    (".two_roots ", "the two-tree flag read as a field"),
    ("choose_set(", "a pattern-database set chosen"),
    ("SetSpec::strongest", "a pattern-database set chosen"),
    ("SetSpec::small_default", "a pattern-database set chosen"),
    ("CostSetSpec::strongest", "a pattern-database set chosen"),
    (".prepare_for(", "a heuristic's tables prepared outside the run's preparation"),
    (".prepare_set(", "a set's tables prepared outside the run's preparation"),
    (".with_pdb(", "tables assembled by hand"),
    (".with_exact(", "tables assembled by hand"),
    (".with_prune(", "tables assembled by hand"),
    ("prepare(HeuristicKind", "a heuristic's tables chosen by hand"),
];

#[test]
fn no_front_end_draws_a_seed_decides_an_algorithm_kind_or_chooses_a_table_set() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in FRONT_ENDS {
        sources(&root.join(dir), &mut files);
    }
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") || code.starts_with('#') || code.starts_with('*') {
                continue;
            }
            for (needle, what) in DECIDED_BY_THE_LIBRARY {
                if line.contains(needle) {
                    found.push(format!("{}:{}: {what}: {}", f.strip_prefix(&root).unwrap_or(f).display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "front ends decide what the library decides:\n{}", found.join("\n"));
}
