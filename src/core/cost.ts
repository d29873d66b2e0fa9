/**
 * Cost, only from a price table the user gives: Seqscope has no prices of its own, since they
 * change. A table is per model and token class, in the table's currency per million tokens:
 *
 *   { "name"?: "...", "currency"?: "USD", "models": { "<model>": { "input": 0.27, "output": 1.1, ... } } }
 *
 * A model the table does not list (or a class it leaves out) is unpriced, never guessed: its
 * tokens are reported as such (reasoning with no price of its own is priced as output). Every cost names the table it came from.
 */
import { SessionError, isPlainRecord } from './errors';
import { TOKEN_CLASSES, TOKEN_PARTS, tokenParts, type TokenClass, type TokenClasses } from './step-usage';

export interface PriceTable {
  /** What every cost says it came from (the `name` field, else what the caller names it, e.g. the file). */
  readonly name: string;
  readonly currency?: string;
  readonly models: ReadonlyMap<string, Readonly<Partial<Record<TokenClass, number>>>>;
}

export interface Cost {
  readonly amount: number;
  readonly currency?: string;
  /** The price table's name. */
  readonly table: string;
  /** Tokens with no price in the table (their model or class is not listed). */
  readonly unpricedTokens: number;
  readonly unpricedModels: readonly string[];
}

/** A price table from parsed JSON; `fallbackName` names it when it has no `name`. Throws a SessionError with code `prices-invalid`. */
export function parsePriceTable(v: unknown, fallbackName: string): PriceTable {
  const bad = (why: string) => new SessionError('prices-invalid', `The price table ${fallbackName} ${why}.`);
  if (!isPlainRecord(v)) throw bad('is not a JSON object');
  if (!isPlainRecord(v.models)) throw bad('has no "models" object (model name to prices per million tokens of each class)');
  if (v.name !== undefined && typeof v.name !== 'string') throw bad('has a "name" that is not a string');
  if (v.currency !== undefined && typeof v.currency !== 'string') throw bad('has a "currency" that is not a string');
  const models = new Map<string, Partial<Record<TokenClass, number>>>();
  for (const m of Object.keys(v.models)) {
    const p = v.models[m];
    if (!isPlainRecord(p)) throw bad(`gives model ${JSON.stringify(m)} prices that are not an object`);
    const prices: Partial<Record<TokenClass, number>> = {};
    for (const k of Object.keys(p)) {
      if (!(TOKEN_CLASSES as readonly string[]).includes(k)) throw bad(`names an unknown token class ${JSON.stringify(k)} for model ${JSON.stringify(m)} (known: ${TOKEN_CLASSES.join(', ')})`);
      const x = p[k];
      if (typeof x !== 'number' || !Number.isFinite(x) || x < 0) throw bad(`gives ${JSON.stringify(m)} ${k} a price that is not a non-negative number`);
      prices[k as TokenClass] = x;
    }
    models.set(m, prices);
  }
  return { name: typeof v.name === 'string' ? v.name : fallbackName, ...(typeof v.currency === 'string' ? { currency: v.currency } : {}), models };
}

/**
 * The cost of tokens by model under a table. Each token is charged once (tokenParts): reasoning
 * tokens are output tokens, charged at the table's `reasoning` price when it gives one, else at
 * its `output` price.
 */
export function deriveCost(byModel: Readonly<Record<string, TokenClasses>>, table: PriceTable): Cost {
  let amount = 0, unpricedTokens = 0;
  const unpriced = new Set<string>();
  for (const [model, t] of Object.entries(byModel)) {
    const p = table.models.get(model);
    const parts = tokenParts(t);
    for (const c of TOKEN_PARTS) {
      if (parts[c] === 0) continue;
      const price = c === 'answer' ? p?.output : c === 'reasoning' ? p?.reasoning ?? p?.output : p?.[c];
      if (price === undefined) { unpricedTokens += parts[c]; unpriced.add(model); } else amount += (parts[c] * price) / 1e6;
    }
  }
  return { amount, ...(table.currency !== undefined ? { currency: table.currency } : {}), table: table.name, unpricedTokens, unpricedModels: [...unpriced] };
}
