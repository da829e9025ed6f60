// The page's one controller. It owns the state (model/state.js), asks the engine for
// everything, and has the views draw; each tab's part lives beside it (setup.js for the board
// and the settings, tree-tab.js, teachers-kit.js, local-tab.js, solution-tab.js,
// compare-tab.js, audit-tab.js). Searches are two small state machines (docs/page.md draws them):
//
//   solve:    idle --Solve--> solving --result | error | Stop--> idle
//   compare:  idle --Compare--> comparing --done | error | Cancel--> idle
//
// A Solve while solving, or a Compare while comparing, is ignored; the two may run at once.

import { resultLine } from "../model/describe.js";
import { isLocal, usesHeuristic } from "../model/options.js";
import { compareKey, settingsKey, solveBody } from "../model/settings.js";
import { createState, refusal } from "../model/state.js";
import { reducedMotion } from "../views/announce.js";
import { $, closest, input } from "../views/dom.js";
import { embedTitle } from "../views/embed.js";
import { Form } from "../views/form.js";
import { drawLegend } from "../views/legend.js";
import { liveLabels, markStale, setLive, setRunning, showEngine, showHint, showMessage, showTables, startError } from "../views/status.js";
import { AuditTab } from "./audit-tab.js";
import { CompareTab } from "./compare-tab.js";
import { LocalTab } from "./local-tab.js";
import { debounce, Setup } from "./setup.js";
import { SolutionTab } from "./solution-tab.js";
import { TeachersKit } from "./teachers-kit.js";
import { isShortcut, TreeTab } from "./tree-tab.js";

/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").Solved} Solved */
/** @typedef {import("../engine/engine.js").Engine} Engine */
/** @typedef {import("../model/settings.js").Run} Run */

/** The tabs of the results. */
const TABS = ["solution", "tree", "compare", "local", "audit"];

export class Controller {
  /**
   * @param {Engine} engine
   */
  constructor(engine) {
    this.engine = engine;
    this.state = createState();
    this.form = new Form();
    this.setup = new Setup(engine, this.state, this.form, { changed: () => this.changed(), solve: () => this.solve() });
    this.tree = new TreeTab(this.state);
    this.kit = new TeachersKit(
      engine,
      this.state,
      this.tree,
      (step) => this.setup.updateUrl({ run: true, step }),
      (step) => this.setup.linkTo({ step, embed: { play: true } }),
    );
    this.local = new LocalTab(this.state);
    this.solution = new SolutionTab(engine, this.state, () => this.setup.read());
    this.compare = new CompareTab(engine, this.state, {
      changed: () => this.markStale(),
      open: (run) => this.openRun(run),
      read: () => this.setup.read(),
    });
    this.audit = new AuditTab(engine, this.state, { read: () => this.setup.read(), open: () => this.showTab("audit") });
  }

  /** @returns {Options} */
  get options() {
    return /** @type {Options} */ (this.state.options);
  }

  /** Asks the engine what it offers, builds the page from it, reads the link, and is ready. */
  async start() {
    const answer = await this.engine.options();
    if (!answer.ok) {
      showMessage(`The engine did not answer: ${answer.data.error}`, "bad");
      return;
    }
    const options = answer.data;
    this.state.options = options;
    this.form.build(options);
    this.form.write({ algorithm: options.defaults.algorithm, heuristic: options.defaults.heuristic });
    this.tree.view.setLegend(options.legend);
    drawLegend(options.legend);
    this.wire();
    // The tree is what the page teaches with: it is the tab open from the start.
    this.showTab("tree");
    await this.setup.applyLink();
    this.sync();
    this.engine.on("crash", (c) => {
      const text = `${c.message}. A fresh engine has been started.`;
      if (c.lane === "compare") this.compare.view.message(text, "bad");
      else showMessage(text, "bad");
    });
    this.engine.on("tables", (t) => {
      if (t.event === "rejected") showHint(`A stored table (${t.name}) failed its check and will be built again: ${t.reason}.`);
    });
    this.health();
    setInterval(() => this.health(), 5000);
    document.body.dataset.ready = "1";
  }

  /** Wires every input to the controller's parts. */
  wire() {
    const setup = this.setup;
    const form = this.form;
    const later = (/** @type {() => Promise<void>} */ f) => () =>
      f().catch((e) => showMessage(`failed: ${e instanceof Error ? e.message : e}`, "bad"));
    this.hints();
    $("width").addEventListener(
      "change",
      later(() => setup.changeSize()),
    );
    $("height").addEventListener(
      "change",
      later(() => setup.changeSize()),
    );
    $("reset").addEventListener("click", () => {
      const s = this.state.settings;
      if (setup.goal) setup.setStart(setup.goal, s.w, s.h);
    });
    $("nilsson").addEventListener(
      "click",
      later(() => setup.loadNilsson()),
    );
    const board = $("board");
    board.addEventListener("click", (ev) => {
      const tile = closest(ev, ".tile");
      if (tile) setup.slide(Number(tile.dataset.cell));
      board.focus();
    });
    board.addEventListener("keydown", (ev) => setup.boardKey(ev));
    $("start-text").addEventListener("input", () => setup.readStartText());
    $("scramble").addEventListener(
      "click",
      later(() => setup.scramble()),
    );
    $("goal-preset").addEventListener("change", () => setup.goalChanged());
    $("goal-text").addEventListener("input", () => {
      setup.scheduleCheck();
      setup.changed();
    });
    $("goal-from-board").addEventListener("click", () => setup.goalFromBoard());
    form.algorithm.addEventListener("change", () => setup.changed());
    form.order.addEventListener("input", () => this.sync());
    for (const el of form.inputs()) el.addEventListener("change", () => setup.changed());
    // The heuristic's preview follows the menu, the step cost, the metric and the formula as
    // it is typed.
    for (const el of [form.heuristic, form.cost, form.metric]) el.addEventListener("change", () => setup.scheduleCheck());
    const formulaTyped = debounce(() => {
      setup.changed();
      setup.scheduleCheck();
    }, 250);
    form.ownFormula.addEventListener("input", formulaTyped);
    $("optimal-choice").addEventListener("click", (ev) => {
      // What the button names, as the form's last sync wrote it.
      const { algorithm, heuristic } = /** @type {HTMLButtonElement} */ (ev.currentTarget).dataset;
      if (!algorithm || !heuristic) return;
      form.write({ algorithm, heuristic, recordTree: false });
      setup.changed();
    });
    $("solve").addEventListener("click", () => {
      if ($("solve").getAttribute("aria-disabled") !== "true") this.solve();
    });
    $("stop").addEventListener("click", () => this.stop());
    $("share").addEventListener("click", async () => {
      const url = setup.updateUrl({ run: true });
      try {
        await navigator.clipboard.writeText(url);
        showMessage("Link copied: it reproduces this board, goal and settings.");
      } catch (_e) {
        window.prompt("Copy this link:", url);
      }
    });
    input("projector").addEventListener("change", () => {
      document.body.classList.toggle("projector", input("projector").checked);
      this.tree.rebuild();
    });
    for (const t of TABS) $(`tab-${t}`).addEventListener("click", () => this.showTab(t));
    window.addEventListener(
      "resize",
      debounce(() => this.solution.view.drawWindow(), 100),
    );
    document.addEventListener("keydown", (ev) => this.shortcut(ev));
    this.tree.listen();
    this.kit.listen();
    this.local.listen();
    this.solution.listen();
    this.compare.listen();
    this.audit.listen();
  }

  /** The first-visit hints: shown until closed (remembered), or when a link opened the page. */
  hints() {
    let hidden = false;
    try {
      hidden = localStorage.getItem("npuzzle.first-steps") === "hidden";
    } catch (_e) {
      hidden = false;
    }
    if (hidden || location.search) $("first-steps").hidden = true;
    $("first-steps-close").addEventListener("click", () => {
      $("first-steps").hidden = true;
      try {
        localStorage.setItem("npuzzle.first-steps", "hidden");
      } catch (_e) {
        // Storage may be off; the hint just comes back next time.
      }
    });
  }

  /** After any change of the board or the settings. */
  changed() {
    this.sync();
    this.markStale();
  }

  /** The form in step with the algorithm, and the tabs' pseudocode previews. */
  sync() {
    const s = this.state;
    if (!s.options) return;
    this.form.sync(s.options, s.settings, !!s.result && isLocal(s.options, s.result.algorithm));
    s.settings = this.form.read(s.settings);
    const alg = s.settings.algorithm;
    if (isLocal(s.options, alg) && !(s.result && s.result.algorithm === alg)) this.local.preview(alg);
    this.tree.preview(alg);
  }

  /** Marks results that no longer match the settings. */
  markStale() {
    const s = this.state;
    if (!s.options || (!s.resultKey && !s.compareKey)) return;
    const stale = (s.resultKey !== null && s.resultKey !== settingsKey(s.settings, s.options, s.seed)) || !s.valid;
    const compareStale = s.compareKey !== null && s.compareKey !== compareKey(s.settings);
    markStale(stale, compareStale);
  }

  /**
   * Shows one tab of the results.
   * @param {string} name
   */
  showTab(name) {
    if (name !== "local") this.local.stop();
    for (const t of TABS) {
      $(`tab-${t}`).setAttribute("aria-selected", String(t === name));
      $(`panel-${t}`).hidden = t !== name;
    }
    if (name === "compare") this.compare.drawChart();
    if (name === "tree" && this.tree.replay) this.tree.view.fit(false, this.tree.now ? this.tree.now.current : -1);
    if (name === "solution") this.solution.view.drawWindow();
  }

  // ---------- the solve machine ----------

  /** idle → solving: sends the settings; each line of the answer updates the page. */
  async solve() {
    const s = this.state;
    if (s.solving || !s.options) return;
    // The inputs as they stand (a number typed but not yet committed by a change event too).
    this.setup.read();
    const refused = refusal(s, startError());
    if (refused) {
      // Known before any search: say why rather than ask the engine.
      showMessage(refused, "bad");
      return;
    }
    const options = s.options;
    const local = isLocal(options, s.settings.algorithm);
    // A local search's seed: the one typed, else the engine draws one for each run and the
    // result gives it (shown, so a run can be repeated).
    const typed = local ? s.settings.params.seed || null : null;
    const body = solveBody(s.settings, options, typed);
    this.setup.updateUrl();
    showMessage("searching…");
    showHint("");
    liveLabels(false);
    s.solving = true;
    setRunning(true);
    try {
      const answer = await this.engine.solve(body, (line) => {
        if (line.type === "progress") {
          showTables(line.tables);
          showMessage(line.tables ? "preparing tables…" : "searching…");
          if (!line.tables) setLive(line, line.time_ms);
        } else if (line.type === "result") {
          showTables(null);
          s.seed = local ? (line.seed == null ? typed : String(line.seed)) : null;
          s.resultKey = settingsKey(s.settings, options, s.seed);
          s.resultBody = solveBody(s.settings, options, s.seed);
          const { type, ...result } = line;
          this.showResult(result);
        } else if (line.type === "error") {
          showTables(null);
          showMessage(line.error, "bad");
        }
      });
      if (!answer.ok) {
        showTables(null);
        showMessage(answer.data.error, "bad");
      }
    } catch (e) {
      showTables(null);
      showMessage(
        e instanceof Error && e.name === "AbortError"
          ? "stopped: the search was cancelled"
          : `failed: ${e instanceof Error ? e.message : e}`,
        "bad",
      );
    } finally {
      s.solving = false;
      setRunning(false);
      this.markStale();
    }
  }

  /** solving → idle, at once. */
  stop() {
    if (this.state.solving) this.engine.stop("solve");
  }

  /**
   * A solve's answer: the statistics, the message, the solution, and the tab that shows the
   * search (the tree, replayed from its start, or the local search's steps).
   * @param {Solved} r
   */
  showResult(r) {
    const s = this.state;
    s.result = r;
    liveLabels(true);
    setLive(r.stats, r.stats.time_ms);
    const text = resultLine(r);
    showMessage(text, r.status === "solved" ? "ok" : "bad");
    // The engine's notes: what the tables at hand changed (the default solver's choice, a
    // smaller set of pattern databases), with the build that gives shorter answers.
    const notes = (r.notes || []).map((n) => n.replace(/^note: /, "Note: ") + (n.endsWith(".") ? "" : "."));
    const why = r.cost_note ? `Not optimal under these costs: ${r.cost_note}.` : r.hint ? `Hint: ${r.hint}.` : "";
    showHint([why, ...notes].filter(Boolean).join(" "));
    this.solution.load(r);
    if (isLocal(s.options, r.algorithm)) {
      $("tab-local").hidden = false;
      this.local.load(r);
      if (r.seed !== undefined) showHint(`Seed ${r.seed}: the same seed repeats this run.`);
      this.tree.clear("A local search keeps no search tree: the Local search tab replays its steps.");
      this.showTab("local");
      this.local.togglePlay();
    } else if (r.tree) {
      // After a solve, go to the tree and replay the search from its start.
      this.tree.load(r.tree, r.trace || null, r, 0);
      this.showTab("tree");
      this.tree.togglePlay();
      if (s.openAtStep !== null || s.embed) {
        this.tree.stop();
        this.tree.setStep(s.openAtStep ?? 0);
      }
      if (s.embed) {
        // The embed view plays from the link's event to its `to`, at once only when asked and
        // when the reader has not asked the system for less motion.
        this.tree.range(s.openAtStep ?? 0, s.embed.to);
        embedTitle(text);
        if (s.embed.play && !reducedMotion()) this.tree.togglePlay();
      }
      s.openAtStep = null;
      const tabs = /** @type {HTMLElement} */ (document.querySelector(".tabs"));
      const top = tabs.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight - 200) {
        tabs.scrollIntoView({ block: "start" });
        window.scrollBy(0, -$("actionbar").offsetHeight - 4);
      }
    } else {
      this.tree.clear("Tick \u201crecord the search tree\u201d and solve again to see the tree.");
      this.tree.preview(r.algorithm);
    }
  }

  /**
   * Solves a compare run with its tree recorded.
   * @param {Run} r
   */
  openRun(r) {
    /** @type {Record<string, string>} */
    const params = Object.fromEntries(
      this.options.params.map((p) => {
        const v = r[p.key];
        return [p.key, v === undefined || v === null || v === false ? "" : v === true ? "1" : String(v)];
      }),
    );
    this.form.write({
      algorithm: r.algorithm,
      ...(usesHeuristic(this.options, r.algorithm) ? { heuristic: r.heuristic } : {}),
      params,
      recordTree: true,
    });
    this.setup.changed();
    this.solve();
  }

  // ---------- the page around ----------

  /** The engine's status in the header. */
  async health() {
    if (this.engine.kind === "browser") {
      showEngine(
        "running in this browser (WebAssembly) · no server",
        "npuzzle in your browser: the library compiled to WebAssembly, searching in a Web Worker; nothing is sent to a server.",
      );
      return;
    }
    try {
      const { ok, data } = await this.engine.health();
      showEngine(ok ? `server ok · ${data.running} of ${data.max_concurrent} searches running` : "server error");
    } catch (_e) {
      showEngine("server unreachable");
    }
  }

  /**
   * Space plays or pauses, ← and → step, Home and End jump, N goes to the next expansion: in
   * the solution playback or the tree replay, whichever tab is open.
   * @param {KeyboardEvent} ev
   */
  shortcut(ev) {
    if (!isShortcut(ev)) return;
    const onTree = !$("panel-tree").hidden;
    const onSolution = !$("panel-solution").hidden;
    if (!onTree && !onSolution) return;
    const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    const sol = this.solution;
    /** @type {Record<string, () => void>} */
    const actions = onTree
      ? this.tree.keys()
      : {
          " ": () => sol.togglePlay(),
          k: () => sol.togglePlay(),
          ArrowRight: () => sol.show(this.state.playIdx + 1),
          l: () => sol.show(this.state.playIdx + 1),
          ArrowLeft: () => sol.show(this.state.playIdx - 1),
          j: () => sol.show(this.state.playIdx - 1),
          Home: () => sol.show(0),
          End: () => sol.show(sol.view.path.length - 1),
        };
    const f = actions[key];
    if (!f) return;
    ev.preventDefault();
    f();
  }

  /**
   * The one hook the browser tests read the page through (`window.npuzzle`): the state, the
   * tabs' replays, and a few of the controller's functions. The page itself never reads it.
   */
  testHook() {
    const tree = this.tree;
    return {
      engine: this.engine,
      state: this.state,
      tree: {
        get k() {
          return tree.k;
        },
        get steps() {
          return tree.events();
        },
        get nodes() {
          return tree.replay ? tree.replay.nodes : [];
        },
        get nextSelAt() {
          return tree.replay ? tree.replay.nextSelAt : new Int32Array(0);
        },
        get iterations() {
          return tree.replay ? tree.replay.iterations : [];
        },
        get tree() {
          return tree.replay ? tree.replay.tree : null;
        },
        setStep: (/** @type {number} */ k) => tree.setStep(k),
        stop: () => tree.stop(),
        playing: () => tree.playing(),
        style: () => tree.style(),
        load: (
          /** @type {import("../api").Tree} */ t,
          /** @type {import("../api").Trace | null} */ trace,
          /** @type {Solved} */ report,
          /** @type {number | undefined} */ at,
        ) => tree.load(t, trace, report, at),
      },
      local: { stop: () => this.local.stop(), setStep: (/** @type {number} */ k) => this.local.setStep(k) },
      solveBody: () => {
        // The inputs as they stand, as a solve reads them.
        this.setup.read();
        return solveBody(this.state.settings, this.options, this.state.seed);
      },
      setLive,
      showTables,
    };
  }
}
