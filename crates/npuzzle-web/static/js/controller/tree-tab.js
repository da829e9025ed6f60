// The controller's part for the Search tree tab: it replays a recorded search event by event
// (the replay model), lays the tree out (the layout model) and has the views draw it: the tree,
// the minimap, the frontier list, the node details, the pseudocode with the current event's
// line lit, the bounds' timeline. It also runs the replay's player and the predict quiz.

import { fmt, shortLabel } from "../model/format.js";
import { layout, metrics, styleFor } from "../model/layout.js";
import { algInfo } from "../model/options.js";
import { Replay } from "../model/replay.js";
import { Announcer } from "../views/announce.js";
import { $, button, input, select } from "../views/dom.js";
import { Frontier } from "../views/frontier.js";
import { clearTimeline, drawTimeline, markTimeline } from "../views/legend.js";
import { Minimap } from "../views/minimap.js";
import { Pseudocode } from "../views/pseudocode.js";
import { TreeView } from "../views/tree.js";

/** @typedef {import("../api").Tree} Tree */
/** @typedef {import("../api").Trace} Trace */
/** @typedef {import("../api").Solved} Solved */
/** @typedef {import("../api").Described} Info */
/** @typedef {import("../api").NodeState} NodeState */
/** @typedef {import("../model/state.js").PageState} PageState */
/** @typedef {import("../model/replay.js").ReplayState} ReplayState */

/**
 * Whether a key press is the player's to take: not while typing in a field, moving in the board,
 * the tree, the frontier or the compare table (they have their own keys), nor Space or Enter on
 * a button (which presses it).
 * @param {KeyboardEvent} ev
 */
export function isShortcut(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return false;
  const t = ev.target;
  if (t instanceof Element && t.closest("input, textarea, select, [contenteditable], #board, #tree-svg, #frontier-list, #compare-table"))
    return false;
  return !(t instanceof HTMLButtonElement && (ev.key === " " || ev.key === "Enter"));
}

export class TreeTab {
  /**
   * @param {PageState} state
   */
  constructor(state) {
    this.state = state;
    this.view = new TreeView(/** @type {SVGSVGElement} */ (/** @type {unknown} */ ($("tree-svg"))), $("tree-wrap"));
    this.minimap = new Minimap(/** @type {HTMLCanvasElement} */ ($("tree-minimap")));
    this.frontier = new Frontier();
    this.code = new Pseudocode(/** @type {HTMLOListElement} */ ($("pseudocode")), $("pseudocode-title"), 1.1);
    /** @type {Replay | null} */
    this.replay = null;
    /** @type {Partial<Solved>} the solve whose tree is shown */
    this.report = {};
    /** @type {Info | null} the algorithm shown */
    this.info = null;
    this.k = 0;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
    /** @type {number | null} */
    this.pinned = null;
    /** @type {number | null} */
    this.hoverId = null;
    this.nextId = -1;
    /** @type {(NodeState | null)[]} */
    this.states = [];
    /** @type {ReplayState | null} */
    this.now = null;
    this.predict = { on: false, right: 0, tries: 0 };
    /** @type {{pos: [number, number][], bounds: {w: number, h: number}} | null} */
    this.laid = null;
    this.view.onView = () => this.drawMinimap();
    this.say = new Announcer($("tree-say"));
    /** @type {{from: number, to: number | null}} the events the player plays (an embed view's range) */
    this.span = { from: 0, to: null };
    /** @type {(k: number) => void} told of every step shown (the notebook widget passes it on) */
    this.onStep = () => {};
  }

  /**
   * The player's keys (a lower-case letter, or a key's name) and what each does: Space or K
   * plays or pauses, ← → (or J L) step, N goes on to the next expansion, Home and End jump.
   * @returns {Record<string, () => void>}
   */
  keys() {
    return {
      " ": () => this.togglePlay(),
      k: () => this.togglePlay(),
      ArrowRight: () => this.setStep(this.k + 1),
      l: () => this.setStep(this.k + 1),
      ArrowLeft: () => this.setStep(this.k - 1),
      j: () => this.setStep(this.k - 1),
      n: () => this.nextExpansion(),
      Home: () => this.setStep(0),
      End: () => this.setStep(this.events().length),
    };
  }

  /**
   * Limits the player to events `from` to `to` (the end when `null`), as an embed view's link asks.
   * @param {number} from
   * @param {number | null} to
   */
  range(from, to) {
    this.span = { from, to };
  }

  /** The event the player stops at. */
  end() {
    const n = this.events().length;
    return this.span.to === null ? n : Math.min(n, Math.max(this.span.to, this.span.from));
  }

  /** Wires the tab's buttons, its tree, its minimap and its frontier list. */
  listen() {
    const slider = input("tree-step");
    slider.addEventListener("input", () => this.setStep(Number(slider.value)));
    const on = (/** @type {string} */ id, /** @type {() => void} */ f) => $(id).addEventListener("click", f);
    on("tree-first", () => this.setStep(0));
    on("tree-back", () => this.setStep(this.k - 1));
    on("tree-fwd", () => this.setStep(this.k + 1));
    on("tree-next", () => this.nextExpansion());
    on("tree-last", () => this.setStep(this.events().length));
    on("tree-play", () => this.togglePlay());
    on("tree-fit", () => this.view.fit(true, this.now ? this.now.current : -1));
    on("tree-zoom-in", () => this.view.zoomBy(1.25));
    on("tree-zoom-out", () => this.view.zoomBy(0.8));
    on("tree-predict", () => this.togglePredict());
    $("tree-speed").addEventListener("input", () => this.showSpeed());
    $("tree-style").addEventListener("change", () => this.rebuild());
    $("tree-colour").addEventListener("change", () => this.recolour());
    const nodes = { hover: (/** @type {number | null} */ id) => this.hover(id), activate: (/** @type {number} */ id) => this.activate(id) };
    this.view.listen({ ...nodes, unpin: () => this.pin(null) });
    this.frontier.listen(nodes);
    this.minimap.listen((x, y) => {
      const v = this.view.view;
      const svg = this.view.svg;
      this.view.setView(v.s, svg.clientWidth / 2 - x * v.s, svg.clientHeight / 2 - y * v.s, false);
    });
    window.addEventListener("resize", () => {
      if (this.replay && this.view.view.auto) this.view.fit(false, this.now ? this.now.current : -1);
    });
    this.showSpeed();
    this.clear("Solve with \u201crecord the search tree\u201d ticked to see the tree here.");
  }

  /** @returns {import("../api").TraceEvent[]} */
  events() {
    return this.replay ? this.replay.events : [];
  }

  /**
   * Empties the tab, with a note.
   * @param {string} message
   */
  clear(message) {
    this.stop();
    this.replay = null;
    this.k = 0;
    this.view.clear();
    this.minimap.clear();
    input("tree-step").max = "0";
    input("tree-step").value = "0";
    $("tree-pos").textContent = "";
    $("tree-event").textContent = "";
    this.say.clear();
    this.frontier.clear();
    this.code.draw(this.info);
    clearTimeline();
    $("predict-msg").textContent = "";
    $("tree-note").textContent = message;
  }

  /**
   * Before a tree is loaded, the chosen algorithm's pseudocode, with no line lit, so the page
   * shows what the replay will follow.
   * @param {string} name
   */
  preview(name) {
    if (this.replay) return;
    this.info = algInfo(this.state.options, name) || null;
    this.code.draw(this.info);
  }

  /**
   * A recorded search, shown from event `at` (the end when not given).
   * @param {Tree} tree the solve's `tree`
   * @param {Trace | null} trace its `trace`
   * @param {Partial<Solved>} report the solve
   * @param {number} [at]
   */
  load(tree, trace, report, at) {
    this.stop();
    this.report = report;
    this.info = algInfo(this.state.options, report.algorithm || "") || null;
    this.replay = new Replay(tree, trace, this.info);
    this.span = { from: 0, to: null };
    this.pinned = null;
    this.view.focusId = null;
    this.predict = { on: this.predict.on, right: 0, tries: 0 };
    const colour = select("tree-colour");
    /** @type {HTMLOptionElement} */ (colour.querySelector("option[value=accuracy]")).disabled = !this.replay.hasHStar;
    if (!this.replay.hasHStar && colour.value === "accuracy") colour.value = "state";
    this.view.accuracy = colour.value === "accuracy";
    this.note();
    this.code.draw(this.info, report.pseudocode || null);
    drawTimeline(this.replay, (k) => this.setStep(k));
    this.rebuild(false);
    input("tree-step").max = String(this.events().length);
    this.view.view.auto = true;
    this.setStep(at === undefined ? this.events().length : at);
    this.frontier.hint("Hover over, click or focus a node (Tab, then the arrow keys) to see its board and g + h = f.");
  }

  /** The note over the tree: what is shown, what a cap cut off, whether h is admissible. */
  note() {
    const r = this.replay;
    if (!r) return;
    const t = r.tree;
    const shown = r.nodes.length;
    const parts = [];
    if (t.capped || r.truncated) {
      const deepest = r.nodes.reduce((m, x) => Math.max(m, x.g), 0);
      const expanded = r.events.filter((e) => e.event === "selected").length;
      let s =
        `The tree is capped at ${fmt(t.limit)} nodes: it shows the first ${fmt(shown)} of the ${fmt(t.total_nodes)} nodes generated ` +
        `(the first ${fmt(expanded)} expansions); ${fmt(t.total_nodes - shown)} later nodes are cut off and the replay stops where the cap was reached. ` +
        `Nodes shown reach depth ${deepest}`;
      const cost = this.report.cost;
      if (cost !== null && cost !== undefined && cost > deepest) s += `; the solution lies at depth ${cost}, below the cut`;
      parts.push(`${s}.`);
    } else {
      parts.push(`${fmt(shown)} nodes, all shown.`);
    }
    if (r.hasHStar) {
      parts.push(
        r.overestimates
          ? `⚠ ${fmt(r.overestimates)} nodes have h > h* (the true distance): this heuristic is not admissible here.`
          : "Every node's h is at most its true distance h*: the heuristic is admissible on this tree.",
      );
    }
    $("tree-note").textContent = parts.join(" ");
  }

  /** The drawing style in use: `boards`, `labels` or `shapes`. */
  style() {
    const r = this.replay;
    return r ? styleFor(select("tree-style").value, r.nodes.length, r.tree.width * r.tree.height) : "shapes";
  }

  /**
   * (Re)creates the tree's elements (a new tree, style or text size).
   * @param {boolean} [show] show the event again at once
   */
  rebuild(show = true) {
    const r = this.replay;
    if (!r) return;
    const m = metrics(this.style(), r, document.body.classList.contains("projector"));
    this.view.build(r, m);
    if (show) this.setStep(this.k);
  }

  /** Colours the nodes again (by state, or by h ÷ h*). */
  recolour() {
    const accuracy = select("tree-colour").value === "accuracy";
    if (this.replay) this.view.recolour(this.states, accuracy);
    else this.view.accuracy = accuracy;
    $("accuracy-legend").hidden = !accuracy;
  }

  /**
   * Shows the tree after the first `k` events.
   * @param {number} step
   */
  setStep(step) {
    const r = this.replay;
    if (!r || !this.view.m) return;
    const k = Math.max(0, Math.min(r.events.length, step));
    this.k = k;
    input("tree-step").value = String(k);
    const s = r.at(k);
    this.now = s;
    this.states = s.states;
    const count = r.countAt(k);
    const next = r.nextSel[k];
    this.nextId = next >= 0 && next < count ? next : -1;
    const shownNext = this.predict.on ? -1 : this.nextId;
    this.laid = layout(r, count, this.view.m);
    this.view.frame(this.laid, s.states, count, shownNext, k);
    $("tree-pos").textContent = `event ${fmt(k)} of ${fmt(r.events.length)}`;
    let text = k > 0 ? r.events[k - 1].said : "before the search starts";
    if (k === r.events.length && r.truncated) text += " — recording stopped here: the tree's node cap was reached";
    $("tree-event").textContent = text;
    this.say.say(`event ${k} of ${r.events.length}: ${text}`, this.playing());
    this.frontier.draw(r, s, shownNext, this.hoverId);
    this.code.light(r.stepAt(k));
    markTimeline(r, k);
    if (this.pinned !== null && this.pinned < count) this.frontier.showNode(r, this.pinned, this.states[this.pinned]);
    if (this.view.view.auto) this.view.fit(false, s.current);
    else if (input("tree-follow").checked && s.current >= 0 && s.current < count) this.view.reveal(s.current);
    this.drawMinimap();
    this.onStep(k);
  }

  drawMinimap() {
    const b = this.view.bounds;
    if (!this.replay || !b) return;
    const box = { w: this.view.svg.clientWidth, h: this.view.svg.clientHeight };
    this.minimap.draw(b, this.view.pos, this.view.shownCount, this.states, this.view.legend, this.view.view, box);
  }

  // ---------- nodes ----------

  /**
   * The pointer is over node `id` (or none).
   * @param {number | null} id
   */
  hover(id) {
    this.hoverId = id;
    this.view.highlight(id);
    this.frontier.highlight(id);
    if (id !== null && this.pinned === null && this.replay) this.frontier.showNode(this.replay, id, this.states[id]);
  }

  /**
   * A click, Enter on a focused node, or a frontier entry: a prediction in predict mode, else
   * the node's details pinned.
   * @param {number} id
   */
  activate(id) {
    if (this.predict.on) this.answer(id);
    else this.pin(id);
  }

  /**
   * Pins node `id`'s details (or unpins).
   * @param {number | null} id
   */
  pin(id) {
    this.view.pin(this.pinned, id);
    this.pinned = id;
    if (id !== null && this.replay) this.frontier.showNode(this.replay, id, this.states[id]);
  }

  // ---------- the player ----------

  speed() {
    return Math.round(2 ** (Number(input("tree-speed").value) / 2)); // 1 … 64 events a second
  }

  showSpeed() {
    $("tree-speed-val").textContent = `${this.speed()} events/s`;
    if (this.timer) {
      this.stop();
      this.togglePlay();
    }
  }

  /** Just after the next selection. */
  nextExpansion() {
    const r = this.replay;
    if (!r) return;
    const at = r.nextSelAt[this.k];
    this.setStep(at >= 0 ? at + 1 : r.events.length);
  }

  togglePlay() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (!this.replay) return;
    if (this.k >= this.end()) this.setStep(this.span.from);
    const b = button("tree-play");
    b.textContent = "■ pause";
    b.setAttribute("aria-pressed", "true");
    this.timer = setInterval(() => {
      if (this.k >= this.end()) this.stop();
      else this.setStep(this.k + 1);
    }, 1000 / this.speed());
  }

  playing() {
    return this.timer !== null;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const b = button("tree-play");
    b.textContent = "▶ replay";
    b.setAttribute("aria-pressed", "false");
  }

  // ---------- predict ----------

  togglePredict() {
    this.predict.on = !this.predict.on;
    const b = button("tree-predict");
    b.setAttribute("aria-pressed", String(this.predict.on));
    b.classList.toggle("active", this.predict.on);
    this.stop();
    const r = this.replay;
    if (this.predict.on && r) {
      // Stop just before the next selection, with its node's frontier showing.
      const at = r.nextSelAt[this.k];
      if (at >= 0) this.setStep(at);
      $("predict-msg").textContent = "Predict: click (or press Enter on) the frontier node you expect the search to expand next.";
    } else {
      $("predict-msg").textContent = "";
    }
    this.setStep(this.k);
  }

  /**
   * The student picked node `id` as the next to be expanded.
   * @param {number} id
   */
  answer(id) {
    const r = this.replay;
    const msg = $("predict-msg");
    if (!r) return;
    let at = r.nextSelAt[this.k];
    if (at < 0) {
      msg.textContent = "No node is expanded after this point: the search is over.";
      return;
    }
    if (at !== this.k) {
      this.setStep(at);
      at = r.nextSelAt[this.k];
    }
    const sel = r.events[at];
    if (sel.event !== "selected") return;
    const want = sel.id;
    const picked = r.nodes[id];
    if (!picked) return;
    if (this.states[id] !== "frontier") {
      msg.className = "bad";
      msg.textContent = `${shortLabel(picked.label)} is not on the frontier: pick a node waiting there (${this.view.legend.frontier ? this.view.legend.frontier.shape : "square"}).`;
      return;
    }
    this.predict.tries += 1;
    const w = r.nodes[want];
    const why = (/** @type {{f: number, g: number, h: number}} */ x) => `f = ${x.f} (g ${x.g} + h ${x.h})`;
    const score = `Score ${this.predict.right + (id === want ? 1 : 0)} of ${this.predict.tries}.`;
    if (id === want) {
      this.predict.right += 1;
      msg.className = "ok";
      msg.textContent = `✓ Right: ${shortLabel(w.label)} is expanded next, ${why(w)}. ${score}`;
    } else {
      msg.className = "bad";
      msg.textContent = `✗ Not this time: the search expands ${shortLabel(w.label)} next, ${why(w)}; you picked ${shortLabel(picked.label)}, ${why(picked)}. ${score}`;
    }
    msg.dataset.result = id === want ? "right" : "wrong";
    // Show that selection, then stop before the one after it for the next guess.
    const after = r.nextSelAt[at + 1];
    this.setStep(after >= 0 ? after : r.events.length);
    this.view.flash(want);
  }
}
