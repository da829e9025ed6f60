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
/// `memory.current`), or less when the process's address space is limited (`ulimit -v`: the
/// limit in `/proc/self/limits` less the address space already mapped, `VmSize` in
/// `/proc/self/status`). `None` off Linux.
pub fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let system = read("/proc/meminfo").and_then(|info| kib_field(&info, "MemAvailable:"));
    let group = (|| {
        let max: u64 = read("/sys/fs/cgroup/memory.max")?.trim().parse().ok()?;
        let current: u64 = read("/sys/fs/cgroup/memory.current")?.trim().parse().ok()?;
        Some(max.saturating_sub(current))
    })();
    let address_space = (|| {
        let limit = address_space_limit(&read("/proc/self/limits")?)?;
        let mapped = kib_field(&read("/proc/self/status")?, "VmSize:")?;
        Some(limit.saturating_sub(mapped))
    })();
    [system, group, address_space].into_iter().flatten().min()
}

/// A `Name:  1234 kB` field of a `/proc` file, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

/// The soft limit on the address space (`ulimit -v`) from the text of `/proc/self/limits`, in
/// bytes; `None` when unlimited.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..].split_whitespace().next()?.parse().ok()
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
    fn an_address_space_limit_is_read_from_proc_limits() {
        let limited = "Limit                     Soft Limit           Hard Limit           Units\n\
                       Max cpu time              unlimited            unlimited            seconds\n\
                       Max address space         6144000000           unlimited            bytes\n";
        assert_eq!(address_space_limit(limited), Some(6_144_000_000));
        let unlimited = "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_limit(unlimited), None);
        assert_eq!(kib_field("VmSize:\t  2048 kB\n", "VmSize:"), Some(2048 * 1024));
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
