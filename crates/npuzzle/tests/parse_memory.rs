//! Parsing huge input takes no more memory than the input. A counting allocator measures the
//! peak bytes allocated while a 20 MB line is parsed: 20 MB of `1/1/1…` once peaked at 2.09 GB
//! and 20 MB of `1 1 1…` at 765 MB, because every token became a `String` before the parser
//! noticed the line could not be a board of at most 1000×1000.

use npuzzle::parse::{parse_board, BoardInput};
use npuzzle::BoardError;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed straight to the system allocator; the counters only observe.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = CURRENT.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The tests share the counters: one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

/// Bytes allocated at the peak of `f`, beyond what was allocated before it.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = CURRENT.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed) - before)
}

const MB20: usize = 20 << 20;

#[test]
fn a_20_mb_line_of_slash_separated_rows_is_refused_within_its_own_size() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let input = "1/".repeat(MB20 / 2);
    let (r, peak) = peak_during(|| parse_board(&input));
    assert!(matches!(r, Err(BoardError::TooLarge(_))), "{r:?}");
    assert!(peak < input.len(), "peak {peak} bytes parsing {} bytes", input.len());
}

#[test]
fn a_20_mb_line_of_tiles_is_refused_within_its_own_size() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let input = "1 ".repeat(MB20 / 2);
    let (r, peak) = peak_during(|| parse_board(&input));
    assert!(matches!(r, Err(BoardError::TooLarge(_))), "{r:?}");
    assert!(peak < input.len(), "peak {peak} bytes parsing {} bytes", input.len());
    // One tile per line, and nested arrays, stop as early.
    let lines = "1\n".repeat(MB20 / 2);
    let (r, peak) = peak_during(|| parse_board(&lines));
    assert!(r.is_err());
    assert!(peak < lines.len(), "peak {peak} bytes parsing {} bytes of lines", lines.len());
    let nested = format!("[{}1]", "1,".repeat(MB20 / 2));
    let (r, peak) = peak_during(|| parse_board(&nested));
    assert!(matches!(r, Err(BoardError::TooLarge(_))), "{r:?}");
    assert!(peak < 2 * nested.len(), "peak {peak} bytes parsing {} bytes of nested array", nested.len());
}

#[test]
fn a_100_mb_token_is_quoted_as_a_short_excerpt() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let token = "7".repeat(100 << 20);
    let e = parse_board(&token).unwrap_err();
    let msg = e.to_string();
    assert!(msg.len() < 200, "{} bytes of message", msg.len());
    assert!(msg.contains(&format!("({} characters)", 100 << 20)), "{msg}");
    // The same through the JSON input form.
    let e = BoardInput::Text(token).parse(None).unwrap_err();
    assert!(e.to_string().len() < 200);
}
