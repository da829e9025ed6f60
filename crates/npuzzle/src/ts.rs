//! TypeScript declarations of the types that serialise in a form of their own (feature `ts`):
//! the web page's code is checked against them (`crates/npuzzle-web` writes them, with the
//! derived ones, to `static/js/api.d.ts`).

use crate::board::Board;
use crate::cost::Cost;
use crate::search::Algorithm;
use ts_rs::{Config, TS};

/// Implements [`TS`] for a type whose JSON form is `inline`, declared under `name`.
macro_rules! declared_as {
    ($t:ty, $name:literal, $doc:literal, $inline:expr) => {
        impl TS for $t {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &Config) -> String {
                $name.to_string()
            }
            fn inline(_: &Config) -> String {
                $inline
            }
            fn decl(cfg: &Config) -> String {
                format!("type {} = {};", $name, Self::inline(cfg))
            }
            fn decl_concrete(cfg: &Config) -> String {
                Self::decl(cfg)
            }
            fn docs() -> Option<String> {
                Some($doc.to_string())
            }
        }
    };
}

declared_as!(Board, "Board", "A board as rows of tiles, 0 the blank.", "Array<Array<number>>".to_string());
declared_as!(Cost, "Cost", "A cost: a whole number of moves, or a real number for the Euclidean heuristic.", "number".to_string());
declared_as!(
    Algorithm,
    "AlgorithmName",
    "An algorithm's name, as `--algorithm` and the JSON fields take it.",
    Algorithm::ALL.iter().map(|a| format!("\"{}\"", a.name())).collect::<Vec<_>>().join(" | ")
);
