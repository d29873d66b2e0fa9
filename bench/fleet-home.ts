/**
 * The fleet benchmark's DSH home: `sessions` sessions (plain and zstd, log-uniform sizes,
 * sub-agents nested up to three deep, forks) under `dir/fleet-<sessions>`, written once (a
 * `.complete` marker holds the figures). Writing 10,000 sessions one by one with the synthesizer
 * takes hours on a shared machine, so the synthesizer (src/synth) writes a set of templates once
 * (log-uniform in size, in both encodings, plus fork pairs) and each session is a template with a
 * header of its own: its id, project, creation time and lineage. A zstd session gets a new header
 * frame before the template's frames, as DSH writes the header as a frame of its own.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionEvent, SessionHeader } from '../src/core/types';
import { projectKeyOf } from '../src/io/folder-scan';
import { scanZstdFrames } from '../src/io/zstd';
import { createFramer } from '../src/io/zstd-encode';
import { uuid } from '../src/synth/content';
import { writeSession } from '../src/synth/file';
import { Synthesizer, synthesizeFork } from '../src/synth/generate';
import { Rng } from '../src/synth/prng';

export interface FleetHome { readonly home: string; readonly sessions: number; readonly files: number; readonly bytes: number; readonly plainBytes: number }

const TEMPLATES = 160;
const FORK_PAIRS = 8;
const MIN_EVENTS = 40, MAX_EVENTS = 20_000;

interface Template { plain: Uint8Array; zstd: Uint8Array; header: SessionHeader }

async function writeTemplates(dir: string, log: (l: string) => void): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const both = async (name: string, header: SessionHeader, events: SessionEvent[], initialBatch?: number) => {
    const fmt = initialBatch ? { initialBatch } : {};
    await writeSession(join(dir, `${name}.jsonl`), header, events, 'jsonl', fmt);
    await writeSession(join(dir, `${name}.jsonl.zstd`), header, events, 'zstd', fmt);
    writeFileSync(join(dir, `${name}.header.json`), JSON.stringify(header));
  };
  const lo = Math.log(MIN_EVENTS), hi = Math.log(MAX_EVENTS);
  for (let k = 0; k < TEMPLATES; k++) {
    if (existsSync(join(dir, `t${k}.header.json`))) continue;
    const events = Math.round(Math.exp(lo + ((hi - lo) * (k + 0.5)) / TEMPLATES));
    const s = new Synthesizer({ seed: 1000 + k, events });
    const evs: SessionEvent[] = [];
    for (const b of s.run()) evs.push(...b);
    await both(`t${k}`, s.header, evs);
    if (k % 20 === 0) log(`  template ${k}/${TEMPLATES} (${events} events)`);
  }
  for (let k = 0; k < FORK_PAIRS; k++) {
    if (existsSync(join(dir, `f${k}-child.header.json`))) continue;
    const events = Math.round(Math.exp(lo + ((hi - lo) * (k + 0.5)) / FORK_PAIRS));
    const f = synthesizeFork({ seed: 5000 + k, events, childEvents: Math.max(40, events >> 1) });
    await both(`f${k}-parent`, f.parent.header, [...f.parent.events]);
    await both(`f${k}-child`, f.child.header, [...f.child.events], f.boundary + 2);
  }
}

function loadTemplate(dir: string, name: string): Template {
  return { plain: readFileSync(join(dir, `${name}.jsonl`)), zstd: readFileSync(join(dir, `${name}.jsonl.zstd`)), header: JSON.parse(readFileSync(join(dir, `${name}.header.json`), 'utf8')) };
}

/** The template's bytes under a new header. */
function rewrite(t: Template, header: Record<string, unknown>, zstd: boolean, frame: (s: string) => Uint8Array): Uint8Array[] {
  const line = JSON.stringify(header) + '\n';
  if (!zstd) return [Buffer.from(line), t.plain.subarray(t.plain.indexOf(10) + 1)];
  const first = scanZstdFrames(t.zstd).frames[0];
  return [frame(line), t.zstd.subarray(first.end)];
}

export async function ensureFleetHome(dir: string, sessions: number, log: (l: string) => void): Promise<FleetHome> {
  const home = join(dir, `fleet-${sessions}`);
  const marker = join(home, '.complete');
  if (existsSync(marker)) return { home, ...JSON.parse(readFileSync(marker, 'utf8')) };
  const tdir = join(dir, 'fleet-templates');
  log(`writing templates to ${tdir} …`);
  await writeTemplates(tdir, log);
  const templates = Array.from({ length: TEMPLATES }, (_, k) => loadTemplate(tdir, `t${k}`));
  const forks = Array.from({ length: FORK_PAIRS }, (_, k) => ({ parent: loadTemplate(tdir, `f${k}-parent`), child: loadTemplate(tdir, `f${k}-child`) }));
  rmSync(home, { recursive: true, force: true });
  log(`writing ${sessions} sessions to ${home} …`);
  const frame = await createFramer();
  const rng = Rng.fromSeed(27);
  const projects = Array.from({ length: 12 }, (_, i) => `/home/dev/${['api', 'web', 'infra', 'ml', 'docs', 'cli'][i % 6]}-${i}`);
  const T0 = Date.UTC(2026, 10, 1);
  /** Sessions a sub-agent may hang under, per project: id and delegation depth. */
  const parents = new Map<string, { id: string; depth: number }[]>();
  let bytes = 0, plainBytes = 0, files = 0;
  const write = (cwd: string, id: string, t: Template, extra: Record<string, unknown>, zstd: boolean) => {
    const h = { type: 'session', version: t.header.version, id, createdAt: T0 + Math.floor(rng.next() * 30 * 86_400_000), cwd, delegationDepth: 0, ...extra };
    const parts = rewrite(t, h, zstd, frame);
    const path = join(home, 'sessions', projectKeyOf(cwd), id, zstd ? 'session.jsonl.zstd' : 'session.jsonl');
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, Buffer.concat(parts));
    bytes += parts[0].length + parts[1].length;
    plainBytes += JSON.stringify(h).length + 1 + t.plain.length - (t.plain.indexOf(10) + 1);
    files++;
  };
  for (let i = 0; i < sessions; i++) {
    const cwd = projects[Math.floor(projects.length * rng.next() ** 2)];
    const zstd = rng.next() < 0.5;
    const list = parents.get(cwd) ?? [];
    parents.set(cwd, list);
    if (i % 25 === 24 && i + 1 < sessions) {
      const pair = forks[Math.floor(rng.next() * forks.length)];
      const pid = uuid(rng), cid = uuid(rng);
      write(cwd, pid, pair.parent, {}, zstd);
      write(cwd, cid, pair.child, { parentSession: pid, seedLength: pair.child.header.seedLength }, zstd);
      list.push({ id: pid, depth: 0 });
      i++;
    } else {
      const t = templates[Math.floor(rng.next() * templates.length)];
      const id = uuid(rng);
      const under = list.length && rng.next() < 0.3 ? list[list.length - 1 - Math.floor(rng.next() * Math.min(list.length, 4))] : undefined;
      if (under && under.depth < 3) {
        write(cwd, id, t, { parentSession: under.id, origin: 'subagent', delegationDepth: under.depth + 1 }, zstd);
        list.push({ id, depth: under.depth + 1 });
      } else {
        write(cwd, id, t, {}, zstd);
        list.push({ id, depth: 0 });
      }
    }
    if ((i + 1) % 1000 === 0) log(`  ${i + 1}/${sessions}`);
  }
  const figures = { sessions, files, bytes, plainBytes };
  writeFileSync(marker, JSON.stringify(figures));
  return { home, ...figures };
}
