// The npuzzle page, wired: the engine (the server's API, or the library in WebAssembly), and
// the controller that holds the state and has the views draw it. `window.npuzzle` is the one
// global, a hook for the browser tests (e2e/); the page itself never reads it.

import { Controller } from "./controller/controller.js";
import { createEngine } from "./engine/engine.js";
import { registerOffline } from "./engine/offline.js";

const controller = new Controller(createEngine(document));
/** @type {any} */ (window).npuzzle = controller.testHook();
controller.start();
registerOffline(document);
