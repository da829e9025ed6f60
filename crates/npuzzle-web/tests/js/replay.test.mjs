// The replay model on searches the library recorded (fixtures/, written by the crate's Rust
// test `fixtures_are_up_to_date` from the engine's own answers).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Replay } from "../../static/js/model/replay.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), "utf8"));
const options = fixture("options");
const info = (name) => options.algorithms.find((a) => a.name === name);
const load = (name) => {
  const r = fixture(name);
  return { r, replay: new Replay(r.tree, r.trace, info(r.algorithm)) };
};

for (const name of ["astar-nilsson", "idastar-nilsson", "bidirectional-nilsson", "bfs-capped"]) {
  test(`${name}: the open list and the frontier-coloured nodes agree at every event`, () => {
    const { replay } = load(name);
    for (let k = 0; k <= replay.events.length; k++) {
      const s = replay.at(k);
      const frontier = s.states.flatMap((st, id) => (st === "frontier" ? [id] : []));
      const listed = [...s.list].sort((a, b) => a - b);
      if (s.size === s.list.length) assert.deepEqual(listed, frontier, `event ${k}`);
      else
        assert.ok(
          listed.every((id) => frontier.includes(id)),
          `event ${k}: a listed node is not frontier`,
        );
      assert.ok(s.states.filter((st) => st === "current").length <= 1, `event ${k}: more than one current node`);
    }
  });

  test(`${name}: nodes appear as they are generated, and the next selection is known`, () => {
    const { replay } = load(name);
    const E = replay.events;
    for (let k = 0; k <= E.length; k++) {
      const generated = E.slice(0, k).filter((e) => e.event === "generated" && e.id < replay.nodes.length).length;
      assert.equal(replay.countAt(k), generated, `event ${k}`);
      const next = E.slice(k).find((e) => e.event === "selected");
      assert.equal(replay.nextSel[k], next ? next.id : -1, `event ${k}`);
      if (next) assert.equal(E[replay.nextSelAt[k]], next);
      const s = replay.at(k);
      // A node has a state exactly when it has been generated.
      s.states.forEach((st, id) => {
        assert.equal(st !== null, id < generated, `event ${k}, node ${id}`);
      });
    }
  });

  test(`${name}: a step back is the same state as the replay from the start`, () => {
    const { replay } = load(name);
    const n = replay.events.length;
    const late = replay.at(n);
    for (const k of [n, Math.floor(n / 2), 1, 0]) {
      const again = new Replay(replay.tree, { events: replay.events, truncated: replay.truncated, frontier_shown: 100 }, replay.info).at(k);
      assert.deepEqual(replay.at(k), again);
    }
    assert.ok(late.states.every((st) => st !== null));
  });
}

test("the pseudocode step of an event is the library's, the latest one shown", () => {
  const { replay } = load("astar-nilsson");
  assert.equal(replay.stepAt(0), null);
  assert.equal(replay.stepAt(1), "start");
  const sel = replay.events.findIndex((e, i) => i > 0 && e.event === "selected");
  assert.equal(replay.stepAt(sel + 1), "select");
  // A frontier snapshot reports only: the step before it stays lit.
  const snap = replay.events.findIndex((e) => e.event === "frontier");
  assert.equal(replay.events[snap].pseudocode, undefined);
  assert.equal(replay.stepAt(snap + 1), replay.stepAt(snap));
});

test("IDA*: one iteration per bound, each with its root, the bound named from the algorithm", () => {
  const { replay } = load("idastar-nilsson");
  assert.ok(replay.iterations.length >= 2);
  assert.deepEqual(
    replay.iterations.map((it) => it.number),
    replay.iterations.map((_, i) => i + 1),
  );
  for (const it of replay.iterations) {
    assert.equal(replay.nodes[it.root].label, "S0");
    assert.equal(replay.caption(it.root), `iteration ${it.number}: bound f ≤ ${it.bound}`);
  }
  assert.equal(replay.iterationAt(replay.events.length), replay.iterations.at(-1));
});

test("bidirectional search: two roots, captioned by direction, and where they meet", () => {
  const { replay } = load("bidirectional-nilsson");
  assert.equal(replay.twoRoots, true);
  const roots = replay.nodes.filter((n) => n.parent === null);
  assert.deepEqual(
    roots.map((n) => replay.caption(n.id)),
    ["from the start", "from the goal"],
  );
  assert.ok(replay.meet);
  const { a, b } = replay.meet;
  assert.deepEqual(replay.nodes[a].board, replay.nodes[b].board);
});

test("a capped tree: the replay stops where recording stopped", () => {
  const { r, replay } = load("bfs-capped");
  assert.equal(r.tree.capped, true);
  assert.equal(replay.nodes.length, r.tree.limit);
  assert.equal(replay.countAt(replay.events.length), replay.nodes.length);
});

test("the path of labels to a node", () => {
  const { replay } = load("astar-nilsson");
  const deep = replay.nodes.reduce((a, b) => (b.g > a.g ? b : a));
  const path = replay.pathLabels(deep.id);
  assert.equal(path.length, deep.g + 1);
  assert.equal(path[0], "S0");
  assert.equal(path.at(-1), deep.label);
});
