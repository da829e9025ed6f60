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

/// The folders whose files are checked for loops among themselves.
const FOLDERS: &[&str] = &["check", "tables", "search"];

/// A folder's modules (its files but `mod.rs`, and its sub-folders) and each one's imports of
/// the others: `super::x` and `crate::folder::x` name the module `x`, and a name `mod.rs`
/// re-exports from `x` (`pub use x::Report;`) names `x` too. `mod.rs` is the folder's facade and
/// base: what it defines itself is below every module of the folder and makes no edge.
fn folder_imports(folder: &str) -> BTreeMap<String, BTreeSet<String>> {
    let dir = src().join(folder);
    let facade = std::fs::read_to_string(dir.join("mod.rs")).unwrap();
    let mut modules = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        if name != "mod" && (path.is_dir() || path.extension().is_some_and(|e| e == "rs")) {
            modules.insert(name);
        }
    }
    // The facade's re-exports, name to module: `pub use report::{Finding, Report};`.
    let mut reexported = BTreeMap::new();
    for line in code(&facade).lines().filter_map(|l| l.trim().strip_prefix("pub use ").or_else(|| l.trim().strip_prefix("use "))) {
        let Some((module, rest)) = line.split_once("::") else { continue };
        if !modules.contains(module) {
            continue;
        }
        for name in rest.trim_end_matches(';').trim_matches(|c| c == '{' || c == '}').split(',') {
            let name = name.trim().split(" as ").last().unwrap().rsplit("::").next().unwrap().trim();
            reexported.insert(name.to_string(), module.to_string());
        }
    }
    let prefixes = ["super::".to_string(), format!("crate::{folder}::")];
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for module in &modules {
        let mut files = Vec::new();
        let path = dir.join(module);
        if path.is_dir() {
            rust_files(&path, &mut files);
        } else {
            files.push(dir.join(format!("{module}.rs")));
        }
        let deps = edges.entry(module.clone()).or_default();
        for file in files {
            // `super::` reaches this folder from its own files and from a sub-folder's `mod.rs`;
            // elsewhere in a sub-folder it is the sub-folder itself.
            let nested = file.parent() != Some(dir.as_path()) && file != path.join("mod.rs");
            let text = code(&std::fs::read_to_string(&file).unwrap());
            for prefix in &prefixes {
                if nested && prefix == "super::" {
                    continue;
                }
                let mut rest = text.as_str();
                while let Some(i) = rest.find(prefix.as_str()) {
                    rest = &rest[i + prefix.len()..];
                    let names: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                        let group = &group[..group.find('}').unwrap_or(group.len())];
                        group.split(',').map(|g| g.trim().split("::").next().unwrap().trim().to_string()).collect()
                    } else {
                        vec![rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap().to_string()]
                    };
                    for name in names {
                        let target = if modules.contains(&name) { Some(name) } else { reexported.get(&name).cloned() };
                        if let Some(t) = target.filter(|t| t != module) {
                            deps.insert(t);
                        }
                    }
                }
            }
        }
    }
    edges
}

/// The first loop among `edges`, as the path that closes it.
fn a_loop(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<String> {
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        while let Some((m, path)) = todo.pop() {
            for dep in edges.get(&m).into_iter().flatten() {
                if dep == start {
                    return Some(format!("{} -> {start}", path.join(" -> ")));
                }
                if seen.insert(dep.clone()) {
                    let mut p = path.clone();
                    p.push(dep.clone());
                    todo.push((dep.clone(), p));
                }
            }
        }
    }
    None
}

#[test]
fn no_import_loop_among_the_files_of_check_tables_and_search() {
    for folder in FOLDERS {
        let edges = folder_imports(folder);
        if let Some(path) = a_loop(&edges) {
            panic!("an import loop in {folder}/: {path}");
        }
    }
    // The reader sees what it checks: grading an order of expansion reads the diagnosis, the
    // store reads the cache's format, and a loop made up here is found.
    let check = folder_imports("check");
    assert!(check["expansions"].contains("diagnose") && check["expansions"].contains("report"), "{:?}", check["expansions"]);
    assert!(folder_imports("tables")["store"].contains("cache"));
    let mut looped = check.clone();
    looped.get_mut("read").unwrap().insert("expansions".into());
    assert!(a_loop(&looped).is_some());
}
