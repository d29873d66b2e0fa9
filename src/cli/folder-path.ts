import { realpathSync } from 'node:fs';
import { join, sep } from 'node:path';

/** What a `/fs/<token>/…` request names: a folder to list, or a file to read. */
export interface FolderTarget {
  readonly kind: 'dir' | 'file';
  /** The real path on disk, inside the served folder. */
  readonly path: string;
}

/**
 * The decoded segments of a raw URL path under the folder, or undefined when any is unsafe:
 * malformed escapes, empty segments (`//`), `.` or `..` (spelled plainly or encoded, `%2e%2e`),
 * and encoded separators or NUL (`%2f`, `%5c`, `%00`), which would let one segment name a path.
 */
export function pathSegments(raw: string): string[] | undefined {
  if (raw === '') return [];
  const out: string[] = [];
  for (const part of raw.split('/')) {
    let seg: string;
    try { seg = decodeURIComponent(part); } catch { return undefined; }
    if (seg === '' || seg === '.' || seg === '..' || /[/\\\0]/.test(seg)) return undefined;
    out.push(seg);
  }
  return out;
}

/** True when the real path `p` is `root` or inside it. */
export function isInside(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Resolves the part of a request path after `/fs/<token>/` against the served folder's real path:
 * a trailing `/` asks for a listing. Undefined (a 404) for an unsafe path, a missing file, a
 * symbolic link whose target lies outside the folder, or a listing of a file.
 */
export function resolveFolderPath(root: string, raw: string): FolderTarget | undefined {
  const wantsDir = raw === '' || raw.endsWith('/');
  const segs = pathSegments(wantsDir ? raw.slice(0, -1) : raw);
  if (!segs || (!wantsDir && segs.length === 0)) return undefined;
  let real: string;
  try { real = realpathSync(join(root, ...segs)); } catch { return undefined; }
  if (!isInside(root, real)) return undefined;
  return { kind: wantsDir ? 'dir' : 'file', path: real };
}
