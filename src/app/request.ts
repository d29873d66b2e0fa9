/** What the model was sent for a step: asked of the worker when the Request panel opens. */
import type { RequestInfo } from '../protocol/worker-protocol';
import { client } from './session-client';

/** The request payload of the step `seq` lies in (an assistant/message, its step/start, or any event of the step). */
export function fetchRequest(seq: number): Promise<RequestInfo> {
  return client.request('request', seq);
}
