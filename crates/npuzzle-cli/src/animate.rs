//! Animated GIFs, in pure Rust: the library draws each frame as SVG
//! (`npuzzle::render::animate`), resvg rasterises it with the system's fonts (as for
//! `compare --plot`), and the `gif` crate encodes the frames, each with its own palette of the
//! colours it uses most (the drawings are flat colours, so the legend's colours stay exact).

use crate::exit::BadInput;
use anyhow::{anyhow, Context, Result};
use resvg::{tiny_skia, usvg};
use std::collections::HashMap;
use std::path::Path;

/// Most frames per second `--fps` accepts (a GIF's delays are in hundredths of a second).
pub const MAX_FPS: u32 = 50;

/// Most pixels a frame is drawn with; larger drawings are scaled down to fit.
const MAX_PIXELS: f64 = 2_500_000.0;

/// Checks, before any work, that `path` (given to `option`) names a `.gif` file that can be
/// written.
pub fn check_path(path: &Path, option: &str) -> Result<()> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    if ext.as_deref() != Some("gif") {
        return Err(anyhow!(BadInput).context(format!("{option} {}: name the file .gif", path.display())));
    }
    crate::output::check_writable(path, option)
}

/// Checks `--fps`.
pub fn check_fps(fps: u32) -> Result<()> {
    if !(1..=MAX_FPS).contains(&fps) {
        return Err(anyhow!(BadInput).context(format!("--fps must be from 1 to {MAX_FPS}, not {fps}")));
    }
    Ok(())
}

fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("drawing the animation: {e}")
}

/// One frame's palette (its 256 most used colours, RGB) for `rgba` pixels, written as indices
/// into it to `out`. Runs of one colour are looked up once: the drawings are mostly flat.
fn quantise(rgba: &[u8], out: &mut [u8]) -> Vec<u8> {
    let key = |p: &[u8]| u32::from_be_bytes([0, p[0], p[1], p[2]]);
    let mut counts: HashMap<u32, u32> = HashMap::new();
    let mut last = u32::MAX;
    let mut run = 0u32;
    for p in rgba.chunks_exact(4) {
        let k = key(p);
        if k == last {
            run += 1;
            continue;
        }
        if run > 0 {
            *counts.entry(last).or_insert(0) += run;
        }
        last = k;
        run = 1;
    }
    if run > 0 {
        *counts.entry(last).or_insert(0) += run;
    }
    let mut colours: Vec<(u32, u32)> = counts.into_iter().collect();
    colours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<u32> = colours.iter().take(256).map(|c| c.0).collect();
    let channels = |c: u32| [(c >> 16) as i32 & 255, (c >> 8) as i32 & 255, c as i32 & 255];
    let dist = |a: u32, b: u32| {
        let (a, b) = (channels(a), channels(b));
        (0..3).map(|i| (a[i] - b[i]).pow(2)).sum::<i32>()
    };
    let index: HashMap<u32, u8> = colours
        .iter()
        .map(|&(c, _)| {
            let best = (0..palette.len()).min_by_key(|&i| dist(c, palette[i])).unwrap_or(0);
            (c, best as u8)
        })
        .collect();
    let mut last = (u32::MAX, 0u8);
    for (p, o) in rgba.chunks_exact(4).zip(out.iter_mut()) {
        let k = key(p);
        if k != last.0 {
            last = (k, index[&k]);
        }
        *o = last.1;
    }
    palette.iter().flat_map(|&c| [(c >> 16) as u8, (c >> 8) as u8, c as u8]).collect()
}

/// Writes `frames` (SVG documents of one size) as a looping GIF at `fps` frames a second; the
/// last frame is held longer. Each frame is drawn on white, scaled down to at most
/// [`MAX_PIXELS`], into one reused picture.
pub fn write_gif(path: &Path, frames: &[String], fps: u32) -> Result<()> {
    let opt = crate::plot::svg_options();
    let delay = (100 / fps.max(1)).max(2) as u16;
    let Some(first) = frames.first() else { return Err(err("no frames")) };
    let size = usvg::Tree::from_str(first, &opt).map_err(err)?.size();
    let scale = (MAX_PIXELS / (size.width() as f64 * size.height() as f64)).sqrt().min(1.0) as f32;
    let (w, h) = (((size.width() * scale).ceil() as u32).max(1), ((size.height() * scale).ceil() as u32).max(1));
    let (gw, gh) = (u16::try_from(w).map_err(|_| err("too wide for a GIF"))?, u16::try_from(h).map_err(|_| err("too tall for a GIF"))?);
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or_else(|| err("empty picture"))?;
    let mut indices = vec![0u8; w as usize * h as usize];
    let mut encoded = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut encoded, gw, gh, &[]).map_err(err)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        for (k, svg) in frames.iter().enumerate() {
            let tree = usvg::Tree::from_str(svg, &opt).map_err(err)?;
            pixmap.fill(tiny_skia::Color::WHITE);
            resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
            let palette = quantise(pixmap.data(), &mut indices);
            let mut frame = gif::Frame {
                width: gw,
                height: gh,
                buffer: std::borrow::Cow::Borrowed(&indices),
                palette: Some(palette),
                ..gif::Frame::default()
            };
            frame.delay = if k + 1 == frames.len() { delay.saturating_mul(4).max(150) } else { delay };
            enc.write_frame(&frame).map_err(err)?;
        }
    }
    std::fs::write(path, encoded).with_context(|| format!("writing {}", path.display()))
}
