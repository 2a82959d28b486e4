/**
 * The Janus the server starts itself (no JANUS_URL, the `janus` binary installed, JANUS not off):
 * its configuration generated under DATA_DIR/janus — the VideoRoom plugin only, the WebSocket
 * transport on a free loopback port (TCP: under a heavy load its Unix datagram transport lost
 * replies, and the server took Janus for dead), an RTP port range — and restarted when it dies. It runs
 * under a shell that kills it once our end of its stdin closes, so that a server killed with -9
 * does not leave a Janus behind holding the ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Where Debian (and a source build) put Janus's plugins and transports. */
const LIB_DIRS = ['/usr/lib/x86_64-linux-gnu/janus', '/usr/lib/aarch64-linux-gnu/janus', '/usr/lib/janus', '/usr/local/lib/janus', '/opt/janus/lib/janus'];
const RESTART_MS = 1000;

export interface JanusChild {
  /** ws:// URL of its API (loopback only) */
  url: string;
  /** The process id of the running Janus (tests kill it to see the rooms survive). */
  pid(): number | null;
  stop(): Promise<void>;
}

/** The binary's full path, or null when it is not installed. */
export function findJanus(binary: string): string | null {
  const candidates = binary.includes('/') ? [binary] : (process.env.PATH ?? '').split(':').filter(Boolean).map((d) => path.join(d, binary));
  for (const c of [...candidates, '/usr/bin/janus', '/usr/local/bin/janus']) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return c;
    } catch {
      // not here
    }
  }
  return null;
}

function libDir(): string | null {
  return LIB_DIRS.find((d) => fs.existsSync(path.join(d, 'plugins', 'libjanus_videoroom.so')) && fs.existsSync(path.join(d, 'transports', 'libjanus_websockets.so'))) ?? null;
}

const jcfg = (sections: Record<string, Record<string, string | number | boolean>>) =>
  Object.entries(sections)
    .map(([name, values]) => `${name}: {\n${Object.entries(values).map(([k, v]) => `  ${k} = ${typeof v === 'string' ? JSON.stringify(v) : v}`).join('\n')}\n}\n`)
    .join('');

/** Writes the configuration; the folders hold links to the one plugin and the one transport we use. */
function writeConfig(dir: string, lib: string, port: number, rtpPorts: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const sub of ['plugins', 'transports', 'events', 'loggers']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.symlinkSync(path.join(lib, 'plugins', 'libjanus_videoroom.so'), path.join(dir, 'plugins', 'libjanus_videoroom.so'));
  fs.symlinkSync(path.join(lib, 'transports', 'libjanus_websockets.so'), path.join(dir, 'transports', 'libjanus_websockets.so'));
  fs.writeFileSync(
    path.join(dir, 'janus.jcfg'),
    jcfg({
      general: {
        configs_folder: dir,
        plugins_folder: path.join(dir, 'plugins'),
        transports_folder: path.join(dir, 'transports'),
        events_folder: path.join(dir, 'events'),
        loggers_folder: path.join(dir, 'loggers'),
        debug_level: 4,
        debug_colors: false,
        // The server is Janus's only client: its API listens on loopback only, and there is no admin API.
        admin_secret: crypto.randomBytes(16).toString('hex'),
      },
      media: { rtp_port_range: rtpPorts },
    }),
  );
  fs.writeFileSync(path.join(dir, 'janus.plugin.videoroom.jcfg'), jcfg({ general: {} }));
  fs.writeFileSync(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    jcfg({ general: { json: 'plain', ws: true, ws_port: port, ws_ip: '127.0.0.1', wss: false }, admin: { admin_ws: false, admin_wss: false } }),
  );
}

/** A TCP port free on loopback now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/** Starts Janus and keeps it running until stop(); null (and why, logged) when it cannot run here. */
export async function startJanusChild(
  opts: { binary: string; dataDir: string; rtpPorts: string; onExit?: () => void },
  log: FastifyBaseLogger,
): Promise<JanusChild | null> {
  const bin = findJanus(opts.binary);
  const lib = libDir();
  if (!bin || !lib) return null;
  const dir = path.join(opts.dataDir, 'janus');
  const port = await freePort();
  writeConfig(dir, lib, port, opts.rtpPorts);
  const logFile = path.join(dir, 'janus.log');
  let child: ChildProcess | null = null;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;

  const run = () => {
    const out = fs.openSync(logFile, 'a');
    // The shell starts Janus, kills it when our pipe closes (we stopped, or died), and exits with
    // it. Our pipe goes through fd 3: a background job's stdin is /dev/null otherwise.
    const c = spawn('/bin/sh', ['-c', 'exec 3<&0; "$0" "$@" </dev/null & pid=$!; (cat <&3 >/dev/null; kill $pid 2>/dev/null) & exec 3<&-; wait $pid', bin, '-F', dir, '-C', path.join(dir, 'janus.jcfg'), '-o', '-N', '-L', logFile], {
      stdio: ['pipe', out, out],
    });
    fs.closeSync(out);
    child = c;
    c.on('exit', (code, signal) => {
      c.stdin?.destroy();
      if (child === c) child = null;
      if (stopping) return;
      log.error({ code, signal }, `janus: exited, restarting in ${RESTART_MS} ms (log: ${logFile})`);
      opts.onExit?.();
      timer = setTimeout(run, RESTART_MS);
      timer.unref();
    });
  };
  run();
  // Ready once its API port answers (it listens after loading the plugin).
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (Date.now() > deadline) {
      stopping = true;
      (child as ChildProcess | null)?.stdin?.end();
      log.error(`janus: its API did not answer within 15 s (log: ${logFile})`);
      return null;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `ws://127.0.0.1:${port}`,
    pid: () => {
      // The shell's child: Janus itself.
      const shell = child?.pid;
      if (!shell) return null;
      try {
        const kids = fs.readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/).map(Number);
        for (const k of kids) if (fs.readFileSync(`/proc/${k}/cmdline`, 'utf8').startsWith(bin)) return k;
      } catch {
        // gone meanwhile
      }
      return null;
    },
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      const c = child;
      if (!c) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.stdin?.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    },
  };
}
