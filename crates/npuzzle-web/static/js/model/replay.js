// The replay of a recorded search: the facts of each event (how many nodes exist, which node
// the next selection takes, the iterations), the node states after any event, and the open
// list the page shows beside the tree. The node states are the library's: every event of the
// trace carries the states it changes (npuzzle::replay), and this module only applies them.
// Pure: no DOM.

/** @typedef {import("../api").Tree} Tree */
/** @typedef {import("../api").TreeNode} TreeNode */
/** @typedef {import("../api").Trace} Trace */
/** @typedef {import("../api").TraceEvent} TraceEvent */
/** @typedef {import("../api").NodeState} NodeState */
/** @typedef {import("../api").Described} Info */
/** @typedef {import("../api").Step} Step */

/** States are copied every this many events, so a step back costs no more than one forward. */
const CHECKPOINT = 256;

/**
 * The state of the replay after some events.
 * @typedef {object} ReplayState
 * @property {(NodeState | null)[]} states each node's state (`null`: not generated yet)
 * @property {number} current the node being expanded, or -1
 * @property {number[]} list the open list as shown: the last snapshot the search reported,
 *   less the nodes taken since, plus the nodes added since
 * @property {Set<number>} fresh the nodes added since the last snapshot (ordered at the next)
 * @property {number} size the open list's length
 */

/**
 * One iteration of an iterative-deepening search.
 * @typedef {object} Iteration
 * @property {number} number 1-based
 * @property {number} bound its bound
 * @property {number} at the index of its `iteration` event
 * @property {number | null} root its root node
 * @property {number} generated nodes it generated
 * @property {number | null | undefined} next the next bound (`null`: nothing cut off;
 *   `undefined`: the iteration did not end)
 */

/**
 * The event's id, when it names a node.
 * @param {TraceEvent} e
 * @returns {number | undefined}
 */
function idOf(e) {
  return "id" in e ? e.id : undefined;
}

export class Replay {
  /**
   * @param {Tree} tree the solve's `tree`
   * @param {Trace | null} trace the solve's `trace`
   * @param {Info | null} info the algorithm's description
   */
  constructor(tree, trace, info) {
    /** @type {Tree} */
    this.tree = tree;
    /** @type {TreeNode[]} */
    this.nodes = tree.nodes;
    /** @type {TraceEvent[]} */
    this.events = trace ? trace.events : [];
    /** Whether recording stopped at a cap. */
    this.truncated = !!trace?.truncated;
    /** @type {Info | null} */
    this.info = info;
    const n = this.nodes.length;
    const E = this.events;
    /** Nodes generated after each number of events. */
    this.genAt = new Int32Array(E.length + 1);
    let g = 0;
    for (let i = 0; i < E.length; i++) {
      const e = E[i];
      if (e.event === "generated" && e.id < n) g = Math.max(g, e.id + 1);
      this.genAt[i + 1] = g;
    }
    if (!E.length) this.genAt[0] = n;
    /** After k events: the node the next selection takes, and that selection's index. */
    this.nextSel = new Int32Array(E.length + 1).fill(-1);
    this.nextSelAt = new Int32Array(E.length + 1).fill(-1);
    let ns = -1;
    let at = -1;
    for (let i = E.length; i >= 0; i--) {
      this.nextSel[i] = ns;
      this.nextSelAt[i] = at;
      const prev = i > 0 ? E[i - 1] : null;
      if (prev && prev.event === "selected") {
        ns = prev.id;
        at = i - 1;
      }
    }
    /** @type {number[][]} each node's children, in generation order */
    this.children = Array.from({ length: n }, () => /** @type {number[]} */ ([]));
    for (const node of this.nodes) if (node.parent !== null && node.parent < n) this.children[node.parent].push(node.id);
    /** @type {Iteration[]} */
    this.iterations = [];
    /** @type {Iteration | null} */
    let cur = null;
    for (let i = 0; i < E.length; i++) {
      const e = E[i];
      if (e.event === "iteration") {
        cur = { number: e.number, bound: e.bound, at: i, root: null, generated: 0, next: undefined };
        this.iterations.push(cur);
      } else if (cur && e.event === "generated") {
        if (cur.root === null && e.parent === null) cur.root = e.id;
        cur.generated += 1;
      } else if (cur && e.event === "iteration_end") cur.next = e.next;
    }
    /** @type {Map<number, Iteration>} */
    this.rootIter = new Map();
    for (const it of this.iterations) if (it.root !== null) this.rootIter.set(it.root, it);
    const bound = info?.words.bound;
    /** What a bound is called: `depth limit` or `bound f ≤`. */
    this.boundName = bound === "depth" ? "depth limit" : "bound f ≤";
    /** Whether the search grows a second tree from the goal. */
    this.twoRoots = !!info?.two_roots;
    /** @type {{a: number, b: number, at: number} | null} where the two trees meet */
    this.meet = this.twoRoots ? this.findMeeting() : null;
    this.hasHStar = this.nodes.some((x) => x.h_star !== undefined && x.h_star !== null);
    /** Nodes whose h exceeds their true distance. */
    this.overestimates = this.nodes.filter((x) => overestimates(x)).length;
    /** Whether the search reported its open list at all. */
    this.reportsFrontier = E.some((e) => e.event === "frontier");
    /** @type {ReplayState[]} */
    this.checkpoints = [this.fresh()];
  }

  /** @returns {{a: number, b: number, at: number} | null} */
  findMeeting() {
    const E = this.events;
    let at = -1;
    for (let i = E.length - 1; i >= 0; i--) {
      if (E[i].event === "goal") {
        at = i;
        break;
      }
    }
    const goalId = at >= 0 ? idOf(E[at]) : undefined;
    if (goalId === undefined || !this.nodes[goalId]) return null;
    const a = this.nodes[goalId];
    const rootOf = (/** @type {number} */ id) => {
      let r = id;
      for (let p = this.nodes[r].parent; p !== null; p = this.nodes[r].parent) r = p;
      return r;
    };
    const ra = rootOf(a.id);
    const key = a.board.join(",");
    const b = this.nodes.find((x) => x.id !== a.id && x.board.join(",") === key && rootOf(x.id) !== ra);
    return b ? { a: a.id, b: b.id, at } : null;
  }

  /** @returns {ReplayState} */
  fresh() {
    return { states: new Array(this.nodes.length).fill(null), current: -1, list: [], fresh: new Set(), size: 0 };
  }

  /**
   * The state after the first `k` events.
   * @param {number} k
   * @returns {ReplayState}
   */
  at(k) {
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

  /**
   * Applies events [from, to) to `s`: the states each event carries, and the open list.
   * @param {ReplayState} s
   * @param {number} from
   * @param {number} to
   */
  apply(s, from, to) {
    const n = this.nodes.length;
    const drop = (/** @type {number} */ id) => {
      const i = s.list.indexOf(id);
      if (i >= 0) s.list.splice(i, 1);
      s.fresh.delete(id);
      if (s.size > 0) s.size -= 1;
    };
    for (let i = from; i < Math.min(to, this.events.length); i++) {
      const e = this.events[i];
      for (const [id, st] of e.states || []) if (id < n) s.states[id] = st;
      const id = idOf(e);
      if (id !== undefined && id >= n) continue;
      switch (e.event) {
        case "generated":
          if (e.fate === "added") {
            s.list.push(e.id);
            s.fresh.add(e.id);
            s.size += 1;
          }
          break;
        case "selected":
          s.current = e.id;
          drop(e.id);
          break;
        case "discarded":
          drop(e.id);
          break;
        case "frontier":
          s.list = e.entries.map((x) => x.id).filter((x) => x < n);
          s.fresh = new Set();
          s.size = e.size;
          break;
        case "iteration":
          s.current = -1;
          s.list = [];
          s.fresh = new Set();
          s.size = 0;
          break;
        default:
          break;
      }
    }
  }

  /**
   * Nodes generated after `k` events (every node when there is no trace).
   * @param {number} k
   * @returns {number}
   */
  countAt(k) {
    return this.events.length ? this.genAt[k] : this.nodes.length;
  }

  /**
   * The pseudocode step of the latest event, among the first `k`, that carries one.
   * @param {number} k
   * @returns {Step | null}
   */
  stepAt(k) {
    for (let i = k - 1; i >= 0; i--) {
      const step = this.events[i].pseudocode;
      if (step) return step;
    }
    return null;
  }

  /**
   * The iteration whose pass includes event k (the one begun last by then), if any.
   * @param {number} k
   * @returns {Iteration | undefined}
   */
  iterationAt(k) {
    let found;
    for (const it of this.iterations) if (k > it.at) found = it;
    return found;
  }

  /**
   * Whether node `i` lies in the tree that grows from root `r`.
   * @param {number} i
   * @param {number} r
   * @returns {boolean}
   */
  inTreeOf(i, r) {
    let id = i;
    for (let p = this.nodes[id].parent; p !== null && p < this.nodes.length; p = this.nodes[id].parent) id = p;
    return id === r;
  }

  /**
   * The caption above a root: its iteration and bound, or which way a bidirectional search's
   * tree grows.
   * @param {number} root
   * @returns {string}
   */
  caption(root) {
    const it = this.rootIter.get(root);
    if (it) return `iteration ${it.number}: ${this.boundName} ${it.bound}`;
    if (this.twoRoots) return this.nodes[root].label.startsWith("G") ? "from the goal" : "from the start";
    return "";
  }

  /**
   * The labels from the root to node `id`.
   * @param {number} id
   * @returns {string[]}
   */
  pathLabels(id) {
    const out = [];
    /** @type {number | null} */
    let at = id;
    while (at !== null && this.nodes[at]) {
      out.push(this.nodes[at].label);
      at = this.nodes[at].parent;
    }
    return out.reverse();
  }
}

/**
 * @param {ReplayState} s
 * @returns {ReplayState}
 */
function copy(s) {
  return { states: s.states.slice(), current: s.current, list: s.list.slice(), fresh: new Set(s.fresh), size: s.size };
}

/**
 * Whether the node's h exceeds its true distance (the heuristic is not admissible there).
 * @param {TreeNode} x
 * @returns {boolean}
 */
export function overestimates(x) {
  return x.h_star !== undefined && x.h_star !== null && x.h > x.h_star + 1e-9;
}
