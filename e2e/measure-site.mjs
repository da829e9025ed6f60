// Measures the static site (scripts/build-site) in headless Chromium, served by
// python3 -m http.server, and the native CLI on the same machine in the same run:
//
// - the size of the .wasm, raw and gzipped;
// - load to a usable page (navigation to the page's ready mark), a fresh browser profile each time;
// - Nilsson's solve, from the click on Solve to the first node of the tree drawn;
// - the 6-6-3 pattern databases built in the browser (a one-move 4×4 board solved with a fresh
//   profile: almost all of it is the build);
// - Korf's first 15-puzzle instance with 6-6-3 (IDA*, the tables already built): the search time
//   the engine reports, in the browser and from the native CLI (`npuzzle solve … -a idastar -H pdb
//   --format json` with the same set cached), one thread and the default pool, and their ratio.
//
// Run by scripts/measure-site; prints a Markdown table. Not a test: nothing here passes or fails.
//
//   node measure-site.mjs SITE_DIR NPUZZLE_RELEASE_BINARY [RUNS]

import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { CHROMIUM, launchChromium } from "./harness.mjs";

const [siteArg, binArg, runsArg] = process.argv.slice(2);
if (!siteArg || !binArg) {
  console.error("usage: node measure-site.mjs SITE_DIR NPUZZLE_RELEASE_BINARY [RUNS]");
  process.exit(2);
}
const SITE = resolve(siteArg);
const BIN = resolve(binArg);
const RUNS = Number(runsArg || 5);
const KORF1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : Math.round(x).toString());

function serve(dir) {
  return new Promise((ok, no) => {
    const p = spawn("python3", ["-u", "-m", "http.server", "--bind", "127.0.0.1", "0"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (c) => {
      out += c;
      const m = out.match(/port (\d+)/);
      if (m) ok({ p, base: `http://127.0.0.1:${m[1]}/` });
    });
    p.stderr.on("data", () => {});
    setTimeout(() => no(new Error("no port from http.server")), 20000);
  });
}

const load0 = loadavg()[0];
const { p: server, base } = await serve(SITE);
const browser = await launchChromium();

async function fresh(query = "") {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const t0 = Date.now();
  await page.goto(base + query);
  await page.waitForSelector("body[data-ready='1']");
  return { ctx, page, loadMs: Date.now() - t0 };
}

const rows = [];
const wasm = readFileSync(join(SITE, "npuzzle_wasm_bg.wasm"));
rows.push(["`npuzzle_wasm_bg.wasm`, raw", `${wasm.length.toLocaleString("en-US")} bytes`]);
rows.push(["`npuzzle_wasm_bg.wasm`, gzip level 9 (Node's zlib)", `${gzipSync(wasm, { level: 9 }).length.toLocaleString("en-US")} bytes`]);
// Every file the site serves: the page, its modules, the engine (declarations left out).
const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
let total = 0;
for (const f of files(SITE).filter((f) => !f.endsWith(".d.ts") && !f.endsWith(".nojekyll"))) total += statSync(f).size;
rows.push(["the whole site, raw", `${total.toLocaleString("en-US")} bytes`]);

// Load to usable, and Nilsson's solve from click to the first tree node.
const loads = [];
const nilsson = [];
for (let i = 0; i < RUNS; i++) {
  const { ctx, page, loadMs } = await fresh();
  loads.push(loadMs);
  await page.waitForSelector("#check.ok");
  const t = await page.evaluate(async () => {
    const t0 = performance.now();
    document.getElementById("solve").click();
    await new Promise((ok) => {
      const look = () => (document.querySelector("#tree-svg g.node") ? ok() : requestAnimationFrame(look));
      look();
    });
    return performance.now() - t0;
  });
  nilsson.push(t);
  await ctx.close();
}
rows.push([
  `load to a usable page (fresh profile; median of ${RUNS})`,
  `${ms(median(loads))} ms (${ms(Math.min(...loads))}–${ms(Math.max(...loads))})`,
]);
rows.push([
  `Nilsson's solve, click to the first tree node (the engine's first search in the page; median of ${RUNS})`,
  `${ms(median(nilsson))} ms (${ms(Math.min(...nilsson))}–${ms(Math.max(...nilsson))})`,
]);

// The 6-6-3 build in the browser, then Korf #1 in the same profile (tables loaded from storage).
const builds = [];
const korfBrowser = [];
const korfWall = [];
const BUILD_RUNS = Math.max(1, Math.min(3, RUNS));
let expanded = null;
for (let i = 0; i < BUILD_RUNS; i++) {
  const { ctx, page } = await fresh(
    "?" +
      new URLSearchParams({
        start: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        goal: "blank-last",
        algorithm: "idastar",
        heuristic: "pdb",
        tree: "0",
      }),
  );
  await page.waitForSelector("#check.ok");
  const t0 = Date.now();
  await page.click("#solve");
  await page.waitForSelector("#result-msg.ok", { timeout: 300000 });
  builds.push(Date.now() - t0);
  // Wait until the three tables are in the browser's storage, then Korf #1 in a new page.
  await page.waitForFunction(
    async () => {
      const db = await new Promise((ok) => {
        const r = indexedDB.open("npuzzle", 1);
        r.onsuccess = () => ok(r.result);
      });
      const keys = await new Promise((ok) => {
        const g = db.transaction("tables").objectStore("tables").getAllKeys();
        g.onsuccess = () => ok(g.result);
      });
      return keys.length === 3;
    },
    null,
    { timeout: 60000 },
  );
  const page2 = await ctx.newPage();
  await page2.goto(
    `${base}?${new URLSearchParams({ start: KORF1, goal: "blank-first", algorithm: "idastar", heuristic: "pdb", tree: "0" })}`,
  );
  await page2.waitForSelector("body[data-ready='1']");
  await page2.waitForSelector("#check.ok");
  const t1 = Date.now();
  await page2.click("#solve");
  await page2.waitForSelector("#result-msg.ok", { timeout: 300000 });
  korfWall.push(Date.now() - t1);
  const r = await page2.evaluate(() => npuzzle.state.result);
  if (r.cost !== 57) throw new Error(`Korf #1 solved in ${r.cost} moves in the browser`);
  korfBrowser.push(r.stats.time_ms);
  expanded = r.stats.expanded;
  await ctx.close();
}
rows.push([
  `6-6-3 built in the browser: click to answer on a one-move 4×4 board, fresh profile (median of ${BUILD_RUNS})`,
  `${ms(median(builds))} ms (${ms(Math.min(...builds))}–${ms(Math.max(...builds))})`,
]);
await browser.close();
server.kill();

// The native CLI, same set, same machine, same run.
const cache = mkdtempSync(join(tmpdir(), "npuzzle-measure-"));
const native = (threads) => {
  const env = { ...process.env, NPUZZLE_CACHE_DIR: cache };
  if (threads) env.RAYON_NUM_THREADS = String(threads);
  const out = execFileSync(BIN, ["solve", KORF1, "--goal", "blank-first", "-a", "idastar", "-H", "pdb", "--format", "json"], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const r = JSON.parse(out);
  if (r.cost !== 57) throw new Error(`Korf #1 solved in ${r.cost} moves natively`);
  return r;
};
const tBuild = Date.now();
native(1); // builds and caches 6-6-3
const nativeBuild = Date.now() - tBuild;
const one = [];
const all = [];
let nativeExpanded = null;
for (let i = 0; i < BUILD_RUNS; i++) {
  const r1 = native(1);
  one.push(r1.stats.time_ms);
  nativeExpanded = r1.stats.expanded;
  all.push(native(0).stats.time_ms);
}
rmSync(cache, { recursive: true, force: true });
const b = median(korfBrowser);
rows.push(["6-6-3 built natively, one thread: the CLI's first Korf #1 run, whole process", `${ms(nativeBuild)} ms`]);
rows.push([
  `Korf #1 with 6-6-3 in the browser: the engine's search time (median of ${BUILD_RUNS}; ${expanded.toLocaleString("en-US")} expanded)`,
  `${ms(b)} ms (click to answer ${ms(median(korfWall))} ms)`,
]);
rows.push([
  `Korf #1 with 6-6-3, native CLI, one thread (RAYON_NUM_THREADS=1; ${nativeExpanded.toLocaleString("en-US")} expanded)`,
  `${ms(median(one))} ms`,
]);
rows.push([`Korf #1 with 6-6-3, native CLI, every core (${cpus().length})`, `${ms(median(all))} ms`]);
rows.push(["browser ÷ native, one thread each", `${(b / median(one)).toFixed(2)}×`]);
rows.push(["browser ÷ native with every core", `${(b / median(all)).toFixed(2)}×`]);

console.log("| measure | value |");
console.log("| --- | --- |");
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
console.log(
  `\nload average (1 min): ${load0.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end; ${cpus().length} cores; ${execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()}`,
);
