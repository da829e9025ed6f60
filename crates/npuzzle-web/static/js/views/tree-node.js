// One node of the search tree in SVG: its body in each drawing style, its colours for its
// state (or for how close h comes to the true distance), and the shapes of the states.

import { shortLabel } from "../model/format.js";
import { overestimates } from "../model/replay.js";
import { svg as el } from "./dom.js";

/** @typedef {import("../api").LegendEntry} LegendEntry */
/** @typedef {import("../api").NodeState} NodeState */
/** @typedef {import("../api").TreeNode} TreeNode */
/** @typedef {import("../model/replay.js").Replay} Replay */
/** @typedef {import("../model/layout.js").Metrics} Metrics */

/**
 * The outline of a state's shape, centred on 0, 0.
 * @param {string} shape
 * @param {number} r
 * @returns {string}
 */
export function shapePath(shape, r) {
  switch (shape) {
    case "diamond":
      return `M0,${-r * 1.25}L${r * 1.25},0L0,${r * 1.25}L${-r * 1.25},0Z`;
    case "circle":
      return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case "square":
      return `M${-r * 0.85},${-r * 0.85}h${r * 1.7}v${r * 1.7}h${-r * 1.7}Z`;
    case "star": {
      let d = "";
      for (let i = 0; i < 10; i++) {
        const a = (Math.PI / 5) * i - Math.PI / 2;
        const rr = i % 2 ? r * 0.5 : r * 1.3;
        d += `${i ? "L" : "M"}${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`;
      }
      return `${d}Z`;
    }
    default: // cross
      return `M${-r * 0.8},${-r * 0.8}L${r * 0.8},${r * 0.8}M${r * 0.8},${-r * 0.8}L${-r * 0.8},${r * 0.8}`;
  }
}

/**
 * An HSL colour (h in degrees, s and l in 0..1) as sRGB channels in 0..1.
 * @param {number} h
 * @param {number} s
 * @param {number} l
 * @returns {[number, number, number]}
 */
function hslToRgb(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (/** @type {number} */ n) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/**
 * WCAG relative luminance of sRGB channels in 0..1.
 * @param {[number, number, number]} rgb
 * @returns {number}
 */
function relativeLuminance(rgb) {
  const [r, g, b] = rgb.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Accuracy colouring: how much of the true distance h covers, h / h*, from pale (h far below
 * h*) to dark blue (h = h*); an overestimate is red.
 * @param {TreeNode} node
 * @returns {{fill: string, ink: string}}
 */
export function accuracyColour(node) {
  if (node.h_star === undefined || node.h_star === null) return { fill: "#9e9e9e", ink: "#000000" };
  if (overestimates(node)) return { fill: "#b00020", ink: "#ffffff" };
  const r = node.h_star === 0 ? 1 : node.h / node.h_star;
  const light = Math.round(88 - 62 * r);
  // Black or white, whichever contrasts more with the fill: at least 4.5:1 either way.
  const y = relativeLuminance(hslToRgb(212, 0.7, light / 100));
  return { fill: `hsl(212, 70%, ${light}%)`, ink: (y + 0.05) / 0.05 >= 1.05 / (y + 0.05) ? "#000000" : "#ffffff" };
}

// Every text of a node after its label starts with a space, which SVG does not draw: read one
// after another (as assistive technology and the node's name do) they are words apart.

/**
 * A node's body in the current style: its board and g + h = f, its label, or a bare shape,
 * with the ring that marks it next and the mark of an overestimate.
 * @param {SVGGElement} g
 * @param {TreeNode} node
 * @param {Replay} replay
 * @param {Metrics} m
 */
export function drawNodeBody(g, node, replay, m) {
  const w = replay.tree.width;
  if (m.style === "boards") {
    const cell = m.cell || 13;
    const x0 = -m.w / 2;
    const y0 = -m.h / 2;
    el("rect", { class: "box", x: x0, y: y0, width: m.w, height: m.h, rx: 4 }, g);
    el("rect", { class: "head", x: x0, y: y0, width: m.w, height: m.font + 4, rx: 4 }, g);
    el("path", { class: "shape badge", transform: `translate(${x0 + m.r + 3},${y0 + (m.font + 4) / 2})` }, g);
    el("text", { class: "label head-text", x: x0 + 2 * m.r + 7, y: y0 + m.font }, g).textContent = shortLabel(node.label, 3);
    const bx = (-w * cell) / 2;
    const by = y0 + m.font + 6;
    node.board.forEach((tile, i) => {
      const cx = bx + (i % w) * cell;
      const cy = by + Math.floor(i / w) * cell;
      if (tile === 0) return;
      el("rect", { class: "tile", x: cx + 0.5, y: cy + 0.5, width: cell - 1, height: cell - 1, rx: 1.5 }, g);
      el(
        "text",
        { "aria-hidden": "true", class: "tile-text", x: cx + cell / 2, y: cy + cell * 0.78, "text-anchor": "middle" },
        g,
      ).textContent = ` ${tile}`;
    });
    const gy = by + replay.tree.height * cell + m.font + 2;
    el("text", { class: "ghf", x: 0, y: gy, "text-anchor": "middle" }, g).textContent = ` ${node.g}+${node.h}=${node.f}`;
    if (replay.hasHStar) {
      const hs = node.h_star === undefined || node.h_star === null ? "h* ?" : `h*=${node.h_star}`;
      el("text", { class: "hstar", x: 0, y: gy + m.font + 2, "text-anchor": "middle" }, g).textContent = ` ${hs}`;
    }
    el("rect", { class: "ring", x: -m.w / 2 - 5, y: -m.h / 2 - 5, width: m.w + 10, height: m.h + 10, rx: 7 }, g);
  } else {
    el("path", { class: "shape" }, g);
    if (m.style === "labels") {
      el("text", { class: "label", y: m.r + m.font + 2, "text-anchor": "middle" }, g).textContent = shortLabel(node.label);
      el("text", { class: "ghf", y: m.r + 2 * m.font + 4, "text-anchor": "middle" }, g).textContent = ` f ${node.f}`;
    }
    el("circle", { class: "ring", r: m.r * 2 + 2 }, g);
  }
  if (replay.hasHStar && overestimates(node)) {
    g.classList.add("overestimate");
    const x = m.style === "boards" ? m.w / 2 - 2 : m.r + 2;
    const y = m.style === "boards" ? -m.h / 2 + m.font : -m.r;
    el("text", { class: "warn", x, y, "text-anchor": "end" }, g).textContent = " !";
  }
}

/**
 * Colours a node for its state (the legend's colour and shape), or by h ÷ h* (`accuracy`).
 * @param {SVGGElement} g
 * @param {TreeNode} node
 * @param {NodeState} st
 * @param {LegendEntry | undefined} entry the state's legend entry
 * @param {Metrics} m
 * @param {boolean} accuracy
 */
export function paintNode(g, node, st, entry, m, accuracy) {
  const leg = entry || { fill: "#000", ink: "#fff", shape: "cross" };
  g.dataset.state = st;
  for (const c of [...g.classList]) if (c.startsWith("st-")) g.classList.remove(c);
  g.classList.add(`st-${st}`);
  const acc = accuracy ? accuracyColour(node) : null;
  const colour = acc ? acc.fill : leg.fill;
  const ink = acc ? acc.ink : leg.ink;
  const shapeEl = /** @type {SVGElement} */ (g.querySelector(".shape"));
  shapeEl.setAttribute("d", shapePath(leg.shape, m.style === "boards" ? m.r * 0.8 : m.r));
  if (leg.shape === "cross") {
    shapeEl.setAttribute("fill", "none");
    shapeEl.setAttribute("stroke", m.style === "boards" ? ink : colour);
    shapeEl.setAttribute("stroke-width", m.style === "shapes" ? "2.2" : "3");
  } else {
    shapeEl.setAttribute("fill", m.style === "boards" ? ink : colour);
    shapeEl.setAttribute("stroke", m.style === "boards" ? colour : "#ffffff");
    shapeEl.setAttribute("stroke-width", "1");
  }
  if (m.style === "boards") {
    g.querySelector(".box")?.setAttribute("stroke", colour);
    g.querySelector(".head")?.setAttribute("fill", colour);
    const text = /** @type {SVGElement | null} */ (g.querySelector(".head-text"));
    if (text) text.style.fill = ink;
  }
}
