// The worksheet: the next steps of a recorded search as questions (which node is selected next,
// what the open list holds after that step), and their grading. Both answers are read from the
// recorded events: the same `selected` and `frontier` events the CLI's trace and
// `npuzzle exercise` read. Pure: no DOM.

/** @typedef {import("./replay.js").Replay} Replay */

/** Most open-list entries a step asks for. */
export const WORKSHEET_OPEN = 8;

/**
 * One step of a worksheet.
 * @typedef {object} WorksheetRow
 * @property {number} at the index of the step's `selected` event
 * @property {number} end the index of the next selection (or the end): the step shown after it
 *   is graded
 * @property {number} number the selection's number in the whole search
 * @property {string} next the label of the node selected
 * @property {string[] | null} open the first labels of the open list after the step (`null`
 *   when the search reported none)
 * @property {number | null} size the open list's length
 */

/**
 * The next `count` steps after event `k`.
 * @param {Replay} replay
 * @param {number} k
 * @param {number} count
 * @returns {WorksheetRow[]}
 */
export function worksheetRows(replay, k, count) {
  const E = replay.events;
  const label = (/** @type {number} */ id) => (replay.nodes[id] ? replay.nodes[id].label : `#${id}`);
  /** @type {WorksheetRow[]} */
  const rows = [];
  let at = replay.nextSelAt[k];
  let number = E.slice(0, Math.max(0, at)).filter((e) => e.event === "selected").length;
  while (at >= 0 && rows.length < count) {
    const sel = E[at];
    const nextAt = replay.nextSelAt[at + 1];
    const end = nextAt >= 0 ? nextAt : E.length;
    /** @type {import("../api").TraceEvent | null} */
    let snap = null;
    for (let i = at + 1; i < end; i++) if (E[i].event === "frontier") snap = E[i];
    number += 1;
    rows.push({
      at,
      end,
      number,
      next: sel.event === "selected" ? label(sel.id) : "",
      open: snap && snap.event === "frontier" ? snap.entries.slice(0, WORKSHEET_OPEN).map((x) => label(x.id)) : null,
      size: snap && snap.event === "frontier" ? snap.size : null,
    });
    at = nextAt;
  }
  return rows;
}

/**
 * The node labels in an answer, upper-cased: `s2, S21 (f 5)` reads as `S2`, `S21`.
 * @param {string} text
 * @returns {string[]}
 */
export function labelsIn(text) {
  return (text.match(/[SG]\d+/gi) || []).map((x) => x.toUpperCase());
}

/**
 * Grades a step's answers.
 * @param {WorksheetRow} row
 * @param {string} next what was written for the node selected
 * @param {string | null} open what was written for the open list (`null` when not asked)
 * @returns {{okNext: boolean, okOpen: boolean, ok: boolean}}
 */
export function grade(row, next, open) {
  const okNext = (labelsIn(next)[0] || "") === row.next;
  let okOpen = true;
  if (row.open && open !== null) {
    const got = labelsIn(open);
    const want = row.open;
    okOpen = got.length === want.length && got.every((x, j) => x === want[j]);
  }
  return { okNext, okOpen, ok: okNext && okOpen };
}

/**
 * The open list of a step as the key gives it: `S21, S1, …`, or `empty`.
 * @param {WorksheetRow} row
 * @returns {string | null}
 */
export function openText(row) {
  if (!row.open) return null;
  if (!row.open.length) return "empty";
  return row.open.join(", ") + (row.size !== null && row.size > row.open.length ? ", …" : "");
}
