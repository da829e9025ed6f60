// Draws a board: one element per cell, the blank empty. The start board is interactive (its
// movable tiles are buttons); the others are pictures.

/**
 * Whether cells `a` and `b` of a `w`-wide board are side by side.
 * @param {number} a
 * @param {number} b
 * @param {number} w
 * @returns {boolean}
 */
export function adjacent(a, b, w) {
  const ra = Math.floor(a / w);
  const ca = a % w;
  const rb = Math.floor(b / w);
  const cb = b % w;
  return Math.abs(ra - rb) + Math.abs(ca - cb) === 1;
}

/**
 * Draws `tiles` (row-major, 0 the blank) into `el`.
 * @param {HTMLElement} el
 * @param {readonly number[]} tiles
 * @param {number} w
 * @param {number} _h
 * @param {{interactive?: boolean, moved?: number}} [opts] tiles as buttons; the cell a tile
 *   just moved from
 */
export function renderBoard(el, tiles, w, _h, opts = {}) {
  el.style.gridTemplateColumns = `repeat(${w}, auto)`;
  // Full-size tiles shrink to fit a wide board in its column (a 12×12 board on a phone).
  if (!el.classList.contains("small") && !el.classList.contains("mini") && el.parentElement) {
    const cs = getComputedStyle(el.parentElement);
    const inner = el.parentElement.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const room = inner - 12 - 4 * (w - 1);
    const size = Math.max(14, Math.min(52, Math.floor(room / w)));
    el.style.setProperty("--tile-size", `${size}px`);
  }
  el.replaceChildren();
  const blank = tiles.indexOf(0);
  tiles.forEach((t, i) => {
    const d = document.createElement(opts.interactive ? "button" : "div");
    d.className = `tile${t === 0 ? " blank" : ""}`;
    // A cell the user cannot press is a picture of a tile (or of the empty cell), named by its
    // label; a button's label adds "tile" to the number it shows.
    if (!(d instanceof HTMLButtonElement)) d.setAttribute("role", "img");
    if (d instanceof HTMLButtonElement) {
      d.type = "button";
      d.tabIndex = -1;
      if (t !== 0 && adjacent(i, blank, w)) d.classList.add("movable");
      else d.setAttribute("aria-disabled", "true");
    }
    if (opts.moved === i) d.classList.add("moved");
    d.dataset.cell = String(i);
    d.textContent = t === 0 ? "" : String(t);
    d.setAttribute("aria-label", t === 0 ? "blank" : `tile ${t}`);
    el.appendChild(d);
  });
  el.dataset.tiles = tiles.join(" ");
}
