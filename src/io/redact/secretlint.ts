/**
 * secretlint's recommended preset (`@secretlint/secretlint-rule-preset-recommend`, run by
 * `@secretlint/core`) over many strings at once. One `lintSource` call has a fixed cost (a source
 * object, a context per rule, profiler marks), so strings are joined into one text with a
 * separator no rule matches across (NUL LF NUL: `\s` classes stop at NUL, `[^\s]` classes and `.`
 * at LF) and the reported ranges are mapped back. Rules that cannot run here are left out:
 * `filter-comments` (a `secretlint-disable` comment inside a log would switch redaction off) and
 * the GCP rule's `.p12` check, which reads a file; its JSON check runs on each string holding
 * `private_key_id` alone, as a `.json` source (the whole string is a service-account key).
 */
import { lintSource } from '@secretlint/core';
import { creator as preset } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretLintCoreConfig } from '@secretlint/types';
import type { RuleMatch } from './rules';

const SEPARATOR = '\u0000\n\u0000';
const PREFIX = '@secretlint/secretlint-rule-';
/** secretlint's findings outrank Seqscope's generic rules (assignment, e-mail) on the same span. */
const PRIORITY = 35;

type Descriptor = SecretLintCoreConfig['rules'][number];
const ruleDescriptors: Descriptor[] = (preset as unknown as { rules: Descriptor['rule'][] }).rules
  .filter((r) => !r.meta.id.endsWith('filter-comments'))
  // the AWS rule scans for access key ids and account ids only when asked
  .map((r) => ({ id: r.meta.id, rule: r, options: r.meta.id.endsWith('-aws') ? { enableIDScanRule: true } : {} }) as Descriptor);
const batchConfig: SecretLintCoreConfig = { rules: ruleDescriptors.filter((d) => !d.id.endsWith('-gcp')) };
const gcpConfig: SecretLintCoreConfig = { rules: ruleDescriptors.filter((d) => d.id.endsWith('-gcp')) };

/** The short rule names secretlint reports as (`@secretlint/secretlint-rule-github` → `github`). */
export const SECRETLINT_RULE_IDS: readonly string[] = ruleDescriptors.map((d) => d.id.slice(PREFIX.length));

/**
 * A fast test each preset rule's match implies (derived from the rules' own patterns, checked per
 * rule in secretlint.test.ts): a string that fails both holds nothing the preset reports.
 */
export const SECRETLINT_TRIGGER = /(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)|A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|(?:ACCOUNT|account|Account)_?(?:ID|id|Id)?["']?\s*(?::|=>|=)|private_key_id|PRIVATE KEY|x-oauth-basic|_authToken=|npm_|xox[bparo]-|xapp-|(?:https?|ftps?):\/\/[-a-zA-Z0-9_]{1,256}:|T3BlbkFJ|sk-ant-api0|lin_api_|SG\.|shp(?:pa|ca|at|ss)_|gh[pousr]_|github_pat_|ops_ey/;
/** The preset's case-insensitive patterns (Slack webhooks, database connection strings), spelt out case by case, so that one regex can hold every trigger. */
export const SECRETLINT_TRIGGER_I = new RegExp(['hooks.slack.com', 'mongodb', 'mysql', 'postgres'].map(caseless).join('|'));

function caseless(word: string): string {
  return [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c === '.' ? '\\.' : c)).join('');
}

export function secretlintMayMatch(s: string): boolean {
  return SECRETLINT_TRIGGER.test(s) || SECRETLINT_TRIGGER_I.test(s);
}

/** `ext`: the GCP rule judges only a source it is told is `.json`. */
async function lint(content: string, config: SecretLintCoreConfig, ext = '.txt'): Promise<{ ruleId: string; range: readonly [number, number] }[]> {
  const r = await lintSource({ source: { content, filePath: '', ext, contentType: 'text' }, options: { config, noPhysicFilePath: true, maskSecrets: true } });
  return r.messages.map((m) => ({ ruleId: m.ruleId, range: m.range }));
}

/**
 * The preset's matches in each of `texts` (one list per text, in order). `raws`: the strings the
 * texts were read from, where a text is a string with its JSON escapes read (./text-scan.ts): the
 * GCP rule parses the string as JSON, so it judges the string as it is, and a key it finds is the
 * whole text.
 */
export async function secretlintMatches(texts: readonly string[], raws: readonly string[] = texts): Promise<RuleMatch[][]> {
  const out: RuleMatch[][] = texts.map(() => []);
  if (texts.length === 0) return out;
  const starts: number[] = [];
  let pos = 0;
  for (const t of texts) { starts.push(pos); pos += t.length + SEPARATOR.length; }
  const messages = await lint(texts.join(SEPARATOR), batchConfig);
  for (const m of messages) {
    const [s, e] = m.range;
    // the text holding the start; a range is cut at its text's end
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= s) lo = mid; else hi = mid - 1; }
    const i = lo;
    const start = s - starts[i], end = Math.min(e - starts[i], texts[i].length);
    if (end > start) out[i].push({ start, end, rule: shortId(m.ruleId), priority: PRIORITY });
  }
  for (let i = 0; i < texts.length; i++) {
    if (!raws[i].includes('private_key_id')) continue;
    for (const m of await lint(raws[i], gcpConfig, '.json')) out[i].push({ start: 0, end: texts[i].length, rule: shortId(m.ruleId), priority: PRIORITY });
  }
  return out;
}

const shortId = (id: string) => (id.startsWith(PREFIX) ? id.slice(PREFIX.length) : id);
