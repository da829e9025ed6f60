//! A learnt cost-to-go estimate: a small network that reads a board and answers about how many
//! moves it is from the goal. Not admissible (it may overestimate), so it never feeds a lower
//! bound; it ranks boards.
//!
//! # The network
//!
//! The input is one-hot: for each cell, which piece stands there, a piece named by its goal cell
//! (the blank by the goal's blank cell). A board of `n` cells has `n` active inputs out of `n²`.
//! Then:
//!
//! - a first layer of `h1` units: the sum of one row of weights per active input and a bias, in
//!   integers (weights and bias scaled by [`Net::scale`] and rounded). A move changes two inputs
//!   (a tile and the blank swap cells), so a child's sums are its parent's plus four rows
//!   ([`Net::slide`]); they equal a full evaluation exactly, whatever the path to the board;
//! - ReLU, a dense layer of `h2` units in `f32`, ReLU, one output in `f32`, times the output scale.
//!
//! Every sum runs in a fixed order with no fused multiply-add, so a board gets the same estimate
//! on every machine and with any number of threads.
//!
//! A network is trained for one goal shape: boards of its width and height whose goal has the
//! blank in the same cell ([`Net::fits`]). Pieces are named by their goal cells, so any such goal
//! works, not only the one it was trained on.
//!
//! # The file
//!
//! | field | bytes |
//! | --- | --- |
//! | magic `NPZNET\0\n` | 8 |
//! | format version | 4 (little-endian) |
//! | width, height, the goal's blank cell | 1 each |
//! | `h1`, `h2` | 2 each |
//! | first layer's scale | 4 (`f32`) |
//! | output scale | 4 (`f32`) |
//! | description length, then UTF-8 text (the training recipe) | 2 + len |
//! | body length | 8 |
//! | checksum: XXH3-64 of everything above and the body | 8 |
//! | body: first layer `i16` × `n²·h1`, its bias `i32` × `h1`, second layer `f32` × `h1·h2`, its bias `f32` × `h2`, output `f32` × `h2`, its bias `f32` | |
//! | then the trainer's own answers on fixed boards: a count (4), then per board its `n` pieces (1 each) and the trainer's `f32` output | |
//!
//! [`Net::parse`] checks the header against the body's length before allocating, then the
//! checksum; a file that fails is refused ([`Error::Cache`](crate::error::Error)), never used.
//! [`Net::encode`] writes the bytes; [`crate::tables`] writes them to disk atomically.

use crate::board::Board;
use crate::error::Error;

/// The file format version; bump it when the layout or the meaning changes.
pub const FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"NPZNET\0\n";

/// File-name extension of weights files.
pub const EXTENSION: &str = "npnet";

/// The most cells a network takes (8×8).
pub const MAX_CELLS: usize = 64;

/// The most units a layer may have (a search's evaluation keeps its sums on the stack).
pub const MAX_UNITS: usize = 1024;

/// The trainer's answer on one board, kept in the file so that inference can be checked
/// against it.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// For each cell, the goal cell of the piece standing there.
    pub pieces: Vec<u8>,
    /// The trainer's estimate, in moves.
    pub estimate: f32,
}

/// The network's weights, as the trainer exports them ([`Net::from_parts`]) in `f32`.
#[derive(Clone, Debug, Default)]
pub struct Weights {
    /// First layer, `n²` rows of `h1`: row `piece·n + cell`.
    pub w1: Vec<f32>,
    /// First layer's bias, `h1`.
    pub b1: Vec<f32>,
    /// Second layer, `h2` rows of `h1`.
    pub w2: Vec<f32>,
    /// Second layer's bias, `h2`.
    pub b2: Vec<f32>,
    /// Output weights, `h2`.
    pub w3: Vec<f32>,
    /// Output bias.
    pub b3: f32,
}

/// A learnt estimate for one board size and blank goal cell.
#[derive(Clone, Debug)]
pub struct Net {
    width: usize,
    height: usize,
    blank: usize,
    h1: usize,
    h2: usize,
    scale: f32,
    out_scale: f32,
    description: String,
    w1: Vec<i16>,
    b1: Vec<i32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    w3: Vec<f32>,
    b3: f32,
    checks: Vec<Check>,
}

fn corrupt(what: impl std::fmt::Display) -> Error {
    Error::Cache(format!("learnt weights: {what}"))
}

impl Net {
    /// A network from `f32` weights: the first layer is scaled by `scale` and rounded to
    /// integers (each weight must then fit an `i16`). `out_scale` multiplies the output.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        width: usize,
        height: usize,
        blank: usize,
        h1: usize,
        h2: usize,
        scale: f32,
        out_scale: f32,
        description: &str,
        w: &Weights,
        checks: Vec<Check>,
    ) -> Result<Net, Error> {
        let n = width * height;
        shape_ok(width, height, blank, h1, h2)?;
        let sizes = [(w.w1.len(), n * n * h1), (w.b1.len(), h1), (w.w2.len(), h1 * h2), (w.b2.len(), h2), (w.w3.len(), h2)];
        if sizes.iter().any(|(a, b)| a != b) {
            return Err(Error::Invalid(format!("learnt weights: layer sizes {sizes:?} do not match {width}×{height}, {h1}, {h2}")));
        }
        if !(scale.is_finite() && scale > 0.0 && out_scale.is_finite()) {
            return Err(Error::Invalid("learnt weights: the scales must be finite and the first positive".into()));
        }
        let q16 = |x: f32| -> Result<i16, Error> {
            let r = (x * scale).round();
            if r.is_finite() && r.abs() <= i16::MAX as f32 {
                Ok(r as i16)
            } else {
                Err(Error::Invalid(format!("learnt weights: a first-layer weight {x} does not fit at scale {scale}")))
            }
        };
        let w1 = w.w1.iter().map(|&x| q16(x)).collect::<Result<Vec<_>, _>>()?;
        let b1 = w.b1.iter().map(|&x| (x * scale).round() as i32).collect();
        let net = Net {
            width,
            height,
            blank,
            h1,
            h2,
            scale,
            out_scale,
            description: description.to_string(),
            w1,
            b1,
            w2: w.w2.clone(),
            b2: w.b2.clone(),
            w3: w.w3.clone(),
            b3: w.b3,
            checks,
        };
        for c in &net.checks {
            net.check_pieces(&c.pieces)?;
        }
        Ok(net)
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The goal's blank cell the network was trained for.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// Units of the first and second layers.
    pub fn units(&self) -> (usize, usize) {
        (self.h1, self.h2)
    }

    /// The first layer's scale: its integer weights are the trained ones times this.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// How the network was trained, in words (written by the trainer).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The trainer's own answers on fixed boards.
    pub fn checks(&self) -> &[Check] {
        &self.checks
    }

    /// Whether the network estimates distances to `goal`: the same size, the blank's goal in
    /// the same cell.
    pub fn fits(&self, goal: &Board) -> bool {
        goal.width() == self.width && goal.height() == self.height && goal.blank() == self.blank
    }

    /// The pieces of `board` as the network reads them: for each cell, the goal cell (in
    /// `goal`) of the piece standing there.
    pub fn pieces(&self, board: &Board, goal: &Board) -> Result<Vec<u8>, Error> {
        if !self.fits(goal) || board.width() != goal.width() || board.height() != goal.height() {
            return Err(Error::Unsupported(format!(
                "the learnt estimate is for {}×{} boards whose goal has the blank in cell {}",
                self.width, self.height, self.blank
            )));
        }
        let home = goal.positions();
        Ok(board.tiles().iter().map(|&t| home[t as usize] as u8).collect())
    }

    fn check_pieces(&self, pieces: &[u8]) -> Result<(), Error> {
        let n = self.width * self.height;
        let mut seen = vec![false; n];
        if pieces.len() != n || pieces.iter().any(|&p| (p as usize) >= n || std::mem::replace(&mut seen[p as usize], true)) {
            return Err(corrupt("a check board is not a permutation of the cells"));
        }
        Ok(())
    }

    /// The first layer's sums for `pieces` (for each cell, the goal cell of the piece there),
    /// written into `acc` (`h1` long).
    pub fn first_layer(&self, pieces: &[u8], acc: &mut [i32]) {
        let n = self.width * self.height;
        acc.copy_from_slice(&self.b1);
        for (cell, &p) in pieces.iter().enumerate() {
            self.add_row(acc, p as usize * n + cell, 1);
        }
    }

    #[inline]
    fn add_row(&self, acc: &mut [i32], row: usize, sign: i32) {
        let w = &self.w1[row * self.h1..(row + 1) * self.h1];
        if sign > 0 {
            for (a, &x) in acc.iter_mut().zip(w) {
                *a += x as i32;
            }
        } else {
            for (a, &x) in acc.iter_mut().zip(w) {
                *a -= x as i32;
            }
        }
    }

    /// Updates the first layer's sums `acc` for one move: `piece` (a goal cell) goes from cell
    /// `from` to the blank's cell `to`, and the blank from `to` to `from`.
    pub fn slide(&self, acc: &mut [i32], piece: u8, from: usize, to: usize) {
        let n = self.width * self.height;
        let (p, b) = (piece as usize, self.blank);
        self.add_row(acc, p * n + from, -1);
        self.add_row(acc, b * n + to, -1);
        self.add_row(acc, p * n + to, 1);
        self.add_row(acc, b * n + from, 1);
    }

    /// The estimate, in moves, from the first layer's sums. `hidden` is scratch of `h2` values.
    pub fn output(&self, acc: &[i32], hidden: &mut [f32]) -> f32 {
        let mut x = [0f32; MAX_UNITS];
        let inv = 1.0 / self.scale;
        for (xi, &a) in x.iter_mut().zip(acc) {
            *xi = a.max(0) as f32 * inv;
        }
        self.dense(&x[..self.h1], hidden)
    }

    /// The estimate, in moves, of the child whose first-layer sums are `acc` after the move
    /// [`Net::slide`] describes, without changing `acc`.
    pub fn output_after_slide(&self, acc: &[i32], piece: u8, from: usize, to: usize, hidden: &mut [f32]) -> f32 {
        let n = self.width * self.height;
        let (p, b, h1) = (piece as usize, self.blank, self.h1);
        let row = |r: usize| &self.w1[r * h1..(r + 1) * h1];
        let (out_p, out_b, in_p, in_b) = (row(p * n + from), row(b * n + to), row(p * n + to), row(b * n + from));
        let mut x = [0f32; MAX_UNITS];
        let inv = 1.0 / self.scale;
        for k in 0..h1 {
            let a = acc[k] - out_p[k] as i32 - out_b[k] as i32 + in_p[k] as i32 + in_b[k] as i32;
            x[k] = a.max(0) as f32 * inv;
        }
        self.dense(&x[..h1], hidden)
    }

    /// The layers after the first, from its activations `x`. Each dot product runs in eight
    /// lanes added in a fixed order: the same sums on every machine, and the compiler may use
    /// vector instructions for the lanes.
    fn dense(&self, x: &[f32], hidden: &mut [f32]) -> f32 {
        for (j, out) in hidden.iter_mut().enumerate() {
            let row = &self.w2[j * self.h1..(j + 1) * self.h1];
            *out = (self.b2[j] + dot(x, row)).max(0.0);
        }
        (self.b3 + dot(hidden, &self.w3)) * self.out_scale
    }

    /// The estimate for a board given piece by piece (`piece_at(cell)`: the goal cell of the
    /// piece standing there), in moves, with its scratch on the stack: for searches.
    pub fn estimate_with(&self, piece_at: impl Fn(usize) -> u8) -> f32 {
        let n = self.width * self.height;
        let mut acc = [0i32; MAX_UNITS];
        let mut hidden = [0f32; MAX_UNITS];
        let acc = &mut acc[..self.h1];
        acc.copy_from_slice(&self.b1);
        for cell in 0..n {
            self.add_row(acc, piece_at(cell) as usize * n + cell, 1);
        }
        self.output(acc, &mut hidden[..self.h2])
    }

    /// The estimate for `pieces`, in moves (allocates its scratch: for one-off use).
    pub fn estimate(&self, pieces: &[u8]) -> f32 {
        let mut acc = vec![0; self.h1];
        let mut hidden = vec![0.0; self.h2];
        self.first_layer(pieces, &mut acc);
        self.output(&acc, &mut hidden)
    }

    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.w1.len() * 2 + (self.h1 + self.h1 * self.h2 + 2 * self.h2 + 1) * 4);
        for &x in &self.w1 {
            body.extend_from_slice(&x.to_le_bytes());
        }
        for &x in &self.b1 {
            body.extend_from_slice(&x.to_le_bytes());
        }
        for x in self.w2.iter().chain(&self.b2).chain(&self.w3).chain(std::iter::once(&self.b3)) {
            body.extend_from_slice(&x.to_le_bytes());
        }
        body.extend_from_slice(&(self.checks.len() as u32).to_le_bytes());
        for c in &self.checks {
            body.extend_from_slice(&c.pieces);
            body.extend_from_slice(&c.estimate.to_le_bytes());
        }
        let mut head = Vec::new();
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        head.extend_from_slice(&[self.width as u8, self.height as u8, self.blank as u8]);
        head.extend_from_slice(&(self.h1 as u16).to_le_bytes());
        head.extend_from_slice(&(self.h2 as u16).to_le_bytes());
        head.extend_from_slice(&self.scale.to_le_bytes());
        head.extend_from_slice(&self.out_scale.to_le_bytes());
        let d = self.description.as_bytes();
        let d = &d[..d.len().min(u16::MAX as usize)];
        head.extend_from_slice(&(d.len() as u16).to_le_bytes());
        head.extend_from_slice(d);
        head.extend_from_slice(&(body.len() as u64).to_le_bytes());
        let sum = checksum(&head, &body);
        head.extend_from_slice(&sum.to_le_bytes());
        head.extend_from_slice(&body);
        head
    }

    /// Reads a file's bytes, verifying the header, the sizes and the checksum; anything wrong
    /// is [`Error::Cache`].
    pub fn parse(bytes: &[u8]) -> Result<Net, Error> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err(corrupt("not a weights file (bad magic)"));
        }
        let version = r.u32()?;
        if version != FORMAT_VERSION {
            return Err(corrupt(format!("format version {version}, expected {FORMAT_VERSION}")));
        }
        let dims = r.take(3)?;
        let (width, height, blank) = (dims[0] as usize, dims[1] as usize, dims[2] as usize);
        let h1 = r.u16()? as usize;
        let h2 = r.u16()? as usize;
        shape_ok(width, height, blank, h1, h2).map_err(|e| corrupt(e.to_string()))?;
        let scale = r.f32()?;
        let out_scale = r.f32()?;
        if !(scale.is_finite() && scale > 0.0 && out_scale.is_finite()) {
            return Err(corrupt("bad scales"));
        }
        let dlen = r.u16()? as usize;
        let description = String::from_utf8(r.take(dlen)?.to_vec()).map_err(|_| corrupt("the description is not UTF-8"))?;
        let body_len = r.u64()?;
        let head_end = r.at;
        let sum = r.u64()?;
        let n = width * height;
        let layers = (n * n * h1 * 2 + h1 * 4 + (h1 * h2 + 2 * h2 + 1) * 4) as u64;
        if body_len != (bytes.len() - r.at) as u64 || body_len < layers + 4 {
            return Err(corrupt(format!(
                "the body is {} bytes, the header says {body_len} and the layers need {}",
                bytes.len() - r.at,
                layers + 4
            )));
        }
        let body = &bytes[r.at..];
        if checksum(&bytes[..head_end], body) != sum {
            return Err(corrupt("checksum mismatch"));
        }
        let mut b = Reader { bytes: body, at: 0 };
        let w1 = (0..n * n * h1).map(|_| b.u16().map(|x| x as i16)).collect::<Result<Vec<_>, _>>()?;
        let b1 = (0..h1).map(|_| b.u32().map(|x| x as i32)).collect::<Result<Vec<_>, _>>()?;
        let mut floats = |k: usize| (0..k).map(|_| b.f32()).collect::<Result<Vec<_>, _>>();
        let w2 = floats(h1 * h2)?;
        let b2 = floats(h2)?;
        let w3 = floats(h2)?;
        let b3 = floats(1)?[0];
        let count = b.u32()? as usize;
        if (body.len() - b.at) as u64 != count as u64 * (n as u64 + 4) {
            return Err(corrupt("the check boards do not fill the body"));
        }
        let mut checks = Vec::with_capacity(count);
        for _ in 0..count {
            let pieces = b.take(n)?.to_vec();
            let estimate = b.f32()?;
            checks.push(Check { pieces, estimate });
        }
        let net = Net { width, height, blank, h1, h2, scale, out_scale, description, w1, b1, w2, b2, w3, b3, checks };
        for c in &net.checks {
            net.check_pieces(&c.pieces)?;
        }
        if [&net.w2, &net.b2, &net.w3].iter().any(|v| v.iter().any(|x| !x.is_finite())) || !net.b3.is_finite() {
            return Err(corrupt("a weight is not a finite number"));
        }
        Ok(net)
    }
}

/// The dot product of `a` and `b` in eight lanes, added in a fixed order.
#[inline]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            lanes[k] += x[k] * y[k];
        }
    }
    for (k, (x, y)) in ra.iter().zip(rb).enumerate() {
        lanes[k] += x * y;
    }
    ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))
}

/// The weights that ship with npuzzle, by board size: trained by `npuzzle-learn` (the recipe is
/// each file's description).
#[cfg(feature = "learnt")]
const BUILTIN: &[(usize, usize, &[u8])] = &[(6, 6, include_bytes!("learnt-6x6.npnet"))];
#[cfg(not(feature = "learnt"))]
const BUILTIN: &[(usize, usize, &[u8])] = &[];

/// The shipped network for `width`×`height` boards, verified as a file is: `None` when none
/// ships for that size (or the library was built without the `learnt` feature).
pub fn builtin(width: usize, height: usize) -> Option<Result<Net, Error>> {
    BUILTIN.iter().find(|&&(w, h, _)| (w, h) == (width, height)).map(|&(_, _, bytes)| Net::parse(bytes))
}

/// The board sizes with shipped weights.
pub fn builtin_sizes() -> Vec<(usize, usize)> {
    BUILTIN.iter().map(|&(w, h, _)| (w, h)).collect()
}

/// The file name weights for a `width`×`height` board with its goal blank in `blank` have in a
/// cache directory ([`crate::tables::TableStore`] reads them there before the shipped ones).
pub fn file_name(width: usize, height: usize, blank: usize) -> String {
    format!("learnt-{width}x{height}-b{blank}.{EXTENSION}")
}

fn shape_ok(width: usize, height: usize, blank: usize, h1: usize, h2: usize) -> Result<(), Error> {
    let n = width * height;
    if width < 2 || height < 2 || n > MAX_CELLS || blank >= n || !(1..=MAX_UNITS).contains(&h1) || !(1..=MAX_UNITS).contains(&h2) {
        return Err(Error::Invalid(format!(
            "learnt weights: a {width}×{height} board (at most {MAX_CELLS} cells), blank cell {blank}, layers {h1} and {h2} (1 to {MAX_UNITS})"
        )));
    }
    Ok(())
}

/// XXH3-64 of the header and the body.
fn checksum(head: &[u8], body: &[u8]) -> u64 {
    use xxhash_rust::xxh3::Xxh3;
    let mut h = Xxh3::new();
    h.update(head);
    h.update(body);
    h.digest()
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, k: usize) -> Result<&'a [u8], Error> {
        let end = self.at.checked_add(k).filter(|&e| e <= self.bytes.len()).ok_or_else(|| corrupt("the file ends too soon"))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u16(&mut self) -> Result<u16, Error> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2 bytes")))
    }
    fn u32(&mut self) -> Result<u32, Error> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
    fn u64(&mut self) -> Result<u64, Error> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8 bytes")))
    }
    fn f32(&mut self) -> Result<f32, Error> {
        Ok(f32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
}
