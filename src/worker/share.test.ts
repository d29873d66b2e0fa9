import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePath, reviewShare, writeShare } from './share';

const KEY = 'sk-' + 'fedcba9876543210'.repeat(2);
const log = new TextEncoder().encode(readFileSync(resolve(__dirname, '../../public/demo/tool-round.jsonl'), 'utf8').replace('Run the full test suite once more.', `Use ${KEY} here.`));

describe('Share review in the worker', () => {
  it('reads field paths as the engine writes them', () => {
    expect(parsePath('data.content[0].text')).toEqual(['data', 'content', 0, 'text']);
    expect(parsePath('data["a b"][2]')).toEqual(['data', 'a b', 2]);
  });

  it('lists findings with the field before (credential as dots) and after, and never the credential', async () => {
    const r = await reviewShare(log, { keep: [], extraStrings: [] });
    const f = r.findings.find((x) => x.rule === 'deepseek-api-key')!;
    expect(f).toMatchObject({ seq: 4, line: 6 });
    expect(f.before).toContain('Use ••••••••••••');
    expect(f.after).toContain('Use [REDACTED:deepseek-api-key] here.');
    expect(JSON.stringify(r)).not.toContain(KEY);
  });

  it('keeps what the user keeps and cuts the strings they add, in the copy it writes', async () => {
    const first = await reviewShare(log, { keep: [], extraStrings: [] });
    const key = first.findings.find((x) => x.rule === 'deepseek-api-key')!;
    const kept = await writeShare(log, { keep: [key.id], extraStrings: ['pallet'] }, 'jsonl');
    const text = new TextDecoder().decode(kept.bytes);
    expect(text).toContain(KEY);
    expect(text).not.toContain('pallet');
    expect(kept.rules).toContain('user-string');
    expect(kept.rules).not.toContain('deepseek-api-key');
    const cut = new TextDecoder().decode((await writeShare(log, { keep: [], extraStrings: [] }, 'jsonl')).bytes);
    expect(cut).not.toContain(KEY);
  });
});
