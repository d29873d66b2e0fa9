// The CLI benchmarks' baseline: a bare Node process that reads each FILE, splits it on LF and
// JSON.parses every line, and nothing else. Prints the number of lines parsed. A file is read 64 MiB
// at a time (a 4 GiB log is longer than V8's longest string), each piece cut after its last LF.
import { closeSync, openSync, readSync } from 'node:fs';
import { TextDecoder } from 'node:util';
import { parseLines } from './parse-lines.mjs';

const PIECE = 64 << 20;
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

let n = 0;
for (const file of process.argv.slice(2)) {
  const fd = openSync(file, 'r');
  let carry = Buffer.alloc(0);
  for (;;) {
    const buf = Buffer.allocUnsafe(PIECE);
    const got = readSync(fd, buf, 0, PIECE, null);
    const bytes = carry.length ? Buffer.concat([carry, buf.subarray(0, got)]) : buf.subarray(0, got);
    const last = got === 0 ? bytes.length : bytes.lastIndexOf(10) + 1;
    n += parseLines(decoder.decode(bytes.subarray(0, last)));
    carry = bytes.subarray(last);
    if (got === 0) break;
  }
  closeSync(fd);
}
console.log(n);
