//! What a formula claims (admissible, consistent), from what its built-in parts claim.
//!
//! Only shapes that keep a claim are trusted: a part alone, `max` and `min` of parts, `if`
//! choosing between parts (admissible only: a switch between two consistent estimates can
//! jump by more than a move), factors in `[0, 1]` and the constant 0. Anything else (a sum of
//! two parts, a factor above 1, a per-tile term, a variable) claims nothing: [`Claim::Unknown`].

use super::parse::{Bin, Kind, Node};
use super::{Claim, Claims};

/// Which of the two claims is being worked out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Which {
    Admissible,
    Consistent,
}

/// The claims of the tree at `root`; `heuristics[i]` names built-in `i`.
pub(super) fn claims(root: &Node, heuristics: &[&'static str], of: &dyn Fn(&str) -> Claims) -> Claims {
    Claims { admissible: claim(root, heuristics, of, Which::Admissible), consistent: claim(root, heuristics, of, Which::Consistent) }
}

fn claim(node: &Node, heuristics: &[&'static str], of: &dyn Fn(&str) -> Claims, which: Which) -> Claim {
    let sub = |n: &Node| claim(n, heuristics, of, which);
    if let Some(c) = constant(node) {
        return if c == 0.0 { Claim::Yes } else { Claim::Unknown };
    }
    match &node.kind {
        Kind::Builtin(i) => {
            let c = of(heuristics[*i]);
            match which {
                Which::Admissible => c.admissible,
                Which::Consistent => c.consistent,
            }
        }
        Kind::Max(xs) => {
            let parts: Vec<Claim> = xs.iter().map(sub).collect();
            if parts.iter().all(|&c| c == Claim::Yes) {
                Claim::Yes
            } else if which == Which::Admissible && parts.contains(&Claim::No) {
                // At least the part that may overestimate.
                Claim::No
            } else {
                Claim::Unknown
            }
        }
        Kind::Min(xs) => {
            let parts: Vec<Claim> = xs.iter().map(sub).collect();
            match which {
                // At most an admissible part.
                Which::Admissible if parts.contains(&Claim::Yes) => Claim::Yes,
                Which::Admissible if parts.iter().all(|&c| c == Claim::No) => Claim::No,
                Which::Consistent if parts.iter().all(|&c| c == Claim::Yes) => Claim::Yes,
                _ => Claim::Unknown,
            }
        }
        Kind::If(_, a, b) if which == Which::Admissible => match (sub(a), sub(b)) {
            (Claim::Yes, Claim::Yes) => Claim::Yes,
            (Claim::No, Claim::No) => Claim::No,
            _ => Claim::Unknown,
        },
        // The parts claimed so far never go below 0, where abs changes nothing.
        Kind::Abs(x) => match sub(x) {
            Claim::Yes => Claim::Yes,
            _ => Claim::Unknown,
        },
        Kind::Bin(Bin::Mul, a, b) => match (constant(a), constant(b)) {
            (Some(c), _) => factor(c, sub(b), which),
            (_, Some(c)) => factor(c, sub(a), which),
            _ => Claim::Unknown,
        },
        Kind::Bin(Bin::Div, a, b) => match constant(b) {
            Some(d) if d > 0.0 => factor(1.0 / d, sub(a), which),
            _ => Claim::Unknown,
        },
        Kind::Bin(Bin::Add, a, b) if constant(a) == Some(0.0) => sub(b),
        Kind::Bin(Bin::Add | Bin::Sub, a, b) if constant(b) == Some(0.0) => sub(a),
        _ => Claim::Unknown,
    }
}

/// The claim of `factor × part`, where the part claims `part`.
fn factor(factor: f64, part: Claim, which: Which) -> Claim {
    match part {
        _ if factor == 0.0 => Claim::Yes,
        Claim::Yes if (0.0..=1.0).contains(&factor) => Claim::Yes,
        // At least the part that may overestimate.
        Claim::No if factor >= 1.0 && which == Which::Admissible => Claim::No,
        Claim::No if factor == 1.0 => Claim::No,
        _ => Claim::Unknown,
    }
}

/// The value of a subtree made of numbers alone (no name), when it has one.
pub(super) fn constant(node: &Node) -> Option<f64> {
    let truth = |b: bool| if b { 1.0 } else { 0.0 };
    let value = match &node.kind {
        Kind::Num(x) => *x,
        Kind::Neg(x) => -constant(x)?,
        Kind::Not(x) => truth(constant(x)? == 0.0),
        Kind::Abs(x) => constant(x)?.abs(),
        Kind::Bin(op, a, b) => {
            let (a, b) = (constant(a)?, constant(b)?);
            match op {
                Bin::Add => a + b,
                Bin::Sub => a - b,
                Bin::Mul => a * b,
                Bin::Div if b == 0.0 => return None,
                Bin::Div => a / b,
                Bin::Eq => truth(a == b),
                Bin::Ne => truth(a != b),
                Bin::Lt => truth(a < b),
                Bin::Le => truth(a <= b),
                Bin::Gt => truth(a > b),
                Bin::Ge => truth(a >= b),
                Bin::And => truth(a != 0.0 && b != 0.0),
                Bin::Or => truth(a != 0.0 || b != 0.0),
            }
        }
        Kind::Max(xs) => xs.iter().map(constant).try_fold(f64::NEG_INFINITY, |m, x| Some(m.max(x?)))?,
        Kind::Min(xs) => xs.iter().map(constant).try_fold(f64::INFINITY, |m, x| Some(m.min(x?)))?,
        Kind::If(c, a, b) => {
            if constant(c)? != 0.0 {
                constant(a)?
            } else {
                constant(b)?
            }
        }
        Kind::Builtin(_) | Kind::Global(_) | Kind::Tile(_) | Kind::Sum { .. } => return None,
    };
    value.is_finite().then_some(value)
}
