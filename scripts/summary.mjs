// Prints the one closing line CI reads: "N passed, N failed". Exits 1 on any failure or missing report.
import { readFileSync, existsSync } from 'node:fs';

let passed = 0, failed = 0;
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);
const unit = read('reports/vitest.json');
if (unit) { passed += unit.numPassedTests; failed += unit.numFailedTests || unit.numFailedTestSuites || 0; }
else { console.log('unit report missing'); failed += 1; }
const e2e = read('reports/e2e.json');
if (e2e) { passed += e2e.stats.expected + e2e.stats.flaky; failed += e2e.stats.unexpected + (e2e.errors?.length ?? 0); }
else { console.log('e2e report missing'); failed += 1; }
// each browser fuzz case is one check: ok or refused passes, a crash or a hang fails
const fuzz = read('reports/fuzz-browser.json');
if (fuzz) { passed += fuzz.ok + fuzz.refused; failed += fuzz.crashes + fuzz.hangs; }
else { console.log('browser fuzz report missing'); failed += 1; }
if (existsSync('reports/typecheck.failed')) { console.log('typecheck failed'); failed += 1; }
if (existsSync('reports/lint.failed')) { console.log('lint failed'); failed += 1; }
if (passed === 0) { console.log('no test ran'); failed += 1; }
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
