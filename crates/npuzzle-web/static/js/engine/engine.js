// The page's engine: one interface, two implementations.
//
// - "server": the JSON API of `npuzzle serve`, over HTTP (relative URLs, so the page works under
//   any path).
// - "browser": the library compiled to WebAssembly, running in Web Workers (worker.js). A static
//   copy of the page (scripts/build-site) uses it and sends no request to a server.
//
// Both take API paths ("/api/solve", "/api/generate?size=3x3") and answer {ok, status, data}
// exactly as the server does, because the worker calls the same Rust code the server's handlers
// call. Searches run off the main thread: on the server, or in a worker of their own, so the
// board checks that run as the user types are never stuck behind a search. Stopping a search in
// the browser terminates its worker at once; the next search starts a fresh one.
//
// The engine is chosen by <meta name="npuzzle-engine">: the server's page says "server", the
// static site's copy (scripts/build-site) "browser".

import { LineReader } from "./ndjson.js";

/** @typedef {import("../api").ErrorBody} ErrorBody */
/** @typedef {import("../api").Options} Options */
/** @typedef {import("../api").Check} Check */
/** @typedef {import("../api").Generated} Generated */
/** @typedef {import("../api").GoalBoard} GoalBoard */
/** @typedef {import("../api").SolveLine} SolveLine */
/** @typedef {import("../api").CompareLine} CompareLine */
/** @typedef {import("../api").Pictures} Pictures */
/** @typedef {import("../api").Graded} Graded */
/** @typedef {import("../api").Analysed} Analysed */
/** @typedef {import("../api").Audited} Audited */
/** @typedef {import("../api").DepthTable} DepthTable */
/** @typedef {import("../api").Health} Health */

/**
 * An answer: the document, or the error body with its status.
 * @template T
 * @typedef {{ok: true, status: number, data: T} | {ok: false, status: number, data: ErrorBody}} Answer
 */

/**
 * What the workers tell the page besides answers: a stored table loaded, refused or stored;
 * an engine that crashed and was replaced.
 * @typedef {{event: string, name: string, reason?: string, bytes?: number}} TableNews
 * @typedef {{lane: string, message: string}} CrashNews
 */

/** Every endpoint of the API. */
const ENDPOINTS = ["options", "check", "generate", "goal", "solve", "compare", "depth", "svg", "grade", "analyse", "audit", "health"];

/**
 * The endpoint and the query parameters of an API path.
 * @param {string} path
 * @returns {{op: string, params: Record<string, string>}}
 */
function parsePath(path) {
  const [head, query] = path.split("?");
  const op = head.replace(/^\/?api\//, "");
  if (!ENDPOINTS.includes(op)) throw new Error(`no such endpoint: ${head}`);
  return { op, params: Object.fromEntries(new URLSearchParams(query || "")) };
}

function abortError() {
  return new DOMException("the search was stopped", "AbortError");
}

/**
 * The API of `npuzzle serve`, over HTTP.
 */
class HttpEngine {
  constructor() {
    this.kind = "server";
    /** @type {Record<string, AbortController>} */
    this.controllers = {};
  }

  /**
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<Answer<unknown>>}
   */
  async request(path, body) {
    const { op } = parsePath(path);
    /** @type {RequestInit} */
    const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    // A depth experiment can be stopped like a compare, and so can a heuristic's audit.
    const controller = op === "depth" || op === "audit" ? new AbortController() : null;
    if (controller) {
      this.controllers[op] = controller;
      init.signal = controller.signal;
    }
    let res;
    try {
      res = await fetch(path.replace(/^\//, ""), init);
    } finally {
      if (controller && this.controllers[op] === controller) delete this.controllers[op];
    }
    let data;
    try {
      data = await res.json();
    } catch (_e) {
      data = { error: `unreadable answer (HTTP ${res.status})` };
    }
    return { ok: res.ok, status: res.status, data };
  }

  /**
   * A streaming request: `onLine` gets each line; answers the error when the request was refused
   * before streaming, `{ok: true, data: null}` when the stream ended. Throws an AbortError when
   * stopped.
   * @param {string} path
   * @param {unknown} body
   * @param {(line: unknown) => void} onLine
   * @returns {Promise<Answer<null>>}
   */
  async stream(path, body, onLine) {
    const { op } = parsePath(path);
    const controller = new AbortController();
    this.controllers[op] = controller;
    try {
      const res = await fetch(path.replace(/^\//, ""), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!res.ok) {
        const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
        return { ok: false, status: res.status, data };
      }
      if (!res.body) throw new Error("the answer has no body");
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      const lines = new LineReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const line of lines.push(dec.decode(value, { stream: true }))) onLine(line);
      }
      for (const line of lines.end()) onLine(line);
      return { ok: true, status: res.status, data: null };
    } finally {
      if (this.controllers[op] === controller) delete this.controllers[op];
    }
  }

  /** @param {string} op */
  stop(op) {
    this.controllers[op]?.abort();
  }

  /**
   * The server's engine sends no news.
   * @param {string} _event
   * @param {(detail: any) => void} _f
   */
  on(_event, _f) {}
}

/**
 * One worker running the WebAssembly engine, with the requests it has in hand.
 */
class Lane {
  /**
   * @param {WorkerEngine} engine
   * @param {string} name
   */
  constructor(engine, name) {
    this.engine = engine;
    this.name = name;
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {Map<number, {resolve: (a: Answer<unknown>) => void, reject: (e: unknown) => void, onLine?: (line: unknown) => void}>} */
    this.pending = new Map();
    /** @type {string | null} */
    this.panic = null;
  }

  start() {
    const w = new Worker(new URL("js/engine/worker.js", document.baseURI), { type: "module", name: `npuzzle-${this.name}` });
    w.onmessage = (e) => this.message(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      this.crash(`the engine could not start: ${e.message || "the WebAssembly module failed to load"}`);
    };
    this.worker = w;
  }

  /**
   * @param {{type?: string, message?: string, id?: number, line?: string, crash?: string, done?: boolean, answer?: Answer<unknown>} & Record<string, unknown>} m
   */
  message(m) {
    if (m.type === "panic") {
      this.panic = m.message || "";
      return;
    }
    if (m.type === "tables") {
      this.engine.emit("tables", m);
      return;
    }
    const p = m.id === undefined ? undefined : this.pending.get(m.id);
    if (!p || m.id === undefined) return;
    if (m.line !== undefined) {
      p.onLine?.(JSON.parse(m.line));
    } else if (m.crash !== undefined) {
      this.crash(m.crash);
    } else if (m.done && m.answer) {
      this.pending.delete(m.id);
      p.resolve(m.answer);
    }
  }

  /**
   * The engine in this worker failed (a panic, or a trap): every request it had is answered
   * with the reason, the worker is dropped and the next request starts a fresh one.
   * @param {string} reason
   */
  crash(reason) {
    const why = this.panic ? `the engine panicked: ${this.panic}` : `the engine failed: ${reason}`;
    this.panic = null;
    this.worker?.terminate();
    this.worker = null;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.resolve({ ok: false, status: 500, data: { error: `${why}. A fresh engine has been started; try again.` } });
    this.engine.emit("crash", { lane: this.name, message: why });
  }

  /**
   * @param {string} op
   * @param {unknown} payload
   * @param {(line: unknown) => void} [onLine]
   * @returns {Promise<Answer<unknown>>}
   */
  call(op, payload, onLine) {
    if (!this.worker) this.start();
    const worker = /** @type {Worker} */ (this.worker);
    this.engine.nextId += 1;
    const id = this.engine.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onLine });
      worker.postMessage({ id, op, payload });
    });
  }

  /** Ends the worker at once: a search in WebAssembly cannot be interrupted otherwise. */
  stop() {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(abortError());
  }
}

/**
 * The library in WebAssembly, in Web Workers: board checks, goals and scrambles in one; solves
 * in another; compares (and depth experiments) in a third; heuristics' audits in a fourth.
 */
class WorkerEngine {
  constructor() {
    this.kind = "browser";
    this.nextId = 0;
    /** @type {Record<string, ((detail: any) => void)[]>} */
    this.listeners = {};
    this.lanes = {
      quick: new Lane(this, "quick"),
      solve: new Lane(this, "solve"),
      compare: new Lane(this, "compare"),
      audit: new Lane(this, "audit"),
    };
  }

  /**
   * @param {string} event `tables` or `crash`
   * @param {(detail: any) => void} f
   */
  on(event, f) {
    const list = this.listeners[event] || [];
    list.push(f);
    this.listeners[event] = list;
  }

  /**
   * @param {string} event
   * @param {unknown} detail
   */
  emit(event, detail) {
    for (const f of this.listeners[event] || []) f(detail);
  }

  /**
   * @param {string} op
   * @returns {Lane}
   */
  lane(op) {
    const { quick, solve, compare, audit } = this.lanes;
    return /** @type {Record<string, Lane>} */ ({ solve, compare, depth: compare, audit })[op] || quick;
  }

  /**
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<Answer<unknown>>}
   */
  async request(path, body) {
    const { op, params } = parsePath(path);
    if (op === "health") return { ok: true, status: 200, data: { status: "ok", engine: "browser" } };
    return this.lane(op).call(op, body === undefined ? params : body);
  }

  /**
   * @param {string} path
   * @param {unknown} body
   * @param {(line: unknown) => void} onLine
   * @returns {Promise<Answer<null>>}
   */
  async stream(path, body, onLine) {
    const { op } = parsePath(path);
    const answer = await this.lane(op).call(op, body, onLine);
    if (!answer.ok) return answer;
    if (op === "solve" && answer.data !== null) {
      // A solve's answer is its stream's last line.
      onLine({ .../** @type {object} */ (answer.data), type: "result" });
    }
    return { ok: true, status: answer.status, data: null };
  }

  /** @param {string} op */
  stop(op) {
    this.lane(op).stop();
  }

  /**
   * For the page's self-test: makes the engine panic.
   * @returns {Promise<Answer<unknown>>}
   */
  panicForTest() {
    return this.lanes.quick.call("panic", {});
  }
}

/**
 * The engine the page talks to, with one typed method per endpoint.
 */
export class Engine {
  /**
   * @param {HttpEngine | WorkerEngine} impl
   */
  constructor(impl) {
    this.impl = impl;
    /** `server` or `browser`. */
    this.kind = impl.kind;
  }

  /**
   * Any endpoint, by its path; the answer's document is not checked.
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<Answer<unknown>>}
   */
  request(path, body) {
    return this.impl.request(path, body);
  }

  /** @returns {Promise<Answer<Options>>} */
  options() {
    return /** @type {Promise<Answer<Options>>} */ (this.request("/api/options"));
  }

  /**
   * @param {object} body
   * @returns {Promise<Answer<Check>>}
   */
  check(body) {
    return /** @type {Promise<Answer<Check>>} */ (this.request("/api/check", body));
  }

  /**
   * @param {Record<string, string>} params
   * @returns {Promise<Answer<Generated>>}
   */
  generate(params) {
    return /** @type {Promise<Answer<Generated>>} */ (this.request(`/api/generate?${new URLSearchParams(params)}`));
  }

  /**
   * @param {Record<string, string>} params
   * @returns {Promise<Answer<GoalBoard>>}
   */
  goal(params) {
    return /** @type {Promise<Answer<GoalBoard>>} */ (this.request(`/api/goal?${new URLSearchParams(params)}`));
  }

  /**
   * A solve with a stream of progress lines, ending in its result or an error.
   * @param {object} body
   * @param {(line: SolveLine) => void} onLine
   * @returns {Promise<Answer<null>>}
   */
  solve(body, onLine) {
    return this.impl.stream("/api/solve", { ...body, stream: true }, (line) => onLine(/** @type {SolveLine} */ (line)));
  }

  /**
   * A compare with a stream of lines.
   * @param {object} body
   * @param {(line: CompareLine) => void} onLine
   * @returns {Promise<Answer<null>>}
   */
  compare(body, onLine) {
    return this.impl.stream("/api/compare", { ...body, stream: true }, (line) => onLine(/** @type {CompareLine} */ (line)));
  }

  /**
   * The textbook's experiment: nodes generated and b* by solution depth.
   * @param {object} body
   * @returns {Promise<Answer<DepthTable>>}
   */
  depth(body) {
    return /** @type {Promise<Answer<DepthTable>>} */ (this.request("/api/depth", body));
  }

  /**
   * The library's pictures of a solve's tree after the events `at`.
   * @param {object} body
   * @returns {Promise<Answer<Pictures>>}
   */
  svg(body) {
    return /** @type {Promise<Answer<Pictures>>} */ (this.request("/api/svg", body));
  }

  /**
   * A student's work graded by the library's check: the first difference and a diagnosis.
   * @param {object} body
   * @returns {Promise<Answer<Graded>>}
   */
  grade(body) {
    return /** @type {Promise<Answer<Graded>>} */ (this.request("/api/grade", body));
  }

  /**
   * A fan's solution analysed by the library: both metrics, the optimum in both, the detours.
   * @param {object} body
   * @returns {Promise<Answer<Analysed>>}
   */
  analyse(body) {
    return /** @type {Promise<Answer<Analysed>>} */ (this.request("/api/analyse", body));
  }

  /**
   * A heuristic audited over every board of its size (up to 10 cells), drawn, and predicted.
   * @param {object} body
   * @returns {Promise<Answer<Audited>>}
   */
  audit(body) {
    return /** @type {Promise<Answer<Audited>>} */ (this.request("/api/audit", body));
  }

  /** @returns {Promise<Answer<Health>>} */
  health() {
    return /** @type {Promise<Answer<Health>>} */ (this.request("/api/health"));
  }

  /**
   * Stops the running solve, compare, depth experiment or audit (`solve`, `compare`, `depth`, `audit`).
   * @param {string} op
   */
  stop(op) {
    this.impl.stop(op);
  }

  /**
   * News from the engine: `tables` (a stored table loaded, refused or stored) and `crash`.
   * @param {"tables" | "crash"} event
   * @param {(detail: any) => void} f
   */
  on(event, f) {
    this.impl.on(event, f);
  }

  /**
   * For the page's self-test (the browser engine only): makes the engine panic.
   * @returns {Promise<Answer<unknown>>}
   */
  panicForTest() {
    if (!(this.impl instanceof WorkerEngine)) return Promise.reject(new Error("only the browser's engine can be made to panic"));
    return this.impl.panicForTest();
  }
}

/**
 * The engine the page's <meta name="npuzzle-engine"> names.
 * @param {Document} doc
 * @returns {Engine}
 */
export function createEngine(doc) {
  const meta = doc.querySelector('meta[name="npuzzle-engine"]');
  return new Engine(meta instanceof HTMLMetaElement && meta.content === "browser" ? new WorkerEngine() : new HttpEngine());
}
