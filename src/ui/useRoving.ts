import { useRef, useState, type KeyboardEvent } from 'react';

/**
 * A roving tab stop over `count` items: one of them is in the tab order (the last one focused),
 * the arrow keys, Home and End move focus among them. Spread `item(i)` on each item and
 * `onKeyDown` on their container.
 */
export function useRoving(count: number) {
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLElement | null)[]>([]);
  const current = Math.min(active, Math.max(0, count - 1));
  const move = (i: number) => { setActive(i); refs.current[i]?.focus(); };
  const onKeyDown = (e: KeyboardEvent) => {
    const i = refs.current.findIndex((el) => el === document.activeElement);
    if (i < 0) return;
    let j: number;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') j = (i + 1) % count;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') j = (i - 1 + count) % count;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = count - 1;
    else return;
    e.preventDefault();
    e.stopPropagation();
    move(j);
  };
  const item = (i: number) => ({
    ref: (el: HTMLElement | null) => { refs.current[i] = el; },
    tabIndex: i === current ? 0 : -1,
    onFocus: () => setActive(i),
  });
  return { item, onKeyDown };
}
