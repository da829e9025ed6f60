//! Every answer of the router carries the security headers: the page, its scripts, the API's
//! answers and its errors (the guard's refusals included); `frame-ancestors` names the origins
//! the server is opened to and only `'self'` otherwise.

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use axum::Router;
use npuzzle_web::{router, AllowOrigin, Config};
use tower::ServiceExt;

fn app(allow: &[&str]) -> Router {
    let allow_origins = allow.iter().map(|a| a.parse::<AllowOrigin>().unwrap()).collect();
    router(Config { cache_dir: None, allow_origins, ..Config::default() })
}

async fn send(app: &Router, req: Request<Body>) -> (StatusCode, HeaderMap) {
    let res = app.clone().oneshot(req).await.unwrap();
    (res.status(), res.headers().clone())
}

fn get(path: &str) -> Request<Body> {
    Request::get(path).header("host", "127.0.0.1:8080").body(Body::empty()).unwrap()
}

/// The policy's directives by name, each with its sources.
fn directives(headers: &HeaderMap) -> Vec<(String, Vec<String>)> {
    let csp = headers.get("content-security-policy").expect("a Content-Security-Policy header").to_str().unwrap();
    csp.split(';')
        .map(|d| {
            let mut words = d.split_whitespace().map(str::to_string);
            (words.next().unwrap(), words.collect())
        })
        .collect()
}

fn directive(headers: &HeaderMap, name: &str) -> Vec<String> {
    let all = directives(headers);
    let mut found = all.iter().filter(|(n, _)| n == name);
    let (_, sources) = found.next().unwrap_or_else(|| panic!("no {name} in {all:?}"));
    assert!(found.next().is_none(), "{name} twice in {all:?}");
    sources.clone()
}

fn assert_secured(what: &str, headers: &HeaderMap) {
    assert_eq!(headers.get("x-content-type-options").map(|v| v.to_str().unwrap()), Some("nosniff"), "{what}");
    assert_eq!(headers.get("referrer-policy").map(|v| v.to_str().unwrap()), Some("strict-origin-when-cross-origin"), "{what}");
    assert_eq!(headers.get_all("content-security-policy").iter().count(), 1, "{what}");
    for (name, sources) in [
        ("default-src", &["'self'"][..]),
        ("script-src", &["'self'"]),
        ("style-src", &["'self'"]),
        ("connect-src", &["'self'"]),
        ("worker-src", &["'self'"]),
        ("object-src", &["'none'"]),
        ("base-uri", &["'self'"]),
        ("form-action", &["'self'"]),
    ] {
        assert_eq!(directive(headers, name), sources, "{what}: {name}");
    }
    // Nothing runs that the server did not send (no inline or evaluated script), and nothing
    // loads from elsewhere; only frame-ancestors loosens it.
    for (name, sources) in directives(headers) {
        for s in &sources {
            let loose = ["'unsafe-eval'", "'wasm-unsafe-eval'", "'unsafe-inline'", "'unsafe-hashes'", "data:", "http:", "https:", "*"]
                .contains(&s.as_str());
            let allowed = name == "frame-ancestors";
            assert!(allowed || !loose, "{what}: {name} {s}");
        }
    }
}

#[tokio::test]
async fn every_answer_carries_the_headers() {
    let app = app(&[]);
    let solve = Request::post("/api/solve")
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(Body::from(r#"{"start": "1 2 3 4 5 6 7 0 8"}"#))
        .unwrap();
    let bad_solve = Request::post("/api/solve")
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(Body::from(r#"{"start": "1 2 3"}"#))
        .unwrap();
    let cases = [
        ("the page", get("/"), StatusCode::OK, "text/html"),
        ("index.html", get("/index.html"), StatusCode::OK, "text/html"),
        ("a module", get("/js/main.js"), StatusCode::OK, "text/javascript"),
        ("the stylesheet", get("/style.css"), StatusCode::OK, "text/css"),
        ("the options", get("/api/options"), StatusCode::OK, "application/json"),
        ("a solve", solve, StatusCode::OK, "application/json"),
        ("a board the API refuses", bad_solve, StatusCode::BAD_REQUEST, "application/json"),
        ("a missing file", get("/no-such-file.js"), StatusCode::NOT_FOUND, "application/json"),
        ("a missing endpoint", get("/api/nothing"), StatusCode::NOT_FOUND, "application/json"),
        ("a wrong method", get("/api/solve"), StatusCode::METHOD_NOT_ALLOWED, "application/json"),
        (
            "another site's request (the guard)",
            Request::get("/").header("host", "evil.example").body(Body::empty()).unwrap(),
            StatusCode::FORBIDDEN,
            "application/json",
        ),
    ];
    for (what, req, status, kind) in cases {
        let (got, headers) = send(&app, req).await;
        let unprocessable = status == StatusCode::BAD_REQUEST && got == StatusCode::UNPROCESSABLE_ENTITY;
        assert!(got == status || unprocessable, "{what}: {got}");
        assert!(headers["content-type"].to_str().unwrap().starts_with(kind), "{what}: {:?}", headers["content-type"]);
        assert_secured(what, &headers);
        assert_eq!(directive(&headers, "frame-ancestors"), ["'self'"], "{what}");
    }
}

#[tokio::test]
async fn frame_ancestors_name_the_allowed_origins() {
    let ancestors = |allow: &'static [&'static str]| async move {
        let (status, headers) = send(&app(allow), get("/")).await;
        assert_eq!(status, StatusCode::OK);
        assert_secured(&format!("{allow:?}"), &headers);
        directive(&headers, "frame-ancestors")
    };
    assert_eq!(ancestors(&[]).await, ["'self'"]);
    assert_eq!(ancestors(&["https://canvas.example.edu"]).await, ["'self'", "https://canvas.example.edu"]);
    assert_eq!(
        ancestors(&["https://canvas.example.edu", "http://moodle.school.local:8080", "null"]).await,
        ["'self'", "https://canvas.example.edu", "http://moodle.school.local:8080"]
    );
    assert_eq!(ancestors(&["*"]).await, ["*"]);
    // An API answer and an error say the same.
    let app = app(&["https://canvas.example.edu"]);
    for path in ["/api/health", "/missing"] {
        let (_, headers) = send(&app, get(path)).await;
        assert_eq!(directive(&headers, "frame-ancestors"), ["'self'", "https://canvas.example.edu"], "{path}");
    }
}

/// The page's `<meta>` policy, which the static site has in place of the header, says what the
/// header says, but `frame-ancestors` (a meta policy cannot set it) and `'wasm-unsafe-eval'`
/// (the static site's engine is WebAssembly; the server's page runs none).
#[tokio::test]
async fn the_pages_meta_policy_matches_the_header() {
    let (_, html) = npuzzle_web::assets::file("index.html").unwrap();
    let tag = html.lines().find(|l| l.contains(r#"http-equiv="Content-Security-Policy""#)).expect("a CSP meta tag");
    let head_end = html.find("</head>").unwrap();
    assert!(html.find(tag).unwrap() < html.find("<link").unwrap().min(head_end), "the meta policy comes before what it governs");
    let meta = tag.split_once(r#"content=""#).unwrap().1.split_once('"').unwrap().0;
    let mut meta_headers = HeaderMap::new();
    meta_headers.insert("content-security-policy", meta.replace(" 'wasm-unsafe-eval'", "").parse().unwrap());
    let mut from_meta = directives(&meta_headers);
    assert_eq!(directive(&meta_headers, "script-src"), ["'self'"]);
    assert!(meta.contains("script-src 'self' 'wasm-unsafe-eval';"), "{meta}");

    let (_, headers) = send(&app(&[]), get("/")).await;
    let mut from_header: Vec<_> = directives(&headers).into_iter().filter(|(n, _)| n != "frame-ancestors").collect();
    from_meta.sort();
    from_header.sort();
    assert_eq!(from_meta, from_header);
}
