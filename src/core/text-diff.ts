/** A line diff (Myers, O((N+M)·D)) for texts such as system prompts. Pure. */

export interface DiffLine {
  readonly op: '=' | '+' | '-';
  readonly text: string;
}

/**
 * Lines of `a` and `b` as kept (=), removed (-) and added (+), in order. Past `maxEdits`
 * differing lines the texts count as wholly replaced (every line of a removed, of b added),
 * which bounds the work on unrelated inputs.
 */
export function diffLines(a: string, b: string, maxEdits = 2000): DiffLine[] {
  const x = a.split('\n'), y = b.split('\n');
  // common prefix and suffix first: the usual edit touches a few lines in the middle
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  let q = 0;
  while (q < x.length - p && q < y.length - p && x[x.length - 1 - q] === y[y.length - 1 - q]) q++;
  const xm = x.slice(p, x.length - q), ym = y.slice(p, y.length - q);
  const mid = myers(xm, ym, maxEdits) ?? [...xm.map((text) => ({ op: '-' as const, text })), ...ym.map((text) => ({ op: '+' as const, text }))];
  return [...x.slice(0, p).map((text) => ({ op: '=' as const, text })), ...mid, ...x.slice(x.length - q).map((text) => ({ op: '=' as const, text }))];
}

function myers(x: readonly string[], y: readonly string[], maxD: number): DiffLine[] | null {
  const n = x.length, m = y.length, max = Math.min(n + m, maxD), off = max + 1;
  const v = new Int32Array(2 * max + 3);
  /** trace[d]: the frontier iteration d starts from, diagonals -d..d only (index k + d). */
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(off - d, off + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let i = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let j = i - k;
      while (i < n && j < m && x[i] === y[j]) { i++; j++; }
      v[off + k] = i;
      if (i >= n && j >= m) return backtrack(trace, x, y, d);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], x: readonly string[], y: readonly string[], dEnd: number): DiffLine[] {
  const out: DiffLine[] = [];
  let i = x.length, j = y.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d], k = i - j, off = d;
    const down = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]);
    const prevI = v[off + (down ? k + 1 : k - 1)];
    const startI = down ? prevI : prevI + 1;
    while (i > startI) { i--; j--; out.push({ op: '=', text: x[i] }); }
    if (down) { j--; out.push({ op: '+', text: y[j] }); } else { i--; out.push({ op: '-', text: x[i] }); }
  }
  while (i > 0) { i--; out.push({ op: '=', text: x[i] }); }
  return out.reverse();
}
