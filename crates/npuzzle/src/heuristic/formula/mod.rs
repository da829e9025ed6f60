//! Heuristic formulas a student can write: `max(manhattan, misplaced)`, `2*misplaced`,
//! `sum(abs(row - goal_row) + abs(col - goal_col))`.
//!
//! A formula is data, not code: it is read by a small parser here (every error names its place
//! in the text), compiled to a flat program, and evaluated on a board with no allocation. The
//! names of built-in heuristics it reads are resolved by the caller ([`Formula::parse`]), which
//! also computes their values ([`Formula::eval`]).
//!
//! # Grammar
//!
//! From the loosest binding to the tightest:
//!
//! ```text
//! formula  = or
//! or       = and { "or" and }
//! and      = not { "and" not }
//! not      = "not" not | compare
//! compare  = sum [ ("==" | "!=" | "<" | "<=" | ">" | ">=") sum ]     (no chains: a < b < c is an error)
//! sum      = product { ("+" | "-") product }                          (left to right: 8-2-1 is 5)
//! product  = unary { ("*" | "/") unary }                              (left to right: 8/2/2 is 2)
//! unary    = "-" unary | value
//! value    = number | name | function "(" formula { "," formula } ")" | "(" formula ")"
//! number   = digits [ "." digits ]                                    (2, 0.5; not .5 nor 2.)
//! name     = letter { letter | digit | "_" | "-" letter }
//! ```
//!
//! - **Numbers** are integers or decimals; arithmetic is in floating point.
//! - **Comparisons** give 1 when they hold, else 0. `and`, `or` and `not` take any value, 0 as
//!   false and anything else as true, and give 1 or 0; `and` and `or` skip their right side when
//!   the left decides. `not` binds looser than a comparison: `not row == 0` is
//!   `not (row == 0)`; `not 1 and 0` is `(not 1) and 0`.
//! - **Functions**: `max(a, b, …)` and `min(a, b, …)` (two values or more), `abs(x)`,
//!   `if(condition, then, else)` (only the chosen branch is computed).
//! - **Names** are not case-sensitive. A name is a function, one of `and`, `or`, `not`, a
//!   variable below, or else a built-in heuristic, looked up by the caller (`manhattan`,
//!   `misplaced`, `linear-conflict`, aliases such as `h1`, `h2`). A `-` written directly
//!   between a name's character and a letter belongs to the name, so `linear-conflict` is one
//!   name; **any other `-` is a minus**: `manhattan - misplaced` (with spaces) and `row-1` are
//!   subtractions. `row-goal_row` is one (unknown) name, and the error says to write spaces.
//! - **Variables of the board**, anywhere: `width`, `height`, `blank_row`, `blank_col` (the
//!   blank's cell now, rows and columns counted from 0).
//! - **Terms over the tiles**: `sum(x)` adds `x` over the tiles, `count(c)` counts the tiles
//!   where `c` holds (is not 0), the blank left out; `sum_all(x)` and `count_all(c)` take in
//!   the blank too (as tile 0). Inside them, and only there, each tile's variables: `tile` (its
//!   number), `row`, `col` (its cell now), `goal_row`, `goal_col` (its goal cell), `cell`,
//!   `goal_cell` (the same cells as row-major indices, `row * width + col`). Such terms do not
//!   nest.
//!
//! The text is at most [`MAX_CHARS`] characters, with at most [`MAX_NESTING`] parentheses,
//! calls, minus signs and `not`s inside one another and a tree at most [`MAX_HEIGHT`]
//! operations deep, so no formula can take long to read or overflow a stack.
//!
//! # Worked examples
//!
//! | Formula | What it is |
//! |---|---|
//! | `count(cell != goal_cell)` | the misplaced tiles (`h1`) |
//! | `sum(abs(row - goal_row) + abs(col - goal_col))` | the Manhattan distance (`h2`) |
//! | `count(row != goal_row) + count(col != goal_col)` | tiles out of their row, plus out of their column |
//! | `max(manhattan, misplaced)` | the better of two estimates: admissible and consistent when both are |
//! | `misplaced / 2` | half the misplaced tiles: admissible when misplaced is |
//! | `2*misplaced` | weighted: may overestimate, so it claims nothing |
//! | `if(blank_row == 0, manhattan, misplaced)` | a switch: admissible, but not claimed consistent |
//! | `manhattan + 2*count(row == goal_row and col != goal_col)` | anything else a student can think of |
//!
//! Reading `2 * (manhattan - misplaced)`: `(` opens a value, `manhattan - misplaced` is a
//! `sum` of two names, `)` closes it, and `2 * …` is a `product`. Reading
//! `not blank_row == 0 and tile > 3` would fail: `tile` is a tile's variable, read only
//! inside `sum`/`count`, and the error points at it.
//!
//! # Errors
//!
//! A [`FormulaError`] carries its message and place: the byte offset and length of the fault
//! in the text as given (before trimming), and its line and column (in characters, from 1). A
//! value that cannot be an estimate at a board (negative, not finite, or a division by zero)
//! is an [`EvalError`] of [`Formula::eval`].
//!
//! ```
//! use npuzzle::heuristic::formula::{Claim, Claims, Formula};
//! let known = |name: &str| match name {
//!     "manhattan" | "h2" => Some("manhattan"),
//!     "misplaced" | "h1" => Some("misplaced"),
//!     _ => None,
//! };
//! let names = ["manhattan", "misplaced"];
//! let f = Formula::parse("max(h2, 2*misplaced)", &known, &names).unwrap();
//! assert_eq!(f.heuristics(), ["manhattan", "misplaced"]);
//! // 1 2 3 / 4 5 6 / 7 0 8 to the blank-last goal: Manhattan 1, misplaced 1.
//! let tiles: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 0, 8];
//! let goal_cell = [8, 0, 1, 2, 3, 4, 5, 6, 7];
//! assert_eq!(f.eval(&tiles, &goal_cell, 3, 3, &|_| 1.0).unwrap(), 2.0);
//! let both = |_: &str| Claims { admissible: Claim::Yes, consistent: Claim::Yes };
//! assert_eq!(f.claims(&both).admissible, Claim::Unknown);
//!
//! let e = Formula::parse("max(manhatan, h1)", &known, &names).unwrap_err();
//! assert_eq!((e.at, e.len, e.column), (4, 8, 5));
//! assert!(e.to_string().starts_with("at column 5: unknown name \"manhatan\", did you mean \"manhattan\"?"));
//! ```

mod claims;
mod eval;
mod lex;
mod parse;
pub mod preview;
#[cfg(test)]
mod tests;

mod estimate;
pub(crate) use estimate::estimator;
pub use estimate::FormulaEstimate;

use serde::{Serialize, Serializer};
use std::fmt;

/// The most characters a formula may have (after trimming).
pub const MAX_CHARS: usize = 2000;

/// The most parentheses, calls, minus signs and `not`s a formula may have inside one another.
pub const MAX_NESTING: usize = 40;

/// The most operations a formula's tree may have inside one another (a chain `a + b + c` is
/// two: `(a + b) + c`).
pub const MAX_HEIGHT: usize = 200;

/// The variables with one value for the whole board.
pub const BOARD_VARIABLES: [&str; 4] = ["width", "height", "blank_row", "blank_col"];

/// The variables of each tile, read inside `sum`, `count`, `sum_all` and `count_all`.
pub const TILE_VARIABLES: [&str; 7] = ["tile", "row", "col", "goal_row", "goal_col", "cell", "goal_cell"];

/// The functions, as written.
pub const FUNCTIONS: [&str; 8] = parse::FUNCTIONS;

pub use super::{Claim, Claims};

/// Why a formula could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FormulaError {
    /// What is wrong, in a sentence (without the place).
    pub message: String,
    /// Byte offset of the fault in the text as given to [`Formula::parse`].
    pub at: usize,
    /// Its length in bytes (0 at the end of the text).
    pub len: usize,
    /// The line it is on, from 1.
    pub line: usize,
    /// Its column on that line, in characters, from 1.
    pub column: usize,
}

/// The line and the column (from 1, in characters) of byte `at` of `text`.
pub(super) fn place(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (before.matches('\n').count() + 1, before[line_start..].chars().count() + 1)
}

impl FormulaError {
    fn new(text: &str, at: usize, len: usize, message: String) -> FormulaError {
        let (line, column) = place(text, at);
        FormulaError { message, at, len, line, column }
    }

    /// The library's error for it ([`crate::error::Error::Invalid`]), as front ends report it.
    pub fn into_error(self) -> crate::error::Error {
        crate::error::Error::Invalid(format!("bad formula {self}"))
    }
}

/// `at column 7: unknown name "manhatan" …` (with the line when it is not the first).
impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 1 {
            write!(f, "at line {}, column {}: {}", self.line, self.column, self.message)
        } else {
            write!(f, "at column {}: {}", self.column, self.message)
        }
    }
}

impl std::error::Error for FormulaError {}

impl From<FormulaError> for crate::error::Error {
    fn from(e: FormulaError) -> crate::error::Error {
        e.into_error()
    }
}

/// Why a formula has no estimate at a board: a division by zero, or a value that is negative
/// or not finite. The message does not show the board: [`EvalError::at_board`] adds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// What went wrong, in a sentence.
    pub message: String,
}

impl EvalError {
    /// The library's error for it at `board` ([`crate::error::Error::Invalid`]), e.g.
    /// `at the board 1 2 3/4 5 6/7 0 8: the formula gives -1, and an estimate cannot be negative`.
    pub fn at_board(self, board: &dyn fmt::Display) -> crate::error::Error {
        crate::error::Error::Invalid(format!("at the board {board}: {}", self.message))
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

/// A parsed heuristic formula, ready to evaluate: see the [module](self) for the grammar.
#[derive(Clone, Debug)]
pub struct Formula {
    /// The text as given to [`Formula::parse`].
    given: String,
    /// Where the trimmed text starts in `given`, and where it ends.
    start: usize,
    end: usize,
    root: parse::Node,
    heuristics: Vec<&'static str>,
    code: eval::Code,
}

impl Formula {
    /// Parses `text`; `known(name)` maps a name or alias (in lower case) to the canonical name
    /// of a built-in heuristic, or `None` when there is none; `names` are the names listed when
    /// a name is unknown.
    pub fn parse(text: &str, known: &dyn Fn(&str) -> Option<&'static str>, names: &[&str]) -> Result<Formula, FormulaError> {
        let trimmed = text.trim_start();
        let start = text.len() - trimmed.len();
        let end = start + trimmed.trim_end().len();
        if start == end {
            return Err(FormulaError::new(text, 0, 0, "the formula is empty".to_string()));
        }
        if let Some((cut, _)) = text[start..end].char_indices().nth(MAX_CHARS) {
            let length = text[start..end].chars().count();
            return Err(FormulaError::new(
                text,
                start + cut,
                end - start - cut,
                format!("the formula is too long: {length} characters, at most {MAX_CHARS}"),
            ));
        }
        let parsed = parse::parse(text, start, end, known, names)?;
        let code = eval::compile(&parsed.root);
        Ok(Formula { given: text.to_string(), start, end, root: parsed.root, heuristics: parsed.heuristics, code })
    }

    /// The formula as given, trimmed.
    pub fn text(&self) -> &str {
        &self.given[self.start..self.end]
    }

    /// The canonical names of the built-in heuristics it reads, each once, in the order they
    /// first appear.
    pub fn heuristics(&self) -> Vec<&'static str> {
        self.heuristics.clone()
    }

    /// What it claims, from what each built-in heuristic claims (`of(name)`, by canonical
    /// name). Admissible only when built from admissible parts by `max`, `min` (one
    /// admissible part is enough), `if` (both branches admissible), `abs`, factors in `[0, 1]`
    /// (multiplying by a constant in `[0, 1]`, dividing by a constant of at least 1) and the
    /// constant 0; consistent likewise from consistent parts by `max`, `min` (every part),
    /// `abs` and such factors, never by `if`. `No` where it is at least a part that claims
    /// `No` (the part alone, `max` with it, or a factor of at least 1 for admissibility).
    /// Anything else, such as a sum of two parts that are not 0, a factor above 1, a term over
    /// the tiles or a variable, is [`Claim::Unknown`].
    pub fn claims(&self, of: &dyn Fn(&str) -> Claims) -> Claims {
        claims::claims(&self.root, &self.heuristics, of)
    }

    /// Whether it has terms over the tiles (`sum`, `count`, `sum_all`, `count_all`).
    pub fn uses_tiles(&self) -> bool {
        self.code.ops.iter().any(|op| matches!(op, eval::Op::Sum { .. }))
    }

    /// Evaluates it on a board given as its tiles, row-major (`tiles[cell]`, 0 the blank;
    /// bytes or wider), with `goal_cell[t]` the goal cell of tile `t`, the board's `width` and
    /// `height`, and `builtin(i)` the value on this board of the `i`-th entry of
    /// [`Formula::heuristics`], in moves (asked for only when the formula reaches it, at most
    /// once for each of the first 16).
    ///
    /// A division by zero, a negative value and a value that is not finite are errors.
    pub fn eval<T: Copy + Into<u32>>(
        &self,
        tiles: &[T],
        goal_cell: &[usize],
        width: usize,
        height: usize,
        builtin: &dyn Fn(usize) -> f64,
    ) -> Result<f64, EvalError> {
        if width == 0 || tiles.len() != width * height || goal_cell.len() < tiles.len() {
            return Err(EvalError {
                message: format!("a {width}×{height} board cannot hold {} tiles with {} goal cells", tiles.len(), goal_cell.len()),
            });
        }
        let blank = if self.code.uses_blank {
            tiles.iter().position(|&t| t.into() == 0).ok_or_else(|| EvalError { message: "the board has no blank".to_string() })?
        } else {
            0
        };
        let board = eval::Board { tiles, goal_cell, width, height, blank, builtin };
        let value = if self.root.height <= eval::SMALL {
            eval::Machine::<{ eval::SMALL }>::new().eval(&self.code, &self.given, &board)?
        } else {
            eval::Machine::<{ eval::STACK }>::new().eval(&self.code, &self.given, &board)?
        };
        if !value.is_finite() {
            return Err(EvalError { message: format!("the formula gives {value}, which is not a number of moves") });
        }
        if value < 0.0 {
            return Err(EvalError { message: format!("the formula gives {value}, and an estimate cannot be negative") });
        }
        // -0 shows as 0.
        Ok(value + 0.0)
    }
}

/// The text, trimmed.
impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Two formulas are equal when their trimmed texts are.
impl PartialEq for Formula {
    fn eq(&self, other: &Formula) -> bool {
        self.text() == other.text()
    }
}

impl Eq for Formula {}

/// Serialised as its text, trimmed.
impl Serialize for Formula {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text())
    }
}
