/**
 * The sessions `seqscope export` reads, found from their headers alone (the first 64 KB of each
 * file; a ZIP's entries), and the order they are exported in: each sub-agent right after its parent,
 * depth first, so that only the tool calls of the sessions on the current path are held.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { SessionError } from '../core/errors';
import { isSubagent, type SessionFacts } from '../core/trace/placement';
import { HEADER_BYTES, readHeaderFacts } from '../io/folder-scan';
import { nameForeignFormat, sniffFormat } from '../io/sniff';
import { readExportZip } from '../io/zip';

export interface SessionSource {
  readonly file: string;
  /** The entry of an export ZIP that holds it. */
  readonly entry?: string;
  /** How stderr names it. */
  readonly name: string;
  readonly facts: SessionFacts;
}

export interface Found {
  readonly sources: readonly SessionSource[];
  /** Files and entries that could not be read, or repeat a session already found, with why. */
  readonly skipped: readonly { readonly name: string; readonly why: string }[];
}

function head(file: string): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const buf = new Uint8Array(HEADER_BYTES);
    const n = readSync(fd, buf, 0, HEADER_BYTES, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

const factsOf = (h: Awaited<ReturnType<typeof readHeaderFacts>>): SessionFacts | undefined =>
  h && typeof h.id === 'string' ? { ...h, id: h.id } : undefined;

/** The sessions among `files`. A file that is not a session log (no header line, an image, …) is left out silently. */
export async function findSessions(files: readonly string[]): Promise<Found> {
  const sources: SessionSource[] = [];
  const skipped: { name: string; why: string }[] = [];
  const seen = new Map<string, string>();
  const add = (s: SessionSource) => {
    const first = seen.get(s.facts.id);
    if (first !== undefined) { skipped.push({ name: s.name, why: `the same session (${s.facts.id}) as ${first}, which is exported` }); return; }
    seen.set(s.facts.id, s.name);
    sources.push(s);
  };
  for (const file of files) {
    let b: Uint8Array;
    try { b = head(file); } catch (err) { skipped.push({ name: file, why: `it cannot be read (${err instanceof Error ? err.message : String(err)})` }); continue; }
    if (sniffFormat(b) === 'zip') {
      let archive;
      try { archive = readExportZip(new Uint8Array(readFileSync(file))); } catch (err) {
        if (!(err instanceof SessionError)) throw err;
        skipped.push({ name: file, why: err.message });
        continue;
      }
      for (const z of [...(archive.root ? [archive.root] : []), ...archive.children]) {
        const facts = factsOf(await readHeaderFacts(z.bytes.subarray(0, HEADER_BYTES)));
        if (facts) add({ file, entry: z.entry, name: `${file} › ${z.entry}`, facts });
      }
      continue;
    }
    if (nameForeignFormat(b) !== undefined) continue;
    const facts = factsOf(await readHeaderFacts(b));
    if (facts) add({ file, name: file, facts });
  }
  return { sources, skipped };
}

/**
 * The export order: every session whose trace parent is not among the sources first (in the
 * order found), each followed depth-first by its sub-agents (by createdAt, then id).
 */
export function exportOrder(sources: readonly SessionSource[]): { order: SessionSource[]; children: Map<string, SessionSource[]> } {
  const byId = new Map(sources.map((s) => [s.facts.id, s]));
  const children = new Map<string, SessionSource[]>();
  const tops: SessionSource[] = [];
  for (const s of sources) {
    const p = isSubagent(s.facts) ? byId.get(s.facts.parentSession!) : undefined;
    if (p && p !== s) {
      const list = children.get(p.facts.id) ?? [];
      list.push(s);
      children.set(p.facts.id, list);
    } else tops.push(s);
  }
  for (const list of children.values()) list.sort((a, b) => (a.facts.createdAt ?? 0) - (b.facts.createdAt ?? 0) || (a.facts.id < b.facts.id ? -1 : 1));
  const order: SessionSource[] = [];
  const done = new Set<string>();
  const visit = (s: SessionSource) => {
    if (done.has(s.facts.id)) return;
    done.add(s.facts.id);
    order.push(s);
    for (const c of children.get(s.facts.id) ?? []) visit(c);
  };
  for (const s of tops) visit(s);
  // a cycle of parents has no top: its sessions still go out, in the order found
  for (const s of sources) visit(s);
  return { order, children };
}

/** The bytes of a source; the last ZIP read is kept, since its sessions are exported one after another. */
export function sourceReader(): (s: SessionSource) => Uint8Array {
  let zipFile: string | undefined, zipEntries: Map<string, Uint8Array> | undefined;
  return (s) => {
    if (s.entry === undefined) {
      const b = readFileSync(s.file);
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    }
    if (zipFile !== s.file) {
      const a = readExportZip(new Uint8Array(readFileSync(s.file)));
      zipEntries = new Map([...(a.root ? [a.root] : []), ...a.children].map((z) => [z.entry, z.bytes]));
      zipFile = s.file;
    }
    return zipEntries!.get(s.entry)!;
  };
}
