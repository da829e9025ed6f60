// Where the tree's nodes go: the node geometry for each drawing style, and a tidy layout of
// the nodes generated so far (leaves take the next slot, parents sit over their children, each
// root's tree after the last with room for its caption). Pure: no DOM.

import { shortLabel } from "./format.js";

/** @typedef {import("./replay.js").Replay} Replay */
/** @typedef {"boards" | "labels" | "shapes"} Style */

/** Up to this many nodes (on boards of up to 16 cells) each node shows its board. */
export const BOARDS_UP_TO = 40;
/** Up to this many nodes each node has its label; beyond, bare shapes. */
export const LABELS_UP_TO = 400;

/**
 * Node geometry.
 * @typedef {object} Metrics
 * @property {Style} style
 * @property {number} font font size
 * @property {number} [cell] a board cell's size (boards style)
 * @property {number} w node width
 * @property {number} h node height
 * @property {number} slot horizontal room per leaf
 * @property {number} ystep vertical room per level
 * @property {number} r the state shape's radius
 */

/**
 * The style for a choice (`auto` picks by the tree's size).
 * @param {string} choice `auto`, `boards`, `labels` or `shapes`
 * @param {number} nodes
 * @param {number} cells the board's cells
 * @returns {Style}
 */
export function styleFor(choice, nodes, cells) {
  if (choice === "boards" || choice === "labels" || choice === "shapes") return choice;
  return nodes <= BOARDS_UP_TO && cells <= 16 ? "boards" : nodes <= LABELS_UP_TO ? "labels" : "shapes";
}

/**
 * The geometry of a style.
 * @param {Style} style
 * @param {Replay} replay
 * @param {boolean} projector larger text for a projector
 * @returns {Metrics}
 */
export function metrics(style, replay, projector) {
  const big = projector ? 1.35 : 1;
  const font = 12 * big;
  if (style === "boards") {
    const cell = 13 * big;
    const bw = replay.tree.width * cell;
    const bh = replay.tree.height * cell;
    const textW = 8 * font * 0.62;
    const w = Math.max(bw + 10, textW + 8);
    const lines = replay.hasHStar ? 2 : 1;
    const h = font + 4 + bh + 4 + lines * (font + 2) + 4;
    return { style, font, cell, w, h, slot: w + 10 * big, ystep: h + 28 * big, r: 6 * big };
  }
  if (style === "labels") {
    const longest = Math.max(2, ...replay.nodes.map((x) => shortLabel(x.label).length), ...replay.nodes.map((x) => String(x.f).length + 2));
    const slot = Math.max(26 * big, longest * font * 0.62 + 8);
    return { style, font, w: 14 * big, h: 14 * big, slot, ystep: 50 * big, r: 6 * big };
  }
  return { style, font, w: 10, h: 10, slot: 12, ystep: 34, r: 4 };
}

/**
 * Positions of nodes 0..count-1, and the drawing's size.
 * @param {Replay} replay
 * @param {number} count
 * @param {Metrics} m
 * @returns {{pos: [number, number][], bounds: {w: number, h: number}}}
 */
export function layout(replay, count, m) {
  const nodes = replay.nodes;
  const x = new Float64Array(count);
  const depth = new Int32Array(count);
  let next = 0;
  let maxDepth = 0;
  const kids = (/** @type {number} */ id) => replay.children[id].filter((c) => c < count);
  for (let r = 0; r < count; r++) {
    const node = nodes[r];
    if (node.parent !== null && node.parent < nodes.length) continue;
    const start = next;
    /** @type {[number, number][]} */
    const stack = [[r, 0]];
    depth[r] = 0;
    while (stack.length) {
      const top = stack[stack.length - 1];
      const id = top[0];
      const cs = kids(id);
      if (top[1] < cs.length) {
        const c = cs[top[1]++];
        depth[c] = depth[id] + 1;
        if (depth[c] > maxDepth) maxDepth = depth[c];
        stack.push([c, 0]);
      } else {
        stack.pop();
        x[id] = cs.length ? (x[cs[0]] + x[cs[cs.length - 1]]) / 2 : next++;
      }
    }
    // Room for the caption above a root (iteration bound, search direction).
    const caption = replay.caption(r);
    const need = caption ? (caption.length * m.font * 0.6) / m.slot : 0;
    if (next - start < need) {
      const shift = (need - (next - start)) / 2;
      for (let i = r; i < count; i++) if (replay.inTreeOf(i, r)) x[i] += shift;
      next = start + need;
    }
    next += 0.6;
  }
  const pad = Math.max(m.w, m.slot) / 2 + 8;
  const top = m.h / 2 + (replay.iterations.length || replay.twoRoots ? 26 : 10);
  /** @type {[number, number][]} */
  const pos = new Array(count);
  for (let i = 0; i < count; i++) pos[i] = [pad + x[i] * m.slot, top + depth[i] * m.ystep];
  const bounds = {
    w: pad * 2 + Math.max(0, next - 1.6) * m.slot,
    h: top + maxDepth * m.ystep + m.h / 2 + (m.style === "labels" ? 2 * m.font + 10 : 12),
  };
  return { pos, bounds };
}
