// Request bodies made from the settings: what an algorithm reads is sent, nothing else.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { compareBody, pairRun, runName, settingsKey, solveBody } from "../../static/js/model/settings.js";
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

test("compare runs: the heuristic of an algorithm that uses none is zero; names say what differs", () => {
  assert.deepEqual(pairRun(options, "bfs", "manhattan", "", ""), { algorithm: "bfs", heuristic: "zero" });
  assert.deepEqual(pairRun(options, "astar", "manhattan", "4", "30"), { algorithm: "astar", heuristic: "manhattan", weight: 4 });
  assert.deepEqual(pairRun(options, "dfs", "manhattan", "", "30"), { algorithm: "dfs", heuristic: "zero", max_depth: 30 });
  assert.equal(runName(options, { algorithm: "astar", heuristic: "manhattan", weight: 4 }), "astar + manhattan (W 4)");
  assert.equal(runName(options, { algorithm: "dfs", heuristic: "zero", max_depth: 30 }), "dfs (depth ≤ 30)");
  const body = compareBody(base(), options, [{ algorithm: "bfs", heuristic: "zero" }]);
  assert.equal(body.stream, true);
  assert.equal(body.runs.length, 1);
});
