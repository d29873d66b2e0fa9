import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bundleCsp } from '../security-headers';
import { buildBundle, extractBundle, formatInertJson, LEAD_BYTES, LOG_CLASS, META_ID, parseBundleMeta, PIECE_BYTES, type BundleMeta } from './bundle-file';
import { decodePayloadBytes, decodePayloadText, decodePayloadTextInto, encodePayload, readAsWindows1252 } from './bundle-payload';
import { BUNDLE_MARKER, BUNDLE_REST_MARKER, escapeInlineScript, escapeInlineStyle, formatBundleTemplate } from './bundle-template';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Seqscope</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const APP_JS = 'const s = "</script><!-- \u2026 \u2028 $& $1"; const r = /<\\/script>/u; globalThis.__out = [s, r.test("</script>"), `x\u00e9${1}`];';
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64');
const BOOT_JS = 'globalThis.__boot = "</script>\u00e9";';
const template = formatBundleTemplate({ html: INDEX, boot: BOOT_JS, js: APP_JS, css: '.a::before{content:"\u25be "}', cspFor: (s) => bundleCsp(s.map(sha)), favicon: '<svg/>' });

/** Every byte value, each escaped one in runs, and a log-like tail without LF. */
function awkwardBytes(): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < 256; i++) out.push(i);
  out.push(0x3d, 0x3d, 0x3c, 0x2f, 0x73, 0x0d, 0x0a, 0x0d, 0x00, 0x3d);
  for (let i = 0; i < 5000; i++) out.push((i * 7919 + 13) & 0xff);
  out.push(...new TextEncoder().encode('{"type":"x","text":"</script>\u2028\u2029"}'));
  return new Uint8Array(out);
}

/** The text of every element whose start tag ends with `attr>`, as an HTML parser reads a windows-1252 page. */
const textsOf = (html: Uint8Array, attr: string): string[] => {
  const s = readAsWindows1252(html);
  const out: string[] = [];
  for (let at = s.indexOf(`${attr}>`); at >= 0; at = s.indexOf(`${attr}>`, at + 1)) {
    const open = at + attr.length + 1;
    // the HTML parser ends a script element's text at the first `</script` (ASCII case-insensitive)
    const end = /<\/script/gi;
    end.lastIndex = open;
    out.push(s.slice(open, end.exec(s)!.index));
  }
  return out;
};
const textOf = (html: Uint8Array, id: string) => textsOf(html, `id="${id}"`)[0];
/** The carried log as the page reads it back from its pieces. */
const pageLog = (html: Uint8Array): Uint8Array => {
  const pieces = textsOf(html, `class="${LOG_CLASS}"`);
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let n = 0;
  for (const p of pieces) n = decodePayloadTextInto(p, out, n);
  return out.slice(0, n);
};

describe('bundle payload', () => {
  it('round-trips every byte through the text a windows-1252 page reads, and through the raw bytes', () => {
    const log = awkwardBytes();
    const enc = encodePayload(log);
    expect(decodePayloadText(readAsWindows1252(enc))).toEqual(log);
    expect(decodePayloadBytes(enc)).toEqual(log);
  });

  it('holds no NUL, CR or `<`, and grows only by its escapes', () => {
    const log = awkwardBytes();
    const enc = encodePayload(log);
    expect([0x00, 0x0d, 0x3c].some((b) => enc.includes(b))).toBe(false);
    const escaped = log.filter((b) => b === 0 || b === 0x0d || b === 0x3c || b === 0x3d).length;
    expect(enc.length).toBe(log.length + escaped);
  });

  it('refuses text no windows-1252 byte reads as, and a cut escape', () => {
    expect(() => decodePayloadText('ab\u4e00')).toThrow(/U\+4E00/);
    expect(() => decodePayloadBytes(new Uint8Array([0x41, 0x3d]))).toThrow(/escape/);
  });
});

describe('bundle file', () => {
  const meta: BundleMeta = {
    version: 1, name: 'l\u00f6g</script>.jsonl', size: 0, open: { cursor: 3, view: 'surface', sel: 2, a: 1, b: 3 },
    tour: { version: 1, session: { id: 's' }, steps: [{ seq: 1, view: 'log', caption: 'see </script><!-- \u2028\u2029 \u00e9' }] },
  };

  it('round-trips the log and the facts; the facts cannot end their element and stay ASCII', () => {
    const log = awkwardBytes();
    const html = buildBundle(template, log, { ...meta, size: log.length });
    const x = extractBundle(html);
    expect(x.log).toEqual(log);
    expect(x.meta).toEqual({ ...meta, size: log.length });
    // what a page's parser would read: the same facts and the same log
    expect(parseBundleMeta(textOf(html, META_ID))).toEqual({ ...meta, size: log.length });
    expect(pageLog(html)).toEqual(log);
    const metaText = textOf(html, META_ID);
    expect(metaText).not.toMatch(/[^\x20-\x7e]|<|>/);
    expect(formatInertJson('\u2028')).toBe('"\\u2028"');
  });

  it('outside the log, every byte is ASCII', () => {
    const log = awkwardBytes();
    const html = readAsWindows1252(buildBundle(template, log, { ...meta, size: log.length }));
    const outside = html.split(`class="${LOG_CLASS}">`).map((part, i) => (i === 0 ? part : part.slice(part.indexOf('</script>')))).join('');
    // eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
    expect(outside).not.toMatch(/[^\x00-\x7f]/);
  });

  it('refuses a file cut short, a file that is no bundle, and facts that do not hold', () => {
    const log = awkwardBytes();
    const html = buildBundle(template, log, { ...meta, size: log.length });
    const s = readAsWindows1252(html);
    const cut = s.indexOf(`class="${LOG_CLASS}">`) + 100;
    const short = new Uint8Array([...html.subarray(0, cut), ...html.subarray(html.length - 40)]);
    expect(() => extractBundle(short)).toThrow(/cut short or edited/);
    expect(() => extractBundle(new TextEncoder().encode(INDEX))).toThrow(/not a Seqscope bundle/);
    expect(() => parseBundleMeta('{"version":2,"name":"a","size":1}')).toThrow(/newer Seqscope/);
    expect(() => parseBundleMeta('{"version":1,"name":"a","size":1,"open":{"view":"x"}}')).toThrow(/open.view/);
    expect(() => parseBundleMeta('{"version":1,"name":"a","size":1,"tour":{"version":1}}')).toThrow(/tour/);
    expect(() => parseBundleMeta('{"version":1,"name":"a","size":1,"__proto__":{"x":1}}')).not.toThrow();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('splits a long log into pieces the page reads back in order: its first LEAD_BYTES before the app\'s script, the rest after it', () => {
    const log = new Uint8Array(LEAD_BYTES + PIECE_BYTES * 2 + 5000).map((_, i) => (i * 31 + (i >> 9)) & 0xff);
    const html = buildBundle(template, log, { version: 1, name: 'a', size: log.length });
    expect(textsOf(html, `class="${LOG_CLASS}"`)).toHaveLength(LEAD_BYTES / PIECE_BYTES + 3);
    const s = readAsWindows1252(html), app = s.indexOf('<script>', s.indexOf('<script>') + 1);
    const pieceAt = [...s.matchAll(new RegExp(`class="${LOG_CLASS}">`, 'g'))].map((m) => m.index);
    expect(pieceAt.filter((at) => at < app)).toHaveLength(LEAD_BYTES / PIECE_BYTES);
    expect(s.indexOf(`id="${META_ID}"`)).toBeLessThan(pieceAt[0]);
    // (Buffer.equals: a deep toEqual over half a megabyte takes seconds)
    expect(Buffer.from(pageLog(html)).equals(log)).toBe(true);
    expect(Buffer.from(extractBundle(html).log).equals(log)).toBe(true);
  });

  it('refuses a template without the marker', () => {
    expect(() => buildBundle(INDEX, new Uint8Array(1), { version: 1, name: 'a', size: 1 })).toThrow(/marker/);
  });
});

describe('bundle template', () => {
  it('is ASCII, reads as windows-1252, and its CSP lets only its own inline script run, with no fetch and no self', () => {
    // eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
    expect(template).not.toMatch(/[^\x00-\x7f]/);
    expect(template.indexOf('<meta charset="windows-1252" />')).toBeLessThan(template.indexOf('<meta http-equiv="Content-Security-Policy"'));
    const csps = [...template.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)].map((m) => m[1]);
    expect(csps).toHaveLength(1);
    const scripts = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(2);
    expect(csps[0]).toContain(`script-src 'sha256-${sha(scripts[0])}' 'sha256-${sha(scripts[1])}' 'wasm-unsafe-eval'`);
    expect(csps[0]).toContain("connect-src 'none'");
    expect(csps[0]).toContain("default-src 'none'");
    expect(csps[0]).not.toContain("'self'");
    expect(csps[0]).not.toContain("'unsafe-eval'");
    expect(template).not.toMatch(/src="\/assets|href="\/assets|href="\/favicon/);
    // the first script, then the facts and the log's first pieces, the app's script, the rest of the log;
    // the page knows from the head that it is a bundle
    expect(scripts[0]).toBe(escapeInlineScript(BOOT_JS));
    expect(scripts[1]).toBe(escapeInlineScript(APP_JS));
    expect(template.indexOf(BUNDLE_MARKER)).toBeGreaterThan(template.indexOf(scripts[0]));
    expect(template.indexOf(BUNDLE_MARKER)).toBeLessThan(template.indexOf(scripts[1]));
    expect(template.indexOf(BUNDLE_REST_MARKER)).toBeGreaterThan(template.indexOf(scripts[1]));
    expect(template.indexOf('<meta name="seqscope-bundle" content="1" />')).toBeLessThan(template.indexOf('</head>'));
  });

  it('escapes the script to ASCII without changing what it does, and no `</script` or `<!--` is left in it', () => {
    const escaped = escapeInlineScript(APP_JS);
    // eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
    expect(escaped).not.toMatch(/[^\x00-\x7f]|<\/script|<!--/i);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the escaped script to show it behaves as the original
    const run = (js: string) => { new Function(js)(); return (globalThis as { __out?: unknown }).__out; };
    expect(run(escaped)).toEqual(run(APP_JS));
    expect(escapeInlineStyle('a{content:"\u25be"}</style>')).toBe('a{content:"\\25be "}\\3C/style>');
  });
});
