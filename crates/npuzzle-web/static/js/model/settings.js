// The settings of a search as the page holds them (the board, the goal, the algorithm and its
// parameters, the limits), and the request bodies made of them. Pure: the form view reads and
// writes the inputs, the controller keeps a Settings, and nothing here touches the DOM.

import { boardText } from "./format.js";
import { isLocal, onePath, takes, usesHeuristic } from "./options.js";

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").ParamInfo} ParamInfo */

/**
 * @typedef {object} Settings
 * @property {number} w board width
 * @property {number} h board height
 * @property {number[]} start the start board, row-major, 0 the blank
 * @property {string} goalPreset a preset's name, or "custom"
 * @property {string} goalText the custom goal as typed
 * @property {string} algorithm
 * @property {string} heuristic
 * @property {string} order the move order as typed
 * @property {string} cost the step-cost model: `unit` (every move 1) or `tile` (moving tile t costs t)
 * @property {string} metric how moves are counted: `stm` (single-tile moves) or `mtm` (multi-tile
 *   moves: a slide of the tiles between the blank and a cell of its row or column is one)
 * @property {Record<string, string>} params each parameter's input by key, as typed ("" when
 *   empty; "1" or "" for a flag)
 * @property {string} limitNodes the node limit as typed
 * @property {string} limitTime the time limit as typed, in milliseconds
 * @property {boolean} recordTree whether to record the search tree
 */

/**
 * A request body: the library's request specification, and what the endpoint adds.
 * @typedef {{start: string, goal: string, algorithm?: string, heuristic?: string, order: string, cost?: string, metric?: string,
 *   limits: {nodes?: number, time_ms?: number}, tree?: boolean, trace?: boolean, stream?: boolean,
 *   seed?: number, [param: string]: unknown}} SolveBody
 */

/**
 * One run of a compare: an algorithm, its heuristic, and any of the parameters the library
 * describes (`/api/options`' `params`), by key.
 * @typedef {{algorithm: string, heuristic?: string, [param: string]: unknown}} Run
 */

/**
 * The goal as the API takes it: a preset's name, or the custom board's text.
 * @param {Settings} s
 * @returns {string}
 */
export function goalSpec(s) {
  return s.goalPreset === "custom" ? s.goalText : s.goalPreset;
}

/**
 * The limits part of a body.
 * @param {Settings} s
 * @returns {{nodes?: number, time_ms?: number}}
 */
export function limitsOf(s) {
  /** @type {{nodes?: number, time_ms?: number}} */
  const limits = {};
  if (s.limitNodes) limits.nodes = Number(s.limitNodes);
  if (s.limitTime) limits.time_ms = Number(s.limitTime);
  return limits;
}

/**
 * A parameter's value as the API takes it, or undefined when it is not set (or set to its
 * default, which the library applies anyway).
 * @param {ParamInfo} p
 * @param {string | undefined} text
 * @returns {number | boolean | string | undefined}
 */
export function paramValue(p, text) {
  if (text === undefined || text === "") return undefined;
  if (p.kind === "flag") return text === "1" ? true : undefined;
  if (p.kind === "choice") return p.choices.includes(text) ? text : undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n === p.default) return undefined;
  return n;
}

/**
 * The body of a solve request. A local search gets `seed` (the page picks one when none is
 * typed, so a run can be repeated) and records its trace; another algorithm records its tree
 * and trace when asked to.
 * @param {Settings} s
 * @param {Options} options
 * @param {string | null} seed the local search's seed
 * @returns {SolveBody}
 */
export function solveBody(s, options, seed) {
  const alg = s.algorithm;
  /** @type {SolveBody} */
  const body = {
    start: boardText(s.start, s.w),
    goal: goalSpec(s),
    algorithm: alg,
    heuristic: s.heuristic,
    order: s.order.trim() || options.defaults.order,
    limits: limitsOf(s),
  };
  if (s.cost && s.cost !== "unit") body.cost = s.cost;
  if (s.metric && s.metric !== "stm") body.metric = s.metric;
  for (const p of options.params) {
    if (p.key === "seed" || !takes(options, alg, p.key)) continue;
    const v = paramValue(p, s.params[p.key]);
    if (v !== undefined) body[p.key] = v;
  }
  if (isLocal(options, alg)) {
    // A local search keeps no tree: its steps are the trace, which the local view replays.
    if (seed !== null) body.seed = Number(seed);
    body.trace = true;
    return body;
  }
  if (s.recordTree && !onePath(options, alg)) {
    body.tree = true;
    body.trace = true;
  }
  return body;
}

/**
 * What a result depends on: a result obtained with another key is stale.
 * @param {Settings} s
 * @param {Options} options
 * @param {string | null} seed
 * @returns {string}
 */
export function settingsKey(s, options, seed) {
  const { tree, trace, ...rest } = solveBody(s, options, seed);
  return JSON.stringify(rest);
}

/**
 * What a compare depends on besides its pairs.
 * @param {Settings} s
 * @returns {string}
 */
export function compareKey(s) {
  return JSON.stringify([boardText(s.start, s.w), goalSpec(s), s.order, s.cost, s.limitNodes, s.limitTime]);
}

/**
 * One compare run from a pair's inputs: no heuristic for an algorithm that uses none (the
 * library reports it as the heuristic that estimates nothing), and each parameter is sent, as a solve sends it, only to the algorithms that read it
 * and only when set to other than its default.
 * @param {Options} options
 * @param {string} algorithm
 * @param {string} heuristic
 * @param {Record<string, string>} params each parameter's input by key, as typed
 * @returns {Run}
 */
export function pairRun(options, algorithm, heuristic, params) {
  /** @type {Run} */
  const run = usesHeuristic(options, algorithm) ? { algorithm, heuristic } : { algorithm };
  for (const p of options.params) {
    if (!takes(options, algorithm, p.key)) continue;
    const v = paramValue(p, params[p.key]);
    if (v !== undefined) run[p.key] = v;
  }
  return run;
}

/**
 * The body of a compare request.
 * @param {Settings} s
 * @param {Options} options
 * @param {Run[]} runs
 * @returns {SolveBody & {runs: Run[]}}
 */
export function compareBody(s, options, runs) {
  return {
    start: boardText(s.start, s.w),
    goal: goalSpec(s),
    order: s.order.trim() || options.defaults.order,
    ...(s.cost && s.cost !== "unit" ? { cost: s.cost } : {}),
    ...(s.metric && s.metric !== "stm" ? { metric: s.metric } : {}),
    runs,
    limits: limitsOf(s),
    stream: true,
  };
}

/**
 * Parses the experiment's depths: `2..24:2` (from 2 to 24 in steps of 2), `2..24`, or `4,8,12`.
 * @param {string} text
 * @returns {number[] | null} null when the text is not one of those forms
 */
export function parseDepths(text) {
  const t = text.trim();
  const range = /^(\d+)\s*\.\.\s*(\d+)(?:\s*:\s*(\d+))?$/.exec(t);
  if (range) {
    const [from, to, by] = [Number(range[1]), Number(range[2]), Number(range[3] || 1)];
    if (by < 1 || to < from) return null;
    const out = [];
    for (let d = from; d <= to; d += by) out.push(d);
    return out;
  }
  if (!/^\d+(\s*,\s*\d+)*$/.test(t)) return null;
  return t.split(",").map((x) => Number(x.trim()));
}

/**
 * The body of a depth experiment: the settings' size, goal, step cost and move order, and the
 * experiment's own fields.
 * @param {Settings} s
 * @param {Options} options
 * @param {{depths?: number[], count?: number, seed?: number, pairs?: string | {algorithm: string, heuristic: string}[]}} extra
 * @returns {object}
 */
export function depthBody(s, options, extra) {
  return {
    size: `${s.w}x${s.h}`,
    goal: goalSpec(s),
    order: s.order.trim() || options.defaults.order,
    ...(s.cost && s.cost !== "unit" ? { cost: s.cost } : {}),
    ...extra,
  };
}

/**
 * A run's name: `astar + manhattan (weight 2)`, `dfs (depth bound 20)`: each parameter it sets
 * to other than its default, by the library's name for it.
 * @param {Options} options
 * @param {Run} r
 * @returns {string}
 */
export function runName(options, r) {
  const set = options.params
    .filter((p) => {
      const v = r[p.key];
      return v !== undefined && v !== null && v !== false && v !== p.default && takes(options, r.algorithm, p.key);
    })
    .map((p) => (p.kind === "flag" ? p.name : `${p.name} ${r[p.key]}`));
  const extra = set.length ? ` (${set.join(", ")})` : "";
  return (usesHeuristic(options, r.algorithm) && r.heuristic ? `${r.algorithm} + ${r.heuristic}` : r.algorithm) + extra;
}
