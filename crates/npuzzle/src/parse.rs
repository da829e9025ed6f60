//! Every accepted board format to a [`Board`].
//!
//! All of these describe the same 3×3 board:
//! `1 4 2 0 5 3 6 7 8`, `1 4 2 -1 5 3 6 7 8`, `1 4 2 _ 5 3 6 7 8`, `1,4,2,0,5,3,6,7,8`,
//! `142053678` (3×3 only), `1 4 2/0 5 3/6 7 8`, three lines of three tiles, and
//! `[[1,4,2],[0,5,3],[6,7,8]]`. The blank may be `0`, `-1`, `_`, `x` or `.`. A first line holding
//! only a size (`3` or `3 3` or `3x3`) is read as the size, and `#` lines are comments.

use crate::board::{Board, Tile, MAX_SIDE};
use crate::error::BoardError;
use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use std::fmt;

/// A board as a front end receives it: text in any format, rows of tiles, or a flat list of
/// tiles (the blank as 0 or -1). JSON strings and arrays deserialise into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// Text in any accepted format (or, where a goal is meant, a preset name).
    Text(String),
    /// Rows of tiles, top first.
    Rows(Vec<Vec<i64>>),
    /// Tiles in row-major order; the size comes from `size` or a square count.
    Flat(Vec<i64>),
}

impl BoardInput {
    /// The board, sized by `size` where the input does not say. Arrays become boards directly,
    /// with no detour through text.
    pub fn parse(&self, size: Option<(usize, usize)>) -> Result<Board, BoardError> {
        match self {
            BoardInput::Text(t) => parse_board_sized(t, size),
            BoardInput::Rows(rows) => {
                let w = rows.first().map_or(0, Vec::len);
                if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != w) {
                    return Err(BoardError::Ragged { row: i + 1, found: r.len(), expected: w });
                }
                let flat: Vec<i64> = rows.iter().flatten().copied().collect();
                let (w, h) = size.unwrap_or((w, rows.len()));
                board_from_numbers(w, h, &flat)
            }
            BoardInput::Flat(flat) => {
                let (w, h) = match size {
                    Some(s) => s,
                    None => {
                        let side = (flat.len() as f64).sqrt().round() as usize;
                        if side * side != flat.len() {
                            return Err(BoardError::NotSquare { found: flat.len() });
                        }
                        (side, side)
                    }
                };
                board_from_numbers(w, h, flat)
            }
        }
    }
}

/// A board from numbers, the blank written 0 or -1.
fn board_from_numbers(width: usize, height: usize, numbers: &[i64]) -> Result<Board, BoardError> {
    if numbers.is_empty() {
        return Err(BoardError::Empty);
    }
    let tiles = numbers
        .iter()
        .enumerate()
        .map(|(i, &t)| match t {
            -1 => Ok(0),
            t if (0..=u32::MAX as i64).contains(&t) => Ok(t as Tile),
            t => Err(BoardError::bad_token(&t.to_string(), i + 1)),
        })
        .collect::<Result<Vec<Tile>, _>>()?;
    Board::new(width, height, tiles)
}

impl<'de> Deserialize<'de> for BoardInput {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        /// One element of an array: a tile, or a row of tiles.
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Item {
            Tile(i64),
            Row(Vec<i64>),
        }
        impl<'de> Visitor<'de> for V {
            type Value = BoardInput;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a board: a string, an array of rows of tiles, or a flat array of tiles")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<BoardInput, E> {
                Ok(BoardInput::Text(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BoardInput, A::Error> {
                let mut tiles = Vec::new();
                let mut rows = Vec::new();
                while let Some(item) = seq.next_element::<Item>()? {
                    match item {
                        Item::Tile(t) => tiles.push(t),
                        Item::Row(r) => rows.push(r),
                    }
                    if !tiles.is_empty() && !rows.is_empty() {
                        return Err(de::Error::custom("a board array mixes tiles and rows"));
                    }
                }
                Ok(if rows.is_empty() { BoardInput::Flat(tiles) } else { BoardInput::Rows(rows) })
            }
        }
        d.deserialize_any(V)
    }
}

/// Parses an amount of memory as users write it: `1G`, `512M`, `64K`, `1.5GiB`, `2TB`, or a plain
/// number of bytes (units are powers of 1024, as memory is counted). Every front end that
/// takes a memory limit reads it here.
///
/// ```
/// assert_eq!(npuzzle::parse::parse_bytes("512M").unwrap(), 512 << 20);
/// assert!(npuzzle::parse::parse_bytes("lots").is_err());
/// ```
pub fn parse_bytes(text: &str) -> Result<u64, crate::Error> {
    let t = text.trim();
    let bad = || crate::Error::Invalid(format!("bad size {} (use e.g. 1G, 512M, or a number of bytes)", crate::error::quote(t)));
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let v: f64 = num.parse().map_err(|_| bad())?;
    let mult: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024f64.powi(4),
        _ => return Err(bad()),
    };
    let bytes = v * mult;
    if !(bytes.is_finite() && bytes >= 0.0 && bytes <= u64::MAX as f64) {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// Reads a size written `N` (square) or `WxH` (also `W H` or `W×H`).
pub fn parse_size(s: &str) -> Result<(usize, usize), BoardError> {
    let bad = || BoardError::BadSizeSpec(crate::error::quote(s.trim()));
    let parts: Vec<&str> =
        s.trim().split(|c: char| c == 'x' || c == 'X' || c == '×' || c.is_whitespace()).filter(|p| !p.is_empty()).take(3).collect();
    let nums: Vec<usize> = parts.iter().map(|p| p.parse::<usize>().map_err(|_| bad())).collect::<Result<_, _>>()?;
    match nums[..] {
        [n] => Ok((n, n)),
        [w, h] => Ok((w, h)),
        _ => Err(bad()),
    }
}

/// Parses a board whose size follows from its rows, a size line, or a square tile count.
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    parse_board_sized(text, None)
}

/// Most tiles (the blank included) of the largest board, 1000×1000.
const MAX_TILES: usize = MAX_SIDE * MAX_SIDE;

/// Parses a board; `size` (width, height), when given, overrides what the text implies.
///
/// Input that cannot be a board of at most 1000×1000 (more than 1000 rows, a row of more than
/// 1000 tiles, more than 1,000,000 tiles) is refused as soon as that is clear, so a huge input
/// costs no more memory than itself. A UTF-8 byte-order mark is skipped.
pub fn parse_board_sized(text: &str, size: Option<(usize, usize)>) -> Result<Board, BoardError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first) = lines.next() else { return Err(BoardError::Empty) };
    if first.starts_with('[') {
        let mut joined = String::from(first);
        for l in lines {
            joined.push('\n');
            joined.push_str(l);
        }
        let (rows, explicit_rows) = parse_nested(&joined)?;
        return from_rows(rows, size, explicit_rows);
    }
    // A size line, then at most 1000 rows.
    let mut body: Vec<&str> = vec![first];
    for l in lines {
        if body.len() > MAX_SIDE {
            return Err(BoardError::TooLarge(format!("more than {MAX_SIDE} rows")));
        }
        body.push(l);
    }
    let mut size_line = None;
    if body.len() > 1 {
        if let Some(s) = size_line_of(body[0], &body[1..]) {
            size_line = Some((body[0], s));
            body.remove(0);
        }
    }
    let row_texts: Vec<&str> = if body.len() == 1 && body[0].contains('/') {
        let mut parts = Vec::new();
        for part in body[0].split('/').map(str::trim) {
            if parts.len() >= MAX_SIDE {
                return Err(BoardError::TooLarge(format!("more than {MAX_SIDE} rows")));
            }
            parts.push(part);
        }
        parts
    } else {
        body
    };
    let several = row_texts.len() > 1;
    let per_row = if several { MAX_SIDE } else { MAX_TILES };
    let mut rows: Vec<Vec<&str>> = Vec::with_capacity(row_texts.len());
    for (i, r) in row_texts.iter().enumerate() {
        let mut row = Vec::new();
        for t in tokens(r) {
            if row.len() >= per_row {
                let what =
                    if several { format!("more than {MAX_SIDE} tiles in row {}", i + 1) } else { format!("more than {MAX_TILES} tiles") };
                return Err(BoardError::TooLarge(what));
            }
            row.push(t);
        }
        rows.push(row);
    }
    if let Some((line, (w, h))) = size_line {
        let found: usize = rows.iter().map(Vec::len).sum();
        if w.saturating_mul(h) != found || size.is_some_and(|s| s != (w, h)) {
            return Err(BoardError::SizeLine { line: crate::error::excerpt(line), width: w, height: h, found });
        }
    }
    from_rows(rows, size.or(size_line.map(|(_, s)| s)), false)
}

/// A board from rows of tokens. `explicit_rows`: the input spelled its rows out (nested arrays),
/// so even one row is a row, not a flat list of tiles.
fn from_rows(rows: Vec<Vec<&str>>, size: Option<(usize, usize)>, explicit_rows: bool) -> Result<Board, BoardError> {
    let rows: Vec<Vec<&str>> = rows.into_iter().filter(|r| !r.is_empty()).collect();
    if rows.is_empty() {
        return Err(BoardError::Empty);
    }
    // A single token of nine characters is a 3×3 digit string such as 142053678.
    if rows.len() == 1 && rows[0].len() == 1 && rows[0][0].chars().count() == 9 && size.is_none_or(|s| s == (3, 3)) {
        let tok = rows[0][0];
        let mut cells = [""; 9];
        for (cell, (i, c)) in cells.iter_mut().zip(tok.char_indices()) {
            *cell = &tok[i..i + c.len_utf8()];
        }
        if cells.iter().all(|c| c.parse::<u32>().is_ok() || is_blank_token(c)) {
            return build(3, 3, &cells);
        }
    }
    if rows.len() > 1 {
        let w = rows[0].len();
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != w) {
            return Err(BoardError::Ragged { row: i + 1, found: r.len(), expected: w });
        }
    }
    let flat: Vec<&str> = rows.iter().flatten().copied().collect();
    let (width, height) = match size {
        Some(s) => s,
        None if rows.len() > 1 || explicit_rows => (rows[0].len(), rows.len()),
        None => {
            // Validate tokens first so "a" is reported before a shape problem.
            for (i, t) in flat.iter().enumerate() {
                read_token(t, i)?;
            }
            let n = flat.len();
            let side = (n as f64).sqrt().round() as usize;
            if side * side != n {
                return Err(BoardError::NotSquare { found: n });
            }
            (side, side)
        }
    };
    build(width, height, &flat)
}

fn build(width: usize, height: usize, flat: &[&str]) -> Result<Board, BoardError> {
    if !(2..=MAX_SIDE).contains(&width) || !(2..=MAX_SIDE).contains(&height) {
        return Err(BoardError::BadSize { width, height });
    }
    let tiles: Vec<Tile> = flat.iter().enumerate().map(|(i, t)| read_token(t, i)).collect::<Result<_, _>>()?;
    Board::new(width, height, tiles)
}

fn is_blank_token(t: &str) -> bool {
    matches!(t, "0" | "-1" | "_" | "x" | "X" | "." | "-")
}

fn read_token(t: &str, index: usize) -> Result<Tile, BoardError> {
    if is_blank_token(t) {
        return Ok(0);
    }
    t.parse::<Tile>().map_err(|_| BoardError::bad_token(t, index + 1))
}

fn tokens(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c.is_whitespace() || c == ',' || c == ';').filter(|t| !t.is_empty())
}

/// The size a first line gives, when it is a size line: one number or `WxH` (a row has at least
/// two tiles, so a line of one token can only be a size), or `W H` when exactly H rows of W×H
/// tiles in all follow.
fn size_line_of(first: &str, rest: &[&str]) -> Option<(usize, usize)> {
    let toks: Vec<&str> = tokens(first).take(3).collect();
    let side = |s: usize| (2..=MAX_SIDE).contains(&s);
    match toks[..] {
        [one] => parse_size(one).ok().filter(|&(w, h)| side(w) && side(h)),
        [w, h] => {
            let w: usize = w.parse().ok()?;
            let h: usize = h.parse().ok()?;
            let follow: usize = rest.iter().map(|r| tokens(r).count()).sum();
            (w.checked_mul(h) == Some(follow) && rest.len() == h).then_some((w, h))
        }
        _ => None,
    }
}

/// Reads `[[1,4,2],[0,5,3],[6,7,8]]` or a flat `[1,4,2,0,5,3,6,7,8]`; strings like `"_"` are
/// accepted as tokens too. Returns the rows and whether they were spelled out as rows. Stops as
/// soon as the input holds more rows or tiles than a 1000×1000 board.
fn parse_nested(s: &str) -> Result<(Vec<Vec<&str>>, bool), BoardError> {
    let err = |m: &str| BoardError::Nested(m.to_string());
    let mut depth = 0usize;
    let mut max_depth = 0usize;
    let mut rows: Vec<Vec<&str>> = Vec::new();
    let mut tiles = 0usize;
    let mut cur = 0usize;
    for (i, ch) in s.char_indices() {
        match ch {
            '[' => {
                depth += 1;
                max_depth = max_depth.max(depth);
                if depth > 2 {
                    return Err(err("nested deeper than rows of tiles"));
                }
                if depth == 2 || (depth == 1 && rows.is_empty()) {
                    if rows.len() > MAX_SIDE {
                        return Err(BoardError::TooLarge(format!("more than {MAX_SIDE} rows")));
                    }
                    rows.push(Vec::new());
                }
                cur = i + 1;
            }
            ']' | ',' => {
                let tok = s[cur..i].trim().trim_matches('"').trim();
                if !tok.is_empty() {
                    match rows.last_mut() {
                        Some(r) => {
                            tiles += 1;
                            if depth == 2 && r.len() >= MAX_SIDE {
                                return Err(BoardError::TooLarge(format!("more than {MAX_SIDE} tiles in a row")));
                            }
                            if tiles > MAX_TILES {
                                return Err(BoardError::TooLarge(format!("more than {MAX_TILES} tiles")));
                            }
                            r.push(tok)
                        }
                        None => return Err(err("tile outside brackets")),
                    }
                }
                cur = i + 1;
                if ch == ']' {
                    if depth == 0 {
                        return Err(err("unbalanced ']'"));
                    }
                    depth -= 1;
                }
            }
            c if depth == 0 && !c.is_whitespace() && c != ',' => return Err(err("text after the closing ']'")),
            _ => {}
        }
    }
    if depth != 0 {
        return Err(err("missing ']'"));
    }
    if max_depth == 2 {
        // The outer '[' opened an (empty) row of its own; drop it.
        rows.retain(|r| !r.is_empty());
    }
    Ok((rows, max_depth == 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_reads_the_same_board() {
        let want = parse_board("1 4 2 0 5 3 6 7 8").unwrap();
        for text in [
            "1 4 2 -1 5 3 6 7 8",
            "1 4 2 _ 5 3 6 7 8",
            "1,4,2,0,5,3,6,7,8",
            "142053678",
            "1 4 2/0 5 3/6 7 8",
            "1 4 2\n0 5 3\n6 7 8\n",
            "[[1,4,2],[0,5,3],[6,7,8]]",
            "[1,4,2,0,5,3,6,7,8]",
            "# a comment\n3\n1 4 2\n0 5 3\n6 7 8",
            "3 3\n1 4 2\nx 5 3\n6 7 8",
            "1 4 2 . 5 3 6 7 8",
        ] {
            assert_eq!(parse_board(text).unwrap(), want, "{text}");
        }
    }

    #[test]
    fn rectangular_boards() {
        let b = parse_board("[[3,2,4],[1,5,0]]").unwrap();
        assert_eq!((b.width(), b.height()), (3, 2));
        let b = parse_board_sized("3 2 4 1 5 0", Some((3, 2))).unwrap();
        assert_eq!((b.width(), b.height()), (3, 2));
        let b = parse_board("2 3\n3 2\n4 1\n5 0").unwrap();
        assert_eq!((b.width(), b.height()), (2, 3));
    }

    #[test]
    fn specific_errors() {
        assert_eq!(parse_board("1 4 2 0 5 3 6 4 8").unwrap_err().to_string(), "duplicate tile 4, missing tile 7");
        assert!(matches!(parse_board("1 4 2 0 5 3 6 8"), Err(BoardError::NotSquare { found: 8 })));
        assert!(matches!(parse_board_sized("1 4 2 0 5 3 6 8", Some((3, 3))), Err(BoardError::WrongCount { found: 8, expected: 9, .. })));
        assert!(matches!(parse_board("1 4 2 a 5 3 6 7 8"), Err(BoardError::BadToken { ref token, position: 4, .. }) if token == "a"));
        assert_eq!(
            parse_board("1 4 2 0 5 3 6 9 8").unwrap_err().to_string(),
            "tile 9 is out of range for a 3×3 board (tiles are 1..8), missing tile 7"
        );
        assert!(matches!(parse_board("1 4 2 0 5 3 6 0 8"), Err(BoardError::TwoBlanks { first: 4, second: 8 })));
        assert!(matches!(parse_board("1 2 3/4 5/6 7 0"), Err(BoardError::Ragged { row: 2, found: 2, expected: 3 })));
        assert_eq!(parse_board(""), Err(BoardError::Empty));
        assert!(matches!(parse_board("[[1,2],[3,0]"), Err(BoardError::Nested(_))));
    }
}
