//! What the `bench` suites share: the instance files and `--ids`, the output formats, the
//! progress bar, `--jobs` and the worker threads. It imports none of the suites, and each suite
//! imports only this file of `bench`'s.

use crate::exit::BadInput;
use anyhow::{anyhow, bail, Context, Result};
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::Board;
use std::io::IsTerminal;

/// Korf's 100 random 15-puzzle instances (goal blank-first): `id t0..t15 optimum`.
pub const KORF100: &str = include_str!("../../data/korf100.txt");

/// Output formats of `bench file` and `bench depth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    /// A table (`depth`: the book's layout, search cost then b*, a line per depth), then the
    /// totals.
    Text,
    /// CSV: a header row, then one row per board (`depth`: per depth and pair).
    Csv,
    /// `file`: one JSON object per board (JSON Lines), then one with the totals; `depth`: one
    /// JSON array, an object per depth and pair.
    Json,
}

/// `--jobs`, for the suites that do not say more about it.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Jobs {
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j', value_parser = crate::opts::parse_jobs)]
    pub jobs: Option<usize>,
}

/// Runs `suite` on a pool of `jobs` worker threads (all cores without it), with stacks deep
/// enough for the depth-first searches.
pub fn in_pool(jobs: Option<usize>, suite: impl FnOnce() -> Result<u8> + Send) -> Result<u8> {
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(jobs.unwrap_or(0)).stack_size(64 << 20).build().context("starting worker threads")?;
    pool.install(suite)
}

/// An instance of a suite with a known optimum.
pub struct Instance {
    pub id: u32,
    pub board: Board,
    /// The optimal length in single-tile moves.
    pub optimum: u32,
}

/// The instances of a suite's text: lines `id tiles… optimum` of `side`×`side` boards.
pub fn instances(text: &str, side: usize) -> Result<Vec<Instance>> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let nums: Vec<u32> = line.split_whitespace().map(|t| t.parse()).collect::<Result<_, _>>().context("instance file")?;
        if nums.len() != side * side + 2 {
            bail!("instance line has {} numbers, expected {}", nums.len(), side * side + 2);
        }
        let board = Board::new(side, side, nums[1..=side * side].to_vec())?;
        out.push(Instance { id: nums[0], board, optimum: nums[side * side + 1] });
    }
    Ok(out)
}

/// The instances of the suite `text` that `ids` (`--ids`) names, in its order (all of them
/// without it).
pub fn picked(ids: Option<&str>, text: &str, side: usize) -> Result<Vec<Instance>> {
    let mut all = instances(text, side)?;
    if let Some(ids) = ids {
        let ids = parse_ids(ids)?;
        if let Some(bad) = ids.iter().find(|i| !all.iter().any(|x| x.id == **i)) {
            return Err(anyhow!(BadInput).context(format!("no instance {bad} in this suite")));
        }
        let mut picked = Vec::with_capacity(ids.len());
        for i in &ids {
            if let Some(p) = all.iter().position(|x| x.id == *i) {
                picked.push(all.swap_remove(p));
            }
        }
        all = picked;
    }
    Ok(all)
}

/// Reads `--ids`: ids and ranges, e.g. `40,38` or `1-10`.
pub fn parse_ids(s: &str) -> Result<Vec<u32>> {
    let mut ids = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || anyhow!(BadInput).context(format!("bad id list \"{s}\" (use e.g. 40,38 or 1-10)"));
        if let Some((a, b)) = part.split_once('-') {
            let (a, b): (u32, u32) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
            ids.extend(a..=b);
        } else {
            ids.push(part.parse().map_err(|_| bad())?);
        }
    }
    Ok(ids)
}

/// A progress bar of `len` steps on a terminal's stderr; hidden elsewhere.
pub fn bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(len);
    b.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len}  {elapsed_precise} eta {eta}").expect("valid template"));
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_ranges_parse_and_an_unknown_id_is_bad_input() {
        assert_eq!(parse_ids("40, 38,1-3").unwrap(), [40, 38, 1, 2, 3]);
        assert!(parse_ids("4-x").is_err());
        let picked_ids: Vec<u32> = picked(Some("55,16"), KORF100, 4).unwrap().iter().map(|i| i.id).collect();
        assert_eq!(picked_ids, [55, 16]);
        let e = picked(Some("101"), KORF100, 4).err().unwrap();
        assert_eq!(crate::exit::code_for(&e), crate::exit::BAD_INPUT);
    }
}
