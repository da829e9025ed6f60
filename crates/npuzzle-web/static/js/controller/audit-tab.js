// The controller's part for the Heuristic check tab: "Check my heuristic" asks the engine to
// audit the Search form's heuristic (a built-in's name, or the formula typed) over every board
// of the board's size, toward its goal, under its step cost, and the view draws the report.
// A second heuristic can be drawn beside it, and IDA*'s expansions predicted (KRE). Stop cancels
// the audit; the report's JSON can be downloaded.

import { auditBody } from "../model/audit.js";
import { goalSpec } from "../model/settings.js";
import { AuditView } from "../views/audit.js";
import { $, download, select } from "../views/dom.js";
import { OWN } from "../views/own.js";

/** @typedef {import("../model/state.js").PageState} PageState */
/** @typedef {import("../engine/engine.js").Engine} Engine */

export class AuditTab {
  /**
   * @param {Engine} engine
   * @param {PageState} state
   * @param {{read: () => void, open: () => void}} hooks `read` brings the settings up to date
   *   with the form; `open` shows the tab
   */
  constructor(engine, state, hooks) {
    this.engine = engine;
    this.state = state;
    this.hooks = hooks;
    this.view = new AuditView();
  }

  listen() {
    $("audit-run").addEventListener("click", () => {
      if ($("audit-run").getAttribute("aria-disabled") !== "true") this.run();
    });
    $("audit-again").addEventListener("click", () => {
      if ($("audit-again").getAttribute("aria-disabled") !== "true") this.run();
    });
    $("audit-stop").addEventListener("click", () => this.engine.stop("audit"));
    $("audit-download").addEventListener("click", () => {
      const a = this.state.audit;
      if (a) download(new Blob([JSON.stringify(a, null, 2)], { type: "application/json" }), "npuzzle-audit.json");
    });
  }

  /** Audits the heuristic on the page and shows the report in the Heuristic check tab. */
  async run() {
    const s = this.state;
    if (s.auditing) return;
    this.hooks.read();
    const settings = s.settings;
    $("tab-audit").hidden = false;
    this.view.offerBeside(select("heuristic"), OWN);
    this.hooks.open();
    if (!settings.heuristic) {
      this.view.message("Type a formula (or a built-in's name) under \u201cYour own heuristic\u201d first.", "bad");
      return;
    }
    s.auditing = true;
    this.view.clear();
    this.view.running(true);
    this.view.message(`checking ${settings.heuristic} on every ${settings.w}×${settings.h} board…`);
    try {
      const extra = {
        beside: select("audit-beside").value,
        predict: /** @type {HTMLInputElement} */ ($("audit-predict")).checked,
      };
      const answer = await this.engine.audit(auditBody(settings, goalSpec(settings), extra));
      if (answer.ok) {
        const a = answer.data;
        s.audit = a;
        this.view.show(a);
        const yes = a.admissible && a.consistent;
        this.view.message(
          `Checked ${a.boards.toLocaleString("en-US")} boards: ${a.admissible ? "admissible" : "not admissible"}, ${a.consistent ? "consistent" : "not consistent"}.`,
          yes ? "ok" : "bad",
        );
      } else {
        this.view.message(answer.data.error, "bad");
      }
    } catch (e) {
      this.view.message(
        e instanceof Error && e.name === "AbortError"
          ? "stopped: the check was cancelled"
          : `failed: ${e instanceof Error ? e.message : e}`,
        "bad",
      );
    } finally {
      s.auditing = false;
      this.view.running(false);
    }
    // On a narrow screen the tabs are below the form: bring the report into view.
    const panel = $("panel-audit");
    const top = panel.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 100) {
      panel.scrollIntoView({ block: "start" });
      window.scrollBy(0, -$("actionbar").offsetHeight - 4);
    }
  }
}
