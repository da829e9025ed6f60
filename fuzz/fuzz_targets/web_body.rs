//! A `POST /api/solve` body, read and checked by the server's own code short of searching: any
//! bytes end in a request to search or in a 4xx answer, never a panic or a 5xx.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let config = npuzzle_web::Config::default();
    if let Err((status, message)) = npuzzle_web::check_solve_body(&config, data) {
        assert!((400..500).contains(&status), "{status} {message}");
        assert!(!message.is_empty());
    }
});
