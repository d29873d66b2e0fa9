const isJsonWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const digit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * True when `line` cannot be JSON text by its first or last significant character (or it is
 * blank): JSON.parse would throw, and a throw costs microseconds, so a million junk lines after
 * damage would otherwise block the loader for seconds between yields.
 */
export function cannotBeJson(line: string): boolean {
  let i = 0, j = line.length - 1;
  while (i <= j && isJsonWs(line.charCodeAt(i))) i++;
  if (i > j) return true;
  while (isJsonWs(line.charCodeAt(j))) j--;
  const a = line.charCodeAt(i), z = line.charCodeAt(j);
  const startOk = a === 0x7b || a === 0x5b || a === 0x22 || a === 0x2d || digit(a) || a === 0x74 || a === 0x66 || a === 0x6e;
  const endOk = z === 0x7d || z === 0x5d || z === 0x22 || digit(z) || z === 0x65 || z === 0x6c;
  return !startOk || !endOk;
}
