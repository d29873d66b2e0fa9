import { describe, expect, it } from 'vitest';
import { COPY_LIMIT, keepByReference } from './keep-policy';

describe('keepByReference (issue 29: what the library copies)', () => {
  const room = (quota: number, usage: number) => async () => ({ quota, usage });
  it('copies a file that fits, and lists by reference one past 1 GiB or past the room the browser has left', async () => {
    expect(COPY_LIMIT).toBe(2 ** 30);
    expect(await keepByReference(10 << 20, room(1e12, 0))).toBe(false);
    expect(await keepByReference(COPY_LIMIT + 1, room(1e12, 0))).toBe(true);
    expect(await keepByReference(COPY_LIMIT, room(1e12, 0))).toBe(false);
    // 100 MiB with 105 MiB left: the copy and its tenth to spare do not fit
    expect(await keepByReference(100 << 20, room(205 << 20, 100 << 20))).toBe(true);
    expect(await keepByReference(100 << 20, room(300 << 20, 100 << 20))).toBe(false);
  });
  it('copies when the browser says nothing of its room, or fails to', async () => {
    expect(await keepByReference(10 << 20, undefined)).toBe(false);
    expect(await keepByReference(10 << 20, async () => ({}))).toBe(false);
    expect(await keepByReference(10 << 20, () => Promise.reject(new Error('no')))).toBe(false);
  });
});
