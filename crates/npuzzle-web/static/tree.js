"use strict";
// The search-tree view. It lays the recorded nodes out as a forest (IDA* starts a new root for
// every iteration), draws them in SVG, and replays the recorded events one by one, forward and
// back: the state of every node after k events is recomputed from the start, so stepping back is
// exact.

const SVG_NS = "http://www.w3.org/2000/svg";

// Shapes as well as colours, so the states can be told apart without colour.
const SHAPES = {
  current: "M0,-7L7,0L0,7L-7,0Z",
  explored: "M-6,0a6,6 0 1,0 12,0a6,6 0 1,0 -12,0Z",
  frontier: "M-5.5,-5.5h11v11h-11Z",
  goal: "M0,-7L2,-2L7,-2L3,1L5,7L0,3L-5,7L-3,1L-7,-2L-2,-2Z",
  unexplored: "M-3,0a3,3 0 1,0 6,0a3,3 0 1,0 -6,0Z",
  pruned: "M-5,-5L5,5M5,-5L-5,5",
};

const STATE_NAMES = {
  current: "current (being expanded)",
  explored: "explored",
  frontier: "frontier (open list)",
  goal: "goal",
  unexplored: "unexplored (not generated yet)",
  pruned: "duplicate or pruned",
};

const X_STEP = 18;
const Y_STEP = 46;
const MARGIN = 16;
const LABELS_UP_TO = 400;
const CHECKPOINT = 256;

function fmt(n) {
  return Number(n).toLocaleString("en-US");
}

class TreeView {
  constructor(opts) {
    this.svg = document.getElementById("tree-svg");
    this.wrap = document.getElementById("tree-wrap");
    this.slider = document.getElementById("tree-step");
    this.pos = document.getElementById("tree-pos");
    this.eventText = document.getElementById("tree-event");
    this.note = document.getElementById("tree-note");
    this.info = document.getElementById("node-info");
    this.frontierList = document.getElementById("frontier-list");
    this.frontierSize = document.getElementById("frontier-size");
    this.renderBoard = opts.renderBoard;
    this.nodes = [];
    this.steps = [];
    this.k = 0;
    this.pinned = null;
    this.timer = null;
    this.states = [];

    this.slider.addEventListener("input", () => this.setStep(Number(this.slider.value)));
    document.getElementById("tree-first").addEventListener("click", () => this.setStep(0));
    document.getElementById("tree-back").addEventListener("click", () => this.setStep(this.k - 1));
    document.getElementById("tree-fwd").addEventListener("click", () => this.setStep(this.k + 1));
    document.getElementById("tree-last").addEventListener("click", () => this.setStep(this.steps.length));
    document.getElementById("tree-play").addEventListener("click", () => this.togglePlay());
    document.getElementById("tree-zoom").addEventListener("input", () => this.applyZoom());
    this.svg.addEventListener("mouseover", (ev) => {
      const g = ev.target.closest(".node");
      if (g && this.pinned === null) this.showInfo(Number(g.dataset.id));
    });
    this.svg.addEventListener("click", (ev) => {
      const g = ev.target.closest(".node");
      this.pin(g ? Number(g.dataset.id) : null);
    });
    this.frontierList.addEventListener("mouseover", (ev) => {
      const li = ev.target.closest("li");
      if (li && this.pinned === null) this.showInfo(Number(li.dataset.id));
    });
    this.frontierList.addEventListener("click", (ev) => {
      const li = ev.target.closest("li");
      if (li) this.pin(Number(li.dataset.id));
    });
    this.clear("Solve with \u201crecord the search tree\u201d ticked to see the tree here.");
  }

  clear(message) {
    this.stop();
    this.nodes = [];
    this.steps = [];
    this.k = 0;
    this.checkpoints = null;
    this.states = [];
    this.svg.replaceChildren();
    this.svg.setAttribute("width", 0);
    this.svg.setAttribute("height", 0);
    this.svg.dataset.drawn = "0";
    this.slider.max = 0;
    this.slider.value = 0;
    this.pos.textContent = "";
    this.eventText.textContent = "";
    this.frontierList.replaceChildren();
    this.frontierSize.textContent = "";
    this.note.textContent = message || "";
  }

  // tree: the API's `tree` object; trace: its `trace` object (or null).
  load(tree, trace) {
    this.stop();
    this.tree = tree;
    this.nodes = tree.nodes;
    this.steps = trace ? trace.events : [];
    this.pinned = null;
    const shown = this.nodes.length;
    if (tree.capped) {
      this.note.textContent = `First ${fmt(shown)} of ${fmt(tree.total_nodes)} nodes shown (the tree is capped at ${fmt(tree.limit)} nodes); the replay stops where the cap was reached.`;
    } else {
      this.note.textContent = `${fmt(shown)} nodes, all shown.`;
    }
    this.checkpoints = null;
    this.states = [];
    this.layout();
    this.draw();
    this.slider.max = this.steps.length;
    this.setStep(this.steps.length);
    this.info.innerHTML = '<p class="muted">Hover over or click a node to see its board and g + h = f.</p>';
  }

  layout() {
    const n = this.nodes.length;
    const children = Array.from({ length: n }, () => []);
    const roots = [];
    for (const node of this.nodes) {
      if (node.parent === null || node.parent === undefined || node.parent >= n) roots.push(node.id);
      else children[node.parent].push(node.id);
    }
    const x = new Array(n).fill(0);
    const depth = new Array(n).fill(0);
    let next = 0;
    let maxDepth = 0;
    for (const root of roots) {
      // Iterative post-order: leaves take the next column, parents sit over their children.
      const stack = [[root, 0]];
      depth[root] = 0;
      while (stack.length) {
        const top = stack[stack.length - 1];
        const [id, i] = top;
        if (i < children[id].length) {
          top[1] += 1;
          const c = children[id][i];
          depth[c] = depth[id] + 1;
          maxDepth = Math.max(maxDepth, depth[c]);
          stack.push([c, 0]);
        } else {
          stack.pop();
          const cs = children[id];
          x[id] = cs.length ? (x[cs[0]] + x[cs[cs.length - 1]]) / 2 : next++;
        }
      }
      next += 1; // a gap between trees
    }
    this.rows = null;
    this.x = x.map((v) => MARGIN + v * X_STEP);
    this.y = depth.map((d) => MARGIN + d * Y_STEP);
    this.width = MARGIN * 2 + Math.max(0, next - 2) * X_STEP;
    this.height = MARGIN * 2 + maxDepth * Y_STEP + 12;
  }

  draw() {
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${this.width} ${this.height}`);
    this.applyZoom();
    const edges = document.createElementNS(SVG_NS, "g");
    const nodesG = document.createElementNS(SVG_NS, "g");
    this.edgeEls = new Array(this.nodes.length).fill(null);
    this.nodeEls = [];
    const labels = this.nodes.length <= LABELS_UP_TO;
    for (const node of this.nodes) {
      const id = node.id;
      if (node.parent !== null && node.parent < this.nodes.length) {
        const line = document.createElementNS(SVG_NS, "line");
        line.setAttribute("x1", this.x[node.parent]);
        line.setAttribute("y1", this.y[node.parent]);
        line.setAttribute("x2", this.x[id]);
        line.setAttribute("y2", this.y[id]);
        line.setAttribute("class", "edge");
        edges.appendChild(line);
        this.edgeEls[id] = line;
      }
      const g = document.createElementNS(SVG_NS, "g");
      g.setAttribute("class", "node");
      g.setAttribute("transform", `translate(${this.x[id]},${this.y[id]})`);
      g.dataset.id = id;
      const path = document.createElementNS(SVG_NS, "path");
      g.appendChild(path);
      const title = document.createElementNS(SVG_NS, "title");
      title.textContent = `${node.label}: g ${node.g} + h ${node.h} = f ${node.f}`;
      g.appendChild(title);
      if (labels && this.labelFits(id)) {
        const t = document.createElementNS(SVG_NS, "text");
        t.setAttribute("y", 17);
        t.setAttribute("text-anchor", "middle");
        t.textContent = node.label;
        g.appendChild(t);
      }
      nodesG.appendChild(g);
      this.nodeEls.push(g);
    }
    svg.appendChild(edges);
    svg.appendChild(nodesG);
    svg.dataset.drawn = String(this.nodeEls.length);
  }

  // Whether a node's label fits between its neighbours on the same level.
  labelFits(id) {
    if (!this.rows) {
      const rows = new Map();
      for (const node of this.nodes) {
        const y = this.y[node.id];
        if (!rows.has(y)) rows.set(y, []);
        rows.get(y).push(this.x[node.id]);
      }
      for (const xs of rows.values()) xs.sort((a, b) => a - b);
      this.rows = rows;
    }
    const xs = this.rows.get(this.y[id]);
    const x = this.x[id];
    const i = xs.indexOf(x);
    const gap = Math.min(i > 0 ? x - xs[i - 1] : Infinity, i < xs.length - 1 ? xs[i + 1] - x : Infinity);
    return this.nodes[id].label.length * 5.6 <= gap - 2;
  }

  zoom() {
    return Number(document.getElementById("tree-zoom").value) / 100;
  }

  applyZoom() {
    const z = this.zoom();
    this.svg.setAttribute("width", Math.round((this.width || 0) * z));
    this.svg.setAttribute("height", Math.round((this.height || 0) * z));
  }

  // The state of every node after the first k events. Snapshots every CHECKPOINT events keep
  // a step back as cheap as a step forward.
  replay(k) {
    if (!this.checkpoints) this.checkpoints = [{ states: new Array(this.nodes.length).fill("unexplored"), current: -1, frontier: null }];
    const c = Math.floor(k / CHECKPOINT);
    while (this.checkpoints.length <= c) {
      const i = this.checkpoints.length;
      const prev = this.checkpoints[i - 1];
      const s = { states: prev.states.slice(), current: prev.current, frontier: prev.frontier };
      this.apply(s, (i - 1) * CHECKPOINT, i * CHECKPOINT);
      this.checkpoints.push(s);
    }
    const base = this.checkpoints[c];
    const s = { states: base.states.slice(), current: base.current, frontier: base.frontier };
    this.apply(s, c * CHECKPOINT, k);
    return s;
  }

  // Applies events [from, to) to the replay state `s`.
  apply(s, from, to) {
    const n = this.nodes.length;
    const states = s.states;
    for (let i = from; i < Math.min(to, this.steps.length); i++) {
      const e = this.steps[i];
      const id = e.id;
      if (id !== undefined && id >= n) continue;
      switch (e.event) {
        case "generated": {
          const fate = this.nodes[id].fate;
          states[id] = fate === "added" ? "frontier" : fate === "goal" ? "goal" : "pruned";
          break;
        }
        case "selected":
          if (s.current >= 0 && states[s.current] === "current") states[s.current] = "explored";
          states[id] = "current";
          s.current = id;
          break;
        case "discarded":
          states[id] = "pruned";
          break;
        case "frontier":
          s.frontier = e;
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
    k = Math.max(0, Math.min(this.steps.length, k));
    this.k = k;
    this.slider.value = k;
    const { states, frontier } = this.replay(k);
    const before = this.states;
    this.states = states;
    for (let id = 0; id < this.nodeEls.length; id++) {
      const st = states[id];
      if (before[id] === st) continue;
      const path = this.nodeEls[id].firstChild;
      path.setAttribute("d", SHAPES[st]);
      path.setAttribute("class", "st-" + st);
      const edge = this.edgeEls[id];
      if (edge) edge.setAttribute("class", st === "unexplored" ? "edge hidden-edge" : "edge");
    }
    this.pos.textContent = `event ${fmt(k)} of ${fmt(this.steps.length)}`;
    this.eventText.textContent = k > 0 ? this.describe(this.steps[k - 1]) : "before the search starts";
    this.showFrontier(frontier);
    if (this.pinned !== null) this.showInfo(this.pinned);
    const cur = states.indexOf("current");
    if (cur >= 0) this.reveal(cur);
  }

  // Scrolls the tree so that node `id` is in view (when the tree is drawn at full size).
  reveal(id) {
    const wrap = this.wrap;
    const z = this.zoom();
    const x = this.x[id] * z, y = this.y[id] * z;
    if (x < wrap.scrollLeft + 20 || x > wrap.scrollLeft + wrap.clientWidth - 20) wrap.scrollLeft = x - wrap.clientWidth / 2;
    if (y < wrap.scrollTop + 20 || y > wrap.scrollTop + wrap.clientHeight - 20) wrap.scrollTop = y - wrap.clientHeight / 2;
  }

  label(id) {
    const n = this.nodes[id];
    return n ? n.label : `#${id}`;
  }

  describe(e) {
    switch (e.event) {
      case "generated": {
        const n = this.nodes[e.id];
        return `generated ${n.label}${n.move ? " by " + n.move : ""} (g ${n.g} + h ${n.h} = f ${n.f}, ${n.fate})`;
      }
      case "selected":
        return `selected ${this.label(e.id)} for expansion (f = ${e.f})`;
      case "discarded":
        return `discarded ${this.label(e.id)}: a bound now cuts it`;
      case "frontier":
        return `frontier now holds ${fmt(e.size)} nodes`;
      case "iteration":
        return `iteration ${e.number} starts with bound ${e.bound}`;
      case "iteration_end":
        return e.next === null ? "iteration ends: nothing left" : `iteration ends; next bound ${e.next}`;
      case "incumbent":
        return `new best solution at ${this.label(e.id)}: cost ${e.cost}`;
      case "backed_up":
        return `backed up f = ${e.f} to ${this.label(e.id)}`;
      case "goal":
        return `goal reached at ${this.label(e.id)}`;
      default:
        return e.event;
    }
  }

  showFrontier(frontier) {
    const list = this.frontierList;
    list.replaceChildren();
    if (!frontier) {
      this.frontierSize.textContent = this.steps.some((s) => s.event === "frontier") ? "(empty so far)" : "(not reported by this algorithm)";
      return;
    }
    const ids = frontier.entries.map((e) => e.id);
    const more = frontier.size > ids.length ? `, first ${ids.length} shown` : "";
    this.frontierSize.textContent = `(${fmt(frontier.size)}${more})`;
    for (const id of ids) {
      const n = this.nodes[id];
      if (!n) continue;
      const li = document.createElement("li");
      li.dataset.id = id;
      li.textContent = `${n.label}  f=${n.f} (g ${n.g} + h ${n.h})`;
      list.appendChild(li);
    }
  }

  pin(id) {
    if (this.pinned !== null && this.nodeEls[this.pinned]) this.nodeEls[this.pinned].classList.remove("selected");
    this.pinned = id;
    if (id !== null && this.nodeEls[id]) {
      this.nodeEls[id].classList.add("selected");
      this.showInfo(id);
    }
  }

  showInfo(id) {
    const n = this.nodes[id];
    if (!n) return;
    const info = this.info;
    info.replaceChildren();
    const head = document.createElement("p");
    head.innerHTML = `<strong>${n.label}</strong> ${n.move ? "(move " + n.move + ")" : "(root)"} · ${STATE_NAMES[this.states[id]] || ""}`;
    info.appendChild(head);
    const board = document.createElement("div");
    board.className = "board mini";
    this.renderBoard(board, n.board, this.tree.width, this.tree.height);
    info.appendChild(board);
    const f = document.createElement("p");
    f.className = "gh";
    f.textContent = `g + h = f: ${n.g} + ${n.h} = ${n.f}`;
    info.appendChild(f);
    const more = document.createElement("p");
    more.className = "muted";
    more.textContent = `when generated: ${n.fate}` + (n.expanded !== null ? ` · expanded #${n.expanded + 1}` : " · never expanded");
    info.appendChild(more);
  }

  togglePlay() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.k >= this.steps.length) this.setStep(0);
    document.getElementById("tree-play").textContent = "■ pause";
    this.timer = setInterval(() => {
      if (this.k >= this.steps.length) this.stop();
      else this.setStep(this.k + 1);
    }, 60);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const b = document.getElementById("tree-play");
    if (b) b.textContent = "▶ replay";
  }
}

window.TreeView = TreeView;
