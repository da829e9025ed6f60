// Browser end-to-end tests of the static site offline (scripts/build-site; docs/web.md, "Offline
// and install"): after one visit its service worker (sw.js) holds the page and the engine, so the
// page opens and solves with the browser offline and the server stopped; a new deploy (another
// sw.js) brings the notice that a new version is ready, and its Reload moves the page to the new
// worker and its cache; the repository's sw.js (no version) retires the worker; and the page
// `npuzzle serve` gives registers no service worker.
//
// The site is $NPUZZLE_SITE, served with python3 -m http.server from a subdirectory as in
// static.test.mjs; the server binary is $NPUZZLE_BIN or ../target/debug/npuzzle; Chromium is
// $CHROMIUM or /usr/bin/chromium.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { assertAccessible } from "./a11y.mjs";
import { launchChromium } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SITE = process.env.NPUZZLE_SITE ? resolve(process.env.NPUZZLE_SITE) : null;
const BIN = process.env.NPUZZLE_BIN || join(here, "..", "target", "debug", "npuzzle");

const NILSSON_TILES = "2 8 3 1 6 4 7 0 5";

let browser;
/** Temporary folders and processes, removed and stopped after the tests. */
const temps = [];
const procs = [];

// Starts `cmd args` and resolves with the URL `pattern` finds in its output.
function start(cmd, args, options, pattern, toUrl) {
  return new Promise((resolvePromise, reject) => {
    const proc = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    procs.push(proc);
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no URL from ${cmd} within 20 s: ${out}`)), 20000);
    proc.on("error", (e) => reject(new Error(`cannot start ${cmd}: ${e.message}`)));
    const read = (chunk) => {
      out += chunk;
      const m = out.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ proc, url: toUrl(m) });
      }
    };
    proc.stdout.on("data", read);
    proc.stderr.on("data", () => {});
  });
}

// python3 -m http.server on `dir`; `url` is the site's folder, a subdirectory as on GitHub Pages.
async function serveSite(dir) {
  const root = mkdtempSync(join(tmpdir(), "npuzzle-offline-"));
  temps.push(root);
  mkdirSync(join(root, "class"));
  symlinkSync(dir, join(root, "class", "npuzzle"));
  const { proc, url } = await start(
    "python3",
    ["-u", "-m", "http.server", "--bind", "127.0.0.1", "0"],
    { cwd: root },
    /port (\d+)/,
    (m) => `http://127.0.0.1:${m[1]}/`,
  );
  return { proc, url: `${url}class/npuzzle/` };
}

// Stops a server and waits until it is gone.
async function stop(proc) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((r) => proc.once("exit", r));
  proc.kill();
  await gone;
}

before(
  async () => {
    browser = await launchChromium();
  },
  { timeout: 60000 },
);

after(async () => {
  if (browser) await browser.close();
  for (const proc of procs) await stop(proc);
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function needSite() {
  assert.ok(SITE, "NPUZZLE_SITE names no site: build one with scripts/build-site DIR");
  assert.ok(existsSync(join(SITE, "npuzzle_wasm_bg.wasm")), `${SITE} holds no npuzzle_wasm_bg.wasm: run scripts/build-site ${SITE}`);
  assert.doesNotMatch(readFileSync(join(SITE, "sw.js"), "utf8"), /^const VERSION = "dev";$/m, `${SITE}/sw.js was not given a version`);
}

// A fresh context (its own storage and service workers) on `url`; `errors` collects page errors,
// console errors and HTTP errors.
async function openPage(url) {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']").catch((e) => {
    throw new Error(`${url} never got ready: ${e.message}\npage errors: ${errors.join("; ")}`);
  });
  return { page, errors, ctx };
}

// Waits until the site's service worker is active and controls the page.
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
}

function cacheNames(page) {
  return page.evaluate(() => caches.keys());
}

test("after one visit the static site opens and solves Nilsson's example offline, with the server stopped", {
  timeout: 120000,
}, async () => {
  needSite();
  const { proc, url } = await serveSite(SITE);
  const { page, errors, ctx } = await openPage(url);
  await controlled(page);
  const names = await cacheNames(page);
  assert.equal(names.length, 1, `caches: ${names}`);
  assert.match(names[0], /^npuzzle \/class\/npuzzle\/ [0-9a-f]{16}$/);
  const kept = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), names[0]);
  for (const file of ["index.html", "style.css", "favicon.svg", "manifest.webmanifest", "js/main.js", "js/engine/worker.js"]) {
    assert.ok(kept.includes(`/class/npuzzle/${file}`), `${file} is not in the cache: ${kept}`);
  }
  assert.ok(
    kept.includes("/class/npuzzle/npuzzle_wasm.js") && kept.includes("/class/npuzzle/npuzzle_wasm_bg.wasm"),
    "the engine is cached",
  );

  // No network: the browser is offline, and the server is gone too.
  await ctx.setOffline(true);
  await stop(proc);
  await page.reload();
  await page.waitForSelector("body[data-ready='1']");
  assert.match(await page.textContent("#server-status"), /in this browser \(WebAssembly\)/);
  assert.equal(await page.getAttribute("#board", "data-tiles"), NILSSON_TILES);
  await page.waitForSelector("#check.ok");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok, #result-msg.bad", { timeout: 60000 });
  assert.match(await page.textContent("#result-msg"), /^astar \+ misplaced: solved in 5 moves/);
  await page.evaluate(() => npuzzle.tree.stop());
  // A link with a query opens offline as well (the cached page), and runs its search.
  await page.goto(
    `${url}?${new URLSearchParams({ start: "8 1 3 4 0 2 7 6 5", goal: "blank-last", algorithm: "astar", heuristic: "manhattan", run: "1" })}`,
  );
  await page.waitForSelector("body[data-ready='1']");
  await page.waitForSelector("#result-msg.ok, #result-msg.bad", { timeout: 60000 });
  assert.match(await page.textContent("#result-msg"), /^astar \+ manhattan: solved in 14 moves/);
  // The manifest the browser installs the app from, from the cache.
  const manifest = await page.evaluate(async () => (await fetch("manifest.webmanifest")).json());
  assert.equal(manifest.name, "npuzzle");
  assert.equal(manifest.start_url, "./");
  assert.equal(manifest.scope, "./");
  assert.equal(manifest.display, "standalone");
  assert.deepEqual(manifest.icons, [{ src: "favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }]);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("a new deploy: the page says a new version is ready, and Reload moves it to the new worker and cache", {
  timeout: 120000,
}, async () => {
  needSite();
  const dir = mkdtempSync(join(tmpdir(), "npuzzle-offline-site-"));
  temps.push(dir);
  cpSync(SITE, dir, { recursive: true, dereference: true });
  const { url } = await serveSite(dir);
  const { page, errors, ctx } = await openPage(url);
  await controlled(page);
  const [oldName] = await cacheNames(page);
  const oldVersion = oldName.split(" ").pop();
  assert.equal(await page.locator("#update-notice").count(), 0, "the first visit is no update");

  // The deploy: another sw.js (as scripts/build-site writes when any file changed).
  const newVersion = `${oldVersion.slice(0, 8)}feedbeef`;
  const swPath = join(dir, "sw.js");
  const sw = readFileSync(swPath, "utf8");
  writeFileSync(swPath, sw.replace(`const VERSION = "${oldVersion}";`, `const VERSION = "${newVersion}";`));
  assert.notEqual(readFileSync(swPath, "utf8"), sw);
  // The browser looks for it on a navigation, or when the page is shown again; here at once.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await page.waitForSelector("#update-notice button", { timeout: 30000 });
  assert.equal(await page.getAttribute("#update-notice", "role"), "status");
  assert.match(await page.textContent("#update-notice"), /^A new version is ready — Reload$/);
  // Until the reader reloads, the page keeps its version: the new worker waits.
  assert.ok(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null));
  assert.match(await page.textContent("#server-status"), /in this browser \(WebAssembly\)/);
  await assertAccessible(page, "with the update notice");

  await Promise.all([page.waitForEvent("load"), page.click("#update-notice button")]);
  await page.waitForSelector("body[data-ready='1']");
  await controlled(page);
  const want = `npuzzle /class/npuzzle/ ${newVersion}`;
  await page.waitForFunction(async (name) => JSON.stringify(await caches.keys()) === JSON.stringify([name]), want, { timeout: 30000 });
  assert.equal(await page.locator("#update-notice").count(), 0);
  await page.waitForSelector("#check.ok");
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok, #result-msg.bad", { timeout: 60000 });
  assert.match(await page.textContent("#result-msg"), /^astar \+ misplaced: solved in 5 moves/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("the repository's sw.js, with no version, retires a site's worker: its caches go, and the page comes from the network", {
  timeout: 120000,
}, async () => {
  needSite();
  const dir = mkdtempSync(join(tmpdir(), "npuzzle-offline-site-"));
  temps.push(dir);
  cpSync(SITE, dir, { recursive: true, dereference: true });
  const { url } = await serveSite(dir);
  const { page, errors, ctx } = await openPage(url);
  await controlled(page);
  // What `npuzzle serve` answers at /sw.js (as when a static site's address is reused for it).
  cpSync(join(here, "..", "crates", "npuzzle-web", "static", "sw.js"), join(dir, "sw.js"));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.getRegistrations()).length === 0 && (await caches.keys()).length === 0,
    null,
    { timeout: 30000 },
  );
  await page.waitForSelector("#update-notice button");
  const [reloaded] = await Promise.all([
    page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().startsWith(url)),
    page.waitForEvent("load"),
    page.click("#update-notice button"),
  ]);
  assert.equal(reloaded.fromServiceWorker(), false, "the page came from the network");
  await page.waitForSelector("body[data-ready='1']");
  await page.waitForSelector("#check.ok");
  assert.deepEqual(await cacheNames(page), []);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("the page npuzzle serve gives registers no service worker", { timeout: 60000 }, async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), "npuzzle-offline-cache-"));
  temps.push(cacheDir);
  const { url } = await start(
    BIN,
    ["serve", "--host", "127.0.0.1", "--port", "0"],
    { env: { ...process.env, NPUZZLE_CACHE_DIR: cacheDir } },
    /http:\/\/[0-9.:]+\//,
    (m) => m[0],
  );
  const { page, errors, ctx } = await openPage(url);
  await page.waitForLoadState("load");
  // Registration would come right after the load event; give it time to.
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
  assert.equal(await page.getAttribute('meta[name="npuzzle-engine"]', "content"), "server");
  // The manifest is served (the page links it) with its type.
  const res = await page.request.get(`${url}manifest.webmanifest`);
  assert.equal(res.status(), 200);
  assert.equal(res.headers()["content-type"], "application/manifest+json");
  assert.deepEqual(errors, []);
  await ctx.close();
});
