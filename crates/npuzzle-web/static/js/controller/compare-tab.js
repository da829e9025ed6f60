// The controller's part for the Compare tab: the same board through several algorithms, one
// after another, with rows shown as they finish; cancel; a click on a row opens that run's
// search tree; the race played.

import { fmt, fmtMs } from "../model/format.js";
import { usesHeuristic } from "../model/options.js";
import { compareBody, compareKey, depthBody, pairRun, parseDepths, runName } from "../model/settings.js";
import { reducedMotion } from "../views/announce.js";
import { CompareView } from "../views/compare.js";
import { DepthView } from "../views/depth.js";
import { $, closest, select } from "../views/dom.js";
import { OWN, ownField } from "../views/own.js";

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../engine/engine.js").Engine} Engine */
/** @typedef {import("../model/state.js").PageState} PageState */
/** @typedef {import("../model/settings.js").Run} Run */

export class CompareTab {
  /**
   * @param {Engine} engine
   * @param {PageState} state
   * @param {{changed: () => void, open: (run: Run) => void, read: () => void}} on `changed()` when
   *   the compare's setup or results change (stale marks); `open(run)` to solve a run with its
   *   tree; `read()` to bring the settings up to the inputs
   */
  constructor(engine, state, on) {
    this.engine = engine;
    this.state = state;
    this.on = on;
    this.view = new CompareView();
    this.depthView = new DepthView();
    /** whether the depth experiment runs */
    this.depthRunning = false;
    /** @type {number} */
    this.raceFrame = 0;
  }

  /** @returns {Options} */
  get options() {
    return /** @type {Options} */ (this.state.options);
  }

  listen() {
    for (const p of this.options.compare_pairs) this.addPair(p);
    $("compare-add").addEventListener("click", () =>
      this.addPair({ algorithm: this.options.defaults.algorithm, heuristic: this.options.defaults.heuristic }),
    );
    $("compare-run").addEventListener("click", () => {
      if ($("compare-run").getAttribute("aria-disabled") !== "true") this.run();
    });
    $("compare-cancel").addEventListener("click", () => {
      if (this.state.comparing) this.engine.stop("compare");
    });
    const table = $("compare-table");
    const openRow = (/** @type {Event} */ ev) => {
      const tr = closest(ev, "tr[data-index]");
      const i = tr ? Number(tr.dataset.index) : -1;
      if (i >= 0 && this.state.compare?.[i]) this.on.open(this.state.compareRuns[i]);
    };
    table.addEventListener("click", openRow);
    table.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") openRow(ev);
    });
    $("compare-metric").addEventListener("change", () => this.drawChart());
    $("compare-log").addEventListener("change", () => this.drawChart());
    $("race-play").addEventListener("click", () => this.playRace());
    const dd = this.options.depth_defaults;
    /** @type {HTMLInputElement} */ ($("depth-count")).value = String(dd.count);
    /** @type {HTMLInputElement} */ ($("depth-count")).max = String(dd.max_count);
    $("depth-run").addEventListener("click", () => {
      if ($("depth-run").getAttribute("aria-disabled") !== "true") this.runDepth();
    });
    $("depth-cancel").addEventListener("click", () => {
      if (this.depthRunning) this.engine.stop("depth");
    });
  }

  /**
   * The experiment's pairs: the text as typed (`bfs,iddfs,astar/h1,astar/max(h1, h2)`), which
   * the engine reads by the library's rule, as `npuzzle bench depth --pairs` does; the
   * defaults when empty.
   * @returns {string | {algorithm: string, heuristic: string}[]}
   */
  depthPairs() {
    const text = /** @type {HTMLInputElement} */ ($("depth-pairs")).value.trim();
    if (!text) {
      const pairs = this.options.depth_defaults.pairs.map((p) => ({ algorithm: p.algorithm, heuristic: p.heuristic }));
      // The student's own formula joins the defaults, with the Search form's algorithm when it
      // reads a heuristic (else A*).
      const s = this.state.settings;
      if (this.ownFormula()) {
        const algorithm = /** @type {import("../api").AlgorithmName} */ (usesHeuristic(this.options, s.algorithm) ? s.algorithm : "astar");
        pairs.push({ algorithm, heuristic: this.ownFormula() });
      }
      return pairs;
    }
    return text;
  }

  /** Runs the depth experiment on the settings' size, goal, step cost and move order. */
  async runDepth() {
    if (this.depthRunning) return;
    this.on.read();
    const s = this.state.settings;
    const view = this.depthView;
    const depthsText = /** @type {HTMLInputElement} */ ($("depth-depths")).value;
    const depths = depthsText.trim() ? parseDepths(depthsText) : this.options.depth_defaults.depths;
    if (!depths) {
      view.message(`bad depths \u201c${depthsText}\u201d (use e.g. 2..24:2 or 4,8,12)`, "bad");
      return;
    }
    const pairs = this.depthPairs();
    const count = Number(/** @type {HTMLInputElement} */ ($("depth-count")).value) || this.options.depth_defaults.count;
    const seed = Number(/** @type {HTMLInputElement} */ ($("depth-seed")).value) || 1;
    this.depthRunning = true;
    view.running(true);
    const n = typeof pairs === "string" ? "the" : `${pairs.length}`;
    view.message(`running ${n} pairs on ${count} boards at each of ${depths.length} depths…`);
    try {
      const answer = await this.engine.depth(depthBody(s, this.options, { depths, count, seed, pairs }));
      if (!answer.ok) {
        view.message(/** @type {{error: string}} */ (/** @type {unknown} */ (answer.data)).error, "bad");
        return;
      }
      const t = answer.data;
      view.show(t);
      const cut = t.rows.some((r) => r.cut);
      view.message(
        `${t.count} boards a depth (seed ${t.seed}), ${t.cost_model} step costs; means over the boards` +
          (cut ? `; – marks a pair whose runs passed ${fmt(t.max_nodes)} nodes` : ""),
      );
    } catch (e) {
      view.message(e instanceof Error && e.name === "AbortError" ? "cancelled" : `failed: ${e instanceof Error ? e.message : e}`, "bad");
    } finally {
      this.depthRunning = false;
      view.running(false);
    }
  }

  /**
   * The student's own formula when the Search form has it chosen, else "".
   * @returns {string}
   */
  ownFormula() {
    return select("heuristic").value === OWN ? ownField().value.trim() : "";
  }

  /**
   * @param {Run} pair
   */
  addPair(pair) {
    this.view.addPair(this.options, pair, () => this.on.changed());
  }

  drawChart() {
    if (this.state.compare) this.view.drawChart(this.options, this.state.compare);
  }

  show() {
    const s = this.state;
    this.view.show(this.options, s.compare || [], s.compareRuns, s.comparing);
  }

  /** Runs every pair, one after another, with rows shown as they finish. */
  async run() {
    const s = this.state;
    if (s.comparing) return;
    this.on.read();
    const runs = this.view
      .readPairs()
      .map((p) => pairRun(this.options, p.algorithm, p.heuristic === OWN ? ownField().value.trim() : p.heuristic, p.params));
    const view = this.view;
    if (!runs.length) {
      view.message("Add at least one pair.");
      return;
    }
    view.message(`starting ${runs.length} searches…`);
    s.compare = new Array(runs.length).fill(null);
    s.compareRuns = runs;
    s.compareKey = compareKey(s.settings);
    s.comparing = true;
    this.show();
    view.running(true);
    cancelAnimationFrame(this.raceFrame);
    const rows = s.compare;
    const name = (/** @type {number} */ i) => runName(this.options, runs[i]);
    try {
      const answer = await this.engine.compare(compareBody(s.settings, this.options, runs), (ev) => {
        if (ev.type === "progress") {
          const t = ev.tables;
          const tables = t ? ` · building tables ${Math.round((100 * (t.filled || 0)) / Math.max(1, t.entries))}%` : "";
          const i = ev.run || 0;
          view.message(
            `running ${i + 1} of ${runs.length}: ${name(i)} · ${fmt(ev.expanded)} expanded · ${fmtMs(ev.time_ms)} so far${tables}`,
          );
        } else if (ev.type === "row") {
          rows[ev.index] = ev.result;
          this.show();
        } else if (ev.type === "error") {
          view.message(ev.error, "bad");
        } else if (ev.type === "done") {
          view.message(`${runs.length} searches done.`);
        }
      });
      if (!answer.ok) view.message(answer.data.error, "bad");
    } catch (e) {
      const text =
        e instanceof Error && e.name === "AbortError"
          ? `cancelled after ${rows.filter(Boolean).length} of ${runs.length} searches`
          : `failed: ${e instanceof Error ? e.message : e}`;
      view.message(text, "bad");
    } finally {
      s.comparing = false;
      view.running(false);
      this.show();
      this.on.changed();
    }
  }

  /** The race over six seconds: every lane counts its expansions at the same rate. */
  playRace() {
    cancelAnimationFrame(this.raceFrame);
    const rows = this.state.compare || [];
    const t0 = performance.now();
    // With less motion asked for, the race is shown at its end at once.
    const duration = reducedMotion() ? 0 : 6000;
    const frame = (/** @type {number} */ now) => {
      const t = duration ? Math.min(1, (now - t0) / duration) : 1;
      this.view.drawRace(rows, t);
      if (t < 1) this.raceFrame = requestAnimationFrame(frame);
    };
    this.raceFrame = requestAnimationFrame(frame);
  }
}
