//! `npuzzle serve`: it prints its URL, answers on it, and reports a port it cannot use.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn get(addr: &str, path: &str) -> String {
    get_as(addr, addr, path)
}

/// A GET addressed to `host` (the `Host` header), sent to `addr`.
fn get_as(addr: &str, host: &str, path: &str) -> String {
    let mut sock = TcpStream::connect(addr).unwrap();
    write!(sock, "GET {path} HTTP/1.1\r\nhost: {host}\r\nconnection: close\r\n\r\n").unwrap();
    let mut out = String::new();
    sock.read_to_string(&mut out).unwrap();
    out
}

/// Starts `npuzzle serve` on a free loopback port with `extra` arguments; the server and its
/// address.
fn start(extra: &[&str]) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_npuzzle"))
        .env("NPUZZLE_CACHE_DIR", concat!(env!("CARGO_TARGET_TMPDIR"), "/npuzzle-cache"))
        .args(["serve", "--host", "127.0.0.1", "--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("no URL in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/').to_string();
    (server, addr)
}

#[test]
fn serve_prints_its_url_and_answers_there() {
    let (_server, addr) = start(&[]);
    let addr = addr.as_str();
    assert!(addr.starts_with("127.0.0.1:") && !addr.ends_with(":0"), "{addr}");
    let health = get(addr, "/api/health");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains("\"status\":\"ok\""), "{health}");
    let page = get(addr, "/");
    assert!(page.contains("<title>npuzzle"), "{page}");
}

#[test]
fn serve_reports_a_port_it_cannot_listen_on() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_npuzzle")).args(["serve", "--port", &port]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("cannot listen on 127.0.0.1:{port}")), "{err}");
}

#[test]
fn serve_answers_only_its_own_names_unless_allowed() {
    let (_server, addr) = start(&[]);
    let port = addr.rsplit(':').next().unwrap();
    let local = get_as(&addr, &format!("localhost:{port}"), "/api/health");
    assert!(local.starts_with("HTTP/1.1 200"), "{local}");
    let rebound = get_as(&addr, &format!("teacher.local:{port}"), "/api/health");
    assert!(rebound.starts_with("HTTP/1.1 403"), "{rebound}");
    assert!(rebound.contains(&format!("--allow-origin http://teacher.local:{port}")), "{rebound}");
    drop(_server);
    let origin = format!("http://teacher.local:{port}");
    let (_server, addr) = start(&["--allow-origin", "https://course.example.org", "--allow-origin", &origin]);
    let port = addr.rsplit(':').next().unwrap();
    let named = get_as(&addr, &format!("teacher.local:{port}"), "/api/health");
    assert!(named.starts_with("HTTP/1.1 200"), "{named}");
}

#[test]
fn serve_refuses_an_origin_it_cannot_read() {
    for bad in ["course.example.org", "https://course.example.org/page", "http://x:99999"] {
        let out = Command::new(env!("CARGO_BIN_EXE_npuzzle")).args(["serve", "--port", "0", "--allow-origin", bad]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--allow-origin") && err.contains("not an origin"), "{bad}: {err}");
    }
}
