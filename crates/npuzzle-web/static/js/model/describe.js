// What each event of a replay says, in words: the tree's events ("selected S2 for expansion")
// and a local search's ("move R (h = 1): accepted, Δ = -1 ≤ 0"). Pure: no DOM.

import { fmt, shortLabel } from "./format.js";

/** @typedef {import("../api").TraceEvent} TraceEvent */
/** @typedef {import("../api").TreeNode} TreeNode */
/** @typedef {import("../api").Why} Why */

/** What becomes of a generated node, by its fate. */
const FATE = { added: "added to the frontier", duplicate: "a duplicate: dropped", pruned: "pruned by the bound", goal: "the goal" };

/** A node's state, said in full. */
export const STATE_TEXT = {
  current: "current (being expanded)",
  explored: "explored",
  frontier: "frontier (waiting on the open list)",
  goal: "goal",
  unexplored: "duplicate or pruned (never expanded)",
};

/**
 * A tree event in words.
 * @param {TraceEvent} e
 * @param {TreeNode[]} nodes
 * @param {{boundName: string, twoRoots: boolean}} how what the algorithm calls its bound, and
 *   whether its goal event is where two searches meet
 * @returns {string}
 */
export function describeEvent(e, nodes, how) {
  const label = (/** @type {number} */ id) => (nodes[id] ? shortLabel(nodes[id].label) : `#${id}`);
  switch (e.event) {
    case "generated": {
      const n = nodes[e.id];
      if (!n) return `generated node #${e.id} (past the cap)`;
      return `generated ${label(e.id)}${n.move ? ` by ${n.move}` : ""}: g ${n.g} + h ${n.h} = f ${n.f}, ${FATE[n.fate] || n.fate}`;
    }
    case "selected":
      return `selected ${label(e.id)} for expansion (f = ${e.f})`;
    case "discarded":
      return `discarded ${label(e.id)}: the bound now cuts it`;
    case "frontier":
      return `the frontier now holds ${fmt(e.size)} nodes`;
    case "iteration":
      return `iteration ${e.number} starts with ${how.boundName} ${e.bound}`;
    case "iteration_end":
      return e.next === null
        ? "the iteration ends: nothing was cut off, no solution"
        : `the iteration ends; the ${how.boundName === "depth limit" ? "depth limit" : "bound"} rises to ${e.next}`;
    case "incumbent":
      return `new best solution at ${label(e.id)}: cost ${e.cost}, now the bound`;
    case "backed_up":
      return `backed up f = ${e.f} to ${label(e.id)}`;
    case "goal":
      return how.twoRoots ? `the searches meet at ${label(e.id)}` : `goal reached at ${label(e.id)}`;
    default:
      return e.event;
  }
}

/**
 * Why a local search chose a move, in the trace's words.
 * @param {{move: string, h: number, reason: Why, member?: number, from?: number}} e
 * @returns {string}
 */
export function whyText(e) {
  const r = e.reason;
  const to = `${e.move} (h = ${e.h})`;
  const p = (/** @type {number} */ x) => Number(x).toFixed(2);
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
      return `move ${to}: ${String(/** @type {{kind: string}} */ (r).kind).replace(/_/g, " ")}`;
  }
}

/**
 * A local search's event in words.
 * @param {TraceEvent} e
 * @param {string} message the run's message, said when it got stuck
 * @returns {string}
 */
export function describeLocal(e, message) {
  switch (e.event) {
    case "local_current": {
      const who = e.member !== undefined ? `beam state [${e.member}]` : "current state";
      const t = e.temperature !== undefined ? `, T = ${e.temperature.toPrecision(4)}` : "";
      const r = e.restart ? ` (restart ${e.restart})` : "";
      return `step ${e.step}: ${e.initial ? "begin at the " : ""}${who}, h = ${e.h}${t}${r}`;
    }
    case "local_neighbour":
      return `step ${e.step}: neighbour ${e.move}${e.member !== undefined ? ` of [${e.member}]` : ""}, h = ${e.h}`;
    case "local_choice":
      return `step ${e.step}: ${whyText(e)}`;
    case "local_restart":
      return `restart ${e.number}: a random walk of ${e.walk.length} moves from the start (${e.walk || "no moves"})`;
    case "local_end":
      return e.stuck ? `stuck: ${message}` : "goal reached";
    default:
      return e.event;
  }
}
