// The tree's layout and the local search's replay, on searches the library recorded.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { layout, metrics, styleFor } from "../../static/js/model/layout.js";
import { LocalReplay } from "../../static/js/model/local.js";
import { Replay } from "../../static/js/model/replay.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), "utf8"));
const options = fixture("options");
const load = (name) => {
  const r = fixture(name);
  return new Replay(
    r.tree,
    r.trace,
    options.algorithms.find((a) => a.name === r.algorithm),
  );
};

test("the style follows the tree's size unless one is chosen", () => {
  assert.equal(styleFor("auto", 14, 9), "boards");
  assert.equal(styleFor("auto", 14, 25), "labels");
  assert.equal(styleFor("auto", 401, 9), "shapes");
  assert.equal(styleFor("labels", 14, 9), "labels");
});

for (const name of ["astar-nilsson", "idastar-nilsson", "bidirectional-nilsson", "bfs-capped"]) {
  test(`${name}: children sit below their parent, no two nodes share a place, all inside the bounds`, () => {
    const replay = load(name);
    for (const style of ["boards", "labels", "shapes"]) {
      const m = metrics(style, replay, false);
      for (const count of [1, Math.ceil(replay.nodes.length / 2), replay.nodes.length]) {
        const { pos, bounds } = layout(replay, count, m);
        assert.equal(pos.length, count);
        const seen = new Set();
        for (let i = 0; i < count; i++) {
          const [x, y] = pos[i];
          const key = `${x.toFixed(3)},${y.toFixed(3)}`;
          assert.ok(!seen.has(key), `${style}: node ${i} overlaps another`);
          seen.add(key);
          assert.ok(x >= 0 && x <= bounds.w && y >= 0 && y <= bounds.h, `${style}: node ${i} at ${x},${y} outside ${bounds.w}×${bounds.h}`);
          const p = replay.nodes[i].parent;
          if (p !== null) assert.equal(y - pos[p][1], m.ystep, `${style}: node ${i} is one level under its parent`);
        }
      }
    }
  });
}

test("a parent is centred over its first and last child", () => {
  const replay = load("astar-nilsson");
  const m = metrics("labels", replay, false);
  const { pos } = layout(replay, replay.nodes.length, m);
  for (const [id, kids] of replay.children.entries()) {
    if (!kids.length) continue;
    assert.ok(Math.abs(pos[id][0] - (pos[kids[0]][0] + pos[kids.at(-1)][0]) / 2) < 1e-9, `node ${id}`);
  }
});

test("a local search's replay: h over the steps, restarts, and the events of each step", () => {
  const r = fixture("annealing");
  const local = new LocalReplay(r.trace.events);
  assert.ok(local.events.length > 0 && local.events.every((e) => e.event.startsWith("local_")));
  const steps = local.series.map((p) => p.step);
  assert.deepEqual(
    steps,
    [...steps].sort((a, b) => a - b),
  );
  assert.ok(
    local.series.every((p) => p.t !== undefined),
    "annealing has a temperature at every step",
  );
  // Before any event nothing is shown; after the first, the start.
  assert.equal(local.window(0).last, null);
  const first = local.window(1);
  assert.equal(first.currents.length, 1);
  assert.deepEqual(first.currents[0].board, r.start.flat());
  // "next step" lands on a step's current state.
  const k = local.nextStep(1);
  assert.equal(local.events[k - 1].event, "local_current");
  assert.ok(local.events[k - 1].step > local.events[0].step);
});
