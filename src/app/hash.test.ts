import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from './hash';

describe('hash', () => {
  it('round-trips', () => {
    const h = { session: 'demo:demo.jsonl', view: 'surface' as const, cursor: 42, sel: 7, a: 3, b: 40, tour: 'tour-abc_1' };
    expect(parseHash(formatHash(h))).toEqual(h);
  });
  it('ignores junk', () => {
    expect(parseHash('#view=evil&cursor=-1&sel=abc&a=x&b=1e3&tour=../x')).toEqual({});
  });
});
