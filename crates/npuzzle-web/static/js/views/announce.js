// A polite live region that tells screen-reader users what each replay step did, in the
// library's words. Stepping by hand is said at once; a running replay is said at most once a
// second (its latest event), so a fast replay does not flood the reader with a queue.

/** True when the user asked the system for less motion. */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class Announcer {
  /**
   * @param {HTMLElement} region an element with `role="status"` (a polite live region)
   * @param {number} [gap] the least time between two announcements of a running replay, in ms
   */
  constructor(region, gap = 1000) {
    this.region = region;
    this.gap = gap;
    this.last = 0;
    /** @type {string | null} */
    this.pending = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
  }

  /**
   * Says `text`: now, or (`running`) when the last announcement is `gap` old.
   * @param {string} text
   * @param {boolean} running whether a replay is playing
   */
  say(text, running) {
    const now = Date.now();
    if (!running || now - this.last >= this.gap) {
      this.flush(text);
      return;
    }
    this.pending = text;
    if (!this.timer) this.timer = setTimeout(() => this.flush(this.pending || ""), this.gap - (now - this.last));
  }

  /** @param {string} text */
  flush(text) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    this.last = Date.now();
    this.region.textContent = text;
  }

  clear() {
    this.flush("");
  }
}
