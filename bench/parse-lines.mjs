// The bare parse the CLI benchmarks measure against: split text on LF and JSON.parse every whole
// line, nothing else. Plain JavaScript, so that bench/bare-parse.mjs runs in Node with no loader.

/** Parses every LF-terminated line of `text` (a last line without LF is left alone); returns how many. */
export function parseLines(text) {
  let n = 0;
  for (let pos = 0; ;) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break;
    JSON.parse(text.slice(pos, nl));
    n++;
    pos = nl + 1;
  }
  return n;
}
