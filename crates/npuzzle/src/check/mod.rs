//! A student's own work graded against the reference search: a solution (valid? reaching the
//! goal? optimal?), an order of expansion (the nodes selected, as labels such as `S21` or as
//! boards), a full hand trace (the node selected and the open list with g + h = f at each step:
//! [`read_trace`], [`check_trace`]) or a sheet's answers against its key. The report names the first point where the work departs from the reference, what
//! was expected there, and a diagnosis: it re-runs the nearby variants (another rule for the goal
//! test, the repeated states or the ties; another move order, another heuristic, another
//! algorithm such as greedy best-first search, f = h, or uniform cost, f = g) and names the one
//! that reproduces the work.
//!
//! The diagnosis follows complete work: every variant is run as far as the work goes (work of
//! any length read, up to [`MAX_DIAGNOSED`] expansions), within a time budget
//! ([`DIAGNOSIS_TIME`]; [`DiagnosisLimits`] sets both). Most variants part from the work within
//! a few expansions, so each is first followed for 64 expansions, those that still agree four
//! times as far, and so on: the time goes to the few that keep agreeing. Where a limit stops the
//! diagnosis short, the report names it ([`Report::diagnosis_limit`]) rather than saying that no
//! variant reproduces the work.
//!
//! A solution is priced in the request's metric: under multi-tile moves
//! ([`crate::metric::Metric::Mtm`]) its cost is its slides, the maximal runs of one direction
//! of the blank's moves, and `optimal` compares them with the fewest slides.
//!
//! The readers are lenient (any whitespace, commas, arrows, step numbers, the blank written 0,
//! `_` or `-1`) and never trust the text: it is refused past [`MAX_TEXT`] bytes or
//! [`MAX_ITEMS`] items, and every search the check runs records at most [`VARIANT_NODES`]
//! nodes.

use crate::board::{Board, Move, MoveOrder};
use crate::clock::Instant;
use crate::error::Error;
use crate::heuristic::HeuristicKind;
use crate::limits::Limits;
use crate::metric::Metric;
use crate::notation::{self, Reading};
use crate::record::{Event, Recorder};
use crate::search::{Algorithm, Conventions, Duplicates, GoalTestAt, Param, Params, Request, Ties};
use crate::solve::{solve, solve_observed, Status};
use serde::Serialize;
use std::time::Duration;

mod trace;
pub use trace::{check_trace, check_trace_by, check_trace_with, read_trace, TraceEntry, TraceStep, Values};

/// The most bytes of work read.
pub const MAX_TEXT: usize = 1 << 20;

/// The most moves, boards or labels read.
pub const MAX_ITEMS: usize = 100_000;

/// The most nodes one search of the check records (the reference and each variant). A search
/// of n selections generates at most the metric's branching
/// ([`crate::metric::Metric::branching`]) children a selection and a root an iteration, so
/// work of [`MAX_ITEMS`] expansions is followed on every board whose branching is at most 18
/// (single-tile moves on any board; multi-tile moves up to 10×10); longer work on a wider board
/// is refused with the number it may have.
pub const VARIANT_NODES: u64 = 2_000_000;

/// The longest work diagnosed by default, in expansions: any work the check reads
/// ([`MAX_ITEMS`]). A complete order of expansion runs to hundreds or thousands (uniform-cost
/// search on a 3×3 board of depth 14: 1,633), and the diagnosis follows every nearby variant as
/// far as the work goes; the time budget [`DIAGNOSIS_TIME`] bounds what that costs.
pub const MAX_DIAGNOSED: usize = MAX_ITEMS;

/// The time a diagnosis may take by default, all variants together (the request's own time
/// limit, when shorter, bounds it too). Following every variant of a complete order of 1,633
/// expansions takes well under a second; the budget stops hostile work, not students'.
pub const DIAGNOSIS_TIME: Duration = Duration::from_secs(10);

/// How far a diagnosis goes. Work longer than `expansions`, or variants still agreeing with
/// the work when `time` runs out, are not diagnosed, and the report says which limit stopped it
/// ([`Report::diagnosis_limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagnosisLimits {
    /// The longest work diagnosed, in expansions (nodes selected).
    pub expansions: usize,
    /// The time every variant together may take.
    pub time: Duration,
}

impl Default for DiagnosisLimits {
    /// [`MAX_DIAGNOSED`] expansions in [`DIAGNOSIS_TIME`].
    fn default() -> DiagnosisLimits {
        DiagnosisLimits { expansions: MAX_DIAGNOSED, time: DIAGNOSIS_TIME }
    }
}

/// The prefix of the work every variant is first followed for, in expansions; a variant that
/// still agrees is then followed four times as far, to the work's end.
const FIRST_ROUND: usize = 64;

/// The most variants a diagnosis names.
pub const MAX_DIAGNOSES: usize = 5;

/// What was graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WorkKind {
    /// A solution: moves, or the boards along the way.
    Solution,
    /// An order of expansion: the nodes selected, as labels or boards.
    Expansions,
    /// The answers to an exercise sheet, against its key.
    Answers,
    /// A full hand trace: the node selected and the open list at each step.
    Trace,
}

/// One thing checked, passed or not, in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Finding {
    /// What was checked: `valid`, `reaches the goal`, `optimal`, `order of expansion`.
    pub name: String,
    /// Whether the work passed it.
    pub passed: bool,
    /// What was found, e.g. `move 4 (R) is not possible: the blank is on the right edge`.
    pub says: String,
}

/// Where the work first departs from the reference.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Difference {
    /// The 1-based place: the move, board or expansion.
    pub at: usize,
    /// What the reference has there (`None`: the reference has ended).
    pub expected: Option<String>,
    /// What the work has there (`None`: the work has ended).
    pub got: Option<String>,
}

/// A graded piece of work (`POST /api/grade` answers it as `Graded`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Graded"))]
pub struct Report {
    /// What was graded.
    pub work: WorkKind,
    /// The reference the work is graded against, e.g. `astar + manhattan, order UDLR`.
    pub reference: String,
    /// Whether the work is right.
    pub right: bool,
    /// Each thing checked.
    pub findings: Vec<Finding>,
    /// Where the work first departs from the reference.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub difference: Option<Difference>,
    /// The nearby variants that reproduce the work (at most [`MAX_DIAGNOSES`], closest
    /// first), in words: `matches greedy best-first search (f = h), not A* (f = g + h)`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub diagnoses: Vec<String>,
    /// Why the diagnosis stopped short, naming the limit: `the work has 443 expansions, more
    /// than the 200 a diagnosis follows`, or `the time budget of 10 s ran out with 3 of the 75
    /// nearby variants not followed to the work's end`. Absent when every variant was followed
    /// as far as the work goes (or the work needs no diagnosis).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub diagnosis_limit: Option<String>,
}

/// One item of an order of expansion: a node's label or its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A hierarchical label, upper case: `S21`.
    Label(String),
    /// A board.
    Board(Board),
}

impl Item {
    fn show(&self) -> String {
        match self {
            Item::Label(l) => l.clone(),
            Item::Board(b) => line(b),
        }
    }
}

/// A board on one line, rows split by `/`.
fn line(b: &Board) -> String {
    crate::render::trace::board_line(b.tiles(), b.width())
}

fn too_long(text: &str) -> Result<(), Error> {
    if text.len() > MAX_TEXT {
        return Err(Error::Invalid(format!("the work is {} bytes long; at most {MAX_TEXT} are read", text.len())));
    }
    Ok(())
}

/// A line without its leading step number (`3.`, `3)`, `3:`, `step 3:`), its comment (`#`) and
/// any text before a colon that holds no digit (`open:`, `expanded:`).
fn strip_line(line: &str) -> &str {
    let line = line.split('#').next().unwrap_or("");
    let mut rest = line.trim_start();
    let lower = rest.to_ascii_lowercase();
    if lower.starts_with("step") {
        rest = rest[4..].trim_start();
    }
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        let after = &rest[digits..];
        if let Some(c) = after.chars().next() {
            if matches!(c, '.' | ')' | ':') {
                rest = &after[1..];
            }
        }
    }
    if let Some((head, tail)) = rest.split_once(':') {
        if !head.chars().any(|c| c.is_ascii_digit()) {
            rest = tail;
        }
    }
    rest
}

/// The numbers of a text of boards, the blank written `0`, `_` or `-1`; other words are skipped.
fn numbers(text: &str) -> Result<Vec<u32>, Error> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = strip_line(line);
        for token in line.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '/' | '[' | ']' | '|' | '(' | ')')) {
            let token = token.trim();
            if token.is_empty() {
                continue;
            }
            if token == "_" || token == "-1" || token == "." {
                out.push(0);
            } else if let Ok(n) = token.parse::<u32>() {
                out.push(n);
            }
            if out.len() > MAX_ITEMS * 64 {
                return Err(Error::Invalid("the work holds too many numbers".into()));
            }
        }
    }
    Ok(out)
}

/// Boards of `like`'s size, read from every number of `text` in turn.
pub fn read_boards(text: &str, like: &Board) -> Result<Vec<Board>, Error> {
    too_long(text)?;
    let cells = like.len();
    let nums = numbers(text)?;
    if nums.is_empty() {
        return Err(Error::Invalid("no board found: write each board's tiles row by row, the blank as 0".into()));
    }
    if nums.len() % cells != 0 {
        return Err(Error::Invalid(format!(
            "{} numbers do not make whole boards of {} tiles ({} boards and {} over)",
            nums.len(),
            cells,
            nums.len() / cells,
            nums.len() % cells
        )));
    }
    let boards = nums
        .chunks(cells)
        .enumerate()
        .map(|(i, chunk)| {
            Board::new(like.width(), like.height(), chunk.to_vec())
                .map_err(|e| Error::Invalid(format!("board {} ({}) is not a board: {e}", i + 1, join(chunk))))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if boards.len() > MAX_ITEMS {
        return Err(Error::Invalid(format!("{} boards; at most {MAX_ITEMS} are read", boards.len())));
    }
    Ok(boards)
}

fn join(chunk: &[u32]) -> String {
    chunk.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// An order of expansion: its labels (`S0, S2, S21`, any case, any separators), or, when it
/// holds none, its boards.
pub fn read_expansions(text: &str, like: &Board) -> Result<Vec<Item>, Error> {
    too_long(text)?;
    let labels: Vec<Item> = labels_in(text)?.into_iter().map(Item::Label).collect();
    if !labels.is_empty() {
        return Ok(labels);
    }
    Ok(read_boards(text, like)?.into_iter().map(Item::Board).collect())
}

/// The node labels of a text (`S21`, `g3`: upper-cased), in order.
fn labels_in(text: &str) -> Result<Vec<String>, Error> {
    let mut labels = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i].to_ascii_uppercase();
            let starts = (c == 'S' || c == 'G') && (i == 0 || !chars[i - 1].is_alphanumeric());
            if starts {
                let digits: String = chars[i + 1..].iter().take_while(|d| d.is_ascii_digit()).collect();
                let end = i + 1 + digits.len();
                if !digits.is_empty() && (end == chars.len() || !chars[end].is_alphanumeric()) {
                    labels.push(format!("{c}{digits}"));
                    if labels.len() > MAX_ITEMS {
                        return Err(Error::Invalid(format!("more than {MAX_ITEMS} labels")));
                    }
                    i = end;
                    continue;
                }
            }
            i += 1;
        }
    }
    Ok(labels)
}

/// A solution: its moves (letters, with counts: `R2U2LDLD`, in `reading`), or, when it holds
/// digits, the boards along the way (the start may be given first or left out), each one slide
/// from the one before. An error names the first board that is not one slide away.
pub fn read_solution(text: &str, start: &Board, reading: Reading) -> Result<Vec<Move>, Error> {
    too_long(text)?;
    let body: String = text.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    if !body.chars().any(|c| c.is_ascii_digit() && c != '0') || !has_boards(&body) {
        let letters: String = body.chars().filter(|c| !matches!(c, ',' | ';' | '-' | '>' | '→' | '.' | '[' | ']' | '"' | '\'')).collect();
        let moves = notation::parse(&letters, reading)?;
        if moves.len() > MAX_ITEMS * 10 {
            return Err(Error::Invalid(format!("{} moves; at most {} are read", moves.len(), MAX_ITEMS * 10)));
        }
        return Ok(moves);
    }
    let mut boards = read_boards(&body, start)?;
    if boards.first() == Some(start) {
        boards.remove(0);
    }
    let mut moves = Vec::with_capacity(boards.len());
    let mut at = start.clone();
    for (i, b) in boards.iter().enumerate() {
        let m = Move::ALL.into_iter().find(|&m| at.apply(m).as_ref() == Some(b)).ok_or_else(|| {
            Error::Invalid(format!("board {} ({}) is not one slide from the board before it ({})", i + 1, line(b), line(&at)))
        })?;
        moves.push(m);
        at = b.clone();
    }
    Ok(moves)
}

/// Whether a text's numbers read as boards rather than as move counts: a move count follows a
/// letter (`R2`), a board's numbers stand alone.
fn has_boards(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().any(|(i, c)| c.is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()))
}

fn reference_name(req: &Request) -> String {
    let info = req.algorithm.info();
    let h = if info.uses_heuristic { format!(" + {}", req.heuristic.name()) } else { String::new() };
    let cost = if req.cost.is_unit() { String::new() } else { format!(", {} step costs", req.cost.name()) };
    let cost = if req.metric == Metric::Mtm { format!("{cost}, metric mtm (slides)") } else { cost };
    let rules = Conventions::of(info, &req.params).differences(info);
    let rules = if rules.is_empty() { String::new() } else { format!(", rules: {}", rules.join(", ")) };
    format!("{}{h}, move order {}{cost}{rules}", req.algorithm.name(), req.order)
}

/// Where the blank cannot go, in words.
fn why_not(b: &Board, m: Move) -> String {
    let edge = match m {
        Move::Up => "top row",
        Move::Down => "bottom row",
        Move::Left => "left edge",
        Move::Right => "right edge",
    };
    format!("the blank is on the {edge} ({})", line(b))
}

/// Grades a solution of `req`'s problem: it must be valid and reach the goal and, with
/// `optimal`, cost no more than the optimum, which `req`'s algorithm finds (it must guarantee
/// optimal answers; any optimal answer is accepted). The cost is in `req`'s metric: under
/// multi-tile moves the solution's slides (each maximal run of one direction is one), against
/// the fewest slides.
pub fn check_solution(req: &Request, moves: &[Move], optimal: bool) -> Result<Report, Error> {
    if optimal && !req.guarantees_optimal() {
        return Err(Error::Invalid(format!(
            "{} does not guarantee an optimal answer, so it cannot grade one: use an optimal algorithm (astar or idastar with an admissible heuristic)",
            reference_name(req)
        )));
    }
    let mut findings = Vec::new();
    let mut difference = None;
    let mut at = req.start.clone();
    let mut valid = true;
    for (i, &m) in moves.iter().enumerate() {
        match at.apply(m) {
            Some(next) => at = next,
            None => {
                findings.push(Finding {
                    name: "valid".into(),
                    passed: false,
                    says: format!("move {} ({}) is not possible: {}", i + 1, m.letter(), why_not(&at, m)),
                });
                let can: String = Move::ALL.into_iter().filter(|&x| at.apply(x).is_some()).map(Move::letter).collect();
                difference = Some(Difference { at: i + 1, expected: Some(format!("one of {can}")), got: Some(m.letter().to_string()) });
                valid = false;
                break;
            }
        }
    }
    let mtm = req.metric == Metric::Mtm;
    if valid {
        let slides = if mtm { format!(" ({} slides)", notation::mtm_length(moves)) } else { String::new() };
        findings.push(Finding { name: "valid".into(), passed: true, says: format!("all {} moves are possible{slides}", moves.len()) });
    }
    let reaches = valid && at == req.goal;
    if valid {
        findings.push(Finding {
            name: "reaches the goal".into(),
            passed: reaches,
            says: if reaches {
                "the last board is the goal".into()
            } else {
                format!("the last board is {}, not the goal {}", line(&at), line(&req.goal))
            },
        });
    }
    let cost = if mtm { notation::mtm_length(moves) } else { req.cost.path_cost(&req.start, moves) };
    let mut right = reaches;
    if optimal && reaches {
        let mut r = req.clone();
        r.limits = Limits { nodes: None, ..req.limits.clone() };
        let out = solve(&r)?;
        if out.status != Status::Solved {
            return Err(Error::Invalid(format!("the reference search did not finish ({:?}): no optimum to grade against", out.status)));
        }
        let best = out.cost.unwrap_or(0);
        let unit = if mtm && cost == 1 {
            "slide"
        } else if mtm {
            "slides"
        } else if req.cost.is_unit() {
            "moves"
        } else {
            "cost"
        };
        let example = if mtm { notation::write(&out.moves, Reading::Blank) } else { crate::board::moves_to_string(&out.moves) };
        let ok = cost <= best;
        findings.push(Finding {
            name: "optimal".into(),
            passed: ok,
            says: if ok {
                format!("{cost} {unit}, the optimum")
            } else {
                format!("{cost} {unit}; the optimum is {best} (for example {example})")
            },
        });
        right = ok;
    }
    Ok(Report {
        work: WorkKind::Solution,
        reference: reference_name(req),
        right,
        findings,
        difference,
        diagnoses: Vec::new(),
        diagnosis_limit: None,
    })
}

/// Runs a recorded search and hands its recorder back: [`solve_observed`] by default; a front
/// end may run it its own way (the web service runs every recorded search through its progress
/// observer, so its WebAssembly build holds one copy of each search fewer).
pub type RunRecorded<'a> = &'a dyn Fn(&Request, Recorder) -> Result<Recorder, Error>;

/// The library's own way to run a recorded search.
fn run_recorded(req: &Request, rec: Recorder) -> Result<Recorder, Error> {
    Ok(solve_observed(req, rec)?.1)
}

/// The most nodes a search of `n` selections generates: at most the metric's branching children
/// a selection, a root for each iteration (at most one a selection, and the first), and a few
/// more (bidirectional search's second root).
fn nodes_for(req: &Request, n: usize) -> u64 {
    let b = req.metric.branching(req.start.width(), req.start.height()) as u64;
    (n as u64).saturating_add(2).saturating_mul(b + 1).saturating_add(16)
}

/// Refuses work whose reference search of `n` selections could record more than
/// [`VARIANT_NODES`] nodes.
fn within_nodes(req: &Request, n: usize) -> Result<(), Error> {
    if nodes_for(req, n) > VARIANT_NODES {
        let b = req.metric.branching(req.start.width(), req.start.height()) as u64;
        let most = (VARIANT_NODES - 16) / (b + 1) - 2;
        return Err(Error::Invalid(format!(
            "grading this work follows the reference search for {n} expansions; on a {}×{} board under {} the check follows at most {most} (grade the first ones with steps)",
            req.start.width(),
            req.start.height(),
            req.metric
        )));
    }
    Ok(())
}

/// The first `n` selections of `req`'s search (fewer when it ends sooner), as labels and boards.
fn selections(req: &Request, n: usize, run: RunRecorded<'_>) -> Result<Vec<(String, Board)>, Error> {
    let mut r = req.clone();
    let cap = (n as u64).saturating_add(1);
    // The search stops once it has generated the nodes its first n selections may generate
    // (it then has made them all); the request's time limit and cancel flag still hold.
    let nodes = nodes_for(req, n).min(VARIANT_NODES);
    r.limits = Limits { nodes: Some(nodes), ..req.limits.clone() };
    let rec = Recorder::new(req.start.len(), nodes as usize, false).with_selection_cap(cap);
    let rec = run(&r, rec)?;
    let mut out = Vec::new();
    for e in &rec.events {
        if let Event::Selected { id, label, .. } = e {
            let board = match rec.node(*id) {
                Some(node) => {
                    Board::new(req.start.width(), req.start.height(), node.board.clone()).map_err(|e| Error::Internal(e.to_string()))?
                }
                None => continue,
            };
            out.push((label.clone(), board));
            if out.len() >= n {
                break;
            }
        }
    }
    Ok(out)
}

/// How many items agree from the first on.
fn agreeing(work: &[Item], reference: &[(String, Board)]) -> usize {
    work.iter()
        .zip(reference)
        .take_while(|(w, (label, board))| match w {
            Item::Label(l) => l == label,
            Item::Board(b) => b == board,
        })
        .count()
}

/// How an algorithm orders its frontier, for a diagnosis.
fn ordering(a: Algorithm) -> &'static str {
    match a.name() {
        "astar" => "f = g + h",
        "greedy" => "f = h",
        "ucs" => "f = g",
        "bfs" => "first in, first out",
        "dfs" => "last in, first out",
        "weighted-astar" => "f = g + w·h",
        _ => "",
    }
}

/// A title inside a sentence: `Greedy best-first search` as `greedy best-first search`, `A*` as is.
fn in_sentence(title: &str) -> String {
    let mut chars = title.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if second.is_lowercase() => format!("{}{}", first.to_lowercase(), &title[first.len_utf8()..]),
        _ => title.to_string(),
    }
}

fn alg_words(a: Algorithm) -> String {
    let o = ordering(a);
    let title = in_sentence(a.info().title);
    if o.is_empty() {
        title.to_string()
    } else {
        format!("{title} ({o})")
    }
}

/// The nearby variants of `req`, each with the words that name how it differs, closest first:
/// the other tree searches with the same heuristic, the other heuristics, the other move
/// orders, then the other tree searches with each other heuristic. h = 0 is left to uniform-cost search, which it turns A* into.
fn variants(req: &Request) -> Vec<(Request, String)> {
    let info = req.algorithm.info();
    let mut out = Vec::new();
    let letters = ['U', 'D', 'L', 'R'];
    let mut orders = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let s: String = [letters[a], letters[b], letters[c], letters[d]].iter().collect();
                    if let Ok(o) = MoveOrder::parse(&s) {
                        orders.push(o);
                    }
                }
            }
        }
    }
    let mut by_order = Vec::new();
    for o in orders {
        if o != req.order {
            by_order.push((
                req.clone().order(o),
                format!("matches {} with the children generated in the order {o}, not {}", in_sentence(info.title), req.order),
            ));
        }
    }
    let heuristics: Vec<HeuristicKind> =
        [HeuristicKind::Misplaced, HeuristicKind::Manhattan, HeuristicKind::LinearConflict, HeuristicKind::Euclidean]
            .into_iter()
            .filter(|&h| !req.heuristic.is(h))
            .collect();
    if info.uses_heuristic {
        for &h in &heuristics {
            out.push((
                req.clone().heuristic(h),
                format!("matches {} with h = {}, not h = {}", in_sentence(info.title), h.name(), req.heuristic.name()),
            ));
        }
    }
    let others: Vec<Algorithm> = Algorithm::ALL
        .iter()
        .copied()
        .filter(|&a| {
            let i = a.info();
            // The plain tree searches: one tree from the start, on the general search.
            a != req.algorithm && i.kind == crate::search::Kind::Tree && (i.check_size)(req.start.width(), req.start.height()).is_ok()
        })
        .collect();
    let mut by_algorithm = Vec::new();
    for &a in &others {
        let h = if a.info().uses_heuristic { format!(" with h = {}", req.heuristic.name()) } else { String::new() };
        by_algorithm.push((req.clone().algorithm(a), format!("matches {}{h}, not {}", alg_words(a), alg_words(req.algorithm))));
    }
    // The closest first: the same search under another rule (goal test, repeated states,
    // ties), another algorithm on the same heuristic (f = h, f = g), another heuristic, another
    // move order, then both algorithm and heuristic changed.
    out.splice(0..0, by_algorithm);
    out.splice(0..0, by_rule(req));
    out.extend(by_order);
    for &a in others.iter().filter(|a| a.info().uses_heuristic) {
        for &h in &heuristics {
            out.push((
                req.clone().algorithm(a).heuristic(h),
                format!(
                    "matches {} with h = {}, not {} with h = {}",
                    alg_words(a),
                    h.name(),
                    alg_words(req.algorithm),
                    req.heuristic.name()
                ),
            ));
        }
    }
    out
}

/// The same search under each other rule it reads, with the words that name the rule: `the
/// goal was tested when generated (--goal-test generation)`.
fn by_rule(req: &Request) -> Vec<(Request, String)> {
    let info = req.algorithm.info();
    let title = in_sentence(info.title);
    let now = Conventions::of(info, &req.params);
    let mut out = Vec::new();
    let with = |f: &dyn Fn(&mut Params)| {
        let mut r = req.clone();
        f(&mut r.params);
        r
    };
    let when = |g: GoalTestAt| if g == GoalTestAt::Generation { "generated" } else { "selected" };
    if info.takes(Param::GoalTest) {
        for &g in GoalTestAt::ALL.iter().filter(|&&g| g != now.goal_test) {
            let words =
                format!("matches {title} with the goal tested when {}, not when {} (--goal-test {g})", when(g), when(now.goal_test));
            out.push((with(&|p| p.goal_test = Some(g)), words));
        }
    }
    if info.takes(Param::Duplicates) {
        for &d in Duplicates::ALL.iter().filter(|&&d| d != now.duplicates && info.duplicates.contains(&d)) {
            let what = match d {
                Duplicates::None => "no repeated state skipped, not even the move back to the parent",
                Duplicates::Parent => "only the move back to the parent skipped",
                Duplicates::Path => "only states on a node's own path skipped",
                Duplicates::Explored => "states already expanded skipped when taken (an explored set)",
                Duplicates::Reached => "states already reached skipped unless reached more cheaply",
            };
            out.push((with(&|p| p.duplicates = Some(d)), format!("matches {title} with {what} (--duplicates {d})")));
        }
    }
    if info.takes(Param::Ties) {
        let how = |t: Ties| match t {
            Ties::Fifo => "first in, first out",
            Ties::Lifo => "last in, first out",
            Ties::LowH => "lower h first",
            Ties::HighG => "higher g first",
        };
        for &t in Ties::ALL.iter().filter(|&&t| t != now.ties) {
            let words = format!("matches {title} with ties broken {}, not {} (--ties {t})", how(t), how(now.ties));
            out.push((with(&|p| p.ties = Some(t)), words));
        }
    }
    out
}

/// A duration in words: `10 s`, `250 ms`.
fn duration_words(d: Duration) -> String {
    if d.subsec_nanos() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{} ms", d.as_millis())
    }
}

/// The nearby variants of `req` ([`variants`]) tried against work of `len` expansions:
/// `reproduces(variant, m)` runs one as far as the work's first `m` expansions (its whole and
/// its end when `m == len`) and says whether it reproduces them. Every variant is followed for
/// [`FIRST_ROUND`] expansions, those that still agree four times as far, and so on to the
/// work's end, so the many variants that part from the work early cost little. Returns the
/// variants that reproduce the whole work (at most [`MAX_DIAGNOSES`], closest first) and, when
/// a limit of `limits` (or the request's own time limit or cancel flag) stopped the diagnosis
/// short, the limit in words.
fn diagnose(
    req: &Request,
    len: usize,
    limits: &DiagnosisLimits,
    reproduces: &mut dyn FnMut(&Request, usize) -> Result<bool, Error>,
) -> (Vec<String>, Option<String>) {
    if len == 0 {
        return (Vec::new(), None);
    }
    if len > limits.expansions {
        return (Vec::new(), Some(format!("the work has {len} expansions, more than the {} a diagnosis follows", limits.expansions)));
    }
    let began = Instant::now();
    let budget = req.limits.time.map_or(limits.time, |t| t.min(limits.time));
    let cancelled = || req.limits.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
    let mut candidates = variants(req);
    let total = candidates.len();
    let mut m = FIRST_ROUND.min(len);
    loop {
        let last = m == len;
        let mut kept: Vec<(Request, String)> = Vec::new();
        for (tried, (variant, words)) in candidates.iter().enumerate() {
            let left = budget.saturating_sub(began.elapsed());
            let mut v = variant.clone();
            v.limits.time = Some(left);
            // A run the budget or the cancel flag may have cut short proves nothing.
            let result = if left.is_zero() || cancelled() { None } else { Some(reproduces(&v, m)) };
            if result.is_none() || began.elapsed() >= budget || cancelled() {
                // The variants still in question: those kept that the work's end must still
                // confirm, and those not yet tried this round.
                let open = if last { 0 } else { kept.len() } + candidates.len() - tried;
                let found = if last { kept.into_iter().map(|(_, w)| w).collect() } else { Vec::new() };
                let what = if cancelled() {
                    "the diagnosis was cancelled".to_string()
                } else {
                    format!("the time budget of {} ran out", duration_words(budget))
                };
                return (found, Some(format!("{what} with {open} of the {total} nearby variants not followed to the work's end")));
            }
            if let Some(Ok(true)) = result {
                kept.push((variant.clone(), words.clone()));
                if last && kept.len() == MAX_DIAGNOSES {
                    break;
                }
            }
        }
        if last || kept.is_empty() {
            return (if last { kept.into_iter().map(|(_, w)| w).collect() } else { Vec::new() }, None);
        }
        candidates = kept;
        m = m.saturating_mul(4).min(len);
    }
}

/// Grades an order of expansion against `req`'s search: all of it, or its first `steps`
/// selections. A wrong one gets the first difference and, where a nearby variant reproduces
/// the work, its diagnosis.
pub fn check_expansions(req: &Request, work: &[Item], steps: Option<usize>) -> Result<Report, Error> {
    check_expansions_with(req, work, steps, &run_recorded, &DiagnosisLimits::default())
}

/// [`check_expansions`], with every search run by `run`.
pub fn check_expansions_by(req: &Request, work: &[Item], steps: Option<usize>, run: RunRecorded<'_>) -> Result<Report, Error> {
    check_expansions_with(req, work, steps, run, &DiagnosisLimits::default())
}

/// [`check_expansions`], with every search run by `run` and the diagnosis bounded by `limits`.
pub fn check_expansions_with(
    req: &Request,
    work: &[Item],
    steps: Option<usize>,
    run: RunRecorded<'_>,
    limits: &DiagnosisLimits,
) -> Result<Report, Error> {
    if work.is_empty() {
        return Err(Error::Invalid("the work names no node: give the labels (S0, S2, …) or the boards selected, in order".into()));
    }
    let want = steps.unwrap_or(usize::MAX).min(MAX_ITEMS);
    // One selection more than the work's shows whether the reference goes on; the steps asked
    // for, when given, however short the work.
    let count = if steps.is_some() { want } else { want.min(work.len().saturating_add(1)) };
    within_nodes(req, count)?;
    let reference = selections(req, count, run)?;
    let asked = steps.map_or(reference.len(), |s| s.min(reference.len()));
    let expected = &reference[..asked];
    let agree = agreeing(work, expected);
    let right = agree == expected.len() && work.len() == expected.len();
    let difference = (!right).then(|| Difference {
        at: agree + 1,
        expected: expected.get(agree).map(|(label, board)| match work.get(agree) {
            Some(Item::Board(_)) => line(board),
            _ => label.clone(),
        }),
        got: work.get(agree).map(Item::show),
    });
    let first = |n: usize| if n == 1 { "the first expansion is".to_string() } else { format!("the first {n} expansions are") };
    let says = if right {
        format!("all {} expansions are the reference's", expected.len())
    } else if agree == work.len() {
        format!("{} right, then the work stops; the reference expands {} nodes", first(agree), expected.len())
    } else if agree == expected.len() {
        format!("{} right, then the reference stops (at the goal or the steps asked); the work goes on", first(agree))
    } else {
        let d = difference.as_ref().expect("a wrong answer has a difference");
        format!(
            "{} right; expansion {} should be {}, not {}",
            if agree == 0 { "no expansion is".to_string() } else { first(agree) },
            d.at,
            d.expected.as_deref().unwrap_or("-"),
            d.got.as_deref().unwrap_or("-")
        )
    };
    // Work that stops before the reference does is diagnosed by a variant that stops there too
    // (the goal tested when generated, say).
    let stops_early = !right && agree == work.len() && work.len() < expected.len();
    let (diagnoses, diagnosis_limit) = if !right && (agree < work.len() || stops_early) {
        let n = work.len().min(want);
        diagnose(req, n, limits, &mut |variant, m| {
            let last = m == n;
            let got = selections(variant, if last { m + usize::from(stops_early) } else { m }, run)?;
            let enough = if last && stops_early { got.len() == n } else { got.len() >= m };
            Ok(enough && agreeing(&work[..m], &got) == m)
        })
    } else {
        (Vec::new(), None)
    };
    Ok(Report {
        work: WorkKind::Expansions,
        reference: reference_name(req),
        right,
        findings: vec![Finding { name: "order of expansion".into(), passed: right, says }],
        difference,
        diagnoses,
        diagnosis_limit,
    })
}

/// The answer key `npuzzle exercise --format json` writes, as far as grading reads it.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Key {
    /// The start board, as rows.
    pub start: Vec<Vec<crate::board::Tile>>,
    /// The goal board, as rows.
    pub goal: Vec<Vec<crate::board::Tile>>,
    /// The algorithm's name.
    pub algorithm: String,
    /// The heuristic's name.
    pub heuristic: String,
    /// The move order.
    pub order: String,
    /// The step costs' name.
    pub cost_model: String,
    /// The questions.
    pub questions: Vec<KeyQuestion>,
    /// Their answers, in the same order.
    pub answers: Vec<KeyAnswer>,
}

/// A question of a [`Key`].
#[derive(Clone, Debug, serde::Deserialize)]
pub struct KeyQuestion {
    /// Its number on the sheet.
    pub number: usize,
    /// What it asks for.
    pub kind: crate::render::exercise::Kind,
    /// The question as the sheet prints it.
    pub text: String,
}

/// An answer of a [`Key`].
#[derive(Clone, Debug, serde::Deserialize)]
pub struct KeyAnswer {
    /// The number of the question it answers.
    pub number: usize,
    /// Its items (labels, entries, values).
    pub items: Vec<String>,
    /// The answer in one line.
    pub text: String,
}

fn board_of(rows: &[Vec<crate::board::Tile>]) -> Result<Board, Error> {
    let width = rows.first().map_or(0, Vec::len);
    Board::new(width, rows.len(), rows.concat()).map_err(|e| Error::Invalid(format!("the key's board is not a board: {e}")))
}

impl Key {
    /// The search the key was made from.
    pub fn request(&self) -> Result<Request, Error> {
        let algorithm: Algorithm = self.algorithm.parse()?;
        let heuristic: HeuristicKind = self.heuristic.parse()?;
        Ok(Request::new(board_of(&self.start)?, board_of(&self.goal)?)
            .algorithm(algorithm)
            .heuristic(heuristic)
            .order(MoveOrder::parse(&self.order)?)
            .cost(self.cost_model.parse()?))
    }
}

/// A sheet's answers by question number: a line that starts with a number and `.`, `)` or `:`
/// begins that question's answer; the lines after it, up to the next number, continue it.
fn numbered(text: &str) -> Result<std::collections::BTreeMap<usize, String>, Error> {
    let mut out = std::collections::BTreeMap::new();
    let mut current: Option<usize> = None;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        let digits = line.chars().take_while(char::is_ascii_digit).count();
        let after = &line[digits..];
        if digits > 0 && digits < 6 && after.starts_with(['.', ')', ':']) {
            let n: usize = line[..digits].parse().map_err(|_| Error::Invalid("a question number is too large".into()))?;
            out.insert(n, after[1..].trim().to_string());
            current = Some(n);
            if out.len() > MAX_ITEMS {
                return Err(Error::Invalid(format!("more than {MAX_ITEMS} answers")));
            }
        } else if let Some(n) = current {
            let entry: &mut String = out.get_mut(&n).expect("the current answer is kept");
            entry.push(' ');
            entry.push_str(line);
        }
    }
    Ok(out)
}

/// The numbers of a text, in order (`g = 1, h = 3` gives 1 and 3).
fn numbers_in(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')).filter_map(|t| t.trim_matches('.').parse::<f64>().ok()).collect()
}

/// The value written after `name:` or `name =` in a key's item, e.g. `5` of `cost: 5`.
fn value_of<'a>(items: &'a [String], name: &str) -> Option<&'a str> {
    items.iter().find_map(|i| i.strip_prefix(name)).map(|v| v.trim_start_matches([':', '=', ' ']).trim())
}

/// One answer graded against the key's: whether it is right, and what was expected.
fn grade_answer(kind: crate::render::exercise::Kind, key: &KeyAnswer, got: &str) -> Result<bool, Error> {
    use crate::render::exercise::Kind;
    Ok(match kind {
        Kind::Expansions | Kind::Frontier | Kind::Incumbents => {
            let want: Vec<String> = key.items.iter().flat_map(|i| labels_in(i).unwrap_or_default().into_iter().take(1)).collect();
            labels_in(got)? == want
        }
        Kind::Bounds => {
            let want: Vec<f64> = key.items.iter().filter_map(|i| i.rsplit(':').next()).flat_map(numbers_in).collect();
            let got = numbers_in(got);
            let interleaved: Vec<f64> = want.iter().enumerate().flat_map(|(i, b)| [(i + 1) as f64, *b]).collect();
            got == want || got == interleaved
        }
        Kind::Values => {
            let want: Vec<f64> = key.items.iter().flat_map(|i| numbers_in(i.rsplit('=').next().unwrap_or(""))).collect();
            let got = numbers_in(got);
            got.len() >= want.len() && got[..want.len()] == want[..]
        }
        Kind::Solution => {
            let lower = got.to_ascii_lowercase();
            match (value_of(&key.items, "moves"), value_of(&key.items, "cost")) {
                (Some(moves), Some(cost)) => {
                    let (before, after) = lower.split_once("cost").unwrap_or((&lower, ""));
                    let letters: String = before
                        .split(|c: char| !c.is_ascii_alphabetic())
                        .filter(|w| !w.is_empty() && w.chars().all(|c| matches!(c, 'u' | 'd' | 'l' | 'r')))
                        .collect::<String>()
                        .to_ascii_uppercase();
                    let cost_got = numbers_in(if after.is_empty() { before } else { after });
                    letters == moves && cost_got.first().copied() == cost.parse::<f64>().ok()
                }
                _ => lower.contains("none") || lower.contains("no solution"),
            }
        }
    })
}

/// Grades a sheet's answers (`1. S0, S2, S21` …, one numbered answer per question) against its
/// key ([`Key`], the JSON `npuzzle exercise --format json` writes): one finding per question;
/// a wrong order of expansion gets its diagnosis as [`check_expansions`] gives it.
pub fn check_answers(key: &Key, text: &str) -> Result<Report, Error> {
    too_long(text)?;
    let req = key.request()?;
    let answers = numbered(text)?;
    if answers.is_empty() {
        return Err(Error::Invalid("no numbered answer found: write each answer after its question's number, as 1. S0, S2, …".into()));
    }
    let mut findings = Vec::new();
    let mut diagnoses = Vec::new();
    let mut diagnosis_limit = None;
    for (q, a) in key.questions.iter().zip(&key.answers) {
        let name = format!("question {}", q.number);
        let Some(got) = answers.get(&q.number) else {
            findings.push(Finding { name, passed: false, says: format!("no answer; the key says {}", a.text) });
            continue;
        };
        let passed = grade_answer(q.kind, a, got)?;
        let says = if passed { format!("right: {}", a.text) } else { format!("{got} — the key says {}", a.text) };
        if !passed && q.kind == crate::render::exercise::Kind::Expansions {
            if let Ok(items) = read_expansions(got, &req.start) {
                let report = check_expansions(&req, &items, None)?;
                (diagnoses, diagnosis_limit) = (report.diagnoses, report.diagnosis_limit);
            }
        }
        findings.push(Finding { name, passed, says });
    }
    let right = findings.iter().all(|f| f.passed);
    Ok(Report { work: WorkKind::Answers, reference: reference_name(&req), right, findings, difference: None, diagnoses, diagnosis_limit })
}

/// A report as Gradescope's autograder reads it (`results.json`): the score the findings
/// passed out of their number, the report in words as the output, and one test per finding.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Gradescope {
    /// Points: one for each finding passed.
    pub score: f64,
    /// One point for each finding.
    pub max_score: f64,
    /// The report in words ([`text`]).
    pub output: String,
    /// One test per finding.
    pub tests: Vec<GradescopeTest>,
}

/// One of Gradescope's tests: a finding, worth one point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GradescopeTest {
    /// What was checked.
    pub name: String,
    /// 1 when passed, else 0.
    pub score: f64,
    /// 1.
    pub max_score: f64,
    /// `passed` or `failed`.
    pub status: &'static str,
    /// What was found.
    pub output: String,
}

/// A report as Gradescope's `results.json`.
pub fn gradescope(report: &Report) -> Gradescope {
    let tests: Vec<GradescopeTest> = report
        .findings
        .iter()
        .map(|f| GradescopeTest {
            name: f.name.clone(),
            score: if f.passed { 1.0 } else { 0.0 },
            max_score: 1.0,
            status: if f.passed { "passed" } else { "failed" },
            output: f.says.clone(),
        })
        .collect();
    Gradescope { score: tests.iter().map(|t| t.score).sum(), max_score: tests.len() as f64, output: text(report), tests }
}

/// A report in words, for people.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let what = match report.work {
        WorkKind::Solution => "solution",
        WorkKind::Expansions => "order of expansion",
        WorkKind::Answers => "answers",
        WorkKind::Trace => "hand trace",
    };
    out.push_str(&format!("{}: the {what} against {}\n", if report.right { "right" } else { "differs" }, report.reference));
    for f in &report.findings {
        out.push_str(&format!("  {} {}: {}\n", if f.passed { "✓" } else { "✗" }, f.name, f.says));
    }
    if let Some(d) = &report.difference {
        out.push_str(&format!(
            "first difference at {}: expected {}, got {}\n",
            d.at,
            d.expected.as_deref().unwrap_or("the end"),
            d.got.as_deref().unwrap_or("the end")
        ));
    }
    for d in &report.diagnoses {
        out.push_str(&format!("diagnosis: the work {d}\n"));
    }
    match &report.diagnosis_limit {
        Some(limit) if report.diagnoses.is_empty() => out.push_str(&format!("not diagnosed: {limit}\n")),
        Some(limit) => out.push_str(&format!("diagnosis stopped short (other variants may reproduce the work too): {limit}\n")),
        None if report.diagnoses.is_empty() && !report.right && matches!(report.work, WorkKind::Expansions | WorkKind::Trace) => {
            out.push_str("diagnosis: no nearby variant (rules, algorithm, heuristic, move order) reproduces the work\n");
        }
        None => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_board;

    fn nilsson(a: Algorithm, h: HeuristicKind) -> Request {
        let start = parse_board("2 8 3/1 6 4/7 0 5").unwrap();
        let goal = parse_board("1 2 3/8 0 4/7 6 5").unwrap();
        Request::new(start, goal).algorithm(a).heuristic(h)
    }

    /// The first 30 selections of `req` (a hand trace's length), as labels.
    fn labels(req: &Request) -> Vec<Item> {
        selections(req, 30, &run_recorded).unwrap().into_iter().map(|(l, _)| Item::Label(l)).collect()
    }

    #[test]
    fn the_reference_itself_is_right_in_labels_and_in_boards() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Misplaced);
        let work = labels(&req);
        let r = check_expansions(&req, &work, None).unwrap();
        assert!(r.right, "{}", text(&r));
        assert!(r.diagnoses.is_empty() && r.difference.is_none());
        let boards: Vec<Item> = selections(&req, 1000, &run_recorded).unwrap().into_iter().map(|(_, b)| Item::Board(b)).collect();
        assert!(check_expansions(&req, &boards, None).unwrap().right);
    }

    #[test]
    fn greedy_work_is_diagnosed_as_greedy_and_never_passed() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Manhattan);
        // A board where greedy and A* part ways.
        let start = parse_board("8 1 3/4 0 2/7 6 5").unwrap();
        let goal = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
        let req = Request { start, goal, ..req };
        let greedy = labels(&req.clone().algorithm(Algorithm::Greedy));
        let r = check_expansions(&req, &greedy, None).unwrap();
        assert!(!r.right);
        assert!(r.difference.is_some());
        // Each kind of variant is named: a move order, a heuristic, uniform cost.
        for (variant, words) in [
            (req.clone().order(MoveOrder::parse("LURD").unwrap()), "matches A* with the children generated in the order LURD, not UDLR"),
            (req.clone().heuristic(HeuristicKind::Misplaced), "matches A* with h = misplaced, not h = manhattan"),
            (req.clone().algorithm(Algorithm::Ucs), "matches uniform-cost search (f = g), not A* (f = g + h)"),
        ] {
            let r = check_expansions(&req, &labels(&variant), None).unwrap();
            assert!(!r.right);
            assert!(r.diagnoses.iter().any(|d| d == words), "{}", text(&r));
        }
        assert_eq!(r.diagnoses, ["matches greedy best-first search (f = h) with h = manhattan, not A* (f = g + h)"], "{}", text(&r));
    }

    #[test]
    fn work_under_another_course_s_rules_is_diagnosed_by_the_rule() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Misplaced);
        let rule = |f: &dyn Fn(&mut Params)| {
            let mut r = req.clone();
            f(&mut r.params);
            r
        };
        for (variant, words) in [
            (rule(&|p| p.ties = Some(Ties::Lifo)), "matches A* with ties broken last in, first out, not first in, first out (--ties lifo)"),
            (
                rule(&|p| p.goal_test = Some(GoalTestAt::Generation)),
                "matches A* with the goal tested when generated, not when selected (--goal-test generation)",
            ),
            (
                rule(&|p| p.duplicates = Some(Duplicates::None)),
                "matches A* with no repeated state skipped, not even the move back to the parent (--duplicates none)",
            ),
        ] {
            let work = labels(&variant);
            let r = check_expansions(&req, &work, None).unwrap();
            if work == labels(&req) {
                // The rule changes nothing here: the work is right, and is passed.
                assert!(r.right, "{words}");
                continue;
            }
            assert!(!r.right && r.difference.is_some(), "{words}");
            assert!(r.diagnoses.iter().any(|d| d == words), "{words}: {}", text(&r));
            // And the same work checked under that rule is right.
            assert!(check_expansions(&variant, &work, None).unwrap().right, "{words}");
        }
    }

    #[test]
    fn readers_are_lenient_and_refuse_what_is_not_work() {
        let like = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
        let items = read_expansions("1. S0\n2) s2 -> S21, S211\nstep 5: G3", &like).unwrap();
        assert_eq!(items, ["S0", "S2", "S21", "S211", "G3"].map(|l| Item::Label(l.into())));
        let boards = read_expansions("1: 1 2 3 / 4 5 6 / 7 8 _\n\n2. 1 2 3\n4 5 6\n7 0 8", &like).unwrap();
        assert_eq!(boards.len(), 2);
        assert!(read_expansions("1 2 3 4 5 6 7 8", &like).is_err());
        assert!(read_expansions("1 1 3 4 5 6 7 8 0", &like).is_err());
        assert!(read_expansions(&"x".repeat(MAX_TEXT + 1), &like).is_err());
        let start = parse_board("1 2 3/4 5 6/7 0 8").unwrap();
        assert_eq!(read_solution("R", &start, Reading::Blank).unwrap(), [Move::Right]);
        assert_eq!(read_solution("1 2 3/4 5 6/7 8 0", &start, Reading::Blank).unwrap(), [Move::Right]);
        assert_eq!(read_solution("1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 0", &start, Reading::Blank).unwrap(), [Move::Right]);
        assert!(read_solution("1 2 3/4 5 6/0 7 8\n1 2 3/4 5 6/7 8 0", &start, Reading::Blank).is_err());
        assert_eq!(read_solution("U, L2 → R", &start, Reading::Blank).unwrap(), [Move::Up, Move::Left, Move::Left, Move::Right]);
    }

    #[test]
    fn a_sheets_answers_are_graded_question_by_question_against_its_key() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Misplaced).order(MoveOrder::parse("LURD").unwrap());
        let ex = crate::render::exercise::Exercise::run(&req, 12).unwrap();
        let rows = |b: &Board| b.rows();
        let key = Key {
            start: rows(&ex.start),
            goal: rows(&ex.goal),
            algorithm: ex.algorithm.name().into(),
            heuristic: ex.heuristic.name(),
            order: ex.order.clone(),
            cost_model: ex.cost_model.name().into(),
            questions: ex.questions.iter().map(|q| KeyQuestion { number: q.number, kind: q.kind, text: q.text.clone() }).collect(),
            answers: ex.answers.iter().map(|a| KeyAnswer { number: a.number, items: a.items.clone(), text: a.text.clone() }).collect(),
        };
        // The key's own answers, as a student would write them, are all right.
        let right: String = ex.answers.iter().map(|a| format!("{}. {}\n", a.number, a.text)).collect();
        let r = check_answers(&key, &right).unwrap();
        assert!(r.right, "{}", text(&r));
        assert_eq!(r.findings.len(), ex.questions.len());
        // Other ways of writing them: values as a sum, moves with spaces.
        let values = ex.questions.iter().position(|q| q.kind == crate::render::exercise::Kind::Values).unwrap();
        let n = ex.questions[values].number;
        let sum = ex.answers[values].text.split(": ").nth(1).unwrap().split(';').next().unwrap().to_string();
        let r = check_answers(&key, &format!("{n}) {sum}")).unwrap();
        assert!(r.findings[values].passed, "{}", text(&r));
        // A wrong order of expansion (children generated U, D, L, R) is wrong and diagnosed.
        let r = check_answers(&key, "1. S0, S1, S11, S12, S111, S1111, S11112").unwrap();
        assert!(!r.right && !r.findings[0].passed);
        assert!(r.diagnoses.iter().any(|d| d.contains("in the order UDLR, not LURD")), "{}", text(&r));
        assert!(r.findings[1..].iter().all(|f| !f.passed && f.says.starts_with("no answer")));
        assert!(check_answers(&key, "no numbers here").is_err());
    }

    #[test]
    fn solutions_are_checked_move_by_move_and_against_the_optimum() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Manhattan);
        let best = solve(&req).unwrap().moves;
        let r = check_solution(&req, &best, true).unwrap();
        assert!(r.right, "{}", text(&r));
        // A detour: valid, reaches the goal, not optimal.
        let mut longer = vec![Move::Left, Move::Right];
        longer.extend(&best);
        let r = check_solution(&req, &longer, true).unwrap();
        assert!(!r.right);
        assert_eq!(r.findings.iter().map(|f| f.passed).collect::<Vec<_>>(), [true, true, false]);
        assert!(check_solution(&req, &longer, false).unwrap().right);
        // The blank starts on the bottom row: D is impossible.
        let r = check_solution(&req, &[Move::Down], false).unwrap();
        assert!(!r.right);
        assert_eq!(r.difference.as_ref().unwrap().at, 1);
        assert!(r.findings[0].says.contains("bottom row"), "{}", r.findings[0].says);
        // Greedy does not guarantee the optimum, so it cannot grade one.
        assert!(check_solution(&nilsson(Algorithm::Greedy, HeuristicKind::Manhattan), &best, true).is_err());
        let g = gradescope(&check_solution(&req, &longer, true).unwrap());
        assert_eq!((g.score, g.max_score), (2.0, 3.0));
        assert_eq!(g.tests[2].status, "failed");
    }
}
