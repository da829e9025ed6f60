//! Reading boards from arguments, files and stdin.

use crate::exit::BadInput;
use anyhow::{anyhow, Context, Result};
use npuzzle::BoardError;
use std::io::Read;
use std::path::Path;

/// Where a board's text came from, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input.
    Stdin,
    /// A file named by the argument.
    File,
    /// The argument itself.
    Argument,
}

/// The text behind a board argument, and where it came from: `-` reads stdin, an existing file
/// is read, anything else is the board itself. A UTF-8 byte-order mark is dropped.
pub fn board_text(arg: &str) -> Result<(String, Source)> {
    if arg == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).context("reading the board from stdin")?;
        return Ok((without_bom(s), Source::Stdin));
    }
    let p = Path::new(arg);
    if !arg.contains(char::is_whitespace) && p.is_file() {
        let s = std::fs::read_to_string(p).with_context(|| format!("reading {arg}"))?;
        return Ok((without_bom(s), Source::File));
    }
    Ok((arg.to_string(), Source::Argument))
}

/// The error for a board argument that did not parse. An argument of one word that names no
/// file and is no board (`nonexistent.txt`) is said to be neither, rather than a bad tile.
pub fn board_error(arg: &str, source: Source, e: BoardError) -> anyhow::Error {
    let one_word = !arg.trim().is_empty() && !arg.trim().contains(char::is_whitespace);
    if source == Source::Argument && one_word && matches!(e, BoardError::BadToken { .. }) {
        return anyhow!(BadInput).context(format!("{} is neither a board nor an existing file ({e})", npuzzle::error::quote(arg)));
    }
    anyhow!(e)
}

/// The lines of a batch source (`-` for stdin), without a UTF-8 byte-order mark. Bytes that are
/// not UTF-8 are replaced, so one bad line cannot stop a batch.
pub fn source_text(arg: &str) -> Result<String> {
    let mut bytes = Vec::new();
    if arg == "-" {
        std::io::stdin().read_to_end(&mut bytes).context("reading stdin")?;
    } else {
        bytes = std::fs::read(arg).with_context(|| format!("reading {arg}"))?;
    }
    // A byte that is not UTF-8 becomes U+FFFD, which no board accepts: the line that holds it
    // gets its own error status and the rest of the batch goes on.
    Ok(without_bom(String::from_utf8_lossy(&bytes).into_owned()))
}

fn without_bom(s: String) -> String {
    match s.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => s,
    }
}
