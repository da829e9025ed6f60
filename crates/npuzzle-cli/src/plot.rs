//! `compare --plot`: two charts side by side in one SVG, drawn with plotters: nodes expanded per
//! pair on each instance (log scale), and time against solution depth (log scale).
//!
//! The charts are always drawn as SVG (text stays SVG `<text>`, so no font library is needed).
//! A `.png` file is that SVG rasterised with resvg, in pure Rust; its text uses whatever fonts the
//! system has (e.g. Debian's fonts-dejavu-core), and is left out where it has none.

use crate::exit::BadInput;
use anyhow::{anyhow, Context, Result};
use npuzzle::compare::Row as Cell;
use npuzzle::solve::Status;
use plotters::prelude::*;
use std::path::Path;

const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("drawing the plot: {e}")
}

/// The solution depth of each instance: the moves of an optimal pair's answer, else the fewest
/// moves any pair found.
fn depths(cells: &[Cell]) -> Vec<Option<u64>> {
    let n = cells.iter().map(|c| c.instance).max().unwrap_or(0);
    (1..=n)
        .map(|i| {
            let solved = || cells.iter().filter(move |c| c.instance == i && c.status == Status::Solved);
            solved().filter(|c| c.optimal).filter_map(|c| c.length).min().or_else(|| solved().filter_map(|c| c.length).min())
        })
        .collect()
}

/// Whether `path` names a PNG (else an SVG); any other extension is bad input.
fn is_png(path: &Path) -> Result<bool> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Ok(false),
        Some("png") => Ok(true),
        _ => Err(anyhow!(BadInput).context(format!("--plot {}: name the file .svg or .png", path.display()))),
    }
}

/// Checks, before any run, that the plot can be written: a `.svg` or `.png` name in an existing
/// directory.
pub fn check_path(path: &Path) -> Result<()> {
    is_png(path)?;
    crate::output::check_writable(path, "--plot")
}

/// Draws the two charts to `path`, as SVG or (for a `.png` name) PNG.
pub fn draw(path: &Path, pairs: &[String], cells: &[Cell]) -> Result<()> {
    let png = is_png(path)?;
    let mut svg = String::new();
    draw_svg(&mut svg, pairs, cells)?;
    let bytes = if png { rasterise(&svg)? } else { svg.into_bytes() };
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

/// Writes an SVG document made elsewhere (the audit's heat map) to `path`, as SVG or (for a
/// `.png` name) PNG.
pub fn write(path: &Path, svg: String) -> Result<()> {
    let bytes = if is_png(path)? { rasterise(&svg)? } else { svg.into_bytes() };
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

/// Renders an SVG document to PNG bytes with the system's fonts.
fn rasterise(svg: &str) -> Result<Vec<u8>> {
    use resvg::{tiny_skia, usvg};
    let opt = svg_options();
    let tree = usvg::Tree::from_str(svg, &opt).map_err(err)?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| anyhow!("drawing the plot: empty picture"))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(err)
}

/// The options resvg parses SVG with: the system's fonts, with the generic families pointed at
/// an installed sans-serif face. Loading the fonts is slow: make them once for many pictures.
pub fn svg_options() -> resvg::usvg::Options<'static> {
    use resvg::usvg;
    let mut opt = usvg::Options::default();
    let db = opt.fontdb_mut();
    db.load_system_fonts();
    // The database names font files, which it would read again for every text it lays out
    // (every node of a tree, every frame of an animation): read each file once, into memory.
    let mut loaded = usvg::fontdb::Database::new();
    let mut files = std::collections::HashSet::new();
    for face in db.faces() {
        if let usvg::fontdb::Source::File(path) = &face.source {
            if files.insert(path.clone()) {
                if let Ok(data) = std::fs::read(path) {
                    loaded.load_font_data(data);
                }
            }
        }
    }
    if !files.is_empty() {
        *db = loaded;
    }
    // The generic families default to fonts a Linux machine rarely has (Arial, Times New Roman):
    // point them at a sans-serif face that is installed, if any.
    let families: Vec<String> = db.faces().flat_map(|f| f.families.iter().map(|(name, _)| name.clone())).collect();
    let preferred = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "FreeSans"];
    if let Some(family) = preferred.iter().map(|p| p.to_string()).find(|p| families.contains(p)).or_else(|| families.first().cloned()) {
        db.set_sans_serif_family(family.clone());
        db.set_serif_family(family.clone());
        opt.font_family = family;
    }
    opt
}

fn draw_svg(buf: &mut String, pairs: &[String], cells: &[Cell]) -> Result<()> {
    let instances = cells.iter().map(|c| c.instance).max().unwrap_or(0);
    let depth = depths(cells);
    let root = SVGBackend::with_string(buf, (1280, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let (left, right) = root.split_horizontally(640);

    // Nodes expanded per pair, per instance.
    let max_nodes = cells.iter().map(|c| c.expanded).max().unwrap_or(1).max(10) as f64;
    let mut chart = ChartBuilder::on(&left)
        .caption("Nodes expanded per instance (log scale)", ("sans-serif", 18))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0.5f64..instances as f64 + 0.5, (1f64..max_nodes * 60.0).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("instance")
        .y_desc("nodes expanded")
        .x_labels(instances.min(20))
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()
        .map_err(err)?;
    for (k, name) in pairs.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let pts: Vec<(f64, f64)> =
            cells.iter().filter(|c| &c.pair == name).map(|c| (c.instance as f64, (c.expanded.max(1)) as f64)).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), colour.stroke_width(2)))
            .map_err(err)?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2)));
        chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(err)?;
        // Runs stopped by a limit: a cross at the count they reached.
        let stopped: Vec<(f64, f64)> = cells
            .iter()
            .filter(|c| &c.pair == name && c.status == Status::Limit)
            .map(|c| (c.instance as f64, c.expanded.max(1) as f64))
            .collect();
        chart.draw_series(stopped.iter().map(|&p| Cross::new(p, 7, colour.stroke_width(2)))).map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;

    // Time against solution depth.
    let max_depth = depth.iter().flatten().copied().max().unwrap_or(1).max(1) as f64;
    let max_ms = cells.iter().map(|c| c.time_ms).fold(1.0f64, f64::max);
    let mut chart = ChartBuilder::on(&right)
        .caption("Time against solution depth (log scale)", ("sans-serif", 18))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..max_depth + 1.0, (0.001f64..max_ms * 60.0).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("solution depth (moves)")
        .y_desc("time (ms)")
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .y_label_formatter(&|y| if *y >= 1.0 { format!("{y:.0}") } else { format!("{y}") })
        .draw()
        .map_err(err)?;
    for (k, name) in pairs.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let mut pts: Vec<(f64, f64)> = cells
            .iter()
            .filter(|c| &c.pair == name)
            .filter_map(|c| depth[c.instance - 1].map(|d| (d as f64, c.time_ms.max(0.001))))
            .collect();
        pts.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
        chart
            .draw_series(LineSeries::new(pts.clone(), colour.stroke_width(2)))
            .map_err(err)?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2)));
        chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)?;
    Ok(())
}

/// `bench depth --plot`: the textbook's table as two charts side by side, mean nodes generated
/// against solution depth d (log scale) and the effective branching factor b* against d, a line
/// per pair (a pair stops where it was cut).
pub fn draw_depth(path: &Path, rows: &[npuzzle::experiment::DepthRow]) -> Result<()> {
    let png = is_png(path)?;
    let mut svg = String::new();
    draw_depth_svg(&mut svg, rows)?;
    let bytes = if png { rasterise(&svg)? } else { svg.into_bytes() };
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

fn draw_depth_svg(buf: &mut String, rows: &[npuzzle::experiment::DepthRow]) -> Result<()> {
    let mut labels: Vec<&str> = Vec::new();
    for r in rows {
        if !labels.contains(&r.label.as_str()) {
            labels.push(&r.label);
        }
    }
    let max_d = rows.iter().map(|r| r.depth).max().unwrap_or(1) as f64;
    let min_d = rows.iter().map(|r| r.depth).min().unwrap_or(0) as f64;
    let max_nodes = rows.iter().filter_map(|r| r.generated).fold(10.0f64, f64::max);
    let max_b = rows.iter().filter_map(|r| r.effective_branching_factor).fold(2.0f64, f64::max);
    let root = SVGBackend::with_string(buf, (1280, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let (left, right) = root.split_horizontally(640);
    let mut chart = ChartBuilder::on(&left)
        .caption("Search cost: nodes generated (log scale)", ("sans-serif", 18))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d((min_d - 1.0)..(max_d + 1.0), (1f64..max_nodes * 10.0).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("solution depth d")
        .y_desc("nodes generated")
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()
        .map_err(err)?;
    for (k, name) in labels.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let pts: Vec<(f64, f64)> =
            rows.iter().filter(|r| r.label == *name).filter_map(|r| r.generated.map(|g| (r.depth as f64, g.max(1.0)))).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), colour.stroke_width(2)))
            .map_err(err)?
            .label(*name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2)));
        chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    let mut chart = ChartBuilder::on(&right)
        .caption("Effective branching factor b*", ("sans-serif", 18))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d((min_d - 1.0)..(max_d + 1.0), 1f64..(max_b + 0.3))
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("solution depth d")
        .y_desc("b*")
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .y_label_formatter(&|y| format!("{y:.2}"))
        .draw()
        .map_err(err)?;
    for (k, name) in labels.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let pts: Vec<(f64, f64)> =
            rows.iter().filter(|r| r.label == *name).filter_map(|r| r.effective_branching_factor.map(|b| (r.depth as f64, b))).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), colour.stroke_width(2)))
            .map_err(err)?
            .label(*name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2)));
        chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)?;
    Ok(())
}
