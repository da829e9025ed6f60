// Beside the tree: the open list at the event shown (next first, new entries marked), and the
// details of the node hovered, focused or pinned (its board, g + h = f, h* when known).

import { STATE_TEXT } from "../model/describe.js";
import { fmt, LABEL_KEEP, shortLabel } from "../model/format.js";
import { overestimates } from "../model/replay.js";
import { renderBoard } from "./board.js";
import { $, closest, h } from "./dom.js";

/** @typedef {import("../model/replay.js").Replay} Replay */
/** @typedef {import("../model/replay.js").ReplayState} ReplayState */

export class Frontier {
  constructor() {
    this.list = $("frontier-list");
    this.size = $("frontier-size");
    this.info = $("node-info");
    /** @type {number | null} the entry that keeps the list's one Tab stop */
    this.focusId = null;
  }

  clear() {
    this.list.replaceChildren();
    this.size.textContent = "";
  }

  /**
   * The open list after the event shown.
   * @param {Replay} replay
   * @param {ReplayState} s
   * @param {number} next the node the next selection takes (-1: hidden or none)
   * @param {number | null} hover the node hovered
   */
  draw(replay, s, next, hover) {
    const list = this.list;
    const hadFocus = list.contains(document.activeElement);
    list.replaceChildren();
    if (!replay.reportsFrontier && !s.list.length) {
      this.size.textContent = "(not reported by this algorithm)";
      return;
    }
    const more = s.size > s.list.length ? `, first ${s.list.length} shown` : "";
    this.size.textContent = `(${fmt(s.size)}${more})`;
    list.dataset.size = String(s.size);
    // One Tab stop for the list: the entry focused last while it is still listed, else the first.
    const stop = this.focusId !== null && s.list.includes(this.focusId) ? this.focusId : s.list[0];
    for (const id of s.list) {
      const n = replay.nodes[id];
      if (!n) continue;
      const fresh = s.fresh.has(id);
      const li = h("li");
      li.dataset.id = String(id);
      li.tabIndex = id === stop ? 0 : -1;
      li.title = `${n.label}: g ${n.g} + h ${n.h} = f ${n.f}${fresh ? " (just added; the open list orders it at the next step)" : ""}`;
      li.setAttribute(
        "aria-label",
        `${shortLabel(n.label)}: g ${n.g} + h ${n.h} = f ${n.f}${id === next ? ", expanded next" : ""}${fresh ? ", just added" : ""}`,
      );
      li.textContent = `${shortLabel(n.label)}  f=${n.f} (${n.g}+${n.h})${fresh ? " new" : ""}`;
      if (fresh) li.classList.add("fresh");
      if (id === next) li.classList.add("next");
      if (hover === id) li.classList.add("hl");
      list.appendChild(li);
      if (hadFocus && id === stop) li.focus();
    }
  }

  /**
   * Highlights node `id`'s entry (or none).
   * @param {number | null} id
   */
  highlight(id) {
    for (const li of this.list.querySelectorAll("li.hl")) li.classList.remove("hl");
    if (id !== null) this.list.querySelector(`li[data-id="${id}"]`)?.classList.add("hl");
  }

  /**
   * The details of node `id`.
   * @param {Replay} replay
   * @param {number} id
   * @param {import("../api").NodeState | null} state
   */
  showNode(replay, id, state) {
    const n = replay.nodes[id];
    if (!n) return;
    const info = this.info;
    info.replaceChildren();
    const head = h("p");
    const strong = h("strong", "", shortLabel(n.label, 8));
    strong.title = replay.pathLabels(id).join(" → ");
    head.append(strong, ` ${n.move ? `(move ${n.move})` : "(root)"} · ${(state && STATE_TEXT[state]) || "not generated yet"}`);
    info.appendChild(head);
    const board = h("div", "board mini");
    renderBoard(board, n.board, replay.tree.width, replay.tree.height);
    info.appendChild(board);
    info.appendChild(h("p", "gh", `g + h = f: ${n.g} + ${n.h} = ${n.f}`));
    if (n.h_star !== undefined && n.h_star !== null) {
      const gap = n.h_star - n.h;
      const text = overestimates(n)
        ? `h* = ${n.h_star}: h = ${n.h} overestimates the true distance by ${fmt(-gap)} — not admissible`
        : `h* = ${n.h_star} (true distance): h ${gap === 0 ? "is exact here" : `underestimates by ${Number.isInteger(gap) ? gap : gap.toFixed(2)}`}`;
      info.appendChild(h("p", `hstar-info${overestimates(n) ? " bad" : ""}`, text));
    }
    const expanded = n.expanded !== null && n.expanded !== undefined ? ` · expanded #${n.expanded + 1}` : " · never expanded";
    info.appendChild(h("p", "muted", `when generated: ${n.fate}${expanded}`));
    if (n.label.length > 2 * LABEL_KEEP + 2) {
      info.appendChild(h("p", "muted path", `depth ${n.g}; full label ${n.label.length} characters (hover the name for the path)`));
    }
  }

  /**
   * What the details panel says before a node is picked.
   * @param {string} text
   */
  hint(text) {
    this.info.replaceChildren(h("p", "muted", text));
  }

  /**
   * Reports the pointer and the focus on entries: `hover(id | null)`, `activate(id)`.
   * @param {{hover: (id: number | null) => void, activate: (id: number) => void}} on
   */
  listen(on) {
    const list = this.list;
    const idOf = (/** @type {Event} */ ev) => {
      const li = closest(ev, "li");
      return li ? Number(li.dataset.id) : null;
    };
    list.addEventListener("pointerover", (ev) => {
      const id = idOf(ev);
      if (id !== null) on.hover(id);
    });
    list.addEventListener("pointerout", (ev) => {
      if (idOf(ev) !== null) on.hover(null);
    });
    list.addEventListener("focusin", (ev) => {
      const id = idOf(ev);
      if (id === null) return;
      this.focusId = id;
      for (const li of list.querySelectorAll("li")) li.tabIndex = Number(li.dataset.id) === id ? 0 : -1;
      on.hover(id);
    });
    // ↑ ↓ Home End move along the list; Enter or Space pins (or, predicting, picks) the entry.
    list.addEventListener("keydown", (ev) => {
      const li = closest(ev, "li");
      if (!li) return;
      /** @type {Element | null} */
      let to = null;
      if (ev.key === "ArrowDown") to = li.nextElementSibling;
      else if (ev.key === "ArrowUp") to = li.previousElementSibling;
      else if (ev.key === "Home") to = list.firstElementChild;
      else if (ev.key === "End") to = list.lastElementChild;
      else if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        on.activate(Number(li.dataset.id));
        return;
      } else return;
      ev.preventDefault();
      if (to instanceof HTMLElement) to.focus();
    });
    list.addEventListener("click", (ev) => {
      const id = idOf(ev);
      if (id !== null) on.activate(id);
    });
  }
}
