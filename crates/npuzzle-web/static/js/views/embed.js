// The embed view (a link with `embed=1`): the search tree and its player only, for a frame in a
// course page. It tells the page around it its height as it changes: Canvas resizes a frame on
// LTI's `lti.frameResize` message (sent as JSON text); any other page can listen for the plain
// `{type: "npuzzle:resize", height}` message.

import { $ } from "./dom.js";

/** The link parameters only the embed view reads. */
const EMBED_KEYS = ["embed", "to", "play"];

/** The page's height in CSS pixels, margins included (not the frame's, which may be taller). */
function contentHeight() {
  const body = document.body;
  const css = getComputedStyle(body);
  return Math.ceil(body.getBoundingClientRect().height + Number.parseFloat(css.marginTop) + Number.parseFloat(css.marginBottom));
}

/** Turns the embed view on: the layout for a frame, the link out, and the height messages. */
export function startEmbed() {
  document.body.classList.add("embed");
  $("embed-bar").hidden = false;
  const out = new URLSearchParams(location.search);
  for (const k of EMBED_KEYS) out.delete(k);
  out.set("run", "1");
  /** @type {HTMLAnchorElement} */ ($("embed-open")).href = `${location.pathname}?${out}`;
  reportHeight();
}

/**
 * Tells the page around the frame the content's height, now and whenever it changes: Canvas's
 * `lti.frameResize` (JSON text) and the plain `{type: "npuzzle:resize", height}` message.
 */
export function reportHeight() {
  let last = -1;
  const send = () => {
    const height = contentHeight();
    if (height === last || window.parent === window) return;
    last = height;
    window.parent.postMessage(JSON.stringify({ subject: "lti.frameResize", height }), "*");
    window.parent.postMessage({ type: "npuzzle:resize", height }, "*");
  };
  new ResizeObserver(send).observe(document.body);
  send();
}

/**
 * What the embed view shows over the tree: the search and its result.
 * @param {string} text
 */
export function embedTitle(text) {
  $("embed-title").textContent = text;
}
