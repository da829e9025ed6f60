//! Move sequences as sliding-puzzle fans write them: letters with counts (`R2U2LDLD`: right
//! twice, up twice, then left, down, left, down), read as the blank's moves (npuzzle's own
//! letters) or as the tiles' (each letter the way the tile slides, the opposite of the blank).
//!
//! A run of the same letter is one move in the multi-tile metric (MTM: sliding a line of k tiles
//! toward the blank counts once), so the counted form shows both metrics at once: `R2U2LDLD` is 8
//! single-tile moves (STM) and 6 MTM moves.
//!
//! ```
//! use npuzzle::notation::{parse, write, Reading};
//! let moves = parse("R2U2LDLD", Reading::Blank).unwrap();
//! assert_eq!(npuzzle::moves_to_string(&moves), "RRUULDLD");
//! assert_eq!(write(&moves, Reading::Blank), "R2U2LDLD");
//! // The same moves as the tiles slide.
//! assert_eq!(write(&moves, Reading::Tiles), "L2D2RURU");
//! assert_eq!(npuzzle::notation::mtm_length(&moves), 6);
//! ```

use crate::board::Move;
use crate::error::Error;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The most moves one sequence may hold: longer input is refused rather than read into memory.
pub const MAX_MOVES: usize = 10_000_000;

/// What a letter names: the blank's move or the tile's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Reading {
    /// The blank's moves: `R` moves the blank right (the tile right of it slides left). npuzzle's
    /// own letters, in every report and trace.
    #[default]
    Blank,
    /// The tiles' moves: `R` slides the tile left of the blank right (the blank moves left). The
    /// reading of most speedsolving timers and of the `slidy` crate.
    Tiles,
}

impl Reading {
    /// Both readings, in the order they are listed to users.
    pub const ALL: [Reading; 2] = [Reading::Blank, Reading::Tiles];

    /// The reading's name, as `--reading` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Reading::Blank => "blank",
            Reading::Tiles => "tiles",
        }
    }

    /// The blank's move that a letter of this reading names.
    pub fn blank_move(self, letter: Move) -> Move {
        match self {
            Reading::Blank => letter,
            Reading::Tiles => letter.inverse(),
        }
    }

    /// What the reading's letters name, in words.
    pub fn words(self) -> &'static str {
        match self {
            Reading::Blank => "blank moves",
            Reading::Tiles => "tile moves",
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Reading {
    type Err = Error;
    fn from_str(s: &str) -> Result<Reading, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "blank" => Ok(Reading::Blank),
            "tiles" | "tile" => Ok(Reading::Tiles),
            other => Err(Error::Invalid(format!("unknown reading {}: use blank or tiles", crate::error::quote(other)))),
        }
    }
}

/// Reads a move sequence: letters `U`, `D`, `L`, `R` (either case), each optionally followed by a
/// count (`R2` is `RR`); spaces, commas and dots between moves are ignored. The moves returned
/// are the blank's, whatever the reading. Refused, with the place of the fault: any other
/// character, a count with no letter before it, a count of 0, and more than [`MAX_MOVES`] moves.
pub fn parse(text: &str, reading: Reading) -> Result<Vec<Move>, Error> {
    let chars: Vec<char> = text.chars().collect();
    let mut moves = Vec::new();
    let mut i = 0;
    let at = |i: usize| format!("at character {} of {}", i + 1, crate::error::quote(&shorten(text)));
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == '.' {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            return Err(Error::Invalid(format!("a count with no move before it {}: write the letter first, e.g. R2", at(i))));
        }
        let Some(letter) = Move::from_letter(c) else {
            return Err(Error::Invalid(format!(
                "{} is not a move {}: use U, D, L and R, each with an optional count (R2U2LD)",
                crate::error::quote(&c.to_string()),
                at(i)
            )));
        };
        let m = reading.blank_move(letter);
        i += 1;
        let digits_from = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let count = if i == digits_from {
            1
        } else {
            let digits: String = chars[digits_from..i].iter().collect();
            match digits.parse::<usize>() {
                Ok(0) => return Err(Error::Invalid(format!("a count of 0 {}: a move is made at least once", at(digits_from)))),
                Ok(n) if n <= MAX_MOVES => n,
                _ => return Err(Error::Invalid(format!("the count {digits} {} is more than {MAX_MOVES} moves", at(digits_from)))),
            }
        };
        if moves.len() + count > MAX_MOVES {
            return Err(Error::Invalid(format!("more than {MAX_MOVES} moves: a sequence this long is not read")));
        }
        moves.extend(std::iter::repeat_n(m, count));
    }
    Ok(moves)
}

/// The first 40 characters of `text`, for messages.
fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().nth(40).is_some() {
        s.push('…');
    }
    s
}

/// The blank's `moves` in the counted notation of `reading`: each run of one letter as the
/// letter and, for a run of more than one, its length (`RRUUL` is `R2U2L`).
pub fn write(moves: &[Move], reading: Reading) -> String {
    let mut s = String::new();
    for (m, k) in runs(moves) {
        s.push(reading.blank_move(m).letter());
        if k > 1 {
            s.push_str(&k.to_string());
        }
    }
    s
}

/// The blank's `moves` as runs of one move: `(move, how many times)`, in order.
pub fn runs(moves: &[Move]) -> Vec<(Move, usize)> {
    let mut out: Vec<(Move, usize)> = Vec::new();
    for &m in moves {
        match out.last_mut() {
            Some((last, k)) if *last == m => *k += 1,
            _ => out.push((m, 1)),
        }
    }
    out
}

/// The length of `moves` in the multi-tile metric: its runs of one move. A run of k moves of the
/// blank in one direction slides the k tiles of one line together, which that metric counts once.
pub fn mtm_length(moves: &[Move]) -> u64 {
    runs(moves).len() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::moves_to_string;
    use proptest::prelude::*;

    proptest! {
        /// Any text is read or refused, never a panic; what is read is written back to text that
        /// reads the same.
        #[test]
        fn any_text_is_read_or_refused(text in "[UDLRudlr0-9 ,.xX²-]{0,40}") {
            if let Ok(m) = parse(&text, Reading::Blank) {
                prop_assert_eq!(parse(&write(&m, Reading::Blank), Reading::Blank).unwrap(), m);
            }
        }

        /// Written in either reading, a sequence reads back the same.
        #[test]
        fn every_sequence_round_trips(idx in proptest::collection::vec(0usize..4, 0..60)) {
            let m: Vec<Move> = idx.into_iter().map(|i| Move::ALL[i]).collect();
            for r in Reading::ALL {
                prop_assert_eq!(parse(&write(&m, r), r).unwrap(), m.clone());
            }
            prop_assert!(mtm_length(&m) as usize <= m.len());
        }
    }

    #[test]
    fn counts_spaces_and_case_are_read_and_written_back() {
        let m = parse(" r2 U2, l d.L d ", Reading::Blank).unwrap();
        assert_eq!(moves_to_string(&m), "RRUULDLD");
        assert_eq!(write(&m, Reading::Blank), "R2U2LDLD");
        assert_eq!(parse("R12", Reading::Blank).unwrap().len(), 12);
        assert_eq!(write(&parse("R12", Reading::Blank).unwrap(), Reading::Blank), "R12");
        assert!(parse("", Reading::Blank).unwrap().is_empty());
        assert_eq!(write(&[], Reading::Tiles), "");
    }

    #[test]
    fn the_tiles_reading_is_the_blanks_reversed() {
        let m = parse("L2D", Reading::Tiles).unwrap();
        assert_eq!(moves_to_string(&m), "RRU");
        assert_eq!(write(&m, Reading::Tiles), "L2D");
        assert_eq!(write(&m, Reading::Blank), "R2U");
    }

    #[test]
    fn mtm_counts_runs() {
        assert_eq!(mtm_length(&parse("R2U2LDLD", Reading::Blank).unwrap()), 6);
        assert_eq!(mtm_length(&[]), 0);
        assert_eq!(runs(&parse("RRL", Reading::Blank).unwrap()), vec![(Move::Right, 2), (Move::Left, 1)]);
    }

    #[test]
    fn bad_notation_is_refused_with_its_place() {
        let e = parse("R2X", Reading::Blank).unwrap_err().to_string();
        assert!(e.contains("\"X\" is not a move") && e.contains("character 3"), "{e}");
        let e = parse("2R", Reading::Blank).unwrap_err().to_string();
        assert!(e.contains("a count with no move before it") && e.contains("character 1"), "{e}");
        let e = parse("R0", Reading::Blank).unwrap_err().to_string();
        assert!(e.contains("a count of 0"), "{e}");
        let e = parse("R99999999999999999999999", Reading::Blank).unwrap_err().to_string();
        assert!(e.contains("more than"), "{e}");
        let e = parse("R9999999R9999999", Reading::Blank).unwrap_err().to_string();
        assert!(e.contains("more than 10000000 moves"), "{e}");
        assert!("sideways".parse::<Reading>().is_err());
        assert_eq!("Tiles".parse::<Reading>().unwrap(), Reading::Tiles);
    }
}
