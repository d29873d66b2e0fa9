import type { Message } from '../core/types';
import { asText } from '../core/text';
import { prettyArgs } from './format';
import { AttachmentImage } from './library/AttachmentImage';

const MAX_TEXT = 20_000;

function clip(s: string): string {
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) + `\n… (${(s.length - MAX_TEXT).toLocaleString()} more characters; see the inspector)` : s;
}

function Blocks({ content }: { content: unknown }) {
  if (typeof content === 'string') return <div className="text">{clip(content)}</div>;
  if (!Array.isArray(content)) return null;
  return (
    <>
      {content.slice(0, 2000).map((b: Record<string, unknown>, i) => {
        if (!b || typeof b !== 'object') return null;
        switch (b.type) {
          case 'text': return <div key={i} className="text">{clip(asText(b.text))}</div>;
          case 'reasoning': return (
            <details key={i} className="block"><summary className="label">reasoning ({asText(b.text).length} chars)</summary>
              <div className="text">{clip(asText(b.text))}</div></details>
          );
          case 'tool-call': return (
            <div key={i} className="block"><span className="label">tool call {asText(b.name, 200)} · {asText(b.id, 200)}</span>
              <pre>{clip(prettyArgs(b.arguments))}</pre></div>
          );
          case 'tool-result': return (
            <div key={i} className={b.isError === true ? 'block tool-error' : 'block'}>
              {b.isError === true && <span className="badge error-label">ERROR</span>} <span className="label">{b.isError === true ? 'failed tool result' : 'tool result'} · {asText(b.toolCallId, 200)}</span>
              <Blocks content={b.content} /></div>
          );
          case 'image': return <AttachmentImage key={i} block={b} />;
          default: return <pre key={i} className="block">{clip(prettyArgs(b))}</pre>;
        }
      })}
    </>
  );
}

/** The content of a model message: text, folded reasoning, tool calls and results. Text only. */
export function MessageBody({ message }: { message: Message | null | undefined }) {
  if (!message) return <div className="label">(no message: empty assistant content)</div>;
  return <Blocks content={message.content} />;
}
