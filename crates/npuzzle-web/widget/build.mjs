// Bundles the notebook widget into the Python package (crates/npuzzle-py/python/npuzzle/widget.js)
// with esbuild (e2e/'s pinned version): the frame's module (frame.js and the page's modules it
// imports) and the Search tree tab's markup (from index.html) and style sheet go into the
// frame's document, which becomes widget.js's `FRAME`. The output is committed, so the wheel
// needs no Node.js; `--check` fails when it is not what these sources give (a browser test runs it).
//
//   node crates/npuzzle-web/widget/build.mjs [--check]

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const esbuild = createRequire(join(root, "e2e", "package.json"))("esbuild");
const OUT = join(root, "crates", "npuzzle-py", "python", "npuzzle", "widget.js");
const STATIC = join(here, "..", "static");

/** The Search tree tab's section of index.html, as a region of the frame (no tab list there). */
export function treePanel(html) {
  const open = '<section id="panel-tree" role="tabpanel" aria-labelledby="tab-tree">';
  const at = html.indexOf(open);
  if (at < 0) throw new Error("index.html has no Search tree panel");
  const tag = /<\/?section\b/g;
  tag.lastIndex = at + 1;
  let depth = 1;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[0] === "<section" ? 1 : -1;
    if (depth === 0) {
      const end = html.indexOf(">", m.index) + 1;
      return `<section id="panel-tree" aria-label="search tree replay">${html.slice(at + open.length, end)}`;
    }
  }
  throw new Error("index.html's Search tree panel is not closed");
}

/** widget.js's text. */
export function build() {
  const frame = esbuild.buildSync({
    entryPoints: [join(here, "frame.js")],
    bundle: true,
    format: "esm",
    minify: true,
    target: "es2022",
    write: false,
    legalComments: "none",
    absWorkingDir: root,
  }).outputFiles[0].text;
  if (/<\/script/i.test(frame)) throw new Error("the frame's bundle holds </script");
  const css = readFileSync(join(STATIC, "style.css"), "utf8");
  const panel = treePanel(readFileSync(join(STATIC, "index.html"), "utf8"));
  const doc =
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>npuzzle: search tree replay</title>\n<style>\n${css}</style>\n</head>\n<body class="embed widget">\n<main>\n${panel}\n</main>\n` +
    `<script type="application/json" id="npuzzle-replay"><!--RECORDING--></script>\n<script type="module">${frame}</script>\n</body>\n</html>\n`;
  const banner = `// Written by ${relative(root, join(here, "build.mjs"))} from crates/npuzzle-web/widget/ and the page's modules: do not edit.`;
  return esbuild.buildSync({
    entryPoints: [join(here, "widget.js")],
    bundle: true,
    format: "esm",
    target: "es2022",
    write: false,
    define: { FRAME: JSON.stringify(doc) },
    banner: { js: banner },
    legalComments: "none",
    absWorkingDir: root,
  }).outputFiles[0].text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = build();
  if (process.argv.includes("--check")) {
    let now = "";
    try {
      now = readFileSync(OUT, "utf8");
    } catch (_e) {
      now = "";
    }
    if (now !== text) {
      console.error(`${relative(root, OUT)} is not what the widget's sources give: run node crates/npuzzle-web/widget/build.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${relative(root, OUT)} (${text.length} bytes)`);
  }
}
