// How numbers, times, boards and labels are written on the page. Pure functions: no DOM.

/**
 * A count with thousands separators; "–" for a missing one.
 * @param {number | null | undefined} n
 * @returns {string}
 */
export function fmt(n) {
  return n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US");
}

/**
 * Milliseconds, with two decimals below 10 ms.
 * @param {number | null | undefined} ms
 * @returns {string}
 */
export function fmtMs(ms) {
  if (ms === null || ms === undefined) return "–";
  return ms < 10 ? `${Number(ms).toFixed(2)} ms` : `${Math.round(ms).toLocaleString("en-US")} ms`;
}

/**
 * A board as one line of rows: `1 2 3/4 5 6/7 8 0`.
 * @param {readonly number[]} tiles row-major, 0 the blank
 * @param {number} w the width
 * @returns {string}
 */
export function boardText(tiles, w) {
  const rows = [];
  for (let r = 0; r * w < tiles.length; r++) rows.push(tiles.slice(r * w, r * w + w).join(" "));
  return rows.join("/");
}

/** How many characters of a deep label's head and tail are kept. */
export const LABEL_KEEP = 5;

/**
 * Deep labels grow one digit a level: the head and the tail (the full label is on hover).
 * @param {string} label
 * @param {number} [keep]
 * @returns {string}
 */
export function shortLabel(label, keep = LABEL_KEEP) {
  if (!label || label.length <= 2 * keep + 2) return label;
  return `${label.slice(0, keep)}…${label.slice(-keep)}`;
}

/**
 * A value that may be a whole number, with two decimals otherwise.
 * @param {number} v
 * @returns {string}
 */
export function num(v) {
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}
