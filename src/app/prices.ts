/**
 * The price table the fleet view costs tokens with: one the user gives as a JSON file (the format
 * of `seqscope stats --prices`, src/core/cost.ts), kept in this browser's settings until cleared.
 * Seqscope has no prices of its own.
 */
import { parsePriceTable } from '../core/cost';
import { SessionError } from '../core/errors';
import { useApp } from '../store/store';

const KEY = 'seqscope-prices';

/** The table in `text`, named by `name` when it names itself nothing. Throws a SessionError. */
function tableOf(text: string, name: string) {
  let v: unknown;
  try { v = JSON.parse(text); } catch { throw new SessionError('prices-invalid', `The price table ${name} is not valid JSON.`); }
  return parsePriceTable(v, name);
}

/** A price file chosen: its table is used and kept; a table that is not one is refused with why (the one in use stays). */
export async function choosePriceFile(file: File): Promise<void> {
  let text: string;
  try { text = await file.text(); } catch { useApp.setState({ pricesError: `The price table ${file.name} could not be read.` }); return; }
  try {
    const prices = tableOf(text, file.name);
    useApp.setState({ prices, pricesError: undefined });
    try { localStorage.setItem(KEY, JSON.stringify({ name: file.name, text })); } catch { /* kept for this visit only */ }
  } catch (err) {
    if (!(err instanceof SessionError)) throw err;
    useApp.setState({ pricesError: err.message });
  }
}

export function clearPrices(): void {
  try { localStorage.removeItem(KEY); } catch { /* nothing kept */ }
  useApp.setState({ prices: undefined, pricesError: undefined });
}

/** The table kept from an earlier visit, if any (one that no longer parses is dropped). */
export function restorePrices(): void {
  try {
    const kept = localStorage.getItem(KEY);
    if (!kept || useApp.getState().prices) return;
    const { name, text } = JSON.parse(kept) as { name: string; text: string };
    useApp.setState({ prices: tableOf(text, name) });
  } catch { try { localStorage.removeItem(KEY); } catch { /* no storage */ } }
}
