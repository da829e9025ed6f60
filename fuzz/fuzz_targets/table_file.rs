//! A pattern-database cache file's bytes, header and body. The loader must refuse anything that
//! is not a whole, checked table without a panic and without allocating what a header claims.
//! Half the inputs get their checksum set right, so that the checks after it are reached too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle::heuristic::pdb::{table::packed_len, Pdb};
use npuzzle::tables::cache;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, bytes)) = data.split_first() else { return };
    let path = Path::new("fuzz.pdb");
    let Ok((header, head_end, data_at)) = cache::parse_header(path, bytes) else {
        assert!(cache::parse(path, bytes).is_err());
        return;
    };
    let mut bytes = bytes.to_vec();
    if mode & 1 == 1 && bytes.len() >= data_at {
        let sum = cache::checksum(&bytes[..head_end], &bytes[data_at..]);
        bytes[head_end..head_end + 8].copy_from_slice(&sum.to_le_bytes());
    }
    let Ok((header2, at)) = cache::parse(path, &bytes) else { return };
    assert_eq!((header2.entries, header2.bits), (header.entries, header.bits));
    assert_eq!((bytes.len() - at) as u64, packed_len(header.entries, header.bits));
    let (w, h) = (header.width as usize, header.height as usize);
    if let Ok(pdb) = Pdb::from_packed(w, h, 0, &header.pattern, npuzzle::tables::regions_of(&header.goal), header.bits, bytes[at..].to_vec().into()) {
        for i in (0..pdb.len() as u64).step_by(97) {
            let _ = pdb.at(i);
        }
    }
});
