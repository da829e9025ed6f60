// Links that carry a whole setup: the settings written into a URL's query, and read back. A
// link that names something unknown says so and leaves the default in its place, so a mangled
// link never leaves an empty board or a blank choice. Pure: the controller applies the result.

import { boardText } from "./format.js";
import { algInfo, isLocal } from "./options.js";
import { goalSpec } from "./settings.js";

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").ParamInfo} ParamInfo */
/** @typedef {import("./settings.js").Settings} Settings */

/**
 * The query of a link to these settings.
 * @param {Settings} s
 * @param {Options} options
 * @param {{seed?: string | null, run?: boolean, step?: number, embed?: {to?: number, play?: boolean}}} [extra]
 *   the last run's seed (a local search's link repeats it), whether the link runs the search, the
 *   replay event to open, and the embed view (`embed=1`: the tree and its player only, for a
 *   frame) with the event its replay stops at and whether it plays at once
 * @returns {URLSearchParams}
 */
export function writeLink(s, options, extra = {}) {
  const p = new URLSearchParams();
  p.set("size", `${s.w}x${s.h}`);
  p.set("start", boardText(s.start, s.w));
  p.set("goal", goalSpec(s));
  p.set("algorithm", s.algorithm || options.defaults.algorithm);
  p.set("heuristic", s.heuristic || options.defaults.heuristic);
  p.set("order", s.order);
  if (s.cost && s.cost !== "unit") p.set("cost", s.cost);
  if (s.metric && s.metric !== "stm") p.set("metric", s.metric);
  const local = isLocal(options, s.algorithm);
  for (const info of options.params) {
    const v = s.params[info.key] || "";
    if (info.group === "search") {
      if (v !== "" && Number(v) !== info.default) p.set(info.key, v);
    } else if (local) {
      // The seed of the last run, so the link repeats it.
      const value = info.key === "seed" ? v || extra.seed || "" : v;
      if (value !== "") p.set(info.key, value);
    }
  }
  if (s.limitNodes) p.set("nodes", s.limitNodes);
  if (s.limitTime) p.set("time_ms", s.limitTime);
  p.set("tree", s.recordTree ? "1" : "0");
  if (extra.run) p.set("run", "1");
  if (extra.step !== undefined) p.set("step", String(extra.step));
  if (extra.embed) {
    p.set("embed", "1");
    if (extra.embed.to !== undefined) p.set("to", String(extra.embed.to));
    if (extra.embed.play) p.set("play", "1");
  }
  return p;
}

/** The most characters of a formula (the library's `formula::MAX_CHARS`). */
export const MAX_FORMULA_CHARS = 2000;

/**
 * Whether a link's heuristic that names no built-in may be a formula: not a bare word (a
 * misspelled name stays an unknown heuristic), not empty, not too long. The engine reads it.
 * @param {string} v
 * @returns {boolean}
 */
export function isFormula(v) {
  const t = v.trim();
  return t !== "" && [...t].length <= MAX_FORMULA_CHARS && !/^[A-Za-z][A-Za-z0-9_-]*$/.test(t);
}

/**
 * Whether `text` is a value the parameter takes (its kind and range, as the library checks).
 * @param {ParamInfo} p
 * @param {string} text
 * @returns {boolean}
 */
export function paramAccepts(p, text) {
  if (p.kind === "flag") return text === "1" || text === "0" || text === "";
  if (p.kind === "choice") return p.choices.includes(text);
  if (p.kind === "integer" && !/^\d+$/.test(text)) return false;
  const v = Number(text);
  if (text.trim() === "" || !Number.isFinite(v)) return false;
  if (p.min !== null && (p.min_exclusive ? v <= p.min : v < p.min)) return false;
  if (p.max !== null && (p.max_exclusive ? v >= p.max : v > p.max)) return false;
  return true;
}

/**
 * What a link asks for.
 * @typedef {object} LinkRead
 * @property {boolean} empty the link carries nothing (the first visit: Nilsson's example)
 * @property {Partial<Settings>} patch the settings it sets, each checked
 * @property {Record<string, string>} params the parameters it sets, each checked
 * @property {string | null} start the start board's text, to be checked by the engine
 * @property {string | null} size the size it gives for that text
 * @property {[number, number]} fallbackSize the board size to use when there is no valid start
 * @property {string[]} problems what was wrong, each said as "unknown algorithm “foo”"
 * @property {boolean} run whether to run the search at once
 * @property {number | null} step the replay event to open
 * @property {boolean} embed the embed view: the tree and its player only, sized to a frame
 * @property {number | null} to the event the embed view's replay stops at
 * @property {boolean} play whether the embed view plays its replay at once
 */

/**
 * Reads a link's query against the options.
 * @param {string} search `location.search`
 * @param {Options} options
 * @returns {LinkRead}
 */
export function readLink(search, options) {
  const q = new URLSearchParams(search);
  /** @type {LinkRead} */
  const out = {
    empty: [...q.keys()].length === 0,
    patch: {},
    params: {},
    start: q.get("start"),
    size: q.get("size"),
    fallbackSize: [3, 3],
    problems: [],
    run: q.get("run") === "1" || q.get("embed") === "1",
    step: null,
    embed: q.get("embed") === "1",
    to: null,
    play: q.get("play") === "1",
  };
  /**
   * @param {string} key
   * @param {(v: string) => boolean} valid
   * @param {(v: string) => void} set
   */
  const pick = (key, valid, set) => {
    const v = q.get(key);
    if (v === null) return;
    if (valid(v)) set(v);
    else out.problems.push(`unknown ${key} \u201c${v}\u201d`);
  };
  pick(
    "algorithm",
    (v) => !!algInfo(options, v),
    (v) => (out.patch.algorithm = v),
  );
  // A built-in's name, or a student's formula: text the engine reads (and refuses with its
  // place when it cannot), never code the page runs.
  pick(
    "heuristic",
    (v) => options.heuristics.some((h) => h === v) || isFormula(v),
    (v) => (out.patch.heuristic = v),
  );
  pick(
    "order",
    (v) => /^[UDLR]{4}$/i.test(v) && new Set(v.toUpperCase()).size === 4,
    (v) => (out.patch.order = v),
  );
  pick(
    "cost",
    (v) => options.cost_models.some((c) => c.name === v),
    (v) => (out.patch.cost = v),
  );
  pick(
    "metric",
    (v) => options.metrics.some((m) => m.name === v),
    (v) => (out.patch.metric = v),
  );
  for (const p of options.params) {
    if (p.kind === "flag") {
      if (q.has(p.key)) out.params[p.key] = q.get(p.key) === "1" ? "1" : "";
    } else {
      pick(
        p.key,
        (v) => paramAccepts(p, v),
        (v) => (out.params[p.key] = v),
      );
    }
  }
  pick(
    "nodes",
    (v) => /^\d+$/.test(v),
    (v) => (out.patch.limitNodes = v),
  );
  pick(
    "time_ms",
    (v) => /^\d+$/.test(v),
    (v) => (out.patch.limitTime = v),
  );
  if (q.has("tree")) out.patch.recordTree = q.get("tree") !== "0";
  const goal = q.get("goal");
  if (goal) {
    if (options.goals.some((g) => g.name === goal)) out.patch.goalPreset = goal;
    else {
      out.patch.goalPreset = "custom";
      out.patch.goalText = goal;
    }
  }
  const [w, h] = (out.size || "3x3").split("x").map(Number);
  const { min_side: lo, max_side: hi } = options.limits;
  const fits = (/** @type {number} */ n) => Number.isInteger(n) && n >= lo && n <= hi;
  if (fits(w) && fits(h)) out.fallbackSize = [w, h];
  const step = q.get("step") || "";
  if (/^\d+$/.test(step)) out.step = Number(step);
  const to = q.get("to") || "";
  if (/^\d+$/.test(to)) out.to = Number(to);
  else if (to) out.problems.push(`unknown to \u201c${to}\u201d`);
  return out;
}
