//! What a load or build tells its caller ([`TableEvent`], through a [`Progress`] callback).

use std::path::Path;
use std::time::Duration;

/// Something worth telling the user while tables are loaded or built.
#[derive(Clone, Debug)]
pub enum TableEvent<'a> {
    /// A table was read from the cache and verified.
    Loaded {
        /// Its pattern.
        pattern: &'a [u8],
        /// The file.
        path: &'a Path,
    },
    /// A cache file failed verification; it is rebuilt.
    Corrupt {
        /// The file.
        path: &'a Path,
        /// What was wrong.
        reason: String,
    },
    /// A build starts.
    BuildStart {
        /// Its pattern (empty for an exact table).
        pattern: &'a [u8],
        /// Entries in the table.
        entries: u64,
    },
    /// A breadth-first level of a pattern-database build finished.
    BuildLevel {
        /// Its pattern.
        pattern: &'a [u8],
        /// The level just finished.
        depth: u8,
        /// Entries filled so far.
        filled: u64,
        /// Entries in the table.
        entries: u64,
    },
    /// A build finished.
    Built {
        /// Its pattern (empty for an exact table).
        pattern: &'a [u8],
        /// How long it took.
        time: Duration,
    },
    /// A table was written to the cache.
    Saved {
        /// The file.
        path: &'a Path,
    },
    /// A table could not be written to the cache (it is still used from memory).
    SaveFailed {
        /// What went wrong.
        error: String,
    },
}

/// A progress callback for table loads and builds.
pub type Progress<'a> = &'a (dyn Fn(&TableEvent) + Sync);
