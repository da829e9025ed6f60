//! `npuzzle serve`: the web UI and its JSON API on one local port.

use anyhow::{Context, Result};
use std::io::Write;
use std::net::SocketAddr;

/// Arguments of `serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0 picks a free one).
    #[arg(long, short = 'p', default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Let pages of ORIGIN (scheme://host or scheme://host:port, `null`, or `*` for any) use the
    /// API, and answer requests addressed to its host name. Without it only the server's own
    /// page may, under a loopback name or the address served. Repeatable.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origin: Vec<npuzzle_web::AllowOrigin>,
}

/// Runs the server until Ctrl-C; returns the exit code.
pub fn run(args: Args) -> Result<u8> {
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(async {
        let addr = format!("{}:{}", args.host, args.port);
        let listener = tokio::net::TcpListener::bind(&addr).await.with_context(|| format!("cannot listen on {addr}"))?;
        let local: SocketAddr = listener.local_addr()?;
        let url = format!("http://{local}/");
        let mut out = std::io::stdout();
        writeln!(out, "npuzzle web UI at {url}  (Ctrl-C to stop)")?;
        out.flush()?;
        if args.open {
            open_browser(&url);
        }
        // The library's server rather than plain `axum::serve`: it caps connections and times
        // out slow or idle clients, which matters once `--host 0.0.0.0` opens the port.
        let config = npuzzle_web::Config { allow_origins: args.allow_origin, ..npuzzle_web::Config::default() };
        npuzzle_web::serve(listener, config, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("serving")?;
        Ok(crate::exit::OK)
    })
}

/// Best effort: a missing opener only earns a note, since the URL is printed anyway.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener).arg(url).spawn().is_err() {
        note!("note: could not run {opener}; open {url} yourself");
    }
}
