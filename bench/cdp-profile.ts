/**
 * CPU profiles of a page and its dedicated workers over CDP, for the browser benches' `--profile
 * DIR`: the page's V8 profiler through its own session, each worker's through
 * Target.sendMessageToTarget (a non-flat session, which Playwright's CDPSession can drive). Each
 * profile is written as DIR/<name>.cpuprofile (Chrome DevTools opens it), and a summary of its
 * self time by function printed, the heaviest first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[]; startTime: number; endTime: number }

/** Self time (ms) by `function url:line`, heaviest first, from a profile's samples. */
export function selfTimes(p: Profile): [string, number][] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  const samples = p.samples ?? [], deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const n = byId.get(samples[i]);
    if (!n) continue;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    // a sample's time is the delta to the next one
    out.set(key, (out.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...out].sort((a, b) => b[1] - a[1]);
}

/** Starts profiling the page and every dedicated worker it starts from now on; `stop` writes the profiles and prints their summaries. */
export async function profilePage(page: Page, dir: string, intervalUs = 200): Promise<{ stop(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  const cdp: CDPSession = await page.context().newCDPSession(page);
  let nextId = 1;
  const waiting = new Map<number, (r: unknown) => void>();
  const workers: { sessionId: string; url: string }[] = [];
  const toWorker = (sessionId: string, method: string, params: object = {}): Promise<unknown> => {
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  };
  cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) { waiting.get(m.id)?.(m.result); waiting.delete(m.id); }
  });
  cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string; url: string }; waitingForDebugger: boolean }) => {
    if (e.targetInfo.type !== 'worker') return;
    workers.push({ sessionId: e.sessionId, url: e.targetInfo.url });
    void (async () => {
      await toWorker(e.sessionId, 'Profiler.enable');
      await toWorker(e.sessionId, 'Profiler.setSamplingInterval', { interval: intervalUs });
      await toWorker(e.sessionId, 'Profiler.start');
      if (e.waitingForDebugger) await toWorker(e.sessionId, 'Runtime.runIfWaitingForDebugger');
    })();
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  const report = (name: string, p: Profile) => {
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(p));
    const self = selfTimes(p);
    const total = self.reduce((a, [, v]) => a + v, 0);
    console.log(`profile ${name}: ${Math.round(total)} ms sampled; self time, heaviest:`);
    for (const [k, v] of self.slice(0, 25)) console.log(`  ${v.toFixed(0).padStart(6)} ms ${(100 * v / total).toFixed(1).padStart(5)}%  ${k}`);
  };
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop') as { profile: Profile };
      report('page', profile);
      for (const [i, w] of workers.entries()) {
        const r = await toWorker(w.sessionId, 'Profiler.stop') as { profile?: Profile } | undefined;
        if (r?.profile) report(`worker-${i}-${w.url.split('/').pop()?.replace(/[^\w.-]/g, '_')}`, r.profile);
      }
    },
  };
}
