"use strict";
// The search-tree view. It replays the recorded events (the library's one event model) one by
// one, forward and back, and draws only the nodes generated so far, laid out afresh as the tree
// grows. The frontier list and the node colours come from the same replay state, so they change
// together. The view fits itself to its box, pans by dragging, zooms, keeps a minimap, and shows
// the algorithm's pseudocode with the line of the current event lit.

const SVG_NS = "http://www.w3.org/2000/svg";

const STATE_TEXT = {
  current: "current (being expanded)",
  explored: "explored",
  frontier: "frontier (waiting on the open list)",
  goal: "goal",
  unexplored: "duplicate or pruned (never expanded)",
};

// Above this many nodes nodes are drawn as shapes with labels; above the next as bare shapes.
const BOARDS_UP_TO = 40;
const LABELS_UP_TO = 400;
const CHECKPOINT = 256;
const LABEL_KEEP = 5;
// Most open-list entries a worksheet step asks for; most frames of a recorded replay.
const WORKSHEET_OPEN = 8;
const WEBM_MAX_FRAMES = 300;

function fmt(n) {
  return n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US");
}

// Deep labels grow one digit a level; show the head and tail (the full label is on hover).
function shortLabel(label, keep = LABEL_KEEP) {
  if (!label || label.length <= 2 * keep + 2) return label;
  return `${label.slice(0, keep)}…${label.slice(-keep)}`;
}

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function shapePath(shape, r) {
  switch (shape) {
    case "diamond":
      return `M0,${-r * 1.25}L${r * 1.25},0L0,${r * 1.25}L${-r * 1.25},0Z`;
    case "circle":
      return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case "square":
      return `M${-r * 0.85},${-r * 0.85}h${r * 1.7}v${r * 1.7}h${-r * 1.7}Z`;
    case "star": {
      let d = "";
      for (let i = 0; i < 10; i++) {
        const a = (Math.PI / 5) * i - Math.PI / 2;
        const rr = i % 2 ? r * 0.5 : r * 1.3;
        d += `${i ? "L" : "M"}${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`;
      }
      return d + "Z";
    }
    default: // cross
      return `M${-r * 0.8},${-r * 0.8}L${r * 0.8},${r * 0.8}M${r * 0.8},${-r * 0.8}L${-r * 0.8},${r * 0.8}`;
  }
}

// An HSL colour (h in degrees, s and l in 0..1) as sRGB channels in 0..1.
function hslToRgb(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

// WCAG relative luminance of sRGB channels in 0..1.
function relativeLuminance(rgb) {
  const [r, g, b] = rgb.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// The pseudocode step an event carries out: the same mapping as the library's
// `record::Event::pseudocode_step` (frontier snapshots only report, so they have none).
function stepOf(e, nodes) {
  switch (e.event) {
    case "generated": {
      if (e.parent === null || e.parent === undefined) return "start";
      return { added: "add", duplicate: "duplicate", pruned: "prune", goal: "goal" }[e.fate] || null;
    }
    case "selected":
      return "select";
    case "discarded":
      return "discard";
    case "iteration":
      return "iteration";
    case "iteration_end":
      return e.next === null ? "fail" : "raise_bound";
    case "incumbent":
      return "incumbent";
    case "backed_up":
      return "back_up";
    case "goal":
      return "goal";
    default:
      return null;
  }
}

class TreeView {
  constructor(opts) {
    this.renderBoard = opts.renderBoard;
    this.legend = {};
    this.algorithms = [];
    this.ids = {};
    for (const id of ["tree-svg", "tree-wrap", "tree-step", "tree-pos", "tree-event", "tree-note", "node-info", "frontier-list",
      "frontier-size", "tree-minimap", "pseudocode", "pseudocode-title", "tree-timeline", "predict-msg", "tree-speed", "tree-speed-val",
      "tree-style", "tree-colour", "tree-play", "tree-predict", "tree-follow"]) {
      this.ids[id] = document.getElementById(id);
    }
    this.svg = this.ids["tree-svg"];
    this.wrap = this.ids["tree-wrap"];
    this.nodes = [];
    this.steps = [];
    this.k = 0;
    this.pinned = null;
    this.focusId = null;
    this.timer = null;
    this.view = { s: 1, tx: 0, ty: 0, auto: true };
    this.predict = { on: false, right: 0, tries: 0 };

    this.ids["tree-step"].addEventListener("input", () => this.setStep(Number(this.ids["tree-step"].value)));
    const on = (id, f) => document.getElementById(id).addEventListener("click", f);
    on("tree-first", () => this.setStep(0));
    on("tree-back", () => this.setStep(this.k - 1));
    on("tree-fwd", () => this.setStep(this.k + 1));
    on("tree-next", () => this.nextExpansion());
    on("tree-last", () => this.setStep(this.steps.length));
    on("tree-play", () => this.togglePlay());
    on("tree-fit", () => this.fit(true));
    on("tree-zoom-in", () => this.zoomBy(1.25));
    on("tree-zoom-out", () => this.zoomBy(0.8));
    on("tree-export-svg", () => this.exportSvg());
    on("tree-export-png", () => this.exportPng());
    this.ids["tree-predict"].addEventListener("click", () => this.togglePredict());
    this.ids["tree-speed"].addEventListener("input", () => this.showSpeed());
    this.ids["tree-style"].addEventListener("change", () => this.rebuild());
    this.ids["tree-colour"].addEventListener("change", () => this.restyle());
    this.showSpeed();

    // Pointer: hover shows a node, click pins it (or answers a prediction), drag pans.
    this.svg.addEventListener("pointerover", (ev) => {
      const g = ev.target.closest && ev.target.closest(".node");
      if (g) this.hover(Number(g.dataset.id));
    });
    this.svg.addEventListener("pointerout", (ev) => {
      const g = ev.target.closest && ev.target.closest(".node");
      if (g) this.hover(null);
    });
    let drag = null;
    this.svg.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, tx: this.view.tx, ty: this.view.ty, moved: false };
    });
    window.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      drag.moved = true;
      this.wrap.classList.add("panning");
      this.setView(this.view.s, drag.tx + dx, drag.ty + dy, false);
    });
    window.addEventListener("pointerup", (ev) => {
      if (!drag) return;
      const moved = drag.moved;
      drag = null;
      this.wrap.classList.remove("panning");
      if (moved) return;
      const g = ev.target.closest && ev.target.closest("#tree-svg .node");
      if (g) this.activate(Number(g.dataset.id));
      else if (this.svg.contains(ev.target)) this.pin(null);
    });
    this.svg.addEventListener("wheel", (ev) => {
      if (!ev.ctrlKey && !ev.metaKey) return;
      ev.preventDefault();
      const r = this.svg.getBoundingClientRect();
      this.zoomBy(ev.deltaY < 0 ? 1.15 : 1 / 1.15, ev.clientX - r.left, ev.clientY - r.top);
    }, { passive: false });
    this.svg.addEventListener("keydown", (ev) => this.onNodeKey(ev));
    const mini = this.ids["tree-minimap"];
    const miniPan = (ev) => {
      if (!this.mini) return;
      const r = mini.getBoundingClientRect();
      const x = (ev.clientX - r.left) / this.mini.s, y = (ev.clientY - r.top) / this.mini.s;
      const W = this.svg.clientWidth, H = this.svg.clientHeight;
      this.setView(this.view.s, W / 2 - x * this.view.s, H / 2 - y * this.view.s, false);
    };
    mini.addEventListener("pointerdown", (ev) => {
      miniPan(ev);
      const move = (e) => miniPan(e);
      const up = () => {
        window.removeEventListener("pointermove", move);
        window.removeEventListener("pointerup", up);
      };
      window.addEventListener("pointermove", move);
      window.addEventListener("pointerup", up);
    });
    const list = this.ids["frontier-list"];
    list.addEventListener("pointerover", (ev) => {
      const li = ev.target.closest("li");
      if (li) this.hover(Number(li.dataset.id));
    });
    list.addEventListener("pointerout", (ev) => {
      if (ev.target.closest("li")) this.hover(null);
    });
    list.addEventListener("focusin", (ev) => {
      const li = ev.target.closest("li");
      if (li) this.hover(Number(li.dataset.id));
    });
    list.addEventListener("click", (ev) => {
      const li = ev.target.closest("li");
      if (li) this.activate(Number(li.dataset.id));
    });
    window.addEventListener("resize", () => {
      if (this.nodes.length && this.view.auto) this.fit(false);
    });
    this.clear("Solve with \u201crecord the search tree\u201d ticked to see the tree here.");
  }

  setOptions(options) {
    this.legend = {};
    for (const l of options.legend || []) this.legend[l.state] = l;
    this.algorithms = options.algorithms || [];
  }

  clear(message) {
    this.stop();
    this.nodes = [];
    this.steps = [];
    this.k = 0;
    this.tree = null;
    this.svg.replaceChildren();
    this.svg.dataset.drawn = "0";
    this.ids["tree-step"].max = 0;
    this.ids["tree-step"].value = 0;
    this.ids["tree-pos"].textContent = "";
    this.ids["tree-event"].textContent = "";
    this.ids["frontier-list"].replaceChildren();
    this.ids["frontier-size"].textContent = "";
    this.drawPseudocode();
    this.ids["tree-timeline"].replaceChildren();
    this.ids["predict-msg"].textContent = "";
    this.ids["tree-note"].textContent = message || "";
    const ctx = this.ids["tree-minimap"].getContext("2d");
    ctx.clearRect(0, 0, this.ids["tree-minimap"].width, this.ids["tree-minimap"].height);
  }

  // tree: the API's `tree`; trace: its `trace` (or null); report: the solve object; at: the
  // event to show first (the end when not given).
  load(tree, trace, report, at) {
    this.stop();
    this.tree = tree;
    this.report = report || {};
    this.nodes = tree.nodes;
    this.steps = trace ? trace.events : [];
    this.truncated = !!(trace && trace.truncated);
    this.pinned = null;
    this.focusId = null;
    this.predict = { on: this.predict.on, right: 0, tries: 0 };
    this.info = this.algorithms.find((a) => a.name === this.report.algorithm) || null;
    this.prepare();
    this.note();
    this.drawPseudocode();
    this.drawTimeline();
    this.loading = true;
    this.rebuild();
    this.loading = false;
    this.ids["tree-step"].max = this.steps.length;
    this.view.auto = true;
    this.setStep(at === undefined ? this.steps.length : at);
    this.ids["node-info"].innerHTML = '<p class="muted">Hover over, click or focus a node (Tab, then the arrow keys) to see its board and g + h = f.</p>';
  }

  // Per-event facts computed once: how many nodes exist after k events, which node the next
  // selection takes, the iteration each root starts.
  prepare() {
    const n = this.nodes.length;
    const E = this.steps;
    this.genAt = new Int32Array(E.length + 1);
    let g = 0;
    for (let i = 0; i < E.length; i++) {
      if (E[i].event === "generated" && E[i].id < n) g = Math.max(g, E[i].id + 1);
      this.genAt[i + 1] = g;
    }
    if (!E.length) this.genAt[0] = n;
    this.nextSel = new Int32Array(E.length + 1).fill(-1);
    this.nextSelAt = new Int32Array(E.length + 1).fill(-1);
    let ns = -1, at = -1;
    for (let i = E.length; i >= 0; i--) {
      this.nextSel[i] = ns;
      this.nextSelAt[i] = at;
      if (i > 0 && E[i - 1].event === "selected") {
        ns = E[i - 1].id;
        at = i - 1;
      }
    }
    this.children = Array.from({ length: n }, () => []);
    for (const node of this.nodes) if (node.parent !== null && node.parent < n) this.children[node.parent].push(node.id);
    // Iterations (IDA*, iterative deepening): each root's bound and what the pass did.
    this.iterations = [];
    let cur = null;
    for (let i = 0; i < E.length; i++) {
      const e = E[i];
      if (e.event === "iteration") {
        cur = { number: e.number, bound: e.bound, at: i, root: null, generated: 0, next: undefined };
        this.iterations.push(cur);
      } else if (cur && e.event === "generated") {
        if (cur.root === null && (e.parent === null || e.parent === undefined)) cur.root = e.id;
        cur.generated += 1;
      } else if (cur && e.event === "iteration_end") cur.next = e.next;
    }
    this.rootIter = new Map(this.iterations.filter((it) => it.root !== null).map((it) => [it.root, it]));
    const bound = this.info && this.info.words && this.info.words.bound;
    this.boundName = bound === "depth" ? "depth limit" : "bound f ≤";
    // Bidirectional search: where the two trees meet.
    this.meet = null;
    if (this.report.algorithm === "bidirectional") {
      const goalEv = [...E].reverse().find((e) => e.event === "goal");
      if (goalEv && this.nodes[goalEv.id]) {
        const a = this.nodes[goalEv.id];
        const rootOf = (id) => {
          while (this.nodes[id].parent !== null) id = this.nodes[id].parent;
          return id;
        };
        const ra = rootOf(a.id);
        const key = a.board.join(",");
        const b = this.nodes.find((x) => x.id !== a.id && x.board.join(",") === key && rootOf(x.id) !== ra);
        if (b) this.meet = { a: a.id, b: b.id, at: E.indexOf(goalEv) };
      }
    }
    this.hasHStar = this.nodes.some((x) => x.h_star !== undefined && x.h_star !== null);
    this.ids["tree-colour"].querySelector("option[value=accuracy]").disabled = !this.hasHStar;
    if (!this.hasHStar && this.ids["tree-colour"].value === "accuracy") this.ids["tree-colour"].value = "state";
    this.overestimates = this.nodes.filter((x) => this.hasHStar && x.h_star !== undefined && x.h_star !== null && x.h > x.h_star + 1e-9).length;
    this.checkpoints = null;
  }

  note() {
    const t = this.tree;
    const shown = this.nodes.length;
    const parts = [];
    if (t.capped || this.truncated) {
      const deepest = this.nodes.reduce((m, x) => Math.max(m, x.g), 0);
      const expanded = this.steps.filter((e) => e.event === "selected").length;
      let s = `The tree is capped at ${fmt(t.limit)} nodes: it shows the first ${fmt(shown)} of the ${fmt(t.total_nodes)} nodes generated ` +
        `(the first ${fmt(expanded)} expansions); ${fmt(t.total_nodes - shown)} later nodes are cut off and the replay stops where the cap was reached. ` +
        `Nodes shown reach depth ${deepest}`;
      const cost = this.report.cost;
      if (cost !== null && cost !== undefined && cost > deepest) s += `; the solution lies at depth ${cost}, below the cut`;
      parts.push(s + ".");
    } else {
      parts.push(`${fmt(shown)} nodes, all shown.`);
    }
    if (this.hasHStar) {
      parts.push(this.overestimates
        ? `⚠ ${fmt(this.overestimates)} nodes have h > h* (the true distance): this heuristic is not admissible here.`
        : "Every node's h is at most its true distance h*: the heuristic is admissible on this tree.");
    }
    this.ids["tree-note"].textContent = parts.join(" ");
  }

  // Before a tree is loaded, the chosen algorithm's pseudocode, with no line lit, so the page
  // shows what the replay will follow.
  preview(name) {
    if (this.tree) return;
    this.info = (this.algorithms || []).find((a) => a.name === name) || null;
    this.drawPseudocode();
  }

  drawPseudocode() {
    const ol = this.ids["pseudocode"];
    ol.replaceChildren();
    this.codeLines = [];
    const info = this.info;
    this.ids["pseudocode-title"].textContent = info ? `${info.title}` : "";
    if (!info || !info.pseudocode) return;
    info.pseudocode.forEach((line, i) => {
      const li = document.createElement("li");
      li.style.paddingLeft = `${line.indent * 1.1 + 0.3}em`;
      li.textContent = line.text;
      li.dataset.steps = line.steps.join(" ");
      li.dataset.line = i;
      ol.appendChild(li);
      this.codeLines.push({ li, steps: line.steps });
    });
  }

  lightPseudocode(k) {
    if (!this.codeLines) return;
    let step = null;
    for (let i = k - 1; i >= 0 && step === null; i--) step = stepOf(this.steps[i], this.nodes);
    let first = null;
    for (const { li, steps } of this.codeLines) {
      const lit = step !== null && steps.includes(step);
      li.classList.toggle("on", lit);
      if (lit && !first) first = li;
    }
    this.ids["pseudocode"].dataset.step = step || "";
    if (first) {
      const box = this.ids["pseudocode"];
      if (first.offsetTop < box.scrollTop || first.offsetTop > box.scrollTop + box.clientHeight - 20) box.scrollTop = first.offsetTop - 30;
    }
  }

  drawTimeline() {
    const box = this.ids["tree-timeline"];
    box.replaceChildren();
    if (!this.iterations.length) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const head = document.createElement("span");
    head.className = "muted";
    head.textContent = this.boundName === "depth limit" ? "Depth limits:" : "IDA* thresholds:";
    box.appendChild(head);
    const max = Math.max(1, ...this.iterations.map((it) => it.generated));
    for (const it of this.iterations) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "iter";
      b.dataset.at = it.at;
      const bar = document.createElement("span");
      bar.className = "iter-bar";
      bar.style.width = `${Math.max(4, (40 * it.generated) / max)}px`;
      b.append(`#${it.number} ${this.boundName === "depth limit" ? "ℓ =" : "f ≤"} ${it.bound} `, bar, ` ${fmt(it.generated)}`);
      b.title = `iteration ${it.number}: ${this.boundName} ${it.bound}, ${fmt(it.generated)} nodes generated` +
        (it.next === undefined ? "" : it.next === null ? "; nothing cut off" : `; next ${this.boundName} ${it.next}`);
      b.addEventListener("click", () => this.setStep(it.at + 1));
      box.appendChild(b);
    }
  }

  style() {
    const v = this.ids["tree-style"].value;
    if (v !== "auto") return v;
    const n = this.nodes.length;
    return n <= BOARDS_UP_TO && this.tree.width * this.tree.height <= 16 ? "boards" : n <= LABELS_UP_TO ? "labels" : "shapes";
  }

  // Node geometry for the chosen style.
  metrics() {
    const style = this.style();
    const big = document.body.classList.contains("projector") ? 1.35 : 1;
    const font = 12 * big;
    if (style === "boards") {
      const cell = 13 * big;
      const bw = this.tree.width * cell, bh = this.tree.height * cell;
      const textW = 8 * font * 0.62;
      const w = Math.max(bw + 10, textW + 8);
      const lines = this.hasHStar ? 2 : 1;
      const h = font + 4 + bh + 4 + lines * (font + 2) + 4;
      return { style, font, cell, w, h, slot: w + 10 * big, ystep: h + 28 * big, r: 6 * big };
    }
    if (style === "labels") {
      const longest = Math.max(2, ...this.nodes.map((x) => shortLabel(x.label).length), ...this.nodes.map((x) => String(x.f).length + 2));
      const slot = Math.max(26 * big, longest * font * 0.62 + 8);
      return { style, font, w: 14 * big, h: 14 * big, slot, ystep: 50 * big, r: 6 * big };
    }
    return { style, font, w: 10, h: 10, slot: 12, ystep: 34, r: 4 };
  }

  // (Re)creates the SVG elements for every node; they are shown as they are generated.
  rebuild() {
    if (!this.tree) return;
    this.m = this.metrics();
    const svg = this.svg;
    svg.replaceChildren();
    this.root = el("g", { class: "viewport" }, svg);
    this.captionG = el("g", { class: "captions" }, this.root);
    this.edgeG = el("g", { class: "edges" }, this.root);
    this.extraG = el("g", { class: "extra" }, this.root);
    this.nodeG = el("g", { class: "nodes" }, this.root);
    this.nodeEls = [];
    this.edgeEls = [];
    this.drawnState = [];
    this.pos = [];
    for (const node of this.nodes) {
      const g = el("g", { class: "node", tabindex: "-1", role: "button" });
      g.dataset.id = node.id;
      g.setAttribute("aria-label", `${node.label}: g ${node.g}, h ${node.h}, f ${node.f}`);
      const title = el("title", {}, g);
      title.textContent = `${node.label}${node.move ? " (move " + node.move + ")" : ""}: g ${node.g} + h ${node.h} = f ${node.f}` +
        (node.h_star !== undefined && node.h_star !== null ? `, h* ${node.h_star}` : "");
      this.drawNodeBody(g, node);
      g.style.display = "none";
      this.nodeG.appendChild(g);
      this.nodeEls.push(g);
      const line = node.parent !== null && node.parent < this.nodes.length ? el("line", { class: "edge" }, this.edgeG) : null;
      if (line) line.style.display = "none";
      this.edgeEls.push(line);
      this.drawnState.push(null);
      this.pos.push(null);
    }
    this.shownCount = 0;
    this.states = [];
    if (!this.loading) this.setStep(this.k);
  }

  drawNodeBody(g, node) {
    const m = this.m;
    if (m.style === "boards") {
      const x0 = -m.w / 2, y0 = -m.h / 2;
      el("rect", { class: "box", x: x0, y: y0, width: m.w, height: m.h, rx: 4 }, g);
      el("rect", { class: "head", x: x0, y: y0, width: m.w, height: m.font + 4, rx: 4 }, g);
      el("path", { class: "shape badge", transform: `translate(${x0 + m.r + 3},${y0 + (m.font + 4) / 2})` }, g);
      const t = el("text", { class: "label head-text", x: x0 + 2 * m.r + 7, y: y0 + m.font }, g);
      t.textContent = shortLabel(node.label, 3);
      const bx = -this.tree.width * m.cell / 2, by = y0 + m.font + 6;
      node.board.forEach((tile, i) => {
        const cx = bx + (i % this.tree.width) * m.cell, cy = by + Math.floor(i / this.tree.width) * m.cell;
        if (tile === 0) return;
        el("rect", { class: "tile", x: cx + 0.5, y: cy + 0.5, width: m.cell - 1, height: m.cell - 1, rx: 1.5 }, g);
        const tt = el("text", { class: "tile-text", x: cx + m.cell / 2, y: cy + m.cell * 0.78, "text-anchor": "middle" }, g);
        tt.textContent = tile;
      });
      const gy = by + this.tree.height * m.cell + m.font + 2;
      const f = el("text", { class: "ghf", x: 0, y: gy, "text-anchor": "middle" }, g);
      f.textContent = `${node.g}+${node.h}=${node.f}`;
      if (this.hasHStar) {
        const hs = el("text", { class: "hstar", x: 0, y: gy + m.font + 2, "text-anchor": "middle" }, g);
        hs.textContent = node.h_star === undefined || node.h_star === null ? "h* ?" : `h*=${node.h_star}`;
      }
    } else {
      el("path", { class: "shape" }, g);
      if (m.style === "labels") {
        const t = el("text", { class: "label", y: m.r + m.font + 2, "text-anchor": "middle" }, g);
        t.textContent = shortLabel(node.label);
        const f = el("text", { class: "ghf", y: m.r + 2 * m.font + 4, "text-anchor": "middle" }, g);
        f.textContent = `f ${node.f}`;
      }
    }
    if (m.style === "boards") el("rect", { class: "ring", x: -m.w / 2 - 5, y: -m.h / 2 - 5, width: m.w + 10, height: m.h + 10, rx: 7 }, g);
    else el("circle", { class: "ring", r: m.r * 2 + 2 }, g);
    if (this.hasHStar && node.h_star !== undefined && node.h_star !== null && node.h > node.h_star + 1e-9) {
      g.classList.add("overestimate");
      const w = el("text", { class: "warn", x: m.style === "boards" ? m.w / 2 - 2 : m.r + 2, y: m.style === "boards" ? -m.h / 2 + m.font : -m.r, "text-anchor": "end" }, g);
      w.textContent = "!";
    }
  }

  // Layout of nodes 0..count-1: leaves take the next slot, parents sit over their children;
  // each root's tree starts after the last, leaving room for its caption.
  layout(count) {
    const m = this.m;
    const x = new Float64Array(count), depth = new Int32Array(count);
    let next = 0, maxDepth = 0;
    const kids = (id) => this.children[id].filter((c) => c < count);
    for (let r = 0; r < count; r++) {
      const node = this.nodes[r];
      if (node.parent !== null && node.parent < this.nodes.length) continue;
      const start = next;
      const stack = [[r, 0]];
      depth[r] = 0;
      while (stack.length) {
        const top = stack[stack.length - 1];
        const id = top[0];
        const cs = kids(id);
        if (top[1] < cs.length) {
          const c = cs[top[1]++];
          depth[c] = depth[id] + 1;
          if (depth[c] > maxDepth) maxDepth = depth[c];
          stack.push([c, 0]);
        } else {
          stack.pop();
          x[id] = cs.length ? (x[cs[0]] + x[cs[cs.length - 1]]) / 2 : next++;
        }
      }
      // Room for the caption above a root (iteration bound, search direction).
      const caption = this.caption(r);
      const need = caption ? (caption.length * m.font * 0.6) / m.slot : 0;
      if (next - start < need) {
        const shift = (need - (next - start)) / 2;
        for (let i = r; i < count; i++) if (this.rootOf(i, r)) x[i] += shift;
        next = start + need;
      }
      next += 0.6;
    }
    const pad = Math.max(m.w, m.slot) / 2 + 8;
    const top = m.h / 2 + (this.iterations.length || this.report.algorithm === "bidirectional" ? 26 : 10);
    const px = (i) => pad + x[i] * m.slot;
    const py = (i) => top + depth[i] * m.ystep;
    const out = new Array(count);
    for (let i = 0; i < count; i++) out[i] = [px(i), py(i)];
    this.bounds = { w: pad * 2 + Math.max(0, next - 1.6) * m.slot, h: top + maxDepth * m.ystep + m.h / 2 + (m.style === "labels" ? 2 * m.font + 10 : 12) };
    return out;
  }

  rootOf(i, r) {
    let id = i;
    while (this.nodes[id].parent !== null && this.nodes[id].parent < this.nodes.length) id = this.nodes[id].parent;
    return id === r;
  }

  caption(root) {
    const it = this.rootIter.get(root);
    if (it) return `iteration ${it.number}: ${this.boundName} ${it.bound}`;
    if (this.report.algorithm === "bidirectional") return this.nodes[root].label === "G0" ? "from the goal" : "from the start";
    return "";
  }

  // ---------- replay ----------

  // The replay state after the first k events. Snapshots every CHECKPOINT events keep a step
  // back as cheap as a step forward.
  replay(k) {
    const fresh = () => ({ states: new Array(this.nodes.length).fill(null), current: -1, list: [], fresh: new Set(), size: 0, full: true });
    const copy = (s) => ({ states: s.states.slice(), current: s.current, list: s.list.slice(), fresh: new Set(s.fresh), size: s.size, full: s.full });
    if (!this.checkpoints) this.checkpoints = [fresh()];
    const c = Math.floor(k / CHECKPOINT);
    while (this.checkpoints.length <= c) {
      const i = this.checkpoints.length;
      const s = copy(this.checkpoints[i - 1]);
      this.apply(s, (i - 1) * CHECKPOINT, i * CHECKPOINT);
      this.checkpoints.push(s);
    }
    const s = copy(this.checkpoints[c]);
    this.apply(s, c * CHECKPOINT, k);
    return s;
  }

  // Applies events [from, to) to the replay state `s`. The frontier list is the last snapshot
  // the search reported, less the nodes taken since, plus the children added since (marked new
  // until the next snapshot orders them): so the list and the tree's colours always agree.
  apply(s, from, to) {
    const n = this.nodes.length;
    const states = s.states;
    const drop = (id) => {
      const i = s.list.indexOf(id);
      if (i >= 0) s.list.splice(i, 1);
      s.fresh.delete(id);
      if (s.size > 0) s.size -= 1;
    };
    for (let i = from; i < Math.min(to, this.steps.length); i++) {
      const e = this.steps[i];
      const id = e.id;
      if (id !== undefined && id >= n) continue;
      switch (e.event) {
        case "generated": {
          const fate = this.nodes[id].fate;
          states[id] = fate === "added" ? "frontier" : fate === "goal" ? "goal" : "unexplored";
          if (fate === "added") {
            s.list.push(id);
            s.fresh.add(id);
            s.size += 1;
          }
          break;
        }
        case "selected":
          if (s.current >= 0 && states[s.current] === "current") states[s.current] = "explored";
          states[id] = "current";
          s.current = id;
          drop(id);
          break;
        case "discarded":
          states[id] = "unexplored";
          drop(id);
          break;
        case "frontier": {
          const ids = e.entries.map((x) => x.id).filter((x) => x < n);
          s.full = e.size === e.entries.length;
          s.list = ids;
          s.fresh = new Set();
          s.size = e.size;
          if (s.full) {
            // A node the search no longer holds (superseded by a cheaper path, or forgotten by
            // RBFS) stops being frontier.
            const keep = new Set(ids);
            for (let j = 0; j < states.length; j++) if (states[j] === "frontier" && !keep.has(j)) states[j] = "unexplored";
          }
          break;
        }
        case "iteration":
          if (s.current >= 0 && states[s.current] === "current") states[s.current] = "explored";
          s.current = -1;
          s.list = [];
          s.fresh = new Set();
          s.size = 0;
          break;
        case "goal":
        case "incumbent":
          states[id] = "goal";
          break;
        default:
          break;
      }
    }
  }

  setStep(k) {
    if (!this.tree) return;
    k = Math.max(0, Math.min(this.steps.length, k));
    this.k = k;
    this.ids["tree-step"].value = k;
    const s = this.replay(k);
    this.states = s.states;
    this.replayState = s;
    const count = this.steps.length ? this.genAt[k] : this.nodes.length;
    const next = this.nextSel[k];
    this.nextId = next >= 0 && next < count ? next : -1;
    // Lay out what has been generated and move, show or hide each node.
    const pos = this.layout(count);
    for (let id = 0; id < this.nodes.length; id++) {
      const g = this.nodeEls[id];
      const visible = id < count;
      if (!visible) {
        if (this.pos[id] !== null) {
          g.style.display = "none";
          if (this.edgeEls[id]) this.edgeEls[id].style.display = "none";
          this.pos[id] = null;
          g.classList.remove("shown", "next");
        }
        continue;
      }
      const [x, y] = pos[id];
      const old = this.pos[id];
      if (!old || old[0] !== x || old[1] !== y) {
        g.setAttribute("transform", `translate(${x.toFixed(1)},${y.toFixed(1)})`);
        if (!old) {
          g.style.display = "";
          g.classList.add("shown");
        }
        this.pos[id] = [x, y];
        const line = this.edgeEls[id];
        const p = this.nodes[id].parent;
        if (line && p < count) {
          const [px, py] = pos[p];
          line.setAttribute("x1", px.toFixed(1));
          line.setAttribute("y1", (py + this.m.h / 2).toFixed(1));
          line.setAttribute("x2", x.toFixed(1));
          line.setAttribute("y2", (y - this.m.h / 2).toFixed(1));
          line.style.display = "";
        }
      }
      // Children that moved pull their edges along: refresh every edge whose parent moved.
      const st = s.states[id] || "unexplored";
      if (this.drawnState[id] !== st) {
        this.paint(id, st);
        this.drawnState[id] = st;
      }
      g.classList.toggle("next", id === this.nextId && !this.predict.on);
    }
    for (let id = 0; id < count; id++) {
      const line = this.edgeEls[id];
      if (!line) continue;
      const p = this.nodes[id].parent;
      const [px, py] = pos[p];
      line.setAttribute("x1", px.toFixed(1));
      line.setAttribute("y1", (py + this.m.h / 2).toFixed(1));
    }
    this.shownCount = count;
    this.svg.dataset.drawn = String(count);
    this.svg.dataset.step = String(k);
    this.drawExtras(pos, count);
    this.ids["tree-pos"].textContent = `event ${fmt(k)} of ${fmt(this.steps.length)}`;
    let text = k > 0 ? this.describe(this.steps[k - 1]) : "before the search starts";
    if (k === this.steps.length && this.truncated) text += " — recording stopped here: the tree's node cap was reached";
    this.ids["tree-event"].textContent = text;
    this.showFrontier(s);
    this.lightPseudocode(k);
    this.markTimeline(k);
    if (this.pinned !== null && this.pinned < count) this.showInfo(this.pinned);
    if (this.view.auto) this.fit(false);
    else if (this.ids["tree-follow"].checked && s.current >= 0 && s.current < count) this.reveal(s.current);
    this.updateTabStop();
    this.drawMinimap();
  }

  paint(id, st) {
    const g = this.nodeEls[id];
    const leg = this.legend[st] || { fill: "#000", ink: "#fff", shape: "cross" };
    g.dataset.state = st;
    g.setAttribute("class", `node st-${st}${g.classList.contains("shown") ? " shown" : ""}${g.classList.contains("pinned") ? " pinned" : ""}` +
      `${g.classList.contains("overestimate") ? " overestimate" : ""}${g.classList.contains("hl") ? " hl" : ""}`);
    const accuracy = this.ids["tree-colour"].value === "accuracy" ? this.accuracyColour(this.nodes[id]) : null;
    const colour = accuracy ? accuracy.fill : leg.fill;
    const ink = accuracy ? accuracy.ink : leg.ink;
    const shapeEl = g.querySelector(".shape");
    shapeEl.setAttribute("d", shapePath(leg.shape, this.m.style === "boards" ? this.m.r * 0.8 : this.m.r));
    if (leg.shape === "cross") {
      shapeEl.setAttribute("fill", "none");
      shapeEl.setAttribute("stroke", this.m.style === "boards" ? ink : colour);
      shapeEl.setAttribute("stroke-width", this.m.style === "shapes" ? 2.2 : 3);
    } else {
      shapeEl.setAttribute("fill", this.m.style === "boards" ? ink : colour);
      shapeEl.setAttribute("stroke", this.m.style === "boards" ? colour : "#ffffff");
      shapeEl.setAttribute("stroke-width", 1);
    }
    if (this.m.style === "boards") {
      g.querySelector(".box").setAttribute("stroke", colour);
      g.querySelector(".head").setAttribute("fill", colour);
      g.querySelector(".head-text").style.fill = ink;
    }
  }

  // Accuracy colouring: how much of the true distance h covers, h / h*, from pale (h far
  // below h*) to dark blue (h = h*); an overestimate is marked separately.
  accuracyColour(node) {
    if (node.h_star === undefined || node.h_star === null) return { fill: "#9e9e9e", ink: "#000000" };
    if (node.h > node.h_star + 1e-9) return { fill: "#b00020", ink: "#ffffff" };
    const r = node.h_star === 0 ? 1 : node.h / node.h_star;
    const light = Math.round(88 - 62 * r);
    // Black or white, whichever contrasts more with the fill: at least 4.5:1 either way.
    const y = relativeLuminance(hslToRgb(212, 0.7, light / 100));
    return { fill: `hsl(212, 70%, ${light}%)`, ink: (y + 0.05) / 0.05 >= 1.05 / (y + 0.05) ? "#000000" : "#ffffff" };
  }

  restyle() {
    if (!this.tree) return;
    for (let id = 0; id < this.shownCount; id++) {
      this.paint(id, this.states[id] || "unexplored");
      this.drawnState[id] = this.states[id];
    }
    document.getElementById("accuracy-legend").hidden = this.ids["tree-colour"].value !== "accuracy";
  }

  drawExtras(pos, count) {
    this.captionG.replaceChildren();
    this.extraG.replaceChildren();
    const m = this.m;
    for (let r = 0; r < count; r++) {
      const node = this.nodes[r];
      if (node.parent !== null && node.parent < this.nodes.length) continue;
      const c = this.caption(r);
      if (!c) continue;
      const t = el("text", { class: "caption", x: pos[r][0], y: pos[r][1] - m.h / 2 - 10, "text-anchor": "middle" }, this.captionG);
      t.textContent = c;
      const it = this.rootIter.get(r);
      if (it && this.k > it.at && (this.iterations.indexOf(it) === this.iterations.length - 1 || this.k <= this.iterations[this.iterations.indexOf(it) + 1].at)) t.classList.add("now");
    }
    if (this.meet && this.k > this.meet.at && this.meet.a < count && this.meet.b < count) {
      const [ax, ay] = pos[this.meet.a], [bx, by] = pos[this.meet.b];
      el("path", { class: "meet", d: `M${ax},${ay}C${ax},${Math.max(ay, by) + 60} ${bx},${Math.max(ay, by) + 60} ${bx},${by}` }, this.extraG);
      const t = el("text", { class: "caption now", x: (ax + bx) / 2, y: Math.max(ay, by) + 58, "text-anchor": "middle" }, this.extraG);
      t.textContent = `the two searches meet: ${this.nodes[this.meet.a].label} = ${this.nodes[this.meet.b].label}`;
      this.bounds.h = Math.max(this.bounds.h, Math.max(ay, by) + 70);
    }
    if ((this.tree.capped || this.truncated) && this.k === this.steps.length) {
      const t = el("text", { class: "caption cut", x: 8, y: this.bounds.h + 4 }, this.extraG);
      t.textContent = `✂ ${fmt(this.tree.total_nodes - this.nodes.length)} more nodes were generated past the ${fmt(this.tree.limit)}-node cap and are not drawn`;
      this.bounds.h += 14;
    }
  }

  markTimeline(k) {
    for (const b of this.ids["tree-timeline"].querySelectorAll(".iter")) {
      const at = Number(b.dataset.at);
      const it = this.iterations.find((x) => x.at === at);
      const idx = this.iterations.indexOf(it);
      const end = idx + 1 < this.iterations.length ? this.iterations[idx + 1].at : Infinity;
      b.classList.toggle("now", k > at && k <= end);
    }
  }

  // ---------- view: fit, zoom, pan, minimap ----------

  setView(s, tx, ty, auto) {
    this.view = { s, tx, ty, auto };
    if (this.root) this.root.setAttribute("transform", `translate(${tx.toFixed(1)},${ty.toFixed(1)}) scale(${s.toFixed(4)})`);
    this.drawMinimap();
  }

  fit(userAsked) {
    if (!this.bounds) return;
    const W = this.svg.clientWidth || 600, H = this.svg.clientHeight || 400;
    let s = Math.min(W / this.bounds.w, H / this.bounds.h, 1.6);
    // Fit, but keep labels and boards legible; past that, follow the current node.
    const floor = userAsked ? 0.02 : this.m.style === "shapes" ? 0.5 : 0.6;
    if (s < floor) {
      s = floor;
      const cur = this.replayState && this.replayState.current >= 0 ? this.pos[this.replayState.current] : this.pos[0];
      const [x, y] = cur || [0, 0];
      this.setView(s, W / 2 - x * s, Math.min(10, H / 2 - y * s), true);
      return;
    }
    this.setView(s, (W - this.bounds.w * s) / 2, Math.min(10, (H - this.bounds.h * s) / 2) + 4, true);
  }

  zoomBy(f, cx, cy) {
    const W = this.svg.clientWidth, H = this.svg.clientHeight;
    if (cx === undefined) {
      cx = W / 2;
      cy = H / 2;
    }
    const s = Math.max(0.02, Math.min(4, this.view.s * f));
    const k = s / this.view.s;
    this.setView(s, cx - (cx - this.view.tx) * k, cy - (cy - this.view.ty) * k, false);
  }

  reveal(id) {
    const p = this.pos[id];
    if (!p) return;
    const W = this.svg.clientWidth, H = this.svg.clientHeight;
    const x = p[0] * this.view.s + this.view.tx, y = p[1] * this.view.s + this.view.ty;
    if (x < 30 || x > W - 30 || y < 30 || y > H - 30) this.setView(this.view.s, W / 2 - p[0] * this.view.s, H / 2 - p[1] * this.view.s, false);
  }

  drawMinimap() {
    const c = this.ids["tree-minimap"];
    if (!this.bounds || !this.pos) return;
    const ctx = c.getContext("2d");
    const s = Math.min(c.width / this.bounds.w, c.height / this.bounds.h);
    this.mini = { s };
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, this.bounds.w * s, this.bounds.h * s);
    for (let id = 0; id < this.shownCount; id++) {
      const p = this.pos[id];
      if (!p) continue;
      const st = this.states[id] || "unexplored";
      ctx.fillStyle = (this.legend[st] && this.legend[st].fill) || "#000";
      ctx.fillRect(p[0] * s - 1, p[1] * s - 1, 2.5, 2.5);
    }
    const W = this.svg.clientWidth, H = this.svg.clientHeight;
    ctx.strokeStyle = "#c2185b";
    ctx.lineWidth = 1.5;
    ctx.strokeRect((-this.view.tx / this.view.s) * s, (-this.view.ty / this.view.s) * s, (W / this.view.s) * s, (H / this.view.s) * s);
  }

  // ---------- text ----------

  label(id) {
    const n = this.nodes[id];
    return n ? shortLabel(n.label) : `#${id}`;
  }

  describe(e) {
    switch (e.event) {
      case "generated": {
        const n = this.nodes[e.id];
        if (!n) return `generated node #${e.id} (past the cap)`;
        const what = { added: "added to the frontier", duplicate: "a duplicate: dropped", pruned: "pruned by the bound", goal: "the goal" }[n.fate] || n.fate;
        return `generated ${this.label(e.id)}${n.move ? " by " + n.move : ""}: g ${n.g} + h ${n.h} = f ${n.f}, ${what}`;
      }
      case "selected":
        return `selected ${this.label(e.id)} for expansion (f = ${e.f})`;
      case "discarded":
        return `discarded ${this.label(e.id)}: the bound now cuts it`;
      case "frontier":
        return `the frontier now holds ${fmt(e.size)} nodes`;
      case "iteration":
        return `iteration ${e.number} starts with ${this.boundName} ${e.bound}`;
      case "iteration_end":
        return e.next === null ? "the iteration ends: nothing was cut off, no solution" : `the iteration ends; the ${this.boundName === "depth limit" ? "depth limit" : "bound"} rises to ${e.next}`;
      case "incumbent":
        return `new best solution at ${this.label(e.id)}: cost ${e.cost}, now the bound`;
      case "backed_up":
        return `backed up f = ${e.f} to ${this.label(e.id)}`;
      case "goal":
        return this.report.algorithm === "bidirectional" ? `the searches meet at ${this.label(e.id)}` : `goal reached at ${this.label(e.id)}`;
      default:
        return e.event;
    }
  }

  showFrontier(s) {
    const list = this.ids["frontier-list"];
    list.replaceChildren();
    const reported = this.steps.some((x) => x.event === "frontier");
    if (!reported && !s.list.length) {
      this.ids["frontier-size"].textContent = "(not reported by this algorithm)";
      return;
    }
    const more = s.size > s.list.length ? `, first ${s.list.length} shown` : "";
    this.ids["frontier-size"].textContent = `(${fmt(s.size)}${more})`;
    list.dataset.size = s.size;
    for (const id of s.list) {
      const n = this.nodes[id];
      if (!n) continue;
      const li = document.createElement("li");
      li.dataset.id = id;
      li.tabIndex = 0;
      li.title = `${n.label}: g ${n.g} + h ${n.h} = f ${n.f}${s.fresh.has(id) ? " (just added; the open list orders it at the next step)" : ""}`;
      li.textContent = `${shortLabel(n.label)}  f=${n.f} (${n.g}+${n.h})${s.fresh.has(id) ? " new" : ""}`;
      if (s.fresh.has(id)) li.classList.add("fresh");
      if (id === this.nextId && !this.predict.on) li.classList.add("next");
      if (this.hoverId === id) li.classList.add("hl");
      list.appendChild(li);
    }
  }

  hover(id) {
    this.hoverId = id;
    for (const g of this.svg.querySelectorAll(".node.hl")) g.classList.remove("hl");
    for (const li of this.ids["frontier-list"].querySelectorAll("li.hl")) li.classList.remove("hl");
    if (id === null || !this.nodeEls[id]) return;
    this.nodeEls[id].classList.add("hl");
    const li = this.ids["frontier-list"].querySelector(`li[data-id="${id}"]`);
    if (li) li.classList.add("hl");
    if (this.pinned === null) this.showInfo(id);
  }

  // A click, Enter on a focused node, or a frontier entry: a prediction in predict mode, else
  // pin the node's details.
  activate(id) {
    if (this.predict.on) this.answer(id);
    else this.pin(id);
  }

  pin(id) {
    if (this.pinned !== null && this.nodeEls[this.pinned]) this.nodeEls[this.pinned].classList.remove("pinned");
    this.pinned = id;
    if (id !== null && this.nodeEls[id]) {
      this.nodeEls[id].classList.add("pinned");
      this.showInfo(id);
    }
  }

  pathLabels(id) {
    const out = [];
    while (id !== null && id !== undefined && this.nodes[id]) {
      out.push(this.nodes[id].label);
      id = this.nodes[id].parent;
    }
    return out.reverse();
  }

  showInfo(id) {
    const n = this.nodes[id];
    if (!n) return;
    const info = this.ids["node-info"];
    info.replaceChildren();
    const head = document.createElement("p");
    const strong = document.createElement("strong");
    strong.textContent = shortLabel(n.label, 8);
    strong.title = this.pathLabels(id).join(" → ");
    head.append(strong, ` ${n.move ? "(move " + n.move + ")" : "(root)"} · ${STATE_TEXT[this.states[id]] || "not generated yet"}`);
    info.appendChild(head);
    const board = document.createElement("div");
    board.className = "board mini";
    this.renderBoard(board, n.board, this.tree.width, this.tree.height);
    info.appendChild(board);
    const f = document.createElement("p");
    f.className = "gh";
    f.textContent = `g + h = f: ${n.g} + ${n.h} = ${n.f}`;
    info.appendChild(f);
    if (n.h_star !== undefined && n.h_star !== null) {
      const hs = document.createElement("p");
      hs.className = "hstar-info" + (n.h > n.h_star + 1e-9 ? " bad" : "");
      const gap = n.h_star - n.h;
      hs.textContent = n.h > n.h_star + 1e-9
        ? `h* = ${n.h_star}: h = ${n.h} overestimates the true distance by ${fmt(-gap)} — not admissible`
        : `h* = ${n.h_star} (true distance): h ${gap === 0 ? "is exact here" : "underestimates by " + (Number.isInteger(gap) ? gap : gap.toFixed(2))}`;
      info.appendChild(hs);
    }
    const more = document.createElement("p");
    more.className = "muted";
    more.textContent = `when generated: ${n.fate}` + (n.expanded !== null && n.expanded !== undefined ? ` · expanded #${n.expanded + 1}` : " · never expanded");
    info.appendChild(more);
    if (n.label.length > 2 * LABEL_KEEP + 2) {
      const p = document.createElement("p");
      p.className = "muted path";
      p.textContent = `depth ${n.g}; full label ${n.label.length} characters (hover the name for the path)`;
      info.appendChild(p);
    }
  }

  // Keyboard: the focused node moves with the arrow keys (up: parent, down: first child,
  // left/right: siblings); Enter or Space pins it or answers a prediction.
  onNodeKey(ev) {
    const g = ev.target.closest && ev.target.closest(".node");
    if (!g) return;
    const id = Number(g.dataset.id);
    const n = this.nodes[id];
    const shown = (x) => x !== undefined && x !== null && x < this.shownCount;
    let to = null;
    if (ev.key === "ArrowUp") to = n.parent;
    else if (ev.key === "ArrowDown") to = this.children[id].find(shown);
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
      const sibs = n.parent === null ? this.nodes.filter((x) => x.parent === null && shown(x.id)).map((x) => x.id) : this.children[n.parent].filter(shown);
      const i = sibs.indexOf(id) + (ev.key === "ArrowLeft" ? -1 : 1);
      to = sibs[i];
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      this.activate(id);
      return;
    } else return;
    ev.preventDefault();
    ev.stopPropagation();
    if (shown(to)) this.focusNode(to);
  }

  focusNode(id) {
    if (this.focusId !== null && this.nodeEls[this.focusId]) this.nodeEls[this.focusId].setAttribute("tabindex", "-1");
    this.focusId = id;
    const g = this.nodeEls[id];
    g.setAttribute("tabindex", "0");
    g.focus();
    this.hover(id);
    this.reveal(id);
  }

  // The tree is one Tab stop: its first drawn node (or the one last focused).
  updateTabStop() {
    if (!this.nodeEls || !this.nodeEls.length) return;
    const id = this.focusId !== null && this.focusId < this.shownCount ? this.focusId : 0;
    this.nodeEls[id].setAttribute("tabindex", "0");
  }

  // ---------- playing, predicting ----------

  speed() {
    const v = Number(this.ids["tree-speed"].value);
    return Math.round(Math.pow(2, v / 2)); // 1 … 64 events a second
  }

  showSpeed() {
    this.ids["tree-speed-val"].textContent = `${this.speed()} events/s`;
    if (this.timer) {
      this.stop();
      this.togglePlay();
    }
  }

  nextExpansion() {
    const at = this.nextSelAt[this.k];
    this.setStep(at >= 0 ? at + 1 : this.steps.length);
  }

  togglePlay() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.k >= this.steps.length) this.setStep(0);
    this.ids["tree-play"].textContent = "■ pause";
    this.ids["tree-play"].setAttribute("aria-pressed", "true");
    this.timer = setInterval(() => {
      if (this.k >= this.steps.length) this.stop();
      else this.setStep(this.k + 1);
    }, 1000 / this.speed());
  }

  playing() {
    return this.timer !== null;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const b = this.ids && this.ids["tree-play"];
    if (b) {
      b.textContent = "▶ replay";
      b.setAttribute("aria-pressed", "false");
    }
  }

  togglePredict() {
    this.predict.on = !this.predict.on;
    const b = this.ids["tree-predict"];
    b.setAttribute("aria-pressed", String(this.predict.on));
    b.classList.toggle("active", this.predict.on);
    this.stop();
    if (this.predict.on) {
      // Stop just before the next selection, with its node's frontier showing.
      const at = this.nextSelAt[this.k];
      if (at >= 0) this.setStep(at);
      this.ids["predict-msg"].textContent = "Predict: click (or press Enter on) the frontier node you expect the search to expand next.";
    } else {
      this.ids["predict-msg"].textContent = "";
      this.setStep(this.k);
    }
    this.setStep(this.k);
  }

  answer(id) {
    const msg = this.ids["predict-msg"];
    let at = this.nextSelAt[this.k];
    if (at < 0) {
      msg.textContent = "No node is expanded after this point: the search is over.";
      return;
    }
    if (at !== this.k) {
      this.setStep(at);
      at = this.nextSelAt[this.k];
    }
    const want = this.steps[at].id;
    const picked = this.nodes[id];
    if (!picked) return;
    if (this.states[id] !== "frontier") {
      msg.className = "bad";
      msg.textContent = `${shortLabel(picked.label)} is not on the frontier: pick a node waiting there (${this.legend.frontier ? this.legend.frontier.shape : "square"}).`;
      return;
    }
    this.predict.tries += 1;
    const w = this.nodes[want];
    const why = (x) => `f = ${x.f} (g ${x.g} + h ${x.h})`;
    if (id === want) {
      this.predict.right += 1;
      msg.className = "ok";
      msg.textContent = `✓ Right: ${shortLabel(w.label)} is expanded next, ${why(w)}. Score ${this.predict.right} of ${this.predict.tries}.`;
    } else {
      msg.className = "bad";
      msg.textContent = `✗ Not this time: the search expands ${shortLabel(w.label)} next, ${why(w)}; you picked ${shortLabel(picked.label)}, ${why(picked)}. Score ${this.predict.right} of ${this.predict.tries}.`;
    }
    msg.dataset.result = id === want ? "right" : "wrong";
    // Show that selection, then stop before the one after it for the next guess.
    const after = this.nextSelAt[at + 1];
    this.setStep(after >= 0 ? after : this.steps.length);
    this.nodeEls[want].classList.add("answer");
    setTimeout(() => this.nodeEls[want] && this.nodeEls[want].classList.remove("answer"), 1500);
  }

  // ---------- worksheet ----------

  // The worksheet: the next `count` steps from here, each asking for the node selected next and
  // the open list after that step; both answers are read from the recorded events (the same
  // `selected` and `frontier` events the CLI's trace and `npuzzle exercise` read).
  worksheetRows(count) {
    const rows = [];
    let number = this.steps.slice(0, Math.max(0, this.nextSelAt[this.k])).filter((e) => e.event === "selected").length;
    let at = this.nextSelAt[this.k];
    while (at >= 0 && rows.length < count) {
      const sel = this.steps[at];
      const nextAt = this.nextSelAt[at + 1];
      const end = nextAt >= 0 ? nextAt : this.steps.length;
      let snap = null;
      for (let i = at + 1; i < end; i++) if (this.steps[i].event === "frontier") snap = this.steps[i];
      const label = (id) => (this.nodes[id] ? this.nodes[id].label : `#${id}`);
      number += 1;
      rows.push({
        at,
        end,
        number,
        next: label(sel.id),
        open: snap ? snap.entries.slice(0, WORKSHEET_OPEN).map((x) => label(x.id)) : null,
        size: snap ? snap.size : null,
      });
      at = nextAt;
    }
    return rows;
  }

  openWorksheet() {
    const box = document.getElementById("worksheet");
    const msg = document.getElementById("worksheet-score");
    if (!this.tree) return;
    this.stop();
    if (this.predict.on) this.togglePredict();
    const count = Math.max(1, Math.min(30, Number(document.getElementById("worksheet-steps").value) || 5));
    const at = this.nextSelAt[this.k];
    if (at >= 0) this.setStep(at);
    const rows = this.worksheetRows(count);
    this.ws = { rows, i: 0, right: 0, done: 0 };
    box.hidden = false;
    document.getElementById("panel-tree").classList.add("ws-on");
    document.getElementById("tree-worksheet").setAttribute("aria-pressed", "true");
    const r = this.report;
    const board = (rowsOf) => (rowsOf || []).map((row) => row.map((t) => (t === 0 ? "_" : t)).join(" ")).join(" / ");
    document.getElementById("worksheet-problem").textContent =
      `${(this.info && this.info.title) || r.algorithm || "search"}${r.heuristic && r.heuristic !== "zero" ? ", heuristic " + r.heuristic : ""}, move order ${r.order || "?"}; start ${board(r.start)}; goal ${board(r.goal)}.`;
    const list = document.getElementById("worksheet-rows");
    list.replaceChildren();
    msg.className = "";
    msg.dataset.right = "0";
    msg.dataset.done = "0";
    if (!rows.length) {
      msg.textContent = "No node is selected after this point: go back (« start) and open the worksheet again.";
      return;
    }
    msg.textContent = `${rows.length} step${rows.length === 1 ? "" : "s"} to fill in, one at a time: each is checked against the recorded search.`;
    rows.forEach((row, i) => {
      const li = document.createElement("li");
      li.className = "ws-row";
      li.dataset.row = String(i);
      const q = document.createElement("span");
      q.className = "ws-q";
      q.textContent = `Step ${row.number}`;
      li.appendChild(q);
      const field = (cls, text, size, hint) => {
        const label = document.createElement("label");
        label.textContent = text + " ";
        const input = document.createElement("input");
        input.className = cls;
        input.size = size;
        input.autocomplete = "off";
        input.spellcheck = false;
        input.placeholder = hint;
        input.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter") this.checkWorksheetRow(i);
        });
        label.appendChild(input);
        li.appendChild(label);
      };
      field("ws-next", "node selected next:", 8, "e.g. S2");
      if (row.open) {
        const part = row.size > row.open.length ? `first ${row.open.length} entries of the open list after it` : "open list after it, next first";
        field("ws-open", `${part}:`, 28, row.size === 0 ? "empty" : "e.g. S21, S1, S3");
      }
      const b = document.createElement("button");
      b.type = "button";
      b.className = "ws-check";
      b.textContent = "check";
      b.addEventListener("click", () => this.checkWorksheetRow(i));
      li.appendChild(b);
      const res = document.createElement("span");
      res.className = "ws-result";
      res.setAttribute("role", "status");
      li.appendChild(res);
      list.appendChild(li);
    });
    this.enableWorksheetRow(0);
  }

  enableWorksheetRow(i) {
    for (const li of document.querySelectorAll("#worksheet-rows .ws-row")) {
      const on = Number(li.dataset.row) === i;
      li.classList.toggle("ws-current", on);
      for (const c of li.querySelectorAll("input, button")) c.disabled = !on;
    }
    const first = document.querySelector(`#worksheet-rows .ws-row[data-row='${i}'] input`);
    if (first) first.focus({ preventScroll: true });
  }

  // Grades step `i` of the worksheet, shows its answer on the tree, and opens the next step.
  checkWorksheetRow(i) {
    const ws = this.ws;
    if (!ws || i !== ws.i || !ws.rows[i]) return;
    const row = ws.rows[i];
    const li = document.querySelector(`#worksheet-rows .ws-row[data-row='${i}']`);
    const labels = (s) => (s.match(/[SG]\d+/gi) || []).map((x) => x.toUpperCase());
    const gotNext = labels(li.querySelector(".ws-next").value)[0] || "";
    const okNext = gotNext === row.next;
    let okOpen = true;
    const openInput = li.querySelector(".ws-open");
    if (row.open && openInput) {
      const got = labels(openInput.value);
      okOpen = got.length === row.open.length && got.every((x, j) => x === row.open[j]);
    }
    const ok = okNext && okOpen;
    ws.done += 1;
    if (ok) ws.right += 1;
    const res = li.querySelector(".ws-result");
    res.dataset.result = ok ? "right" : "wrong";
    res.dataset.next = okNext ? "right" : "wrong";
    if (row.open) res.dataset.open = okOpen ? "right" : "wrong";
    res.className = `ws-result ${ok ? "ok" : "bad"}`;
    const openText = row.open ? (row.open.length ? row.open.join(", ") + (row.size > row.open.length ? ", …" : "") : "empty") : null;
    const parts = [`${okNext ? "✓" : "✗"} next: ${row.next}`];
    if (openText !== null) parts.push(`${okOpen ? "✓" : "✗"} open list: ${openText}`);
    res.textContent = parts.join("; ");
    li.classList.add(ok ? "ws-right" : "ws-wrong");
    // Show the step on the tree: the selection and its children, before the next selection.
    this.setStep(row.end);
    ws.i += 1;
    const msg = document.getElementById("worksheet-score");
    msg.dataset.right = String(ws.right);
    msg.dataset.done = String(ws.done);
    if (ws.i < ws.rows.length) {
      msg.textContent = `Score ${ws.right} of ${ws.done}.`;
      this.enableWorksheetRow(ws.i);
    } else {
      msg.className = ws.right === ws.done ? "ok" : "";
      msg.textContent = `Worksheet done: ${ws.right} of ${ws.done} steps right.`;
      this.enableWorksheetRow(-1);
    }
  }

  closeWorksheet() {
    document.getElementById("worksheet").hidden = true;
    document.getElementById("panel-tree").classList.remove("ws-on");
    document.getElementById("tree-worksheet").setAttribute("aria-pressed", "false");
    this.ws = null;
  }

  printWorksheet() {
    document.body.classList.add("ws-print");
    const done = () => {
      document.body.classList.remove("ws-print");
      window.removeEventListener("afterprint", done);
    };
    window.addEventListener("afterprint", done);
    window.print();
  }

  // ---------- replay as a video ----------

  // Records the replay from here to the end as a WebM video with the browser's MediaRecorder:
  // one frame per expansion (the tree as its SVG export draws it), `fps` frames a second.
  async exportWebm(fps = 2, onProgress = () => {}) {
    if (!this.tree || typeof MediaRecorder === "undefined") throw new Error("this browser cannot record video (no MediaRecorder)");
    this.stop();
    const from = this.k;
    const stops = [from];
    for (let at = this.nextSelAt[from]; at >= 0; at = this.nextSelAt[at + 1]) stops.push(at + 1);
    if (stops[stops.length - 1] !== this.steps.length) stops.push(this.steps.length);
    const frames = stops.slice(0, WEBM_MAX_FRAMES);
    const images = [];
    for (const k of frames) {
      this.setStep(k);
      const url = URL.createObjectURL(new Blob([this.svgText()], { type: "image/svg+xml" }));
      const img = new Image();
      await new Promise((ok, bad) => {
        img.onload = ok;
        img.onerror = () => bad(new Error("a frame could not be drawn"));
        img.src = url;
      });
      images.push({ img, url });
    }
    const W = Math.min(1920, Math.max(...images.map((x) => x.img.naturalWidth || 400)));
    const H = Math.min(1080, Math.max(...images.map((x) => x.img.naturalHeight || 300)));
    const c = document.createElement("canvas");
    c.width = W + (W % 2);
    c.height = H + (H % 2);
    const ctx = c.getContext("2d");
    const draw = ({ img }) => {
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, c.width, c.height);
      const s = Math.min(1, c.width / (img.naturalWidth || c.width), c.height / (img.naturalHeight || c.height));
      ctx.drawImage(img, 0, 0, (img.naturalWidth || c.width) * s, (img.naturalHeight || c.height) * s);
    };
    draw(images[0]);
    const stream = c.captureStream(fps);
    const type = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"].find((t) => MediaRecorder.isTypeSupported(t)) || "";
    const rec = new MediaRecorder(stream, type ? { mimeType: type } : {});
    const chunks = [];
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    const stopped = new Promise((ok) => (rec.onstop = ok));
    rec.start();
    for (let i = 0; i < images.length; i++) {
      draw(images[i]);
      onProgress(i + 1, images.length);
      await new Promise((ok) => setTimeout(ok, (i + 1 === images.length ? 3 : 1) * 1000 / fps));
    }
    rec.stop();
    await stopped;
    for (const x of images) URL.revokeObjectURL(x.url);
    const blob = new Blob(chunks, { type: "video/webm" });
    this.download(blob, `npuzzle-replay-${this.report.algorithm || "search"}.webm`);
    return { frames: images.length, capped: stops.length > frames.length, bytes: blob.size };
  }

  // ---------- export ----------

  // The whole tree as a standalone SVG document (as drawn at this step), with its legend.
  svgText() {
    const b = this.bounds;
    const legendH = 26;
    const clone = this.root.cloneNode(true);
    clone.setAttribute("transform", `translate(0,${legendH})`);
    for (const g of clone.querySelectorAll(".node")) {
      if (g.style.display === "none") g.remove();
      else g.removeAttribute("tabindex");
    }
    for (const l of clone.querySelectorAll("line")) if (l.style.display === "none") l.remove();
    for (const r of clone.querySelectorAll(".ring")) r.remove();
    const doc = document.implementation.createDocument(SVG_NS, "svg", null);
    const svg = doc.documentElement;
    const W = Math.max(420, Math.ceil(b.w)), H = Math.ceil(b.h + legendH);
    svg.setAttribute("width", W);
    svg.setAttribute("height", H);
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const style = doc.createElementNS(SVG_NS, "style");
    style.textContent = `text{font-family:system-ui,sans-serif;font-size:${this.m.font}px;fill:#222}.edge{stroke:#777;stroke-width:1.2}` +
      ".box{fill:#fff;stroke-width:2.5}.tile{fill:#f3c969;stroke:#8a6d1f;stroke-width:.5}.tile-text{font-size:9px;font-weight:700;fill:#3a2a00}" +
      ".caption{font-weight:600;fill:#333}.meet{fill:none;stroke:#c2185b;stroke-width:2;stroke-dasharray:5 4}.warn{fill:#b00020;font-weight:700}";
    svg.appendChild(style);
    const bg = doc.createElementNS(SVG_NS, "rect");
    bg.setAttribute("width", "100%");
    bg.setAttribute("height", "100%");
    bg.setAttribute("fill", "#ffffff");
    svg.appendChild(bg);
    let x = 8;
    for (const st of ["current", "explored", "frontier", "goal", "unexplored"]) {
      const l = this.legend[st];
      if (!l) continue;
      const p = doc.createElementNS(SVG_NS, "path");
      p.setAttribute("d", shapePath(l.shape, 6));
      p.setAttribute("transform", `translate(${x + 7},13)`);
      if (l.shape === "cross") {
        p.setAttribute("fill", "none");
        p.setAttribute("stroke", l.fill);
        p.setAttribute("stroke-width", "3");
      } else p.setAttribute("fill", l.fill);
      svg.appendChild(p);
      const t = doc.createElementNS(SVG_NS, "text");
      t.setAttribute("x", x + 17);
      t.setAttribute("y", 17);
      t.textContent = `${st} (${l.colour})`;
      svg.appendChild(t);
      x += 30 + t.textContent.length * 6.4;
    }
    svg.appendChild(doc.importNode(clone, true));
    return new XMLSerializer().serializeToString(svg);
  }

  exportSvg() {
    if (!this.tree) return;
    const blob = new Blob([this.svgText()], { type: "image/svg+xml" });
    this.download(blob, `npuzzle-tree-${this.report.algorithm || "search"}-step${this.k}.svg`);
  }

  exportPng() {
    if (!this.tree) return;
    const text = this.svgText();
    const img = new Image();
    const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    img.onload = () => {
      const w = img.naturalWidth || this.bounds.w, h = img.naturalHeight || this.bounds.h;
      // Twice the size for slides, within the canvas limits.
      const scale = Math.max(0.1, Math.min(2, 16000 / w, 16000 / h, Math.sqrt(1.2e8 / (w * h))));
      const c = document.createElement("canvas");
      c.width = Math.round(w * scale);
      c.height = Math.round(h * scale);
      const ctx = c.getContext("2d");
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, c.width, c.height);
      ctx.drawImage(img, 0, 0, c.width, c.height);
      URL.revokeObjectURL(url);
      c.toBlob((blob) => this.download(blob, `npuzzle-tree-${this.report.algorithm || "search"}-step${this.k}.png`), "image/png");
    };
    img.src = url;
  }

  download(blob, name) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 2000);
  }
}

window.TreeView = TreeView;
window.shortLabel = shortLabel;
