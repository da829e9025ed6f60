// The formula editor's pure part: a fault's place, given in bytes of UTF-8 as the library
// counts, cut out of the text as the page holds it.

import assert from "node:assert/strict";
import { test } from "node:test";
import { split } from "../../static/js/views/own.js";

test("a fault given in bytes is cut at the right characters, past non-ASCII text and at the end", () => {
  // "manhatan" at byte 4 of "max(manhatan, h1)".
  assert.deepEqual(split("max(manhatan, h1)", 4, 8), { before: "max(", fault: "manhatan", after: ", h1)" });
  // "×" is two bytes: the fault after it starts at byte 3, character 2.
  assert.deepEqual(split("2×misplaced", 1, 2), { before: "2", fault: "×", after: "misplaced" });
  // An empty fault at the end (a missing parenthesis), and an offset past the end.
  assert.deepEqual(split("max(h1, h2", 10, 0), { before: "max(h1, h2", fault: "", after: "" });
  assert.deepEqual(split("h1", 9, 3), { before: "h1", fault: "", after: "" });
});
