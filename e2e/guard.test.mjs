// `npuzzle serve` answers only its own page, in a real browser: a page of another site that
// posts to the API (the `text/plain` POST browsers send cross-site without asking first, and
// a JSON one) is refused with 403 and starts no search, and a name that resolves to the
// server's address but is not its own (DNS rebinding, simulated with Chromium's host resolver
// rules) gets 403 instead of the page. The page itself on its own origin keeps working (the
// other test files drive it at length; here one solve). Run with `node --test`, like them.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { launchChromium } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const BIN = process.env.NPUZZLE_BIN || join(root, "target", "debug", "npuzzle");
const REBOUND = "rebound.test";

let server;
let base;
let port;
let other;
let otherBase;
let browser;
let cacheDir;

function startServer() {
  cacheDir = mkdtempSync(join(tmpdir(), "npuzzle-e2e-guard-"));
  return new Promise((resolvePromise, reject) => {
    server = spawn(BIN, ["serve", "--host", "127.0.0.1", "--port", "0"], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NPUZZLE_CACHE_DIR: cacheDir },
    });
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

// Another site: a blank page on another port of the loopback address.
function startOther() {
  return new Promise((resolvePromise) => {
    other = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>another site</title><p>another site</p>");
    });
    other.listen(0, "127.0.0.1", () => resolvePromise(`http://127.0.0.1:${other.address().port}/`));
  });
}

before(
  async () => {
    base = await startServer();
    port = new URL(base).port;
    otherBase = await startOther();
    browser = await launchChromium([`--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`]);
  },
  { timeout: 60000 },
);

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (other) other.close();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

async function health() {
  return (await fetch(`${base}api/health`)).json();
}

test("another site's page cannot make the server search", { timeout: 60000 }, async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(otherBase);
  const statuses = [];
  page.on("response", (r) => {
    if (r.url().startsWith(base)) statuses.push(r.status());
  });
  // A BFS on Korf's first 15-puzzle would run into the server's 10 s limit.
  const body = JSON.stringify({ start: "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", algorithm: "bfs" });
  const outcomes = await page.evaluate(
    async ({ url, body }) => {
      const tries = [
        { mode: "no-cors", headers: { "content-type": "text/plain" } },
        { mode: "cors", headers: { "content-type": "application/json" } },
      ];
      const out = [];
      for (const t of tries) {
        try {
          const res = await fetch(url, { method: "POST", body, ...t });
          out.push(`${t.mode}: ${res.type} ${res.status}`);
        } catch (e) {
          out.push(`${t.mode}: refused (${e.name})`);
        }
      }
      return out;
    },
    { url: `${base}api/solve`, body },
  );
  // The text/plain POST comes back opaque and the JSON one fails CORS: the page reads nothing.
  assert.deepEqual(outcomes, ["no-cors: opaque 0", "cors: refused (TypeError)"]);
  // The server answered 403 to what reached it (the JSON one stops at its preflight, also 403)
  // and ran nothing.
  assert.ok(statuses.length >= 1 && statuses.every((s) => s === 403), `statuses: ${statuses}`);
  const h = await health();
  assert.equal(h.running, 0, JSON.stringify(h));
  assert.equal(h.waiting, 0, JSON.stringify(h));
  await context.close();
});

test("a name that is not the server's gets 403, not the page (DNS rebinding)", { timeout: 60000 }, async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.goto(`http://${REBOUND}:${port}/`);
  assert.equal(res.status(), 403);
  const text = await page.textContent("body");
  assert.match(text, /--allow-origin http:\/\/rebound\.test:\d+/);
  assert.equal(await page.locator("#board, .board").count(), 0, "the page was served under the rebound name");
  await context.close();
});

test("the page on its own origin still solves", { timeout: 60000 }, async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  await page.goto(base);
  // The page's own engine call, as it makes it: its origin and application/json.
  const solved = await page.evaluate(async () => {
    const res = await fetch("api/solve", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ start: "8 1 3 4 0 2 7 6 5", algorithm: "idastar" }),
    });
    return { status: res.status, cost: (await res.json()).cost };
  });
  assert.deepEqual(solved, { status: 200, cost: 14 });
  assert.deepEqual(errors, []);
  await context.close();
});
