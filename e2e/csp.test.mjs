// The page under `npuzzle serve`'s security headers, in a real browser: its Content Security
// Policy (the header and the page's own <meta> policy, both enforced) reports no violation while
// the page loads, solves, replays and exports a picture, and `frame-ancestors` lets a site opened
// with --allow-origin show the page in a frame (a course page on Canvas or Moodle) while another
// site's frame stays empty. Run with `node --test`, like the other files; the server binary is
// $NPUZZLE_BIN or ../target/debug/npuzzle, and Chromium is $CHROMIUM or /usr/bin/chromium.

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
// Two sites on the loopback address (Chromium's host resolver rules): the course site the
// server is opened to, and one it is not.
const COURSE = "course.test";
const ELSEWHERE = "elsewhere.test";

let server;
let base;
let other;
let otherPort;
let browser;
let cacheDir;

function startServer(allowOrigin) {
  cacheDir = mkdtempSync(join(tmpdir(), "npuzzle-e2e-csp-"));
  return new Promise((resolvePromise, reject) => {
    server = spawn(BIN, ["serve", "--host", "127.0.0.1", "--port", "0", "--allow-origin", allowOrigin], {
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

// The other sites: a page that shows the npuzzle page in a frame, as a course page would.
function startOther() {
  return new Promise((resolvePromise) => {
    other = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>a course</title><h1>Week 3: search</h1><iframe title="npuzzle" src="${base}" width="1200" height="800"></iframe>`,
      );
    });
    other.listen(0, "127.0.0.1", () => resolvePromise(other.address().port));
  });
}

before(
  async () => {
    otherPort = await startOther();
    base = await startServer(`http://${COURSE}:${otherPort}`);
    browser = await launchChromium([`--host-resolver-rules=MAP ${COURSE} 127.0.0.1, MAP ${ELSEWHERE} 127.0.0.1`]);
  },
  { timeout: 60000 },
);

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (other) other.close();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

// A new page that records every CSP violation: the documents' `securitypolicyviolation` events
// (in every frame) and the console's reports of them.
async function watchedPage() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  await context.addInitScript(() => {
    /** @type {any} */ (globalThis).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      /** @type {any} */ (globalThis).cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const page = await context.newPage();
  const logged = [];
  page.on("console", (m) => logged.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => logged.push(`pageerror: ${e.message}`));
  page.close = async () => context.close();
  return { page, logged };
}

/** @param {import("playwright-core").Page | import("playwright-core").Frame} frame */
async function violationsIn(frame) {
  return frame.evaluate(() => /** @type {any} */ (globalThis).cspViolations);
}

const cspMessages = (/** @type {string[]} */ logged) => logged.filter((m) => /Content Security Policy|Refused to/i.test(m));

// Solves the page's board, replays it to the end and exports the tree as a PNG (an image made
// from a blob: URL).
/** @param {import("playwright-core").Page | import("playwright-core").Frame} frame */
async function solveAndExport(frame, page) {
  await frame.waitForSelector("#check.ok");
  await frame.click("#solve");
  await frame.waitForSelector("#result-msg.ok");
  await frame.click("#tree-last");
  const [png] = await Promise.all([page.waitForEvent("download", { timeout: 30000 }), frame.click("#tree-export-png")]);
  assert.match(png.suggestedFilename(), /\.png$/);
}

test("the page runs under its policies without a violation", { timeout: 90000 }, async () => {
  const { page, logged } = await watchedPage();
  const res = await page.goto(base);
  const headers = res?.headers() ?? {};
  assert.equal(headers["x-content-type-options"], "nosniff");
  assert.equal(headers["referrer-policy"], "strict-origin-when-cross-origin");
  assert.match(headers["content-security-policy"], new RegExp(`; frame-ancestors 'self' http://${COURSE}:${otherPort}$`));
  await page.waitForSelector("body[data-ready='1']");
  // Both policies are in force: the header's and the page's own.
  assert.equal(await page.locator("meta[http-equiv='Content-Security-Policy']").count(), 1);
  await solveAndExport(page, page);
  assert.deepEqual(await violationsIn(page), []);
  assert.deepEqual(cspMessages(logged), []);
  await page.close();
});

test("a site opened with --allow-origin shows the page in a frame; another site cannot", { timeout: 90000 }, async () => {
  const { page, logged } = await watchedPage();
  await page.goto(`http://${COURSE}:${otherPort}/`);
  const frame = page.frames().find((f) => f.url() === base);
  assert.ok(frame, `no frame of ${base}: ${page.frames().map((f) => f.url())}`);
  await frame.waitForSelector("body[data-ready='1']");
  await solveAndExport(frame, page);
  assert.deepEqual(await violationsIn(frame), []);
  assert.deepEqual(cspMessages(logged), []);
  await page.close();

  const refused = await watchedPage();
  await refused.page.goto(`http://${ELSEWHERE}:${otherPort}/`);
  await refused.page.waitForLoadState("load");
  // Chromium puts an error page in the frame and says why on the console.
  const messages = () => cspMessages(refused.logged).join("\n");
  for (let i = 0; i < 50 && !/frame-ancestors/.test(messages()); i++) await refused.page.waitForTimeout(100);
  assert.match(messages(), /frame-ancestors/);
  const shown = refused.page.frames().filter((f) => f !== refused.page.mainFrame());
  assert.equal(shown.length, 1);
  assert.notEqual(shown[0].url(), base);
  await refused.page.close();
});
