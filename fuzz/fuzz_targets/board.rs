//! The board parser on any text and an optional size: never a panic, and a board it accepts
//! has as many tiles as cells and prints as text that parses back to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle::parse::{parse_board, parse_board_sized};

fuzz_target!(|data: &[u8]| {
    let Some((&sizes, text)) = data.split_first() else { return };
    // The first byte chooses no size, or a width and height from 0 to 15 each.
    let size = (sizes != 0).then(|| ((sizes >> 4) as usize, (sizes & 15) as usize));
    let text = String::from_utf8_lossy(text);
    if let Ok(board) = parse_board_sized(&text, size) {
        assert_eq!(board.len(), board.width() * board.height());
        if let Some((w, h)) = size {
            assert_eq!((board.width(), board.height()), (w, h));
        }
        let again = parse_board(&board.to_string()).expect("a parsed board prints as a board");
        assert_eq!(again, board);
    }
});
