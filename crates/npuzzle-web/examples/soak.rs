//! A class's load on `npuzzle serve`, for as long as asked: `scripts/soak` starts the server and
//! runs this against it.
//!
//! ```text
//! soak --url http://127.0.0.1:PORT/ --pid PID [--seconds 600] [--students 40] [--idle 2000]
//! ```
//!
//! The mix, all on loopback:
//! - **students** (40): each keeps one connection alive, as a page does, and between pauses of
//!   0.2–1.4 s sends one of: a small solve (3×3 or an easy 4×4, A*, IDA*, greedy, BFS, A* with
//!   the tree and trace), a compare of three pairs, a board check, a scramble, or a page load
//!   (the page, its options);
//! - **hard searches** (2 clients): Korf's first 15-puzzle by IDA* under a 3 s limit and by A*
//!   under a 100,000-node limit, one after another, each ending at its limit;
//! - **streams cut short** (1 client): a streamed IDA* search, dropped after two progress lines;
//! - **idle connections** (2,000): opened and left silent; when the server closes one (its
//!   header timeout, or to make room), it is opened again a second later;
//! - **health** (1 prober): a fresh connection every 200 ms asking `/api/health`, timed from
//!   connect to the last byte.
//!
//! Every 10 s it prints requests served, errors by kind, latency percentiles, the health check's
//! worst time and the server's resident memory (`/proc/PID/status`). At the end it checks the
//! goals and exits 1 if one is missed: no error other than a documented limit (`status: limit`)
//! or a 503 with `Retry-After` (the declared concurrency cap); `/api/health` always 200 within
//! 50 ms; resident memory (its median over the second half after a minute's warm-up) within
//! 10 % of its median over the first half, on runs of at least 180 s; and no search left running
//! once the clients stop (a client that goes away cancels its search).

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Korf's first 15-puzzle instance (57 moves), with the blank-first goal his instances use.
const HARD4: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
/// Longest a request may take before the soak calls it an error.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);
/// The health check's goal.
const HEALTH_GOAL: Duration = Duration::from_millis(50);
/// Seconds of warm-up before resident memory is judged.
const WARMUP_SECS: u64 = 60;
/// Seconds after warm-up a run needs for resident memory to be judged.
const JUDGED_SECS: u64 = 120;
/// Resident memory may grow this much after warm-up.
const RSS_GROWTH_GOAL: f64 = 0.10;

struct Options {
    addr: SocketAddr,
    pid: Option<u32>,
    seconds: u64,
    students: usize,
    idle: usize,
}

fn usage(msg: &str) -> ! {
    eprintln!("error: {msg}\nusage: soak --url http://127.0.0.1:PORT/ [--pid PID] [--seconds 600] [--students 40] [--idle 2000]");
    std::process::exit(2)
}

fn options() -> Options {
    let mut o = Options { addr: "127.0.0.1:8080".parse().unwrap(), pid: None, seconds: 600, students: 40, idle: 2000 };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage(&format!("{a} needs a value")));
        match a.as_str() {
            "--url" => {
                let v = value();
                let hostport = v.trim_start_matches("http://").trim_end_matches('/');
                o.addr = hostport.parse().unwrap_or_else(|_| usage(&format!("{v:?} is not http://IP:PORT/")));
                if !o.addr.ip().is_loopback() {
                    usage("the soak drives a server on this machine only: give a loopback address");
                }
            }
            "--pid" => o.pid = Some(value().parse().unwrap_or_else(|_| usage("--pid takes a process id"))),
            "--seconds" => o.seconds = value().parse().unwrap_or_else(|_| usage("--seconds takes a whole number")),
            "--students" => o.students = value().parse().unwrap_or_else(|_| usage("--students takes a whole number")),
            "--idle" => o.idle = value().parse().unwrap_or_else(|_| usage("--idle takes a whole number")),
            _ => usage(&format!("unknown argument {a:?}")),
        }
    }
    if o.seconds == 0 {
        usage("--seconds must be at least 1");
    }
    o
}

/// A small deterministic generator (xorshift64*), one per client.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A board `depth` random moves from the blank-last goal of a `side`×`side` board (so solvable).
fn walk(rng: &mut Rng, side: usize, depth: usize) -> String {
    let n = side * side;
    let mut cells: Vec<usize> = (1..n).chain([0]).collect();
    let mut blank = n - 1;
    let mut last = usize::MAX;
    for _ in 0..depth {
        let (r, c) = (blank / side, blank % side);
        let mut next = Vec::with_capacity(4);
        if r > 0 {
            next.push(blank - side);
        }
        if r + 1 < side {
            next.push(blank + side);
        }
        if c > 0 {
            next.push(blank - 1);
        }
        if c + 1 < side {
            next.push(blank + 1);
        }
        next.retain(|&b| b != last);
        let to = next[rng.below(next.len() as u64) as usize];
        cells.swap(blank, to);
        last = blank;
        blank = to;
    }
    cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// What became of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// Answered as asked.
    Ok,
    /// Ended at a documented limit (`status: limit`).
    Limit,
    /// 503 with `Retry-After`: the declared concurrency cap.
    Busy,
    /// Errors: any other status, no answer in time, a broken connection, a malformed answer.
    Status4xx,
    Status5xx,
    Timeout,
    Broken,
    BadAnswer,
}

impl Outcome {
    fn is_error(self) -> bool {
        self >= Outcome::Status4xx
    }

    fn name(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Limit => "documented limit (status: limit)",
            Outcome::Busy => "503 busy, declared cap (Retry-After)",
            Outcome::Status4xx => "4xx",
            Outcome::Status5xx => "5xx other than 503",
            Outcome::Timeout => "no answer within 30 s",
            Outcome::Broken => "connection broken or refused",
            Outcome::BadAnswer => "malformed answer",
        }
    }
}

/// One answer, read whole (or cut short by the caller).
struct Answer {
    status: u16,
    retry_after: bool,
    body: Vec<u8>,
    close: bool,
}

/// A client connection, kept alive across requests as a browser keeps it.
struct Client {
    addr: SocketAddr,
    conn: Option<BufReader<TcpStream>>,
}

#[derive(Debug)]
enum Fail {
    /// The connection was reused and closed before any answer arrived: a browser sends the
    /// request again on a fresh one, and so does the soak.
    Stale,
    Broken,
    Timeout,
    BadAnswer,
}

async fn read_head(conn: &mut BufReader<TcpStream>) -> Result<(u16, BTreeMap<String, String>), Fail> {
    let mut line = String::new();
    let n = conn.read_line(&mut line).await.map_err(|_| Fail::Stale)?;
    if n == 0 {
        return Err(Fail::Stale);
    }
    let status: u16 = line.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or(Fail::BadAnswer)?;
    let mut headers = BTreeMap::new();
    loop {
        line.clear();
        if conn.read_line(&mut line).await.map_err(|_| Fail::Broken)? == 0 {
            return Err(Fail::Broken);
        }
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
        }
    }
    Ok((status, headers))
}

/// Reads a chunked body, or only its first `lines` newline-ended lines when given.
async fn read_chunked(conn: &mut BufReader<TcpStream>, lines: Option<usize>) -> Result<Vec<u8>, Fail> {
    let mut body = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if conn.read_line(&mut line).await.map_err(|_| Fail::Broken)? == 0 {
            return Err(Fail::Broken);
        }
        let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or(""), 16).map_err(|_| Fail::BadAnswer)?;
        if size == 0 {
            line.clear();
            let _ = conn.read_line(&mut line).await;
            return Ok(body);
        }
        let at = body.len();
        body.resize(at + size + 2, 0);
        conn.read_exact(&mut body[at..]).await.map_err(|_| Fail::Broken)?;
        body.truncate(at + size);
        if lines.is_some_and(|n| body.iter().filter(|&&b| b == b'\n').count() >= n) {
            return Ok(body);
        }
    }
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    async fn send(&mut self, method: &str, path: &str, body: Option<&Value>, cut_after_lines: Option<usize>) -> Result<Answer, Fail> {
        let text = body.map(|b| b.to_string());
        let mut head = format!("{method} {path} HTTP/1.1\r\nhost: {}\r\norigin: http://{}\r\n", self.addr, self.addr);
        if let Some(t) = &text {
            head.push_str(&format!("content-type: application/json\r\ncontent-length: {}\r\n", t.len()));
        }
        head.push_str("\r\n");
        if let Some(t) = &text {
            head.push_str(t);
        }
        for attempt in 0..2 {
            let reused = self.conn.is_some();
            if self.conn.is_none() {
                let tcp = TcpStream::connect(self.addr).await.map_err(|_| Fail::Broken)?;
                let _ = tcp.set_nodelay(true);
                self.conn = Some(BufReader::new(tcp));
            }
            let conn = self.conn.as_mut().unwrap();
            let exchange = async {
                conn.get_mut().write_all(head.as_bytes()).await.map_err(|_| Fail::Stale)?;
                let (status, headers) = read_head(conn).await?;
                let close = headers.get("connection").is_some_and(|v| v.eq_ignore_ascii_case("close"));
                let retry_after = headers.contains_key("retry-after");
                let body = if headers.get("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
                    read_chunked(conn, cut_after_lines).await?
                } else {
                    let len: usize = headers.get("content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
                    let mut body = vec![0; len];
                    conn.read_exact(&mut body).await.map_err(|_| Fail::Broken)?;
                    body
                };
                Ok::<_, Fail>(Answer { status, retry_after, body, close })
            };
            match tokio::time::timeout(ANSWER_WITHIN, exchange).await {
                Err(_) => {
                    self.conn = None;
                    return Err(Fail::Timeout);
                }
                Ok(Err(Fail::Stale)) if reused && attempt == 0 => {
                    self.conn = None;
                    continue;
                }
                Ok(Err(Fail::Stale)) => {
                    self.conn = None;
                    return Err(Fail::Broken);
                }
                Ok(Err(e)) => {
                    self.conn = None;
                    return Err(e);
                }
                Ok(Ok(a)) => {
                    if a.close || cut_after_lines.is_some() {
                        // Cut short: dropping the connection is the client going away.
                        self.conn = None;
                    }
                    return Ok(a);
                }
            }
        }
        Err(Fail::Broken)
    }
}

/// Figures kept for one kind of request.
#[derive(Default)]
struct Kind {
    outcomes: BTreeMap<Outcome, u64>,
    /// Latencies of answered requests in this report window and overall, in microseconds.
    window: Vec<u64>,
    all: Vec<u64>,
}

#[derive(Default)]
struct Figures {
    kinds: BTreeMap<&'static str, Kind>,
    health: Kind,
    health_worst: Duration,
    health_failures: u64,
    /// Health checks over the goal: when (seconds into the run) and how long they took.
    health_slow: Vec<(f64, Duration)>,
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

type Shared = Arc<Mutex<Figures>>;

fn record(figs: &Shared, kind: &'static str, outcome: Outcome, took: Duration) {
    let mut f = figs.lock().unwrap();
    let k = f.kinds.entry(kind).or_default();
    *k.outcomes.entry(outcome).or_default() += 1;
    if !outcome.is_error() {
        let us = took.as_micros() as u64;
        k.window.push(us);
        k.all.push(us);
    }
}

/// Classifies an answer the caller expected to be a JSON document with `want` satisfied.
fn classify(a: &Answer, want: impl Fn(&Value) -> bool) -> Outcome {
    match a.status {
        200 => match serde_json::from_slice::<Value>(&a.body) {
            Ok(v) if v["status"] == "limit" => Outcome::Limit,
            Ok(v) if want(&v) => Outcome::Ok,
            _ => Outcome::BadAnswer,
        },
        503 if a.retry_after => Outcome::Busy,
        400..=499 => Outcome::Status4xx,
        _ => Outcome::Status5xx,
    }
}

fn fail_outcome(f: Fail) -> Outcome {
    match f {
        Fail::Timeout => Outcome::Timeout,
        Fail::BadAnswer => Outcome::BadAnswer,
        Fail::Stale | Fail::Broken => Outcome::Broken,
    }
}

async fn student(addr: SocketAddr, seed: u64, figs: Shared, stop: Arc<AtomicBool>) {
    let mut rng = Rng(seed | 1);
    let mut client = Client::new(addr);
    while !stop.load(Ordering::Relaxed) {
        let pause = Duration::from_millis(200 + rng.below(1200));
        tokio::time::sleep(pause).await;
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let roll = rng.below(100);
        let started = Instant::now();
        let (kind, result, want): (&'static str, _, fn(&Value) -> bool) = if roll < 60 {
            let (side, depth) = if rng.below(4) == 0 { (4, 16 + rng.below(10) as usize) } else { (3, 6 + rng.below(14) as usize) };
            let start = walk(&mut rng, side, depth);
            let body = match (side, rng.below(5)) {
                (4, _) => json!({"start": start, "algorithm": "idastar", "heuristic": "manhattan"}),
                (_, 0) => json!({"start": start, "algorithm": "astar", "heuristic": "manhattan"}),
                (_, 1) => json!({"start": start, "algorithm": "idastar", "heuristic": "linear-conflict"}),
                (_, 2) => json!({"start": start, "algorithm": "greedy", "heuristic": "manhattan"}),
                (_, 3) => json!({"start": start, "algorithm": "bfs"}),
                _ => json!({"start": start, "algorithm": "astar", "heuristic": "misplaced", "tree": true, "trace": true}),
            };
            ("solve", client.send("POST", "/api/solve", Some(&body), None).await, |v| v["status"] == "solved" && v["cost"].is_u64())
        } else if roll < 72 {
            let depth = 10 + rng.below(8) as usize;
            let body = json!({"start": walk(&mut rng, 3, depth), "runs": [
                {"algorithm": "bfs"}, {"algorithm": "astar", "heuristic": "manhattan"}, {"algorithm": "idastar", "heuristic": "linear-conflict"}]});
            ("compare", client.send("POST", "/api/compare", Some(&body), None).await, |v| {
                v["results"].as_array().is_some_and(|r| r.len() == 3)
            })
        } else if roll < 84 {
            let body = json!({"start": walk(&mut rng, 3, 12), "goal": "blank-last"});
            ("check", client.send("POST", "/api/check", Some(&body), None).await, |v| v["valid"] == true)
        } else if roll < 94 {
            let path = format!("/api/generate?size=3x3&depth={}", 4 + rng.below(20));
            ("generate", client.send("GET", &path, None, None).await, |v| v["board"].is_array())
        } else {
            let page = client.send("GET", "/", None, None).await;
            let page = match page {
                Ok(a) if a.status == 200 && a.body.starts_with(b"<!") => client.send("GET", "/api/options", None, None).await,
                other => other,
            };
            ("page load", page, |v| v["algorithms"].is_array())
        };
        let outcome = match result {
            Ok(a) => classify(&a, want),
            Err(f) => fail_outcome(f),
        };
        record(&figs, kind, outcome, started.elapsed());
    }
}

async fn hard(addr: SocketAddr, which: usize, figs: Shared, stop: Arc<AtomicBool>) {
    let mut client = Client::new(addr);
    let bodies = [
        json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "manhattan", "limits": {"time_ms": 3000}}),
        json!({"start": HARD4, "goal": "blank-first", "algorithm": "astar", "heuristic": "manhattan", "limits": {"nodes": 100_000}}),
    ];
    let mut i = which;
    while !stop.load(Ordering::Relaxed) {
        let started = Instant::now();
        let outcome = match client.send("POST", "/api/solve", Some(&bodies[i % 2]), None).await {
            Ok(a) => classify(&a, |v| v["status"] == "solved"),
            Err(f) => fail_outcome(f),
        };
        record(&figs, "hard search", outcome, started.elapsed());
        if outcome == Outcome::Busy {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        i += 1;
    }
}

async fn streamer(addr: SocketAddr, figs: Shared, stop: Arc<AtomicBool>) {
    let body = json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "misplaced", "stream": true});
    while !stop.load(Ordering::Relaxed) {
        let mut client = Client::new(addr);
        let started = Instant::now();
        let outcome = match client.send("POST", "/api/solve", Some(&body), Some(2)).await {
            Ok(a) if a.status == 200 => {
                let text = String::from_utf8_lossy(&a.body);
                let progress = text.lines().filter(|l| l.contains("\"type\":\"progress\"")).count();
                if progress >= 2 {
                    Outcome::Ok
                } else {
                    Outcome::BadAnswer
                }
            }
            Ok(a) => classify(&a, |_| false),
            Err(f) => fail_outcome(f),
        };
        drop(client);
        record(&figs, "stream, cut short", outcome, started.elapsed());
        tokio::time::sleep(Duration::from_millis(1500)).await;
    }
}

/// Holds one idle connection open, and opens it again a second after the server closes it.
async fn idler(addr: SocketAddr, held: Arc<AtomicU64>, refused: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    while !stop.load(Ordering::Relaxed) {
        match TcpStream::connect(addr).await {
            Ok(mut tcp) => {
                held.fetch_add(1, Ordering::Relaxed);
                let mut buf = [0u8; 512];
                loop {
                    tokio::select! {
                        r = tcp.read(&mut buf) => match r {
                            Ok(n) if n > 0 => continue,
                            _ => break,
                        },
                        _ = tokio::time::sleep(Duration::from_millis(500)) => {
                            if stop.load(Ordering::Relaxed) { break }
                        }
                    }
                }
                held.fetch_sub(1, Ordering::Relaxed);
            }
            Err(_) => {
                refused.fetch_add(1, Ordering::Relaxed);
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// One health check on a fresh connection: its status and body, timed from connect to the end.
/// Plain blocking I/O on the prober's own thread, so the driver's other work cannot delay it.
fn health_once(addr: SocketAddr) -> (Result<Answer, Fail>, Duration) {
    use std::io::{Read, Write};
    let started = Instant::now();
    let exchange = || -> Result<Answer, Fail> {
        let mut tcp = std::net::TcpStream::connect_timeout(&addr, ANSWER_WITHIN).map_err(|_| Fail::Broken)?;
        tcp.set_read_timeout(Some(ANSWER_WITHIN)).map_err(|_| Fail::Broken)?;
        let _ = tcp.set_nodelay(true);
        write!(tcp, "GET /api/health HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n").map_err(|_| Fail::Broken)?;
        let mut raw = Vec::new();
        tcp.read_to_end(&mut raw).map_err(|e| match e.kind() {
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => Fail::Timeout,
            _ => Fail::Broken,
        })?;
        let text = String::from_utf8_lossy(&raw);
        let (head, body) = text.split_once("\r\n\r\n").ok_or(Fail::BadAnswer)?;
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or(Fail::BadAnswer)?;
        let retry_after = head.to_ascii_lowercase().contains("\r\nretry-after:");
        Ok(Answer { status, retry_after, body: body.as_bytes().to_vec(), close: true })
    };
    let a = exchange();
    (a, started.elapsed())
}

/// Asks `/api/health` every 200 ms on a thread of its own until `stop`.
fn prober(addr: SocketAddr, figs: Shared, last: Arc<Mutex<Value>>, stop: Arc<AtomicBool>, started: Instant) {
    let mut next = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        next += Duration::from_millis(200);
        if let Some(wait) = next.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let (a, took) = health_once(addr);
        let mut f = figs.lock().unwrap();
        if took > HEALTH_GOAL {
            f.health_slow.push((started.elapsed().as_secs_f64(), took));
        }
        f.health_worst = f.health_worst.max(took);
        match a {
            Ok(a) if a.status == 200 => {
                let us = took.as_micros() as u64;
                f.health.window.push(us);
                f.health.all.push(us);
                *f.health.outcomes.entry(Outcome::Ok).or_default() += 1;
                if let Ok(v) = serde_json::from_slice(&a.body) {
                    *last.lock().unwrap() = v;
                }
            }
            Ok(a) => {
                f.health_failures += 1;
                *f.health.outcomes.entry(classify(&a, |_| false)).or_default() += 1;
            }
            Err(e) => {
                f.health_failures += 1;
                *f.health.outcomes.entry(fail_outcome(e)).or_default() += 1;
            }
        }
    }
}

/// Lowers the calling thread's priority by 10 `nice` steps (Linux; elsewhere nothing).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let tid = Some(rustix::thread::gettid());
        if let Ok(now) = rustix::process::getpriority_process(tid) {
            let _ = rustix::process::setpriority_process(tid, (now + 10).min(19));
        }
    }
}

/// The server's resident memory in KiB, from `/proc/PID/status` (Linux).
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn main() {
    let o = options();
    // The clients share the server's cores here (in a class they sit on other machines), so the
    // threads that generate the load run at a lower priority than the server and the prober.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .on_thread_start(lower_priority)
        .enable_all()
        .build()
        .expect("a runtime");
    let code = runtime.block_on(run(o));
    std::process::exit(code);
}

async fn run(o: Options) -> i32 {
    let figs: Shared = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let held = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let last_health = Arc::new(Mutex::new(Value::Null));

    // The server must answer before the clients start.
    let (first, _) = health_once(o.addr);
    if !matches!(first, Ok(ref a) if a.status == 200) {
        eprintln!("error: no health answer from the server at {}", o.addr);
        return 1;
    }
    // Resident memory climbs for about a minute (tables built, the allocator's pools filled by
    // the first concurrent searches) and is judged only on what follows: at least two minutes.
    let warmup = Duration::from_secs(WARMUP_SECS.min(o.seconds));
    println!(
        "soak: {} s against http://{}/ (server pid {}); {} students, 2 hard-search clients, 1 client cutting streams short, \
         {} idle connections, health every 200 ms; warm-up {} s",
        o.seconds,
        o.addr,
        o.pid.map_or("unknown".into(), |p| p.to_string()),
        o.students,
        o.idle,
        warmup.as_secs()
    );

    let mut tasks = Vec::new();
    for i in 0..o.idle {
        let (held, refused, stop) = (held.clone(), refused.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            // Opened over the first 10 s, as a class arrives.
            tokio::time::sleep(Duration::from_millis((i as u64 * 10_000) / (o.idle.max(1) as u64))).await;
            idler(o.addr, held, refused, stop).await
        }));
    }
    for i in 0..o.students {
        tasks.push(tokio::spawn(student(o.addr, 0x9e37_79b9_7f4a_7c15 ^ ((i as u64 + 1) * 0x1000_0001), figs.clone(), stop.clone())));
    }
    for i in 0..2 {
        tasks.push(tokio::spawn(hard(o.addr, i, figs.clone(), stop.clone())));
    }
    tasks.push(tokio::spawn(streamer(o.addr, figs.clone(), stop.clone())));
    let started = Instant::now();
    let probe = {
        let (figs, last, stop) = (figs.clone(), last_health.clone(), stop.clone());
        std::thread::spawn(move || prober(o.addr, figs, last, stop, started))
    };

    // Resident memory is read every second; each report shows the peak of its 10 s.
    let mut rss: Vec<(f64, u64)> = Vec::new();
    let mut window_peak: Option<u64> = None;
    let mut served_before = 0u64;
    let end = started + Duration::from_secs(o.seconds);
    let mut tick = started;
    let mut next_report = started + Duration::from_secs(10);
    loop {
        tick += Duration::from_secs(1);
        let at = tick.min(end);
        tokio::time::sleep_until(at.into()).await;
        if let Some(kib) = o.pid.and_then(rss_kib) {
            rss.push((started.elapsed().as_secs_f64(), kib));
            window_peak = Some(window_peak.map_or(kib, |p: u64| p.max(kib)));
        }
        if at < next_report && at < end {
            continue;
        }
        next_report += Duration::from_secs(10);
        let t = started.elapsed().as_secs();
        let mem = window_peak.take();
        let mut f = figs.lock().unwrap();
        let mut window: Vec<u64> = f.kinds.values_mut().flat_map(|k| std::mem::take(&mut k.window)).collect();
        window.sort_unstable();
        let served: u64 = f.kinds.values().flat_map(|k| k.outcomes.values()).sum();
        let errors: u64 = f.kinds.values().flat_map(|k| k.outcomes.iter()).filter(|(o, _)| o.is_error()).map(|(_, n)| n).sum();
        let busy: u64 = f.kinds.values().filter_map(|k| k.outcomes.get(&Outcome::Busy)).sum();
        let mut hw = std::mem::take(&mut f.health.window);
        hw.sort_unstable();
        let health_fail = f.health_failures;
        drop(f);
        let h = last_health.lock().unwrap().clone();
        println!(
            "t={t:>4} s  served {served:>7} (+{:>5})  errors {errors}  503 {busy}  p50 {:>6.1} ms  p99 {:>7.1} ms  \
             health p99 {:>5.1} max {:>5.1} ms{}  RSS peak {}  connections {} (idle held {}, displaced {}, running {})",
            served - served_before,
            percentile(&window, 50.0),
            percentile(&window, 99.0),
            percentile(&hw, 99.0),
            hw.last().map_or(f64::NAN, |&u| u as f64 / 1000.0),
            if health_fail > 0 { format!(" ({health_fail} failed)") } else { String::new() },
            mem.map_or("n/a".to_string(), |k| format!("{:.1} MiB", k as f64 / 1024.0)),
            h["connections"],
            held.load(Ordering::Relaxed),
            h["displaced"],
            h["running"],
        );
        served_before = served;
        if at >= end {
            break;
        }
    }

    // Stop the clients; the idle ones and the streams go away with their tasks.
    stop.store(true, Ordering::Relaxed);
    for t in &tasks {
        t.abort();
    }
    for t in tasks {
        let _ = t.await;
    }
    let _ = tokio::task::spawn_blocking(move || probe.join()).await;
    // A search whose client went away is cancelled at its next check: none may still run.
    let mut running = Value::Null;
    let settle = Instant::now();
    while settle.elapsed() < Duration::from_secs(15) {
        if let (Ok(a), _) = health_once(o.addr) {
            if let Ok(v) = serde_json::from_slice::<Value>(&a.body) {
                running = v["running"].clone();
                if running == 0 {
                    break;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let settled_in = settle.elapsed();

    // The report.
    let f = figs.lock().unwrap();
    println!("\nper kind of request (latency of answered requests):");
    println!("  {:<20} {:>8} {:>9} {:>9}  outcomes", "kind", "count", "p50 ms", "p99 ms");
    let mut all_outcomes: BTreeMap<Outcome, u64> = BTreeMap::new();
    let mut all_lat: Vec<u64> = Vec::new();
    for (name, k) in &f.kinds {
        let mut lat = k.all.clone();
        lat.sort_unstable();
        all_lat.extend_from_slice(&lat);
        let n: u64 = k.outcomes.values().sum();
        let outs: Vec<String> = k.outcomes.iter().map(|(o, c)| format!("{} {c}", o.name())).collect();
        println!("  {name:<20} {n:>8} {:>9.1} {:>9.1}  {}", percentile(&lat, 50.0), percentile(&lat, 99.0), outs.join(", "));
        for (o, c) in &k.outcomes {
            *all_outcomes.entry(*o).or_default() += c;
        }
    }
    all_lat.sort_unstable();
    let total: u64 = all_outcomes.values().sum();
    let mut hl = f.health.all.clone();
    hl.sort_unstable();
    println!(
        "  {:<20} {:>8} {:>9.1} {:>9.1}  worst {:.1} ms, {} not 200",
        "health",
        hl.len() as u64 + f.health_failures,
        percentile(&hl, 50.0),
        percentile(&hl, 99.0),
        f.health_worst.as_secs_f64() * 1000.0,
        f.health_failures
    );
    if !f.health_slow.is_empty() {
        let slow: Vec<String> =
            f.health_slow.iter().take(20).map(|(t, d)| format!("{:.1} ms at {t:.1} s", d.as_secs_f64() * 1000.0)).collect();
        println!(
            "  health checks over {} ms: {}{}",
            HEALTH_GOAL.as_millis(),
            slow.join(", "),
            if f.health_slow.len() > 20 { ", …" } else { "" }
        );
    }
    println!("\nrequests served: {total}; latency p50 {:.1} ms, p99 {:.1} ms", percentile(&all_lat, 50.0), percentile(&all_lat, 99.0));
    println!("share by kind:");
    for (o, c) in &all_outcomes {
        println!("  {:<40} {c:>8}  {:>6.2} %", o.name(), 100.0 * *c as f64 / total.max(1) as f64);
    }
    println!("idle connections refused at connect: {}", refused.load(Ordering::Relaxed));
    let peaks: Vec<String> = rss
        .chunks(10)
        .map(|c| format!("{:.0}s {:.1}", c.last().unwrap().0, c.iter().map(|r| r.1).max().unwrap() as f64 / 1024.0))
        .collect();
    println!("resident memory, peak of each 10 s (MiB): {}", peaks.join(", "));
    let medians: Vec<String> = rss
        .chunks(10)
        .map(|c| {
            let mut v: Vec<u64> = c.iter().map(|r| r.1).collect();
            v.sort_unstable();
            format!("{:.0}s {:.1}", c.last().unwrap().0, v[v.len() / 2] as f64 / 1024.0)
        })
        .collect();
    println!("resident memory, median of each 10 s (MiB): {}", medians.join(", "));

    // The goals.
    let mut missed = Vec::new();
    let errors: u64 = all_outcomes.iter().filter(|(o, _)| o.is_error()).map(|(_, n)| n).sum();
    if errors > 0 {
        missed.push(format!("{errors} requests failed other than at a documented limit or the declared cap"));
    }
    if total == 0 || !f.kinds.contains_key("solve") {
        missed.push("no request was served".into());
    }
    if f.health_failures > 0 {
        missed.push(format!("{} health checks were not answered 200", f.health_failures));
    }
    if f.health_worst > HEALTH_GOAL {
        missed.push(format!(
            "/api/health took {:.1} ms at worst (goal: {} ms)",
            f.health_worst.as_secs_f64() * 1000.0,
            HEALTH_GOAL.as_millis()
        ));
    }
    if refused.load(Ordering::Relaxed) > 0 {
        missed.push(format!("{} idle connections were refused at connect", refused.load(Ordering::Relaxed)));
    }
    // Flat after warm-up: the median reading of the second half of the rest of the run against
    // that of its first half. Single readings and peaks move with whichever searches happen to
    // run at once (each holds its frontier until it ends); a leak raises the typical level.
    let w = warmup.as_secs_f64();
    let mid = w + (o.seconds as f64 - w) / 2.0;
    let median = |from: f64, to: f64| {
        let mut v: Vec<u64> = rss.iter().filter(|(t, _)| *t >= from && *t < to + 0.5).map(|r| r.1).collect();
        v.sort_unstable();
        (!v.is_empty()).then(|| v[v.len() / 2])
    };
    match (o.pid, median(w, mid), median(mid, o.seconds as f64)) {
        (None, ..) => println!("resident memory not checked: no --pid"),
        (Some(_), ..) if o.seconds < WARMUP_SECS + JUDGED_SECS => println!(
            "resident memory not judged: it is judged on runs of at least {} s ({WARMUP_SECS} s of warm-up, then two halves)",
            WARMUP_SECS + JUDGED_SECS
        ),
        (Some(_), Some(a), Some(b)) => {
            let growth = (b as f64 - a as f64) / a as f64;
            println!(
                "resident memory after warm-up (median of the readings every second): {:.1} MiB in {w:.0}–{mid:.0} s, \
                 {:.1} MiB in {mid:.0}–{} s: {:+.1} % (goal: at most +{:.0} %)",
                a as f64 / 1024.0,
                b as f64 / 1024.0,
                o.seconds,
                growth * 100.0,
                RSS_GROWTH_GOAL * 100.0
            );
            if growth > RSS_GROWTH_GOAL {
                missed.push(format!("resident memory grew {:.1} % after warm-up", growth * 100.0));
            }
        }
        (Some(pid), ..) => missed.push(format!("resident memory of pid {pid} could not be read (/proc/{pid}/status) through the run")),
    }
    if running != 0 {
        missed.push(format!("searches still running 15 s after every client left: {running}"));
    } else {
        println!("searches running after the clients left: 0 (within {:.1} s)", settled_in.as_secs_f64());
    }
    if missed.is_empty() {
        println!("\nsoak: every goal met");
        0
    } else {
        println!("\nsoak: goals missed:");
        for m in &missed {
            println!("  - {m}");
        }
        1
    }
}
