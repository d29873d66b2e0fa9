import { select } from '../app/cursor';
import { useApp } from '../store/store';
import { roleAt } from './lineage-at';

/**
 * The props every selectable item of a view carries: its seq, whether it is selected, its lineage
 * role towards the selection as of the cursor (source, dependent, replaced), and click to select. A row of a list
 * box (`option`) says selected with aria-selected; a card of a feed (`article`, which may hold
 * buttons and disclosures) says it with aria-current.
 */
export function useOption(seq: number, as: 'option' | 'article' = 'option') {
  const selected = useApp((s) => s.selected === seq);
  const lineage = useApp((s) => roleAt(seq, seq, s.lineage, s.cursor));
  const state = as === 'option' ? { role: 'option', 'aria-selected': selected } : { 'aria-current': selected ? 'true' as const : undefined };
  return { ...state, 'data-seq': seq, 'data-lineage': lineage, onClick: () => select(seq) } as const;
}
