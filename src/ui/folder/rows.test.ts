import { describe, expect, it } from 'vitest';
import type { FolderSession } from '../../store/folder-slice';
import { folderRows, sessionTitle } from './rows';

const s = (path: string, header: FolderSession['header'], extra: Partial<FolderSession> = {}): FolderSession => {
  const m = /(--[^/]*--)\/([^/]+)\//.exec(path);
  return { path, size: 1, mtimeMs: 0, kind: m ? 'dsh' : 'log', ...(m ? { projectDir: m[1], dirId: m[2] } : {}), header, ...extra };
};

describe('folderRows', () => {
  const sessions = [
    s('sessions/--home-a-proj--/p1/session.jsonl.zstd', { id: 'p1', createdAt: 1, cwd: '/home/a/proj' }, { judged: { verdict: { ok: true }, title: 'Fix the build', events: 3 } }),
    s('sessions/--home-a-proj--/c1/session.jsonl.zstd', { id: 'c1', createdAt: 2, cwd: '/home/a/proj', parentSession: 'p1', seedLength: 4 }),
    s('sessions/--home-a-proj--/o1/session.jsonl', { id: 'o1', createdAt: 3, cwd: '/home/a/proj', parentSession: 'gone' }),
    s('sessions/--x-b-c--/q1/session.jsonl', { id: 'q1', createdAt: 1, cwd: '/x/b/c' }),
    s('sessions/--x-b-c--/q2/session.jsonl', { id: 'q2', createdAt: 2, cwd: '/x-b/c' }),
    s('loose/old.jsonl', null),
  ];

  it('groups by project with the cwd where it decodes unambiguously, forks under their parents', () => {
    const rows = folderRows(sessions, '');
    expect(rows.map((r) => (r.kind === 'project' ? `# ${r.label} (${r.count})` : `${'  '.repeat(r.depth)}${sessionTitle(r.s)}${r.orphan ? ' (orphan)' : ''}`))).toEqual([
      '# /home/a/proj (3)', 'Fix the build', '  c1', 'o1 (orphan)',
      '# --x-b-c-- (2)', 'q1', 'q2',
      '# loose (1)', 'old.jsonl',
    ]);
  });

  it('searches titles, ids and paths', () => {
    expect(folderRows(sessions, 'build').filter((r) => r.kind === 'session').map((r) => r.kind === 'session' && r.s.header?.id)).toEqual(['p1']);
    expect(folderRows(sessions, 'Q2').filter((r) => r.kind === 'session').map((r) => r.kind === 'session' && r.s.header?.id)).toEqual(['q2']);
    expect(folderRows(sessions, 'nothing-matches')).toEqual([]);
  });
});
