// Newline-delimited JSON, read as it arrives: chunks of text in, whole lines out. The HTTP
// engine reads the server's streams with it.

export class LineReader {
  constructor() {
    this.buf = "";
  }

  /**
   * Adds a chunk of text; returns the lines it completes, parsed (blank lines are skipped).
   * @param {string} chunk
   * @returns {unknown[]}
   */
  push(chunk) {
    this.buf += chunk;
    const out = [];
    let i = this.buf.indexOf("\n");
    while (i >= 0) {
      const line = this.buf.slice(0, i);
      this.buf = this.buf.slice(i + 1);
      if (line.trim()) out.push(JSON.parse(line));
      i = this.buf.indexOf("\n");
    }
    return out;
  }

  /**
   * The end of the stream: the last line, if it had no newline.
   * @returns {unknown[]}
   */
  end() {
    const rest = this.buf;
    this.buf = "";
    return rest.trim() ? [JSON.parse(rest)] : [];
  }
}
