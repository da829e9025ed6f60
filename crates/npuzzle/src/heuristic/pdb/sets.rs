//! The catalogue of pattern sets: named partitions of a board's goal cells into patterns.

use super::Ranker;
use crate::error::Error;
use crate::heuristic::HeuristicKind;

/// A named partition of the non-blank goal cells into patterns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetSpec {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The name, e.g. `7-8`.
    pub name: String,
    /// The patterns (goal cells), disjoint, covering every cell but the blank's.
    pub patterns: Vec<Vec<u8>>,
    /// Whether the tables keep a value per blank region (`n − k` times larger, never weaker).
    pub regions: bool,
}

fn cells(r: std::ops::RangeInclusive<u8>) -> Vec<u8> {
    r.collect()
}

impl SetSpec {
    /// The sets offered for a board size, strongest first, with the goal blank in cell 0.
    pub fn all_for(width: usize, height: usize) -> Vec<SetSpec> {
        let named = |name: &str, patterns: Vec<Vec<u8>>| SetSpec { width, height, name: name.into(), patterns, regions: false };
        let korf_felner =
            vec![vec![1, 2, 5, 6, 7, 12], vec![3, 4, 8, 9, 13, 14], vec![10, 11, 15, 16, 20, 21], vec![17, 18, 19, 22, 23, 24]];
        match (width, height) {
            (4, 4) => vec![
                named("7-8", vec![cells(1..=7), cells(8..=15)]),
                named("6-6-3", vec![vec![1, 4, 5, 8, 9, 12], vec![2, 3, 6, 7, 10, 11], vec![13, 14, 15]]),
                named("5-5-5", vec![vec![1, 4, 5, 8, 9], vec![2, 3, 6, 7, 11], vec![10, 12, 13, 14, 15]]),
            ],
            (5, 5) => vec![
                SetSpec { regions: true, ..named("6-6-6-6z", korf_felner.clone()) },
                named("6-6-6-6", korf_felner),
                named("5-5-5-5-4", vec![cells(1..=5), cells(6..=10), cells(11..=15), cells(16..=20), cells(21..=24)]),
            ],
            _ => vec![SetSpec::generic(width, height)],
        }
    }

    /// Row-major groups of the largest size whose tables stay under 8 million entries. A group
    /// leaves at least three cells free: with fewer, parity makes some placements (or the
    /// blank's side of them) unreachable, and the build refuses such a table.
    fn generic(width: usize, height: usize) -> SetSpec {
        let n = width * height;
        let k = (1..=6.min(n - 3)).rev().find(|&k| Ranker::new(n, k).size() <= 8_000_000).unwrap_or(1);
        let all: Vec<u8> = (1..n as u8).collect();
        let patterns: Vec<Vec<u8>> = all.chunks(k).map(|c| c.to_vec()).collect();
        let name = patterns.iter().map(|p| p.len().to_string()).collect::<Vec<_>>().join("-");
        SetSpec { width, height, name, patterns, regions: false }
    }

    /// The set built on the spot when nothing stronger is cached: 6-6-3 on 4×4, 5-5-5-5-4 on
    /// 5×5, row-major groups elsewhere.
    pub fn small_default(width: usize, height: usize) -> SetSpec {
        let all = SetSpec::all_for(width, height);
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
    /// `blank` change places.
    pub fn for_blank(&self, blank: u8) -> SetSpec {
        let mut s = self.clone();
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

    /// Entries over all tables (two a byte in memory).
    pub fn entries(&self) -> u64 {
        let n = self.width * self.height;
        self.patterns.iter().map(|p| super::entries(n, p.len(), self.regions)).sum()
    }

    /// The goal blank's cell: the one cell no pattern holds.
    pub fn blank(&self) -> u8 {
        let used = self.patterns.iter().flatten().fold(0u32, |m, &c| m | 1 << c);
        (!used).trailing_zeros() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets_partition_the_cells() {
        for (w, h) in [(4, 4), (5, 5), (3, 3), (2, 4), (3, 2)] {
            for s in SetSpec::all_for(w, h) {
                let mut all: Vec<u8> = s.patterns.concat();
                all.sort();
                assert_eq!(all, (1..(w * h) as u8).collect::<Vec<_>>(), "{w}x{h} {}", s.name);
            }
        }
        assert!(SetSpec::named(4, 4, "9-6").is_err());
        assert!(SetSpec::named(6, 6, "7-8").is_err());
        assert_eq!(SetSpec::small_default(4, 4).name, "6-6-3");
        assert_eq!(SetSpec::generic(3, 3).name, "6-2");
    }
}
