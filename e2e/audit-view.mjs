// The Heuristic check tab, driven as a person would on either engine (the served page in
// web.test.mjs, the static site's WebAssembly in static.test.mjs): a formula (or a built-in's
// name) typed under "Your own heuristic", "Check my heuristic" pressed from the keyboard, and
// the report read back against the engine's answer.

import assert from "node:assert/strict";
import { assertAccessible } from "./a11y.mjs";

// Twice the misplaced tiles: 8 on a board whose 4 misplaced tiles are one move each from home.
export const OVERESTIMATE = "2*misplaced";

/**
 * Types `text` as the Search form's own heuristic and presses "Check my heuristic" with the
 * keyboard; waits for the report. Answers the engine's audit, as the page keeps it.
 * @param {import("playwright-core").Page} page
 * @param {string} text
 */
export async function checkHeuristic(page, text) {
  await page.selectOption("#heuristic", "own");
  await page.fill("#own-formula", text);
  // Only this check's verdict may pass: the last one's class is cleared first.
  await page.evaluate(() => (document.getElementById("audit-msg").className = ""));
  await page.focus("#audit-run");
  await page.keyboard.press("Enter");
  // The server in the tests is a debug build: a 3×3 audit takes it a few seconds of one core.
  await page.waitForSelector("#audit-msg.ok, #audit-msg.bad", { timeout: 90000 });
  assert.equal(await page.getAttribute("#tab-audit", "aria-selected"), "true", "the Heuristic check tab opens");
  assert.equal(await page.isVisible("#panel-audit"), true);
  const audit = await page.evaluate(() => npuzzle.state.audit);
  assert.ok(audit, await page.textContent("#audit-msg"));
  assert.equal(audit.heuristic, text);
  return audit;
}

/**
 * An overestimating formula's report: "not admissible" in words, the counterexample board with
 * h > h*, the inconsistent move, and what it costs A* (both solutions), all accessible.
 * @param {import("playwright-core").Page} page
 * @param {string} what the engine, for the accessibility audit's message
 */
export async function assertOverestimateReported(page, what) {
  const audit = await checkHeuristic(page, OVERESTIMATE);
  assert.equal(audit.admissible, false);
  assert.equal(audit.boards, 181440);
  assert.match(await page.textContent("#audit-msg"), /^Checked 181,440 boards: not admissible, not consistent\.$/);
  assert.match(await page.textContent("#audit-summary"), /^2\*misplaced is not admissible and not consistent: checked on every 3×3 board/);
  assert.match(await page.textContent("#audit-admissible"), /^not admissible: h > h\* on [0-9,]+ of 181,440 boards$/);
  const c = audit.counterexample;
  assert.ok(c.h > c.h_star, JSON.stringify(c));
  assert.equal(await page.getAttribute("#audit-counterexample .board", "data-tiles"), c.board.flat().join(" "));
  assert.match(await page.textContent("#audit-counterexample-words"), new RegExp(`^h = ${c.h} > h\\* = ${c.h_star}: `));
  assert.equal(await page.locator("#audit-inconsistent .board").count(), 2, "the move's two boards");
  // The consequence: A*'s costlier solution beside an optimal one, both as moves.
  const q = audit.consequence;
  assert.ok(q.found > q.optimal, JSON.stringify(q));
  assert.match(
    await page.textContent("#audit-consequence-words"),
    new RegExp(`^A\\* with this heuristic returns a solution of cost ${q.found} where the optimum is ${q.optimal}`),
  );
  assert.equal(await page.textContent("#audit-found-moves"), q.found_moves);
  assert.equal(await page.textContent("#audit-optimal-moves"), q.optimal_moves);
  // Dominance over each built-in, and the table of boards by h* and h with overestimates marked.
  assert.equal(await page.locator("#audit-against tbody tr").count(), audit.against.length);
  const { rows, over } = await page.$eval("#audit-grid", (t) => ({
    rows: t.querySelectorAll("tbody tr").length,
    over: t.querySelectorAll("td.over").length,
  }));
  assert.equal(rows, audit.table.length);
  assert.ok(over > 0, "cells right of the diagonal are marked");
  // The table's region scrolls sideways and the keyboard reaches it.
  assert.equal(await page.getAttribute(".audit-grid-wrap", "tabindex"), "0");
  await assertAccessible(page, `the Heuristic check tab, an overestimate (${what})`);
  return audit;
}

/**
 * A built-in's name checked the same way: Manhattan distance, proved admissible and consistent.
 * @param {import("playwright-core").Page} page
 */
export async function assertManhattanProved(page) {
  const audit = await checkHeuristic(page, "manhattan");
  assert.deepEqual([audit.admissible, audit.consistent, audit.exhaustive], [true, true, true]);
  assert.match(await page.textContent("#audit-msg"), /^Checked 181,440 boards: admissible, consistent\.$/);
  assert.equal(await page.textContent("#audit-admissible"), "admissible: proved on every board (h ≤ h* on all 181,440 boards)");
  assert.match(
    await page.textContent("#audit-consistent"),
    /^consistent: proved on every move \(h\(n\) ≤ c\(n, n′\) \+ h\(n′\) on all 483,840 moves\)$/,
  );
  assert.equal(await page.locator("#audit-counterexample, #audit-inconsistent, #audit-consequence").count(), 0);
  assert.equal(await page.locator("#audit-grid td.over").count(), 0, "no board overestimated");
  // h against h* drawn: the picture's cells count what the table counts.
  assert.deepEqual(await pictureCells(page, 0), tableCells(audit.table));
  // KRE's prediction (asked for by default) beside the measured mean, one row a threshold.
  assert.ok(audit.prediction.length > 0, JSON.stringify(audit.prediction));
  assert.equal(await page.locator("#audit-prediction tbody tr").count(), audit.prediction.length);
  return audit;
}

/**
 * The cells of the `k`th panel of the report's picture: `[h*, h, count]` for each, as drawn.
 * @param {import("playwright-core").Page} page
 * @param {number} k
 * @returns {Promise<number[][]>}
 */
async function pictureCells(page, k) {
  return page.$$eval(`#audit-picture svg g.cells:nth-of-type(${k + 1}) rect`, (rects) =>
    rects.map((r) => ["data-h-star", "data-h", "data-count"].map((a) => Number(r.getAttribute(a)))),
  );
}

/**
 * The cells of an audit's table with a board: `[h*, h, count]`.
 * @param {number[][]} table
 * @returns {number[][]}
 */
function tableCells(table) {
  return table.flatMap((row, star) => row.flatMap((n, h) => (n > 0 ? [[star, h, n]] : [])));
}

/**
 * Manhattan distance checked again with misplaced tiles drawn beside it: two panels whose cells
 * count what the two tables count, each heuristic's mean h and h ÷ h*, and KRE's prediction for
 * both at the same thresholds (misplaced tiles expanding more), all accessible.
 * @param {import("playwright-core").Page} page
 * @param {string} what the engine, for the accessibility audit's message
 */
export async function assertDrawnBeside(page, what) {
  await page.selectOption("#audit-beside", "misplaced");
  await page.evaluate(() => (document.getElementById("audit-msg").className = ""));
  await page.click("#audit-again");
  await page.waitForSelector("#audit-msg.ok, #audit-msg.bad", { timeout: 90000 });
  const audit = await page.evaluate(() => npuzzle.state.audit);
  assert.equal(audit.heuristic, "manhattan");
  assert.equal(audit.beside.heuristic, "misplaced");
  assert.equal(await page.locator("#audit-picture svg g.cells").count(), 2);
  assert.deepEqual(await pictureCells(page, 0), tableCells(audit.table));
  assert.deepEqual(await pictureCells(page, 1), tableCells(audit.beside.table));
  assert.equal(await page.locator("#audit-numbers tbody tr").count(), 2);
  assert.equal(await page.textContent("#audit-numbers tr[data-heuristic='misplaced'] td:nth-of-type(3)"), audit.beside.mean_h.toFixed(3));
  const rows = audit.prediction.length + audit.beside.prediction.length;
  assert.equal(await page.locator("#audit-prediction tbody tr").count(), rows);
  audit.beside.prediction.forEach((/** @type {{threshold: number, predicted: number}} */ p, /** @type {number} */ i) => {
    assert.equal(p.threshold, audit.prediction[i].threshold);
    assert.ok(p.predicted >= audit.prediction[i].predicted, "misplaced tiles prune less");
  });
  await assertAccessible(page, `the Heuristic check tab, two heuristics drawn (${what})`);
  await page.selectOption("#audit-beside", "");
  return audit;
}

/**
 * A board too large to check every board of: the engine's refusal, with the command, and the
 * page goes on (a 3×3 check after it answers).
 * @param {import("playwright-core").Page} page
 */
export async function assertLargeBoardRefused(page) {
  await page.selectOption("#width", "4");
  await page.selectOption("#height", "4");
  await page.waitForSelector("#board .tile:nth-child(16)");
  await page.evaluate(() => (document.getElementById("audit-msg").className = ""));
  await page.click("#audit-run");
  await page.waitForSelector("#audit-msg.bad");
  assert.match(await page.textContent("#audit-msg"), /boards of up to 10 cells.*npuzzle audit -H 'manhattan' --size 4x4/);
  assert.equal(await page.locator("#audit-report > *").count(), 0, "no report for a refused board");
}
