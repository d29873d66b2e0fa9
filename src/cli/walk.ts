import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Names a folder walk picks up: DSH logs (plain or zstd) and export ZIPs. */
const LOG_NAME = /\.(jsonl|jsonl\.zstd|zip)$/i;

/**
 * The files `check` reads, in order: each FILE as given, and for each DIR the DSH logs and ZIPs
 * under it, depth first in name order. Symbolic links inside a DIR are not followed (no cycles,
 * no files from elsewhere); hidden folders and node_modules are skipped. A path that cannot be
 * read, or a folder that cannot be listed, is kept as given, so that its check reports why.
 */
export function collectFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let isDir = false;
    try { isDir = statSync(p).isDirectory(); } catch { /* reported by the check */ }
    if (isDir) walk(p, out); else out.push(p);
  }
  return out;
}

function walk(dir: string, out: string[]): void {
  let listed;
  try { listed = readdirSync(dir, { withFileTypes: true }); } catch { out.push(dir); return; }
  const entries = listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) { if (!e.name.startsWith('.') && e.name !== 'node_modules') walk(path, out); }
    else if (e.isFile() && LOG_NAME.test(e.name)) out.push(path);
  }
}
