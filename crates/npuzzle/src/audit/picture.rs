//! h against h* as a heat map: one panel an audit, side by side, drawn as SVG text (no font or
//! drawing library: the CLI rasterises it to PNG, Jupyter and the page show it as it is).
//!
//! A panel's cell at column s and row v counts the boards with h* = s and ⌊h⌋ = v
//! ([`super::Audit::table`]), shaded by the logarithm of the count; the diagonal h = h* is
//! drawn, and the cells above it (boards where ⌊h⌋ > h*, an overestimate by a move or more) are
//! outlined in red.
//! Each cell carries its counts as `data-h-star`, `data-h` and `data-count`, and a `<title>`
//! for a pointer or a screen reader.

use super::Audit;
use std::fmt::Write;

const CELL: f64 = 12.0;
const LEFT: f64 = 52.0;
const TOP: f64 = 48.0;
const BOTTOM: f64 = 52.0;
const GAP: f64 = 56.0;
const LEGEND: f64 = 70.0;

/// A colour for a share `t` in [0, 1]: light yellow to dark blue (a sequential scale readable in
/// grey and by the common colour-vision deficiencies).
fn shade(t: f64) -> String {
    const STOPS: [(f64, [f64; 3]); 5] = [
        (0.0, [255.0, 255.0, 204.0]),
        (0.25, [161.0, 218.0, 180.0]),
        (0.5, [65.0, 182.0, 196.0]),
        (0.75, [44.0, 127.0, 184.0]),
        (1.0, [37.0, 52.0, 148.0]),
    ];
    let t = t.clamp(0.0, 1.0);
    let i = STOPS.iter().position(|&(x, _)| x >= t).unwrap_or(STOPS.len() - 1).max(1);
    let ((x0, a), (x1, b)) = (STOPS[i - 1], STOPS[i]);
    let f = if x1 > x0 { (t - x0) / (x1 - x0) } else { 0.0 };
    let c: Vec<u8> = (0..3).map(|k| (a[k] + (b[k] - a[k]) * f).round() as u8).collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// What one panel draws: an audit's name, size, verdict and table ([`Panel::of`]), or the same
/// read back from its JSON (a front end that keeps reports as JSON).
#[derive(Clone, Copy, Debug)]
pub struct Panel<'a> {
    /// The heuristic's name.
    pub heuristic: &'a str,
    /// The board's size, `WxH`.
    pub size: &'a str,
    /// [`Audit::admissible`].
    pub admissible: Option<bool>,
    /// [`Audit::table`].
    pub table: &'a [Vec<u64>],
}

impl<'a> Panel<'a> {
    /// The panel of `audit`; `None` when it has no table (h* only bounded by walks).
    pub fn of(audit: &'a Audit) -> Option<Panel<'a>> {
        Some(Panel { heuristic: &audit.heuristic, size: &audit.size, admissible: audit.admissible, table: audit.table.as_deref()? })
    }
}

/// The heat maps of `audits` (each with a table: an exhaustive or solved audit), side by side on
/// common axes; `None` when one has no table (h* only bounded by walks).
pub fn svg(audits: &[&Audit]) -> Option<String> {
    let panels: Vec<Panel<'_>> = audits.iter().map(|a| Panel::of(a)).collect::<Option<_>>()?;
    panels_svg(&panels)
}

/// The heat maps of `panels`, side by side on common axes; `None` when there is none.
pub fn panels_svg(audits: &[Panel<'_>]) -> Option<String> {
    let tables: Vec<&[Vec<u64>]> = audits.iter().map(|a| a.table).collect();
    audits.first()?;
    let stars = tables.iter().map(|t| t.len()).max().unwrap_or(0).max(1);
    let values = tables.iter().flat_map(|t| t.iter().map(Vec::len)).max().unwrap_or(0).max(stars);
    let max = tables.iter().flat_map(|t| t.iter().flatten()).copied().max().unwrap_or(1).max(1);
    let pw = stars as f64 * CELL;
    let ph = values as f64 * CELL;
    let width = LEFT + audits.len() as f64 * (pw + GAP) + LEGEND;
    let height = TOP + ph + BOTTOM;
    let names: Vec<&str> = audits.iter().map(|a| a.heuristic).collect();
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-labelledby="heat-title heat-desc" font-family="sans-serif" font-size="11">"#
    );
    let _ = write!(
        s,
        r#"<title id="heat-title">h against h* on {}: {}</title><desc id="heat-desc">For each heuristic a grid whose column is the true distance h* and whose row is h rounded down; a cell's shade is the logarithm of the number of boards there; cells above the diagonal h = h* (overestimates) are outlined in red.</desc>"#,
        audits[0].size,
        escape(&names.join(" beside "))
    );
    let _ = write!(s, r#"<rect width="{width}" height="{height}" fill="white"/>"#);
    for (k, (a, table)) in audits.iter().zip(&tables).enumerate() {
        let x0 = LEFT + k as f64 * (pw + GAP);
        let y0 = TOP + ph;
        let verdict = match a.admissible {
            Some(true) => "admissible",
            Some(false) => "not admissible",
            None => "no counterexample in the sample",
        };
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="13">{} ({verdict})</text>"#,
            x0 + pw / 2.0,
            TOP - 28.0,
            escape(a.heuristic)
        );
        let _ = write!(s, r##"<rect x="{x0}" y="{TOP}" width="{pw}" height="{ph}" fill="#f4f4f4" stroke="#999"/>"##);
        let _ = write!(s, r#"<g class="cells" data-heuristic="{}">"#, escape(a.heuristic));
        for (star, row) in table.iter().enumerate() {
            for (v, &count) in row.iter().enumerate().filter(|&(_, &c)| c > 0) {
                let t = ((count as f64).ln_1p() / (max as f64).ln_1p()).clamp(0.0, 1.0);
                let stroke = if v > star { r##" stroke="#d62728" stroke-width="1.5""## } else { "" };
                let _ = write!(
                    s,
                    r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}"{stroke} data-h-star="{star}" data-h="{v}" data-count="{count}"><title>h* = {star}, h = {v}{}: {count} boards</title></rect>"#,
                    x0 + star as f64 * CELL,
                    y0 - (v + 1) as f64 * CELL,
                    shade(t),
                    if v + 1 == super::TABLE_COLUMNS { " or more" } else { "" },
                );
            }
        }
        s.push_str("</g>");
        // The diagonal h = h*: the top edge of the cells where ⌊h⌋ = h*.
        let end = stars.min(values) as f64 * CELL;
        let _ = write!(
            s,
            r##"<line x1="{x0}" y1="{}" x2="{}" y2="{}" stroke="#d62728" stroke-dasharray="4 3"/>"##,
            y0 - CELL,
            x0 + end - CELL,
            y0 - end
        );
        // Axes' ticks every 5.
        for star in (0..stars).step_by(5) {
            let _ = write!(s, r#"<text x="{}" y="{}" text-anchor="middle">{star}</text>"#, x0 + (star as f64 + 0.5) * CELL, y0 + 14.0);
        }
        for v in (0..values).step_by(5) {
            let _ = write!(s, r#"<text x="{}" y="{}" text-anchor="end">{v}</text>"#, x0 - 4.0, y0 - (v as f64 + 0.5) * CELL + 4.0);
        }
        let _ = write!(s, r#"<text x="{}" y="{}" text-anchor="middle">h* (true cost to the goal)</text>"#, x0 + pw / 2.0, y0 + 32.0);
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" transform="rotate(-90 {} {})">h (estimate, rounded down)</text>"#,
            x0 - 32.0,
            TOP + ph / 2.0,
            x0 - 32.0,
            TOP + ph / 2.0
        );
    }
    // The legend: the shade's scale, from 1 board to the largest count.
    let lx = LEFT + audits.len() as f64 * (pw + GAP);
    for i in 0..10 {
        let t = i as f64 / 9.0;
        let _ = write!(s, r#"<rect x="{lx}" y="{}" width="14" height="10" fill="{}"/>"#, TOP + ph - (i + 1) as f64 * 10.0, shade(t));
    }
    let _ = write!(s, r#"<text x="{}" y="{}">1</text>"#, lx + 18.0, TOP + ph - 1.0);
    let _ = write!(s, r#"<text x="{}" y="{}">{max}</text>"#, lx + 18.0, TOP + ph - 92.0);
    let _ = write!(s, r#"<text x="{lx}" y="{}">boards</text>"#, TOP + ph - 106.0);
    s.push_str("</svg>");
    Some(s)
}
