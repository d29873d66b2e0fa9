/**
 * Deterministic generator of valid DSH session logs of any size: the synthesizer's public entry.
 * Every event goes through `Session.append`, so the output is validated exactly as DSH's loader
 * would validate it. The mix follows DSH's large-session profile: about 85% of events are
 * streamed chunk deltas. The same options give the same events, byte for byte.
 *
 * Modules:
 * - synthesizer.ts: `Synthesizer` (the turn/step driver) and `synthesize`
 * - assistant.ts: planning and streaming model responses, retries
 * - tools.ts: tool calls, hooks, todo/write, tool results and errors
 * - context.ts: prunes and summary compactions
 * - surface.ts: the surface token estimate those decisions are based on
 * - state.ts: state shared by all of the above and the append primitives
 * - fork.ts: `synthesizeFork` (forked sessions)
 * - content.ts, prng.ts: the synthetic text and the PRNG
 */
export type { SynthOptions, SynthSession, SynthStats } from './types';
export { Synthesizer, synthesize } from './synthesizer';
export { synthesizeFork, type ForkOptions, type SynthFork } from './fork';
