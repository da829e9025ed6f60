//! The catalogue of pattern sets: named partitions of a board's goal cells into patterns.

use super::Ranker;
use crate::error::Error;
use crate::heuristic::HeuristicKind;

/// A named partition of goal cells into patterns: of the non-blank goal cells in the canonical
/// frame (the goal blank in cell 0 or another corner) on boards of up to
/// [`super::FRAMED_CELLS`] cells; of every cell beyond, the tables serving any goal blank (see
/// [`SetSpec::for_blank`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetSpec {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The name, e.g. `7-8`.
    pub name: String,
    /// The patterns (goal cells), disjoint, covering every cell but the blank's (every cell on
    /// boards beyond 25 cells).
    pub patterns: Vec<Vec<u8>>,
    /// Whether the tables keep a value per blank region (`n − k` times larger, never weaker).
    pub regions: bool,
    /// Whether the tables (with a value per blank region) keep one bit an entry
    /// ([`super::Pdb::from_values_1bit`]): the same values as 4 bits in a quarter of the memory,
    /// for the fast IDA* engine, which tracks every table's value from the parent's.
    pub one_bit: bool,
    /// A catalogue: several partitions of the cells, each a list of indices into `patterns`,
    /// whose sums the estimate takes the largest of. Empty: `patterns` is one partition.
    pub partitions: Vec<Vec<usize>>,
}

fn cells(r: std::ops::RangeInclusive<u8>) -> Vec<u8> {
    r.collect()
}

impl SetSpec {
    /// The sets offered for a board size, strongest first, with the goal blank in cell 0.
    pub fn all_for(width: usize, height: usize) -> Vec<SetSpec> {
        let named = |name: &str, patterns: Vec<Vec<u8>>| SetSpec {
            width,
            height,
            name: name.into(),
            patterns,
            regions: false,
            one_bit: false,
            partitions: Vec::new(),
        };
        let korf_felner =
            vec![vec![1, 2, 5, 6, 7, 12], vec![3, 4, 8, 9, 13, 14], vec![10, 11, 15, 16, 20, 21], vec![17, 18, 19, 22, 23, 24]];
        match (width, height) {
            (4, 4) => vec![
                named("7-8", vec![cells(1..=7), cells(8..=15)]),
                named("6-6-3", vec![vec![1, 4, 5, 8, 9, 12], vec![2, 3, 6, 7, 10, 11], vec![13, 14, 15]]),
                named("5-5-5", vec![vec![1, 4, 5, 8, 9], vec![2, 3, 6, 7, 11], vec![10, 12, 13, 14, 15]]),
            ],
            (5, 5) => vec![
                catalogue(named("6-6-6-6x7z1", Vec::new()), &SMALL_CATALOGUE),
                SetSpec { regions: true, ..named("6-6-6-6z", korf_felner.clone()) },
                SetSpec { regions: true, one_bit: true, ..named("6-6-6-6z1", korf_felner.clone()) },
                named("6-6-6-6", korf_felner),
                named("5-5-5-5-4", vec![cells(1..=5), cells(6..=10), cells(11..=15), cells(16..=20), cells(21..=24)]),
            ],
            (6, 6) => vec![named("5-5-5-5-5-5-5", from_map(6, &SIX_BY_SIX))],
            (7, 7) => vec![named("5-5-5-5-4-4-4-4-4-4-4", from_map(7, &SEVEN_BY_SEVEN))],
            _ => vec![SetSpec::generic(width, height)],
        }
    }

    /// Row-major groups of the largest size whose tables stay under 8 million entries. A group
    /// leaves at least three cells free: with fewer, parity makes some placements (or the
    /// blank's side of them) unreachable, and the build refuses such a table. Beyond 25 cells
    /// the groups cover cells 0 to n − 2, and the last cell is a pattern of its own.
    fn generic(width: usize, height: usize) -> SetSpec {
        let n = width * height;
        let k = (1..=6.min(n - 3)).rev().find(|&k| Ranker::new(n, k).size() <= 8_000_000).unwrap_or(1);
        let big = super::any_blank(n);
        let all: Vec<u8> = if big { (0..n as u8 - 1).collect() } else { (1..n as u8).collect() };
        let mut patterns: Vec<Vec<u8>> = all.chunks(k).map(|c| c.to_vec()).collect();
        if big {
            patterns.push(vec![n as u8 - 1]);
        }
        let name = patterns.iter().map(|p| p.len().to_string()).collect::<Vec<_>>().join("-");
        SetSpec { width, height, name, patterns, regions: false, one_bit: false, partitions: Vec::new() }
    }

    /// The set built on the spot when nothing stronger is cached: 6-6-3 on 4×4, 5-5-5-5-4 on
    /// 5×5, the one named set on 6×6 and 7×7, row-major groups elsewhere.
    pub fn small_default(width: usize, height: usize) -> SetSpec {
        let all = SetSpec::all_for(width, height);
        if super::any_blank(width * height) {
            return all.into_iter().next().unwrap_or_else(|| SetSpec::generic(width, height));
        }
        all.into_iter().find(|s| s.name == "6-6-3" || s.name == "5-5-5-5-4").unwrap_or_else(|| SetSpec::generic(width, height))
    }

    /// The strongest set for a board size.
    pub fn strongest(width: usize, height: usize) -> SetSpec {
        SetSpec::all_for(width, height).remove(0)
    }

    /// Looks a set up by name for a board size.
    pub fn named(width: usize, height: usize, name: &str) -> Result<SetSpec, Error> {
        HeuristicKind::Pdb.check_size(width, height)?;
        let all = SetSpec::all_for(width, height);
        let names: Vec<String> = all.iter().map(|s| s.name.clone()).collect();
        all.into_iter()
            .find(|s| s.name == name.trim())
            .ok_or_else(|| Error::Invalid(format!("no pattern set \"{name}\" for {width}×{height}: use {}", names.join(", "))))
    }

    /// The same partition for a goal whose blank is in canonical cell `blank`: cell 0 and
    /// `blank` change places. Beyond 25 cells, `blank` leaves its pattern (and a pattern left
    /// empty is dropped): every table serves any goal blank, so a goal needs only the tables of
    /// its patterns, one of them a pattern smaller by one cell.
    pub fn for_blank(&self, blank: u8) -> SetSpec {
        let mut s = self.clone();
        if super::any_blank(self.width * self.height) {
            for p in &mut s.patterns {
                p.retain(|&c| c != blank);
            }
            s.patterns.retain(|p| !p.is_empty());
            return s;
        }
        if blank != 0 {
            for p in &mut s.patterns {
                for c in p.iter_mut() {
                    if *c == blank {
                        *c = 0;
                    }
                }
            }
        }
        s
    }

    /// Entries over all tables.
    pub fn entries(&self) -> u64 {
        let n = self.width * self.height;
        self.patterns.iter().map(|p| super::entries(n, p.len(), self.regions)).sum()
    }

    /// Bytes the tables take in memory and on disk (headers aside): 4 bits an entry (8 for a
    /// plain table whose excess does not fit, which no named framed set has), or 1.
    pub fn bytes(&self) -> u64 {
        let n = self.width * self.height;
        let bits = if self.one_bit { 1 } else { 4 };
        self.patterns.iter().map(|p| super::table::packed_len(super::entries(n, p.len(), self.regions), bits)).sum()
    }

    /// The partitions whose sums the estimate takes the largest of, as indices into
    /// `patterns`: [`SetSpec::partitions`], or all the patterns as one.
    pub fn partition_list(&self) -> Vec<Vec<usize>> {
        if self.partitions.is_empty() {
            vec![(0..self.patterns.len()).collect()]
        } else {
            self.partitions.clone()
        }
    }

    /// The goal blank's cell: the one cell no pattern holds (none on boards beyond 25 cells,
    /// where the patterns cover every cell: [`super::ANY_BLANK`]).
    pub fn blank(&self) -> u8 {
        let used = self.patterns.iter().flatten().fold(0u64, |m, &c| m | 1 << c);
        let free = (!used).trailing_zeros() as usize;
        if free < self.width * self.height {
            free as u8
        } else {
            super::ANY_BLANK
        }
    }

    /// The goal-blank cell the tables of this set are built for: [`SetSpec::blank`], or
    /// [`super::ANY_BLANK`] for tables that serve any goal blank.
    pub fn table_blank(&self) -> u8 {
        if super::any_blank(self.width * self.height) {
            super::ANY_BLANK
        } else {
            self.blank()
        }
    }
}

/// The catalogue of seven 6-6-6-6 partitions of the 5×5 goal cells (the blank's cell 0 in no
/// pattern), letters one pattern each; with each partition also looked up transposed, fourteen
/// sums from fourteen tables. These are Clausecker & Reinefeld's "small" catalogue (SoCS 2021),
/// whose transposed form expands the fewest nodes in their measurements.
const SMALL_CATALOGUE: [[&str; 5]; 7] = [
    [".ABBB", "AABBB", "AAACC", "DDDCC", "DDDCC"],
    [".AABB", "AABBB", "AABCC", "DDDCC", "DDDCC"],
    [".ABBB", "AABBB", "AAACC", "CCCCD", "DDDDD"],
    [".AABB", "AABBB", "AABCC", "CCCCD", "DDDDD"],
    [".ABBB", "AABBB", "ACCDD", "ACCDD", "ACCDD"],
    [".AABB", "AACCB", "AACCB", "DDDCB", "DDDCB"],
    [".ABBB", "AABBB", "ACCCD", "ACCCD", "ADDDD"],
];

/// `base` with the partitions the maps describe: the distinct patterns in order of first
/// appearance, each partition a list of indices into them; tables with a value per blank
/// region and one bit an entry.
fn catalogue(base: SetSpec, maps: &[[&str; 5]]) -> SetSpec {
    let mut patterns: Vec<Vec<u8>> = Vec::new();
    let mut partitions = Vec::new();
    for rows in maps {
        let mut part = Vec::new();
        for mut p in from_map(base.width, rows) {
            if p == [0] {
                continue;
            }
            p.sort();
            let i = patterns.iter().position(|q| *q == p).unwrap_or_else(|| {
                patterns.push(p.clone());
                patterns.len() - 1
            });
            part.push(i);
        }
        partitions.push(part);
    }
    SetSpec { patterns, partitions, regions: true, one_bit: true, ..base }
}

/// The 6×6 partition: seven groups of five neighbouring cells (each a 2×2 block and a cell beside
/// it, or close to that), the last cell on its own.
const SIX_BY_SIX: [&str; 6] = ["AAABBB", "AACCBB", "DDCCEE", "DDCFEE", "DGGFFE", "GGGFFH"];

/// The 7×7 partition: four groups of five and seven of four, the last cell on its own.
const SEVEN_BY_SEVEN: [&str; 7] = ["AAABBBC", "AADBBCC", "DDDEECC", "FFGEEHH", "FFGGIHH", "JJGIIIK", "JJJKKKL"];

/// The patterns a map of letters (one a group) describes, in the letters' order.
fn from_map(width: usize, rows: &[&str]) -> Vec<Vec<u8>> {
    let mut groups: Vec<(char, Vec<u8>)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let cell = (r * width + c) as u8;
            match groups.iter_mut().find(|g| g.0 == ch) {
                Some(g) => g.1.push(cell),
                None => groups.push((ch, vec![cell])),
            }
        }
    }
    groups.sort_by_key(|g| g.0);
    groups.into_iter().map(|g| g.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_beyond_25_cells_partition_every_cell_and_drop_the_goal_blank() {
        for (w, h) in [(6, 6), (7, 7), (5, 6), (8, 8)] {
            for s in SetSpec::all_for(w, h) {
                let mut all: Vec<u8> = s.patterns.concat();
                all.sort();
                assert_eq!(all, (0..(w * h) as u8).collect::<Vec<_>>(), "{w}x{h} {}", s.name);
                assert!(s.patterns.iter().all(|p| p.len() <= 5), "{w}x{h} {}", s.name);
                assert_eq!(s.table_blank(), crate::heuristic::pdb::ANY_BLANK);
                let last = (w * h - 1) as u8;
                assert_eq!(s.for_blank(last).patterns.len(), s.patterns.len() - 1);
                let mid = s.for_blank(7);
                assert_eq!(mid.patterns.concat().len(), w * h - 1);
                assert!(!mid.patterns.concat().contains(&7));
            }
        }
        assert_eq!(SetSpec::strongest(6, 6).name, "5-5-5-5-5-5-5");
        assert_eq!(SetSpec::strongest(6, 6).patterns[0], vec![0, 1, 2, 6, 7]);
        assert_eq!(SetSpec::strongest(7, 7).name, "5-5-5-5-4-4-4-4-4-4-4");
    }

    #[test]
    fn named_sets_partition_the_cells() {
        for (w, h) in [(4, 4), (5, 5), (3, 3), (2, 4), (3, 2)] {
            for s in SetSpec::all_for(w, h) {
                for part in s.partition_list() {
                    let mut all: Vec<u8> = part.iter().flat_map(|&i| s.patterns[i].clone()).collect();
                    all.sort();
                    assert_eq!(all, (1..(w * h) as u8).collect::<Vec<_>>(), "{w}x{h} {}", s.name);
                }
                assert!(!s.one_bit || s.regions, "{}: one bit an entry needs a value per region", s.name);
            }
        }
        let cat = SetSpec::named(5, 5, "6-6-6-6x7z1").unwrap();
        assert_eq!((cat.patterns.len(), cat.partitions.len()), (14, 7));
        assert!(cat.patterns.iter().all(|p| p.len() == 6));
        // A pattern shared by several partitions is one table.
        let mut distinct = cat.patterns.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 14);
        assert_eq!(cat.bytes(), 14 * (127_512_000u64 * 19).div_ceil(8));
        assert!(SetSpec::named(4, 4, "9-6").is_err());
        assert!(SetSpec::named(6, 6, "7-8").is_err());
        assert_eq!(SetSpec::small_default(4, 4).name, "6-6-3");
        assert_eq!(SetSpec::generic(3, 3).name, "6-2");
    }
}
