/**
 * The log bytes a bundle carries, written as the text of a raw-text element in a windows-1252
 * page. A windows-1252 page reads every byte as one character, so bytes go in as they are and the
 * bundle is barely larger than the compressed log (base64 would add a third). Four bytes cannot
 * stand as themselves and are escaped as `=` followed by the byte plus 64: NUL (the HTML parser
 * turns it into U+FFFD), CR (the parser turns CR and CRLF into LF), `<` (so no `</script` can end
 * the element early) and `=` itself. Pure; runs in the page, the worker and Node.
 */

const ESC = 0x3d;
const SHIFT = 64;
/** 1 where a byte must be escaped. */
const MUST_ESCAPE = new Uint8Array(256);
for (const b of [0x00, 0x0d, 0x3c, ESC]) MUST_ESCAPE[b] = 1;

/** The bytes of the element's text for `log`. */
export function encodePayload(log: Uint8Array): Uint8Array {
  let extra = 0;
  for (let i = 0; i < log.length; i++) extra += MUST_ESCAPE[log[i]];
  const out = new Uint8Array(log.length + extra);
  let o = 0;
  for (let i = 0; i < log.length; i++) {
    const b = log[i];
    if (MUST_ESCAPE[b]) { out[o++] = ESC; out[o++] = (b + SHIFT) & 0xff; } else out[o++] = b;
  }
  return out;
}

export class PayloadError extends Error {
  readonly code = 'bundle-payload';
}

const cut = () => new PayloadError('The bundle\'s log ends inside an escape: the file was cut short or edited.');

/** Decodes one element's bytes (as Node reads the file) into `out` at `at`; returns where it ended. */
export function decodePayloadBytesInto(text: Uint8Array, out: Uint8Array, at: number): number {
  let o = at;
  for (let i = 0; i < text.length; i++) {
    const b = text[i];
    if (b !== ESC) { out[o++] = b; continue; }
    if (++i >= text.length) throw cut();
    out[o++] = (text[i] - SHIFT) & 0xff;
  }
  return o;
}

/** The log back from one element's bytes. */
export function decodePayloadBytes(text: Uint8Array): Uint8Array {
  const out = new Uint8Array(text.length);
  return out.slice(0, decodePayloadBytesInto(text, out, 0));
}

/**
 * windows-1252 reads bytes 0x80–0x9F as these characters (WHATWG Encoding, index-windows-1252);
 * the five bytes it leaves undefined read as U+0080 + their own value.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
/** Character code → byte, for every character a windows-1252 page reads; 0xffff marks any other. */
const BYTE_OF = new Uint16Array(0x2123).fill(0xffff);
for (let b = 0; b < 256; b++) BYTE_OF[b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : b] = b;

/**
 * Decodes one element's text as a windows-1252 page reads it (`textContent`) into `out` at `at`;
 * returns where it ended. `out` must have room: a piece never decodes longer than its text.
 */
export function decodePayloadTextInto(text: string, out: Uint8Array, at: number): number {
  let o = at;
  const byteAt = (i: number): number => {
    const c = text.charCodeAt(i);
    const b = c < BYTE_OF.length ? BYTE_OF[c] : 0xffff;
    if (b === 0xffff) throw new PayloadError(`The bundle's log holds a character (U+${c.toString(16).toUpperCase().padStart(4, '0')}) no byte reads as: the page was not read as windows-1252, or the file was edited.`);
    return b;
  };
  for (let i = 0; i < text.length; i++) {
    const b = byteAt(i);
    if (b !== ESC) { out[o++] = b; continue; }
    if (++i >= text.length) throw cut();
    out[o++] = (byteAt(i) - SHIFT) & 0xff;
  }
  return o;
}

/** The log back from one element's text. */
export function decodePayloadText(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  return out.slice(0, decodePayloadTextInto(text, out, 0));
}

/** How a windows-1252 page reads `bytes` (for tests: what `textContent` gives). */
export function readAsWindows1252(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const part = bytes.subarray(i, i + 8192);
    s += String.fromCharCode(...Array.from(part, (b) => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : b)));
  }
  return s;
}
