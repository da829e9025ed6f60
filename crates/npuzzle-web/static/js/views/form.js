// The settings form: the menus and inputs built from the options document (algorithms,
// heuristics, goal presets, sizes, and one input per parameter the library describes), read
// into the settings and written back from them, and kept in step with the algorithm chosen
// (what it reads is enabled, with its one-line description).

import { fmt } from "../model/format.js";
import { algInfo, heuristicTitle, inputId, isBig, isLocal, onePath, optimalChoice, takes, usesHeuristic } from "../model/options.js";
import { $, button, h, input, select } from "./dom.js";
import { OWN, ownField, showOwn } from "./own.js";

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").ParamInfo} ParamInfo */
/** @typedef {import("../model/settings.js").Settings} Settings */

export class Form {
  constructor() {
    this.algorithm = select("algorithm");
    this.heuristic = select("heuristic");
    this.ownFormula = ownField();
    this.goalPreset = select("goal-preset");
    this.goalText = input("goal-text");
    this.order = input("order");
    this.cost = select("cost");
    this.metric = select("metric");
    this.limitNodes = input("limit-nodes");
    this.limitTime = input("limit-time");
    this.recordTree = input("record-tree");
    this.width = select("width");
    this.height = select("height");
    /** @type {Map<string, HTMLInputElement | HTMLSelectElement>} each parameter's input, by key */
    this.params = new Map();
  }

  /**
   * Builds the menus and the parameters' inputs.
   * @param {Options} options
   */
  build(options) {
    for (const a of options.algorithms) {
      const o = new Option(`${a.title}${a.optimal ? "" : " (not optimal)"}`, a.name);
      o.title = a.summary;
      this.algorithm.add(o);
    }
    for (const name of options.heuristics) {
      const o = new Option(heuristicTitle(options, name), name);
      o.title = options.heuristic_info.find((x) => x.name === name)?.summary || "";
      this.heuristic.add(o);
    }
    // A formula the student writes: its text is sent where a heuristic's name would be.
    const own = new Option("your own (a formula)\u2026", OWN);
    own.title = "a formula over the built-in heuristics and the board, such as max(manhattan, misplaced)";
    this.heuristic.add(own);
    for (const g of options.goals) this.goalPreset.add(new Option(g.label, g.name));
    this.goalPreset.add(new Option("custom…", "custom"));
    for (let s = options.limits.min_side; s <= options.limits.max_side; s++) {
      this.width.add(new Option(String(s), String(s)));
      this.height.add(new Option(String(s), String(s)));
    }
    this.order.value = options.defaults.order;
    for (const c of options.cost_models) {
      const o = new Option(c.name === "tile" ? "tile t costs t (heavy tiles)" : "unit (every move 1)", c.name);
      o.title = c.summary;
      this.cost.add(o);
    }
    this.cost.value = "unit";
    for (const m of options.metrics) {
      const o = new Option(m.name === "mtm" ? "multi-tile moves (MTM)" : "single-tile moves (STM)", m.name);
      o.title = m.summary;
      this.metric.add(o);
    }
    this.metric.value = "stm";
    this.limitTime.placeholder = `${fmt(options.limits.time_ms)} (cap)`;
    this.limitNodes.placeholder = `${fmt(options.limits.nodes)} (cap)`;
    const search = $("search-params");
    const local = $("local-options");
    for (const p of options.params) {
      const { label, field } = paramInput(p);
      this.params.set(p.key, field);
      (p.group === "local" ? local : search).appendChild(label);
    }
  }

  /**
   * Every input whose change changes the settings.
   * @returns {HTMLElement[]}
   */
  inputs() {
    return [
      this.heuristic,
      this.ownFormula,
      this.order,
      this.cost,
      this.metric,
      this.limitNodes,
      this.limitTime,
      this.recordTree,
      ...this.params.values(),
    ];
  }

  /**
   * The settings as the form holds them (the board is not the form's: it is kept as is).
   * @param {Settings} s the settings to complete
   * @returns {Settings}
   */
  read(s) {
    /** @type {Record<string, string>} */
    const params = {};
    for (const [key, field] of this.params)
      params[key] = field instanceof HTMLInputElement && field.type === "checkbox" ? (field.checked ? "1" : "") : field.value;
    return {
      ...s,
      goalPreset: this.goalPreset.value,
      goalText: this.goalText.value,
      algorithm: this.algorithm.value,
      heuristic: this.heuristic.value === OWN ? this.ownFormula.value.trim() : this.heuristic.value,
      order: this.order.value,
      cost: this.cost.value || "unit",
      metric: this.metric.value || "stm",
      params,
      limitNodes: this.limitNodes.value,
      limitTime: this.limitTime.value,
      recordTree: this.recordTree.checked,
    };
  }

  /**
   * Writes settings into the form.
   * @param {Partial<Settings>} s
   */
  write(s) {
    if (s.w !== undefined) this.width.value = String(s.w);
    if (s.h !== undefined) this.height.value = String(s.h);
    if (s.goalPreset !== undefined) {
      this.goalPreset.value = s.goalPreset;
      this.showCustomGoal(s.goalPreset === "custom");
    }
    if (s.goalText !== undefined) this.goalText.value = s.goalText;
    if (s.algorithm !== undefined) this.algorithm.value = s.algorithm;
    if (s.heuristic !== undefined) this.writeHeuristic(s.heuristic);
    if (s.order !== undefined) this.order.value = s.order;
    if (s.cost !== undefined) this.cost.value = s.cost;
    $("cost-summary").textContent = this.cost.selectedOptions[0]?.title || "";
    if (s.metric !== undefined) this.metric.value = s.metric;
    if (s.limitNodes !== undefined) this.limitNodes.value = s.limitNodes;
    if (s.limitTime !== undefined) this.limitTime.value = s.limitTime;
    if (s.recordTree !== undefined) this.recordTree.checked = s.recordTree;
    for (const [key, text] of Object.entries(s.params || {})) {
      const field = this.params.get(key);
      if (!field) continue;
      if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = text === "1";
      else field.value = text;
    }
  }

  /**
   * Chooses a heuristic: a built-in by its name, anything else as the formula's text.
   * @param {string} name
   */
  writeHeuristic(name) {
    const builtin = [...this.heuristic.options].some((o) => o.value === name && o.value !== OWN);
    if (builtin) this.heuristic.value = name;
    else {
      this.heuristic.value = OWN;
      this.ownFormula.value = name;
    }
    showOwn(!builtin);
  }

  /** Whether the heuristic is the student's own formula. */
  ownChosen() {
    return this.heuristic.value === OWN;
  }

  /**
   * Shows or hides the custom goal's input.
   * @param {boolean} on
   */
  showCustomGoal(on) {
    $("goal-text-label").hidden = !on;
  }

  /**
   * Enables what the chosen algorithm reads and describes it; on a board beyond the classic
   * searches' sizes, offers the reductions only (the library's default there first).
   * @param {Options} options
   * @param {Settings} s
   * @param {boolean} localResult the last result is a local search's (its tab stays)
   */
  sync(options, s, localResult) {
    const cells = s.w * s.h;
    const big = isBig(options, cells);
    // Under multi-tile moves only what searches and estimates in slides is offered.
    const metric = options.metrics.find((m) => m.name === (this.metric.value || "stm")) || options.metrics[0];
    for (const o of this.algorithm.options)
      o.disabled = (big && !onePath(options, o.value)) || !metric.algorithms.some((a) => a === o.value);
    // A formula is offered under either metric: the engine says when a part it reads is refused.
    for (const o of this.heuristic.options) o.disabled = o.value !== OWN && !metric.heuristics.some((x) => x === o.value);
    if (!big && !metric.algorithms.some((a) => a === this.algorithm.value)) this.algorithm.value = options.defaults.algorithm;
    if (!this.ownChosen() && !metric.heuristics.some((x) => x === this.heuristic.value)) this.heuristic.value = options.defaults.heuristic;
    showOwn(this.ownChosen());
    $("metric-summary").textContent = metric.name === "stm" ? "" : `${metric.summary}.`;
    const bc = options.big_choice;
    const near = bc.near_sizes.some(([w, h]) => w === s.w && h === s.h);
    const choice = near ? bc.near : bc.algorithm;
    const beyondNear = !near && this.algorithm.value === bc.near && bc.near !== bc.algorithm;
    if (big && (!onePath(options, this.algorithm.value) || beyondNear)) this.algorithm.value = choice;
    const alg = this.algorithm.value;
    const a = algInfo(options, alg);
    const uses = usesHeuristic(options, alg);
    this.heuristic.disabled = !uses;
    this.ownFormula.disabled = !uses;
    for (const [key, field] of this.params) field.disabled = !takes(options, alg, key);
    // The repeated-state menu offers only the rules this algorithm can run under.
    const dup = this.params.get("duplicates");
    if (dup instanceof HTMLSelectElement && a) {
      for (const o of dup.options) o.disabled = o.value !== "" && !a.duplicates.some((d) => d === o.value);
      if (dup.selectedOptions[0]?.disabled) dup.value = "";
    }
    $("local-options").hidden = !isLocal(options, alg);
    $("tab-local").hidden = !isLocal(options, alg) && !localResult;
    // Reduction walks one path: there is no search tree to record.
    this.recordTree.disabled = onePath(options, alg);
    $("alg-summary").textContent = a
      ? `${a.title}: ${a.summary}. Frontier: ${a.frontier}; goal test ${a.goal_test === "on_generation" ? "when generated" : "when selected"}.`
      : "";
    const hi = options.heuristic_info.find((x) => x.name === this.heuristic.value);
    const own = this.ownChosen();
    let hText = uses
      ? hi
        ? `${hi.title}: ${hi.summary}`
        : own
          ? "Your own heuristic: the formula below."
          : ""
      : "This algorithm uses no heuristic.";
    if (uses && hi?.note) hText += ` ${hi.note}`;
    $("h-summary").textContent = hText;
    const hName = own ? this.ownFormula.value.trim() || "your own formula" : this.heuristic.value;
    $("bar-choice").textContent = a ? `${a.title}${uses ? ` + ${hName}` : ""} · order ${this.order.value}` : "";
    const max = options.limits.classic_max_cells;
    $("size-note").textContent = big
      ? `Boards over ${max} cells are solved by ${choice} (the default for this size: the shortest answers here, with a lower bound), ${bc.algorithm === choice ? "" : `${bc.algorithm}, `}or reduce (fast, simple); none is optimal. The other algorithms and the search tree stay at ${max} cells and below.`
      : "";
    const c = optimalChoice(options, cells);
    const table = options.heuristic_info.find((x) => x.name === c.heuristic);
    const oc = button("optimal-choice");
    // No optimal solver reaches past the classic sizes: the page offers reduction there.
    oc.disabled = big;
    oc.textContent = `optimal (${table?.table || c.heuristic})`;
    // The button applies what it names, whatever happens to the board before it is pressed.
    oc.dataset.algorithm = c.algorithm;
    oc.dataset.heuristic = c.heuristic;
    $("optimal-note").textContent = `${algInfo(options, c.algorithm)?.title || c.algorithm} over ${table?.summary || c.heuristic}.`;
  }
}

/**
 * A menu of a choice's names (a convention), led by an empty entry that leaves it to the
 * algorithm: named `blank`.
 * @param {ParamInfo} p
 * @param {string} blank
 * @returns {HTMLSelectElement}
 */
export function choiceSelect(p, blank) {
  const field = /** @type {HTMLSelectElement} */ (h("select"));
  const none = h("option", "", blank);
  none.value = "";
  field.append(none);
  for (const c of p.choices) {
    const o = h("option", "", c);
    o.value = c;
    field.append(o);
  }
  return field;
}

/**
 * The input of one parameter, with its label, from the library's description.
 * @param {ParamInfo} p
 * @returns {{label: HTMLLabelElement, field: HTMLInputElement | HTMLSelectElement}}
 */
function paramInput(p) {
  const label = h("label");
  label.title = p.help;
  if (p.kind === "choice") {
    // "default", not the default's name: a course's rules may set this one (the tooltip says
    // what each default is).
    const choice = choiceSelect(p, "default");
    choice.id = inputId(p);
    label.append(`${p.label} `, choice);
    return { label, field: choice };
  }
  const field = h("input");
  field.id = inputId(p);
  if (p.kind === "flag") {
    field.type = "checkbox";
    label.className = "check";
    label.append(field, ` ${p.label}`);
    return { label, field };
  }
  numberRange(field, p);
  const note = p.default_note && p.default_note.length <= 10 ? p.default_note : "default";
  field.placeholder = p.default !== null ? String(p.default) : note;
  label.append(`${p.label} `, field);
  return { label, field };
}

/**
 * Makes `field` a number box over the parameter's range and step, as the library describes
 * them (the Compare tab's pair rows use it too).
 * @param {HTMLInputElement} field
 * @param {ParamInfo} p
 */
export function numberRange(field, p) {
  field.type = "number";
  if (p.min !== null) field.min = String(p.min);
  else if (p.kind === "integer") field.min = "0";
  if (p.max !== null) field.max = String(p.max);
  field.step = p.step === null ? "any" : String(p.step);
}
