// An algorithm's pseudocode, from its description in the options document, with the lines of
// a step lit. The tree tab and the local-search tab each draw one.

/** @typedef {import("../api").Described} Info */
/** @typedef {import("../api").Step} Step */

export class Pseudocode {
  /**
   * @param {HTMLOListElement} list
   * @param {HTMLElement} title
   * @param {number} indent em per level of indentation
   */
  constructor(list, title, indent) {
    this.list = list;
    this.title = title;
    this.indent = indent;
    /** @type {{li: HTMLLIElement, steps: Step[]}[]} */
    this.lines = [];
  }

  /**
   * Draws `info`'s pseudocode with no line lit (or nothing without one); `texts`, where a search
   * ran under rules other than the algorithm's own, replaces each line's text (one a line).
   * @param {Info | null | undefined} info
   * @param {string[] | null} [texts]
   */
  draw(info, texts = null) {
    this.list.replaceChildren();
    this.lines = [];
    this.title.textContent = info ? info.title : "";
    if (!info) return;
    info.pseudocode.forEach((line, i) => {
      const li = document.createElement("li");
      li.style.paddingLeft = `${line.indent * this.indent + 0.3}em`;
      li.textContent = texts && texts.length === info.pseudocode.length ? texts[i] : line.text;
      li.dataset.steps = line.steps.join(" ");
      li.dataset.line = String(i);
      this.list.appendChild(li);
      this.lines.push({ li, steps: [...line.steps] });
    });
  }

  /**
   * Lights the lines that carry out `step` (none for `null`), and scrolls the first into view.
   * @param {Step | null} step
   */
  light(step) {
    /** @type {HTMLLIElement | null} */
    let first = null;
    for (const { li, steps } of this.lines) {
      const lit = step !== null && steps.includes(step);
      li.classList.toggle("on", lit);
      if (lit) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
      if (lit && !first) first = li;
    }
    this.list.dataset.step = step || "";
    if (first) {
      const box = this.list;
      if (first.offsetTop < box.scrollTop || first.offsetTop > box.scrollTop + box.clientHeight - 20) box.scrollTop = first.offsetTop - 30;
    }
  }
}
