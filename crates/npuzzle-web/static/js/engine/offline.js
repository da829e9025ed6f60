// The static site offline: the page registers its service worker (sw.js, beside index.html),
// which keeps the page and the WebAssembly engine in the browser's cache so that the site opens
// and solves with no network after one visit, and can be installed as an app
// (manifest.webmanifest). Only the browser engine's page does: the page `npuzzle serve` gives
// gets its answers from the server, and registers nothing.
//
// A new deploy installs a new worker beside the running one; it waits, and the page says so
// with a small polite notice in the header, "A new version is ready — Reload", rather than
// reloading under a reader who is stepping through a trace. Reload asks the new worker to take
// over, and the page reloads when it has.

/** The notice's id (the browser tests look for it). */
export const NOTICE_ID = "update-notice";

/**
 * Whether the page runs the browser engine (<meta name="npuzzle-engine" content="browser">).
 * @param {Document} doc
 */
function browserEngine(doc) {
  const meta = doc.querySelector('meta[name="npuzzle-engine"]');
  return meta instanceof HTMLMetaElement && meta.content === "browser";
}

/**
 * Shows the notice that a new version is ready, once, after the header's status. It is made
 * empty and filled a moment later, so that screen readers announce it as a polite status.
 * @param {Document} doc
 * @param {() => Promise<void>} reload what its button does
 */
function showNotice(doc, reload) {
  if (doc.getElementById(NOTICE_ID)) return;
  const notice = doc.createElement("span");
  notice.id = NOTICE_ID;
  notice.setAttribute("role", "status");
  const status = doc.getElementById("server-status");
  if (status?.parentElement) status.after(notice);
  else doc.body.append(notice);
  setTimeout(() => {
    const button = doc.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", () => {
      button.disabled = true;
      reload().catch(() => location.reload());
    });
    notice.append("A new version is ready — ", button);
  }, 100);
}

/**
 * Registers the site's service worker, when the page runs the browser engine and the browser
 * has service workers (a secure context: https, or localhost); otherwise does nothing.
 * @param {Document} doc
 * @returns {Promise<ServiceWorkerRegistration | null>} the registration, or null when none was made
 */
export async function registerOffline(doc) {
  if (!browserEngine(doc) || !("serviceWorker" in navigator)) return null;
  const workers = navigator.serviceWorker;
  // The first worker takes the page over at once (clients.claim): that is no new version.
  let controlled = workers.controller !== null;
  let asked = false;
  // Reload: the waiting worker (the newest, when deploys followed each other) is asked to take
  // over, and the page reloads on the change; with none waiting, the new one already has.
  const offer = () =>
    showNotice(doc, async () => {
      asked = true;
      const waiting = (await workers.getRegistration())?.waiting;
      if (waiting) waiting.postMessage("skip-waiting");
      else location.reload();
    });
  workers.addEventListener("controllerchange", () => {
    if (asked) location.reload();
    // Another tab let the new version in: this page's modules are the old ones.
    else if (controlled) offer();
    controlled = true;
  });

  // After the page has loaded: the worker's first download of the shell does not compete with it.
  if (doc.readyState !== "complete") await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  /** @type {ServiceWorkerRegistration} */
  let registration;
  try {
    registration = await workers.register(new URL("sw.js", doc.baseURI));
  } catch (e) {
    console.warn(`npuzzle works online only here: the service worker was not registered (${e})`);
    return null;
  }
  /** @param {ServiceWorker | null} worker */
  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && workers.controller) offer();
    };
    check();
    worker.addEventListener("statechange", check);
  };
  watch(registration.waiting);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  // A page left open for a lesson looks for a new version whenever it is shown again.
  doc.addEventListener("visibilitychange", () => {
    if (doc.visibilityState === "visible") registration.update().catch(() => {});
  });
  return registration;
}
