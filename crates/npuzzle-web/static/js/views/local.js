// The Local search tab: the current board (a beam's boards) and its neighbours with their h,
// the move chosen and why, and a chart of h over the steps (restarts marked; for simulated
// annealing, the temperature) with the step shown.

import { renderBoard } from "./board.js";
import { $, h, svg } from "./dom.js";

/** @typedef {import("../model/local.js").LocalReplay} LocalReplay */
/** @typedef {import("../model/local.js").Current} Current */
/** @typedef {import("../model/local.js").Neighbour} Neighbour */
/** @typedef {import("../model/local.js").Choice} Choice */

export class LocalView {
  constructor() {
    this.slider = /** @type {HTMLInputElement} */ ($("local-step"));
  }

  /**
   * Empties the tab, with a note.
   * @param {string} note
   */
  clear(note) {
    $("local-note").textContent = note;
    $("local-current").replaceChildren();
    $("local-neighbours").replaceChildren();
    $("local-chart").replaceChildren();
    $("local-why").textContent = "";
    $("local-pos").textContent = "";
    this.slider.max = "0";
  }

  /**
   * The note above the replay, and the slider's range.
   * @param {string} note
   * @param {number} events
   */
  loaded(note, events) {
    $("local-note").textContent = note;
    this.slider.max = String(events);
  }

  /**
   * The step after `k` events.
   * @param {LocalReplay} replay
   * @param {number} k
   * @param {ReturnType<LocalReplay["window"]>} win
   * @param {string} why the last event in words
   * @param {number} w board width
   * @param {number} hgt board height
   */
  show(replay, k, win, why, w, hgt) {
    this.slider.value = String(k);
    $("local-pos").textContent = `event ${k.toLocaleString("en-US")} of ${replay.events.length.toLocaleString("en-US")}`;
    this.drawCurrent(win.currents, w, hgt);
    this.drawNeighbours(win.neighbours, win.choices, w, hgt);
    $("local-why").textContent = why;
    const view = $("local-view");
    view.dataset.step = String(win.step);
    view.dataset.event = win.last ? win.last.event : "";
    this.drawChart(replay, win.step);
  }

  /**
   * @param {Current[]} currents
   * @param {number} w
   * @param {number} hgt
   */
  drawCurrent(currents, w, hgt) {
    const box = $("local-current");
    box.replaceChildren();
    for (const c of currents) {
      const fig = h("figure", "local-board current");
      const b = h("div", "board mini");
      renderBoard(b, c.board, w, hgt);
      const t = c.temperature !== undefined ? ` · T = ${c.temperature.toPrecision(4)}` : "";
      fig.append(b, h("figcaption", "", `${c.member !== undefined ? `[${c.member}] ` : ""}h = ${c.h}${t}`));
      box.appendChild(fig);
    }
  }

  /**
   * @param {Neighbour[]} neighbours
   * @param {Choice[]} choices
   * @param {number} w
   * @param {number} hgt
   */
  drawNeighbours(neighbours, choices, w, hgt) {
    const box = $("local-neighbours");
    box.replaceChildren();
    for (const n of neighbours) {
      const chosen = choices.find((c) => c.move === n.move && (c.from === undefined || c.from === n.member));
      const rejected = chosen?.reason.kind === "rejected";
      const fig = h("figure", `local-board${chosen ? (rejected ? " rejected" : " chosen") : ""}`);
      const b = h("div", "board mini");
      renderBoard(b, n.board, w, hgt);
      const mark = chosen ? (rejected ? " ✗" : " ✓") : "";
      fig.append(b, h("figcaption", "", `${n.member !== undefined ? `[${n.member}] ` : ""}${n.move}: h = ${n.h}${mark}`));
      fig.dataset.move = n.move;
      fig.dataset.h = String(n.h);
      box.appendChild(fig);
    }
  }

  /**
   * h over the steps (the beam's best), restarts as dashed lines, annealing's temperature on
   * its own scale, and the current step.
   * @param {LocalReplay} replay
   * @param {number} current
   */
  drawChart(replay, current) {
    const chart = $("local-chart");
    const W = 640;
    const H = 180;
    const L = 36;
    const R = 44;
    const T = 10;
    const B = 24;
    chart.setAttribute("viewBox", `0 0 ${W} ${H}`);
    chart.replaceChildren();
    const s = replay.series;
    if (!s.length) return;
    const maxStep = Math.max(1, s[s.length - 1].step);
    const maxH = Math.max(1, ...s.map((p) => p.h));
    const x = (/** @type {number} */ step) => L + ((W - L - R) * (step - s[0].step)) / Math.max(1, maxStep - s[0].step);
    const y = (/** @type {number} */ v) => T + (H - T - B) * (1 - v / maxH);
    /**
     * @param {string} name
     * @param {Record<string, string | number>} attrs
     * @param {string} [text]
     */
    const el = (name, attrs, text) => {
      const e = svg(name, attrs, chart);
      if (text !== undefined) e.textContent = text;
      return e;
    };
    el("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" });
    el("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" });
    el("text", { x: L - 4, y: y(maxH) + 4, "text-anchor": "end", class: "tick" }, String(maxH));
    el("text", { x: L - 4, y: y(0) + 4, "text-anchor": "end", class: "tick" }, "0");
    el("text", { x: L + 2, y: T + 10, class: "label" }, "h");
    el("text", { x: W - R, y: H - 6, "text-anchor": "end", class: "tick" }, `step ${maxStep.toLocaleString("en-US")}`);
    for (const r of replay.restarts) el("line", { x1: x(r), y1: T, x2: x(r), y2: H - B, class: "restart" });
    // Long runs: at most one point a pixel column.
    const every = Math.max(1, Math.floor(s.length / (W - L - R)));
    const pts = s.filter((_, i) => i % every === 0 || i === s.length - 1);
    el("polyline", { points: pts.map((p) => `${x(p.step).toFixed(1)},${y(p.h).toFixed(1)}`).join(" "), class: "h-line" });
    if (s.some((p) => p.t !== undefined)) {
      const maxT = Math.max(...s.map((p) => p.t || 0)) || 1;
      const yt = (/** @type {number} */ t) => T + (H - T - B) * (1 - t / maxT);
      el("polyline", { points: pts.map((p) => `${x(p.step).toFixed(1)},${yt(p.t || 0).toFixed(1)}`).join(" "), class: "t-line" });
      el("text", { x: W - R + 4, y: yt(maxT) + 4, class: "tick t" }, `T ${maxT.toPrecision(3)}`);
      el("text", { x: W - R + 4, y: yt(0) + 4, class: "tick t" }, "T 0");
    }
    el("line", { x1: x(current), y1: T, x2: x(current), y2: H - B, class: "now" });
  }

  /**
   * The replay button's face.
   * @param {boolean} playing
   */
  showPlaying(playing) {
    $("local-play").setAttribute("aria-pressed", String(playing));
  }
}
