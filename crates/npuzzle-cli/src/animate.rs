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
const MAX_PIXELS: f64 = 4_000_000.0;

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

/// Rasterises one SVG frame to RGB pixels on white, scaled down to at most [`MAX_PIXELS`]; `fit`
/// gives the size (the first frame's, so every frame has it).
fn pixels(svg: &str, opt: &usvg::Options<'_>, fit: Option<(u32, u32)>) -> Result<(u32, u32, Vec<[u8; 3]>)> {
    let tree = usvg::Tree::from_str(svg, opt).map_err(err)?;
    let size = tree.size();
    let scale = (MAX_PIXELS / (size.width() as f64 * size.height() as f64)).sqrt().min(1.0) as f32;
    let (w, h) = fit.unwrap_or(((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32));
    let mut pixmap = tiny_skia::Pixmap::new(w.max(1), h.max(1)).ok_or_else(|| err("empty picture"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    let rgb = pixmap.data().chunks_exact(4).map(|p| [p[0], p[1], p[2]]).collect();
    Ok((pixmap.width(), pixmap.height(), rgb))
}

/// One frame's palette (its 256 most used colours) and its pixels as indices into it.
fn quantise(rgb: &[[u8; 3]]) -> (Vec<u8>, Vec<u8>) {
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for &p in rgb {
        *counts.entry(p).or_insert(0) += 1;
    }
    let mut colours: Vec<([u8; 3], u32)> = counts.into_iter().collect();
    colours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<[u8; 3]> = colours.iter().take(256).map(|c| c.0).collect();
    let dist = |a: [u8; 3], b: [u8; 3]| (0..3).map(|i| (a[i] as i32 - b[i] as i32).pow(2)).sum::<i32>();
    let index: HashMap<[u8; 3], u8> = colours
        .iter()
        .map(|&(c, _)| {
            let best = (0..palette.len()).min_by_key(|&i| dist(c, palette[i])).unwrap_or(0);
            (c, best as u8)
        })
        .collect();
    let indices = rgb.iter().map(|p| index[p]).collect();
    (palette.concat(), indices)
}

/// Writes `frames` (SVG documents of one size) as a looping GIF at `fps` frames a second; the
/// last frame is held longer.
pub fn write_gif(path: &Path, frames: &[String], fps: u32) -> Result<()> {
    let opt = crate::plot::svg_options();
    let delay = (100 / fps.max(1)).max(2) as u16;
    let Some(first) = frames.first() else { return Err(err("no frames")) };
    let (w, h, rgb) = pixels(first, &opt, None)?;
    let (gw, gh) = (u16::try_from(w).map_err(|_| err("too wide for a GIF"))?, u16::try_from(h).map_err(|_| err("too tall for a GIF"))?);
    let mut encoded = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut encoded, gw, gh, &[]).map_err(err)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        let mut rgb = Some(rgb);
        for (k, svg) in frames.iter().enumerate() {
            let rgb = match rgb.take() {
                Some(first) => first,
                None => pixels(svg, &opt, Some((w, h)))?.2,
            };
            let (palette, buffer) = quantise(&rgb);
            let mut frame = gif::Frame { width: gw, height: gh, buffer: buffer.into(), palette: Some(palette), ..gif::Frame::default() };
            frame.delay = if k + 1 == frames.len() { delay.saturating_mul(4).max(150) } else { delay };
            enc.write_frame(&frame).map_err(err)?;
        }
    }
    std::fs::write(path, encoded).with_context(|| format!("writing {}", path.display()))
}
