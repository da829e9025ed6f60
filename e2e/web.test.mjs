// Browser end-to-end tests of `npuzzle serve`, driven with playwright-core and the system
// Chromium (never a downloaded browser). Run from this folder with `node --test`; the server
// binary is $NPUZZLE_BIN or ../target/debug/npuzzle, and Chromium is $CHROMIUM or
// /usr/bin/chromium. A screenshot is saved to ../ci-artifacts/web-ui.png.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const BIN = process.env.NPUZZLE_BIN || join(root, "target", "debug", "npuzzle");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const ARTIFACTS = join(root, "ci-artifacts");

// A 3×3 board whose optimal solution is 14 moves.
const BOARD = "8 1 3 4 0 2 7 6 5";
const OPTIMUM = 14;
const GOAL_TILES = "1 2 3 4 5 6 7 8 0";

let server;
let base;
let browser;

function startServer() {
  return new Promise((resolvePromise, reject) => {
    server = spawn(BIN, ["serve", "--host", "127.0.0.1", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no URL from ${BIN} within 20 s: ${out}`)), 20000);
    server.on("error", (e) => reject(new Error(`cannot start ${BIN}: ${e.message}`)));
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/[0-9.:]+\//);
      if (m) {
        clearTimeout(timer);
        resolvePromise(m[0]);
      }
    });
  });
}

before(async () => {
  base = await startServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}, { timeout: 60000 });

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
});

async function openPage(query = "") {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + query);
  await page.waitForSelector("body[data-ready='1']");
  return { page, errors };
}

async function postJson(path, body) {
  const res = await fetch(base + path.replace(/^\//, ""), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.json();
}

test("solve a 3×3 board with A*, play it back, and step the search tree", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage();
  await page.fill("#start-text", BOARD);
  await page.waitForSelector(`#board[data-tiles='${BOARD}']`);
  await page.waitForSelector("#check.ok");
  await page.selectOption("#algorithm", "astar");
  await page.selectOption("#heuristic", "manhattan");
  assert.ok(await page.isChecked("#record-tree"));
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok");
  assert.match(await page.textContent("#result-msg"), /solved in 14 moves/);

  // The move count shown is the known optimum, which IDA* through the API agrees with.
  const shown = Number(await page.textContent("#move-count"));
  assert.equal(shown, OPTIMUM);
  const ida = await postJson("/api/solve", { start: BOARD, algorithm: "idastar" });
  assert.equal(shown, ida.cost);
  assert.equal(await page.locator("#move-list li").count(), OPTIMUM);

  // Step the playback to the end: the goal board is shown.
  assert.equal(await page.getAttribute("#play-board", "data-tiles"), BOARD);
  for (let i = 0; i < OPTIMUM; i++) await page.click("#play-fwd");
  assert.equal(await page.getAttribute("#play-board", "data-tiles"), GOAL_TILES);
  assert.deepEqual(await page.locator("#play-board .tile").allTextContents(), ["1", "2", "3", "4", "5", "6", "7", "8", ""]);
  assert.equal(await page.getAttribute("#move-list li.current", "data-step"), String(OPTIMUM));
  await page.click("#play-back");
  assert.notEqual(await page.getAttribute("#play-board", "data-tiles"), GOAL_TILES);
  await page.click("#play-last");

  // The tree view draws as many nodes as the API returns for the same request.
  await page.click("#tab-tree");
  await page.waitForSelector("#panel-tree:not([hidden])");
  const body = await page.evaluate(() => solveBody());
  const api = await postJson("/api/solve", body);
  const drawn = await page.locator("#tree-svg g.node").count();
  assert.equal(drawn, api.tree.nodes.length);
  assert.equal(await page.getAttribute("#tree-svg", "data-drawn"), String(api.tree.nodes.length));
  assert.match(await page.textContent("#tree-note"), new RegExp(`${api.tree.nodes.length} nodes`));

  // Hovering a node shows its board and g + h = f; the frontier panel lists the open list.
  await page.hover("#tree-svg g.node >> nth=0");
  assert.match(await page.textContent("#node-info"), /S0/);
  assert.match(await page.textContent("#node-info .gh"), /^g \+ h = f: 0 \+ 10 = 10$/);
  assert.ok((await page.locator("#frontier-list li").count()) > 0);

  // At the end the goal node is marked; one event back it is not yet.
  const steps = api.trace.events.length;
  assert.equal(await page.inputValue("#tree-step"), String(steps));
  assert.equal(await page.locator("#tree-svg .st-goal").count(), 1);
  assert.match(await page.textContent("#tree-event"), /goal reached/);
  await page.click("#tree-back");
  assert.equal(await page.inputValue("#tree-step"), String(steps - 1));
  assert.equal(await page.locator("#tree-svg .st-goal").count(), 0);
  assert.doesNotMatch(await page.textContent("#tree-event"), /goal reached/);
  assert.match(await page.textContent("#tree-pos"), new RegExp(`event ${steps - 1} of ${steps}`));

  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, "web-ui.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("an unsolvable pair is flagged at once with the reason", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage();
  await page.fill("#start-text", "1 2 3 4 5 6 8 7 0");
  await page.waitForSelector("#check.bad");
  assert.match(await page.textContent("#check"), /unsolvable: .*parity/);
  await page.click("#solve");
  await page.waitForSelector("#result-msg.bad");
  assert.match(await page.textContent("#result-msg"), /unsolvable/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("tiles slide by click and by arrow key, and scramble gives a solvable board", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector(`#board[data-tiles='${GOAL_TILES}']`);
  await page.click("#board .tile >> nth=7"); // tile 8, left of the blank
  await page.waitForSelector("#board[data-tiles='1 2 3 4 5 6 7 0 8']");
  await page.keyboard.press("ArrowLeft"); // tile 8 slides back left
  await page.waitForSelector(`#board[data-tiles='${GOAL_TILES}']`);
  await page.keyboard.press("ArrowDown"); // tile 6 slides down into the blank
  await page.waitForSelector("#board[data-tiles='1 2 3 4 5 0 7 8 6']");
  await page.fill("#scramble-depth", "9");
  await page.fill("#scramble-seed", "5");
  await page.click("#scramble");
  await page.waitForSelector("#scramble-note:has-text('Exactly 9 moves')");
  await page.waitForSelector("#check.ok");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok");
  assert.equal(await page.textContent("#move-count"), "9");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a link carries the board and settings and reproduces the run", { timeout: 60000 }, async () => {
  const q = "?" + new URLSearchParams({ start: BOARD, algorithm: "bfs", tree: "0", run: "1" });
  const { page, errors } = await openPage(q);
  await page.waitForSelector("#result-msg.ok");
  assert.match(await page.textContent("#result-msg"), /^bfs: solved in 14 moves/);
  assert.equal(await page.inputValue("#algorithm"), "bfs");
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("start"), "8 1 3/4 0 2/7 6 5");
  assert.equal(url.searchParams.get("algorithm"), "bfs");
  assert.deepEqual(errors, []);
  await page.close();
});

test("compare mode runs several algorithms and races them", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage();
  await page.fill("#start-text", BOARD);
  await page.waitForSelector(`#board[data-tiles='${BOARD}']`);
  await page.click("#tab-compare");
  const pairs = await page.locator("#compare-pairs input:checked").count();
  await page.click("#compare-run");
  await page.waitForSelector("#compare-table:not([hidden])");
  const rows = page.locator("#compare-table tbody tr");
  assert.equal(await rows.count(), pairs);
  const first = await rows.nth(0).locator("td").allTextContents();
  assert.deepEqual(first.slice(0, 4), ["bfs", "zero", "solved", "14"]);
  assert.equal(await page.locator("#compare-chart rect.bar").count(), pairs);
  assert.equal(await page.locator("#race .lane").count(), pairs);
  assert.deepEqual(errors, []);
  await page.close();
});

test("statistics update while a long search runs, and Stop cancels it", { timeout: 60000 }, async () => {
  const q = "?" + new URLSearchParams({
    start: "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
    goal: "blank-first",
    algorithm: "idastar",
    heuristic: "zero",
    tree: "0",
  });
  const { page, errors } = await openPage(q);
  await page.waitForSelector("#check.ok");
  await page.click("#solve");
  await page.waitForFunction(() => /[0-9]/.test(document.getElementById("live-generated").textContent));
  const first = Number((await page.textContent("#live-generated")).replace(/,/g, ""));
  await page.waitForFunction((n) => Number(document.getElementById("live-generated").textContent.replace(/,/g, "")) > n, first);
  assert.equal(await page.isDisabled("#stop"), false);
  await page.click("#stop");
  await page.waitForSelector("#result-msg:has-text('stopped')");
  await page.waitForFunction(async () => (await (await fetch("/api/health")).json()).running === 0);
  assert.deepEqual(errors, []);
  await page.close();
});
