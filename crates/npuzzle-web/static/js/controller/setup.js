// The controller's part for the board and the settings: sliding tiles, typing a board,
// scrambling, sizes and goals, the engine's verdict on the pair, and the link that carries the
// whole setup. It changes the state and asks the views to draw it.

import { boardText } from "../model/format.js";
import { readLink, writeLink } from "../model/link.js";
import { adjacent, renderBoard } from "../views/board.js";
import { $, input, select } from "../views/dom.js";
import { startEmbed } from "../views/embed.js";
import { clearPreview, ownField, showPreview } from "../views/own.js";
import { showLinkProblems, showStartError, showVerdict } from "../views/status.js";

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").Check} Check */
/** @typedef {import("../model/state.js").PageState} PageState */
/** @typedef {import("../engine/engine.js").Engine} Engine */
/** @typedef {import("../views/form.js").Form} Form */

/** Nilsson's example (Principles of Artificial Intelligence, 1980): the first board a visitor sees. */
const NILSSON = { start: "2 8 3/1 6 4/7 0 5", goal: "snail", algorithm: "astar", heuristic: "misplaced", order: "LURD" };

/**
 * `f` called `ms` after the last of a burst of calls.
 * @template {unknown[]} A
 * @param {(...args: A) => void} f
 * @param {number} ms
 * @returns {(...args: A) => void}
 */
export function debounce(f, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let t;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => f(...args), ms);
  };
}

export class Setup {
  /**
   * @param {Engine} engine
   * @param {PageState} state
   * @param {Form} form
   * @param {{changed: () => void, solve: () => void}} on `changed()` after any change of the
   *   board or the settings (the controller marks results stale and syncs the form);
   *   `solve()` when a link asks to run the search
   */
  constructor(engine, state, form, on) {
    this.engine = engine;
    this.state = state;
    this.form = form;
    this.on = on;
    this.scheduleCheck = debounce(() => this.checkPair(), 120);
    this.readStartText = debounce(() => this.startTyped(), 250);
    /** the checks asked for: an answer to an older one is not shown */
    this.checks = 0;
  }

  /** @returns {Options} */
  get options() {
    return /** @type {Options} */ (this.state.options);
  }

  /** Reads the form into the settings. */
  read() {
    this.state.settings = this.form.read(this.state.settings);
  }

  /**
   * A new start board.
   * @param {number[]} tiles
   * @param {number} w
   * @param {number} h
   * @param {{moved?: number, keepText?: boolean}} [opts] the cell a tile moved from; leave the
   *   start's text as typed
   */
  setStart(tiles, w, h, opts = {}) {
    const s = this.state.settings;
    s.start = tiles.slice();
    s.w = w;
    s.h = h;
    this.form.write({ w, h });
    renderBoard($("board"), s.start, w, h, { interactive: true, moved: opts.moved });
    if (!opts.keepText) input("start-text").value = boardText(s.start, w);
    showStartError("");
    this.state.valid = true;
    this.scheduleCheck();
    this.changed();
  }

  changed() {
    this.read();
    // The form is brought in step with the algorithm first (a menu may go back to its
    // default), so the link carries what a solve would run.
    this.on.changed();
    this.updateUrl();
  }

  /**
   * Shows a verdict and keeps it.
   * @param {Check} v
   */
  verdict(v) {
    this.state.verdict = v;
    showVerdict(v);
    if (v.valid) {
      const goal = v.goal.flat();
      this.goal = goal;
      renderBoard($("goal-board"), goal, v.width, v.height);
    }
  }

  /**
   * The engine's verdict on the pair on the page; with the student's own heuristic chosen,
   * also its values on the start board (or its error), in the settings' step cost and metric.
   */
  async checkPair() {
    const s = this.state.settings;
    /** @type {Record<string, string>} */
    const body = { start: boardText(s.start, s.w), goal: this.goalSpec() };
    const formula = this.form.ownChosen() ? ownField().value : "";
    if (formula.trim()) {
      body.heuristic = formula;
      if (s.cost && s.cost !== "unit") body.cost = s.cost;
      if (s.metric && s.metric !== "stm") body.metric = s.metric;
    }
    const seq = ++this.checks;
    const { ok, data } = await this.engine.check(body);
    if (seq !== this.checks) return;
    this.verdict(ok ? data : { valid: false, field: "start", error: data.error });
    if (ok && data.valid && data.preview) showPreview(data.preview, formula, data.start.flat());
    else clearPreview();
  }

  /** @returns {string} */
  goalSpec() {
    const p = select("goal-preset").value;
    return p === "custom" ? input("goal-text").value : p;
  }

  /** The start text as typed: a valid board replaces the board; an invalid one is flagged at once. */
  async startTyped() {
    const text = input("start-text").value;
    if (!text.trim()) return;
    const answer = await this.engine.check({ start: text, goal: this.goalSpec() });
    /** @type {Check} */
    const v = answer.ok ? answer.data : { valid: false, field: "start", error: answer.data.error };
    if (!v.valid) {
      // The old verdict must not keep saying "solvable".
      this.state.valid = false;
      showStartError(v.error);
      this.verdict(v);
      this.on.changed();
      return;
    }
    this.setStart(v.start.flat(), v.width, v.height, { keepText: true });
  }

  /**
   * Slides the tile in `cell` into the blank, if they are side by side.
   * @param {number} cell
   */
  slide(cell) {
    const s = this.state.settings;
    const blank = s.start.indexOf(0);
    if (!adjacent(cell, blank, s.w)) return;
    const t = s.start.slice();
    t[blank] = t[cell];
    t[cell] = 0;
    this.setStart(t, s.w, s.h, { moved: blank });
  }

  /**
   * Arrow keys on the board move a tile into the blank in the arrow's direction.
   * @param {KeyboardEvent} ev
   */
  boardKey(ev) {
    const s = this.state.settings;
    const blank = s.start.indexOf(0);
    const r = Math.floor(blank / s.w);
    const c = blank % s.w;
    /** @type {Record<string, number>} */
    const from = {
      ArrowUp: r < s.h - 1 ? blank + s.w : -1,
      ArrowDown: r > 0 ? blank - s.w : -1,
      ArrowLeft: c < s.w - 1 ? blank + 1 : -1,
      ArrowRight: c > 0 ? blank - 1 : -1,
    };
    const cell = from[ev.key];
    if (cell === undefined) return;
    ev.preventDefault();
    ev.stopPropagation();
    if (cell >= 0) this.slide(cell);
  }

  /**
   * The goal board a preset names at a size, from the engine (the library is the one place
   * that knows the presets).
   * @param {string} name
   * @param {number} w
   * @param {number} h
   * @returns {Promise<number[]>}
   */
  async presetGoal(name, w, h) {
    const { ok, data } = await this.engine.goal({ size: `${w}x${h}`, goal: name });
    if (ok) return data.goal.flat();
    throw new Error(data.error);
  }

  /** A new size from the menus: the board becomes the goal at that size. */
  async changeSize() {
    const w = Number(select("width").value);
    const h = Number(select("height").value);
    if (select("goal-preset").value === "custom") this.form.write({ goalPreset: this.options.defaults.goal });
    this.setStart(await this.presetGoal(select("goal-preset").value, w, h), w, h);
  }

  /** A random board from the engine, as far from the goal as asked. */
  async scramble() {
    const s = this.state.settings;
    /** @type {Record<string, string>} */
    const params = { size: `${s.w}x${s.h}`, depth: input("scramble-depth").value || "0", goal: this.goalSpec() };
    // The seed stays a string end to end: 64-bit seeds do not fit a JavaScript number.
    const seed = input("scramble-seed").value.trim();
    if (seed) params.seed = seed;
    const note = $("scramble-note");
    const { ok, data } = await this.engine.generate(params);
    if (!ok) {
      note.textContent = data.error;
      return;
    }
    this.setStart(data.board.flat(), data.width, data.height);
    note.textContent = data.exact
      ? `Exactly ${data.depth} moves from the goal at best (seed ${data.seed}).`
      : `A ${data.depth}-move random walk from the goal: at most ${data.depth} moves at best (seed ${data.seed}).`;
    note.dataset.seed = data.seed;
  }

  /** Nilsson's example: the board, the snail goal, A* with misplaced tiles, order LURD. */
  async loadNilsson() {
    this.form.write({ goalPreset: NILSSON.goal, algorithm: NILSSON.algorithm, heuristic: NILSSON.heuristic, order: NILSSON.order });
    this.read();
    const { ok, data } = await this.engine.check({ start: NILSSON.start, goal: NILSSON.goal });
    if (ok && data.valid) this.setStart(data.start.flat(), data.width, data.height);
  }

  /** The goal menu changed. */
  goalChanged() {
    const custom = select("goal-preset").value === "custom";
    this.form.showCustomGoal(custom);
    const s = this.state.settings;
    if (custom && !input("goal-text").value && this.goal) input("goal-text").value = boardText(this.goal, s.w);
    this.scheduleCheck();
    this.changed();
  }

  /** The board on the page becomes the goal. */
  goalFromBoard() {
    const s = this.state.settings;
    this.form.write({ goalPreset: "custom", goalText: boardText(s.start, s.w) });
    this.scheduleCheck();
    this.changed();
  }

  /**
   * Writes the settings into the page's address (no reload) and returns the full link.
   * @param {{run?: boolean, step?: number, embed?: {to?: number, play?: boolean}}} [extra]
   * @returns {string}
   */
  /**
   * The full link to the settings with `extra`, leaving the page's address as it is.
   * @param {{run?: boolean, step?: number, embed?: {to?: number, play?: boolean}}} extra
   * @returns {string}
   */
  linkTo(extra) {
    const q = writeLink(this.state.settings, this.options, { seed: this.state.seed, ...extra });
    return `${location.origin}${location.pathname}?${q}`;
  }

  updateUrl(extra = {}) {
    // The embed view keeps its own link: a reload in the frame shows the same view.
    const e = this.state.embed;
    const embed = e ? { to: e.to ?? undefined, play: e.play } : undefined;
    const q = writeLink(this.state.settings, this.options, { seed: this.state.seed, embed, ...extra });
    const url = `${location.pathname}?${q}`;
    history.replaceState(null, "", url);
    return location.origin + url;
  }

  /**
   * Reads the link the page was opened with. Anything it gets wrong is said and replaced by
   * the default, so a mangled link never leaves an empty board or blank choices.
   */
  async applyLink() {
    const link = readLink(location.search, this.options);
    if (link.empty) {
      await this.loadNilsson();
      return;
    }
    this.form.write({ ...link.patch, params: link.params });
    this.read();
    const problems = [...link.problems];
    let loaded = false;
    if (link.start !== null) {
      /** @type {Record<string, string>} */
      const body = { start: link.start, goal: this.goalSpec() };
      if (link.size && !link.start.includes("/")) body.size = link.size;
      const answer = await this.engine.check(body);
      if (answer.ok && answer.data.valid) {
        const v = answer.data;
        this.setStart(v.start.flat(), v.width, v.height);
        loaded = true;
      } else {
        const error = answer.ok ? (answer.data.valid ? "" : answer.data.error) : answer.data.error;
        problems.push(`the start board \u201c${link.start}\u201d is not valid (${error})`);
        if (answer.ok && !answer.data.valid && answer.data.field === "goal") this.form.write({ goalPreset: this.options.defaults.goal });
      }
    }
    if (!loaded) {
      const [w, h] = link.fallbackSize;
      const preset = select("goal-preset").value === "custom" ? this.options.defaults.goal : select("goal-preset").value;
      this.setStart(await this.presetGoal(preset, w, h), w, h);
    }
    showLinkProblems(problems);
    // A link to a replay at one event (`step=N`, from "link to this step") opens the tree there.
    this.state.openAtStep = link.step;
    if (link.embed) {
      this.state.embed = { to: link.to, play: link.play };
      startEmbed();
    }
    if (link.run && !problems.length) this.on.solve();
  }
}
