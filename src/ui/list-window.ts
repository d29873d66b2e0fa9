/**
 * Which rows a fixed-height virtualized list mounts, and the key each mounted row gets. Pure.
 *
 * Keyed by index, a jump (the cursor moved far, the list follows it) unmounts every row and mounts
 * as many new ones: each with its hooks, store subscriptions and DOM nodes, then laid out from
 * scratch. Keyed by slot (the index modulo the most rows the window can hold), a jump re-renders
 * the rows already mounted with their new index: the same components and DOM nodes take the new
 * content, and a one-row scroll still moves only the one row that left to the other end.
 */

/** The rows [first, last) mounted for a list scrolled to `rowTop` (row pixels) showing `viewport` pixels, `overscan` extra each side. */
export function listWindow(count: number, rowHeight: number, rowTop: number, viewport: number, overscan: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(rowTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((rowTop + viewport) / rowHeight) + overscan);
  return { first, last: Math.max(first, last) };
}

/** How many slots the window needs: at least as many as `listWindow` can return for this viewport. */
export function slotCount(rowHeight: number, viewport: number, overscan: number): number {
  return Math.ceil(Math.max(0, viewport) / rowHeight) + 2 * overscan + 2;
}

/** The key of row `index` in a list of `slots` slots: distinct within any window of at most `slots` consecutive rows. */
export function slotKey(index: number, slots: number): number {
  return index % slots;
}
