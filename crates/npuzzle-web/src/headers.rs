//! Security headers on every answer of the router (the page, its files, the API and its errors):
//!
//! - `X-Content-Type-Options: nosniff`: a browser takes each file as the type it is sent as (a
//!   JSON answer is never run as a script, nor a text file shown as HTML);
//! - `Content-Security-Policy`: the page runs only its own scripts and styles and talks only to
//!   its own server (see [`policy`]); `frame-ancestors` lets the sites of
//!   [`crate::Config::allow_origins`] show it in a frame (a course page on Canvas or Moodle);
//! - `Referrer-Policy: strict-origin-when-cross-origin`, not `no-referrer`: with `no-referrer`
//!   a browser may send `Origin: null` on the page's own POSTs (the Fetch standard does for
//!   requests not in CORS mode, and browsers have done so for fetches too), which the guard
//!   refuses; this one, the browsers' default written down, still tells another site no more
//!   than the origin (never the path or the query, which may carry a board) and nothing over a
//!   downgrade from HTTPS.
//!
//! The page's `<meta http-equiv="Content-Security-Policy">` (static/index.html) carries the same
//! policy but `frame-ancestors` (which a meta policy cannot set) and with `'wasm-unsafe-eval'`,
//! for the static site's WebAssembly engine; the page from the server runs no WebAssembly, so
//! the header leaves it out. A browser enforces both: the page gets the narrower of the two.

use crate::AllowOrigin;
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::Response;

/// The policy the page needs, with `frame-ancestors` last.
///
/// No inline script or style: the page's stylesheet and scripts come only from the server, and
/// scripts setting `element.style` need nothing. `img-src blob:`: the PNG and video exports draw the search tree's SVG
/// through an image made from a `blob:` URL.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
                      img-src 'self' blob:; connect-src 'self'; worker-src 'self'; object-src 'none'; \
                      base-uri 'self'; form-action 'self'";

/// The `Content-Security-Policy` for a server opened to `allow` (`--allow-origin`): the page's
/// policy, and `frame-ancestors` listing `'self'` and each allowed origin, or `*` when every
/// origin is allowed. `null` adds nothing (a policy cannot name an opaque origin), nor does an
/// origin whose host a policy cannot write (an IPv6 address).
pub(crate) fn policy(allow: &[AllowOrigin]) -> String {
    let mut ancestors = String::from("'self'");
    if allow.contains(&AllowOrigin::Any) {
        ancestors = String::from("*");
    } else {
        for a in allow {
            if let AllowOrigin::Origin(o) = a {
                let writable = o.host().chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.'));
                let text = o.to_string();
                if writable && !ancestors.split(' ').any(|s| s == text) {
                    ancestors.push(' ');
                    ancestors.push_str(&text);
                }
            }
        }
    }
    format!("{POLICY}; frame-ancestors {ancestors}")
}

/// The layer's state: the headers, built once from the configuration.
#[derive(Clone, Debug)]
pub(crate) struct SecurityHeaders {
    csp: HeaderValue,
}

impl SecurityHeaders {
    pub fn new(allow: &[AllowOrigin]) -> SecurityHeaders {
        let csp = HeaderValue::from_str(&policy(allow)).expect("origins are printable ASCII");
        SecurityHeaders { csp }
    }
}

/// Middleware: adds the headers to an answer.
pub(crate) async fn add(State(h): State<SecurityHeaders>, mut res: Response) -> Response {
    let headers = res.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, h.csp);
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allow(list: &[&str]) -> Vec<AllowOrigin> {
        list.iter().map(|a| a.parse().unwrap()).collect()
    }

    #[test]
    fn frame_ancestors_follow_the_allowed_origins() {
        let ancestors = |list: &[&str]| policy(&allow(list)).rsplit_once("; frame-ancestors ").unwrap().1.to_string();
        assert_eq!(ancestors(&[]), "'self'");
        assert_eq!(ancestors(&["null"]), "'self'");
        assert_eq!(
            ancestors(&["https://Canvas.Example.edu/", "http://moodle.local:8080"]),
            "'self' https://canvas.example.edu http://moodle.local:8080"
        );
        assert_eq!(ancestors(&["https://a.example", "https://a.example:443"]), "'self' https://a.example");
        assert_eq!(ancestors(&["http://[::1]:9000", "https://b.example"]), "'self' https://b.example");
        assert_eq!(ancestors(&["https://a.example", "*"]), "*");
    }
}
