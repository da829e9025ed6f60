//! The parser: recursive descent over the tokens, one function a precedence level, to a tree
//! whose every node knows its place in the text.

use super::lex::{self, Tok, Token};
use super::{FormulaError, MAX_HEIGHT, MAX_NESTING};
use crate::error::quote;

/// A variable with one value for the whole board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Global {
    Width,
    Height,
    BlankRow,
    BlankCol,
}

/// A variable of one tile, read inside `sum`, `count`, `sum_all` and `count_all` (numbered as
/// the evaluator holds their values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TileVar {
    Tile = 0,
    Row = 1,
    Col = 2,
    GoalRow = 3,
    GoalCol = 4,
    Cell = 5,
    GoalCell = 6,
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bin {
    Add,
    Sub,
    Mul,
    Div,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

/// What a node computes.
#[derive(Clone, Debug)]
pub(super) enum Kind {
    Num(f64),
    /// The built-in heuristic at this index of [`Parsed::heuristics`].
    Builtin(usize),
    Global(Global),
    Tile(TileVar),
    Neg(Box<Node>),
    Not(Box<Node>),
    Bin(Bin, Box<Node>, Box<Node>),
    Max(Vec<Node>),
    Min(Vec<Node>),
    Abs(Box<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    /// `sum` (`count` when `count`) over the tiles, the blank too when `blank`.
    Sum {
        count: bool,
        blank: bool,
        body: Box<Node>,
    },
}

/// A node of the tree: what it computes, the text it was read from (`at`, `len`, bytes of the
/// text given to the parser) and its height (1 for a leaf).
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub kind: Kind,
    pub at: usize,
    pub len: usize,
    pub height: usize,
}

impl Node {
    /// The nodes right below this one.
    pub fn children(&self) -> Vec<&Node> {
        match &self.kind {
            Kind::Num(_) | Kind::Builtin(_) | Kind::Global(_) | Kind::Tile(_) => Vec::new(),
            Kind::Neg(x) | Kind::Not(x) | Kind::Abs(x) | Kind::Sum { body: x, .. } => vec![x],
            Kind::Bin(_, a, b) => vec![a, b],
            Kind::Max(xs) | Kind::Min(xs) => xs.iter().collect(),
            Kind::If(c, a, b) => vec![c, a, b],
        }
    }

    fn end(&self) -> usize {
        self.at + self.len
    }
}

/// A parsed formula: its tree and the built-in heuristics it reads, in order of first use.
pub(super) struct Parsed {
    pub root: Node,
    pub heuristics: Vec<&'static str>,
}

/// The variables with one value for the board, as written.
pub(super) const GLOBALS: [(&str, Global); 4] =
    [("width", Global::Width), ("height", Global::Height), ("blank_row", Global::BlankRow), ("blank_col", Global::BlankCol)];

/// The variables of a tile, as written.
pub(super) const TILE_VARS: [(&str, TileVar); 7] = [
    ("tile", TileVar::Tile),
    ("row", TileVar::Row),
    ("col", TileVar::Col),
    ("goal_row", TileVar::GoalRow),
    ("goal_col", TileVar::GoalCol),
    ("cell", TileVar::Cell),
    ("goal_cell", TileVar::GoalCell),
];

/// The functions, as written.
pub(super) const FUNCTIONS: [&str; 8] = ["max", "min", "abs", "if", "sum", "count", "sum_all", "count_all"];

/// The words that join conditions.
const KEYWORDS: [&str; 3] = ["and", "or", "not"];

/// Parses `text[start..end]` (already checked to be non-empty and short enough).
pub(super) fn parse(
    text: &str,
    start: usize,
    end: usize,
    known: &dyn Fn(&str) -> Option<&'static str>,
    names: &[&str],
) -> Result<Parsed, FormulaError> {
    let toks = lex::tokens(text, start, end)?;
    let mut p = Parser { text, toks, pos: 0, depth: 0, per_tile: None, known, names, heuristics: Vec::new() };
    let root = p.or_expr()?;
    let t = p.peek();
    match t.tok {
        Tok::End => Ok(Parsed { root, heuristics: p.heuristics }),
        Tok::RParen => Err(p.err(t, "this \")\" closes no \"(\"".to_string())),
        Tok::Num(_) | Tok::Name | Tok::LParen => Err(p.missing_operator(t)),
        _ => Err(p.err(t, format!("unexpected {}", p.shown(t)))),
    }
}

struct Parser<'a> {
    text: &'a str,
    toks: Vec<Token>,
    pos: usize,
    /// Parentheses, calls, minus signs and `not`s open around the current token.
    depth: usize,
    /// The per-tile function being read (its name and place), if any.
    per_tile: Option<(&'static str, usize)>,
    known: &'a dyn Fn(&str) -> Option<&'static str>,
    names: &'a [&'a str],
    heuristics: Vec<&'static str>,
}

impl Parser<'_> {
    fn peek(&self) -> Token {
        self.toks[self.pos]
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos];
        if t.tok != Tok::End {
            self.pos += 1;
        }
        t
    }

    fn word(&self, t: Token) -> &str {
        &self.text[t.at..t.at + t.len]
    }

    /// Whether the next token is the word `w` (in any case).
    fn at_word(&self, w: &str) -> bool {
        let t = self.peek();
        t.tok == Tok::Name && self.word(t).eq_ignore_ascii_case(w)
    }

    fn err(&self, t: Token, message: String) -> FormulaError {
        FormulaError::new(self.text, t.at, t.len, message)
    }

    /// A token as messages show it: quoted, or "the end".
    fn shown(&self, t: Token) -> String {
        match t.tok {
            Tok::End => "the end of the formula".to_string(),
            _ => quote(self.word(t)),
        }
    }

    fn missing_operator(&self, t: Token) -> FormulaError {
        self.err(t, format!("expected an operator (+ - * / == < and …) before {}", self.shown(t)))
    }

    /// One level deeper (a parenthesis, a call, a minus sign or a `not` at `t`).
    fn enter(&mut self, t: Token) -> Result<(), FormulaError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.err(
                t,
                format!("nested too deeply: at most {MAX_NESTING} parentheses, calls, minus signs and \"not\"s inside one another"),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// A node over `at..end`, refused when the tree grows too tall (the fault shown at `op`).
    fn node(&self, kind: Kind, at: usize, end: usize, op: Token) -> Result<Node, FormulaError> {
        let mut node = Node { kind, at, len: end - at, height: 1 };
        node.height = 1 + node.children().iter().map(|c| c.height).max().unwrap_or(0);
        if node.height > MAX_HEIGHT {
            return Err(self.err(
                op,
                format!("the formula is too deep: at most {MAX_HEIGHT} operations inside one another (a long chain of + counts each one)"),
            ));
        }
        Ok(node)
    }

    fn binary(&self, op: Bin, a: Node, b: Node, t: Token) -> Result<Node, FormulaError> {
        let (at, end) = (a.at, b.end());
        self.node(Kind::Bin(op, Box::new(a), Box::new(b)), at, end, t)
    }

    /// `and_expr ("or" and_expr)*`
    fn or_expr(&mut self) -> Result<Node, FormulaError> {
        let mut left = self.and_expr()?;
        while self.at_word("or") {
            let t = self.bump();
            let right = self.and_expr()?;
            left = self.binary(Bin::Or, left, right, t)?;
        }
        Ok(left)
    }

    /// `not_expr ("and" not_expr)*`
    fn and_expr(&mut self) -> Result<Node, FormulaError> {
        let mut left = self.not_expr()?;
        while self.at_word("and") {
            let t = self.bump();
            let right = self.not_expr()?;
            left = self.binary(Bin::And, left, right, t)?;
        }
        Ok(left)
    }

    /// `"not" not_expr | cmp_expr`
    fn not_expr(&mut self) -> Result<Node, FormulaError> {
        if !self.at_word("not") {
            return self.cmp_expr();
        }
        let t = self.bump();
        self.enter(t)?;
        let x = self.not_expr()?;
        self.leave();
        let end = x.end();
        self.node(Kind::Not(Box::new(x)), t.at, end, t)
    }

    /// `add_expr (("==" | "!=" | "<" | "<=" | ">" | ">=") add_expr)?`: comparisons do not chain.
    fn cmp_expr(&mut self) -> Result<Node, FormulaError> {
        let left = self.add_expr()?;
        let Some(op) = cmp_op(self.peek().tok) else { return Ok(left) };
        let t = self.bump();
        let right = self.add_expr()?;
        let next = self.peek();
        if cmp_op(next.tok).is_some() {
            return Err(self.err(next, "comparisons do not chain: write a < b and b < c".to_string()));
        }
        self.binary(op, left, right, t)
    }

    /// `mul_expr (("+" | "-") mul_expr)*`
    fn add_expr(&mut self) -> Result<Node, FormulaError> {
        let mut left = self.mul_expr()?;
        loop {
            let op = match self.peek().tok {
                Tok::Plus => Bin::Add,
                Tok::Minus => Bin::Sub,
                _ => return Ok(left),
            };
            let t = self.bump();
            let right = self.mul_expr()?;
            left = self.binary(op, left, right, t)?;
        }
    }

    /// `unary (("*" | "/") unary)*`
    fn mul_expr(&mut self) -> Result<Node, FormulaError> {
        let mut left = self.unary()?;
        loop {
            let op = match self.peek().tok {
                Tok::Star => Bin::Mul,
                Tok::Slash => Bin::Div,
                _ => return Ok(left),
            };
            let t = self.bump();
            let right = self.unary()?;
            left = self.binary(op, left, right, t)?;
        }
    }

    /// `"-" unary | primary`
    fn unary(&mut self) -> Result<Node, FormulaError> {
        if self.peek().tok != Tok::Minus {
            return self.primary();
        }
        let t = self.bump();
        self.enter(t)?;
        let x = self.unary()?;
        self.leave();
        let end = x.end();
        self.node(Kind::Neg(Box::new(x)), t.at, end, t)
    }

    /// `number | name | function "(" arguments ")" | "(" or_expr ")"`
    fn primary(&mut self) -> Result<Node, FormulaError> {
        let t = self.bump();
        match t.tok {
            Tok::Num(x) => Ok(Node { kind: Kind::Num(x), at: t.at, len: t.len, height: 1 }),
            Tok::Name => self.name(t),
            Tok::LParen => {
                self.enter(t)?;
                let mut inner = self.or_expr()?;
                let close = self.peek();
                if close.tok != Tok::RParen {
                    return Err(self.unclosed(t, close, "\")\""));
                }
                self.bump();
                self.leave();
                // The node's text takes in its parentheses, as messages quote it.
                inner.len = close.at + 1 - t.at;
                inner.at = t.at;
                Ok(inner)
            }
            Tok::End => Err(self.err(t, "the formula ends where a value was expected".to_string())),
            _ => Err(self.err(t, format!("expected a value (a number, a name or \"(\"), found {}", self.shown(t)))),
        }
    }

    /// The error for a `(` at `open` that `found` does not close.
    fn unclosed(&self, open: Token, found: Token, wanted: &str) -> FormulaError {
        let column = super::place(self.text, open.at).1;
        match found.tok {
            Tok::End => self.err(found, format!("missing \")\" to close the \"(\" at column {column}")),
            Tok::Num(_) | Tok::Name | Tok::LParen => {
                let e = self.missing_operator(found);
                FormulaError { message: format!("{} (or {wanted} to close the \"(\" at column {column})", e.message), ..e }
            }
            _ => self.err(found, format!("expected {wanted} to close the \"(\" at column {column}, found {}", self.shown(found))),
        }
    }

    /// A name where a value is expected: a function call, a variable or a built-in heuristic.
    fn name(&mut self, t: Token) -> Result<Node, FormulaError> {
        let word = self.word(t).to_ascii_lowercase();
        let leaf = |kind| Node { kind, at: t.at, len: t.len, height: 1 };
        if let Some(&f) = FUNCTIONS.iter().find(|&&f| f == word) {
            return self.call(t, f);
        }
        if KEYWORDS.contains(&word.as_str()) {
            let message = if word == "not" {
                "\"not\" takes in a whole comparison: put it in parentheses here, as in 2 * (not blank_row == 0)".to_string()
            } else {
                format!("expected a value before {}", self.shown(t))
            };
            return Err(self.err(t, message));
        }
        let node = if let Some(&(_, g)) = GLOBALS.iter().find(|(n, _)| *n == word) {
            leaf(Kind::Global(g))
        } else if let Some(&(_, v)) = TILE_VARS.iter().find(|(n, _)| *n == word) {
            if self.per_tile.is_none() {
                return Err(self.err(
                    t,
                    format!(
                        "{} is a tile's variable: it has a value only inside sum(…), count(…), sum_all(…) or count_all(…), as in sum(abs(row - goal_row))",
                        self.shown(t)
                    ),
                ));
            }
            leaf(Kind::Tile(v))
        } else if let Some(canonical) = (self.known)(&word) {
            let i = match self.heuristics.iter().position(|&h| h == canonical) {
                Some(i) => i,
                None => {
                    self.heuristics.push(canonical);
                    self.heuristics.len() - 1
                }
            };
            leaf(Kind::Builtin(i))
        } else {
            return Err(self.unknown(t, &word));
        };
        let next = self.peek();
        if next.tok == Tok::LParen {
            return Err(self.err(next, format!("{} is not a function: only {} take (…)", self.shown(t), FUNCTIONS.join(", "))));
        }
        Ok(node)
    }

    /// Whether `word` is a variable or a heuristic.
    fn is_value_name(&self, word: &str) -> bool {
        GLOBALS.iter().any(|(n, _)| *n == word) || TILE_VARS.iter().any(|(n, _)| *n == word) || (self.known)(word).is_some()
    }

    fn unknown(&self, t: Token, word: &str) -> FormulaError {
        if word.contains('-') && word.split('-').all(|part| self.is_value_name(part)) {
            return self.err(
                t,
                format!(
                    "unknown name {}: a \"-\" between letters joins one name (as in linear-conflict); to subtract, put spaces around it: \"{}\"",
                    self.shown(t),
                    word.replace('-', " - ")
                ),
            );
        }
        let variables: Vec<&str> = GLOBALS.iter().map(|(n, _)| *n).collect();
        let per_tile: Vec<&str> = TILE_VARS.iter().map(|(n, _)| *n).collect();
        let candidates = self.names.iter().copied().chain(variables.iter().copied()).chain(per_tile.iter().copied()).chain(FUNCTIONS);
        let guess = candidates
            .map(|c| (distance(word, &c.to_ascii_lowercase()), c))
            .filter(|&(d, c)| d <= 2 && d < c.len().min(word.len()))
            .min_by_key(|&(d, _)| d)
            .map(|(_, c)| format!(", did you mean \"{c}\"?"))
            .unwrap_or_default();
        self.err(
            t,
            format!(
                "unknown name {}{guess} ({}variables: {}; for each tile, inside sum and count: {}; functions: {})",
                self.shown(t),
                if self.names.is_empty() { String::new() } else { format!("known: {}; ", self.names.join(", ")) },
                variables.join(", "),
                per_tile.join(", "),
                FUNCTIONS.join(", ")
            ),
        )
    }

    /// A call of the function `f` named at `name`: its arguments, then a check of their count.
    fn call(&mut self, name: Token, f: &'static str) -> Result<Node, FormulaError> {
        let open = self.peek();
        if open.tok != Tok::LParen {
            let usage = match f {
                "max" | "min" => format!("{f}(a, b, …)"),
                "if" => "if(condition, then, else)".to_string(),
                _ => format!("{f}(x)"),
            };
            return Err(self.err(name, format!("{} is a function: write {usage}", self.shown(name))));
        }
        let per_tile = matches!(f, "sum" | "count" | "sum_all" | "count_all");
        let outer = self.per_tile;
        if per_tile {
            if let Some((outer_name, at)) = outer {
                let column = super::place(self.text, at).1;
                return Err(self.err(name, format!("{f}(…) inside {outer_name}(…) (at column {column}): terms over the tiles do not nest")));
            }
            self.per_tile = Some((f, name.at));
        }
        self.bump();
        self.enter(open)?;
        let mut args = Vec::new();
        if self.peek().tok != Tok::RParen {
            loop {
                args.push(self.or_expr()?);
                let t = self.peek();
                match t.tok {
                    Tok::Comma => {
                        self.bump();
                    }
                    Tok::RParen => break,
                    _ => return Err(self.unclosed(open, t, "\",\" or \")\"")),
                }
            }
        }
        let close = self.bump();
        self.leave();
        self.per_tile = outer;
        let (at, end) = (name.at, close.at + 1);
        let call = Token { tok: Tok::Name, at, len: end - at };
        let (wanted, ok) = match f {
            "max" | "min" => ("2 or more values", args.len() >= 2),
            "if" => ("3 values (a condition, a value if it holds, a value if not)", args.len() == 3),
            _ => ("1 value", args.len() == 1),
        };
        if !ok {
            let got = match args.len() {
                0 => "none".to_string(),
                n => n.to_string(),
            };
            return Err(self.err(call, format!("{f} takes {wanted}, got {got}")));
        }
        let one = |args: Vec<Node>| Box::new(args.into_iter().next().expect("one argument"));
        let kind = match f {
            "max" => Kind::Max(args),
            "min" => Kind::Min(args),
            "abs" => Kind::Abs(one(args)),
            "if" => {
                let mut it = args.into_iter();
                let mut next = || Box::new(it.next().expect("three arguments"));
                Kind::If(next(), next(), next())
            }
            _ => Kind::Sum { count: f.starts_with("count"), blank: f.ends_with("_all"), body: one(args) },
        };
        self.node(kind, at, end, call)
    }
}

fn cmp_op(t: Tok) -> Option<Bin> {
    Some(match t {
        Tok::Eq => Bin::Eq,
        Tok::Ne => Bin::Ne,
        Tok::Lt => Bin::Lt,
        Tok::Le => Bin::Le,
        Tok::Gt => Bin::Gt,
        Tok::Ge => Bin::Ge,
        _ => return None,
    })
}

/// The edit distance between two short words (insertions, deletions, substitutions).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb)).min(row[j] + 1).min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}
