"use strict";
// The npuzzle page: board editor, search runs with live statistics, solution playback, the
// search-tree view (tree.js), compare mode, and links that carry the whole setup.

const $ = (id) => document.getElementById(id);

// Nilsson's example (Principles of Artificial Intelligence, 1980): the first board a visitor sees.
const NILSSON = { start: "2 8 3/1 6 4/7 0 5", goal: "snail", algorithm: "astar", heuristic: "misplaced", order: "LURD" };
// A list of moves longer than this is drawn only where it is scrolled into view.
const MOVES_DRAWN_IN_FULL = 600;
// What the in-browser engine builds of the pattern databases.
const PAGE_PDB_NOTE =
  "In this page the tables are built in your browser and kept in its storage: the 6-6-3 set on 4×4 (5.8 MB, built once in a few seconds) " +
  "and the small sets of smaller boards. The 7-8 set and the 5×5 sets are too large for a page: the command line solves those boards " +
  '(npuzzle solve "BOARD", after cargo install --path crates/npuzzle-cli).';
const MOVE_W = 34;
const MOVE_H = 28;

const S = {
  w: 3,
  h: 3,
  start: [],
  goal: [],
  valid: true,
  solvable: true,
  options: null,
  result: null,
  resultKey: null,
  path: [],
  moves: "",
  playIdx: 0,
  playTimer: null,
  controller: null,
  compare: null,
  compareRuns: [],
  compareController: null,
  compareKey: null,
  raceFrame: null,
};
window.S = S;

function fmt(n) {
  return n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US");
}

function fmtMs(ms) {
  if (ms === null || ms === undefined) return "–";
  return ms < 10 ? `${Number(ms).toFixed(2)} ms` : `${Math.round(ms).toLocaleString("en-US")} ms`;
}

// The engine the page talks to (engine.js): the server's JSON API, or the library in
// WebAssembly in a worker.
const engine = window.NpuzzleEngine;

async function api(path, body) {
  return engine.request(path, body);
}

function debounce(fn, ms) {
  let t = null;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
}

// ---------- boards ----------

function boardText(tiles, w) {
  const rows = [];
  for (let r = 0; r * w < tiles.length; r++) rows.push(tiles.slice(r * w, r * w + w).join(" "));
  return rows.join("/");
}

// The goal board a preset names at a size, from the server (the library is the one place that
// knows the presets).
async function presetGoal(name, w, h) {
  const params = new URLSearchParams({ size: `${w}x${h}`, goal: name });
  const { ok, data } = await api(`/api/goal?${params}`);
  if (ok) return data.goal.flat();
  return Array.from({ length: w * h }, (_, i) => (i + 1) % (w * h));
}

function adjacent(a, b, w) {
  const ra = Math.floor(a / w), ca = a % w, rb = Math.floor(b / w), cb = b % w;
  return Math.abs(ra - rb) + Math.abs(ca - cb) === 1;
}

// Draws `tiles` (row-major, 0 = blank) into `el`.
function renderBoard(el, tiles, w, h, opts = {}) {
  el.style.gridTemplateColumns = `repeat(${w}, auto)`;
  // Full-size tiles shrink to fit a wide board in its column (a 12×12 board on a phone).
  if (!el.classList.contains("small") && !el.classList.contains("mini") && el.parentElement) {
    const cs = getComputedStyle(el.parentElement);
    const inner = el.parentElement.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const room = inner - 12 - 4 * (w - 1);
    const size = Math.max(14, Math.min(52, Math.floor(room / w)));
    el.style.setProperty("--tile-size", `${size}px`);
  }
  el.replaceChildren();
  const blank = tiles.indexOf(0);
  tiles.forEach((t, i) => {
    const d = document.createElement(opts.interactive ? "button" : "div");
    d.className = "tile" + (t === 0 ? " blank" : "");
    if (opts.interactive) {
      d.type = "button";
      d.tabIndex = -1;
      if (t !== 0 && adjacent(i, blank, w)) d.classList.add("movable");
      else d.setAttribute("aria-disabled", "true");
    }
    if (opts.moved === i) d.classList.add("moved");
    d.dataset.cell = i;
    d.textContent = t === 0 ? "" : t;
    d.setAttribute("aria-label", t === 0 ? "blank" : `tile ${t}`);
    el.appendChild(d);
  });
  el.dataset.tiles = tiles.join(" ");
}

function goalSpec() {
  const p = $("goal-preset").value;
  return p === "custom" ? $("goal-text").value : p;
}

function showCustomGoal(on) {
  $("goal-text-label").hidden = !on;
}

function setStart(tiles, w, h, opts = {}) {
  S.start = tiles.slice();
  S.w = w;
  S.h = h;
  $("width").value = w;
  $("height").value = h;
  syncSize();
  renderBoard($("board"), S.start, w, h, { interactive: true, moved: opts.moved });
  if (!opts.keepText) $("start-text").value = boardText(S.start, w);
  $("start-error").textContent = "";
  S.valid = true;
  syncOptimalChoice();
  scheduleCheck();
  updateUrl();
  markStale();
}

const scheduleCheck = debounce(checkPair, 120);

function showVerdict(data) {
  const el = $("check");
  if (!data.valid) {
    el.className = "bad";
    el.textContent = `✗ not a valid ${data.field === "goal" ? "goal" : "board"}: ${data.error}`;
    S.solvable = false;
    return false;
  }
  S.goal = data.goal.flat();
  renderBoard($("goal-board"), S.goal, data.width, data.height);
  S.solvable = data.solvable;
  if (data.solvable) {
    el.className = "ok";
    const hs = Object.entries(data.h)
      .filter(([k]) => k !== "zero")
      .map(([k, v]) => `${k} ${Number.isInteger(v) ? v : v.toFixed(2)}`)
      .join(", ");
    el.textContent = `✓ solvable · estimates: ${hs}`;
  } else {
    el.className = "bad";
    el.textContent = "✗ " + data.reason;
  }
  return true;
}

async function checkPair() {
  const { ok, data } = await api("/api/check", { start: boardText(S.start, S.w), goal: goalSpec() });
  if (!ok) {
    showVerdict({ valid: false, field: "start", error: data.error });
    return;
  }
  showVerdict(data);
}

// The start text as typed: a valid board replaces the board; an invalid one is flagged at once
// (the old verdict must not keep saying "solvable").
const readStartText = debounce(async () => {
  const text = $("start-text").value;
  if (!text.trim()) return;
  const { ok, data } = await api("/api/check", { start: text, goal: goalSpec() });
  if (!ok || !data.valid) {
    const err = ok ? data : { valid: false, field: "start", error: data.error };
    S.valid = false;
    $("start-error").textContent = err.error;
    showVerdict(err);
    markStale();
    return;
  }
  setStart(data.start.flat(), data.width, data.height, { keepText: true });
}, 250);

function slideCell(cell) {
  const blank = S.start.indexOf(0);
  if (!adjacent(cell, blank, S.w)) return false;
  const t = S.start.slice();
  t[blank] = t[cell];
  t[cell] = 0;
  setStart(t, S.w, S.h, { moved: blank });
  return true;
}

function onBoardKey(ev) {
  const blank = S.start.indexOf(0);
  const r = Math.floor(blank / S.w), c = blank % S.w;
  // Arrow keys move a tile into the blank in the arrow's direction.
  const from = {
    ArrowUp: r < S.h - 1 ? blank + S.w : -1,
    ArrowDown: r > 0 ? blank - S.w : -1,
    ArrowLeft: c < S.w - 1 ? blank + 1 : -1,
    ArrowRight: c > 0 ? blank - 1 : -1,
  }[ev.key];
  if (from === undefined) return;
  ev.preventDefault();
  ev.stopPropagation();
  if (from >= 0) slideCell(from);
}

async function changeSize() {
  const w = Number($("width").value), h = Number($("height").value);
  if ($("goal-preset").value === "custom") {
    $("goal-preset").value = "blank-last";
    showCustomGoal(false);
  }
  setStart(await presetGoal($("goal-preset").value, w, h), w, h);
}

async function scramble() {
  const params = new URLSearchParams({ size: `${S.w}x${S.h}`, depth: $("scramble-depth").value || "0", goal: goalSpec() });
  // The seed stays a string end to end: 64-bit seeds do not fit a JavaScript number.
  const seed = $("scramble-seed").value.trim();
  if (seed) params.set("seed", seed);
  const { ok, data } = await api("/api/generate?" + params);
  if (!ok) {
    $("scramble-note").textContent = data.error;
    return;
  }
  setStart(data.board.flat(), data.width, data.height);
  $("scramble-note").textContent = data.exact
    ? `Exactly ${data.depth} moves from the goal at best (seed ${data.seed}).`
    : `A ${data.depth}-move random walk from the goal: at most ${data.depth} moves at best (seed ${data.seed}).`;
  $("scramble-note").dataset.seed = data.seed;
}

async function loadNilsson() {
  $("goal-preset").value = NILSSON.goal;
  showCustomGoal(false);
  $("algorithm").value = NILSSON.algorithm;
  $("heuristic").value = NILSSON.heuristic;
  $("order").value = NILSSON.order;
  syncHeuristic();
  const { ok, data } = await api("/api/check", { start: NILSSON.start, goal: NILSSON.goal });
  if (ok && data.valid) setStart(data.start.flat(), data.width, data.height);
}

// ---------- options ----------

function algInfo(name) {
  return S.options && S.options.algorithms.find((x) => x.name === name);
}

function takes(name, param) {
  const a = algInfo(name);
  return !!(a && a.params.includes(param));
}

function heuristicLabel(h) {
  return { pdb: "pdb (pattern databases)", exact: "exact (true distance table)", "linear-conflict": "linear-conflict" }[h] || h;
}

function drawLegend(legend) {
  const ul = $("legend");
  ul.replaceChildren();
  const words = { current: "current", explored: "explored", frontier: "frontier", goal: "goal", unexplored: "duplicate or pruned" };
  for (const l of legend) {
    const li = document.createElement("li");
    li.innerHTML = `<svg width="18" height="18" viewBox="-9 -9 18 18" aria-hidden="true"><path/></svg>`;
    const p = li.querySelector("path");
    p.setAttribute("d", shapePath(l.shape, 6));
    if (l.shape === "cross") {
      p.setAttribute("fill", "none");
      p.setAttribute("stroke", l.fill);
      p.setAttribute("stroke-width", "3");
    } else p.setAttribute("fill", l.fill);
    li.append(` ${words[l.state] || l.state} (${l.colour} ${l.shape})`);
    li.dataset.state = l.state;
    ul.appendChild(li);
  }
  const next = document.createElement("li");
  next.innerHTML = '<svg width="18" height="18" viewBox="-9 -9 18 18" aria-hidden="true"><circle r="7" class="legend-next"/></svg> next to expand (dashed ring)';
  ul.appendChild(next);
}

async function loadOptions() {
  const { ok, data } = await api("/api/options");
  if (!ok) return;
  S.options = data;
  S.tree.setOptions(data);
  S.local.setOptions(data);
  drawLegend(data.legend);
  const algSel = $("algorithm");
  for (const a of data.algorithms) {
    const o = new Option(`${a.title}${a.optimal ? "" : " (not optimal)"}`, a.name);
    o.title = a.summary;
    algSel.add(o);
  }
  for (const h of data.heuristics) {
    const info = data.heuristic_info.find((x) => x.name === h);
    const o = new Option(heuristicLabel(h), h);
    if (info) o.title = info.summary;
    $("heuristic").add(o);
  }
  algSel.value = "astar";
  $("heuristic").value = "manhattan";
  $("limit-time").placeholder = `${fmt(data.limits.time_ms)} (cap)`;
  $("limit-nodes").placeholder = `${fmt(data.limits.nodes)} (cap)`;
  for (let s = data.limits.min_side; s <= data.limits.max_side; s++) {
    $("width").add(new Option(s, s));
    $("height").add(new Option(s, s));
  }
}

function usesHeuristic(name) {
  const a = algInfo(name);
  return a ? a.uses_heuristic : true;
}

// The choices an algorithm reads are enabled, with its one-line description from its metadata.
function syncHeuristic() {
  const alg = $("algorithm").value;
  const a = algInfo(alg);
  $("heuristic").disabled = !usesHeuristic(alg);
  $("weight").disabled = !takes(alg, "weight");
  $("max-depth").disabled = !takes(alg, "max_depth");
  $("local-options").hidden = !isLocal(alg);
  for (const [param, id] of LOCAL_PARAMS) $(id).disabled = !takes(alg, param);
  $("tab-local").hidden = !isLocal(alg) && !(S.result && isLocal(S.result.algorithm));
  if (S.local && isLocal(alg) && !(S.result && S.result.algorithm === alg)) S.local.preview(alg);
  // reduce walks one path: there is no search tree to record.
  $("record-tree").disabled = !!(a && a.reduces);
  $("alg-summary").textContent = a ? `${a.title}: ${a.summary}. Frontier: ${a.frontier}; goal test ${a.goal_test === "on_generation" ? "when generated" : "when selected"}.` : "";
  const h = S.options && S.options.heuristic_info.find((x) => x.name === $("heuristic").value);
  let hText = usesHeuristic(alg) ? (h ? `${heuristicLabel(h.name)}: ${h.summary}` : "") : "This algorithm uses no heuristic.";
  if (usesHeuristic(alg) && h && h.name === "pdb" && S.options.limits.pdb_max_entries) hText += " " + PAGE_PDB_NOTE;
  $("h-summary").textContent = hText;
  if (S.tree) S.tree.preview(alg);
  $("bar-choice").textContent = a ? `${a.title}${usesHeuristic(alg) ? " + " + $("heuristic").value : ""} · order ${$("order").value}` : "";
}

// The fastest optimal solver for the board's size: IDA* over the exact table (up to 10 cells)
// or over pattern databases.
function optimalChoice() {
  const oc = S.options && S.options.optimal_choice;
  if (!oc) return { algorithm: "idastar", heuristic: "pdb" };
  return S.w * S.h <= (oc.small.max_cells || 0) ? oc.small : oc.large;
}

function syncOptimalChoice() {
  const c = optimalChoice();
  // No optimal solver reaches past the classic sizes: the page offers reduce there.
  const big = S.options && S.w * S.h > S.options.limits.classic_max_cells;
  $("optimal-choice").disabled = !!big;
  $("optimal-choice").textContent = c.heuristic === "pdb" ? "optimal (pattern databases)" : "optimal (exact table)";
  $("optimal-note").textContent = c.heuristic === "pdb"
    ? "IDA* + pattern databases: tables are built once (with a progress bar, outside the time limit), then cached."
    : "IDA* + the exact distance table of every board this size.";
}

// Boards beyond the classic searches' sizes are offered the reductions only (the library's
// default there first); the page says so.
function syncSize() {
  if (!S.options) return;
  const max = S.options.limits.classic_max_cells;
  const big = S.w * S.h > max;
  const reduces = (name) => !!(algInfo(name) && algInfo(name).reduces);
  for (const o of $("algorithm").options) o.disabled = big && !reduces(o.value);
  if (big && !reduces($("algorithm").value)) $("algorithm").value = S.options.big_choice.algorithm;
  $("size-note").textContent = big
    ? `Boards over ${max} cells are solved by row-and-column reduction: ${S.options.big_choice.algorithm} (the default: shorter answers, with a lower bound) or reduce (fast, simple); neither is optimal. The other algorithms and the search tree stay at ${max} cells and below.`
    : "";
  syncHeuristic();
}

// ---------- URL ----------

function updateUrl(run) {
  const p = new URLSearchParams();
  p.set("size", `${S.w}x${S.h}`);
  p.set("start", boardText(S.start, S.w));
  p.set("goal", goalSpec());
  p.set("algorithm", $("algorithm").value || "astar");
  p.set("heuristic", $("heuristic").value || "manhattan");
  p.set("order", $("order").value);
  if ($("weight").value && $("weight").value !== "1") p.set("weight", $("weight").value);
  if ($("max-depth").value) p.set("max_depth", $("max-depth").value);
  if ($("limit-nodes").value) p.set("nodes", $("limit-nodes").value);
  if ($("limit-time").value) p.set("time_ms", $("limit-time").value);
  if (isLocal($("algorithm").value)) {
    // The seed of the last run, so the link repeats it.
    const seed = $("local-seed").value || S.seed;
    if (seed) p.set("seed", seed);
    for (const [param, id] of LOCAL_PARAMS) {
      if (param === "stochastic" ? $(id).checked : $(id).value !== "") p.set(param, param === "stochastic" ? "1" : $(id).value);
    }
  }
  p.set("tree", $("record-tree").checked ? "1" : "0");
  if (run) p.set("run", "1");
  const url = `${location.pathname}?${p}`;
  history.replaceState(null, "", url);
  return location.origin + url;
}

// Reads a shared link. Anything it gets wrong is said and replaced by the default, so a
// mangled link never leaves an empty board or blank choices.
async function readUrl() {
  const p = new URLSearchParams(location.search);
  const problems = [];
  const pick = (key, id, valid) => {
    if (!p.has(key)) return;
    const v = p.get(key);
    if (valid(v)) $(id).value = v;
    else problems.push(`unknown ${key} \u201c${v}\u201d`);
  };
  if (![...p.keys()].length) {
    await loadNilsson();
    return;
  }
  pick("algorithm", "algorithm", (v) => !!algInfo(v));
  pick("heuristic", "heuristic", (v) => S.options.heuristics.includes(v));
  pick("order", "order", (v) => /^[UDLR]{4}$/i.test(v) && new Set(v.toUpperCase()).size === 4);
  pick("weight", "weight", (v) => Number(v) >= 1);
  pick("max_depth", "max-depth", (v) => /^\d+$/.test(v));
  pick("seed", "local-seed", (v) => /^\d+$/.test(v));
  for (const [param, id] of LOCAL_PARAMS) {
    if (param === "stochastic") $(id).checked = p.get(param) === "1";
    else pick(param, id, (v) => Number.isFinite(Number(v)) && Number(v) >= 0);
  }
  pick("nodes", "limit-nodes", (v) => /^\d+$/.test(v));
  pick("time_ms", "limit-time", (v) => /^\d+$/.test(v));
  if (p.has("tree")) $("record-tree").checked = p.get("tree") !== "0";
  const goal = p.get("goal");
  if (goal) {
    if (["blank-last", "blank-first", "snail"].includes(goal)) $("goal-preset").value = goal;
    else {
      $("goal-preset").value = "custom";
      showCustomGoal(true);
      $("goal-text").value = goal;
    }
  }
  syncHeuristic();
  let loaded = false;
  if (p.has("start")) {
    const body = { start: p.get("start"), goal: goalSpec() };
    if (p.has("size") && !p.get("start").includes("/")) body.size = p.get("size");
    const { ok, data } = await api("/api/check", body);
    if (ok && data.valid) {
      setStart(data.start.flat(), data.width, data.height);
      loaded = true;
    } else {
      problems.push(`the start board \u201c${p.get("start")}\u201d is not valid (${ok ? data.error : data.error})`);
      if (ok && data.field === "goal") {
        $("goal-preset").value = "blank-last";
        showCustomGoal(false);
      }
    }
  }
  if (!loaded) {
    const [w, h] = (p.get("size") || "3x3").split("x").map(Number);
    const ok = w >= 2 && h >= 2 && w <= 5 && h <= 5;
    setStart(await presetGoal($("goal-preset").value === "custom" ? "blank-last" : $("goal-preset").value, ok ? w : 3, ok ? h : 3), ok ? w : 3, ok ? h : 3);
  }
  if (problems.length) {
    $("link-note").textContent = `This link had problems: ${problems.join("; ")}. The defaults are used instead.`;
  }
  // A link to a replay at one event (`step=N`, from "link to this step") opens the tree there.
  if (/^\d+$/.test(p.get("step") || "")) S.openAtStep = Number(p.get("step"));
  if (p.get("run") === "1" && !problems.length) solve();
}

// ---------- stale results ----------

function settingsKey() {
  const b = solveBody();
  delete b.tree;
  delete b.trace;
  return JSON.stringify(b);
}

function markStale() {
  if (!S.resultKey && !S.compareKey) return;
  const key = settingsKey();
  const stale = (S.resultKey !== null && S.resultKey !== key) || !S.valid;
  const compareStale = S.compareKey !== null && S.compareKey !== compareKey();
  $("stale").hidden = !(stale || compareStale);
  for (const id of ["panel-solution", "panel-tree"]) $(id).classList.toggle("stale", stale);
  $("panel-compare").classList.toggle("stale", compareStale);
  $("result-msg").classList.toggle("stale-text", stale);
}

// ---------- solving ----------

function setLive(s, timeMs) {
  $("live-expanded").textContent = fmt(s.expanded);
  $("live-generated").textContent = fmt(s.generated);
  $("live-frontier").textContent = fmt(s.frontier !== undefined ? s.frontier : s.max_frontier);
  $("live-depth").textContent = fmt(s.depth !== undefined ? s.depth : s.max_depth);
  $("live-time").textContent = fmtMs(timeMs);
}

function showTables(t) {
  const box = $("table-progress-box");
  if (!t) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const frac = t.entries ? t.filled / t.entries : 0;
  const overall = t.tables ? (t.ready + (t.ready < t.tables ? frac : 0)) / t.tables : frac;
  $("table-progress").value = Math.min(1, overall);
  $("table-progress-text").textContent = `building pattern databases: table ${Math.min(t.ready + 1, t.tables || 1)} of ${t.tables || 1}, ` +
    `${Math.round(100 * overall)}% (built once and cached; not counted in the time limit)`;
}

function solveBody() {
  const alg = $("algorithm").value;
  const body = {
    start: boardText(S.start, S.w),
    goal: goalSpec(),
    algorithm: alg,
    heuristic: $("heuristic").value,
    order: $("order").value.trim() || "UDLR",
    limits: {},
  };
  const w = Number($("weight").value);
  if (takes(alg, "weight") && w && w !== 1) body.weight = w;
  if (takes(alg, "max_depth") && $("max-depth").value !== "") body.max_depth = Number($("max-depth").value);
  if ($("limit-nodes").value) body.limits.nodes = Number($("limit-nodes").value);
  if ($("limit-time").value) body.limits.time_ms = Number($("limit-time").value);
  if (isLocal(alg)) {
    // A local search keeps no tree: its steps are the trace, which the local view replays.
    const num = (id) => ($(id).value === "" ? null : Number($(id).value));
    body.seed = Number(S.seed);
    for (const [param, id] of LOCAL_PARAMS) {
      if (!takes(alg, param)) continue;
      if (param === "stochastic") {
        if ($(id).checked) body.stochastic = true;
      } else if (num(id) !== null) body[param] = num(id);
    }
    body.trace = true;
    return body;
  }
  if ($("record-tree").checked && !$("record-tree").disabled) {
    body.tree = true;
    body.trace = true;
  }
  return body;
}

// The local searches' options: request field, input.
const LOCAL_PARAMS = [
  ["sideways", "local-sideways"],
  ["restarts", "local-restarts"],
  ["temperature", "local-temperature"],
  ["cooling", "local-cooling"],
  ["beam_width", "local-beam-width"],
  ["stochastic", "local-stochastic"],
  ["max_steps", "local-max-steps"],
];

function isLocal(name) {
  const a = algInfo(name);
  return !!(a && a.local);
}

// A local search's seed: the one typed, else a fresh one for each run (shown, so a run can be
// repeated).
function localSeed() {
  const typed = $("local-seed").value;
  if (typed !== "") return typed;
  return String(Math.floor(Math.random() * 2 ** 31));
}

function setRunning(on) {
  // Solve stays focusable while a search runs (a disabled button would drop the focus).
  $("solve").setAttribute("aria-disabled", String(on));
  $("solve").classList.toggle("busy", on);
  $("stop").disabled = !on;
}

async function solve() {
  if (S.controller) return;
  if (!S.valid) {
    $("result-msg").className = "bad";
    $("result-msg").textContent = "Fix the start board first: " + $("start-error").textContent;
    return;
  }
  if (!S.solvable && /unsolvable/.test($("check").textContent)) {
    // Known before any search: say why rather than ask the server.
    $("result-msg").className = "bad";
    $("result-msg").textContent = $("check").textContent.replace(/^✗ /, "");
    return;
  }
  S.seed = isLocal($("algorithm").value) ? localSeed() : null;
  const body = solveBody();
  body.stream = true;
  updateUrl();
  const msg = $("result-msg");
  msg.className = "";
  msg.textContent = "searching…";
  $("result-hint").textContent = "";
  $("live-frontier").previousElementSibling.textContent = "frontier";
  $("live-depth").previousElementSibling.textContent = "depth";
  setRunning(true);
  S.controller = { stop: () => engine.stop("solve") };
  const key = settingsKey();
  try {
    const answer = await engine.stream("/api/solve", body, (ev) => {
      if (ev.type === "progress") {
        showTables(ev.tables);
        msg.textContent = ev.tables ? "preparing tables…" : "searching…";
        if (!ev.tables) setLive(ev, ev.time_ms);
      } else if (ev.type === "result") {
        showTables(null);
        S.resultKey = key;
        showResult(ev);
      } else if (ev.type === "error") {
        showTables(null);
        msg.className = "bad";
        msg.textContent = ev.error;
      }
    });
    if (!answer.ok) {
      showTables(null);
      msg.className = "bad";
      msg.textContent = answer.data.error;
    }
  } catch (e) {
    showTables(null);
    msg.className = "bad";
    msg.textContent = e.name === "AbortError" ? "stopped: the search was cancelled" : `failed: ${e.message}`;
  } finally {
    S.controller = null;
    setRunning(false);
    markStale();
  }
}

function showResult(r) {
  delete r.type;
  S.result = r;
  $("live-frontier").previousElementSibling.textContent = "max frontier";
  $("live-depth").previousElementSibling.textContent = "max depth";
  setLive(r.stats, r.stats.time_ms);
  const msg = $("result-msg");
  msg.className = r.status === "solved" ? "ok" : "bad";
  let text = `${r.algorithm}${r.heuristic !== "zero" ? " + " + r.heuristic : ""}: ${r.message}`;
  if (r.status === "solved") text += r.optimal ? " (optimal)" : " (not guaranteed optimal)";
  msg.textContent = text;
  $("result-hint").textContent = r.hint ? `Hint: ${r.hint}.` : "";
  $("move-count").textContent = r.cost === null ? "–" : fmt(r.cost);
  S.moves = r.moves || "";
  // Boards stay as rows until shown: a long answer has tens of thousands.
  S.path = r.path || [];
  $("download-txt").disabled = r.status !== "solved";
  $("download-json").disabled = false;
  stopPlay();
  S.playIdx = 0;
  layoutMoves();
  showStep(0);
  if (isLocal(r.algorithm)) {
    // A local search: its own view, replayed from the start.
    $("tab-local").hidden = false;
    S.local.load(r);
    if (r.seed !== undefined) $("result-hint").textContent = `Seed ${r.seed}: the same seed repeats this run.`;
    S.tree.clear("A local search keeps no search tree: the Local search tab replays its steps.");
    showTab("local");
    S.local.togglePlay();
  } else if (r.tree) {
    // After a solve, go to the tree and replay the search from its start.
    S.tree.load(r.tree, r.trace || null, r, 0);
    showTab("tree");
    S.tree.togglePlay();
    if (S.openAtStep !== undefined && S.openAtStep !== null) {
      S.tree.stop();
      S.tree.setStep(S.openAtStep);
      S.openAtStep = null;
    }
    const tabs = document.querySelector(".tabs");
    if (tabs.getBoundingClientRect().top < 0 || tabs.getBoundingClientRect().top > window.innerHeight - 200) {
      tabs.scrollIntoView({ block: "start" });
      window.scrollBy(0, -$("actionbar").offsetHeight - 4);
    }
  } else {
    S.tree.clear("Tick \u201crecord the search tree\u201d and solve again to see the tree.");
    S.tree.preview(r.algorithm);
  }
}

function stop() {
  if (S.controller) S.controller.stop();
}

// ---------- playback ----------

// The move list is virtual past MOVES_DRAWN_IN_FULL moves: only the rows in view are drawn.
function layoutMoves() {
  const list = $("move-list");
  const n = S.moves.length;
  list.replaceChildren();
  list.dataset.count = n;
  if (n <= MOVES_DRAWN_IN_FULL) {
    list.classList.remove("virtual");
    list.style.height = "";
    list.style.paddingTop = "";
    const frag = document.createDocumentFragment();
    for (let i = 0; i < n; i++) frag.appendChild(moveItem(i));
    list.appendChild(frag);
    return;
  }
  list.classList.add("virtual");
  drawMoveWindow();
}

function moveItem(i) {
  const li = document.createElement("li");
  li.textContent = S.moves[i];
  li.dataset.step = i + 1;
  li.title = `move ${fmt(i + 1)}`;
  if (i + 1 === S.playIdx) li.classList.add("current");
  return li;
}

function moveColumns() {
  return Math.max(1, Math.floor(($("move-scroller").clientWidth - 8) / MOVE_W));
}

function drawMoveWindow() {
  const list = $("move-list");
  if (!list.classList.contains("virtual")) return;
  const sc = $("move-scroller");
  const cols = moveColumns();
  const rows = Math.ceil(S.moves.length / cols);
  const first = Math.max(0, Math.floor(sc.scrollTop / MOVE_H) - 4);
  const last = Math.min(rows, Math.ceil((sc.scrollTop + sc.clientHeight) / MOVE_H) + 4);
  list.style.gridTemplateColumns = `repeat(${cols}, ${MOVE_W - 4}px)`;
  list.style.height = `${rows * MOVE_H}px`;
  list.style.paddingTop = `${first * MOVE_H}px`;
  const frag = document.createDocumentFragment();
  for (let i = first * cols; i < Math.min(S.moves.length, last * cols); i++) frag.appendChild(moveItem(i));
  list.replaceChildren(frag);
}

function showStep(i) {
  if (!S.path.length) {
    $("play-board").replaceChildren();
    $("play-pos").textContent = "";
    return;
  }
  i = Math.max(0, Math.min(S.path.length - 1, i));
  S.playIdx = i;
  const prev = i > 0 ? S.path[i - 1].flat().indexOf(0) : undefined;
  renderBoard($("play-board"), S.path[i].flat(), S.w, S.h, { moved: prev });
  $("play-pos").textContent = `· step ${fmt(i)} of ${fmt(S.path.length - 1)}`;
  const list = $("move-list");
  if (list.classList.contains("virtual")) {
    const sc = $("move-scroller");
    const row = Math.floor(Math.max(0, i - 1) / moveColumns());
    if (row * MOVE_H < sc.scrollTop || row * MOVE_H > sc.scrollTop + sc.clientHeight - MOVE_H) sc.scrollTop = row * MOVE_H - sc.clientHeight / 2;
    drawMoveWindow();
  } else {
    for (const li of list.querySelectorAll("li.current")) li.classList.remove("current");
    const li = list.children[i - 1];
    if (li) li.classList.add("current");
  }
}

function togglePlay() {
  if (S.playTimer) {
    stopPlay();
    return;
  }
  if (S.playIdx >= S.path.length - 1) showStep(0);
  $("play-toggle").textContent = "■ pause";
  const tick = () => {
    if (S.playIdx >= S.path.length - 1) {
      stopPlay();
      return;
    }
    showStep(S.playIdx + 1);
    S.playTimer = setTimeout(tick, 1000 / Number($("play-speed").value));
  };
  S.playTimer = setTimeout(tick, 1000 / Number($("play-speed").value));
}

function stopPlay() {
  clearTimeout(S.playTimer);
  S.playTimer = null;
  $("play-toggle").textContent = "▶ play";
}

function download(name, type, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function solutionText(r) {
  const grid = (rows) => rows.map((row) => row.map((t) => (t === 0 ? "." : String(t)).padStart(3)).join("")).join("\n");
  const lines = [
    `npuzzle solution`,
    `start:     ${boardText(r.start.flat(), S.w)}`,
    `goal:      ${boardText(r.goal.flat(), S.w)}`,
    `algorithm: ${r.algorithm}`,
    `heuristic: ${r.heuristic}`,
    `status:    ${r.message}`,
    `moves:     ${r.moves} (${r.cost} moves; letters are the blank's moves)`,
    `stats:     expanded ${r.stats.expanded}, generated ${r.stats.generated}, max frontier ${r.stats.max_frontier}, max depth ${r.stats.max_depth}, ${r.stats.time_ms} ms`,
    "",
  ];
  r.path.forEach((b, i) => {
    lines.push(i === 0 ? "step 0 (start)" : `step ${i}: ${r.moves[i - 1]}`);
    lines.push(grid(b), "");
  });
  return lines.join("\n");
}

// ---------- keyboard shortcuts ----------

// Space plays or pauses, ← and → step, Home and End jump, N goes to the next expansion: in the
// solution playback or the tree replay, whichever tab is open.
function onShortcut(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t.closest && (t.closest("input, textarea, select, [contenteditable], #board, #tree-svg, #frontier-list, #compare-table"))) return;
  if (t.tagName === "BUTTON" && (ev.key === " " || ev.key === "Enter")) return;
  const tree = !$("panel-tree").hidden;
  const sol = !$("panel-solution").hidden;
  if (!tree && !sol) return;
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  const actions = tree
    ? { " ": () => S.tree.togglePlay(), k: () => S.tree.togglePlay(), ArrowRight: () => S.tree.setStep(S.tree.k + 1), l: () => S.tree.setStep(S.tree.k + 1),
      ArrowLeft: () => S.tree.setStep(S.tree.k - 1), j: () => S.tree.setStep(S.tree.k - 1), n: () => S.tree.nextExpansion(), Home: () => S.tree.setStep(0),
      End: () => S.tree.setStep(S.tree.steps.length) }
    : { " ": togglePlay, k: togglePlay, ArrowRight: () => showStep(S.playIdx + 1), l: () => showStep(S.playIdx + 1), ArrowLeft: () => showStep(S.playIdx - 1),
      j: () => showStep(S.playIdx - 1), Home: () => showStep(0), End: () => showStep(S.path.length - 1) };
  const f = actions[key];
  if (!f) return;
  ev.preventDefault();
  f();
}

// ---------- the teacher's kit: worksheet, replay video, link to a step ----------

// A link that reproduces this run and opens its search tree at the event shown now.
function stepLink() {
  const url = new URL(updateUrl(true));
  url.searchParams.set("step", String(S.tree.k));
  history.replaceState(null, "", url.pathname + url.search);
  return url.href;
}

function wireTeachersKit() {
  const msg = $("kit-msg");
  const noTree = () => {
    msg.className = "bad";
    msg.textContent = "Solve with \u201crecord the search tree\u201d ticked first.";
  };
  $("tree-worksheet").addEventListener("click", () => {
    if (!S.tree.tree) return noTree();
    msg.textContent = "";
    if ($("tree-worksheet").getAttribute("aria-pressed") === "true") S.tree.closeWorksheet();
    else S.tree.openWorksheet();
  });
  $("worksheet-close").addEventListener("click", () => S.tree.closeWorksheet());
  $("worksheet-print").addEventListener("click", () => S.tree.printWorksheet());
  $("tree-step-link").addEventListener("click", async () => {
    if (!S.tree.tree) return noTree();
    const url = stepLink();
    msg.className = "";
    try {
      await navigator.clipboard.writeText(url);
      msg.textContent = `Link copied: it opens this search at event ${S.tree.k}.`;
    } catch (e) {
      msg.textContent = `Link to event ${S.tree.k}: ${url}`;
    }
    msg.dataset.url = url;
  });
  $("tree-export-webm").addEventListener("click", async () => {
    if (!S.tree.tree) return noTree();
    const b = $("tree-export-webm");
    b.disabled = true;
    msg.className = "";
    try {
      const r = await S.tree.exportWebm(2, (i, n) => (msg.textContent = `recording frame ${i} of ${n}…`));
      msg.textContent = `Recorded ${r.frames} frames (${fmt(r.bytes)} bytes)${r.capped ? ", capped: the replay was longer" : ""}.`;
      msg.dataset.frames = String(r.frames);
    } catch (e) {
      msg.className = "bad";
      msg.textContent = `No video: ${e.message}`;
    } finally {
      b.disabled = false;
    }
  });
}

// ---------- compare ----------

const DEFAULT_PAIRS = [
  ["bfs", "zero"],
  ["astar", "misplaced"],
  ["astar", "manhattan"],
  ["astar", "linear-conflict"],
  ["idastar", "manhattan"],
  ["greedy", "manhattan"],
];

function compareKey() {
  return JSON.stringify([boardText(S.start, S.w), goalSpec(), $("order").value, $("limit-nodes").value, $("limit-time").value]);
}

function addPair(alg, h, extra = {}) {
  if ($("compare-pairs").children.length >= ((S.options && S.options.limits.max_compare) || 8)) return;
  const row = document.createElement("div");
  row.className = "pair";
  const algSel = document.createElement("select");
  algSel.className = "pair-alg";
  algSel.setAttribute("aria-label", "algorithm");
  for (const a of S.options.algorithms) algSel.add(new Option(a.name, a.name));
  algSel.value = alg;
  const hSel = document.createElement("select");
  hSel.className = "pair-h";
  hSel.setAttribute("aria-label", "heuristic");
  for (const x of S.options.heuristics) hSel.add(new Option(x, x));
  hSel.value = h;
  const weight = document.createElement("input");
  weight.type = "number";
  weight.min = "1";
  weight.step = "0.5";
  weight.placeholder = "W 1";
  weight.className = "pair-weight";
  weight.setAttribute("aria-label", "weight");
  if (extra.weight) weight.value = extra.weight;
  const depth = document.createElement("input");
  depth.type = "number";
  depth.min = "0";
  depth.placeholder = "max depth";
  depth.className = "pair-depth";
  depth.setAttribute("aria-label", "max depth");
  if (extra.max_depth !== undefined) depth.value = extra.max_depth;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "pair-remove";
  remove.textContent = "×";
  remove.setAttribute("aria-label", "remove this pair");
  const sync = () => {
    hSel.disabled = !usesHeuristic(algSel.value);
    weight.hidden = !takes(algSel.value, "weight");
    depth.hidden = !takes(algSel.value, "max_depth");
    markStale();
  };
  algSel.addEventListener("change", sync);
  remove.addEventListener("click", () => {
    row.remove();
    $("compare-add").disabled = false;
  });
  row.append(algSel, hSel, weight, depth, remove);
  $("compare-pairs").appendChild(row);
  sync();
  $("compare-add").disabled = $("compare-pairs").children.length >= ((S.options && S.options.limits.max_compare) || 8);
}

function pairRuns() {
  return [...$("compare-pairs").querySelectorAll(".pair")].map((row) => {
    const alg = row.querySelector(".pair-alg").value;
    const run = { algorithm: alg, heuristic: usesHeuristic(alg) ? row.querySelector(".pair-h").value : "zero" };
    const w = Number(row.querySelector(".pair-weight").value);
    if (takes(alg, "weight") && w && w !== 1) run.weight = w;
    const d = row.querySelector(".pair-depth").value;
    if (takes(alg, "max_depth") && d !== "") run.max_depth = Number(d);
    return run;
  });
}

async function runCompare() {
  if (S.compareController) return;
  const runs = pairRuns();
  const msg = $("compare-msg");
  if (!runs.length) {
    msg.textContent = "Add at least one pair.";
    return;
  }
  const body = { start: boardText(S.start, S.w), goal: goalSpec(), order: $("order").value.trim() || "UDLR", runs, limits: {}, stream: true };
  if ($("limit-nodes").value) body.limits.nodes = Number($("limit-nodes").value);
  if ($("limit-time").value) body.limits.time_ms = Number($("limit-time").value);
  msg.className = "";
  msg.textContent = `starting ${runs.length} searches…`;
  S.compare = new Array(runs.length).fill(null);
  S.compareRuns = runs;
  S.compareKey = compareKey();
  showCompare();
  $("compare-run").setAttribute("aria-disabled", "true");
  $("compare-cancel").disabled = false;
  S.compareController = { stop: () => engine.stop("compare") };
  cancelAnimationFrame(S.raceFrame);
  try {
    const answer = await engine.stream("/api/compare", body, (ev) => {
      if (ev.type === "progress") {
        const r = runs[ev.run];
        const tables = ev.tables ? ` · building tables ${Math.round((100 * (ev.tables.filled || 0)) / Math.max(1, ev.tables.entries))}%` : "";
        msg.textContent = `running ${ev.run + 1} of ${runs.length}: ${runName(r)} · ${fmt(ev.expanded)} expanded · ${fmtMs(ev.time_ms)} so far${tables}`;
      } else if (ev.type === "row") {
        S.compare[ev.index] = ev.result;
        showCompare();
      } else if (ev.type === "error") {
        msg.className = "bad";
        msg.textContent = ev.error;
      } else if (ev.type === "done") {
        msg.textContent = `${runs.length} searches done.`;
      }
    });
    if (!answer.ok) {
      msg.className = "bad";
      msg.textContent = answer.data.error;
    }
  } catch (e) {
    msg.className = "bad";
    msg.textContent = e.name === "AbortError" ? `cancelled after ${S.compare.filter(Boolean).length} of ${runs.length} searches` : `failed: ${e.message}`;
  } finally {
    S.compareController = null;
    $("compare-run").setAttribute("aria-disabled", "false");
    $("compare-cancel").disabled = true;
    showCompare();
    markStale();
  }
}

function runName(r) {
  const extra = r.weight && r.weight !== 1 ? ` (W ${r.weight})` : r.max_depth !== undefined && r.max_depth !== null && r.algorithm === "dfs" ? ` (depth ≤ ${r.max_depth})` : "";
  return (r.heuristic === "zero" ? r.algorithm : `${r.algorithm} + ${r.heuristic}`) + extra;
}

// The cost a proven-optimal run found, if any: the yardstick for the other costs.
function optimumCost() {
  const c = (S.compare || []).filter((r) => r && r.status === "solved" && r.optimal).map((r) => r.cost);
  return c.length ? Math.min(...c) : null;
}

function statusText(r) {
  if (r.status === "limit") return `did not finish (${r.limit})`;
  if (r.status === "not_found") return "no solution within the depth bound";
  return r.status;
}

function costText(r, opt) {
  if (r.cost === null || r.cost === undefined) return "–";
  if (opt !== null && r.cost > opt) return `${fmt(r.cost)} ⚠ not optimal (+${fmt(r.cost - opt)})`;
  if (!r.optimal && opt === null) return `${fmt(r.cost)} (not proven optimal)`;
  return fmt(r.cost);
}

function showCompare() {
  const rs = S.compare || [];
  const opt = optimumCost();
  const tbody = $("compare-table").querySelector("tbody");
  tbody.replaceChildren();
  rs.forEach((r, i) => {
    const tr = document.createElement("tr");
    tr.dataset.index = i;
    if (!r) {
      tr.className = "pending";
      const td = document.createElement("td");
      td.colSpan = 9;
      td.textContent = `${runName(S.compareRuns[i])}: ${S.compareController ? "waiting…" : "not run"}`;
      tr.appendChild(td);
      tbody.appendChild(tr);
      return;
    }
    tr.tabIndex = 0;
    tr.title = "open this run's search tree";
    tr.classList.add(r.status === "solved" ? "finished" : "dnf");
    const timing = r.timing && r.timing.samples > 1 ? ` (median of ${r.timing.samples})` : "";
    const cells = [r.algorithm + (r.weight && r.weight !== 1 ? ` W ${r.weight}` : ""), r.heuristic, statusText(r), costText(r, opt),
      fmt(r.stats.expanded), fmt(r.stats.generated), fmt(r.stats.max_depth), fmt(r.stats.max_frontier), fmtMs(r.stats.time_ms) + timing];
    cells.forEach((c, k) => {
      const td = document.createElement("td");
      td.textContent = c;
      if (k === 3 && opt !== null && r.cost > opt) td.className = "flag";
      tr.appendChild(td);
    });
    tbody.appendChild(tr);
  });
  $("compare-table").hidden = !rs.length;
  const done = rs.filter(Boolean);
  $("compare-chart-controls").hidden = !done.length;
  $("race-box").hidden = !done.length;
  drawChart();
  setupRace();
}

// Opens run i in the solver with its tree recorded.
function openRun(i) {
  const r = S.compareRuns[i];
  if (!r) return;
  $("algorithm").value = r.algorithm;
  if (r.heuristic !== "zero") $("heuristic").value = r.heuristic;
  $("weight").value = r.weight || 1;
  $("max-depth").value = r.max_depth !== undefined ? r.max_depth : "";
  $("record-tree").checked = true;
  syncHeuristic();
  updateUrl();
  solve();
}

function drawChart() {
  const rs = (S.compare || []).filter(Boolean);
  const metric = $("compare-metric").value;
  const log = $("compare-log").checked;
  const svg = $("compare-chart");
  svg.replaceChildren();
  const W = Math.max(300, svg.clientWidth || 600), rowH = 24, labelW = Math.min(190, W * 0.4), valueW = 90;
  const H = rs.length * rowH + 10;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("height", H);
  const val = (r) => (metric === "cost" ? r.cost || 0 : r.stats[metric] || 0);
  const scale = (v) => (log ? Math.log10(v + 1) : v);
  const max = Math.max(1e-9, ...rs.map((r) => scale(val(r))));
  rs.forEach((r, i) => {
    const y = 5 + i * rowH;
    const label = document.createElementNS(SVG_NS, "text");
    label.setAttribute("x", 0);
    label.setAttribute("y", y + 15);
    label.textContent = runName(r);
    const bar = document.createElementNS(SVG_NS, "rect");
    bar.setAttribute("class", r.status === "solved" ? "bar" : "bar dnf");
    bar.setAttribute("x", labelW);
    bar.setAttribute("y", y + 3);
    bar.setAttribute("height", rowH - 8);
    bar.setAttribute("width", Math.max(1, ((W - labelW - valueW) * scale(val(r))) / max));
    const value = document.createElementNS(SVG_NS, "text");
    value.setAttribute("x", labelW + Number(bar.getAttribute("width")) + 5);
    value.setAttribute("y", y + 15);
    value.textContent = (metric === "time_ms" ? fmtMs(val(r)) : fmt(val(r))) + (r.status === "solved" ? "" : " (did not finish)");
    svg.append(label, bar, value);
  });
}

function setupRace() {
  cancelAnimationFrame(S.raceFrame);
  const race = $("race");
  race.replaceChildren();
  for (const r of (S.compare || []).filter(Boolean)) {
    const lane = document.createElement("div");
    lane.className = "lane";
    lane.innerHTML = `<span class="name"></span><div class="track"><div class="fill"></div></div><span class="count"></span>`;
    lane.querySelector(".name").textContent = runName(r);
    lane.dataset.expanded = r.stats.expanded;
    race.appendChild(lane);
  }
  drawRace(1);
}

// t in [0, 1]: every lane has made t × (most expansions) expansions, or stopped. All lanes share
// one scale, so a lane's full length is proportional to its expansions.
function drawRace(t) {
  const rs = (S.compare || []).filter(Boolean);
  const max = Math.max(1, ...rs.map((r) => r.stats.expanded));
  const opt = optimumCost();
  const lanes = $("race").children;
  const ranked = rs.filter((r) => r.status === "solved").map((r) => r.stats.expanded).sort((a, b) => a - b);
  rs.forEach((r, i) => {
    const total = r.stats.expanded;
    const now = Math.min(total, Math.round(t * max));
    const lane = lanes[i];
    const done = now >= total;
    const solved = r.status === "solved";
    lane.classList.toggle("done", done && solved);
    lane.classList.toggle("dnf", done && !solved);
    lane.querySelector(".fill").style.width = `${(100 * now) / max}%`;
    let tail = "";
    if (done && solved) {
      tail = ` · #${ranked.indexOf(total) + 1}`;
      if (opt !== null && r.cost > opt) tail += ` ⚠ ${fmt(r.cost)} moves (optimal ${fmt(opt)})`;
    } else if (done) tail = ` · did not finish (${r.limit || r.status})`;
    lane.querySelector(".count").textContent = `${fmt(now)}${tail}`;
  });
}

function playRace() {
  cancelAnimationFrame(S.raceFrame);
  const t0 = performance.now();
  const duration = 6000;
  const frame = (now) => {
    const t = Math.min(1, (now - t0) / duration);
    drawRace(t);
    if (t < 1) S.raceFrame = requestAnimationFrame(frame);
  };
  S.raceFrame = requestAnimationFrame(frame);
}

// ---------- tabs, health, wiring ----------

function showTab(name) {
  if (name !== "local" && S.local) S.local.stop();
  for (const t of ["solution", "tree", "compare", "local"]) {
    $(`tab-${t}`).setAttribute("aria-selected", String(t === name));
    $(`panel-${t}`).hidden = t !== name;
  }
  if (name === "compare" && S.compare) drawChart();
  if (name === "tree" && S.tree.tree) S.tree.fit(false);
  if (name === "solution") drawMoveWindow();
}

async function health() {
  if (engine.kind === "browser") {
    $("server-status").textContent = "running in this browser (WebAssembly) · no server";
    $("footer").textContent = "npuzzle in your browser: the library compiled to WebAssembly, searching in a Web Worker; nothing is sent to a server.";
    return;
  }
  try {
    const { ok, data } = await api("/api/health");
    $("server-status").textContent = ok ? `server ok · ${data.running} of ${data.max_concurrent} searches running` : "server error";
  } catch (e) {
    $("server-status").textContent = "server unreachable";
  }
}

function wireHints() {
  let hidden = false;
  try {
    hidden = localStorage.getItem("npuzzle.first-steps") === "hidden";
  } catch (e) {
    hidden = false;
  }
  if (hidden || location.search) $("first-steps").hidden = true;
  $("first-steps-close").addEventListener("click", () => {
    $("first-steps").hidden = true;
    try {
      localStorage.setItem("npuzzle.first-steps", "hidden");
    } catch (e) {
      // Storage may be off; the hint just comes back next time.
    }
  });
}

async function main() {
  S.tree = new TreeView({ renderBoard });
  S.local = new LocalView({ renderBoard });
  $("tab-local").addEventListener("click", () => showTab("local"));
  await loadOptions();
  wireHints();
  $("width").addEventListener("change", changeSize);
  $("height").addEventListener("change", changeSize);
  $("reset").addEventListener("click", () => setStart(S.goal, S.w, S.h));
  $("nilsson").addEventListener("click", loadNilsson);
  $("board").addEventListener("click", (ev) => {
    const tile = ev.target.closest(".tile");
    if (tile) slideCell(Number(tile.dataset.cell));
    $("board").focus();
  });
  $("board").addEventListener("keydown", onBoardKey);
  $("start-text").addEventListener("input", readStartText);
  $("scramble").addEventListener("click", scramble);
  $("goal-preset").addEventListener("change", () => {
    showCustomGoal($("goal-preset").value === "custom");
    if ($("goal-preset").value === "custom" && !$("goal-text").value) $("goal-text").value = boardText(S.goal, S.w);
    scheduleCheck();
    updateUrl();
    markStale();
  });
  $("goal-text").addEventListener("input", () => {
    scheduleCheck();
    updateUrl();
    markStale();
  });
  $("goal-from-board").addEventListener("click", () => {
    $("goal-preset").value = "custom";
    showCustomGoal(true);
    $("goal-text").value = boardText(S.start, S.w);
    scheduleCheck();
    updateUrl();
    markStale();
  });
  $("algorithm").addEventListener("change", () => {
    syncHeuristic();
    updateUrl();
    markStale();
  });
  $("heuristic").addEventListener("change", syncHeuristic);
  $("order").addEventListener("input", syncHeuristic);
  for (const id of ["heuristic", "order", "weight", "max-depth", "limit-nodes", "limit-time", "record-tree"]) {
    $(id).addEventListener("change", () => {
      updateUrl();
      markStale();
    });
  }
  $("optimal-choice").addEventListener("click", () => {
    const c = optimalChoice();
    $("algorithm").value = c.algorithm;
    $("heuristic").value = c.heuristic;
    $("record-tree").checked = false;
    syncHeuristic();
    updateUrl();
    markStale();
  });
  $("solve").addEventListener("click", () => {
    if ($("solve").getAttribute("aria-disabled") !== "true") solve();
  });
  $("stop").addEventListener("click", stop);
  $("share").addEventListener("click", async () => {
    const url = updateUrl(true);
    try {
      await navigator.clipboard.writeText(url);
      $("result-msg").textContent = "Link copied: it reproduces this board, goal and settings.";
    } catch (e) {
      window.prompt("Copy this link:", url);
    }
  });
  $("projector").addEventListener("change", () => {
    document.body.classList.toggle("projector", $("projector").checked);
    S.tree.rebuild();
  });
  $("play-first").addEventListener("click", () => showStep(0));
  $("play-back").addEventListener("click", () => showStep(S.playIdx - 1));
  $("play-fwd").addEventListener("click", () => showStep(S.playIdx + 1));
  $("play-last").addEventListener("click", () => showStep(S.path.length - 1));
  $("play-toggle").addEventListener("click", togglePlay);
  $("play-speed").addEventListener("input", () => ($("play-speed-val").textContent = $("play-speed").value));
  $("move-list").addEventListener("click", (ev) => {
    const li = ev.target.closest("li");
    if (li) showStep(Number(li.dataset.step));
  });
  $("move-scroller").addEventListener("scroll", drawMoveWindow, { passive: true });
  window.addEventListener("resize", debounce(drawMoveWindow, 100));
  $("download-txt").addEventListener("click", () => S.result && download("npuzzle-solution.txt", "text/plain", solutionText(S.result)));
  $("download-json").addEventListener("click", () => {
    if (!S.result) return;
    const { tree, trace, ...report } = S.result;
    download("npuzzle-solution.json", "application/json", JSON.stringify(report, null, 2));
  });
  for (const t of ["solution", "tree", "compare"]) $(`tab-${t}`).addEventListener("click", () => showTab(t));
  for (const [a, h] of DEFAULT_PAIRS) addPair(a, h);
  $("compare-add").addEventListener("click", () => addPair("astar", "manhattan"));
  $("compare-run").addEventListener("click", () => {
    if ($("compare-run").getAttribute("aria-disabled") !== "true") runCompare();
  });
  $("compare-cancel").addEventListener("click", () => S.compareController && S.compareController.stop());
  $("compare-table").addEventListener("click", (ev) => {
    const tr = ev.target.closest("tr[data-index]");
    if (tr && S.compare[Number(tr.dataset.index)]) openRun(Number(tr.dataset.index));
  });
  $("compare-table").addEventListener("keydown", (ev) => {
    const tr = ev.target.closest("tr[data-index]");
    if (tr && ev.key === "Enter" && S.compare[Number(tr.dataset.index)]) openRun(Number(tr.dataset.index));
  });
  $("compare-metric").addEventListener("change", drawChart);
  $("compare-log").addEventListener("change", drawChart);
  $("race-play").addEventListener("click", playRace);
  document.addEventListener("keydown", onShortcut);
  wireTeachersKit();
  // The tree is what the page teaches with: it is the tab open from the start.
  showTab("tree");
  await readUrl();
  syncHeuristic();
  syncOptimalChoice();
  engine.on("crash", (c) => {
    const msg = c.lane === "compare" ? $("compare-msg") : $("result-msg");
    msg.className = "bad";
    msg.textContent = `${c.message}. A fresh engine has been started.`;
  });
  engine.on("tables", (t) => {
    if (t.event === "rejected") $("result-hint").textContent = `A stored table (${t.name}) failed its check and will be built again: ${t.reason}.`;
  });
  health();
  setInterval(health, 5000);
  document.body.dataset.ready = "1";
}

main();
