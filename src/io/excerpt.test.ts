import { describe, expect, it } from 'vitest';
import { maskedExcerpt } from './excerpt';

const KEY = 'sk-' + 'ab12'.repeat(8);

describe('maskedExcerpt', () => {
  it('keeps a bounded window around the hit and marks where the hit is', () => {
    const text = 'x'.repeat(500) + 'NEEDLE' + 'y'.repeat(500);
    const e = maskedExcerpt(text, 500, 506);
    expect(e.text.length).toBeLessThan(140);
    expect(e.text.slice(e.start, e.end)).toBe('NEEDLE');
    expect(e.text.startsWith('…') && e.text.endsWith('…')).toBe(true);
  });

  it('masks a credential even when the window cuts it, and the hit inside a credential is the mask', () => {
    const text = `key ${KEY} then ` + 'z'.repeat(40) + 'NEEDLE';
    const hit = text.indexOf('NEEDLE');
    const e = maskedExcerpt(text, hit, hit + 6);
    expect(e.text).not.toMatch(/ab12ab12/);
    expect(e.text).toContain('[REDACTED:deepseek-api-key]');
    const inside = maskedExcerpt(text, 8, 12);
    expect(inside.text.slice(inside.start, inside.end)).toBe('[REDACTED:deepseek-api-key]');
  });

  it('shows control characters as escapes, never raw', () => {
    const e = maskedExcerpt('a\u001b[31mred\nb', 0, 1);
    expect(e.text).toBe('a\\u001b[31mred⏎b');
  });
});
