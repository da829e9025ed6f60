//! Exercises as a question bank a course page imports: Moodle XML (Moodle's "Moodle XML format"
//! for question import, as its importer `question/format/xml/format.php` reads it), with the
//! answers the library computed.
//!
//! Each question of the exercises becomes one question of its own category,
//! `$course$/<category>/question N (<kind>)`, so that a quiz's "random question" from that
//! category gives each student the same question on another board. Lists of labels (the order
//! of expansion, an open list, bounds) are short-answer questions that accept the labels
//! separated by commas, with or without spaces (case ignored); g, h and f, and the solution's
//! moves and cost, are embedded-answer (Cloze) questions with one blank each.

use super::exercise::{html_escape, Exercise, Kind};
use crate::board::Board;
use std::fmt::Write;

/// XML text: the five characters XML reserves, escaped.
fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

/// HTML inside a CDATA section (which may not hold `]]>`).
fn cdata(html: &str) -> String {
    format!("<![CDATA[{}]]>", html.replace("]]>", "]]]]><![CDATA[>"))
}

/// A Cloze answer: the characters Cloze reserves, escaped with a backslash.
fn cloze(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if matches!(c, '}' | '#' | '~' | '/' | '"' | '\\' | '{' | '=') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A board as an HTML table styled inline (a question bank carries no stylesheet).
fn board_table(b: &Board, caption: &str) -> String {
    let mut s = format!(
        "<table style=\"border-collapse:collapse;display:inline-table;margin-right:2em\"><caption>{}</caption>",
        html_escape(caption)
    );
    for row in b.rows() {
        s.push_str("<tr>");
        for t in row {
            let cell = if t == 0 { String::new() } else { t.to_string() };
            let bg = if t == 0 { "background:#ddd;" } else { "" };
            let _ = write!(s, "<td style=\"border:1px solid #333;width:2em;height:2em;text-align:center;{bg}\">{cell}</td>");
        }
        s.push_str("</tr>");
    }
    s.push_str("</table>");
    s
}

/// The problem every question of an exercise states: the boards, the search, the labels.
fn problem(ex: &Exercise) -> String {
    let mut s = String::new();
    let _ = write!(s, "<p>Run <strong>{}</strong> by hand from the start board to the goal board.</p>", html_escape(ex.algorithm_title));
    let _ = write!(s, "<div>{}{}</div>", board_table(&ex.start, "start"), board_table(&ex.goal, "goal"));
    let _ = write!(
        s,
        "<ul><li>heuristic: {}</li><li>move order: {} (the order in which the blank's moves generate children)</li><li>step costs: {}</li></ul>",
        html_escape(&ex.heuristic_text()),
        html_escape(&ex.order),
        html_escape(&ex.cost_text())
    );
    let _ = write!(s, "<p>{}</p>", html_escape(&ex.convention));
    let _ = write!(s, "<pre>{}</pre>", html_escape(&ex.pseudocode.join("\n")));
    if let Some(note) = &ex.cut_note {
        let _ = write!(s, "<p><strong>Cut:</strong> {}</p>", html_escape(note));
    }
    s
}

/// A label list's item without the values written beside it: `S2 (1 + 3 = 4)` as `S2`.
fn bare(item: &str) -> &str {
    item.split(" (").next().unwrap_or(item).trim()
}

/// What kind of question, in words (for the category's name).
fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Expansions => "order of expansion",
        Kind::Frontier => "open list",
        Kind::Values => "g, h and f",
        Kind::Solution => "solution",
        Kind::Bounds => "bounds",
        Kind::Incumbents => "incumbents",
    }
}

/// The exercises as one Moodle XML question bank under the category `$course$/<category>`.
/// Question N of every exercise goes into the category `question N (<kind>)`: the exercises
/// should share their algorithm and sheet (boards of one depth), so that question N asks the
/// same thing of each board.
pub fn to_moodle(exercises: &[Exercise], category: &str) -> String {
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    let most = exercises.iter().map(|e| e.questions.len()).max().unwrap_or(0);
    for n in 0..most {
        let mut opened = false;
        for (b, ex) in exercises.iter().enumerate() {
            let (Some(q), Some(a)) = (ex.questions.get(n), ex.answers.get(n)) else { continue };
            if !opened {
                let _ = writeln!(
                    s,
                    "  <question type=\"category\">\n    <category>\n      <text>{}</text>\n    </category>\n  </question>",
                    xml(&format!("$course$/{category}/question {} ({})", q.number, kind_name(q.kind)))
                );
                opened = true;
            }
            let name = xml(&format!(
                "{}: question {}, board {} ({})",
                ex.algorithm_title,
                q.number,
                b + 1,
                crate::render::trace::board_line(ex.start.tiles(), ex.start.width())
            ));
            let head = problem(ex);
            match q.kind {
                Kind::Values | Kind::Solution => {
                    let blanks: Vec<String> = a
                        .items
                        .iter()
                        .filter_map(|item| {
                            let (what, value) = item.split_once([':', '='])?;
                            let (what, value) = (what.trim(), value.trim());
                            Some(if value.parse::<f64>().is_ok() {
                                format!("{what} = {{1:NUMERICAL:={}:0}}", cloze(value))
                            } else if what == "path" {
                                return None;
                            } else {
                                format!("{what}: {{1:SHORTANSWER:={}}}", cloze(value))
                            })
                        })
                        .collect();
                    let text = q.text.replace(", and draw its board", "").replace(", and the path of labels", "");
                    let body = format!("{head}<p>{}</p><p>{}</p>", html_escape(&text), blanks.join("<br>"));
                    let _ = writeln!(
                        s,
                        "  <question type=\"cloze\">\n    <name>\n      <text>{name}</text>\n    </name>\n    <questiontext format=\"html\">\n      <text>{}</text>\n    </questiontext>\n    <generalfeedback format=\"html\">\n      <text>{}</text>\n    </generalfeedback>\n    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n  </question>",
                        cdata(&body),
                        cdata(&html_escape(&a.text))
                    );
                }
                _ => {
                    let labels: Vec<&str> = a.items.iter().map(|i| bare(i)).collect();
                    let mut accepted = vec![labels.join(", "), labels.join(","), labels.join(" ")];
                    if labels.is_empty() {
                        accepted = vec![a.text.clone()];
                    }
                    accepted.dedup();
                    let how = if matches!(q.kind, Kind::Expansions | Kind::Frontier) {
                        " Write the labels only, separated by commas (e.g. S0, S2, S21)."
                    } else {
                        ""
                    };
                    let text = q.text.replace(", with g + h = f for each entry", "");
                    let body = format!("{head}<p>{}{how}</p>", html_escape(&text));
                    let _ = writeln!(
                        s,
                        "  <question type=\"shortanswer\">\n    <name>\n      <text>{name}</text>\n    </name>\n    <questiontext format=\"html\">\n      <text>{}</text>\n    </questiontext>\n    <generalfeedback format=\"html\">\n      <text>{}</text>\n    </generalfeedback>\n    <defaultgrade>1</defaultgrade>\n    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n    <usecase>0</usecase>",
                        cdata(&body),
                        cdata(&html_escape(&a.text))
                    );
                    for text in accepted {
                        let _ = writeln!(
                            s,
                            "    <answer fraction=\"100\" format=\"moodle_auto_format\">\n      <text>{}</text>\n      <feedback format=\"html\">\n        <text>Right.</text>\n      </feedback>\n    </answer>",
                            xml(&text)
                        );
                    }
                    s.push_str("  </question>\n");
                }
            }
        }
    }
    s.push_str("</quiz>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MoveOrder;
    use crate::parse::parse_board;
    use crate::search::{Algorithm, Request};
    use crate::HeuristicKind;

    #[test]
    fn each_question_has_its_category_and_the_librarys_answers() {
        let goal = parse_board("1 2 3/8 0 4/7 6 5").unwrap();
        let exercises: Vec<Exercise> = ["2 8 3/1 6 4/7 0 5", "2 8 3/1 0 4/7 6 5"]
            .iter()
            .map(|b| {
                let req = Request::new(parse_board(b).unwrap(), goal.clone())
                    .algorithm(Algorithm::Astar)
                    .heuristic(HeuristicKind::Misplaced)
                    .order(MoveOrder::parse("LURD").unwrap());
                Exercise::run(&req, 12).unwrap()
            })
            .collect();
        let x = to_moodle(&exercises, "npuzzle/A*");
        assert!(x.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n") && x.ends_with("</quiz>\n"));
        assert!(x.contains("<text>$course$/npuzzle/A*/question 1 (order of expansion)</text>"));
        assert!(x.contains("<text>S0, S2, S21, S22, S221, S2211, S22111</text>"), "{x}");
        assert!(x.contains("g = {1:NUMERICAL:=1:0}"), "{x}");
        assert!(x.contains("moves: {1:SHORTANSWER:=UULDR}"), "{x}");
        assert_eq!(x.matches("<question type=\"category\">").count(), exercises[0].questions.len().max(exercises[1].questions.len()));
        assert_eq!(cloze("a}b#c"), "a\\}b\\#c");
        assert_eq!(cdata("x]]>y"), "<![CDATA[x]]]]><![CDATA[>y]]>");
    }
}
