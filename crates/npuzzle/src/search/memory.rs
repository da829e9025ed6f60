//! What a search's own structures hold, counted the way the allocator sees them: the capacity
//! of every vector, queue and heap (not its length), the buckets and control bytes of every hash
//! table, each state's own heap block with its allocator header, and the next growth of any
//! structure about to grow, since growing copies into a buffer twice the size while the old one
//! is still held. A search checks its memory limit against this figure before each expansion,
//! so the real peak stays within the limit plus the program's fixed base.

use crate::state::State;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};
use std::hash::BuildHasher;
use std::mem::size_of;

/// Bytes a heap block costs beyond its contents (the allocator's header and rounding).
const BLOCK_OVERHEAD: usize = 16;
/// Control bytes past the end of a hash table's buckets (one SIMD group).
const GROUP_WIDTH: usize = 16;
/// Elements an expansion can add to one structure before the next check.
const PER_EXPANSION: usize = 4;

/// A running total of bytes held, and the largest allocation a structure is about to make.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Footprint {
    held: usize,
    growth: usize,
}

/// The heap bytes a state owns outside its inline value, with the allocator's overhead.
pub(crate) fn state_heap<S: State>(sample: &S) -> usize {
    match sample.heap_bytes() {
        0 => 0,
        n => n + BLOCK_OVERHEAD,
    }
}

/// Buckets of a hashbrown table whose `capacity()` is `cap` (7/8 of the buckets once there are
/// eight or more).
fn buckets(cap: usize) -> usize {
    match cap {
        0 => 0,
        c if c < 8 => c + 1,
        c => c / 7 * 8,
    }
}

fn table_bytes(buckets: usize, entry: usize) -> usize {
    if buckets == 0 {
        0
    } else {
        buckets * (entry + 1) + GROUP_WIDTH
    }
}

impl Footprint {
    /// Adds a contiguous buffer of `cap` slots of `T` holding `len` of them, each also owning
    /// `heap` bytes elsewhere.
    fn buffer<T>(&mut self, len: usize, cap: usize, heap: usize) -> &mut Self {
        self.held += cap * size_of::<T>() + len * heap;
        if len + PER_EXPANSION > cap {
            // A vector grows to twice its capacity (at least a few slots) and copies.
            self.growth = self.growth.max((2 * cap).max(8) * size_of::<T>());
        }
        self
    }

    /// A vector whose elements each own `heap` bytes elsewhere.
    pub fn vec<T>(&mut self, v: &Vec<T>, heap: usize) -> &mut Self {
        self.buffer::<T>(v.len(), v.capacity(), heap)
    }

    /// A double-ended queue.
    pub fn deque<T>(&mut self, v: &VecDeque<T>, heap: usize) -> &mut Self {
        self.buffer::<T>(v.len(), v.capacity(), heap)
    }

    /// A binary heap.
    pub fn heap<T: Ord>(&mut self, v: &BinaryHeap<T>, heap: usize) -> &mut Self {
        self.buffer::<T>(v.len(), v.capacity(), heap)
    }

    /// A hash table of `len` entries of `entry` bytes and capacity `cap`, each entry also owning
    /// `heap` bytes elsewhere.
    fn table(&mut self, len: usize, cap: usize, entry: usize, heap: usize) -> &mut Self {
        let b = buckets(cap);
        self.held += table_bytes(b, entry) + len * heap;
        if len + PER_EXPANSION > cap {
            self.growth = self.growth.max(table_bytes((2 * b).max(4), entry));
        }
        self
    }

    /// A hash set whose keys each own `heap` bytes elsewhere.
    pub fn set<K, H: BuildHasher>(&mut self, s: &HashSet<K, H>, heap: usize) -> &mut Self {
        self.table(s.len(), s.capacity(), size_of::<K>(), heap)
    }

    /// A hash map whose keys each own `heap` bytes elsewhere.
    pub fn map<K, V, H: BuildHasher>(&mut self, m: &HashMap<K, V, H>, heap: usize) -> &mut Self {
        self.table(m.len(), m.capacity(), size_of::<(K, V)>(), heap)
    }

    /// Bytes held now, plus the allocation about to be made: the figure a limit is checked
    /// against.
    pub fn total(&self) -> usize {
        self.held + self.growth
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_counts_follow_the_table_capacity() {
        for n in [1usize, 3, 7, 8, 100, 1000, 123_456] {
            let mut s: HashSet<u64> = HashSet::new();
            for i in 0..n as u64 {
                s.insert(i);
            }
            let b = buckets(s.capacity());
            assert!(b.is_power_of_two(), "{n}: {b}");
            assert!(b >= s.len());
            assert!(b <= 4 * s.len().max(4), "{n}: {b}");
        }
    }

    #[test]
    fn a_full_vector_counts_its_next_growth() {
        let mut v: Vec<u64> = Vec::with_capacity(16);
        v.extend(0..16);
        let mut f = Footprint::default();
        f.vec(&v, 0);
        assert_eq!(f.held, 128);
        assert_eq!(f.total(), 128 + 256);
        let v: Vec<u64> = Vec::with_capacity(1024);
        let mut f = Footprint::default();
        f.vec(&v, 0);
        assert_eq!(f.total(), 8192, "room to spare: no growth pending");
    }
}
