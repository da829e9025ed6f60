// The page's WebAssembly engine in a Web Worker (see engine.js). It holds no logic: each
// request goes to the Rust engine (crates/npuzzle-wasm), which answers as the server would.
// Its module, npuzzle_wasm.js, is written beside the page by scripts/build-site (its
// declarations, npuzzle_wasm.d.ts, are kept beside the page's sources and checked by it).
//
// Pattern databases the engine builds are kept in the browser's storage (IndexedDB), as the
// bytes of a cache file; when a worker starts, each stored table is handed back to the engine,
// which verifies its header, size and checksum before using it. A table that fails is deleted
// and built again when next needed.
import init, { Engine } from "../../npuzzle_wasm.js";

const DB = "npuzzle";
const STORE = "tables";

// The Rust panic hook calls this before the module traps; the page reports the message.
/** @type {any} */ (globalThis).npuzzlePanic = (/** @type {string} */ message) => postMessage({ type: "panic", message });

/** @returns {Promise<IDBDatabase>} */
function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * Runs `f` on the table store in one transaction; resolves with its request's result.
 * @param {IDBDatabase} db
 * @param {IDBTransactionMode} mode
 * @param {(s: IDBObjectStore) => IDBRequest | void} f
 * @returns {Promise<any>}
 */
function tx(db, mode, f) {
  return new Promise((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const out = f(t.objectStore(STORE));
    t.oncomplete = () => resolve(out?.result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

/**
 * @param {IDBDatabase} db
 * @returns {Promise<string[]>}
 */
async function storedNames(db) {
  return (await tx(db, "readonly", (s) => s.getAllKeys())) || [];
}

/** @type {Engine} */
let engine;
/** @type {IDBDatabase | null} */
let db = null;
/** @type {Set<string>} */
const stored = new Set();

async function loadStoredTables() {
  try {
    db = await openDb();
  } catch (_e) {
    db = null; // Storage may be off (a private window): tables are then built each time.
    return;
  }
  const open = db;
  for (const name of await storedNames(open)) {
    const bytes = await tx(open, "readonly", (s) => s.get(name));
    const refused = bytes ? engine.import_table(name, new Uint8Array(bytes)) : "missing";
    if (refused) {
      await tx(open, "readwrite", (s) => s.delete(name));
      postMessage({ type: "tables", event: "rejected", name, reason: refused });
    } else {
      stored.add(name);
      postMessage({ type: "tables", event: "loaded", name });
    }
  }
}

async function storeNewTables() {
  const open = db;
  if (!open) return;
  for (const name of engine.table_names()) {
    if (stored.has(name)) continue;
    const bytes = engine.export_table(name);
    try {
      await tx(open, "readwrite", (s) => s.put(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), name));
      stored.add(name);
      postMessage({ type: "tables", event: "stored", name, bytes: bytes.byteLength });
    } catch (e) {
      postMessage({ type: "tables", event: "store-failed", name, reason: String(e) });
    }
  }
}

const ready = (async () => {
  await init();
  engine = new Engine();
  await loadStoredTables();
})();

self.onmessage = async (/** @type {MessageEvent} */ e) => {
  const { id, op, payload } = e.data;
  try {
    await ready;
  } catch (err) {
    postMessage({ id, crash: `the WebAssembly module could not be loaded: ${err}` });
    return;
  }
  const onLine = (/** @type {string} */ line) => postMessage({ id, line });
  /** @type {string} */
  let answer;
  try {
    switch (op) {
      case "options":
        answer = engine.options();
        break;
      case "check":
        answer = engine.check(JSON.stringify(payload));
        break;
      case "generate":
        answer = engine.generate(JSON.stringify(payload));
        break;
      case "goal":
        answer = engine.goal(JSON.stringify(payload));
        break;
      case "solve":
        answer = engine.solve(JSON.stringify(payload), onLine);
        break;
      case "compare":
        answer = engine.compare(JSON.stringify(payload), onLine);
        break;
      case "depth":
        answer = engine.depth(JSON.stringify(payload));
        break;
      case "svg":
        answer = engine.svg(JSON.stringify(payload));
        break;
      case "grade":
        answer = engine.grade(JSON.stringify(payload));
        break;
      case "analyse":
        answer = engine.analyse(JSON.stringify(payload));
        break;
      case "audit":
        answer = engine.audit(JSON.stringify(payload));
        break;
      case "panic":
        // Traps: the catch below reports the crash.
        engine.panic_for_test();
        return;
      default:
        answer = JSON.stringify({ ok: false, status: 404, data: { error: "no such page or endpoint" } });
    }
  } catch (err) {
    // A trap (after a panic, or out of memory): this instance is unusable.
    postMessage({ id, crash: String(err) });
    return;
  }
  postMessage({ id, done: true, answer: JSON.parse(answer) });
  if (op === "solve" || op === "compare") await storeNewTables();
};
