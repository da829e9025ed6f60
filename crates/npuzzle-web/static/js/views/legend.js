// The legend of node states (colour and shape, from the options document) and the timeline of
// an iterative-deepening search's bounds.

import { fmt } from "../model/format.js";
import { $, h, svg } from "./dom.js";
import { shapePath } from "./tree-node.js";

/** @typedef {import("../api").LegendEntry} LegendEntry */
/** @typedef {import("../model/replay.js").Replay} Replay */

/** How the legend words each state. */
const WORDS = { current: "current", explored: "explored", frontier: "frontier", goal: "goal", unexplored: "duplicate or pruned" };

/**
 * Draws the legend.
 * @param {LegendEntry[]} legend
 */
export function drawLegend(legend) {
  const ul = $("legend");
  ul.replaceChildren();
  for (const l of legend) {
    const li = h("li");
    const icon = svg("svg", { width: 18, height: 18, viewBox: "-9 -9 18 18", "aria-hidden": "true" }, li);
    const p = svg("path", { d: shapePath(l.shape, 6) }, icon);
    if (l.shape === "cross") {
      p.setAttribute("fill", "none");
      p.setAttribute("stroke", l.fill);
      p.setAttribute("stroke-width", "3");
    } else p.setAttribute("fill", l.fill);
    li.append(` ${WORDS[l.state] || l.state} (${l.colour} ${l.shape})`);
    li.dataset.state = l.state;
    ul.appendChild(li);
  }
  const next = h("li");
  const icon = svg("svg", { width: 18, height: 18, viewBox: "-9 -9 18 18", "aria-hidden": "true" }, next);
  svg("circle", { r: 7, class: "legend-next" }, icon);
  next.append(" next to expand (dashed ring)");
  ul.appendChild(next);
}

/**
 * The timeline of an iterative-deepening search: one button per iteration with its bound and
 * the nodes it generated; a click reports the event to go to.
 * @param {Replay} replay
 * @param {(k: number) => void} go
 */
export function drawTimeline(replay, go) {
  const box = $("tree-timeline");
  box.replaceChildren();
  if (!replay.iterations.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const depth = replay.boundName === "depth limit";
  box.appendChild(h("span", "muted", depth ? "Depth limits:" : "IDA* thresholds:"));
  const max = Math.max(1, ...replay.iterations.map((it) => it.generated));
  for (const it of replay.iterations) {
    const b = h("button", "iter");
    b.type = "button";
    b.dataset.at = String(it.at);
    const bar = h("span", "iter-bar");
    bar.style.width = `${Math.max(4, (40 * it.generated) / max)}px`;
    b.append(`#${it.number} ${depth ? "ℓ =" : "f ≤"} ${it.bound} `, bar, ` ${fmt(it.generated)}`);
    const next = it.next === undefined ? "" : it.next === null ? "; nothing cut off" : `; next ${replay.boundName} ${it.next}`;
    b.title = `iteration ${it.number}: ${replay.boundName} ${it.bound}, ${fmt(it.generated)} nodes generated${next}`;
    b.addEventListener("click", () => go(it.at + 1));
    box.appendChild(b);
  }
}

/**
 * Marks the iteration under way at event `k`.
 * @param {Replay} replay
 * @param {number} k
 */
export function markTimeline(replay, k) {
  const now = replay.iterationAt(k);
  for (const b of $("tree-timeline").querySelectorAll(".iter")) {
    b.classList.toggle("now", !!now && Number(/** @type {HTMLElement} */ (b).dataset.at) === now.at);
  }
}

/** Empties the timeline. */
export function clearTimeline() {
  $("tree-timeline").replaceChildren();
}
