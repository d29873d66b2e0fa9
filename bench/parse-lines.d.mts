/** Parses every LF-terminated line of `text` (a last line without LF is left alone); returns how many. */
export function parseLines(text: string): number;
