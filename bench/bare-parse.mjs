// The CLI benchmarks' baseline: a bare Node process that reads each FILE, splits it on LF and
// JSON.parses every line, and nothing else. Prints the number of lines parsed.
import { readFileSync } from 'node:fs';
import { parseLines } from './parse-lines.mjs';

let n = 0;
for (const file of process.argv.slice(2)) n += parseLines(readFileSync(file, 'utf8'));
console.log(n);
