// The accessibility audit of the browser tests: axe-core (the engine behind browsers' own
// audits), with the WCAG 2.0, 2.1 and 2.2 rules of levels A and AA, run inside the page.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** axe-core's source, evaluated in the page (not added as a script tag, which the page's
 * Content-Security-Policy refuses). */
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The WCAG rule sets audited: levels A and AA of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * The page's WCAG A and AA violations now: each rule with the elements that break it.
 * @param {import("playwright-core").Page | import("playwright-core").Frame} page the page, or a frame in one
 * @returns {Promise<{id: string, help: string, targets: string[]}[]>}
 */
export async function violations(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  return page.evaluate(async (tags) => {
    // axe-core's global, added above.
    const axe = /** @type {any} */ (window).axe;
    const r = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((/** @type {any} */ v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((/** @type {any} */ n) => n.target.join(" ")),
    }));
  }, WCAG_TAGS);
}

/**
 * Fails with every violation named when the page, in the state `what`, breaks a rule.
 * @param {import("playwright-core").Page | import("playwright-core").Frame} page
 * @param {string} what
 */
export async function assertAccessible(page, what) {
  const found = await violations(page);
  assert.deepEqual(
    found.map((v) => `${v.id}: ${v.help} (${v.targets.slice(0, 3).join(", ")}${v.targets.length > 3 ? ", …" : ""})`),
    [],
    `axe-core, ${what}`,
  );
}
