/**
 * Compare aligned by replacement: the Surface at N as blocks, each a surface node beside the
 * transcript messages it stands for — itself when it is an append, or for a replacement every
 * append-origin message it shadows, expanded through replace chains. Every transcript message
 * through N lands in exactly one block (a shadowed message's chain ends at a node on the Surface).
 */
export interface AlignedBlocks {
  /** Surface node of each block, in surface order. */
  readonly left: Int32Array;
  /** 1 when the block's node is a replacement. */
  readonly replacement: Uint8Array;
  /** Block i's transcript seqs are right[rightStart[i] .. rightStart[i + 1]), ascending. */
  readonly rightStart: Int32Array;
  readonly right: Int32Array;
}

export function alignByReplacement(surface: readonly number[], isAppend: (seq: number) => boolean, shadowedBy: (seq: number) => readonly number[]): AlignedBlocks {
  const n = surface.length;
  const left = Int32Array.from(surface), replacement = new Uint8Array(n), rightStart = new Int32Array(n + 1);
  const right: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = surface[i];
    rightStart[i] = right.length;
    if (isAppend(s)) { right.push(s); continue; }
    const direct = shadowedBy(s);
    if (direct.length === 0) continue;
    replacement[i] = 1;
    const from = right.length;
    const stack = [...direct];
    while (stack.length) {
      const x = stack.pop()!;
      if (isAppend(x)) right.push(x);
      else for (const y of shadowedBy(x)) stack.push(y);
    }
    const seg = right.slice(from).sort((a, b) => a - b);
    for (let k = 0; k < seg.length; k++) right[from + k] = seg[k];
  }
  rightStart[n] = right.length;
  return { left, replacement, rightStart, right: Int32Array.from(right) };
}
