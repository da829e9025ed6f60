//! Goal presets and explicit goals.

use crate::board::{Board, Tile};
use crate::error::{BoardError, Error};
use crate::parse::parse_board_sized;

/// Which board the search aims for.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Goal {
    /// `1 2 … N` then the blank (the default).
    #[default]
    BlankLast,
    /// The blank, then `1 2 … N`, as in Korf's benchmarks.
    BlankFirst,
    /// Tiles in a clockwise spiral from the top-left corner, the blank where the spiral ends.
    /// `spiral` is accepted as another name for it.
    Snail,
    /// An explicit board.
    Board(Board),
}

/// A goal preset as menus offer it: its name and a description.
#[derive(Clone, Copy, Debug, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Preset {
    /// The name [`Goal::parse`] reads, e.g. `blank-last`.
    pub name: &'static str,
    /// What it looks like, e.g. `blank last (1 2 3 … _)`.
    pub label: &'static str,
}

impl Goal {
    /// The presets, in the order menus list them (the default first).
    pub const PRESETS: [Preset; 3] = [
        Preset { name: "blank-last", label: "blank last (1 2 3 … _)" },
        Preset { name: "blank-first", label: "blank first (_ 1 2 …)" },
        Preset { name: "snail", label: "snail (spiral)" },
    ];

    /// Reads a preset name (`blank-last`, `blank-first`, `snail`) or a board in any format.
    /// A board is sized by the start's size when its own text does not say.
    pub fn parse(text: &str, size: Option<(usize, usize)>) -> Result<Goal, Error> {
        match text.trim().to_ascii_lowercase().as_str() {
            "blank-last" | "last" | "default" => Ok(Goal::BlankLast),
            "blank-first" | "first" | "korf" => Ok(Goal::BlankFirst),
            "snail" | "spiral" => Ok(Goal::Snail),
            _ => {
                let looks_like_board = text.chars().any(|c| c.is_ascii_digit());
                if !looks_like_board {
                    return Err(Error::Invalid(format!(
                        "unknown goal {}: use blank-last, blank-first, snail, or a board",
                        crate::error::quote(text.trim())
                    )));
                }
                let board = parse_board_sized(text, None).or_else(|e| match size {
                    Some(s) => parse_board_sized(text, Some(s)),
                    None => Err(e),
                })?;
                Ok(Goal::Board(board))
            }
        }
    }

    /// The goal board `text` (a preset name or a board) names for a `width`×`height` start: the
    /// one way a goal option becomes a board. Errors say they are about the goal.
    pub fn resolve(text: &str, width: usize, height: usize) -> Result<Board, Error> {
        Goal::parse(text, Some((width, height))).and_then(|g| g.board(width, height)).map_err(Error::about_goal)
    }

    /// The goal board for a `width`×`height` start.
    pub fn board(&self, width: usize, height: usize) -> Result<Board, Error> {
        let n = width * height;
        let tiles: Vec<Tile> = match self {
            Goal::BlankLast => (1..n as Tile).chain([0]).collect(),
            Goal::BlankFirst => (0..n as Tile).collect(),
            Goal::Snail => snail(width, height),
            Goal::Board(b) => {
                if b.width() != width || b.height() != height {
                    return Err(BoardError::GoalSize { width, height, goal_width: b.width(), goal_height: b.height() }.into());
                }
                return Ok(b.clone());
            }
        };
        Ok(Board::new(width, height, tiles)?)
    }

    /// A short name for output: the preset's name, or the board on one line.
    pub fn name(&self) -> String {
        match self {
            Goal::BlankLast => "blank-last".into(),
            Goal::BlankFirst => "blank-first".into(),
            Goal::Snail => "snail".into(),
            Goal::Board(b) => b.to_string(),
        }
    }
}

fn snail(width: usize, height: usize) -> Vec<Tile> {
    let n = width * height;
    let mut tiles = vec![0; n];
    let (mut top, mut bottom, mut left, mut right) = (0i64, height as i64 - 1, 0i64, width as i64 - 1);
    let mut next: Tile = 1;
    let mut place = |r: i64, c: i64, tiles: &mut Vec<Tile>| {
        if (next as usize) < n {
            tiles[r as usize * width + c as usize] = next;
        }
        next += 1;
    };
    while top <= bottom && left <= right {
        for c in left..=right {
            place(top, c, &mut tiles);
        }
        for r in top + 1..=bottom {
            place(r, right, &mut tiles);
        }
        if top < bottom {
            for c in (left..right).rev() {
                place(bottom, c, &mut tiles);
            }
        }
        if left < right {
            for r in (top + 1..bottom).rev() {
                place(r, left, &mut tiles);
            }
        }
        top += 1;
        bottom -= 1;
        left += 1;
        right -= 1;
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spiral_is_documented_as_another_name_for_snail() {
        assert_eq!(Goal::parse("spiral", None).unwrap(), Goal::parse("snail", None).unwrap());
        assert!(Goal::parse("spirals", None).is_err());
    }

    #[test]
    fn presets() {
        assert_eq!(Goal::BlankLast.board(3, 3).unwrap().tiles(), &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
        assert_eq!(Goal::BlankFirst.board(3, 2).unwrap().tiles(), &[0, 1, 2, 3, 4, 5]);
        assert_eq!(Goal::Snail.board(3, 3).unwrap().tiles(), &[1, 2, 3, 8, 0, 4, 7, 6, 5]);
        assert_eq!(Goal::Snail.board(4, 4).unwrap().tiles(), &[1, 2, 3, 4, 12, 13, 14, 5, 11, 0, 15, 6, 10, 9, 8, 7]);
        assert_eq!(Goal::Snail.board(3, 2).unwrap().tiles(), &[1, 2, 3, 0, 5, 4]);
        assert!(Goal::parse("nope", None).is_err());
        assert_eq!(Goal::parse("snail", None).unwrap(), Goal::Snail);
    }
}
