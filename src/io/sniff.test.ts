import { describe, expect, it } from 'vitest';
import { nameForeignFormat } from './sniff';
import { openBytes } from './open';

const enc = (s: string) => new TextEncoder().encode(s);
const header = '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/x","delegationDepth":0}\n';

describe('nameForeignFormat', () => {
  it('names files that are clearly not session logs', () => {
    expect(nameForeignFormat(new Uint8Array(0))).toBe('an empty file');
    expect(nameForeignFormat(enc(' \n\n'))).toBe('an empty file');
    expect(nameForeignFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('a PNG image');
    expect(nameForeignFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('a JPEG image');
    expect(nameForeignFormat(enc('%PDF-1.7\n'))).toBe('a PDF document');
    expect(nameForeignFormat(new Uint8Array([0x1f, 0x8b, 8, 0]))).toBe('a gzip archive');
    expect(nameForeignFormat(enc('<!DOCTYPE html>\n<html lang="en"><head>'))).toBe('an HTML page');
    expect(nameForeignFormat(enc('\n  <html>\n'))).toBe('an HTML page');
    expect(nameForeignFormat(new Uint8Array([0x7b, 0x22, 0, 0x9f, 0x80]))).toBe('binary data');
    expect(nameForeignFormat(new Uint8Array([0xc3, 0x28, 0xa0, 0xa1]))).toBe('binary data');
  });

  it('leaves logs, broken logs and the supported containers to the loader', () => {
    expect(nameForeignFormat(enc(header))).toBeUndefined();
    expect(nameForeignFormat(enc('not json at all\n'))).toBeUndefined();
    // binary after a whole header line is DSH's to refuse, naming the line
    expect(nameForeignFormat(new Uint8Array([...enc(header), 0, 0xff, 0xfe]))).toBeUndefined();
    expect(nameForeignFormat(new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0]))).toBeUndefined();
    expect(nameForeignFormat(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBeUndefined();
  });

  it('makes openBytes refuse the file with a sentence naming what it is', async () => {
    await expect(openBytes(new Uint8Array(0))).rejects.toThrow('This is an empty file, not a session log.');
    await expect(openBytes(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]))).rejects.toThrow('This is a PNG image, not a session log.');
    await expect(openBytes(enc('<!doctype html><title>x</title>'))).rejects.toMatchObject({ code: 'not-a-log' });
  });
});
