//! The commands of README and of every page under docs/, run. Every line of every ```sh block of
//! README.md and of each docs/*.md runs through bash, in order, each page in a scratch directory
//! of its own (with `npuzzle` on the PATH as the binary under test, and `HOME` and
//! `NPUZZLE_CACHE_DIR` inside that directory), and must end with the exit code its page gives
//! it: 0, unless its comment says `(exit N)`. Pages share nothing, so they run side by side. A
//! page added to docs/ is picked up with no change here.
//!
//! Output is checked where a page shows or implies it:
//! - a fenced block tagged `text output` (or `json output`) holds the output of the command run
//!   just before it, line by line; a line `...` stands for any number of lines;
//! - commands whose stdout is not redirected are checked for the shape their options promise:
//!   one JSON object for `--format json`, one JSON object a line for `batch` and JSON traces,
//!   a board a line for `generate`, a Markdown table or CSV for `compare`; files written by
//!   `--tree svg --tree-out` and `--plot *.svg` must parse as XML.
//!
//! A few commands cannot run here; each is listed in [`SKIPPED`] with the reason, and the test
//! prints every skip. An entry that matches no command of any page fails the test, so the list
//! cannot go stale.
//!
//! A second test checks that every relative link and image of these pages names a file that
//! exists and, with a `#fragment`, a heading of that page.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How a skip entry matches a command.
enum Match {
    /// The command, comment removed, is exactly this.
    Exact(&'static str),
    /// The command starts with this.
    Prefix(&'static str),
}

/// Commands that are not run, and why.
const SKIPPED: &[(Match, &str)] = &[
    (Match::Prefix("cargo run --release"), "a clean release build takes minutes; these tests run the binary `cargo test` built"),
    (Match::Prefix("cargo bench"), "runs criterion benches for minutes, on a quiet machine; docs/benchmarks.md gives their figures and when they were measured"),
    (Match::Prefix("cargo install"), "installs into the user's cargo directory, outside any scratch directory"),
    (Match::Exact("./scripts/test-all"), "runs this very test suite"),
    (Match::Prefix("./scripts/fuzz"), "builds the fuzz targets with the nightly toolchain and fuzzes for minutes; .ci/run runs it"),
    (
        Match::Prefix("pip install ./crates/npuzzle-py"),
        "installs into the user's Python environment; scripts/test-all installs the package into its own virtual environment and runs its tests",
    ),
    (Match::Prefix("./scripts/build-site"), "compiles the library to WebAssembly (and may install wasm-bindgen-cli): minutes; scripts/test-all builds the site and runs the browser tests against it"),
    (Match::Prefix("./scripts/release"), "builds the release binary, the wheel and the site: minutes; .ci/run runs it"),
    (Match::Prefix("./scripts/build-wheels"), "builds the Python extension in release mode through zig: minutes; scripts/test-all runs it and tests the wheel"),
    (Match::Exact("./scripts/check-crates"), "packs the crates and compiles the CLI from its package: minutes; .ci/run runs it"),
    (Match::Prefix("./scripts/soak"), "builds the release binary and drives the server for 10 minutes; .ci/run runs ./scripts/soak 60"),
    (Match::Prefix("pip install npuzzle-"), "a release's wheel, downloaded from the release page; scripts/test-all installs the wheel it builds into a fresh environment"),
    (Match::Prefix("./scripts/measure-site"), "builds the site and the release binary, then measures in Chromium for minutes"),
    (Match::Prefix("python3 -m http.server"), "starts a server that runs until Ctrl-C (e2e/static.test.mjs serves the site this way)"),
    (Match::Prefix("npuzzle serve"), "starts a server that runs until Ctrl-C (tests/suite/serve.rs starts one and queries it)"),
    (Match::Prefix("curl "), "needs a running server (the web crate's tests/suite/api.rs covers every endpoint)"),
    (Match::Exact("npuzzle pdb build --size 4x4"), "builds the 7-8 set: about 3 minutes and 1.6 GB"),
    (Match::Exact("npuzzle pdb build --size 5x5"), "builds the 6-6-6-6x7z1 set: 14 tables, about 20 minutes, 4.3 GB of memory and 4.2 GB on disk"),
    (Match::Exact("npuzzle pdb build --size 5x5 --set 6-6-6-6"), "builds the 6-6-6-6 set: about 2.5 minutes and 1.4 GB"),
    (Match::Exact("npuzzle pdb build --size 4x4 --goal snail"), "builds a 7-8 set for the snail goal: about 3 minutes and 1.6 GB"),
];

/// Longest any one command may take.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(180);

struct Block {
    info: String,
    /// 1-based line of the opening fence.
    line: usize,
    body: Vec<String>,
}

fn blocks(readme: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, l) in readme.lines().enumerate() {
        match (&mut open, l.strip_prefix("```")) {
            (None, Some(info)) => open = Some(Block { info: info.trim().to_string(), line: i + 1, body: Vec::new() }),
            (Some(_), Some(_)) => out.push(open.take().expect("open block")),
            (Some(b), None) => b.body.push(l.to_string()),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a page ends inside a code block");
    out
}

/// A command line without its trailing `# comment` (a `#` after whitespace, outside quotes), and
/// the comment.
fn split_comment(line: &str) -> (String, String) {
    let (mut single, mut double) = (false, false);
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && prev.is_whitespace() => return (line[..i].trim().to_string(), line[i + 1..].trim().to_string()),
            _ => {}
        }
        prev = c;
    }
    (line.trim().to_string(), String::new())
}

/// Whether a quote is still open at the end of `text` (a command continued on the next line).
fn open_quote(text: &str) -> bool {
    let (mut single, mut double) = (false, false);
    for line in text.lines() {
        let mut prev = ' ';
        for c in line.chars() {
            match c {
                '\'' if !double => single = !single,
                '"' if !single => double = !double,
                // A comment runs to the end of its line; its apostrophes are not quotes.
                '#' if !single && !double && prev.is_whitespace() => break,
                _ => {}
            }
            prev = c;
        }
    }
    single || double
}

/// The commands of a block with the line each starts on: a line ending in `\\` or inside an open
/// quote continues on the next.
fn commands(body: &[String]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    for (k, line) in body.iter().enumerate() {
        let (at, mut text) = match cur.take() {
            Some((at, t)) => (at, format!("{t}\n{line}")),
            None => (k, line.clone()),
        };
        if open_quote(&text) {
            cur = Some((at, text));
        } else if let Some(stripped) = text.strip_suffix('\\') {
            text = stripped.to_string();
            cur = Some((at, text));
        } else {
            out.push((at, text));
        }
    }
    out.extend(cur);
    out
}

/// The exit code a comment gives a command: `(exit N)`, else 0.
fn expected_code(comment: &str) -> i32 {
    comment
        .split("(exit ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .map(|n| n.trim().parse().unwrap_or_else(|_| panic!("bad exit code in comment {comment:?}")))
        .unwrap_or(0)
}

fn skip_reason(cmd: &str) -> Option<(usize, &'static str)> {
    SKIPPED.iter().enumerate().find_map(|(i, (m, why))| {
        let hit = match m {
            Match::Exact(e) => cmd == *e,
            Match::Prefix(p) => cmd.starts_with(p),
        };
        hit.then_some((i, *why))
    })
}

fn has_program(name: &str) -> bool {
    Command::new("sh").args(["-c", &format!("command -v {name}")]).stdout(Stdio::null()).status().is_ok_and(|s| s.success())
}

struct Ran {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(cmd: &str, dir: &Path, bin_dir: &Path) -> Ran {
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut child = Command::new("bash")
        .args(["-c", &format!("set -o pipefail\n{cmd}")])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env("NPUZZLE_CACHE_DIR", dir.join("cache"))
        .env_remove("XDG_CACHE_HOME")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    let (mut so, mut se) = (child.stdout.take().expect("piped"), child.stderr.take().expect("piped"));
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        std::io::Read::read_to_end(&mut so, &mut s).ok();
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        std::io::Read::read_to_end(&mut se, &mut s).ok();
        s
    });
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("waits") {
            break s;
        }
        if started.elapsed() > COMMAND_TIMEOUT {
            let _ = child.kill();
            panic!("a command ran over {COMMAND_TIMEOUT:?}: {cmd}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ran {
        code: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.join().expect("reader")).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().expect("reader")).into_owned(),
    }
}

/// Whether `got` matches the lines of an output block, where a line `...` matches any run of
/// lines. Returns the first mismatch.
fn matches_output(want: &[String], got: &str) -> Result<(), String> {
    let got: Vec<&str> = got.lines().map(str::trim_end).collect();
    fn go(want: &[String], got: &[&str]) -> bool {
        match want.split_first() {
            None => got.is_empty(),
            Some((w, rest)) if w.trim() == "..." => (0..=got.len()).any(|k| go(rest, &got[k..])),
            Some((w, rest)) => got.first().is_some_and(|g| *g == w.trim_end()) && go(rest, &got[1..]),
        }
    }
    if go(want, &got) {
        Ok(())
    } else {
        let first = want.iter().zip(&got).position(|(w, g)| w.trim() != "..." && w.trim_end() != *g);
        Err(match first {
            Some(i) => format!("line {}: the page shows {:?}, the command printed {:?}", i + 1, want[i], got[i]),
            None => format!("the page shows {} lines, the command printed {}", want.len(), got.len()),
        })
    }
}

/// The shape a command's options promise for its stdout (when it is not redirected or piped).
fn check_shape(cmd: &str, stdout: &str, dir: &Path) -> Result<(), String> {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let has = |w: &str| words.contains(&w);
    let json_format = words.windows(2).any(|p| (p[0] == "--format" || p[0] == "-f") && p[1] == "json");
    let to_stdout = !cmd.contains('>') && !cmd.contains('|');
    let json = |l: &str| serde_json::from_str::<serde_json::Value>(l).map_err(|e| format!("not JSON ({e}): {l}"));
    if to_stdout && words.get(1) == Some(&"solve") && json_format && !has("--trace") {
        let v = json(stdout.trim())?;
        v.get("status").ok_or("the JSON has no status")?;
    }
    if to_stdout && (words.get(1) == Some(&"batch") || (has("--trace") && json_format)) {
        for l in stdout.lines() {
            json(l)?;
        }
    }
    if to_stdout && words.get(1) == Some(&"generate") {
        for l in stdout.lines() {
            npuzzle::parse::parse_board(l).map_err(|e| format!("generate printed {l:?}, not a board: {e}"))?;
        }
    }
    if to_stdout && words.get(1) == Some(&"compare") {
        let first = stdout.lines().next().unwrap_or_default();
        let want = if has("csv") { "instance,board," } else { "| # | board |" };
        if !first.starts_with(want) {
            return Err(format!("compare's first line {first:?} does not start {want:?}"));
        }
    }
    for (flag, ext) in [("--tree-out", ".svg"), ("--plot", ".svg")] {
        if let Some(p) = words.windows(2).find(|p| p[0] == flag && p[1].ends_with(ext)).map(|p| p[1]) {
            let text = std::fs::read_to_string(dir.join(p)).map_err(|e| format!("{p}: {e}"))?;
            roxmltree::Document::parse(&text).map_err(|e| format!("{p} is not XML: {e}"))?;
        }
    }
    Ok(())
}

fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readme");
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["home", "cache", "pages"] {
        std::fs::create_dir_all(dir.join(sub)).expect("scratch directory");
    }
    dir
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md, then every docs/*.md in name order, as (name, text).
fn pages() -> Vec<(String, String)> {
    let root = repo();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    let mut out = vec![("README.md".to_string(), std::fs::read_to_string(root.join("README.md")).expect("README.md"))];
    for p in docs {
        let name = format!("docs/{}", p.file_name().expect("a file name").to_string_lossy());
        out.push((name, std::fs::read_to_string(&p).expect("a docs page")));
    }
    out
}

/// What one page's commands did.
#[derive(Default)]
struct Tally {
    ran: usize,
    outputs_checked: usize,
    skipped: Vec<(String, String)>,
    failures: Vec<String>,
}

/// Runs the `sh` blocks of one page in `dir`, checking exit codes, output blocks and shapes.
fn run_page(name: &str, text: &str, dir: &Path, bin_dir: &Path, graphviz: bool, used: &mut [bool]) -> Tally {
    let mut t = Tally::default();
    let mut last: Option<(String, Ran)> = None;
    for block in blocks(text) {
        let mut info = block.info.split_whitespace();
        let lang = info.next().unwrap_or_default();
        if info.next() == Some("output") {
            match &last {
                Some((cmd, r)) => {
                    t.outputs_checked += 1;
                    if let Err(e) = matches_output(&block.body, &r.stdout) {
                        t.failures.push(format!("{name}:{}: output of `{cmd}`: {e}", block.line));
                    }
                }
                None => t.failures.push(format!("{name}:{}: an output block with no command before it", block.line)),
            }
            continue;
        }
        if lang != "sh" {
            continue;
        }
        for (k, line) in commands(&block.body) {
            let (cmd, comment) = split_comment(&line);
            if cmd.is_empty() {
                continue;
            }
            let at = format!("{name}:{}", block.line + 1 + k);
            if let Some((i, why)) = skip_reason(&cmd) {
                used[i] = true;
                t.skipped.push((cmd, why.to_string()));
                last = None;
                continue;
            }
            if cmd.contains("| dot ") && !graphviz {
                t.skipped.push((cmd, "needs Graphviz (`dot`), which this machine lacks".to_string()));
                last = None;
                continue;
            }
            let r = run(&cmd, dir, bin_dir);
            t.ran += 1;
            let want = expected_code(&comment);
            if r.code != want {
                t.failures.push(format!("{at}: `{cmd}` exited {} (the page implies {want}); stderr: {}", r.code, r.stderr.trim()));
            } else if r.stderr.contains("panicked") {
                t.failures.push(format!("{at}: `{cmd}` panicked: {}", r.stderr.trim()));
            } else if let Err(e) = check_shape(&cmd, &r.stdout, dir) {
                t.failures.push(format!("{at}: `{cmd}`: {e}"));
            }
            last = Some((cmd, r));
        }
    }
    t
}

#[test]
fn readme_commands_run_with_the_exit_codes_and_output_readme_gives() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_npuzzle"));
    let bin_dir = bin.parent().expect("binary directory").to_path_buf();
    let dir = scratch();
    let graphviz = has_program("dot");

    let mut used = vec![false; SKIPPED.len()];
    let mut failures: Vec<String> = Vec::new();
    let (mut ran, mut outputs_checked, mut docs_ran) = (0, 0, 0);
    let pages = pages();
    // Each page in a directory of its own (with the docs/ its figure commands write to, and its
    // own table cache), so a page's commands cannot lean on files another page made, and pages
    // can run side by side: as many at once as there are cores.
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(pages.len().max(1));
    let mut tallies: Vec<Option<(Tally, Duration)>> = (0..pages.len()).map(|_| None).collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    let mut used = vec![false; SKIPPED.len()];
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((name, text)) = pages.get(i) else { break };
                        let work = dir.join("pages").join(name.replace('/', "_"));
                        std::fs::create_dir_all(work.join("docs")).expect("page directory");
                        let started = Instant::now();
                        let t = run_page(name, text, &work, &bin_dir, graphviz, &mut used);
                        done.push((i, t, started.elapsed()));
                    }
                    (done, used)
                })
            })
            .collect();
        for h in handles {
            let (done, u) = h.join().expect("a page worker panicked");
            for (i, t, took) in done {
                tallies[i] = Some((t, took));
            }
            for (k, v) in u.into_iter().enumerate() {
                used[k] |= v;
            }
        }
    });
    for ((name, _), t) in pages.iter().zip(tallies) {
        let (t, took) = t.expect("every page ran");
        println!(
            "{name}: {} commands run in {:.1} s, {} outputs compared, {} skipped:",
            t.ran,
            took.as_secs_f64(),
            t.outputs_checked,
            t.skipped.len()
        );
        for (cmd, why) in &t.skipped {
            println!("  skipped `{cmd}`: {why}");
        }
        ran += t.ran;
        outputs_checked += t.outputs_checked;
        if name.starts_with("docs/") {
            docs_ran += t.ran;
        }
        failures.extend(t.failures);
    }
    for (i, u) in used.iter().enumerate() {
        if !u {
            let m = match &SKIPPED[i].0 {
                Match::Exact(e) | Match::Prefix(e) => e,
            };
            failures.push(format!("the skip entry {m:?} matches no command of README or docs/: remove it"));
        }
    }
    let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
    for page in ["docs/cli.md", "docs/teaching.md", "docs/optimal.md"] {
        assert!(names.contains(&page), "{page} was not found among {names:?}");
    }
    assert!(ran >= 30, "only {ran} commands ran: is the checker still reading the sh blocks?");
    assert!(docs_ran >= 25, "only {docs_ran} commands of docs/ ran: is the checker still reading docs/*.md?");
    assert!(outputs_checked >= 4, "only {outputs_checked} output blocks compared");
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

/// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped,
/// spaces made hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings (a repeated heading's later anchors get `-1`, `-2`, …).
fn anchors(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut fence = false;
    for l in text.lines() {
        if l.starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        let hashes = l.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && l[hashes..].starts_with(' ') {
            let base = slug(&l[hashes..]);
            let mut a = base.clone();
            let mut n = 0;
            while out.contains(&a) {
                n += 1;
                a = format!("{base}-{n}");
            }
            out.push(a);
        }
    }
    out
}

/// The relative link targets of a page (outside code blocks): `](target)` and `src="target"`.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence = false;
    for (i, l) in text.lines().enumerate() {
        if l.starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        for (open, close) in [("](", ')'), ("src=\"", '"')] {
            let mut rest = l;
            while let Some(at) = rest.find(open) {
                rest = &rest[at + open.len()..];
                let target: String = rest.chars().take_while(|c| *c != close).collect();
                if !target.contains("://") && !target.starts_with("mailto:") {
                    out.push((i + 1, target));
                }
            }
        }
    }
    out
}

#[test]
fn links_and_anchors_of_readme_and_docs_resolve() {
    let root = repo();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, text) in pages() {
        let base = root.join(&name).parent().expect("a page's directory").to_path_buf();
        for (line, target) in links(&text) {
            let (file, fragment) = match target.split_once('#') {
                Some((f, a)) => (f.to_string(), Some(a.to_string())),
                None => (target.clone(), None),
            };
            let path = if file.is_empty() { root.join(&name) } else { base.join(&file) };
            checked += 1;
            if !path.exists() {
                failures.push(format!("{name}:{line}: {target}: no such file"));
                continue;
            }
            if let Some(a) = fragment {
                let page = std::fs::read_to_string(&path).unwrap_or_default();
                if !anchors(&page).contains(&a) {
                    failures.push(format!("{name}:{line}: {target}: no heading with the anchor #{a}"));
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} links checked");
    assert!(failures.is_empty(), "{} broken links:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn anchors_are_made_the_way_github_makes_them() {
    assert_eq!(slug(" Search trees: `--tree dot|json|svg`"), "search-trees---tree-dotjsonsvg");
    assert_eq!(slug(" Any size: row-and-column reduction"), "any-size-row-and-column-reduction");
    assert_eq!(anchors("# A\n```\n# not a heading\n```\n## A\n"), ["a", "a-1"]);
    assert_eq!(
        links("see [x](a.md#b) and ![p](c.png), <img src=\"d.png\">, [w](https://e)"),
        [(1, "a.md#b".to_string()), (1, "c.png".to_string()), (1, "d.png".to_string())]
    );
}

#[test]
fn comments_and_codes_are_read_the_way_readme_writes_them() {
    assert_eq!(
        split_comment("npuzzle solve \"1 2 #3\" # a note (exit 4)"),
        ("npuzzle solve \"1 2 #3\"".to_string(), "a note (exit 4)".to_string())
    );
    assert_eq!(expected_code("refused (exit 4): needs 1.6 GB"), 4);
    assert_eq!(expected_code("the default solver"), 0);
    let want: Vec<String> = ["a", "...", "d"].iter().map(|s| s.to_string()).collect();
    assert!(matches_output(&want, "a\nb\nc\nd\n").is_ok());
    assert!(matches_output(&want, "a\nb\nc\n").is_err());
    let body: Vec<String> = ["curl -d '{\"a\": 1,", "  \"b\": 2}'", "npuzzle solve x"].iter().map(|s| s.to_string()).collect();
    let cmds = commands(&body);
    assert_eq!(cmds.len(), 2);
    assert_eq!(cmds[1], (2, "npuzzle solve x".to_string()));
}
