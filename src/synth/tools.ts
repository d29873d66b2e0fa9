/**
 * Tool calls as the assistant plans them and as the harness runs them: the tool-call block (its
 * outcome is decided when it is planned, so the streamed arguments and the later result agree),
 * the optional PreToolUse hook, tool/call, todo/write for todo_write, and the tool/result
 * (an error result when the outcome failed).
 */
import { deltas, todoList, toolOutcome, uuid, type ToolOutcome } from './content';
import type { SynthState, Todo } from './state';
import { contentTokens } from './surface';

/** A planned tool call: `parts` are the argument deltas to stream, `tool` the outcome to report. */
export type ToolCallBlock = { kind: 'tool-call'; id: string; name: string; args: string; parts: string[]; tool: ToolOutcome };

/** Plans the `i`-th tool call of an assistant message. */
export function planToolCall(st: SynthState, i: number): ToolCallBlock {
  const rng = st.rng;
  const tool = toolOutcome(rng);
  if (tool.name === 'todo_write') tool.args = { todos: advanceTodos(st) };
  const args = JSON.stringify(tool.args);
  const parts = deltas(rng, args);
  if (rng.chance(0.5)) parts.unshift('');
  return { kind: 'tool-call', id: callId(st, i), name: tool.name, args, parts, tool };
}

function callId(st: SynthState, i: number): string {
  return `call_${String(i).padStart(2, '0')}_${st.rng.alnum(24)}`;
}

/** The todo list after one more todo_write: a new list, or the next item started or finished. */
function advanceTodos(st: SynthState): Todo[] {
  const cur = st.todos.map((x) => ({ ...x }));
  const active = cur.find((x) => x.status === 'in_progress');
  const next = cur.find((x) => x.status === 'pending');
  if (active) active.status = 'completed';
  else if (next) next.status = 'in_progress';
  st.todos = active || next ? cur : todoList(st.rng).map((x, i) => ({ ...x, status: i === 0 ? 'in_progress' : 'pending' }));
  return st.todos;
}

/**
 * Runs one planned call: maybe a PreToolUse hook (bash only), tool/call, then, unless
 * `withResult` is false (the crash turn's call left hanging), todo/write and the tool/result.
 * Large results are offered to later prunes.
 */
export function runTool(st: SynthState, c: ToolCallBlock, withResult = true): void {
  const rng = st.rng;
  const tool = c.tool;
  const hook = tool.name === 'bash' && rng.chance(0.25);
  const handlerId = 'guard-shell';
  if (hook) {
    st.tick(1, 5);
    st.add('hook/invoked', { turn: st.turn, point: 'PreToolUse', dialect: 'claude-code', matcher: 'bash', handlerId });
    const durationMs = rng.range(5, 300);
    st.t += durationMs;
    st.add('hook/result', { turn: st.turn, point: 'PreToolUse', handlerId, decision: 'allow', exitCode: 0, durationMs });
  }
  st.tick(1, 8);
  const call = st.add('tool/call', { turn: st.turn, step: st.step, callId: c.id, name: c.name, arguments: c.args });
  st.stats.toolCalls++;
  if (!withResult) return;
  if (tool.name === 'todo_write') {
    st.tick(0, 3);
    st.add('todo/write', tool.args);
  }
  const durationMs = tool.name === 'bash' ? rng.skew(40, 60_000) : rng.range(2, 120);
  st.t += durationMs;
  const block: Record<string, unknown> = { type: 'tool-result', toolCallId: c.id, content: [{ type: 'text', text: tool.output }] };
  if (tool.isError) block.isError = true;
  const message = { id: uuid(rng), role: 'user', content: [block], source: { kind: 'tool', callId: c.id } };
  const data: Record<string, unknown> = { turn: st.turn, step: st.step, message };
  if (tool.error) data.error = tool.error;
  if (tool.name === 'bash') data.meta = { exitCode: tool.isError ? 1 : 0, durationMs };
  if (tool.isError) st.stats.toolErrors++;
  const tokens = contentTokens(message);
  const e = st.addSurface('tool/result', data, 'append', [call.seq], tokens);
  st.surface.offerPrunable({ seq: e.seq, tokens, name: tool.name });
}
