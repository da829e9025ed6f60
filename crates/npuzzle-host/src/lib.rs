//! Facts about the host machine that npuzzle's front ends (the command line, the web server and
//! the Python package) decide with, so that the `npuzzle` library itself reads no environment
//! variable and no system file:
//! - [`cache_dir`]: where pattern databases are cached (`$NPUZZLE_CACHE_DIR`, else the user's
//!   cache directory);
//! - [`available_memory`]: the memory a process may still use (`MemAvailable`, or less under a
//!   control group's limit).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::path::PathBuf;

/// The environment variable that overrides the cache directory.
pub const CACHE_DIR_VAR: &str = "NPUZZLE_CACHE_DIR";

/// The cache directory: `$NPUZZLE_CACHE_DIR`, or else the user's cache directory
/// (`$XDG_CACHE_HOME/npuzzle` or `~/.cache/npuzzle` on Linux, `~/Library/Caches/npuzzle` on
/// macOS, `%LOCALAPPDATA%\npuzzle` on Windows), or else a folder in the temporary directory.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os(CACHE_DIR_VAR).filter(|d| !d.is_empty()) {
        return PathBuf::from(d);
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
    if cfg!(target_os = "macos") {
        if let Some(h) = home {
            return h.join("Library/Caches/npuzzle");
        }
    } else if cfg!(windows) {
        if let Some(d) = std::env::var_os("LOCALAPPDATA") {
            return PathBuf::from(d).join("npuzzle");
        }
    } else {
        if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
            return PathBuf::from(d).join("npuzzle");
        }
        if let Some(h) = home {
            return h.join(".cache/npuzzle");
        }
    }
    std::env::temp_dir().join("npuzzle-cache")
}

/// The memory the system reports available, where known: `MemAvailable` in `/proc/meminfo`, or
/// less when the process's control group has a memory limit (`memory.max` less
/// `memory.current`). `None` off Linux.
pub fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let system = read("/proc/meminfo").and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
    });
    let group = (|| {
        let max: u64 = read("/sys/fs/cgroup/memory.max")?.trim().parse().ok()?;
        let current: u64 = read("/sys/fs/cgroup/memory.current")?.trim().parse().ok()?;
        Some(max.saturating_sub(current))
    })();
    match (system, group) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Whether a process with this id is running: `Some` on Linux (from `/proc`), `None` where it
/// cannot be told.
pub fn process_alive(pid: u32) -> Option<bool> {
    if cfg!(target_os = "linux") {
        Some(std::path::Path::new(&format!("/proc/{pid}")).exists())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_known_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(available_memory().is_some_and(|m| m > 0));
        }
    }

    #[test]
    fn this_process_is_alive() {
        if cfg!(target_os = "linux") {
            assert_eq!(process_alive(std::process::id()), Some(true));
            assert_eq!(process_alive(u32::MAX), Some(false));
        }
    }

    #[test]
    fn cache_dir_is_absolute_or_named() {
        assert!(cache_dir().ends_with("npuzzle") || cache_dir().ends_with("npuzzle-cache") || std::env::var_os(CACHE_DIR_VAR).is_some());
    }
}
