//! Typed errors. The library never prints or exits; front ends turn these into messages and
//! exit codes.

use thiserror::Error as ThisError;

/// Why a board (or a start/goal pair) was rejected.
#[derive(Debug, Clone, PartialEq, Eq, ThisError)]
pub enum BoardError {
    /// The input held no tiles at all.
    #[error("the board is empty")]
    Empty,
    /// A token could not be read as a tile or a blank.
    #[error("token \"{token}\"{} is not a tile (position {position})", length_note(token, *length))]
    BadToken {
        /// The offending token as written, cut to its first [`EXCERPT_CHARS`] characters and
        /// `…` when longer.
        token: String,
        /// The token's length in characters.
        length: usize,
        /// 1-based position of the token among the board's tokens.
        position: usize,
    },
    /// The input holds more rows, or more tiles, than a board of at most 1000×1000; it was
    /// refused as soon as that was clear, before it was read any further.
    #[error("{0}: boards are at most 1000×1000")]
    TooLarge(String),
    /// A size line that does not fit the rows below it.
    #[error("the size line \"{line}\" says {width}×{height} ({} tiles with the blank), but the rows below it hold {found}", width * height)]
    SizeLine {
        /// The size line, as written (cut like a token).
        line: String,
        /// Width it gives.
        width: usize,
        /// Height it gives.
        height: usize,
        /// Tiles (with the blank) in the rows below it.
        found: usize,
    },
    /// The number of tiles does not fit the board size.
    #[error("{found} tiles for a {width}×{height} board (expected {expected})")]
    WrongCount {
        /// Tiles found.
        found: usize,
        /// Tiles a board of that size holds (including the blank).
        expected: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// The number of tiles is not the area of any square board and no size was given.
    #[error("{found} tiles do not form a square board; give rows or --size WxH")]
    NotSquare {
        /// Tiles found.
        found: usize,
    },
    /// Rows of different lengths.
    #[error("ragged rows: row {row} has {found} tiles but row 1 has {expected}")]
    Ragged {
        /// 1-based row number.
        row: usize,
        /// Tiles in that row.
        found: usize,
        /// Tiles in the first row.
        expected: usize,
    },
    /// No blank on the board.
    #[error("no blank (write it as 0, -1, _, x or .)")]
    NoBlank,
    /// More than one blank.
    #[error("two blanks (at positions {first} and {second}); a board has exactly one")]
    TwoBlanks {
        /// 1-based position of the first blank.
        first: usize,
        /// 1-based position of the second blank.
        second: usize,
    },
    /// A tile appears twice (so another is missing).
    #[error("duplicate tile {tile}{}", missing_note(*missing))]
    DuplicateTile {
        /// The repeated tile.
        tile: u32,
        /// The smallest tile that is absent, if any.
        missing: Option<u32>,
    },
    /// A tile is above the largest tile of the board.
    #[error("tile {tile} is out of range for a {width}×{height} board (tiles are 1..{max}){}", missing_note(*missing))]
    OutOfRange {
        /// The smallest tile that is absent, if any.
        missing: Option<u32>,
        /// The tile.
        tile: u32,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// Largest tile the board holds.
        max: usize,
    },
    /// A tile is absent.
    #[error("missing tile {0}")]
    MissingTile(u32),
    /// The board is smaller than 2×2 or larger than 1000×1000.
    #[error("a {width}×{height} board is not supported (each side must be 2..=1000)")]
    BadSize {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A `--size` value or a size line that cannot be read (quoted as an excerpt).
    #[error("bad size {0} (expected N or WxH, e.g. 3 or 4x3)")]
    BadSizeSpec(String),
    /// Start and goal differ in size.
    #[error("goal size {goal_width}×{goal_height} differs from start size {width}×{height}")]
    GoalSize {
        /// Start width.
        width: usize,
        /// Start height.
        height: usize,
        /// Goal width.
        goal_width: usize,
        /// Goal height.
        goal_height: usize,
    },
    /// A JSON-style nested array that could not be read.
    #[error("malformed nested array: {0}")]
    Nested(String),
}

/// Characters of user input that messages quote before cutting it short.
pub const EXCERPT_CHARS: usize = 32;

/// `input` cut to its first [`EXCERPT_CHARS`] characters, with `…` when it was longer: messages
/// quote user input this way, so a 100 MB token never fills a terminal or a log.
pub fn excerpt(input: &str) -> String {
    match input.char_indices().nth(EXCERPT_CHARS) {
        None => input.to_string(),
        Some((cut, _)) => format!("{}…", &input[..cut]),
    }
}

/// `input` in double quotes, cut by [`excerpt`], with its length when cut:
/// `"abc"`, or `"aaaa…" (100000000 characters)`.
pub fn quote(input: &str) -> String {
    let short = excerpt(input);
    format!("\"{short}\"{}", length_note(&short, input.chars().count()))
}

/// ` (N characters)` after an excerpt that was cut.
fn length_note(shown: &str, length: usize) -> String {
    if shown.ends_with('…') && length > EXCERPT_CHARS {
        format!(" ({length} characters)")
    } else {
        String::new()
    }
}

impl BoardError {
    /// A token that is not a tile, quoted as an excerpt.
    pub fn bad_token(token: &str, position: usize) -> BoardError {
        BoardError::BadToken { token: excerpt(token), length: token.chars().count(), position }
    }
}

fn missing_note(missing: Option<u32>) -> String {
    missing.map(|m| format!(", missing tile {m}")).unwrap_or_default()
}

/// Every error the library reports.
#[derive(Debug, Clone, PartialEq, Eq, ThisError)]
pub enum Error {
    /// A malformed or inconsistent board.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A malformed goal board.
    #[error("bad goal board: {0}")]
    Goal(BoardError),
    /// An unknown goal preset, algorithm, heuristic or move order, or a bad option value.
    #[error("{0}")]
    Invalid(String),
    /// The requested combination cannot run, e.g. a 3×3-only heuristic on a 4×4 board.
    #[error("{0}")]
    Unsupported(String),
    /// A pattern-database or other cache file could not be read or written.
    #[error("cache: {0}")]
    Cache(String),
    /// A table build would need more memory than it may use; nothing was allocated.
    #[error("{0}")]
    Memory(String),
    /// A heuristic or algorithm needs tables that were not prepared for its goal.
    #[error("{0}")]
    Unprepared(String),
    /// A cancel flag stopped a table build.
    #[error("cancelled")]
    Cancelled,
    /// A step the library relies on failed: a bug, not a property of the input.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// The same error, said to be about the goal board when it is a board error.
    pub fn about_goal(self) -> Error {
        match self {
            Error::Board(b) => Error::Goal(b),
            other => other,
        }
    }
}
