// The "Check my heuristic" view: a heuristic's audit (`POST /api/audit`) drawn as the report of
// the Heuristic check tab: the two verdicts in words, the counterexample board with h and h*, the
// inconsistent move, what the overestimate cost A* (both solutions), dominance over each
// built-in, mean h and h/h*, h against h* drawn as the library's heat map (a second heuristic's
// beside it) over the table of boards by h* and ⌊h⌋ as an HTML table, and KRE's prediction of
// IDA*'s expansions beside the measured counts. Draws only.

import {
  admissibleWords,
  auditSummary,
  consequenceWords,
  consistentWords,
  counterexampleWords,
  inconsistentWords,
  percent,
  predictionRows,
  predictionWords,
  tableBounds,
} from "../model/audit.js";
import { boardText, fmt, num } from "../model/format.js";
import { renderBoard } from "./board.js";
import { $, button, h } from "./dom.js";

/** @typedef {import("../api").Audit} Audit */
/** @typedef {import("../api").Audited} Audited */
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
 * A table of the report: a caption, column headers, and one row per item whose first cell
 * heads the row; each row carries the item's `data-` attributes.
 * @template T
 * @param {string} id
 * @param {string} cls
 * @param {string} caption
 * @param {string[]} headers
 * @param {T[]} items
 * @param {(item: T) => {data: Record<string, string>, head: string, cells: HTMLElement[]}} row
 * @returns {HTMLTableElement}
 */
function reportTable(id, cls, caption, headers, items, row) {
  const table = /** @type {HTMLTableElement} */ (h("table", `table ${cls}`));
  table.id = id;
  table.append(h("caption", "", caption));
  const head = h("tr");
  for (const t of headers) head.append(th(t, "col"));
  const body = h("tbody");
  for (const item of items) {
    const { data, head: name, cells } = row(item);
    const tr = h("tr");
    Object.assign(tr.dataset, data);
    tr.append(th(name, "row"), ...cells);
    body.append(tr);
  }
  const thead = h("thead");
  thead.append(head);
  table.append(thead, body);
  return table;
}

/**
 * Dominance over each built-in: the share of boards where h is at least it, and greater.
 * @param {Audit} a
 * @returns {HTMLElement}
 */
function dominanceTable(a) {
  return reportTable(
    "audit-against",
    "audit-against",
    "Against each built-in computed from the board alone, over every board counted",
    ["built-in", "h ≥ it on", "h > it on", "dominates it"],
    a.against,
    (d) => ({
      data: { name: d.name },
      head: d.name,
      cells: [h("td", "", percent(d.at_least)), h("td", "", percent(d.greater)), h("td", "", d.dominates ? "yes" : "no")],
    }),
  );
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
  return sideways(t, "audit-grid-wrap", "boards by h* and h, scrolls sideways");
}

/**
 * A table in a region that scrolls sideways on a narrow screen, so the page itself never does;
 * the keyboard reaches the region, and it is named.
 * @param {HTMLElement} table
 * @param {string} cls
 * @param {string} label
 * @returns {HTMLElement}
 */
function sideways(table, cls, label) {
  const wrap = h("div", `table-wrap ${cls}`);
  wrap.tabIndex = 0;
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", label);
  wrap.append(table);
  return wrap;
}

/**
 * The library's heat map (SVG text from the engine) as a figure: parsed as SVG, so no script in
 * it runs, and scaled to the width at hand.
 * @param {string} svg
 * @param {string} caption
 * @returns {HTMLElement}
 */
function picture(svg, caption) {
  const fig = h("figure", "audit-picture");
  fig.id = "audit-picture";
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName === "svg") fig.append(document.importNode(root, true));
  fig.append(h("figcaption", "muted small-text", caption));
  return fig;
}

/**
 * The numbers a paper gives beside the picture, one row per heuristic: the verdicts, mean h and
 * mean h ÷ h*.
 * @param {Audit[]} audits
 * @returns {HTMLElement}
 */
function numbersTable(audits) {
  const yes = (/** @type {boolean | null} */ v) => (v === true ? "yes" : v === false ? "no" : "no counterexample");
  return reportTable(
    "audit-numbers",
    "audit-numbers",
    "Each heuristic over every board but the goal",
    ["heuristic", "admissible", "consistent", "mean h", "mean h ÷ h*"],
    audits,
    (a) => ({
      data: { heuristic: a.heuristic },
      head: a.heuristic,
      cells: [
        h("td", "", yes(a.admissible)),
        h("td", "", yes(a.consistent)),
        h("td", "", a.mean_h === null ? "–" : a.mean_h.toFixed(3)),
        h("td", "", a.mean_ratio === null ? "–" : a.mean_ratio.toFixed(3)),
      ],
    }),
  );
}

/**
 * KRE's prediction beside the measured mean, for each heuristic audited: one table, a row per
 * heuristic and threshold, with the words that say how it was made or why it was refused.
 * @param {Audit[]} audits
 * @returns {HTMLElement[]}
 */
function prediction(audits) {
  /** @type {HTMLElement[]} */
  const out = [];
  for (const a of audits) {
    const words = predictionWords(a);
    if (words) out.push(h("p", "audit-prediction-words", words));
  }
  const rows = audits.flatMap((a) => predictionRows(a).map((r) => ({ name: a.heuristic, ...r })));
  if (!rows.length) return out;
  const table = reportTable(
    "audit-prediction",
    "audit-prediction",
    "IDA*'s expansions in one complete iteration at threshold d: predicted (Korf, Reid and Edelkamp 2001) and measured",
    ["heuristic", "threshold d", "predicted", "measured mean", "95 % interval", "starts", "measured ÷ predicted"],
    rows,
    (r) => ({
      data: { heuristic: r.name, threshold: r.threshold },
      head: r.name,
      cells: [
        h("td", "", r.threshold),
        h("td", "predicted", r.predicted),
        h("td", "measured", r.measured),
        h("td", "", r.interval),
        h("td", "", r.starts),
        h("td", "", r.ratio),
      ],
    }),
  );
  out.push(sideways(table, "audit-prediction-wrap", "IDA*'s expansions predicted and measured, scrolls sideways"));
  return out;
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
    button("audit-again").setAttribute("aria-disabled", String(on));
    button("audit-stop").disabled = !on;
  }

  /** No report (a new check started, or one failed). */
  clear() {
    $("audit-report").replaceChildren();
    button("audit-download").disabled = true;
  }

  /**
   * The heuristics offered beside the one checked: those of the Search form's menu (the
   * engine's built-ins), once they are known.
   * @param {HTMLSelectElement} menu the Search form's heuristic menu
   * @param {string} own the value of its "your own formula" entry, not offered here
   */
  offerBeside(menu, own) {
    const beside = /** @type {HTMLSelectElement} */ ($("audit-beside"));
    if (beside.options.length > 1) return;
    for (const o of menu.options) if (o.value !== own) beside.add(new Option(o.text, o.value));
  }

  /**
   * The report of an audit.
   * @param {Audited} a
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
    if (a.against.length)
      parts.push(
        part(
          "audit-dominance",
          "Dominance over the built-ins",
          sideways(dominanceTable(a), "audit-against-wrap", "dominance over the built-ins, scrolls sideways"),
        ),
      );
    const audits = a.beside ? [a, a.beside] : [a];
    if (a.table) {
      /** @type {(Node | string)[]} */
      const content = [];
      if (a.picture)
        content.push(
          picture(
            a.picture,
            "Each cell counts the boards with that h* (across) and ⌊h⌋ (up), darker for more; cells above the dashed diagonal, outlined in red, are overestimates. The table below holds the same counts.",
          ),
        );
      if (a.beside) content.push(sideways(numbersTable(audits), "audit-numbers-wrap", "each heuristic's numbers, scrolls sideways"));
      content.push(gridTable(a.table));
      parts.push(part("audit-table", a.beside ? `h against h*, beside ${a.beside.heuristic}` : "h against h*", ...content));
    }
    if (audits.some((x) => x.prediction || x.prediction_refused))
      parts.push(part("audit-kre", "IDA*'s work predicted from h's distribution", ...prediction(audits)));
    if (a.notes.length) {
      const list = h("ul", "audit-notes");
      for (const n of a.notes) list.append(h("li", "", n));
      parts.push(part("audit-notes", "Notes", list));
    }
    $("audit-report").replaceChildren(...parts);
    button("audit-download").disabled = false;
  }
}
