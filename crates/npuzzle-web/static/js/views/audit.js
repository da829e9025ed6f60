// The "Check my heuristic" view: a heuristic's audit (`POST /api/audit`) drawn as the report of
// the Heuristic check tab: the two verdicts in words, the counterexample board with h and h*, the
// inconsistent move, what the overestimate cost A* (both solutions), dominance over each
// built-in, mean h and h/h*, and the table of boards by h* and ⌊h⌋ as an HTML table. Draws only.

import {
  admissibleWords,
  auditSummary,
  consequenceWords,
  consistentWords,
  counterexampleWords,
  inconsistentWords,
  percent,
  tableBounds,
} from "../model/audit.js";
import { boardText, fmt, num } from "../model/format.js";
import { renderBoard } from "./board.js";
import { $, button, h } from "./dom.js";

/** @typedef {import("../api").Audit} Audit */
/** @typedef {import("../api").Board} Board */

/**
 * A board as a small picture with its caption.
 * @param {Board} board rows of tiles
 * @param {string} caption
 * @returns {HTMLElement}
 */
function figure(board, caption) {
  const fig = h("figure", "audit-board");
  const b = h("div", "board mini");
  renderBoard(b, board.flat(), board[0].length, board.length);
  fig.append(b, h("figcaption", "", caption));
  return fig;
}

/**
 * A titled part of the report.
 * @param {string} id
 * @param {string} title
 * @param {...(Node | string)} content
 * @returns {HTMLElement}
 */
function part(id, title, ...content) {
  const sec = h("section", "audit-part");
  sec.id = id;
  const head = h("h4", "", title);
  head.id = `${id}-h`;
  sec.setAttribute("aria-labelledby", head.id);
  sec.append(head, ...content);
  return sec;
}

/**
 * A term and its value in the verdicts' list.
 * @param {string} term
 * @param {string} value
 * @param {string} [id]
 * @param {string} [cls]
 * @returns {HTMLElement}
 */
function entry(term, value, id = "", cls = "") {
  const div = h("div");
  const dd = h("dd", cls, value);
  if (id) dd.id = id;
  div.append(h("dt", "", term), dd);
  return div;
}

/**
 * A header cell.
 * @param {string} text
 * @param {"col" | "row"} scope
 * @param {string} [hidden] words for screen readers before the text
 * @returns {HTMLTableCellElement}
 */
function th(text, scope, hidden = "") {
  const cell = h("th", "", "");
  cell.scope = scope;
  if (hidden) cell.append(h("span", "visually-hidden", hidden));
  cell.append(text);
  return cell;
}

/**
 * Dominance over each built-in: the share of boards where h is at least it, and greater.
 * @param {Audit} a
 * @returns {HTMLElement}
 */
function dominanceTable(a) {
  const table = h("table", "table audit-against");
  table.id = "audit-against";
  table.append(h("caption", "", "Against each built-in computed from the board alone, over every board counted"));
  const head = h("tr");
  for (const t of ["built-in", "h ≥ it on", "h > it on", "dominates it"]) head.append(th(t, "col"));
  const body = h("tbody");
  for (const d of a.against) {
    const tr = h("tr");
    tr.dataset.name = d.name;
    tr.append(
      th(d.name, "row"),
      h("td", "", percent(d.at_least)),
      h("td", "", percent(d.greater)),
      h("td", "", d.dominates ? "yes" : "no"),
    );
    body.append(tr);
  }
  const thead = h("thead");
  thead.append(head);
  table.append(thead, body);
  return table;
}

/**
 * Boards by h* (rows) and ⌊h⌋ (columns), each count in its cell, cells right of the diagonal
 * (h > h*) marked; in a scrolling region that the keyboard can reach.
 * @param {number[][]} table
 * @returns {HTMLElement}
 */
function gridTable(table) {
  const { rows, columns } = tableBounds(table);
  const t = h("table", "audit-grid");
  t.id = "audit-grid";
  t.append(
    h(
      "caption",
      "",
      "Boards by their true cost h* (rows) and ⌊h⌋ (columns). On the diagonal h is exact; right of it (marked !) h overestimates; an empty cell has no board.",
    ),
  );
  const head = h("tr");
  head.append(th("h* \\ ⌊h⌋", "col"));
  for (let c = 0; c < columns; c++) head.append(th(String(c), "col", "⌊h⌋ = "));
  const thead = h("thead");
  thead.append(head);
  const body = h("tbody");
  for (let r = 0; r < rows; r++) {
    const tr = h("tr");
    tr.append(th(String(r), "row", "h* = "));
    const row = table[r] || [];
    for (let c = 0; c < columns; c++) {
      const n = row[c] || 0;
      const cls = n === 0 ? "" : c > r ? "over" : c === r ? "diagonal" : "";
      tr.append(h("td", cls, n === 0 ? "" : `${c > r ? "! " : ""}${fmt(n)}`));
    }
    body.append(tr);
  }
  t.append(thead, body);
  const wrap = h("div", "table-wrap audit-grid-wrap");
  // A region that scrolls sideways is reached by the keyboard and named.
  wrap.tabIndex = 0;
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", "boards by h* and h, scrolls sideways");
  wrap.append(t);
  return wrap;
}

export class AuditView {
  /**
   * @param {string} text
   * @param {string} [cls]
   */
  message(text, cls = "") {
    const m = $("audit-msg");
    m.textContent = text;
    m.className = cls;
  }

  /**
   * The buttons while an audit runs: the check's button says so, Stop is offered.
   * @param {boolean} on
   */
  running(on) {
    const run = button("audit-run");
    run.setAttribute("aria-disabled", String(on));
    run.textContent = on ? "Checking…" : "Check my heuristic";
    button("audit-stop").disabled = !on;
  }

  /** No report (a new check started, or one failed). */
  clear() {
    $("audit-report").replaceChildren();
    button("audit-download").disabled = true;
  }

  /**
   * The report of an audit.
   * @param {Audit} a
   */
  show(a) {
    const goal = boardText(a.goal.flat(), a.goal[0].length);
    const summary = h("p", "audit-summary", auditSummary(a));
    summary.id = "audit-summary";
    const setting = h(
      "p",
      "muted small-text",
      `Goal ${goal}; ${a.cost} step costs. Proofs: every board reachable from the goal and every move of each was checked against the exact distance table.`,
    );
    const verdicts = h("dl", "audit-verdicts");
    verdicts.append(
      entry("Admissible", admissibleWords(a), "audit-admissible", a.admissible === false ? "bad" : a.admissible ? "ok" : ""),
      entry("Consistent", consistentWords(a), "audit-consistent", a.consistent === false ? "bad" : a.consistent ? "ok" : ""),
      entry("h at the goal", `${num(a.goal_h)}${a.goal_h === 0 ? "" : " (an admissible heuristic is 0 there)"}`, "audit-goal-h"),
      entry("Mean h", a.mean_h === null ? "–" : a.mean_h.toFixed(3), "audit-mean-h"),
      entry("Mean h ÷ h*", a.mean_ratio === null ? "–" : `${a.mean_ratio.toFixed(3)} (1 is exact)`, "audit-mean-ratio"),
    );
    /** @type {HTMLElement[]} */
    const parts = [summary, setting, verdicts];
    const c = a.counterexample;
    if (c) {
      const words = h("p", "", counterexampleWords(a));
      words.id = "audit-counterexample-words";
      parts.push(
        part(
          "audit-counterexample",
          "Counterexample: the board it overestimates most",
          figure(c.board, `${boardText(c.board.flat(), c.board[0].length)}: h = ${num(c.h)}, h* = ${c.h_star}`),
          words,
        ),
      );
    }
    const m = a.inconsistent_move;
    if (m) {
      const pair = h("div", "audit-move");
      const w = m.from[0].length;
      pair.append(
        figure(m.from, `n = ${boardText(m.from.flat(), w)}: h = ${num(m.h_from)}`),
        h("span", "audit-arrow", "→"),
        figure(m.to, `n′ = ${boardText(m.to.flat(), w)}: h = ${num(m.h_to)}`),
      );
      const words = h("p", "", inconsistentWords(a));
      words.id = "audit-inconsistent-words";
      parts.push(part("audit-inconsistent", "Inconsistent move: where h falls most beyond the move's cost", pair, words));
    }
    const q = a.consequence;
    if (q || a.consequence_search) {
      const words = h("p", "", consequenceWords(a));
      words.id = "audit-consequence-words";
      /** @type {(Node | string)[]} */
      const content = [];
      if (q) {
        const w = q.board[0].length;
        const moves = h("dl", "audit-solutions");
        moves.append(
          entry(`A*'s solution (cost ${q.found})`, q.found_moves || "(none)", "audit-found-moves", "moves-text"),
          entry(
            `${q.optimal_bound ? "A solution" : "An optimal solution"} (cost ${q.optimal})`,
            q.optimal_moves || "(none)",
            "audit-optimal-moves",
            "moves-text",
          ),
        );
        content.push(figure(q.board, `start ${boardText(q.board.flat(), w)}`), words, moves);
      } else {
        content.push(words);
      }
      parts.push(part("audit-consequence", "What the overestimate costs A*", ...content));
    }
    if (a.against.length) parts.push(part("audit-dominance", "Dominance over the built-ins", dominanceTable(a)));
    if (a.table) parts.push(part("audit-table", "h against h*", gridTable(a.table)));
    if (a.notes.length) {
      const list = h("ul", "audit-notes");
      for (const n of a.notes) list.append(h("li", "", n));
      parts.push(part("audit-notes", "Notes", list));
    }
    $("audit-report").replaceChildren(...parts);
    button("audit-download").disabled = false;
  }
}
