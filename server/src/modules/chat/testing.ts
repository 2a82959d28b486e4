/**
 * Test arrangement for chat suites: accounts made straight in the database (their password is
 * never used), a real session each, and the userSig fetched through the real route.
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';
import { one, sql } from '../../db/index.js';
import type { TestServer } from '../../../test/helpers.js';

export interface ChatUser {
  userId: string;
  token: string;
  userSig: string;
  name: string;
}

let seq = 0;
export async function chatUsers(srv: TestServer, n: number, prefix = '用户'): Promise<ChatUser[]> {
  const out: ChatUser[] = [];
  for (let i = 0; i < n; i++) {
    const phone = `17${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(3, '0')}${crypto.randomInt(100, 999)}`.slice(0, 11);
    const name = `${prefix}${seq}`;
    const u = await one<{ id: string }>(
      srv.app.services.db,
      sql`insert into users (role, phone, password_hash, name) values ('qz', ${phone}, 'unused', ${name}) returning id::text as id`,
    );
    const { token } = await srv.app.services.sessions.create(u!.id);
    const r = await srv.call('/api/sec/trtc/userSig', { token });
    if (r.body.code !== 0) throw new Error(`userSig: ${JSON.stringify(r.body)}`);
    out.push({ userId: u!.id, token, userSig: r.body.userSig, name });
  }
  return out;
}

/** A bare protocol client, for what the SDK would never send. */
export class RawClient {
  ws: WebSocket;
  pushes: any[] = [];
  private id = 0;
  private waiting = new Map<number, (r: any) => void>();
  private opened: Promise<void>;

  constructor(url: string) {
    this.ws = new WebSocket(url.replace(/^http/, 'ws') + '/api/chat/ws');
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      if (f.ev) this.pushes.push(f);
      else if (typeof f.id === 'number') this.waiting.get(f.id)?.(f);
    });
  }

  async call(op: string, p: unknown = {}): Promise<{ code: number; message?: string; data?: any }> {
    await this.opened;
    const id = ++this.id;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ id, op, p }));
    });
  }

  async sendRaw(text: string) {
    await this.opened;
    this.ws.send(text);
  }

  closed(): Promise<number> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) resolve(-1);
      else this.ws.once('close', (code) => resolve(code));
    });
  }

  close() {
    this.ws.close();
  }
}
