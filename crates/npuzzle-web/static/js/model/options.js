// Questions the page asks of the options document (`/api/options`): what an algorithm reads,
// what the fast optimal choice is for a size, which parameters exist. Everything here is read
// from the document; the page keeps no list of algorithms, heuristics or parameters itself.

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").Described} Info */
/** @typedef {import("../api").ParamInfo} ParamInfo */
/** @typedef {import("../api").Choice} Choice */

/**
 * The algorithm's description.
 * @param {Options | null} options
 * @param {string} name
 * @returns {Info | undefined}
 */
export function algInfo(options, name) {
  return options ? options.algorithms.find((a) => a.name === name) : undefined;
}

/**
 * Whether the algorithm reads the parameter with this key.
 * @param {Options | null} options
 * @param {string} name
 * @param {string} key
 * @returns {boolean}
 */
export function takes(options, name, key) {
  const a = algInfo(options, name);
  return !!a && a.params.some((p) => p === key);
}

/**
 * Whether the algorithm uses a heuristic (true when it is unknown, so a choice stays open).
 * @param {Options | null} options
 * @param {string} name
 * @returns {boolean}
 */
export function usesHeuristic(options, name) {
  const a = algInfo(options, name);
  return a ? a.uses_heuristic : true;
}

/**
 * Whether the algorithm is a local search.
 * @param {Options | null} options
 * @param {string} name
 * @returns {boolean}
 */
export function isLocal(options, name) {
  return !!algInfo(options, name)?.local;
}

/**
 * Whether the algorithm builds one path with no search tree, on a board of any size (reduction,
 * beams), as the library says.
 * @param {Options | null} options
 * @param {string} name
 * @returns {boolean}
 */
export function onePath(options, name) {
  return !!algInfo(options, name)?.one_path;
}

/**
 * The fastest optimal solver for a board of `cells` cells: IDA* over the exact table on small
 * boards, over pattern databases on larger ones.
 * @param {Options} options
 * @param {number} cells
 * @returns {Choice}
 */
export function optimalChoice(options, cells) {
  const oc = options.optimal_choice;
  return cells <= (oc.small.max_cells || 0) ? oc.small : oc.large;
}

/**
 * Whether a board of `cells` cells is beyond the classic searches (reduction only).
 * @param {Options} options
 * @param {number} cells
 * @returns {boolean}
 */
export function isBig(options, cells) {
  return cells > options.limits.classic_max_cells;
}

/**
 * The parameter with this key.
 * @param {Options} options
 * @param {string} key
 * @returns {ParamInfo | undefined}
 */
export function paramInfo(options, key) {
  return options.params.find((p) => p.key === key);
}

/**
 * The id of a parameter's input on the page: its flag, prefixed with `local-` for the local
 * searches' parameters (`weight`, `max-depth`, `local-beam-width`).
 * @param {ParamInfo} p
 * @returns {string}
 */
export function inputId(p) {
  return p.group === "local" ? `local-${p.flag}` : p.flag;
}

/**
 * A heuristic's name in prose.
 * @param {Options | null} options
 * @param {string} name
 * @returns {string}
 */
export function heuristicTitle(options, name) {
  return options?.heuristic_info.find((h) => h.name === name)?.title || name;
}
