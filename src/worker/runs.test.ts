import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { synthesize } from '../synth/synthesizer';
import { formatJsonl } from '../synth/write';
import { openRunB } from './runs';

const s = synthesize({ seed: 6, events: 3000, contextTokens: 9000 });
const text = formatJsonl(s.header, s.events);
const enc = (t: string) => new TextEncoder().encode(t);

function changeResult(t: string): { text: string; seq: number } {
  const lines = t.split('\n');
  const k = lines.findIndex((l, i) => i > lines.length / 2 && l.startsWith('{"type":"tool/result"') && l.includes('"surfaceOp":"append"'));
  const rec = JSON.parse(lines[k]);
  rec.data.message.content[0].content = [{ type: 'text', text: 'line one\nline two changed' }];
  lines[k] = JSON.stringify(rec);
  return { text: lines.join('\n'), seq: rec.seq };
}

describe('RunsPeer', () => {
  it('aligns run B with run A: folded rows around the one difference, its excerpts, and its pair with both Surfaces', async () => {
    const a = await loadBytes(enc(text), { now: 0 });
    const m = changeResult(text);
    const peer = await openRunB(a, { bytes: enc(m.text).buffer, fileName: 'b.jsonl' });
    const info = peer.info();
    expect(info.firstDivergence).toEqual({ a: m.seq, b: m.seq, kind: 'tool-result' });
    expect(info.rows.map((r) => r.kind)).toEqual(['fold', 'turn', 'step', 'diff', 'fold']);
    expect(info.excerpts[0].b).toContain('line one line two changed');
    expect(info.b.name).toBe('b.jsonl');
    const pair = peer.pair(0);
    expect(pair.a.seq).toBe(m.seq);
    expect(pair.b.text).toBe('line one\nline two changed');
    expect(pair.lines.filter((l) => l.op === '+').map((l) => l.text)).toEqual(['line one', 'line two changed']);
    // the Surface at that point ends with the item itself on both sides; only it differs
    expect(pair.a.surface.at(-1)).toMatchObject({ seq: m.seq, same: false });
    expect(pair.b.surface.at(-1)).toMatchObject({ seq: m.seq, same: false });
    expect(pair.a.surface.slice(0, -1).every((n) => n.same)).toBe(true);
    expect(pair.a.surface.some((n) => n.standsFor !== undefined)).toBe(true);
    expect(peer.map(true, 1234)).toBe(1234);
  });

  it('refuses a run B that DSH refuses, saying which run, the file and why', async () => {
    const a = await loadBytes(enc(text), { now: 0 });
    const lines = text.split('\n');
    lines.splice(5, 0, 'xx');
    await expect(openRunB(a, { bytes: enc(lines.join('\n')).buffer, fileName: 'bad.jsonl' })).rejects.toThrow(/^Run B \(bad\.jsonl\) is refused \(corrupt\): Line 6\b/);
  });
});
