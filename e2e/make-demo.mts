/**
 * Writes the built-in demo sessions into public/demo/ with the synthesizer. The demo wants a prune
 * and a compaction in ~3k events, so it lowers `contextTokens` (not exposed by `npm run synth`).
 * Run: npx tsx e2e/make-demo.ts
 */
import { writeFileSync } from 'node:fs';
import { synthesize } from '../src/synth/generate';
import { encodeZstd, formatJsonl } from '../src/synth/write';

const s = synthesize({ seed: 7, events: 3000, contextTokens: 6000 });
writeFileSync('public/demo/demo.jsonl', formatJsonl(s.header, s.events));
console.log(JSON.stringify(s.stats));
writeFileSync('public/demo/demo.jsonl.zstd', await encodeZstd(s.header, s.events));

const c = synthesize({ seed: 11, events: 400, contextTokens: 4000, crash: true });
writeFileSync('public/demo/crash.jsonl', formatJsonl(c.header, c.events));
console.log(JSON.stringify(c.stats));
