import { describe, expect, it } from 'vitest';
import type { Overview } from '../core/overview';
import { failedRole, nextError, toolErrorsOf } from './tool-errors-at';

// three tool calls: 10→12 ok, 20→25 failed, 30→31 failed (tool names by index)
const o = {
  toolCall: Int32Array.from([10, 20, 30]), toolResult: Int32Array.from([12, 25, 31]), toolName: Int32Array.from([0, 1, 0]),
  toolError: Uint8Array.from([0, 1, 1]), toolNames: ['bash', 'read'],
} as unknown as Overview;

describe('tool errors at a seq', () => {
  it('lists the failed calls and tells a failed result and its call apart', () => {
    const e = toolErrorsOf(o);
    expect(e.list).toEqual([{ call: 20, result: 25, tool: 'read' }, { call: 30, result: 31, tool: 'bash' }]);
    expect(toolErrorsOf(o)).toBe(e);
    expect([12, 20, 25, 30, 31, 32].map((s) => failedRole(e, s))).toEqual([undefined, 'call', 'result', 'call', 'result', undefined]);
  });

  it('finds the next and previous failed result, none past the ends', () => {
    const e = toolErrorsOf(o);
    expect([0, 25, 26, 31].map((s) => nextError(e, s, 1))).toEqual([25, 31, 31, undefined]);
    expect([0, 25, 26, 40].map((s) => nextError(e, s, -1))).toEqual([undefined, undefined, 25, 31]);
    expect(nextError(toolErrorsOf(undefined), 0, 1)).toBeUndefined();
  });
});
