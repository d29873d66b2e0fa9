/**
 * Credentials of every redaction rule's shape, for tests: secretlint's preset rules by rule id
 * (`PRESET_CASES`) and Seqscope's own (`OWN_CASES`), each with the part that identifies it (what
 * must not survive redaction). Built from pieces, so that no file holds a credential-shaped
 * literal of its own.
 */
export const alnum = (n: number, seed = 7) => Array.from({ length: n }, (_, i) => 'aZ0bY1cX2dW3eV4fU5gT6hS7iR8jQ9kP'[(i * seed + 3) % 32]).join('');
const PEM_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7'.repeat(3);
export const PEM = ['-----BEGIN RSA PRIVATE KEY-----', PEM_BODY.slice(0, 64), PEM_BODY.slice(64), '-----END RSA PRIVATE KEY-----'].join('\n');
const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_');
const opsJson = (pad: string) => JSON.stringify({ email: 'svc@1passwordserviceaccounts.lcl', muk: { alg: 'A256GCM', k: alnum(43) }, secretKey: alnum(40, 11), deviceUuid: alnum(26, 5), pad });
// a token's base64 ends in `fQ` (its closing brace): the JSON's length is one more than a multiple of 3
const OPS = b64url([opsJson(''), opsJson('x'), opsJson('xx')].find((j) => j.length % 3 === 1)!);

/** One credential of secretlint's preset per rule id (the text it is found in). */
export const PRESET_CASES: Record<string, string> = {
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

const hex32 = '0123456789abcdef'.repeat(2);
const JWT = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'].join('.');

/** Seqscope's own rules: a text holding the credential, and the part of it that must not survive. */
export const OWN_CASES: Record<string, { text: string; secret: string }> = {
  'deepseek-api-key': { text: `key sk-${hex32} here`, secret: hex32 },
  'secret-assignment': { text: 'export MY_SERVICE_TOKEN=q9w8e7r6t5y4u3', secret: 'q9w8e7r6t5y4u3' },
  'url-credentials': { text: 'redis://default:pw0rd-9x@cache:6379/0', secret: 'pw0rd-9x' },
  'private-key': { text: `-----BEGIN PRIVATE KEY-----\n${PEM_BODY.slice(0, 64)}\n${PEM_BODY.slice(64, 128)}\n-----END PRIVATE KEY-----`, secret: PEM_BODY.slice(20, 60) },
  jwt: { text: `Bearer ${JWT}`, secret: JWT.split('.')[2] },
  'home-user': { text: 'cd /home/zelda/app', secret: 'zelda' },
  email: { text: 'mail zelda.smith@corp.example.org now', secret: 'zelda.smith' },
  'user-string': { text: 'project Bluebird-7 launch', secret: 'Bluebird-7' },
};
