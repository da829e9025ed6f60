// Browser end-to-end tests of the static site (scripts/build-site): the page with the library in
// WebAssembly, served by a plain static file server (python3 -m http.server) from a
// subdirectory, with no npuzzle process running. Every request the page makes is recorded, and
// none may go to /api.
//
// The site is $NPUZZLE_SITE (scripts/test-all builds it); Chromium is $CHROMIUM or
// /usr/bin/chromium.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { assertAccessible } from "./a11y.mjs";
import { assertDrawnBeside, assertLargeBoardRefused, assertManhattanProved, assertOverestimateReported } from "./audit-view.mjs";
import { launchChromium } from "./harness.mjs";

const SITE = process.env.NPUZZLE_SITE ? resolve(process.env.NPUZZLE_SITE) : null;

const NILSSON_TILES = "2 8 3 1 6 4 7 0 5";
// Korf's first 15-puzzle instance: 57 moves to the blank-first goal (Korf 1985).
const KORF1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

let server;
let base;
let browser;
let root;

function startStaticServer(dir) {
  return new Promise((resolvePromise, reject) => {
    server = spawn("python3", ["-u", "-m", "http.server", "--bind", "127.0.0.1", "0"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no port from python3 -m http.server within 20 s: ${out}`)), 20000);
    server.on("error", (e) => reject(new Error(`cannot start python3 -m http.server: ${e.message}`)));
    const read = (chunk) => {
      out += chunk;
      const m = out.match(/port (\d+)/);
      if (m) {
        clearTimeout(timer);
        resolvePromise(`http://127.0.0.1:${m[1]}/`);
      }
    };
    server.stdout.on("data", read);
    server.stderr.on("data", () => {});
  });
}

before(
  async () => {
    assert.ok(SITE, "NPUZZLE_SITE names no site: build one with scripts/build-site DIR");
    assert.ok(existsSync(join(SITE, "npuzzle_wasm_bg.wasm")), `${SITE} holds no npuzzle_wasm_bg.wasm: run scripts/build-site ${SITE}`);
    // Served from a subdirectory, as a GitHub Pages project page is: every URL must be relative.
    root = mkdtempSync(join(tmpdir(), "npuzzle-static-"));
    mkdirSync(join(root, "class"));
    symlinkSync(SITE, join(root, "class", "npuzzle"));
    base = `${await startStaticServer(root)}class/npuzzle/`;
    browser = await launchChromium();
  },
  { timeout: 60000 },
);

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

// Opens the site in a fresh context (its own storage, unless `context` is given). `requests`
// records every URL the page and its workers ask for; `bad` collects page errors, console
// errors and HTTP errors.
async function openPage(query = "", context = null) {
  const ctx = context || (await browser.newContext({ viewport: { width: 1400, height: 900 } }));
  const page = await ctx.newPage();
  const errors = [];
  const requests = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  ctx.on("request", (r) => requests.push(r.url()));
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  page.close = async () => (context ? undefined : ctx.close());
  await page.goto(base + query);
  await page.waitForSelector("body[data-ready='1']");
  return { page, errors, requests, ctx };
}

function q(params) {
  return `?${new URLSearchParams(params)}`;
}

function noApi(requests) {
  const api = requests.filter((u) => new URL(u).pathname.includes("/api"));
  assert.deepEqual(api, [], "the static page asked a server");
  assert.ok(
    requests.some((u) => u.endsWith("npuzzle_wasm_bg.wasm")),
    "the engine was loaded",
  );
}

async function solveAndPause(page) {
  await page.waitForFunction(() => !npuzzle.state.solving);
  await page.evaluate(() => (document.getElementById("result-msg").className = ""));
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok, #result-msg.bad", { timeout: 60000 });
  await page.evaluate(() => npuzzle.tree.stop());
}

test("Nilsson's example in the browser engine: 5 moves, the tree and the pseudocode replay", { timeout: 90000 }, async () => {
  const { page, errors, requests } = await openPage();
  assert.match(await page.textContent("#server-status"), /in this browser \(WebAssembly\)/);
  assert.equal(await page.getAttribute("#board", "data-tiles"), NILSSON_TILES);
  await page.waitForSelector("#check.ok");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok");
  assert.match(await page.textContent("#result-msg"), /^astar \+ misplaced: solved in 5 moves/);
  // The replay runs: the tree grows and the pseudocode's lit line follows the events.
  assert.equal(await page.getAttribute("#tab-tree", "aria-selected"), "true");
  await page.waitForFunction(() => npuzzle.tree.k >= 6);
  await page.evaluate(() => npuzzle.tree.stop());
  const steps = await page.evaluate(() => npuzzle.tree.steps);
  const sel = steps.findIndex((e, i) => i > 0 && e.event === "selected");
  await page.evaluate((k) => npuzzle.tree.setStep(k), sel + 1);
  assert.deepEqual(await page.locator("#pseudocode li.on").allTextContents(), [
    "node ← POP(frontier)    ▷ the lowest f first; ties in generation order",
  ]);
  await page.click("#tree-last");
  const drawn = Number(await page.getAttribute("#tree-svg", "data-drawn"));
  assert.ok(drawn > 5, `${drawn} nodes drawn`);
  assert.equal(await page.locator("#tree-svg .node.st-goal").count(), 1);
  // The worksheet grades from the same recorded events.
  await page.evaluate(() => npuzzle.tree.setStep(0));
  await page.fill("#worksheet-steps", "2");
  await page.click("#tree-worksheet");
  await page.waitForSelector("#worksheet:not([hidden])");
  await page.fill(".ws-row[data-row='0'] .ws-next", "S0");
  await page.fill(".ws-row[data-row='0'] .ws-open", "S9");
  await page.click(".ws-row[data-row='0'] .ws-check");
  assert.equal(await page.getAttribute(".ws-row[data-row='0'] .ws-result", "data-next"), "right");
  assert.equal(await page.getAttribute(".ws-row[data-row='0'] .ws-result", "data-open"), "wrong");
  await page.click("#worksheet-close");
  // The picture of the tree is the library's, drawn in the worker: the nodes shown, the legend.
  await page.click("#tree-last");
  const [svgDl] = await Promise.all([page.waitForEvent("download"), page.click("#tree-export-svg")]);
  const svgText = readFileSync(await svgDl.path(), "utf8");
  assert.match(svgText, /^<svg/);
  assert.equal((svgText.match(/class="node /g) || []).length, drawn);
  assert.match(svgText, /frontier \(blue\)/);
  // Bad input gets the library's own message, as from the server.
  await page.fill("#start-text", "1 2 3 4 5 6 8 8 0");
  await page.waitForSelector("#check.bad");
  assert.match(await page.textContent("#check"), /not a valid board: .*duplicate tile 8/);
  noApi(requests);
  assert.deepEqual(errors, []);
  await page.close();
});

test("your own heuristic in the browser engine: its values as typed, its error in place, a solve, the tree, and the link", {
  timeout: 90000,
}, async () => {
  const FORMULA = "max(manhattan, 2*misplaced)";
  const { page, errors, requests } = await openPage();
  assert.equal(await page.getAttribute("#board", "data-tiles"), NILSSON_TILES);
  await page.waitForSelector("#check.ok");
  await page.selectOption("#heuristic", "own");
  await page.click("#own-formula");
  await page.keyboard.type(FORMULA);
  await page.waitForSelector("#own-table");
  // Nilsson's board to the snail goal: misplaced 4 and Manhattan 5 at the start, so 8; the
  // blank up (tile 6 home) gives max(4, 2×3) = 6; left and right each move a tile off its
  // goal cell, max(6, 2×5) = 10.
  const rows = await page.$$eval("#own-table tbody tr", (trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent]));
  assert.deepEqual(rows, [
    ["start", "8"],
    ["U: tile 6 moves", "6"],
    ["L: tile 7 moves", "10"],
    ["R: tile 5 moves", "10"],
  ]);
  // A fault is marked where it is, by the library's own reading.
  await page.fill("#own-formula", "max(manhatan, misplaced)");
  await page.waitForSelector("#own-formula[aria-invalid='true']");
  assert.match(await page.textContent("#own-error-message"), /^At column 5: unknown name "manhatan", did you mean "manhattan"\?/);
  assert.equal(await page.textContent("#own-error mark"), "manhatan");
  await assertAccessible(page, "a formula's error in the browser engine");
  await page.fill("#own-formula", FORMULA);
  await page.waitForSelector("#own-table");
  await page.waitForFunction(() => !document.getElementById("own-formula").hasAttribute("aria-invalid"));
  await solveAndPause(page);
  const result = await page.evaluate(() => npuzzle.state.result);
  assert.equal(result.heuristic, FORMULA);
  assert.equal(result.cost, 5, "the formula is not claimed admissible, but finds the 5-move answer here");
  await page.click("#tab-tree");
  await page.click("#tree-last");
  assert.equal(await page.locator("#tree-svg .node.st-goal").count(), 1);
  const drawn = await page.getAttribute("#tree-svg", "data-drawn");
  // A fresh page from the link: the formula restored, the same run.
  const link = new URL(page.url());
  assert.equal(link.searchParams.get("heuristic"), FORMULA);
  link.searchParams.set("run", "1");
  const fresh = await openPage(link.search);
  await fresh.page.waitForSelector("#result-msg.ok", { timeout: 60000 });
  assert.equal(await fresh.page.inputValue("#own-formula"), FORMULA);
  const again = await fresh.page.evaluate(() => npuzzle.state.result);
  assert.deepEqual([again.moves, again.stats.expanded], [result.moves, result.stats.expanded]);
  await fresh.page.evaluate(() => npuzzle.tree.stop());
  await fresh.page.click("#tree-last");
  assert.equal(await fresh.page.getAttribute("#tree-svg", "data-drawn"), drawn);
  assert.deepEqual(fresh.errors, []);
  noApi(fresh.requests);
  await fresh.page.close();
  noApi(requests);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a compare run and the capped BFS tree in the browser", { timeout: 90000 }, async () => {
  const { page, errors, requests } = await openPage(q({ start: "8 1 3 4 0 2 7 6 5", goal: "blank-last" }));
  await page.click("#tab-compare");
  await page.click("#compare-run");
  await page.waitForSelector("#compare-msg:has-text('searches done')", { timeout: 60000 });
  const results = await page.evaluate(() => npuzzle.state.compare);
  assert.equal(results.length, await page.locator("#compare-table tbody tr").count());
  for (const r of results) {
    assert.equal(r.status, "solved", `${r.algorithm}`);
    if (r.optimal) assert.equal(r.cost, 14, `${r.algorithm} + ${r.heuristic}`);
  }
  // Breadth-first search on a board 31 moves out: the tree is capped and says so.
  await page.fill("#start-text", "8 6 7 2 5 4 3 0 1");
  await page.waitForSelector("#board[data-tiles='8 6 7 2 5 4 3 0 1']");
  await page.waitForSelector("#check.ok");
  await page.selectOption("#algorithm", "bfs");
  await solveAndPause(page);
  assert.match(await page.textContent("#result-msg"), /^bfs: solved in 31 moves/);
  const note = await page.textContent("#tree-note");
  assert.match(note, /capped at 2,000 nodes: it shows the first 2,000 of the [\d,]+ nodes generated/);
  assert.match(note, /the solution lies at depth 31, below the cut/);
  noApi(requests);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Korf's first 15-puzzle instance, optimal with 6-6-3 built in the browser, then the stored tables", { timeout: 240000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const { page, errors, requests } = await openPage(
    q({ start: KORF1, goal: "blank-first", algorithm: "idastar", heuristic: "pdb", tree: "0" }),
    context,
  );
  await page.waitForSelector("#check.ok");
  assert.match(await page.textContent("#h-summary"), /7-8 set and the 5×5 sets are too large for a page/);
  await page.click("#solve");
  // The build's progress bar shows while the worker builds the tables.
  await page.waitForSelector("#table-progress-box:not([hidden])", { timeout: 30000 });
  await page.waitForSelector("#result-msg.ok, #result-msg.bad", { timeout: 200000 });
  assert.match(await page.textContent("#result-msg"), /^idastar \+ pdb: solved in 57 moves .*\(optimal\)/);
  const r = await page.evaluate(() => npuzzle.state.result);
  assert.equal(r.cost, 57);
  assert.equal(r.optimal, true);
  // The tables are kept in the browser's storage, each verified by its checksum on load.
  await page.waitForFunction(
    async () => {
      const db = await new Promise((ok, no) => {
        const req = indexedDB.open("npuzzle", 1);
        req.onsuccess = () => ok(req.result);
        req.onerror = () => no(req.error);
      });
      const keys = await new Promise((ok) => {
        const g = db.transaction("tables").objectStore("tables").getAllKeys();
        g.onsuccess = () => ok(g.result);
      });
      return keys.length === 3;
    },
    null,
    { timeout: 30000 },
  );
  await page.close();
  // A new page in the same browser loads them instead of building: no progress bar.
  const second = await openPage(q({ start: KORF1, goal: "blank-first", algorithm: "idastar", heuristic: "pdb", tree: "0" }), context);
  await second.page.waitForSelector("#check.ok");
  await second.page.click("#solve");
  await second.page.waitForSelector("#result-msg.ok, #result-msg.bad", { timeout: 120000 });
  assert.match(await second.page.textContent("#result-msg"), /solved in 57 moves/);
  assert.ok(await second.page.isHidden("#table-progress-box"));
  // A 5×5 board asks for a set too large for a page: the page says so and names the command.
  await second.page.selectOption("#goal-preset", "blank-last");
  await second.page.fill("#start-text", "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24");
  await second.page.waitForSelector("#board[data-tiles='1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24']");
  await second.page.waitForSelector("#check.ok");
  await second.page.selectOption("#algorithm", "idastar");
  await second.page.selectOption("#heuristic", "pdb");
  await solveAndPause(second.page);
  assert.match(await second.page.textContent("#result-msg"), /too large to build in this page.*npuzzle solve/);
  noApi([...requests, ...second.requests]);
  assert.deepEqual([...errors, ...second.errors], []);
  await context.close();
});

test("a 12×12 board through reduce and reduce-plus in the browser", { timeout: 90000 }, async () => {
  const { page, errors, requests } = await openPage();
  // Scramble a 12×12 board through the engine, then solve it with reduce.
  const board = await page.evaluate(async () => {
    const { ok, data } = await window.npuzzle.engine.request("/api/generate?size=12x12&depth=400&seed=5");
    return ok ? data.text : null;
  });
  assert.ok(board, "no 12×12 board generated");
  await page.goto(base + q({ start: board, size: "12x12", goal: "blank-last", algorithm: "reduce" }));
  await page.waitForSelector("body[data-ready='1']");
  await page.waitForSelector("#check.ok");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok, #result-msg.bad", { timeout: 60000 });
  assert.match(await page.textContent("#result-msg"), /^reduce.*solved in \d+ moves/);
  // The moves replay to the goal.
  const r = await page.evaluate(() => npuzzle.state.result);
  const goal = Array.from({ length: 144 }, (_, i) => (i + 1) % 144);
  const tiles = r.path[r.path.length - 1].flat();
  assert.deepEqual(tiles, goal);
  assert.equal(r.path.length, r.cost + 1);
  // The default beyond 25 cells, reduce-plus: never longer, with a lower bound.
  await page.selectOption("#algorithm", "reduce-plus");
  await page.evaluate(() => (document.getElementById("result-msg").className = ""));
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok, #result-msg.bad", { timeout: 60000 });
  assert.match(await page.textContent("#result-msg"), /^reduce-plus.*solved in \d+ moves/);
  const plus = await page.evaluate(() => npuzzle.state.result);
  assert.ok(plus.cost <= r.cost, `reduce-plus ${plus.cost} moves, reduce ${r.cost}`);
  assert.ok(plus.lower_bound > 0 && plus.lower_bound <= plus.cost, `lower bound ${plus.lower_bound}`);
  assert.deepEqual(plus.path[plus.path.length - 1].flat(), goal);
  // A page opened on a large board picks the library's default there.
  await page.goto(base + q({ start: board, size: "12x12", goal: "blank-last" }));
  await page.waitForSelector("body[data-ready='1']");
  assert.equal(await page.inputValue("#algorithm"), "reduce-plus");
  noApi(requests);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Stop ends a long BFS at once, and a panic in the engine is reported and the engine restarted", { timeout: 90000 }, async () => {
  const { page, errors, requests } = await openPage(q({ start: KORF1, goal: "blank-first", algorithm: "bfs", tree: "0" }));
  await page.waitForSelector("#check.ok");
  await page.click("#solve");
  // Progress reaches the page while the worker searches.
  await page.waitForFunction(() => /[0-9]/.test(document.getElementById("live-generated").textContent), null, { timeout: 30000 });
  const first = Number((await page.textContent("#live-generated")).replace(/,/g, ""));
  await page.waitForFunction((n) => Number(document.getElementById("live-generated").textContent.replace(/,/g, "")) > n, first, {
    timeout: 30000,
  });
  await page.click("#stop");
  await page.waitForSelector("#result-msg:has-text('stopped')", { timeout: 5000 });
  assert.equal(await page.isDisabled("#stop"), true);
  // A fresh worker answers the next search.
  await page.fill("#start-text", "1 2 3 4 5 6 7 0 8");
  await page.selectOption("#goal-preset", "blank-last");
  await page.waitForSelector("#board[data-tiles='1 2 3 4 5 6 7 0 8']");
  await page.waitForSelector("#check.ok");
  await solveAndPause(page);
  assert.match(await page.textContent("#result-msg"), /solved in 1 move/);
  // A panic inside the WebAssembly is shown, and the engine keeps answering.
  const crashed = await page.evaluate(() => window.npuzzle.engine.panicForTest());
  assert.equal(crashed.ok, false);
  assert.match(crashed.data.error, /the engine panicked: .*a panic asked for by the page's self-test/);
  await page.waitForSelector("#result-msg:has-text('panicked')");
  await page.fill("#start-text", "1 2 3 4 5 6 0 7 8");
  await page.waitForSelector("#board[data-tiles='1 2 3 4 5 6 0 7 8']");
  await page.waitForSelector("#check.ok");
  await solveAndPause(page);
  assert.match(await page.textContent("#result-msg"), /solved in 2 moves/);
  noApi(requests);
  assert.deepEqual(
    errors.filter((e) => !/a panic asked for/.test(e)),
    [],
  );
  await page.close();
});

test("heavy tiles and the depth experiment in the browser engine", { timeout: 90000 }, async () => {
  const { page, errors, requests } = await openPage(q({ start: "5 1 0 4 2 3 7 8 6", algorithm: "ucs", cost: "tile", tree: "0", run: "1" }));
  await page.waitForSelector("#result-msg.ok", { timeout: 60000 });
  assert.match(await page.textContent("#result-msg"), /^ucs: solved in 14 moves, cost 46 .*\(optimal\)/);
  await page.selectOption("#algorithm", "bfs");
  await solveAndPause(page);
  assert.match(await page.textContent("#result-msg"), /^bfs: solved in 12 moves, cost 60 .*not guaranteed optimal/);
  await page.click("#tab-compare");
  await page.selectOption("#cost", "unit");
  await page.fill("#depth-depths", "2,6");
  await page.fill("#depth-count", "5");
  await page.click("#depth-run");
  await page.waitForSelector("#depth-msg:has-text('boards a depth')", { timeout: 60000 });
  assert.equal(await page.locator("#depth-table tbody tr").count(), 2);
  assert.equal(await page.locator("#depth-chart polyline").count(), 8);
  noApi(requests);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a solve analysed in the browser engine, as the server analyses it", { timeout: 90000 }, async () => {
  const { page, errors, requests } = await openPage(q({ start: "8 1 3 4 0 2 7 6 5", goal: "blank-last" }));
  await page.click("#tab-solution");
  await page.fill("#analyse-moves", "R D L U D L U2 R L R D L D R U R D");
  await page.click("#analyse-run");
  await page.waitForSelector("#analyse-out:not([hidden])", { timeout: 60000 });
  const text = await page.textContent("#analyse-out");
  assert.match(text, /18 STM, 17 MTM; reaches the goal/);
  assert.match(text, /STM {7}4 moves over the optimum; the distance first stopped falling at move 4/);
  assert.match(text, /MTM {7}5 slides over the optimum; no closer after slides 3, 4, 9/);
  noApi(requests);
  assert.deepEqual(errors, []);
  await page.close();
});

test("check my heuristic in the browser engine: an overestimate's counterexample and consequence, Manhattan proved, 4×4 refused", {
  timeout: 180000,
}, async () => {
  const { page, errors, requests } = await openPage();
  await page.waitForSelector("#check.ok");
  await assertOverestimateReported(page, "the static site");
  await assertManhattanProved(page);
  await assertDrawnBeside(page, "the static site");
  await assertLargeBoardRefused(page);
  noApi(requests);
  assert.deepEqual(errors, []);
  await page.close();
});

test("accessibility in the browser engine: axe-core finds no WCAG 2.2 A or AA violation, wide and on a phone", {
  timeout: 120000,
}, async () => {
  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const at = `at ${viewport.width}×${viewport.height}`;
    const ctx = await browser.newContext({ viewport });
    const { page, errors } = await openPage("", ctx);
    await page.waitForSelector("#check.ok");
    await assertAccessible(page, `first load ${at}`);
    await solveAndPause(page);
    await page.click("#tree-first");
    for (let i = 0; i < 4; i++) await page.click("#tree-fwd");
    await assertAccessible(page, `the tree at event 4 ${at}`);
    await page.click("#tab-solution");
    await assertAccessible(page, `the Solution tab ${at}`);
    await page.click("#tab-compare");
    await page.click("#compare-run");
    await page.waitForSelector("#compare-msg:has-text('searches done')", { timeout: 60000 });
    await assertAccessible(page, `a compare ${at}`);
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});
