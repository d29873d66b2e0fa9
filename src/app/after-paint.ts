/**
 * Runs `fn` once the next frame is painted: the frame's callback runs before that paint, and a
 * task it queues (a MessageChannel message, which no timer clamps) runs after it.
 */
export function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { ch.port1.close(); fn(); };
    ch.port2.postMessage(null);
  });
}
