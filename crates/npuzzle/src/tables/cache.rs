//! The on-disk format of cached pattern databases. The directory is the caller's choice (see
//! [`super::TableStore`]); the library itself reads no environment variable.
//!
//! Each file is a header followed by the table:
//!
//! | field | bytes |
//! | --- | --- |
//! | magic `NPZPDB\0\n` | 8 |
//! | format version | 4 (little-endian) |
//! | width, height, pattern length k | 1 each |
//! | pattern: the goal cells of the pattern tiles | k |
//! | goal description length, then UTF-8 text | 2 + len |
//! | entries | 8 |
//! | checksum of everything above and the table | 8 |
//! | the table, one byte an entry | entries |
//!
//! Files are written to a temporary file in the same directory and renamed into place, so a
//! crash never leaves half a file under the final name. Every load checks the magic, version,
//! sizes and checksum; a file that fails is reported as [`CacheError::Corrupt`] and never
//! trusted.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error as ThisError;

/// The cache file format version; bump it when the layout or the table meaning changes.
pub const FORMAT_VERSION: u32 = 2;

const MAGIC: &[u8; 8] = b"NPZPDB\0\n";

/// File-name extension of cached tables.
pub const EXTENSION: &str = "pdb";

/// What a cache file says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Format version.
    pub version: u32,
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Goal cells of the pattern tiles, in the order the index ranks them.
    pub pattern: Vec<u8>,
    /// The goal the table measures distance to, as text.
    pub goal: String,
    /// Number of entries in the table.
    pub entries: u64,
    /// Checksum of the header fields and the table.
    pub checksum: u64,
}

/// Why a cache file could not be used.
#[derive(Debug, ThisError)]
pub enum CacheError {
    /// No such file.
    #[error("{0} is not in the cache")]
    Missing(PathBuf),
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file exists but fails a check; it must be rebuilt.
    #[error("{path} is corrupt: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Which check failed.
        reason: String,
    },
}

/// The file name that says what a table holds: board, goal blank cell and pattern cells, e.g.
/// `pdb-4x4-b0-1.2.3.4.5.6.7.pdb`.
pub fn file_name(width: usize, height: usize, blank: u8, pattern: &[u8]) -> String {
    let cells: Vec<String> = pattern.iter().map(|c| c.to_string()).collect();
    format!("pdb-{width}x{height}-b{blank}-{}.{EXTENSION}", cells.join("."))
}

/// A 64-bit checksum (word-wise multiply-rotate mixing), fast enough for half a gigabyte.
pub fn checksum(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut len = 0u64;
    for part in parts {
        len += part.len() as u64;
        let mut chunks = part.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h ^ w).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(29);
        }
        for &b in chunks.remainder() {
            h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(29);
        }
        h ^= 0xA5;
    }
    h ^= len;
    h = (h ^ (h >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

fn header_bytes(h: &Header) -> Vec<u8> {
    let mut v = Vec::with_capacity(64 + h.pattern.len() + h.goal.len());
    v.extend_from_slice(MAGIC);
    v.extend_from_slice(&h.version.to_le_bytes());
    v.extend_from_slice(&[h.width, h.height, h.pattern.len() as u8]);
    v.extend_from_slice(&h.pattern);
    v.extend_from_slice(&(h.goal.len() as u16).to_le_bytes());
    v.extend_from_slice(h.goal.as_bytes());
    v.extend_from_slice(&h.entries.to_le_bytes());
    v
}

/// Writes `table` under `path` with a header built from the other fields, atomically (temporary
/// file, then rename). Returns the header written.
pub fn save(path: &Path, width: u8, height: u8, pattern: &[u8], goal: &str, table: &[u8]) -> Result<Header, CacheError> {
    let io = |source| CacheError::Io { path: path.to_path_buf(), source };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io)?;
    }
    let mut header = Header {
        version: FORMAT_VERSION,
        width,
        height,
        pattern: pattern.to_vec(),
        goal: goal.to_string(),
        entries: table.len() as u64,
        checksum: 0,
    };
    let head = header_bytes(&header);
    header.checksum = checksum(&[&head, table]);
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = std::io::BufWriter::new(fs::File::create(&tmp)?);
        f.write_all(&head)?;
        f.write_all(&header.checksum.to_le_bytes())?;
        f.write_all(table)?;
        let f = f.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io(e)
    })?;
    Ok(header)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.bytes.get(self.at..self.at + n)?;
        self.at += n;
        Some(s)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
    fn u16(&mut self) -> Option<u16> {
        self.take(2).map(|b| u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Option<u64> {
        self.take(8).map(|b| u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
    }
}

/// Parses the header at the start of `bytes`; returns it, the end of the checksummed header
/// fields, and the offset of the table. The table itself is not checked.
fn parse_header(path: &Path, bytes: &[u8]) -> Result<(Header, usize, usize), CacheError> {
    let corrupt = |reason: &str| CacheError::Corrupt { path: path.to_path_buf(), reason: reason.to_string() };
    let mut r = Reader { bytes, at: 0 };
    if r.take(8) != Some(MAGIC.as_slice()) {
        return Err(corrupt("not a pattern-database file (bad magic)"));
    }
    let version = r.u32().ok_or_else(|| corrupt("truncated header"))?;
    if version != FORMAT_VERSION {
        return Err(corrupt(&format!("format version {version}, expected {FORMAT_VERSION}")));
    }
    let (width, height, k) = match (r.u8(), r.u8(), r.u8()) {
        (Some(w), Some(h), Some(k)) => (w, h, k),
        _ => return Err(corrupt("truncated header")),
    };
    let pattern = r.take(k as usize).ok_or_else(|| corrupt("truncated header"))?.to_vec();
    let glen = r.u16().ok_or_else(|| corrupt("truncated header"))?;
    let goal = r.take(glen as usize).ok_or_else(|| corrupt("truncated header"))?;
    let goal = String::from_utf8(goal.to_vec()).map_err(|_| corrupt("goal text is not UTF-8"))?;
    let entries = r.u64().ok_or_else(|| corrupt("truncated header"))?;
    let head_end = r.at;
    let checksum = r.u64().ok_or_else(|| corrupt("truncated header"))?;
    Ok((Header { version, width, height, pattern, goal, entries, checksum }, head_end, r.at))
}

/// Parses and checks a whole file's bytes; returns the header and the offset of the table.
pub fn parse(path: &Path, bytes: &[u8]) -> Result<(Header, usize), CacheError> {
    let corrupt = |reason: String| CacheError::Corrupt { path: path.to_path_buf(), reason };
    let (header, head_end, data_at) = parse_header(path, bytes)?;
    let have = (bytes.len() - data_at) as u64;
    if have != header.entries {
        return Err(corrupt(format!("{have} table bytes, header says {}", header.entries)));
    }
    let sum = self::checksum(&[&bytes[..head_end], &bytes[data_at..]]);
    if sum != header.checksum {
        return Err(corrupt(format!("checksum {sum:016x} does not match the header's {:016x}", header.checksum)));
    }
    Ok((header, data_at))
}

/// Reads only the header of a cache file (for listing); the table is not verified.
pub fn peek(path: &Path) -> Result<Header, CacheError> {
    use std::io::Read;
    let mut buf = Vec::with_capacity(512);
    let f = fs::File::open(path).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    f.take(512).read_to_end(&mut buf).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    parse_header(path, &buf).map(|(h, _, _)| h)
}

/// Reads and verifies a cache file; returns its header and table.
pub fn load(path: &Path) -> Result<(Header, Vec<u8>), CacheError> {
    use std::io::{Read, Seek, SeekFrom};
    let io = |source| CacheError::Io { path: path.to_path_buf(), source };
    let mut f = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(CacheError::Missing(path.to_path_buf())),
        Err(source) => return Err(io(source)),
    };
    let len = f.metadata().map_err(io)?.len();
    // The header is small; the table is read straight into its own buffer, with no copy.
    let mut head = Vec::with_capacity(4096);
    (&mut f).take(4096).read_to_end(&mut head).map_err(io)?;
    let (header, head_end, data_at) = parse_header(path, &head)?;
    let have = len - data_at as u64;
    if have != header.entries {
        return Err(CacheError::Corrupt {
            path: path.to_path_buf(),
            reason: format!("{have} table bytes, header says {}", header.entries),
        });
    }
    let mut table = vec![0u8; header.entries as usize];
    f.seek(SeekFrom::Start(data_at as u64)).map_err(io)?;
    f.read_exact(&mut table).map_err(io)?;
    let sum = checksum(&[&head[..head_end], &table]);
    if sum != header.checksum {
        return Err(CacheError::Corrupt {
            path: path.to_path_buf(),
            reason: format!("checksum {sum:016x} does not match the header's {:016x}", header.checksum),
        });
    }
    Ok((header, table))
}

/// One file in the cache directory.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its path.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

/// The pattern-database files in `dir`, sorted by name (an absent directory holds none).
pub fn list(dir: &Path) -> Result<Vec<Entry>, CacheError> {
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(CacheError::Io { path: dir.to_path_buf(), source }),
    };
    let mut out = Vec::new();
    for e in rd {
        let e = e.map_err(|source| CacheError::Io { path: dir.to_path_buf(), source })?;
        let path = e.path();
        if path.extension().is_some_and(|x| x == EXTENSION) && path.file_name().is_some_and(|n| n.to_string_lossy().starts_with("pdb-")) {
            let bytes = e.metadata().map(|m| m.len()).unwrap_or(0);
            out.push(Entry { path, bytes });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_load_round_trip_and_corruption() {
        let dir = std::env::temp_dir().join(format!("npuzzle-cache-unit-{}", std::process::id()));
        let path = dir.join(file_name(3, 3, 0, &[1, 2]));
        let table: Vec<u8> = (0..72u32).map(|i| (i % 7) as u8).collect();
        let h = save(&path, 3, 3, &[1, 2], "0 1 2 3 4 5 6 7 8", &table).unwrap();
        let (h2, t2) = load(&path).unwrap();
        assert_eq!(h, h2);
        assert_eq!(t2, table);
        let mut bytes = fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        fs::write(&path, &bytes).unwrap();
        assert!(matches!(load(&path), Err(CacheError::Corrupt { .. })));
        bytes.truncate(10);
        fs::write(&path, &bytes).unwrap();
        assert!(matches!(load(&path), Err(CacheError::Corrupt { .. })));
        assert_eq!(list(&dir).unwrap().len(), 1);
        fs::remove_dir_all(&dir).unwrap();
        assert!(matches!(load(&path), Err(CacheError::Missing(_))));
    }
}
