import type { Message, SessionEvent } from './types';

/** core.md §5.1: the model message an event contributes, or null. Does not look at surfaceOp. */
export function deriveEventMessage(e: SessionEvent): Message | null {
  switch (e.type) {
    case 'user/message': return e.data as Message;
    case 'assistant/message': {
      const m = e.data?.message as Message | undefined;
      return m && Array.isArray(m.content) && m.content.length > 0 ? m : null;
    }
    case 'tool/result': return (e.data?.message ?? null) as Message | null;
    default: return null;
  }
}

/**
 * The incremental derived-message cache (core.md §4.6): each surface node is projected once
 * between replaces; a replace clears the cache. Returned arrays are fresh copies.
 */
export class MessageDeriver {
  private derived: Message[] = [];
  private derivedNodes = 0;
  private derivedGen = 0;

  derive(nodes: readonly number[], gen: number, eventAt: (seq: number) => SessionEvent): Message[] {
    if (gen !== this.derivedGen) {
      this.derived = [];
      this.derivedNodes = 0;
      this.derivedGen = gen;
    }
    for (let i = this.derivedNodes; i < nodes.length; i++) {
      const m = deriveEventMessage(eventAt(nodes[i]));
      if (m !== null) this.derived.push(m);
    }
    this.derivedNodes = nodes.length;
    return this.derived.slice();
  }
}
