import type { Readable } from 'node:stream';
import { chatApi, type ChatOpParams } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { forbidden, unauthorized } from '../../http/reply.js';
import type { Module } from '../order.js';
import type { Services } from '../../services.js';
import { chatSettings } from './settings.js';
import { ChatHub } from './hub.js';
import { messageHandlers } from './messages.js';
import { groupHandlers } from './groups.js';
import { relationHandlers } from './relations.js';
import { receiptHandlers } from './receipts.js';
import { storeChatFile } from './files.js';
import { selfUserSig, tencentUserSig } from './usersig.js';
import { refuse } from './common.js';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';

/** The hub of each running server (tests and the bench look at socket counts and writer stats). */
export const chatHubs = new WeakMap<Services, ChatHub>();

/** Tencent's userSigs stay long: Tencent's SDK has no renewal, and Tencent checks them, not us. */
const TENCENT_SIG_TTL = 7 * 86400;

/** The uploader: the userSig must pass as it would on the socket (not revoked, HR approved). */
async function sigUser(hub: ChatHub, userId: unknown, sig: unknown, partner: string | null): Promise<string | null> {
  if (typeof userId !== 'string' || typeof sig !== 'string') return null;
  return (await hub.credentials(userId, sig, partner)).ok ? userId : null;
}

const chat: Module = {
  name: 'chat',
  dependencies: ['auth', 'companies', 'files'],
  async register(app, s) {
    const settings = chatSettings();
    const hub = new ChatHub(s, settings);
    chatHubs.set(s, hub);
    messageHandlers(hub);
    groupHandlers(hub);
    relationHandlers(hub);
    receiptHandlers(hub);
    hub.on('ping', async () => ({ serverTime: Date.now() / 1000 }));
    // `auth` on a logged-in socket renews its userSig before it expires (the SDK fetches a fresh one).
    hub.on('auth', async (conn, p: ChatOpParams<'auth'>) => {
      if (p.userID !== conn.userId) throw refuse('sigInvalid', 'userSig 无效，请重新登录');
      const c = await hub.credentials(p.userID, p.userSig, conn.origin);
      if (!c.ok) throw c.error;
      conn.sigExpiresAt = c.expiresAt;
      return { userID: conn.userId, serverTime: Date.now() / 1000, sigExpiresAt: c.expiresAt };
    });
    // Logout, password change or reset: the user's userSigs end with their sessions.
    s.sessions.onRevoked(({ userId }) => hub.revokeUser(userId));
    hub.on('logout', async (conn) => {
      await hub.logout(conn);
      return {};
    });
    await hub.start();
    s.onClose(() => hub.stop());

    app.get('/api/chat/ws', { websocket: true, schema: { hide: true } }, (socket, req) => hub.attach(socket, s.origins.partnerOf(req)));

    handle(app, s, chatApi.userSig, async ({ user }) => {
      // Spec section 6: HR needs an approved enterprise to use instant messaging.
      if (user.role === 'hr' && (await s.companyStateOfHr(user.id)) !== 1) throw forbidden(COMPANY_NOT_APPROVED);
      const t = s.config.tencent;
      if (t) return { userId: user.id, userSig: tencentUserSig(t.sdkAppId, t.secret, user.id, TENCENT_SIG_TTL), appID: t.sdkAppId };
      return { userId: user.id, userSig: selfUserSig(s.secret, user.id, settings.userSigTtl, undefined, user.origin), appID: 0 };
    });

    await app.register(async (scope) => {
      // The upload body is the file itself, streamed to disk rather than buffered; the files
      // module keeps it (chat/files.ts) and serves it under /api/files/ to the conversation's members.
      scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      handle(scope, s, chatApi.upload, async ({ query, req }) => {
        const owner = await sigUser(hub, req.headers['x-chat-user'], req.headers['x-chat-sig'], s.origins.partnerOf(req));
        if (!owner) throw unauthorized('userSig 无效，请重新登录');
        const body = (req.body ?? req.raw) as Readable;
        return storeChatFile(s, { ownerId: owner, kind: query.kind, name: query.name, body });
      });
    });
  },
};
export default chat;
