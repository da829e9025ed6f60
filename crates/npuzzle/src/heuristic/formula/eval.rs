//! The tree compiled to a flat postfix program, and the program run on a board over a fixed
//! array of values: no allocation per evaluation.

use super::parse::{Bin, Global, Kind, Node, TileVar};
use super::{EvalError, MAX_HEIGHT};

/// Values the program holds at once at most: a tree of height `h` needs `h` at most (each
/// operator's right operand on top of its left one; a sum's body above the values under it).
pub(super) const STACK: usize = MAX_HEIGHT;

/// The values of a small formula's program (most formulas): a machine this size is quicker to
/// set up than one of [`STACK`] values.
pub(super) const SMALL: usize = 24;

/// Built-in values remembered within one evaluation (the rest are asked for at each use).
const CACHED: usize = 16;

/// One step of the program. Jumps name the index of the step to go on at.
#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    Num(f64),
    Builtin(u32),
    Global(Global),
    Tile(TileVar),
    Neg,
    Not,
    Abs,
    /// Replaces the top with 1 if it is not 0, else 0.
    Truth,
    Add,
    Sub,
    Mul,
    /// Divides; the index names the divisor's text in [`Code::divisors`] for the error.
    Div(u32),
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Max,
    Min,
    /// Pops a condition and jumps when it is 0.
    JumpIfZero(u32),
    Jump(u32),
    /// `and`: when the top is 0, leaves 0 there and jumps past the right side; else pops it.
    And(u32),
    /// `or`: when the top is not 0, leaves 1 there and jumps past the right side; else pops it.
    Or(u32),
    /// Runs the steps after it up to `end` once per tile (the blank too when `blank`) and
    /// pushes the sum of their values (of the values that are not 0, when `count`).
    Sum {
        count: bool,
        blank: bool,
        end: u32,
    },
}

/// A compiled formula.
#[derive(Clone, Debug)]
pub(super) struct Code {
    pub ops: Vec<Op>,
    /// The text (`at`, `len`) of each divisor, for the division-by-zero error.
    pub divisors: Vec<(usize, usize)>,
    /// Whether it reads the blank's cell.
    pub uses_blank: bool,
}

/// Compiles a parsed tree.
pub(super) fn compile(root: &Node) -> Code {
    let mut code = Code { ops: Vec::new(), divisors: Vec::new(), uses_blank: false };
    emit(root, &mut code);
    code
}

fn here(code: &Code) -> u32 {
    code.ops.len() as u32
}

fn emit(node: &Node, code: &mut Code) {
    match &node.kind {
        Kind::Num(x) => code.ops.push(Op::Num(*x)),
        Kind::Builtin(i) => code.ops.push(Op::Builtin(*i as u32)),
        Kind::Global(g) => {
            code.uses_blank |= matches!(g, Global::BlankRow | Global::BlankCol);
            code.ops.push(Op::Global(*g));
        }
        Kind::Tile(v) => code.ops.push(Op::Tile(*v)),
        Kind::Neg(x) => {
            emit(x, code);
            code.ops.push(Op::Neg);
        }
        Kind::Not(x) => {
            emit(x, code);
            code.ops.push(Op::Not);
        }
        Kind::Abs(x) => {
            emit(x, code);
            code.ops.push(Op::Abs);
        }
        Kind::Bin(op @ (Bin::And | Bin::Or), a, b) => {
            emit(a, code);
            let jump = code.ops.len();
            code.ops.push(Op::Jump(0));
            emit(b, code);
            code.ops.push(Op::Truth);
            let end = here(code);
            code.ops[jump] = if *op == Bin::And { Op::And(end) } else { Op::Or(end) };
        }
        Kind::Bin(op, a, b) => {
            emit(a, code);
            emit(b, code);
            code.ops.push(match op {
                Bin::Add => Op::Add,
                Bin::Sub => Op::Sub,
                Bin::Mul => Op::Mul,
                Bin::Div => {
                    code.divisors.push((b.at, b.len));
                    Op::Div(code.divisors.len() as u32 - 1)
                }
                Bin::Eq => Op::Eq,
                Bin::Ne => Op::Ne,
                Bin::Lt => Op::Lt,
                Bin::Le => Op::Le,
                Bin::Gt => Op::Gt,
                Bin::Ge => Op::Ge,
                Bin::And | Bin::Or => unreachable!("and and or jump"),
            });
        }
        Kind::Max(xs) | Kind::Min(xs) => {
            let op = if matches!(node.kind, Kind::Max(_)) { Op::Max } else { Op::Min };
            emit(&xs[0], code);
            for x in &xs[1..] {
                emit(x, code);
                code.ops.push(op);
            }
        }
        Kind::If(c, a, b) => {
            emit(c, code);
            let to_else = code.ops.len();
            code.ops.push(Op::JumpIfZero(0));
            emit(a, code);
            let to_end = code.ops.len();
            code.ops.push(Op::Jump(0));
            code.ops[to_else] = Op::JumpIfZero(here(code));
            emit(b, code);
            code.ops[to_end] = Op::Jump(here(code));
        }
        Kind::Sum { count, blank, body } => {
            let at = code.ops.len();
            code.ops.push(Op::Sum { count: *count, blank: *blank, end: 0 });
            emit(body, code);
            code.ops[at] = Op::Sum { count: *count, blank: *blank, end: here(code) };
        }
    }
}

/// The board a program runs on.
pub(super) struct Board<'a, T> {
    pub tiles: &'a [T],
    pub goal_cell: &'a [usize],
    pub width: usize,
    pub height: usize,
    /// The blank's cell, when the program reads it.
    pub blank: usize,
    pub builtin: &'a dyn Fn(usize) -> f64,
}

/// What one evaluation keeps: its values (`N`, at least the height of the formula's tree), and
/// the built-in values already asked for.
pub(super) struct Machine<const N: usize> {
    stack: [f64; N],
    cache: [f64; CACHED],
    cached: u32,
    /// The values of the variables of the tile a sum's body is run for, in the order of
    /// [`TileVar`].
    here: [f64; 7],
}

impl<const N: usize> Machine<N> {
    pub fn new() -> Machine<N> {
        Machine { stack: [0.0; N], cache: [0.0; CACHED], cached: 0, here: [0.0; 7] }
    }

    /// Runs the whole program on `board` and gives its value (`text` is the formula as parsed,
    /// which errors quote).
    pub fn eval<T: Copy + Into<u32>>(&mut self, code: &Code, text: &str, board: &Board<'_, T>) -> Result<f64, EvalError> {
        self.run(code, text, 0, code.ops.len(), 0, board)
    }

    /// Runs `code.ops[start..end]` with the values from `base` on, and gives the value it
    /// leaves.
    fn run<T: Copy + Into<u32>>(
        &mut self,
        code: &Code,
        text: &str,
        start: usize,
        end: usize,
        base: usize,
        board: &Board<'_, T>,
    ) -> Result<f64, EvalError> {
        let mut sp = base;
        let mut pc = start;
        macro_rules! binary {
            (|$a:ident, $b:ident| $e:expr) => {{
                sp -= 1;
                let ($a, $b) = (self.stack[sp - 1], self.stack[sp]);
                self.stack[sp - 1] = $e;
            }};
        }
        let truth = |b: bool| if b { 1.0 } else { 0.0 };
        while pc < end {
            match code.ops[pc] {
                Op::Num(x) => {
                    self.stack[sp] = x;
                    sp += 1;
                }
                Op::Builtin(i) => {
                    let i = i as usize;
                    let value = if i >= CACHED {
                        (board.builtin)(i)
                    } else if self.cached & (1 << i) != 0 {
                        self.cache[i]
                    } else {
                        let v = (board.builtin)(i);
                        self.cache[i] = v;
                        self.cached |= 1 << i;
                        v
                    };
                    self.stack[sp] = value;
                    sp += 1;
                }
                Op::Global(g) => {
                    self.stack[sp] = match g {
                        Global::Width => board.width,
                        Global::Height => board.height,
                        Global::BlankRow => board.blank / board.width,
                        Global::BlankCol => board.blank % board.width,
                    } as f64;
                    sp += 1;
                }
                Op::Tile(v) => {
                    self.stack[sp] = self.here[v as usize];
                    sp += 1;
                }
                Op::Neg => self.stack[sp - 1] = -self.stack[sp - 1],
                Op::Not => self.stack[sp - 1] = truth(self.stack[sp - 1] == 0.0),
                Op::Abs => self.stack[sp - 1] = self.stack[sp - 1].abs(),
                Op::Truth => self.stack[sp - 1] = truth(self.stack[sp - 1] != 0.0),
                Op::Add => binary!(|a, b| a + b),
                Op::Sub => binary!(|a, b| a - b),
                Op::Mul => binary!(|a, b| a * b),
                Op::Div(d) => {
                    if self.stack[sp - 1] == 0.0 {
                        let (at, len) = code.divisors[d as usize];
                        // The parser reads tile variables inside sums only, where the tile is set.
                        let tile = match code.ops[..pc].iter().any(|op| matches!(op, Op::Sum { end, .. } if *end as usize > pc)) {
                            true => format!(" for tile {}", self.here[TileVar::Tile as usize]),
                            false => String::new(),
                        };
                        return Err(EvalError {
                            message: format!(
                                "division by zero: {} is 0{tile} (column {})",
                                crate::error::quote(&text[at..at + len]),
                                super::place(text, at).1
                            ),
                        });
                    }
                    binary!(|a, b| a / b)
                }
                Op::Eq => binary!(|a, b| truth(a == b)),
                Op::Ne => binary!(|a, b| truth(a != b)),
                Op::Lt => binary!(|a, b| truth(a < b)),
                Op::Le => binary!(|a, b| truth(a <= b)),
                Op::Gt => binary!(|a, b| truth(a > b)),
                Op::Ge => binary!(|a, b| truth(a >= b)),
                Op::Max => binary!(|a, b| a.max(b)),
                Op::Min => binary!(|a, b| a.min(b)),
                Op::JumpIfZero(to) => {
                    sp -= 1;
                    if self.stack[sp] == 0.0 {
                        pc = to as usize;
                        continue;
                    }
                }
                Op::Jump(to) => {
                    pc = to as usize;
                    continue;
                }
                Op::And(to) => {
                    if self.stack[sp - 1] == 0.0 {
                        self.stack[sp - 1] = 0.0;
                        pc = to as usize;
                        continue;
                    }
                    sp -= 1;
                }
                Op::Or(to) => {
                    if self.stack[sp - 1] != 0.0 {
                        self.stack[sp - 1] = 1.0;
                        pc = to as usize;
                        continue;
                    }
                    sp -= 1;
                }
                Op::Sum { count, blank, end: body_end } => {
                    let body_end = body_end as usize;
                    let mut total = 0.0;
                    let (mut row, mut col) = (0, 0);
                    for (cell, &t) in board.tiles.iter().enumerate() {
                        if cell > 0 {
                            col += 1;
                            if col == board.width {
                                (row, col) = (row + 1, 0);
                            }
                        }
                        let tile = t.into() as usize;
                        if tile == 0 && !blank {
                            continue;
                        }
                        let goal = *board.goal_cell.get(tile).ok_or_else(|| EvalError {
                            message: format!("tile {tile} has no goal cell (the goal has {} cells)", board.goal_cell.len()),
                        })?;
                        let goal_row = goal / board.width;
                        let goal_col = goal - goal_row * board.width;
                        // In the order of `TileVar`.
                        self.here = [tile, row, col, goal_row, goal_col, cell, goal].map(|v| v as f64);
                        let v = self.run(code, text, pc + 1, body_end, sp, board)?;
                        total += if count { truth(v != 0.0) } else { v };
                    }
                    self.stack[sp] = total;
                    sp += 1;
                    pc = body_end;
                    continue;
                }
            }
            pc += 1;
        }
        debug_assert_eq!(sp, base + 1, "a program leaves one value");
        Ok(self.stack[base])
    }
}
