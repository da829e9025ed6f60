//! Only the server's own page may drive it: requests from another site's page, requests
//! addressed to a name that is not the server's (DNS rebinding), and API bodies that are not
//! declared JSON are refused with a JSON error; `allow_origins` opens the server to other sites.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use npuzzle_web::{router, AllowOrigin, Config};
use serde_json::Value;
use tower::ServiceExt;

const SOLVE: &str = r#"{"start": "1 2 3 4 5 6 7 0 8"}"#;

fn app(allow: &[&str]) -> Router {
    let allow_origins = allow.iter().map(|a| a.parse::<AllowOrigin>().unwrap()).collect();
    router(Config { cache_dir: None, allow_origins, ..Config::default() })
}

async fn send(app: &Router, req: Request<Body>) -> (StatusCode, axum::http::HeaderMap, Value) {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, headers, v)
}

/// A solve as a page would send it, with these headers.
fn solve(headers: &[(&str, &str)]) -> Request<Body> {
    let mut req = Request::post("/api/solve");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.body(Body::from(SOLVE)).unwrap()
}

fn error_of(v: &Value) -> &str {
    v["error"].as_str().unwrap_or_else(|| panic!("no error message in {v}"))
}

#[tokio::test]
async fn the_pages_own_requests_pass() {
    let app = app(&[]);
    let json = ("content-type", "application/json");
    for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "app.localhost:8080", "127.0.0.1"] {
        let origin = format!("http://{host}");
        let (status, _, v) = send(&app, solve(&[json, ("host", host), ("origin", &origin)])).await;
        assert_eq!((status, v["cost"].as_u64()), (StatusCode::OK, Some(1)), "{host}: {v}");
        let (status, _, _) = send(&app, Request::get("/").header("host", host).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
    // A charset parameter, and clients that send neither Host nor Origin (curl sends Host).
    let (status, _, _) = send(&app, solve(&[("content-type", "application/json; charset=utf-8")])).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = send(&app, solve(&[json])).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn api_bodies_must_be_declared_json() {
    let app = app(&[]);
    // text/plain and form types are what another site's page can send without a preflight.
    for ct in [Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("multipart/form-data; boundary=x"), None] {
        let headers: Vec<(&str, &str)> = ct.map(|c| ("content-type", c)).into_iter().chain([("host", "127.0.0.1:8080")]).collect();
        for path in ["/api/solve", "/api/compare", "/api/check"] {
            let mut req = solve(&headers);
            *req.uri_mut() = path.parse().unwrap();
            let (status, headers, v) = send(&app, req).await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{path} {ct:?}: {v}");
            assert_eq!(headers["content-type"], "application/json");
            assert!(error_of(&v).contains("Content-Type: application/json"), "{v}");
        }
    }
    // The search did not run.
    let (_, _, v) = send(&app, Request::get("/api/health").body(Body::empty()).unwrap()).await;
    assert_eq!(v["running"], 0);
    // GET endpoints take no body and need no content type.
    let (status, _, _) = send(&app, Request::get("/api/options").header("host", "localhost").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn another_sites_page_is_refused() {
    let app = app(&[]);
    let json = ("content-type", "application/json");
    for origin in ["http://evil.example", "https://127.0.0.1:8080", "http://localhost:8080", "http://127.0.0.1:9999", "null"] {
        let (status, headers, v) = send(&app, solve(&[json, ("host", "127.0.0.1:8080"), ("origin", origin)])).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}: {v}");
        assert_eq!(headers["content-type"], "application/json");
        assert!(error_of(&v).contains("--allow-origin"), "{v}");
        assert!(!headers.contains_key("access-control-allow-origin"));
        // GETs too: the page, the options, a preflight.
        let req = Request::get("/api/options").header("host", "127.0.0.1:8080").header("origin", origin).body(Body::empty()).unwrap();
        assert_eq!(send(&app, req).await.0, StatusCode::FORBIDDEN, "{origin}");
    }
    let preflight = Request::options("/api/solve")
        .header("host", "127.0.0.1:8080")
        .header("origin", "http://evil.example")
        .header("access-control-request-method", "POST")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&app, preflight).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_name_that_is_not_the_servers_is_refused() {
    // DNS rebinding: evil.example resolves to 127.0.0.1, so the browser calls the page there
    // same-origin, but it still says which name it asked for.
    let app = app(&[]);
    for host in ["evil.example", "evil.example:8080", "localhost.evil.example:8080", "10.0.0.7:8080"] {
        let origin = format!("http://{host}");
        let (status, headers, v) = send(&app, solve(&[("content-type", "application/json"), ("host", host), ("origin", &origin)])).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}: {v}");
        assert_eq!(headers["content-type"], "application/json");
        assert!(error_of(&v).contains(&format!("--allow-origin http://{host}")), "{v}");
        let (status, _, _) = send(&app, Request::get("/").header("host", host).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
    }
    let (status, _, v) = send(&app, Request::get("/").header("host", "a b").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
}

#[tokio::test]
async fn allow_origins_open_the_server_to_named_sites_with_cors() {
    let app = app(&["https://course.example.org", "http://teacher.local:8080"]);
    let json = ("content-type", "application/json");
    let (status, headers, v) = send(&app, solve(&[json, ("host", "127.0.0.1:8080"), ("origin", "https://course.example.org")])).await;
    assert_eq!((status, v["cost"].as_u64()), (StatusCode::OK, Some(1)), "{v}");
    assert_eq!(headers["access-control-allow-origin"], "https://course.example.org");
    let preflight = Request::options("/api/solve")
        .header("host", "127.0.0.1:8080")
        .header("origin", "https://course.example.org")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
        .body(Body::empty())
        .unwrap();
    let (status, headers, _) = send(&app, preflight).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(headers["access-control-allow-origin"], "https://course.example.org");
    assert!(headers["access-control-allow-methods"].to_str().unwrap().contains("POST"));
    assert_eq!(headers["access-control-allow-headers"], "content-type");
    // The page served under an allowed origin's name, by its own requests.
    let (status, _, v) = send(&app, solve(&[json, ("host", "teacher.local:8080"), ("origin", "http://teacher.local:8080")])).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    // Other sites stay out, and the body must still be JSON.
    let (status, _, _) = send(&app, solve(&[json, ("host", "127.0.0.1:8080"), ("origin", "https://other.example.org")])).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) =
        send(&app, solve(&[("content-type", "text/plain"), ("host", "127.0.0.1:8080"), ("origin", "https://course.example.org")])).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // `*` opens it to every site and name; `null` to sandboxed and file: pages.
    let any = self::app(&["*"]);
    let (status, headers, _) = send(&any, solve(&[json, ("host", "evil.example"), ("origin", "http://evil.example")])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["access-control-allow-origin"], "http://evil.example");
    let null = self::app(&["null"]);
    assert_eq!(send(&null, solve(&[json, ("host", "localhost"), ("origin", "null")])).await.0, StatusCode::OK);
}

/// The whole server on a socket, as `npuzzle serve` runs it: the page's requests over HTTP.
#[tokio::test]
async fn over_a_socket_the_page_works_and_rebinding_does_not() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = Config { cache_dir: None, ..Config::default() };
    tokio::spawn(npuzzle_web::serve(listener, config, std::future::pending()));
    let ask = |host: String, origin: String| async move {
        let mut sock = tokio::net::TcpStream::connect(addr).await.unwrap();
        let head = format!(
            "POST /api/solve HTTP/1.1\r\nhost: {host}\r\norigin: {origin}\r\ncontent-type: application/json\r\n\
             content-length: {}\r\nconnection: close\r\n\r\n{SOLVE}",
            SOLVE.len()
        );
        sock.write_all(head.as_bytes()).await.unwrap();
        let mut out = String::new();
        sock.read_to_string(&mut out).await.unwrap();
        out
    };
    let own = ask(addr.to_string(), format!("http://{addr}")).await;
    assert!(own.starts_with("HTTP/1.1 200"), "{own}");
    let rebound = ask(format!("evil.example:{}", addr.port()), format!("http://evil.example:{}", addr.port())).await;
    assert!(rebound.starts_with("HTTP/1.1 403"), "{rebound}");
    assert!(rebound.contains("\"error\""), "{rebound}");
}
