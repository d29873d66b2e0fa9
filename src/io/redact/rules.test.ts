import { describe, expect, it } from 'vitest';
import { isSecretName, parseUserStrings } from './rules';
import { applySpans, escapeView, TextScanner } from './text-scan';

const hex32 = '0123456789abcdef'.repeat(2);
// built from pieces, so that this file holds no credential-shaped literal of its own
const DEEPSEEK = `sk-${hex32}`;
const GITHUB = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
const AWS_ID = `AKIA${'Z7Q4W2E8R5T1Y6U3'}`;
const JWT = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'].join('.');
const KEY_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7'.repeat(4);
const PEM = `-----BEGIN PRIVATE KEY-----\n${KEY_BODY.slice(0, 64)}\n${KEY_BODY.slice(64)}\n-----END PRIVATE KEY-----`;

async function redact(s: string, opts = {}): Promise<string> {
  const scanner = new TextScanner(opts);
  const [spans] = await scanner.scan([s]);
  return applySpans(s, spans);
}

describe('redaction rules', () => {
  const planted: [string, string, string][] = [
    ['deepseek-api-key', `key ${DEEPSEEK} here`, 'key [REDACTED:deepseek-api-key] here'],
    ['secret-assignment', 'export DEEPSEEK_API_KEY=abc123def456', 'export DEEPSEEK_API_KEY=[REDACTED:secret-assignment]'],
    ['secret-assignment', 'db_password="p@ss-W0rd!"', 'db_password="[REDACTED:secret-assignment]"'],
    ['secret-assignment', '{"apiKey": "q9w8e7r6t5"}', '{"apiKey": "[REDACTED:secret-assignment]"}'],
    ['secret-assignment', 'SECRET: \'xyzzy-42-plugh\'', 'SECRET: \'[REDACTED:secret-assignment]\''],
    ['url-credentials', 'REDIS_URL is redis://default:pw0rd-9@cache:6379/0', 'REDIS_URL is redis://[REDACTED:url-credentials]@cache:6379/0'],
    ['basicauth', 'git remote: https://bob:s3cr3t@example.com/r.git', 'git remote: [REDACTED:basicauth]/r.git'],
    ['private-key', `before\n${PEM}\nafter`, 'before\n[REDACTED:private-key]\nafter'],
    ['private-key', `cut off: -----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY}`, 'cut off: [REDACTED:private-key]'],
    ['jwt', `Authorization: Bearer ${JWT}.`, 'Authorization: Bearer [REDACTED:jwt].'],
    ['home-user', 'cd /home/alice/app && ls /Users/bob', 'cd /home/user/app && ls /Users/user'],
    ['home-user', 'C:\\Users\\carol\\src', 'C:\\Users\\user\\src'],
    ['email', 'mail alice.smith+x@corp.example.org now', 'mail [REDACTED:email] now'],
    ['github', `token ${GITHUB} used`, 'token [REDACTED:github] used'],
    ['aws', `aws_access_key_id = ${AWS_ID}`, 'aws_access_key_id = [REDACTED:aws]'],
  ];
  for (const [rule, text, want] of planted) {
    it(`${rule}: ${want}`, async () => {
      expect(await redact(text)).toBe(want);
    });
  }

  it('finds a secret behind a JSON escape (tool-call arguments, a cat of a config file) and cuts whole escape pairs', async () => {
    const args = JSON.stringify({ command: `printf 'a\n${DEEPSEEK}\n'` }); // JSON text inside a string: \n is two characters
    expect(args).toContain(`\\n${DEEPSEEK}`);
    const out = await redact(args);
    expect(out).not.toContain(hex32);
    expect(out).toContain('\\n[REDACTED:deepseek-api-key]\\n');
    expect(JSON.parse(out).command).toBe("printf 'a\n[REDACTED:deepseek-api-key]\n'");
    expect(escapeView('a\\nb\\\\nc')!.view).toBe('a \nb\\\\nc');
  });

  it('adds the user strings, literal or /pattern/', async () => {
    const strings = parseUserStrings('# names\nAcme Corp\n/proj-[0-9]{4}/\n\n');
    expect(strings).toEqual(['Acme Corp', /proj-[0-9]{4}/]);
    expect(await redact('Acme Corp ships proj-1234 (a+b)', { extraStrings: [...strings, 'a+b'] })).toBe('[REDACTED:user-string] ships [REDACTED:user-string] ([REDACTED:user-string])');
  });

  it('applies only the rules asked for', async () => {
    expect(await redact(`${DEEPSEEK} bob@corp.io`, { rules: ['email'] })).toBe(`${DEEPSEEK} [REDACTED:email]`);
  });

  it('tells secret names from words', () => {
    for (const n of ['API_KEY', 'apiKey', 'db-password', 'PASSWORD', 'token', 'APIKEY', 'client_secret', 'GITHUB_TOKEN']) expect(isSecretName(n), n).toBe(true);
    for (const n of ['MONKEY', 'monkey', 'maxTokens', 'keyboard', 'passage', 'tokenizer', 'Turkey']) expect(isSecretName(n), n).toBe(false);
  });

  it('leaves look-alikes unchanged: digests, UUIDs, public keys and certificates, env references, prose about passwords', async () => {
    const lookAlikes = [
      'commit 9fceb02d0ae598e95dc970b74767f19372d61af8 (HEAD -> main)',
      'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==',
      'id 123e4567-e89b-12d3-a456-426614174000 and 00000000-0000-0000-0000-000000000000',
      `-----BEGIN CERTIFICATE-----\n${KEY_BODY}\n-----END CERTIFICATE-----`,
      `-----BEGIN PUBLIC KEY-----\n${KEY_BODY}\n-----END PUBLIC KEY-----`,
      'const key = process.env.API_KEY; const t = os.environ["GITHUB_TOKEN"]',
      'API_KEY=process.env.API_KEY and TOKEN=${TOKEN} and PASSWORD=$DB_PASSWORD',
      'Choose a strong password: at least 12 characters. The token limit is 8192. Never share your API key.',
      'if (password == confirm) { token = refresh(token) }',
      'maxTokens=32768, inputTokens: 120, the key: value pairs',
      'npm install @scope/pkg@1.2.3 and git@github.com:org/repo.git',
      'See https://example.com/docs?page=2 and ftp://mirror.example.org/pub',
      'Path /home/user/app and /usr/local/bin, ~/project',
      'sk-learn is a library; task-0123 in sk-ant docs',
    ];
    for (const s of lookAlikes) expect(await redact(s), s).toBe(s);
  });

  it('passes a planted credential of every rule through the fast pre-test', () => {
    const scanner = new TextScanner({ extraStrings: ['Acme'] });
    for (const [, text] of planted) expect(scanner.mayMatch(text), text).toBe(true);
    expect(scanner.mayMatch('Acme')).toBe(true);
    expect(scanner.mayMatch('nothing to see here, only words and numbers 12345')).toBe(false);
  });
});
