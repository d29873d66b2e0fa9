/** The folder list's rows: sessions grouped by project, forks and sub-agents under their parents, filtered by a query. Pure. */
import { projectLabel } from '../../app/folder';
import { type FolderSession } from '../../store/folder-slice';
import { buildTree, flattenTree } from '../../app/library';

export type FolderRow =
  | { readonly kind: 'project'; readonly key: string; readonly label: string; readonly count: number }
  | { readonly kind: 'session'; readonly s: FolderSession; readonly depth: number; readonly orphan: boolean };

/** What the list calls a session: its latest title, else its id, else its file name. */
export function sessionTitle(s: FolderSession): string {
  const j = s.judged && 'verdict' in s.judged ? s.judged : undefined;
  return j?.title ?? s.header?.id ?? s.dirId ?? s.path.split('/').pop()!;
}

const groupOf = (s: FolderSession) => (s.kind === 'dsh' ? s.projectDir! : s.path.includes('/') ? s.path.slice(0, s.path.lastIndexOf('/')) : '.');

export function folderRows(sessions: readonly FolderSession[], query: string): FolderRow[] {
  const q = query.trim().toLowerCase();
  const hit = (s: FolderSession) => !q || sessionTitle(s).toLowerCase().includes(q) || (s.header?.id ?? s.dirId ?? '').toLowerCase().includes(q) || s.path.toLowerCase().includes(q);
  const groups = new Map<string, FolderSession[]>();
  for (const s of sessions) { const g = groupOf(s); const list = groups.get(g) ?? []; list.push(s); groups.set(g, list); }
  const out: FolderRow[] = [];
  for (const key of [...groups.keys()].sort()) {
    const all = groups.get(key)!;
    const shown = all.filter(hit);
    if (!shown.length) continue;
    const dsh = all[0].kind === 'dsh';
    out.push({ kind: 'project', key, label: dsh ? projectLabel(key, all.map((s) => s.header?.cwd)) : key === '.' ? '(folder)' : key, count: shown.length });
    const byPath = new Map(shown.map((s) => [s.path, s]));
    const tree = buildTree(shown.map((s) => ({ key: s.path, id: s.header?.id, parentSession: s.header?.parentSession, seedLength: s.header?.seedLength, createdAt: s.header?.createdAt })));
    for (const n of flattenTree(tree)) out.push({ kind: 'session', s: byPath.get(n.item.key)!, depth: n.depth, orphan: n.orphan });
  }
  return out;
}
