/** Writing a redacted value back into its parsed line, and the line back to text. */
import { hasNonJsonNumber, stringifyJson } from '../../core/json';

/** Sets `parent[key]` to the redacted text, as an own data property whatever the key. */
export function setSlot(parent: Record<string, unknown> | unknown[], key: string | number, v: string): void {
  if (Array.isArray(parent)) parent[key as number] = v;
  // defineProperty: an own `__proto__` key is a plain data property, which assignment would not reach
  else Object.defineProperty(parent, key, { value: v, writable: true, enumerable: true, configurable: true });
}

/** Non-JSON numbers (-0, ±Infinity from 1e400) written back as numbers that parse to the same value. */
export function serialize(v: Record<string, unknown> | unknown[]): string {
  if (!hasNonJsonNumber(v)) {
    try { return JSON.stringify(v); } catch { return stringifyJson(v); }
  }
  const mark = '\u0000seqscope-number:';
  const text = JSON.stringify(v, (_k, x) => (typeof x === 'number' && (Object.is(x, -0) || !Number.isFinite(x)) ? `${mark}${Object.is(x, -0) ? '-0' : x > 0 ? '1e400' : '-1e400'}` : x));
  return text.replace(/"\\u0000seqscope-number:(-0|1e400|-1e400)"/g, '$1');
}
