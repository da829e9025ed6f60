// Worksheet questions and grading, on a search the library recorded.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Replay } from "../../static/js/model/replay.js";
import { grade, labelsIn, openText, worksheetRows } from "../../static/js/model/worksheet.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), "utf8"));

test("each row asks for the next selection and the open list after it, from the events", () => {
  const r = fixture("astar-nilsson");
  const info = fixture("options").algorithms.find((a) => a.name === "astar");
  const replay = new Replay(r.tree, r.trace, info);
  const rows = worksheetRows(replay, 0, 4);
  assert.equal(rows.length, 4);
  assert.equal(rows[0].next, "S0");
  assert.deepEqual(
    rows.map((row) => row.number),
    [1, 2, 3, 4],
  );
  for (const row of rows) {
    const sel = replay.events[row.at];
    assert.equal(sel.event, "selected");
    assert.equal(replay.nodes[sel.id].label, row.next);
    const snap = replay.events
      .slice(row.at + 1, row.end)
      .filter((e) => e.event === "frontier")
      .at(-1);
    assert.deepEqual(
      row.open,
      snap.entries.slice(0, 8).map((x) => replay.nodes[x.id].label),
    );
  }
  // Asked from later on, the numbering goes on from the selections made.
  const later = worksheetRows(replay, rows[1].end, 1);
  assert.equal(later[0].number, 3);
});

test("answers are read leniently: case, commas or spaces, notes beside the labels", () => {
  assert.deepEqual(labelsIn("s2, S21 (f 5) g0"), ["S2", "S21", "G0"]);
  const row = { at: 0, end: 5, number: 1, next: "S2", open: ["S21", "S1"], size: 2 };
  assert.deepEqual(grade(row, "s2", "S21 S1"), { okNext: true, okOpen: true, ok: true });
  assert.deepEqual(grade(row, "S1", "S21, S1"), { okNext: false, okOpen: true, ok: false });
  assert.deepEqual(grade(row, "S2", "S1, S21"), { okNext: true, okOpen: false, ok: false });
  assert.equal(openText(row), "S21, S1");
  assert.equal(openText({ ...row, size: 9 }), "S21, S1, …");
  assert.equal(openText({ ...row, open: [], size: 0 }), "empty");
});
