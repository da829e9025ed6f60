// Reading newline-delimited JSON as it arrives in chunks.

import assert from "node:assert/strict";
import { test } from "node:test";
import { LineReader } from "../../static/js/engine/ndjson.js";

test("lines split anywhere across chunks come out whole, in order", () => {
  const text = '{"type":"progress","expanded":1}\n{"type":"progress","expanded":2}\n\n{"type":"result","cost":14}\n';
  for (const size of [1, 2, 5, 17, text.length]) {
    const r = new LineReader();
    const out = [];
    for (let i = 0; i < text.length; i += size) out.push(...r.push(text.slice(i, i + size)));
    out.push(...r.end());
    assert.deepEqual(
      out.map((l) => l.type),
      ["progress", "progress", "result"],
      `chunks of ${size}`,
    );
  }
});

test("a last line without its newline is read at the end", () => {
  const r = new LineReader();
  assert.deepEqual(r.push('{"a":1}\n{"b"'), [{ a: 1 }]);
  assert.deepEqual(r.push(":2}"), []);
  assert.deepEqual(r.end(), [{ b: 2 }]);
});

test("a broken line is an error, not a skipped line", () => {
  const r = new LineReader();
  assert.throws(() => r.push("{nope}\n"), SyntaxError);
});
