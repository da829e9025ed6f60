"use strict";
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

(function () {
  const ENDPOINTS = ["options", "check", "generate", "goal", "solve", "compare", "health"];

  function parsePath(path) {
    const [head, query] = path.split("?");
    const op = head.replace(/^\/?api\//, "");
    if (!ENDPOINTS.includes(op)) throw new Error(`no such endpoint: ${head}`);
    const params = Object.fromEntries(new URLSearchParams(query || ""));
    return { op, params };
  }

  function abortError() {
    return new DOMException("the search was stopped", "AbortError");
  }

  // Reads a newline-delimited JSON answer, calling `on` for each line.
  async function readLines(res, on) {
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
        if (line.trim()) on(JSON.parse(line));
      }
    }
  }

  class HttpEngine {
    constructor() {
      this.kind = "server";
      this.controllers = {};
    }

    url(path) {
      return path.replace(/^\//, "");
    }

    async request(path, body) {
      const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
      const res = await fetch(this.url(path), init);
      let data = null;
      try {
        data = await res.json();
      } catch (e) {
        data = { error: `unreadable answer (HTTP ${res.status})` };
      }
      return { ok: res.ok, status: res.status, data };
    }

    // A streaming request: `onLine` gets each line; resolves {ok, status, data} when the
    // request was refused before streaming, {ok: true} when the stream ended. Throws an
    // AbortError when stopped.
    async stream(path, body, onLine) {
      const { op } = parsePath(path);
      const controller = new AbortController();
      this.controllers[op] = controller;
      try {
        const res = await fetch(this.url(path), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
        if (!res.ok) {
          const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
          return { ok: false, status: res.status, data };
        }
        await readLines(res, onLine);
        return { ok: true, status: res.status, data: null };
      } finally {
        if (this.controllers[op] === controller) delete this.controllers[op];
      }
    }

    stop(op) {
      if (this.controllers[op]) this.controllers[op].abort();
    }
  }

  // One worker running the WebAssembly engine, with the requests it has in hand.
  class Lane {
    constructor(engine, name) {
      this.engine = engine;
      this.name = name;
      this.worker = null;
      this.pending = new Map();
      this.panic = null;
    }

    start() {
      const w = new Worker(new URL("worker.js", document.baseURI), { type: "module", name: `npuzzle-${this.name}` });
      w.onmessage = (e) => this.message(e.data);
      w.onerror = (e) => {
        e.preventDefault();
        this.crash(`the engine could not start: ${e.message || "the WebAssembly module failed to load"}`);
      };
      this.worker = w;
    }

    message(m) {
      if (m.type === "panic") {
        this.panic = m.message;
        return;
      }
      if (m.type === "tables") {
        this.engine.emit("tables", m);
        return;
      }
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.line !== undefined) {
        p.onLine && p.onLine(JSON.parse(m.line));
      } else if (m.crash !== undefined) {
        this.crash(m.crash);
      } else if (m.done) {
        this.pending.delete(m.id);
        p.resolve(m.answer);
      }
    }

    // The engine in this worker failed (a panic, or a trap): every request it had is answered
    // with the reason, the worker is dropped and the next request starts a fresh one.
    crash(reason) {
      const why = this.panic ? `the engine panicked: ${this.panic}` : `the engine failed: ${reason}`;
      this.panic = null;
      if (this.worker) this.worker.terminate();
      this.worker = null;
      const pending = [...this.pending.values()];
      this.pending.clear();
      for (const p of pending) p.resolve({ ok: false, status: 500, data: { error: `${why}. A fresh engine has been started; try again.` } });
      this.engine.emit("crash", { lane: this.name, message: why });
    }

    call(op, payload, onLine) {
      if (!this.worker) this.start();
      const id = ++this.engine.nextId;
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject, onLine });
        this.worker.postMessage({ id, op, payload });
      });
    }

    // Ends the worker at once: a search in WebAssembly cannot be interrupted otherwise.
    stop() {
      if (!this.worker) return;
      this.worker.terminate();
      this.worker = null;
      const pending = [...this.pending.values()];
      this.pending.clear();
      for (const p of pending) p.reject(abortError());
    }
  }

  class WorkerEngine {
    constructor() {
      this.kind = "browser";
      this.nextId = 0;
      this.listeners = {};
      // Board checks, goals and boards to scramble; solves; compares: each in its own worker.
      this.lanes = { quick: new Lane(this, "quick"), solve: new Lane(this, "solve"), compare: new Lane(this, "compare") };
    }

    on(event, f) {
      (this.listeners[event] = this.listeners[event] || []).push(f);
    }

    emit(event, detail) {
      for (const f of this.listeners[event] || []) f(detail);
    }

    lane(op) {
      return op === "solve" || op === "compare" ? this.lanes[op] : this.lanes.quick;
    }

    async request(path, body) {
      const { op, params } = parsePath(path);
      if (op === "health") return { ok: true, status: 200, data: { status: "ok", engine: "browser" } };
      return this.lane(op).call(op, body === undefined ? params : body);
    }

    async stream(path, body, onLine) {
      const { op } = parsePath(path);
      const answer = await this.lane(op).call(op, body, onLine);
      if (answer.ok && (op === "solve" || op === "compare") && answer.data !== null) {
        // A solve's answer is its stream's last line.
        onLine(Object.assign(answer.data, { type: "result" }));
      }
      return answer;
    }

    stop(op) {
      this.lanes[op === "compare" ? "compare" : "solve"].stop();
    }

    // For the page's self-test: makes the engine panic.
    panicForTest() {
      return this.lanes.quick.call("panic", {});
    }
  }

  function chosen() {
    const meta = document.querySelector('meta[name="npuzzle-engine"]');
    return meta && meta.content === "browser" ? "browser" : "server";
  }

  const engine = chosen() === "browser" ? new WorkerEngine() : new HttpEngine();
  if (!engine.on) engine.on = () => {};
  window.NpuzzleEngine = engine;
})();
