/**
 * Every rule of secretlint's preset, on a credential of its shape: the rule finds it on its own,
 * the engine cuts it with every rule on, and the fast pre-test (SECRETLINT_TRIGGER) lets it
 * through. A preset rule without a case here fails the first test.
 */
import { describe, expect, it } from 'vitest';
import { SECRETLINT_RULE_IDS, secretlintMayMatch } from './secretlint';
import { applySpans, TextScanner } from './text-scan';
import { PRESET_CASES } from '../../testing/credentials';

const cases = PRESET_CASES;

describe('secretlint preset rules', () => {
  it('has a planted case for every rule of the preset', () => {
    expect(Object.keys(cases).sort()).toEqual([...SECRETLINT_RULE_IDS].sort());
  });

  for (const [rule, text] of Object.entries(cases)) {
    it(`${rule}: found by its rule alone, cut with every rule on, and let through the pre-test`, async () => {
      expect(secretlintMayMatch(text), 'SECRETLINT_TRIGGER').toBe(true);
      const [alone] = await new TextScanner({ rules: [rule] }).scan([text]);
      expect(alone.map((m) => m.rule), 'its own rule').toContain(rule);
      const scanner = new TextScanner();
      expect(scanner.mayMatch(text)).toBe(true);
      const [all] = await scanner.scan([text]);
      const out = applySpans(text, all);
      expect(out).toMatch(/\[REDACTED:[a-z0-9-]+\]/);
      // what identifies the credential is gone
      for (const m of alone) expect(out).not.toContain(text.slice(m.start, m.end));
    });
  }
});
