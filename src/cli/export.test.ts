import { zipSync } from 'fflate';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { traceIdOf } from '../core/trace/ids';
import { LogWriter, bytesOf, traceFamily } from '../testing/trace-logs';
import { headerRecord, jsonl, utf8 } from '../testing/builders';
import { parseArgs, UsageError } from './args';
import { runExport } from './export';
import type { ExportOptions } from './export-args';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fam = traceFamily();
const put = (name: string, b: Uint8Array | string) => { const p = join(dir, name); writeFileSync(p, b); return p; };

/** Runs the command on `paths` and returns its exit code and what it printed. */
async function run(paths: string[], o: Partial<ExportOptions>): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [], err: string[] = [];
  const code = await runExport({ paths, content: false, redact: false, ...o }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

interface OtlpSpan { traceId: string; spanId: string; parentSpanId?: string; name: string }
const spansOf = (file: string): OtlpSpan[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));

describe('seqscope export', () => {
  // a folder: the family (children before parents by name), a refused log, and files that are no logs
  put('a-grandchild.jsonl', fam.grandchild); put('b-child.jsonl', fam.child); put('c-root.jsonl', fam.root); put('d-fork.jsonl', fam.fork);
  put('e-refused.jsonl', utf8(jsonl([headerRecord('bad-1'), { type: 'mystery/event', seq: 0, time: 1, data: {} }])));
  put('f-notes.jsonl', 'just some notes\n');
  put('g-image.jsonl', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));

  it('writes every session DSH loads into one OTLP/JSON document, sub-agents in their parent\'s trace', async () => {
    const out = join(dir, 'out.json');
    const r = await run([dir], { otlp: out });
    expect(r.code).toBe(0);
    expect(r.out).toEqual([`exported 4 sessions (18 spans) to ${out}; skipped 1 that DSH refuses`]);
    const spans = spansOf(out);
    expect(spans).toHaveLength(18);
    const traces = new Map<string, number>();
    for (const s of spans) traces.set(s.traceId, (traces.get(s.traceId) ?? 0) + 1);
    expect(Object.fromEntries(traces)).toEqual({ [traceIdOf('root-1')]: 8 + 4 + 3, [traceIdOf('fork-1')]: 3 });
    // every parent is a span of the document except the roots'
    const ids = new Set(spans.map((s) => s.spanId));
    expect(spans.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId))).toEqual([]);
    expect(spans.filter((s) => !s.parentSpanId).map((s) => s.name)).toEqual(['invoke_agent dsh', 'invoke_agent dsh']);
  });

  it('names the log DSH refuses on stderr with its refusal, and says nothing of files that are not logs', async () => {
    const r = await run([dir], { perfetto: join(dir, 'out.perfetto.json') });
    expect(r.code).toBe(0);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^seqscope: skipped .*e-refused\.jsonl: DSH refuses it \(unsupported, unknown-type\): Line 2, seq 0: Event type "mystery\/event" is unknown/);
    expect(r.err.join('\n')).not.toMatch(/notes|image/);
    const doc = JSON.parse(readFileSync(join(dir, 'out.perfetto.json'), 'utf8')) as { traceEvents: { ph: string; name: string }[] };
    expect(doc.traceEvents.filter((e) => e.ph === 'M' && e.name === 'process_name')).toHaveLength(4);
  });

  it('reads the sessions of an export ZIP', async () => {
    const zip = put('export.zip', zipSync({ 'session.jsonl': fam.root, 'subagents/child-1/session.jsonl': fam.child, 'subagents/grand-1/session.jsonl': fam.grandchild }));
    const out = join(dir, 'zip.json');
    const r = await run([zip], { otlp: out });
    expect(r).toMatchObject({ code: 0, err: [] });
    expect(spansOf(out)).toHaveLength(15);
    expect(new Set(spansOf(out).map((s) => s.traceId))).toEqual(new Set([traceIdOf('root-1')]));
  });

  it('exports content only with --content, and with --redact the redacted log\'s content', async () => {
    const key = 'sk-0123456789abcdef0123456789abcdef';
    const w = new LogWriter(1000);
    w.turnStart(); w.stepStart(); w.user(`deploy with DEEPSEEK_API_KEY=${key}`);
    w.chunk({ type: 'text-delta', index: 0, text: 'ok' }); w.assistant('', [{ id: 'c1', name: 'bash', args: `{"command":"echo ${key}"}` }]);
    const call = w.call('c1', 'bash', `{"command":"echo ${key}"}`); w.result('c1', key, call); w.stepEnd(); w.turnEnd();
    const file = put('secret.jsonl', bytesOf(headerRecord('secret-1'), w.events));
    const text = async (o: Partial<ExportOptions>) => {
      const out = join(dir, 'secret.json');
      const r = await run([file], { otlp: out, ...o });
      expect(r.code).toBe(0);
      return { line: r.out[0], json: readFileSync(out, 'utf8') };
    };
    const bare = await text({});
    expect(bare.json).not.toContain(key);
    expect(bare.json).not.toContain('deploy with');
    const content = await text({ content: true });
    expect(content.json).toContain(key);
    expect(content.json).toContain('gen_ai.tool.call.result');
    const redacted = await text({ content: true, redact: true });
    expect(redacted.json).not.toContain(key);
    expect(redacted.json).toContain('deploy with');
    expect(redacted.line).toMatch(/, [1-9]\d* secrets? redacted$/);
  });

  it('says when there is nothing to export', async () => {
    const r = await run([join(dir, 'f-notes.jsonl')], { otlp: join(dir, 'none.json') });
    expect(r.code).toBe(2);
    expect(r.err[0]).toMatch(/no DSH session logs/);
  });

  it('exit 1 when an output cannot be written, said before any log is read', async () => {
    for (const o of [{ otlp: join(dir, 'no-such-dir', 'out.json') }, { perfetto: join(dir, 'no-such-dir', 'out.perfetto.json') }]) {
      const r = await run([dir], o);
      expect(r.code).toBe(1);
      expect(r.err).toEqual([expect.stringMatching(/^seqscope: cannot write the output: ENOENT/)]);
      expect(r.out).toEqual([]);
    }
  });

  it('parses its options, and refuses the ones that do not go together', () => {
    expect(parseArgs(['export', 'a', '--otlp', 'o.json'])).toEqual({ cmd: 'export', opts: { paths: ['a'], otlp: 'o.json', endpoint: undefined, perfetto: undefined, content: false, redact: false } });
    expect(parseArgs(['export', 'a', '--otlp', '--endpoint', 'http://127.0.0.1:4318/v1/traces', '--perfetto', 'p.json', '--content'])).toMatchObject({ opts: { endpoint: 'http://127.0.0.1:4318/v1/traces', perfetto: 'p.json', content: true } });
    for (const bad of [['export', 'a'], ['export', '--otlp', 'o.json'], ['export', 'a', '--endpoint', 'http://x'], ['export', 'a', '--otlp'], ['export', 'a', '--otlp', 'o', '--endpoint', 'http://x'],
      ['export', 'a', '--otlp', '--endpoint', 'ftp://x'], ['export', 'a', '--perfetto'], ['export', 'a', '--otlp', 'o', '--redact'], ['export', 'a', '--otlp', 'o', '--zip']]) {
      expect(() => parseArgs(bad), bad.join(' ')).toThrow(UsageError);
    }
  });
});

