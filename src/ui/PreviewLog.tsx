import { useApp } from '../store/store';
import { rowCache } from '../app/session-scope';
import { LogRow, type Place } from './LogRow';
import { FixedList } from './FixedList';

/**
 * The Log while the file is still being read: every event read so far, in seq order, unfolded.
 * Rows and the inspector work; the scrubber, the other views and lineage wait for the index.
 */
export function PreviewLog() {
  const events = useApp((s) => s.progress.events ?? 0);
  const selected = useApp((s) => s.selected);
  const cursor = useApp((s) => s.cursor);
  useApp((s) => s.rowsVersion);
  const placeOf = (seq: number): Place => (seq > cursor ? 'future' : seq === cursor ? 'cursor' : 'past');
  return (
    <>
      <p className="preview-note" aria-live="off">
        Reading: {events.toLocaleString()} events so far, in file order. The scrubber, Surface, Transcript and lineage open when every event is indexed.
      </p>
      <FixedList label="Events" count={events} rowHeight={22} scrollTo={selected}
        render={(i) => <LogRow seq={i} row={rowCache.get(i)} place={placeOf(i)} />} />
    </>
  );
}
