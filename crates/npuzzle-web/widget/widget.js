// The notebook widget (anywidget's module): `npuzzle.widget(...)` in Python shows one recorded
// search in the page's own tree player. The widget draws a frame whose document is the page's
// Search tree tab with the recording (frame.js); build.mjs bundles both into the Python
// package's `widget.js`, with the frame's document as `FRAME`.
//
// Synced with Python: `doc` (the recording, JSON text, set once) and `step` (the event shown:
// the player's steps reach Python, and a step set in Python moves the player).

/** The frame's document, with `<!--RECORDING-->` where the recording goes (build.mjs). */
/* global FRAME */

/**
 * The part of anywidget's model this widget uses.
 * @typedef {object} Model
 * @property {(name: string) => any} get
 * @property {(name: string, value: unknown) => void} set
 * @property {() => void} save_changes
 * @property {(event: string, f: () => void) => void} on
 * @property {(event: string, f: () => void) => void} off
 */

/**
 * The frame's document for a recording shown from event `step`.
 * @param {string} doc the recording, JSON text
 * @param {number} step
 */
export function frameDocument(doc, step) {
  const rec = { ...JSON.parse(doc), step };
  // JSON in a script element: `<` escaped so no `</script>` in a board or label ends it.
  const json = JSON.stringify(rec).replace(/</g, "\\u003c");
  return FRAME.replace("<!--RECORDING-->", () => json);
}

export default {
  /**
   * @param {{model: Model, el: HTMLElement}} ctx
   * @returns {() => void} the clean-up
   */
  render({ model, el }) {
    const frame = document.createElement("iframe");
    frame.className = "npuzzle-replay";
    frame.title = "npuzzle: the search tree's replay";
    frame.style.cssText = "width: 100%; min-width: 320px; height: 640px; border: 0; display: block;";
    const load = () => {
      frame.srcdoc = frameDocument(model.get("doc"), model.get("step"));
    };
    // A step the frame reports is set in the model without being sent back to the frame, which
    // may have moved on while the message crossed.
    let fromFrame = false;
    /** @param {MessageEvent} ev */
    const onMessage = (ev) => {
      const d = ev.data;
      if (ev.source !== frame.contentWindow || !d || typeof d !== "object") return;
      if (d.type === "npuzzle:resize" && typeof d.height === "number") {
        frame.style.height = `${Math.ceil(d.height)}px`;
      } else if (d.type === "npuzzle:step" && typeof d.step === "number" && d.step !== model.get("step")) {
        fromFrame = true;
        model.set("step", d.step);
        fromFrame = false;
        model.save_changes();
      }
    };
    const onStep = () => {
      if (!fromFrame && frame.contentWindow) frame.contentWindow.postMessage({ type: "npuzzle:goto", step: model.get("step") }, "*");
    };
    window.addEventListener("message", onMessage);
    model.on("change:doc", load);
    model.on("change:step", onStep);
    load();
    el.append(frame);
    return () => {
      window.removeEventListener("message", onMessage);
      model.off("change:doc", load);
      model.off("change:step", onStep);
    };
  },
};
