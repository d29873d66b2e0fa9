import { describe, expect, it } from 'vitest';
import { closedToolTurn, headerRecord, jsonl, logBytes, utf8 } from '../testing/builders';
import { classifyFiles, decodeSegment, HEADER_BYTES, HEADER_FIRST_BYTES, projectKeyOf, projectLabel, readBlobHeader, readBlobHeaders, readHeaderFacts } from './folder-scan';
import { encodeZstdFrames } from './zstd-encode';

describe('folder scan', () => {
  it('computes DSH project keys (persistence.md §5.2 examples) and decodes session directories', () => {
    expect(projectKeyOf('/home/alice/proj')).toBe('--home-alice-proj--');
    expect(projectKeyOf('D:\\src\\app')).toBe('--D-src-app--');
    expect(projectKeyOf('/')).toBe('--root--');
    expect(projectKeyOf('/x/~y')).toBe('--x-~007Ey--');
    expect(projectKeyOf('//a///b')).toBe('--a-b--');
    expect(decodeSegment('a~002Fb~007E~002E')).toBe('a/b~.');
  });

  it('shows a project as its cwd only when the headers agree on one that maps back to the key', () => {
    expect(projectLabel('--home-alice-proj--', ['/home/alice/proj', '/home/alice/proj', undefined])).toBe('/home/alice/proj');
    expect(projectLabel('--a-b-c--', ['/a/b-c', '/a-b/c'])).toBe('--a-b-c--');
    expect(projectLabel('--a-b--', ['/elsewhere'])).toBe('--a-b--');
    expect(projectLabel('_no-cwd', [])).toBe('(no cwd)');
  });

  it("recognises DSH's layout at any depth, export ZIPs and loose logs, and nothing else", () => {
    const f = (path: string) => ({ path, size: 1, mtimeMs: 0 });
    const got = classifyFiles(['.dsh/sessions/--p--/s~002E1/session.jsonl.zstd', 'sessions/_no-cwd/s2/session.jsonl', '--q--/s3/session.jsonl', 'a/export.zip', 'b/log.jsonl', 'b/log.jsonl.zst', 'notes.txt', 'sessions/--p--/s4/other.bin', 'sessions/session-query.db'].map(f));
    expect(got.map((i) => [i.path, i.kind, i.projectDir, i.dirId])).toEqual([
      ['--q--/s3/session.jsonl', 'dsh', '--q--', 's3'],
      ['.dsh/sessions/--p--/s~002E1/session.jsonl.zstd', 'dsh', '--p--', 's.1'],
      ['a/export.zip', 'zip', undefined, undefined],
      ['b/log.jsonl', 'log', undefined, undefined],
      ['b/log.jsonl.zst', 'log', undefined, undefined],
      ['sessions/_no-cwd/s2/session.jsonl', 'dsh', '_no-cwd', 's2'],
    ]);
  });

  it('reads the header from the first bytes of a plain or zstd log, and nothing from junk', async () => {
    const header = headerRecord('s-1', { createdAt: 5, cwd: '/w', parentSession: 'p', seedLength: 3, origin: 'subagent' });
    const want = { id: 's-1', createdAt: 5, cwd: '/w', parentSession: 'p', seedLength: 3, origin: 'subagent', delegationDepth: 0 };
    expect(await readHeaderFacts(logBytes(closedToolTurn(0, 1), header))).toEqual(want);
    const z = await encodeZstdFrames([header, ...closedToolTurn(0, 1)].map((r) => jsonl([r])));
    expect(await readHeaderFacts(z.subarray(0, 64 * 1024))).toEqual(want);
    expect(await readHeaderFacts(utf8('{"type":"session","id":7,"createdAt":"x"}\n'))).toEqual({});
    expect(await readHeaderFacts(utf8('not json\n'))).toBeUndefined();
    expect(await readHeaderFacts(utf8('{"type":"session"'))).toBeUndefined();
  });

  it('reads a header from a file: a small one whole, a large one from its start, again further when the header is longer', async () => {
    const body = jsonl(Array.from({ length: 400 }, (_, i) => closedToolTurn(i * 8, i + 1)).flat());
    expect(body.length).toBeGreaterThan(HEADER_BYTES);
    const small = new Blob([jsonl([headerRecord('small')]), jsonl(closedToolTurn(0, 1))]);
    const large = new Blob([jsonl([headerRecord('large', { cwd: '/w' })]), body]);
    // a header longer than the first read (a long cwd): found in the second
    const longCwd = '/' + 'd'.repeat(HEADER_FIRST_BYTES + 100);
    const longHeader = new Blob([jsonl([headerRecord('long', { cwd: longCwd })]), body]);
    const tooLong = new Blob([jsonl([headerRecord('huge', { cwd: '/' + 'd'.repeat(HEADER_BYTES) })]), body]);
    const z = new Blob([new Uint8Array(await encodeZstdFrames([headerRecord('z'), ...closedToolTurn(0, 1)].map((r) => jsonl([r]))))]);
    expect(await readBlobHeader(small)).toMatchObject({ id: 'small' });
    expect(await readBlobHeader(large)).toMatchObject({ id: 'large', cwd: '/w' });
    expect(await readBlobHeader(longHeader)).toMatchObject({ id: 'long', cwd: longCwd });
    expect(await readBlobHeader(tooLong)).toBeNull();
    expect(await readBlobHeader(new Blob([body]))).toBeNull();
    expect(await readBlobHeader(new Blob([]))).toBeNull();
    const all = await readBlobHeaders([small, z, new Blob(['junk\n']), large, longHeader, tooLong, new Blob([])]);
    expect(all.map((h) => h?.id ?? null)).toEqual(['small', 'z', null, 'large', 'long', null, null]);
  });
});
