/**
 * LogPreview: the Log's questions about a log still being read (issue 5: a first view before the
 * whole file is indexed). It reads the live log the loader fills, between the loader's yields, so
 * it answers only what needs no index: rows, the JSON of an event, one level of it. Rows carry no
 * verdict or diagnostic flags yet; the page drops them when the load settles. Any other question
 * is refused by the worker's dispatch (src/worker/dispatch.ts) until the load settles.
 */
import type { EventLog } from '../core/event-log';
import { stringifyJson } from '../core/json';
import { nodeAt } from './json-node';
import type { PreviewApi } from '../protocol/session-api';
import { FLAG_PACKED, type JsonNode, type Row } from '../protocol/views';
import { buildRow } from './rows';

export class LogPreview implements PreviewApi {
  constructor(private readonly log: EventLog) {}

  /** Events read so far. */
  get length(): number {
    return this.log.length;
  }

  /** Time of the first event read, or undefined before any. */
  get startTime(): number | undefined {
    return this.log.length > 0 ? this.log.timeAt(0) : undefined;
  }

  rowsOf(seqs: readonly number[]): Row[] {
    const out: Row[] = [];
    for (const s of seqs) {
      if (!(Number.isInteger(s) && s >= 0 && s < this.log.length)) continue;
      out.push(buildRow(this.log.event(s), s, this.log.isPacked(s) ? FLAG_PACKED : 0));
    }
    return out;
  }

  json(seq: number): string {
    return stringifyJson(this.log.event(seq));
  }

  node(seq: number, path: readonly string[]): JsonNode {
    return nodeAt(this.log.event(seq), path);
  }
}
