/**
 * Seqscope's own redaction rules: what DSH logs carry and secretlint's recommended preset does not
 * look for (DeepSeek keys, `NAME=value` secrets, URL credentials, private-key blocks, JWTs, home
 * directory user names, e-mail addresses), plus the strings and patterns a user adds. Each rule is
 * shape-based (a prefix, a length, a boundary), never a bare keyword, so prose survives.
 */

/** One match in a string: [start, end) and what replaces it (default `[REDACTED:<rule>]`). */
export interface RuleMatch {
  readonly start: number;
  readonly end: number;
  readonly rule: string;
  /** The text put in place of [start, end); omitted for `[REDACTED:<rule>]`. */
  readonly replacement?: string;
  /** Higher wins when matches of two rules cover the same span (specific over generic). */
  readonly priority: number;
}

export interface TextRule {
  readonly id: string;
  readonly priority: number;
  find(text: string, out: RuleMatch[]): void;
}

/** Pushes every match of `re` (global) as `rule`; `group` narrows the span to one capture group (needs the `d` flag). */
function regexRule(id: string, priority: number, re: RegExp, accept?: (m: RegExpExecArray) => [number, number] | null): TextRule {
  return {
    id, priority,
    find(text, out) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (m[0].length === 0) { re.lastIndex++; continue; }
        const span = accept ? accept(m) : [m.index, m.index + m[0].length] as [number, number];
        if (span && span[1] > span[0]) out.push({ start: span[0], end: span[1], rule: id, priority });
      }
    },
  };
}

/** DeepSeek API keys: `sk-` and 32 hex digits, standing alone. */
const deepseek = regexRule('deepseek-api-key', 30, /(?<![A-Za-z0-9_-])sk-[0-9a-fA-F]{32}(?![A-Za-z0-9_-])/g);

/**
 * `NAME=value`, `NAME: "value"`, `"NAME": "value"` where NAME says it holds a secret: it ends in
 * KEY, TOKEN, SECRET, PASSWORD (PASSWD, PWD, PASS) as a word of its own (`API_KEY`, `apiKey`,
 * `db-password`, `APIKEY`), so `MONKEY` or `maxTokens` do not. The value is the secret. `=` must not
 * be part of `==`, `=>` or `=~`; `:` needs a quoted name or value (JSON, YAML), so that prose like
 * "token: the next word" is left alone. The name is matched as a whole word and judged in code:
 * a pattern that splits words at case changes backtracks exponentially on hostile input.
 */
const ASSIGNMENT = /(?<![A-Za-z0-9_$.-])(?<q>["']?)(?<name>[A-Za-z][A-Za-z0-9_.-]{0,63})\k<q>(?:\s*=(?![=>~])\s*|\s*:\s*(?=["'])|(?<=["'])\s*:\s*)(?<vq>["'\x60]?)(?<value>[^\s"'\x60,;&)}\]<>]{4,512})/gd;
const SECRET_WORD = /(?:^|[_.-])(?:key|token|secret|password|passwd|pwd|pass)$|(?:api|secret|access|auth|private|client|session|refresh|bearer|app|master)(?:key|token|secret)$/i;
const CAMEL_WORD = /(?:^|[_.-])(?:key|token|secret|password|passwd|pwd|pass)$|[a-z0-9](?:Key|Token|Secret|Password|Passwd|Pwd|Pass)$|(?:api|secret|access|auth|private|client|session|refresh|bearer|app|master)(?:key|token|secret)$/;
/** True when `name` says it holds a secret (see ASSIGNMENT). */
export function isSecretName(name: string): boolean {
  // case-insensitive only where the name is one case: `monkey` and `MONKEY` are words, `apiKey` has a boundary
  return name === name.toLowerCase() || name === name.toUpperCase() ? SECRET_WORD.test(name) : CAMEL_WORD.test(name);
}
/** Values that name a secret instead of holding it: references, placeholders, code. */
const NOT_A_VALUE = /^(?:\$|%|\{\{|<|\[REDACTED|\*+$|x+$|X+$|\.+$|(?:true|false|null|none|undefined|nil|required|optional|string|str|bytes|number|int|env|os|process)$)|^(?:process\.env|os\.environ|os\.getenv|import\.meta|getenv|env\.|config\.|settings\.|self\.|this\.)|\(|^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|^[a-z]+(?:_[a-z]+)+$|^(?:your|my|the|a|an|some|example|changeme|placeholder|redacted|secret|password|token|key)(?:[-_ ].*)?$/i;
const assignment: TextRule = {
  id: 'secret-assignment', priority: 10,
  find(text, out) {
    ASSIGNMENT.lastIndex = 0;
    for (let m = ASSIGNMENT.exec(text); m; m = ASSIGNMENT.exec(text)) {
      const g = m.groups!;
      let value = g.value;
      let [s, e] = m.indices!.groups!.value;
      if (g.vq && value.endsWith(g.vq)) { value = value.slice(0, -1); e--; }
      if (!isSecretName(g.name) || value.length < 4 || NOT_A_VALUE.test(value) || /^[A-Z][a-z]+$/.test(value) || !/[0-9A-Za-z]/.test(value)) continue;
      out.push({ start: s, end: e, rule: 'secret-assignment', priority: 10 });
    }
  },
};

/** `scheme://user:password@host`: the user and password (the scheme and host stay). */
const urlCredentials = regexRule('url-credentials', 20, /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,31}:\/\/(?<cred>[^\s/?#@:"'<>]{1,256}:[^\s/?#@"'<>]{1,256})@(?=[A-Za-z0-9[])/gd, (m) => m.indices!.groups!.cred);

/**
 * A private-key block, BEGIN to END; a block whose END is missing (a cut output, a torn stream)
 * runs as far as key text goes. Public keys and certificates are not matched.
 */
const BEGIN_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const END_KEY = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const KEY_BODY = /[A-Za-z0-9+/=\s\\:,.-]*/y;
const privateKey: TextRule = {
  id: 'private-key', priority: 40,
  find(text, out) {
    BEGIN_KEY.lastIndex = 0;
    for (let m = BEGIN_KEY.exec(text); m; m = BEGIN_KEY.exec(text)) {
      const bodyStart = m.index + m[0].length;
      END_KEY.lastIndex = bodyStart;
      const end = END_KEY.exec(text);
      let stop: number;
      if (end && end.index - bodyStart <= 64 * 1024) stop = end.index + end[0].length;
      else { KEY_BODY.lastIndex = bodyStart; KEY_BODY.exec(text); stop = KEY_BODY.lastIndex; while (stop > bodyStart && /\s|-/.test(text[stop - 1])) stop--; }
      out.push({ start: m.index, end: stop, rule: 'private-key', priority: 40 });
      BEGIN_KEY.lastIndex = Math.max(stop, bodyStart);
    }
  },
};

/** A JWT: base64url header and payload that both decode to JSON objects (`eyJ`), and a signature. */
const jwt = regexRule('jwt', 30, /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*(?![A-Za-z0-9_-])/g);

/** Home directories whose user name is not a person's. */
const NOT_A_USER = /^(?:user|Shared|Public|Default|Default User|All Users|runner|root|\.+|~|\*|\$.*|%.*|<.*|\{.*)$/;
/**
 * The user name of a home directory (`/home/<u>`, `/Users/<u>`, `C:\Users\<u>`, also with JSON's
 * doubled backslashes): replaced by `user`, so a path stays a path (`/home/alice/app` →
 * `/home/user/app`) and the header's cwd stays absolute.
 */
const HOME = /(?:(?<![A-Za-z0-9_.-])\/home\/|(?<![A-Za-z0-9_.-])\/Users\/|(?<![A-Za-z0-9])[A-Za-z]:(?:\\{1,2}|\/)[Uu]sers(?:\\{1,2}|\/))(?<u>[A-Za-z0-9._-][A-Za-z0-9._ -]{0,63}?)(?=$|[\\/\s"'`:;,)\]}>|])/gd;
const homeUser: TextRule = {
  id: 'home-user', priority: 5,
  find(text, out) {
    HOME.lastIndex = 0;
    for (let m = HOME.exec(text); m; m = HOME.exec(text)) {
      const u = m.groups!.u;
      if (NOT_A_USER.test(u) || /\s$/.test(u)) continue;
      const [s, e] = m.indices!.groups!.u;
      out.push({ start: s, end: e, rule: 'home-user', replacement: 'user', priority: 5 });
    }
  },
};

/** E-mail addresses; `git@host` (an SSH remote, not a person) is left alone. */
const EMAIL = /(?<![A-Za-z0-9._%+-])(?<local>[A-Za-z0-9][A-Za-z0-9._%+-]{0,63})@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;
const email: TextRule = {
  id: 'email', priority: 8,
  find(text, out) {
    EMAIL.lastIndex = 0;
    for (let m = EMAIL.exec(text); m; m = EMAIL.exec(text)) {
      if (m.groups!.local === 'git') continue;
      out.push({ start: m.index, end: m.index + m[0].length, rule: 'email', priority: 8 });
    }
  },
};

export const BUILTIN_RULES: readonly TextRule[] = [deepseek, assignment, urlCredentials, privateKey, jwt, homeUser, email];
export const BUILTIN_RULE_IDS: readonly string[] = BUILTIN_RULES.map((r) => r.id);

/**
 * A fast test that every builtin rule's match implies: a string that fails it holds no match of
 * those rules (checked per rule in rules.test.ts), so most strings cost one regex test.
 */
export const BUILTIN_TRIGGER = /sk-|(?:[Kk][Ee][Yy]|[Tt][Oo][Kk][Ee][Nn]|[Ss][Ee][Cc][Rr][Ee][Tt]|[Pp][Aa][Ss][Ss](?:[Ww](?:[Oo][Rr])?[Dd])?|[Pp][Ww][Dd])["']?\s*[=:]|:\/\/|PRIVATE KEY|eyJ|\/home\/|\/Users\/|[Uu]sers[\\/]|@[A-Za-z0-9]/;

/** A user's own strings (literal, case-sensitive) and patterns (`/…/flags` in a strings file). */
export function userRule(strings: readonly (string | RegExp)[]): TextRule | undefined {
  const parts = strings.map((s) => (typeof s === 'string' ? escapeRegExp(s) : `(?:${s.source})`)).filter((s) => s.length > 0);
  if (parts.length === 0) return undefined;
  const ignoreCase = strings.some((s) => s instanceof RegExp && s.flags.includes('i'));
  return regexRule('user-string', 50, new RegExp(parts.join('|'), ignoreCase ? 'gi' : 'g'));
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A strings file: one string per line; a line `/pattern/flags` is a regular expression; blank lines and `#` comments are skipped. */
export function parseUserStrings(text: string): (string | RegExp)[] {
  const out: (string | RegExp)[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const re = /^\/(.+)\/([a-z]*)$/.exec(raw);
    if (re) {
      try { out.push(new RegExp(re[1], re[2].replace(/[gyd]/g, ''))); continue; } catch { /* not a valid pattern: taken literally */ }
    }
    out.push(raw);
  }
  return out;
}
