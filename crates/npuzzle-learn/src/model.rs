//! The network in `f32` for training: forward, backward and Adam. Its shape is the one
//! `npuzzle::learnt::Net` reads (one-hot pieces, two ReLU layers, one output), trained on the
//! target divided by the output scale.

/// Parameters, or gradients of the same shape: the library's own weights in `f32`.
pub use npuzzle::learnt::Weights as Params;

/// What training does with parameters beside reading them.
pub trait ParamsExt: Sized {
    fn zeros(n: usize, h1: usize, h2: usize) -> Self;
    fn init(n: usize, h1: usize, h2: usize, rng: &mut npuzzle::generate::Rng, bias: f32) -> Self;
    fn slices_mut(&mut self) -> [&mut [f32]; 6];
    fn slices(&self) -> [&[f32]; 6];
    fn add(&mut self, other: &Self);
}

impl ParamsExt for Params {
    fn zeros(n: usize, h1: usize, h2: usize) -> Params {
        Params { w1: vec![0.0; n * n * h1], b1: vec![0.0; h1], w2: vec![0.0; h1 * h2], b2: vec![0.0; h2], w3: vec![0.0; h2], b3: 0.0 }
    }

    /// He-style initial weights from a seeded generator; the output bias starts at `bias`.
    fn init(n: usize, h1: usize, h2: usize, rng: &mut npuzzle::generate::Rng, bias: f32) -> Params {
        let mut p = Params::zeros(n, h1, h2);
        let mut uniform = |k: usize| -> f32 {
            // Uniform in [-a, a] with a = sqrt(6 / fan_in): the variance of He's initialisation.
            let a = (6.0 / k as f32).sqrt();
            ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
        };
        // Each first-layer unit sees `n` active inputs.
        for x in &mut p.w1 {
            *x = uniform(n);
        }
        for x in &mut p.w2 {
            *x = uniform(h1);
        }
        for x in &mut p.w3 {
            *x = uniform(h2) * 0.1;
        }
        p.b3 = bias;
        p
    }

    /// Every value, in a fixed order (for checkpoints and Adam).
    fn slices_mut(&mut self) -> [&mut [f32]; 6] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2, &mut self.w3, std::slice::from_mut(&mut self.b3)]
    }

    fn slices(&self) -> [&[f32]; 6] {
        [&self.w1, &self.b1, &self.w2, &self.b2, &self.w3, std::slice::from_ref(&self.b3)]
    }

    /// Adds `other` into `self`.
    fn add(&mut self, other: &Params) {
        for (a, b) in self.slices_mut().into_iter().zip(other.slices()) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
}

/// The layers' sizes.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub n: usize,
    pub h1: usize,
    pub h2: usize,
}

/// A forward pass's values, kept for the backward pass.
pub struct Pass {
    pub acc: Vec<f32>,
    pub z2: Vec<f32>,
    pub y: f32,
}

impl Pass {
    pub fn new(s: Shape) -> Pass {
        Pass { acc: vec![0.0; s.h1], z2: vec![0.0; s.h2], y: 0.0 }
    }
}

/// The first layer's sums for `pieces`.
pub fn first_layer(p: &Params, s: Shape, pieces: &[u8], acc: &mut [f32]) {
    acc.copy_from_slice(&p.b1);
    for (cell, &q) in pieces.iter().enumerate() {
        let row = (q as usize * s.n + cell) * s.h1;
        for (a, w) in acc.iter_mut().zip(&p.w1[row..row + s.h1]) {
            *a += w;
        }
    }
}

/// The rest of the forward pass from the first layer's sums; returns the output (in units of
/// the output scale).
pub fn rest(p: &Params, s: Shape, acc: &[f32], z2: &mut [f32]) -> f32 {
    let mut y = p.b3;
    for (j, out) in z2.iter_mut().enumerate().take(s.h2) {
        let row = &p.w2[j * s.h1..(j + 1) * s.h1];
        let mut z = p.b2[j];
        for (&a, &w) in acc.iter().zip(row) {
            if a > 0.0 {
                z += a * w;
            }
        }
        *out = z;
        if z > 0.0 {
            y += z * p.w3[j];
        }
    }
    y
}

pub fn forward(p: &Params, s: Shape, pieces: &[u8], pass: &mut Pass) {
    first_layer(p, s, pieces, &mut pass.acc);
    pass.y = rest(p, s, &pass.acc, &mut pass.z2);
}

/// Adds the gradient of `dy · y` at `pass` into `g`.
pub fn backward(p: &Params, s: Shape, pieces: &[u8], pass: &Pass, dy: f32, g: &mut Params, da1: &mut [f32]) {
    g.b3 += dy;
    da1.iter_mut().for_each(|x| *x = 0.0);
    for j in 0..s.h2 {
        let z = pass.z2[j];
        if z <= 0.0 {
            continue;
        }
        g.w3[j] += dy * z;
        let dz = dy * p.w3[j];
        g.b2[j] += dz;
        let row = j * s.h1..(j + 1) * s.h1;
        for ((gw, &a), (d, &w)) in g.w2[row.clone()].iter_mut().zip(&pass.acc).zip(da1.iter_mut().zip(&p.w2[row])) {
            if a > 0.0 {
                *gw += dz * a;
                *d += dz * w;
            }
        }
    }
    for (d, &a) in da1.iter_mut().zip(&pass.acc) {
        if a <= 0.0 {
            *d = 0.0;
        }
    }
    for (gb, &d) in g.b1.iter_mut().zip(da1.iter()) {
        *gb += d;
    }
    for (cell, &q) in pieces.iter().enumerate() {
        let row = (q as usize * s.n + cell) * s.h1;
        for (gw, &d) in g.w1[row..row + s.h1].iter_mut().zip(da1.iter()) {
            *gw += d;
        }
    }
}

/// Adam's moments and step count.
pub struct Adam {
    pub m: Params,
    pub v: Params,
    pub t: u64,
}

impl Adam {
    pub fn new(s: Shape) -> Adam {
        Adam { m: Params::zeros(s.n, s.h1, s.h2), v: Params::zeros(s.n, s.h1, s.h2), t: 0 }
    }

    /// One step of Adam (β1 0.9, β2 0.999, ε 1e-8) with learning rate `lr`.
    pub fn step(&mut self, p: &mut Params, g: &Params, lr: f32) {
        self.t += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(self.t.min(1 << 20) as i32);
        let c2 = 1.0 - b2.powi(self.t.min(1 << 20) as i32);
        let step = lr * c2.sqrt() / c1;
        for (((w, &gr), m), v) in p
            .slices_mut()
            .into_iter()
            .flat_map(|s| s.iter_mut())
            .zip(g.slices().into_iter().flat_map(|s| s.iter()))
            .zip(self.m.slices_mut().into_iter().flat_map(|s| s.iter_mut()))
            .zip(self.v.slices_mut().into_iter().flat_map(|s| s.iter_mut()))
        {
            *m = b1 * *m + (1.0 - b1) * gr;
            *v = b2 * *v + (1.0 - b2) * gr * gr;
            *w -= step * *m / (v.sqrt() + 1e-8);
        }
    }
}
