/**
 * Our own synthetic content for generated sessions: a made-up TypeScript project ("quayside", a
 * freight-manifest reconciler), prose for reasoning and answers, tool calls with plausible
 * outputs, a system prompt and tool schemas. Nothing here is taken from DSH or its fixtures.
 */
import type { Rng } from './prng';

const NOUNS = [
  'manifest', 'ledger', 'parser', 'cache', 'window', 'batch', 'cursor', 'checksum', 'schema', 'route',
  'carrier', 'invoice', 'shipment', 'pallet', 'berth', 'queue', 'handler', 'fixture', 'snapshot', 'index',
  'record', 'column', 'offset', 'buffer', 'stream', 'token', 'config', 'module', 'test', 'migration',
  'timestamp', 'currency', 'rate', 'tariff', 'port', 'vessel', 'container', 'warehouse', 'report', 'filter',
];
const VERBS = [
  'reads', 'writes', 'checks', 'skips', 'merges', 'splits', 'rounds', 'parses', 'caches', 'drops',
  'retries', 'sorts', 'groups', 'formats', 'validates', 'rejects', 'flushes', 'loads', 'emits', 'compares',
];
const ADJS = [
  'stale', 'empty', 'partial', 'duplicate', 'missing', 'negative', 'rounded', 'sorted', 'cached', 'nested',
  'optional', 'legacy', 'current', 'previous', 'unpaired', 'trailing', 'fractional', 'localized', 'frozen', 'late',
];
const OPENERS = [
  'Looking at this,', 'So', 'Next,', 'I think', 'It seems', 'Right,', 'Hmm,', 'Now', 'First,', 'The catch is that',
  'Let me check whether', 'This means', 'Before editing,', 'Interesting:', 'After that,', 'Given the test output,',
];
const CLOSERS = [
  'which explains the failure', 'so the test should pass now', 'before the batch is flushed',
  'when the carrier code is missing', 'in the reconciliation step', 'for every manifest line',
  'unless the currency differs', 'after the cursor advances', 'at the end of the window',
  'without touching the ledger', 'in both code paths', 'on the second run',
];

export const DIRS = ['src/manifest', 'src/ledger', 'src/tariff', 'src/io', 'src/report', 'test', 'scripts'];
const STEMS = ['reader', 'writer', 'reconcile', 'rates', 'rounding', 'index', 'schema', 'cursor', 'format', 'window', 'merge', 'types'];

export const PROVIDER = 'deepseek';
export const MODELS = ['deepseek-chat', 'deepseek-reasoner'] as const;
export const EFFORTS = ['low', 'medium', 'high'] as const;

export function filePath(rng: Rng): string {
  const dir = rng.pick(DIRS);
  const stem = rng.pick(STEMS);
  return `${dir}/${stem}${dir === 'test' ? '.test' : ''}.ts`;
}

export function ident(rng: Rng): string {
  const a = rng.pick(NOUNS);
  const b = rng.pick(NOUNS);
  return rng.chance(0.5) ? a : a + b[0].toUpperCase() + b.slice(1);
}

/** One sentence of plain prose about the made-up project. */
export function sentence(rng: Rng): string {
  const o = rng.pick(OPENERS);
  const s = `${o} the ${rng.pick(ADJS)} ${rng.pick(NOUNS)} ${rng.pick(VERBS)} the ${rng.pick(NOUNS)}`;
  const tail = rng.chance(0.6) ? ` ${rng.pick(CLOSERS)}` : '';
  const code = rng.chance(0.25) ? ` (see \`${ident(rng)}()\` in ${filePath(rng)})` : '';
  return `${s}${tail}${code}.`;
}

/** Roughly `tokens` tokens of prose, in paragraphs. */
export function prose(rng: Rng, tokens: number): string {
  const parts: string[] = [];
  let n = 0;
  while (n < tokens) {
    const s = sentence(rng);
    parts.push(s);
    n += Math.ceil(s.length / 4);
    if (rng.chance(0.15)) parts.push('\n\n');
    else parts.push(' ');
  }
  return parts.join('').trim();
}

const TOKEN_RE = /[ \n]?[A-Za-z]{1,7}|[0-9]{1,3}|\n+| +|[^A-Za-z0-9\n ]{1,2}/g;

/** Splits text into model-sized pieces (roughly one token each); joining them gives the input back. */
export function tokenize(s: string): string[] {
  const out = s.match(TOKEN_RE) ?? [];
  // the regex covers every character, but guard against surprises
  return out.join('') === s ? out : [s];
}

/** Groups pieces into stream deltas of 1–3 tokens. */
export function deltas(rng: Rng, s: string): string[] {
  const toks = tokenize(s);
  const out: string[] = [];
  for (let i = 0; i < toks.length;) {
    const k = rng.chance(0.7) ? 1 : rng.range(2, 3);
    out.push(toks.slice(i, i + k).join(''));
    i += k;
  }
  return out;
}

/** A plausible line of TypeScript. */
export function codeLine(rng: Rng, depth: number): string {
  const pad = '  '.repeat(depth);
  const a = ident(rng);
  const b = ident(rng);
  switch (rng.range(0, 9)) {
    case 0: return `${pad}const ${a} = ${b}.${rng.pick(VERBS).replace(/s$/, '')}(${ident(rng)});`;
    case 1: return `${pad}if (${a}.length === 0) return ${rng.pick(['null', 'undefined', '[]', '0', 'false'])};`;
    case 2: return `${pad}// ${rng.pick(NOUNS)} ${rng.pick(VERBS)} the ${rng.pick(ADJS)} ${rng.pick(NOUNS)} here`;
    case 3: return `${pad}for (const ${a} of ${b}) ${ident(rng)}.push(${a}.${rng.pick(NOUNS)});`;
    case 4: return `${pad}${a}.${rng.pick(NOUNS)} = Math.round(${b}.${rng.pick(NOUNS)} * ${rng.range(2, 1000)}) / ${rng.pick([100, 1000, 10])};`;
    case 5: return `${pad}throw new ${rng.pick(['RangeError', 'TypeError', 'Error'])}(\`${rng.pick(ADJS)} ${rng.pick(NOUNS)}: \${${a}}\`);`;
    case 6: return `${pad}return { ${a}, ${b}, ${rng.pick(NOUNS)}: ${rng.range(0, 99)} };`;
    case 7: return `${pad}export function ${a}(${b}: ${rng.pick(['string', 'number', 'Manifest', 'LedgerRow[]', 'Rate'])}): ${rng.pick(['void', 'boolean', 'number', 'string'])} {`;
    case 8: return `${pad}await ${a}.${rng.pick(VERBS).replace(/s$/, '')}(${b}, { ${rng.pick(NOUNS)}: ${rng.chance(0.5)} });`;
    default: return `${pad}${a} ??= new Map<string, ${rng.pick(['number', 'string', 'Rate'])}>();`;
  }
}

export function codeBlock(rng: Rng, lines: number): string[] {
  const out: string[] = [];
  let depth = 0;
  for (let i = 0; i < lines; i++) {
    if (depth > 0 && rng.chance(0.12)) { depth--; out.push('  '.repeat(depth) + '}'); continue; }
    const l = codeLine(rng, depth);
    out.push(l);
    if (l.endsWith('{')) depth++;
  }
  while (depth > 0) { depth--; out.push('  '.repeat(depth) + '}'); }
  return out;
}

export interface ToolOutcome {
  name: string;
  args: Record<string, unknown>;
  output: string;
  isError: boolean;
  error?: { name: string; code: string };
}

export const TODO_STATUS = ['pending', 'in_progress', 'completed'] as const;

/** A tool call the assistant makes, with what running it returned. */
export function toolOutcome(rng: Rng, only?: 'read'): ToolOutcome {
  const r = only === 'read' ? 0 : rng.next();
  if (r < 0.34) {
    const path = filePath(rng);
    const offset = rng.chance(0.7) ? 1 : rng.range(1, 400);
    if (rng.chance(0.04)) {
      return { name: 'read', args: { path }, output: `No such file: ${path}`, isError: true, error: { name: 'FileNotFoundError', code: 'ENOENT' } };
    }
    const lines = codeBlock(rng, rng.skew(4, 70));
    const body = lines.map((l, i) => `${String(offset + i).padStart(6)}\t${l}`).join('\n');
    return { name: 'read', args: { path, offset, limit: 400 }, output: body, isError: false };
  }
  if (r < 0.58) {
    const cmd = rng.pick(['npm test', 'npx vitest run', 'npx tsc --noEmit', 'git status --short', 'ls -la', 'npm run lint', 'node scripts/replay.mjs']);
    const target = rng.chance(0.5) ? ` ${filePath(rng)}` : '';
    const fail = rng.chance(0.12);
    const lines: string[] = [];
    const n = rng.skew(2, 40);
    for (let i = 0; i < n; i++) {
      lines.push(rng.chance(0.5)
        ? `${rng.chance(0.85) || !fail ? '✓' : '✗'} ${filePath(rng)} > ${rng.pick(NOUNS)} ${rng.pick(VERBS)} ${rng.pick(ADJS)} ${rng.pick(NOUNS)} (${rng.range(1, 900)} ms)`
        : `${rng.pick(['  ', '    at ', 'info ', 'warn '])}${sentence(rng)}`);
    }
    lines.push(fail ? `Process exited with code ${rng.range(1, 2)}` : `Done in ${rng.range(1, 60)}.${rng.range(0, 9)}s`);
    const out: ToolOutcome = { name: 'bash', args: { command: cmd + target, description: `Run ${cmd.split(' ')[0]}` }, output: lines.join('\n'), isError: fail };
    if (fail) out.error = { name: 'CommandFailedError', code: 'EXIT_NONZERO' };
    return out;
  }
  if (r < 0.72) {
    const pattern = rng.chance(0.5) ? ident(rng) : `${rng.pick(NOUNS)}\\(`;
    const n = rng.skew(1, 30);
    const lines: string[] = [];
    for (let i = 0; i < n; i++) lines.push(`${filePath(rng)}:${rng.range(1, 500)}:${codeLine(rng, 1)}`);
    return { name: 'grep', args: { pattern, path: rng.pick(DIRS) }, output: lines.join('\n'), isError: false };
  }
  if (r < 0.86) {
    const path = filePath(rng);
    const oldS = codeBlock(rng, rng.range(1, 4)).join('\n');
    const newS = codeBlock(rng, rng.range(1, 5)).join('\n');
    if (rng.chance(0.08)) {
      return { name: 'edit', args: { path, old_string: oldS, new_string: newS }, output: `The text to replace was not found in ${path}.`, isError: true, error: { name: 'EditMismatchError', code: 'NO_MATCH' } };
    }
    return { name: 'edit', args: { path, old_string: oldS, new_string: newS }, output: `Applied 1 edit to ${path}.`, isError: false };
  }
  if (r < 0.92) {
    const path = filePath(rng);
    const content = codeBlock(rng, rng.skew(3, 25)).join('\n') + '\n';
    return { name: 'write', args: { path, content }, output: `Wrote ${content.split('\n').length - 1} lines to ${path}.`, isError: false };
  }
  if (r < 0.97) {
    return { name: 'todo_write', args: { todos: [] }, output: 'Todo list updated.', isError: false };
  }
  const n = rng.skew(2, 40);
  const files: string[] = [];
  for (let i = 0; i < n; i++) files.push(filePath(rng));
  return { name: 'glob', args: { pattern: `${rng.pick(DIRS)}/**/*.ts` }, output: files.join('\n'), isError: false };
}

export function userPrompt(rng: Rng): string {
  const asks = [
    `The ${rng.pick(ADJS)} ${rng.pick(NOUNS)} case in ${filePath(rng)} is wrong. Can you fix it and add a test?`,
    `Please refactor \`${ident(rng)}\` so it ${rng.pick(VERBS)} the ${rng.pick(NOUNS)} only once.`,
    `Why does \`npm test\` fail on the ${rng.pick(NOUNS)} suite? Find the cause before changing anything.`,
    `Add a ${rng.pick(NOUNS)} option to the ${rng.pick(NOUNS)} ${rng.pick(NOUNS)}, defaulting to ${rng.chance(0.5)}.`,
    `Summarize what ${filePath(rng)} does and whether it ${rng.pick(VERBS)} ${rng.pick(ADJS)} rows.`,
    'Continue.',
    'Looks good, commit-ready? Run the full test suite once more.',
  ];
  let s = rng.pick(asks);
  if (rng.chance(0.3)) s += ' ' + prose(rng, rng.range(10, 80));
  return s;
}

export function todoList(rng: Rng): { content: string; status: 'pending' | 'in_progress' | 'completed' }[] {
  const n = rng.range(2, 6);
  const out: { content: string; status: 'pending' | 'in_progress' | 'completed' }[] = [];
  for (let i = 0; i < n; i++) {
    out.push({ content: `${rng.pick(['Fix', 'Test', 'Refactor', 'Document', 'Check'])} ${rng.pick(ADJS)} ${rng.pick(NOUNS)} in ${filePath(rng)}`, status: rng.pick(TODO_STATUS) });
  }
  return out;
}

const PROMPT_SECTIONS = [
  ['Role', 'You are a careful software engineering agent working inside a terminal on the user\'s machine. You help with the quayside repository, a TypeScript service that reconciles freight manifests against carrier ledgers.'],
  ['Working style', 'Read before you edit. Prefer small, reviewable changes. When a test fails, find the cause first and explain it in one or two sentences before proposing a fix. Never invent file contents; open the file.'],
  ['Tools', 'Use read to open files (results carry line numbers), grep and glob to search, edit for targeted replacements, write only for new files, and bash for builds and tests. Keep shell commands non-interactive.'],
  ['Safety', 'Do not run commands that delete data outside the working directory, push to remotes, or change global configuration. Ask before any operation that cannot be undone.'],
  ['Answers', 'Be brief and factual. Quote paths relative to the working directory. When you are done, say what changed and how you verified it.'],
  ['Planning', 'For work that needs more than three steps, keep a todo list with todo_write and update it as items complete. Only one item may be in progress at a time.'],
];

/** The system prompt of a request header; `variant` changes a few details between epochs. */
export function systemPrompt(cwd: string, model: string, variant: number): string {
  const parts = [`Model: ${model}. Working directory: ${cwd}. Configuration epoch ${variant}.`];
  for (let r = 0; r < 3; r++) {
    for (const [title, body] of PROMPT_SECTIONS) parts.push(`## ${title}${r ? ` (${['', 'details', 'reminders'][r]})` : ''}\n\n${body}`);
  }
  return parts.join('\n\n');
}

const param = (type: string, description: string) => ({ type, description });

/** Tool schemas advertised in the request header. */
export function toolSchemas(): { name: string; description: string; parameters: Record<string, unknown> }[] {
  return [
    { name: 'read', description: 'Read a text file. Lines are numbered from offset; use limit to page through large files.', parameters: { type: 'object', properties: { path: param('string', 'File path, relative to the working directory.'), offset: param('integer', 'First line to return (1-based).'), limit: param('integer', 'Maximum number of lines.') }, required: ['path'], additionalProperties: false } },
    { name: 'write', description: 'Create a file or replace its whole content.', parameters: { type: 'object', properties: { path: param('string', 'File path.'), content: param('string', 'Complete new content.') }, required: ['path', 'content'], additionalProperties: false } },
    { name: 'edit', description: 'Replace one exact occurrence of old_string with new_string in a file. Fails when the text is missing or ambiguous.', parameters: { type: 'object', properties: { path: param('string', 'File path.'), old_string: param('string', 'Exact text to find.'), new_string: param('string', 'Replacement text.') }, required: ['path', 'old_string', 'new_string'], additionalProperties: false } },
    { name: 'bash', description: 'Run a non-interactive shell command in the working directory and return its combined output. Long output is truncated from the middle.', parameters: { type: 'object', properties: { command: param('string', 'The command line.'), description: param('string', 'Five to ten words saying why.'), timeoutMs: param('integer', 'Kill the command after this many milliseconds.') }, required: ['command', 'description'], additionalProperties: false } },
    { name: 'grep', description: 'Search file contents with a regular expression; returns path:line:text matches.', parameters: { type: 'object', properties: { pattern: param('string', 'Regular expression.'), path: param('string', 'Directory or file to search.'), glob: param('string', 'Only search files matching this glob.') }, required: ['pattern'], additionalProperties: false } },
    { name: 'glob', description: 'List files matching a glob pattern, newest first.', parameters: { type: 'object', properties: { pattern: param('string', 'Glob pattern such as src/**/*.ts.') }, required: ['pattern'], additionalProperties: false } },
    { name: 'todo_write', description: 'Replace the session todo list. Each item has content and a status of pending, in_progress or completed.', parameters: { type: 'object', properties: { todos: { type: 'array', items: { type: 'object', properties: { content: param('string', 'What to do.'), status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] } }, required: ['content', 'status'] } } }, required: ['todos'], additionalProperties: false } },
    { name: 'web_fetch', description: 'Fetch a web page and return its readable text.', parameters: { type: 'object', properties: { url: param('string', 'Absolute http(s) URL.'), maxChars: param('integer', 'Truncate the text after this many characters.') }, required: ['url'], additionalProperties: false } },
    { name: 'subagent', description: 'Delegate a self-contained task to a child agent and wait for its final answer.', parameters: { type: 'object', properties: { description: param('string', 'Short label.'), prompt: param('string', 'Complete instructions for the child.') }, required: ['description', 'prompt'], additionalProperties: false } },
  ];
}

/** A random id shaped like a v4 UUID (message, compaction, command and retry ids). */
export function uuid(rng: Rng): string {
  return `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-${'89ab'[rng.range(0, 3)]}${rng.hex(3)}-${rng.hex(12)}`;
}
