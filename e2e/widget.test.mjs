// The notebook widget (npuzzle.widget) in a real JupyterLab: the tests start JupyterLab with
// $NPUZZLE_PYTHON (a Python with npuzzle, anywidget and jupyterlab installed: scripts/test-all
// gives the wheel's test environment) in a scratch folder, open a notebook in Chromium, run it,
// and step the page's tree player inside the widget: the player's steps reach Python, a step set
// in Python moves the player, and axe-core finds nothing in the widget's frame. The widget's
// bundle (crates/npuzzle-py/python/npuzzle/widget.js) is checked against its sources first.
// NPUZZLE_SCREENSHOTS=1 writes docs/widget.png.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "../crates/npuzzle-web/widget/build.mjs";
import { assertAccessible } from "./a11y.mjs";
import { launchChromium } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const PYTHON = process.env.NPUZZLE_PYTHON;
const TOKEN = "npuzzle-widget-test";

let lab;
let base;
let browser;
let scratch;
let labLog = "";

/** A notebook of code cells. */
function notebook(cells) {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: "python3", display_name: "Python 3 (ipykernel)", language: "python" } },
    cells: cells.map((source, i) => ({ id: `c${i}`, cell_type: "code", metadata: {}, execution_count: null, outputs: [], source })),
  });
}

function startLab() {
  scratch = mkdtempSync(join(tmpdir(), "npuzzle-e2e-lab-"));
  writeFileSync(
    join(scratch, "widget.ipynb"),
    notebook([
      [
        "import npuzzle\n",
        'w = npuzzle.widget("2 8 3/1 6 4/7 0 5", goal="1 2 3/8 0 4/7 6 5", algorithm="astar",\n',
        '                   heuristic="misplaced", order="LURD")\n',
        "w",
      ].join(""),
      'print(f"python sees step {w.step}: {w.said()}")',
      "w.step = 7",
    ]),
  );
  // Jupyter's settings, data, runtime files and the kernel's history stay in the scratch folder.
  const env = {
    ...process.env,
    HOME: scratch,
    JUPYTER_CONFIG_DIR: join(scratch, "config"),
    JUPYTER_DATA_DIR: join(scratch, "data"),
    JUPYTER_RUNTIME_DIR: join(scratch, "runtime"),
    IPYTHONDIR: join(scratch, "ipython"),
    NPUZZLE_CACHE_DIR: join(scratch, "cache"),
  };
  return new Promise((resolvePromise, reject) => {
    lab = spawn(
      PYTHON,
      [
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        "--port=0",
        `--IdentityProvider.token=${TOKEN}`,
        // CI runs as root; JupyterLab refuses to without this.
        "--allow-root",
        `--ServerApp.root_dir=${scratch}`,
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
      ],
      { stdio: ["ignore", "pipe", "pipe"], env },
    );
    const timer = setTimeout(() => reject(new Error(`JupyterLab gave no URL within 90 s:\n${labLog}`)), 90000);
    lab.on("error", (e) => reject(new Error(`cannot start JupyterLab with ${PYTHON}: ${e.message}`)));
    lab.on("exit", (code) => reject(new Error(`JupyterLab exited (${code}):\n${labLog}`)));
    const read = (/** @type {Buffer} */ chunk) => {
      labLog += chunk;
      const m = labLog.match(/http:\/\/127\.0\.0\.1:(\d+)\/lab/);
      if (m) {
        clearTimeout(timer);
        resolvePromise(`http://127.0.0.1:${m[1]}`);
      }
    };
    lab.stdout.on("data", read);
    lab.stderr.on("data", read);
  });
}

before(
  async () => {
    assert.ok(PYTHON, "NPUZZLE_PYTHON must name a Python with npuzzle, anywidget and jupyterlab (scripts/test-all sets it)");
    base = await startLab();
    browser = await launchChromium();
  },
  { timeout: 120000 },
);

after(async () => {
  if (browser) await browser.close();
  if (lab) {
    lab.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("the widget's bundle is what its sources and the page's modules give", () => {
  const committed = readFileSync(join(root, "crates", "npuzzle-py", "python", "npuzzle", "widget.js"), "utf8");
  assert.ok(committed === build(), "crates/npuzzle-py/python/npuzzle/widget.js is stale: run node crates/npuzzle-web/widget/build.mjs");
});

test("JupyterLab: npuzzle.widget shows the page's tree player, steps reach Python and back", { timeout: 180000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 1400 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await page.goto(`${base}/lab/tree/widget.ipynb?token=${TOKEN}`);
    // JupyterLab's application object (--LabApp.expose_app_in_browser) runs its commands.
    await page.waitForFunction(() => /** @type {any} */ (window).jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel, null, {
      timeout: 90000,
    });
    await page.waitForFunction(
      () => /** @type {any} */ (window).jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === "idle",
      null,
      { timeout: 90000 },
    );
    const run = (/** @type {number} */ cell) =>
      page.evaluate(async (i) => {
        const app = /** @type {any} */ (window).jupyterapp;
        app.shell.currentWidget.content.activeCellIndex = i;
        await app.commands.execute("notebook:run-cell");
      }, cell);
    await run(0);
    const frameEl = page.locator("iframe.npuzzle-replay");
    await frameEl.waitFor({ timeout: 60000 });
    const frame = page.frameLocator("iframe.npuzzle-replay");
    const pos = frame.locator("#tree-pos");
    await assert.doesNotReject(pos.filter({ hasText: "event 0 of 29" }).waitFor({ timeout: 30000 }));
    // The page's own parts: the tree's nodes, the pseudocode, the legend, the player's title.
    assert.match(await frame.locator("#embed-title").textContent(), /^astar \+ misplaced: .*\(optimal\)$/);
    assert.ok((await frame.locator("#pseudocode li").count()) > 3, "the pseudocode is drawn");
    for (let i = 0; i < 5; i++) await frame.locator("#tree-fwd").click();
    await pos.filter({ hasText: "event 5 of 29" }).waitFor();
    assert.match(await frame.locator("#tree-event").textContent(), /^generated S2 by U: g 1 \+ h 3 = f 4/);
    await assert.doesNotReject(
      frame.locator("#tree-say").filter({ hasText: "event 5 of 29: generated S2 by U" }).waitFor({ state: "attached" }),
    );
    // The frame grew to its content (the height message).
    const height = await frameEl.evaluate((el) => el.getBoundingClientRect().height);
    assert.ok(height > 500 && height !== 640, `the frame is sized to its content (${height}px)`);
    // Python reads the step the player shows.
    await run(1);
    await page.getByText("python sees step 5: generated S2 by U").waitFor({ timeout: 30000 });
    // A step set in Python moves the player; keys work in the frame.
    await run(2);
    await pos.filter({ hasText: "event 7 of 29" }).waitFor({ timeout: 30000 });
    await frame.locator("#tree-pos").click();
    await page.keyboard.press("End");
    await pos.filter({ hasText: "event 29 of 29" }).waitFor();
    await frame.locator("#tree-first").click();
    await frame.locator("#tree-next").click();
    await assert.doesNotReject(
      frame
        .locator("#tree-event")
        .filter({ hasText: /^selected S0 for expansion/ })
        .waitFor(),
    );
    const inner = page.frames().find((f) => f.parentFrame() && f.url() === "about:srcdoc");
    assert.ok(inner, "the widget's frame is found");
    await assertAccessible(inner, "the notebook widget's frame, mid-replay");
    if (process.env.NPUZZLE_SCREENSHOTS) {
      // The notebook as a reader sees it: no file browser, no news prompt, the replay half-way.
      await page.evaluate(() => /** @type {any} */ (window).jupyterapp.shell.collapseLeft());
      const no = page.getByRole("button", { name: "No", exact: true });
      if (await no.isVisible()) await no.click();
      for (let i = 0; i < 3; i++) await frame.locator("#tree-next").click();
      const box = await page.locator(".jp-Cell").first().boundingBox();
      assert.ok(box);
      await page.screenshot({ path: join(root, "docs", "widget.png"), clip: { ...box, height: Math.min(box.height, 1000) } });
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
