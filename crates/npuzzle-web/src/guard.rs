//! Who may drive the server: its own page, and the origins its user opens it to.
//!
//! A browser lets every page it shows send requests to `http://127.0.0.1:8080`. Without these
//! checks, any site a student visits could make their `npuzzle serve` search (a `text/plain`
//! POST needs no preflight), and through DNS rebinding (a name of the attacker's that resolves
//! to 127.0.0.1) read the answers as if it were the page itself. So, as Jupyter does:
//!
//! - **Host**: the name a request is addressed to must be a loopback name (`localhost`,
//!   `*.localhost`, `127.0.0.0/8`, `::1`), the address the connection arrived on, or the host
//!   of an allowed origin; otherwise 403.
//! - **Origin**: a request that carries one must come from the page's own origin (the scheme
//!   `http` with the host and port of `Host`) or an allowed one; otherwise 403.
//! - **Content type**: a POST to the API must be `application/json` (415 otherwise), the one
//!   type a page of another origin cannot send without the browser asking first.
//!
//! Allowed origins ([`crate::Config::allow_origins`], `npuzzle serve --allow-origin`) also get
//! CORS headers and an answer to their preflights, so a page there can read the answers.
//! Requests without `Host` or `Origin` (command-line clients, HTTP/1.0) pass: browsers always
//! send `Host`, and send `Origin` on every request that could do harm.

use crate::ApiError;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::Arc;

/// An origin the server is opened to: `*` (any), `null` (sandboxed frames and `file:` pages),
/// or a scheme, host and port such as `https://course.example.org` or `http://teacher.local:8080`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllowOrigin {
    /// Every origin and every host name.
    Any,
    /// Pages whose origin is opaque and sent as `Origin: null`.
    Null,
    /// One web origin.
    Origin(Origin),
}

/// A web origin: scheme, host and port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    scheme: String,
    host: String,
    port: u16,
}

impl Origin {
    /// The host, lower case (an IPv6 address in brackets).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The port, the scheme's default when none is written.
    pub fn port(&self) -> u16 {
        self.port
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        if Some(self.port) != default_port(&self.scheme) {
            write!(f, ":{}", self.port)?;
        }
        Ok(())
    }
}

impl fmt::Display for AllowOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AllowOrigin::Any => f.write_str("*"),
            AllowOrigin::Null => f.write_str("null"),
            AllowOrigin::Origin(o) => o.fmt(f),
        }
    }
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    }
}

/// Splits `host[:port]` (an IPv6 address in brackets) into a lower-case host and its port.
fn split_authority(s: &str) -> Result<(String, Option<u16>), String> {
    let s = s.trim();
    let (host, port) = if let Some(rest) = s.strip_prefix('[') {
        let end = rest.find(']').ok_or("an IPv6 address without its closing ']'")?;
        let host = &s[..end + 2];
        host[1..host.len() - 1].parse::<std::net::Ipv6Addr>().map_err(|_| format!("{host} is not an IPv6 address"))?;
        match &rest[end + 1..] {
            "" => (host, None),
            p => (host, Some(p.strip_prefix(':').ok_or("text after the IPv6 address")?)),
        }
    } else {
        match s.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (s, None),
        }
    };
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '[' | ']' | ':');
    if host.is_empty() || !host.chars().all(ok) {
        return Err(format!("{host:?} is not a host name"));
    }
    let port = match port {
        None => None,
        Some(p) => Some(p.parse::<u16>().map_err(|_| format!("{p:?} is not a port"))?),
    };
    Ok((host.to_ascii_lowercase(), port))
}

impl FromStr for Origin {
    type Err = String;

    /// `scheme://host[:port]`, with no path (a trailing `/` is allowed).
    fn from_str(s: &str) -> Result<Origin, String> {
        let (scheme, rest) = s.split_once("://").ok_or_else(|| format!("{s:?} is not an origin: write it as scheme://host[:port]"))?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme.is_empty() || !scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')) {
            return Err(format!("{s:?} is not an origin: bad scheme {scheme:?}"));
        }
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.contains(['/', '?', '#', '@']) {
            return Err(format!("{s:?} is not an origin: an origin has no path, query or user (scheme://host[:port])"));
        }
        let (host, port) = split_authority(rest).map_err(|e| format!("{s:?} is not an origin: {e}"))?;
        let port = port
            .or_else(|| default_port(&scheme))
            .ok_or_else(|| format!("{s:?} is not an origin: give the port, the scheme {scheme:?} has no default"))?;
        Ok(Origin { scheme, host, port })
    }
}

impl FromStr for AllowOrigin {
    type Err = String;

    /// `*`, `null`, or an origin (`scheme://host[:port]`).
    fn from_str(s: &str) -> Result<AllowOrigin, String> {
        match s.trim() {
            "*" => Ok(AllowOrigin::Any),
            "null" => Ok(AllowOrigin::Null),
            o => o.parse().map(AllowOrigin::Origin),
        }
    }
}

/// The local address a connection arrived on, which [`crate::serve`] puts in each request's
/// extensions: a request addressed to it (`--host 0.0.0.0`, a class on the local network) is
/// not a rebinding attack.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ServedAddr(pub IpAddr);

/// The layer's state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Guard {
    allow: Arc<Vec<AllowOrigin>>,
}

impl Guard {
    pub fn new(allow: Vec<AllowOrigin>) -> Guard {
        Guard { allow: Arc::new(allow) }
    }

    fn any(&self) -> bool {
        self.allow.contains(&AllowOrigin::Any)
    }
}

fn is_loopback_name(host: &str) -> bool {
    if host == "localhost" || host.ends_with(".localhost") {
        return true;
    }
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn forbidden(message: String) -> Response {
    ApiError::new(StatusCode::FORBIDDEN.as_u16(), message).into_response()
}

/// The host and port a request is addressed to: the URL's authority (absolute form) or `Host`.
fn addressed_to(req: &Request) -> Option<&str> {
    match req.uri().authority() {
        Some(a) => Some(a.as_str()),
        None => req.headers().get(header::HOST).map(|v| v.to_str().unwrap_or("\u{0}")),
    }
}

/// Whether `origin` is the origin of a page this server served under `host` (`Host`'s value).
fn same_origin(origin: &Origin, host: Option<&(String, Option<u16>)>) -> bool {
    match host {
        Some((h, port)) => origin.scheme == "http" && origin.host == *h && origin.port == port.unwrap_or(80),
        None => false,
    }
}

/// Middleware: the Host, Origin and content-type checks, and CORS for allowed origins.
pub(crate) async fn check(State(guard): State<Guard>, req: Request, next: Next) -> Response {
    // Host.
    let host = match addressed_to(&req) {
        None => None,
        Some(raw) => match split_authority(raw) {
            Ok(h) => Some(h),
            Err(e) => return ApiError::bad_request(format!("bad Host header: {e}")).into_response(),
        },
    };
    if let Some((name, port)) = &host {
        let served = req
            .extensions()
            .get::<ServedAddr>()
            .is_some_and(|ServedAddr(ip)| name.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok_and(|h| h == *ip));
        let opened = guard.any() || guard.allow.iter().any(|a| matches!(a, AllowOrigin::Origin(o) if o.host == *name));
        if !(is_loopback_name(name) || served || opened) {
            let shown = match port {
                Some(p) => format!("{name}:{p}"),
                None => name.clone(),
            };
            return forbidden(format!(
                "this server answers requests addressed to localhost or to the address it serves, not to {shown:?}: \
                 another site could reach it under that name. To serve it there, start it with \
                 --allow-origin http://{shown}"
            ));
        }
    }
    // Origin.
    let mut cors: Option<HeaderValue> = None;
    if let Some(value) = req.headers().get(header::ORIGIN) {
        let text = value.to_str().unwrap_or("").trim();
        let allowed = if text == "null" {
            guard.any() || guard.allow.contains(&AllowOrigin::Null)
        } else {
            match text.parse::<Origin>() {
                Ok(o) if same_origin(&o, host.as_ref()) => true,
                Ok(o) => guard.any() || guard.allow.contains(&AllowOrigin::Origin(o)),
                Err(_) => false,
            }
        };
        if !allowed {
            return forbidden(format!(
                "requests from the page of another site ({text}) are refused: only the page this server serves may use it. \
                 To open it to that site, start the server with --allow-origin {text}"
            ));
        }
        if !guard.allow.is_empty() {
            cors = Some(value.clone());
        }
    }
    // A preflight from an allowed origin.
    if req.method() == Method::OPTIONS && req.headers().contains_key(header::ACCESS_CONTROL_REQUEST_METHOD) {
        if let Some(origin) = cors {
            let mut res = StatusCode::NO_CONTENT.into_response();
            let h = res.headers_mut();
            h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
            h.insert(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static("GET, POST"));
            h.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static("content-type"));
            h.insert(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("600"));
            h.insert(header::VARY, HeaderValue::from_static("origin"));
            return res;
        }
    }
    // Content type.
    if req.method() == Method::POST && req.uri().path().starts_with("/api/") && !is_json(req.headers()) {
        let got = req.headers().get(header::CONTENT_TYPE).map_or("none".to_string(), |v| format!("{:?}", v.to_str().unwrap_or("?")));
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE.as_u16(),
            format!("the API takes JSON: send the body with Content-Type: application/json (the request's content type: {got})"),
        )
        .into_response();
    }
    let mut res = next.run(req).await;
    if let Some(origin) = cors {
        res.headers_mut().insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        res.headers_mut().append(header::VARY, HeaderValue::from_static("origin"));
    }
    res
}

/// Whether the request says its body is JSON (`application/json`, any parameters).
fn is_json(headers: &HeaderMap) -> bool {
    let mut values = headers.get_all(header::CONTENT_TYPE).iter();
    match (values.next(), values.next()) {
        (Some(v), None) => {
            v.to_str().ok().and_then(|s| s.split(';').next()).is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_parse_with_default_ports_and_print_without_them() {
        let o: Origin = "HTTPS://Course.Example.org/".parse().unwrap();
        assert_eq!((o.host(), o.port()), ("course.example.org", 443));
        assert_eq!(o.to_string(), "https://course.example.org");
        let o: Origin = "http://teacher.local:8080".parse().unwrap();
        assert_eq!(o.to_string(), "http://teacher.local:8080");
        let o: Origin = "http://[::1]:9000".parse().unwrap();
        assert_eq!((o.host(), o.port()), ("[::1]", 9000));
        assert_eq!("*".parse::<AllowOrigin>().unwrap(), AllowOrigin::Any);
        assert_eq!("null".parse::<AllowOrigin>().unwrap(), AllowOrigin::Null);
        for bad in ["example.org", "http://example.org/path", "http://x:99999", "http://", "ftp://x", "http://a b", "http://u@x"] {
            assert!(bad.parse::<AllowOrigin>().is_err(), "{bad}");
        }
    }

    #[test]
    fn loopback_names() {
        for ok in ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]"] {
            assert!(is_loopback_name(ok), "{ok}");
        }
        for no in ["evil.example", "localhost.evil.example", "10.0.0.1", "0.0.0.0", "[::]"] {
            assert!(!is_loopback_name(no), "{no}");
        }
    }

    /// Under `--host 0.0.0.0` a class reaches the server at the address a connection arrived on.
    #[tokio::test]
    async fn the_address_served_is_answered_and_other_addresses_are_not() {
        use axum::body::Body;
        use tower::ServiceExt;
        let app = axum::Router::new()
            .route("/", axum::routing::get(|| async { "page" }))
            .layer(axum::middleware::from_fn_with_state(Guard::new(Vec::new()), check));
        let served: IpAddr = "192.168.1.20".parse().unwrap();
        let status = |host: &'static str| {
            let app = app.clone();
            async move {
                let mut req = axum::http::Request::get("/").header("host", host).body(Body::empty()).unwrap();
                req.extensions_mut().insert(ServedAddr(served));
                app.oneshot(req).await.unwrap().status()
            }
        };
        assert_eq!(status("192.168.1.20:8080").await, StatusCode::OK);
        assert_eq!(status("192.168.1.20").await, StatusCode::OK);
        assert_eq!(status("127.0.0.1:8080").await, StatusCode::OK);
        assert_eq!(status("192.168.1.21:8080").await, StatusCode::FORBIDDEN);
        assert_eq!(status("teacher.local:8080").await, StatusCode::FORBIDDEN);
    }

    #[test]
    fn json_content_types() {
        let with = |v: &[&str]| {
            let mut h = HeaderMap::new();
            for v in v {
                h.append(header::CONTENT_TYPE, HeaderValue::from_str(v).unwrap());
            }
            is_json(&h)
        };
        assert!(with(&["application/json"]));
        assert!(with(&["Application/JSON; charset=utf-8"]));
        assert!(!with(&[]));
        assert!(!with(&["text/plain"]));
        assert!(!with(&["application/x-www-form-urlencoded"]));
        assert!(!with(&["application/json", "text/plain"]));
        assert!(!with(&["application/jsonx"]));
    }
}
