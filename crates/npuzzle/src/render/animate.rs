//! The frames of animations, as SVG documents of one size each: the solution played back board
//! by board ([`path_frames`]), and the search tree growing step by step ([`tree_frames`]), drawn
//! with the tree's own SVG drawing ([`super::tree::to_svg_frame`]), legend and iteration
//! captions included. A front end rasterises the frames and encodes them (the CLI writes GIFs).

use super::tree::{to_svg_frame, Tree};
use crate::board::Board;
use crate::record::{Event, Recorder};
use std::fmt::Write;

/// Default most frames in an animation.
pub const DEFAULT_MAX_FRAMES: usize = 300;

/// Frames of an animation, and whether the cap cut them.
#[derive(Clone, Debug)]
pub struct Frames {
    /// The frames, as SVG documents of the same size, in order.
    pub svgs: Vec<String>,
    /// The frames there would be without the cap.
    pub total: usize,
}

impl Frames {
    /// Whether the cap left frames out.
    pub fn capped(&self) -> bool {
        self.svgs.len() < self.total
    }

    /// A one-line note about the cap, or `None` when every frame is there.
    pub fn cap_note(&self, what: &str) -> Option<String> {
        self.capped().then(|| {
            format!(
                "capped: {} of {} frames ({what}: the first {} and the last; raise --max-frames to see all)",
                self.svgs.len(),
                self.total,
                self.svgs.len().saturating_sub(1)
            )
        })
    }
}

/// The indices of `total` frames kept under a cap of `max`: the first `max - 1` and the last.
fn kept(total: usize, max: usize) -> Vec<usize> {
    if total <= max {
        return (0..total).collect();
    }
    let mut v: Vec<usize> = (0..max.saturating_sub(1)).collect();
    v.push(total - 1);
    v
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

const TILE: f64 = 56.0;
const PAD: f64 = 12.0;
const CAPTION_H: f64 = 30.0;

/// One board as an SVG picture with a caption line above it.
pub fn board_svg(board: &Board, caption: &str) -> String {
    let (w, h) = (board.width() as f64, board.height() as f64);
    let width = (w * TILE + 2.0 * PAD).max(220.0);
    let height = h * TILE + 2.0 * PAD + CAPTION_H;
    let left = (width - w * TILE) / 2.0;
    let font = if board.len() > 99 { 18 } else { 24 };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">"
    );
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>");
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
        width / 2.0,
        PAD + 14.0,
        xml_escape(caption)
    );
    for (i, &t) in board.tiles().iter().enumerate() {
        let (r, c) = ((i / board.width()) as f64, (i % board.width()) as f64);
        let (x, y) = (left + c * TILE, PAD + CAPTION_H + r * TILE);
        if t == 0 {
            let _ = writeln!(s, "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{TILE}\" height=\"{TILE}\" fill=\"#e6e6e6\" stroke=\"#999999\"/>");
            continue;
        }
        let _ = writeln!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"6\" fill=\"#1f5f99\" stroke=\"#0d3559\"/>",
            x + 2.0,
            y + 2.0,
            TILE - 4.0,
            TILE - 4.0
        );
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{font}\" font-weight=\"bold\" fill=\"#ffffff\" text-anchor=\"middle\">{t}</text>",
            x + TILE / 2.0,
            y + TILE / 2.0 + font as f64 / 3.0
        );
    }
    let _ = writeln!(s, "</svg>");
    s
}

/// The solution played back: one frame per board on `path` (the start, then one per move of
/// `moves`), at most `max_frames` of them (the first `max_frames - 1` and the last).
pub fn path_frames(path: &[Board], moves: &str, max_frames: usize) -> Frames {
    let letters: Vec<char> = moves.chars().collect();
    let n = path.len().saturating_sub(1);
    let svgs = kept(path.len(), max_frames.max(1))
        .into_iter()
        .map(|i| {
            let caption = match i {
                0 => format!("start ({n} move{})", if n == 1 { "" } else { "s" }),
                i if i == n => format!("move {i} of {n}: {}, the goal", letters.get(i - 1).copied().unwrap_or('?')),
                i => format!("move {i} of {n}: {}", letters.get(i - 1).copied().unwrap_or('?')),
            };
            board_svg(&path[i], &caption)
        })
        .collect();
    Frames { svgs, total: path.len() }
}

/// The search tree growing: frame 0 is the root, frame k the tree after the k-th selection (its
/// children generated, the selected node current), every frame laid out as the whole tree. At
/// most `max_frames` (the first `max_frames - 1` and the last); `limit` caps the nodes as for
/// [`Tree::new`].
pub fn tree_frames(rec: &Recorder, width: usize, height: usize, limit: usize, max_frames: usize) -> Frames {
    let whole = Tree::new(rec, width, height, limit);
    // Frame k ends where the (k + 1)-th selection begins.
    let mut ends: Vec<(usize, Option<String>)> = Vec::new();
    let mut current: Option<String> = None;
    for (i, e) in rec.events.iter().enumerate() {
        if let Event::Selected { label, id, .. } = e {
            ends.push((i, current.take()));
            // A goal found at selection is selected for its test, not expanded.
            let goal = matches!(rec.events.get(i + 1), Some(Event::Goal { id: g, .. }) if g == id);
            current = Some(if goal { format!("{label}, the goal") } else { label.clone() });
        }
    }
    ends.push((rec.events.len(), current));
    let steps = ends.len() - 1;
    let note = whole.cap_note().map(|n| format!(" ({n})")).unwrap_or_default();
    let svgs = kept(ends.len(), max_frames.max(1))
        .into_iter()
        .map(|k| {
            let (end, label) = &ends[k];
            let at = Tree::upto(rec, width, height, limit, *end);
            let title = match label {
                None => format!("step 0 of {steps}: the start{note}"),
                Some(l) => format!("step {k} of {steps}: select {l}{note}"),
            };
            to_svg_frame(&whole, &at, &title)
        })
        .collect();
    Frames { svgs, total: ends.len() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_board;
    use crate::search::Algorithm;
    use crate::solve::{solve_observed, Request};

    fn nilsson(a: Algorithm) -> (crate::Outcome, Recorder, Request) {
        let start = parse_board("2 8 3/1 6 4/7 0 5").unwrap();
        let goal = parse_board("1 2 3/8 0 4/7 6 5").unwrap();
        let req = Request::new(start, goal)
            .algorithm(a)
            .heuristic(crate::HeuristicKind::Misplaced)
            .order(crate::MoveOrder::parse("LURD").unwrap());
        let (out, rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
        (out, rec, req)
    }

    #[test]
    fn one_path_frame_per_board() {
        let (out, _, req) = nilsson(Algorithm::Astar);
        let path = out.path(&req.start);
        let f = path_frames(&path, &out.moves_string(), 100);
        assert_eq!(f.svgs.len(), 6);
        assert!(!f.capped() && f.cap_note("x").is_none());
        assert!(f.svgs[5].contains("move 5 of 5") && f.svgs[5].contains("the goal"));
        let f = path_frames(&path, &out.moves_string(), 3);
        assert_eq!((f.svgs.len(), f.total), (3, 6));
        assert!(f.svgs[2].contains("move 5 of 5"));
        assert!(f.cap_note("path").unwrap().contains("3 of 6 frames"));
    }

    #[test]
    fn tree_frames_grow_one_step_at_a_time_with_captions() {
        let (_, rec, _) = nilsson(Algorithm::Idastar);
        let f = tree_frames(&rec, 3, 3, 1000, 1000);
        assert_eq!(f.svgs.len() as u64, rec.expansions + 1);
        let count = |svg: &str| svg.matches("<g class=\"node ").count();
        assert_eq!(count(&f.svgs[0]), 1);
        assert!(f.svgs.windows(2).all(|w| count(&w[0]) <= count(&w[1])));
        let size = |svg: &str| svg[svg.find("<svg ").unwrap()..].split('>').next().unwrap().to_string();
        assert!(f.svgs.iter().all(|s| size(s) == size(&f.svgs[0])), "every frame has one size");
        assert!(f.svgs[1].contains(">iteration 1: bound 4<") && !f.svgs[1].contains(">iteration 2: bound 5<"));
        assert!(f.svgs.last().unwrap().contains(">iteration 2: bound 5<"));
        assert!(f.svgs[0].contains("class=\"legend\""));
        assert!(f.svgs[1].contains("step 1 of"));
        assert!(f.svgs.last().unwrap().contains(": select S22111, the goal<"), "the last step tests the goal");
    }
}
