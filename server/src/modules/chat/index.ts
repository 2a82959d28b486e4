import fs from 'node:fs';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { chatApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { forbidden, unauthorized } from '../../http/reply.js';
import type { Module } from '../index.js';
import type { Services } from '../../services.js';
import { chatSettings } from './settings.js';
import { ChatHub } from './hub.js';
import { messageHandlers } from './messages.js';
import { groupHandlers } from './groups.js';
import { relationHandlers } from './relations.js';
import { CHAT_FILES_PREFIX, chatFilesDir, storeChatFile } from './files.js';
import { selfUserSig, tencentUserSig, verifySelfUserSig, verifyTencentUserSig } from './usersig.js';

/** The hub of each running server (tests and the bench look at socket counts and writer stats). */
export const chatHubs = new WeakMap<Services, ChatHub>();

function sigUser(s: Services, userId: unknown, sig: unknown): string | null {
  if (typeof userId !== 'string' || typeof sig !== 'string') return null;
  const check = verifySelfUserSig(s.secret, sig);
  if (check.ok) return check.userId === userId ? userId : null;
  if (!s.config.tencent) return null;
  const t = verifyTencentUserSig(s.config.tencent.sdkAppId, s.config.tencent.secret, sig);
  return t.ok && t.userId === userId ? userId : null;
}

const chat: Module = {
  name: 'chat',
  async register(app, s) {
    const settings = chatSettings();
    const hub = new ChatHub(s, settings);
    chatHubs.set(s, hub);
    messageHandlers(hub);
    groupHandlers(hub);
    relationHandlers(hub);
    hub.on('ping', async () => ({ serverTime: Date.now() / 1000 }));
    hub.on('logout', async (conn) => {
      await hub.logout(conn);
      return {};
    });
    await hub.start();
    s.onClose(() => hub.stop());

    app.get('/api/chat/ws', { websocket: true, schema: { hide: true } }, (socket) => hub.attach(socket));

    handle(app, s, chatApi.userSig, async ({ user }) => {
      // Spec section 6: HR needs an approved enterprise to use instant messaging.
      if (user.role === 'hr' && (await s.companyStateOfHr(user.id)) !== 1) throw forbidden('单位信息未审核或审核不通过,请修改单位信息!');
      const t = s.config.tencent;
      if (t) return { userId: user.id, userSig: tencentUserSig(t.sdkAppId, t.secret, user.id, settings.userSigTtl), appID: t.sdkAppId };
      return { userId: user.id, userSig: selfUserSig(s.secret, user.id, settings.userSigTtl), appID: 0 };
    });

    await app.register(async (scope) => {
      // The upload body is the file itself, streamed to disk rather than buffered.
      scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      handle(scope, s, chatApi.upload, async ({ query, req }) => {
        const owner = sigUser(s, req.headers['x-chat-user'], req.headers['x-chat-sig']);
        if (!owner) throw unauthorized('userSig 无效，请重新登录');
        const body = (req.body ?? req.raw) as Readable;
        return storeChatFile(s, { ownerId: owner, kind: query.kind, name: query.name, body });
      });
      fs.mkdirSync(chatFilesDir(s), { recursive: true });
      await scope.register(fastifyStatic, { root: chatFilesDir(s), prefix: CHAT_FILES_PREFIX, decorateReply: false, index: false, maxAge: '30d', immutable: true });
    });
  },
};
export default chat;
