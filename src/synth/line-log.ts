/**
 * The synthesizer's log: each appended event is kept as its JSON line in large buffers rather than
 * as an object, so a session of fifty million events (the 4 GiB bench profile) is written in about
 * its plaintext's size plus the columns, not an object graph that outgrows the heap. Reading an
 * event parses its line again: the same value, since appended events are JSON already. A lean
 * log keeps chunk deltas (most of a log) as their type and time only: the synthesizer never reads
 * one back (they are not on the Surface), and reading one throws.
 */
import { EventLog } from '../core/event-log';
import type { SessionEvent } from '../core/types';

/** Bytes per buffer (a longer line gets one of its own). */
const CHUNK = 4 << 20;
const utf8 = new TextEncoder();

export class LineLog extends EventLog {
  private chunk = new Uint8Array(0);
  private used = 0;
  /** Where the current buffer lies in the log's byte space (buffers are laid end to end, gaps allowed). */
  private at = 0;

  constructor(private readonly lean = false) {
    super();
  }

  override push(e: SessionEvent): void {
    if (this.lean && e.type === 'assistant/chunk') { this.pushRef(e, 0, 0); return; }
    const line = utf8.encode(JSON.stringify(e));
    if (this.used + line.length > this.chunk.length) {
      this.at += this.chunk.length;
      this.chunk = new Uint8Array(Math.max(CHUNK, line.length));
      this.used = 0;
      this.noteBytes(this.at, this.chunk);
    }
    this.chunk.set(line, this.used);
    const start = this.at + this.used;
    this.used += line.length;
    this.pushRef(e, start, start + line.length);
  }
}
