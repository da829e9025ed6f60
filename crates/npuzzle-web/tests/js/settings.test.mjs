// Request bodies made from the settings: what an algorithm reads is sent, nothing else.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  compareBody,
  compareKey,
  depthBody,
  pairRun,
  parseDepths,
  runName,
  settingsKey,
  solveBody,
} from "../../static/js/model/settings.js";
import { createState } from "../../static/js/model/state.js";

const options = JSON.parse(readFileSync(new URL("fixtures/options.json", import.meta.url), "utf8"));
const base = () => ({ ...createState().settings, start: [1, 2, 3, 4, 5, 6, 7, 8, 0], algorithm: "astar", heuristic: "manhattan" });

test("a tree search records its tree and trace when asked, and takes only its parameters", () => {
  const s = { ...base(), params: { weight: "2", max_depth: "9", beam_width: "4" }, limitNodes: "100" };
  const body = solveBody(s, options, null);
  assert.equal(body.start, "1 2 3/4 5 6/7 8 0");
  assert.equal(body.weight, 2);
  assert.equal(body.max_depth, undefined, "A* takes no depth bound");
  assert.equal(body.beam_width, undefined);
  assert.deepEqual(body.limits, { nodes: 100 });
  assert.equal(body.tree, true);
  assert.equal(body.trace, true);
  assert.equal(solveBody({ ...s, recordTree: false }, options, null).tree, undefined);
  // A weight of 1 is plain A*: not sent.
  assert.equal(solveBody({ ...s, params: { weight: "1" } }, options, null).weight, undefined);
  // A course's rules go as their names; a name the library does not list is not sent.
  const rules = solveBody({ ...s, params: { rules: "cs188", ties: "lifo", duplicates: "never" } }, options, null);
  assert.equal(rules.rules, "cs188");
  assert.equal(rules.ties, "lifo");
  assert.equal(rules.duplicates, undefined);
});

test("a local search gets its seed and its trace, never a tree", () => {
  const s = { ...base(), algorithm: "local-beam", params: { beam_width: "4", stochastic: "1", weight: "3" } };
  const body = solveBody(s, options, "42");
  assert.equal(body.seed, 42);
  assert.equal(body.beam_width, 4);
  assert.equal(body.stochastic, true);
  assert.equal(body.weight, undefined);
  assert.equal(body.trace, true);
  assert.equal(body.tree, undefined);
});

test("the reductions record nothing: one path, no tree", () => {
  const body = solveBody({ ...base(), algorithm: "reduce" }, options, null);
  assert.equal(body.tree, undefined);
  assert.equal(body.trace, undefined);
});

test("results go stale when the settings change, not when only the recording does", () => {
  const s = base();
  const key = settingsKey(s, options, null);
  assert.equal(settingsKey({ ...s, recordTree: false }, options, null), key);
  assert.notEqual(settingsKey({ ...s, order: "LURD" }, options, null), key);
});

test("compare runs: an algorithm that uses no heuristic is sent none; every parameter an algorithm reads is sent; names say what differs", () => {
  const typed = (/** @type {Record<string, string>} */ t) => ({ weight: "", max_depth: "", ...t });
  assert.deepEqual(pairRun(options, "bfs", "manhattan", typed({})), { algorithm: "bfs" });
  assert.deepEqual(pairRun(options, "astar", "manhattan", typed({ weight: "4", max_depth: "30" })), {
    algorithm: "astar",
    heuristic: "manhattan",
    weight: 4,
  });
  assert.deepEqual(pairRun(options, "dfs", "manhattan", typed({ max_depth: "30" })), {
    algorithm: "dfs",
    max_depth: 30,
  });
  // The parameters of the local searches go the same way as the classic searches' (a default is
  // left to the library, a flag is sent when ticked).
  assert.deepEqual(pairRun(options, "local-beam", "manhattan", typed({ beam_width: "4", stochastic: "1", seed: "7", cooling: "0.5" })), {
    algorithm: "local-beam",
    heuristic: "manhattan",
    beam_width: 4,
    stochastic: true,
    seed: 7,
  });
  assert.deepEqual(pairRun(options, "astar", "manhattan", typed({ weight: "1" })), { algorithm: "astar", heuristic: "manhattan" });
  assert.equal(
    runName(options, { algorithm: "local-beam", heuristic: "manhattan", beam_width: 4, stochastic: true }),
    "local-beam + manhattan (beam width 4, stochastic beam)",
  );
  assert.equal(runName(options, { algorithm: "astar", heuristic: "manhattan", weight: 1 }), "astar + manhattan");
  assert.equal(runName(options, { algorithm: "astar", heuristic: "manhattan", weight: 4 }), "astar + manhattan (weight 4)");
  assert.equal(runName(options, { algorithm: "dfs", heuristic: "zero", max_depth: 30 }), "dfs (depth bound 30)");
  const body = compareBody(base(), options, [{ algorithm: "bfs", heuristic: "zero" }]);
  assert.equal(body.stream, true);
  assert.equal(body.runs.length, 1);
});

test("the experiment's depths are read as the CLI reads them", () => {
  assert.deepEqual(parseDepths("2..10:2"), [2, 4, 6, 8, 10]);
  assert.deepEqual(parseDepths("3..5"), [3, 4, 5]);
  assert.deepEqual(parseDepths("4, 8,12"), [4, 8, 12]);
  assert.equal(parseDepths("10..2"), null);
  assert.equal(parseDepths("2..10:0"), null);
  assert.equal(parseDepths("a,b"), null);
});

test("tile costs go into solve, compare and depth bodies; unit costs are left to the default", () => {
  const s = {
    ...createState().settings,
    start: [1, 2, 3, 4, 5, 6, 7, 0, 8],
    goalPreset: "blank-last",
    algorithm: "ucs",
    heuristic: "zero",
    order: "",
  };
  assert.equal(solveBody(s, options, null).cost, undefined);
  const tile = { ...s, cost: "tile" };
  assert.equal(solveBody(tile, options, null).cost, "tile");
  assert.equal(compareBody(tile, options, []).cost, "tile");
  assert.notEqual(compareKey(s), compareKey(tile));
  assert.deepEqual(depthBody(tile, options, { depths: [2, 4] }), {
    size: "3x3",
    goal: "blank-last",
    order: options.defaults.order,
    cost: "tile",
    depths: [2, 4],
  });
});
