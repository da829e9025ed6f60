// The worksheet's form: one row per step, each with inputs for the node selected next and the
// open list after it, graded one at a time; and its printing (the worksheet alone).

import { $, h } from "./dom.js";

/** @typedef {import("../model/worksheet.js").WorksheetRow} WorksheetRow */

export class WorksheetView {
  constructor() {
    this.box = $("worksheet");
    this.rowsEl = $("worksheet-rows");
    this.score = $("worksheet-score");
  }

  /**
   * Opens the worksheet with `rows`; `check(i)` is called when row i is to be graded.
   * @param {string} problem the search, its start and its goal, in words
   * @param {WorksheetRow[]} rows
   * @param {(i: number) => void} check
   */
  open(problem, rows, check) {
    this.box.hidden = false;
    $("panel-tree").classList.add("ws-on");
    $("tree-worksheet").setAttribute("aria-pressed", "true");
    $("worksheet-problem").textContent = problem;
    this.rowsEl.replaceChildren();
    const msg = this.score;
    msg.className = "";
    msg.dataset.right = "0";
    msg.dataset.done = "0";
    if (!rows.length) {
      msg.textContent = "No node is selected after this point: go back (« start) and open the worksheet again.";
      return;
    }
    msg.textContent = `${rows.length} step${rows.length === 1 ? "" : "s"} to fill in, one at a time: each is checked against the recorded search.`;
    rows.forEach((row, i) => {
      const li = h("li", "ws-row");
      li.dataset.row = String(i);
      li.appendChild(h("span", "ws-q", `Step ${row.number}`));
      const field = (/** @type {string} */ cls, /** @type {string} */ text, /** @type {number} */ size, /** @type {string} */ hint) => {
        const label = h("label", "", `${text} `);
        const input = h("input", cls);
        input.size = size;
        input.autocomplete = "off";
        input.spellcheck = false;
        input.placeholder = hint;
        input.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter") check(i);
        });
        label.appendChild(input);
        li.appendChild(label);
      };
      field("ws-next", "node selected next:", 8, "e.g. S2");
      if (row.open) {
        const part =
          row.size !== null && row.size > row.open.length
            ? `first ${row.open.length} entries of the open list after it`
            : "open list after it, next first";
        field("ws-open", `${part}:`, 28, row.size === 0 ? "empty" : "e.g. S21, S1, S3");
      }
      const b = h("button", "ws-check", "check");
      b.type = "button";
      b.addEventListener("click", () => check(i));
      li.appendChild(b);
      const res = h("span", "ws-result");
      res.setAttribute("role", "status");
      li.appendChild(res);
      this.rowsEl.appendChild(li);
    });
    this.enable(0);
  }

  /**
   * Row `i`'s element.
   * @param {number} i
   * @returns {HTMLElement | null}
   */
  row(i) {
    return this.rowsEl.querySelector(`.ws-row[data-row='${i}']`);
  }

  /**
   * What was written in row `i`.
   * @param {number} i
   * @returns {{next: string, open: string | null}}
   */
  answers(i) {
    const li = this.row(i);
    const next = /** @type {HTMLInputElement | null} */ (li?.querySelector(".ws-next"));
    const open = /** @type {HTMLInputElement | null} */ (li?.querySelector(".ws-open"));
    return { next: next ? next.value : "", open: open ? open.value : null };
  }

  /**
   * Shows row `i`'s grade.
   * @param {number} i
   * @param {{okNext: boolean, okOpen: boolean, ok: boolean}} g
   * @param {string} next the right node
   * @param {string | null} open the right open list, as the key gives it
   */
  graded(i, g, next, open) {
    const li = this.row(i);
    if (!li) return;
    const res = /** @type {HTMLElement} */ (li.querySelector(".ws-result"));
    res.dataset.result = g.ok ? "right" : "wrong";
    res.dataset.next = g.okNext ? "right" : "wrong";
    if (open !== null) res.dataset.open = g.okOpen ? "right" : "wrong";
    res.className = `ws-result ${g.ok ? "ok" : "bad"}`;
    const parts = [`${g.okNext ? "✓" : "✗"} next: ${next}`];
    if (open !== null) parts.push(`${g.okOpen ? "✓" : "✗"} open list: ${open}`);
    res.textContent = parts.join("; ");
    li.classList.add(g.ok ? "ws-right" : "ws-wrong");
  }

  /**
   * Row `i`'s diagnosis: what the answers so far match (another algorithm, heuristic or move
   * order), in the library's words.
   * @param {number} i
   * @param {string} text
   */
  diagnose(i, text) {
    const li = this.row(i);
    if (!li) return;
    const p = /** @type {HTMLElement} */ (li.querySelector(".ws-why") || li.appendChild(h("p", "ws-why muted small-text")));
    p.textContent = text;
  }

  /**
   * The score so far, or at the end.
   * @param {number} right
   * @param {number} done
   * @param {boolean} over
   */
  showScore(right, done, over) {
    const msg = this.score;
    msg.dataset.right = String(right);
    msg.dataset.done = String(done);
    if (over) {
      msg.className = right === done ? "ok" : "";
      msg.textContent = `Worksheet done: ${right} of ${done} steps right.`;
    } else msg.textContent = `Score ${right} of ${done}.`;
  }

  /**
   * Lets row `i` be filled in (-1: none), and focuses it.
   * @param {number} i
   */
  enable(i) {
    for (const li of this.rowsEl.querySelectorAll(".ws-row")) {
      const on = Number(/** @type {HTMLElement} */ (li).dataset.row) === i;
      li.classList.toggle("ws-current", on);
      for (const c of li.querySelectorAll("input, button")) /** @type {HTMLInputElement} */ (c).disabled = !on;
    }
    /** @type {HTMLInputElement | null} */ (this.row(i)?.querySelector("input") || null)?.focus({ preventScroll: true });
  }

  close() {
    this.box.hidden = true;
    $("panel-tree").classList.remove("ws-on");
    $("tree-worksheet").setAttribute("aria-pressed", "false");
  }

  /** Prints the worksheet alone, with the answers and grades written in it. */
  print() {
    document.body.classList.add("ws-print");
    const done = () => {
      document.body.classList.remove("ws-print");
      window.removeEventListener("afterprint", done);
    };
    window.addEventListener("afterprint", done);
    window.print();
  }
}
