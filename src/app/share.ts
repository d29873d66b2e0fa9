/**
 * The Share review: findings of the redaction engine over the open session (run in its worker),
 * what the user keeps and adds, and what it writes: the redacted log (downloaded, or kept in the
 * library) and a bundle of it. Nothing leaves the browser: the bundle is made here, from the
 * template the served app ships beside itself (dist/bundle-template.html).
 */
import { create } from 'zustand';
import { BUNDLE_VIEWS, buildBundle, type BundleMeta, type BundleView } from '../io/bundle-file';
import type { ShareReview, ShareSettings, WriterRedaction } from '../protocol/share-protocol';
import { useApp } from '../store/store';
import { useBundled } from './bundled';
import { reveal, setCursor } from './cursor';
import { downloadBlob } from './download';
import { openAndKeep } from './library-open';
import { client } from './session-client';
import { tourState } from './tour-state';

export interface ShareState {
  readonly open: boolean;
  readonly keep: readonly string[];
  readonly extraStrings: readonly string[];
  readonly review?: ShareReview;
  readonly busy: boolean;
  /** The last failure or what was written, one sentence. */
  readonly notice?: { readonly kind: 'error' | 'info'; readonly text: string };
}

export const useShare = create<ShareState>(() => ({ open: false, keep: [], extraStrings: [], busy: false }));
const set = useShare.setState;
const get = useShare.getState;

const settings = (): ShareSettings => ({ keep: get().keep, extraStrings: get().extraStrings });

/** What the other writers (fork, tour with its session, trace with content) redact: every rule and the strings added in the Share review. */
export const writerRedaction = (): WriterRedaction => ({ extraStrings: get().extraStrings });

/** A copy Share wrote is named `<name>.redacted.jsonl[.zstd]`, and says so wherever it is shown. */
export const isRedactedName = (name: string | undefined): boolean => !!name && /\.redacted\.jsonl(?:\.zstd)?$/.test(name);

/** The open session is a redacted copy (a file Share wrote, a library entry kept as one, or a bundle of one). */
export function useRedacted(): boolean {
  const name = useApp((s) => s.summary?.fileName);
  const kept = useApp((s) => s.library.currentId !== undefined && !!s.library.entries.find((e) => e.id === s.library.currentId)?.redacted);
  const bundled = useBundled((s) => s.meta?.redacted);
  return !!bundled || kept || isRedactedName(name);
}

let generation = 0;

async function refreshReview(): Promise<void> {
  const gen = ++generation;
  set({ busy: true, notice: undefined });
  try {
    const review = await client.request('shareReview', settings());
    if (gen === generation) set({ review, busy: false });
  } catch (err) {
    if (gen === generation) set({ busy: false, notice: { kind: 'error', text: `The session could not be reviewed: ${(err as Error).message}` } });
  }
}

export function openShare(): void {
  if (!useApp.getState().summary) return;
  set({ open: true, review: undefined });
  void refreshReview();
}

export function closeShare(): void { set({ open: false }); }

/** Keeps (or redacts again) findings: one, or a whole rule's. */
export function setKept(ids: readonly string[], kept: boolean): void {
  const now = new Set(get().keep);
  for (const id of ids) { if (kept) now.add(id); else now.delete(id); }
  set({ keep: [...now] });
  void refreshReview();
}

export function addExtraString(text: string): void {
  const t = text.trim();
  if (!t || get().extraStrings.includes(t)) return;
  set({ extraStrings: [...get().extraStrings, t] });
  void refreshReview();
}

export function removeExtraString(text: string): void {
  set({ extraStrings: get().extraStrings.filter((s) => s !== text) });
  void refreshReview();
}

/** Shows a finding's event: the cursor goes there and it is selected, in every view. */
export function goToFinding(seq: number | undefined): void {
  if (seq === undefined) return;
  setCursor(seq);
  reveal(seq);
}

function baseName(): string {
  const n = useApp.getState().summary?.fileName ?? 'session.jsonl';
  return n.replace(/^.*[\\/]/, '').replace(/ › .*$/, '').replace(/\.(?:redacted\.)?jsonl(?:\.zstd)?$|\.zip$/i, '') || 'session';
}

async function redacted(encoding: 'jsonl' | 'zstd') {
  const r = await client.request('shareWrite', settings(), encoding);
  return { ...r, name: `${baseName()}.redacted.jsonl${encoding === 'zstd' ? '.zstd' : ''}` };
}

async function run(what: string, job: () => Promise<string>): Promise<void> {
  set({ busy: true, notice: undefined });
  try {
    set({ busy: false, notice: { kind: 'info', text: await job() } });
  } catch (err) {
    set({ busy: false, notice: { kind: 'error', text: `${what} failed: ${(err as Error).message}` } });
  }
}

export const downloadRedacted = (encoding: 'jsonl' | 'zstd') => run('Writing the redacted log', async () => {
  const r = await redacted(encoding);
  downloadBlob(r.name, new Blob([r.bytes]));
  return `Wrote ${r.name} (${r.redacted} cut${r.redacted === 1 ? '' : 's'}).`;
});

/** Keeps the redacted copy in the library and opens it there. */
export const keepRedacted = () => run('Keeping the redacted log', async () => {
  const r = await redacted('jsonl');
  set({ open: false });
  await openAndKeep(r.bytes, r.name, `file:${r.name}`, {}, { redacted: { findings: r.redacted, rules: r.rules } });
  return `Opened ${r.name}.`;
});

/** The template this app ships beside itself; a bundle opened from disk has none to offer. */
async function fetchTemplate(): Promise<string> {
  if (location.protocol === 'file:') throw new Error('a bundle opened from disk cannot make another bundle; open the log in Seqscope (seqscope serve) to share it.');
  const res = await fetch(new URL('bundle-template.html', location.href));
  if (!res.ok) throw new Error(`this build has no bundle template (bundle-template.html: ${res.status}); run npm run build.`);
  return new TextDecoder('latin1').decode(await res.arrayBuffer());
}

/**
 * A bundle of the redacted copy, at the place shown now, with the open tour. The copy goes in as
 * `.jsonl.zstd`, compressed by libzstd in DSH's framing, as `seqscope bundle --redact` carries it.
 */
export const writeBundle = () => run('Writing the bundle', async () => {
  const [template, r] = await Promise.all([fetchTemplate(), redacted('zstd')]);
  const s = useApp.getState();
  const log = new Uint8Array(r.bytes);
  const tour = tourState().tour;
  const meta: BundleMeta = {
    version: 1, name: r.name, size: log.length,
    // a bundle holds one log: a view of two runs opens as the Log
    open: { cursor: s.cursor, view: (BUNDLE_VIEWS as readonly string[]).includes(s.view) ? s.view as BundleView : 'log', ...(s.selected !== undefined ? { sel: s.selected } : {}), ...(s.markA !== undefined ? { a: s.markA } : {}), ...(s.markB !== undefined ? { b: s.markB } : {}) },
    ...(tour ? { tour } : {}),
    redacted: { findings: r.redacted, rules: r.rules },
  };
  const name = `${baseName()}.redacted.html`;
  downloadBlob(name, new Blob([buildBundle(template, log, meta) as Uint8Array<ArrayBuffer>], { type: 'text/html' }));
  return `Wrote ${name} (${r.redacted} cut${r.redacted === 1 ? '' : 's'}).`;
});

// another session closes the review (its findings and choices were that session's); a followed file growing does not
useApp.subscribe((s, prev) => { if (s.sessionId !== prev.sessionId && get().open) set({ open: false, review: undefined, keep: [], extraStrings: [], notice: undefined }); });
