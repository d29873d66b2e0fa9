/**
 * A load started before the app's script ran (a bundle's, by the page's first script): what the
 * load reports waits here, in order, until the app attaches its callbacks, and then goes to them.
 */
import type { StartedLoad } from './arriving-log';
import type { LoadCallbacks } from './session-client';

export class LaterCallbacks implements LoadCallbacks, StartedLoad {
  readonly started = true;
  private readonly calls: ((cb: LoadCallbacks) => void)[] = [];
  private cb?: LoadCallbacks;

  constructor(readonly size: number) {}

  private call(f: (cb: LoadCallbacks) => void): void {
    if (this.cb) f(this.cb); else this.calls.push(f);
  }

  onProgress(done: number, total: number, events: number, startTime?: number): void { this.call((cb) => cb.onProgress(done, total, events, startTime)); }
  onLoaded(...a: Parameters<LoadCallbacks['onLoaded']>): void { this.call((cb) => cb.onLoaded(...a)); }
  onFailed(...a: Parameters<LoadCallbacks['onFailed']>): void { this.call((cb) => cb.onFailed(...a)); }

  /** What the load reported so far goes to `cb` now, the rest as it comes. */
  attach(cb: LoadCallbacks): void {
    this.cb = cb;
    for (const f of this.calls.splice(0)) f(cb);
  }
}
