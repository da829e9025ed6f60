// Pictures of the search tree leave the page as the library draws them (the engine's
// `/api/svg`): an SVG file, a PNG made from it, or a WebM video of the replay, one frame per
// expansion. This module turns those SVG documents into files; it draws no tree of its own.

import { download } from "./dom.js";

/**
 * An SVG document as an image element, loaded.
 * @param {string} text
 * @returns {Promise<HTMLImageElement>}
 */
export async function svgImage(text) {
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  const img = new Image();
  try {
    await new Promise((ok, bad) => {
      img.onload = ok;
      img.onerror = () => bad(new Error("a picture could not be drawn"));
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
  return img;
}

/**
 * Offers the SVG document as a file.
 * @param {string} text
 * @param {string} name
 */
export function saveSvg(text, name) {
  download(new Blob([text], { type: "image/svg+xml" }), name);
}

/**
 * Offers the SVG document as a PNG file, twice its size for slides (within canvas limits).
 * @param {string} text
 * @param {string} name
 */
export async function savePng(text, name) {
  const img = await svgImage(text);
  const w = img.naturalWidth || 800;
  const hgt = img.naturalHeight || 600;
  const scale = Math.max(0.1, Math.min(2, 16000 / w, 16000 / hgt, Math.sqrt(1.2e8 / (w * hgt))));
  const c = document.createElement("canvas");
  c.width = Math.round(w * scale);
  c.height = Math.round(hgt * scale);
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("this browser cannot draw on a canvas");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.drawImage(img, 0, 0, c.width, c.height);
  const blob = await new Promise((ok) => c.toBlob(ok, "image/png"));
  if (!blob) throw new Error("the picture could not be encoded as PNG");
  download(blob, name);
}

/**
 * Records frames as a WebM video with the browser's MediaRecorder, `fps` frames a second, the
 * last held three times as long. `next()` gives the frames one at a time (SVG documents; null
 * at the end), so a long replay is never held whole.
 * @param {() => Promise<string | null>} next
 * Every frame is the whole tree's layout (the library draws them so), so the first frame's
 * size is the video's, within 1920 × 1080.
 * @param {number} fps
 * @param {(i: number) => void} progress called with each frame's number
 * @returns {Promise<{blob: Blob, frames: number}>}
 */
export async function recordWebm(next, fps, progress) {
  if (typeof MediaRecorder === "undefined") throw new Error("this browser cannot record video (no MediaRecorder)");
  let text = await next();
  if (text === null) throw new Error("no frame to record");
  let img = await svgImage(text);
  const c = document.createElement("canvas");
  const w = Math.min(1920, img.naturalWidth || 400);
  const hgt = Math.min(1080, img.naturalHeight || 300);
  c.width = w + (w % 2);
  c.height = hgt + (hgt % 2);
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("this browser cannot draw on a canvas");
  const draw = (/** @type {HTMLImageElement} */ img) => {
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, c.width, c.height);
    const iw = img.naturalWidth || c.width;
    const ih = img.naturalHeight || c.height;
    const s = Math.min(1, c.width / iw, c.height / ih);
    ctx.drawImage(img, 0, 0, iw * s, ih * s);
  };
  draw(img);
  const stream = c.captureStream(fps);
  const type = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"].find((t) => MediaRecorder.isTypeSupported(t)) || "";
  const rec = new MediaRecorder(stream, type ? { mimeType: type } : {});
  /** @type {Blob[]} */
  const chunks = [];
  rec.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  const stopped = new Promise((ok) => {
    rec.onstop = ok;
  });
  rec.start();
  let frames = 0;
  for (;;) {
    draw(img);
    frames += 1;
    progress(frames);
    text = await next();
    const last = text === null;
    await new Promise((ok) => setTimeout(ok, ((last ? 3 : 1) * 1000) / fps));
    if (text === null) break;
    img = await svgImage(text);
  }
  rec.stop();
  await stopped;
  return { blob: new Blob(chunks, { type: "video/webm" }), frames };
}
