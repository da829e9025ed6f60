// "Your own heuristic": the formula's box, its values on the start board (the engine's preview,
// answered with the board's check), and a formula's error at its place: the message, the
// formula with the fault marked, and the field marked invalid for assistive technology. The
// formula is text the engine reads; the page never runs it.

import { $, h } from "./dom.js";

/** @typedef {import("../api").Preview} Preview */
/** @typedef {import("../api").FormulaError} FormulaError */

/** The heuristic menu's entry for a formula. */
export const OWN = "own";

/** @returns {HTMLTextAreaElement} */
export function ownField() {
  return /** @type {HTMLTextAreaElement} */ ($("own-formula"));
}

/**
 * Shows or hides the formula's box.
 * @param {boolean} on
 */
export function showOwn(on) {
  $("own-box").hidden = !on;
}

/**
 * A number of moves as the page writes it: whole, or to two decimals.
 * @param {number} v
 * @returns {string}
 */
function value(v) {
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/**
 * A move as the counted notation writes it: `U`, or `U2` for a slide of two tiles.
 * @param {import("../api").PreviewChild} c
 * @returns {string}
 */
function moveName(c) {
  return c.run > 1 ? `${c.move}${c.run}` : c.move;
}

/** Clears the values and the error (no formula, or no valid board to try it on). */
export function clearPreview() {
  showError(null, "");
  $("own-values").replaceChildren();
  $("own-summary").textContent = "";
}

/**
 * The engine's preview of the formula on the start board.
 * @param {Preview} p
 * @param {string} text the formula as sent
 * @param {number[]} start the start board, row-major (the tile that moves is the one each
 *   child has where the start has its blank)
 */
export function showPreview(p, text, start) {
  const values = $("own-values");
  if (!p.ok) {
    showError(p.error, text);
    values.replaceChildren();
    $("own-summary").textContent = "";
    return;
  }
  showError(null, text);
  const table = h("table", "own-table");
  table.id = "own-table";
  const caption = h("caption", "", "h on the start board and one move away");
  const head = h("tr");
  for (const t of ["board", "h"]) {
    const th = h("th", "", t);
    th.scope = "col";
    head.append(th);
  }
  const body = h("tbody");
  /**
   * @param {string} label
   * @param {number} v
   */
  const row = (label, v) => {
    const tr = h("tr");
    const th = h("th", "", label);
    th.scope = "row";
    tr.append(th, h("td", "own-h", value(v)));
    body.append(tr);
  };
  row("start", p.h);
  const blank = start.indexOf(0);
  for (const c of p.children) row(`${moveName(c)}: tile ${c.board.flat()[blank]} moves`, c.h);
  table.append(caption, h("thead"), body);
  /** @type {HTMLElement} */ (table.tHead).append(head);
  values.replaceChildren(table);
  // One short line for screen readers as the values change (the table is not read out at
  // every key).
  $("own-summary").textContent =
    `h = ${value(p.h)} at the start; ${p.children.map((c) => `after ${moveName(c)}, ${value(c.h)}`).join("; ")}.`;
}

/**
 * A formula's error at its place, or none: the field is marked invalid and described by it.
 * @param {FormulaError | null} e
 * @param {string} text the formula the error is about
 */
function showError(e, text) {
  const box = $("own-error");
  const field = ownField();
  if (!e) {
    box.replaceChildren();
    field.removeAttribute("aria-invalid");
    field.setAttribute("aria-describedby", "own-help");
    return;
  }
  const where = e.line > 1 ? `line ${e.line}, column ${e.column}` : `column ${e.column}`;
  const message = h("p", "error", `At ${where}: ${e.message}`);
  message.id = "own-error-message";
  const { before, fault, after } = split(text, e.at, e.len);
  const pre = h("pre", "own-fault");
  pre.setAttribute("aria-hidden", "true");
  // An empty fault (the text ended too soon) is marked by a caret where more was expected.
  const mark = h("mark", "", fault || "\u2038");
  pre.append(before, mark, after);
  box.replaceChildren(message, pre);
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", "own-error-message own-help");
}

/**
 * The text before, at and after a fault given in bytes of UTF-8 (as the library counts).
 * @param {string} text
 * @param {number} at
 * @param {number} len
 * @returns {{before: string, fault: string, after: string}}
 */
export function split(text, at, len) {
  const bytes = new TextEncoder().encode(text);
  const dec = new TextDecoder();
  const a = Math.min(at, bytes.length);
  const b = Math.min(at + len, bytes.length);
  return { before: dec.decode(bytes.slice(0, a)), fault: dec.decode(bytes.slice(a, b)), after: dec.decode(bytes.slice(b)) };
}
