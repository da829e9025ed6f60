"use strict";
// The local-search view (AIMA chapter 4): a local search keeps a current state, not a frontier or
// a tree, so the page shows the current board (a beam's boards) and its neighbours with their h,
// the move chosen and why, a chart of h over the steps (restarts marked; for simulated annealing,
// the temperature), and the algorithm's pseudocode with the line of the current event lit. The
// replay steps through the recorded events as the tree's replay does. Everything comes from the
// solve answer's `trace` (events local_current, local_neighbour, local_choice, local_restart,
// local_end), the same events as `npuzzle solve --trace --format json`.

class LocalView {
  constructor(opts) {
    this.$ = (id) => document.getElementById(id);
    this.renderBoard = opts.renderBoard;
    this.options = null;
    this.events = [];
    this.k = 0;
    this.timer = null;
    this.w = 3;
    this.h = 3;
    const on = (id, f) => this.$(id).addEventListener("click", f);
    on("local-first", () => this.setStep(0));
    on("local-back", () => this.setStep(this.k - 1));
    on("local-fwd", () => this.setStep(this.k + 1));
    on("local-next", () => this.nextStep());
    on("local-last", () => this.setStep(this.events.length));
    on("local-play", () => this.togglePlay());
    this.$("local-step").addEventListener("input", (e) => this.setStep(Number(e.target.value)));
  }

  setOptions(options) {
    this.options = options;
  }

  info(name) {
    return this.options && this.options.algorithms.find((a) => a.name === name);
  }

  // The pseudocode step an event carries out: the library's `record::Event::pseudocode_step`.
  static stepOf(e) {
    switch (e.event) {
      case "local_current":
        return e.initial ? "start" : "select";
      case "local_neighbour":
        return "evaluate";
      case "local_choice":
        return e.reason.kind === "rejected" ? "reject" : "move";
      case "local_restart":
        return "restart";
      case "local_end":
        return e.stuck ? "fail" : "goal";
      default:
        return null;
    }
  }

  clear(message) {
    this.stop();
    this.events = [];
    this.result = null;
    this.$("local-note").textContent = message || "";
    this.$("local-current").replaceChildren();
    this.$("local-neighbours").replaceChildren();
    this.$("local-chart").replaceChildren();
    this.$("local-why").textContent = "";
    this.$("local-pos").textContent = "";
    this.$("local-step").max = 0;
  }

  // Shows the chosen algorithm's pseudocode with no line lit (before any run).
  preview(name) {
    this.drawCode(name);
  }

  load(result) {
    this.stop();
    this.result = result;
    this.w = result.start[0].length;
    this.h = result.start.length;
    this.events = ((result.trace && result.trace.events) || []).filter((e) => e.event && e.event.startsWith("local_"));
    this.drawCode(result.algorithm);
    // The chart's series: h and T at each step's current state; restarts; beams plot their best.
    const byStep = new Map();
    this.restarts = [];
    for (const e of this.events) {
      if (e.event === "local_current") {
        const p = byStep.get(e.step);
        if (!p || e.h < p.h) byStep.set(e.step, { step: e.step, h: e.h, t: e.temperature });
      } else if (e.event === "local_restart") this.restarts.push(e.step);
    }
    this.series = [...byStep.values()].sort((a, b) => a.step - b.step);
    const steps = this.series.length ? this.series[this.series.length - 1].step : 0;
    const truncated = result.trace && result.trace.truncated;
    const stuck = result.stuck ? ` It stopped without the goal: ${result.message}.` : "";
    this.$("local-note").textContent =
      `${this.info(result.algorithm) ? this.info(result.algorithm).title : result.algorithm}: ${steps.toLocaleString("en-US")} steps recorded` +
      (this.restarts.length ? `, ${this.restarts.length.toLocaleString("en-US")} restarts` : "") +
      (truncated ? " (the recording stops there: the page keeps the first steps of a long run)" : "") +
      `. The moves made, bad ones included, are the answer: ${result.cost === null ? "none" : result.cost.toLocaleString("en-US")} moves, never guaranteed optimal.${stuck}`;
    this.$("local-step").max = this.events.length;
    this.setStep(0);
  }

  drawCode(name) {
    const ol = this.$("local-code");
    ol.replaceChildren();
    this.codeLines = [];
    const info = this.info(name);
    this.$("local-code-title").textContent = info ? info.title : "";
    if (!info || !info.pseudocode) return;
    for (const line of info.pseudocode) {
      const li = document.createElement("li");
      li.textContent = line.text;
      li.style.paddingLeft = `${line.indent * 1.2}em`;
      li.dataset.steps = line.steps.join(" ");
      ol.appendChild(li);
      this.codeLines.push({ li, steps: line.steps });
    }
  }

  nextStep() {
    // On to the next step's current state.
    let k = this.k;
    while (k < this.events.length) {
      k++;
      const e = this.events[k - 1];
      if (e.event === "local_current" && !(e.member > 0) && k > this.k + 1) break;
    }
    this.setStep(k);
  }

  togglePlay() {
    if (this.timer) return this.stop();
    if (this.k >= this.events.length) this.setStep(0);
    this.$("local-play").setAttribute("aria-pressed", "true");
    this.timer = setInterval(() => {
      if (this.k >= this.events.length) return this.stop();
      this.setStep(this.k + 1);
    }, 250);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.$("local-play").setAttribute("aria-pressed", "false");
  }

  // Shows the state after the first k events.
  setStep(k) {
    k = Math.max(0, Math.min(this.events.length, k));
    this.k = k;
    this.$("local-step").value = k;
    const E = this.events;
    this.$("local-pos").textContent = `event ${k.toLocaleString("en-US")} of ${E.length.toLocaleString("en-US")}`;
    const last = k > 0 ? E[k - 1] : null;
    const step = last ? last.step : E.length ? E[0].step : 0;
    // The step's current states (a beam's several), neighbours and choices, up to event k.
    let first = k;
    while (first > 0 && !(E[first - 1].step === step && E[first - 1].event === "local_current" && !(E[first - 1].member > 0))) first--;
    if (first > 0) first--;
    const inStep = E.slice(first, k).filter((e) => e.step === step);
    const currents = inStep.filter((e) => e.event === "local_current");
    const neighbours = inStep.filter((e) => e.event === "local_neighbour");
    const choices = inStep.filter((e) => e.event === "local_choice");
    this.drawCurrent(currents);
    this.drawNeighbours(neighbours, choices);
    this.$("local-why").textContent = last ? this.describe(last) : "before the search starts";
    this.$("local-view").dataset.step = step;
    this.$("local-view").dataset.event = last ? last.event : "";
    // The pseudocode line of the current event.
    const lit = last ? LocalView.stepOf(last) : null;
    for (const { li, steps } of this.codeLines || []) li.classList.toggle("on", lit !== null && steps.includes(lit));
    this.drawChart(step);
  }

  describe(e) {
    const h = (x) => `h = ${x}`;
    switch (e.event) {
      case "local_current": {
        const who = e.member !== undefined ? `beam state [${e.member}]` : "current state";
        const t = e.temperature !== undefined ? `, T = ${e.temperature.toPrecision(4)}` : "";
        const r = e.restart ? ` (restart ${e.restart})` : "";
        return `step ${e.step}: ${e.initial ? "begin at the " : ""}${who}, ${h(e.h)}${t}${r}`;
      }
      case "local_neighbour":
        return `step ${e.step}: neighbour ${e.move}${e.member !== undefined ? ` of [${e.member}]` : ""}, ${h(e.h)}`;
      case "local_choice":
        return `step ${e.step}: ${LocalView.why(e)}`;
      case "local_restart":
        return `restart ${e.number}: a random walk of ${e.walk.length} moves from the start (${e.walk || "no moves"})`;
      case "local_end":
        return e.stuck ? `stuck: ${this.result ? this.result.message : e.stuck}` : "goal reached";
      default:
        return e.event;
    }
  }

  // Why a move was chosen, in the trace's words.
  static why(e) {
    const r = e.reason;
    const to = `${e.move} (h = ${e.h})`;
    const p = (x) => Number(x).toFixed(2);
    switch (r.kind) {
      case "best_improvement":
        return `move ${to}: the best improvement`;
      case "sideways":
        return `move ${to}: a sideways move${r.used !== undefined ? ` (${r.used} of ${r.allowed} allowed in a row)` : ""}`;
      case "first_improvement":
        return `move ${to}: the first improvement${r.tried !== undefined ? `, after ${r.tried} random neighbours` : ""}`;
      case "accepted":
        return r.delta <= 0
          ? `move ${to}: accepted, Δ = ${r.delta} ≤ 0`
          : `move ${to}: accepted with probability e^(−Δ/T) = e^(−${r.delta}/${p(r.temperature)}) = ${p(r.probability)}`;
      case "rejected":
        return `${to} rejected: probability e^(−Δ/T) = e^(−${r.delta}/${p(r.temperature)}) = ${p(r.probability)}; the search stays`;
      case "beam_best":
        return `move ${to} from [${e.from}] into the next beam as [${e.member}]: among the K best`;
      case "beam_drawn":
        return `move ${to} from [${e.from}] into the next beam as [${e.member}]: drawn at random, weighted by e^(−(h − h_min))`;
      default:
        return `move ${to}: ${r.kind.replace(/_/g, " ")}`;
    }
  }

  drawCurrent(currents) {
    const box = this.$("local-current");
    box.replaceChildren();
    for (const c of currents) {
      const fig = document.createElement("figure");
      fig.className = "local-board current";
      const b = document.createElement("div");
      b.className = "board mini";
      this.renderBoard(b, c.board, this.w, this.h, { static: true });
      b.dataset.tiles = c.board.join(" ");
      const cap = document.createElement("figcaption");
      cap.textContent = `${c.member !== undefined ? `[${c.member}] ` : ""}h = ${c.h}${c.temperature !== undefined ? ` · T = ${c.temperature.toPrecision(4)}` : ""}`;
      fig.append(b, cap);
      box.appendChild(fig);
    }
  }

  drawNeighbours(neighbours, choices) {
    const box = this.$("local-neighbours");
    box.replaceChildren();
    for (const n of neighbours) {
      const fig = document.createElement("figure");
      const chosen = choices.find((c) => c.move === n.move && (c.from === undefined || c.from === n.member));
      fig.className = "local-board" + (chosen ? (chosen.reason.kind === "rejected" ? " rejected" : " chosen") : "");
      const b = document.createElement("div");
      b.className = "board mini";
      this.renderBoard(b, n.board, this.w, this.h, { static: true });
      const cap = document.createElement("figcaption");
      cap.textContent = `${n.member !== undefined ? `[${n.member}] ` : ""}${n.move}: h = ${n.h}${chosen ? (chosen.reason.kind === "rejected" ? " ✗" : " ✓") : ""}`;
      fig.append(b, cap);
      fig.dataset.move = n.move;
      fig.dataset.h = n.h;
      box.appendChild(fig);
    }
  }

  // h over the steps (the beam's best), restarts as dashed lines, annealing's temperature on its
  // own scale, and the current step.
  drawChart(current) {
    const svg = this.$("local-chart");
    const NS = "http://www.w3.org/2000/svg";
    const W = 640, H = 180, L = 36, R = 44, T = 10, B = 24;
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.replaceChildren();
    const s = this.series || [];
    if (!s.length) return;
    const maxStep = Math.max(1, s[s.length - 1].step);
    const maxH = Math.max(1, ...s.map((p) => p.h));
    const x = (step) => L + ((W - L - R) * (step - s[0].step)) / Math.max(1, maxStep - s[0].step);
    const y = (h) => T + (H - T - B) * (1 - h / maxH);
    const el = (name, attrs, text) => {
      const e = document.createElementNS(NS, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      svg.appendChild(e);
      return e;
    };
    el("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" });
    el("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" });
    el("text", { x: L - 4, y: y(maxH) + 4, "text-anchor": "end", class: "tick" }, String(maxH));
    el("text", { x: L - 4, y: y(0) + 4, "text-anchor": "end", class: "tick" }, "0");
    el("text", { x: L + 2, y: T + 10, class: "label" }, "h");
    el("text", { x: W - R, y: H - 6, "text-anchor": "end", class: "tick" }, `step ${maxStep.toLocaleString("en-US")}`);
    for (const r of this.restarts || []) el("line", { x1: x(r), y1: T, x2: x(r), y2: H - B, class: "restart" });
    // Long runs: at most one point a pixel column.
    const every = Math.max(1, Math.floor(s.length / (W - L - R)));
    const pts = s.filter((_, i) => i % every === 0 || i === s.length - 1);
    el("polyline", { points: pts.map((p) => `${x(p.step).toFixed(1)},${y(p.h).toFixed(1)}`).join(" "), class: "h-line" });
    if (s.some((p) => p.t !== undefined)) {
      const maxT = Math.max(...s.map((p) => p.t || 0)) || 1;
      const yt = (t) => T + (H - T - B) * (1 - t / maxT);
      el("polyline", { points: pts.map((p) => `${x(p.step).toFixed(1)},${yt(p.t || 0).toFixed(1)}`).join(" "), class: "t-line" });
      el("text", { x: W - R + 4, y: yt(maxT) + 4, class: "tick t" }, `T ${maxT.toPrecision(3)}`);
      el("text", { x: W - R + 4, y: yt(0) + 4, class: "tick t" }, "T 0");
    }
    el("line", { x1: x(current), y1: T, x2: x(current), y2: H - B, class: "now" });
  }
}

window.LocalView = LocalView;
