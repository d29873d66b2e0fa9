import { useEffect, useRef, useState } from 'react';
import { useApp } from '../store/store';
import type { ScrollTarget } from './useScrollTarget';

/** How long a list waits for a window's content before it shows the window with placeholders. */
const WAIT_MS = 250;

const same = (a: ScrollTarget | undefined, b: ScrollTarget) => a !== undefined && a.index === b.index && a.key === b.key;

/**
 * The scroll target a list is given, held back until the content around it is fetched
 * (`ready(index)` asks for what is missing): a jump then renders and lays out the new rows once,
 * with their content, instead of once as placeholders and again when the rows arrive. The wait is
 * one answer of the worker (the target passes as soon as `ready` holds, re-checked on every
 * arrival of rows or runs), and never longer than WAIT_MS.
 */
export function useFetchedTarget(want: ScrollTarget, ready: (index: number) => boolean): ScrollTarget {
  useApp((s) => s.rowsVersion);
  useApp((s) => s.cardsVersion);
  const shown = useRef(want);
  const [late, setLate] = useState<ScrollTarget>();
  const waiting = !same(shown.current, want) && want.index !== undefined && !same(late, want) && !ready(want.index);
  if (!waiting) shown.current = want;
  const { index, key } = want;
  useEffect(() => {
    if (!waiting) return;
    const t = setTimeout(() => setLate({ index, key }), WAIT_MS);
    return () => clearTimeout(t);
  }, [waiting, index, key]);
  return shown.current;
}
