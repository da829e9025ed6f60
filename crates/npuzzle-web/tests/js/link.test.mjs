// Links: the settings written into a query and read back, and what a mangled link becomes.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { isFormula, MAX_FORMULA_CHARS, paramAccepts, readLink, writeLink } from "../../static/js/model/link.js";
import { createState } from "../../static/js/model/state.js";

const options = JSON.parse(readFileSync(new URL("fixtures/options.json", import.meta.url), "utf8"));
const param = (key) => options.params.find((p) => p.key === key);

test("an empty link is the first visit", () => {
  assert.equal(readLink("", options).empty, true);
});

test("what a link sets is read back as written", () => {
  const s = {
    ...createState().settings,
    start: [1, 2, 3, 4, 5, 6, 7, 8, 0],
    goalPreset: "blank-last",
    algorithm: "annealing",
    heuristic: "manhattan",
    order: "LURD",
    params: { cooling: "0.5", seed: "", stochastic: "" },
    limitTime: "300",
    recordTree: false,
  };
  const q = writeLink(s, options, { seed: "7", run: true });
  assert.equal(q.get("seed"), "7", "a local search's link repeats the last run's seed");
  const back = readLink(`?${q}`, options);
  assert.deepEqual(back.problems, []);
  assert.equal(back.patch.algorithm, "annealing");
  assert.equal(back.patch.order, "LURD");
  assert.equal(back.patch.limitTime, "300");
  assert.equal(back.patch.recordTree, false);
  assert.equal(back.params.cooling, "0.5");
  assert.equal(back.params.seed, "7");
  assert.equal(back.run, true);
  assert.equal(back.start, "1 2 3/4 5 6/7 8 0");
});

test("what a link gets wrong is named, and the rest is kept", () => {
  const back = readLink("?start=1 2 3&algorithm=foo&heuristic=astral&order=UUDL&weight=0.5&beam_width=0&nodes=x&heuristic2=1", options);
  assert.deepEqual(back.problems, [
    "unknown algorithm \u201cfoo\u201d",
    "unknown heuristic \u201castral\u201d",
    "unknown order \u201cUUDL\u201d",
    "unknown weight \u201c0.5\u201d",
    "unknown beam_width \u201c0\u201d",
    "unknown nodes \u201cx\u201d",
  ]);
  assert.equal(back.patch.algorithm, undefined);
  assert.equal(back.start, "1 2 3");
});

test("sizes follow the engine's limits, not a number of the page's own", () => {
  assert.deepEqual(readLink("?size=12x12", options).fallbackSize, [12, 12]);
  assert.deepEqual(readLink("?size=7x4", options).fallbackSize, [7, 4]);
  assert.deepEqual(readLink(`?size=${options.limits.max_side + 1}x3`, options).fallbackSize, [3, 3]);
  assert.deepEqual(readLink("?size=1x9", options).fallbackSize, [3, 3]);
});

test("goals: a preset by name, anything else a custom board; a step to open", () => {
  assert.equal(readLink("?goal=snail", options).patch.goalPreset, "snail");
  const custom = readLink("?goal=1 2 3/8 0 4/7 6 5&step=12", options);
  assert.equal(custom.patch.goalPreset, "custom");
  assert.equal(custom.patch.goalText, "1 2 3/8 0 4/7 6 5");
  assert.equal(custom.step, 12);
});

test("parameters are checked against their range as the library states it", () => {
  assert.equal(paramAccepts(param("weight"), "1"), true);
  assert.equal(paramAccepts(param("weight"), "0.99"), false);
  assert.equal(paramAccepts(param("cooling"), "1"), false, "cooling excludes 1");
  assert.equal(paramAccepts(param("cooling"), "0.9"), true);
  assert.equal(paramAccepts(param("temperature"), "0"), false, "temperature excludes 0");
  assert.equal(paramAccepts(param("beam_width"), "100000"), true);
  assert.equal(paramAccepts(param("beam_width"), "100001"), false);
  assert.equal(paramAccepts(param("max_depth"), "2.5"), false, "a whole number");
  assert.equal(paramAccepts(param("seed"), "18446744073709551615"), true);
  // A course's rules: one of the names the library lists.
  assert.equal(paramAccepts(param("ties"), "lifo"), true);
  assert.equal(paramAccepts(param("ties"), "coin"), false);
  assert.equal(paramAccepts(param("rules"), "cs188"), true);
});

test("a course's rules travel in a link", () => {
  const s = {
    ...createState().settings,
    start: [1, 2, 3, 4, 5, 6, 7, 0, 8],
    goalPreset: "blank-last",
    algorithm: "astar",
    heuristic: "misplaced",
    order: "LURD",
  };
  const q = writeLink({ ...s, params: { rules: "princeton", goal_test: "generation" } }, options);
  const back = readLink(`?${q}`, options);
  assert.deepEqual(back.problems, []);
  assert.equal(back.params.rules, "princeton");
  assert.equal(back.params.goal_test, "generation");
  const bad = readLink(`?${q}`.replace("princeton", "mit"), options);
  assert.equal(bad.problems.length, 1, "an unknown course is named");
});

test("the step cost travels in a link, and an unknown one is named", () => {
  const s = { ...createState().settings, start: [1, 2, 3, 4, 5, 6, 7, 0, 8], goalPreset: "blank-last", cost: "tile" };
  const q = writeLink(s, options);
  assert.equal(q.get("cost"), "tile");
  assert.equal(readLink(`?${q}`, options).patch.cost, "tile");
  // Unit costs are the default and leave the link as it was.
  assert.equal(writeLink({ ...s, cost: "unit" }, options).has("cost"), false);
  const bad = readLink("?start=1 2 3/4 5 6/7 0 8&cost=gold", options);
  assert.deepEqual(bad.problems, ["unknown cost \u201cgold\u201d"]);
  assert.equal(bad.patch.cost, undefined);
});

test("a student's formula travels in a link as text, and a bare unknown word is still an unknown heuristic", () => {
  const formula = "max(manhattan, 2*misplaced) + count(row != goal_row and col == goal_col)";
  const s = { ...createState().settings, start: [2, 8, 3, 1, 6, 4, 7, 0, 5], algorithm: "astar", heuristic: formula, order: "LURD" };
  const q = writeLink(s, options, { run: true });
  assert.equal(q.get("heuristic"), formula);
  const back = readLink(`?${q}`, options);
  assert.deepEqual(back.problems, []);
  assert.equal(back.patch.heuristic, formula);
  // A misspelled name stays a problem the page names, as before formulas.
  const typo = readLink("?heuristic=manhatan", options);
  assert.equal(typo.patch.heuristic, undefined);
  assert.match(typo.problems.join(), /unknown heuristic \u201cmanhatan\u201d/);
  assert.equal(isFormula("2*misplaced"), true);
  assert.equal(isFormula("  "), false);
  assert.equal(isFormula("linear-conflict"), false);
  assert.equal(isFormula(`1+${"1".repeat(MAX_FORMULA_CHARS)}`), false, "longer than the library reads");
});
