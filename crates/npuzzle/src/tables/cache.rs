//! The on-disk format of cached pattern databases. The directory is the caller's choice (see
//! [`crate::tables::TableStore`]); the library itself reads no environment variable.
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
//! | bits an entry: 4 or 8 (1 for a table per blank region of one bit an entry) | 1 |
//! | checksum of everything above and the table (see [`checksum`]) | 8 |
//! | the table, packed as [`Pdb::table`](crate::heuristic::pdb::Pdb::table) describes | entries × bits / 8, rounded up |
//!
//! Files are written to a temporary file in the same directory (`<name>.tmp<PID>`) and renamed
//! into place, so a crash never leaves half a file under the final name; [`temporaries`] finds
//! what a killed writer left behind. Every load refuses anything but a regular file without
//! reading it, checks the header against what its board and pattern imply before allocating
//! anything, then checks the size and checksum; a file that fails is reported as
//! [`CacheError::Corrupt`] and never trusted.
//!
//! A verified table is used in place, memory-mapped read-only: a process pays for the pages it
//! reads through once, in the checksum pass, and processes sharing a table share its pages.
//! Writers never change a file in place (they rename a new one over it), so a mapped table
//! stays what was verified.

use crate::heuristic::pdb::{check_pattern, table::packed_len, MAX_CELLS};
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error as ThisError;

pub use crate::heuristic::pdb::{file_name, file_name_1bit, TableBytes, EXTENSION};

/// The cache file format version; bump it when the layout or the table meaning changes.
pub const FORMAT_VERSION: u32 = 4;

const MAGIC: &[u8; 8] = b"NPZPDB\0\n";

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
    /// Bits an entry: 4 or 8, or 1 for a table per blank region.
    pub bits: u8,
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

/// Bytes of the table hashed as one piece; the pieces are hashed in parallel.
const CHUNK: usize = 4 << 20;

/// The checksum of a header's bytes and a table: XXH3-64 of the header, each 4 MiB piece of the
/// table's own XXH3-64 (the pieces hashed in parallel) and the table's length. A 577 MB table
/// takes tens of milliseconds on two cores.
pub fn checksum(head: &[u8], table: &[u8]) -> u64 {
    use rayon::prelude::*;
    use xxhash_rust::xxh3::{xxh3_64, Xxh3};
    let pieces: Vec<u64> = table.par_chunks(CHUNK).map(xxh3_64).collect();
    let mut h = Xxh3::new();
    h.update(head);
    for p in pieces {
        h.update(&p.to_le_bytes());
    }
    h.update(&(table.len() as u64).to_le_bytes());
    h.digest()
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
    v.push(h.bits);
    v
}

/// Writes `table`, `entries` entries of `bits` bits packed, under `path` with a header built
/// from the other fields, atomically (temporary file, then rename). Returns the header written.
#[allow(clippy::too_many_arguments)]
pub fn save(
    path: &Path,
    width: u8,
    height: u8,
    pattern: &[u8],
    goal: &str,
    entries: u64,
    bits: u8,
    table: &[u8],
) -> Result<Header, CacheError> {
    let (header, head) = header_for(width, height, pattern, goal, entries, bits, table);
    write_atomic(path, &[&head, &header.checksum.to_le_bytes(), table])?;
    Ok(header)
}

/// The header of a table and its bytes (without the checksum field, which the header holds).
fn header_for(width: u8, height: u8, pattern: &[u8], goal: &str, entries: u64, bits: u8, table: &[u8]) -> (Header, Vec<u8>) {
    let mut header =
        Header { version: FORMAT_VERSION, width, height, pattern: pattern.to_vec(), goal: goal.to_string(), entries, bits, checksum: 0 };
    let head = header_bytes(&header);
    header.checksum = checksum(&head, table);
    (header, head)
}

/// The bytes [`save`] writes, as one buffer: for a store without files (a browser's storage
/// holds them instead), read back by [`parse`], which verifies them as it does a file.
pub fn encode(width: u8, height: u8, pattern: &[u8], goal: &str, entries: u64, bits: u8, table: &[u8]) -> Vec<u8> {
    let (header, head) = header_for(width, height, pattern, goal, entries, bits, table);
    let mut out = Vec::with_capacity(head.len() + 8 + table.len());
    out.extend_from_slice(&head);
    out.extend_from_slice(&header.checksum.to_le_bytes());
    out.extend_from_slice(table);
    out
}

/// Writes `parts` one after another to a temporary file next to `path` (`<name>.tmp<PID>`),
/// flushes it to disk and renames it to `path`.
fn write_atomic(path: &Path, parts: &[&[u8]]) -> Result<(), CacheError> {
    let io = |source| CacheError::Io { path: path.to_path_buf(), source };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = std::io::BufWriter::new(fs::File::create(&tmp)?);
        for p in parts {
            f.write_all(p)?;
        }
        let f = f.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io(e)
    })
}

const AUTOMATON_MAGIC: &[u8; 8] = b"NPZFSM\0\n";

/// File-name extension of cached pruning automata.
pub const AUTOMATON_EXTENSION: &str = "fsm";

/// The file name of the pruning automaton of depth `depth` for a `width`×`height` board, e.g.
/// `pdb-4x4-prune14.fsm`.
pub fn automaton_file_name(width: usize, height: usize, depth: u32) -> String {
    format!("pdb-{width}x{height}-prune{depth}.{AUTOMATON_EXTENSION}")
}

fn automaton_head(width: usize, height: usize, body: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(24);
    v.extend_from_slice(AUTOMATON_MAGIC);
    v.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    v.extend_from_slice(&[width as u8, height as u8]);
    v.extend_from_slice(&(body.len() as u64).to_le_bytes());
    v
}

/// Saves a pruning automaton's bytes ([`crate::fast::prune::Fsm::to_bytes`]) for a
/// `width`×`height` board under `path`, atomically, with a header and checksum.
pub fn save_automaton(path: &Path, width: usize, height: usize, body: &[u8]) -> Result<(), CacheError> {
    let head = automaton_head(width, height, body);
    let sum = checksum(&head, body);
    write_atomic(path, &[&head, &sum.to_le_bytes(), body])
}

/// Reads what [`save_automaton`] wrote: the board's width and height and the automaton's
/// bytes, after checking the header and checksum.
pub fn load_automaton(path: &Path) -> Result<(usize, usize, Vec<u8>), CacheError> {
    let len = regular(path)?;
    if len > 1 << 30 {
        return Err(corrupt_file(path, format!("{len} bytes is no automaton")));
    }
    let bytes = fs::read(path).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    let head_len = AUTOMATON_MAGIC.len() + 4 + 2 + 8;
    if bytes.len() < head_len + 8 || &bytes[..8] != AUTOMATON_MAGIC {
        return Err(corrupt_file(path, "not a pruning-automaton file".into()));
    }
    let (width, height) = (bytes[12] as usize, bytes[13] as usize);
    let body = &bytes[head_len + 8..];
    let head = automaton_head(width, height, body);
    if bytes[..head_len] != head[..] {
        return Err(corrupt_file(path, "header does not match this format or the file's length".into()));
    }
    let sum = u64::from_le_bytes(bytes[head_len..head_len + 8].try_into().expect("8 bytes"));
    if checksum(&head, body) != sum {
        return Err(corrupt_file(path, "checksum does not match".into()));
    }
    Ok((width, height, body.to_vec()))
}

const SLIDES_MAGIC: &[u8; 8] = b"NPZMTM\0\n";

/// File-name extension of cached slide pattern databases
/// ([`crate::heuristic::slide_pdb::SlidePdb`]).
pub const SLIDES_EXTENSION: &str = "mtm";

/// The file name of the slide pattern database of `layout` for a `width`×`height` board, e.g.
/// `pdb-4x4-slides-1122332233443440.mtm` (the layout's classes, one hexadecimal digit a cell).
pub fn slides_file_name(width: usize, height: usize, layout: &[u8]) -> String {
    let digits: String = layout.iter().map(|&k| char::from_digit(k as u32 % 16, 16).unwrap_or('0')).collect();
    format!("pdb-{width}x{height}-slides-{digits}.{SLIDES_EXTENSION}")
}

fn slides_head(width: usize, height: usize, layout: &[u8], entries: u64) -> Vec<u8> {
    let mut v = Vec::with_capacity(32 + layout.len());
    v.extend_from_slice(SLIDES_MAGIC);
    v.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    v.extend_from_slice(&[width as u8, height as u8]);
    v.extend_from_slice(layout);
    v.extend_from_slice(&entries.to_le_bytes());
    v
}

/// Saves a slide pattern database's table (one byte a word) for `layout` on a
/// `width`×`height` board under `path`, atomically, with a header and checksum.
pub fn save_slides(path: &Path, width: usize, height: usize, layout: &[u8], table: &[u8]) -> Result<(), CacheError> {
    let head = slides_head(width, height, layout, table.len() as u64);
    let sum = checksum(&head, table);
    write_atomic(path, &[&head, &sum.to_le_bytes(), table])
}

/// Reads what [`save_slides`] wrote: the board's width and height, the layout and the table,
/// after checking the header against the file's size and the checksum.
pub fn load_slides(path: &Path) -> Result<(usize, usize, Vec<u8>, Vec<u8>), CacheError> {
    let len = regular(path)?;
    if len > 1 << 33 {
        return Err(corrupt_file(path, format!("{len} bytes is no slide table")));
    }
    let mut bytes = fs::read(path).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    if bytes.len() < 14 || &bytes[..8] != SLIDES_MAGIC {
        return Err(corrupt_file(path, "not a slide-table file".into()));
    }
    let (width, height) = (bytes[12] as usize, bytes[13] as usize);
    let cells = width * height;
    let head_len = SLIDES_MAGIC.len() + 4 + 2 + cells + 8;
    if !(2..=16).contains(&cells) || bytes.len() < head_len + 8 {
        return Err(corrupt_file(path, "truncated or impossible header".into()));
    }
    let layout = bytes[14..14 + cells].to_vec();
    let body_len = (bytes.len() - head_len - 8) as u64;
    let head = slides_head(width, height, &layout, body_len);
    if bytes[..head_len] != head[..] {
        return Err(corrupt_file(path, "header does not match this format or the file's length".into()));
    }
    let sum = u64::from_le_bytes(bytes[head_len..head_len + 8].try_into().expect("8 bytes"));
    if checksum(&head, &bytes[head_len + 8..]) != sum {
        return Err(corrupt_file(path, "checksum does not match".into()));
    }
    bytes.drain(..head_len + 8);
    Ok((width, height, layout, bytes))
}

fn corrupt_file(path: &Path, reason: String) -> CacheError {
    CacheError::Corrupt { path: path.to_path_buf(), reason }
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

/// Parses the header at the start of `bytes` and checks it against itself: a board the pattern
/// databases cover, a pattern of distinct cells of it, and exactly the entries that board and
/// pattern imply. Returns the header, the end of the checksummed header fields, and the offset
/// of the table. The table itself is not checked.
pub fn parse_header(path: &Path, bytes: &[u8]) -> Result<(Header, usize, usize), CacheError> {
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
    let bits = r.u8().ok_or_else(|| corrupt("truncated header"))?;
    let head_end = r.at;
    let checksum = r.u64().ok_or_else(|| corrupt("truncated header"))?;
    let (w, h) = (width as usize, height as usize);
    if !(2..=MAX_CELLS).contains(&w) || !(2..=MAX_CELLS).contains(&h) || w * h > MAX_CELLS {
        return Err(corrupt(&format!("header names a {w}×{h} board; tables cover boards of at most {MAX_CELLS} cells")));
    }
    if check_pattern(w, h, &pattern).is_err() || pattern.len() >= w * h {
        return Err(corrupt(&format!("header names pattern {pattern:?}, not a set of distinct cells of a {w}×{h} board")));
    }
    let regions = regions_of(&goal);
    let expected = crate::heuristic::pdb::entries(w * h, pattern.len(), regions);
    if entries != expected {
        let kind = if regions { ", a value per blank region," } else { "" };
        return Err(corrupt(&format!("header says {entries} entries; a {}-tile pattern on {w}×{h}{kind} has {expected}", pattern.len())));
    }
    if bits != 4 && bits != 8 && !(bits == 1 && regions) {
        return Err(corrupt(&format!("header says {bits} bits an entry; tables hold 4 or 8 (1 with a value per blank region)")));
    }
    Ok((Header { version, width, height, pattern, goal, entries, bits, checksum }, head_end, r.at))
}

/// Refuses anything but a regular file before it is opened: a FIFO would block the reader, and
/// a device (`/dev/zero` through a symlink) never ends.
fn regular(path: &Path) -> Result<u64, CacheError> {
    match fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(m.len()),
        Ok(_) => Err(CacheError::Corrupt { path: path.to_path_buf(), reason: "not a regular file".into() }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(CacheError::Missing(path.to_path_buf())),
        Err(source) => Err(CacheError::Io { path: path.to_path_buf(), source }),
    }
}

/// Parses and checks a whole file's bytes; returns the header and the offset of the table.
pub fn parse(path: &Path, bytes: &[u8]) -> Result<(Header, usize), CacheError> {
    let corrupt = |reason: String| CacheError::Corrupt { path: path.to_path_buf(), reason };
    let (header, head_end, data_at) = parse_header(path, bytes)?;
    let have = bytes.len().saturating_sub(data_at) as u64;
    let want = packed_len(header.entries, header.bits);
    if have != want {
        return Err(corrupt(format!("{have} table bytes, header's {} entries of {} bits need {want}", header.entries, header.bits)));
    }
    let sum = self::checksum(&bytes[..head_end], &bytes[data_at..]);
    if sum != header.checksum {
        return Err(corrupt(format!("checksum {sum:016x} does not match the header's {:016x}", header.checksum)));
    }
    Ok((header, data_at))
}

/// Reads only the header of a cache file (for listing); the table is not verified.
pub fn peek(path: &Path) -> Result<Header, CacheError> {
    use std::io::Read;
    regular(path)?;
    let mut buf = Vec::with_capacity(512);
    let f = fs::File::open(path).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    f.take(512).read_to_end(&mut buf).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    parse_header(path, &buf).map(|(h, _, _)| h)
}

/// Reads and verifies a cache file; returns its header and table, mapped in place.
pub fn load(path: &Path) -> Result<(Header, TableBytes), CacheError> {
    let io = |source| CacheError::Io { path: path.to_path_buf(), source };
    regular(path)?;
    let f = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(CacheError::Missing(path.to_path_buf())),
        Err(source) => return Err(io(source)),
    };
    let meta = f.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(CacheError::Corrupt { path: path.to_path_buf(), reason: "not a regular file".into() });
    }
    if meta.len() == 0 {
        return Err(CacheError::Corrupt { path: path.to_path_buf(), reason: "empty file".into() });
    }
    // The header is checked against the file's size before anything is mapped: a file of the
    // wrong size (a huge sparse one, say) is refused without reading it.
    let mut head = Vec::with_capacity(4096);
    std::io::Read::read_to_end(&mut std::io::Read::take(&f, 4096), &mut head).map_err(io)?;
    let (header, _, data_at) = parse_header(path, &head)?;
    let have = meta.len().saturating_sub(data_at as u64);
    let want = packed_len(header.entries, header.bits);
    if have != want {
        return Err(CacheError::Corrupt {
            path: path.to_path_buf(),
            reason: format!("{have} table bytes, header's {} entries of {} bits need {want}", header.entries, header.bits),
        });
    }
    #[cfg(not(feature = "mmap"))]
    {
        // Without memory maps (WebAssembly in a page, say) the file is read onto the heap.
        let bytes = fs::read(path).map_err(io)?;
        let (header, data_at) = parse(path, &bytes)?;
        Ok((header, TableBytes::from(bytes[data_at..].to_vec())))
    }
    #[cfg(feature = "mmap")]
    load_mapped(path, &f)
}

/// [`load`]'s last step: the file mapped read-only and verified in place.
#[cfg(feature = "mmap")]
fn load_mapped(path: &Path, f: &fs::File) -> Result<(Header, TableBytes), CacheError> {
    let io = |source| CacheError::Io { path: path.to_path_buf(), source };
    // SAFETY: the file is a regular file opened read-only. Writers of this cache never change a
    // file in place (they write a temporary file and rename it over), so the mapped bytes stay
    // the ones verified below for as long as the map lives.
    #[allow(unsafe_code)]
    // Not populated up front: the checksum's threads fault the pages in, each in its own part
    // of the table, which on two cores takes about 10 ms less for the 7-8 set than the kernel
    // populating the whole map on one.
    let map = unsafe { memmap2::MmapOptions::new().map(f) }.map_err(io)?;
    let (header, data_at) = parse(path, &map)?;
    // Lookups are scattered: read-ahead on a page evicted later would only waste memory.
    let _ = map.advise(memmap2::Advice::Random);
    Ok((header, TableBytes::mapped(map, data_at)))
}

/// One file in the cache directory.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its path.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Whether it is a pruning automaton ([`save_automaton`]) rather than a pattern database.
    pub automaton: bool,
    /// Whether it is a slide pattern database ([`save_slides`]).
    pub slides: bool,
}

/// The pattern-database, pruning-automaton and slide-table files in `dir`, sorted by name (an absent directory holds none).
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
        if path.extension().is_some_and(|x| x == EXTENSION || x == AUTOMATON_EXTENSION || x == SLIDES_EXTENSION)
            && path.file_name().is_some_and(|n| n.to_string_lossy().starts_with("pdb-"))
        {
            let bytes = e.metadata().map(|m| m.len()).unwrap_or(0);
            let automaton = path.extension().is_some_and(|x| x == AUTOMATON_EXTENSION);
            let slides = path.extension().is_some_and(|x| x == SLIDES_EXTENSION);
            out.push(Entry { path, bytes, automaton, slides });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// A temporary file a writer left in the cache directory, with the writer's process id.
#[derive(Clone, Debug)]
pub struct Temporary {
    /// Its path.
    pub path: PathBuf,
    /// The id of the process that was writing it.
    pub pid: u32,
    /// Its size in bytes.
    pub bytes: u64,
}

/// The temporary files (`pdb-….tmp<PID>`) in `dir`, sorted by name. Whether their writers still
/// run is the caller's to decide; a file whose writer died is debris that only takes space.
pub fn temporaries(dir: &Path) -> Result<Vec<Temporary>, CacheError> {
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(CacheError::Io { path: dir.to_path_buf(), source }),
    };
    let mut out = Vec::new();
    for e in rd {
        let e = e.map_err(|source| CacheError::Io { path: dir.to_path_buf(), source })?;
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        let pid =
            name.strip_prefix("pdb-").and_then(|_| path.extension()).and_then(|x| x.to_str()?.strip_prefix("tmp")?.parse::<u32>().ok());
        if let Some(pid) = pid {
            let bytes = e.metadata().map(|m| m.len()).unwrap_or(0);
            out.push(Temporary { path, pid, bytes });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// The canonical goal text stored in cache headers: cell `i` holds label `i`. It also says
/// whether the table keeps a value per blank region ([`regions_of`] reads it back), and whether
/// it serves any goal blank ([`crate::heuristic::pdb::ANY_BLANK`]).
pub fn goal_text(width: usize, height: usize, blank: u8, regions: bool) -> String {
    if blank == crate::heuristic::pdb::ANY_BLANK {
        return format!("{width}x{height}, tiles relabelled by goal cell, any goal blank; pattern-tile moves only, the blank anywhere");
    }
    let kind = if regions { "; a value per blank region" } else { "" };
    format!("{width}x{height}, tiles relabelled by goal cell, goal blank in cell {blank}; zero-aware, pattern-tile moves only{kind}")
}

/// Whether a header's goal text is that of a table with a value per blank region.
pub fn regions_of(goal_text: &str) -> bool {
    goal_text.ends_with("; a value per blank region") || goal_text.ends_with(ONE_BIT)
}

/// How the goal text of a table with one bit an entry ends.
const ONE_BIT: &str = "; a value per blank region, one bit an entry (bit 1 of the distance)";

/// The goal text of a table with a value per blank region and one bit an entry.
pub fn goal_text_1bit(width: usize, height: usize, blank: u8) -> String {
    goal_text(width, height, blank, false) + ONE_BIT
}

/// Whether a header's goal text is that of a table of one bit an entry.
pub fn one_bit_of(goal_text: &str) -> bool {
    goal_text.ends_with(ONE_BIT)
}

/// The goal blank's cell, read back from a header's goal text ("… goal blank in cell 0; …").
pub fn blank_of(goal_text: &str) -> Option<u8> {
    if goal_text.contains(", any goal blank;") {
        return Some(crate::heuristic::pdb::ANY_BLANK);
    }
    goal_text.split("blank in cell ").nth(1)?.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_load_round_trip_and_corruption() {
        let dir = std::env::temp_dir().join(format!("npuzzle-cache-unit-{}", std::process::id()));
        let path = dir.join(file_name(3, 3, 0, &[1, 2], false));
        let table: Vec<u8> = (0..72u32).map(|i| (i % 7) as u8).collect();
        let h = save(&path, 3, 3, &[1, 2], "0 1 2 3 4 5 6 7 8", 72, 8, &table).unwrap();
        let (h2, t2) = load(&path).unwrap();
        assert_eq!(h, h2);
        assert_eq!(&t2[..], &table[..]);
        // Packed 4-bit entries: 72 of them in 36 bytes; the same bytes as 8-bit entries are refused.
        let h = save(&path, 3, 3, &[1, 2], "0 1 2 3 4 5 6 7 8", 72, 4, &table[..36]).unwrap();
        let (h2, t2) = load(&path).unwrap();
        assert_eq!((h2.bits, &t2[..]), (4, &table[..36]));
        assert_eq!(h, h2);
        save(&path, 3, 3, &[1, 2], "0 1 2 3 4 5 6 7 8", 72, 8, &table[..36]).unwrap();
        assert!(matches!(load(&path), Err(CacheError::Corrupt { .. })));
        save(&path, 3, 3, &[1, 2], "0 1 2 3 4 5 6 7 8", 72, 8, &table).unwrap();
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

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("npuzzle-cache-unit-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Regression: a header claiming 64 GiB of entries, on a sparse file of that size, made the
    /// loader allocate 64 GiB and abort every solve.
    #[test]
    fn a_header_claiming_64_gib_is_refused_before_allocating() {
        let dir = scratch("huge");
        let path = dir.join(file_name(4, 4, 0, &[1, 2, 3], false));
        save(&path, 4, 4, &[1, 2, 3], "4x4", 16 * 15 * 14, 8, &vec![0u8; 16 * 15 * 14]).unwrap();
        let mut bytes = fs::read(&path).unwrap();
        let (_, head_end, data_at) = parse_header(&path, &bytes).unwrap();
        let huge: u64 = 64 << 30;
        // The entry count sits just before the one byte of bits an entry.
        bytes[head_end - 9..head_end - 1].copy_from_slice(&huge.to_le_bytes());
        bytes.truncate(data_at);
        fs::write(&path, &bytes).unwrap();
        fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(data_at as u64 + huge).unwrap();
        match load(&path) {
            Err(CacheError::Corrupt { reason, .. }) => assert!(reason.contains("entries"), "{reason}"),
            other => panic!("expected a corrupt header, got {other:?}"),
        }
        assert!(matches!(peek(&path), Err(CacheError::Corrupt { .. })));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn headers_that_do_not_describe_a_table_are_refused() {
        let dir = scratch("headers");
        let path = dir.join("pdb-x.pdb");
        for (w, h, pattern) in
            [(6u8, 6u8, vec![1u8, 2]), (4, 4, vec![1, 1]), (4, 4, vec![1, 16]), (4, 4, vec![]), (1, 4, vec![1]), (3, 3, (0..9).collect())]
        {
            let n = (w as u64 * h as u64).max(1);
            save(&path, w, h, &pattern, "g", n, 8, &vec![0u8; n as usize]).unwrap();
            assert!(matches!(load(&path), Err(CacheError::Corrupt { .. })), "{w}x{h} {pattern:?}");
        }
        // A valid board and pattern with bits an entry other than 4 or 8.
        save(&path, 3, 3, &[1, 2], "g", 72, 2, &[0u8; 18]).unwrap();
        assert!(matches!(load(&path), Err(CacheError::Corrupt { ref reason, .. }) if reason.contains("bits")));
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Regression: a FIFO in place of a cache file hung the table load forever.
    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_in_place_of_a_table_is_refused_without_reading() {
        let dir = scratch("fifo");
        let fifo = dir.join(file_name(3, 2, 0, &[1, 2], false));
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().map(|s| s.success()).unwrap_or(false);
        if made {
            assert!(matches!(load(&fifo), Err(CacheError::Corrupt { ref reason, .. }) if reason == "not a regular file"));
            assert!(matches!(peek(&fifo), Err(CacheError::Corrupt { .. })));
        }
        let link = dir.join(file_name(3, 2, 0, &[3, 4], false));
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(load(&link), Err(CacheError::Corrupt { ref reason, .. }) if reason == "not a regular file"));
        fs::remove_dir_all(&dir).unwrap();
        assert!(made, "mkfifo is part of coreutils on every machine the tests run on");
    }

    #[test]
    fn temporaries_name_their_writer() {
        let dir = scratch("tmp");
        let final_name = dir.join(file_name(3, 2, 0, &[1, 2], false));
        fs::write(final_name.with_extension("tmp4242"), b"half a table").unwrap();
        fs::write(dir.join("unrelated.tmp1"), b"x").unwrap();
        let t = temporaries(&dir).unwrap();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].pid, 4242);
        assert_eq!(t[0].bytes, 12);
        assert!(list(&dir).unwrap().is_empty(), "a temporary is not a table");
        fs::remove_dir_all(&dir).unwrap();
    }
}
