"use strict";
// The npuzzle page: board editor, search runs with live statistics, solution playback, the
// search-tree view (tree.js), compare mode, and links that carry the whole setup.

const $ = (id) => document.getElementById(id);

const S = {
  w: 3,
  h: 3,
  start: [1, 2, 3, 4, 5, 6, 7, 8, 0],
  goal: [1, 2, 3, 4, 5, 6, 7, 8, 0],
  solvable: true,
  options: null,
  result: null,
  path: [],
  playIdx: 0,
  playTimer: null,
  controller: null,
  compare: null,
  raceFrame: null,
};

function fmt(n) {
  return n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US");
}

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: `unreadable answer (HTTP ${res.status})` };
  }
  return { ok: res.ok, status: res.status, data };
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
  el.replaceChildren();
  const blank = tiles.indexOf(0);
  tiles.forEach((t, i) => {
    const d = document.createElement(opts.interactive ? "button" : "div");
    d.className = "tile" + (t === 0 ? " blank" : "");
    if (opts.interactive) {
      d.type = "button";
      d.tabIndex = -1;
      if (t !== 0 && adjacent(i, blank, w)) d.classList.add("movable");
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
  scheduleCheck();
  updateUrl();
}

const scheduleCheck = debounce(checkPair, 120);

async function checkPair() {
  const body = { start: boardText(S.start, S.w), goal: goalSpec() };
  const { ok, data } = await api("/api/check", body);
  const el = $("check");
  if (!ok) {
    el.className = "bad";
    el.textContent = data.error;
    S.solvable = false;
    return;
  }
  S.goal = data.goal.flat();
  renderBoard($("goal-board"), S.goal, S.w, S.h);
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
}

const readStartText = debounce(async () => {
  const text = $("start-text").value;
  if (!text.trim()) return;
  const { ok, data } = await api("/api/check", { start: text, goal: goalSpec() });
  if (!ok) {
    $("start-error").textContent = data.error;
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
  if (from >= 0) slideCell(from);
}

async function changeSize() {
  const w = Number($("width").value), h = Number($("height").value);
  const preset = $("goal-preset").value;
  if (preset === "custom") {
    $("goal-preset").value = "blank-last";
    $("goal-text").hidden = true;
  }
  setStart(await presetGoal($("goal-preset").value, w, h), w, h);
}

async function scramble() {
  const params = new URLSearchParams({ size: `${S.w}x${S.h}`, depth: $("scramble-depth").value || "0", goal: goalSpec() });
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
}

// ---------- options ----------

async function loadOptions() {
  const { ok, data } = await api("/api/options");
  if (!ok) return;
  S.options = data;
  const algSel = $("algorithm");
  const addAlg = $("compare-add-alg");
  for (const a of data.algorithms) {
    const label = `${a.name}${a.optimal ? "" : " (not optimal)"}`;
    algSel.add(new Option(label, a.name));
    addAlg.add(new Option(a.name, a.name));
  }
  for (const h of data.heuristics) {
    $("heuristic").add(new Option(h, h));
    $("compare-add-h").add(new Option(h, h));
  }
  algSel.value = "astar";
  $("heuristic").value = "manhattan";
  $("limit-time").placeholder = `${data.limits.time_ms} (cap)`;
  $("limit-nodes").placeholder = `${fmt(data.limits.nodes)} (cap)`;
  for (let s = data.limits.min_side; s <= data.limits.max_side; s++) {
    $("width").add(new Option(s, s));
    $("height").add(new Option(s, s));
  }
}

function usesHeuristic(name) {
  const a = S.options && S.options.algorithms.find((x) => x.name === name);
  return a ? a.uses_heuristic : true;
}

function syncHeuristic() {
  const uses = usesHeuristic($("algorithm").value);
  $("heuristic").disabled = !uses;
  $("weight").disabled = $("algorithm").value !== "astar";
  // reduce walks one path: there is no search tree to record.
  $("record-tree").disabled = $("algorithm").value === "reduce";
}

// Boards beyond the classic searches' sizes are offered reduce only; the page says so.
function syncSize() {
  if (!S.options) return;
  const max = S.options.limits.classic_max_cells;
  const big = S.w * S.h > max;
  for (const o of $("algorithm").options) o.disabled = big && o.value !== "reduce";
  if (big) $("algorithm").value = "reduce";
  $("size-note").textContent = big
    ? `Boards over ${max} cells are solved by reduce (row-and-column reduction: fast, not optimal); the other algorithms and the search tree stay at ${max} cells and below.`
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
  if ($("limit-nodes").value) p.set("nodes", $("limit-nodes").value);
  if ($("limit-time").value) p.set("time_ms", $("limit-time").value);
  p.set("tree", $("record-tree").checked ? "1" : "0");
  if (run) p.set("run", "1");
  const url = `${location.pathname}?${p}`;
  history.replaceState(null, "", url);
  return location.origin + url;
}

async function readUrl() {
  const p = new URLSearchParams(location.search);
  const set = (key, id) => {
    if (p.has(key)) $(id).value = p.get(key);
  };
  set("algorithm", "algorithm");
  set("heuristic", "heuristic");
  set("order", "order");
  set("weight", "weight");
  set("nodes", "limit-nodes");
  set("time_ms", "limit-time");
  if (p.has("tree")) $("record-tree").checked = p.get("tree") !== "0";
  const goal = p.get("goal");
  if (goal) {
    if (["blank-last", "blank-first", "snail"].includes(goal)) $("goal-preset").value = goal;
    else {
      $("goal-preset").value = "custom";
      $("goal-text").hidden = false;
      $("goal-text").value = goal;
    }
  }
  syncHeuristic();
  if (p.has("start")) {
    const body = { start: p.get("start"), goal: goalSpec() };
    if (p.has("size") && !p.get("start").includes("/")) body.size = p.get("size");
    const { ok, data } = await api("/api/check", body);
    if (ok) setStart(data.start.flat(), data.width, data.height);
    else {
      $("start-text").value = p.get("start");
      $("start-error").textContent = data.error;
    }
  } else {
    setStart(await presetGoal($("goal-preset").value, 3, 3), 3, 3);
  }
  if (p.get("run") === "1") solve();
}

// ---------- solving ----------

function setLive(s, timeMs) {
  $("live-expanded").textContent = fmt(s.expanded);
  $("live-generated").textContent = fmt(s.generated);
  $("live-frontier").textContent = fmt(s.frontier !== undefined ? s.frontier : s.max_frontier);
  $("live-depth").textContent = fmt(s.depth !== undefined ? s.depth : s.max_depth);
  $("live-time").textContent = `${Number(timeMs).toFixed(timeMs < 10 ? 2 : 0)} ms`;
}

function solveBody() {
  const body = {
    start: boardText(S.start, S.w),
    goal: goalSpec(),
    algorithm: $("algorithm").value,
    heuristic: $("heuristic").value,
    order: $("order").value.trim() || "UDLR",
    limits: {},
  };
  const w = Number($("weight").value);
  if ($("algorithm").value === "astar" && w && w !== 1) body.weight = w;
  if ($("limit-nodes").value) body.limits.nodes = Number($("limit-nodes").value);
  if ($("limit-time").value) body.limits.time_ms = Number($("limit-time").value);
  if ($("record-tree").checked && !$("record-tree").disabled) {
    body.tree = true;
    body.trace = true;
  }
  return body;
}

async function solve() {
  if (S.controller) return;
  const body = solveBody();
  body.stream = true;
  updateUrl();
  const msg = $("result-msg");
  msg.className = "";
  msg.textContent = "searching…";
  $("live-frontier").previousElementSibling.textContent = "frontier";
  $("live-depth").previousElementSibling.textContent = "depth";
  $("solve").disabled = true;
  $("stop").disabled = false;
  S.controller = new AbortController();
  try {
    const res = await fetch("/api/solve", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: S.controller.signal,
    });
    if (!res.ok) {
      const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
      msg.className = "bad";
      msg.textContent = data.error;
      return;
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (!line.trim()) continue;
        const ev = JSON.parse(line);
        if (ev.type === "progress") setLive(ev, ev.time_ms);
        else if (ev.type === "result") showResult(ev);
        else if (ev.type === "error") {
          msg.className = "bad";
          msg.textContent = ev.error;
        }
      }
    }
  } catch (e) {
    msg.className = "bad";
    msg.textContent = e.name === "AbortError" ? "stopped: the search was cancelled" : `failed: ${e.message}`;
  } finally {
    S.controller = null;
    $("solve").disabled = false;
    $("stop").disabled = true;
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
  $("move-count").textContent = r.cost === null ? "–" : r.cost;
  S.path = r.path.map((b) => b.flat());
  const list = $("move-list");
  list.replaceChildren();
  [...r.moves].forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = m;
    li.dataset.step = i + 1;
    li.title = `move ${i + 1}`;
    list.appendChild(li);
  });
  $("download-txt").disabled = r.status !== "solved";
  $("download-json").disabled = false;
  stopPlay();
  showStep(0);
  if (r.tree) S.tree.load(r.tree, r.trace || null);
  else S.tree.clear("Tick \u201crecord the search tree\u201d and solve again to see the tree.");
}

function stop() {
  if (S.controller) S.controller.abort();
}

// ---------- playback ----------

function showStep(i) {
  if (!S.path.length) {
    $("play-board").replaceChildren();
    $("play-pos").textContent = "";
    return;
  }
  i = Math.max(0, Math.min(S.path.length - 1, i));
  S.playIdx = i;
  const prev = i > 0 ? S.path[i - 1].indexOf(0) : undefined;
  renderBoard($("play-board"), S.path[i], S.w, S.h, { moved: prev });
  $("play-pos").textContent = `· step ${i} of ${S.path.length - 1}`;
  for (const li of $("move-list").children) li.classList.toggle("current", Number(li.dataset.step) === i);
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

// ---------- compare ----------

const DEFAULT_PAIRS = [
  ["bfs", "zero", true],
  ["astar", "misplaced", true],
  ["astar", "manhattan", true],
  ["astar", "linear-conflict", true],
  ["idastar", "manhattan", true],
  ["greedy", "manhattan", true],
  ["iddfs", "zero", false],
  ["rbfs", "manhattan", false],
];

function addPair(alg, h, checked) {
  const label = document.createElement("label");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = checked;
  box.dataset.algorithm = alg;
  box.dataset.heuristic = usesHeuristic(alg) ? h : "zero";
  label.append(box, ` ${alg}${usesHeuristic(alg) ? " + " + h : ""}`);
  $("compare-pairs").appendChild(label);
}

async function runCompare() {
  const runs = [...$("compare-pairs").querySelectorAll("input:checked")].map((b) => ({ algorithm: b.dataset.algorithm, heuristic: b.dataset.heuristic }));
  const msg = $("compare-msg");
  if (!runs.length) {
    msg.textContent = "Tick at least one pair.";
    return;
  }
  const body = { start: boardText(S.start, S.w), goal: goalSpec(), order: $("order").value.trim() || "UDLR", runs, limits: {} };
  if ($("limit-nodes").value) body.limits.nodes = Number($("limit-nodes").value);
  if ($("limit-time").value) body.limits.time_ms = Number($("limit-time").value);
  msg.className = "";
  msg.textContent = `running ${runs.length} searches…`;
  $("compare-run").disabled = true;
  try {
    const { ok, data } = await api("/api/compare", body);
    if (!ok) {
      msg.className = "bad";
      msg.textContent = data.error;
      return;
    }
    S.compare = data.results;
    msg.textContent = "";
    showCompare();
  } finally {
    $("compare-run").disabled = false;
  }
}

function runName(r) {
  return r.heuristic === "zero" ? r.algorithm : `${r.algorithm} + ${r.heuristic}`;
}

function showCompare() {
  const rs = S.compare;
  const tbody = $("compare-table").querySelector("tbody");
  tbody.replaceChildren();
  for (const r of rs) {
    const tr = document.createElement("tr");
    const cells = [r.algorithm, r.heuristic, r.status === "limit" ? `limit (${r.limit})` : r.status, r.cost === null ? "–" : r.cost,
      fmt(r.stats.expanded), fmt(r.stats.generated), fmt(r.stats.max_depth), fmt(r.stats.max_frontier), r.stats.time_ms.toFixed(2)];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.appendChild(td);
    }
    tbody.appendChild(tr);
  }
  $("compare-table").hidden = false;
  $("compare-chart-controls").hidden = false;
  $("race-box").hidden = false;
  drawChart();
  setupRace();
}

function drawChart() {
  const rs = S.compare || [];
  const metric = $("compare-metric").value;
  const log = $("compare-log").checked;
  const svg = $("compare-chart");
  svg.replaceChildren();
  const W = Math.max(420, svg.clientWidth || 600), rowH = 24, labelW = 190, valueW = 90;
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
    bar.setAttribute("class", "bar");
    bar.setAttribute("x", labelW);
    bar.setAttribute("y", y + 3);
    bar.setAttribute("height", rowH - 8);
    bar.setAttribute("width", Math.max(1, ((W - labelW - valueW) * scale(val(r))) / max));
    const value = document.createElementNS(SVG_NS, "text");
    value.setAttribute("x", labelW + Number(bar.getAttribute("width")) + 5);
    value.setAttribute("y", y + 15);
    value.textContent = metric === "time_ms" ? `${val(r).toFixed(2)} ms` : fmt(val(r));
    svg.append(label, bar, value);
  });
}

function setupRace() {
  cancelAnimationFrame(S.raceFrame);
  const race = $("race");
  race.replaceChildren();
  for (const r of S.compare) {
    const lane = document.createElement("div");
    lane.className = "lane";
    lane.innerHTML = `<span></span><div class="track"><div class="fill"></div></div><span class="count"></span>`;
    lane.firstChild.textContent = runName(r);
    race.appendChild(lane);
  }
  drawRace(1);
}

// t in [0, 1]: every lane has made t × (most expansions) expansions, or finished.
function drawRace(t) {
  const rs = S.compare;
  const max = Math.max(1, ...rs.map((r) => r.stats.expanded));
  const lanes = $("race").children;
  const finished = rs.map((r) => r.stats.expanded).sort((a, b) => a - b);
  rs.forEach((r, i) => {
    const total = r.stats.expanded;
    const now = Math.min(total, Math.round(t * max));
    const lane = lanes[i];
    const done = now >= total;
    lane.classList.toggle("done", done);
    lane.querySelector(".fill").style.width = `${total ? (100 * now) / total : 100}%`;
    const place = finished.indexOf(total) + 1;
    lane.querySelector(".count").textContent = `${fmt(now)} / ${fmt(total)}` + (done ? ` · #${place}` : "");
  });
}

function playRace() {
  cancelAnimationFrame(S.raceFrame);
  const t0 = performance.now();
  const duration = 6000;
  const frame = (now) => {
    // The clock eases in (t²), so lanes with few expansions are still seen racing.
    const t = Math.min(1, (now - t0) / duration);
    drawRace(t * t);
    if (t < 1) S.raceFrame = requestAnimationFrame(frame);
  };
  S.raceFrame = requestAnimationFrame(frame);
}

// ---------- tabs, health, wiring ----------

function showTab(name) {
  for (const t of ["solution", "tree", "compare"]) {
    $(`tab-${t}`).setAttribute("aria-selected", String(t === name));
    $(`panel-${t}`).hidden = t !== name;
  }
  if (name === "compare" && S.compare) drawChart();
}

async function health() {
  try {
    const { ok, data } = await api("/api/health");
    $("server-status").textContent = ok ? `server ok · ${data.running} of ${data.max_concurrent} searches running` : "server error";
  } catch (e) {
    $("server-status").textContent = "server unreachable";
  }
}

async function main() {
  S.tree = new TreeView({ renderBoard });
  await loadOptions();
  $("width").addEventListener("change", changeSize);
  $("height").addEventListener("change", changeSize);
  $("reset").addEventListener("click", () => setStart(S.goal, S.w, S.h));
  $("board").addEventListener("click", (ev) => {
    const tile = ev.target.closest(".tile");
    if (tile) slideCell(Number(tile.dataset.cell));
    $("board").focus();
  });
  $("board").addEventListener("keydown", onBoardKey);
  $("start-text").addEventListener("input", readStartText);
  $("scramble").addEventListener("click", scramble);
  $("goal-preset").addEventListener("change", () => {
    $("goal-text").hidden = $("goal-preset").value !== "custom";
    if ($("goal-preset").value === "custom" && !$("goal-text").value) $("goal-text").value = boardText(S.goal, S.w);
    scheduleCheck();
    updateUrl();
  });
  $("goal-text").addEventListener("input", () => {
    scheduleCheck();
    updateUrl();
  });
  $("goal-from-board").addEventListener("click", () => {
    $("goal-preset").value = "custom";
    $("goal-text").hidden = false;
    $("goal-text").value = boardText(S.start, S.w);
    scheduleCheck();
    updateUrl();
  });
  $("algorithm").addEventListener("change", () => {
    syncHeuristic();
    updateUrl();
  });
  for (const id of ["heuristic", "order", "weight", "limit-nodes", "limit-time", "record-tree"]) $(id).addEventListener("change", () => updateUrl());
  $("solve").addEventListener("click", solve);
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
  $("download-txt").addEventListener("click", () => S.result && download("npuzzle-solution.txt", "text/plain", solutionText(S.result)));
  $("download-json").addEventListener("click", () => {
    if (!S.result) return;
    const { tree, trace, ...report } = S.result;
    download("npuzzle-solution.json", "application/json", JSON.stringify(report, null, 2));
  });
  for (const t of ["solution", "tree", "compare"]) $(`tab-${t}`).addEventListener("click", () => showTab(t));
  for (const [a, h, on] of DEFAULT_PAIRS) addPair(a, h, on);
  $("compare-add").addEventListener("click", () => addPair($("compare-add-alg").value, $("compare-add-h").value, true));
  $("compare-run").addEventListener("click", runCompare);
  $("compare-metric").addEventListener("change", drawChart);
  $("compare-log").addEventListener("change", drawChart);
  $("race-play").addEventListener("click", playRace);
  await readUrl();
  health();
  setInterval(health, 5000);
  document.body.dataset.ready = "1";
}

main();
