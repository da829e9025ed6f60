//! Words the library's messages and its front ends' share: a count with its noun, a size in
//! megabytes, a pattern's cells.

/// `n` and `noun`, plural unless `n` is 1: `1 file`, `2 files`.
pub fn count(n: u64, noun: &str) -> String {
    format!("{n} {}", noun_for(n, noun))
}

/// `noun`, plural unless `n` is 1: `move`, `moves`.
pub fn noun_for(n: u64, noun: &str) -> String {
    if n == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}

/// Bytes as whole megabytes: `1240 MB`.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.0} MB", bytes as f64 / 1e6)
}

/// A pattern's cells as written on the command line: `1,2,3`.
pub fn pattern(cells: &[u8]) -> String {
    cells.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_their_plural() {
        assert_eq!(count(1, "file"), "1 file");
        assert_eq!(count(0, "file"), "0 files");
        assert_eq!(count(2, "temporary file"), "2 temporary files");
        assert_eq!(noun_for(1, "move"), "move");
        assert_eq!(noun_for(3, "move"), "moves");
        assert_eq!(megabytes(1_240_400_000), "1240 MB");
        assert_eq!(pattern(&[1, 2, 13]), "1,2,13");
    }
}
