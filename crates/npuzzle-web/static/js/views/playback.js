// The Solution tab: the board at a step of the answer, and the list of moves. A list longer
// than MOVES_DRAWN_IN_FULL is virtual: only the rows scrolled into view are drawn.

import { fmt } from "../model/format.js";
import { renderBoard } from "./board.js";
import { $ } from "./dom.js";

/** A list of moves longer than this is drawn only where it is scrolled into view. */
const MOVES_DRAWN_IN_FULL = 600;
const MOVE_W = 34;
const MOVE_H = 28;

export class Playback {
  constructor() {
    this.list = $("move-list");
    this.scroller = $("move-scroller");
    this.board = $("play-board");
    /** @type {string} the move letters */
    this.moves = "";
    /** @type {number[][][]} the boards along the path, as rows */
    this.path = [];
    this.w = 3;
    this.h = 3;
    this.index = 0;
  }

  /**
   * A new answer: its moves and the boards along its path.
   * @param {string} moves
   * @param {number[][][]} path
   * @param {number} w
   * @param {number} h
   */
  load(moves, path, w, h) {
    this.moves = moves;
    this.path = path;
    this.w = w;
    this.h = h;
    this.index = 0;
    const n = moves.length;
    this.list.replaceChildren();
    this.list.dataset.count = String(n);
    if (n <= MOVES_DRAWN_IN_FULL) {
      this.list.classList.remove("virtual");
      this.list.style.height = "";
      this.list.style.paddingTop = "";
      const frag = document.createDocumentFragment();
      for (let i = 0; i < n; i++) frag.appendChild(this.item(i));
      this.list.appendChild(frag);
      return;
    }
    this.list.classList.add("virtual");
    this.drawWindow();
  }

  /**
   * @param {number} i
   * @returns {HTMLLIElement}
   */
  item(i) {
    const li = document.createElement("li");
    li.textContent = this.moves[i];
    li.dataset.step = String(i + 1);
    li.title = `move ${fmt(i + 1)}`;
    if (i + 1 === this.index) li.classList.add("current");
    return li;
  }

  columns() {
    return Math.max(1, Math.floor((this.scroller.clientWidth - 8) / MOVE_W));
  }

  /** Draws the rows of a virtual list that are in view. */
  drawWindow() {
    if (!this.list.classList.contains("virtual")) return;
    const sc = this.scroller;
    const cols = this.columns();
    const rows = Math.ceil(this.moves.length / cols);
    const first = Math.max(0, Math.floor(sc.scrollTop / MOVE_H) - 4);
    const last = Math.min(rows, Math.ceil((sc.scrollTop + sc.clientHeight) / MOVE_H) + 4);
    this.list.style.gridTemplateColumns = `repeat(${cols}, ${MOVE_W - 4}px)`;
    this.list.style.height = `${rows * MOVE_H}px`;
    this.list.style.paddingTop = `${first * MOVE_H}px`;
    const frag = document.createDocumentFragment();
    for (let i = first * cols; i < Math.min(this.moves.length, last * cols); i++) frag.appendChild(this.item(i));
    this.list.replaceChildren(frag);
  }

  /**
   * Shows step `i` (0: the start); returns the step shown.
   * @param {number} i
   * @returns {number}
   */
  show(i) {
    if (!this.path.length) {
      this.board.replaceChildren();
      $("play-pos").textContent = "";
      return 0;
    }
    const k = Math.max(0, Math.min(this.path.length - 1, i));
    this.index = k;
    const prev = k > 0 ? this.path[k - 1].flat().indexOf(0) : undefined;
    renderBoard(this.board, this.path[k].flat(), this.w, this.h, { moved: prev });
    $("play-pos").textContent = `· step ${fmt(k)} of ${fmt(this.path.length - 1)}`;
    if (this.list.classList.contains("virtual")) {
      const sc = this.scroller;
      const row = Math.floor(Math.max(0, k - 1) / this.columns());
      if (row * MOVE_H < sc.scrollTop || row * MOVE_H > sc.scrollTop + sc.clientHeight - MOVE_H)
        sc.scrollTop = row * MOVE_H - sc.clientHeight / 2;
      this.drawWindow();
    } else {
      for (const li of this.list.querySelectorAll("li.current")) li.classList.remove("current");
      const li = this.list.children[k - 1];
      if (li) li.classList.add("current");
    }
    return k;
  }

  /**
   * The play button's face.
   * @param {boolean} playing
   */
  showPlaying(playing) {
    $("play-toggle").textContent = playing ? "■ pause" : "▶ play";
  }
}
