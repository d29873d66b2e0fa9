import { isFixedField } from '../io/redact/walk';

/**
 * A value with every redactable string replaced by `<s>`: what redaction must leave as it was (key
 * sets, numbers, booleans, ids and the other fixed fields, array lengths).
 */
export function skeleton(v: unknown, fixed = false): unknown {
  if (typeof v === 'string') return fixed ? v : '<s>';
  if (Array.isArray(v)) return v.map((x) => skeleton(x, fixed));
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, skeleton(x, fixed || isFixedField(k))]));
  }
  return v;
}
