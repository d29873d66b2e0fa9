import { toggleHelp } from '../app/view';
import { useApp } from '../store/store';

const KEYS: [string, string][] = [
  ['j / k', 'next / previous event'], ['[ / ]', 'previous / next turn'], ['e / E', 'next / previous failed tool call'], ['/', 'search the whole log'],
  ['← → on the slider', 'step one seq (Shift: one turn)'], ['Home / End', 'first / last seq'], ['1–5', 'Log, Surface, Transcript, Compare, Diff'],
  ['a / b', 'mark A / B at the cursor (Diff)'], ['d', 'B = cursor, A = just before this step'], ['Shift+A', 'A = the previous model request'],
  ['Space', 'play / pause the replay'], ['i', 'collapse / expand the Inspector'],
  ['Esc', 'clear selection / close'], ['?', 'this list'],
];

/** The keyboard shortcut list (toggled with ?). */
export function Shortcuts() {
  const show = useApp((s) => s.showHelp);
  if (!show) return null;
  return (
    <div className="modal" onClick={() => toggleHelp(false)}>
      <div role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" onClick={(e) => e.stopPropagation()}>
        <h2 style={{ marginTop: 0, fontSize: 15 }}>Keyboard shortcuts</h2>
        <table><tbody>{KEYS.map(([k, d]) => <tr key={k}><td><kbd>{k}</kbd></td><td>{d}</td></tr>)}</tbody></table>
        <p><button type="button" onClick={() => toggleHelp(false)}>Close</button></p>
      </div>
    </div>
  );
}
