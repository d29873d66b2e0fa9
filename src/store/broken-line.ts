/**
 * The selected broken line (issue 14): a record DSH would not read has no seq, so it is selected by
 * its physical line. A slice of the app store; selecting an event clears it and the reverse.
 */
import { select, useApp } from './store';

export interface BrokenLineSlice {
  /** Physical line of the selected unreadable record (header = line 1). */
  selectedLine?: number;
}

export function selectLine(line: number | undefined): void {
  if (line !== undefined) select(undefined);
  useApp.setState({ selectedLine: line });
}

// selecting an event (or loading another session) leaves the line
useApp.subscribe((s, prev) => {
  if (s.selectedLine !== undefined && ((s.selected !== undefined && s.selected !== prev.selected) || s.summary !== prev.summary)) useApp.setState({ selectedLine: undefined });
});
