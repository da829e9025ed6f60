// The minimap: every drawn node as a dot in its state's colour, and the part of the tree in
// view as a frame. A click or drag on it reports the point of the tree to centre.

/** @typedef {import("../api").NodeState} NodeState */
/** @typedef {import("../api").LegendEntry} LegendEntry */

export class Minimap {
  /**
   * @param {HTMLCanvasElement} canvas
   */
  constructor(canvas) {
    this.canvas = canvas;
    /** The scale from the tree's units to the minimap's pixels. */
    this.s = 0;
  }

  /** Empties it. */
  clear() {
    const ctx = this.canvas.getContext("2d");
    ctx?.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.s = 0;
  }

  /**
   * @param {{w: number, h: number}} bounds the tree's size
   * @param {([number, number] | null)[]} pos the drawn nodes' positions
   * @param {number} count nodes drawn
   * @param {(NodeState | null)[]} states
   * @param {Record<string, LegendEntry>} legend
   * @param {{s: number, tx: number, ty: number}} view the tree's view transform
   * @param {{w: number, h: number}} box the size of the tree's box
   */
  draw(bounds, pos, count, states, legend, view, box) {
    const c = this.canvas;
    const ctx = c.getContext("2d");
    if (!ctx) return;
    const s = Math.min(c.width / bounds.w, c.height / bounds.h);
    this.s = s;
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, bounds.w * s, bounds.h * s);
    for (let id = 0; id < count; id++) {
      const p = pos[id];
      if (!p) continue;
      const st = states[id] || "unexplored";
      ctx.fillStyle = legend[st]?.fill || "#000";
      ctx.fillRect(p[0] * s - 1, p[1] * s - 1, 2.5, 2.5);
    }
    ctx.strokeStyle = "#c2185b";
    ctx.lineWidth = 1.5;
    ctx.strokeRect((-view.tx / view.s) * s, (-view.ty / view.s) * s, (box.w / view.s) * s, (box.h / view.s) * s);
  }

  /**
   * Reports, while the pointer is down on the minimap, the point of the tree under it.
   * @param {(x: number, y: number) => void} centre
   */
  listen(centre) {
    const c = this.canvas;
    const at = (/** @type {PointerEvent} */ ev) => {
      if (!this.s) return;
      const r = c.getBoundingClientRect();
      centre((ev.clientX - r.left) / this.s, (ev.clientY - r.top) / this.s);
    };
    c.addEventListener("pointerdown", (ev) => {
      at(ev);
      const up = () => {
        window.removeEventListener("pointermove", at);
        window.removeEventListener("pointerup", up);
      };
      window.addEventListener("pointermove", at);
      window.addEventListener("pointerup", up);
    });
  }
}
