// Small helpers every view uses to find and make elements.

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The element with this id; the page's HTML has every id the views ask for.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no element #${id}`);
  return e;
}

/**
 * The input element with this id.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export function input(id) {
  return /** @type {HTMLInputElement} */ ($(id));
}

/**
 * The select element with this id.
 * @param {string} id
 * @returns {HTMLSelectElement}
 */
export function select(id) {
  return /** @type {HTMLSelectElement} */ ($(id));
}

/**
 * The button with this id.
 * @param {string} id
 * @returns {HTMLButtonElement}
 */
export function button(id) {
  return /** @type {HTMLButtonElement} */ ($(id));
}

/**
 * A new HTML element with a class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * A new SVG element with attributes, appended to `parent` when given.
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
export function svg(name, attrs = {}, parent = null) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, name));
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * The nearest element matching `selector` from an event's target, if the target is an element.
 * @param {Event} ev
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
export function closest(ev, selector) {
  const t = ev.target;
  return t instanceof Element ? /** @type {HTMLElement | null} */ (t.closest(selector)) : null;
}

/**
 * Offers `blob` to the user as a file named `name`.
 * @param {Blob} blob
 * @param {string} name
 */
export function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 2000);
}
