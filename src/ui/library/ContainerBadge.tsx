import { useApp } from '../../store/store';

/** Labels what the shown session came from: fixture mode (with its notes) or an entry of an export ZIP. */
export function ContainerBadge() {
  const s = useApp((st) => st.summary);
  if (!s) return null;
  const torn = s.zstdFrames && s.zstdFrames.tornBytes > 0
    ? <span className="badge warn" data-testid="torn-frame">torn final zstd frame dropped ({s.zstdFrames.tornBytes.toLocaleString()} bytes after {s.zstdFrames.complete} complete frames)</span>
    : null;
  if (torn) return torn;
  if (s.container === 'fixture') {
    return (
      // the verdict banner says what fixture mode is; this only names the file's kind
      <span className="badge warn" data-testid="fixture-mode">Fixture mode</span>
    );
  }
  if (s.container === 'zip') return <span className="badge" data-testid="zip-entry">export ZIP › {s.entry}</span>;
  return null;
}
