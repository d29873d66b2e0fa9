import { describe, expect, it } from 'vitest';
import { oneLine } from '../core/text';
import { contentText, summarizeEvent } from './rows';

describe('summarizeEvent', () => {
  it('summarizes messages, calls and chunks on one line', () => {
    expect(summarizeEvent({ type: 'user/message', seq: 1, time: 0, surfaceOp: 'append', data: { content: [{ type: 'text', text: 'hi\nthere' }], source: { kind: 'user' } } })).toBe('(user) hi there');
    expect(summarizeEvent({ type: 'tool/call', seq: 1, time: 0, data: { name: 'bash', arguments: '{"command":"ls"}', callId: 'c1' } })).toBe('bash({"command":"ls"}) c1');
    expect(summarizeEvent({ type: 'assistant/chunk', seq: 1, time: 0, data: { chunk: { type: 'text-delta', text: 'abc' } } })).toBe('text-delta "abc"');
    expect(summarizeEvent({ type: 'turn/end', seq: 1, time: 0, data: { turn: 2, reason: { kind: 'completed' } } })).toBe('turn 2 completed');
    expect(summarizeEvent({ type: 'x/unknown', seq: 1, time: 0, data: { a: '<script>' } })).toBe('{"a":"<script>"}');
  });
  it('truncates and collapses', () => {
    expect(oneLine('a  b\n\nc')).toBe('a b c');
    expect(oneLine('x'.repeat(500)).length).toBe(160);
    expect(contentText([{ type: 'tool-call', name: 'f', arguments: '{}' }])).toBe('→ f({})');
  });
});
