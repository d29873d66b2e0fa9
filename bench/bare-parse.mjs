// The CLI benchmarks' baseline: a bare Node process that reads each FILE, splits it on LF and
// JSON.parses every line, and nothing else. Prints the number of lines parsed.
import { readFileSync } from 'node:fs';

let n = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  for (let pos = 0; ;) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break;
    JSON.parse(text.slice(pos, nl));
    n++;
    pos = nl + 1;
  }
}
console.log(n);
