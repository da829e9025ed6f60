// A heuristic's audit (`POST /api/audit`) in words: the verdicts, the counterexample, the
// inconsistent move, what the overestimate cost A*, and the request the page sends. Pure
// functions: no DOM.

import { fmt, num } from "./format.js";

/** @typedef {import("../api").Audit} Audit */
/** @typedef {import("./settings.js").Settings} Settings */

/**
 * The body of an audit request for the settings on the page: the heuristic as the Search form
 * has it (a built-in's name, or the formula's text), the board's size, the goal, the step cost;
 * a second heuristic to draw beside it, and whether to predict IDA*'s expansions (at thresholds
 * the engine chooses).
 * @param {Settings} s
 * @param {string} goal the goal as the other requests send it (a preset or a board)
 * @param {{beside?: string, predict?: boolean}} [extra]
 * @returns {{heuristic: string, size: string, goal: string, cost: string, beside?: string, predict?: boolean}}
 */
export function auditBody(s, goal, extra = {}) {
  /** @type {{heuristic: string, size: string, goal: string, cost: string, beside?: string, predict?: boolean}} */
  const body = { heuristic: s.heuristic, size: `${s.w}x${s.h}`, goal, cost: s.cost };
  if (extra.beside) body.beside = extra.beside;
  if (extra.predict) body.predict = true;
  return body;
}

/**
 * A mean count of expansions: two decimals below 10, one below 1,000, whole beyond, grouped.
 * @param {number} x
 * @returns {string}
 */
export function expansions(x) {
  const digits = x < 10 ? 2 : x < 1000 ? 1 : 0;
  return x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * KRE's prediction beside the measured mean, one row per threshold: the threshold, the
 * predicted and measured mean expansions, the 95 % interval of the measured mean, the starts,
 * and the measured mean over the predicted one.
 * @param {Audit} a
 * @returns {{threshold: string, predicted: string, measured: string, interval: string, starts: string, ratio: string}[]}
 */
export function predictionRows(a) {
  return (a.prediction || []).map((p) => ({
    threshold: String(p.threshold),
    predicted: expansions(p.predicted),
    measured: expansions(p.measured),
    interval: `${expansions(p.interval[0])} to ${expansions(p.interval[1])}`,
    starts: fmt(p.starts),
    ratio: p.predicted > 0 ? (p.measured / p.predicted).toFixed(3) : "–",
  }));
}

/**
 * What the prediction says, in words: how it was made, or why it was refused; "" when none was
 * asked for.
 * @param {Audit} a
 * @returns {string}
 */
export function predictionWords(a) {
  if (a.prediction_refused) return `No prediction for ${a.heuristic}: ${a.prediction_refused}.`;
  const p = a.prediction;
  if (!p) return "";
  if (!p.length) return `No threshold of ${a.heuristic}'s fits the page's budget for the measured iterations.`;
  return (
    `${a.heuristic}: one complete IDA* iteration at each threshold d (parent pruning, not stopping at the goal), ` +
    `its expansions predicted as Σ N_i(c) · P(h ≤ d − i | blank in c) from h's distribution over every board, ` +
    `beside the mean measured from ${fmt(p[0].starts)} uniform random starts.`
  );
}

/**
 * A share of the boards as a percentage: whole where it is, else to one decimal (and never
 * 100 % or 0 % for a share that is not all or none).
 * @param {number} share from 0 to 1
 * @returns {string}
 */
export function percent(share) {
  const p = 100 * share;
  if (p === 0 || p === 100) return `${p} %`;
  const one = Math.min(99.9, Math.max(0.1, Math.round(p * 10) / 10));
  return `${Number.isInteger(one) ? one : one.toFixed(1)} %`;
}

/**
 * Whether the estimate is admissible, in words.
 * @param {Audit} a
 * @returns {string}
 */
export function admissibleWords(a) {
  if (a.admissible === true) return `admissible: proved on every board (h ≤ h* on all ${fmt(a.boards)} boards)`;
  if (a.admissible === false) return `not admissible: h > h* on ${fmt(a.overestimated)} of ${fmt(a.boards)} boards`;
  return `no counterexample in ${fmt(a.boards)} boards (a sample proves no admissibility)`;
}

/**
 * Whether the estimate is consistent, in words.
 * @param {Audit} a
 * @returns {string}
 */
export function consistentWords(a) {
  if (a.consistent === true) return `consistent: proved on every move (h(n) ≤ c(n, n′) + h(n′) on all ${fmt(a.moves)} moves)`;
  if (a.consistent === false)
    return `not consistent: h falls by more than the move's cost along ${fmt(a.inconsistent_moves)} of ${fmt(a.moves)} moves`;
  return `no inconsistent move in ${fmt(a.moves)} moves (a sample proves no consistency)`;
}

/**
 * The audit in one sentence: what was checked, where, and the two verdicts.
 * @param {Audit} a
 * @returns {string}
 */
export function auditSummary(a) {
  const word = (/** @type {boolean | null} */ v, /** @type {string} */ what) =>
    v === true ? what : v === false ? `not ${what}` : `${what} on every board of the sample`;
  const where = a.exhaustive
    ? `every ${a.size.replace("x", "×")} board (${fmt(a.boards)} boards, ${fmt(a.moves)} moves)`
    : `a sample of ${fmt(a.boards)} boards`;
  return `${a.heuristic} is ${word(a.admissible, "admissible")} and ${word(a.consistent, "consistent")}: checked on ${where}, ${a.cost} costs.`;
}

/**
 * The counterexample in words, or "" when there is none.
 * @param {Audit} a
 * @returns {string}
 */
export function counterexampleWords(a) {
  const c = a.counterexample;
  if (!c) return "";
  const star = c.h_star_bound ? `h* ≤ ${c.h_star}` : `h* = ${c.h_star}`;
  return `h = ${num(c.h)} > ${star}: h overestimates by ${num(c.h - c.h_star)} here, the most of any board.`;
}

/**
 * The inconsistent move in words, or "" when there is none.
 * @param {Audit} a
 * @returns {string}
 */
export function inconsistentWords(a) {
  const m = a.inconsistent_move;
  if (!m) return "";
  return (
    `h falls from ${num(m.h_from)} to ${num(m.h_to)} along a move of cost ${m.cost}: ` +
    `h(n) = ${num(m.h_from)} > c + h(n′) = ${m.cost} + ${num(m.h_to)} = ${num(m.cost + m.h_to)}.`
  );
}

/**
 * What the overestimate cost A*, in words, or "" for an admissible estimate.
 * @param {Audit} a
 * @returns {string}
 */
export function consequenceWords(a) {
  const c = a.consequence;
  const s = a.consequence_search;
  if (c) {
    const optimum = c.optimal_bound ? `at most ${c.optimal}` : String(c.optimal);
    return `A* with this heuristic returns a solution of cost ${c.found} where the optimum is ${optimum}: ${c.found - c.optimal} more.`;
  }
  if (s)
    return (
      `A* with this heuristic returned optimal answers on the ${fmt(s.tried)} most overestimated boards tried ` +
      `(of ${fmt(s.candidates)}, at most ${fmt(s.max_boards)} tried): its overestimates cost nothing there.`
    );
  return "";
}

/**
 * The h-against-h* table's bounds: the largest h* with a board, and the largest ⌊h⌋.
 * @param {number[][]} table `table[h*][⌊h⌋]`: boards
 * @returns {{rows: number, columns: number}}
 */
export function tableBounds(table) {
  let rows = 0;
  let columns = 0;
  table.forEach((row, star) => {
    row.forEach((n, h) => {
      if (n > 0) {
        rows = Math.max(rows, star + 1);
        columns = Math.max(columns, h + 1);
      }
    });
  });
  return { rows, columns };
}
