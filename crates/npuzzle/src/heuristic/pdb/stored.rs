//! How a pattern database is held and named: its bytes (in memory, or a verified cache file
//! mapped in place) and the file name that says what it holds. The file format itself, and the
//! reading and writing of it, are the store's ([`crate::tables::cache`]).

/// File-name extension of cached tables.
pub const EXTENSION: &str = "pdb";

/// The file name that says what a table holds: board, goal blank cell (`any` for a table that
/// serves any goal blank) and pattern cells, e.g. `pdb-4x4-b0-1.2.3.4.5.6.7.pdb`.
pub fn file_name(width: usize, height: usize, blank: u8, pattern: &[u8], regions: bool) -> String {
    let cells: Vec<String> = pattern.iter().map(|c| c.to_string()).collect();
    let kind = if regions { "-regions" } else { "" };
    let blank = if blank == crate::heuristic::pdb::ANY_BLANK { "any".to_string() } else { blank.to_string() };
    format!("pdb-{width}x{height}-b{blank}-{}{kind}.{EXTENSION}", cells.join("."))
}

/// The file name of a table with a value per blank region and one bit an entry
/// ([`crate::heuristic::pdb::Pdb::from_values_1bit`]), e.g. `pdb-5x5-b0-1.2.5.6.7.12-regions-1bit.pdb`.
pub fn file_name_1bit(width: usize, height: usize, blank: u8, pattern: &[u8]) -> String {
    let name = file_name(width, height, blank, pattern, true);
    format!("{}-1bit.{EXTENSION}", name.trim_end_matches(&format!(".{EXTENSION}")))
}

/// A table's bytes: read from a verified cache file and mapped in place, or held in memory.
pub struct TableBytes(Inner);

enum Inner {
    Owned(Box<[u8]>),
    #[cfg(feature = "mmap")]
    Mapped {
        map: memmap2::Mmap,
        at: usize,
    },
}

impl TableBytes {
    /// Whether the bytes are a mapped cache file.
    pub fn is_mapped(&self) -> bool {
        #[cfg(feature = "mmap")]
        return matches!(self.0, Inner::Mapped { .. });
        #[cfg(not(feature = "mmap"))]
        false
    }
}

impl std::ops::Deref for TableBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Inner::Owned(b) => b,
            #[cfg(feature = "mmap")]
            Inner::Mapped { map, at } => &map[*at..],
        }
    }
}

impl From<Vec<u8>> for TableBytes {
    fn from(v: Vec<u8>) -> TableBytes {
        TableBytes(Inner::Owned(v.into_boxed_slice()))
    }
}

impl std::fmt::Debug for TableBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TableBytes({} bytes{})", self.len(), if self.is_mapped() { ", mapped" } else { "" })
    }
}

impl TableBytes {
    /// The bytes of a mapped, verified cache file from `at` on.
    #[cfg(feature = "mmap")]
    pub(crate) fn mapped(map: memmap2::Mmap, at: usize) -> TableBytes {
        TableBytes(Inner::Mapped { map, at })
    }
}
