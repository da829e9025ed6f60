//! Reading boards from arguments, files and stdin.

use anyhow::{Context, Result};
use std::io::Read;
use std::path::Path;

/// The text behind a board argument: `-` reads stdin, an existing file is read, anything else
/// is the board itself.
pub fn board_text(arg: &str) -> Result<String> {
    if arg == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).context("reading the board from stdin")?;
        return Ok(s);
    }
    let p = Path::new(arg);
    if !arg.contains(char::is_whitespace) && p.is_file() {
        return std::fs::read_to_string(p).with_context(|| format!("reading {arg}"));
    }
    Ok(arg.to_string())
}

/// The lines of a batch source (`-` for stdin).
pub fn source_text(arg: &str) -> Result<String> {
    if arg == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).context("reading stdin")?;
        Ok(s)
    } else {
        std::fs::read_to_string(arg).with_context(|| format!("reading {arg}"))
    }
}
