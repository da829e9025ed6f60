// The page's shape: small modules with one role each, and the roles kept apart.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../static/js/", import.meta.url));
const modules = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
  );
const all = modules(root).map((path) => ({ name: relative(root, path), text: readFileSync(path, "utf8") }));

test("no module is over 500 lines", () => {
  assert.ok(all.length > 10);
  for (const m of all) assert.ok(m.text.split("\n").length <= 500, `${m.name} has ${m.text.split("\n").length} lines`);
});

test("the model never touches the DOM, and imports only the model", () => {
  for (const m of all.filter((m) => m.name.startsWith("model/"))) {
    assert.doesNotMatch(m.text, /\b(?:document|window)\s*\.|HTMLElement|querySelector/, `${m.name} touches the DOM`);
    for (const [, path] of m.text.matchAll(/from "([^"]+)"/g)) assert.match(path, /^\.\//, `${m.name} imports ${path}`);
  }
});

test("views do not import the controller, and nothing but the controller talks to the engine", () => {
  for (const m of all.filter((m) => m.name.startsWith("views/"))) assert.doesNotMatch(m.text, /from "\.\.\/controller\//, m.name);
  for (const m of all.filter((m) => !m.name.startsWith("controller/") && !m.name.startsWith("engine/") && m.name !== "main.js")) {
    assert.doesNotMatch(m.text, /from "\.\.\/engine\//, `${m.name} imports the engine`);
  }
});

test("one global: main.js sets window.npuzzle, the tests' hook, and no module sets another", () => {
  for (const m of all) {
    const sets = [...m.text.matchAll(/\b(?:window|globalThis|self)\s*\)?\s*\.\s*(\w+)\s*=(?!=)/g)].map((x) => x[1]);
    const allowed = m.name === "main.js" ? ["npuzzle"] : m.name === "engine/worker.js" ? ["npuzzlePanic", "onmessage"] : [];
    assert.deepEqual(
      sets.filter((s) => !allowed.includes(s)),
      [],
      `${m.name} sets a global`,
    );
  }
});
