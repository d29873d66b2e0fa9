/**
 * Redaction keeps DSH's verdict: every file of the conformance corpus and of the fixtures, with
 * credentials planted in every string, in streamed deltas split across members and in the raw
 * text of lines that do not parse, loads the same after redaction (ok with the same events,
 * refused with the same sentence and line, torn where it was torn), and holds none of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_DIR, FIXTURES_DIR, REPO_ROOT } from '../../testing/corpus';
import { verdictShape } from '../../testing/skeleton';
import { concatBytes } from '../bytes';
import { loadBytes } from '../load';
import { redactFile } from './index';
import { isFixedField } from './walk';

const dirs = [CONFORMANCE_DIR, path.join(FIXTURES_DIR, 'dsh-test-logs'), path.join(FIXTURES_DIR, 'derived-samples')];
const files = dirs.filter(existsSync).flatMap((d) => readdirSync(d).filter((f) => /\.jsonl(\.zstd)?$/.test(f)).map((f) => path.join(d, f)));

const HEX = 'f3a9c1e7b5d20486'.repeat(2);
const KEY = `sk-${HEX}`;

/** Appends the key to every redactable string; splits it across the first two members of a packed row. */
function plant(v: unknown, fixed = false, depth = 0): unknown {
  if (typeof v === 'string') return fixed ? v : `${v} ${KEY} `;
  if (depth > 200) return v;
  if (Array.isArray(v)) return v.map((x) => plant(x, fixed, depth + 1));
  if (typeof v !== 'object' || v === null) return v;
  const o = v as Record<string, unknown>;
  const out = Object.fromEntries(Object.entries(o).map(([k, x]) => [k, plant(x, fixed || isFixedField(k), depth + 1)]));
  const d = o.data as Record<string, unknown> | undefined;
  const members = d && (Array.isArray(d.texts) ? 'texts' : Array.isArray(d.args) ? 'args' : undefined);
  if (typeof o.seq0 === 'number' && members && (d[members] as unknown[]).length >= 2 && (d[members] as unknown[]).every((x) => typeof x === 'string')) {
    const m = (d[members] as string[]).slice();
    m[0] += ` ${KEY.slice(0, 11)}`; m[1] = `${KEY.slice(11)} ${m[1]}`;
    out.data = { ...(out.data as object), [members]: m };
  }
  return out;
}

function plantText(text: string): string {
  const lines = text.split('\n');
  return lines.map((l, i) => {
    const torn = i === lines.length - 1;
    if (torn) return l.length ? `${l} ${KEY}` : l;
    let v: unknown;
    try { v = JSON.parse(l); } catch { return `${l} ${KEY}`; }
    if (typeof v !== 'object' || v === null) return l;
    try { return JSON.stringify(plant(v)); } catch { return l; } // nesting too deep to write back: left as it is
  }).join('\n');
}

describe('redaction keeps the verdict', () => {
  it('finds the corpus and the fixtures', () => { expect(files.length).toBeGreaterThan(100); });
  for (const file of files) {
    it(path.relative(REPO_ROOT, file), async () => {
      const raw = new Uint8Array(readFileSync(file));
      const zstd = file.endsWith('.zstd');
      const input = zstd ? raw : new TextEncoder().encode(plantText(new TextDecoder().decode(raw)));
      const before = await loadBytes(input, { now: 0 });
      const parts: Uint8Array[] = [];
      try { await redactFile(input, (b) => parts.push(b)); } catch (err) {
        // a zstd frame that does not decode cannot be redacted: refused, as DSH refuses the file
        expect((err as { code?: string }).code).toBe('redact-zstd-damage');
        expect(before.verdict.ok).toBe(false);
        return;
      }
      const out = concatBytes(parts);
      const after = await loadBytes(out, { now: 0 });
      // a refusal that quotes a planted value quotes it redacted
      const shape = JSON.parse(JSON.stringify(verdictShape(before)).replaceAll(KEY, '[REDACTED:deepseek-api-key]'));
      expect(verdictShape(after)).toEqual(shape);
      if (!zstd) expect(new TextDecoder().decode(out)).not.toContain(HEX);
      if (before.header?.cwd?.startsWith('/')) expect(after.header!.cwd).toMatch(/^\//);
    });
  }
});
