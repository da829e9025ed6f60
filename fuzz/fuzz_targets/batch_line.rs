//! A batch file's lines, read as `npuzzle batch` reads them: each line that is not blank or a
//! comment is parsed with the plan's size and goal and made into a request, whose size is
//! then checked against the searches. Bad lines must end in an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle::{parse::BoardInput, Spec};

const SIZES: [Option<&str>; 6] = [None, Some("3"), Some("4x4"), Some("2x5"), Some("10x10"), Some("1000")];
const GOALS: [&str; 4] = ["blank-last", "blank-first", "snail", "1 2 3/8 0 4/7 6 5"];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else { return };
    let spec = Spec {
        size: SIZES[pick as usize % SIZES.len()].map(str::to_string),
        goal: Some(BoardInput::Text(GOALS[(pick as usize / SIZES.len()) % GOALS.len()].to_string())),
        ..Spec::default()
    };
    let Ok(plan) = spec.plan() else { return };
    let text = String::from_utf8_lossy(text);
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let Ok(board) = plan.board_text(line) else { continue };
        if let Ok(req) = plan.request(board) {
            let _ = npuzzle::solve::size_note(&req);
            let _ = npuzzle::solve::check_fits(&req);
            let _ = req.start.can_reach(&req.goal);
        }
    }
});
