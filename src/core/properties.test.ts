/** Property tests (fast-check) over built logs and the conformance corpus's accepted logs. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBytes, type LoadResult } from '../io/load';
import { sessionHeader, userMsgData } from '../testing/builders';
import { PackedRow, decodeStorageRecord, packChunkRuns } from './chunk-rows';
import { jsonDepth } from './json';
import { Session } from './session';
import { transcript } from './transcript';
import { CONFORMANCE_DIR } from '../testing/corpus';

const CORPUS = CONFORMANCE_DIR;

async function okLogs(): Promise<{ name: string; r: LoadResult }[]> {
  const indexFile = path.join(CORPUS, 'index.json');
  if (!existsSync(indexFile)) throw new Error(`conformance corpus missing at ${CORPUS}`);
  const index: { name: string; file: string; verdict: string }[] = JSON.parse(readFileSync(indexFile, 'utf8'));
  const out: { name: string; r: LoadResult }[] = [];
  for (const c of index) {
    if (c.verdict !== 'ok') continue;
    const r = await loadBytes(new Uint8Array(readFileSync(path.join(CORPUS, c.file))), { now: 0 });
    // Logs holding -0 load on restore (decisions §3.5) but a fresh Session.create rightly refuses them.
    if (r.verdict.ok && r.session!.length <= 3000 && r.nonJsonNumberSeqs.length === 0) out.push({ name: c.name, r });
  }
  return out;
}

describe('fold-to-N equals a fresh fold of the prefix (decisions §2)', () => {
  it('holds for every accepted conformance log at random cursors', async () => {
    const logs = await okLogs();
    expect(logs.length).toBeGreaterThan(10);
    for (const { name, r } of logs) {
      const s = r.session!;
      const t = r.timeline!;
      const events = s.events();
      const check = (n: number) => {
        const fresh = Session.create(r.header!, events.slice(0, n + 1));
        expect(t.surfaceAt(n), `${name} surface at ${n}`).toEqual(fresh.surfaceSeqs());
        expect(t.transcriptAt(n), `${name} transcript at ${n}`).toEqual(transcript(fresh.log).filter((x) => x.kind === 'message').map((x) => x.seq));
        const msgs = fresh.messages();
        expect(t.messageCountAt(n), `${name} messages at ${n}`).toBe(msgs.length);
        expect(t.messagesAt(n)).toEqual(msgs);
        // the index-backed transcript (markers included) equals a walk of the fresh prefix
        expect(t.transcriptEntriesAt(n), `${name} transcript entries at ${n}`).toEqual(transcript(fresh.log));
      };
      check(events.length - 1);
      fc.assert(fc.property(fc.integer({ min: 0, max: events.length - 1 }), (n) => { check(n); }), { numRuns: 8 });
    }
  });
});

describe('pack∘decode on real logs', () => {
  it('reproduces every accepted conformance log exactly', async () => {
    for (const { r } of await okLogs()) {
      const events = r.session!.events();
      if (jsonDepth(events, 1000) > 1000) continue; // JSON.stringify and toEqual recurse; the codec is tested deep elsewhere
      const back = packChunkRuns(events).flatMap((x) => {
        const d = decodeStorageRecord(JSON.parse(JSON.stringify(x)));
        return d instanceof PackedRow ? d.expand() : [d];
      });
      expect(back).toEqual(events);
    }
  });
});

describe('Session properties', () => {
  const step = fc.oneof(
    fc.constant({ kind: 'msg' as const }),
    fc.constantFrom('todo/write', 'session/title', 'turn/start', 'step/end', 'compaction/start', 'llm/retry').map((type) => ({ kind: 'other' as const, type })),
  );
  it('non-message events never change derived messages, in any interleaving', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
      const mixed = Session.create(sessionHeader());
      const pure = Session.create(sessionHeader());
      let k = 0;
      for (const st of steps) {
        if (st.kind === 'msg') {
          const d = userMsgData(`m${k++}`, 'x');
          mixed.append('user/message', d, { surfaceOp: 'append' }, 0);
          pure.append('user/message', d, { surfaceOp: 'append' }, 0);
        } else mixed.append(st.type, { n: 1 }, undefined, 0);
      }
      expect(mixed.messages()).toEqual(pure.messages());
      for (const m of mixed.messages()) { expect(Object.isFrozen(m)).toBe(true); expect(m.role).toBe('user'); }
    }), { numRuns: 200 });
  });
  it('replay from seed reproduces the derivation and adds exactly one end-seed', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
      const s = Session.create(sessionHeader());
      steps.forEach((st, i) => st.kind === 'msg' ? s.append('user/message', userMsgData(`m${i}`, 'x'), { surfaceOp: 'append' }, 0) : s.append(st.type, {}, undefined, 0));
      const replay = Session.create(sessionHeader(), s.events(), { now: 0 });
      expect(replay.messages()).toEqual(s.messages());
      expect(replay.length).toBe(s.length + 1);
      expect(Session.create(sessionHeader(), replay.events()).length).toBe(replay.length);
      replay.events().forEach((e, i) => expect(e.seq).toBe(i));
    }), { numRuns: 100 });
  });
});
