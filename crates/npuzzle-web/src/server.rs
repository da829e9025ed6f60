//! The HTTP server around the [`crate::router`]: connection limits and timeouts, so a server
//! reachable from a network (`--host 0.0.0.0`) cannot be tied up by slow or idle clients.
//!
//! - At most [`Config::max_connections`] connections are open at once (4,096 by default; the
//!   process's open-file limit is raised to fit them where the system allows, and the cap
//!   lowered to fit the limit where it does not). When all are open, a new connection takes the
//!   place of the one that has been idle longest: one with no request in flight, whether it is
//!   kept alive between requests, has sent nothing yet, or is sending its request head slowly.
//!   Only when every connection has a request in flight does a new one get a 503 JSON answer
//!   with `Retry-After`. So idle or slow clients, however many, never lock a class out.
//! - A connection must send a complete request head within [`Config::header_timeout`], and the
//!   same time runs while a kept-alive connection sits idle between requests: either way the
//!   connection is closed when it runs out.
//! - A body must arrive within [`Config::body_timeout`] (408; see the `body` module).
//! - Requests the HTTP layer itself refuses (a garbage request line, a malformed or conflicting
//!   `Content-Length`, more than 100 headers, a head over the buffer limit) are answered in the
//!   API's error shape, `{"error": "..."}`, rather than with an empty body.

use crate::guard::ServedAddr;
use crate::{Config, ConnectionGauge};
use axum::body::Body;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// Open files kept for what is not a connection: the listener, standard streams, pattern
/// database files being written or read, the runtime's own.
const RESERVED_FILES: u64 = 256;

/// How long a new connection waits for an idle one it displaced to close before it gets 503.
const EVICT_WAIT: Duration = Duration::from_millis(500);

/// Serves the page and the API on `listener` until `shutdown` completes, then lets the
/// connections in flight finish (for at most [`Config::time_cap`] and a little more).
pub async fn serve(listener: TcpListener, config: Config, shutdown: impl Future<Output = ()>) -> io::Result<()> {
    let cap = connection_cap(config.max_connections.max(1));
    let gauge = Arc::new(ConnectionGauge::new(cap));
    let conns = Arc::new(Connections::new(cap, gauge.clone()));
    let header_timeout = config.header_timeout;
    let drain = config.time_cap + Duration::from_secs(5);
    let app = crate::router_with(config, gauge);
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
        let slot = match conns.clone().admit() {
            Admit::Now(slot) => slot,
            Admit::AfterEviction => {
                // Waiting for the displaced connection to close happens off the accept loop.
                let conns = conns.clone();
                let app = app.clone();
                let watcher = graceful.watcher();
                tokio::spawn(async move {
                    match conns.wait_for_room().await {
                        Some(slot) => run_connection(tcp, slot, app, header_timeout, watcher).await,
                        None => refuse(tcp).await,
                    }
                });
                continue;
            }
            Admit::Busy => {
                tokio::spawn(refuse(tcp));
                continue;
            }
        };
        tokio::spawn(run_connection(tcp, slot, app.clone(), header_timeout, graceful.watcher()));
    }
    let _ = tokio::time::timeout(drain, graceful.shutdown()).await;
    Ok(())
}

/// Serves one connection until it ends, or until it is displaced while idle.
async fn run_connection(
    tcp: TcpStream,
    slot: Slot,
    app: axum::Router,
    header_timeout: Duration,
    watcher: hyper_util::server::graceful::Watcher,
) {
    let _ = tcp.set_nodelay(true);
    let served = tcp.local_addr().ok().map(|a| ServedAddr(a.ip()));
    let state = slot.state.clone();
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        if let Some(served) = served {
            req.extensions_mut().insert(served);
        }
        // The request counts as in flight until its answer's body has been sent or dropped.
        let busy = InFlight::new(state.clone());
        let answer = app.clone().oneshot(req.map(Body::new));
        async move {
            let res = answer.await?;
            Ok::<_, std::convert::Infallible>(res.map(|b| {
                Body::new(b.map_frame(move |frame| {
                    let _ = &busy;
                    frame
                }))
            }))
        }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .serve_connection(TokioIo::new(JsonErrors::new(tcp)), service);
    let conn = watcher.watch(conn);
    tokio::pin!(conn);
    loop {
        tokio::select! {
            _ = &mut conn => break,
            // Displaced by a newcomer: closed only if still idle (the connection's future is
            // not polled here, so no request can start meanwhile).
            _ = slot.state.evict.notified() => if slot.state.idle() { break },
        }
    }
    drop(slot);
}

/// One open connection's bookkeeping.
struct ConnState {
    in_flight: AtomicUsize,
    /// When a request last began or ended on it (or it opened), in microseconds since `epoch`.
    last_active: AtomicU64,
    epoch: Instant,
    evict: Notify,
}

impl ConnState {
    fn idle(&self) -> bool {
        self.in_flight.load(Ordering::Acquire) == 0
    }

    fn touch(&self) {
        self.last_active.store(self.epoch.elapsed().as_micros() as u64, Ordering::Release);
    }
}

/// Counts a request in flight on its connection until dropped.
struct InFlight(Arc<ConnState>);

impl InFlight {
    fn new(state: Arc<ConnState>) -> InFlight {
        state.in_flight.fetch_add(1, Ordering::AcqRel);
        state.touch();
        InFlight(state)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.touch();
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The open connections: a place for each, and which to displace when all are taken.
struct Connections {
    places: Arc<Semaphore>,
    live: Mutex<HashMap<u64, Arc<ConnState>>>,
    next_id: AtomicU64,
    epoch: Instant,
    gauge: Arc<ConnectionGauge>,
}

/// A connection's place, given back when dropped.
struct Slot {
    conns: Arc<Connections>,
    id: u64,
    state: Arc<ConnState>,
    _place: OwnedSemaphorePermit,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.conns.live.lock().unwrap_or_else(|e| e.into_inner()).remove(&self.id);
        self.conns.gauge.open.fetch_sub(1, Ordering::Relaxed);
    }
}

enum Admit {
    Now(Slot),
    /// Every place is taken; an idle connection was asked to close.
    AfterEviction,
    /// Every place is taken by a connection with a request in flight.
    Busy,
}

impl Connections {
    fn new(cap: usize, gauge: Arc<ConnectionGauge>) -> Connections {
        Connections {
            places: Arc::new(Semaphore::new(cap)),
            live: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
            epoch: Instant::now(),
            gauge,
        }
    }

    fn slot(self: &Arc<Self>, place: OwnedSemaphorePermit) -> Slot {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let state =
            Arc::new(ConnState { in_flight: AtomicUsize::new(0), last_active: AtomicU64::new(0), epoch: self.epoch, evict: Notify::new() });
        state.touch();
        self.live.lock().unwrap_or_else(|e| e.into_inner()).insert(id, state.clone());
        self.gauge.open.fetch_add(1, Ordering::Relaxed);
        Slot { conns: self.clone(), id, state, _place: place }
    }

    fn admit(self: Arc<Self>) -> Admit {
        if let Ok(place) = self.places.clone().try_acquire_owned() {
            return Admit::Now(self.slot(place));
        }
        // The idle connection that has been idle longest makes way.
        let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        let victim = live.values().filter(|c| c.idle()).min_by_key(|c| c.last_active.load(Ordering::Acquire)).cloned();
        drop(live);
        match victim {
            Some(v) => {
                v.evict.notify_one();
                self.gauge.displaced.fetch_add(1, Ordering::Relaxed);
                Admit::AfterEviction
            }
            None => Admit::Busy,
        }
    }

    async fn wait_for_room(self: Arc<Self>) -> Option<Slot> {
        let place = tokio::time::timeout(EVICT_WAIT, self.places.clone().acquire_owned()).await.ok()?.ok()?;
        Some(self.slot(place))
    }
}

/// How many connections fit: `want`, with this process's open-file limit raised to hold them
/// where the system allows (Linux starts most processes at 1,024, macOS at 256), else as many
/// as the limit leaves room for.
fn connection_cap(want: usize) -> usize {
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
        let need = want as u64 + RESERVED_FILES;
        let lim = getrlimit(Resource::Nofile);
        let mut soft = lim.current.unwrap_or(u64::MAX);
        if soft < need {
            // macOS refuses more than its per-process maximum (10,240 unless configured) even
            // when the hard limit says unlimited: try that next.
            for target in [lim.maximum.map_or(need, |m| m.min(need)), need.min(10_240)] {
                if target > soft && setrlimit(Resource::Nofile, Rlimit { current: Some(target), maximum: lim.maximum }).is_ok() {
                    soft = target;
                    break;
                }
            }
        }
        (want as u64).min(soft.saturating_sub(RESERVED_FILES)).max(1) as usize
    }
    #[cfg(not(unix))]
    {
        want
    }
}

/// The security headers of the answers written here, below the router (its layer gives the
/// others theirs, `headers.rs`): a JSON error is never read as another type, nor does it tell
/// another site more than the origin. A policy for frames and scripts has nothing to govern in
/// a JSON body.
const RAW_HEADERS: &str = "x-content-type-options: nosniff\r\nreferrer-policy: strict-origin-when-cross-origin\r\n";

/// Answers a connection that found no place with a 503 and closes it.
async fn refuse(mut tcp: TcpStream) {
    let body = serde_json::json!({
        "error": "server busy: too many open connections, each with a request in flight; try again shortly"
    })
    .to_string();
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n{RAW_HEADERS}retry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n",
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
    out.push_str("\r\ncontent-type: application/json\r\n");
    out.push_str(RAW_HEADERS);
    out.push_str("connection: close\r\n\r\n");
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

    /// Vectored writes reach the socket as they are. Without them the HTTP layer copies each
    /// answer's body into its connection's head buffer, which keeps the capacity of the largest
    /// answer for as long as the connection is kept alive: megabytes for every client that once
    /// asked for a tree.
    fn poll_write_vectored(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        std::task::ready!(self.drain(cx))?;
        let mut filled = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(only), None) = (filled.next(), filled.next()) {
            if let Some(out) = rewrite(only) {
                self.pending = out;
                self.written = 0;
                return Poll::Ready(Ok(only.len()));
            }
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
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
    use super::{rewrite, JsonErrors};
    use std::io::IoSlice;
    use tokio::io::{AsyncReadExt, AsyncWrite, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    #[tokio::test]
    async fn writes_reach_the_socket_vectored_and_error_heads_are_still_rewritten() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let client = tokio::spawn(async move {
            let mut c = TcpStream::connect(addr).await.unwrap();
            let mut got = Vec::new();
            c.read_to_end(&mut got).await.unwrap();
            String::from_utf8(got).unwrap()
        });
        let (tcp, _) = listener.accept().await.unwrap();
        let mut io = JsonErrors::new(tcp);
        // Without vectored writes the HTTP layer copies bodies into a buffer each kept-alive
        // connection holds on to (the server's memory grew by the largest answer per client).
        assert!(io.is_write_vectored());
        let answer = [IoSlice::new(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n"), IoSlice::new(b""), IoSlice::new(b"{}")];
        let n = io.write_vectored(&answer).await.unwrap();
        assert_eq!(n, answer.iter().map(|b| b.len()).sum::<usize>());
        let head = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(io.write_vectored(&[IoSlice::new(b""), IoSlice::new(head)]).await.unwrap(), head.len());
        io.shutdown().await.unwrap();
        drop(io);
        let got = client.await.unwrap();
        let (first, rest) = got.split_once("{}").unwrap();
        assert_eq!(first, "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n");
        assert!(rest.starts_with("HTTP/1.1 400 Bad Request\r\n") && rest.contains("content-type: application/json"), "{rest}");
        assert!(rest.contains("x-content-type-options: nosniff\r\n"), "{rest}");
        assert!(rest.ends_with('}') && rest.contains("could not be parsed"), "{rest}");
    }

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
