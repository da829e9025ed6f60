// The page's WebAssembly engine in a Web Worker (see engine.js). It holds no logic: each
// request goes to the Rust engine (crates/npuzzle-wasm), which answers as the server would.
//
// Pattern databases the engine builds are kept in the browser's storage (IndexedDB), as the
// bytes of a cache file; when a worker starts, each stored table is handed back to the engine,
// which verifies its header, size and checksum before using it. A table that fails is deleted
// and built again when next needed.
import init, { Engine } from "./npuzzle_wasm.js";

const DB = "npuzzle";
const STORE = "tables";

// The Rust panic hook calls this before the module traps; the page reports the message.
globalThis.npuzzlePanic = (message) => postMessage({ type: "panic", message });

function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function tx(db, mode, f) {
  return new Promise((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const out = f(t.objectStore(STORE));
    t.oncomplete = () => resolve(out && out.result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

async function storedNames(db) {
  return (await tx(db, "readonly", (s) => s.getAllKeys())) || [];
}

let engine = null;
let db = null;
const stored = new Set();

async function loadStoredTables() {
  try {
    db = await openDb();
  } catch (e) {
    db = null; // Storage may be off (a private window): tables are then built each time.
    return;
  }
  for (const name of await storedNames(db)) {
    const bytes = await tx(db, "readonly", (s) => s.get(name));
    const refused = bytes ? engine.import_table(name, new Uint8Array(bytes)) : "missing";
    if (refused) {
      await tx(db, "readwrite", (s) => s.delete(name));
      postMessage({ type: "tables", event: "rejected", name, reason: refused });
    } else {
      stored.add(name);
      postMessage({ type: "tables", event: "loaded", name });
    }
  }
}

async function storeNewTables() {
  if (!db) return;
  for (const name of engine.table_names()) {
    if (stored.has(name)) continue;
    const bytes = engine.export_table(name);
    try {
      await tx(db, "readwrite", (s) => s.put(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), name));
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

self.onmessage = async (e) => {
  const { id, op, payload } = e.data;
  try {
    await ready;
  } catch (err) {
    postMessage({ id, crash: `the WebAssembly module could not be loaded: ${err}` });
    return;
  }
  const onLine = (line) => postMessage({ id, line });
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
      case "panic":
        engine.panic_for_test();
        break;
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
