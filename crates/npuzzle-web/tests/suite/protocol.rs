//! HTTP edges, over a real socket: declared lengths over the limit, `Expect: 100-continue`, and
//! bodies that never arrive. Every wait on the server is bounded, so a server that hangs fails
//! the test instead of stalling it.

use npuzzle_web::{router, Config};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long a test waits for an answer before calling the server stuck.
const STUCK: Duration = Duration::from_secs(30);

async fn start(config: Config) -> SocketAddr {
    let app = router(config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

fn config() -> Config {
    Config { cache_dir: None, ..Config::default() }
}

/// Reads one response: its head, and a body of the declared length (which must be JSON).
async fn read_response(sock: &mut TcpStream) -> (u16, String, Value) {
    let mut buf = Vec::new();
    let head_end = loop {
        let mut chunk = [0u8; 4096];
        let n = tokio::time::timeout(STUCK, sock.read(&mut chunk)).await.expect("no answer").unwrap();
        assert!(n > 0, "connection closed before a full head: {:?}", String::from_utf8_lossy(&buf));
        buf.extend_from_slice(&chunk[..n]);
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let len: usize = head.lines().find_map(|l| l.strip_prefix("content-length:")).map_or(0, |v| v.trim().parse().unwrap());
    while buf.len() < head_end + len {
        let mut chunk = [0u8; 4096];
        let n = tokio::time::timeout(STUCK, sock.read(&mut chunk)).await.expect("body stalled").unwrap();
        assert!(n > 0, "connection closed inside the body");
        buf.extend_from_slice(&chunk[..n]);
    }
    let body: Value = serde_json::from_slice(&buf[head_end..head_end + len]).unwrap_or(Value::Null);
    (status, head, body)
}

#[tokio::test]
async fn a_huge_declared_length_is_413_before_the_body() {
    let addr = start(config()).await;
    let mut sock = TcpStream::connect(addr).await.unwrap();
    // 10^12 bytes declared, none sent: the answer cannot wait for the body.
    sock.write_all(
        b"POST /api/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000000000000\r\n\r\n",
    )
    .await
    .unwrap();
    let (status, _, body) = read_response(&mut sock).await;
    assert_eq!(status, 413);
    assert!(body["error"].as_str().unwrap().contains("64 KiB"), "{body}");
}

#[tokio::test]
async fn expect_100_continue_with_an_oversize_length_gets_413_not_continue() {
    let addr = start(config()).await;
    let mut sock = TcpStream::connect(addr).await.unwrap();
    sock.write_all(b"POST /api/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nexpect: 100-continue\r\ncontent-length: 10485760\r\n\r\n").await.unwrap();
    let (status, _, body) = read_response(&mut sock).await;
    assert_eq!(status, 413, "the first answer must be the refusal, not 100 Continue");
    assert!(body["error"].is_string(), "{body}");
    // Within the limit, the client is told to go on, and its body is read.
    let mut sock = TcpStream::connect(addr).await.unwrap();
    let json = br#"{"start": "1 2 3 4 5 6 7 0 8"}"#;
    let head = format!("POST /api/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nexpect: 100-continue\r\ncontent-length: {}\r\n\r\n", json.len());
    sock.write_all(head.as_bytes()).await.unwrap();
    let mut first = [0u8; 25];
    tokio::time::timeout(STUCK, sock.read_exact(&mut first)).await.expect("no 100 Continue").unwrap();
    assert_eq!(&first, b"HTTP/1.1 100 Continue\r\n\r\n");
    sock.write_all(json).await.unwrap();
    let (status, _, body) = read_response(&mut sock).await;
    assert_eq!(status, 200);
    assert_eq!(body["cost"], 1);
}

#[tokio::test]
async fn a_body_that_never_arrives_is_408_and_the_server_keeps_serving() {
    let addr = start(Config { body_timeout: Duration::from_millis(300), ..config() }).await;
    let mut sock = TcpStream::connect(addr).await.unwrap();
    // 100 bytes declared, 10 sent, then nothing.
    sock.write_all(
        b"POST /api/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"start\":",
    )
    .await
    .unwrap();
    let (status, head, body) = read_response(&mut sock).await;
    assert_eq!(status, 408);
    assert!(head.contains("connection: close"), "{head}");
    assert!(body["error"].as_str().unwrap().contains("did not arrive"), "{body}");
    let mut sock = TcpStream::connect(addr).await.unwrap();
    sock.write_all(b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n").await.unwrap();
    let (status, _, body) = read_response(&mut sock).await;
    assert_eq!((status, body["status"].as_str()), (200, Some("ok")));
}

/// The whole server (`npuzzle_web::serve`), as `npuzzle serve` runs it.
async fn serve(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(npuzzle_web::serve(listener, config, std::future::pending()));
    addr
}

/// Whether the server closes `sock` (a read sees the end, or a reset) before the test gives up.
async fn closed_by_server(sock: &mut TcpStream) -> bool {
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(STUCK, sock.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

async fn health(addr: SocketAddr) -> (u16, Value) {
    let mut sock = TcpStream::connect(addr).await.unwrap();
    sock.write_all(b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n").await.unwrap();
    let (status, _, body) = read_response(&mut sock).await;
    (status, body)
}

#[tokio::test]
async fn protocol_errors_get_json_bodies() {
    let addr = serve(config()).await;
    let many_headers: String = (0..200).map(|i| format!("x-h{i}: {i}\r\n")).collect();
    let long_url = format!("GET /{} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n", "a".repeat(1 << 20));
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("negative length", b"POST /api/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: -5\r\n\r\n".to_vec()),
        ("conflicting lengths", b"POST /api/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 5\r\ncontent-length: 7\r\n\r\n".to_vec()),
        ("garbage request line", b"\x01\x02 garbage \xff\r\n\r\n".to_vec()),
        ("200 headers", format!("GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n{many_headers}\r\n").into_bytes()),
        ("a 1 MB URL", long_url.into_bytes()),
    ];
    for (what, bytes) in cases {
        let mut sock = TcpStream::connect(addr).await.unwrap();
        // The server may answer (and close) before it has read everything.
        let _ = sock.write_all(&bytes).await;
        let (status, head, body) = read_response(&mut sock).await;
        assert!((400..500).contains(&status), "{what}: {status}");
        assert!(head.contains("content-type: application/json"), "{what}: {head}");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "{what}: {body}");
    }
    // The server goes on serving.
    assert_eq!(health(addr).await.0, 200);
}

#[tokio::test]
async fn a_slow_client_is_dropped_and_health_stays_fast() {
    let addr = serve(Config { header_timeout: Duration::from_millis(300), ..config() }).await;
    // Half a request head, then nothing.
    let mut partial = TcpStream::connect(addr).await.unwrap();
    partial.write_all(b"GET /api/health HTTP/1.1\r\nhost:").await.unwrap();
    // A kept-alive connection that goes idle after one answer.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n").await.unwrap();
    assert_eq!(read_response(&mut idle).await.0, 200);
    // Health answers while they hang on.
    let (status, body) = health(addr).await;
    assert_eq!((status, body["status"].as_str()), (200, Some("ok")));
    assert!(closed_by_server(&mut partial).await, "a half-sent head kept its connection");
    assert!(closed_by_server(&mut idle).await, "an idle keep-alive connection was kept");
    assert_eq!(health(addr).await.0, 200);
}

#[tokio::test]
async fn idle_connections_make_way_for_new_ones_at_the_cap() {
    // Long header timeout: only displacement can free a place within the test.
    let addr = serve(Config { max_connections: 3, header_timeout: Duration::from_secs(60), ..config() }).await;
    // Three idle connections: one kept alive after an answer, one that sent nothing, one
    // halfway through a request head.
    let mut kept = TcpStream::connect(addr).await.unwrap();
    kept.write_all(b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n").await.unwrap();
    assert_eq!(read_response(&mut kept).await.0, 200);
    // The answer's last frame is counted as sent a moment after the client has read it: the
    // others open clearly later.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let mut partial = TcpStream::connect(addr).await.unwrap();
    partial.write_all(b"GET /api/health HTTP/1.1\r\n").await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    // Each newcomer is served (and stays open); the connection idle longest is closed for it.
    let ask = |mut sock: TcpStream| async move {
        sock.write_all(b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n").await.unwrap();
        let (status, _, body) = read_response(&mut sock).await;
        (sock, status, body)
    };
    let (_first, status, body) = ask(TcpStream::connect(addr).await.unwrap()).await;
    assert_eq!(status, 200, "{body}");
    assert!(closed_by_server(&mut kept).await, "the connection idle longest was kept");
    let (_second, status, body) = ask(TcpStream::connect(addr).await.unwrap()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["max_connections"], 3, "{body}");
    assert_eq!(body["connections"], 3, "{body}");
    assert_eq!(body["displaced"], 2, "{body}");
    assert!(closed_by_server(&mut silent).await, "the next idle longest was kept");
    // The half-sent head opened last is still open: the server has not answered or closed it.
    let mut buf = [0u8; 16];
    assert!(tokio::time::timeout(Duration::from_millis(300), partial.read(&mut buf)).await.is_err());
}

#[tokio::test]
async fn connections_past_the_cap_get_503_only_when_each_has_a_request_in_flight() {
    let addr = serve(Config { max_connections: 3, body_timeout: Duration::from_secs(2), ..config() }).await;
    let mut hogs = Vec::new();
    for _ in 0..3 {
        let mut s = TcpStream::connect(addr).await.unwrap();
        // A request whose body is still coming: in flight until it arrives or times out.
        s.write_all(b"POST /api/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 50\r\n\r\n{")
            .await
            .unwrap();
        hogs.push(s);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut sock = TcpStream::connect(addr).await.unwrap();
    let _ = sock.write_all(b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n").await;
    let (status, head, body) = read_response(&mut sock).await;
    assert_eq!(status, 503);
    assert!(head.contains("retry-after: 1"), "{head}");
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    assert!(body["error"].as_str().unwrap().contains("too many open connections"), "{body}");
    // Once their bodies time out (408), there is room again.
    for s in &mut hogs {
        assert_eq!(read_response(s).await.0, 408);
    }
    assert_eq!(health(addr).await.0, 200);
}
