import { select, useApp } from '../store/store';
import { lineageRole } from './format';

/**
 * The props every selectable item of a view carries: an option named by its seq, whether it is
 * selected, its lineage role towards the selection (source, dependent, replaced), and click to select.
 */
export function useOption(seq: number) {
  const selected = useApp((s) => s.selected === seq);
  const lineage = useApp((s) => lineageRole(seq, s.lineage));
  return { role: 'option', 'data-seq': seq, 'aria-selected': selected, 'data-lineage': lineage, onClick: () => select(seq) } as const;
}
