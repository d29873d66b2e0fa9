// The CLI benchmark's baseline: a bare Node process that reads FILE, splits it on LF and
// JSON.parses every line, and nothing else. Prints the number of lines parsed.
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8');
let n = 0;
for (let pos = 0; ;) {
  const nl = text.indexOf('\n', pos);
  if (nl < 0) break;
  JSON.parse(text.slice(pos, nl));
  n++;
  pos = nl + 1;
}
console.log(n);
