// The controller's part for the Local search tab: it replays a local search's events (the
// local replay model) and has the tab's views draw each step, with the pseudocode line of the
// event shown lit.

import { LocalReplay } from "../model/local.js";
import { algInfo } from "../model/options.js";
import { $, input } from "../views/dom.js";
import { LocalView } from "../views/local.js";
import { Pseudocode } from "../views/pseudocode.js";

/** @typedef {import("../api").Solved} Solved */
/** @typedef {import("../model/state.js").PageState} PageState */

export class LocalTab {
  /**
   * @param {PageState} state
   */
  constructor(state) {
    this.state = state;
    this.view = new LocalView();
    this.code = new Pseudocode(/** @type {HTMLOListElement} */ ($("local-code")), $("local-code-title"), 1.2);
    this.replay = new LocalReplay([]);
    /** @type {Solved | null} */
    this.result = null;
    this.k = 0;
    this.w = 3;
    this.h = 3;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
  }

  listen() {
    const on = (/** @type {string} */ id, /** @type {() => void} */ f) => $(id).addEventListener("click", f);
    on("local-first", () => this.setStep(0));
    on("local-back", () => this.setStep(this.k - 1));
    on("local-fwd", () => this.setStep(this.k + 1));
    on("local-next", () => this.setStep(this.replay.nextStep(this.k)));
    on("local-last", () => this.setStep(this.replay.events.length));
    on("local-play", () => this.togglePlay());
    const slider = input("local-step");
    slider.addEventListener("input", () => this.setStep(Number(slider.value)));
  }

  /**
   * Empties the tab, with a note.
   * @param {string} note
   */
  clear(note) {
    this.stop();
    this.replay = new LocalReplay([]);
    this.result = null;
    this.view.clear(note);
  }

  /**
   * The chosen algorithm's pseudocode, with no line lit (before any run).
   * @param {string} name
   */
  preview(name) {
    this.code.draw(algInfo(this.state.options, name));
  }

  /**
   * A local search's answer, replayed from its start.
   * @param {Solved} result
   */
  load(result) {
    this.stop();
    this.result = result;
    this.w = result.start[0].length;
    this.h = result.start.length;
    this.replay = new LocalReplay(result.trace ? result.trace.events : []);
    const info = algInfo(this.state.options, result.algorithm);
    this.code.draw(info);
    const truncated = result.trace?.truncated;
    const stuck = result.stuck ? ` It stopped without the goal: ${result.message}.` : "";
    const restarts = this.replay.restarts.length;
    const note =
      `${info ? info.title : result.algorithm}: ${this.replay.steps.toLocaleString("en-US")} steps recorded` +
      (restarts ? `, ${restarts.toLocaleString("en-US")} restarts` : "") +
      (truncated ? " (the recording stops there: the page keeps the first steps of a long run)" : "") +
      `. The moves made, bad ones included, are the answer: ${result.cost === null ? "none" : result.cost.toLocaleString("en-US")} moves, never guaranteed optimal.${stuck}`;
    this.view.loaded(note, this.replay.events.length);
    this.setStep(0);
  }

  /**
   * Shows the state after the first `k` events.
   * @param {number} step
   */
  setStep(step) {
    const k = Math.max(0, Math.min(this.replay.events.length, step));
    this.k = k;
    const win = this.replay.window(k);
    const why = win.last ? win.last.said : "before the search starts";
    this.view.show(this.replay, k, win, why, this.w, this.h);
    // The pseudocode line of the current event.
    this.code.light(win.last?.pseudocode || null);
  }

  togglePlay() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.k >= this.replay.events.length) this.setStep(0);
    this.view.showPlaying(true);
    this.timer = setInterval(() => {
      if (this.k >= this.replay.events.length) this.stop();
      else this.setStep(this.k + 1);
    }, 250);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.view.showPlaying(false);
  }
}
