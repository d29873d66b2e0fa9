/**
 * Relative links in Markdown pages that lead nowhere: a file that does not exist, or a `#fragment`
 * naming no heading of its page (headings slugged as GitHub does). Links inside code (fenced blocks
 * and `inline` spans) are not links; addresses with a scheme (`https:`, `mailto:`) are not checked.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

export interface DeadLink {
  /** The page, relative to the root given. */
  readonly page: string;
  /** Physical line of the link (1-based). */
  readonly line: number;
  readonly target: string;
  readonly reason: string;
}

/** Lines with fenced code blanked and inline code spans cut out, so line numbers stay. */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((l) => {
    const m = /^\s*(```+|~~~+)/.exec(l);
    if (fence !== undefined) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length) fence = undefined;
      return '';
    }
    if (m) { fence = m[1]; return ''; }
    return l.replace(/(`+)[^`]*?\1/g, '');
  });
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  const text = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every anchor of a page (a repeated heading's later anchors get -1, -2, …). */
export function anchorsOf(text: string): Set<string> {
  const out = new Set<string>(), seen = new Map<string, number>();
  let fence = false;
  for (const l of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(l)) { fence = !fence; continue; }
    const h = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
    if (!h) continue;
    const base = slugOf(h[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g;

/** The dead relative links of `pages` (absolute paths); pages are named relative to `root`. */
export function findDeadLinks(root: string, pages: readonly string[]): DeadLink[] {
  const dead: DeadLink[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsAt = (file: string) => {
    let a = anchors.get(file);
    if (!a) { a = anchorsOf(readFileSync(file, 'utf8')); anchors.set(file, a); }
    return a;
  };
  for (const page of pages) {
    const lines = proseLines(readFileSync(page, 'utf8'));
    lines.forEach((l, i) => {
      for (const m of l.matchAll(LINK)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const hash = target.indexOf('#');
        const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
        const fragment = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
        const file = path === '' ? page : resolve(dirname(page), path);
        const report = (reason: string) => dead.push({ page: relative(root, page), line: i + 1, target, reason });
        if (!existsSync(file)) { report(`${relative(root, file)} does not exist`); continue; }
        if (fragment === undefined || fragment === '') continue;
        if (!statSync(file).isFile() || !file.endsWith('.md')) continue;
        if (!anchorsAt(file).has(fragment.toLowerCase())) report(`${relative(root, file)} has no heading #${fragment}`);
      }
    });
  }
  return dead;
}
