/**
 * @zp/chat-sdk/light against the real server: the launcher's light connection counts unread
 * messages as the SDK would, says when a message needs the full chat (a call signal), and the SDK
 * takes it over (ChatSDK.adopt) with every message that came meanwhile, on the same instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import ZpChat, { EVENT, TYPES } from '@zp/chat-sdk';
import { LightChat } from '@zp/chat-sdk/light';
import { rows, sql } from '../../db/index.js';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { chatUsers, sdkClient, type ChatUser, type SdkClient } from '../../../test/chat.js';

let srv: TestServer;
let users: ChatUser[];
const clients: SdkClient[] = [];

beforeAll(async () => {
  srv = await startServer();
  users = await chatUsers(srv, 4);
}, 180_000);
afterAll(async () => {
  for (const c of clients) await c.chat.logout().catch(() => undefined);
  await srv?.close();
});

function light(u: ChatUser) {
  const counts: number[] = [];
  let needs = 0;
  const l = new LightChat({
    url: `${srv.url.replace(/^http/, 'ws')}/api/chat/ws`,
    userID: u.userId,
    userSig: u.userSig,
    refresh: async () => u.userSig,
    WebSocket: WebSocket as never,
    onCount: (n) => counts.push(n),
    onNeedsChat: () => needs++,
  });
  return { l, counts, needs: () => needs };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
};

describe('the light connection', () => {
  it('counts what arrives before the panel opens; the SDK takes it over with those messages, on the same instance', async () => {
    const [a, b] = users;
    const sender = await sdkClient(srv.url, a);
    clients.push(sender);
    const send = (text: string) => sender.chat.sendMessage(sender.chat.createTextMessage({ to: b.userId, conversationType: TYPES.CONV_C2C, payload: { text } }));

    await send('先发的一条');
    const watch = light(b);
    await watch.l.ready;
    // The list's own count first, then each message as it arrives.
    await until(() => watch.counts.at(-1) === 1);
    const second = await send('页面打开后的一条');
    await until(() => watch.counts.at(-1) === 2);
    expect(watch.needs()).toBe(0);
    // A custom message (a call signal is one) asks for the full chat.
    const custom = await sender.chat.sendMessage(
      sender.chat.createCustomMessage({ to: b.userId, conversationType: TYPES.CONV_C2C, payload: { data: '{"action":0}', description: '', extension: '' } }),
    );
    await until(() => watch.counts.at(-1) === 3);
    expect(watch.needs()).toBe(1);

    const panel = await sdkClient(srv.url, b, { login: false });
    clients.push(panel);
    const handover = await watch.l.handOver();
    expect(handover).not.toBeNull();
    await panel.chat.adopt(handover!);
    expect(panel.chat.isReady()).toBe(true);
    expect(panel.chat.getLoginUser()).toBe(b.userId);
    expect(panel.chat.getTotalUnreadMessageCount()).toBe(3);
    // What came after the list was read arrives as received, as if the SDK had been there.
    await until(() => [second.data.message.ID, custom.data.message.ID].every((id) => panel.received.some((m) => m.ID === id)));
    expect(panel.received.some((m) => m.payload?.text === '先发的一条')).toBe(false);
    // Taken once.
    expect(await watch.l.handOver()).toBeNull();

    // Live on the same connection: the next message, and a read that clears the count.
    const third = await send('接手之后的一条');
    await until(() => panel.received.some((m) => m.ID === third.data.message.ID));
    expect(panel.chat.getTotalUnreadMessageCount()).toBe(4);
    await panel.chat.setMessageRead({ conversationID: `C2C${a.userId}` });
    expect(panel.chat.getTotalUnreadMessageCount()).toBe(0);
    const instances = await rows<{ instance_id: string }>(srv.app.services.db, sql`select instance_id from chat_instances where user_id = ${b.userId}`);
    expect(instances.map((r) => r.instance_id)).toEqual([watch.l.instance]);
  });

  it('a read on another instance clears the count; stop logs the instance out', async () => {
    const [a, , c] = users;
    const sender = await sdkClient(srv.url, a);
    clients.push(sender);
    const other = await sdkClient(srv.url, c);
    clients.push(other);
    const watch = light(c);
    await watch.l.ready;
    await sender.chat.sendMessage(sender.chat.createTextMessage({ to: c.userId, conversationType: TYPES.CONV_C2C, payload: { text: '您好' } }));
    await until(() => watch.counts.at(-1) === 1);
    await other.chat.setMessageRead({ conversationID: `C2C${a.userId}` });
    await until(() => watch.counts.at(-1) === 0);
    watch.l.stop();
    const mine = async () => (await rows(srv.app.services.db, sql`select 1 from chat_instances where instance_id = ${watch.l.instance}`)).length;
    for (let i = 0; i < 100 && (await mine()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await mine()).toBe(0);
  });

  it('gives a call signal taken over before anyone listened to the listener that subscribes soon after', async () => {
    const [a, , , d] = users;
    const sender = await sdkClient(srv.url, a);
    clients.push(sender);
    const watch = light(d);
    await watch.l.ready;
    const text = await sender.chat.sendMessage(sender.chat.createTextMessage({ to: d.userId, conversationType: TYPES.CONV_C2C, payload: { text: '在吗' } }));
    const invite = await sender.chat.sendMessage(
      sender.chat.createCustomMessage({ to: d.userId, conversationType: TYPES.CONV_C2C, payload: { data: '{"action":0}', description: '', extension: '' } }),
    );
    await until(() => watch.needs() === 1);
    // The panel's SDK takes the connection over while its listeners are still being set up.
    const chat = ZpChat.create({ SDKAppID: 0, proxyServer: `${srv.url.replace(/^http/, 'ws')}/api/chat/ws`, WebSocket: WebSocket as never });
    // Listeners come once the SDK has taken in what the light connection had heard (the list
    // shows the invitation last), however long the server takes to answer on a loaded machine.
    let settled = false;
    chat.on(EVENT.CONVERSATION_LIST_UPDATED, (e: { data: { conversationID: string; lastMessage?: { ID?: string } }[] }) => {
      settled ||= e.data.some((c) => c.conversationID === `C2C${a.userId}` && c.lastMessage?.ID === invite.data.message.ID);
    });
    await chat.adopt((await watch.l.handOver())!);
    await until(() => settled);
    const late: { ID: string }[] = [];
    chat.on(EVENT.MESSAGE_RECEIVED, (e: { data: { ID: string }[] }) => late.push(...e.data));
    // The call still rings; the text is not replayed (an opened conversation reads it from its history).
    await until(() => late.some((m) => m.ID === invite.data.message.ID));
    expect(late.map((m) => m.ID)).not.toContain(text.data.message.ID);
    await chat.logout();
  });
});
