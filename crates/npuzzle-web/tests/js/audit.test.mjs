// The Heuristic check tab's words and request, on an audit the engine made (fixtures/
// audit-2misplaced-2x4.json: twice the misplaced tiles on every 2×4 board).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  admissibleWords,
  auditBody,
  auditSummary,
  consequenceWords,
  consistentWords,
  counterexampleWords,
  expansions,
  inconsistentWords,
  percent,
  predictionRows,
  predictionWords,
  tableBounds,
} from "../../static/js/model/audit.js";

const audit = JSON.parse(readFileSync(new URL("fixtures/audit-2misplaced-2x4.json", import.meta.url), "utf8"));

test("an overestimate's report: not admissible, not consistent, with its counterexample, move and consequence", () => {
  assert.equal(audit.admissible, false);
  assert.equal(audit.boards, 20160);
  assert.match(
    auditSummary(audit),
    /^2\*misplaced is not admissible and not consistent: checked on every 2×4 board \(20,160 boards, [0-9,]+ moves\), unit costs\.$/,
  );
  assert.match(admissibleWords(audit), /^not admissible: h > h\* on [0-9,]+ of 20,160 boards$/);
  assert.match(consistentWords(audit), /^not consistent: h falls by more than the move's cost along [0-9,]+ of [0-9,]+ moves$/);
  const c = audit.counterexample;
  assert.equal(
    counterexampleWords(audit),
    `h = ${c.h} > h* = ${c.h_star}: h overestimates by ${c.h - c.h_star} here, the most of any board.`,
  );
  const m = audit.inconsistent_move;
  assert.ok(m.h_from > m.cost + m.h_to);
  assert.match(inconsistentWords(audit), new RegExp(`^h falls from ${m.h_from} to ${m.h_to} along a move of cost 1: `));
  const q = audit.consequence;
  assert.ok(q.found > q.optimal);
  assert.equal(
    consequenceWords(audit),
    `A* with this heuristic returns a solution of cost ${q.found} where the optimum is ${q.optimal}: ${q.found - q.optimal} more.`,
  );
});

test("an admissible heuristic's verdicts are proofs, and it has no consequence", () => {
  const a = {
    ...audit,
    heuristic: "manhattan",
    admissible: true,
    consistent: true,
    overestimated: 0,
    inconsistent_moves: 0,
    counterexample: null,
    inconsistent_move: null,
    consequence: null,
    consequence_search: null,
  };
  assert.equal(admissibleWords(a), "admissible: proved on every board (h ≤ h* on all 20,160 boards)");
  assert.match(consistentWords(a), /^consistent: proved on every move/);
  assert.match(auditSummary(a), /^manhattan is admissible and consistent: checked on every 2×4 board/);
  assert.equal(counterexampleWords(a), "");
  assert.equal(inconsistentWords(a), "");
  assert.equal(consequenceWords(a), "");
  // A* that stayed optimal on every board tried says so, with the budget.
  const tried = { ...audit, consequence: null, consequence_search: { tried: 3, candidates: 3, max_boards: 100, max_nodes: 1000000 } };
  assert.match(
    consequenceWords(tried),
    /^A\* with this heuristic returned optimal answers on the 3 most overestimated boards tried \(of 3, at most 100 tried\)/,
  );
});

test("the table of boards by h* and h: every board counted once, its bounds those of its non-empty cells", () => {
  const total = audit.table.flat().reduce((s, n) => s + n, 0);
  assert.equal(total, audit.boards);
  const { rows, columns } = tableBounds(audit.table);
  assert.equal(rows, audit.table.length);
  assert.ok(
    audit.table.some((row, star) => row.some((n, h) => n > 0 && h > star)),
    "twice the misplaced tiles reaches past the diagonal",
  );
  assert.ok(columns > 0);
  assert.deepEqual(
    tableBounds([
      [1, 0, 0],
      [0, 0, 0],
    ]),
    { rows: 1, columns: 1 },
  );
  assert.deepEqual(tableBounds([]), { rows: 0, columns: 0 });
});

test("shares as percentages, and the request from the page's settings", () => {
  assert.deepEqual(
    [percent(1), percent(0), percent(0.5), percent(0.12345), percent(0.99999), percent(0.000001)],
    ["100 %", "0 %", "50 %", "12.3 %", "99.9 %", "0.1 %"],
  );
  const s = { w: 2, h: 4, heuristic: "max(h1, h2)", cost: "tile" };
  assert.deepEqual(auditBody(/** @type {any} */ (s), "snail"), { heuristic: "max(h1, h2)", size: "2x4", goal: "snail", cost: "tile" });
});

const beside = JSON.parse(readFileSync(new URL("fixtures/audit-manhattan-beside-2x4.json", import.meta.url), "utf8"));

test("a request asks for a heuristic beside and the prediction only when the page does", () => {
  const s = /** @type {any} */ ({ heuristic: "manhattan", w: 3, h: 3, cost: "unit" });
  assert.deepEqual(auditBody(s, "standard"), { heuristic: "manhattan", size: "3x3", goal: "standard", cost: "unit" });
  assert.deepEqual(auditBody(s, "standard", { beside: "", predict: false }), auditBody(s, "standard"));
  assert.deepEqual(auditBody(s, "standard", { beside: "misplaced", predict: true }), {
    heuristic: "manhattan",
    size: "3x3",
    goal: "standard",
    cost: "unit",
    beside: "misplaced",
    predict: true,
  });
});

test("KRE's prediction in rows and words, for the heuristic and the one beside it", () => {
  assert.equal(beside.beside.heuristic, "misplaced");
  assert.ok(beside.picture.startsWith("<svg"));
  const rows = predictionRows(beside);
  assert.equal(rows.length, beside.prediction.length);
  assert.ok(rows.length > 0);
  beside.prediction.forEach((/** @type {any} */ p, /** @type {number} */ i) => {
    assert.equal(rows[i].threshold, String(p.threshold));
    assert.equal(rows[i].predicted, expansions(p.predicted));
    assert.equal(rows[i].starts, "1,000");
    assert.equal(rows[i].ratio, (p.measured / p.predicted).toFixed(3));
  });
  assert.match(
    predictionWords(beside),
    /^manhattan: one complete IDA\* iteration at each threshold d .* from 1,000 uniform random starts\.$/,
  );
  assert.equal(predictionRows(beside.beside).length, beside.beside.prediction.length);
  // An overestimate is refused the prediction only when it was asked for.
  assert.equal(predictionWords(audit), "");
  assert.equal(
    predictionWords({ ...audit, prediction_refused: "the heuristic is not consistent" }),
    "No prediction for 2*misplaced: the heuristic is not consistent.",
  );
});

test("mean expansions keep two decimals below 10, one below 1,000, none beyond", () => {
  assert.equal(expansions(3.34604), "3.35");
  assert.equal(expansions(41.31), "41.3");
  assert.equal(expansions(3561.247), "3,561");
});
