// The page's state: the options document, the settings, the last verdict on the board, the
// answers the engine gave (the solve, the compare) and what the page is doing. It never
// touches the DOM; the controller changes it and asks the views to draw it.

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").Solved} Solved */
/** @typedef {import("../api").CompareRow} CompareRow */
/** @typedef {import("../api").Check} Check */
/** @typedef {import("../api").Audit} Audit */
/** @typedef {import("./settings.js").Settings} Settings */
/** @typedef {import("./settings.js").Run} Run */

/**
 * @typedef {object} PageState
 * @property {Options | null} options what the engine offers (null until it answered)
 * @property {Settings} settings the search as set up
 * @property {boolean} valid whether the start board as typed reads
 * @property {Check | null} verdict the engine's last verdict on the start and the goal
 * @property {Solved | null} result the last solve's answer
 * @property {string | null} resultKey the settings it was obtained with
 * @property {import("./settings.js").SolveBody | null} resultBody the request it answered
 * @property {string | null} seed the local search's seed of the last run (shown, and carried by links)
 * @property {boolean} solving a solve is running
 * @property {(CompareRow | null)[] | null} compare the compare's rows (null for one not done yet)
 * @property {Run[]} compareRuns the runs of the compare
 * @property {string | null} compareKey the settings the compare was made with
 * @property {boolean} comparing a compare is running
 * @property {Audit | null} audit the last heuristic check's report (its table of boards by h*
 *   and h is the data a heat map would draw)
 * @property {boolean} auditing a heuristic check is running
 * @property {number} playIdx the solution playback's position
 * @property {number | null} openAtStep the replay event a link asked to open
 * @property {{to: number | null, play: boolean} | null} embed the embed view a link asked for:
 *   the event its replay stops at, and whether it plays at once
 */

/**
 * The state before the engine answered.
 * @returns {PageState}
 */
export function createState() {
  return {
    options: null,
    settings: {
      w: 3,
      h: 3,
      start: [],
      goalPreset: "",
      goalText: "",
      algorithm: "",
      heuristic: "",
      order: "",
      cost: "unit",
      metric: "stm",
      params: {},
      limitNodes: "",
      limitTime: "",
      recordTree: true,
    },
    valid: true,
    verdict: null,
    result: null,
    resultKey: null,
    resultBody: null,
    seed: null,
    solving: false,
    compare: null,
    compareRuns: [],
    compareKey: null,
    comparing: false,
    audit: null,
    auditing: false,
    playIdx: 0,
    openAtStep: null,
    embed: null,
  };
}

/**
 * Why a solve should not be sent, known before any search: the start does not read, or the
 * engine's verdict says the pair is unsolvable. `null` when it may run.
 * @param {PageState} s
 * @param {string} startError what is wrong with the start as typed
 * @returns {string | null}
 */
export function refusal(s, startError) {
  if (!s.valid) return `Fix the start board first: ${startError}`;
  const v = s.verdict;
  if (v?.valid && !v.solvable) return v.reason || "unsolvable";
  return null;
}
