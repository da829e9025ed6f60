// The Compare tab: the pairs to run (each editable), the table of results with the costs above
// the optimum flagged, a bar chart of one measure, and a race of the expansions on one shared
// scale.

import { fmt, fmtMs } from "../model/format.js";
import { takes, usesHeuristic } from "../model/options.js";
import { runName } from "../model/settings.js";
import { $, h, svg } from "./dom.js";
import { choiceSelect, numberRange } from "./form.js";
import { OWN } from "./own.js";

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").CompareRow} CompareRow */
/** @typedef {import("../model/settings.js").Run} Run */

/**
 * A run's status in words.
 * @param {CompareRow} r
 * @returns {string}
 */
function statusText(r) {
  if (r.status === "limit") return `did not finish (${r.limit})`;
  if (r.status === "not_found") return "no solution within the depth bound";
  return r.status;
}

/**
 * A run's cost, flagged when above the proven optimum `opt`.
 * @param {CompareRow} r
 * @param {number | null} opt
 * @returns {string}
 */
function costText(r, opt) {
  if (r.cost === null || r.cost === undefined) return "–";
  if (opt !== null && r.cost > opt) return `${fmt(r.cost)} ⚠ not optimal (+${fmt(r.cost - opt)})`;
  if (!r.optimal && opt === null) return `${fmt(r.cost)} (not proven optimal)`;
  return fmt(r.cost);
}

/**
 * The cost a proven-optimal run found, if any: the yardstick for the other costs.
 * @param {(CompareRow | null)[]} rows
 * @returns {number | null}
 */
export function optimumCost(rows) {
  const c = rows.filter((r) => r && r.status === "solved" && r.optimal).map((r) => /** @type {number} */ (r?.cost));
  return c.length ? Math.min(...c) : null;
}

export class CompareView {
  constructor() {
    this.pairs = $("compare-pairs");
    this.table = $("compare-table");
    this.chart = $("compare-chart");
    this.race = $("race");
  }

  /**
   * Adds a pair row (up to the engine's most): the algorithm, its heuristic, and an input for
   * each parameter the library describes, shown for the algorithms that read it.
   * @param {Options} options
   * @param {Run} pair
   * @param {() => void} changed called when the pair's algorithm changes
   */
  addPair(options, pair, changed) {
    const most = options.limits.max_compare;
    if (this.pairs.children.length >= most) return;
    const row = h("div", "pair");
    const algSel = h("select", "pair-alg");
    algSel.setAttribute("aria-label", "algorithm");
    for (const a of options.algorithms) algSel.add(new Option(a.name, a.name));
    algSel.value = pair.algorithm;
    const hSel = h("select", "pair-h");
    hSel.setAttribute("aria-label", "heuristic");
    for (const x of options.heuristics) hSel.add(new Option(x, x));
    // The student's own formula, as the Search form holds it when the compare runs.
    hSel.add(new Option("your own formula", OWN));
    const hv = pair.heuristic ?? options.defaults.heuristic;
    hSel.value = options.heuristics.some((x) => x === hv) || hv === OWN ? hv : options.defaults.heuristic;
    /** @type {[string, HTMLInputElement | HTMLSelectElement, HTMLElement][]} */
    const inputs = options.params.map((p) => {
      if (p.kind === "choice") {
        const choice = choiceSelect(p, `${p.name}: default`);
        choice.className = `pair-param pair-${p.flag}`;
        choice.dataset.key = p.key;
        choice.title = p.help;
        choice.setAttribute("aria-label", p.name);
        const v = pair[p.key];
        if (typeof v === "string") choice.value = v;
        return [p.key, choice, choice];
      }
      const field = h("input", `pair-param pair-${p.flag}`);
      field.dataset.key = p.key;
      const v = pair[p.key];
      if (p.kind === "flag") {
        field.type = "checkbox";
        field.checked = v === true;
        const label = h("label", `check pair-flag`);
        label.title = p.help;
        label.append(field, ` ${p.name}`);
        return [p.key, field, label];
      }
      numberRange(field, p);
      field.placeholder = p.default !== null ? `${p.name} ${p.default}` : p.name;
      field.title = p.help;
      field.setAttribute("aria-label", p.name);
      if (typeof v === "number") field.value = String(v);
      return [p.key, field, field];
    });
    const remove = h("button", "pair-remove", "×");
    remove.type = "button";
    remove.setAttribute("aria-label", "remove this pair");
    const sync = () => {
      hSel.disabled = !usesHeuristic(options, algSel.value);
      for (const [key, , shown] of inputs) shown.hidden = !takes(options, algSel.value, key);
    };
    algSel.addEventListener("change", () => {
      sync();
      changed();
    });
    remove.addEventListener("click", () => {
      row.remove();
      /** @type {HTMLButtonElement} */ ($("compare-add")).disabled = false;
    });
    row.append(algSel, hSel, ...inputs.map(([, , shown]) => shown), remove);
    this.pairs.appendChild(row);
    sync();
    /** @type {HTMLButtonElement} */ ($("compare-add")).disabled = this.pairs.children.length >= most;
  }

  /**
   * The pairs as typed: each parameter's input by key ("" when empty; "1" or "" for a flag).
   * @returns {{algorithm: string, heuristic: string, params: Record<string, string>}[]}
   */
  readPairs() {
    return [...this.pairs.querySelectorAll(".pair")].map((row) => {
      const v = (/** @type {string} */ sel) => /** @type {HTMLInputElement} */ (row.querySelector(sel)).value;
      /** @type {Record<string, string>} */
      const params = {};
      for (const f of /** @type {NodeListOf<HTMLInputElement>} */ (row.querySelectorAll(".pair-param"))) {
        const key = f.dataset.key || "";
        params[key] = f.type === "checkbox" ? (f.checked ? "1" : "") : f.value;
      }
      return { algorithm: v(".pair-alg"), heuristic: v(".pair-h"), params };
    });
  }

  /**
   * The compare's message.
   * @param {string} text
   * @param {"bad" | ""} [kind]
   */
  message(text, kind = "") {
    const msg = $("compare-msg");
    msg.className = kind;
    msg.textContent = text;
  }

  /**
   * Whether a compare is running.
   * @param {boolean} on
   */
  running(on) {
    $("compare-run").setAttribute("aria-disabled", String(on));
    /** @type {HTMLButtonElement} */ ($("compare-cancel")).disabled = !on;
  }

  /**
   * The table, the chart and the race, for these rows.
   * @param {Options} options
   * @param {(CompareRow | null)[]} rows
   * @param {Run[]} runs
   * @param {boolean} running
   */
  show(options, rows, runs, running) {
    const opt = optimumCost(rows);
    const tbody = /** @type {HTMLElement} */ (this.table.querySelector("tbody"));
    tbody.replaceChildren();
    rows.forEach((r, i) => {
      const tr = h("tr");
      tr.dataset.index = String(i);
      if (!r) {
        tr.className = "pending";
        const td = h("td", "", `${runName(options, runs[i])}: ${running ? "waiting…" : "not run"}`);
        td.colSpan = 10;
        tr.appendChild(td);
        tbody.appendChild(tr);
        return;
      }
      tr.tabIndex = 0;
      tr.title = "open this run's search tree";
      tr.classList.add(r.status === "solved" ? "finished" : "dnf");
      const timing = r.timing && r.timing.samples > 1 ? ` (median of ${r.timing.samples})` : "";
      const cells = [
        r.algorithm + (r.weight && r.weight !== 1 ? ` W ${r.weight}` : ""),
        r.heuristic,
        statusText(r),
        costText(r, opt),
        fmt(r.stats.expanded),
        fmt(r.stats.generated),
        fmt(r.stats.max_depth),
        fmt(r.stats.max_frontier),
        r.stats.effective_branching_factor == null ? "–" : r.stats.effective_branching_factor.toFixed(2),
        fmtMs(r.stats.time_ms) + timing,
      ];
      cells.forEach((c, k) => {
        const td = h("td", "", c);
        if (k === 3 && opt !== null && r.cost !== null && r.cost > opt) td.className = "flag";
        tr.appendChild(td);
      });
      tbody.appendChild(tr);
    });
    this.table.hidden = !rows.length;
    const done = rows.some(Boolean);
    $("compare-chart-controls").hidden = !done;
    $("race-box").hidden = !done;
    this.drawChart(options, rows);
    this.setupRace(options, rows);
  }

  /**
   * The bar chart of the measure chosen.
   * @param {Options} options
   * @param {(CompareRow | null)[]} all
   */
  drawChart(options, all) {
    const rs = /** @type {CompareRow[]} */ (all.filter(Boolean));
    const metric = /** @type {HTMLSelectElement} */ ($("compare-metric")).value;
    const log = /** @type {HTMLInputElement} */ ($("compare-log")).checked;
    const chart = this.chart;
    chart.replaceChildren();
    const W = Math.max(300, chart.clientWidth || 600);
    const rowH = 24;
    const labelW = Math.min(190, W * 0.4);
    const valueW = 90;
    const H = rs.length * rowH + 10;
    chart.setAttribute("viewBox", `0 0 ${W} ${H}`);
    chart.setAttribute("height", String(H));
    const val = (/** @type {CompareRow} */ r) => {
      if (metric === "cost") return r.cost || 0;
      const stats = /** @type {Record<string, number>} */ (/** @type {unknown} */ (r.stats));
      return stats[metric] || 0;
    };
    const scale = (/** @type {number} */ v) => (log ? Math.log10(v + 1) : v);
    const max = Math.max(1e-9, ...rs.map((r) => scale(val(r))));
    rs.forEach((r, i) => {
      const y = 5 + i * rowH;
      svg("text", { x: 0, y: y + 15 }, chart).textContent = runName(options, r);
      const width = Math.max(1, ((W - labelW - valueW) * scale(val(r))) / max);
      svg("rect", { class: r.status === "solved" ? "bar" : "bar dnf", x: labelW, y: y + 3, height: rowH - 8, width }, chart);
      const value = svg("text", { x: labelW + width + 5, y: y + 15 }, chart);
      value.textContent = (metric === "time_ms" ? fmtMs(val(r)) : fmt(val(r))) + (r.status === "solved" ? "" : " (did not finish)");
    });
  }

  /**
   * One lane per finished run.
   * @param {Options} options
   * @param {(CompareRow | null)[]} all
   */
  setupRace(options, all) {
    this.race.replaceChildren();
    for (const r of all) {
      if (!r) continue;
      const lane = h("div", "lane");
      const track = h("div", "track");
      track.appendChild(h("div", "fill"));
      lane.append(h("span", "name", runName(options, r)), track, h("span", "count"));
      lane.dataset.expanded = String(r.stats.expanded);
      this.race.appendChild(lane);
    }
    this.drawRace(all, 1);
  }

  /**
   * The race at `t` in [0, 1]: every lane has made t × (most expansions) expansions, or
   * stopped. All lanes share one scale, so a lane's full length is proportional to its
   * expansions.
   * @param {(CompareRow | null)[]} all
   * @param {number} t
   */
  drawRace(all, t) {
    const rs = /** @type {CompareRow[]} */ (all.filter(Boolean));
    const max = Math.max(1, ...rs.map((r) => r.stats.expanded));
    const opt = optimumCost(all);
    const lanes = this.race.children;
    const ranked = rs
      .filter((r) => r.status === "solved")
      .map((r) => r.stats.expanded)
      .sort((a, b) => a - b);
    rs.forEach((r, i) => {
      const total = r.stats.expanded;
      const now = Math.min(total, Math.round(t * max));
      const lane = /** @type {HTMLElement} */ (lanes[i]);
      const done = now >= total;
      const solved = r.status === "solved";
      lane.classList.toggle("done", done && solved);
      lane.classList.toggle("dnf", done && !solved);
      /** @type {HTMLElement} */ (lane.querySelector(".fill")).style.width = `${(100 * now) / max}%`;
      let tail = "";
      if (done && solved) {
        tail = ` · #${ranked.indexOf(total) + 1}`;
        if (opt !== null && r.cost !== null && r.cost > opt) tail += ` ⚠ ${fmt(r.cost)} moves (optimal ${fmt(opt)})`;
      } else if (done) tail = ` · did not finish (${r.limit || r.status})`;
      /** @type {HTMLElement} */ (lane.querySelector(".count")).textContent = `${fmt(now)}${tail}`;
    });
  }
}
