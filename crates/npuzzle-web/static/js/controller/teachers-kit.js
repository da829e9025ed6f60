// The controller's part for the teacher's kit under the tree: the worksheet (the next steps
// as questions, graded one at a time against the recorded search), pictures of the tree (SVG
// and PNG files, and a WebM video of the replay, all drawn by the library through the engine),
// and a link that opens the search at the event shown.

import { fmt } from "../model/format.js";
import { grade, labelsIn, openText, worksheetRows } from "../model/worksheet.js";
import { $, button, download, input } from "../views/dom.js";
import { recordWebm, savePng, saveSvg } from "../views/export.js";
import { WorksheetView } from "../views/worksheet.js";

/** @typedef {import("./tree-tab.js").TreeTab} TreeTab */
/** @typedef {import("../engine/engine.js").Engine} Engine */
/** @typedef {import("../model/state.js").PageState} PageState */
/** @typedef {import("../model/worksheet.js").WorksheetRow} WorksheetRow */

/**
 * The HTML a course page embeds the search with: a frame of the embed view, playing from the
 * event shown, that resizes itself where the page listens (Canvas does).
 * @param {string} url the embed view's link
 * @param {string} algorithm what the frame shows, for its accessible title
 * @returns {string}
 */
export function embedSnippet(url, algorithm) {
  const attr = (/** @type {string} */ v) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${attr(url)}" title="${attr(`npuzzle: the search tree of ${algorithm}`)}" width="100%" height="640" style="border:0" loading="lazy"></iframe>`;
}

/** Most frames of a recorded replay. */
const WEBM_MAX_FRAMES = 300;

export class TeachersKit {
  /**
   * @param {Engine} engine
   * @param {PageState} state
   * @param {TreeTab} tree
   * @param {(step: number) => string} stepLink a link that runs this search and opens it at `step`
   * @param {(step: number) => string} embedLink the embed view's link to this search, from `step`
   */
  constructor(engine, state, tree, stepLink, embedLink) {
    this.engine = engine;
    this.state = state;
    this.tree = tree;
    this.stepLink = stepLink;
    this.embedLink = embedLink;
    this.sheet = new WorksheetView();
    /** @type {{rows: WorksheetRow[], i: number, right: number, done: number} | null} */
    this.ws = null;
  }

  listen() {
    const msg = $("kit-msg");
    const noTree = () => {
      msg.className = "bad";
      msg.textContent = "Solve with \u201crecord the search tree\u201d ticked first.";
    };
    $("tree-worksheet").addEventListener("click", () => {
      if (!this.tree.replay) return noTree();
      msg.textContent = "";
      if ($("tree-worksheet").getAttribute("aria-pressed") === "true") this.close();
      else this.open();
    });
    $("worksheet-close").addEventListener("click", () => this.close());
    $("worksheet-print").addEventListener("click", () => this.sheet.print());
    $("tree-step-link").addEventListener("click", async () => {
      if (!this.tree.replay) return noTree();
      const k = this.tree.k;
      const url = this.stepLink(k);
      msg.className = "";
      try {
        await navigator.clipboard.writeText(url);
        msg.textContent = `Link copied: it opens this search at event ${k}.`;
      } catch (_e) {
        msg.textContent = `Link to event ${k}: ${url}`;
      }
      msg.dataset.url = url;
    });
    $("tree-embed").addEventListener("click", async () => {
      if (!this.tree.replay) return noTree();
      const snippet = embedSnippet(this.embedLink(this.tree.k), this.state.result?.algorithm || "search");
      msg.className = "";
      try {
        await navigator.clipboard.writeText(snippet);
        msg.textContent = "Embed code copied: paste it into the HTML of a course page (docs/web.md says how for Moodle and Canvas).";
      } catch (_e) {
        msg.textContent = `Embed code: ${snippet}`;
      }
      msg.dataset.snippet = snippet;
    });
    $("tree-export-svg").addEventListener("click", () => this.picture("svg"));
    $("tree-export-png").addEventListener("click", () => this.picture("png"));
    $("tree-export-webm").addEventListener("click", async () => {
      if (!this.tree.replay) return noTree();
      const b = button("tree-export-webm");
      b.disabled = true;
      msg.className = "";
      try {
        const r = await this.video(2, (i, n) => {
          msg.textContent = `recording frame ${i} of ${n}…`;
        });
        msg.textContent = `Recorded ${r.frames} frames (${fmt(r.bytes)} bytes)${r.capped ? ", capped: the replay was longer" : ""}.`;
        msg.dataset.frames = String(r.frames);
      } catch (e) {
        msg.className = "bad";
        msg.textContent = `No video: ${e instanceof Error ? e.message : e}`;
      } finally {
        b.disabled = false;
      }
    });
  }

  // ---------- worksheet ----------

  open() {
    const t = this.tree;
    const r = t.replay;
    if (!r) return;
    t.stop();
    if (t.predict.on) t.togglePredict();
    const count = Math.max(1, Math.min(30, Number(input("worksheet-steps").value) || 5));
    const at = r.nextSelAt[t.k];
    if (at >= 0) t.setStep(at);
    const rows = worksheetRows(r, t.k, count);
    this.ws = { rows, i: 0, right: 0, done: 0 };
    const rep = t.report;
    const board = (/** @type {number[][] | undefined} */ rowsOf) =>
      (rowsOf || []).map((row) => row.map((x) => (x === 0 ? "_" : x)).join(" ")).join(" / ");
    const problem =
      `${(t.info?.title) || rep.algorithm || "search"}${rep.uses_heuristic ? `, heuristic ${rep.heuristic}` : ""}, ` +
      `move order ${rep.order || "?"}; start ${board(rep.start)}; goal ${board(rep.goal)}.`;
    this.sheet.open(problem, rows, (i) => this.check(i));
  }

  /**
   * Grades step `i`, shows its answer on the tree, and opens the next step.
   * @param {number} i
   */
  check(i) {
    const ws = this.ws;
    if (!ws || i !== ws.i || !ws.rows[i]) return;
    const row = ws.rows[i];
    const got = this.sheet.answers(i);
    const g = grade(row, got.next, got.open);
    ws.done += 1;
    if (g.ok) ws.right += 1;
    this.sheet.graded(i, g, row.next, openText(row));
    if (!g.okNext) this.diagnose(i);
    // Show the step on the tree: the selection and its children, before the next selection.
    this.tree.setStep(row.end);
    ws.i += 1;
    const over = ws.i >= ws.rows.length;
    this.sheet.showScore(ws.right, ws.done, over);
    this.sheet.enable(over ? -1 : ws.i);
  }

  close() {
    this.sheet.close();
    this.ws = null;
  }

  /**
   * Why step `i` may have gone wrong: the library's check of the order of expansion so far
   * (the search's selections before the worksheet, then the answers written), the same
   * diagnosis `npuzzle check` gives.
   * @param {number} i
   */
  async diagnose(i) {
    const ws = this.ws;
    const r = this.tree.replay;
    const body = this.state.resultBody;
    if (!ws || !r || !body) return;
    const first = ws.rows[0].at;
    const before = r.events.slice(0, first).flatMap((e) => (e.event === "selected" && r.nodes[e.id] ? [r.nodes[e.id].label] : []));
    const written = ws.rows.slice(0, i + 1).map((_, j) => labelsIn(this.sheet.answers(j).next)[0] || "?");
    if (written.includes("?")) return;
    const { tree, trace, stream, ...spec } = body;
    const answer = await this.engine.grade({ ...spec, expansions: [...before, ...written].join(", ") });
    if (!answer.ok || this.ws !== ws) return;
    const d = answer.data.diagnoses || [];
    this.sheet.diagnose(
      i,
      d.length
        ? `Your expansions so far ${d.map((x) => x.replace(/^matches /, "match ")).join("; or ")}.`
        : "No nearby variant (another algorithm, heuristic or move order) expands the nodes you wrote.",
    );
  }

  // ---------- pictures ----------

  /**
   * The library's pictures of this search's tree after the events `at`.
   * @param {number[]} at
   * @returns {Promise<string[]>}
   */
  async frames(at) {
    const body = this.state.resultBody;
    const r = this.tree.replay;
    if (!body || !r) throw new Error("solve with \u201crecord the search tree\u201d ticked first");
    const { tree, trace, stream, ...spec } = body;
    const answer = await this.engine.svg({ ...spec, at, events: r.events.length });
    if (!answer.ok) throw new Error(answer.data.error);
    return answer.data.frames.map((f) => f.svg);
  }

  /**
   * Saves the tree as it stands at the event shown: an SVG file, or a PNG made from it.
   * @param {"svg" | "png"} kind
   */
  async picture(kind) {
    if (!this.tree.replay) return;
    const msg = $("kit-msg");
    const k = this.tree.k;
    const name = `npuzzle-tree-${this.tree.report.algorithm || "search"}-step${k}.${kind}`;
    try {
      const [svg] = await this.frames([k]);
      if (kind === "svg") saveSvg(svg, name);
      else await savePng(svg, name);
    } catch (e) {
      msg.className = "bad";
      msg.textContent = `No picture: ${e instanceof Error ? e.message : e}`;
    }
  }

  /**
   * Records the replay from the event shown to the end as a WebM video: one frame per
   * expansion, `fps` frames a second.
   * @param {number} fps
   * @param {(i: number, n: number) => void} onProgress
   * @returns {Promise<{frames: number, capped: boolean, bytes: number}>}
   */
  async video(fps, onProgress) {
    const t = this.tree;
    const r = t.replay;
    if (!r) throw new Error("no tree");
    t.stop();
    const stops = [t.k];
    for (let at = r.nextSelAt[t.k]; at >= 0; at = r.nextSelAt[at + 1]) stops.push(at + 1);
    if (stops[stops.length - 1] !== r.events.length) stops.push(r.events.length);
    const wanted = stops.slice(0, WEBM_MAX_FRAMES);
    const batch = this.state.options?.limits.max_svg_frames || 1;
    /** @type {string[]} */
    let ready = [];
    let asked = 0;
    const next = async () => {
      if (!ready.length && asked < wanted.length) {
        const at = wanted.slice(asked, asked + batch);
        asked += at.length;
        ready = await this.frames(at);
      }
      return ready.shift() ?? null;
    };
    const { blob, frames } = await recordWebm(next, fps, (i) => onProgress(i, wanted.length));
    t.setStep(wanted[wanted.length - 1]);
    download(blob, `npuzzle-replay-${t.report.algorithm || "search"}.webm`);
    return { frames, capped: stops.length > wanted.length, bytes: blob.size };
  }
}
