// Browser end-to-end tests of `npuzzle serve`, driven with playwright-core and the system
// Chromium (never a downloaded browser). Run from this folder with `node --test`; the server
// binary is $NPUZZLE_BIN or ../target/debug/npuzzle, and Chromium is $CHROMIUM or
// /usr/bin/chromium. Screenshots go to ../ci-artifacts/ (or to ../docs/ with
// NPUZZLE_SCREENSHOTS=docs, which is how the README's pictures are made).

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { assertAccessible, violations } from "./a11y.mjs";
import {
  assertDrawnBeside,
  assertLargeBoardRefused,
  assertManhattanProved,
  assertOverestimateReported,
  OVERESTIMATE,
} from "./audit-view.mjs";
import { launchChromium } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const BIN = process.env.NPUZZLE_BIN || join(root, "target", "debug", "npuzzle");
const SHOTS = process.env.NPUZZLE_SCREENSHOTS === "docs" ? join(root, "docs") : join(root, "ci-artifacts");

// A 3×3 board whose optimal solution is 14 moves.
const BOARD = "8 1 3 4 0 2 7 6 5";
const OPTIMUM = 14;
const GOAL_TILES = "1 2 3 4 5 6 7 8 0";
const NILSSON_TILES = "2 8 3 1 6 4 7 0 5";
// Korf's first 15-puzzle instance (57 moves to the blank-first goal).
const KORF1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

let server;
let base;
let browser;
let cacheDir;

function startServer() {
  cacheDir = mkdtempSync(join(tmpdir(), "npuzzle-e2e-cache-"));
  server = spawn(BIN, ["serve", "--host", "127.0.0.1", "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NPUZZLE_CACHE_DIR: cacheDir },
  });
  return serverUrl(server);
}

// The URL a starting `npuzzle serve` prints.
function serverUrl(server) {
  return new Promise((resolvePromise, reject) => {
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

before(
  async () => {
    base = await startServer();
    browser = await launchChromium();
  },
  { timeout: 60000 },
);

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

// Opens the page; `bad` collects page errors, console errors and HTTP errors (a favicon 404
// or a validation 400 would land there).
async function openPage(query = "", viewport = { width: 1400, height: 900 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !r.url().includes("/api/solve") && !r.url().includes("/api/compare"))
      errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  page.close = async () => context.close();
  await page.goto(base + query);
  await page.waitForSelector("body[data-ready='1']");
  return { page, errors };
}

function q(params) {
  return `?${new URLSearchParams(params)}`;
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

// Solves with the page's settings and waits for the result; the replay that starts is paused.
// Waits for the page's verdict that the start and goal on it form a solvable pair. The verdict
// comes from a debounced check after every change, so right after a new board or goal the old
// one still shows; Solve refuses a pair that verdict calls unsolvable.
async function solvablePair(page) {
  await page.waitForSelector("#check.ok");
}

async function solveAndPause(page) {
  // A click while the previous solve is still finishing (its message already shown) is
  // ignored, and the old message would pass for the new one.
  await page.waitForFunction(() => !npuzzle.state.solving);
  // Only this solve's message may pass: the last one's class is cleared before the click.
  await page.evaluate(() => (document.getElementById("result-msg").className = ""));
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok, #result-msg.bad");
  await page.evaluate(() => npuzzle.tree.stop());
}

// The lowest contrast, over the drawn nodes, between a node's label and the header it sits
// on (both as the browser computes them).
async function labelContrast(page) {
  return page.evaluate(() => {
    const lum = (rgb) => {
      const c = rgb
        .match(/[\d.]+/g)
        .slice(0, 3)
        .map((v) => Number(v) / 255)
        .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    let worst = Infinity;
    for (const g of document.querySelectorAll("#tree-svg g.node")) {
      if (g.style.display === "none") continue;
      const a = lum(getComputedStyle(g.querySelector(".head")).fill);
      const b = lum(getComputedStyle(g.querySelector(".head-text")).fill);
      worst = Math.min(worst, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
    }
    return worst;
  });
}

// Every JavaScript module the page loads: the scripts of index.html and, recursively, what
// they import.
async function pageSources() {
  const html = await (await fetch(base)).text();
  const queue = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => new URL(m[1], base).href);
  const seen = new Set();
  let text = "";
  while (queue.length) {
    const url = queue.pop();
    // The WebAssembly engine's module is built into the static site only, and is the library's.
    if (seen.has(url) || url.endsWith("/npuzzle_wasm.js")) continue;
    seen.add(url);
    const res = await fetch(url);
    assert.equal(res.status, 200, url);
    const src = await res.text();
    text += src;
    for (const m of src.matchAll(/(?:from|import)\s*"(\.[^"]+\.js)"/g)) queue.push(new URL(m[1], url).href);
    for (const m of src.matchAll(/new URL\("([^"]+\.js)", document\.baseURI\)/g)) queue.push(new URL(m[1], base).href);
  }
  return { text, modules: seen.size };
}

function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: join(SHOTS, name) });
}

test("solve a 3×3 board with A*, play it back, and step the search tree", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage(q({ start: BOARD, goal: "blank-last", algorithm: "astar", heuristic: "manhattan" }));
  await page.waitForSelector(`#board[data-tiles='${BOARD}']`);
  await page.waitForSelector("#check.ok");
  assert.ok(await page.isChecked("#record-tree"));
  await solveAndPause(page);
  assert.match(await page.textContent("#result-msg"), /solved in 14 moves/);

  // The move count shown is the known optimum, which IDA* through the API agrees with.
  const shown = Number(await page.textContent("#move-count"));
  assert.equal(shown, OPTIMUM);
  const ida = await postJson("/api/solve", { start: BOARD, algorithm: "idastar" });
  assert.equal(shown, ida.cost);
  await page.click("#tab-solution");
  assert.equal(await page.locator("#move-list li").count(), OPTIMUM);
  // The fans' counted notation of the same moves, in both readings, from the library.
  const r = await page.evaluate(() => npuzzle.state.result);
  assert.equal(r.notation.stm, OPTIMUM);
  assert.equal(
    r.notation.blank.replace(/([UDLR])(\d+)/g, (_, m, k) => m.repeat(Number(k))),
    r.moves,
  );
  assert.equal(
    await page.textContent("#move-notation"),
    `Counted: ${r.notation.blank} (blank moves) · ${r.notation.tiles} (tile moves) · ${OPTIMUM} single-tile, ${r.notation.mtm} multi-tile moves`,
  );

  // Step the playback to the end: the goal board is shown.
  assert.equal(await page.getAttribute("#play-board", "data-tiles"), BOARD);
  for (let i = 0; i < OPTIMUM; i++) await page.click("#play-fwd");
  assert.equal(await page.getAttribute("#play-board", "data-tiles"), GOAL_TILES);
  assert.equal(await page.getAttribute("#move-list li.current", "data-step"), String(OPTIMUM));
  await page.click("#play-back");
  assert.notEqual(await page.getAttribute("#play-board", "data-tiles"), GOAL_TILES);

  // At the end of the replay the tree shows every node the API returns.
  await page.click("#tab-tree");
  const body = await page.evaluate(() => npuzzle.solveBody());
  const api = await postJson("/api/solve", body);
  await page.click("#tree-last");
  assert.equal(await page.getAttribute("#tree-svg", "data-drawn"), String(api.tree.nodes.length));
  assert.match(await page.textContent("#tree-note"), new RegExp(`${api.tree.nodes.length} nodes`));
  await page.click("#tree-fit");
  await page.locator("#tree-svg g.node[data-id='0']").dispatchEvent("pointerover");
  assert.match(await page.textContent("#node-info"), /S0/);
  assert.match(await page.textContent("#node-info .gh"), /^g \+ h = f: 0 \+ 10 = 10$/);

  // At the end the goal node is marked; one event back it is not yet.
  const steps = api.trace.events.length;
  assert.equal(await page.inputValue("#tree-step"), String(steps));
  assert.equal(await page.locator("#tree-svg .node.st-goal").count(), 1);
  assert.match(await page.textContent("#tree-event"), /goal reached/);
  await page.click("#tree-back");
  assert.equal(await page.locator("#tree-svg .node.st-goal").count(), 0);
  assert.match(await page.textContent("#tree-pos"), new RegExp(`event ${steps - 1} of ${steps}`));
  assert.deepEqual(errors, []);
  await page.close();
});

test("part 1: the tree grows with the replay, the frontier list agrees, and a student can predict", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector(`#board[data-tiles='${NILSSON_TILES}']`);
  await solveAndPause(page);
  const body = await page.evaluate(() => npuzzle.solveBody());
  const api = await postJson("/api/solve", body);
  const events = api.trace.events;
  for (let k = 0; k <= events.length; k++) {
    const seen = await page.evaluate((k) => {
      npuzzle.tree.setStep(k);
      const drawn = [...document.querySelectorAll("#tree-svg g.node")]
        .filter((g) => g.style.display !== "none")
        .map((g) => Number(g.dataset.id));
      const frontierNodes = [...document.querySelectorAll("#tree-svg g.node[data-state=frontier]")]
        .filter((g) => g.style.display !== "none")
        .map((g) => Number(g.dataset.id));
      const listed = [...document.querySelectorAll("#frontier-list li")].map((li) => Number(li.dataset.id));
      const next = [...document.querySelectorAll("#tree-svg g.node.next")].map((g) => Number(g.dataset.id));
      return { drawn, frontierNodes, listed, next };
    }, k);
    // Drawn: exactly the nodes generated by event k.
    const generated = events
      .slice(0, k)
      .filter((e) => e.event === "generated")
      .map((e) => e.id);
    assert.deepEqual(
      seen.drawn.sort((a, b) => a - b),
      generated.sort((a, b) => a - b),
      `event ${k}`,
    );
    // The frontier list and the frontier-coloured nodes are the same set at every event.
    assert.deepEqual(
      [...seen.listed].sort((a, b) => a - b),
      [...seen.frontierNodes].sort((a, b) => a - b),
      `event ${k}`,
    );
    // The node marked next is the one the next selection takes.
    const nextSel = events.slice(k).find((e) => e.event === "selected");
    const expectNext = nextSel && generated.includes(nextSel.id) ? [nextSel.id] : [];
    assert.deepEqual(seen.next, expectNext, `event ${k}`);
  }
  // While a node is being expanded it is no longer on the frontier list.
  const sels = events.map((e, i) => (e.event === "selected" ? i : -1)).filter((i) => i >= 0);
  const sel = sels[1];
  await page.evaluate((k) => npuzzle.tree.setStep(k), sel + 1);
  const selId = events[sel].id;
  assert.equal(await page.locator(`#frontier-list li[data-id='${selId}']`).count(), 0);
  assert.equal(await page.getAttribute(`#tree-svg g.node[data-id='${selId}']`, "data-state"), "current");

  // Hovering a frontier entry highlights its node, and the reverse.
  const li = page.locator("#frontier-list li").first();
  const liId = await li.getAttribute("data-id");
  await li.hover();
  assert.match(await page.getAttribute(`#tree-svg g.node[data-id='${liId}']`, "class"), /\bhl\b/);
  await page.mouse.move(0, 0);
  await page.hover(`#tree-svg g.node[data-id='${liId}']`);
  assert.match(await page.getAttribute(`#frontier-list li[data-id='${liId}']`, "class"), /\bhl\b/);

  // Predict mode: a wrong pick is told so, the right one is confirmed, the score kept.
  // Just after the root's expansion: its children wait on the frontier.
  await page.evaluate(() => npuzzle.tree.setStep(npuzzle.tree.nextSelAt[0] + 1));
  await page.click("#tree-predict");
  await page.waitForFunction(
    () => npuzzle.tree.nextSelAt[npuzzle.tree.k] === npuzzle.tree.k && document.querySelectorAll("#frontier-list li").length > 1,
  );
  assert.equal(await page.locator("#tree-svg g.node.next").count(), 0, "predict mode hides the answer");
  const { want, wrong } = await page.evaluate(() => {
    const want = npuzzle.tree.steps[npuzzle.tree.k].id;
    const wrong = [...document.querySelectorAll("#frontier-list li")].map((li) => Number(li.dataset.id)).find((id) => id !== want);
    return { want, wrong };
  });
  await page.click(`#frontier-list li[data-id='${wrong}']`);
  assert.match(await page.textContent("#predict-msg"), /Not this time/);
  assert.equal(await page.getAttribute("#predict-msg", "data-result"), "wrong");
  const want2 = await page.evaluate(() => npuzzle.tree.steps[npuzzle.tree.nextSelAt[npuzzle.tree.k]].id);
  await page.click(`#tree-svg g.node[data-id='${want2}']`);
  assert.match(await page.textContent("#predict-msg"), /Right: .* Score 1 of 2/);
  assert.ok(want !== wrong);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the worksheet grades each step against the recorded search, prints, links to a step, and records the replay", {
  timeout: 90000,
}, async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector(`#board[data-tiles='${NILSSON_TILES}']`);
  await solveAndPause(page);
  const api = await postJson("/api/solve", await page.evaluate(() => npuzzle.solveBody()));
  const events = api.trace.events;
  const label = (id) => api.tree.nodes[id].label;
  // The expected answers, straight from the API's events: each selection, and the last open
  // list reported before the next one.
  const sels = events.map((e, i) => (e.event === "selected" ? i : -1)).filter((i) => i >= 0);
  const expect = sels.slice(0, 4).map((at, j) => {
    const end = j + 1 < sels.length ? sels[j + 1] : events.length;
    const snap = events
      .slice(at + 1, end)
      .filter((e) => e.event === "frontier")
      .pop();
    return { next: label(events[at].id), open: snap.entries.slice(0, 8).map((x) => label(x.id)), end };
  });
  assert.equal(expect[0].next, "S0");

  await page.evaluate(() => npuzzle.tree.setStep(0));
  await page.fill("#worksheet-steps", "4");
  await page.click("#tree-worksheet");
  await page.waitForSelector("#worksheet:not([hidden])");
  assert.equal(await page.locator("#worksheet-rows .ws-row").count(), 4);
  assert.match(await page.textContent("#worksheet-problem"), /move order/);
  // The page gives no answer away while the worksheet is open: no "next" mark, no open list.
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById("frontier-list")).visibility), "hidden");
  assert.equal(await page.locator(".ws-row[data-row='1'] input.ws-next").isDisabled(), true, "one step at a time");

  const row = (i) => `.ws-row[data-row='${i}']`;
  // Step 1 right, in lower case and with f values written beside the labels.
  await page.fill(`${row(0)} .ws-next`, expect[0].next.toLowerCase());
  await page.fill(`${row(0)} .ws-open`, expect[0].open.map((l) => `${l} (f ?)`).join(", "));
  await page.click(`${row(0)} .ws-check`);
  assert.equal(await page.getAttribute(`${row(0)} .ws-result`, "data-result"), "right");
  assert.equal(await page.evaluate(() => npuzzle.tree.k), expect[0].end, "the tree shows the step just graded");
  // Step 2: the wrong node, the right open list.
  const wrong = expect[1].open.find((l) => l !== expect[1].next) || "S9";
  await page.fill(`${row(1)} .ws-next`, wrong);
  await page.fill(`${row(1)} .ws-open`, expect[1].open.join(" "));
  await page.press(`${row(1)} .ws-open`, "Enter");
  assert.equal(await page.getAttribute(`${row(1)} .ws-result`, "data-result"), "wrong");
  assert.equal(await page.getAttribute(`${row(1)} .ws-result`, "data-next"), "wrong");
  assert.equal(await page.getAttribute(`${row(1)} .ws-result`, "data-open"), "right");
  assert.match(await page.textContent(`${row(1)} .ws-result`), new RegExp(`✗ next: ${expect[1].next}`));
  // Step 3: the open list in the wrong order.
  await page.fill(`${row(2)} .ws-next`, expect[2].next);
  await page.fill(`${row(2)} .ws-open`, [...expect[2].open].reverse().join(", "));
  await page.click(`${row(2)} .ws-check`);
  assert.equal(await page.getAttribute(`${row(2)} .ws-result`, "data-open"), expect[2].open.length > 1 ? "wrong" : "right");
  // Step 4 right.
  await page.fill(`${row(3)} .ws-next`, expect[3].next);
  await page.fill(`${row(3)} .ws-open`, expect[3].open.join(","));
  await page.click(`${row(3)} .ws-check`);
  assert.equal(await page.getAttribute(`${row(3)} .ws-result`, "data-result"), "right");
  assert.equal(await page.getAttribute("#worksheet-score", "data-right"), expect[2].open.length > 1 ? "2" : "3");
  assert.equal(await page.getAttribute("#worksheet-score", "data-done"), "4");
  assert.match(await page.textContent("#worksheet-score"), /Worksheet done: \d of 4 steps right/);
  await page.locator("#worksheet").scrollIntoViewIfNeeded();
  await shot(page, "worksheet.png");

  // Print: only the worksheet, with the student's answers and grades.
  const printed = await page.evaluate(() => {
    let seen = null;
    window.print = () => {
      seen = { cls: document.body.classList.contains("ws-print"), answer: document.querySelector(".ws-row .ws-next").value };
      window.dispatchEvent(new Event("afterprint"));
    };
    document.getElementById("worksheet-print").click();
    return { seen, after: document.body.classList.contains("ws-print") };
  });
  assert.deepEqual(printed, { seen: { cls: true, answer: "s0" }, after: false });
  await page.click("#worksheet-close");
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById("frontier-list")).visibility), "visible");

  // A link to this step opens the same search at the same event.
  await page.evaluate((k) => npuzzle.tree.setStep(k), expect[1].end);
  await page.click("#tree-step-link");
  // The link is written once the clipboard has answered.
  await page.waitForSelector("#kit-msg[data-url]");
  const url = await page.getAttribute("#kit-msg", "data-url");
  assert.equal(new URL(url).searchParams.get("step"), String(expect[1].end));
  const other = await openPage(new URL(url).search);
  await other.page.waitForSelector("#result-msg.ok");
  await other.page.waitForFunction((k) => npuzzle.tree.tree && npuzzle.tree.k === k, expect[1].end);
  assert.equal(await other.page.evaluate(() => npuzzle.tree.playing()), false, "opened paused at the step");
  assert.deepEqual(other.errors, []);
  await other.page.close();

  // The replay from the last two expansions on, recorded as a WebM video.
  await page.evaluate((k) => npuzzle.tree.setStep(k), sels[sels.length - 2]);
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 30000 }), page.click("#tree-export-webm")]);
  assert.match(download.suggestedFilename(), /^npuzzle-replay-.*\.webm$/);
  const file = await download.path();
  const head = readFileSync(file).subarray(0, 4);
  assert.deepEqual([...head], [0x1a, 0x45, 0xdf, 0xa3], "a WebM (Matroska) file");
  await page.waitForSelector("#kit-msg[data-frames]");
  const frames = 1 + 2 + (sels[sels.length - 1] + 1 < events.length ? 1 : 0);
  assert.equal(
    await page.getAttribute("#kit-msg", "data-frames"),
    String(frames),
    "the event shown, one frame per expansion after it, and the end",
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test("part 2: readable trees: boards and g + h = f, fit, pan, minimap, speed, captions, cut-offs, export, projector, contrast", {
  timeout: 60000,
}, async () => {
  const { page, errors } = await openPage();
  await solveAndPause(page);
  await page.click("#tree-last");
  // A small tree draws each node's board and g + h = f, and every label.
  const n = Number(await page.getAttribute("#tree-svg", "data-drawn"));
  assert.ok(n > 5 && n <= 40, `${n} nodes`);
  assert.equal(await page.locator("#tree-svg g.node .head-text").count(), n);
  assert.equal(await page.locator("#tree-svg g.node .ghf").count(), n);
  assert.match((await page.textContent("#tree-svg g.node[data-id='0'] .ghf")).trim(), /^0\+4=4$/);
  assert.ok((await page.locator("#tree-svg g.node[data-id='0'] .tile").count()) === 8);
  // Every label reads at 4.5:1 on its header, whatever the node's state (the current node's
  // header is dark red, the explored one's dark yellow). Halfway through, all states are there.
  await page.evaluate(() => npuzzle.tree.setStep(Math.floor(npuzzle.tree.steps.length / 2)));
  assert.equal(new Set(await page.locator("#tree-svg g.node:visible").evaluateAll((gs) => gs.map((g) => g.dataset.state))).size >= 3, true);
  assert.ok((await labelContrast(page)) >= 4.5, `label contrast ${await labelContrast(page)}`);
  await page.click("#tree-last");
  // Fit to view: the whole tree lies inside the box.
  await page.click("#tree-fit");
  const inside = await page.evaluate(() => {
    const box = document.getElementById("tree-svg").getBoundingClientRect();
    const t = document.querySelector("#tree-svg .viewport").getBoundingClientRect();
    return t.left >= box.left - 1 && t.right <= box.right + 1 && t.top >= box.top - 1 && t.bottom <= box.bottom + 1;
  });
  assert.ok(inside, "fit keeps the tree in view");
  // Dragging pans.
  const before = await page.getAttribute("#tree-svg .viewport", "transform");
  await page.locator("#tree-wrap").scrollIntoViewIfNeeded();
  const box = await page.locator("#tree-wrap").boundingBox();
  await page.mouse.move(box.x + 40, box.y + box.height - 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, box.y + box.height - 80, { steps: 5 });
  await page.mouse.up();
  assert.notEqual(await page.getAttribute("#tree-svg .viewport", "transform"), before);
  // The minimap has drawn something.
  const inked = await page.evaluate(() => {
    const c = document.getElementById("tree-minimap");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && d[i] + d[i + 1] + d[i + 2] < 600) dark++;
    return dark;
  });
  assert.ok(inked > 10, "minimap drawn");
  // Replay speed control, and "next expansion" goes to just after the next selection.
  await page.fill("#tree-speed", "2");
  await page.dispatchEvent("#tree-speed", "input");
  assert.match(await page.textContent("#tree-speed-val"), /^2 events\/s$/);
  await page.click("#tree-first");
  await page.click("#tree-next");
  const k = await page.evaluate(() => npuzzle.tree.k);
  assert.equal(await page.evaluate((k) => npuzzle.tree.steps[k - 1].event, k), "selected");
  // Export: an SVG with the drawn nodes and the legend, and a PNG.
  await page.click("#tree-last");
  const [svgDl] = await Promise.all([page.waitForEvent("download"), page.click("#tree-export-svg")]);
  const svgText = readFileSync(await svgDl.path(), "utf8");
  assert.match(svgText, /^<svg/);
  assert.equal((svgText.match(/class="node /g) || []).length, n);
  assert.match(svgText, /frontier \(blue\)/);
  const [pngDl] = await Promise.all([page.waitForEvent("download"), page.click("#tree-export-png")]);
  const png = readFileSync(await pngDl.path());
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
  // Projector mode enlarges the tree's text.
  const small = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector("#tree-svg .ghf")).fontSize));
  await page.check("#projector");
  const large = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector("#tree-svg .ghf")).fontSize));
  assert.ok(large > small * 1.2, `${small} → ${large}`);
  await page.uncheck("#projector");
  // Contrast: every state's colour reads at 3:1 against the tree's background, and each has
  // its own shape.
  const legend = await page.evaluate(() => npuzzle.state.options.legend);
  const lum = (hex) => {
    const c = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const bg = await page.evaluate(() => getComputedStyle(document.getElementById("tree-wrap")).backgroundColor);
  assert.equal(bg, "rgb(255, 255, 255)");
  for (const l of legend) assert.ok(1.05 / (lum(l.fill) + 0.05) >= 3, `${l.state} ${l.fill}`);
  assert.equal(new Set(legend.map((l) => l.shape)).size, legend.length);

  // IDA*: each iteration's root is captioned with its bound, and the thresholds form a timeline.
  await page.selectOption("#algorithm", "idastar");
  await solveAndPause(page);
  await page.click("#tree-last");
  const captions = await page.locator("#tree-svg text.caption").allTextContents();
  const iters = await page.evaluate(() => npuzzle.tree.iterations.map((it) => `iteration ${it.number}: bound f ≤ ${it.bound}`));
  assert.ok(iters.length >= 2);
  assert.deepEqual(
    captions.filter((c) => c.startsWith("iteration")),
    iters,
  );
  assert.equal(await page.locator("#tree-timeline .iter").count(), iters.length);
  // Bidirectional search: the meeting point is drawn.
  await page.selectOption("#algorithm", "bidirectional");
  await solveAndPause(page);
  await page.click("#tree-last");
  assert.match(await page.textContent("#tree-svg"), /the two searches meet: S\d+ = G\d+|the two searches meet: G\d+ = S\d+/);
  assert.equal(await page.locator("#tree-svg path.meet").count(), 1);
  // A capped tree says what is cut off.
  await page.selectOption("#goal-preset", "blank-last");
  await page.fill("#start-text", "8 6 7 2 5 4 3 0 1");
  await page.waitForSelector("#board[data-tiles='8 6 7 2 5 4 3 0 1']");
  await solvablePair(page);
  await page.selectOption("#algorithm", "bfs");
  await solveAndPause(page);
  const note = await page.textContent("#tree-note");
  assert.match(note, /capped at 2,000 nodes: it shows the first 2,000 of the [\d,]+ nodes generated/);
  assert.match(note, /the solution lies at depth 31, below the cut/);
  await page.click("#tree-last");
  assert.match(await page.textContent("#tree-svg"), /more nodes were generated past the 2,000-node cap/);
  assert.equal(await page.evaluate(() => npuzzle.tree.style()), "shapes");
  assert.deepEqual(errors, []);
  await page.close();
});

test("part 3: the first run teaches: Nilsson's board, three steps, a bar that stays, stale results marked", {
  timeout: 60000,
}, async () => {
  const { page, errors } = await openPage();
  assert.equal(await page.getAttribute("#board", "data-tiles"), NILSSON_TILES);
  assert.equal(await page.inputValue("#goal-preset"), "snail");
  assert.equal(await page.inputValue("#algorithm"), "astar");
  assert.equal(await page.inputValue("#heuristic"), "misplaced");
  assert.equal(await page.inputValue("#order"), "LURD");
  assert.equal(await page.locator("#first-steps li").count(), 3);
  assert.ok(await page.isVisible("#first-steps"));
  await shot(page, "web-first-load.png");
  // Solve and Stop are in view at load, and still after scrolling to the bottom.
  const inView = () =>
    page.evaluate(() => {
      const r = document.getElementById("solve").getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
  assert.ok(await inView());
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  assert.ok(await inView());
  assert.ok(await page.isVisible("#stop"));
  // After a solve the page goes to the search tree and replays it.
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok");
  assert.equal(await page.getAttribute("#tab-tree", "aria-selected"), "true");
  assert.equal(await page.getAttribute("#tree-play", "aria-pressed"), "true");
  const treeTop = await page.evaluate(() => document.getElementById("tree-wrap").getBoundingClientRect().top);
  assert.ok(treeTop < 900, `tree at ${treeTop}`);
  await page.waitForFunction(() => npuzzle.tree.k >= 12);
  await page.evaluate(() => npuzzle.tree.stop());
  await page.evaluate(() => window.scrollTo(0, document.querySelector(".tabs").getBoundingClientRect().top + window.scrollY - 60));
  await shot(page, "web-replay.png");
  assert.ok(await page.isHidden("#stale"));
  // Editing the board marks the results stale; an invalid board loses its "solvable".
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click("#board .tile.movable >> nth=0");
  await page.waitForSelector("#stale:not([hidden])");
  assert.match(await page.getAttribute("#panel-tree", "class"), /\bstale\b/);
  await page.fill("#start-text", "1 2 3 4 5 6 8 8 0");
  await page.waitForSelector("#check.bad");
  assert.match(await page.textContent("#check"), /not a valid board: .*duplicate tile 8/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("part 4: the pseudocode comes from the algorithm's metadata and lights the current event's line", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage();
  const options = await (await fetch(`${base}api/options`)).json();
  const astar = options.algorithms.find((a) => a.name === "astar");
  const texts = (name) => options.algorithms.find((a) => a.name === name).pseudocode.map((l) => l.text);
  // Before any solve, the chosen algorithm's pseudocode is shown with no line lit, and it
  // follows the choice.
  assert.deepEqual(await page.locator("#pseudocode li").allTextContents(), texts("astar"));
  assert.equal(await page.locator("#pseudocode li.on").count(), 0);
  await page.selectOption("#algorithm", "idastar");
  assert.deepEqual(await page.locator("#pseudocode li").allTextContents(), texts("idastar"));
  await page.selectOption("#algorithm", "astar");
  await solveAndPause(page);
  assert.deepEqual(
    await page.locator("#pseudocode li").allTextContents(),
    astar.pseudocode.map((l) => l.text),
  );
  const events = await page.evaluate(() => npuzzle.tree.steps);
  const lit = async (k) => {
    await page.evaluate((k) => npuzzle.tree.setStep(k), k);
    return page.locator("#pseudocode li.on").allTextContents();
  };
  const sel = events.findIndex((e, i) => i > 0 && e.event === "selected");
  assert.deepEqual(await lit(sel + 1), ["node ← POP(frontier)    ▷ the lowest f first; ties in generation order"]);
  const add = events.findIndex((e) => e.event === "generated" && e.fate === "added" && e.parent !== null);
  assert.deepEqual(await lit(add + 1), ["add child to frontier"]);
  const goal = events.findIndex((e) => e.event === "goal");
  assert.deepEqual(await lit(goal + 1), ["if problem.IS-GOAL(node.STATE) then return node"]);
  // IDA*: raising the bound and pruning have their own lines.
  await page.selectOption("#algorithm", "idastar");
  await solveAndPause(page);
  const ida = await page.evaluate(() => npuzzle.tree.steps);
  const raise = ida.findIndex((e) => e.event === "iteration_end");
  assert.match((await lit(raise + 1)).join(), /bound ← next/);
  const prune = ida.findIndex((e) => e.event === "generated" && e.fate === "pruned");
  assert.match((await lit(prune + 1)).join(), /f\(child\) > bound/);
  // The page keeps no copy: its scripts (every module the page loads) hold none of the
  // pseudocode's text.
  const { text: js, modules } = await pageSources();
  assert.ok(modules > 10, `${modules} modules found`);
  assert.ok(!js.includes("POP(frontier)"));
  assert.deepEqual(errors, []);
  await page.close();
});

test("part 5: admissibility: h* beside h, accuracy colouring, overestimates flagged, IDA* thresholds", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage();
  await solveAndPause(page);
  await page.click("#tree-last");
  await page.hover("#tree-svg g.node[data-id='0']");
  assert.match(await page.textContent("#node-info .hstar-info"), /^h\* = 5 \(true distance\): h underestimates by 1$/);
  assert.match((await page.textContent("#tree-svg g.node[data-id='0'] .hstar")).trim(), /^h\*=5$/);
  assert.match(await page.textContent("#tree-note"), /admissible on this tree/);
  await page.selectOption("#tree-colour", "accuracy");
  assert.ok(await page.isVisible("#accuracy-legend"));
  assert.match(await page.getAttribute("#tree-svg g.node[data-id='0'] .box", "stroke"), /^hsl\(212/);
  // Labels stay readable on the accuracy colours too, pale and dark.
  assert.ok((await labelContrast(page)) >= 4.5, `label contrast ${await labelContrast(page)}`);
  // A student's own heuristic that overestimates somewhere is flagged (here, a tree whose
  // root's h is raised above its true distance).
  await page.evaluate(() => {
    const r = structuredClone(npuzzle.state.result);
    r.tree.nodes[0].h = 9;
    npuzzle.tree.load(r.tree, r.trace, r);
  });
  assert.match(await page.getAttribute("#tree-svg g.node[data-id='0']", "class"), /\boverestimate\b/);
  assert.equal(await page.locator("#tree-svg g.node.overestimate").count(), 1);
  assert.match(await page.textContent("#tree-note"), /1 nodes have h > h\*/);
  await page.selectOption("#tree-colour", "state");
  // IDA*'s threshold timeline: one entry per iteration, the current one marked.
  await page.selectOption("#algorithm", "idastar");
  await solveAndPause(page);
  const iters = await page.evaluate(() => npuzzle.tree.steps.filter((e) => e.event === "iteration").map((e) => e.bound));
  assert.equal(await page.locator("#tree-timeline .iter").count(), iters.length);
  for (const [i, b] of iters.entries())
    assert.match(await page.locator("#tree-timeline .iter").nth(i).textContent(), new RegExp(`^#${i + 1} f ≤ ${b} `));
  await page.locator("#tree-timeline .iter").nth(1).click();
  assert.match(await page.getAttribute("#tree-timeline .iter >> nth=1", "class"), /\bnow\b/);
  assert.match(await page.textContent("#tree-event"), /iteration 2 starts with bound f ≤/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("part 6: an honest compare: shared race scale, did-not-finish, non-optimal flags, live rows, cancel, editable pairs", {
  timeout: 60000,
}, async () => {
  const { page, errors } = await openPage(q({ start: BOARD, goal: "blank-last" }));
  await page.click("#tab-compare");
  // Edit the pairs: remove one, add weighted A* and a depth-limited DFS.
  assert.equal(await page.locator("#compare-pairs .pair").count(), 6);
  await page.click("#compare-pairs .pair >> nth=5 >> .pair-remove");
  assert.equal(await page.locator("#compare-pairs .pair").count(), 5);
  await page.click("#compare-add");
  const last = page.locator("#compare-pairs .pair").last();
  await last.locator(".pair-weight").fill("4");
  await page.click("#compare-add");
  await page.locator("#compare-pairs .pair").last().locator(".pair-alg").selectOption("dfs");
  await page.locator("#compare-pairs .pair").last().locator(".pair-max-depth").fill("30");
  // A node limit small enough that breadth-first search does not finish.
  await page.fill("#limit-nodes", "3000");
  await page.click("#compare-run");
  await page.waitForSelector("#compare-msg:has-text('searches done')");
  const rows = page.locator("#compare-table tbody tr");
  assert.equal(await rows.count(), 7);
  const results = await page.evaluate(() => npuzzle.state.compare);
  // Runs that hit the limit did not finish and are not ranked.
  const bfs = await rows.nth(0).locator("td").allTextContents();
  assert.equal(bfs[2], "did not finish (nodes)");
  assert.match(await rows.nth(0).getAttribute("class"), /\bdnf\b/);
  // Costs above the proven optimum are flagged.
  for (const [i, r] of results.entries()) {
    const cost = await rows.nth(i).locator("td").nth(3).textContent();
    if (r.cost !== null && r.cost > OPTIMUM) assert.match(cost, /not optimal \(\+\d+\)/, `${r.algorithm}`);
    else assert.doesNotMatch(cost, /not optimal/);
  }
  assert.ok(
    results.some((r) => r.timing && r.timing.samples > 1),
    "quick runs are timed more than once",
  );
  // b* sits before the time.
  assert.match(await rows.nth(1).locator("td").nth(8).textContent(), /^\d+\.\d\d$/);
  assert.match(await rows.nth(1).locator("td").nth(9).textContent(), /median of \d+/);
  // The race: one shared scale, so a lane's length is proportional to its expansions.
  const lanes = await page.evaluate(() =>
    [...document.querySelectorAll("#race .lane")].map((l) => ({
      fill: l.querySelector(".fill").getBoundingClientRect().width,
      track: l.querySelector(".track").getBoundingClientRect().width,
      expanded: Number(l.dataset.expanded),
      text: l.querySelector(".count").textContent,
      cls: l.className,
    })),
  );
  const max = Math.max(...lanes.map((l) => l.expanded));
  for (const l of lanes) assert.ok(Math.abs(l.fill / l.track - l.expanded / max) < 0.01, `${l.fill}/${l.track} vs ${l.expanded}/${max}`);
  assert.match(lanes[0].cls, /\bdnf\b/);
  assert.doesNotMatch(lanes[0].text, /#\d/);
  // A click on a row opens that run's tree.
  await rows.nth(2).click();
  await page.waitForSelector("#result-msg.ok");
  await page.evaluate(() => npuzzle.tree.stop());
  assert.equal(await page.getAttribute("#tab-tree", "aria-selected"), "true");
  assert.match(await page.textContent("#result-msg"), /^astar \+ manhattan/);
  // Progress, rows as they finish, and cancel: a slow second run.
  await page.click("#tab-compare");
  await page.fill("#limit-nodes", "");
  while ((await page.locator("#compare-pairs .pair").count()) > 1) await page.click("#compare-pairs .pair >> nth=1 >> .pair-remove");
  await page.click("#compare-add");
  await page.locator("#compare-pairs .pair").last().locator(".pair-alg").selectOption("iddfs");
  await page.locator("#compare-pairs .pair").first().locator(".pair-alg").selectOption("astar");
  await page.locator("#compare-pairs .pair").first().locator(".pair-h").selectOption("manhattan");
  await page.fill("#start-text", "8 6 7 2 5 4 3 0 1");
  await page.waitForSelector("#board[data-tiles='8 6 7 2 5 4 3 0 1']");
  await page.click("#compare-run");
  await page.waitForSelector("#compare-msg:has-text('running 2 of 2')", { timeout: 30000 });
  assert.equal(
    await page.locator("#compare-table tbody tr.finished, #compare-table tbody tr.dnf").count(),
    1,
    "the first row is shown before the compare ends",
  );
  await page.click("#compare-cancel");
  await page.waitForSelector("#compare-msg:has-text('cancelled after 1 of 2')");
  await page.waitForFunction(async () => (await (await fetch("/api/health")).json()).running === 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("part 7: the fast optimal solvers, long answers, the depth limit, descriptions and shortcuts", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage(q({ start: BOARD, goal: "blank-last", algorithm: "astar", heuristic: "manhattan" }));
  // The optimal choice for a 3×3 board: IDA* over the exact table.
  assert.match(await page.textContent("#optimal-choice"), /optimal \(exact table\)/);
  await page.click("#optimal-choice");
  assert.equal(await page.inputValue("#algorithm"), "idastar");
  assert.equal(await page.inputValue("#heuristic"), "exact");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok");
  assert.match(await page.textContent("#result-msg"), /solved in 14 moves .*\(optimal\)/);
  // On a 4×3 board it is pattern databases, built once with a progress bar, then cached.
  await page.fill("#start-text", "1 2 3 4/5 6 7 8/9 10 0 11");
  await page.waitForSelector("#board[data-tiles='1 2 3 4 5 6 7 8 9 10 0 11']");
  assert.match(await page.textContent("#optimal-choice"), /optimal \(pattern databases\)/);
  await page.click("#optimal-choice:has-text('pattern databases')");
  assert.equal(await page.inputValue("#heuristic"), "pdb");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok", { timeout: 45000 });
  assert.match(await page.textContent("#result-msg"), /idastar \+ pdb: solved in 1 move/);
  assert.ok(await page.isHidden("#table-progress-box"));
  // The bar itself: a third of the way through the second of three tables.
  await page.evaluate(() => npuzzle.showTables({ tables: 3, ready: 1, filled: 50, entries: 100 }));
  assert.equal(await page.evaluate(() => document.getElementById("table-progress").value), 0.5);
  assert.match(await page.textContent("#table-progress-text"), /table 2 of 3, 50%/);
  await page.evaluate(() => npuzzle.showTables(null));
  // A search that hits the time limit names a solver that would finish.
  await page.fill("#start-text", KORF1);
  await page.selectOption("#goal-preset", "blank-first");
  await page.waitForSelector(`#board[data-tiles='${KORF1}']`);
  await solvablePair(page);
  await page.selectOption("#algorithm", "astar");
  await page.selectOption("#heuristic", "manhattan");
  await page.uncheck("#record-tree");
  await page.fill("#limit-time", "300");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.bad");
  assert.match(await page.textContent("#result-hint"), /idastar, heuristic pdb/);
  await page.fill("#limit-time", "");
  // The one-line description comes from the algorithm's metadata.
  const options = await (await fetch(`${base}api/options`)).json();
  await page.selectOption("#algorithm", "dfs");
  assert.ok((await page.textContent("#alg-summary")).includes(options.algorithms.find((a) => a.name === "dfs").summary));
  // The DFS depth limit reaches the API.
  assert.equal(await page.isDisabled("#max-depth"), false);
  await page.selectOption("#goal-preset", "blank-last");
  await page.fill("#start-text", BOARD);
  await page.waitForSelector(`#board[data-tiles='${BOARD}']`);
  await solvablePair(page);
  await page.fill("#max-depth", "20");
  assert.equal((await page.evaluate(() => npuzzle.solveBody())).max_depth, 20);
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok, #result-msg.bad");
  const limited = await page.evaluate(() => npuzzle.state.result);
  assert.ok(limited.cost === null || limited.cost <= 20, `cost ${limited.cost}`);
  // DFS without a limit: a very long answer. The move list draws only what is in view, and
  // labels stay short.
  await page.fill("#max-depth", "");
  await page.check("#record-tree");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok", { timeout: 30000 });
  await page.evaluate(() => npuzzle.tree.stop());
  const r = await page.evaluate(() => ({ cost: npuzzle.state.result.cost }));
  assert.ok(r.cost > 1000, `DFS answer of ${r.cost} moves`);
  await page.click("#tab-solution");
  assert.ok((await page.locator("#move-list li").count()) < 800, "only the rows in view are drawn");
  await page.click("#play-last");
  assert.equal(await page.getAttribute("#move-list li.current", "data-step"), String(r.cost));
  await page.click("#tab-tree");
  await page.click("#tree-last");
  const longest = await page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll("#frontier-list li, #tree-event, #node-info strong, #tree-svg text")].map(
        (e) => e.textContent.length,
      ),
    ),
  );
  assert.ok(longest < 200, `longest text ${longest}`);
  // Keyboard shortcuts: replay and playback.
  await page.click("#tree-first");
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(() => npuzzle.tree.k), 1);
  await page.keyboard.press("n");
  assert.equal(await page.evaluate(() => npuzzle.tree.steps[npuzzle.tree.k - 1].event), "selected");
  await page.keyboard.press(" ");
  assert.equal(await page.getAttribute("#tree-play", "aria-pressed"), "true");
  await page.keyboard.press(" ");
  assert.equal(await page.getAttribute("#tree-play", "aria-pressed"), "false");
  await page.click("#tab-solution");
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(() => npuzzle.state.playIdx), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test("part 8: seeds, number formats, phones, focus, mangled links, hover, favicon, quiet validation, keyboard reach", {
  timeout: 60000,
}, async () => {
  const { page, errors } = await openPage();
  // A 64-bit seed survives the round trip digit for digit.
  await page.fill("#scramble-seed", "1795342531739751181");
  await page.click("#scramble");
  await page.waitForSelector("#scramble-note:has-text('1795342531739751181')");
  const board = await page.getAttribute("#board", "data-tiles");
  await page.click("#nilsson");
  await page.waitForSelector(`#board[data-tiles='${NILSSON_TILES}']`);
  await page.click("#scramble");
  await page.waitForFunction((b) => document.getElementById("board").dataset.tiles === b, board);
  // Numbers have separators and fit their boxes.
  await page.evaluate(() => npuzzle.setLive({ expanded: 1234567, generated: 2345678, frontier: 3456, depth: 12 }, 10001));
  assert.equal(await page.textContent("#live-time"), "10,001 ms");
  assert.equal(await page.textContent("#live-expanded"), "1,234,567");
  const fits = await page.evaluate(() => [...document.querySelectorAll("#live dd")].every((d) => d.scrollWidth <= d.clientWidth + 1));
  assert.ok(fits);
  // Enter on Solve keeps the focus on Solve.
  await page.focus("#solve");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#result-msg.ok");
  await page.evaluate(() => npuzzle.tree.stop());
  assert.equal(await page.evaluate(() => document.activeElement.id), "solve");
  // A tile that cannot move does not look selectable when hovered.
  const colour = (sel) => page.evaluate((s) => getComputedStyle(document.querySelector(s)).backgroundColor, sel);
  const still = await page.evaluate(() =>
    [...document.querySelectorAll("#board .tile")].findIndex((t) => !t.classList.contains("movable") && !t.classList.contains("blank")),
  );
  const plain = await colour(`#board .tile[data-cell='${still}']`);
  await page.hover(`#board .tile[data-cell='${still}']`);
  assert.equal(await colour(`#board .tile[data-cell='${still}']`), plain);
  // Typing a bad board asks /api/check, which answers 200 with a verdict: no HTTP error.
  await page.fill("#start-text", "1 2 3");
  await page.waitForSelector("#check.bad");
  // The custom goal has a label; tree nodes and frontier entries are reachable by keyboard.
  await page.selectOption("#goal-preset", "custom");
  assert.ok(await page.getByLabel("Custom goal (any format)").isVisible());
  await page.click("#tab-tree");
  await page.evaluate(() => npuzzle.tree.setStep(npuzzle.tree.steps.length));
  await page.focus("#tree-svg g.node[tabindex='0']");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.id), "0");
  await page.keyboard.press("ArrowDown");
  const child = await page.evaluate(() => document.activeElement.dataset.id);
  assert.equal(await page.evaluate((c) => npuzzle.tree.nodes[Number(c)].parent, child), 0);
  await page.keyboard.press("Enter");
  assert.match(await page.getAttribute(`#tree-svg g.node[data-id='${child}']`, "class"), /\bpinned\b/);
  assert.equal(await page.getAttribute("#frontier-list li >> nth=0", "tabindex"), "0");
  // The favicon is served.
  const fav = await fetch(`${base}favicon.svg`);
  assert.equal(fav.status, 200);
  assert.deepEqual(errors, []);
  await page.close();

  // A mangled link keeps a usable board and choices, and says what was wrong.
  const m = await openPage("?start=1 2 3&algorithm=foo");
  assert.equal(await m.page.locator("#board .tile").count(), 9);
  assert.equal(await m.page.inputValue("#algorithm"), "astar");
  assert.notEqual(await m.page.inputValue("#heuristic"), "");
  assert.match(await m.page.textContent("#link-note"), /unknown algorithm “foo”/);
  assert.match(await m.page.textContent("#link-note"), /start board “1 2 3” is not valid/);
  assert.deepEqual(m.errors, []);
  await m.page.close();
});

test("part 8: on a 390 px phone nothing widens the page, and the tree gets the width", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage("", { width: 390, height: 844 });
  await shot(page, "web-phone-first-load.png");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok");
  await page.waitForFunction(() => npuzzle.tree.k >= 12);
  await page.evaluate(() => npuzzle.tree.stop());
  await page.evaluate(() => window.scrollTo(0, document.querySelector(".tabs").getBoundingClientRect().top + window.scrollY - 60));
  await shot(page, "web-phone-replay.png");
  const treeWidth = await page.evaluate(() => document.getElementById("tree-wrap").getBoundingClientRect().width);
  assert.ok(treeWidth > 300, `tree ${treeWidth} px wide`);
  await page.click("#tab-compare");
  await page.click("#compare-run");
  await page.waitForSelector("#compare-msg:has-text('searches done')");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `page is ${width} px wide`);
  // A 12×12 board's tiles shrink to fit the column.
  await page.selectOption("#width", "12");
  await page.selectOption("#height", "12");
  await page.waitForFunction(() => document.querySelectorAll("#board .tile").length === 144);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `with a 12×12 board the page is ${wide} px wide`);
  await shot(page, "web-phone-12x12.png");
  assert.deepEqual(errors, []);
  await page.close();
});

test("an unsolvable pair is flagged at once with the reason", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage(q({ start: GOAL_TILES, goal: "blank-last" }));
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
  const { page, errors } = await openPage(q({ start: GOAL_TILES, goal: "blank-last" }));
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
  const { page, errors } = await openPage(q({ start: BOARD, algorithm: "bfs", tree: "0", run: "1" }));
  await page.waitForSelector("#result-msg.ok");
  assert.match(await page.textContent("#result-msg"), /^bfs: solved in 14 moves/);
  assert.equal(await page.inputValue("#algorithm"), "bfs");
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("start"), "8 1 3/4 0 2/7 6 5");
  assert.equal(url.searchParams.get("algorithm"), "bfs");
  assert.deepEqual(errors, []);
  await page.close();
});

test("your own heuristic: its values on the start board as it is typed, its error at its place, a solve, the tree, and a link to the run", {
  timeout: 90000,
}, async () => {
  const FORMULA = "max(manhattan, 2*misplaced)";
  const { page, errors } = await openPage();
  await page.waitForSelector(`#board[data-tiles='${NILSSON_TILES}']`);
  await page.waitForFunction(() => !npuzzle.state.solving);
  assert.equal(await page.isVisible("#own-formula"), false, "the box opens only for a formula");
  await page.selectOption("#heuristic", "own");
  assert.equal(await page.isVisible("#own-formula"), true);
  await page.click("#own-formula");
  await page.keyboard.type(FORMULA);
  await page.waitForSelector("#own-table");
  // The page shows what the engine previews: h at the start, then after each move of the blank.
  const check = await postJson("/api/check", { start: NILSSON_TILES, goal: "snail", heuristic: FORMULA });
  assert.equal(check.preview.h, 8, "twice the four misplaced tiles beats Manhattan's 5");
  const rows = await page.$$eval("#own-table tbody tr", (trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent]));
  assert.deepEqual(rows, [
    ["start", "8"],
    ...check.preview.children.map((c) => [`${c.move}${c.run > 1 ? c.run : ""}: tile ${c.board.flat()[7]} moves`, String(c.h)]),
  ]);
  assert.equal(rows.length, 4);
  assert.match(await page.textContent("#own-summary"), /^h = 8 at the start; after U, 6;/);
  await assertAccessible(page, "a formula's values");

  // A misspelled name: the message with its column, the fault marked, the field invalid.
  await page.fill("#own-formula", "max(manhattan,\n    2*misplcaed)");
  await page.waitForSelector("#own-formula[aria-invalid='true']");
  assert.match(await page.textContent("#own-error-message"), /^At line 2, column 7: unknown name "misplcaed", did you mean "misplaced"\?/);
  assert.equal(await page.textContent("#own-error mark"), "misplcaed");
  assert.equal(await page.getAttribute("#own-formula", "aria-describedby"), "own-error-message own-help");
  assert.equal(await page.locator("#own-table").count(), 0, "no values for a formula that does not read");
  await assertAccessible(page, "a formula's error");

  // Put right, it is the heuristic Solve searches with, as any heuristic is.
  await page.fill("#own-formula", FORMULA);
  await page.waitForSelector("#own-table");
  await page.waitForFunction(() => !document.getElementById("own-formula").hasAttribute("aria-invalid"));
  await solveAndPause(page);
  const result = await page.evaluate(() => npuzzle.state.result);
  assert.equal(result.heuristic, FORMULA);
  assert.match(
    await page.textContent("#result-msg"),
    new RegExp(`^astar \\+ ${FORMULA.replace(/[()*+]/g, "\\$&")}: solved in ${result.cost} moves`),
  );
  const body = await page.evaluate(() => npuzzle.solveBody());
  assert.equal(body.heuristic, FORMULA);
  const api = await postJson("/api/solve", body);
  assert.equal(api.stats.expanded, result.stats.expanded);
  // The tree replays to the end, its root's h the formula's value at the start.
  await page.click("#tab-tree");
  await page.click("#tree-last");
  assert.equal(await page.getAttribute("#tree-svg", "data-drawn"), String(api.tree.nodes.length));
  assert.equal(await page.locator("#tree-svg .node.st-goal").count(), 1);
  await page.click("#tree-fit");
  await page.locator("#tree-svg g.node[data-id='0']").dispatchEvent("pointerover");
  assert.match(await page.textContent("#node-info .gh"), /^g \+ h = f: 0 \+ 8 = 8$/);

  // The link carries the formula as text; a fresh page opened from it restores the same run.
  const link = new URL(page.url());
  assert.equal(link.searchParams.get("heuristic"), FORMULA);
  link.searchParams.set("run", "1");
  const fresh = await openPage(link.search);
  await fresh.page.waitForSelector("#result-msg.ok");
  assert.equal(await fresh.page.inputValue("#heuristic"), "own");
  assert.equal(await fresh.page.inputValue("#own-formula"), FORMULA);
  await fresh.page.waitForSelector("#own-table");
  const again = await fresh.page.evaluate(() => npuzzle.state.result);
  assert.deepEqual(
    [again.moves, again.stats.expanded, again.stats.generated],
    [result.moves, result.stats.expanded, result.stats.generated],
  );
  assert.deepEqual(fresh.errors, []);
  await fresh.page.close();

  // The Compare tab offers it in its pairs.
  await page.click("#tab-compare");
  await page.selectOption(".pair .pair-h:not([disabled]) >> nth=0", "own");
  await page.click("#compare-run");
  await page.waitForSelector("#compare-msg:has-text('searches done')", { timeout: 60000 });
  const runs = await page.evaluate(() => npuzzle.state.compareRuns.map((r) => r.heuristic));
  assert.ok(runs.includes(FORMULA), JSON.stringify(runs));
  // The depth experiment adds it to the default pairs: one more line in each chart panel.
  await page.fill("#depth-depths", "2,4");
  await page.fill("#depth-count", "3");
  await page.click("#depth-run");
  await page.waitForSelector("#depth-msg:has-text('boards a depth')", { timeout: 60000 });
  assert.equal(await page.locator("#depth-chart polyline").count(), 10);
  assert.match(await page.textContent("#depth-table"), /max\(manhattan, 2\*misplaced\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("check my heuristic: an overestimate's counterexample and what it costs A*, Manhattan proved, a 4×4 board refused", {
  timeout: 240000,
}, async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector(`#board[data-tiles='${NILSSON_TILES}']`);
  assert.equal(await page.isVisible("#tab-audit"), false, "the tab appears with the first check");
  const audit = await assertOverestimateReported(page, "npuzzle serve");
  // The page draws what the endpoint answers.
  const goal = await page.evaluate(() => npuzzle.state.settings.goalPreset);
  const api = await postJson("/api/audit", { heuristic: OVERESTIMATE, size: "3x3", goal, cost: "unit", predict: true });
  assert.deepEqual(audit, api);
  mkdirSync(SHOTS, { recursive: true });
  // The tab's whole report, without the Solve bar that stays at the top of the window.
  await page.evaluate(() => (document.getElementById("actionbar").style.display = "none"));
  await page.locator("#panel-audit").screenshot({ path: join(SHOTS, "web-audit.png") });
  await page.evaluate(() => (document.getElementById("actionbar").style.display = ""));
  await assertManhattanProved(page);
  const beside = await assertDrawnBeside(page, "npuzzle serve");
  assert.deepEqual(
    beside,
    await postJson("/api/audit", { heuristic: "manhattan", size: "3x3", goal, cost: "unit", beside: "misplaced", predict: true }),
  );
  await page.evaluate(() => (document.getElementById("actionbar").style.display = "none"));
  await page.locator("#audit-table").screenshot({ path: join(SHOTS, "web-audit-beside.png") });
  await page.evaluate(() => (document.getElementById("actionbar").style.display = ""));
  await assertLargeBoardRefused(page);
  // The refusal is a 422 from /api/audit, which the browser also logs; nothing else failed.
  const refused = errors.filter((e) => /^HTTP 422 .*\/api\/audit$/.test(e));
  assert.equal(refused.length, 1, JSON.stringify(errors));
  assert.deepEqual(
    errors.filter(
      (e) =>
        !refused.includes(e) && e !== "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
    ),
    [],
  );
  await page.close();
});

test("statistics update while a long search runs, and Stop cancels it", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage(q({ start: KORF1, goal: "blank-first", algorithm: "idastar", heuristic: "zero", tree: "0" }));
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

test("local search: the current board and its neighbours with h, a chart of h with restarts, the pseudocode lit, a seeded link, compare", {
  timeout: 90000,
}, async () => {
  // Annealing on a 3×3 board, seeded: the view replays its steps.
  const { page, errors } = await openPage(
    q({ start: "1 2 3 4 5 6 0 7 8", goal: "blank-last", algorithm: "annealing", heuristic: "manhattan", seed: "1" }),
  );
  await page.waitForSelector("#check.ok");
  assert.ok(await page.isVisible("#local-options"));
  assert.ok(await page.isDisabled("#local-beam-width"), "annealing takes no beam width");
  assert.equal(await page.isDisabled("#local-cooling"), false);
  await solveAndPause(page);
  await page.evaluate(() => npuzzle.local.stop());
  // Annealing proves nothing, but its 2-move answer equals the lower bound, so it is optimal.
  assert.match(await page.textContent("#result-msg"), /^annealing \+ manhattan: solved in 2 moves .*\(optimal\)/);
  assert.equal(await page.getAttribute("#tab-local", "aria-selected"), "true");
  const r = await page.evaluate(() => npuzzle.state.result);
  assert.equal(r.optimal, true);
  assert.equal(r.seed, 1);
  // The same events as the API's trace; the first step shows the start and its neighbour.
  const api = await postJson("/api/solve", { start: "1 2 3 4 5 6 0 7 8", algorithm: "annealing", seed: 1, trace: true });
  assert.equal(api.moves, r.moves, "a seeded run repeats");
  const n = api.trace.events.filter((e) => e.event.startsWith("local_")).length;
  assert.equal(await page.getAttribute("#local-step", "max"), String(n));
  await page.click("#local-first");
  await page.click("#local-fwd");
  assert.equal(await page.getAttribute("#local-current .board", "data-tiles"), "1 2 3 4 5 6 0 7 8");
  assert.match(await page.textContent("#local-current figcaption"), /h = 2 · T = 2\.000/);
  assert.deepEqual(await page.locator("#local-code li.on").allTextContents(), ["current ← problem.INITIAL"]);
  await page.click("#local-fwd");
  assert.match(await page.textContent("#local-neighbours"), /R: h = 1/);
  assert.deepEqual(await page.locator("#local-code li.on").allTextContents(), ["next ← a randomly selected successor of current"]);
  await page.click("#local-fwd");
  assert.match(await page.textContent("#local-why"), /move R \(h = 1\): accepted, Δ = -1 ≤ 0/);
  assert.equal(await page.locator("#local-neighbours .local-board.chosen").count(), 1);
  // The chart: h and, for annealing, the temperature; the marker follows the replay.
  assert.equal(await page.locator("#local-chart polyline.h-line").count(), 1);
  assert.equal(await page.locator("#local-chart polyline.t-line").count(), 1);
  await page.click("#local-last");
  assert.match(await page.textContent("#local-why"), /goal reached/);
  // A rejected move is said with its probability: replay the API's first rejection (seed 1
  // makes annealing refuse a worse move on this board).
  const rej = api.trace.events
    .filter((e) => e.event.startsWith("local_"))
    .findIndex((e) => e.event === "local_choice" && e.reason.kind === "rejected");
  assert.ok(rej >= 0, "the run refuses a move");
  await page.evaluate((k) => npuzzle.local.setStep(k), rej + 1);
  assert.match(
    await page.textContent("#local-why"),
    /rejected: probability e\^\(−Δ\/T\) = e\^\(−\d+\/[\d.]+\) = 0\.\d\d; the search stays/,
  );
  assert.deepEqual(await page.locator("#local-code li.on").allTextContents(), ["else current ← next only with probability e^(−Δ/T)"]);
  // Random restarts: the chart marks each restart.
  await page.selectOption("#algorithm", "random-restart");
  await page.fill("#start-text", "8 6 7 2 5 4 3 0 1");
  await page.waitForSelector("#board[data-tiles='8 6 7 2 5 4 3 0 1']");
  await page.waitForSelector("#check.ok");
  await page.fill("#local-seed", "3");
  await solveAndPause(page);
  await page.evaluate(() => npuzzle.local.stop());
  const restarts = await page.evaluate(() => npuzzle.state.result.trace.events.filter((e) => e.event === "local_restart").length);
  assert.ok(restarts > 0);
  assert.equal(await page.locator("#local-chart line.restart").count(), restarts);
  assert.match(await page.textContent("#local-note"), new RegExp(`${restarts.toLocaleString("en-US")} restarts`));
  // The link carries the seed and repeats the run.
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("seed"), "3");
  // Hill climbing that gets stuck says why.
  await page.selectOption("#algorithm", "hill-climbing");
  await page.fill("#start-text", "8 1 3 4 0 2 7 6 5");
  await page.waitForSelector("#board[data-tiles='8 1 3 4 0 2 7 6 5']");
  await page.waitForSelector("#check.ok");
  await solveAndPause(page);
  assert.match(await page.textContent("#result-msg"), /local minimum/);
  // Compare runs the local searches too.
  await page.click("#tab-compare");
  const pair = page.locator("#compare-pairs .pair").first();
  await pair.locator(".pair-alg").selectOption("random-restart");
  await pair.locator(".pair-h").selectOption("manhattan");
  // A pair's inputs are the parameters its algorithm reads, from the library's description.
  assert.equal(await pair.locator(".pair-weight").isHidden(), true);
  assert.equal(await pair.locator(".pair-seed").isVisible(), true);
  await pair.locator(".pair-seed").fill("5");
  await page.click("#compare-run");
  await page.waitForSelector("#compare-msg:has-text('searches done')", { timeout: 60000 });
  const first = await page.evaluate(() => npuzzle.state.compare[0]);
  assert.equal(first.algorithm, "random-restart");
  assert.equal(first.status, "solved");
  assert.equal(first.seed, 5, "the pair's seed reached the search");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the page is built from /api/options: each parameter's input, the goals, the sizes; one global", { timeout: 60000 }, async () => {
  const options = await (await fetch(`${base}api/options`)).json();
  // A link to a board larger than 5×5 (the page once capped sizes at 5): the engine's sizes.
  const { page, errors } = await openPage(q({ size: "6x4", algorithm: "annealing" }));
  assert.equal(await page.locator("#board .tile").count(), 24);
  const sides = await page.locator("#width option").allTextContents();
  assert.deepEqual(
    sides.map(Number),
    Array.from({ length: options.limits.max_side - options.limits.min_side + 1 }, (_, i) => i + options.limits.min_side),
  );
  assert.deepEqual(await page.locator("#goal-preset option").evaluateAll((os) => os.map((o) => o.value)), [
    ...options.goals.map((g) => g.name),
    "custom",
  ]);
  // One input per parameter the library describes, labelled and explained by it, enabled when
  // the algorithm reads it.
  const annealing = options.algorithms.find((a) => a.name === "annealing");
  for (const p of options.params) {
    const id = p.group === "local" ? `local-${p.flag}` : p.flag;
    const field = page.locator(`#${id}`);
    assert.equal(await field.count(), 1, `no input for ${p.key}`);
    const label = field.locator("xpath=..");
    assert.match(await label.textContent(), new RegExp(p.label.replace(/[()·+*]/g, "\\$&")));
    assert.equal(await label.getAttribute("title"), p.help);
    assert.equal(await field.isDisabled(), !annealing.params.includes(p.key), `${p.key} for annealing`);
  }
  // Each number box takes its range and step from the same description: the form's, and the
  // Compare tab's pair rows' weight and depth bound.
  const range = (/** @type {any} */ p) => [
    p.min !== null ? String(p.min) : p.kind === "integer" ? "0" : null,
    p.max !== null ? String(p.max) : null,
    p.step === null ? "any" : String(p.step),
  ];
  const attrs = async (/** @type {import("playwright-core").Locator} */ f) => [
    await f.getAttribute("min"),
    await f.getAttribute("max"),
    await f.getAttribute("step"),
  ];
  for (const p of options.params.filter((x) => x.kind !== "flag" && x.kind !== "choice")) {
    const id = p.group === "local" ? `local-${p.flag}` : p.flag;
    assert.deepEqual(await attrs(page.locator(`#${id}`)), range(p), p.key);
  }
  // A choice (a course's rules) is a menu of the library's names, led by the algorithm's own.
  for (const p of options.params.filter((x) => x.kind === "choice")) {
    const names = await page.locator(`#${p.flag} option`).evaluateAll((os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
    assert.deepEqual(names, ["", ...p.choices], p.key);
  }
  const pair = page.locator("#compare-pairs .pair").first();
  for (const [key, cls] of [
    ["weight", ".pair-weight"],
    ["max_depth", ".pair-max-depth"],
  ]) {
    assert.deepEqual(await attrs(pair.locator(cls)), range(options.params.find((x) => x.key === key)), key);
  }
  // The one global the page sets is the tests' hook: compared with a page of the same origin
  // that runs no script (the API's 404 answer).
  const blank = await browser.newPage();
  await blank.goto(`${base}no-such-page`);
  const plain = await blank.evaluate(() => Object.keys(window));
  await blank.close();
  const ours = await page.evaluate(() => Object.keys(window));
  assert.deepEqual(
    ours.filter((k) => !plain.includes(k)),
    ["npuzzle"],
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test("node states, pseudocode steps and pictures of the tree come from the library", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage();
  await solveAndPause(page);
  const body = await page.evaluate(() => npuzzle.solveBody());
  const api = await postJson("/api/solve", body);
  // Every event but a frontier snapshot carries its pseudocode step.
  for (const e of api.trace.events) assert.equal(e.pseudocode === undefined, e.event === "frontier", JSON.stringify(e));
  // At the end of the replay each node is in the state of the library's tree document.
  await page.click("#tree-last");
  const shown = await page.evaluate(() => [...document.querySelectorAll("#tree-svg g.node")].map((g) => g.dataset.state));
  assert.deepEqual(
    shown,
    api.tree.nodes.map((n) => n.state),
  );
  // The pictures are the library's drawing at the event shown: as many nodes as the page shows.
  const k = Math.floor(api.trace.events.length / 2);
  await page.evaluate((k) => npuzzle.tree.setStep(k), k);
  const drawn = Number(await page.getAttribute("#tree-svg", "data-drawn"));
  const { tree, trace, ...spec } = body;
  const pics = await postJson("/api/svg", { ...spec, at: [k], events: api.trace.events.length });
  assert.equal((pics.frames[0].svg.match(/class="node /g) || []).length, drawn);
  assert.match(pics.frames[0].svg, new RegExp(`after event ${k} of ${api.trace.events.length}`));
  // A search that would not run the same way again is refused rather than drawn wrong.
  const res = await fetch(`${base}api/svg`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...spec, at: [k], events: api.trace.events.length + 1 }),
  });
  assert.equal(res.status, 409);
  assert.deepEqual(errors, []);
  await page.close();
});

test("heavy tiles: the cost menu and its link, BFS's dearer answer said so, and UCS's cheaper one", { timeout: 60000 }, async () => {
  // docs/teaching.md's worked example: BFS finds 12 moves costing 60, UCS 14 moves costing 46.
  const { page, errors } = await openPage(q({ start: "5 1 0 4 2 3 7 8 6", algorithm: "bfs", cost: "tile", tree: "0", run: "1" }));
  await page.waitForSelector("#result-msg.ok");
  assert.equal(await page.inputValue("#cost"), "tile");
  assert.match(await page.textContent("#result-msg"), /^bfs: solved in 12 moves, cost 60 .*not guaranteed optimal.*tile step costs/);
  assert.match(await page.textContent("#result-hint"), /fewest moves need not be the cheapest/);
  assert.match(await page.textContent("#live-bstar"), /^1\.\d{3}$/);
  assert.equal(new URL(page.url()).searchParams.get("cost"), "tile");
  await page.selectOption("#algorithm", "ucs");
  await solveAndPause(page);
  assert.match(await page.textContent("#result-msg"), /^ucs: solved in 14 moves, cost 46 .*\(optimal\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the multi-tile metric: the menu and its link, slides counted, the others offered only where they count slides", {
  timeout: 60000,
}, async () => {
  // docs/fans.md's example: 12 slides, 14 single-tile moves.
  const { page, errors } = await openPage(
    q({ start: "8 1 3 4 0 2 7 6 5", algorithm: "astar", heuristic: "manhattan", metric: "mtm", tree: "0", run: "1" }),
  );
  await page.waitForSelector("#result-msg.ok");
  assert.equal(await page.inputValue("#metric"), "mtm");
  assert.match(await page.textContent("#result-msg"), /^astar \+ manhattan: solved in 12 multi-tile moves \(14 single-tile\).*\(optimal\)/);
  assert.match(await page.textContent("#metric-summary"), /slide together/);
  assert.equal(new URL(page.url()).searchParams.get("metric"), "mtm");
  // Linear conflict and the local searches count single-tile moves: not offered.
  assert.equal(await page.locator("#heuristic option[value='linear-conflict']").isDisabled(), true);
  assert.equal(await page.locator("#algorithm option[value='annealing']").isDisabled(), true);
  await page.selectOption("#metric", "stm");
  assert.equal(await page.locator("#heuristic option[value='linear-conflict']").isDisabled(), false);
  await solveAndPause(page);
  assert.match(await page.textContent("#result-msg"), /^astar \+ manhattan: solved in 14 moves/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a solve analysed: the Solution tab's analysis of a fan's own solution, as npuzzle analyse gives it", {
  timeout: 60000,
}, async () => {
  // docs/fans.md's example: two detours of two moves, three slides that took the board no closer.
  const { page, errors } = await openPage(q({ start: "8 1 3 4 0 2 7 6 5", goal: "blank-last" }));
  await page.click("#tab-solution");
  await page.fill("#analyse-moves", "R D L U D L U2 R L R D L D R U R D");
  await page.click("#analyse-run");
  await page.waitForSelector("#analyse-out:not([hidden])");
  const text = await page.textContent("#analyse-out");
  assert.match(text, /solution {2}RDLUDLU2RLRDLDRURD \(blank moves\): 18 STM, 17 MTM; reaches the goal/);
  assert.match(text, /optimum {3}14 STM: /);
  assert.match(text, / {10}12 MTM: /);
  assert.match(text, /detour {2}moves 4-5: UD \(\+2\)/);
  assert.match(text, /MTM {7}5 slides over the optimum; no closer after slides 3, 4, 9/);
  await assertAccessible(page, "an analysis");
  // The same in the tiles' reading, then notation that is not a move: the library's error.
  await page.selectOption("#analyse-reading", "tiles");
  await page.fill("#analyse-moves", "LURDURD2LRLURULDLU");
  await page.click("#analyse-run");
  await page.waitForFunction(() => document.querySelector("#analyse-out")?.textContent?.includes("(tile moves)"));
  assert.match(await page.textContent("#analyse-out"), /18 STM, 17 MTM; reaches the goal/);
  await page.fill("#analyse-moves", "R2X");
  await page.click("#analyse-run");
  await page.waitForSelector("#analyse-error:not([hidden])");
  assert.match(await page.textContent("#analyse-error"), /bad solution: .*"X" is not a move/);
  // The refused solution's 400 is the answer the test asked for.
  assert.deepEqual(
    errors.filter((e) => !e.includes("/api/analyse") && !e.includes("status of 400")),
    [],
  );
  await page.close();
});

test("the Compare tab's depth experiment: the book's layout, dashes past the node limit, and its chart", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage(q({ start: BOARD }));
  await page.click("#tab-compare");
  await page.fill("#depth-depths", "2..8:2");
  await page.fill("#depth-count", "10");
  await page.click("#depth-run");
  await page.waitForSelector("#depth-msg:has-text('boards a depth')");
  const rows = page.locator("#depth-table tbody tr");
  assert.equal(await rows.count(), 4);
  // d, then BFS, IDS, A*(h1), A*(h2) nodes, then their b*.
  const d8 = await rows.nth(3).locator("td").allTextContents();
  assert.equal(d8[0], "8");
  assert.ok(Number(d8[4].replace(/,/g, "")) <= Number(d8[3].replace(/,/g, "")), `h2 never generates more than h1: ${d8}`);
  assert.match(d8[8], /^1\.\d\d$/);
  // One line per pair in each of the chart's two panels.
  assert.equal(await page.locator("#depth-chart polyline").count(), 8);
  // The API's answer, with a node limit that cuts IDS.
  const t = await postJson("/api/depth", { depths: [6], count: 5, max_nodes: 100 });
  const ids = t.rows.find((r) => r.label === "IDS");
  assert.equal(ids.cut, true);
  assert.equal(ids.generated, null);
  assert.deepEqual(errors, []);
  await page.close();
});

test("accessibility: axe-core finds no WCAG 2.2 A or AA violation in any state, on a wide screen and on a phone", {
  timeout: 300000,
}, async () => {
  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const at = `at ${viewport.width}×${viewport.height}`;
    const { page, errors } = await openPage(q({ start: BOARD, goal: "blank-last", algorithm: "astar", heuristic: "manhattan" }), viewport);
    await assertAccessible(page, `first load ${at}`);
    await page.click("#solve");
    await page.waitForSelector("#result-msg.ok");
    await assertAccessible(page, `after a solve ${at}`);
    // The tree replay at a middle step, predict, the worksheet, projector mode.
    await page.click("#tab-tree");
    await page.click("#tree-first");
    for (let i = 0; i < 6; i++) await page.click("#tree-fwd");
    await assertAccessible(page, `the tree at event 6 ${at}`);
    await page.click("#tree-predict");
    await assertAccessible(page, `predict ${at}`);
    await page.click("#tree-predict");
    await page.click("#tree-worksheet");
    await assertAccessible(page, `the worksheet ${at}`);
    await page.click("#worksheet-close");
    await page.check("#projector");
    await assertAccessible(page, `projector mode ${at}`);
    await page.uncheck("#projector");
    await page.click("#tab-solution");
    await assertAccessible(page, `the Solution tab ${at}`);
    await page.click("#tab-compare");
    await page.click("#compare-run");
    await page.waitForSelector("#compare-msg:has-text('searches done')", { timeout: 60000 });
    await assertAccessible(page, `a compare ${at}`);
    // The Heuristic check tab's report of an overestimate (the audit runs inside it).
    await assertOverestimateReported(page, at);
    // A local search, replayed.
    await page.goto(
      base + q({ start: "1 2 3 4 5 6 0 7 8", goal: "blank-last", algorithm: "annealing", heuristic: "manhattan", seed: "1" }),
    );
    await page.waitForSelector("body[data-ready='1']");
    await page.click("#solve");
    await page.waitForSelector("#result-msg.ok");
    await page.evaluate(() => npuzzle.local.stop());
    await assertAccessible(page, `local search ${at}`);
    // During a long solve (Korf's first instance by IDA* with no heuristic), then stopped.
    await page.goto(base + q({ start: KORF1, goal: "blank-first", algorithm: "idastar", heuristic: "zero", tree: "0" }));
    await page.waitForSelector("body[data-ready='1']");
    await solvablePair(page);
    await page.click("#solve");
    await page.waitForFunction(() => npuzzle.state.solving);
    await assertAccessible(page, `during a solve ${at}`);
    assert.equal(await page.evaluate(() => npuzzle.state.solving), true, "the audit ran during the solve");
    await page.click("#stop");
    await page.waitForFunction(() => !npuzzle.state.solving);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("accessibility: the audit fails on a violation put back (a label on a cell with no role)", { timeout: 60000 }, async () => {
  const { page } = await openPage(q({ start: BOARD, goal: "blank-last" }));
  assert.deepEqual(await violations(page), []);
  await page.evaluate(() => document.querySelector("div.blank[role='img']")?.removeAttribute("role"));
  const found = await violations(page);
  assert.deepEqual(
    found.map((v) => v.id),
    ["aria-prohibited-attr"],
  );
  await assert.rejects(assertAccessible(page, "a cell without its role"), /aria-prohibited-attr/);
  await page.close();
});

test("keyboard alone: from the first load to a replayed solve, each step announced in words", { timeout: 90000 }, async () => {
  const { page, errors } = await openPage();
  // Tab from the top of the page to Solve, and press it.
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || "");
  for (let i = 0; i < 12 && (await focused()) !== "solve"; i++) await page.keyboard.press("Tab");
  assert.equal(await focused(), "solve", "Solve is reached by Tab");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#result-msg.ok");
  // The replay plays; K pauses it, Home goes back to its start, → steps.
  await page.keyboard.press("k");
  assert.equal(await page.evaluate(() => npuzzle.tree.playing()), false);
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  const say = () => page.textContent("#tree-say");
  assert.match(await say(), /^event 1 of \d+: generated S0: g 0 \+ h \d+ = f \d+, added to the frontier$/);
  assert.equal(await page.getAttribute("#tree-say", "role"), "status", "a polite live region");
  await page.keyboard.press("n");
  assert.match(await say(), /: selected S0 for expansion \(f = \d+\)$/);
  // The words are the library's: the event's own `said`, also shown beside the player.
  assert.equal(await page.textContent("#tree-event"), (await say()).replace(/^event \d+ of \d+: /, ""));
  await page.keyboard.press("n");
  // The lit pseudocode line is marked as the current step.
  assert.ok((await page.locator("#pseudocode li[aria-current='step']").count()) >= 1);
  // Tab on into the tree: a node is focused and says its g + h = f and its state.
  const inTree = () => page.evaluate(() => !!document.activeElement?.closest("#tree-svg .node"));
  for (let i = 0; i < 120 && !(await inTree()); i++) await page.keyboard.press("Tab");
  assert.ok(await inTree(), "the tree is reached by Tab");
  const name = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") || "");
  assert.match(await name(), /S0: g 0 \+ h \d+ = f \d+(, h\* \d+)?, (explored|current)$/);
  await page.keyboard.press("ArrowDown");
  assert.match(await name(), /S1 \(move [UDLR]\): g 1 \+ h \d+ = f \d+(, h\* \d+)?, \w+/);
  // Tab on to the frontier: one stop; ↓ moves along it, Enter pins the entry's details.
  const inFrontier = () => page.evaluate(() => !!document.activeElement?.closest("#frontier-list"));
  for (let i = 0; i < 20 && !(await inFrontier()); i++) await page.keyboard.press("Tab");
  assert.ok(await inFrontier(), "the frontier is reached by Tab");
  assert.equal(await page.locator("#frontier-list li[tabindex='0']").count(), 1, "the list is one Tab stop");
  const first = await name();
  assert.match(first, /^S\d+: g \d+ \+ h \d+ = f \d+/);
  await page.keyboard.press("ArrowDown");
  const second = await name();
  assert.notEqual(second, first);
  await page.keyboard.press("Enter");
  assert.equal(await page.textContent("#node-info strong"), second.split(":")[0]);
  // Out of the list, End jumps to the last event: the goal, announced.
  await page.keyboard.press("Shift+Tab");
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  await page.keyboard.press("End");
  assert.match(await say(), /goal reached at S\d+$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the embed view: in another site's frame it shows the tree and player only, sends its height, and plays its range", {
  timeout: 90000,
}, async () => {
  // A course page on another origin (localhost, against the server's 127.0.0.1), and a server
  // that lets that origin frame it.
  const course = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      "<!doctype html><html lang='en'><title>a course page</title><h1>Week 3: A*</h1>" +
        "<iframe id='f' title='npuzzle' width='600' height='200' style='border:0'></iframe>" +
        "<script>window.got = []; addEventListener('message', (e) => { window.got.push(e.data); " +
        "if (e.data && e.data.type === 'npuzzle:resize') document.getElementById('f').height = e.data.height; });</script>",
    );
  });
  await new Promise((r) => course.listen(0, "127.0.0.1", r));
  const courseUrl = `http://localhost:${course.address().port}/`;
  const framed = spawn(BIN, ["serve", "--host", "127.0.0.1", "--port", "0", "--allow-origin", courseUrl.replace(/\/$/, "")], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NPUZZLE_CACHE_DIR: cacheDir },
  });
  const npuzzleUrl = await serverUrl(framed);
  try {
    const { page, errors } = await openPage();
    // The teacher's kit gives the frame's HTML for the search shown.
    await page.click("#solve");
    await page.waitForSelector("#result-msg.ok");
    await page.evaluate(() => {
      npuzzle.tree.stop();
      npuzzle.tree.setStep(4);
    });
    await page.click("#tree-embed");
    await page.waitForSelector("#kit-msg[data-snippet]");
    const snippet = await page.getAttribute("#kit-msg", "data-snippet");
    const src = new URL(snippet.match(/src="([^"]+)"/)[1].replace(/&amp;/g, "&"));
    assert.match(snippet, /^<iframe src="[^"]+" title="npuzzle: the search tree of \w+" width="100%" height="640"/);
    assert.equal(src.searchParams.get("embed"), "1");
    assert.equal(src.searchParams.get("step"), "4");
    assert.equal(src.searchParams.get("play"), "1");
    await page.close();
    // The course page frames the embed view of that search, from event 4 to event 12.
    src.searchParams.set("to", "12");
    const link = `${npuzzleUrl}?${src.searchParams}`;
    const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
    const host = await context.newPage();
    host.on("pageerror", (e) => errors.push(e.message));
    await host.goto(courseUrl);
    await host.evaluate((u) => (document.getElementById("f").src = u), link);
    const frame = await (await host.waitForSelector("#f")).contentFrame();
    await frame.waitForSelector("body.embed[data-ready='1']");
    await frame.waitForSelector("#tree-svg[data-drawn]:not([data-drawn='0'])");
    // Only the tree and its player: no header, settings or tabs.
    for (const hidden of ["header", ".col-left", ".tabs", "#actionbar", "#teachers-kit"])
      assert.equal(await frame.isVisible(hidden), false, `${hidden} is hidden in the embed view`);
    for (const shown of ["#tree-svg", "#tree-play", "#tree-step", "#embed-title", "#frontier-list"])
      assert.equal(await frame.isVisible(shown), true, `${shown} is shown`);
    assert.match(await frame.textContent("#embed-title"), /solved/);
    assert.equal(new URL(await frame.getAttribute("#embed-open", "href"), link).searchParams.get("embed"), null);
    // It plays from event 4 and stops at event 12.
    await frame.waitForFunction(() => npuzzle.tree.k === 12 && !npuzzle.tree.playing(), null, { timeout: 30000 });
    // The course page got the height, in Canvas's message and the plain one, and resized the frame.
    await host.waitForFunction(() => window.got.some((m) => m && m.type === "npuzzle:resize"));
    const got = await host.evaluate(() => window.got);
    const plain = got.filter((m) => m && m.type === "npuzzle:resize").at(-1);
    assert.ok(plain.height > 300, `height ${plain.height}`);
    const lti = got.filter((m) => typeof m === "string").map((m) => JSON.parse(m));
    assert.deepEqual(lti.at(-1), { subject: "lti.frameResize", height: plain.height });
    assert.equal(await host.evaluate(() => Number(document.getElementById("f").height)), plain.height);
    await shot(host, "web-embed.png");
    await assertAccessible(frame, "the embed view in a frame");
    await context.close();
    // With less motion asked for, the embed view waits for the play button.
    const calm = await browser.newContext({ reducedMotion: "reduce" });
    const still = await calm.newPage();
    await still.goto(link);
    await still.waitForSelector("#tree-svg[data-drawn]:not([data-drawn='0'])");
    assert.equal(await still.evaluate(() => npuzzle.tree.playing()), false);
    assert.equal(await still.evaluate(() => npuzzle.tree.k), 4);
    await calm.close();
    assert.deepEqual(errors, []);
  } finally {
    framed.kill();
    course.close();
  }
});

test("the worksheet's wrong step gets the library's diagnosis, as npuzzle check gives it", { timeout: 60000 }, async () => {
  // The sheet asks for A* with misplaced tiles, order LURD; the student generates U, D, L, R.
  const { page, errors } = await openPage(
    q({ start: "2 8 3/1 6 4/7 0 5", goal: "1 2 3/8 0 4/7 6 5", algorithm: "astar", heuristic: "misplaced", order: "LURD" }),
  );
  await solvablePair(page);
  await solveAndPause(page);
  await page.evaluate(() => npuzzle.tree.setStep(0));
  await page.fill("#worksheet-steps", "4");
  await page.click("#tree-worksheet");
  await page.waitForSelector("#worksheet:not([hidden])");
  const row = (i) => `.ws-row[data-row='${i}']`;
  await page.fill(`${row(0)} .ws-next`, "S0");
  await page.click(`${row(0)} .ws-check`);
  assert.equal(await page.getAttribute(`${row(0)} .ws-result`, "data-next"), "right");
  assert.equal(await page.locator(`${row(0)} .ws-why`).count(), 0, "a right step is not diagnosed");
  await page.fill(`${row(1)} .ws-next`, "S1");
  await page.click(`${row(1)} .ws-check`);
  assert.equal(await page.getAttribute(`${row(1)} .ws-result`, "data-next"), "wrong");
  await page.waitForSelector(`${row(1)} .ws-why`);
  // Two expansions fit several searches; a third tells them apart.
  await page.fill(`${row(2)} .ws-next`, "S11");
  await page.click(`${row(2)} .ws-check`);
  await page.waitForSelector(`${row(2)} .ws-why`);
  const why = await page.textContent(`${row(2)} .ws-why`);
  assert.match(why, /^Your expansions so far match /);
  assert.ok(why.includes("match A* with the children generated in the order UDLR, not LURD"), why);
  // The same words as the library's check over the API.
  const body = await page.evaluate(() => npuzzle.solveBody());
  const { tree, trace, stream, ...spec } = body;
  const graded = await postJson("/api/grade", { ...spec, expansions: "S0, S1, S11" });
  assert.equal(graded.right, false);
  assert.deepEqual(graded.difference, { at: 2, expected: "S2", got: "S1" });
  assert.ok(graded.diagnoses.includes("matches A* with the children generated in the order UDLR, not LURD"), JSON.stringify(graded));
  // The page says every variant the library names, in its words.
  for (const d of graded.diagnoses) assert.ok(why.includes(d.replace(/^matches /, "match ")), d);
  await assertAccessible(page, "a diagnosed worksheet step");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a course's rules from a link: the menus, the solve, and the pseudocode that follows them", { timeout: 60000 }, async () => {
  const { page, errors } = await openPage(
    q({
      start: "2 8 3/1 6 4/7 0 5",
      goal: "1 2 3/8 0 4/7 6 5",
      algorithm: "astar",
      heuristic: "misplaced",
      order: "LURD",
      rules: "princeton",
      goal_test: "generation",
    }),
  );
  try {
    assert.equal(await page.inputValue("#rules"), "princeton");
    assert.equal(await page.inputValue("#goal-test"), "generation");
    await solveAndPause(page);
    assert.match(await page.textContent("#result-msg"), /solved in 5 moves/);
    const code = await page.locator("#pseudocode li").allTextContents();
    assert.ok(code.includes("if s = node.PARENT.STATE then skip child    ▷ only the move back"), code.join("\n"));
    assert.ok(code.includes("▷ the goal is tested as each child is generated (below)"), code.join("\n"));
    // The repeated-states menu offers only the rules the algorithm runs: RBFS re-enters the
    // subtrees it forgot, so it cannot keep an explored set; a choice it cannot run goes back to
    // the default.
    await page.selectOption("#duplicates", "explored");
    await page.selectOption("#algorithm", "rbfs");
    assert.equal(await page.inputValue("#duplicates"), "");
    assert.ok(await page.locator("#duplicates option[value='explored']").isDisabled());
    assert.ok(await page.locator("#duplicates option[value='reached']").isDisabled());
    assert.ok(!(await page.locator("#duplicates option[value='path']").isDisabled()));
    await page.selectOption("#algorithm", "astar");
    assert.ok(!(await page.locator("#duplicates option[value='explored']").isDisabled()));
    // The same rules on a search that reads none: the menus are off.
    await page.selectOption("#algorithm", "bidirectional");
    assert.ok(await page.locator("#rules").isDisabled());
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
