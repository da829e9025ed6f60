// The static site's service worker: it makes the page open and solve with no network after one
// visit, and lets the browser install it as an app (manifest.webmanifest). js/engine/offline.js
// registers it, only on the static site (the browser engine); the page `npuzzle serve` gives
// never does, since its answers come from the server.
//
// scripts/build-site writes the two lines below into the site's copy: VERSION, a hash of every
// file of the site, and FILES, the page shell (index.html, style.css, the icon, the manifest,
// every module, the engine's npuzzle_wasm.js and npuzzle_wasm_bg.wasm). A new deploy therefore
// changes this file, the browser's byte comparison of it installs the new worker, and that
// worker fills a cache of its own name. The new worker waits until the page asks it to take over
// (the page's "A new version is ready" notice, see offline.js), or until no tab uses the old
// one, so an open page never mixes its old modules with a new engine; when it activates it
// deletes the caches of older versions.
//
// As it is in the repository (`npuzzle serve` serves it, though its page registers no worker),
// this file has no version and retires: a worker of a static site once served from the same
// address (localhost:8000 reused for `npuzzle serve`) finds it on its next update check, and it
// takes over at once, deletes its caches, and unregisters, so the server's own page is loaded
// from then on.
//
// Served files: the shell is answered from the cache first (a navigation to the site's folder,
// with any query, is its index.html); any other GET in the site's folder goes to the network
// first, and falls back to what the cache holds from an earlier answer. Other origins, and other
// folders of this one, are left to the browser.

/// <reference lib="webworker" />
// @ts-check

const VERSION = "dev";
/** @type {string[]} */
const FILES = [];

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
/** The site's folder: this script sits beside index.html. */
const SCOPE = new URL("./", sw.location.href);
/** Caches are per origin: the name carries the folder, so two copies of the site on one host keep theirs. */
const PREFIX = `npuzzle ${SCOPE.pathname} `;
const CACHE = `${PREFIX}${VERSION}`;
const SHELL = new Set(FILES.map((f) => new URL(f, SCOPE).href));
const RETIRED = VERSION === "dev";

/**
 * The response as a fresh one, for a response that followed a redirect: a navigation must not be
 * answered with a redirected response (a host that redirects index.html to the folder).
 * @param {Response} res
 * @returns {Promise<Response>}
 */
async function unredirected(res) {
  if (!res.redirected) return res;
  return new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers: res.headers });
}

sw.addEventListener("install", (event) => {
  if (RETIRED) {
    event.waitUntil(sw.skipWaiting());
    return;
  }
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Past the browser's HTTP cache: the files of this version, not of the last visit.
      await Promise.all(
        FILES.map(async (f) => {
          const url = new URL(f, SCOPE);
          const res = await fetch(url, { cache: "reload" });
          if (!res.ok) throw new Error(`${url.href}: HTTP ${res.status}`);
          await cache.put(url, await unredirected(res));
        }),
      );
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && (key !== CACHE || RETIRED)) await caches.delete(key);
      }
      if (RETIRED) {
        await sw.registration.unregister();
        return;
      }
      // The first visit's page is controlled at once, so it works offline without a reload.
      await sw.clients.claim();
    })(),
  );
});

// The page's notice: the reader chose to reload into the new version.
sw.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") sw.skipWaiting();
});

/**
 * A file of the shell: the cache's copy, or the network's (kept) when the cache lost it.
 * @param {Request} req
 * @param {string} key the file's URL, without query
 * @param {ExtendableEvent} event
 * @returns {Promise<Response>}
 */
async function cacheFirst(req, key, event) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const res = await fetch(req.mode === "navigate" ? key : req);
  if (res.ok) {
    const copy = await unredirected(res.clone());
    event.waitUntil(cache.put(key, copy));
  }
  return res;
}

/**
 * Any other file: the network's answer (kept for later), or the cache's when the network fails.
 * @param {Request} req
 * @param {ExtendableEvent} event
 * @returns {Promise<Response>}
 */
async function networkFirst(req, event) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok && res.status === 200 && res.type === "basic" && !req.headers.has("range")) {
      event.waitUntil(cache.put(req, res.clone()));
    }
    return res;
  } catch (e) {
    const hit = await cache.match(req);
    if (hit) return hit;
    throw e;
  }
}

sw.addEventListener("fetch", (event) => {
  const req = event.request;
  if (RETIRED || req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin) return;
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  if (SHELL.has(url.href)) {
    event.respondWith(cacheFirst(req, url.href, event));
  } else if (url.href.startsWith(SCOPE.href)) {
    event.respondWith(networkFirst(req, event));
  }
});
