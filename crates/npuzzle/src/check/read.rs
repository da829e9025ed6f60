//! Reading a student's work: boards, orders of expansion (labels or boards) and solutions
//! (moves with counts, or the boards along the way), leniently and within [`super::MAX_TEXT`]
//! and [`super::MAX_ITEMS`].

use super::limits::{MAX_ITEMS, MAX_TEXT};
use crate::board::{Board, Move};
use crate::error::Error;
use crate::notation::{self, Reading};

/// One item of an order of expansion: a node's label or its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A hierarchical label, upper case: `S21`.
    Label(String),
    /// A board.
    Board(Board),
}

impl Item {
    pub(super) fn show(&self) -> String {
        match self {
            Item::Label(l) => l.clone(),
            Item::Board(b) => line(b),
        }
    }
}

/// A board on one line, rows split by `/`.
pub(super) fn line(b: &Board) -> String {
    crate::render::trace::board_line(b.tiles(), b.width())
}

pub(super) fn too_long(text: &str) -> Result<(), Error> {
    if text.len() > MAX_TEXT {
        return Err(Error::Invalid(format!("the work is {} bytes long; at most {MAX_TEXT} are read", text.len())));
    }
    Ok(())
}

/// A line without its leading step number (`3.`, `3)`, `3:`, `step 3:`), its comment (`#`) and
/// any text before a colon that holds no digit (`open:`, `expanded:`).
pub(super) fn strip_line(line: &str) -> &str {
    let line = line.split('#').next().unwrap_or("");
    let mut rest = line.trim_start();
    let lower = rest.to_ascii_lowercase();
    if lower.starts_with("step") {
        rest = rest[4..].trim_start();
    }
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        let after = &rest[digits..];
        if let Some(c) = after.chars().next() {
            if matches!(c, '.' | ')' | ':') {
                rest = &after[1..];
            }
        }
    }
    if let Some((head, tail)) = rest.split_once(':') {
        if !head.chars().any(|c| c.is_ascii_digit()) {
            rest = tail;
        }
    }
    rest
}

/// The numbers of a text of boards, the blank written `0`, `_` or `-1`; other words are skipped.
pub(super) fn numbers(text: &str) -> Result<Vec<u32>, Error> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = strip_line(line);
        for token in line.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '/' | '[' | ']' | '|' | '(' | ')')) {
            let token = token.trim();
            if token.is_empty() {
                continue;
            }
            if token == "_" || token == "-1" || token == "." {
                out.push(0);
            } else if let Ok(n) = token.parse::<u32>() {
                out.push(n);
            }
            if out.len() > MAX_ITEMS * 64 {
                return Err(Error::Invalid("the work holds too many numbers".into()));
            }
        }
    }
    Ok(out)
}

/// Boards of `like`'s size, read from every number of `text` in turn.
pub fn read_boards(text: &str, like: &Board) -> Result<Vec<Board>, Error> {
    too_long(text)?;
    let cells = like.len();
    let nums = numbers(text)?;
    if nums.is_empty() {
        return Err(Error::Invalid("no board found: write each board's tiles row by row, the blank as 0".into()));
    }
    if nums.len() % cells != 0 {
        return Err(Error::Invalid(format!(
            "{} numbers do not make whole boards of {} tiles ({} boards and {} over)",
            nums.len(),
            cells,
            nums.len() / cells,
            nums.len() % cells
        )));
    }
    let boards = nums
        .chunks(cells)
        .enumerate()
        .map(|(i, chunk)| {
            Board::new(like.width(), like.height(), chunk.to_vec())
                .map_err(|e| Error::Invalid(format!("board {} ({}) is not a board: {e}", i + 1, join(chunk))))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if boards.len() > MAX_ITEMS {
        return Err(Error::Invalid(format!("{} boards; at most {MAX_ITEMS} are read", boards.len())));
    }
    Ok(boards)
}

pub(super) fn join(chunk: &[u32]) -> String {
    chunk.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// An order of expansion: its labels (`S0, S2, S21`, any case, any separators), or, when it
/// holds none, its boards.
pub fn read_expansions(text: &str, like: &Board) -> Result<Vec<Item>, Error> {
    too_long(text)?;
    let labels: Vec<Item> = labels_in(text)?.into_iter().map(Item::Label).collect();
    if !labels.is_empty() {
        return Ok(labels);
    }
    Ok(read_boards(text, like)?.into_iter().map(Item::Board).collect())
}

/// The node labels of a text (`S21`, `g3`: upper-cased), in order.
pub(super) fn labels_in(text: &str) -> Result<Vec<String>, Error> {
    let mut labels = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i].to_ascii_uppercase();
            let starts = (c == 'S' || c == 'G') && (i == 0 || !chars[i - 1].is_alphanumeric());
            if starts {
                let digits: String = chars[i + 1..].iter().take_while(|d| d.is_ascii_digit()).collect();
                let end = i + 1 + digits.len();
                if !digits.is_empty() && (end == chars.len() || !chars[end].is_alphanumeric()) {
                    labels.push(format!("{c}{digits}"));
                    if labels.len() > MAX_ITEMS {
                        return Err(Error::Invalid(format!("more than {MAX_ITEMS} labels")));
                    }
                    i = end;
                    continue;
                }
            }
            i += 1;
        }
    }
    Ok(labels)
}

/// A solution: its moves (letters, with counts: `R2U2LDLD`, in `reading`), or, when it holds
/// digits, the boards along the way (the start may be given first or left out), each one slide
/// from the one before. An error names the first board that is not one slide away.
pub fn read_solution(text: &str, start: &Board, reading: Reading) -> Result<Vec<Move>, Error> {
    too_long(text)?;
    let body: String = text.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    if !body.chars().any(|c| c.is_ascii_digit() && c != '0') || !has_boards(&body) {
        let letters: String = body.chars().filter(|c| !matches!(c, ',' | ';' | '-' | '>' | '→' | '.' | '[' | ']' | '"' | '\'')).collect();
        let moves = notation::parse(&letters, reading)?;
        if moves.len() > MAX_ITEMS * 10 {
            return Err(Error::Invalid(format!("{} moves; at most {} are read", moves.len(), MAX_ITEMS * 10)));
        }
        return Ok(moves);
    }
    let mut boards = read_boards(&body, start)?;
    if boards.first() == Some(start) {
        boards.remove(0);
    }
    let mut moves = Vec::with_capacity(boards.len());
    let mut at = start.clone();
    for (i, b) in boards.iter().enumerate() {
        let m = Move::ALL.into_iter().find(|&m| at.apply(m).as_ref() == Some(b)).ok_or_else(|| {
            Error::Invalid(format!("board {} ({}) is not one slide from the board before it ({})", i + 1, line(b), line(&at)))
        })?;
        moves.push(m);
        at = b.clone();
    }
    Ok(moves)
}

/// Whether a text's numbers read as boards rather than as move counts: a move count follows a
/// letter (`R2`), a board's numbers stand alone.
pub(super) fn has_boards(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().any(|(i, c)| c.is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()))
}

/// The numbers of a text, in order (`g = 1, h = 3` gives 1 and 3).
pub(super) fn numbers_in(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')).filter_map(|t| t.trim_matches('.').parse::<f64>().ok()).collect()
}
