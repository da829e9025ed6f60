//! The teaching legend: the state a node is in at some point of a search, and the colours and
//! shapes that show it. Every tree output includes the legend; the web page draws with the same
//! palette (served by `/api/options`).
//!
//! The colours keep the classic legend's order (red current, yellow explored, magenta goal,
//! black unexplored) but are chosen to be read: every fill has at least 3:1 contrast against a
//! white background (the least for graphics), every ink at least 4.5:1 on its fill, and the five
//! stay apart under simulated deuteranopia and protanopia (frontier is blue, not green, since
//! red and green merge for most colour-blind readers). Each state also has its own shape, so
//! none needs colour to be told apart.

use serde::Serialize;

/// A node's state when the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NodeState {
    /// The node being expanded when the search stopped.
    Current,
    /// Selected and expanded.
    Explored,
    /// Still waiting on the open list (queue, stack or heap).
    Frontier,
    /// A goal node.
    Goal,
    /// Generated but never expanded and not waiting: a duplicate, a pruned node, or one a
    /// bound discarded.
    Unexplored,
}

impl NodeState {
    /// Every state, in legend order.
    pub const ALL: [NodeState; 5] = [NodeState::Current, NodeState::Explored, NodeState::Frontier, NodeState::Goal, NodeState::Unexplored];

    /// The state's name.
    pub fn name(self) -> &'static str {
        match self {
            NodeState::Current => "current",
            NodeState::Explored => "explored",
            NodeState::Frontier => "frontier",
            NodeState::Goal => "goal",
            NodeState::Unexplored => "unexplored",
        }
    }

    /// Fill colour (the teaching legend: red, dark yellow, blue, magenta, black).
    pub fn fill(self) -> &'static str {
        match self {
            NodeState::Current => "#8e0000",
            NodeState::Explored => "#b08d00",
            NodeState::Frontier => "#1565c0",
            NodeState::Goal => "#c2185b",
            NodeState::Unexplored => "#000000",
        }
    }

    /// The shape that shows the state without colour: `diamond`, `circle`, `square`, `star` or
    /// `cross`.
    pub fn shape(self) -> &'static str {
        match self {
            NodeState::Current => "diamond",
            NodeState::Explored => "circle",
            NodeState::Frontier => "square",
            NodeState::Goal => "star",
            NodeState::Unexplored => "cross",
        }
    }

    /// Text colour that reads on [`NodeState::fill`].
    pub fn ink(self) -> &'static str {
        match self {
            NodeState::Explored => "#000000",
            _ => "#ffffff",
        }
    }

    /// The colour's plain name, for the legend.
    pub fn colour_name(self) -> &'static str {
        match self {
            NodeState::Current => "red",
            NodeState::Explored => "dark yellow",
            NodeState::Frontier => "blue",
            NodeState::Goal => "magenta",
            NodeState::Unexplored => "black",
        }
    }
}

/// One legend entry.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LegendEntry {
    /// The state.
    pub state: NodeState,
    /// Its colour name.
    pub colour: &'static str,
    /// Its fill colour.
    pub fill: &'static str,
    /// The text colour on the fill.
    pub ink: &'static str,
    /// Its shape.
    pub shape: &'static str,
}

/// The legend, in order.
pub fn legend() -> Vec<LegendEntry> {
    NodeState::ALL
        .iter()
        .map(|&s| LegendEntry { state: s, colour: s.colour_name(), fill: s.fill(), ink: s.ink(), shape: s.shape() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(hex: &str) -> [f64; 3] {
        let v = |i: usize| u8::from_str_radix(&hex[1 + 2 * i..3 + 2 * i], 16).unwrap() as f64 / 255.0;
        let lin = |c: f64| if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
        [lin(v(0)), lin(v(1)), lin(v(2))]
    }

    fn luminance(c: [f64; 3]) -> f64 {
        0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    }

    fn contrast(a: &str, b: &str) -> f64 {
        let (x, y) = (luminance(rgb(a)), luminance(rgb(b)));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// CIELAB of a linear-RGB colour.
    fn lab(c: [f64; 3]) -> [f64; 3] {
        let x = (0.4124 * c[0] + 0.3576 * c[1] + 0.1805 * c[2]) / 0.95047;
        let y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
        let z = (0.0193 * c[0] + 0.1192 * c[1] + 0.9505 * c[2]) / 1.08883;
        let f = |t: f64| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
        [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
    }

    /// Machado, Oliveira and Fernandes (2009), full severity.
    const DEUTERANOPIA: [[f64; 3]; 3] = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]];
    const PROTANOPIA: [[f64; 3]; 3] = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]];

    fn seen(hex: &str, m: &[[f64; 3]; 3]) -> [f64; 3] {
        let c = rgb(hex);
        let row = |r: &[f64; 3]| (r[0] * c[0] + r[1] * c[1] + r[2] * c[2]).clamp(0.0, 1.0);
        lab([row(&m[0]), row(&m[1]), row(&m[2])])
    }

    fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    #[test]
    fn fills_and_inks_have_enough_contrast() {
        for s in NodeState::ALL {
            assert!(contrast(s.fill(), "#ffffff") >= 3.0, "{} fill {} on white: {:.2}", s.name(), s.fill(), contrast(s.fill(), "#ffffff"));
            assert!(contrast(s.ink(), s.fill()) >= 4.5, "{} ink on fill: {:.2}", s.name(), contrast(s.ink(), s.fill()));
        }
    }

    #[test]
    fn states_stay_apart_for_colour_blind_readers() {
        for (i, a) in NodeState::ALL.iter().enumerate() {
            for b in &NodeState::ALL[i + 1..] {
                for (name, m) in [("deuteranopia", &DEUTERANOPIA), ("protanopia", &PROTANOPIA)] {
                    let d = distance(seen(a.fill(), m), seen(b.fill(), m));
                    assert!(d >= 25.0, "{} and {} under {name}: ΔE {d:.0}", a.name(), b.name());
                }
                assert_ne!(a.shape(), b.shape());
            }
        }
    }
}
