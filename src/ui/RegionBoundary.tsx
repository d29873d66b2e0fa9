/**
 * An error boundary for one region of the shell (a view, the inspector, the verdict banner, the
 * library drawer, the scrubber, its marks…): a render failure inside shows, in place, an alert
 * naming the region, the error message, and Copy details; the rest of the app keeps working.
 * The failure clears when the session or `resetKey` changes, or on Try again.
 *
 * Test hook: `window.__seqscopeFault = "Inspector,Log view"` (set by a test before the region
 * renders) makes the named regions throw. It must be a string: session content is rendered as
 * text only, so it cannot set it, and a DOM-clobbered `window.__seqscopeFault` is an element.
 */
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { useApp } from '../store/store';
import { formatBytes } from './format';

interface Props {
  /** What failed, as the user calls it: "Log view", "Inspector", "Scrubber marks"… */
  readonly name: string;
  /** The failure clears when this changes (besides the open session). */
  readonly resetKey?: unknown;
  /** Class of the fallback, so that it takes the failed region's place in the layout. */
  readonly className?: string;
  readonly children?: ReactNode;
}

interface CatchProps extends Props { readonly session: unknown }
interface CatchState { readonly failed: boolean; readonly error?: unknown; readonly stack?: string; readonly keys?: readonly unknown[] }

/** Throws when a test named this region in `window.__seqscopeFault`. */
function FaultProbe({ name }: { name: string }): null {
  const flag: unknown = (window as unknown as Record<string, unknown>).__seqscopeFault;
  if (typeof flag === 'string' && flag.split(',').includes(name)) throw new Error(`Test fault injected into the ${name}`);
  return null;
}

function errorMessage(e: unknown): string {
  try {
    if (e instanceof Error) return e.message || e.name;
    return String(e);
  } catch { return 'unprintable error'; }
}

/** The text of Copy details: what failed, where the user was, and the stacks. */
export function failureDetails(name: string, error: unknown, componentStack: string | undefined): string {
  const s = useApp.getState();
  const v = s.summary?.verdict;
  const lines = [
    `Seqscope: the ${name} failed to render.`,
    `Error: ${errorMessage(error)}`,
    `File: ${s.summary?.fileName ?? s.sessionName ?? 'none'}${s.summary ? ` (${formatBytes(s.summary.byteLength)}, ${s.summary.byteLength} bytes, ${s.summary.encoding})` : ''}`,
    `Verdict: ${!v ? 'none' : v.ok ? 'ok' : `${v.kind} ${v.code}: ${v.message}`}`,
    `Cursor: ${s.cursor}${s.summary ? ` of ${s.summary.length - 1}` : ''}`,
    `View: ${s.view}`,
    `Selected seq: ${s.selected ?? 'none'}`,
    `Page: ${location.pathname}${location.hash}`,
    '',
    'Stack:',
    (error instanceof Error && error.stack) || '(none)',
    '',
    'Component stack:',
    componentStack?.trim() || '(none)',
  ];
  return lines.join('\n');
}

function Fallback({ name, error, stack, className, onRetry }: { name: string; error: unknown; stack?: string; className?: string; onRetry(): void }) {
  const [note, setNote] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(failureDetails(name, error, stack));
      setNote('Details copied');
    } catch (e) {
      setNote(`Copy failed: ${errorMessage(e)}`);
    }
  };
  return (
    <div className={`region-failed${className ? ` ${className}` : ''}`} role="alert" data-region={name}>
      <strong>The {name} failed to render.</strong>{' '}
      <span className="region-error mono">{errorMessage(error)}</span>
      <span className="region-actions">
        <button type="button" onClick={() => void copy()}>Copy details</button>{' '}
        <button type="button" onClick={onRetry}>Try again</button>{' '}
        <span className="label" aria-live="polite">{note}</span>
      </span>
    </div>
  );
}

class Catch extends Component<CatchProps, CatchState> {
  state: CatchState = { failed: false };

  static getDerivedStateFromError(error: unknown): Partial<CatchState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(p: CatchProps, s: CatchState): Partial<CatchState> | null {
    const keys = [p.session, p.resetKey];
    if (s.keys && s.keys[0] === keys[0] && s.keys[1] === keys[1]) return null;
    return { keys, ...(s.keys ? { failed: false, error: undefined, stack: undefined } : {}) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ stack: info.componentStack ?? undefined });
    console.error(`Seqscope: the ${this.props.name} failed to render`, error);
  }

  render() {
    const { name, className, children } = this.props;
    if (this.state.failed) {
      return <Fallback name={name} error={this.state.error} stack={this.state.stack} className={className} onRetry={() => this.setState({ failed: false, error: undefined, stack: undefined })} />;
    }
    return <><FaultProbe name={name} />{children}</>;
  }
}

/** Renders `children`; a render failure inside shows the region's alert instead. */
export function RegionBoundary(props: Props) {
  const session = useApp((s) => s.summary);
  return <Catch {...props} session={session} />;
}
