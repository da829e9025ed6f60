// What every browser test starts the same way: Debian's Chromium ($CHROMIUM or /usr/bin/chromium)
// through playwright-core, headless, with the flags this closed network needs (no background
// connections, no QUIC, no component updates: each would be refused, many at a time).

import { chromium } from "playwright-core";

/** The Chromium binary the tests drive. */
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

/**
 * A headless Chromium for one test file.
 * @param {string[]} [args] more command-line flags (host resolver rules, say)
 * @returns {Promise<import("playwright-core").Browser>}
 */
export function launchChromium(args = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...args,
    ],
  });
}
