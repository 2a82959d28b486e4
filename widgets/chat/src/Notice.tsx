import { useState } from 'react';
import type { Chat as ChatSDK, Message } from '@zp/chat-sdk/provider';
import { noticeText, type NoticePayload } from './logic.js';
import { useNames } from './names.js';

/** A group system notice; an application to join offers 同意 / 拒绝 with a note. */
export function Notice({ chat, m, onHandle }: { chat: ChatSDK; m: Message; onHandle: (m: Message, action: 'Agree' | 'Reject', note: string) => void }) {
  const [note, setNote] = useState('');
  const p = m.payload as NoticePayload;
  const name = useNames(chat, [p.operatorID ?? '']);
  return (
    <div className="notice" data-message={m.ID}>
      <div>{noticeText({ ...p, operatorID: p.operatorID && name(p.operatorID) })}</div>
      {p.operationType === 1 && (
        <div className="quick">
          <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="附言（选填）" aria-label="处理附言" />
          <button type="button" className="primary" onClick={() => onHandle(m, 'Agree', note)}>同意</button>
          <button type="button" onClick={() => onHandle(m, 'Reject', note)}>拒绝</button>
        </div>
      )}
    </div>
  );
}
