/**
 * Every rule of secretlint's preset, on a credential of its shape: the rule finds it on its own,
 * the engine cuts it with every rule on, and the fast pre-test (SECRETLINT_TRIGGER) lets it
 * through. A preset rule without a case here fails the first test.
 */
import { describe, expect, it } from 'vitest';
import { SECRETLINT_RULE_IDS, secretlintMayMatch } from './secretlint';
import { applySpans, TextScanner } from './text-scan';

// built from pieces, so that this file holds no credential-shaped literal of its own
const alnum = (n: number, seed = 7) => Array.from({ length: n }, (_, i) => 'aZ0bY1cX2dW3eV4fU5gT6hS7iR8jQ9kP'[(i * seed + 3) % 32]).join('');
const PEM_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7'.repeat(3);
const PEM = ['-----BEGIN RSA PRIVATE KEY-----', PEM_BODY.slice(0, 64), PEM_BODY.slice(64), '-----END RSA PRIVATE KEY-----'].join('\n');
const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_');
const opsJson = (pad: string) => JSON.stringify({ email: 'svc@1passwordserviceaccounts.lcl', muk: { alg: 'A256GCM', k: alnum(43) }, secretKey: alnum(40, 11), deviceUuid: alnum(26, 5), pad });
// a token's base64 ends in `fQ` (its closing brace): the JSON's length is one more than a multiple of 3
const OPS = b64url([opsJson(''), opsJson('x'), opsJson('xx')].find((j) => j.length % 3 === 1)!);

const cases: Record<string, string> = {
  aws: `aws_access_key_id = AKIA${alnum(16).toUpperCase()}`,
  gcp: JSON.stringify({ type: 'service_account', project_id: 'p', private_key_id: alnum(40), private_key: `${PEM}\n`, client_email: 'svc@p.iam.gserviceaccount.com' }),
  privatekey: `key:\n${PEM}\n`,
  npm: `//registry.npmjs.org/ token npm_${alnum(36)}`,
  basicauth: 'git remote: https://bob:s3cr3t@example.com/r.git',
  slack: `SLACK_BOT=xoxb-${'1234567890'}12-${'1234567890'}123-${alnum(24)}`,
  sendgrid: `SG.${alnum(22)}.${alnum(43, 11)}`,
  shopify: `shpat_${alnum(32)}`,
  github: `token ghp_${alnum(36)} used`,
  openai: `sk-${alnum(20)}${'T3Blbk'}FJ${alnum(20, 11)}`,
  anthropic: `sk-ant-api03-${alnum(93)}AA`,
  linear: `lin_api_${alnum(40)}`,
  '1password': `ops_${OPS}`,
  'database-connection-string': 'DATABASE_URL=postgres://app:Pa55-w0rd-8q@db.internal:5432/prod',
};

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
