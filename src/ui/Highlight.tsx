/** Text with every case-insensitive occurrence of `query` wrapped in <mark> (text nodes only). */
export function Highlight({ text, query }: { text: string; query: string }) {
  const q = query.toLowerCase();
  if (!q) return <>{text}</>;
  const low = text.toLowerCase();
  const parts: React.ReactNode[] = [];
  let i = 0, k = 0;
  for (let j = low.indexOf(q); j >= 0 && k < 50; j = low.indexOf(q, i), k++) {
    if (j > i) parts.push(text.slice(i, j));
    parts.push(<mark key={k}>{text.slice(j, j + q.length)}</mark>);
    i = j + q.length;
  }
  parts.push(text.slice(i));
  return <>{parts}</>;
}
