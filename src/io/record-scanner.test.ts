import { describe, expect, it } from 'vitest';
import { closedToolTurn, headerRecord, jsonl, logBytes, stepStart, textChunk, turnEnd, turnStart, userMessage, utf8 } from '../testing/builders';
import { loadBytes } from './load';
import { RecordScanner, type ByteText } from './record-scanner';
import { isAsciiRange, latin1Text, webByteText } from './web-byte-text';

const scan = (text: string) => { const s = new RecordScanner(); s.push(utf8(text)); s.finish(); return s; };

describe('RecordScanner (persistence.md §3.5)', () => {
  it('preserves contiguous records and maps seqs to physical lines', () => {
    const s = scan(jsonl(closedToolTurn()));
    expect(s.log.length).toBe(8);
    expect(s.lineOfSeq(0)).toBe(2);
    expect(s.lineOfSeq(7)).toBe(9);
    expect(s.committedError()).toBeUndefined();
  });
  it('treats a final fragment without LF as a torn tail that is never parsed', () => {
    const s = scan(jsonl([turnStart(0, 1)]) + JSON.stringify(turnEnd(1, 1)));
    expect(s.log.length).toBe(1);
    expect(s.fragmentBytes).toBeGreaterThan(0);
    expect(s.committedError()).toBeUndefined();
  });
  it('gives the same result however the bytes are split across pushes or decoded in pieces', () => {
    const text = jsonl([...closedToolTurn(), turnStart(8, 2)]) + '{"torn';
    const bytes = utf8(text);
    for (const cut of [1, 7, 50, 200, bytes.length - 3]) for (const piece of [1, 40, 1 << 20]) {
      const s = new RecordScanner({ decodePiece: piece });
      s.push(bytes.subarray(0, cut)); s.push(bytes.subarray(cut)); s.finish();
      expect(s.log.length).toBe(9);
      expect(s.fragmentBytes).toBe(6);
    }
  });
  it('does not copy a push to complete the line carried into it: its records are noted from the pushed bytes', () => {
    const bytes = utf8(jsonl([...closedToolTurn(), turnStart(8, 2)]));
    for (const cut of [7, 200]) {
      const noted: Uint8Array[] = [];
      const s = new RecordScanner();
      const note = s.log.noteBytes.bind(s.log);
      s.log.noteBytes = (at, b) => { noted.push(b); note(at, b); };
      const second = bytes.slice(cut);
      s.push(bytes.slice(0, cut)); s.push(second); s.finish();
      expect(s.log.length).toBe(9);
      // the carried line is joined on its own; what follows its LF is noted as a view of the push itself
      expect(noted.at(-1)!.buffer).toBe(second.buffer);
      expect(noted.reduce((n, b) => n + b.length, 0)).toBe(bytes.length);
    }
  });
  it('forgives damage inside an open final turn: the stored prefix ends at the first bad record', () => {
    const s = scan(jsonl([turnStart(0, 1), stepStart(1, 1, 1)]) + 'garbage\n' + jsonl([textChunk(2, 'x')]));
    expect(s.log.length).toBe(2);
    expect(s.firstBad).toMatchObject({ line: 4, kind: 'unparsable' });
    expect(s.dropped.map((d) => d.reason)).toEqual(['unparsable', 'after-damage']);
    expect(s.committedError()).toBeUndefined();
  });
  it('places the first bad record at the same byte offset whatever the decode piece', () => {
    const good = jsonl([turnStart(0, 1), userMessage(1, 'u', 'é€𝄞'), stepStart(2, 1, 1)]);
    for (const piece of [1, 5, 90, 1 << 20]) {
      const s = new RecordScanner({ decodePiece: piece });
      s.push(utf8(good + 'garbage\n' + jsonl([textChunk(3, 'x')]))); s.finish();
      expect(s.firstBad).toMatchObject({ line: 5, byteOffset: utf8(good).length });
      expect(s.preservedBytes).toBe(utf8(good).length);
    }
  });
  it('makes damage committed when any later record is a turn/end', () => {
    const s = scan(jsonl([turnStart(0, 1)]) + 'garbage\n' + jsonl([turnEnd(2, 1)]));
    expect(s.committedError()).toMatchObject({ code: 'committed-unparsable', line: 3 });
    const gap = scan(jsonl([turnStart(0, 1), turnEnd(2, 1)]));
    expect(gap.committedError()).toMatchObject({ code: 'committed-seq-gap', line: 3 });
  });
  it('refuses a null record as corrupt with a sentence, not a crash', () => {
    expect(() => scan(jsonl([turnStart(0, 1)]) + 'null\n')).toThrow(/JSON literal null/);
  });
  it('keeps each line as its exact bytes, with multi-byte, astral and invalid UTF-8 text, however split or decoded', () => {
    const texts = ['plain', 'é', '€uro', '𝄞 clef', 'x'.repeat(300) + 'ü', '', '\u2028'];
    const events = texts.map((t, i) => userMessage(i, `u${i}`, t));
    const lines = events.map((e) => utf8(JSON.stringify(e)));
    // an invalid byte inside a string: it decodes to U+FFFD (3 bytes when re-encoded), not to itself
    const bad = utf8(JSON.stringify(userMessage(texts.length, 'ub', 'a#b')));
    bad[bad.indexOf(0x23)] = 0xff;
    lines.push(bad);
    lines.push(utf8(JSON.stringify({ type: 'text-chunks', seq0: texts.length + 1, time0: 5, data: { turn: 1, step: 1, index: 0, dt: [1, 1], texts: ['α', 'β', 'γ'] } })));
    const bytes = new Uint8Array(lines.reduce((n, l) => n + l.length + 1, 0));
    let o = 0;
    for (const l of lines) { bytes.set(l, o); o += l.length; bytes[o++] = 10; }
    for (const [cut, piece] of [[0, 1 << 20], [1, 1], [17, 7], [200, 64], [420, 1 << 20], [bytes.length - 1, 300], [bytes.length >> 1, 0]]) {
      const s = new RecordScanner({ decodePiece: piece });
      s.push(bytes.subarray(0, cut)); s.push(bytes.subarray(cut)); s.finish();
      expect(s.log.length).toBe(lines.length + 2);
      lines.forEach((l, i) => expect(s.log.lineBytes(i)).toEqual(l));
      expect(s.log.rawAt(texts.length + 3)).toMatchObject({ data: { chunk: { text: 'γ' } } });
    }
  });
  it('flags -0 values as non-JSON numbers', () => {
    const s = scan('{"type":"todo/write","seq":0,"time":0,"data":{"n":-0}}\n');
    expect(s.nonJsonNumberSeqs).toEqual([0]);
  });
  it('flags every number literal that parses to -0 or ±Infinity, and no finite one', () => {
    const bad = ['-0.0', '-1e-400', '-12e-999', '1e400', '-1E+400', '1e0400', '1' + '0'.repeat(309), '1' + '0'.repeat(250) + 'e60', '1' + '0'.repeat(300) + 'e9', '12345678901234567' + '0'.repeat(200) + '.5e99'];
    const fine = ['0', '1e5', '-1e-99', '12345678901234567', '5e-324', '-5e-324', '1.7976931348623157e308', '9'.repeat(308), '"-1e-400"'];
    const nonJson = (lit: string) => { const v: unknown = JSON.parse(lit); return typeof v === 'number' && (Object.is(v, -0) || !Number.isFinite(v)); };
    expect([bad.every(nonJson), fine.some(nonJson)]).toEqual([true, false]);
    const text = [...bad, ...fine].map((lit, seq) => `{"type":"todo/write","seq":${seq},"time":0,"data":{"n":${lit}}}\n`).join('');
    expect(scan(text).nonJsonNumberSeqs).toEqual(bad.map((_, i) => i));
  });
});

/** Byte-to-text primitives in plain JS, standing in for Node's native ones. */
const byteText: ByteText = {
  latin1: (b, start, end) => { let s = ''; for (let i = start; i < end; i++) s += String.fromCharCode(b[i]); return s; },
  isAscii: (b, start, end) => b.subarray(start, end).every((x) => x < 0x80),
};

describe('RecordScanner with a one-byte-per-byte decoder', () => {
  it('reads the same records, lines, flags and damage as the UTF-8 path, whatever the piece size', () => {
    const lits = ['-0', '1e400', '-1e-400', '1' + '0'.repeat(309), '5', '-0.5', '1e5', '12345678901234567'];
    // long ASCII pads put lines with other bytes in later blocks, and across block ends
    const pad = (seq: number) => 'a'.repeat((seq * 1777) % 5000);
    const events = lits.map((lit, seq) => `{"type":"todo/write","seq":${seq},"time":0,"data":{"id":"ad48190c-0fe8-4656-af40-c95e270a1c3b","p":"${pad(seq)}","t":"2026-01-08 ${seq % 3 ? 'plain' : 'é€𝄞'} ${seq}","n":${lit}}}\n`);
    const text = events.join('') + 'not json é\n' + events[0] + '{"torn é';
    const bytes = utf8(text);
    const outcome = (s: RecordScanner) => ({
      n: s.log.length, flags: s.nonJsonNumberSeqs, bad: s.firstBad, dropped: s.dropped, frag: s.fragmentBytes, lines: [0, 3, 7].map((q) => s.lineOfSeq(q)),
      events: Array.from({ length: s.log.length }, (_, q) => s.log.event(q)),
    });
    const plain = new RecordScanner(); plain.push(bytes); plain.finish();
    expect(outcome(plain).flags).toEqual([0, 1, 2, 3]);
    for (const piece of [1, 30, 200, 5000, 1 << 16]) {
      // the plain-JS primitives, and the web platform's the folder worker uses (fromCharCode text, word-wise isAscii)
      for (const [name, bt] of [['plain JS', byteText], ['web', webByteText]] as const) {
        const s = new RecordScanner({ decodePiece: piece, byteText: bt });
        s.push(bytes.subarray(0, 100)); s.push(bytes.subarray(100)); s.finish();
        expect(outcome(s), `${name}, piece ${piece}`).toEqual(outcome(plain));
      }
    }
  });
});

describe('isAsciiRange (the web ByteText)', () => {
  it('agrees with a byte-by-byte check on every range of bytes at every alignment', () => {
    const buf = new Uint8Array(64 + 3);
    for (let i = 0; i < buf.length; i++) buf[i] = 0x20 + ((i * 7) % 90);
    for (const hi of [-1, 0, 5, 31, 32, 47, 66]) {
      const bytes = buf.slice();
      if (hi >= 0) bytes[hi] = 0x80 | hi;
      // a view that starts off a 4-byte boundary of its buffer
      const view = bytes.subarray(1);
      for (let a = 0; a < view.length; a++) for (let b = a; b <= view.length; b++) {
        if (isAsciiRange(view, a, b) !== view.subarray(a, b).every((x) => x < 0x80)) expect.fail(`high byte at ${hi}: [${a}, ${b})`);
      }
    }
  });
  it('decodes one UTF-16 unit per byte, ASCII as itself', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = webByteText.latin1(bytes, 0, 256);
    expect(text.length).toBe(256);
    expect(text.slice(0, 128)).toBe(String.fromCharCode(...bytes.subarray(0, 128)));
  });
  it('decodes each byte of a range as the unit of its value, across the chunks it is made in', () => {
    // 10,000 bytes: ranges that start and end inside, at and across the 4,096-byte chunks
    const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 131 + (i >> 8)) & 0xff);
    for (const [a, b] of [[0, 0], [0, 1], [0, 4096], [1, 4097], [4095, 8193], [17, 10_000], [0, 10_000], [9999, 10_000]]) {
      const text = latin1Text(bytes, a, b);
      expect(text.length, `[${a}, ${b})`).toBe(b - a);
      for (let i = a; i < b; i++) if (text.charCodeAt(i - a) !== bytes[i]) expect.fail(`[${a}, ${b}): unit ${i - a} is ${text.charCodeAt(i - a)}, byte ${bytes[i]}`);
    }
  });
});

describe('loadBytes on plain JSONL', () => {
  it('reports torn bytes and still loads a log whose last line has no LF', async () => {
    const body = jsonl([headerRecord(), turnStart(0, 1), userMessage(1, 'u', 'x')]);
    const tail = '{"type":"turn/en';
    const r = await loadBytes(utf8(body + tail), { now: 0 });
    expect(r.verdict.ok).toBe(true);
    expect(r.tornBytes).toBe(tail.length);
    expect(r.closers.map((c) => c.type)).toEqual(['turn/end']);
  });
  it('refuses committed damage with the physical line of the bad record', async () => {
    const bytes = utf8(jsonl([headerRecord(), turnStart(0, 1)]) + 'xx\n' + jsonl([turnEnd(2, 1)]));
    const r = await loadBytes(bytes, { now: 0 });
    expect(r.verdict).toMatchObject({ ok: false, kind: 'corrupt', line: 3 });
    expect(r.session).toBeDefined();
  });
  it('refuses a newer header version as unsupported and a file without a header line as corrupt', async () => {
    expect((await loadBytes(logBytes([], headerRecord('s', { version: 1 })))).verdict).toMatchObject({ ok: false, kind: 'unsupported', line: 1 });
    expect((await loadBytes(utf8('{"type":"session"}'))).verdict).toMatchObject({ ok: false, kind: 'corrupt' });
  });
  it('refuses an unknown non-ignorable event type as unsupported but loads an ignorable one', async () => {
    const unk = { type: 'future/thing', seq: 0, time: 0, data: {} };
    expect((await loadBytes(logBytes([unk]))).verdict).toMatchObject({ ok: false, kind: 'unsupported', line: 2 });
    expect((await loadBytes(logBytes([{ ...unk, ignorable: true }]))).verdict.ok).toBe(true);
  });
});
