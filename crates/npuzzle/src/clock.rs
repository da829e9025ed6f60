//! The clock every search and table build reads: [`Instant`] is the standard library's on
//! native targets and the browser's `performance.now()` on `wasm32-unknown-unknown`, where
//! `std::time::Instant::now` panics (the `web-time` crate). Durations stay
//! [`std::time::Duration`].

pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
