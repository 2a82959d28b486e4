import type { WebSocket } from 'ws';

/**
 * Sends a frame on a socket that is still open. A socket whose unsent backlog has passed
 * `maxBuffered` belongs to a reader that stopped reading: it is cut off rather than let the
 * server's memory grow (its client reconnects and resumes).
 */
export function sendBounded(ws: WebSocket, text: string, maxBuffered: number): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > maxBuffered) {
    ws.terminate();
    return;
  }
  ws.send(text);
}
