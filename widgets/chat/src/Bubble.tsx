import type { ReactNode } from 'react';
import { TYPES, type Chat as ChatSDK, type Message } from '@zp/chat-sdk/provider';
import { message as toast } from '@zp/ui';
import { MSG, canRevoke, expiredLink, formatSize, groupReceiptText, mapLink, messageAbstract, messageTime, replyOf, revokedText, type MessageReply } from './logic.js';
import type { Receipt } from './useConversation.js';
import { EmojiText } from './EmojiText.js';
import { parseCallSignal } from './call/protocol.js';
import { Tip } from './Tip.js';
import { Notice } from './Notice.js';
import { CustomBody } from './CustomBody.js';
import { VideoBody } from './VideoBody.js';

/** What the bubbles of one conversation share: who reads them, where their links go, the server's time. */
export type BubbleSetting = { chat: ChatSDK; me: string; mapUrl: string; siteOrigin: string; conversationType: string; now: number };

/** What a bubble asks its conversation to do. */
export type BubbleActions = {
  revoke: (m: Message) => void;
  resend: (m: Message) => void;
  reEdit: (m: Message) => void;
  preview: (url: string) => void;
  /** a file link did not load (or was clicked) and may have expired */
  linkError: (m: Message, url: string) => void;
  handle: (m: Message, action: 'Agree' | 'Reject', note: string) => void;
  /** 回复: quote this message in the next one */
  reply: (m: Message) => void;
  /** a quote was clicked: show its original (loading history as needed) */
  jump: (messageID: string) => void;
  /** the message of this ID when it is in the list (a quote shows it as it really is, or 原消息已撤回) */
  original: (messageID: string) => Message | undefined;
  /** a group message's read receipt, when it has one */
  receipt: (messageID: string) => Receipt | undefined;
  /** N人已读 was clicked: who read it and who not */
  readers: (m: Message) => void;
};

/**
 * The payload fields a bubble reads (Tencent types a payload as any): each is there for its own
 * message type (text for a text, fileUrl for a file…), as the switch below reads them.
 */
export type BubblePayload = {
  text: string;
  /** a face's code, a custom message's data */
  data?: string;
  description?: string;
  extension?: string;
  imageInfoArray?: { url: string }[];
  fileUrl: string;
  fileName: string;
  fileSize?: number;
  videoUrl: string;
  latitude: number;
  longitude: number;
};

/**
 * One message of the list: its sender, time and body (text with emoji, image, file, video, map
 * link, a call's or hall's record) under the message it quotes, sending or failed ("!" resends,
 * `failure` says why), 回复, 撤回 within 120 s; revoked, a line (重新编辑 for my text); a group's
 * tip or system notice.
 */
export function Bubble({ m, failure, setting, on }: { m: Message; failure?: string; setting: BubbleSetting; on: BubbleActions }) {
  const { chat, me, mapUrl, siteOrigin, conversationType, now } = setting;
  const onLinkError = (url: string) => on.linkError(m, url);
  const flow = m.from === me ? 'out' : m.flow;
  if (m.isRevoked) {
    // Own text can be re-edited within the same 120 s window as the revoke.
    const reEdit = flow === 'out' && m.type === TYPES.MSG_TEXT && canRevoke('out', false, 'success', m.time, now);
    return (
      <div className="tip">
        {revokedText({ flow, conversationType, fromName: m.nameCard || m.nick || m.from })}
        {reEdit && <button type="button" className="reedit" onClick={() => on.reEdit(m)}>重新编辑</button>}
      </div>
    );
  }
  if (m.type === TYPES.MSG_GRP_TIP) return <Tip chat={chat} m={m} />;
  if (m.type === TYPES.MSG_GRP_SYS_NOTICE) return <Notice chat={chat} m={m} onHandle={on.handle} />;
  const p = m.payload as BubblePayload;
  // A call's record (read once: it is shown in words and cannot be revoked).
  const signal = m.type === TYPES.MSG_CUSTOM ? parseCallSignal(p.data) : null;
  let body: ReactNode;
  switch (m.type) {
    case TYPES.MSG_TEXT:
      body = <EmojiText text={p.text} />;
      break;
    case TYPES.MSG_FACE:
      // A face message carries its code in data (spec section 3); one the widget cannot show is unsupported.
      body = typeof p.data === 'string' && p.data.startsWith('[') ? <EmojiText text={p.data} /> : <span className="text">{MSG.unsupported}</span>;
      break;
    case TYPES.MSG_IMAGE: {
      const url = p.imageInfoArray?.[0]?.url;
      body = url ? (
        <button type="button" className="image-open" aria-label="查看大图" onClick={() => on.preview(url)}>
          <img src={url} alt="图片" onError={() => onLinkError(url)} />
        </button>
      ) : <span>图片</span>;
      break;
    }
    case TYPES.MSG_FILE:
      body = (
        <a className="file" href={p.fileUrl} target="_blank" rel="noreferrer" download={p.fileName}
          onClick={(e) => {
            if (!expiredLink(p.fileUrl, now)) return;
            e.preventDefault();
            onLinkError(p.fileUrl);
            toast.info('文件链接已更新，请再次点击下载');
          }}>
          <span className="ficon" aria-hidden="true">FILE</span>{p.fileName} <small>{formatSize(p.fileSize ?? 0)}</small>
        </a>
      );
      break;
    case TYPES.MSG_VIDEO:
      body = <VideoBody key={p.videoUrl} url={p.videoUrl} onLinkError={onLinkError} />;
      break;
    case TYPES.MSG_LOCATION:
      body = (
        <a className="file" href={mapLink(mapUrl, p)} target="_blank" rel="noreferrer">
          <span className="ficon" aria-hidden="true">MAP</span>{p.description || `${p.latitude}, ${p.longitude}`}
        </a>
      );
      break;
    case TYPES.MSG_CUSTOM:
      body = <CustomBody p={p} signal={signal} mine={flow === 'out'} siteOrigin={siteOrigin} />;
      break;
    default:
      body = <span className="text">{MSG.unsupported}</span>;
  }
  const progress = (m as { progress?: number }).progress;
  // A quote-reply shows its original above it; a click goes there.
  const quote = replyOf(m.cloudCustomData);
  const groupReceipt = conversationType === TYPES.CONV_GROUP ? on.receipt(m.ID) : undefined;
  return (
    <div className={`row ${flow}`} data-message={m.ID}>
      <div className="who"><span className="sender">{flow === 'out' ? '我' : m.nameCard || m.nick || m.from}</span> <time>{messageTime(m.time)}</time></div>
      <div className="bubble-line">
        {m.status === 'fail' && (
          <button type="button" className="fail" title={`${failure || '发送失败'}，点击重发`} aria-label="重发" onClick={() => on.resend(m)}>!</button>
        )}
        {m.status === 'unSend' && <span className="sending" role="img" aria-label="发送中" />}
        <div className="bubble">
          {quote && (
            <button type="button" className="quote" data-quote={quote.messageID} onClick={() => on.jump(quote.messageID)}>
              {quoteText(quote, on.original(quote.messageID))}
            </button>
          )}
          {body}
          {m.status === 'unSend' && typeof progress === 'number' && m.type !== TYPES.MSG_TEXT && (
            <progress max={1} value={progress} />
          )}
        </div>
      </div>
      {m.status === 'success' && !signal && (
        <div className="acts">
          {/* 1:1 read receipts: whether the other person has read my message (call signals are records, not messages). */}
          {flow === 'out' && conversationType === TYPES.CONV_C2C && (
            <span className={`receipt${m.isPeerRead ? ' read' : ''}`} data-receipt>{m.isPeerRead ? '已读' : '未读'}</span>
          )}
          {flow === 'out' && groupReceipt && (
            <button type="button" className={`receipt${groupReceipt.unreadCount === 0 ? ' read' : ''}`} data-receipt onClick={() => on.readers(m)}>
              {groupReceiptText(groupReceipt)}
            </button>
          )}
          <button type="button" className="reply" onClick={() => on.reply(m)}>回复</button>
          {canRevoke(flow, m.isRevoked, m.status, m.time, now) && (
            <button type="button" className="revoke" onClick={() => on.revoke(m)}>撤回</button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * A quote's line. Its words come from the replying side's data: once the original is in the list,
 * the line is the original's own sender and content (or 原消息已撤回), so that nobody can quote
 * another with words they never wrote.
 */
function quoteText(quote: MessageReply, original: Message | undefined): string {
  if (!original) return `${quote.messageSender}：${quote.messageAbstract}`;
  if (original.isRevoked) return '原消息已撤回';
  return `${original.nameCard || original.nick || original.from}：${messageAbstract(original)}`;
}
