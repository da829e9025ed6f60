// The page's messages and counters: the result line, the hint, the live statistics, the
// table-building progress bar, the verdict on the board, the engine's status, and the marks on
// results that no longer match the settings.

import { fmt, fmtMs, num } from "../model/format.js";
import { $ } from "./dom.js";

/** @typedef {import("../api").Check} Check */
/** @typedef {import("../api").TableProgress} TableProgress */

/**
 * The result line: its text and its kind (`ok`, `bad`, or neutral).
 * @param {string} text
 * @param {"ok" | "bad" | ""} [kind]
 */
export function showMessage(text, kind = "") {
  const msg = $("result-msg");
  msg.className = kind;
  msg.textContent = text;
}

/**
 * The hint under the statistics.
 * @param {string} text
 */
export function showHint(text) {
  $("result-hint").textContent = text;
}

/**
 * The live statistics: counts while a search runs, the totals after it.
 * @param {{expanded: number, generated: number, frontier?: number, max_frontier?: number, depth?: number, max_depth?: number, effective_branching_factor?: number | null}} s
 * @param {number | null | undefined} timeMs
 */
export function setLive(s, timeMs) {
  const b = s.effective_branching_factor;
  $("live-bstar").textContent = b === undefined || b === null ? "–" : b.toFixed(3);
  $("live-expanded").textContent = fmt(s.expanded);
  $("live-generated").textContent = fmt(s.generated);
  $("live-frontier").textContent = fmt(s.frontier !== undefined ? s.frontier : s.max_frontier);
  $("live-depth").textContent = fmt(s.depth !== undefined ? s.depth : s.max_depth);
  $("live-time").textContent = fmtMs(timeMs);
}

/**
 * Names the frontier and depth counters: live (`frontier`, `depth`) or final (`max …`).
 * @param {boolean} final
 */
export function liveLabels(final) {
  const name = (/** @type {string} */ id) => /** @type {HTMLElement} */ ($(id).previousElementSibling);
  name("live-frontier").textContent = final ? "max frontier" : "frontier";
  name("live-depth").textContent = final ? "max depth" : "depth";
}

/**
 * The progress of a table build, or none.
 * @param {TableProgress | null | undefined} t
 */
export function showTables(t) {
  const box = $("table-progress-box");
  if (!t) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const frac = t.entries ? t.filled / t.entries : 0;
  const overall = t.tables ? (t.ready + (t.ready < t.tables ? frac : 0)) / t.tables : frac;
  /** @type {HTMLProgressElement} */ ($("table-progress")).value = Math.min(1, overall);
  $("table-progress-text").textContent =
    `building pattern databases: table ${Math.min(t.ready + 1, t.tables || 1)} of ${t.tables || 1}, ` +
    `${Math.round(100 * overall)}% (built once and cached; not counted in the time limit)`;
}

/**
 * The verdict on the start and the goal.
 * @param {Check} v
 */
export function showVerdict(v) {
  const el = $("check");
  if (!v.valid) {
    el.className = "bad";
    el.textContent = `✗ not a valid ${v.field === "goal" ? "goal" : "board"}: ${v.error}`;
    return;
  }
  if (v.solvable) {
    el.className = "ok";
    const hs = Object.entries(v.h)
      .map(([k, x]) => `${k} ${num(x)}`)
      .join(", ");
    el.textContent = `✓ solvable · estimates: ${hs}`;
  } else {
    el.className = "bad";
    el.textContent = `✗ ${v.reason}`;
  }
}

/**
 * What is wrong with the start board as typed ("" when it reads).
 * @param {string} text
 */
export function showStartError(text) {
  $("start-error").textContent = text;
}

/** @returns {string} */
export function startError() {
  return $("start-error").textContent || "";
}

/**
 * Marks results that no longer match the settings.
 * @param {boolean} stale the solve's results
 * @param {boolean} compareStale the compare's
 */
export function markStale(stale, compareStale) {
  $("stale").hidden = !(stale || compareStale);
  for (const id of ["panel-solution", "panel-tree"]) $(id).classList.toggle("stale", stale);
  $("panel-compare").classList.toggle("stale", compareStale);
  $("result-msg").classList.toggle("stale-text", stale);
}

/**
 * Whether a search is running: Solve stays focusable (a disabled button would drop the focus).
 * @param {boolean} on
 */
export function setRunning(on) {
  const solve = $("solve");
  solve.setAttribute("aria-disabled", String(on));
  solve.classList.toggle("busy", on);
  /** @type {HTMLButtonElement} */ ($("stop")).disabled = !on;
}

/**
 * The engine's status in the header, and the footer's description of it.
 * @param {string} status
 * @param {string} [footer]
 */
export function showEngine(status, footer) {
  $("server-status").textContent = status;
  if (footer) $("footer").textContent = footer;
}

/**
 * What was wrong with the link the page was opened with.
 * @param {string[]} problems
 */
export function showLinkProblems(problems) {
  $("link-note").textContent = problems.length ? `This link had problems: ${problems.join("; ")}. The defaults are used instead.` : "";
}
