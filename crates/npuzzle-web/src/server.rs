//! The HTTP server around the [`crate::router`]: connection limits and timeouts, so a server
//! reachable from a network (`--host 0.0.0.0`) cannot be tied up by slow or idle clients.
//!
//! - At most [`Config::max_connections`] connections are served at once; past that a new
//!   connection gets a 503 JSON answer with `Retry-After` and is closed.
//! - A connection must send a complete request head within [`Config::header_timeout`], and the
//!   same time runs while a kept-alive connection sits idle between requests: either way the
//!   connection is closed when it runs out.
//! - A body must arrive within [`Config::body_timeout`] (408; see the `body` module).
//! - Requests the HTTP layer itself refuses (a garbage request line, a malformed or conflicting
//!   `Content-Length`, more than 100 headers, a head over the buffer limit) are answered in the
//!   API's error shape, `{"error": "..."}`, rather than with an empty body.

use crate::Config;
use axum::body::Body;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// Serves the page and the API on `listener` until `shutdown` completes, then lets the
/// connections in flight finish (for at most [`Config::time_cap`] and a little more).
pub async fn serve(listener: TcpListener, config: Config, shutdown: impl Future<Output = ()>) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let header_timeout = config.header_timeout;
    let drain = config.time_cap + Duration::from_secs(5);
    let app = crate::router(config);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (tcp, _) = tokio::select! {
            _ = &mut shutdown => break,
            r = listener.accept() => match r {
                Ok(c) => c,
                // Out of descriptors or a connection that died in the backlog: wait a little,
                // then go on accepting.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            tokio::spawn(refuse(tcp));
            continue;
        };
        let _ = tcp.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| app.clone().oneshot(req.map(Body::new)));
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(header_timeout)
            .serve_connection(TokioIo::new(JsonErrors::new(tcp)), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
            drop(slot);
        });
    }
    let _ = tokio::time::timeout(drain, graceful.shutdown()).await;
    Ok(())
}

/// Answers a connection over the limit with a 503 and closes it.
async fn refuse(mut tcp: TcpStream) {
    let body = serde_json::json!({"error": "server busy: too many open connections; try again shortly"}).to_string();
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        tcp.write_all(head.as_bytes()).await?;
        tcp.write_all(body.as_bytes()).await?;
        tcp.shutdown().await?;
        // Read what the client sent, so closing does not reset the connection under the answer.
        let mut sink = [0u8; 4096];
        while tcp.read(&mut sink).await? > 0 {}
        io::Result::Ok(())
    })
    .await;
}

/// The connection's socket, with one change on the way out: an error answer the HTTP layer
/// writes by itself (a 4xx head with `content-length: 0`, sent when a request cannot be parsed)
/// gets a JSON body naming the problem. The API's own answers always have a body, so they pass
/// unchanged.
struct JsonErrors {
    inner: TcpStream,
    /// A rewritten answer still to be written, and how much of it has been.
    pending: Vec<u8>,
    written: usize,
}

impl JsonErrors {
    fn new(inner: TcpStream) -> JsonErrors {
        JsonErrors { inner, pending: Vec::new(), written: 0 }
    }

    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n = std::task::ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

/// The JSON answer for an empty-bodied error head, if `buf` is one.
fn rewrite(buf: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(buf).ok()?;
    let head = text.strip_suffix("\r\n\r\n")?;
    let rest = head.strip_prefix("HTTP/1.1 ").or_else(|| head.strip_prefix("HTTP/1.0 "))?;
    let status: u16 = rest.get(..3)?.parse().ok()?;
    if !(400..500).contains(&status) {
        return None;
    }
    let mut lines: Vec<&str> = head.split("\r\n").collect();
    let at = lines.iter().position(|l| l.eq_ignore_ascii_case("content-length: 0"))?;
    let message = match status {
        400 => "bad request: the request line or a header (such as Content-Length) could not be parsed",
        414 => "the request URL is too long",
        431 => "the request head is too large: at most 100 headers, and a few hundred KiB in all",
        _ => "the request could not be read",
    };
    let body = serde_json::json!({ "error": message }).to_string();
    let length = format!("content-length: {}", body.len());
    lines[at] = &length;
    lines.retain(|l| !l.to_ascii_lowercase().starts_with("connection:"));
    let mut out = lines.join("\r\n");
    out.push_str("\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n");
    out.push_str(&body);
    Some(out.into_bytes())
}

impl AsyncRead for JsonErrors {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for JsonErrors {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        std::task::ready!(self.drain(cx))?;
        if let Some(out) = rewrite(buf) {
            self.pending = out;
            self.written = 0;
            // The caller's bytes are taken; the answer that replaces them goes out on the next
            // write, flush or shutdown.
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn empty_error_heads_get_a_json_body_and_other_answers_pass() {
        let out = rewrite(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: x\r\n\r\n").unwrap();
        let text = String::from_utf8(out).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\n"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(head.contains("content-type: application/json") && head.contains("connection: close"));
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(v["error"].as_str().unwrap().contains("could not be parsed"));
        assert!(rewrite(b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n").is_some());
        // Answers with bodies, successes, and partial heads are left alone.
        assert!(rewrite(b"HTTP/1.1 404 Not Found\r\ncontent-length: 30\r\n\r\n").is_none());
        assert!(rewrite(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(rewrite(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n").is_none());
        assert!(rewrite(b"HTTP/1.1 100 Continue\r\n\r\n").is_none());
    }
}
