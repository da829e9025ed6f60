// The controller's part for the Compare tab: the same board through several algorithms, one
// after another, with rows shown as they finish; cancel; a click on a row opens that run's
// search tree; the race played.

import { fmt, fmtMs } from "../model/format.js";
import { compareBody, compareKey, pairRun, runName } from "../model/settings.js";
import { CompareView } from "../views/compare.js";
import { $, closest } from "../views/dom.js";

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
  }

  /**
   * @param {{algorithm: string, heuristic: string, weight?: number, max_depth?: number}} pair
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
    const runs = this.view.readPairs().map((p) => pairRun(this.options, p.algorithm, p.heuristic, p.weight, p.depth));
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
    const duration = 6000;
    const frame = (/** @type {number} */ now) => {
      const t = Math.min(1, (now - t0) / duration);
      this.view.drawRace(rows, t);
      if (t < 1) this.raceFrame = requestAnimationFrame(frame);
    };
    this.raceFrame = requestAnimationFrame(frame);
  }
}
