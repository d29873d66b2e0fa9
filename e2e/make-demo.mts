/**
 * Writes the built-in demo sessions into public/demo/ with the synthesizer (each < 1 MB):
 * - demo.jsonl / demo.jsonl.zstd: a long session with prunes and compactions (lowered `contextTokens`);
 * - tool-round.jsonl: one short turn with a tool round;
 * - crash.jsonl: a session that stops mid-turn (loading synthesizes crash-repair closers);
 * - fork-parent.jsonl / fork-child.jsonl, and fork-pair.zip: the pair as DSH's export ZIP (root,
 *   subagents/<child id>/session.jsonl, media/<attachment id>.png), the first user message carrying an image;
 * - refused.jsonl: a synth log with one damaged committed line (DSH refuses it as corrupt).
 * Run: npx tsx e2e/make-demo.mts
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { loadBytes } from '../src/io/load';
import { synthesize, synthesizeFork } from '../src/synth/generate';
import { encodeZstd, formatJsonl } from '../src/synth/write';

const out = (name: string, data: string | Uint8Array) => {
  writeFileSync(`public/demo/${name}`, data);
  const n = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  if (n >= 1 << 20) throw new Error(`${name} is ${n} bytes, over the 1 MB demo budget`);
  return n;
};
const check = async (name: string, want: 'ok' | 'refused') => {
  const r = await loadBytes(new Uint8Array(Buffer.from(await import('node:fs').then((f) => f.readFileSync(`public/demo/${name}`)))), { now: 0 });
  if ((r.verdict.ok ? 'ok' : 'refused') !== want) throw new Error(`${name}: expected ${want}, got ${JSON.stringify(r.verdict)}`);
  console.log(`${name}: ${want}, ${r.session?.log.length ?? 0} events, ${r.timeline?.compactionSeqs.length ?? 0} compactions`);
};

const s = synthesize({ seed: 7, events: 3000, contextTokens: 6000 });
out('demo.jsonl', formatJsonl(s.header, s.events));
out('demo.jsonl.zstd', await encodeZstd(s.header, s.events));
await check('demo.jsonl', 'ok');

const c = synthesize({ seed: 11, events: 400, contextTokens: 4000, crash: true });
out('crash.jsonl', formatJsonl(c.header, c.events));
await check('crash.jsonl', 'ok');

const t = synthesize({ seed: 1, events: 80, contextTokens: 64000 });
out('tool-round.jsonl', formatJsonl(t.header, t.events));
await check('tool-round.jsonl', 'ok');
if (!t.events.some((e) => e.type === 'tool/result')) throw new Error('tool-round.jsonl has no tool round');

// A fork pair; the first user message (inherited by the child) carries an image attachment.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAIAQMAAAD+wSzIAAAABlBMVEX///+/v7+jQ3Y5AAAADklEQVQI12P4AIX8EAgALgAD/aNpbtIAAAAASUVORK5CYII=', 'base64');
const attachmentId = `sha256:${createHash('sha256').update(PNG).digest('hex')}`;
const withImage = (text: string) => {
  let done = false;
  return text.split('\n').map((line) => {
    if (done || !line.includes('"type":"user/message"')) return line;
    done = true;
    const rec = JSON.parse(line);
    rec.data.content.push({ type: 'image', attachment: { attachmentId, mediaType: 'image/png', name: 'screenshot.png', size: PNG.length } });
    return JSON.stringify(rec);
  }).join('\n');
};
const f = synthesizeFork({ seed: 21, events: 600, contextTokens: 5000, childEvents: 250 });
const parentText = withImage(formatJsonl(f.parent.header, f.parent.events));
const childText = withImage(formatJsonl(f.child.header, f.child.events));
out('fork-parent.jsonl', parentText);
out('fork-child.jsonl', childText);
await check('fork-parent.jsonl', 'ok');
await check('fork-child.jsonl', 'ok');
const safe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');
out('fork-pair.zip', zipSync({
  'session.jsonl': Buffer.from(parentText),
  [`subagents/${safe(f.child.header.id)}/session.jsonl`]: Buffer.from(childText),
  [`media/${attachmentId}.png`]: new Uint8Array(PNG),
}, { level: 6 }));
console.log(`fork-pair.zip: parent ${f.parent.header.id}, child ${f.child.header.id} (seedLength ${f.child.header.seedLength}), image ${attachmentId}`);

// A refused file: one committed line in the middle cut short (a later turn/end makes it corruption, not a torn tail).
const r = synthesize({ seed: 9, events: 200, contextTokens: 64000 });
const lines = formatJsonl(r.header, r.events).split('\n');
const k = Math.floor(lines.length / 2);
lines[k] = lines[k].slice(0, Math.floor(lines[k].length / 2));
out('refused.jsonl', lines.join('\n'));
await check('refused.jsonl', 'refused');
