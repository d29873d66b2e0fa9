/** Why the selected event is not on the Surface at the cursor (issue 14). Pure. */
import type { LineageInfo } from '../protocol/worker-protocol';

export interface Absence {
  readonly text: string;
  /** A seq the reader may want next (the replacement, the header in force, the checkpoint). */
  readonly link?: { readonly seq: number; readonly label: string };
}

interface Input {
  readonly selected: number;
  readonly cursor: number;
  readonly onSurface: boolean;
  readonly headerSeq?: number;
  readonly type?: string;
  /** The selection's lineage, once it has arrived (undefined while it is fetched). */
  readonly lineage?: LineageInfo;
}

/** A sentence when the selection is not on the Surface at the cursor; undefined when it is (or while its lineage loads). */
export function surfaceAbsence({ selected, cursor, onSurface, headerSeq, type, lineage }: Input): Absence | undefined {
  if (onSurface || selected === headerSeq) return undefined;
  if (selected > cursor) return { text: `Seq ${selected} is after the cursor (seq ${cursor}): the model has not seen it yet.` };
  if (!lineage || lineage.seq !== selected) return undefined;
  const r = lineage.replacer;
  if (r !== undefined && r <= cursor) {
    return { text: `Seq ${selected} is not on the Surface at seq ${cursor}: it was shadowed at seq ${r}, by the replacement there.`, link: { seq: r, label: `Show seq ${r}` } };
  }
  if (type === 'request/header') {
    return { text: `Seq ${selected} is an earlier request header; the one in force at seq ${cursor} is ${headerSeq === undefined ? 'none' : `seq ${headerSeq}`}.` };
  }
  const cp = lineage.carriedBy?.checkpoint;
  if (cp !== undefined && cp <= cursor) {
    return { text: `Seq ${selected} is log-only: the model sees this summary through the compaction checkpoint at seq ${cp}.`, link: { seq: cp, label: `Show seq ${cp}` } };
  }
  return { text: `Seq ${selected} is log-only${type ? ` (${type})` : ''}: it is never among the messages the model is sent.` };
}
