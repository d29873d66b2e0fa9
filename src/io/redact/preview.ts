import type { RuleMatch } from './rules';

/** Characters of context either side of a span in a finding's preview. */
const PREVIEW = 16;

/** For each span, a few characters either side, with every span (kept ones too) shown as its marker. */
export function previewsOf(text: string, spans: readonly RuleMatch[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < spans.length; i++) {
    const m = spans[i];
    let before = text.slice(Math.max(0, m.start - PREVIEW), m.start);
    let after = text.slice(m.end, m.end + PREVIEW);
    // a neighbouring span inside the context is masked too
    if (i > 0 && spans[i - 1].end > m.start - PREVIEW) before = `[REDACTED:${spans[i - 1].rule}]` + text.slice(spans[i - 1].end, m.start);
    if (i + 1 < spans.length && spans[i + 1].start < m.end + PREVIEW) after = text.slice(m.end, spans[i + 1].start) + `[REDACTED:${spans[i + 1].rule}]`;
    const lead = m.start - before.length > 0 && i === 0 ? '…' : '';
    out.push(clean(`${lead}${before}[REDACTED:${m.rule}]${after}${m.end + after.length < text.length ? '…' : ''}`));
  }
  return out;
}

// eslint-disable-next-line no-control-regex -- control characters become spaces in a preview
const clean = (s: string) => s.replace(/[\u0000-\u001f\u2028\u2029]/g, ' ');
