// The controller's part for the Solution tab: the answer played back move by move, its
// downloads (a text file with every board, and the JSON report), and a fan's own solution of
// the start board analysed by the library.

import { boardText } from "../model/format.js";
import { goalSpec } from "../model/settings.js";
import { $, closest, download, input } from "../views/dom.js";
import { Playback } from "../views/playback.js";

/** @typedef {import("../api").Solved} Solved */
/** @typedef {import("../model/state.js").PageState} PageState */
/** @typedef {import("../engine/engine.js").Engine} Engine */

/**
 * The answer as a text file: the setup, the statistics, then every board along the path.
 * @param {Solved} r
 * @returns {string}
 */
export function solutionText(r) {
  const w = r.start[0].length;
  const grid = (/** @type {number[][]} */ rows) =>
    rows.map((row) => row.map((t) => (t === 0 ? "." : String(t)).padStart(3)).join("")).join("\n");
  const lines = [
    "npuzzle solution",
    `start:     ${boardText(r.start.flat(), w)}`,
    `goal:      ${boardText(r.goal.flat(), w)}`,
    `algorithm: ${r.algorithm}`,
    `heuristic: ${r.heuristic}`,
    `status:    ${r.message}`,
    r.cost_model === "unit"
      ? `moves:     ${r.moves} (${r.cost} moves; letters are the blank's moves)`
      : `moves:     ${r.moves} (${r.length} moves, cost ${r.cost} with ${r.cost_model} step costs; letters are the blank's moves)`,
    ...(r.notation
      ? [
          `counted:   ${r.notation.blank} (blank moves), ${r.notation.tiles} (tile moves); ${r.notation.stm} single-tile, ${r.notation.mtm} multi-tile moves`,
        ]
      : []),
    `stats:     expanded ${r.stats.expanded}, generated ${r.stats.generated}, max frontier ${r.stats.max_frontier}, max depth ${r.stats.max_depth}, b* ${r.stats.effective_branching_factor === null ? "-" : r.stats.effective_branching_factor.toFixed(3)}, ${r.stats.time_ms} ms`,
    "",
  ];
  (r.path || []).forEach((b, i) => {
    lines.push(i === 0 ? "step 0 (start)" : `step ${i}: ${r.moves[i - 1]}`);
    lines.push(grid(b), "");
  });
  return lines.join("\n");
}

export class SolutionTab {
  /**
   * @param {Engine} engine
   * @param {PageState} state
   * @param {() => void} read brings the settings up to date with the form
   */
  constructor(engine, state, read) {
    this.engine = engine;
    this.state = state;
    this.read = read;
    this.view = new Playback();
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
  }

  listen() {
    const on = (/** @type {string} */ id, /** @type {() => void} */ f) => $(id).addEventListener("click", f);
    on("play-first", () => this.show(0));
    on("play-back", () => this.show(this.state.playIdx - 1));
    on("play-fwd", () => this.show(this.state.playIdx + 1));
    on("play-last", () => this.show(this.view.path.length - 1));
    on("play-toggle", () => this.togglePlay());
    const speed = input("play-speed");
    speed.addEventListener("input", () => {
      $("play-speed-val").textContent = speed.value;
    });
    $("move-list").addEventListener("click", (ev) => {
      const li = closest(ev, "li");
      if (li) this.show(Number(li.dataset.step));
    });
    $("move-scroller").addEventListener("scroll", () => this.view.drawWindow(), { passive: true });
    on("analyse-run", () => this.analyse());
    on("download-txt", () => {
      const r = this.state.result;
      if (r) download(new Blob([solutionText(r)], { type: "text/plain" }), "npuzzle-solution.txt");
    });
    on("download-json", () => {
      const r = this.state.result;
      if (!r) return;
      const { tree, trace, ...report } = r;
      download(new Blob([JSON.stringify(report, null, 2)], { type: "application/json" }), "npuzzle-solution.json");
    });
  }

  /**
   * A new answer, shown from its start.
   * @param {Solved} r
   */
  load(r) {
    this.stop();
    $("move-count").textContent = r.cost === null ? "–" : r.cost.toLocaleString("en-US");
    // The fans' counted notation, in both readings, and the answer's length in both metrics.
    const n = r.notation;
    $("move-notation").textContent = n
      ? `Counted: ${n.blank} (blank moves) · ${n.tiles} (tile moves) · ${n.stm} single-tile, ${n.mtm} multi-tile moves`
      : "";
    // Boards stay as rows until shown: a long answer has tens of thousands.
    this.view.load(r.moves || "", r.path || [], r.start[0].length, r.start.length);
    /** @type {HTMLButtonElement} */ ($("download-txt")).disabled = r.status !== "solved";
    /** @type {HTMLButtonElement} */ ($("download-json")).disabled = false;
    this.show(0);
  }

  /**
   * Analyses the solution written under "Analyse a solve" from the start board to the goal: the
   * library's analysis in words, or why it could not be made.
   */
  async analyse() {
    this.read();
    const s = this.state.settings;
    const out = $("analyse-out");
    const error = $("analyse-error");
    const run = /** @type {HTMLButtonElement} */ ($("analyse-run"));
    const solution = /** @type {HTMLTextAreaElement} */ ($("analyse-moves")).value;
    const reading = /** @type {HTMLSelectElement} */ ($("analyse-reading")).value;
    run.disabled = true;
    run.textContent = "Analysing…";
    const answer = await this.engine.analyse({ start: boardText(s.start, s.w), goal: goalSpec(s), solution, reading });
    run.disabled = false;
    run.textContent = "Analyse";
    out.hidden = !answer.ok;
    error.hidden = answer.ok;
    if (answer.ok) out.textContent = answer.data.text;
    else error.textContent = answer.data.error;
  }

  /**
   * Shows step `i`.
   * @param {number} i
   */
  show(i) {
    this.state.playIdx = this.view.show(i);
  }

  togglePlay() {
    if (this.timer) {
      this.stop();
      return;
    }
    const last = this.view.path.length - 1;
    if (this.state.playIdx >= last) this.show(0);
    this.view.showPlaying(true);
    const delay = () => 1000 / Number(input("play-speed").value);
    const tick = () => {
      if (this.state.playIdx >= this.view.path.length - 1) {
        this.stop();
        return;
      }
      this.show(this.state.playIdx + 1);
      this.timer = setTimeout(tick, delay());
    };
    this.timer = setTimeout(tick, delay());
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.view.showPlaying(false);
  }
}
