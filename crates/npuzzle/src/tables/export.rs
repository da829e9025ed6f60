//! The store's tables as files' bytes, for a front end without files (a page keeps them in the
//! browser's storage), and back.

use super::cache;
use super::cache::{blank_of, one_bit_of, regions_of};
use super::store::{lock, table_file_name, table_goal_text, PdbKey, TableStore};
use crate::error::Error;
use crate::heuristic::pdb::Pdb;

use std::path::Path;
use std::sync::Arc;

impl TableStore {
    /// Every pattern database the store keeps, each as its cache file name and the bytes of
    /// that file ([`cache::encode`]): what a front end without files (a page, which keeps them in
    /// the browser's storage) saves, and gives back to [`TableStore::import`] later.
    pub fn export(&self) -> Vec<(String, Vec<u8>)> {
        self.exported_names().into_iter().filter_map(|name| Some((name.clone(), self.export_one(&name)?))).collect()
    }

    /// The cache file names of the pattern databases the store keeps, sorted: what
    /// [`TableStore::export`] would give, without encoding any table.
    pub fn exported_names(&self) -> Vec<String> {
        let mut names: Vec<String> = lock(&self.pdbs)
            .keys()
            .map(|(w, h, blank, pattern, regions, one_bit)| table_file_name(*w as usize, *h as usize, *blank, pattern, *regions, *one_bit))
            .collect();
        names.sort();
        names
    }

    /// The one table named `name` as [`TableStore::export`] gives it, if the store keeps it.
    pub fn export_one(&self, name: &str) -> Option<Vec<u8>> {
        let pdbs = lock(&self.pdbs);
        let ((w, h, blank, pattern, regions, one_bit), p) = pdbs.iter().find(|((w, h, blank, pattern, regions, one_bit), _)| {
            table_file_name(*w as usize, *h as usize, *blank, pattern, *regions, *one_bit) == name
        })?;
        let goal = table_goal_text(*w as usize, *h as usize, *blank, *regions, *one_bit);
        Some(cache::encode(*w, *h, pattern, &goal, p.len() as u64, p.bits(), p.table()))
    }

    /// Keeps the pattern database in `bytes`, the bytes of a cache file named `name` (as
    /// [`TableStore::export`] gives them), once they pass every check a cache file passes:
    /// header, size, checksum, and a name that says what the header holds. Anything else is
    /// [`Error::Cache`], and nothing is kept.
    pub fn import(&self, name: &str, bytes: &[u8]) -> Result<(), Error> {
        let path = Path::new(name);
        let bad = |reason: String| Error::Cache(format!("{name}: {reason}"));
        let (h, data_at) = cache::parse(path, bytes).map_err(|e| bad(e.to_string()))?;
        let regions = regions_of(&h.goal);
        let one_bit = one_bit_of(&h.goal);
        let blank = blank_of(&h.goal).ok_or_else(|| bad("the header names no goal blank cell".into()))?;
        let (w, hh) = (h.width as usize, h.height as usize);
        if table_file_name(w, hh, blank, &h.pattern, regions, one_bit) != name
            || h.goal != table_goal_text(w, hh, blank, regions, one_bit)
            || one_bit != (h.bits == 1)
        {
            return Err(bad("the name does not say what the header holds".into()));
        }
        let table = cache::TableBytes::from(bytes[data_at..].to_vec());
        let p = Pdb::from_packed(w, hh, blank, &h.pattern, regions, h.bits, table).map_err(|e| bad(e.to_string()))?;
        let key: PdbKey = (h.width, h.height, blank, h.pattern.clone(), regions, one_bit);
        lock(&self.pdbs).insert(key, Arc::new(p));
        Ok(())
    }
}
