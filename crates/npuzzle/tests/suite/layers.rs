//! The library's shape: its top-level modules stand on floors, and a module imports only from
//! its own floor or below, with no loop among the modules of one floor. Read from the sources'
//! `crate::` paths outside comments and test modules (`use` lines, paths in code and
//! re-exports alike), so a new import that climbs a floor or closes a loop fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The floors, lowest first. A module missing from this list fails the test: a new top-level
/// module takes its place here.
const FLOORS: &[&[&str]] = &[
    // Ground: boards, moves, costs, limits, errors, outcomes, statistics.
    &[
        "board", "clock", "cost", "error", "generate", "goal", "hint", "limits", "metric", "notation", "outcome", "palette", "parse",
        "serial", "state", "stats", "words",
    ],
    // A learnt estimate's network and its weights file.
    &["learnt"],
    &["heuristic"],
    // The fast optimal engines over the heuristics' tables.
    &["fast"],
    // Prepared tables as values, and their cache.
    &["tables"],
    // The algorithms, each with its registered entry.
    &["search"],
    // The facade and table preparation for a request.
    &["solve", "prepare", "session"],
    // What is built on whole runs: specifications, records, replays, renderings, experiments.
    &["spec", "record", "replay", "render", "compare", "analysis", "check", "audit"],
    &["experiment"],
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments and its `#[cfg(test)]` module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The top-level module a `crate::` path names: `crate::search::x` names `search`, and a name
/// the crate's root re-exports (`crate::Tables`) names the module it comes from.
fn named(path_head: &str, reexports: &BTreeMap<String, String>) -> String {
    reexports.get(path_head).cloned().unwrap_or_else(|| path_head.to_string())
}

/// The root's re-exports, name to module: `pub use tables::{TableStore, Tables};`.
fn reexports() -> BTreeMap<String, String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    let mut map = BTreeMap::new();
    for line in lib.lines().filter_map(|l| l.strip_prefix("pub use ")) {
        let (module, rest) = line.split_once("::").unwrap();
        for name in rest.trim_end_matches(';').trim_matches(|c| c == '{' || c == '}').split(',') {
            let name = name.trim().rsplit("::").next().unwrap().trim();
            map.insert(name.to_string(), module.to_string());
        }
    }
    map
}

/// Every top-level module's imports of the others: module → the modules it names.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let reexports = reexports();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(src()).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_str().unwrap();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "ts" {
            continue;
        }
        let text = code(&std::fs::read_to_string(&file).unwrap());
        let deps = edges.entry(module.clone()).or_default();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let names: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                group.split(',').map(|g| g.trim().split("::").next().unwrap().trim().to_string()).collect()
            } else {
                vec![rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap().to_string()]
            };
            for name in names.into_iter().filter(|n| !n.is_empty()) {
                let target = named(&name, &reexports);
                if target != module {
                    deps.insert(target);
                }
            }
        }
    }
    edges
}

fn floor_of(module: &str) -> Option<usize> {
    FLOORS.iter().position(|f| f.contains(&module))
}

#[test]
fn every_module_stands_on_a_floor_and_imports_only_from_its_floor_or_below() {
    let edges = imports();
    let mut climbs = Vec::new();
    for (module, deps) in &edges {
        let floor = floor_of(module).unwrap_or_else(|| panic!("the top-level module {module} is on no floor of FLOORS"));
        for dep in deps {
            match floor_of(dep) {
                Some(f) if f <= floor => {}
                Some(f) => climbs.push(format!("{module} (floor {floor}) imports {dep} (floor {f})")),
                None => panic!("{module} names crate::{dep}, which is on no floor"),
            }
        }
    }
    assert!(climbs.is_empty(), "imports that climb a floor:\n{}", climbs.join("\n"));
}

#[test]
fn no_import_loop_among_the_top_level_modules() {
    let edges = imports();
    // A loop is a module that reaches itself: a walk from each module over the imports.
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        while let Some((m, path)) = todo.pop() {
            for dep in edges.get(&m).into_iter().flatten() {
                assert!(dep != start, "an import loop: {} -> {start}", path.join(" -> "));
                if seen.insert(dep.clone()) {
                    let mut p = path.clone();
                    p.push(dep.clone());
                    todo.push((dep.clone(), p));
                }
            }
        }
    }
}

#[test]
fn the_reader_sees_the_imports_it_checks() {
    // The reader itself can fail: it must find the facade's import of the algorithms and the
    // heuristics' of the boards, and no module may import itself.
    let edges = imports();
    assert!(edges["solve"].contains("search"), "{:?}", edges["solve"]);
    assert!(edges["heuristic"].contains("board"));
    assert!(edges["fast"].contains("limits"));
    assert!(edges.iter().all(|(m, d)| !d.contains(m)));
    assert_eq!(edges.len(), FLOORS.iter().map(|f| f.len()).sum::<usize>(), "every module on a floor has sources, and none is left out");
}
