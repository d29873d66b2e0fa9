import { describe, expect, it } from 'vitest';
import { SessionError } from './errors';
import { isPlainText, parseSearchQuery, typeMatches } from './search-query';

const syntax = (q: string) => { try { parseSearchQuery(q); } catch (e) { return e as SessionError; } throw new Error(`parsed: ${q}`); };

describe('parseSearchQuery', () => {
  it('reads plain text as one substring, spaces and all', () => {
    expect(parseSearchQuery('turn  START')).toEqual({ text: ['turn  START'], types: [], tools: [], isError: false });
    expect(isPlainText(parseSearchQuery('/home/alice/proj'))).toBe(true);
    expect(parseSearchQuery('   ').text).toEqual([]);
  });

  it('reads field filters, a regex and quoted text; other words are one phrase', () => {
    expect(parseSearchQuery('type:Tool/Result tool:bash is:error')).toEqual({ text: [], types: ['tool/result'], tools: ['bash'], isError: true });
    expect(parseSearchQuery('/err(or)?s? \\d+/ type:tool "exit code" not found')).toEqual({ text: ['exit code', 'not found'], regex: 'err(or)?s? \\d+', types: ['tool'], tools: [], isError: false });
    expect(parseSearchQuery('/a\\/b/i').regex).toBe('a\\/b');
    expect(isPlainText(parseSearchQuery('is:error'))).toBe(false);
  });

  it('says what is wrong with a query it cannot read', () => {
    expect(syntax('"open').message).toBe('The quote opened at character 1 is not closed.');
    expect(syntax('is:broken').message).toBe('"is:broken" is not a filter: is:error is.');
    expect(syntax('/a/ /b/').code).toBe('search-syntax');
    expect(syntax('x'.repeat(501)).message).toMatch(/at most 500/);
  });

  it('matches a type exactly or by family', () => {
    const q = parseSearchQuery('type:tool type:turn/end');
    expect(['tool/call', 'tool/result', 'turn/end', 'turn/start', 'toolbox/x'].filter((t) => typeMatches(q, t))).toEqual(['tool/call', 'tool/result', 'turn/end']);
  });
});
