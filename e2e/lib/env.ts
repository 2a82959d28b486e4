import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const ROOT_DIR = path.dirname(E2E_DIR);
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Video interviews: a synthetic camera and microphone, permission prompts answered yes, and
  // WebRTC allowed over loopback (both people run on this machine).
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running product, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Playwright browser server to connect to. */
    wsEndpoint: string;
    /** The product's stdout/stderr (pino JSON lines), for SMS codes and debugging. */
    serverLog: string;
  }
}

/** A TCP port free on loopback now (for a product, a TURN server or a partner page of a journey's own). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
