/** What the browser benchmarks measure of memory over CDP: the page's and its workers' JS heap plus ArrayBuffer backing stores. */
import type { CDPSession } from 'playwright-core';

/** Worker targets reached through the browser session (Playwright gives no CDP session for workers). */
export class WorkerProbe {
  private next = 1;
  private readonly waiting = new Map<number, (v: unknown) => void>();
  private readonly sessions = new Map<string, string>();
  constructor(private readonly bs: CDPSession) {
    bs.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
      const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
      if (m.id !== undefined) { this.waiting.get(m.id)?.(m.result ?? null); this.waiting.delete(m.id); }
    });
  }
  private async send(sessionId: string, method: string): Promise<unknown> {
    const id = this.next++;
    const p = new Promise((r) => { this.waiting.set(id, r); setTimeout(() => { if (this.waiting.delete(id)) r(null); }, 5000); });
    await this.bs.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(() => undefined);
    return p;
  }
  /** Bytes held by every live worker: JS heap plus ArrayBuffer backing stores. */
  async bytes(gc = false): Promise<number> {
    const { targetInfos } = await this.bs.send('Target.getTargets');
    let total = 0;
    for (const t of targetInfos.filter((x) => x.type === 'worker')) {
      let sid = this.sessions.get(t.targetId);
      if (!sid) {
        const r = await this.bs.send('Target.attachToTarget', { targetId: t.targetId, flatten: false }).catch(() => undefined);
        if (!r) continue;
        sid = r.sessionId;
        this.sessions.set(t.targetId, sid);
      }
      if (gc) await this.send(sid, 'HeapProfiler.collectGarbage');
      const u = await this.send(sid, 'Runtime.getHeapUsage') as { usedSize: number; backingStorageSize?: number } | null;
      if (u) total += u.usedSize + (u.backingStorageSize ?? 0);
    }
    return total;
  }
}

export async function pageBytes(s: CDPSession, gc = false): Promise<number> {
  if (gc) await s.send('HeapProfiler.collectGarbage');
  const u = await s.send('Runtime.getHeapUsage') as { usedSize: number; backingStorageSize?: number };
  return u.usedSize + (u.backingStorageSize ?? 0);
}
