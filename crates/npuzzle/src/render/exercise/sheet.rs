//! The sheet and the key of an [`Exercise`] as Markdown and as HTML.

use super::{Exercise, Part};
use crate::board::Board;
use std::fmt::Write;

fn md_board_table(ex: &Exercise) -> String {
    // Start and goal side by side: one Markdown table, a blank column between them.
    let w = ex.start.width();
    let mut s = String::new();
    let head: Vec<String> = (0..w).map(|c| if c == 0 { "start".to_string() } else { String::new() }).collect();
    let head_goal: Vec<String> = (0..w).map(|c| if c == 0 { "goal".to_string() } else { String::new() }).collect();
    let _ = writeln!(s, "| {} | | {} |", head.join(" | "), head_goal.join(" | "));
    let _ = writeln!(s, "|{}", ":-:|".repeat(2 * w + 1));
    let cell = |t: crate::board::Tile| if t == 0 { " ".to_string() } else { t.to_string() };
    for (a, b) in ex.start.rows().iter().zip(ex.goal.rows()) {
        let l: Vec<String> = a.iter().map(|&t| cell(t)).collect();
        let r: Vec<String> = b.iter().map(|&t| cell(t)).collect();
        let _ = writeln!(s, "| {} | | {} |", l.join(" | "), r.join(" | "));
    }
    s
}

/// The sheet or the key as Markdown.
pub fn to_markdown(ex: &Exercise, part: Part) -> String {
    let mut s = String::new();
    let title = match part {
        Part::Sheet => "Exercise",
        Part::Key => "Answer key",
    };
    let _ = writeln!(s, "# {title}: {} on the {}×{} puzzle\n", ex.algorithm_title, ex.start.width(), ex.start.height());
    let _ = writeln!(s, "Run **{}** by hand from the start board to the goal board.\n", ex.algorithm_title);
    s.push_str(&md_board_table(ex));
    let _ = writeln!(s);
    let _ = writeln!(s, "- algorithm: {} (`{}`)", ex.algorithm_title, ex.algorithm.name());
    let _ = writeln!(s, "- heuristic: {}", ex.heuristic_text());
    let _ = writeln!(s, "- move order: {} (the order in which the blank's moves generate children)", ex.order);
    let _ = writeln!(s, "- step costs: {}", ex.cost_text());
    if let Some(rules) = &ex.rules {
        let _ = writeln!(s, "- rules: {rules} (the pseudocode below follows them)");
    }
    let _ = writeln!(s, "- start: `{}`; goal: `{}` (rows separated by `/`, 0 the blank)", ex.start, ex.goal);
    let _ = writeln!(s, "\n## Labels\n\n{}\n", ex.convention);
    let _ = writeln!(s, "## The algorithm\n\n```text");
    for l in &ex.pseudocode {
        let _ = writeln!(s, "{l}");
    }
    let _ = writeln!(s, "```\n");
    if let Some(note) = &ex.cut_note {
        let _ = writeln!(s, "> **Cut:** {note}\n");
    }
    let _ = writeln!(s, "## Questions\n");
    for (q, a) in ex.questions.iter().zip(&ex.answers) {
        let _ = writeln!(s, "{}. {}", q.number, q.text);
        if part == Part::Key {
            let _ = writeln!(s, "\n   **Answer:** {}\n", a.text);
        } else {
            let _ = writeln!(s);
        }
    }
    s
}

pub(crate) fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn html_board(b: &Board, caption: &str) -> String {
    let mut s = format!("<table class=\"board\"><caption>{}</caption>", html_escape(caption));
    for row in b.rows() {
        s.push_str("<tr>");
        for t in row {
            if t == 0 {
                s.push_str("<td class=\"blank\"></td>");
            } else {
                let _ = write!(s, "<td>{t}</td>");
            }
        }
        s.push_str("</tr>");
    }
    s.push_str("</table>");
    s
}

/// The sheet or the key as a standalone, printable HTML page.
pub fn to_html(ex: &Exercise, part: Part) -> String {
    let title = match part {
        Part::Sheet => "Exercise",
        Part::Key => "Answer key",
    };
    let heading = format!("{title}: {} on the {}×{} puzzle", ex.algorithm_title, ex.start.width(), ex.start.height());
    let mut s = String::new();
    let _ = writeln!(s, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>", html_escape(&heading));
    let _ = writeln!(
        s,
        "<style>\nbody {{ font-family: sans-serif; max-width: 46em; margin: 1.5em auto; line-height: 1.4; }}\n\
         .boards {{ display: flex; gap: 3em; }}\n\
         table.board {{ border-collapse: collapse; }}\n\
         table.board td {{ border: 1px solid #333; width: 2em; height: 2em; text-align: center; font-size: 1.2em; }}\n\
         table.board td.blank {{ background: #ddd; }}\n\
         pre {{ background: #f4f4f4; padding: 0.5em; font-size: 0.85em; }}\n\
         li {{ margin-bottom: 1em; }}\n\
         .space {{ border-bottom: 1px dotted #999; height: 3.5em; }}\n\
         .answer {{ color: #0b5394; font-weight: bold; }}\n\
         .cut {{ border-left: 4px solid #b45f06; padding-left: 0.5em; }}\n\
         @media print {{ body {{ margin: 0; max-width: none; }} pre {{ background: none; }} }}\n</style>\n</head>\n<body>"
    );
    let _ = writeln!(s, "<h1>{}</h1>", html_escape(&heading));
    let _ = writeln!(s, "<p>Run <strong>{}</strong> by hand from the start board to the goal board.</p>", html_escape(ex.algorithm_title));
    let _ = writeln!(s, "<div class=\"boards\">{}{}</div>", html_board(&ex.start, "start"), html_board(&ex.goal, "goal"));
    let _ = writeln!(s, "<ul>");
    let _ = writeln!(s, "<li>algorithm: {} (<code>{}</code>)</li>", html_escape(ex.algorithm_title), ex.algorithm.name());
    let _ = writeln!(s, "<li>heuristic: {}</li>", html_escape(&ex.heuristic_text()));
    let _ = writeln!(s, "<li>move order: {} (the order in which the blank's moves generate children)</li>", html_escape(&ex.order));
    let _ = writeln!(s, "<li>step costs: {}</li>", html_escape(&ex.cost_text()));
    if let Some(rules) = &ex.rules {
        let _ = writeln!(s, "<li>rules: {} (the pseudocode below follows them)</li>", html_escape(rules));
    }
    let _ = writeln!(s, "</ul>");
    let _ = writeln!(s, "<h2>Labels</h2>\n<p>{}</p>", html_escape(&ex.convention));
    let _ = writeln!(s, "<h2>The algorithm</h2>\n<pre>{}</pre>", html_escape(&ex.pseudocode.join("\n")));
    if let Some(note) = &ex.cut_note {
        let _ = writeln!(s, "<p class=\"cut\"><strong>Cut:</strong> {}</p>", html_escape(note));
    }
    let _ = writeln!(s, "<h2>Questions</h2>\n<ol>");
    for (q, a) in ex.questions.iter().zip(&ex.answers) {
        let _ = write!(s, "<li>{}", html_escape(&q.text));
        match part {
            Part::Key => {
                let _ = write!(s, "<p class=\"answer\">{}</p>", html_escape(&a.text));
            }
            Part::Sheet => s.push_str("<div class=\"space\"></div>"),
        }
        let _ = writeln!(s, "</li>");
    }
    let _ = writeln!(s, "</ol>\n</body>\n</html>");
    s
}
