// The notebook widget's frame: the page's own Search tree tab (its tree, player, frontier list,
// pseudocode and live region) replaying one search recorded in Python. The widget (widget.js)
// writes this frame's document: the tab's markup from index.html, the page's style sheet, the
// recording as JSON in `#npuzzle-replay`, and this module bundled (build.mjs). Each widget has
// its own frame, so several in one notebook keep apart, and the notebook's styles stay out.
//
// Messages with the widget: the frame sends `{type: "npuzzle:step", step}` at every step shown
// and `{type: "npuzzle:resize", height}` when its content's height changes; it takes
// `{type: "npuzzle:goto", step}` (the Python side set the step).

import { isShortcut, TreeTab } from "../static/js/controller/tree-tab.js";
import { resultLine } from "../static/js/model/describe.js";
import { createState } from "../static/js/model/state.js";
import { $ } from "../static/js/views/dom.js";
import { embedTitle, reportHeight } from "../static/js/views/embed.js";
import { drawLegend } from "../static/js/views/legend.js";

/**
 * The recording the widget passes in: what `npuzzle.widget` records in Python.
 * @typedef {object} Recording
 * @property {import("../static/js/api").Tree} tree
 * @property {import("../static/js/api").Trace} trace
 * @property {import("../static/js/api").Report} report
 * @property {import("../static/js/api").Described} info
 * @property {import("../static/js/api").LegendEntry[]} legend
 * @property {string[] | null} pseudocode the pseudocode's texts under rules other than the algorithm's own
 * @property {number} step the event to open at
 */

/** @type {Recording} */
const rec = JSON.parse($("npuzzle-replay").textContent || "null");
const state = createState();
state.options = /** @type {import("../static/js/api").Options} */ (
  /** @type {unknown} */ ({ algorithms: [rec.info], legend: rec.legend, params: [] })
);
const tab = new TreeTab(state);
tab.listen();
tab.view.setLegend(rec.legend);
drawLegend(rec.legend);
$("embed-bar").hidden = false;
embedTitle(resultLine(rec.report));
tab.load(rec.tree, rec.trace, { ...rec.report, pseudocode: rec.pseudocode || undefined }, rec.step);
tab.onStep = (/** @type {number} */ step) => window.parent.postMessage({ type: "npuzzle:step", step }, "*");

document.addEventListener("keydown", (ev) => {
  if (!isShortcut(ev)) return;
  const f = tab.keys()[ev.key.length === 1 ? ev.key.toLowerCase() : ev.key];
  if (!f) return;
  ev.preventDefault();
  f();
});
window.addEventListener("message", (ev) => {
  const d = ev.data;
  if (ev.source === window.parent && d && d.type === "npuzzle:goto" && typeof d.step === "number" && d.step !== tab.k) {
    tab.stop();
    tab.setStep(d.step);
  }
});
reportHeight();
