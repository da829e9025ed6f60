//! Test helpers shared by npuzzle's test suites. Nothing here uses the `npuzzle` library: the
//! oracle walks plain `Vec<u8>` boards with its own neighbour arithmetic, so a bug in the library
//! cannot hide in its own yardstick.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::collections::{HashMap, VecDeque};

/// Exact distances from every board that reaches `goal` (row-major tiles, 0 the blank) on a
/// `width`×`height` board, by breadth-first search from the goal.
pub fn distances(width: usize, height: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    assert_eq!(goal.len(), width * height, "goal size");
    breadth_first(goal, |b| neighbours(width, height, b))
}

/// Every board reached from `goal` by the moves `next`, with its distance (the moves undo
/// each other, so it is the distance to the goal too).
fn breadth_first(goal: &[u8], next: impl Fn(&[u8]) -> Vec<Vec<u8>>) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.to_vec(), 0);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        for n in next(&b) {
            if !dist.contains_key(&n) {
                dist.insert(n.clone(), d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// The exact distance from `start` to `goal`, by breadth-first search from the start that stops
/// at the goal; `None` when the goal cannot be reached. For boards whose whole space is too big
/// to tabulate but whose distance is small.
pub fn distance(width: usize, height: usize, start: &[u8], goal: &[u8]) -> Option<u32> {
    distance_by(start, goal, |b| neighbours(width, height, b))
}

/// The exact multi-tile distance ([`slides`]) from `start` to `goal`, by breadth-first search
/// from the start that stops at the goal; `None` when the goal cannot be reached.
pub fn slide_distance(width: usize, height: usize, start: &[u8], goal: &[u8]) -> Option<u32> {
    distance_by(start, goal, |b| slides(width, height, b))
}

/// Breadth-first search from `start` over `next` until `goal`.
fn distance_by(start: &[u8], goal: &[u8], next: impl Fn(&[u8]) -> Vec<Vec<u8>>) -> Option<u32> {
    let mut seen: HashMap<Vec<u8>, u32> = HashMap::from([(start.to_vec(), 0)]);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(b) = queue.pop_front() {
        let d = seen[&b];
        if b == goal {
            return Some(d);
        }
        for n in next(&b) {
            if !seen.contains_key(&n) {
                seen.insert(n.clone(), d + 1);
                queue.push_back(n);
            }
        }
    }
    None
}

/// The boards one move from `b`.
pub fn neighbours(width: usize, height: usize, b: &[u8]) -> Vec<Vec<u8>> {
    let blank = b.iter().position(|&t| t == 0).expect("a board has a blank");
    let (r, c) = ((blank / width) as i64, (blank % width) as i64);
    let mut out = Vec::with_capacity(4);
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (nr, nc) = (r + dr, c + dc);
        if nr < 0 || nc < 0 || nr >= height as i64 || nc >= width as i64 {
            continue;
        }
        let mut n = b.to_vec();
        n.swap(blank, (nr * width as i64 + nc) as usize);
        out.push(n);
    }
    out
}

/// The boards one multi-tile move from `b`: the blank travels one or more cells along its row
/// or column, and the tiles it passes slide one cell each.
pub fn slides(width: usize, height: usize, b: &[u8]) -> Vec<Vec<u8>> {
    let blank = b.iter().position(|&t| t == 0).expect("a board has a blank");
    let (r, c) = ((blank / width) as i64, (blank % width) as i64);
    let mut out = Vec::new();
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let mut n = b.to_vec();
        let (mut at, mut nr, mut nc) = (blank, r + dr, c + dc);
        while nr >= 0 && nc >= 0 && nr < height as i64 && nc < width as i64 {
            let to = (nr * width as i64 + nc) as usize;
            n.swap(at, to);
            out.push(n.clone());
            at = to;
            nr += dr;
            nc += dc;
        }
    }
    out
}

/// Exact multi-tile distances ([`slides`]) from every board that reaches `goal`, by
/// breadth-first search from the goal (a slide is undone by the slide back).
pub fn slide_distances(width: usize, height: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    assert_eq!(goal.len(), width * height, "goal size");
    breadth_first(goal, |b| slides(width, height, b))
}

/// Applies blank moves written `U D L R` to `b`; `None` when a move leaves the board.
pub fn replay(width: usize, height: usize, b: &[u8], moves: &str) -> Option<Vec<u8>> {
    let mut b = b.to_vec();
    for m in moves.chars() {
        let blank = b.iter().position(|&t| t == 0)?;
        let (r, c) = (blank / width, blank % width);
        let to = match m {
            'U' if r > 0 => blank - width,
            'D' if r + 1 < height => blank + width,
            'L' if c > 0 => blank - 1,
            'R' if c + 1 < width => blank + 1,
            _ => return None,
        };
        b.swap(blank, to);
    }
    Some(b)
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A random walk of `steps` moves from `b` that never undoes the move before.
    pub fn walk(&mut self, width: usize, height: usize, b: &[u8], steps: usize) -> Vec<u8> {
        let mut b = b.to_vec();
        let mut last: Option<Vec<u8>> = None;
        for _ in 0..steps {
            let options: Vec<Vec<u8>> = neighbours(width, height, &b).into_iter().filter(|n| Some(n) != last.as_ref()).collect();
            let next = options[self.below(options.len())].clone();
            last = Some(std::mem::replace(&mut b, next));
        }
        b
    }
}

/// A scratch directory for one test, removed when dropped; tests never write anywhere else.
#[derive(Debug)]
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// A fresh, empty directory under the system's temporary directory.
    pub fn new(name: &str) -> Scratch {
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!("npuzzle-test-{name}-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a scratch directory");
        Scratch(dir)
    }

    /// Its path.
    pub fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Sends SIGINT (what Ctrl-C sends) to the process `pid`, failing the test if `kill` does.
#[cfg(unix)]
pub fn interrupt(pid: u32) {
    let ok = std::process::Command::new("kill").args(["-INT", &pid.to_string()]).status().expect("kill runs");
    assert!(ok.success(), "kill -INT {pid} failed");
}

/// Interrupts `child` after `after`, then waits for it and returns its output.
#[cfg(unix)]
pub fn interrupt_after(child: std::process::Child, after: std::time::Duration) -> std::process::Output {
    std::thread::sleep(after);
    interrupt(child.id());
    child.wait_with_output().expect("the child can be waited for")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_3x3_space_has_the_known_size_and_depth() {
        let d = distances(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
        assert_eq!(d.len(), 181_440);
        assert_eq!(d.values().max(), Some(&31));
        assert_eq!(distance(3, 3, &[1, 2, 3, 4, 0, 5, 7, 8, 6], &[1, 2, 3, 4, 5, 6, 7, 8, 0]), Some(2));
        assert_eq!(replay(3, 3, &[1, 2, 3, 4, 0, 5, 7, 8, 6], "RD").unwrap(), vec![1, 2, 3, 4, 5, 6, 7, 8, 0]);
        assert!(replay(2, 2, &[0, 1, 2, 3], "U").is_none());
    }
}
