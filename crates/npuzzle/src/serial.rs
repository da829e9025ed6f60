//! Rayon's parallel iterators as plain loops, for builds without the `parallel` feature (the
//! page's WebAssembly, which has no threads). Each module that shares work over rayon's threads
//! names this module `rayon` in such a build, so the same code runs, in order, on the one
//! thread. No answer of the library depends on the number of threads, so the answers are the
//! same; the module leaves out rayon's thread pool and its tasks.

use std::iter::{Enumerate, Map, Once, Sum, Zip};

/// The threads work is shared over: this one.
pub fn current_num_threads() -> usize {
    1
}

/// What `use rayon::prelude::*` brings in.
pub mod prelude {
    pub use super::{
        IntoParallelIterator, IntoParallelRefIterator, IntoParallelRefMutIterator, ParallelExtend, ParallelSlice, ParallelSliceMut,
    };
}

/// An iterator run in order on this thread, with rayon's adaptors (its `fold` and `reduce` take
/// an identity, as rayon's do).
pub struct Par<I>(I);

impl<I: Iterator> Par<I> {
    pub fn map<R, F: FnMut(I::Item) -> R>(self, f: F) -> Par<Map<I, F>> {
        Par(self.0.map(f))
    }

    pub fn enumerate(self) -> Par<Enumerate<I>> {
        Par(self.0.enumerate())
    }

    pub fn zip<J: IntoIterator>(self, other: J) -> Par<Zip<I, J::IntoIter>> {
        Par(self.0.zip(other))
    }

    pub fn with_min_len(self, _: usize) -> Par<I> {
        self
    }

    pub fn with_max_len(self, _: usize) -> Par<I> {
        self
    }

    pub fn for_each<F: FnMut(I::Item)>(self, f: F) {
        self.0.for_each(f)
    }

    pub fn collect<C: FromIterator<I::Item>>(self) -> C {
        self.0.collect()
    }

    pub fn sum<S: Sum<I::Item>>(self) -> S {
        self.0.sum()
    }

    /// One accumulator for all the items (rayon's: one for each piece of work).
    pub fn fold<T, Id: Fn() -> T, F: FnMut(T, I::Item) -> T>(self, identity: Id, f: F) -> Par<Once<T>> {
        Par(std::iter::once(self.0.fold(identity(), f)))
    }

    pub fn reduce<Id: Fn() -> I::Item, F: FnMut(I::Item, I::Item) -> I::Item>(self, identity: Id, f: F) -> I::Item {
        self.0.fold(identity(), f)
    }
}

impl<T, E, I: Iterator<Item = Result<T, E>>> Par<I> {
    /// The items' values reduced by `f`, or the first error (of an item or of `f`).
    pub fn try_reduce<Id: Fn() -> T, F: FnMut(T, T) -> Result<T, E>>(self, identity: Id, mut f: F) -> Result<T, E> {
        let mut acc = identity();
        for item in self.0 {
            acc = f(acc, item?)?;
        }
        Ok(acc)
    }
}

impl<I: Iterator> IntoIterator for Par<I> {
    type Item = I::Item;
    type IntoIter = I;
    fn into_iter(self) -> I {
        self.0
    }
}

/// `into_par_iter`.
pub trait IntoParallelIterator: IntoIterator + Sized {
    fn into_par_iter(self) -> Par<Self::IntoIter> {
        Par(self.into_iter())
    }
}

impl<I: IntoIterator> IntoParallelIterator for I {}

/// `par_iter` on a slice.
pub trait IntoParallelRefIterator<T> {
    fn par_iter(&self) -> Par<std::slice::Iter<'_, T>>;
}

impl<T> IntoParallelRefIterator<T> for [T] {
    fn par_iter(&self) -> Par<std::slice::Iter<'_, T>> {
        Par(self.iter())
    }
}

/// `par_iter_mut` on a slice.
pub trait IntoParallelRefMutIterator<T> {
    fn par_iter_mut(&mut self) -> Par<std::slice::IterMut<'_, T>>;
}

impl<T> IntoParallelRefMutIterator<T> for [T] {
    fn par_iter_mut(&mut self) -> Par<std::slice::IterMut<'_, T>> {
        Par(self.iter_mut())
    }
}

/// `par_chunks` on a slice.
pub trait ParallelSlice<T> {
    fn par_chunks(&self, size: usize) -> Par<std::slice::Chunks<'_, T>>;
}

impl<T> ParallelSlice<T> for [T] {
    fn par_chunks(&self, size: usize) -> Par<std::slice::Chunks<'_, T>> {
        Par(self.chunks(size))
    }
}

/// `par_chunks_mut` on a slice.
pub trait ParallelSliceMut<T> {
    fn par_chunks_mut(&mut self, size: usize) -> Par<std::slice::ChunksMut<'_, T>>;
}

impl<T> ParallelSliceMut<T> for [T] {
    fn par_chunks_mut(&mut self, size: usize) -> Par<std::slice::ChunksMut<'_, T>> {
        Par(self.chunks_mut(size))
    }
}

/// `par_extend` on a vector.
pub trait ParallelExtend<T> {
    fn par_extend<I: IntoIterator<Item = T>>(&mut self, items: I);
}

impl<T> ParallelExtend<T> for Vec<T> {
    fn par_extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        self.extend(items)
    }
}
