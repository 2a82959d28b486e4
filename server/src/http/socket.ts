import type { WebSocket } from 'ws';

/**
 * Sends a text frame on a socket that is still open. A socket whose unsent backlog has passed
 * `maxBuffered` belongs to a reader that stopped reading: it is cut off rather than let the
 * server's memory grow (its client reconnects and resumes). `text` may come as its UTF-8 bytes:
 * a frame for many sockets is encoded once by its sender, not once per socket by ws.
 */
export function sendBounded(ws: WebSocket, text: string | Buffer, maxBuffered: number): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > maxBuffered) {
    ws.terminate();
    return;
  }
  ws.send(text, { binary: false });
}
