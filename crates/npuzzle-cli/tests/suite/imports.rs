//! No import loop among the command line's files. Each file of `crates/npuzzle-cli/src` is a
//! module (`main.rs` the root, `bench/mod.rs` is `bench`, `bench/korf.rs` is `bench::korf`), and
//! a module depends on the modules it names: the children it declares (`mod korf;`) and every
//! path it writes after `crate::` or, outside its `#[cfg(test)]` module, `super::` (`use
//! crate::exit::{self, BadInput}`, `crate::pdb::store()`). A path counts for the longest module
//! it begins with; one that names an item of the root counts for the root. Comments are left
//! out. The graph must have no cycle: a module that dispatches to others is never imported back
//! by them (`bench/mod.rs` runs the suites; the suites share `bench/common.rs` and import
//! neither `bench` nor each other).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each module's path (`""` for the root, `bench::korf`) and its text, from the crate's `src`.
fn modules(src: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut inner = prefix.to_vec();
                inner.push(name);
                walk(&path, &inner, out);
            } else if let Some(stem) = name.strip_suffix(".rs") {
                let mut module = prefix.to_vec();
                if !matches!(stem, "mod" | "main" | "lib") {
                    module.push(stem.to_string());
                }
                out.insert(module.join("::"), std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, &[], &mut out);
    out
}

fn skip_space(s: &str, at: usize) -> usize {
    at + (s[at..].len() - s[at..].trim_start().len())
}

fn ident_len(s: &str) -> usize {
    s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len())
}

/// The paths of a use tree starting at `at` (`exit::{self, BadInput}` gives `exit::self` and
/// `exit::BadInput`), and where it ends.
fn use_tree(s: &str, at: usize) -> (Vec<Vec<String>>, usize) {
    let at = skip_space(s, at);
    if s[at..].starts_with('{') {
        let (mut out, mut i) = (Vec::new(), at + 1);
        while i < s.len() {
            i = skip_space(s, i);
            if s[i..].starts_with('}') {
                return (out, i + 1);
            }
            if s[i..].starts_with(',') {
                i += 1;
                continue;
            }
            let (paths, end) = use_tree(s, i);
            i = if end > i { end } else { i + s[i..].chars().next().map_or(1, char::len_utf8) };
            out.extend(paths);
            // `name as other`: the alias is no path.
            let j = skip_space(s, i);
            if s[j..].starts_with("as ") {
                let k = skip_space(s, j + 2);
                i = k + ident_len(&s[k..]);
            }
        }
        return (out, i);
    }
    let len = ident_len(&s[at..]);
    if len == 0 {
        return (Vec::new(), at);
    }
    let name = s[at..at + len].to_string();
    let after = at + len;
    if s[after..].starts_with("::") {
        let (rest, end) = use_tree(s, after + 2);
        if !rest.is_empty() {
            return (rest.into_iter().map(|p| std::iter::once(name.clone()).chain(p).collect()).collect(), end);
        }
        return (vec![vec![name]], end);
    }
    (vec![vec![name]], after)
}

/// The module a path counts for: the longest module it begins with, else the root.
fn resolve(path: &[String], known: &BTreeSet<String>) -> String {
    (1..=path.len()).rev().map(|n| path[..n].join("::")).find(|m| known.contains(m)).unwrap_or_default()
}

/// The modules each module depends on (itself left out).
fn graph(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    let mut out = BTreeMap::new();
    for (module, text) in modules {
        let here: Vec<String> = if module.is_empty() { Vec::new() } else { module.split("::").map(str::to_string).collect() };
        let mut deps = BTreeSet::new();
        let mut in_tests = false;
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            let trimmed = code.trim();
            if trimmed.starts_with("mod tests") {
                in_tests = true;
            }
            // A child declared: `mod korf;`, `pub(crate) mod korf;`.
            if let Some(name) = trimmed.strip_suffix(';').and_then(|d| d.rsplit_once("mod ")).map(|(_, n)| n.trim()) {
                if !name.is_empty() && ident_len(name) == name.len() && trimmed.split_whitespace().rev().nth(1) == Some("mod") {
                    let child: Vec<String> = here.iter().cloned().chain([name.to_string()]).collect();
                    deps.insert(resolve(&child, &known));
                }
            }
            for (anchor, base) in [("crate::", Some(Vec::new())), ("super::", here.split_last().map(|(_, parent)| parent.to_vec()))] {
                let mut from = 0;
                while let Some(i) = code[from..].find(anchor) {
                    let at = from + i;
                    from = at + anchor.len();
                    // `super::` in the test module names this file's own module.
                    let Some(base) = base.as_ref().filter(|_| !(anchor == "super::" && in_tests)) else { continue };
                    if at > 0 && code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                        continue;
                    }
                    for path in use_tree(code, from).0 {
                        let full: Vec<String> = base.iter().cloned().chain(path.into_iter().filter(|s| s != "self")).collect();
                        deps.insert(resolve(&full, &known));
                    }
                }
            }
        }
        deps.remove(module);
        out.insert(module.clone(), deps);
    }
    out
}

/// A cycle of the graph, as the modules along it (the first again at the end), if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit<'a>(
        node: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<&'a str>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(p) = path.iter().position(|n| *n == node) {
            return Some(path[p..].iter().chain([&node]).map(|n| n.to_string()).collect());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, done, path) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node);
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|n| visit(n, graph, &mut done, &mut Vec::new()))
}

fn shown(module: &str) -> &str {
    if module.is_empty() {
        "main"
    } else {
        module
    }
}

fn cli_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    assert!(modules.len() > 20 && modules.contains_key("bench::common"), "the CLI's files were found: {:?}", modules.keys());
    graph(&modules)
}

#[test]
fn no_import_loop_among_the_clis_files() {
    let graph = cli_graph();
    if let Some(c) = cycle(&graph) {
        panic!("the CLI's files import each other in a loop: {}", c.iter().map(|m| shown(m)).collect::<Vec<_>>().join(" -> "));
    }
}

/// `bench`'s suites import `bench/common.rs` alone of `bench`'s files, and it imports none.
#[test]
fn bench_suites_import_only_the_shared_helpers() {
    let graph = cli_graph();
    let suites: Vec<&String> = graph.keys().filter(|m| m.starts_with("bench::")).collect();
    assert!(suites.len() >= 8, "{suites:?}");
    for m in suites {
        let within: Vec<&String> = graph[m].iter().filter(|d| *d == "bench" || d.starts_with("bench::")).collect();
        let allowed: &[&str] = if m == "bench::common" { &[] } else { &["bench::common"] };
        assert!(within.iter().all(|d| allowed.contains(&d.as_str())), "{m} imports {within:?} of bench's files");
    }
}

/// The check finds the loops it looks for: two files that import each other, as `bench.rs`
/// and its suites once did, and a folder's file that imports its `mod.rs`; and it passes a
/// folder whose files share a helper.
#[test]
fn the_check_finds_a_loop() {
    let files = |list: &[(&str, &str)]| -> BTreeMap<String, String> {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in list {
            let p = dir.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        modules(dir.path())
    };
    let old = files(&[
        ("main.rs", "mod bench;\nmod bench_big;\nmod exit;\n"),
        ("bench.rs", "use crate::exit::{self, BadInput};\npub fn run(a: Args) { crate::bench_big::run(&a) }\n"),
        ("bench_big.rs", "use crate::bench::Args;\nuse crate::exit;\n"),
        ("exit.rs", "// crate::bench in a comment\n"),
    ]);
    let c = cycle(&graph(&old)).expect("a loop");
    assert!(c.contains(&"bench".to_string()) && c.contains(&"bench_big".to_string()), "{c:?}");
    let up = files(&[
        ("main.rs", "mod bench;\n"),
        ("bench/mod.rs", "mod common;\nmod korf;\npub struct Args;\n"),
        ("bench/common.rs", "pub fn picked() {}\n"),
        ("bench/korf.rs", "use super::Args;\n"),
    ]);
    assert_eq!(cycle(&graph(&up)), Some(vec!["bench".to_string(), "bench::korf".to_string(), "bench".to_string()]));
    let fine = files(&[
        ("main.rs", "mod bench;\nmod exit;\n"),
        ("bench/mod.rs", "mod common;\nmod korf;\nfn run() { korf::run() }\n"),
        ("bench/common.rs", "use crate::exit;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"),
        ("bench/korf.rs", "use crate::bench::common::{picked, Instance as I};\nuse super::common;\n"),
        ("exit.rs", ""),
    ]);
    let g = graph(&fine);
    assert_eq!(cycle(&g), None, "{g:?}");
    assert_eq!(g["bench::korf"], BTreeSet::from(["bench::common".to_string()]));
    assert_eq!(g["bench"], BTreeSet::from(["bench::common".to_string(), "bench::korf".to_string()]));
}
