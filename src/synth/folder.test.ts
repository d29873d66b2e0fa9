import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyFiles, projectKeyOf, readHeaderFacts } from '../io/folder-scan';
import { loadBytes } from '../io/load';
import { planFolder, writeFolder } from './folder';

describe('planFolder', () => {
  const plan = planFolder({ sessions: 1000, seed: 16 });

  it('lays every session out as DSH does, one directory per session id under its project key', () => {
    expect(plan).toHaveLength(1000);
    const items = classifyFiles(plan.map((p) => ({ path: p.path, size: 1, mtimeMs: 0 })));
    expect(items.every((i) => i.kind === 'dsh')).toBe(true);
    const byPath = new Map(plan.map((p) => [p.path, p]));
    for (const i of items) {
      const p = byPath.get(i.path)!;
      expect(i.dirId).toBe(p.id);
      expect(i.projectDir).toBe(projectKeyOf(p.cwd));
      expect(i.path.endsWith(p.zstd ? '/session.jsonl.zstd' : '/session.jsonl')).toBe(true);
    }
    expect(new Set(plan.map((p) => p.id)).size).toBe(1000);
  });

  it('mixes encodings, spreads projects unevenly, draws small and large sizes, and forks some sessions within their project', () => {
    const zstd = plan.filter((p) => p.zstd).length;
    expect(zstd).toBeGreaterThan(400);
    expect(zstd).toBeLessThan(600);
    const counts = new Map<string, number>();
    for (const p of plan) counts.set(p.cwd, (counts.get(p.cwd) ?? 0) + 1);
    const perProject = [...counts.values()].sort((a, b) => a - b);
    expect(perProject.length).toBeGreaterThanOrEqual(10);
    expect(perProject.at(-1)!).toBeGreaterThan(3 * perProject[0]);
    const events = plan.map((p) => p.events).sort((a, b) => a - b);
    expect(events[0]).toBeGreaterThanOrEqual(40);
    expect(events[500]).toBeLessThan(1000);
    expect(events.filter((e) => e >= 20_000)).toHaveLength(4);
    const forks = plan.filter((p) => p.forkOf !== undefined);
    expect(forks.length).toBeGreaterThan(20);
    for (const f of forks) {
      const parent = plan[f.forkOf!];
      expect(parent.cwd).toBe(f.cwd);
      expect(parent.forkOf).toBeUndefined();
      expect(forks.filter((g) => g.forkOf === f.forkOf)).toHaveLength(1);
    }
  });

  it('is deterministic from its seed', () => {
    expect(planFolder({ sessions: 1000, seed: 16 })).toEqual(plan);
    expect(planFolder({ sessions: 50, seed: 17 })[0].id).not.toBe(planFolder({ sessions: 50, seed: 16 })[0].id);
  });
});

describe('writeFolder', () => {
  it('writes sessions DSH accepts, a fork naming its parent, plain and zstd', async () => {
    const home = mkdtempSync(join(tmpdir(), 'seqscope-synth-folder-'));
    try {
      const plan = planFolder({ sessions: 25, seed: 3, projects: 1, minEvents: 40, maxEvents: 80 });
      const fork = plan.find((p) => p.forkOf !== undefined)!;
      expect(fork).toBeDefined();
      const bytes = await writeFolder(home, plan);
      expect(bytes).toBeGreaterThan(0);
      for (const p of [fork, plan[fork.forkOf!], plan.find((q) => q.zstd)!, plan.find((q) => !q.zstd)!]) {
        const file = new Uint8Array(readFileSync(join(home, p.path)));
        const r = await loadBytes(file, { now: 0 });
        expect(r.verdict, p.path).toEqual({ ok: true });
        const h = await readHeaderFacts(file.subarray(0, 64 * 1024));
        expect(h?.id).toBe(p.id);
        expect(h?.cwd).toBe(p.cwd);
        if (p === fork) expect(h?.parentSession).toBe(plan[fork.forkOf!].id);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
