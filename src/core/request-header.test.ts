import { describe, expect, it } from 'vitest';
import { requestHeader, todoWrite } from '../testing/builders';
import { canonicalHeader, diffHeaders, foldRequestHeader, headerEquals } from './request-header';

const cfg = { provider: 'p', model: 'm' };
describe('canonicalHeader (core.md §8.2)', () => {
  it('drops empty adapterDefaults, empty system and empty tools, and keeps populated fields', () => {
    expect(canonicalHeader({ config: cfg, adapterDefaults: {}, system: '', tools: [] })).toEqual({ config: cfg });
    const full = { config: cfg, adapterDefaults: { maxTokens: true }, system: 's', tools: [{ name: 't' }] };
    expect(canonicalHeader(full)).toEqual(full);
  });
});

describe('headerEquals', () => {
  const base = canonicalHeader({ config: { ...cfg, reasoningEffort: 'high' }, adapterDefaults: { reasoningEffort: true }, system: 's', tools: [{ name: 'a' }, { name: 'b', description: 'd' }] });
  it('compares every canonical field and tool order', () => {
    expect(headerEquals(base, base)).toBe(true);
    const variants = [
      { ...base, config: { ...base.config, model: 'x' } },
      { ...base, config: { ...base.config, reasoningEffort: 'low' } },
      { ...base, adapterDefaults: undefined },
      { ...base, system: 't' },
      { ...base, tools: [{ name: 'a' }] },
      { ...base, tools: [{ name: 'a' }, { name: 'b', description: 'e' }] },
      { ...base, tools: [{ name: 'b', description: 'd' }, { name: 'a' }] },
    ];
    for (const v of variants) expect(headerEquals(base, v)).toBe(false);
  });
  it('treats absent and empty tool arrays as the same', () => {
    expect(headerEquals({ config: cfg }, { config: cfg, tools: [] })).toBe(true);
  });
});

describe('foldRequestHeader', () => {
  it('returns the baseline when no header follows', () => {
    expect(foldRequestHeader([])).toBeUndefined();
    const b = canonicalHeader({ config: cfg });
    expect(foldRequestHeader([todoWrite(0)], b)).toBe(b);
  });
  it('takes the latest full snapshot, canonicalized, and skips other events', () => {
    const events = [requestHeader(0, cfg, { system: 'one' }), todoWrite(1), requestHeader(2, { ...cfg, model: 'n' }, { tools: [] }), todoWrite(3)];
    expect(foldRequestHeader(events)).toEqual({ config: { ...cfg, model: 'n' } });
  });
});

describe('diffHeaders', () => {
  it('names changed config fields, system and added or removed tools', () => {
    const a = canonicalHeader({ config: cfg, system: 's', tools: [{ name: 'x' }] });
    const b = canonicalHeader({ config: { ...cfg, model: 'n' }, system: 't', tools: [{ name: 'y' }] });
    expect(diffHeaders(a, b).map((c) => c.key).sort()).toEqual(['config.model', 'system', 'tools.x', 'tools.y']);
    expect(diffHeaders(a, a)).toEqual([]);
  });
});
