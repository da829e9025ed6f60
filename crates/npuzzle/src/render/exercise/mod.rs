//! Hand-execution exercises and their answer keys, from a recorded search.
//!
//! An [`Exercise`] is built from one run's [`Recorder`] and [`Outcome`]
//! ([`Exercise::from_recording`]), the same events `--trace` prints, so the key can never
//! disagree with the trace: the order of expansion is the labels of the `Selected` events, the
//! open lists are the `Frontier` snapshots, the bounds the `Iteration` events and the incumbents
//! the `Incumbent` events. [`Exercise::run`] records the run itself, with the trace's recorder.
//!
//! The sheet ([`to_markdown`] and [`to_html`] with [`Part::Sheet`]) states the problem, the
//! labelling convention, the algorithm's pseudocode and the questions, and gives no answer away;
//! the key ([`Part::Key`]) repeats each question with its answer. A search longer than the
//! sheet's `max_steps` is cut: the questions are about its first `max_steps` steps, and both the
//! sheet and the key say so. [`pick_board`] finds a board at a given distance from the goal
//! whose whole search fits a sheet.

mod sheet;
pub(crate) use sheet::html_escape;
pub use sheet::{to_html, to_markdown};

use super::trace::{board_line, ghf};
use crate::board::Board;
use crate::cost::Cost;
use crate::error::Error;
use crate::generate::{DepthTable, Rng};
use crate::heuristic::HeuristicKind;
use crate::record::{Entry, Event, Recorder};
use crate::search::observer::{Fate, NodeId};
use crate::search::{Algorithm, Bound};
use crate::solve::{solve_observed, Outcome, Request, Status};
use crate::spec::Plan;
use serde::Serialize;

/// Default most steps (selections) a sheet asks about: what fits one printed page.
pub const DEFAULT_MAX_STEPS: u64 = 12;

/// Most entries an open list may have for the sheet to ask for it whole.
pub const FRONTIER_ASKED: usize = 10;

/// Most boards [`pick_board`] tries before it settles for the one with the shortest search.
pub const PICK_TRIES: usize = 200;

/// What kind of question a [`Question`] asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The labels of the nodes selected, in order.
    Expansions,
    /// The open list (frontier) after a step, next first.
    Frontier,
    /// g, h and f of one node.
    Values,
    /// The solution's moves, its path of labels and its cost.
    Solution,
    /// The bound of each iteration (IDA*, iterative deepening).
    Bounds,
    /// Each new incumbent and its cost (branch and bound).
    Incumbents,
}

/// One question of the sheet, with its answer.
#[derive(Clone, Debug, Serialize)]
pub struct Question {
    /// 1-based number on the sheet.
    pub number: usize,
    /// What it asks for.
    pub kind: Kind,
    /// The step it is about (frontier questions), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<u64>,
    /// The node it is about (value questions), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// The question as the sheet prints it.
    pub text: String,
}

/// The answer to one question.
#[derive(Clone, Debug, Serialize)]
pub struct Answer {
    /// The number of the question it answers.
    pub number: usize,
    /// The answer's items in order (labels, entries, values), as the key prints them.
    pub items: Vec<String>,
    /// The answer in one line.
    pub text: String,
}

/// A hand-execution exercise: the problem, the questions and (for the key) their answers.
#[derive(Clone, Debug, Serialize)]
pub struct Exercise {
    /// The start board, as rows.
    pub start: Board,
    /// The goal board, as rows.
    pub goal: Board,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Its name in prose, e.g. `A*`.
    pub algorithm_title: &'static str,
    /// The heuristic used (`zero` for algorithms that use none).
    pub heuristic: crate::heuristic::Estimator,
    /// The move order, e.g. `LURD`.
    pub order: String,
    /// What a move costs: `unit` or `tile` (g, h, f and the solution's cost are in its units).
    pub cost_model: crate::cost::CostModel,
    /// What the algorithm's open list is called, e.g. `open list (priority queue, next first)`.
    pub frontier_name: &'static str,
    /// The labelling convention, in words.
    pub convention: String,
    /// The rules the search runs under when they are not the algorithm's own, in words
    /// (`goal test at generation, duplicates: none`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The algorithm's pseudocode, one line each, indented by two spaces a level.
    pub pseudocode: Vec<String>,
    /// Most steps the sheet asks about.
    pub max_steps: u64,
    /// Steps (selections) the whole search made.
    pub steps_total: u64,
    /// Steps the sheet asks about (the search's, up to `max_steps`).
    pub steps_asked: u64,
    /// Whether the search was cut to `max_steps`.
    pub cut: bool,
    /// The sentence that says so, when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut_note: Option<String>,
    /// The questions.
    pub questions: Vec<Question>,
    /// Their answers, in the same order.
    pub answers: Vec<Answer>,
    /// The labels of the selected nodes of the asked steps, in order: exactly the `label`s of
    /// the trace's `selected` events.
    pub expansions: Vec<String>,
    /// The solution's moves (letters, the blank's moves), empty when none was found.
    pub moves: String,
    /// The solution's cost, when one was found.
    pub cost: Option<u64>,
    /// How the run ended.
    pub status: Status,
}

/// Which part of an exercise to render.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The problem sheet: no answers.
    Sheet,
    /// The answer key: each question with its answer.
    Key,
}

/// The labelling convention for `a`.
fn convention(a: Algorithm, order: &str) -> String {
    let mut s = format!(
        "The start is S0. A node's children are numbered 1, 2, … in the order they are generated (move order {order}, \
         the letter naming where the blank moves): the children of S0 are S1, S2, …, the children of S2 are S21, S22, …. \
         The move back to the parent is not generated, so it is not a child. A step is one selection of a node from the \
         open list: for expansion or, when the algorithm tests for the goal on selection, for that test."
    );
    if a.info().words.bound.is_some_and(|b| b != Bound::Incumbent) {
        s.push_str(" Each iteration starts again from S0 and labels its nodes anew.");
    }
    if a == Algorithm::Bidirectional {
        s.push_str(" The backward search from the goal labels its nodes G0, G1, … the same way.");
    }
    s
}

/// An open-list entry as the key writes it: `S2 (1 + 3 = 4)`, or `S2 (g 1)` for an algorithm
/// that uses no heuristic (and orders by g alone).
fn entry_text(e: &Entry, informed: bool) -> String {
    if !informed && Cost::moves(e.g) == e.f {
        format!("{} (g {})", e.label, e.g)
    } else if Cost::moves(e.g) + e.h == e.f {
        format!("{} ({} + {} = {})", e.label, e.g, e.h, e.f)
    } else {
        format!("{} (g {}, h {}, f {})", e.label, e.g, e.h, e.f)
    }
}

/// Up to `n` distinct items of `xs` spread over it: first, last and evenly between.
fn spread<T: Clone>(xs: &[T], n: usize) -> Vec<T> {
    if xs.len() <= n {
        return xs.to_vec();
    }
    let mut idx: Vec<usize> = (0..n).map(|k| k * (xs.len() - 1) / (n - 1).max(1)).collect();
    idx.dedup();
    idx.into_iter().map(|i| xs[i].clone()).collect()
}

/// The algorithm and heuristic a sheet is set on when neither is named: A* with misplaced
/// tiles, the textbooks' worked example (the CLI's `npuzzle exercise` and Python's
/// `npuzzle.exercise` read it through [`settle`]).
pub const DEFAULT_PAIR: (Algorithm, HeuristicKind) = (Algorithm::Astar, HeuristicKind::Misplaced);

/// Gives `plan` the [`DEFAULT_PAIR`] when it names neither an algorithm nor a heuristic.
pub fn settle(plan: &mut Plan) {
    if plan.algorithm.is_none() && plan.heuristic.is_none() {
        plan.algorithm = Some(DEFAULT_PAIR.0);
        plan.heuristic = Some(DEFAULT_PAIR.1.into());
    }
}

/// Whether `a` can be set as an exercise: it grows a search tree from an open list. Reduction
/// places tiles by construction, and a local search keeps only its current state.
pub fn check_algorithm(a: Algorithm) -> Result<(), Error> {
    if a.info().one_path() {
        return Err(Error::Invalid(format!("{a} builds one path by construction and grows no search tree: choose a search algorithm")));
    }
    if a.info().local() {
        return Err(Error::Invalid(format!(
            "{a} is a local search: it keeps no search tree or open list to set questions on; choose a tree search (astar, bfs, idastar, …)"
        )));
    }
    Ok(())
}

impl Exercise {
    /// Solves `req` with the trace's recorder (stopping recording after `max_steps` selections)
    /// and builds the exercise from what it recorded; an algorithm [`check_algorithm`] refuses is
    /// an error.
    pub fn run(req: &Request, max_steps: u64) -> Result<Exercise, Error> {
        if max_steps == 0 {
            return Err(Error::Invalid("an exercise needs at least 1 step".to_string()));
        }
        check_algorithm(req.algorithm)?;
        let rec = Recorder::new(req.start.len(), usize::MAX, true).with_selection_cap(max_steps);
        let (outcome, rec) = solve_observed(req, rec)?;
        Ok(Exercise::from_recording(req, &outcome, &rec, max_steps))
    }

    /// Builds the exercise from a recorded run of `req`: every answer is read from `rec`'s
    /// events (and the solution from `outcome`, the same run's result).
    pub fn from_recording(req: &Request, outcome: &Outcome, rec: &Recorder, max_steps: u64) -> Exercise {
        let a = req.algorithm;
        let info = a.info();
        let rules = crate::search::Conventions::of(info, &req.params);
        let order = req.order.to_string();
        // The events of the asked steps: up to the selection after the first `max_steps`.
        let mut end = rec.events.len();
        let mut seen = 0u64;
        for (i, e) in rec.events.iter().enumerate() {
            if let Event::Selected { .. } = e {
                if seen == max_steps {
                    end = i;
                    break;
                }
                seen += 1;
            }
        }
        let events = &rec.events[..end];
        let expansions: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::Selected { label, .. } => Some(label.clone()),
                _ => None,
            })
            .collect();
        let steps_asked = expansions.len() as u64;
        let cut = rec.expansions > steps_asked;
        let cut_note = cut.then(|| {
            format!(
                "This search takes {} in all; this sheet asks about the first {} only (--max-steps {max_steps}).",
                crate::words::count(rec.expansions, "step"),
                steps_asked
            )
        });
        let mut questions = Vec::new();
        let mut answers = Vec::new();
        let mut ask = |kind: Kind, step: Option<u64>, node: Option<String>, text: String, items: Vec<String>, answer: String| {
            let number = questions.len() + 1;
            questions.push(Question { number, kind, step, node, text });
            answers.push(Answer { number, items, text: answer });
        };
        let first = if cut { format!("the first {}", crate::words::count(steps_asked, "step")) } else { "the whole search".to_string() };

        // 1. The order of expansion.
        ask(
            Kind::Expansions,
            None,
            None,
            format!("Give the order in which the nodes are selected for expansion ({first}), as a list of labels."),
            expansions.clone(),
            expansions.join(", "),
        );

        // 2. The open list after chosen steps: small enough to write out whole.
        let frontiers: Vec<(u64, u64, &Vec<Entry>)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Frontier { step, size, entries }
                    if *step >= 1 && *size as usize <= FRONTIER_ASKED && *size as usize == entries.len() =>
                {
                    Some((*step, *size, entries))
                }
                _ => None,
            })
            .collect();
        // One snapshot a step (the last of it).
        let mut by_step: Vec<(u64, u64, &Vec<Entry>)> = Vec::new();
        for f in frontiers {
            match by_step.last_mut() {
                Some(last) if last.0 == f.0 => *last = f,
                _ => by_step.push(f),
            }
        }
        for (step, size, entries) in spread(&by_step, 3) {
            let items: Vec<String> = entries.iter().map(|e| entry_text(e, info.uses_heuristic)).collect();
            let answer = if size == 0 { "empty".to_string() } else { items.join(", ") };
            ask(
                Kind::Frontier,
                Some(step),
                None,
                format!(
                    "Give the {} after step {step}, next first, with {} for each entry.",
                    info.frontier.split(" (").next().unwrap_or(info.frontier),
                    if info.uses_heuristic { "g + h = f" } else { "g" }
                ),
                items,
                answer,
            );
        }

        // 3. g, h and f of chosen nodes: some selected after the first step, and one generated
        // but never selected.
        let selected_nodes: Vec<NodeId> = events
            .iter()
            .filter_map(|e| match e {
                Event::Selected { id, step, .. } if *step >= 2 => Some(*id),
                _ => None,
            })
            .collect();
        // Not the goal: its values and label would give the solution away.
        let goal_ids: Vec<NodeId> = events
            .iter()
            .filter_map(|e| match e {
                Event::Goal { id, .. } => Some(*id),
                Event::Generated { node, .. } if node.fate == Fate::Goal => Some(node.id),
                _ => None,
            })
            .collect();
        let selected_nodes: Vec<NodeId> = selected_nodes.into_iter().filter(|id| !goal_ids.contains(id)).collect();
        let mut chosen: Vec<NodeId> = spread(&selected_nodes, 3);
        let never = events.iter().rev().find_map(|e| match e {
            Event::Generated { node, .. } if node.parent.is_some() && node.fate == Fate::Added && !expansions.contains(&node.label) => {
                Some(node.id)
            }
            _ => None,
        });
        chosen.extend(never);
        let mut asked_labels: Vec<String> = Vec::new();
        let value_word = if info.uses_heuristic { "g, h and f" } else { "g (the path cost)" };
        for id in chosen {
            let Some(n) = rec.node(id) else { continue };
            if asked_labels.contains(&n.label) {
                continue;
            }
            asked_labels.push(n.label.clone());
            let items = if info.uses_heuristic {
                vec![format!("g = {}", n.g), format!("h = {}", n.h), format!("f = {}", n.f)]
            } else {
                vec![format!("g = {}", n.g)]
            };
            let values = if info.uses_heuristic { ghf(n.g, n.h, n.f) } else { format!("g = {}", n.g) };
            ask(
                Kind::Values,
                None,
                Some(n.label.clone()),
                format!("Give {value_word} of node {}, and draw its board.", n.label),
                items,
                format!("{values}; board {}", board_line(&n.board, req.start.width())),
            );
        }

        // 4. For IDA* and iterative deepening, the bounds; for DFBnB, the incumbents.
        let bounds: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::Iteration { number, bound, .. } => Some(format!("iteration {number}: {bound}")),
                _ => None,
            })
            .collect();
        if !bounds.is_empty() {
            let name = info.words.bound.map_or("bound", Bound::name);
            ask(
                Kind::Bounds,
                None,
                None,
                format!("Give the {name} of each iteration ({first}), and say why each next {name} is what it is."),
                bounds.clone(),
                bounds.join("; "),
            );
        }
        let incumbents: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::Incumbent { label, cost, .. } => Some(format!("{label} (cost {cost})")),
                _ => None,
            })
            .collect();
        if info.words.bound == Some(Bound::Incumbent) {
            let answer = if incumbents.is_empty() { "none".to_string() } else { incumbents.join(", ") };
            ask(
                Kind::Incumbents,
                None,
                None,
                format!("Give each new incumbent (best solution so far) in the order they are found ({first}), with its cost."),
                incumbents,
                answer,
            );
        }

        // 5. The solution and its cost.
        let moves = outcome.moves_string();
        let goal_label = events.iter().find_map(|e| match e {
            Event::Goal { id, .. } => Some(*id),
            Event::Generated { node, .. } if node.fate == Fate::Goal => Some(node.id),
            _ => None,
        });
        let (items, answer) = match (outcome.status, outcome.cost) {
            (Status::Solved, Some(cost)) => {
                let mut items = vec![format!("moves: {}", if moves.is_empty() { "(none)" } else { &moves }), format!("cost: {cost}")];
                if let Some(id) = goal_label {
                    items.push(format!("path: {}", rec.path_labels(id).join(" → ")));
                }
                let answer = items.join("; ");
                (items, answer)
            }
            _ => (vec![outcome.summary()], outcome.summary()),
        };
        ask(
            Kind::Solution,
            None,
            None,
            "Give the solution the search returns: the blank's moves as letters (U D L R), its cost, and the path of \
             labels from S0 to the goal."
                .to_string(),
            items,
            answer,
        );

        Exercise {
            start: req.start.clone(),
            goal: req.goal.clone(),
            algorithm: a,
            algorithm_title: info.title,
            heuristic: req.effective_heuristic(),
            order: order.clone(),
            cost_model: req.cost,
            frontier_name: info.frontier,
            convention: convention(a, &order),
            rules: Some(rules.differences(info).join(", ")).filter(|r| !r.is_empty()),
            pseudocode: {
                let texts = rules.pseudocode(info);
                info.pseudocode
                    .iter()
                    .enumerate()
                    .map(|(i, l)| {
                        let text = texts.as_ref().map_or(l.text, |t| t[i].as_str());
                        format!("{}{}", "  ".repeat(l.indent as usize), text)
                    })
                    .collect()
            },
            max_steps,
            steps_total: rec.expansions,
            steps_asked,
            cut,
            cut_note,
            questions,
            answers,
            expansions,
            moves,
            cost: outcome.cost,
            status: outcome.status,
        }
    }

    /// The cost model in words, for the sheet.
    pub(crate) fn cost_text(&self) -> String {
        let mut s = format!("{}: {}", self.cost_model, self.cost_model.summary());
        if !self.cost_model.is_unit() {
            s.push_str("; g, h and f are in these cost units, and a heuristic weighs each tile by its cost");
            if let Some(note) = self.algorithm.info().cost_note {
                s.push_str(&format!(" (note: {note})"));
            }
        }
        s
    }

    /// The heuristic in words, for the sheet.
    pub(crate) fn heuristic_text(&self) -> String {
        if self.algorithm.uses_heuristic() {
            format!("{}: {}", self.heuristic.name(), self.heuristic.summary())
        } else {
            format!("none ({} uses no heuristic: h = 0)", self.algorithm_title)
        }
    }
}

/// A board at exactly `depth` moves from `template.goal` (at most [`PICK_TRIES`] drawn with
/// `seed`) whose search with `template`'s algorithm, heuristic and order takes at most
/// `max_steps` steps; when none of them fits, the one whose search is shortest (the sheet then
/// says the search was cut). Boards of more than [`crate::generate::MAX_TABLE_CELLS`] cells are
/// refused, as by [`DepthTable`].
pub fn pick_board(template: &Request, depth: u32, seed: u64, max_steps: u64) -> Result<Board, Error> {
    let table = DepthTable::new(&template.goal)?;
    let mut rng = Rng::new(seed);
    let mut best: Option<(u64, Board)> = None;
    for _ in 0..PICK_TRIES {
        let board = table.random_at(depth, &mut rng)?;
        let mut req = template.clone();
        req.start = board.clone();
        // A trial only has to tell whether the search fits: stop it well past the sheet.
        req.limits.nodes = Some(req.limits.nodes.unwrap_or(u64::MAX).min(100_000));
        let rec = Recorder::new(req.start.len(), 0, false);
        let (outcome, rec) = solve_observed(&req, rec)?;
        if outcome.status != Status::Solved {
            continue;
        }
        if rec.expansions <= max_steps {
            return Ok(board);
        }
        if best.as_ref().is_none_or(|(s, _)| rec.expansions < *s) {
            best = Some((rec.expansions, board));
        }
    }
    best.map(|(_, b)| b)
        .ok_or_else(|| Error::Invalid(format!("no board {depth} moves from the goal was solved within the trials' node limit")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MoveOrder;
    use crate::parse::parse_board;

    fn nilsson(a: Algorithm) -> Request {
        let start = parse_board("2 8 3/1 6 4/7 0 5").unwrap();
        let goal = parse_board("1 2 3/8 0 4/7 6 5").unwrap();
        Request::new(start, goal).algorithm(a).heuristic(HeuristicKind::Misplaced).order(MoveOrder::parse("LURD").unwrap())
    }

    #[test]
    fn astar_key_matches_the_textbook() {
        let ex = Exercise::run(&nilsson(Algorithm::Astar), DEFAULT_MAX_STEPS).unwrap();
        assert_eq!(ex.expansions[..2], ["S0", "S2"]);
        assert_eq!(ex.cost, Some(5));
        assert!(!ex.cut);
        assert_eq!(ex.questions.len(), ex.answers.len());
        let frontier = ex.questions.iter().position(|q| q.kind == Kind::Frontier && q.step == Some(1)).unwrap();
        assert_eq!(ex.answers[frontier].items, ["S2 (1 + 3 = 4)", "S1 (1 + 5 = 6)", "S3 (1 + 5 = 6)"]);
        let sheet = to_markdown(&ex, Part::Sheet);
        let key = to_markdown(&ex, Part::Key);
        assert!(sheet.contains("move order: LURD") && sheet.contains("S0") && sheet.contains("## Questions"));
        assert!(!sheet.contains("Answer") && !sheet.contains("S2 (1 + 3 = 4)"), "{sheet}");
        assert!(key.contains("**Answer:** S0, S2,") && key.contains("S2 (1 + 3 = 4), S1 (1 + 5 = 6)"), "{key}");
        assert!(key.contains("moves: ") && key.contains("cost: 5"));
        let html = to_html(&ex, Part::Sheet);
        assert!(html.starts_with("<!DOCTYPE html>") && !html.contains("class=\"answer\""));
        assert!(to_html(&ex, Part::Key).contains("class=\"answer\""));
    }

    #[test]
    fn bounds_and_incumbents_are_asked_where_the_algorithm_has_them() {
        let ex = Exercise::run(&nilsson(Algorithm::Idastar), 100).unwrap();
        let b = ex.questions.iter().position(|q| q.kind == Kind::Bounds).unwrap();
        assert_eq!(ex.answers[b].items, ["iteration 1: 4", "iteration 2: 5"]);
        assert!(ex.convention.contains("Each iteration starts again from S0"));
        let ex = Exercise::run(&nilsson(Algorithm::Dfbnb), 100).unwrap();
        let i = ex.questions.iter().position(|q| q.kind == Kind::Incumbents).unwrap();
        assert!(!ex.answers[i].items.is_empty());
        assert!(!ex.questions.iter().any(|q| q.kind == Kind::Bounds));
    }

    #[test]
    fn uninformed_searches_are_asked_for_g_alone() {
        let ex = Exercise::run(&nilsson(Algorithm::Bfs), 4).unwrap();
        let f = ex.questions.iter().position(|q| q.kind == Kind::Frontier && q.step == Some(1)).unwrap();
        assert!(ex.questions[f].text.contains("with g for each entry"), "{}", ex.questions[f].text);
        assert_eq!(ex.answers[f].items, ["S1 (g 1)", "S2 (g 1)", "S3 (g 1)"]);
        let v = ex.questions.iter().position(|q| q.kind == Kind::Values).unwrap();
        assert!(ex.answers[v].text.starts_with("g = "), "{}", ex.answers[v].text);
    }

    #[test]
    fn a_long_search_is_cut_and_says_so() {
        let ex = Exercise::run(&nilsson(Algorithm::Bfs), 5).unwrap();
        assert!(ex.cut);
        assert_eq!(ex.expansions.len(), 5);
        assert!(ex.steps_total > 5);
        assert!(to_markdown(&ex, Part::Sheet).contains("asks about the first 5 only (--max-steps 5)"));
        assert!(Exercise::run(&nilsson(Algorithm::Bfs), 0).is_err());
        assert!(Exercise::run(&nilsson(Algorithm::Reduce), 5).is_err());
        for &a in Algorithm::ALL {
            assert_eq!(check_algorithm(a).is_ok(), a.info().records_tree(), "{a}");
        }
    }

    #[test]
    fn picked_boards_fit_the_sheet_and_repeat_with_the_seed() {
        let req = nilsson(Algorithm::Astar);
        let a = pick_board(&req, 6, 7, 8).unwrap();
        assert_eq!(a, pick_board(&req, 6, 7, 8).unwrap());
        let mut r = req.clone();
        r.start = a;
        let ex = Exercise::run(&r, 8).unwrap();
        assert!(!ex.cut && ex.cost == Some(6));
        assert!(pick_board(&req, 99, 1, 8).is_err());
    }
}
