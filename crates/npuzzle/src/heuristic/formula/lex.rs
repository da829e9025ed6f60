//! The formula's tokens: numbers, names, operators and punctuation, each with its byte range.

use super::FormulaError;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Tok {
    /// A number, already read.
    Num(f64),
    /// A name: a keyword, a function, a variable or a built-in heuristic (its text is the
    /// token's range).
    Name,
    LParen,
    RParen,
    Comma,
    Plus,
    Minus,
    Star,
    Slash,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// The end of the text (an empty range there).
    End,
}

/// A token and where it stands in the text: `text[at..at + len]`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub tok: Tok,
    pub at: usize,
    pub len: usize,
}

/// Splits `text[start..end]` into tokens, ending with [`Tok::End`] at `end`.
pub(super) fn tokens(text: &str, start: usize, end: usize) -> Result<Vec<Token>, FormulaError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = start;
    while i < end {
        let b = bytes[i];
        let at = i;
        let one = |tok| Token { tok, at, len: 1 };
        let two = |tok| Token { tok, at, len: 2 };
        let next = if i + 1 < end { bytes[i + 1] } else { 0 };
        let token = match b {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'0'..=b'9' => number(text, at, end)?,
            b'.' if next.is_ascii_digit() => {
                return Err(FormulaError::new(text, at, 1, "a number starts with a digit: write 0.5, not .5".to_string()));
            }
            b'a'..=b'z' | b'A'..=b'Z' => name(bytes, at, end),
            b'(' => one(Tok::LParen),
            b')' => one(Tok::RParen),
            b',' => one(Tok::Comma),
            b'+' => one(Tok::Plus),
            b'-' => one(Tok::Minus),
            b'*' => one(Tok::Star),
            b'/' => one(Tok::Slash),
            b'=' if next == b'=' => two(Tok::Eq),
            b'!' if next == b'=' => two(Tok::Ne),
            b'<' if next == b'=' => two(Tok::Le),
            b'>' if next == b'=' => two(Tok::Ge),
            b'<' => one(Tok::Lt),
            b'>' => one(Tok::Gt),
            _ => match text[at..].chars().next() {
                Some(c) if c.is_whitespace() => {
                    i += c.len_utf8();
                    continue;
                }
                _ => return Err(unexpected_char(text, at)),
            },
        };
        i = token.at + token.len;
        out.push(token);
    }
    out.push(Token { tok: Tok::End, at: end, len: 0 });
    Ok(out)
}

/// `[0-9]+(\.[0-9]+)?` from `at`.
fn number(text: &str, at: usize, end: usize) -> Result<Token, FormulaError> {
    let bytes = text.as_bytes();
    let digits = |from: usize| (from..end).find(|&j| !bytes[j].is_ascii_digit()).unwrap_or(end);
    let mut i = digits(at);
    if i < end && bytes[i] == b'.' {
        if i + 1 < end && bytes[i + 1].is_ascii_digit() {
            i = digits(i + 1);
        } else {
            return Err(FormulaError::new(
                text,
                at,
                i + 1 - at,
                "a decimal point needs digits after it: write 2.0 or 2, not 2.".to_string(),
            ));
        }
    }
    if i < end && bytes[i] == b'.' {
        return Err(FormulaError::new(text, i, 1, "a number has one decimal point at most".to_string()));
    }
    let value: f64 = text[at..i].parse().map_err(|_| FormulaError::new(text, at, i - at, "this number cannot be read".to_string()))?;
    if !value.is_finite() {
        return Err(FormulaError::new(text, at, i - at, "this number is too large".to_string()));
    }
    Ok(Token { tok: Tok::Num(value), at, len: i - at })
}

/// A name from `at`: a letter, then letters, digits and `_`; a `-` directly between a name's
/// character and a letter joins the name (`linear-conflict`), any other `-` is a minus.
fn name(bytes: &[u8], at: usize, end: usize) -> Token {
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = at + 1;
    loop {
        while i < end && word(bytes[i]) {
            i += 1;
        }
        if i + 1 < end && bytes[i] == b'-' && bytes[i + 1].is_ascii_alphabetic() {
            i += 1;
        } else {
            break;
        }
    }
    Token { tok: Tok::Name, at, len: i - at }
}

/// The error for a character no token starts with, with a hint for the usual slips.
fn unexpected_char(text: &str, at: usize) -> FormulaError {
    let c = text[at..].chars().next().unwrap_or(' ');
    let rest = &text[at + c.len_utf8()..];
    let hint = match c {
        '=' => ": write == to compare",
        '!' => ": write != for \"differs\", or not",
        '&' => ": write and",
        '|' => ": write or",
        '−' | '–' => ": write - (the keyboard's minus)",
        '×' => ": write * to multiply",
        '÷' => ": write / to divide",
        '^' => ": there is no power; write manhattan*manhattan",
        '.' => ": a number is written 0.5",
        '_' => ": a name starts with a letter",
        _ => "",
    };
    let len = match c {
        '&' | '|' if rest.starts_with(c) => 2,
        _ => c.len_utf8(),
    };
    let shown = &text[at..at + len];
    FormulaError::new(text, at, len, format!("unexpected character \"{shown}\"{hint}"))
}
